"""Weekly recap planning: the week's biggest stories, its comebacks and its most active person.

A recap is built only from the daily plans' data: it re-ranks their stories, so every name,
number and change it cites was already grounded in a daily plan.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from ..model import ChangeRef, EpisodePlan, NextItem, Show, Story, StoryKind, StoryThread, Window
from ..phrasebook import Phrasebook, default_phrasebook
from ..storykinds import spec_of
from ..text import capitalised, is_bot_name
from .releases import release_headline
from .reverts import thread_key
from .stories import series_key
from .titles import title_case

__all__ = ["plan_recap", "BIGGEST", "COMEBACKS", "QUICK_HITS"]

BIGGEST = 4  # the week's biggest stories told in full
COMEBACKS = 2  # reverted changes that came back
QUICK_HITS = 6  # further stories mentioned in one line each
_TOP_AUTHOR_CITES = 25  # a story cites at most this many changes


def _rank(story: Story) -> tuple[bool, float, int]:
    return (story.role == "headline", story.score, story.total)


def _top_author(plans: Sequence[EpisodePlan], sid: str, book: Phrasebook) -> Story | None:
    """Who drove the most change this week, counted over every change the plans cite."""
    refs: dict[str, ChangeRef] = {}
    for plan in plans:
        for ref in [*(r for s in plan.stories for r in s.changes), *plan.quick_hits]:
            refs.setdefault(ref.sha, ref)
    by_person: dict[str, list[ChangeRef]] = {}
    for ref in refs.values():
        if ref.authors and not is_bot_name(ref.authors[0]):
            by_person.setdefault(ref.authors[0], []).append(ref)
    if not by_person:
        return None
    person, mine = max(by_person.items(), key=lambda kv: (len(kv[1]), kv[0]))
    if len(mine) < 2:
        return None
    areas = [a for a, _ in Counter(a for r in mine for a in r.areas).most_common(3)]
    return Story(
        id=sid,
        role="other",
        headline=book.say("recap.most_active", person=person),
        people=[person],
        areas=areas,
        changes=mine[:_TOP_AUTHOR_CITES],
        score=0.0,
        kind=StoryKind.TOP_AUTHOR,
        kinds=sorted({k for r in mine for k in r.kinds}),
        size=len(mine),
    )


def _recap_title(show: Show, stories: Sequence[Story], book: Phrasebook) -> str:
    """ "Vue: Weekly Recap: Vue 3.4.0 Is Out", named by the week's biggest story alone."""
    lead = next((s for s in stories if s.kind != StoryKind.TOP_AUTHOR), None)
    if lead is None:
        return f"{show.name}: {book.say('recap.title_quiet')}"
    if lead.kind == StoryKind.AREA and lead.areas:
        # "Compiler sfc round-up" says where, not what: the week's title says how much, there.
        area = lead.areas[0]
        return f"{show.name}: {book.say('recap.title_area', count=str(lead.total), area=area[:1].upper() + area[1:])}"
    head = re.sub(r"^[^:]{1,40}:\s+", "", lead.headline)
    # A change's own title keeps its author's casing, as dailies say it.
    said = capitalised(head) if spec_of(lead.kind).alone else title_case(head, show.name)
    return f"{show.name}: {book.say('recap.title', headline=said)}"


def _same_story_key(story: Story) -> str | None:
    """What makes two days' stories one story of the week: the series they name, or the same
    chapter title ("Arm round-up" on Monday and on Thursday); reverts stay apart."""
    if story.kind == StoryKind.RELEASE:
        return "release"  # the week's releases are one story
    if story.kind == StoryKind.REVERT or len(story.changes) < 2:
        return None
    if story.series:
        return "series:" + series_key(story.series)
    return "headline:" + story.headline.lower()


def _merge(parts: list[Story], show: str, book: Phrasebook) -> Story:
    """One story of the week from the same story told on several days."""
    best = max(parts, key=_rank)
    refs: dict[str, ChangeRef] = {}
    for part in parts:
        for ref in part.changes:
            refs.setdefault(ref.sha, ref)
    people: Counter[str] = Counter()
    for part in parts:
        people.update({p: len(part.changes) for p in part.people})
    threads: dict[str, StoryThread] = {}
    for part in parts:
        for t in part.threads:
            have = threads.get(t.label)
            threads[t.label] = (
                t if have is None else replace(have, size=have.size + t.size, changes=have.changes + t.changes)
            )
    return replace(
        best,
        people=[p for p, _ in people.most_common(10)],
        areas=list(dict.fromkeys(a for part in parts for a in part.areas))[:6],
        changes=list(refs.values())[:_TOP_AUTHOR_CITES],
        facts=[f for part in parts for f in part.facts][:8],
        # A story that ran on several days weighs more in the week than any one day of it.
        score=round(best.score + 1.0 * (len(parts) - 1), 3),
        size=sum(part.total for part in parts),
        focus=best.focus if all(part.focus == best.focus for part in parts) else [],
        threads=sorted(threads.values(), key=lambda t: -t.size)[:4],
        series_size=sum(part.series_size for part in parts),
        lines_added=sum(part.lines_added for part in parts),
        lines_deleted=sum(part.lines_deleted for part in parts),
        lines_left_out=sum(part.lines_left_out for part in parts),
        left_out=list(dict.fromkeys(k for part in parts for k in part.left_out)),
        earlier=[r for part in parts for r in part.earlier][:_TOP_AUTHOR_CITES],
        releases=[r for part in parts for r in part.releases],
        commits=sum(part.commits for part in parts),
        headline=release_headline([r for part in parts for r in part.releases], show, book, project_word=book.say("titles.version"))
        if best.releases else best.headline,
    )


