"""Options and helpers shared by the commands."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..untrusted import printable

__all__ = ["console", "err_console", "shown", "StepProgress", "step_progress", "DateOpt", "SinceOpt", "UntilOpt", "TzOpt", "BranchOpt", "JsonOpt", "StateOpt"]

# No emoji codes: ":skull:" in a commit title is text, not a picture.
console = Console(highlight=False, emoji=False)
err_console = Console(stderr=True, highlight=False, emoji=False)


def shown(text: str) -> str:
    """Untrusted text (commit, forge, LLM or error text) ready for a Rich markup string:
    printable, its brackets escaped so that "[bold red]" is printed, not obeyed."""
    return escape(printable(text))

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

# Called with (step label, done, total); each label gets its own bar.
StepProgress = Callable[[str, int, int], None]


@contextmanager
def step_progress(quiet: bool = False, *, transient: bool = False) -> Iterator[StepProgress]:
    """Rich progress bars on stderr, one per step label; silent with ``quiet`` or off a terminal."""
    if quiet:
        yield lambda label, done, total: None
        return
    bars = Progress(
        TextColumn("{task.description:<18}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=transient,
    )
    tasks: dict[str, int] = {}

    def update(label: str, done: int, total: int) -> None:
        if label not in tasks:
            tasks[label] = bars.add_task(label, total=total)
        bars.update(tasks[label], completed=done, total=total)

    with bars:
        yield update
