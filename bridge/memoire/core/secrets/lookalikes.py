"""Text where a secret's value would sit that gives none: numbers that count, list or refer to
something, and words that say where the secret is kept.

Each is a class of text, not words met in one corpus, and every rule that takes a value near
a secret's noun lets them pass:

- a range of numbers of one size ("lockers 101-140", "rooms 4012-4030", "open 9-18"): a door's
  or a locker's code is not written as a range, a combination's numbers are not in order;
- an enumeration of three numbers of one size or more, with commas or "and" between ("35000
  Rennes, 29200 Brest, 56100 Lorient", "doors 1201, 1203, 1205", "rooms A101, A102, B201"):
  postcodes, rooms, lockers.
  A list of codes names each code's thing right before it ("door 4471, gate 5529, garage
  7710") and stays one, as do recovery codes (which are random, not enumerated);
- a document's reference: letters, a year, a number ("FAC-2024-0412", "INV/2024/0031");
- a number its noun names right before it ("Ticket 4410", "Order 88213", "facture 5521"), or
  that the words after it explain ("31045, that's the product number");
- a decimal amount ("312,50", "86.40"): a price in a table;
- a product's model number, after its brand's and model's capitalised names on a line about
  buying or servicing it ("Master Lock 5401, 34,99 €", "Hager Logisty 40917, pile changée",
  "Miele PW 6080, intervention le 3 avril": a model's letters may spell a secret's noun), after
  its brand's name and before its price ("Supra C500, £42.99"), or with its brand in brackets
  ("back door (Chubb 3G114)");
- a command after a shell's pipe ("… | base64 -d"): its options follow it;
- a Wi-Fi's security mode ("WPA2_Personal", "WPA2-PSK"): what a router's page names beside
  its key; a network's other band, which starts as its name does ("HomeNet / HomeNet5G");
- a value given as an example ("pas de prénoms dans les mots de passe, genre Filou2008",
  "password is Tr0ub4dor&3 in the xkcd comic, a famous bad example", "don't use your pet's
  name + birth year, like Rex1990"): advice shows one, it is not used;
- a mask: one letter repeated ("xxxxxxxx", "XXXX-XXXX") stands for a value still to fill in;
- words that say where the secret is kept ("it's in the sealed envelope", "elle est dans le
  coffre", "kept in 1Password"), or the app's name alone where a code would stand ("backup
  codes belong in 1Password", "see Bitwarden"): they locate the value, they are not it;
- a game's answer ("Quiz night Q: … A: Newport Pagnell", "Quiz de la fête⏎Réponse : 1754"):
  a quiz, a riddle or a crossword on the value's line or just above, no password on its line;
- an account's reference, named right before it or at the head of its table column: bank
  details shared to be paid ("sort code 20-45-77, account 30918264", IBAN, RIB), a customer's,
  member's or contract's number, a user name ("identifiant 48821093, la banque enverra un
  nouveau code"); shaped as a number or a user name, not as a password, and no secret's noun
  before the account's in its clause ("code d'accès au compte Orange : …" is the code);
- a phone number, or one of its groups, whatever it is labelled ("Recovery phone = 0113 496
  0721", "appelle Securitas au 0 800 44 21 10"): a 0 or a "+" and as many digits as a phone's;
- a glossary's or a translation's word, or a word for a secret itself ("« identifiant » →
  username", "Lexique : clé = key");
- a help desk's ticket (INC0012291), a public code's value ("Area code for Leeds is 0113");
- a thing's new number or name: a room, a flight, a platform, a seat, a version, a plan that
  changed ("Room changed to 2 1 4 0", "Version is now 2104", "Plan changed: Pro-Plus-2024"), a
  room's number said with where the room is ("room 1 2 0 4 is on the left"), a size or an area
  ("Casier n° 12 = 14 m2"); each item of a list of examples ("du type Azerty123 ou Marseille13");
- what anyone near may read: a Wi-Fi network's name ("HomeNet_5G", "BT_Hub_55"), a sign's or a
  status's words ("door sign: 'back-in-ten-minutes'"), a television show's episode ("Mot de
  passe « spécial Noël » ce soir sur France 2"); a value saying it is another secret ("same as
  the router"); an alarm clock's time, a day's date ("mardi14"), a visit's date, a game's score
  (each after its own noun, no secret's word between);
- what a note names beside a secret without being one: a user name after its label ("user:
  volunteer2"), a place's grid reference or coordinates ("grid ref SK 4521 8830"), the firm or
  the person who did the work ("Technicien : SécuriVal"), a ticket's or an order's number
  ("note le ticket n° 1239"), a vehicle's record by its keys ("MOT due 14/09, reg KX19 BFA").
"""

import re

from .text import end_of_line, line_start_within, start_of_line


def _label_before(label: re.Pattern[str], lower: str, start: int, reach: int) -> bool:
    """`label`, a pattern anchored at its search's end, ends right before the value at `start`
    on the value's line, at most `reach` characters back."""
    return label.search(lower, line_start_within(lower, start, reach), start) is not None


_RANGE = re.compile(r"(?P<low>[0-9]{1,6})[ ]?[-–][ ]?(?P<high>[0-9]{1,6})")


_SECURITY_MODE = re.compile(
    r"(?:wpa|wep)[0-9]?(?:[-_/ ]?(?:wpa[0-9]|personal|enterprise|psk|sae|aes|tkip|mixed))*"
    r"(?:[ ]?\(?(?:aes|tkip|ccmp)\)?)?",  # "WPA2-PSK (AES)"
    re.IGNORECASE,
)


def is_security_mode(value: str) -> bool:
    """ "WPA2_Personal", "WPA2-PSK", "WPA2/WPA3": the network's mode, not its key."""
    return _SECURITY_MODE.fullmatch(value) is not None


_SHARED_PREFIX = 4


def is_other_band(name: str, value: str) -> bool:
    """ "BTHub6" and "BTHub6-5G", "HomeNet" and "HomeNet5G": one network's two bands."""
    prefix = name.lower()[:_SHARED_PREFIX]
    return bool(prefix) and value.lower().startswith(prefix)


# A Wi-Fi network's name, which anyone near it reads on their phone: a box's name ending in its
# address's hex digits ("Livebox-7F2A", "SFR_7F3A"), an operator's or a router maker's name
# ("BT_Hub_55", "FreeWifi_secure", "Bbox-5G-2F9C"), a band or guest suffix ("HomeNet_5G"),
# or a part naming a network ("OfficeMesh_2", "HomeNet"). Letters, digits and "-", "_" only,
# digits few: "Tulip-Garden-88" and "Kx9#mesh-2024" are keys.
_HEX_NAMED_NETWORK = re.compile(
    r"[A-Za-z][\w!]*[-_ ](?=[0-9]*[A-F])[A-F0-9]{4,6}"
    r"(?:[-_ ](?i:5G|5GHz|2G|2\.4G|2\.4GHz|6G|EXT|Guest|Invit[ée]s?))?"
)
_NETWORK_SHAPE = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+){0,2}")
_MAX_NETWORK_LENGTH = 32
_BAND_OR_GUEST_END = re.compile(
    r"(?:[-_ ]?(?:5|2|2\.4|6)G(?:Hz)?|[-_ ](?:Guest|Invit[ée]s?|EXT))\Z", re.I
)
_CAMEL_PART = re.compile(r"[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+")
_NETWORK_PARTS = frozenset(
    (
        *("net", "mesh", "hub", "box", "wifi", "wlan", "lan", "router", "extender", "repeater"),
        *("hotspot", "livebox", "bbox", "freebox", "sfr", "bt", "bthub", "vodafone"),
        *("netgear", "linksys", "dlink", "eero", "xfinity"),
        *("plusnet", "talktalk", "fritz", "freewifi", "swisscom", "proximus", "tplink"),
    )
)
_MAX_NETWORK_DIGITS = 3  # "Dkr_Hub-9912" is a key


def is_a_network_name(value: str) -> bool:
    """ "HomeNet_5G", "BT_Hub_55", "Livebox-A1B2": a network's name, public, not its key."""
    if _HEX_NAMED_NETWORK.fullmatch(value) is not None:
        return True
    if _NETWORK_SHAPE.fullmatch(value) is None or value.islower():
        return False  # "mesh-lamp-42": lowercase words joined are a passphrase
    if len(value) > _MAX_NETWORK_LENGTH or sum(map(str.isdigit, value)) > _MAX_NETWORK_DIGITS:
        return False
    if _BAND_OR_GUEST_END.search(value) is not None:
        return True
    lower = value.lower()
    return "wifi" in lower or any(
        part.lower() in _NETWORK_PARTS for part in _CAMEL_PART.findall(value)
    )


# A day's or a month's name then a day of the month is a date: "RDV dentiste = Mardi14".
_DATE_NAMES = frozenset(
    (
        *("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon"),
        *("tue", "wed", "thu", "fri", "sat", "sun", "lundi", "mardi", "mercredi", "jeudi"),
        *("vendredi", "samedi", "dimanche", "january", "february", "march", "april", "may"),
        *("june", "july", "august", "september", "october", "november", "december", "jan"),
        *("feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"),
        *("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre"),
        *("octobre", "novembre", "décembre"),
    )
)
_LAST_DAY = 31


def is_a_days_date(value: str) -> bool:
    """ "mardi14", "tuesday3": a day's or a month's name then a day of the month is a date;
    "mars2024", a month and a year, is how people make passwords."""
    day = value[len(value.rstrip("0123456789")) :]
    return (
        0 < len(day) <= 2
        and int(day) <= _LAST_DAY
        and value[: -len(day)].lower().rstrip("-_. ") in _DATE_NAMES
    )


def is_mask(value: str) -> bool:
    characters = {char for char in value.lower() if not char.isspace() and char not in "-_."}
    return len(characters) == 1 and characters.pop().isalpha()


def is_range(value: str) -> bool:
    """Two numbers in order, the second of the first one's size or one digit more, and close
    enough to count things between them: 101-120, 9-18, 4012-4030; not 12-34 nor 3391-8820."""
    match = _RANGE.fullmatch(value)
    if match is None:
        return False
    low, high = match["low"], match["high"]
    if not 0 <= len(high) - len(low) <= 1 or int(low) >= int(high):
        return False
    return int(high) - int(low) <= int(10 ** (len(high) - 1))


# A number, a range, or a number after a letter or two (rooms A101, B201).
_NUMBER = re.compile(r"(?<![\w.,/-])[A-Za-z]{0,2}[0-9]+(?:[ ]?[-–][ ]?[0-9]+)?(?![\w/-]|[.,][0-9])")
# Between two items of an enumeration: a few words after the first (a town after its
# postcode), then a comma, a semicolon or "and"; no digit, no colon, no word after it ("4471,
# celui du parking 5529" gives each code's thing before it: a list of codes).
_ITEM_GAP = re.compile(
    r"[^\d\n.!?:,;&/]{0,40}?(?:[,;&/]|(?<![^\W_])(?:and|et|or|ou|then|puis)(?![^\W_]))[ \t]*"
)
_MIN_ITEMS = 3
_LIST_REACH = 200  # characters either side of the number where the other items are looked for
# Words before a code that name what it opens: each item of a list of codes has one.
_THING_BEFORE = re.compile(
    r"(?<![^\W_])(?:doors?|gates?|garages?|alarms?|safes?|lockers?|padlocks?|locks?|bikes?"
    r"|portes?|portails?|alarmes?|coffres?|casiers?|cadenas|v[ée]los?|caves?|digicodes?"
    r"|codes?|pins?|keypads?|boxe?s?|bo[iî]tes?|entr[ée]es?|entry|building|immeuble)"
    r"[ \t]*[:=]?[ \t]*\Z",
    re.IGNORECASE,
)
# A label naming a thing a code opens, without saying its numbers are listed ("Door numbers").
_LABELLED_THING = re.compile(
    r"(?<![^\W_])(?:doors?|gates?|garages?|alarms?|safes?|padlocks?|locks?|keypads?|portes?"
    r"|portails?|alarmes?|coffres?|cadenas|digicodes?|interphones?|intercoms?|pins?)(?![^\W_])",
    re.IGNORECASE,
)
_NUMBERS = re.compile(r"(?<![^\W_])(?:numbers?|num[ée]ros?|nos|n°|zones?)(?![^\W_])", re.IGNORECASE)
_RECOVERY = re.compile(r"backup|recovery|secours|r[ée]cup|2fa|mfa|one[- ]time|usage unique")


