"""Codes a household says aloud: door, gate, alarm, digicode, safe, bike lock, CVV, SIM PIN/PUK.

A context word ("alarm code", "code de la porte", "digicode", "CVV") followed, on the same line
and within a few words, by something shaped like a code: digits, digits with one or two
letters (4B12A), or a combination (27-14-33).
"""

import re
from collections.abc import Iterator

_EN_THING = (
    r"(?:front[ -])?door|gate|alarm|garage(?:[ -]door)?|safe|lock[ -]?box|key[ -]?box|keypad"
    r"|intercom|building|entry|entrance|(?:bike|bicycle)?[ -]?lock|padlock|disarm|unlock|access"
    r"|parking|backup|recovery|voicemail|phone|sim|bank[ -]card|card|garage"
)
_FR_THING = (
    r"porte|portail|alarme|entr[ée]e|garage|coffre(?:-fort)?|cadenas|bo[îi]te[ -][àa][ -]cl[ée]s"
    r"|immeuble|interphone|acc[èe]s|parking|d[ée]verrouillage|secours|r[ée]cup[ée]ration"
    r"|messagerie|carte|sim"
)
_CONTEXT = re.compile(
    rf"\b(?:(?:{_EN_THING})(?:[ -]\w+)?[ -](?:code|combination|combo|pin|puk)s?"
    rf"|codes?[ -](?:de[ -]la[ -]|du[ -]|de[ -]l['’]|d['’]|des[ -]|de[ -])?(?:{_FR_THING})"
    rf"|codes?[ -](?:secret|pin|puk)|secret[ -]code|digicode|interphone|cvv2?|cvc2?|cryptogramme"
    rf"|puk|combination|combinaison"
    rf"|(?:alarm|alarme)\b[^\n.]{{0,20}}?(?:disarm|d[ée]sactiv)\w*)\b",
    re.IGNORECASE,
)
# After the context, a few words without digits (is, est, c'est, for the Airbnb, changed: now),
# then the code, which holds a digit and ends the word.
_CODE_AFTER = re.compile(
    r"[^\d\n.!?;]{0,40}?(?<![\w-])"
    r"(?P<code>\d{1,2}(?:-\d{1,2}){2,5}|(?=[A-Za-z]{0,2}\d)[0-9A-Za-z]{3,8})(?=#|[\s.,;:!?)]|$)"
)
# Every context holds one of these (lowercased): the regex runs only on the lines that do.
_STEMS = ("cod", "pin", "puk", "cvv", "cvc", "crypt", "combi", "combo", "interphone", "larm")


def find_household_codes(text: str) -> Iterator[tuple[str, int, int]]:
    for line_start, line_end in _lines_with_a_stem(text):
        for context in _CONTEXT.finditer(text, line_start, line_end):
            code = _CODE_AFTER.match(text, context.end())
            if code is not None and _is_code(code["code"], context[0]):
                yield ("household-code", *code.span("code"))


def _lines_with_a_stem(text: str) -> list[tuple[int, int]]:
    """A context never crosses a line, so a line without a stem cannot hold one."""
    lowered = text.lower()
    if len(lowered) != len(text):  # "İ" lengthens when lowered: scan every line
        return [(0, len(text))]
    lines: set[tuple[int, int]] = set()
    for stem in _STEMS:
        position = lowered.find(stem)
        while position != -1:
            start = text.rfind("\n", 0, position) + 1
            end = text.find("\n", position)
            lines.add((start, len(text) if end == -1 else end))
            position = lowered.find(stem, end if end != -1 else len(text))
    return sorted(lines)


def _is_code(value: str, context: str) -> bool:
    digits = sum(char.isdigit() for char in value)
    letters = len(value) - digits - value.count("-")
    if "-" in value:
        return True  # a combination: 27-14-33, 4-0-8-2
    short = context.lower().startswith(("cvv", "cvc", "crypto"))
    if letters == 0:
        return len(value) >= (3 if short else 4) and len(value) <= 8
    return letters <= 2 and digits >= 3 and not short
