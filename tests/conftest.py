"""Shared fixtures: real git repositories built in temporary directories, and corpus replays.

``make_repo`` — build a repository commit by commit (pygit2 writes the objects; no
checkout, no ``git`` subprocess per commit, so hundreds of commits take well under a second)::

    def test_something(make_repo):
        repo = make_repo()                                  # empty repo, HEAD -> main
        a = repo.commit("Add parser (#12)", files={"src/p.py": "x = 1\\n"},
                        author="Ada Lovelace <ada@example.com>",
                        when="2025-03-26T09:00:00-07:00")   # author time = committer time
        repo.commit("Fix parser", files={"src/p.py": "x = 2\\n", "old.txt": None},  # None deletes
                    committer="GitHub <noreply@github.com>", committed="2025-03-26T10:00:00Z")
        repo.branch("feature", at=a)                        # branch from a commit
        repo.commit("Feature work", branch="feature", files={"f.py": "f\\n"})
        repo.merge("feature", "Merge pull request #5 from ada/feature\\n\\nAdd feature")
        repo.set_origin("https://github.com/org/repo.git")
        repo.force("main", a)                               # rewrite the branch (a force-push)
        repo.tag("v1.0.0", a, message="Release 1.0.0")     # annotated (lightweight without message)
        clone = repo.clone(tmp_path / "shallow", depth=2)   # a real `git clone --depth 2`

  * ``files``: path -> ``str`` or ``bytes`` contents (bytes with a NUL are binary), ``None``
    to delete, or ``(contents, 0o100755)`` for an executable; ``renames={"old": "new"}``
    moves a file (its contents kept unless ``files`` also sets the new path).
  * ``message`` may be ``bytes`` (any encoding, even broken) with ``encoding=`` to write
    git's ``encoding`` header. ``author``/``committer`` are ``"Name <email>"`` strings.
  * Times: ISO 8601 strings or aware datetimes. Without ``when`` each commit lands one
    minute after the previous one, starting 2025-03-26T09:00:00Z; ``committed`` defaults to
    ``when``. ``merge`` applies what the source branch changed since the merge base.
  * ``repo.path`` (the work tree; ``.git`` inside), ``repo.repo`` (pygit2.Repository),
    ``repo.tip(branch)`` -> sha, ``repo.commits`` -> every sha made, oldest first.

``corpus`` — the directory of the shared commit-metadata exports (skips the test when
``../shared/corpora`` is absent); ``replay_corpus(export, dest, since=..., until=...)``
rebuilds a repository from an export with ``replay.py`` and returns ``(path, sha map)``
(original sha -> replayed sha).

``hostile_server`` — start a misbehaving HTTP server on loopback: ``url = hostile_server(respond)``;
``respond(handler, stop)`` writes each whole answer (``handler.path`` is the request's path;
``stop`` is set when the test ends). Every such server stops by itself: past 1,000 requests it
answers 410, so a client without bounds fails a test instead of hanging it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pygit2
import pytest
from pygit2.enums import FileMode, ObjectType

# Helpers every test directory imports by name (patience), as the runner tests do runner_helpers.
sys.path.insert(0, str(Path(__file__).resolve().parent))

# Marks naming a heavy resource; a test carrying one is slow too, so `-m "not slow"` skips it.
HEAVY_MARKS = ("tts", "browser", "ray", "postgres", "corpus")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if any(item.get_closest_marker(name) for name in HEAVY_MARKS):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session", autouse=True)
def _user_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Prepared voices go to one directory per test run (shared by xdist workers), never
    to the real ``~/.cache``; subprocesses inherit it through the environment."""
    base = tmp_path_factory.getbasetemp()
    root = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "user-cache"
    before = os.environ.get("COMMITCAST_CACHE_DIR")
    os.environ["COMMITCAST_CACHE_DIR"] = str(root)
    yield root
    if before is None:
        os.environ.pop("COMMITCAST_CACHE_DIR", None)
    else:
        os.environ["COMMITCAST_CACHE_DIR"] = before


CORPORA = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpora"

Contents = str | bytes | tuple[str | bytes, int] | None
START = datetime(2025, 3, 26, 9, 0, tzinfo=UTC)


