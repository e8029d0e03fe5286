"""Named features of a secret slot's value and of the words around it (slots.py weighs them).

Each feature is a name that is on or off, so the scorer is a sum of the weights of the names a
pair has, which a person can read: `v:digits4` (a value of four digits), `c:public_code` (a
promo code, a postcode or a booking reference is talked about near the label).
"""

import re
from collections.abc import Iterator
from functools import lru_cache
from math import log2

from memoire.core.secrets.passphrases import DESCRIBING_ENDINGS, NEVER_FIRST_WORDS, SENTENCE_WORDS

_WRAPPERS_BEFORE = "\"'`“‘«([*_<"
_WRAPPERS_AFTER = ".,;:)]}\"'`”’»*_>"
_QUOTES = "\"'`“‘«”’»"

_YEAR = re.compile(r"(?:19|20)[0-9]{2}s?")
_TIME = re.compile(r"[0-9]{1,2}(?:[:h][0-9]{2}|h|am|pm)(?:[0-9]{2})?")
_DATE = re.compile(r"[0-9]{1,4}[/.-][0-9]{1,2}[/.-][0-9]{1,4}|[0-9]{1,2}/[0-9]{2,4}")
_PHONE = re.compile(r"\+?[0-9][0-9 .()-]{8,}[0-9]")
_PRICE = re.compile(r"[$€£]\s?[0-9][0-9.,]*|[0-9][0-9.,]*\s?(?:[$€£]|eur|usd|chf)")
_VERSION = re.compile(r"v?[0-9]+(?:\.[0-9]+){1,3}[a-z]?")
_UNIT = re.compile(
    r"[0-9][0-9.,]*(?:%|°c?|k|km|kg|g|mg|ml|l|cm|mm|m|min|mins|s|sec|ms|h|hrs|mb|gb|tb|kb"
    r"|px|pt|x|e|er|ère|ème|st|nd|rd|th|mhz|ghz|w|kw|kwh|v|a|mah|go|mo|ko|ans|yo)"
)
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_HEX = re.compile(r"[0-9a-f]{12,}|[0-9A-F]{12,}")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[a-z]{2,}")
_URL = re.compile(r"(?:[a-z][a-z0-9+.-]*://|www\.)\S+")
_PLACEHOLDER = re.compile(
    r"[<>{}]|\$[({]|\$[A-Za-z_]|%[({]|\.{3}|…|\*{2,}|[•●]|(?i:x{3,})|(?i:changeme|change_me|"
    r"your[_-]?pass|votre[_-]?mot|placeholder|redacted|hidden|masqué|secret_here|todo|tbd)"
)
_CODE_SYNTAX = re.compile(
    r"[()\[\]]|[a-z_]\.[a-z_][a-z_]*[A-Z(]|^(?:self|cfg|config|settings|this)\.|[!=]="
)
_FILENAME = re.compile(
    r"[\w.-]+\.(?:csv|txt|pdf|json|ya?ml|toml|ini|conf|cfg|log|md|png|jpe?g|zip|gz|kdbx|sh|py|env|key|pem|docx?|xlsx?"
    r"|tgz|tar|whl|deb|rpm|dmg|exe|msi|apk|iso|jar|js|mjs|ts)"
)
_KEPT_IN = re.compile(
    r"1password|bitwarden|keepass|lastpass|dashlane|keychain|vaultwarden|proton ?pass|enpass"
)
_GROUPED_DIGITS = re.compile(r"[0-9]{3,6}(?: [0-9]{3,6}){1,3}")
_SPACED_DIGITS = re.compile(r"[0-9](?: [0-9]){3,7}")
_DIGIT_GROUPS = re.compile(r"[0-9]{1,3}(?:[-./][0-9]{1,3}){2,5}|[0-9]{1,2}(?:,[0-9]{1,2}){2,5}")
_DIGITS_LETTERS = re.compile(
    r"(?=[0-9A-Za-z]{4,8}$)(?=(?:[A-Za-z]*[0-9]){3})[0-9]*[A-Za-z]{1,2}[0-9]*[A-Za-z]?[0-9]*"
)
_WORD_THEN_DIGITS = re.compile(r"[^\W\d_]{3,}[-_.!@#$%&*]?[0-9]{1,6}[!?#*$&@%.]*")
_JOINED_WORDS = re.compile(r"[^\W\d_]{2,}(?:[-_.+][^\W\d_]{2,})+(?:[-_.+!]?[0-9]{1,4}[!?#*$&@%]?)?")
_PARTS = re.compile(r"[-_.+ ]")
_CASE_FLIP = re.compile(r"[a-z][A-Z]|[A-Z]{2}[a-z]")
_LETTER = re.compile(r"[^\W\d_]")
_DIGIT = re.compile(r"[0-9]")
_SYMBOL = re.compile(r"[^\w\s]|_")
_SECRET_NOUNS = frozenset(
    (
        *("password", "passwords", "passwd", "pwd", "pw", "pass", "passphrase", "passcode"),
        *("mdp", "code", "codes", "pin", "puk", "key", "clé", "clef", "secret", "answer"),
        *("réponse", "combo", "combinaison", "combination", "digicode", "token", "login"),
    )
)
COMMON_WORDS = SENTENCE_WORDS | NEVER_FIRST_WORDS | _SECRET_NOUNS


