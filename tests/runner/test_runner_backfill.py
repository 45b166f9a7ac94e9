"""`commitcast backfill`, `recap`, `shows` and `doctor` end to end, and the Ray executor against the local one."""

from __future__ import annotations

import json
from pathlib import Path

import feedparser
import pytest
from runner_helpers import TINY, build_repo, files_under, one_line_error, run_cli, show_toml

from commitcast.store import Catalogue

# Both tests below share one backfill; keep them on one xdist worker.
pytestmark = [pytest.mark.xdist_group("runner-backfill"), pytest.mark.tts]


@pytest.fixture(scope="module")
def backfilled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """Mon 2025-03-24 .. Wed 2025-03-26 with two workers: Tuesday is quiet, Wednesday is recap day."""
    home = tmp_path_factory.mktemp("backfill")
    build_repo(home / "repo", TINY)
    (home / "commitcast.toml").write_text(
        show_toml("Tiny", "repo", recap_day="wednesday", quiet_policy="short", base_url="https://example.org/tiny")
        + show_toml("Tiny quiet", "repo", slug="tiny-skip", quiet_policy="skip"),
        encoding="utf-8",
    )
    args = ["backfill", "tiny", "--since", "2025-03-24", "--until", "2025-03-27", "--workers", "2", "--json", "-v"]
    result = run_cli(args, home)
    assert result.returncode == 0, result.stderr
    return home, {**json.loads(result.stdout), "stderr": result.stderr}


def test_backfill_makes_each_day_the_quiet_day_and_the_due_recap(backfilled: tuple[Path, dict]) -> None:
    home, report = backfilled
    # In the order of what they tell: the recap of the week before first.
    assert report["made"] == ["2025-W12-recap", "2025-03-24", "2025-03-25", "2025-03-26"]
    assert report["cached"] == [] and report["skipped"] == [] and report["failed"] == []
    site = home / "site" / "tiny"
    for slug in report["made"]:
        assert (site / "episodes" / slug / "episode.mp3").stat().st_size > 10_000
        assert (site / "episodes" / slug / "index.html").exists()
    feed = feedparser.parse((site / "feed.xml").read_bytes())
    assert len(feed.entries) == 4
    with Catalogue.open(home / ".commitcast" / "catalogue.sqlite") as catalogue:
        episodes = {e.slug: e for e in catalogue.episodes("tiny")}
    quiet, busy = episodes["2025-03-25"], episodes["2025-03-24"]
    assert quiet.stories == [] and quiet.audio and busy.audio
    assert quiet.audio.duration < busy.audio.duration
    # The recap tells the week before (one change, PR 11) and nothing from this week.
    recap = episodes["2025-W12-recap"]
    assert recap.kind == "recap" and recap.window.since.isoformat().startswith("2025-03-17")
    cited = {c.pr for s in recap.script.sentences for c in s.citations}
    assert cited == {11}


def test_the_run_report_tells_made_from_cached_and_verbose_logs_each_stage(backfilled: tuple[Path, dict]) -> None:
    home, report = backfilled
    log = report["stderr"].splitlines()
    assert any(line.startswith("tiny: read 4 changes (4 parsed, the rest cached)") and line.endswith(" s") for line in log)
    for slug in report["made"]:
        assert any(line.startswith(f"{slug}: made in ") and "voice " in line for line in log), log
    published = next(line for line in log if line.startswith("tiny: published 4 episodes to "))
    assert len(published) > 80  # one line in a log, however long: never wrapped at 80 columns
    again = run_cli(["backfill", "tiny", "--since", "2025-03-24", "--until", "2025-03-27"], home)
    assert again.returncode == 0, again.stderr
    assert "made 0 episode(s): none" in again.stdout
    assert "already made 4 (from the cache): 2025-W12-recap, 2025-03-24, 2025-03-25, 2025-03-26" in again.stdout
    # Progress bars count real time from each step's start (written once, off a terminal).
    assert "making episodes" in again.stderr and "0/0" not in again.stderr


def test_quiet_policy_skip_makes_no_episode(backfilled: tuple[Path, dict]) -> None:
    home, _ = backfilled
    args = ["backfill", "tiny-skip", "--since", "2025-03-25", "--until", "2025-03-26", "--json"]
    result = run_cli(args, home)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["made"] == []
    assert [s["episode"] for s in report["skipped"]] == ["2025-03-25"]
    assert "quiet day" in report["skipped"][0]["reason"]
    assert not (home / "site" / "tiny-skip" / "episodes" / "2025-03-25").exists()


