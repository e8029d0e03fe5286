"""Short, speakable sentences in six languages, and the text clean-up they need.

Notes are Markdown written for reading; a voice assistant should say "Tomatoes on the
balcony." and not "dash star star Tomatoes". Answers stay short: the few lines that answer
the question (those holding its rarer words, else the note's first line and its newest,
since appends land at the end), never a whole note. A sentence starts with a capital and
has none mid-sentence from a template; a preference key or a title with aliases in
several languages is said in the question's language.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .languages import Language
from .models import MemoryIndex
from .wire import fold

MAX_SPEECH_CHARS = 300
MAX_LINES = 3

PHRASES: dict[Language, dict[str, str]] = {
    Language.EN: {
        "found": "{title}: {text}",
        "nothing": "I don't have anything about {topic}.",
        "unavailable": "I can't reach the memory right now.",
        "preference": "your {key} is {value}",
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
    Language.DE: {
        "found": "{title}: {text}",
        "nothing": "Über {topic} weiß ich nichts.",
        "unavailable": "Ich kann das Gedächtnis gerade nicht erreichen.",
        "preference": "{key}: {value}",
        "empty": "Mein Gedächtnis ist leer.",
        "overview": "Ich erinnere mich an {count}.",
        "overview_folders": "Ich erinnere mich an {count}: {folders}.",
        "in_folder": "{count} in {folder}",
        "one_note": "1 Notiz",
        "notes": "{count} Notizen",
        "latest": "Die neueste ist {title}.",
        "and": "und",
    },
    Language.ES: {
        "found": "{title}: {text}",
        "nothing": "No tengo nada sobre {topic}.",
        "unavailable": "No puedo acceder a la memoria ahora mismo.",
        "preference": "{key}: {value}",
        "empty": "Mi memoria está vacía.",
        "overview": "Recuerdo {count}.",
        "overview_folders": "Recuerdo {count}: {folders}.",
        "in_folder": "{count} en {folder}",
        "one_note": "1 nota",
        "notes": "{count} notas",
        "latest": "La más reciente es {title}.",
        "and": "y",
    },
    Language.NL: {
        "found": "{title}: {text}",
        "nothing": "Ik heb niets over {topic}.",
        "unavailable": "Ik kan het geheugen nu niet bereiken.",
        "preference": "{key}: {value}",
        "empty": "Mijn geheugen is leeg.",
        "overview": "Ik herinner me {count}.",
        "overview_folders": "Ik herinner me {count}: {folders}.",
        "in_folder": "{count} in {folder}",
        "one_note": "1 notitie",
        "notes": "{count} notities",
        "latest": "De nieuwste is {title}.",
        "and": "en",
    },
    Language.IT: {
        "found": "{title}: {text}",
        "nothing": "Non ho niente su {topic}.",
        "unavailable": "Non riesco a raggiungere la memoria in questo momento.",
        "preference": "{key}: {value}",
        "empty": "La mia memoria è vuota.",
        "overview": "Ricordo {count}.",
        "overview_folders": "Ricordo {count}: {folders}.",
        "in_folder": "{count} in {folder}",
        "one_note": "1 nota",
        "notes": "{count} note",
        "latest": "La più recente è {title}.",
        "and": "e",
    },
}

# The folders of memoire's layouts (English and French), as each language says them.
_FOLDER_WORDS: dict[str, dict[Language, str]] = {
    "people": {
        Language.EN: "people",
        Language.FR: "les personnes",
        Language.DE: "Personen",
        Language.ES: "personas",
        Language.NL: "personen",
        Language.IT: "persone",
    },
    "topics": {
        Language.EN: "topics",
        Language.FR: "les sujets",
        Language.DE: "Themen",
        Language.ES: "temas",
        Language.NL: "onderwerpen",
        Language.IT: "argomenti",
    },
    "domains": {
        Language.EN: "domains",
        Language.FR: "les domaines",
        Language.DE: "Bereichen",
        Language.ES: "ámbitos",
        Language.NL: "domeinen",
        Language.IT: "ambiti",
    },
    "journal": {
        Language.EN: "the journal",
        Language.FR: "le journal",
        Language.DE: "Tagebuch",
        Language.ES: "el diario",
        Language.NL: "het dagboek",
        Language.IT: "diario",
    },
    "projects": {
        Language.EN: "projects",
        Language.FR: "les projets",
        Language.DE: "Projekten",
        Language.ES: "proyectos",
        Language.NL: "projecten",
        Language.IT: "progetti",
    },
}
_FOLDER_OF = {
    "people": "people",
    "personnes": "people",
    "topics": "topics",
    "sujets": "topics",
    "domains": "domains",
    "domaines": "domains",
    "journal": "journal",
    "projects": "projects",
    "projets": "projects",
}

# Words that only frame the topic ("the garden", "la cuisine", "mein Kaffee"), per language.
_FRAMING = {
    Language.EN: "the a an my our your his her their some about of for on",
    Language.FR: "le la les un une des du de mon ma mes ton ta tes son sa ses notre nos sur",
    Language.DE: "der die das den dem des ein eine einen einem einer mein meine meinen meinem "
    "meiner unser unsere dein deine über von",
    Language.ES: "el la los las un una unos unas mi mis tu tus su sus nuestro nuestra del",
    Language.NL: "de het een mijn onze ons je jouw over van",
    Language.IT: "il lo la i gli le un uno una mio mia miei mie nostro nostra del della dei "
    "delle di su sul sulla",
}
_LEADING_WORDS = frozenset(word for words in _FRAMING.values() for word in words.split())
# Words a question wraps its topic in ("when do I put the recycling out", "wann kommt der
# Schornsteinfeger", "à quelle heure Emma prend le bus"): pronouns, auxiliaries, light verbs
# and time words, which say nothing about which note answers.
_QUESTION_FILLER = {
    Language.EN: "i me we us you it is are was were be been being do does did will would "
    "should can could have has had get gets got getting put go goes going went come comes "
    "coming came take takes out up in at to with and or last recently lately latest now "
    "today next usually currently moment s need needs say says said tell told write wrote",
    Language.FR: "je j on nous tu il elle ils elles est sont était ce c ça que qu quoi "
    "a ai as ont fait faire va vont vais passe passent vient viennent prend prennent "
    "en dans avec et ou dernier dernière récemment maintenant aujourd hui prochain prochaine "
    "dit dire pour",
    Language.DE: "ich wir du er sie es ist sind war wird werden wurde hat haben habe kommt "
    "kommen geht gehen fahren fährt an in im am zu und oder zuletzt neulich jetzt heute "
    "nächste nächsten gesagt geschrieben",
    Language.ES: "yo nosotros tú es son era está están fue va van viene vienen hay ha he "
    "en a con y o último última recientemente ahora hoy próximo próxima nos me se dijo dicho",
    Language.NL: "ik wij we jij je het is zijn was wordt worden werd heeft hebben komt komen "
    "gaat gaan in op aan met en of laatst onlangs nu vandaag volgende er iets gezegd verteld naar",
    Language.IT: "io noi tu è sono era sta stanno viene vengono va vanno passano ha hanno "
    "a in con e o ultimo ultima recentemente ora oggi prossimo prossima ci si mi detto",
}
_FILLER_WORDS = frozenset(
    fold(word) for words in _QUESTION_FILLER.values() for word in words.split()
)
# The asker as a topic's subject, per language: "à quelle heure je me lève" is about me.
_FIRST_PERSON = frozenset(
    [
        *("i", "me", "my", "je", "j", "moi", "mon", "ma", "mes"),
        *("ich", "mich", "mir", "mein", "yo", "mi", "ik", "mijn", "io"),
    ]
)
_ELIDED = re.compile(r"^(?:l|d|qu|dell|nell|sull|all|un)['’]", re.IGNORECASE)
_PREFERENCE_WORDS = frozenset(
    [
        "preferred",
        "preference",
        "preferences",
        "favorite",
        "favourite",
        "favorites",
        "favourites",
        "prefere",
        "preferee",
        "preferes",
        "preferees",
        "bevorzugt",
        "bevorzugte",
        "bevorzugter",
        "bevorzugtes",
        "liebster",
        "liebste",
        "vorlieben",
        "preferido",
        "preferida",
        "preferencias",
        "favorito",
        "favorita",
        "favoriete",
        "lievelings",
        "voorkeur",
        "voorkeuren",
        "preferito",
        "preferita",
        "preferenze",
    ]
)
# An appended line's date, which the preferences read as its key ("2026-11-15"), and the
# "key: value" it then holds as its value.
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_DATED_CHANGE = re.compile(r"^(?P<key>[^:]+?)\s*:\s+(?P<value>\S.*)$")
_PREFERENCE_PREFIXES = ("lieblings", "lievelings")
_WORD = re.compile(r"\w+")
# "Chimney sweeping (ramonage)": up to three words, then another name for them in brackets.
_NAMED_ALSO = re.compile(
    r"(?P<named>(?:[^\W\d_][\w'’-]*\s+){0,2}[^\W\d_][\w'’-]*)\s*\((?P<also>[^():;,]+)\)"
)
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
# A preference key's aliases: "coffee / café" is said "coffee" or "café".
_ALIAS_SEPARATOR = re.compile(r"\s*[/|]\s*")
# Hints of a language in a short text: its accents and its small words.
_LANGUAGE_HINTS: dict[Language, tuple[str, frozenset[str]]] = {
    Language.FR: ("éèêàçùœ", frozenset(["de", "la", "le", "les", "du", "des", "et", "au", "aux"])),
    Language.DE: ("äöüß", frozenset(["der", "die", "das", "und", "im", "am", "zum", "zur"])),
    Language.ES: ("ñáíóú¿¡", frozenset(["el", "los", "las", "del", "y", "para", "con"])),
    Language.NL: ("ĳ", frozenset(["de", "het", "van", "en", "voor", "met"])),
    Language.IT: ("ìò", frozenset(["il", "lo", "gli", "della", "delle", "e", "per", "con"])),
}


def phrase(language: Language, which: str, /, **values: str) -> str:
    return PHRASES[language][which].format(**values)


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def folded_words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


def clean_topic(topic: str) -> str:
    """What the question is about, without its framing words and punctuation."""
    words = topic.strip().strip("?!.,;:¿¡").split()
    while words and (words[0].casefold() in _LEADING_WORDS):
        words.pop(0)
    if words:
        words[0] = _ELIDED.sub("", words[0])
    return " ".join(words).strip()


def topic_words(topic: str) -> list[str]:
    """The words of a topic that say what it is about (not "my", "preferred", "do I"…)."""
    # Framing words are told apart before accents are folded: "thé" is not "the".
    said = _WORD.findall(topic.casefold())
    return [
        _without_preference_prefix(fold(word))
        for word in said
        if fold(word) not in _PREFERENCE_WORDS
        and word not in _LEADING_WORDS
        and fold(word) not in _FILLER_WORDS
    ]


def _without_preference_prefix(word: str) -> str:
    """German and Dutch glue "favourite" to the word: "Lieblingstemperatur" is "temperatur"."""
    for prefix in _PREFERENCE_PREFIXES:
        if word.startswith(prefix) and len(word) > len(prefix) + 2:
            return word.removeprefix(prefix)
    return word


def said_topic(topic: str) -> str:
    """The topic as the answer repeats it, without the question's words around it ("I put
    the recycling out" is said "recycling"; "cabane dans l'arbre" stays whole)."""
    words = topic.split()

    def wrapping(word: str) -> bool:
        folded = fold(word.strip("?!.,;:¿¡'’"))
        return folded in _FILLER_WORDS or folded in _LEADING_WORDS

    while words and wrapping(words[0]):
        words.pop(0)
    while words and wrapping(words[-1]):
        words.pop()
    return " ".join(words) or topic


