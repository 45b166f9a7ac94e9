"""The catalogue: schema versions, migrations and the change cache."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from commitcast.errors import StageError
from commitcast.model import Change, FileChange, Person
from commitcast.store import SCHEMA_VERSION, Catalogue


def change(sha: str, hour: int, parent: str | None = None) -> Change:
    return Change(
        sha=sha,
        title=f"change {sha}",
        body="",
        trailers={"Signed-off-by": ["Ada <ada@example.com>"]},
        authors=[Person("Ada", "ada@example.com")],
        committer=Person("GitHub", "noreply@github.com"),
        landed_at=datetime(2025, 3, 26, hour, tzinfo=UTC),
        authored_at=datetime(2025, 3, 26, hour, tzinfo=UTC),
        files=[FileChange("a.py", "M", None, 1, 2)],
        added=1,
        deleted=2,
        parents=[parent] if parent else [],
    )


def test_open_migrates_once_and_closes(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "catalogue.sqlite"
    with Catalogue.open(path) as catalogue:
        assert catalogue.schema_version == SCHEMA_VERSION
    with Catalogue.open(path) as catalogue:
        assert catalogue.schema_version == SCHEMA_VERSION
        tables = {
            row[0]
            for row in catalogue.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
    assert {"schema_version", "repositories", "changes"} <= tables
    with pytest.raises(sqlite3.ProgrammingError):
        catalogue.execute("SELECT 1")  # closed


def test_a_newer_catalogue_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "catalogue.sqlite"
    Catalogue.open(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    db.commit()
    db.close()
    with pytest.raises(StageError, match="schema version"):
        Catalogue.open(path)


def test_changes_round_trip_and_walk_links() -> None:
    with Catalogue.open(":memory:") as catalogue:
        catalogue.bind_repository("/r", "parser=1")
        catalogue.put_changes("/r", [change("a", 1), change("b", 2, "a"), change("c", 3, "b")])
        catalogue.put_changes("/other", [change("a", 1)])
        two = int(datetime(2025, 3, 26, 2, tzinfo=UTC).timestamp())
        links, changes = catalogue.cached_window("/r", two, two + 3600, two + 7200)
        assert links == {"b": (("a",), two), "c": (("b",), two + 3600)}
        assert changes == {
            "c": change("c", 3, "b")
        }  # only what landed in [since, until) is decoded
        assert catalogue.count_changes("/r") == 3


def test_reading_cached_changes_leaves_the_garbage_collector_as_it_found_it() -> None:
    import gc

    with Catalogue.open(":memory:") as catalogue:
        catalogue.put_changes("/r", [change("a", 1)])
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            try:
                _, changes = catalogue.cached_window("/r", 0, 0, 2**40)
                assert list(changes) == ["a"] and gc.isenabled() is enabled
            finally:
                gc.enable()


def test_a_new_context_forgets_the_repository(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path / "c.sqlite") as catalogue:
        catalogue.bind_repository("/r", "parser=1")
        catalogue.put_changes("/r", [change("a", 1)])
        catalogue.bind_repository("/r", "parser=1")
        assert catalogue.count_changes("/r") == 1
        catalogue.bind_repository("/r", "parser=2")
        assert catalogue.count_changes("/r") == 0


def test_transactions_roll_back(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path / "c.sqlite") as catalogue:
        with pytest.raises(RuntimeError), catalogue.transaction():
            catalogue.execute(
                "INSERT INTO repositories (repo, context, updated_at) VALUES (?, ?, ?)",
                ("/r", "x", "now"),
            )
            raise RuntimeError("boom")
        assert catalogue.execute("SELECT COUNT(*) FROM repositories").fetchone()[0] == 0


def test_an_unchanged_catalogue_is_checked_once_and_a_changed_one_again(tmp_path: Path, monkeypatch) -> None:
    import commitcast.store as store_module

    statements: list[str] = []
    connect = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection = connect(*args, **kwargs)
        connection.set_trace_callback(statements.append)
        return connection

    monkeypatch.setattr(store_module.sqlite3, "connect", traced)
    path = tmp_path / "catalogue.sqlite"

    def checks_on_open() -> int:
        statements.clear()
        Catalogue.open(path).close()
        return sum("quick_check" in s for s in statements)

    assert checks_on_open() == 1  # new
    assert checks_on_open() == 1  # written by the first open (its schema): changed
    assert checks_on_open() == 0  # nothing written since it passed
    with Catalogue.open(path) as catalogue:
        catalogue.put_changes("repo", [change("a" * 40, 1)])
    assert checks_on_open() == 1
    data = bytearray(path.read_bytes())
    path.write_bytes(bytes(data))  # the same bytes written again: looked at anew
    assert checks_on_open() == 1
