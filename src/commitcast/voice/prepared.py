"""A Piper voice as worker sessions load it, built once per model and kept in the user cache.

The copy has its random nodes rewritten for deterministic noise (``noise.py``), has had
onnxruntime's graph fusions applied already, and keeps its weights in a separate file
that onnxruntime memory-maps. Measured on the bundled voice: a session starts in 0.12 s
instead of 1.15 s, and the weights' 62 MB are one copy in the page cache shared by every
worker instead of a private copy (plus transient ones) in each.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

from ..cache import user_cache_dir
from .noise import make_noise_deterministic

__all__ = ["prepared_model", "PREPARED_VERSION"]

PREPARED_VERSION = "1"  # bump when the rewrite or the way the copy is saved changes
_MODEL = "model.onnx"
_WEIGHTS = "weights.bin"


def prepared_model(model: Path, cache_root: Path | None = None) -> Path | None:
    """The prepared copy of ``model`` (built now if missing); None when no cache directory
    is writable, in which case the caller prepares the model in memory instead."""
    stat = model.stat()
    root = (cache_root or user_cache_dir()) / "voices"
    final = root / _key(str(model.resolve()), stat.st_size, stat.st_mtime_ns)
    if _complete(final):
        return final / _MODEL
    try:
        root.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=".build-", dir=root))
    except OSError:
        return None
    try:
        _build(model, scratch)
        if final.exists():  # a copy missing a file (deleted by hand): replace it
            shutil.rmtree(final, ignore_errors=True)
        try:
            os.rename(scratch, final)  # the directory appears whole or not at all
        except OSError:
            if not _complete(final):  # not another process winning the race
                raise
    except OSError:
        return None
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return final / _MODEL


def _complete(directory: Path) -> bool:
    return (directory / _MODEL).is_file() and (directory / _WEIGHTS).is_file()


def deterministic_model_bytes(model: Path) -> bytes:
    """The rewritten model in memory, for when nothing can be cached."""
    import onnx

    proto = onnx.load(str(model))
    make_noise_deterministic(proto)
    return proto.SerializeToString()


@lru_cache(maxsize=8)
def _key(path: str, size: int, mtime_ns: int) -> str:
    """Content hash of the model (memoised per file version), with everything else the copy depends on."""
    import onnxruntime

    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        while block := stream.read(1 << 20):
            digest.update(block)
    digest.update(f"|{PREPARED_VERSION}|{onnxruntime.__version__}".encode())
    return digest.hexdigest()[:32]


def _build(model: Path, into: Path) -> None:
    import onnxruntime

    options = onnxruntime.SessionOptions()
    # Only the fusions every CPU understands; layout changes for this CPU happen at load.
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
    options.optimized_model_filepath = str(into / _MODEL)
    options.add_session_config_entry(
        "session.optimized_model_external_initializers_file_name", _WEIGHTS
    )
    options.add_session_config_entry(
        "session.optimized_model_external_initializers_min_size_in_bytes", "1024"
    )
    options.log_severity_level = 3
    onnxruntime.InferenceSession(
        deterministic_model_bytes(model), sess_options=options, providers=["CPUExecutionProvider"]
    )
