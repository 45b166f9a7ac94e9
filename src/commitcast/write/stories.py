"""Telling one story for the ear: what happened, who did it, why it matters (in its authors'
words), what it measurably changed, and a term explained the first time it comes up.

Nothing here invents a fact: kinds, severities, facts, releases and why-sentences come from
the plan; the wording comes from the host's style. Spoken sentences carry no commit hashes,
no paths and at most the episode's few PR numbers (the notes carry every link).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from zoneinfo import ZoneInfo

from ..model import (
    HIGHLIGHTS_SAID,
    PACKAGES_SAID,
    ChangeRef,
    Citation,
    Claim,
    EpisodePlan,
    Fact,
    Release,
    Sentence,
    Story,
    StoryKind,
    StoryThread,
    Why,
    lead_release,
)
from ..phrasebook import Phrasebook, default_phrasebook, with_bots
from ..storykinds import spec_of
from ..text import (
    FIX_TYPE,
    a_rewrite,
    deed_of,
    deed_of_title,
    dependency_deed,
    docs_deed,
    is_bot_name,
    is_verb,
    join_clauses,
    label_names,
    labelled_deed,
    measured_part,
    measured_subject,
    name_list,
    noun_phrase,
    past_tense,
    plain_area,
    plain_words,
    quoted,
    rounded_count,
    scoped_deed,
    statement_deed,
    third_person,
    timed_phase,
    where_phrase,
    with_status,
)
from .host import Host
from .retell import first_person, retold
from .wording import (
    a_an,
    approx_count,
    clean_quote,
    clean_reason,
    clean_statement,
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
    "their_day",
    "heard_role",
    "quote",
    "title_of",
    "told",
    "speakable_title",
    "deed",
    "where_phrase",
    "change_sentence",
    "said_nature",
    "strong_kinds",
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
_HIGHLIGHTS = HIGHLIGHTS_SAID  # a release's changes named aloud
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
    day: date | None = None  # the episode's first day, for "from the day before"
    zone: str = "UTC"  # the window's zone: a change's day is said in it, not in its committer's
    sources: dict[str, str] = field(default_factory=dict)  # glossary term -> where its explanation comes from


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


def _marked_breaking(story: Story) -> bool:
    """The authors marked a change of the story breaking ("feat!:", a label, a "BREAKING CHANGE:"
    note, a "Breaking Changes" section): "it's marked as a breaking change" is then true. A plan without claims says so by its
    severity alone."""
    refs = [r for r in story.changes if r.claims]
    if not refs:
        return _breaking(story.kinds, story.severity)
    return any(
        c.about == "severity" and c.value == "breaking" and any(e.source in ("type", "label", "trailer", "notes", "section") for e in c.evidence)
        for r in refs for c in r.claims
    )


def heard_role(story: Story) -> str:
    """The role a listener hears: a revert is a revert and a release a release, whatever its rank."""
    if story.kind in (StoryKind.REVERT, StoryKind.RELEASE):
        return story.kind
    return story.role


def title_key(ref: ChangeRef) -> str:
    """A change's title as the episode compares titles: cleaned for speech, lower-cased."""
    return clean_title(ref.topic or ref.title).lower()


def title_of(ref: ChangeRef) -> str:
    """A change's title fit to say (its topic when the plan gives one): quoted as written, or, when
    it holds code a voice cannot say as written, paraphrased in words without quotation marks (a
    quote is exact or it is no quote)."""
    title = clean_title(ref.topic or ref.title, limit=_TITLE_WORDS)
    plain = plain_words(title)
    return quote(title) if plain == title else plain


def speakable_title(ref: ChangeRef) -> bool:
    """Whether a change's title can be said whole as an item: three to fourteen words, one clause,
    no code or brackets left, not cut short."""
    title = clean_title(ref.topic or ref.title, limit=_TITLE_WORDS)
    return 3 <= len(title.split()) <= 14 and not re.search(r"[.;]\s|[@{}\[\]<>=|]|…", title) and plain_words(title) == title


def quote(text: str) -> str:
    """Mark message text as quoted, so listeners and the checker know it is the data's words."""
    return quoted(text)


_told = deed_of


_DOCS_DEEDS = frozenset(
    "documented updated fixed added clarified mentioned removed reworded improved explained described noted corrected "
    "expanded moved rewrote polished converted linked cleaned tidied dropped renamed restructured refreshed".split()
)


def told(ref: ChangeRef) -> str | None:
    """What a change's author did, said in the host's past tense from its title ("fixed connection
    lifetime checks"; a title naming its work as a thing "landed some serial rx buffer patches"),
    or None when the title says no deed to retell (a statement, code)."""
    did = _told(ref.topic or ref.title, ref.authors[0] if ref.authors else "")
    first = (ref.topic or "").split(" ", 1)[0]
    head, comma, tail = (ref.topic or "").partition(", ")
    if did and first and re.search(rf"\[{re.escape(first)}\]", ref.title, re.I) and (thing := noun_phrase(f"the {head}")):
        # executorch's "[Export][1/N] Export API pipeline re-architecture": the word its tag names is
        # the thing reworked, no verb ("Abhinayk exported API pipeline re-architecture", 2025-08-01)
        return f"landed {thing}{comma}{plain_words(tail)}"
    label = ref.title[: ref.title.find(ref.topic)].strip(" :") if ref.topic and ref.topic in ref.title else ""
    lone = re.fullmatch(r"(?i)(redesign|rewrite|rework|refactor|overhaul|simplify|optimi[sz]e|modernize|restructure|revamp)\.?", (ref.topic or "").strip())
    if did is None and lone and re.fullmatch(r"[\w.-]+", label):
        # curl's "ratelimit: redesign" (1,800 lines) was "a change titled “Redesign”": its label is what it redesigned
        return f"{past_tense(lone.group(1).lower())} {plain_words(label)}"
    if did and (scoped := scoped_deed(ref.title, did)):
        return scoped
    if did and re.search(r"(?i)\bdeprecat\w*(?:\.md)?$", label) and strong_kinds(ref) == ["docs"]:
        # curl's "docs/DEPRECATE: remove NPN support in August 2022" announced a removal; it removed nothing
        return f"announced plans to {(ref.topic or '')[:1].lower()}{plain_words((ref.topic or '')[1:])}"
    config = re.search(r"(?:^|[\s:])((?:[\w-]+\.(?:toml|cfg|ini|ya?ml))|setup\.py)\s*:", ref.title)
    setting = re.fullmatch(r"([A-Za-z]+) `?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?", (ref.topic or "").strip())
    if did and config and setting and is_verb(setting.group(1).lower()):
        # u-boot's "pylibfdt: setup.py: Drop license_files" dropped one setting, no license files (2025-08-07)
        return f"{past_tense(setting.group(1).lower())} the {plain_words(setting.group(2))} setting in {plain_words(config.group(1))}"
    if did:
        did = with_status(labelled_deed(did, label), ref.claims)
    # (a test's name, not a marker: curl's "unit3205: drop `NOLINT`" dropped a lint suppression, no test)
    if did and re.fullmatch(r"[A-Za-z]+ `(?=\w*(?:_|test))\w+`", ref.topic or "") and "tests" in strong_kinds(ref):
        # uv's "Fix `workspace_unsatisfiable_member_dependencies`" touched only that test: a test
        # fixed, no bug in workspace dependencies (uv 2025-07-02)
        verb, _, named = did.partition(" ")
        did = f"{verb} the {named} test"
    if did and re.match(r"(?i)types(?:\([^)]{0,40}\))?!?:", ref.title) and "type" not in did:
        # vue's "types(h): Support passing `props` to `Component` …" changed only the TypeScript types
        did = f"{did} in the type definitions"
    if did and label.upper() in ("MAINTAINERS", "CODEOWNERS"):
        # u-boot's "MAINTAINERS: Add entry for DesignWare XGMAC driver" named who looks after the driver
        did = re.sub(r"\b(?:an?|the) (entry|entries|section)\b", lambda m: f"{'a' if m.group(1) != 'entries' else ''} {label.upper()} {m.group(1)}".strip(), did, count=1)
        if label.upper() not in did.upper() and not re.search(r"\bas an? (?:reviewer|maintainer|co-maintainer|code owner|owner)\b", did):
            # "MAINTAINERS: Update NETWORK" updated who looks after networking, no code (u-boot 2025-09-26)
            did = re.sub(r"^(updated|fixed|dropped|removed|added) ", rf"\1 the {label.upper()} entries for ", did, count=1)
    case = deed_of_title(ref.title, ref.topic or "") if did is None else None
    if case:
        return case
    if did is None and re.match(r"(?i)wip\b\s*[:-]?\s*\S", ref.title) and ref.topic and ref.topic != ref.title:
        # vue's "wip: svg & parent chain" was "landed an svg and parent chain": work in progress, by its subject
        wip = plain_words(clean_title(ref.topic, limit=_TITLE_WORDS)).replace(" & ", " and ")
        return f"landed work in progress on {_opening_lowered(wip)}"
    part = re.search(r"(?i)\s(?:part|pt\.?)\s*(\d+)\s*(?:\(#\d+\))?\s*$", ref.title) if did is None and ref.topic else None
    if part and (whole := noun_phrase(f"the {ref.topic}")):
        # executorch's "MLX delegate part 3" added to a delegate whose parts 1 and 2 had landed: no
        # "landed an MLX delegate" (2026-04-08)
        return f"landed part {number(int(part.group(1)))} of {whole}"
    if did is None and (made := statement_deed(ref.topic or ref.title)):
        return made  # executorch's "reinplace_pass resyncs output_specs …" made the pass resync them
    if did is None and (thing := noun_phrase(ref.topic or ref.title)) is not None:
        # "fix: spelling mistakes and typos" fixed them; no one "landed spelling mistakes" (pip #10911)
        # u-boot's "mtd: … Incorrect bitflip return on page read" names the bug it fixes: no one "landed" it
        tidied = re.fullmatch(r"(?i)(tidy|clean)[- ]?ups?", label)
        if tidied:
            # curl's "tidy-up: a cmake warning message and a variable name" tidied them; "landed A cmake
            # warning message … in tidy up" was heard as a new warning (2026-04-28)
            return f"{'tidied' if tidied.group(1).lower() == 'tidy' else 'cleaned'} up {thing[:1].lower()}{thing[1:]}"
        fix_of = re.fullmatch(r"(?i)(?:an?\s+|the\s+)?(.+?)\s+fix(?:es)?", thing)
        # (not "updates and fixes": u-boot's "sc5xx: device tree updates and fixes" was "fixed device tree updates and")
        if fix_of and label and not re.search(r"(?i)(?:\band|\bor|&|,)$", fix_of.group(1)):
            # curl's "mailmap: a Lucas fix" corrected Lucas's mailmap entry: "landed A lucas fix" (2019-12-29)
            return f"fixed {fix_of.group(1)} in {plain_area(label.rsplit(':', 1)[-1].strip())}"
        return f"fixed {thing}" if FIX_TYPE.match(ref.title) or _A_BUG.search(thing) else f"landed {thing}"
    if did and "dependency" in strong_kinds(ref):
        return dependency_deed(did)  # renovate's "update build" names a group of dependencies, not the build
    if did and strong_kinds(ref) == ["docs"] and did.split(" ", 1)[0] not in _DOCS_DEEDS and (topic := (ref.topic or ref.title)).split(" ", 1)[0].endswith("ing"):
        # pip #3431 "Installing already downloaded package" is a docs section's title: the author
        # documented installing it, and installed nothing
        return f"documented {topic[:1].lower()}{topic[1:]}"
    if did and strong_kinds(ref) == ["docs"]:
        return docs_deed(did)
    numbered = re.search(r"(?i)\s[-:–]\s*(?:part|pt\.?)\s*(\d+)\s*(?:\(#\d+\))?\s*$", ref.title) if did else None
    if did and numbered and "part" not in did:
        return f"{did}, part {number(int(numbered.group(1)))}"  # ao's "Quantize vit_b_16 tutorial - Part 1"
    return did


