"""Ingest: what landed on a branch in a window, parsed from git into :class:`~commitcast.model.Change`s.

Message conventions (trailers, PR references, ghstack stacks, reverts, relands, bots) are
parsed by pure functions in :mod:`.messages` and its helpers; git is read with pygit2 and
one streamed ``git log`` for line stats; parsed changes are cached in the catalogue.
"""

from __future__ import annotations

from .bots import is_bot
from .forge import web_url_from_remote
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
from .messages import ParsedMessage, parse_message
from .reverts import is_reland, parse_revert
from .trailers import split_trailers

__all__ = [
    "PARSER_VERSION",
    "Landed",
    "ParsedMessage",
    "default_branch",
    "forge_web_url",
    "is_bot",
    "is_reland",
    "landed_changes",
    "last_active_window",
    "parse_message",
    "parse_revert",
    "read_landed",
    "recent_active_days",
    "repository_label",
    "split_trailers",
    "state_dir_for",
    "web_url_from_remote",
]
