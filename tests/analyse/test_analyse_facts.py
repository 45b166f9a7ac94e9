"""Fact extraction: measured numbers with their context, and never a misread number."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from commitcast.analyse.facts import extract_facts
from commitcast.model import Change, FileChange, Person, PullRequest
from commitcast.text import facts_from_text, format_factor

_T = datetime(2026, 9, 18, 12, tzinfo=UTC)


def make_change(title: str, *, body: str = "", files=(("torch/foo.py", 5, 1),), pr: int | None = None) -> Change:
    return Change(
        sha="c0ffee" * 6 + "abcd", title=title, body=body, trailers={}, authors=[Person("Ada Example")],
        committer=Person("GitHub"), landed_at=_T, authored_at=_T,
        files=[FileChange(p, "M", added=a, deleted=d) for p, a, d in files],
        added=sum(a for _, a, _ in files), deleted=sum(d for _, _, d in files),
        pr=PullRequest(pr) if pr is not None else None,
    )


CHANGE = make_change("Speed up things (#4242)", pr=4242)


def facts(sentence: str):
    return facts_from_text([sentence], CHANGE.sha, CHANGE.pr.number if CHANGE.pr else None)


# (sentence, kind, value, extra expectations)
POSITIVE = [
    ("Runtime fell from 56.6s to 14.0s.", "runtime", 14.0,
     # the clause as written: nothing is added to words that may be quoted
     {"before": 56.6, "after": 14.0, "unit": "s", "text": "Runtime fell from 56.6s to 14.0s", "compares": "change"}),
    ("Reduce the job time from 6 minutes to 10 seconds.", "runtime", 10.0,
     {"before": 6.0, "before_unit": "minutes", "unit": "seconds", "factor": 36.0}),
    ("Metal init time: ~25s -> ~9s (2.7x faster) on int4 Voxtral model.", "runtime", 9.0,
     {"factor": 2.7, "text": "Metal init time: from about 25s to about 9s"}),
    # a figure from one reproduction measures that case; one comparing two settings, those settings
    ("In my reproduction the import is 432x faster.", "speedup", 432.0, {"compares": "case", "strength": "weak"}),
    ("With -O2 the kernel is 20% faster than with -O0.", "percent", 20.0, {"compares": "settings", "strength": "weak"}),
    ("Memory usage went from 12GB to 8GB", "memory", 8.0, {"factor": 1.5, "unit": "GB"}),
    ("Single trace size: ~5 MB → ~302 KB (>16× compression)", "size", 302.0, {"before_unit": "MB", "unit": "KB"}),
    ("Throughput from 1,200 tok/s to 1,800 tok/s on H100", "throughput", 1800.0,
     {"factor": 1.5, "hardware": "H100", "before": 1200.0}),
    ("This gives a 30% speedup on H100 for llama3 8B.", "percent", 30.0, {"percent": 30.0, "hardware": "H100"}),
    ("Reduces peak memory by 30% on A100.", "percent", 30.0, {"hardware": "A100"}),
    ("ET decode is +12-18% faster than llama.cpp", "percent", 18.0, {"low": 12.0}),
    ("- Yields 1.5-2.2x speedup on MI300X for the atomic kernel", "speedup", 2.2,
     {"low": 1.5, "factor": 2.2, "hardware": "MI300X"}),
    ("(S20, S22, iPhone 15 Pro) show a 2-4x speedup.", "speedup", 4.0, {"hardware": "iPhone 15 Pro", "low": 2.0}),
    ("The new kernel is 3x faster on A100.", "speedup", 3.0, {"factor": 3.0, "unit": "x", "hardware": "A100"}),
    ("This is a 10x improvement!", "speedup", 10.0, {"text": "This is a 10x improvement"}),
    ("speedup of 3x on the prefill path", "speedup", 3.0, {}),
    ("It is 3 times faster", "speedup", 3.0, {}),
    ("This saves 2GB of GPU memory per rank.", "memory", 2.0, {"unit": "GB"}),
    ("This PR adds 12 new tests for the scheduler.", "tests", 12.0, {"unit": "tests"}),
    ("All 345 tests pass.", "tests", 345.0, {}),
    ("Removes 1,200 lines of dead code.", "lines", 1200.0, {"unit": "lines"}),
]

NEGATIVE = [
    "Bump torch from 2.5.0 to 2.6.0",  # a version
    "Bump version from 2.5 to 2.6",  # a version without a unit
    "Upgrade gradle from 8.4 to 8.7",
    "Increase the timeout from 30 minutes to 60 minutes",  # a setting, not a measurement
    "reduce timeout from 60s to 30s",
    "Set the default cache size from 2 GB to 4 GB",
    "Use 8xH100 for the run",  # a machine, not a speedup
    "sparse_2x4 kernels with [1,4096,256]x[1,256,1024] shapes",  # shapes
    "Fixes #12345 from 2026-01-29 by abcdef1",  # PR, date, sha
    "On llama3.1-70b, cudagraph takes 6% more memory consumption (143 GiB vs 135 GiB)",  # a cost
    "To calculate 15% of 80, we can multiply 80 by 0.15.",
    "Scale from 1 to 2 GB",
    "We reduced the number of kernels from 10 to 4.",  # no unit
    "the kernel is 2x slower in this case",
    "Runtime went from 10s to 20s on the old runner.",  # got worse: not a win
    "Follow-up to #197701 and #197702.",
    "Use int8 and fp16 for the 2x4 sparse layout",
    "Tested with torch 2.10.0 on CUDA 12.8 with 4 GPUs.",
]


@pytest.mark.parametrize(("sentence", "kind", "value", "expect"), POSITIVE)
def test_reads_measured_facts(sentence: str, kind: str, value: float, expect: dict) -> None:
    found = facts(sentence)
    assert [f.kind for f in found] == [kind], found
    fact = found[0]
    assert fact.value == pytest.approx(value)
    assert fact.sha == CHANGE.sha and fact.pr == 4242
    for field, wanted in expect.items():
        got = getattr(fact, field)
        assert got == (pytest.approx(wanted) if isinstance(wanted, float) else wanted), (field, fact)


@pytest.mark.parametrize("sentence", NEGATIVE)
def test_never_misreads_numbers(sentence: str) -> None:
    assert facts(sentence) == []


def test_body_facts_skip_code_logs_and_tables() -> None:
    body = (
        "Reuse workers for the DTensor tests.\n\n"
        "Runtime fell from 56.6s to 14.0s.\n\n"
        "```\nruntime from 99s to 1s\n```\n"
        "[rank0]:[titan] 2025-06-25 13:00:52 - root - INFO - step: 220  loss: 6.03  memory: 49.66GiB(52.28%)\n"
        "| GEMM | 29.2 µs | 26.1 µs | **10.6% faster** |\n"
        "    latency from 8ms to 2ms\n"
        "Differential Revision: D12345678\n"
    )
    change = make_change("Reuse workers for DTensor tests (#1)", body=body, pr=1)
    found = extract_facts(change)
    assert [(f.kind, f.before, f.after) for f in found] == [("runtime", 56.6, 14.0)]


def test_wrapped_bullet_lines_are_one_sentence() -> None:
    body = "Summary:\n- Yields 1.5-2.2x speedup on MI300X for the atomic kernel and\n  2x for the other one.\n"
    found = extract_facts(make_change("Faster atomics", body=body))
    assert found and found[0].hardware == "MI300X" and found[0].factor == 2.2


def test_big_deletions_give_a_line_count_fact() -> None:
    change = make_change("Remove the legacy exporter", files=(("torch/onnx/legacy.py", 10, 2400),))
    (fact,) = extract_facts(change)
    assert (fact.kind, fact.value, fact.text) == ("lines", 2400.0, "removes 2,400 lines")


def test_small_changes_have_no_line_fact() -> None:
    assert extract_facts(make_change("Tidy", files=(("a/b.py", 100, 300),))) == []


@pytest.mark.parametrize(("factor", "spoken"), [(4.0428, "4"), (2.75, "2.8"), (36.0, "36"), (12.46, "12"), (1.5, "1.5")])
def test_factor_formatting(factor: float, spoken: str) -> None:
    assert format_factor(factor) == spoken


def test_a_small_gain_is_said_as_a_percentage_and_its_from_not_doubled() -> None:
    """ao 2024-10-25: 107.8 -> 108.5 tok/s was "throughput up 1x" and "from from 107.8 to 108.5"."""
    from commitcast.analyse.headlines import effect_phrase

    found = facts("Speeds up inference on our llama benchmark from 107.8 -> 108.5 tok/s on A100.")
    assert found and all("from from" not in f.text for f in found), [f.text for f in found]
    assert effect_phrase(found) == "throughput up 0.6% on A100"
