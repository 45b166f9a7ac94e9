"""What landed on a branch in a time window, parsed once and cached in the catalogue."""

from __future__ import annotations

import gc
import heapq
import logging
import os
import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from pathlib import Path

import pygit2

from ..cache import ArtifactCache, stage_key
from ..errors import StageError, UserError
from ..model import Artifact, Change, ForgeName, Release, Window
from ..store import Catalogue, is_database_url
from ..window import day_window, zone
from .changes import Mailmap, Reading, build_change, closing_names_pr
from .forge import FORGE_NOTES, web_url_from_remote
from .gitrepo import (
    WALK_SLACK,
    bounded_pack_maps,
    branch_history,
    commit_at,
    default_branch_name,
    landed_window,
    open_repository,
    resolve_branch,
    walk_floor,
)
from .numstat import git_available, git_numstat, pygit2_numstat
from .readmes import readme_leads, term_definitions
from .releases import find_releases, read_tags

__all__ = [
    "PARSER_VERSION",
    "Landed",
    "read_landed",
    "landed_changes",
    "default_branch",
    "forge_web_url",
    "repository_label",
    "last_active_window",
    "recent_active_days",
    "state_dir_for",
]

# Bump whenever parsing changes what a cached Change holds: older cache entries are then dropped.
PARSER_VERSION = 159  # bump when message parsing changes: cached changes are read again
_SAVE_EVERY = 1000  # parsed changes per catalogue transaction
_AT_TIP_VERSION = "15"  # bump when finding releases or README leads changes

log = logging.getLogger("commitcast.ingest")

RepoLike = str | os.PathLike[str] | pygit2.Repository
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Landed:
    """The changes of one window and how they were read."""

    changes: list[Change]  # oldest first (first-parent order)
    branch: str
    tip: str  # the branch's tip commit when it was read
    warnings: list[str] = field(default_factory=list)
    parsed: int = 0  # changes parsed in this call; the rest came from the cache
    releases: list[Release] = field(default_factory=list)  # versions out in the window, oldest first
    notes: dict[str, str] = field(default_factory=dict)  # directory -> its README's lead sentence, at the tip
    definitions: dict[str, tuple[str, str]] = field(default_factory=dict)  # term -> (the docs' definition, file), at the tip


def state_dir_for(repo: RepoLike) -> Path:
    """The default state directory: ``.commitcast`` in the repository's work tree (or bare git dir)."""
    opened = open_repository(repo)
    return Path(opened.workdir or opened.path) / ".commitcast"


def default_branch(repo: RepoLike) -> str:
    """The branch commitcast reads by default: remote HEAD, else ``main``, else ``master``."""
    return default_branch_name(open_repository(repo))


def forge_web_url(repo: RepoLike, forge: ForgeName | None = None) -> str | None:
    """``https://github.com/ORG/REPO`` (or the GitLab equivalent) from the ``origin`` remote, else
    None; with ``forge`` (the show's setting) any host of the remote is that forge's."""
    opened = open_repository(repo)
    try:
        remote = opened.remotes["origin"]
    except (KeyError, ValueError):
        return None
    return web_url_from_remote(remote.url or "", forge)


_GENERIC_NAMES = frozenset({"core", "main", "app", "repo", "src", "source", "project", "server", "client", "web", "code"})


def repository_label(repo: RepoLike) -> str:
    """What the repository calls itself: its origin's name as written (``rust-clippy``), else its directory's."""
    opened = open_repository(repo)
    try:
        url = opened.remotes["origin"].url or ""
    except (KeyError, ValueError):
        url = ""
    parts = [p for p in re.split(r"[/:]", url.rstrip("/").removesuffix(".git")) if p] if url else []
    name = parts[-1] if parts else ""
    if name.lower() in _GENERIC_NAMES and len(parts) >= 2:
        name = f"{parts[-2]} {name}"  # vuejs/core is "vuejs core", not "core"
    if not name:
        where = Path(opened.workdir or opened.path).resolve()
        name = (where.parent if where.name == ".git" else where).name.removesuffix(".git")
    return name


