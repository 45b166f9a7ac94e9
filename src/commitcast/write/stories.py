"""Telling one story: what happened, who did it, what it measurably changed and why it matters.

Why a change matters is read only from the data: its kinds and severities (a silent wrong
result, a crash, a regression), its areas and the facts measured in its message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..model import ChangeRef, Citation, Fact, Sentence, Story, StoryThread
from .host import Host
from .wording import (
    a_an,
    approx_count,
    clean_quote,
    clean_reason,
    clean_title,
    count,
    in_base_units,
    is_bot,
    join,
    measure,
    number,
    possessive,
    times,
)

__all__ = [
    "nature",
    "heard_role",
    "ref_name",
    "size_of",
    "quote",
    "title_of",
    "who",
    "people_phrase",
    "area_of",
    "theme",
    "tell",
    "tell_revert",
    "fact_phrase",
    "time_facts",
    "NOUNS",
]

TIME_UNITS = {"s", "sec", "ms", "us", "µs", "ns", "min", "h"}
MEMORY_UNITS = {"gb", "mb", "kb", "gib", "mib", "kib", "tb", "bytes", "b"}
_TOKEN = re.compile(r"[^a-z0-9]+")

# What a quick hit of each nature is called, with its article.
NOUNS: dict[str, str] = {
    "silent": "fix for a silent wrong-result bug",
    "security": "security fix",
    "crash": "crash fix",
    "hang": "fix for a hang",
    "correctness": "correctness fix",
    "regression": "regression fix",
    "perf": "performance change",
    "feature": "feature change",
    "fix": "fix",
    "tests": "test change",
    "ci": "build and CI change",
    "docs": "documentation update",
    "refactor": "refactor",
    "deps": "dependency update",
    "revert": "revert",
    "generic": "change",
}


def _tokens(words: Sequence[str]) -> set[str]:
    return {t for w in words for t in _TOKEN.split(w.lower()) if t}


def nature(kinds: Sequence[str], severity: Sequence[str], facts: Sequence[Fact] = ()) -> str:
    """The single most newsworthy nature of a change or story, from its kinds and severities."""
    sev, kin = _tokens(severity), _tokens(kinds)
    both = sev | kin
    if "silent" in both:
        return "silent"
    if both & {"security", "cve", "vulnerability"}:
        return "security"
    if both & {"crash", "segfault", "abort"}:
        return "crash"
    if both & {"hang", "deadlock"}:
        return "hang"
    if both & {"correctness", "wrong", "incorrect"}:
        return "correctness"
    if both & {"regression"}:
        return "regression"
    if kin & {"revert", "backout"}:
        return "revert"
    if kin & {"performance", "perf", "speedup", "optimization", "optimisation"} or time_facts(
        facts
    ):
        return "perf"
    if kin & {"feature", "feat", "api", "new"}:
        return "feature"
    if kin & {"fix", "bugfix", "bug"}:
        return "fix"
    if kin & {"test", "tests", "testing"}:
        return "tests"
    if kin & {"ci", "build", "release", "infra", "infrastructure"}:
        return "ci"
    if kin & {"docs", "doc", "documentation"}:
        return "docs"
    if kin & {"refactor", "cleanup"}:
        return "refactor"
    if kin & {"dependency", "dependencies", "deps", "bump"}:
        return "deps"
    return "generic"


def _is_tests(story: Story) -> bool:
    return bool(_tokens(story.kinds) & {"test", "tests", "testing"}) or any(
        "test" in a.lower() for a in story.areas
    )


def _breaking(kinds: Sequence[str], severity: Sequence[str]) -> bool:
    return bool(_tokens([*kinds, *severity]) & {"breaking", "bc"})


def heard_role(story: Story) -> str:
    """The role a listener hears: a revert is a revert whatever its rank."""
    return "revert" if story.kind == "revert" else story.role


def size_of(story: Story) -> int:
    """How many changes the story holds (the plan may cite only some of them)."""
    return max(story.size, len(story.changes))


def ref_name(ref: ChangeRef) -> str:
    """How the host names a change: "PR 197649", else "commit d3fbb10"."""
    return f"PR {ref.pr}" if ref.pr is not None else f"commit {ref.sha[:7]}"


def title_of(ref: ChangeRef) -> str:
    """A change's title, quoted and fit to read aloud (its topic when the plan gives one)."""
    return quote(clean_title(ref.topic or ref.title))


