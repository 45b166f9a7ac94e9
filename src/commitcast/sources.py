"""Where a show's repository lives on disk: its own path, or a clone kept in the state dir.

A URL repository is cloned with no more history than the days asked for need, in the first
of three ways the server and the history allow: a clone shallow by date (one round trip);
else a clone of the tip deepened a commit count at a time until it reaches the date (git's
date-based shallow requests go wrong on some histories: a merge whose side branch starts
just after the date gets a boundary commit that is never sent, and every later fetch of
that clone fails with "error in object: unshallow"); else a full clone (a server that
refuses shallow requests altogether, such as git's dumb HTTP).
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from .errors import UserError

__all__ = ["is_remote", "redact_url", "local_repository", "leftover_clones", "SHALLOW_SLACK"]

log = logging.getLogger("commitcast.sources")

# How much older than the first commit a caller reads a shallow clone must reach: ingest
# walks the first-parent chain 7 days past its window (rebases, clock skew), plus a day.
SHALLOW_SLACK = timedelta(days=8)

# Deepening by commit count: the first step, doubled each round; past the last round the
# clone takes the whole history instead (a history that deep is cheaper fetched at once).
_FIRST_STEP = 64
_ROUNDS = 10

# A clone that is being made, and a clone that is being replaced: a crash leaves them behind.
_LEFTOVERS = (".partial", ".old")
# How a shallow clone was made, kept in its own config, so it is deepened the same way.
_DEEPEN_KEY = "commitcast.deepen"

_REMOTE = re.compile(r"^[a-z][a-z0-9+.-]*://|^[^/\s]+@[^/\s]+:")
# What git says when the server or the history refuses shallow work (not a network failure).
_SHALLOW_REFUSED = re.compile(r"shallow|deepen", re.IGNORECASE)


def is_remote(repo: str) -> bool:
    """Whether ``repo`` is a git URL rather than a local path."""
    return bool(_REMOTE.match(repo))


def redact_url(url: str) -> str:
    """``url`` without any user or token in it, safe to print."""
    return re.sub(r"(://)[^/@\s]+@", r"\1***@", url)


class _Refused(UserError):
    """The server or the history refused a shallow clone or a deepening."""


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
        error = _Refused if _SHALLOW_REFUSED.search(reason) else UserError
        raise error(f"{what}: {redact_url(reason)}")
    return done


def leftover_clones(state_dir: Path) -> list[Path]:
    """Clones a run stopped while making or replacing (``repos/*.git.partial``, ``*.git.old``)."""
    repos = Path(state_dir) / "repos"
    if not repos.is_dir():
        return []
    return sorted(p for p in repos.iterdir() if p.suffix in _LEFTOVERS and p.is_dir())


def local_repository(
    repo: str, state_dir: Path, slug: str, *, fetch: bool = True, since: datetime | None = None
) -> Path:
    """A local path for ``repo``: itself, or a bare clone under ``state_dir/repos`` brought up to date.

    ``since`` is the oldest commit time the caller will read: the clone then holds history
    from a little before it on (shallow, deepened when an earlier day is asked for), not
    the project's whole past; None keeps (or makes) a full clone.
    """
    if not is_remote(repo):
        return Path(repo)
    clone = Path(state_dir) / "repos" / f"{slug}.git"
    floor = None if since is None else since - SHALLOW_SLACK
    shown = redact_url(repo)
    if not (clone / "HEAD").exists():
        _clone(repo, clone, floor, shown)
    elif fetch:
        try:
            _update(clone, floor, shown)
        except _Refused as exc:
            log.warning("%s; cloning %s again", exc, shown)
            _clone(repo, clone, floor, shown, by_date=False)
    return clone


def _clone(repo: str, clone: Path, floor: datetime | None, shown: str, *, by_date: bool = True) -> None:
    """Clone ``repo`` into ``clone`` (replacing one that is there) in the first way that works."""
    clone.parent.mkdir(parents=True, exist_ok=True)
    partial, old = (clone.with_name(clone.name + suffix) for suffix in _LEFTOVERS)
    for leftover in (partial, old):
        if leftover.exists():
            log.info("removed %s, left by a run that stopped while cloning", leftover)
            shutil.rmtree(leftover)
    ways = ["full"] if floor is None else (["date"] if by_date else []) + ["count", "full"]
    for way in ways:
        try:
            _make_clone(way, repo, partial, floor, shown)
            break
        except _Refused as exc:
            shutil.rmtree(partial, ignore_errors=True)
            if way == ways[-1]:
                raise
            log.info("%s; trying another way", exc)
        except BaseException:
            shutil.rmtree(partial, ignore_errors=True)
            raise
    if clone.exists():  # out of the way first: a rename cannot replace a directory
        clone.rename(old)
    partial.rename(clone)
    shutil.rmtree(old, ignore_errors=True)


def _make_clone(way: str, repo: str, partial: Path, floor: datetime | None, shown: str) -> None:
    """One way of cloning: shallow by ``date``, shallow by commit ``count``, or ``full``."""
    # A bare clone keeps every branch tip under refs/heads; only the commit graph and
    # file contents are needed, never a work tree.
    depth = {"date": [f"--shallow-since={_git_date(floor)}"] if floor else [], "count": ["--depth=1"], "full": []}
    try:
        _git(["clone", "--bare", "--quiet", *depth[way], "--", repo, str(partial)], f"cannot clone {shown}")
    except UserError:
        if way != "date":
            raise
        # No commit that recent (a quiet project) is an error to git, and over git's own
        # protocol the server just hangs up: the tip alone will do (and says what is wrong if not).
        shutil.rmtree(partial, ignore_errors=True)
        _git(["clone", "--bare", "--quiet", "--depth=1", "--", repo, str(partial)], f"cannot clone {shown}")
        way = "count"
    _git(
        ["-C", str(partial), "config", "remote.origin.fetch", "+refs/heads/*:refs/heads/*"],
        f"cannot configure the clone of {shown}",
    )
    if way == "full":
        return
    _git(["-C", str(partial), "config", _DEEPEN_KEY, way], f"cannot configure the clone of {shown}")
    if way == "date":
        _past_boundary(partial, shown)
    elif floor is not None:
        _deepen_to(partial, floor, shown)


def _update(clone: Path, floor: datetime | None, shown: str) -> None:
    """Fetch what is new, deepening a shallow clone when an earlier day is asked for."""
    command = ["-C", str(clone), "fetch", "--quiet", "--prune", "origin"]
    if not (clone / "shallow").exists():
        _git(command, f"cannot fetch {shown}")
    elif floor is None:
        _git([*command, "--unshallow"], f"cannot fetch {shown}")
    elif _way(clone) == "count":
        _git(command, f"cannot fetch {shown}")
        _deepen_to(clone, floor, shown)
    elif _boundary_after(clone, floor, min):
        _git([*command, f"--shallow-since={_git_date(floor)}"], f"cannot fetch {shown}")
        _past_boundary(clone, shown)
    else:
        _git(command, f"cannot fetch {shown}")


def _way(clone: Path) -> str:
    done = subprocess.run(
        ["git", "-C", str(clone), "config", "--get", _DEEPEN_KEY], capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or "date"


def _past_boundary(clone: Path, shown: str) -> None:
    """One commit more below the shallow boundary. A boundary commit lacks its parent, so git
    would count its whole tree as added lines; after a quiet spell it can lie inside the days
    read, and its parent makes its line counts true."""
    _git(["-C", str(clone), "fetch", "--quiet", "--deepen=1", "origin"], f"cannot fetch {shown}")


def _deepen_to(clone: Path, floor: datetime, shown: str) -> None:
    """Deepen a shallow clone by doubling commit counts until no boundary commit is newer
    than ``floor``; a history deeper than that is fetched whole."""
    step = _FIRST_STEP
    for _ in range(_ROUNDS):
        if not (clone / "shallow").exists() or not _boundary_after(clone, floor, max):
            return
        _git(["-C", str(clone), "fetch", "--quiet", f"--deepen={step}", "origin"], f"cannot fetch {shown}")
        step *= 2
    if (clone / "shallow").exists() and _boundary_after(clone, floor, max):
        _git(["-C", str(clone), "fetch", "--quiet", "--unshallow", "origin"], f"cannot fetch {shown}")


def _git_date(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S +0000")


def _boundary_after(clone: Path, moment: datetime, which: Callable[[list[int]], int]) -> bool:
    """Whether the ``which`` (min or max) committer time of the shallow clone's boundary
    commits is after ``moment``: with min, all of its history starts after it; with max, some does."""
    boundary = (clone / "shallow").read_text().split()
    try:
        done = _git(["-C", str(clone), "log", "--no-walk", "--format=%ct", *boundary], f"cannot read {clone}")
    except UserError as exc:  # a boundary commit the clone never got: every fetch of it fails
        raise _Refused(f"the shallow clone {clone} lacks its own boundary commits") from exc
    times = [int(t) for t in done.stdout.split()]
    return bool(times) and which(times) > moment.timestamp()
