"""Reading a repository with pygit2: opening it, its branches, and the first-parent walk."""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from functools import lru_cache
from pathlib import Path

import pygit2

from ..errors import UserError
from ..model import Person
from ..untrusted import printable
from .messages import NAME_CAP

__all__ = [
    "open_repository",
    "default_branch_name",
    "resolve_branch",
    "first_parent_window",
    "Walk",
    "Link",
    "walk_floor",
    "decode",
    "person",
    "moment",
    "shallow_roots",
    "bounded_pack_maps",
]

# The first-parent chain is walked until its commits are this much older than the
# window: committer times along it are nearly but not strictly monotone (rebases, skew).
WALK_SLACK = timedelta(days=7)


def open_repository(path: str | os.PathLike[str] | pygit2.Repository) -> pygit2.Repository:
    """The repository at (or above) ``path``; a UserError when there is none or it has no commits."""
    if isinstance(path, pygit2.Repository):
        repo = path
    else:
        where = Path(path).expanduser()
        if not where.exists():
            raise UserError(f"{where}: no such file or directory")
        found = pygit2.discover_repository(str(where), False)
        if found is None:
            raise UserError(f"{where}: not a git repository")
        try:
            repo = pygit2.Repository(found)
        except pygit2.GitError as exc:
            raise UserError(f"{where}: cannot open the git repository ({exc})") from exc
    if repo.is_empty or (
        repo.head_is_unborn and not any(name.startswith("refs/") for name in repo.references)
    ):
        raise UserError(f"{_label(repo)}: the repository has no commits yet")
    return repo


def _label(repo: pygit2.Repository) -> str:
    return (repo.workdir or repo.path).rstrip("/")


def _has_branch(repo: pygit2.Repository, name: str) -> bool:
    return (
        f"refs/heads/{name}" in repo.references or f"refs/remotes/origin/{name}" in repo.references
    )


def default_branch_name(repo: pygit2.Repository) -> str:
    """The remote HEAD's branch if known, else ``main``, else ``master``, else what HEAD names."""
    for remote in ["origin", *(r.name for r in repo.remotes if r.name != "origin")]:
        ref = repo.references.get(f"refs/remotes/{remote}/HEAD")
        if ref is not None and ref.type == pygit2.enums.ReferenceType.SYMBOLIC:
            target = str(ref.target)
            prefix = f"refs/remotes/{remote}/"
            if target.startswith(prefix):
                return target[len(prefix) :]
    for name in ("main", "master"):
        if _has_branch(repo, name):
            return name
    head = repo.references.get("HEAD")
    if head is not None and head.type == pygit2.enums.ReferenceType.SYMBOLIC:
        target = str(head.target)
        if target.startswith("refs/heads/") and target in repo.references:
            return target[len("refs/heads/") :]
    raise UserError(f"{_label(repo)}: cannot tell its main branch; name one with --branch")


def resolve_branch(repo: pygit2.Repository, branch: str) -> pygit2.Commit:
    """The tip commit of ``branch``: a local branch, else ``origin``'s, else any ref or revision."""
    candidates = [f"refs/heads/{branch}", f"refs/remotes/origin/{branch}", f"refs/remotes/{branch}"]
    if branch.startswith("refs/"):
        candidates.insert(0, branch)
    for name in candidates:
        ref = repo.references.get(name)
        if ref is not None:
            return ref.peel(pygit2.Commit)
    try:
        return repo.revparse_single(branch).peel(pygit2.Commit)
    except (KeyError, ValueError, pygit2.GitError, pygit2.InvalidSpecError):
        known = ", ".join(sorted(repo.branches.local)[:8]) or "none"
        raise UserError(
            f"{_label(repo)}: unknown branch {branch!r} (local branches: {known})"
        ) from None


def walk_floor(since: datetime) -> datetime:
    """Where the first-parent walk for a window starting at ``since`` stops."""
    try:
        return since - WALK_SLACK
    except OverflowError:  # a window opening at the dawn of time
        return datetime.min.replace(tzinfo=UTC)


Link = tuple[str | None, int]  # (first parent's sha or None, committer time as Unix seconds)


