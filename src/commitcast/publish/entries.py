"""The publisher's view of a show's episodes: ordered, titled, measured and linked."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import cast

from ..errors import UserError
from ..model import Chapter, Episode, Show
from ..window import first_day, zone
from .layout import MEDIA_FILES, Layout, episode_slug, item_guid, show_slug
from .text import clean_tree, day_span, local_moment, spoken_duration

__all__ = ["Entry", "sanitised_show", "sanitised_episode", "display_title", "short_title", "build_entries", "nearby"]

RECAP_LABEL = "Weekly Recap"
# Between two episodes that would share a publish time (a week's last daily and its recap),
# so apps that sort by pubDate keep them apart and in order.
_SPACING = timedelta(minutes=1)


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


def sanitised_episode(episode: Episode) -> Episode:
    """``episode`` with the characters XML and HTML cannot carry removed from every string."""
    return Episode.from_dict(clean_tree(episode.to_dict()))


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


def build_entries(show: Show, episodes: list[Episode], site_dir: Path) -> list[Entry]:
    """Entries for ``episodes`` (sanitised, media already in the site), oldest first, numbered
    from 1, no two published at the same moment."""
    slug_of_show = show_slug(show)
    tz = zone(show.tz)
    # A daily comes before the recap published with it: the recap tells the week it ends.
    ordered = sorted(episodes, key=lambda e: (_published(e), e.kind == "recap", e.slug))
    entries: list[Entry] = []
    for number, episode in enumerate(ordered, start=1):
        slug = episode_slug(episode)
        folder = site_dir / Layout.episode_dir(slug)
        mp3 = folder / "episode.mp3"
        published = _published(episode)
        if entries and published <= entries[-1].published:
            published = entries[-1].published + _SPACING
        entries.append(
            Entry(
                episode=episode,
                slug=slug,
                guid=item_guid(slug_of_show, slug),
                title=display_title(episode, show),
                short_title=short_title(episode, show),
                published=published,
                duration=_duration(episode, mp3),
                audio_size=mp3.stat().st_size,
                files=frozenset(name for name in MEDIA_FILES if (folder / name).is_file()),
                first_day=first_day(episode.window),
                last_day=_last_day(episode),
                published_label=local_moment(published, tz),
                number=number,
            )
        )
    return entries


def nearby(entries: list[Entry], index: int, span: int = 4) -> list[Entry]:
    """The ``span`` episodes before and after ``entries[index]``, newest first."""
    around = entries[max(index - span, 0) : index] + entries[index + 1 : index + 1 + span]
    return around[::-1]
