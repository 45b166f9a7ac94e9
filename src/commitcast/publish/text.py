"""Text helpers shared by the feed and the pages: cleaning, times, durations, excerpts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, tzinfo
from email.utils import format_datetime
from typing import Any
from urllib.parse import urlsplit

from .. import dates
from ..model import Script
from ..phrasebook import Phrasebook, default_phrasebook
from ..untrusted import map_strings

__all__ = [
    "clean",
    "clean_tree",
    "safe_url",
    "iso_utc",
    "rfc2822",
    "iso_duration",
    "clock",
    "whole_seconds",
    "long_day",
    "day_span",
    "spoken_duration",
    "local_moment",
    "Excerpt",
    "excerpt",
]

# Characters XML 1.0 forbids, plus C1 controls and DEL, which HTML treats as parse errors:
# commit messages carry them (ANSI escapes, NULs, U+FFFE) and one would break the feed.
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")


def clean(text: str) -> str:
    """``text`` without the characters that XML 1.0 forbids or HTML rejects."""
    return _FORBIDDEN.sub("", text)


def clean_tree(value: Any) -> Any:
    """Every string inside a JSON-like tree (dict keys included) passed through :func:`clean`."""
    return map_strings(value, clean)


def safe_url(url: str | None) -> str | None:
    """``url`` when it is an absolute http(s) URL safe to put in an ``href``; else None."""
    if not url:
        return None
    url = clean(url).strip()
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in url):
        return None
    return url


def _utc(moment: datetime) -> datetime:
    # A naive time in a record is taken as UTC rather than the publisher's local zone.
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def iso_utc(moment: datetime) -> str:
    """ISO 8601 in UTC to the second, e.g. ``2026-09-19T13:00:04Z``."""
    return _utc(moment).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def rfc2822(moment: datetime) -> str:
    """RFC 2822 date as RSS wants it, e.g. ``Sat, 19 Sep 2026 13:00:04 GMT``."""
    return format_datetime(_utc(moment).replace(microsecond=0), usegmt=True)


def whole_seconds(seconds: float) -> int:
    """Seconds rounded half up (Python's ``round`` would round 0.5 to even)."""
    return int(seconds + 0.5) if seconds > 0 else 0


def iso_duration(seconds: float) -> str:
    """ISO 8601 duration in whole seconds, e.g. ``PT3M1S``."""
    total = whole_seconds(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    out = "PT"
    if hours:
        out += f"{hours}H"
    if minutes:
        out += f"{minutes}M"
    if secs or total == 0:
        out += f"{secs}S"
    return out


def clock(seconds: float) -> str:
    """A player-style timestamp: ``3:01`` or ``1:02:03``."""
    total = int(max(seconds, 0.0))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def long_day(day: date, names: Phrasebook | None = None) -> str:
    """A day as people write it: ``Tuesday 1 December 2026`` (names from the style's calendar;
    the default style's when None)."""
    return dates.long_day(day, names or default_phrasebook())


def day_span(first: date, last: date, names: Phrasebook | None = None) -> str:
    """Days ``first`` to ``last``, saying month and year once when they share them:
    ``Monday 8 – Sunday 14 January 2024``; one day is :func:`long_day`."""
    return dates.day_span(first, last, names or default_phrasebook())


def spoken_duration(seconds: float) -> str:
    """A length as people say it, in whole seconds like ``itunes:duration``: ``2 min 16 s``."""
    hours, rest = divmod(whole_seconds(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    parts = [f"{value} {unit}" for value, unit in ((hours, "h"), (minutes, "min"), (secs, "s")) if value]
    return " ".join(parts) or "0 s"


def local_moment(moment: datetime, tz: tzinfo) -> str:
    """A moment in the zone ``tz``: ``Tuesday 1 December 2026, 00:00 CET`` (zones without a
    letter abbreviation by offset: ``00:00 UTC+8``)."""
    local = _utc(moment).astimezone(tz)
    name = local.tzname() or ""
    if not name.isalpha():
        offset = local.utcoffset()
        minutes = int(offset.total_seconds() // 60) if offset is not None else 0
        sign, minutes = ("+" if minutes >= 0 else "-"), abs(minutes)
        name = "UTC" + (f"{sign}{minutes // 60}" + (f":{minutes % 60:02d}" if minutes % 60 else "") if minutes else "")
    return f"{long_day(local.date())}, {local:%H:%M} {name}"


@dataclass(frozen=True)
class Excerpt:
    """The opening of a transcript, as paragraphs (one per script section)."""

    paragraphs: list[str]
    words: int
    truncated: bool  # the transcript goes on after the excerpt


def excerpt(script: Script, *, min_words: int = 120, max_words: int = 180) -> Excerpt:
    """The first ``min_words``–``max_words`` words of ``script``, cut at a sentence boundary."""
    paragraphs: list[str] = []
    total = taken = 0
    cut = full = False
    for section in script.sections:
        texts: list[str] = []
        for sentence in section.sentences:
            words = sentence.text.split()
            if total + len(words) > max_words:
                if total:
                    full = True
                    break
                # One sentence longer than the whole excerpt: cut it at a word instead.
                words, cut = words[:max_words], True
            texts.append(" ".join(words))
            total += len(words)
            taken += 1
            if total >= min_words or cut:
                full = True
                break
        if texts:
            paragraphs.append(" ".join(texts))
        if full:
            break
    truncated = cut or taken < len(script.sentences)
    if truncated and paragraphs:
        paragraphs[-1] += " …"
    return Excerpt(paragraphs=paragraphs, words=total, truncated=truncated)
