"""Commit and forge text is untrusted: it is made printable once, where it enters commitcast.

Git reading (:func:`commitcast.ingest.gitrepo.decode`) and the forges' answers
(``collect_activity`` in :mod:`commitcast.ingest.github` and :mod:`commitcast.ingest.gitlab`) pass every string through
:func:`printable`, so no later stage, page, transcript or terminal sees an escape sequence,
a NUL or a bidi override that came from a commit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

__all__ = ["printable", "one_line", "map_strings", "head_and_tail"]

# Terminal escape sequences, removed whole so that no "[2J" is left behind.
_ESCAPES = re.compile(
    r"\x1b\][^\x07\x1b\n]{0,512}(?:\x07|\x1b\\)"  # OSC ... BEL or ST
    r"|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"  # CSI parameters, intermediates, final byte
    r"|\x1b[ -/]*[0-~]"  # ESC, intermediates, final byte
)
# Then the other control characters: C0 but tab and newline, DEL, C1, and the bidi
# embeddings, overrides and isolates that make text display other than it reads.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_LINE_ENDS = re.compile("\r\n?")


def printable(text: str) -> str:
    """``text`` with line endings made ``\\n`` and every other control character removed."""
    # Every escape and line end starts with one of the controls, so text without any (most
    # commit messages: printable but for their newlines) is already as it should be.
    if text.isprintable() or _CONTROLS.search(text) is None:
        return text
    return _CONTROLS.sub("", _ESCAPES.sub("", _LINE_ENDS.sub("\n", text)))


def one_line(text: str) -> str:
    """``text`` printable and on one line, runs of white space made one space."""
    return " ".join(printable(text).split())


def map_strings(value: Any, change: Callable[[str], str]) -> Any:
    """A JSON-like tree with ``change`` applied to every string in it (dict keys included)."""
    if isinstance(value, str):
        return change(value)
    if isinstance(value, dict):
        return {map_strings(k, change): map_strings(v, change) for k, v in value.items()}
    if isinstance(value, list):
        return [map_strings(v, change) for v in value]
    return value


def head_and_tail(text: str, limit: int, tail: int) -> str:
    """``text`` when it has at most ``limit`` characters; else its first ``limit - tail`` and its
    last ``tail`` characters, as two paragraphs (the tail of a message holds its trailers)."""
    if len(text) <= limit:
        return text
    return text[: limit - tail].rstrip() + "\n\n" + text[-tail:].lstrip()
