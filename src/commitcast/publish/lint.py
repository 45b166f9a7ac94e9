"""Our own podcast feed checker: Apple's and Podcasting 2.0's rules, plus the site's files.

No feed validator exists on PyPI, so this carries the rules the publisher must meet:
required tags, unique guids and enclosures, enclosure length against the file, duration,
artwork size and format, https where the podcast namespace asks for it, and the transcript
and chapters files present in the site directory. Apple's episode tags (itunes:title,
itunes:episode, itunes:episodeType, an item's itunes:image), a channel <copyright>, item
notes within 4,000 bytes, distinct publish times in order, podcast:episode, podcast:funding
and a transcript's language are checked too: errors where apps reject or mis-order the
feed, warnings where a recommended tag is missing.
"""

from __future__ import annotations

import json
import os
import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any, Literal, TypeVar, cast
from urllib.parse import unquote, urlsplit

from lxml import etree

from ..errors import UserError
from .artwork import artwork_problems
from .feed import NS, PODCAST_NS_ALIASES
from .layout import LOOPBACK_HOSTS, podcast_guid

__all__ = ["Problem", "FileFacts", "lint_feed", "lint_source", "grouped"]

_T = TypeVar("_T")

_DURATION = re.compile(r"\d+|(\d+:)?[0-5]?\d:[0-5]\d")
NOTES_LIMIT = 4000  # bytes Apple takes in an item's description (and content:encoded)
FUNDING_TEXT_LIMIT = 128  # characters of a podcast:funding label before apps cut it


@dataclass(frozen=True)
class Problem:
    """One finding: an error (apps would reject or mis-play the feed) or a warning."""

    level: Literal["error", "warning"]
    where: str  # "channel", "item 3 (guid)", …
    message: str

    def __str__(self) -> str:
        return f"{self.level}: {self.where}: {self.message}"


class FileFacts:
    """What the lint read from site files (an MP3's length, what is wrong with a transcript), each
    kept with the size and mtime of the file it was read from, so that a file unchanged since
    is not read again: a show's feed links hundreds of files, and publishing keeps these
    from run to run."""

    def __init__(self, known: Mapping[str, list[Any]] | None = None) -> None:
        self._known = dict(known or {})
        self.used: dict[str, list[Any]] = {}  # what this lint read or reused (JSON), for the next one

    def get(self, path: Path, key: str, read: Callable[[Path], _T]) -> _T:
        """What ``read`` says of the file at ``path``; ``key`` names the file and what is read
        (it is kept in the site's ledger: never a local path)."""
        stat = path.stat()
        found = self._known.get(key)
        if found is not None and found[:2] == [stat.st_size, stat.st_mtime_ns]:
            value = cast(_T, found[2])
        else:
            value = read(path)
        self.used[key] = [stat.st_size, stat.st_mtime_ns, value]
        return value


def _mp3_seconds(path: Path) -> float | None:
    from mutagen.mp3 import MP3, HeaderNotFoundError, MPEGInfo

    try:
        return float(cast(MPEGInfo, MP3(path).info).length)
    except (HeaderNotFoundError, OSError):
        return None


def _json_object(path: Path) -> tuple[dict[str, Any] | None, list[str]]:
    try:
        data = json.loads(path.read_bytes())
    except (ValueError, UnicodeDecodeError) as exc:
        return None, [f"{path.name} is not valid JSON ({exc})"]
    if not isinstance(data, dict):
        return None, [f"{path.name} is not a JSON object"]
    return data, []


def _vtt_errors(path: Path) -> list[str]:
    if not path.read_bytes().lstrip(b"\xef\xbb\xbf").startswith(b"WEBVTT"):
        return [f"{path.name} does not start with WEBVTT"]
    return []


def _transcript_json_errors(path: Path) -> list[str]:
    data, errors = _json_object(path)
    if data is not None and not isinstance(data.get("segments"), list):
        errors.append(f"{path.name} has no 'segments' list")
    return errors


def _chapters_errors(path: Path) -> list[str]:
    data, errors = _json_object(path)
    if data is not None and not (isinstance(data.get("chapters"), list) and "version" in data):
        errors.append(f"{path.name} lacks 'version' and a 'chapters' list")
    elif data is not None and any(not isinstance(c, dict) or "startTime" not in c for c in data["chapters"]):
        errors.append(f"{path.name} has a chapter without startTime")
    return errors


_QUOTED = re.compile(r"'[^']*'|\S+://\S+|\d+")


