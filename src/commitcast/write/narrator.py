"""The deterministic narrator: an EpisodePlan rendered as a Script in the host's voice."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..model import ChangeRef, Citation, EpisodePlan, NextItem, Script, Section, Sentence, Story
from .host import Host
from .stories import (
    NOUNS,
    area_of,
    heard_role,
    nature,
    quote,
    ref_name,
    size_of,
    tell,
    tell_revert,
    theme,
    title_of,
    who,
)
from .wording import (
    a_an,
    clean_quote,
    clean_statement,
    clean_title,
    count,
    day_phrase,
    is_bot,
    join,
    number,
    possessive,
    window_dates,
    window_days,
)

__all__ = ["narrate", "WORDS_PER_MINUTE", "MAX_WORDS", "word_count", "seed_for"]

WORDS_PER_MINUTE = 150
MAX_WORDS = 8 * WORDS_PER_MINUTE - 60  # a little under eight minutes, whatever the day
_STORY_LIMIT = 7
_QUICK_LIMIT = 6
_NEXT_LIMIT = 3


def word_count(sections: Sequence[Section]) -> int:
    """Spoken words in the sections (what sets the episode's length)."""
    return sum(len(s.text.split()) for sec in sections for s in sec.sentences)


def seed_for(plan: EpisodePlan) -> str:
    """The phrasing seed: the same show, kind and day always read the same way."""
    first, last = window_dates(plan.window)
    return f"{plan.show}|{plan.kind}|{first.isoformat()}|{last.isoformat()}"


@dataclass(frozen=True)
class _Budget:
    stories: int = _STORY_LIMIT
    quick: int = _QUICK_LIMIT


def narrate(plan: EpisodePlan) -> Script:
    """Write the plan's script deterministically: no model, no network, grounded in the plan."""
    render = _recap_sections if plan.kind == "recap" else _daily_sections
    budget = _Budget()
    sections = render(plan, budget)
    # Over length: speak fewer quick hits, then fewer secondary stories.
    while word_count(sections) > MAX_WORDS and (budget.quick > 2 or budget.stories > 1):
        if budget.quick > 2:
            budget = _Budget(budget.stories, budget.quick - 1)
        else:
            budget = _Budget(budget.stories - 1, budget.quick)
        sections = render(plan, budget)
    return Script(
        show=plan.show,
        title=plan.title,
        summary=plan.summary,
        window=plan.window,
        sections=sections,
        writer="builtin",
        kind=plan.kind,
    )


# ---------------------------------------------------------------------------- shared parts


def _all_refs(plan: EpisodePlan) -> list[ChangeRef]:
    seen: dict[str, ChangeRef] = {}
    for ref in [*(r for s in plan.stories for r in s.changes), *plan.quick_hits]:
        seen.setdefault(ref.sha, ref)
    return list(seen.values())


def _story_url(story: Story) -> str | None:
    return next((r.url for r in story.changes if r.url), None)


def _section(
    kind: str, title: str, sentences: list[Sentence], story: Story | None = None
) -> Section:
    return Section(
        kind=kind,
        title=title,
        sentences=sentences,
        url=_story_url(story) if story else None,
        story_id=story.id if story else None,
    )


def _quick_hits(host: Host, plan: EpisodePlan, limit: int) -> Section | None:
    hits = plan.quick_hits
    if not hits or limit <= 0:
        return None
    spoken = hits[:limit]
    if len(hits) > len(spoken):
        intro = host.say("quick_intro_more", n=number(len(hits)))
    elif len(hits) == 1:
        intro = host.say("quiet_intro" if not plan.stories else "quick_intro_one")
    else:
        intro = host.say("quick_intro")
    out = [intro]
    for i, ref in enumerate(spoken):
        first = "_first" if i == 0 else ""
        noun = NOUNS[nature(ref.kinds, ref.severity)]
        fields = {
            "person": who(ref.authors),
            "ref": ref_name(ref),
            "title": title_of(ref),
            "a_noun": a_an(noun),
        }
        if ref.areas:
            out.append(host.say(f"quick_area{first}", [ref], area=ref.areas[0], **fields))
        else:
            out.append(host.say(f"quick_plain{first}", [ref], **fields))
    return _section("quick_hits", "Quick hits", out)


def _next_ref(item: NextItem, plan: EpisodePlan) -> tuple[str | None, list[Citation]]:
    """How to name a what's-next item's source, and what it cites."""
    sha = item.sha
    if sha is None and item.pr is not None:
        sha = next((r.sha for r in _all_refs(plan) if r.pr == item.pr), None)
    cites = [Citation(sha=sha, pr=item.pr)] if sha else []
    if item.pr is not None:
        return f"PR {item.pr}", cites
    if item.sha:
        return f"commit {item.sha[:7]}", cites
    return None, cites


_PR_LIST = re.compile(r"\s*\((?:#\d+|,|\s|…|\.\.\.|and|\d+ more)+\)")
_STATEMENTS = ("open_stack", "series", "pending_reland")
# Kinds about work that has not landed: stacks still open, PRs still in review.
_IN_FLIGHT = ("open_stack", "unlanded")
_SAYS_UNLANDED = re.compile(r"\b(?:not (?:yet )?landed|in review|not merged)\b", re.I)
_STRAIGHT_QUOTE = re.compile(r'"([^"]*)"')
_UNLANDED_PREFIX = re.compile(r"^not (?:yet )?landed(?: yet)?\s*:\s*", re.I)


def _next_sentence(host: Host, item: NextItem, plan: EpisodePlan, first: bool) -> Sentence | None:
    """One what's-next item: a promise quoted with its author, or the plan's own statement."""
    name, cites = _next_ref(item, plan)
    order = "first" if first else "more"
    if item.kind in (*_STATEMENTS, *_IN_FLIGHT):
        # The plan's own plain statement ("2 more PRs in X's stack have not landed yet").
        text = clean_statement(_PR_LIST.sub("", item.text))
        if item.kind in _IN_FLIGHT and (item.kind == "unlanded" or not _SAYS_UNLANDED.search(text)):
            # The slot itself says the work has not landed, whatever the item's wording.
            text = _STRAIGHT_QUOTE.sub(r"“\1”", _UNLANDED_PREFIX.sub("", text))
            return host.say(f"next_unlanded_{order}", cites, text=text) if text else None
        return host.say(f"next_statement_{order}", cites, text=text) if text else None
    text = item.text
    speaker = next((p for p in item.people if text.startswith(p)), None)
    if speaker and ":" in text[:200]:
        said = text.partition(": ")[2]
        said = clean_quote(said)
        if said and name:
            person = who([speaker])
            return host.say(
                f"next_said_{order}", cites, person=person, person_s=possessive(person), ref=name,
                text=quote(said),
            )
    text = clean_quote(text)
    if not text:
        return None
    if name is None:
        return host.say(f"next_{order}_plain", cites, text=quote(text))
    return host.say(f"next_{order}", cites, ref=name, text=quote(text))


def _spoken_next(items: Sequence[NextItem], limit: int) -> list[NextItem]:
    """The items to speak, in plan order, keeping a place for work still in flight."""
    in_flight = [i for i in items if i.kind in _IN_FLIGHT]
    others = [i for i in items if i.kind not in _IN_FLIGHT]
    chosen = others[: limit - min(len(in_flight), 1)]
    chosen += in_flight[: limit - len(chosen)]
    return [i for i in items if any(i is c for c in chosen)]


def _whats_next(host: Host, plan: EpisodePlan, *, recap: bool) -> Section:
    out: list[Sentence] = []
    for item in _spoken_next(plan.whats_next, _NEXT_LIMIT):
        sentence = _next_sentence(host, item, plan, first=not out)
        if sentence is not None:
            out.append(sentence)
    if not out:
        out.append(
            host.say(
                "next_none",
                period="this week's" if recap else "today's",
                upcoming="next week" if recap else "tomorrow",
            )
        )
    url = next((i.url for i in plan.whats_next if i.url), None)
    return Section(kind="whats_next", title="What's next", sentences=out, url=url)


# ---------------------------------------------------------------------------- daily


def _spotlight(host: Host, plan: EpisodePlan) -> Section | None:
    """The most-reviewed PR of the day: whose it is, and the review it drew (reviewers by name)."""
    pick = plan.spotlight
    if pick is None:
        return None
    cites = [Citation(sha=pick.sha, pr=pick.pr)]
    author = who([pick.author])
    reviewers = [name for name in pick.reviewers if name.strip() and not is_bot(name) and name != pick.author]
    parts = []
    if reviewers:
        parts.append(f"reviews from {_up_to_three(reviewers)}")
    if pick.comments:
        parts.append(count(pick.comments, "comment"))
    if not parts:
        return None
    out = [
        host.say(
            "spotlight_pr", cites, ref=f"PR {pick.pr}", author=author, author_s=possessive(author),
            title=clean_title(pick.title),
        ),
        # "reviews from A, B and C, and fourteen comments" needs the comma a lone name does not
        host.say("spotlight_review", cites, review=(", and " if len(reviewers) > 1 else " and ").join(parts)),
    ]
    return Section(kind="spotlight", title="Pull request spotlight", sentences=out, url=pick.url or None)


def _review_thanks(host: Host, story: Story) -> list[Sentence]:
    """One sentence thanking the story's reviewers by name, citing the changes they reviewed."""
    reviewed: dict[str, list[ChangeRef]] = {}
    for ref in story.changes:
        for name in ref.reviewers:
            # Nobody is thanked for reviewing their own change, and bots are not thanked.
            if name.strip() and not is_bot(name) and name not in ref.authors:
                reviewed.setdefault(name, []).append(ref)
    if not reviewed:
        return []
    names = list(reviewed)[:3]
    refs = [ref for ref in story.changes if any(ref in reviewed[n] for n in names)]
    return [host.say("reviews", refs, people=_up_to_three(list(reviewed)))]


def _up_to_three(names: Sequence[str]) -> str:
    """ "A, B and C", or "A, B, C and others" when there are more."""
    return join(list(names)) if len(names) <= 3 else f"{', '.join(names[:3])} and others"


_LEADS = {"correctness", "performance", "feature", "revert", "infrastructure"}


def _runs(stories: Sequence[Story]) -> dict[int, tuple[str, int]]:
    """Where each run of same-role stories starts: index -> (role, run length)."""
    starts: dict[int, tuple[str, int]] = {}
    i = 0
    while i < len(stories):
        j = i
        while j < len(stories) and heard_role(stories[j]) == heard_role(stories[i]):
            j += 1
        starts[i] = (heard_role(stories[i]), j - i)
        i = j
    return starts


def _lead(host: Host, run: tuple[str, int] | None) -> list[Sentence]:
    """A lead-in for a run of same-role stories ("Two correctness fixes deserve attention.")."""
    if run is None or run[0] not in _LEADS:
        return []
    role, k = run
    return [host.say(f"lead_{role}_{'many' if k > 1 else 'one'}", k=number(k))]


def _rundown(stories: Sequence[Story], quick: int) -> str:
    """What else the episode covers, by role: "two correctness fixes, a revert and five quick hits"."""
    by_role: dict[str, list[Story]] = {}
    for story in stories:
        by_role.setdefault(heard_role(story), []).append(story)
    items: list[str] = []
    for role, group in by_role.items():
        k, area = len(group), area_of(group[0].areas)
        if role == "correctness":
            items.append(count(k, "correctness fix", "correctness fixes"))
        elif role == "performance":
            win = "a performance win" if group[0].facts else "performance work"
            items.append(
                f"{win} in {area}"
                if k == 1
                else count(k, "performance story", "performance stories")
            )
        elif role == "feature":
            items.append(
                f"new work in {area}" if k == 1 else count(k, "feature story", "feature stories")
            )
        elif role == "revert":
            items.append("a revert" if k == 1 else count(k, "revert"))
        elif role == "infrastructure":
            items.append("some infrastructure work")
    if quick:
        items.append(count(quick, "quick hit"))
    return join(items)


def _daily_sections(plan: EpisodePlan, budget: _Budget) -> list[Section]:
    host = Host(seed_for(plan))
    refs = _all_refs(plan)
    changes = plan.counts.get("changes", len(refs))
    authors = plan.counts.get("authors", len({a for r in refs for a in r.authors}))
    date = day_phrase(plan.window)
    one_day = window_days(plan.window) == 1
    stories = [s for s in plan.stories if s.changes][: 1 + budget.stories]

    opening = [host.say("greeting", show=plan.show)]
    if changes == 0 and not refs:
        opening.append(host.say("empty_day", date=date, show=plan.show))
        opening.append(host.say("empty_colour"))
    elif changes <= 1:
        opening.append(host.say("one_change_day", refs, date=date))
    else:
        opening.append(
            host.say(
                "date_size",
                date=date,
                changes=count(changes, "change"),
                authors=count(authors, "person", "people"),
            )
        )
        if stories:
            opening.append(
                host.say("theme", stories[0].changes, show=plan.show, theme=theme(stories[0]))
            )
        items = _rundown(stories[1:], len(plan.quick_hits) if budget.quick > 0 else 0)
        if items:
            opening.append(host.say("rundown" if stories else "rundown_only", items=items))
    sections = [Section(kind="cold_open", title="Welcome", sentences=opening)]

    if stories:
        head = stories[0]
        told = tell(host, head) + _review_thanks(host, head)
        sections.append(_section("headline", head.headline, told, head))
        rest = stories[1:]
        runs = _runs(rest)
        for i, story in enumerate(rest):
            lead = [host.say("bridge")] if i == 0 else []
            lead += _lead(host, runs.get(i))
            sections.append(_section("story", story.headline, tell(host, story, lead), story))

    spotlight = _spotlight(host, plan)
    if spotlight:
        sections.append(spotlight)
    quick = _quick_hits(host, plan, budget.quick)
    if quick:
        sections.append(quick)
    if plan.whats_next or changes > 1:
        sections.append(_whats_next(host, plan, recap=False))
    closing = []
    if len(stories) > 1:
        closing.append(host.say("wrap", stories[0].changes, theme=theme(stories[0])))
    if authors > 1 and changes > 1:
        closing.append(host.say("thanks", authors=count(authors, "person", "people")))
    slot = "sign_off" if one_day else "sign_off_span"
    closing.append(host.say(slot, date=day_phrase(plan.window, year=False), show=plan.show))
    sections.append(Section(kind="sign_off", title="Sign-off", sentences=closing))
    return sections


# ---------------------------------------------------------------------------- weekly recap


def _recap_sections(plan: EpisodePlan, budget: _Budget) -> list[Section]:
    host = Host(seed_for(plan))
    changes = plan.counts.get("changes", 0)
    days = plan.counts.get("days", window_days(plan.window))
    reverts = plan.counts.get("reverts", 0)
    span = day_phrase(plan.window)
    stories = [s for s in plan.stories if s.changes][: 1 + budget.stories]

    opening = [host.say("recap_greeting", show=plan.show)]
    if changes == 0 and not stories:
        opening.append(host.say("recap_quiet", show=plan.show, span=span))
    else:
        opening.append(
            host.say(
                "recap_size",
                show=plan.show,
                changes=count(changes, "change"),
                days=count(days, "day"),
                span=span,
            )
        )
        if reverts:
            opening.append(host.say("recap_reverts", reverts=count(reverts, "revert")))
    if stories:
        opening.append(host.say("recap_theme", stories[0].changes, theme=theme(stories[0])))
    sections = [Section(kind="cold_open", title="Welcome", sentences=opening)]

    for i, story in enumerate(stories):
        if story.kind == "top_author":
            sentences = _top_author(host, story)
        elif story.kind == "revert" or story.role == "revert":
            lead = [host.say("recap_comeback")] if story.relanded else []
            sentences = tell_revert(host, story, lead)
        else:
            lead = [host.say("recap_next_story")] if i else []
            sentences = tell(host, story, lead)
        sections.append(
            _section("headline" if i == 0 else "story", story.headline, sentences, story)
        )

    quick = _quick_hits(host, plan, budget.quick)
    if quick:
        sections.append(quick)
    sections.append(_whats_next(host, plan, recap=True))
    sign = host.say("recap_sign_off", show=plan.show)
    sections.append(Section(kind="sign_off", title="Sign-off", sentences=[sign]))
    return sections


def _top_author(host: Host, story: Story) -> list[Sentence]:
    """Who drove the most change this week, with a few of their changes to look at."""
    refs = story.changes
    noun = "pull request" if all(r.pr is not None for r in refs) else "change"
    out = [
        host.say(
            "recap_top_author",
            refs,
            person=who(story.people),
            count=count(size_of(story), noun),
            areas=join(story.areas[:3]) or area_of(story.areas),
        )
    ]
    picks = refs[:3]
    out.append(host.say("examples", picks, refs=join([ref_name(r) for r in picks])))
    return out
