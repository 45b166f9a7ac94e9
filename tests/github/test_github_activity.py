"""PR activity for a window, read from a loopback GitHub: REST and GraphQL give the same."""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from commitcast.errors import UserError
from commitcast.ingest.github import (
    GitHubClient,
    collect_activity,
    fetch_activity,
    ghstack_user,
    linked_issues,
    stack_from_body,
)
from commitcast.model import Window

FakeGitHub = Any  # served by conftest.py
WINDOW = Window(since=datetime(2026, 9, 18, tzinfo=UTC), until=datetime(2026, 9, 19, tzinfo=UTC))
STACK_BODY = """Stack from [ghstack](https://github.com/ezyang/ghstack) (oldest at bottom):
* #22
* #21
* __->__ #20

Adds the widget cache.
"""


def build_world(fake: FakeGitHub) -> None:
    for login, name in [("alice", "Alice Example"), ("bob", "Bob Builder"), ("carol", None), ("dave", "Dave D"), ("erin", "Erin E")]:
        fake.add_user(login, name)
    fake.add_pr(
        10,
        "Cache widget lookups",
        created="2026-09-18 08:00",
        updated="2026-09-18 17:00",
        labels=("perf", "module: cache"),
        body="Fixes #7 and closes acme/widgets#8; see other/repo#9.",
        requested=("dave",),
    )
    fake.add_review(10, "bob", "APPROVED", "2026-09-18 10:00")
    fake.add_review(10, "bob", "COMMENTED", "2026-09-18 11:00")  # a later comment keeps the approval
    fake.add_review(10, "carol", "CHANGES_REQUESTED", "2026-09-18 12:00")
    fake.add_review(10, "alice", "COMMENTED", "2026-09-18 12:30")  # the author answering
    fake.add_review(10, "carol", "APPROVED", "2026-09-18 16:00")
    for hour in (9, 10, 11):
        fake.add_comment(10, "dave", f"2026-09-18 {hour:02d}:30")
    fake.add_pr(11, "Merged today", user="bob", created="2026-09-10 08:00", merged="2026-09-18 13:00")
    fake.add_pr(12, "Closed today", user="carol", created="2026-09-11 08:00", closed="2026-09-18 14:00")
    fake.add_pr(13, "Reopened today", user="dave", created="2026-09-09 08:00", updated="2026-09-18 15:00")
    fake.add_reopen(13, "2026-09-18 15:00")
    fake.add_pr(14, "Reviewed today", user="alice", created="2026-09-12 08:00", updated="2026-09-18 15:30")
    fake.add_review(14, "dave", "APPROVED", "2026-09-18 15:30")
    fake.add_pr(15, "Only relabelled today", created="2026-09-12 08:00", updated="2026-09-18 16:00")
    fake.add_pr(16, "Commented after close", created="2026-09-01 08:00", closed="2026-09-15 08:00", updated="2026-09-18 16:10")
    fake.add_pr(20, "Add the widget cache", user="erin", created="2026-09-18 09:00", head="gh/erin/5/head", body=STACK_BODY)
    fake.add_pr(21, "Stack middle", user="erin", created="2026-09-17 09:00", head="gh/erin/6/head", body=STACK_BODY.replace("__->__ #20", "#20").replace("* #21", "* __->__ #21"))
    fake.add_pr(22, "Stack top", user="erin", created="2026-09-17 09:00", head="gh/erin/7/head", body=STACK_BODY)
    fake.add_pr(30, "Bump numpy", user="dependabot[bot]", bot=True, created="2026-09-18 06:00")
    fake.add_pr(40, "Landed last week", created="2026-09-01 08:00", merged="2026-09-10 08:00")
    for n in range(100, 250):  # the listing must stop at the first page older than the window
        fake.add_pr(n, f"Old {n}", created="2026-08-01 08:00", updated="2026-09-01 08:00")


def fetch(fake: FakeGitHub, tmp_path: Path, **kwargs: Any):
    with GitHubClient(fake.url, token=fake.token, cache_dir=tmp_path / "cache", backoff=0.0) as client:
        activity = collect_activity(client, "acme/widgets", WINDOW, numbers={40, 41}, **kwargs)
    return activity, client.stats


