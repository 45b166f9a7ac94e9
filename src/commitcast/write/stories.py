"""Telling one story for the ear: what happened, who did it, why it matters (in its authors'
words), what it measurably changed, and a term explained the first time it comes up.

Nothing here invents a fact: kinds, severities, facts, releases and why-sentences come from
the plan; the wording comes from the host's style. Spoken sentences carry no commit hashes,
no paths and at most the episode's few PR numbers (the notes carry every link).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..ingest.bots import is_bot_name
from ..ingest.refs import branch_title, merge_pr
from ..ingest.reverts import describes_undone
from ..model import (
    ChangeRef,
    Citation,
    EpisodePlan,
    Fact,
    Release,
    Sentence,
    Story,
    StoryThread,
    Why,
)
from ..phrasing import name_list
from ..storykinds import StoryKind
from .host import Host
from .retell import first_person, retold
from .wording import (
    a_an,
    approx_count,
    clean_quote,
    clean_reason,
    clean_title,
    count,
    in_base_units,
    join,
    measure,
    number,
    possessive,
    times,
)

__all__ = [
    "nature",
    "heard_role",
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
    "Telling",
    "release_name",
    "release_highlights",
    "lead_release",
]

TIME_UNITS = {"s", "sec", "ms", "us", "µs", "ns", "min", "h"}
MEMORY_UNITS = {"gb", "mb", "kb", "gib", "mib", "kib", "tb", "bytes", "b"}
_TOKEN = re.compile(r"[^a-z0-9]+")
_BIG_CHANGE = 1000  # lines: a change or story this big has its size said
_HIGHLIGHTS = 3  # a release's changes named aloud
_TITLE_WORDS = 100  # characters of a quoted title (a longer one ends at a clause, else a word)


@dataclass
class Telling:
    """What the episode has said so far, so each story builds on it: terms explained once, and
    why-sentences never repeated."""

    plan_glossary: dict[str, str] = field(default_factory=dict)
    plan_notes: dict[str, str] = field(default_factory=dict)
    explained: set[str] = field(default_factory=set)
    whys: set[str] = field(default_factory=set)
    titles: set[str] = field(default_factory=set)  # titles named already, lower-cased (a release's highlights)
    own_stories: frozenset[str] = frozenset()  # titles told as stories of their own (see story_titles)
    hooks: set[str] = field(default_factory=set)  # what the cold open said of the lead story


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
    if kin & {"performance", "perf", "speedup", "optimization", "optimisation"} or time_facts(facts):
        return "perf"
    if kin & {"feature", "feat", "api", "new"}:
        return "feature"
    if kin & {"fix", "bugfix", "bug"}:
        return "fix"
    # "build(deps-dev): bump rollup …" updates a dependency, whatever else its type says.
    if kin & {"dependency", "dependencies", "deps", "bump"}:
        return "deps"
    if kin & {"test", "tests", "testing"}:
        return "tests"
    if kin & {"ci", "build", "release", "infra", "infrastructure"}:
        return "ci"
    if kin & {"docs", "doc", "documentation"}:
        return "docs"
    if kin & {"refactor", "cleanup"}:
        return "refactor"
    return "generic"


def story_nature(story: Story) -> str:
    """What a story is told as: its changes' nature, and a fix when it is led in as one."""
    refs = story.changes[:1]
    kind = nature([*story.kinds, *(k for r in refs for k in r.kinds)], [*story.severity, *(s for r in refs for s in r.severity)], story.facts)
    if story.role == "correctness" and kind in ("feature", "generic", "refactor", "docs", "ci", "tests"):
        return "fix"  # "a fix that deserves your attention", then "New in Qualcomm" would not agree
    return kind


def _is_tests(story: Story) -> bool:
    return bool(_tokens(story.kinds) & {"test", "tests", "testing"}) or any("test" in a.lower() for a in story.areas)


def _breaking(kinds: Sequence[str], severity: Sequence[str]) -> bool:
    return bool(_tokens([*kinds, *severity]) & {"breaking", "bc"})


def heard_role(story: Story) -> str:
    """The role a listener hears: a revert is a revert and a release a release, whatever its rank."""
    if story.kind in ("revert", "release"):
        return story.kind
    return story.role


def title_key(ref: ChangeRef) -> str:
    """A change's title as the episode compares titles: cleaned for speech, lower-cased."""
    return clean_title(ref.topic or ref.title).lower()