def quote(text: str) -> str:
    """Mark message text as quoted, so listeners and the checker know it is the data's words."""
    return f"“{text}”"


def who(names: Sequence[str]) -> str:
    """The person to credit: the first human name, else "a bot", else "a contributor"."""
    humans = [n for n in names if n.strip() and not is_bot(n)]
    if humans:
        return humans[0]
    return "a bot" if names else "a contributor"


def people_phrase(names: Sequence[str]) -> str:
    """Up to three humans by name; more become "A, B and others"."""
    humans = list(dict.fromkeys(n for n in names if n.strip() and not is_bot(n)))
    if not humans:
        return who(names)
    if len(humans) <= 3:
        return join(humans)
    return f"{humans[0]}, {humans[1]} and others"


def area_of(areas: Sequence[str]) -> str:
    """One area to speak of, or a neutral stand-in when the plan names none."""
    return areas[0] if areas else "the code base"


def _areas(areas: Sequence[str]) -> str:
    return join(list(areas[:3])) if areas else "the code base"


def _before_after(f: Fact) -> tuple[float, float] | None:
    """Before and after in one base unit (seconds, bytes), when both are known and positive."""
    if f.before is None or f.after is None:
        return None
    before = in_base_units(f.before, f.before_unit or f.unit)
    after = in_base_units(f.after, f.unit)
    if before is None or after is None or before <= 0 or after <= 0:
        return None
    return before, after


def _factor(f: Fact) -> float | None:
    pair = _before_after(f)
    return pair[0] / pair[1] if pair else f.factor


def time_facts(facts: Sequence[Fact]) -> list[Fact]:
    """Facts measuring a time that went down (runtimes, latencies), biggest cut first."""
    found = []
    for f in facts:
        pair = _before_after(f)
        if pair and (f.unit or "").lower() in TIME_UNITS and pair[1] < pair[0]:
            found.append(f)
    return sorted(found, key=lambda f: -(_factor(f) or 0))


def _percent_word(f: Fact) -> str | None:
    text = f"{f.kind} {f.text}".lower()
    if any(w in text for w in ("regress", "slower", "increase", "worse")):
        return None
    if any(w in text for w in ("speedup", "speed-up", "faster", "speed up")):
        return "speedup"
    if any(w in text for w in ("reduc", "less", "lower", "smaller", "fewer", "saving", "saves")):
        return "reduction"
    return None


def fact_phrase(f: Fact) -> str:
    """A measured fact in plain words, built from its fields; its quoted text when unsure."""
    unit = (f.unit or "").lower()
    on = f" on {f.hardware}" if f.hardware else ""
    pair = _before_after(f)
    if (
        pair
        and pair[0] != pair[1]
        and (unit in TIME_UNITS or unit in MEMORY_UNITS)
        and f.before
        and f.after
    ):
        metric = "runtime" if unit in TIME_UNITS else "memory use"
        move = "falls" if pair[1] < pair[0] else "rises"
        text = f"{metric} {move} from {measure(f.before, f.before_unit or f.unit)} to {measure(f.after, f.unit)}"
        factor = pair[0] / pair[1]
        if unit in TIME_UNITS and factor >= 1.95:
            text += f", {times(factor)} faster"
        return text + on
    word = _percent_word(f)
    if f.percent is not None and f.percent > 0 and word:
        return a_an(f"{measure(f.percent, '%')} {word}") + on
    if f.factor is not None and f.factor >= 1.95 and word == "speedup":
        low = f.low if f.low is not None and 1.95 <= f.low < f.factor else f.factor
        return f"{times(low, f.factor)} faster{on}"
    return quote(clean_quote(f.text))


