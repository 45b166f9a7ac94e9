"""MP3 encoding (lameenc, streamed), frame counting and ID3v2.3 tags with chapters (mutagen).

The MP3 meets Apple Podcasts' audio requirements: 44.1 kHz (the minimum sample rate Apple
accepts for MP3) at 96 kbit/s mono (the low end of Apple's recommended 96-128 kbit/s for
mono), about 0.7 MB a minute. Voices speak at their own rate (Piper's are 16 or 22.05 kHz);
the voice stage upsamples a whole fraction of 44.1 kHz (22.05 kHz) itself before encoding,
and LAME resamples any other rate, compensating its resampler's delay (measured: an impulse
at any input rate decodes :data:`ENCODER_DELAY` output samples late).

lameenc writes no LAME/Xing gapless header, so every decoder plays LAME's 576-sample
encoder delay plus the 529-sample decoder delay before the first input sample, and the
last frame's padding after it. Timings are shifted by :data:`ENCODER_DELAY` and the
duration is counted from the frames, so both describe the audio as decoded.
"""

from __future__ import annotations

import mimetypes
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from types import TracebackType
from typing import BinaryIO, Self

import numpy as np

from ..errors import UserError
from ..model import Chapter

__all__ = [
    "OUTPUT_RATE",
    "ENCODER_DELAY",
    "ENCODER_GAIN",
    "Mp3Writer",
    "FrameCount",
    "count_frames",
    "encoded_length",
    "Tags",
    "write_tags",
    "check_artwork",
]

OUTPUT_RATE = 44100  # Hz: Apple Podcasts accepts no MP3 below it
ENCODER_DELAY = 576 + 529  # samples of decoded output (at the output rate) before the first input sample
# lameenc's LAME scales its input by 0.95 (measured: a sine decodes at 0.95 of its level, at
# any rate and amplitude); dividing it out keeps the decoded loudness on target.
ENCODER_GAIN = 0.95

_BITRATES = {  # Layer III, kbit/s by bitrate index
    1: (0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320),
    2: (0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160),
}
_RATES = {3: (44100, 48000, 32000), 2: (22050, 24000, 16000), 0: (11025, 12000, 8000)}


