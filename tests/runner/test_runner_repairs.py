"""Repairs that repair, checked by the next command a user would run: a lost or damaged
catalogue is refilled from the site (``shows`` lists every episode), a catalogue that is a
directory is one line, a deleted published MP3 is found and put back by ``doctor --repair``
(and ``publish SITE`` works again), media removed by a repair does not stop the next run,
and a full disk while publishing is one line with the site left as it was.

The tests share one backfilled show and run in order; each leaves it whole again."""

from __future__ import annotations

import json
import os
import resource
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from runner_helpers import (
    TINY_DAYS,
    backfilled_tiny,
    feed_items,
    files_under,
    one_line_error,
    run_cli,
)

pytestmark = [pytest.mark.xdist_group("runner-repairs"), pytest.mark.tts]

DAYS = TINY_DAYS


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return backfilled_tiny(tmp_path_factory.mktemp("repairs"))



def _listed(home: Path) -> int:
    shows = run_cli(["shows", "--json"], home)
    assert shows.returncode == 0, shows.stdout + shows.stderr
    return {row["slug"]: row for row in json.loads(shows.stdout)}["tiny"]["episodes"]


def _sql(*statements: str) -> Callable[[Path], None]:
    def run(path: Path) -> None:
        with sqlite3.connect(path) as db:
            for statement in statements:
                db.execute(statement)
        db.close()

    return run


def _delete(path: Path) -> None:
    for file in path.parent.glob("catalogue.sqlite*"):
        file.unlink()


def _zero_bytes(path: Path) -> None:
    _delete(path)
    path.write_bytes(b"")


DAMAGE: dict[str, Callable[[Path], object]] = {
    "deleted": _delete,
    "zero bytes": _zero_bytes,
    "random bytes": lambda path: path.write_bytes(os.urandom(path.stat().st_size)),
    "truncated": lambda path: path.write_bytes(path.read_bytes()[:1500]),
    "episodes table dropped": _sql("DROP TABLE episodes"),
    "episodes emptied": _sql("DELETE FROM episodes"),
    "a row unreadable": _sql(f"UPDATE episodes SET data = '{{not json' WHERE slug = '{DAYS[0]}'"),
    "its version table dropped": _sql("DROP TABLE schema_version"),
}


@pytest.mark.parametrize("how", list(DAMAGE))
def test_shows_lists_every_episode_after_the_catalogue_is_damaged(published: Path, how: str) -> None:
    home, site = published, published / "site" / "tiny"
    catalogue = home / ".commitcast" / "catalogue.sqlite"
    assert _listed(home) == 3  # the WAL folded back into the file, so the damage lands in it
    DAMAGE[how](catalogue)
    assert _listed(home) == 3
    run = run_cli(["episode", "--date", DAYS[2], "--json"], home)
    assert run.returncode == 0, run.stderr
    assert len(feed_items(site)) == 3 and _listed(home) == 3
    for aside in catalogue.parent.glob("catalogue.sqlite.damaged-*"):
        aside.unlink()


def test_a_catalogue_that_is_a_directory_is_one_line(published: Path) -> None:
    home, site = published, published / "site" / "tiny"
    feed = (site / "feed.xml").read_bytes()
    catalogue = home / ".commitcast" / "catalogue.sqlite"
    _delete(catalogue)
    catalogue.mkdir()
    try:
        for command in (["shows"], ["episode", "--date", DAYS[2]], ["recap", "--week", "2025-W13"]):
            result = run_cli(command, home)
            assert result.returncode == 2, (command, result.stdout + result.stderr)
            assert f"the catalogue {catalogue} is a directory" in one_line_error(result)
        doctor = run_cli(["doctor"], home)
        assert doctor.returncode == 1 and "Traceback" not in doctor.stderr
        assert f"FAIL tiny: catalogue — {catalogue} is a directory" in doctor.stdout
        assert (site / "feed.xml").read_bytes() == feed
    finally:
        catalogue.rmdir()
    assert _listed(home) == 3


def test_a_deleted_published_mp3_is_found_and_put_back_by_doctor_repair(published: Path) -> None:
    home, site = published, published / "site" / "tiny"
    mp3 = site / "episodes" / DAYS[0] / "episode.mp3"
    original = mp3.read_bytes()
    mp3.unlink()
    doctor = run_cli(["doctor"], home)
    assert doctor.returncode == 1
    assert f"FAIL tiny: site records — episodes/{DAYS[0]}/episode.mp3 is missing" in doctor.stdout

    repair = run_cli(["doctor", "--repair"], home)
    assert repair.returncode == 0, repair.stdout + repair.stderr
    assert "fixed tiny: site records" in repair.stdout
    assert mp3.read_bytes() == original
    again = run_cli(["publish", "site/tiny"], home)
    assert again.returncode == 0, again.stdout + again.stderr
    assert len(feed_items(site)) == 3 and run_cli(["doctor"], home).returncode == 0


def _media(home: Path) -> list[Path]:
    return sorted(p for p in (home / ".commitcast" / "media" / "tiny").iterdir() if not p.name.startswith("."))


def test_media_that_doctor_repair_removed_does_not_stop_the_next_run(published: Path) -> None:
    home, site = published, published / "site" / "tiny"
    before = {day: (site / "episodes" / day / "episode.mp3").read_bytes() for day in DAYS}
    for media in _media(home):  # every voiced copy in the state damaged
        with (media / "episode.mp3").open("r+b") as mp3:
            mp3.truncate(1000)
    repair = run_cli(["doctor", "--repair"], home)
    assert repair.returncode == 0 and "fixed tiny: voiced media" in repair.stdout, repair.stdout
    assert _media(home) == []

    other_day = run_cli(["episode", "--date", DAYS[2], "--json"], home)  # DAYS[0] and [1] are not re-made
    assert other_day.returncode == 0, other_day.stdout + other_day.stderr
    assert len(feed_items(site)) == 3
    same_day = run_cli(["episode", "--date", DAYS[0], "--json"], home)
    assert same_day.returncode == 0, same_day.stdout + same_day.stderr
    assert len(_media(home)) == 2  # voiced again: Monday's and Wednesday's
    assert {day: (site / "episodes" / day / "episode.mp3").read_bytes() for day in DAYS} == before
    assert run_cli(["doctor"], home).returncode == 0


def _small_files_only() -> None:
    """In the child: a write past 4 KB fails (EFBIG), as the next write on a full disk does."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))


def test_a_full_disk_while_publishing_is_one_line_and_the_site_stays_whole(published: Path) -> None:
    home, site = published, published / "site" / "tiny"
    before = files_under(site)
    # A new base URL changes every page, so publishing must write them all, and cannot.
    full = run_cli(["publish", "site/tiny", "--base-url", "https://casts.example/tiny/"], home, preexec_fn=_small_files_only)
    assert full.returncode == 1, full.stdout + full.stderr
    assert "cannot publish to site/tiny" in one_line_error(full)
    after = files_under(site)
    # Every write is atomic: the files it could not write are as they were, none is half
    # written, no temp file is left; only the ledger is gone (so the next run checks all).
    assert set(after) == set(before) - {".commitcast-ledger.json"}
    assert not [name for name in after if name.endswith(".tmp")]
    assert after["feed.xml"] == before["feed.xml"] and len(feed_items(site)) == 3
    for name in before:
        if name.endswith(".mp3"):
            assert after[name] == before[name]
    again = run_cli(["publish", "site/tiny"], home)  # room again
    assert again.returncode == 0, again.stdout + again.stderr
    assert len(feed_items(site)) == 3
