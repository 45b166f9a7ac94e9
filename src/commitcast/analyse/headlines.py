"""A story's chapter title and its measured effect in one phrase."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..model import Fact
from .facts import format_factor
from .stories import Group
from .titles_parse import parse_subject

__all__ = ["story_headline", "effect_phrase", "factor_range", "join_names"]

_TIME_KINDS = ("runtime", "speedup")
_SMALLER_KINDS = ("memory", "size", "reduction")


def join_names(names: Sequence[str], limit: int = 3) -> str:
    """ "A", "A and B", "A, B and C", "A, B and 2 more"."""
    names = list(names)
    if len(names) <= 1:
        return names[0] if names else ""
    if len(names) > limit:
        shown = names[: limit - 1]
        return f"{', '.join(shown)} and {len(names) - len(shown)} more"
    return f"{', '.join(names[:-1])} and {names[-1]}"


def story_headline(group: Group) -> str:
    """A short chapter title that is true of the group's changes."""
    items = group.items
    n = len(items)
    lead = group.people[0] if group.people else "someone"
    area = group.areas[0] if group.areas else None
    if group.kind == "revert":
        if group.subject is None:
            return items[0].subject.topic  # a revert that does not say what it reverts
        topic = parse_subject(group.subject).topic
        reverted = any("revert" in item.kinds for item in items)
        if group.relanded and reverted:
            return f"{topic}: reverted, then relanded"
        if group.relanded:
            return f"{topic} returns after a revert"
        return f"Reverted: {topic}"
    primaries = list(dict.fromkeys(i.areas[0] for i in items if i.areas))
    where = f" across {join_names(primaries, 3)}" if len(primaries) > 1 else f" in {area}" if area else ""
    if group.kind == "campaign":
        by = f"by {lead}" if len(group.people) == 1 else f"led by {lead}"
        if group.pattern:
            return f"{group.pattern} ({n} changes {by})"
        stack = "stack" if group.stacked else "series"
        return f"{lead}'s {stack} of {n} changes{where}"
    if group.kind == "author_series":
        who = f"{lead}'s {n} changes" if len(group.people) == 1 else f"{join_names(group.people, 2)}: {n} changes"
        if group.theme:
            return f"{who} on {group.theme}"
        if len(primaries) > 1:
            return f"{who} across {join_names(primaries, 3)}"
        return f"{who} to {area}" if area else who
    if group.kind == "area":
        return f"{area}: {n} changes from {len(group.people)} people"
    return items[0].subject.topic


def factor_range(facts: Sequence[Fact], kinds: Sequence[str]) -> tuple[float, float] | None:
    """Smallest and largest improvement factor among facts of the given kinds."""
    values = [f.low or f.factor for f in facts if f.kind in kinds and f.factor and f.factor > 1]
    highs = [f.factor for f in facts if f.kind in kinds and f.factor and f.factor > 1]
    if not highs:
        return None
    return min(v for v in values if v), max(h for h in highs if h)


def _span(lo: float, hi: float) -> str:
    a, b = format_factor(lo), format_factor(hi)
    return f"{b}x" if a == b else f"{a}x to {b}x"


def effect_phrase(facts: Sequence[Fact]) -> str | None:
    """The measured win of a story, e.g. "runtimes 3x to 6x faster" (test and line counts are no win)."""
    if not facts:
        return None
    counts = Counter(
        "time" if f.kind in _TIME_KINDS else "smaller" if f.kind in _SMALLER_KINDS else f.kind
        for f in facts if f.factor and f.factor > 1
    )
    hardware = {f.hardware for f in facts if f.hardware}
    where = f" on {next(iter(hardware))}" if len(hardware) == 1 else ""
    if counts:
        category = counts.most_common(1)[0][0]
        if category == "time":
            span = factor_range(facts, _TIME_KINDS)
            runtimes = [f for f in facts if f.kind == "runtime"]
            noun = "runtimes " if len(runtimes) > 1 else "runtime " if runtimes else ""
            if span:
                return f"{noun}{_span(*span)} faster{where}"
        if category == "smaller":
            span = factor_range(facts, _SMALLER_KINDS)
            if span:
                return f"{_span(*span)} smaller{where}"
        if category == "throughput":
            span = factor_range(facts, ("throughput",))
            if span:
                return f"throughput up {_span(*span)}{where}"
    percents = [f for f in facts if f.kind == "percent" and f.percent]
    if percents:
        best = max(percents, key=lambda f: f.percent or 0)
        return best.text
    memory = [f for f in facts if f.kind == "memory" and f.value and not f.factor]
    return memory[0].text if memory else None
