"""Scoring stories as a maintainer would, giving them roles and choosing what goes on air."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..model import Fact, StoryKind
from ..storykinds import spec_of
from .annotate import Item
from .classify import REMOVES_SUPPORT, fixes_issue, says_no_effect
from .focus import focus_words
from .stories import Group

__all__ = [
    "ROLE_ORDER", "Ranked", "Weights", "WEIGHTS", "fact_strength", "item_score", "group_score", "role_of",
    "select", "substance",
]

# The order of the secondary stories in an episode (after the headline).
ROLE_ORDER = ("release", "correctness", "performance", "feature", "revert", "infrastructure", "other")

_SEVERITY_WEIGHT = {
    "silent_correctness": 7.0, "security": 5.0, "correctness": 3.5, "crash": 3.0, "hang": 3.0,
    "regression": 2.5, "breaking": 2.5, "leak": 2.0,
}
_INFRA_KINDS = frozenset({"tests", "build", "docs", "dependency", "refactor", "chore"})


@dataclass(frozen=True)
class Weights:
    """What each signal adds to a story's score, and why (one place to tune the editor)."""

    base: float = 1.0  # every story starts level
    per_doubling: float = 2.2  # each doubling of a focused story's changes: scale is news
    per_doubling_loose: float = 1.4  # unrelated changes gathered together count for less
    per_tenfold_lines: float = 1.5  # each tenfold of lines changed in focused work
    per_tenfold_lines_loose: float = 1.2
    big_change: float = 2.0  # per tenfold of one change's lines beyond 500: a migration is news alone
    big_change_from: float = 2.7  # log10 of the 500 lines a change must pass to count as big
    per_area: float = 0.4  # each further area one effort reaches (at most five): breadth
    per_person: float = 0.7  # each further person (at most five): shared work
    per_more_severe: float = 0.5  # each further serious fix after the worst (at most five)
    per_more_win: float = 0.3  # each further measured win after the best (at most five)
    feature_big: float = 1.5  # a feature of 100 lines or more
    feature_small: float = 0.5  # a new flag or target is not a new feature of note
    unmeasured_speed: float = 1.0  # performance work that gives no numbers
    plain_fix: float = 0.8  # fixes without a named severity still matter to users
    comeback: float = 0.5  # a reland, or work stacked on purpose, says a little more
    bot: float = 0.4  # multipliers: a bot's own work is rarely news
    dependency: float = 0.3  # a bump is housekeeping
    chore: float = 0.4  # formatting, lint, typos
    no_effect: float = 0.5  # a change its author says changes nothing a user sees
    docs: float = 0.7  # docs, tests and build work matter less than the product …
    tests: float = 0.6
    build: float = 0.75  # … unless it is a deliberate campaign or measures a win


WEIGHTS = Weights()
_SERIES_NEWS = 5  # patches in a merged series (or topic branch) that make it news on its own
_SERIES_CAP = 3  # a series counts as at most this many changes in a story's weight
_SINGLE_MIN = 5.0  # a lone change needs this score to be a story rather than a quick hit
_GROUP_MIN = 3.0
_UNLABELLED_EXTRA = 0.5  # what a change of no kind the plan is sure of scores beyond the bar to be a story
_ROLE_MIN = 4.0  # the best story of a role that is not yet covered needs only this much
_ROLE_CAP = {"revert": 2, "infrastructure": 2}


@dataclass(frozen=True, eq=False)  # identity: two stories are never "the same" by value
class Ranked:
    """A group with its score and role."""

    group: Group
    score: float
    role: str


def fact_strength(fact: Fact) -> float:
    """How much a measured fact adds to a story's weight (half for one reproduction's figure or
    two settings compared: not the change's own effect)."""
    if fact.strength == "weak":
        return 0.5 * _fact_strength(fact)
    return _fact_strength(fact)


def _fact_strength(fact: Fact) -> float:
    if fact.factor and fact.factor > 1:
        return min(7.0, 2.0 + 1.5 * math.log2(fact.factor))
    if fact.kind == "percent" and fact.percent:
        return min(5.0, 1.0 + fact.percent / 10)
    if fact.kind == "memory":
        return 2.0
    if fact.kind in ("tests", "lines"):
        return 0.5
    return 0.0


