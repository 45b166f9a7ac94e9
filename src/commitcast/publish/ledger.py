"""The publish ledger: what the last publish made and from what, so a run redoes only what changed.

A site is made of units: one episode's media, its pages, the show page with the episode list,
the feed, one month of the search index. For each the ledger keeps a fingerprint of everything
the unit is made from, and the size and modification time of every file it made. A run makes a
unit again only when its fingerprint differs or one of its files is not as the ledger left it
(gone, or changed by hand); the rest it does not even read.

The ledger is the publisher's bookkeeping, not part of the site: a dot-file, which ``commitcast
serve`` never serves. It is written last. A run deletes it before its first change to the
site, so a run that dies midway leaves none, and the next one then checks every file by its
bytes as a first publish does.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from .fsio import write_bytes

__all__ = ["LEDGER", "Ledger", "fingerprint", "code_fingerprint"]

LEDGER = ".commitcast-ledger.json"
_FORMAT = 1
# What shapes the site's bytes besides the episodes and the show: the publisher's own code and
# templates, the modules it renders with, and the libraries that write HTML, XML, images and JSON.
_SOURCES = ("publish", "model.py", "window.py", "untrusted.py", "sources.py", "ingest/forge.py")
_LIBRARIES = ("jinja2", "markupsafe", "lxml", "pillow", "msgspec", "mutagen")


def fingerprint(*parts: str | bytes) -> str:
    """A digest of ``parts`` in order (each length-prefixed, so no two lists of parts collide)."""
    data = [part.encode() if isinstance(part, str) else part for part in parts]
    # SHA-256 rather than BLAKE2: CPUs with SHA extensions hash it twice as fast.
    return hashlib.sha256(b"".join(len(d).to_bytes(8, "little") + d for d in data)).hexdigest()[:32]


@cache
def _library_versions() -> str:
    return " ".join(f"{name}={metadata.version(name)}" for name in _LIBRARIES)


def code_fingerprint() -> str:
    """A digest of the code and libraries that turn episodes into files: when any of them
    changes (an upgrade, a template edited), every unit is made again."""
    package = Path(__file__).resolve().parents[1]
    files: list[Path] = []
    for name in _SOURCES:
        path = package / name
        files += sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts) if path.is_dir() else [path]
    parts: list[str | bytes] = [_library_versions()]
    for path in files:
        parts += [path.relative_to(package).as_posix(), path.read_bytes()]
    return fingerprint(*parts)


# A unit as the ledger keeps it: [fingerprint, [path, size, mtime in ns, path, …], data], with
# data what its maker wants back while it stands (JSON, or None). Flat lists, so that reading
# a ledger of thousands of files makes few objects for Python's collector to walk.
_Unit = list[Any]


class Ledger:
    """The units of a site: those the last run made (read from ``site_dir``) and this run's."""

    def __init__(self, site_dir: Path, code: str) -> None:
        self.path = site_dir / LEDGER
        self.code = code
        self._root = f"{site_dir}{os.sep}"
        self._text: bytes | None = None  # the ledger file as found
        self._before: dict[str, _Unit] = {}
        self._now: dict[str, _Unit] = {}
        self._dropped = False
        try:
            self._text = self.path.read_bytes()
            data = json.loads(self._text)
            if data["format"] == _FORMAT and data["code"] == code:
                units = data["units"]
                if all(isinstance(u, list) and len(u) == 3 and isinstance(u[1], list) and len(u[1]) % 3 == 0 for u in units.values()):
                    self._before = units
        except FileNotFoundError:
            pass
        except (OSError, ValueError, KeyError, TypeError, AttributeError):  # unreadable: as if there were none
            self._before = {}

    @property
    def usable(self) -> bool:
        """Whether the last run's units are known: it finished (so it left no temp file either)
        and left its ledger, made by this code."""
        return bool(self._before)

    def _as_left(self, files: list[Any]) -> bool:
        for i in range(0, len(files), 3):
            try:
                stat = os.stat(self._root + files[i])
            except (OSError, TypeError):
                return False
            if stat.st_size != files[i + 1] or stat.st_mtime_ns != files[i + 2]:
                return False
        return True

    def needs(self, name: str, fingerprint: str) -> bool:
        """Whether unit ``name`` must be made (again) from what ``fingerprint`` sums up; when
        not, it is carried into this run's ledger as it was."""
        unit = self._before.get(name)
        if unit is not None and unit[0] == fingerprint and self._as_left(unit[1]):
            self._now[name] = unit
            return False
        self.changing()
        return True

    def made(self, name: str, fingerprint: str, files: Iterable[str], data: Any = None) -> None:
        """Record that unit ``name`` was made from ``fingerprint`` into ``files`` (site-relative),
        with ``data`` (JSON) to give back while it stands."""
        stats: list[Any] = []
        for rel in files:
            stat = os.stat(self._root + rel)
            stats += [rel, stat.st_size, stat.st_mtime_ns]
        self._now[name] = [fingerprint, stats, data]

    def files(self, name: str, *, before: bool = False) -> list[str]:
        """The files of unit ``name`` as this run made or kept it (or, ``before``, as the last run left it)."""
        unit = (self._before if before else self._now).get(name)
        return list(unit[1][0::3]) if unit else []

    def data(self, name: str, *, before: bool = False) -> Any:
        """The data of unit ``name`` as this run made or kept it (or, ``before``, as the last run left it)."""
        unit = (self._before if before else self._now).get(name)
        return unit[2] if unit else None

    def gone(self, prefix: str) -> list[str]:
        """The units named ``prefix…`` the last run made and this run has not."""
        return [name for name in self._before if name.startswith(prefix) and name not in self._now]

    def changing(self) -> None:
        """Delete the last run's ledger before the site changes (:meth:`needs` does it for the
        units it says to make), so a crash from here on leaves none that vouches for files it
        no longer describes."""
        if self._dropped:
            return
        self._dropped = True
        if self._text is not None:
            self.path.unlink(missing_ok=True)
            fd = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)

    def save(self) -> None:
        """Write this run's ledger (unless it is the one found, byte for byte)."""
        if not self._dropped and self._now.keys() == self._before.keys():
            return  # every unit kept as it was: the ledger found is this run's
        units = dict(sorted(self._now.items()))
        data = json.dumps({"format": _FORMAT, "code": self.code, "units": units}, separators=(",", ":")).encode()
        if data != self._text:
            write_bytes(self.path, data)
