"""Intent handlers: recall a topic, say a preference, tell what the memory holds.

Registered through the intent platform, so the sentences (triggers.py), automations and
`/api/intent/handle` share them. Answers are short, in the question's language, and say
honestly when the memory holds nothing about the topic.
"""

from __future__ import annotations

from typing import Any, override

import probatio
from homeassistant.core import HomeAssistant
from homeassistant.helpers import intent

from .answers import async_answer, loaded_runtime
from .const import INTENT_TYPES, TOPIC_QUESTIONS, TOPIC_SLOT, Language, Question

DESCRIPTIONS = {
    Question.RECALL: "Recall what the user's personal memory says about a topic",
    Question.PREFERENCE: "Say the user's preference about something, from their memory",
    Question.OVERVIEW: "Say what the user's personal memory holds",
}


async def async_setup_intents(hass: HomeAssistant) -> None:
    for question in Question:
        intent.async_register(hass, MemoireIntentHandler(question))


class MemoireIntentHandler(intent.IntentHandler):
    def __init__(self, question: Question) -> None:
        self.question = question
        self.intent_type = INTENT_TYPES[question]
        self.description = DESCRIPTIONS[question]

    @property
    @override
    def slot_schema(self) -> dict[Any, Any] | None:
        if self.question in TOPIC_QUESTIONS:
            return {probatio.Required(TOPIC_SLOT): intent.non_empty_string}
        return None

    @override
    async def async_handle(self, intent_obj: intent.Intent) -> intent.IntentResponse:
        slots = self.async_validate_slots(intent_obj.slots)
        topic = slots[TOPIC_SLOT]["value"] if TOPIC_SLOT in slots else None
        answer = await async_answer(
            loaded_runtime(intent_obj.hass), self.question, topic, Language.of(intent_obj.language)
        )
        response = intent_obj.create_response()
        if answer.failed:
            response.async_set_error(intent.IntentResponseErrorCode.FAILED_TO_HANDLE, answer.speech)
            return response
        response.response_type = intent.IntentResponseType.QUERY_ANSWER
        response.async_set_speech(answer.speech)
        return response
