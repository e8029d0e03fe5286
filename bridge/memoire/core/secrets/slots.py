"""Secret slots: every (label, value) pair a note's text offers, whatever its layout, scored.

The keyword rules (package __init__, window.py, layouts.py…) each know one layout, and each new
corpus brought the next variant of the same kinds. Here the layout is only a feature:

1. segmentation (`slots`) finds every secret noun, misspelt or abbreviated (`pairs.py`), and
   pairs it with every value it may be given: the words after it on its line (after a colon,
   "=", a dash, "is", "est", "c'est", in quotes or « »), a few words before it, the first words
   of the next non-empty line (after blank lines, indented, after a chat speaker's name), and
   the cell under it when it heads a table column (with or without pipes);
2. each pair is described by named binary features (`features.py`): what the label names,
   how the value sits (separator, distance, next line, table cell, reply), the value's shape
   (length, character classes, bits, separators; digits in a code's context, a passphrase of
   joined words, spelled-out digits; or a date, a time, a phone number, a price, a version, an
   identifier, an ordinary word), how the noun's line is laid out (list item, heading, quote,
   speaker, indented, fenced or plain code, a log line) and classes of the words around (a
   possessive, a word about the secret such as "policy" or "reset", code, a log's failure, an
   address, a purchase, a placeholder, an environment reference, a booking reference). A
   word's own identity is a feature only where words from many corpora agree (the fit keeps
   those met in several corpora by different writers): what generalises is the shape;
3. the score is a weighted sum of those features (`slot_weights.py`, fitted by
   bench/secrets_fit_slots.py on the spent corpora and measured there file by file, each file
   left out of its own fit); a pair at or over the threshold is a secret.

Cost: a note without a secret noun costs one regex search; each noun reads a bounded window
(its line's next tokens, a few lines below, a table's next rows), so a note of nouns stays
linear.
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.codes import is_postal_pin
from memoire.core.secrets.lookalikes import is_shown_not_used, is_who_is_called
from memoire.core.secrets.pairs import Slot, slots
from memoire.core.secrets.slot_weights import BIAS, THRESHOLD, WEIGHTS
from memoire.core.secrets.text import is_markup_attribute

SLOT_RULE = "secret-slot"


def score(slot: Slot) -> float:
    """The pair's weighted sum: above the threshold, the value is taken for a secret."""
    return BIAS + sum(WEIGHTS.get(name, 0.0) for name in slot.features)


def find_slot_secrets(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """The values of the pairs that score as secrets, each once: a value overlapping one
    found already ("12 droite 34" inside "gauche 12 droite 34") is the same value."""
    found: list[tuple[int, int]] = []
    for slot in slots(text, lower, winners_only=True):
        if any(slot.start < end and start < slot.end for start, end in found):
            continue
        if score(slot) < THRESHOLD or _is_no_value(text, lower, slot):
            continue
        found.append((slot.start, slot.end))
        yield SLOT_RULE, slot.start, slot.end


# "password: ******** Étagère IKEA": the value was masked; the words after it are others.
_AFTER_A_MASK = re.compile(r"[*•●]{3,}[ \t]*\Z")


# "send them to post by text message": where a secret is sent, not what it is.
_SENT_TO = re.compile(
    r"(?<![^\W_])(?:send|sent|give|hand|pass|forward|e?mail|envoie\w*|donne\w*|transmet\w*|remet\w*)"
    r"(?:[ \t-]+(?:it|them|les|la|le))?[ \t]+(?:to|à)[ \t]+\Z"
)
_SENT_REACH = 32


def _is_no_value(text: str, lower: str, slot: Slot) -> bool:
    """What the rules also take for no value: a postcode, the next attribute of a tag, the
    words after a masked value, a value shown but not used (a security mode, a game's answer,
    an example), a place a secret is sent to, who is called for it."""
    return (
        _SENT_TO.search(lower, max(0, slot.start - _SENT_REACH), slot.start) is not None
        or is_who_is_called(lower, slot.start)
        or is_postal_pin(lower, slot.end)
        or is_markup_attribute(text, slot.start)
        or is_shown_not_used(text, lower, slot.start, slot.end)
        or _AFTER_A_MASK.search(text, max(0, slot.start - 24), slot.start) is not None
    )
