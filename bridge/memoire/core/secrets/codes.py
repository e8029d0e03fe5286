"""Codes a household says aloud: door, gate, alarm, digicode, safe, locker, CVV, SIM, 2FA backup.

A context ("alarm code", "code du coffre", "code for the key safe", "coffre-fort de l'hôtel, code",
"keypad", "digicode", "interphone … appuyer sur", "recovery key") followed, on the same line or
alone on the next one, by something shaped like a code: digits, digits with one or two letters
(4B12A), a combination (27-14-33, 12 34 56) or a grouped recovery code (ZK4P-7QWM). A short
number on the way is skipped ("press 21 then code 4490"). A year (2026) counts only right after
its context: "code porte 1984" is a code, "digicode installed in 2026" a date. A building's
or a staircase's abbreviation may stand between ("digicode bât. B 2476A", "code esc. A 1973B").
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.lookalikes import (
    NUMBER_NOUNS,
    is_a_dated_event,
    is_a_dwellings_number,
    is_account_reference,
    is_document_reference,
    is_enumerated,
    is_exam_centre_number,
    is_explained_as_a_number,
    is_factory_default,
    is_fault_code,
    is_model_number,
    is_named_by_its_noun,
    is_phone_number,
    is_range,
)
from memoire.core.secrets.text import YEAR, positions, start_of_line
from memoire.core.secrets.text import end_of_line as _line_end

# Things a code opens, in English and French: a regex alternation, read by window.py too.
THINGS_A_CODE_OPENS = (
    r"(?:front[ -])?doors?|gates?|alarms?|garages?|safes?|lockers?|locks?|padlocks?|keypads?"
    r"|lock[ -]?box|key[ -]?box|intercom|building|entry|entrance|parking|backup|recovery|2fa|mfa"
    r"|voicemail|phone|sim|card|bike|bicycle|porte|portail|alarme|entr[ée]e|coffre(?:-fort)?"
    r"|parental|parentale|grille|barri[èe]re|portillon"
    r"|mailbox|letter[ -]?box|bo[îi]te[ -]aux[ -]lettres|cave|cellar|storage|vestiaire"
    r"|unlock|d[ée]blocage|security|s[ée]curit[ée]"
    r"|cadenas|casier|bo[îi]te[ -][àa][ -]cl[ée]s|immeuble|interphone|acc[èe]s|d[ée]verrouillage"
    r"|secours|r[ée]cup[ée]ration|messagerie|carte|v[ée]lo|r[ée]sidence"
)
_CODE_WORDS = r"(?:codes?|combinations?|combinaisons?|combos?|pin|puk|nip|patterns?|sch[ée]mas?)"
# Things whose name alone announces a code: "keypad: 6093", "cadenas du vélo : 0472".
_STANDALONE = (
    r"digicode|interphone|intercom|keypads?|padlocks?|cadenas|lock[ -]?box|key[ -]?box"
    r"|key[ -]safe|bo[îi]te[ -][àa][ -]cl[ée]s|coffre[ -]fort|cvv2?|cvc2?|cryptogramme|puk"
    r"|combination|combinaison|disarm|d[ée]sarmer"
)
# Things that lock: named, a few words, then a colon and a code ("The safe in the hotel room:
# 592174", "Casier piscine n°42 : 5983") the thing's code is meant.
_LOCKING = (
    r"safes?|coffres?(?:-fort)?|lockers?|casiers?|padlocks?|locks?|cadenas|gates?|portails?|doors?"
    r"|portes?|mailbox|bo[îi]te[ -]aux[ -]lettres|digicode|keypad|alarms?|alarmes?"
    r"|portillon|garage|parking|entry|entrance|entr[ée]e|lock[ -]?box"
    r"|key[ -]?box|bo[îi]te[ -][àa][ -]cl[ée]s|interphone|intercom|unlock|pour[ ]entrer"
    r"|buildings?|immeubles?|b[âa]timents?|get[ ]into|to[ ]enter"
)
_PRESS = r"press|dial|punch|enter|appuyer|appuyez|taper|tapez|composer|composez"
_WORD = r"[^\W\d_][\w'’-]*"
_PREPOSITION = r"(?:for|to|of|on|pour|de|du|des|d['’]|de[ ]la|de[ ]l['’]|à|au)"
_TOKEN = r"[^\s.!?;:,]{1,15}"  # a word, a number, "n°42", "(Synology)" between thing and code
_CONTEXT = re.compile(
    rf"\b(?:(?:{THINGS_A_CODE_OPENS})(?:[ \t,:'’-]+{_TOKEN}){{0,4}}?[ \t,:'’-]+{_CODE_WORDS}"
    rf"|{_CODE_WORDS}[ ](?:{_PREPOSITION}[ ]?)?(?:{THINGS_A_CODE_OPENS})[sx]?"
    rf"|{_CODE_WORDS}[ ]{_PREPOSITION}[ ]?(?:{_WORD}[ ]){{0,4}}?(?:{THINGS_A_CODE_OPENS})[sx]?"
    rf"|{_STANDALONE}|codes?[ -](?:secret|pin|puk|confidentiel|perso(?:nnel)?|personal|priv[ée])"
    rf"|secret[ -]code"
    rf"|(?:{THINGS_A_CODE_OPENS}|{_STANDALONE})[^\n.]{{0,40}}?(?:opens?|s['’]ouvre|ouvre|unlocks?|ferme|closes?|locks?)"
    rf"[ ](?:with|avec|using)"
    rf"|(?:recovery|backup)[ -]keys?|cl[ée]f?s?[ ]de[ ](?:r[ée]cup[ée]ration|secours)"
    rf"|(?:{_LOCKING}|building|immeuble|r[ée]sidence|rooms?|sheds?|abri|local)"
    rf"[^\n\d]{{0,30}}?\b(?:{_PRESS})"
    rf"|(?:alarm|alarme)\b[^\n.]{{0,20}}?(?:disarm|d[ée]sactiv)\w*)\b"
)  # matched in the lowered note: a case-blind regex is several times slower
# "the code is 4821", "le code, c'est 1234B": a bare code said to be a value is a code to open
# something, unless the word before names another kind (error, postal, promo, booking code).
_BARE_CODE = re.compile(r"\bcode,?[ ](?:is|was|est|était|c['’]est)\b")
_LABELLED_THING = re.compile(
    rf"\b(?:{_LOCKING})(?:,?[ \t'’-]+{_TOKEN}){{0,6}}?[ \t]*(?:[:=]|→|->)[ \t]*(?=\w)"
)
# "code de l'appli bancaire : 482913": a code labelled by a colon, unless a word before the
# colon or before "code" names another kind ("code postal :", "discount code:").
_LABELLED_CODE = re.compile(r"\bcode(?:[ ](?P<label>[^\n:=]{0,60}?))?[ \t]*[:=][ \t]*(?=\w)")
# Words that make "code" name another kind of code, said before or after it ("code postal",
# "error code", "promo code", "sms code"): the rules reading a code's noun here and in layouts,
# code_lists and window take no such code for one that opens something.
OTHER_CODES = frozenset(
    (
        *(
            "error",
            "erreur",
            "status",
            "http",
            "exit",
            "return",
            "postal",
            "zip",
            "area",
            "country",
        ),
        *("pays", "iso", "naf", "ape", "insee", "tva", "vat", "swift", "bic", "sort", "routing"),
        *("promo", "discount", "coupon", "gift", "product", "produit", "article", "bar", "barre"),
        *("qr", "tracking", "suivi", "order", "commande", "booking", "réservation", "confirmation"),
        *("reference", "référence", "ref", "ticket", "source", "client", "customer", "colour"),
        *("color", "couleur", "dress", "morse", "voucher", "invite", "invitation", "referral"),
        *("verification", "vérification", "sms", "otp", "totp", "review", "route", "iata", "bic"),
        *(
            "iban",
            "one-time",
            "réduction",
            "reduction",
            "remise",
            "parrainage",
            "plu",
            "ean",
            "upc",
        ),
        *("départemental", "departement", "département", "région", "commune", "postale"),
        *("postaux", "postcode", "postcodes"),
        *("project", "projet", "issue", "course", "cours", "module", "item", "lot", "batch"),
        *("employee", "employé", "student", "élève", "dossier", "task", "tâche", "classe"),
        *("ue", "exam", "examen", "matière", "subject", "sku", "flight", "vol", "tax", "fiscal"),
        *("banque", "bank", "guichet", "agence", "branch"),  # a RIB's fields, printed on it
        *("budget", "budgétaire", "analytique", "comptable", "nominal", "ledger", "cost"),
        *("billing", "imputation", "stop", "arrêt"),  # a ledger's codes, a bus stop's
        *("waste", "ewc", "déchets", "déchet", "nomenclature", "nace", "sic", "naics", "cpv"),
        *("hs", "tariff", "commodity", "customs", "douane", "douanier", "douaniers", "tarifaire"),
        *("icd", "cim", "diagnosis", "ccam"),  # a classification's, printed in public lists
    )
)
# Words after a number that say it counts or measures something: "the code is 2000 lines".
COUNTED_UNITS = frozenset(
    (
        *("lines", "lignes", "loc", "tests", "files", "fichiers", "bytes", "octets", "words"),
        *("characters", "caractères", "chars", "mots", "users", "utilisateurs", "ms", "seconds"),
        *("secondes", "times", "fois", "euros", "dollars", "km", "kg", "pages", "commits"),
        *("litres", "liters", "l", "cm", "mm", "m", "g", "w", "kw", "kwh", "v", "mhz", "ghz"),
        *("go", "gb", "mo", "mb", "places", "seats", "steps", "pas", "calories", "kcal"),
        *("m²", "m2", "habitants", "inhabitants", "residents", "logements", "apartments"),
        *("appartements", "units", "floors", "étages"),
    )
)
_WORD_AFTER = re.compile(r"[ ]+([^\W\d_]+)")
_ENDS_LINKED = re.compile(r"(?:[:=]|\b(?:is|est|c['’]est|was|vaut))[ \t]*\Z", re.IGNORECASE)
_TIME_BEFORE = re.compile(
    r"\b(?:at|by|until|around|before|after|from|since|à|vers|avant|après|depuis|dès)[ ]+\Z",
    re.IGNORECASE,
)
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ ]+(?:du[ ]|de[ ]la[ ]|de[ ]|d['’])?\Z")


def _is_another_code(lowered: str, start: int, end: int) -> bool:
    """Another kind of code ("the error code is 5003"), or a count ("the code is 2000 lines")."""
    before = _WORD_BEFORE.search(lowered, max(0, start - 30), start)
    after = _WORD_AFTER.match(lowered, end)
    return (
        (before is not None and before[1] in OTHER_CODES)
        or (after is not None and after[1] in COUNTED_UNITS)
        or is_postal_pin(lowered, end)
        or is_exam_centre_number(lowered, start)  # "exam centre code: 1420"
    )


# India's postcodes are six digits called "PIN code"; the lines before then give an address.
_POSTAL_PIN = re.compile(r"(?<![0-9])[1-9][0-9]{5}\Z")
_ADDRESS_WORDS = re.compile(
    r"\b(?:address|adresse|street|road|avenue|lane|nagar|marg|salai|colony|sector|flat"
    r"|village|district|taluk|tehsil|rue|chemin|boulevard|cedex|india|inde|place|square"
    r"|(?:ship|deliver|send|post|courier)(?:ed|ing)?[ ]to|livr\w*[ ](?:à|au))\b"
)
# "PIN code: 560001", or "PIN 600002" / "Pin: 110001" beside an address's words.
_PIN_CODE = re.compile(r"\bpin(?:[ -]?code)?\b")
_PIN_REACH = 16  # characters before the number where "PIN code" is looked for
_ADDRESS_REACH = 200  # characters before the number where the address is looked for
_ADDRESS_AFTER = 80  # and after it, on its line: "110001, Connaught Place, New Delhi"


def is_postal_pin(lowered: str, end: int) -> bool:
    """The number ending at `end` is a postcode: "Ravi's address / 12 MG Road / Bengaluru /
    PIN code: 560001", "Ship to: 14 Anna Salai, Chennai - PIN 600002"."""
    number = _POSTAL_PIN.search(lowered, max(0, end - 7), end)
    if number is None:
        return False
    start = number.start()
    if _PIN_CODE.search(lowered, max(0, start - _PIN_REACH), start) is None:
        return False
    after = min(_line_end(lowered, end), end + _ADDRESS_AFTER)
    return (
        _ADDRESS_WORDS.search(lowered, max(0, start - _ADDRESS_REACH), start) is not None
        or _ADDRESS_WORDS.search(lowered, end, after) is not None
    )


