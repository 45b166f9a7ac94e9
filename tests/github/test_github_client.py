"""The GitHub client against a loopback server: pagination, ETags, rate limits, retries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from commitcast.ingest.github import (
    GitHubClient,
    GitHubError,
    GitHubUnavailable,
    NotFound,
    RateLimited,
    token_from_env,
)
from commitcast.ingest.github.client import graphql_url_for

# The fake server comes from conftest.py through fixtures; its class is not importable here.
FakeGitHub = Any


class Sleeps(list):
    """Records the waits the client asks for instead of taking them."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def client_for(fake: FakeGitHub, tmp_path: Path, **kwargs) -> GitHubClient:
    options = {"token": fake.token, "cache_dir": tmp_path / "cache", "backoff": 0.0, "sleep": Sleeps()} | kwargs
    return GitHubClient(fake.url, **options)


def seed(fake: FakeGitHub, count: int) -> None:
    for n in range(1, count + 1):
        fake.add_pr(n, f"PR {n}", created=f"2026-09-18 {n % 24:02d}:00")


def test_pagination_follows_link_headers(fake_github: FakeGitHub, tmp_path: Path) -> None:
    seed(fake_github, 7)
    with client_for(fake_github, tmp_path) as client:
        pages = list(client.paginate("repos/acme/widgets/pulls", {"per_page": 3}))
    assert [len(p) for p in pages] == [3, 3, 1]
    assert sorted(pr["number"] for page in pages for pr in page) == list(range(1, 8))
    assert [s.query["page"][0] for s in fake_github.calls()[1:]] == ["2", "3"]
    assert all(s.authorized for s in fake_github.seen)


def test_etag_revalidation_serves_cached_body_on_304(fake_github: FakeGitHub, tmp_path: Path) -> None:
    seed(fake_github, 2)
    with client_for(fake_github, tmp_path) as client:
        first = client.get_json("repos/acme/widgets/pulls/1")
    with client_for(fake_github, tmp_path) as client:
        again = client.get_json("repos/acme/widgets/pulls/1")
        assert client.stats.conditional == 1 and client.stats.not_modified == 1
    assert again == first and again["title"] == "PR 1"
    assert [s.conditional for s in fake_github.seen] == [False, True]
    # The resource changed: the conditional request gets the new body.
    fake_github.prs[1]["title"] = "PR 1, edited"
    with client_for(fake_github, tmp_path) as client:
        assert client.get_json("repos/acme/widgets/pulls/1")["title"] == "PR 1, edited"
        assert client.stats.not_modified == 0


def test_cached_pages_keep_their_next_links(fake_github: FakeGitHub, tmp_path: Path) -> None:
    seed(fake_github, 5)
    with client_for(fake_github, tmp_path) as client:
        cold = list(client.paginate("repos/acme/widgets/pulls", {"per_page": 2}))
    with client_for(fake_github, tmp_path) as client:
        warm = list(client.paginate("repos/acme/widgets/pulls", {"per_page": 2}))
        assert client.stats.not_modified == 3
    assert warm == cold


def test_fresh_while_tag_skips_the_request(fake_github: FakeGitHub, tmp_path: Path) -> None:
    seed(fake_github, 1)
    with client_for(fake_github, tmp_path) as client:
        client.get_json("repos/acme/widgets/pulls/1", fresh_while="v1")
        client.get_json("repos/acme/widgets/pulls/1", fresh_while="v1")
        assert client.stats.requests == 1 and client.stats.cache_hits == 1
        client.get_json("repos/acme/widgets/pulls/1", fresh_while="v2")
        assert client.stats.requests == 2


