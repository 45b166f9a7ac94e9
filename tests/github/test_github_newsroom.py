"""Measured wins read from PR texts (used to preview open PRs, flagged as not landed)."""

from __future__ import annotations

import pytest

from commitcast.ingest.github import measured_wins


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        ("Measured a 1.8x speedup on H100.", ["1.8x speedup on H100"]),
        ("This gives a speedup of up to 3x.\nAlso 25% less memory on A100", ["speedup of up to 3x", "25% less memory on A100"]),
        ("Cuts latency: 40% lower latency", ["40% lower latency"]),
        ("A 1.05x speedup and a 3% improvement are noise", []),
        ("Refactor the 2x2 matrix helpers", []),
        ("", []),
    ],
)
def test_measured_wins(text: str, claims: list[str]) -> None:
    assert [w.claim for w in measured_wins(text)] == claims
