"""Held-out voice check: the share of spoken questions answered from the right note.

Builds a memory from a folder of notes (English layout; imported the way `memoire import`
does, notes the fresh memory already has, such as profile.md, rewritten), serves it with
the real bridge on loopback, sets up the memoire integration in a real Home Assistant
(the test harness) through its config flow with a voice token, and asks each question of a
JSONL file through Assist (`conversation.async_converse`, Home Assistant's own agent, no
LLM agent) in the question's language. One line per question:

    {"question": "…", "language": "fr", "expected_note": "topics/bins.md" | null,
     "expected_words": ["yellow bin"]}

A question with an expected note is answered right when the answer contains every
expected word (case and accents aside) and names the note (its title), or comes from the
always-shown profile or preferences note. A question expecting null is answered right
when no note content is spoken: the answer says the memory has nothing about it, or no
memory question was recognised. It prints the share per language and overall, then
(with --misses) every wrong answer. A measurement: it never fails on the share.

Run: `uv run --group dev python bench/voice_heldout.py --notes tests/data/voice_dev_household
--questions tests/data/voice_dev_questions.jsonl --misses`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import re
import shutil
import sys
import tempfile
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Home Assistant first: it makes `voluptuous` an alias of probatio before anything imports it.
import homeassistant  # noqa: F401

# isort: split
from homeassistant import loader
from homeassistant.components import conversation
from homeassistant.config_entries import SOURCE_USER, ConfigEntryState
from homeassistant.core import Context, HomeAssistant
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import async_test_home_assistant
from voice import ThreadedBridge, bench_config

from memoire.bootstrap import create_memory
from memoire.config import Config
from memoire.core.layout import ENGLISH
from memoire.core.note import parse_note
from memoire.importer.plan import Target, plan_import
from memoire.importer.source import folder_identity
from memoire.service import MemoryService
from memoire.storage.store import GitStore
from memoire.storage.tokens import TokenStore

# Home Assistant finds custom_components/memoire the way it finds a user's: on its path.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from custom_components.memoire.languages import Language
from custom_components.memoire.speech import PHRASES

ALWAYS_SHOWN = {ENGLISH.profile, ENGLISH.preferences}


@dataclass(frozen=True, slots=True)
class Question:
    text: str
    language: str
    note: str | None
    words: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Asked:
    question: Question
    answer: str
    right: bool


class QuestionsError(ValueError):
    """The questions file is not in the expected format."""


def read_questions(path: Path) -> list[Question]:
    questions = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            questions.append(
                Question(
                    text=str(item["question"]),
                    language=str(item["language"]),
                    note=None if item["expected_note"] is None else str(item["expected_note"]),
                    words=tuple(str(word) for word in item.get("expected_words") or ()),
                )
            )
        except (ValueError, KeyError, TypeError) as error:
            raise QuestionsError(f"{path}:{number}: not a question line ({error})") from error
    return questions


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()


def nothing_pattern(language: str) -> re.Pattern[str]:
    """The memoire answer that says it has nothing about a topic, in that language."""
    template = PHRASES[Language.of(language)]["nothing"]
    before, _, after = template.partition("{topic}")
    return re.compile(re.escape(before) + ".*" + re.escape(after), re.DOTALL)


def is_right(question: Question, answer: str, titles: dict[str, str], response: Any) -> bool:
    if question.note is None:
        unrecognised = response.response_type.value == "error"
        return unrecognised or nothing_pattern(question.language).fullmatch(answer) is not None
    said = fold(answer)
    if not all(fold(word) in said for word in question.words):
        return False
    title = titles.get(question.note)
    return question.note in ALWAYS_SHOWN or (title is not None and fold(title) in said)


def build_memory(notes: Path, repository: Path) -> tuple[Config, dict[str, str]]:
    """The memory, and each source note's path in it (as the import placed it)."""
    create_memory(repository, "", ENGLISH)
    config = bench_config(repository)
    store = GitStore(repository, "", None, None)
    target = Target(ENGLISH, config.limits.note_chars, store.snapshot().files)
    plan = plan_import(notes, target, frozenset(), folder_identity(repository))
    service = MemoryService(config)
    try:
        imported = service.import_notes({item.path: item.text for item in plan.placed})
        for path in imported.already_there:
            _rewrite(service, path, next(i.text for i in plan.placed if i.path == path))
    finally:
        service.close()
    placed = {item.source: item.path for item in plan.placed}
    for skipped in plan.skipped:
        print(f"skipped {skipped.source}: {skipped.reason}", file=sys.stderr)
    return config, placed


