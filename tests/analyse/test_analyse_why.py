"""Why-sentences are taken only from plain prose an editor could read aloud, each with its role."""

from __future__ import annotations

import pytest

from commitcast.analyse import annotate
from commitcast.analyse.areas import AreaResolver
from commitcast.analyse.why import reasons


def _why(b, body: str) -> list[tuple[str, str]]:
    item = annotate(b.make_change("Make checkpoints interoperable", body=body), 0, AreaResolver())
    return [(w.role, w.text) for w in reasons([item])]


def test_problem_and_effect_are_taken_in_body_order(b) -> None:
    body = (
        "Loading a checkpoint saved on eight GPUs failed on four GPUs.\n\n"
        "With this change, checkpoints no longer need a conversion step.\n"
    )
    assert _why(b, body) == [
        ("problem", "Loading a checkpoint saved on eight GPUs failed on four GPUs."),
        ("effect", "With this change, checkpoints no longer need a conversion step."),
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        # A corpus day (torchtitan) read this one aloud with its slash-joined weight names.
        "The change makes fused checkpoints interoperable by saving in the wq.weight/wk.weight/wv.weight layout.",
        # Leans on a sentence the listener did not hear.
        "Loading a checkpoint saved on eight GPUs failed on four of them.",
        "The change adds the torch lib RPATH so libc10.so/libtorch_cpu.so are found at runtime.",
        # It introduces a table the listener cannot see (pytorch/ao, June 2025).
        "With Phi-4-mini-instruct on MI300x with FP8 rowwise quant I see the following, which is about a 5% speedup:",
        # A list item's fragment, not a sentence (vuejs/core #10220).
        "- pnpm run test instead of pnpm test run",
        "The change makes fused checkpoints interoperable, see torch/distributed/checkpoint for details.",
        "The change makes fused checkpoints interoperable, as discussed in #4242 last week.",
    ],
)
def test_code_paths_and_references_are_not_retold(b, sentence: str) -> None:
    assert _why(b, sentence) == []


def test_test_plans_are_not_reasons(b) -> None:
    body = "## Test plan\n\nThe change makes fused checkpoints load faster on every machine we tried.\n"
    assert _why(b, body) == []


def test_a_section_label_is_not_retold(b) -> None:
    body = "Summary: replace the loader's retry loop with one bounded wait instead of spinning.\n"
    assert _why(b, body) == [("change", "Replace the loader's retry loop with one bounded wait instead of spinning.")]


def test_a_sentence_that_restates_the_title_is_no_reason(b) -> None:
    item = annotate(b.make_change("Add max_pool2d op to Arm backend", body="This PR adds max_pool2d op to Arm backend.\n"),
                    0, AreaResolver())
    assert reasons([item]) == []


def test_a_quoted_block_is_someone_elses_words(b) -> None:
    """torchtitan #3814 quoted an error ("> …InductorError … Use BACKEND='TRITON' or avoid …"),
    whose run-on line was retold as the change's own effect."""
    body = ("The model now respects block_size but flex_flash with FA4 is still broken. Error:\n\n"
            "> torch._inductor.exc.InductorError: LoweringException:\n"
            "NotImplementedError: the FLASH backend does not support this case. Use BACKEND='TRITON' or\n"
            "avoid differentiating through logsumexp.\n")
    assert not any("TRITON" in text or "logsumexp" in text for _, text in _why(b, body))


def test_what_a_failure_does_now_is_the_effect(b) -> None:
    """executorch #19092: "Load failures now throw from JNI …" was told as the problem."""
    body = ("Restore detailed native error messages in LlmModule.load() so users see the model type. "
            "Load failures now throw from JNI with the specific error code and description.\n")
    assert ("effect", "Load failures now throw from JNI with the specific error code and description.") in _why(b, body)


