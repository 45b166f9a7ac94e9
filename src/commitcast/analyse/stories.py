"""Grouping a day's changes into the stories a listener hears as one.

Reverts join what they revert; ghstack stacks, numbered series and runs of same-pattern
titles by one person become campaigns; several changes by one person in one area become an
author series; a busy area worked on by several people becomes an area round-up; the rest
stay single changes.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..model import Change, Claim, Release, StoryKind
from ..storykinds import STORY_KINDS, Mark
from ..text import is_bot_name
from .annotate import Item
from .areas import pretty_name, series_tag, tag_area
from .people import UNKNOWN_AUTHOR, name_key
from .reverts import pair_reverts
from .titles_parse import normalise_title, parse_subject

__all__ = [
    "Group", "group_changes", "named_series", "series_key", "title_pattern", "similar_titles",
    "is_bot_group", "lead_keys", "mark_kinds", "held_areas", "MAX_AREAS",
]

_CAMPAIGN_MIN = 3
_SERIES_MIN = 3
_AREA_MIN = 4
# Generic words that do not make two titles "the same pattern" on their own.
_WEAK = frozenset("a an the to of in for and or on with from by is be fix add update use make".split())
# Areas where a round-up of unrelated changes by several people is not a story.
_INFRA_AREAS = frozenset({"CI", "build", "docs", "tests", "unit tests", "integration tests", "tooling",
                          "scripts", "benchmarks", "test utilities", "release"})
# Words too common in subjects to tell what several changes share.
_COMMON = frozenset(
    "a an the to of in for and or on with from by is be as at into not no add adds added fix fixes fixed "
    "update updates updated use uses make makes remove removes support supports enable test tests "
    "new more when if it its this that all some".split()
)


@dataclass
class Group:
    """Changes told as one story, before ranking."""

    kind: StoryKind
    items: list[Item]
    earlier: list[Change] = field(default_factory=list)
    reason: str | None = None
    relanded: bool = False
    pattern: str | None = None  # the campaign's shared title pattern, e.g. "Reuse workers for … tests"
    stacked: bool = False  # the changes came through one ghstack stack or numbered series
    focused: bool = True  # False for one person's changes gathered across unrelated areas
    subject: str | None = None  # for reverts: the reverted change's title
    theme: str | None = None  # a word all of one person's changes share, e.g. "CoreML"
    parts: int = 1  # how many campaigns and series by the same people were merged into this one
    series: str | None = None  # the name its titles give the effort, e.g. "build Folder Migration"
    series_size: int = 0  # how many of its changes carry that name
    releases: list[Release] = field(default_factory=list)  # a release story's versions
    pull: Change | None = None  # a pull story's merge: the tree it came from and the sender's summary
    returns: str | None = None  # for reverts: what the revert's message says of the change coming back
    replaced_by: Item | None = None  # for reverts: a later change of the window that brings the work back another way

    @property
    def named(self) -> bool:
        """Most of its changes carry the series name: one effort by its own account."""
        return self.series is not None and self.series_size * 2 >= len(self.items)

    @property
    def first(self) -> int:
        """Window position of the group's first change (for stable ordering)."""
        return min((item.index for item in self.items), default=-1)

    @property
    def people(self) -> list[str]:
        """Who the story's changes are from (each one's first credited person), most active first;
        bots only when no person is credited. Co-authors helped: the writer thanks them apart."""
        counts: Counter[str] = Counter()
        order: dict[str, int] = {}
        spelling: dict[str, str] = {}
        humans = [item for item in self.items if not item.bot] or self.items
        for item in humans:
            for name in item.people[:1]:
                key = name_key(name)
                spelling.setdefault(key, name)
                counts[key] += 1
                order.setdefault(key, len(order))
        return [spelling[k] for k in sorted(counts, key=lambda k: (-counts[k], order[k]))]

    @property
    def helpers(self) -> list[str]:
        """People credited beside the authors (co-authors, co-developers) who are none of ``people``."""
        return sorted({p for item in self.items if not item.bot for p in item.people[1:] if not is_bot_name(p)} - set(self.people))

    @property
    def breadth(self) -> int:
        """How many parts of the code base its changes reach, named areas and bare folders alike."""
        return len({place for item in self.items for place in (*item.areas, *item.folders)})

    @property
    def areas(self) -> list[str]:
        """Areas touched, most frequent first."""
        counts: Counter[str] = Counter()
        order: dict[str, int] = {}
        for item in self.items:
            for rank, area in enumerate(item.areas):
                counts[area] += 3 if rank == 0 else 1
                order.setdefault(area, len(order))
        return sorted(counts, key=lambda a: (-counts[a], order[a]))


