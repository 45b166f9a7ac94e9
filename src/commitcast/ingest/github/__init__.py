"""GitHub enrichment: pull-request activity for a window, merged into git's landed changes.

Optional by design: without a token, offline, rate-limited or with the API down,
:func:`fetch_activity` returns None (logging one line why) and :func:`enrich` returns the
git-only day. :class:`GitHubForge` is GitHub behind the forge interface
(:mod:`commitcast.ingest.forges`); the forge-neutral parts (the records, :func:`enrich`, the
newsroom functions, ghstack's conventions) live there and are named here too.
"""

from __future__ import annotations

from ..forges.merge import enrich, normalise_title, open_at, reviewer_names
from ..forges.model import (
    EnrichedDay,
    PrMatch,
    PullRequestActivity,
    PullRequestRecord,
    Review,
    Spotlight,
    StackInReview,
)
from ..forges.newsroom import (
    reviewers_to_thank,
    spotlight,
    stack_next_items,
    unlanded_wins,
)
from ..forges.stacks import ghstack_user, group_stacks, stack_from_body
from .activity import cache_dir_for, collect_activity, fetch_activity, linked_issues
from .client import (
    DEFAULT_API_URL,
    ApiStats,
    GitHubClient,
    GitHubError,
    GitHubUnavailable,
    NotFound,
    RateLimited,
    token_from_env,
)
from .source import ActivitySource, GitHubForge, GitHubSource, github_slug, source_for

__all__ = [
    "DEFAULT_API_URL",
    "ActivitySource",
    "ApiStats",
    "EnrichedDay",
    "GitHubClient",
    "GitHubError",
    "GitHubForge",
    "GitHubSource",
    "GitHubUnavailable",
    "NotFound",
    "PrMatch",
    "PullRequestActivity",
    "PullRequestRecord",
    "RateLimited",
    "Review",
    "Spotlight",
    "StackInReview",
    "cache_dir_for",
    "collect_activity",
    "enrich",
    "fetch_activity",
    "ghstack_user",
    "github_slug",
    "group_stacks",
    "linked_issues",
    "normalise_title",
    "open_at",
    "reviewer_names",
    "reviewers_to_thank",
    "source_for",
    "spotlight",
    "stack_from_body",
    "stack_next_items",
    "token_from_env",
    "unlanded_wins",
]