def _is_win(fact: Fact) -> bool:
    return fact.kind not in ("tests", "lines")


def _multiplier(items: list[Item], has_wins: bool, deliberate: bool) -> float:
    """Down-rank bots, dependency bumps, formatting and pure churn (unless it is a deliberate campaign)."""
    n, w = len(items), WEIGHTS
    factor = 1.0
    if sum(item.bot for item in items) * 2 >= n:
        factor *= w.bot
    primary = Counter(item.kinds[0] if item.kinds else "other" for item in items)
    if primary["dependency"] * 2 >= n:
        factor *= w.dependency
    # housekeeping of the docs, tests or build ("RELEASE-NOTES: synced") is housekeeping first
    chores = primary["chore"] + sum(
        1 for item in items if "chore" in item.kinds[1:] and item.kinds[0] in ("docs", "tests", "build")
    )
    if chores * 2 >= n:
        factor *= w.chore
    # "This change is for posterity and has no other effect" (curl 2021-03-06's lead): no news by its own word
    elif sum(1 for item in items if says_no_effect(item.change)) * 2 > n:
        factor *= w.no_effect
    # (a run of small notes is no deliberate campaign: six five-line KNOWN_BUGS and TODO entries led
    # curl 2024-02-27 over a 41-file send rework)
    small = sum(item.lines for item in items) < _SMALL_RUN_LINES
    if not has_wins and (not deliberate or small):
        for kind in ("docs", "tests", "build"):
            if primary[kind] * 2 >= n:
                factor *= getattr(w, kind)
    return factor


_SMALL_RUN_LINES = 100


# What a body says when a change reshapes how something works (a new protocol or dispatch
# point, metadata inferred instead of flagged, a new backend), not just what it touches.
_DESIGN = re.compile(
    r"\b(?:new (?:protocol|dispatch(?:er| point)?|abstraction|interface|mechanism|backend|pass|hook|"
    r"extension point|api|apis|subsystem|format|cache|scheduler)|protocol|dispatch(?:es|ed)? (?:on|to|through)|"
    r"redesign\w*|rewrit(?:e|es|ten)|re-?architect\w*|infer(?:s|red|ring)?\b.{0,60}\bfrom|"
    r"instead of|rather than|replac(?:e|es|ed|ing)\b.{0,60}\bwith|no longer (?:needs?|requires?)|"
    r"eliminat(?:e|es|ed|ing) the need|generali[sz](?:e|es|ed)|unif(?:y|ies|ied))\b",
    re.I,
)
# What a body says when users will notice the change.
_USER_VISIBLE = re.compile(
    r"\b(?:users? (?:can|will|now|no longer|should)|now (?:supports?|raises?|returns?|works?|accepts?|allows?)|"
    r"by default|behaviou?r (?:change|changes)|changes? the (?:default|behaviou?r)|deprecat\w+|"
    r"(?:error|warning) messages?|previously)\b",
    re.I,
)
_EXPLAINED = 3  # prose sentences: a body this long explains a change rather than labels it
DESIGN_WEIGHT = 2.0  # a change that reshapes how something works is news at any size
USER_WEIGHT = 1.0  # one users will notice is worth knowing about
EXPLAINED_WEIGHT = 0.5  # an author who explains the change gives the host something to tell
UNTHEMED_WEIGHT = 0.8  # a multiplier: one person's changes that share no theme
UNLISTED_WEIGHT = 0.6  # a multiplier: changes their authors keep out of the changelog
_TOOLING_KINDS = frozenset({"build", "tests", "docs", "chore"})
_PRODUCT_KINDS = frozenset({"feature", "fix", "performance", "correctness"})
# Work on how code looks (curl's 3,082-line "tidy-up: miscellaneous" led 2026-01-20 by its size).
_COSMETIC_TITLE = re.compile(r"(?i)^(?:[\w/.-]+:\s*)*(?:tidy[- ]?ups?|cosmetics?|whitespace|reformat\w*|re-?indent\w*|codespell|typos?|spelling)\b")
_NO_CHANGELOG = re.compile(r"(?im)^\s*changelog:\s*(?:none|ignore|skip|n/?a)\b")
# Work on the look of code or its comments, wherever the title says it (pip's "Replace tabs by spaces
# for consistency", torchtitan's "[docs] Fix type mismatch in model layers comments" led their days)
_COSMETIC_ANYWHERE = re.compile(
    r"(?i)\btabs?\s+(?:by|with|to|for|into)\s+spaces\b|\bspaces?\s+(?:by|with|to|for|into)\s+tabs?\b|\bwhitespace\b|"
    r"\bindentation\b|\b(?:code\s+)?comments?\s*(?:\(#\d+\))?\s*$|\bdocstrings?\s*(?:\(#\d+\))?\s*$|"
    # type checkers' and linters' findings (torchtitan's "[Typing] Fix pyrefly ignores in deepseek model.py")
    r"\[typing\]|\bpyre(?:fly)?\b|\bmypy\b|\blint(?:er|ing)?\s+(?:errors?|warnings?|issues?|fix(?:es)?)\b|"
    # a formatter run over a folder (pip's "Blacken commands" was a day's second story)
    r"^blacken\b|\bapply\s+(?:black|ruff\s+format|clang-format|isort)\b"
)
# An author who calls it small, or a news entry filed as trivial (pip's news/8599.trivial.rst)
_SMALL_BY_ITS_AUTHOR = re.compile(r"(?i)\b(?:tiny|trivial)\s+(?:fix|change|cleanup|tweak)\b")
_TRIVIAL_NEWS = re.compile(r"(?:^|/)news/[^/]*\.trivial(?:\.\w+)?$")


