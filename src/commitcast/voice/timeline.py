"""Laying synthesised pieces end to end: trims, pauses, fades and sample-exact timings.

Speech is spilled to a scratch file as it arrives (raw float32), with only the layout
(where each piece sits and how much silence precedes it) kept in memory; the loudness
and encoding passes then read it back one piece at a time.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import BinaryIO

import numpy as np

from ..model import Chapter, Script, SentenceTiming
from .text import Piece

__all__ = ["Pacing", "Segment", "Part", "Timeline", "trim", "fade", "read_segment"]


@dataclass(frozen=True)
class Pacing:
    """Pauses and edges, in seconds."""

    lead_in: float = 0.4  # before the first word
    clause_pause: float = 0.18  # between the pieces of one long sentence
    sentence_pause: float = 0.45
    section_pause: float = 1.1  # between sections (stories)
    tail: float = 1.0  # after the last word
    fade: float = 0.008  # every piece fades in and out so joins never click
    margin: float = 0.03  # kept around the voiced part when trimming
    silence_db: float = -48.0  # below this (dBFS) a piece's edges count as silence


@dataclass(frozen=True)
class Segment:
    """A piece of speech in the program: silence before it, then its samples."""

    silence: int  # zero samples before the speech
    offset: int  # start of the speech in the program, in samples
    length: int  # samples of speech
    spill_at: int  # byte offset in the spill file
    opens_sentence: bool = True  # False for the second and later clauses of a long sentence


@dataclass(frozen=True)
class Part:
    """A stretch of the program that is encoded on its own: whole sentences, with the silence
    before them (``lead``, the first one's) and after them (``tail``, the program's, for the last)."""

    segments: tuple[Segment, ...]
    lead: int
    tail: int = 0

    @property
    def samples(self) -> int:
        """Samples of audio the part holds."""
        inner = sum(s.silence + s.length for s in self.segments[1:])
        return self.lead + self.segments[0].length + inner + self.tail


def read_segment(spill: BinaryIO, segment: Segment) -> np.ndarray:
    """The samples of ``segment`` as spilled in ``spill``."""
    spill.seek(segment.spill_at)
    return np.frombuffer(spill.read(segment.length * 4), dtype="<f4").astype(np.float32)


def trim(samples: np.ndarray, threshold: float, margin: int) -> np.ndarray:
    """``samples`` without the silence at either end (keeping ``margin`` samples of it)."""
    loud = np.flatnonzero(np.abs(samples) > threshold)
    if not len(loud):
        return samples[:0]
    return samples[max(0, loud[0] - margin) : loud[-1] + 1 + margin]


def fade(samples: np.ndarray, length: int) -> np.ndarray:
    """A copy of ``samples`` with raised-cosine fades of ``length`` samples at both ends."""
    out = np.array(samples, dtype=np.float32)
    n = min(length, len(out) // 2)
    if n:
        ramp = (0.5 - 0.5 * np.cos(np.linspace(0.0, np.pi, n, endpoint=False))).astype(np.float32)
        out[:n] *= ramp
        out[-n:] *= ramp[::-1]
    return out


@dataclass
class _Spoken:
    """Sample range of one written sentence."""

    section: int
    index: int
    start: int
    end: int


@dataclass
class Timeline:
    """The episode as silence + speech segments, spilled to ``spill``."""

    spill: BinaryIO
    sample_rate: int
    pacing: Pacing = field(default_factory=Pacing)
    segments: list[Segment] = field(default_factory=list, init=False)
    length: int = field(default=0, init=False)  # samples so far (tail included once finished)
    _spoken: list[_Spoken] = field(default_factory=list, init=False)
    _last: Piece | None = field(default=None, init=False)
    _tail: int = field(default=0, init=False)

    def _samples(self, seconds: float) -> int:
        return round(seconds * self.sample_rate)

    def prepare(self, samples: np.ndarray) -> np.ndarray:
        """A piece's speech trimmed of its silent edges and faded in and out (may be empty)."""
        p = self.pacing
        voiced = trim(samples, 10 ** (p.silence_db / 20), self._samples(p.margin))
        return fade(voiced, self._samples(p.fade)) if len(voiced) else voiced

    def pause_before(self, piece: Piece) -> int:
        """Zero samples between the previous piece placed and ``piece``."""
        last, p = self._last, self.pacing
        if last is None:
            return self._samples(p.lead_in)
        if (last.section, last.index) == (piece.section, piece.index):
            return self._samples(p.clause_pause)
        return self._samples(p.sentence_pause if last.section == piece.section else p.section_pause)

    def add(self, piece: Piece, samples: np.ndarray, silence: int) -> Segment:
        """Place ``samples`` (prepared speech for ``piece``) after ``silence`` zero samples."""
        self.spill.seek(0, os.SEEK_END)
        current = self._spoken[-1] if self._spoken else None  # the sentence ``piece`` goes on with, if any
        if current is not None and (current.section, current.index) != (piece.section, piece.index):
            current = None
        segment = Segment(silence, self.length + silence, len(samples), self.spill.tell(), current is None)
        self.spill.write(samples.astype("<f4").tobytes())
        self.segments.append(segment)
        self.length = segment.offset + segment.length
        if current is not None:
            current.end = self.length
        else:
            self._spoken.append(_Spoken(piece.section, piece.index, segment.offset, self.length))
        self._last = piece
        return segment

    def finish(self) -> int:
        """Close the program with the tail of silence; returns its samples."""
        self._tail = self._samples(self.pacing.tail)
        self.length += self._tail
        return self._tail

    @property
    def tail(self) -> int:
        """Zero samples after the last segment."""
        return self._tail

    def read(self, segment: Segment) -> np.ndarray:
        """The samples of ``segment`` as spilled."""
        return read_segment(self.spill, segment)

    def rewrite(self, segment: Segment, samples: np.ndarray) -> None:
        """Replace the spilled samples of ``segment`` (same length)."""
        self.spill.seek(segment.spill_at)
        self.spill.write(samples.astype("<f4").tobytes())

    def parts(self, seconds: float, overhead: Callable[[int], int]) -> list[Part]:
        """The finished program cut into parts of about ``seconds`` each, before sentences.

        Each part is encoded on its own, and an encoded part is ``overhead(samples)`` samples
        longer than its input (the encoder's delay and padding); that much is taken from the
        silence that opens the next part, so the pause heard there stays as laid out."""
        size = round(seconds * self.sample_rate)
        groups: list[list[Segment]] = [[]]
        for segment in self.segments:
            group = groups[-1]
            if group and segment.opens_sentence and segment.offset - group[0].offset >= size:
                groups.append([segment])
            else:
                group.append(segment)
        parts: list[Part] = []
        for n, group in enumerate(groups):
            lead = group[0].silence if not parts else max(0, group[0].silence - overhead(parts[-1].samples))
            parts.append(Part(tuple(group), lead, self.tail if n == len(groups) - 1 else 0))
        return parts

    @staticmethod
    def _moved(position: int, shifts: Sequence[tuple[int, float]]) -> float:
        """The shift of the last ``(from_position, shift)`` at or before ``position``."""
        return next((shift for start, shift in reversed(shifts) if start <= position), 0.0)

    def sentence_timings(
        self, script: Script, offset: float, shifts: Sequence[tuple[int, float]] = ()
    ) -> list[SentenceTiming]:
        """Where every spoken sentence sits, in seconds: program samples ``offset`` later in the
        decoded audio, and each ``(from_position, shift)`` of ``shifts`` moving what follows it."""
        return [
            SentenceTiming(
                section=s.section,
                index=s.index,
                start=(s.start + offset + self._moved(s.start, shifts)) / self.sample_rate,
                end=(s.end + offset + self._moved(s.end - 1, shifts)) / self.sample_rate,
                text=script.sections[s.section].sentences[s.index].text,
            )
            for s in self._spoken
        ]

    def chapters(
        self, script: Script, offset: float, duration: float, shifts: Sequence[tuple[int, float]] = ()
    ) -> list[Chapter]:
        """One chapter per section that was heard, tiling ``[0, duration]``."""
        starts: list[tuple[int, float]] = []
        for s in self._spoken:
            if not starts or starts[-1][0] != s.section:
                starts.append((s.section, (s.start + offset + self._moved(s.start, shifts)) / self.sample_rate))
        chapters: list[Chapter] = []
        for n, (section, start) in enumerate(starts):
            end = starts[n + 1][1] if n + 1 < len(starts) else duration
            info = script.sections[section]
            chapters.append(Chapter(title=info.title, start=0.0 if n == 0 else start, end=end, url=info.url))
        return chapters