def deed(ref: ChangeRef) -> str:
    """The change as a listener hears it: what its author did, else its title quoted."""
    return told(ref) or title_of(ref)


def strong_kinds(ref: ChangeRef) -> list[str]:
    """The kinds the plan claims strongly for a change (all its kinds when it carries no claims)."""
    if not ref.claims:
        return list(ref.kinds)
    return [c.value for c in ref.claims if c.about == "kind" and c.strength == "strong"]


def strong_severity(ref: ChangeRef) -> list[str]:
    """The severities the plan claims strongly for a change (all of them when it carries no claims)."""
    if not ref.claims:
        return list(ref.severity)
    return [c.value for c in ref.claims if c.about == "severity" and c.strength == "strong"]


def said_nature(ref: ChangeRef) -> str:
    """What a change may be called aloud: its nature from the strong claims only ("generic" when
    none is strong: it is told in its author's own words, without a label)."""
    return nature(strong_kinds(ref), strong_severity(ref))


UNNAMED = ("a bot", "a contributor")  # who() for a change that names no person: never one person's run


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
    """One area to speak of, or "" when the plan names none (its slot then says no "in …")."""
    return areas[0] if areas else ""


def _areas(areas: Sequence[str]) -> str:
    # "in MXFP8 MoE training and MoE training": an area another one names whole is said once
    kept = [a for a in areas[:3] if not any(b != a and re.search(rf"(?i)\b{re.escape(a)}$", b) for b in areas[:3])]
    return join(kept) if kept else ""


def release_name(release: Release, show: str, phrases: Phrasebook | None = None) -> str:
    """ "Vue 3.4.0", "create-foo 9.0.1"."""
    return (phrases or default_phrasebook()).say("releases.name", package=release.package or show, version=release.version)


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
    """Facts measuring a time the change itself brought down (runtimes, latencies), biggest cut
    first: a single reproduction's or two settings' figures are not the change's effect."""
    found = []
    for f in facts:
        if f.strength == "weak":
            continue
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


# What a time measures, when its sentence says ("Metal init time 25s -> 9s" is no runtime).
_TIMED = (
    (re.compile(r"\binit(?:iali[sz]ation)?\b|\binitiali[sz]e", re.I), "facts.init_time"),
    (re.compile(r"\bstart[- ]?up\b|\bcold start\b", re.I), "facts.startup_time"),
    (re.compile(r"\bimport(?:ing)?\b", re.I), "facts.import_time"),
    (re.compile(r"\bcompil(?:e|ation|ing)\b", re.I), "facts.compile_time"),
    (re.compile(r"\bbuild(?:ing)?\b", re.I), "facts.build_time"),
    (re.compile(r"\bload(?:ing)?\b", re.I), "facts.load_time"),
    (re.compile(r"\blatency\b", re.I), "facts.latency"),
    (re.compile(r"\bhash(?:ing|es)?\b|\bsha-?\d+\b|\bchecksum", re.I), "facts.hash_time"),
    (re.compile(r"\bpars(?:e|es|ing|er)\b", re.I), "facts.parse_time"),
    (re.compile(r"\binstall(?:s|ing|ation)?\b", re.I), "facts.install_time"),
)


_PERCENT_OF = (
    (re.compile(r"\bcpu\b", re.I), "facts.cpu"),
    (re.compile(r"\b(?:memory|ram|rss|heap|vram)\b", re.I), "facts.memory"),
    (re.compile(r"\b(?:binary|wheel|package|file|disk|download) size\b", re.I), "facts.size"),
)


# A percentage with what it compares after it: "15% lower perplexity", "30% fewer allocations"
_COMPARED_BY = re.compile(r"(\d+(?:\.\d+)?)\s*%\s+(lower|higher|less|more|smaller|larger|fewer|better|worse)\s+([a-z][\w-]*(?:\s+(?!than\b|and\b|on\b|in\b|for\b)[a-z][\w-]*)?)", re.I)


def _time_metric(text: str) -> str:
    """The phrase key of what a measured time is: the one kind of time its sentence names, else runtime."""
    named = {key for pattern, key in _TIMED if pattern.search(text)}
    return named.pop() if len(named) == 1 else "facts.runtime"


_HEDGED_FACTOR = re.compile(r"(?i)\b(about|roughly|around|approximately|nearly|almost|up to)\s+\d+(?:\.\d+)?\s*[x×]")


def fact_phrase(f: Fact, phrases: Phrasebook | None = None) -> str:
    """A measured fact in plain words, built from its fields and the style's ``phrases`` (default:
    the default's); its quoted text when unsure."""
    book = phrases or default_phrasebook()
    unit = (f.unit or "").lower()
    on = f" {book.say('facts.on', hardware=f.hardware)}" if f.hardware else ""
    pair = _before_after(f)
    if pair and pair[0] != pair[1] and (unit in TIME_UNITS or unit in MEMORY_UNITS) and f.before and f.after:
        # Bytes are memory use only when the message says memory; else a size ("a Dist is 288 bytes").
        memory = re.search(r"\b(?:memory|ram|rss|vram|heap|peak|footprint)\b", f.text, re.I)
        metric = book.say(_time_metric(f.text) if unit in TIME_UNITS else "facts.memory" if memory else "facts.size")
        move = book.say("facts.falls" if pair[1] < pair[0] else "facts.rises")
        text = book.say(
            "facts.moved", metric=metric, move=move, before=measure(f.before, f.before_unit or f.unit), after=measure(f.after, f.unit)
        )
        factor = pair[0] / pair[1]
        if unit in TIME_UNITS and factor >= _DOUBLE:
            text += f", {book.say('facts.faster', times=times(factor))}"
        return text + on
    word = _percent_word(f)
    if f.percent is not None and f.percent > 0 and word:
        said = a_an(f"{measure(f.percent, '%')} {book.say(f'facts.{word}')}")
        # "an 18.7 percent reduction" of what: uv's was CPU time for a cold install
        measured = next((key for pattern, key in _PERCENT_OF if pattern.search(f.text)), None)
        if measured:
            return book.say("facts.of_metric", fact=said, metric=book.say(measured)) + on
        compared = _COMPARED_BY.search(f.text)
        if compared and float(compared.group(1)) == f.percent:
            # "15% lower perplexity" was "a 15 percent reduction", of nothing said (ao 2025-09-30)
            return f"{measure(f.percent, '%')} {compared.group(2).lower()} {compared.group(3)}" + on
        if not re.search(r"\b(?:faster|slower|speed|latency|time|throughput)\b", f.text, re.I):
            return retold(plain_words(re.sub(r"\b[Oo]ur\b", "the", clean_quote(f.text))))  # what it reduces, in its words
        return said + on
    if f.factor is not None and f.factor >= _DOUBLE and word == "speedup":
        low = f.low if f.low is not None and _DOUBLE <= f.low < f.factor else f.factor
        # (curl's "1.1-2x speed-up per test run" was "two times faster", its low end lost: "up to")
        # torchtitan #2486's "15x speedup in generator time" was "fifteen times faster", of training
        measured = measured_part(f.text)
        # "~2x speedup" is about twice, "up to 3x" at most three times: never the bare figure
        hedge = _HEDGED_FACTOR.search(f.text)
        said = book.say("facts.faster", times=times(low, f.factor))
        lead = "up to " if f.low is not None and f.low < _DOUBLE else f"{hedge.group(1).lower()} " if hedge and low == f.factor else ""
        return f"{lead}{said}" + (f" {measured}" if measured else "") + on
    # The message's clause, said as a paraphrase (never quoted with words added): in the host's
    # voice ("Speeds up inference on our benchmark" -> "the change speeds up inference on the benchmark").
    # (its code in words: "when gc.collect() is called" is "when the gc collect function is called")
    return retold(plain_words(re.sub(r"\b[Oo]ur\b", "the", clean_quote(f.text))))


def _compared(f: Fact) -> str:
    """A figure of two setups in its message's words, what it compares first ("compared with llama.cpp, ET
    decode is 12 to 18 percent faster")."""
    said = re.sub(r"(?i)^vs\.?\s+([^:,]{1,40})[:,]\s*", r"compared with \1, ", clean_quote(f.text))
    said = re.sub(r"\+?(\d+(?:\.\d+)?)\s*[-–]\s*(\d+(?:\.\d+)?)\s?%", r"\1 to \2 percent", said)
    said = re.sub(r"\+?(\d+(?:\.\d+)?)\s?%", r"\1 percent", said)
    return retold(plain_words(_opening_lowered(said)))


def _ref_for(story: Story, sha: str) -> ChangeRef | None:
    return next((r for r in story.changes if r.sha == sha), None)


def _what(story: Story, f: Fact) -> str:
    """What a fact measures, said by its change's title (never a hash)."""
    ref = _ref_for(story, f.sha)
    return title_of(ref) if ref is not None else "one of the changes"


def _effect_range(story: Story, book: Phrasebook) -> tuple[str, str] | None:
    """(metric, "three to six times") when several runtime facts show a clear speed-up."""
    timed = time_facts(story.facts)
    if len(timed) < 2 or (_factor(timed[0]) or 0) < _DOUBLE:
        return None
    lo = min(_factor(f) or 0 for f in timed)
    hi = _factor(timed[0]) or 0
    span = times(lo, hi) if lo >= _DOUBLE else book.say("facts.up_to", times=times(hi))
    return book.say("facts.test_runtimes" if _is_tests(story) else "facts.runtimes"), span


def _cite_fact(f: Fact) -> Citation:
    return Citation(sha=f.sha, pr=f.pr)


