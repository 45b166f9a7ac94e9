"""Helpers for the voice tests: hand-built scripts, a fast fake engine, an MP3 decoder."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from commitcast.errors import StageError
from commitcast.model import Script, Section, Sentence, Window
from commitcast.voice.engine import Speech

RATE = 22050


def build_script(sections: Sequence[tuple[str, Sequence[str]] | tuple[str, Sequence[str], str]]) -> Script:
    """A Script from (title, sentences[, url]) tuples."""
    window = Window(since=datetime(2026, 9, 19, tzinfo=UTC), until=datetime(2026, 9, 20, tzinfo=UTC))
    built = [
        Section(
            kind="story",
            title=spec[0],
            sentences=[Sentence(text=t) for t in spec[1]],
            url=spec[2] if len(spec) > 2 else None,
        )
        for spec in sections
    ]
    return Script(show="PyTorch", title="PyTorch: A Test Day", summary="A test episode.", window=window, sections=built)


class ToneEngine:
    """Speaks every text as a tone whose length grows with the text: fast and deterministic."""

    sample_rate = RATE
    language = "en-us"

    def __init__(self, fail_on: str | None) -> None:
        self.fail_on = fail_on

    def synthesize(self, texts: Sequence[str]) -> Iterator[Speech]:
        for text in texts:
            if self.fail_on and self.fail_on in text:
                raise StageError("tone engine broke on purpose")
            n = int(RATE * min(3.0, 0.2 + 0.01 * len(text)))
            t = np.arange(n) / RATE
            # Speech-like: a 220 Hz tone with a syllable-rate envelope, edges padded with silence.
            tone = 0.3 * np.sin(2 * np.pi * 220 * t) * (0.6 + 0.4 * np.sin(2 * np.pi * 4 * t))
            pad = np.zeros(RATE // 10)
            yield Speech(np.concatenate([pad, tone, pad]).astype(np.float32), RATE)


@dataclass(frozen=True)
class ToneSpec:
    """EngineSpec of :class:`ToneEngine`."""

    fail_on: str | None = None
    speaker: str | None = "Tone"

    def check(self) -> tuple[int, str]:
        return RATE, "en-us"

    def health(self, repair: bool = False) -> str:
        return "tone loads"

    def prepare(self) -> None:
        pass

    def load(self, threads: int | None = None) -> ToneEngine:
        return ToneEngine(self.fail_on)


def decode_mp3(path: Path) -> tuple[np.ndarray, int]:
    """All samples a decoder (FFmpeg via PyAV) outputs for ``path``, and the rate."""
    av = pytest.importorskip("av")
    with av.open(str(path)) as container:
        stream = container.streams.audio[0]
        frames = [frame.to_ndarray().reshape(-1) for frame in container.decode(stream)]
        return np.concatenate(frames).astype(np.float64), stream.rate


@pytest.fixture(scope="session")
def script_of() -> Callable[..., Script]:
    return build_script


@pytest.fixture(scope="session")
def tone_spec() -> type[ToneSpec]:
    return ToneSpec


@pytest.fixture(scope="session")
def decode() -> Callable[[Path], tuple[np.ndarray, int]]:
    return decode_mp3
