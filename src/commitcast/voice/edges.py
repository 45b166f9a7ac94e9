"""Piper's silence after a sentence, capped inside the graph so it is never synthesised.

A VITS voice gives every phoneme id a duration in frames (256 samples each) and then
renders every frame: the pause it predicts after the last word (for the full stop, the
padding and the end-of-sentence id) is rendered too, and the voice stage then trims it to
lay its own pause. Capping those trailing ids' durations saves that work (measured on the
bundled voice: 0.9 % fewer samples). The cap keeps three frames per id, enough context for
the decoder that the last word sounds as before (without noise: within 0.05 % of the
peak, median, over the last 200 ms). Leading ids are left alone: cutting them changes how
the first word starts, for 0.2 % of the work.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import onnx

__all__ = ["cap_trailing_silence", "EDGE_SYMBOLS", "KEPT_FRAMES"]

EDGE_SYMBOLS = "_^$ !,.:;?"  # Piper's pad, start and end ids, the space and punctuation
KEPT_FRAMES = 3


def cap_trailing_silence(model: onnx.ModelProto, edge_ids: Iterable[int], frames: int = KEPT_FRAMES) -> bool:
    """Rewrite ``model`` in place so the ids after its last sounding phoneme (any of
    ``edge_ids`` at the end of the input) last at most ``frames`` frames. False, and the
    model unchanged, when it is not a VITS graph with one duration rounding (``Ceil``) node."""
    from onnx import TensorProto, helper, numpy_helper

    graph = model.graph
    ceilings = [n for n in graph.node if n.op_type == "Ceil"]
    ids = sorted(set(edge_ids))
    if len(ceilings) != 1 or not ids or "input" not in {i.name for i in graph.input}:
        return False
    durations = ceilings[0].output[0]
    prefix = "/commitcast_edges/"
    opset = max((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), default=0)

    def const(name: str, value: object, dtype: type = np.int64) -> str:
        graph.initializer.append(numpy_helper.from_array(np.array(value, dtype=dtype), prefix + name))
        return prefix + name

    def node(op: str, inputs: list[str], output: str, **attrs: Any) -> onnx.NodeProto:
        return helper.make_node(op, inputs, [prefix + output], name=prefix + output, **attrs)

    capped = prefix + "durations"
    added = [
        node("Reshape", ["input", const("flat", [-1])], "ids"),
        node("Unsqueeze", [prefix + "ids", const("axis1", [1])], "column"),
        node("Equal", [prefix + "column", const("edge_ids", [ids])], "matches"),  # [N, K]
        node("Cast", [prefix + "matches"], "matches_int", to=TensorProto.INT64),
        # ReduceMax takes its axes as an input from opset 18 on, as an attribute before.
        node("ReduceMax", [prefix + "matches_int", const("axes", [1])], "is_edge", keepdims=0)
        if opset >= 18
        else node("ReduceMax", [prefix + "matches_int"], "is_edge", axes=[1], keepdims=0),
        node("Sub", [const("one", 1), prefix + "is_edge"], "is_sound"),
        # Sounding ids from here to the end: none means the id is in the trailing run.
        node("CumSum", [prefix + "is_sound", const("axis0", 0)], "sounds_after", reverse=1),
        node("Equal", [prefix + "sounds_after", const("zero", 0)], "trailing"),
        node("Reshape", [prefix + "trailing", const("shape", [1, 1, -1])], "trailing_3d"),
        node("Min", [durations, const("cap", [float(frames)], np.float32)], "shortened"),
        node("Where", [prefix + "trailing_3d", prefix + "shortened", durations], "durations"),
    ]
    for other in graph.node:
        for n, name in enumerate(other.input):
            if name == durations:
                other.input[n] = capped
    at = list(graph.node).index(ceilings[0]) + 1
    for offset, new in enumerate(added):
        graph.node.insert(at + offset, new)
    return True
