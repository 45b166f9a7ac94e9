"""Reverts, re-applies, back-outs and relands, from real commit messages (table-driven)."""

from __future__ import annotations

import pytest

from commitcast.ingest.messages import parse_message
from commitcast.model import Revert

MERGEBOT_REVERT = """Revert "[inductor] Fuse pointwise ops into reductions (#148722)"

This reverts commit 0a1b2c3d4e5f60718293a4b5c6d7e8f901234567.

Reverted https://github.com/pytorch/pytorch/pull/148722 on behalf of https://github.com/malfet due to Broke trunk on ROCm, see https://hud.pytorch.org/pytorch/pytorch/commit/0a1b2c3 ([comment](https://github.com/pytorch/pytorch/pull/148722#issuecomment-2709851234))"""

# (message, expected revert, expected reland flag); messages are from the corpora unless noted.
CASES = [
    pytest.param(
        'Revert "pt2e: preserve mutable buffer inputs during prepare" (#4531)\n\nRevert "pt2e: preserve mutable buffer inputs during prepare (#4466)"\n\nThis reverts commit 7987abedee2ca8a9e9825d93eb20bfb01f402f5d.',
        Revert(
            kind="revert",
            sha="7987abedee2ca8a9e9825d93eb20bfb01f402f5d",
            pr=4466,
            title="pt2e: preserve mutable buffer inputs during prepare",
        ),
        False,
        id="squashed-github-revert",
    ),
    pytest.param(
        'Revert "Revert "pt2e: preserve mutable buffer inputs during prepare""\n\nDifferential Revision: D111939703\n\nPull Request resolved: https://github.com/pytorch/ao/pull/4564',
        Revert(kind="reapply", title="pt2e: preserve mutable buffer inputs during prepare"),
        True,
        id="double-revert-reapplies",
    ),
    pytest.param(
        'Revert "Revert "Add full operator to fold dq/q handling" (#7351)" (#7362)\n\nThis reverts commit 11beed1becc76b9ef10f6f8f5268c41cbdcdbfb4.',
        Revert(
            kind="reapply",
            sha="11beed1becc76b9ef10f6f8f5268c41cbdcdbfb4",
            pr=7351,
            title="Add full operator to fold dq/q handling",
        ),
        True,
        id="double-revert-with-pr",
    ),
    pytest.param(
        'Revert "Arm backend: use dbg_fail when node visitors raise exceptions" (#9376)\n\nReverts pytorch/executorch#9268',
        Revert(
            kind="revert",
            pr=9268,
            title="Arm backend: use dbg_fail when node visitors raise exceptions",
        ),
        False,
        id="github-ui-revert",
    ),
    pytest.param(
        'Revert "[RL] spmd_types: fix trainer logprob gradient; route generator TP all-reduce via funcol" (#3826)\n\nReverts pytorch/torchtitan#3822, messed up rebase',
        Revert(
            kind="revert",
            pr=3822,
            title="[RL] spmd_types: fix trainer logprob gradient; route generator TP all-reduce via funcol",
            reason="messed up rebase",
        ),
        False,
        id="github-ui-revert-with-reason",
    ),
    pytest.param(
        'Revert PR-2016 & Redo "Run Torchtitan ROCm workflow on cron schedule & push to Main branch only" (#2017)\n\nReverts PR: https://github.com/pytorch/torchtitan/pull/2016\nAddressing following issues in this PR',
        # undone and done again in one commit: the change comes back, fixed
        Revert(
            kind="reapply",
            pr=2016,
            title="Run Torchtitan ROCm workflow on cron schedule & push to Main branch only",
        ),
        True,
        id="reverts-pr-url",
    ),
    pytest.param(
        MERGEBOT_REVERT,  # the PyTorch merge bot's revert (constructed in its exact format)
        Revert(
            kind="revert",
            sha="0a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
            pr=148722,
            title="[inductor] Fuse pointwise ops into reductions",
            reason="Broke trunk on ROCm, see https://hud.pytorch.org/pytorch/pytorch/commit/0a1b2c3",
            by="malfet",
        ),
        False,
        id="mergebot-revert",
    ),
    pytest.param(
        'Reapply "Depend on extension/threadpool, not thread_parallel_interface, in buck (#9511)" (#9922)\n\nThis reverts commit 1234567890abcdef1234567890abcdef12345678.',
        Revert(
            kind="reapply",
            sha="1234567890abcdef1234567890abcdef12345678",
            pr=9511,
            title="Depend on extension/threadpool, not thread_parallel_interface, in buck",
        ),
        True,
        id="git-reapply",
    ),
    pytest.param(
        'Back out "delete .int overload" (#432)\n\nSummary:\nPull Request resolved: https://github.com/pytorch/executorch/pull/432\n\nBroke some assistant tests so there must be more really old models floating around',
        Revert(kind="backout", title="delete .int overload"),
        False,
        id="back-out",
    ),
    pytest.param(
        'Back out "Back out "[executorch][PR] Add stories ci for qnn""\n\nSummary: Original commit changeset: 1c86682250bb',
        Revert(kind="reapply", title="[executorch][PR] Add stories ci for qnn"),
        True,
        id="double-back-out",
    ),
    pytest.param(
        "backout the schema definition change (#3213)",
        Revert(kind="backout", title="the schema definition change"),
        False,
        id="backout-unquoted",
    ),
    pytest.param(
        "Revert D48588121: Add support for mul and mul_relu\n\nDifferential Revision:\nD48588121\n\nOriginal commit changeset: 04f9930effa1",
        Revert(kind="revert", title="Add support for mul and mul_relu"),
        False,
        id="phabricator-revert",
    ),
    pytest.param(
        'Revert "Reland "Arm backend: Add transpose propagation pass" (#20748)"\n\nDifferential Revision: D112005256',
        Revert(
            kind="revert", pr=20748, title='Reland "Arm backend: Add transpose propagation pass"'
        ),
        False,
        id="revert-of-a-reland",
    ),
    pytest.param(
        "[rl] Revert generator initialization race condition fix (#3809) (#3871)",
        Revert(kind="revert", pr=3809, title="generator initialization race condition fix"),
        False,
        id="tagged-free-form-revert",
    ),
    pytest.param(
        "Arm backend: Revert 5D-updates to EthosUBackend (#11522)",
        Revert(kind="revert", title="5D-updates to EthosUBackend"),
        False,
        id="area-prefixed-revert",
    ),
    pytest.param(
        "Reapply #9842: Save some size in dtype_util when dtype selective build is not in use (#10490)",
        Revert(
            kind="reapply",
            pr=9842,
            title="Save some size in dtype_util when dtype selective build is not in use",
        ),
        True,
        id="reapply-by-number",
    ),
    pytest.param(
        'Reland cadence quantized_linear_per_tensor_out cpu 1eb924f^..fd33294 (#7204)\n\nRevert "Revert cadence quantized_linear_per_tensor_out cpu1eb924f^..fd33294 (…"\r\n\r\nThis reverts commit a9565aa7a0a844d4e7db78eceec272f56eee27fe.',
        Revert(
            kind="reapply",
            sha="a9565aa7a0a844d4e7db78eceec272f56eee27fe",
            title="cadence quantized_linear_per_tensor_out cpu1eb924f^..fd33294 (…",
        ),
        True,
        id="reland-that-reverts-the-revert",
    ),
    pytest.param(
        'Reland "Fix graph signature data model to list of specs." (#866)',
        None,
        True,
        id="reland-quoted",
    ),
    pytest.param("[reland2][ROCm] preshuffled weight mm (#2207)", None, True, id="reland-tag"),
    pytest.param("Get export APIs ready for PTC (reland) (#835)", None, True, id="reland-suffix"),
    pytest.param("Re-land the new allocator (#9)", None, True, id="re-land"),
    pytest.param(
        "Qualcomm AI Engine Direct - Reland GA Static QWEN2.5 0.5B (#12582)",
        None,
        True,
        id="reland-mid-title",
    ),
    pytest.param(
        "Add dim-order op revert pass for delegates (#4470)", None, False, id="revert-as-a-word"
    ),
    pytest.param(
        "Arm backend: Allow revert commits in pre-push hook (#18193)",
        None,
        False,
        id="revert-as-an-object",
    ),
    pytest.param("Relandscape the docs (#1)", None, False, id="not-a-reland-word"),
    pytest.param(
        'Revert "Split & remove extension_parallel (#8983)" (#9189)',
        Revert(kind="revert", pr=8983, title="Split & remove extension_parallel"),
        False,
        id="the-number-outside-the-quotes-is-the-reverts-own",
    ),
    pytest.param(
        'Revert "Tidy the loader" (#123)',
        Revert(kind="revert", title="Tidy the loader"),
        False,
        id="squashed-revert-of-a-title-without-a-number",
    ),
    pytest.param(
        'Revert "Revert "Qualcomm AI Engine Direct - CI for Non-LLM GA model" … (#12536)',
        Revert(kind="reapply", title="Qualcomm AI Engine Direct - CI for Non-LLM GA model"),
        True,
        id="title-cut-by-github-after-the-inner-quote",
    ),
    pytest.param("test: revert to threads", None, False, id="going-back-to-a-way-of-working-is-no-revert"),
    pytest.param("Revert back to the old allocator", None, False, id="revert-back-to"),
    pytest.param(
        "Revert changes to executor_runner (#6687)",
        Revert(kind="revert", title=None),
        False,
        id="a-revert-that-describes-what-it-undoes-names-no-title",
    ),
    pytest.param(
        'Revert "Merge pull request #1519 from dstufft/remove-dependency-links"',
        Revert(kind="revert", pr=1519, title="Remove dependency links"),
        False,
        id="a-reverted-merge-is-named-by-its-branch",
    ),
]


@pytest.mark.parametrize(("message", "revert", "reland"), CASES)
def test_reverts_and_relands(message: str, revert: Revert | None, reland: bool) -> None:
    parsed = parse_message(message)
    assert parsed.revert == revert
    assert parsed.is_reland is reland
