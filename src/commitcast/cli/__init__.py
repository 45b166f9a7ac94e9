"""The ``commitcast`` command line: one module per group of commands, wired here."""

from __future__ import annotations

import sys

import typer

from ..errors import StageError, UserError
from . import episode_cmds, ingest_cmds, plan_cmds, publish_cmds, script_cmds, voice_cmds
from .common import err_console, shown

__all__ = ["app", "main"]

app = typer.Typer(
    name="commitcast",
    help="Turn a git repository's daily activity into a narrated developer-briefing podcast.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for module in (ingest_cmds, plan_cmds, script_cmds, voice_cmds, publish_cmds, episode_cmds):
    module.register(app)


def main() -> None:
    """Console-script entry point: user mistakes become one line and exit code 2."""
    try:
        app()
    except (UserError, StageError) as exc:
        err_console.print(f"[bold red]error:[/] {shown(str(exc))}", highlight=False, soft_wrap=True)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        err_console.print("interrupted")
        sys.exit(130)
