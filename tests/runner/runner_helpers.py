"""Helpers for the show-runner tests: repositories written by one ``git fast-import``, configs,
and the real ``commitcast`` command run as a subprocess (so exit codes and stderr are the user's).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from patience import patience

COMMITCAST = Path(sys.executable).with_name("commitcast")


@dataclass(frozen=True)
class Commit:
    """One commit of a test repository."""

    message: str
    when: str  # ISO 8601 with offset; author time = committer time
    author: str = "Ada Lovelace <ada@example.com>"
    files: dict[str, str] = field(default_factory=dict)


def build_repo(path: Path, commits: Iterable[Commit], branch: str = "main") -> Path:
    """A real git repository with ``commits`` on ``branch`` (one ``git fast-import``, any size)."""
    subprocess.run(["git", "init", "--quiet", "--initial-branch", branch, str(path)], check=True)
    stream = bytearray()
    for mark, commit in enumerate(commits, start=1):
        moment = datetime.fromisoformat(commit.when)
        utcoffset = moment.utcoffset()
        assert utcoffset is not None, f"{commit.when} names no offset"
        offset = int(utcoffset.total_seconds() // 60)
        zone = f"{'+' if offset >= 0 else '-'}{abs(offset) // 60:02d}{abs(offset) % 60:02d}"
        stamp = f"{int(moment.timestamp())} {zone}"
        message = commit.message.encode()
        stream += f"commit refs/heads/{branch}\nmark :{mark}\n".encode()
        stream += f"author {commit.author} {stamp}\ncommitter {commit.author} {stamp}\n".encode()
        stream += f"data {len(message)}\n".encode() + message + b"\n"
        for name, text in commit.files.items():
            data = text.encode()
            stream += f"M 100644 inline {name}\ndata {len(data)}\n".encode() + data + b"\n"
    subprocess.run(["git", "-C", str(path), "fast-import", "--quiet"], input=bytes(stream), check=True)
    return path


# A small show: one change the week before (for the weekly recap), two on Monday,
# none on Tuesday (a quiet day), one on Wednesday. All times UTC.
TINY = [
    Commit("Add the parser (#11)", "2025-03-20T10:00:00+00:00", files={"src/parser.py": "x = 1\n"}),
    Commit(
        "Speed up tokenizer by 30% (#12)",
        "2025-03-24T10:00:00+00:00",
        "Grace Hopper <grace@example.com>",
        {"src/tok.py": "y = 1\n"},
    ),
    Commit("Fix off-by-one in parser (#13)", "2025-03-24T12:00:00+00:00", files={"src/parser.py": "x = 2\n"}),
    Commit(
        "Document the CLI (#14)",
        "2025-03-26T09:00:00+00:00",
        "Alan Turing <alan@example.com>",
        {"docs/cli.md": "Usage\n"},
    ),
]


def show_toml(name: str, repo: str | Path, **settings: object) -> str:
    """A ``[[show]]`` table; strings are quoted, other values written as TOML literals."""
    lines = ["[[show]]", f'name = "{name}"', f'repo = "{repo}"']
    for key, value in settings.items():
        lines.append(f'{key} = "{value}"' if isinstance(value, str) else f"{key} = {str(value).lower()}")
    return "\n".join(lines) + "\n"


def clean_env() -> dict[str, str]:
    """The environment without forge tokens (no test may reach GitHub) and with a plain terminal."""
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "GH_TOKEN")}
    env.update(COLUMNS="200", NO_COLOR="1", TERM="dumb")
    return env


def run_cli(args: Sequence[str], cwd: Path, *, env: dict[str, str] | None = None, **options) -> subprocess.CompletedProcess[str]:
    """``commitcast ARGS`` in ``cwd`` (in ``env``, default :func:`clean_env`), waited for to its
    end (a hung one for :func:`patience` of two minutes); never raises on a non-zero exit."""
    return subprocess.run(
        [str(COMMITCAST), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env or clean_env(),
        timeout=patience(120),
        check=False,
        **options,
    )


def start_cli(args: Sequence[str], cwd: Path) -> subprocess.Popen[str]:
    """``commitcast ARGS`` in the background."""
    return subprocess.Popen(
        [str(COMMITCAST), *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=clean_env(),
    )


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """The single error line a failed command printed last; fails the test on a traceback."""
    assert "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("error: ")]
    assert len(errors) == 1 and lines[-1] == errors[0], result.stderr
    return errors[0]


def files_under(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every file below ``root`` (dot-files included): relative path -> (bytes, mtime in ns)."""
    return {
        str(p.relative_to(root)): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


# The TINY show's three dailies, for the tests that share one published show.
TINY_DAYS = ["2025-03-24", "2025-03-25", "2025-03-26"]


def backfilled_tiny(home: Path) -> Path:
    """``home`` with the TINY repository, its show config and its three dailies published."""
    build_repo(home / "repo", TINY)
    (home / "commitcast.toml").write_text(show_toml("Tiny", "repo", base_url="https://example.org/tiny"))
    made = run_cli(["backfill", "--since", TINY_DAYS[0], "--until", "2025-03-27", "-j", "2", "--json"], home)
    assert made.returncode == 0, made.stdout + made.stderr
    assert sorted(json.loads(made.stdout)["made"]) == TINY_DAYS
    return home


def feed_items(site: Path) -> list[str]:
    """The guids of the site's feed, sorted."""
    import feedparser

    return sorted(e.id for e in feedparser.parse((site / "feed.xml").read_bytes()).entries)
