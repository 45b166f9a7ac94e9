"""Parsing a whole commit message into what a Change says about itself (pure functions)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..model import Person, PullRequest, Revert, Stack
from ..untrusted import head_and_tail
from .refs import (
    gitlab_merge_request,
    merge_pr,
    merge_reviewers,
    parse_stack,
    pr_from_url,
    pr_url,
    resolved_pr,
    title_pr,
    without_merge_request_line,
    without_stack_block,
)
from .reverts import is_reland, parse_revert, unquoted_revert
from .trailers import CREDIT_TRAILERS, split_trailers, trailer_values

__all__ = [
    "BODY_CAP",
    "BODY_TAIL",
    "NAME_CAP",
    "SUBJECT_CAP",
    "ParsedMessage",
    "parse_message",
    "parse_person",
    "split_subject",
]

# Per-commit size caps, so that no message can stall a run (every parser is linear-time as
# well). Real messages stay below them: of the 41,000 commits in the test corpora the longest
# subject has 434 characters and the longest body 159,000 (pasted logs), 99.9% under 62,000.
SUBJECT_CAP = 1_000  # characters of a subject (and of a forge merge's PR title)
BODY_CAP = 64_000  # characters of a body: its first 48,000 and its last BODY_TAIL are kept
BODY_TAIL = 16_000  # the end of a long body, where trailers and co-authors are
NAME_CAP = 200  # characters of a person's name or e-mail

# GitLab's merge commit subject ("Merge branch '%{source_branch}' into '%{target_branch}'").
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
    reviewers: list[str] = field(default_factory=list)  # a merge bot's "r=" logins


UNTITLED = "Untitled commit"


def split_subject(message: str) -> tuple[str, str]:
    """``(first line, rest)`` of a message, with line endings normalised to ``\\n``."""
    text = message.replace("\r\n", "\n").replace("\r", "\n").strip("\n")
    subject, _, rest = text.partition("\n")
    first, _, after = rest.partition("\n")
    if len(subject) >= _WRAP_WIDTH and first[:1].islower() and not re.search(r"[.!?:)]\s*$", subject):
        # vue's "… prohibit src usage for `<script setup>` + do not\nprocess non js/ts blocks …": a
        # subject wrapped by hand on the very next line goes on, up to its sentence's end, as git's
        # own subject joins it
        ends = re.search(r"\.(?:\s+|$)", first)
        carried, left = (first[: ends.start()], first[ends.end():]) if ends else (first, "")
        subject, rest = f"{subject.rstrip()} {carried.strip()}", "\n".join(p for p in (left.strip(), after) if p)
    return subject.strip(), rest.strip("\n")


# curl's "TODO: Handle growing SFTP files" with "Closes #4344": an issue recorded as an idea is
# closed, by a commit that came from no pull request
# (an edit of the list, "TODO: drop the alt-svc fallback", came from a pull request: curl #20786)
_WISH_LIST_ENTRY = re.compile(
    r"(?i)^(?:docs/)?(?:TODO|KNOWN_BUGS)(?:\.md)?:(?!\s*(?:remove|removed|drop|delete|update|reword|rephrase|clarify|"
    r"mention|move|rename|polish|tidy|clean|cleanup|sort|split|merge|expand|extend|refresh|fix|add)\b)"
)
_WRAP_WIDTH = 50  # a first line this long, cut mid-clause, was wrapped by hand
_WRAPPED_NUMBER = re.compile(r"\s*\(#\d+\)\s*")


def rejoin_cut_subject(subject: str, rest: str) -> tuple[str, str]:
    """GitHub cuts a subject over 72 characters with "…" and carries the rest to the body's
    first line, which starts with "…": the whole subject, and the body without that line. A
    pull request's number wrapped alone onto the next line joins the subject too."""
    first, _, after = rest.partition("\n")
    if _WRAPPED_NUMBER.fullmatch(first) and not after[:1].strip():
        # uv's "Move test support files …\n (#17032)": a squash whose number wrapped to the next line
        return f"{subject.rstrip()} {first.strip()}", after.lstrip("\n")
    if not first.startswith("…") or len(first) < 2:
        return _rejoin_hanging(subject, rest)
    # String operations, not a regex: a pattern like ``.*\S.*…`` backtracks quadratically
    # on a long subject without "…" (a 40,000-character subject took 13 s).
    before, suffix = subject.rstrip(), ""
    opening = before.rfind("(#")
    if before.endswith(")") and opening >= 0 and before[opening + 2 : -1].isdecimal():
        cut = len(before[:opening].rstrip())
        before, suffix = before[:cut], before[cut:]  # " (#123)", the space kept
    if not before.endswith("…") or not before[:-1].strip():
        return subject, rest
    # The cut falls anywhere, even inside a word, so the parts join as they are.
    return before[:-1] + first[1:].rstrip() + suffix, after.lstrip("\n")


# A subject that stops on a word that cannot end one ("… to be held across an (#16199)"), its last words
# alone in the body's first paragraph ("await point."): a squash title cut without its "…"
_HANGING_END = re.compile(r"\s(?:an?|the|of|for|to|and|or|with|in|on|from|by|into|across|when|that|than|be)$", re.I)
_TAIL_LINE = re.compile(r"[a-z][\w`'-]*(?: [\w`'-]+){0,7}\.")


def _rejoin_hanging(subject: str, rest: str) -> tuple[str, str]:
    """The subject with its last words from the body when it hangs on a word no subject ends with
    (clippy 2025-12-06 said "held across an"), else as it is."""
    paragraph, _, after = rest.lstrip("\n").partition("\n\n")
    before, suffix = subject.rstrip(), ""
    opening = before.rfind(" (#")
    if before.endswith(")") and opening >= 0 and before[opening + 3 : -1].isdecimal():
        before, suffix = before[:opening], before[opening:]
    if "\n" in paragraph or not _HANGING_END.search(before) or not _TAIL_LINE.fullmatch(paragraph.strip()):
        return subject, rest
    return f"{before} {paragraph.strip().rstrip('.')}{suffix}", after.lstrip("\n")