class _UnionFind:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def _shape(item: Item) -> tuple[str, ...]:
    return tuple(t for t in item.tokens if not t.isdigit())


def similar_titles(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two topics (as tokens without numbers) follow the same pattern."""
    if not a or not b or a[0] != b[0]:
        return False
    if len(a) >= 2 and len(b) >= 2 and a[:2] == b[:2] and not set(a[:2]) <= _WEAK and len(a[0] + a[1]) >= 6:
        return True
    sa, sb = set(a), set(b)
    return len(sa & sb) / len(sa | sb) >= 0.5


def title_pattern(titles: Sequence[str]) -> str | None:
    """The words all titles share at the start and end: "Reuse workers for … tests"."""
    split = [t.split() for t in titles]
    if not split or any(not words for words in split):
        return None

    def same(column: Sequence[str]) -> bool:
        return len({w.lower().rstrip(":") for w in column}) == 1

    prefix: list[str] = []
    for column in zip(*split, strict=False):
        if not same(column):
            break
        prefix.append(column[0])
    shortest = min(len(words) for words in split)
    if len(prefix) >= shortest:
        return " ".join(split[0][:shortest]).rstrip(":")
    suffix: list[str] = []
    for column in zip(*(reversed(words[len(prefix):]) for words in split), strict=False):
        if not same(column):
            break
        suffix.insert(0, column[0])
    head = " ".join(prefix)
    if head.count("(") > head.count(")"):
        # The titles differ only inside a trailing parenthesis ("… to BUCK (group ID: 88…)"):
        # what they share is the whole title.
        head = head[: head.rfind("(")].rstrip(":,;- ")
        return head if len(head.split()) >= 2 else None
    head = head.rstrip(":,;- ")
    if len(head.split()) < 2 and not (head and head[0].isupper() and len(head) > 3 and suffix):
        return None
    return f"{head} … {' '.join(suffix)}".strip() if suffix else f"{head} …"


def shared_word(items: Sequence[Item]) -> str | None:
    """A telling word every item's topic contains, as first written ("CoreML"), if there is one."""
    common = set(items[0].tokens)
    for item in items[1:]:
        common &= set(item.tokens)
    candidates = [t for t in items[0].tokens if t in common and t not in _COMMON and len(t) > 2 and not t.isdigit()]
    if not candidates:
        return None
    word = candidates[0]
    raw: str
    for raw in re.findall(r"[\w.]+", items[0].subject.topic):
        if raw.lower().strip(".") == word:
            return raw.strip(".")
    return word


def _display_title(item: Item) -> str:
    label = item.subject.label
    return f"{label}: {item.subject.topic}" if label else item.subject.topic


def titles_pattern(items: Sequence[Item]) -> str | None:
    """The pattern the changes' titles share, labels and all; none when all they share is a label
    naming their area ("Arm backend: …" on eight unrelated Arm clean-ups is the folder, not one
    piece of work; executorch 2025-10-24), while "mx cast: …" names work within MX formats."""
    pattern = title_pattern([_display_title(it) for it in items])
    label = items[0].subject.label if items else None
    if pattern and label and pattern.rstrip(" …").lower() == label.lower() and items[0].areas:
        named = tag_area(label) or pretty_name(label)
        if named.lower() == items[0].areas[0].lower():
            return None
    return pattern


def _campaigns(items: list[Item]) -> list[Group]:
    uf = _UnionFind(len(items))
    stacked: set[int] = set()
    by_pr: dict[int, int] = {}
    for i, item in enumerate(items):
        stack = item.change.stack
        prs = list(stack.prs) if stack else []
        if stack and item.pr is not None:
            prs.append(item.pr)
        for pr in prs:
            if pr in by_pr:
                uf.union(by_pr[pr], i)
                stacked.update((by_pr[pr], i))
            else:
                by_pr[pr] = i
    series: dict[tuple[str, int | None], int] = {}
    leaders: dict[str, list[tuple[tuple[str, ...], int]]] = defaultdict(list)
    for i, item in enumerate(items):
        if item.subject.part is not None:
            key = (_person_key(item), item.subject.of)
            if key in series:
                uf.union(series[key], i)
                stacked.update((series[key], i))
            else:
                series[key] = i
        shape = _shape(item)
        for leader_shape, leader in leaders[_person_key(item)]:
            if similar_titles(leader_shape, shape):
                uf.union(leader, i)
                break
        else:
            leaders[_person_key(item)].append((shape, i))
    components: dict[int, list[int]] = defaultdict(list)
    for i in range(len(items)):
        components[uf.find(i)].append(i)
    groups: list[Group] = []
    for members in components.values():
        is_stacked = any(i in stacked for i in members)
        if len(members) >= _CAMPAIGN_MIN or (is_stacked and len(members) >= 2):
            group_items = [items[i] for i in members]
            pattern = titles_pattern(group_items)
            groups.append(Group(StoryKind.CAMPAIGN, group_items, pattern=pattern, stacked=is_stacked))
    return groups


def _person_key(item: Item) -> str:
    """Whose run a change joins: its person's; a change that names no one is nobody's run (executorch
    2025-04-21: seven PRs pytorchbot landed for three engineers were "a contributor landed 7 changes")."""
    return item.person if item.person != UNKNOWN_AUTHOR else f"\0{item.change.sha}"


def _areas_and_series(items: list[Item]) -> list[Group]:
    """Area round-ups where several people share an area, else one person's series in it."""
    by_area: dict[str, list[Item]] = defaultdict(list)
    for item in items:
        if item.areas:
            by_area[item.areas[0]].append(item)
    groups: list[Group] = []
    for bucket in by_area.values():
        # Several people's unrelated changes under one folder are no story (nothing but the folder
        # joins them), nor is one person's: "four pull requests in commands and settings" hid
        # `uv sync` locking by default (uv 2024-06-11). Only a run whose titles share a word or a
        # pattern has a purpose a listener can hear.
        counts = Counter(_person_key(item) for item in bucket)
        for person in counts:
            mine = [item for item in bucket if _person_key(item) == person]
            if len(mine) >= _SERIES_MIN and (
                shared_word(mine) or titles_pattern(mine) or _shared_tag(mine)
            ):
                groups.append(Group(StoryKind.AUTHOR_SERIES, mine))
    return groups


def _named_efforts(items: Sequence[Item]) -> list[Group]:
    """The changes that name one effort in a bracket tag ("[build Folder Migration] …"), whoever
    wrote them and wherever they are: the tag is their purpose, said by their authors."""
    by_tag: dict[str, list[Item]] = defaultdict(list)
    for item in items:
        tag = next((t for t in item.subject.tags if series_tag(t.strip())), None)
        if tag is not None and not (item.severity or item.bot):
            by_tag[series_key(tag)].append(item)
    return [Group(StoryKind.AUTHOR_SERIES, mine, focused=True) for mine in by_tag.values() if len(mine) >= 2]


def _shared_tag(items: Sequence[Item]) -> str | None:
    """A bracket tag every item's title carries ("[compiler toolkit] …"): an effort its author named."""
    common = set(items[0].subject.tags)
    for item in items[1:]:
        common &= set(item.subject.tags)
    return next(iter(sorted(common)), None)


def _merge_coauthored(groups: list[Group]) -> list[Group]:
    """Series in one area by people who co-author each other's changes are one story."""
    merged: list[Group] = []
    for group in groups:
        if group.kind != StoryKind.AUTHOR_SERIES:
            merged.append(group)
            continue
        area = group.areas[0] if group.areas else None
        people = {p for it in group.items for p in it.people}
        for other in merged:
            other_people = {p for it in other.items for p in it.people}
            same_area = other.kind == StoryKind.AUTHOR_SERIES and other.areas and other.areas[0] == area
            if area and same_area and people & other_people:
                other.items.extend(group.items)
                other.items.sort(key=lambda it: it.index)
                break
        else:
            merged.append(group)
    return merged


def lead_keys(group: Group) -> set[str]:
    """Who a story is by (as name keys): its most active people (all of them when two or three share it)."""
    counts = Counter(name_key(p) for it in group.items if not it.bot for p in it.people)
    if not counts:
        return set()
    top = counts.most_common(1)[0][1]
    return {k for k, c in counts.items() if c * 3 >= top}


def _related(a: Group, b: Group) -> bool:
    """Two stories by the same people in the same part of the code base: one campaign."""
    if not (a.areas and b.areas and a.areas[0] == b.areas[0] and a.focused and b.focused):
        return False
    lead_a, lead_b = lead_keys(a), lead_keys(b)
    return bool(lead_a & lead_b)


def _merge_related(groups: list[Group], rest: list[Item]) -> tuple[list[Group], set[str]]:
    """Campaigns and series by the same people in one area become one story; so do their other
    changes there (unless severe: a serious fix keeps its own story). Returns the groups and the
    shas of the changes that joined from ``rest``."""
    mergeable = [g for g in groups if g.kind in (StoryKind.CAMPAIGN, StoryKind.AUTHOR_SERIES) and not is_bot_group(g)]
    merged: list[Group] = []
    for group in mergeable:
        host = next((m for m in merged if _related(m, group)), None)
        if host is None:
            merged.append(group)
            continue
        host.kind = StoryKind.CAMPAIGN if StoryKind.CAMPAIGN in (host.kind, group.kind) else host.kind
        host.stacked = host.stacked or group.stacked
        host.items.extend(group.items)
        host.parts += 1
    joined: set[str] = set()
    for group in merged:
        if group.parts == 1 and group.kind == StoryKind.CAMPAIGN:
            continue  # a lone campaign keeps to its pattern
        leads, area = lead_keys(group), group.areas[0] if group.areas else None
        mine = [
            i for i in rest
            if i.change.sha not in joined and not i.severity and not i.bot and i.areas[:1] == (area,)
            and name_key(i.person) in leads
        ]
        if mine:
            group.items.extend(mine)
            joined.update(i.change.sha for i in mine)
    for group in merged:
        if group.parts > 1:
            group.pattern = titles_pattern(group.items)
    gone = {id(g) for g in mergeable} - {id(g) for g in merged}
    return [g for g in groups if id(g) not in gone], joined


def named_series(items: Sequence[Item], areas: Sequence[str] = ()) -> tuple[str | None, int]:
    """The effort a set of changes names in a bracket tag ("[build Folder Migration] Move …"),
    as most often written, and how many carry it; the tag must be on two changes and a third of them."""
    counts: Counter[str] = Counter()
    spellings: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for item in items:
        for tag in dict.fromkeys(t.strip() for t in item.subject.tags if series_tag(t)):
            key = series_key(tag)
            counts[key] += 1
            spellings[key][tag] += 1
    skip = {area.lower() for area in areas}
    for key, n in counts.most_common():
        if key not in skip and n >= 2 and n * 3 >= len(items):
            return spellings[key].most_common(1)[0][0], n
    return None, 0


def series_key(name: str) -> str:
    """A series name as compared: case and spacing do not matter."""
    return " ".join(name.lower().split())


def _join_named_series(groups: list[Group]) -> list[Group]:
    """Name each story's series; stories and lone changes of the same named effort become one
    story (a serious fix keeps its own), since the effort is what a listener follows."""
    for group in groups:
        if group.kind in (StoryKind.CAMPAIGN, StoryKind.AUTHOR_SERIES, StoryKind.AREA):
            group.series, group.series_size = named_series(group.items, group.areas)
    hosts: dict[str, Group] = {}
    for group in sorted((g for g in groups if g.named), key=lambda g: (-len(g.items), g.first)):
        hosts.setdefault(series_key(group.series or ""), group)
    kept: list[Group] = []
    for group in groups:
        host = None
        if group.kind != StoryKind.REVERT and not (group.kind == StoryKind.SINGLE and group.items[0].severity):
            own = group.series if group.named else _lone_tag(group)
            host = hosts.get(series_key(own)) if own else None
        if host is None or host is group:
            kept.append(group)
            continue
        host.items.extend(group.items)
        host.parts += group.parts
        host.pattern = None  # several patterns now: the story is told by its name
        host.stacked = host.stacked and group.stacked
    for group in kept:
        if group.parts > 1 and group.series:
            group.series, group.series_size = named_series(group.items, group.areas)
        # Changes that name their effort are one effort, however many areas they touch.
        group.focused = group.focused or group.named
    return kept


# A person with at least this many changes in several stories is told as one thread.
_PERSON_THREAD_MIN = 5


def _own_news(group: Group) -> bool:
    """A serious fix or a measured win is news on its own, whoever else's work it sits beside."""
    return group.kind == StoryKind.SINGLE and bool(
        group.items[0].severity or any(f.kind not in ("tests", "lines") for f in group.items[0].facts)
    )


def _join_person_threads(groups: list[Group]) -> list[Group]:
    """One person's day is one story: their stories (not reverts, serious fixes or measured wins)
    join the biggest, so a listener hears "Evan You's 63 changes" once, with its threads."""
    by_person: dict[str, list[Group]] = defaultdict(list)
    for group in groups:
        leads = lead_keys(group)
        if group.kind in (StoryKind.REVERT, StoryKind.RELEASE) or _own_news(group) or is_bot_group(group) or len(leads) != 1:
            continue
        by_person[next(iter(leads))].append(group)
    gone: set[int] = set()
    for mine in by_person.values():
        if len(mine) < 2 or sum(len(g.items) for g in mine) < _PERSON_THREAD_MIN:
            continue
        host = max(mine, key=lambda g: (len(g.items), -g.first))
        for group in mine:
            if group is host:
                continue
            host.items.extend(group.items)
            host.parts += group.parts
            gone.add(id(group))
        host.items.sort(key=lambda it: it.index)
        if host.kind != StoryKind.CAMPAIGN:
            host.kind = StoryKind.AUTHOR_SERIES
        host.pattern = titles_pattern(host.items) if host.pattern else None
        host.focused = host.focused and len({i.areas[0] for i in host.items if i.areas}) <= 1 or host.named
        host.theme = shared_word(host.items)
    return [g for g in groups if id(g) not in gone]


def _lone_tag(group: Group) -> str | None:
    """The series tag of a lone change, if it has one."""
    if group.kind != StoryKind.SINGLE:
        return None
    return next((t for t in group.items[0].subject.tags if series_tag(t)), None)


def _replacement(group: Group, everything: Sequence[Group]) -> Item | None:
    """A revert whose change came back another way the same day: a later change by the original's
    authors names the same topic, or its body points at the revert or the reverted change."""
    reverts = [i for i in group.items if "revert" in i.kinds]
    if not reverts or group.subject is None:
        return None
    after = max(i.index for i in reverts)
    topic = normalise_title(parse_subject(group.subject).topic)
    authors = {p for i in group.items if i not in reverts for p in i.people}
    marks = {i.change.sha[:10] for i in group.items} | {f"#{i.pr}" for i in group.items if i.pr}
    for other in everything:
        for item in other.items:
            if item.index <= after or item in group.items:
                continue
            same_topic = normalise_title(item.subject.topic) == topic and (not authors or set(item.people) & authors)
            if same_topic or any(mark in item.change.body for mark in marks):
                return item
    return None


def is_bot_group(group: Group) -> bool:
    """Most of the group's changes are a bot's own."""
    return sum(item.bot for item in group.items) * 2 >= len(group.items)


def group_changes(
    items: Sequence[Item], earlier: Sequence[Change] = (), pulls: Mapping[str, Change] | None = None
) -> list[Group]:
    """Every item in exactly one group; groups in window order of their first change.

    In order: revert threads, campaigns (stacks, numbered series, same-pattern runs), pulls of
    another tree (``pulls``: the window's pull merges by sha), one person's series in an area,
    one person's series across areas sharing a theme, singles. A folder alone makes no story.
    """
    pulls = pulls or {}
    groups: list[Group] = []
    taken: set[str] = set()
    for thread in pair_reverts(items, earlier):
        groups.append(Group(StoryKind.REVERT, thread.window, earlier=thread.earlier, reason=thread.reason,
                            relanded=thread.relanded, subject=thread.title, returns=thread.returns))
        taken.update(i.change.sha for i in thread.window)
    rest = [i for i in items if i.change.sha not in taken]

    # A maintainer's pull of another tree: its patches arrived together, told as that pull
    # whole (a campaign inside it is part of what the pull brought).
    by_pull: dict[str, list[Item]] = defaultdict(list)
    for item in rest:
        if item.change.via is not None and item.change.via in pulls:
            by_pull[item.change.via].append(item)
    for sha, pulled in by_pull.items():
        if len(pulled) >= 2:
            groups.append(Group(StoryKind.PULL, pulled, pull=pulls[sha]))
            taken.update(i.change.sha for i in pulled)
    rest = [i for i in rest if i.change.sha not in taken]

    for group in _campaigns(rest):
        groups.append(group)
        taken.update(i.change.sha for i in group.items)
    rest = [i for i in rest if i.change.sha not in taken]
    # (A stack of unrelated titles stays the stack: the author's other changes of the day do not
    # join it, since nothing but who wrote them joins them to it.)

    for group in _named_efforts(rest):
        groups.append(group)
        taken.update(i.change.sha for i in group.items)
    rest = [i for i in rest if i.change.sha not in taken]

    for group in _merge_coauthored(_areas_and_series(rest)):
        groups.append(group)
        taken.update(i.change.sha for i in group.items)
    rest = [i for i in rest if i.change.sha not in taken]
    by_person: dict[str, list[Item]] = defaultdict(list)
    for item in rest:
        # A measured win or a serious fix is its own story, not one of a person's unrelated changes.
        if not (item.severity or any(f.kind not in ("tests", "lines") for f in item.facts)):
            by_person[_person_key(item)].append(item)
    for mine in by_person.values():
        # One person's changes across unrelated areas share no purpose: only a theme every title
        # names ("CoreML") makes them one story; the rest are told for what each is.
        theme = shared_word(mine) if len(mine) >= _SERIES_MIN else None
        if theme is not None:
            groups.append(Group(StoryKind.AUTHOR_SERIES, mine, focused=True, theme=theme))
            taken.update(i.change.sha for i in mine)
    rest = [i for i in rest if i.change.sha not in taken]
    groups, joined = _merge_related(groups, rest)
    taken.update(joined)
    groups.extend(Group(StoryKind.SINGLE, [i]) for i in items if i.change.sha not in taken)
    groups = _join_named_series(groups)
    for group in groups:
        if group.kind == StoryKind.REVERT and not group.relanded:
            group.replaced_by = _replacement(group, groups)
    for group in groups:
        group.items.sort(key=lambda it: it.index)
    groups.sort(key=lambda g: g.first)
    return groups


def mark_kinds(groups: list[Group]) -> list[Group]:
    """A lone change its authors marked as one of the registry's kinds (a breaking change) becomes
    a story of that kind: grouped as any lone change was, then told with the kind's own opening."""
    for group in groups:
        if group.kind == StoryKind.SINGLE:
            group.kind = next(
                (spec.kind for spec in STORY_KINDS.values() if any(_carries(group.items[0].claims, m) for m in spec.marks)),
                group.kind,
            )
    return groups


def _carries(claims: Sequence[Claim], mark: Mark) -> bool:
    return any(
        c.about == mark.about and c.value == mark.value and c.strength == "strong"
        and any(e.source in mark.sources for e in c.evidence)
        for c in claims
    )


_FEW = 4  # a story this small names each of its changes' places


MAX_AREAS = 6  # the areas a story names: its summary counts no more than it


def held_areas(group: Group) -> list[str]:
    """The areas a story is told "in": one that most of its changes are in, or several a good share
    of them are in (a ghstack stack of three with one change in the compiler toolkit is no "three
    changes in compiler toolkit"; torchtitan 2025-11-13). A release or a pull is where its changes are."""
    items = group.items
    if group.kind == StoryKind.PULL and len(group.areas) == 1 and len(items) >= 3 and sum(group.areas[0] in item.areas for item in items) * 2 < len(items):
        return []  # clippy #5438's roll-up was "in docs" by two of its eleven pull requests (2020-04-08)
    if group.kind in (StoryKind.RELEASE, StoryKind.PULL) or len(items) < 3:
        return list(group.areas)
    if len(items) <= _FEW:
        # a few changes are told "in" every place they are: executorch 2025-11-03's "three changes in
        # Apple" held one in the tensor API
        firsts = {item.areas[0] for item in items if item.areas}
        return [a for a in group.areas if a in firsts] if all(item.areas for item in items) else []
    held = [a for a in group.areas if sum(a in item.areas for item in items) >= max(2, len(items) / 8)]
    # one area of a few is no place of the story's; a campaign across several is told across them
    return held if len(held) >= 2 or (held and sum(held[0] in item.areas for item in items) * 2 >= len(items)) else []
