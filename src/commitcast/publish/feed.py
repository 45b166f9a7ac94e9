"""The podcast feed: RSS 2.0 with the itunes, podcast (Podcasting 2.0), content and atom namespaces."""

from __future__ import annotations

from lxml import etree

from ..model import Show
from .entries import Entry
from .feed_notes import feed_notes
from .layout import Layout, podcast_guid
from .pages import show_description
from .text import clean, rfc2822, whole_seconds

__all__ = ["NS", "PODCAST_NS_ALIASES", "build_feed", "copyright_line"]

NS = {
    "itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd",
    "podcast": "https://podcastindex.org/namespace/1.0",
    "content": "http://purl.org/rss/1.0/modules/content/",
    "atom": "http://www.w3.org/2005/Atom",
}
# The namespace document says clients must treat its old GitHub address as the same namespace.
PODCAST_NS_ALIASES = (NS["podcast"], "https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md")


def _tag(name: str) -> str:
    prefix, _, local = name.rpartition(":")
    return f"{{{NS[prefix]}}}{local}" if prefix else local


def _add(parent: etree._Element, name: str, content: str | None = None, /, **attrs: str) -> etree._Element:
    # Every string passes through clean(): lxml refuses characters XML 1.0 forbids.
    element = etree.SubElement(parent, _tag(name), {_tag(k): clean(v) for k, v in attrs.items()})
    if content is not None:
        element.text = clean(content)
    return element


def _add_html(parent: etree._Element, name: str, html: str) -> None:
    # CDATA, as Apple asks of HTML in a description; escaped commit text holds no "]]>".
    etree.SubElement(parent, _tag(name)).text = etree.CDATA(clean(html))


def copyright_line(show: Show, entries: list[Entry]) -> str:
    """The show's copyright setting, else ``© YEARS AUTHOR`` over its episodes' years."""
    if show.copyright.strip():
        return show.copyright.strip()
    years = sorted({e.published.year for e in entries})
    if not years:
        return f"© {show.author}"
    span = f"{years[0]}" if len(years) == 1 else f"{years[0]}–{years[-1]}"
    return f"© {span} {show.author}"


def _item(channel: etree._Element, show: Show, entry: Entry, layout: Layout, artwork: str) -> None:
    folder = layout.episode_dir(entry.slug)
    item = _add(channel, "item")
    _add(item, "title", entry.short_title)  # apps show the show's name beside it
    # Apple shows its own title without the show's name; the number goes in itunes:episode.
    _add(item, "itunes:title", entry.short_title)
    _add(item, "link", layout.episode_page(entry.slug))
    notes = feed_notes(entry, layout)
    _add_html(item, "description", notes)
    _add_html(item, "content:encoded", notes)
    _add(item, "guid", entry.guid, isPermaLink="false")
    _add(item, "pubDate", rfc2822(entry.published))
    _add(item, "enclosure", url=layout.url(f"{folder}/episode.mp3"), length=str(entry.audio_size), type="audio/mpeg")
    _add(item, "itunes:duration", str(whole_seconds(entry.duration)))
    _add(item, "itunes:episode", str(entry.number))
    # Recaps stay "full" episodes (they are complete briefings); their title says "Weekly Recap".
    _add(item, "itunes:episodeType", "full")
    _add(item, "itunes:image", href=layout.url(artwork))
    _add(item, "itunes:explicit", "false")
    _add(item, "podcast:episode", str(entry.number))
    language = show.language
    if "transcript.vtt" in entry.files:
        _add(item, "podcast:transcript", url=layout.url(f"{folder}/transcript.vtt"), type="text/vtt",
             language=language, rel="captions")  # fmt: skip
    if "transcript.json" in entry.files:
        _add(item, "podcast:transcript", url=layout.url(f"{folder}/transcript.json"), type="application/json",
             language=language, rel="captions")  # fmt: skip
    _add(item, "podcast:transcript", url=layout.transcript_page(entry.slug), type="text/html", language=language)
    if "chapters.json" in entry.files:
        _add(item, "podcast:chapters", url=layout.url(f"{folder}/chapters.json"), type="application/json+chapters")


def build_feed(show: Show, layout: Layout, entries: list[Entry], artwork: str, *, feed_limit: int = 300) -> bytes:
    """The feed of ``entries`` (oldest first in, newest ``feed_limit`` out), as UTF-8 XML bytes."""
    rss = etree.Element("rss", nsmap=NS, version="2.0")
    channel = _add(rss, "channel")
    _add(channel, "title", show.name)
    _add(channel, "link", layout.home)
    _add(channel, "description", show_description(show))
    _add(channel, "language", show.language)
    _add(channel, "copyright", copyright_line(show, entries))
    _add(channel, "generator", "commitcast")
    if entries:
        # The newest episode dates the feed, so a re-run with nothing new changes no byte.
        newest = rfc2822(entries[-1].published)
        _add(channel, "pubDate", newest)
        _add(channel, "lastBuildDate", newest)
    _add(channel, "atom:link", href=layout.feed, rel="self", type="application/rss+xml")
    image = _add(channel, "image")
    _add(image, "url", layout.url(artwork))
    _add(image, "title", show.name)
    _add(image, "link", layout.home)
    _add(channel, "itunes:author", show.author)
    owner = _add(channel, "itunes:owner")
    _add(owner, "itunes:name", show.owner_name)
    if show.owner_email:
        _add(owner, "itunes:email", show.owner_email)
    _add(channel, "itunes:image", href=layout.url(artwork))
    _add(channel, "itunes:category", text="Technology")
    _add(channel, "itunes:explicit", "false")
    _add(channel, "itunes:type", "episodic")
    if layout.base:
        _add(channel, "podcast:guid", podcast_guid(layout.feed))
    # Locked only with an owner address to prove ownership by; otherwise a move would be stuck.
    if show.owner_email:
        _add(channel, "podcast:locked", "yes", owner=show.owner_email)
    else:
        _add(channel, "podcast:locked", "no")
    if show.funding_url.strip():
        _add(channel, "podcast:funding", show.funding_text.strip() or "Support the project", url=show.funding_url.strip())
    if show.host_name.strip():
        # The narrator voice is the host; people the episodes talk about go in the show notes.
        _add(channel, "podcast:person", show.host_name, role="host", group="cast")
    for entry in reversed(entries[-feed_limit:] if feed_limit > 0 else []):
        _item(channel, show, entry, layout, artwork)
    document: bytes = etree.tostring(rss, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    return document
