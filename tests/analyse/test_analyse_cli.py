"""``commitcast plan`` on a real git repository built in a temporary directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from commitcast.model import EpisodePlan

COMMITS = [
    # (time, author, subject, body, path)
    ("2026-03-02T09:00:00+00:00", "Ada Lovelace", "[inductor] Fix wrong results in the scheduler (#101)",
     "The fused kernel silently produced wrong outputs for strided inputs.", "torch/_inductor/scheduler.py"),
    ("2026-03-02T10:00:00+00:00", "Grace Hopper", "Speed up the dataloader (#102)",
     "Epoch time fell from 120s to 40s.", "torch/utils/data/dataloader.py"),
    ("2026-03-02T11:00:00+00:00", "Alan Turing", "Add docs for guards (#103)", "", "docs/source/guards.rst"),
    ("2026-03-03T09:00:00+00:00", "Ada Lovelace", "Fix crash in export (#104)", "", "torch/export/_trace.py"),
]


def _git(repo: Path, *args: str, env: dict[str, str] | None = None) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, env=env)


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("repo") / "pytorch"
    path.mkdir()
    _git(path, "init", "-q", "-b", "main")
    _git(path, "remote", "add", "origin", "https://github.com/pytorch/pytorch.git")
    for n, (when, author, subject, body, file) in enumerate(COMMITS):
        target = path / file
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"line {n}\n" * (n + 3))
        _git(path, "add", file)
        env = {**os.environ, "GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": "a@example.invalid",
               "GIT_COMMITTER_NAME": "GitHub", "GIT_COMMITTER_EMAIL": "noreply@github.com",
               "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
        _git(path, "commit", "-q", "-m", f"{subject}\n\n{body}" if body else subject, env=env)
    return path


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    code = "from commitcast.cli import main; main()"
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-c", code, "plan", *args], capture_output=True, text=True, env=env)


def test_json_plan_of_a_day(repo: Path, tmp_path: Path) -> None:
    done = _run(str(repo), "--date", "2026-03-02", "--json", "--state", str(tmp_path / "state"))
    assert done.returncode == 0, done.stderr
    plan = EpisodePlan.from_json(done.stdout)
    assert plan.show == "PyTorch" and plan.counts["changes"] == 3
    assert plan.title.startswith("PyTorch: ")
    head = plan.stories[0]
    assert head.people == ["Ada Lovelace"] and "silent_correctness" in head.severity
    refs = [c for s in plan.stories for c in s.changes] + plan.quick_hits
    assert {r.pr for r in refs} <= {101, 102, 103}
    assert all(r.url == f"https://github.com/pytorch/pytorch/pull/{r.pr}" for r in refs)
    speed = [f for s in plan.stories for f in s.facts if f.kind == "runtime"]
    assert speed and speed[0].before == 120 and speed[0].after == 40
    assert json.loads(done.stdout)["window"]["tz"] == "UTC"


def test_text_plan_defaults_to_the_last_active_day(repo: Path, tmp_path: Path) -> None:
    done = _run(str(repo), "--state", str(tmp_path / "state"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("PyTorch: ")
    assert "2026-03-03T00:00:00+00:00" in done.stdout and "Fix crash in export" in done.stdout


def test_bad_input_is_one_line_and_exit_code_2(repo: Path, tmp_path: Path) -> None:
    done = _run(str(repo), "--date", "2026-13-45", "--state", str(tmp_path / "state"))
    assert done.returncode == 2 and "Traceback" not in done.stderr and "2026-13-45" in done.stderr
    missing = _run(str(tmp_path / "nope"), "--date", "2026-03-02")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
