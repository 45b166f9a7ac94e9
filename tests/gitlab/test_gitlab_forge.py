"""The forge interface: which forge a show gets, the links each forge makes, and the public names."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import commitcast.ingest.forges as forges
import commitcast.ingest.gitlab as gitlab
from commitcast.errors import UserError
from commitcast.ingest import web_url_from_remote
from commitcast.ingest.forges import Forge, check_forge, forge_for, forge_name, with_links
from commitcast.ingest.github import GitHubForge
from commitcast.ingest.gitlab import GitLabForge, api_url_for, gitlab_project
from commitcast.model import Change, Person, PullRequest, Window

FakeGitLab = Any  # served by conftest.py


def test_the_forge_is_read_from_the_web_url() -> None:
    assert forge_name("https://github.com/pytorch/pytorch") == "github"
    assert forge_name("https://gitlab.com/inkscape/inkscape") == "gitlab"
    assert forge_name("https://gitlab.gnome.org/GNOME/gtk") == "gitlab"
    assert forge_name("https://code.example.org/team/tool") is None
    assert forge_name("https://code.example.org/team/tool", api_urls={"gitlab": "https://code.example.org/api/v4"}) == "gitlab"
    assert forge_name("https://ghe.corp.example/team/tool", api_urls={"github": "https://ghe.corp.example/api/v3"}) == "github"
    assert forge_name(None) is None and forge_name("not a url") is None


def test_forge_for_gives_each_forge_behind_one_interface(tmp_path: Path) -> None:
    hub = forge_for("https://github.com/acme/widgets", state_dir=tmp_path)
    lab = forge_for("https://gitlab.com/acme/tools/widgets", state_dir=tmp_path)
    assert isinstance(hub, GitHubForge) and isinstance(hub, Forge)
    assert isinstance(lab, GitLabForge) and isinstance(lab, Forge)
    assert (hub.name, hub.repo, hub.api_url) == ("github", "acme/widgets", "https://api.github.com")
    assert (lab.name, lab.project, lab.api_url) == ("gitlab", "acme/tools/widgets", "https://gitlab.com/api/v4")
    assert hub.state_dir == tmp_path / "github"  # where GitHub's answers were always cached
    assert forge_for("https://code.example.org/team/tool", state_dir=tmp_path) is None
    assert forge_for(None, state_dir=tmp_path, forge="gitlab") is None


def test_a_configured_forge_takes_any_host(tmp_path: Path) -> None:
    lab = forge_for("https://code.example.org/team/tool", state_dir=tmp_path, forge="gitlab")
    assert isinstance(lab, GitLabForge) and lab.api_url == "https://code.example.org/api/v4"
    hub = forge_for("https://ghe.corp.example/team/tool", state_dir=tmp_path, forge="github")
    assert isinstance(hub, GitHubForge) and hub.api_url == "https://ghe.corp.example/api/v3"
    assert hub.web_url == "https://ghe.corp.example/team/tool"
    given = forge_for(
        "https://code.example.org/team/tool", state_dir=tmp_path, forge="gitlab", api_urls={"gitlab": "http://127.0.0.1:9/api/v4"}
    )
    assert isinstance(given, GitLabForge) and given.api_url == "http://127.0.0.1:9/api/v4"


def test_links_for_a_change_a_request_and_a_person(tmp_path: Path) -> None:
    lab = GitLabForge(project="acme/tools/widgets", state_dir=tmp_path, web_url="https://gitlab.example.com/acme/tools/widgets/")
    assert lab.pr_url(12) == "https://gitlab.example.com/acme/tools/widgets/-/merge_requests/12"
    assert lab.change_url("abc123") == "https://gitlab.example.com/acme/tools/widgets/-/commit/abc123"
    assert lab.person_url("alice") == "https://gitlab.example.com/alice"
    hub = GitHubForge(repo="acme/widgets", state_dir=tmp_path)
    assert hub.pr_url(7) == "https://github.com/acme/widgets/pull/7"
    assert hub.change_url("abc123") == "https://github.com/acme/widgets/commit/abc123"
    assert hub.person_url("octocat") == "https://github.com/octocat"
    assert GitLabForge(project="a/b", state_dir=tmp_path).web_url == "https://gitlab.com/a/b"


def test_the_token_is_never_in_a_forges_repr(tmp_path: Path) -> None:
    secret = "glpat-not-for-your-eyes"
    assert secret not in repr(GitLabForge(project="a/b", state_dir=tmp_path, token=secret))
    assert secret not in repr(GitHubForge(repo="a/b", state_dir=tmp_path, token=secret))


def test_project_paths_and_api_roots() -> None:
    assert gitlab_project("https://gitlab.com/group/sub/project") == "group/sub/project"
    assert gitlab_project("https://gitlab.com/group/project.git") == "group/project"
    assert gitlab_project("https://gitlab.com/group/project/-/merge_requests/7") == "group/project"
    assert gitlab_project("https://gitlab.com/group") is None and gitlab_project(None) is None
    assert api_url_for("https://gitlab.com/a/b") == "https://gitlab.com/api/v4"
    assert api_url_for("https://git.corp.example:8443/a/b") == "https://git.corp.example:8443/api/v4"


def test_remotes_on_a_configured_forges_own_host() -> None:
    assert web_url_from_remote("git@code.example.org:team/sub/tool.git") is None  # no forge is known there
    assert web_url_from_remote("git@code.example.org:team/sub/tool.git", "gitlab") == "https://code.example.org/team/sub/tool"
    assert web_url_from_remote("https://ghe.corp.example/team/tool.git", "github") == "https://ghe.corp.example/team/tool"
    assert web_url_from_remote("https://ghe.corp.example/a/b/c.git", "github") is None  # GitHub has no nested groups
    assert web_url_from_remote("git@github.com:acme/widgets.git", "github") == "https://github.com/acme/widgets"


def test_a_bad_forge_name_is_one_line() -> None:
    assert check_forge("gitlab") == "gitlab"
    with pytest.raises(UserError) as raised:
        check_forge("bitbucket")
    assert str(raised.value) == "unknown forge 'bitbucket' (commitcast knows github and gitlab)"
    with pytest.raises(UserError, match="unknown forge 'bitbucket'"):
        # a name outside ForgeName, as a configuration can give one
        forge_for("https://bitbucket.org/a/b", state_dir=Path("."), forge="bitbucket")  # type: ignore[arg-type]


def _change(number: int | None, url: str | None = None) -> Change:
    when = datetime(2026, 9, 18, tzinfo=UTC)
    person = Person("A", "a@example.com")
    return Change(
        sha=f"{number or 0:040d}", title="t", body="", trailers={}, authors=[person], committer=person, landed_at=when,
        authored_at=when, files=[], added=0, deleted=0, pr=PullRequest(number, url) if number is not None else None,
    )  # fmt: skip


def test_requests_without_a_link_get_the_forges(tmp_path: Path) -> None:
    lab = GitLabForge(project="team/tool", state_dir=tmp_path, web_url="https://code.example.org/team/tool")
    linked = with_links([_change(5), _change(6, "https://elsewhere.example/6"), _change(None)], lab)
    assert [c.pr.url if c.pr else None for c in linked] == [
        "https://code.example.org/team/tool/-/merge_requests/5", "https://elsewhere.example/6", None,
    ]  # fmt: skip
    assert with_links([_change(5)], None)[0].pr == PullRequest(5, None)


def test_fetch_goes_through_the_interface(fake_gitlab: FakeGitLab, tmp_path: Path) -> None:
    fake_gitlab.add_mr(3, "Opened in the window", created="2026-09-18 10:00")
    found = forge_for(
        "https://gitlab.example.com/acme/tools/widgets", state_dir=tmp_path, forge="gitlab", api_urls={"gitlab": fake_gitlab.url}
    )
    assert isinstance(found, GitLabForge)
    source = GitLabForge(project=found.project, state_dir=tmp_path, web_url=found.web_url, api_url=found.api_url,
                         token=fake_gitlab.token)
    window = Window(since=datetime(2026, 9, 18, tzinfo=UTC), until=datetime(2026, 9, 19, tzinfo=UTC))
    activity = source.fetch(window)
    assert activity is not None and [p.number for p in activity.prs] == [3]
    assert (tmp_path / "gitlab" / "http").is_dir()


def test_public_api_changes_only_on_purpose() -> None:
    assert sorted(gitlab.__all__) == sorted(
        """DEFAULT_API_URL GitLabClient GitLabForge api_url_for cache_dir_for check_api_url check_project
        collect_activity fetch_activity gitlab_project linked_issues project_id token_from_env""".split()
    )
    assert sorted(forges.__all__) == sorted(
        """FORGE_NAMES ActivitySource EnrichedDay Forge ForgeName PrMatch PullRequestActivity PullRequestRecord
        Review StackInReview check_forge enrich forge_for forge_name normalise_title open_at
        reviewer_names reviewers_to_thank spotlight stack_next_items unlanded_wins window_events with_links""".split()
    )
    assert all(hasattr(gitlab, name) for name in gitlab.__all__)
    assert all(hasattr(forges, name) for name in forges.__all__)
