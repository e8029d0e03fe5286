"""What a note-level word model would add to the secret guard, measured on held-out corpora.

Run from the repository root:
`uv run --group dev python bench/secrets_note_model.py --held-out tests/data/FILE.jsonl ...`.

The guard's rules and its two fitted scorers read a value and the words around it. This
measures another kind of reader: TF-IDF over a whole note's words (one and two in a row, and
optionally character n-grams) weighed by a logistic regression (scikit-learn, dev group only),
fitted on every spent corpus except the held-out ones. Its threshold lets `--budget` of the
training negatives through, measured out of fold (five folds that keep each corpus whole), so
it is set without looking at the held-out corpora. For each held-out corpus the script prints
the keyword secrets the guard catches, the model catches and either catches, and the negatives
each flags. bench/secrets_note_model.md has the numbers and why the model is not in the guard.
"""

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix, hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from memoire.core.secrets import find_secret
from tests.secret_corpus import SPENT_CORPORA, CorpusEntry, load_corpus, load_holdout

Scorer = Callable[[Sequence[str]], np.ndarray]
FOLDS = 5


def fit(texts: Sequence[str], secret: np.ndarray, *, c: float, characters: bool) -> Scorer:
    words = TfidfVectorizer(
        ngram_range=(1, 2), min_df=2, sublinear_tf=True, token_pattern=r"(?u)\b\w+\b"
    )
    grams = TfidfVectorizer(
        analyzer="char_wb", ngram_range=(3, 5), min_df=3, sublinear_tf=True, max_features=300_000
    )

    def features(batch: Sequence[str], *, fitting: bool = False) -> csr_matrix:
        read = [words.fit_transform if fitting else words.transform]
        if characters:
            read.append(grams.fit_transform if fitting else grams.transform)
        return csr_matrix(hstack([reader(batch) for reader in read]))

    model = LogisticRegression(C=c, max_iter=2000, class_weight="balanced")
    model.fit(features(texts, fitting=True), secret)
    return lambda batch: np.asarray(model.decision_function(features(batch)))


def out_of_fold_threshold(
    texts: Sequence[str],
    secret: np.ndarray,
    corpus: np.ndarray,
    *,
    c: float,
    characters: bool,
    budget: float,
) -> float:
    """The score that `budget` of the training negatives pass, each scored by a fit without
    its own corpus."""
    scores = np.zeros(len(texts))
    for train, test in GroupKFold(n_splits=FOLDS).split(texts, secret, corpus):
        scorer = fit([texts[i] for i in train], secret[train], c=c, characters=characters)
        scores[test] = scorer([texts[i] for i in test])
    negatives = np.sort(scores[~secret])
    return float(negatives[int(len(negatives) * (1 - budget))])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--held-out", nargs="+", type=Path, required=True, help="corpora")
    parser.add_argument("--c", type=float, default=4.0, help="regularisation")
    parser.add_argument("--budget", type=float, default=0.005, help="training negatives let by")
    parser.add_argument("--characters", action="store_true", help="add character n-grams")
    arguments = parser.parse_args()
    held_out = {path.resolve() for path in arguments.held_out}
    training = [path for path in SPENT_CORPORA if path.resolve() not in held_out]
    entries = [(index, entry) for index, path in enumerate(training) for entry in load_corpus(path)]
    texts = [entry.text for _, entry in entries]
    secret = np.array([entry.family is not None for _, entry in entries])
    corpus = np.array([index for index, _ in entries])
    options = {"c": arguments.c, "characters": arguments.characters}
    threshold = out_of_fold_threshold(texts, secret, corpus, budget=arguments.budget, **options)
    scorer = fit(texts, secret, **options)
    print(f"{len(texts)} training notes, threshold {threshold:.3f}")
    for path in arguments.held_out:
        report(path, load_holdout(path), scorer, threshold)


def report(path: Path, entries: list[CorpusEntry], scorer: Scorer, threshold: float) -> None:
    scores = scorer([entry.text for entry in entries])
    counts = {"keyword": [0, 0, 0, 0], "none": [0, 0, 0, 0]}
    for entry, score in zip(entries, scores, strict=True):
        row = "none" if entry.family is None else entry.kind
        if row not in counts:
            continue  # tokens and cards: the rules' formats, not this model's concern
        rules, model = find_secret(entry.text) is not None, bool(score > threshold)
        for column, hit in enumerate((rules, model, rules or model, True)):
            counts[row][column] += hit
    print(
        f"{path.stem}: keyword secrets guard {counts['keyword'][0]}, model {counts['keyword'][1]},"
        f" either {counts['keyword'][2]} of {counts['keyword'][3]};"
        f" negatives flagged guard {counts['none'][0]}, model {counts['none'][1]},"
        f" either {counts['none'][2]} of {counts['none'][3]}"
    )


if __name__ == "__main__":
    main()
