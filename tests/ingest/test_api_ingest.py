"""The public API of commitcast.ingest changes only on purpose."""

from __future__ import annotations

import inspect

import commitcast.ingest as ingest


def test_public_names() -> None:
    assert ingest.__all__ == [
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
    assert all(hasattr(ingest, name) for name in ingest.__all__)


def test_agreed_signature() -> None:
    parameters = inspect.signature(ingest.landed_changes).parameters
    assert list(parameters) == ["repo", "since", "until", "branch", "state_dir"]
    assert parameters["branch"].default is None
    assert parameters["state_dir"].kind is inspect.Parameter.KEYWORD_ONLY
