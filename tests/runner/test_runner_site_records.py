"""The site is the record of what was published: losing the catalogue and finding a bad
record in the site never shrinks the feed."""

from __future__ import annotations

import json
from pathlib import Path

import feedparser
import pytest
from runner_helpers import TINY, build_repo, one_line_error, run_cli, show_toml

pytestmark = pytest.mark.xdist_group("runner-site-records")

DAYS = ["2025-03-24", "2025-03-25", "2025-03-26"]


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("records")
    build_repo(home / "repo", TINY)
    (home / "commitcast.toml").write_text(show_toml("Tiny", "repo"))
    made = run_cli(["backfill", "--since", DAYS[0], "--until", "2025-03-27", "-j", "2", "--json"], home)
    assert made.returncode == 0, made.stdout + made.stderr
    assert sorted(json.loads(made.stdout)["made"]) == DAYS
    return home


def _lose_the_catalogue(home: Path) -> None:
    for path in (home / ".commitcast").glob("catalogue.sqlite*"):
        path.unlink()


def _items(site: Path) -> list[str]:
    return sorted(e.id for e in feedparser.parse((site / "feed.xml").read_bytes()).entries)


def test_a_bad_record_is_repaired_and_the_feed_keeps_every_episode(published: Path) -> None:
    home, site = published, published / "site" / "tiny"
    before = _items(site)
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
        assert _items(site) == before
        listed = json.loads((site / "episodes.json").read_text())["episodes"]
        assert sorted(e["slug"] for e in listed) == DAYS
        repaired = json.loads(record.read_bytes())  # whole again, with what the site said of it
        for key in ("title", "summary", "published_at", "kind", "slug", "show"):
            assert repaired[key] == original[key], key
        assert repaired["audio"]["duration"] == original["audio"]["duration"]

    again = run_cli(["episode", "--date", DAYS[2], "--json"], home)
    assert again.returncode == 0 and json.loads(again.stdout)["repaired"] == []
    assert _items(site) == before


def test_a_garbage_show_record_never_shrinks_the_feed(published: Path) -> None:
    home, site = published, published / "site" / "tiny"
    before = _items(site)
    (site / "show.json").write_text("garbage")
    _lose_the_catalogue(home)
    run = run_cli(["episode", "--date", DAYS[2]], home)
    assert run.returncode == 0, run.stderr
    assert "show.json cannot be read" in run.stderr
    assert _items(site) == before and json.loads((site / "show.json").read_text())["slug"] == "tiny"


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
    assert len(_items(site)) == 3
