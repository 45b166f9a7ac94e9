"""HTML pages of the site, rendered with Jinja2 (autoescaped): episode, transcript, show."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, Template, select_autoescape

from ..model import ChangeRef, Episode, Show, Spotlight, StoryKind
from .entries import Entry, nearby
from .layout import Layout
from .subscribe import subscribe_links
from .text import clock, excerpt, iso_duration, iso_utc, safe_url

__all__ = [
    "template",
    "show_description",
    "notes_of",
    "render_episode_page",
    "render_transcript_page",
    "render_index",
    "render_embed_page",
    "render_search_page",
]

LATEST = 20  # episodes listed in full on the show page; older ones in a compact archive

_ROLES = {
    "headline": "Headline",
    "correctness": "Correctness",
    "performance": "Performance",
    "feature": "Feature",
    "revert": "Revert",
    "infrastructure": "Infrastructure",
}


@lru_cache(maxsize=1)
def _env() -> Environment:
    # Autoescape everywhere; the text itself was cleaned of XML-forbidden characters on the
    # way in (entries.publishable), so templates print commit text as-is.
    return Environment(
        loader=PackageLoader("commitcast.publish", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def template(name: str) -> Template:
    """The site template called ``name``."""
    return _env().get_template(name)


def show_description(show: Show) -> str:
    """The show's description, or a plain default naming the show."""
    return show.description.strip() or (
        f"A short daily developer briefing from {show.name}: what landed in the repository, "
        "explained in plain language."
    )


def _change(ref: ChangeRef, *, earlier: bool = False) -> dict[str, Any]:
    return {
        "label": f"PR #{ref.pr}" if ref.pr is not None else f"commit {ref.sha[:7]}",
        "earlier": earlier,  # landed before the episode's window; the story refers back to it
        "title": ref.title,
        "url": safe_url(ref.url),
        "authors": ref.authors,
    }


def notes_of(episode: Episode) -> dict[str, Any]:
    """The show notes of ``episode`` as the templates take them: stories, spotlight, quick hits."""
    return {
        "stories": [
            {
                "headline": story.headline,
                "role": _ROLES.get(story.role) or ("Release" if story.kind == StoryKind.RELEASE else "Also"),
                "people": story.people,
                "effect": story.effect,
                "changes": [_change(ref) for ref in story.changes]
                + [_change(ref, earlier=True) for ref in story.earlier],
            }
            for story in episode.stories
        ],
        "quick_hits": [_change(ref) for ref in episode.quick_hits],
        "spotlight": _spotlight(episode.spotlight) if episode.spotlight else None,
        "terms": [{"term": t.term, "meaning": t.meaning, "source": t.source} for t in episode.terms],
    }


def _spotlight(pick: Spotlight) -> dict[str, Any]:
    return {
        "label": f"PR #{pick.pr}",
        "earlier": False,
        "title": pick.title,
        "url": safe_url(pick.url),
        "authors": [pick.author],
        "reviewers": pick.reviewers,
        "comments": pick.comments,
    }


def _common(show: Show, layout: Layout, root: str, artwork: str, canonical: str | None) -> dict[str, Any]:
    return {
        "show": show,
        "description": show_description(show),
        "root": root,
        "feed_href": layout.feed if layout.base else f"{root}feed.xml",
        "artwork_file": artwork,
        "artwork_href": layout.url(artwork) if layout.base else f"{root}{artwork}",
        "canonical": canonical,
        "clock": clock,
    }


