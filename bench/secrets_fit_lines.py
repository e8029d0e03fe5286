"""Fit the secret-line scorer's weights on the spent corpora, and measure it file by file.

Run from the repository root: `uv run --group dev python bench/secrets_fit_lines.py [--write]`.

Every shaped token a note holds (core/secrets/lines.py, `candidates`) is a row of named binary
features. A token is a secret when it is the row's named secret or a keyword finding of the
rules; every token of a hard negative is not; a secret note that names no value and no rule
finds teaches through its best token once a first fit says which it is (as the pairs' fit
does). A logistic regression weighs the features; a note's score is its best token's; the
threshold lets at most `FALSE_ALARM_BUDGET` of the training negatives through and stays over
every negative a corpus or a test pins. The fit is the line scorer's own: it does not read the
pairs' weights, so a refit of slot_weights.py leaves it valid.

Left out (`--left-out`, one corpus out of the fit at a time): keyword recall and false alarms
of the rules and slots (before) and with the lines (after). The slots are the committed ones
(`--slots committed`, fast; fitted on every corpus, the left-out one too) or fitted again
without the left-out corpus by bench/secrets_fit_slots.py (`--slots left-out`, about a minute
a corpus; kept in `--cache`). `--write` fits on every corpus and writes line_weights.py.
"""

import argparse
import json
import pickle
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path

from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import secrets_fit_slots as slots_fit

import memoire.core.secrets as guard
from memoire.core.secrets import SecretFamily, find_secrets
from memoire.core.secrets.lines import LINE_WORD_PREFIXES, candidates
from memoire.core.secrets.slots import SLOT_RULE
from memoire.core.secrets.text import lowered
from tests.secret_corpus import SPENT_CORPORA, CorpusEntry, load_corpus

WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "bridge/memoire/core/secrets/line_weights.py"
FALSE_ALARM_BUDGET = 0.001  # the share of training negatives' notes let over the threshold
MINING_ROUNDS = 6  # a pinned negative over the threshold weighs MINING_EMPHASIS more, then
MINING_EMPHASIS = 4.0
MEANINGFUL_WEIGHT = 0.02
REGULARISATION = 3.0  # scikit-learn C: 1.0 caught 15 more left out, 0.3 caught 11, 3.0 caught 23
WORD_CORPORA = 3  # a word's identity is a feature when this many training corpora hold it
FLOOR_TEST_MODULES = (
    *("test_secrets", "test_secret_slots", "test_secret_lines", "test_secret_code_words"),
    *("test_secret_security_answers", "test_secret_recovery_codes"),
    *("test_secret_made_passwords", "test_secret_spoken_codes", "test_secret_lookalikes"),
)
BAG_ROUNDS = 2
BAG_MARGIN = 4.0
DEFAULT_LEFT_OUT = (
    "secrets_holdout11.jsonl,secrets_holdout12.jsonl,secrets_holdout13.jsonl,"
    "secrets_holdout14.jsonl,secrets_train_f.jsonl,secrets_train_g.jsonl"
)
SECRET, NOT_SECRET, UNKNOWN = 1, 0, -1


@dataclass(frozen=True, slots=True)
class Note:
    corpus: str
    text: str
    positive: bool
    tokens: tuple[tuple[tuple[str, ...], int], ...]  # features, label
    by_rules: bool  # a rule (any family) flags it
    by_slots: bool  # a pair of the committed slots flags it
    pinned: bool = True  # a negative a corpus or a test pins: the threshold stays over it


@contextmanager
def without_lines() -> Iterator[None]:
    """The guard as it is without the line scorer, whether or not find_secrets runs it (one
    line in core/secrets/__init__.py's `_scan` hooks it): what the lines add to."""
    kept = getattr(guard, "find_line_secrets", None)
    if kept is not None:
        guard.find_line_secrets = lambda text, lower: iter(())
    try:
        yield
    finally:
        if kept is not None:
            guard.find_line_secrets = kept


