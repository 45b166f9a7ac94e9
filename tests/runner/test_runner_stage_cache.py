"""What the stage cache keeps: plans keyed on what the planner reads, LLM fallbacks never kept."""

from __future__ import annotations

import socket
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from runner_helpers import show_toml

from commitcast.config import load_config
from commitcast.ingest import read_landed
from commitcast.pipeline import (
    LOOKBACK,
    EpisodeJob,
    daily_jobs,
    episode_window,
    finished_episode,
    plan_and_script,
)

MONDAY = date(2025, 3, 24)


def monday_job(home: Path, **settings: object) -> EpisodeJob:
    (home / "commitcast.toml").write_text(show_toml("Tiny", "repo", **settings), encoding="utf-8")
    (show,) = load_config(home / "commitcast.toml").shows
    window = episode_window(show, MONDAY)
    changes = read_landed(home / "repo", window.since - LOOKBACK, window.until, state_dir=home / "state").changes
    (job,) = daily_jobs(show, [MONDAY], changes, home / "state")
    return job


def test_plan_and_script_are_reused_whatever_the_voice_and_site_settings(tiny_show: Path) -> None:
    job = monday_job(tiny_show)
    plan, script = plan_and_script(job)
    artifacts = sorted((tiny_show / "state" / "artifacts").rglob("*.json"))
    assert len(artifacts) == 2
    other = replace(job.config, length_scale=1.3, site_dir="/elsewhere", quiet_threshold=5)
    assert plan_and_script(replace(job, config=other)) == (plan, script)
    assert sorted((tiny_show / "state" / "artifacts").rglob("*.json")) == artifacts
    # A new area map is a new plan.
    areas = replace(job.config, area_map={"src": "Core"})
    plan_and_script(replace(job, config=areas))
    assert len(list((tiny_show / "state" / "artifacts" / "plan").glob("*.json"))) == 2
    # Nothing voiced yet: the runner must send the job to a worker.
    assert finished_episode(job) is None


def test_a_script_the_llm_did_not_write_is_not_kept(tiny_show: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as probe:  # a loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("COMMITCAST_LLM_BASE_URL", f"http://127.0.0.1:{port}/v1")
    monkeypatch.setenv("COMMITCAST_LLM_MODEL", "tiny-model")
    job = monday_job(tiny_show, writer="llm")
    _, script = plan_and_script(job)
    assert script.writer == "builtin"  # the narrator stood in for the unreachable model
    assert list((tiny_show / "state" / "artifacts" / "plan").glob("*.json"))
    assert not (tiny_show / "state" / "artifacts" / "script").exists()  # asked again next run
