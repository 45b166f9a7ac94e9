"""Atomic, idempotent file writes: temp file + rename, and only when the bytes differ."""

from __future__ import annotations

import filecmp
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO

__all__ = ["write_bytes", "copy_file"]

_MODE = 0o644  # mkstemp makes 0600 files, which a web server could not read


def _replace(path: Path, fill: Callable[[IO[bytes]], object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            fill(out)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, _MODE)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_bytes(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` atomically unless it already holds exactly that; True if written."""
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return False
    except FileNotFoundError:
        pass
    _replace(path, lambda out: out.write(data))
    return True


def copy_file(src: Path, dst: Path) -> bool:
    """Copy ``src`` to ``dst`` atomically unless ``dst`` already has its bytes; True if copied."""
    if src.resolve() == dst.resolve():
        return False
    try:
        s, d = src.stat(), dst.stat()
        # rsync's quick check (same size and mtime, which the copy below carries over),
        # so a re-run does not read every MP3 of the show; else compare the bytes.
        if s.st_size == d.st_size and (s.st_mtime_ns == d.st_mtime_ns or filecmp.cmp(src, dst, shallow=False)):
            return False
    except FileNotFoundError:
        pass

    def fill(out: IO[bytes]) -> None:
        with src.open("rb") as f:
            shutil.copyfileobj(f, out, 1 << 20)

    _replace(dst, fill)
    os.utime(dst, ns=(src.stat().st_atime_ns, src.stat().st_mtime_ns))
    return True
