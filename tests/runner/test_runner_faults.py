"""Bad input and faults: broken configs, unreadable repositories, unwritable and full disks, a huge
day, a worker killed mid-episode and a second run of the same show."""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import socket
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from patience import patience
from runner_helpers import Commit, build_repo, one_line_error, run_cli, show_toml, start_cli

from commitcast.config import load_config
from commitcast.ingest import read_landed
from commitcast.pipeline import LOOKBACK, daily_jobs, episode_window, plan_and_script


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('name = "A"\nrepo = "repo"\nvoise = "x.onnx"\n', r"commitcast.toml:5: 'voise' is not a known show setting"),
        ('name = "A"\nrepo = "repo"\nrate = "fast"\n', r"commitcast.toml:5: 'rate' must be a number"),
        ('name = "A"\nrepo = "repo"\nquiet_policy = "never"\n', r"commitcast.toml:5: 'quiet_policy' must be"),
        ('name = "A"\n', r"'repo' is missing from show #1"),
    ],
)
def test_a_bad_config_is_one_line_naming_key_and_line_with_exit_2(tiny_show: Path, table: str, message: str) -> None:
    (tiny_show / "commitcast.toml").write_text(f"# my show\n[[show]]\n{table}", encoding="utf-8")
    for command in (["episode", "--date", "2025-03-24"], ["backfill", "--since", "2025-03-24"], ["doctor"]):
        result = run_cli(command, tiny_show)
        assert result.returncode == 2
        assert re.search(message, one_line_error(result))


