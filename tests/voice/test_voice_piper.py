"""The real voice: Piper with the bundled Joe voice, end to end, checked by decoding the MP3."""

import json
import re
from pathlib import Path

import numpy as np
import pyloudnorm
import pytest
from mutagen.id3 import ID3
from PIL import Image
from scipy.signal import resample_poly
from typer.testing import CliRunner

from commitcast.cli import app
from commitcast.voice import PiperSpec, voice_script, write_transcripts
from commitcast.voice.mp3 import count_frames

pytestmark = pytest.mark.tts

SECTIONS = [
    ("Opening", ["Good morning, this is the PyTorch daily.", "Twelve changes landed yesterday."]),
    (
        "The Great Test Speedup",
        [
            "One engineer split the slowest distributed tests, and the suite now runs three times faster.",
            "Nice work 🎉.",
        ],
        "https://github.com/pytorch/pytorch/pull/1",
    ),
    ("Sign-off", ["That's all for today."]),
]


@pytest.fixture(scope="module")
def episode(tmp_path_factory, script_of):
    out = tmp_path_factory.mktemp("episode")
    cover = out / "cover.jpg"
    Image.new("RGB", (32, 32), "teal").save(cover)
    script = script_of(SECTIONS)
    audio = voice_script(script, out, workers=2, artwork=cover)  # the process pool
    write_transcripts(script, audio, out, speaker="Joe")
    return script, audio, out


def onset(samples: np.ndarray, rate: int, after: float, level_db: float = -40.0) -> float:
    """First time after ``after`` where the decoded audio rises above ``level_db``."""
    start = int(after * rate)
    loud = np.flatnonzero(np.abs(samples[start:]) > 10 ** (level_db / 20))
    return (start + loud[0]) / rate


def test_duration_matches_the_decoded_audio(episode, decode) -> None:
    _, audio, out = episode
    decoded, rate = decode(out / "episode.mp3")
    assert rate == audio.sample_rate == 44100  # the voice speaks at 22,050 Hz; the MP3 is 44.1 kHz
    assert len(decoded) / rate == pytest.approx(audio.duration, abs=1e-6)
    assert count_frames(out / "episode.mp3").duration == pytest.approx(audio.duration, abs=1e-9)
    assert audio.size == (out / "episode.mp3").stat().st_size
    assert audio.size < audio.duration * 12_000 + 20_000  # 96 kbit/s and a small tag
    assert sorted(p.name for p in out.iterdir()) == [
        "chapters.json", "cover.jpg", "episode.mp3", "transcript.json", "transcript.vtt",
    ]


def test_sentence_and_chapter_starts_are_where_the_speech_is(episode, decode) -> None:
    _, audio, out = episode
    decoded, rate = decode(out / "episode.mp3")
    for timing in audio.sentences:
        assert onset(decoded, rate, timing.start - 0.2) == pytest.approx(timing.start, abs=0.05)
        quiet_before = decoded[int((timing.start - 0.15) * rate) : int((timing.start - 0.04) * rate)]
        assert np.abs(quiet_before).max() < 10 ** (-40 / 20)
    starts = [c.start for c in audio.chapters]
    assert starts[0] == 0.0
    assert starts == sorted(starts)
    for chapter in audio.chapters[1:]:
        assert onset(decoded, rate, chapter.start - 0.3) == pytest.approx(chapter.start, abs=0.05)
    ends = [c.end for c in audio.chapters]
    assert ends[:-1] == starts[1:] and ends[-1] == pytest.approx(audio.duration)


def test_sentences_are_ordered_and_inside_the_audio(episode) -> None:
    script, audio, _ = episode
    assert [(t.section, t.index) for t in audio.sentences] == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]
    assert [t.text for t in audio.sentences] == [s.text for s in script.sentences]
    for a, b in zip(audio.sentences, audio.sentences[1:], strict=False):
        assert a.start < a.end < b.start
    assert 0 < audio.sentences[0].start and audio.sentences[-1].end < audio.duration
    gaps = [b.start - a.end for a, b in zip(audio.sentences, audio.sentences[1:], strict=False)]
    assert gaps[1] > gaps[0] + 0.3  # a section break pauses longer than a sentence break