def test_shows_then_recap_week_then_shows(backfilled: tuple[Path, dict]) -> None:
    home, _ = backfilled
    listed = run_cli(["shows", "--json"], home)
    assert listed.returncode == 0, listed.stderr
    rows = {row["slug"]: row for row in json.loads(listed.stdout)}
    assert rows["tiny"]["episodes"] == 4 and rows["tiny"]["latest"] == "2025-03-26"
    assert rows["tiny-skip"]["episodes"] == 0 and rows["tiny-skip"]["latest"] is None

    made = run_cli(["recap", "tiny", "--week", "2025-W13", "--json"], home)
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["made"] == ["2025-W13-recap"]
    with Catalogue.open(home / ".commitcast" / "catalogue.sqlite") as catalogue:
        recap = {e.slug: e for e in catalogue.episodes("tiny")}["2025-W13-recap"]
    # It tells that week: every change it cites landed then (PRs 12-14), none from the week before.
    cited = {c.pr for s in recap.script.sentences for c in s.citations}
    assert cited and cited <= {12, 13, 14}
    feed = feedparser.parse((home / "site" / "tiny" / "feed.xml").read_bytes())
    assert len(feed.entries) == 5

    rows = {row["slug"]: row for row in json.loads(run_cli(["shows", "--json"], home).stdout)}
    assert rows["tiny"]["episodes"] == 5

    bad = run_cli(["recap", "tiny", "--week", "2025-13"], home)
    assert bad.returncode == 2 and "ISO week" in one_line_error(bad)


def test_doctor_passes_on_a_good_config_and_fails_on_an_unwritable_site(backfilled: tuple[Path, dict]) -> None:
    home, _ = backfilled
    good = run_cli(["doctor", "tiny"], home)
    assert good.returncode == 0, good.stdout + good.stderr
    for check in ("clones", "repository", "voice", "site dir", "state dir", "feed"):
        assert f"ok   tiny: {check}" in good.stdout
    assert "prepared copy in" in good.stdout  # the voice's cached copy, shared by every run

    broken = home / "broken"
    broken.mkdir()
    (broken / "blocker").write_text("a file where the site dir should go\n")
    (broken / "commitcast.toml").write_text(show_toml("Tiny", "../repo", site_dir="blocker/site"))
    bad = run_cli(["doctor"], broken)
    assert bad.returncode == 1
    assert "FAIL tiny: site dir" in bad.stdout and "not writable" in bad.stdout
    assert "ok   tiny: repository" in bad.stdout
    assert "FAIL tiny: feed — base_url is not set" in bad.stdout  # the feed's lint, before anything is published
    assert "Traceback" not in bad.stderr


@pytest.fixture(scope="module")
def ray_backfilled(backfilled: tuple[Path, dict]) -> Path:
    """Monday and Tuesday again, on a real local Ray instance, into a state dir of its own."""
    pytest.importorskip("ray", reason="the Ray executor is an extra: pip install 'commitcast[ray]'")
    home = backfilled[0] / "ray"
    home.mkdir()
    (home / "commitcast.toml").write_text(show_toml("Tiny", "../repo", recap_day="wednesday", base_url="https://example.org/tiny"))
    args = ["backfill", "--since", "2025-03-24", "--until", "2025-03-26"]
    result = run_cli([*args, "--executor", "ray", "--workers", "2", "--json"], home)
    assert result.returncode == 0, result.stderr
    assert sorted(json.loads(result.stdout)["made"]) == ["2025-03-24", "2025-03-25"]
    return home


@pytest.mark.ray
def test_ray_executor_makes_the_same_plans_and_scripts_as_the_local_one(
    backfilled: tuple[Path, dict], ray_backfilled: Path
) -> None:
    local, ray = backfilled[0] / ".commitcast", ray_backfilled / ".commitcast"
    for stage in ("plan", "script"):
        made_by_ray = {name: data for name, (data, _) in files_under(ray / "artifacts" / stage).items()}
        made_locally = {name: data for name, (data, _) in files_under(local / "artifacts" / stage).items()}
        assert len(made_by_ray) == 2
        assert made_by_ray.items() <= made_locally.items()
    # Same scripts, same voice settings: the voice artifacts have the same cache keys.
    assert {p.name for p in (ray / "media" / "tiny").iterdir()} <= {p.name for p in (local / "media" / "tiny").iterdir()}
    assert (ray_backfilled / "site" / "tiny" / "episodes" / "2025-03-24" / "episode.mp3").exists()


@pytest.mark.ray
def test_ray_executor_voices_byte_identical_audio(backfilled: tuple[Path, dict], ray_backfilled: Path) -> None:
    local, ray = backfilled[0] / ".commitcast" / "media" / "tiny", ray_backfilled / ".commitcast" / "media" / "tiny"
    for media in ray.iterdir():
        assert (media / "episode.mp3").read_bytes() == (local / media.name / "episode.mp3").read_bytes()