def note_of(corpus: str, entry: CorpusEntry, *, pinned: bool = True) -> Note:
    text = entry.text
    with without_lines():
        findings = find_secrets(text)
    rules = [f for f in findings if f.rule != SLOT_RULE]
    known = [(f.start, f.end) for f in rules if f.family is SecretFamily.KEYWORD_VALUE]
    if entry.secret and entry.secret in text:
        at = text.index(entry.secret)
        known.append((at, at + len(entry.secret)))
    positive = entry.family is not None
    tokens = []
    for candidate in candidates(text, lowered(text)):
        if not positive:
            label = NOT_SECRET
        elif any(candidate.start < end and start < candidate.end for start, end in known):
            label = SECRET
        else:
            label = NOT_SECRET if known else UNKNOWN
        tokens.append((candidate.features, label))
    return Note(
        corpus,
        text,
        positive,
        tuple(tokens),
        bool(rules),
        any(f.rule == SLOT_RULE for f in findings),
        pinned,
    )


def notes_of(path: Path) -> list[Note]:
    return [
        note_of(path.name, entry)
        for entry in load_corpus(path)
        if entry.family in (None, SecretFamily.KEYWORD_VALUE)
    ]


def joined_negatives(path: Path) -> list[Note]:
    """Each hard negative followed by the next on its own line: the line before a token is
    often another note's. Taught and held under the budget, never counted."""
    texts = [entry.text for entry in load_corpus(path) if entry.family is None]
    return [
        note_of(path.name, CorpusEntry(f"{a}\n{b}", None, "joined", "", None), pinned=False)
        for a, b in pairwise(texts)
    ]


def floor_test_negatives(module: str) -> list[Note]:
    """The notes a test module says must pass (its parametrised look-alikes)."""
    return [
        note_of(f"{module}.py", CorpusEntry(text, None, "floor", "", None))
        for text in slots_fit.pinned_texts(module)
    ]


@dataclass(frozen=True, slots=True)
class Model:
    bias: float
    weights: dict[str, float]
    threshold: float

    def token_score(self, features: tuple[str, ...]) -> float:
        return self.bias + sum(self.weights.get(name, 0.0) for name in features)

    def note_score(self, note: Note) -> float:
        return max((self.token_score(f) for f, _ in note.tokens), default=float("-inf"))


def shared_words(notes: Sequence[Note], corpora: int) -> set[str]:
    seen: dict[str, set[str]] = {}
    for note in notes:
        for features, _ in note.tokens:
            for name in features:
                if name.startswith(LINE_WORD_PREFIXES):
                    seen.setdefault(name, set()).add(note.corpus)
    return {name for name, where in seen.items() if len(where) >= corpora}


def fit(notes: Sequence[Note], regularisation: float = REGULARISATION) -> Model:
    words = shared_words(notes, WORD_CORPORA)
    taught = [n for n in notes if any(label != UNKNOWN for _, label in n.tokens)]
    model = fit_mining(taught, regularisation, words)
    bags = [n for n in notes if n.positive and n.tokens and not n.by_rules and is_bag(n)]
    for _ in range(BAG_ROUNDS):
        adopted = [note for note in (adopt(model, bag) for bag in bags) if note is not None]
        model = fit_mining([*taught, *adopted], regularisation, words)
    return model


def is_bag(note: Note) -> bool:
    return all(label == UNKNOWN for _, label in note.tokens)


def adopt(model: Model, bag: Note) -> Note | None:
    """The bag's best token taken for its secret when it scores near the threshold."""
    scores = [model.token_score(features) for features, _ in bag.tokens]
    best = max(range(len(scores)), key=scores.__getitem__)
    if scores[best] < model.threshold - BAG_MARGIN:
        return None
    tokens = tuple(
        (features, SECRET if index == best else UNKNOWN)
        for index, (features, _) in enumerate(bag.tokens)
    )
    return replace(bag, tokens=tokens)