def _facts(host: Host, story: Story, limit: int, *, range_said: bool = False, said: Sequence[Sentence] = ()) -> list[Sentence]:
    """The measured effect: the range (unless already said) and the best case, else single facts
    (none whose sentence the story has quoted already: "2.3x" heard twice is heard as two figures)."""
    out: list[Sentence] = []
    heard = " ".join(s.text for s in said).lower()
    facts = [f for f in story.facts if not (f.source and " ".join(f.source.split())[:40].lower() in heard)]
    story = replace(story, facts=facts)
    timed = time_facts(story.facts)
    # Line counts are diff statistics, not the message's words: the scale sentence says them.
    rest = [f for f in story.facts if f not in timed and f.kind not in ("lines", "tests")]
    effect = _effect_range(story, host.style.phrases)
    if effect and range_said:
        best = timed[0]
        out.append(host.say("best_case", [_cite_fact(best)], what=_what(story, best), fact=fact_phrase(best, host.style.phrases)))
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
    # A clause still in its author's voice ("we measured …") has no host's paraphrase.
    # (two setups compared are said in the message's clause, which names both: "an 18 percent speedup"
    # of "vs llama.cpp: ET decode is +12-18% faster" left out what it was faster than; executorch #20086)
    # (a squashed step's figure is not the change's: kept in the plan as evidence, not said)
    phrased = [(f, text) for f in [*timed, *rest] if f.compares != "step"
               if not first_person(text := _compared(f) if f.compares == "settings" else fact_phrase(f, host.style.phrases))]
    for f, text in phrased[: max(0, limit - len(out))]:
        # A figure says what it compares: the change's own effect, one reproduction, or two settings.
        slot = {"case": "fact_case", "settings": "fact_settings"}.get(f.compares, "fact")
        out.append(host.say(slot, [_cite_fact(f)], what=_what(story, f), fact=text))
    return out


# ------------------------------------------------------------------------------ why and terms


def _credit_for(story: Story, why: Why) -> str:
    if why.by:
        return why.by
    ref = _ref_for(story, why.sha)
    return who(ref.authors if ref and ref.authors else story.people)


def _names_its_author(story: Story, why: Why) -> bool:
    """Whether the why's sentence speaks of its credited author by name, in the third person."""
    ref = _ref_for(story, why.sha)
    names = ref.authors if ref and ref.authors else story.people
    return any(len(name) > 3 and re.search(rf"\b{re.escape(name)}\b", why.text, re.I) for name in names)


def _whys(host: Host, story: Story, telling: Telling, limit: int = 2) -> list[Sentence]:
    """The story's why in its authors' words: a problem, then the change or its effect."""
    out: list[Sentence] = []
    for why in story.why:
        if len(out) >= limit or why.text in telling.whys:
            continue
        telling.whys.add(why.text)
        person = _credit_for(story, why)
        if person in UNNAMED:
            continue
        cites = [Citation(sha=why.sha, pr=why.pr)]
        if _names_its_author(story, why):
            # "This patch series by Hanyuan Zhao provides …" is the merger's word about the author,
            # not the author's own (u-boot 2024-10-27).
            out.append(host.say("why_described", cites, text=retold(plain_words(why.text))))
        elif first_person(why.text):
            out.append(host.say("why_quote", cites, person=person, person_s=possessive(person), text=quote(why.text)))
        else:
            # (retold, its code is said in words: "returns CURLE_OK" is "returns curle OK"; a quote stays exact)
            text = retold(plain_words(why.text))
            if _CUT_WHERE_CODE_WAS.search(text):
                continue  # u-boot dff350fee2: "… adds and uses a new function which calls." once its call was unsaid
            if why.role == "problem":
                # "As Alex Macleod explains the problem, the problem being that …" (clippy 2022-04-02)
                text = re.sub(r"(?i)^(?:the )?(?:problem|issue|bug)(?: here)? (?:being|is|was) that\s+", "", text)
            out.append(host.say(f"why_{why.role}", cites, person=person, person_s=possessive(person), text=text))
    return out


# a sentence that ends where the code it named was left unsaid
_CUT_WHERE_CODE_WAS = re.compile(r"(?i)\b(?:(?:which|that|it|then) (?:calls|invokes|uses|returns|sets|passes)|which|that|the|an?|of|to|with|like)\W*$")


_SEVERE = ("silent", "security", "crash", "hang", "correctness", "regression")
_EXPLAINED = ("silent", "security")


def _severity_why(host: Host, kind: str, story: Story, refs: Sequence[ChangeRef]) -> list[Sentence]:
    """What could go wrong for a user, from the severity the newsroom read (when the authors said
    nothing the host can retell), and a breaking change's warning."""
    area = area_of(story.areas)
    out: list[Sentence] = []
    # Only what a listener learns from: what a silent wrong result means, a security fix's urgency
    # ("If Dynamo has been crashing on you, this may be why" told nothing the fix had not).
    # (and only where a change claims it strongly: "Security fixes like this one are worth updating
    # for" was said of a u-boot bounds fix nobody called security, r40)
    claimed = [r for r in story.changes if r.claims]
    strongly = not claimed or any(nature([], strong_severity(r)) == kind for r in claimed)
    # (once an episode: advice said twice is heard as filler)
    advised = any(host.used[line] for line in host.style.lines(f"why_{kind}")) if kind in _EXPLAINED else True
    if kind in _EXPLAINED and strongly and not advised and not any(w.role == "problem" for w in story.why):
        out.append(host.say(f"why_{kind}", refs, area=plain_area(area)))
    # A kind with an opening of its own (a breaking change) has said what it asks of its users.
    if _marked_breaking(story) and spec_of(story.kind).opening is None:
        said = _breaking_words(story)
        if said is not None:  # "This is a breaking change for any downstream code that passes …"
            ref, text = said
            out.append(host.say("why_breaking_said", [ref], person=who(ref.authors), text=quote(text)))
        else:
            out.append(host.say("why_breaking", refs, area=plain_area(area)))
    return out


def _breaking_words(story: Story) -> tuple[ChangeRef, str] | None:
    """The first sentence of an author's own "Breaking Changes" section, short enough to quote."""
    for ref in story.changes:
        for claim in ref.claims:
            section = next((e for e in claim.evidence if e.source == "section"), None)
            if claim.value != "breaking" or section is None:
                continue
            first = re.split(r"(?<=[.!?])\s", section.text, maxsplit=1)[0]
            text = clean_quote(first, limit=200)
            if 5 <= len(text.split()) <= 30 and first.rstrip().endswith("."):
                return ref, text
    return None


def _terms(host: Host, story: Story, telling: Telling, said: Sequence[Sentence] = ()) -> list[Sentence]:
    """Explain a term the story's sentences use, the first time the episode uses it: in the
    project's own words when its docs define it, else from the show's or commitcast's glossary;
    else the area its README describes. A term no source explains is left as it was said."""
    # Only what the listener heard: a term in a label the host never said ("uv-resolver") is
    # explained beside a sentence that never used it (uv 2024-06-11).
    text = " ".join(s.text for s in said) if said else " ".join([story.headline, *story.focus])
    for term, meaning in telling.plan_glossary.items():
        if term.lower() in telling.explained or not _mentions(text, term):
            continue
        telling.explained.add(term.lower())
        source = telling.sources.get(term, "")
        if source and "/" in source or source.endswith((".md", ".rst", "README")):
            return [host.say("term_docs", term=term, sentence=meaning.rstrip(". "))]
        return [host.say("term_glossary", term=term, meaning=meaning.rstrip(". "))]
    for area in story.areas[:2]:
        note = telling.plan_notes.get(area)
        if note and area.lower() not in telling.explained and _mentions(text, plain_area(area)):
            telling.explained.add(area.lower())
            return [host.say("term_note", area=plain_area(area), note=quote(note))]
    return []


def _mentions(text: str, term: str) -> bool:
    if term != term.lower():
        return re.search(rf"(?<![\w]){re.escape(term)}(?![\w])", text) is not None
    # (a capitalised name before it makes another thing: a "Git resolver" maps tags to commits, no
    # resolver of versions; uv 2024-06-01)
    for m in re.finditer(rf"(?<![\w]){re.escape(term)}s?(?![\w])", text, re.I):
        before = re.search(r"(?:[.!?:;]\s+)?(\S+)\s+$", text[: m.start()])
        if before is None or before.start() == 0 or before.group(0)[0] in ".!?:;" or not re.fullmatch(r"[A-Z][a-z]+", before.group(1)):
            return True
    return False


# ------------------------------------------------------------------------------ the day's theme


def theme(story: Story, show: str = "", phrases: Phrasebook | None = None) -> str:
    """The day's dominant story as a short clause (a subject and what it did) for the cold open and
    the sign-off: "curl 8.3.0 is out", "Daniel Stenberg removed support for Secure Transport"."""
    book = phrases or default_phrasebook()
    if story.releases:
        return _release_hook(story.releases, show, book)
    area = area_of(story.areas)
    timed = time_facts(story.facts)
    effect = _effect_range(story, book)
    if effect:
        metric, span = effect
        return book.say("themes.effect", metric=metric, areas=_areas(story.areas), span=span)
    # one test made faster is no faster code base: "the install_http_retries test goes from 15s to 0.3s"
    one_test = story.total == 1 and bool(timed) and re.search(r"\btests?\b", timed[0].source or "", re.I) is not None
    if timed and not one_test:
        adverb = book.say("themes.dramatically" if (_factor(timed[0]) or 0) >= 3 else "themes.noticeably")
        # what the figures time, when they name it: "uv python got faster" was heard as a command
        # the change never timed; "uv lock and uv sync got faster" is what its body measured
        subjects = list(dict.fromkeys(measured_subject(f.text) for f in timed))
        if len(subjects) > 1 and None not in subjects:
            return book.say("themes.faster", area=name_list([s for s in subjects if s], 3), adverb=adverb)
        phases = {timed_phase(f.text) for f in timed}
        if len(phases) == 1 and None not in phases and area:  # "load time in Vulkan", not all of Vulkan
            return book.say("themes.faster", area=f"{phases.pop()} in {plain_area(area)}", adverb=adverb)
        return book.say("themes.tests_faster" if _is_tests(story) else "themes.faster", area=plain_area(area), adverb=adverb)
    if heard_role(story) == "revert":
        return book.say("themes.rolled_back_and_back" if story.relanded else "themes.rolled_back", area=plain_area(area))
    n = story.total
    group = _group_theme(story, book) if n >= 3 and story.kind in _GROUP_KINDS else None
    if group:
        return group
    ref = story.changes[0] if story.changes else None
    if ref is None:
        return book.say("themes.work", area=plain_area(area))
    person = who(ref.authors or story.people)
    if "silent" in said_nature(ref) and ref.claims or (not ref.claims and nature(story.kinds, story.severity) == "silent"):
        return book.say("themes.silent_fix", person=person, area=plain_area(area))
    did = told(ref)
    if did is not None:
        where = where_phrase(ref.areas[0], did) if ref.areas and len(did.split()) <= 10 else ""
        return book.say("themes.did", person=person, did=did + where)
    if n >= 2 and person not in UNNAMED:
        # the story's people, not its first change's author: a pull of Fiona Klute's and Ilias
        # Apalodimas' patches was "Fiona Klute landed two changes" (u-boot 2025-06-28)
        humans = [p for p in story.people if not is_bot_name(p)] or [person]
        return book.say("themes.landed", person=join(humans[:3]), count=approx_count(n, "change"), areas=_areas(story.areas))
    if speakable_title(ref) or not area:  # "landed a change" alone says nothing
        return book.say("themes.titled", person=person, title=title_of(ref))
    return book.say("themes.change_in", person=person, area=plain_area(area))


