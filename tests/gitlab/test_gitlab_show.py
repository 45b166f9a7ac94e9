"""A GitLab show end to end: a history in GitLab's conventions (merge commits with ``See merge
request``, fast-forwarded squash commits, ``(!N)`` titles) joined with a loopback GitLab's merge
requests and approvals, through the forge interface the runner uses."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest

from commitcast.config import Config, ShowConfig
from commitcast.ingest import landed_changes
from commitcast.ingest.forges import (
    enrich,
    forge_for,
    spotlight,
    stack_next_items,
    unlanded_wins,
    with_links,
)
from commitcast.ingest.gitlab import GitLabForge
from commitcast.model import Show, Window
from commitcast.pipeline import daily_jobs, plan_and_script
from commitcast.runner import ShowRunner

FakeGitLab = Any  # served by conftest.py
PROJECT = "acme/tools/widgets"
WINDOW = Window(since=datetime(2026, 9, 18, tzinfo=UTC), until=datetime(2026, 9, 19, tzinfo=UTC))
DAY = date(2026, 9, 18)
MAE = "Mae Tainer <mae@example.com>"


@pytest.fixture
def world(make_repo, fake_gitlab: FakeGitLab) -> dict[str, Any]:
    """A day of landed changes in GitLab's conventions, and the merge requests around them."""
    repo = make_repo()
    repo.commit("Initial import", files={"README.md": "widgets\n"}, when="2026-09-17T10:00:00Z")
    repo.branch("fix-cache")
    repo.commit("Fix the cache key", files={"cache.py": "key = 2\n"}, branch="fix-cache",
                author="Bob Builder <bob@example.com>", when="2026-09-18T08:00:00Z")
    merge = repo.merge(
        "fix-cache",
        "Merge branch 'fix-cache' into 'main'\n\nFix the silent wrong widget sums in the cache\n\n"
        "Closes #7\n\nSee merge request acme/tools/widgets!12",
        author=MAE, when="2026-09-18T10:00:00Z",
    )  # fmt: skip
    squash = repo.commit("Speed up widget rendering 2x", files={"render.py": "fast = True\n"},
                         author="Carol Coder <carol@example.com>", when="2026-09-18T11:00:00Z")
    repo.commit("Add widget export (!14)", files={"export.py": "x = 1\n"}, author="Carol Coder <carol@example.com>",
                when="2026-09-18T12:00:00Z")
    repo.commit("Update README", files={"README.md": "widgets, faster\n"}, author=MAE, when="2026-09-18T13:00:00Z")
    repo.set_origin(f"git@gitlab.example.com:{PROJECT}.git")

    fake = fake_gitlab
    for username, name in [("alice", "Alice Example"), ("bob", "Bob Builder"), ("carol", "Carol Coder"), ("maintainer", "Mae Tainer")]:
        fake.add_user(username, name)
    fake.add_mr(12, "Fix the silent wrong widget sums in the cache", author="bob", created="2026-09-17 09:00",
                merged="2026-09-18 10:00", merge_commit_sha=merge, labels=("bug", "correctness"), notes=5,
                description="Closes #7", source="fix-cache")
    fake.approve(12, "alice")
    fake.approve(12, "carol")
    fake.add_mr(13, "Speed up widget rendering 2x", author="carol", created="2026-09-18 07:00",
                merged="2026-09-18 11:00", squash_commit_sha=squash, labels=("performance",))
    fake.approve(13, "alice")
    fake.add_mr(14, "Add widget export", author="carol", created="2026-09-17 07:00", merged="2026-09-18 12:00")
    fake.add_mr(15, "Fuse the widget kernels", author="bob", created="2026-09-18 09:00",
                description="Measured a 1.5x speedup on the widget benchmark.", reviewers=("alice",))
    fake.add_mr(16, "Try a new allocator", author="alice", created="2026-09-10 08:00", closed="2026-09-18 15:00")
    return {"repo": repo, "merge": merge, "squash": squash, "fake": fake}