def _cosmetic(item: Item) -> bool:
    """A change its own message says users will not notice: no changelog entry, a cosmetic title,
    an author who calls it tiny, a news entry filed as trivial."""
    change = item.change
    return bool(
        _NO_CHANGELOG.search(change.body) or _COSMETIC_TITLE.search(change.title) or _COSMETIC_ANYWHERE.search(change.title)
        or _SMALL_BY_ITS_AUTHOR.search(change.body) or any(_TRIVIAL_NEWS.search(f.path) for f in change.files)
    )


def substance(items: list[Item]) -> float:
    """How much the bodies say a change matters beyond its size: a design change, an effect users
    will notice, an explanation (the best item counts; a group is as substantial as its best change)."""
    best = 0.0
    for item in items:
        sure = set(item.sure_kinds)
        if sure & _TOOLING_KINDS and not sure & _PRODUCT_KINDS:
            continue  # a CI workflow's "instead of deprecated token" reshapes no product (clippy 2025-07-10)
        text = " ".join(item.sentences[:12])
        score = DESIGN_WEIGHT if _DESIGN.search(text) else 0.0
        score += USER_WEIGHT if _USER_VISIBLE.search(text) else 0.0
        score += EXPLAINED_WEIGHT if len(item.sentences) >= _EXPLAINED else 0.0
        best = max(best, score)
    return best


def _weight(items: list[Item]) -> float:
    """How many changes a group counts as: one-line fixes count for a fraction of a real change; a
    merged series of patches counts a change a patch, up to a campaign's worth (44 patches to the
    test suite outweigh one typo fix; u-boot 2025-01-24)."""
    return sum(_series_size(item) if _series_size(item) > 1 else min(1.0, math.sqrt((item.lines + 1) / 40)) for item in items)


def _series_size(item: Item) -> int:
    """The patches of a merged series or topic branch, as many changes (at most a campaign's)."""
    merged = item.change.merged_count if item.change.merge_kind == "topic" else 0
    return min(merged, _SERIES_CAP) if merged >= _SERIES_NEWS else 1


def _item_severity(item: Item) -> float:
    """The worst severity a change addresses: what its title or author states counts whole, what
    only its body hints at counts half."""
    sure = set(item.sure_severity)
    # A test or build change that names a bug ("add CI reproducer for … regression") fixes none.
    housekeeping = bool(item.sure_kinds) and set(item.sure_kinds) <= {"tests", "build", "ci", "docs", "chore"}
    hinted = 0.0 if housekeeping else 0.5
    return max((_SEVERITY_WEIGHT[s] * (1.0 if s in sure else hinted) for s in item.severity), default=0.0)


