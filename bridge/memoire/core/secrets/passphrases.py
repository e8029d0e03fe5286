"""Ordinary words given as a password right after its label: "password: garden gnome tulips".

The other rules look for values no sentence holds (digits among letters, symbols, case flips);
a passphrase of dictionary words has none of these marks. So here the place decides: a
password's label (a secret noun, a few words naming whose password it is) directly followed by
a link (":", "=", "→", "is", "c'est", a quote, or the end of the line) and then, on that line or
alone on the next one, two to six plain words or one compound ("petitbateau",
"wallaby-sunset"). Whatever reads as a sentence about the password is not its value: a
determiner, a verb or a pronoun, a word that says where it is kept or what it is like
("same", "ask", "stored", "long", "drawer"), a first word that is a preposition ("in the
drawer"), a sentence written with a capital first and lower case after.
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.lookalikes import is_mask
from memoire.core.secrets.text import positions

# Every label starts with one of these (lowered): found with `str.find`, then matched there.
_LITERALS = ("pass", "pw", "mdp", "mot", "clé", "cle", "code", "wifi", "wi-fi", "wpa", "network")
_LABEL = re.compile(
    r"(?:pass(?:words?|phrases?)?|pw|mdp|mots?[ _-]de[ _-]passe|motdepasse"
    r"|(?:wi-?fi|wpa2?|network)[ _-](?:key|password|pass)"
    r"|cl[ée]f?[ ](?:du[ ])?(?:wi-?fi|wpa2?|r[ée]seau)|code[ ](?:du[ ])?wi-?fi)(?![^\W_])"
)
# "pass" alone names many things that hold no password: a boarding pass, a ski pass.
_OTHER_PASSES = frozenset(
    (
        *("boarding", "bus", "ski", "day", "season", "museum", "metro", "navigo", "train"),
        *("rail", "annual", "weekly", "monthly", "festival", "backstage", "hall", "mountain"),
        *("first", "second", "one", "single", "free", "press", "visitor", "access", "laissez"),
    )
)
_MAX_QUALIFIERS = 6  # "pw for the printer admin page is …", "mot de passe de la box de mamie :"
_MAX_QUALIFIERS_BEFORE_A_LINE = 4  # "Mot de passe de la box⏎lapin vert confiture"
_SEPARATORS = (":=", "=>", "->", "=", ":", "→", "—", "–", "-")
_VERBS = frozenset(("is", "was", "est", "c'est", "c’est", "=", "sera", "reste"))
# Words between the link and the value: "is still …", "is literally '…'", "est juste « … »".
_AFTER_VERB = frozenset(
    (
        *("now", "still", "maintenant", "toujours", "encore", "désormais", "literally", "just"),
        *("simply", "actually", "basically", "juste", "simplement", "littéralement"),
    )
)
_QUOTES = {'"': '"', "'": "'’", "`": "`", "“": "”", "‘": "’", "«": "»", "»": "«", "’": "’"}
_MARKDOWN = "*_ \t"
_BULLET = re.compile(r"[ \t]*(?:[-*•>][ \t]+)?")
_MAX_VALUE = 80
_MIN_WORDS = 3  # two words pass only in quotes: "password: 'velvet canyon'"
_MAX_WORDS = 6
_MIN_COMPOUND = 9  # "petitbateau": a word this long, lower case, after the label
_MIN_QUOTED_COMPOUND = 8
_MIN_WORD = 3
_TOKEN = re.compile(r"\S+")
# A word, maybe elided as French writes it: "l'étain", "n'est".
_LETTERS = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_ELISION = re.compile(r"['’]")
_JOINED = re.compile(
    r"[^\W\d_]+(?:['’][^\W\d_]+)?(?:[-_.+][^\W\d_]+(?:['’][^\W\d_]+)?)+(?:[-_.+]?[0-9]{1,4})?"
)
# A sentence typed in one piece ("raspberrypi-n'est-plus-le-défaut") has this many parts or more:
# in quotes after its label, its words after the first may be any.
_MIN_SENTENCE_PARTS = 4
_FINAL_NUMBER = re.compile(r"[0-9]{1,4}")

# Words a sentence about a password holds and a passphrase does not: verbs, pronouns, negations,
# hints, where it is kept, what it is like. Any of them makes the words prose.
SENTENCE_WORDS = frozenset(
    (
        *("is", "are", "was", "were", "be", "been", "am", "has", "have", "had", "do", "does"),
        *("did", "will", "would", "shall", "should", "can", "could", "may", "might", "must"),
        *("not", "no", "none", "never", "nothing", "nobody", "don't", "isn't", "i", "you"),
        *("he", "she", "it", "we", "they", "me", "him", "her", "us", "them", "my", "your"),
        *("his", "its", "our", "their", "this", "that", "these", "those", "there", "here"),
        *("what", "which", "who", "when", "where", "why", "how", "ask", "see", "check", "use"),
        *("used", "using", "look", "find", "try", "type", "enter", "press", "click", "tap"),
        *("open", "leave", "set", "change", "changed", "reset", "write", "written", "store"),
        *("stored", "keep", "kept", "save", "saved", "share", "shared", "send", "sent", "get"),
        *("got", "give", "given", "put", "make", "made", "need", "needs", "pick", "choose"),
        *("generate", "generated", "remember", "forgot", "forget", "forgotten", "lost", "same"),
        *("usual", "default", "unchanged", "required", "optional", "mandatory", "unknown"),
        *("known", "empty", "blank", "missing", "disabled", "enabled", "null", "true", "false"),
        *("yes", "long", "short", "weak", "strong", "secure", "insecure", "simple", "complex"),
        *("hard", "easy", "random", "temporary", "new", "old", "current", "previous", "next"),
        *("last", "wrong", "incorrect", "invalid", "valid", "expired", "encrypted"),
        *("hashed", "hidden", "private", "public", "personal", "sensitive", "case", "upper"),
        *("lower", "characters", "letters", "digits", "symbols", "numbers", "words", "also"),
        *("just", "still", "now", "then", "again", "already", "always", "only", "too", "very"),
        *("really", "maybe", "probably", "ago", "since", "until", "before", "after", "during"),
        *("est", "sont", "était", "être", "a", "ai", "as", "avons", "avez", "ont", "avait"),
        *("fait", "faut", "doit", "doivent", "peut", "peux", "sera", "ne", "pas", "plus"),
        *("jamais", "rien", "aucun", "aucune", "non", "oui", "je", "tu", "il", "elle"),
        *("ils", "elles", "te", "se", "lui", "leur", "eux", "moi", "toi", "ce", "cet", "ces"),
        *("ça", "cela", "ceci", "celui", "celle", "ceux", "celles", "voici", "voilà", "qui"),
        *("que", "quoi", "quand", "où", "comment", "pourquoi", "dont", "demander", "demande"),
        *("demandez", "voir", "regarder", "regarde", "utiliser", "utilise", "taper", "tapez"),
        *("entrer", "entrez", "saisir", "appuyer", "appuyez", "cliquer", "cliquez", "toucher"),
        *("ouvrir", "ouvrez", "laisser", "laissez", "mettre", "changer", "changé", "noter"),
        *("noté", "notée", "écrit", "écrite", "rangé", "rangée", "gardé", "enregistré"),
        *("partagé", "envoyé", "choisir", "choisi", "généré", "oublié", "oubliée", "perdu"),
        *("même", "pareil", "habituel", "habituelle", "défaut", "inchangé", "obligatoire"),
        *("facultatif", "optionnel", "inconnu", "vide", "manquant", "désactivé", "activé"),
        *("longue", "court", "courte", "faible", "fort", "forte", "complexe", "compliqué"),
        *("facile", "difficile", "aléatoire", "temporaire", "provisoire", "nouveau"),
        *("nouvelle", "ancien", "ancienne", "actuel", "précédent", "prochain", "dernier"),
        *("faux", "vrai", "invalide", "valide", "expiré", "chiffré", "caché", "privé"),
        *("personnel", "sensible", "casse", "majuscule", "majuscules", "minuscules"),
        *("caractères", "lettres", "chiffres", "symboles", "mots", "aussi", "encore"),
        *("toujours", "maintenant", "déjà", "juste", "seulement", "trop", "très", "depuis"),
        *("avant", "après", "pendant", "the", "an", "some", "any", "every", "each", "all"),
        *("le", "la", "les", "l", "un", "une", "des", "mon", "ma", "mes", "ton", "ta", "tes"),
        *("son", "sa", "ses", "notre", "nos", "votre", "vos", "leurs", "tout", "toute"),
        *("tous", "toutes", "chaque", "quelques", "fridge", "drawer", "notebook", "sticker"),
        *("label", "vault", "manager", "bitwarden", "keepass", "lastpass", "1password"),
        *("keychain", "envelope", "frigo", "tiroir", "carnet", "étiquette", "trousseau"),
        *("post-it", "postit", "enveloppe", "cahier", "agenda", "placeholder", "changeme"),
        *("example", "exemple", "string", "password", "passwords", "passe", "secret", "hint"),
        *("indice", "policy", "rules", "règles", "policies", "admin", "root", "user", "login"),
        *("shown", "taken", "told", "left", "found", "reçu", "reçue", "fourni", "fournie"),
        *("défini", "définie", "mis", "mise", "pris", "inscrit", "inscrite", "dit", "connu"),
        # What a hint says the password is made of: "date de naissance de papa", "dog's name".
        *("date", "naissance", "birthday", "anniversaire", "name", "nom", "prénom", "surname"),
        *("year", "année", "age", "âge", "phone", "téléphone", "numéro", "number", "plus"),
        *("followed", "suivi", "suivie", "puis"),
    )
)
# Words that may join others in a passphrase ("bienvenue chez nous", "tarte aux pommes") but
# never start one: "in the drawer", "dans le carnet", "sur le frigo".
NEVER_FIRST_WORDS = frozenset(
    (
        *("in", "on", "at", "under", "behind", "inside", "near", "beside", "by", "for", "from"),
        *("of", "to", "with", "without", "into", "onto", "over", "and", "or", "but", "so"),
        *("as", "like", "than", "via", "per", "dans", "sur", "sous", "derrière", "devant"),
        *("chez", "près", "à", "au", "aux", "de", "du", "d", "en", "par", "pour", "avec"),
        *("sans", "vers", "entre", "et", "ou", "mais", "donc", "car", "comme", "si", "nous"),
        *("vous",),
    )
)
# Endings of words that describe rather than name: "unchanged", "rangé", "obligatoire" are
# caught by the list above; these catch the rest of their kind in a lone compound.
DESCRIBING_ENDINGS = (
    *("ed", "é", "és", "able", "ible", "ing", "ion", "ions", "ment", "ness", "ity", "ité"),
    *("ive", "if", "ique", "aire", "ous", "eux", "euse", "less", "ful", "ly"),
)


def find_word_passphrases(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """`lowered` is `text` lowered with its positions kept (see text.lowered)."""
    found: set[int] = set()
    for literal in _LITERALS:
        for position in positions(lowered, literal):
            if position and (lowered[position - 1].isalnum() or lowered[position - 1] in "_-$/.<@"):
                continue  # "htpasswd", "my-password", "$PWD", "/etc/passwd", "<pwd.h>"
            label = _LABEL.match(lowered, position)
            if (
                label is None
                or _another_pass(lowered, label)
                or _goes_on(lowered, label.end())
                or _HINT_BEFORE.search(lowered, max(0, position - _HINT_REACH), position)
            ):
                continue
            span = _value_after_label(text, lowered, label) or _paired_word(text, lowered, label)
            if span is not None and span[0] not in found:
                found.add(span[0])
                yield ("word-passphrase", *span)


def _goes_on(lowered: str, end: int) -> bool:
    """ "password_hash", "password-reset": another name, not the label."""
    return lowered[end : end + 1] in ("_", "-") and lowered[end + 1 : end + 2].isalpha()


def _another_pass(lowered: str, label: re.Match[str]) -> bool:
    if label[0] != "pass":
        return False
    before = lowered[max(0, label.start() - 24) : label.start()].split()
    return bool(before) and before[-1].strip("-'’") in _OTHER_PASSES


def _value_after_label(text: str, lowered: str, label: re.Match[str]) -> tuple[int, int] | None:
    """The words the label links to, if they read as a passphrase."""
    line_end = _line_end(text, label.end())
    qualifiers = 0
    for token in _TOKEN.finditer(text, label.end(), line_end):
        raw = token[0].strip("*_")
        word = raw.lower().rstrip(":")
        if not raw:
            continue  # Markdown around the label: "**Password**"
        if raw[0] in _QUOTES and not qualifiers:
            if token.start() == label.end():
                return None  # a closing quote: "'openssl passwd' (option '-1')"
            quote = token.start() + token[0].index(raw[0])
            login = _LOGIN_BEFORE.search(
                lowered, max(0, label.start() - _LOGIN_REACH), label.start()
            )
            return _judged(text, quote, line_end, quoted=True, alone=True, aside=login is not None)
        if raw in _SEPARATORS or raw.startswith((":", "=", "→")):
            start = token.start() + len(token[0]) - len(token[0].lstrip("*_:=→->"))
            return _value_from(text, start, line_end)
        if word in _VERBS:
            return _value_after_verb(text, token.end(), line_end)
        if raw.endswith(":"):  # "password (wifi):", but "password hint:" labels no password
            return None if word in _NOT_THE_PASSWORD else _value_from(text, token.end(), line_end)
        if _LABEL.fullmatch(word) is not None:
            return None  # the next label reads on from there: "mdp mdp mdp …" stays linear
        qualifiers += 1
        if qualifiers > _MAX_QUALIFIERS or word.strip("()") in _NOT_NAMING:
            return None  # "password reset link sent", "password must be long"
        if raw[-1] in ".,;!?":
            return None  # the sentence goes on elsewhere
    if qualifiers > _MAX_QUALIFIERS_BEFORE_A_LINE or not _has_next_line(text, line_end):
        return None
    if label[0] == "pass" or not _starts_its_line(text, label.start()):
        return None  # "… it is recommended to pass⏎--disable-x": a sentence broken by a line
    return _next_line(text, line_end + 1, sentence_ends=False)


# A login given just before the label: "user 'laser', pass 'kerfkerf' — don't save it": the
# value in quotes is the pair's second half, whatever the line says after it.
_LOGIN_BEFORE = re.compile(
    r"(?<![^\W_])(?:user(?:name)?|login|identifiant|utilisateur)[ \t]*[:=]?[ \t]*"
    r"(?P<quote>[\"'«“‘][ \t]*)?[a-z0-9][\w.@-]{1,40}(?(quote)[ \t]*[\"'»”’])[ \t]*[,;/][ \t]*\Z"
)
_LOGIN_REACH = 80
# "user wildacre, pass ranunculus", "identifiant elecmoreau44 / mdp Differentiel_Type_A": after
# a login, the one word the label names, ending its clause, is the pair's second half.
_PAIRED_WORD = re.compile(r"[^\W_][\w&!#*+.@-]{3,40}")
_CLAUSE_END = re.compile(r"[.,;!]?(?:[ \t]*(?:\n|\Z|[(—–]))|[,;][ \t]")
_NOT_PAIRED = frozenset(
    (
        *("printed", "imprimé", "below", "above", "ci-dessous", "ci-dessus", "attached"),
        *("joint", "separately", "séparément", "sms", "text", "email", "mail", "later"),
        *("tbc", "tbd", "pending", "inchangé", "unchanged", "reset", "réinitialisé"),
    )
)


def _paired_word(text: str, lowered: str, label: re.Match[str]) -> tuple[int, int] | None:
    if not _LOGIN_BEFORE.search(lowered, max(0, label.start() - _LOGIN_REACH), label.start()):
        return None
    line_end = _line_end(text, label.end())
    token = _TOKEN.search(text, label.end(), line_end)
    if token is None or text[label.end() : token.start()].strip():
        return None
    value = _PAIRED_WORD.match(text, token.start(), line_end)
    if value is None:
        return None
    word = value[0].rstrip(".")  # the sentence's full stop: "password bluebell."
    end = value.start() + len(word)
    if _CLAUSE_END.match(text, end) is None:
        return None
    if word.lower() in SENTENCE_WORDS or word.lower() in _NOT_PAIRED or is_mask(word):
        return None
    return value.start(), end


# "Indice du mot de passe : « premier chat »": a hint of the password, said before its label.
_HINT_BEFORE = re.compile(
    r"(?<![^\W_])(?:indices?|hints?)[ ](?:du|de|d['’]|for|of)[ ]?(?:the[ ])?\Z"
)
_HINT_REACH = 16
# Words between the label and a colon saying the value is about the password, not it.
_NOT_THE_PASSWORD = frozenset(
    ("hint", "hints", "indice", "indices", "policy", "rules", "règles", "requirements", "exigences")
)
_MAX_WORDS_BEFORE_A_LABEL = 3  # "Router password⏎…", "- Box wifi password⏎…"
_LINE_REACH = 80


def _starts_its_line(text: str, position: int) -> bool:
    """Few words before the label on its line, as a heading or a list item has."""
    low = max(0, position - _LINE_REACH)
    newline = text.rfind("\n", low, position)
    if newline == -1 and low > 0:
        return False
    before = text[newline + 1 : position]
    return len(before.split()) <= _MAX_WORDS_BEFORE_A_LABEL and not any(
        mark in before for mark in ".,;!?("
    )


# Words that may name whose password it is: "password for the NAS", "mdp de la box de mamie".
_NAMING_WORDS = frozenset(
    ("the", "my", "our", "le", "la", "l", "les", "mon", "ma", "mes", "notre", "admin", "root")
)
_NOT_NAMING = SENTENCE_WORDS - _NAMING_WORDS


def _value_after_verb(text: str, start: int, line_end: int) -> tuple[int, int] | None:
    first = _TOKEN.search(text, start, line_end)
    if first is not None and first[0].lower() in _AFTER_VERB:
        start = first.end()
    return _value_from(text, start, line_end)


def _value_from(text: str, start: int, line_end: int) -> tuple[int, int] | None:
    """The value on the label's line, or alone on the next one if the line ends here."""
    while start < line_end and text[start] in _MARKDOWN:
        start += 1
    if start == line_end:
        return _next_line(text, line_end + 1) if _has_next_line(text, line_end) else None
    if text[start] in _QUOTES:
        return _judged(text, start, line_end, quoted=True)
    return _judged(text, start, line_end, quoted=False)


