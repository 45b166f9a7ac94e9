"""GitLab's commit message conventions: merge commits, squash commits, ``!N`` references, reverts."""

from __future__ import annotations

from datetime import timedelta

import pytest

from commitcast.ingest.merges import merge_role, parse_merge_subject
from commitcast.ingest.messages import parse_message
from commitcast.ingest.refs import gitlab_merge_request, title_pr, without_merge_request_line
from commitcast.model import PullRequest, Revert

WEB = "https://gitlab.com/group/project"
# GitLab's default merge commit template (Settings > Merge requests > Merge commit message template).
MERGE_COMMIT = "Merge branch '{source}' into 'main'\n\n{title}\n\n{issues}See merge request {reference}"


@pytest.mark.parametrize("reference", ["group/project!77", "group/sub/project!77", "!77"])
def test_a_merge_commit_is_its_merge_request(reference: str) -> None:
    message = MERGE_COMMIT.format(source="fix-cache", title="Fix the cache key", issues="Closes #12\n\n", reference=reference)
    parsed = parse_message(message, web_url=WEB)
    assert parsed.is_pr_merge and parsed.title == "Fix the cache key"
    assert parsed.pr == PullRequest(77, f"{WEB}/-/merge_requests/77")
    assert "See merge request" not in parsed.body  # plumbing, like a trailer


def test_a_merge_commit_keeps_the_merge_requests_description() -> None:
    message = MERGE_COMMIT.format(
        source="widgets", title="Cache widget lookups", issues="The lookup ran once per frame.\n\n", reference="group/project!5"
    )
    parsed = parse_message(message, web_url=WEB)
    assert parsed.body == "The lookup ran once per frame."


def test_a_merge_commits_role_is_a_merged_request() -> None:
    subject = parse_merge_subject("Merge branch 'fix-cache' into 'main'", "Fix the cache key\n\nSee merge request !77")
    assert subject.pr == 77 and subject.source == "fix-cache"
    assert merge_role(subject, "main", timedelta(0)) == "pr"
    # A branch merged by hand, without a merge request, is a topic branch.
    assert merge_role(parse_merge_subject("Merge branch 'fix-cache' into 'main'", ""), "main", timedelta(0)) == "topic"


@pytest.mark.parametrize(
    ("subject", "expected"),
    [
        ("Speed up the widget cache (!79)", ("Speed up the widget cache", 79)),  # %{title} (%{local_reference})
        ("Speed up the widget cache (#79)", ("Speed up the widget cache", 79)),
        ("Speed up the widget cache", ("Speed up the widget cache", None)),  # GitLab's default squash: %{title}
        ("Say it loud (!)", ("Say it loud (!)", None)),
    ],
)
def test_squash_commit_titles(subject: str, expected: tuple[str, int | None]) -> None:
    assert title_pr(subject) == expected
    parsed = parse_message(subject, web_url=WEB)
    assert (parsed.title, parsed.pr.number if parsed.pr else None) == expected


def test_merge_request_references() -> None:
    assert gitlab_merge_request("See merge request group/sub/project!123") == 123
    assert gitlab_merge_request("See merge request !123") == 123
    assert gitlab_merge_request("See merge request group/project!") is None
    assert gitlab_merge_request("We should See merge request !12 later") is None  # a line of its own
    assert without_merge_request_line("Title\n\nCloses #1\n\nSee merge request g/p!4") == "Title\n\nCloses #1"


def test_gitlabs_revert_of_a_merge_request() -> None:
    parsed = parse_message(
        "Revert \"Merge branch 'eagerly-calculate-widget-sizes' into 'main'\"\n\nThis reverts merge request !80", web_url=WEB
    )
    assert parsed.revert == Revert(kind="revert", pr=80, title="Eagerly calculate widget sizes")
    assert parsed.pr is None  # the number is the reverted merge request's, not this change's
    plain = parse_message('Revert "Fix the cache key"\n\nThis reverts commit 1234567890abcdef.', web_url=WEB)
    assert plain.revert == Revert(kind="revert", sha="1234567890abcdef", title="Fix the cache key")
