"""The stage on awkward input, with a fast fake engine (the real voice is in test_voice_piper.py)."""

import json
from pathlib import Path

import numpy as np
import pytest

from commitcast.errors import StageError, UserError
from commitcast.voice import PiperSpec, render, voice_script, write_transcripts


def test_empty_script_is_a_user_error(tmp_path: Path, script_of, tone_spec) -> None:
    with pytest.raises(UserError, match="no sentences"):
        render(script_of([]), tmp_path, tone_spec())
    with pytest.raises(UserError, match="no sentences"):
        render(script_of([("Empty", [])]), tmp_path, tone_spec())
    with pytest.raises(UserError, match="nothing in the script can be spoken"):
        render(script_of([("Junk", ["🎉🎉", "\x00\x07", "✓✓ ★"])]), tmp_path, tone_spec())
    assert not (tmp_path / "episode.mp3").exists()


def test_awkward_text_is_voiced_or_skipped(tmp_path: Path, script_of, tone_spec, decode) -> None:
    long_sentence = " ".join(f"part {n}, of a long and winding sentence;" for n in range(130))
    assert len(long_sentence) > 5000
    script = script_of(
        [
            ("Opening", ["Hello 🎉 world.", "a\x00b\x1bc control characters.", "שלום עולם"]),
            ("Long", [long_sentence, "x" * 5000]),
            ("RTL", ["مرحبا", "The end \u202eesrever\u202c."], "https://example.org/1"),
        ]
    )
    audio = render(script, tmp_path, tone_spec(), workers=1)
    spoken = [(t.section, t.index) for t in audio.sentences]
    # Other scripts are transliterated (write.speech); only the unspeakable 5000 x's are skipped.
    assert spoken == [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1)]
    assert [c.title for c in audio.chapters] == ["Opening", "Long", "RTL"]
    assert audio.chapters[2].url == "https://example.org/1"
    # the transcript keeps the written text, not the cleaned speech
    assert audio.sentences[0].text == "Hello 🎉 world."
    decoded, rate = decode(tmp_path / "episode.mp3")
    assert len(decoded) / rate == pytest.approx(audio.duration, abs=1e-6)
    write_transcripts(script, audio, tmp_path)
    assert len(json.loads((tmp_path / "transcript.json").read_text())["segments"]) == 6


def test_a_failure_mid_episode_leaves_no_partial_mp3(tmp_path: Path, script_of, tone_spec) -> None:
    good = script_of([("One", ["First sentence.", "Second sentence."])])
    render(good, tmp_path, tone_spec(), workers=1)
    before = (tmp_path / "episode.mp3").read_bytes()
    bad = script_of([("One", ["First sentence.", "This one BREAKS the engine.", "Third."])])
    with pytest.raises(StageError, match="on purpose"):
        render(bad, tmp_path, tone_spec(fail_on="BREAKS"), workers=1)
    assert (tmp_path / "episode.mp3").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["episode.mp3"]  # scratch cleaned up


def test_missing_or_broken_voice_files_are_user_errors(tmp_path: Path, script_of) -> None:
    script = script_of([("One", ["Hello."])])
    with pytest.raises(UserError, match="voice model not found"):
        voice_script(script, tmp_path, voice=tmp_path / "nope.onnx")
    model = tmp_path / "broken.onnx"
    model.write_bytes(b"this is not an onnx model")
    with pytest.raises(UserError, match="voice config not found"):
        voice_script(script, tmp_path, voice=model)
    config = Path(f"{model}.json")
    config.write_text("{not json")
    with pytest.raises(UserError, match="not a Piper voice config"):
        voice_script(script, tmp_path, voice=model)
    config.write_text(json.dumps({"audio": {"sample_rate": 22050}, "espeak": {"voice": "en-us"}}))
    with pytest.raises(UserError, match="is not an ONNX model"):  # told by its first byte, before any work
        voice_script(script, tmp_path, voice=model)
    model.write_bytes(b"\x08 this starts like an onnx model and is not one")
    for workers in (1, 2):
        with pytest.raises(UserError, match="cannot load Piper voice"):
            voice_script(script_of([("One", ["Hello.", "Again."])]), tmp_path / "out", voice=model, workers=workers)
    assert not (tmp_path / "out" / "episode.mp3").exists()


def test_rate_and_artwork_are_checked_before_any_work(tmp_path: Path, script_of) -> None:
    script = script_of([("One", ["Hello."])])
    with pytest.raises(UserError, match="speaking rate"):
        voice_script(script, tmp_path, length_scale=0.01)
    with pytest.raises(UserError, match="artwork not found"):
        voice_script(script, tmp_path, artwork=tmp_path / "cover.png")
    assert PiperSpec.for_voice().check() == (22050, "en-us")


def test_a_single_short_word_is_an_episode(tmp_path: Path, script_of, tone_spec, decode) -> None:
    audio = render(script_of([("Only", ["Hi."])]), tmp_path, tone_spec(), workers=1)
    assert len(audio.sentences) == 1 and audio.chapters[0].start == 0.0
    decoded, rate = decode(tmp_path / "episode.mp3")
    assert len(decoded) / rate == pytest.approx(audio.duration, abs=1e-6)
    assert np.abs(decoded).max() > 0.1