# A few words, or a short number (press 21, étage 2), then the code, which holds a digit. A
# remark in brackets is one step, whatever it holds: "backup codes (keep offline!) 53d33-7efa6";
# so is a building's or a staircase's abbreviation, whose dot ends no sentence ("digicode bât.
# B 2476A", "door code bldg. 4 - 2580", "code esc. A 1973B").
_GAP = (
    r"(?:\([^()\n\d]{0,40}\)|[^\d\n.!?;]|(?<!\w)\d{1,2}(?!\w)"
    r"|(?<![^\W_])(?:b[âa]t|bldg|blk|esc|imm|r[ée]s|appt?|apt|ent)\.){0,50}?"
)
_CODE = (
    r"(?<![\w-])(?P<code>\d{1,2}(?:(?P<joiner>[- ])\d{1,2})(?:(?P=joiner)\d{1,2}){1,4}"
    r"|(?P<pair>\d{2}[ ]\d{2})(?![ ]?\d)"
    r"|(?=[\w-]*\d)[0-9A-Za-z]{3,6}(?:-[0-9A-Za-z]{3,6}){1,9}"
    r"|(?=[A-Za-z]{0,2}\d)[0-9A-Za-z]{3,8}"
    r"|(?=[A-Za-z]*\d)(?=[0-9]*[A-Za-z])[0-9A-Za-z]{9,64})(?=[#*]|[\s.,;:!?)]|$)"
)
_CODE_AFTER = re.compile(rf"(?P<gap>{_GAP}){_CODE}")
# The context ends its line, but for a name before a colon ("Microsoft :") or a remark in
# brackets ("(garage side):"): a line that goes on ("code de la carte : ne jamais l'écrire
# ici", "Code PIN : non défini") does not announce the next one.
_CODE_ON_NEXT_LINE = re.compile(
    rf"(?:(?:[ \t]+[^\W\d_][\w'’-]*){{1,2}}[ \t]*(?=:))?[ \t]*(?:\([^)\n]{{0,40}}\))?[ \t]*"
    rf"[:=—–-]?[ \t]*\n[ \t]*(?:[-*•][ \t]+)?{_CODE}"
)
# "alarm 4821", "alarme : 7302": a bare alarm number is its code, unless it reads as a wake-up
# time (0700, 0645: hours, then minutes on a five).
_ALARM_NUMBER = re.compile(r"alarm(?<!\walarm)e?[ \t]*[:=]?[ \t]*(?P<code>[0-9]{4,8})\b")
# "then code 6022 at the gate": a code, its number, then the thing it opens.
_CODE_THEN_THING = re.compile(
    rf"\bcode[ ](?P<code>[0-9]{{4,8}})[ ](?:at|on|for|of|to|pour|de|du|à|au)[ ]"
    rf"(?:(?:the|la|le|l['’])[ ]?)?(?:{THINGS_A_CODE_OPENS})\b"
)
# "taper 4512 puis valider pour ouvrir la porte": a number pressed, then what it opens.
_PRESS_TO_OPEN = re.compile(
    rf"\b(?:{_PRESS})[ ]+(?P<code>[0-9]{{4,8}})\b[^\n.!?]{{0,40}}?"
    r"\b(?:open|opens|unlock|unlocks|ouvrir|ouvre|d[ée]verrouiller|d[ée]sarmer|disarm)\b"
)
_PRESSED = re.compile(rf"\b(?:{_PRESS})\Z")
_RECOVERY = ("backup", "recovery", "secours", "récup", "recup", "2fa", "mfa")
_SHORT_CODES = ("cvv", "cvc", "crypto", "security", "code de sécurité", "code de securite")
_LONG_CODE = 9  # a code this long is a recovery code or a generated one, not one said aloud
# Combination locks and letter boxes often take three digits; doors and alarms take four or more.
_THREE_DIGIT_LOCKS = (
    *("comb", "cadenas", "padlock", "lock", "casier", "lettres", "mail", "letter", "safe"),
    *("coffre", "bike", "vélo", "velo", "cave", "cellar", "vestiaire"),
)
_PHONE_IN_PAIRS = re.compile(r"0[1-9](?:[ .-][0-9]{2}){4}")
_LINKING = re.compile(
    r"[\s:=,—–-]*(?:(?:is|est|c['’]est|was|now|maintenant)[\s:=,]*)*", re.IGNORECASE
)
_DIGIT = re.compile("[0-9]")
# Every context holds one of these (lowercased): the regex runs only on the lines that do.
_STEMS = (
    *("cod", "pin", "puk", "nip", "cv", "crypt", "comb", "inter", "larm", "keypad", "lock"),
    *("cadenas", "box", "safe", "coffre", "boîte", "boite", "recov", "récup", "recup"),
    *("press", "dial", "punch", "enter", "appuy", "tap", "compos", "sarm"),
    *("casier", "ouvr", "ouvre", "ferme", "open", "close"),
)
# Things named, or opened, before a colon and their code ("The safe in the hotel room: 592174").
_THING_STEMS = (
    *("safe", "coffre", "lock", "casier", "cadenas", "gate", "port", "door", "box", "boîte"),
    *("boite", "cod", "keypad", "larm", "entr", "inter", "build", "immeuble", "timent"),
    *("get into", "garage", "parking"),
)
_LABEL_REACH = 120  # a thing, six short words, a colon and a code's first digit
# A colon, "=" or an arrow ("→", "->"), then a digit soon after. One class of characters first,
# which `re` looks for fast: an alternation there made every thing's line cost twice as much.
_THEN_DIGIT = r"[ \t]*[0-9a-z]{0,4}[0-9]"
_COLON_THEN_DIGIT = re.compile(rf"[:=→>]{_THEN_DIGIT}")
# The same, one regex a mark, to tell whether a whole note holds any: `re` skips to a literal
# first character fast, where it tests a class of characters at every character (~40 µs over
# 20,000 characters, ~12 so); and a mark the note lacks (`in`, memory speed) costs no search.
_LINKS_THEN_DIGIT = tuple((mark, re.compile(re.escape(mark) + _THEN_DIGIT)) for mark in ":=→>")