# What a reader of the project would want to know of a change: its title gives users an option, a
# setting or support they can use (support taken away is a breaking change: its severity).
_NEW_OPTION = re.compile(
    r"(?:^|\s)--?[a-z][\w-]{2,}|\b(?:option|options|setting|settings|flag|environment variable|env var|subcommand|"
    r"command|config(?:uration)? key|support (?:for|of)|over \d+ ?[GM]B)\b",
    re.I,
)
USER_WEIGHTS = {"removes_support": 2.0, "new_option": 2.0, "new_default": 2.0, "migration": 2.0, "reported_bug": 1.5}
# A default every user gets changed: curl's "tls: make default TLS version be minimum 1.2",
# "hsts: enable by default" (curl 2025-07-27 led with a connection tweak instead)
_NEW_DEFAULT = re.compile(
    r"\b(?:(?:make|makes|made|change|changes|changed|set|sets|switch|switches|bump|raise|lower)\s+(?:the\s+)?default\b|"
    r"(?:enable[sd]?|disable[sd]?|on|off)\s+by\s+default\b|default\s+to\b)",
    re.I,
)
# "Replace dataset/dataloader with grain", "Migrate the scheduler to …": in a big change, what
# users build on is swapped for something else.
_MIGRATION = re.compile(r"^(?:replace|migrate|move|switch|port|rewrite)\b.{0,80}\b(?:with|to|onto|into)\b", re.I)
_MIGRATION_LINES = 1000


def user_visible(items: Sequence[Item]) -> float:
    """How much a reader of the project would want to know the best of these changes: support
    taken away, an option, setting or support added, a reported bug fixed, or a big migration (a breaking mark is
    counted as the severity it is)."""
    best = 0.0
    for item in items:
        topic = item.subject.topic
        score = 0.0
        if REMOVES_SUPPORT.search(topic):
            score += USER_WEIGHTS["removes_support"]
        elif "feature" in item.sure_kinds and _NEW_OPTION.search(topic):
            score += USER_WEIGHTS["new_option"]
        elif _NEW_DEFAULT.search(topic) and not (set(item.sure_kinds) & _TOOLING_KINDS):
            score += USER_WEIGHTS["new_default"]
        if "fix" in item.sure_kinds and fixes_issue(item.change):
            score += USER_WEIGHTS["reported_bug"]  # someone hit it: curl's "Reported-by:" and "Fixes #8772", an issue it fixes
        if item.lines >= _MIGRATION_LINES and _MIGRATION.search(topic):
            score += USER_WEIGHTS["migration"]
        best = max(best, score)
    return best


def _severity_score(items: list[Item]) -> float:
    weights = sorted((_item_severity(item) for item in items), reverse=True)
    if not weights or weights[0] == 0:
        return 0.0
    return weights[0] + WEIGHTS.per_more_severe * sum(1 for w in weights[1:6] if w > 0)


def _unthemed(group: Group) -> bool:
    """One person's changes in an area that share no theme, pattern, name or focus word."""
    if group.kind != StoryKind.AUTHOR_SERIES or group.theme or group.named or group.pattern:
        return False
    return not focus_words(group.items, group.areas[:1])