def is_enumerated(text: str, start: int, end: int) -> bool:
    """The number at `start:end` is one item of an enumeration of numbers of its size on its
    line (postcodes, rooms, lockers), not a code said once."""
    line_start = line_start_within(text, start, _LIST_REACH)
    line_end = min(end_of_line(text, end), end + _LIST_REACH)
    line = text[line_start:line_end]
    if _RECOVERY.search(line.lower()) is not None:
        return False
    size = _size(text[start:end])
    items = [item for item in _NUMBER.finditer(line) if _size(item[0]) == size]
    index = next((i for i, item in enumerate(items) if item.start() == start - line_start), None)
    if index is None:
        return False
    first, last = index, index
    while first > 0 and _enumerates(line, items[first - 1], items[first]):
        first -= 1
    while last + 1 < len(items) and _enumerates(line, items[last], items[last + 1]):
        last += 1
    listed = items[first : last + 1]
    if len(listed) < _MIN_ITEMS:
        return False
    label = line[: listed[0].start()]
    if _LABELLED_THING.search(label) is not None and _NUMBERS.search(label) is None:
        return False  # "Digicodes : bâtiment A 4471, …", "Codes alarme : 4471 (maison), …"
    return not any(_THING_BEFORE.search(line, 0, item.start()) is not None for item in listed)


def _size(number: str) -> tuple[int, ...]:
    """The letters before it, then the digits of each number of a range or of the number:
    101-120 is (0, 3, 3), A101 is (1, 3)."""
    digits = number.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    parts = re.split(r"[ ]?[-–][ ]?", digits)
    return (len(number) - len(digits), *(len(part) for part in parts))


def _enumerates(line: str, item: re.Match[str], following: re.Match[str]) -> bool:
    gap = line[item.end() : following.start()]
    return _ITEM_GAP.fullmatch(gap) is not None


# Letters, a year, then a number: an invoice's, a quote's or a file's reference; or a help
# desk's ticket, its kind's prefix then its number (INC0012291, RITM0045521, CHG-20931).
_DOCUMENT_REFERENCE = re.compile(
    r"[A-Za-z]{2,6}[-/_. ]?(?:19|20)[0-9]{2}[-/_.][0-9]{1,6}(?:[-/_.][0-9A-Za-z]{1,4})?"
    r"|(?:INC|REQ|RITM|CHG|PRB|TASK|SCTASK|SR|CS|TKT|CASE)[-#]?[0-9]{5,10}"
)


def is_document_reference(value: str) -> bool:
    """FAC-2024-0412, DEV-2025-118, INV/2024/0031, INC0012291: a reference, which a document
    or a ticket prints."""
    return _DOCUMENT_REFERENCE.fullmatch(value) is not None


# A service visit's number: "ADT engineer, job 55891", "bon d'intervention 40912".
JOB_NOUNS = frozenset(("job", "intervention", "d'intervention", "d’intervention", "callout"))


def is_a_jobs_number(lower: str, start: int) -> bool:
    """A job's or a service visit's number, named by the word right before it."""
    before = _WORD_BEFORE.search(lower, max(0, start - 24), start)
    return before is not None and before[1] in JOB_NOUNS


# Nouns whose number follows them: "Ticket 4410", "Order 88213", "facture 5521", "vol 8812".
_NAMING_NOUNS = frozenset(
    (
        *("ticket", "order", "commande", "invoice", "facture", "devis", "quote", "dossier"),
        *("case", "file", "room", "chambre", "salle", "bus", "flight", "vol"),
        *("n°", "nº", "no", "no.", "#", "number", "numéro", "num", "ref", "réf", "reference"),
        *("référence", "issue", "bug", "item", "article", "page", "contrat", "contract"),
        *("client", "customer", "parcel", "colis", "seat", "siège", "table"),
        *JOB_NOUNS,
    )
)
# And places, whose number may also be said after the noun of a code: "digicode bâtiment
# 4471" is the building's code, "Bâtiment 12 : le digicode est en panne" its number.
_NUMBERED_PLACES = frozenset(
    ("place", "lot", "unit", "apt", "flat", "appartement", "bâtiment", "building", "compte")
)
_WORD_BEFORE = re.compile(r"(\S+)[ \t]+\Z")


def is_named_by_its_noun(text: str, start: int, *, places: bool = True) -> bool:
    """The noun right before the number names it: "Ticket 7781 : le digicode ne marche plus",
    "rooms 4012-4030"; with `places`, a place's noun too ("Bâtiment 12 : …")."""
    before = _WORD_BEFORE.search(text, max(0, start - 24), start)
    if before is None:
        return False
    noun = before[1].strip("([*_").lower()
    nouns = {noun, noun.removesuffix("s")}
    return not nouns.isdisjoint(_NAMING_NOUNS) or (
        places and not nouns.isdisjoint(_NUMBERED_PLACES)
    )


# "31045 - that's the set number", "4471, c'est le numéro du lot": the number explained.
_EXPLAINED_AS_A_NUMBER = re.compile(
    r"[ \t]*[,;(—–-]?[ \t]*(?:that['’]?s|that[ ]is|it['’]s|which[ ]is|i\.e\.|c['’]est|soit)"
    r"[ \t]+(?:(?:the|its|a|an|le|la|l['’]|son|sa|un|une|leur)[ \t]*)?"
    r"(?:[^\W\d_][\w'’-]*[ \t]+){0,2}?"
    r"(?:numbers?|no\b|num[ée]ros?|n°|references?|r[ée]f[ée]rences?|ref\b|id\b|serial"
    r"|models?|mod[èe]les?|sku|barcode|ean)",
    re.IGNORECASE,
)
_PHONE = re.compile(r"phone|t[ée]l[ée]phone|mobile|portable", re.IGNORECASE)
_EXPLANATION_REACH = 80


# "E119 means low pressure", "F28 signifie panne d'allumage": what a fault's code stands for.
_MEANING_AFTER = re.compile(
    r"[ \t]*[,;(—–-]?[ \t]*(?:means|meaning|signifie|veut[ ]dire|indicates|indique|stands[ ]for)"
    r"(?![^\W_])",
    re.IGNORECASE,
)


# Or the fault it names in brackets: "the boiler code was E119 (ignition failure)".
_FAULT_NAMED_AFTER = re.compile(
    r"[ \t]*\([^()\n]{0,30}?(?<![^\W_])(?:failure|fault|error|pressure|lock-?out|overheat\w*"
    r"|leak\w*|ignition|d[ée]faut|panne|erreur|pression|fuite|surchauffe|allumage)(?![^\W_])",
    re.IGNORECASE,
)
_FAULT_CODE = re.compile(r"[A-Za-z]{1,3}-?[0-9]{1,4}")


def is_fault_code(text: str, start: int, end: int) -> bool:
    """A letter and a number that the words after it say stand for a message ("the boiler code
    E119 means low pressure"); a code explained by a birthday ("1406, meaning Mum's
    birthday") is digits alone, and a secret."""
    return _FAULT_CODE.fullmatch(text, start, end) is not None and bool(
        _MEANING_AFTER.match(text, end) or _FAULT_NAMED_AFTER.match(text, end)
    )


# Numbers said to be free or taken are things' numbers: "lockers 21, 22 and 24 are free".
_FREE_OR_TAKEN = re.compile(
    r"[ \t]+(?:are|is|sont|est)[ ](?:still[ ]|encore[ ])?(?:free|available|taken|empty|vacant"
    r"|libres?|disponibles?|pris|occup[ée]e?s?|vides?)(?![^\W_])",
    re.IGNORECASE,
)


def is_explained_as_a_number(text: str, end: int) -> bool:
    """The words after the value say it is a number of something, not a code."""
    if _FREE_OR_TAKEN.match(text, end) is not None:
        return True
    explained = _EXPLAINED_AS_A_NUMBER.match(text, end, end + _EXPLANATION_REACH)
    return explained is not None and _PHONE.search(explained[0]) is None


_AMOUNT = re.compile(r"[0-9]{1,6}[.,][0-9]{2}")


def is_amount_or_range(value: str) -> bool:
    """ "312,50", "86.40", "9-18": a price or hours in a table, not a password."""
    return _AMOUNT.fullmatch(value) is not None or is_range(value)


# "it's in the sealed envelope", "elle est dans le coffre", "kept in 1Password": a verb
# (a pronoun and "is", or a verb of keeping), then a place, which has a determiner or a name.
_PREPOSITION = r"(?:in|inside|on|under|behind|at|into|dans|sous|sur|derri[èe]re|au|aux|chez)[ ]"
_DETERMINER = (
    r"(?i:the|my|our|his|her|their|your|a|an|le|la|les|l['’]|un|une|mon|ma|mes|son|sa|ses"
    r"|notre|nos|votre|leur|ce|cette)(?:[ ]|(?<=['’]))"
)
_KEEPING = (
    r"(?:kept|stored|saved|written|noted|hidden|filed|locked|rang[ée]e?s?|not[ée]e?s?"
    r"|cach[ée]e?s?|conserv[ée]e?s?|gard[ée]e?s?|[ée]crite?s?|enregistr[ée]e?s?)[ ]"
)
_WHEREABOUTS = re.compile(
    r"(?i:(?:(?:it|that|this|she|he|they)(?:['’]s|['’]re|[ ]is|[ ]are)|(?:il|elle|ils|elles)"
    r"[ ](?:est|sont)|c['’]est|is|est|se[ ]trouve)[ ](?:(?:still|always|now|toujours)[ ])?"
    rf"(?:{_KEEPING})?"
    rf"|{_KEEPING})"
    rf"(?i:{_PREPOSITION})(?:{_DETERMINER}|[A-Z0-9])"
    # Or no verb, but a place things are kept in: "in the grey folder on the shelf".
    rf"|(?i:{_PREPOSITION}{_DETERMINER}(?:[^\W\d_]+[ ]){{0,2}}?"
    r"(?:envelope|notebook|safe|drawer|wallet|folder|binder|vault|box|manager|keychain"
    r"|enveloppe|carnet|tiroir|coffre|classeur|portefeuille|agenda|pochette|bo[iî]te"
    r"|trousseau|gestionnaire)s?\b)"
)


# The apps that keep passwords and one-time codes, named where a code would stand: "backup codes
# belong in 1Password", "codes de secours → 2FAS", "door code: see Bitwarden".
_CODE_KEEPER = re.compile(
    r"(?:(?:see|voir|in|dans)[ \t]+)?(?:1password|bitwarden|vaultwarden|keepass(?:xc)?|lastpass"
    r"|dashlane|enpass|nordpass|proton[ ]?pass|roboform|keychain|2fas|authy|aegis)",
    re.IGNORECASE,
)


def is_a_code_keeper(value: str) -> bool:
    """The value names the app a secret is kept in, not the secret."""
    return _CODE_KEEPER.fullmatch(value) is not None


def says_where_it_is(words: str) -> bool:
    """The words start by saying where the secret is kept, and give no value after a colon:
    "it's in the sealed envelope: tangerine octopus …" gives it."""
    place = _WHEREABOUTS.match(words)
    return place is not None and not any(mark in words[place.end() :] for mark in ":=")


_OPTION = re.compile(r"[ \t]+--?[A-Za-z]")


def is_piped_command(text: str, end: int) -> bool:
    """ "kubectl get secret … | base64 -d": the word after " | " takes options, a command."""
    return _OPTION.match(text, end) is not None


# A game's questions and answers: what a quiz asks is public.
GAMES = (
    r"quiz\w*|trivia|riddles?|devinettes?|crosswords?|mots[ ]croisés|charades?|blind[ ]test"
    r"|jeopardy|pub[ ]quiz|questions?[ ]du[ ]jour|questions?[ ]of[ ]the[ ](?:day|week)|qotd"
    r"|énigmes?|brain[ ]?teasers?|guess(?:es|ing)?[ ]the[ ]word|words?[ ]to[ ]guess"
    r"|devine[rz]?[ ]le[ ]mot|mots?[ ]à[ ]deviner"
)
_GAME = re.compile(rf"(?<![^\W_])(?:{GAMES})(?![^\W_])")
_PASSWORD_NOUN = re.compile(
    r"(?<![^\W_])(?:pass\w*|mdp|mot[ ]de[ ]passe|pin|code|wi-?fi|login|identifiant\w*)(?![^\W_])"
)
_GAME_LINES = 3
# Characters of a line read either side of the value: a note of one long line, each of whose
# values is read, stays linear.
_GAME_REACH = 400


