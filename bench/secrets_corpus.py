"""Recall, false positives and speed of the secret guard on its labelled corpora.

Run from the repository root: `uv run python bench/secrets_corpus.py`. The corpora and their
fake-token generator live with the tests (tests/secret_corpus.py). The hold-out corpora were
written blind to the rules; each was measured once, then read while tuning (spent): the one
that counts is the newest, measured by the lead after the last rule change. secrets_dev2 was
written before the window scoring (window.py) to check that it generalises; secrets_dev3 before
the command table, the word passphrases and the misspelt nouns (commands.py, passphrases.py,
typos.py), then tuned on.
"""

import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from memoire.core.secrets import find_secret
from memoire.core.secrets.text import lowered
from memoire.core.secrets.window import find_window_secrets
from tests.secret_corpus import (
    DEV2_CORPUS,
    DEV3_CORPUS,
    DEV_CORPUS,
    HOLDOUT2_CORPUS,
    HOLDOUT3_CORPUS,
    HOLDOUT4_CORPUS,
    HOLDOUT5_CORPUS,
    HOLDOUT_CORPUS,
    SEED_CORPUS,
    CorpusEntry,
    load_corpus,
)

NOTE_LENGTH = 20_000
SAMPLES = 400
PLAIN_PROSE = (
    "Ludo likes his coffee black and his notes short. Le matin, il relit le plan de la semaine, "
    "puis il range le garage avec Bob. The Home Assistant dashboard shows the heating schedule; "
    "le chauffage baisse à 19 degrés la nuit. "
)
Scanner = Callable[[str], bool]


def guard(text: str) -> bool:
    return find_secret(text) is not None


def main() -> None:
    holdouts = (HOLDOUT_CORPUS, HOLDOUT2_CORPUS, HOLDOUT3_CORPUS, HOLDOUT4_CORPUS, HOLDOUT5_CORPUS)
    for path in (SEED_CORPUS, DEV_CORPUS, DEV2_CORPUS, DEV3_CORPUS, *holdouts):
        if path.exists():
            print(f"== {path.name}")
            report(load_corpus(path), guard)
    negatives = [e.text for p in (SEED_CORPUS, DEV_CORPUS) for e in load_corpus(p) if not e.family]
    for name, note in (
        ("plain prose", fill_note([PLAIN_PROSE])),
        ("hard negatives", fill_note(negatives)),
    ):
        print(f"{NOTE_LENGTH:,}-char note, {name}: {timing(note, guard)}")
    slowest = max(PATHOLOGICAL, key=lambda unit: one_scan_ms((unit * NOTE_LENGTH)[:NOTE_LENGTH]))
    note = (slowest * NOTE_LENGTH)[:NOTE_LENGTH]
    print(f"slowest pathological note ({slowest!r} repeated): {one_scan_ms(note):.0f} ms")
    for name, line in noun_soups().items():
        start = time.thread_time_ns()
        found = sum(1 for _ in find_window_secrets(line, lowered(line)))
        window_ms = (time.thread_time_ns() - start) / 1e6
        print(
            f"1 MB line of secret nouns and {name}: window scoring {window_ms:.0f} ms"
            f" ({found} values found), whole guard {one_scan_ms(line):.0f} ms"
        )


def report(corpus: Sequence[CorpusEntry], scan: Scanner) -> None:
    """Recall per kind of secret and the false-positive rate: a refusal is what counts."""
    positives = [entry for entry in corpus if entry.family is not None]
    negatives = [entry for entry in corpus if entry.family is None]
    for kind in sorted({entry.kind for entry in positives}):
        labelled = [entry for entry in positives if entry.kind == kind]
        print(f"  recall {kind}: {ratio(sum(scan(e.text) for e in labelled), len(labelled))}")
    print(f"  recall overall: {ratio(sum(scan(e.text) for e in positives), len(positives))}")
    flagged = [entry for entry in negatives if scan(entry.text)]
    print(f"  false positives: {ratio(len(flagged), len(negatives))}")
    for entry in flagged:
        print(f"    flagged negative: {entry.text!r}")
    for entry in positives:
        if not scan(entry.text):
            print(f"    missed {entry.kind}: {entry.text[:100]!r}")