def fit_mining(taught: Sequence[Note], regularisation: float, words: set[str]) -> Model:
    emphasis = [1.0] * len(taught)
    model = Model(0.0, {}, 0.0)
    for _ in range(MINING_ROUNDS):
        model = fit_once(taught, emphasis, regularisation, words)
        over = [
            index
            for index, note in enumerate(taught)
            if note.pinned and not note.positive and model.note_score(note) >= model.threshold
        ]
        if not over:
            return model
        for index in over:
            emphasis[index] *= MINING_EMPHASIS
    pinned = max(model.note_score(n) for n in taught if n.pinned and not n.positive)
    return replace(model, threshold=round(max(model.threshold, pinned + 0.001), 3))


def fit_once(
    notes: Sequence[Note], emphasis: Sequence[float], regularisation: float, words: set[str]
) -> Model:
    vocabulary: dict[str, int] = {}
    rows, cols, labels, sample_weights = [], [], [], []
    for note, weight in zip(notes, emphasis, strict=True):
        for features, label in note.tokens:
            if label == UNKNOWN:
                continue
            row = len(labels)
            for name in features:
                if name.startswith(LINE_WORD_PREFIXES) and name not in words:
                    continue
                rows.append(row)
                cols.append(vocabulary.setdefault(name, len(vocabulary)))
            labels.append(label)
            sample_weights.append(weight)
    matrix = csr_matrix(([1.0] * len(rows), (rows, cols)), shape=(len(labels), len(vocabulary)))
    regression = LogisticRegression(C=regularisation, class_weight="balanced", max_iter=2000)
    regression.fit(matrix, labels, sample_weight=sample_weights)
    names = sorted(vocabulary, key=vocabulary.__getitem__)
    weights = {
        name: round(float(weight), 3)
        for name, weight in zip(names, regression.coef_[0], strict=True)
        if abs(weight) >= MEANINGFUL_WEIGHT
    }
    model = Model(round(float(regression.intercept_[0]), 3), weights, 0.0)
    negatives = sorted((model.note_score(n) for n in notes if not n.positive), reverse=True)
    allowed = int(len(negatives) * FALSE_ALARM_BUDGET)
    threshold = negatives[allowed] + 0.001 if negatives else 0.0
    return Model(model.bias, weights, round(threshold, 3))


# --- the slots left out, for the "before" column ----------------------------------------------


def left_out_slots(names: Sequence[str], cache: Path) -> dict[str, dict[str, bool]]:
    """Each note of each corpus of `names`: whether the pairs fitted without that corpus flag
    it (bench/secrets_fit_slots.py's fit, kept in `cache`)."""
    kept: dict[str, dict[str, bool]] = pickle.loads(cache.read_bytes()) if cache.exists() else {}
    missing = [name for name in names if name not in kept]
    if missing:
        with without_lines():
            by_corpus = {p.name: slots_fit.notes_of(p) for p in SPENT_CORPORA}
            for module in slots_fit.FLOOR_TEST_MODULES:
                by_corpus[f"{module}.py"] = slots_fit.floor_test_negatives(module)
            joined = {p.name: slots_fit.joined_negatives(p) for p in SPENT_CORPORA}
        for held in missing:
            training = [n for o, ns in by_corpus.items() if o != held for n in ns]
            training += [n for o, ns in joined.items() if o != held for n in ns]
            model = slots_fit.fit(training)
            path = next(p for p in SPENT_CORPORA if p.name == held)
            entries = [
                e for e in load_corpus(path) if e.family in (None, SecretFamily.KEYWORD_VALUE)
            ]
            kept[held] = {
                entry.text: model.note_score(note) >= model.threshold
                for entry, note in zip(entries, by_corpus[held], strict=True)
            }
            cache.write_bytes(pickle.dumps(kept))
    return kept


# --- the table ---------------------------------------------------------------------------------


