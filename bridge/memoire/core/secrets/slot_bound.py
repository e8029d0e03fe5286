"""The most a pair can still score once its value's shape is known, to skip pairs that cannot win.

A pair's score (slots.py) is the weights of its feature names summed, and most of those names are
crosses built as strings per pair ("code&v:digits4", "r:next_line&v:len8-11"). Here the same sum
is read from sums cached per (noun kind, value shape) and per (relation, value shape), without
building the names; the words right after or before the value (`r:then_key`, `r:replaced`,
whose regexes cost more than the rest) are counted only when they would raise the score. So the
result is never below the pair's score, and a pair it puts under the threshold is dropped before
its names are built. Everything is read from slot_weights.py when asked, so a refit keeps it
valid; tests/test_secret_slot_bound.py checks it against the plain score on every pair of the
spent corpora.

The sum assumes the name groups a pair is built from (the noun's kind, its context, the value's
relations, its shape, their crosses) share no name, which their prefixes ensure (`c:`/`s:`/`l:`
for the noun, `r:`/`p:`/`n:` for where the value sits, `v:` for its shape).
"""

from collections.abc import Collection
from functools import lru_cache

from memoire.core.secrets.slot_weights import BIAS, THRESHOLD, WEIGHTS

# Summed in another order than the plain score, the bound may differ from it by rounding.
_ROUNDING = 1e-9


@lru_cache(maxsize=4096)
def noun_score(kind: str, context: tuple[str, ...], crossed: tuple[str, ...]) -> float:
    """The part of every pair's score its noun fixes: the bias, its kind, the cues around it."""
    return BIAS + _weight(f"l:{kind}") + sum(_weight(name) for name in {*context, *crossed})


def cannot_win(
    noun: float,
    kind: str,
    where: Collection[str],
    shape: tuple[str, ...],
    *,
    quoted: bool,
    crossed_relations: frozenset[str],
    optional: tuple[str, ...],
) -> bool:
    """Whether the pair scores under the threshold whatever its `optional` relations turn out
    to be: `noun` from `noun_score`, `where` its relations known so far."""
    relations = set(where)
    total = noun + _shape_sum(kind, shape)
    for relation in relations:
        total += _relation_sum(kind, relation, shape, relation in crossed_relations)
    if quoted:
        total += _shape_crosses("r:quoted", shape) + _weight(f"{kind}&r:quoted")
        if "r:quoted" not in relations:
            total += _weight("r:quoted")
    for relation in optional:
        if relation not in relations:
            total += max(0.0, _relation_sum(kind, relation, shape, relation in crossed_relations))
    return total + _ROUNDING < THRESHOLD


def _weight(name: str) -> float:
    return WEIGHTS.get(name, 0.0)


@lru_cache(maxsize=4096)
def _shape_sum(kind: str, shape: tuple[str, ...]) -> float:
    """The value's shape names and their crosses with the noun's kind."""
    return sum(_weight(name) + _weight(f"{kind}&{name}") for name in set(shape))


@lru_cache(maxsize=8192)
def _shape_crosses(relation: str, shape: tuple[str, ...]) -> float:
    return sum(_weight(f"{relation}&{name}") for name in set(shape))


@lru_cache(maxsize=16384)
def _relation_sum(kind: str, relation: str, shape: tuple[str, ...], crossed: bool) -> float:
    """A relation's own weight and, for a crossed one, its crosses with the kind and the shape."""
    if not crossed:
        return _weight(relation)
    return _weight(relation) + _weight(f"{kind}&{relation}") + _shape_crosses(relation, shape)
