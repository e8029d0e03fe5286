"""Which part of the guard raises each false alarm: every hard negative refused, per corpus.

Run from the repository root: `uv run --group dev python bench/secrets_false_alarms.py [FILE...]`
(no file: every spent corpus). For each corpus: the secrets refused per family, then each hard
negative the guard refuses, with the rules that found something in it and the text each found.
"secret-slot" is the fitted scorer (core/secrets/slots.py), the rest are rules: a false alarm
only the scorer raises is for its refit, one a rule raises is the rule's. Files not among the
spent corpora are read in the hold-outs' row format.
"""

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from memoire.core.secrets import _scan, find_secret
from memoire.core.secrets.slots import SLOT_RULE
from tests.secret_corpus import SPENT_CORPORA, CorpusEntry, load_corpus, load_holdout


def corpus(path: Path) -> list[CorpusEntry]:
    return load_corpus(path) if path in SPENT_CORPORA else load_holdout(path)


def flagged_by(text: str) -> list[tuple[str, str]]:
    """(rule, the text it found) for every finding, each rule and span once, scorer included
    even where a rule found the same span (find_secrets would hide it)."""
    found: dict[tuple[str, int, int], str] = {}
    for finding in _scan(text):
        found.setdefault(
            (finding.rule, finding.start, finding.end), text[finding.start : finding.end]
        )
    return [(rule, value) for (rule, _, _), value in found.items()]


def recall(path: Path) -> str:
    """Secrets refused per family, as the guard decides (find_secret, scorer included)."""
    caught: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    for entry in corpus(path):
        if entry.family is not None:
            totals[entry.family.value] += 1
            caught[entry.family.value] += find_secret(entry.text) is not None
    return ", ".join(f"{family} {caught[family]}/{totals[family]}" for family in sorted(totals))


def main() -> None:
    paths = [Path(name) for name in sys.argv[1:]] or list(SPENT_CORPORA)
    by_part: Counter[str] = Counter()
    alarms = negatives = 0
    for path in paths:
        entries = [entry for entry in corpus(path) if entry.family is None]
        flagged = [(entry, flagged_by(entry.text)) for entry in entries]
        flagged = [(entry, found) for entry, found in flagged if found]
        negatives += len(entries)
        alarms += len(flagged)
        print(
            f"== {path.name}: {recall(path)}, {len(flagged)}/{len(entries)} hard negatives refused"
        )
        for entry, found in flagged:
            rules = sorted({rule for rule, _ in found})
            part = "scorer only" if rules == [SLOT_RULE] else "rule"
            by_part[part] += 1
            print(f"  [{part}: {', '.join(rules)}] {entry.text[:160]!r}")
            for rule, value in found:
                print(f"      {rule}: {value[:60]!r}")
    print(
        f"== all: {alarms}/{negatives} hard negatives refused; "
        + ", ".join(f"{part} {count}" for part, count in sorted(by_part.items()))
    )


if __name__ == "__main__":
    main()