def _rewrite(service: MemoryService, path: str, text: str) -> None:
    """A note the fresh memory already has (the profile, the preferences): take the source's."""
    parsed = parse_note(text, ENGLISH, path)
    current = service.read("desk", path)
    service.write(
        "desk",
        path,
        title=parsed.header.title,
        description=parsed.header.description,
        sensitive=parsed.header.sensitive,
        body=parsed.body,
        version=current.version,
    )


async def ask_all(
    url: str, token: str, questions: Sequence[Question], titles: dict[str, str]
) -> list[Asked]:
    config_dir = tempfile.mkdtemp(prefix="memoire-heldout-ha-")
    try:
        async with async_test_home_assistant(config_dir=config_dir) as hass:
            hass.data.pop(loader.DATA_CUSTOM_COMPONENTS)
            entry = await _set_up(hass, url, token)
            asked = []
            for question in questions:
                result = await conversation.async_converse(
                    hass, question.text, None, Context(), language=question.language
                )
                answer = result.response.speech.get("plain", {}).get("speech", "")
                right = is_right(question, answer, titles, result.response)
                asked.append(Asked(question, answer, right))
            await hass.config_entries.async_unload(entry.entry_id)
            await hass.async_stop(force=True)
    finally:
        shutil.rmtree(config_dir, ignore_errors=True)
    return asked


async def _set_up(hass: HomeAssistant, url: str, token: str) -> Any:
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "conversation", {})
    flow = await hass.config_entries.flow.async_init("memoire", context={"source": SOURCE_USER})
    result = await hass.config_entries.flow.async_configure(
        flow["flow_id"], {"url": url, "token": token}
    )
    entry = result["result"]
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.LOADED, entry.state
    return entry


def report(asked: Sequence[Asked], misses: bool) -> None:
    languages = sorted({item.question.language for item in asked})
    print(f"{'language':<10}{'right':>7}{'asked':>7}{'share':>8}")
    for language in [*languages, "all"]:
        group = [i for i in asked if language in ("all", i.question.language)]
        right = sum(item.right for item in group)
        print(f"{language:<10}{right:>7}{len(group):>7}{right / len(group):>8.0%}")
    if misses:
        print()
        for item in asked:
            if not item.right:
                expected = item.question.note or "nothing"
                print(f"MISS [{item.question.language}] {item.question.text!r} → {item.answer!r}")
                print(f"     expected {expected} with {list(item.question.words)}")


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--notes", type=Path, required=True, help="folder of notes")
    parser.add_argument("--questions", type=Path, required=True, help="JSONL of questions")
    parser.add_argument("--misses", action="store_true", help="print every wrong answer")
    arguments = parser.parse_args(argv)
    if not arguments.notes.is_dir():
        parser.error(f"--notes {arguments.notes} is not a folder of notes")
    if not arguments.questions.is_file():
        parser.error(f"--questions {arguments.questions} is not a file")
    return arguments


def main(argv: Sequence[str] | None = None) -> None:
    arguments = parse_arguments(argv)
    logging.basicConfig(level=logging.ERROR)
    try:
        questions = read_questions(arguments.questions)
    except QuestionsError as error:
        print(error, file=sys.stderr)
        raise SystemExit(2) from error
    base = Path(tempfile.mkdtemp(prefix="memoire-heldout-"))
    try:
        config, placed = build_memory(arguments.notes.resolve(), base / "memory")
        unknown = {q.note for q in questions if q.note is not None and q.note not in placed}
        if unknown:
            print(f"expected notes not in --notes: {sorted(unknown)}", file=sys.stderr)
            raise SystemExit(2)
        questions = [
            Question(q.text, q.language, q.note and placed[q.note], q.words) for q in questions
        ]
        service = MemoryService(config)
        titles = {note.path: note.title for note in service.index("desk").notes}
        titles |= {path: service.read("desk", path).title for path in ALWAYS_SHOWN}
        tokens = TokenStore(config.memory.tokens_file)
        token = tokens.add("voice")
        with ThreadedBridge(config, service, tokens) as url:
            asked = asyncio.run(ask_all(url, token, questions, titles))
        service.close()
    finally:
        shutil.rmtree(base, ignore_errors=True)
    report(asked, arguments.misses)


if __name__ == "__main__":
    main()