def unwrap(text: str, start: int, end: int) -> tuple[int, int, bool]:
    """The value without the quotes, brackets and punctuation around it; whether it was quoted."""
    quoted = False
    while start < end and text[start] in _WRAPPERS_BEFORE:
        quoted = quoted or text[start] in _QUOTES
        start += 1
    while end > start and text[end - 1] in _WRAPPERS_AFTER:
        quoted = quoted or text[end - 1] in _QUOTES
        end -= 1
    return start, end, quoted


@lru_cache(maxsize=4096)
def value_features(value: str) -> tuple[str, ...]:
    """What the value looks like: a code, a made-up word, a passphrase, or something ordinary."""
    words = value.split()
    if len(words) > 1:
        return _read_out_digits(words) or (
            _length_bucket(len(value)),
            *_phrase_features(value, words),
        )
    names: list[str] = [_length_bucket(len(value))]
    lower = value.lower()
    names.extend(_ordinary_shapes(value, lower))
    letters = len(_LETTER.findall(value))
    digits = len(_DIGIT.findall(value))
    symbols = len(_SYMBOL.findall(value))
    if digits and not letters and not symbols:
        names.append(_digits_bucket(digits))
        if digits in (5, 6):
            names.append(f"v:digits{digits}")  # a French postcode has 5, an Indian PIN code 6
    elif letters and not digits and not symbols:
        names.extend(_word_features(value, lower))
    if letters and digits:
        names.append("v:letters_digits")
    if symbols and (letters or digits) and not _DIGIT_GROUPS.fullmatch(value):
        names.append("v:symbols_mixed")
    if _CASE_FLIP.search(value):
        names.append("v:case_flip")
    classes = sum(bool(n) for n in (letters and re.search(r"[a-z]", value), digits, symbols))
    classes += bool(re.search(r"[A-Z]", value))
    if classes >= 3:
        names.append("v:classes3")
    for name, pattern in _GOOD_SHAPES:
        if pattern.fullmatch(value):
            names.append(name)
    parts = [part.lower() for part in _PARTS.split(value) if part]
    if len(parts) > 1 and any(part in COMMON_WORDS for part in parts):
        names.append("v:joined_common")  # "Case-Sensitive", "Voir-Avec-Papa"
    if letters and not digits and lower.endswith(DESCRIBING_ENDINGS):
        names.append("v:describing")  # "currently", "rotated", "obligatoire"
    names.extend(_mix_features(value, classes))
    return tuple(names)


def _mix_features(value: str, classes: int) -> Iterator[str]:
    """How many kinds of character, how many bits, which separators: what a code carries."""
    yield f"v:classes{classes}"
    yield _entropy_bucket(value)
    yield from _separators(value)
    if _IDENTIFIER.fullmatch(value):
        yield "v:identifier"  # check_password, maxLength, user.password


_IDENTIFIER = re.compile(
    r"[a-z]+(?:_[a-z0-9]+)+|_+[a-z]\w*|[a-z]+(?:[A-Z][a-z]+)+|[a-z_]+(?:\.[a-z_]+)+"
    r"|[A-Za-z_]\w*\(.*|[A-Z]+(?:_[A-Z0-9]+)+"
)


