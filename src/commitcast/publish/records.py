"""Reading a published site back: its show record and its episodes, every one of them.

The site is the record of what was published. An episode whose ``episode.json`` is missing
or unreadable is repaired from its own files: the site's ``episodes.json`` (else the MP3's
tags) gives its title, summary and publish time, ``transcript.json`` and ``chapters.json``
give its words and chapters, the MP3's frames its duration. Only an episode without audio, or without
a title anywhere, cannot be repaired; it is reported, so the caller keeps the site as it was.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from ..model import (
    Audio,
    Chapter,
    Episode,
    EpisodeKind,
    Script,
    Section,
    SectionKind,
    Sentence,
    SentenceTiming,
    Show,
    Window,
)
from .layout import EPISODE_SLUG_PATTERN

__all__ = ["SHOW_RECORD", "EPISODE_RECORD", "LISTING", "SiteRecords", "read_site"]

SHOW_RECORD = "show.json"
EPISODE_RECORD = "episode.json"
LISTING = "episodes.json"


@dataclass
class SiteRecords:
    """What a site holds: its show (None when unreadable), its episodes, and what was repaired."""

    show: Show | None
    episodes: list[Episode] = field(default_factory=list)  # media_dir: the episode's own folder
    repaired: list[str] = field(default_factory=list)  # one line per repaired record
    lost: list[str] = field(default_factory=list)  # one line per record that could not be repaired
    show_problem: str | None = None  # why show.json could not be read


class _Unrepairable(Exception):
    pass


def read_site(site_dir: Path, *, skip: Collection[str] = (), show: Show | None = None) -> SiteRecords:
    """Every episode record in ``site_dir`` (not those of the slugs in ``skip``, which are not
    read), repairing unreadable ones; ``show`` names the show of a repaired record when given,
    else the site's own show record does."""
    site_dir = Path(site_dir)
    records = SiteRecords(show=None)
    try:
        records.show = Show.from_json((site_dir / SHOW_RECORD).read_bytes())
    except FileNotFoundError:
        records.show_problem = f"{site_dir} has no {SHOW_RECORD}"
    except (OSError, ValueError) as exc:  # msgspec's errors are ValueErrors
        records.show_problem = f"{SHOW_RECORD} cannot be read ({exc})"
    owner = show or records.show
    listing: dict[str, dict[str, Any]] | None = None
    for folder in sorted((site_dir / "episodes").glob("*/")):
        slug = folder.name  # an episode's folder is named by its slug
        if slug in skip or not EPISODE_SLUG_PATTERN.fullmatch(slug):
            continue
        record = folder / EPISODE_RECORD
        if not record.is_file() and not (folder / "episode.mp3").is_file():
            continue  # not an episode (a stray folder)
        try:
            episode = Episode.from_json(record.read_bytes())
            if episode.slug != slug:
                raise ValueError(f"it is the record of {episode.slug}")
        except (OSError, ValueError) as exc:
            problem = "is missing" if isinstance(exc, FileNotFoundError) else f"cannot be read ({exc})"
            if listing is None:
                listing = _listing(site_dir)
            try:
                episode = _repaired(folder, listing.get(slug, {}), owner)
            except _Unrepairable as why:
                records.lost.append(f"episodes/{slug}/{EPISODE_RECORD} {problem} and cannot be repaired: {why}")
                continue
            records.repaired.append(
                f"episodes/{slug}/{EPISODE_RECORD} {problem}: repaired from the episode's own files "
                "(audio, transcript, chapters and the site's episode list; its show notes are not among them)"
            )
        records.episodes.append(replace(episode, media_dir=str(folder)))
    return records


def _listing(site_dir: Path) -> dict[str, dict[str, Any]]:
    """The site's episode list (``episodes.json``) by slug; empty when it cannot be read."""
    try:
        data = json.loads((site_dir / LISTING).read_bytes())
        return {e["slug"]: e for e in data["episodes"] if isinstance(e, dict) and isinstance(e.get("slug"), str)}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def _json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _audio_facts(mp3: Path) -> tuple[dict[str, str], float, int]:
    """The MP3's title and summary tags, and its duration and sample rate counted from its
    frames as the voice stage counted them."""
    from mutagen import MutagenError
    from mutagen.id3 import ID3

    from ..voice import count_frames

    try:
        frames = count_frames(mp3)
    except OSError as exc:
        raise _Unrepairable(f"its episode.mp3 cannot be read ({exc.strerror or exc})") from exc
    if not frames.frames:
        raise _Unrepairable("its episode.mp3 holds no MPEG audio")
    tags: dict[str, str] = {}
    try:
        id3 = ID3(mp3)
    except (MutagenError, OSError):
        id3 = None
    for key, frame in (("title", "TIT2"), ("summary", "COMM::eng")):
        if id3 is not None and frame in id3:
            tags[key] = str(id3[frame].text[0])
    return tags, frames.duration, frames.sample_rate


