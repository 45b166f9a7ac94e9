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
    Mp3Writer,
    Tags,
    check_artwork,
    count_frames,
    encoded_length,
    write_tags,
)

RATE = 22050


def encode(path: Path, samples: np.ndarray, bitrate: int = 64) -> None:
    with Mp3Writer(path, RATE, bitrate) as writer:
        for chunk in np.array_split(samples, 7):
            writer.write(chunk)


def test_encoder_delay_and_length_match_the_decoder(tmp_path: Path, decode) -> None:
    samples = np.zeros(RATE * 3 + 123, np.float32)
    samples[5000] = 0.8
    path = tmp_path / "impulse.mp3"
    encode(path, samples)
    decoded, rate = decode(path)
    assert rate == RATE
    assert int(np.argmax(np.abs(decoded))) - 5000 == ENCODER_DELAY
    count = count_frames(path)
    assert count.samples == len(decoded)
    assert count.samples >= len(samples) + ENCODER_DELAY
    assert count.sample_rate == RATE and count.samples_per_frame == 576


def test_decoded_level_equals_input_level(tmp_path: Path, decode) -> None:
    t = np.arange(RATE * 2) / RATE
    sine = (0.5 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)
    path = tmp_path / "sine.mp3"
    encode(path, sine)
    decoded, _ = decode(path)
    body = decoded[ENCODER_DELAY + 2000 : ENCODER_DELAY + len(sine) - 2000]
    rms = np.sqrt(np.mean(body**2))
    assert 20 * np.log10(rms / (0.5 / np.sqrt(2))) == pytest.approx(0.0, abs=0.1)


@pytest.mark.parametrize("rate", [16000, 22050, 44100])
def test_encoded_length_is_what_the_encoder_writes(tmp_path: Path, rate: int) -> None:
    # Parts encoded on their own are joined with this much allowed for each (voice.stage).
    for n in (1, 575, 576, 577, 1151, 1152, 1153, 4321, rate * 2 + 7):
        path = tmp_path / f"{rate}-{n}.mp3"
        with Mp3Writer(path, rate) as writer:
            writer.write(np.full(n, 0.1, np.float32))
        assert count_frames(path).samples == encoded_length(n, rate), n


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
    assert tag.version[:2] == (2, 4)
    assert str(tag["TIT2"]) == "PyTorch: Day"
    assert str(tag["TPE1"]) == str(tag["TALB"]) == "PyTorch"
    assert str(tag["TDRC"]) == "2026-09-19"
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
