"""Options and helpers shared by the commands."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, TaskID, TextColumn, TimeElapsedColumn
from rich.progress import Progress as Bars

from ..config import BRANCH_PATTERN, BRANCH_RULE
from ..errors import UserError
from ..pipeline import Progress
from ..untrusted import printable

__all__ = ["console", "err_console", "shown", "step_progress", "console_log", "ConsoleLog", "DateOpt", "SinceOpt", "UntilOpt", "TzOpt", "BranchOpt", "JsonOpt", "StateOpt", "LookbackOpt", "ShowNameOpt", "StyleOpt", "GitHubOpt", "GitLabOpt", "MAX_LOOKBACK_DAYS"]

# No emoji codes: ":skull:" in a commit title is text, not a picture. Lines are never wrapped
# at a width Rich guesses (80 off a terminal): a log keeps each line whole.
console = Console(highlight=False, emoji=False, soft_wrap=True)
err_console = Console(stderr=True, highlight=False, emoji=False, soft_wrap=True)


def shown(text: str) -> str:
    """Untrusted text (commit, forge, LLM or error text) ready for a Rich markup string:
    printable, its brackets escaped so that "[bold red]" is printed, not obeyed."""
    return escape(printable(text))

# Options are checked as they are read, so a mistake is one line naming the option before any work.
MAX_LOOKBACK_DAYS = 3650


def _branch(value: str | None) -> str | None:
    if value is not None and not re.fullmatch(BRANCH_PATTERN, value):
        raise typer.BadParameter(f"must be {BRANCH_RULE}")
    return value


def _state(value: str | None) -> str | None:
    from ..cache import probe_writable

    if value is None:
        return None
    path = Path(value)
    if path.exists() and not path.is_dir():
        raise typer.BadParameter(f"{value} is a file, not a directory")
    try:
        probe_writable(path)
    except OSError as exc:
        raise typer.BadParameter(f"cannot write {value}: {exc.strerror or exc}") from None
    return value


def _api_url(value: str | None) -> str | None:
    from ..ingest import check_github_api_url as check_api_url

    if value is None:
        return None
    try:
        return check_api_url(value)
    except UserError as exc:
        raise typer.BadParameter(str(exc).removeprefix("--github-api-url ")) from None


def _gitlab_api_url(value: str | None) -> str | None:
    from ..ingest import check_gitlab_api_url as check_api_url

    if value is None:
        return None
    try:
        return check_api_url(value)
    except UserError as exc:
        raise typer.BadParameter(str(exc).removeprefix("--gitlab-api-url ")) from None


DateOpt = Annotated[str | None, typer.Option("--date", help="Calendar day YYYY-MM-DD in --tz.")]
SinceOpt = Annotated[str | None, typer.Option("--since", help="Window start (ISO 8601; inclusive).")]
UntilOpt = Annotated[str | None, typer.Option("--until", help="Window end (ISO 8601; exclusive).")]
TzOpt = Annotated[str, typer.Option("--tz", help="IANA time zone for --date and naive times.")]
BranchOpt = Annotated[
    str | None,
    typer.Option("--branch", callback=_branch, help="Branch to read (default: remote HEAD, main, master)."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
LookbackOpt = Annotated[
    int,
    typer.Option(
        "--lookback", min=0, max=MAX_LOOKBACK_DAYS, help="Days before the window read for cross-day reverts and relands."
    ),
]
ShowNameOpt = Annotated[str | None, typer.Option("--name", help="Show name (default: from the repository).")]
StyleOpt = Annotated[
    str | None,
    typer.Option(
        "--style", help="A host style to speak and title in: a TOML file, or 'newsroom' (one commitcast ships); see docs/host-style.md."
    ),
]
StateOpt = Annotated[
    str | None,
    typer.Option(
        "--state", callback=_state, help="State directory for the catalogue and caches (default: REPO/.commitcast)."
    ),
]
GitHubOpt = Annotated[
    str | None,
    typer.Option(
        "--github-api-url",
        callback=_api_url,
        help="GitHub API base URL (GitHub Enterprise: https://HOST/api/v3). Token from GITHUB_TOKEN or GH_TOKEN.",
    ),
]
GitLabOpt = Annotated[
    str | None,
    typer.Option(
        "--gitlab-api-url",
        callback=_gitlab_api_url,
        help="GitLab API base URL (default: https://HOST/api/v4 of the show's GitLab). Token from GITLAB_TOKEN.",
    ),
]

@contextmanager
def step_progress(quiet: bool = False, *, transient: bool = False) -> Iterator[Progress]:
    """Rich progress bars on stderr, one per step label; silent with ``quiet`` or off a terminal."""
    if quiet:
        yield lambda label, done, total: None
        return
    bars = Bars(
        TextColumn("{task.description:<18}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=transient,
    )
    tasks: dict[str, TaskID] = {}

    def update(label: str, done: int, total: int) -> None:
        # A step says it has begun before it knows its size (total 0: shown as "?"), so
        # its bar's clock runs from its start, not from its first finished piece.
        size = total if total > 0 else None
        if label not in tasks:
            tasks[label] = bars.add_task(label, total=size)
        bars.update(tasks[label], completed=done, total=size)

    with bars:
        yield update


class ConsoleLog(logging.Handler):
    """The library's log records as one line each on stderr: errors in red, warnings in
    yellow, the rest dim."""

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR:
            err_console.print(f"[red]error:[/] {shown(record.getMessage())}")
        elif record.levelno >= logging.WARNING:
            err_console.print(f"[yellow]warning:[/] {shown(record.getMessage())}")
        else:
            err_console.print(f"[dim]{shown(record.getMessage())}[/]")


@contextmanager
def console_log(level: int = logging.WARNING) -> Iterator[None]:
    """While the block runs, print the ``commitcast`` logger's records of ``level`` and above on stderr."""
    log = logging.getLogger("commitcast")
    handler, before = ConsoleLog(level), log.level
    log.addHandler(handler)
    log.setLevel(level)
    try:
        yield
    finally:
        log.removeHandler(handler)
        log.setLevel(before)
