"""The hand-off to an LLM agent, through Home Assistant's real Assist pipeline.

A pipeline whose conversation agent is an LLM agent with "prefer handling commands
locally" tries Home Assistant's intents first. A memory question the memoire intents can
answer is answered locally; one they cannot ("que sais-tu sur la poubelle jaune" when the
note says "yellow bin") goes on to the agent, which has memoire's tools. A pipeline with
Home Assistant's own agent still hears "nothing about it". The agent here is a real
ConversationEntity whose "model" is a fixed translation table; the pipeline, the default
agent, the intents and the bridge are the real ones.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any, Literal, override

import pytest
from homeassistant.components import conversation
from homeassistant.components.conversation.const import DATA_COMPONENT
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import MATCH_ALL
from homeassistant.core import HomeAssistant
from homeassistant.helpers import intent, llm
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from .conftest import Memory, add_entry
from .test_setup import entity_id


def _audio_library(name: str, *classes: str) -> ModuleType:
    """The pipeline imports two C++ audio libraries (voice activity, noise) that have no
    wheel for this Python; a text-only run never calls them, so empty stand-ins do."""
    module = ModuleType(name)
    for class_name in classes:
        setattr(module, class_name, type(class_name, (), {}))
    return module


for _name, _classes in (("pymicro_vad", ("MicroVad",)), ("pyspeex_noise", ("AudioProcessor",))):
    sys.modules.setdefault(_name, _audio_library(_name, *_classes))

# What the fake model "understands": a question's words to the query it searches for.
TRANSLATIONS = {"poubelle jaune": "yellow bin", "sous-marins": "submarines"}


class FakeLLMAgent(conversation.ConversationEntity):
    """An LLM conversation agent: it "translates" the question, searches the memory with
    memoire's tool and reads out the first line that says what it searched for."""

    _attr_name = "Fake LLM"
    _attr_supported_features = conversation.ConversationEntityFeature.CONTROL

    def __init__(self) -> None:
        self.heard: list[str] = []

    @property
    @override
    def supported_languages(self) -> Literal["*"]:
        return MATCH_ALL

    @override
    async def _async_handle_message(
        self, user_input: conversation.ConversationInput, chat_log: conversation.ChatLog
    ) -> conversation.ConversationResult:
        self.heard.append(user_input.text)
        query = next((english for word, english in TRANSLATIONS.items() if word in user_input.text))
        context = llm.LLMContext(
            "test", user_input.context, user_input.language, conversation.DOMAIN, None
        )
        api = await llm.async_get_api(self.hass, llm.LLM_API_ASSIST, context)
        found = await api.async_call_tool(llm.ToolInput("memoire__search", {"query": query}))
        lines = [
            line["text"]
            for hit in found.data["hits"]
            for line in hit["lines"]
            if query in line["text"].lower()
        ]
        speech = f"LLM: {lines[0]}" if lines else "LLM: nothing either."
        response = intent.IntentResponse(language=user_input.language)
        response.async_set_speech(speech)
        return conversation.ConversationResult(response, chat_log.conversation_id)


@pytest.fixture
async def agent(hass: HomeAssistant, memory: Memory) -> FakeLLMAgent:
    memory.writer.append(
        "desk",
        "topics/bins.md",
        "The yellow bin goes out on Tuesday evening.",
        title="Bins",
        description="Rubbish collection",
        sensitive=False,
    )
    assert await async_setup_component(hass, "conversation", {})
    assert await async_setup_component(hass, "assist_pipeline", {})
    entry = await add_entry(hass, memory)
    async_expose_entity(hass, conversation.DOMAIN, entity_id(hass, entry, "notes"), True)
    fake = FakeLLMAgent()
    await hass.data[DATA_COMPONENT].async_add_entities([fake])
    return fake


