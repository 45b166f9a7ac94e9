"""The catalogue: what commitcast remembers between runs (SQLite by default).

The SQL is kept to what SQLite and PostgreSQL both run (TEXT / INTEGER / BIGINT columns,
composite primary keys, ``INSERT … ON CONFLICT … DO UPDATE``), written with ``?``
placeholders that :meth:`Catalogue.execute` adapts to the driver. The schema grows by
appending a step to :data:`MIGRATIONS`; the catalogue's ``schema_version`` is the number
of steps applied, and opening a catalogue applies the missing ones in one transaction.
"""

from __future__ import annotations

import gc
import logging
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import msgspec
from filelock import FileLock

from .errors import StageError, UserError
from .model import Change, Episode

__all__ = ["Catalogue", "MIGRATIONS", "SCHEMA_VERSION", "catalogue_damage", "is_database_url"]

# Step N (1-based) takes a catalogue from schema version N-1 to N. Append, never edit.
MIGRATIONS: list[tuple[str, ...]] = [
    (
        # One row per repository whose changes are cached; ``context`` says what the cached
        # changes were parsed with (parser version, forge URL), and a new context clears them.
        """CREATE TABLE repositories (
            repo TEXT PRIMARY KEY,
            context TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""",
        # Parsed changes by repository and commit. What a sha says never changes, so the
        # cache cannot go stale; which shas are on a branch is always walked from its tip.
        # ``first_parent`` and ``landed_at`` (committer time, Unix seconds) let that walk
        # skip reading commits it has seen; ``data`` is the Change as JSON.
        """CREATE TABLE changes (
            repo TEXT NOT NULL,
            sha TEXT NOT NULL,
            first_parent TEXT,
            landed_at BIGINT NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (repo, sha)
        )""",
        "CREATE INDEX changes_by_time ON changes (repo, landed_at)",
    ),
    (
        # One row per published episode of a show; ``data`` is the Episode as JSON. A re-run
        # of the same show and slug replaces the row, so the catalogue never holds two.
        """CREATE TABLE episodes (
            show TEXT NOT NULL,
            slug TEXT NOT NULL,
            kind TEXT NOT NULL,
            published_at BIGINT NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (show, slug)
        )""",
    ),
    (
        # A merge's other parents (space-separated; NULL for a commit with one parent), so the
        # walk of a window can follow the sides of a sync merge without reading the commit.
        "ALTER TABLE changes ADD COLUMN other_parents TEXT",
    ),
]
SCHEMA_VERSION = len(MIGRATIONS)
_MIGRATION_LOCK = 0x636F6D6D  # PostgreSQL advisory lock key held while migrating ("comm")

log = logging.getLogger("commitcast.store")

_encode = msgspec.json.Encoder().encode
_decode_change = msgspec.json.Decoder(Change).decode


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Decoding thousands of cached changes makes millions of objects and no cycles; left on,
    the cyclic collector rescans everything the process holds again and again (measured in a
    process that has imported the pipeline: a 13k-change read takes 0.62 s with it, 0.25 s without)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
_decode_episode = msgspec.json.Decoder(Episode).decode


class _Damaged(sqlite3.DatabaseError):
    """The catalogue's own check found damage."""


def _damaged(error: sqlite3.DatabaseError) -> bool:
    """Whether ``error`` says the file is damaged (not locked, full or unwritable)."""
    name = getattr(error, "sqlite_errorname", "")
    return isinstance(error, _Damaged) or name.startswith("SQLITE_CORRUPT") or name == "SQLITE_NOTADB"


def catalogue_damage(path: Path) -> str | None:
    """What is wrong with the SQLite catalogue at ``path`` (read-only, nothing is changed); None when it is sound."""
    try:
        connection = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=30.0)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        (verdict,) = connection.execute("PRAGMA quick_check").fetchone()
        return None if verdict == "ok" else verdict
    except sqlite3.DatabaseError as exc:
        return str(exc) if _damaged(exc) else None
    finally:
        connection.close()


