"""Assist sentences registered from code, so the user copies no YAML.

They go through the conversation agent manager's sentence triggers, which answer before
any agent (LLM agents included), hence the option to turn them off. That manager is not
a public API and its `register_trigger` changed signature in 2026, so one small shim
adapts to the versions known and raises a repair issue when none fits.
"""

from __future__ import annotations

import inspect
import logging
from annotationlib import Format
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from hassil.recognize import RecognizeResult
from homeassistant.components.conversation import ConversationInput
from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir

from .answers import async_answer
from .const import CONF_LOCAL_ANSWERS, DOMAIN, ISSUE_TRIGGERS, TOPIC_SLOT, Language, Question
from .coordinator import MemoireConfigEntry
from .sentences import configured_sentences

_LOGGER = logging.getLogger(__package__)

type SentenceCallback = Callable[[ConversationInput, RecognizeResult], Awaitable[str | None]]


def triggers_issue_id(entry: MemoireConfigEntry) -> str:
    return f"{ISSUE_TRIGGERS}_{entry.entry_id}"


def register_trigger(
    hass: HomeAssistant, sentences: list[str], trigger_callback: SentenceCallback
) -> CALLBACK_TYPE | None:
    """Register sentences with Home Assistant's default agent; None if this HA has no way."""
    try:
        from homeassistant.components.conversation import agent_manager
    except ImportError:
        return None
    get_manager = getattr(agent_manager, "get_agent_manager", None)
    register = getattr(get_manager(hass), "register_trigger", None) if get_manager else None
    if register is None:
        return None
    # Annotations stay unevaluated: they name types HA imports only for type checking.
    parameters = inspect.signature(register, annotation_format=Format.FORWARDREF).parameters
    if "sentences" in parameters and "trigger_callback" in parameters:
        # 2026.3 and later: register_trigger(sentences, trigger_callback)
        unregister: CALLBACK_TYPE = register(sentences=sentences, trigger_callback=trigger_callback)
        return unregister
    if "trigger_details" in parameters:
        # 2026.2 and earlier: register_trigger(TriggerDetails(sentences, callback))
        from homeassistant.components.conversation import trigger

        details: Any = getattr(trigger, "TriggerDetails", None)
        if details is not None:
            old_style: CALLBACK_TYPE = register(details(sentences, trigger_callback))
            return old_style
    return None


@callback
def async_setup_sentence_triggers(hass: HomeAssistant, entry: MemoireConfigEntry) -> None:
    issue_id = triggers_issue_id(entry)
    if not entry.options.get(CONF_LOCAL_ANSWERS, True):
        ir.async_delete_issue(hass, DOMAIN, issue_id)
        return
    for language, questions in configured_sentences(entry.options).items():
        for question, sentences in questions.items():
            if not sentences:
                continue
            answer = partial(_answer, entry, question, language)
            unregister = register_trigger(hass, sentences, answer)
            if unregister is None:
                _LOGGER.warning(
                    "This Home Assistant has no sentence triggers memoire can use; "
                    "memory questions are left to the conversation agent"
                )
                ir.async_create_issue(
                    hass,
                    DOMAIN,
                    issue_id,
                    is_fixable=False,
                    severity=ir.IssueSeverity.WARNING,
                    translation_key=ISSUE_TRIGGERS,
                )
                return
            entry.async_on_unload(unregister)
    ir.async_delete_issue(hass, DOMAIN, issue_id)


async def _answer(
    entry: MemoireConfigEntry,
    question: Question,
    language: Language,
    user_input: ConversationInput,
    result: RecognizeResult,
) -> str:
    """The sentence's language decides the answer's: a French question gets French."""
    entity = result.entities.get(TOPIC_SLOT)
    topic = str(entity.value) if entity is not None else None
    answer = await async_answer(entry.runtime_data, question, topic, language)
    return answer.speech
