import json
import shutil
import subprocess
from datetime import date
from pathlib import Path

import numpy as np
import pytest
from mutagen.id3 import ID3
from PIL import Image

from commitcast.errors import UserError
from commitcast.model import Chapter
from commitcast.voice.mp3 import (
    ENCODER_DELAY,
    OUTPUT_RATE,
    Mp3Writer,
    Tags,
    check_artwork,
    count_frames,
    encoded_length,
    write_tags,
)

RATE = 22050


FFPROBE = shutil.which("ffprobe")


def encode(path: Path, samples: np.ndarray, bitrate: int = 96, rate: int = RATE) -> None:
    with Mp3Writer(path, rate, bitrate) as writer:
        for chunk in np.array_split(samples, 7):
            writer.write(chunk)


@pytest.mark.parametrize("rate", [16000, 22050, 24000])
def test_voices_of_any_rate_become_44k_mp3_with_a_known_delay(tmp_path: Path, decode, rate: int) -> None:
    samples = np.zeros(rate * 3 + 123, np.float32)
    samples[5000] = 0.8
    path = tmp_path / "impulse.mp3"
    encode(path, samples, rate=rate)
    decoded, decoded_rate = decode(path)
    assert decoded_rate == OUTPUT_RATE == 44100  # Apple's minimum for MP3
    # LAME's resampler keeps time: the impulse is ENCODER_DELAY output samples late, at any input rate.
    assert int(np.argmax(np.abs(decoded))) - 5000 * OUTPUT_RATE / rate == pytest.approx(ENCODER_DELAY, abs=1)
    count = count_frames(path)
    assert count.samples == len(decoded)
    assert count.samples >= len(samples) * OUTPUT_RATE / rate + ENCODER_DELAY
    assert count.sample_rate == OUTPUT_RATE and count.samples_per_frame == 1152
    # 96 kbit/s constant: 12,000 bytes a second, within a frame of padding.
    assert abs(path.stat().st_size - count.duration * 12_000) < 400


def test_decoded_level_equals_input_level(tmp_path: Path, decode) -> None:
    t = np.arange(RATE * 2) / RATE
    sine = (0.5 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)
    path = tmp_path / "sine.mp3"
    encode(path, sine)
    decoded, _ = decode(path)
    body = decoded[ENCODER_DELAY + 2000 : ENCODER_DELAY + len(sine) - 2000]
    rms = np.sqrt(np.mean(body**2))
    assert 20 * np.log10(rms / (0.5 / np.sqrt(2))) == pytest.approx(0.0, abs=0.1)


@pytest.mark.parametrize(("rate", "out_rate"), [(16000, 44100), (22050, 44100), (44100, 44100), (22050, 22050)])
def test_encoded_length_is_what_the_encoder_writes(tmp_path: Path, rate: int, out_rate: int) -> None:
    # Parts encoded on their own are joined with this much allowed for each (voice.stage).
    for n in (1, 287, 288, 575, 576, 577, 1151, 1152, 1153, 4321, rate * 2 + 7):
        path = tmp_path / f"{rate}-{n}.mp3"
        with Mp3Writer(path, rate, out_rate=out_rate) as writer:
            writer.write(np.full(n, 0.1, np.float32))
        assert count_frames(path).samples == encoded_length(n, rate, out_rate), n


def test_frames_are_counted_after_an_id3_tag(tmp_path: Path) -> None:
    path = tmp_path / "tagged.mp3"
    encode(path, np.zeros(RATE, np.float32))
    before = count_frames(path)
    write_tags(path, Tags(title="T", show="S"))
    assert count_frames(path) == before and before.frames > 0


def test_tags_chapters_and_artwork(tmp_path: Path) -> None:
    path = tmp_path / "episode.mp3"
    encode(path, np.zeros(RATE * 2, np.float32))
    cover = tmp_path / "cover.png"
    Image.new("RGB", (64, 64), "navy").save(cover)
    chapters = (
        Chapter(title="Opening", start=0.0, end=0.7),
        Chapter(title="The <Great> Speedup & more", start=0.7, end=1.5, url="https://github.com/o/r/pull/1"),
        Chapter(title="Sign-off", start=1.5, end=2.1),
    )
    write_tags(path, Tags("PyTorch: Day", "PyTorch", date(2026, 9, 19), "Summary text.", chapters, cover, 2.1))
    tag = ID3(path)
    assert tag.version[:2] == (2, 3)
    assert str(tag["TIT2"]) == "PyTorch: Day"
    assert str(tag["TPE1"]) == str(tag["TALB"]) == "PyTorch"
    assert str(tag["TDRC"]) == "2026-09-19"  # stored as v2.3's TYER + TDAT, read back as one date
    assert {"TYER", "TDAT"} <= set(ID3(path, translate=False).keys())
    assert tag.getall("COMM")[0].text == ["Summary text."]
    apic = tag.getall("APIC")[0]
    assert apic.mime == "image/png" and apic.data == cover.read_bytes()
    toc = tag.getall("CTOC")[0]
    chaps = {c.element_id: c for c in tag.getall("CHAP")}
    ordered = [chaps[e] for e in toc.child_element_ids]
    assert [str(c.sub_frames["TIT2"]) for c in ordered] == [c.title for c in chapters]
    assert [c.start_time for c in ordered] == [0, 700, 1500]
    assert [c.end_time for c in ordered] == [700, 1500, 2100]
    assert ordered[1].sub_frames.getall("WXXX")[0].url == "https://github.com/o/r/pull/1"


def test_artwork_must_be_a_real_image(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="not found"):
        check_artwork(tmp_path / "missing.jpg")
    fake = tmp_path / "cover.jpg"
    fake.write_text("not an image")
    with pytest.raises(UserError, match="JPEG or PNG"):
        check_artwork(fake)


@pytest.mark.skipif(FFPROBE is None, reason="ffprobe (FFmpeg) is not installed")
def test_ffprobe_reads_every_chapter_in_time_order_with_long_titles_intact(tmp_path: Path) -> None:
    """mutagen stores frames by size, and FFmpeg misread v2.4 CHAP titles past 127 bytes."""
    path = tmp_path / "episode.mp3"
    encode(path, np.zeros(RATE * 20, np.float32))
    titles = [
        "Cold open",
        "Hydration: " + "mismatch warnings for style and class bindings, " * 3 + "é ✓",
        "Quick hits",
        "Reverts: " + "a computed warning about getCurrentInstance comes back out " * 3,
        "Performance",
        "Releases v3.4.6 to v3.4.13: " + "eight patch releases in one week " * 5,
        "What's next",
        "Sign-off",
    ]
    chapters = tuple(Chapter(title=t, start=2.0 * n, end=2.0 * (n + 1)) for n, t in enumerate(titles))
    assert max(len(t.encode("utf-16")) for t in titles) > 300
    write_tags(path, Tags("Vue: A Week", "Vue", date(2024, 1, 8), "Summary.", chapters, None, 16.0))
    assert FFPROBE is not None
    probe = subprocess.run(
        [FFPROBE, "-v", "error", "-show_chapters", "-show_format", "-of", "json", str(path)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    found = json.loads(probe.stdout)
    assert [c["tags"]["title"] for c in found["chapters"]] == titles
    assert [float(c["start_time"]) for c in found["chapters"]] == [c.start for c in chapters]
    assert [float(c["end_time"]) for c in found["chapters"]] == [c.end for c in chapters]
    assert found["format"]["tags"]["date"] == "2024-01-08"
    # mutagen reads the same chapters back from the stored order.
    assert [str(c.sub_frames["TIT2"]) for c in ID3(path).getall("CHAP")] == titles
