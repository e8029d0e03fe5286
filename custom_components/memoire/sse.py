"""Server-sent events, parsed line by line as the WHATWG spec says (the parts the bridge uses).

A message ends at a blank line; `data` lines join with newlines; a line starting with a
colon is a comment (the bridge's heartbeats); `retry` sets the reconnection delay.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class ServerSentEvent:
    event: str
    data: str
    id: str | None


@dataclass(slots=True)
class SSEParser:
    """Feed it decoded lines without their end of line; it returns each complete event."""

    last_event_id: str | None = None
    retry_seconds: float | None = None
    _event: str = ""
    _data: list[str] = field(default_factory=list)
    _id: str | None = None

    def feed(self, line: str) -> ServerSentEvent | None:
        if not line:
            return self._dispatch()
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "event":
            self._event = value
        elif name == "data":
            self._data.append(value)
        elif name == "id" and "\0" not in value:
            self._id = value
        elif name == "retry" and value.isdigit():
            self.retry_seconds = int(value) / 1000
        return None

    def _dispatch(self) -> ServerSentEvent | None:
        if self._id is not None:
            self.last_event_id = self._id
        data, event = self._data, self._event
        self._data, self._event, self._id = [], "", None
        if not data:
            return None
        return ServerSentEvent(
            event=event or "message", data="\n".join(data), id=self.last_event_id
        )