def _entropy_bucket(value: str) -> str:
    """Bits of the value's characters (Shannon, times its length): a code or a made-up word
    carries more than a word or a round number of the same length."""
    counts: dict[str, int] = {}
    for char in value:
        counts[char] = counts.get(char, 0) + 1
    length = len(value)
    bits = -sum(count * log2(count / length) for count in counts.values())
    if bits < 12:
        return "v:bits<12"
    if bits < 24:
        return "v:bits12-23"
    if bits < 40:
        return "v:bits24-39"
    return "v:bits40+"


def _separators(value: str) -> Iterator[str]:
    for char, name in (("-", "v:has_dash"), ("_", "v:has_underscore"), (".", "v:has_dot")):
        if char in value[1:-1]:
            yield name


_GOOD_SHAPES = (
    ("v:spaced_digits", _SPACED_DIGITS),
    ("v:digit_groups", _DIGIT_GROUPS),
    ("v:digits_letters", _DIGITS_LETTERS),
    ("v:word_digits", _WORD_THEN_DIGITS),
    ("v:joined_words", _JOINED_WORDS),
)
_ORDINARY_SHAPES = (
    ("v:year", _YEAR),
    ("v:time", _TIME),
    ("v:date", _DATE),
    ("v:phone", _PHONE),
    ("v:price", _PRICE),
    ("v:version", _VERSION),
    ("v:unit", _UNIT),
    ("v:uuid", _UUID),
    ("v:hex", _HEX),
    ("v:email", _EMAIL),
)


def _ordinary_shapes(value: str, lower: str) -> Iterator[str]:
    for name, pattern in _ORDINARY_SHAPES:
        if pattern.fullmatch(lower):
            yield name
    if _URL.match(lower):
        yield "v:url"
    elif "/" in value and not _DATE.fullmatch(value):
        yield "v:path"
    if _PLACEHOLDER.search(value):
        yield "v:placeholder"
    if lower in _SECRET_NOUNS:
        yield "v:secret_noun"
    if _KEPT_IN.search(lower):
        yield "v:kept_in"  # "Password manager: 1Password": where it is kept, not what
    if _CODE_SYNTAX.search(value):
        yield "v:code_syntax"
    if _FILENAME.fullmatch(lower):
        yield "v:filename"
    if len(value) >= 40:
        yield "v:len40+"
    if lower.startswith(("os.", "env", "getenv", "process.env", "secrets.", "vault")):
        yield "v:env"


def _read_out_digits(words: list[str]) -> tuple[str, ...]:
    """A code read out or typed digit by digit ("neuf quatre zéro zéro sept", "2 then 6 then 0
    then 5", "36 right, 12 left") or in groups ("3307 9951"): described by its digits, as the
    code it spells, not as a sentence of that many words; none for any other value."""
    if _GROUPED_DIGITS.fullmatch(" ".join(words)):
        digits = sum(map(len, words))  # "3307 9951": a recovery code's groups
        return ("v:grouped_digits", _digits_bucket(digits), f"v:groups{len(words)}")
    if len(words) < 3 or _SPACED_DIGITS.fullmatch(" ".join(words)):
        return ()  # "1 9 8 4": spaced digits, a shape of their own
    lowered_words = [word.strip(".,;:!?\"'«»“”()").lower() for word in words]
    spelt = sum(word in SPELT_DIGITS for word in lowered_words)
    typed = sum(word.isdigit() and len(word) <= 2 for word in lowered_words)
    if (
        not all(
            word in _NUMBER_WORDS or word in DIGIT_JOINERS or word.isdigit() or word == "/"
            for word in lowered_words
        )
        or max(spelt, typed) < 3
    ):
        return ()
    kind = "v:spelled_digits" if spelt >= typed else "v:dialled_digits"
    digits = spelt + sum(len(word) for word in lowered_words if word.isdigit())
    return (kind, _digits_bucket(digits), "v:read_out")


def _length_bucket(length: int) -> str:
    if length < 4:
        return "v:len<4"
    if length < 6:
        return "v:len4-5"
    if length < 8:
        return "v:len6-7"
    if length < 12:
        return "v:len8-11"
    return "v:len12+"


def _digits_bucket(count: int) -> str:
    if count < 3:
        return "v:digits1-2"
    if count == 3:
        return "v:digits3"
    if count == 4:
        return "v:digits4"
    if count <= 8:
        return "v:digits5-8"
    return "v:digits9+"


