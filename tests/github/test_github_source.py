"""The activity-source interface, and the package's public API."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import commitcast.ingest.github as github
from commitcast.ingest.github import ActivitySource, GitHubSource, github_slug, source_for
from commitcast.model import Window

FakeGitHub = Any  # served by conftest.py


def test_github_slug_from_web_urls() -> None:
    assert github_slug("https://github.com/pytorch/pytorch") == "pytorch/pytorch"
    assert github_slug("https://github.com/pytorch/ao.git") == "pytorch/ao"
    assert github_slug("https://gitlab.com/group/project") is None
    assert github_slug("https://github.com/pytorch") is None and github_slug(None) is None
    assert github_slug("https://ghe.corp.example/team/tool", api_url="https://ghe.corp.example/api/v3") == "team/tool"
    assert github_slug("https://ghe.corp.example/team/tool") is None


def test_source_for_picks_github_and_fetches(fake_github: FakeGitHub, tmp_path: Path) -> None:
    assert source_for("https://gitlab.com/group/project", state_dir=tmp_path) is None
    found = source_for("https://github.com/acme/widgets", state_dir=tmp_path, api_url=fake_github.url)
    assert isinstance(found, ActivitySource) and isinstance(found, GitHubSource)
    assert (found.name, found.repo) == ("github", "acme/widgets")
    source = replace(found, token=fake_github.token)
    assert fake_github.token not in repr(source)
    fake_github.add_pr(7, "Opened in the window", created="2026-09-18 10:00")
    window = Window(since=datetime(2026, 9, 18, tzinfo=UTC), until=datetime(2026, 9, 19, tzinfo=UTC))
    activity = source.fetch(window)
    assert activity is not None and [p.number for p in activity.prs] == [7]


def test_public_api_changes_only_on_purpose() -> None:
    assert sorted(github.__all__) == sorted(
        """ActivitySource ApiStats DEFAULT_API_URL EnrichedDay GitHubClient GitHubError GitHubForge GitHubSource
        GitHubUnavailable NotFound PrMatch PullRequestActivity PullRequestRecord RateLimited Review
        Spotlight StackInReview cache_dir_for collect_activity enrich fetch_activity ghstack_user
        github_slug group_stacks linked_issues normalise_title open_at reviewer_names
        reviewers_to_thank source_for spotlight stack_from_body stack_next_items token_from_env
        unlanded_wins""".split()
    )
    assert all(hasattr(github, name) for name in github.__all__)