def group_score(group: Group) -> float:
    """A story's weight: scale, severity, measured wins, breadth and novelty, down-ranked for churn."""
    if group.kind == StoryKind.RELEASE:
        return spec_of(group.kind).weight
    items, w = group.items, WEIGHTS
    n = len(items)
    lines = sum(item.lines for item in items)
    # Changes joined by little more than who or where (a round-up, one person's unrelated run in
    # an area, a custodian's pull) count for less than one effort's.
    loose = (group.kind in (StoryKind.AREA, StoryKind.PULL) and not group.named) or not group.focused or _unthemed(group)
    per_doubling = w.per_doubling_loose if loose else w.per_doubling
    per_tenfold = w.per_tenfold_lines_loose if loose else w.per_tenfold_lines
    score = w.base + per_doubling * math.log2(max(1.0, _weight(items))) + per_tenfold * math.log10(1 + lines)
    # A big change is news when it builds, speeds up or fixes something; a big tidy-up less so.
    sized = [item for item in items if {"feature", "performance", "fix", "correctness"} & set(item.sure_kinds)]
    big = max((item.lines for item in sized), default=0)
    bulk = max(item.lines for item in items)
    score += w.big_change * max(0.0, math.log10(1 + big) - w.big_change_from)
    score += 0.5 * w.big_change * max(0.0, math.log10(1 + bulk) - w.big_change_from) if bulk > big else 0.0
    score += user_visible(items)
    if not loose:  # one effort reaching across areas is broad; unrelated changes are merely spread out
        score += w.per_area * min(max(group.breadth - 1, 0), 5)
    score += w.per_person * min(len(group.people) - 1, 5)
    severity = _severity_score(items)
    score += severity
    strengths = sorted((fact_strength(f) for item in items for f in item.facts), reverse=True)
    if strengths:
        score += strengths[0] + w.per_more_win * min(len(strengths) - 1, 5)
    kinds = Counter(k for item in items for k in item.sure_kinds)  # what the plan is sure of, not hints
    if kinds["feature"] * 2 >= n:
        score += w.feature_big if lines >= 100 else w.feature_small
    if kinds["performance"] * 2 >= n and not strengths:
        score += w.unmeasured_speed
    if kinds["fix"] * 2 >= n and not severity:
        score += w.plain_fix
    if n <= 2 and not any(item.bot for item in items):
        score += substance(items)  # one or two changes an author explains: judge them by what they do
    score += spec_of(group.kind).weight
    if group.relanded or group.stacked:
        score += w.comeback
    has_wins = any(_is_win(f) for item in items for f in item.facts)
    # A campaign, or work that names its effort, is chosen work, not churn, whatever its kind.
    deliberate = (group.kind == StoryKind.CAMPAIGN or group.named) and n >= 4 and not any(item.bot for item in items)
    # Joined by who alone (one person's run, no theme): less news than one change that is clearly news.
    loosely = UNTHEMED_WEIGHT if _unthemed(group) else 1.0
    # its author says users will not notice it (clippy's "changelog: none" on a CI workflow fix that
    # led 2025-07-10 over two lint changes)
    unlisted = UNLISTED_WEIGHT if items and all(_cosmetic(item) for item in items) else 1.0
    return round(score * _multiplier(items, has_wins, deliberate) * loosely * unlisted, 3)


def item_score(item: Item) -> float:
    """The weight of one change on its own (used to order quick hits)."""
    return group_score(Group(StoryKind.SINGLE, [item]))


def role_of(group: Group) -> str:
    """The part of the episode a story belongs in."""
    if group.kind in (StoryKind.REVERT, StoryKind.RELEASE):
        return group.kind
    items = group.items
    n = len(items)
    severe = sum(1 for item in items if set(item.sure_severity) - {"breaking"})
    if severe and (n <= 2 or severe * 3 >= n):
        return "correctness"
    # (a build's own speed-up is no product's: uv's fast-build profile compiled 16% faster, and "performance
    # work from konsti" told users uv got faster; 2024-03-25)
    wins = sum(1 for item in items if any(_is_win(f) for f in item.facts) and ("build" not in item.kinds or "performance" in item.kinds))
    # The part of the episode follows what the plan is sure of: a change told in its author's words
    # (no kind claimed strongly) is no "infrastructure" story because a word said "remove".
    primary = Counter(item.sure_kinds[0] if item.sure_kinds else "other" for item in items)
    kinds = Counter(k for item in items for k in item.sure_kinds)
    if (wins and (n <= 2 or wins * 3 >= n)) or kinds["performance"] * 2 > n:
        return "performance"
    # A fix to tests or CI keeps the build green; it is not a fix users feel.
    product_fixes = sum(
        1 for item in items if item.sure_kinds[:1] in (("fix",), ("correctness",)) and not {"tests", "build"} & set(item.kinds)
    )
    if product_fixes * 2 > n:
        return "correctness"
    if primary["feature"] * 2 >= n or (kinds["feature"] * 2 > n and not primary.keys() & _INFRA_KINDS):
        return "feature"
    # housekeeping when most of it is: a pull of four with a new feature and two docs pages is not
    if sum(primary[k] for k in _INFRA_KINDS) * 2 > n or (n == 1 and primary.keys() & _INFRA_KINDS):
        return "infrastructure"
    return "other"


_NEWS = frozenset({"fix", "correctness", "performance", "feature", "revert", "reland", "version"})