def recent_active_days(
    repo: RepoLike,
    count: int,
    *,
    branch: str | None = None,
    tz: str = "UTC",
    state_dir: str | os.PathLike[str] | None = None,
) -> list[date]:
    """The last ``count`` calendar days (in ``tz``) on which changes landed on the branch, oldest first.

    Read from the commit graph alone (``state_dir`` is accepted for symmetry with
    :func:`read_landed`); fewer days come back when the history has fewer.
    """
    opened = open_repository(repo)
    name = branch or default_branch_name(opened)
    tip = resolve_branch(opened, name)
    where = zone(tz)
    if count < 1:
        return []
    days: set[date] = set()

    def enough(when: int) -> bool:
        # committer times are nearly monotone along a line: stop a slack past the count-th day
        day = datetime.fromtimestamp(when, where).date()
        return len(days) >= count and day < heapq.nlargest(count, days)[-1] - WALK_SLACK

    for step in branch_history(opened, tip, name, enough):
        if step.role != "sync":
            days.add(datetime.fromtimestamp(step.when, where).date())
    return sorted(days)[-count:]


def last_active_window(repo: RepoLike, branch: str | None = None, tz: str = "UTC") -> Window:
    """The calendar day in ``tz`` of the newest change on the branch."""
    (day,) = recent_active_days(repo, 1, branch=branch, tz=tz)
    return day_window(day, tz)


def _seconds(moment: datetime) -> int:
    """Unix seconds, rounded up, so ``landed_at >= _seconds(t)`` means landed at or after ``t``."""
    whole = int(moment.timestamp())
    return whole + 1 if whole < moment.timestamp() else whole


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _open_catalogue(state_dir: Path, default: bool, warnings: list[str], location: str | None) -> Catalogue:
    if location is not None and is_database_url(location):
        return Catalogue.connect(location)  # a shared catalogue that cannot be had is an error, not a warning
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
        if default and not (state_dir / ".gitignore").exists():
            (state_dir / ".gitignore").write_text(
                "*\n"
            )  # keep the state out of the user's `git status`
        return Catalogue.open(location or state_dir / "catalogue.sqlite")
    except (OSError, sqlite3.Error) as exc:
        warnings.append(
            f"cannot use the state directory {state_dir} ({exc}); nothing is cached this time"
        )
        return Catalogue.open(":memory:")


def read_landed(
    repo: RepoLike,
    since: datetime,
    until: datetime,
    branch: str | None = None,
    *,
    state_dir: str | os.PathLike[str] | None = None,
    catalogue: str | None = None,
    progress: Progress | None = None,
) -> Landed:
    """Every change that landed on ``branch`` with committer time in ``[since, until)``, oldest first.

    Naive datetimes are read as UTC. Parsed changes are cached in the ``catalogue`` (a
    SQLite file or a postgresql:// URL; default: ``state_dir``'s, ``REPO/.commitcast``); the
    branch itself is walked afresh every time, so a rewritten branch never serves stale
    changes. ``progress(done, total)`` reports parsing.
    """
    since, until = _aware(since), _aware(until)
    if since >= until:
        raise UserError(
            f"the window is empty: since ({since.isoformat()}) must be before until ({until.isoformat()})"
        )
    with bounded_pack_maps():  # before the repository is opened, so its packs are mapped small
        opened = open_repository(repo)
        name = branch or default_branch_name(opened)
        tip = resolve_branch(opened, name)
        directory = Path(state_dir) if state_dir is not None else state_dir_for(opened)
        warnings: list[str] = []
        with _open_catalogue(directory, state_dir is None, warnings, catalogue) as store, _paused_gc():
            changes, parsed, context = _read(opened, tip, name, since, until, store, warnings, progress)
        found = _at_tip(opened, tip, changes, since, until, f"{context} branch={name}", directory)
    return Landed(
        changes=changes, branch=name, tip=str(tip.id), warnings=warnings, parsed=parsed, releases=found.releases,
        notes=found.notes, definitions=found.definitions,
    )


