"""``commitcast voice``: a day of a repository (or a saved script) to ``episode.mp3`` + transcripts."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..api import voice_script, write_script
from ..errors import UserError
from ..model import Script
from ..pipeline import LOOKBACK
from .common import (
    BranchOpt,
    DateOpt,
    ShowNameOpt,
    SinceOpt,
    StateOpt,
    TzOpt,
    UntilOpt,
    console,
    shown,
    step_progress,
)


def _script_from_file(path: Path) -> Script:
    try:
        return Script.from_json(path.read_bytes())
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise UserError(f"{path} is not a Script record: {exc}") from exc


def _script_from_repo(
    repo: Path, day: str | None, since: str | None, until: str | None, tz: str, branch: str | None, state: str | None, show_name: str | None
) -> Script:
    from .plan_cmds import plan_from_options

    plan = plan_from_options(
        repo, date=day, since=since, until=until, tz=tz, branch=branch, state=state, name=show_name, lookback=LOOKBACK.days
    )
    if not plan.counts.get("changes"):
        raise UserError(f"nothing landed in {repo} between {plan.window.since} and {plan.window.until}")
    return write_script(plan)


def voice(
    path: Annotated[Path, typer.Argument(help="A git repository, or a Script JSON file (from `commitcast script --format json`).")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Directory for episode.mp3 and the transcripts.")],
    day: DateOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    tz: TzOpt = "UTC",
    branch: BranchOpt = None,
    state: StateOpt = None,
    show_name: ShowNameOpt = None,
    voice_path: Annotated[Path | None, typer.Option("--voice", help="A Piper .onnx voice (default: the bundled Joe voice).")] = None,
    rate: Annotated[float, typer.Option("--rate", min=0.25, max=4.0, help="Speaking rate: 1.0 normal, 1.1 ten per cent faster.")] = 1.0,
    workers: Annotated[int | None, typer.Option("--workers", "-j", min=1, help="Synthesis processes (default: all cores).")] = None,
    artwork: Annotated[Path | None, typer.Option("--artwork", help="Square JPEG/PNG cover embedded in the MP3.")] = None,
) -> None:
    """Voice one episode: ingest, plan and write the day (or read a script), then speak it."""
    from ..voice import CHAPTERS_NAME, JSON_NAME, VTT_NAME, hhmmss, voice_spec

    try:
        voice_spec(voice_path, 1.0 / rate).check()  # a bad voice fails before any work
    except UserError as exc:
        raise UserError(f"--voice: {exc}") from None

    if path.is_file() and path.suffix == ".json":
        script = _script_from_file(path)
    elif path.is_dir():
        script = _script_from_repo(path, day, since, until, tz, branch, state, show_name)
    else:
        raise UserError(f"{path} is neither a repository directory nor a script .json file")

    with step_progress() as progress:
        audio = voice_script(script, out, voice=voice_path, rate=rate, workers=workers, artwork=artwork, progress=progress)
    files = [out / name for name in (audio.path, VTT_NAME, JSON_NAME, CHAPTERS_NAME)]

    table = Table(title=shown(script.title), show_header=True, header_style="bold")
    table.add_column("chapter")
    table.add_column("start", justify="right")
    for chapter in audio.chapters:
        table.add_row(shown(chapter.title), hhmmss(chapter.start))
    console.print(table)
    console.print(f"{hhmmss(audio.duration)} · {audio.size / 1e6:.1f} MB · {len(audio.sentences)} sentences")
    for file in files:
        console.print(f"  {shown(str(file))}")


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command("voice")(voice)
