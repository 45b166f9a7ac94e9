"""A release's own notes, as the project keeps them in the tree at the release's commit.

Projects write what a release carries in a changelog (``CHANGELOG.md``, ``CHANGES.rst``,
``NEWS``, curl's ``RELEASE-NOTES``): a heading naming the version, sub-headings such as
"Breaking changes" or "Bug fixes", and one bullet per change. The section of the release's
version is read, its bullets kept in the project's order with the breaking ones apart, so a
release is told by what its authors say it brings. The notes are untrusted text like any
message: only plain bullets are kept, each capped in length.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygit2

__all__ = ["ReleaseNotes", "release_notes", "notes_section", "NOTES_FILES"]

# Where projects keep their notes, most specific first (the tree root, then docs/).
NOTES_FILES = (
    "CHANGELOG.md", "CHANGELOG.rst", "CHANGELOG", "CHANGES.md", "CHANGES.rst", "CHANGES", "NEWS.md", "NEWS.rst",
    "NEWS", "HISTORY.md", "HISTORY.rst", "RELEASE-NOTES", "RELEASE_NOTES.md", "RELEASENOTES.md",
    "docs/CHANGELOG.md", "docs/changelog.md", "docs/news.rst", "docs/changelog.rst",
)
_MAX_BYTES = 2 << 20  # a notes file larger than this is not read
_MAX_ITEMS = 40
_ITEM_CHARS = 200
_BULLET = re.compile(r"^\s{0,6}(?:[-*+•]|o|\d{1,3}[.)])\s+(?P<text>\S.*)$")
_MD_HEADING = re.compile(r"^(?P<marks>#{1,6})\s+(?P<text>.+?)\s*#*\s*$")
_RST_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+])\1{2,}\s*$")
# Sub-headings whose items break something for users.
_BREAKING = re.compile(r"\b(?:breaking|incompatib\w*|removals?|removed|deprecat\w*|migration)\b", re.I)
# curl's RELEASE-NOTES: "This release includes the following changes:" then " o …" items.
_PLAIN_HEADING = re.compile(r"^(?P<text>[A-Z][^.!?]{3,80}):\s*$")
_LINK = re.compile(r"\[([^\]]{1,200})\]\([^)]{0,300}\)")
_NOISE = re.compile(
    r"\s*(?:\((?:#\d+[,\s]*)+\)|\[#?\d+\]|\bby @[\w-]+(?: in\b.*)?|\(@[\w-]+\)|\bthanks,? @[\w-]+\.?|\s\[\d+\]$)", re.I
)


@dataclass(frozen=True)
class ReleaseNotes:
    """What a release's notes say it brings, in their order."""

    path: str  # the file they came from
    items: list[str] = field(default_factory=list)  # every plain bullet of the section, breaking ones too
    breaking: list[str] = field(default_factory=list)  # the bullets under a breaking or removal heading


def _clean(text: str) -> str:
    text = _LINK.sub(r"\1", text)
    text = _NOISE.sub("", text)
    text = text.replace("`", "").replace("**", "").strip(" .;")
    return " ".join(text.split())[:_ITEM_CHARS]


def _heading(lines: list[str], i: int) -> tuple[int, str] | None:
    """(level, text) when line ``i`` is a heading: markdown ``#``, an rst underline, or "Text:"."""
    line = lines[i]
    md = _MD_HEADING.match(line)
    if md:
        return len(md.group("marks")), md.group("text")
    if i + 1 < len(lines) and line.strip() and _RST_UNDERLINE.match(lines[i + 1]) and not _BULLET.match(line):
        return {"=": 1, "-": 2, "~": 3}.get(lines[i + 1][0], 3), line.strip()
    plain = _PLAIN_HEADING.match(line)
    return (4, plain.group("text")) if plain else None


def _names_version(text: str, version: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(version)}(?![\w]|\.\d)", text.replace("_", ".")) is not None


_ANY_VERSION = re.compile(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)*(?:[-.]?(?:rc|a|b|alpha|beta|dev)\.?\d*)?(?![\w])")


def notes_section(text: str, version: str) -> tuple[list[str], list[str]]:
    """(items, breaking items) of ``version``'s section of a changelog's text."""
    lines = text.splitlines()
    start = level = None
    for i in range(len(lines)):
        head = _heading(lines, i)
        if head is not None and head[0] <= 3 and _names_version(head[1], version):
            start, level = i + 1, head[0]
            break
    if start is None or level is None:
        # curl's RELEASE-NOTES tells one release, named on its first line ("curl and libcurl 8.3.0").
        first = next((line for line in lines if line.strip()), "")
        if not _names_version(first, version):
            return [], []
        start, level = lines.index(first) + 1, 1
    items: list[str] = []
    breaking: list[str] = []
    in_breaking = False
    for i in range(start, len(lines)):
        head = _heading(lines, i)
        if head is not None:
            if head[0] <= level and _ANY_VERSION.search(head[1]):
                break  # the next release's section
            in_breaking = bool(_BREAKING.search(head[1]))
            continue
        bullet = _BULLET.match(lines[i])
        if bullet is None:
            continue
        item = _clean(bullet.group("text"))
        if len(item.split()) < 2 or item in items:
            continue
        items.append(item)
        if in_breaking:
            breaking.append(item)
        if len(items) >= _MAX_ITEMS:
            break
    return items, breaking


def release_notes(repo: pygit2.Repository, sha: str, version: str) -> ReleaseNotes | None:
    """The notes for ``version`` in the tree of commit ``sha``, from the first notes file that has them."""
    try:
        tree = repo[sha].peel(pygit2.Tree)
    except (KeyError, ValueError, pygit2.GitError):
        return None
    for path in NOTES_FILES:
        try:
            blob = tree[path]
        except (KeyError, pygit2.GitError):
            continue
        if not isinstance(blob, pygit2.Blob) or blob.is_binary or blob.size > _MAX_BYTES:
            continue
        items, breaking = notes_section(blob.data.decode("utf-8", "replace"), version)
        if items:
            return ReleaseNotes(path, items, breaking)
    return None