def _news(item: Item) -> bool:
    """A change that is news on its own: the plan is sure it fixes, speeds up or adds something,
    it measures a win, or its body says it reshapes how something works. Size alone is not news."""
    # (a typo's fix is housekeeping even when only its body says so: "…, fix a typo")
    product = not {"tests", "build", "docs", "chore", "dependency"} & set(item.sure_kinds) and "chore" not in item.kinds
    if item.change.merge_kind == "topic" and item.change.merged_count >= _SERIES_NEWS and not {"chore", "dependency"} & set(item.sure_kinds):
        # a maintainer merged a series of patches: a deliberate effort, told as one, whatever it
        # works on (Simon Glass's 44 patches to the test suite were "one test change"; u-boot 2024-11-15)
        return True
    return bool(
        _NEWS & set(item.sure_kinds) or item.sure_severity or any(_is_win(f) for f in item.facts)
        or user_visible([item]) or (product and substance([item]) >= DESIGN_WEIGHT)
    )


def _eligible(ranked: Ranked, minimum: float = _SINGLE_MIN) -> bool:
    group = ranked.group
    if spec_of(group.kind).alone:
        item = group.items[0]
        # A change its title gives no kind ("Match wheel tags against Requires-Python") is told in
        # its author's words when it scores well beyond the bar: a busy day's news is not only
        # what opens with "Fix" or "Add" (uv 2024-07-22 told one story of 29 PRs).
        return (ranked.score >= minimum and (_news(item) or ranked.score >= minimum + _UNLABELLED_EXTRA)) or bool(
            item.sure_severity) or any(_is_win(f) for f in item.facts)
    return ranked.score >= min(minimum, _GROUP_MIN) or group.kind in (StoryKind.REVERT, StoryKind.RELEASE)


def _headline_ok(ranked: Ranked) -> bool:
    if ranked.group.kind == StoryKind.RELEASE:
        return True
    items = ranked.group.items
    churn = sum(item.bot or (item.kinds[:1] == ("dependency",)) for item in items) * 2 >= len(items)
    return ranked.group.kind != StoryKind.REVERT and not churn


_TIE = 0.5  # scores this close are a tie an editor breaks by what there is to tell


def _bare(ranked: Ranked) -> bool:
    """Whether no change of the story has a prose sentence of its own to tell, only its title."""
    return ranked.group.kind != StoryKind.RELEASE and not any(item.sentences for item in ranked.group.items)


def select(groups: list[Group], max_stories: int = 7) -> tuple[list[Ranked], list[Ranked]]:
    """The stories on air (headline first, then by role) and the groups left over, best first."""
    ranked = sorted(
        (Ranked(g, group_score(g), role_of(g)) for g in groups),
        key=lambda r: (-r.score, r.group.first),
    )
    if not ranked:
        return [], []
    headline = next((r for r in ranked if _headline_ok(r)), ranked[0])
    if _bare(headline):
        # a near tie goes to the story its author explains: executorch 2026-03-30 led with a bodiless
        # "Add quantizer support for …" (8.97) over CoreML's new compute-unit options (8.89), told with a why
        # (only to a story of what the product does: ao 2024-09-17's README move is no lead over a fix)
        told = next((r for r in ranked if r.score >= headline.score - _TIE and _headline_ok(r) and not _bare(r)
                     and any(_PRODUCT_KINDS & set(item.sure_kinds) for item in r.group.items)), None)
        headline = told or headline
    picked: list[Ranked] = [headline]
    per_role: Counter[str] = Counter()

    def take(r: Ranked, minimum: float = _SINGLE_MIN) -> bool:
        if any(p is r for p in picked) or len(picked) >= max_stories or not _eligible(r, minimum):
            return False
        if per_role[r.role] >= _ROLE_CAP.get(r.role, 3):
            return False
        picked.append(r)
        per_role[r.role] += 1
        return True

    for role in ROLE_ORDER[:-1]:
        for r in ranked:
            # A lone change gets a role's slot on its own merit, not because the role was empty.
            if r.role == role and take(r, _SINGLE_MIN if spec_of(r.group.kind).alone else _ROLE_MIN):
                break
    for r in ranked:
        take(r)
    rest = [r for r in ranked if not any(p is r for p in picked)]
    others = sorted(picked[1:], key=lambda r: (ROLE_ORDER.index(r.role), -r.score, r.group.first))
    return [Ranked(headline.group, headline.score, "headline"), *others], rest