@dataclass(frozen=True)
class _AtTip(Artifact):
    """What a read finds besides the changes: the window's releases and the READMEs' leads."""

    releases: list[Release]
    notes: dict[str, str]
    definitions: dict[str, tuple[str, str]] = field(default_factory=dict)


def _at_tip(
    repo: pygit2.Repository,
    tip: pygit2.Commit,
    changes: list[Change],
    since: datetime,
    until: datetime,
    context: str,
    state_dir: Path,
) -> _AtTip:
    """The window's releases and the READMEs' leads, kept in the state directory (``ingest/``)
    by everything they depend on (tip, window, how the changes were read, the version tags):
    a re-read of an unchanged window finds them there instead of walking every release's
    history again (measured on executorch's whole history: 0.26 s of a 0.5 s warm read)."""
    tags = read_tags(repo)
    tag_list = sorted((t.name, t.sha, str(t.tagged_at), t.message or "") for ts in tags.values() for t in ts)
    key = stage_key(
        "at-tip", _AT_TIP_VERSION, str(tip.id), context, since.isoformat(), until.isoformat(), repr(tag_list)
    )
    cache = ArtifactCache(state_dir / "ingest")
    found = cache.get("at-tip", key, _AtTip)
    if found is None:
        found = _AtTip(
            find_releases(repo, tip, changes, since, until, tags, _mailmap(tip)[0]), readme_leads(repo, tip),
            term_definitions(repo, tip),
        )
        try:
            cache.put("at-tip", key, found)
        except OSError:
            pass  # an unwritable state directory: found again next time
    return found


def _mailmap(tip: pygit2.Commit) -> tuple[Mailmap, str]:
    """The ``.mailmap`` at the branch's tip (None without one) and its blob id (for the cache context)."""
    try:
        entry = tip.tree[".mailmap"]
        blob = entry if isinstance(entry, pygit2.Blob) else None
    except (KeyError, pygit2.GitError):
        blob = None
    if blob is None:
        return None, ""
    text = blob.data[:1 << 20].decode("utf-8", "replace")
    return pygit2.Mailmap.from_buffer(text), str(blob.id)


def _read(
    repo: pygit2.Repository,
    tip: pygit2.Commit,
    branch: str,
    since: datetime,
    until: datetime,
    catalogue: Catalogue,
    warnings: list[str],
    progress: Progress | None,
) -> tuple[list[Change], int, str]:
    """The window's changes (cached ones decoded, new ones parsed and saved), how many were
    parsed, and what they were read with (parser version, forge, mailmap, forge notes)."""
    web_url = forge_web_url(repo)
    key = os.path.realpath(repo.path)
    mailmap, mailmap_id = _mailmap(tip)
    notes = repo.references.get(FORGE_NOTES)
    reading = Reading(web_url, mailmap, notes is not None)
    note_id = str(notes.target) if notes is not None else ""
    context = f"parser={PARSER_VERSION} {reading.key} mailmap={mailmap_id} notes={note_id}"
    catalogue.bind_repository(key, context)
    links, known = catalogue.cached_window(
        key, _seconds(walk_floor(since)), _seconds(since), _seconds(until)
    )
    walk = landed_window(repo, tip, since, until, branch, links)
    pulled = [sha for sha in walk.via if sha not in known]
    if pulled:  # committed before the window and landed in it by a pull: cached under their own time
        known.update(catalogue.cached_changes(key, pulled))
    missing = [sha for sha in walk.shas if sha not in known and sha != walk.shallow_end]
    fresh = _parse(repo, missing, reading, catalogue, key, progress)
    if walk.shallow_end is not None:
        # Its parents are cut off, so there is nothing to diff against: no file stats, not cached.
        end = commit_at(repo, walk.shallow_end)
        fresh[walk.shallow_end] = build_change(repo, end, [], reading)
        warnings.append(
            f"the history is shallow and ends at {walk.shallow_end[:10]} "
            f"({datetime.fromtimestamp(end.commit_time, UTC):%Y-%m-%d %H:%M} UTC), inside the window: "
            "earlier changes are missing and that commit's file stats are unknown "
            "(git fetch --deepen or --unshallow gives the complete answer)"
        )
    changes = [known.get(sha) or fresh[sha] for sha in walk.shas]
    # A merge's role, and a pulled commit's landing, depend on the branch read: set here, not cached.
    landed = {c.sha: c.landed_at for c in changes if c.sha in walk.roles}
    if any(c.pr is not None and c.pr.closing for c in changes) and not closing_names_pr(repo, tip):
        # Where pull requests are named in titles, "Closes #N" names an issue (uv's direct pushes).
        changes = [replace(c, pr=None) if c.pr is not None and c.pr.closing else c for c in changes]
    # (a roll-up's pull request is both: a merge of its own, landed by the roll-up)
    changes = [replace(c, merge_kind=walk.roles[c.sha]) if c.sha in walk.roles else c for c in changes]
    changes = [replace(c, via=walk.via[c.sha], landed_at=landed[walk.via[c.sha]]) if c.sha in walk.via else c for c in changes]
    return changes, len(fresh), context


