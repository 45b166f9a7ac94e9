"""The public API of commitcast.ingest changes only on purpose."""

from __future__ import annotations

import inspect

import commitcast.ingest as ingest


def test_public_names() -> None:
    assert ingest.__all__ == [
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
    assert all(hasattr(ingest, name) for name in ingest.__all__)


def test_agreed_signature() -> None:
    parameters = inspect.signature(ingest.landed_changes).parameters
    assert list(parameters) == ["repo", "since", "until", "branch", "state_dir"]
    assert parameters["branch"].default is None
    assert parameters["state_dir"].kind is inspect.Parameter.KEYWORD_ONLY
