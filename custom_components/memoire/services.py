"""Service actions for automations, response only: search, read, index, preferences.

`index` and `preferences` answer from the cache; `search` and `read` ask the bridge. Bad
input is a ServiceValidationError, a bridge that cannot answer a HomeAssistantError, both
with translated messages.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import probatio
from homeassistant.core import (
    HomeAssistant,
    ServiceCall,
    ServiceResponse,
    SupportsResponse,
    callback,
)
from homeassistant.exceptions import HomeAssistantError, ServiceValidationError
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers.service import async_get_config_entry

from .api import (
    MemoireAuthError,
    MemoireError,
    MemoireNotFoundError,
    MemoireRequestError,
)
from .const import DOMAIN, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX
from .coordinator import MemoireConfigEntry, MemoireRuntime
from .wire import is_note_path

ATTR_CONFIG_ENTRY_ID = "config_entry_id"
ATTR_QUERY = "query"
ATTR_LIMIT = "limit"
ATTR_PATH = "path"

_ENTRY = {probatio.Optional(ATTR_CONFIG_ENTRY_ID): cv.string}
SEARCH_SCHEMA = probatio.Schema(
    {
        **_ENTRY,
        probatio.Required(ATTR_QUERY): probatio.All(
            cv.string, probatio.Strip, probatio.Length(min=1)
        ),
        probatio.Optional(ATTR_LIMIT, default=SEARCH_LIMIT_DEFAULT): probatio.All(
            probatio.Coerce(int), probatio.Range(min=1, max=SEARCH_LIMIT_MAX)
        ),
    }
)
READ_SCHEMA = probatio.Schema({**_ENTRY, probatio.Required(ATTR_PATH): cv.string})
ENTRY_SCHEMA = probatio.Schema(_ENTRY)

type Handler = Callable[[MemoireRuntime, ServiceCall], Awaitable[dict[str, Any]]]


@callback
def async_setup_services(hass: HomeAssistant) -> None:
    for name, handler, schema in (
        ("search", _search, SEARCH_SCHEMA),
        ("read", _read, READ_SCHEMA),
        ("index", _index, ENTRY_SCHEMA),
        ("preferences", _preferences, ENTRY_SCHEMA),
    ):
        hass.services.async_register(
            DOMAIN, name, _responding(handler), schema, supports_response=SupportsResponse.ONLY
        )


def _responding(
    handler: Handler,
) -> Callable[[ServiceCall], Coroutine[Any, Any, ServiceResponse]]:
    async def respond(call: ServiceCall) -> ServiceResponse:
        entry: MemoireConfigEntry = async_get_config_entry(
            call.hass, DOMAIN, call.data.get(ATTR_CONFIG_ENTRY_ID)
        )
        runtime = entry.runtime_data
        if not runtime.available:
            raise HomeAssistantError(
                translation_domain=DOMAIN,
                translation_key="bridge_unreachable",
                translation_placeholders={"url": runtime.client.url},
            )
        try:
            return await handler(runtime, call)
        except MemoireAuthError as error:
            raise HomeAssistantError(
                translation_domain=DOMAIN,
                translation_key="auth_failed",
                translation_placeholders={"url": runtime.client.url},
            ) from error
        except MemoireRequestError as error:
            raise ServiceValidationError(
                translation_domain=DOMAIN,
                translation_key="invalid_request",
                translation_placeholders={"message": str(error)},
            ) from error
        except MemoireNotFoundError as error:
            raise ServiceValidationError(
                translation_domain=DOMAIN,
                translation_key="note_not_found",
                translation_placeholders={"path": call.data.get(ATTR_PATH, "")},
            ) from error
        except MemoireError as error:
            raise HomeAssistantError(
                translation_domain=DOMAIN,
                translation_key="bridge_unreachable",
                translation_placeholders={"url": runtime.client.url},
            ) from error

    return respond


async def _search(runtime: MemoireRuntime, call: ServiceCall) -> dict[str, Any]:
    result = await runtime.search(call.data[ATTR_QUERY], call.data[ATTR_LIMIT])
    return result.as_dict()


async def _read(runtime: MemoireRuntime, call: ServiceCall) -> dict[str, Any]:
    path = call.data[ATTR_PATH].strip()
    if not is_note_path(path):
        raise ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="invalid_path",
            translation_placeholders={"path": path},
        )
    note = await runtime.notes.get(path)
    return note.as_dict()


async def _index(runtime: MemoireRuntime, call: ServiceCall) -> dict[str, Any]:
    return runtime.snapshot.index.as_dict()


async def _preferences(runtime: MemoireRuntime, call: ServiceCall) -> dict[str, Any]:
    return runtime.snapshot.preferences.as_dict()