def grouped(problems: list[Problem]) -> list[tuple[Problem, int]]:
    """``problems`` with those that say the same thing of different places (URLs, numbers
    and quoted values aside) as one: the first of each, and how many there are."""
    groups: dict[tuple[str, str], list[Problem]] = {}
    for problem in problems:
        groups.setdefault((problem.level, _QUOTED.sub("…", problem.message)), []).append(problem)
    return [(found[0], len(found)) for found in groups.values()]


class _Linter:
    def __init__(
        self, site_dir: Path | None, feed_url: str | None, allow_relative: bool, facts: FileFacts, allow_loopback: bool
    ) -> None:
        self.site_dir = site_dir.resolve() if site_dir else None
        self.feed_url = feed_url
        self.allow_relative = allow_relative
        self.allow_loopback = allow_loopback
        self.facts = facts
        self.problems: list[Problem] = []
        self.base = ""
        self._real_folders: dict[str, str] = {}  # a site folder -> its real path

    def error(self, where: str, message: str) -> None:
        self.problems.append(Problem("error", where, message))

    def warn(self, where: str, message: str) -> None:
        self.problems.append(Problem("warning", where, message))

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def find(parent: etree._Element, name: str) -> list[etree._Element]:
        prefix, _, local = name.rpartition(":")
        if prefix == "podcast":
            return [el for ns in PODCAST_NS_ALIASES for el in parent.findall(f"{{{ns}}}{local}")]
        found: list[etree._Element] = parent.findall(f"{{{NS[prefix]}}}{local}" if prefix else local)
        return found

    def text(self, parent: etree._Element, name: str) -> str | None:
        found = self.find(parent, name)
        return (found[0].text or "").strip() if found else None

    def require(self, parent: etree._Element, name: str, where: str) -> str | None:
        value = self.text(parent, name)
        if not value:
            self.error(where, f"<{name}> is missing or empty")
        return value

    def check_url(self, url: str | None, where: str, *, https: bool) -> None:
        """Absolute, and https where the podcast namespace requires it."""
        if not url:
            self.error(where, "URL is empty")
            return
        parts = urlsplit(url)
        if not parts.scheme:
            if self.allow_relative:
                return
            self.error(where, f"URL {url!r} is relative: apps need absolute URLs (set base_url)")
        elif parts.scheme not in ("http", "https"):
            self.error(where, f"URL {url!r} is not http(s)")
        elif (host := (parts.hostname or "").lower()) in LOOPBACK_HOSTS or host.startswith("127."):
            if not self.allow_loopback:
                self.error(where, f"URL {url!r} is on a loopback address: only this machine can reach it (set base_url)")
        elif parts.scheme == "http":
            if https:
                self.error(where, f"URL {url!r} must be https (podcast namespace)")
            else:
                self.warn(where, f"URL {url!r} should be https")

    def local(self, url: str | None) -> Path | None:
        """The site file a feed URL points at, when it is one (never outside the site)."""
        if not url or self.site_dir is None:
            return None
        if self.base and url.startswith(self.base):
            rel = url[len(self.base) :]
        elif not urlsplit(url).scheme and not url.startswith("/"):
            rel = url
        else:
            return None
        # A URL's path is normalised as a client would; then symbolic links are followed,
        # each folder's looked up once (a feed links four files in each episode's folder).
        path = Path(self.real(os.path.normpath(os.path.join(self.site_dir, unquote(urlsplit(rel).path)))))
        return path if path.is_relative_to(self.site_dir) else None

    def real(self, path: str) -> str:
        """``path`` (absolute, normalised) with its symbolic links followed: ``os.path.realpath``,
        remembering the folders on the way."""
        parent, name = os.path.split(path)
        if not name:
            return path
        folder = self._real_folders.get(parent)
        if folder is None:
            folder = self._real_folders[parent] = self.real(parent)
        joined = os.path.join(folder, name)
        return os.path.realpath(joined) if os.path.islink(joined) else joined

    def fact(self, path: Path, check: str, read: Callable[[Path], _T]) -> _T:
        """What ``read`` says of the site file at ``path``, read again only if it changed."""
        assert self.site_dir is not None  # files are read only in a site directory
        return self.facts.get(path, f"{check} {path.relative_to(self.site_dir).as_posix()}", read)

    def check_file(self, url: str | None, where: str, what: str) -> Path | None:
        path = self.local(url)
        if path is None:
            return None
        if not path.is_file():
            self.error(where, f"{what} {url} is not in the site directory")
            return None
        return path

    # ------------------------------------------------------------------ checks

    def channel(self, channel: etree._Element) -> None:
        where = "channel"
        for name in ("title", "link", "description", "language", "itunes:author"):
            self.require(channel, name, where)
        self_links = [el for el in self.find(channel, "atom:link") if el.get("rel") == "self"]
        if not self_links:
            self.error(where, '<atom:link rel="self"> is missing')
        else:
            href = self_links[0].get("href", "")
            self.check_url(href, where + " atom:link", https=False)
            self.base = href.rsplit("/", 1)[0] + "/" if urlsplit(href).scheme else ""
        if self.feed_url and not self.base:
            self.base = self.feed_url.rsplit("/", 1)[0] + "/"
        last = self.text(channel, "lastBuildDate")
        if last is not None:
            self.check_date(last, where + " lastBuildDate")
        else:
            self.warn(where, "<lastBuildDate> is missing")
        explicit = self.text(channel, "itunes:explicit")
        if explicit not in ("true", "false"):
            self.error(where, f"<itunes:explicit> must be 'true' or 'false' (got {explicit!r})")
        kind = self.text(channel, "itunes:type")
        if kind is not None and kind not in ("episodic", "serial"):
            self.error(where, f"<itunes:type> must be 'episodic' or 'serial' (got {kind!r})")
        categories = self.find(channel, "itunes:category")
        if not categories or not categories[0].get("text"):
            self.error(where, '<itunes:category text="…"> is missing')
        if not self.text(channel, "copyright"):
            self.warn(where, "<copyright> is missing")
        owner = self.find(channel, "itunes:owner")
        if not owner:
            self.warn(where, "<itunes:owner> is missing")
        elif not self.text(owner[0], "itunes:email"):
            self.warn(where, "<itunes:owner> has no <itunes:email>: Apple mails ownership checks there")
        self.artwork(channel)
        self.podcast_channel(channel)

    def artwork(self, channel: etree._Element) -> None:
        where = "channel itunes:image"
        images = self.find(channel, "itunes:image")
        href = images[0].get("href") if images else None
        if not href:
            self.error("channel", "<itunes:image href=…> is missing")
            return
        self.check_url(href, where, https=False)
        if not urlsplit(href).path.lower().endswith((".jpg", ".jpeg", ".png")):
            self.error(where, f"artwork {href} must end in .jpg or .png")
        path = self.check_file(href, where, "artwork")
        if path is not None:
            for message in artwork_problems(path):
                self.error(where, message)

    def podcast_channel(self, channel: etree._Element) -> None:
        where = "channel"
        guid = self.text(channel, "podcast:guid")
        if guid is None:
            self.warn(where, "<podcast:guid> is missing (needs an absolute feed URL)")
        else:
            try:
                parsed = uuid.UUID(guid)
            except ValueError:
                self.error(where, f"<podcast:guid> {guid!r} is not a UUID")
            else:
                if parsed.version != 5:
                    self.warn(where, f"<podcast:guid> {guid} is not a UUIDv5")
                self_links = [el.get("href", "") for el in self.find(channel, "atom:link") if el.get("rel") == "self"]
                if self_links and urlsplit(self_links[0]).scheme and podcast_guid(self_links[0]) != guid:
                    self.warn(where, "<podcast:guid> is not derived from this feed's URL (fine if the feed moved)")
        locked = self.text(channel, "podcast:locked")
        if locked is not None and locked not in ("yes", "no"):
            self.error(where, f"<podcast:locked> must be 'yes' or 'no' (got {locked!r})")
        for person in self.find(channel, "podcast:person"):
            if not (person.text or "").strip():
                self.error(where, "<podcast:person> is empty")
        for funding in self.find(channel, "podcast:funding"):
            self.check_url(funding.get("url"), where + " podcast:funding", https=False)
            label = (funding.text or "").strip()
            if not label:
                self.error(where, "<podcast:funding> has no text to show beside its link")
            elif len(label) > FUNDING_TEXT_LIMIT:
                self.warn(where, f"<podcast:funding> text has {len(label)} characters; apps cut it at {FUNDING_TEXT_LIMIT}")

    def check_date(self, value: str, where: str) -> datetime | None:
        try:
            moment = parsedate_to_datetime(value)
        except (TypeError, ValueError):
            moment = None
        if moment is None:
            self.error(where, f"{value!r} is not an RFC 2822 date")
        elif moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return moment

    def items(self, channel: etree._Element) -> None:
        items = self.find(channel, "item")
        if not items:
            self.warn("channel", "the feed has no episodes")
        show = (self.text(channel, "title") or "").strip()
        guids: dict[str, int] = {}
        enclosures: dict[str, int] = {}
        published: dict[datetime, int] = {}
        numbered: dict[int, int] = {}  # itunes:episode -> the item that has it
        by_time: list[tuple[datetime, int]] = []
        previous: datetime | None = None
        for n, item in enumerate(items, 1):
            where = f"item {n}"
            title = self.require(item, "title", where)
            if title:
                where = f"item {n} ({title[:60]})"
            guid = self.require(item, "guid", where)
            if guid:
                if guid in guids:
                    self.error(where, f"guid {guid!r} repeats item {guids[guid]}")
                guids.setdefault(guid, n)
            moment = None
            pub = self.require(item, "pubDate", where)
            if pub:
                moment = self.check_date(pub, where + " pubDate")
            if moment is not None:
                if moment in published:
                    self.error(where, f"pubDate {pub} repeats item {published[moment]}: apps cannot order the two")
                published.setdefault(moment, n)
                if previous is not None and moment > previous:
                    self.warn(where, "items are not newest first")
                previous = moment
            number = self.apple_item(item, where, show)
            if number is not None:
                if number in numbered:
                    self.error(where, f"<itunes:episode> {number} repeats item {numbered[number]}")
                numbered.setdefault(number, n)
                if moment is not None:
                    by_time.append((moment, number))
            length = self.enclosure(item, where, enclosures, n)
            self.duration(item, where, length)
            self.notes(item, where)
            self.podcast_item(item, where)
        in_time_order = [number for _, number in sorted(by_time)]
        if in_time_order != sorted(in_time_order):
            self.warn("channel", "<itunes:episode> numbers do not rise with pubDate")

    def apple_item(self, item: etree._Element, where: str, show: str) -> int | None:
        """Apple's episode tags: title without the show's name, type, artwork, and the
        episode number (returned when it is one)."""
        short = self.text(item, "itunes:title")
        if not short:
            self.warn(where, "<itunes:title> is missing")
        elif show and short.lower().startswith(show.lower() + ":"):
            self.warn(where, "<itunes:title> repeats the show's name (Apple shows it beside the title)")
        title = self.text(item, "title") or ""
        if show and title.lower().startswith(show.lower() + ":"):
            self.warn(where, "<title> repeats the show's name (apps show it beside every episode)")
        kind = self.text(item, "itunes:episodeType")
        if kind is None:
            self.warn(where, "<itunes:episodeType> is missing")
        elif kind not in ("full", "trailer", "bonus"):
            self.error(where, f"<itunes:episodeType> must be full, trailer or bonus (got {kind!r})")
        text = self.text(item, "itunes:episode")
        number = int(text) if text is not None and text.isdigit() and int(text) >= 1 else None
        if text is None:
            self.warn(where, "<itunes:episode> is missing")
        elif number is None:
            self.error(where, f"<itunes:episode> must be a whole number from 1 (got {text!r})")
        episode = self.text(item, "podcast:episode")
        if episode is not None:
            try:
                value = float(episode)
            except ValueError:
                self.error(where, f"<podcast:episode> must be a number (got {episode!r})")
            else:
                if number is not None and value != number:
                    self.warn(where, f"<podcast:episode> {episode} differs from <itunes:episode> {number}")
        images = self.find(item, "itunes:image")
        href = images[0].get("href") if images else None
        if not href:
            self.warn(where, "<itunes:image href=…> is missing (Apple shows episode artwork)")
        else:
            self.check_url(href, where + " itunes:image", https=False)
            if not urlsplit(href).path.lower().endswith((".jpg", ".jpeg", ".png")):
                self.error(where, f"episode artwork {href} must end in .jpg or .png")
            self.check_file(href, where, "episode artwork")
        return number

    def notes(self, item: etree._Element, where: str) -> None:
        """Apple takes 4,000 bytes of an item's description; longer notes are cut or refused."""
        for name in ("description", "content:encoded"):
            text = self.text(item, name)
            if text and len(text.encode("utf-8")) > NOTES_LIMIT:
                self.error(where, f"<{name}> has {len(text.encode('utf-8'))} bytes; Apple takes {NOTES_LIMIT}")

    def enclosure(self, item: etree._Element, where: str, seen: dict[str, int], n: int) -> Path | None:
        found = self.find(item, "enclosure")
        if len(found) != 1:
            self.error(where, f"needs exactly one <enclosure> (has {len(found)})")
            return None
        enclosure = found[0]
        url, length, kind = enclosure.get("url"), enclosure.get("length", ""), enclosure.get("type")
        self.check_url(url, where + " enclosure", https=False)
        if url in seen:
            self.error(where, f"enclosure URL {url} repeats item {seen[url]}")
        seen.setdefault(url or "", n)
        if not kind or "/" not in kind:
            self.error(where, f"enclosure type {kind!r} is not a MIME type")
        if not length.isdigit() or int(length) <= 0:
            self.error(where, f"enclosure length {length!r} is not a positive whole number of bytes")
            return None
        path = self.check_file(url, where, "enclosure")
        if path is not None and path.stat().st_size != int(length):
            self.error(where, f"enclosure length {length} but {path.name} has {path.stat().st_size} bytes")
        return path

    def duration(self, item: etree._Element, where: str, mp3: Path | None) -> None:
        value = self.text(item, "itunes:duration")
        if not value:
            self.error(where, "<itunes:duration> is missing")
            return
        if not _DURATION.fullmatch(value):
            self.error(where, f"<itunes:duration> {value!r} is not seconds or [HH:]MM:SS")
            return
        seconds = 0
        for part in value.split(":"):
            seconds = seconds * 60 + int(part)
        if not value.isdigit():
            self.warn(where, f"<itunes:duration> {value} : Apple recommends whole seconds")
        if seconds <= 0:
            self.error(where, "<itunes:duration> is zero")
        if mp3 is not None and mp3.suffix == ".mp3":
            actual = self.fact(mp3, "mp3-seconds", _mp3_seconds)
            if actual is None:
                self.error(where, f"{mp3.name} is not a readable MP3")
                return
            if abs(actual - seconds) > 2:
                self.warn(where, f"<itunes:duration> {seconds}s but {mp3.name} plays {actual:.1f}s")

    def podcast_item(self, item: etree._Element, where: str) -> None:
        for transcript in self.find(item, "podcast:transcript"):
            url, kind = transcript.get("url"), transcript.get("type")
            self.check_url(url, where + " podcast:transcript", https=True)
            if not kind:
                self.error(where, "<podcast:transcript> has no type")
            if not transcript.get("language"):
                self.warn(where, f"<podcast:transcript> {url} does not say its language")
            path = self.check_file(url, where, "transcript")
            if path is not None:
                self.transcript_file(path, kind or "", where)
        chapters = self.find(item, "podcast:chapters")
        if len(chapters) > 1:
            self.error(where, "more than one <podcast:chapters>")
        for element in chapters:
            url = element.get("url")
            self.check_url(url, where + " podcast:chapters", https=True)
            if element.get("type") != "application/json+chapters":
                self.warn(where, f"<podcast:chapters> type {element.get('type')!r} (expected application/json+chapters)")
            path = self.check_file(url, where, "chapters")
            if path is not None:
                for message in self.fact(path, "chapters", _chapters_errors):
                    self.error(where, message)

    def transcript_file(self, path: Path, kind: str, where: str) -> None:
        read = {"text/vtt": _vtt_errors, "application/json": _transcript_json_errors}.get(kind)
        if read is not None:
            for message in self.fact(path, kind, read):
                self.error(where, message)