def encoded_length(samples: int, sample_rate: int, out_rate: int = OUTPUT_RATE) -> int:
    """Samples (at ``out_rate``) a decoder outputs for ``samples`` input samples at
    ``sample_rate`` encoded as one stream: LAME resamples them, then adds at least 1152 (its
    delay, then padding to a whole frame). Measured for lameenc from 16, 22.05, 24 and
    44.1 kHz to 44.1 kHz, for lengths from 1 to 4,000 samples and beyond."""
    per_frame = 1152 if out_rate >= 32000 else 576  # MPEG-1 Layer III, else MPEG-2 and 2.5
    resampled = -(-samples * out_rate // sample_rate)
    return -(-(resampled + 1152) // per_frame) * per_frame


class Mp3Writer:
    """Encode mono float samples at ``sample_rate`` to a constant-bitrate MP3 file at
    ``out_rate``, chunk by chunk."""

    def __init__(
        self, path: Path, sample_rate: int, bitrate: int = 96, quality: int = 3, out_rate: int = OUTPUT_RATE
    ) -> None:
        import lameenc

        self._encoder = lameenc.Encoder()
        self._encoder.set_bit_rate(bitrate)
        self._encoder.set_in_sample_rate(sample_rate)
        self._encoder.set_out_sample_rate(out_rate)
        self._encoder.set_channels(1)
        self._encoder.set_quality(quality)  # LAME -q: 3 sounds like 2 on speech at half the time
        self._file: BinaryIO = open(path, "wb")  # noqa: SIM115 - closed in close()
        self.samples = 0

    def write(self, samples: np.ndarray) -> None:
        """Encode the next samples (float in [-1, 1])."""
        pcm = np.clip(np.rint(samples * (32767.0 / ENCODER_GAIN)), -32768, 32767).astype("<i2")
        self._file.write(self._encoder.encode(pcm.tobytes()))
        self.samples += len(samples)

    def close(self) -> None:
        """Flush the encoder and close the file."""
        if not self._file.closed:
            self._file.write(self._encoder.flush())
            self._file.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


@dataclass(frozen=True)
class FrameCount:
    """What the frame headers of an MP3 file say."""

    frames: int
    samples_per_frame: int
    sample_rate: int

    @property
    def samples(self) -> int:
        """Samples a decoder outputs for the whole file."""
        return self.frames * self.samples_per_frame

    @property
    def duration(self) -> float:
        """Decoded length in seconds."""
        return self.samples / self.sample_rate


def count_frames(path: Path) -> FrameCount:
    """Walk the MPEG Layer III frame headers of ``path`` (after any ID3v2 tag)."""
    frames = spf = rate = 0
    with open(path, "rb") as f:
        head = f.read(10)
        offset = 0
        if head[:3] == b"ID3":
            offset = 10 + ((head[6] << 21) | (head[7] << 14) | (head[8] << 7) | head[9])
        while True:
            f.seek(offset)
            header = f.read(4)
            if len(header) < 4 or header[0] != 0xFF or header[1] & 0xE0 != 0xE0:
                break
            version, bitrate_index, rate_index = (header[1] >> 3) & 3, header[2] >> 4, (header[2] >> 2) & 3
            if version == 1 or (header[1] >> 1) & 3 != 1 or bitrate_index in (0, 15) or rate_index == 3:
                break  # reserved version, not Layer III, free-format or bad rate: not ours
            mpeg1 = version == 3
            rate = _RATES[version][rate_index]
            bitrate = _BITRATES[1 if mpeg1 else 2][bitrate_index] * 1000
            spf = 1152 if mpeg1 else 576
            offset += (144 if mpeg1 else 72) * bitrate // rate + ((header[2] >> 1) & 1)
            frames += 1
    return FrameCount(frames=frames, samples_per_frame=spf, sample_rate=rate)


@dataclass(frozen=True)
class Tags:
    """What the ID3 tag says about the episode."""

    title: str
    show: str
    day: date | None = None
    summary: str = ""
    chapters: tuple[Chapter, ...] = ()
    artwork: Path | None = None
    duration: float | None = None


def check_artwork(path: Path) -> str:
    """The MIME type of a JPEG or PNG cover image, or a UserError."""
    if not path.is_file():
        raise UserError(f"artwork not found: {path}")
    with open(path, "rb") as f:
        magic = f.read(8)
    if magic.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if magic == b"\x89PNG\r\n\x1a\n":
        return "image/png"
    guess = mimetypes.guess_type(path.name)[0] or "unknown type"
    raise UserError(f"artwork must be a JPEG or PNG image: {path} ({guess})")


def write_tags(path: Path, tags: Tags) -> None:
    """Write an ID3v2.3 tag: title, show as artist/album, date, comment, cover, chapters.

    ID3v2.3 rather than 2.4: FFmpeg reads the sizes of frames nested in a v2.4 CHAP as plain
    integers where v2.4 makes them syncsafe, so it lost every chapter whose title frame
    passed 127 bytes; v2.3 sizes are plain integers for every reader.
    """
    from mutagen.id3 import (
        APIC,
        CHAP,
        COMM,
        CTOC,
        ID3,
        TALB,
        TCON,
        TDRC,
        TIT2,
        TLEN,
        TPE1,
        WXXX,
        CTOCFlags,
        Frame,
        PictureType,
    )

    id3 = ID3()
    id3.add(TIT2(encoding=3, text=tags.title))
    id3.add(TPE1(encoding=3, text=tags.show))
    id3.add(TALB(encoding=3, text=tags.show))
    id3.add(TCON(encoding=3, text="Podcast"))
    if tags.day is not None:
        id3.add(TDRC(encoding=3, text=tags.day.isoformat()))
    if tags.summary:
        id3.add(COMM(encoding=3, lang="eng", desc="", text=tags.summary))
    if tags.duration is not None:
        id3.add(TLEN(encoding=3, text=str(round(tags.duration * 1000))))
    if tags.artwork is not None:
        mime = check_artwork(tags.artwork)
        id3.add(APIC(encoding=3, mime=mime, type=PictureType.COVER_FRONT, desc="Cover", data=tags.artwork.read_bytes()))
    ids = [f"chp{n}" for n in range(len(tags.chapters))]
    for element_id, chapter in zip(ids, tags.chapters, strict=True):
        sub: list[Frame] = [TIT2(encoding=3, text=chapter.title)]
        if chapter.url:
            sub.append(WXXX(encoding=3, desc="", url=chapter.url))
        id3.add(
            CHAP(
                element_id=element_id,
                start_time=round(chapter.start * 1000),
                end_time=round(chapter.end * 1000),
                sub_frames=sub,
            )
        )
    if ids:
        id3.add(
            CTOC(
                element_id="toc",
                flags=CTOCFlags.TOP_LEVEL | CTOCFlags.ORDERED,
                child_element_ids=ids,
                sub_frames=[TIT2(encoding=3, text=tags.title)],
            )
        )
    id3.update_to_v23()  # UTF-16 text, TDRC as TYER + TDAT
    id3.save(path, v2_version=3)
    if ids:
        _store_chapters_in_order(path, ids)


def _store_chapters_in_order(path: Path, order: list[str]) -> None:
    """Rewrite the CHAP frames of the ID3v2.3 tag at the start of ``path`` in ``order``.

    mutagen stores frames sorted by size, and readers that ignore the CTOC (FFmpeg among
    them) list chapters in the order they are stored. Only the CHAP frames move; every
    byte of the tag stays where its size says.
    """
    with open(path, "r+b") as f:
        header = f.read(10)
        size = (header[6] << 21) | (header[7] << 14) | (header[8] << 7) | header[9]
        body = f.read(size)
        frames: list[bytes] = []
        pos = 0
        while pos + 10 <= len(body) and body[pos] != 0:  # a zero byte starts the padding
            end = pos + 10 + int.from_bytes(body[pos + 4 : pos + 8], "big")
            frames.append(body[pos:end])
            pos = end
        chapters = {frame[10:].split(b"\0", 1)[0].decode("latin-1"): frame for frame in frames if frame[:4] == b"CHAP"}
        in_order = iter(chapters[element_id] for element_id in order)
        f.seek(10)
        f.write(b"".join(next(in_order) if frame[:4] == b"CHAP" else frame for frame in frames))
