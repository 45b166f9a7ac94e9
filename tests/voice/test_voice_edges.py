"""Piper's silence after a sentence is capped in the graph, never synthesised and then trimmed."""

import json

import numpy as np
import onnx
import onnxruntime
from onnx import TensorProto, helper

from commitcast.voice import PiperSpec, default_voice_path
from commitcast.voice.edges import KEPT_FRAMES, cap_trailing_silence
from commitcast.voice.noise import make_noise_deterministic
from commitcast.voice.prepared import rewritten_model_bytes

EDGES = [0, 2, 10]  # pad, end, full stop


def _durations_model() -> onnx.ModelProto:
    """ids [1, N] -> durations [1, 1, N]: each id's value times 1.5, rounded up, as VITS rounds."""
    ids = helper.make_tensor_value_info("input", TensorProto.INT64, [1, None])
    out = helper.make_tensor_value_info("durations", TensorProto.FLOAT, [1, 1, None])
    nodes = [
        helper.make_node("Cast", ["input"], ["as_float"], to=TensorProto.FLOAT),
        helper.make_node("Reshape", ["as_float", "shape"], ["row"]),
        helper.make_node("Mul", ["row", "scale"], ["scaled"]),
        helper.make_node("Ceil", ["scaled"], ["ceiled"]),
        helper.make_node("Identity", ["ceiled"], ["durations"]),
    ]
    inits = [
        onnx.numpy_helper.from_array(np.array([1, 1, -1], np.int64), "shape"),
        onnx.numpy_helper.from_array(np.array(1.5, np.float32), "scale"),
    ]
    graph = helper.make_graph(nodes, "g", [ids], [out], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 15)])


def _run(model: onnx.ModelProto, ids: list[int]) -> list[int]:
    session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return session.run(None, {"input": np.array([ids], np.int64)})[0].reshape(-1).astype(int).tolist()


def test_only_the_trailing_run_of_pauses_and_punctuation_is_capped() -> None:
    model = _durations_model()
    assert cap_trailing_silence(model, EDGES)
    onnx.checker.check_model(model)
    #        start pad  sound pad  full stop inside  sound  pad full stop pad  end
    ids = [10, 0, 20, 0, 10, 30, 0, 10, 0, 2]
    assert _run(model, ids) == [15, 0, 30, 0, 15, 45, 0, KEPT_FRAMES, 0, KEPT_FRAMES]
    assert _run(model, [20, 30]) == [30, 45]  # nothing trailing: nothing capped
    assert _run(model, [10, 10]) == [KEPT_FRAMES, KEPT_FRAMES]


def test_a_graph_that_is_not_a_vits_voice_is_left_alone() -> None:
    model = _durations_model()
    del model.graph.node[3]  # no Ceil
    before = model.SerializeToString()
    assert not cap_trailing_silence(model, EDGES)
    assert model.SerializeToString() == before


def test_the_voice_ends_sooner_and_says_the_same_words() -> None:
    spec = PiperSpec.for_voice()
    plain = onnx.load(str(default_voice_path()))
    make_noise_deterministic(plain)
    sessions = [onnxruntime.InferenceSession(m, providers=["CPUExecutionProvider"])
                for m in (plain.SerializeToString(), rewritten_model_bytes(default_voice_path()))]
    from piper import PiperVoice
    from piper.config import PiperConfig

    config = PiperConfig.from_dict(json.loads(spec.config_path.read_text()))
    for text in ("The build is green again.", "Two reverts landed, both calmly."):
        before, after = (
            np.concatenate([c.audio_float_array for c in PiperVoice(config=config, session=s).synthesize(text)])
            for s in sessions
        )
        assert len(after) <= len(before) - 3 * 256  # whole frames of silence never rendered
        spans = [np.flatnonzero(np.abs(a) > 10 ** (-48 / 20)) for a in (before, after)]
        voiced = [s[-1] - s[0] for s in spans]
        assert abs(voiced[0] - voiced[1]) < 0.01 * 22050  # the words take as long as before
        assert len(after) - 1 - spans[1][-1] < 0.12 * 22050  # and little silence follows them