def _ref_for(story: Story, sha: str) -> ChangeRef | None:
    return next((r for r in story.changes if r.sha == sha), None)


def theme(story: Story) -> str:
    """The day's dominant story as a short clause for the cold open."""
    kind = nature(story.kinds, story.severity, story.facts)
    area = area_of(story.areas)
    timed = time_facts(story.facts)
    if timed:
        adverb = "dramatically" if (_factor(timed[0]) or 0) >= 3 else "noticeably"
        if _is_tests(story):
            place = "test infrastructure" if len(story.areas) >= 2 else f"the {area} tests"
            return f"{place} got {adverb} faster"
        return f"{area} got {adverb} faster"
    if story.kind == "revert" or story.role == "revert":
        return f"a revert in {area}" + (" and its comeback" if story.relanded else "")
    n = size_of(story)
    group = _group_theme(story) if n >= 3 and story.kind in _GROUP_KINDS else None
    if group:
        return group
    single = {
        "silent": f"a silent wrong-result bug in {area} is fixed",
        "security": f"a security fix in {area}",
        "crash": f"a crash fix in {area}",
        "hang": f"a fix for a hang in {area}",
        "correctness": f"a correctness fix in {area}",
        "regression": f"a regression fix in {area}",
    }
    if kind in single:
        return single[kind]
    person = who(story.people)
    if n >= 2 and person not in ("a bot", "a contributor"):
        return f"{possessive(person)} run of {approx_count(n, 'change')} in {_areas(story.areas)}"
    if n == 1 and _lines(story) >= _BIG_CHANGE and story.changes:
        ref = story.changes[0]
        return f"{title_of(ref)} from {who(ref.authors or story.people)}, a change of {_about_lines(_lines(story))}"
    if kind == "feature":
        return f"new work in {area}"
    if kind == "perf":
        return f"performance work in {area}"
    return f"work on {area}"


_GROUP_KINDS = ("campaign", "author_series", "area")
_BIG_CHANGE = 1000  # lines: a change or story this big has its size said


def _group_theme(story: Story) -> str | None:
    """ "Anthony Shoumikhin and Hansong's 33 changes on Tensor, Module and Value in Apple"."""
    humans = [p for p in dict.fromkeys(story.people) if not is_bot(p)]
    if not humans:
        return None
    n, area = size_of(story), area_of(story.areas)
    said = count(n, "change") if n < 100 else approx_count(n, "change")
    if story.kind == "area" or len(humans) > 2:
        return f"{said} in {area} from {count(len(humans), 'person', 'people')}, led by {humans[0]}"
    whose = possessive(join(humans))
    if story.series and story.series_size * 2 >= n:
        share = "all" if story.series_size == n else number(story.series_size)
        return f"{whose} {said} in {area}, {share} of them tagged “{story.series}”"
    if story.focus:
        return f"{whose} {said} on {focus_phrase(story.focus)} in {area}"
    main = _main_thread(story)
    if main is not None:
        return f"{whose} {said} in {area}, mostly about {main.label}"
    return None


def _main_thread(story: Story) -> StoryThread | None:
    """The thread holding most of the story, if there is one."""
    top = story.threads[0] if story.threads else None
    return top if top is not None and top.size * 2 > size_of(story) else None


def focus_phrase(words: Sequence[str]) -> str:
    """ "Tensor", "Tensor and Module", "Tensor, Module and Value"."""
    return join(list(words))


def _lines(story: Story) -> int:
    return story.lines_added + story.lines_deleted


def _about(n: int) -> str:
    """A line count rounded as said aloud: 9,374 -> "about 9,400"; small counts exactly."""
    if n < 100:
        return number(n)
    digits = len(str(n)) - 2
    rounded = int(round(n, -digits))
    return f"about {rounded:,}" if rounded != n else f"{n:,}"


