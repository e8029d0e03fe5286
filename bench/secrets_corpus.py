"""Recall, false positives and speed of the secret guard on the labelled corpus.

Run from the repository root: `uv run python bench/secrets_corpus.py`. The corpus and its fake-token
generator live with the tests, so the numbers here are the ones the tests hold the guard to.
"""

import sys
import timeit
from collections.abc import Sequence
from pathlib import Path

from memoire.core.secrets import SecretFamily, find_secret, find_secrets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.test_secrets import CorpusEntry, load_corpus

NOTE_LENGTH = 2_000
REPEATS = 2_000
PLAIN_PROSE = (
    "Ludo likes his coffee black and his notes short. Le matin, il relit le plan de la semaine, "
    "puis il range le garage avec Bob. The Home Assistant dashboard shows the heating schedule; "
    "le chauffage baisse à 19 degrés la nuit. "
)


def main() -> None:
    corpus = load_corpus()
    positives = [entry for entry in corpus if entry.family is not None]
    negatives = [entry for entry in corpus if entry.family is None]
    print(f"positives: {count_by_language(positives)}")
    print(f"negatives: {count_by_language(negatives)}")
    for family in SecretFamily:
        labelled = [entry for entry in positives if entry.family is family]
        caught = [entry for entry in labelled if caught_by_family(entry)]
        print(f"recall {family}: {ratio(len(caught), len(labelled))}")
    flagged = [entry for entry in positives if find_secrets(entry.text)]
    print(f"recall overall: {ratio(len(flagged), len(positives))}")
    false_positives = [entry for entry in negatives if find_secrets(entry.text)]
    print(f"false-positive rate: {ratio(len(false_positives), len(negatives))}")
    for entry in false_positives:
        print(f"  flagged negative: {entry.text!r}")
    keyword_dense = fill_note([entry.text for entry in negatives])
    print(
        f"µs per {NOTE_LENGTH:,}-char note, plain prose: {microseconds(fill_note([PLAIN_PROSE]))}"
    )
    print(f"µs per {NOTE_LENGTH:,}-char note, hard negatives: {microseconds(keyword_dense)}")


def count_by_language(entries: Sequence[CorpusEntry]) -> str:
    english = sum(entry.lang == "en" for entry in entries)
    return f"{len(entries)} ({english} en, {len(entries) - english} fr)"


def caught_by_family(entry: CorpusEntry) -> bool:
    return any(finding.family is entry.family for finding in find_secrets(entry.text))


def ratio(part: int, whole: int) -> str:
    return f"{part}/{whole} = {part / whole:.1%}"


def fill_note(paragraphs: Sequence[str]) -> str:
    """A secret-free note of the benchmark length: the guard must scan all of it to say so."""
    note = ""
    while len(note) < NOTE_LENGTH:
        note += "\n".join(paragraphs) + "\n"
    note = note[:NOTE_LENGTH]
    if find_secret(note) is not None:
        raise SystemExit("the benchmark note must hold no secret: a negative was cut into one")
    return note


def microseconds(note: str) -> str:
    seconds = min(timeit.repeat(lambda: find_secret(note), number=REPEATS, repeat=5))
    return f"{seconds / REPEATS * 1e6:.1f}"


if __name__ == "__main__":
    main()