def test_activity_classifies_the_window(fake_github: FakeGitHub, tmp_path: Path) -> None:
    build_world(fake_github)
    activity, _ = fetch(fake_github, tmp_path)
    prs = {p.number: p for p in activity.prs}
    assert sorted(prs) == [10, 11, 12, 13, 14, 20, 21, 22, 30, 40]
    assert prs[10].events == ["opened", "reviewed"]
    assert prs[11].events == ["merged"] and prs[11].state == "merged"
    assert prs[12].events == ["closed"] and prs[12].state == "closed"
    assert prs[13].events == ["reopened"]
    assert prs[14].events == ["reviewed"]
    assert prs[21].events == [] and prs[40].events == []  # context: stack sibling, asked for

    ten = prs[10]
    assert [(r.login, r.state, r.name) for r in ten.reviews] == [
        ("bob", "APPROVED", "Bob Builder"),
        ("carol", "APPROVED", None),
    ]
    assert ten.comments == 3
    assert ten.linked_issues == [7, 8]
    assert ten.labels == ["perf", "module: cache"]
    assert ten.requested_reviewers == ["dave"]
    assert ten.author_name == "Alice Example" and ten.author_display == "Alice Example"
    assert ten.url == "https://github.com/acme/widgets/pull/10"

    assert prs[20].ghstack_user == "erin" and prs[20].stack == [20, 21, 22]
    assert prs[30].author_is_bot and prs[30].author_display == "dependabot"
    assert {p.number for p in activity.prs if p.ghstack_user} == {20, 21, 22}


def test_activity_calls_and_cached_rerun(fake_github: FakeGitHub, tmp_path: Path) -> None:
    build_world(fake_github)
    fetch(fake_github, tmp_path)
    assert len(fake_github.calls("/repos/acme/widgets/pulls")) == 1 + 4  # one page; 21, 22, 40, 41
    # Detail calls only for PRs that may have moved: not 15's neighbour 16 (closed before).
    timelines = {s.path.split("/")[5] for s in fake_github.calls("/repos/acme/widgets/issues/")}
    assert timelines == {"10", "11", "12", "13", "14", "15", "20", "21", "22", "30", "40"}
    assert {s.path for s in fake_github.calls("/users/")} == {f"/users/{u}" for u in ["alice", "bob", "carol", "dave", "erin"]}

    fake_github.seen.clear()
    again, stats = fetch(fake_github, tmp_path)
    # Everything is revalidated (304) or known fresh; only #41's 404 has nothing to revalidate.
    assert stats.conditional == stats.not_modified == 4 and stats.requests == 5
    assert [s.path for s in fake_github.seen if not s.conditional] == ["/repos/acme/widgets/pulls/41"]
    assert not fake_github.calls("/users/") and not fake_github.calls("/repos/acme/widgets/issues/")
    assert len(again.prs) == 10


def test_graphql_mode_gives_the_same_records(fake_github: FakeGitHub, tmp_path: Path) -> None:
    build_world(fake_github)
    rest, _ = fetch(fake_github, tmp_path / "rest")
    fake_github.seen.clear()
    graph, stats = fetch(fake_github, tmp_path / "graphql", graphql=True)
    assert [p.to_dict() for p in graph.prs] == [p.to_dict() for p in rest.prs]
    assert len(fake_github.calls("/graphql")) == 1  # 11 PRs in one batch
    assert not fake_github.calls("/users/") and not fake_github.calls("/repos/acme/widgets/issues/")
    _, again = fetch(fake_github, tmp_path / "graphql", graphql=True)
    assert again.cache_hits == 1 and len(fake_github.calls("/graphql")) == 1


def test_activity_round_trips_as_json(fake_github: FakeGitHub, tmp_path: Path) -> None:
    build_world(fake_github)
    activity, _ = fetch(fake_github, tmp_path)
    assert type(activity).from_json(activity.to_json()) == activity


def test_no_token_means_git_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    monkeypatch.delenv("GH_TOKEN", raising=False)
    with caplog.at_level(logging.INFO, logger="commitcast.github"):
        assert fetch_activity("acme/widgets", WINDOW, state_dir=tmp_path) is None
    assert [r.getMessage() for r in caplog.records] == ["GitHub not used: no GITHUB_TOKEN or GH_TOKEN set"]


def test_token_is_read_from_gh_token(monkeypatch: pytest.MonkeyPatch, fake_github: FakeGitHub, tmp_path: Path) -> None:
    build_world(fake_github)
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    monkeypatch.setenv("GH_TOKEN", fake_github.token)
    activity = fetch_activity("acme/widgets", WINDOW, state_dir=tmp_path, api_url=fake_github.url)
    assert activity is not None and len(activity.prs) == 9
    assert all(s.authorized for s in fake_github.seen)


