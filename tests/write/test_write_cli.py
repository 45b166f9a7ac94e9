"""``commitcast script`` on a real git repository built in a temporary directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patience

COMMITS = [
    ("2026-09-19T09:00:00+00:00", "Ada Lovelace", "[inductor] Fix wrong results in fused softmax (#501)\n\nThe fused kernel silently produced wrong outputs for strided inputs."),
    ("2026-09-19T10:00:00+00:00", "Grace Hopper", "Speed up the CUDA allocator (#502)\n\nRuntime falls from 12.0s to 3.0s."),
    ("2026-09-19T11:00:00+00:00", "Alan Turing", "docs: fix a typo in the README (#503)"),
    ("2026-09-19T12:00:00+00:00", "Grace Hopper", "[ci] Pin the runner image (#504)"),
]  # fmt: skip


def _git(repo: Path, *args: str, env: dict[str, str] | None = None) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("repo")
    _git(path, "init", "-q", "-b", "main")
    for i, (when, who, message) in enumerate(COMMITS):
        (path / f"file{i}.txt").write_text(f"line {i}\n")
        _git(path, "add", ".")
        env = {
            **os.environ,
            "GIT_AUTHOR_NAME": who,
            "GIT_AUTHOR_EMAIL": f"{i}@example.invalid",
            "GIT_COMMITTER_NAME": who,
            "GIT_COMMITTER_EMAIL": f"{i}@example.invalid",
            "GIT_AUTHOR_DATE": when,
            "GIT_COMMITTER_DATE": when,
        }
        _git(path, "commit", "-q", "-m", message, env=env)
    return path


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    code = "from commitcast.cli import main; main()"
    env = {**os.environ, "COLUMNS": "200"}
    for name in ("COMMITCAST_LLM_BASE_URL", "COMMITCAST_LLM_MODEL", "COMMITCAST_LLM_API_KEY"):
        env.pop(name, None)
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=patience(120)
    )


def test_script_json_has_sections_and_citations(repo: Path, tmp_path: Path) -> None:
    out = _run(
        "script", str(repo), "--date", "2026-09-19", "--state", str(tmp_path), "--format", "json"
    )
    assert out.returncode == 0, out.stderr
    script = json.loads(out.stdout)
    assert script["writer"] == "builtin"
    kinds = [s["kind"] for s in script["sections"]]
    assert kinds[0] == "cold_open" and kinds[-1] == "sign_off"
    sentences = [x for s in script["sections"] for x in s["sentences"]]
    text = " ".join(x["text"] for x in sentences)
    assert "September 19th, 2026" in text and "four pull requests from three people were merged" in text.lower()
    assert "Ada Lovelace" in text and "PR 501" in text
    cited = {c["pr"] for x in sentences for c in x["citations"]}
    assert 501 in cited


def test_script_text(repo: Path, tmp_path: Path) -> None:
    out = _run(
        "script", str(repo), "--date", "2026-09-19", "--state", str(tmp_path), "--name", "Demo"
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Demo: ")
    assert "Welcome" in out.stdout and "Sign-off" in out.stdout  # the script's first and last sections


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--writer", "poet"], "unknown writer"),
        (["--format", "yaml"], "unknown format"),
        (["--writer", "llm"], "COMMITCAST_LLM_BASE_URL"),
        (["--date", "2026-13-40"], "cannot read"),
    ],
)
def test_user_mistakes_are_one_line(
    repo: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    base = ["script", str(repo), "--state", str(tmp_path)]
    out = _run(*base, *(args if "--date" in args else ["--date", "2026-09-19", *args]))
    assert out.returncode == 2
    assert message in out.stderr and "Traceback" not in out.stderr