def is_game_answer(lower: str, start: int) -> bool:
    """The value's line, or one of the lines just above it, is a quiz's or a riddle's, and its
    own line names no password or code."""
    line_start = line_start_within(lower, start, _GAME_REACH)
    line_end = min(end_of_line(lower, start), start + _GAME_REACH)
    if _PASSWORD_NOUN.search(lower, line_start, line_end) is not None:
        return False
    above = line_start
    for _ in range(_GAME_LINES):
        if above > 0:
            above = start_of_line(lower, above - 1)
    return _GAME.search(lower, max(above, start - _GAME_LINES * _GAME_REACH), line_end) is not None


# Two capitalised names right before the number: a brand and its model ("Master Lock"), the
# model's letters maybe in capitals, whatever they spell ("Miele PW 6080", "Bosch PIN 300").
_BRAND_BEFORE = re.compile(r"(?<![^\W_])[A-ZÀ-Þ][a-zà-ÿ]+[ ](?:[A-ZÀ-Þ][a-zà-ÿ]+|[A-Z]{2,4})[ ]\Z")
_ABOUT_A_PRODUCT = re.compile(
    r"[$€£]|(?<![^\W_])(?:buy|bought|purchased?|ordered|acheter|achet[ée]e?s?|achats?"
    r"|command[ée]e?s?|price|prix|piles?|battery|batteries|batterie|manual|notice|models?"
    r"|mod[èe]les?|installed|install[ée]e?s?|homologu[ée]e?s?|warranty|garantie|reviews?"
    r"|interventions?|repair(?:s|ed)?|r[ée]par[ée]e?s?|r[ée]parations?|serviced|servicing"
    r"|r[ée]visions?|entretien|engineer|technicien|technician|breakdown|panne)"
    r"(?![^\W_])",
    re.IGNORECASE,
)
# Names that make the number a code after all: "Garage Door 4471", "Front Gate 1234".
_CODE_NAMES = frozenset(
    (
        *("code", "codes", "combo", "combination", "combinaison", "door", "doors", "gate"),
        *("gates", "porte", "portes", "portail", "garage", "digicode", "entry", "entrée"),
    )
)
_BRAND_REACH = 40


# Stems of the nouns of a secret: a word next to an account's noun or before a model's number
# that names one makes the value the secret's ("account password: …", "(PIN 8305)").
_SECRET_STEMS = (
    r"(?:pass|pwd|pw\b|mdp|mot\b|pin\b|puk\b|cvv|code|cl[ée]|key|secret|token|otp|nip\b"
    r"|combi|combo|digicode)"
)
_NAMES_A_SECRET = re.compile(_SECRET_STEMS)


def is_model_number(text: str, start: int, end: int) -> bool:
    """The number at `start:end` is a product's model: after a brand's and a model's names on
    a line about a product ("Master Lock 5401, 34,99 €"), after a brand's name and before its
    price ("key safe Supra C500, £42.99", "un Abus 6401 à 19,90 €"), or with its brand alone
    in brackets ("back door (Chubb 3G114)")."""
    named = _NAME_BEFORE.search(text, max(0, start - _BRAND_REACH), start)
    if (
        named is not None
        and _NAMES_A_SECRET.match(named[0].lower()) is None
        and named[0].strip().lower() not in _CODE_NAMES
    ):
        if _PRICE_AFTER.match(text, end) is not None:
            return True
        if text[named.start() - 1 : named.start()] == "(" and text[end : end + 1] == ")":
            return True  # "back door (Chubb 3G114)": a lock's make and model in brackets
    if text[end : end + 1] == ")" and _BRAND_AND_NUMBER.search(
        text, max(0, start - _BRAND_REACH), start
    ):
        return True  # "padlock bought (Master Lock no. 1500)"
    before = _BRAND_BEFORE.search(text, max(0, start - _BRAND_REACH), start)
    if before is None:
        return False
    words = before[0].lower().split()
    if any(word in _CODE_NAMES for word in words):
        return False
    if _A_PRODUCT_BEFORE.search(text, max(0, before.start() - 4), before.start()):
        return True  # "the key safe is a Master Lock 5401": one of a model
    line = text[start_of_line(text, start) : end_of_line(text, start)]
    return (
        _ABOUT_A_PRODUCT.search(line) is not None
        or _CODE_GIVEN_ELSEWHERE.search(line.lower(), end - start_of_line(text, start)) is not None
    )


# The line says after the number that the code is given elsewhere or changes: the number was
# the lock's model ("lockbox Master Lock 5401 (code changes each booking, texted)").
_CODE_GIVEN_ELSEWHERE = re.compile(
    r"(?<![^\W_])(?:codes?|combinations?|combinaisons?)[ ](?:changes|is[ ](?:sent|texted|given)"
    r"|sent|texted|given|comes|arrives|change|envoy[ée]|donn[ée]|arrive|par[ ]sms)(?![^\W_])"
)


# An indefinite article before a brand's and a model's names: the thing is one of a model.
_A_PRODUCT_BEFORE = re.compile(r"(?<![^\W_])(?:an?|un|une)[ ]\Z", re.IGNORECASE)
# A brand's capitalised name before the value, and a price right after it.
_NAME_BEFORE = re.compile(r"(?<![^\W_])[A-ZÀ-Þ][A-Za-zà-ÿ-]+[ ]\Z")
_BRAND_AND_NUMBER = re.compile(
    r"\((?:[A-ZÀ-Þ][A-Za-zà-ÿ-]+[ ]){1,3}(?:no\.?|n[°º]|nr\.?|model|mod[èe]le|#)[ ]?\Z"
)
_PRICE_AFTER = re.compile(
    r"[ \t]*[,(–-]?[ \t]*(?:(?:bought|paid|achet[ée]e?|pay[ée]e?)[ ])?"
    r"(?:at[ ]|à[ ]|for[ ]|pour[ ])?"
    r"(?:[$€£][ ]?[0-9]+(?:[.,][0-9]{2})?|[0-9]+(?:[.,][0-9]{2})?[ ]?(?:€|eur\b|euros?\b))"
)


# A code as it leaves the factory, which its manual prints: "factory default PIN 1234", "remis
# à 0000 par défaut". A trivial number only (a device's own default, "Xk4-99Lp on the
# sticker", is its secret), and not one still in use ("still on the default 0000").
_FACTORY = re.compile(
    r"(?<![^\W_])(?:factory|default|d['’]usine|par[ ]d[ée]faut|out[ ]of[ ]the[ ]box"
    r"|per[ ]the[ ]manual|selon[ ]la[ ]notice)(?![^\W_])"
)
_STILL_IN_USE = re.compile(
    r"(?<![^\W_])(?:still|toujours|never[ ]changed|not[ ]changed|unchanged|jamais[ ]chang[ée]"
    r"|pas[ ]chang[ée]|encore)(?![^\W_])"
)
_ASCENDING = "0123456789"
_DEFAULT_REACH = 80  # characters of its line either side of the value: a long line stays linear


def is_factory_default(lower: str, start: int, end: int) -> bool:
    """The value is a trivial number (one digit repeated, or counted up) on a line that says it
    is a factory default, and not that it is still in use."""
    value = lower[start:end]
    trivial = value.isdigit() and (len(set(value)) == 1 or value in _ASCENDING)
    if not trivial:
        return False
    around = line_start_within(lower, start, _DEFAULT_REACH)
    after = min(end_of_line(lower, start), end + _DEFAULT_REACH)
    return bool(_FACTORY.search(lower, around, after)) and not _STILL_IN_USE.search(
        lower, around, after
    )


# Words right before a value that make it an example: "genre Filou2008", "e.g. Summer2024".
_EXAMPLE_BEFORE = re.compile(
    r"(?<![^\W_])(?:genre|e\.g\.|eg|such[ ]as|for[ ]example|for[ ]instance|par[ ]exemple"
    r"|par[ ]ex\.|something[ ]like|quelque[ ]chose[ ]comme|un[ ]truc[ ]comme"
    # advice against it: "Évitez Soleil2024! comme mot de passe", "never use Password1 as …"
    r"|avoid|[ée]vite[rz]?|never[ ]use|don['’]t[ ]use|do[ ]not[ ]use|n['’]utilise[rz]?[ ]pas"
    r"|n['’]utilise[rz]?[ ]jamais)[ \t]*[:,]?[ \t]*[\"'«“]?[ \t]*\Z"
)
# Or a label saying examples follow: "Example of a weak password in today's training: …",
# "exemples de mots de passe faibles, Bonjour2024, …".
_EXAMPLES_LABEL = re.compile(
    r"(?<![^\W_])(?:examples?|exemples?)[ ](?:of|de|d['’])[^\n.!?:]{0,60}?[:,–—][ \t]*"
    r"[\"'«“]?[ \t]*\Z"
)
# Or after it in its sentence: "… in the xkcd comic, a famous bad example".
# Within a few words, no other label or value between ("… MDP=changeme # exemple"), and not a
# documentation domain ("ludo@example.org").
_EXAMPLE_AFTER = re.compile(
    r"[^.!?\n:=@/]{0,40}?(?<![^\W_])(?:examples?|exemples?|comic|xkcd|bande[ ]dessinée)"
    r"(?![^\W_])(?!\.[a-z])"
)
# Looser words before it ("like", "type", "comme") only in a line of advice against it.
_LIKE_BEFORE = re.compile(
    r"(?<![^\W_])(?:like|type|du[ ]type|style|comme|ex\.)[ \t]*[:,]?[ \t]*[\"'«“]?[ \t]*\Z"
)
_ADVICE = re.compile(
    r"(?<![^\W_])(?:don['’]t|do[ ]not|never|avoid|no|not|bad|weak|tips?|advice|pas|ni|jamais"
    r"|évite\w*|éviter|interdit\w*|conseils?|mauvais|faibles?|formation|training)(?![^\W_])"
)
_EXAMPLE_REACH = 24
# Or a question and its answer shown "like" this: "avoid answers like first pet → 'Rex'",
# "évitez les réponses comme premier animal → « Médor »".
_LIKE_A_PAIR = re.compile(
    r"(?<![^\W_])(?:like|such[ ]as|e\.g\.|eg|for[ ](?:example|instance)|comme|du[ ]type|genre"
    r"|par[ ]exemple)[ ](?:[\w'’]+[ ]){0,5}[\w'’]+[ ]?(?:→|->|=>|:|=|—|–|-)[ ]?[\"'«“]?"
    r"[ \u00a0\u202f]*\Z"
)
_PAIR_REACH = 80


# A statistic of everyone's passwords ("the most common PINs are 1234, 1111 and 0000", "le mot
# de passe le plus utilisé reste 123456"), not someone's own ("my most used password is …").
_COMMONEST_BEFORE = re.compile(
    r"(?<![^\W_])(?:the[ ]most[ ](?:common|used|popular|frequent|leaked|hacked|guessed)"
    r"|the[ ]commonest|(?:le|la|les)[ ]plus[ ](?:utilis|courant|fr[ée]quent|r[ée]pandu"
    r"|populaire)\w*)(?![^\W_])"
)
# What makes the statistic everyone's: passwords in the plural, a country, a survey, a leak.
_EVERYONES = re.compile(
    r"(?<![^\W_])(?:pins|passwords|passcodes|mots[ ]de[ ]passe|in[ ]the[ ]world|worldwide"
    r"|in[ ](?:france|the[ ]uk|britain|europe)|au[ ]monde|en[ ](?:france|europe)|d['’]apr[èe]s"
    r"|according|surveys?|stud(?:y|ies)|[ée]tudes?|sondages?|lists?|listes?|leak\w*|fuites?"
    r"|of[ ]all|de[ ]tous)(?![^\W_])"
)
_OWNED = re.compile(
    r"(?<![^\W_])(?:my|our|his|her|their|mine|ours|mon|ma|mes|notre|nos|son|sa|ses|leurs?"
    r"|mien\w*|sien\w*|n[ôo]tre)(?![^\W_])"
)
# The value's clause: a statistic in an earlier sentence says nothing of it.
_SENTENCE_BREAK = re.compile(r".*(?:[;!?]|\.[ ])")
_STATISTIC_REACH = 80


