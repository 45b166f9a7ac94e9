"""The voice stage: a Script in, ``episode.mp3`` and its timings out.

Two streaming passes over a scratch spill, one piece of speech in memory at a time:
1. synthesise (in parallel); trim, pause and fade each piece; limit its peaks against
   the running estimate of the episode's gain; measure loudness; spill;
2. apply the one gain that lands on the target loudness, encode to MP3, tag it.
The MP3 is written in a scratch directory next to its destination and renamed into
place, so an ``episode.mp3`` that exists is always complete.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import StageError, UserError
from ..model import Audio, Script
from ..window import first_day
from .engine import EngineSpec
from .loudness import Leveler, limit
from .mp3 import (
    ENCODER_DELAY,
    OUTPUT_RATE,
    Mp3Writer,
    Tags,
    check_artwork,
    count_frames,
    write_tags,
)
from .piper_engine import PiperSpec
from .pool import synthesize_all
from .text import Piece, scripts_for_language, speech_pieces
from .timeline import Pacing, Timeline

__all__ = ["Mastering", "voice_script", "render", "MP3_NAME"]

MP3_NAME = "episode.mp3"

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Mastering:
    """Loudness and encoding targets (the usual podcast ones by default)."""

    target_lufs: float = -16.0  # integrated, ITU-R BS.1770
    ceiling_dbtp: float = -1.5  # true-peak ceiling before encoding; MP3 encoding adds up to ~1 dB of overshoot
    limiter_margin_db: float = 0.5  # headroom for the running gain estimate to be a little low
    bitrate: int = 96  # kbit/s, constant, mono: the low end of Apple's recommended 96-128
    sample_rate: int = OUTPUT_RATE  # Hz of the MP3 (Apple's minimum); the voice's own rate is resampled


def voice_script(
    script: Script,
    out_dir: Path,
    *,
    voice: Path | None = None,
    length_scale: float = 1.0,
    workers: int | None = None,
    artwork: Path | None = None,
    progress: Progress | None = None,
    pacing: Pacing | None = None,
    mastering: Mastering | None = None,
) -> Audio:
    """Voice ``script`` with Piper into ``out_dir/episode.mp3``; returns its timings."""
    return render(
        script,
        Path(out_dir),
        PiperSpec.for_voice(voice, length_scale),
        workers=workers,
        artwork=Path(artwork) if artwork is not None else None,
        progress=progress,
        pacing=pacing,
        mastering=mastering,
    )


def render(
    script: Script,
    out_dir: Path,
    spec: EngineSpec,
    *,
    workers: int | None = None,
    artwork: Path | None = None,
    progress: Progress | None = None,
    pacing: Pacing | None = None,
    mastering: Mastering | None = None,
) -> Audio:
    """Voice ``script`` with the engine ``spec`` describes (see :func:`voice_script`)."""
    master = mastering or Mastering()
    sample_rate, pieces = _plan(script, spec, artwork)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create output directory {out_dir}: {exc.strerror}") from exc
    with tempfile.TemporaryDirectory(prefix=".voice-", dir=out_dir) as scratch:
        scratch_mp3 = Path(scratch) / MP3_NAME
        with open(Path(scratch) / "speech.f32", "w+b") as spill:
            timeline = Timeline(spill, sample_rate, pacing or Pacing())
            leveler = Leveler(sample_rate, master.target_lufs, master.ceiling_dbtp, master.limiter_margin_db)
            peaks = _speak(spec, pieces, timeline, leveler, workers, progress)
            gain = _final_gain(timeline, leveler, peaks)
            with Mp3Writer(scratch_mp3, sample_rate, master.bitrate, out_rate=master.sample_rate) as writer:
                for segment, samples in timeline.read_all():
                    writer.write_silence(segment.silence)
                    writer.write(samples * gain)
                writer.write_silence(timeline.tail)
        frames = count_frames(scratch_mp3)
        delay = ENCODER_DELAY * sample_rate / frames.sample_rate  # in the voice's samples
        chapters = timeline.chapters(script, delay, frames.duration)
        day = first_day(script.window)
        tags = Tags(script.title, script.show, day, script.summary, tuple(chapters), artwork, frames.duration)
        write_tags(scratch_mp3, tags)
        target = out_dir / MP3_NAME
        os.replace(scratch_mp3, target)
    return Audio(
        path=MP3_NAME,
        duration=frames.duration,
        size=target.stat().st_size,
        sample_rate=frames.sample_rate,
        sentences=timeline.sentence_timings(script, delay),
        chapters=chapters,
    )


def _plan(script: Script, spec: EngineSpec, artwork: Path | None) -> tuple[int, list[Piece]]:
    """Check everything the user gave before any work: the sample rate and the pieces to say."""
    if not script.sentences:
        raise UserError("the script has no sentences to voice")
    sample_rate, language = spec.check()
    if artwork is not None:
        check_artwork(artwork)
    pieces = speech_pieces(script, scripts=scripts_for_language(language))
    if not pieces:
        raise UserError("nothing in the script can be spoken: every sentence is empty once cleaned")
    return sample_rate, pieces


def _speak(
    spec: EngineSpec,
    pieces: list[Piece],
    timeline: Timeline,
    leveler: Leveler,
    workers: int | None,
    progress: Progress | None,
) -> list[float]:
    """Pass 1: synthesise every piece into the timeline, levelled; returns each segment's peak."""
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress:
            progress(done, len(pieces))

    peaks: list[float] = []
    speeches = synthesize_all(spec, [p.text for p in pieces], workers=workers, on_done=tick)
    for piece, speech in zip(pieces, speeches, strict=True):
        if speech.sample_rate != timeline.sample_rate:
            raise StageError(f"the voice changed sample rate mid-episode ({speech.sample_rate} Hz)")
        voiced = timeline.prepare(speech.samples)
        if len(voiced):
            silence = timeline.pause_before(piece)
            levelled, peak = leveler.level(voiced, silence)
            timeline.add(piece, levelled, silence)
            peaks.append(peak)
    if not timeline.segments:
        raise StageError("the voice produced only silence for this script")
    timeline.finish()
    return peaks


def _final_gain(timeline: Timeline, leveler: Leveler, peaks: list[float]) -> float:
    """The episode's gain to the target; segments it would push past the ceiling are
    re-limited in the spill first (few: only those the running estimate under-limited)."""
    gain = leveler.gain()
    for n, segment in enumerate(timeline.segments):
        if leveler.needs_relimit(peaks[n], gain):
            limited, peaks[n] = limit(timeline.read(segment), leveler.ceiling / gain, timeline.sample_rate)
            timeline.rewrite(segment, limited)
    return min(gain, leveler.ceiling / max(peaks))