def find_household_codes(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """`lowered` is `text` lowered with its positions kept (see text.lowered).

    A number listed with others of its size ("Door numbers: 1201, 1203, 1205"), explained as a
    number of something ("31045, that's the set number") or a product's model ("Master Lock
    5401, 34,99 €") is no code (lookalikes.py)."""
    for rule, start, end in _household_codes(text, lowered):
        if (
            not is_enumerated(text, start, end)
            and not is_explained_as_a_number(text, end)
            and not is_model_number(text, start, end)  # "Master Lock 5401, 34,99 €"
            and not is_phone_number(text, start, end)  # "the intercom calls 07700 900 461"
            and not is_account_reference(text, lowered, start, end)  # "identifiant 48821093"
            and not is_factory_default(lowered, start, end)  # "factory default PIN 1234"
            and not is_fault_code(text, start, end)  # "the boiler code was E119 (ignition failure)"
            and not is_a_dwellings_number(lowered, start)  # "Intercom: it's usually flat 2 2 4 C"
            and not is_a_dated_event(lowered, start, end)  # "RDV contrôle coffre : 15-06-26"
        ):
            yield rule, start, end


def _household_codes(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    if _links_to_a_digit(lowered):  # else no thing is labelled with a code
        thing_positions = [
            p
            for stem in _THING_STEMS
            for p in positions(lowered, stem)
            if _COLON_THEN_DIGIT.search(lowered, p, p + _LABEL_REACH) is not None
        ]
        for line_start, line_end in _lines_with(lowered, thing_positions, _COLON_THEN_DIGIT):
            for labelled in _LABELLED_THING.finditer(lowered, line_start, line_end):
                span = _labelled_thing_code(text, labelled)
                if span is not None:
                    yield ("household-code", *span)
    if _DIGIT.search(lowered) is not None:  # else no line holds a code
        stem_positions = [p for stem in _STEMS for p in positions(lowered, stem)]
        for line_start, line_end in _lines_with(lowered, stem_positions, _DIGIT):
            yield from _codes_on_line(text, lowered, line_start, line_end)


def _links_to_a_digit(lowered: str) -> bool:
    """`_COLON_THEN_DIGIT` anywhere in the note."""
    return any(
        mark in lowered and link.search(lowered) is not None for mark, link in _LINKS_THEN_DIGIT
    )


def _codes_on_line(
    text: str, lowered: str, line_start: int, line_end: int
) -> Iterator[tuple[str, int, int]]:
    """The codes of a line holding a stem and a digit, said in each way this module knows."""
    for context in _CONTEXT.finditer(lowered, line_start, line_end):
        span = _code_after(text, context) or _code_before(text, context)
        if span is not None and not _names_another_code(context[0]):
            yield ("household-code", *span)
    for bare in _BARE_CODE.finditer(lowered, line_start, line_end):
        span = _code_after(text, bare)
        if span is not None and not _is_another_code(lowered, bare.start(), span[1]):
            yield ("household-code", *span)
    for labelled in _LABELLED_CODE.finditer(lowered, line_start, line_end):
        span = _labelled_code(text, lowered, labelled)
        if span is not None:
            yield ("household-code", *span)
    for place in _CODE_OF_A_PLACE.finditer(lowered, line_start, line_end):
        span = _code_of_a_place(text, lowered, place)
        if span is not None:
            yield ("household-code", *span)
    yield from _numbers_on_line(lowered, line_start, line_end)


_LAST_CODE_WORD = re.compile(r"([^\W\d_]+)[ ]+(?:codes?|pin|nip)\Z")


def _names_another_code(context: str) -> bool:
    """ "card terminal showing error code 80426": the thing's words end on another kind of
    code, which a screen or a label shows."""
    last = _LAST_CODE_WORD.search(context)
    return last is not None and last[1] in OTHER_CODES


def _numbers_on_line(
    lowered: str, line_start: int, line_end: int
) -> Iterator[tuple[str, int, int]]:
    """Codes whose rule takes the number itself: 'code 6022 at the gate', 'taper 4512 pour
    ouvrir', 'alarm 4821'."""
    for coded in _CODE_THEN_THING.finditer(lowered, line_start, line_end):
        if not YEAR.fullmatch(coded["code"]):
            yield ("household-code", *coded.span("code"))
    for pressed in _PRESS_TO_OPEN.finditer(lowered, line_start, line_end):
        if not YEAR.fullmatch(pressed["code"]) and not is_wake_up_time(pressed["code"]):
            yield ("household-code", *pressed.span("code"))
    for alarm in _ALARM_NUMBER.finditer(lowered, line_start, line_end):
        if not is_wake_up_time(alarm["code"]):
            yield ("household-code", *alarm.span("code"))


def _labelled_thing_code(text: str, labelled: re.Match[str]) -> tuple[int, int] | None:
    """No word says "code" here: a short number is the thing's number ("Locker: 118"), a
    year its date, a time its schedule ("Alarm: 0645"), a measure its size ("420 litres")."""
    code = _CODE_AFTER.match(text, labelled.end())
    if code is None or code["gap"] or len(code["code"]) < _LABELLED_LENGTH:
        return None
    if _NUMBERED_LABEL.search(labelled[0]) is not None:
        return None  # "Door numbers on this floor: 1201": the things' numbers
    value = code["code"]
    if YEAR.fullmatch(value) or ("alarm" in labelled[0].lower() and is_wake_up_time(value)):
        return None
    after = _WORD_AFTER.match(text.lower(), code.end("code"))
    if after is not None and after[1] in COUNTED_UNITS:
        return None
    if text[code.end("code") : code.end("code") + 2].strip()[:1] in _CURRENCIES:
        return None  # "Garage, near the station: 3500 € per year": a price
    return code.span("code") if _is_code(value, labelled[0]) else None


_CURRENCIES = tuple("€$£%")
# A label naming its things' numbers ("Door numbers on this floor: 1201"), "nos" and "nº" too;
# `\b` both sides, so "n°" counts only stuck to what follows ("n°12").
_NUMBERED_LABEL = re.compile(rf"\b(?:{NUMBER_NOUNS}|nos|nº)\b")


_LABELLED_LENGTH = 4


def _labelled_code(text: str, lowered: str, labelled: re.Match[str]) -> tuple[int, int] | None:
    if any(word in OTHER_CODES for word in _LABEL_WORDS.findall(labelled["label"] or "")):
        return None
    code = _CODE_AFTER.match(text, labelled.end())
    if code is None or code["gap"]:
        return None
    if YEAR.fullmatch(code["code"]) and not labelled["label"]:
        return None  # "Code: 2024 edition"; "code parental de la télé : 1962" is a code
    if _is_another_code(lowered, labelled.start(), code.end("code")):
        return None
    return code.span("code") if _is_code(code["code"], labelled[0]) else None


_LABEL_WORDS = re.compile(r"[^\W\d_]+")
_NAMES_A_CODE = re.compile(r"\b(?:codes?|combinations?|combinaisons?|pin|digicode)\b")

# "code de la salle de pharmacie 7463*", "code for the staff room 3902": a code of some place,
# a few words naming it, then a number of four to eight digits, unless the words name another
# kind of code or a part of a text ("code de la consommation page 1245").
_CODE_OF_A_PLACE = re.compile(
    r"\bcode[ ](?:of|for|to|de|du|des|pour)[ ](?:(?:the|la|le|les|l['’])[ ]?)?"
    r"(?P<label>(?:[^\W\d_][\w'’-]*[ ]){1,4}?)(?=\d)"
)
_PARTS_OF_A_TEXT = frozenset(
    (
        *("article", "articles", "section", "chapter", "chapitre", "page", "line", "ligne"),
        *("alinéa", "paragraph", "paragraphe", "rule", "règle", "version", "edition", "édition"),
    )
)
_PLACE_CODE = re.compile(r"[0-9]{4,8}(?=[#*]|[ \t]*(?:[\n.,;]|$)|[ ]+[^\W\d_])")


def _code_of_a_place(text: str, lowered: str, place: re.Match[str]) -> tuple[int, int] | None:
    words = _LABEL_WORDS.findall(place["label"])
    if any(word in OTHER_CODES or word in _PARTS_OF_A_TEXT for word in words):
        return None
    code = _PLACE_CODE.match(text, place.end())
    if code is None or YEAR.fullmatch(code[0]):
        return None
    if _is_another_code(lowered, place.start(), code.end()):
        return None  # "code for the migration 2000 lines long"
    return code.span()


# "4821 is the alarm code", "1984A, c'est le code du portail": the code said first.
_CODE_BEFORE = re.compile(
    rf"{_CODE}[ \t]*,?[ \t]*(?:is|was|est|c['’]est|=|:|—)[ \t]+"
    r"(?:(?:the|my|our|le|la|l['’]|mon|ma|notre)[ \t]*)?(?:[^\W\d_][\w'’-]*[ \t]+){0,2}\Z",
    re.IGNORECASE,
)
_BEFORE_WINDOW = 48


def _code_before(text: str, context: re.Match[str]) -> tuple[int, int] | None:
    line_start = start_of_line(text, context.start())
    start = max(line_start, context.start() - _BEFORE_WINDOW)
    code = _CODE_BEFORE.search(text, start, context.start())
    if code is None or YEAR.fullmatch(code["code"]) or not _is_code(code["code"], context[0]):
        return None
    if _NUMBERED.search(text, start, code.start("code")) is not None:
        return None  # "Commande n° 448213 : nouveau cadenas": an order's number
    if is_named_by_its_noun(text, code.start("code")):
        return None  # "Ticket 7781 : le digicode ne marche plus": the ticket's number
    return code.span("code")


_PRODUCT_WORDS = re.compile(
    r"\b(?:model|mod[èe]le|brand|marque|make|type|size|taille|price|prix|ref|r[ée]f[ée]rence"
    r"|serial|s[ée]rie|part|pi[èe]ce|sku)\b",
    re.IGNORECASE,
)
_NUMBERED = re.compile(r"(?:\bn[°º]|\bno\.?|#)[ \t]*\Z", re.IGNORECASE)


def _code_after(text: str, context: re.Match[str]) -> tuple[int, int] | None:
    code = _CODE_AFTER.match(text, context.end())
    if code is not None:
        linked = _LINKING.fullmatch(code["gap"]) is not None
        said = linked or _ENDS_LINKED.search(code["gap"]) is not None
        if YEAR.fullmatch(code["code"]) and (not linked or _PRESSED.search(context[0])):
            return None  # "digicode installed in 2026", "enter 2024 as the model year"
        if _TIME_BEFORE.search(code["gap"]) or (len(code["code"]) < _LABELLED_LENGTH and not said):
            return None  # "code review at 1400"; "combinaison de ski taille 152"
        if _PRODUCT_WORDS.search(code["gap"]) is not None:
            return None  # "key safe model: Master Lock 5401": the thing's model, not its code
        if code["gap"] and is_named_by_its_noun(text, code.start("code"), places=False):
            return None  # "gate codes change, rooms 4012-4030 included": the rooms' numbers
        if code["pair"] is not None and not said:
            return None  # "gate code changed 12 03": a date; "code : 19 86" is a code
        return code.span("code") if _is_code(code["code"], context[0]) else None
    code = _CODE_ON_NEXT_LINE.match(text, context.end())
    if code is not None and _is_code(code["code"], context[0]):
        return code.span("code")
    return None


def _lines_with(lowered: str, stems: list[int], after: re.Pattern[str]) -> list[tuple[int, int]]:
    """A context never crosses a line, so a line without a stem (at these positions) cannot
    hold one; nor can a line where `after` (a digit, or a colon then a digit) is not found, on
    it or on the next line, hold a code."""
    lines: list[tuple[int, int]] = []
    end = -1
    for position in sorted(set(stems)):
        if position <= end:
            continue  # this line was judged already
        start = start_of_line(lowered, position)
        end = _line_end(lowered, position)
        if after.search(lowered, start, _line_end(lowered, end + 1)) is not None:
            lines.append((start, end))
    return lines


def is_wake_up_time(number: str) -> bool:
    """0700, 0645: hours, then minutes on a five."""
    return (
        len(number) == 4 and number.isdigit() and int(number[:2]) < 24 and int(number[2:]) % 5 == 0
    )


# Letters that spell an abbreviation, a dash, then a number: how courses, rooms and products
# are numbered in catalogues (a backup code mixes letters and digits inside its groups).
_CATALOGUE_NUMBER = re.compile(r"[A-Z]{2,6}-[A-Z]?[0-9]{2,6}")


def _is_code(value: str, context: str) -> bool:
    digits = sum(char.isdigit() for char in value)
    letters = len(value) - digits - value.count("-")
    lowered = context.lower()
    if "sarm" in lowered and all(is_wake_up_time(part) for part in value.split("-")):
        return False  # "disarm 0800-1800": hours, not a code
    recovery = any(word in lowered for word in _RECOVERY)
    if (_CATALOGUE_NUMBER.fullmatch(value) or is_document_reference(value)) and not recovery:
        return False  # MAT-2041, SKU-44817, FAC-2024-0412: a course, a product, an invoice
    if is_range(value) and not recovery and _NAMES_A_CODE.search(lowered) is None:
        return False  # "Lockers, level 2: 101-140": the lockers' numbers; "alarm code 1100-1199"
    if _PHONE_IN_PAIRS.fullmatch(value):
        return False  # "appeler le SAV au 04 90 12 34 56": a phone number, five pairs from 0
    if "-" in value or " " in value:
        return True  # a combination (27-14-33, 12 34 56) or a grouped recovery code (ZK4P-7QWM)
    if lowered.startswith(_SHORT_CODES):
        return letters == 0 and 3 <= len(value) <= 4
    if letters == 0:
        shortest = 3 if any(word in lowered for word in _THREE_DIGIT_LOCKS) else 4
        return shortest <= len(value) <= 8
    if any(word in lowered for word in _RECOVERY):
        return len(value) >= 4  # backup codes mix letters and digits freely: 7hq2, k9zt
    if len(value) >= _LONG_CODE:
        return "secret" in lowered
    return letters <= 2 and digits >= 3