_GROUP_KINDS = (StoryKind.CAMPAIGN, StoryKind.AUTHOR_SERIES, StoryKind.PULL, StoryKind.AREA)


def leader(story: Story) -> str | None:
    """The person the plan says leads the story (most of its changes are theirs), if anyone does."""
    claim = next((c for c in story.claims if c.about == "leader"), None)
    if claim is not None:
        return claim.value
    humans = [p for p in dict.fromkeys(story.people) if not is_bot_name(p)]
    return humans[0] if len(humans) == 1 and not story.claims else None


def _group_theme(story: Story, book: Phrasebook) -> str | None:
    """ "Anthony Shoumikhin and Hansong landed 33 changes on Tensor, Module and Value in Apple";
    a "led by" only for the person the plan says leads it."""
    humans = [p for p in dict.fromkeys(story.people) if not is_bot_name(p)]
    if not humans:
        return None
    n, area = story.total, plain_area(_place(story))
    rollup = story.kind == StoryKind.PULL and _purpose(story) == "rollup"
    if story.kind == StoryKind.PULL and not rollup:
        n = max(n, story.commits)
    said = count(_rolled_up(story), "pull request") if rollup else count(n, "change") if n < 100 else approx_count(n, "change")
    if len(humans) == 1 and their_day(story) > n:  # not heard as the person's whole day
        # (their whole day, the changes told apart as well: uv 2023-10-07's "three of their nine changes" was of 13)
        said = f"{number(n)} of their {_day_count(story)}"
        if story.kind != StoryKind.PULL and area and _purpose(story) != "pattern":
            # "landed three of their four changes in MX formats" was heard as one of four not landing
            if story.lead_changes_here >= story.lead_changes and not story.lead_told_apart:  # all of their day was there
                return book.say("themes.landed", person=humans[0], count=count(story.lead_changes, "change"), areas=area)
            if not 0 < story.lead_changes_here < n:  # all the story's there: said with all of theirs there
                return book.say("themes.part_in", person=humans[0], total=_day_count(story),
                                count=number(max(n, story.lead_changes_here)), area=area)  # fmt: skip
    people = count(len(humans), "person", "people")
    if story.kind == StoryKind.PULL and story.helpers:  # "from eight people and two co-authors"
        people = book.say("size.with_help", people=people, more=count(len(story.helpers), "co-author"))
    if story.kind == StoryKind.PULL and story.claims:
        sender = leader(story)
        if rollup:
            return book.say("themes.rollup", sender_s=f"{sender}'s" if sender else "a", count=said, people=people)
        tree = story.via or book.say("themes.another_tree")
        if sender:
            return book.say("themes.pull_sent", sender_s=f"{sender}'s", tree=tree, count=said, people=people)
        return book.say("themes.pull", tree=tree, count=said)
    if story.kind == StoryKind.AREA or len(humans) > 2:
        lead = leader(story)
        if lead:
            return book.say("themes.many_led", people=people, count=said, area=area, lead=lead)
        return book.say("themes.many", people=people, count=said, area=area)
    who_ = join(humans)
    if story.series and story.series_size * 2 >= n:
        return book.say("themes.series", person=who_, count=said, area=area, series=story.series)
    if story.focus:
        # five of six on SDPA is "most of them on SDPA", never "six changes on SDPA" (executorch 2025-11-05)
        phrase = "themes.focus" if _all_about_focus(story) else "themes.focus_most"
        if len(humans) == 1 and their_day(story) > n:
            # (a theme is heard on its own, in the cold open and the sign-off: their whole day, no "eight
            # other changes" of nothing told before; curl 2025-11-24)
            return book.say(phrase.replace("themes.", "themes.part_"), person=who_, total=_day_count(story),
                            count=number(n), focus=_focus_words(story))  # fmt: skip
        return book.say(phrase, person=who_, count=said, focus=_focus_words(story), area=area)
    main = _main_thread(story)
    if main is not None:
        return book.say("themes.thread", person=who_, count=said, area=area, label=main.label)
    if len(humans) == 1 and their_day(story) > n and _purpose(story) == "pattern":
        # what joins them is their titles' pattern: "three of their four changes in uv" said the fourth was
        # elsewhere (uv 2024-11-02: all four in uv)
        return book.say("themes.landed_part", person=who_, count=said)
    return book.say("themes.landed", person=who_, count=said, areas=_areas(story.areas))


def _all_about_focus(story: Story) -> bool:
    """Every change the story cites names all its focus in its title ("all of them on KV, Ethos and
    SmolLM2" is heard of each: one VGF demo named no Ethos; executorch 2026-08-19)."""
    words = [f.lower() for f in story.focus]
    return all(all(w in r.title.lower() for w in words) for r in story.changes)  # (its label too: "nvfp4 tensor: refactor …")


def _main_thread(story: Story) -> StoryThread | None:
    top = story.threads[0] if story.threads else None
    return top if top is not None and top.size * 2 > story.total else None


# ------------------------------------------------------------------------------ sizes


def _about(n: int) -> str:
    """A line count rounded as said aloud: 9,374 -> "about 9,400"; small counts exactly."""
    return number(n) if n < 100 else rounded_count(n)


def _about_lines(n: int) -> str:
    return f"{_about(n)} line{'s' if n != 1 else ''}"


# "Split build backend into modules" (uv 2024-12-03, "No functional changes"): lines moved, not written
_MECHANICAL = re.compile(r"(?i)\b(?:linters?|lint|(?:re)?format(?:ter|ting)?|clang-format|cmake-format|black|ruff|prettier|codemod|rename|move|moved|"
                         r"split\b.{1,40}\binto|extract\b.{1,40}\binto)\b")


def _scale(host: Host, story: Story) -> list[Sentence]:
    """How big the work is, in lines, when it is big (a bot's codemod is not news by size)."""
    if story.lines_added + story.lines_deleted < _BIG_CHANGE or who(story.people) == "a bot":
        return []
    if any(_MECHANICAL.search(r.title) for r in story.changes):
        return []  # "Add a cmake-format linter": most of its 1,250 lines are files it reformatted
    if a_rewrite(story.lines_added, story.lines_deleted):
        return []  # curl's renamed Visual Studio folders were "a big change: about 520 lines added and 500 removed"
    slot = "scale_one" if story.total == 1 else "scale"
    if story.lines_added_tests * 5 >= story.lines_added * 3 and story.lines_added > story.lines_deleted:  # (three in five: "most")
        slot += "_tests"  # uv #9796's "about 5,200 lines added" were 4,338 of one test file
    said = [host.say(slot, story.changes, added=_about_lines(story.lines_added), deleted=_about(story.lines_deleted))]
    if story.lines_left_out:  # (the plan leaves lines out only when there are enough to say)
        # uv #90's "670 lines added" were 2,814 in git: its lockfile and 22 snapshot files went unsaid (r88)
        said.append(host.say("scale_left_out", story.changes, lines=_about_lines(story.lines_left_out), what=name_list(story.left_out or ["data files"])))
    return said


# ------------------------------------------------------------------------------ releases


def _pre_word(release: Release, book: Phrasebook) -> str:
    """What a pre-release is called: "release candidate" for 2025.10-rc5, "beta" for 24.1b1."""
    return book.say(f"releases.{release.pre_kind}")


def _kind_word(release: Release, book: Phrasebook) -> str:
    """ "minor release", "release candidate", "beta"; a 0.x project's new minor is a new series
    (semver lets it break things: uv 0.8.0 was no "minor release")."""
    return _pre_word(release, book) if release.kind == "prerelease" else book.say(f"releases.{release.said_kind}")


def _release_hook(releases: Sequence[Release], show: str, book: Phrasebook) -> str:
    """ "Vue 3.4.0 is out", "pip 19.2 and 19.2.1 are out", "Vue shipped eight patch releases, 3.4.6
    to 3.4.13": the releases as the headline names them."""
    lead = lead_release(releases)
    mine = [r for r in releases if r.package == lead.package]
    name = lead.package or show
    if len(mine) == 2:
        return book.say("releases.hook_two", name=name, first=mine[0].version, second=mine[1].version)
    if len(mine) > 2 and len({r.kind for r in mine}) == 1:
        return book.say(
            "releases.hook_series", name=name, count=count(len(mine), _kind_word(lead, book)),
            first=mine[0].version, last=mine[-1].version,
        )
    if len(mine) > 1:
        others = [r for r in mine if r is not lead]
        # "0.6.0 is out, with two release candidates": a candidate is no release of its own
        noun = _pre_word(others[0], book) if all(r.kind == "prerelease" for r in others) else book.say("releases.more")
        return book.say("releases.hook_more", release=release_name(lead, show, book), count=count(len(others), noun))
    return book.say("releases.hook", release=release_name(lead, show, book))


def _versions_said(releases: Sequence[Release], book: Phrasebook) -> str:
    """ "3.4.1, 3.4.2 and 3.4.3", "three release candidates" for a run of pre-releases."""
    if len(releases) >= 3 and all(r.kind == "prerelease" for r in releases):
        return count(len(releases), _pre_word(releases[0], book))
    return join([r.version for r in releases])


def tell_release(host: Host, story: Story, telling: Telling, show: str, *, week: bool = False) -> list[Sentence]:
    """A release: what shipped, what it carries since the one before, its highlights, and the
    other releases of the same package in the window (those before it and the follow-ups)."""
    book = host.style.phrases
    out: list[Sentence] = []
    by_package: dict[str | None, list[Release]] = {}
    for release in story.releases:
        by_package.setdefault(release.package, []).append(release)
    cites = story.changes
    for releases in list(by_package.values())[:PACKAGES_SAID]:
        if week and len(releases) >= 3 and len({r.kind for r in releases}) == 1:
            out += _release_series(host, releases, cites, show, telling)
            continue
        lead = lead_release(releases)
        out.append(host.say("release_out", cites, release=release_name(lead, show, book), kind=a_an(_kind_word(lead, book))))
        if lead.previous and lead.changes:
            out.append(host.say(
                "release_carries", cites, previous=book.say("releases.previous", version=lead.previous),
                # changes, not commits: its own version bump is none of them (uv 0.9.14's "nineteen" of twenty)
                commits=count(lead.changes, "change"),
                people=with_bots(count(lead.authors, "person", "people"), lead.bots, book, number),
            ))
            if 1 < lead.prs != lead.changes:  # "34 commits … among them 34 pull requests" says nothing
                out.append(host.say("release_prs", cites, prs=count(lead.prs, "pull request")))
        out += _release_contents(host, lead, cites, telling)
        at = releases.index(lead)
        if at:
            out.append(host.say("release_before", cites, versions=_versions_said(releases[:at], book)))
        if releases[at + 1 :]:
            when = book.say("releases.same_week" if week else "releases.same_day")
            out.append(host.say("release_more", cites, versions=_versions_said(releases[at + 1 :], book), when=when))
    return out


