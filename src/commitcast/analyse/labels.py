"""What a change's forge labels say: its kinds, severity and areas.

Maintainers label PRs on purpose, so a label is a stronger signal than a word in a title.
PyTorch-style labels ("module: inductor", "topic: bug fixes", "release notes: quantization")
and GitHub's default labels ("bug", "enhancement", …) are understood; process labels
("ciflow/trunk", "topic: not user facing", "triaged") and unknown ones say nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .areas import tag_area

__all__ = ["LabelSignals", "read_labels"]

# label (lower-case, single-spaced) -> (kinds, severity)
_KIND_LABELS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "topic: bug fixes": (("fix",), ()),
    "topic: bug fix": (("fix",), ()),
    "bug": (("fix",), ()),
    "type: bug": (("fix",), ()),
    "topic: performance": (("performance",), ()),
    "performance": (("performance",), ()),
    "topic: new features": (("feature",), ()),
    "topic: new feature": (("feature",), ()),
    "enhancement": (("feature",), ()),
    "feature": (("feature",), ()),
    "topic: docs": (("docs",), ()),
    "documentation": (("docs",), ()),
    "dependencies": (("dependency",), ()),
    "topic: build": (("build",), ()),
    "topic: bc breaking": ((), ("breaking",)),
    "topic: bc-breaking": ((), ("breaking",)),
    "module: bc-breaking": ((), ("breaking",)),
    "bc-breaking": ((), ("breaking",)),
    "bc breaking": ((), ("breaking",)),
    "breaking change": ((), ("breaking",)),
    "security": (("fix",), ("security",)),
}
# Prefixes whose rest names the area the PR belongs to.
_AREA_PREFIXES = ("module:", "oncall:", "release notes:")
_PARENS = re.compile(r"^(?P<outer>[^()]+?)\s*\((?P<inner>[^()]+)\)$")


@dataclass(frozen=True)
class LabelSignals:
    """Kinds, severity and areas read from labels, in label order."""

    kinds: tuple[str, ...] = ()
    severity: tuple[str, ...] = ()
    areas: tuple[str, ...] = ()


def _area(rest: str) -> str | None:
    """ "distributed (fsdp)" names FSDP; else the label's words through ``tag_area``."""
    m = _PARENS.match(rest)
    candidates = [m["inner"], m["outer"]] if m else [rest]
    return next((a for a in map(tag_area, candidates) if a), None)


def read_labels(labels: Iterable[str]) -> LabelSignals:
    """The kinds, severity and areas a change's forge labels state."""
    kinds: list[str] = []
    severity: list[str] = []
    areas: list[str] = []
    for label in labels:
        key = " ".join(label.lower().split())
        if key in _KIND_LABELS:
            found_kinds, found_severity = _KIND_LABELS[key]
            kinds += [k for k in found_kinds if k not in kinds]
            severity += [s for s in found_severity if s not in severity]
            continue
        prefix = next((p for p in _AREA_PREFIXES if key.startswith(p)), None)
        if prefix is None:
            continue
        area = _area(key[len(prefix) :].strip())
        if area and area.lower() not in {a.lower() for a in areas}:
            areas.append(area)
    return LabelSignals(tuple(kinds), tuple(severity), tuple(areas))