def _missing_tables(connection: sqlite3.Connection) -> str | None:
    """A table the catalogue's schema version says it has but it lacks (dropped by hand or by damage)."""
    tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "schema_version" not in tables:  # a new catalogue (the migrations make every table), or one without its version
        return "schema_version" if tables & {"repositories", "changes", "episodes"} else None
    row = connection.execute("SELECT version FROM schema_version").fetchone()
    version = int(row[0]) if row and isinstance(row[0], int) else 0
    for step, table in ((1, "repositories"), (1, "changes"), (2, "episodes")):
        if version >= step and table not in tables:
            return table
    return None


def _stamps(path: str) -> str:
    """Size, time and inode of the catalogue's file and its write-ahead log, as one line."""
    parts = []
    for suffix in ("", "-wal"):
        try:
            st = os.stat(f"{path}{suffix}")
            parts.append(f"{st.st_size}:{st.st_mtime_ns}:{st.st_ino}")
        except OSError:
            parts.append("-")
    return " ".join(parts)


def _read_memo(memo: Path) -> str | None:
    try:
        return memo.read_text()
    except (OSError, UnicodeDecodeError):
        return None


def _set_aside(path: Path) -> Path:
    """Move a damaged catalogue (and its WAL files) out of the way; where it went."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{path}{suffix}")
        if source.exists():
            os.replace(source, f"{aside}{suffix}")
    return aside


def is_database_url(location: str) -> bool:
    """Whether a catalogue ``location`` names a PostgreSQL database rather than a SQLite file."""
    return location.startswith(("postgresql://", "postgres://"))


class Catalogue:
    """A connection to the catalogue database; use :meth:`connect` (or :meth:`open` for a
    SQLite file) and close it (or use ``with``)."""

    def __init__(self, connection: Any, *, dialect: str = "sqlite") -> None:
        """Wrap an open DB-API ``connection`` (in autocommit mode) of ``dialect`` "sqlite" or "postgresql"."""
        self._db = connection
        self.dialect = dialect
        self._migrate()

    @classmethod
    def connect(cls, location: str | Path) -> Self:
        """The catalogue at ``location``: a ``postgresql://`` URL (libpq's, so PGPASSWORD and
        ~/.pgpass keep the password out of it), else a SQLite file (see :meth:`open`)."""
        where = str(location)
        if not is_database_url(where):
            return cls.open(where)
        from .sources import redact_url

        try:
            import psycopg
        except ImportError as exc:
            raise UserError("a PostgreSQL catalogue needs psycopg: pip install 'commitcast[postgres]'") from exc
        try:
            connection = psycopg.connect(where, autocommit=True)
        except psycopg.Error as exc:
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise UserError(f"cannot open the catalogue {redact_url(where)}: {redact_url(reason)}") from exc
        try:
            return cls(connection, dialect="postgresql")
        except BaseException:
            connection.close()
            raise

    @classmethod
    def open(cls, path: str | Path) -> Self:
        """Open (creating if needed) the SQLite catalogue at ``path``; ``":memory:"`` keeps it in memory.

        A damaged catalogue (``PRAGMA quick_check`` fails, or SQLite finds it is not a
        database) is moved aside to ``catalogue.sqlite.damaged-<time>`` and a new one is
        started: the runs refill it from the site's records and the caches.
        """
        if str(path) == ":memory:":
            return cls._connect(":memory:")
        path = Path(path)
        if path.is_dir():
            raise UserError(f"the catalogue {path} is a directory; move it away and a new catalogue is filled from the site")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # One process checks and heals at a time, so none moves aside another's new catalogue.
            with FileLock(f"{path}.lock"):
                try:
                    return cls._connect(str(path), check=True)
                except sqlite3.DatabaseError as exc:
                    if not _damaged(exc):
                        raise
                    aside = _set_aside(path)
                    log.warning(
                        "the catalogue %s is damaged (%s): moved to %s; a new one is filled from the site and the caches",
                        path, exc, aside,
                    )
                return cls._connect(str(path))
        except (OSError, sqlite3.Error) as exc:  # unwritable, full, or locked past the timeout
            raise StageError(f"cannot open the catalogue {path}: {getattr(exc, 'strerror', None) or exc}") from exc

    @classmethod
    def _connect(cls, path: str, *, check: bool = False) -> Self:
        # The check reads the whole file (measured: 0.05 s for 26 MB, a quarter of a warm read
        # of 13,000 changes), so a catalogue unchanged since it last passed is not read again;
        # any write, a crash's leftover log or a scribbled page changes its files' stamps.
        stamps = _stamps(path) if check else ""
        memo = Path(f"{path}.checked")
        if check and _read_memo(memo) == stamps:
            check = False
        connection = sqlite3.connect(path, isolation_level=None, timeout=30.0)
        try:
            if path != ":memory:":
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute("PRAGMA synchronous=NORMAL")
            if check:
                (verdict,) = connection.execute("PRAGMA quick_check").fetchone()
                if verdict != "ok":
                    raise _Damaged(f"quick_check: {verdict}")
                if missing := _missing_tables(connection):
                    raise _Damaged(f"its {missing} table is gone")
                with suppress(OSError):
                    memo.write_text(stamps)
            return cls(connection)
        except BaseException:
            connection.close()
            raise

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # ------------------------------------------------------------------ plumbing

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run one statement written with ``?`` placeholders; returns the driver's cursor."""
        if self.dialect != "sqlite":
            sql = sql.replace("?", "%s")
        return self._db.execute(sql, tuple(params))

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Statements inside commit together or not at all."""
        self.execute("BEGIN IMMEDIATE" if self.dialect == "sqlite" else "BEGIN")
        try:
            yield
        except BaseException:
            self.execute("ROLLBACK")
            raise
        self.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        """How many steps of :data:`MIGRATIONS` this catalogue has."""
        row = self.execute("SELECT version FROM schema_version").fetchone()
        return int(row[0]) if row else 0

    def _migrate(self) -> None:
        with self._migration_lock():
            self._apply_migrations()

    @contextmanager
    def _migration_lock(self) -> Iterator[None]:
        """One process migrates at a time: drivers opening a new PostgreSQL catalogue together
        would otherwise race to create the same tables (SQLite's file lock does this itself)."""
        if self.dialect != "postgresql":
            yield
            return
        self.execute("SELECT pg_advisory_lock(?)", (_MIGRATION_LOCK,))
        try:
            yield
        finally:
            self.execute("SELECT pg_advisory_unlock(?)", (_MIGRATION_LOCK,))

    def _apply_migrations(self) -> None:
        self.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        if self.schema_version == SCHEMA_VERSION:
            return
        with self.transaction():
            current = self.schema_version  # again, now that no one else can write
            if current > SCHEMA_VERSION:
                raise StageError(
                    f"the catalogue has schema version {current}; this commitcast knows up to {SCHEMA_VERSION}"
                )
            for step in MIGRATIONS[current:]:
                for statement in step:
                    self.execute(statement)
            self.execute("DELETE FROM schema_version")
            self.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))

    # ----------------------------------------------------------- cached changes

    def bind_repository(self, repo: str, context: str) -> None:
        """Declare what ``repo``'s cached changes must have been parsed with; forget them if not."""
        row = self.execute("SELECT context FROM repositories WHERE repo = ?", (repo,)).fetchone()
        if row is not None and row[0] == context:
            return
        now = datetime.now(UTC).isoformat()
        with self.transaction():
            self.execute("DELETE FROM changes WHERE repo = ?", (repo,))
            self.execute(
                "INSERT INTO repositories (repo, context, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (repo) DO UPDATE SET context = excluded.context, updated_at = excluded.updated_at",
                (repo, context, now),
            )

    def cached_window(
        self, repo: str, walk_from: int, since: int, until: int
    ) -> tuple[dict[str, tuple[tuple[str, ...], int]], dict[str, Change]]:
        """What the cache holds of ``repo`` from ``walk_from`` on (Unix seconds), in one range scan.

        Returns ``sha -> (parents, committer time)`` for every cached change landed at or
        after ``walk_from``, and the decoded changes of those landed in ``[since, until)``.
        """
        # SQLite hands the JSON over as bytes when asked: msgspec reads UTF-8 bytes directly.
        data = "CAST(data AS BLOB)" if self.dialect == "sqlite" else "data"
        rows = self.execute(
            f"SELECT sha, first_parent, other_parents, landed_at, "
            f"CASE WHEN landed_at >= ? AND landed_at < ? THEN {data} END "
            "FROM changes WHERE repo = ? AND landed_at >= ?",
            (since, until, repo, walk_from),
        )
        links: dict[str, tuple[tuple[str, ...], int]] = {}
        changes: dict[str, Change] = {}
        with _collector_paused():
            for sha, parent, others, when, json in rows:
                parents = (parent,) if parent else ()
                links[sha] = ((*parents, *others.split()) if others else parents, when)
                if json is not None:
                    changes[sha] = _decode_change(json)
        return links, changes

    def cached_changes(self, repo: str, shas: Sequence[str]) -> dict[str, Change]:
        """The cached changes of ``repo`` among ``shas`` (any landing time)."""
        data = "CAST(data AS BLOB)" if self.dialect == "sqlite" else "data"
        found: dict[str, Change] = {}
        for start in range(0, len(shas), 500):  # SQLite's bound-parameter limit
            chunk = list(shas[start : start + 500])
            marks = ", ".join("?" for _ in chunk)
            rows = self.execute(f"SELECT sha, {data} FROM changes WHERE repo = ? AND sha IN ({marks})", (repo, *chunk))
            found.update((sha, _decode_change(json)) for sha, json in rows)
        return found

    def put_changes(self, repo: str, changes: Iterable[Change]) -> None:
        """Cache ``changes`` (replacing any with the same sha) in one transaction."""
        rows = [
            (
                repo,
                c.sha,
                c.parents[0] if c.parents else None,
                " ".join(c.parents[1:]) or None,
                int(c.landed_at.timestamp()),
                _encode(c).decode("utf-8"),
            )
            for c in changes
        ]
        if not rows:
            return
        statement = (
            "INSERT INTO changes (repo, sha, first_parent, other_parents, landed_at, data) "
            "VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (repo, sha) DO UPDATE SET first_parent = excluded.first_parent, "
            "other_parents = excluded.other_parents, landed_at = excluded.landed_at, data = excluded.data"
        )
        with self.transaction():
            if self.dialect == "sqlite":
                self._db.executemany(statement, rows)
            else:  # psycopg sends them in one pipeline, not a round trip each
                self._db.cursor().executemany(statement.replace("?", "%s"), rows)

    def count_changes(self, repo: str) -> int:
        """How many changes of ``repo`` are cached."""
        return int(
            self.execute("SELECT COUNT(*) FROM changes WHERE repo = ?", (repo,)).fetchone()[0]
        )

    # ------------------------------------------------------------------ episodes

    def put_episode(self, episode: Episode) -> None:
        """Record ``episode``, replacing an earlier one of the same show and slug."""
        self.execute(
            "INSERT INTO episodes (show, slug, kind, published_at, data) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (show, slug) DO UPDATE SET kind = excluded.kind, "
            "published_at = excluded.published_at, data = excluded.data",
            (
                episode.show,
                episode.slug,
                episode.kind,
                int(episode.published_at.timestamp()),
                _encode(episode).decode("utf-8"),
            ),
        )

    def remove_episode(self, show: str, slug: str) -> bool:
        """Forget ``show``'s episode ``slug``; whether there was one."""
        return bool(self.execute("DELETE FROM episodes WHERE show = ? AND slug = ?", (show, slug)).rowcount)

    def episode_slugs(self, show: str) -> set[str]:
        """The slugs of ``show``'s recorded episodes (without decoding them)."""
        return {slug for (slug,) in self.execute("SELECT slug FROM episodes WHERE show = ?", (show,))}

    def episodes(self, show: str) -> list[Episode]:
        """Every recorded episode of ``show``, oldest first."""
        rows = self.execute(
            "SELECT slug, data FROM episodes WHERE show = ? ORDER BY published_at, slug", (show,)
        ).fetchall()
        found, unreadable = [], []
        for slug, data in rows:
            try:
                found.append(_decode_episode(data))
            except (ValueError, TypeError):  # a damaged row: the site's record of it is taken back instead
                unreadable.append(slug)
        for slug in unreadable:
            log.warning("the catalogue's row of episode %s cannot be read; it is forgotten", slug)
            self.execute("DELETE FROM episodes WHERE show = ? AND slug = ?", (show, slug))
        return found