def names(title: str, path: str) -> tuple[tuple[str, ...], ...]:
    """The ways a note is named: each alias of its title ("Bins / Poubelles"), as words,
    and its file name's."""
    slug = tuple(path.rsplit("/", 1)[-1].removesuffix(".md").split("-"))
    return (*(tuple(folded_words(alias)) for alias in aliases(title)), slug)


def same_word(wanted: str, word: str) -> bool:
    """Equal, one a plural or other ending of the other ("bins", "bikes", "temperatur"),
    or the same long word with another ending, as across languages ("temperature",
    "temperatura"). A short word at the start of a longer one is not it: "aller" is not
    "allergie", "cane" is not "canette"."""
    if wanted == word:
        return True
    shorter, longer = sorted((wanted, word), key=len)
    if len(shorter) >= 3 and longer in (shorter + "s", shorter + "es", shorter + "x"):
        return True
    if len(shorter) >= 4 and longer in (shorter + "ing", shorter + "ed"):
        return True  # English verbs: "sweep" and "sweeping", "book" and "booked"
    added = len(longer) - len(shorter)
    if (
        longer.startswith(shorter)
        and len(shorter) >= 4
        and added <= (4 if len(shorter) >= 7 else 2)
    ):
        return True
    shared = next(
        (index for index, (a, b) in enumerate(zip(wanted, word, strict=False)) if a != b),
        min(len(wanted), len(word)),
    )
    return shared >= 7 and shared >= max(len(wanted), len(word)) - 3


