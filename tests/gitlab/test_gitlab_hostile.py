"""A hostile GitLab on loopback is bounded as GitHub is (the client is the same): endless pages,
a page that links back to itself, a link to another host, an answer past the byte bound. Each ends
the fetch with one log line, and the episode goes on from git alone."""

from __future__ import annotations

import json
import logging
import threading
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from commitcast.ingest.forges import http
from commitcast.ingest.gitlab import fetch_activity
from commitcast.model import Window

TOKEN = "glpat-HostileTestTokenNeverShown"
WINDOW = Window(since=datetime(2026, 9, 18, tzinfo=UTC), until=datetime(2026, 9, 19, tzinfo=UTC))
MR = {"iid": 1, "title": "t", "state": "opened", "created_at": "2026-09-18T09:00:00Z", "updated_at": "2026-09-18T23:00:00Z",
      "author": {"username": "a", "name": "A"}}  # fmt: skip


def send_json(handler: BaseHTTPRequestHandler, data: Any, headers: dict[str, str] | None = None) -> None:
    body = json.dumps(data).encode()
    handler.send_response(200)
    for key, value in {"Content-Type": "application/json", **(headers or {})}.items():
        handler.send_header(key, value)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def fetched(base: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> list[str]:
    with caplog.at_level(logging.INFO, logger="commitcast.gitlab"):
        assert fetch_activity("acme/widgets", WINDOW, state_dir=tmp_path, api_url=base, token=TOKEN, backoff=0.0) is None
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and TOKEN not in lines[0]
    return lines


def _page(handler: BaseHTTPRequestHandler) -> int:
    query = handler.path.split("?")[-1]
    return int(query.rsplit("page=", 1)[1].split("&")[0]) if "&page=" in query else 1


def test_endless_pages_stop_at_the_page_bound(hostile_server, tmp_path: Path, caplog) -> None:
    def endless(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
        page = _page(handler)
        link = f"{base}/projects/1/merge_requests?per_page=100&page={page + 1}"
        send_json(handler, [MR | {"iid": page}], {"Link": f'<{link}>; rel="next"', "X-Next-Page": str(page + 1)})

    base = hostile_server(endless) + "/api/v4"
    (line,) = fetched(base, tmp_path, caplog)
    assert line == f"GitLab not used: 127.0.0.1 has more than {http.MAX_PAGES} pages of /api/v4/projects/1/merge_requests"


def test_a_page_linking_back_to_itself_is_not_followed(hostile_server, tmp_path: Path, caplog) -> None:
    def loop(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
        send_json(handler, [MR], {"Link": f'<{base}{handler.path.removeprefix("/api/v4")}>; rel="next"'})

    base = hostile_server(loop) + "/api/v4"
    (line,) = fetched(base, tmp_path, caplog)
    assert "back to a page already read" in line


def test_a_link_to_another_host_never_gets_the_token(hostile_server, tmp_path: Path, caplog) -> None:
    asked: list[str | None] = []

    def elsewhere(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
        asked.append(handler.headers.get("Authorization"))
        send_json(handler, [MR], {"Link": '<http://attacker.example/api/v4/steal?page=2>; rel="next"'})

    base = hostile_server(elsewhere) + "/api/v4"
    (line,) = fetched(base, tmp_path, caplog)
    assert line == "GitLab not used: a link in an answer points outside the API"
    assert asked == [f"Bearer {TOKEN}"]


def test_an_answer_past_the_byte_bound_is_not_read_to_its_end(hostile_server, tmp_path: Path, caplog, monkeypatch) -> None:
    monkeypatch.setattr(http, "MAX_ANSWER_BYTES", 1 << 20)

    def huge(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(1 << 30))
        handler.end_headers()
        handler.wfile.write(b"[")
        for _ in range(1 << 14):
            if stop.is_set():
                return
            handler.wfile.write(b" " * (1 << 16))

    (line,) = fetched(hostile_server(huge) + "/api/v4", tmp_path, caplog)
    assert "more than 1 MB" in line