def title_of(ref: ChangeRef) -> str:
    """A change's title, quoted and fit to read aloud (its topic when the plan gives one)."""
    return quote(clean_title(ref.topic or ref.title, limit=_TITLE_WORDS))


def quote(text: str) -> str:
    """Mark message text as quoted, so listeners and the checker know it is the data's words."""
    return f"“{text}”"


def who(names: Sequence[str]) -> str:
    """The person to credit: the first human name, else "a bot", else "a contributor"."""
    humans = [n for n in names if n.strip() and not is_bot_name(n)]
    if humans:
        return humans[0]
    return "a bot" if names else "a contributor"


def people_phrase(names: Sequence[str]) -> str:
    """Up to three humans by name; more become "A, B and others"."""
    humans = [n for n in names if n.strip() and not is_bot_name(n)]
    return name_list(humans) if humans else who(names)


def area_of(areas: Sequence[str]) -> str:
    """One area to speak of, or a neutral stand-in when the plan names none."""
    return areas[0] if areas else "the code base"


def _areas(areas: Sequence[str]) -> str:
    return join(list(areas[:3])) if areas else "the code base"


def release_name(release: Release, show: str) -> str:
    """ "Vue 3.4.0", "create-foo 9.0.1"."""
    return f"{release.package or show} {release.version}"


# ------------------------------------------------------------------------------ facts


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


_DOUBLE = 1.95  # a factor from which "twice as fast" and "N times" are honest to say


def fact_phrase(f: Fact) -> str:
    """A measured fact in plain words, built from its fields; its quoted text when unsure."""
    unit = (f.unit or "").lower()
    on = f" on {f.hardware}" if f.hardware else ""
    pair = _before_after(f)
    if pair and pair[0] != pair[1] and (unit in TIME_UNITS or unit in MEMORY_UNITS) and f.before and f.after:
        metric = "runtime" if unit in TIME_UNITS else "memory use"
        move = "falls" if pair[1] < pair[0] else "rises"
        text = f"{metric} {move} from {measure(f.before, f.before_unit or f.unit)} to {measure(f.after, f.unit)}"
        factor = pair[0] / pair[1]
        if unit in TIME_UNITS and factor >= _DOUBLE:
            text += f", {times(factor)} faster"
        return text + on
    word = _percent_word(f)
    if f.percent is not None and f.percent > 0 and word:
        return a_an(f"{measure(f.percent, '%')} {word}") + on
    if f.factor is not None and f.factor >= _DOUBLE and word == "speedup":
        low = f.low if f.low is not None and _DOUBLE <= f.low < f.factor else f.factor
        return f"{times(low, f.factor)} faster{on}"
    return quote(clean_quote(f.text))


def _ref_for(story: Story, sha: str) -> ChangeRef | None:
    return next((r for r in story.changes if r.sha == sha), None)


def _what(story: Story, f: Fact) -> str:
    """What a fact measures, said by its change's title (never a hash)."""
    ref = _ref_for(story, f.sha)
    return title_of(ref) if ref is not None else "one of the changes"


def _effect_range(story: Story) -> tuple[str, str] | None:
    """(metric, "three to six times") when several runtime facts show a clear speed-up."""
    timed = time_facts(story.facts)
    if len(timed) < 2 or (_factor(timed[0]) or 0) < _DOUBLE:
        return None
    lo = min(_factor(f) or 0 for f in timed)
    hi = _factor(timed[0]) or 0
    span = times(lo, hi) if lo >= _DOUBLE else f"up to {times(hi)}"
    return ("test runtimes" if _is_tests(story) else "runtimes"), span


def _cite_fact(f: Fact) -> Citation:
    return Citation(sha=f.sha, pr=f.pr)


