"""A story's chapter title and its measured effect in one phrase."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..model import Fact, StoryKind
from ..storykinds import spec_of
from ..text import format_factor, is_bot_name, name_list, possessive
from .annotate import Item
from .focus import Thread
from .stories import Group
from .titles_parse import parse_subject

__all__ = ["story_headline", "effect_phrase", "factor_range", "join_names", "possessive", "group_nature"]

_TIME_KINDS = ("runtime", "speedup")
_SMALLER_KINDS = ("memory", "size", "reduction")
_TITLE_LIMIT = 64  # a chapter title longer than this drops its "in <area>" tail
# What a story's work is called in a chapter title, by its nature.
_WORK_NOUN = {
    "feature": "build-out", "correctness": "fixes", "speed": "speedups", "tests": "test work",
    "docs": "docs", "build": "build work", "refactor": "cleanup", "churn": "housekeeping", "mixed": "work",
}


def join_names(names: Sequence[str], limit: int = 3) -> str:
    """ "A", "A and B", "A, B and C", "A, B and 2 more"."""
    return name_list(names, limit, count_rest=True)


def _mostly(items: Sequence[Item], kind: str) -> bool:
    return sum(kind in item.kinds for item in items) * 2 > len(items)


def group_nature(group: Group) -> str:
    """What the group's work is, in one word: "speed", "correctness", "feature", "docs", "mixed", …"""
    items = group.items
    if group.kind == StoryKind.REVERT:
        reverted = any("revert" in item.kinds for item in items)
        return "reland" if group.relanded and not reverted else "revert"
    wins = any(f.kind not in ("tests", "lines") for item in items for f in item.facts)
    # What the plan is sure of names the work: "Fixes in distributed" for two removals would not be true.
    primary = Counter(item.sure_kinds[0] if item.sure_kinds else "other" for item in items)
    if any(set(item.sure_severity) - {"breaking"} for item in items) and (len(items) <= 2 or _mostly(items, "fix")):
        return "correctness"
    if wins or _mostly(items, "performance"):
        return "speed"
    if sum(item.bot for item in items) * 2 >= len(items) or primary["dependency"] * 2 >= len(items):
        return "churn"
    top, count = primary.most_common(1)[0]
    nature = "mixed" if count * 2 <= len(items) else {  # no kind dominates: do not pretend one does
        "fix": "correctness", "correctness": "correctness", "feature": "feature", "docs": "docs",
        "tests": "tests", "build": "build", "refactor": "refactor", "chore": "refactor",
        "reland": "feature", "revert": "revert", "dependency": "churn", "performance": "speed",
    }.get(top, "mixed")
    added = sum(item.change.added for item in items)
    deleted = sum(item.change.deleted for item in items)
    # Mixed work that mostly adds code is building something out.
    return "feature" if nature == "mixed" and added >= 1000 and added >= 4 * deleted else nature


def _cap(text: str) -> str:
    """Capitalise a title's first word when it is a plain lower-case word (not "torch.compile")."""
    first = text.split(" ", 1)[0].replace("-", "")
    return text[:1].upper() + text[1:] if first.isalpha() and first.islower() else text


def _where(group: Group, topic: str) -> str:
    """ " in Apple", " across MediaTek, Cadence and more", or "" when the topic already says it."""
    counts = Counter(i.areas[0] for i in group.items if i.areas)
    primaries = [a for a, _ in counts.most_common()]
    if not primaries:
        return ""
    if counts[primaries[0]] * 5 >= len(group.items) * 3:  # one area holds most of the work
        area = primaries[0]
        return "" if area.lower() in topic.lower() else f" in {area}"
    shown = " and ".join(primaries[:2]) if len(primaries) == 2 else f"{', '.join(primaries[:2])} and more"
    return f" across {shown}"


def _fit(topic: str, where: str) -> str:
    title = topic + where
    return title if len(title) <= _TITLE_LIMIT else topic


def story_headline(group: Group, focus: Sequence[str] = (), threads: Sequence[Thread] = ()) -> str:
    """A short, topic-first chapter title made of the group's own words ("Op fixes in portable kernels")."""
    items = group.items
    n = len(items)
    if group.kind == StoryKind.REVERT:
        if group.subject is None:  # a revert that does not say what it reverts ("Revert D63918659")
            area = group.areas[0] if group.areas else None
            return f"A rollback in {area}" if area else "A rollback"
        topic = parse_subject(group.subject).topic
        reverted = any("revert" in item.kinds for item in items)
        if group.relanded and reverted:
            return f"{topic}: reverted, then relanded"
        if group.relanded:
            return f"{topic} returns after a revert"
        return f"Reverted: {topic}"
    if spec_of(group.kind).alone or n == 1:
        return _cap(items[0].subject.topic)
    noun = _WORK_NOUN.get(group_nature(group), "work")
    if group.kind == StoryKind.AREA:
        area = group.areas[0] if group.areas else "Code base"
        return f"{_cap(area)} round-up"
    # "Reuse workers for … tests" names the work; "Docs update …" would read as a title cut off.
    pattern = group.pattern or ""
    if group.kind == StoryKind.CAMPAIGN and group.parts == 1 and pattern.strip("… ") and "…" not in (pattern[0], pattern[-1]):
        return _cap(pattern)
    if group.series:  # the effort's own name: "The Build Folder Migration", "Backend Tester and more"
        return f"The {_cap(group.series)}" if group.named else f"{_cap(group.series)} and more"
    if focus:
        topic = f"{join_names(focus)} {noun}"
        return _cap(_fit(topic, _where(group, topic)))
    if threads and len(threads[0].items) * 10 >= n * 3:
        label = threads[0].label
        where = _where(group, label)
        if len(threads[0].items) < n and "and more" not in where:
            label += " and more"  # never twice: "README updates and more across docs and more"
        return _cap(_fit(label, where))
    if len(threads) >= 2:
        label = f"{threads[0].label} and {threads[1].label}"
        return _cap(_fit(label, _where(group, label)))
    where = _where(group, "")
    # One person's changes with nothing more in common are their story: "Scott Wolchok's work
    # in portable kernels" says more than "Work in portable kernels".
    people = group.people
    # A bot's name is no author's: "Vulkan housekeeping", not "pytorchbot's Vulkan housekeeping".
    alone = len(people) == 1 and group.kind == StoryKind.AUTHOR_SERIES and not is_bot_name(people[0])
    whose = f"{possessive(people[0])} " if alone else ""
    if where.startswith(" in "):
        area = where[len(" in "):]
        if area.lower().startswith(noun.split()[0]):
            noun = "updates"  # not "docs docs"
        named = area[:1].isupper() or any(c.isupper() for c in area)
        # A named part of the code base comes first ("Vulkan build-out"); "fixes in unit tests".
        return _cap(whose + (f"{area} {noun}" if named else f"{noun} in {area}"))
    if where:
        return _cap(_fit(whose + noun, where))
    return _cap(f"{noun} from {join_names(people, 2)}")


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
    """The measured win of a story, e.g. "runtimes 3x to 6x faster" (test and line counts are no
    win, nor a single reproduction's figure)."""
    facts = [f for f in facts if f.strength != "weak"]
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
