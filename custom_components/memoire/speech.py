"""Short, speakable sentences in English and French, and the text clean-up they need.

Notes are Markdown written for reading; a voice assistant should say "Tomatoes on the
balcony." and not "dash star star Tomatoes". Answers stay short: a few lines, never a
whole note.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from .const import Language
from .models import MemoryIndex, Note
from .wire import fold

MAX_SPEECH_CHARS = 300
MAX_LINES = 3

PHRASES: dict[Language, dict[str, str]] = {
    Language.EN: {
        "found": "{title}: {text}",
        "nothing": "I don't have anything about {topic}.",
        "unavailable": "I can't reach the memory right now.",
        "preference": "Your {key} is {value}",
        "empty": "My memory is empty.",
        "overview": "I remember {count}.",
        "overview_folders": "I remember {count}: {folders}.",
        "in_folder": "{count} in {folder}",
        "one_note": "1 note",
        "notes": "{count} notes",
        "latest": "The latest is {title}.",
        "and": "and",
    },
    Language.FR: {
        "found": "{title} : {text}",
        "nothing": "Je n'ai rien sur {topic}.",
        "unavailable": "Je n'arrive pas à joindre la mémoire pour le moment.",
        "preference": "{key} : {value}",
        "empty": "Ma mémoire est vide.",
        "overview": "Je me souviens de {count}.",
        "overview_folders": "Je me souviens de {count} : {folders}.",
        "in_folder": "{count} dans {folder}",
        "one_note": "1 note",
        "notes": "{count} notes",
        "latest": "La plus récente est {title}.",
        "and": "et",
    },
}

# Words that only frame the topic ("the garden", "la cuisine", "my preferred music").
_ENGLISH_FRAMING = {"the", "a", "an", "my", "our", "your", "his", "her", "their", "some"}
_FRENCH_FRAMING = {"le", "la", "les", "un", "une", "des", "du", "de", "mon", "ma", "mes"}
_MORE_FRAMING = {"notre", "nos", "ton", "ta", "tes", "son", "sa", "ses", "about", "of", "for"}
_LEADING_WORDS = frozenset(_ENGLISH_FRAMING | _FRENCH_FRAMING | _MORE_FRAMING | {"sur"})
_ELIDED = re.compile(r"^(?:l|d|qu)['’]", re.IGNORECASE)
_PREFERENCE_WORDS = frozenset(
    {"preferred", "preference", "preferences", "favorite", "favourite", "favorites"}
    | {"favourites", "prefere", "preferee", "preferes", "preferees"}
)
_WORD = re.compile(r"\w+")
# The header's lines, which the bridge's search may quote: never worth saying out loud.
_HEADER_LINE = re.compile(
    r"^\s*(?:-{3,}|(?:title|description|updated|sensitive|titre|maj|sensible)\s*:.*)$",
    re.IGNORECASE,
)
_MARKUP = [
    (re.compile(r"^\s{0,3}(?:#{1,6}|>|[-*+]|\d+[.)])\s+"), ""),
    (re.compile(r"^\[[ xX]\]\s+"), ""),
    (re.compile(r"!?\[([^\]]*)\]\([^)]*\)"), r"\1"),
    (re.compile(r"(\*\*|__|`)"), ""),
    (re.compile(r"\s+"), " "),
]


def phrase(language: Language, which: str, /, **values: str) -> str:
    return PHRASES[language][which].format(**values)


def clean_topic(topic: str) -> str:
    """What the question is about, without its framing words and punctuation."""
    words = topic.strip().strip("?!.,;:").split()
    while words and (words[0].casefold() in _LEADING_WORDS):
        words.pop(0)
    if words:
        words[0] = _ELIDED.sub("", words[0])
    return " ".join(words).strip()


def same_name(topic: str, title: str, path: str) -> bool:
    """A note is *the* note about a topic when its title or file name says exactly that."""
    wanted = _WORD.findall(fold(topic))
    if not wanted:
        return False
    slug = path.rsplit("/", 1)[-1].removesuffix(".md").split("-")
    return wanted in (_WORD.findall(fold(title)), slug)


def speakable(lines: Iterable[str]) -> str:
    """A few lines of Markdown as one or two spoken sentences, at most MAX_SPEECH_CHARS."""
    parts = []
    for line in lines:
        if _HEADER_LINE.match(line):
            continue
        text = line.strip()
        for pattern, replacement in _MARKUP:
            text = pattern.sub(replacement, text)
        text = text.strip()
        if not text:
            continue
        if text[-1] not in ".!?…:;":
            text += "."
        parts.append(text)
        if len(parts) == MAX_LINES:
            break
    spoken = " ".join(parts)
    if len(spoken) <= MAX_SPEECH_CHARS:
        return spoken
    cut = spoken[:MAX_SPEECH_CHARS].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def note_text(note: Note) -> str:
    """The start of a note's body (its first lines), or its description if the body is empty."""
    lines = [
        line
        for line in note.body.splitlines()
        if line.strip() and fold(line.strip("# ").strip()) != fold(note.title)
    ]
    return speakable(lines) or speakable([note.description])


def join_words(items: Sequence[str], language: Language) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {phrase(language, 'and')} {items[-1]}"


def matching_preferences(values: Mapping[str, str], topic: str) -> list[tuple[str, str]]:
    """The preferences whose key names the topic best ("temperature" → preferred temperature)."""
    wanted = [
        word
        for word in _WORD.findall(fold(topic))
        if word not in _PREFERENCE_WORDS and word not in _LEADING_WORDS
    ]
    if not wanted:
        return []
    scored: list[tuple[int, str, str]] = []
    for key, value in values.items():
        key_words = _WORD.findall(fold(key))
        score = sum(1 for word in wanted if any(_same_word(word, k) for k in key_words))
        if score:
            scored.append((score, key, value))
    best = max((score for score, _, _ in scored), default=0)
    return [(key, value) for score, key, value in scored if score == best]


def _same_word(wanted: str, word: str) -> bool:
    """Equal, or one a plural or longer form of the other ("temperatures", "temp")."""
    if wanted == word:
        return True
    return min(len(wanted), len(word)) >= 4 and (word.startswith(wanted) or wanted.startswith(word))


def preferences_sentence(found: Sequence[tuple[str, str]], language: Language) -> str:
    said = [phrase(language, "preference", key=key, value=value) for key, value in found]
    return join_words(said, language) + "."


def overview_sentence(index: MemoryIndex, language: Language) -> str:
    if not index.notes:
        return phrase(language, "empty")
    folders = Counter(note.path.split("/", 1)[0] for note in index.notes if "/" in note.path)
    total = len(index.notes)
    count = (
        phrase(language, "one_note") if total == 1 else phrase(language, "notes", count=str(total))
    )
    parts = [
        phrase(language, "in_folder", count=str(number), folder=folder)
        for folder, number in folders.most_common()
    ]
    latest = max(index.notes, key=lambda note: (note.updated, note.title))
    if parts:
        summary = phrase(
            language, "overview_folders", count=count, folders=join_words(parts, language)
        )
    else:
        summary = phrase(language, "overview", count=count)
    return f"{summary} {phrase(language, 'latest', title=latest.title)}"
