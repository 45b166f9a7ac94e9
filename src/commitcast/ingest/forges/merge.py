"""Joining git's landed changes with the forge's pull requests.

Git stays the truth for what landed (and for file stats); the forge adds labels,
reviewers, display names, and the PRs still in flight. Each PR is tied to at most one
change and each change to at most one PR, so nothing is counted twice.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Literal

from commitcast.model import Change, PullRequest, Stack

from .model import EnrichedDay, PrMatch, PullRequestActivity, PullRequestRecord, StackInReview
from .stacks import group_stacks

__all__ = ["enrich", "reviewer_names", "open_at", "normalise_title"]

_PR_SUFFIX = re.compile(r"\([#!]\d+\)\s*$")  # "(#N)", GitLab's "(!N)"; no leading \s*: quadratic on a run of spaces
_GHSTACK_PREFIX = re.compile(r"^\s*\[ghstack-poisoned\]\s*", re.IGNORECASE)
# pytorchmergebot labels the PRs it lands by pushing to main (GitHub shows them "closed").
_LANDED_LABELS = frozenset({"merged"})


def enrich(
    changes: Sequence[Change],
    activity: PullRequestActivity | None,
    *,
    earlier: Sequence[Change] = (),
) -> EnrichedDay:
    """Git's ``changes`` with PR data filled in, plus the PRs that did not land.

    ``activity`` None (the forge not used) gives the changes unchanged. ``earlier`` are changes
    known from before the window: their PRs are neither in flight nor "closed unlanded".
    """
    if activity is None:
        return EnrichedDay(changes=list(changes))
    records = {p.number: p for p in activity.prs}
    matches = _match(changes, records)
    by_sha = {m.sha: records[m.pr] for m in matches}
    landed_numbers = {m.pr for m in matches}
    before = {n for c in earlier if (n := _pr_number(c)) is not None}
    until = activity.window.until

    stacks = _stacks(records, landed_numbers, changes, by_sha, until)
    stack_of = {n: s.prs for s in stacks for n in s.prs}
    enriched = [
        _fill(c, by_sha[c.sha], stack_of.get(by_sha[c.sha].number)) if c.sha in by_sha else c
        for c in changes
    ]
    rest = [p for p in records.values() if p.number not in landed_numbers and p.number not in before]
    closed = [p for p in rest if "closed" in p.events]
    return EnrichedDay(
        changes=enriched,
        github_used=True,
        matches=matches,
        landed=[by_sha[c.sha] for c in changes if c.sha in by_sha],
        in_flight=[p for p in rest if open_at(p, until)],
        closed_unlanded=[p for p in closed if not _landed_elsewhere(p)],
        merged_elsewhere=[p for p in rest if "merged" in p.events] + [p for p in closed if _landed_elsewhere(p)],
        stacks=stacks,
        people=_people(records.values()),
    )


def _match(changes: Sequence[Change], records: dict[int, PullRequestRecord]) -> list[PrMatch]:
    """Tie changes to PRs: by merge commit sha, then by the PR the message names, then by title."""
    by_merge_sha = {p.merge_commit_sha: p.number for p in records.values() if p.merge_commit_sha}
    found: dict[str, PrMatch] = {}
    claimed: set[int] = set()

    def claim(change: Change, number: int, how: Literal["sha", "number", "title"]) -> None:
        found[change.sha] = PrMatch(change.sha, number, how)
        claimed.add(number)

    for change in changes:
        number = by_merge_sha.get(change.sha)
        if number is not None and number not in claimed:
            claim(change, number, "sha")
    for change in changes:
        number = _pr_number(change)
        if change.sha not in found and number in records and number not in claimed:
            claim(change, number, "number")
    # Titles only tie a pair unique on both sides, and only a PR that was opened before the
    # change landed and has been closed since (a landed change ends its PR).
    loose = [c for c in changes if c.sha not in found and _pr_number(c) is None]
    titles = Counter(normalise_title(c.title) for c in loose)
    unclaimed = [p for p in records.values() if p.number not in claimed and p.closed_at is not None]
    pr_titles = Counter(normalise_title(p.title) for p in unclaimed)
    for change in loose:
        key = normalise_title(change.title)
        if not key or titles[key] != 1 or pr_titles[key] != 1:
            continue
        record = next(p for p in unclaimed if normalise_title(p.title) == key)
        if record.created_at <= change.landed_at:
            claim(change, record.number, "title")
    return [found[c.sha] for c in changes if c.sha in found]


def _pr_number(change: Change) -> int | None:
    """The PR a change landed through, as its message says (not the PR a revert undoes)."""
    if change.pr is None:
        return None
    if change.revert is not None and change.revert.pr == change.pr.number:
        return None
    return change.pr.number


def normalise_title(title: str) -> str:
    """A title reduced for comparison: no ``(#N)`` suffix, ghstack prefix, case or spacing."""
    title = _GHSTACK_PREFIX.sub("", _PR_SUFFIX.sub("", title))
    return " ".join(title.split()).rstrip(".").casefold()


def _fill(change: Change, record: PullRequestRecord, stack: list[int] | None) -> Change:
    labels = list(dict.fromkeys([*change.labels, *record.labels]))
    reviewers = list(dict.fromkeys([*change.reviewers, *reviewer_names(record)]))
    pr = change.pr or PullRequest(number=record.number, url=record.url or None)
    if change.stack is None and stack and len(stack) > 1:
        change_stack: Stack | None = Stack(prs=list(stack), position=stack.index(record.number))
    else:
        change_stack = change.stack
    return replace(change, labels=labels, reviewers=reviewers, pr=pr, stack=change_stack)


def reviewer_names(record: PullRequestRecord) -> list[str]:
    """Display names of the people who reviewed ``record``: approvers first, bots left out."""
    people = [r for r in record.reviews if not r.login.endswith("[bot]") and r.login != record.author]
    people.sort(key=lambda r: r.state != "APPROVED")
    return [r.display for r in people]


def open_at(record: PullRequestRecord, moment: datetime) -> bool:
    """Whether ``record`` was open at ``moment`` (reopening clears the forge's closed_at)."""
    if record.created_at >= moment:
        return False
    ended = [t for t in (record.merged_at, record.closed_at) if t is not None]
    return not any(t < moment for t in ended)


def _landed_elsewhere(record: PullRequestRecord) -> bool:
    return any(label.casefold() in _LANDED_LABELS for label in record.labels)


def _stacks(
    records: dict[int, PullRequestRecord],
    landed: set[int],
    changes: Sequence[Change],
    by_sha: dict[str, PullRequestRecord],
    until: datetime,
) -> list[StackInReview]:
    """ghstack stacks with a member that moved in the window, split into landed / in review."""
    lists = [(p.number, p.stack) for p in records.values()]
    landed_sha = {p.number: sha for sha, p in by_sha.items()}
    order = {c.sha: i for i, c in enumerate(changes)}
    result: list[StackInReview] = []
    for numbers in group_stacks(lists):
        members = [records[n] for n in numbers if n in records]
        if len(members) < 2 or not any(p.events or p.number in landed for p in members):
            continue
        author = Counter(p.author for p in members).most_common(1)[0][0]
        shas = sorted((landed_sha[p.number] for p in members if p.number in landed), key=order.__getitem__)
        result.append(
            StackInReview(
                prs=[p.number for p in members],
                author=author,
                author_name=next(p.author_display for p in members if p.author == author),
                landed=[p.number for p in members if p.number in landed],
                in_review=[p.number for p in members if p.number not in landed and open_at(p, until)],
                closed=[p.number for p in members if p.number not in landed and "closed" in p.events],
                landed_sha=shas[-1] if shas else None,
            )
        )
    return result


def _people(records: Iterable[PullRequestRecord]) -> dict[str, str]:
    people: dict[str, str] = {}
    for record in records:
        people.setdefault(record.author, record.author_display)
        for review in record.reviews:
            people.setdefault(review.login, review.display)
    return dict(sorted(people.items()))
