"""Constants of the memoire integration: names, defaults and timings in one place."""

from __future__ import annotations

from datetime import timedelta
from typing import Final

from .languages import Question

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


# Questions whose sentences must name what they are about.
TOPIC_QUESTIONS: Final = frozenset({Question.RECALL, Question.PREFERENCE})
TOPIC_SLOT: Final = "topic"
# A second wildcard, where a question says its topic in two places ("what temperature do we
# like in the living room", "comment Étienne prend son café"): added to the topic.
DETAIL_SLOT: Final = "detail"

INTENT_TYPES: Final[dict[Question, str]] = {
    Question.RECALL: "MemoireRecall",
    Question.PREFERENCE: "MemoirePreference",
    Question.OVERVIEW: "MemoireOverview",
}