def content_words(topic: str) -> list[str]:
    """The words a note must hold to answer the topic: no framing or question words, and
    none shorter than three letters unless a number ("28 novembre")."""
    return [word for word in topic_words(topic) if len(word) >= 3 or word.isdigit()]


def covers(topic: str, names: Iterable[str], lines: Iterable[str], *, person: bool = False) -> bool:
    """Whether a note answers a topic: more than half of the topic's words are the same
    words as the note's names (title, aliases, description) and of ONE of its lines. A note
    sharing one word of two ("prêt immobilier" and a line on "prête"), only a stem ("cane"
    and "cans"), or the topic's words scattered over lines about other things (a journal
    naming Declan in one entry and a birthday in another) is not the answer: better the
    memory says it has nothing, or an LLM agent takes over. A note the topic does not name
    answers only by the very words of one line ("bins" is not the "bin lorry" a child
    wants), and a person's note (`person`) then only a question not about the asker
    ("when do I get up" is not about Étienne, who "se lève la nuit")."""
    wanted = content_words(topic)
    if not wanted:
        return False
    named_words = {word for name in names for word in folded_words(name)}
    named = {want for want in wanted if any(same_word(want, word) for word in named_words)}
    best: set[str] = set()
    for line in lines:
        words = set(folded_words(line))
        held = {want for want in wanted if any(same_word(want, word) for word in words)}
        if not named and not {want for want in held if want in words}:
            continue
        if len(held - named) > len(best - named):
            best = held
    if person and not named and (_asks_about_oneself(topic) or not best):
        return False
    return len(named | best) * 2 > len(wanted)


