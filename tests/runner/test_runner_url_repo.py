"""A show whose repo is a URL, served by a real git server on loopback: a shallow clone
reaching just past the days asked for, deepened when an earlier day is asked for; a quiet
project that still clones; a history on which git's date-shallow clones break, deepened by
commit count instead; a server that refuses shallow clones (a full clone then); a clone
broken by an earlier run, cloned again; and clones left by a stopped run, removed."""

from __future__ import annotations

import json
import logging
import subprocess
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from git_servers import dumb_http, git_daemon
from runner_helpers import Commit, build_repo, run_cli, show_toml

from commitcast.config import load_config
from commitcast.doctor import run_checks
from commitcast.ingest import landed_changes
from commitcast.sources import local_repository

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


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """``git daemon`` serving the repositories under ``tmp_path / "served"``."""
    (tmp_path / "served").mkdir()
    with git_daemon(tmp_path / "served") as url:
        yield url


@pytest.mark.tts
def test_a_url_repo_is_cloned_shallow_then_deepened_for_an_earlier_day(tmp_path: Path, served: str) -> None:
    build_repo(tmp_path / "served" / "origin", HISTORY)
    (tmp_path / "commitcast.toml").write_text(show_toml("Remote", f"{served}/origin"))

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


def test_a_quiet_project_still_clones(tmp_path: Path, served: str) -> None:
    """Nothing landed in months: git refuses a shallow-since clone; the tip alone will do."""
    build_repo(tmp_path / "served" / "origin", HISTORY[:2])
    (tmp_path / "commitcast.toml").write_text(show_toml("Quiet", f"{served}/origin", quiet_policy="skip"))
    result = run_cli(["episode", "--date", "2025-06-02", "--json"], tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["made"] == [] and report["failed"] == []
    assert (tmp_path / ".commitcast" / "repos" / "quiet.git" / "HEAD").is_file()


SINCE = datetime(2024, 6, 10, tzinfo=UTC)  # the oldest commit time a run reads; the clone reaches 8 days further


def _side_branch_after_the_floor(make_repo: Callable[..., Any], path: str) -> None:
    """A merge whose side branch starts just after the floor, from a commit before it (the
    shape of rust-clippy's history on which git's own shallow-since clone breaks)."""
    # make_repo gives tests/conftest.py's GitRepoBuilder, which this folder cannot import: its
    # own conftest.py takes the name.
    repo = make_repo(path)
    for day in range(150):  # a past deeper than the first deepening step
        repo.commit(f"Old {day}", files={"old.py": f"o = {day}\n"}, when=datetime(2023, 1, 1, tzinfo=UTC) + timedelta(days=day))
    base = repo.commit("Start", files={"a.py": "a = 1\n"}, when="2024-05-01T10:00:00Z")
    repo.commit("Main work", files={"a.py": "a = 2\n"}, when="2024-05-20T10:00:00Z")
    repo.branch("side", at=base)
    repo.commit("Side work", branch="side", files={"b.py": "b = 1\n"}, when="2024-06-02T10:00:00Z")
    repo.merge("side", "Merge the side work (#7)", when="2024-06-03T10:00:00Z")
    repo.commit("Fix the parser (#8)", files={"a.py": "a = 3\n"}, when="2024-06-12T10:00:00Z")


def _subjects(clone: Path) -> set[str]:
    return set(_git(clone, "log", "--all", "--format=%s").stdout.splitlines())


def test_a_history_that_breaks_date_shallow_clones_is_deepened_by_commit_count(
    tmp_path: Path, served: str, make_repo, caplog: pytest.LogCaptureFixture
) -> None:
    _side_branch_after_the_floor(make_repo, "served/origin")
    state = tmp_path / "state"
    with caplog.at_level(logging.INFO, logger="commitcast.sources"):
        clone = local_repository(f"{served}/origin", state, "show", since=SINCE)
    assert "unshallow" in caplog.text  # git's own date-shallow clone failed first
    assert _git(clone, "config", "commitcast.deepen").stdout.strip() == "count"
    assert {"Side work", "Merge the side work (#7)", "Fix the parser (#8)"} <= _subjects(clone)
    assert (clone / "shallow").is_file() and "Old 0" not in _subjects(clone)  # not the whole past
    # Later runs fetch and deepen the same way, without breaking it.
    origin = tmp_path / "served" / "origin"
    subprocess.run(["git", "-C", str(origin), "commit", "--quiet", "--allow-empty", "-m", "Newer (#9)"], check=True)
    local_repository(f"{served}/origin", state, "show", since=SINCE)
    assert "Newer (#9)" in _subjects(clone)
    local_repository(f"{served}/origin", state, "show", since=datetime(2023, 1, 5, tzinfo=UTC))
    assert "Old 0" in _subjects(clone)


def test_a_server_that_refuses_shallow_clones_gives_a_full_clone(tmp_path: Path, make_repo) -> None:
    _side_branch_after_the_floor(make_repo, "web/origin")
    bare = tmp_path / "web" / "origin.git"
    subprocess.run(["git", "clone", "--quiet", "--bare", str(tmp_path / "web" / "origin"), str(bare)], check=True)
    subprocess.run(["git", "-C", str(bare), "update-server-info"], check=True)
    with dumb_http(tmp_path / "web") as url:
        clone = local_repository(f"{url}/origin.git", tmp_path / "state", "show", since=SINCE)
    assert not (clone / "shallow").exists()
    assert {"Old 0", "Fix the parser (#8)"} <= _subjects(clone)


def test_a_clone_broken_by_git_is_cloned_again(tmp_path: Path, served: str, make_repo, caplog) -> None:
    """A clone made by an earlier commitcast with git's date-shallow clone, which every fetch
    then refuses ("error in object: unshallow …"), is replaced by a clone that works."""
    _side_branch_after_the_floor(make_repo, "served/origin")
    clone = tmp_path / "state" / "repos" / "show.git"
    subprocess.run(
        ["git", "clone", "--quiet", "--bare", "--shallow-since=2024-06-02 00:00:00 +0000", f"{served}/origin", str(clone)],
        check=True,
    )
    assert _git(clone, "fetch", "--deepen=1", "origin").returncode != 0  # broken, as git leaves it
    with caplog.at_level(logging.WARNING, logger="commitcast.sources"):
        local_repository(f"{served}/origin", tmp_path / "state", "show", since=SINCE)
    assert "cloning" in caplog.text and "again" in caplog.text
    assert _git(clone, "fetch", "--deepen=1", "origin").returncode == 0
    assert {"Side work", "Fix the parser (#8)"} <= _subjects(clone)
    assert sorted(p.name for p in clone.parent.iterdir()) == ["show.git"]


def test_clones_left_by_a_stopped_run_are_reported_then_removed(tmp_path: Path, served: str) -> None:
    build_repo(tmp_path / "served" / "origin", HISTORY)
    (tmp_path / "commitcast.toml").write_text(show_toml("Remote", f"{served}/origin"))
    repos = tmp_path / ".commitcast" / "repos"
    for leftover in ("remote.git.partial", "gone.git.old"):
        (repos / leftover / "objects").mkdir(parents=True)
    config = load_config(tmp_path / "commitcast.toml")
    checks = {check.name: check for check in run_checks(config, config.shows[0])}
    assert not checks["clones"].ok and "remote.git.partial" in checks["clones"].detail
    assert not checks["feed"].ok and "base_url is not set" in checks["feed"].detail
    checks = {check.name: check for check in run_checks(config, config.shows[0], repair=True)}
    assert checks["clones"].repaired and checks["repository"].ok
    assert sorted(p.name for p in repos.iterdir()) == ["remote.git"]
