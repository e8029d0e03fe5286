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
  buying or servicing it ("Master Lock 5401, 34,99 €", "Hager Logisty 40917, pile changée");
- a command after a shell's pipe ("… | base64 -d"): its options follow it;
- a Wi-Fi's security mode ("WPA2_Personal", "WPA2-PSK"): what a router's page names beside
  its key; a network's other band, which starts as its name does ("HomeNet / HomeNet5G");
- a value given as an example ("pas de prénoms dans les mots de passe, genre Filou2008",
  "password is Tr0ub4dor&3 in the xkcd comic, a famous bad example", "don't use your pet's
  name + birth year, like Rex1990"): advice shows one, it is not used;
- a mask: one letter repeated ("xxxxxxxx", "XXXX-XXXX") stands for a value still to fill in;
- words that say where the secret is kept ("it's in the sealed envelope", "elle est dans le
  coffre", "kept in 1Password"): they locate the value, they are not it;
- a game's answer ("Quiz night Q: … A: Newport Pagnell", "Quiz de la fête⏎Réponse : 1754"):
  a quiz, a riddle or a crossword on the value's line or just above, no password on its line.
"""

import re

from .text import end_of_line, start_of_line

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
    line_start = max(start_of_line(text, start), start - _LIST_REACH)
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


# Letters, a year, then a number: an invoice's, a quote's or a file's reference.
_DOCUMENT_REFERENCE = re.compile(
    r"[A-Za-z]{2,6}[-/_. ]?(?:19|20)[0-9]{2}[-/_.][0-9]{1,6}(?:[-/_.][0-9A-Za-z]{1,4})?"
)


def is_document_reference(value: str) -> bool:
    """FAC-2024-0412, DEV-2025-118, INV/2024/0031: a reference, which a document prints."""
    return _DOCUMENT_REFERENCE.fullmatch(value) is not None


# Nouns whose number follows them: "Ticket 4410", "Order 88213", "facture 5521", "vol 8812".
_NAMING_NOUNS = frozenset(
    (
        *("ticket", "order", "commande", "invoice", "facture", "devis", "quote", "dossier"),
        *("case", "file", "room", "chambre", "salle", "bus", "flight", "vol"),
        *("n°", "nº", "no", "no.", "#", "number", "numéro", "num", "ref", "réf", "reference"),
        *("référence", "issue", "bug", "item", "article", "page", "contrat", "contract"),
        *("client", "customer", "parcel", "colis", "seat", "siège", "table"),
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


def is_explained_as_a_number(text: str, end: int) -> bool:
    """The words after the value say it is a number of something, not a code."""
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
    r"|énigmes?|brain[ ]?teasers?"
)
_GAME = re.compile(rf"(?<![^\W_])(?:{GAMES})(?![^\W_])")
_PASSWORD_NOUN = re.compile(
    r"(?<![^\W_])(?:pass\w*|mdp|mot[ ]de[ ]passe|pin|code|wi-?fi|login|identifiant\w*)(?![^\W_])"
)
_GAME_LINES = 3


def is_game_answer(lower: str, start: int) -> bool:
    """The value's line, or one of the lines just above it, is a quiz's or a riddle's, and its
    own line names no password or code."""
    line_start, line_end = start_of_line(lower, start), end_of_line(lower, start)
    if _PASSWORD_NOUN.search(lower, line_start, line_end) is not None:
        return False
    above = line_start
    for _ in range(_GAME_LINES):
        if above > 0:
            above = start_of_line(lower, above - 1)
    return _GAME.search(lower, above, line_end) is not None


# Two capitalised names right before the number: a brand and its model ("Master Lock").
_BRAND_BEFORE = re.compile(r"(?<![^\W_])[A-ZÀ-Þ][a-zà-ÿ]+[ ][A-ZÀ-Þ][a-zà-ÿ]+[ ]\Z")
_ABOUT_A_PRODUCT = re.compile(
    r"[$€£]|(?<![^\W_])(?:buy|bought|purchased?|ordered|acheter|achet[ée]e?s?|achats?"
    r"|command[ée]e?s?|price|prix|piles?|battery|batteries|batterie|manual|notice|models?"
    r"|mod[èe]les?|installed|install[ée]e?s?|homologu[ée]e?s?|warranty|garantie|reviews?)"
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


def is_model_number(text: str, start: int) -> bool:
    """The number at `start` follows a brand's and a model's names on a line about a product."""
    before = _BRAND_BEFORE.search(text, max(0, start - _BRAND_REACH), start)
    if before is None:
        return False
    words = before[0].lower().split()
    if any(word in _CODE_NAMES for word in words):
        return False
    line = text[start_of_line(text, start) : end_of_line(text, start)]
    return _ABOUT_A_PRODUCT.search(line) is not None


# Words right before a value that make it an example: "genre Filou2008", "e.g. Summer2024".
_EXAMPLE_BEFORE = re.compile(
    r"(?<![^\W_])(?:genre|e\.g\.|eg|such[ ]as|for[ ]example|for[ ]instance|par[ ]exemple"
    r"|par[ ]ex\.)[ \t]*[:,]?[ \t]*[\"'«“]?[ \t]*\Z"
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


def is_given_as_an_example(lower: str, start: int, end: int) -> bool:
    """The lowered note calls the value at `start:end` an example, right before or after it,
    or shows it "like" this in advice against it."""
    reach = max(0, start - _EXAMPLE_REACH)
    if _EXAMPLE_BEFORE.search(lower, reach, start) is not None:
        return True
    if _LIKE_BEFORE.search(lower, reach, start) is not None:
        return _ADVICE.search(lower, start_of_line(lower, start), start) is not None
    return _EXAMPLE_AFTER.match(lower, end) is not None


# The line above asks which unit, room or flat: the reply is its number ("which unit?⏎C-118").
_ASKS_A_PLACE_NUMBER = re.compile(
    r"(?<![^\W_])(?:which|what|quel|quelle)[ ](?:unit|flat|apartment|room|suite|bay|plot|pitch"
    r"|berth|building|block|number|appart\w*|chambre|salle|bâtiment|numéro|emplacement|lot)s?"
    r"(?![^\W_])[^\n?]*\?[ \t]*\Z"
)


def is_reply_to_a_place_question(lower: str, start: int) -> bool:
    """The value's line answers the line above asking which unit or room, naming no code."""
    line_start = start_of_line(lower, start)
    if line_start == 0:
        return False
    above = start_of_line(lower, line_start - 1)
    if _PASSWORD_NOUN.search(lower, above, line_start - 1) is not None:
        return False  # "which room's code?": the reply is a code
    return _ASKS_A_PLACE_NUMBER.search(lower, above, line_start - 1) is not None


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
    line_start = max(start_of_line(lower, start), start - _IDENTITY_REACH)
    return _IDENTITY_NUMBER_BEFORE.search(lower, line_start, start) is not None


def is_shown_not_used(text: str, lower: str, start: int, end: int) -> bool:
    """A value a note shows without anyone using it: a Wi-Fi's security mode ("key:
    WPA2_Personal"), a game's answer, an example ("évitez les mots de passe genre Soleil2024").
    The rules, the slots and the line scorer all let these pass."""
    return (
        is_security_mode(text[start:end])
        or is_game_answer(lower, start)
        or is_given_as_an_example(lower, start, end)
        or is_reply_to_a_place_question(lower, start)
        or is_identity_number(lower, start)
    )


# Words of a heading or an item saying what the numbers are, or that the things are sold.
NUMBERS_NAMED = re.compile(
    r"(?<![^\W_])(?:prices?|prix|tarifs?|costs?|co[ûu]ts?|sizes?|tailles?|pointures?|floors?"
    r"|[ée]tages?|levels?|niveaux?|capacit(?:y|ies|[ée]s?)|places|seats|numbers?|num[ée]ros?"
    r"|n°|nos?|sale|vendre|vente|stock|inventory|inventaire|orders?|commandes?|models?"
    r"|mod[èe]les?|refs?|r[ée]f[ée]rences?|marks?|grades?|scores?|ages?|âges?|ext"
    r"|extensions?|postes?|phones?|t[ée]l[ée]phones?|t[ée]l|rooms?[ ]numbers?|installed"
    r"|install[ée]e?s?|bought|achet[ée]e?s?|buy|acheter|dimensions?|weights?|poids|kg|cm|mm"
    r"|years?|ans|ann[ée]es?|built|since|depuis|deliver\w*|livr\w*|shopping|courses|rent\w*"
    r"|hire|location|loyers?|fees?|frais|monthly|mensuel\w*|weekly)(?![^\W_])"
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