def lint_feed(
    data: bytes,
    *,
    site_dir: Path | None = None,
    feed_url: str | None = None,
    allow_relative: bool = False,
    allow_loopback: bool = False,
    facts: FileFacts | None = None,
) -> list[Problem]:
    """Problems of the feed ``data``; files it links are checked in ``site_dir`` when given
    (what ``facts`` holds of a file unchanged since is not read again). Relative and loopback
    URLs are errors (nobody else can follow them) unless allowed, as for a local preview."""
    linter = _Linter(site_dir, feed_url, allow_relative, facts if facts is not None else FileFacts(), allow_loopback)
    try:
        root = etree.fromstring(data, parser=etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError as exc:
        return [Problem("error", "feed", f"not well-formed XML: {exc}")]
    if root.tag != "rss" or root.get("version") != "2.0":
        linter.error("feed", 'the root element must be <rss version="2.0">')
    channels = root.findall("channel")
    if len(channels) != 1:
        linter.error("feed", f"needs exactly one <channel> (has {len(channels)})")
        return linter.problems
    linter.channel(channels[0])
    linter.items(channels[0])
    return linter.problems


def lint_source(source: str, *, site_dir: Path | None = None) -> list[Problem]:
    """Lint a feed file or http(s) URL; a local feed's site directory is the one it sits in."""
    if urlsplit(source).scheme in ("http", "https"):
        import httpx

        try:
            response = httpx.get(source, follow_redirects=True, timeout=30)
            response.raise_for_status()
        except httpx.HTTPError as exc:
            raise UserError(f"cannot fetch {source}: {exc}") from exc
        return lint_feed(response.content, site_dir=site_dir, feed_url=source)
    path = Path(source)
    if not path.is_file():
        raise UserError(f"no feed file at {source}")
    return lint_feed(path.read_bytes(), site_dir=site_dir or path.parent)