def _facts(host: Host, story: Story, limit: int, *, range_said: bool = False) -> list[Sentence]:
    """The measured effect: the range (unless already said) and the best case, else single facts."""
    out: list[Sentence] = []
    timed = time_facts(story.facts)
    # Line counts are diff statistics, not the message's words: the scale sentence says them.
    rest = [f for f in story.facts if f not in timed and f.kind not in ("lines", "tests")]
    effect = _effect_range(story)
    if effect and range_said:
        best = timed[0]
        out.append(host.say("best_case", [_cite_fact(best)], what=_what(story, best), fact=fact_phrase(best)))
        timed = []
    elif effect:
        metric, span = effect
        best = timed[0]
        out.append(host.say(
            "effect_range", [_cite_fact(f) for f in timed], metric=metric, range=span,
            what=_what(story, best), before=measure(best.before or 0, best.before_unit or best.unit),
            after=measure(best.after or 0, best.unit),
        ))
        timed = []
    for f in [*timed, *rest][: max(0, limit - len(out))]:
        phrase = fact_phrase(f)
        slot = "fact_quote" if phrase.startswith("“") else "fact"
        out.append(host.say(slot, [_cite_fact(f)], what=_what(story, f), fact=phrase))
    return out


# ------------------------------------------------------------------------------ why and terms


def _credit_for(story: Story, why: Why) -> str:
    ref = _ref_for(story, why.sha)
    return who(ref.authors if ref and ref.authors else story.people)


def _whys(host: Host, story: Story, telling: Telling, limit: int = 2) -> list[Sentence]:
    """The story's why in its authors' words: a problem, then the change or its effect."""
    out: list[Sentence] = []
    for why in story.why:
        if len(out) >= limit or why.text in telling.whys:
            continue
        telling.whys.add(why.text)
        person = _credit_for(story, why)
        if person in ("a bot", "a contributor"):
            continue
        cites = [Citation(sha=why.sha, pr=why.pr)]
        if first_person(why.text):
            out.append(host.say("why_quote", cites, person=person, person_s=possessive(person), text=quote(why.text)))
        else:
            out.append(host.say(f"why_{why.role}", cites, person=person, person_s=possessive(person), text=retold(why.text)))
    return out


_SEVERE = ("silent", "security", "crash", "hang", "correctness", "regression")


def _severity_why(host: Host, kind: str, story: Story, refs: Sequence[ChangeRef]) -> list[Sentence]:
    """What could go wrong for a user, from the severity the newsroom read (when the authors said
    nothing the host can retell), and a breaking change's warning."""
    area = area_of(story.areas)
    out: list[Sentence] = []
    if kind in _SEVERE and not any(w.role == "problem" for w in story.why):
        out.append(host.say(f"why_{kind}", refs, area=area))
    if _breaking(story.kinds, story.severity):
        out.append(host.say("why_breaking", refs, area=area))
    return out


def _terms(host: Host, story: Story, telling: Telling) -> list[Sentence]:
    """Explain the story's area or a glossary term the first time the episode uses it."""
    text = " ".join([story.headline, *story.areas[:2], *story.focus])
    for term, meaning in telling.plan_glossary.items():
        if term.lower() in telling.explained or not re.search(rf"(?<![\w]){re.escape(term)}s?(?![\w])", text, re.I):
            continue
        telling.explained.add(term.lower())
        return [host.say("term_glossary", term=term, meaning=meaning.rstrip(". "))]
    for area in story.areas[:2]:
        note = telling.plan_notes.get(area)
        if note and area.lower() not in telling.explained:
            telling.explained.add(area.lower())
            return [host.say("term_note", area=area, note=quote(note))]
    return []


# ------------------------------------------------------------------------------ the day's theme


def theme(story: Story, show: str = "") -> str:
    """The day's dominant story as a short clause for the cold open and the sign-off."""
    if story.releases:
        return _release_hook(story.releases, show)
    kind = nature(story.kinds, story.severity, story.facts)
    area = area_of(story.areas)
    timed = time_facts(story.facts)
    effect = _effect_range(story)
    if effect:
        metric, span = effect
        return f"{metric} in {_areas(story.areas)} got {span} faster"
    if timed:
        adverb = "dramatically" if (_factor(timed[0]) or 0) >= 3 else "noticeably"
        if _is_tests(story):
            return f"the {area} tests got {adverb} faster"
        return f"{area} got {adverb} faster"
    if heard_role(story) == "revert":
        return f"a revert in {area}" + (" and its comeback" if story.relanded else "")
    n = story.total
    group = _group_theme(story) if n >= 3 and story.kind in _GROUP_KINDS else None
    if group:
        return group
    single = {
        "silent": f"a fix for a bug in {area} that silently gave wrong results",
        "security": f"a security fix in {area}",
        "crash": f"a crash fix in {area}",
        "hang": f"a fix for a hang in {area}",
        "correctness": f"a fix for wrong results in {area}",
        "regression": f"a regression fix in {area}",
    }
    if kind in single:
        return single[kind]
    person = who(story.people)
    if n >= 2 and person not in ("a bot", "a contributor"):
        return f"{possessive(person)} run of {approx_count(n, 'change')} in {_areas(story.areas)}"
    if story.changes:
        ref = story.changes[0]
        return f"{title_of(ref)} from {who(ref.authors or story.people)}"
    return f"work on {area}"


