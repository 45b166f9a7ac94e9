"""What a repository says about its own parts: the first sentence of each directory's README.

The host may explain an area the first time an episode names it, in the project's own words
("the runtime-core package is …"); it never invents an explanation. README text is untrusted:
only one plain sentence is kept, capped in length, with markup, links and badges removed.
"""

from __future__ import annotations

import re

import pygit2

__all__ = ["readme_leads", "lead_sentence"]

_NAMES = ("README.md", "README.rst", "README.txt", "README", "readme.md")
_MAX_DIRS = 400  # directories looked at, breadth first
_MAX_DEPTH = 3
_MAX_BYTES = 64 * 1024
_MAX_CHARS = 200
_SKIP_LINE = re.compile(
    r"^\s*(?:#|=+$|-+$|\.\.|\[!\[|!\[|<|\||>|```|~~~|:[\w-]+:|\*{3,}|[-*+] |\d+\. |\$ |pip install|npm )", re.I
)
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)|`{1,3}|\*\*|__|<[^>]+>|https?://\S+")
_SENTENCE = re.compile(r"^(.{12,}?[.!?])(?:\s|$)")


def lead_sentence(text: str) -> str | None:
    """The first plain prose sentence of a README, or None."""
    paragraph: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            if paragraph:
                break
            continue
        if _SKIP_LINE.match(line):
            if paragraph:
                break
            continue
        paragraph.append(line.strip())
    if not paragraph:
        return None
    plain = " ".join(_LINK.sub(lambda m: m.group(1) or "", " ".join(paragraph)).split())
    match = _SENTENCE.match(plain)
    sentence = match.group(1) if match else None
    if sentence is None or len(sentence) > _MAX_CHARS or sum(ch.isalpha() for ch in sentence) < 0.6 * len(sentence):
        return None
    return sentence


def readme_leads(repo: pygit2.Repository, tip: pygit2.Commit) -> dict[str, str]:
    """Directory -> the lead sentence of its README, for directories below the top (at most
    ``_MAX_DEPTH`` deep, ``_MAX_DIRS`` of them, breadth first)."""
    found: dict[str, str] = {}
    queue: list[tuple[str, pygit2.Tree, int]] = [("", tip.tree, 0)]
    seen = 0
    while queue and seen < _MAX_DIRS:
        path, tree, depth = queue.pop(0)
        seen += 1
        for entry in tree:
            name = entry.name or ""
            if isinstance(entry, pygit2.Tree) and depth < _MAX_DEPTH and not name.startswith("."):
                queue.append((f"{path}{name}/", entry, depth + 1))
            elif path and entry.type_str == "blob" and entry.name in _NAMES:
                blob = repo[entry.id]
                if isinstance(blob, pygit2.Blob) and blob.size <= _MAX_BYTES:
                    sentence = lead_sentence(blob.data.decode("utf-8", "replace"))
                    if sentence:
                        found.setdefault(path.rstrip("/"), sentence)
    return found