def _next_line(text: str, start: int, *, sentence_ends: bool = True) -> tuple[int, int] | None:
    """The value alone on the next line; with no separator after the label, a line ending in
    a full stop continues a sentence ("pass the⏎correct value instead.")."""
    line_end = _line_end(text, start)
    bullet = _BULLET.match(text, start, line_end)
    start = bullet.end() if bullet is not None else start
    if start >= line_end:
        return None
    if not sentence_ends and text[start:line_end].rstrip().endswith("."):
        return None
    return _judged(text, start, line_end, quoted=text[start] in _QUOTES)


def _judged(
    text: str,
    start: int,
    line_end: int,
    *,
    quoted: bool,
    alone: bool = False,
    aside: bool = False,
) -> tuple[int, int] | None:
    """The span of the value at `start` if it reads as a passphrase, not as prose. A quoted
    value with no link before it must end its line (`alone`): "pass 'wallaby-sunset'", not
    "Pass `dependent` as the resource", or after a login's pair, start an `aside`."""
    if quoted:
        closing = _QUOTES[text[start]]
        end = next(
            (i for i in range(start + 1, min(line_end, start + _MAX_VALUE)) if text[i] in closing),
            -1,
        )
        after = text[end + 1 : line_end]
        if end == -1 or (alone and after.strip(" \t.,;!*_") and not _is_aside(after, aside)):
            return None
        start, value = start + 1, text[start + 1 : end]
        offset = len(value) - len(value.lstrip())
        value = value.strip()
        start += offset
    else:
        if line_end < len(text) and text[line_end] != "\n":
            return None  # the line goes on past the reach: longer than any value
        value = text[start:line_end].rstrip().rstrip(".!*_ ")
        if len(value) > _MAX_VALUE:
            return None
    if value and is_passphrase(value, quoted=quoted):
        return start, start + len(value)
    return None