def _word_features(value: str, lower: str) -> Iterator[str]:
    if lower in COMMON_WORDS:
        yield "v:common_word"
    elif value.islower():
        yield "v:lower_word"
    elif value[0].isupper() and value[1:].islower():
        yield "v:title_word"
    elif value.isupper():
        yield "v:upper_word"
    if len(value) >= 10:
        yield "v:long_word"


def _phrase_features(value: str, words: list[str]) -> Iterator[str]:
    if _SPACED_DIGITS.fullmatch(value):
        yield "v:spaced_digits"
        return
    yield "v:words2" if len(words) == 2 else "v:words3-6" if len(words) <= 6 else "v:words7+"
    lowered_words = [word.strip(".,;:!?\"'«»“”()").lower() for word in words]
    common = sum(word in COMMON_WORDS for word in lowered_words)
    if common * 2 >= len(words):
        yield "v:mostly_common"
    elif common == 0:
        yield "v:no_common"
    if all(word.isalpha() and word.islower() for word in words):
        yield "v:lower_words"
    if lowered_words[0] in _PREPOSITIONS:
        yield "v:starts_preposition"  # "dans la newsletter vendredi": where it is, not what
    if any(_DIGIT.search(word) for word in words):
        yield "v:words_digit"
    if sum(word in _NUMBER_WORDS for word in lowered_words) >= 3:
        yield "v:spelled_digits"  # "seven seven one four", "trois huit zéro six étoile"
    digits = sum(word.isdigit() and len(word) <= 2 for word in lowered_words)
    if digits >= 3 and all(word.isdigit() or word in DIGIT_JOINERS for word in lowered_words):
        yield "v:dialled_digits"  # "4, 4, 0, 9", "36 right, 12 left, 58 right"


