"""The docs and the command line agree: every `commitcast COMMAND --option` that README.md and
docs/ show (in code, inline or fenced) names a command that exists and options it takes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer.core
import typer.main

from commitcast.cli import app

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
GROUP = typer.main.get_command(app)
assert isinstance(GROUP, typer.core.TyperGroup)  # an app of several commands is a group
COMMANDS = GROUP.commands
TOP_OPTIONS = {opt for param in GROUP.params for opt in param.opts}


def _code(text: str) -> list[str]:
    """The code in a Markdown text: fenced blocks' lines and inline spans."""
    fenced = re.findall(r"^ *```[^\n]*\n(.*?)^ *```", text, re.M | re.S)
    prose = re.sub(r"^ *```[^\n]*\n.*?^ *```", "", text, flags=re.M | re.S)
    lines = [line for block in fenced for line in block.replace("\\\n", " ").splitlines()]  # continued lines joined
    return lines + re.findall(r"`([^`\n]+)`", prose)


def _uses(code: str) -> list[tuple[str, list[str]]]:
    """(command, options) for each use of the command line in a piece of code: ``commitcast X …``,
    and a bare command name after a ``|`` in a list of commands."""
    code = re.sub(r"\[[^\]]*\]", lambda m: m.group(0).replace("|", "/"), code)  # "[--executor local|ray]"
    found = []
    for match in re.finditer(r"commitcast\s+(--?[a-z][a-z-]*|[a-z][a-z-]*)", code):
        found.append((match.group(1), match.end()))
    uses = []
    for word, end in found:
        rest = re.split(r"\||#|;|&&|\bcommitcast\b", code[end:])[0]
        if word.startswith("-"):
            uses.append(("", [word, *re.findall(r"(?<![\w-])--?[a-z][a-z-]*", rest)]))
        else:
            uses.append((word, re.findall(r"(?<![\w-])--?[a-z][a-z-]*", rest)))
        # "commitcast shows | doctor [--repair] | serve SITE_DIR": the names after the bars.
        for segment in code[end:].split("|")[1:]:
            name = segment.split()[0] if segment.split() else ""
            if name in COMMANDS:
                uses.append((name, re.findall(r"(?<![\w-])--?[a-z][a-z-]*", segment)))
    return uses


def _all_uses() -> list[tuple[str, str, list[str]]]:
    return [(doc.name, command, options) for doc in DOCS for code in _code(doc.read_text(encoding="utf-8"))
            for command, options in _uses(code)]  # fmt: skip


def test_the_docs_show_the_command_line() -> None:
    commands = {command for _, command, _ in _all_uses()}
    assert {"episode", "backfill", "recap", "withdraw", "init", "doctor", "serve", "lint-feed", "demo"} <= commands


@pytest.mark.parametrize(("doc", "command", "options"), _all_uses())
def test_every_documented_command_and_option_exists(doc: str, command: str, options: list[str]) -> None:
    if not command:
        assert set(options) <= TOP_OPTIONS, f"{doc}: commitcast {options}"
        return
    assert command in COMMANDS, f"{doc}: 'commitcast {command}' is not a command"
    takes = {opt for param in COMMANDS[command].params for opt in (*param.opts, *param.secondary_opts)}
    takes |= {"-h", "--help"}
    assert set(options) <= takes, f"{doc}: 'commitcast {command}' has no {sorted(set(options) - takes)}"
