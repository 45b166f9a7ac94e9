"""User mistakes that once gave a traceback, the wrong exit code, two lines or nothing at all:
each is now one line on stderr naming the option, or the config key and its line, with exit
code 2, before any work is done (nothing cloned, voiced or published)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from runner_helpers import one_line_error, run_cli, show_toml

SECRET = "hunter2-not-for-logs"


def _unwritable_dir() -> str | None:
    """A directory even root cannot write into (sysfs), or None where there is none."""
    try:
        tempfile.NamedTemporaryFile(dir="/sys").close()
    except OSError:
        return "/sys"
    return None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["plan", "repo", "--date", "2025-03-24", "--lookback", "99999999999999999999"], "Invalid value for '--lookback'"),
        (["plan", "repo", "--date", "2025-03-24", "--lookback", "999999999"], "Invalid value for '--lookback'"),
        (["script", "repo", "--date", "2025-03-24", "--lookback", "999999999"], "Invalid value for '--lookback'"),
        (["log", "repo", "--date", "2025-03-24", "--branch", "b" * 5000], "Invalid value for '--branch': must be a git branch name"),
        (["plan", "repo", "--date", "2025-03-24", "--branch", "--upload-pack=x"], "Invalid value for '--branch'"),
        (["episode", "--date", "2025-03-24", "--github-api-url", "::::"], "Invalid value for '--github-api-url'"),
        (["episode", "--date", "2025-03-24", "--github-api-url", "ftp://x/"], "Invalid value for '--github-api-url'"),
        (["backfill", "--since", "2025-03-24", "--github-api-url", f"https://me:{SECRET}@ghe.example/api/v3"], "without credentials"),
        (["voice", "repo", "--date", "2025-03-24", "--out", "o", "--voice", "missing.onnx"], "--voice: voice model not found"),
        (["voice", "repo", "--date", "2025-03-24", "--out", "o", "--voice", "text.onnx"], "--voice: voice model"),
        (["script", "repo", "--date", "2025-03-24", "--style", "missing.toml"], "--style: cannot read the host style"),
        (["log", "repo", "--date", "2025-03-24", "--state", "afile"], "Invalid value for '--state': afile is a file"),
        (["plan", "repo", "--date", "2025-03-24", "--state", "afile/sub"], "Invalid value for '--state': cannot write afile/sub"),
        (["init", "--repo", "no/such", "-c", "new.toml"], "--repo not a git URL or an existing directory: 'no/such'"),
    ],
)  # fmt: skip
def test_a_bad_option_is_one_line_naming_it(tiny_show: Path, args: list[str], message: str) -> None:
    (tiny_show / "commitcast.toml").write_text(show_toml("Tiny", "repo"))
    (tiny_show / "afile").write_text("a file where a directory should be\n")
    (tiny_show / "text.onnx").write_text("not a model\n")
    (tiny_show / "text.onnx.json").write_text('{"audio": {"sample_rate": 22050}, "espeak": {"voice": "en-us"}}')
    result = run_cli(args, tiny_show)
    assert result.returncode == 2, result.stdout + result.stderr
    line = one_line_error(result)
    assert message in line and SECRET not in result.stderr + result.stdout
    assert not (tiny_show / "new.toml").exists() and not (tiny_show / "o").exists()
    assert not (tiny_show / "site").exists() and not (tiny_show / ".commitcast" / "media").exists()


def test_a_state_dir_without_permission_is_exit_2(tiny_show: Path) -> None:
    where = _unwritable_dir()
    if where is None:
        pytest.skip("no directory here that root cannot write")
    result = run_cli(["log", "repo", "--date", "2025-03-24", "--state", where], tiny_show)
    assert result.returncode == 2
    assert f"Invalid value for '--state': cannot write {where}" in one_line_error(result)


STYLE_UNKNOWN_TABLE = '[host]\nname = "Ada"\n[slotz.opening]\nlines = ["Hi"]\n'


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ('name = ""\nrepo = "repo"', ":2: 'name' must be a name that is not empty, not ''"),
        ('name = "  "\nrepo = "repo"', ":2: 'name' must be a name that is not empty"),
        ('name = "T"\nrepo = "no/such"', ":3: 'repo' is not a git URL or an existing directory: 'no/such'"),
        ('name = "T"\nrepo = "--upload-pack=touch pwned"', ":3: 'repo' is not a git URL, and no directory is called '--upload-pack=touch pwned' (a value starting with '-' is not an option here)"),
        ('name = "T"\nrepo = "afile"', ":3: 'repo' is a file, not a repository directory"),
        ('name = "T"\nrepo = "repo"\nsite_dir = "afile"', ":4: 'site_dir' is a file, not a directory"),
        ('name = "T"\nrepo = "repo"\nbranch = "' + "b" * 5000 + '"', ":4: 'branch' must be a git branch name"),
        ('name = "T"\nrepo = "repo"\nvoice = "missing.onnx"', ":4: 'voice' cannot be used: voice model not found"),
        ('name = "T"\nrepo = "repo"\nvoice = "text.onnx"', ":4: 'voice' cannot be used: voice model"),
        ('name = "T"\nrepo = "repo"\nstyle = "missing.toml"', ":4: 'style' cannot be used: cannot read the host style"),
        ('name = "T"\nrepo = "repo"\nstyle = "broken.toml"', ":4: 'style' cannot be used: "),
        ('name = "T"\nrepo = "repo"\nstyle = "unknown.toml"', "'slotz' is not a style table"),
    ],
)  # fmt: skip
def test_a_bad_setting_is_one_line_naming_the_key_and_line(tiny_show: Path, settings: str, message: str) -> None:
    (tiny_show / "commitcast.toml").write_text(f"[[show]]\n{settings}\n")
    (tiny_show / "afile").write_text("a file where a directory should be\n")
    (tiny_show / "text.onnx").write_text("not a model\n")
    (tiny_show / "text.onnx.json").write_text('{"audio": {"sample_rate": 22050}, "espeak": {"voice": "en-us"}}')
    (tiny_show / "broken.toml").write_text("[host\nname = \n")
    (tiny_show / "unknown.toml").write_text(STYLE_UNKNOWN_TABLE)
    for command in (["episode", "--date", "2025-03-24"], ["doctor"], ["shows"]):
        result = run_cli(command, tiny_show)
        assert result.returncode == 2, (command, result.stdout + result.stderr)
        line = one_line_error(result)
        assert line.startswith("error: commitcast.toml:") and message in line, line
    assert not (tiny_show / "pwned").exists() and not (tiny_show / "site").exists()
    assert not (tiny_show / ".commitcast" / "media").exists()  # nothing voiced before the lint could fail it


def test_a_state_dir_that_is_a_file_names_the_key(tiny_show: Path) -> None:
    (tiny_show / "commitcast.toml").write_text('state_dir = "afile"\n' + show_toml("Tiny", "repo"))
    (tiny_show / "afile").write_text("a file where a directory should be\n")
    result = run_cli(["episode", "--date", "2025-03-24"], tiny_show)
    assert result.returncode == 2
    assert "commitcast.toml:1: 'state_dir' is a file, not a directory: 'afile'" in one_line_error(result)


@pytest.mark.skipif(os.geteuid() != 0 and _unwritable_dir() is None, reason="needs a directory that cannot be written")
def test_an_unwritable_site_dir_names_the_key(tiny_show: Path) -> None:
    where = _unwritable_dir()
    if where is None:
        pytest.skip("no directory here that root cannot write")
    (tiny_show / "commitcast.toml").write_text(show_toml("Tiny", "repo", site_dir=f"{where}/site"))
    result = run_cli(["episode", "--date", "2025-03-24"], tiny_show)
    assert result.returncode == 2
    line = one_line_error(result)
    assert f"cannot write the site dir {where}/site ('site_dir' in commitcast.toml)" in line
    assert not (tiny_show / ".commitcast" / "media").exists()
