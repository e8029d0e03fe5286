"""A code given as a chat reply to someone asking about a door, a room, an alarm or a safe.

In a group chat the code comes back alone, and neither line says "code": "Tom 14:20: what's the
number for the extractor room⏎Meg 14:21: 7 2 0 8", "[05:48] Julien : l'alarme sonne⏎[05:49] Mme
Lecoq : 1 9 5 8 et tu appuies sur OFF", "Sam: stuck outside the bike store⏎Ana: 40917#". A
speaker's line that names a thing that locks (a door, a gate, a safe, an alarm, a shed, a
locker) or a room, and asks for something or says what is wrong (it rings, it won't open,
"I'm outside", "won't take my usual", "me refuse", "locked myself out", "ne se souvient plus";
being outside asks for digits typed one at a time: "je suis devant, c'est quoi déjà ?"),
then the next speaker's reply (a speaker may say a role or a shift: "Em (vet nurse):"; a
dialogue's dashes stand for speakers: "— Et pour le garage ?⏎— 8812"): digits typed one at a
time (four to eight), or spelt, or, for a thing that locks, a number of four to eight
digits or typed in groups ("80 22"), or a dial turned number by number; at the reply's start or
after "it's", "c'est", "yours is", "now", an arrow or a verb of typing ("we reset them, yours
is 731904 now", "11111 par défaut mais je l'ai changé → 73582", "tu fais 9 3 3 1"); letters
between its digits ("C'est 19A47 !"); then the end of the line, a key to press or a remark ("it's
7 5 3 1 if you have to go out", for digits typed one at a time). A year is one when the reply
says whose year it is ("1988. year I turned pro").

What keeps the look-alikes out: a question about a time, a count, a price, a floor, a line or a
phone ("when does the alarm go off?", "how many rooms?", "which bus to the gate?") asks for no
code; a room's number or any number asked as a number ("what's the room number?") is a code only
typed one digit at a time; a year, a time, a price or a phone number in reply is what it looks
like, and so is a number after a unit's, a booking's or a ticket's noun ("your unit is 1182").

A message may also give the way in with the door it opens: "pour l'immeuble c'est le 19A42, puis
3e gauche", "for the building it's 2580#": a keypad's shape only (letters among digits, digits
and a key or a letter), not an address, a floor nor a parcel's reference.
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.place_codes import DIGIT_WORDS, LOCKING, MIXED_CODE, PLACE_STEMS, ROOMS
from memoire.core.secrets.text import YEAR, end_of_line, lines_with, start_of_line

RULE = "chat-code"

# Emoji and pictographs, as contacts are named ("Mum ❤️") and replies are signed ("2 7 1 9 🙂").
_EMOJI = "[\u2600-\u27bf\ufe0f\U0001f300-\U0001faff]"
# Who speaks in a chat: a name of up to three words (a desk and a person: "Office - Jo"), or
# one person's (capital first, letters only: not "password_hash:" nor "wifi:").
_NAME = r"[^\W\d_][\w'’.-]{0,20}(?:[ ](?:-[ ])?[^\W\d_][\w'’.-]{0,20}){0,2}"
PERSON_NAME = r"[A-ZÀ-Þ][^\W\d_]{1,20}"


def speaker_pattern(name: str = _NAME) -> str:
    """The speaker opening a chat's line, one pattern for every rule that reads chats, `name`
    (group "name") saying who may speak: a time or a date in brackets or before a dash, the
    name, a number ("Chauffeur 7"), an emoji ("Mum ❤️"), a role, a shift or a flat in brackets
    ("Margaret (churchwarden)", "Bruno (apt 8)"), a time, then a colon (French spacing before
    it: "Julien\u202f:"), a dash or an arrow ("Père Antoine — Je suis devant", "Karim (7h32) >
    essaie 2719"); or a dialogue's dash, each line another speaker's: "— Et pour le garage
    ?⏎— 8812"."""
    return (
        r"[ \t]*(?:>[ \t]*)?(?:[—–][ \t]+|(?:\[[^\]\n]{1,25}\][ \t]*"
        r"|(?:[0-9]{1,2}/[0-9]{1,2}/[0-9]{2,4},?[ ])?\(?[0-9]{1,2}[:h][0-9]{2}\)?[ \t]*-?[ \t]*)?"
        rf"(?P<name>{name})"
        r"(?:[ ][0-9]{1,3})?"
        rf"(?:[ ]{_EMOJI}{{1,3}})?"
        r"(?:[ \t]+\([^()\n:]{1,30}\))?"
        r"(?:[ \t]+\(?(?:[^\W\d_]{2,9}[ ])?[0-9]{1,2}[:h.][0-9]{2}\)?)?"
        r"[ \t\u00a0\u202f]*(?::|[ ][-—–>])[ \t]+)"
    )


SPEAKER = re.compile(speaker_pattern())
# Things that lock, alarms, keypads, tills, a snack bar's kiosk and tablets, or what is typed at
# one ("what do I punch in"); a room's number is no code, so rooms stand apart; so does being at
# a door without naming it ("je suis devant, c'est quoi déjà ?"), which asks for a code typed one
# digit at a time at most.
_THING = re.compile(
    rf"(?<![^\W_])(?:(?P<room>{ROOMS})|(?P<door>outside|dehors|devant)|{LOCKING}|alarms?|alarmes?|keypads?|claviers?|bo[îi]tiers?"
    r"|bo[îi]tes?|lifts?|ascenseurs?|barri(?:er|ère)s?|(?:dé)?verrouill\w*|(?:un)?lock(?:s|ed|ing)?"
    r"|shutters?|volets?|rideaux?|grilles?|r[ée]gies?|admin|stores?|terminals?|tills?|caisses?"
    r"|key[ -]?box(?:es)?|card[ ](?:machines?|readers?)|machines?[ ]à[ ]cartes?|tpe|buvettes?"
    r"|kiosks?|kiosques?|tablets?|tablettes?|ipads?|fridges?|frigos?"
    r"|vaults?|strong[ ]?rooms?|garde-meubles?|self[ -]storage"
    r"|punch(?:[ ]in)?|key[ ]in|type[ ]in|tape[rsz]?|compose[rz]?)"
    r"(?![^\W_])"
)
_THING_LITERALS = (
    *PLACE_STEMS,
    *("alarm", "keypad", "clavier", "boîtier", "boitier", "lift", "ascenseur", "barri"),
    *("verrouill", "unlock", "shutter", "volet", "rideau", "grille", "régie", "regie", "admin"),
    *(
        "terminal",
        "card machine",
        "card reader",
        "machine à carte",
        "tpe",
        "till",
        "caisse",
        "buvette",
        "kiosk",
        "kiosque",
        "tablet",
        "ipad",
    ),
    *("fridge", "frigo", "outside", "dehors", "devant", "punch", "key in", "type in", "tape"),
    "compose",
    *("vault", "strong", "garde-meuble"),
)
# Asking for something, or saying what is wrong at the door.
ASKING = re.compile(
    r"\?|(?<![^\W_])(?:what|what['’]s|whats|which|quel|quelle|quoi|pls|plz|please|stp|svp"
    r"|remind|remember|rappelle\w*|souvien\w*|redonne\w*|envoie\w*|send|sonne|bipe|rings?"
    r"|ringing|going[ ]off|beeping|locked[ ](?:[^\W\d_]+[ ])?out|stuck|bloqué\w*|coincé\w*"
    r"|outside|dehors|devant|won['’]?t[ ]open|(?:is|are|est|sont)[ ](?:fermée?s?|locked|shut)"
    r"|can['’]t[ ](?:get[ ]in|open)|(?:ne[ ])?s['’]ouvre[ ]pas|peux[ ]pas[ ](?:entrer|ouvrir)"
    r"|i['’]?m[ ](?:at|outside|here)|here[ ]now|arriv\w*|je[ ]suis[ ](?:devant|à|au|là)"
    r"|on[ ]est[ ](?:devant|là)|again|déjà|encore|won['’]?t[ ](?:take|accept|let)|refuse\w*"
    r"|reject\w*|doesn['’]t[ ]work|not[ ]working|(?:ne[ ])?marche[ ](?:pas|plus)|forgot|oublié"
    r"|get[ ](?:in|into)|entrer|rentrer|demande\w*|asks?[ ]for|asking|wants?|veut"
    r"|toujours[ ](?:pareil|le[ ]même)|the[ ]same|did[ ]you|have[ ]you|(?:ne[ ])?rentre[ ]pas"
    r"|n['’]arrive[ ]pas|koi|how[ ](?:do|can|d['’]|to)[ ]?(?:i|we|you)?[ ]?(?:open|get[ ]in)"
    r"|comment[ ](?:j['’]|on[ ]|tu[ ]|je[ ])?ouvr?\w*|(?:not|isn['’]t|doesn['’]t)[ ](?:taking|take"
    r"|accepting|accept)|(?:ne[ ])?(?:prend|accepte)[ ](?:pas|plus))"
    r"(?![^\W_])"
)
# Asking for a time, a count, a price, a place's number or a phone: not for a code.
_NOT_A_CODE = re.compile(
    r"(?<![^\W_])(?:when|quand|time|heure|heures|o['’]clock|how[ ](?:many|much|long|old|far)"
    r"|combien|price|prix|cost|coûte|floor|étage|bus|line|ligne|score|extension|ext|poste"
    r"|phone|tel|téléphone|mobile|portable|address|adresse|size|taille|year|année|date|jour|day"
    r"|built|construit|capacity|capacité|temp\w*|degr\w*|wifi|wi-fi|pay|paid|payé\w*|payer"
    r"|spen[dt]|dépens\w*|budget|devis|quote|facture|invoice|euros?|pounds?|dollars?|wide|width"
    r"|largeur|tall|height|hauteur|weigh\w*|poids|long|longueur|mm|cm|km|miles?|distance"
    r"|order|commande|ref|référence|model|modèle|serial|série|tonight|tomorrow|today|demain"
    r"|soir|matin|morning|evening|afternoon|aprem|meet|rdv|rendez-vous|retrouv\w*|quantity"
    r"|quantité|qty|count|total|amount|montant|overtime|mileage|kilométrage|reference|postal"
    r"|postcode|zip|float|fond[ ]de[ ]caisse)(?![^\W_])"
    r"|[€$£]"
)
# Asking the way into a room asks for its code, not its number: "how do we get into the hall?".
_GETTING_IN = re.compile(
    r"(?<![^\W_])(?:get[ ]in(?:to)?|let[ ]us[ ]in|open|rentrer|entrer|ouvrir|ouvre)(?![^\W_])"
)
_AS_A_NUMBER = re.compile(r"(?<![^\W_])(?:numbers?|num[ée]ros?|n°|no\.?|nr)(?![^\W_])")
_OPENING = re.compile(
    r"(?:(?:yes|yeah|yep|sure|oui|ouais|ok|okay|no|nope|non|nan)[,. ]+)?"
    r"(?P<set>(?:[^\W\d_]+[ ]){0,2}?(?:l['’]a[ ]|has[ ]|just[ ])?(?:mis|remis|changé|changed|set"
    r"|reset|passé)[ ](?:it[ ]|ça[ ]|le[ ]code[ ])?(?:à|to|sur|en)[ ]+)?"
    r"(?:(?:it['’]?s|its|c['’]est|that['’]s)"
    r"[ ]+)?(?:(?:le|the)[ ]+)?"
)
_SINCE_NOW = r"now|maintenant|désormais"
# Where a code starts later in a reply: "we reset them all, yours is 731904 now", "pour les
# escales c'est 6620", "11111 par défaut mais je l'ai changé → 73582", "essaie 2719", or after a
# verb of typing ("tu fais 9 3 3 1", "tape 40 40 puis valider", "just punch in 4471").
_GIVEN = re.compile(
    r"(?<![^\W_])(?:it['’]?s|its|c['’]est|is|now|maintenant|désormais|try|essaie|essaye[rz]?"
    r"|fais|faites|tape[rsz]?|type|enter|punch(?:[ ]in)?|key[ ]in|tell[ ](?:them|him|her)"
    r"|di(?:s|tes)-(?:lui|leur))[ \t]+(?:(?:le|the)[ \t]+)?|(?:→|->|=)[ \t]*"
    r"|(?<=[^\W\d_])[.!][ \t]+"  # after a sentence: "harvest's over so I reset it. 1 9 9 8"
    # after a comma, a code said to hold now: "they changed it Friday, 7719 now"
    rf"|(?<=[^\W\d_]),[ \t]+(?=[0-9][0-9a-z#*]{{3,8}}[ \t]+(?:{_SINCE_NOW})(?![^\W_]))"
)
# A lead-in naming a number that is no code: "your unit is", "the booking ref is", "note the
# order no. 88213".
_NUMBER_LEAD = re.compile(
    r"(?<![^\W_])(?:unit|flat|apartment|appart\w*|booking|réservation|r[ée]sa|call|appelle\w*"
    r"|ticket|billet|seat|place|plate|plaque|locker[ ]number|casier[ ]n|orders?|commandes?"
    r"|invoices?|factures?|receipts?|devis|dossiers?)(?![^\W_])"
)
_SINGLES = re.compile(r"[0-9](?:[ .-][0-9]){3,7}")
_LOCK_SINGLES = re.compile(r"[0-9](?:[ .-][0-9]){2,7}")
# Digits typed in groups: "80 22", "41 07 93"; a phone or a date has more.
_GROUPS = re.compile(r"[0-9]{2,4}(?:[ ][0-9]{2,4}){1,2}(?![ ]?[0-9/:.,])")
_MAX_GROUPED_DIGITS = 8
# A dial turned number by number: "turn the dial to 40, then 15, then 62".
_DIAL = re.compile(
    r"(?:turn|spin|tourne[rz]?)[ ](?:(?:the|la|le)[ ])?(?:dial|knob|wheel|molette|cadran)?[ ]?"
    r"(?:to|à|sur)[ ][0-9]{1,2}(?:,?[ ](?:then|puis|et|and)[ ](?:(?:to|à|sur)[ ])?[0-9]{1,2}){2,4}"
    r"(?![0-9])"
)
_NUMBER = re.compile(r"[a-z]?[0-9]{4,8}[a-z]?[#*]?(?![\w:/°-]|[.,][0-9])", re.I)
# Letters between a code's digits: "C'est 19A47 !", "C4X9"; not a time nor a size ("23h12").
_MIXED = re.compile(rf"(?:{MIXED_CODE})[#*]?(?![\w:/°-]|[.,][0-9])", re.I)
_SPELT = re.compile(
    rf"(?:(?:{DIGIT_WORDS})(?:[ ,]+|$)){{4,8}}",
    re.I,
)
# Since when a code holds: said after a code changed ("c'est 7144 depuis lundi", "it's 2018 now").
_SINCE = (
    r"now|maintenant|désormais|depuis|since|as[ ]of|ce[ ]matin|this[ ]morning|hier|yesterday"
    r"|today|aujourd['’]hui"
)
# After a code: the end of the line, a key to press, a remark after punctuation or "and", or a
# remark on the code itself ("1066 like the battle", "0310 comme l'anniv du club", "2719 elle
# l'a changé", "4410 same as the shed", "5150 lol").
_AFTER = re.compile(
    rf"[ \t]*(?:$|[,;.!?)(—–#*]|{_EMOJI}|-[ \t]"
    r"|(?:then|puis|et|and|enter|valider|ok|on|off|hash|dièse"
    r"|star|étoile|par[ ]défaut|by[ ]default|but|mais|only|seulement|as[ ](?:per|usual)"
    r"|comme|like|same|pareil|because|cause|coz|car|parce|lol|mdr|haha|xx?|bisous|bises|love"
    r"|mate|pal|hun|bro|mec"
    r"|i|we|he|she|they|you|it['’]s|il|elle|ils|elles|on|je|tu|nous|vous|c['’]est"
    rf"|{_SINCE})(?![^\W_]))",
    re.MULTILINE | re.IGNORECASE,
)
# A greeting opens a question without dating it: "morning!! the mat cupboard padlock?".
_GREETING = re.compile(
    r"(?:(?:good[ ])?(?:morning|evening|afternoon)|hi|hey|hello|bonjour|bonsoir|coucou|salut)"
    r"(?![^\W_])[ \t!,.]*"
)
_IF_AFTER = re.compile(r"[ \t]+(?:if|si|when|quand)[ ]", re.IGNORECASE)
_SINCE_AFTER = re.compile(rf"[ \t]*(?:{_SINCE})(?![^\W_])", re.IGNORECASE)
_MAX_ASKING_LINE = 160


def find_chat_codes(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """Codes given in reply to someone asking, or with the door they open."""
    yield from _codes_in_replies(text, lower)
    yield from _codes_given_for_a_door(text, lower)


def _codes_in_replies(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    if "\n" not in text or not any(mark in text for mark in (":", "—", "–", " > ")):
        return  # no speaker's colon, dash nor arrow: no chat
    for line_start, line_end in lines_with(lower, _THING_LITERALS):
        if line_end - line_start > _MAX_ASKING_LINE or line_end >= len(text):
            continue
        asker = SPEAKER.match(text, line_start, line_end)
        if asker is None:
            continue
        said = lower[asker.end() : line_end]
        greeting = _GREETING.match(said)
        said = said[greeting.end() :] if greeting is not None else said
        if _THING.search(said) is None or ASKING.search(said) is None or _NOT_A_CODE.search(said):
            continue
        things = [thing for thing in _THING.finditer(said) if thing["door"] is None]  # "outside"
        rooms_only = all(thing["room"] is not None for thing in things)
        into_a_room = rooms_only and _GETTING_IN.search(said) is None
        lock = bool(things) and things[0]["room"] is None
        singles_only = into_a_room or _AS_A_NUMBER.search(said) is not None
        asked = asker["name"] or ""
        span = _reply(text, lower, line_end + 1, asked, singles_only=singles_only, lock=lock)
        if span is not None:
            yield RULE, *span


def _reply(
    text: str, lower: str, start: int, asker: str, *, singles_only: bool, lock: bool
) -> tuple[int, int] | None:
    """The code at the start of the next line, said by another speaker, or after "it's",
    "c'est", "now" or an arrow further along that line; a number said to be set or changed
    ("Fred l'a mis à 7730", "c'est 7144 depuis lundi") is one even for a room, and even shaped
    as a year."""
    line_end = end_of_line(text, start)
    speaker = SPEAKER.match(text, start, line_end)
    if speaker is None or (speaker["name"] or "").lower() == asker.lower() != "":
        return None
    opening = _OPENING.match(lower, speaker.end(), line_end)
    changed = opening is not None and opening["set"] is not None
    starts = [opening.end() if opening is not None else speaker.end()]
    starts += [given.end() for given in _GIVEN.finditer(lower, starts[0], line_end)]
    for value_start in starts:
        if _NUMBER_LEAD.search(lower, speaker.end(), value_start):
            return None  # "your unit is C-118"
        # The reply may name what locks: "mettez-le dans la boîte à colis, c'est le 4-1-8".
        lock = lock or any(
            thing["room"] is None and thing["door"] is None
            for thing in _THING.finditer(lower, speaker.end(), value_start)
        )
        span = _value(text, lower, value_start, line_end, singles_only, lock=lock, changed=changed)
        if span is not None:
            return span
    return None


def _value(
    text: str,
    lower: str,
    value_start: int,
    line_end: int,
    singles_only: bool,
    *,
    lock: bool,
    changed: bool,
) -> tuple[int, int] | None:
    dial = _DIAL.match(lower, value_start, line_end)
    if dial is not None:
        return dial.span()
    singles = _LOCK_SINGLES if lock else _SINGLES  # a padlock's three wheels: "4 2 7"
    shapes = (
        (singles, _SPELT, _NUMBER) if singles_only else (singles, _SPELT, _NUMBER, _GROUPS, _MIXED)
    )
    for shape in shapes:
        value = shape.match(text, value_start, line_end)
        if value is None:
            continue
        end = value.end()
        while end > value_start and text[end - 1] in " ,":
            end -= 1
        after = _AFTER.match(text, end, line_end)
        if after is None and not (shape is singles and _IF_AFTER.match(text, end, line_end)):
            return None  # "it's 7 5 3 1 if you have to go out"; "it's 1730 if …" a time
        since = changed or _SINCE_AFTER.match(text, end, line_end) is not None
        if shape is _NUMBER and singles_only and not since:
            return None  # a room's number
        if (
            shape is _NUMBER
            and YEAR.fullmatch(value[0])
            and not _is_changed(text, line_end, changed)
            and _CHOSEN_YEAR.match(text, end, line_end) is None
        ):
            return None  # "1998", "it's 2024 now, renew the badge": a year
        if shape is _GROUPS and _is_a_time_or_long(value[0]):
            return None
        return value_start, end
    return None


# A year is a code only where the reply says it was changed or set: "it's 2018 now btw, I
# changed it from the old one".
_CHANGED = re.compile(
    r"(?<![^\W_])(?:chang\w*|reset|remis|modifi\w*|new|nouveau|nouvelle)(?![^\W_])", re.IGNORECASE
)


# Or where the reply says it is a person's or a club's own year: "1988. year I turned pro",
# "1975, the year we met", "1975, l'année du club"; "2019, the year they fitted it" dates it.
_CHOSEN_YEAR = re.compile(
    r"[ \t]*[.,:;(—–-]?[ \t]*(?:the[ ])?(?:year[ ](?:i|we|my|our|mum|dad|mom|he|she|his|her)"
    r"|(?:l['’]|son[ ]|sa[ ]|mon[ ]|ma[ ]|notre[ ])?ann[ée]e[ ](?:du[ ]club|de[ ]naissance"
    r"|de[ ](?:ma|mon|notre|sa|son|leur)|où[ ](?:je|j['’]|on|nous|il|elle)))(?![^\W_])",
    re.IGNORECASE,
)


def _is_changed(text: str, line_end: int, changed: bool) -> bool:
    return changed or _CHANGED.search(text, start_of_line(text, line_end), line_end) is not None


_HOURS = 24
_MINUTES = 60
_TIME_PARTS = 2


def _is_a_time_or_long(groups: str) -> bool:
    """ "12 45" is a time; "06 12 34 56" is a phone's start."""
    numbers = [int(group) for group in groups.split()]
    if sum(len(group) for group in groups.split()) > _MAX_GROUPED_DIGITS:
        return True
    return len(numbers) == _TIME_PARTS and numbers[0] < _HOURS and numbers[1] < _MINUTES


# A message that gives the way in itself: "pour l'immeuble c'est le 19A42, puis 3e gauche", "for
# the building it's 2580#, then 4th floor", "l'entrée c'est le 7B19". The building's or the
# door's noun, then "c'est (le)", "it's" or "is", then a keypad's code: letters among its digits,
# or digits and a key. An address ("c'est le 19 rue des Lilas"), a floor ("c'est le 3e") or a
# parcel's reference ("pour le colis c'est le 12A34") is none.
_FOR_A_DOOR = re.compile(
    r"(?<![^\W_])(?:(?:pour|for)[ ])?(?:l['’]|le[ ]|la[ ]|the[ ])"
    r"(?:(?:main|front|street|outer|bottom|big)[ ])?"
    r"(?:immeuble|b[âa]timent|r[ée]sidence|building|block|entr[ée]e|entrance|hall|porche|grille"
    r"|porte(?:[ ](?:d['’]en[ ]bas|du[ ]bas|d['’]entr[ée]e|de[ ]la[ ]rue|principale))?"
    r"|portail|portillon|gate|door)"
    r"(?:[ ][a-z]|[ ]d['’]en[ ]bas)?,?[ ](?:c['’]est(?:[ ]le)?|it['’]?s|is)[ ]"
)
_DOOR_LITERALS = (
    *("immeuble", "bâtiment", "batiment", "résidence", "residence", "building", "block"),
    *("entrée", "entree", "entrance", "hall", "porche", "grille", "porte", "portail", "gate"),
    "door",
)
# Or four digits or more and a key or a letter: "2580#", "4512B", "B4512".
_KEYED = re.compile(r"(?:[0-9]{4,8}[#*a-z]|[a-z][0-9]{4,8})(?![\w])", re.I)


def _codes_given_for_a_door(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    for line_start, line_end in lines_with(lower, _DOOR_LITERALS):
        if line_end - line_start > _MAX_ASKING_LINE * 2:
            continue
        for said in _FOR_A_DOOR.finditer(lower, line_start, line_end):
            for shape in (_MIXED, _KEYED):
                value = shape.match(text, said.end(), line_end)
                if value is not None and _AFTER.match(text, value.end(), line_end) is not None:
                    yield RULE, *value.span()
                    break
