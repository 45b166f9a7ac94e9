"""Nothing published is lost: the site is the record of what was published, so losing the
catalogue and finding a bad record in the site never shrinks the feed; a damaged catalogue,
voiced media or record heals, and ``doctor --repair`` reports and fixes them.

The tests share one backfilled show and run in order; each leaves it whole again."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from runner_helpers import TINY_DAYS, backfilled_tiny, feed_items, one_line_error, run_cli

pytestmark = [pytest.mark.xdist_group("runner-state-heals"), pytest.mark.tts]

DAYS = TINY_DAYS


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return backfilled_tiny(tmp_path_factory.mktemp("records"))


def _lose_the_catalogue(home: Path) -> None:
    for path in (home / ".commitcast").glob("catalogue.sqlite*"):
        path.unlink()



def test_a_bad_record_is_repaired_and_the_feed_keeps_every_episode(published: Path) -> None:
    home, site = published, published / "site" / "tiny"
    before = feed_items(site)
    assert len(before) == 3
    record = site / "episodes" / DAYS[0] / "episode.json"
    original = json.loads(record.read_bytes())
    for damage in ("{}", "{ not json"):
        record.write_text(damage)
        _lose_the_catalogue(home)
        run = run_cli(["episode", "--date", DAYS[2], "--json"], home)
        assert run.returncode == 0, run.stderr
        report = json.loads(run.stdout)
        assert len(report["repaired"]) == 1 and f"episodes/{DAYS[0]}/episode.json" in report["repaired"][0]
        assert feed_items(site) == before
        listed = json.loads((site / "episodes.json").read_text())["episodes"]
        assert sorted(e["slug"] for e in listed) == DAYS
        repaired = json.loads(record.read_bytes())  # whole again, with what the site said of it
        for key in ("title", "summary", "published_at", "kind", "slug", "show"):
            assert repaired[key] == original[key], key
        assert repaired["audio"]["duration"] == original["audio"]["duration"]

    again = run_cli(["episode", "--date", DAYS[2], "--json"], home)
    assert again.returncode == 0 and json.loads(again.stdout)["repaired"] == []
    assert feed_items(site) == before


def test_a_garbage_show_record_never_shrinks_the_feed(published: Path) -> None:
    home, site = published, published / "site" / "tiny"
    before = feed_items(site)
    (site / "show.json").write_text("garbage")
    _lose_the_catalogue(home)
    run = run_cli(["episode", "--date", DAYS[2]], home)
    assert run.returncode == 0, run.stderr
    assert "show.json cannot be read" in run.stderr
    assert feed_items(site) == before and json.loads((site / "show.json").read_text())["slug"] == "tiny"


def test_a_record_that_cannot_be_repaired_leaves_the_site_as_it_was(published: Path) -> None:
    home, site = published, published / "site" / "tiny"
    folder = site / "episodes" / DAYS[1]
    feed, mp3 = (site / "feed.xml").read_bytes(), (folder / "episode.mp3").read_bytes()
    (folder / "episode.json").write_text("{}")
    (folder / "episode.mp3").write_bytes(b"not audio any more")
    _lose_the_catalogue(home)
    run = run_cli(["episode", "--date", DAYS[2]], home)
    assert run.returncode == 1
    assert "the site was left as it was published" in one_line_error(run)
    assert f"episodes/{DAYS[1]}/episode.json" in run.stderr and "cannot be repaired" in run.stderr
    assert (site / "feed.xml").read_bytes() == feed

    (folder / "episode.mp3").write_bytes(mp3)  # the audio is back: the record is repaired from it
    fixed = run_cli(["episode", "--date", DAYS[2]], home)
    assert fixed.returncode == 0, fixed.stderr
    assert len(feed_items(site)) == 3


def _damage(path: Path, how: str) -> None:
    data = bytearray(path.read_bytes())
    if how == "random bytes":
        data = bytearray(os.urandom(len(data)))
    elif how == "truncated":
        data = data[: len(data) // 3]
    else:  # one page past the schema scribbled over
        page = int.from_bytes(data[16:18], "big")
        data[2 * page : 3 * page] = b"\xab" * page
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("how", ["random bytes", "truncated", "damaged page"])
def test_a_damaged_catalogue_is_set_aside_and_rebuilt_from_the_site(published: Path, how: str) -> None:
    home, site = published, published / "site" / "tiny"
    before = feed_items(site)
    catalogue = home / ".commitcast" / "catalogue.sqlite"
    run_cli(["shows"], home)  # the WAL folded back into the file, so the damage lands in it
    _damage(catalogue, how)
    run = run_cli(["episode", "--date", DAYS[2], "--json"], home)
    assert run.returncode == 0, run.stderr
    assert "is damaged" in run.stderr and list(catalogue.parent.glob("catalogue.sqlite.damaged-*"))
    assert feed_items(site) == before
    rows = {row["slug"]: row for row in json.loads(run_cli(["shows", "--json"], home).stdout)}
    assert rows["tiny"]["episodes"] == 3  # every published episode is back in the new catalogue
    for aside in catalogue.parent.glob("catalogue.sqlite.damaged-*"):
        aside.unlink()


def _media(home: Path) -> list[Path]:
    return sorted(p for p in (home / ".commitcast" / "media" / "tiny").iterdir() if not p.name.startswith("."))


def test_damaged_voiced_media_is_voiced_again(published: Path) -> None:
    home, site = published, published / "site" / "tiny"
    first, second = _media(home)[:2]
    with (first / "episode.mp3").open("r+b") as mp3:
        mp3.truncate(1000)
    (second / "audio.json").write_text("garbage")
    doctor = run_cli(["doctor"], home)
    assert doctor.returncode == 1 and "FAIL tiny: voiced media — 2 cached episode(s) damaged" in doctor.stdout

    run = run_cli(["backfill", "--since", DAYS[0], "--until", "2025-03-27", "-j", "2", "--json"], home)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert len(report["made"]) == 2 and sorted(report["made"] + report["cached"]) == DAYS  # the damaged two, again
    for media in (first, second):
        audio = json.loads((media / "audio.json").read_bytes())
        assert (media / "episode.mp3").stat().st_size == audio["size"] > 10_000
    assert len(feed_items(site)) == 3
    assert run_cli(["doctor"], home).returncode == 0


def test_doctor_reports_damaged_state_and_repair_fixes_it(published: Path) -> None:
    home, site = published, published / "site" / "tiny"
    before = feed_items(site)
    run_cli(["shows"], home)
    _damage(home / ".commitcast" / "catalogue.sqlite", "random bytes")
    (site / "episodes" / DAYS[0] / "episode.json").write_text("{}")
    (_media(home)[0] / "audio.json").write_text("{}")

    report = run_cli(["doctor"], home)
    assert report.returncode == 1, report.stdout + report.stderr
    for check in ("catalogue", "site records", "voiced media"):
        assert f"FAIL tiny: {check}" in report.stdout, report.stdout

    repair = run_cli(["doctor", "--repair"], home)
    assert repair.returncode == 0, repair.stdout + repair.stderr
    for check in ("catalogue", "site records", "voiced media"):
        assert f"fixed tiny: {check}" in repair.stdout, repair.stdout
    assert run_cli(["doctor"], home).returncode == 0
    assert feed_items(site) == before
    assert json.loads((site / "episodes" / DAYS[0] / "episode.json").read_bytes())["slug"] == DAYS[0]
