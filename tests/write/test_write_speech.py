"""Speech normalisation: written form in, words a TTS voice can read out."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commitcast.write.speech import spoken

CASES = [
    ("Use torch.compile now.", "Use torch dot compile now."),
    (
        "torch.nn.functional.scaled_dot_product_attention",
        "torch dot N N dot functional dot scaled dot product attention",
    ),
    ("PR 197649 landed.", "P R one hundred ninety-seven thousand six hundred forty-nine landed."),
    ("See PR #42 and #7.", "See P R forty-two and number seven."),
    ("Commit d3fbb10 from Jason Ansel.", "Commit D three F B B one zero from Jason Ansel."),
    ("commit 0000067 reverted it", "commit zero zero zero zero zero six seven reverted it"),
    ("A 30% speedup on H100.", "A thirty percent speedup on H one hundred."),
    ("Runs on A100 and MI300X.", "Runs on A one hundred and M I three hundred X."),
    ("It is 3x faster.", "It is three times faster."),
    ("It is 2.5x faster.", "It is two point five times faster."),
    ("from 56.6s to 14.0s", "from fifty-six point six seconds to fourteen seconds"),
    ("from 56.6 seconds to 14 seconds", "from fifty-six point six seconds to fourteen seconds"),
    ("peak memory 67GB to 12 GB", "peak memory sixty-seven gigabytes to twelve gigabytes"),
    ("latency 250ms", "latency two hundred fifty milliseconds"),
    ("It's September 19th, 2026.", "It's September nineteenth, twenty twenty-six."),
    ("38 changes from 14 people", "thirty-eight changes from fourteen people"),
    ("Python 3.11 and v2.5.1", "Python three point eleven and version two point five point one"),
    ("bf16, fp8 and int8", "B F sixteen, F P eight and int eight"),
    ("FSDP2 and DTensor on NCCL", "F S D P two and D tensor on nickel"),
    ("ROCm and CUDA GPUs", "rock em and cuda G P Us"),
    ("rms_norm and index_put", "R M S norm and index put"),
    ("FakeTensorMode and TensorIterator", "Fake Tensor Mode and Tensor Iterator"),
    ("the C++ kernel", "the C plus plus kernel"),
    ("see https://github.com/pytorch/pytorch/pull/1 now", "see now"),
    ("(https://hud.pytorch.org/x)", ""),
    ("back tomorrow — with more", "back tomorrow, with more"),
    ("“Reuse workers for DTensor tests”", "Reuse workers for D tensor tests"),
    ("torch/_inductor/fx_passes", "torch slash inductor slash F X passes"),
    ("e.g. this & that", "for example this and that"),
    ("a -> b", "a to b"),
    ("Replace c10::optional", "Replace C ten optional"),  # C++ scope, not a colon
]


@pytest.mark.parametrize(("written", "said"), CASES)
def test_spoken(written: str, said: str) -> None:
    assert spoken(written) == said


def test_plain_prose_is_left_alone() -> None:
    text = "Hey everyone, and welcome back to the briefing."
    assert spoken(text) == text


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_never_raises_and_never_reads_urls(text: str) -> None:
    out = spoken(text + " https://example.com/x?y=1 " + text)
    assert isinstance(out, str)
    assert "http" not in out.replace(text, "") or "http" in text
    assert not re.search(r"example\.com", out.replace(text, "")) or "example.com" in text


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9))
def test_numbers_become_words(n: int) -> None:
    out = spoken(f"It took {n} changes.")
    assert not re.search(r"\d", out)