def _asks_about_oneself(topic: str) -> bool:
    """Whether the topic's subject is the asker ("je me lève", "I need", "ich trinke")."""
    return any(word in _FIRST_PERSON for word in folded_words(topic))


def spoken_line(line: str) -> str:
    """One Markdown line as a spoken sentence; empty for a header or blank line."""
    if _HEADER_LINE.match(line):
        return ""
    text = line.strip()
    for pattern, replacement in _MARKUP:
        text = pattern.sub(replacement, text)
    text = text.strip()
    if text and text[-1] not in ".!?…:;":
        text += "."
    return text


def shortened(spoken: str) -> str:
    if len(spoken) <= MAX_SPEECH_CHARS:
        return spoken
    cut = spoken[:MAX_SPEECH_CHARS].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def speakable(lines: Iterable[str]) -> str:
    """A few lines of Markdown as one or two spoken sentences, at most MAX_SPEECH_CHARS."""
    parts = [text for text in map(spoken_line, lines) if text][:MAX_LINES]
    return shortened(" ".join(parts))


def answering_lines(body: str, names: Sequence[str], topic: str) -> str:
    """The lines of a note that answer a question about `topic`, as speech.

    The topic's words that name the note (its title, its file name) chose the note, not a
    line: every line of "Bins" is about bins. The other words choose the lines, a word
    rare in the note weighing more than one on every line, and the newest first among
    equals. When no such word is left, or no line holds one, the note is told in its
    first line (what it is) and its newest ones (what changed). They are said in the
    note's order, within the budget.
    """
    naming = {word for name in names for word in folded_words(name.replace("-", " "))}

    def choosing(words: Iterable[str]) -> list[str]:
        return [word for word in words if not any(same_word(word, name) for name in naming)]

    wanted = choosing(content_words(topic))
    wanted += choosing(other_names(body, wanted))
    lines: list[tuple[int, str, set[str]]] = []  # (position, spoken, words)
    for position, line in enumerate(body.splitlines()):
        text = spoken_line(line)
        if not text or fold(text.rstrip(".")) in {fold(name) for name in names}:
            continue
        words = set(folded_words(text))
        held = {want for want in wanted if any(same_word(want, word) for word in words)}
        lines.append((position, text, held))
    holding = Counter(want for _, _, held in lines for want in held)
    scored = [
        (sum(1 / holding[want] for want in held), position, text)
        for position, text, held in lines
        if held
    ]
    ordered = sorted(scored, key=lambda item: (-item[0], -item[1]))
    if not ordered:
        newest = sorted(lines[1:], key=lambda item: -item[0])
        ordered = [(0.0, position, text) for position, text, _ in [*lines[:1], *newest]]
    chosen: list[tuple[int, str]] = []
    spent = 0
    for _, position, text in ordered:
        if chosen and spent + len(text) + 1 > MAX_SPEECH_CHARS:
            continue
        chosen.append((position, text))
        spent += len(text) + 1
        if len(chosen) == MAX_LINES:
            break
    return shortened(" ".join(text for _, text in sorted(chosen)))