@contextmanager
def _paused_gc() -> Iterator[None]:
    """Keep the cyclic collector away from the hundreds of thousands of acyclic objects made here.

    Left running, it rescans them again and again while they are made (reading a cached
    history takes twice as long); merely paused, its first pass afterwards still walks all of
    them (a third of the time). So they are filed straight into the oldest generation
    (freeze + unfreeze), where the collector looks only on its rare full collections.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if enabled:
            gc.enable()


def _parse(
    repo: pygit2.Repository,
    shas: list[str],
    reading: Reading,
    catalogue: Catalogue,
    key: str,
    progress: Progress | None,
) -> dict[str, Change]:
    """Parse the commits ``shas`` (diff stats from one streamed git log), saving them as they come."""
    if git_available():
        stats = git_numstat(repo.path, shas)
    else:
        stats = ((sha, pygit2_numstat(repo, commit_at(repo, sha))) for sha in shas)
    fresh: dict[str, Change] = {}
    batch: list[Change] = []

    def save() -> None:
        catalogue.put_changes(key, batch)
        batch.clear()
        if progress is not None:
            progress(len(fresh), len(shas))

    try:
        for sha, files in stats:
            fresh[sha] = change = build_change(repo, commit_at(repo, sha), files, reading)
            batch.append(change)
            if len(batch) >= _SAVE_EVERY:
                save()
    except StageError as exc:
        # git stops at a blob the snapshot lacks ("fatal: unable to read …"): the rest are read
        # one by one, and the files whose contents are missing get unknown line counts.
        log.info("git log stopped (%s); reading the remaining commits with libgit2", exc)
    for sha in shas:
        if sha not in fresh:  # git left it out, or stopped: compute it the slow way
            commit = commit_at(repo, sha)
            fresh[sha] = build_change(repo, commit, pygit2_numstat(repo, commit), reading)
            batch.append(fresh[sha])
    save()
    return fresh


def landed_changes(
    repo: RepoLike,
    since: datetime,
    until: datetime,
    branch: str | None = None,
    *,
    state_dir: str | os.PathLike[str] | None = None,
) -> list[Change]:
    """The changes landed on ``branch`` in ``[since, until)``, oldest first (see :func:`read_landed`).

    Warnings (such as a shallow history) go to the ``commitcast.ingest`` logger.
    """
    landed = read_landed(repo, since, until, branch, state_dir=state_dir)
    for warning in landed.warnings:
        log.warning(warning)
    return landed.changes
