"""Bad input is one line on stderr and exit code 2, never a traceback, a usage box or exit 0."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from runner_helpers import one_line_error, run_cli, show_toml

LONG_ZONE = "Europe/" + "A" * 256


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["episode", "--date", "9999-12-31"], "9999-12-31 is out of range"),
        (["episode", "--date", "0001-01-01"], "0001-01-01 is out of range"),
        (["backfill", "--since", "9999-12-01", "--until", "9999-12-31"], "9999-12-01 is out of range"),
        (["recap", "--week", "9999-W52"], "is out of range"),
        (["log", "repo", "--date", "9999-12-31"], "9999-12-31 is out of range"),
        (["plan", "repo", "--since", "9999-12-31T00:00", "--until", "9999-12-31T12:00"], "is out of range"),
        (["log", "repo", "--date", "2025-03-24", "--tz", LONG_ZONE], "unknown time zone"),
        (["init", "--tz", LONG_ZONE, "-c", "new.toml"], "unknown time zone"),
        (["episode", "--date", "2025-03-24", "--wait", "nan"], "--wait must be a number of seconds"),
        (["episode", "--date", "2025-03-24", "--wait", "-1"], "--wait must be a number of seconds"),
        # Tuesday is quiet and skipped: nothing to make, yet the executor's name is still checked.
        (["backfill", "--since", "2025-03-25", "--until", "2025-03-26", "--executor", "bogus"], "unknown executor 'bogus'"),
        (["init", "-c", "blocker/commitcast.toml"], "cannot write blocker/commitcast.toml"),
        (["episode", "--date", "2099-01-01"], "2099-01-01 is after today"),
        (["backfill", "--since", "2025-03-24", "--until", "2099-01-01"], "is after today"),
        (["withdraw", "tiny", "2025-03-01"], "show 'tiny' has no episode '2025-03-01'"),
        # Option errors: Click's message on one line, not its five-line usage box.
        (["episode", "--bogus"], "No such option: --bogus"),
        (["episode", "--date"], "Option '--date' requires an argument"),
        (["backfill", "--since", "2025-03-24", "--workers", "0"], "Invalid value for '--workers'"),
        (["nosuch"], "No such command 'nosuch'"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(tiny_show: Path, args: list[str], message: str) -> None:
    (tiny_show / "commitcast.toml").write_text(show_toml("Tiny", "repo", quiet_policy="skip"))
    (tiny_show / "blocker").write_text("a file where a directory should be\n")
    result = run_cli(args, tiny_show)
    assert result.returncode == 2, result.stdout + result.stderr
    assert message in one_line_error(result)
    assert "╭" not in result.stderr and "Usage:" not in result.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only directories")
def test_init_into_a_read_only_directory_is_one_line(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    result = run_cli(["init", "-c", "locked/commitcast.toml"], tmp_path)
    assert result.returncode == 2
    assert "cannot write locked/commitcast.toml: Permission denied" in one_line_error(result)