def _is_aside(after: str, aside: bool) -> bool:
    """After a login's pair, the line may go on with a dash's, a comma's or a bracket's aside."""
    return aside and _ASIDE.match(after) is not None


_ASIDE = re.compile(r"[ \t]*(?:[—–(,;]|-[ \t])")


def is_passphrase(value: str, *, quoted: bool) -> bool:
    """Plain words or one compound that read as a passphrase, not as prose about one."""
    if is_mask(value):
        return False
    words = value.split()
    if len(words) == 1:
        return _is_compound(value, quoted=quoted)
    if not (2 if quoted else _MIN_WORDS) <= len(words) <= _MAX_WORDS:
        return False
    if _FINAL_NUMBER.fullmatch(words[-1]) is not None:
        words = words[:-1]  # "tortue bleue 77"
    if not all(_LETTERS.fullmatch(word) for word in words):
        return False  # punctuation or digits inside: a sentence, a command, a list
    if not _reads_as_named_words([part for word in words for part in _parts(word)], quoted=quoted):
        return False
    return all(len(word) >= _MIN_WORD or word.lower() in NEVER_FIRST_WORDS for word in words)


def _reads_as_named_words(words: list[str], *, quoted: bool) -> bool:
    lower = [word.lower() for word in words]
    if lower[0] in NEVER_FIRST_WORDS or any(word in SENTENCE_WORDS for word in lower):
        return False
    if any(_describes(word) for word in lower):
        return False  # "unchanged since …", "rangé dans …"
    capitals = [word[0].isupper() for word in words]
    if all(word.isupper() for word in words) or all(capitals) or not any(capitals):
        return True
    return quoted and not capitals[0]


