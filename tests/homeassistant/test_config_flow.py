"""The config flow, against the real bridge: every refusal, reauth, reconfigure, options."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from homeassistant.config_entries import SOURCE_USER, ConfigEntryState
from homeassistant.const import CONF_TOKEN, CONF_URL
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.memoire.const import CONF_LOCAL_ANSWERS, DOMAIN
from custom_components.memoire.sentences import DEFAULT_SENTENCES, default_options

from ..bridges import free_port
from .bridge import InProcessBridge
from .conftest import Memory, add_entry


@pytest.fixture
def moved(memory: Memory) -> Iterator[InProcessBridge]:
    """The same memory served at another address, as after a move."""
    bridge = InProcessBridge(memory.bridge.config, memory.bridge.service, memory.bridge.tokens)
    bridge.start()
    yield bridge
    bridge.stop()


async def start(hass: HomeAssistant) -> dict[str, Any]:
    result = await hass.config_entries.flow.async_init(DOMAIN, context={"source": SOURCE_USER})
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "user"
    assert result["errors"] == {}
    return dict(result)


async def submit(hass: HomeAssistant, url: str, token: str) -> dict[str, Any]:
    flow = await start(hass)
    result = await hass.config_entries.flow.async_configure(
        flow["flow_id"], {CONF_URL: url, CONF_TOKEN: token}
    )
    return dict(result)


async def test_a_voice_token_creates_the_entry(hass: HomeAssistant, memory: Memory) -> None:
    result = await submit(hass, memory.url + "/", f" {memory.voice} ")
    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["title"] == f"memoire ({memory.url.removeprefix('http://')})"
    assert result["data"] == {CONF_URL: memory.url, CONF_TOKEN: f" {memory.voice} "}
    assert result["options"] == default_options()
    entry = result["result"]
    assert entry.unique_id == memory.url
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.LOADED


async def test_the_mcp_address_as_pasted_is_understood(hass: HomeAssistant, memory: Memory) -> None:
    result = await submit(hass, f"{memory.url}/mcp", memory.voice)
    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["data"][CONF_URL] == memory.url


@pytest.mark.parametrize("url", ["not an address", "ftp://127.0.0.1/", "http://"])
async def test_an_invalid_url_is_refused(hass: HomeAssistant, memory: Memory, url: str) -> None:
    result = await submit(hass, url, memory.voice)
    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == {CONF_URL: "invalid_url"}


async def test_an_unreachable_bridge_is_refused(hass: HomeAssistant, memory: Memory) -> None:
    result = await submit(hass, f"http://127.0.0.1:{free_port()}", memory.voice)
    assert result["errors"] == {"base": "cannot_connect"}


async def test_a_wrong_token_is_refused(hass: HomeAssistant, memory: Memory) -> None:
    result = await submit(hass, memory.url, "memoire_not-a-real-token")
    assert result["errors"] == {"base": "invalid_auth"}


async def test_something_that_is_not_a_bridge_is_refused(
    hass: HomeAssistant, memory: Memory
) -> None:
    result = await submit(hass, f"{memory.url}/somewhere-else", memory.voice)
    assert result["errors"] == {"base": "not_memoire"}


async def test_a_client_that_may_not_read_is_refused(hass: HomeAssistant, memory: Memory) -> None:
    result = await submit(hass, memory.url, memory.observer)
    assert result["errors"] == {"base": "no_read"}
    assert result["description_placeholders"]["client"] == "observer"


@pytest.mark.parametrize(("token", "client"), [("desk", "desk"), ("curious", "curious")])
async def test_a_token_that_may_write_or_see_sensitive_notes_is_refused(
    hass: HomeAssistant, memory: Memory, token: str, client: str
) -> None:
    result = await submit(hass, memory.url, getattr(memory, token))
    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == {"base": "too_many_rights"}
    assert result["description_placeholders"]["client"] == client
    assert result["description_placeholders"]["command"] == "memoire token add voice"
    assert not hass.config_entries.async_entries(DOMAIN)
    # It asked who the token is, and nothing else: no note crossed over.
    asked = {record.path for record in memory.bridge.bodies_for(getattr(memory, token))}
    assert asked == {"/api/v1/whoami"}


async def test_a_refusal_can_be_corrected_in_the_same_flow(
    hass: HomeAssistant, memory: Memory
) -> None:
    result = await submit(hass, memory.url, memory.desk)
    assert result["errors"] == {"base": "too_many_rights"}
    result = dict(
        await hass.config_entries.flow.async_configure(
            result["flow_id"], {CONF_URL: memory.url, CONF_TOKEN: memory.voice}
        )
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY


async def test_one_entry_per_bridge(hass: HomeAssistant, memory: Memory) -> None:
    await add_entry(hass, memory)
    result = await submit(hass, memory.url + "/api/v1", memory.voice)
    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "already_configured"


async def test_reauth_takes_a_new_voice_token(hass: HomeAssistant, memory: Memory) -> None:
    entry = await add_entry(hass, memory)
    result = dict(await entry.start_reauth_flow(hass))
    assert result["step_id"] == "reauth_confirm"
    assert result["description_placeholders"]["url"] == memory.url
    result = dict(
        await hass.config_entries.flow.async_configure(
            result["flow_id"], {CONF_TOKEN: memory.curious}
        )
    )
    assert result["errors"] == {"base": "too_many_rights"}
    token = memory.bridge.tokens.add("voice")
    result = dict(
        await hass.config_entries.flow.async_configure(result["flow_id"], {CONF_TOKEN: token})
    )
    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "reauth_successful"
    assert entry.data[CONF_TOKEN] == token
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.LOADED


async def test_reconfigure_changes_the_token(hass: HomeAssistant, memory: Memory) -> None:
    entry = await add_entry(hass, memory)
    result = dict(await entry.start_reconfigure_flow(hass))
    assert result["step_id"] == "reconfigure"
    result = dict(
        await hass.config_entries.flow.async_configure(
            result["flow_id"], {CONF_URL: memory.url, CONF_TOKEN: "wrong"}
        )
    )
    assert result["errors"] == {"base": "invalid_auth"}
    token = memory.bridge.tokens.add("voice")
    result = dict(
        await hass.config_entries.flow.async_configure(
            result["flow_id"], {CONF_URL: memory.url, CONF_TOKEN: token}
        )
    )
    assert result["reason"] == "reconfigure_successful"
    assert entry.data == {CONF_URL: memory.url, CONF_TOKEN: token}
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.LOADED


async def test_reconfigure_moves_the_bridge(
    hass: HomeAssistant, memory: Memory, moved: InProcessBridge
) -> None:
    entry = await add_entry(hass, memory)
    result = dict(await entry.start_reconfigure_flow(hass))
    result = dict(
        await hass.config_entries.flow.async_configure(
            result["flow_id"], {CONF_URL: moved.url, CONF_TOKEN: memory.voice}
        )
    )
    assert result["reason"] == "reconfigure_successful"
    assert entry.unique_id == moved.url
    assert entry.data[CONF_URL] == moved.url
    assert entry.title == f"memoire ({moved.url.removeprefix('http://')})"
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.LOADED
    assert await hass.config_entries.async_unload(entry.entry_id)


async def test_reconfigure_onto_another_entry_is_refused(
    hass: HomeAssistant, memory: Memory, moved: InProcessBridge
) -> None:
    entry = await add_entry(hass, memory)
    other = moved.url
    MockConfigEntry(
        domain=DOMAIN, unique_id=other, data={CONF_URL: other, CONF_TOKEN: "x"}
    ).add_to_hass(hass)
    result = dict(await entry.start_reconfigure_flow(hass))
    result = dict(
        await hass.config_entries.flow.async_configure(
            result["flow_id"], {CONF_URL: other, CONF_TOKEN: memory.voice}
        )
    )
    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "already_configured"
    assert entry.data[CONF_URL] == memory.url


async def test_options_keep_the_sentences_and_reload(hass: HomeAssistant, memory: Memory) -> None:
    entry = await add_entry(hass, memory)
    result = dict(await hass.config_entries.options.async_init(entry.entry_id))
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "init"
    options = {
        CONF_LOCAL_ANSWERS: False,
        "en": {"recall": ["  tell me about {topic} ", ""], "overview": []},
        "fr": {"recall": ["parle-moi de {topic}"], "preference": [], "overview": []},
        **{code: {} for code in ("de", "es", "nl", "it")},
    }
    result = dict(await hass.config_entries.options.async_configure(result["flow_id"], options))
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert entry.options == {
        CONF_LOCAL_ANSWERS: False,
        "en": {"recall": ["tell me about {topic}"], "preference": [], "overview": []},
        "fr": {"recall": ["parle-moi de {topic}"], "preference": [], "overview": []},
        **{
            code: {"recall": [], "preference": [], "overview": []}
            for code in ("de", "es", "nl", "it")
        },
    }
    assert entry.state is ConfigEntryState.LOADED


@pytest.mark.parametrize(
    ("sentence", "error"),
    [("what do you (remember about {topic}", "invalid_sentence"), ("tell me", "missing_topic")],
)
async def test_options_refuse_unusable_sentences(
    hass: HomeAssistant, memory: Memory, sentence: str, error: str
) -> None:
    entry = await add_entry(hass, memory)
    result = dict(await hass.config_entries.options.async_init(entry.entry_id))
    options = {
        CONF_LOCAL_ANSWERS: True,
        "en": {"recall": [sentence]},
        **{code: {} for code in ("fr", "de", "es", "nl", "it")},
    }
    result = dict(await hass.config_entries.options.async_configure(result["flow_id"], options))
    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == {"base": error}
    assert result["description_placeholders"]["sentence"] == sentence
    assert entry.options["en"]["recall"] == DEFAULT_SENTENCES["en"]["recall"]
