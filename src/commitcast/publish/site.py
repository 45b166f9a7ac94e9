"""Publishing a show's static site: media, pages, catalogue, artwork, search and feed, atomically
and no more than what changed.

Every file goes through a temp file and a rename, and only when its bytes change, so a
crash leaves the previous site whole. The feed is written last and only after it passes the
lint, so it never names a file the site lacks. A run makes again only the units its ledger
(:mod:`.ledger`) shows changed: a re-run with nothing new renders nothing, and a new day
costs its own files, the pages that list it, the show page, the feed and its month of the
search index. The bytes are the same as a publish from scratch writes.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path, PurePath, PurePosixPath

import msgspec

from ..errors import StageError, UserError
from ..ingest import web_url_from_remote
from ..model import Episode, Show
from ..sources import is_remote
from ..window import first_day, zone
from .artwork import artwork_problems, render_cover, render_favicon, render_icon
from .entries import (
    Entry,
    Media,
    Placed,
    build_entry,
    nearby_indexes,
    place,
    publishable,
    sanitised_show,
)
from .feed import build_feed
from .fsio import copy_file, write_bytes
from .layout import MEDIA_FILES, Layout, base_url, episode_slug, show_slug
from .ledger import Ledger, code_fingerprint, fingerprint
from .lint import FileFacts, Problem, lint_feed
from .pages import (
    render_embed_page,
    render_episode_page,
    render_index,
    render_search_page,
    render_transcript_page,
    show_description,
)
from .records import EPISODE_RECORD, LISTING, SHOW_RECORD, read_site
from .search import SEARCH_DIR, bundle, index_partition, pagefind_identity, partition
from .text import iso_duration, iso_utc, whole_seconds
from .withdrawn import withdrawals

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

    def kept(self, files: int) -> None:
        """``files`` files of a unit the ledger shows unchanged, left unread."""
        self.unchanged += files

    def remove(self, rel: str) -> None:
        parts = PurePosixPath(rel).parts
        if not parts or parts[0] == "/" or ".." in parts:
            return  # a ledger is a file on disk: what it names is removed only inside the site
        path = self.site_dir / rel
        path.unlink(missing_ok=True)
        self.removed.append(rel)
        # Folders the removal emptied go too, up to the site's top level.
        for folder in path.parents:
            if folder == self.site_dir or not folder.is_relative_to(self.site_dir):
                break
            try:
                folder.rmdir()
            except OSError:
                break


def _json(data: object) -> bytes:
    # The bytes json.dumps(indent=2, sort_keys=True, ensure_ascii=False) writes for the
    # catalogue's strings and integers, forty times faster (a show of a thousand episodes).
    return msgspec.json.format(msgspec.json.encode(data, order="sorted"), indent=2) + b"\n"


def _artwork(show: Show, site_dir: Path) -> tuple[Path | None, str]:
    """The show's own cover, checked (None when one is drawn for it), and its name in the site."""
    if show.artwork is None:
        return None, "artwork.png"
    src = Path(show.artwork)
    if not src.is_file() and not src.is_absolute():
        src = site_dir / src  # the show record publish_site writes names the site's own copy
    if not src.is_file():
        raise UserError(f"show artwork {show.artwork} does not exist")
    problems = artwork_problems(src)
    if problems:
        raise UserError("; ".join(problems))
    return src, "artwork.png" if src.suffix.lower() == ".png" else "artwork.jpg"


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


def _media_of(episode: Episode) -> Media:
    """The episode's media files; a UserError when its MP3 is not there."""
    if not episode.media_dir:
        raise UserError(f"episode {episode.slug} has no media_dir (voice it before publishing)")
    folder = Path(episode.media_dir)
    files = {}
    for name in MEDIA_FILES:
        try:
            found = os.stat(f"{folder}{os.sep}{name}")
        except OSError:
            continue
        if stat.S_ISREG(found.st_mode):
            files[name] = (found.st_size, found.st_mtime_ns)
    if "episode.mp3" not in files:
        raise UserError(f"episode {episode.slug}: no episode.mp3 in {folder}")
    return Media(folder, files)


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


