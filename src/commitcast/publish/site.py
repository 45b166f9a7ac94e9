"""Publishing a show's static site: media, pages, catalogue, artwork and feed, atomically.

Every file goes through a temp file and a rename, and only when its bytes change, so a
crash leaves the previous site whole and a re-run with nothing new rewrites nothing. The
feed is written last and only after it passes the lint, so it never names a file the site
lacks.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path, PurePath

from ..errors import StageError, UserError
from ..ingest.forge import web_url_from_remote
from ..model import Episode, Show
from ..sources import is_remote
from .artwork import artwork_problems, render_cover, render_favicon, render_icon
from .entries import Entry, build_entries, sanitised_episode, sanitised_show
from .feed import build_feed
from .fsio import copy_file, write_bytes
from .layout import MEDIA_FILES, Layout, base_url, episode_slug, show_slug
from .lint import Problem, lint_feed
from .pages import (
    render_embed_page,
    render_episode_page,
    render_index,
    render_search_page,
    render_transcript_page,
    show_description,
)
from .records import EPISODE_RECORD, LISTING, SHOW_RECORD, read_site
from .search import SEARCH_DIR, index_is_current, mark_indexed, search_index
from .text import iso_duration, iso_utc, whole_seconds

__all__ = ["PublishResult", "publish_site", "load_site", "public_record"]


@dataclass
class PublishResult:
    """What a publish run did: the files it (re)wrote and what the feed lint said."""

    site_dir: Path
    feed: Path
    episodes: int  # episodes on the site
    feed_items: int  # episodes in the feed (the newest ``feed_limit``)
    written: list[str] = field(default_factory=list)  # site-relative paths whose bytes changed
    removed: list[str] = field(default_factory=list)  # site-relative paths no longer needed
    unchanged: int = 0  # files left as they were
    warnings: list[Problem] = field(default_factory=list)  # feed lint warnings


class _Writer:
    """Writes site files and keeps the tally for the result."""

    def __init__(self, site_dir: Path) -> None:
        self.site_dir = site_dir
        self.written: list[str] = []
        self.removed: list[str] = []
        self.unchanged = 0

    def _count(self, rel: str, changed: bool) -> None:
        if changed:
            self.written.append(rel)
        else:
            self.unchanged += 1

    def bytes(self, rel: str, data: bytes) -> None:
        self._count(rel, write_bytes(self.site_dir / rel, data))

    def copy(self, src: Path, rel: str) -> None:
        self._count(rel, copy_file(src, self.site_dir / rel))

    def remove(self, rel: str) -> None:
        (self.site_dir / rel).unlink(missing_ok=True)
        self.removed.append(rel)


def _json(data: object) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode("utf-8")


def _artwork(show: Show, writer: _Writer) -> str:
    """Put the show's cover in the site; its site-relative name."""
    if show.artwork is None:
        writer.bytes("artwork.png", render_cover(show.name))
        return "artwork.png"
    src = Path(show.artwork)
    if not src.is_file() and not src.is_absolute():
        src = writer.site_dir / src  # the show record publish_site writes names the site's own copy
    if not src.is_file():
        raise UserError(f"show artwork {show.artwork} does not exist")
    problems = artwork_problems(src)
    if problems:
        raise UserError("; ".join(problems))
    name = "artwork.png" if src.suffix.lower() == ".png" else "artwork.jpg"
    writer.copy(src, name)
    return name


def public_record(show: Show, artwork: str) -> Show:
    """The show as its site publishes it: nothing that names this machine or its user (the
    local repository path, the voice file's path) and no credentials from a repository URL;
    the artwork as the site's own copy."""
    public_repo = show.web_url or (web_url_from_remote(show.repo) if is_remote(show.repo) else None)
    return replace(
        show,
        repo=public_repo or "",
        voice=PurePath(show.voice).name if show.voice else None,
        artwork=None if show.artwork is None else artwork,
    )


def _media_dir(episode: Episode) -> Path:
    """Where the episode's media is; a UserError when its MP3 is not there."""
    if not episode.media_dir:
        raise UserError(f"episode {episode.slug} has no media_dir (voice it before publishing)")
    src = Path(episode.media_dir)
    if not (src / "episode.mp3").is_file():
        raise UserError(f"episode {episode.slug}: no episode.mp3 in {src}")
    return src


def _media(episode: Episode, writer: _Writer) -> None:
    slug, src = episode.slug, _media_dir(episode)
    for name in MEDIA_FILES:
        if (src / name).is_file():
            writer.copy(src / name, f"{Layout.episode_dir(slug)}/{name}")
    # The record lets the site be rebuilt from itself: its media is the folder it sits in.
    record = replace(episode, media_dir=None)
    writer.bytes(f"{Layout.episode_dir(slug)}/{EPISODE_RECORD}", record.to_json() + b"\n")


