"""Codes given by the place or the role they belong to, without a secret noun.

People name what a code opens and leave out the word "code": "the shed: 2580", "salle de soins
4 8 2 6", "Le local à ballons c'est 1-9-9-8", a place with a remark in brackets ("Tool shed (the
green one by plot 22): 0-3-7-7"), said with a hesitation ("the padlock on the roof garden is,
um, zero four five five", "la petite boîte noire sous la camionnette, c'est trois, un, un,
six"), typed, tried or turned to ("Chambre froide : on tape 1208", "shed: try 1 9 8 4",
"padlock turns to six-oh-two"), a heading "Club house voile" over "5 8 1 3", "c'est 1-9-9-8",
"3 - 9 - 1 - 5", "→ 7 3 8 8" or one key a line ("Door⏎-----⏎ 4⏎ 8⏎ 1⏎ 5", "Digicode⏎
B⏎ 7⏎ 4⏎ 2⏎ 9"; not bulleted nor under "Lockers"), "turn the knob to 3,1,4"; a run before what
it opens ("its 2 then 6 then 0 then 5 for the back door"; not after "Order", "Scores",
"bought"); a dial "12 à gauche / 48 à droite / 07 à gauche", turn by turn with how far round
("right to 40, left past 40 to 12, right to 27", "D 3 tours jusqu'à 42"), its numbers with the
turns listed apart ("33 - 08 - 71 (gauche, droite, gauche)"; a drill's "1-2-3 left right left"
counts up and is none, "right 10, left 10, right 10" repeats one number) or with one turn and
its rounds ("09 – 52 – 31, gauche deux tours d'abord"; not a date's "09 - 05 - 24"); a lock's
wheels set to a number ("447 sur la petite molette"; an oven's round 180 on the dial, a radio's
or a tyre's number is none); or they name the code by whose it is: "code commerçant 0712",
"supervisor code 80426", "code d'interrogation à distance 7720", "code client confidentiel =
902815". A year is a code only
when a hint says it was chosen ("c'est l'année de fondation de la chorale, 1978", "1953 (year
the choir was founded, easy)", "Staff toilet is 2014⏎same as the year we opened"). Toilets,
showers, entrances and cages lock too ("Caravan site toilet block: C1954X", "side entrance
after 7pm is 8812#", "porte d'entrée 60 31", "Tool cage at the depot: 71-03-28"); an
override's or a telephone bank's security number needs no role ("night auditor override →
66014", "security number 902815"). A role's own number or access is its code ("supervisor
number: 07410", "carer access 1 1 5 3", "user level 2 access, it's 2424", "le numéro du gérant
→ 3 7 7 3", "accès gardien 7 7 1 0"; a staff or an employee number names no role, a phone
number goes on after its first group). A year is also a code when it lets one in ("Box by the
garage is 1914, let yourself in").

What keeps the look-alikes out, by shape: a room, a channel, a floor or a bus has a short number
or a number after "n°"; a quantity, a price or an address has a word or a unit after its number;
a phone number has pairs of digits; a date has a year; a bank's "code banque" names no place and
no role; a direction ("2e à gauche") is an ordinal; a time or a size has one letter between
its numbers ("23h12", "12x30"), a date's pairs a day and a month ("12-03-24"); a social
security number is an identity. Places a number often follows ("salle",
"room", "bureau") give only a run of single digits or digits spelt out, never a bare number.
A lock's code said as the one it usually is may come far along its line ("Defib cabinet outside:
if 999 give you a number, it's usually 2 2 4 7 C"), in a keypad's shape only.
"""

import re
from bisect import bisect_left
from collections.abc import Iterator
from itertools import pairwise

from memoire.core.secrets.lookalikes import (
    NUMBER_NOUNS,
    is_a_things_number,
    is_enumerated,
    is_explained_as_a_number,
    is_listed_under_its_numbers_name,
    is_model_number,
)
from memoire.core.secrets.text import (
    character_classes,
    end_of_line,
    line_start_within,
    positions,
    start_of_line,
    starts_of_any,
)

RULE = "place-code"

