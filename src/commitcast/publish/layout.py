"""Where things live in a published site, and the URLs that point at them.

Paths inside the site are built only from validated slugs (dates and a sanitised show
slug), never from commit text.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..errors import UserError
from ..model import Episode, Show

__all__ = [
    "PODCAST_NAMESPACE_UUID",
    "MEDIA_FILES",
    "EPISODE_SLUG_PATTERN",
    "Layout",
    "show_slug",
    "episode_slug",
    "base_url",
    "base_url_problem",
    "LOOPBACK_HOSTS",
    "podcast_guid",
    "item_guid",
]

# The UUID the Podcasting 2.0 namespace fixes for deriving podcast:guid from a feed URL.
PODCAST_NAMESPACE_UUID = uuid.UUID("ead4c236-bf58-58c6-a2c6-a6b28d128cb6")

# What the voice stage leaves in an episode's media_dir, copied as-is into the site.
MEDIA_FILES = ("episode.mp3", "transcript.vtt", "transcript.json", "chapters.json")

EPISODE_SLUG_PATTERN = re.compile(r"\d{4}-(\d{2}-\d{2}|W\d{2})(-[a-z0-9]+)*")


def show_slug(show: Show) -> str:
    """The show's slug reduced to ``[a-z0-9-]``; a UserError when nothing is left."""
    slug = re.sub(r"[^a-z0-9]+", "-", show.slug.lower()).strip("-")
    if not slug:
        raise UserError(f"show slug {show.slug!r} has no letters or digits")
    return slug[:64]


def episode_slug(episode: Episode) -> str:
    """The episode's date slug (``2026-09-19``, ``2026-W38-recap``); a UserError otherwise."""
    if not EPISODE_SLUG_PATTERN.fullmatch(episode.slug) or len(episode.slug) > 64:
        raise UserError(
            f"episode slug {episode.slug!r} is not a date slug (expected e.g. 2026-09-19 or 2026-W38-recap)"
        )
    return episode.slug


def base_url(show: Show) -> str:
    """The show's ``base_url`` without its trailing slash ('' when unset); https unless local."""
    url = show.base_url.strip().rstrip("/")
    if not url:
        return ""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise UserError(f"base_url {show.base_url!r} must be an absolute URL such as https://example.org/pod")
    if parts.scheme == "http" and parts.hostname not in LOOPBACK_HOSTS:
        # The podcast namespace requires https for transcript and chapters URLs.
        raise UserError(f"base_url {show.base_url!r} must use https (http only for localhost previews)")
    return url


LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def base_url_problem(show: Show) -> str | None:
    """Why the show's feed cannot be subscribed to from elsewhere (no base URL, or a loopback
    one), or None when its base URL is one others can reach."""
    url = show.base_url.strip()
    if not url:
        return (
            "base_url is not set, so the feed's links are relative and no podcast app can subscribe: "
            "set base_url (where the site will be served) in the configuration"
        )
    host = (urlsplit(url).hostname or "").lower()
    if host in LOOPBACK_HOSTS or host.startswith("127."):
        return f"base_url {url} is a loopback address: only this machine can follow the feed's links"
    return None


def podcast_guid(feed_url: str) -> str:
    """podcast:guid: UUIDv5 of the feed URL without its scheme and trailing slashes."""
    bare = re.sub(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", "", feed_url).rstrip("/")
    return str(uuid.uuid5(PODCAST_NAMESPACE_UUID, bare))


def item_guid(show_slug: str, episode_slug: str, withdrawn: int = 0) -> str:
    """The item guid: fixed by show and date, so re-runs and rebuilds never change it; a day
    made again after it was ``withdrawn`` N times gets a guid of its own (``…:2`` after one)."""
    return f"commitcast:{show_slug}:{episode_slug}" + (f":{withdrawn + 1}" if withdrawn else "")


@dataclass(frozen=True)
class Layout:
    """The site's file layout and the URLs of its files, absolute when ``base`` is set."""

    base: str = ""  # base URL without trailing slash, or '' for site-relative links

    def url(self, rel: str) -> str:
        """URL of the site file at ``rel`` (absolute with a base URL, else site-relative)."""
        return f"{self.base}/{rel}" if self.base else rel

    @property
    def home(self) -> str:
        """URL of the show page."""
        return f"{self.base}/" if self.base else "index.html"

    @staticmethod
    def episode_dir(slug: str) -> str:
        """Site-relative directory of one episode."""
        return f"episodes/{slug}"

    def episode_page(self, slug: str) -> str:
        """URL of an episode's page (the directory URL when absolute)."""
        return f"{self.base}/episodes/{slug}/" if self.base else f"episodes/{slug}/index.html"

    def transcript_page(self, slug: str) -> str:
        """URL of an episode's full transcript page."""
        return self.url(f"episodes/{slug}/transcript.html")

    @property
    def feed(self) -> str:
        """URL of the feed."""
        return self.url("feed.xml")
