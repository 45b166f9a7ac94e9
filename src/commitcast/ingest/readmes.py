"""What a repository says about its own parts: the first sentence of each directory's README.

The host may explain an area the first time an episode names it, in the project's own words
("the runtime-core package is …"); it never invents an explanation. README text is untrusted:
only one plain sentence is kept, capped in length, with markup, links and badges removed.
"""

from __future__ import annotations

import re

import pygit2

__all__ = ["readme_leads", "lead_sentence", "term_definitions", "definitions_in"]

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


# "DTensor (Distributed Tensor) is a PyTorch API that …", "The SPL is a small loader that …":
# a term a project's docs define, in the sentence that defines it.
_DEFINITION = re.compile(
    r"^(?:The\s+)?(?P<term>[A-Z][\w.+/-]{1,30}(?:\s[A-Z][\w.+/-]{1,30}){0,2})(?:\s*\([^()]{1,60}\))?\s+"
    r"(?:is|are)\s+(?:a|an|the|our|PyTorch's|U-Boot's)\s+[^.!?]{8,200}[.!]$"
)
_DOC_DIRS = ("docs", "doc", "Documentation")
_MAX_DOCS = 200  # doc files read, breadth first
_MAX_TERMS = 400


def _doc_files(tip: pygit2.Commit) -> list[tuple[str, pygit2.Object]]:
    """The README files at the top and the markdown and reStructuredText files of the docs folders."""
    found: list[tuple[str, pygit2.Object]] = []
    for entry in tip.tree:
        if entry.type_str == "blob" and entry.name in _NAMES:
            found.append((entry.name or "", entry))
    queue: list[tuple[str, pygit2.Tree, int]] = []
    for name in _DOC_DIRS:
        try:
            entry = tip.tree[name]
        except KeyError:
            continue
        if isinstance(entry, pygit2.Tree):
            queue.append((f"{name}/", entry, 0))
    while queue and len(found) < _MAX_DOCS:
        path, tree, depth = queue.pop(0)
        for entry in tree:
            name = entry.name or ""
            if isinstance(entry, pygit2.Tree) and depth < _MAX_DEPTH:
                queue.append((f"{path}{name}/", entry, depth + 1))
            elif entry.type_str == "blob" and name.endswith((".md", ".rst")):
                found.append((f"{path}{name}", entry))
    return found[:_MAX_DOCS]


def definitions_in(text: str) -> dict[str, str]:
    """Term -> the sentence that defines it, for each plain sentence of ``text`` shaped "X is a …"."""
    found: dict[str, str] = {}
    for paragraph in re.split(r"\n\s*\n", text):
        lines = [line.strip() for line in paragraph.splitlines() if line.strip() and not _SKIP_LINE.match(line)]
        plain = " ".join(_LINK.sub(lambda m: m.group(1) or "", " ".join(lines)).split())
        for sentence in re.split(r"(?<=[.!?])\s+", plain):
            match = _DEFINITION.match(sentence)
            if match and sum(ch.isalpha() for ch in sentence) >= 0.6 * len(sentence) and len(sentence) <= _MAX_CHARS:
                found.setdefault(match.group("term"), sentence)
    return found


def term_definitions(repo: pygit2.Repository, tip: pygit2.Commit) -> dict[str, tuple[str, str]]:
    """Term -> (the sentence defining it, the file it is in), from the top README and the docs
    folders at the tip: the project's own words for what its terms mean."""
    found: dict[str, tuple[str, str]] = {}
    for path, entry in _doc_files(tip):
        blob = repo[entry.id]
        if not isinstance(blob, pygit2.Blob) or blob.size > _MAX_BYTES or blob.is_binary:
            continue
        for term, sentence in definitions_in(blob.data.decode("utf-8", "replace")).items():
            found.setdefault(term, (sentence, path))
        if len(found) >= _MAX_TERMS:
            break
    return found
