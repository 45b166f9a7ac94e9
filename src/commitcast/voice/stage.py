"""The voice stage: a Script in, ``episode.mp3`` and its timings out.

Two streaming passes over a scratch spill, one piece of speech in memory at a time:
1. synthesise (in parallel); trim, pause and fade each piece; limit its peaks against
   the running estimate of the episode's gain; measure loudness; spill;
2. apply the one gain that lands on the target loudness and encode to MP3, in parts of
   about half a minute that the workers encode side by side, longest first, and that are
   joined in order; tag it.
The MP3 is written in a scratch directory next to its destination and renamed into
place, so an ``episode.mp3`` that exists is always complete.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..errors import StageError, UserError
from ..model import Audio, Script
from ..window import first_day
from .engine import EngineSpec, Speech
from .mp3 import (
    ENCODER_DELAY,
    OUTPUT_RATE,
    Mp3Writer,
    Tags,
    check_artwork,
    count_frames,
    encoded_length,
    write_tags,
)
from .piper_engine import PiperSpec
from .pool import SpeechPool
from .resample import upsampled_blocks
from .text import Piece, scripts_for_language, speech_pieces
from .timeline import Pacing, Part, Timeline, read_segment

if TYPE_CHECKING:
    from .loudness import Leveler

__all__ = ["Mastering", "voice_script", "render", "MP3_NAME"]

MP3_NAME = "episode.mp3"
_WRITE_BLOCK = 1 << 16  # samples handed to the encoder at a time
PART_SECONDS = 30.0  # audio per separately encoded part: enough parts to keep every worker busy

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Mastering:
    """Loudness and encoding targets (the usual podcast ones by default)."""

    target_lufs: float = -16.0  # integrated, ITU-R BS.1770
    ceiling_dbtp: float = -1.5  # true-peak ceiling before encoding; MP3 encoding adds up to ~1 dB of overshoot
    limiter_margin_db: float = 0.5  # headroom for the running gain estimate to be a little low
    bitrate: int = 96  # kbit/s, constant, mono: the low end of Apple's recommended 96-128
    sample_rate: int = OUTPUT_RATE  # Hz of the MP3 (Apple's minimum); the voice's own rate is resampled


def voice_spec(voice: Path | str | None = None, length_scale: float = 1.0) -> EngineSpec:
    """The engine spec for a configured voice (a Piper ``.onnx`` file; the bundled voice when None)."""
    return PiperSpec.for_voice(voice, length_scale)


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
        voice_spec(voice, length_scale),
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
    sample_rate, language = _check(script, spec, artwork)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create output directory {out_dir}: {exc.strerror}") from exc
    # The workers start loading the voice now, while the text is made ready for them.
    with SpeechPool(spec, workers, len(script.sentences)) as pool:
        pieces = _pieces(script, language)
        speeches = pool.speak([p.text for p in pieces], on_done=_ticker(progress, len(pieces)))
        # Only now, with the workers busy: importing scipy.signal (for the loudness filters)
        # takes 0.6 s, paid once per process, in a daily run's only voice stage.
        from .loudness import Leveler

        with tempfile.TemporaryDirectory(prefix=".voice-", dir=out_dir) as scratch:
            scratch_mp3 = Path(scratch) / MP3_NAME
            spill_path = Path(scratch) / "speech.f32"
            with open(spill_path, "w+b") as spill:
                timeline = Timeline(spill, sample_rate, pacing or Pacing())
                leveler = Leveler(sample_rate, master.target_lufs, master.ceiling_dbtp, master.limiter_margin_db)
                peaks = _speak(pieces, speeches, timeline, leveler)
                gain = _final_gain(timeline, leveler, peaks)
            shifts = _encode(pool, timeline, spill_path, gain, master, scratch_mp3)
            frames = count_frames(scratch_mp3)
            delay = ENCODER_DELAY * sample_rate / frames.sample_rate  # in the voice's samples
            chapters = timeline.chapters(script, delay, frames.duration, shifts)
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
        sentences=timeline.sentence_timings(script, delay, shifts),
        chapters=chapters,
    )


def _check(script: Script, spec: EngineSpec, artwork: Path | None) -> tuple[int, str]:
    """Check everything the user gave before any work: ``(sample_rate, language)``."""
    if not script.sentences:
        raise UserError("the script has no sentences to voice")
    sample_rate, language = spec.check()
    if artwork is not None:
        check_artwork(artwork)
    return sample_rate, language


def _pieces(script: Script, language: str) -> list[Piece]:
    """The pieces to say, or a UserError when nothing in the script can be spoken."""
    pieces = speech_pieces(script, scripts=scripts_for_language(language))
    if not pieces:
        raise UserError("nothing in the script can be spoken: every sentence is empty once cleaned")
    return pieces


def _encode(
    pool: SpeechPool, timeline: Timeline, spill: Path, gain: float, master: Mastering, into: Path
) -> list[tuple[int, float]]:
    """Pass 2: the program at ``gain`` encoded part by part on the pool, joined into ``into``.

    Returns where each part moved its speech in the decoded audio against one continuous
    stream, in the voice's samples, as ``(from_position, shift)`` (zero, or a fraction of a
    sample, when the encoder's padding was what :func:`encoded_length` says, which every
    part's lead silence allowed for)."""
    rate, out_rate = timeline.sample_rate, master.sample_rate
    ratio = out_rate / rate

    def overhead(samples: int) -> int:  # in the voice's samples, rounded down
        return int((encoded_length(samples, rate, out_rate) - samples * ratio) / ratio)

    parts = timeline.parts(PART_SECONDS, overhead)
    files = [into.with_name(f"part-{n}.mp3") for n in range(len(parts))]
    settings = (rate, master.bitrate, out_rate)
    calls = [(str(spill), part, gain, settings, str(file)) for part, file in zip(parts, files, strict=True)]
    lengths = pool.run(_encode_part, calls, [part.samples for part in parts])
    shifts: list[tuple[int, float]] = []
    decoded_at = 0  # output samples
    with open(into, "wb") as joined:
        for part, file, length in zip(parts, files, lengths, strict=True):
            first = part.segments[0]
            shifts.append((first.offset, decoded_at / ratio + part.lead - first.offset))
            decoded_at += length
            with open(file, "rb") as encoded:
                shutil.copyfileobj(encoded, joined)
            file.unlink()
    return shifts


