"""Artifacts of the forge enrichment: pull-request (GitLab: merge-request) activity, and a
day enriched with it. Every forge fills the same records, so the rest of commitcast never
asks which forge it was.

Like every artifact in :mod:`commitcast.model` they round-trip through JSON, so a fetched
day can be cached, inspected (``to_json``) or shipped to a worker.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from commitcast.model import Artifact, Change, Spotlight, Window

__all__ = [
    "Review",
    "PullRequestRecord",
    "PullRequestActivity",
    "PrMatch",
    "StackInReview",
    "EnrichedDay",
    "Spotlight",
    "window_events",
]

PrEvent = Literal["opened", "merged", "closed", "reopened", "reviewed"]
ReviewState = Literal["APPROVED", "CHANGES_REQUESTED", "COMMENTED", "DISMISSED"]


def window_events(
    window: Window,
    created: datetime,
    merged: datetime | None,
    closed: datetime | None,
    reopened: Iterable[datetime] = (),
    reviewed: Iterable[datetime | None] = (),
) -> list[PrEvent]:
    """What happened to a pull request inside ``window``, in the order a record lists it."""

    def inside(moment: datetime | None) -> bool:
        return moment is not None and window.since <= moment < window.until

    events: list[PrEvent] = []
    if inside(created):
        events.append("opened")
    if inside(merged):
        events.append("merged")
    elif inside(closed):
        events.append("closed")
    if any(inside(t) for t in reopened):
        events.append("reopened")
    if any(inside(t) for t in reviewed):
        events.append("reviewed")
    return events


@dataclass(frozen=True)
class Review(Artifact):
    """One reviewer's standing on a PR: the last state that counts (approve/request changes)."""

    login: str
    state: ReviewState
    name: str | None = None  # display name from the users API; None when unset
    submitted_at: datetime | None = None  # when that state was given

    @property
    def display(self) -> str:
        """The name to say: the display name, else the login."""
        return self.name or self.login


@dataclass(frozen=True)
class PullRequestRecord(Artifact):
    """A pull request as the forge reports it, plus what happened to it in the window."""

    number: int
    title: str
    body: str
    url: str  # the PR's web page
    author: str  # login
    state: Literal["open", "closed", "merged"]  # the forge's state when fetched
    created_at: datetime
    updated_at: datetime
    author_name: str | None = None  # display name; None when the profile has none
    author_is_bot: bool = False
    draft: bool = False
    labels: list[str] = field(default_factory=list)
    base_ref: str = ""
    head_ref: str = ""
    merged_at: datetime | None = None
    closed_at: datetime | None = None
    merge_commit_sha: str | None = None  # squash/rebase/merge commit; a test merge while open
    reviews: list[Review] = field(default_factory=list)  # one per reviewer, first reviewer first
    requested_reviewers: list[str] = field(default_factory=list)  # logins still asked to review
    comments: int = 0  # conversation comments (not review comments)
    linked_issues: list[int] = field(default_factory=list)  # "Fixes #N" and the forge's links
    reopened_at: list[datetime] = field(default_factory=list)
    events: list[PrEvent] = field(default_factory=list)  # what happened inside the window
    ghstack_user: str | None = None  # set when the head ref is ghstack's gh/<user>/<n>/head
    stack: list[int] = field(default_factory=list)  # ghstack's list in the body, oldest first

    @property
    def author_display(self) -> str:
        """The author's display name, else the login without a ``[bot]`` suffix."""
        return self.author_name or self.author.removesuffix("[bot]")


@dataclass(frozen=True)
class PullRequestActivity(Artifact):
    """Every PR opened, merged, closed, reopened or reviewed in a window (plus context PRs)."""

    repo: str  # "owner/name"; a GitLab project's full path ("group/sub/project")
    window: Window
    api_url: str
    fetched_at: datetime
    prs: list[PullRequestRecord]  # by number; context PRs (stack siblings, asked for) have no events
    source: str = "github"  # the forge's name (Forge.name)


@dataclass(frozen=True)
class PrMatch(Artifact):
    """How a landed change was tied to its pull request."""

    sha: str
    pr: int
    how: Literal["sha", "number", "title"]


@dataclass(frozen=True)
class StackInReview(Artifact):
    """A ghstack stack that moved in the window: what landed and what is still in review."""

    prs: list[int]  # every PR of the stack known to the forge, oldest (bottom) first
    author: str  # login of the stack's author
    author_name: str
    landed: list[int] = field(default_factory=list)  # landed on the branch in the window
    in_review: list[int] = field(default_factory=list)  # open at the window's end, not landed
    closed: list[int] = field(default_factory=list)  # closed without landing in the window
    landed_sha: str | None = None  # the newest landed change of the stack, for citations


@dataclass(frozen=True)
class EnrichedDay(Artifact):
    """Git's landed changes with forge data filled in, and what the forge adds beside them."""

    changes: list[Change]  # git's changes (the truth of what landed), labels/reviewers filled
    github_used: bool = False  # the forge's data was used (the name is older than GitLab support)
    matches: list[PrMatch] = field(default_factory=list)
    landed: list[PullRequestRecord] = field(default_factory=list)  # matched PRs, in change order
    in_flight: list[PullRequestRecord] = field(default_factory=list)  # open at window end, not landed
    closed_unlanded: list[PullRequestRecord] = field(default_factory=list)
    merged_elsewhere: list[PullRequestRecord] = field(default_factory=list)  # merged, not in git's window
    stacks: list[StackInReview] = field(default_factory=list)
    people: dict[str, str] = field(default_factory=dict)  # login -> display name

    def pr_for(self, sha: str) -> PullRequestRecord | None:
        """The landed PR matched to the change ``sha``, if any."""
        number = next((m.pr for m in self.matches if m.sha == sha), None)
        return next((p for p in self.landed if p.number == number), None)