def _release_series(
    host: Host, releases: Sequence[Release], cites: Sequence[ChangeRef], show: str, telling: Telling
) -> list[Sentence]:
    """A week's run of releases of one kind, told as one: how many, which, and what they bring."""
    book = host.style.phrases
    first, last = releases[0], releases[-1]
    hook = _release_hook(releases, show, book)
    out: list[Sentence] = []
    if hook not in telling.hooks:  # the cold open just said "Vue shipped eight patch releases, …"
        out.append(host.say(
            "release_series", cites, package=first.package or show, count=count(len(releases), _kind_word(first, book)),
            versions=book.say("releases.span", first=first.version, last=last.version),
        ))
    commits = sum(r.changes for r in releases)
    if first.previous and commits:
        out.append(host.say(
            "release_series_carries", cites, previous=book.say("releases.previous", version=first.previous),
            commits=count(commits, "commit"),
        ))
    picks: list[str] = []
    for release in reversed(releases):  # the newest first
        picks += [t for t in release_highlights(release, telling.own_stories) if t not in picks]
    said = _said_items(picks[:3])
    if said:
        out.append(host.say("release_brings", cites, items=said))
        telling.titles.update(clean_title(t).lower() for t in picks[:3])
    return out


def _focus_words(story: Story) -> str:
    """The names a story's titles keep coming back to, said as words ("U BOOT DRIVER", not U_BOOT_DRIVER)."""
    # (a name the titles call, "IS_ENABLED()", said as what is called: "the IS ENABLED macro", no "the is enabled")
    called = {f for f in story.focus if any(f"{f}()" in (r.topic or r.title) for r in story.changes)}
    return join([plain_words(f"{f}()" if f in called else f) for f in story.focus])


def _said_items(texts: Sequence[str]) -> str:
    """A release's items as deeds where they name one ("added a 32-bit Windows target"), else in
    their own words, in plain words either way."""
    said = [_said_item(t) for t in texts if clean_title(t)]
    fixes = [item.removeprefix(_ONE_FIX) for item in said if item.startswith(_ONE_FIX)]
    if len(fixes) < 2:
        return join(said)
    # "one fix, to …, one fix, to … and one fix, to …" (vue 3.5.39) is said once, last
    others = [item for item in said if not item.startswith(_ONE_FIX)]
    return join([*others, f"{count(len(fixes), 'fix', 'fixes')}, {join(['to ' + f for f in fixes])}"])


# Orders whose past tense is never a noun's or an adjective's ("support", "update" can be either)
_PLAIN_ORDERS = frozenset("add allow avoid remove make use bump drop enable disable implement improve handle".split())
_ONE_FIX = "a fix, to "  # (no count: "one fix, to …" beside two more fixes told as deeds, vue 3.3.7)
_SHOULD_FIX = re.compile(
    r"^fix(?:\((?P<scope>[^)]{1,40})\))?!?:\s*(?P<subject>(?:[\w.'`-]+(?::[\w`-]+)?\s+){1,6}?)?"
    r"should(?P<neg> not|n't)?\s+(?P<verb>[a-z]+)\b\s*(?P<rest>.*)$",
    re.I,
)


# "noproxy: support …", "cmdline/docs: add …": the part of the code an item's label names.
_ITEM_LABEL = re.compile(r"^(?!(?:fix|feat|docs?|chore|build|ci|test|tests|refactor|perf|style|revert)\b)([A-Za-z][\w.+-]{1,30}):\s")


# A two-word label before an order ("Build backend: Add …", uv 0.5.6).
_NAMED_LABEL = re.compile(r"^([A-Za-z][\w.+-]{1,30} [a-z][\w.+-]{1,20}):\s+(?=[A-Z][a-z]+\s)")
_BOARD_LABELS = re.compile(r"^(?:arm: )?(?:board|boards|configs?|dts): (?:[\w.+-]{1,30}: )*([\w.+-]{1,30}): (?=\S)", re.I)


def _said_item(text: str) -> str:
    """One release item: its deed with the place its label names ("added support for … in noproxy"),
    else its own words."""
    named = _NAMED_LABEL.match(text)
    if named and (inner := deed_of(text[named.end():])):  # "Build backend: Add …" is no "built backend"
        return inner + where_phrase(named.group(1), inner)
    did = deed_of(text)
    should = _SHOULD_FIX.match(text)
    if did is None and should:
        # vue's "fix(compiler-core): should not treat uppercase components as special tags" is a fix,
        # heard as one: "a fix so that compiler core no longer treats …"
        verb, tail = should.group("verb"), plain_words(clean_title(should.group("rest"), limit=_TITLE_WORDS))
        tail = _opening_lowered(tail)
        if should.group("subject"):
            # "instance should not expose non-declared props" was "a fix, to instance should not …"
            # (vue 3.0.0-alpha.4); "will" needs no guess at the subject's number
            subject = _opening_lowered(plain_words(re.sub(r"(?<=\w):(?=\w)", " ", should.group("subject").strip())))
            return f"a fix so that {subject} will {'not ' if should.group('neg') else ''}{verb} {tail}".rstrip()
        who_ = plain_words((should.group("scope") or "").replace("-", " ")) or "it"
        said_verb = third_person(verb) if is_verb(verb) else verb
        return f"a fix so that {who_} {'no longer ' if should.group('neg') else ''}{said_verb} {tail}".rstrip()
    fix = FIX_TYPE.match(text)
    if did is None:
        # vue 3.5.19's "fix(devtools): clear performance measures" was "clear performance measures",
        # heard as a thing: a fix-typed item is said as the fix it is
        words = plain_words(clean_title(fix.group(1) if fix else text, limit=_TITLE_WORDS))
        words = _opening_lowered(words)
        words = re.sub(r"^(?:don't|do not|dont)\s+(?=[a-z])", "not ", words) if fix else words  # "to don't move …" (vue 3.5.33)
        first = words.split(" ", 1)[0]
        if fix and (is_verb(first) or first == "not"):
            return f"{_ONE_FIX}{words}"
        if fix and _STATES_A_BUG.search(words):
            # vue 3.5.14's "no parameters were generated when using withDefaults" under its fixes is the bug the
            # release fixed, not what it does (2025-12-18)
            return f"a fix for a case where {words}"
        if first in _PLAIN_ORDERS and " " in words:  # uv 0.1.7's "add support for >dev specifier", said as an order
            return f"{past_tense(first)} {words.split(' ', 1)[1]}"
        return words
    board = _BOARD_LABELS.match(text)
    if board:  # "board: phytec: phycore_am6xx: Add rauc to bootmeths" is one board's default (u-boot 2025.10-rc3)
        return f"{did} for the {plain_words(board.group(1))} board"
    if fix and not any(w in did.lower() for w in _SAYS_ITSELF["fix"]):
        # "fix: Use 3.9 compatible zip" was "used 3.9 compatible zip", heard as new work (uv 0.8.8)
        order = plain_words(clean_title(fix.group(1), limit=_TITLE_WORDS))
        return f"{_ONE_FIX}{order[:1].lower() + order[1:]}"
    label = _ITEM_LABEL.match(text)
    return did + (where_phrase(label.group(1), did) if label else "")




# A fix's item that tells the bug as a statement: a verb that says what went wrong, not an order
_STATES_A_BUG = re.compile(r"\b(?:was|were|is|are|did not|does not|do not|didn't|doesn't|don't|could not|couldn't|cannot|can't|"
                           r"wasn't|weren't|isn't|aren't|fails?|failed|crashe[sd]|throws|threw|breaks|broke)\b", re.I)


# A title that names a bug, not work ("Incorrect bitflip return on page read", "Memory leak in …")
_A_BUG = re.compile(
    r"(?i)^(?:an? |the |some )?(?:incorrect|wrong|broken|invalid|erroneous|spurious|faulty|buggy|improper|"
    r"(?:memory |resource )?leaks?|crash(?:es)?|segfaults?|deadlocks?|race conditions?|null pointer dereferences?|use[- ]after[- ]free)\b"
    # (or one that ends naming its trouble: executorch's "cmake flatcc build issue" was "landed a … build issue")
    r"|\b(?:issues?|bugs?|errors?|failures?|breakages?|regressions?|problems?|warnings?)$"
)


def _release_contents(host: Host, release: Release, cites: Sequence[ChangeRef], telling: Telling) -> list[Sentence]:
    """What a release carries, as its own notes put it: breaking changes first, then its headline
    items; without notes in the tree, the newsroom's pick of its changes."""
    out: list[Sentence] = []
    breaking = release.breaking[:3]
    if breaking:
        out.append(host.say("release_breaking", cites, items=_said_items(breaking)))
    notes = [n for n in release.notes if n not in release.breaking][:3]
    if notes:
        out.append(host.say("release_notes", cites, items=_said_items(notes)))
        return out
    picks = release_highlights(release, telling.own_stories)
    if picks:
        out.append(host.say("release_brings", cites, items=_said_items(picks)))
        telling.titles.update(clean_title(t).lower() for t in picks)
    return out


def release_highlights(release: Release, own_stories: frozenset[str] = frozenset()) -> list[str]:
    """What the host names among a release's changes (the newsroom's pick of what matters),
    leaving out those the episode tells as stories of their own."""
    # a pick is its whole title ("Build backend: Add functions to collect file list (#9602)"), a story's key its topic
    return [t for t in release.picked if not any(len(key) > 12 and key in clean_title(t).lower() for key in own_stories)][:_HIGHLIGHTS]


def story_titles(plan: EpisodePlan) -> frozenset[str]:
    """Lower-cased titles of the changes the plan tells as single stories (a release's highlight
    would say them twice)."""
    return frozenset(
        title_key(r) for s in plan.stories if spec_of(s.kind).alone and not s.releases
        for r in s.changes
    )


# ------------------------------------------------------------------------------ single changes


_CHANGE_SLOTS = {
    "silent": "silent_fix", "security": "security_fix", "crash": "crash_fix", "hang": "hang_fix",
    "correctness": "correctness_fix", "regression": "regression_fix", "perf": "perf_change",
    "feature": "feature_change", "tests": "tests_change", "ci": "ci_change", "docs": "docs_change",
    "refactor": "refactor_change", "fix": "fix_change",
}


# Words a retold deed already says its kind with: no label needed before it.
_SAYS_ITSELF = {
    "silent": ("silent", "wrong"), "security": ("security", "vulnerab", "cve"), "crash": ("crash", "segfault"),
    "hang": ("hang", "deadlock", "stuck"), "correctness": ("wrong", "incorrect", "correct"),
    "regression": ("regress",), "perf": ("fast", "speed", "perf", "optimi", "slow", "quick"),
    # a fix the author says is one (a "fix:" type, a reported bug) though its title opens with
    # another verb: "A fix in HTTP: … moved the Curl allow auth to host function" (curl 363d039b2)
    "fix": ("fix", "correct", "repair", "resolv", "bug", "work around", "worked around", "workaround", "restor", "error", "revert", "rolled back", "undid", "typo"),
}
_LABELLED = frozenset(_SAYS_ITSELF)