def _show(world: dict[str, Any], tmp_path: Path, **settings: Any) -> tuple[Config, ShowConfig]:
    show = ShowConfig(show=Show(name="Widgets", slug="widgets", repo=str(world["repo"].path)), site_dir=str(tmp_path / "site"),
                      **settings)  # fmt: skip
    return Config(path="(test)", state_dir=str(tmp_path / "state"), shows=[show]), show


def test_landed_changes_are_joined_with_their_merge_requests(world: dict[str, Any], tmp_path: Path) -> None:
    fake = world["fake"]
    changes = landed_changes(world["repo"].path, WINDOW.since, WINDOW.until, state_dir=tmp_path / "ingest")
    forge = forge_for(f"https://gitlab.example.com/{PROJECT}", state_dir=tmp_path, api_urls={"gitlab": fake.url})
    assert isinstance(forge, GitLabForge) and forge.name == "gitlab"
    activity = replace(forge, token=fake.token).fetch(WINDOW, numbers={c.pr.number for c in changes if c.pr})
    day = enrich(changes, activity)
    how = {m.pr: m.how for m in day.matches}
    assert how == {12: "sha", 13: "sha", 14: "number"}  # the merge commit, the squash commit, "(!14)"
    merged = next(c for c in day.changes if c.sha == world["merge"])
    assert merged.title == "Fix the silent wrong widget sums in the cache"
    assert merged.reviewers == ["Alice Example", "Carol Coder"] and merged.labels == ["bug", "correctness"]
    assert merged.pr is not None and merged.pr.url == f"https://gitlab.example.com/{PROJECT}/-/merge_requests/12"
    assert [p.number for p in day.in_flight] == [15] and [p.number for p in day.closed_unlanded] == [16]
    pick = spotlight(day)
    assert pick is not None and pick.pr == 12 and pick.reviewers == ["Alice Example", "Carol Coder"]
    assert pick.url == f"https://gitlab.example.com/{PROJECT}/-/merge_requests/12"
    (unlanded,) = unlanded_wins(day)
    assert unlanded.pr == 15 and "1.5x speedup" in unlanded.text
    assert stack_next_items(day) == []


