"""`memoire log`: which audit entries a person asked for (client, tool, outcome, time).

Times are given as ISO dates or instants (a date or time without a zone is local time) or
as durations back from now: `90s`, `30m`, `2h`, `3d`, `1w`. A date alone as `until` means
to the end of that day. The answer is the newest `limit` entries, oldest first.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from .core.errors import InvalidArgument
from .storage.audit import AuditEntry

_DURATION = re.compile(r"(\d{1,6})([smhdw])")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


@dataclass(frozen=True, slots=True)
class AuditFilter:
    client: str | None = None
    tool: str | None = None
    outcome: str | None = None
    since: datetime | None = None
    until: datetime | None = None

    def keeps(self, entry: AuditEntry) -> bool:
        record = entry.record
        return (
            (self.client is None or record.client == self.client)
            and (self.tool is None or record.tool == self.tool)
            and (self.outcome is None or record.outcome == self.outcome)
            and (self.since is None or entry.time >= self.since)
            and (self.until is None or entry.time < self.until)
        )


def moment(text: str, now: datetime, *, end_of_day: bool = False) -> datetime:
    """An instant from a duration back from `now` or an ISO date/time (see the module)."""
    text = text.strip()
    duration = _DURATION.fullmatch(text)
    if duration:
        count, unit = duration.groups()
        return now - timedelta(**{_UNITS[unit]: int(count)})
    try:
        if len(text) == len("2026-01-31"):
            day = date.fromisoformat(text)
            start = datetime(day.year, day.month, day.day).astimezone()
            return start + timedelta(days=1) if end_of_day else start
        instant = datetime.fromisoformat(text)
    except ValueError:
        raise InvalidArgument(
            f"{text!r} is not a time: give a date (2026-11-30), an instant "
            "(2026-11-30T14:00) or a duration back from now (30m, 2h, 3d, 1w)."
        ) from None
    return instant if instant.tzinfo is not None else instant.astimezone()


def selected(entries: Iterable[AuditEntry], wanted: AuditFilter, limit: int) -> list[AuditEntry]:
    """The newest `limit` entries the filter keeps, oldest first, holding no more than that."""
    return list(deque((entry for entry in entries if wanted.keeps(entry)), maxlen=limit))


def checked_limit(limit: int) -> int:
    if limit < 1:
        raise InvalidArgument(f"--limit must be 1 or more, not {limit}.")
    return limit


def now() -> datetime:
    return datetime.now(UTC)