def measure(model: Model, held: Sequence[Note], slots: dict[str, bool] | None) -> list[int]:
    """Caught before and after, secrets; flagged before and after, negatives."""
    counts = [0, 0, 0, 0, 0, 0]
    for note in held:
        by_slots = note.by_slots if slots is None else slots[note.text]
        before = note.by_rules or by_slots
        after = before or model.note_score(note) >= model.threshold
        offset = 0 if note.positive else 3
        counts[offset] += before
        counts[offset + 1] += after
        counts[offset + 2] += 1
    return counts


def pct(part: int, whole: int) -> str:
    return f"{part}/{whole} {part / whole:.1%}" if whole else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write line_weights.py")
    parser.add_argument("--c", type=float, default=REGULARISATION, help="regularisation")
    parser.add_argument("--left-out", metavar="CORPORA", default=DEFAULT_LEFT_OUT)
    parser.add_argument("--slots", choices=("committed", "left-out"), default="committed")
    parser.add_argument("--cache", type=Path, default=Path(".scratch/left_out_slots.pkl"))
    parser.add_argument("--misses", metavar="CORPUS", help="print CORPUS's left-out misses")
    args = parser.parse_args()
    by_corpus = {path.name: notes_of(path) for path in SPENT_CORPORA}
    for module in FLOOR_TEST_MODULES:
        by_corpus[f"{module}.py"] = floor_test_negatives(module)
    joined = {path.name: joined_negatives(path) for path in SPENT_CORPORA}
    print(f"{'left out':26} {'rules+slots':>15} {'+ lines':>15} {'alarms r+s':>12} {'+ lines':>12}")
    totals = [0] * 6
    chosen = list(filter(None, args.left_out.split(",")))
    left_out = left_out_slots(chosen, args.cache) if args.slots == "left-out" else {}
    for name in chosen:
        training = [n for other, ns in by_corpus.items() if other != name for n in ns]
        training += [n for other, ns in joined.items() if other != name for n in ns]
        model = fit(training, args.c)
        slots = left_out.get(name)
        counts = measure(model, by_corpus[name], slots)
        totals = [total + count for total, count in zip(totals, counts, strict=True)]
        print(row(name, counts), f"threshold {model.threshold}")
        if args.misses == name:
            show(model, by_corpus[name], slots)
    if args.left_out:
        print(row("all (pooled)", totals))
    if args.write:
        everything = [n for notes in (*by_corpus.values(), *joined.values()) for n in notes]
        model = fit(everything, args.c)
        write(model)
        print(
            f"wrote {WEIGHTS_FILE.name}: {len(model.weights)} weights, threshold {model.threshold}"
        )


def row(name: str, counts: Sequence[int]) -> str:
    before, after, secrets, flagged, flagged_after, negatives = counts
    return (
        f"{name:26} {pct(before, secrets):>15} {pct(after, secrets):>15}"
        f" {pct(flagged, negatives):>12} {pct(flagged_after, negatives):>12}"
    )


def show(model: Model, held: Sequence[Note], slots: dict[str, bool] | None) -> None:
    for note in held:
        if note.by_rules or (note.by_slots if slots is None else slots[note.text]):
            continue
        lines = model.note_score(note) >= model.threshold
        if not note.positive and not lines:
            continue
        kind = "alarm" if not note.positive else "caught" if lines else "missed"
        print(f"    {kind} {model.note_score(note):6.2f} {note.text[:110]!r}")


def write(model: Model) -> None:
    lines = [
        '"""Weights of the secret-line scorer, written by bench/secrets_fit_lines.py: do not'
        ' edit by hand."""',
        "",
        f"BIAS = {model.bias}",
        f"THRESHOLD = {model.threshold}",
        "WEIGHTS: dict[str, float] = {",
        *(
            f"    {json.dumps(name, ensure_ascii=False)}: {weight},"
            for name, weight in sorted(model.weights.items())
        ),
        "}",
        "",
    ]
    WEIGHTS_FILE.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
