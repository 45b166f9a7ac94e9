"""Ingest: what landed on a branch in a window, parsed from git into :class:`~commitcast.model.Change`s.

Message conventions (trailers, PR references, ghstack stacks, reverts, relands, bots) are
parsed by pure functions in :mod:`.messages` and its helpers; git is read with pygit2 and
one streamed ``git log`` for line stats; parsed changes are cached in the catalogue.
"""

from __future__ import annotations

from .bots import is_bot
from .forge import FORGE_NOTES, web_url_from_remote
from .forges import Forge, enrich, forge_for, spotlight, stack_next_items, unlanded_wins, with_links
from .github.activity import check_api_url as check_github_api_url
from .gitlab import check_api_url as check_gitlab_api_url
from .landed import (
    PARSER_VERSION,
    Landed,
    default_branch,
    forge_web_url,
    landed_changes,
    last_active_window,
    read_landed,
    recent_active_days,
    repository_label,
    state_dir_for,
)
from .merges import is_rollup, parse_merge_subject, repository_name
from .messages import ParsedMessage, parse_message
from .refs import branch_title, merge_pr, pr_url, title_pr
from .reverts import describes_undone, is_reland, parse_revert
from .trailers import split_trailers

__all__ = [
    "FORGE_NOTES",
    "PARSER_VERSION",
    "Forge",
    "Landed",
    "ParsedMessage",
    "branch_title",
    "check_github_api_url",
    "check_gitlab_api_url",
    "default_branch",
    "describes_undone",
    "enrich",
    "forge_for",
    "forge_web_url",
    "is_bot",
    "is_reland",
    "is_rollup",
    "landed_changes",
    "last_active_window",
    "merge_pr",
    "parse_merge_subject",
    "parse_message",
    "parse_revert",
    "pr_url",
    "read_landed",
    "recent_active_days",
    "repository_label",
    "repository_name",
    "split_trailers",
    "spotlight",
    "stack_next_items",
    "state_dir_for",
    "title_pr",
    "unlanded_wins",
    "web_url_from_remote",
    "with_links",
]