_DOC_WORDS = re.compile(r"\b(?:docs?|documentation|documented|document|readme|guide|tutorial|man ?page|typos?|comments?|docstrings?)\b", re.I)


def place_of(ref: ChangeRef, did: str, area: str | None = None) -> str:
    """Where a change's deed happened, as heard: " in libcurl"; a change to docs alone is " in the
    docs" ("updated supported dtypes for fp8" in a README changed no dtype; ao 2025-01-17)."""
    area = (ref.areas[0] if ref.areas else "") if area is None else area
    if "dependency" in strong_kinds(ref):
        return ""  # a lockfile update touches many packages' pins: "in compiler sfc" names one (vue #9180)
    if "docs" in strong_kinds(ref) and "docs" in (ref.kinds[:1] or ("",)) and not _DOC_WORDS.search(did):
        spoken = plain_area(area) if area and area.lower() not in ("docs", "documentation") else ""
        if not re.fullmatch(r"[a-z][\w'-]*(?: [a-z][\w'-]*)?", spoken):
            spoken = ""  # a page's own name ("CURLINFO PRETRANSFER TIME T.3") is no place to hear
        return f" in the {spoken} docs" if spoken else " in the docs"
    # (when its files are tests: vue's "test: fix options usage of reactive" changed apiOptions.ts alone)
    if "tests" in strong_kinds(ref) and "tests" in (ref.kinds[:1] or ("",)) and not re.search(r"(?i)\btest", did) and (
        not area or area.lower() in ("tests", "test", "testing")
    ):
        # "test: … stop assuming RNG device exists" changed a test, not U-Boot (u-boot 2025-11-22)
        return " in the tests"
    return where_phrase(area, did, labelled=label_names(ref.title, ref.topic, area, tagged=ref.area_labelled and area == (ref.areas[:1] or [""])[0]))


# A title that only names its kind ("IPFS: bugfixes", "misc cleanups"): said as that, never quoted.
_KIND_ONLY = re.compile(
    r"(?i)^(?:(?:misc(?:ellaneous)?|various|minor|small|some|more|several|a few)\s+)?"
    r"(?P<kind>bug ?fix(?:es)?|fix(?:es)?|clean ?ups?|updates|tweaks|improvements)$"
)


def _said_plainly(ref: ChangeRef) -> str | None:
    """What a change whose title only names its kind did, in plain words ("landed fixes")."""
    if re.fullmatch(r"(?i)(?:issues?\s+)?fix(?:es)?\s*#\d+", ref.topic.strip()):
        # clippy's "Fix #10590" names an issue, no deed to quote; executorch's "issue fix #2" was quoted “Issue”
        return "landed a fix"
    m = _KIND_ONLY.match(ref.topic.strip().rstrip("."))
    if m is None:
        return None
    kind = m.group("kind").lower().replace(" ", "")
    return "cleaned things up" if kind.startswith("cleanup") else f"landed {'fixes' if 'fix' in kind else kind}"


def _code_name_only(ref: ChangeRef, kind: str) -> str | None:
    """What a change whose title is only a name from the code did ("feat(compiler-core):
    options.isBuiltInComponent"), said by its kind: a voice cannot quote the name."""
    if not re.fullmatch(r"[\w$]+(?:\.[\w$]+)+|[a-z]+[A-Z]\w*|\w+_\w+", ref.topic.strip()):
        return None
    return {"feature": "added new work", "fix": "landed a fix"}.get(kind, "landed a change")


def change_sentence(host: Host, ref: ChangeRef, story: Story | None = None, *, pr: str = "") -> Sentence:
    """One change told as what its author did: with a label ("A crash fix in libssh: …") only for a
    nature the plan claims strongly and the deed does not already say; its quoted title only when
    the title says no deed to retell."""
    people = ref.authors or (story.people if story else [])
    person = who(people)
    area = area_of(ref.areas or (story.areas if story else []))
    kind = said_nature(ref) if ref.claims or story is None else story_nature(story)
    did = told(ref) or _said_plainly(ref) or _code_name_only(ref, kind)
    if did is None:
        slot = _CHANGE_SLOTS.get(kind, "generic_change")
        if kind == "refactor" and story is not None and story.lines_added + story.lines_deleted >= _BIG_CHANGE:
            slot = "generic_change"  # thousands of lines are a migration or a rewrite, not a tidy-up
        return host.say(slot, [ref], person=person, ref=pr, area=plain_area(area), title=title_of(ref))
    where = place_of(ref, did, area)
    # "a fix" only from the change's own strong claim, never from its story's nature
    labelled = kind in _LABELLED and (kind != "fix" or said_nature(ref) == "fix")
    if labelled and not any(w in did.lower() for w in _SAYS_ITSELF[kind]):
        label = f"{host.noun(kind)}{where or (' in ' + plain_area(area) if area else '')}"
        return host.say("told_labelled", [ref], person=person, did=did, label=a_an(label), ref=pr)
    return host.say("told_change", [ref], person=person, did=did, where=where, ref=pr)


def _opening(host: Host, slot: str, ref: ChangeRef, story: Story, pr: str) -> Sentence:
    """A lone change told with its story kind's own opening (the registry's ``opening`` slot): its
    deed, or its title in the slot's ``_titled`` twin when the title says no deed."""
    person = who(ref.authors or story.people)
    area = area_of(ref.areas or story.areas)
    did = told(ref)
    if did is None:
        return host.say(f"{slot}_titled", [ref], person=person, area=plain_area(area), title=title_of(ref), ref=pr)
    return host.say(slot, [ref], person=person, did=did, where=place_of(ref, did, area), ref=pr)


def _single(host: Host, story: Story, lead: list[Sentence], telling: Telling, numbered: bool) -> list[Sentence]:
    ref = story.changes[0]
    kind = story_nature(story) if not ref.claims else said_nature(ref)
    person = who(ref.authors or story.people)
    out = [*lead]
    pr = host.pr(ref) if numbered else ""
    opening = spec_of(story.kind).opening
    out.append(change_sentence(host, ref, story, pr=pr) if opening is None else _opening(host, opening, ref, story, pr))
    out += _whys(host, story, telling, limit=3 if story.role == "headline" else 2)
    if ref.pr is not None and story.commits >= 5:
        out.append(host.say("commits", [ref], commits=count(story.commits, "commit")))
    elif ref.pr is None and story.commits >= 2 and re.match(r"(?i)a branch of assorted\b", ref.title):
        # a maintainer's grab-bag branch is no series: u-boot's "2024-07-05-assorted-updates" held nine people's patches
        out.append(host.say("commits_branch", [ref], commits=count(story.commits, "commit")))
    elif ref.pr is None and story.commits >= 2:
        # A patch series merged from a list is no pull request: "a series of three patches"
        out.append(host.say("commits_series", [ref], commits=count(story.commits, "patch", "patches")))
    out += _facts(host, story, limit=2, said=out)
    out += _scale(host, story)
    out += _severity_why(host, kind, story, [ref])
    out += _terms(host, story, telling, out)
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


def _rolled_up(story: Story) -> int:
    """The pull requests a roll-up merged, not its builder's own fix-up commit (clippy #5438)."""
    with_pr = sum(1 for r in story.changes if r.pr is not None)
    return with_pr if with_pr and len(story.changes) == story.total else story.total


def _one_area(story: Story) -> bool:
    """Whether every change told is in the story's first area: a count said with a place holds for
    all it counts ("six of them in KNOWN BUGS" had two in docs/TODO; curl 2024-02-27)."""
    first = story.areas[0] if story.areas else None
    return first is not None and all(first in r.areas[:1] for r in story.changes)


def _place(story: Story) -> str:
    """Where a story's changes are, said with their count: its one area, else all its areas."""
    return area_of(story.areas) if _one_area(story) else _areas(story.areas)


def _lede(host: Host, story: Story, noun: str, people: str) -> Sentence | None:
    """The opening of a story told by its subject: who, how many, where and what about."""
    refs, n = story.changes, story.total
    where = _place(story) if story.kind != StoryKind.AREA else _areas(story.areas)
    fields = {"people": people, "count": _part_count(story, noun), "area": where}
    if (part := _part_lede(host, story, where)) is not None:
        return part
    if story.kind == StoryKind.PULL and _purpose(story) == "rollup" and (builder := leader(story)):
        return host.say("rollup_lede", refs, sender=builder, count=count(_rolled_up(story), "pull request"), people=people)
    if story.kind == StoryKind.PULL and story.via:
        sender = leader(story)
        pulled = count(max(n, story.commits), "patch", "patches")
        if story.commits > n:
            # the pull's revert, told apart, is none of its people's: "three patches by Christoph Stoidner
            # and Daniel Palmer" had Tanmay Kathpalia's revert for the third (u-boot 2026-01-08)
            pulled += f", {number(n)} of them"
        if sender:
            return host.say("pull_lede", refs, sender=sender, tree=story.via, count=pulled, people=people)
        return host.say("pull_lede_plain", refs, tree=story.via, count=pulled, people=people)
    if story.series:
        share = "all" if story.series_size == n else number(story.series_size)
        return host.say("series_lede", refs, series=story.series, share=share, **fields)
    if story.focus:
        slot = "focus_lede_all" if _all_about_focus(story) else "focus_lede"
        return host.say(slot, refs, focus=_focus_words(story), **fields)
    main = _main_thread(story)
    if main is not None:
        return host.say("thread_lede", refs, label=main.label, **fields)
    return None


# Work on how code looks, not what it does ("switch indent from spaces to tabs", "drop unused macros").
_COSMETIC = re.compile(
    r"(?i)\b(?:indent\w*|whitespace|typos?|spelling|unused|comments?|coding style|style|format(?:ting)?|tabs|"
    r"sort|reorder|tidy|tidy-ups?|clean ?ups?|cleanup|headers? includes?|includes?|copyright|spdx|license header|"
    r"redundant|dead code|newlines?|trailing)\b"
)
_PLAIN_KINDS = ("docs", "tests", "chore", "build", "refactor", "version", "dependency")


def _substance(ref: ChangeRef) -> tuple[bool, float]:
    """How telling an example a change is, lower first: work on how code looks or is built last;
    else by its lines, weighed by its kind (trouble fixed, something new, a fix), so a pull's new
    705-line driver comes before its 5-line device-tree fixes (u-boot 2025-11-17)."""
    title = ref.topic or ref.title
    if _COSMETIC.search(title) or (ref.kinds and ref.kinds[0] in _PLAIN_KINDS):
        return True, 0.0
    weight = 4 if ref.severity else 2 if ref.kinds[:1] and ref.kinds[0] in ("feature", "fix", "performance", "correctness") else 1
    return False, -float(weight * max(ref.lines, 1))


