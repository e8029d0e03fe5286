"""Password nouns as people mistype them: "pasword", "passwrod", "mot de passse", "p/w".

Every rule of the guard starts from a noun spelt right. Rather than teach each rule every
misspelling, the guard repairs the noun and reads its lines again (see the package's
`_scan`): this module only says where a noun is misspelt and how it is spelt.

A noun of six letters or more is taken at one edit from its spelling (a letter added, dropped,
changed, or two neighbours swapped: optimal string alignment distance 1, a check that needs no
table); the few real words one edit away are listed. Short nouns are too close to other words
("pw" and "pe", "mdp" and "mdr") for that, so only their usual variants are known ("p/w").
The standard library suffices: a distance of at most one is a single linear comparison.
"""

import re
from collections.abc import Iterator
from itertools import islice

# Nouns taken at one edit, and the first two letters a misspelling keeps (a typo rarely hits
# the first two: looking only at words starting so keeps the search cheap on prose).
_NOUNS = ("password", "passphrase", "passcode")
_FRENCH_NOUN = "passe"  # after "mot de ": "mot de passse", "mot de pase", "mot de pass"
# Real words one edit from a noun, which are no misspelling of it.
_REAL_WORDS = frozenset(("passwords", "passcodes", "passphrases", "passe", "passé", "passes"))
_CANDIDATE = re.compile(r"pa[^\W\d_]{4,9}")
_MOT_DE = re.compile(r"mots?[ _-]de[ _-](?P<noun>pa[^\W\d_]{1,5})(?![^\W_])")
# Short forms people write for a password that its rules do not know, and what they stand for.
_VARIANTS = {"p/w": "pw", "p.w.": "pw", "pswd": "pwd", "passw": "password", "pass-word": "password"}
_MAX_MISSPELT = 16  # a note of misspellings costs at most this many second readings


def misspelt_nouns(lowered: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, the noun spelt right) for each misspelt password noun, at most 16."""
    return islice(_misspellings(lowered), _MAX_MISSPELT)


def _misspellings(lowered: str) -> Iterator[tuple[int, int, str]]:
    for position in _word_starts(lowered, "pa"):
        word = _CANDIDATE.match(lowered, position)
        if word is None or _continues(lowered, word.end()):
            continue
        noun = _noun_at_one_edit(word[0])
        if noun is not None:
            yield word.start(), word.end(), noun
    for position in _word_starts(lowered, "mot"):
        phrase = _MOT_DE.match(lowered, position)
        if phrase is None:
            continue
        misspelt = phrase["noun"]
        if misspelt not in _REAL_WORDS and _at_most_one_edit(misspelt, _FRENCH_NOUN):
            yield phrase.start("noun"), phrase.end("noun"), _FRENCH_NOUN
    for variant, noun in _VARIANTS.items():
        for position in _word_starts(lowered, variant):
            end = position + len(variant)
            if not _continues(lowered, end):
                yield position, end, noun


def _word_starts(lowered: str, literal: str) -> Iterator[int]:
    position = lowered.find(literal)
    while position != -1:
        if position == 0 or not (lowered[position - 1].isalnum() or lowered[position - 1] == "_"):
            yield position
        position = lowered.find(literal, position + 1)


def _continues(lowered: str, end: int) -> bool:
    return end < len(lowered) and (lowered[end].isalnum() or lowered[end] == "_")


def _noun_at_one_edit(word: str) -> str | None:
    if word in _NOUNS or word in _REAL_WORDS:
        return None
    return next((noun for noun in _NOUNS if _at_most_one_edit(word, noun)), None)


def _at_most_one_edit(word: str, noun: str) -> bool:
    """Optimal string alignment distance of at most 1, in one pass over the two words."""
    if abs(len(word) - len(noun)) > 1:
        return False
    prefix = 0
    while prefix < min(len(word), len(noun)) and word[prefix] == noun[prefix]:
        prefix += 1
    if len(word) == len(noun):
        rest_word, rest_noun = word[prefix + 1 :], noun[prefix + 1 :]
        swapped = word[prefix : prefix + 2] == noun[prefix : prefix + 2][::-1]
        return rest_word == rest_noun or (swapped and word[prefix + 2 :] == noun[prefix + 2 :])
    if len(word) < len(noun):
        return word[prefix:] == noun[prefix + 1 :]
    return word[prefix + 1 :] == noun[prefix:]
