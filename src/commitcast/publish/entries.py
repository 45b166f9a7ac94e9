"""The publisher's view of a show's episodes: ordered, titled, measured and linked."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta, tzinfo
from pathlib import Path
from typing import cast

from ..errors import UserError
from ..model import Chapter, Episode, Show
from ..window import first_day
from .layout import MEDIA_FILES, episode_slug, item_guid, show_slug
from .text import clean_tree, day_span, local_moment, spoken_duration

__all__ = [
    "Entry",
    "Media",
    "Placed",
    "sanitised_show",
    "publishable",
    "display_title",
    "short_title",
    "place",
    "build_entry",
    "nearby_indexes",
    "nearby",
]

RECAP_LABEL = "Weekly Recap"
# Between two episodes that would share a publish time (a week's last daily and its recap),
# so apps that sort by pubDate keep them apart and in order.
_SPACING = timedelta(minutes=1)
# What clean() removes shows in an episode's JSON as an escaped C0 control (JSON writes the
# allowed tab, newline and return short, and \b and \f for two forbidden ones), a raw DEL, a
# C1 control or U+FFFE/U+FFFF; byte searches rule those out first, so a clean record (nearly
# every one) is not rebuilt string by string.
_ESCAPED_FORBIDDEN = re.compile(rb"\\(?:u00[01][0-9a-fA-F]|[bf])")
_RAW_FORBIDDEN = re.compile(rb"\xc2[\x80-\x84\x86-\x9f]|\xef\xbf[\xbe\xbf]")


@dataclass(frozen=True)
class Media:
    """An episode's media as the voice stage left it: its folder and which of MEDIA_FILES it holds."""

    folder: Path
    files: Mapping[str, tuple[int, int]]  # file name -> (size in bytes, mtime in ns)


@dataclass(frozen=True)
class Placed:
    """An episode (sanitised) at its place in the show: its number and its publish time."""

    episode: Episode
    number: int  # from 1, oldest first
    published: datetime  # timezone-aware; no two episodes of a show share one


@dataclass(frozen=True)
class Entry:
    """One episode as published: its slug, guid, display title and the media the site holds."""

    episode: Episode
    slug: str
    guid: str
    title: str  # show name first; recaps always say "Weekly Recap"
    short_title: str  # without the "Show: " prefix, for lists on the show's own pages
    published: datetime  # timezone-aware; no two entries of a show share one
    duration: float  # seconds
    audio_size: int  # bytes of the site's episode.mp3
    files: frozenset[str]  # which of MEDIA_FILES the episode's site directory holds
    first_day: date  # the day the episode is about (a recap: the first day of its week), show's zone
    last_day: date  # the same day for a daily; a recap's last day
    published_label: str  # the publish time as people read it, in the show's zone
    number: int  # its place in the show, oldest first, from 1 (itunes:episode)

    @property
    def about(self) -> str:
        """The day or week the episode tells, as people read it ("Monday 8 January 2024")."""
        return day_span(self.first_day, self.last_day)

    @property
    def about_iso(self) -> str:
        """The same as ISO 8601: a date, or a recap's interval of dates."""
        first, last = self.first_day.isoformat(), self.last_day.isoformat()
        return first if first == last else f"{first}/{last}"

    @property
    def about_datetime(self) -> str:
        """The same as an HTML ``<time datetime>`` allows: a date, or a recap's ISO week
        (``2024-W02``; HTML has no date intervals)."""
        if self.first_day == self.last_day:
            return self.first_day.isoformat()
        year, week, _ = self.first_day.isocalendar()
        return f"{year}-W{week:02d}"

    @property
    def length(self) -> str:
        """The audio's length as people read it ("2 min 16 s")."""
        return spoken_duration(self.duration)

    @property
    def is_recap(self) -> bool:
        """A weekly recap rather than a daily."""
        return self.episode.kind == "recap"

    @property
    def chapters(self) -> list[Chapter]:
        """Jump points in the audio (empty when the voice stage recorded none)."""
        return list(self.episode.audio.chapters) if self.episode.audio else []


def sanitised_show(show: Show) -> Show:
    """``show`` with the characters XML and HTML cannot carry removed from every string."""
    return Show.from_dict(clean_tree(show.to_dict()))


def _needs_cleaning(record: bytes) -> bool:
    return (
        b"\x7f" in record
        or (b"\\" in record and _ESCAPED_FORBIDDEN.search(record) is not None)
        or ((b"\xc2" in record or b"\xef" in record) and _RAW_FORBIDDEN.search(record) is not None)
    )