def other_names(body: str, wanted: Sequence[str]) -> list[str]:
    """The words a note gives as another name of a wanted one: "Chimney sweeping
    (ramonage)" makes "ramonage" a way to say "sweep", and "Pellet boiler (chaudière à
    granulés)" makes "boiler" one to say "chaudière", so the lines saying it also answer.
    A parenthesis with a list or a colon in it describes rather than names."""
    found: list[str] = []
    for match in _NAMED_ALSO.finditer(body):
        named, also = content_words(match["named"]), content_words(match["also"])
        for side, other in ((named, also), (also, named)):
            if any(same_word(want, word) for want in wanted for word in side):
                found += [word for word in other if word not in wanted and word not in found]
    return found


def join_words(items: Sequence[str], language: Language) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {phrase(language, 'and')} {items[-1]}"


@dataclass(frozen=True, slots=True)
class Preference:
    """A preference as it will be said: the alias the question used, and its value."""

    key: str
    value: str


def aliases(key: str) -> list[str]:
    return [alias for alias in _ALIAS_SEPARATOR.split(key.strip()) if alias]


def said_title(title: str, topic: str) -> str:
    """A title with aliases ("Bins / Poubelles") said as the one the question used, else
    as its first: a voice should not read the slash."""
    said = aliases(title) or [title]
    wanted = content_words(topic)
    return next(
        (
            alias
            for alias in said
            if any(same_word(want, word) for want in wanted for word in folded_words(alias))
        ),
        said[0],
    )