def sample_refs(refs: Sequence[ChangeRef], limit: int = 3, said: set[str] | None = None) -> list[ChangeRef]:
    """A few changes with short, distinct titles (none ``said`` already), the most telling first
    (a pull's new boards and fixes before its indentation): what a group is about."""
    seen: set[str] = set(said or ())
    picks: list[ChangeRef] = []
    for ref in sorted(refs, key=_substance):
        title = clean_title(ref.topic or ref.title)
        # a title told as a deed may be longer than one quoted (executorch 2025-09-14's three pull
        # requests were "landed three pull requests", their 63- and 70-character titles unsaid)
        short = len(title) <= 60 or (len(title) <= 90 and told(ref) is not None)
        if short and title.lower() not in seen and not title.lower().startswith(("wip", "save")):
            seen.add(title.lower())
            picks.append(ref)
        if len(picks) == limit:
            break
    return _with_main_author(picks, refs, seen)


def _with_main_author(picks: list[ChangeRef], refs: Sequence[ChangeRef], seen: set[str]) -> list[ChangeRef]:
    """``picks`` with one change of the person who wrote most of ``refs`` (three or more, and half),
    in place of the last pick when none is theirs: u-boot 2025-06-03's snapdragon pull was told by two
    one-patch authors' work, none of the nine patches Stephan Gerhold wrote."""
    authors = Counter(r.authors[0] for r in refs if r.authors)
    if not picks or not authors:
        return picks
    main, n = authors.most_common(1)[0]
    if n < 3 or n * 2 < len(refs):
        return picks
    theirs = next((p for p in picks if main in p.authors), None)
    if theirs is not None:  # first: a sentence that has room for two deeds keeps theirs
        return [theirs, *(p for p in picks if p is not theirs)]
    theirs = next((r for r in sorted(refs, key=_substance) if main in r.authors and clean_title(r.topic or r.title).lower() not in seen
                   and len(clean_title(r.topic or r.title)) <= 60), None)
    return picks if theirs is None else [theirs, *picks[:-1]] if len(picks) > 1 else [theirs, *picks]


def _pattern(story: Story) -> str | None:
    """The campaign's shared title shape, quoted, e.g. “Reuse workers for … tests”."""
    pattern = next((t.pattern for t in story.threads if t.pattern), None) or (
        story.headline if "…" in story.headline else None
    )
    titles = [(r.topic or r.title).lower() for r in story.changes]
    if not pattern and len(titles) >= 2 and all(t.startswith(story.headline.lower()) for t in titles):
        pattern = story.headline  # titles the same but for a parenthesis: "… to BUCK (group ID: 88…)"
    # A shape that names a file ("Update … README.md") is no recipe to read aloud: the campaign is told plainly.
    return quote(pattern) if pattern and plain_words(pattern) == pattern else None


# What joins a campaign's changes, as the plan's purpose claim says it.
_HOW = {"stack": ", stacked one on another with ghstack", "series": ", a numbered series"}


def _purpose(story: Story) -> str:
    claim = next((c for c in story.claims if c.about == "purpose"), None)
    return claim.value if claim is not None else ""


def _deeds(host: Host, story: Story, refs: Sequence[ChangeRef], telling: Telling) -> list[Sentence]:
    """What a few of a story's changes did, said as deeds: "Among them, Ann fixed X, and Bob added
    Y" (one person's: "… she fixed X, added Y and removed Z" with her name once)."""
    told_refs = [(r, d + inner_place(r, d, story.areas) if d else d) for r in refs for d in [told(r)]]
    said = [(r, d) for r, d in told_refs if d is not None]
    if len(said) < 2:
        titled = [r for r, d in told_refs]
        telling.titles.update(title_key(r) for r in titled)
        return [host.say("sample_titles", titled, titles=join([title_of(r) for r in titled]))]
    firsts = [who(r.authors) for r, _ in said]
    said.sort(key=lambda pair: firsts.index(who(pair[0].authors)))  # one person's deeds together
    deeds = _by_person(said)
    if len(deeds.split()) > 32:  # two deeds fit a sentence; three may not
        said = said[:2]
        deeds = _by_person(said)
    telling.titles.update(title_key(r) for r, _ in said)
    slot = "all_deeds" if len(said) >= story.total else "sample_deeds"
    return [host.say(slot, [r for r, _ in said], deeds=deeds)]


def inner_place(ref: ChangeRef, did: str, story_areas: Sequence[str]) -> str:
    """Where one change of a story went, when its title's last label names a part inside the story's
    place: u-boot's "sunxi: musb: add Allwinner F1C100s support" added it to the USB controller
    driver, no support for the whole chip (2024-04-22)."""
    labels = [part.strip() for part in (ref.title.partition(ref.topic)[0] if ref.topic and ref.topic != ref.title else "").split(":")]
    labels = [label for label in labels if label]
    if len(labels) < 2 or not re.fullmatch(r"[\w.-]+", labels[-1]):
        return ""
    inner = labels[-1]
    squashed = re.sub(r"[^a-z0-9]", "", inner.lower())
    if any(re.sub(r"[^a-z0-9]", "", area.lower()) == squashed for area in story_areas):
        return ""
    return where_phrase(inner, did, labelled=True)


def after_another(did: str) -> str:
    """A deed said after another deed of the same person: "made it accept float inputs" would be heard
    as that deed's thing (torchtitan 2026-04-07, uv 2024-03-25); the code is what the change made do it."""
    return re.sub(r"^made it (?!an? )", "made the code ", did)


def _by_person(said: Sequence[tuple[ChangeRef, str]]) -> str:
    """Deeds said with each person's name once: "Heinrich Schuchardt fixed X and described Y, and
    Simon Glass added Z" (never "Heinrich Schuchardt …, Heinrich Schuchardt …")."""
    runs: dict[tuple[str, str], list[str]] = {}  # (person, sha for one who names no one) -> deeds
    for ref, did in said:
        # (two changes that name no one may be two people's: "a contributor allowed X and fixed Y")
        person = who(ref.authors)
        run = runs.setdefault((person, ref.sha if person in UNNAMED else ""), [])
        run.append(after_another(did) if run else did)
    if len(runs) == 1:
        (person, _), dids = next(iter(runs.items()))
        return f"{person} {join_clauses(dids)}"
    parts = [f"{person} {join_clauses(dids)}" for (person, _), dids in runs.items()]
    return ", and ".join(parts) if any(len(d) > 1 for d in runs.values()) else join(parts)


def change_noun(refs: Sequence[ChangeRef]) -> str:
    """What a count of ``refs`` counts: pull requests when each is its own PR, else changes (three
    curl commits that all close PR 7778 are not "three pull requests")."""
    numbers = [r.pr for r in refs]
    return "pull request" if None not in numbers and len(set(numbers)) == len(numbers) else "change"


def _threads_blur(story: Story) -> bool:
    """Whether a change outside the story's threads names a thread's subject too: ao's "three on mxfp8
    autograd functions, plus four more" counted a fourth autograd function among the more (2026-01-09)."""
    inside = {sha for t in story.threads for sha in t.changes}
    titles = [_subject_words(r.topic or r.title) for r in story.changes]
    common = set.intersection(*titles) if titles else set()
    labels = [_subject_words(t.label) - common for t in story.threads]
    return any(
        label and label <= words for r, words in zip(story.changes, titles, strict=True) if r.sha not in inside for label in labels
    )


def _subject_words(text: str) -> set[str]:
    """A title's words of four letters or more, singular, a short form as its word ("func": "function")."""
    return {_SHORT.get(w, w).removesuffix("s") for w in re.findall(r"[a-z][a-z0-9]{2,}", text.lower()) if len(w) >= 4 or w in _SHORT}


_SHORT = {"func": "function", "fn": "function", "impl": "implementation"}


def _part_lede(host: Host, story: Story, where: str) -> Sentence | None:
    """ "Vasiliy Kuznetsov landed four changes, three of them in MX formats": part of one person's
    day told with its place after the share, where "three of their four changes in MX formats" was
    heard as one of four not landing (ao 2025-03-18)."""
    if their_day(story) <= story.total or len(story.people) != 1 or story.kind == StoryKind.PULL:
        return None
    if not where:
        # "Dave Bort drove six of their eight changes" was heard as two not landing (executorch 2023-09-19)
        if not story.focus:
            return None
        return host.say("part_lede_focus", story.changes, person=story.people[0], total=_day_count(story),
                        count=number(story.total), focus=_focus_words(story))  # fmt: skip
    if 0 < story.lead_changes_here < story.total:
        return None  # the story's changes are not all there: "six of them in KNOWN BUGS" had two in docs/TODO
    total = _day_count(story)
    if story.lead_changes_here >= story.lead_changes:
        # all of their day was there: "ten changes, five of them in Vulkan" sent five elsewhere (executorch 2024-04-09)
        # (and with some of it told apart, this story's share of it: executorch 2026-06-30's "landed five changes"
        # before the three it told)
        told = _part_count(story, "change") if story.lead_told_apart else total
        return host.say("series", story.changes, person=story.people[0], count=told, areas=where)
    # (more of their day there than the story tells: "nine changes, four of them in Arm" hid four more there)
    here = max(story.total, story.lead_changes_here)
    return host.say("part_lede", story.changes, person=story.people[0], total=total, count=number(here), area=where)


def _part_count(story: Story, noun: str) -> str:
    """How many changes a story holds, as part of its one person's day when it is ("five of their
    eighteen changes"; uv 2024-08-19 said "Five pull requests from Zanie Blue" of eighteen)."""
    n = story.total
    if their_day(story) > n and len(story.people) == 1:
        # their day's count is of changes: of Zanie Blue's 22, one was no pull request (uv 2025-09-02)
        return f"{number(n)} of their {_day_count(story)}"
    return approx_count(n, noun)


def _opening_lowered(text: str) -> str:
    """``text`` with its first letter in lower case when it opens a plain word ("Svg and …" -> "svg and
    …"), never a name or an acronym ("MXFP8", "iOS")."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def their_day(story: Story) -> int:
    """All the changes the story's one person landed that day, those other stories tell as well."""
    return story.lead_changes + story.lead_told_apart


def _day_count(story: Story) -> str:
    """The changes of one person's day a story counts, all of them: "fourteen other changes" beside the
    ones told apart (curl 2025-03-24) was heard as "three of their nine other changes" of thirteen (uv 2023-10-07)."""
    return count(their_day(story), "change")