_GROUP_KINDS = ("campaign", "author_series", "area")


def _group_theme(story: Story) -> str | None:
    """ "Anthony Shoumikhin and Hansong's 33 changes on Tensor, Module and Value in Apple"."""
    humans = [p for p in dict.fromkeys(story.people) if not is_bot_name(p)]
    if not humans:
        return None
    n, area = story.total, area_of(story.areas)
    said = count(n, "change") if n < 100 else approx_count(n, "change")
    if story.kind == "area" or len(humans) > 2:
        return f"{said} in {area} from {count(len(humans), 'person', 'people')}, led by {humans[0]}"
    whose = possessive(join(humans))
    if story.series and story.series_size * 2 >= n:
        return f"{whose} {said} in {area}, part of the “{story.series}” effort"
    if story.focus:
        return f"{whose} {said} on {join(list(story.focus))} in {area}"
    main = _main_thread(story)
    if main is not None:
        return f"{whose} {said} in {area}, mostly about {main.label}"
    return f"{whose} {said} in {_areas(story.areas)}"


def _main_thread(story: Story) -> StoryThread | None:
    top = story.threads[0] if story.threads else None
    return top if top is not None and top.size * 2 > story.total else None


# ------------------------------------------------------------------------------ sizes


def _about(n: int) -> str:
    """A line count rounded as said aloud: 9,374 -> "about 9,400"; small counts exactly."""
    if n < 100:
        return number(n)
    digits = len(str(n)) - 2
    rounded = int(round(n, -digits))
    return f"about {rounded:,}" if rounded != n else f"{n:,}"


def _about_lines(n: int) -> str:
    return f"{_about(n)} line{'s' if n != 1 else ''}"


def _scale(host: Host, story: Story) -> list[Sentence]:
    """How big the work is, in lines, when it is big (a bot's codemod is not news by size)."""
    if story.lines_added + story.lines_deleted < _BIG_CHANGE or who(story.people) == "a bot":
        return []
    slot = "scale_one" if story.total == 1 else "scale"
    return [host.say(slot, story.changes, added=_about_lines(story.lines_added), deleted=_about(story.lines_deleted))]


# ------------------------------------------------------------------------------ releases


_KIND_PHRASE = {
    "major": "a major release", "minor": "a minor release", "patch": "a patch release",
    "prerelease": "a pre-release",
}


def _release_hook(releases: Sequence[Release], show: str) -> str:
    """ "Vue 3.4.0 is out", "pip 19.2 and 19.2.1 are out", "Vue shipped eight patch releases, 3.4.6
    to 3.4.13": the releases as the headline names them."""
    lead = lead_release(releases)
    mine = [r for r in releases if r.package == lead.package]
    name = lead.package or show
    if len(mine) == 2:
        return f"{name} {mine[0].version} and {mine[1].version} are out"
    if len(mine) > 2 and len({r.kind for r in mine}) == 1:
        kind = {"prerelease": "pre-release"}.get(lead.kind, f"{lead.kind} release")
        return f"{name} shipped {count(len(mine), kind)}, {mine[0].version} to {mine[-1].version}"
    if len(mine) > 1:
        return f"{release_name(lead, show)} is out, with {count(len(mine) - 1, 'more release')}"
    return f"{release_name(lead, show)} is out"


_KIND_RANK = {"major": 3, "minor": 2, "patch": 1, "prerelease": 0}


def lead_release(releases: Sequence[Release]) -> Release:
    """The release that is the news among several: a final over a pre-release, a major over a
    minor over a patch, then the first out."""
    return max(releases, key=lambda r: (_KIND_RANK[r.kind], -releases.index(r)))


def _versions_said(releases: Sequence[Release]) -> str:
    """ "3.4.1, 3.4.2 and 3.4.3", "three release candidates" for a run of pre-releases."""
    if len(releases) >= 3 and all(r.kind == "prerelease" for r in releases):
        return count(len(releases), "pre-release")
    return join([r.version for r in releases])