def _about_lines(n: int) -> str:
    return f"{_about(n)} line{'s' if n != 1 else ''}"


def _pattern(titles: Sequence[str]) -> str | None:
    """The shared shape of a campaign's titles, e.g. “Reuse workers for … tests”."""
    split = [t.split() for t in titles if t]
    if len(split) < 2:
        return None
    prefix: list[str] = []
    for words in zip(*split, strict=False):
        if len(set(words)) != 1:
            break
        prefix.append(words[0])
    shortest = min(len(w) for w in split)
    suffix: list[str] = []
    for i in range(1, shortest - len(prefix) + 1):
        ends = {w[-i] for w in split}
        if len(ends) != 1:
            break
        suffix.insert(0, split[0][-i])
    if len(prefix) < 2 and not (prefix and suffix):
        return None
    if len(prefix) + len(suffix) >= shortest:
        return None
    head = " ".join(prefix)
    if head.count("(") > head.count(")"):  # "Rename … (group ID: …" : stop before the open bracket
        prefix = head[: head.rfind("(")].split()
        suffix = []
        if len(prefix) < 2:
            return None
    return quote(" ".join(prefix) + " … " + " ".join(suffix) if suffix else " ".join(prefix) + " …")


def _sample(refs: Sequence[ChangeRef], limit: int = 3) -> list[ChangeRef]:
    """A few changes with short, distinct titles: what a group of changes is about."""
    seen: set[str] = set()
    picks: list[ChangeRef] = []
    for ref in refs:
        title = clean_title(ref.topic or ref.title)
        if len(title) <= 60 and title.lower() not in seen:
            seen.add(title.lower())
            picks.append(ref)
        if len(picks) == limit:
            break
    return picks


def _examples(story: Story, limit: int = 4) -> tuple[str, list[ChangeRef]]:
    """ "DTensor in PR 1, FSDP in PR 2, plus NCCL and c10d", with the changes named."""
    parts: list[str] = []
    used: list[ChangeRef] = []
    named: list[str] = []
    for area in story.areas:
        ref = next((r for r in story.changes if area in r.areas and r not in used), None)
        if ref is not None:
            parts.append(f"{area} in {ref_name(ref)}")
            used.append(ref)
            named.append(area)
        if len(parts) == limit:
            break
    others = [a for a in story.areas if a not in named][:3]
    text = join(parts)
    if others and len(parts) >= 2:
        text = ", ".join(parts) + ", plus " + join(others)
    return text, used


# The sentence that says what a change of each nature did; the severe ones also say why it matters.
_CHANGE_SLOTS = {
    "silent": "silent_fix",
    "security": "security_fix",
    "crash": "crash_fix",
    "hang": "hang_fix",
    "correctness": "correctness_fix",
    "regression": "regression_fix",
    "perf": "perf_change",
    "feature": "feature_change",
    "tests": "tests_change",
    "ci": "ci_change",
    "docs": "docs_change",
    "refactor": "refactor_change",
    "fix": "fix_change",
}
_SEVERE = ("silent", "security", "crash", "hang", "correctness", "regression")


def _why(host: Host, kind: str, story: Story, refs: Sequence[ChangeRef]) -> list[Sentence]:
    """Why it matters, read from the data: the severity, or faster tests for their users."""
    area = area_of(story.areas) if size_of(story) < 2 else _areas(story.areas)
    slot = f"why_{kind}" if kind in _SEVERE else None
    if slot is None and time_facts(story.facts) and _is_tests(story):
        slot = "why_faster_tests"
    out = [host.say(slot, refs, area=area)] if slot else []
    if _breaking(story.kinds, story.severity):
        out.append(host.say("why_breaking", refs, area=area))
    return out


def _effect_range(story: Story) -> tuple[str, str] | None:
    """(metric, "three to six times") when several runtime facts show a clear speed-up."""
    timed = time_facts(story.facts)
    if len(timed) < 2 or (_factor(timed[0]) or 0) < 1.95:
        return None
    lo = min(_factor(f) or 0 for f in timed)
    hi = _factor(timed[0]) or 0
    span = times(lo, hi) if lo >= 1.95 else f"up to {times(hi)}"
    return ("test runtimes" if _is_tests(story) else "runtimes"), span


