"""Measured wins read from PR texts (used to preview open PRs, flagged as not landed)."""

from __future__ import annotations

import pytest

from commitcast.text import gains as measured_wins


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


def test_a_gain_is_read_by_the_same_rules_as_a_changes_facts() -> None:
    # One reader: hardware the newsroom knows (an iPhone, a Graviton) is named for a forge's gain too,
    # and a number that measures nothing ("a 2x2 matrix") is no gain of either.
    assert [w.claim for w in measured_wins("Decoding is 2.5x faster on iPhone 15 Pro.")] == ["2.5x faster on iPhone 15 Pro"]
    assert measured_wins("Refactor the 2x2 matrix helpers for a 3x3 grid") == []
