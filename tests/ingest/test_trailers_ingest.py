"""Trailers: taken from real merge-bot, Phabricator and git-style messages (table-driven)."""

from __future__ import annotations

import pytest

from commitcast.ingest.trailers import split_trailers, trailer_values

# A Meta-internal diff exported to GitHub (pytorch/executorch, verbatim apart from e-mails).
PHABRICATOR = """Summary:
This achieves 2 goals:

* To avoid building and testing iOS app on GitHub runner on every pull request
* This would also help shoumikhin

Pull Request resolved: https://github.com/pytorch/executorch/pull/1010

Reviewed By: shoumikhin

Differential Revision: D50423235

Pulled By: huydhn

fbshipit-source-id: 05f6b6727a08b07c03290938a36b0fef13496fb2
"""

CASES = [
    pytest.param(
        PHABRICATOR,
        {
            "Pull Request resolved": ["https://github.com/pytorch/executorch/pull/1010"],
            "Reviewed By": ["shoumikhin"],
            "Differential Revision": ["D50423235"],
            "Pulled By": ["huydhn"],
            "fbshipit-source-id": ["05f6b6727a08b07c03290938a36b0fef13496fb2"],
        },
        "Summary:\nThis achieves 2 goals:\n\n* To avoid building and testing iOS app on GitHub runner on every pull request\n* This would also help shoumikhin",
        id="phabricator-export",
    ),
    pytest.param(
        # PyTorch merge bot landing a ghstack PR (pytorch/ao "Test ghstack flow - 2 (#412)")
        "Pull Request resolved: https://github.com/pytorch/ao/pull/412\nApproved by: https://github.com/malfet\nghstack dependencies: #411\n",
        {
            "Pull Request resolved": ["https://github.com/pytorch/ao/pull/412"],
            "Approved by": ["https://github.com/malfet"],
            "ghstack dependencies": ["#411"],
        },
        "",
        id="mergebot-ghstack",
    ),
    pytest.param(
        # Phabricator revert: the value sits on the line below its key
        "Differential Revision:\nD48588121\n\nOriginal commit changeset: 04f9930effa1\n\nOriginal Phabricator Diff: D48588121\n\nfbshipit-source-id: afcc4c5a81222e1",
        {
            "Differential Revision": ["D48588121"],
            "Original commit changeset": ["04f9930effa1"],
            "Original Phabricator Diff": ["D48588121"],
            "fbshipit-source-id": ["afcc4c5a81222e1"],
        },
        "",
        id="value-on-next-line",
    ),
    pytest.param(
        "Fix the thing.\n\nCo-authored-by: Lunwen He <14fae9d6f17a@example.invalid>\nCo-Authored-By: Claude <81847ae8f1ac@example.invalid>\nSigned-off-by: Per Åstrand <578474daae38@example.invalid>",
        {
            "Co-authored-by": [
                "Lunwen He <14fae9d6f17a@example.invalid>",
                "Claude <81847ae8f1ac@example.invalid>",
            ],
            "Signed-off-by": ["Per Åstrand <578474daae38@example.invalid>"],
        },
        "Fix the thing.",
        id="co-authors-case-folded",
    ),
    pytest.param(
        "Rework the loader.\n\nChange-Id: I12d88419e45a800e43e1e31d21280bc3b63710c6\nFixes: #123\nLink: https://example.com/a\n  continued here",
        {
            "Change-Id": ["I12d88419e45a800e43e1e31d21280bc3b63710c6"],
            "Fixes": ["#123"],
            "Link": ["https://example.com/a continued here"],
        },
        "Rework the loader.",
        id="git-style-final-block",
    ),
    pytest.param(
        "Note: this paragraph is prose\nthat merely starts like a trailer.",
        {},
        "Note: this paragraph is prose\nthat merely starts like a trailer.",
        id="prose-is-not-a-trailer",
    ),
    pytest.param(
        "Example:\n\n```\nSigned-off-by: Someone <someone@example.invalid>\n```",
        {},
        "Example:\n\n```\nSigned-off-by: Someone <someone@example.invalid>\n```",
        id="fenced-code-is-kept",
    ),
    pytest.param(
        "Test Plan: CI\n\nReviewers:\n\nSubscribers:",
        {},
        "Test Plan: CI\n\nReviewers:\n\nSubscribers:",
        id="phabricator-sections-are-not-trailers",
    ),
]


@pytest.mark.parametrize(("body", "trailers", "rest"), CASES)
def test_split_trailers(body: str, trailers: dict[str, list[str]], rest: str) -> None:
    kept, found = split_trailers(body)
    assert found == trailers
    assert kept == rest


def test_trailer_values_match_keys_case_insensitively() -> None:
    trailers = {"Co-authored-by": ["A <a@x>"], "co-authored-by": ["B <b@x>"]}
    assert trailer_values(trailers, "CO-AUTHORED-BY") == ["A <a@x>", "B <b@x>"]
    assert trailer_values(trailers, "Signed-off-by") == []