@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        (("status", 403, {"Retry-After": "3600"}, {"message": "secondary rate limit"}), "rate limited for 3600 s, beyond the 5 s wait bound"),
        (("status", 502, {}, {}), "127.0.0.1 answered 502 4 times on /repos/acme/widgets/pulls"),
        (("status", 401, {}, {"message": "Bad credentials"}), "GitHub refused the token (401 Bad credentials)"),
        (("status", 404, {}, {"message": "Not Found"}), "/repos/acme/widgets/pulls not found, or the token cannot see it"),
    ],
)
def test_unusable_github_logs_one_line(
    fault: tuple, reason: str, fake_github: FakeGitHub, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake_github.fail("/repos/acme/widgets/pulls", *[fault] * 4)
    with caplog.at_level(logging.INFO, logger="commitcast.github"):
        result = fetch_activity(
            "acme/widgets", WINDOW, state_dir=tmp_path, api_url=fake_github.url, token=fake_github.token, max_wait=5, backoff=0.0
        )
    assert result is None
    assert [r.getMessage() for r in caplog.records] == [f"GitHub not used: {reason}"]


def test_offline_and_timeouts_log_one_line(fake_github: FakeGitHub, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    fake_github.fail("/repos/acme/widgets/pulls", *[("slow", 0.3)] * 4)
    with caplog.at_level(logging.INFO, logger="commitcast.github"):
        assert fetch_activity("acme/widgets", WINDOW, state_dir=tmp_path, api_url="http://127.0.0.1:9", token="ghp_x") is None
        assert fetch_activity(
            "acme/widgets", WINDOW, state_dir=tmp_path, api_url=fake_github.url, token="ghp_x", timeout=0.1, backoff=0.0
        ) is None
    assert [r.getMessage() for r in caplog.records] == [
        "GitHub not used: cannot reach 127.0.0.1 (ConnectError)",
        "GitHub not used: 127.0.0.1 timed out 4 times on /repos/acme/widgets/pulls",
    ]


def test_bad_slug_and_api_url_are_user_errors(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="OWNER/NAME"):
        fetch_activity("../../etc", WINDOW, state_dir=tmp_path, token="t")
    with pytest.raises(UserError, match="github-api-url"):
        fetch_activity("a/b", WINDOW, state_dir=tmp_path, token="t", api_url="https://user:pw@ghe.example/api/v3")


def test_ghstack_and_linked_issue_parsing() -> None:
    assert ghstack_user("gh/erin/12/head") == "erin"
    assert ghstack_user("gh/erin/12/base") is None and ghstack_user("feature") is None
    assert stack_from_body(STACK_BODY) == [20, 21, 22]
    assert stack_from_body("no stack here") == []
    body = "Fixes #1. Resolves: #2\nCloses https://github.com/acme/widgets/issues/3\nfixes other/x#4\nPull Request resolved: https://github.com/acme/widgets/pull/5"
    assert linked_issues(body, "acme/widgets") == [1, 2, 3]


def test_forge_text_is_printable_and_within_the_message_caps(fake_github: FakeGitHub, tmp_path: Path) -> None:
    from commitcast.ingest.messages import BODY_CAP, SUBJECT_CAP

    hostile = "\x1b]0;owned\x07\x1b[2J\x9b31m\u202e\x00"
    fake_github.add_user("alice", f"Alice{hostile} Example")
    fake_github.add_pr(
        10,
        f"Speed up{hostile} the cache " + "x" * 5_000,
        body=f"Fixes #7{hostile}\n" + "y " * 100_000,
        labels=(f"perf{hostile}",),
    )
    activity, _ = fetch(fake_github, tmp_path)
    (pr,) = [p for p in activity.prs if p.number == 10]
    assert pr.title.startswith("Speed up the cache x") and len(pr.title) <= SUBJECT_CAP
    assert len(pr.body) <= BODY_CAP + 2 and pr.linked_issues == [7]
    assert pr.labels == ["perf"] and pr.author_name == "Alice Example"
    # No control character anywhere in the answer (msgspec writes them as \u00XX escapes).
    assert not re.search(r"\\u00[01][0-9a-f]|[\x7f-\x9f\u202a-\u202e]", activity.to_json().decode())
