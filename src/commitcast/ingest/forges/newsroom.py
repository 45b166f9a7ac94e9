"""What the newsroom takes from the forge: pure functions over an :class:`EnrichedDay`.

Every text here states only what the forge data says, and PRs that have not landed are
always called so.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ...model import NextItem
from ...text import Gain, gains
from .merge import reviewer_names
from .model import EnrichedDay, PullRequestRecord, Spotlight

__all__ = ["stack_next_items", "reviewers_to_thank", "unlanded_wins", "spotlight"]

def stack_next_items(day: EnrichedDay) -> list[NextItem]:
    """"What's next" items for stacks with PRs still in review, biggest first."""
    by_number = {p.number: p for p in [*day.in_flight, *day.landed]}
    items: list[tuple[int, NextItem]] = []
    for stack in day.stacks:
        waiting = len(stack.in_review)
        if not waiting:
            continue
        prs = "PR" if waiting == 1 else "PRs"
        verb = "is" if waiting == 1 else "are"
        if stack.landed:
            text = (
                f"{waiting} more {prs} in the same stack from {stack.author_name} {verb} still in review, "
                f"after {len(stack.landed)} landed."
            )
        else:
            text = f"{stack.author_name} has a stack of {waiting} {prs} in review, none landed yet."
        first = by_number.get(stack.in_review[0])
        items.append(
            (waiting, NextItem(text=text, sha=stack.landed_sha, pr=stack.in_review[0], url=first.url if first else None))
        )
    return [item for _, item in sorted(items, key=lambda pair: -pair[0])]


def reviewers_to_thank(day: EnrichedDay) -> dict[str, list[str]]:
    """For each landed change (by sha), the display names of its reviewers, approvers first."""
    return {c.sha: list(c.reviewers) for c in day.changes if c.reviewers}


def unlanded_wins(
    day: EnrichedDay, *, extract: Callable[[str], list[Gain]] = gains, limit: int = 3
) -> list[NextItem]:
    """Open PRs that claim a measured win, flagged as not yet landed; biggest claim first."""
    found: list[tuple[float, NextItem]] = []
    for record in day.in_flight:
        wins = extract(f"{record.title}\n{record.body}")
        if not wins:
            continue
        draft = " a draft," if record.draft else ""
        text = (
            f"Not landed yet: PR {record.number}, \"{record.title}\" by {record.author_display}, is"
            f"{draft} still in review and reports {wins[0].claim}."
        )
        found.append((wins[0].size, NextItem(text=text, pr=record.number, url=record.url or None)))
    found.sort(key=lambda pair: -pair[0])
    return [item for _, item in found[:limit]]


def spotlight(day: EnrichedDay) -> Spotlight | None:
    """The landed PR with the most review and discussion, for a "merged PR spotlight"."""
    best: tuple[float, int, Spotlight] | None = None
    changes = {c.sha: c for c in day.changes}
    for match in day.matches:
        record = day.pr_for(match.sha)
        change = changes[match.sha]
        if record is None or record.author_is_bot or change.is_bot or change.revert is not None:
            continue
        reviewers = reviewer_names(record)
        approvals = sum(r.state == "APPROVED" for r in record.reviews)
        lines = change.added + change.deleted
        score = 2 * approvals + len(reviewers) + record.comments / 4 + math.log10(1 + lines) + bool(record.body.strip())
        reasons = _reasons(record, len(reviewers), lines)
        pick = Spotlight(
            pr=record.number,
            sha=change.sha,
            title=record.title,
            author=record.author_display,
            url=record.url,
            reviewers=reviewers,
            comments=record.comments,
            labels=list(record.labels),
            reasons=reasons,
        )
        if best is None or (score, -record.number) > best[:2]:
            best = (score, -record.number, pick)
    return best[2] if best else None


def _reasons(record: PullRequestRecord, reviewers: int, lines: int) -> list[str]:
    reasons = []
    if reviewers:
        reasons.append(f"{reviewers} reviewer{'s' if reviewers != 1 else ''}")
    if record.comments:
        reasons.append(f"{record.comments} comment{'s' if record.comments != 1 else ''}")
    if lines:
        reasons.append(f"{lines} lines changed")
    return reasons