def _moment(value: str | datetime) -> datetime:
    moment = (
        datetime.fromisoformat(value.replace("Z", "+00:00")) if isinstance(value, str) else value
    )
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _signature(kind: bytes, who: str | bytes, when: datetime) -> bytes:
    raw = who.encode("utf-8") if isinstance(who, str) else who
    if b"<" not in raw:
        raw += b" <>"
    utcoffset = when.utcoffset()
    assert utcoffset is not None, f"{when} is naive"
    offset = int(utcoffset.total_seconds() // 60)
    sign = "+" if offset >= 0 else "-"
    zone = f"{sign}{abs(offset) // 60:02d}{abs(offset) % 60:02d}".encode()
    return kind + b" " + raw + b" " + str(int(when.timestamp())).encode() + b" " + zone + b"\n"


class GitRepoBuilder:
    """A real git repository that tests grow commit by commit (see the module docstring)."""

    def __init__(self, path: Path, *, bare: bool = False, branch: str = "main") -> None:
        self.path = path
        self.repo = pygit2.init_repository(str(path), bare=bare, initial_head=branch)
        self.commits: list[str] = []
        self._trees: dict[str, dict[str, tuple[pygit2.Oid, int]]] = {}
        self._clock = START

    # ----------------------------------------------------------------- reading

    def tip(self, branch: str = "main") -> str:
        """The sha ``branch`` points at."""
        return str(self.repo.references[f"refs/heads/{branch}"].target)

    # ----------------------------------------------------------------- writing

    def _write_tree(self, files: Mapping[str, tuple[pygit2.Oid, int]]) -> pygit2.Oid:
        index = pygit2.Index()
        for path, (oid, mode) in files.items():
            index.add(pygit2.IndexEntry(path, oid, FileMode(mode)))
        return index.write_tree(self.repo)

    def _apply(
        self,
        snapshot: dict[str, tuple[pygit2.Oid, int]],
        files: Mapping[str, Contents] | None,
        renames: Mapping[str, str] | None,
    ) -> None:
        for old, new in (renames or {}).items():
            snapshot[new] = snapshot.pop(old)
        for path, contents in (files or {}).items():
            if contents is None:
                snapshot.pop(path, None)
                continue
            mode: int = FileMode.BLOB
            if isinstance(contents, tuple):
                contents, mode = contents
            data = contents.encode("utf-8") if isinstance(contents, str) else contents
            snapshot[path] = (self.repo.create_blob(data), mode)

    def commit(
        self,
        message: str | bytes,
        *,
        files: Mapping[str, Contents] | None = None,
        renames: Mapping[str, str] | None = None,
        author: str | bytes = "Ada Lovelace <ada@example.com>",
        committer: str | bytes | None = None,
        when: str | datetime | None = None,
        committed: str | datetime | None = None,
        branch: str = "main",
        parents: list[str] | None = None,
        encoding: str | None = None,
    ) -> str:
        """Add a commit on ``branch`` (or with explicit ``parents``) and return its sha."""
        if parents is None:
            parents = [self.tip(branch)] if f"refs/heads/{branch}" in self.repo.references else []
        snapshot = dict(self._trees[parents[0]]) if parents else {}
        return self._write_commit(
            message,
            snapshot,
            files,
            renames,
            parents,
            branch,
            author,
            committer,
            when,
            committed,
            encoding,
        )

    def merge(
        self,
        source: str,
        message: str | bytes,
        *,
        into: str = "main",
        files: Mapping[str, Contents] | None = None,
        author: str | bytes = "Ada Lovelace <ada@example.com>",
        committer: str | bytes | None = None,
        when: str | datetime | None = None,
        committed: str | datetime | None = None,
    ) -> str:
        """A merge commit on ``into`` whose second parent is ``source``'s tip.

        Its tree is ``into``'s with what ``source`` changed since their merge base.
        """
        first, second = self.tip(into), self.tip(source)
        base_id = self.repo.merge_base(first, second)
        base = self._trees[str(base_id)] if base_id is not None else {}
        theirs = self._trees[second]
        snapshot = dict(self._trees[first])
        for path in base.keys() - theirs.keys():
            snapshot.pop(path, None)
        snapshot.update({path: entry for path, entry in theirs.items() if base.get(path) != entry})
        return self._write_commit(
            message,
            snapshot,
            files,
            None,
            [first, second],
            into,
            author,
            committer,
            when,
            committed,
            None,
        )

    def _write_commit(
        self,
        message: str | bytes,
        snapshot: dict[str, tuple[pygit2.Oid, int]],
        files: Mapping[str, Contents] | None,
        renames: Mapping[str, str] | None,
        parents: list[str],
        branch: str,
        author: str | bytes,
        committer: str | bytes | None,
        when: str | datetime | None,
        committed: str | datetime | None,
        encoding: str | None,
    ) -> str:
        self._apply(snapshot, files, renames)
        authored = _moment(when) if when is not None else self._tick()
        landed = _moment(committed) if committed is not None else authored
        self._clock = max(self._clock, authored, landed)
        body = message.encode("utf-8") if isinstance(message, str) else message
        raw = b"tree " + str(self._write_tree(snapshot)).encode() + b"\n"
        raw += b"".join(b"parent " + p.encode() + b"\n" for p in parents)
        raw += _signature(b"author", author, authored)
        raw += _signature(b"committer", committer or author, landed)
        if encoding:
            raw += b"encoding " + encoding.encode() + b"\n"
        raw += b"\n" + body + (b"" if body.endswith(b"\n") else b"\n")
        sha = str(self.repo.odb.write(ObjectType.COMMIT, raw))
        self.repo.references.create(f"refs/heads/{branch}", sha, force=True)
        self._trees[sha] = snapshot
        self.commits.append(sha)
        return sha

    def _tick(self) -> datetime:
        self._clock += timedelta(minutes=1)
        return self._clock

    def branch(self, name: str, at: str | None = None) -> None:
        """Create (or move) branch ``name`` at ``at`` (default: main's tip)."""
        self.repo.references.create(f"refs/heads/{name}", at or self.tip("main"), force=True)

    def tag(
        self,
        name: str,
        at: str | None = None,
        *,
        message: str | None = None,
        tagger: str = "Ada Lovelace <ada@example.com>",
        when: str | datetime | None = None,
    ) -> None:
        """Tag ``at`` (default: main's tip): annotated when ``message`` is given, else lightweight."""
        target = at or self.tip("main")
        if message is None:
            self.repo.references.create(f"refs/tags/{name}", target)
            return
        moment = _moment(when) if when is not None else self._tick()
        raw = b"object " + target.encode() + b"\ntype commit\ntag " + name.encode() + b"\n"
        raw += _signature(b"tagger", tagger, moment) + b"\n" + message.encode() + b"\n"
        oid = self.repo.odb.write(ObjectType.TAG, raw)
        self.repo.references.create(f"refs/tags/{name}", str(oid))

    def force(self, branch: str, sha: str) -> None:
        """Point ``branch`` at ``sha``, as a force-push would."""
        self.branch(branch, sha)

    def set_origin(self, url: str, *, head: str | None = "main") -> None:
        """Add an ``origin`` remote (and ``refs/remotes/origin/HEAD`` -> ``head``)."""
        self.repo.remotes.create("origin", url)
        if head is not None:
            self.repo.references.create(f"refs/remotes/origin/{head}", self.tip(head), force=True)
            self.repo.references.create(
                "refs/remotes/origin/HEAD", f"refs/remotes/origin/{head}", force=True
            )

    def clone(self, dest: Path, *, depth: int | None = None, branch: str = "main") -> Path:
        """A real ``git clone`` of this repository (shallow with ``depth``)."""
        command = ["git", "clone", "--quiet", "--branch", branch]
        if depth is not None:
            command += ["--depth", str(depth)]
        subprocess.run(
            [*command, f"file://{self.path}", str(dest)], check=True, capture_output=True
        )
        return dest


@pytest.fixture
def make_repo(tmp_path: Path) -> Callable[..., GitRepoBuilder]:
    """Factory of :class:`GitRepoBuilder`s in ``tmp_path`` (``make_repo(name="repo", bare=False)``)."""

    def make(name: str = "repo", *, bare: bool = False, branch: str = "main") -> GitRepoBuilder:
        return GitRepoBuilder(tmp_path / name, bare=bare, branch=branch)

    return make


@pytest.fixture(scope="session")
def corpus() -> Path:
    """``../shared/corpora`` (the test is skipped when it is absent)."""
    if not (CORPORA / "replay.py").exists():
        pytest.skip("../shared/corpora is not available")
    return CORPORA.resolve()


@pytest.fixture(scope="session")
def replay_corpus(corpus: Path) -> Callable[..., tuple[Path, dict[str, str]]]:
    """``replay(export, dest, *options)`` -> ``(repo path, {original sha: replayed sha})``.

    ``export`` is a file name in the corpus (``"pytorch-ao.jsonl.gz"``); ``options`` are
    replay.py's (``"--since", "2025-03-05", "--until", "2025-03-06"``).
    """

    def replay(export: str, dest: Path, *options: str) -> tuple[Path, dict[str, str]]:
        subprocess.run(
            [
                sys.executable,
                str(corpus / "replay.py"),
                str(corpus / export),
                str(dest),
                "--quiet",
                *options,
            ],
            check=True,
            capture_output=True,
        )
        mapping = dest / ".git" / "commitcast-replay-map.tsv"
        if not mapping.exists():
            mapping = dest / "commitcast-replay-map.tsv"
        pairs = (line.split("\t") for line in mapping.read_text().splitlines() if line)
        return dest, {original: replayed for original, replayed in pairs}

    return replay


Respond = Callable[[BaseHTTPRequestHandler, threading.Event], None]
HOSTILE_REQUEST_LIMIT = 1_000


@pytest.fixture
def hostile_server() -> Iterator[Callable[[Respond], str]]:
    """Start loopback servers answering every request with ``respond``; each call gives a base URL."""
    started: list[tuple[ThreadingHTTPServer, threading.Event]] = []

    def start(respond: Respond) -> str:
        stop = threading.Event()
        served = [0]

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body go out in separate writes

            def _answer(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                served[0] += 1
                try:
                    if served[0] > HOSTILE_REQUEST_LIMIT:
                        self.send_response(410)
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                    else:
                        respond(self, stop)
                except OSError:
                    pass  # the client gave up on us, as it should

            do_GET = do_POST = _answer  # noqa: N815 - http.server's naming

            def log_message(self, *args: object) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        started.append((server, stop))
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield start
    for server, stop in started:
        stop.set()
        server.shutdown()
        server.server_close()
