"""A story's chapter title and its measured effect in one phrase."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..model import Fact, StoryKind
from ..phrasebook import Phrasebook, default_phrasebook
from ..storykinds import spec_of
from ..text import (
    format_factor,
    is_bot_name,
    measured_part,
    measured_subject,
    name_list,
    possessive,
    timed_phase,
)
from .annotate import Item
from .focus import Thread
from .stories import Group
from .titles_parse import parse_subject

__all__ = ["story_headline", "effect_phrase", "factor_range", "join_names", "possessive", "group_nature"]

_TIME_KINDS = ("runtime", "speedup")
_SMALLER_KINDS = ("memory", "size", "reduction")
# what a factor lessens, when the message names it: "128x less memory traffic vs the old approach"
_LESS_OF = re.compile(r"(?i)\d(?:[\d.]*)\s*[x×]\s+(?:less|lower|fewer)\s+([a-z][a-z ]{2,30}?)(?=\s+(?:vs\.?|than|compared|per|in|on|for|with)\b|[),.;]|$)")
_TITLE_LIMIT = 64  # a chapter title longer than this drops its "in <area>" tail


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


@dataclass(frozen=True)
class _Where:
    """Where a story's work happened, as its heading says it ("in Apple", "across A, B and more")."""

    text: str = ""
    area: str | None = None  # the one area, when one holds most of the work
    more: bool = False  # more areas than the heading names


def _where(group: Group, topic: str, book: Phrasebook) -> _Where:
    """ "in Apple", "across MediaTek, Cadence and more", or none when the topic already says it."""
    counts = Counter(i.areas[0] for i in group.items if i.areas)
    primaries = [a for a, _ in counts.most_common()]
    if not primaries:
        return _Where()
    if counts[primaries[0]] * 5 >= len(group.items) * 3:  # one area holds most of the work
        area = primaries[0]
        return _Where() if area.lower() in topic.lower() else _Where(book.say("headings.in_area", area=area), area)
    if len(primaries) == 1:
        return _Where()  # one area, but for a minority of the work: no place to name
    if len(primaries) == 2:
        return _Where(book.say("headings.across_two", first=primaries[0], second=primaries[1]))
    return _Where(book.say("headings.across_more", first=primaries[0], second=primaries[1]), more=True)


def _fit(topic: str, where: _Where) -> str:
    title = f"{topic} {where.text}" if where.text else topic
    return title if len(title) <= _TITLE_LIMIT else topic


def story_headline(
    group: Group, focus: Sequence[str] = (), threads: Sequence[Thread] = (), phrases: Phrasebook | None = None
) -> str:
    """A short, topic-first chapter title made of the group's own words ("Op fixes in portable
    kernels"), worded in the style's ``phrases`` (default: the default's)."""
    book = phrases or default_phrasebook()
    items = group.items
    n = len(items)
    if group.kind == StoryKind.REVERT:
        if group.subject is None:  # a revert that does not say what it reverts ("Revert D63918659")
            area = group.areas[0] if group.areas else None
            return book.say("headings.rollback_in", area=area) if area else book.say("headings.rollback")
        topic = parse_subject(group.subject).topic
        reverted = any("revert" in item.kinds for item in items)
        if group.relanded and reverted:
            return book.say("headings.reverted_relanded", topic=topic)
        if group.relanded:
            return book.say("headings.returns", topic=topic)
        return book.say("headings.reverted", topic=topic)
    if spec_of(group.kind).alone or n == 1:
        return _cap(items[0].subject.topic)
    noun = book.say(f"headings.nouns.{group_nature(group)}")
    if group.kind == StoryKind.AREA:
        area = group.areas[0] if group.areas else book.say("headings.code_base")
        return book.say("headings.round_up", area=_cap(area))
    # "Reuse workers for … tests" names the work; "Docs update …" would read as a title cut off.
    pattern = group.pattern or ""
    if group.kind == StoryKind.CAMPAIGN and group.parts == 1 and pattern.strip("… ") and "…" not in (pattern[0], pattern[-1]):
        return _cap(pattern)
    if group.series:  # the effort's own name: "The Build Folder Migration", "Backend Tester and more"
        return book.say("headings.named_series" if group.named else "headings.series", series=_cap(group.series))
    if focus:
        topic = book.say("headings.focus", focus=join_names(focus), noun=noun)
        return _cap(_fit(topic, _where(group, topic, book)))
    if threads and len(threads[0].items) * 10 >= n * 3:
        label = threads[0].label
        where = _where(group, label, book)
        if len(threads[0].items) < n and not where.more:
            label = book.say("headings.and_more", label=label)  # never twice: "README updates and more across docs and more"
        return _cap(_fit(label, where))
    if len(threads) >= 2:
        label = book.say("headings.two_threads", first=threads[0].label, second=threads[1].label)
        return _cap(_fit(label, _where(group, label, book)))
    where = _where(group, "", book)
    # One person's changes with nothing more in common are their story: "Scott Wolchok's work
    # in portable kernels" says more than "Work in portable kernels".
    people = group.people
    # A bot's name is no author's: "Vulkan housekeeping", not "pytorchbot's Vulkan housekeeping".
    alone = len(people) == 1 and group.kind == StoryKind.AUTHOR_SERIES and not is_bot_name(people[0])

    def whose(work: str) -> str:
        return book.say("headings.whose", person_s=possessive(people[0]), work=work) if alone else work

    if where.area is not None:
        area = where.area
        if area.lower().startswith(noun.split()[0]):
            noun = book.say("headings.updates")  # not "docs docs"
        named = area[:1].isupper() or any(c.isupper() for c in area)
        # A named part of the code base comes first ("Vulkan build-out"); "fixes in unit tests".
        return _cap(whose(book.say("headings.area_work" if named else "headings.work_in", area=area, noun=noun)))
    if where.text:
        return _cap(_fit(whose(noun), where))
    return _cap(book.say("headings.work_from", noun=noun, people=join_names(people, 2)))


