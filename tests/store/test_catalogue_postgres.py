"""The catalogue's SQL runs on PostgreSQL as well as SQLite (a hosted fleet's catalogue).

The test starts a throw-away PostgreSQL server on a Unix socket in a temp dir; it skips when
the server binaries (Debian's ``postgresql`` package, which ``.ci/run`` installs) are absent.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from commitcast.model import Change, Episode, Person, Script, Window
from commitcast.store import SCHEMA_VERSION, Catalogue

psycopg = pytest.importorskip("psycopg")

pytestmark = pytest.mark.postgres


def _postgres_bin() -> Path | None:
    for root in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (root / "initdb").exists():
            return root
    found = shutil.which("initdb")
    return Path(found).parent if found else None


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """A running PostgreSQL server; yields the socket directory."""
    binaries = _postgres_bin()
    if binaries is None:
        pytest.skip("PostgreSQL server binaries are not installed")
    # Not pytest's tmp_path: its parents are private to root, and the server runs as postgres.
    base = Path(tempfile.mkdtemp(prefix="commitcast-pg-"))
    data, sockets = base / "data", base / "run"
    sockets.mkdir()
    prefix: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        shutil.chown(base, "postgres")
        shutil.chown(sockets, "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    env = {**os.environ, "LC_ALL": "C"}
    subprocess.run([*prefix, str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8"],
                   check=True, capture_output=True, env=env)
    options = f"-k {sockets} -c listen_addresses='' -c fsync=off"
    subprocess.run([*prefix, str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-w", "start",
                    "-l", str(base / "log")], check=True, capture_output=True, env=env)
    try:
        yield str(sockets)
    finally:
        subprocess.run([*prefix, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, env=env)
        shutil.rmtree(base, ignore_errors=True)


def _change(sha: str, when: datetime) -> Change:
    person = Person("Ada Lovelace", "ada@example.invalid")
    return Change(
        sha=sha, title=f"Fix {sha}", body="", trailers={"Approved by": ["x"]}, authors=[person],
        committer=person, landed_at=when, authored_at=when, files=[], added=1, deleted=0,
        parents=["p" + sha],
    )


def test_the_same_catalogue_code_runs_on_postgresql(postgres: str) -> None:
    connection = psycopg.connect(host=postgres, user="postgres", dbname="postgres", autocommit=True)
    catalogue = Catalogue(connection, dialect="postgresql")
    try:
        assert catalogue.schema_version == SCHEMA_VERSION
        Catalogue(connection, dialect="postgresql")  # opening again migrates nothing
        when = datetime(2026, 9, 19, 12, tzinfo=UTC)
        catalogue.bind_repository("/repo", "parser-1")
        catalogue.put_changes("/repo", [_change("a1", when), _change("b2", when)])
        catalogue.put_changes("/repo", [_change("a1", when)])  # upsert, not a duplicate
        assert catalogue.count_changes("/repo") == 2
        moment = int(when.timestamp())
        links, changes = catalogue.cached_window("/repo", moment, moment, moment + 1)
        assert links == {"a1": (("pa1",), moment), "b2": (("pb2",), moment)}
        assert changes["a1"] == _change("a1", when)
        catalogue.bind_repository("/repo", "parser-2")  # a new parser forgets old parses
        assert catalogue.count_changes("/repo") == 0

        window = Window(since=when, until=when)
        script = Script(show="Demo", title="t", summary="s", window=window, sections=[])
        episode = Episode(show="demo", slug="2026-09-19", kind="daily", title="Demo: A Day",
                          summary="s", published_at=when, window=window, script=script)
        catalogue.put_episode(episode)
        catalogue.put_episode(episode)
        assert catalogue.episodes("demo") == [episode]
    finally:
        catalogue.close()
