"""A small client of the bridge's JSON API, over Home Assistant's shared session.

Every failure becomes one of a few typed errors, so callers decide what a user sees:
the bridge is unreachable, the token is refused, the note does not exist (or may not be
seen: the bridge answers both alike), the request is invalid, or the server is not a
memoire bridge at all.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from http import HTTPStatus
from typing import Any

import aiohttp
from yarl import URL

from .const import REQUEST_TIMEOUT, STREAM_READ_TIMEOUT
from .models import (
    Change,
    Identity,
    MemoireProtocolError,
    MemoryIndex,
    Note,
    Preferences,
    SearchResult,
)
from .sse import SSEParser
from .wire import API_PREFIX, CHANGE_EVENT, EVENT_STREAM_TYPE, LAST_EVENT_ID_HEADER, is_note_path

# Index pages read at most: a bridge's page holds dozens of notes, so this is a vast memory.
MAX_INDEX_PAGES = 2_000
# Suffixes a user may paste with the bridge's address (the MCP URL, the API root).
_PASTED_SUFFIXES = ("/mcp", API_PREFIX, "/api")


class MemoireError(Exception):
    """Anything that kept the bridge from answering."""


class MemoireConnectionError(MemoireError):
    """The bridge cannot be reached, timed out, or is temporarily unable to answer."""


class MemoireAuthError(MemoireError):
    """The token was refused (revoked, wrong) or its client may not read."""


class MemoireNotFoundError(MemoireError):
    """No such note, or one this client may not see: the bridge does not say which."""


class MemoireRequestError(MemoireError):
    """The bridge refused the request itself (an empty query, an impossible path)."""


class NotABridgeError(MemoireError):
    """The server answered, but not as a memoire bridge does."""


def normalize_url(text: str) -> str:
    """The bridge's base URL, from what a user typed or pasted; ValueError if it is not one."""
    url = URL(text.strip())
    if url.scheme not in ("http", "https") or not url.host:
        raise ValueError("not an http(s) URL")
    path = url.path.rstrip("/")
    for suffix in _PASTED_SUFFIXES:
        if path.endswith(suffix):
            path = path.removesuffix(suffix)
            break
    return str(url.with_path(path or "/").with_query(None).with_fragment(None)).rstrip("/")


class MemoireClient:
    def __init__(self, session: aiohttp.ClientSession, url: str, token: str) -> None:
        self._session = session
        self.url = url
        self._api = URL(url) / API_PREFIX.removeprefix("/")
        self._headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}

    async def whoami(self) -> Identity:
        return Identity.from_json(await self._get("whoami"))

    async def index(self) -> MemoryIndex:
        """Every note this client may see: a large memory's index answers a bounded choice
        and a cursor, so the pages are read from the start of the listing to its end."""
        first = await self._get("index")
        cursor = MemoryIndex.next_cursor(first)
        pages: list[Any] = []
        while cursor is not None:
            if len(pages) >= MAX_INDEX_PAGES:
                raise NotABridgeError(f"the index did not end within {MAX_INDEX_PAGES} pages")
            pages.append(await self._get("index", {"cursor": cursor}))
            following = MemoryIndex.next_cursor(pages[-1])
            if following is not None and following <= cursor:
                raise NotABridgeError("the index cursor went backwards")
            cursor = following
        return MemoryIndex.from_json(first, pages)

    async def note(self, path: str) -> Note:
        if not is_note_path(path):
            raise MemoireRequestError(f"{path!r} is not a note path")
        note = await self._get(f"notes/{path}")
        if isinstance(note, Mapping) and note.get("sensitive") is True:
            raise MemoireNotFoundError(path)
        return Note.from_json(note)

    async def search(self, query: str, limit: int) -> SearchResult:
        return SearchResult.from_json(await self._get("search", {"q": query, "limit": str(limit)}))

    async def preferences(self) -> Preferences:
        return Preferences.from_json(await self._get("preferences"))

    async def _get(self, endpoint: str, params: Mapping[str, str] | None = None) -> Any:
        try:
            async with self._session.get(
                self._api / endpoint,
                params=params,
                headers=self._headers,
                timeout=aiohttp.ClientTimeout(total=REQUEST_TIMEOUT),
                allow_redirects=False,
            ) as response:
                text = await response.text()
                status = response.status
        except (aiohttp.ClientError, TimeoutError, UnicodeDecodeError) as error:
            raise MemoireConnectionError(str(error) or type(error).__name__) from error
        body = _json(text)
        _raise_for_status(status, body)
        if body is None:
            raise NotABridgeError(f"{endpoint} did not answer JSON")
        return body

    @asynccontextmanager
    async def events(self, last_event_id: str | None) -> AsyncIterator[ChangeStream]:
        """The open events stream; leaving the block closes it."""
        headers = {**self._headers, "Accept": EVENT_STREAM_TYPE}
        if last_event_id:
            headers[LAST_EVENT_ID_HEADER] = last_event_id
        timeout = aiohttp.ClientTimeout(
            total=None, sock_connect=REQUEST_TIMEOUT, sock_read=STREAM_READ_TIMEOUT
        )
        try:
            async with self._session.get(
                self._api / "events", headers=headers, timeout=timeout, allow_redirects=False
            ) as response:
                if response.status != HTTPStatus.OK:
                    _raise_for_status(response.status, _json(await response.text()))
                if not response.content_type.startswith(EVENT_STREAM_TYPE):
                    raise NotABridgeError(f"the events stream is not {EVENT_STREAM_TYPE}")
                yield ChangeStream(response)
        except (aiohttp.ClientError, TimeoutError, UnicodeDecodeError) as error:
            raise MemoireConnectionError(str(error) or type(error).__name__) from error


class ChangeStream:
    """The changes of an open events stream, in order; ends when the bridge closes it."""

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self._response = response
        self._parser = SSEParser()

    @property
    def retry_seconds(self) -> float | None:
        return self._parser.retry_seconds

    async def __aiter__(self) -> AsyncIterator[Change]:
        async for raw in self._response.content:
            event = self._parser.feed(raw.decode("utf-8").rstrip("\r\n"))
            if event is None or event.event != CHANGE_EVENT:
                continue
            try:
                yield Change.from_json(json.loads(event.data))
            except (ValueError, MemoireProtocolError) as error:
                raise NotABridgeError(f"unreadable change event: {error}") from error


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _raise_for_status(status: int, body: Any) -> None:
    if status < HTTPStatus.BAD_REQUEST:
        return
    message = ""
    if isinstance(body, Mapping):
        message = str(body.get("message") or body.get("error") or "")
    if status in (HTTPStatus.UNAUTHORIZED, HTTPStatus.FORBIDDEN):
        raise MemoireAuthError(message or f"HTTP {status}")
    if status == HTTPStatus.NOT_FOUND:
        if isinstance(body, Mapping) and body.get("error") == "not_found":
            raise MemoireNotFoundError(message)
        raise NotABridgeError(f"HTTP {status} from a server that is not a memoire bridge")
    if status == HTTPStatus.BAD_REQUEST and isinstance(body, Mapping):
        raise MemoireRequestError(message)
    raise MemoireConnectionError(message or f"HTTP {status}")