def publishable(episode: Episode) -> tuple[Episode, bytes]:
    """``episode`` with the characters XML and HTML cannot carry removed from every string, and
    its record as the site keeps it: JSON without ``media_dir`` (the folder it sits in is its media)."""
    try:
        record = replace(episode, media_dir=None).to_json()
        if not _needs_cleaning(record):
            return episode, record
    except UnicodeEncodeError:  # a lone surrogate, which clean() removes
        pass
    cleaned = Episode.from_dict(clean_tree(episode.to_dict()))
    return cleaned, replace(cleaned, media_dir=None).to_json()


def _strip_show(title: str, show: Show) -> str:
    prefix = f"{show.name}:"
    return title[len(prefix) :].strip() if title.startswith(prefix) else title


def display_title(episode: Episode, show: Show) -> str:
    """The item title: the episode's, with "Weekly Recap" put in when a recap's title lacks it."""
    title = " ".join(episode.title.split()) or episode.slug
    if episode.kind == "recap" and RECAP_LABEL.lower() not in title.lower():
        title = f"{show.name}: {RECAP_LABEL} - {_strip_show(title, show)}"
    return title


def short_title(episode: Episode, show: Show) -> str:
    """The display title without the show name in front."""
    return _strip_show(display_title(episode, show), show) or episode.slug


def _published(episode: Episode) -> datetime:
    moment = episode.published_at
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _last_day(episode: Episode) -> date:
    # A window runs from one day's cut-off to the cut-off of the day after its last (a day
    # across a DST change is 23 or 25 hours long): count its days, not its end's date.
    window = episode.window
    days = max(1, round((window.until - window.since).total_seconds() / 86400))
    return first_day(window) + timedelta(days=days - 1)


def _duration(episode: Episode, mp3: Path) -> float:
    if episode.audio and episode.audio.duration > 0:
        return episode.audio.duration
    from mutagen.mp3 import (  # only for records made without timings
        MP3,
        HeaderNotFoundError,
        MPEGInfo,
    )

    try:
        return float(cast(MPEGInfo, MP3(mp3).info).length)
    except (HeaderNotFoundError, OSError) as exc:
        raise UserError(f"episode {episode.slug}: cannot read {mp3.name} as MP3 ({exc})") from exc


def place(episodes: list[Episode]) -> list[Placed]:
    """``episodes`` oldest first, numbered from 1, no two published at the same moment."""
    # A daily comes before the recap published with it: the recap tells the week it ends.
    ordered = sorted(episodes, key=lambda e: (_published(e), e.kind == "recap", e.slug))
    placed: list[Placed] = []
    for number, episode in enumerate(ordered, start=1):
        published = _published(episode)
        if placed and published <= placed[-1].published:
            published = placed[-1].published + _SPACING
        placed.append(Placed(episode, number, published))
    return placed


def build_entry(show: Show, placed: Placed, media: Media, tz: tzinfo, withdrawn: int = 0) -> Entry:
    """The entry of the ``placed`` episode, whose media (copied as-is into the site) is
    ``media``, made again after it was ``withdrawn`` that many times."""
    episode, slug = placed.episode, episode_slug(placed.episode)
    return Entry(
        episode=episode,
        slug=slug,
        guid=item_guid(show_slug(show), slug, withdrawn),
        title=display_title(episode, show),
        short_title=short_title(episode, show),
        published=placed.published,
        duration=_duration(episode, media.folder / "episode.mp3"),
        audio_size=media.files["episode.mp3"][0],
        files=frozenset(name for name in MEDIA_FILES if name in media.files),
        first_day=first_day(episode.window),
        last_day=_last_day(episode),
        published_label=local_moment(placed.published, tz),
        number=placed.number,
    )


def nearby_indexes(count: int, index: int, span: int = 4) -> list[int]:
    """Where in a show of ``count`` episodes the ``span`` before and after episode ``index`` are, newest first."""
    return [*range(min(index + span, count - 1), index, -1), *range(index - 1, max(index - span, 0) - 1, -1)]


def nearby(entries: list[Entry], index: int, span: int = 4) -> list[Entry]:
    """The ``span`` episodes before and after ``entries[index]``, newest first."""
    return [entries[i] for i in nearby_indexes(len(entries), index, span)]