def test_loudness_and_peak(episode, decode) -> None:
    _, _, out = episode
    decoded, rate = decode(out / "episode.mp3")
    assert pyloudnorm.Meter(rate).integrated_loudness(decoded) == pytest.approx(-16.0, abs=1.0)
    true_peak_db = 20 * np.log10(np.abs(resample_poly(decoded, 8, 1)).max())
    assert -6.0 < true_peak_db < -0.2


def test_id3_tags_and_chapters(episode) -> None:
    script, audio, out = episode
    tag = ID3(out / "episode.mp3")
    assert str(tag["TIT2"]) == script.title and str(tag["TPE1"]) == script.show
    assert tag.getall("APIC")[0].mime == "image/jpeg"
    toc = tag.getall("CTOC")[0]
    chaps = {c.element_id: c for c in tag.getall("CHAP")}
    ordered = [chaps[e] for e in toc.child_element_ids]
    assert [str(c.sub_frames["TIT2"]) for c in ordered] == ["Opening", "The Great Test Speedup", "Sign-off"]
    assert [c.start_time for c in ordered] == [round(c.start * 1000) for c in audio.chapters]
    assert [c.start_time for c in ordered] == sorted(c.start_time for c in ordered)


def test_vtt_cues_are_monotonic_and_cover_the_audio(episode) -> None:
    _, audio, out = episode
    text = (out / "transcript.vtt").read_text()
    times = re.findall(r"(\d\d):(\d\d):(\d\d\.\d\d\d) --> (\d\d):(\d\d):(\d\d\.\d\d\d)", text)
    cues = [(int(h) * 3600 + int(m) * 60 + float(s), int(h2) * 3600 + int(m2) * 60 + float(s2)) for h, m, s, h2, m2, s2 in times]
    assert len(cues) == len(audio.sentences)
    for (start, end), (next_start, _) in zip(cues, cues[1:], strict=False):
        assert start < end <= next_start
    assert cues[0][0] < 1.0 and audio.duration - 2.0 < cues[-1][1] <= audio.duration
    spoken = sum(end - start for start, end in cues)
    assert spoken > 0.6 * audio.duration
    chapters = json.loads((out / "chapters.json").read_text())["chapters"]
    assert chapters[1]["url"] == "https://github.com/pytorch/pytorch/pull/1"


def test_in_process_voice_and_speaking_rate(tmp_path: Path, script_of) -> None:
    engine = PiperSpec.for_voice(length_scale=1.5).load()
    fast = PiperSpec.for_voice(length_scale=0.7).load()
    text = ["Speaking rate changes how long this sentence takes."]
    assert next(engine.synthesize(text)).duration > 1.5 * next(fast.synthesize(text)).duration
    audio = voice_script(script_of([("Only", ["Hello there.", "Goodbye."])]), tmp_path, workers=1)
    assert len(audio.sentences) == 2 and len(audio.chapters) == 1


def test_cli_voices_a_script_file(tmp_path: Path, script_of) -> None:
    script_file = tmp_path / "script.json"
    script_file.write_bytes(script_of([("Only", ["The command line works."])]).to_json())
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["voice", str(script_file), "--out", str(out), "-j", "1", "--rate", "1.1"])
    assert result.exit_code == 0, result.output
    assert {p.name for p in out.iterdir()} == {"episode.mp3", "transcript.vtt", "transcript.json", "chapters.json"}
    bad = CliRunner().invoke(app, ["voice", str(script_file), "--out", str(out), "--voice", str(tmp_path / "x.onnx")])
    assert bad.exit_code != 0 and isinstance(bad.exception, Exception)