def tell_release(host: Host, story: Story, telling: Telling, show: str, *, week: bool = False) -> list[Sentence]:
    """A release: what shipped, what it carries since the one before, its highlights, and the
    other releases of the same package in the window (those before it and the follow-ups)."""
    out: list[Sentence] = []
    by_package: dict[str | None, list[Release]] = {}
    for release in story.releases:
        by_package.setdefault(release.package, []).append(release)
    cites = story.changes
    for releases in list(by_package.values())[:3]:
        if week and len(releases) >= 3 and len({r.kind for r in releases}) == 1:
            out += _release_series(host, releases, cites, show, telling)
            continue
        lead = lead_release(releases)
        out.append(host.say("release_out", cites, release=release_name(lead, show), kind=_KIND_PHRASE[lead.kind]))
        if lead.previous and lead.changes:
            out.append(host.say(
                "release_carries", cites, previous=f"version {lead.previous}", commits=count(lead.changes, "commit"),
                people=count(lead.authors, "person", "people"),
            ))
            if lead.prs:
                out.append(host.say("release_prs", cites, prs=count(lead.prs, "pull request")))
        picks = [clean_title(t, limit=_TITLE_WORDS) for t in release_highlights(lead, telling.own_stories)]
        if picks:
            out.append(host.say("release_highlights", cites, highlights=join([quote(p) for p in picks])))
            telling.titles.update(p.lower() for p in picks)
        at = releases.index(lead)
        if at:
            out.append(host.say("release_before", cites, versions=_versions_said(releases[:at])))
        if releases[at + 1 :]:
            when = "later in the week" if week else "the same day"
            out.append(host.say("release_more", cites, versions=_versions_said(releases[at + 1 :]), when=when))
    return out


def _release_series(
    host: Host, releases: Sequence[Release], cites: Sequence[ChangeRef], show: str, telling: Telling
) -> list[Sentence]:
    """A week's run of releases of one kind, told as one: how many, which, and what they bring."""
    first, last = releases[0], releases[-1]
    kind = {"prerelease": "pre-release"}.get(first.kind, f"{first.kind} release")
    hook = _release_hook(releases, show)
    out: list[Sentence] = []
    if hook not in telling.hooks:  # the cold open just said "Vue shipped eight patch releases, …"
        out.append(host.say(
            "release_series", cites, package=first.package or show, count=count(len(releases), kind),
            versions=f"{first.version} to {last.version}",
        ))
    commits = sum(r.changes for r in releases)
    if first.previous and commits:
        out.append(host.say("release_series_carries", cites, previous=f"version {first.previous}", commits=count(commits, "commit")))
    picks: list[str] = []
    for release in reversed(releases):  # the newest first
        picks += [t for t in release_highlights(release, telling.own_stories) if t not in picks]
    picks = [clean_title(t, limit=_TITLE_WORDS) for t in picks[:3]]
    if picks:
        out.append(host.say("release_highlights", cites, highlights=join([quote(p) for p in picks])))
        telling.titles.update(p.lower() for p in picks)
    return out


def release_highlights(release: Release, own_stories: frozenset[str] = frozenset()) -> list[str]:
    """What the host names among a release's changes (the newsroom's judgement of what matters),
    leaving out those the episode tells as stories of their own."""
    from ..analyse.releases import highlights

    picks = highlights(release, _HIGHLIGHTS + len(own_stories))
    return [t for t in picks if clean_title(t).lower() not in own_stories][:_HIGHLIGHTS]


def story_titles(plan: EpisodePlan) -> frozenset[str]:
    """Lower-cased titles of the changes the plan tells as single stories (a release's highlight
    would say them twice)."""
    return frozenset(
        title_key(r) for s in plan.stories if s.kind == "single" and not s.releases
        for r in s.changes
    )


# ------------------------------------------------------------------------------ single changes


_CHANGE_SLOTS = {
    "silent": "silent_fix", "security": "security_fix", "crash": "crash_fix", "hang": "hang_fix",
    "correctness": "correctness_fix", "regression": "regression_fix", "perf": "perf_change",
    "feature": "feature_change", "tests": "tests_change", "ci": "ci_change", "docs": "docs_change",
    "refactor": "refactor_change", "fix": "fix_change",
}


