"""Merge-request activity for a window, read from a loopback GitLab in GitLab's documented shapes."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from commitcast.errors import UserError
from commitcast.ingest.gitlab import (
    GitLabClient,
    collect_activity,
    fetch_activity,
    linked_issues,
    project_id,
)
from commitcast.model import Window

FakeGitLab = Any  # served by conftest.py
PROJECT = "acme/tools/widgets"
WINDOW = Window(since=datetime(2026, 9, 18, tzinfo=UTC), until=datetime(2026, 9, 19, tzinfo=UTC))


def build_world(fake: FakeGitLab) -> None:
    for username, name in [("alice", "Alice Example"), ("bob", "Bob Builder"), ("carol", "Carol Coder"), ("maintainer", "Mae Tainer")]:
        fake.add_user(username, name)
    fake.add_mr(
        10, "Cache widget lookups", created="2026-09-18 08:00", updated="2026-09-18 17:00",
        labels=("performance", "cache"), description="Closes #7 and fixes acme/tools/widgets#8; see other/repo#9.",
        reviewers=("bob", "carol"), notes=3,
    )  # fmt: skip
    fake.approve(10, "bob")
    fake.approve(10, "alice")  # the author's own approval does not count as a review
    fake.add_mr(11, "Merged today", author="bob", created="2026-09-10 08:00", merged="2026-09-18 13:00",
                merge_commit_sha="a" * 40, squash_commit_sha="b" * 40)
    fake.add_mr(12, "Squashed and fast-forwarded", author="carol", created="2026-09-11 08:00",
                merged="2026-09-18 14:00", squash_commit_sha="c" * 40)
    fake.add_mr(13, "Closed today", author="carol", created="2026-09-11 08:00", closed="2026-09-18 15:00")
    fake.add_mr(14, "Draft: still thinking", author="bob", created="2026-09-18 10:00", draft=True)
    fake.add_mr(15, "Merged long ago, commented today", created="2026-09-01 08:00", merged="2026-09-02 08:00",
                updated="2026-09-18 12:00")
    fake.add_mr(16, "Opened tomorrow", created="2026-09-19 08:00")
    fake.add_mr(17, "Quiet since last week", created="2026-09-10 08:00", updated="2026-09-11 08:00")


def fetch(fake: FakeGitLab, tmp_path: Path, **options: Any):
    with GitLabClient(fake.url, token=fake.token, cache_dir=tmp_path / "cache", backoff=0.0) as client:
        return collect_activity(client, PROJECT, WINDOW, **options), client.stats


def test_what_moved_in_the_window(fake_gitlab: FakeGitLab, tmp_path: Path) -> None:
    build_world(fake_gitlab)
    activity, _ = fetch(fake_gitlab, tmp_path)
    assert activity.source == "gitlab" and activity.repo == PROJECT
    by_number = {p.number: p for p in activity.prs}
    assert sorted(by_number) == [10, 11, 12, 13, 14]
    assert by_number[10].events == ["opened"] and by_number[11].events == ["merged"]
    assert by_number[13].events == ["closed"] and by_number[13].state == "closed"
    assert by_number[14].draft and by_number[14].state == "open"
    # The listing asks only for what changed since the window opened.
    (listing,) = fake_gitlab.calls("/merge_requests")[:1]
    assert listing.path == "/api/v4/projects/acme%2Ftools%2Fwidgets/merge_requests"
    assert listing.query["updated_after"] == ["2026-09-18T00:00:00Z"] and listing.query["order_by"] == ["updated_at"]
    assert all(s.authorized for s in fake_gitlab.seen)


def test_records_carry_approvers_labels_names_and_links(fake_gitlab: FakeGitLab, tmp_path: Path) -> None:
    build_world(fake_gitlab)
    activity, _ = fetch(fake_gitlab, tmp_path)
    mr = next(p for p in activity.prs if p.number == 10)
    assert [(r.login, r.state, r.display) for r in mr.reviews] == [("bob", "APPROVED", "Bob Builder")]
    assert mr.requested_reviewers == ["carol"]  # asked to review, has not approved
    assert mr.labels == ["performance", "cache"] and mr.comments == 3
    assert mr.author == "alice" and mr.author_display == "Alice Example"
    assert mr.url == "https://gitlab.example.com/acme/tools/widgets/-/merge_requests/10"
    assert mr.linked_issues == [7, 8]  # other/repo#9 is another project's
    assert (mr.base_ref, mr.head_ref) == ("main", "feature-10")


def test_the_landing_commit_is_the_merge_commit_else_the_squash_commit(fake_gitlab: FakeGitLab, tmp_path: Path) -> None:
    build_world(fake_gitlab)
    activity, _ = fetch(fake_gitlab, tmp_path)
    by_number = {p.number: p for p in activity.prs}
    assert by_number[11].merge_commit_sha == "a" * 40  # a merge commit (its second parent: the squash)
    assert by_number[12].merge_commit_sha == "c" * 40  # fast-forward: the squash commit itself landed
    assert by_number[13].merge_commit_sha is None


def test_merge_requests_the_history_names_are_asked_for_in_one_request(fake_gitlab: FakeGitLab, tmp_path: Path) -> None:
    build_world(fake_gitlab)
    fake_gitlab.add_mr(3, "Landed last week", created="2026-09-01 08:00", merged="2026-09-02 08:00")
    fake_gitlab.approve(3, "carol")
    activity, _ = fetch(fake_gitlab, tmp_path, numbers={3, 11, 999})
    context = next(p for p in activity.prs if p.number == 3)
    assert context.events == [] and [r.display for r in context.reviews] == ["Carol Coder"]
    by_iid = [s for s in fake_gitlab.calls("/merge_requests") if "iids[]" in s.query]
    assert len(by_iid) == 1 and by_iid[0].query["iids[]"] == ["3", "999"]  # 11 was listed already


def test_pages_are_followed_through_gitlabs_link_header(fake_gitlab: FakeGitLab, tmp_path: Path) -> None:
    for iid in range(1, 131):
        fake_gitlab.add_mr(iid, f"Change {iid}", created="2026-09-18 01:00", updated=f"2026-09-18 {iid % 20 + 2:02d}:00")
    activity, _ = fetch(fake_gitlab, tmp_path)
    assert len(activity.prs) == 130
    listings = [s for s in fake_gitlab.calls("/merge_requests") if not s.path.endswith("/approvals")]
    assert [s.path for s in listings] == [
        "/api/v4/projects/acme%2Ftools%2Fwidgets/merge_requests", "/api/v4/projects/4242/merge_requests",
    ]  # fmt: skip


def test_a_rerun_asks_conditionally_and_reuses_finished_merge_requests_approvals(fake_gitlab: FakeGitLab, tmp_path: Path) -> None:
    build_world(fake_gitlab)
    first, _ = fetch(fake_gitlab, tmp_path)
    before = len(fake_gitlab.seen)
    second, stats = fetch(fake_gitlab, tmp_path)
    again = fake_gitlab.seen[before:]
    assert second.prs == first.prs
    assert stats.cache_hits == 3  # the approvals of the three merged or closed merge requests
    assert again and all(s.conditional for s in again) and stats.not_modified == len(again)


def test_an_instance_without_the_approvals_api_still_gives_its_merge_requests(fake_gitlab: FakeGitLab, tmp_path: Path) -> None:
    build_world(fake_gitlab)
    fake_gitlab.approvals_api = False
    activity, _ = fetch(fake_gitlab, tmp_path)
    assert len(activity.prs) == 5 and all(p.reviews == [] for p in activity.prs)


def test_a_self_hosted_gitlab_under_a_path(fake_self_hosted: FakeGitLab, tmp_path: Path) -> None:
    build_world(fake_self_hosted)
    activity = fetch_activity(PROJECT, WINDOW, state_dir=tmp_path, api_url=fake_self_hosted.url, token=fake_self_hosted.token)
    assert activity is not None and len(activity.prs) == 5
    assert activity.api_url == fake_self_hosted.url
    assert all(s.path.startswith("/gitlab/api/v4/projects/") for s in fake_self_hosted.seen)


def test_forge_text_is_capped_and_made_printable(fake_gitlab: FakeGitLab, tmp_path: Path) -> None:
    fake_gitlab.add_user("mallory", "Mal\x1b[2Jlory\u202e")
    fake_gitlab.add_mr(20, "T\x1b]0;owned\x07itle " + "x" * 5000, author="mallory", created="2026-09-18 09:00",
                       description="Body\x00 " + "y" * 200_000)
    activity, _ = fetch(fake_gitlab, tmp_path)
    (mr,) = activity.prs
    assert "\x1b" not in mr.title and len(mr.title) <= 1000 and mr.title.startswith("Title")
    assert "\x00" not in mr.body and len(mr.body) < 70_000
    assert mr.author_name == "Mallory"


def test_no_token_means_git_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.delenv("GITLAB_TOKEN", raising=False)
    with caplog.at_level(logging.INFO, logger="commitcast.gitlab"):
        assert fetch_activity(PROJECT, WINDOW, state_dir=tmp_path) is None
    assert [r.getMessage() for r in caplog.records] == ["GitLab not used: no GITLAB_TOKEN set"]


def test_the_token_comes_from_gitlab_token(monkeypatch: pytest.MonkeyPatch, fake_gitlab: FakeGitLab, tmp_path: Path) -> None:
    build_world(fake_gitlab)
    monkeypatch.setenv("GITLAB_TOKEN", fake_gitlab.token)
    activity = fetch_activity(PROJECT, WINDOW, state_dir=tmp_path, api_url=fake_gitlab.url)
    assert activity is not None and len(activity.prs) == 5 and all(s.authorized for s in fake_gitlab.seen)


LISTING = "/projects/acme/tools/widgets/merge_requests"


@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        (("status", 429, {"Retry-After": "3600"}, {"message": "Retry later"}), "rate limited for 3600 s, beyond the 5 s wait bound"),
        (("status", 503, {}, {}), "127.0.0.1 answered 503 4 times on /api/v4/projects/acme/tools/widgets/merge_requests"),
        (("status", 401, {}, {"message": "401 Unauthorized"}), "GitLab refused the token (401 401 Unauthorized)"),
        (("status", 404, {}, {"message": "404 Project Not Found"}),
         "/api/v4/projects/acme/tools/widgets/merge_requests not found, or the token cannot see it"),
    ],
)
def test_unusable_gitlab_logs_one_line(
    fault: tuple, reason: str, fake_gitlab: FakeGitLab, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake_gitlab.fail(LISTING, *[fault] * 4)
    with caplog.at_level(logging.INFO, logger="commitcast.gitlab"):
        result = fetch_activity(
            PROJECT, WINDOW, state_dir=tmp_path, api_url=fake_gitlab.url, token=fake_gitlab.token, max_wait=5, backoff=0.0
        )
    assert result is None
    assert [r.getMessage() for r in caplog.records] == [f"GitLab not used: {reason}"]


def test_a_short_rate_limit_is_waited_out(fake_gitlab: FakeGitLab, tmp_path: Path) -> None:
    build_world(fake_gitlab)
    fake_gitlab.fail(LISTING, ("status", 429, {"Retry-After": "2", "RateLimit-Remaining": "0"}, {"message": "Retry later"}))
    waits: list[float] = []
    with GitLabClient(fake_gitlab.url, token=fake_gitlab.token, sleep=waits.append) as client:
        activity = collect_activity(client, PROJECT, WINDOW)
    assert waits == [2.0] and len(activity.prs) == 5


def test_down_and_slow_gitlab_log_one_line(fake_gitlab: FakeGitLab, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    fake_gitlab.fail(LISTING, *[("slow", 0.3)] * 4)
    with caplog.at_level(logging.INFO, logger="commitcast.gitlab"):
        assert fetch_activity(PROJECT, WINDOW, state_dir=tmp_path, api_url="http://127.0.0.1:9/api/v4", token="glpat-x") is None
        assert fetch_activity(
            PROJECT, WINDOW, state_dir=tmp_path, api_url=fake_gitlab.url, token="glpat-x", timeout=0.1, backoff=0.0
        ) is None
    assert [r.getMessage() for r in caplog.records] == [
        "GitLab not used: cannot reach 127.0.0.1 (ConnectError)",
        "GitLab not used: 127.0.0.1 timed out 4 times on /api/v4/projects/acme/tools/widgets/merge_requests",
    ]


def test_the_token_never_leaks(fake_gitlab: FakeGitLab, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    build_world(fake_gitlab)
    token = fake_gitlab.token
    with caplog.at_level(logging.DEBUG):
        assert fetch_activity(PROJECT, WINDOW, state_dir=tmp_path, api_url=fake_gitlab.url, token=token) is not None
        fake_gitlab.fail(LISTING, ("status", 422, {}, {"message": f"bad request from {token}"}))
        assert fetch_activity(PROJECT, WINDOW, state_dir=tmp_path, api_url=fake_gitlab.url, token=token) is None
    assert "bad request from ***" in caplog.text and token not in caplog.text
    stored = [f.read_text() for f in tmp_path.rglob("*") if f.is_file()]
    assert stored and not [text for text in stored if token in text]


def test_bad_project_and_api_url_are_user_errors(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="GROUP/PROJECT"):
        fetch_activity("../../etc", WINDOW, state_dir=tmp_path, token="t")
    with pytest.raises(UserError, match="GROUP/PROJECT"):
        fetch_activity("justone", WINDOW, state_dir=tmp_path, token="t")
    with pytest.raises(UserError, match="gitlab-api-url"):
        fetch_activity("a/b", WINDOW, state_dir=tmp_path, token="t", api_url="https://user:pw@gitlab.example/api/v4")


def test_closing_references_and_project_ids() -> None:
    body = "Closes #1, fixes acme/widgets#2, resolves https://gitlab.example.com/acme/widgets/-/issues/3; implements #4; closes other/x#5"
    assert linked_issues(body, "acme/widgets") == [1, 2, 3, 4]
    assert project_id("group/sub/project") == "group%2Fsub%2Fproject"