def is_given_as_an_example(lower: str, start: int, end: int) -> bool:
    """The lowered note calls the value at `start:end` an example, right before or after it,
    says it is the commonest of everyone's or a factory's default, or shows it "like" this in
    advice against it."""
    reach = max(0, start - _EXAMPLE_REACH)
    if _EXAMPLE_BEFORE.search(lower, reach, start) is not None or is_factory_default(
        lower, start, end
    ):
        return True
    if _label_before(_EXAMPLES_LABEL, lower, start, 80):
        return True
    clause = line_start_within(lower, start, _STATISTIC_REACH)
    broken = _SENTENCE_BREAK.match(lower, clause, start)
    clause = clause if broken is None else broken.end()
    sentence_end = min(end_of_line(lower, end), end + _STATISTIC_REACH)
    if (
        # "« 123456 » reste le mot de passe le plus utilisé en France": said after it too.
        _COMMONEST_BEFORE.search(lower, clause, sentence_end)
        and _EVERYONES.search(lower, clause, sentence_end)
        and not _OWNED.search(lower, clause, end)
    ):
        return True
    if _LIKE_BEFORE.search(lower, reach, start) is not None or _label_before(
        _LIKE_A_PAIR, lower, start, _PAIR_REACH
    ):
        return _ADVICE.search(lower, start_of_line(lower, start), start) is not None
    if _EXAMPLE_AFTER.match(lower, end) is not None:
        return True
    first = _first_of_listed_examples(lower, start)
    return first != start and is_given_as_an_example(lower, first, start)


# The value after another and "or", "and" or a comma: "du type Azerty123 ou Marseille13",
# "like Summer2024, Password1 or Welcome!1": each item of a list of examples is one.
_LISTED_AFTER = re.compile(
    r"(?<![^\s\"'«“(])[\"'«“]?(?P<item>[^\s,\"'«»“”]{3,40})[\"'»”]?"
    r"(?:,[ ]?|[ ](?:or|ou|and|et|nor|ni)[ ]|,[ ](?:or|ou|and|et)[ ])[\"'«“]?\Z"
)
_MAX_LISTED = 4
_LISTED_REACH = 48


def _first_of_listed_examples(lower: str, start: int) -> int:
    """Where the first item of the list the value at `start` ends starts (itself if none)."""
    for _ in range(_MAX_LISTED):
        listed = _LISTED_AFTER.search(lower, max(0, start - _LISTED_REACH), start)
        if listed is None:
            break
        start = listed.start("item")
    return start


# The line above asks which unit, room or flat: the reply is its number ("which unit?⏎C-118").
_ASKS_A_PLACE_NUMBER = re.compile(
    r"(?<![^\W_])(?:which|what|quel|quelle)(?:['’]s|[ ]is|[ ]are)?(?:[ ](?:the|your|our|its))?"
    r"[ ](?:unit|flat|apartment|room|suite|bay|plot|pitch|berth|building|block|number|appart\w*"
    r"|chambre|salle|bâtiment|numéro|emplacement|lot|ext|extension|poste|line|ligne|article"
    r"|locker|casier|seat|table|crate)s?"
    r"(?![^\W_])[^\n?]*\?[ \t]*\Z"
)


# Or which film, show, game or book: the reply is its title ("which film tonight?⏎Tom:
# StarWars2025 (the new one)", "on joue à quel jeu ?⏎Mario-Kart-8").
_ASKS_A_TITLE = re.compile(
    r"(?<![^\W_])(?:which|what|quel|quelle|quels|quelles)(?:['’]s|[ ]is|[ ]are)?"
    r"(?:[ ](?:the|your|our|its|le|la|les))?"
    r"[ ](?:films?|movies?|shows?|series|s[ée]ries?|episodes?|[ée]pisodes?|games?|jeux?|books?"
    r"|livres?|songs?|chansons?|albums?|podcasts?|matchs?|matches|teams?|[ée]quipes?|plays?"
    r"|pi[èe]ces?|concerts?|expos?|exhibitions?)"
    r"(?![^\W_])[^\n?]*\?[ \t]*\Z"
)


def is_reply_to_a_place_question(lower: str, start: int) -> bool:
    """The value's line answers the line above asking which unit, room, extension or budget
    line, or which film, show, game or book, naming no code."""
    line_start = start_of_line(lower, start)
    if line_start == 0:
        return False
    above = start_of_line(lower, line_start - 1)
    if _PASSWORD_NOUN.search(lower, above, line_start - 1) is not None:
        return False  # "which room's code?": the reply is a code
    return (
        _ASKS_A_PLACE_NUMBER.search(lower, above, line_start - 1) is not None
        or _ASKS_A_TITLE.search(lower, above, line_start - 1) is not None
    )


# A person's or a firm's identity number, printed on their papers: the groups right after its
# noun are that number ("numéro fiscal 1234 5678 9012 3", "NI number: QQ 12 34 56").
_IDENTITY_NUMBER_BEFORE = re.compile(
    r"(?<![^\W_])(?:(?:num[ée]ro|n°|no\.?)[ ](?:fiscal|de[ ]s[ée]curit[ée][ ]sociale|siret|siren"
    r"|de[ ]tva|d['’]identification[ ]fiscale)|(?:tax|passport|national[ ]insurance|ni|nhs"
    r"|social[ ]security|vat)[ ](?:number|no\.?|id))[ \t]*[:=]?[ \t]*(?:[0-9a-z]{1,6}[ ]){0,5}\Z"
)
_IDENTITY_REACH = 60


def is_identity_number(lower: str, start: int) -> bool:
    """The value follows an identity number's noun on its line, maybe after its first groups."""
    return _label_before(_IDENTITY_NUMBER_BEFORE, lower, start, _IDENTITY_REACH)


# An account's or a person's reference, which a bank, a firm or a portal gives out and prints
# on letters and invoices: bank details shared to be paid (sort code, account number, IBAN,
# BIC, RIB), a customer's, member's, policy's or contract's number, a login's user name.
# The noun right before the value; the secret that goes with it is a noun of its own ("account
# 30918264, online banking PIN 4471").
_ACCOUNT_NOUN = (
    r"(?:(?:bank[ ])?(?:account|acct|a/c)(?:[ ](?:number|no\.?|n°|#|ref(?:erence)?|id))?"
    r"|sort(?:[ ]code)?|iban|bic|swift|rib|cl[ée][ ]rib|guichet"
    r"|(?:customer|client|member(?:ship)?|policy|contract|contrat|payee|user|login|adh[ée]rent"
    r"|allocataire|abonn[ée]|subscriber|patient|student|library|card|terminal|device|merchant"
    r"|asset|serial|frame|chassis|meter|supply|vehicle|registration|licen[cs]e|nhs|job|claim"
    r"|transaction|apiary|holding|herd|installer)[ ]"
    r"(?:number|no\.?|n°|#|id|ref(?:erence)?|num[ée]ro)"
    r"|user(?:name|[ ]name|[ ]?id)|login[ ]id|nom[ ]d['’]utilisateur"
    r"|identifiant(?:[ ](?:client|de[ ]connexion|bancaire|abonn[ée]|adh[ée]rent))?"
    r"|(?:num[ée]ro|n°|no\.?)[ ](?:de[ ])?(?:client|compte|contrat|adh[ée]rent|allocataire"
    r"|abonn[ée]|police|dossier|membre)"
    r"|compte(?:[ ](?:client|bancaire|joint|courant|n°))?"
    # What a reference is of may follow it: "ref job 77120", "réf dossier 2291".
    rf"|(?:ref(?:erence)?|r[ée]f[ée]rence|r[ée]f)(?:[ ](?!{_SECRET_STEMS})[^\W\d_]+)?"
    # A member's number, its noun alone in a block's label: "Adhérent : 0412".
    r"|adh[ée]rent|membre|member(?:ship)?"
    r"|libell[ée])"
)
_ACCOUNT_REFERENCE_BEFORE = re.compile(
    rf"(?<![^\W_]){_ACCOUNT_NOUN}"
    # Words in brackets ("Bank account (for the builder): …"), none naming the secret.
    rf"(?:[ ]?\((?![^)\n]*{_SECRET_STEMS})[^()\n]{{0,30}}\))?"
    # The provider's name may stand before a colon ("numéro client Free : 12345678").
    rf"(?:[ ](?!{_SECRET_STEMS})[\w.&'’-]+[ \t]*[:=])?"
    r"[ \t]*(?:[:=#→-]|is|est|c['’]est)?[ \t]*\Z"
)
# A table's column of user names or account numbers ("| Login | Password |").
_ACCOUNT_COLUMN = re.compile(rf"{_ACCOUNT_NOUN}|logins?|users?|utilisateurs?")
# What such a reference looks like: digits (in groups) maybe after capitals ("SEC-774120",
# "FR76 3000 6000 …", "JSMITH47"), or a lower-case user name ("jdurand", "dr.okafor"); a value
# with a symbol, or mixed case and digits ("Chorale!2024"), is a password even there.
_ACCOUNT_REFERENCE = re.compile(
    r"(?=[A-Z0-9 ./-]*[0-9])[A-Z0-9]+(?:[ ./-][A-Z0-9]+)*|[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*"
)
_REFERENCE_REACH = 48
# Where the clause naming the account starts: a secret's noun before it in that clause owns the
# value ("Code de récupération du compte Microsoft : …", "code d'accès au compte Orange : …").
_CLAUSE_START = re.compile(r".*[,;.!?—–|:(]")


def is_account_reference(text: str, lower: str, start: int, end: int) -> bool:
    """The value at `start:end` is an account's reference, named as such right before it or
    at the head of its table column."""
    if _ACCOUNT_REFERENCE.fullmatch(text, start, end) is None:
        return False
    line_start = start_of_line(lower, start)
    named = _ACCOUNT_REFERENCE_BEFORE.search(
        lower, max(line_start, start - _REFERENCE_REACH), start
    )
    if named is not None:
        reach = max(line_start, named.start() - _REFERENCE_REACH)
        clause = _CLAUSE_START.search(lower, reach, named.start())
        clause_start = reach if clause is None else clause.end()
        return _NAMES_A_SECRET.search(lower, clause_start, named.start()) is None
    header = _column_header(lower, start)
    return header is not None and _ACCOUNT_COLUMN.fullmatch(header) is not None


_TABLE_RULE = re.compile(r"[\s|:+-]*")
_MAX_ROWS = 30


def _column_header(lower: str, start: int) -> str | None:
    """The header of the pipe table's column the value at `start` sits in, stripped."""
    line_start = start_of_line(lower, start)
    if "|" not in lower[line_start:start]:
        return None
    column = lower.count("|", line_start, start) - lower[line_start:start].lstrip().startswith("|")
    header = line_start
    for _ in range(_MAX_ROWS):
        if header == 0:
            break
        above = start_of_line(lower, header - 1)
        if "|" not in lower[above : header - 1]:
            break
        header = above
    cells = lower[header : end_of_line(lower, header)].strip().strip("|").split("|")
    if header == line_start or _TABLE_RULE.fullmatch(cells[0]) or column >= len(cells):
        return None
    return cells[column].strip(" *_`")


# A phone number: a national one (a 0 then 9 or 10 more digits) or an international one (a
# "+" then 9 to 14 digits), in groups; recovery codes come in groups of one size, four digits
# or more ("0413 7720 …"), and are not read as one.
_PHONE_RUN = re.compile(r"\+?[0-9]+(?:[ .-]?\(?[0-9]+\)?)*")
_PHONE_REACH = 20


def is_phone_number(text: str, start: int, end: int) -> bool:
    """The value at `start:end` is a phone number, or one of its groups: a number to call,
    whatever it is labelled (a recovery phone, an alarm company's line)."""
    run_start = start
    while run_start > max(0, start - _PHONE_REACH) and (
        text[run_start - 1].isdigit()
        or text[run_start - 1] == "+"
        or (text[run_start - 1] in " .-" and text[run_start - 2 : run_start - 1].isdigit())
    ):
        run_start -= 1
    run = _PHONE_RUN.match(text, run_start, end + _PHONE_REACH)
    if run is None or run.end() < end:
        return False
    groups = re.findall(r"[0-9]+", run[0])
    digits = sum(map(len, groups))
    if run[0].startswith("+"):
        national = 10 <= digits <= 15
    else:
        national = run[0].startswith("0") and 10 <= digits <= 11
    same_long_groups = len(groups) > 1 and len(set(map(len, groups))) == 1 and len(groups[0]) >= 4
    return national and not same_long_groups