def test_a_need_the_change_removes_is_its_effect(b) -> None:
    """clippy #5373: "No new branch has to be created for a backport" is an advantage, told as the problem."""
    body = "Backports to beta are easier now. No new branch has to be created for a backport.\n"
    assert ("problem", "No new branch has to be created for a backport.") not in _why(b, body)
    assert ("effect", "No new branch has to be created for a backport.") in _why(b, body)


def test_a_sentence_whose_link_is_gone_is_not_retold(b) -> None:
    """torchtitan #1082: "this performance regression comes from In that PR, .skip is removed …"."""
    body = ("This performance regression comes from\nhttps://github.com/pytorch/torchtitan/pull/838. In that PR, skip is\n"
            "removed for both map-style and iterable-style datasets for correctness reasons.\n")
    said = [text for _, text in _why(b, body)]
    assert not any(text.rstrip(" .").endswith("from") or "from In" in text for text in said), said


def test_a_sentence_leaning_on_the_one_before_or_describing_the_change_is_placed_right(b) -> None:
    """executorch "It adds new CMake build logic …" was told as the problem; "the change adds such
    validation" (which?) leaned on the sentence before."""
    body = ("It adds new CMake build logic and improves type and error handling for CUDA-specific operations.\n\n"
            "The change adds such validation while including the new fp16 dtype in every operator.\n")
    said = _why(b, body)
    assert ("change", "It adds new CMake build logic and improves type and error handling for CUDA-specific operations.") in said
    assert not any("such validation" in text for _, text in said)


def test_a_clause_or_a_fix_is_placed_by_what_it_says(b) -> None:
    """executorch 2025-03-13: “Because I had to define all variables in the include statement.” was
    quoted alone, and "Fix the bug of rms norm builder." told as the backstory."""
    body = ("Because I had to define all variables in the include statement of every workflow.\n\n"
            "Fix the bug of rms norm builder in the Qualcomm backend for every model.\n")
    said = _why(b, body)
    assert not any(text.startswith("Because") for _, text in said)
    assert ("change", "Fix the bug of rms norm builder in the Qualcomm backend for every model.") in said, said


def test_what_something_is_now_is_no_effect(b) -> None:
    """torchao #2261: "this is problematic … because scales and zero points are now nn.Parameters" was the upshot."""
    body = "This is problematic for range learning because scales and zero points are now parameters that require gradients.\n"
    assert [role for role, _ in _why(b, body)] == ["problem"]


@pytest.mark.parametrize(
    ("sentence", "role"),
    [
        # u-boot 2024-07-31: told as "Here's the problem, …" though it names no trouble
        ("Currently the script supports dts, mbedtls and lwip as subtree projects.", "context"),
        ("Previously the cache was kept in the home directory of each user.", "context"),
        ("Previously the cache failed to load on Windows machines.", "problem"),
    ],
)
def test_how_things_stood_is_background_and_only_trouble_is_a_problem(b, sentence: str, role: str) -> None:
    assert _why(b, sentence) == [(role, sentence)]


@pytest.mark.parametrize(
    "sentence",
    [
        # curl 2023-11-06: a better fix the author did not make is no problem, nor a change
        "The better fix would be to teach autotools to not link dependency libs while detecting it.",
        # curl 2023-11-06: a list's item under its label
        "Pelles C: Unclear status, failed to obtain a fresh copy a few months ago.",
    ],
)
def test_remarks_and_list_items_are_no_why(b, sentence: str) -> None:
    assert _why(b, sentence) == []


def test_revision_notes_are_no_why_and_footnote_marks_are_not_read(b) -> None:
    """u-boot 2025-01-22: "For v2, I have split the first patch into 5 pieces …" was read as the why,
    and "the current UPL spec[1] has been tidied up" with its footnote mark."""
    assert _why(b, "For v2, I have split the first patch into five pieces to show the code-size impact.") == []
    said = _why(b, "The current UPL spec[1] has been tidied up and improved over the last year, since support was written.")
    assert said and "[1]" not in said[0][1]