def _closed_port() -> int:
    """A loopback port nobody listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize(
    ("repo", "reason"),
    [
        ("not-a-repo", "not a git repository"),
        ("missing", "'repo' is not a git URL or an existing directory: 'missing'"),
        ("file:///nonexistent/repo.git", "cannot clone file:///nonexistent/repo.git: "),
        ("http://127.0.0.1:{port}/repo.git", "cannot clone http://127.0.0.1:"),
    ],
)
def test_an_unreadable_repository_is_one_line_with_exit_2(tmp_path: Path, repo: str, reason: str) -> None:
    (tmp_path / "not-a-repo").mkdir()
    (tmp_path / "commitcast.toml").write_text(show_toml("Broken", repo.format(port=_closed_port())))
    result = run_cli(["episode", "--date", "2025-03-24"], tmp_path)
    assert result.returncode == 2
    line = one_line_error(result)
    assert reason in line
    # git's explanation, not the last line of its advice.
    assert "correct access rights" not in line and "repository exists." not in line
    assert not (tmp_path / "site").exists()


def test_an_unwritable_site_dir_fails_before_any_work(tiny_show: Path) -> None:
    (tiny_show / "blocker").write_text("a file where the site dir should go\n")
    (tiny_show / "commitcast.toml").write_text(show_toml("Tiny", "repo", site_dir="blocker/site"))
    result = run_cli(["episode", "--date", "2025-03-24"], tiny_show)
    assert result.returncode in (1, 2)
    assert "cannot write the site dir" in one_line_error(result)
    assert not (tiny_show / ".commitcast" / "media").exists()  # nothing voiced for nothing


def _limit_file_size() -> None:
    # Files past 256 KiB cannot be written (EFBIG, as Python ignores SIGXFSZ): a disk that
    # fills up while the episode's audio is being written.
    resource.setrlimit(resource.RLIMIT_FSIZE, (256 * 1024, 256 * 1024))


@pytest.mark.tts
def test_a_full_disk_fails_the_episode_cleanly_and_a_rerun_completes_it(tiny_show: Path) -> None:
    (tiny_show / "commitcast.toml").write_text(show_toml("Tiny", "repo"))
    # The quiet Tuesday: its short episode is quick to voice again.
    full = run_cli(["episode", "--date", "2025-03-25", "--json"], tiny_show, preexec_fn=_limit_file_size)
    assert full.returncode == 1
    assert "Traceback" not in full.stderr
    report = json.loads(full.stdout)
    assert report["made"] == [] and report["failed"][0]["episode"] == "2025-03-25"
    assert "File too large" in report["failed"][0]["error"]
    assert not (tiny_show / "site" / "tiny" / "episodes" / "2025-03-25").exists()
    media = tiny_show / ".commitcast" / "media" / "tiny"
    assert not media.exists() or not any(media.iterdir())  # no half-made audio kept

    again = run_cli(["episode", "--date", "2025-03-25", "--json"], tiny_show)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["made"] == ["2025-03-25"]
    assert (tiny_show / "site" / "tiny" / "episodes" / "2025-03-25" / "episode.mp3").exists()


@pytest.mark.slow
def test_a_day_with_3000_changes_gets_a_bounded_plan_and_script(tmp_path: Path) -> None:
    start = datetime(2025, 6, 2, tzinfo=UTC)
    areas = ["inductor", "distributed", "dynamo", "export", "mps", "cuda", "docs", "ci"]
    people = [f"Dev {n} <dev{n}@example.com>" for n in range(60)]
    commits = [
        Commit(
            f"[{areas[n % 8]}] {'Fix' if n % 3 else 'Speed up'} case {n} in {areas[n % 8]} (#{10_000 + n})",
            (start + timedelta(seconds=25 * n)).isoformat(),
            people[n % 60],
            {f"torch/{areas[n % 8]}/file{n % 40}.py": f"value = {n}\n"},
        )
        for n in range(3000)
    ]
    repo = build_repo(tmp_path / "repo", commits)
    (tmp_path / "commitcast.toml").write_text(show_toml("Huge", "repo"))
    config = load_config(tmp_path / "commitcast.toml")
    (show,) = config.shows
    window = episode_window(show, date(2025, 6, 2))
    changes = read_landed(repo, window.since - LOOKBACK, window.until, state_dir=tmp_path / "state").changes
    assert len(changes) == 3000
    (job,) = daily_jobs(show, [date(2025, 6, 2)], changes, tmp_path / "state")

    plan, script = plan_and_script(job)
    assert plan.counts["changes"] == 3000
    assert len(plan.stories) <= 12 and len(plan.quick_hits) <= 30
    words = sum(len(s.text.split()) for s in script.sentences)
    assert 100 < words < 2000, words  # minutes of audio, not hours
    assert any("3,000" in s.text or "3000" in s.text for s in script.sentences[:3])


def _children(pid: int) -> list[tuple[int, str]]:
    """(pid, command line) of every live child of ``pid``, read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        # The command name in field 2 may hold spaces; the parent pid follows its closing paren.
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append((int(entry.name), cmdline))
    return found


def _wait_for(condition: Callable[[], bool], timeout: float = 90.0) -> None:
    deadline = time.monotonic() + patience(timeout)
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@pytest.mark.tts
def test_a_killed_worker_fails_the_run_and_a_rerun_completes_it(tiny_show: Path) -> None:
    home = tiny_show
    (home / "commitcast.toml").write_text(show_toml("Tiny", "repo"))
    media = home / ".commitcast" / "media" / "tiny"
    args = ["backfill", "--since", "2025-03-24", "--until", "2025-03-26", "--workers", "2", "--json"]
    run = start_cli(args, home)
    try:
        # Voicing has begun when a worker's scratch directory appears.
        _wait_for(lambda: media.is_dir() and any(p.name.startswith(".") for p in media.iterdir()))

        second = run_cli(["episode", "--date", "2025-03-24"], home)
        assert second.returncode == 1
        assert "another commitcast run is working on show 'tiny'" in one_line_error(second)

        workers = [pid for pid, cmd in _children(run.pid) if "spawn_main" in cmd]
        assert workers, _children(run.pid)
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        out, err = run.communicate(timeout=patience(120))
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == 1, err
    assert "Traceback" not in err
    report = json.loads(out)
    assert report["failed"], report
    assert all("worker process died" in f["error"] for f in report["failed"])
    site = home / "site" / "tiny" / "episodes"
    failed = {f["episode"] for f in report["failed"]}
    published = {p.name for p in site.iterdir()} if site.exists() else set()
    assert published == set(report["made"]) and not failed & published
    for page in published:  # what was published is whole
        assert (site / page / "episode.mp3").stat().st_size > 10_000

    again = run_cli(args, home)
    assert again.returncode == 0, again.stderr
    redone = json.loads(again.stdout)
    assert sorted(redone["made"]) == ["2025-03-24", "2025-03-25"]
    assert {p.name for p in site.iterdir()} == set(redone["made"])
    assert not [p for p in media.iterdir() if p.name.startswith(".")]  # the killed scratch is gone