def _encode_part(spill: str, part: Part, gain: float, settings: tuple[int, int, int], into: str) -> int:
    """Encode one part of the program from the spill into ``into``; returns the samples it
    decodes to. ``settings``: the voice's sample rate, the bitrate and the MP3's sample rate.

    A part at a whole fraction of the MP3's rate (Piper's 22.05 kHz voices) is upsampled
    here (one polyphase filter, zero-phase: input sample ``i`` lands on output ``i * factor``,
    where LAME's own resampler places it too), because LAME's resampler cost a fifth of the
    encoding (measured: 0.19 s of 0.95 s for a 4-minute episode, against 0.07 s here); LAME
    resamples any other rate (16 kHz voices)."""
    rate, bitrate, out_rate = settings
    program = np.zeros(part.samples, np.float32)
    at = part.lead
    with open(spill, "rb") as source:
        for n, segment in enumerate(part.segments):
            at += segment.silence if n else 0
            program[at : at + segment.length] = read_segment(source, segment) * gain
            at += segment.length
    factor, rest = divmod(out_rate, rate)
    factor = factor if factor > 1 and not rest else 1
    with Mp3Writer(Path(into), rate * factor, bitrate, out_rate=out_rate) as writer:
        for block in upsampled_blocks(program, factor, _WRITE_BLOCK):
            writer.write(block)
    return count_frames(Path(into)).samples


def _ticker(progress: Progress | None, total: int) -> Callable[[], None]:
    """A callback reporting ``progress(done, total)`` each time it is called."""
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress:
            progress(done, total)

    return tick


def _speak(pieces: list[Piece], speeches: Iterator[Speech], timeline: Timeline, leveler: Leveler) -> list[float]:
    """Pass 1: every piece's speech into the timeline, levelled; returns each segment's peak."""
    peaks: list[float] = []
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
            limited, peaks[n] = leveler.limit(timeline.read(segment), gain)
            timeline.rewrite(segment, limited)
    return min(gain, leveler.ceiling / max(peaks))