SPELT_DIGITS = frozenset(
    (
        *("zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
        *("zéro", "un", "deux", "trois", "quatre", "cinq", "sept", "huit", "neuf"),
    )
)
# Words inside a run of spelt digits: "trois huit zéro six étoile", "seven then double four".
DIGIT_JOINERS = frozenset(
    (
        *("star", "hash", "étoile", "dièse", "then", "puis", "double", "triple", "et", "and"),
        *("left", "right", "gauche", "droite", "à", "to", "l", "r", "g", "d", "-"),
    )
)
_NUMBER_WORDS = SPELT_DIGITS | frozenset(
    ("star", "hash", "étoile", "dièse", "then", "puis", "double", "triple")
)


# --- the words around the label ---------------------------------------------------------------

_CONTEXT_CUES = (
    (
        "c:meta",
        r"\b(?:reset|resets|forgot|forget|forgotten|oubli\w*|réinitialis\w*|expire\w*|policy"
        r"|politique|must|doit|doivent|at least|au moins|caract\w*|characters|length|longueur"
        r"|strong|weak|complex\w*|rules|règles?|requirements?|exigences?|rotate|rotation)\b",
    ),
    (
        "c:changed_to",
        r"\b(?:changed? (?:it |them )?(?:to|into)|chang[ée]e? (?:en|pour|par)|remplacée? par"
        r"|new one|nouveau|nouvelle|now (?:it'?s|is)|updated to|set (?:it )?to|mis à jour"
        r"|maintenant c'est|désormais|later changed)\b",
    ),
    (
        "c:elsewhere",
        r"\b(?:ask|asks|demande\w*|bitwarden\w*|1password|keepass\w*|lastpass|keychain|manager"
        r"|moved|migrated|déplacés?|migrés?|transférés?"
        r"|gestionnaire|sticker|written on|écrit sur|étiquette|fridge|frigo|envelope|enveloppe"
        r"|printed|imprimée?s?|under the router|sous la box"
        r"|on the back|au dos|texted|sms|in the vault|coffre-fort numérique|notebook|carnet)\b",
    ),
    (
        "c:public_pass",
        r"\b(?:museum|musée|navigo|bus|metro|métro|transit|train|rail|ski|season|annual|annuel"
        r"|boarding|festival|culture|sanitaire|louvre|tram|ticket|billet|abonnement|visitor"
        r"|visiteur|zoo|park|parc|cinema|cinéma|pass\w* holders?|day pass|weekly|monthly)\b",
    ),
    (
        "c:public_code",
        r"\b(?:promo\w*|coupon|discount|réduc\w*|voucher|gift|cadeau|postal|postcode|zip|booking"
        r"|réservation|reservation|reference|référence|confirmation|order|commande|tracking"
        r"|suivi|invoice|facture|product|produit|sku|plu|ean|upc|isbn|error|code-barres"
        r"|erreur|status|dress|qr|barcode|source|review|area|indicatif|country|pays|iata"
        r"|airport|siret|insee|iban|bic|swift|parcel|colis|flight|seat|siège|naf|ape|cpt"
        r"|diagnostic|obd|fault|panne|style|colou?r|couleur|hs|tariff|tarif"
        r"|address|adresse|road|avenue|rib|guichet|ods|gphc|finess|rpps|adeli|siren|cqc|ofsted"
        r"|ukprn|eori|rcs|gmc|nmc|hcpc|urssaf|registration (?:number|no)|reg\.? (?:number|no)"
        r"|gas safe|orias|rge|qualibat|urn|vat|tva|(?:company|charity) (?:number|no)"
        r"|quiz\w*|trivia|round [0-9]+|manche [0-9]+|devinettes?"
        r"|num[ée]ro d'(?:enregistrement|agrément)|licence (?:number|no))\b",
    ),
    (
        "c:place",  # "salle 12", "course code", "room 412": a place's or a lesson's number
        r"\b(?:course|cours|module|room|salle|class|classe|chambre|bay|place|bâtiment)\b",
    ),
    (
        "c:machine",  # "code photocopieuse", "TPE … code superviseur", "iPads … code": it opens
        r"\b(?:photocop\w*|copier|printer|imprimante|tpe|till|caisse|register|terminal|ipads?"
        r"|tablets?|tablettes?|kindle|console|borne|machine|superviseur|supervisor|manager"
        r"|override|gérant|panel|dial|molette|cadran|antivol|d-lock|smartcard|badge|tel"
        r"|phone|téléphone|portable|laptop|ordi\w*|pc|dtmf|repeater)\b",
    ),
    (
        "c:negation",
        r"\b(?:no password|without (?:a )?password|sans (?:mot de passe|code)|pas de (?:mot de "
        r"passe|code)|aucun|passwordless|open network|réseau ouvert|no pin|no code|none)\b",
    ),
    (
        "c:env",
        r"(?:environ|getenv|process\.env|secrets\.|\$\{|\{\{|%env|vault:|keyring|\.env\b)",
    ),
    (
        "c:thing",
        r"\b(?:door|porte|gate|portail|alarm|alarme|safe|coffre|digicode|interphone|intercom"
        r"|locker|casier|cadenas|padlock|bike|vélo|garage|keypad|boîte|mailbox|wi-?fi|wpa\w*"
        r"|sim|cvv|cvc|entrée|immeuble|building|router|routeur|box|livebox|freebox|unlock"
        r"|déverrouill\w*|bank|banque|atm|lock|combo|shed|abri|front|back|main|lobby|hall)\b",
    ),
    (
        "c:security",
        r"\b(?:question|maiden|pet|animal|jeune fille|naissance|born|school|école|memorable"
        r"|mémorable|security|sécurité|first car|première voiture|teacher|street|rue)\b",
    ),
    (
        "c:hint",
        r"\b(?:indice|hint|birthday|anniversaire|same as|comme d'habitude|the usual|habituel"
        r"|backwards|à l'envers)\b",
    ),
    (
        "c:recovery",
        r"\b(?:recovery|backup|secours|récupération|recuperation|2fa|two-factor|mfa|2sv)\b",
    ),
    (
        "c:sets",
        r"(?:\bset (?:it |the \w+ |them )?to\b|\bj'ai mis\b|\bmis [^.]{0,20}\bcomme\b"
        r"|s['’]ouvr\w*|\bopens? with\b|\bunlocks? with\b|\bouvre avec\b|\bhost key\b"
        r"|\bmeeting|\bréunion)",
    ),
    (
        "c:clock",
        r"\b(?:clock|réveil|wake|weekdays?|weekends?|semaine|morning|matin|o'clock|snooze"
        r"|sonne|rings?|every day|tous les jours)\b",
    ),
    (
        "c:sample",
        r"\b(?:example|exemple|e\.g\.|par ex\w*|sample|dummy|fake|lorem|template|modèle)\b",
    ),
    (
        "c:code",
        r"(?:^|\s)(?:def|return|elif|lambda|import|function|const|let|var|assert|raise)\s"
        r"|\bif\s.*[<>=]|==|!=|\blen\(|\w\(\w*\)|->|:\s*(?:str|int|bool|string)\b|;\s*$",
    ),
    ("c:timestamp", r"\b[0-9]{2}:[0-9]{2}:[0-9]{2}\b|[0-9]{4}-[0-9]{2}-[0-9]{2}[t ][0-9]{2}:"),
    ("c:kv_run", r"\w+=[^\s=]+[^=\n]*\s\w+=[^\s=]"),
    (
        "c:failure",
        r"\b(?:invalid\w*|invalide\w*|failed|failure|fails?|échec|échou\w*|incorrect\w*|wrong"
        r"|denied|refus\w*|rejected|rejet\w*|mauvais\w*|erron\w*|attempts?|essais?"
        r"|tentatives?|locked|verrouill\w*|mismatch|unauthori[sz]ed)\b",
    ),
    (
        "c:address",
        r"\b(?:village|town|city|ville|district|state|pincode|street|road|avenue|lane|nagar"
        r"|marg|colony|sector|apartment|flat|rue|chemin|boulevard|allée|cedex|india|inde"
        r"|address|adresse|ship(?:ping)? to|deliver\w*|livraison|post office|taluk|tehsil)\b",
    ),
    (
        "c:commerce",
        r"[$€£]|\b(?:price|prix|total|tarif\w*|cost|coût|paid|payé|order|commande|qty|quantité"
        r"|invoice|facture|checkout|panier|cart|shipping|delivery|per person|par personne"
        r"|adult|adulte|child|enfant|eur|usd)\b",
    ),
    (
        "c:credentials",
        r"\b(?:login|user(?:name)?|identifiant|utilisateur|account|compte|email|e-mail|admin"
        r"|root|ssid|network|réseau|wifi|wi-fi|server|serveur|nas|db|database|smtp|vpn)\b",
    ),
)
_CONTEXT = tuple((name, re.compile(pattern)) for name, pattern in _CONTEXT_CUES)


@lru_cache(maxsize=1024)
def context_features(window: str) -> tuple[str, ...]:
    """Cues in the lowered words around a label that say what it is talked about for."""
    return tuple(name for name, pattern in _CONTEXT if pattern.search(window))


# --- classes of the words next to a noun or a value --------------------------------------------

RAW_WORD_PREFIXES = ("lp:", "ln:", "p:", "n:")  # a word's identity: the fit keeps few of them
_POSSESSIVES = frozenset(
    (
        *("my", "our", "your", "his", "her", "their", "mon", "ma", "mes", "notre", "nos"),
        *("votre", "vos", "ton", "ta", "tes", "son", "sa", "ses", "leur", "leurs"),
    )
)
_ARTICLES = frozenset(("the", "a", "an", "le", "la", "les", "l", "un", "une", "des", "this"))
_PREPOSITIONS = frozenset(
    (
        *("of", "for", "to", "at", "in", "on", "with", "from", "by", "de", "du", "d", "pour"),
        *("à", "au", "aux", "en", "dans", "sur", "avec", "par", "chez", "via"),
    )
)
# Words that make a noun a topic rather than a slot: "password policy", "reset password".
_META_WORDS = frozenset(
    (
        *("policy", "policies", "reset", "hash", "hashed", "hashes", "length", "field", "fields"),
        *("strength", "manager", "count", "max", "min", "maximum", "minimum", "mode", "default"),
        *("public", "postal", "format", "requirement", "requirements", "change", "changed"),
        *("forgot", "forgotten", "expired", "expiry", "wrong", "invalid", "incorrect", "new"),
        *("old", "generator", "check", "verify", "validate", "validation", "prompt", "input"),
        *("fingerprint", "rule", "rules", "recovery", "reuse", "rotation", "protected", "type"),
        *("politique", "réinitialisation", "réinitialiser", "oublié", "oubli", "longueur"),
        *("champ", "gestionnaire", "invalide", "mauvais", "nouveau", "nouvelle", "ancien"),
        *("ancienne", "vérifier", "vérification", "saisie", "saisir", "changer", "modifier"),
        *("article", "articles", "hint", "indice", "question", "questions", "expire", "expiré"),
        *("strong", "weak", "complexity", "complexité", "civil", "pénal", "route", "source"),
        *("error", "erreur", "status", "statut", "number", "numéro", "sample", "example"),
    )
)
_THINGS = re.compile(
    r"(?:door|porte|gate|portail|alarm|alarme|safe|coffre|digicode|interphone|intercom|locker"
    r"|casier|cadenas|padlock|bike|vélo|garage|keypad|boîte|mailbox|wi-?fi|wpa\w*|sim|router"
    r"|routeur|box|bank|banque|atm|shed|abri|lobby|hall|building|immeuble|entrée|phone|téléphone"
    r"|laptop|ordi\w*|tablet\w*|nas|email|mail|vpn|admin|root|account|compte)"
)


# A public register's identifiers: a pharmacy's ODS code, a GPhC or FINESS number, a SIRET.
_REGISTRY_WORDS = (
    *("ods", "gphc", "finess", "rpps", "adeli", "siren", "siret", "cqc", "ofsted", "ukprn"),
    *("eori", "rcs", "gmc", "nmc", "hcpc", "urssaf", "orias", "rge", "qualibat", "urn"),
)
# Words naming what a public code names: "code PLU", "error code", "code postal".
_OTHER_CODE_WORDS = frozenset(
    (
        *("error", "erreur", "status", "http", "exit", "postal", "zip", "area", "country"),
        *("pays", "iso", "naf", "ape", "insee", "tva", "vat", "swift", "bic", "promo"),
        *("discount", "coupon", "gift", "product", "produit", "article", "barre", "barres"),
        *("qr", "tracking", "suivi", "order", "commande", "booking", "réservation"),
        *("confirmation", "reference", "référence", "ref", "ticket", "source", "client"),
        *("customer", "colour", "color", "couleur", "dress", "morse", "voucher", "invitation"),
        *("referral", "review", "route", "iata", "iban", "parrainage", "postale", "postcode"),
        *("course", "cours", "module", "item", "batch", "sku", "plu", "ean", "upc", "isbn"),
        *("flight", "tax", "fiscal", "barcode", "département", "région", "commune"),
        *_REGISTRY_WORDS,
    )
)
# Words naming what a code opens or works: machines, tills, devices, a role's override.
_MACHINES = re.compile(
    r"(?:photocop\w*|copiers?|printers?|imprimantes?|tpe|tills?|caisses?|registers?|terminals?"
    r"|ipads?|tablets?|tablettes?|kindles?|consoles?|bornes?|machines?|superviseurs?"
    r"|supervisors?|managers?|overrides?|gérants?|panels?|dials?|molettes?|cadrans?|antivols?"
    r"|smartcards?|badges?|tel|phones?|téléphones?|portables?|laptops?|pcs?|dtmf|repeaters?)"
)
# Verbs of typing a code in: "punch four one nine seven", "tape trois huit zéro deux".
_PRESS_WORDS = frozenset(
    (
        *("press", "punch", "enter", "dial", "tap", "input", "appuyer", "appuie", "tourne"),
        *("appuyez", "taper", "tape", "tapez", "composer", "compose", "composez", "entrer"),
        *("entrez", "saisir", "saisis", "saisissez", "turn", "tourner"),
    )
)


def word_class(word: str) -> str:
    """What kind of word sits next to a noun or a value, in place of the word itself."""
    if not word:
        return "none"
    if word in _OTHER_CODE_WORDS:
        return "other_code"
    if word in _PRESS_WORDS:
        return "press"
    if _MACHINES.fullmatch(word):
        return "machine"
    if word in _POSSESSIVES:
        return "possessive"
    if word in _ARTICLES:
        return "article"
    if word in _PREPOSITIONS:
        return "preposition"
    if word in _META_WORDS:
        return "meta"
    if _THINGS.fullmatch(word):
        return "thing"
    if word in COMMON_WORDS:
        return "common"
    if not word.isalpha():
        return "mixed"
    return "long_word" if len(word) > 7 else "word"
