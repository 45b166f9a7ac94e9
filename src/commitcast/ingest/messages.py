"""Parsing a whole commit message into what a Change says about itself (pure functions)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..model import Person, PullRequest, Revert, Stack
from .refs import (
    gitlab_merge_request,
    merge_pr,
    parse_stack,
    pr_from_url,
    pr_url,
    title_pr,
    without_stack_block,
)
from .reverts import is_reland, parse_revert, unquoted_revert
from .trailers import split_trailers, trailer_values

__all__ = ["ParsedMessage", "parse_message", "parse_person", "split_subject"]

_GITLAB_MERGE = re.compile(r"^Merge branch '[^']+' into '[^']+'$")


@dataclass(frozen=True)
class ParsedMessage:
    """Everything a commit message says, before the git metadata is added."""

    title: str  # subject line (for PR merges: the PR title), PR suffix removed
    body: str  # the rest, without trailers and without the ghstack stack list
    trailers: dict[str, list[str]] = field(default_factory=dict)
    co_authors: list[Person] = field(default_factory=list)
    pr: PullRequest | None = None
    revert: Revert | None = None
    is_reland: bool = False
    stack: Stack | None = None
    is_pr_merge: bool = False  # a forge merge commit ("Merge pull request #N from …")


def split_subject(message: str) -> tuple[str, str]:
    """``(first line, rest)`` of a message, with line endings normalised to ``\\n``."""
    text = message.replace("\r\n", "\n").replace("\r", "\n").strip("\n")
    subject, _, rest = text.partition("\n")
    return subject.strip(), rest.strip("\n")


_CUT_SUBJECT = re.compile(r"^(?P<before>.*\S.*)…(?P<suffix>\s*\(#\d+\))?\s*$")


def rejoin_cut_subject(subject: str, rest: str) -> tuple[str, str]:
    """GitHub cuts a subject over 72 characters with "…" and carries the rest to the body's
    first line, which starts with "…": the whole subject, and the body without that line."""
    cut = _CUT_SUBJECT.match(subject)
    first, _, after = rest.partition("\n")
    if cut is None or not first.startswith("…") or len(first) < 2:
        return subject, rest
    # The cut falls anywhere, even inside a word, so the parts join as they are.
    return cut["before"] + first[1:].rstrip() + (cut["suffix"] or ""), after.lstrip("\n")


def parse_person(text: str) -> Person | None:
    """``Name <email>`` (or a bare name) as a Person; None for an empty value."""
    text = text.strip()
    opening = text.rfind("<")
    if text.endswith(">") and opening >= 0 and "<" not in text[opening + 1 : -1]:
        name, email = text[:opening].strip(), text[opening + 1 : -1].strip()
        return Person(name=name or email, email=email) if name or email else None
    return Person(name=text) if text else None


def parse_message(message: str, *, web_url: str | None = None) -> ParsedMessage:
    """Parse a commit message: title, body, trailers, PR, revert, reland, ghstack stack.

    ``web_url`` is the forge's web URL (``https://github.com/ORG/REPO``) used to build PR
    links; without it a PR gets the URL its own ``Pull Request resolved:`` trailer gives.
    Never raises on any text.
    """
    subject, rest = split_subject(message)
    number: int | None = None
    is_pr_merge = False
    merge = merge_pr(subject)
    if merge is not None or (_GITLAB_MERGE.match(subject) and gitlab_merge_request(rest)):
        # A forge merge commit: the PR's title is the first line of the merge body.
        number = merge[0] if merge is not None else gitlab_merge_request(rest)
        is_pr_merge = True
        pr_title, rest = split_subject(rest)
        title = pr_title or subject
    else:
        title, rest = rejoin_cut_subject(subject, rest)

    body, trailers = split_trailers(without_stack_block(rest))
    if not is_pr_merge:
        title, number = title_pr(title)
    resolved = [
        url for url in trailer_values(trailers, "Pull Request resolved") if pr_from_url(url)
    ]
    if number is None and resolved:
        number = pr_from_url(resolved[0])

    pr: PullRequest | None = None
    if number is not None:
        url = pr_url(web_url, number)
        if url is None:
            url = next((u.strip().rstrip("/") for u in resolved if pr_from_url(u) == number), None)
        pr = PullRequest(number=number, url=url)

    revert = parse_revert(title, rest)
    if revert is not None and pr is not None and not is_pr_merge and unquoted_revert(title):
        # "revert: fix(x): y (#10161)": the number is the reverted change's, not this one's
        revert = replace(revert, pr=revert.pr if revert.pr is not None else pr.number)
        pr = None
    stack = parse_stack(rest, number, trailer_values(trailers, "ghstack dependencies"))
    co_authors = [
        person
        for value in trailer_values(trailers, "Co-authored-by")
        if (person := parse_person(value)) is not None
    ]
    return ParsedMessage(
        title=title,
        body=body,
        trailers=trailers,
        co_authors=co_authors,
        pr=pr,
        revert=revert,
        is_reland=is_reland(title, revert),
        stack=stack,
        is_pr_merge=is_pr_merge,
    )
