"""A feed item's show notes, fitted to Apple's 4,000-byte limit; the page keeps them whole."""

from __future__ import annotations

from typing import Any

from .entries import Entry
from .layout import Layout
from .pages import notes_of, template

__all__ = ["ITEM_NOTES_LIMIT", "feed_notes"]

ITEM_NOTES_LIMIT = 4000  # bytes of an item's description (and content:encoded) Apple takes


def _sections(entry: Entry) -> list[dict[str, Any]]:
    """Every group of cited changes, in the order the episode tells them."""
    notes = notes_of(entry.episode)
    sections = [{"story": story, "changes": story["changes"]} for story in notes["stories"]]
    if notes["spotlight"]:
        spot = notes["spotlight"]
        sections.append(
            {"story": {"role": "Spotlight", "headline": "the most-reviewed pull request", "people": spot["reviewers"]},
             "changes": [spot]}
        )  # fmt: skip
    if notes["quick_hits"]:
        sections.append({"story": {"role": "Quick hits", "headline": "smaller changes", "people": []},
                         "changes": notes["quick_hits"]})  # fmt: skip
    return sections


def feed_notes(entry: Entry, layout: Layout, limit: int = ITEM_NOTES_LIMIT) -> str:
    """The summary, then as many stories and their changes as fit in ``limit`` UTF-8 bytes,
    then links to the episode page and the full transcript."""
    macros: Any = template("feed_notes.html").module  # its macros are attributes Jinja makes at run time
    closing = str(macros.closing(layout.episode_page(entry.slug), layout.transcript_page(entry.slug)))
    blocks = [str(macros.opening(entry))]
    room = limit - len(closing.encode()) - len(blocks[0].encode())
    for section in _sections(entry):
        head = str(macros.heading(section["story"])) + "<ul>"
        items = [str(macros.change(change)) for change in section["changes"]]
        if not items:
            continue
        sizes = [len(item.encode()) for item in items]
        spare = len(str(macros.more(len(items))).encode())  # the widest "and N more" line
        cost = len(head.encode()) + len(b"</ul>")
        if cost + sizes[0] + (spare if len(items) > 1 else 0) > room:
            break
        kept = 0
        while kept < len(items) and cost + sizes[kept] + (spare if kept + 1 < len(items) else 0) <= room:
            cost += sizes[kept]
            kept += 1
        tail = [] if kept == len(items) else [str(macros.more(len(items) - kept))]
        block = head + "".join(items[:kept] + tail) + "</ul>"
        blocks.append(block)
        room -= len(block.encode())
        if tail:
            break
    return "".join(blocks) + closing
