"""Whole messages parsed end to end, and the promise that parsing never raises."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commitcast.ingest.messages import parse_message, parse_person
from commitcast.model import Person, PullRequest, Stack

EXECUTORCH_EXPORT = """[ET-VK] Minor performance improvement to permute op.

This diff implements a minor performance improvement to the permute op in the Vulkan backend of Executorch.

Differential Revision: [D70917659](https://our.internmc.facebook.com/intern/diff/D70917659/)

ghstack-source-id: 271103592
Pull Request resolved: https://github.com/pytorch/executorch/pull/9103

Co-authored-by: Lunwen He <14fae9d6f17a@example.invalid>
"""

TORCHTITAN_GHSTACK = """[ci] fix transformers_backend routed_experts MoE tests (#4249)

Stack from [ghstack](https://github.com/ezyang/ghstack/tree/0.12.0)
(oldest at bottom):
* #4235
* __->__ #4249

PR #3859 moved grouped expert weights from MoE.experts to
MoE.routed_experts.inner_experts. Update the transformers modeling
backend tests to follow the new module structure."""


def test_meta_export_through_the_merge_bot() -> None:
    parsed = parse_message(EXECUTORCH_EXPORT)
    assert parsed.title == "[ET-VK] Minor performance improvement to permute op."
    assert parsed.body == (
        "This diff implements a minor performance improvement to the permute op in the Vulkan backend of Executorch."
    )
    assert parsed.pr == PullRequest(9103, "https://github.com/pytorch/executorch/pull/9103")
    assert parsed.trailers["ghstack-source-id"] == ["271103592"]
    assert parsed.trailers["Differential Revision"] == [
        "[D70917659](https://our.internmc.facebook.com/intern/diff/D70917659/)"
    ]
    assert parsed.co_authors == [Person("Lunwen He", "14fae9d6f17a@example.invalid")]
    assert parsed.revert is None and not parsed.is_reland and parsed.stack is None


def test_forge_url_wins_over_the_trailer_url() -> None:
    parsed = parse_message(EXECUTORCH_EXPORT, web_url="https://github.com/me/fork")
    assert parsed.pr == PullRequest(9103, "https://github.com/me/fork/pull/9103")


def test_squash_title_pr_beats_the_trailer() -> None:
    # pytorch/ao: a ghstack PR (#688) landed through another PR (#779)
    parsed = parse_message(
        "add in formatting skip everything (#779)\n\nghstack-source-id: 34fe56595eac4d1a2fecb07a230307c0b2b767d7\n"
        "Pull Request resolved: https://github.com/pytorch/ao/pull/688"
    )
    assert parsed.title == "add in formatting skip everything"
    assert parsed.pr == PullRequest(779, None)  # no forge known and the trailer names another PR


def test_ghstack_commit() -> None:
    parsed = parse_message(TORCHTITAN_GHSTACK, web_url="https://github.com/pytorch/torchtitan")
    assert parsed.title == "[ci] fix transformers_backend routed_experts MoE tests"
    assert parsed.pr == PullRequest(4249, "https://github.com/pytorch/torchtitan/pull/4249")
    assert parsed.stack == Stack(prs=[4249, 4235], position=0)
    assert parsed.body.startswith("PR #3859 moved grouped expert weights")
    assert "ghstack" not in parsed.body


def test_github_merge_commit_is_its_pr() -> None:
    parsed = parse_message(
        "Merge pull request #42 from pytorch-labs/gh/jerryzh168/1/head\n\nAdd GPTQQuantizer"
    )
    assert parsed.is_pr_merge
    assert parsed.title == "Add GPTQQuantizer"
    assert parsed.pr == PullRequest(42, None)
    assert parsed.body == ""


def test_gitlab_merge_commit_is_its_merge_request() -> None:
    parsed = parse_message(
        "Merge branch 'fix-cache' into 'main'\n\nFix the cache key\n\nCloses #12\n\nSee merge request group/project!77",
        web_url="https://gitlab.com/group/project",
    )
    assert parsed.is_pr_merge
    assert parsed.title == "Fix the cache key"
    assert parsed.pr == PullRequest(77, "https://gitlab.com/group/project/-/merge_requests/77")


def test_a_subject_github_cut_is_joined_with_its_rest_from_the_body() -> None:
    long = parse_message(
        "Update README.md to refer directly consolidated.00.p… (#11298)\n\n"
        "…th, instead of standard single file checkpoints\n\nMore text."
    )  # from pytorch/executorch
    assert long.title == "Update README.md to refer directly consolidated.00.pth, instead of standard single file checkpoints"
    assert long.pr is not None and long.pr.number == 11298 and long.body == "More text."
    revert = parse_message(
        'Revert "Revert "Qualcomm AI Engine Direct - CI for Non-LLM GA model" … (#12536)\n\n…(#12166)"\n\n'
        "This reverts commit 95548266ebe43cba0d7f333010b781c572e5cc80."
    )
    assert revert.revert is not None and revert.revert.kind == "reapply" and revert.revert.pr == 12166
    assert revert.revert.title == "Qualcomm AI Engine Direct - CI for Non-LLM GA model"
    # A title that only ends with "…", or a body that only starts with one, stays as it is.
    assert parse_message("Plain title… (#5)\n\nbody").title == "Plain title…"
    assert parse_message("No cut (#7)\n\n…odd body").body == "…odd body"


def test_empty_and_odd_messages() -> None:
    assert parse_message("").title == "Untitled commit"  # a change still has a name to say
    assert parse_message("\n\n  Subject only  \n").title == "Subject only"
    assert parse_message("Title\r\n\r\nBody line\r\n").body == "Body line"


def test_parse_person() -> None:
    assert parse_person("Ada Lovelace <ada@example.com>") == Person(
        "Ada Lovelace", "ada@example.com"
    )
    assert parse_person("<ada@example.com>") == Person("ada@example.com", "ada@example.com")
    assert parse_person("Just A Name") == Person("Just A Name")
    # "co-authored-by: @YassineYousfi" (torchtitan #3887) names a handle: the "@" is not said
    assert parse_person("@YassineYousfi") == Person("YassineYousfi")
    assert parse_person("@ada <ada@example.com>") == Person("ada", "ada@example.com")
    assert parse_person("   ") is None


# Fragments of real conventions, so the fuzzing reaches deep into every parser.
FRAGMENTS = [
    'Revert "',
    'Reapply "',
    'Back out "',
    '"',
    "Reland ",
    "[reland]",
    "(#12)",
    " (#",
    "#",
    "This reverts commit 7987abedee2ca8a9e9825d93eb20bfb01f402f5d.",
    "Reverted https://github.com/pytorch/pytorch/pull/1 on behalf of https://github.com/x due to ",
    "([comment](https://github.com/a/b/pull/1#c))",
    "Reverts pytorch/ao#",
    "Revert D123: ",
    "Stack from [ghstack](https://github.com/ezyang/ghstack) (oldest at bottom):",
    "* __->__ #",
    "* #",
    "Pull Request resolved: https://github.com/pytorch/ao/pull/",
    "Differential Revision:",
    "Co-authored-by: ",
    "<",
    ">",
    "ghstack dependencies: #",
    "Merge pull request #7 from a/b",
    "Merge branch 'a' into 'b'",
    "See merge request g/p!",
    "```",
    "\n",
    "\n\n",
    "\r\n",
    " ",
    "\t",
    "\x00",
    "\ufffd",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=40).map("".join)
)
def test_parsing_never_raises_on_convention_soup(text: str) -> None:
    parsed = parse_message(text, web_url="https://github.com/o/r")
    assert isinstance(parsed.title, str) and "\n" not in parsed.title


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_parsing_never_raises_on_arbitrary_text(text: str) -> None:
    parse_message(text)


GAP = " " * 50_000  # quadratic backtracking on runs like this once took a minute per message


@pytest.mark.parametrize(
    "text",
    [
        "Revert " + GAP + "x",
        "Fix" + GAP + "x (#1)" + GAP,
        "T\n\nFixes: x" + GAP + "y",
        "T\n\nSigned-off-by:" + GAP + "x" + GAP,
        "T\n\nCo-authored-by: " + GAP + "a" + GAP + "<" * 500,
        'T\n\nRevert "' + '"' * 20_000 + GAP + "x",
        "Merge branch '" + "' into '" * 20_000 + "x",
        "a" * 39 + ":" + GAP + "Revert",
    ],
    ids=["revert", "title", "token", "known", "person", "body-title", "gitlab", "prefix"],
)
def test_hostile_messages_parse(text: str) -> None:
    title = parse_message(text).title
    assert title and text.startswith(title[:3])