def _repaired(folder: Path, listed: dict[str, Any], show: Show | None) -> Episode:
    """An episode record rebuilt from the files the episode was published with."""
    slug, mp3 = folder.name, folder / "episode.mp3"
    if not mp3.is_file():
        raise _Unrepairable("its episode.mp3 is gone")
    tags, duration, sample_rate = _audio_facts(mp3)
    title = str(listed.get("title") or tags.get("title") or "").strip()
    if not title:
        raise _Unrepairable("no title for it in episodes.json or in its MP3's tags")
    summary = str(listed.get("summary") or tags.get("summary") or "")
    kind: EpisodeKind = "recap" if slug.endswith("-recap") else "daily"
    published = _published(listed.get("published"), slug)
    # A run publishes an episode when its window closes: a day, or a week for a recap.
    window = Window(since=published - timedelta(days=7 if kind == "recap" else 1), until=published)
    chapters = _chapters(_json(folder / "chapters.json").get("chapters", []), duration)
    segments = [
        s for s in _json(folder / "transcript.json").get("segments", [])
        if isinstance(s, dict) and isinstance(s.get("startTime"), int | float) and isinstance(s.get("body"), str)
    ]  # fmt: skip
    sections, timings = _sections(chapters, segments)
    name = show.name if show else title.split(":", 1)[0]
    script = Script(show=name, title=title, summary=summary, window=window, sections=sections, kind=kind)
    audio = Audio(
        path="episode.mp3",
        duration=duration,
        size=mp3.stat().st_size,
        sample_rate=sample_rate,
        sentences=timings,
        chapters=chapters,
    )
    return Episode(
        show=show.slug if show else "",
        slug=slug,
        kind=kind,
        title=title,
        summary=summary,
        published_at=published,
        window=window,
        script=script,
        audio=audio,
    )


def _published(listed: object, slug: str) -> datetime:
    """When the episode was published: as the site listed it, else the end of its slug's day or week."""
    if isinstance(listed, str):
        try:
            moment = datetime.fromisoformat(listed.replace("Z", "+00:00"))
            if moment.tzinfo is not None:
                return moment
        except ValueError:
            pass
    if slug.endswith("-recap"):
        year, week = slug.removesuffix("-recap").split("-W")
        start = date.fromisocalendar(int(year), int(week), 1) + timedelta(days=7)
    else:
        start = date.fromisoformat(slug) + timedelta(days=1)
    return datetime(start.year, start.month, start.day, tzinfo=UTC)


def _chapters(listed: object, duration: float) -> list[Chapter]:
    """The chapters of a chapters.json; one without an end ends where the next starts."""
    found = [
        c for c in (listed if isinstance(listed, list) else [])
        if isinstance(c, dict) and isinstance(c.get("startTime"), int | float)
    ]  # fmt: skip
    ends = [float(c["startTime"]) for c in found[1:]] + [duration]
    return [
        Chapter(
            title=str(c.get("title", "")),
            start=float(c["startTime"]),
            end=float(c["endTime"]) if isinstance(c.get("endTime"), int | float) else end,
            url=c["url"] if isinstance(c.get("url"), str) else None,
        )
        for c, end in zip(found, ends, strict=True)
    ]


def _sections(chapters: list[Chapter], segments: list[dict[str, Any]]) -> tuple[list[Section], list[SentenceTiming]]:
    """The script's sections, one per chapter, holding the transcript segments that start in it."""
    bounds = [c.start for c in chapters] or [0.0]
    titles = [c.title for c in chapters] or [""]
    texts: list[list[tuple[str, float, float]]] = [[] for _ in bounds]
    for segment in segments:
        start = float(segment["startTime"])
        n = max((i for i, b in enumerate(bounds) if b <= start), default=0)
        texts[n].append((segment["body"], start, float(segment.get("endTime", start))))
    sections, timings = [], []
    for n, (title, lines) in enumerate(zip(titles, texts, strict=True)):
        kind: SectionKind = "cold_open" if n == 0 else "sign_off" if n == len(titles) - 1 else "story"
        sections.append(Section(kind=kind, title=title, sentences=[Sentence(text=text) for text, _, _ in lines]))
        timings += [SentenceTiming(section=n, index=i, start=s, end=e, text=t) for i, (t, s, e) in enumerate(lines)]
    return sections, timings
