"""Forges: the interface every forge (GitHub, GitLab) is reached through, and what is the same
for all of them.

:class:`Forge` is the interface (links for a change, a pull request and a person; the pull
requests' activity in a window); :func:`forge_for` picks a repository's forge. What a forge
answers is one :class:`PullRequestActivity`; :func:`enrich` joins it with git's landed changes
into an :class:`EnrichedDay`, and the newsroom functions (:func:`stack_next_items`,
:func:`unlanded_wins`, :func:`spotlight`) read that, whichever forge it came from.
"""

from __future__ import annotations

from .choose import check_forge, forge_for, forge_name, with_links
from .merge import enrich, normalise_title, open_at, reviewer_names
from .model import (
    EnrichedDay,
    PrMatch,
    PullRequestActivity,
    PullRequestRecord,
    Review,
    StackInReview,
    window_events,
)
from .newsroom import (
    reviewers_to_thank,
    spotlight,
    stack_next_items,
    unlanded_wins,
)
from .protocol import FORGE_NAMES, ActivitySource, Forge, ForgeName

__all__ = [
    "FORGE_NAMES",
    "ActivitySource",
    "EnrichedDay",
    "Forge",
    "ForgeName",
    "PrMatch",
    "PullRequestActivity",
    "PullRequestRecord",
    "Review",
    "StackInReview",
    "check_forge",
    "enrich",
    "forge_for",
    "forge_name",
    "normalise_title",
    "open_at",
    "reviewer_names",
    "reviewers_to_thank",
    "spotlight",
    "stack_next_items",
    "unlanded_wins",
    "window_events",
    "with_links",
]
