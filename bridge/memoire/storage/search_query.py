"""What a search query may be, and how its words are looked for.

A query is a few words, not a document: pasting a page of text into search made one
query run for 48 seconds. So a query is refused, with the limits in the message, past a
length and a number of distinct words, and only words long enough to be selective match
as a prefix ("prefer" finds "preferences"; "pr" does not find half the memory).

The words are looked for twice, by the same rule: by FTS5 to find and rank the notes
(quoted, and folded by its tokenizer exactly as the notes were), then in a hit's text
folded at indexing time to pick its matching lines, and in its title to weigh it. Each
word also matches through its stems (`search_stems.py`): in the index's `stems` column,
where a note's words are stemmed the same way, and as the start of a word in its lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..core.errors import InvalidArgument
from ..wire import fold
from .search_stems import Stemmer

MAX_QUERY_CHARS = 1_000
MAX_QUERY_WORDS = 32
MIN_PREFIX_CHARS = 3
_WORD = re.compile(r"[^\W_]+")  # letters and digits: what the tokenizer keeps
_ADVICE = "Search for a few distinctive words (a name, a rare word) rather than pasting text."
WORD_COLUMNS = "{title description text}"
STEMS_COLUMN = "stems"


def words_of(text: str) -> list[str]:
    """The folded words of a text, as the index sees them."""
    return folded_words(fold(text))


def folded_words(folded: str) -> list[str]:
    """The words of a text folded already."""
    return _WORD.findall(folded)


@dataclass(frozen=True, slots=True)
class SearchQuery:
    """The distinct words of a query, as given and folded, and their stems."""

    words: tuple[str, ...]
    prefixes: tuple[str, ...]  # folded words that also match as the start of a longer word
    exact: frozenset[str]  # folded words too short for that
    pattern: re.Pattern[str]  # any folded word or stem, wherever it occurs
    stems: tuple[frozenset[str], ...] = ()  # each word's stems, in the order of `words`
    all_stems: frozenset[str] = frozenset()

    def share_of(self, words: list[str], stems_of: Callable[[str], frozenset[str]]) -> float:
        """The share of a text's folded words (a title's) that the query's words match."""
        if not words:
            return 0.0
        matched = sum(
            1
            for word in words
            if word in self.exact
            or word.startswith(self.prefixes)
            or not self.all_stems.isdisjoint(stems_of(word))
        )
        return matched / len(words)

    def line_numbers(self, folded_text: str, most: int) -> list[int]:
        """The numbers (from 1) of the first `most` lines of a folded text holding a word."""
        numbers: list[int] = []
        number, counted, position = 1, 0, 0
        while len(numbers) < most and (found := self.pattern.search(folded_text, position)):
            start = found.start()
            if start and folded_text[start - 1].isalnum():  # inside a word, not at its start
                position = start + 1
                continue
            number += folded_text.count("\n", counted, start)
            numbers.append(number)
            counted = position = folded_text.find("\n", start)
            if position == -1:
                break
        return numbers

    def all_words(self) -> str:
        """An FTS5 expression matching what holds every word (or one of its forms)."""
        return " AND ".join(self._terms())

    def any_word(self) -> str:
        """An FTS5 expression matching what holds at least one of the words (or forms)."""
        return " OR ".join(self._terms())

    def _terms(self) -> list[str]:
        stems = self.stems or tuple(frozenset[str]() for _ in self.words)
        return [_term(word, word_stems) for word, word_stems in zip(self.words, stems, strict=True)]


def parse_query(query: str, stemmer: Stemmer | None = None) -> SearchQuery:
    """The query's words (and their stems, given a stemmer), or InvalidArgument if it is
    longer than a search needs."""
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidArgument(
            f"The search query is {len(query):,} characters long; a query may have at most "
            f"{MAX_QUERY_CHARS:,} characters and {MAX_QUERY_WORDS} different words. {_ADVICE}"
        )
    words: dict[str, str] = {}
    for word in _WORD.findall(query):
        words.setdefault(fold(word), word)
    if len(words) > MAX_QUERY_WORDS:
        raise InvalidArgument(
            f"The search query has {len(words)} different words; a query may have at most "
            f"{MAX_QUERY_WORDS} different words and {MAX_QUERY_CHARS:,} characters. {_ADVICE}"
        )
    prefixes = tuple(word for word in words if len(word) >= MIN_PREFIX_CHARS)
    exact = frozenset(word for word in words if len(word) < MIN_PREFIX_CHARS)
    stems = tuple(stemmer.stems(word) for word in words) if stemmer else ()
    stem_prefixes = {stem for one in stems for stem in one if len(stem) >= MIN_PREFIX_CHARS}
    pattern = _pattern(prefixes + tuple(sorted(stem_prefixes - set(prefixes))), exact)
    all_stems = frozenset[str]().union(*stems)
    return SearchQuery(tuple(words.values()), prefixes, exact, pattern, stems, all_stems)


def _pattern(prefixes: tuple[str, ...], exact: frozenset[str]) -> re.Pattern[str]:
    """The words as a regular expression: a prefix may go on, an exact word may not.

    Where a word starts is checked apart (`line_numbers`): a look-behind in front would
    keep the regular expression engine from skipping ahead to the words' first letters.
    A stem is a prefix too: "poubel" finds the line of "poubelle".
    """
    alternatives = [re.escape(word) for word in prefixes]
    alternatives += [re.escape(word) + r"(?![^\W_])" for word in sorted(exact)]
    return re.compile("|".join(alternatives))


def _term(word: str, stems: frozenset[str]) -> str:
    """The word in the note's own columns, quoted (words of MIN_PREFIX_CHARS or more also
    match as a prefix), or one of its stems in the stems column."""
    quoted = f'"{word}"*' if len(fold(word)) >= MIN_PREFIX_CHARS else f'"{word}"'
    if not stems:
        return f"{WORD_COLUMNS} : {quoted}"
    forms = " OR ".join(f'{STEMS_COLUMN} : "{stem}"' for stem in sorted(stems))
    return f"({WORD_COLUMNS} : {quoted} OR {forms})"
