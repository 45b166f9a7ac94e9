"""``commitcast log``: the table, the JSON, the default window and one-line errors."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from commitcast.cli import main

DAY = datetime(2025, 3, 26, tzinfo=UTC)


def run(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.argv", ["commitcast", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    out, err = capsys.readouterr()
    return int(exited.value.code or 0), out, err


@pytest.fixture
def day_repo(make_repo):
    repo = make_repo()
    repo.commit("yesterday", files={"a": "0\n"}, when=DAY - timedelta(hours=3))
    repo.commit(
        "Add [bold]markup[/bold] safely (#12)", files={"a": "1\n2\n"}, when=DAY + timedelta(hours=9)
    )
    repo.commit(
        'Revert "Add markup (#12)" (#13)\n\nReverts org/repo#12',
        author="dependabot[bot] <bot@example.com>", files={"a": "1\n"}, when=DAY + timedelta(hours=10),
    )  # fmt: skip
    return repo


def test_table_for_a_day(day_repo, monkeypatch, capsys, tmp_path: Path) -> None:
    code, out, err = run(
        monkeypatch,
        capsys,
        "log",
        str(day_repo.path),
        "--date",
        "2025-03-26",
        "--state",
        str(tmp_path / "s"),
    )
    assert code == 0, err
    assert "2 changes landed on main" in out
    assert day_repo.commits[1][:7] in out and day_repo.commits[2][:7] in out
    assert "#12" in out and "#13" in out
    assert "[bold]markup[/bold]" in out  # shown as written, never interpreted as markup
    assert "[revert]" in out and "[bot]" in out
    assert "yesterday" not in out


def test_json_is_the_list_of_changes(day_repo, monkeypatch, capsys, tmp_path: Path) -> None:
    code, out, _ = run(
        monkeypatch, capsys, "log", str(day_repo.path), "--since", "2025-03-26T09:00", "--until", "2025-03-26T10:00",
        "--json", "--state", str(tmp_path / "s"),
    )  # fmt: skip
    assert code == 0
    (change,) = json.loads(out)
    assert change["sha"] == day_repo.commits[1]
    assert change["pr"] == {"number": 12, "url": None, "closing": False}
    assert change["landed_at"] == "2025-03-26T09:00:00Z"
    assert change["files"] == [
        {"path": "a", "status": "M", "old_path": None, "added": 2, "deleted": 1}
    ]


def test_without_a_window_it_shows_the_last_active_day(
    day_repo, monkeypatch, capsys, tmp_path: Path
) -> None:
    code, out, _ = run(
        monkeypatch,
        capsys,
        "log",
        str(day_repo.path),
        "--tz",
        "Asia/Tokyo",
        "--state",
        str(tmp_path / "s"),
    )
    assert code == 0
    # 09:00 and 10:00 UTC are 18:00 and 19:00 in Tokyo, on the 26th; 21:00 UTC the day before is the 26th too
    assert "3 changes landed on main from 2025-03-26 00:00 to 2025-03-27 00:00 (Asia/Tokyo)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--date", "2025-02-30"], "cannot read '2025-02-30' as a date"),
        (["--date", "2025-03-26", "--tz", "Mars/Olympus"], "unknown time zone 'Mars/Olympus'"),
        (["--since", "2025-03-27", "--until", "2025-03-26"], "must be before --until"),
        (["--since", "2025-03-27"], "--since and --until go together"),
        (["--branch", "nope"], "unknown branch 'nope'"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    day_repo, monkeypatch, capsys, tmp_path: Path, args, message
) -> None:
    code, out, err = run(
        monkeypatch, capsys, "log", str(day_repo.path), *args, "--state", str(tmp_path / "s")
    )
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_not_a_repository(monkeypatch, capsys, tmp_path: Path) -> None:
    code, _, err = run(monkeypatch, capsys, "log", str(tmp_path))
    assert code == 2 and "not a git repository" in err and err.count("\n") == 1


def test_shallow_warning_is_printed(day_repo, monkeypatch, capsys, tmp_path: Path) -> None:
    clone = day_repo.clone(tmp_path / "clone", depth=1)
    code, out, err = run(monkeypatch, capsys, "log", str(clone), "--date", "2025-03-26")
    assert code == 0 and "1 change landed" in out
    assert err.startswith("warning: the history is shallow")
