"""Turning ``--date`` / ``--since`` / ``--until`` / ``--tz`` into a half-open :class:`Window`."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .errors import UserError
from .model import Window

__all__ = [
    "FIRST_DAY", "LAST_DAY", "zone", "parse_day", "check_day", "parse_instant", "day_window", "resolve_window",
    "first_day",
]

# The days an episode, a window or a week can be asked for: far enough inside what datetime
# holds that a day's window, its two weeks of lookback and its week all exist.
FIRST_DAY = date(1, 2, 1)
LAST_DAY = date(9999, 11, 30)


def zone(name: str) -> ZoneInfo:
    """The IANA zone called ``name``, or a UserError naming it."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:  # OSError: a name too long for a path
        raise UserError(f"unknown time zone {name!r} (use an IANA name such as 'Europe/Berlin')") from exc


def parse_day(text: str) -> date:
    """A ``YYYY-MM-DD`` calendar day between :data:`FIRST_DAY` and :data:`LAST_DAY`."""
    try:
        day = date.fromisoformat(text.strip())
    except ValueError as exc:
        raise UserError(f"cannot read {text!r} as a date (expected YYYY-MM-DD)") from exc
    return check_day(day)


def check_day(day: date) -> date:
    """``day``, or a UserError when it lies outside :data:`FIRST_DAY` .. :data:`LAST_DAY`."""
    if not FIRST_DAY <= day <= LAST_DAY:
        raise UserError(f"{day.isoformat()} is out of range (days from {FIRST_DAY} to {LAST_DAY})")
    return day


def parse_instant(text: str, tz: str = "UTC") -> datetime:
    """An ISO 8601 date or date-time; one without an offset is read in ``tz``."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError as exc:
        raise UserError(
            f"cannot read {text!r} as a time (expected ISO 8601, e.g. 2026-09-19 or 2026-09-19T06:00+02:00)"
        ) from exc
    check_day(moment.date())
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone(tz))
    return moment


def day_window(day: date, tz: str = "UTC") -> Window:
    """The calendar day ``day`` in zone ``tz`` (23 or 25 hours long across DST changes)."""
    where = zone(tz)
    since = datetime.combine(day, time(0), tzinfo=where)
    until = datetime.combine(day + timedelta(days=1), time(0), tzinfo=where)
    return Window(since=since, until=until, tz=tz)


def resolve_window(
    day: str | None = None,
    since: str | None = None,
    until: str | None = None,
    tz: str = "UTC",
) -> Window | None:
    """The window the options ask for, or None when they ask for none."""
    zone(tz)
    if day is not None:
        if since is not None or until is not None:
            raise UserError("give either --date or --since/--until, not both")
        return day_window(parse_day(day), tz)
    if since is None and until is None:
        return None
    if since is None or until is None:
        raise UserError("--since and --until go together")
    start, end = parse_instant(since, tz), parse_instant(until, tz)
    if start >= end:
        raise UserError(f"--since ({since}) must be before --until ({until})")
    return Window(since=start, until=end, tz=tz)


def first_day(window: Window) -> date:
    """The local day ``window`` starts on, in its own zone: the day a daily episode is about
    (and the first day of a recap's week)."""
    return window.since.astimezone(zone(window.tz)).date()