# Words about secrets rather than one: what a glossary, a translation or a style guide lists.
_SECRET_VOCABULARY = frozenset(
    (
        *("password", "passwords", "passcode", "passphrase", "pin", "puk", "code", "codes"),
        *("token", "tokens", "jeton", "key", "keys", "clé", "clef", "login", "username"),
        *("identifiant", "identifiants", "mot de passe", "mots de passe", "code pin", "otp"),
        *("code secret", "secret code", "access code", "code d'accès", "user name", "secret"),
        *("nom d'utilisateur", "credentials", "sign in", "log in", "lock", "serrure"),
    )
)
# A note that lists words and their translations or meanings (not one that only mentions a
# translation: a translator's notes hold their own passwords).
_GLOSSARY = re.compile(
    r"(?<![^\W_])(?:glossar(?:y|ies)|glossaires?|lexiques?|lexicon|vocab\w*"
    r"|terminolog\w*|style[ ]guide|ui[ ]strings?|word[ ]of[ ]the[ ]day"
    r"|mots?[ ]du[ ]jour|définitions?|definitions?)(?![^\W_])"
)
_GLOSSARY_LINES = 3
_GLOSSARY_REACH = 240  # characters read either side: a long line stays linear


def is_glossary_word(lower: str, start: int, end: int) -> bool:
    """The value is a word about secrets ("« identifiant » → username"), or a word of a
    glossary or a translation listed on its line or under a heading just above."""
    value = lower[start:end]
    if value in _SECRET_VOCABULARY:
        return True
    if not all(char.isalpha() or char in " '’-" for char in value):
        return False
    above = start_of_line(lower, start)
    for _ in range(_GLOSSARY_LINES):
        if above > 0:
            above = start_of_line(lower, above - 1)
    above = max(above, start - _GLOSSARY_REACH)
    below = min(end_of_line(lower, start), end + _GLOSSARY_REACH)
    return _GLOSSARY.search(lower, above, below) is not None


# A classification's codes, each printed in a public list (waste, customs, trade, activity,
# diagnosis): "EWC codes for the sheet: 20 01 01 paper, 20 01 40 metals", "code douanier :
# 8471 30 00", "Codes déchets pour le registre : 20 01 01 papier, 20 01 40 métaux".
_CLASSIFICATION_CODE = (
    r"(?:waste|ewc|hs|tariff|commodity|customs|sic|naics|nace|icd(?:-10|-11)?|diagnosis"
    r"|procedure|cpv|classification)[ ]codes?"
    r"|codes?[ ](?:d[ée]chets?|ewc|douaniers?|(?:de[ ]la[ ])?douane|naf|ape|nace|ccam|cpv"
    r"|(?:de[ ]la[ ])?nomenclature(?:[ ]d[ée]chets?)?|cim(?:-10|-11)?|rome|sh|tarifaires?"
    r"|de[ ]classification)"
)
_GAP = r"[ \t\u00a0\u202f]"  # a French colon's narrow no-break space included
_WHOSE_CODE = r"(?:[ ](?:for|of|on|de|du|des|sur|pour|in|à)[ ][^\W\d_][\w' -]{0,30}?)?"
# A code that is public by what its noun says: a dialling code, a postcode, an error's, a
# promotion's, a course's or a product's code, a budget's or a ledger's, a classification's
# ("Area code for Leeds is 0113", "code postal 69003", "from budget code 4470"). A code sent to
# confirm or verify, a gift's or a booking's, may open something.
_PUBLIC_CODE_BEFORE = re.compile(
    r"(?<![^\W_])(?:(?:area|dialling|dialing|country|postal|post|zip|error|exit|status|http"
    r"|promo|promotional|discount|coupon|course|module|product|sort|iso|qr|bar|tracking|dress"
    r"|exam|syllabus|subject|qualification|fault|boiler"
    r"|highway|tax|morse|source|budget|cost|nominal|ledger|expenses?|billing|project|stop)"
    r"[ ]codes?"
    r"|codes?[ ](?:postal|postaux|promo|barres?|d['’]erreur|erreur|pays|iso|produit|article"
    r"|source|de[ ]la[ ]route|vestimentaire|couleur|insee|budg[ée]taire|analytique"
    rf"|comptable|projet|d['’]imputation|(?:d['’])?arr[êe]t)|{_CLASSIFICATION_CODE})"
    rf"{_WHOSE_CODE}{_GAP}*(?:[:=→-]|is|est|c['’]est)?{_GAP}*\Z"
)
_PUBLIC_CODE_REACH = 60
# The list's label, before each of its codes on the line.
_CLASSIFICATION_LIST = re.compile(
    rf"(?<![^\W_])(?:{_CLASSIFICATION_CODE}){_WHOSE_CODE}{_GAP}*[:=→]"
)
_LIST_LINE_REACH = 200


def is_public_code(lower: str, start: int) -> bool:
    """The value at `start` follows the noun of a public code on its line, or is one of the
    codes listed after a classification's label."""
    if _label_before(_PUBLIC_CODE_BEFORE, lower, start, _PUBLIC_CODE_REACH):
        return True
    line_start = line_start_within(lower, start, _LIST_LINE_REACH)
    return lower.find("code", line_start, start) != -1 and _named_before(
        _CLASSIFICATION_LIST, lower, start, _LIST_LINE_REACH
    )


# An exam centre's number, printed on every candidate's entry and timetable: "Centre code
# 1420" under a grade exam's times, "numéro de centre : 0751" on a DELF convocation. A centre
# named with no exam near it ("sports centre code: 4471") may be a door's.
_CENTRE_NUMBER_BEFORE = re.compile(
    r"(?<![^\W_])(?:cent(?:re|er)(?:[ ](?:codes?|numbers?|no\.?|n°|id))?"
    r"|(?:codes?|num[ée]ro|n°)[ ](?:du[ ]|de[ ])?centre(?:[ ]d['’]examens?)?)[ \t]*[:=]?[ \t]*\Z"
)
_EXAM_WORDS = re.compile(
    r"(?<![^\W_])(?:exams?|examens?|examinations?|candidates?|candidats?|[ée]preuves?|convocations?"
    r"|abrsm|trinity|lamda|gcse|a-levels?|delf|dalf|ielts|toefl|toeic|brevet|bac|invigilat\w*"
    r"|surveillants?|syllabus|mock)(?![^\W_])"
)
_CENTRE_REACH = 40
_EXAM_REACH = 300


def is_exam_centre_number(lower: str, start: int) -> bool:
    """The value (or the "code" naming it) at `start` follows a centre's number, with an exam
    named within a few lines before it or on its line."""
    line_start = start_of_line(lower, start)
    if _CENTRE_NUMBER_BEFORE.search(lower, max(line_start, start - _CENTRE_REACH), start) is None:
        return False
    after = min(end_of_line(lower, start), start + _EXAM_REACH)
    return _EXAM_WORDS.search(lower, max(0, start - _EXAM_REACH), after) is not None


# A phone's extension ("contact Ruth ext. 4471", "poste 2207"), or a Wi-Fi network's name
# ("réseau « Livebox-7A2C »", "SSID: Studio_Guest"), which the network's key follows.
_EXTENSION_OR_NETWORK_BEFORE = re.compile(
    r"(?<![^\W_])(?:ext\.?|extension|poste|network|r[ée]seau|ssid|network[ ]name"
    r"|nom[ ]du[ ](?:r[ée]seau|wi-?fi))[ \t]*[:=]?[ \t]*[«\"'“‘]?[ \t\u00a0\u202f]*\Z"
)
_EXTENSION_REACH = 24


def is_an_extension_or_a_network(lower: str, start: int) -> bool:
    """The value follows the noun of a phone's extension or of a Wi-Fi network's name."""
    return _label_before(_EXTENSION_OR_NETWORK_BEFORE, lower, start, _EXTENSION_REACH)


# A hint's label, the colon after it: "Indice du mot de passe : « premier chat »".
_HINT_LABEL = re.compile(
    r"(?<![^\W_])(?:hints?|indices?)(?![^\W_])[^:=\n]{0,30}[:=][ \t]*[«\"'“‘]?[ \t\u00a0\u202f]*\Z"
)
_HINT_REACH = 48


def is_a_hint(lower: str, start: int) -> bool:
    """The value is a password's hint, labelled so."""
    return _label_before(_HINT_LABEL, lower, start, _HINT_REACH)


# A till's report or a receipt, numbered: "Till Z-report: 4471", "ticket Z n° 4471".
_TILL_REPORT_BEFORE = re.compile(
    r"(?<![^\W_])(?:[zx][ -]?reports?|(?:reports?|tickets?|rapports?)[ ][zx]|receipts?|re[çc]us?)"
    r"(?:[ ](?:no\.?|n°|number|num[ée]ro))?[ \t]*[:=#]?[ \t]*\Z"
)
_TILL_REPORT_REACH = 24


def is_a_till_report(lower: str, start: int) -> bool:
    """The value is a till's report's or a receipt's number."""
    return _label_before(_TILL_REPORT_BEFORE, lower, start, _TILL_REPORT_REACH)


# A meter's readings, one or several: "meter readings 04412 / 01873", "relevé compteur 04412",
# "gas reading 3321, electricity 04412, water 0187": after the noun, only readings and the
# meters' words.
_METER_WORDS = (
    r"readings?|relev[ée]s?|compteurs?|index|gas|electricity|elec|water|gaz|eau|[ée]lectricit[ée]"
    r"|day|night|jour|nuit|hp|hc|kwh|and|et|de|du"
)
_READING_BEFORE = re.compile(
    r"(?<![^\W_])(?:readings?|relev[ée]s?|compteurs?|odometer|mileage|kilom[ée]trage)"
    rf"(?:[ \t]*(?:[:=,/;&.()-]|[0-9]+|(?<![^\W_])(?:{_METER_WORDS})(?![^\W_])))*[ \t]*\Z"
)
_READING_REACH = 80


def is_a_meter_reading(lower: str, start: int) -> bool:
    """The value is one of the readings a meter's noun names just before it."""
    return _label_before(_READING_BEFORE, lower, start, _READING_REACH)


# A floor and a side of an Iberian address: "3ºEsq", "2.º Dto", "1ª B".
_FLOOR = re.compile(r"[0-9]{1,2}\.?[ºª][ .-]?(?:[^\W\d_]{1,5}\.?)?")


def is_a_floor(value: str) -> bool:
    """The value is a floor said with an ordinal mark, and the flat's side."""
    return _FLOOR.fullmatch(value) is not None


# A flat's, an apartment's or a unit's number, named by its noun right before it ("it's flat 2 2
# 4 C", "l'appartement 2 2 4"), with no code's or lock's word just before the noun ("door code
# flat 12: …" names a code).
_DWELLING_BEFORE = re.compile(
    r"(?<![^\W_])(?:flats?|apartments?|apts?\.?|appartements?|appart|logements?|units?)"
    r"(?:[ ](?:n[°º]|no\.?|number|num[ée]ro))?[ ]\Z"
)
_CODE_BEFORE_A_DWELLING = re.compile(
    r"(?<![^\W_])(?:codes?|digicodes?|pins?|passwords?|mot[ ]de[ ]passe|keypads?|claviers?"
    r"|combinations?|combinaisons?)(?![^\W_])"
)
_DWELLING_REACH = 24


def is_a_dwellings_number(lower: str, start: int) -> bool:
    """The value is a flat's number, named by the noun right before it."""
    before = _DWELLING_BEFORE.search(lower, line_start_within(lower, start, _DWELLING_REACH), start)
    if before is None:
        return False
    clause = line_start_within(lower, before.start(), _DWELLING_REACH)
    return _CODE_BEFORE_A_DWELLING.search(lower, clause, before.start()) is None


# An inventory's tag or number on a piece of equipment: "asset 4 1 1 9", "Asset tag: 4119",
# "numéro d'inventaire : 4119", "étiquette d'inventaire 4 1 1 9": it names the thing.
_INVENTORY_TAG_BEFORE = re.compile(
    r"(?<![^\W_])(?:assets?(?:[ ](?:tags?|ids?|numbers?|no\.?|n°|#))?|inventory[ ](?:tags?"
    r"|numbers?|no\.?|ids?)|service[ ]tags?|(?:num[ée]ro|n°|[ée]tiquette|code)[ ]d['’]inventaire"
    r"|inventaire[ ](?:n°|no\.?))[ \t]*[:=#]?[ \t]*\Z"
)
_INVENTORY_REACH = 32


def is_an_inventory_tag(lower: str, start: int) -> bool:
    """The value is an equipment's inventory tag, labelled so right before it."""
    return _label_before(_INVENTORY_TAG_BEFORE, lower, start, _INVENTORY_REACH)