def factor_range(facts: Sequence[Fact], kinds: Sequence[str]) -> tuple[float, float] | None:
    """Smallest and largest improvement factor among facts of the given kinds."""
    values = [f.low or f.factor for f in facts if f.kind in kinds and f.factor and f.factor > 1]
    highs = [f.factor for f in facts if f.kind in kinds and f.factor and f.factor > 1]
    if not highs:
        return None
    return min(v for v in values if v), max(h for h in highs if h)


def _span(lo: float, hi: float) -> str:
    if hi < 1.1:  # 107.8 -> 108.5 tok/s is "0.6%", never "1x"
        return f"{(hi - 1) * 100:.1f}".rstrip("0").rstrip(".") + "%"
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
            measures = {measured_part(f.text) for f in facts if f.kind in _TIME_KINDS and f.factor and f.factor > 1}
            if len(measures) > 1:
                # "1.85x end to end, and 15x in generator time" is no range of one thing (torchtitan #2486):
                # the whole's figure, or none
                facts = [f for f in facts if f.kind not in _TIME_KINDS or measured_part(f.text) in ("end to end", "overall")]
                if not any(f.kind in _TIME_KINDS and f.factor and f.factor > 1 for f in facts):
                    return None
                where = f" end to end{where}"
            timed = [f for f in facts if f.kind in _TIME_KINDS and f.factor and f.factor > 1]
            subjects = {measured_subject(f.text) for f in timed}
            if len(subjects) > 1 and None not in subjects:
                # "uv lock 1.6x, uv sync 1.1x" is no range of one thing either (uv #19398): the best, named
                best = max(timed, key=lambda f: f.factor or 0)
                best_span = factor_range([best], _TIME_KINDS)
                if best_span:
                    return f"{measured_subject(best.text)} {_span(*best_span)} faster{where}"
            span = factor_range(facts, _TIME_KINDS)
            runtimes = [f for f in facts if f.kind == "runtime"]
            noun = "runtimes " if len(runtimes) > 1 else "runtime " if runtimes else ""
            phases = {timed_phase(f.text) for f in timed}
            if len(phases) == 1 and None not in phases:
                noun = f"{phases.pop()} "  # "load time 3x faster": what the figures time, no "runtime"
            if span:
                return f"{noun}{_span(*span)} faster{where}"
        if category == "smaller":
            span = factor_range(facts, _SMALLER_KINDS)
            # "128x less memory traffic" is less traffic, not a thing 128 times smaller (executorch #19940)
            less = {m.group(1).lower() for f in facts if f.kind in _SMALLER_KINDS and (m := _LESS_OF.search(f.text))}
            if span and len(less) == 1:
                return f"{_span(*span)} less {less.pop()}{where}"
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
