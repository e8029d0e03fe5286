"""Fit the secret-line scorer's second model on the spent corpora, and measure it file by file.

Run from the repository root: `uv run --group dev python bench/secrets_fit_lines.py [--write]`.

The line scorer ORs two models (core/secrets/lines.py, `is_line_secret`). The first
(line_weights.py) was written by this script at 41ab458 and is not refitted: its catches in
sample stay (bench/secrets_lines.md, sections 7 and 8). This script fits the second
(line_kind_weights.py), which reads every feature, the first model's tokens and its own.

Every shaped token a note holds (core/secrets/lines.py, `candidates`) is a row of named binary
features. A token is a secret when it is the row's named secret or a keyword finding of the
rules; every token of a hard negative is not; a secret note that names no value and no rule
finds teaches through its best token once a first fit says which it is (as the pairs' fit
does). A logistic regression weighs the features; a note's score is its best token's; the
threshold lets at most `FALSE_ALARM_BUDGET` of the training negatives through and stays over
every negative a corpus or a test pins (a guard test module's texts that the guard passes). The
fit is the line scorer's own: it does not read the pairs' weights, so a refit of
slot_weights.py leaves it valid.

Left out (`--left-out`, one corpus out of the fit at a time): keyword recall and false alarms
of the rules, the slots and the first line model (before) and with the second (after). The
slots are the committed ones (`--slots committed`, fast; fitted on every corpus, the left-out
one too) or fitted again without the left-out corpus by bench/secrets_fit_slots.py (`--slots
left-out`, about a minute a corpus; kept in `--cache`). `--write` fits on every corpus and
writes line_kind_weights.py. The guard's findings of each note are kept in `--findings` between
runs, under a digest of the guard's modules (the second model's weights excepted): a change
to a rule starts a new file.
"""

import argparse
import hashlib
import importlib
import json
import math
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
from memoire.core.secrets import SecretFamily, SecretFinding, find_secrets, lines
from memoire.core.secrets.lines import LINE_WORD_PREFIXES, candidates
from memoire.core.secrets.slots import SLOT_RULE
from memoire.core.secrets.text import lowered
from tests.secret_corpus import SPENT_CORPORA, CorpusEntry, load_corpus

ROOT = Path(__file__).resolve().parents[1]
GUARD = ROOT / "bridge/memoire/core/secrets"
WEIGHTS_FILE = GUARD / "line_kind_weights.py"
FALSE_ALARM_BUDGET = 0.001  # the share of training negatives' notes let over the threshold
MINING_ROUNDS = 6  # a pinned negative over the threshold weighs MINING_EMPHASIS more, then
MINING_EMPHASIS = 4.0
MEANINGFUL_WEIGHT = 0.02
HALF_STEP = 0.0005  # weights are rounded to 0.001: every score is a multiple of it
REGULARISATION = 1.0  # scikit-learn C: with the kinds, 1.0 caught most left out (section 7)
WORD_CORPORA = 3  # a word's identity is a feature when this many training corpora hold it
# Every guard test module: the texts it holds that the guard passes are pinned negatives.
FLOOR_TEST_MODULES = tuple(sorted(path.stem for path in (ROOT / "tests").glob("test_secret*.py")))
BAG_ROUNDS = 2
BAG_MARGIN = 4.0
DEFAULT_LEFT_OUT = (
    "secrets_holdout18.jsonl,secrets_holdout19.jsonl,secrets_holdout20.jsonl,"
    "secrets_holdout21.jsonl,secrets_train_m.jsonl,secrets_train_n.jsonl,"
    "secrets_train_o.jsonl,secrets_train_p.jsonl"
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
    by_first: bool  # the guard with the first line model alone flags it
    pinned: bool = True  # a negative a corpus or a test pins: the threshold stays over it


@contextmanager
def first_model_only() -> Iterator[None]:
    """The guard with the first line model alone: the committed guard the second adds to."""
    kept = lines.KINDS
    lines.KINDS = lines.LineModel(0.0, math.inf, {})
    try:
        yield
    finally:
        lines.KINDS = kept


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


class Findings:
    """The guard's findings without the line scorer (`rules`) and with its first model alone
    (`first`), by text, kept in a file between runs (`keep_in`)."""

    def __init__(self) -> None:
        self.kept: dict[tuple[bool, str], list[SecretFinding]] = {}
        self.path: Path | None = None
        self.new = 0

    def keep_in(self, folder: Path) -> None:
        digest = hashlib.sha256()
        for path in sorted(GUARD.rglob("*.py")):
            if path.name != WEIGHTS_FILE.name:
                digest.update(path.read_bytes())
        self.path = folder / f"guard_findings_{digest.hexdigest()[:16]}.pkl"
        if self.path.exists():
            self.kept.update(pickle.loads(self.path.read_bytes()))

    def rules(self, text: str) -> list[SecretFinding]:
        return self._found(text, first=False)

    def first(self, text: str) -> list[SecretFinding]:
        return self._found(text, first=True)

    def _found(self, text: str, *, first: bool) -> list[SecretFinding]:
        found = self.kept.get((first, text))
        if found is None:
            with first_model_only() if first else without_lines():
                found = self.kept[first, text] = find_secrets(text)
            self.new += 1
        return found

    def save(self) -> None:
        if self.new and self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_bytes(pickle.dumps(self.kept))


guard_findings = Findings()


def note_of(corpus: str, entry: CorpusEntry, *, pinned: bool = True) -> Note:
    text = entry.text
    findings = guard_findings.rules(text)
    rules = [f for f in findings if f.rule != SLOT_RULE]
    known = [(f.start, f.end) for f in rules if f.family is SecretFamily.KEYWORD_VALUE]
    if entry.secret and entry.secret in text:
        at = text.index(entry.secret)
        known.append((at, at + len(entry.secret)))
    positive = entry.family is not None
    tokens = []
    for candidate in candidates(text, lowered(text)):
        if not lines.KINDS.reads(candidate.features):
            continue  # a token the second model leaves (a path)
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
        bool(guard_findings.first(text)),
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
    """The texts a test module holds (its constants and its parameters) that the guard passes
    today, save a note given with its secret and a part of a text the guard flags (a caught
    note's secret): its look-alikes, spaced scores, counts and times among them, wherever its
    tests keep them."""
    texts = sorted(set(test_texts(importlib.import_module(f"tests.{module}"))))
    flagged = [text for text in texts if guard_findings.first(text)]
    return [
        note_of(f"{module}.py", CorpusEntry(text, None, "floor", "", None))
        for text in texts
        if text not in flagged and not any(text in other for other in flagged)
    ]


def is_secret_and_its_note(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) >= 2
        and isinstance(value[0], str)
        and isinstance(value[1], str)
        and bool(value[1])
        and value[1] in value[0]
    )