# Things and places that lock, EN and FR: a bare number after them, with a colon or alone, is
# their code.
LOCKING = (
    r"sheds?|hangars?|cupboards?|armoires?|placards?|local|cellars?|caves?|garages?|box"
    r"|padlocks?|cadenas|safes?|coffres?(?:[ -]forts?)?|coffrets?|lockers?|casiers?|vestiaires?"
    r"|changing[ ]rooms?|locker[ ]rooms?|bikes?|vélos?|antivols?|gates?|portails?|portillons?"
    r"|doors?|portes?|storage(?:[ ]units?)?|stockage|abris?|cabanons?|remises?|greniers?"
    r"|attics?|lofts?|boathouses?|club[ -]?house|huts?|cabanes?|workshops?|ateliers?"
    r"|réserves?|store[ ]?rooms?|stock[ ]?rooms?|débarras|buanderies?|laveries?|laundry"
    r"|chaufferies?|boiler[ ]rooms?|bin[ ]stores?|bike[ ]stores?|tiroirs?|drawers?"
    r"|(?:freezer|cool|cold)[ ]rooms?|chambres?[ ]froides?|shutters?|locks?|lock[ -]?box"
    r"|key[ -]?safes?|mailbox"
    r"|bo[îi]tes?[ ]à[ ]clés?|bo[îi]tes?[ ]aux[ ]lettres|sacristie|vestry|yard|pontoons?|pontons?"
    r"|jett(?:y|ies)|toilets?|toilettes?|wc|sanitaires|toilet[ ]blocks?|shower[ ]blocks?|douches"
    r"|showers|entrances?|entr[ée]es?|cages?|cabinets?|rideaux?[ ]m[ée]talliques?"
    r"|(?:roller|rolling|security|shop)[ ]shutters?|bo[îi]tes?|containers?|conteneurs?"
    r"|trolleys?|chariots?|immobili[sz]ers?|anti-?d[ée]marrages?"
    r"|volets?[ ]roulants?|bo[îi]tiers?|keypads?|panels?"
    r"|cash[ ]?box(?:es)?|cash[ ]tins?"  # a float's tin: "Cashbox: 1954", "cash tin: 4471"
)
# Places a number follows as their own number ("salle 204", "room 12"): only a run of single
# digits or digits spelt out is a code after them.
ROOMS = (
    r"salles?|rooms?|studios?|bureaux?|offices?|halls?|cuisines?|kitchens?|pi[èe]ces?|cabines?"
    r"|booths?"
)
# A till ("caisse") is also a checkout, a fund or a crate, with its number, its takings or its
# total ("Fond de caisse : 1500", "Caisse primaire : 7510"): only a run after it is its code
# ("CAISSE = 5 5 0 8").
_TILLS = r"caisses?"
# Every noun above holds one of these (lowered): a note without any costs a few lookups.
PLACE_STEMS = (
    *("shed", "hangar", "cupboard", "armoire", "placard", "local", "cellar", "cave", "garage"),
    *("box", "padlock", "cadenas", "safe", "coffre", "locker", "casier", "vestiaire", "room"),
    *("bike", "vélo", "antivol", "gate", "portail", "portillon", "door", "porte", "storage"),
    *("stockage", "abri", "cabanon", "remise", "grenier", "attic", "loft", "house", "hut"),
    *("cabane", "workshop", "atelier", "réserve", "store", "débarras", "buanderie", "laverie"),
    *("laundry", "chaufferie", "tiroir", "drawer", "chambre", "lock", "boîte", "boite"),
    *("sacristie", "vestry", "yard", "salle", "studio", "bureau", "office", "hall", "cuisine"),
    *("kitchen", "pièce", "piece", "ponton", "pontoon", "jett", "toilet", "wc", "sanitaire"),
    *("shower", "douche", "entrance", "entrée", "entree", "cage", "cabinet", "rideau", "shutter"),
    *("volet", "boîtier", "boitier", "keypad", "container", "conteneur", "trolley", "chariot"),
    *("immobili", "démarrage", "demarrage", "panel", "cash", "caisse", "cabine", "booth"),
)
# A digit said, EN and FR (the other rules reading spelt digits share this alternation); "niner"
# as a radio says it.
DIGIT_WORDS = (
    r"z[ée]ro|oh|one|two|three|four|five|six|seven|eight|niner|nine|un|deux|trois|quatre|cinq"
    r"|sept|huit|neuf"
)
TENS = (
    r"ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty"
    r"|thirty|forty|fifty|sixty|seventy|eighty|ninety|dix|onze|douze|treize|quatorze|quinze"
    r"|seize|vingt|trente|quarante|cinquante|soixante"
)
# A number said whole joins its hundreds and thousands: "neuf cent quatre-vingt-dix-sept".
_NUMBER_WORD = (
    rf"(?:(?:{TENS})(?:[ -](?:et[ -])?(?:{DIGIT_WORDS}|{TENS}))*|{DIGIT_WORDS}"
    r"|cents?|mille|hundred|thousand)"
)
_RUN_JOINER = (
    r"(?:[ ]?[-–·][ ]?|[ ]|\.|,[ ]?|[ ](?:then|puis|et|and)[ ]|,[ ](?:then|puis|et|and)[ ])"
)
# Spelt digits may be joined by dashes too: "six-oh-two", "eight-six, eight-six, star".
_SPELT_JOINER = r"(?:[ ]|-|,[ ]?|[ ](?:then|puis|et|and)[ ]|,[ ](?:then|puis|et|and)[ ])"
# A code typed or said one digit at a time, maybe a key or a letter after it: "4 8 2 6",
# "1-9-9-8-✱", "3.9.6.1", "A, 3, 3, 8",
# "2 then 6 then 0 then 5", "cinq deux neuf zéro", "sixty then twenty then eighty five"; a
# keypad's letter, then two numbers said whole: "B quatre-vingt-dix-sept quarante" (not "a"
# nor "y", which are words).
_RUN = (
    rf"(?P<run>(?:[a-z]{_RUN_JOINER})?[0-9](?:{_RUN_JOINER}[0-9]){{2,9}}(?:-?[a-z#*✱])?(?![0-9])"
    rf"|(?:{_NUMBER_WORD})(?:{_SPELT_JOINER}(?:{_NUMBER_WORD})){{2,9}}"
    rf"|[b-xz][ ,]+(?:{_NUMBER_WORD})(?:{_SPELT_JOINER}(?:{_NUMBER_WORD})){{1,9}})(?![\w-])"
)
# A number of four to eight digits, a letter or two at most, a keypad's key after it.
# Letters between digits, three letters at most: "C4X9", "5A72"; not a time nor a size ("23h12",
# "12x30").
MIXED_CODE = (
    r"(?![0-9]+[hx][0-9]+(?![a-z0-9]))(?=[a-z0-9]*[0-9][a-z]{1,2}[0-9])"
    r"(?=(?:[0-9]*[a-z]){1,3}[0-9]*(?![a-z]))[a-z0-9]{4,6}"
)
# Or letters between its digits ("C4X9", "5A72"), a key between them ("41#07"), two pairs
# ("60 31", which must end the line) or a dial's pairs ("71-03-28").
_NUMBER = (
    r"(?P<number>(?<![\w.,/°#-])(?:[a-z]?[0-9]{4,8}[a-z]?[#*]?"
    rf"|{MIXED_CODE}"
    r"|[0-9]{2,4}[#*][0-9]{2,4}|(?P<pairs>[0-9]{2}[ ][0-9]{2})(?![ ]?[0-9])"
    r"|(?P<dial>[0-9]{2}(?:[ ]?[-–/][ ]?[0-9]{2}){2,3})))(?![\w°]|[.,:/h-][0-9])"
)
_VALUE = rf"(?:{_RUN}|{_NUMBER})"
# When a place's code holds: "side entrance after 7pm is 8812#".
_TIME_PHRASE = (
    r"(?:after|before|après|avant|from|dès|until|jusqu['’]à)[ ][0-9]{1,2}(?:[:h.][0-9]{2})?"
    r"(?:[ ]?(?:am|pm|h))?(?![\w]|:[0-9])"
)
# A remark in brackets after a place names it: "Tool shed (the green one by plot 22): 0-3-7-7";
# so does a ward's, a plot's or a block's number ("the drugs cupboard on ward 7 is 4 1 1 8").
_REMARK = r"\([^()\n:]{1,40}\)"
# Between a place and its code: a few words that name it, then a colon, a dash, "c'est", "is",
# or a verb that sets it ("on l'a mis sur", "I put in", "tourner la molette sur").
_NAMING = (
    rf"(?:,?[ \t]+(?:{_TIME_PHRASE}|{_REMARK}|[^\s\d:=;!?.,—–(]{{1,24}}|n°[ ]?\w{{1,5}}"
    r"|(?<=[ \t])(?:ward|plot|block|bay|bloc|bâtiment|pavillon)[ ][0-9]{1,3}[a-z]?(?![\w-])))"
)
_SAID = r"(?:c['’]est|it['’]?s|is|are|est|sont|was|était|=|->|→)"
_SET = (
    r"(?:(?:i|we|on)[ ](?:put[ ]in|set[ ]it[ ]to|l['’]a[ ]mis[ ]sur)|j['’]ai[ ]mis|mis[ ]sur"
    r"|set[ ]to|r[ée]gl[ée][ ]sur|(?:turns?|tourner)[ ](?:(?:the|la|le)[ ]\w+[ ])?(?:to|sur|à)"
    r"|(?:(?:on|you|tu|vous)[ ])?(?:tapes?|tapez|type|punch[ ]in|key[ ]in|enter|fai[st]|faites"
    r"|try|essaie|essayez))"
)
_LINK = (
    # French spacing before a colon: "Local voiles\u202f: 8 1 2 6"
    rf"(?:[ \t\u00a0\u202f]*(?::|—|–|-(?=[ \t]))[ \t\u00a0\u202f]*(?:{_SAID}[ \t]+|{_SET}[ \t]+)?"
    rf"|,?[ \t]+{_SAID}(?:[ \t]+|(?=,))|[ \t]+{_SET}[ \t]+"
    # a comma before digits spelt out, as a note is dictated: "minibus keysafe, three one one eight"
    rf"|,[ \t]+(?=(?:{_NUMBER_WORD})[ ,-]))"
)
_PLACE_THEN_CODE = re.compile(
    rf"(?<![\w.@/:-])(?P<place>(?:{LOCKING})|(?P<room>{ROOMS}|{_TILLS}))(?![\w-])"
    rf"(?P<naming>{_NAMING}{{0,6}}?)"
    rf"(?P<link>{_LINK}(?P<gap>[^\n\d]{{0,60}}?)|[ \t]+)(?<![\w-]){_VALUE}"
)
# Words a number may be followed by and stay a code: a key to press after it, a remark.
_AFTER_A_CODE = re.compile(
    r"[ \t]*(?:$|[,;.!?)(—–#*+'\"’”»]|-[ \t]|(?:then|puis|et|and|pour|for|hash|dièse|star|étoile"
    r"|enter|valider|ok|on|off)\b)",
    re.MULTILINE,
)
_RANGE_AFTER = re.compile(r"[ \t]*(?:-|–|—|à|a|to|/)[ \t]*[0-9]")
_UNIT_AFTER = re.compile(r"[ \t]*(?:[€$£%]|[.,][0-9])")
# A measure, a count or money said after digits spelt out or typed one at a time: "one two
# three four metres wide", "2 4 0 0 mm wide".
UNIT_WORD_AFTER = re.compile(
    r"[ ]*(?:[€$£%]|(?:miles?|km|kms|euros?|dollars?|pounds?|fois|times|pages?|ans|years?"
    r"|minutes?|heures?|hours?|personnes|people|points?|kg|grammes?|grams?|kilos?|litres?|liters?"
    r"|m[èe]tres?|meters?|cups?|tasses?|[œo]eufs|eggs|cuill[èe]res?|spoons?|tours|laps"
    r"|mm|cm|m|inch(?:es)?|ft|feet|wide|large|high|tall|deep|long"
    # a price by the period: "twenty-two fifty a month", "vingt-deux quarante par mois"
    r"|(?:a|an|per|par|the|le|la|each)[ ](?:month|week|year|day|night|hour|mois|semaine|an"
    r"|année|jour|nuit|heure)"
    # a time of day ("dix heures quarante du soir", "seven forty pm"); not "this morning",
    # "le soir", which may say when a code changed
    r"|am|pm|du[ ](?:soir|matin))"
    r"(?![\w]))"
)
_YEAR = re.compile(r"(?:[a-z](?:19|20)[0-9]{2}|(?:19|20)[0-9]{2}[a-z]?)[#*]?")
# A hint that a year was chosen as a code: who it is the year of, or that it is easy to recall.
_YEAR_HINT = re.compile(
    r"\b(?:easy|facile|memorable|remember|souvenir|retenir|birth(?:day)?|anniv\w*|born|naissance"
    r"|née?|founded|fondation|fond[ée]e?|world[ ]cup|coupe[ ]du[ ]monde|wedding|mariage"
    r"|married|mari[ée]s?|same[ ]as[ ]the[ ]year|m[êe]me[ ]que[ ]l['’]ann[ée]e|the[ ]year[ ]we"
    r"|l['’]ann[ée]e[ ]o[ùu]|let[ ]yourself[ ]in|to[ ]get[ ]in|pour[ ]entrer"
    r"|l['’]ann[ée]e[ ](?:du|de[ ](?:ma|mon|notre|sa|son))[ ](?!construction|r[ée]novation|pose"
    r"|installation|fabrication|achat|travaux))\b"
)
_NUMBERED = re.compile(r"(?:\bn[°º]|\bno\.?|#|\bnum[ée]ro|\bnumbers?|\bnr\.?|\bnum)[ \t]*\Z")
# Naming words that make the number the place's own: its number, floor, size or price.
_PLACE_FACTS = frozenset(
    (
        *("n°", "no", "number", "numéro", "numbers", "numéros", "floor", "étage", "level"),
        *("niveau", "size", "taille", "price", "prix", "model", "modèle", "ref", "réf"),
        *("channel", "canal", "ch", "line", "ligne", "bus", "built", "construit", "construite"),
        *("since", "depuis", "until", "jusqu'à", "avant", "before", "after", "après", "dès"),
        *("opens", "ouvre", "closes", "ferme", "holds", "fits", "costs", "coûte", "fait"),
        *("mesure", "makes", "was", "were", "has", "have", "had", "ont", "avait", "are"),
        *("sont", "vers", "by", "internet", "tv", "télé", "adsl", "fibre", "postale", "bp"),
        *("extension", "ext", "poste", "phone", "tel", "tél", "téléphone", "call", "appeler"),
        # a cash box's money counted: "Cashbox takings: 2150", "caisse du jour : 2150"
        *("total", "takings", "recette", "float", "balance", "solde", "counted", "compté"),
        *("comptés", "sales", "ventes", "jour", "today"),
        # a thing's own serial, asset or order number: "the scales in room 4, serial four one…"
        *("serial", "série", "s/n", "sn", "imei", "asset", "inventory", "inventaire", "ticket"),
        *("order", "commande", "invoice", "facture", "batch", "lot"),
    )
)
# Naming words that may stand between a place and its number with nothing linking them ("back
# gate 2580", "portillon derrière 2580", "hut door 5529").
_SIDE_WORDS = frozenset(
    (
        *("back", "front", "side", "main", "rear", "top", "bottom", "upstairs", "downstairs"),
        *("derrière", "devant", "arrière", "bas", "haut", "du", "de", "la", "le", "d'entrée"),
        *("entrée", "fond", "the", "old", "new", "big", "small", "grand", "petit", "door"),
        *("porte", "lock", "gate", "padlock", "cadenas", "room", "store", "shed", "hut"),
    )
)
# Locks that take three digits: a padlock, a bike lock, a combination.
_THREE_DIGIT_LOCKS = ("padlock", "cadenas", "antivol", "bike", "vélo", "lock", "coffre", "safe")


