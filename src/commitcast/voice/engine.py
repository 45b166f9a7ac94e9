"""The interface every TTS engine implements (Piper now; an HTTP engine can be added later).

An engine is described by a small, picklable, hashable *spec* so a worker process can
build its own copy once (the spec is the cache key) and keep it for every task.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

__all__ = ["Speech", "Engine", "EngineSpec"]


@dataclass(frozen=True)
class Speech:
    """Audio for one piece of text: mono float32 samples in [-1, 1]."""

    samples: np.ndarray
    sample_rate: int

    @property
    def duration(self) -> float:
        """Length in seconds."""
        return len(self.samples) / self.sample_rate


@runtime_checkable
class Engine(Protocol):
    """A loaded voice: text in, audio out."""

    sample_rate: int
    language: str  # espeak-style code such as "en-us"; decides which scripts are readable

    def synthesize(self, texts: Sequence[str]) -> Iterator[Speech]:
        """One :class:`Speech` per text, in order (empty samples when a text yields no sound)."""
        ...


class EngineSpec(Protocol):
    """What it takes to build an engine: cheap to pickle, hashable, validated before use."""

    @property
    def speaker(self) -> str | None:
        """The voice's speaker as transcripts name them ("Joe"), or None when the voice does not say."""
        ...

    def __hash__(self) -> int: ...  # engines are cached per spec

    def check(self) -> tuple[int, str]:
        """Validate without loading the model: ``(sample_rate, language)``, or raise UserError."""
        ...

    def prepare(self) -> None:
        """Do once, before workers start, what each worker's ``load`` would otherwise repeat."""
        ...

    def load(self, threads: int | None = None) -> Engine:
        """Build the engine (``threads``: CPU threads it may use; None for its default)."""
        ...

    def health(self, repair: bool = False) -> str:
        """Load the engine once and say how it loads; ``repair`` first checks and rebuilds what
        the engine keeps on disk. Raises what loading raises."""
        ...