def _name_of(story: Story, f: Fact) -> str:
    ref = _ref_for(story, f.sha)
    return ref_name(ref) if ref is not None else f"commit {f.sha[:7]}"


def _facts(host: Host, story: Story, limit: int, *, range_said: bool = False) -> list[Sentence]:
    """The measured effect: the range (unless already said) and the best cases, else single facts."""
    out: list[Sentence] = []
    timed = time_facts(story.facts)
    sized = bool(_scale_slot(story))  # the story's size is said in lines already
    rest = [f for f in story.facts if f not in timed and not (sized and f.kind == "lines")]
    effect = _effect_range(story)
    if effect and range_said:
        for slot, f in zip(("best_case", "next_case"), timed[:limit], strict=False):
            out.append(host.say(slot, [_cite_fact(f)], ref=_name_of(story, f), fact=fact_phrase(f)))
        timed = []
    elif effect:
        metric, span = effect
        best = timed[0]
        out.append(
            host.say(
                "effect_range",
                [_cite_fact(f) for f in timed],
                metric=metric,
                range=span,
                ref=_name_of(story, best),
                before=measure(best.before or 0, best.before_unit or best.unit),
                after=measure(best.after or 0, best.unit),
            )
        )
        timed = []
    for f in [*timed, *rest][: max(0, limit - len(out))]:
        phrase = fact_phrase(f)
        slot = "fact_quote" if phrase.startswith("“") else "fact"
        out.append(host.say(slot, [_cite_fact(f)], ref=_name_of(story, f), fact=phrase))
    return out


def _cite_fact(f: Fact) -> Citation:
    """A fact cites the change it was read from."""
    return Citation(sha=f.sha, pr=f.pr)


def _single(host: Host, story: Story, lead: list[Sentence]) -> list[Sentence]:
    ref = story.changes[0]
    kind = nature([*story.kinds, *ref.kinds], [*story.severity, *ref.severity], story.facts)
    person = who(ref.authors or story.people)
    slot = _CHANGE_SLOTS.get(kind, "generic_change")
    if kind == "perf" and story.facts:
        slot = "perf_change_measured"
    if kind == "refactor" and _lines(story) >= _BIG_CHANGE:
        slot = "generic_change"  # thousands of lines are a migration or a rewrite, not a tidy-up
    area = area_of(ref.areas or story.areas)
    out = [*lead]
    out.append(
        host.say(slot, [ref], person=person, ref=ref_name(ref), area=area, title=title_of(ref))
    )
    out += _facts(host, story, limit=2)
    out += _scale(host, story)
    out += _why(host, kind, story, [ref])
    extra = size_of(story) - 1
    if extra:
        out.append(
            host.say(
                "more_changes",
                story.changes[1:],
                k=number(extra),
                changes="change" if extra == 1 else "changes",
                are="is" if extra == 1 else "are",
            )
        )
    others = [p for p in dict.fromkeys([*story.people, *ref.authors]) if p != person and not is_bot(p)]
    if others:
        out.append(host.say("people_also", story.changes, people=people_phrase(others)))
    return out


def _thread_parts(story: Story, noun: str) -> tuple[str, list[ChangeRef]]:
    """ "six changes on Tensor constructors, six on overloads and five on new Module APIs", plus the
    first change of each thread (what the sentence cites)."""
    parts: list[str] = []
    firsts: list[ChangeRef] = []
    for thread in story.threads[:3]:
        said = count(thread.size, noun) if not parts else number(thread.size)
        parts.append(f"{said} on {thread.label}")
        first = next((r for r in story.changes if r.sha in thread.changes), None)
        if first is not None:
            firsts.append(first)
    rest = size_of(story) - sum(t.size for t in story.threads[:3])
    text = join(parts)
    if rest > 0:
        text += f", plus {number(rest)} more"
    return text, firsts