# Notes built to make a rule work hard: one keyword, thing or separator over and over.
PATHOLOGICAL = (
    *("password 1 ", "a1b2 is the password ", "safe 12: ", "clé 1 ", "code 12 ", "key: x1 "),
    *("wifi 9 ", "PASS", "mdp ", "porte n°1 ", "4111 ", "mysql -p ", "x-", "passphrase: w-"),
    *(
        "password? Ab1x ",
        "| pwd |\n|--|\n| Aa1 |\n",
        "(code 12) ",
        "Xy1-Zz -> key ",
        "now it's A1b ",
    ),
    # The secret slots (slots.py): a header line of nouns, nouns alone on their lines, replies.
    *("pwd | ", "password\n", "code?\nMe: 1 2 3 4\n", "pin\tsite\n"),
    # Found while making the rules faster: two nouns and a short value; a noun after a
    # character beyond Latin-1 (the note is then stored two bytes a character); a code.
    *("wifi pw Ab1x ", "a’b password ", "code 1234 ", "mdp mdp "),
)


NOUNS = (
    *("password", "mot de passe", "mdp", "code", "PIN", "clé", "key", "passphrase", "secret"),
    *("token", "identifiants", "digicode", "combo", "passcode", "account", "compte"),
)
SYLLABLES = ("ba", "ro", "ti", "len", "mar", "do", "vi", "sol", "pe", "ku", "ra", "tion", "er")
MEGABYTE = 1_000_000


def noun_soups() -> dict[str, str]:
    """One line of a megabyte: 30 % secret nouns, the rest words, each noun opening a window.

    With plain words nothing may be a value, so only the nouns are found; with capitalised
    words joined ("BaroTion") every tenth word is looked at; with numbers many are codes."""
    rng = random.Random(7)

    def word() -> str:
        return "".join(rng.choices(SYLLABLES, k=rng.randrange(1, 4)))

    def soup(other: Callable[[], str]) -> str:
        parts: list[str] = []
        size = 0
        while size < MEGABYTE:
            pick = rng.random()
            parts.append(rng.choice(NOUNS) if pick < 0.3 else other() if pick < 0.4 else word())
            size += len(parts[-1]) + 1
        return " ".join(parts)[:MEGABYTE]

    return {
        "plain words": soup(word),
        "capitalised words joined": soup(lambda: word().capitalize() + word().capitalize()),
        "numbers": soup(lambda: str(rng.randrange(100_000))),
    }


def one_scan_ms(note: str) -> float:
    start = time.thread_time_ns()
    guard(note)
    return (time.thread_time_ns() - start) / 1e6


def ratio(part: int, whole: int) -> str:
    return f"{part}/{whole} = {part / whole:.1%}" if whole else "0/0"


def fill_note(paragraphs: Sequence[str]) -> str:
    """A secret-free note of the benchmark length: the guard must scan all of it to say so."""
    shuffled = list(paragraphs)
    random.Random(0).shuffle(shuffled)
    note = ""
    while len(note) < NOTE_LENGTH:
        note += "\n".join(shuffled) + "\n"
    note = note[:NOTE_LENGTH]
    if find_secret(note) is not None:
        raise SystemExit("the benchmark note must hold no secret: a negative was cut into one")
    return note


def timing(note: str, scan: Scanner) -> str:
    """Wall-clock time, and the thread's CPU time, which waits for a shared core do not inflate.

    Each sample scans a different note (its first characters numbered): the guard caches its
    searches per note text, and the same note scanned again would time the cache.
    """
    wall, cpu = [], []
    for sample in range(SAMPLES):
        number = f"{sample} "
        variant = number + note[len(number) :]
        start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
        scan(variant)
        cpu.append(time.thread_time_ns() - start_cpu)
        wall.append(time.perf_counter_ns() - start)
    return f"wall {summary(wall)}; CPU {summary(cpu)}"


def summary(samples_ns: list[int]) -> str:
    p95 = statistics.quantiles(samples_ns, n=100)[94]
    return f"median {statistics.median(samples_ns) / 1e3:.0f} µs, p95 {p95 / 1e3:.0f} µs"


if __name__ == "__main__":
    main()