def test_texts(module: object) -> Iterator[str]:
    for value in vars(module).values():
        yield from strings_in(value)
        for mark in getattr(value, "pytestmark", []):
            if mark.name == "parametrize":
                yield from strings_in(mark.args[1])


def strings_in(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        yield from strings_in(list(value.values()))
    elif is_secret_and_its_note(value):
        return  # (text, secret): a note the guard must catch, not a look-alike
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from strings_in(item)
    elif hasattr(value, "values") and type(value).__module__ == "_pytest.mark.structures":
        yield from strings_in(value.values)  # pytest.param(...)


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
    return replace(model, threshold=max(model.threshold, just_over(pinned)))


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
    threshold = just_over(negatives[allowed]) if negatives else 0.0
    return Model(model.bias, weights, threshold)


def just_over(score: float) -> float:
    """A threshold just over `score`, half a step of the weights' rounding (0.001) from every
    sum of them: no score lies near it, so summing a token's weights in another order (the
    shortcut of lines.py) cannot move a decision."""
    return round(round(score, 3) + HALF_STEP, 4)


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
        before = note.by_rules or by_slots or note.by_first
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
    parser.add_argument("--findings", type=Path, default=Path(".scratch"), help="findings' cache")
    args = parser.parse_args()
    guard_findings.keep_in(args.findings)
    by_corpus = {path.name: notes_of(path) for path in SPENT_CORPORA}
    for module in FLOOR_TEST_MODULES:
        by_corpus[f"{module}.py"] = floor_test_negatives(module)
    joined = {path.name: joined_negatives(path) for path in SPENT_CORPORA}
    guard_findings.save()
    print(f"{'left out':26} {'first model':>15} {'+ second':>15} {'alarms':>12} {'+ second':>12}")
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
        print(row(name, counts), f"threshold {model.threshold}", flush=True)
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
        if note.by_rules or note.by_first or (note.by_slots if slots is None else slots[note.text]):
            continue
        lines = model.note_score(note) >= model.threshold
        if not note.positive and not lines:
            continue
        kind = "alarm" if not note.positive else "caught" if lines else "missed"
        print(f"    {kind} {model.note_score(note):6.2f} {note.text[:110]!r}")


def write(model: Model) -> None:
    lines = [
        '"""Weights of the secret-line scorer\'s second model, written by'
        " bench/secrets_fit_lines.py: do",
        'not edit by hand."""',
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
