"""PR references and ghstack stacks (table-driven, real message shapes)."""

from __future__ import annotations

import pytest

from commitcast.ingest.refs import (
    gitlab_merge_request,
    merge_pr,
    parse_stack,
    pr_from_url,
    pr_url,
    title_pr,
    without_stack_block,
)
from commitcast.model import Stack


@pytest.mark.parametrize(
    ("subject", "title", "number"),
    [
        (
            "Fold quantization into mutable buffer storage (#4665)",
            "Fold quantization into mutable buffer storage",
            4665,
        ),
        (
            "[BE][5/n] simply pp vs. non-pp set up (#1234)",
            "[BE][5/n] simply pp vs. non-pp set up",
            1234,
        ),
        (
            "[rl] Revert generator initialization race condition fix (#3809) (#3871)",
            "[rl] Revert generator initialization race condition fix (#3809)",
            3871,
        ),
        ("Re-sync with internal repository", "Re-sync with internal repository", None),
        ("Mention (#12) in the middle", "Mention (#12) in the middle", None),
        ("(#12)", "(#12)", None),
        # A CI marker after the number is an instruction to CI (vuejs/core's #12551).
        ("fix(typos): fix comments referencing transformElement.ts (#12551)[ci-skip]",
         "fix(typos): fix comments referencing transformElement.ts", 12551),
        ("docs: reword the guide (#77) [skip ci] [ci skip]", "docs: reword the guide", 77),
        ("docs: reword the guide [skip ci]", "docs: reword the guide", None),
        ("[skip ci]", "[skip ci]", None),
        ("Keep [ci skip] in the middle", "Keep [ci skip] in the middle", None),
    ],
)
def test_title_pr(subject: str, title: str, number: int | None) -> None:
    assert title_pr(subject) == (title, number)


def test_merge_subjects() -> None:
    assert merge_pr("Merge pull request #42 from pytorch-labs/gh/jerryzh168/1/head") == (
        42,
        "pytorch-labs/gh/jerryzh168/1/head",
    )
    assert merge_pr("Merge branch 'main' into feature") is None
    assert merge_pr("Merge pull request #12308") == (12308, "")  # pip's, merged without the branch
    assert merge_pr("Merge pull request #12308 and some words") is None
    assert gitlab_merge_request("Add a thing\n\nSee merge request group/sub/project!123") == 123
    assert gitlab_merge_request("no reference here") is None


@pytest.mark.parametrize(
    ("url", "number"),
    [
        ("https://github.com/pytorch/executorch/pull/1010", 1010),
        ("https://github.com/pytorch/executorch/pull/1010/", 1010),
        ("https://gitlab.com/group/sub/project/-/merge_requests/7", 7),
        ("https://github.com/pytorch/executorch/issues/1185", None),
        ("https://evil.example/pytorch/executorch/pull/1010", None),
        ("javascript:alert(1)//github.com/a/b/pull/1", None),
        ("https://github.com/a/b/pull/1 trailing words", None),
    ],
)
def test_pr_from_url(url: str, number: int | None) -> None:
    assert pr_from_url(url) == number


def test_pr_url_follows_the_forge() -> None:
    assert pr_url("https://github.com/pytorch/ao", 5) == "https://github.com/pytorch/ao/pull/5"
    assert (
        pr_url("https://gitlab.com/group/project", 5)
        == "https://gitlab.com/group/project/-/merge_requests/5"
    )
    assert pr_url(None, 5) is None


TORCHTITAN_STACK = """Stack from [ghstack](https://github.com/ezyang/ghstack/tree/0.12.0)
(oldest at bottom):
* #4235
* __->__ #4249

PR #3859 moved grouped expert weights from MoE.experts to
MoE.routed_experts.inner_experts."""

# The issue's example: the marked PR is the oldest, at the bottom.
ISSUE_STACK = "Stack from [ghstack](https://github.com/ezyang/ghstack) (oldest at bottom):\r\n* #197653\r\n* __->__ #197652\r\n"

EXECUTORCH_URL_STACK = """Summary:
Stack from [ghstack](https://github.com/ezyang/ghstack) (oldest at bottom):
* __->__ https://github.com/pytorch/executorch/issues/1185

Currently for each constant tensor we need to compare its buffer."""

PROSE = """ghstack 0.15.0 changed the header URL in PR bodies from
`Stack from [ghstack](https://github.com/ezyang/ghstack)` to
the versioned one.

* #1 is an unrelated bullet"""


@pytest.mark.parametrize(
    ("body", "own", "dependencies", "stack"),
    [
        pytest.param(
            TORCHTITAN_STACK,
            4249,
            None,
            Stack(prs=[4249, 4235], position=0),
            id="torchtitan-bottom-first",
        ),
        pytest.param(
            ISSUE_STACK.replace("\r\n", "\n"),
            197652,
            None,
            Stack(prs=[197652, 197653], position=0),
            id="issue-example",
        ),
        pytest.param(
            EXECUTORCH_URL_STACK, 1185, None, Stack(prs=[1185], position=0), id="url-items"
        ),
        pytest.param(
            "", 412, ["#411"], Stack(prs=[411, 412], position=1), id="ghstack-dependencies"
        ),
        pytest.param(
            "", 9, ["#7, #8"], Stack(prs=[7, 8, 9], position=2), id="several-dependencies"
        ),
        pytest.param(PROSE, 5, None, None, id="prose-mention-is-not-a-stack"),
        pytest.param("Plain body.", 5, None, None, id="none"),
    ],
)
def test_parse_stack(
    body: str, own: int, dependencies: list[str] | None, stack: Stack | None
) -> None:
    assert parse_stack(body, own, dependencies) == stack


def test_stack_block_is_removed_from_the_body() -> None:
    assert without_stack_block(TORCHTITAN_STACK).strip() == (
        "PR #3859 moved grouped expert weights from MoE.experts to\nMoE.routed_experts.inner_experts."
    )
    assert without_stack_block(PROSE) == PROSE
