"""Options and helpers shared by the commands."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

__all__ = ["console", "err_console", "DateOpt", "SinceOpt", "UntilOpt", "TzOpt", "BranchOpt", "JsonOpt", "StateOpt"]

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

DateOpt = Annotated[str | None, typer.Option("--date", help="Calendar day YYYY-MM-DD in --tz.")]
SinceOpt = Annotated[str | None, typer.Option("--since", help="Window start (ISO 8601; inclusive).")]
UntilOpt = Annotated[str | None, typer.Option("--until", help="Window end (ISO 8601; exclusive).")]
TzOpt = Annotated[str, typer.Option("--tz", help="IANA time zone for --date and naive times.")]
BranchOpt = Annotated[str | None, typer.Option("--branch", help="Branch to read (default: remote HEAD, main, master).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
StateOpt = Annotated[
    str | None,
    typer.Option("--state", help="State directory for the catalogue and caches (default: REPO/.commitcast)."),
]