def _group(host: Host, story: Story, lead: list[Sentence], telling: Telling) -> list[Sentence]:
    refs = story.changes
    n = story.total
    noun = change_noun(refs)
    people = people_phrase(story.people or [a for r in refs for a in r.authors])
    out = [*lead]
    main = _main_thread(story)
    covered = sum(t.size for t in story.threads[:3])
    # Threads are worth naming when they hold a fair share of the story, not two changes of thirty.
    threads_said = covered * 3 >= n and not _threads_blur(story) and (
        len(story.threads) >= 2 or (bool(story.threads) and main is None and not story.focus and not story.series)
    )
    thread_text, firsts = _thread_parts(story, noun)
    lede = _lede(host, story, noun, people)
    effect = _effect_range(story, host.style.phrases)
    pattern = _pattern(story) if story.kind == StoryKind.CAMPAIGN else None
    # part of one person's day is said as theirs: "Zanie Blue landed five of their eighteen …"
    partial = their_day(story) > n and len(story.people) == 1
    if lede is not None:
        out.append(lede)
    elif story.kind == StoryKind.CAMPAIGN and not partial:
        fields = {"count": approx_count(n, noun), "people": people, "areas": _areas(story.areas)}
        if effect:
            fields |= {"metric": effect[0], "range": effect[1]}
        slot = ("campaign_pattern" if pattern else "campaign_plain") + ("_effect" if effect else "")
        if not pattern:
            fields["how"] = _HOW.get(_purpose(story), "")
        out.append(host.say(slot, refs, pattern=pattern or "", **fields))
    else:
        part = _part_lede(host, story, _areas(story.areas))
        out.append(part or host.say("series", refs, person=people, count=_part_count(story, noun), areas=_areas(story.areas)))
    out += _whys(host, story, telling, limit=3 if story.role == "headline" else 2)
    if threads_said:
        out.append(host.say("threads", firsts, threads=thread_text))
        # "… plus four more" says how many, not what: say what a few of the rest did.
        in_threads = {sha for t in story.threads[:3] for sha in t.changes}
        others = sample_refs([r for r in refs if r.sha not in in_threads], limit=2, said=telling.titles)
        if len(others) == 2:
            out += _deeds(host, story, others, telling)
    elif not (story.kind == StoryKind.CAMPAIGN and pattern):
        sample = sample_refs(refs, said=telling.titles)
        if len(sample) >= 2:
            out += _deeds(host, story, sample, telling)
        # (thirty-five PRs of one title; only when it cites all the lede counts: "They all go by one
        # title" followed "landed three changes" of which the third was another; executorch 2025-12-15)
        elif len(refs) >= 2 and len(refs) >= max(story.total, story.lead_changes_here) and len({title_of(r) for r in refs}) == 1:
            out.append(host.say("one_title", refs[:1], title=title_of(refs[0])))
    out += _scale(host, story)
    kind = nature(story.kinds, story.severity, story.facts)
    severe = next((r for r in refs if said_nature(r) == kind and r.claims or not r.claims and nature(r.kinds, r.severity) == kind), None)
    if kind in _SEVERE and severe is not None and severe.sha not in {c.sha for s_ in out for c in s_.citations}:
        out.append(change_sentence(host, severe, story))
    out += _facts(host, story, limit=1 if effect else 2, range_said=story.kind == StoryKind.CAMPAIGN and lede is None and bool(effect), said=out)
    out += _severity_why(host, kind, story, refs)
    out += _terms(host, story, telling, out)
    return out


# ------------------------------------------------------------------------------ reverts


def _revert_parts(story: Story) -> tuple[ChangeRef, ChangeRef | None, ChangeRef | None]:
    """(the revert, the reverted change if present, the reland if present), by the kinds the plan
    gives them. The revert may be an earlier day's, when the window holds only the change coming back."""

    def kind(ref: ChangeRef) -> str | None:
        tokens = _tokens(ref.kinds)
        return "reland" if "reland" in tokens else "revert" if "revert" in tokens else None

    reland = next((r for r in story.changes if kind(r) == "reland"), None)
    revert = next((r for r in [*story.changes, *story.earlier] if kind(r) == "revert"), None)
    # With no revert to name, a reland stands for it ("… is back"): the change it brings back was
    # never rolled back by its own author in a separate commit we read.
    revert = revert or reland or story.changes[0]
    candidates = [*story.changes, *story.earlier]
    original = next((r for r in candidates if r is not revert and r is not reland and kind(r) is None), None)
    return revert, original, reland


def _revert_claim(story: Story, value: str) -> Claim | None:
    return next((c for c in story.claims if c.about == "revert" and c.value == value), None)


def _undone(story: Story, original: ChangeRef | None, book: Phrasebook, whose: str = "") -> str:
    """What was rolled back, as a noun phrase: "Patrick Rudolph's change that fixed a Coverity
    defect" (``whose``: "Patrick Rudolph's", "their own"; else the style's "the"), "an earlier
    internal change", the title quoted."""
    the = whose or book.say("host.the")
    if original is not None:
        did = told(original)
        return book.say("host.change_that", whose=the, did=did) if did else book.say("host.change_titled", whose=the, title=title_of(original))
    target = _revert_claim(story, "target")
    if target is None or not target.evidence:
        return book.say("host.earlier_change")
    text = target.evidence[0].text
    if re.fullmatch(r"#\d+(?:\s*(?:,|and|&)\s*#\d+)+", text.strip()):
        # executorch's "Revert #8501 and #8624" undid two pull requests, no change titled with their numbers
        return book.say("host.pull_requests", numbers=join(re.findall(r"\d+", text)))
    if target.strength == "weak":
        return text  # a description: "an earlier pull request", "changes to executor_runner"
    layers = 0
    while (nested := re.match(r"""(?i)^\s*revert\s+["'“](.+)["'”]\s*(?:\(#\d+\)\s*)*$""", text)) is not None:
        text, layers = nested.group(1), layers + 1
    if layers % 2 == 0 and layers:
        # ao 2026-07-17: 'Revert "Revert "pt2e: preserve …""' brings back what the first revert undid, said from
        # its own title (its label off), no "the change that reverted 'Revert 'pt2e"
        text = re.sub(r"^[\w./-]{2,30}:\s+", "", text)
    elif layers:
        text = f"Revert '{text}'"
    did = _told(text)
    if did:
        return book.say("host.change_that", whose=the, did=did)
    return book.say("host.change_titled", whose=the, title=quote(clean_title(text, limit=_TITLE_WORDS)))


def _since(original: ChangeRef | None, telling: Telling, book: Phrasebook) -> str:
    """ ", from the day before" when the reverted change landed on an earlier day, ", which had
    landed earlier the same day" when on the episode's own."""
    if original is None or original.landed_at is None or telling.day is None:
        return ""
    # ao 2025-05-06: a change landed at 00:12 UTC (17:12 the day before, in its committer's zone)
    # is the episode's own day
    landed = original.landed_at.astimezone(ZoneInfo(telling.zone)) if original.landed_at.tzinfo else original.landed_at
    days = (telling.day - landed.date()).days
    if days == 0:  # vue 2023-03-28: reverted sixteen minutes after it landed
        return f", {book.say('host.same_day')}"
    if days == 1:
        return f", {book.say('host.day_before')}"
    if 1 < days <= 6:
        return f", {book.say('host.weekday', weekday=book.weekday(landed.date()))}"
    if days <= 6:
        return ""
    if (landed.year, landed.month) == (telling.day.year, telling.day.month):
        return f", {book.say('host.earlier')}"
    # executorch 2024-10-07: a revert of September 28th's change is not "from earlier in the month"
    return f", {book.say('host.month', month=book.month(landed.date()))}"


def tell_revert(host: Host, story: Story, lead: Sequence[Sentence] = (), telling: Telling | None = None) -> list[Sentence]:
    """A revert story: what was rolled back and by whom, in the authors' own words, the stated
    reason, and what the messages say of its return (a reland, a replacement, a promise)."""
    telling = telling or Telling()
    book = host.style.phrases
    revert, original, reland = _revert_parts(story)
    out = list(lead)
    reverter = who(revert.authors)
    if reland is not None and revert is reland:
        if original is not None and original in story.changes:
            # torchtitan #2017 "Revert PR-2016 & Redo …": what it brings back landed the same day and was
            # never gone, no "is back"
            return [*out, host.say("redo_told", [reland, original], person=who(reland.authors), what=_undone(story, original, book))]
        # Only the comeback is known: the revert it answers is older than what was read.
        return [*out, host.say("reland_told", [reland], person=who(reland.authors), what=_undone(story, original, book))]
    if reland is not None and revert not in story.changes:
        # Only the comeback landed in the window; the revert was an earlier day's.
        out.append(host.say("revert_comeback_told", [reland, revert], person=who(reland.authors), reverter=reverter,
                            what=_undone(story, original, book)))
        out += _revert_reason(host, story, revert)
        return out
    when = _since(original, telling, host.style.phrases)
    owner = who(original.authors) if original is not None else None
    if owner is not None and owner != reverter and owner in revert.authors[1:]:
        # ao 2024-10-15: the revert of Mark Saroufim's pin was written with him, not done to him
        reverter, owner = name_list([reverter, owner]), None
    if owner is not None and owner == reverter and reverter not in UNNAMED:
        whose = book.say("host.their_own")
    elif owner is not None and owner not in UNNAMED:
        whose = possessive(owner)
    else:
        whose = ""
    what = _undone(story, original, book, whose)
    cites = [revert, original] if original is not None else [revert]
    out.append(host.say("revert_told", cites, reverter=reverter, what=what, when=when))
    out += _revert_reason(host, story, revert)
    returns = _revert_claim(story, "returns")
    replaced = _revert_claim(story, "replaced")
    if story.relanded:
        out.append(host.say("relanded", [reland] if reland else [revert]))
    elif returns is not None and returns.evidence:
        out.append(host.say("revert_returns", [revert], text=clean_statement(returns.evidence[0].text)))
    elif replaced is not None and replaced.evidence:
        back = _told(replaced.evidence[0].text)
        if back:
            out.append(host.say("revert_replaced", [Citation(sha=replaced.evidence[0].sha)], did=back))
    return out


def _revert_reason(host: Host, story: Story, revert: ChangeRef) -> list[Sentence]:
    """The revert's stated reason: retold in the host's voice, quoted when the author says "I"."""
    reason = clean_reason(story.reason) if story.reason else ""
    if not reason:
        return []
    if first_person(reason):
        return [host.say("revert_reason", [revert], reason=quote(reason))]
    told = retold(reason).rstrip(".")
    if re.match(r"to \w", told):  # a purpose from the title ("Revert X to restore Y compat")
        told = f"it was made {told}"
    return [host.say("revert_reason_told", [revert], reason=told)]


def tell(
    host: Host, story: Story, lead: Sequence[Sentence] = (), telling: Telling | None = None, *,
    show: str = "", numbered: bool = False, week: bool = False,
) -> list[Sentence]:
    """The sentences of one story, after the given lead-in; ``numbered`` lets a single change say
    its PR number (the episode has a budget of them)."""
    telling = telling or Telling()
    if story.kind == StoryKind.RELEASE.value and story.releases:
        return [*lead, *tell_release(host, story, telling, show, week=week)]
    if not story.changes:
        return list(lead)
    if heard_role(story) == "revert":
        return tell_revert(host, story, lead, telling)
    if story.total >= 2 and (story.kind in (StoryKind.CAMPAIGN, StoryKind.AUTHOR_SERIES, StoryKind.PULL) or story.total >= 3):
        return _group(host, story, list(lead), telling)
    return _single(host, story, list(lead), telling, numbered)