# Money counted in a till: a float, the takings, petty cash ("Fond de caisse : 1500", "Float:
# 150", "recette du jour : 2340"): an amount, not a code.
_CASH_AMOUNT_BEFORE = re.compile(
    r"(?<![^\W_])(?:fonds?[ ]de[ ]caisse|(?:cash[ ]|till[ ])?floats?|petty[ ]cash|takings"
    r"|cash[ ](?:in[ ]hand|up|count)|recettes?(?:[ ]du[ ]jour)?|esp[èe]ces|caisse[ ]du[ ]jour"
    r"|monnaie|change[ ]float|cashed[ ]up)(?:[ ](?:de|du|of|for|today|ce[ ]soir|ce[ ]matin"
    r"|[àa][ ]l['’]ouverture|at[ ]opening)(?:[ ][^\W\d_]+)?)?[ \t]*[:=]?[ \t]*[€$£]?[ \t]*\Z"
)
_CASH_REACH = 48


def is_a_cash_amount(lower: str, start: int) -> bool:
    """The value is money counted in a till, labelled so right before it."""
    return _label_before(_CASH_AMOUNT_BEFORE, lower, start, _CASH_REACH)


# The service whose credentials one signs in with, named right before them: "Sign in with
# Office365 credentials", "log in using your Google account", "use your Microsoft365 login".
_SIGN_IN_WITH_BEFORE = re.compile(
    r"(?<![^\W_])(?:with|using|via|through|use|avec|utilise[rz]?)"
    r"(?:[ ](?:your|my|our|their|the|his|her|vos|votre|tes|ton|mes|mon|leurs?|les))?[ ]+\Z"
)
_CREDENTIALS_AFTER = re.compile(
    r"[ \t]+(?:credentials|creds|login|log-in|account|id|sso|identifiants?|compte|single[ ]sign-on)"
    r"(?![^\W_])"
)
_SIGN_IN_REACH = 24


def is_whose_credentials_they_are(lower: str, start: int, end: int) -> bool:
    """The value names the service whose credentials one signs in with."""
    return (
        _CREDENTIALS_AFTER.match(lower, end) is not None
        and _SIGN_IN_WITH_BEFORE.search(lower, max(0, start - _SIGN_IN_REACH), start) is not None
    )


# A town's name, hyphened: "Saint-Jean-de-Luz", "Aix-en-Provence", "Boulogne-sur-Mer",
# "Stratford-upon-Avon", "Southend-on-Sea": a saint's name first or a place's particle inside.
_PLACE_NAME = re.compile(
    r"(?:(?:Saint|Sainte|St|Ste)-[A-ZÀ-Þ][\w'’]*(?:-[\w'’]+)*"
    r"|[A-ZÀ-Þ][\w'’]*(?:-[\w'’]+)*-(?:sur|sous|en|lès|lez|les|le|la|aux|au|upon|on|under"
    r"|in|by|am|an|im)-[A-ZÀ-Þ][\w'’]*(?:-[\w'’]+)*)"
)


def is_a_place_name(value: str) -> bool:
    """The value is a town's name, as hyphened names of places are built."""
    return _PLACE_NAME.fullmatch(value) is not None and not any(c.isdigit() for c in value)


# Saying who one is, which anyone may say: "it's Beth from Paws", "c'est Beth de Paws", "this
# is Dr Khan", "Beth from Paws".
_WHO_ONE_IS = re.compile(
    r"(?:(?i:it['’]s|it[ ]is|this[ ]is|i['’]m|i[ ]am|c['’]est|ici|je[ ]suis|moi[ ]c['’]est)[ ]+)?"
    r"(?:(?:Dr|Mr|Mrs|Ms|Mme|M\.|Me)[ ]+)?[A-ZÀ-Þ][a-zà-ÿ'’-]+(?:[ ][A-ZÀ-Þ][a-zà-ÿ'’-]+)?"
    r"(?:[ ](?i:from|of|with|at|de|du|des|de[ ]la|chez|pour|for)[ ]+(?:the[ ]|la[ ]|le[ ]|l['’])?"
    r"[\w'’&-]+(?:[ ][\w'’&-]+){0,2})?"
)
_INTRODUCING = re.compile(
    r"(?i:it['’]s|it[ ]is|this[ ]is|i['’]m|i[ ]am|c['’]est|ici|je[ ]suis"
    r"|moi[ ]c['’]est)[ ]|[ ](?i:from|de|du|chez|of)[ ]"
)


def is_saying_who_one_is(value: str) -> bool:
    """The words said introduce the speaker: a name, maybe after "it's", maybe with where they
    come from; not a name alone, which may be a code word."""
    return _WHO_ONE_IS.fullmatch(value) is not None and _INTRODUCING.search(value) is not None


# "mot de passe Berger-Levrault → demander au SIVU", "password Netflix -> ask Tom": the word
# right after the noun names whose password it is; the arrow says where the password is.
_NAMED_THEN_POINTED = re.compile(
    r"[ \t]*(?:→|->|=>|—|–)[ \t]*(?:ask|see|check|voir|demande[rz]?|cf\.?)(?![^\W_])"
)
_NOUN_RIGHT_BEFORE = re.compile(r"[^\W\d_][ \t]+\Z")


def is_whose_password_it_is(lower: str, start: int, end: int) -> bool:
    """The value follows its noun with no separator and an arrow then says whom to ask."""
    return (
        _NAMED_THEN_POINTED.match(lower, end) is not None
        and _NOUN_RIGHT_BEFORE.search(lower, max(0, start - 4), start) is not None
    )


def is_shown_not_used(text: str, lower: str, start: int, end: int) -> bool:
    """A value a note shows without anyone using it: a Wi-Fi's security mode ("key:
    WPA2_Personal"), a game's answer, an example ("évitez les mots de passe genre Soleil2024"),
    a glossary's word, a phone number, an account's or a document's reference, a product's
    model, a public code (a dialling code, a postcode), a number explained as one, a fault's
    code, a measure, a floor, a meter's reading, an extension, a network's name, a hint, a
    till's report, the name of whose password it is, a flat's number, an inventory's tag, money
    counted in a till, the service whose credentials one signs in with, a network's name, a
    date, a sign's words, a show's title, another secret named, an alarm clock's time, a score,
    a user name, a map's reference, who did the work, a record's number, a vehicle's record.
    The rules, the slots and the line scorer all let these pass."""
    return (
        is_security_mode(text[start:end])
        or is_a_network_name(text[start:end])
        or is_a_days_date(text[start:end])
        or is_a_notes_item(text, lower, start, end)
        or is_the_same_as_another(text[start:end])
        or is_an_alarm_clock_time(lower, start, end)
        or is_a_signs_words(lower, start, end)
        or is_a_shows_title(lower, start, end)
        or is_a_dated_event(lower, start, end)
        or is_a_score(lower, start, end)
        # cheap labels right before or after the value first: a flood of one is read quickly
        or is_a_user_name(lower, start)
        or is_a_records_number(lower, start)
        or is_who_did_the_work(text, lower, start)
        or is_a_map_reference(lower, start, end)
        or is_a_dwellings_number(lower, start)
        or is_an_inventory_tag(lower, start)
        or is_a_cash_amount(lower, start)
        or is_whose_credentials_they_are(lower, start, end)
        or is_game_answer(lower, start)
        or is_given_as_an_example(lower, start, end)
        or is_reply_to_a_place_question(lower, start)
        or is_identity_number(lower, start)
        or is_account_reference(text, lower, start, end)
        or is_phone_number(text, start, end)
        or is_glossary_word(lower, start, end)
        or is_document_reference(text[start:end])
        or is_model_number(text, start, end)
        or is_public_code(lower, start)
        or is_exam_centre_number(lower, start)
        or is_explained_as_a_number(text, end)
        or is_fault_code(text, start, end)
        or is_what_it_is_given_for(lower, start)
        or is_a_things_number(lower, start, end)
        or is_a_measure(text[start:end])
        or is_a_path(text[start:end])
        or is_a_jobs_number(lower, start)
        or is_a_kit_list(lower, start)
        or is_a_floor(text[start:end])
        or is_a_meter_reading(lower, start)
        or is_an_extension_or_a_network(lower, start)
        or is_a_hint(lower, start)
        or is_a_till_report(lower, start)
        or is_whose_password_it_is(lower, start, end)
        or is_a_vehicles_record(text, start, end)
    )


# A user name, labelled so right before it ("user: volunteer2⏎pw: on the card in the drawer",
# "utilisateur : accueil2"): the account's name, which its password (given or not) opens.
_USER_NAME_BEFORE = re.compile(
    r"(?<![^\W_])(?:user(?:[ ]?name)?|user[ ]id|utilisateur|nom[ ]d['’]utilisateur"
    r"|identifiant(?!s))[ \t]*[:=]?[ \t]*\Z"
)
_USER_NAME_REACH = 24


def is_a_user_name(lower: str, start: int) -> bool:
    """The value is the user name its label names, not the password."""
    return _label_before(_USER_NAME_BEFORE, lower, start, _USER_NAME_REACH)


# A place on a map: a grid reference ("grid ref SK 4521 8830", "NGR TQ 305 805"), coordinates
# ("GPS 48.8566, 2.3522", "coordonnées : 45°45'N 4°50'E"), a cadastral parcel ("parcelle AB
# 112"): anyone may read it off a map; its numbers open nothing.
_MAP_REFERENCE_BEFORE = re.compile(
    r"(?<![^\W_])(?:grid[ ]?ref(?:erence)?s?|os[ ]grid(?:[ ]ref)?|ngr|gps|coordinates|coords"
    r"|co-ordinates|lat(?:itude)?|long(?:itude)?|lat/long|lat/lon|coordonn[ée]es(?:[ ]gps)?"
    r"|parcelles?(?:[ ]cadastrales?)?|r[ée]f(?:[ée]rence)?[ ]cadastrale|cadastre)"
    r"[ \t]*[:=]?[ \t]*(?:[a-z]{1,2}[ ])?[0-9 .,°'′\"″nsewo/-]*\Z"
)
_MAP_VALUE = re.compile(r"[a-z]{0,2}[ ]?[0-9][0-9 .,°'′\"″nsewo/-]*")
_MAP_REACH = 48


def is_a_map_reference(lower: str, start: int, end: int) -> bool:
    """The value is a place's grid reference or coordinates, or one of their numbers."""
    return _MAP_VALUE.fullmatch(lower, start, end) is not None and _label_before(
        _MAP_REFERENCE_BEFORE, lower, start, _MAP_REACH
    )


# Who did the work, after their trade's label: "Technicien : SécuriVal", "Installer: SafeHome
# Ltd", "fitted by Banham", "serrurier – Martin & Fils": a firm's or a person's name.
_TRADE_BEFORE = re.compile(
    r"(?<![^\W_])(?:technici[ae]ns?|technicienne|engineers?|ing[ée]nieurs?|installers?"
    r"|installateurs?|fitters?|locksmiths?|serruriers?|electricians?|[ée]lectriciens?"
    r"|plumbers?|plombiers?|contractors?|prestataires?|entreprises?|soci[ée]t[ée]s?|company"
    r"|firm|intervenants?|d[ée]panneurs?|(?:fitted|installed|serviced|done)[ ]by"
    r"|(?:pos[ée]e?|install[ée]e?|fait)[ ]par)[ \t]*[:=–—-]?[ \t]*\Z"
)
_NAME = re.compile(r"[A-ZÀ-Þ][\w&'’.-]*(?:[ ][A-ZÀ-Þ&][\w&'’.-]*)*")
_TRADE_REACH = 32


def is_who_did_the_work(text: str, lower: str, start: int) -> bool:
    """The value is a capitalised name after a tradesperson's or a firm's label."""
    name = _NAME.match(text, start)
    return name is not None and _label_before(_TRADE_BEFORE, lower, start, _TRADE_REACH)


# A record's number, after its noun and maybe its sign: "note le ticket n° 1239", "order no.
# 88213", "commande #5521", "facture 4471": the ticket's, the order's number, not a code.
_RECORD_BEFORE = re.compile(
    r"(?<![^\W_])(?:tickets?|orders?|commandes?|invoices?|factures?|devis|quotes?|dossiers?"
    r"|cases?|receipts?|contrats?|contracts?|clients?|customers?|issues?|bugs?"
    r"|items?|articles?|bons?[ ]de[ ]\w+|bookings?|r[ée]servations?)"
    r"[ \t]*(?:n[°º]|no\.?|#|num(?:[ée]ro|ber)?)?[ \t]*[:=]?[ \t]*\Z"
)
_RECORD_REACH = 32


def is_a_records_number(lower: str, start: int) -> bool:
    """The value is a ticket's, an order's or an invoice's number, named right before it."""
    return _label_before(_RECORD_BEFORE, lower, start, _RECORD_REACH)


