"""Hostile GitHub servers on loopback: pagination loops, endless and oversized pages, bodies
dripped a byte at a time and nested past any parser. Each must end the client's work with a
one-line GitHubUnavailable (so the run goes on from git alone), never hang or crash it."""

from __future__ import annotations

import json
import logging
import threading
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from commitcast.ingest.forges import http as client_module
from commitcast.ingest.github import GitHubClient, GitHubError, GitHubUnavailable
from commitcast.ingest.github.activity import collect_activity, fetch_activity
from commitcast.model import Window
from commitcast.untrusted import printable

TOKEN = "ghp_HostileTestTokenNeverShown0042"
# Servers come from the ``hostile_server`` fixture (tests/conftest.py): ``respond(handler,
# stop)`` writes each answer; a drip also ends by itself after DRIP_LIMIT bytes.
DRIP_LIMIT = 2_000


def send_json(handler: BaseHTTPRequestHandler, data: Any, headers: dict[str, str] | None = None) -> None:
    body = json.dumps(data).encode()
    handler.send_response(200)
    for key, value in {"Content-Type": "application/json", **(headers or {})}.items():
        handler.send_header(key, value)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def client(url: str, tmp_path: Path, **options: Any) -> GitHubClient:
    return GitHubClient(url, token=TOKEN, cache_dir=tmp_path / "cache", backoff=0.0, sleep=lambda s: None, **options)


def pages_read(url: str, tmp_path: Path, **options: Any) -> tuple[int, Exception | None]:
    """How many pages the client read of ``/items`` before it stopped, and why it stopped."""
    count = 0
    with client(url, tmp_path, **options) as api:
        try:
            for _ in api.paginate("items", {"per_page": 100}):
                count += 1
        except GitHubError as exc:
            return count, exc
    return count, None


