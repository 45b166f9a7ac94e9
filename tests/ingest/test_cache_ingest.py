"""The incremental cache: reuse, new commits, rewritten branches, and where it lives."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from commitcast.ingest import read_landed
from commitcast.store import Catalogue

DAY = datetime(2025, 3, 26, tzinfo=UTC)
WEEK = DAY + timedelta(days=7)


def at(hours: float) -> datetime:
    return DAY + timedelta(hours=hours)


def fresh(path: Path, since: datetime, until: datetime, scratch: Path) -> list[bytes]:
    """The window read with an empty cache, as JSON (for exact comparison)."""
    landed = read_landed(path, since, until, state_dir=scratch)
    assert landed.parsed == len(landed.changes)
    return [c.to_json() for c in landed.changes]


def test_second_read_comes_from_the_cache(make_repo, tmp_path: Path) -> None:
    repo = make_repo()
    for i in range(6):
        repo.commit(
            f"change {i} (#{i})\n\nCo-authored-by: Bob <bob@example.com>",
            files={f"f{i}": "x\n"},
            when=at(i),
        )
    state = tmp_path / "state"
    first = read_landed(repo.path, DAY, WEEK, state_dir=state)
    again = read_landed(repo.path, DAY, WEEK, state_dir=state)
    assert (first.parsed, again.parsed) == (6, 0)
    assert again.changes == first.changes
    assert [c.to_json() for c in again.changes] == fresh(repo.path, DAY, WEEK, tmp_path / "scratch")


def test_only_new_commits_are_parsed(make_repo, tmp_path: Path) -> None:
    repo = make_repo()
    for i in range(3):
        repo.commit(f"change {i}", files={"a": f"{i}\n"}, when=at(i))
    state = tmp_path / "state"
    read_landed(repo.path, DAY, WEEK, state_dir=state)
    repo.commit("later 1", files={"a": "x\n"}, when=at(10))
    repo.commit("later 2", files={"a": "y\n"}, when=at(11))
    landed = read_landed(repo.path, DAY, WEEK, state_dir=state)
    assert landed.parsed == 2 and len(landed.changes) == 5
    # a narrower window inside what is cached parses nothing
    assert read_landed(repo.path, at(1), at(11), state_dir=state).parsed == 0


def test_a_rewritten_branch_never_serves_stale_changes(make_repo, tmp_path: Path) -> None:
    repo = make_repo()
    keep = [repo.commit(f"kept {i}", files={"a": f"{i}\n"}, when=at(i)) for i in range(3)]
    dropped = [
        repo.commit(f"dropped {i} (#{i})", files={"b": f"{i}\n"}, when=at(3 + i)) for i in range(3)
    ]
    state = tmp_path / "state"
    before = read_landed(repo.path, DAY, WEEK, state_dir=state)
    assert [c.sha for c in before.changes] == keep + dropped

    repo.force("main", keep[-1])  # force-push: history rewritten from here
    rewritten = [
        repo.commit(f"rewritten {i} (#{10 + i})", files={"c": f"{i}\n"}, when=at(3 + i))
        for i in range(2)
    ]
    after = read_landed(repo.path, DAY, WEEK, state_dir=state)
    assert [c.sha for c in after.changes] == keep + rewritten
    assert after.parsed == 2
    assert [c.to_json() for c in after.changes] == fresh(repo.path, DAY, WEEK, tmp_path / "scratch")

    repo.force("main", dropped[-1])  # and back again: the old commits are still cached
    back = read_landed(repo.path, DAY, WEEK, state_dir=state)
    assert [c.sha for c in back.changes] == keep + dropped and back.parsed == 0


def test_a_new_forge_url_refreshes_pr_links(make_repo, tmp_path: Path) -> None:
    repo = make_repo()
    repo.commit("Add thing (#7)", files={"a": "1\n"}, when=at(1))
    state = tmp_path / "state"
    pr = read_landed(repo.path, DAY, WEEK, state_dir=state).changes[0].pr
    assert pr is not None and pr.url is None
    repo.set_origin("https://github.com/org/repo.git")
    landed = read_landed(repo.path, DAY, WEEK, state_dir=state)
    assert landed.parsed == 1
    pr = landed.changes[0].pr
    assert pr is not None and pr.url == "https://github.com/org/repo/pull/7"


def test_state_lives_in_the_repository_unless_told_otherwise(make_repo, tmp_path: Path) -> None:
    repo = make_repo()
    sha = repo.commit("one", files={"a": "1\n"}, when=at(1))
    read_landed(repo.path, DAY, WEEK)
    catalogue = repo.path / ".commitcast" / "catalogue.sqlite"
    assert catalogue.exists()
    assert (repo.path / ".commitcast" / ".gitignore").read_text() == "*\n"
    with Catalogue.open(catalogue) as opened:
        assert opened.count_changes(str(Path(repo.repo.path).resolve())) == 1

    elsewhere = tmp_path / "elsewhere"
    read_landed(repo.path, DAY, WEEK, state_dir=elsewhere)
    assert (elsewhere / "catalogue.sqlite").exists() and not (elsewhere / ".gitignore").exists()
    assert read_landed(repo.path, DAY, WEEK, state_dir=elsewhere).changes[0].sha == sha


def test_an_unusable_state_dir_degrades_to_no_cache(make_repo, tmp_path: Path) -> None:
    repo = make_repo()
    sha = repo.commit("one", files={"a": "1\n"}, when=at(1))
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    landed = read_landed(repo.path, DAY, WEEK, state_dir=blocker / "state")
    assert [c.sha for c in landed.changes] == [sha]
    assert len(landed.warnings) == 1 and "nothing is cached" in landed.warnings[0]
