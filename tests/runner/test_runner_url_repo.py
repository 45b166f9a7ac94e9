"""A show whose repo is a URL: a shallow clone reaching just past the days asked for,
deepened when an earlier day is asked for, and a quiet project that still clones."""

from __future__ import annotations

import json
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from runner_helpers import Commit, build_repo, run_cli, show_toml

from commitcast.ingest import landed_changes

DAY_20 = datetime(2025, 3, 20, tzinfo=UTC)

# One change in January, then a busy late March (all UTC).
HISTORY = [
    Commit("Some history before (#0)", "2025-01-06T10:00:00+00:00", files={"src/old.py": "o = 1\n" * 50}),
    Commit("Start the project (#1)", "2025-01-13T10:00:00+00:00", files={"src/a.py": "a = 1\n" * 30}),
    Commit("Add the parser (#2)", "2025-03-20T10:00:00+00:00", files={"src/parser.py": "x = 1\n"}),
    Commit(
        "Speed up tokenizer by 30% (#3)",
        "2025-03-24T10:00:00+00:00",
        "Grace Hopper <grace@example.com>",
        {"src/tok.py": "y = 1\n"},
    ),
    Commit("Fix off-by-one in parser (#4)", "2025-03-24T12:00:00+00:00", files={"src/parser.py": "x = 2\n"}),
]


def _git(clone: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(clone), *args], capture_output=True, text=True, check=False)


def _has_commit(clone: Path, subject: str) -> bool:
    return subject in _git(clone, "log", "--all", "--format=%s").stdout


@pytest.mark.tts
def test_a_url_repo_is_cloned_shallow_then_deepened_for_an_earlier_day(tmp_path: Path) -> None:
    origin = build_repo(tmp_path / "origin", HISTORY)
    (tmp_path / "commitcast.toml").write_text(show_toml("Remote", f"file://{origin}"))

    first = run_cli(["episode", "--date", "2025-03-24", "--json"], tmp_path)
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["made"] == ["2025-03-24"]
    clone = tmp_path / ".commitcast" / "repos" / "remote.git"
    assert (clone / "shallow").is_file()  # not the project's whole past
    assert _has_commit(clone, "Add the parser")
    # After the quiet spell, the oldest commit kept ("Add the parser") lies inside the days
    # read: its parent is fetched too, so it counts its own one line, not the whole tree.
    assert not _has_commit(clone, "Some history before")
    parser = next(c for c in landed_changes(clone, DAY_20, DAY_20 + timedelta(days=1), state_dir=tmp_path / "s"))
    assert parser.title == "Add the parser" and (parser.added, parser.deleted) == (1, 0)
    page = (tmp_path / "site" / "remote" / "episodes" / "2025-03-24" / "index.html").read_text(encoding="utf-8")
    assert "Grace Hopper" in page and "off-by-one" in page

    earlier = run_cli(["episode", "--date", "2025-01-13", "--json"], tmp_path)
    assert earlier.returncode == 0, earlier.stderr
    assert json.loads(earlier.stdout)["made"] == ["2025-01-13"]
    assert _has_commit(clone, "Some history before")  # deepened to the days the episode reads
    feed = (tmp_path / "site" / "remote" / "feed.xml").read_text(encoding="utf-8")
    assert "2025-01-13" in feed and "2025-03-24" in feed


def test_a_quiet_project_still_clones(tmp_path: Path) -> None:
    """Nothing landed in months: git refuses a shallow-since clone; the tip alone will do."""
    origin = build_repo(tmp_path / "origin", HISTORY[:2])
    (tmp_path / "commitcast.toml").write_text(show_toml("Quiet", f"file://{origin}", quiet_policy="skip"))
    result = run_cli(["episode", "--date", "2025-06-02", "--json"], tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["made"] == [] and report["failed"] == []
    assert (tmp_path / ".commitcast" / "repos" / "quiet.git" / "HEAD").is_file()
