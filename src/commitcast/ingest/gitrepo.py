"""Reading a repository with pygit2: opening it, its branches, and the first-parent walk."""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import pygit2
from pygit2.enums import SortMode

from ..errors import UserError
from ..model import MergeKind, Person
from ..untrusted import printable
from .merges import is_rollup, merge_role, parse_merge_subject, repository_name
from .messages import NAME_CAP

__all__ = [
    "open_repository",
    "default_branch_name",
    "resolve_branch",
    "commit_at",
    "landed_window",
    "branch_history",
    "Step",
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
    try:
        for name in candidates:
            ref = repo.references.get(name)
            if ref is not None:
                return ref.peel(pygit2.Commit)
        return repo.revparse_single(branch).peel(pygit2.Commit)
    except (KeyError, ValueError, pygit2.GitError, pygit2.InvalidSpecError):
        known = ", ".join(sorted(repo.branches.local)[:8]) or "none"
        raise UserError(
            f"{_label(repo)}: unknown branch {branch!r} (local branches: {known})"
        ) from None


def commit_at(repo: pygit2.Repository, sha: str) -> pygit2.Commit:
    """The commit ``sha``; KeyError when the repository lacks it, ValueError when it is no commit."""
    found = repo[sha]
    if not isinstance(found, pygit2.Commit):
        raise ValueError(f"{sha} is a {type(found).__name__}, not a commit")
    return found


def walk_floor(since: datetime) -> datetime:
    """Where the first-parent walk for a window starting at ``since`` stops."""
    try:
        return since - WALK_SLACK
    except OverflowError:  # a window opening at the dawn of time
        return datetime.min.replace(tzinfo=UTC)


Link = tuple[tuple[str, ...], int]  # (parents, committer time as Unix seconds)


@dataclass(frozen=True)
class Walk:
    """The commits landed in a window, how its merges landed work, and where a shallow history cut it short."""

    shas: list[str]  # oldest first
    roles: dict[str, MergeKind] = field(default_factory=dict)  # merges among ``shas`` -> role
    shallow_end: str | None = None  # the shallow boundary commit, when it lies in or after the window
    via: dict[str, str] = field(default_factory=dict)  # pulled commits among ``shas`` -> their pull merge


def shallow_roots(repo: pygit2.Repository) -> frozenset[str]:
    """Commits whose parents a shallow clone lacks (empty for a full clone)."""
    if not repo.is_shallow:
        return frozenset()
    try:
        return frozenset(Path(repo.path, "shallow").read_text().split())
    except OSError:
        return frozenset()


def _link(repo: pygit2.Repository, sha: str, links: Mapping[str, Link]) -> Link | None:
    link = links.get(sha)
    if link is not None:
        return link
    try:
        commit = commit_at(repo, sha)
    except (KeyError, ValueError):  # missing from a broken or partial clone: history ends here
        return None
    return tuple(str(p) for p in commit.parent_ids), commit.commit_time


def own_name(repo: pygit2.Repository) -> str:
    """The repository's own name, as a ``git pull`` of it names it: its origin's, else its directory's."""
    try:
        url = repo.remotes["origin"].url or ""
    except (KeyError, ValueError):
        url = ""
    if url:
        return repository_name(url)
    where = Path(repo.workdir or repo.path).resolve()
    return repository_name(str(where.parent if where.name == ".git" else where))


def _merge_role(
    repo: pygit2.Repository, sha: str, parents: tuple[str, ...], branch: str, links: Mapping[str, Link], name: str
) -> tuple[MergeKind, list[str]]:
    """The role of the merge ``sha`` on ``branch`` (see :mod:`.merges`) in the repository called ``name``,
    and for a merge bot's roll-up the merges of the pull requests it rolls up (else none)."""
    try:
        commit = commit_at(repo, sha)
    except (KeyError, ValueError):
        return "topic", []
    subject, _, body = decode(commit.raw_message, commit.message_encoding).strip().partition("\n")
    times = [link[1] if (link := _link(repo, p, links)) else None for p in parents]
    first, others = times[0], [t for t in times[1:] if t is not None]
    lag = timedelta(seconds=max(others) - first) if first is not None and others else timedelta(0)
    parsed = parse_merge_subject(subject, body)
    role = merge_role(parsed, branch, lag, name)
    rollup = rolled_up(repo, parents) if role == "pr" and is_rollup(body.strip()) else []
    if rollup:
        return "pull", rollup  # a merge bot's roll-up of several pull requests: each of them lands, no one of its own
    if role == "forward" and parsed.upstream and parsed.pr is not None and _few_authors_work(repo, parents):
        # clippy's 2019–2020 "rustup" PRs: one or two people's fix-ups for the new nightly, an ordinary
        # pull request (#4825: nine commits by Manish Goregaokar and flip1995); a subtree sync brings
        # many people's commits over
        return "pr", []
    return role, []


_OWN_SYNC_MAX = 10  # a pull request of more commits than this is a sync, whoever wrote them


def _few_authors_work(repo: pygit2.Repository, parents: tuple[str, ...]) -> bool:
    """Whether a merge brings in a few commits, all by one or two authors."""
    brought = pulled_commits(repo, parents, limit=_OWN_SYNC_MAX)
    if not brought:
        return False
    try:
        authors = {commit_at(repo, sha).author.email.lower() for sha in brought}
    except (KeyError, ValueError):
        return False
    return len(authors) <= 2


# A pull bringing more commits than this is a tree's whole cycle coming over: carried, not told.
MAX_PULLED = 500

# bors' roll-up ("Auto merge of #4840 - flip1995:rollup-jqk3a3i", its body "Rollup of 5 pull
# requests"): the roll-up branch merges each pull request in ("Rollup merge of #4830 - lzutao:…")
_ROLLED_UP = re.compile(rb"^Rollup merge of #\d+ ")


def rolled_up(repo: pygit2.Repository, parents: tuple[str, ...]) -> list[str]:
    """What a roll-up brings in along its own line, oldest first: the merges of its pull requests
    and the roll-up's own fix-ups (empty for a merge that merges fewer than two)."""
    found: list[str] = []
    merges = 0
    try:
        walker = repo.walk(parents[1], SortMode.TOPOLOGICAL)
        walker.simplify_first_parent()
        walker.hide(parents[0])
        for n, commit in enumerate(walker):
            if n > MAX_PULLED:
                return []
            found.append(str(commit.id))
            merges += len(commit.parent_ids) > 1 and _ROLLED_UP.match(commit.raw_message.lstrip()) is not None
    except (KeyError, ValueError, pygit2.GitError):
        return []
    return found[::-1] if merges >= 2 else []


def pulled_commits(repo: pygit2.Repository, parents: tuple[str, ...], limit: int = MAX_PULLED) -> list[str] | None:
    """The commits (merges left out) a pull merge brings in, oldest first; None past ``limit``."""
    found: list[str] = []
    try:
        walker = repo.walk(parents[1], SortMode.TOPOLOGICAL | SortMode.REVERSE)
        for extra in parents[2:]:
            walker.push(extra)
        walker.hide(parents[0])
        for commit in walker:
            if len(commit.parent_ids) > 1:
                continue
            found.append(str(commit.id))
            if len(found) > limit:
                return None
    except (KeyError, ValueError, pygit2.GitError):  # missing objects: what was found
        return found
    return found


class Step(NamedTuple):
    """One commit of a branch's own history, as :func:`branch_history` walks it (a tuple:
    made once per commit of every read, and a frozen dataclass costs three times as much)."""

    sha: str
    parents: tuple[str, ...]
    when: int  # committer time, Unix seconds
    role: MergeKind | None  # for a merge: how it landed work on the branch
    line_end: bool = False  # the last commit of its line that the walk reached (no parent)
    via: str | None = None  # a pulled commit: the pull merge that landed it (``when`` is that merge's)


def branch_history(
    repo: pygit2.Repository,
    tip: pygit2.Commit,
    branch: str,
    stop: Callable[[int], bool],
    links: Mapping[str, Link] | None = None,
) -> Iterator[Step]:
    """The commits of ``branch``'s own history, newest first along each line, until ``stop(time)``.

    The branch's own history is its first-parent line and, across a sync merge (see
    :mod:`.merges`), the line of the merge's other side too; each line is walked until a
    commit's committer time makes ``stop`` true, which may depend on what was walked before.
    A pull merge is followed by the commits it brought in, each dated by the merge.
    ``links`` may give, by sha, what git would say about a commit (its parents and committer
    time); a sha's links never change, so they can come from a cache.
    """
    links = links or {}
    seen: set[str] = set()
    lines = [str(tip.id)]
    name = own_name(repo)
    while lines:
        sha: str | None = lines.pop(0)
        while sha is not None and sha not in seen:
            seen.add(sha)
            link = _link(repo, sha, links)
            if link is None:
                break
            parents, when = link
            if stop(when):
                break
            # (a roll-up's pull requests land as merges of their own, each with its commits)
            role, rollup = _merge_role(repo, sha, parents, branch, links, name) if len(parents) > 1 else (None, [])
            pulled = rollup or (pulled_commits(repo, parents) if role == "pull" else None)
            if role == "pull" and pulled is None:
                role = "forward"
            if role == "sync":
                lines.extend(parents[1:])  # the other side is the branch's own history too
            yield Step(sha, parents, when, role, line_end=not parents)
            for inner in reversed(pulled or []):  # newest first, as the walk goes
                if inner not in seen:
                    seen.add(inner)
                    merged = rollup and len(commit_at(repo, inner).parent_ids) > 1
                    yield Step(inner, (), when, "pr" if merged else None, via=sha)
            sha = parents[0] if parents else None


def landed_window(
    repo: pygit2.Repository,
    tip: pygit2.Commit,
    since: datetime,
    until: datetime,
    branch: str,
    links: Mapping[str, Link] | None = None,
) -> Walk:
    """Commits of ``branch``'s own history (tip ``tip``) whose committer time is in ``[since, until)``."""
    start, end = since.timestamp(), until.timestamp()
    floor = walk_floor(since).timestamp()
    picked: list[tuple[int, int, str]] = []  # (committer time, walk order, sha)
    roles: dict[str, MergeKind] = {}
    via: dict[str, str] = {}
    shallow_end: str | None = None
    for order, step in enumerate(branch_history(repo, tip, branch, lambda when: when < floor, links)):
        if start <= step.when < end:
            picked.append((step.when, order, step.sha))
            if step.role is not None:
                roles[step.sha] = step.role
            if step.via is not None:
                via[step.sha] = step.via
        if step.line_end and shallow_end is None and step.when >= start and step.sha in shallow_roots(repo):
            shallow_end = step.sha
    picked.sort(key=lambda entry: (entry[0], -entry[1]))
    return Walk(shas=[sha for _, _, sha in picked], roles=roles, shallow_end=shallow_end, via=via)


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