def test_secondary_rate_limit_waits_as_told(fake_github: FakeGitHub, tmp_path: Path) -> None:
    seed(fake_github, 1)
    limited = ("status", 403, {"Retry-After": "7"}, {"message": "You have exceeded a secondary rate limit."})
    fake_github.fail("/repos/acme/widgets/pulls/1", limited)
    sleeps = Sleeps()
    with client_for(fake_github, tmp_path, sleep=sleeps, max_wait=30) as client:
        assert client.get_json("repos/acme/widgets/pulls/1")["number"] == 1
    assert sleeps == [7.0]
    assert len(fake_github.seen) == 2


def test_rate_limit_past_the_bound_gives_up_without_waiting(fake_github: FakeGitHub, tmp_path: Path) -> None:
    seed(fake_github, 1)
    limited = ("status", 403, {"Retry-After": "120"}, {"message": "secondary rate limit"})
    fake_github.fail("/repos/acme/widgets/pulls/1", limited)
    sleeps = Sleeps()
    with client_for(fake_github, tmp_path, sleep=sleeps, max_wait=30) as client:
        with pytest.raises(RateLimited, match="beyond the 30 s wait bound"):
            client.get_json("repos/acme/widgets/pulls/1")
    assert sleeps == []


def test_primary_rate_limit_waits_until_reset(fake_github: FakeGitHub, tmp_path: Path) -> None:
    seed(fake_github, 1)
    headers = {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1005"}
    fake_github.fail("/repos/acme/widgets/pulls/1", ("status", 403, headers, {"message": "API rate limit exceeded"}))
    sleeps = Sleeps()
    with client_for(fake_github, tmp_path, sleep=sleeps, clock=lambda: 1000.0) as client:
        client.get_json("repos/acme/widgets/pulls/1")
    assert sleeps == [6.0]  # until the reset, plus a second of slack


def test_permission_403_is_not_retried(fake_github: FakeGitHub, tmp_path: Path) -> None:
    fake_github.fail("/repos/acme/widgets/pulls/1", ("status", 403, {}, {"message": "Resource not accessible"}))
    with client_for(fake_github, tmp_path) as client:
        with pytest.raises(GitHubUnavailable, match="access denied: 403 Resource not accessible"):
            client.get_json("repos/acme/widgets/pulls/1")
    assert len(fake_github.seen) == 1


def test_5xx_is_retried_with_backoff(fake_github: FakeGitHub, tmp_path: Path) -> None:
    seed(fake_github, 1)
    bad_gateway: tuple[str, int, dict[str, str], dict[str, str]] = ("status", 502, {}, {"message": "Server Error"})
    fake_github.fail("/repos/acme/widgets/pulls/1", bad_gateway, bad_gateway)
    sleeps = Sleeps()
    with client_for(fake_github, tmp_path, sleep=sleeps, backoff=0.5) as client:
        assert client.get_json("repos/acme/widgets/pulls/1")["number"] == 1
        assert client.stats.retries == 2
    assert sleeps == [0.5, 1.0]


def test_5xx_that_persists_makes_github_unavailable(fake_github: FakeGitHub, tmp_path: Path) -> None:
    fake_github.fail("/repos/acme/widgets/pulls/1", *[("status", 502, {}, {})] * 4)
    with client_for(fake_github, tmp_path, retries=3) as client:
        with pytest.raises(GitHubUnavailable, match="answered 502 4 times"):
            client.get_json("repos/acme/widgets/pulls/1")


def test_slow_reply_past_the_timeout_is_retried(fake_github: FakeGitHub, tmp_path: Path) -> None:
    seed(fake_github, 1)
    fake_github.fail("/repos/acme/widgets/pulls/1", ("slow", 0.6))
    with client_for(fake_github, tmp_path, timeout=2.0) as client:  # the fast reply's budget, even under load
        assert client.get_json("repos/acme/widgets/pulls/1")["number"] == 1
        assert client.stats.retries == 1


def test_slow_replies_every_time_make_github_unavailable(fake_github: FakeGitHub, tmp_path: Path) -> None:
    fake_github.fail("/repos/acme/widgets/pulls/1", ("slow", 0.4), ("slow", 0.4))
    with client_for(fake_github, tmp_path, timeout=0.15, retries=1) as client:
        with pytest.raises(GitHubUnavailable, match="timed out 2 times"):
            client.get_json("repos/acme/widgets/pulls/1")


def test_refused_connection_fails_fast(tmp_path: Path) -> None:
    sleeps = Sleeps()
    with GitHubClient("http://127.0.0.1:9", token="t", sleep=sleeps) as client:
        with pytest.raises(GitHubUnavailable, match="cannot reach 127.0.0.1"):
            client.get_json("rate_limit")
    assert sleeps == []


def test_bad_token_and_missing_resource(fake_github: FakeGitHub, tmp_path: Path) -> None:
    with client_for(fake_github, tmp_path, token="ghp_wrong") as client:
        with pytest.raises(GitHubUnavailable, match="refused the token"):
            client.get_json("repos/acme/widgets/pulls")
    with client_for(fake_github, tmp_path) as client:
        with pytest.raises(NotFound):
            client.get_json("repos/acme/widgets/pulls/999")


def test_link_to_another_host_is_not_followed(fake_github: FakeGitHub, tmp_path: Path) -> None:
    seed(fake_github, 3)
    fake_github.link_host = "evil.example:80"
    with client_for(fake_github, tmp_path) as client:
        pages = client.paginate("repos/acme/widgets/pulls", {"per_page": 2})
        next(pages)
        with pytest.raises(GitHubUnavailable, match="outside the API"):
            next(pages)
    assert len(fake_github.seen) == 1


def test_enterprise_base_url(fake_enterprise: FakeGitHub, tmp_path: Path) -> None:
    fake_enterprise.add_pr(5, "On the enterprise")
    assert fake_enterprise.url.endswith("/api/v3")
    assert graphql_url_for(fake_enterprise.url) == fake_enterprise.url.removesuffix("/v3") + "/graphql"
    assert graphql_url_for("https://api.github.com/") == "https://api.github.com/graphql"
    with client_for(fake_enterprise, tmp_path) as client:
        assert client.get_json("repos/acme/widgets/pulls/5")["title"] == "On the enterprise"
        data = client.graphql("{ pr5: pullRequest(number: 5) { x } }", {})
    assert data["repository"]["pr5"]["author"]["login"] == "alice"
    assert [s.path for s in fake_enterprise.seen] == ["/api/v3/repos/acme/widgets/pulls/5", "/api/graphql"]


def test_graphql_errors_are_reported(fake_github: FakeGitHub, tmp_path: Path) -> None:
    fake_github.fail("/graphql", ("status", 200, {}, {"errors": [{"type": "RATE_LIMITED", "message": "slow down"}]}))
    fake_github.fail("/graphql", ("status", 200, {}, {"errors": [{"message": "Field 'x' doesn't exist"}]}))
    with client_for(fake_github, tmp_path) as client:
        with pytest.raises(RateLimited, match="slow down"):
            client.graphql("{ x }", {})
        with pytest.raises(GitHubError, match="doesn't exist"):
            client.graphql("{ x }", {})


def test_token_stays_out_of_cache_and_repr(fake_github: FakeGitHub, tmp_path: Path) -> None:
    seed(fake_github, 4)
    with client_for(fake_github, tmp_path) as client:
        list(client.paginate("repos/acme/widgets/pulls", {"per_page": 2}))
        assert fake_github.token not in repr(client)
    files = list((tmp_path / "cache").rglob("*.json"))
    assert len(files) == 2
    assert all(fake_github.token not in f.read_text() for f in files)


def test_token_from_env_prefers_github_token() -> None:
    assert token_from_env({"GITHUB_TOKEN": "a", "GH_TOKEN": "b"}) == "a"
    assert token_from_env({"GITHUB_TOKEN": " ", "GH_TOKEN": "b"}) == "b"
    assert token_from_env({}) is None