_TRAILER_LINE = re.compile(r"^[A-Za-z][\w-]*-by:\s")
_TRAILER_COMMENT = re.compile(r"(?<=>)\s+#.*$|\s+#\s.*$")
_ON_FORGE = re.compile(r"\s+(?:on|at|from)\s+(?:github|gitlab|codeberg|hackerone)(?:\.com)?\s*$", re.I)


def parse_person(text: str) -> Person | None:
    """``Name <email>`` (or a bare name) as a Person; None for an empty value."""
    text = _TRAILER_COMMENT.sub("", text.strip())  # "Name <addr> # contributed on efi_var_collect_mem()"
    opening = text.rfind("<")
    # "co-authored-by: @YassineYousfi" names a handle; the "@" is no part of a name to say.
    if text.endswith(">") and opening >= 0 and "<" not in text[opening + 1 : -1]:
        name, email = text[:opening].strip().lstrip("@")[:NAME_CAP], text[opening + 1 : -1].strip()[:NAME_CAP]
        return Person(name=name or email, email=email) if name or email else None
    text = _ON_FORGE.sub("", text.lstrip("@"))  # "Patch-by: Trzik on github" is Trzik
    return Person(name=text[:NAME_CAP]) if text else None


def parse_message(message: str, *, web_url: str | None = None) -> ParsedMessage:
    """Parse a commit message: title, body, trailers, PR, revert, reland, ghstack stack.

    ``web_url`` is the forge's web URL (``https://github.com/ORG/REPO``) used to build PR
    links; without it a PR gets the URL its own ``Pull Request resolved:`` trailer gives.
    A number only a "Closes #N" gives is marked ``closing``: whether it names the change's own
    pull request is the repository's convention (see ``ingest.closing_names_pr``).
    Never raises on any text; a message past the size caps (:data:`SUBJECT_CAP`,
    :data:`BODY_CAP`) is cut to them first.
    """
    subject, rest = split_subject(message)
    rest = head_and_tail(rest, BODY_CAP, BODY_TAIL)
    number: int | None = None
    is_pr_merge = False
    merge = merge_pr(subject)
    if merge is not None or (_GITLAB_MERGE.match(subject) and gitlab_merge_request(rest)):
        # A forge merge commit: the PR's title is the first line of the merge body.
        number = merge[0] if merge is not None else gitlab_merge_request(rest)
        is_pr_merge = True
        if merge is None:
            rest = without_merge_request_line(rest)
        if _TRAILER_LINE.match(rest.lstrip()):
            pr_title = ""  # pip #11014's merge body is only "Co-authored-by: …": no title, and no address read out
        else:
            pr_title, rest = rejoin_cut_subject(*split_subject(rest))
        title = pr_title or subject
    else:
        title, rest = rejoin_cut_subject(subject, rest)
    if len(title) > SUBJECT_CAP:
        title = title[:SUBJECT_CAP].rstrip()
    if not title:  # nothing printable (a subject of terminal escapes): a change still has a name
        title = UNTITLED

    body, trailers = split_trailers(without_stack_block(rest))
    if not is_pr_merge:
        title, number = title_pr(title)
    # (ghstack writes "Pull-Request: <url>": executorch e7352f772 landed PR 20915, no direct commit)
    resolved = [
        url for key in ("Pull Request resolved", "Pull-Request") for url in trailer_values(trailers, key) if resolved_pr(url)
    ]
    if number is None and resolved:
        number = resolved_pr(resolved[0])
    closing = False
    if number is None:
        # A rebase workflow names its pull request in a closing trailer (curl's "Closes #22638").
        closes = [v for v in trailer_values(trailers, "Closes") if v.startswith("#") and v[1:].isdecimal()]
        # Of several, the pull request is the newest number: the issues it closes were opened before it
        # (curl's "KNOWN_BUGS.md: …" closing #20236 and #19825 came from #20236; one alone is the issue).
        numbers = [int(v[1:]) for v in closes]
        wish_list = _WISH_LIST_ENTRY.match(subject)
        number = max(numbers) if numbers and (not wish_list or len(numbers) > 1) else None
        closing = number is not None
    if number is None:
        # "Closes https://github.com/curl/curl/pull/18323": a link to this project's PR is one anywhere
        linked = [
            found for v in trailer_values(trailers, "Closes")
            if (found := pr_from_url(v)) is not None
            and (not web_url or v.rstrip("/").lower().startswith(web_url.rstrip("/").lower() + "/"))
        ]
        number = linked[-1] if linked else None

    pr: PullRequest | None = None
    if number is not None:
        url = pr_url(web_url, number)
        if url is None:
            url = next((u.strip().rstrip("/") for u in resolved if pr_from_url(u) == number), None)
        pr = PullRequest(number=number, url=url, closing=closing)

    revert = parse_revert(title, rest)
    if revert is not None and pr is not None and not is_pr_merge and unquoted_revert(title):
        # "revert: fix(x): y (#10161)": the number is the reverted change's, not this one's
        revert = replace(revert, pr=revert.pr if revert.pr is not None else pr.number)
        pr = None
    stack = parse_stack(rest, number, trailer_values(trailers, "ghstack dependencies"))
    co_authors = [
        person
        for key in CREDIT_TRAILERS
        for value in trailer_values(trailers, key)
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
        reviewers=merge_reviewers(subject),
    )