def _clear_stale_temps(site_dir: Path) -> None:
    # A crash between mkstemp and rename leaves a hidden temp file; nothing reads it.
    for stale in site_dir.glob("**/.*.tmp"):
        stale.unlink(missing_ok=True)


@dataclass
class _Run:
    """One publish run: the show as published, its ledger, and the files it writes."""

    show: Show
    layout: Layout
    artwork: str
    ledger: Ledger
    writer: _Writer
    site: str  # fingerprint of all that every page shares: code, show, base URL, artwork name

    def unit(self, name: str, fp: str) -> bool:
        """Whether unit ``name`` must be made; if not, its files count as unchanged."""
        if self.ledger.needs(name, fp):
            return True
        self.writer.kept(len(self.ledger.files(name)))
        return False


@dataclass(frozen=True)
class _Episode:
    """An episode as this run publishes it, with fingerprints of what its files are made from."""

    placed: Placed  # sanitised, numbered, timed
    record: bytes  # its record as the site keeps it (JSON)
    media: Media
    source: str  # fingerprint of its record and media: what its own files are made from
    entry: str  # ... and of its number and publish time: what any page that shows it is made from
    withdrawn: int = 0  # how often the site withdrew this day before (its guid changes with it)

    @property
    def slug(self) -> str:
        return self.placed.episode.slug


def _episodes(episodes: list[Episode], media: dict[str, Media], withdrawn: dict[str, int]) -> list[_Episode]:
    """``episodes`` cleaned for publishing and placed in the show, with their fingerprints."""
    cleaned = [publishable(episode) for episode in episodes]
    records = {episode.slug: record for episode, record in cleaned}
    placed = []
    for p in place([episode for episode, _ in cleaned]):
        slug = p.episode.slug
        source = fingerprint(records[slug], repr(sorted(media[slug].files.items())))
        entry = fingerprint(source, str(p.number), p.published.isoformat(), str(withdrawn.get(slug, 0)))
        placed.append(_Episode(p, records[slug], media[slug], source, entry, withdrawn.get(slug, 0)))
    return placed


class _Entries:
    """The show's entries, built only when a page, list or feed needs them (a run with
    nothing new needs none). Built all at once: an episode's page lists its neighbours, so a
    run that remakes any episode's pages needs every entry anyway."""

    def __init__(self, show: Show, episodes: list[_Episode]) -> None:
        self._show, self._episodes = show, episodes
        self._tz = zone(show.tz)
        self._built: list[Entry] | None = None

    def __getitem__(self, index: int) -> Entry:
        return self.all()[index]

    def all(self) -> list[Entry]:
        if self._built is None:
            self._built = [build_entry(self._show, e.placed, e.media, self._tz, e.withdrawn) for e in self._episodes]
        return self._built


def _site_files(run: _Run, cover: Path | None) -> None:
    """The files every page shares: cover, stylesheet, icons, and the show's record."""
    cover_stat = cover.stat() if cover is not None else None
    made_from = "drawn" if cover_stat is None else f"{cover_stat.st_size} {cover_stat.st_mtime_ns}"
    fp = fingerprint(run.site, made_from)
    if not run.unit("site", fp):
        return
    show, writer = run.show, run.writer
    if cover is None:
        writer.bytes(run.artwork, render_cover(show.name))
    else:
        writer.copy(cover, run.artwork)
    writer.bytes("style.css", resources.files("commitcast.publish").joinpath("static/style.css").read_bytes())
    writer.bytes("favicon.ico", render_favicon(show.name))
    writer.bytes("apple-touch-icon.png", render_icon(show.name))
    writer.bytes(SHOW_RECORD, public_record(show, run.artwork).to_json() + b"\n")
    run.ledger.made("site", fp, [run.artwork, "style.css", "favicon.ico", "apple-touch-icon.png", SHOW_RECORD])


