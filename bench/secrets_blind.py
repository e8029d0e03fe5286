"""One measurement of new corpora by the whole guard, per family, before anyone studies them.

Run from the repository root: `uv run --group dev python bench/secrets_blind.py FILE...`. Each
file is in the hold-outs' row format (text, secret, family, lang, kind); `{fake:NAME}` tokens are
filled by the seeded generator. For each file: keyword, token and card secrets refused, and hard
negatives refused, by the rules alone and by the rules with the secret slots beside them.
"""

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import memoire.core.secrets as guard_module
from memoire.core.secrets import find_secret
from tests.secret_corpus import CorpusEntry, load_holdout

FAMILIES = ("keyword", "token", "card")


def no_slots(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    del text, lower
    return iter(())


def measured(corpus: list[CorpusEntry]) -> str:
    caught = dict.fromkeys(FAMILIES, 0)
    totals = dict.fromkeys(FAMILIES, 0)
    alarms = negatives = 0
    for entry in corpus:
        refused = find_secret(entry.text) is not None
        if entry.family is None:
            negatives += 1
            alarms += refused
        else:
            totals[entry.kind] += 1
            caught[entry.kind] += refused
    parts = [f"{family} {caught[family]}/{totals[family]}" for family in FAMILIES]
    share = f" ({caught['keyword'] / totals['keyword']:.1%})" if totals["keyword"] else ""
    return f"{parts[0]}{share}, {parts[1]}, {parts[2]}, false alarms {alarms}/{negatives}"


def main() -> None:
    with_slots: Callable[[str, str], Iterator[tuple[str, int, int]]]
    with_slots = guard_module.find_slot_secrets
    for name in sys.argv[1:]:
        corpus = load_holdout(Path(name))
        guard_module.find_slot_secrets = no_slots
        print(f"{Path(name).name}: rules alone: {measured(corpus)}")
        guard_module.find_slot_secrets = with_slots
        print(f"{Path(name).name}: rules + slots: {measured(corpus)}")


if __name__ == "__main__":
    main()
