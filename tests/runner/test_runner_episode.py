"""`commitcast init` and `commitcast episode` end to end: publish, re-run for free, redo only what changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from runner_helpers import files_under, run_cli

from commitcast.config import load_config
from commitcast.store import Catalogue


@pytest.mark.tts
def test_init_episode_rerun_for_free_then_a_new_rate_redoes_only_the_voice(tiny_show: Path) -> None:
    home = tiny_show
    made = run_cli(["init", "--name", "Tiny", "--repo", "repo"], home)
    assert made.returncode == 0, made.stderr
    config = load_config(home / "commitcast.toml")
    (show,) = config.shows
    assert show.show.slug == "tiny" and show.show.repo == str(home / "repo")

    first = run_cli(["episode", "--date", "2025-03-24", "--json"], home)
    assert first.returncode == 0, first.stderr
    report = json.loads(first.stdout)
    assert report["made"] == ["2025-03-24"] and report["failed"] == []
    site = home / "site" / "tiny"
    assert report["feed"] == str(site / "feed.xml")
    page = site / "episodes" / "2025-03-24"
    assert (page / "episode.mp3").read_bytes()[:3] in (b"ID3", b"\xff\xfb")
    assert "Grace Hopper" in (page / "index.html").read_text(encoding="utf-8")
    assert "2025-03-24" in (site / "feed.xml").read_text(encoding="utf-8")
    with Catalogue.open(Path(config.state_dir) / "catalogue.sqlite") as catalogue:
        (episode,) = catalogue.episodes("tiny")
    assert episode.slug == "2025-03-24" and episode.audio is not None and episode.audio.duration > 5

    state = Path(config.state_dir)
    before = {part: files_under(state / part) for part in ("artifacts", "media")}
    published = files_under(site)
    again = run_cli(["episode", "--date", "2025-03-24", "--json"], home)
    assert again.returncode == 0, again.stderr
    # Nothing re-made: every cached artifact and the media are the same files, untouched.
    assert {part: files_under(state / part) for part in ("artifacts", "media")} == before
    assert {name: data for name, (data, _) in files_under(site).items()} == {
        name: data for name, (data, _) in published.items()
    }

    # A faster speaking rate: the plan and script are reused as they were; only the voice is new.
    toml = home / "commitcast.toml"
    toml.write_text(toml.read_text().replace("rate = 1.0", "rate = 1.25"), encoding="utf-8")
    faster = run_cli(["episode", "--date", "2025-03-24", "-q"], home)
    assert faster.returncode == 0, faster.stderr
    assert files_under(state / "artifacts") == before["artifacts"]
    voiced = state / "media" / "tiny"
    (first_key,) = {Path(name).parts[1] for name in before["media"]}
    (second,) = {p.name for p in voiced.iterdir()} - {first_key}

    def duration(key: str) -> float:
        return json.loads((voiced / key / "audio.json").read_bytes())["duration"]

    assert duration(second) < duration(first_key) / 1.1
    assert (page / "episode.mp3").read_bytes() != published["episodes/2025-03-24/episode.mp3"][0]


@pytest.mark.tts
def test_a_lost_state_dir_takes_published_episodes_back_from_the_site(tiny_show: Path) -> None:
    """A fresh CI machine with only the published site: the next run keeps every episode in the feed."""
    import shutil

    home = tiny_show
    assert run_cli(["init", "--name", "Tiny", "--repo", "repo"], home).returncode == 0
    first = run_cli(["episode", "--date", "2025-03-24", "-q"], home)
    assert first.returncode == 0, first.stderr
    site = home / "site" / "tiny"
    mp3 = (site / "episodes" / "2025-03-24" / "episode.mp3").read_bytes()
    shutil.rmtree(home / ".commitcast")  # the catalogue, caches and media are gone

    second = run_cli(["episode", "--date", "2025-03-26", "--json"], home)
    assert second.returncode == 0, second.stderr
    assert json.loads(second.stdout)["made"] == ["2025-03-26"]
    feed = (site / "feed.xml").read_text(encoding="utf-8")
    assert "2025-03-24" in feed and "2025-03-26" in feed
    assert (site / "episodes" / "2025-03-24" / "episode.mp3").read_bytes() == mp3
    listed = json.loads((site / "episodes.json").read_text(encoding="utf-8"))
    assert {e["slug"] for e in listed["episodes"]} >= {"2025-03-24", "2025-03-26"}
    with Catalogue.open(home / ".commitcast" / "catalogue.sqlite") as catalogue:
        assert [e.slug for e in catalogue.episodes("tiny")] == ["2025-03-24", "2025-03-26"]

    # A plain re-publish of the site from a second fresh state works the same way.
    shutil.rmtree(home / ".commitcast")
    again = run_cli(["publish", str(site)], home)
    assert again.returncode == 0, again.stderr
    assert "2025-03-24" in (site / "feed.xml").read_text(encoding="utf-8")


@pytest.mark.tts
def test_demo_publishes_the_last_active_days_and_a_finished_weeks_recap(tiny_show: Path) -> None:
    done = run_cli(["demo", "--repo", "repo", "--name", "Tiny", "--out", "demo-site"], tiny_show)
    assert done.returncode == 0, done.stderr
    site = tiny_show / "demo-site"
    slugs = sorted(p.name for p in (site / "episodes").iterdir())
    # The three last active days (2025-03-20, -24, -26) and the recap of the week they end in.
    assert slugs == ["2025-03-20", "2025-03-24", "2025-03-26", "2025-W13-recap"]
    assert all((site / "episodes" / slug / "episode.mp3").stat().st_size > 10_000 for slug in slugs)
    assert (site / "feed.xml").read_text(encoding="utf-8").count("<item>") == 4
    # Made for `commitcast serve`: a feed podcast apps take, subscribe links, search.
    assert "serve it: .venv/bin/commitcast serve demo-site" in done.stdout
    assert "then open http://127.0.0.1:8000/" in done.stdout
    # A preview's feed: whole, but its loopback links are for this machine only, said once.
    linted = run_cli(["lint-feed", str(site / "feed.xml")], tiny_show)
    errors = [line for line in linted.stdout.splitlines() if line.startswith("error")]
    assert linted.returncode == 1 and len(errors) == 1 and "loopback address" in errors[0], linted.stdout
    # Relative links browse as files, but no podcast app takes them.
    files = run_cli(["demo", "--repo", "repo", "--name", "Tiny", "--out", "files", "--base-url", "", "-q"], tiny_show)
    assert files.returncode == 0, files.stderr
    assert "open " in files.stdout and "index.html" in files.stdout
    assert run_cli(["lint-feed", str(tiny_show / "files" / "feed.xml")], tiny_show).returncode == 1


def test_demo_recaps_a_finished_week_rather_than_the_one_still_going() -> None:
    from datetime import date

    from commitcast.cli.episode_cmds import _demo_week

    sunday, monday = date(2026, 11, 29), date(2026, 11, 30)
    assert _demo_week([date(2026, 11, 27), sunday, monday], today=monday) == date(2026, 11, 23)
    assert _demo_week([monday], today=monday) == monday  # nothing finished yet: the week so far
