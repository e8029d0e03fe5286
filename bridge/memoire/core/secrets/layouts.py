"""Values a note's layout gives, not its sentence: a reply under the line that asked for it, a
value alone on its line below its label and a blank line, a value after the clause explaining it.

The other rules read a value in the sentence or on the line of its noun. People also write
(security questions and their answers: security_answers.py):

- chat transcripts: one speaker asks for a password or a code, the next line's speaker gives
  it ("Mom: what's the garage code?⏎Me: 7 7 3 1 then enter"). The reply must start with the
  value (after "it's", "c'est", "yes"), which must be shaped for the noun asked about: digits
  for a code, a made-up word or joined words for a password; "it's on the fridge" is none. A
  speaker may be a time after an app's or a day's name ("WhatsApp 23:47 Rav:", "mar. 17:45 –
  Sofia :") or a dialogue's dash; a postcode or a promo code asked for is no code;
- a label line, a blank line, then the value alone on its line ("Laptop PIN⏎⏎8841"), or a
  short line naming a code and its digits alone on the next ("code porte garage⏎1066");
- a value after the clause explaining it, alone at the end of the line after a colon or a
  comma ("Her tablet password is her birthday backwards, 5491.", "… est écrit ici : X");
- a word quoted after a password's noun ("c'est « caramel »"), a card's security code
  ("card security code (back) = 058").

Each reads only the lines holding one of its literals (`text.lines_with`): prose without them
costs one `str.find` per literal, which outruns a regex over the note by far.
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.codes import COUNTED_UNITS, OTHER_CODES
from memoire.core.secrets.lookalikes import is_mask
from memoire.core.secrets.place_codes import DIGIT_WORDS
from memoire.core.secrets.text import YEAR, lines_with, positions
from memoire.core.secrets.text import end_of_line as _line_end
from memoire.core.secrets.window import password_shaped

# --- what a value may be ----------------------------------------------------------------------

_CODE_VALUE = re.compile(
    r"[0-9]{4,8}[#*]?|(?=(?:[A-Z]*[0-9]){3})[0-9A-Z]{4,6}|[0-9]{1,2}(?:-[0-9]{1,2}){2,5}"
    r"|[0-9](?:[ ][0-9]){3,7}"
)
_SPACED_DIGITS = re.compile(r"[0-9](?:[ ][0-9]){3,7}(?![ ]?[0-9])")
# Digits a reply gives one at a time with dots: "1.7.4.2".
_DOTTED_DIGITS = re.compile(r"[0-9](?:[.][0-9]){3,7}(?![.]?[0-9])")
# A code said in a reply: digits spelt ("two-eight-one-four", "sept-trois-zéro-six") or a
# dial's numbers ("36 - 12 - 48").
_SPELT_DIGITS = re.compile(
    rf"(?:{DIGIT_WORDS})(?:[ ,-]+(?:{DIGIT_WORDS})){{3,7}}(?![^\W_]|-)", re.IGNORECASE
)
_DIAL_NUMBERS = re.compile(r"[0-9]{1,2}(?:[ ]?[-–][ ]?[0-9]{1,2}){2,5}(?![0-9])")
_PLAIN_WORD = re.compile(r"[^\W\d_]{5,}")
_TIME_OR_DATE = re.compile(r"[0-9]{1,2}[:h/.][0-9]{2}|(?:19|20)[0-9]{2}-[0-9]{2}")
# Words that say where a value is, that there is none, or that start a sentence, not a value.
_NOT_VALUES = frozenset(
    (
        *("a", "an", "the", "on", "in", "at", "it", "its", "it's", "is", "see", "ask", "check"),
        *("same", "none", "no", "not", "nope", "yes", "yeah", "sure", "set", "changed", "i"),
        *("i'll",),
        *("we", "you", "he", "she", "they", "my", "your", "our", "in", "under", "with", "tbd"),
        *("le", "la", "les", "l", "un", "une", "sur", "dans", "à", "a", "voir", "demande"),
        *("demander", "aucun", "aucune", "pas", "je", "j", "tu", "il", "elle", "on", "nous"),
        *("vous", "ils", "mon", "ma", "mes", "ton", "ta", "son", "sa", "même", "changée"),
        *("changé", "oui", "non", "ouais", "bah", "euh", "ok", "to", "for", "pour", "de", "du"),
        *("password", "code", "pin", "mdp", "answer", "réponse", "question", "later", "plus"),
        *("defined", "défini", "définie", "identique", "pareil", "idem", "unknown", "inconnu"),
    )
)


def _first_word(value: str) -> str:
    return value.split(maxsplit=1)[0].strip(".,;:!?\"'«»“”‘’").lower() if value.split() else ""


def starts_with_no_value(value: str) -> bool:
    """The value's first word says where the value is, that there is none, or starts a
    sentence ("ask Mum", "on the fridge", "pas encore")."""
    return _first_word(value) in _NOT_VALUES


def _is_code(value: str) -> bool:
    return _CODE_VALUE.fullmatch(value) is not None and _TIME_OR_DATE.search(value) is None


# A cash tin's or a case's lock turns three wheels: "383, left to right", "517".
_THREE_DIGITS = re.compile(r"[0-9]{3}[.,;!]?")
# Words after three digits that count something: "350 points" is a score, "250 ml" a measure.
_NOT_A_COMBINATION = COUNTED_UNITS | frozenset(("points", "pts", "€", "$", "£", "ml"))


def _is_a_three_digit_combination(words: list[str]) -> bool:
    """Three digits alone, or before words that count none ("350 points" is a score)."""
    after = words[1].strip(".,;!").lower() if len(words) > 1 else ""
    return _THREE_DIGITS.fullmatch(words[0]) is not None and after not in _NOT_A_COMBINATION


# --- chat replies -----------------------------------------------------------------------------

# A speaker: a time (in brackets, or after an app's or a day's name: "WhatsApp 23:47", "mar.
# 17:45 –", "[Tue 19:40]"), a name and a colon (after a French no-break space maybe); or a
# dialogue's dash ("— 3917 et tu tires la poignée").
# Its own, not chat_codes' speaker_pattern: here a time alone opens a reply ("[23:47] 4821").
_SPEAKER = re.compile(
    r"[ \t]*(?:>[ \t]*)?(?:[—–][ \t]+|(?:\[(?:[^\W\d_]{2,10}\.?[ ])?[0-9:h. ]{3,8}\][ \t]*"
    r"|(?:[^\W\d_]{2,10}\.?[ ])?[0-9]{1,2}[:h][0-9]{2}[ \t]+(?:[-–—][ \t]+)?)?"
    r"(?:[^\W\d_][\w'’.-]{0,20}[ \t\u00a0\u202f]?:[ \t]*)?)"
)
_ASKED = re.compile(
    r"(?<![^\W_])(?:(?P<password>passwords?|pw|pwd|mdp|mot[ ]de[ ]passe|passcode|passphrase)"
    r"|(?P<code>codes?|pin|digicode|(?P<combination>combination|combinaison|combo))"
    r"|(?P<number>numbers?|num[ée]ros?|digits|chiffres))(?![^\W_])"
)
# What opens with a code, or keys put in a box: a number asked on its line is the code ("van
# keys are in the lockbox, which number?", "les clés sont dans la boîte, quel numéro ?"); a
# door's, a locker's or a room's number asked is theirs.
_CODED_THING = re.compile(
    r"(?<![^\W_])(?:lock[ -]?box(?:es)?|key[ -]?safes?|key[ -]?box(?:es)?|keypads?|claviers?"
    r"|padlocks?|cadenas|safes?|coffres?(?:-forts?)?|bo[îi]tes?[ ][àa][ ]cl[ée]s"
    r"|(?:keys?|cl[ée]s)(?![^\W_])[^?\n]{0,40}(?<![^\W_])(?:box|bo[îi]te))(?![^\W_])"
)
# Things numbered, whose number a question about a coded thing may ask ("which room number?",
# "quel numéro de chambre ?", "the locksmith's phone number?").
_NUMBERED_THING = re.compile(
    r"(?<![^\W_])(?:phone|tel|t[ée]l[ée]phone|mobile|portable|rooms?|chambres?|salles?|flats?"
    r"|apartments?|appart\w*|house|maison|doors?|portes?|lockers?|casiers?|bays?|serial|s[ée]rie"
    r"|models?|mod[èe]les?|pages?|seats?|places?|tables?|bus|platforms?|quais?|plates?"
    r"|immatriculation|units?|offices?|bureaux?|desks?|postes?|tracking|suivi|orders?|commandes?)"
    r"(?![^\W_])"
)
_NUMBERED_REACH = 24


def _asks_a_codes_number(
    lowered: str, asked: re.Match[str], line_start: int, line_end: int
) -> bool:
    """A number asked on a line naming a coded thing, and no other numbered thing beside it."""
    return (
        _CODED_THING.search(lowered, line_start, line_end) is not None
        and _NUMBERED_THING.search(
            lowered,
            max(line_start, asked.start() - _NUMBERED_REACH),
            min(line_end, asked.end() + _NUMBERED_REACH),
        )
        is None
    )


_ASKING = re.compile(
    r"\?|(?<![^\W_])(?:what|whats|what's|quel|quelle|quoi|stp|svp|please|redonne\w*|rappelle\w*"
    r"|renvoie\w*|envoie\w*|send|remember|remind|vite|quick|asap|urgent|asks|asking)(?![^\W_])"
)
_REPLY_OPENING = re.compile(
    r"(?:(?:yes|yeah|yep|sure|oui|ouais|ok)[, ]+)?(?:it['’]?s|its|c['’]est|that['’]s)?[ \t]*",
    re.IGNORECASE,
)
# The words either side of the code asked for: "code postal ?", "which promo code?".
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ ]\Z")
_WORD_AFTER = re.compile(r"[ ]([^\W\d_]+)")


def _asks_another_code(lowered: str, asked: re.Match[str]) -> bool:
    if asked["password"] is not None:
        return False
    before = _WORD_BEFORE.search(lowered, max(0, asked.start() - 24), asked.start())
    after = _WORD_AFTER.match(lowered, asked.end())
    return any(word is not None and word[1] in OTHER_CODES for word in (before, after))


_CHAT_LITERALS = (
    *("pass", "pw", "pwd", "mdp", "mot de passe", "code", "pin", "combin", "combo", "number"),
    *("numéro", "numero", "digits", "chiffres"),
)


def find_chat_replies(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    if "\n" not in text:
        return
    for line_start, line_end in lines_with(lowered, _CHAT_LITERALS):
        if line_end == len(text) or _ASKING.search(lowered, line_start, line_end) is None:
            continue
        if not _has_speaker(text, line_start):
            continue  # a line of prose, not a speaker's
        asked = _ASKED.search(lowered, line_start, line_end)
        if asked is None or _asks_another_code(lowered, asked):
            continue
        if asked["number"] is not None and not _asks_a_codes_number(
            lowered, asked, line_start, line_end
        ):
            continue
        span = _reply(
            text,
            line_end + 1,
            code=asked["password"] is None,
            combination=asked["combination"] is not None,
        )
        if span is not None:
            yield ("chat-reply", *span)


_WORDS = re.compile(r"[^\W\d_]+")


def _has_speaker(text: str, line_start: int) -> bool:
    speaker = _SPEAKER.match(text, line_start)
    return speaker is not None and speaker.end() > line_start


def _reply(
    text: str, start: int, *, code: bool, combination: bool = False
) -> tuple[int, int] | None:
    speaker = _SPEAKER.match(text, start)
    if speaker is None or speaker.end() == start:
        return None
    opening = _REPLY_OPENING.match(text, speaker.end())
    value_start = opening.end() if opening is not None else speaker.end()
    line_end = _line_end(text, value_start)
    if code:
        for shape in (_SPACED_DIGITS, _DOTTED_DIGITS, _SPELT_DIGITS, _DIAL_NUMBERS):
            said = shape.match(text, value_start)
            if said is not None:
                return said.span()
    words = text[value_start:line_end].split()
    if not words or starts_with_no_value(words[0]):
        return None
    value = words[0].rstrip(".,;!")
    end = value_start + len(value)
    if code:
        shaped = _is_code(value) or (combination and _is_a_three_digit_combination(words))
        return (value_start, end) if shaped else None
    if password_shaped(value) or (len(words) == 1 and _PLAIN_WORD.fullmatch(value) is not None):
        return value_start, end
    return _value_before_a_typing_hint(text, value_start, line_end)


# How the value is typed, said after it: "it's bluebird all lowercase", "c'est tigre sans espace".
_TYPING_HINT = re.compile(
    r"[ \t,(-]+(?:(?:all|in|no|with|without|tout|en|sans|avec|pas[ ]d['’])[ \t]+)?"
    r"(?:lower[ -]?case|upper[ -]?case|caps|capitals?|spaces?|minuscules?|majuscules?"
    r"|espaces?|attach[ée]s?|one[ ]word|un[ ]seul[ ]mot)(?![^\W_])",
    re.IGNORECASE,
)
_MAX_HINTED_WORDS = 4


def _value_before_a_typing_hint(text: str, start: int, line_end: int) -> tuple[int, int] | None:
    hint = _TYPING_HINT.search(text, start, line_end)
    if hint is None:
        return None
    words = text[start : hint.start()].split()
    if not 1 <= len(words) <= _MAX_HINTED_WORDS:
        return None
    return start, hint.start()


# --- a value alone below its label and a blank line --------------------------------------------

_LABEL = re.compile(
    r"[^\n]{0,60}?(?<![^\W_])(?:(?P<password>passwords?|passphrase|passcode"
    r"|pw|pwd|mdp|mot[ ]de[ ]passe|wifi[ ]key|cl[ée][ ]wifi|cl[ée][ ]wpa)"
    r"|(?P<code>code|pin|digicode|antivol|cadenas))(?![^\W_])[^\n.:?!]{0,60}"
)


def _quotes_its_noun(label: re.Match[str]) -> bool:
    """ "Bouton « Afficher le mot de passe » cassé", 'the "Forgot password" link': the noun is
    in quotes, a button's or a field's text, and the line labels no value."""
    noun = "password" if label["password"] is not None else "code"
    before = label.string[label.start() : label.start(noun)]
    after = label.string[label.end(noun) : label.end()]
    return any(
        before.rfind(opening) > before.rfind(closing) and closing in after
        for opening, closing in _QUOTE_PAIRS
    ) or (before.count('"') % 2 == 1 and '"' in after)


_QUOTE_PAIRS = (("«", "»"), ("“", "”"))
_VALUE_ALONE = re.compile(r"\s{0,8}?[ \t]*(?P<value>[^\s]{4,64})[ \t]*(?:\n|\Z)")
_MAX_LABEL = 128


def find_values_after_a_blank_line(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    for blank in positions(lowered, "\n\n"):
        label_start = lowered.rfind("\n", max(0, blank - _MAX_LABEL), blank) + 1
        match = _LABEL.fullmatch(lowered, label_start, blank)
        if match is None or (label_start == 0 and blank > _MAX_LABEL) or _quotes_its_noun(match):
            continue
        alone = _VALUE_ALONE.match(text, blank + 2)
        if alone is None:
            continue
        value = alone["value"]
        if match["code"] is not None or "passcode" in match["password"]:
            found = _is_code(value) or (match["code"] is None and password_shaped(value))
        elif _OTHER_LABELS.search(match[0]) is not None:
            found = False
        else:
            found = password_shaped(value) or (
                _is_a_word(value) and _CHANGE_LABELS.search(match[0]) is None
            )
        if found:
            yield ("value-below-label", alone.start("value"), alone.end("value"))


# Labels of notes about passwords, under which a word is a name or a word, not the password.
_OTHER_LABELS = re.compile(
    r"(?<![^\W_])(?:manager|gestionnaire|reset|policy|politique|rules?|r[èe]gles?|hint|indice"
    r"|tips?|conseils?|forgot\w*|oubli\w*|expir\w*|strength|length)"
)
# And where a word alone may say when, not what: "Password changed⏎⏎Yesterday".
_CHANGE_LABELS = re.compile(r"(?<![^\W_])(?:changed?|chang[ée]e?|updated?|mis[ ][àa][ ]jour)")


# "code porte garage⏎1066": a short line naming a code, then a line of its digits alone.
_CODE_LABEL = re.compile(
    r"[ \t]*(?:[^\W\d_][\w'’-]*[ \t]+){0,4}?(?:code|pin|digicode|nip)s?"
    r"(?:[ \t]+[^\W\d_][\w'’-]*){0,4}[ \t]*"
)
_DIGITS_ALONE = re.compile(r"[ \t]*(?P<value>[0-9]{4,8})[ \t]*(?:\n|\Z)")
_CODE_LITERALS = ("code", "pin", "nip")


def find_codes_on_the_next_line(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    for line_start, line_end in lines_with(lowered, _CODE_LITERALS):
        if line_end == len(text) or _CODE_LABEL.fullmatch(lowered, line_start, line_end) is None:
            continue
        if not OTHER_CODES.isdisjoint(lowered[line_start:line_end].split()):
            continue  # "code postal⏎75011"
        digits = _DIGITS_ALONE.match(text, line_end + 1)
        if digits is not None and YEAR.fullmatch(digits["value"]) is None:
            yield ("code-below-label", digits.start("value"), digits.end("value"))


# --- a value after the sentence explaining it -------------------------------------------------

# "The tablet password is her birthday backwards, 5491.", "… est écrit ici : Value": the
# value ends the line, alone after the last colon or comma of a sentence naming its noun.
_EXPLAINED = re.compile(
    r"(?<![^\W_])(?:(?P<password>passwords?|pw|pwd|mdp|mots?[ ]de[ ]passe|passcode)"
    r"|(?P<code>codes?|pin|digicode))(?![^\W_])"
    r"(?P<clause>[^\n]{4,120}?)(?:[ \t]:|:|,)[ \t]+(?P<value>[^\s,:;]{4,64}?)[.!]?[ \t]*$",
    re.MULTILINE,
)
_SAYS_A_DATE = re.compile(r"year|ann[ée]e|birthday|anniversaire|naissance|mariage|wedding|born")


_NOUN_LITERALS = ("pass", "pw", "mdp", "code", "pin")


def find_explained_values(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    for line_start, line_end in lines_with(lowered, _NOUN_LITERALS):
        yield from _explained_on_line(text, lowered, line_start, line_end)


def _explained_on_line(
    text: str, lowered: str, line_start: int, line_end: int
) -> Iterator[tuple[str, int, int]]:
    for match in _EXPLAINED.finditer(lowered, line_start, line_end):
        if _SAID_TO_BE.search(match["clause"]) is None:
            continue  # "Password manager: 1Password" names, it does not explain
        value = text[match.start("value") : match.end("value")]
        if match["code"] is not None:
            found = _is_code(value) and (
                YEAR.fullmatch(value) is None or _SAYS_A_DATE.search(match["clause"]) is not None
            )
        else:
            found = (
                password_shaped(value)
                or (_is_code(value) and YEAR.fullmatch(value) is None)
                or (_POINTS_HERE.search(match["clause"]) is not None and _is_a_word(value))
            )
        if found:
            yield ("explained-value", match.start("value"), match.end("value"))


# "… est écrit ici : Paprika": the clause points at the value, which may be any word.
_POINTS_HERE = re.compile(r"(?<![^\W_])(?:here|below|ici|ci-dessous|dessous)[ \t]*\Z")


def _is_a_word(value: str) -> bool:
    return _PLAIN_WORD.fullmatch(value) is not None and value.lower() not in _NOT_VALUES


_SAID_TO_BE = re.compile(r"(?<![^\W_])(?:is|was|est|c['’]est|sera|will[ ]be)(?![^\W_])")


# --- a single word quoted after a password's noun, a card's security code -----------------------

_QUOTED_WORD = re.compile(
    r"(?<![^\W_])(?:passwords?|pw|pwd|mdp|mots?[ ]de[ ]passe)(?![^\W_])[^\n«\"“]{0,60}?"
    r"(?:c['’]est|is|est|:)[ \t]*[«\"“][ \t\u00a0\u202f]*(?P<value>[^\W\d_]{4,40})"
    r"[ \t\u00a0\u202f]*[»\"”]"
)
_CARD_CODE = re.compile(
    r"(?<![^\W_])(?:(?:card[ ])?security[ ]code|cvv2?|cvc2?|cryptogramme(?:[ ]visuel)?)"
    r"(?:[ \t]*\([^()\n]{1,20}\))?[ \t]*(?:[:=]|->|→|is|est)[ \t]*(?P<value>[0-9]{3,4})(?![0-9])"
)


_QUOTES = ("«", '"', "“")
_CARD_CODE_LITERALS = ("security code", "cvv", "cvc", "cryptogramme")


def find_quoted_and_card_codes(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    for pattern, literals, rule in (
        (_QUOTED_WORD, _QUOTES, "quoted-password"),
        (_CARD_CODE, _CARD_CODE_LITERALS, "card-security-code"),
    ):
        for line_start, line_end in lines_with(lowered, literals):
            for match in pattern.finditer(lowered, line_start, line_end):
                if not is_mask(match["value"]):
                    yield (rule, match.start("value"), match.end("value"))