def _single(host: Host, story: Story, lead: list[Sentence], telling: Telling, numbered: bool) -> list[Sentence]:
    ref = story.changes[0]
    kind = story_nature(story)
    person = who(ref.authors or story.people)
    slot = _CHANGE_SLOTS.get(kind, "generic_change")
    if kind == "perf" and story.facts:
        slot = "perf_change_measured"
    if kind == "refactor" and story.lines_added + story.lines_deleted >= _BIG_CHANGE:
        slot = "generic_change"  # thousands of lines are a migration or a rewrite, not a tidy-up
    area = area_of(ref.areas or story.areas)
    out = [*lead]
    pr = host.pr(ref) if numbered else ""
    out.append(host.say(slot, [ref], person=person, ref=pr, area=area, title=title_of(ref)))
    out += _whys(host, story, telling, limit=3 if story.role == "headline" else 2)
    if story.commits > 1 and story.commits >= 5:
        out.append(host.say("commits", [ref], commits=count(story.commits, "commit")))
    out += _facts(host, story, limit=2)
    out += _scale(host, story)
    out += _severity_why(host, kind, story, [ref])
    out += _terms(host, story, telling)
    extra = story.total - 1
    if extra:
        out.append(host.say(
            "more_changes", story.changes[1:], k=number(extra), changes="change" if extra == 1 else "changes",
            are="is" if extra == 1 else "are",
        ))
    others = [p for p in dict.fromkeys([*story.people, *ref.authors]) if p != person and not is_bot_name(p)]
    if others:
        out.append(host.say("people_also", story.changes, people=people_phrase(others)))
    return out


# ------------------------------------------------------------------------------ groups


def _thread_parts(story: Story, noun: str) -> tuple[str, list[ChangeRef]]:
    """ "six changes on Tensor constructors, six on overloads and five on new Module APIs", plus
    the first change of each thread (what the sentence cites)."""
    parts: list[str] = []
    firsts: list[ChangeRef] = []
    for thread in story.threads[:3]:
        said = count(thread.size, noun) if not parts else number(thread.size)
        parts.append(f"{said} on {thread.label}")
        first = next((r for r in story.changes if r.sha in thread.changes), None)
        if first is not None:
            firsts.append(first)
    rest = story.total - sum(t.size for t in story.threads[:3])
    text = join(parts)
    if rest > 0:
        text += f", plus {number(rest)} more"
    return text, firsts


def _one_area(story: Story) -> bool:
    first = story.areas[0] if story.areas else None
    return first is not None and sum(first in r.areas[:1] for r in story.changes) * 5 >= len(story.changes) * 3


def _lede(host: Host, story: Story, noun: str, people: str) -> Sentence | None:
    """The opening of a story told by its subject: who, how many, where and what about."""
    refs, n = story.changes, story.total
    where = area_of(story.areas) if story.kind != "area" and _one_area(story) else _areas(story.areas)
    fields = {"people": people, "count": approx_count(n, noun), "area": where}
    if story.series:
        share = "all" if story.series_size == n else number(story.series_size)
        return host.say("series_lede", refs, series=story.series, share=share, **fields)
    if story.focus:
        return host.say("focus_lede", refs, focus=join(list(story.focus)), **fields)
    main = _main_thread(story)
    if main is not None:
        return host.say("thread_lede", refs, label=main.label, **fields)
    return None


def sample_refs(refs: Sequence[ChangeRef], limit: int = 3, said: set[str] | None = None) -> list[ChangeRef]:
    """A few changes with short, distinct titles (none ``said`` already): what a group is about."""
    seen: set[str] = set(said or ())
    picks: list[ChangeRef] = []
    for ref in refs:
        title = clean_title(ref.topic or ref.title)
        if len(title) <= 60 and title.lower() not in seen and not title.lower().startswith(("wip", "save")):
            seen.add(title.lower())
            picks.append(ref)
        if len(picks) == limit:
            break
    return picks


def _pattern(story: Story) -> str | None:
    """The campaign's shared title shape, quoted, e.g. “Reuse workers for … tests”."""
    pattern = next((t.pattern for t in story.threads if t.pattern), None) or (
        story.headline if "…" in story.headline else None
    )
    titles = [(r.topic or r.title).lower() for r in story.changes]
    if not pattern and len(titles) >= 2 and all(t.startswith(story.headline.lower()) for t in titles):
        pattern = story.headline  # titles the same but for a parenthesis: "… to BUCK (group ID: 88…)"
    return quote(pattern) if pattern else None


