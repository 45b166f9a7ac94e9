"""One run per show at a time: a lock file in the state directory."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from .errors import StageError, UserError

__all__ = ["check_wait", "show_lock"]


def check_wait(wait: float) -> float:
    """``wait`` when it is a number of seconds a lock can be waited for, else a UserError."""
    if not wait >= 0:  # also false for NaN
        raise UserError(f"--wait must be a number of seconds, 0 or more (not {wait})")
    return wait


@contextmanager
def show_lock(state_dir: Path, slug: str, *, wait: float = 0.0) -> Iterator[None]:
    """Hold the show's lock; after ``wait`` seconds of another run holding it, fail clearly."""
    check_wait(wait)
    path = Path(state_dir) / "locks" / f"{slug}.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(path)
    try:
        lock.acquire(timeout=wait)
    except Timeout as exc:
        raise StageError(
            f"another commitcast run is working on show '{slug}' (lock {path}); "
            "wait for it to finish or pass --wait SECONDS"
        ) from exc
    try:
        yield
    finally:
        lock.release()