def _lede(host: Host, story: Story, noun: str, people: str) -> Sentence | None:
    """The opening of a story told by its subject: who, how many, where and what about."""
    refs, n = story.changes, size_of(story)
    where = area_of(story.areas) if story.kind != "area" and _one_area(story) else _areas(story.areas)
    fields = {"people": people, "count": approx_count(n, noun), "area": where}
    if story.series:
        share = "all" if story.series_size == n else number(story.series_size)
        return host.say("series_lede", refs, series=story.series, share=share, **fields)
    if story.focus:
        return host.say("focus_lede", refs, focus=focus_phrase(story.focus), **fields)
    main = _main_thread(story)
    if main is not None:
        return host.say("thread_lede", refs, label=main.label, **fields)
    return None


def _one_area(story: Story) -> bool:
    """Most of the story's changes sit in its first area."""
    first = story.areas[0] if story.areas else None
    return first is not None and sum(first in r.areas[:1] for r in story.changes) * 5 >= len(story.changes) * 3


def _group(host: Host, story: Story, lead: list[Sentence]) -> list[Sentence]:
    refs = story.changes
    n = size_of(story)
    noun = "pull request" if all(r.pr is not None for r in refs) else "change"
    people = people_phrase(story.people or [a for r in refs for a in r.authors])
    out = [*lead]
    examples, used = _examples(story, 4 if all(r.pr is not None for r in refs) else 2)
    picks = refs[: 3 if noun == "pull request" else 2]
    main = _main_thread(story)
    # The threads are worth a sentence unless the opening already named the only one.
    threads_said = len(story.threads) >= 2 or (
        bool(story.threads) and main is None and not story.focus and not story.series
    )
    thread_text, firsts = _thread_parts(story, noun)
    pattern = None
    lede = _lede(host, story, noun, people)
    if lede is not None:
        out.append(lede)
    elif story.kind == "campaign":
        pattern = _pattern([clean_title(r.topic or r.title) for r in refs])
        effect = _effect_range(story)
        fields = {"count": approx_count(n, noun), "people": people, "areas": _areas(story.areas)}
        if effect:
            fields |= {"metric": effect[0], "range": effect[1]}
        slot = "campaign_pattern" if pattern else "campaign_plain"
        out.append(
            host.say(slot + ("_effect" if effect else ""), refs, pattern=pattern or "", **fields)
        )
    else:
        out.append(
            host.say(
                "series",
                refs,
                person=people,
                count=approx_count(n, noun),
                areas=_areas(story.areas),
                refs=join([ref_name(r) for r in refs[:2]]),
            )
        )
    if threads_said:
        out.append(host.say("threads", firsts, threads=thread_text))
        picks = firsts if len(firsts) >= 2 else picks
    if lede is not None or threads_said:
        out.append(host.say("examples", picks, refs=join([ref_name(r) for r in picks])))
    elif story.kind == "campaign":
        if len(used) >= 2:
            out.append(
                host.say("breadth", used, n_areas=number(len(story.areas)), examples=examples)
            )
        else:
            out.append(host.say("examples", picks, refs=join([ref_name(r) for r in picks])))
    if lede is None and not threads_said and not (story.kind == "campaign" and pattern):
        sample = _sample(refs)
        if len(sample) >= 2:
            out.append(
                host.say("sample_titles", sample, titles=join([title_of(r) for r in sample]))
            )
    out += _scale(host, story)
    kind = nature(story.kinds, story.severity, story.facts)
    severe = next((r for r in refs if nature(r.kinds, r.severity) == kind), None)
    if kind in _SEVERE and severe is not None:
        out.append(
            host.say(
                _CHANGE_SLOTS[kind],
                [severe],
                person=who(severe.authors or story.people),
                ref=ref_name(severe),
                area=area_of(severe.areas or story.areas),
                title=title_of(severe),
            )
        )
    range_said = story.kind == "campaign" and lede is None
    out += _facts(host, story, limit=2, range_said=range_said)
    out += _why(host, kind, story, refs)
    return out


