"""Intent handlers: recall a topic, say a preference, tell what the memory holds.

Registered through the intent platform, so the custom sentences (custom_sentences.py),
automations and `/api/intent/handle` share them. Answers are `query_answer`s, short, in
the language of the sentence that was matched, and say honestly when the memory holds
nothing about the topic. Except when an LLM conversation agent asked first: a pipeline
that "prefers handling commands locally" tries these intents before its agent, and an
answer of "no valid target" hands the question on to that agent, which has the memory's
tools and can translate, rephrase and combine notes.
"""

from __future__ import annotations

from typing import Any, override

import probatio
from homeassistant.components.conversation import HOME_ASSISTANT_AGENT
from homeassistant.core import HomeAssistant
from homeassistant.helpers import intent

from .answers import Recency, async_answer, loaded_runtime
from .const import DETAIL_SLOT, EVENT_UPDATED, INTENT_TYPES, TOPIC_QUESTIONS, TOPIC_SLOT
from .languages import LANGUAGE_SLOT, Language, Question

DESCRIPTIONS = {
    Question.RECALL: "Recall what the user's personal memory says about a topic",
    Question.PREFERENCE: "Say the user's preference about something, from their memory",
    Question.OVERVIEW: "Say what the user's personal memory holds",
}


async def async_setup_intents(hass: HomeAssistant) -> None:
    recency = Recency()
    hass.bus.async_listen(EVENT_UPDATED, recency.async_changed)
    for question in Question:
        intent.async_register(hass, MemoireIntentHandler(question, recency))


def agent_takes_over(intent_obj: intent.Intent) -> bool:
    """Whether a conversation agent other than Home Assistant's own asked, and so can answer
    what the memory cannot (a pipeline's LLM agent, with local handling preferred)."""
    agent = intent_obj.conversation_agent_id
    return agent is not None and agent != HOME_ASSISTANT_AGENT


class MemoireIntentHandler(intent.IntentHandler):
    def __init__(self, question: Question, recency: Recency) -> None:
        self.question = question
        self.recency = recency
        self.intent_type = INTENT_TYPES[question]
        self.description = DESCRIPTIONS[question]

    @property
    @override
    def slot_schema(self) -> dict[Any, Any] | None:
        schema: dict[Any, Any] = {probatio.Optional(LANGUAGE_SLOT): intent.non_empty_string}
        if self.question in TOPIC_QUESTIONS:
            schema[probatio.Required(TOPIC_SLOT)] = intent.non_empty_string
            schema[probatio.Optional(DETAIL_SLOT)] = intent.non_empty_string
        return schema

    @override
    async def async_handle(self, intent_obj: intent.Intent) -> intent.IntentResponse:
        slots = self.async_validate_slots(intent_obj.slots)
        topic = slots[TOPIC_SLOT]["value"] if TOPIC_SLOT in slots else None
        if topic is not None and DETAIL_SLOT in slots:
            topic = f"{topic} {slots[DETAIL_SLOT]['value']}"
        said_in = slots[LANGUAGE_SLOT]["value"] if LANGUAGE_SLOT in slots else None
        language = Language.of(said_in or intent_obj.language)
        runtime = loaded_runtime(intent_obj.hass)
        answer = await async_answer(runtime, self.question, topic, language, self.recency)
        response = intent_obj.create_response()
        if answer.failed:
            response.async_set_error(intent.IntentResponseErrorCode.FAILED_TO_HANDLE, answer.speech)
        elif not answer.found and agent_takes_over(intent_obj):
            response.async_set_error(intent.IntentResponseErrorCode.NO_VALID_TARGETS, answer.speech)
        else:
            response.response_type = intent.IntentResponseType.QUERY_ANSWER
            response.async_set_speech(answer.speech)
        return response