def _group(host: Host, story: Story, lead: list[Sentence], telling: Telling) -> list[Sentence]:
    refs = story.changes
    n = story.total
    noun = "pull request" if all(r.pr is not None for r in refs) else "change"
    people = people_phrase(story.people or [a for r in refs for a in r.authors])
    out = [*lead]
    main = _main_thread(story)
    covered = sum(t.size for t in story.threads[:3])
    # Threads are worth naming when they hold a fair share of the story, not two changes of thirty.
    threads_said = covered * 3 >= n and (
        len(story.threads) >= 2 or (bool(story.threads) and main is None and not story.focus and not story.series)
    )
    thread_text, firsts = _thread_parts(story, noun)
    lede = _lede(host, story, noun, people)
    effect = _effect_range(story)
    pattern = _pattern(story) if story.kind == "campaign" else None
    if lede is not None:
        out.append(lede)
    elif story.kind == "campaign":
        fields = {"count": approx_count(n, noun), "people": people, "areas": _areas(story.areas)}
        if effect:
            fields |= {"metric": effect[0], "range": effect[1]}
        slot = ("campaign_pattern" if pattern else "campaign_plain") + ("_effect" if effect else "")
        out.append(host.say(slot, refs, pattern=pattern or "", **fields))
    else:
        out.append(host.say("series", refs, person=people, count=approx_count(n, noun), areas=_areas(story.areas)))
    out += _whys(host, story, telling, limit=3 if story.role == "headline" else 2)
    if threads_said:
        out.append(host.say("threads", firsts, threads=thread_text))
        # "… plus four more" says how many, not what: name a few of the rest.
        in_threads = {sha for t in story.threads[:3] for sha in t.changes}
        others = sample_refs([r for r in refs if r.sha not in in_threads], limit=2, said=telling.titles)
        if len(others) == 2:
            out.append(host.say("sample_titles", others, titles=join([title_of(r) for r in others])))
            telling.titles.update(title_key(r) for r in others)
    elif not (story.kind == "campaign" and pattern):
        sample = sample_refs(refs, said=telling.titles)
        if len(sample) >= 2:
            out.append(host.say("sample_titles", sample, titles=join([title_of(r) for r in sample])))
            telling.titles.update(title_key(r) for r in sample)
        elif len(refs) >= 2 and len({title_of(r) for r in refs}) == 1:  # thirty-five PRs of one title
            out.append(host.say("one_title", refs[:1], title=title_of(refs[0])))
    out += _scale(host, story)
    kind = nature(story.kinds, story.severity, story.facts)
    severe = next((r for r in refs if nature(r.kinds, r.severity) == kind), None)
    if kind in _SEVERE and severe is not None:
        out.append(host.say(
            _CHANGE_SLOTS[kind], [severe], person=who(severe.authors or story.people), ref="",
            area=area_of(severe.areas or story.areas), title=title_of(severe),
        ))
    out += _facts(host, story, limit=1 if effect else 2, range_said=story.kind == "campaign" and lede is None and bool(effect))
    out += _severity_why(host, kind, story, refs)
    out += _terms(host, story, telling)
    return out


# ------------------------------------------------------------------------------ reverts


def _revert_parts(story: Story) -> tuple[ChangeRef, ChangeRef | None, ChangeRef | None]:
    """(the revert, the reverted change if present, the reland if present). The revert may be an
    earlier day's, when the window holds only the change coming back."""

    def kind(ref: ChangeRef) -> str | None:
        tokens = _tokens(ref.kinds)
        if "reland" in tokens or ref.title.lower().startswith(("reland", "reapply", "re-apply")):
            return "reland"
        return "revert" if "revert" in tokens or ref.title.lower().startswith("revert") else None

    reland = next((r for r in story.changes if kind(r) == "reland"), None)
    revert = next((r for r in [*story.changes, *story.earlier] if kind(r) == "revert"), None)
    # With no revert to name, a reland stands for it ("… is back"): the change it brings back was
    # never rolled back by its own author in a separate commit we read.
    revert = revert or reland or story.changes[0]
    candidates = [*story.changes, *story.earlier]
    original = next((r for r in candidates if r is not revert and r is not reland and kind(r) is None), None)
    return revert, original, reland


