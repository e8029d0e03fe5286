"""Constants of the memoire integration: names, defaults and timings in one place."""

from __future__ import annotations

from datetime import timedelta
from enum import StrEnum
from typing import Final

DOMAIN: Final = "memoire"
EVENT_UPDATED: Final = "memoire_updated"

CONF_LOCAL_ANSWERS: Final = "local_answers"

# The command a user runs on the bridge's machine to get a least-privilege token.
VOICE_TOKEN_COMMAND: Final = "memoire token add voice"

REQUEST_TIMEOUT: Final = 10.0
# The bridge sends a heartbeat every 15 s by default; a silent stream is a dead one.
STREAM_READ_TIMEOUT: Final = 60.0
RECONNECT_MIN_SECONDS: Final = 1.0
RECONNECT_MAX_SECONDS: Final = 60.0
# A bridge that stays unreachable this long gets a repair issue (a blip does not).
OUTAGE_ISSUE_AFTER: Final = timedelta(minutes=15)

ISSUE_UNREACHABLE: Final = "bridge_unreachable"
ISSUE_TRIGGERS: Final = "sentence_triggers_unavailable"

NOTE_CACHE_SIZE: Final = 256
SEARCH_LIMIT_DEFAULT: Final = 5
SEARCH_LIMIT_MAX: Final = 50


class Language(StrEnum):
    """Languages the integration answers in; anything else is answered in English."""

    EN = "en"
    FR = "fr"

    @classmethod
    def of(cls, language: str | None) -> Language:
        """'fr-CA' is French, 'de' falls back to English."""
        prefix = (language or "").split("-")[0].split("_")[0].lower()
        return cls.FR if prefix == cls.FR else cls.EN


class Question(StrEnum):
    """The three things one can ask the memory out loud."""

    RECALL = "recall"
    PREFERENCE = "preference"
    OVERVIEW = "overview"


# Questions whose sentences must name what they are about.
TOPIC_QUESTIONS: Final = frozenset({Question.RECALL, Question.PREFERENCE})
TOPIC_SLOT: Final = "topic"

INTENT_TYPES: Final[dict[Question, str]] = {
    Question.RECALL: "MemoireRecall",
    Question.PREFERENCE: "MemoirePreference",
    Question.OVERVIEW: "MemoireOverview",
}

DEFAULT_SENTENCES: Final[dict[Language, dict[Question, list[str]]]] = {
    Language.EN: {
        Question.RECALL: [
            "what do you remember about {topic}",
            "what do you know about {topic}",
            "do you remember {topic}",
        ],
        Question.PREFERENCE: [
            "what is my preferred {topic}",
            "what's my preferred {topic}",
            "what are my preferences for {topic}",
        ],
        Question.OVERVIEW: [
            "what do you remember",
            "what is in your memory",
            "what's in your memory",
        ],
    },
    Language.FR: {
        Question.RECALL: [
            "que sais-tu (sur|de|du|des|à propos de) {topic}",
            "qu'est-ce que tu sais (sur|de|du|des|à propos de) {topic}",
            "que te rappelles-tu (de|du|des|sur) {topic}",
        ],
        Question.PREFERENCE: [
            "quelle est ma {topic} préférée",
            "quel est mon {topic} préféré",
            "quelles sont mes préférences (pour|de|sur) {topic}",
        ],
        Question.OVERVIEW: [
            "de quoi te souviens-tu",
            "qu'y a-t-il dans ta mémoire",
            "que contient ta mémoire",
        ],
    },
}
