"""A code said digit by digit in running speech, after the word for it or a key to press.

Dictated notes run on without a colon or "c'est": "code de la carte pro sept trois deux neuf je
l'ai changé au distributeur", "tu fais touche gérant puis six deux neuf un puis valider", "the
locker pin four oh two nine, don't lose it". Four to eight digits spelt one at a time, after a
code's noun or a verb of typing (press, punch, tape, compose, saisis) on the same clause, are
the code; so are they said before what they open ("quatre deux zéro neuf, c'est pour la porte du
local", "it's seven seven two one for the garage"), after "it's", "c'est maintenant" on a clause
naming what they open ("the new lock on the cold room, it's one one zero four"), before what is
done at the lock ("huit huit deux zéro puis dièse", "zero nine two six turn the dial left
first"), or alone on their line under a short heading ("Joint account card⏎six one five eight",
"Alarme⏎zéro six un neuf⏎puis OFF"), or after a short label naming a lock, a card or a phone
("Téléphone de Mme Girard : un, neuf, quatre, un — c'est son année de naissance"). A phone whose
lock is named after it is no phone number ("Work phone unlock: eight-two-eight-two-one-four").

What keeps the look-alikes out: a run must follow such a word (a flight "vol A F un deux cinq
sept", an order "six eight one one zero four" or a mileage name none); a public code's noun
(postcode, zip code, code de la route, dress code, Morse code) or a number's noun between them
(extension, numéro, flight, page, room) makes it another number; a count ("un deux trois
quatre", "five four three two one") or one digit repeated is no code; a unit after the run
makes it a quantity; a heading over a run alone must name a lock, a card, an alarm or a device
("Kids' ages" does not), and not a number ("Extension", "Bus route") nor a song; a number called
("Call Mum on zero seven seven one two, then press one") is no code.
"""

import re
from collections.abc import Iterator
from itertools import pairwise

from memoire.core.secrets.place_codes import (
    DIGIT_WORDS,
    LOCKING,
    SPELT_DIGIT_STARTS,
    UNIT_WORD_AFTER,
)
from memoire.core.secrets.text import end_of_line, line_start_within, positions, start_of_line

RULE = "spoken-digits"

# Words that name a code or ask for one to be typed: a run of spelt digits follows them.
_CUES = (
    *("code", "pin", "passcode", "digicode", "combinaison", "combination", "combo", "mdp"),
    *("password", "mot de passe", "touche", "tape", "compose", "punch", "press", "saisi"),
    *("key in", "enter ", "type ", "fais ", "faites ", "cadenas", "antivol"),
    *("keypad", "clavier", "lockbox", "key safe", "boîte à clé", "unlock", "déverrouill"),
)
_DIGIT_WORD = rf"(?:(?:double|triple)[ ])?(?:{DIGIT_WORDS})(?![\w'’-])"
_KEY_WORD = r"(?:star|hash|étoile|dièse|pound)"
_JOINER = r"(?:[ ]|,[ ]?|[ ](?:then|puis|et|and)[ ])"
# Digits said joined by dashes: "nine-oh-four-two".
_DASHED = rf"(?:{DIGIT_WORDS})(?:-(?:{DIGIT_WORDS})){{3,7}}(?![\w'’-])"
_RUN = re.compile(
    rf"(?P<gap>[^\n.;!?:0-9]{{0,50}}?)(?<![\w'’-])(?P<run>(?:{_KEY_WORD}[ ])?{_DIGIT_WORD}"
    rf"(?:{_JOINER}{_DIGIT_WORD}){{3,7}}(?:[ ]{_KEY_WORD}(?![\w]))?|(?P<dashed>{_DASHED}))"
    rf"(?![ ,]*{_DIGIT_WORD})"
)
# A number's noun between the cue and the run: the run is that number, not the code.
_OTHER_NUMBER = re.compile(
    r"(?<![^\W_])(?:numb\w*|num[ée]ros?|n°|no|extension|ext|poste|tel|phone|t[ée]l[ée]phone"
    r"|flight|vol|page|pages|ligne|line|bus|order|commande|score|miles|km"
    r"|route|postal|civil|p[ée]nal|travail|source|promo|barres?|couleur|colou?r|erreur|error"
    r"|vestimentaire|morse|article|produit|product|client|customer|version)(?![^\W_])"
)
# A phone's lock is named after it: "Work phone unlock: eight-two-eight-two-one-four",
# "Téléphone pro : déverrouillage six-zéro-trois-un-un-neuf"; the run is no phone number then.
_PHONES = frozenset(("phone", "tel", "téléphone"))
_UNLOCKED = re.compile(
    r"(?<![^\W_])(?:unlock\w*|(?:dé)?verrouill\w*|passcode|lock[ ]?screen|screen[ ]lock)(?![^\W_])"
)
# A room names its number when it comes right before the run ("room four one two"), not when the
# code is a room's ("le clavier de la salle de pause a changé, c'est six zéro zéro sept").
_ROOM = r"(?<![^\W_])(?:rooms?|chambres?|salles?)"
_ROOM_NUMBER = re.compile(rf"{_ROOM}[ ](?:n[°o][ ]?)?\Z")
_ROOM_WORD = re.compile(rf"{_ROOM}(?![^\W_])")
# Public codes named before the cue: "zip code", "area code", "dress code", "morse code".
_PUBLIC_BEFORE = re.compile(
    r"(?<![^\W_])(?:zip|postal|post|area|country|dress|promo|discount|error|morse|bar|qr|source"
    r"|sort|tax|tracking|booking|product)[ -]?\Z"
)
_DIGIT_VALUES = {
    **dict.fromkeys(("zéro", "zero", "oh"), 0),
    **dict.fromkeys(("one", "un"), 1),
    **dict.fromkeys(("two", "deux"), 2),
    **dict.fromkeys(("three", "trois"), 3),
    **dict.fromkeys(("four", "quatre"), 4),
    **dict.fromkeys(("five", "cinq"), 5),
    **dict.fromkeys(("six",), 6),
    **dict.fromkeys(("seven", "sept"), 7),
    **dict.fromkeys(("eight", "huit"), 8),
    **dict.fromkeys(("nine", "niner", "neuf"), 9),
}
_MAX_CUES = 200
_REACH = 120  # characters after a cue where its run may end


