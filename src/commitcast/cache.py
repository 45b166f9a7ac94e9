"""Content-addressed cache of stage artifacts in the state directory.

A stage's output is stored under a key made of the stage's name and version and the bytes of
its inputs, so a re-run with the same inputs skips the work and a change anywhere upstream (or
in the stage's code version) misses the cache and redoes only what follows.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import TypeVar

from .model import Artifact

__all__ = ["ArtifactCache", "stage_key", "write_atomic", "probe_writable", "user_cache_dir"]

A = TypeVar("A", bound=Artifact)


def user_cache_dir() -> Path:
    """Where derived files shared by every show live (prepared voices):
    ``$COMMITCAST_CACHE_DIR``, else ``$XDG_CACHE_HOME/commitcast``, else ``~/.cache/commitcast``."""
    if explicit := os.environ.get("COMMITCAST_CACHE_DIR"):
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "commitcast"


def stage_key(stage: str, version: str, *inputs: bytes | str) -> str:
    """Hex digest identifying one stage run by its code version and its inputs."""
    digest = hashlib.sha256(f"{stage}\0{version}\0".encode())
    for part in inputs:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()[:32]


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename: never half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def probe_writable(directory: Path) -> None:
    """Create ``directory`` if needed and write (then remove) a file in it; raises OSError if it cannot."""
    directory.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=directory, prefix=".commitcast-probe-"):
        pass


class ArtifactCache:
    """Artifacts stored as JSON files ``<root>/<stage>/<key>.json``."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)

    def path(self, stage: str, key: str) -> Path:
        """Where the artifact of ``stage`` with ``key`` lives."""
        return self.root / stage / f"{key}.json"

    def get(self, stage: str, key: str, kind: type[A]) -> A | None:
        """The cached artifact, or None when absent or unreadable (then it is remade)."""
        try:
            return kind.from_json(self.path(stage, key).read_bytes())
        except (OSError, ValueError):
            return None

    def put(self, stage: str, key: str, artifact: Artifact) -> None:
        """Store ``artifact`` atomically."""
        write_atomic(self.path(stage, key), artifact.to_json())