def _scale_slot(story: Story) -> str | None:
    """The slot that says the story's size in lines, when it is big (a bot's codemod is not news by size)."""
    if _lines(story) < _BIG_CHANGE or who(story.people) == "a bot":
        return None
    return "scale_one" if size_of(story) == 1 else "scale"


def _scale(host: Host, story: Story) -> list[Sentence]:
    """How big the work is, in lines."""
    slot = _scale_slot(story)
    if slot is None:
        return []
    return [
        host.say(
            slot,
            story.changes,
            added=_about_lines(story.lines_added),
            deleted=_about(story.lines_deleted),
        )
    ]


def _revert_parts(story: Story) -> tuple[ChangeRef, ChangeRef | None, ChangeRef | None]:
    """(the revert, the reverted change if present, the reland if present)."""

    def has(ref: ChangeRef, word: str) -> bool:
        return word in _tokens(ref.kinds) or ref.title.lower().startswith(word)

    revert = next((r for r in story.changes if has(r, "revert")), story.changes[0])
    reland = next(
        (r for r in story.changes if r is not revert and (has(r, "reland") or has(r, "reapply"))),
        None,
    )
    candidates = [*story.changes, *story.earlier]
    original = next(
        (r for r in candidates if r is not revert and r is not reland and not has(r, "revert")),
        None,
    )
    return revert, original, reland


_REVERTED_TITLE = re.compile(
    r"^\s*(?:revert|back out|backout)\s*[\"'“]+(.+?)[\"'”]+\s*(?:\(#\d+\))?\s*$", re.I
)
_REVERT_WORD = re.compile(
    r"^\s*(?:\[[^\]]{1,40}\]\s*)*(?:revert(?:ing)?|back\s*out|backout)\b[\s:]*", re.I
)


def tell_revert(host: Host, story: Story, lead: Sequence[Sentence] = ()) -> list[Sentence]:
    """A revert story: what was rolled back, by whom, the stated reason, and any reland."""
    revert, original, reland = _revert_parts(story)
    out = list(lead)
    reverter = who(revert.authors)
    if original is not None and reverter == who(original.authors) and reverter not in ("a bot", "a contributor"):
        out.append(
            host.say(
                "revert_own",
                [revert, original],
                reverter=reverter,
                title=title_of(original),
                original=ref_name(original),
                ref=ref_name(revert),
            )
        )
    elif original is not None:
        out.append(
            host.say(
                "revert_original",
                [revert, original],
                reverter=reverter,
                author=possessive(who(original.authors)),
                title=title_of(original),
                original=ref_name(original),
                ref=ref_name(revert),
            )
        )
    else:
        match = _REVERTED_TITLE.match(revert.title)
        title = clean_title(match.group(1) if match else _REVERT_WORD.sub("", revert.title))
        out.append(
            host.say(
                "revert", [revert], reverter=reverter, title=quote(title), ref=ref_name(revert)
            )
        )
    reason = clean_reason(story.reason) if story.reason else ""
    if reason:
        out.append(host.say("revert_reason", [revert], reason=quote(reason)))
    else:
        out.append(host.say("revert_no_reason", [revert]))
    if story.relanded:
        out.append(host.say("relanded", [reland] if reland else [revert]))
    else:
        out.append(host.say("revert_calm"))
    return out


def tell(host: Host, story: Story, lead: Sequence[Sentence] = ()) -> list[Sentence]:
    """The sentences of one story, after the given lead-in."""
    if not story.changes:
        return list(lead)
    if story.kind == "revert" or story.role == "revert":
        return tell_revert(host, story, lead)
    if size_of(story) >= 2 and (story.kind in ("campaign", "author_series") or size_of(story) >= 3):
        return _group(host, story, list(lead))
    return _single(host, story, list(lead))