def find_spoken_digits(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """Read after each cue only: a regex of digit words along a whole note costs too much."""
    del text
    cues = sorted({(p, p + len(cue)) for cue in _CUES for p in positions(lower, cue)})
    done = -1
    for position, literal_end in cues[:_MAX_CUES]:
        if position < done or (position and lower[position - 1].isalpha()):
            continue  # inside a run found already, or inside a word ("episode", "spin")
        if _PUBLIC_BEFORE.search(lower, max(0, position - 12), position) is not None:
            continue  # "zip code", "dress code": a public code
        cue_end = literal_end
        while cue_end < len(lower) and lower[cue_end].isalpha() and lower[cue_end - 1] != " ":
            cue_end += 1  # "codes", "tapez", "composer"; not the run after "fais "
        found = _RUN.match(lower, cue_end, min(end_of_line(lower, cue_end), cue_end + _REACH))
        if found is None or (found["dashed"] and not _said_new(lower, found)):
            continue
        if _is_code(lower, found):
            done = found.end("run")
            yield RULE, found.start("run"), done
    yield from _runs_before_places(lower)


# Digits joined by dashes after a cue are spelt out as often as said ("the code to the garage is
# four-one-nine-two" in a note about writing numbers); they are the code told when it is new:
# "combination's changed, it's four-one-nine-nine now", "le clavier a changé : deux-un-un-six".
_NEW = re.compile(
    r"chang|reset|modifi|remis|réinitialis"
    r"|(?<![^\W_])(?:now|new|nouveau|nouvelle|maintenant|désormais)(?![^\W_])"
)
_NEW_AFTER = 12  # "… four-one-nine-nine now"


def _said_new(lower: str, found: re.Match[str]) -> bool:
    end = found.end("run")
    return (
        _NEW.search(found["gap"]) is not None
        or _NEW.search(lower, end, end + _NEW_AFTER) is not None
    )


# A run said before what it opens: "quatre deux zéro neuf, c'est pour la porte du local", "it's
# seven seven two one for the garage".
_RUN_FOR_A_PLACE = re.compile(
    rf"(?P<gap>)(?P<run>{_DIGIT_WORD}(?:{_JOINER}{_DIGIT_WORD}){{3,7}}(?:[ ]{_KEY_WORD})?)"
    r",?[ ](?:(?:c['’]est|it['’]?s|that['’]s|is)[ ])?(?:pour|for)[ ](?:(?:the|la|le|les|my|ma|mon"
    r"|our|notre)[ ]|l['’])?(?:[^\W\d_]+[ ]){0,2}?"
    rf"(?:{LOCKING}|alarms?|alarmes?|keypads?|digicodes?|interphones?)(?![\w-])"
)
_WORD_BEFORE = re.compile(rf"(?:^|(?<=[ ,\n-]))(?:{_DIGIT_WORD}|then|puis|et|and)(?:[ ,]+|-)\Z")

# A run, then what is done at the lock: a key pressed, the dial or the handle turned, a button
# pushed ("huit huit deux zéro puis dièse", "zero nine two six turn the dial left first").
_RUN_THEN_THE_LOCK = re.compile(
    rf"(?P<gap>)(?P<run>{_DIGIT_WORD}(?:{_JOINER}{_DIGIT_WORD}){{3,7}}|{_DASHED}),?[ ]"
    r"(?:(?:then|puis|et|and)[ ])?(?:(?:press|push|hit|appuie[rz]?[ ]sur|appuyer[ ]sur"
    r"|tape[rz]?)[ ])?(?:(?:the|la|le|l['’])[ ]?)?"
    r"(?:hash|dièse|star|étoile|#|(?:turn|twist|tourne[rz]?|tourner)[ ](?:the|la|le)[ ]"
    r"(?:dial|knob|handle|wheel|poignée|molette|mollette|clé|key)|lift[ ]|pull[ ]the[ ]handle"
    r"|tire[rz]?[ ]la[ ]poignée|soulève\w*|button|bouton|touche[ ]\w+"
    r"|(?<=press[ ])(?:ok|enter|off|on|arm|disarm)(?![\w'’])"
    r"|(?<=push[ ])(?:ok|enter|off|on|arm|disarm)(?![\w'’])"
    r"|(?<=sur[ ])(?:ok|entrée|valider|off|on)(?![\w'’]))"
)
# A number called before the run: "Call Mum on zero seven seven one two, then press one".
_CALLED = re.compile(r"(?<![^\W_])(?:call|ring|dial|phone|appelle[rz]?|appeler)(?![^\W_])")
# A run alone on its line ("Alarm⏎zero six one nine⏎then press OFF"), under a short heading.
_RUN_ALONE = re.compile(
    rf"(?P<gap>)(?P<run>(?:{_DIGIT_WORD}(?:{_JOINER}{_DIGIT_WORD}){{3,7}}|{_DASHED})"
    rf"(?:[ ]{_KEY_WORD})?)[ \t]*(?:\n|\Z)"
)
# Digits spelt and joined by hyphens into one word ("deux-neuf-un-un", "seven-one-one-four"): a
# number's words joined so hold a ten ("quatre-vingt-dix"), and a phone has more digits.
_HYPHENED = re.compile(
    rf"(?P<gap>)(?P<run>(?:{DIGIT_WORDS})(?:-(?:{DIGIT_WORDS})){{3,7}})(?![\w'’-])"
)
_HYPHENED_BEFORE = re.compile(rf"(?<![\w'’])(?:{DIGIT_WORDS})-\Z")
_HEADING_MOST_WORDS = 6
# Headings over a number said aloud that is no code: a song, a count, a phone, a score.
_NOT_A_CODE_HEADING = re.compile(
    r"(?<![^\W_])(?:lyrics|song|chanson|paroles|comptine|counting|compter|poem|poème|call[ ]sign"
    r"|indicatif|frequency|fréquence|channel|canal)"
    r"(?![^\W_])"
)


def _runs_before_places(lower: str) -> Iterator[tuple[str, int, int]]:
    """From each word of a spelt digit that not every sentence holds, back to its run's first
    word, then forward through the run to what it is for, to what is done at the lock after
    it, or to its line's end under a short heading."""
    starts = sorted({p for word in SPELT_DIGIT_STARTS for p in positions(lower, word)})
    done = -1
    for position in starts[:_MAX_CUES]:
        if position < done or (position and lower[position - 1].isalpha()):
            continue
        hyphened = _hyphened_run(lower, position)
        if hyphened is not None:
            done = hyphened[2]
            yield hyphened
            continue
        start = _run_start(lower, position, _WORD_BEFORE)
        reach = min(len(lower), start + _REACH)
        found = (
            _RUN_FOR_A_PLACE.match(lower, start, reach)
            or _run_then_the_lock(lower, start, reach)
            or _alone_under_a_heading(lower, start)
            or _after_a_label(lower, start)
            or _said_to_be_a_places(lower, start, reach)
        )
        if found is not None and _is_code(lower, found):
            done = found.end("run")
            yield RULE, found.start("run"), done


# A run said to be a lock's or a place's code, now: "the new lock on the cold room, it's one
# one zero four", "le garage c'est maintenant huit, quatre, quatre, un".
_SAID_NOW = re.compile(
    r"(?<![^\W_])(?:c['’]est|it['’]?s|is|est)(?:[ ](?:now|maintenant|désormais))?[ ,:]*\Z"
    r"|(?<![^\W_])(?:now|maintenant|désormais)[ ,:]*\Z"
)
_PLACE_BEFORE = re.compile(
    rf"(?<![\w-])(?:{LOCKING}|alarms?|alarmes?|keypads?|claviers?|digicodes?)(?![\w-])"
)
_CLAUSE = 80  # characters before a run where its place is named


def _said_to_be_a_places(lower: str, start: int, reach: int) -> re.Match[str] | None:
    """After "it's", "c'est maintenant", "is now" on a clause naming what locks."""
    before = line_start_within(lower, start, _CLAUSE)
    if _SAID_NOW.search(lower, before, start) is None:
        return None
    if _PLACE_BEFORE.search(lower, before, start) is None or _CALLED.search(lower, before, start):
        return None
    found = _RUN_SAID.match(lower, start, reach)
    if found is None or _OTHER_NUMBER.search(lower, before, start) is not None:
        return None
    return found


_RUN_SAID = re.compile(
    rf"(?P<gap>)(?P<run>{_DIGIT_WORD}(?:{_JOINER}{_DIGIT_WORD}){{3,7}})(?![ ,]*{_DIGIT_WORD})"
)


def _run_then_the_lock(lower: str, start: int, reach: int) -> re.Match[str] | None:
    found = _RUN_THEN_THE_LOCK.match(lower, start, reach)
    if found is None or _is_called(lower, start_of_line(lower, start), start):
        return None
    return found


def _run_start(lower: str, position: int, word_before: re.Pattern[str]) -> int:
    """Back from a digit's word over the run's words before it, each matched by `word_before`
    up to the next one, a run's length at most."""
    start = position
    for _ in range(_MAX_DIGITS):
        before = word_before.search(lower, max(0, start - _LONGEST_WORD), start)
        if before is None:
            break
        start = before.start()
    return start


def _hyphened_run(lower: str, position: int) -> tuple[str, int, int] | None:
    """Back from a digit's word over the hyphened words before it, then forward over the run;
    no number's noun before it on its line or the line above (a question it answers), nor a
    heading of what is no code (a song, a call sign), nor a number called on its line."""
    start = _run_start(lower, position, _HYPHENED_BEFORE)
    if start and lower[start - 1] == "-":
        return None
    found = _HYPHENED.match(lower, start, min(len(lower), start + _REACH))
    line_start = start_of_line(lower, start)
    above = start_of_line(lower, line_start - 1) if line_start else line_start
    if found is None or _names_another_number(lower, above, start):
        return None  # "room four-one-two-six", "the promo code?⏎two-eight-one-four"
    if _NOT_A_CODE_HEADING.search(lower, above, start) or _is_called(lower, line_start, start):
        return None  # "Radio call sign⏎two-four-one-nine", "ring four-one-two-one-zero"
    return (RULE, start, found.end("run")) if _is_code(lower, found) else None


def _alone_under_a_heading(lower: str, start: int) -> re.Match[str] | None:
    """A run filling its line (a bullet before it at most) under a short heading without a
    number's noun ("Joint account card⏎six one five eight", not "Extension⏎four two one")."""
    line_start = start_of_line(lower, start)
    if lower[line_start:start].strip(" \t-*•→>") != "" or line_start < _MIN_HEADING:
        return None
    found = _RUN_ALONE.match(lower, start, min(len(lower), start + _REACH))
    if found is None:
        return None
    above = lower.rfind("\n", max(0, line_start - 1 - _MAX_HEADING), line_start - 1) + 1
    heading = lower[above : line_start - 1]
    if above == 0 and line_start - 1 > _MAX_HEADING:
        return None  # a long line above: prose, not a heading
    return found if _is_locked_heading(heading, phones=False) else None


def _is_locked_heading(heading: str, *, phones: bool) -> bool:
    """A few words without a digit naming a lock, a card, an alarm or a device, not a number
    ("Extension", "Bus route") nor a song; with `phones`, a phone ("Téléphone de Mme Girard")."""
    words = heading.split()
    if not 1 <= len(words) <= _HEADING_MOST_WORDS or any(map(str.isdigit, heading)):
        return False
    if phones:
        numbers = [found[0] for found in _OTHER_NUMBER.finditer(heading)]
        if any(number not in _PHONES for number in numbers):
            return False
    elif _names_another_number(heading, 0, len(heading)):
        return False
    if _ROOM_WORD.search(heading) or _NOT_A_CODE_HEADING.search(heading):
        return False
    locked = _LOCKED_HEADING.search(heading) is not None
    return locked or (phones and _PHONE.search(heading) is not None)


# A run after a short label and a colon, ending its clause: "Téléphone de Mme Girard : un,
# neuf, quatre, un — c'est son année de naissance", "Carte bleue : quatre neuf deux un".
_LABEL = re.compile(
    r"[ \t]*(?:[-*•>][ \t]+)?(?P<label>[^\n:=→—–]{1,60}?)[ \t]*(?::|=|→|->|—|–)[ \t]*"
    r"(?:(?:it['’]?s|c['’]est|is)[ \t]+)?(?:[«\"“][ \t]*)?"
)
_LABELLED_RUN = re.compile(
    rf"(?P<gap>)(?P<run>{_DIGIT_WORD}(?:{_JOINER}{_DIGIT_WORD}){{3,7}}|{_DASHED})"
    rf"(?:[ ]{_KEY_WORD})?(?![ ,]*{_DIGIT_WORD})(?=[ \t]*(?:$|[.;!?»\"”(—–]|,[ ]|-[ ]))",
    re.MULTILINE,
)
_MAX_LABEL = 64
_PHONE = re.compile(
    r"(?<![^\W_])(?:phones?|t[ée]l[ée]phones?|portables?|mobiles?|smartphones?|iphones?)(?![^\W_])"
)


def _after_a_label(lower: str, start: int) -> re.Match[str] | None:
    line_start = start_of_line(lower, start)
    if start - line_start > _MAX_LABEL:
        return None  # a sentence, not a label
    label = _LABEL.fullmatch(lower, line_start, start)
    if label is None or not _is_locked_heading(label["label"], phones=True):
        return None
    return _LABELLED_RUN.match(lower, start, min(len(lower), start + _REACH))


# What a heading over a code names: a thing that locks, a card, an alarm, a device.
_LOCKED_HEADING = re.compile(
    rf"(?<![\w-])(?:{LOCKING}|cards?|cartes?|cb|alarms?|alarmes?|panels?|keypads?|claviers?"
    r"|digicodes?|pins?|codes?|tablets?|tablettes?|laptops?|ordis?|ipads?|accounts?|comptes?"
    r"|banks?|banques?)(?![\w-])"
)
_MIN_HEADING = 2  # a heading's character and its line's end
_MAX_HEADING = 60


def _names_another_number(lower: str, start: int, end: int) -> bool:
    """A number's noun in `lower[start:end]`, but for a phone whose lock is named after it."""
    return _names(_OTHER_NUMBER, lower, start, end)


def _is_called(lower: str, start: int, end: int) -> bool:
    """A number called in `lower[start:end]`: "ring", "phone", but not a phone's unlock."""
    return _names(_CALLED, lower, start, end)


def _names(pattern: re.Pattern[str], lower: str, start: int, end: int) -> bool:
    return any(
        found[0] not in _PHONES or _UNLOCKED.search(lower, found.end(), end) is None
        for found in pattern.finditer(lower, start, end)
    )


_MAX_DIGITS = 8
_LONGEST_WORD = 16  # "double quatre, " and the joiners around it


def _is_code(lower: str, found: re.Match[str]) -> bool:
    """Four or more digits, not all one, not counted up or down, no number's noun nor call
    before them, no unit after them."""
    gap = found["gap"]
    if (
        _names_another_number(gap, 0, len(gap))
        or _ROOM_NUMBER.search(gap)
        or _is_called(gap, 0, 99)
    ):
        return False
    if UNIT_WORD_AFTER.match(lower, found.end("run")) is not None:
        return False
    digits: list[int] = []
    times = 1
    for word in _WORDS.findall(found["run"]):
        if word in _DIGIT_VALUES:
            digits.extend([_DIGIT_VALUES[word]] * times)
        times = _REPEATS.get(word, 1)
    if len(digits) < _MIN_DIGITS or len(set(digits)) == 1:
        return False
    steps = {b - a for a, b in pairwise(digits)}
    return steps not in ({1}, {-1})  # "un deux trois quatre", "five four three two one"


_REPEATS = {"double": 2, "triple": 3}
_WORDS = re.compile(r"[^\W\d_]+")
_MIN_DIGITS = 4
