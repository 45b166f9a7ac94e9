"""``plan_episode``: a window's changes in, the ranked stories of an episode out."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

from ..model import (
    Change,
    EpisodePlan,
    Fact,
    NextItem,
    NextKind,
    Person,
    Release,
    Show,
    Spotlight,
    Story,
    StoryKind,
    StoryThread,
    Window,
)
from ..phrasebook import Phrasebook, default_phrasebook
from ..storykinds import spec_of
from ..text import is_assistant_name, is_bot_name
from .annotate import (
    Item,
    annotate,
    change_ref,
    code_lines,
    data_lines,
    left_out_lines,
    test_lines_added,
)
from .areas import AreaResolver
from .classify import KINDS, SEVERITIES, primary_kind
from .focus import Thread, focus_words, gather_by_focus, threads
from .glossary import area_notes, explained_terms
from .headlines import effect_phrase, story_headline
from .people import (
    UNKNOWN_AUTHOR,
    People,
    credited,
    is_bot_change,
    is_landing_bot,
    is_placeholder_name,
)
from .rank import Ranked, item_score, select
from .releases import (
    based_on_work,
    carried,
    highlights,
    release_headline,
    release_items,
    said_highlights,
)
from .stories import MAX_AREAS, Group, group_changes, held_areas, is_bot_group, mark_kinds
from .story_claims import pull_tree, story_claims
from .titles import carried_day_words, episode_summary, episode_title
from .whats_next import whats_next
from .why import reasons

__all__ = ["plan_episode", "MAX_STORIES", "MAX_QUICK_HITS", "MAX_NEXT", "MAX_REFS", "MAX_FACTS"]

Word = TypeVar("Word", bound=str)
_Key = TypeVar("_Key")

MAX_STORIES = 7
MAX_QUICK_HITS = 12
MAX_NEXT = 5
MAX_REFS = 25  # changes cited per story; ``Story.size`` keeps the full count
MAX_FACTS = 8
MAX_PICKED = 12  # a release's highlights named, most telling first
SPOTLIGHT_REVIEWERS = 2  # a spotlight needs this many reviewers …
SPOTLIGHT_COMMENTS = 3  # … or this many comments
_PULL_REF = re.compile(r"/pull/(\d+)\b")


def _select_facts(facts: Sequence[Fact], cap: int = MAX_FACTS) -> list[Fact]:
    """Up to ``cap`` facts in order, always keeping the smallest and largest factor (a range's ends)."""
    if len(facts) <= cap:
        return list(facts)
    with_factor = [f for f in facts if f.factor]
    keep = {id(f) for f in (min(with_factor, key=lambda f: f.factor or 0),
                            max(with_factor, key=lambda f: f.factor or 0))} if with_factor else set()
    for f in facts:
        if len(keep) >= cap:
            break
        keep.add(id(f))
    return [f for f in facts if id(f) in keep]


def _cited(items: Sequence[Item]) -> list[Item]:
    """At most ``MAX_REFS`` items, preferring those with facts or severity, in window order."""
    if len(items) <= MAX_REFS:
        return list(items)
    ranked = sorted(items, key=lambda i: (not (i.facts or i.severity), i.index))[:MAX_REFS]
    return sorted(ranked, key=lambda i: i.index)


def _ordered(values: Sequence[str], order: Sequence[Word]) -> list[Word]:
    """The words of ``order`` that ``values`` holds, in that order."""
    present = set(values)
    return [v for v in order if v in present]


def _threads(group: Group) -> list[Thread]:
    """The sub-themes worth naming: only in stories of several changes that are not one pattern."""
    if group.kind not in (StoryKind.CAMPAIGN, StoryKind.AUTHOR_SERIES, StoryKind.AREA) or len(group.items) < 4:
        return []
    found = threads(group.items)
    if len(found) == 1 and len(found[0].items) == len(group.items) and group.pattern:
        return []  # one pattern throughout: the story's own pattern says it
    return found


def _cited_with_threads(group: Group, found: Sequence[Thread]) -> list[Item]:
    """The changes to cite, making sure each thread's first change is among them."""
    cited = _cited(group.items)
    firsts = [t.items[0] for t in found if t.items[0] not in cited]
    if not firsts:
        return cited
    keep = [i for i in cited if i not in firsts][: MAX_REFS - len(firsts)]
    return sorted([*keep, *firsts], key=lambda i: i.index)


# Files whose lines are data, not work: pictures, lockfiles, generated metadata, test snapshots and
# vendored copies of others' code ("about 2,600 lines added" were two SVG diagrams; u-boot
# 2024-08-09; pip #10202's 1,000 lines were mostly a vendored platformdirs).
def _story(
    sid: str, ranked: Ranked, resolver: AreaResolver, show: Show, people: People, phrases: Phrasebook,
    landed: Mapping[str, int],
    landed_in: Mapping[tuple[str, str], int],
    told_apart: Mapping[str, int],
) -> Story:
    group = ranked.group
    humans = [p for p in group.people if not is_bot_name(p)]
    lead_total = landed.get(humans[0], 0) if len(humans) == 1 and not group.releases else 0
    # (told apart even when the rest of their day is this story: executorch 2023-12-20's "Max Ren landed four changes in
    # XNNPACK" of the five he landed, the fifth a story of its own)
    lead_apart = told_apart.get(humans[0], 0) if lead_total >= len(group.items) and lead_total else 0
    lead_here = landed_in.get((humans[0], group.areas[0]), 0) if lead_total > len(group.items) and group.areas else 0
    web_url = show.web_url
    facts = [f for item in group.items for f in item.facts]
    left: dict[str, int] = {}
    for item in group.items:
        for kind, lines in left_out_lines(item.change).items():
            left[kind] = left.get(kind, 0) + lines
    added = sum(code_lines(item.change, "added") for item in group.items)
    deleted = sum(code_lines(item.change, "deleted") for item in group.items)
    if not _says_left_out(sum(left.values()), added + deleted):
        # too few to say apart, so counted in: uv 2024-07-16's "about 220 out" left out 13 of 233 unsaid
        added += sum(data_lines(item.change, "added") for item in group.items)
        deleted += sum(data_lines(item.change, "deleted") for item in group.items)
        left = {}
    earlier = [change_ref(annotate(c, -1, resolver, people), web_url) for c in group.earlier[:MAX_REFS]]
    # A bot's codemod or a one-pattern campaign is told by its pattern; the rest by what they are about.
    told_by_subject = group.kind in (StoryKind.AUTHOR_SERIES, StoryKind.AREA) or (group.kind == StoryKind.CAMPAIGN and not group.pattern)
    plain = told_by_subject and not is_bot_group(group)
    found = _threads(group) if plain else []
    focus = focus_words(group.items, group.areas[:1]) if plain else []
    return Story(
        id=sid,
        role=ranked.role,  # type: ignore[arg-type]
        headline=(
            release_headline(group.releases, show.name, phrases) if group.releases else story_headline(group, focus, found, phrases)
        ),
        people=list(group.people),  # all of them: a pull of fifty changes from fourteen people is not "from ten"
        helpers=group.helpers,
        areas=held_areas(group)[:MAX_AREAS],
        changes=[change_ref(item, web_url) for item in _cited_with_threads(group, found)],
        facts=_select_facts(facts),
        score=ranked.score,
        kind=group.kind,
        kinds=_ordered([k for i in group.items for k in i.kinds], KINDS),
        severity=_ordered([s for i in group.items for s in i.severity], SEVERITIES),
        reason=group.reason,
        relanded=group.relanded,
        earlier=earlier,
        effect=effect_phrase(facts),
        size=len(group.items),
        focus=focus,
        threads=[
            StoryThread(t.label, len(t.items), t.pattern, [i.change.sha for i in t.items]) for t in found
        ],
        series=group.series,
        series_size=group.series_size,
        lines_added=added,
        lines_deleted=deleted,
        lines_added_tests=sum(test_lines_added(item.change) for item in group.items),
        lines_left_out=sum(left.values()),
        left_out=sorted(left, key=lambda k: -left[k]),
        releases=list(group.releases),
        why=reasons(group.items, limit=3) if _one_thing(group, focus) else [],
        # a pull is as big as what it brought, a revert told apart among it (u-boot's 52, not 51)
        commits=group.pull.commits if group.kind == StoryKind.PULL and group.pull is not None else sum(
            item.change.commits for item in group.items),
        claims=story_claims(group),
        lead_changes=lead_total if lead_total > len(group.items) or lead_apart else 0,
        lead_changes_here=lead_here,
        lead_told_apart=lead_apart,
        via=pull_tree(group.pull) if group.pull is not None else None,
    )


def _says_left_out(left: int, code: int) -> bool:
    """Whether a story's data-file lines are enough to be said apart from its size (a ninth of its code's and 100)."""
    return left * 9 >= code and left >= 100


def _one_thing(group: Group, focus: Sequence[str]) -> bool:
    """A story whose changes are one piece of work, so one author's why speaks for all of it:
    a single change, a campaign, or a series with one focus or name (not a round-up)."""
    return len(group.items) == 1 or group.kind == StoryKind.CAMPAIGN or bool(focus) or group.named


def _quick_hits(rest: Sequence[Ranked], limit: int) -> list[Item]:
    """The best changes left over, at most two from any one group."""
    candidates: list[tuple[float, int, Item]] = []
    for ranked in rest:
        items = ranked.group.items
        if ranked.group.kind == StoryKind.REVERT:
            items = [i for i in items if "revert" in i.kinds] or items
        scored = sorted(((item_score(i), i.index, i) for i in items), key=lambda t: (-t[0], t[1]))
        candidates.extend(scored[:2])
    candidates.sort(key=lambda t: (-t[0], t[1]))
    return [item for _, _, item in candidates[:limit]]


def _landed_prs(changes: Sequence[Change]) -> set[int]:
    prs: set[int] = set()
    for change in changes:
        if change.pr is not None:
            prs.add(change.pr.number)
        # ghstack PRs landed by the merge bot carry their original number in the message.
        prs.update(int(n) for n in _PULL_REF.findall(change.body))
        for values in change.trailers.values():
            for value in values:
                prs.update(int(n) for n in _PULL_REF.findall(value))
    return prs




def _opener(change: Change, people: People) -> str | None:
    """Who opened a merged pull request: its merge's author, or for a bors merge the user its
    subject names ("Auto merge of #4878 - CAD97:rustup")."""
    author = change.authors[0] if change.authors else None
    if author is not None and not is_bot_name(author.name):
        return people.name(author)
    # (by the name its other pull requests give the login: clippy 2024-08-24's "Jarcho" rustup was Jason Newcomb's)
    return people.name(Person(change.opened_by, "")) if change.opened_by else None


def _reviewers_named(changes: list[Change], people: People) -> list[Change]:
    """The changes with a reviewer's login said as the name their own pull requests give them: a
    bors merge "Auto merge of #10779 - Centri3:…" by Catherine Flores makes reviewer "Centri3" her
    (clippy 2023-05-23 thanked "Centri3" beside "Catherine Flores", one person heard as two)."""
    logins: dict[str, str] = {}
    for change in changes:
        authors = {people.name(a) for a in change.authors if not is_bot_name(a.name)}
        if change.opened_by and len(authors) == 1:
            logins[change.opened_by.lower()] = authors.pop()
    if not logins:
        return changes
    return [
        replace(c, reviewers=[logins.get(r.lower(), r) for r in c.reviewers]) if any(r.lower() in logins for r in c.reviewers) else c
        for c in changes
    ]


def person_totals(items: Sequence[Item]) -> dict[str, int]:
    """How many of the window's changes each person authored (a co-author "landed" none of them;
    bots' changes not counted)."""
    return dict(Counter(item.person for item in items if not item.bot))


def _opened(changes: Sequence[Change]) -> list[tuple[str, Person]]:
    """Each pull request's opener beside the one person who wrote all of its commits (a login
    credited as itself is left out: it wrote them under no other name)."""
    out = []
    for change in changes:
        # (its credited authors: a rustup's upstream commits are no one's work of the PR's)
        writers = [a for a in change.authors if not is_bot_name(a.name) and a.name != change.opened_by and not is_placeholder_name(a.name)]
        # (not when the opener wrote some of it: clippy's #8657 was flip1995's, Alex Macleod its co-author)
        own = any(a.name == change.opened_by for m in change.merged for a in m.authors)
        # (unless the branch is the opener's web edit, "flip1995-patch-1": GitHub wrote its other commits under the
        # opener's display name, Philipp Krones, who was counted twice; clippy 2020-11-27)
        own = own and not (change.opened_by and re.search(rf"(?:^|[:/]){re.escape(change.opened_by)}-patch-\d+$", change.merge_source or ""))
        if change.opened_by and change.merged and change.merge_kind != "sync" and len({a.name for a in writers}) == 1 and not own:
            out.append((change.opened_by, writers[0]))
    return out


def _less(totals: Mapping[_Key, int], told: Mapping[_Key, int]) -> dict[_Key, int]:
    """``totals`` less what ``told`` counts."""
    return {key: n - told.get(key, 0) for key, n in totals.items()}


def person_area_totals(items: Sequence[Item]) -> dict[tuple[str, str], int]:
    """How many of the window's changes each person authored in each area (a change's first)."""
    return dict(Counter((item.person, item.areas[0]) for item in items if not item.bot and item.areas))


def _authors(item: Item, people: People) -> set[str]:
    """Who a change is "from": its first credited person, and for a merged series or topic branch
    the author of each patch it brings (a co-author helped with a commit, and a commit inside
    someone's pull request helped with it: pip 2023-04-15's three PRs are from two people)."""
    found = {item.person}
    if item.change.is_merge and item.change.merge_kind != "pr":
        found |= {people.name(m.authors[0]) for m in item.change.merged if m.authors and not is_bot_name(m.authors[0].name)}
    return found


def _counts(
    items: Sequence[Item], on_air: int, quick_hits: int, carried_commits: int, releases: int, pulls: int = 0,
    synced: Sequence[int] = (), syncers: Sequence[str] = (), people: People | None = None,
) -> dict[str, int]:
    """The day's figures; ``synced`` are the PR numbers of merged syncs with an upstream (clippy's
    Rustup PRs): each is a pull request that landed, by ``syncers``, its upstream commits counted as carried."""
    # The people a day's work is "from" are its authors: a co-author on one commit of someone
    # else's pull request helped with it (pip 2024-04-20's four PRs are from three people, not five).
    names = people or People()
    humans = {p for item in items if not item.bot for p in _authors(item, names)} | set(syncers)
    if len(humans) > 1:
        # a merge bot's landing that names no one is someone's, maybe one already counted (ssjia's
        # ghstack PR landed by pytorchbot, executorch 2026-02-06): no person more
        humans.discard(UNKNOWN_AUTHOR)
    helpers = {p for item in items if not item.bot for p in item.people if not is_bot_name(p)}
    # a person who co-authored a bot's pull request (Kevin Deng on renovate's vue #9157) helped too
    helpers |= {names.name(a) for item in items if item.bot for a in item.change.authors if not is_bot_name(a.name)}
    helpers -= humans | {UNKNOWN_AUTHOR}
    return {
        "changes": len(items) + len(synced),
        # a sync's upstream commits are upstream's, said apart ("brought over sixteen changes"): they are
        # carried, which the day's "commits in all" leaves out, and the sync PR counts as one (clippy
        # 2022-04-07's 23 were 19 upstream; taking them off here too left clippy 2019-11-23 nine short)
        "commits": sum(item.change.commits for item in items) + carried_commits + len(synced),
        "merged_prs": sum(item.change.merge_kind == "pr" for item in items) + len(synced),
        "carried": carried_commits,
        "releases": releases,
        "pulls": pulls,
        "pulled": sum(item.change.via is not None for item in items),  # changes that came in those pulls
        "authors": len(humans),
        "coauthors": len(helpers),  # people who helped with others' changes (co-authors), beside the authors
        "bot_changes": sum(item.bot for item in items),
        # a bot is behind the day's work when it wrote a change or co-wrote one (uv's zaniebot on a
        # person's pull request, as the release's count has it); a merge bot only landed it
        # (…and is named when no person is: executorch's pytorchbot landed four of 2025-11-14's
        # changes that name no one else, and the day's "ten people" left it unsaid)
        # (a coding assistant a person credits is their tool, no bot: uv 2026-03-31's "three bots" were two spellings of Claude)
        "bots": len({a.name for item in items for a in item.change.authors
                     if is_bot_name(a.name) and not is_assistant_name(a.name)
                     and (item.bot or not is_landing_bot(a.name) or all(is_bot_name(p.name) for p in item.change.authors))}),
        "reverts": sum("revert" in item.kinds for item in items),
        "relands": sum("reland" in item.kinds for item in items),
        # a pull request landed as several rebased commits ("Closes #5310" on each) is one
        "prs": len({item.pr for item in items if item.pr is not None} | set(synced)),
        "direct": sum(item.pr is None for item in items),
        "lines_added": sum(item.change.added for item in items),
        "lines_deleted": sum(item.change.deleted for item in items),
        "files": len({f.path for item in items for f in item.change.files}),
        "areas": len({a for item in items for a in item.areas}),
        "stories": on_air,
        "quick_hits": quick_hits,
    }


def _once_each(changes: list[Change]) -> tuple[list[Change], Counter[str]]:
    """The changes with a patch that two pulls brought in once (the same author's same title and
    diff applied to two trees), and how many each later pull brought again (u-boot 2025-04-25's
    efi and riscv pulls each carried Heinrich Schuchardt's nine FML13V01 patches: 37 changes, 28
    of them distinct)."""
    seen: set[tuple[str, str, tuple[tuple[str, int | None, int | None], ...]]] = set()
    kept: list[Change] = []
    twice: Counter[str] = Counter()
    for change in changes:
        if change.via is not None and change.authors:
            key = (change.authors[0].name, change.title, tuple(sorted((f.path, f.added, f.deleted) for f in change.files)))
            if key in seen:
                twice[change.via] += 1
                continue
            seen.add(key)
        kept.append(change)
    return kept, twice


def plan_episode(
    changes: Sequence[Change],
    show: Show,
    window: Window,
    *,
    earlier: Sequence[Change] = (),
    area_map: Mapping[str, str] | None = None,
    area_filter: Sequence[str] = (),
    in_flight: Sequence[NextItem] = (),
    spotlight: Spotlight | None = None,
    releases: Sequence[Release] = (),
    glossary: Mapping[str, str] | None = None,
    notes: Mapping[str, str] | None = None,
    definitions: Mapping[str, tuple[str, str]] | None = None,
    max_stories: int = MAX_STORIES,
    max_quick_hits: int = MAX_QUICK_HITS,
    max_next: int = MAX_NEXT,
    phrases: Phrasebook | None = None,
) -> EpisodePlan:
    """The ranked stories, quick hits, what's next, title and summary of the changes in ``window``.

    ``earlier`` are changes from before the window (for reverts and relands across days);
    ``area_map`` maps path prefixes to area names and wins over the built-in layouts;
    ``area_filter`` keeps only changes in those areas (a show about one part of a code base);
    ``in_flight`` are what's-next items from a forge (open stacks, PRs still in review);
    ``spotlight`` is the forge's most-reviewed landed PR; ``releases`` are the versions out in the
    window; ``glossary`` (term -> explanation), ``definitions`` (term -> (the sentence the
    repository's docs define it in, their file)) and ``notes`` (directory -> its README's first
    sentence) explain what the stories name, with commitcast's bundled glossary after them;
    ``phrases`` are the host style's title and heading phrases (default: the default style's). Sync
    merges are plumbing and left out; forward merges are counted as carried work.
    """
    phrases = phrases or default_phrasebook()
    seen: set[str] = set()
    in_window: list[Change] = []
    forwarded: list[Change] = []
    pulls: dict[str, Change] = {}  # a pull merge's patches are changes; the merge says what the pull was
    for change in sorted(changes, key=lambda c: c.landed_at):
        if not window.since <= change.landed_at < window.until or change.sha in seen:
            continue
        seen.add(change.sha)
        if change.merge_kind == "forward":
            forwarded.append(change)
        elif change.merge_kind == "pull":
            pulls[change.sha] = change
        elif change.merge_kind != "sync":
            in_window.append(change)
    in_window, twice = _once_each(in_window)
    for via, dropped in twice.items():  # a pull brought what another had: counted with the first
        if via in pulls:
            pulls[via] = replace(pulls[via], merged_count=max(1, pulls[via].merged_count - dropped))
    before = [
        c for c in earlier
        if c.sha not in seen and c.landed_at < window.since and c.merge_kind not in ("sync", "forward", "pull")
    ]
    resolver = AreaResolver(
        overrides=dict(area_map or {}),
        package_names=frozenset({show.slug.lower(), show.name.lower()}),
    )
    people = People.of(
        (p for c in [*in_window, *before] for p in [*c.authors, *(a for m in c.merged for a in m.authors)]),
        [c.authors for c in in_window],
        _opened(in_window + before),
    )
    in_window = _reviewers_named(in_window, people)
    items = [annotate(change, index, resolver, people) for index, change in enumerate(in_window)]
    if area_filter:
        wanted = {area.lower() for area in area_filter}
        items = [item for item in items if wanted & {area.lower() for area in item.areas}]
    out = [
        replace(r, picked=highlights(r, MAX_PICKED))
        for r in releases if r.released_at is None or window.since <= r.released_at < window.until
    ]
    releasing = release_items(out, items)
    taken = {id(item) for item in releasing}
    # A bot's empty commit ("fbshipit-source-id: <sha>") changes nothing: counted, never told. (A
    # person's commit with no files may sit on a shallow clone's edge, its diff unknown: told.)
    taken |= {id(item) for item in items if _empty_and_silent(item) or _landed_again(item, items)}
    groups: list[Group] = mark_kinds(gather_by_focus(group_changes([i for i in items if id(i) not in taken], before, pulls)))
    if out:
        groups.insert(0, Group(StoryKind.RELEASE, releasing, releases=list(out)))
    on_air, rest = select(groups, max_stories)
    landed = person_totals(items)
    landed_in = person_area_totals(items)
    stories = []
    for n, ranked in enumerate(on_air, 1):
        # a person's day, as a story says it, leaves out what another story tells: "landed six changes"
        # counted the revert and reland told before it, and then broke down into four (executorch 2025-03-14)
        apart = [i for r in on_air if r is not ranked for i in r.group.items]
        told_apart = person_totals(apart)
        rest_of_day = _less(landed, told_apart)
        stories.append(_story(
            f"s{n}", ranked, resolver, show, people, phrases, rest_of_day, _less(landed_in, person_area_totals(apart)), told_apart))
    hits = _quick_hits(rest, max_quick_hits)
    upcoming = whats_next(
        [r.group for r in on_air], [r.group for r in rest], _landed_prs([*before, *in_window]),
        show.web_url, max_next,
    )
    carried_work = [carried(change, show.web_url) for change in forwarded]
    # a patch series built on another unmerged branch brought that branch's commits along with it
    carried_work += [based_on_work(change, show.web_url) for change in in_window if change.based_on]
    told = {item.change.sha for r in on_air for item in r.group.items} | {item.change.sha for item in hits}
    # A release's highlight may be one of the day's own changes: said there, not counted again (uv 0.8.0).
    # (only those said: a release's picks past what the script names are counted, never lost; uv 2024-08-21)
    own = {item.subject.topic.lower() for r in on_air if spec_of(r.group.kind).alone for item in r.group.items}
    highlighted = said_highlights(out, own)
    told |= {item.change.sha for item in items if item.subject.topic.lower() in highlighted}
    # The rest are tallied by the kinds the plan is sure of: a hint ("remove comments, add asserts"
    # reads as docs) must not name what a change is (curl 2024-08-26).
    # (a bot's bump of a CI action is counted a dependency update, as the writer tallies it)
    # (by pull request, as the day is counted: curl's commits of one "Closes #N" are one change, and
    # those of a pull request already told are told; "seven other changes" made the day's 17 into 19)
    said_prs = {item.pr for item in items if item.change.sha in told and item.pr is not None}
    rest_items = list({(item.pr if item.pr is not None else item.change.sha): item for item in reversed(items)
                       if item.change.sha not in told and item.pr not in said_prs}.values())  # fmt: skip
    untold = Counter("dependency" if "dependency" in item.sure_kinds else primary_kind(item.sure_kinds) for item in rest_items)
    pulled = {item.change.via for item in items if item.change.via in pulls}
    synced = [c.pr.number for c in forwarded if c.pr is not None]
    syncers = [who for c in forwarded if c.pr is not None and (who := _opener(c, people))]
    counts = _counts(
        items, len(stories), len(hits), sum(c.commits for c in forwarded) + sum(c.based_on for c in in_window), len(out),
        len(pulled), synced, syncers,
        people,
    )
    meanings, sources = explained_terms(stories, glossary, definitions)
    carried_day = None if counts["changes"] or on_air else carried_day_words(show.name, window, carried_work, phrases)
    title, summary = carried_day or (
        episode_title(show.name, window, on_air, phrases, landed=counts["changes"], landed_by=landed),
        episode_summary(on_air, counts, show.name, phrases, landed, landed_in),
    )
    return EpisodePlan(
        show=show.name,
        window=window,
        title=title,
        summary=summary,
        counts=counts,
        stories=stories,
        quick_hits=[change_ref(item, show.web_url) for item in hits],
        whats_next=_merge_next(upcoming, in_flight, max_next),
        spotlight=_spotlight(spotlight, {item.change.sha for item in items}),
        releases=list(out),
        carried=carried_work,
        untold=dict(sorted(untold.items(), key=lambda kv: (-kv[1], kv[0]))),
        people=sorted({p for item in items if not item.bot for p in item.people}),
        regulars=regulars([*before, *in_window], people),
        glossary=meanings,
        notes=area_notes(notes or {}, stories, resolver),
        glossary_sources=sources,
    )


def _empty_and_silent(item: Item) -> bool:
    """A commit that touches no file and says nothing: a bot's, or titled only by a hash."""
    if item.change.files or item.change.is_merge:
        return False
    return item.bot or not re.sub(r"\b[0-9a-f]{7,40}\b", "", item.subject.topic).strip()


def _landed_again(item: Item, items: Sequence[Item]) -> bool:
    """An empty commit of a pull request another change of the window landed with its diff: ao's
    #2495 came twice, its fix and then an empty copy, told as "two changes titled …" (2025-07-08)."""
    pr = item.change.pr.number if item.change.pr else None
    if item.change.files or item.change.is_merge or pr is None:
        return False
    return any(o is not item and o.change.files and o.change.pr and o.change.pr.number == pr for o in items)


REGULAR_SHARE = 1 / 3  # of the people's changes over the window and the weeks before it
REGULAR_MIN = 3


def regulars(changes: Sequence[Change], people: People) -> list[str]:
    """The people behind a third or more (and at least three) of the people's ``changes``: the
    ones a host may call "the maintainer" (a one-off contributor on a day of bot updates is not)."""
    tally = Counter(names[0] for c in changes if not is_bot_change(c) and (names := credited(c, people)))
    total = sum(tally.values())
    return sorted(p for p, n in tally.items() if n >= REGULAR_MIN and n >= REGULAR_SHARE * total)


def _spotlight(pick: Spotlight | None, planned: set[str]) -> Spotlight | None:
    """The forge's pick when its change is in this plan and it drew real review: several
    reviewers or a discussion, not one approval of a one-liner."""
    if pick is None or pick.sha not in planned:
        return None
    return pick if len(pick.reviewers) >= SPOTLIGHT_REVIEWERS or pick.comments >= SPOTLIGHT_COMMENTS else None


def _merge_next(promised: list[NextItem], in_flight: Sequence[NextItem], limit: int) -> list[NextItem]:
    """Promised follow-ups first, keeping room for up to two items from the forge."""
    room = min(len(in_flight), 2)
    return (promised[: limit - room] + [_unlanded(item) for item in in_flight])[:limit]


def _unlanded(item: NextItem) -> NextItem:
    """A forge item is about work that has not landed: give it a kind that says so.

    Nothing in a landed message promised it, so the default kind ("follow_up") would be wrong.
    """
    if item.kind != "follow_up":
        return item
    kind: NextKind = "open_stack" if re.search(r"\bstack\b", item.text, re.I) else "unlanded"
    return replace(item, kind=kind)
