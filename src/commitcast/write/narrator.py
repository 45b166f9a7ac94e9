"""The deterministic narrator: an EpisodePlan told as a Script by the host, for the ear.

An episode has an arc: a cold open with the day's hook, the headline told as problem, change
and effect, the other stories with transitions that follow from what came before, quick hits
as one flowing paragraph (and what was left out, summed up), what's next as one summary, and a
sign-off that recalls the hook.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..model import (
    ChangeRef,
    Citation,
    EpisodePlan,
    NextItem,
    Script,
    Section,
    SectionKind,
    Sentence,
    Story,
    StoryKind,
)
from ..phrasebook import Phrasebook, default_phrasebook
from ..text import capitalised, is_bot_name, join_clauses, name_list, plain_area, plain_words
from .host import MAX_SENTENCE_WORDS, Host, given_name, opening, title_written_out
from .retell import first_person, retold
from .stories import (
    UNNAMED,
    Telling,
    after_another,
    area_of,
    change_noun,
    heard_role,
    inner_place,
    lead_release,
    place_of,
    quote,
    release_highlights,
    said_nature,
    sample_refs,
    speakable_title,
    story_nature,
    story_titles,
    strong_kinds,
    tell,
    tell_revert,
    theme,
    title_key,
    title_of,
    told,
    who,
)
from .style import Style, default_style
from .wording import (
    a_an,
    clean_quote,
    clean_statement,
    clean_title,
    count,
    day_phrase,
    join,
    number,
    possessive,
    window_dates,
    window_days,
)

__all__ = ["narrate", "WORDS_PER_MINUTE", "MAX_WORDS", "word_count", "seed_for", "chapter_title"]

WORDS_PER_MINUTE = 150
MAX_WORDS = 8 * WORDS_PER_MINUTE - 60  # a little under eight minutes, whatever the day
MAX_CHAPTER = 60  # characters of a chapter title
_STORY_LIMIT = 7
_QUICK_LIMIT = 6  # quick hits told on an ordinary day; a busy day tells more (_quick_limit)
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


def _quick_limit(plan: EpisodePlan) -> int:
    """How many quick hits to tell: the words a quiet day saves go to a busy day's smaller news."""
    # (a busy day of 30 changes told 7 and tallied the rest in 225 words: the time goes to what landed)
    return min(16, _QUICK_LIMIT + max(0, plan.counts.get("changes", 0) - 12) // 3)


def narrate(plan: EpisodePlan, style: Style | None = None) -> Script:
    """Write the plan's script deterministically: no model, no network, grounded in the plan."""
    style = style or default_style()
    render = _recap_sections if plan.kind == "recap" else _daily_sections
    budget = _Budget(quick=_quick_limit(plan))
    sections = render(plan, budget, style)
    # Over length: speak fewer quick hits, then fewer secondary stories.
    while word_count(sections) > MAX_WORDS and (budget.quick > 2 or budget.stories > 1):
        if budget.quick > 2:
            budget = _Budget(budget.stories, budget.quick - 1)
        else:
            budget = _Budget(budget.stories - 1, budget.quick)
        sections = render(plan, budget, style)
    return Script(
        show=plan.show, title=title_written_out(plan.title, style.abbreviations), summary=plan.summary, window=plan.window,
        sections=_varied(sections, style), writer="builtin", kind=plan.kind,
    )


# Transitions that add to the sentence before ("Also, …"), which a chapter's first sentence cannot.
_ADDING = frozenset({"also,", "on top of that,", "and", "plus,", "what's more,"})


def _varied(sections: list[Section], style: Style) -> list[Section]:
    """No two sentences in a row open alike, across sections too: the second gets a transition."""
    transitions = [t for t in style.transitions if t.endswith(",")]
    last = ""
    out: list[Section] = []
    for section in sections:
        sentences: list[Sentence] = []
        for n, sentence in enumerate(section.sentences):
            text = sentence.text
            if opening(text) == last and transitions:
                # a chapter's first sentence adds nothing to the one before it: "Now, in her words …"
                # (never "Also, in her words …"); the style's first transition that does not add
                ahead = [t for t in transitions if t.lower() not in _ADDING] if n == 0 else []
                lead = next((t for t in [*ahead, *transitions] if opening(t) != last and f"{t} " not in text[:30]), None)
                own = next((t for t in style.transitions if text.startswith(t + " ")), None)
                if lead is not None and own is not None:  # "Also, from the tegra tree …": one lead-in, not "Now, Also, …"
                    text = text[len(own) + 1 :]
                if lead is not None:
                    first = text.split(" ", 1)[0]
                    # "A thank-you to …" opens with an article, not a name: "Also, a thank-you …"
                    named = first[:1].isupper() and first.lower() not in ("a", "an", "the") and not (
                        first[1:].islower() and first.lower() in style.words
                    )
                    text = f"{lead} {text if named else text[:1].lower() + text[1:]}"
                    sentence = Sentence(text=text, citations=sentence.citations)
            last = opening(text)
            sentences.append(sentence)
        out.append(replace(section, sentences=sentences))
    return out


# ---------------------------------------------------------------------------- shared parts


def chapter_title(story: Story, phrases: Phrasebook | None = None) -> str:
    """A short headline for people (at most 60 characters) in plain words, never a cut-off subject;
    a shorter one from the style's ``phrases`` (default: the default's) when the story's is long."""
    book = phrases or default_phrasebook()
    said = plain_words(" ".join(story.headline.split()))
    title = said if story.releases else capitalised(said)  # "uv 0.5.16 is out": the project's own spelling
    if len(title) <= MAX_CHAPTER:
        return title
    person = who(story.people)
    area = area_of(story.areas)
    if heard_role(story) == "revert":
        word = "headings.comeback" if story.relanded else "headings.rollback"
        return book.say(f"{word}_in", area=area) if len(area) < MAX_CHAPTER - 14 else book.say(word)
    noun = book.say(f"headings.chapter.{story_nature(story)}")
    in_area = book.say("headings.chapter_in", noun=noun, area=area)
    candidates = [book.say("headings.chapter_whose", person_s=possessive(person), area=area), in_area, noun]
    if noun != book.say("headings.chapter.generic"):
        candidates.insert(0, candidates.pop(1))
    if area.lower() in noun.lower():  # "Docs work", not "Docs work in docs"
        candidates.remove(in_area)
    for candidate in candidates:
        if len(candidate) <= MAX_CHAPTER:
            return candidate
    return noun


def _all_refs(plan: EpisodePlan) -> list[ChangeRef]:
    seen: dict[str, ChangeRef] = {}
    for ref in [*(r for s in plan.stories for r in s.changes), *plan.quick_hits]:
        seen.setdefault(ref.sha, ref)
    return list(seen.values())


def _story_url(story: Story) -> str | None:
    return next((r.url for r in story.changes if r.url), None)


def _section(kind: SectionKind, title: str, sentences: list[Sentence], story: Story | None = None) -> Section:
    unique: list[Sentence] = []
    for sentence in sentences:
        if sentence.text not in {s.text for s in unique}:
            unique.append(sentence)
    return Section(
        kind=kind, title=title, sentences=unique, url=_story_url(story) if story else None,
        story_id=story.id if story else None,
    )


def _plural(noun: str, n: int) -> str:
    if n == 1:
        return noun
    head, _, tail = noun.partition(" for ")
    head = head + ("es" if head.endswith(("x", "s", "ch", "sh")) else "s")
    return f"{head} for {tail}" if tail else head


# What a newsroom kind is called when the rest of the day is summed up: only the housekeeping a
# change's files or bot show for sure; a fix or a feature not told is no news to name by its kind
# ("plus one new feature" was a false-positive fix, "one fix" left a second among the others).
_KIND_NATURE = {"dependency": "deps", "docs": "docs", "tests": "tests", "build": "ci"}


def _tally_kind(ref: ChangeRef) -> str:
    """The kind a change is counted under in the day's tally: a housekeeping kind claimed strongly, else "other"."""
    # (a bot's bump of a CI action is a dependency update first, a build tweak second)
    return next((k for k in _KIND_NATURE if k in ref.kinds and k in strong_kinds(ref)), "other")


def _rest_phrase(host: Host, rest: dict[str, int], others_by: Sequence[str] = ()) -> str:
    """ "eight dependency updates, three docs updates and two other changes"; the other changes
    "from HDCharles" when one or two people made them all (a count never hides who worked)."""
    by_noun: dict[str, int] = {}
    others = 0
    for kind, n in sorted(rest.items(), key=lambda kv: -kv[1]):
        nature_ = _KIND_NATURE.get(kind)
        if nature_ is None:
            others += n  # no kind to name it by
            continue
        noun = host.noun(nature_)
        by_noun[noun] = by_noun.get(noun, 0) + n
    named = list(by_noun.items())
    if len(named) > 2:
        others += sum(n for _, n in named[2:])
        named = named[:2]
    parts = [f"{number(n)} {_plural(noun, n)}" for noun, n in named]
    if others:
        word = "other " if parts else ""
        by = list(dict.fromkeys(others_by))
        # (only on a tally of other changes alone: "one build tweak and one other change from
        # konsti" would credit konsti with renovate's build tweak)
        source = f" from {join(by)}" if by and len(by) <= 2 and len(others_by) == others and not parts else ""
        parts.append(f"{number(others)} {word}{'change' if others == 1 else 'changes'}{source}")
    return join(parts)


def _same_titled(refs: Sequence[ChangeRef]) -> list[list[ChangeRef]]:
    """The refs in runs of the same title, in order."""
    runs: list[list[ChangeRef]] = []
    for ref in refs:
        if runs and title_key(runs[-1][0]) == title_key(ref):
            runs[-1].append(ref)
        else:
            runs.append([ref])
    return runs


def _quick_run(host: Host, run: Sequence[ChangeRef]) -> str:
    """One quick-hit item; same-titled changes as one: "five changes titled “Fix typo”, from A, B…"."""
    if len(run) == 1:
        return _quick_item(host, run[0])
    people = [p for p in dict.fromkeys(who(r.authors) for r in run) if not host.introduced(p)]
    by = f", from {join(people)}" if people else ""
    return f"{number(len(run))} changes titled {title_of(run[0])}{by}"


def _quick_item(host: Host, ref: ChangeRef) -> str:
    """ "Ada Lovelace stopped the loader crashing in runtime"; for a title with no deed to retell,
    "a crash fix from Ada Lovelace in runtime, “Loader crash”"."""
    person = who(ref.authors)
    did = told(ref)
    if did is not None:
        where = place_of(ref, did) or inner_place(ref, did, ())
        subject = given_name(person) if host.introduced(person) else person
        return f"{subject} {did}{where}"
    noun = host.noun(said_nature(ref))
    where = f" in {plain_area(ref.areas[0])}" if ref.areas else ""
    by = "" if host.introduced(person) else f" from {person}"
    return f"{a_an(noun)}{by}{where}, {title_of(ref)}"


def _release_told(plan: EpisodePlan) -> set[str]:
    """Titles a release story names as its highlights (the quick hits do not say them again)."""
    leads = [lead_release([r for r in s.releases if r.package == p.package]) for s in plan.stories for p in s.releases]
    return {clean_title(t).lower() for r in leads for t in release_highlights(r, story_titles(plan))}


def _quick_refs(plan: EpisodePlan) -> list[ChangeRef]:
    """The quick hits not already told as a release's highlights."""
    said = _release_told(plan)
    return [ref for ref in plan.quick_hits if title_key(ref) not in said]


def _product_fix(ref: ChangeRef) -> bool:
    """A fix users feel: claimed strongly, not of tests, CI or docs."""
    return "fix" in strong_kinds(ref) and not {"tests", "build", "docs"} & set(ref.kinds)


def _with_product_fixes(hits: list[ChangeRef], left: Sequence[ChangeRef]) -> list[ChangeRef]:
    """``hits`` with each fix users feel from ``left`` told in place of the last hit that is no news
    (curl 2023-09-25's "multi: fix small timeouts" was counted among "other changes" while a CI
    job and two removed functions were told)."""
    hits = list(hits)
    for fix in (r for r in left if _product_fix(r)):
        plain = next((i for i in range(len(hits) - 1, -1, -1) if not {"fix", "feature", "performance", "correctness"} & set(strong_kinds(hits[i]))), None)
        if plain is None:
            break
        del hits[plain]
        hits.append(fix)
    return hits


# the quick hits told one by one, the rest counted by kind, and the quick hits so counted
_ToldQuick = tuple[list[ChangeRef], dict[str, int], list[ChangeRef]]


def _told_quick(plan: EpisodePlan, limit: int) -> _ToldQuick:
    """The quick hits told one by one, the rest of the day counted by kind (by what the plan is sure
    of: a change claimed nothing strongly is "another change"), and the quick hits so counted: of
    bots' dependency updates one is told, the others counted ("plus four dependency updates")."""
    untold = _quick_refs(plan)
    # A change is told by its deed; one title at most is quoted instead, and only one a voice can
    # say whole (the others are counted by kind). One titled as a story told is counted: executorch's
    # follow-up "Update Ethos-U compiler Vela to 4.1.0" was heard as the headline again.
    stories = story_titles(plan)
    deeds = [r for r in untold if told(r) and title_key(r) not in stories]
    quotable = [r for r in untold if not told(r) and speakable_title(r) and title_key(r) not in stories]
    candidates = [r for r in untold if r in deeds or r in quotable[:1]]
    # Same-titled changes ("Fix typo" from five people) sit together, to be said as one item.
    firsts: dict[str, int] = {}
    for i, ref in enumerate(candidates):
        firsts.setdefault(title_key(ref), i)
    candidates.sort(key=lambda r: firsts[title_key(r)])
    # The most telling changes are told (the plan ranks them), whoever made them: grouping by person
    # first let one person's CI one-liners push three bug fixes into "four other changes" (torchtitan)
    hits = candidates[: max(0, limit)]
    while hits and len(hits) < len(candidates) and title_key(candidates[len(hits)]) == title_key(hits[-1]):
        hits.append(candidates[len(hits)])  # a run of one title is said whole or not at all
    hits = _with_product_fixes(hits, candidates[len(hits):])
    # One person's changes side by side, so their name is said once for all of them.
    by_person: dict[str, int] = {}
    for i, ref in enumerate(hits):
        by_person.setdefault(who(ref.authors), i)
    hits.sort(key=lambda r: by_person[who(r.authors)])
    bumps = [r for r in hits if "dependency" in r.kinds and all(is_bot_name(a) for a in r.authors)]
    one_by_one = [r for r in hits if r not in bumps[1:]]
    rest = dict(plan.untold)
    counted = [r for r in untold if r not in one_by_one]
    for ref in counted:
        # tallied by what its title says, as the plan tallies the rest: "one fix and two other
        # changes" must not leave two more fixes among the "other" ones (executorch 2024-03-12)
        kind = _tally_kind(ref)
        rest[kind] = rest.get(kind, 0) + 1
    return one_by_one, rest, counted


def _quick_hits(host: Host, plan: EpisodePlan, told_quick: _ToldQuick) -> Section | None:
    hits, rest, counted = told_quick
    out: list[Sentence] = []
    for carried in plan.carried:
        fixes = carried.kinds.get("fix", 0) + carried.kinds.get("correctness", 0)
        work = count(carried.changes, "fix", "fixes") if fixes == carried.changes else count(carried.changes, "change")
        if carried.pr is not None:  # a sync PR ("Rustup"): a pull request, not a branch
            out.append(host.say("carried_pr", [Citation(sha=carried.sha, pr=carried.pr)], work=work, pr=f"PR {carried.pr}"))
        elif carried.source:
            out.append(host.say("carried", [Citation(sha=carried.sha)], work=work, branch=carried.source))
        else:  # a patch series' unnamed base
            out.append(host.say("carried_base", [Citation(sha=carried.sha)], work=work))
    if hits:
        first = "quiet_first" if not plan.stories else "quick_first"
        line: list[ChangeRef] = []
        for run in _same_titled(hits):
            candidate = [*line, *run]
            # room for the opening words of the slot and a transition the host may put in front
            if line and len(_quick_text(host, candidate).split()) > MAX_SENTENCE_WORDS - 8:
                out.append(host.say(first if first else "quick_line", line, items=_quick_text(host, line)))
                first = ""
                candidate = list(run)
            line = candidate
        if line:
            out.append(host.say(first if first else "quick_line", line, items=_quick_text(host, line)))
    if rest and sum(rest.values()):
        others_by = [who(r.authors) for r in counted if not is_bot_name(who(r.authors)) and _tally_kind(r) == "other"]
        out.append(host.say("quick_rest" if hits else "quick_rest_only", counted, rest=_rest_phrase(host, rest, others_by)))
        # (not after one person's line: "Charlie Marsh landed X and Y; plus six docs updates" gave him
        # five other people's work; uv 2024-07-17)
        one_person = bool(hits) and len({who(r.authors) for r in line}) == 1
        if hits and not one_person and len(out) >= 2 and len(out[-2].text.split()) + len(out[-1].text.split()) <= MAX_SENTENCE_WORDS:
            # "…; and Ana fixed X. Plus three test changes." is one sentence: "…; plus three test changes."
            last, extra = out[-2], out.pop()
            tail = extra.text[:1].lower() + extra.text[1:]
            out[-1] = Sentence(text=f"{last.text.rstrip('.')}; {tail}", citations=[*last.citations, *extra.citations])
    if not out:
        return None
    return _section("quick_hits", host.style.phrases.say("headings.sections.quick_hits"), out)


def _quick_text(host: Host, refs: Sequence[ChangeRef]) -> str:
    """The items of a quick-hits line; one person's deeds side by side share their name once
    ("Viktor Szakats dropped X, replaced Y and stopped Z")."""
    parts: list[str] = []
    runs = _same_titled(refs)
    i = 0
    while i < len(runs):
        run = runs[i]
        person = who(run[0].authors)
        deeds: list[tuple[str, str]] = []
        taken = 0
        # (two changes that name no one may be two people's: no "a contributor allowed X and fixed Y")
        while i < len(runs) and len(runs[i]) == 1 and who(runs[i][0].authors) == person and told(runs[i][0]) and (
            person not in UNNAMED or not deeds
        ):
            ref = runs[i][0]
            did = told(ref) or ""
            did = after_another(did) if deeds else did
            where = place_of(ref, did)
            same = next((k for k, (said, at) in enumerate(deeds) if said == did and at and where and at != where), None)
            if same is None:
                deeds.append((did, where))
            else:  # the same deed in two places is said once: "omitted forward declarations in X and in Y"
                deeds[same] = (did, f"{deeds[same][1]} and{where}")
            i += 1
            taken += 1
        if taken >= 2:
            subject = given_name(person) if host.introduced(person) else person
            places = {where for _, where in deeds}
            if len(places) == 1:  # "simplified X and slimmed down Y in uv resolver": the place once
                parts.append(f"{subject} {join_clauses([did for did, _ in deeds])}{places.pop()}")
            else:
                parts.append(f"{subject} {join_clauses([did + where for did, where in deeds])}")
            continue
        if taken:  # one deed: said as an item of its own
            i -= 1
        parts.append(_quick_run(host, runs[i]))
        i += 1
    if len(parts) == 1:
        return parts[0]
    return "; ".join(parts[:-1]) + "; and " + parts[-1]


# ---------------------------------------------------------------------------- what's next

_IN_FLIGHT = ("open_stack", "unlanded")
_PR_LIST = re.compile(r"\s*\((?:#\d+|,|\s|…|\.\.\.|and|\d+ more)+\)")
_UNLANDED_PREFIX = re.compile(r"^not (?:yet )?landed(?: yet)?\s*:\s*", re.I)
_STACK_COUNT = re.compile(
    r"^(\d+) more (?:PRs?|pull requests?) in (?:the same stack from (?P<from>.+?) (?:is|are) still in review|"
    r"(?P<whose>.+?)(?:'s|’s|') (?P<stacks>stacks?))",
    re.I,
)
_PR_LEAD = re.compile(r"^PR \d+,\s*")


def _stacks_summary(items: Sequence[NextItem]) -> tuple[str, list[Citation], bool] | None:
    """ "twelve more PRs in Tristan Rice's stack" over every open-stack item, by person, and
    whether the forge says they are in review (else they are only known not to have landed)."""
    totals: dict[str, int] = {}
    several: set[str] = set()  # people whose open PRs are in more than one stack
    cites: list[Citation] = []
    in_review = False
    for item in items:
        match = _STACK_COUNT.match(item.text)
        if match is None:
            continue
        person = match.group("from") or match.group("whose")
        if person in totals or match.group("stacks") == "stacks":
            several.add(person)
        totals[person] = totals.get(person, 0) + int(match.group(1))
        in_review = in_review or match.group("from") is not None
        if item.sha:
            cites.append(Citation(sha=item.sha, pr=None))
    if not totals:
        return None
    parts = [f"{count(n, 'more PR', 'more PRs')} in {possessive(p)} {'stacks' if p in several else 'stack'}" for p, n in totals.items()]
    return join(parts[:3]), cites, in_review


def _whats_next(host: Host, plan: EpisodePlan, *, recap: bool, told: frozenset[str] | set[str] = frozenset()) -> Section:
    """What's next as one summary; a reverted change whose story already said it has not come
    back (``told``: the changes the stories cited) is not said again, nor a promise of a change
    the day did not tell (executorch 2026-03-23's "in a follow-up change" was heard as another's)."""
    out: list[Sentence] = []
    promised = [i for i in plan.whats_next if i.kind not in _IN_FLIGHT and not (i.kind == "pending_reland" and i.sha in told)
                and (recap or i.kind == "pending_reland" or not i.sha or i.sha in told)]
    in_flight = [i for i in plan.whats_next if i.kind in _IN_FLIGHT]
    for item in promised[:2]:
        sentence = _next_sentence(host, item, plan)
        if sentence is not None:
            out.append(sentence)
    stacks = _stacks_summary(in_flight)
    if stacks is not None:
        text, cites, in_review = stacks
        out.append(host.say("next_in_review" if in_review else "next_unlanded", cites, text=text))
    for item in [i for i in in_flight if _STACK_COUNT.match(i.text) is None][:2]:
        text = clean_statement(_PR_LIST.sub("", _UNLANDED_PREFIX.sub("", item.text)))
        if host.prs_left > 0 and _PR_LEAD.match(text):
            host.prs_left -= 1
        else:
            text = _PR_LEAD.sub("", text)
        text = re.sub(r'"([^"]*)"', r"“\1”", text)
        if text:
            cites = [Citation(sha=item.sha, pr=item.pr)] if item.sha else []
            out.append(host.say("next_in_review", cites, text=text))
    url = next((i.url for i in plan.whats_next if i.url), None)
    return Section(kind="whats_next", title=host.style.phrases.say("headings.sections.whats_next"), sentences=out, url=url)


def _next_sentence(host: Host, item: NextItem, plan: EpisodePlan) -> Sentence | None:
    """One promise or open thread: said with its author when the message is theirs."""
    sha = item.sha or next((r.sha for r in _all_refs(plan) if item.pr is not None and r.pr == item.pr), None)
    cites = [Citation(sha=sha, pr=item.pr)] if sha else []
    if item.kind in ("series", "pending_reland"):
        text = clean_statement(item.text)
        return host.say("next_statement", cites, text=text) if text else None
    speaker = next((p for p in item.people if item.text.startswith(p)), None)
    said = clean_quote(item.text.partition(": ")[2] if speaker and ": " in item.text[:200] else item.text)
    if not said:
        return None
    person = who([speaker] if speaker else item.people)
    # A promise is the author's: quoted when they say "I" or "we", else retold after their name.
    text = quote(said) if first_person(said) else retold(said).rstrip(".")
    if person in UNNAMED:
        return host.say("next_message", cites, text=text)
    slot = "next_said" if text.startswith("“") else "next_said_told"
    return host.say(slot, cites, person=person, person_s=possessive(person), text=text)


# ---------------------------------------------------------------------------- daily


def _review_thanks(host: Host, story: Story) -> list[Sentence]:
    """One sentence thanking the story's reviewers by name, citing the changes they reviewed."""
    reviewed: dict[str, list[ChangeRef]] = {}
    for ref in story.changes:
        for name in ref.reviewers:
            if name.strip() and not is_bot_name(name) and name not in ref.authors:
                reviewed.setdefault(name, []).append(ref)
    if not reviewed:
        return []
    names = list(reviewed)[:3]
    refs = [ref for ref in story.changes if any(ref in reviewed[n] for n in names)]
    return [host.say("reviews", refs, people=name_list(list(reviewed)))]


def _spotlight(host: Host, plan: EpisodePlan) -> Section | None:
    """The most-reviewed PR of the day: whose it is, and the review it drew (reviewers by name)."""
    pick = plan.spotlight
    if pick is None:
        return None
    cites = [Citation(sha=pick.sha, pr=pick.pr)]
    author = who([pick.author])
    reviewers = [name for name in pick.reviewers if name.strip() and not is_bot_name(name) and name != pick.author]
    parts = []
    if reviewers:
        parts.append(f"reviews from {name_list(reviewers)}")
    if pick.comments:
        parts.append(count(pick.comments, "comment"))
    if not parts:
        return None
    ref = host.pr_number(pick.pr)
    out = [
        host.say("spotlight_pr", cites, ref=ref, author=author, author_s=possessive(author), title=clean_title(pick.title)),
        host.say("spotlight_review", cites, review=(", and " if len(reviewers) > 1 else " and ").join(parts)),
    ]
    return Section(kind="spotlight", title=host.style.phrases.say("headings.sections.spotlight"), sentences=out, url=pick.url or None)


_LEADS = {"correctness", "performance", "feature", "revert", "infrastructure", "other"}


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
    if run is None or run[0] not in _LEADS:
        return []
    role, k = run
    return [host.say(f"lead_{role}_{'many' if k > 1 else 'one'}", k=number(k))]


def _size(plan: EpisodePlan, refs: Sequence[ChangeRef], book: Phrasebook, *, verb: bool = True) -> str:
    """The day's size as a listener hears it, however the work arrived: "eighteen pull requests
    from fourteen people were merged, 51 commits in all" (without ``verb``, the noun phrase)."""
    counts = plan.counts
    changes = counts.get("changes", len(refs))
    authors = counts.get("authors", len({a for r in refs for a in r.authors}))
    prs = counts.get("prs", 0)
    # work carried over from another branch is said on its own ("606 changes came over from the next
    # branch"): "two changes from one person landed, 608 commits in all" gave one person all of it
    commits = counts.get("commits", changes) - counts.get("carried", 0)
    people = count(authors, "person", "people")
    helpers = counts.get("coauthors", 0)
    if helpers and authors:  # "two people, with help from two more": co-authors are neither left out nor counted as authors
        people = book.say("size.with_help", people=people, more=count(helpers, "co-author"))
    bots = counts.get("bots", 0)  # (as the summary counts them: bots that wrote or co-wrote a change)
    if bots:  # "from one person" would credit them with a bot's dependency updates
        robots = book.say("size.a_bot") if bots == 1 else count(bots, "bot")
        if not authors and helpers:  # renovate's PRs that Kevin Deng co-authored (vue 2023-09-20)
            people = book.say("size.and_bots", people=count(helpers, "co-author"), bots=robots)
        elif helpers and authors:  # "twelve people, three co-authors and two bots": no "and … and …"
            people = book.say("size.with_help_and_bots", people=count(authors, "person", "people"),
                              more=count(helpers, "co-author"), bots=robots)
        else:
            people = book.say("size.and_bots", people=people, bots=robots) if authors else robots
    if prs and prs * 2 >= changes:
        # The people are the day's, pull requests and direct commits together.
        alone = counts.get("direct", changes - prs)
        direct = alone > 0
        text = book.say(
            "size.prs_direct" if direct else "size.prs", prs=count(prs, "pull request"),
            direct=count(alone, "direct commit"), people=people,
        )
        if verb:
            text = book.say("size.landed" if direct else "size.merged_one" if prs == 1 else "size.merged", size=text)
        # (a curl pull request of three commits is one of "six pull requests and two direct commits")
        # (not beside a sync's upstream commits, told apart: clippy 2025-06-26's "twelve commits in total"
        # left out the rustup's 39, and was heard as all of the day's)
        if commits > prs + alone + 2 and not counts.get("carried", 0):
            text = book.say("size.in_all", size=text, commits=count(commits, "commit"))
        return text
    text = book.say("size.changes", changes=count(changes, "change"), people=people)
    text = book.say("size.landed", size=text) if verb else text
    pulls, pulled = counts.get("pulls", 0), counts.get("pulled", 0)
    if pulls and verb and pulled:  # "34 of them in two pulls from other trees", not all of them
        share = book.say("size.all") if pulled >= changes else number(pulled)
        if pulls == 1:
            text = book.say("size.pulled_one", size=text, share=share)
        else:
            text = book.say("size.pulled", size=text, share=share, pulls=count(pulls, "pull"))
    if verb and commits > changes and not counts.get("carried", 0):  # a patch series is one change of many commits: both said (u-boot 2025-06-22's two patches)
        text = book.say("size.in_all", size=text, commits=count(commits, "commit"))
    return text


def _solo(plan: EpisodePlan) -> str | None:
    """The one person behind every change told, when there is exactly one and they are a regular."""
    people = {p for s in plan.stories for p in s.people if not is_bot_name(p)}
    people |= {a for r in plan.quick_hits for a in r.authors if not is_bot_name(a)}
    solo = next(iter(people)) if len(people) == 1 and plan.counts.get("authors", 1) <= 1 else None
    return solo if solo in plan.regulars else None


# Kinds of change that are news on their own; a headline with none of them is housekeeping.
_NEWS_KINDS = frozenset({"revert", "reland", "correctness", "fix", "performance", "feature"})


def _modest(story: Story) -> bool:
    """A headline that is housekeeping (a refactor, tests, docs, the build), not news."""
    return story.kind not in (StoryKind.CAMPAIGN, StoryKind.RELEASE, StoryKind.REVERT) and not story.severity and not _NEWS_KINDS & set(story.kinds)


def _opening(host: Host, plan: EpisodePlan, stories: Sequence[Story], refs: Sequence[ChangeRef], hook: str) -> list[Sentence]:
    """The cold open: the show, the day and the news in one sentence, then the day's size with
    what else is coming (every sentence carries something of the day, none is boilerplate)."""
    date = day_phrase(plan.window, names=host.style.phrases)
    changes = plan.counts.get("changes", len(refs))
    if changes == 0 and not refs and not stories:
        return [host.say("greeting", show=plan.show), host.say("carried_day" if plan.carried else "empty_day", date=date, show=plan.show)]
    if changes <= 1 and not plan.releases:
        commits = plan.counts.get("commits", 1) - plan.counts.get("carried", 0)
        if commits > 2:  # u-boot 2026-01-23's "quiet one: a single change" was a series of twelve patches
            return [host.say("greeting", show=plan.show), host.say("one_merge_day", refs, date=date, commits=count(commits, "commit"))]
        return [host.say("greeting", show=plan.show), host.say("one_change_day", refs, date=date)]
    if not stories:
        return [host.say("greeting", show=plan.show), host.say("date_size", date=date, size=_size(plan, refs, host.style.phrases))]
    head = stories[0]
    if "greeting" in host.style.own and "open_hook" not in host.style.own:
        # A show that wrote its own greeting keeps it: greeting, hook and size, one by one.
        slot = "hook_modest" if _modest(head) else "hook"
        return [host.say("greeting", show=plan.show), host.say(slot, head.changes, hook=hook),
                host.say("date_size", date=date, size=_size(plan, refs, host.style.phrases))]
    slot = "open_modest" if _modest(head) else "open_hook"
    out = [host.say(slot, head.changes, show=plan.show, date=date, hook=hook)]
    # (a pull is no teaser when the day's size says its pull already: heard as a second one)
    pulls_said = plan.counts.get("pulls", 0) > 0
    teaser = next((s for s in stories[1:] if heard_role(s) != "revert" and not (pulls_said and s.kind == StoryKind.PULL)), None)
    if changes == 0:  # a tag on a day nothing else landed: no "zero changes from zero people"
        return out
    if teaser is not None:
        out.append(host.say("open_size_next", teaser.changes, size=_size(plan, refs, host.style.phrases), next=theme(teaser, plan.show, host.style.phrases)))
    else:
        out.append(host.say("open_size", size=_size(plan, refs, host.style.phrases)))
    return out


_LEAD_SLOTS = {
    "release": "prefix_release", "correctness": "prefix_correctness", "performance": "prefix_performance",
    "feature": "prefix_feature", "revert": "prefix_revert", "infrastructure": "prefix_infrastructure",
    "other": "prefix_other",
}


def _story_lead(host: Host, story: Story, previous: Story | None) -> str:
    """A lead-in for a story whose part of the episode differs from the one before, else a plain
    transition (never a sentence of its own)."""
    role = heard_role(story)
    if previous is not None and heard_role(previous) == role:
        return host.lead("prefix_same")
    return host.lead(_LEAD_SLOTS.get(role, "prefix_other"))


def _led(sentences: list[Sentence], host: Host, lead: str) -> list[Sentence]:
    """The story's sentences with ``lead`` opening the first."""
    if not sentences or not lead:
        return sentences
    return [host._led(lead, sentences[0]), *sentences[1:]]


_RECALLED = 3  # stories an episode tells before its sign-off recalls the headline
_RETOLD_WORDS = 6  # words beside the hook that add nothing ("Jerome Forissier landed a change:")


def _unled(sentence: Sentence, host: Host) -> Sentence:
    """``sentence`` without the transition that tied it to the one before ("Also, in her words …")."""
    for transition in host.style.transitions:
        if sentence.text.startswith(transition + " "):
            rest = sentence.text[len(transition) + 1 :]
            return replace(sentence, text=rest[:1].upper() + rest[1:])
    return sentence


def _spoken_hook(hook: str) -> str:
    """What of ``hook`` a listener recognises when it is said again: the title it quotes, else all of it."""
    quoted = _QUOTED.search(hook)
    return (quoted.group(0) if quoted else hook).lower()


def _retold(sentence: str, hook: str) -> bool:
    """Whether ``sentence`` only says the welcome's ``hook`` again (its deed, or the title it
    quotes, with little more than a name, a place or a PR number)."""
    said = _spoken_hook(hook)
    at = sentence.lower().find(said) if said else -1
    if at < 0:
        return False
    rest = sentence[:at] + sentence[at + len(said):]
    return len(re.findall(r"[A-Za-z]+", re.sub(r"\bPR \d+", "", rest))) <= _RETOLD_WORDS


def _closing(host: Host, plan: EpisodePlan, stories: Sequence[Story], hook: str) -> list[Sentence]:
    """The sign-off: the day recalled by its news, and thanks by name when one person did it all."""
    date = day_phrase(plan.window, year=False, names=host.style.phrases)
    one_day = window_days(plan.window) == 1
    authors = plan.counts.get("authors", 0)
    humans = [p for p in dict.fromkeys(p for s in stories for p in s.people) if not is_bot_name(p)]
    out: list[Sentence] = []
    if authors == 1 and len(humans) == 1:
        out.append(host.say("thanks_one", person=humans[0]))
    elif authors > 1 and plan.counts.get("changes", 0) == 1 and 1 < len(humans) <= 3:  # one change, written together
        out.append(host.say("thanks_one", person=name_list(humans)))
    own_sign_off = "sign_off" in host.style.own and "sign_off_hook" not in host.style.own
    # A hook that is a quoted title was heard twice already (the welcome and the story): the
    # sign-off does not read it a third time.
    # …nor, on a short day, a second: the recap is for an episode of several stories.
    if len(stories) >= _RECALLED and not _modest(stories[0]) and not own_sign_off and "“" not in hook:
        out.append(host.say("sign_off_hook" if one_day else "sign_off_hook_span", stories[0].changes,
                            date=date, show=plan.show, hook=hook))
    else:
        out.append(host.say("sign_off" if one_day else "sign_off_span", date=date, show=plan.show))
    return out


def _daily_sections(plan: EpisodePlan, budget: _Budget, style: Style) -> list[Section]:
    host = Host(seed_for(plan), style, solo=_solo(plan), day=window_dates(plan.window)[0].toordinal())
    telling = Telling(dict(plan.glossary), dict(plan.notes), own_stories=story_titles(plan), day=window_dates(plan.window)[0], zone=plan.window.tz,
                      sources=dict(plan.glossary_sources))
    refs = _all_refs(plan)
    stories = [s for s in plan.stories if s.changes or s.releases][: 1 + budget.stories]
    hook = theme(stories[0], plan.show, host.style.phrases) if stories else ""
    telling.hooks.add(hook)
    sections = [Section(kind="cold_open", title=host.style.phrases.say("headings.sections.cold_open"), sentences=_opening(host, plan, stories, refs, hook))]

    if stories:
        head = stories[0]
        told_head = tell(host, head, (), telling, show=plan.show, numbered=True) + _review_thanks(host, head)
        welcomed = " ".join(s.text for s in sections[0].sentences)
        goes_on = len(told_head) > 1 and ("“" in told_head[1].text or any(p in told_head[1].text for p in head.people[:2]))
        if goes_on and _retold(told_head[0].text, hook) and _spoken_hook(hook) in welcomed.lower():
            # The welcome told the headline's deed already: its story goes on from there ("In
            # Charlie Marsh's words: …"), never saying it a second time (its link stays in the notes);
            # a story with only its size or reviewers left to say says its deed again to hang them on.
            told_head = [_unled(told_head[1], host), *told_head[2:]] if len(told_head) > 1 else []
        if told_head:
            sections.append(_section("headline", chapter_title(head, host.style.phrases), told_head, head))
        previous: Story | None = head
        for story in stories[1:]:
            numbered = heard_role(story) == "correctness"
            before = host.last_opening  # the lead follows the sentence before the story, not the story's last
            lead = _story_lead(host, story, previous)
            said = tell(host, story, (), telling, show=plan.show, numbered=numbered)
            after = host.last_opening
            host.last_opening = before
            said = _led(said, host, lead)
            if len(said) > 1:
                host.last_opening = after
            sections.append(_section("story", chapter_title(story, host.style.phrases), said, story))
            previous = story

    spotlight = _spotlight(host, plan)
    if spotlight:
        sections.append(spotlight)
    told_quick = _told_quick(plan, budget.quick)
    quick = _quick_hits(host, plan, told_quick)
    if quick:
        sections.append(quick)
    if plan.whats_next:
        # (a change only counted in the tally is not told: its promise would be heard as another's)
        counted = {r.sha for r in told_quick[2]}
        cited = {c.sha for sec in sections for s in sec.sentences for c in s.citations} - counted
        upcoming = _whats_next(host, plan, recap=False, told=cited)
        if upcoming.sentences:
            sections.append(upcoming)
    sections.append(Section(kind="sign_off", title=host.style.phrases.say("headings.sections.sign_off"), sentences=_closing(host, plan, stories, hook)))
    return sections


# ---------------------------------------------------------------------------- weekly recap


def _recap_sections(plan: EpisodePlan, budget: _Budget, style: Style) -> list[Section]:
    host = Host(seed_for(plan), style, day=window_dates(plan.window)[0].toordinal() // 7)
    telling = Telling(dict(plan.glossary), dict(plan.notes), own_stories=story_titles(plan), day=window_dates(plan.window)[0], zone=plan.window.tz,
                      sources=dict(plan.glossary_sources))
    changes = plan.counts.get("changes", 0)
    days = plan.counts.get("days", window_days(plan.window))
    reverts = plan.counts.get("reverts", 0)
    span = day_phrase(plan.window, names=style.phrases)
    stories = [s for s in plan.stories if s.changes or s.releases][: 1 + budget.stories]

    opening = [host.say("recap_greeting", show=plan.show)]
    if changes == 0 and not stories:
        opening.append(host.say("recap_quiet", show=plan.show, span=span))
    else:
        opening.append(host.say(
            "recap_size", show=plan.show, size=_size(plan, _all_refs(plan), host.style.phrases, verb=False), days=count(days, "day"), span=span,
        ))
        if reverts:
            opening.append(host.say("recap_reverts", reverts=count(reverts, "revert")))
    if stories:
        hook = theme(stories[0], plan.show, host.style.phrases)
        opening.append(host.say("recap_theme", stories[0].changes, hook=hook))
        telling.hooks.add(hook)
    sections = [Section(kind="cold_open", title=host.style.phrases.say("headings.sections.cold_open"), sentences=opening)]

    for i, story in enumerate(stories):
        if story.kind == StoryKind.TOP_AUTHOR:
            said = {q.lower() for sec in sections for line in sec.sentences for q in _QUOTED.findall(line.text)}
            sentences = _top_author(host, story, said)
        elif heard_role(story) == "revert":
            lead = [host.say("recap_comeback")] if story.relanded else []
            sentences = tell_revert(host, story, lead)
        else:
            lead = [host.say("recap_next_story")] if i else []
            sentences = tell(host, story, lead, telling, show=plan.show, numbered=i == 0, week=True)
        sections.append(_section("headline" if i == 0 else "story", chapter_title(story, host.style.phrases), sentences, story))

    quick = _quick_hits(host, plan, _told_quick(plan, budget.quick))
    if quick:
        sections.append(quick)
    told = {c.sha for sec in sections for s in sec.sentences for c in s.citations}
    sections.append(_whats_next(host, plan, recap=True, told=told))
    sections.append(Section(kind="sign_off", title=host.style.phrases.say("headings.sections.sign_off"), sentences=[host.say("recap_sign_off", show=plan.show)]))
    return sections


_QUOTED = re.compile(r"“([^”]+)”")


def _top_author(host: Host, story: Story, said: set[str]) -> list[Sentence]:
    """Who drove the most change this week, with a few of their changes' titles not ``said`` yet."""
    refs = story.changes
    noun = change_noun(refs)
    out = [host.say(
        "recap_top_author", refs, person=who(story.people), count=count(story.total, noun),
        areas=join(story.areas[:3]) or area_of(story.areas),
    )]
    picks = sample_refs(refs, said=said)
    if len(picks) >= 2:
        out.append(host.say("sample_titles", picks, titles=join([title_of(r) for r in picks])))
    return out