async def pipeline(
    hass_ws_client: WebSocketGenerator, hass: HomeAssistant, engine: str, prefer_local: bool
) -> str:
    client = await hass_ws_client(hass)
    await client.send_json_auto_id(
        {
            "type": "assist_pipeline/pipeline/create",
            "conversation_engine": engine,
            "conversation_language": MATCH_ALL,
            "language": "fr",
            "name": f"{engine} {prefer_local}",
            "stt_engine": None,
            "stt_language": None,
            "tts_engine": None,
            "tts_language": None,
            "tts_voice": None,
            "wake_word_entity": None,
            "wake_word_id": None,
            "prefer_local_intents": prefer_local,
        }
    )
    created = await client.receive_json()
    assert created["success"], created
    pipeline_id: str = created["result"]["id"]
    return pipeline_id


async def run(
    hass_ws_client: WebSocketGenerator, hass: HomeAssistant, pipeline_id: str, text: str
) -> dict[str, Any]:
    """The Assist dialog's request: text in, the intent stage's end event out."""
    client = await hass_ws_client(hass)
    await client.send_json_auto_id(
        {
            "type": "assist_pipeline/run",
            "start_stage": "intent",
            "end_stage": "intent",
            "input": {"text": text},
            "pipeline": pipeline_id,
        }
    )
    assert (await client.receive_json())["success"]
    while True:
        event = (await client.receive_json())["event"]
        if event["type"] == "intent-end":
            data: dict[str, Any] = event["data"]
            return data
        assert event["type"] != "error", event


def speech_of(end: dict[str, Any]) -> str:
    speech: str = end["intent_output"]["response"]["speech"]["plain"]["speech"]
    return speech


async def test_what_the_memory_answers_is_answered_locally(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator, agent: FakeLLMAgent
) -> None:
    assist = await pipeline(hass_ws_client, hass, agent.entity_id, prefer_local=True)
    end = await run(hass_ws_client, hass, assist, "Que sais-tu sur le vélo ?")
    assert end["processed_locally"]
    assert speech_of(end) == "Vélo : Le vélo est rangé dans la cave."
    assert end["intent_output"]["response"]["response_type"] == "query_answer"
    assert agent.heard == []


async def test_what_it_cannot_answer_goes_on_to_the_llm_agent(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator, agent: FakeLLMAgent
) -> None:
    assist = await pipeline(hass_ws_client, hass, agent.entity_id, prefer_local=True)
    end = await run(hass_ws_client, hass, assist, "Que sais-tu sur la poubelle jaune ?")
    assert not end["processed_locally"]
    assert agent.heard == ["Que sais-tu sur la poubelle jaune ?"]
    assert speech_of(end) == "LLM: The yellow bin goes out on Tuesday evening."


async def test_without_an_llm_agent_nothing_is_said_honestly(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator, agent: FakeLLMAgent
) -> None:
    assist = await pipeline(hass_ws_client, hass, conversation.HOME_ASSISTANT_AGENT, False)
    end = await run(hass_ws_client, hass, assist, "Que sais-tu sur la poubelle jaune ?")
    assert end["processed_locally"]
    assert speech_of(end) == "Je n'ai rien sur poubelle jaune."
    assert end["intent_output"]["response"]["response_type"] == "query_answer"
    assert agent.heard == []


async def test_an_llm_agent_that_does_not_prefer_local_hears_every_question(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator, agent: FakeLLMAgent
) -> None:
    assist = await pipeline(hass_ws_client, hass, agent.entity_id, prefer_local=False)
    end = await run(hass_ws_client, hass, assist, "que sais-tu des sous-marins")
    assert not end["processed_locally"]
    assert agent.heard == ["que sais-tu des sous-marins"]
    assert speech_of(end) == "LLM: nothing either."


async def test_a_preference_it_does_not_hold_goes_on_too(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator, agent: FakeLLMAgent
) -> None:
    assist = await pipeline(hass_ws_client, hass, agent.entity_id, prefer_local=True)
    end = await run(hass_ws_client, hass, assist, "C'est quoi ma poubelle jaune ?")
    assert not end["processed_locally"]
    assert speech_of(end) == "LLM: The yellow bin goes out on Tuesday evening."