def test_a_next_link_back_to_the_same_page_is_not_followed(hostile_server, tmp_path: Path) -> None:
    hits: list[str] = []

    def loop(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
        hits.append(handler.path)
        send_json(handler, [{"n": 1}], {"Link": f'<{base}/items?per_page=100>; rel="next"'})

    base = hostile_server(loop)
    count, error = pages_read(base, tmp_path)
    assert isinstance(error, GitHubUnavailable) and "back to a page already read" in str(error)
    assert count == 1 and len(hits) == 1


def test_endless_distinct_pages_stop_at_the_page_bound(hostile_server, tmp_path: Path) -> None:
    def endless(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
        query = handler.path.split("?")[-1]
        page = int(query.rsplit("&page=", 1)[1]) if "&page=" in query else 1
        send_json(handler, [{"n": page}], {"Link": f'<{base}/items?per_page=100&page={page + 1}>; rel="next"'})

    base = hostile_server(endless)
    count, error = pages_read(base, tmp_path)
    assert isinstance(error, GitHubUnavailable) and "pages" in str(error)
    assert count == client_module.MAX_PAGES


def test_a_page_of_twenty_thousand_items_is_refused(hostile_server, tmp_path: Path) -> None:
    base = hostile_server(lambda handler, stop: send_json(handler, [{"n": n} for n in range(20_000)]))
    count, error = pages_read(base, tmp_path)
    assert isinstance(error, GitHubUnavailable) and "20000 items" in str(error)
    assert count == 0


def test_an_answer_past_the_byte_bound_is_not_read_to_its_end(hostile_server, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(client_module, "MAX_ANSWER_BYTES", 1 << 20)
    sent = threading.Event()

    def huge(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(1 << 30))  # a gigabyte promised
        handler.end_headers()
        handler.wfile.write(b"[" + b'"x",' * 10)
        for _ in range(1 << 14):  # 64 KB at a time until the client hangs up
            if stop.is_set():
                return
            handler.wfile.write(b" " * (1 << 16))
        sent.set()

    base = hostile_server(huge)
    count, error = pages_read(base, tmp_path)
    assert isinstance(error, GitHubUnavailable) and "more than 1 MB" in str(error)
    assert not sent.is_set()  # it hung up long before the gigabyte


def test_a_slow_drip_is_cut_at_the_total_deadline(hostile_server, tmp_path: Path) -> None:
    """Each byte comes well inside the read timeout, so only a total deadline can end it."""
    dripping, dripped_all = threading.Event(), threading.Event()

    def drip(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(1 << 20))
        handler.end_headers()
        handler.wfile.write(b"[")
        handler.wfile.flush()
        for _ in range(DRIP_LIMIT):
            if stop.wait(0.02):  # the test is over, whatever the client does
                return
            handler.wfile.write(b" ")
            handler.wfile.flush()
            dripping.set()
        dripped_all.set()

    base = hostile_server(drip)
    count, error = pages_read(base, tmp_path, timeout=5.0, deadline=0.5)
    assert dripping.is_set() and not dripped_all.is_set()  # cut while the server was still sending
    assert isinstance(error, GitHubUnavailable) and "0.5 s bound" in str(error)


def test_an_answer_nested_past_the_parser_is_an_error_not_a_crash(hostile_server, tmp_path: Path) -> None:
    def deep(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
        body = b"[" * 200_000 + b"]" * 200_000
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    base = hostile_server(deep)
    count, error = pages_read(base, tmp_path)
    assert isinstance(error, GitHubError) and "not JSON that can be read" in str(error)


WINDOW = Window(since=datetime(2026, 9, 18, tzinfo=UTC), until=datetime(2026, 9, 19, tzinfo=UTC))


def test_fetch_activity_falls_back_in_one_line_on_a_pagination_loop(
    hostile_server, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    def loop(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
        pr = {"number": 1, "updated_at": "2026-09-18T10:00:00Z", "created_at": "2026-09-18T09:00:00Z"}
        send_json(handler, [pr], {"Link": f'<{base}{handler.path}>; rel="next"'})  # this very page again

    base = hostile_server(loop)
    with caplog.at_level(logging.WARNING, logger="commitcast.github"):
        found = fetch_activity("acme/widgets", WINDOW, state_dir=tmp_path, api_url=base, token=TOKEN, backoff=0.0)
    assert found is None
    (line,) = [r.getMessage() for r in caplog.records]
    assert line.startswith("GitHub not used:") and "back to a page already read" in line and TOKEN not in line


@pytest.mark.parametrize(
    "login", ['mallory"><img src=x onerror=alert(1)>', "mallory/../../admin?x=1#frag", "..", "mal lory\u202e%2F..%2F"]
)
def test_a_hostile_login_is_kept_as_data(fake_github, tmp_path: Path, login: str) -> None:
    """A login is the forge's text like a title: it is kept (and escaped where it is shown),
    never a reason to drop the day's enrichment, and never a way to steer a request."""
    fake_github.add_pr(10, "Speed up the cache", user=login, created="2026-09-18 09:00", merged="2026-09-18 11:00")
    fake_github.add_review(10, login, "APPROVED", "2026-09-18 10:00")
    fake_github.add_pr(11, "Fix the parser", user="alice", created="2026-09-18 09:30")
    fake_github.add_review(11, login, "APPROVED", "2026-09-18 10:30")
    with GitHubClient(fake_github.url, token=fake_github.token, cache_dir=tmp_path / "cache", backoff=0.0) as api:
        activity = collect_activity(api, "acme/widgets", WINDOW)
    prs = {p.number: p for p in activity.prs}
    assert sorted(prs) == [10, 11]
    assert prs[10].author == printable(login) and [r.login for r in prs[11].reviews] == [printable(login)]
    asked = [s.path for s in fake_github.seen if not s.path.startswith("/repos/acme/widgets/")]
    assert asked == ["/users/alice"]  # no request is made of a name GitHub never gives out
