"""Rebuild the bundled sample's history as a real git repository (standard library and git).

Adapted from the corpora's ``replay.py`` (commitcast's shared test data): the same idea of
synthetic, deterministic file contents that make ``git log --numstat`` report exactly the
recorded line counts (every line is unique, an edit deletes a block of lines and inserts
fresh ones in its place), written in one ``git fast-import`` stream. The sample is linear
and starts from a root commit holding the files it touches at the sizes they had, dated
before anything a show reads, so no episode ever counts it.
"""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..ingest import FORGE_NOTES

__all__ = ["replay"]

_BASE_AUTHOR = "commitcast sample <sample@example.invalid>"


class _Lines:
    """Globally unique lines, in a fixed order: the same sample always gives the same repository."""

    def __init__(self) -> None:
        self.count = 0

    def take(self, n: int) -> list[bytes]:
        start, self.count = self.count, self.count + n
        return [b"%07x\n" % i for i in range(start + 1, start + n + 1)]


def _stamp(iso: str) -> bytes:
    moment = datetime.fromisoformat(iso)
    # The sample's times all carry their offset, so utcoffset() is never None.
    minutes = int(moment.utcoffset().total_seconds() // 60)  # type: ignore[union-attr]
    sign = b"-" if minutes < 0 else b"+"
    return b"%d %s%02d%02d" % (int(moment.timestamp()), sign, abs(minutes) // 60, abs(minutes) % 60)


def _ident(name: str, email: str) -> bytes:
    name = name.replace("<", "").replace(">", "").replace("\n", " ").strip()
    return f"{name} <{email.replace('<', '').replace('>', '')}>".encode()


def _data(payload: bytes) -> bytes:
    return b"data %d\n%s\n" % (len(payload), payload)


def _put(path: str, lines: list[bytes]) -> bytes:
    return b"M 100644 inline %s\n%s" % (path.encode(), _data(b"".join(lines)))


def _position(sha: str, path: str, span: int) -> int:
    # Where an edit happens within the file: fixed by the commit and path, spread out.
    digest = hashlib.blake2b(f"{sha}\0{path}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") % max(span, 1)


def _stream(sample: dict[str, Any]) -> Iterator[bytes]:
    lines = _Lines()
    files = {path: lines.take(n) for path, n in sorted(sample["base"]["files"].items())}
    when = _stamp(sample["base"]["time"])
    message = sample["base"]["message"].encode()
    yield b"reset refs/heads/main\ncommit refs/heads/main\nmark :1\n"
    yield b"author %s %s\ncommitter %s %s\n" % (_BASE_AUTHOR.encode(), when, _BASE_AUTHOR.encode(), when)
    yield _data(message)
    for path, lines_of_file in files.items():
        yield _put(path, lines_of_file)
    yield b"\n"
    marks = {}
    for n, commit in enumerate(sample["commits"], start=2):
        marks[commit["sha"]] = n
        yield b"commit refs/heads/main\nmark :%d\n" % n
        yield b"author %s %s\n" % (_ident(commit["author_name"], commit["author_email"]), _stamp(commit["author_time"]))
        yield b"committer %s %s\n" % (
            _ident(commit["committer_name"], commit["committer_email"]),
            _stamp(commit["commit_time"]),
        )
        yield _data(commit["message"].encode())
        yield b"from :%d\n" % (n - 1)
        for change in commit["files"]:
            status, path, added, deleted = change["status"], change["path"], change["added"], change["deleted"]
            if status == "D":
                files.pop(path, None)
                yield b"D %s\n" % path.encode()
                continue
            if status == "A":
                content: list[bytes] = []
            elif status == "R":
                content = files.pop(change["old_path"], [])
                yield b"D %s\n" % change["old_path"].encode()
            else:
                content = files.get(path, [])
            deleted = min(deleted, len(content))
            at = _position(commit["sha"], path, len(content) - deleted + 1)
            files[path] = content[:at] + lines.take(added) + content[at + deleted :]
            yield _put(path, files[path])
        yield b"\n"
    for tag in sample["tags"]:
        if tag["target"] in marks:
            yield b"reset refs/tags/%s\nfrom :%d\n\n" % (tag["name"].encode(), marks[tag["target"]])
    # Each commit's sha on the forge, so links in the episodes point at the real commits.
    yield b"commit %s\ncommitter %s %s\n" % (FORGE_NOTES.encode(), _BASE_AUTHOR.encode(), when)
    yield _data(b"The forge's sha of each replayed commit")
    for sha, mark in marks.items():
        yield b"N inline :%d\n%s" % (mark, _data(b"forge-sha " + sha.encode()))
    yield b"\n"


def replay(sample: dict[str, Any], dest: Path, origin: str | None = None) -> Path:
    """Write ``sample``'s history into a new repository at ``dest`` (branch ``main``, the
    sample's tags, ``origin`` as its remote when given); returns ``dest``."""

    def git(*args: str, data: bytes | None = None) -> None:
        done = subprocess.run(["git", "-C", str(dest), *args], input=data, capture_output=True, check=False)
        if done.returncode != 0:
            raise UserError(f"cannot build the sample repository: git {args[0]}: {done.stderr.decode()[-300:]}")

    dest.mkdir(parents=True, exist_ok=True)
    git("init", "--quiet", "--initial-branch", "main")
    git("fast-import", "--quiet", data=b"".join(_stream(sample)))
    if origin:
        git("remote", "add", "origin", origin)
    return dest
