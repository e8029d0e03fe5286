"""Word forms: Snowball's stemmers, so "poubelles" finds "poubelle" and "bikes" finds "bike".

Why each choice:

- A note's language is not known, and a household writes in several: one note mixes
  French and English, a query is a few words (too short to guess a language from), and
  a wrong guess would hide a note. So every word is stemmed in each language the memory
  is configured for (`[search] languages`, English and French by default), and a note's
  stems are the union. A stem that one language makes of another's word only widens a
  search a little; the exact word still ranks first (see `search.py`).
- Snowball's stemmers are maintained and the same on every machine (`snowballstemmer`,
  which uses PyStemmer's C build when it is installed). Some are not idempotent (Dutch
  "fietsen" → "fiets" → "fiet"), so a word's stems are its stem and its stem's stem: a
  query and a note meet whichever form each holds.
- Stemming is paid once per distinct word and language (a bounded cache), never per
  occurrence; a note gives at most `MAX_STEMMED_WORDS` distinct words (far above what
  memoire writes), and words longer than `MAX_STEMMED_CHARS` or made of digits are kept
  as they are: no natural word is that long, and a pasted key or hash has no word form.
- The library loads on the first word stemmed, not with this module: the configuration
  names the languages, and a command that never searches must not pay for 36 stemmers.
- Whatever changes the stems (this module's rules, the library's version or backend, the
  languages) changes `signature`, and the index rebuilds itself when it differs.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from ..core.errors import InvalidArgument

# ISO 639-1 codes of the Snowball stemmers memoire offers.
LANGUAGES: dict[str, str] = {
    "da": "danish",
    "de": "german",
    "en": "english",
    "es": "spanish",
    "fi": "finnish",
    "fr": "french",
    "it": "italian",
    "nl": "dutch",
    "no": "norwegian",
    "pt": "portuguese",
    "sv": "swedish",
}
DEFAULT_LANGUAGES = ("en", "fr")
MIN_STEMMED_CHARS = 3
MAX_STEMMED_CHARS = 40
MAX_STEMMED_WORDS = 20_000
_CACHED_STEMS = 65_536  # words (per language set, and per language): a few MB at most
_TOKEN = re.compile(r"[^\W_]+")  # one word for the tokenizer, and safe inside FTS5 quotes
STEMMING_RULES = "1"
"""This module's own rules: change it with them, so every index is rebuilt."""


def check_languages(languages: Sequence[str]) -> tuple[str, ...]:
    """The languages as given, without repeats; InvalidArgument naming the known ones."""
    unknown = [code for code in languages if code not in LANGUAGES]
    if unknown:
        known = ", ".join(sorted(LANGUAGES))
        raise InvalidArgument(
            f"search languages {', '.join(map(repr, unknown))} have no stemmer; "
            f"use codes among: {known}"
        )
    return tuple(dict.fromkeys(languages))


class Stemmer:
    """The stems of folded words in each configured language; safe to share between threads."""

    def __init__(self, languages: Sequence[str] = DEFAULT_LANGUAGES) -> None:
        self.languages = check_languages(languages)
        self.signature = ";".join([STEMMING_RULES, _library(), ",".join(self.languages) or "none"])

    def stems(self, word: str) -> frozenset[str]:
        """A folded word's stems in every language (itself included when it is one)."""
        return _word_stems(self.languages, word)

    def text_stems(self, words: Iterable[str]) -> str:
        """The distinct stems of a text's folded words, as the index's `stems` column holds them."""
        distinct: dict[str, None] = {}
        for word in words:
            if len(distinct) >= MAX_STEMMED_WORDS:
                break
            distinct.setdefault(word)
        found: set[str] = set()
        for word in distinct:
            found |= self.stems(word)
        return " ".join(sorted(found))


def _stemmable(word: str) -> bool:
    return MIN_STEMMED_CHARS <= len(word) <= MAX_STEMMED_CHARS and not word.isdigit()


@lru_cache(maxsize=_CACHED_STEMS)
def _word_stems(languages: tuple[str, ...], word: str) -> frozenset[str]:
    if not _stemmable(word):
        return frozenset()
    return frozenset(stem for code in languages for stem in _stems(code, word))


@lru_cache(maxsize=_CACHED_STEMS)
def _stems(code: str, word: str) -> tuple[str, ...]:
    """The stem and the stem's stem: Snowball's stemmers are not all idempotent."""
    first = _stem(code, word)
    second = _stem(code, first)
    return tuple(stem for stem in dict.fromkeys((first, second)) if _TOKEN.fullmatch(stem))


_LOCKS = {code: threading.Lock() for code in LANGUAGES}
_STEMMERS: dict[str, Any] = {}


def _stem(code: str, word: str) -> str:
    """One word in one language: the pure-Python stemmers keep state, so one thread at a time."""
    with _LOCKS[code]:
        stemmer = _STEMMERS.get(code)
        if stemmer is None:
            stemmer = _STEMMERS[code] = _snowball().stemmer(LANGUAGES[code])
        return str(stemmer.stemWord(word))


def _snowball() -> Any:
    """The library, imported on first use (see the module's docstring)."""
    import snowballstemmer  # type: ignore[import-untyped]  # it ships no type hints

    return snowballstemmer


@lru_cache(maxsize=1)
def _library() -> str:
    """Which Snowball build stems: its version, and whether PyStemmer's C build is there
    (snowballstemmer uses it when it can be imported), without importing either."""
    import importlib.metadata  # only when an index is opened
    import importlib.util

    version = importlib.metadata.version
    backend = "pure Python"
    if importlib.util.find_spec("Stemmer") is not None:
        backend = f"PyStemmer {version('PyStemmer')}"
    return f"snowballstemmer {version('snowballstemmer')} ({backend})"
