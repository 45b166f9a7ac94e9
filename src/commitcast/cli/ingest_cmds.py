"""``commitcast log``: what landed on a branch in a window, as a table or as JSON."""

from __future__ import annotations

from contextlib import AbstractContextManager
from datetime import timedelta
from pathlib import Path
from types import TracebackType
from typing import Annotated

import msgspec
import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table
from rich.text import Text

from ..ingest import Landed, last_active_window, read_landed
from ..model import Change, Window
from ..untrusted import printable
from ..window import resolve_window, zone
from .common import (
    BranchOpt,
    DateOpt,
    JsonOpt,
    SinceOpt,
    StateOpt,
    TzOpt,
    UntilOpt,
    console,
    err_console,
)

__all__ = ["register", "log"]

_PROGRESS_FROM = 500  # parsing fewer commits than this is too quick for a progress bar


class _ParseProgress(AbstractContextManager["_ParseProgress"]):
    """A Rich progress bar on stderr, started only once parsing turns out to be long."""

    def __init__(self) -> None:
        self._bar: Progress | None = None
        self._task: TaskID | None = None

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None:
            if total < _PROGRESS_FROM or not err_console.is_terminal:
                return
            self._bar = Progress(
                TextColumn("parsing commits"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=err_console,
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task("parse", total=total)
        assert self._task is not None
        self._bar.update(self._task, completed=done)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._bar is not None:
            self._bar.stop()


def _flags(change: Change) -> Text:
    flags = Text()

    def add(label: str, style: str) -> None:
        if flags:
            flags.append(" ")
        flags.append(f"[{label}]", style=style)

    if change.revert is not None:
        add(change.revert.kind, "bold red" if change.revert.kind != "reapply" else "bold green")
    if change.is_reland and (change.revert is None or change.revert.kind != "reapply"):
        add("reland", "bold green")
    if change.is_bot:
        add("bot", "magenta")
    if change.merge_kind in ("sync", "forward"):
        source = f" from {change.merge_source}" if change.merge_kind == "forward" and change.merge_source else ""
        add(f"{change.merge_kind} merge{source}", "dim cyan")
    elif change.merge_kind == "pull":
        add(f"pull of {change.commits}", "dim cyan")
    if change.via is not None:
        add(f"via {change.via[:7]}", "dim cyan")
    elif change.is_merge:
        add(f"merge of {change.commits}" if change.commits > 1 else "merge", "cyan")
    if change.stack is not None and len(change.stack.prs) > 1:
        where = f"{change.stack.position + 1}/" if change.stack.position is not None else ""
        add(f"stack {where}{len(change.stack.prs)}", "blue")
    return flags


def _table(landed: Landed, window: Window) -> Table:
    where = zone(window.tz)
    long_window = window.until - window.since > timedelta(days=1)
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("sha", style="yellow", no_wrap=True)
    table.add_column("landed", no_wrap=True)
    table.add_column("author", overflow="fold", max_width=24)
    table.add_column("PR", justify="right", no_wrap=True)
    table.add_column("change", overflow="fold", ratio=1)
    table.add_column("+/-", justify="right", no_wrap=True)
    for change in landed.changes:
        when = change.landed_at.astimezone(where)
        title = Text(printable(change.title))  # Text, not markup: messages are untrusted
        flags = _flags(change)
        if flags:
            title = Text.assemble(flags, " ", title)
        authors = change.authors[0].name if change.authors else ""
        if len(change.authors) > 1:
            authors += f" +{len(change.authors) - 1}"
        table.add_row(
            change.short_sha,
            when.strftime("%m-%d %H:%M" if long_window else "%H:%M"),
            Text(printable(authors)),
            f"#{change.pr.number}" if change.pr else "",
            title,
            Text.assemble((f"+{change.added}", "green"), " ", (f"-{change.deleted}", "red")),
        )
    return table


def _summary(landed: Landed, window: Window) -> Text:
    # A sync merge only joins the branch's own lines, and a pull's commits are its work: neither
    # merge landed anything of its own.
    changes = [c for c in landed.changes if c.merge_kind not in ("sync", "pull")]
    people = {p.email.lower() or p.name.lower() for c in changes for p in c.authors if not c.is_bot}
    reverts = sum(1 for c in changes if c.revert is not None and c.revert.kind != "reapply")
    where = zone(window.tz)
    since = window.since.astimezone(where).strftime("%Y-%m-%d %H:%M")
    until = window.until.astimezone(where).strftime("%Y-%m-%d %H:%M")
    text = Text()
    text.append(f"{len(changes)} change{'s' if len(changes) != 1 else ''}", style="bold")
    text.append(f" landed on {landed.branch} from {since} to {until} ({window.tz})")
    if changes:
        commits = sum(c.commits for c in changes)
        if commits > len(changes):
            text.append(f" · {commits} commits")
        text.append(f" · {len(people)} author{'s' if len(people) != 1 else ''}")
        text.append(f" · +{sum(c.added for c in changes)} -{sum(c.deleted for c in changes)} lines")
        if reverts:
            text.append(f" · {reverts} revert{'s' if reverts != 1 else ''}")
        for release in landed.releases:
            text.append(f" · released {release.package or ''}{'@' if release.package else ''}{release.version}", style="bold green")
    return text


def log(
    path: Annotated[
        Path, typer.Argument(help="The repository (default: the current directory).")
    ] = Path("."),
    date: DateOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    tz: TzOpt = "UTC",
    branch: BranchOpt = None,
    as_json: JsonOpt = False,
    state: StateOpt = None,
) -> None:
    """Show the changes that landed on the branch in a window (default: its last active day)."""
    window = resolve_window(date, since, until, tz) or last_active_window(path, branch, tz)
    with _ParseProgress() as progress:
        landed = read_landed(
            path, window.since, window.until, branch, state_dir=state, progress=progress
        )
    for warning in landed.warnings:
        err_console.print(Text.assemble(("warning: ", "bold yellow"), printable(warning)), soft_wrap=True)
    if as_json:
        typer.echo(
            msgspec.json.format(msgspec.json.encode(landed.changes), indent=2).decode("utf-8")
        )
        return
    console.print(_summary(landed, window))
    if landed.changes:
        console.print(_table(landed, window))


def register(app: typer.Typer) -> None:
    """Add ``commitcast log`` to ``app``."""
    app.command("log")(log)
