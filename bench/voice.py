"""Benchmark of a voice question to its spoken answer, through Home Assistant and the bridge.

This is a measurement, not a test: it prints p50, p95 and mean latencies next to the target
of the Home Assistant issue (<= 30 ms p50) and never fails on time.

What is measured: `conversation.async_converse` in a real Home Assistant (2026.10, from the
test harness package) with the memoire integration set up through its real config flow,
talking to the real bridge (`memoire serve`'s app under uvicorn, in a thread) on loopback,
over a 1,000-note memory built like bench/core.py builds it (10% of the notes sensitive).
The clock runs from the text entering Assist to the answer's text coming back: sentence
matching (the integration's custom sentences, with Home Assistant's own), the intent, the
cache, and any request to the bridge (a search, then the note whose lines are said).

Kinds of question, each timed separately, each asked once per topic so no answer comes
from a previous identical question:

- "recall by title": a note's title, so the note is found in the cached index; its body is
  fetched from the bridge once (that first fetch is what is timed).
- "recall by word": a word from the notes' text, which goes to the bridge's search.
- "recall by word, in French": the same, asked in French (a French sentence, a French
  Assist): the notes are English, the answer's frame is French.
- "who is (a note's name)": "who is" matches the notes' titles only (a list of 1,000 names
  in the custom sentences), so Home Assistant's "who is home" stays its own.
- "when is (a question)": a fact question ("when is the …"), its topic's question
  words set aside before the search.
- "nothing about it": a word no note holds; the search comes back empty.
- "preference", "overview": answered from the cache alone.

Run: `uv run python bench/voice.py --notes 1000 --iterations 200`.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

# Home Assistant first: it makes `voluptuous` an alias of probatio before anything imports it.
import homeassistant  # noqa: F401

# isort: split
import uvicorn
from core import Row, Target, build_memory, print_machine, print_table
from homeassistant import loader
from homeassistant.components import conversation
from homeassistant.config_entries import SOURCE_USER, ConfigEntryState
from homeassistant.core import Context
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import async_test_home_assistant

from memoire.adapters.http import build_app
from memoire.config import Config, Limits, MemoryLocation, ServerSettings
from memoire.core.acl import FULL, READ_ONLY, AccessTable
from memoire.service import MemoryService
from memoire.storage.tokens import TokenStore

# Home Assistant finds custom_components/memoire the way it finds a user's: on its path.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGET = Target("p50", 30.0)
WARMUP_QUESTIONS = 10
# The generated preferences note is prose; automations need `key: value` lines to read.
PREFERENCES = [
    "- preferred temperature: 21",
    "- wake-up time: 07:30",
    "- coffee: espresso, no sugar",
    "- music in the morning: jazz",
    "- bedroom light: warm white",
]


class ThreadedBridge:
    """`memoire serve` for the benchmark: uvicorn in a thread, on a free loopback port."""

    def __init__(self, config: Config, service: MemoryService, tokens: TokenStore) -> None:
        app = build_app(service, tokens, config.server)
        self.server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning")
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        while not self.server.started:
            time.sleep(0.01)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def questions(service: MemoryService, rng: random.Random, count: int) -> dict[str, list[str]]:
    """`count` questions of each kind, every one about a different topic when possible."""
    index = service.index("voice")
    titles = [note.title for note in index.notes]
    rng.shuffle(titles)
    words = sorted(
        {
            word.strip(".,").lower()
            for note in rng.sample(list(index.notes), min(len(index.notes), 300))
            for word in service.read("voice", note.path).body.split()
            if word.isalpha() and len(word) > 4
        }
    )
    rng.shuffle(words)
    missing = [f"zz{number:04d}qx" for number in range(count)]
    keys = list(service.preferences("voice").preferences) or ["temperature"]

    def take(items: list[str]) -> list[str]:
        return [items[number % len(items)] for number in range(count + WARMUP_QUESTIONS)]

    return {
        "recall by title": [f"what do you remember about {t}" for t in take(titles)],
        "recall by word": [f"what do you know about {w}" for w in take(words)],
        "recall by word, in French": [f"que sais-tu sur {w}" for w in take(words)],
        "who is (a note's name)": [f"who is {t}" for t in take(titles)],
        "when is (a question)": [f"when is the {w}" for w in take(words)],
        "nothing about it": [f"what do you know about {m}" for m in take(missing)],
        "preference": [f"what is my preferred {k}" for k in take(keys)],
        "overview": ["what's in your memory"] * (count + WARMUP_QUESTIONS),
    }


def language_of(kind: str) -> str:
    return "fr" if kind.endswith("in French") else "en"


async def measure(url: str, token: str, asked: dict[str, list[str]], notes: int) -> list[Row]:
    rows: list[Row] = []
    config_dir = tempfile.mkdtemp(prefix="memoire-bench-ha-")
    try:
        async with async_test_home_assistant(config_dir=config_dir) as hass:
            hass.data.pop(loader.DATA_CUSTOM_COMPONENTS)
            assert await async_setup_component(hass, "homeassistant", {})
            assert await async_setup_component(hass, "conversation", {})
            flow = await hass.config_entries.flow.async_init(
                "memoire", context={"source": SOURCE_USER}
            )
            result = await hass.config_entries.flow.async_configure(
                flow["flow_id"], {"url": url, "token": token}
            )
            entry = result["result"]
            await hass.async_block_till_done()
            assert entry.state is ConfigEntryState.LOADED, entry.state
            for kind, texts in asked.items():
                samples = []
                for number, text in enumerate(texts):
                    start = time.perf_counter_ns()
                    answer = await conversation.async_converse(
                        hass, text, None, Context(), language=language_of(kind)
                    )
                    elapsed = time.perf_counter_ns() - start
                    speech = answer.response.speech["plain"]["speech"]
                    # The question was answered, and as this kind of question should be.
                    nothing = speech.startswith(("I don't have anything", "Je n'ai rien"))
                    assert answer.response.intent is not None, (text, speech)
                    assert "can't reach" not in speech, speech
                    assert nothing is (kind == "nothing about it"), (text, speech)
                    if number >= WARMUP_QUESTIONS:
                        samples.append(elapsed)
                rows.append(Row(notes, f"voice: {kind}", tuple(samples), TARGET))
            everything = tuple(sample for row in rows for sample in row.samples_ns)
            rows.append(Row(notes, "voice: all questions", everything, TARGET))
            await hass.config_entries.async_unload(entry.entry_id)
            await hass.async_stop(force=True)
    finally:
        shutil.rmtree(config_dir, ignore_errors=True)
    return rows


def bench_config(repository: Path) -> Config:
    """A desk that writes, the voice token that reads, and no rate limit in the way."""
    return Config(
        memory=MemoryLocation(repository=repository),
        access=AccessTable({"desk": FULL, "voice": READ_ONLY}),
        limits=Limits(),
        server=ServerSettings(
            requests_per_minute=1_000_000, requests_per_minute_per_address=1_000_000
        ),
    )


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--notes", type=int, default=1_000)
    parser.add_argument("--iterations", type=int, default=200, help="timed questions per kind")
    parser.add_argument("--dir", type=Path, default=None, help="where to build (default: tmp)")
    parser.add_argument("--seed", type=int, default=20261129)
    arguments = parser.parse_args(argv)
    if arguments.iterations < 2 or arguments.notes < 3:
        parser.error("--iterations must be >= 2 and --notes >= 3")
    return arguments


def main(argv: Sequence[str] | None = None) -> None:
    arguments = parse_arguments(argv)
    logging.basicConfig(level=logging.ERROR)
    base = Path(tempfile.mkdtemp(prefix="memoire-bench-", dir=arguments.dir))
    print_machine(base)
    try:
        repository = base / "memory"
        start = time.perf_counter()
        build_memory(repository, arguments.notes, arguments.seed)
        print(f"built {arguments.notes:,} notes in {time.perf_counter() - start:.1f} s")
        config = bench_config(repository)
        service = MemoryService(config)
        for line in PREFERENCES:
            service.append("desk", "preferences.md", line)
        tokens = TokenStore(config.memory.tokens_file)
        token = tokens.add("voice")
        asked = questions(service, random.Random(arguments.seed), arguments.iterations)
        with ThreadedBridge(config, service, tokens) as url:
            rows = asyncio.run(measure(url, token, asked, arguments.notes))
        service.close()
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print()
    print_table(rows)
    print()
    print("Target (Home Assistant issue): voice question to spoken answer <= 30 ms p50.")
    print("Times only; nothing is asserted.")


if __name__ == "__main__":
    main()