def find_place_codes(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """`lower` is `text` lowered with its positions kept (see text.lowered). A number listed
    with others of its size, explained as a number of something or a lock's model ("back door
    (Chubb 3G114)") is no code (lookalikes.py)."""
    for rule, start, end in _place_codes(text, lower):
        if not (
            is_enumerated(text, start, end)
            or is_explained_as_a_number(text, end)
            or is_model_number(text, start, end)
            or is_a_things_number(lower, start, end)
        ):
            yield rule, start, end


def _place_codes(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    places = starts_of_any(lower, PLACE_STEMS)
    if places:
        classes = character_classes(text)
        yield from _codes_after_places(text, lower, places, classes)
        yield from _codes_under_headings(lower, places)
        yield from _codes_explained(lower, places)
        yield from _runs_before_places(lower, places, classes)
    yield from _keys_under_keypads(lower)
    yield from _dial_combinations(lower)
    yield from _numbers_on_wheels(lower)
    yield from _role_codes(lower)
    yield from _codes_usually(lower)


# A lock's wheels set to a number: "447 sur la petite molette", "set 3918 on the wheels". An
# oven's or a thermostat's dial turns to a round number (180, 200), a radio's to a frequency.
_ON_WHEELS = re.compile(
    r"(?<![\w.,/°-])(?P<number>[0-9]{3,4})[ ](?:sur|on)[ ](?:la|les|le|the)[ ]"
    r"(?:(?:petites?|little|small|tiny|trois|four|three)[ ])?"
    r"(?:molettes?|mollettes?|roues?|rouleaux|wheels?|dials?|rollers?|tumblers?)(?![\w-])"
)
# ("dial" alone is in "dialogue": a dial is found with a space after it.)
_WHEEL_STEMS = ("molette", "mollette", " roue", "rouleau", "wheel", "dial ", "dials", "roller")
_NOT_A_LOCK = re.compile(
    r"(?<![^\W_])(?:ovens?|fours?|thermostats?|radio|fm|mhz|khz|heating|chauffage|degr[ée]s?"
    r"|volume|gas|gaz|microwave|micro-ondes|washing|lave-linge|tyres?|tires?|pneus?|jantes?"
    r"|rims?)(?![^\W_])"
)
_WHEEL_REACH = 40  # characters before a wheel's word where its number ends


def _numbers_on_wheels(lower: str) -> Iterator[tuple[str, int, int]]:
    for position in sorted({p for stem in _WHEEL_STEMS for p in positions(lower, stem)})[
        :_MAX_PLACES
    ]:
        start = max(0, position - _WHEEL_REACH)
        found = _ON_WHEELS.search(lower, start, position + len("mollettes"))
        if found is None or int(found["number"]) % 10 == 0:
            continue  # "180 on the dial": an oven's round number
        line = lower[start_of_line(lower, found.start()) : end_of_line(lower, found.end())]
        if _NOT_A_LOCK.search(line) is None:
            yield RULE, *found.span("number")


def _short_lines_of(lower: str, places: list[int]) -> Iterator[tuple[int, int]]:
    """The lines holding a place that are short enough to be a heading, each once. A place's
    line is looked for only a heading's length either side of it: prose names places on long
    lines, and finding each of those lines' ends cost more than the rule itself."""
    end = -1
    for position in places:
        if position <= end:
            continue
        after = lower.find("\n", position, position + _MAX_HEADING + 1)
        if after == -1 and len(lower) - position > _MAX_HEADING:
            continue  # a long line
        end = len(lower) if after == -1 else after
        before = lower.rfind("\n", max(0, end - _MAX_HEADING - 1), position)
        if before == -1 and end > _MAX_HEADING:
            continue  # a long line
        yield before + 1, end


def _codes_after_places(
    text: str, lower: str, places: list[int], classes: bytes
) -> Iterator[tuple[str, int, int]]:
    """ "the shed: 2580", "salle de soins 4 8 2 6", "local à ballons c'est 1-9-9-8": read from
    each noun's word, and from the word before it ("boiler room", "club house"), never by a
    search along the line: a long line of prose would cost a regex try at every character."""
    spelt = sorted(start for word in _SPELT_STARTS for start in positions(lower, word))
    done = -1
    for position in places[:_MAX_PLACES]:
        if position < done:
            continue  # inside a code found already
        newline = lower.find("\n", position, position + _REACH)
        window_end = position + _REACH if newline == -1 else newline
        if not _has_digit(classes, position, window_end):
            after = bisect_left(spelt, position)
            if after == len(spelt) or spelt[after] >= window_end:
                continue  # no digit, nor a digit spelt out, soon after the noun: no code
        line_end = end_of_line(lower, position)
        for start in _word_starts(lower, position):
            found = _PLACE_THEN_CODE.match(lower, start, line_end)
            if found is None:
                continue
            span = _place_code(lower, found, line_end)
            if span is None or _is_a_product(text, found):
                continue
            if not is_listed_under_its_numbers_name(lower, start_of_line(lower, position)):
                yield RULE, *span
                done = span[1]
                break


_MAX_PLACES = 200  # a note of nouns ("garage garage …") is read up to this many of them
_REACH = 90  # characters after a noun where its code starts: a few naming words, a link
# What a code after a noun starts with: a digit, looked for in the noun's window only (the
# note's one pass of text.positions would report every digit of every note to every rule), or
# a word of a run of spelt digits (one of these is in any run of three), which that pass finds.
_DIGIT = re.compile(r"[0-9]")
# The digits' words that are no common word as well (not "un", "one", "six", "sept", "oh"):
# one of them is in any run of three spelt digits.
SPELT_DIGIT_STARTS = (
    *("zéro", "zero", "deux", "trois", "quatre", "cinq", "huit", "neuf", "two", "three"),
    *("four", "five", "seven", "eight", "nine"),
)
_SPELT_STARTS = (
    *SPELT_DIGIT_STARTS,
    *("vingt", "trente", "quarante", "cinquante", "soixante", "twenty", "thirty", "forty"),
    *("fifty", "sixty", "seventy", "eighty", "ninety"),
)
_WORD_BACK = re.compile(r"[^\W\d_]{1,16}[ \t]+\Z")


def _has_digit(classes: bytes, start: int, end: int) -> bool:
    """A digit (0-9) between `start` and `end`, told by a byte search of the note's classes of
    characters (text.character_classes, at the note's positions): each place's window is
    searched, and a regex call costs several times more."""
    return classes.find(b"0", start, end) != -1


def _word_starts(lower: str, position: int) -> tuple[int, ...]:
    """Where the noun found at `position` starts ("vestiaire" from "stiaire"… or "local" in
    "local"), and where the word before it starts ("boiler" before "room")."""
    start = position
    while start > 0 and start > position - 16 and lower[start - 1].isalpha():
        start -= 1
    before = _WORD_BACK.search(lower, max(0, start - 24), start)
    return (start,) if before is None else (start, before.start())


_SPELT = re.compile(rf"\b(?:{DIGIT_WORDS}|{TENS})\b")
_TENS = re.compile(TENS)


def _place_code(lower: str, found: re.Match[str], line_end: int) -> tuple[int, int] | None:
    said = _TIME_OR_REMARK.sub("", found["naming"])
    if "=" in found["link"] or ":" in found["link"]:
        said = _ITS_NUMBER.sub("", said)  # "cadenas de la cuve n° 4 = neuf cent…": its code
    naming = [word.strip(",") for word in said.split()]
    if any(word.strip("'’") in _PLACE_FACTS or _SAYS.fullmatch(word) for word in naming):
        return None  # "garage built in 2004", "salle n° 1204", "c'est, euh, huit deux zéro"
    gap = _FILLERS.sub("", found["gap"] or "").strip()
    hint_end = end_of_line(lower, line_end + 1) if line_end < len(lower) else line_end
    hint_end = min(hint_end, found.start() + _HINT_REACH)  # a long line: each place reads a bit
    hinted = _YEAR_HINT.search(lower, found.start(), hint_end) is not None
    if gap and _CODE_NOUN.fullmatch(gap) is None and not (hinted and _COLON.search(found["link"])):
        return None  # "the boathouse was founded in 1953": a sentence about the place
    if found["run"] is not None:
        if _LETTERED_WORDS.match(found["run"]) and not found["link"].strip(" \t,"):
            return None  # "Porte B, vingt-deux trente le soir": the door's letter, then a time
        return found.span("run") if _is_run_code(lower, found, found["place"]) else None
    linked = found["gap"] is not None
    year = _YEAR.fullmatch(found["number"]) is not None
    if found["room"] is not None and not (linked and year and hinted):
        return None  # "salle 1204", "room: 2210": the room's number
    keyed = found["number"][-1] in "#*"
    shaped = keyed or _LETTERS_BETWEEN.search(found["number"]) is not None
    if not linked and not shaped and not all(word in _SIDE_WORDS for word in naming):
        return None  # "the garage holds 2400": words, then a number, nothing linking them
    lettered = any(char.isalpha() for char in found["number"])
    if year and not hinted and not (linked and lettered):
        return None  # "the shed: 1998", "local 2024": a date; "le portillon c'est 1975B" a code
    if found["pairs"] is not None and lower[found.end("number") : line_end].strip():
        return None  # "porte 12 14 et 16": doors' numbers; "porte d'entrée 60 31" ends its line
    if found["dial"] is not None and (
        not linked or _dial_begins_with_a_day_and_month(found["dial"])
    ):
        return None
    if not keyed and not _ends_a_code(lower, found.end("number"), line_end):
        return None
    if _NUMBERED.search(lower, max(0, found.start("number") - 12), found.start("number")):
        return None
    return found.span("number")


_COLON = re.compile(r"[:—–-]")
# A keypad's letter, then numbers said whole: a code only after a link ("c'est B …", ": C …").
_LETTERED_WORDS = re.compile(r"[a-z][ ,]+[^\W\d_]")
_HINT_REACH = 400  # characters after a place where a year's hint is looked for
# A thing's own number before a colon or "=" says which one's code follows.
_ITS_NUMBER = re.compile(r"n[°º][ ]?\w{1,5}")
# A speaker's hesitation between "is" and the code: "the padlock is, um, zero four five five".
_FILLERS = re.compile(r"(?<![^\W_])(?:um+|uh+|erm?|euh|hmm+|heu|bah|ben)(?![^\W_])|,")
# A code's noun between a place and its code says what the number is: "Armoire à stups : code
# 5529".
_CODE_NOUN = re.compile(r"(?:(?:le|la|the)[ ])?(?:code|pin|combinaison|combination|combo)")
_TIME_OR_REMARK = re.compile(rf"{_TIME_PHRASE}|{_REMARK}")
# A code's shape no quantity has: letters between its digits ("C4X9"), a key after them.
_LETTERS_BETWEEN = re.compile(r"[0-9][a-z]+[0-9]")


def _dial_begins_with_a_day_and_month(dial: str) -> bool:
    """A place's dial of three or four pairs of digits that starts with a day, then a month
    ("12-03-24"; "71-03-28" has no such day). `_is_a_three_part_date` reads a combination's
    numbers instead: either order, but exactly three."""
    day, month = (int(part) for part in _DIGITS.findall(dial)[:2])
    return 1 <= day <= 31 and 1 <= month <= 12


_SAYS = re.compile(rf"{_SAID}|{DIGIT_WORDS}|{TENS}")
_PRODUCT = re.compile(r"[A-Z][\w-]*[ ]\Z")


def _is_a_product(text: str, found: re.Match[str]) -> bool:
    """ "Master Lock 5401", "Yale Safe 3020": a brand's capitalised name and a number with
    nothing linking them is a model."""
    return (
        found["gap"] is None
        and text[found.start("place")].isupper()
        and _PRODUCT.search(text, max(0, found.start("place") - 24), found.start("place"))
        is not None
    )


# A dial turned to its digits: "turn the knob to 3,1,4", "tourner la molette sur 4 9 2".
_TURNED = re.compile(r"(?:turn|tourner|tournez)[ ](?:(?:the|la|le)[ ]\w+[ ])?(?:to|sur|à)[ ]\Z")
_TURNED_REACH = 24


def _is_run_code(lower: str, found: re.Match[str], place: str) -> bool:
    """A run of single digits is a code after a place, a room's included; three digits only
    after a padlock or a bike lock ("cadenas 4 9 2"); not a list ("salles 1, 2, 3 et 4"), not a
    range ("4 5 6 - 9")."""
    run = found["run"]
    digits = [int(char) for char in run if char.isdigit()]
    count = len(digits) + run[0].isalpha() if digits else _spelt_digits(run)  # "A, 3, 3, 8"
    three = (
        any(lock in place for lock in _THREE_DIGIT_LOCKS)
        or _TURNED.search(lower, max(0, found.start("run") - _TURNED_REACH), found.start("run"))
        is not None
    )
    end = found.end("run")
    if (
        count < (3 if three else 4)
        or _RANGE_AFTER.match(lower, end)
        or UNIT_WORD_AFTER.match(lower, end)
    ):
        return False
    if not digits and _counts_in_tens(run):
        return False  # "Cupboard: ten, twenty, thirty"
    steps = [b - a for a, b in pairwise(digits)]
    listed = "," in run or " et " in run or " and " in run
    ascending = bool(steps) and all(step > 0 for step in steps)
    return not (ascending and (listed or all(step == 1 for step in steps)))


def _spelt_digits(run: str) -> int:
    """The digits a run of spelt numbers holds: a dial's numbers have two each ("twenty, forty,
    eleven", "trente, quinze, deux")."""
    return sum(1 + (_TENS.fullmatch(word) is not None) for word in _SPELT.findall(run))


# Round tens in order, EN and FR: counted, not a dial's numbers.
_ROUND_TENS = (
    *("ten", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"),
    *("dix", "vingt", "trente", "quarante", "cinquante", "soixante"),
)


def _counts_in_tens(run: str) -> bool:
    words = _SPELT.findall(run)
    if not all(word in _ROUND_TENS for word in words):
        return False
    ranks = [_ROUND_TENS.index(word) for word in words]
    return all(a < b for a, b in pairwise(ranks))


def _ends_a_code(lower: str, end: int, line_end: int) -> bool:
    """A code ends its line, or a remark, a key or a dash follows it; a word after a number
    makes it a quantity ("1200 bouteilles"), a range or a unit a schedule or a price."""
    if end >= line_end:
        return True
    if _RANGE_AFTER.match(lower, end) or _UNIT_AFTER.match(lower, end):
        return False
    return _AFTER_A_CODE.match(lower, end) is not None


# A short heading that names a place (no number of three digits or more on it), then the code
# alone at the start of the next non-empty line.
_MAX_HEADING_WORDS = 6
_MAX_HEADING = 80
_LINE_VALUE = re.compile(
    rf"[ \t]*(?:[-*•→>][ \t]+)?(?:(?:c['’]est|it['’]?s|is|=|->)[ \t]+)?{_VALUE}"
)


# "Bothy book box has a combination lock now⏎4 9 2, tell only members": a longer line may head
# a code when it says there is a combination lock.
_COMBINATION = re.compile(
    r"(?<![^\W_])(?:combination|combinaison|à[ ]code|à[ ]combinaison|code[ ]lock|keypad[ ]lock)"
    r"(?![^\W_])"
)


def _codes_under_headings(lower: str, places: list[int]) -> Iterator[tuple[str, int, int]]:
    """ "Club house voile\\n5 8 1 3", "box de stockage n°B22\\n6641"."""
    for line_start, line_end in _short_lines_of(lower, places):
        heading = lower[line_start:line_end]
        long = len(heading.split()) > _MAX_HEADING_WORDS and _COMBINATION.search(heading) is None
        if long or re.search(r"[0-9]{3}", heading):
            continue  # a sentence, unless it says a combination lock is there
        place = re.search(rf"(?<![\w-])(?:{LOCKING}|(?P<room>{ROOMS}))(?![\w-])", heading)
        if place is None or re.search(r"[=]|:[ \t]*\S", heading):
            continue  # "le hangar : clé chez Yannick": the line gives its own value
        vertical = _VERTICAL_RUN.match(lower, line_end)
        if vertical is not None:
            if _is_vertical_code(vertical["run"], place[0]):
                yield RULE, vertical.start("run"), vertical.end()
            continue
        below = _next_line(lower, line_end)
        if below is None:
            continue
        start, end = below
        value = _LINE_VALUE.match(lower, start, end)
        if value is None:
            continue
        if value["run"] is not None:
            lock = heading if _COMBINATION.search(heading) else place[0]  # "a combination lock"
            if _is_run_code(lower, value, lock):
                yield RULE, *value.span("run")
            continue
        if place["room"] is not None or _YEAR.fullmatch(value["number"]):
            continue
        if value["dial"] is not None and _dial_begins_with_a_day_and_month(value["dial"]):
            continue  # "Cave⏎12-03-24": a date
        if _ends_a_code(lower, value.end("number"), end):
            yield RULE, *value.span("number")


# A place, a colon, how its code was made, then the code ending the line: "Coffre : le numéro
# de notre première adresse deux fois, 4747.", "Armoire à pharmacie : l'anniversaire de la
# directrice, 11 mai → 1105".
_EXPLAINED = re.compile(
    rf"(?:{LOCKING})(?![\w-])[^\n:]{{0,30}}:[ \t]*(?P<clause>[^\n]{{4,100}}?)[ \t]*"
    r"(?:,|→|->|=|:)[ \t]*(?P<value>[0-9]{4,8})[ \t]*[.!]?[ \t]*$",
    re.MULTILINE,
)
# How a person made a code: from a date or a number of theirs, doubled, reversed, joined.
_MADE_FROM = re.compile(
    r"(?<![^\W_])(?:anniv\w*|birthday|bday|naissance|born|deux[ ]fois|twice|backwards"
    r"|à[ ]l['’]envers|same[ ]as|m[êe]me[ ]que|puis|then|followed[ ]by|suivi[ ]de|notre|our"
    r"|my|mon|ma|her|his)"
    r"(?![^\W_])"
)
# Clauses naming what the number is: the thing's serial, model, price, phone or date of purchase.
_NUMBER_OF_THE_THING = re.compile(
    r"(?<![^\W_])(?:s[ée]rie|serial|mod[èe]le?|model|r[ée]f\w*|prix|price|co[ûu]t\w*|commande"
    r"|order|facture|invoice|t[ée]l[ée]phone|phone|t[ée]l|construction|built|construit\w*"
    r"|install\w*|achat|achet\w*|bought|livr\w*|deliver\w*|budget|loyer|rent|mileage"
    r"|kilom\w*|surface|size|taille|weight|poids|capacit\w*)(?![^\W_])"
)
_EXPLAINED_COLON = 48  # characters before a colon where its place is looked for
_LINE_ENDS_ON_DIGITS = re.compile(r"[0-9]{4,8}[ \t]*[.!]?[ \t]*$", re.MULTILINE)


def _codes_explained(lower: str, places: list[int]) -> Iterator[tuple[str, int, int]]:
    """Read from the note's colons, fewer than its places' names in prose: each colon with a
    place a few words before it, on a line ending on a number."""
    done = -1
    for colon in positions(lower, ":"):
        if colon < done:
            continue
        nearest = bisect_left(places, colon - _EXPLAINED_COLON)
        if nearest == len(places) or places[nearest] >= colon:
            continue  # no place a few words before the colon
        position = places[nearest]
        line_end = end_of_line(lower, colon)
        done = line_end
        if _LINE_ENDS_ON_DIGITS.search(lower, max(colon, line_end - 16), line_end) is None:
            continue
        for start in _word_starts(lower, position):
            found = _EXPLAINED.match(lower, start, line_end)
            if (
                found is not None
                and _MADE_FROM.search(found["clause"]) is not None
                and _NUMBER_OF_THE_THING.search(found["clause"]) is None
            ):
                yield RULE, *found.span("value")
                break


# A code's keys one per line, under an underline at most: "Door⏎-----⏎  4⏎  8⏎  1⏎  5",
# "Gym locker⏎→ 4⏎→ 9⏎→ 2⏎→ 7". Bullets make a list of lockers or rooms, not keys.
_VERTICAL_RUN = re.compile(
    r"(?:\n[ \t]*[-=_]{3,}[ \t]*)?\n[ \t]*(?:(?:→|->|>)[ \t]*)?(?P<run>[0-9a-d#*](?:\n[ \t]*"
    r"(?:(?:→|->|>)[ \t]*)?[0-9a-d#*]){2,7})[ \t]*(?=\n|\Z)"
)
_ONE_OF_EACH = ("cadenas", "débarras", "box", "local", "vélos", "antivols")


def _is_vertical_code(run: str, place: str) -> bool:
    """Four keys or more (three for a padlock), not counted up, under one place, not places."""
    keys = [char for char in run if char.isalnum() or char in "#*"]
    digits = [int(char) for char in keys if char.isdigit()]
    three = any(lock in place for lock in _THREE_DIGIT_LOCKS)
    plural = place.endswith("s") and place not in _ONE_OF_EACH
    counted = all(b - a == 1 for a, b in pairwise(digits))
    return len(keys) >= (3 if three else 4) and not plural and not counted


# Keys one per line under a keypad's own name: "Digicode⏎-------⏎ B⏎ 7⏎ 4⏎ 2⏎ 9".
_KEYPADS = ("digicode", "keypad", "clavier", "alarm", "interphone", "intercom")
_KEYPAD_HEADING = re.compile(
    r"[ \t#*]*(?:[^\W\d_][\w'’-]*[ \t]+){0,3}(?:digicodes?|keypads?|claviers?|alarms?|alarmes?"
    r"|interphones?|intercoms?)(?:[ \t]+[^\W\d_][\w'’-]*){0,3}[ \t:]*"
)


def _keys_under_keypads(lower: str) -> Iterator[tuple[str, int, int]]:
    for position in sorted({p for word in _KEYPADS for p in positions(lower, word)})[:_MAX_PLACES]:
        line_start, line_end = start_of_line(lower, position), end_of_line(lower, position)
        if _KEYPAD_HEADING.fullmatch(lower, line_start, line_end) is None:
            continue
        vertical = _VERTICAL_RUN.match(lower, line_end)
        if vertical is not None and _is_vertical_code(vertical["run"], "keypad"):
            yield RULE, vertical.start("run"), vertical.end()


# A run said before what it opens or where it is typed: "its 2 then 6 then 0 then 5 for the
# back door", "4 8 1 5, c'est pour le portail", "use 2-7-7-0 on the panel", "tapez 9 3 1 6 sur
# le boîtier". Read back from each place's noun.
_RUN_FOR_THE_PLACE = re.compile(
    rf"(?<![\w.,/-])(?P<run>[0-9](?:{_RUN_JOINER}[0-9]){{3,7}})(?![0-9])[ \t]*,?[ \t]+"
    r"(?:(?:c['’]est|it['’]?s|that['’]s|is)[ \t]+)?(?:pour|for|on|into|sur)[ \t]+"
    r"(?:(?:the|la|le|les|my|ma"
    r"|mon|our|notre)[ \t]+|l['’])?(?:[^\W\d_]+[ \t]+){0,2}\Z"
)
_BEFORE_A_PLACE = 70  # characters before a place's noun where its run may start
_BEFORE_WORDS = ("for", "pour", "on", "sur")  # "into" holds "on"


def _runs_before_places(
    lower: str, places: list[int], classes: bytes
) -> Iterator[tuple[str, int, int]]:
    """Only where "for", "pour", "on", "into" or "sur" and a digit come shortly before the noun:
    prose names places often, and a regex tried along each one's window cost a third of the
    guard's time."""
    for position in places[:_MAX_PLACES]:
        window = max(0, position - _BEFORE_A_PLACE)
        if not _has_digit(classes, window, position):
            continue  # first: most places have no digit before them, and "on" is everywhere
        if all(lower.find(word, window, position) == -1 for word in _BEFORE_WORDS):
            continue
        start = _word_starts(lower, position)[0]
        window = line_start_within(lower, start, _BEFORE_A_PLACE)
        found = _RUN_FOR_THE_PLACE.search(lower, window, start)
        if found is None or not _LOCKS.match(lower, start):
            continue
        if _RUN_NAMED.search(lower, window, found.start()) is not None:
            continue  # "Scores: 2 1 0 3 for the door prize"
        digits = [int(char) for char in found["run"] if char.isdigit()]
        if len(set(digits)) > 1 and not all(b - a == 1 for a, b in pairwise(digits)):
            yield RULE, *found.span("run")


_LOCKS = re.compile(rf"(?:{LOCKING})(?![\w-])")
# What else a run of digits before a lock is: a score, an order's, a room's, a page's, a ticket's
# or a raffle's numbers, a phone's, a price ("Scores: 2 1 0 3 for the door prize").
_RUN_NAMED = re.compile(
    rf"(?<![^\W_])(?:{NUMBER_NOUNS}"
    r"|scores?|orders?|commandes?|bus|rooms?|salles?|pages?|tickets?|lots?|raffle"
    r"|tombola|lottery|loto|phone|t[ée]l\w*|call|appel\w*|bought"
    r"|achet\w*|price|prix)(?![^\W_])"
)


def _next_line(lower: str, line_end: int) -> tuple[int, int] | None:
    """The next non-empty line, past one blank line at most."""
    position = line_end
    for _ in range(2):
        if position >= len(lower):
            return None
        end = lower.find("\n", position + 1)
        end = len(lower) if end == -1 else end
        if lower[position + 1 : end].strip():
            return position + 1, end
        position = end
    return None


# A dial's steps: "12 à gauche", "48 right", "18 R", "L14", "gauche 5"; three or more steps,
# turning both ways, make a combination. An ordinal ("2e à gauche") or a distance ("300 m à
# droite") is a road's direction and does not match. Found from their numbers: prose holds few.
_TURNS = (
    r"gauche|droite|left|right|clockwise|anticlockwise|anti-clockwise|counterclockwise"
    r"|counter-clockwise|anti"
)
_DIGITS = re.compile(r"[0-9]+")  # a class first: `re` skips to the next digit fast
_TURN_AFTER = re.compile(
    rf"[ \t]*(?:(?:à|to[ ]the|to)[ \t]+)?(?:(?P<word>{_TURNS})|[lrgd])(?![\w'’])"
)
# A turn, then how many times round and past what, then "to": "right to 40", "left past 40 to
# 12", "R 3 turns to 42", "gauche un tour complet jusqu'à 3", "G une fois après 42 jusqu'à 17",
# "trois tours à droite jusqu'au 18", "right until 7".
_TURNS_ROUND = (
    r"(?:[0-9]{1,2}x?|once|twice|times?|turns?|full|complete|past|passing|it|un|une|deux|trois"
    r"|quatre|one|two|three|four|fois|tours?|complets?|après|passer|pass)"
)
# How many times round, said before the turn: "deux tours à gauche jusqu'à 8", "twice right to
# 7", "2 turns left to 12".
_ROUNDS_FIRST = (
    r"(?:(?:[0-9]|one|two|three|four|un|une|deux|trois|quatre)[ \t]*(?:x|times|turns?|tours?"
    r"|fois)|once|twice)(?:[ \t]+(?:complete|full|complets?))?(?:[ \t]+(?:à|to[ ]the|to))?"
)
# An arrow stands for "to": "R 14 → L 2 turns → 70 → R 31".
_TURN_BEFORE = re.compile(
    rf"(?<![\w'’])(?:{_ROUNDS_FIRST}[ \t]+)?(?P<turn>(?P<word>{_TURNS})|[lrgd])"
    rf"(?:(?:,?[ \t]+{_TURNS_ROUND}){{0,5}}(?:,?[ \t]+(?:to|up[ ]to|until|till|jusqu['’](?:à|au)"
    r"|sur|à|on|→|->"
    r"|stop(?:ping|s)?[ ](?:at|on)|arrêt(?:er)?[ ]sur|s['’]arrêter[ ]sur)|,))?[ \t]*-?[ \t]*\Z"
)
# A number that counts the turns ("3 turns", "3x", "deux fois") is no step's number.
_COUNTS_TURNS = re.compile(r"x|[ \t]*(?:times?|turns?|tours?|fois)(?![\w'’])")
# Between steps: a comma or "then", a remark in brackets ("(pass it once)"), a new line, a
# bullet, and what the next step starts with ("à droite", "turn left").
_BETWEEN_STEPS = re.compile(
    r"[ \t]*(?:\([^()\n]{0,40}\)[ \t]*)?(?:[,;/|]|then|puis|et|and|-|—)?[ \t]*\n?[ \t]*"
    r"(?:[-*•→][ \t]+)?(?:(?:then|puis|et|and|turn|spin|tourner|tournez|tourne|à)[ \t]+){0,3}"
    r"(?:(?:[0-9]{1,2}|un|une|deux|trois|quatre|one|two|three|four)[ \t]+(?:tours?|turns?|fois"
    r"|times)[ \t]+(?:à[ \t]+)?)?"
)
_TURN_WORDS = ("gauche", "droite", "left", "right", "clockwise")
_TURN_ENDS = frozenset("etlrgdoànu→>,-")  # turns' last letters: "to", "jusqu'au", "→"
_BEFORE_TURN_REACH = 48  # "G une fois après 42 jusqu'à 17": a turn and how far round
_MIN_STEPS = 3


def _dial_combinations(lower: str) -> Iterator[tuple[str, int, int]]:
    """ "12 à gauche\\n48 à droite\\n07 à gauche", "L2 R38 L14", "gauche 5, droite 19, gauche
    2": read around the turns' words, and below a dial's lock for single letters; a regex
    along a whole note of accented prose costs milliseconds."""
    words = [p for word in _TURN_WORDS for p in positions(lower, word)]
    locks = [p for stem in _DIAL_LOCKS for p in positions(lower, stem)]
    windows = [(p - _TURN_REACH, p + _TURN_REACH, False) for p in words[:_MAX_PLACES]]
    windows += [(p, p + _LOCK_REACH, True) for p in locks[:_MAX_PLACES]]
    merged: list[tuple[int, int, bool]] = []
    for start, stop, letters in sorted(windows):
        if merged and start <= merged[-1][1]:
            first, last, either = merged.pop()
            merged.append((first, max(last, stop), either or letters))
        else:
            merged.append((max(0, start), min(stop, len(lower)), letters))
    for start, stop, letters in merged:
        yield from _dial_in(lower, start, stop, letters)


_TURN_REACH = 60  # characters either side of a turn's word where its steps are read
_LOCK_REACH = 160  # characters after a dial's lock where steps of single letters are read
# Locks with a dial: only after one is "L2 R38 L14" read as turns.
_DIAL_LOCKS = (
    *("safe", "coffre", "lock", "cadenas", "mailbox", "boîte", "boite", "tiroir", "drawer"),
    *("dial", "molette", "cadran", "combin", "strongbox", "armoire", "cabinet", "box", "vault"),
    *("caisse",),
)


# A dial's numbers, then its turns listed apart: "33 - 08 - 71 (gauche, droite, gauche)",
# "12-40-07 L R L", "turns 5 / 30 / 18 — left, right, left".
_TURN_ITEM = rf"(?:{_TURNS}|[lrgd])(?![\w'’])"
_LISTED_DIAL = re.compile(
    r"(?<![\w.,/:-])(?P<numbers>[0-9]{1,2}(?:[ \t]*[-–—/,][ \t]*[0-9]{1,2}){2,5})"
    r"(?![\w.,/°-]|:[0-9])[ \t]*(?:[(\[:—–-][ \t]*)?"
    rf"(?P<turns>{_TURN_ITEM}(?:[ \t]*[-–/,]?[ \t]*{_TURN_ITEM}){{2,5}})"
    r"(?=[ \t]*(?:[)\].,;!\n]|\Z))"
    rf"|(?<![\w'’])(?P<turns_first>{_TURN_ITEM}(?:[ \t]*[-–/,]?[ \t]*{_TURN_ITEM}){{2,5}})"
    r"[ \t]*[)\]]?[ \t]*(?:[:—–=-]|->|→)?[ \t]*"
    r"(?P<numbers_after>[0-9]{1,2}(?:[ \t]*[-–/,][ \t]*[0-9]{1,2}){2,5})(?![\w.,/°-]|:[0-9])"
)

# A dial's numbers, then one turn said with how many times round: "09 – 52 – 31, gauche deux
# tours d'abord", "14-33-07, turn right twice first".
_NUMBERS_THEN_ROUNDS = re.compile(
    r"(?<![\w.,/:-])(?P<numbers>[0-9]{1,2}(?:[ \t]*[-–][ \t]*[0-9]{1,2}){2,5})"
    r"(?![\w./°-]|[,:][0-9])"
    rf"[ \t]*[,;(—–-]?[ \t]*(?:(?:turn|spin|tourner|tournez)[ \t]+)?(?:à[ \t]+)?(?:{_TURNS})"
    r"(?![\w'’])(?P<rounds>[^\n]{0,30})"
)
# How many times round, or that way first: "deux tours d'abord", "right first, twice round".
_ROUNDS = re.compile(
    r"[ \t]*(?:first|d['’]abord|en[ ]premier)(?![\w'’])"
    r"|.*?(?<![\w'’])(?:[0-9]x|once|twice|turns?|tours?|(?:[0-9]|two|three|four|une|deux"
    r"|trois|quatre)[ ](?:times|fois))(?![\w'’])"
)

_DIAL_NUMBER = 10  # a dial turns to two-digit numbers; "3-1-2 left right left" is a drill


def _listed_dial(lower: str, start: int, end: int) -> Iterator[tuple[str, int, int]]:
    """As many turns as numbers, both ways, a number of two digits: a combination."""
    for found in _LISTED_DIAL.finditer(lower, start, end):
        group = "numbers" if found["numbers"] is not None else "numbers_after"
        numbers = [int(number) for number in _DIGITS.findall(found[group])]
        listed = re.findall(_TURN_ITEM, found["turns"] or found["turns_first"])
        turns = {_side(turn) for turn in listed}
        counted = all(b - a == 1 for a, b in pairwise(numbers))  # "1-2-3 left right left"
        two_digits = max(numbers) >= _DIAL_NUMBER
        if len(listed) == len(numbers) and len(turns) == 2 and not counted and two_digits:
            yield RULE, *found.span(group)
    for found in _NUMBERS_THEN_ROUNDS.finditer(lower, start, end):
        numbers = [int(number) for number in _DIGITS.findall(found["numbers"])]
        counted = all(b - a == 1 for a, b in pairwise(numbers))
        rounds = _ROUNDS.match(found["rounds"]) is not None
        if (
            rounds
            and not counted
            and max(numbers) >= _DIAL_NUMBER
            and not _is_a_three_part_date(numbers)
        ):
            yield RULE, *found.span("numbers")


_DATE_PARTS = 3  # a day, a month, a year


def _is_a_three_part_date(numbers: list[int]) -> bool:
    """A combination's numbers before its turns that are exactly three, a day and a month first
    in either order ("09 - 05 - 24"). `_dial_begins_with_a_day_and_month` reads a place's dial
    instead: three or four pairs, day first only."""
    first, second = numbers[0], numbers[1]
    return len(numbers) == _DATE_PARTS and (
        (1 <= first <= 31 and 1 <= second <= 12) or (1 <= first <= 12 and 1 <= second <= 31)
    )


# A turn, then the number it goes to, a count of turns or a number passed between them: "right
# to 51", "R 3 turns to 42", "L past 42 once to 17", "à gauche jusqu'à 12", "anti to 40".
_TO_STEP = re.compile(
    rf"(?m)(?<![\w'’])(?:(?P<word>{_TURNS}|anti)|[lrgd])(?![\w'’])"
    r"(?:[^\n,;.!?]{0,30}?[ ](?:to|jusqu['’]à))?[ ](?P<number>[0-9]{1,2})(?![\w°])"
    rf"(?=[ \t]*(?:$|[,;.!?)(—–-]|(?:then|puis|et|and|{_TURNS}|anti|[lrgd])(?![\w'’])))"
)
_STEP_GAP = 40  # characters between two steps of one combination at most


def _steps_to_numbers(
    lower: str, start: int, end: int, letters: bool
) -> Iterator[tuple[str, int, int]]:
    """Three steps or more, turning both ways, not counting up: a combination."""
    steps: list[tuple[int, int, str, int]] = []
    for found in _TO_STEP.finditer(lower, start, end):
        if found["word"] is None and not letters:
            continue
        step = (found.start(), found.end(), _side(found[0].split()[0]), int(found["number"]))
        if steps and step[0] - steps[-1][1] > _STEP_GAP:
            yield from _combination(steps)
            steps = []
        steps.append(step)
    yield from _combination(steps)


def _dial_in(lower: str, start: int, end: int, letters: bool) -> Iterator[tuple[str, int, int]]:
    listed = list(_listed_dial(lower, start, end))
    if listed:
        yield from listed
        return
    to_numbers = list(_steps_to_numbers(lower, start, end, letters))
    if to_numbers:
        yield from to_numbers
        return
    steps: list[tuple[int, int, str, int]] = []
    for number in _DIGITS.finditer(lower, start, end):
        if not _is_small_number(lower, number):
            continue
        step = _step(lower, number, letters)
        if step is None:
            continue
        if steps and step[0] < steps[-1][1]:
            steps[-1] = (steps[-1][0], step[1], step[2], step[3])  # "left past 40 to 12"
            continue
        if steps and _BETWEEN_STEPS.fullmatch(lower, steps[-1][1], step[0]) is None:
            yield from _combination(steps)
            steps = []
        steps.append(step)
    yield from _combination(steps)


def _is_small_number(lower: str, number: re.Match[str]) -> bool:
    """One or two digits standing alone: not a part of a decimal ("2,5"), nor "3°"."""
    start, end = number.span()
    return (
        end - start <= 2
        and lower[end : end + 1] not in ("°", "º")
        and not (lower[end : end + 1] in ".," and lower[end + 1 : end + 2].isdigit())
        and not (lower[start - 1 : start] in ".," and lower[start - 2 : start - 1].isdigit())
    )


def _step(lower: str, number: re.Match[str], places: bool) -> tuple[int, int, str, int] | None:
    """The step a small number is part of: its span with its turn, the turn, the number."""
    start, end = number.span()
    if _COUNTS_TURNS.match(lower, end) is not None:
        return None  # "3 turns", "3x": how many times round, not where to
    after = _TURN_AFTER.match(lower, end)
    if after is not None and (places or after["word"]):
        return start, after.end(), _side(after[0]), int(number[0])
    last = lower[max(0, start - 3) : start].rstrip()[-1:]
    if not last or last not in _TURN_ENDS:
        return None  # "à 19 degrés": no turn ends right before the number
    before = _TURN_BEFORE.search(lower, max(0, start - _BEFORE_TURN_REACH), start)
    dashed_word = before is not None and before["word"] and "-" in lower[before.end("turn") : start]
    if before is not None and (places or before["word"]) and not dashed_word:
        return before.start(), end, _side(before["turn"]), int(number[0])  # "R-15", not "left-15"
    return None


def _side(turn: str) -> str:
    """Which way a turn goes: "gauche", "left", "L", "G", "anticlockwise" are one way."""
    last = turn.rsplit(maxsplit=1)[-1]
    word = last if last in _TURN_SET else turn.strip()
    return "left" if word in _LEFT else "right"


_LEFT = frozenset(
    (
        *("gauche", "left", "l", "g", "anticlockwise", "counterclockwise", "anti"),
        *("anti-clockwise", "counter-clockwise"),
    )
)
_TURN_SET = frozenset((*_LEFT, "droite", "right", "r", "d", "clockwise"))


def _combination(steps: list[tuple[int, int, str, int]]) -> Iterator[tuple[str, int, int]]:
    """Three steps or more, both ways, to more than one number: "left 12, right 12, left 12"
    is a knitting pattern's."""
    turns = {turn for _, _, turn, _ in steps}
    numbers = [n for *_, n in steps]
    # "lean right 10, left 10, right 10", "step left to 2, right to 4, left to 6": numbers
    # that repeat or count by one step are a drill or a dance, not a combination
    counted = len({b - a for a, b in pairwise(numbers)}) == 1
    if len(steps) >= _MIN_STEPS and len(turns) >= 2 and max(numbers) >= 3 and not counted:
        yield RULE, steps[0][0], steps[-1][1]


# Codes named by whose they are: "code commerçant", "supervisor code", "code d'interrogation à
# distance", "code client confidentiel" (a customer's number alone is no secret).
_ROLES = (
    r"merchant|commer[çc]ant|supervisor|superviseur|manager|g[ée]rante?|responsable|admin"
    r"|administrateur|administrator|master|ma[îi]tre|installer|installateur|engineer"
    r"|technicien|technician|maintenance|interrogation|remote(?:[ ]access)?|acc[èe]s[ ]distant"
    r"|à[ ]distance|caissi[èe]re?|cashier|voicemail|r[ée]pondeur|carers?|aidants?|nurses?"
    r"|infirmi[èe]re?s?|pharmacists?|pharmacien(?:ne)?s?|cleaners?|ménage|caretakers?"
    r"|gardien(?:ne)?s?|concierges?|porters?|keyholders?"
    r"|(?:user[ ])?level[ ][0-9]|niveau[ ][0-9]"
)
_PRIVATE = r"confidentiel(?:le)?|confidential|secret|priv[ée]e?|private|personal|perso(?:nnel)?"
_CLIENT = r"client|customer|abonn[ée]|subscriber"
_QUALIFIER = rf"(?:[ ](?:{_PRIVATE}|à[ ]distance|distant|remote))"
_CODE_OF_ROLE = re.compile(
    rf"(?:code|num[ée]ro|access|accès)[ ](?:d['’]|de[ ]|du[ ]|de[ ]la[ ]|de[ ]l['’])?"
    rf"(?:(?:{_ROLES}){_QUALIFIER}*|(?:{_CLIENT}){_QUALIFIER}+)"
)
_ROLE_BEFORE = re.compile(rf"(?<![\w-])(?:{_ROLES})(?:['’]s)?(?:[ ]access)?[ ](?:pass)?\Z")
_ROLE_REACH_BACK = 40  # characters before a code's noun where its role starts
_ROLE_WORDS = 4  # "user level 2 access code": the words a role and "access" take at most


def _role_before(lower: str, position: int) -> bool:
    """A role's words right before the noun: tried from the starts of the few words before
    it, not at each character before it (a code's or a number's noun is common)."""
    low = max(0, position - _ROLE_REACH_BACK)
    cursor = position - 1
    for _ in range(_ROLE_WORDS):
        space = max(lower.rfind(" ", low, cursor), lower.rfind("\n", low, cursor))
        start = low if space == -1 else space + 1
        if _ROLE_BEFORE.match(lower, start, position) is not None:
            return True
        if space == -1:
            return False
        cursor = space
    return False


# The machine the role's code is typed on may stand before it: "code gérant sur la machine à
# café 2290".
_ROLE_VALUE = re.compile(
    r"(?P<on>[ ](?:sur|on|for|pour|at|à|of|de|du|to|in|into)[ ][^\d\n.:;=]{1,30}?"
    r"(?=(?:[ ]?[:—–]|,?[ ](?:is|est|c['’]est|it['’]?s))?[ ][0-9]))?"
    rf"(?P<link>[ \t]*(?::|=|->|→|—|–|,?[ ](?:is|est|c['’]est|it['’]?s)))?[ \t]*{_NUMBER}"
)
# Codes needing no role: an override's ("night auditor override → 66014"), a telephone
# bank's security number ("security number 902815"; a social security number is an identity).
_NAMED_CODES = ("override", "security number", "numéro de sécurité", "numero de securite")
# A role's own number or access is its code: "supervisor number: 07410", "carer access 1 1 5
# 3", "user level 2 access, it's 2424", "le numéro du gérant → 3 7 7 3"; a phone number has
# more digits after its first group, an employee's or a staff number names no role here.
_ROLE_NOUNS = ("number", "numéro", "numero", "access", "accès")
_ROLE_REACH = 48  # characters after a role's noun where its value starts: "for refunds is"
_SOCIAL = re.compile(r"(?:social|sociale)[ ]\Z")


def _role_codes(lower: str) -> Iterator[tuple[str, int, int]]:
    """Read from each "code" and "pin": "code commerçant 0712", "supervisor PIN 4455"."""
    for noun in ("code", "pin", *_NAMED_CODES, *_ROLE_NOUNS):
        for position in list(positions(lower, noun))[:_MAX_PLACES]:
            end = position + len(noun)
            if lower[end : end + 1].isalpha() or (
                lower[position - 1 : position].isalpha()
                and (lower[position - 4 : position] != "pass")
            ):
                continue  # "codec", "spin", "pine": another word
            if noun in _ROLE_NOUNS and _DIGIT.search(lower, end, end + _ROLE_REACH) is None:
                continue  # no digit soon after "number": no value, the commonest case
            role_after = noun in ("code", "numéro", "numero", "access", "accès")
            of_role = _CODE_OF_ROLE.match(lower, position) if role_after else None
            if noun in _NAMED_CODES:
                social = _SOCIAL.search(lower, max(0, position - 8), position)
                if social is not None or lower.startswith(" sociale", end):
                    continue
            elif of_role is not None:
                end = of_role.end()
            elif not _role_before(lower, position):
                continue
            value = _ROLE_VALUE.match(lower, end)
            if value is None or (value["on"] is not None and of_role is None and not value["link"]):
                continue
            number_end = value.end("number")
            if _YEAR.fullmatch(value["number"]) or _UNIT_AFTER.match(lower, number_end):
                continue
            if (value["on"] is not None or noun in _ROLE_NOUNS) and not _ends_a_code(
                lower, number_end, end_of_line(lower, number_end)
            ):
                continue  # "code manager for the 2290 series": a model's number
            if not _RANGE_AFTER.match(lower, number_end):
                yield RULE, value.start("number"), number_end


# A lock's code said as the one it usually is, however far along its line: "Defib cabinet
# outside: if 999 give you a number, it's usually 2 2 4 7 C", "Boîte à clés : en général c'est
# 4402A". Only a keypad's shape: single digits typed (maybe a key or a letter after), letters
# among digits, or digits and a key; "it's usually 4 digits", "usually 2 2 4 metres away" and
# "usually 1830" (a time) are none.
_USUALLY = re.compile(
    r"(?<![^\W_])(?:usually|normally|generally|always|typically|en[ ]général|normalement"
    r"|généralement|d['’]habitude|toujours)(?![^\W_])"
    r"(?:[ ](?:it['’]?s|is|c['’]est|say|says|give|gives|donne(?:nt)?|dit|disent))?[ ]+"
    r"(?:(?:le|the)[ ])?"
    rf"(?P<value>[0-9](?:[ -][0-9]){{3,7}}(?:[ -]?[a-z#*])?|{MIXED_CODE}|[0-9]{{4,8}}[a-z#*])"
    r"(?![\w-])"
)
_USUALLY_LITERALS = (
    *("usually", "normally", "generally", "always", "typically", "en général", "normalement"),
    *("généralement", "d'habitude", "d’habitude", "toujours"),
)
_LOCK_BEFORE = re.compile(rf"(?<![\w-])(?:{LOCKING}|d[ée]fib\w*)(?![\w-])")
_USUAL_REACH = 120  # characters before the adverb where the lock is named


def _codes_usually(lower: str) -> Iterator[tuple[str, int, int]]:
    for literal in _USUALLY_LITERALS:
        for position in positions(lower, literal):
            said = _USUALLY.match(lower, position)
            if said is None or UNIT_WORD_AFTER.match(lower, said.end()):
                continue
            line_start = line_start_within(lower, position, _USUAL_REACH)
            if _LOCK_BEFORE.search(lower, line_start, position) is not None:
                yield RULE, *said.span("value")