@dataclass(frozen=True)
class Walk:
    """The first-parent commits landed in a window, and where a shallow history cut it short."""

    shas: list[str]  # oldest first
    shallow_end: str | None = (
        None  # the shallow boundary commit, when it lies in or after the window
    )


def shallow_roots(repo: pygit2.Repository) -> frozenset[str]:
    """Commits whose parents a shallow clone lacks (empty for a full clone)."""
    if not repo.is_shallow:
        return frozenset()
    try:
        return frozenset(Path(repo.path, "shallow").read_text().split())
    except OSError:
        return frozenset()


def first_parent_window(
    repo: pygit2.Repository,
    tip: pygit2.Commit,
    since: datetime,
    until: datetime,
    links: Mapping[str, Link] | None = None,
) -> Walk:
    """Commits on ``tip``'s first-parent chain whose committer time is in ``[since, until)``.

    ``links`` may give, by sha, what git would say about a commit (its first parent and
    committer time); a sha's links never change, so they can come from a cache while the
    walk still starts from the branch's current tip.
    """
    start, end = since.timestamp(), until.timestamp()
    stop = walk_floor(since).timestamp()
    links = links or {}
    picked: list[str] = []
    last: Link | None = None
    sha: str | None = str(tip.id)
    while sha is not None:
        link = links.get(sha)
        if link is None:
            try:
                commit = repo[sha]
            except KeyError:  # a parent missing from a broken or partial clone: history ends here
                break
            link = (str(commit.parent_ids[0]) if commit.parent_ids else None, commit.commit_time)
        parent, when = link
        if when < stop:
            break
        if start <= when < end:
            picked.append(sha)
        last = (sha, when)
        sha = parent
    else:
        if last is not None and last[1] >= start and last[0] in shallow_roots(repo):
            picked.reverse()
            return Walk(shas=picked, shallow_end=last[0])
    picked.reverse()
    return Walk(shas=picked)


@contextmanager
def bounded_pack_maps(window: int = 1 << 20, limit: int = 32 << 20) -> Iterator[None]:
    """Keep libgit2's memory-mapped pack windows small while reading many commits.

    By default libgit2 maps packs in 1 GiB windows and keeps up to 8 GiB mapped, so
    reading every commit of a long history faults the whole pack into our resident set.
    The settings are process-wide; they are restored on exit.
    """
    settings = pygit2.settings
    saved = settings.mwindow_size, settings.mwindow_mapped_limit
    settings.mwindow_size, settings.mwindow_mapped_limit = window, limit
    try:
        yield
    finally:
        settings.mwindow_size, settings.mwindow_mapped_limit = saved


def decode(raw: bytes, encoding: str | None = None) -> str:
    """Printable text of a commit's raw bytes in its declared encoding: undecodable bytes become
    U+FFFD, control characters are dropped (see :mod:`commitcast.untrusted`)."""
    if encoding:
        try:
            codecs.lookup(encoding)
        except LookupError:
            encoding = None
    return printable(raw.decode(encoding or "utf-8", "replace"))


@lru_cache(maxsize=256)
def _zone(offset_minutes: int) -> timezone:
    try:
        return timezone(timedelta(minutes=offset_minutes))
    except ValueError:  # git accepts offsets of a day or more; datetime does not
        return UTC


def moment(when: int, offset_minutes: int) -> datetime:
    """An aware datetime for a git timestamp and its UTC offset (UTC when the offset is absurd)."""
    return datetime.fromtimestamp(when, _zone(offset_minutes))


@lru_cache(maxsize=8192)  # the same people sign thousands of commits: share their Person
def _person(raw_name: bytes, raw_email: bytes, encoding: str | None) -> Person:
    return Person(
        name=decode(raw_name, encoding).strip()[:NAME_CAP],
        email=decode(raw_email, encoding).strip()[:NAME_CAP],
    )


def person(signature: pygit2.Signature, encoding: str | None = None) -> Person:
    """A Person from a commit signature, decoded like the message."""
    return _person(signature.raw_name, signature.raw_email, encoding)
