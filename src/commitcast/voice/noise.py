"""Deterministic noise for Piper's VITS graph, so the same text always gives the same audio.

A VITS voice samples its durations and its latent with RandomNormalLike nodes, whose
generator lives in the session and advances with every call: the same sentence sounds
(a little) different depending on what the process said before, and the episode's MP3
bytes depend on which worker said which sentence. onnxruntime offers no per-call seed,
so each random node is replaced by a counter-based generator computed inside the graph:
element index, a seed folded from the input phoneme ids and a per-node salt go through
an exact int64 hash (mod 2^31-1, products < 2^63) to two uniforms, then Box-Muller.
The noise is therefore a pure function of the phoneme ids, whatever the call history,
the thread count or the process.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import onnx

__all__ = ["make_noise_deterministic", "RANDOM_OPS"]

RANDOM_OPS = frozenset({"RandomNormalLike", "RandomNormal", "RandomUniformLike", "RandomUniform"})

_M = 2_147_483_647  # the Mersenne prime 2^31 - 1: every product below stays under 2^63
_LEHMER = 48_271


class _Builder:
    """Appends nodes and constants under one name prefix."""

    def __init__(self, graph: onnx.GraphProto, prefix: str) -> None:
        self.graph = graph
        self.prefix = prefix
        self.nodes: list[onnx.NodeProto] = []
        self._count = 0

    def _name(self) -> str:
        self._count += 1
        return f"{self.prefix}/{self._count}"

    def const(self, value: float | int | list[int], dtype: type = np.int64) -> str:
        from onnx import numpy_helper

        name = self._name()
        self.graph.initializer.append(numpy_helper.from_array(np.array(value, dtype=dtype), name))
        return name

    def op(self, op_type: str, *inputs: str, output: str | None = None, **attrs: Any) -> str:
        from onnx import helper

        name = self._name()
        out = output or name
        self.nodes.append(helper.make_node(op_type, list(inputs), [out], name=name, **attrs))
        return out

    def modmul(self, h: str, k: int) -> str:
        """``(h * k) mod M`` for h in [0, M)."""
        return self.op("Mod", self.op("Mul", h, self.const(k)), self.const(_M))

    def square_add(self, h: str, c: int) -> str:
        """``(h * h + c) mod M``: the nonlinear round that breaks the index's lattice."""
        return self.op("Mod", self.op("Add", self.op("Mul", h, h), self.const(c)), self.const(_M))


def _seed(b: _Builder, ids: str) -> str:
    """An int64 scalar in [0, M) from the phoneme ids: position-weighted, so order matters."""
    flat = b.op("Reshape", ids, b.const([-1]))
    count = b.op("Size", flat)
    positions = b.op("Range", b.const(1), b.op("Add", count, b.const(1)), b.const(1))
    weights = b.op("Add", b.op("Mod", b.op("Mul", positions, b.const(40_503)), b.const(65_521)), b.const(1))
    terms = b.op("Mul", b.op("Add", flat, b.const(1)), weights)
    return b.op("Mod", b.op("ReduceSum", terms, keepdims=0), b.const(_M))


def _replace(b: _Builder, node: onnx.NodeProto, seed: str, salt: int) -> None:
    """Nodes that compute ``node``'s output deterministically from ``seed``."""
    from onnx import TensorProto, helper

    attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
    like = node.op_type.endswith("Like")
    shape = b.op("Shape", node.input[0]) if like else b.const(list(attrs["shape"]))
    count = b.op("ReduceProd", shape, keepdims=0)
    index = b.op("Range", b.const(0), count, b.const(1))
    start = b.op("Add", b.op("Mul", index, b.const(1_000_003)), b.op("Mul", seed, b.const(7_919)))
    h = b.modmul(b.op("Mod", b.op("Add", start, b.const(104_729 * salt + 12_345)), b.const(_M)), _LEHMER)
    first = b.square_add(b.square_add(h, 1_013), 7)
    second = b.square_add(b.modmul(first, _LEHMER), 31_337)

    def uniform(h: str, offset: float) -> str:  # in (0, 1], computed in float64 so exactly
        as_float = b.op("Cast", h, to=TensorProto.DOUBLE)
        return b.op("Div", b.op("Add", as_float, b.const(offset, np.float64)), b.const(float(_M), np.float64))

    if node.op_type.startswith("RandomNormal"):
        radius = b.op("Sqrt", b.op("Mul", b.op("Log", uniform(first, 1.0)), b.const(-2.0, np.float64)))
        angle = b.op("Mul", uniform(second, 0.5), b.const(2 * math.pi, np.float64))
        low, spread = float(attrs.get("mean", 0.0)), float(attrs.get("scale", 1.0))
        values = b.op("Mul", radius, b.op("Cos", angle))
    else:
        low = float(attrs.get("low", 0.0))
        spread = float(attrs.get("high", 1.0)) - low
        values = uniform(second, 0.5)
    scaled = b.op("Add", b.op("Mul", values, b.const(spread, np.float64)), b.const(low, np.float64))
    shaped = b.op("Reshape", scaled, shape)
    if "dtype" in attrs:
        b.op("Cast", shaped, to=int(attrs["dtype"]), output=node.output[0])
    elif like:
        b.op("CastLike", shaped, node.input[0], output=node.output[0])
    else:  # RandomNormal/RandomUniform default to float32
        b.op("Cast", shaped, to=TensorProto.FLOAT, output=node.output[0])


def make_noise_deterministic(model: onnx.ModelProto, ids_input: str = "input") -> int:
    """Rewrite ``model`` in place so its random nodes depend only on ``ids_input``; returns
    how many were replaced. Needs opset >= 15 (CastLike)."""
    graph = model.graph
    if ids_input not in {i.name for i in graph.input}:
        raise ValueError(f"the model has no {ids_input!r} input to seed its noise from")
    b = _Builder(graph, "/commitcast_noise")
    seed = _seed(b, ids_input)
    # The seed depends only on a graph input, so its nodes can go first (an ONNX graph's
    # nodes must stay topologically sorted); each replacement goes where its node was.
    kept, b.nodes = b.nodes, []
    replaced = 0
    for node in graph.node:
        if node.domain in ("", "ai.onnx") and node.op_type in RANDOM_OPS:
            replaced += 1
            _replace(b, node, seed, replaced)
            kept.extend(b.nodes)
            b.nodes = []
        else:
            kept.append(node)
    del graph.node[:]
    graph.node.extend(kept)
    return replaced
