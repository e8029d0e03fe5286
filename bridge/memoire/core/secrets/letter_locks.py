"""A word set on a letter lock's wheels: the lock's code, written in capitals.

Letter padlocks and cupboard locks open on a word, not digits, and notes say how to set it:
"roll the wheels to GHOST", "spin the letters round to BRAVO", "l'armoire s'ouvre en mettant
FANTOME sur les molettes", "tourne les roues sur LOUP", "word lock: OTTER", "cadenas à lettres =
MIEL". The word follows a verb of setting and the wheels, stands before "on the wheels", or
follows the letter lock's name and a separator.

What keeps the look-alikes out: the word is in capitals, as such codes are written ("roll the
wheels to the car park" names a place); a dial's mode ("turn the dials to OFF", "molettes sur
AUTO") is a setting, not a code; the wheels are plural or are letters, since one dial set to a
word is an oven's or a washing machine's ("set the dial to DEFROST").
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.text import end_of_line, line_start_within, positions

RULE = "letter-lock"

_LITERALS = (
    *("wheels", "dials", "letters", "rings", "molettes", "roues", "lettres"),
    *("word lock", "word padlock", "letter lock", "letter padlock", "cadenas à"),
)
_WORD = r"(?P<value>(?<![^\W\d_])[^\W\d_]{3,12})(?![^\W_])"
_WHEELS = (
    r"(?:(?:the|its|les|ses|la)[ ])?(?:(?:letter|word|combination|lock)[ ])?"
    r"(?:wheels|dials|letters|rings|molettes|roues|lettres)"
)
_SET = (
    r"(?:roll\w*|spin\w*|turn\w*|set\w*|put\w*|line[ ]up|lining[ ]up|dial\w*|move\w*"
    r"|mett\w*|mets|mis|tourn\w*|align\w*|r[èée]gl\w*|positionn\w*)"
)
_PATTERNS = (
    # "roll the wheels to GHOST", "tourne les molettes sur FANTOME"
    re.compile(
        rf"{_SET}[ ]{_WHEELS}(?:[ ](?:round|around|back))?[ ]"
        rf"(?:to|on|onto|at|until|till|so[ ]they[ ]read|sur|à|pour[ ]lire|jusqu['’]à)[ ]{_WORD}"
    ),
    # "mettant FANTOME sur les molettes", "line up GHOST on the wheels"
    re.compile(rf"{_SET}[ ]{_WORD}[ ](?:on|onto|across|sur)[ ]{_WHEELS}(?![\w])"),
    # "word lock: OTTER", "cadenas à lettres = MIEL"
    re.compile(
        r"(?:(?:letter|word)[ ](?:pad)?lock|cadenas[ ]à[ ](?:lettres|mots))[\w ]{0,30}?"
        rf"[ ]?(?::|=|→|-|is|est|c['’]est|opens[ ]on|s['’]ouvre[ ]sur)[ ]{_WORD}"
    ),
)
# A dial's mode or direction set in capitals is a setting, not a code.
_SETTINGS = frozenset(
    (
        *("off", "on", "auto", "eco", "max", "min", "low", "high", "open", "closed", "lock"),
        *("left", "right", "zero", "reset", "start", "stop", "marche", "arrêt", "haut", "bas"),
        "ouvert",
    )
)
_CAPITALS = re.compile(r"[^\W\d_a-zß-ÿ]{3}")
_REACH = 80  # characters around a literal where its pattern may start
_MAX_LITERALS = 50


def find_letter_locks(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """Each pattern is tried only on the stretch of a line around a literal of wheels."""
    spots = sorted({p for literal in _LITERALS for p in positions(lower, literal)})
    done = -1
    for position in spots[:_MAX_LITERALS]:
        if position and lower[position - 1].isalpha():
            continue  # inside a word: "strings", "bouroues"
        start = line_start_within(lower, position, _REACH)
        end = min(end_of_line(lower, position), position + _REACH)
        if _CAPITALS.search(text, start, end) is None:
            continue  # no word in capitals near the wheels: the patterns need not be tried
        for pattern in _PATTERNS:
            for found in pattern.finditer(lower, start, end):
                value_start, value_end = found.span("value")
                value = text[value_start:value_end]
                if value_start > done and value.isupper() and found["value"] not in _SETTINGS:
                    done = value_end
                    yield RULE, value_start, value_end
