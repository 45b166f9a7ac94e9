"""A GitLab-shaped HTTP server on loopback for the GitLab forge tests.

It answers the parts of the REST API v4 commitcast reads, in the shapes GitLab documents
(docs.gitlab.com/api/merge_requests and /api/merge_request_approvals): the project's merge
requests (``state``, ``order_by=updated_at``, ``sort``, ``updated_after``, ``iids[]``,
``page``/``per_page`` with a ``Link`` header and the ``X-Page``/``X-Next-Page``/``X-Total``
headers), one merge request's approvals, ``Authorization: Bearer`` tokens (a wrong one is
``401 {"message": "401 Unauthorized"}``), weak ETags with 304s, and faults to inject (a status
with headers, such as a 429 with ``Retry-After``, or a reply slower than any timeout).

The project is addressed the way GitLab does: by its URL-encoded full path
(``acme%2Fwidgets``) or its numeric id, which GitLab's own ``Link`` headers use.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

TOKEN = "glpat-Zq8TESTs3cretT0kenNeverLogMe"
PROJECT = "acme/tools/widgets"  # a nested group, as GitLab allows
PROJECT_ID = 4242
WEB = "https://gitlab.example.com"  # the instance the project's pages are on


def iso(text: str) -> str:
    """'2026-09-18 10:00' -> GitLab's '2026-09-18T10:00:00.000Z'."""
    return datetime.fromisoformat(text).replace(tzinfo=UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


@dataclass
class Seen:
    method: str
    path: str  # raw, as sent (the project's path stays percent-encoded)
    query: dict[str, list[str]]
    conditional: bool
    authorized: bool


@dataclass
class FakeGitLab:
    """The state of a fake GitLab: users, merge requests and approvals, plus faults to inject."""

    token: str | None = TOKEN
    prefix: str = "/api/v4"  # a self-hosted instance may live under a path ("/gitlab/api/v4")
    port: int = 0
    users: dict[str, dict[str, Any]] = field(default_factory=dict)
    mrs: dict[int, dict[str, Any]] = field(default_factory=dict)
    approvals: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    faults: dict[str, list[tuple]] = field(default_factory=dict)
    seen: list[Seen] = field(default_factory=list)
    approvals_api: bool = True  # False: the instance answers 404 for approvals

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.prefix}"

    # ---------------------------------------------------------------- world building

    def add_user(self, username: str, name: str) -> dict[str, Any]:
        user = {
            "id": len(self.users) + 1,
            "username": username,
            "name": name,
            "state": "active",
            "locked": False,
            "avatar_url": f"{WEB}/uploads/-/system/user/avatar/{len(self.users) + 1}/avatar.png",
            "web_url": f"{WEB}/{username}",
        }
        self.users[username] = user
        return user

    def add_mr(
        self,
        iid: int,
        title: str,
        *,
        author: str = "alice",
        created: str = "2026-09-18 09:00",
        updated: str | None = None,
        merged: str | None = None,
        closed: str | None = None,
        description: str = "",
        labels: tuple[str, ...] = (),
        draft: bool = False,
        source: str | None = None,
        target: str = "main",
        merge_commit_sha: str | None = None,
        squash_commit_sha: str | None = None,
        reviewers: tuple[str, ...] = (),
        notes: int = 0,
    ) -> dict[str, Any]:
        if author not in self.users:
            self.add_user(author, author.title())
        updated = updated or max(t for t in (created, merged, closed) if t)
        state = "merged" if merged else "closed" if closed else "opened"
        ref = f"!{iid}"
        mr = {
            "id": 90_000 + iid,
            "iid": iid,
            "project_id": PROJECT_ID,
            "title": title,
            "description": description or None,
            "state": state,
            "created_at": iso(created),
            "updated_at": iso(updated),
            "merged_by": self.users["maintainer"] if merged and "maintainer" in self.users else None,
            "merge_user": self.users["maintainer"] if merged and "maintainer" in self.users else None,
            "merged_at": iso(merged) if merged else None,
            "prepared_at": iso(created),
            "closed_by": self.users[author] if closed else None,
            "closed_at": iso(closed) if closed else None,
            "target_branch": target,
            "source_branch": source or f"feature-{iid}",
            "user_notes_count": notes,
            "upvotes": 0,
            "downvotes": 0,
            "author": self.users[author],
            "assignees": [],
            "assignee": None,
            "reviewers": [self.users[r] for r in reviewers],
            "source_project_id": PROJECT_ID,
            "target_project_id": PROJECT_ID,
            "labels": list(labels),
            "draft": draft,
            "work_in_progress": draft,
            "milestone": None,
            "merge_when_pipeline_succeeds": False,
            "merge_status": "can_be_merged",
            "detailed_merge_status": "mergeable" if state == "opened" else "not_open",
            "sha": hashlib.sha1(f"head-{iid}".encode()).hexdigest(),
            "merge_commit_sha": merge_commit_sha,
            "squash_commit_sha": squash_commit_sha,
            "discussion_locked": None,
            "should_remove_source_branch": True,
            "force_remove_source_branch": False,
            "reference": ref,
            "references": {"short": ref, "relative": ref, "full": f"{PROJECT}{ref}"},
            "web_url": f"{WEB}/{PROJECT}/-/merge_requests/{iid}",
            "time_stats": {"time_estimate": 0, "total_time_spent": 0, "human_time_estimate": None, "human_total_time_spent": None},
            "squash": squash_commit_sha is not None,
            "squash_on_merge": squash_commit_sha is not None,
            "task_completion_status": {"count": 0, "completed_count": 0},
            "has_conflicts": False,
            "blocking_discussions_resolved": True,
        }
        self.mrs[iid] = mr
        self.approvals.setdefault(iid, [])
        return mr

    def approve(self, iid: int, username: str) -> None:
        if username not in self.users:
            self.add_user(username, username.title())
        self.approvals[iid].append({"user": self.users[username]})

    def fail(self, path: str, *faults: tuple) -> None:
        """Queue faults for ``path`` (after the prefix, decoded): ("status", code, headers, body) or ("slow", s)."""
        self.faults.setdefault(path, []).extend(faults)

    def calls(self, part: str = "") -> list[Seen]:
        return [s for s in self.seen if part in s.path]

    # ---------------------------------------------------------------- answers

    def answer(self, path: str, query: dict[str, list[str]]) -> tuple[int, dict[str, str], Any]:
        if not path.startswith(self.prefix):
            return 404, {}, {"message": "404 Not Found"}
        path = path[len(self.prefix) :]
        project = rf"/projects/(?:{re.escape(PROJECT.replace('/', '%2F'))}|{PROJECT_ID})"
        if re.fullmatch(rf"{project}/merge_requests", path):
            return self._list(path, query)
        if m := re.fullmatch(rf"{project}/merge_requests/(\d+)", path):
            mr = self.mrs.get(int(m[1]))
            return (200, {}, mr) if mr else (404, {}, {"message": "404 Not found"})
        if m := re.fullmatch(rf"{project}/merge_requests/(\d+)/approvals", path):
            mr = self.mrs.get(int(m[1]))
            if mr is None or not self.approvals_api:
                return 404, {}, {"message": "404 Not found"}
            approved = self.approvals.get(int(m[1]), [])
            return 200, {}, {
                "id": mr["id"], "iid": mr["iid"], "project_id": PROJECT_ID, "title": mr["title"],
                "description": mr["description"], "state": mr["state"], "created_at": mr["created_at"],
                "updated_at": mr["updated_at"], "merge_status": mr["merge_status"], "approved": bool(approved),
                "approvals_required": 1, "approvals_left": 0 if approved else 1, "require_password_to_approve": False,
                "approved_by": approved, "suggested_approvers": [], "approvers": [], "approver_groups": [],
                "user_has_approved": False, "user_can_approve": False, "approval_rules_left": [],
                "has_approval_rules": False, "merge_request_approvers_available": False,
                "multiple_approval_rules_available": False, "invalid_approvers_rules": [],
            }  # fmt: skip
        return 404, {}, {"error": "404 Not Found"}

    def _list(self, path: str, query: dict[str, list[str]]) -> tuple[int, dict[str, str], Any]:
        items = list(self.mrs.values())
        state = query.get("state", ["all"])[0]
        if state != "all":
            items = [mr for mr in items if mr["state"] == state]
        if "iids[]" in query:
            wanted = {int(n) for n in query["iids[]"]}
            items = [mr for mr in items if mr["iid"] in wanted]
        if "updated_after" in query:
            after = datetime.fromisoformat(query["updated_after"][0])
            items = [mr for mr in items if datetime.fromisoformat(mr["updated_at"]) >= after]
        order = query.get("order_by", ["created_at"])[0]
        items.sort(key=lambda mr: mr[order], reverse=query.get("sort", ["desc"])[0] == "desc")
        page, per_page = int(query.get("page", ["1"])[0]), min(int(query.get("per_page", ["20"])[0]), 100)
        chunk = items[(page - 1) * per_page : page * per_page]
        pages = max(1, -(-len(items) // per_page))
        headers = {"X-Page": str(page), "X-Per-Page": str(per_page), "X-Total": str(len(items)), "X-Total-Pages": str(pages)}
        headers["X-Next-Page"] = str(page + 1) if page < pages else ""
        if page < pages:
            # As GitLab writes it: the project by its numeric id, every parameter kept.
            params = [(k, v) for k, values in query.items() for v in values if k != "page"] + [("page", str(page + 1))]
            link = f"http://127.0.0.1:{self.port}{self.prefix}/projects/{PROJECT_ID}/merge_requests?{urlencode(params)}"
            headers["Link"] = f'<{link}>; rel="next"'
        return 200, headers, chunk


def _handler(fake: FakeGitLab) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

        def log_message(self, *args: object) -> None:  # keep test output quiet
            pass

        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            query = parse_qs(parts.query)
            authorized = fake.token is not None and self.headers.get("Authorization") == f"Bearer {fake.token}"
            conditional = "If-None-Match" in self.headers
            fake.seen.append(Seen("GET", parts.path, query, conditional, authorized))
            queue = fake.faults.get(parts.path.removeprefix(fake.prefix).replace("%2F", "/"))
            if queue:
                fault = queue.pop(0)
                if fault[0] == "slow":
                    self.connection.settimeout(fault[1] * 100)
                    try:
                        self.connection.recv(1)  # until the client gives up and hangs up
                    except OSError:
                        pass
                    return None
                _, code, headers, payload = fault
                return self._send(code, headers, json.dumps(payload).encode())
            if fake.token is not None and not authorized:
                return self._send(401, {}, json.dumps({"message": "401 Unauthorized"}).encode())
            code, headers, payload = fake.answer(parts.path, query)
            data = json.dumps(payload).encode()
            if code == 200:
                etag = 'W/"' + hashlib.md5(data).hexdigest() + '"'
                headers = {**headers, "ETag": etag, "Cache-Control": "max-age=0, private, must-revalidate"}
                if self.headers.get("If-None-Match") == etag:
                    return self._send(304, headers, b"")
            self._send(code, headers, data)

        def _send(self, code: int, headers: dict[str, str], data: bytes) -> None:
            try:
                self.send_response(code)
                for key, value in headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler


def serve(fake: FakeGitLab) -> Iterator[FakeGitLab]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake))
    server.daemon_threads = True
    fake.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def fake_gitlab() -> Iterator[FakeGitLab]:
    """A started fake GitLab (API v4 at ``fake.url``), stopped after the test."""
    yield from serve(FakeGitLab())


@pytest.fixture
def fake_self_hosted() -> Iterator[FakeGitLab]:
    """A fake self-hosted GitLab served under a path: ``http://127.0.0.1:PORT/gitlab/api/v4``."""
    yield from serve(FakeGitLab(prefix="/gitlab/api/v4"))