def _catalogue(show: Show, layout: Layout, entries: list[Entry], artwork: str) -> bytes:
    def files(entry: Entry) -> dict[str, str]:
        folder = layout.episode_dir(entry.slug)
        return {name.replace(".", "_"): layout.url(f"{folder}/{name}") for name in sorted(entry.files)}

    return _json(
        {
            "show": {
                "name": show.name,
                "slug": show_slug(show),
                "description": show_description(show),
                "url": layout.home,
                "feed": layout.feed,
                "artwork": layout.url(artwork),
                "language": show.language,
            },
            "episodes": [
                {
                    "slug": e.slug,
                    "number": e.number,
                    "guid": e.guid,
                    "kind": e.episode.kind,
                    "title": e.title,
                    "summary": e.episode.summary,
                    "about": e.about_iso,  # the day (or a recap's week) it tells
                    "published": iso_utc(e.published),
                    "duration": whole_seconds(e.duration),
                    "duration_iso": iso_duration(e.duration),
                    "audio_bytes": e.audio_size,
                    "url": layout.episode_page(e.slug),
                    "transcript_page": layout.transcript_page(e.slug),
                    "files": files(e),
                }
                for e in reversed(entries)
            ],
        }
    )


def _site_files(show: Show, layout: Layout, artwork: str, writer: _Writer) -> None:
    """The files every page shares: stylesheet, icons, the search page."""
    writer.bytes("style.css", resources.files("commitcast.publish").joinpath("static/style.css").read_bytes())
    writer.bytes("favicon.ico", render_favicon(show.name))
    writer.bytes("apple-touch-icon.png", render_icon(show.name))
    writer.bytes("search.html", render_search_page(show, layout, artwork))


def _search(writer: _Writer) -> None:
    """The search index of the pages as they now are (unless it is already); index files no
    page needs go."""
    if index_is_current(writer.site_dir):
        return
    kept = search_index(writer.site_dir, writer.bytes)
    for path in sorted((writer.site_dir / SEARCH_DIR).rglob("*")):
        rel = path.relative_to(writer.site_dir).as_posix()
        if path.is_file() and rel not in kept:
            writer.remove(rel)
    mark_indexed(writer.site_dir)


def _clear_stale_temps(site_dir: Path) -> None:
    # A crash between mkstemp and rename leaves a hidden temp file; nothing reads it.
    for stale in site_dir.glob("**/.*.tmp"):
        stale.unlink(missing_ok=True)


def publish_site(show: Show, episodes: list[Episode], site_dir: Path, *, feed_limit: int = 300) -> PublishResult:
    """Publish ``episodes`` of ``show`` as a static site in ``site_dir``; see the module doc."""
    site_dir = Path(site_dir)
    layout = Layout(base_url(show))
    show = sanitised_show(show)
    episodes = [sanitised_episode(e) for e in episodes]
    # Every input is checked before the first file is written.
    show_slug(show)
    slugs = [episode_slug(e) for e in episodes]
    if len(set(slugs)) != len(slugs):
        dupes = sorted({s for s in slugs if slugs.count(s) > 1})
        raise UserError(f"two episodes share the slug {', '.join(dupes)}")
    for episode in episodes:
        _media_dir(episode)

    site_dir.mkdir(parents=True, exist_ok=True)
    _clear_stale_temps(site_dir)
    writer = _Writer(site_dir)
    artwork = _artwork(show, writer)
    _site_files(show, layout, artwork, writer)
    for episode in episodes:
        _media(episode, writer)
    writer.bytes(SHOW_RECORD, public_record(show, artwork).to_json() + b"\n")

    entries = build_entries(show, episodes, site_dir)
    for index, entry in enumerate(entries):
        folder = layout.episode_dir(entry.slug)
        writer.bytes(f"{folder}/index.html", render_episode_page(show, layout, entries, index, artwork))
        writer.bytes(f"{folder}/transcript.html", render_transcript_page(show, layout, entry, artwork))
        writer.bytes(f"{folder}/embed.html", render_embed_page(show, entry, artwork))
    writer.bytes(LISTING, _catalogue(show, layout, entries, artwork))
    writer.bytes("index.html", render_index(show, layout, entries, artwork))
    _search(writer)

    feed = build_feed(show, layout, entries, artwork, feed_limit=feed_limit)
    problems = lint_feed(feed, site_dir=site_dir, allow_relative=not layout.base)
    errors = [p for p in problems if p.level == "error"]
    if errors:
        raise StageError("the feed failed its lint, so it was not written: " + "; ".join(map(str, errors)))
    writer.bytes("feed.xml", feed)
    return PublishResult(
        site_dir=site_dir,
        feed=site_dir / "feed.xml",
        episodes=len(entries),
        feed_items=min(len(entries), max(feed_limit, 0)),
        written=writer.written,
        removed=writer.removed,
        unchanged=writer.unchanged,
        warnings=[p for p in problems if p.level == "warning"],
    )


def load_site(site_dir: Path, *, skip: Collection[str] = ()) -> tuple[Show, list[Episode]]:
    """The show and episode records a previous publish left in ``site_dir`` (but not those
    of the episode slugs in ``skip``, which are not even read); unreadable episode records are
    repaired from their own files (see :func:`~commitcast.publish.records.read_site`)."""
    records = read_site(site_dir, skip=skip)
    if records.show is None:
        raise UserError(f"{records.show_problem}: publish into it from the pipeline first")
    if records.lost:
        raise UserError("; ".join(records.lost))
    return records.show, records.episodes
