"""Where a show's repository lives on disk: its own path, or a clone kept in the state dir."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from .errors import UserError

__all__ = ["is_remote", "redact_url", "local_repository"]

_REMOTE = re.compile(r"^[a-z][a-z0-9+.-]*://|^[^/\s]+@[^/\s]+:")


def is_remote(repo: str) -> bool:
    """Whether ``repo`` is a git URL rather than a local path."""
    return bool(_REMOTE.match(repo))


def redact_url(url: str) -> str:
    """``url`` without any user or token in it, safe to print."""
    return re.sub(r"(://)[^/@\s]+@", r"\1***@", url)


def _git(args: list[str], what: str) -> None:
    # Never ask for a password or a host key: a scheduled run has nobody to answer.
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0"}
    env.setdefault("GIT_SSH_COMMAND", "ssh -o BatchMode=yes")
    done = subprocess.run(
        ["git", *args], capture_output=True, text=True, errors="replace", check=False, env=env
    )
    if done.returncode != 0:
        lines = [line.strip() for line in done.stderr.splitlines() if line.strip()]
        # git's first "fatal:" line says what went wrong; the lines after it are advice.
        fatal = [line.removeprefix("fatal: ") for line in lines if line.startswith("fatal: ")]
        reason = (fatal or lines or [f"git exited with {done.returncode}"])[0]
        raise UserError(f"{what}: {redact_url(reason)}")


def local_repository(repo: str, state_dir: Path, slug: str, *, fetch: bool = True) -> Path:
    """A local path for ``repo``: itself, or a bare clone under ``state_dir/repos`` brought up to date."""
    if not is_remote(repo):
        return Path(repo)
    clone = Path(state_dir) / "repos" / f"{slug}.git"
    shown = redact_url(repo)
    if not (clone / "HEAD").exists():
        clone.parent.mkdir(parents=True, exist_ok=True)
        partial = clone.with_name(clone.name + ".partial")
        if partial.exists():
            shutil.rmtree(partial)
        # A bare clone keeps every branch tip under refs/heads; only the commit graph and
        # file contents are needed, never a work tree.
        _git(["clone", "--bare", "--quiet", "--", repo, str(partial)], f"cannot clone {shown}")
        _git(
            ["-C", str(partial), "config", "remote.origin.fetch", "+refs/heads/*:refs/heads/*"],
            f"cannot configure the clone of {shown}",
        )
        partial.rename(clone)
    elif fetch:
        _git(["-C", str(clone), "fetch", "--quiet", "--prune", "origin"], f"cannot fetch {shown}")
    return clone
