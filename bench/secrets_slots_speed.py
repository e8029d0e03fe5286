"""The secret slots' share of the guard's time, back to back in one process.

Run from the repository root: `uv run --group dev python bench/secrets_slots_speed.py`. The guard
runs with the slots (core/secrets/slots.py) and with them switched off, twice each in turn, on
bench/secrets_corpus.py's notes: 20,000 characters of prose, of hard negatives, a typical note of
500 characters, and the slowest of its pathological notes, at 20,000 characters and (once each)
at a megabyte. Numbers, before and after each speed change: bench/secrets_speed.md. Rounds
alternate so a change of load on a shared machine shows as a difference between rounds, not
between the two guards.
"""

import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import secrets_corpus as bench

import memoire.core.secrets as guard_module
from tests.secret_corpus import DEV_CORPUS, SEED_CORPUS, load_corpus


def no_slots(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    del text, lower
    return iter(())


def main() -> None:
    negatives = [e.text for p in (SEED_CORPUS, DEV_CORPUS) for e in load_corpus(p) if not e.family]
    notes = (
        ("plain prose", bench.fill_note([bench.PLAIN_PROSE])),
        ("hard negatives", bench.fill_note(negatives)),
        (f"a typical note ({TYPICAL_LENGTH} characters)", typical_note()),
    )
    with_slots = guard_module.find_slot_secrets
    largest: dict[str, float] = {}
    for label, slots in (("without slots", no_slots), ("with slots", with_slots)) * 2:
        guard_module.find_slot_secrets = slots
        for name, note in notes:
            print(f"{label}, {name}: {bench.timing(note, bench.guard)}")
        worst = max(bench.PATHOLOGICAL, key=lambda unit: bench.one_scan_ms(filled(unit)))
        print(f"{label}, slowest pathological {worst!r}: {bench.one_scan_ms(filled(worst)):.0f} ms")
        if label not in largest:  # once each: a megabyte takes seconds
            largest[label] = bench.one_scan_ms(filled(worst, bench.MEGABYTE))
            print(f"{label}, {worst!r} to a megabyte (largest request): {largest[label]:.0f} ms")
    guard_module.find_slot_secrets = with_slots


TYPICAL_LENGTH = 500


def typical_note() -> str:
    """Most notes and every append are short: prose cut to 500 characters, no secret."""
    note = (bench.PLAIN_PROSE * 3)[:TYPICAL_LENGTH]
    if bench.find_secret(note) is not None:
        raise SystemExit("the typical note must hold no secret")
    return note


def filled(unit: str, length: int = bench.NOTE_LENGTH) -> str:
    return (unit * length)[:length]


if __name__ == "__main__":
    main()
