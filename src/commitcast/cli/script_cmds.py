"""``commitcast script``: the written script of a day of a repository, as text or JSON."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Annotated

import msgspec
import typer

from ..api import write_script
from ..errors import UserError
from ..model import Script
from ..pipeline import LOOKBACK
from .common import (
    BranchOpt,
    DateOpt,
    LookbackOpt,
    ShowNameOpt,
    SinceOpt,
    StateOpt,
    StyleOpt,
    TzOpt,
    UntilOpt,
    console,
    console_log,
    err_console,
    shown,
)
from .plan_cmds import plan_from_options

__all__ = ["register", "render_script"]

_FORMATS = ("text", "json")


def render_script(script: Script) -> None:
    """Print a script for people: title, summary, then each section's sentences as a paragraph."""
    console.print(f"[bold]{shown(script.title)}[/]")
    console.print(f"[dim]{shown(script.summary)}[/]")
    console.print(f"[dim]written by: {script.writer}[/]\n")
    for section in script.sections:
        link = f"  [dim]{shown(section.url)}[/]" if section.url else ""
        console.print(f"[bold cyan]{shown(section.title)}[/]{link}")
        console.print(shown(" ".join(s.text for s in section.sentences)) + "\n")


def script_command(
    path: Annotated[
        Path, typer.Argument(help="The git repository (a work tree or a bare repository).")
    ] = Path("."),
    date: DateOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    tz: TzOpt = "UTC",
    branch: BranchOpt = None,
    state: StateOpt = None,
    writer: Annotated[
        str,
        typer.Option(
            "--writer", help="builtin (deterministic, offline) or llm (COMMITCAST_LLM_* endpoint)."
        ),
    ] = "builtin",
    fmt: Annotated[
        str, typer.Option("--format", help="text, or json (with the citations of every sentence).")
    ] = "text",
    name: ShowNameOpt = None,
    lookback: LookbackOpt = LOOKBACK.days,
    style: StyleOpt = None,
) -> None:
    """Write the script of a day (default: the last day with changes) and print it."""
    from ..write import check_writer

    chosen = check_writer(writer)
    if fmt not in _FORMATS:
        raise UserError(f"unknown format {fmt!r} (choose from: {', '.join(_FORMATS)})")
    plan = plan_from_options(
        path, date=date, since=since, until=until, tz=tz, branch=branch, state=state, name=name, lookback=lookback,
        style=style,
    )
    # The LLM writer says what it retries and where it falls back.
    with console_log(logging.INFO), err_console.status(f"writing the script ({writer})…"):
        script = write_script(plan, writer=chosen, style=style)
    if fmt == "json":
        sys.stdout.write(msgspec.json.format(script.to_json(), indent=2).decode() + "\n")
    else:
        render_script(script)


def register(app: typer.Typer) -> None:
    """Add ``commitcast script`` to ``app``."""
    app.command("script")(script_command)