def language_guess(text: str) -> Language | None:
    """The language a short text (a preference key) is most likely in, if it shows one."""
    lowered = text.casefold()
    words = set(_WORD.findall(lowered))
    scores = {
        language: sum(char in lowered for char in accents) + len(words & small)
        for language, (accents, small) in _LANGUAGE_HINTS.items()
    }
    best = max(scores, key=lambda language: scores[language])
    return best if scores[best] else None


def matching_preferences(
    values: Mapping[str, str], topic: str, language: Language
) -> list[Preference]:
    """The preferences whose key (any alias of it) names the topic best, each said with the
    alias the question used, or the one in the question's language when several fit."""
    wanted = topic_words(topic)
    if not wanted:
        return []
    scored: list[tuple[tuple[int, int], Preference]] = []
    for key, value in current_preferences(values).items():
        best_score, said = (0, 0), key
        for alias in sorted(aliases(key), key=lambda alias: _said_first(alias, language)):
            score = _key_score(wanted, topic_words(alias))
            if score > best_score:
                best_score, said = score, alias
        if best_score[0]:
            scored.append((best_score, Preference(said, value)))
    best = max((score for score, _ in scored), default=(0, 0))
    return [preference for score, preference in scored if score == best]


def current_preferences(values: Mapping[str, str]) -> dict[str, str]:
    """Each preference's newest value: an appended line "2026-11-15: living room
    temperature: 21" (read as the key "2026-11-15") changes the key written above it."""
    current: dict[str, str] = {}
    for key, value in values.items():
        changed = _DATED_CHANGE.match(value) if _DATE.fullmatch(key.strip()) else None
        plain, newest = (changed["key"], changed["value"]) if changed else (key, value)
        current.pop(plain, None)
        current[plain] = newest
    return current


def _key_score(wanted: Sequence[str], key_words: Sequence[str]) -> tuple[int, int]:
    """How well a preference key names the topic: the topic's words it holds, then the
    fewest words of its own the topic did not say, when the topic says more than one
    ("température de la chambre" before "température chambre des enfants" for "température
    pour la chambre"; "temperature" alone names every temperature)."""
    held = sum(1 for word in wanted if any(same_word(word, key) for key in key_words))
    unsaid = sum(1 for key in key_words if not any(same_word(word, key) for word in wanted))
    return held, (-unsaid if len(wanted) > 1 else 0)


def _said_first(alias: str, language: Language) -> int:
    """0 for an alias in the answer's language, 1 for one showing no language, 2 else."""
    guess = language_guess(alias)
    if guess is language:
        return 0
    if guess is None:
        return 0 if language is Language.EN else 1
    return 2


def preferences_sentence(found: Sequence[Preference], language: Language) -> str:
    said = [
        phrase(language, "preference", key=item.key, value=item.value.rstrip(" .;"))
        for item in found
    ]
    return capitalized(join_words(said, language)) + "."


def folder_words(folder: str, language: Language) -> str:
    concept = _FOLDER_OF.get(folder)
    return _FOLDER_WORDS[concept][language] if concept else folder


def overview_sentence(index: MemoryIndex, language: Language, latest: str | None) -> str:
    """How many notes, in which folders, and the latest one when it is known for sure."""
    if not index.notes:
        return phrase(language, "empty")
    folders = Counter(note.path.split("/", 1)[0] for note in index.notes if "/" in note.path)
    total = len(index.notes)
    count = (
        phrase(language, "one_note") if total == 1 else phrase(language, "notes", count=str(total))
    )
    parts = [
        phrase(language, "in_folder", count=str(number), folder=folder_words(folder, language))
        for folder, number in folders.most_common()
    ]
    if parts:
        summary = phrase(
            language, "overview_folders", count=count, folders=join_words(parts, language)
        )
    else:
        summary = phrase(language, "overview", count=count)
    if latest is None:
        return summary
    return f"{summary} {phrase(language, 'latest', title=latest)}"
