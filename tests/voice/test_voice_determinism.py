"""The same text gives the same audio and the same MP3 bytes, whoever says it and when."""

from collections.abc import Callable
from pathlib import Path

import numpy as np
import onnx
import onnxruntime
import pytest
from onnx import TensorProto, helper

from commitcast.voice import Pacing, PiperSpec, render, voice_script
from commitcast.voice.noise import make_noise_deterministic
from commitcast.voice.pool import synthesize_all
from commitcast.voice.timeline import Part, Timeline

SENTENCES = ["Good morning, this is the daily.", "Twelve changes landed yesterday."]


def _noise_model() -> bytes:
    """input ids [1, N] -> RandomNormalLike of a [N, 4000] float tensor."""
    ids = helper.make_tensor_value_info("input", TensorProto.INT64, [1, None])
    out = helper.make_tensor_value_info("noise", TensorProto.FLOAT, [None, 4000])
    nodes = [
        helper.make_node("Cast", ["input"], ["as_float"], to=TensorProto.FLOAT),
        helper.make_node("Reshape", ["as_float", "column"], ["col"]),
        helper.make_node("Expand", ["col", "wide"], ["like"]),
        helper.make_node("RandomNormalLike", ["like"], ["noise"]),
    ]
    inits = [onnx.numpy_helper.from_array(np.array(v, np.int64), n) for n, v in (("column", [-1, 1]), ("wide", [1, 4000]))]
    model = helper.make_model(helper.make_graph(nodes, "g", [ids], [out], inits), opset_imports=[helper.make_opsetid("", 15)])
    assert make_noise_deterministic(model) == 1
    assert not any(n.op_type.startswith("Random") for n in model.graph.node)
    onnx.checker.check_model(model)
    return model.SerializeToString()


def test_rewritten_noise_is_standard_normal_and_a_function_of_the_ids() -> None:
    model = _noise_model()
    first, second = (onnxruntime.InferenceSession(model, providers=["CPUExecutionProvider"]) for _ in range(2))
    ids = np.array([[3, 14, 15, 92, 65]], np.int64)
    noise = first.run(None, {"input": ids})[0]
    assert noise.shape == (5, 4000) and noise.dtype == np.float32 and np.isfinite(noise).all()
    assert abs(noise.mean()) < 0.03 and abs(noise.std() - 1) < 0.03
    assert abs(np.corrcoef(noise.ravel()[:-1], noise.ravel()[1:])[0, 1]) < 0.03
    assert abs((np.abs(noise) > 1.96).mean() - 0.05) < 0.01  # Gaussian tails, not uniform
    second.run(None, {"input": ids[:, ::-1].copy()})  # a different call history
    assert np.array_equal(second.run(None, {"input": ids})[0], noise)
    other = first.run(None, {"input": np.array([[3, 14, 15, 92, 66]], np.int64)})[0]
    assert abs(np.corrcoef(other.ravel(), noise.ravel())[0, 1]) < 0.03


def _pcm(speeches) -> list[np.ndarray]:
    return [np.clip(np.rint(s.samples * 32767), -32768, 32767).astype(np.int16) for s in speeches]


@pytest.mark.tts
def test_same_sentence_same_samples_in_any_session_order_or_pool() -> None:
    spec = PiperSpec.for_voice()
    engine = spec.load()
    reference = _pcm(engine.synthesize(SENTENCES))
    assert all(len(r) > 10_000 and np.abs(r).max() > 1000 for r in reference)
    for pcm in (
        _pcm(engine.synthesize(SENTENCES[::-1]))[::-1],  # same session, other order
        _pcm(spec.load(threads=1).synthesize(SENTENCES)),
        _pcm(synthesize_all(spec, SENTENCES, workers=1)),
        _pcm(synthesize_all(spec, SENTENCES, workers=2)),
    ):
        assert all(np.array_equal(a, b) for a, b in zip(pcm, reference, strict=True))


@pytest.mark.tts
def test_same_script_same_mp3_bytes(tmp_path: Path, script_of) -> None:
    script = script_of([("Opening", SENTENCES), ("Sign-off", ["That's all for today."])])
    voice_script(script, tmp_path / "a", workers=1)
    voice_script(script, tmp_path / "b", workers=2)
    assert (tmp_path / "a" / "episode.mp3").read_bytes() == (tmp_path / "b" / "episode.mp3").read_bytes()


def test_parts_encoded_apart_join_into_the_same_program(tmp_path: Path, script_of, tone_spec, decode, monkeypatch) -> None:
    """An episode cut into parts that the workers encode side by side: the same bytes from one
    process or a pool, every sentence where its timing says, every pause as laid out."""
    import commitcast.voice.stage as stage_module

    monkeypatch.setattr(stage_module, "PART_SECONDS", 2.0)  # a short episode in several parts
    cut = stage_module.Timeline.parts
    counts: list[int] = []

    def counted(self: Timeline, seconds: float, overhead: Callable[[int], int]) -> list[Part]:
        parts = cut(self, seconds, overhead)
        counts.append(len(parts))
        return parts

    monkeypatch.setattr(stage_module.Timeline, "parts", counted)
    sentences = [f"Sentence number {n} of the long story, told at length." for n in range(10)]
    script = script_of([("One", sentences[:5]), ("Two", sentences[5:])])
    one = render(script, tmp_path / "one", tone_spec(), workers=1)
    pool = render(script, tmp_path / "pool", tone_spec(), workers=2)
    assert (tmp_path / "one" / "episode.mp3").read_bytes() == (tmp_path / "pool" / "episode.mp3").read_bytes()
    assert one == pool and counts[0] >= 4
    decoded, rate = decode(tmp_path / "one" / "episode.mp3")
    assert len(decoded) / rate == pytest.approx(one.duration, abs=1e-6)
    pacing = Pacing()
    for before, timing in zip([None, *one.sentences], one.sentences, strict=False):
        start = round(timing.start * rate)
        assert np.abs(decoded[start - 400 : start - 100]).max() < 0.01  # silence before it
        assert np.abs(decoded[start : start + 2000]).max() > 0.1  # and it speaks at once
        if before is not None:
            pause = pacing.section_pause if timing.section != before.section else pacing.sentence_pause
            assert timing.start - before.end == pytest.approx(pause, abs=1 / 22050)  # a voice sample