# A vehicle's record, on a tag or a sticky by its keys: "van 2 MOT due 14/09, reg KX19 BFA,
# 84,210 miles", "Kangoo : CT 03/26, vidange à 120 000 km": words a phrase used as a
# password does not hold two of.
_VEHICLE_RECORD = re.compile(
    r"(?<![^\W_])(?:mot|ct|contr[ôo]le[ ]technique|services?|servicing|r[ée]visions?"
    r"|vidanges?|reg|registration|plates?|plaques?|immat\w*|miles|mileage|kms?"
    r"|kilom[ée]trage|tyres?|tires?|pneus?|insurance|assurance|tax|vignette)(?![^\W_])"
)
_RECORD_WORDS = 2


_CLOSING_QUOTES = {"'": "'", '"': '"', "«": "»", "“": "”", "‘": "’"}


def is_a_vehicles_record(text: str, start: int, end: int) -> bool:
    """The value is a phrase giving a vehicle's dates, plate or mileage, or its first words
    opening a quote that does."""
    before = text[max(0, start - 3) : start].rstrip(" \u00a0\u202f")  # "« Kangoo"
    closing_quote = _CLOSING_QUOTES.get(before[-1:])
    if closing_quote is not None:
        closing = text.find(closing_quote, end, end_of_line(text, end))
        end = end if closing == -1 else closing
    phrase = text[start:end].lower()
    if " " not in phrase.strip():
        return False
    return len({match[0] for match in _VEHICLE_RECORD.finditer(phrase)}) >= _RECORD_WORDS


# A secret's word between a look-alike's noun and the value gives the value back to the secret:
# "the door sign says the Wi-Fi password is …", "the alarm code changed to 0630 for the bins".
_CODE_WORD = re.compile(
    r"(?<![^\W_])(?:codes?|pins?|pass\w*|mdp|mots?[ ]de[ ]passe|digicodes?|combinations?"
    r"|combinaisons?|combos?|keypads?|claviers?|disarm\w*|d[ée]sarm\w*|unset|keys?|cl[ée]s?)"
    r"(?![^\W_])"
)
_CLAUSE_REACH = 60


def _named_before(
    noun: re.Pattern[str], lower: str, start: int, reach: int = _CLAUSE_REACH
) -> bool:
    """`noun` on the value's line before it, and no secret's word between them."""
    nearest = None  # a secret's word before the nearest noun belongs to another clause
    for match in noun.finditer(lower, line_start_within(lower, start, reach), start):
        nearest = match
    return nearest is not None and _CODE_WORD.search(lower, nearest.end(), start) is None


# An alarm clock's time: "Changed the alarm to 0630 because the bins go out early", "réveil
# mis à 6h45": a time of day after an alarm's noun, on a line about waking or a clock's.
_TIME_OF_DAY = re.compile(r"(?:[01]?[0-9]|2[0-3])(?:[:h.]?[0-5][0-9])?(?:[ ]?(?:am|pm))?")
_ALARM = re.compile(r"(?<![^\W_])(?:alarms?|alarmes?|r[ée]veils?)(?![^\W_])")
_CLOCK_WORDS = re.compile(
    r"(?<![^\W_])(?:wake\w*|woke|early|morning|mornings|am|pm|o['’]clock|snooze|bed|sleep\w*"
    r"|get(?:ting)?[ ]up|clock|bins?|school[ ]run|commute|shift|weekdays?|weekends?"
    r"|r[ée]veil\w*|t[ôo]t|matin\w*|lever|lève|dormir|sonne\w*|poubelles?|semaine|week-end"
    r"|horaires?|heures?|school|[ée]cole|tomorrow|demain|train|flight|airport|a[ée]roport"
    r"|gym|jog\w*|run)(?![^\W_])"
)


def is_an_alarm_clock_time(lower: str, start: int, end: int) -> bool:
    """The value is the time an alarm clock rings, not an alarm's code."""
    if _TIME_OF_DAY.fullmatch(lower, start, end) is None or not _named_before(_ALARM, lower, start):
        return False
    line_start, line_end = start_of_line(lower, start), end_of_line(lower, end)
    return (
        _CLOCK_WORDS.search(lower, line_start, line_end) is not None
        and _CODE_WORD.search(lower, line_start, line_end) is None
    )


# What a sign, a notice or a status says: "Changed the door sign to 'back-in-ten-minutes'",
# "panneau de la porte : « fermé-pour-travaux »": words, after the sign's noun.
_SIGN = re.compile(
    r"(?<![^\W_])(?:signs?|signage|notices?|banners?|captions?|status|statuses|slogans?"
    r"|mottos?|taglines?|away[ ]messages?|out[ ]of[ ]office|panneaux?|pancartes?|[ée]criteaux?"
    r"|affiches?|affichettes?|enseignes?|statuts?|l[ée]gendes?|devises?|messages?[ ]d['’]absence)"
    r"(?![^\W_])"
)
_SIGN_WORDS = re.compile(r"[^\W\d_]+(?:[- _'’][^\W\d_]+)+")
# A sign's words may come after what it does and in quotes: 'now reads "meeting-in-progress"'.
_SIGN_READS = re.compile(
    r"(?:(?:says|reads|shows|dit|indique|affiche|annonce)[ ]+)?[\"'«“‘]?[ \u00a0\u202f]*"
)


def is_a_signs_words(lower: str, start: int, end: int) -> bool:
    """The value is words a sign or a status shows to anyone passing, not a passphrase."""
    words = lower[start:end].strip()  # "« fermé-pour-travaux »" keeps the quotes' spaces
    words = _SIGN_READS.sub("", words, count=1).rstrip("\"'»”’ ")  # the leftmost match: at 0
    return _SIGN_WORDS.fullmatch(words) is not None and _named_before(_SIGN, lower, start)


# "Mot de passe", "Password": television game shows, named with their channel, their episode
# or their evening: "Mot de passe « spécial Noël » ce soir sur France 2".
_TV_SHOW = re.compile(
    r"(?<![^\W_])(?:france[ ]?[2345]|tf1|m6|arte|bbc(?:[ ]one|[ ]two)?|itv|channel[ ][45]|nbc|cbs"
    r"|[ée]missions?|[ée]pisodes?|jeu[ ]t[ée]l[ée]vis[ée]|game[ ]shows?|tv[ ]shows?"
    r"|t[ée]l[ée][ ]ce[ ]soir|ce[ ]soir[ ]sur|tonight[ ]on|replay|rediffusion|saison|season"
    r"|pr[ée]sent[ée]e?[ ]par|hosted[ ]by|contestants?|candidats?)(?![^\W_])"
)
_SHOW_REACH = 120


def is_a_shows_title(lower: str, start: int, end: int) -> bool:
    """The value is words on a line about a television programme: its episode's title."""
    words = lower[start:end].strip()
    if _SIGN_WORDS.fullmatch(words) is None and not words.isalpha():
        return False
    line_start = line_start_within(lower, start, _SHOW_REACH)
    line_end = min(end_of_line(lower, end), end + _SHOW_REACH)
    return _TV_SHOW.search(lower, line_start, line_end) is not None


# "password 'same-as-the-router-one'", "mdp : pareil-que-la-box": the value sends the reader
# to another secret, it is none itself.
_SAME_AS_ANOTHER = re.compile(
    r"(?:same|identical|pareil|identique|(?:le[ _-]|la[ _-])?m[êe]me|idem|ditto|comme)"
    r"(?:[ _-](?:as|to|que|qu['’]|than|celui|celle|the|le|la|l['’]|du|de|for|pour)){1,3}"
    r"[ _-]?[^\W\d_]+(?:[ _-][^\W\d_]+)*"
)


def is_the_same_as_another(value: str) -> bool:
    """The value is words saying the secret is the same as another one."""
    return _SAME_AS_ANOTHER.fullmatch(value.lower()) is not None


# A date by what happens on it: "the next visit is now 12-03-26, safe inspection",
# "rendez-vous d'entretien : 04/11/25"; not a date alone, of what a code is made ("coffre =
# date de mon permis, 14/06/05").
_DATE = re.compile(
    r"(?P<day>[0-9]{1,2})(?P<separator>[-/.])(?P<month>[0-9]{1,2})(?P=separator)(?:[0-9]{2}|[0-9]{4})"
)
_DATED_EVENT = re.compile(
    r"(?<![^\W_])(?:visits?|visites?|appointments?|rdv|rendez-vous|inspections?|services?"
    r"|servicing|check-?ups?|contr[ôo]les?|entretiens?|r[ée]visions?|meetings?|r[ée]unions?"
    r"|deliver(?:y|ies)|livraisons?|due|deadlines?|[ée]ch[ée]ances?|renewals?"
    r"|renouvellements?|expir\w*|scheduled|booked|pr[ée]vue?s?|planned|pr[ée]vu)(?![^\W_])"
)
_LAST_MONTH = 12


def is_a_dated_event(lower: str, start: int, end: int) -> bool:
    """The value is the date of a visit, an inspection, a delivery: a day and a month."""
    date = _DATE.fullmatch(lower, start, end)
    if date is None or not (
        0 < int(date["day"]) <= _LAST_DAY and 0 < int(date["month"]) <= _LAST_MONTH
    ):
        return False
    return _named_before(_DATED_EVENT, lower, start)


# A game's or a match's score: "safe game score is now 2-1-0", "résultat du match : 3-1".
_SCORE = re.compile(
    r"(?<![^\W_])(?:scores?|scored|scoreline|results?|r[ée]sultats?|final[ ]score|won|lost"
    r"|drew|beat|half[ -]?time|full[ -]?time|mi-temps|victoire|d[ée]faite|gagn[ée]|perdu"
    r"|match[ ]nul|tally)(?![^\W_])"
)
_SCORE_VALUE = re.compile(r"[0-9]{1,2}(?:[ ]?[-–:][ ]?[0-9]{1,2}){1,3}")


def is_a_score(lower: str, start: int, end: int) -> bool:
    """The value is a game's score, small numbers apart, said after a score's word."""
    return _SCORE_VALUE.fullmatch(lower, start, end) is not None and _named_before(
        _SCORE, lower, start
    )


# A sticky note, and where one is stuck beside a machine one logs into: a password is typed there.
STICKY_STEMS = ("post-it", "postit", "post it", "sticky", "pense-bête")
AT_A_MACHINE = re.compile(
    r"(?<![^\W_])(?:screens?|écrans?|monitors?|moniteurs?|pcs?|ordis?|computers?|ordinateurs?"
    r"|laptops?|keyboards?|claviers?|tills?|caisses?|terminals?|terminaux|tpe|imacs?|macbooks?"
    r"|registers?|card[ ]machines?)(?![^\W_])"
)
_ITEM_AND_COUNT = re.compile(r"[^\W\d_]+[0-9]{1,3}")
_NOTE_REACH = 120
_NETWORK_WORD = re.compile(r"(?<![^\W_])(?:wi-?fi|wlan|ssid|r[ée]seau|network)(?![^\W_])")


def is_a_notes_item(text: str, lower: str, start: int, end: int) -> bool:
    """On a sticky note away from a machine (on the fridge, a door, a diary) a lowercase word
    and a count is a list's item, shopping or errands: "Post-it : lait / beurre22"; not after a
    secret's or a network's word ("post-it on the fridge: wifi / sunflower42")."""
    value = text[start:end]
    if _ITEM_AND_COUNT.fullmatch(value) is None or not value.islower():
        return False
    line_start = line_start_within(lower, start, _NOTE_REACH)
    stuck = max(lower.rfind(stem, line_start, start) for stem in STICKY_STEMS)
    return (
        stuck != -1
        and AT_A_MACHINE.search(lower, line_start, start) is None
        and _CODE_WORD.search(lower, stuck, start) is None
        and _NETWORK_WORD.search(lower, stuck, start) is None
    )