def _media(run: _Run, episode: _Episode) -> None:
    """The episode's media as the voice stage left it, and its record beside it."""
    name, folder = f"media:{episode.slug}", Layout.episode_dir(episode.slug)
    if not run.unit(name, episode.source):
        return
    files = [f"{folder}/{file}" for file in episode.media.files] + [f"{folder}/{EPISODE_RECORD}"]
    for file in episode.media.files:
        run.writer.copy(episode.media.folder / file, f"{folder}/{file}")
    # The record lets the site be rebuilt from itself: its media is the folder it sits in.
    run.writer.bytes(f"{folder}/{EPISODE_RECORD}", episode.record + b"\n")
    run.ledger.made(name, episode.source, files)


def _gone_episodes(run: _Run) -> None:
    """The files of the episodes the last run published and this one does not (withdrawn)."""
    for prefix in ("media:", "pages:", "page:"):
        for name in run.ledger.gone(prefix):
            run.ledger.changing()
            for rel in run.ledger.files(name, before=True):
                run.writer.remove(rel)


def _pages(run: _Run, episodes: list[_Episode], entries: _Entries) -> None:
    """Each episode's page, transcript and embeddable player, and the show page and catalogue."""
    show, layout, artwork, writer = run.show, run.layout, run.artwork, run.writer
    for index, episode in enumerate(episodes):
        folder = layout.episode_dir(episode.slug)
        fp = fingerprint(run.site, episode.entry)
        if run.unit(f"pages:{episode.slug}", fp):
            entry = entries[index]
            writer.bytes(f"{folder}/transcript.html", render_transcript_page(show, layout, entry, artwork))
            writer.bytes(f"{folder}/embed.html", render_embed_page(show, entry, artwork))
            run.ledger.made(f"pages:{episode.slug}", fp, [f"{folder}/transcript.html", f"{folder}/embed.html"])
        # An episode's page lists its neighbours, so it changes with them.
        fp = fingerprint(run.site, episode.entry, *(episodes[i].entry for i in nearby_indexes(len(episodes), index)))
        if run.unit(f"page:{episode.slug}", fp):
            writer.bytes(f"{folder}/index.html", render_episode_page(show, layout, entries.all(), index, artwork))
            run.ledger.made(f"page:{episode.slug}", fp, [f"{folder}/index.html"])
    fp = fingerprint(run.site, *(e.entry for e in episodes))
    if run.unit("listing", fp):
        writer.bytes(LISTING, _catalogue(show, layout, entries.all(), artwork))
        writer.bytes("index.html", render_index(show, layout, entries.all(), artwork))
        run.ledger.made("listing", fp, [LISTING, "index.html"])


def _search(run: _Run, episodes: list[_Episode]) -> None:
    """A search index per month whose pages changed, the search page that merges them, and no
    index of a month that is gone."""
    writer, ledger, site_dir = run.writer, run.ledger, run.writer.site_dir
    months: dict[str, list[_Episode]] = {}
    for episode in episodes:
        months.setdefault(partition(first_day(episode.placed.episode.window)), []).append(episode)
    newest = max(months, default=None)
    binary = pagefind_identity() if months else ""
    for key, told in sorted(months.items()):
        # Pagefind indexes what a page says, never its list of neighbours (data-pagefind-ignore).
        fp = fingerprint(run.site, binary, "primary" if key == newest else "merged", *(e.entry for e in told))
        name = f"search:{key}"
        if run.unit(name, fp):
            files = index_partition(site_dir, key, [e.slug for e in told], primary=key == newest, write=writer.bytes)
            for rel in sorted(set(ledger.files(name, before=True)) - set(files)):
                writer.remove(rel)
            ledger.made(name, fp, files)
    for name in ledger.gone("search:"):
        ledger.changing()
        for rel in ledger.files(name, before=True):
            writer.remove(rel)
    if not ledger.usable:  # what an older publish or a failed run left in the index folder
        kept = {rel for key in months for rel in ledger.files(f"search:{key}")}
        for path in sorted((site_dir / SEARCH_DIR).rglob("*")):
            rel = path.relative_to(site_dir).as_posix()
            if path.is_file() and rel not in kept:
                writer.remove(rel)
    merged = [bundle(key) for key in sorted(months, reverse=True)[1:]]
    fp = fingerprint(run.site, newest or "", *merged)
    if run.unit("search-page", fp):
        primary = bundle(newest) if newest else None
        writer.bytes("search.html", render_search_page(run.show, run.layout, run.artwork, primary, merged))
        ledger.made("search-page", fp, ["search.html"])


