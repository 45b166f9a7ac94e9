"""The ``commitcast`` command line: one module per group of commands, wired here."""

from __future__ import annotations

import importlib
import signal
import sys
from typing import Annotated

import typer
from typer.core import TyperOption

from .. import __version__
from ..errors import StageError, UserError
from . import episode_cmds, ingest_cmds, plan_cmds, publish_cmds, script_cmds, voice_cmds
from .common import err_console, shown

__all__ = ["app", "main"]

app = typer.Typer(
    name="commitcast",
    help="Turn a git repository's daily activity into a narrated developer-briefing podcast.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion, from Typer itself
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

for module in (ingest_cmds, plan_cmds, script_cmds, voice_cmds, publish_cmds, episode_cmds):
    module.register(app)

# Typer's help prints a flag's type ("--quiet <bool>") as if the flag took a value; it takes none.
_display_type = TyperOption.display_type_rich
setattr(TyperOption, "display_type_rich", lambda self, ctx: None if self.is_flag else _display_type(self, ctx))  # noqa: B010


def _version(show: bool) -> None:
    if show:
        print(f"commitcast {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Turn a git repository's daily activity into a narrated developer-briefing podcast."""


# Click's exceptions, wherever this Typer takes Click from (Typer 0.29 vendors its own copy).
_click_errors = importlib.import_module(typer.BadParameter.__module__)
_NO_ARGS = getattr(_click_errors, "NoArgsIsHelpError", ())


class _Terminated(BaseException):
    """SIGTERM, raised where the main thread is so that cleanup (workers, locks) runs."""


def _terminate(signum: int, frame: object) -> None:
    raise _Terminated


def main() -> None:
    """Console-script entry point: user mistakes become one line and exit code 2."""
    signal.signal(signal.SIGTERM, _terminate)
    try:
        # Not standalone: Click's own errors come back here instead of its usage box.
        code = app(standalone_mode=False)
    except _NO_ARGS as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except _click_errors.ClickException as exc:  # a bad option or argument: exit code 2
        ctx = getattr(exc, "ctx", None)
        where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        err_console.print(f"[bold red]error:[/] {shown(exc.format_message())}{where}", soft_wrap=True)
        sys.exit(exc.exit_code)
    except (UserError, StageError) as exc:
        err_console.print(f"[bold red]error:[/] {shown(str(exc))}", highlight=False, soft_wrap=True)
        sys.exit(exc.exit_code)
    except (KeyboardInterrupt, typer.Abort):
        err_console.print("interrupted")
        sys.exit(130)
    except _Terminated:
        err_console.print("terminated")
        sys.exit(143)
    sys.exit(code if isinstance(code, int) else 0)
