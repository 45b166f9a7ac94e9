"""Where a show's repository lives on disk: its own path, or a clone kept in the state dir."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

from .errors import UserError

__all__ = ["is_remote", "redact_url", "local_repository"]

# How much older than the first commit a caller reads a shallow clone must reach: ingest
# walks the first-parent chain 7 days past its window (rebases, clock skew), plus a day.
SHALLOW_SLACK = timedelta(days=8)

_REMOTE = re.compile(r"^[a-z][a-z0-9+.-]*://|^[^/\s]+@[^/\s]+:")


def is_remote(repo: str) -> bool:
    """Whether ``repo`` is a git URL rather than a local path."""
    return bool(_REMOTE.match(repo))


def redact_url(url: str) -> str:
    """``url`` without any user or token in it, safe to print."""
    return re.sub(r"(://)[^/@\s]+@", r"\1***@", url)


def _git(args: list[str], what: str) -> subprocess.CompletedProcess[str]:
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
    return done


def local_repository(
    repo: str, state_dir: Path, slug: str, *, fetch: bool = True, since: datetime | None = None
) -> Path:
    """A local path for ``repo``: itself, or a bare clone under ``state_dir/repos`` brought up to date.

    ``since`` is the oldest commit time the caller will read: the clone then holds history
    from a little before it on (a shallow clone, deepened when an earlier day is asked
    for), not the project's whole past; None keeps (or makes) a full clone.
    """
    if not is_remote(repo):
        return Path(repo)
    clone = Path(state_dir) / "repos" / f"{slug}.git"
    shown = redact_url(repo)
    floor = None if since is None else since - SHALLOW_SLACK
    cutoff = None if floor is None else _git_date(floor)
    if not (clone / "HEAD").exists():
        clone.parent.mkdir(parents=True, exist_ok=True)
        partial = clone.with_name(clone.name + ".partial")
        if partial.exists():
            shutil.rmtree(partial)
        # A bare clone keeps every branch tip under refs/heads; only the commit graph and
        # file contents are needed, never a work tree.
        command = ["clone", "--bare", "--quiet", "--", repo, str(partial)]
        if cutoff is None:
            _git(command, f"cannot clone {shown}")
        else:
            try:
                _git([*command[:3], f"--shallow-since={cutoff}", *command[3:]], f"cannot clone {shown}")
            except UserError as exc:
                # No commit that recent (a quiet project) is an error to git: take the tip alone.
                if "shallow" not in str(exc):
                    raise
                shutil.rmtree(partial, ignore_errors=True)
                _git([*command[:3], "--depth=1", *command[3:]], f"cannot clone {shown}")
        _git(
            ["-C", str(partial), "config", "remote.origin.fetch", "+refs/heads/*:refs/heads/*"],
            f"cannot configure the clone of {shown}",
        )
        if cutoff is not None:
            _past_boundary(partial, shown)
        partial.rename(clone)
    elif fetch:
        command = ["-C", str(clone), "fetch", "--quiet", "--prune", "origin"]
        if (clone / "shallow").exists():
            if floor is None:
                command.append("--unshallow")
            elif _shallow_after(clone, floor):
                command.append(f"--shallow-since={cutoff}")  # deepen to the earlier day
        _git(command, f"cannot fetch {shown}")
        if "--unshallow" not in command and any(arg.startswith("--shallow-since") for arg in command):
            _past_boundary(clone, shown)
    return clone


def _past_boundary(clone: Path, shown: str) -> None:
    """One commit more below the shallow boundary. A boundary commit lacks its parent, so git
    would count its whole tree as added lines; after a quiet spell it can lie inside the days
    read, and its parent makes its line counts true."""
    _git(["-C", str(clone), "fetch", "--quiet", "--deepen=1", "origin"], f"cannot fetch {shown}")


def _git_date(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S +0000")


def _shallow_after(clone: Path, moment: datetime) -> bool:
    """Whether the shallow clone's history starts after ``moment`` (so it must be deepened)."""
    boundary = (clone / "shallow").read_text().split()
    done = _git(["-C", str(clone), "log", "--no-walk", "--format=%ct", *boundary], f"cannot read {clone}")
    times = [int(t) for t in done.stdout.split()]
    return bool(times) and min(times) > moment.timestamp()
