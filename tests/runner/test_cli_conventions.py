"""What users expect of a command line: --version, -h, completion from Typer itself, the
configuration found from a subdirectory or $COMMITCAST_CONFIG, every show at once, plain flags."""

from __future__ import annotations

import json
import os
import re
import tomllib
from pathlib import Path

from runner_helpers import COMMITCAST, clean_env, one_line_error, run_cli, show_toml

import commitcast
from commitcast.cli import app

ROOT = Path(__file__).resolve().parents[2]


def test_version_matches_the_package(tmp_path: Path) -> None:
    done = run_cli(["--version"], tmp_path)
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert done.returncode == 0 and done.stdout == f"commitcast {version}\n" and commitcast.__version__ == version


def test_h_is_help_and_flags_show_no_value(tmp_path: Path) -> None:
    top = run_cli(["-h"], tmp_path)
    assert top.returncode == 0 and "--install-completion" in top.stdout and "--version" in top.stdout
    for command in ("episode", "init", "doctor", "backfill"):
        done = run_cli([command, "-h"], tmp_path)
        assert done.returncode == 0 and "Usage: commitcast " + command in done.stdout
        assert "<bool>" not in done.stdout, done.stdout  # a flag takes no value
        assert "--no-" not in done.stdout  # and has no negative twin
    assert "--quiet" in run_cli(["episode", "-h"], tmp_path).stdout


def test_shell_completion_comes_from_typer(tmp_path: Path) -> None:
    import subprocess

    # Typer asks the parent process which shell it is ("--show-completion" takes no value): run it
    # from bash as a user would (a second command keeps bash from exec-ing it away), never from
    # whatever shell started the tests (make's sh has no completion).
    done = subprocess.run(["bash", "-c", f"'{COMMITCAST}' --show-completion; exit $?"], cwd=tmp_path, env=clean_env(),
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0 and "_COMMITCAST_COMPLETE" in done.stdout, done.stderr
    env = {**clean_env(), "_COMMITCAST_COMPLETE": "complete_bash", "COMP_WORDS": "commitcast epi", "COMP_CWORD": "1"}

    offered = subprocess.run([str(COMMITCAST)], env=env, capture_output=True, text=True, check=False)
    assert "episode" in offered.stdout


def test_the_configuration_is_found_from_a_subdirectory_or_the_environment(tiny_show: Path) -> None:
    (tiny_show / "commitcast.toml").write_text(show_toml("Tiny", "repo"))
    deep = tiny_show / "repo" / "src" / "deeper"
    deep.mkdir(parents=True)
    found = run_cli(["shows", "--json"], deep)
    assert found.returncode == 0, found.stderr
    assert [row["slug"] for row in json.loads(found.stdout)] == ["tiny"]
    elsewhere = tiny_show / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "other.toml").write_text(show_toml("Other", "../repo"))
    env_run = run_cli(["shows", "--json"], deep, env={**clean_env(), "COMMITCAST_CONFIG": str(elsewhere / "other.toml")})
    assert [row["slug"] for row in json.loads(env_run.stdout)] == ["other"]
    nowhere = run_cli(["shows"], Path(os.sep))
    assert nowhere.returncode == 2 and "no commitcast.toml in / or above it" in one_line_error(nowhere)


def test_all_runs_every_show(tiny_show: Path) -> None:
    (tiny_show / "commitcast.toml").write_text(
        show_toml("Tiny", "repo", quiet_policy="skip") + show_toml("Tiny two", "repo", quiet_policy="skip")
    )
    done = run_cli(["episode", "--all", "--date", "2025-03-25", "--json"], tiny_show)  # a quiet day: nothing voiced
    assert done.returncode == 0, done.stderr
    reports = json.loads(done.stdout)
    assert sorted(reports) == ["tiny", "tiny-two"] and all(r["skipped"] for r in reports.values())
    both = run_cli(["episode", "tiny", "--all"], tiny_show)
    assert both.returncode == 2 and "a show or --all, not both" in one_line_error(both)


def test_every_documented_flag_is_a_flag() -> None:
    """No bool option is declared as --x/--no-x by accident (Typer's default for a bare bool)."""
    import typer.core
    import typer.main

    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    for name, command in group.commands.items():
        for param in command.params:
            assert not getattr(param, "secondary_opts", None), f"{name} {param.opts} has {param.secondary_opts}"
            if getattr(param, "is_flag", False):
                assert all(re.fullmatch(r"--?[a-z][a-z-]*", opt) for opt in param.opts)
