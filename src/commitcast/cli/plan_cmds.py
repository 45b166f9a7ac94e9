"""``commitcast plan``: the ranked stories of a day of a repository, as text or JSON."""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path
from typing import Annotated

import msgspec
import typer

from ..api import plan_day
from ..errors import UserError
from ..model import EpisodePlan
from ..pipeline import LOOKBACK
from ..window import resolve_window
from .common import (
    BranchOpt,
    DateOpt,
    JsonOpt,
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
    step_progress,
)

__all__ = ["register", "render_plan", "plan_from_options"]

_ROLE_STYLE = {
    "headline": "bold magenta", "release": "bold green", "correctness": "red", "performance": "green", "feature": "cyan",
    "revert": "yellow", "infrastructure": "blue", "other": "white",
}


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def render_plan(plan: EpisodePlan) -> None:
    """Print a plan for people: title, summary, stories with their changes and facts, quick hits, next."""
    w = plan.window
    console.print(f"[bold]{shown(plan.title)}[/]")
    console.print(f"[dim]{w.since.isoformat()} → {w.until.isoformat()} ({shown(w.tz)})[/]")
    c = plan.counts
    tally = " · ".join(_count(c.get(key, 0), word) for key, word in (("changes", "change"), ("authors", "author"), ("reverts", "revert")))
    console.print(f"[dim]{tally} · +{c.get('lines_added', 0):,} −{c.get('lines_deleted', 0):,} lines[/]\n")
    console.print(shown(plan.summary) + "\n")
    for story in plan.stories:
        style = _ROLE_STYLE.get(story.role, "white")
        console.print(f"[{style}]■ {story.role.upper()}[/] [bold]{shown(story.headline)}[/]  [dim]score {story.score:.1f}[/]")
        details = [", ".join(story.people[:4])]
        if story.areas:
            details.append("areas: " + ", ".join(story.areas[:5]))
        if story.effect:
            details.append(story.effect)
        if story.reason:
            details.append(f"reason: {story.reason}")
        if story.relanded:
            details.append("relanded")
        console.print("  " + shown(" · ".join(details)))
        about = [f"about {', '.join(story.focus)}"] if story.focus else []
        about += [f"{t.label} ({t.size})" for t in story.threads]
        if about:
            console.print("  [dim]" + shown(" · ".join(about)) + "[/]")
        for ref in story.changes[:6]:
            pr = f"#{ref.pr} " if ref.pr else ""
            console.print(f"    [dim]{ref.sha[:7]}[/] {shown(pr + ref.title)}")
        if len(story.changes) < story.size or len(story.changes) > 6:
            console.print(f"    [dim]… {story.size} changes in all[/]")
        for ref in story.earlier[:3]:
            console.print(f"    [dim]earlier: {ref.sha[:7]} {shown(ref.title)}[/]")
        for fact in story.facts[:3]:
            console.print(f"    [green]↳ {shown(fact.text)}[/]")
    if plan.quick_hits:
        console.print("\n[bold]Quick hits[/]")
        for ref in plan.quick_hits:
            who = ", ".join(ref.authors[:2])
            console.print(f"  • {shown(ref.topic or ref.title)} [dim]({shown(who)}{f', #{ref.pr}' if ref.pr else ''})[/]")
    if plan.whats_next:
        console.print("\n[bold]What's next[/]")
        for item in plan.whats_next:
            console.print(f"  → {shown(item.text)}")


def plan_from_options(
    path: Path,
    *,
    date: str | None,
    since: str | None,
    until: str | None,
    tz: str,
    branch: str | None,
    state: str | None,
    name: str | None,
    lookback: int,
    style: str | None = None,
) -> EpisodePlan:
    """The plan of the window the options name (default: the last day with changes), worded in
    the host ``style``, with progress bars and warnings on stderr."""
    from ..write import load_style

    try:
        load_style(style)  # a bad style file is reported before any work is done
    except UserError as exc:
        raise UserError(f"--style: {exc}") from None
    window = resolve_window(date, since, until, tz)
    with console_log(), step_progress(not err_console.is_terminal, transient=True) as progress:
        return plan_day(
            path,
            window,
            name=name,
            tz=tz,
            branch=branch,
            state_dir=state,
            lookback=timedelta(days=lookback),
            progress=progress,
            style=style,
        )


def plan_command(
    path: Annotated[Path, typer.Argument(help="The git repository (a work tree or a bare repository).")] = Path("."),
    date: DateOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    tz: TzOpt = "UTC",
    branch: BranchOpt = None,
    json_out: JsonOpt = False,
    state: StateOpt = None,
    name: ShowNameOpt = None,
    lookback: LookbackOpt = LOOKBACK.days,
    style: StyleOpt = None,
) -> None:
    """Find the stories of a day (default: the last day with changes) and print the episode plan."""
    plan = plan_from_options(
        path, date=date, since=since, until=until, tz=tz, branch=branch, state=state, name=name, lookback=lookback,
        style=style,
    )
    if json_out:
        sys.stdout.write(msgspec.json.format(plan.to_json(), indent=2).decode() + "\n")
    else:
        render_plan(plan)


def register(app: typer.Typer) -> None:
    """Add ``commitcast plan`` to ``app``."""
    app.command("plan")(plan_command)