def _feed(run: _Run, episodes: list[_Episode], entries: _Entries, feed_limit: int) -> list[Problem]:
    """The feed, once it passes its lint; the lint's warnings (told again while the feed stands)."""
    ledger, site_dir = run.ledger, run.writer.site_dir
    fp = fingerprint(run.site, str(feed_limit), *(e.entry for e in episodes))
    if run.unit("feed", fp):
        feed = build_feed(run.show, run.layout, entries.all(), run.artwork, feed_limit=feed_limit)
        # What the last lint read of the files the feed links (hundreds of MP3 headers) is not
        # read again from a file unchanged since.
        facts = FileFacts((ledger.data("feed", before=True) or {}).get("files"))
        # A preview's feed (relative links, or a loopback base URL) is published; the runs and
        # `commitcast lint-feed` say it cannot be subscribed to.
        problems = lint_feed(
            feed, site_dir=site_dir, allow_relative=not run.layout.base, allow_loopback=True, facts=facts
        )
        errors = [p for p in problems if p.level == "error"]
        if errors:
            raise StageError("the feed failed its lint, so it was not written: " + "; ".join(map(str, errors)))
        run.writer.bytes("feed.xml", feed)
        ledger.made("feed", fp, ["feed.xml"], {"warnings": [[p.where, p.message] for p in problems], "files": facts.used})
    return [Problem("warning", where, message) for where, message in (ledger.data("feed") or {}).get("warnings", [])]


def publish_site(show: Show, episodes: list[Episode], site_dir: Path, *, feed_limit: int = 300) -> PublishResult:
    """Publish ``episodes`` of ``show`` as a static site in ``site_dir``; see the module doc."""
    site_dir = Path(site_dir)
    layout = Layout(base_url(show))
    show = sanitised_show(show)
    # Every input is checked before the first file is written.
    show_slug(show)
    slugs = [episode_slug(e) for e in episodes]
    if len(set(slugs)) != len(slugs):
        dupes = sorted({s for s in slugs if slugs.count(s) > 1})
        raise UserError(f"two episodes share the slug {', '.join(dupes)}")
    media = {e.slug: _media_of(e) for e in episodes}
    cover, artwork = _artwork(show, site_dir)

    site_dir.mkdir(parents=True, exist_ok=True)
    ledger = Ledger(site_dir, code_fingerprint())
    if not ledger.usable:
        _clear_stale_temps(site_dir)
    # The pages show what the show's public record holds (not, say, the repository's local path).
    shared = fingerprint(ledger.code, public_record(show, artwork).to_json(), layout.base, artwork)
    run = _Run(show, layout, artwork, ledger, _Writer(site_dir), shared)
    _site_files(run, cover)
    published = _episodes(episodes, media, withdrawals(site_dir))
    for episode in published:
        _media(run, episode)
    entries = _Entries(show, published)
    _pages(run, published, entries)
    _gone_episodes(run)  # after this run's own units are made: the rest are gone
    _search(run, published)
    warnings = _feed(run, published, entries, feed_limit)
    ledger.save()
    return PublishResult(
        site_dir=site_dir,
        feed=site_dir / "feed.xml",
        episodes=len(published),
        feed_items=min(len(published), max(feed_limit, 0)),
        written=run.writer.written,
        removed=run.writer.removed,
        unchanged=run.writer.unchanged,
        warnings=warnings,
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
