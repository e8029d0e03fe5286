"""The languages memoire answers in and the three questions one can ask, with no imports.

Kept apart from const.py so the sentence lists (sentences.py) and the spoken phrases
(speech.py) can grow per language without the rest of the integration depending on them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Language(StrEnum):
    """Languages the integration answers in; anything else is answered in English."""

    EN = "en"
    FR = "fr"
    DE = "de"
    ES = "es"
    NL = "nl"
    IT = "it"

    @classmethod
    def of(cls, language: str | None) -> Language:
        """'fr-CA' is French, 'de_CH' German, 'pl' falls back to English."""
        prefix = (language or "").split("-")[0].split("_")[0].lower()
        return next((known for known in cls if known.value == prefix), cls.EN)


class Question(StrEnum):
    """The three things one can ask the memory out loud."""

    RECALL = "recall"
    PREFERENCE = "preference"
    OVERVIEW = "overview"


# The intents' fixed slot saying which language's sentence matched: the answer is in the
# sentence's language even where the pipeline's tag is one memoire does not know.
LANGUAGE_SLOT: Final = "language"