def test_the_runner_asks_gitlab_through_the_forge_interface(
    world: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = world["fake"]
    monkeypatch.setenv("GITLAB_TOKEN", fake.token)
    config, show = _show(world, tmp_path)
    runner = ShowRunner(config, show, gitlab_api_url=fake.url)
    told, landed = runner._history(DAY, DAY)
    assert told.show.web_url == f"https://gitlab.example.com/{PROJECT}"
    forge = runner._forge(told)
    assert forge is not None and forge.name == "gitlab"
    jobs = runner._with_forge(daily_jobs(told, [DAY], with_links(landed.changes, forge), tmp_path / "state"), forge)
    (day,) = jobs[0].days
    assert day.spotlight is not None and day.spotlight.pr == 12
    assert [item.pr for item in day.in_flight] == [15]
    plan, script = plan_and_script(jobs[0])
    urls = {ref.url for story in plan.stories for ref in story.changes} | {ref.url for ref in plan.quick_hits}
    assert f"https://gitlab.example.com/{PROJECT}/-/merge_requests/12" in urls
    assert not [u for u in urls if u and "/pull/" in u]
    spoken = " ".join(s.text for section in script.sections if section.kind == "spotlight" for s in section.sentences)
    assert "Alice Example" in spoken and "Carol Coder" in spoken


def test_a_self_hosted_gitlab_on_any_host_with_forge_gitlab(
    world: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = world["fake"]
    monkeypatch.setenv("GITLAB_TOKEN", fake.token)
    world["repo"].repo.remotes.set_url("origin", f"ssh://git@code.example.org:2222/{PROJECT}.git")
    config, show = _show(world, tmp_path, forge="gitlab")
    runner = ShowRunner(config, show, gitlab_api_url=fake.url)
    told, landed = runner._history(DAY, DAY)
    assert told.show.web_url == f"https://code.example.org/{PROJECT}"
    forge = runner._forge(told)
    assert forge is not None and forge.pr_url(12) == f"https://code.example.org/{PROJECT}/-/merge_requests/12"
    linked = with_links(landed.changes, forge)
    assert {c.pr.url for c in linked if c.pr} == {
        f"https://code.example.org/{PROJECT}/-/merge_requests/12", f"https://code.example.org/{PROJECT}/-/merge_requests/14",
    }  # fmt: skip
    jobs = runner._with_forge(daily_jobs(told, [DAY], linked, tmp_path / "state"), forge)
    assert jobs[0].days[0].spotlight is not None


def test_gitlab_down_means_an_episode_from_git_alone_and_one_log_line(
    world: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("GITLAB_TOKEN", world["fake"].token)
    config, show = _show(world, tmp_path)
    runner = ShowRunner(config, show, gitlab_api_url="http://127.0.0.1:9/api/v4")
    told, landed = runner._history(DAY, DAY)
    forge = runner._forge(told)
    jobs = daily_jobs(told, [DAY, date(2026, 9, 19)], with_links(landed.changes, forge), tmp_path / "state")
    with caplog.at_level(logging.INFO, logger="commitcast"):
        assert runner._with_forge(jobs, forge) == jobs
    assert [r.getMessage() for r in caplog.records] == ["GitLab not used: cannot reach 127.0.0.1 (ConnectError)"]


def test_no_gitlab_token_means_git_alone_and_one_log_line(
    world: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv("GITLAB_TOKEN", raising=False)
    config, show = _show(world, tmp_path)
    runner = ShowRunner(config, show, gitlab_api_url=world["fake"].url)
    told, landed = runner._history(DAY, DAY)
    forge = runner._forge(told)
    jobs = daily_jobs(told, [DAY], with_links(landed.changes, forge), tmp_path / "state")
    with caplog.at_level(logging.INFO, logger="commitcast.gitlab"):
        assert runner._with_forge(jobs, forge) == jobs
    assert [r.getMessage() for r in caplog.records] == ["GitLab not used: no GITLAB_TOKEN set"]
    assert world["fake"].seen == []


@pytest.mark.tts
def test_a_gitlab_shows_episode_names_its_merge_requests_and_reviewers(
    world: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole runner against the loopback GitLab: the notes link the merge requests, and the
    most-reviewed one gets its spotlight with its approvers."""
    from commitcast.store import Catalogue

    fake = world["fake"]
    monkeypatch.setenv("GITLAB_TOKEN", fake.token)
    config, show = _show(world, tmp_path)
    report = ShowRunner(config, show, gitlab_api_url=fake.url).run([DAY], recap_weeks=[])
    assert report.ok and report.made == ["2026-09-18"], report.failed
    with Catalogue.open(tmp_path / "state" / "catalogue.sqlite") as catalogue:
        (episode,) = catalogue.episodes("widgets")
    section = next(s for s in episode.script.sections if s.kind == "spotlight")
    said = " ".join(s.text for s in section.sentences)
    assert "Alice Example" in said and "Carol Coder" in said
    assert section.url == f"https://gitlab.example.com/{PROJECT}/-/merge_requests/12"
    page = (tmp_path / "site" / "episodes" / "2026-09-18" / "index.html").read_text(encoding="utf-8")
    assert f'href="https://gitlab.example.com/{PROJECT}/-/merge_requests/12"' in page
    assert "reviewed by Alice Example, Carol Coder" in page
    assert "/pull/" not in page
    assert fake.token not in page and fake.token not in episode.to_json().decode()


def test_a_configured_forge_without_a_project_url_is_said_once(
    world: dict[str, Any], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    world["repo"].repo.remotes.set_url("origin", "/srv/mirrors/widgets.git")  # a local mirror: no project page
    config, show = _show(world, tmp_path, forge="gitlab")
    runner = ShowRunner(config, show)
    told, _ = runner._history(DAY, DAY)
    with caplog.at_level(logging.INFO, logger="commitcast.runner"):
        assert told.show.web_url is None and runner._forge(told) is None
    assert [r.getMessage() for r in caplog.records] == [
        "widgets: forge gitlab not used: no web_url is set and the origin remote names no project on it"
    ]
