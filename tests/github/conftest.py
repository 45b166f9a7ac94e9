"""A GitHub-shaped HTTP server on loopback, and git repositories in temp dirs, for the
GitHub enrichment tests. The server speaks the parts of the REST and GraphQL APIs the
client uses: Link pagination, ETag/304, Bearer auth, rate limits, 5xx and slow replies."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from commitcast.ingest import landed_changes
from commitcast.model import Change

TOKEN = "ghp_Zq8TESTs3cretT0kenNeverLogMe42"
SLUG = "acme/widgets"


def iso(text: str) -> str:
    """'2026-09-18 10:00' -> GitHub's '2026-09-18T10:00:00Z'."""
    return datetime.fromisoformat(text).replace(tzinfo=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class Seen:
    method: str
    path: str
    query: dict[str, list[str]]
    conditional: bool
    authorized: bool


@dataclass
class FakeGitHub:
    """The state of a fake GitHub: PRs, timelines and users, plus faults to inject."""

    token: str | None = TOKEN
    prefix: str = ""  # "/api/v3" for an Enterprise-style base URL
    port: int = 0
    prs: dict[int, dict[str, Any]] = field(default_factory=dict)
    timelines: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    users: dict[str, dict[str, Any]] = field(default_factory=dict)
    faults: dict[str, list[tuple]] = field(default_factory=dict)
    seen: list[Seen] = field(default_factory=list)
    latency: float = 0.0
    link_host: str | None = None  # put another host into Link headers (to test we refuse it)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.prefix}"

    # ---------------------------------------------------------------- world building

    def add_user(self, login: str, name: str | None) -> None:
        self.users[login] = {"login": login, "id": len(self.users) + 1, "type": "User", "name": name}

    def add_pr(
        self,
        number: int,
        title: str,
        *,
        user: str = "alice",
        created: str = "2026-09-18 09:00",
        updated: str | None = None,
        merged: str | None = None,
        closed: str | None = None,
        body: str = "",
        labels: tuple[str, ...] = (),
        draft: bool = False,
        head: str | None = None,
        base: str = "main",
        merge_commit_sha: str | None = None,
        requested: tuple[str, ...] = (),
        bot: bool = False,
    ) -> dict[str, Any]:
        closed = closed or merged
        updated = updated or max(t for t in (created, merged, closed) if t)
        pr = {
            "url": f"{self.url}/repos/{SLUG}/pulls/{number}",
            "html_url": f"https://github.com/{SLUG}/pull/{number}",
            "number": number,
            "state": "closed" if closed else "open",
            "title": title,
            "body": body or None,
            "user": {"login": user, "type": "Bot" if bot else "User"},
            "labels": [{"name": name} for name in labels],
            "draft": draft,
            "created_at": iso(created),
            "updated_at": iso(updated),
            "closed_at": iso(closed) if closed else None,
            "merged_at": iso(merged) if merged else None,
            "merge_commit_sha": merge_commit_sha or hashlib.sha1(f"test-merge-{number}".encode()).hexdigest(),
            "requested_reviewers": [{"login": r} for r in requested],
            "head": {"ref": head or f"feature-{number}"},
            "base": {"ref": base, "repo": {"full_name": SLUG}},
        }
        self.prs[number] = pr
        self.timelines.setdefault(number, [])
        return pr

    def add_review(self, number: int, login: str, state: str, at: str) -> None:
        self.timelines[number].append(
            {"event": "reviewed", "user": {"login": login}, "state": state.lower(), "submitted_at": iso(at)}
        )

    def add_comment(self, number: int, login: str, at: str) -> None:
        self.timelines[number].append({"event": "commented", "actor": {"login": login}, "created_at": iso(at)})

    def add_reopen(self, number: int, at: str) -> None:
        self.timelines[number].append({"event": "reopened", "actor": {"login": "x"}, "created_at": iso(at)})

    def fail(self, path: str, *faults: tuple) -> None:
        """Queue faults for ``path`` (after the prefix): ("status", code, headers, body) or ("slow", seconds)."""
        self.faults.setdefault(path, []).extend(faults)

    def calls(self, path_start: str = "") -> list[Seen]:
        return [s for s in self.seen if s.path.startswith(path_start)]

    # ---------------------------------------------------------------- answers

    def answer(self, method: str, path: str, query: dict[str, list[str]], body: bytes) -> tuple[int, dict, Any]:
        if method == "POST" and path in ("/graphql", "/api/graphql"):
            return 200, {}, self._graphql(json.loads(body))
        if not path.startswith(self.prefix):
            return 404, {}, {"message": "Not Found"}
        path = path[len(self.prefix) :]
        page = int(query.get("page", ["1"])[0])
        per_page = int(query.get("per_page", ["30"])[0])
        if m := re.fullmatch(rf"/repos/{SLUG}/pulls", path):
            items = sorted(self.prs.values(), key=lambda p: p["updated_at"], reverse=True)
            return self._page(path, query, items, page, per_page)
        if m := re.fullmatch(rf"/repos/{SLUG}/pulls/(\d+)", path):
            pr = self.prs.get(int(m[1]))
            return (200, {}, pr) if pr else (404, {}, {"message": "Not Found"})
        if m := re.fullmatch(rf"/repos/{SLUG}/issues/(\d+)/timeline", path):
            return self._page(path, query, self.timelines.get(int(m[1]), []), page, per_page)
        if m := re.fullmatch(r"/users/([^/]+)", path):
            user = self.users.get(m[1])
            return (200, {}, user) if user else (404, {}, {"message": "Not Found"})
        return 404, {}, {"message": "Not Found"}

    def _page(self, path, query, items, page, per_page) -> tuple[int, dict, Any]:
        chunk = items[(page - 1) * per_page : page * per_page]
        headers = {}
        if page * per_page < len(items):
            host = self.link_host or f"127.0.0.1:{self.port}"
            params = {k: v[0] for k, v in query.items()} | {"page": page + 1}
            headers["Link"] = f'<http://{host}{self.prefix}{path}?{urlencode(params)}>; rel="next"'
        return 200, headers, chunk

    def _graphql(self, payload: dict[str, Any]) -> dict[str, Any]:
        repo: dict[str, Any] = {}
        for alias, number in re.findall(r"(\w+): pullRequest\(number: (\d+)\)", payload["query"]):
            pr = self.prs.get(int(number))
            if pr is None:
                repo[alias] = None
                continue
            events = self.timelines.get(int(number), [])

            def who(login: str) -> dict[str, Any]:
                return {"login": login, "name": (self.users.get(login) or {}).get("name")}

            repo[alias] = {
                "author": who(pr["user"]["login"]),
                "comments": {"totalCount": sum(e["event"] == "commented" for e in events)},
                "reviews": {
                    "nodes": [
                        {"author": who(e["user"]["login"]), "state": e["state"].upper(), "submittedAt": e["submitted_at"]}
                        for e in events
                        if e["event"] == "reviewed"
                    ]
                },
                "timelineItems": {"nodes": [{"createdAt": e["created_at"]} for e in events if e["event"] == "reopened"]},
                "closingIssuesReferences": {
                    "nodes": [{"number": int(n)} for n in re.findall(r"(?i)\bfixes #(\d+)", pr["body"] or "")]
                },
            }
        return {"data": {"repository": repo}}


def _handler(fake: FakeGitHub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # headers and body go out in separate writes

        def log_message(self, *args: object) -> None:  # keep test output quiet
            pass

        def do_GET(self) -> None:
            self._serve("GET")

        def do_POST(self) -> None:
            self._serve("POST")

        def _serve(self, method: str) -> None:
            parts = urlsplit(self.path)
            query = parse_qs(parts.query)
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            authorized = fake.token is not None and self.headers.get("Authorization") == f"Bearer {fake.token}"
            conditional = "If-None-Match" in self.headers
            fake.seen.append(Seen(method, parts.path, query, conditional, authorized))
            if fake.latency:
                time.sleep(fake.latency)
            queue = fake.faults.get(parts.path.removeprefix(fake.prefix)) or fake.faults.get(parts.path)
            if queue:
                fault = queue.pop(0)
                if fault[0] == "slow":
                    # Slower than any client timeout, however loaded the machine: the reply
                    # waits until the client has given up and hung up (or ``fault[1]`` times
                    # over, a guard against a client that never does).
                    self.connection.settimeout(fault[1] * 100)
                    try:
                        self.connection.recv(1)
                    except OSError:
                        pass
                    return None
                _, code, headers, payload = fault
                return self._send(code, headers, payload)
            if fake.token is not None and not authorized:
                return self._send(401, {}, {"message": "Bad credentials"})
            code, headers, payload = fake.answer(method, parts.path, query, body)
            data = json.dumps(payload).encode()
            etag = 'W/"' + hashlib.sha1(data).hexdigest() + '"'
            if method == "GET" and code == 200:
                headers = {**headers, "ETag": etag}
                if self.headers.get("If-None-Match") == etag:
                    return self._send(304, headers, None)
            self._send(code, headers, payload, data)

        def _send(self, code: int, headers: dict, payload: Any, data: bytes | None = None) -> None:
            if payload is None and code == 304:
                data = b""
            elif data is None:
                data = json.dumps(payload).encode()
            try:
                self.send_response(code)
                for key, value in headers.items():
                    self.send_header(key, str(value))
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler


@pytest.fixture
def fake_github() -> Iterator[FakeGitHub]:
    """A started fake GitHub (REST at ``fake.url``), stopped after the test."""
    yield from serve(FakeGitHub())


@pytest.fixture
def fake_enterprise() -> Iterator[FakeGitHub]:
    """A fake GitHub Enterprise: REST under /api/v3, GraphQL at /api/graphql."""
    yield from serve(FakeGitHub(prefix="/api/v3"))


def serve(fake: FakeGitHub) -> Iterator[FakeGitHub]:
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


# ------------------------------------------------------------------------- git repositories


class GitRepo:
    """A git repository in a temp dir, committed to with the git CLI at chosen times."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._git("init", "-q", "-b", "main")
        self._n = 0

    def _git(self, *args: str, env: dict[str, str] | None = None) -> str:
        base = {"PATH": "/usr/bin:/bin", "HOME": str(self.path), "GIT_CONFIG_NOSYSTEM": "1"}
        done = subprocess.run(
            ["git", *args], cwd=self.path, env={**base, **(env or {})}, check=True, capture_output=True, text=True
        )
        return done.stdout.strip()

    def commit(self, message: str, at: str, *, author: str = "Alice Example", committer: str | None = None) -> str:
        """Commit one new file with ``message`` at ``at`` (UTC); returns the sha."""
        self._n += 1
        (self.path / f"file{self._n}.txt").write_text("line\n" * self._n)
        when = iso(at)
        env = {
            "GIT_AUTHOR_NAME": author,
            "GIT_AUTHOR_EMAIL": f"{author.split()[0].lower()}@example.invalid",
            "GIT_AUTHOR_DATE": when,
            "GIT_COMMITTER_NAME": committer or author,
            "GIT_COMMITTER_EMAIL": "bot@example.invalid" if committer else f"{author.split()[0].lower()}@example.invalid",
            "GIT_COMMITTER_DATE": when,
        }
        self._git("add", "-A", env=env)
        self._git("commit", "-q", "-m", message, env=env)
        return self._git("rev-parse", "HEAD")


@pytest.fixture
def git_repo(tmp_path: Path) -> GitRepo:
    (tmp_path / "repo").mkdir()
    return GitRepo(tmp_path / "repo")


@pytest.fixture
def read_landed(tmp_path: Path) -> Callable[[Path, datetime, datetime], list[Change]]:
    """The ingest stage's reader of landed changes, caching into a temp state dir."""

    def read(repo: Path, since: datetime, until: datetime) -> list[Change]:
        return landed_changes(repo, since, until, state_dir=tmp_path / "ingest-state")

    return read
