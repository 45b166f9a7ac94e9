"""The prepared voice copy: built once, shared weights, same audio, and a fallback without a cache."""

import shutil
from pathlib import Path

import numpy as np
import onnx
import pytest

import commitcast.voice.piper_engine as engine_module
from commitcast.voice import PiperSpec, default_voice_path
from commitcast.voice import prepared as prepared_module
from commitcast.voice.prepared import prepared_model

pytestmark = pytest.mark.tts

SENTENCES = ["The build is green again.", "Two reverts landed, both calmly."]


def _voice_copy(directory: Path) -> Path:
    """The bundled voice copied to ``directory`` (a model file the test may change)."""
    directory.mkdir(parents=True, exist_ok=True)
    model = directory / "voice.onnx"
    shutil.copyfile(default_voice_path(), model)
    shutil.copyfile(f"{default_voice_path()}.json", f"{model}.json")
    return model


def test_built_once_with_weights_apart_and_the_same_audio(tmp_path: Path, monkeypatch) -> None:
    voice = default_voice_path()
    first = prepared_model(voice, tmp_path)
    assert first is not None and first.is_file()
    weights = first.parent / "weights.bin"
    # The graph is small; the weights are the file onnxruntime memory-maps and workers share.
    assert weights.stat().st_size > 50_000_000 and first.stat().st_size < 5_000_000
    assert [p.name for p in first.parent.parent.iterdir()] == [first.parent.name]  # no scratch left
    built = first.stat().st_mtime_ns
    assert prepared_model(voice, tmp_path) == first and first.stat().st_mtime_ns == built

    monkeypatch.setenv("COMMITCAST_CACHE_DIR", str(tmp_path))
    from_cache = PiperSpec.for_voice().load(1)
    monkeypatch.setattr(engine_module, "prepared_model", lambda model, cache_root=None: None)
    in_memory = PiperSpec.for_voice().load(1)
    for cached, direct in zip(
        from_cache.synthesize(SENTENCES), in_memory.synthesize(SENTENCES), strict=True
    ):
        assert len(cached.samples) > 10_000
        assert np.array_equal(cached.samples, direct.samples)


def test_a_copy_missing_its_weights_is_rebuilt(tmp_path: Path) -> None:
    first = prepared_model(default_voice_path(), tmp_path)
    assert first is not None
    (first.parent / "weights.bin").unlink()
    again = prepared_model(default_voice_path(), tmp_path)
    assert again == first and (first.parent / "weights.bin").stat().st_size > 50_000_000


def test_a_changed_model_gets_a_new_copy(tmp_path: Path) -> None:
    model = _voice_copy(tmp_path / "voices")
    first = prepared_model(model, tmp_path / "cache")
    retrained = onnx.load(str(model))  # the same path with new contents: a retrained voice
    retrained.graph.initializer[0].raw_data = bytes(len(retrained.graph.initializer[0].raw_data))
    onnx.save(retrained, str(model))
    second = prepared_model(model, tmp_path / "cache")
    assert first is not None and second is not None and first != second


def test_a_cache_that_is_a_file_falls_back_too(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("x")
    assert prepared_model(default_voice_path(), blocker) is None
    monkeypatch.setenv("COMMITCAST_CACHE_DIR", str(blocker))
    assert len(next(PiperSpec.for_voice().load(1).synthesize(SENTENCES[:1])).samples) > 10_000


def test_losing_the_build_race_keeps_the_winners_copy(tmp_path: Path, monkeypatch) -> None:
    real_build = prepared_module._build

    def build_while_another_process_wins(model: Path, into: Path) -> None:
        real_build(model, into)
        winner = into.parent / prepared_module._key(
            str(model.resolve()), model.stat().st_size, model.stat().st_mtime_ns
        )
        shutil.copytree(into, winner)

    monkeypatch.setattr(prepared_module, "_build", build_while_another_process_wins)
    path = prepared_model(default_voice_path(), tmp_path)
    assert path is not None and path.is_file()
    assert len(list((tmp_path / "voices").iterdir())) == 1  # the loser's scratch is gone


def test_a_damaged_copy_is_rebuilt_and_loads(tmp_path: Path, monkeypatch) -> None:
    first = prepared_model(default_voice_path(), tmp_path)
    assert first is not None
    weights = first.parent / "weights.bin"
    size = weights.stat().st_size

    # Truncated: the sizes the manifest recorded no longer match, so it is rebuilt at once.
    with weights.open("r+b") as stream:
        stream.truncate(size // 2)
    assert prepared_model(default_voice_path(), tmp_path) == first and weights.stat().st_size == size

    # Same size, garbage inside: it fails to load, is checked in full, rebuilt and loaded.
    first.write_bytes(b"\0" * first.stat().st_size)
    monkeypatch.setenv("COMMITCAST_CACHE_DIR", str(tmp_path))
    healed = PiperSpec.for_voice().load(1)
    assert len(next(healed.synthesize(SENTENCES[:1])).samples) > 10_000
    assert prepared_module._intact(first.parent, verify=True)
    assert [p.name for p in (tmp_path / "voices").iterdir()] == [first.parent.name]  # nothing left aside


def test_a_copy_without_a_manifest_is_rebuilt(tmp_path: Path) -> None:
    first = prepared_model(default_voice_path(), tmp_path)
    assert first is not None
    (first.parent / "manifest.json").unlink()  # as an older commitcast left it
    assert prepared_model(default_voice_path(), tmp_path) == first
    assert prepared_module._intact(first.parent, verify=True)


def test_a_new_process_finds_the_copy_without_hashing_the_model(tmp_path: Path, monkeypatch) -> None:
    model = _voice_copy(tmp_path / "voices")
    first = prepared_model(model, tmp_path / "cache")
    prepared_module._key.cache_clear()  # as in a new process

    def no_hashing(*args: object) -> str:
        raise AssertionError("the model was hashed again")

    monkeypatch.setattr(prepared_module, "_key", no_hashing)
    assert prepared_model(model, tmp_path / "cache") == first
    config = Path(f"{model}.json")
    config.write_text(config.read_text().replace('"phoneme_id_map"', '"phoneme_id_map" ', 1))
    with pytest.raises(AssertionError, match="hashed again"):  # a changed config is looked at anew
        prepared_model(model, tmp_path / "cache")