def _parts(word: str) -> list[str]:
    """An elided word's parts, the article's dropped: "l'étain" is read as "étain", "n'est" as
    "n" and "est"."""
    parts = _ELISION.split(word)
    return parts[1:] if len(parts) > 1 and parts[0].lower() in ("l", "d") else parts


def _describes(word: str) -> bool:
    return len(word) >= 5 and word.endswith(("ed", "é", "és", "ly"))  # participles, adverbs


def _is_compound(value: str, *, quoted: bool) -> bool:
    """One word: words joined by "-" ("wallaby-sunset", "Vieux-Port-1999"; by "_" or "." in
    quotes only, as code names things unquoted), or a
    lower-case run of words long enough that no dictionary word is likely ("petitbateau")."""
    if _JOINED.fullmatch(value) is not None:
        if not quoted and ("." in value or "_" in value):
            return False  # "self.item2", "form_data" after "=": names in code
        parts = [part for part in re.split(r"[-_.+]", value.lower()) if not part.isdigit()]
        letters = sum(len(part) for part in parts)
        read = parts[:1] if quoted and len(parts) >= _MIN_SENTENCE_PARTS else parts
        return (
            letters >= _MIN_QUOTED_COMPOUND
            and parts[0] not in NEVER_FIRST_WORDS
            and not any(part in SENTENCE_WORDS or _describes(part) for part in read)
            and not any(part in _NOT_GIVEN_PARTS for part in parts)
        )
    if not value.isalpha() or not value.islower():
        return False
    shortest = _MIN_QUOTED_COMPOUND if quoted else _MIN_COMPOUND
    return (
        len(value) >= shortest
        and value not in SENTENCE_WORDS
        and not value.endswith(DESCRIBING_ENDINGS)
    )


# What says a compound is no password, wherever it stands: "same-as-the-wifi-one".
_NOT_GIVEN_PARTS = frozenset(
    (
        *("same", "see", "ask", "example", "exemple", "placeholder", "changeme", "password"),
        *("passe", "mdp", "your", "votre", "ton", "voir", "demander", "demandez", "pareil"),
        *("même", "idem", "none", "aucun", "unchanged", "inchangé"),
    )
)


_REACH = 240  # a label's qualifiers and value lie within this many characters


def _line_end(text: str, position: int) -> int:
    """Where the line ends, looked for within the reach only (a 1 MB line is read once)."""
    high = min(len(text), position + _REACH)
    end = text.find("\n", position, high)
    return high if end == -1 else end


def _has_next_line(text: str, line_end: int) -> bool:
    return line_end < len(text) and text[line_end] == "\n"
