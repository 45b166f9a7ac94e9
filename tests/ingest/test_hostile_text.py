"""Commit text that talks to terminals: escape sequences are dropped where text enters, and
``log``, ``plan`` and ``script`` print commit text as text, never as markup or emoji."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime

import pytest
from patience import patience

from commitcast.ingest import read_landed
from commitcast.untrusted import printable

# Sets the terminal's title, clears the screen, turns text red with the one-byte CSI, flips
# the rest right to left, backspaces (a NUL would end the message for git); then Rich markup
# and an emoji code.
HOSTILE = "\x1b]0;owned\x07\x1b[2J\x1b[H\x9b31m\u202e\x08"
MARKUP = "[bold red]loud[/] :skull:"


def test_printable_drops_escape_sequences_whole_and_control_characters() -> None:
    assert printable(f"Fix{HOSTILE}\x00 the parser") == "Fix the parser"
    assert printable("a\x1b[1;31mred\x1b[0m b\x1b(B c\x1b]8;;https://x\x1b\\link\x1b]8;;\x1b\\") == "ared b clink"
    assert printable("line\r\nnext\rlast\tcell") == "line\nnext\nlast\tcell"
    assert printable(MARKUP) == MARKUP  # markup is harmless text until a console obeys it
    message = "Fix the parser\n\nIt was slow.\n"  # printable but for its line ends: as it is
    assert printable(message) is message
    assert printable(f"Fix the parser\n\nIt was{HOSTILE} slow.\n") == "Fix the parser\n\nIt was slow.\n"


@pytest.fixture
def hostile_repo(make_repo):
    repo = make_repo()
    repo.commit(
        f"Fix{HOSTILE} the parser {MARKUP} (#12)\n\nSpeeds{HOSTILE} up parsing by 30%.\n\nCo-authored-by: Eve{HOSTILE} <eve@example.com>",
        author=f"Mallory{HOSTILE} <mallory@example.com>",
        files={"src/parser.py": "x = 1\n"},
        when="2025-03-26T09:00:00Z",
    )
    return repo


def test_control_characters_never_reach_a_change(hostile_repo, tmp_path) -> None:
    since, until = datetime(2025, 3, 26, tzinfo=UTC), datetime(2025, 3, 27, tzinfo=UTC)
    (change,) = read_landed(hostile_repo.path, since, until, state_dir=tmp_path / "state").changes
    assert change.title == f"Fix the parser {MARKUP}"
    assert change.body == "Speeds up parsing by 30%."
    assert [a.name for a in change.authors] == ["Mallory", "Eve"]


@pytest.mark.parametrize("command", ["log", "plan", "script"])
def test_terminal_output_prints_commit_text_as_text(hostile_repo, tmp_path, command: str) -> None:
    # Off a terminal Rich writes no escape sequence of its own: any there came from the commit.
    env = {**os.environ, "COLUMNS": "300", "TERM": "dumb", "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-c", "from commitcast.cli import main; main()", command, str(hostile_repo.path),
         "--date", "2025-03-26", "--state", str(tmp_path / "state")],
        capture_output=True, text=True, env=env, timeout=patience(120),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout + done.stderr
    assert not set(out) & set("\x1b\x9b\x07\x00\x08\u202e"), repr(out)
    assert "owned" not in out and "💀" not in out
    if command != "script":  # the script retells the title in its own words
        assert "[bold red]loud[/] :skull:" in out