def _descendants(pid: int) -> set[int]:
    """Every live process below ``pid``: its children, their children, …"""
    found, frontier = set(), [pid]
    while frontier:
        children = [child for child, _ in _children(frontier.pop())]
        found.update(children)
        frontier += children
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` is a process that still runs (a zombie waiting to be reaped does not)."""
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def _site_is_consistent(site: Path) -> None:
    """Whatever a killed run left published is whole: every feed item's files are there."""
    from commitcast.publish import lint_feed

    if not (site / "feed.xml").exists():
        assert not (site / "episodes").exists() or not any((site / "episodes").iterdir())
        return
    feed = (site / "feed.xml").read_bytes()
    assert [p for p in lint_feed(feed, site_dir=site, allow_relative=True) if p.level == "error"] == []
    for folder in (site / "episodes").iterdir():
        assert (folder / "episode.json").is_file() and (folder / "episode.mp3").stat().st_size > 10_000
    assert not list(site.rglob(".*.tmp"))


@pytest.mark.parametrize(
    ("command", "sig"),
    [
        (["backfill", "--since", "2025-03-24", "--until", "2025-03-27", "-j", "2"], signal.SIGKILL),
        (["backfill", "--since", "2025-03-24", "--until", "2025-03-27", "-j", "2"], signal.SIGTERM),
        (["episode", "--date", "2025-03-24"], signal.SIGKILL),  # its voice pool works in the parent
    ],
    ids=["backfill-kill-9", "backfill-sigterm", "episode-kill-9"],
)
@pytest.mark.tts
def test_killing_a_run_leaves_no_worker_behind_and_the_site_consistent(
    tiny_show: Path, command: list[str], sig: signal.Signals
) -> None:
    home = tiny_show
    (home / "commitcast.toml").write_text(show_toml("Tiny", "repo"))
    media = home / ".commitcast" / "media" / "tiny"
    run = start_cli([*command, "--json"], home)
    workers: set[int] = set()
    try:
        # Voicing has begun when a scratch directory appears; then the workers are all there.
        _wait_for(lambda: media.is_dir() and any(p.name.startswith(".") for p in media.iterdir()))
        _wait_for(lambda: len(_descendants(run.pid)) >= 2)
        workers = _descendants(run.pid)
        os.kill(run.pid, sig)
        _, err = run.communicate(timeout=patience(60))  # until every holder of its stdout is gone
        if sig == signal.SIGTERM:
            assert run.returncode == 143 and "Traceback" not in err, err
        _wait_for(lambda: not any(_running(pid) for pid in workers), timeout=30)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
        for pid in workers:  # whatever this test started goes with it, even when it fails
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
    _site_is_consistent(home / "site" / "tiny")

    if command[0] == "backfill" and sig == signal.SIGKILL:  # the lock went with the run: a rerun finishes
        again = run_cli([*command, "--json"], home)
        assert again.returncode == 0, again.stderr
        assert sorted(json.loads(again.stdout)["made"]) == ["2025-03-24", "2025-03-25", "2025-03-26"]
        _site_is_consistent(home / "site" / "tiny")