# Things known by a number or a name that changes: a room, a ward, a flight, a platform, a seat,
# a version, a plan or a tariff; a gate or a "porte" only where people board. "Room changed to 2
# 1 4 0", "Version is now 2104", "Abonnement passé à Premium-Plus-2026", "La réunion a changé de
# salle : maintenant salle 3102", "Changed the room to 2 1 4 0": the value is the thing's new
# number or name, which opens nothing. A lock's or a code's word in the clause keeps it a code
# ("room door changed to …").
_CHANGING_THINGS = (
    r"rooms?|salles?|chambres?(?![ ]froide)|wards?|flights?|vols?|platforms?|quais?|voies?"
    r"|seats?|si[èe]ges?|versions?|firmware|builds?|releases?|plans?|forfaits?|tarifs?"
    r"|tariffs?|abonnements?|subscriptions?|offres?|tables?|bus|trains?|coach|voitures?"
)
_BOARDING_THINGS = r"gates?|portes?(?:[ ]d['’]embarquement)?"
_BOARDING = re.compile(
    r"(?<![^\W_])(?:boarding|board|flights?|departures?|terminal|airport|embarquement|vols?"
    r"|a[ée]roport|d[ée]part)(?![^\W_])"
)
_CHANGE = (
    r"(?:(?:has|have|was|is|a|est|a[ ]été|has[ ]been|have[ ]been)[ ])?"
    r"(?:changed|moved|switched|updated|upgraded|chang[ée]e?s?|modifi[ée]e?s?|d[ée]plac[ée]e?s?"
    r"|pass(?:e|[ée]e?s?)[ ](?:à|au|en)|devient|becomes|now|maintenant|d[ée]sormais"
    r"|mise?[ ]à[ ]jour)"
)
_THING_CHANGED = re.compile(
    rf"(?<![^\W_])(?:(?P<thing>{_CHANGING_THINGS})|(?P<boarding>{_BOARDING_THINGS}))"
    rf"(?:[ ][^\W\d_][\w'’]*){{0,2}}?[ ]{_CHANGE}(?![^\W_])"
    rf"|(?<![^\W_])(?:chang\w*|changement|moved)[ ](?:de|of)[ ]"
    rf"(?:(?P<thing2>{_CHANGING_THINGS})|(?P<boarding2>{_BOARDING_THINGS}))(?![^\W_])"
    # "Changed the room to 2 1 4 0", "on a mis la salle de réunion à 2104"
    rf"|(?<![^\W_])(?:chang\w*|moved|switched|(?:re)?mis|pass[ée]e?|d[ée]plac\w*)[ ]"
    rf"(?:the|our|le|la|les|l['’]|notre)[ ]?(?:{_CHANGING_THINGS})"
    rf"(?:[ ][^\W\d_][\w'’]*){{0,2}}?[ ](?:to|à|en)(?![^\W_])"
)
# Rooms that lock, and a code's or a lock's words: their number is a code.
LOCKED_ROOM = re.compile(
    r"(?<![^\W_])(?:server|store|stock|storage|boiler|plant|comms|strong|changing|locker|cold"
    r"|freezer|panic|safe|drug|drugs|medicine|meds|treatment|soins|stups?|pharmacie)[ ]"
    r"(?:rooms?|salles?)|(?<![^\W_])salles?[ ]de[ ](?:soins|pharmacie|stockage|serveurs?)"
    r"|(?<![^\W_])(?:codes?|pins?|passwords?|passcodes?|passphrases?|(?:mots?|phrases?)[ ]de"
    r"[ ]passe|mdp|digicodes?"
    r"|combinations?|combinaisons?|combos?|cl[ée]s?|keys?|wi-?fi|doors?|portes?(?![ ]d['’]emb)"
    r"|locks?|padlocks?|cadenas|alarms?|alarmes?|keypads?|claviers?|safes?|coffres?|lockers?"
    r"|casiers?)(?![^\W_])"
)
# Where a room is, said right after its number: "room 1 2 0 4 is on the left", "salle 2104 au
# fond du couloir", "bureau 3012 se trouve au 3e étage".
_ROOM_BEFORE = re.compile(
    r"(?<![^\W_])(?:rooms?|salles?|chambres?|bureaux?|offices?|wards?|suites?)"
    r"(?:[ ](?:n[°º]|no\.?|number|numéro))?[ ]\Z"
)
_WHERE_AFTER = re.compile(
    r",?[ ]+(?:(?:is|are|est|sont|se[ ]trouve|sits|lies)[ ])?(?:just[ ]|juste[ ])?"
    r"(?:on[ ]the[ ](?:left|right|\w+[ ]floor)|on[ ](?:your|the)[ ](?:left|right)|down[ ]the"
    r"|up[ ]the|upstairs|downstairs|next[ ]to|near[ ]the|opposite|past[ ]the|at[ ]the[ ]end"
    r"|at[ ]the[ ]top|at[ ]the[ ]back|(?:au|à)[ ](?:fond|bout|gauche|droite|rez|sous-sol)"
    r"|au[ ]\w+[ ](?:étage|niveau)|en[ ]face|près[ ]d|à[ ]côté|après[ ]l|avant[ ]l"
    r"|(?:in|dans)[ ](?:the[ ]|le[ ]|la[ ])?(?:corridor|couloir|wing|aile|basement|annex"
    r"|annexe|block|bâtiment))(?![^\W_])"
)
_THING_REACH = 80


def is_a_things_number(lower: str, start: int, end: int) -> bool:
    """The value is a changing thing's new number or name, in a clause with no code's or
    lock's word, or a room's number said with where the room is."""
    line_start = start_of_line(lower, start)
    if (
        _ROOM_BEFORE.search(lower, max(line_start, start - 24), start) is not None
        and _WHERE_AFTER.match(lower, end) is not None
    ):
        return True
    clause = max(line_start, start - _THING_REACH)
    changed = _THING_CHANGED.search(lower, clause, start)
    if changed is None or LOCKED_ROOM.search(lower, clause, start) is not None:
        return False
    boarding = changed["boarding"] or changed["boarding2"]
    return (
        boarding is None or _BOARDING.search(lower, line_start, end_of_line(lower, end)) is not None
    )


# A size, an area or a volume: "14 m2", "40 x 30 cm", "18 m²", "3 m x 2 m".
_MEASURE = re.compile(
    r"[0-9]+(?:[.,][0-9]+)?[ ]?(?:(?:m2|m²|m3|m³|cm|mm|km|kg|sq[ ]?ft|ft²|ft|ha|l|ml|cl|m)"
    r"(?:[ ]?[x×][ ]?[0-9]+(?:[.,][0-9]+)?[ ]?(?:m2|m²|cm|mm|m)?)?"
    r"|[x×][ ]?[0-9]+(?:[.,][0-9]+)?[ ]?(?:m2|m²|cm|mm|m))",
    re.IGNORECASE,
)


def is_a_measure(value: str) -> bool:
    """The value is a quantity and its unit, not a code."""
    return _MEASURE.fullmatch(value) is not None


# A shared folder or a file's path: "\\\\NAS01\\Projects", "C:\\Compta\\2024": where, not how.
_PATH = re.compile(r"\\\\[\w.$-]+(?:\\[^\s\\]*)*|[A-Za-z]:\\[^\s]*")


def is_a_path(value: str) -> bool:
    """The value is a network share's or a disk's path, which anyone with access opens with
    their own account."""
    return _PATH.fullmatch(value) is not None


# A kit list: clothes and gear, each with its size or model ("coat 44, pants 36/30, helmet
# Cairns 1044", "veste 52, pantalon 44, casque MSA 2210"): the number is the item's.
_GEAR = (
    r"coats?|jackets?|pants|trousers|shirts?|t-shirts?|polos?|boots|shoes|gloves|helmets?"
    r"|overalls|vests?|hoodies?|uniforms?|sizes?|manteaux?|vestes?|blousons?|pantalons?"
    r"|chemises?|bottes|chaussures|gants|casques?|combinaisons?[ ]de[ ]travail|gilets?|tailles?"
    r"|pointures?"
)
_GEAR_ITEM = re.compile(rf"(?<![^\W_])(?:{_GEAR})[ ](?:[a-zà-ÿ]+[ ]){{0,2}}[0-9]")
_GEAR_BEFORE = re.compile(rf"(?<![^\W_])(?:{_GEAR})[ ](?:[^\W\d_]+[ ]){{0,2}}\Z")
_GEAR_REACH = 32


def is_a_kit_list(lower: str, start: int) -> bool:
    """The value follows an item of clothing or gear on a line listing another with its
    number: a size or a model, not a code."""
    if _GEAR_BEFORE.search(lower, max(0, start - _GEAR_REACH), start) is None:
        return False
    line_start = start_of_line(lower, start)
    return len(_GEAR_ITEM.findall(lower, line_start, end_of_line(lower, start))) >= 2


# A quoted thing after "for" is what a password would be given for, not the password: "never
# share your Steam password for "free skins"", "ton code contre « un cadeau »".
_FOR_A_QUOTED_THING = re.compile(
    r"(?<![^\W_])(?:for|pour|against|contre|in[ ]exchange[ ]for|en[ ][ée]change[ ]d['’]\w*)"
    r"[ ][\"'«“‘][ \u00a0\u202f]?\Z"
)
_FOR_REACH = 24


def is_what_it_is_given_for(lower: str, start: int) -> bool:
    """The value is the quoted bait a password is asked for, not the password."""
    return _FOR_A_QUOTED_THING.search(lower, max(0, start - _FOR_REACH), start) is not None


# The nouns that say numbers are things' numbers: every rule's words saying what numbers are
# start from these (NUMBERS_NAMED here, place_codes' before a run, codes' in a label), each
# adding the words its own look-alikes need; one list for all would change their decisions.
NUMBER_NOUNS = r"numbers?|num[ée]ros?|n°"
# Words of a heading or an item saying what the numbers are, or that the things are sold.
NUMBERS_NAMED = re.compile(
    rf"(?<![^\W_])(?:{NUMBER_NOUNS}"
    r"|prices?|prix|tarifs?|costs?|co[ûu]ts?|sizes?|tailles?|pointures?|floors?"
    r"|[ée]tages?|levels?|niveaux?|capacit(?:y|ies|[ée]s?)|places|seats"
    r"|nos?|sale|vendre|vente|stock|inventory|inventaire|orders?|commandes?|models?"
    r"|mod[èe]les?|refs?|r[ée]f[ée]rences?|marks?|grades?|scores?|ages?|âges?|ext"
    r"|extensions?|postes?|phones?|t[ée]l[ée]phones?|t[ée]l|rooms?[ ]numbers?|installed"
    r"|install[ée]e?s?|bought|achet[ée]e?s?|buy|acheter|dimensions?|weights?|poids|kg|cm|mm"
    r"|years?|ans|ann[ée]es?|built|since|depuis|deliver\w*|livr\w*|shopping|courses|rent\w*"
    r"|hire|location|loyers?|fees?|frais|monthly|mensuel\w*|weekly"
    # times and counts: "Changing rooms (opening)⏎Ladies: 0700", "Total footfall: 2370"
    r"|opening|ouverture|hours|horaires|times|total|totaux|footfall|visits|visitors|visites"
    r"|fr[ée]quentation|counts?|comptages?|readings?|relev[ée]s?)(?![^\W_])"
)
# A list's heading naming what its places' numbers are: prices, sizes, capacities, stock.
_WHAT_A_LIST_COUNTS = re.compile(
    r"(?<![^\W_])(?:prices?|prix|tarifs?|costs?|co[ûu]ts?|sizes?|tailles?|capacit(?:y|ies|[ée]s?)"
    r"|sale|vente|vendre|stock|inventory|inventaire|orders?|commandes?|models?|mod[èe]les?"
    r"|dimensions?|weights?|poids|rent\w*|loyers?|fees?|frais)(?![^\W_])"
)
_LIST_REACH = 15  # lines of a list above an item where its heading is looked for


def is_listed_under_its_numbers_name(lower: str, line_start: int) -> bool:
    """The line starting at `line_start` is an item of a list whose heading names what its
    numbers are: "Bike shop prices⏎road bike: 899⏎mountain bike: 1249"."""
    start = line_start
    for _ in range(_LIST_REACH):
        if start == 0:
            return False
        above = start_of_line(lower, start - 1)
        line = lower[above : start - 1]
        if not line.strip():
            return False
        if not _NUMBER.search(line):
            return _WHAT_A_LIST_COUNTS.search(line) is not None  # the list's heading
        start = above
    return False


# "si un client oublie sa combinaison, appeler le SAV Safe&Co", "call the installer
# SafeGuard&Co": who is called about a secret, a firm or a person, not the secret.
_CALLED = re.compile(
    r"(?<![^\W_])(?:call|ring|contact|contacte[rz]?|appel(?:le|les|er|ez)|joindre)"
    r"(?:[ \t]+(?:the|le|la|l['’]|les))?(?:[ \t]+(?:sav|support|helpdesk|hotline|service[ ]client"
    r"|company|firm|société|locksmith|serrurier|installer|installateur))?[ \t]+\Z"
)
_CALLED_REACH = 32


def is_who_is_called(lower: str, start: int) -> bool:
    """The value at `start` is named right after a verb of calling someone."""
    return _CALLED.search(lower, max(0, start - _CALLED_REACH), start) is not None
