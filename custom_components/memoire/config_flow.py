"""Setting up a bridge: its URL and a least-privilege token, checked before anything is kept.

A token whose client may write or see sensitive notes is refused: Home Assistant must never
be able to receive a sensitive note, so it only accepts a token that cannot see one. One
entry per bridge; reauthentication when the token is revoked; reconfiguration to move the
bridge or change the token; options for the Assist sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, override

import probatio
from homeassistant.config_entries import (
    ConfigEntry,
    ConfigFlow,
    ConfigFlowResult,
    OptionsFlowWithReload,
)
from homeassistant.const import CONF_TOKEN, CONF_URL
from homeassistant.core import callback
from homeassistant.data_entry_flow import section
from homeassistant.helpers.aiohttp_client import async_get_clientsession
from homeassistant.helpers.selector import (
    BooleanSelector,
    TextSelector,
    TextSelectorConfig,
    TextSelectorType,
)

from .api import (
    MemoireAuthError,
    MemoireClient,
    MemoireConnectionError,
    MemoireError,
    normalize_url,
)
from .const import CONF_LOCAL_ANSWERS, DOMAIN, VOICE_TOKEN_COMMAND
from .languages import Language, Question
from .sentences import default_options, sentence_problem

_TOKEN = TextSelector(TextSelectorConfig(type=TextSelectorType.PASSWORD))
USER_SCHEMA = probatio.Schema(
    {
        probatio.Required(CONF_URL): TextSelector(TextSelectorConfig(type=TextSelectorType.URL)),
        probatio.Required(CONF_TOKEN): _TOKEN,
    }
)
TOKEN_SCHEMA = probatio.Schema({probatio.Required(CONF_TOKEN): _TOKEN})


def entry_title(url: str) -> str:
    return f"memoire ({url.split('://', 1)[-1]})"


def options_schema() -> probatio.Schema:
    sentences = TextSelector(TextSelectorConfig(multiple=True))
    lists = probatio.Schema(
        {probatio.Optional(question.value, default=list): sentences for question in Question}
    )
    return probatio.Schema(
        {
            probatio.Required(CONF_LOCAL_ANSWERS): BooleanSelector(),
            **{
                probatio.Required(language.value): section(lists, {"collapsed": True})
                for language in Language
            },
        }
    )


class MemoireConfigFlow(ConfigFlow, domain=DOMAIN):
    VERSION = 1
    MINOR_VERSION = 1

    @staticmethod
    @callback
    @override
    def async_get_options_flow(config_entry: ConfigEntry) -> MemoireOptionsFlow:
        return MemoireOptionsFlow()

    async def async_step_user(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        errors: dict[str, str] = {}
        placeholders = {"command": VOICE_TOKEN_COMMAND, "client": ""}
        if user_input is not None:
            token = user_input[CONF_TOKEN]
            url = await self._async_check(user_input[CONF_URL], token, errors, placeholders)
            if url is not None:
                await self.async_set_unique_id(url)
                self._abort_if_unique_id_configured()
                return self.async_create_entry(
                    title=entry_title(url),
                    data={CONF_URL: url, CONF_TOKEN: token},
                    options=default_options(),
                )
        suggested = {CONF_URL: user_input[CONF_URL]} if user_input else None
        return self.async_show_form(
            step_id="user",
            data_schema=self.add_suggested_values_to_schema(USER_SCHEMA, suggested),
            errors=errors,
            description_placeholders=placeholders,
        )

    async def async_step_reauth(self, entry_data: Mapping[str, Any]) -> ConfigFlowResult:
        return await self.async_step_reauth_confirm()

    async def async_step_reauth_confirm(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        entry = self._get_reauth_entry()
        errors: dict[str, str] = {}
        placeholders = {"command": VOICE_TOKEN_COMMAND, "client": "", "url": entry.data[CONF_URL]}
        if user_input is not None:
            token = user_input[CONF_TOKEN]
            if await self._async_check(entry.data[CONF_URL], token, errors, placeholders):
                return self.async_update_reload_and_abort(entry, data_updates={CONF_TOKEN: token})
        return self.async_show_form(
            step_id="reauth_confirm",
            data_schema=TOKEN_SCHEMA,
            errors=errors,
            description_placeholders=placeholders,
        )

    async def async_step_reconfigure(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        entry = self._get_reconfigure_entry()
        errors: dict[str, str] = {}
        placeholders = {"command": VOICE_TOKEN_COMMAND, "client": ""}
        if user_input is not None:
            token = user_input[CONF_TOKEN]
            url = await self._async_check(user_input[CONF_URL], token, errors, placeholders)
            if url is not None:
                if url != entry.unique_id:
                    await self.async_set_unique_id(url)
                    self._abort_if_unique_id_configured()
                return self.async_update_reload_and_abort(
                    entry,
                    unique_id=url,
                    title=entry_title(url),
                    data_updates={CONF_URL: url, CONF_TOKEN: token},
                )
        suggested = {CONF_URL: (user_input or entry.data)[CONF_URL]}
        return self.async_show_form(
            step_id="reconfigure",
            data_schema=self.add_suggested_values_to_schema(USER_SCHEMA, suggested),
            errors=errors,
            description_placeholders=placeholders,
        )

    async def _async_check(
        self, url_text: str, token: str, errors: dict[str, str], placeholders: dict[str, str]
    ) -> str | None:
        """The bridge's normalized URL if this token may be used; else None, errors filled."""
        try:
            url = normalize_url(url_text)
        except ValueError:
            errors[CONF_URL] = "invalid_url"
            return None
        client = MemoireClient(async_get_clientsession(self.hass), url, token.strip())
        try:
            identity = await client.whoami()
        except MemoireAuthError:
            errors["base"] = "invalid_auth"
        except MemoireConnectionError:
            errors["base"] = "cannot_connect"
        except MemoireError:
            errors["base"] = "not_memoire"
        else:
            placeholders["client"] = identity.client
            problem = identity.rights.problem
            if problem is None:
                return url
            errors["base"] = problem
        return None


class MemoireOptionsFlow(OptionsFlowWithReload):
    """Whether Assist answers memory questions itself, and with which sentences."""

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        errors: dict[str, str] = {}
        placeholders = {"sentence": "", "topic": "{topic}"}
        if user_input is not None:
            options = _cleaned(user_input)
            problem = _first_problem(options)
            if problem is None:
                return self.async_create_entry(data=options)
            errors["base"], placeholders["sentence"] = problem
        current = user_input or {**default_options(), **self.config_entry.options}
        return self.async_show_form(
            step_id="init",
            data_schema=self.add_suggested_values_to_schema(options_schema(), current),
            errors=errors,
            description_placeholders=placeholders,
        )


def _cleaned(user_input: Mapping[str, Any]) -> dict[str, Any]:
    options: dict[str, Any] = {CONF_LOCAL_ANSWERS: user_input[CONF_LOCAL_ANSWERS]}
    for language in Language:
        lists = user_input.get(language.value, {})
        options[language.value] = {
            question.value: [text.strip() for text in lists.get(question.value, []) if text.strip()]
            for question in Question
        }
    return options


def _first_problem(options: Mapping[str, Any]) -> tuple[str, str] | None:
    for language in Language:
        for question in Question:
            for sentence in options[language.value][question.value]:
                problem = sentence_problem(question, sentence)
                if problem is not None:
                    return problem, sentence
    return None
