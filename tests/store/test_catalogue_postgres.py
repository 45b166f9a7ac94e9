"""The catalogue's SQL runs on PostgreSQL as well as SQLite (a hosted fleet's catalogue).

The test starts a throw-away PostgreSQL server on a Unix socket in a temp dir; it skips when
the server binaries (Debian's ``postgresql`` package, which ``.ci/run`` installs) are absent.
"""

from __future__ import annotations

import json
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


@pytest.mark.tts
def test_two_drivers_backfill_two_shows_into_one_postgresql_catalogue(postgres: str, tmp_path: Path) -> None:
    """The fleet recipe of docs/scaling.md: `catalogue = "postgresql://…"` in the configuration,
    and one `backfill` driver per show, both at once, on a catalogue neither has opened before."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "runner"))
    from runner_helpers import TINY, build_repo, show_toml, start_cli

    connection = psycopg.connect(host=postgres, user="postgres", dbname="postgres", autocommit=True)
    connection.execute("CREATE DATABASE fleet")
    connection.close()
    url = f"postgresql://postgres@/fleet?host={postgres}"
    build_repo(tmp_path / "alpha", TINY)
    build_repo(tmp_path / "beta", TINY[1:3])
    (tmp_path / "commitcast.toml").write_text(
        f'catalogue = "{url}"\n'
        + show_toml("Alpha", "alpha", quiet_policy="skip", github=False)
        + show_toml("Beta", "beta", quiet_policy="skip", github=False)
    )
    drivers = [
        start_cli(["backfill", slug, "--since", "2025-03-24", "--until", "2025-03-27", "--workers", "1", "--json"], tmp_path)
        for slug in ("alpha", "beta")
    ]
    for driver in drivers:
        out, err = driver.communicate()
        assert driver.returncode == 0, err
        assert json.loads(out)["failed"] == []
    with Catalogue.connect(url) as catalogue:
        assert [e.slug for e in catalogue.episodes("alpha")] == ["2025-03-24", "2025-03-26"]
        assert [e.slug for e in catalogue.episodes("beta")] == ["2025-03-24"]
        assert catalogue.count_changes(os.path.realpath(tmp_path / "alpha" / ".git")) == 4  # the change cache too
    assert not list(tmp_path.rglob("catalogue.sqlite"))  # nothing went to a SQLite catalogue
    shows = subprocess.run(
        [str(Path(sys.executable).with_name("commitcast")), "shows", "--json"], cwd=tmp_path,
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert {row["slug"]: row["episodes"] for row in json.loads(shows.stdout)} == {"alpha": 2, "beta": 1}