def _week_stories(days: Sequence[EpisodePlan], show: str, book: Phrasebook) -> list[Story]:
    """Every daily story, the same story on several days told once."""
    groups: dict[str, list[Story]] = {}
    order: list[str | Story] = []
    for plan in days:
        for story in plan.stories:
            if not story.changes and not story.releases:
                continue
            key = _same_story_key(story)
            if key is None:
                order.append(story)
            elif key not in groups:
                groups[key] = [story]
                order.append(key)
            else:
                groups[key].append(story)
    return [item if isinstance(item, Story) else _merge(groups[item], show, book) for item in order]


_REVERT_OF = re.compile(r'^\s*revert\s+"(?P<t>.+)"', re.I)


def _without_undone(stories: list[Story]) -> list[Story]:
    """The week's stories, with the release highlights the week reverted and did not bring back
    left out (a release "worth a look" for a fix rolled back two days later would mislead)."""
    undone: set[str] = set()
    for story in stories:
        if story.kind != StoryKind.REVERT or story.relanded:
            continue
        for ref in [*story.changes, *story.earlier]:
            quoted = _REVERT_OF.match(ref.title)
            undone.add(thread_key(quoted.group("t") if quoted else ref.title))
    if not undone:
        return stories
    return [
        replace(s, releases=[replace(
            r, highlights=[h for h in r.highlights if thread_key(h) not in undone],
            picked=[h for h in r.picked if thread_key(h) not in undone],
        ) for r in s.releases])
        if s.releases else s
        for s in stories
    ]


def plan_recap(plans: list[EpisodePlan], show: Show, window: Window, phrases: Phrasebook | None = None) -> EpisodePlan:
    """A recap plan (kind "recap") of the daily ``plans`` that fall in ``window``, titled in the
    style's ``phrases`` (default: the default style's)."""
    book = phrases or default_phrasebook()
    days = sorted((p for p in plans if p.kind == "daily"), key=lambda p: p.window.since)
    stories = _without_undone(_week_stories(days, show.name, book))
    ranked = sorted(stories, key=_rank, reverse=True)

    biggest = [s for s in ranked if s.kind != StoryKind.REVERT][:BIGGEST]
    comebacks = [s for s in ranked if s.kind == StoryKind.REVERT and s.relanded and s not in biggest][
        :COMEBACKS
    ]
    chosen: list[Story] = []
    for i, story in enumerate([*biggest, *comebacks]):
        role = "headline" if i == 0 else ("revert" if story.kind == StoryKind.REVERT else story.role)
        if role == "headline" and i:
            role = "other"
        chosen.append(replace(story, id=f"w{i + 1}", role=role))
    top = _top_author(days, f"w{len(chosen) + 1}", book)
    # With one person behind the week's lead story (or the whole week), "most active" repeats it.
    lead_people = {p for p in (chosen[0].people if chosen else []) if not is_bot_name(p)}
    if top is not None and lead_people != set(top.people):
        chosen.append(top)

    told = {r.sha for s in chosen for r in s.changes}
    quick: list[ChangeRef] = []
    for story in ranked:
        if not story.changes:
            continue
        first = story.changes[0]
        # A reverted change is not a quick win; its story is told in full or not at all.
        if story.kind != StoryKind.REVERT and first.sha not in told and story not in biggest:
            quick.append(first)
            told.add(first.sha)
        if len(quick) == QUICK_HITS:
            break

    counts = {
        "changes": sum(p.counts.get("changes", 0) for p in days),
        "reverts": sum(p.counts.get("reverts", 0) for p in days),
        "days": len(days),
        "stories": len(stories),
        # People the week's plans name; the dailies' author counts overlap, so they are not summed.
        "authors": len({p for day in days for p in day.people} or {a for s in stories for a in s.people if not is_bot_name(a)}),
        "releases": sum(p.counts.get("releases", 0) for p in days),
        "merged_prs": sum(p.counts.get("merged_prs", 0) for p in days),
        "commits": sum(p.counts.get("commits", 0) for p in days),
    }
    whats_next: list[NextItem] = list(days[-1].whats_next[:3]) if days else []
    summary = _summary(show, counts, chosen, book)
    return EpisodePlan(
        show=show.name,
        window=window,
        title=_recap_title(show, chosen, book),
        summary=summary,
        counts=counts,
        stories=chosen,
        quick_hits=quick,
        whats_next=whats_next,
        kind="recap",
        releases=[r for p in days for r in p.releases],
        carried=[c for p in days for c in p.carried],
        people=sorted({p for day in days for p in day.people}),
        regulars=sorted({p for day in days for p in day.regulars}),
    )


def _summary(show: Show, counts: dict[str, int], stories: Sequence[Story], book: Phrasebook) -> str:
    changes, days = counts["changes"], counts["days"]
    sentences = [book.say(
        "recap.summary", show=show.name, changes=f"{changes} change{'s' if changes != 1 else ''}",
        days=f"{days} day{'s' if days != 1 else ''}",
    )]
    lead = next((s for s in stories if s.kind != StoryKind.TOP_AUTHOR), None)
    if lead is not None:
        who = next((p for p in lead.people if not is_bot_name(p)), None) if not lead.releases else None
        if who:
            sentences.append(book.say("recap.biggest_led", headline=lead.headline, person=who))
        else:
            sentences.append(book.say("recap.biggest", headline=lead.headline))
    top = next((s for s in stories if s.kind == StoryKind.TOP_AUTHOR), None)
    if top is not None:
        sentences.append(book.say("recap.most_active_summary", person=top.people[0], count=str(top.size)))
    return " ".join(sentences)