_REVERTED_TITLE = re.compile(r"^\s*(?:revert|back out|backout)\s*[\"'“]+(.+?)[\"'”]+\s*(?:\(#\d+\))?\s*$", re.I)
_DIFF_ID = re.compile(r"D\d{5,}")
_RELAND_WORD = re.compile(r"^\s*(?:re-?land(?:ed)?|re-?appl(?:y|ied))\b[\s:]*", re.I)
_REVERT_WORD = re.compile(r"^\s*(?:\[[^\]]{1,40}\]\s*)*(?:revert(?:ing)?|back\s*out|backout)\b[\s:]*", re.I)


def tell_revert(host: Host, story: Story, lead: Sequence[Sentence] = ()) -> list[Sentence]:
    """A revert story: what was rolled back, by whom, the stated reason, and any reland."""
    revert, original, reland = _revert_parts(story)
    out = list(lead)
    reverter = who(revert.authors)
    if reland is not None and revert is reland:
        # Only the comeback is known: the revert it answers is older than what was read.
        back = _RELAND_WORD.sub("", clean_title(reland.topic or reland.title, limit=_TITLE_WORDS))
        title = title_of(original) if original is not None else quote(clean_title(back, limit=_TITLE_WORDS))
        return [*out, host.say("reland_only", [reland], person=who(reland.authors), title=title)]
    if reland is not None and revert not in story.changes:
        # Only the comeback landed in the window; the revert was an earlier day's.
        title = title_of(original) if original is not None else quote(clean_title(reland.topic or reland.title, limit=_TITLE_WORDS))
        out.append(host.say("revert_comeback", [reland, revert], person=who(reland.authors), reverter=reverter, title=title))
        reason = clean_reason(story.reason) if story.reason else ""
        if reason:
            out.append(host.say("revert_reason", [revert], reason=quote(reason)))
        return out
    if original is not None and reverter == who(original.authors) and reverter not in ("a bot", "a contributor"):
        out.append(host.say("revert_own", [revert, original], reverter=reverter, title=title_of(original)))
    elif original is not None:
        out.append(host.say(
            "revert_original", [revert, original], reverter=reverter, author=possessive(who(original.authors)),
            title=title_of(original),
        ))
    else:
        match = _REVERTED_TITLE.match(revert.title)
        rest = match.group(1) if match else _REVERT_WORD.sub("", revert.title)
        merged = merge_pr(rest)
        if merged is not None:  # 'Revert "Merge pull request #1519 from dstufft/remove-dependency-links"'
            rest = branch_title(merged[1]) or ""
        title = clean_title(rest, limit=_TITLE_WORDS)
        if not title and merged is not None:
            out.append(host.say("revert_described", [revert], reverter=reverter, what="an earlier pull request"))
        elif not title or _DIFF_ID.fullmatch(title):
            # "Revert D63918659" names an internal diff, not a change a listener can know.
            what = "an earlier internal change" if _DIFF_ID.search(rest) else "an earlier change"
            out.append(host.say("revert_described", [revert], reverter=reverter, what=what))
        elif not match and describes_undone(title):
            # "Revert changes to executor_runner" describes what it undoes; it quotes no title.
            out.append(host.say("revert_described", [revert], reverter=reverter, what=title[:1].lower() + title[1:]))
        else:
            out.append(host.say("revert", [revert], reverter=reverter, title=quote(title)))
    reason = clean_reason(story.reason) if story.reason else ""
    if reason:
        out.append(host.say("revert_reason", [revert], reason=quote(reason)))
    if story.relanded:
        out.append(host.say("relanded", [reland] if reland else [revert]))
    else:
        out.append(host.say("revert_pending"))
    return out


def tell(
    host: Host, story: Story, lead: Sequence[Sentence] = (), telling: Telling | None = None, *,
    show: str = "", numbered: bool = False, week: bool = False,
) -> list[Sentence]:
    """The sentences of one story, after the given lead-in; ``numbered`` lets a single change say
    its PR number (the episode has a budget of them)."""
    telling = telling or Telling()
    if story.kind == StoryKind.RELEASE and story.releases:
        return [*lead, *tell_release(host, story, telling, show, week=week)]
    if not story.changes:
        return list(lead)
    if heard_role(story) == "revert":
        return tell_revert(host, story, lead)
    if story.total >= 2 and (story.kind in ("campaign", "author_series") or story.total >= 3):
        return _group(host, story, list(lead), telling)
    return _single(host, story, list(lead), telling, numbered)