def _seconds(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _series_jsonld(show: Show, layout: Layout, artwork: str) -> dict[str, Any]:
    return {
        "@type": "PodcastSeries",
        "@id": f"{layout.home}#podcast",
        "name": show.name,
        "description": show_description(show),
        "url": layout.home,
        "webFeed": layout.feed,
        "image": layout.url(artwork),
    }


def _episode_jsonld(show: Show, layout: Layout, entry: Entry, artwork: str) -> dict[str, Any]:
    transcript = " ".join(s.text for s in entry.episode.script.sentences)
    return {
        "@context": "https://schema.org",
        "@type": "PodcastEpisode",
        "@id": f"{layout.episode_page(entry.slug)}#episode",
        "name": entry.title,
        "description": entry.episode.summary,
        "url": layout.episode_page(entry.slug),
        "image": layout.url(artwork),
        "episodeNumber": entry.number,
        "datePublished": iso_utc(entry.published),
        "temporalCoverage": entry.about_iso,
        "duration": iso_duration(entry.duration),
        "associatedMedia": {
            "@type": "AudioObject",
            "contentUrl": layout.url(f"{layout.episode_dir(entry.slug)}/episode.mp3"),
            "encodingFormat": "audio/mpeg",
            "contentSize": str(entry.audio_size),
            "duration": iso_duration(entry.duration),
            "transcript": transcript,
        },
        "partOfSeries": _series_jsonld(show, layout, artwork),
    }


def render_episode_page(show: Show, layout: Layout, entries: list[Entry], index: int, artwork: str) -> bytes:
    """The page of ``entries[index]``: player, chapters, excerpt, notes, nearby episodes."""
    entry = entries[index]
    context = _common(show, layout, "../../", artwork, layout.episode_page(entry.slug) if layout.base else None)
    chapters = [
        {"title": c.title, "start": _seconds(c.start), "clock": clock(c.start), "url": safe_url(c.url)}
        for c in entry.chapters
    ]
    html = (
        _env()
        .get_template("episode.html")
        .render(
            context,
            entry=entry,
            published_iso=iso_utc(entry.published),
            duration_iso=iso_duration(entry.duration),
            audio_href=layout.url(f"{layout.episode_dir(entry.slug)}/episode.mp3") if layout.base else "episode.mp3",
            chapters=chapters,
            excerpt=excerpt(entry.episode.script),
            notes=notes_of(entry.episode),
            neighbours=nearby(entries, index),
            jsonld=_episode_jsonld(show, layout, entry, artwork),
            share=_share(layout, entry),
        )
    )
    return html.encode("utf-8")


def _share(layout: Layout, entry: Entry) -> dict[str, str] | None:
    """The episode's link and an embed snippet of its player; None without absolute URLs."""
    if not layout.base:
        return None
    embed = template("embed_snippet.html").render(
        src=layout.url(f"{layout.episode_dir(entry.slug)}/embed.html"), title=entry.title
    )
    return {"page": layout.episode_page(entry.slug), "embed": embed.strip()}


def render_embed_page(show: Show, entry: Entry, artwork: str) -> bytes:
    """A bare player of ``entry`` for other sites' iframes: cover, title, day, audio."""
    return template("embed.html").render(show=show, entry=entry, artwork_file=artwork).encode("utf-8")


def render_search_page(show: Show, layout: Layout, artwork: str, primary: str | None, merged: list[str]) -> bytes:
    """The search page: Pagefind's interface over the index of every episode and transcript,
    the ``primary`` bundle's merged with the others (site-relative folders; None: nothing to search)."""
    canonical = layout.url("search.html") if layout.base else None
    context = _common(show, layout, "", artwork, canonical)
    return template("search.html").render(context, primary=primary, merged=merged).encode("utf-8")


def render_transcript_page(show: Show, layout: Layout, entry: Entry, artwork: str) -> bytes:
    """The full transcript of ``entry``: sentence anchors with timestamps that seek the player."""
    timings = {(t.section, t.index): t.start for t in entry.episode.audio.sentences} if entry.episode.audio else {}
    sections = []
    for s_index, section in enumerate(entry.episode.script.sections):
        lines = []
        for i, sentence in enumerate(section.sentences):
            start = timings.get((s_index, i))
            lines.append(
                {
                    "id": f"s{s_index}-{i}",
                    "text": sentence.text,
                    "start": None if start is None else _seconds(start),
                    "clock": "" if start is None else clock(start),
                }
            )
        if lines:
            first = timings.get((s_index, 0))
            sections.append(
                {
                    "title": section.title,
                    "lines": lines,
                    "start": None if first is None else _seconds(first),
                    "clock": "" if first is None else clock(first),
                }
            )
    context = _common(show, layout, "../../", artwork, layout.transcript_page(entry.slug) if layout.base else None)
    html = (
        _env()
        .get_template("transcript.html")
        .render(
            context,
            entry=entry,
            sections=sections,
            notes=notes_of(entry.episode),  # so the one page search finds holds the notes too
        )
    )
    return html.encode("utf-8")


def render_index(show: Show, layout: Layout, entries: list[Entry], artwork: str) -> bytes:
    """The show page: artwork, description, subscribe links, latest episodes, weekly recaps."""
    newest = entries[::-1]
    jsonld = {"@context": "https://schema.org", **_series_jsonld(show, layout, artwork)}
    html = (
        _env()
        .get_template("index.html")
        .render(
            _common(show, layout, "", artwork, layout.home if layout.base else None),
            latest=newest[:LATEST],
            recaps=[e for e in newest if e.is_recap],
            archive=newest[LATEST:],
            feed_absolute=layout.feed if layout.base else None,
            apps=subscribe_links(layout.feed, show.name) if layout.base else [],
            jsonld=jsonld,
        )
    )
    return html.encode("utf-8")
