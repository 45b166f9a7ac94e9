"""Pull-request references and ghstack stacks, as written in commit messages."""

from __future__ import annotations

import re

from ..model import Stack
from ..text import CI_WORDS as _CI_WORDS

__all__ = [
    "branch_title",
    "title_pr",
    "merge_pr",
    "merge_reviewers",
    "gitlab_merge_request",
    "without_merge_request_line",
    "pr_from_url",
    "resolved_pr",
    "pr_url",
    "parse_stack",
    "without_stack_block",
]

# "Title (#1234)"; GitLab's "Title (!1234)" when a squash template adds %{local_reference}.
_TITLE_SUFFIX = re.compile(r"\([#!](\d{1,9})\)$")  # searched in the right-stripped title
_LAST_CI_MARKER = re.compile(rf"{_CI_WORDS}$", re.I)
# "Merge pull request #N from user/branch"; a merge made by hand may leave off the branch.
_MERGE_PR = re.compile(r"^Merge (?:pull request|PR) #(\d{1,9})(?:\s+from\s+(\S+)|\s*$)")  # pip 21.3.1: "Merge PR #10577 from …"
# A merge bot's (bors, homu): "Auto merge of #N - user:branch, r=reviewer[,reviewer]"; inside a
# roll-up each PR is a "Rollup merge of #N - user:branch, r=reviewer".
_BOT_MERGE = re.compile(r"^(?:Auto|Rollup) merge of #(\d{1,9}) - ([\w.-]{1,60}):(\S{1,200}?),? r=(\S{0,200})\s*$")  # ("r=" left empty: clippy #13414)
# GitLab's merge commit template ends "See merge request group/project!N" (%{reference});
# older GitLab, and templates with %{local_reference}, write "See merge request !N".
_GITLAB_MR = re.compile(r"^See merge request ([\w./-]*)!(\d{1,9})[ \t]*$", re.M)
# Only well-formed forge URLs count: a message must not smuggle an arbitrary link in.
_PR_URL = re.compile(
    r"^https://(?:github\.com/[\w.-]+/[\w.-]+/pull|gitlab\.[\w.-]+/[\w./-]+/-/merge_requests)/(\d{1,9})/?$"
)
_STACK_HEAD = re.compile(r"^\s*Stack from \[?ghstack\]?")
_STACK_ITEM = re.compile(
    r"^\s*[*-]\s+(__->__\s+)?(?:\*\*)?(?:#(\d{1,9})|https?://\S+?/(?:pull|issues)/(\d{1,9}))\b"
)
_NUMBERS = re.compile(r"#(\d{1,9})")


def title_pr(title: str) -> tuple[str, int | None]:
    """Split a squash-merge subject ``Title (#1234)`` (GitLab: ``Title (!1234)``) into the title
    and the PR number (a CI marker after it, "(#1234)[ci skip]", is dropped)."""
    stripped = title.rstrip()
    while stripped.endswith("]") and (marker := _LAST_CI_MARKER.search(stripped)) is not None and marker.start() > 0:
        stripped = stripped[: marker.start()].rstrip()
    # "… (#14178) (D81730890)": a Phabricator diff id after the pull request's number
    stripped = re.sub(r"(\(#\d+\))\s*\(D\d{6,}\)$", r"\1", stripped)
    # 'Revert "fix(compiler-sfc): add scoping tag … (#1…"': the forge cut the number, not the title
    stripped = re.sub(r"\s*\(#\d*(?:…|\.\.\.)$", "", stripped)
    match = _TITLE_SUFFIX.search(stripped)
    if match is None or not stripped[: match.start()].strip():
        return (stripped if stripped != title.rstrip() else title), None
    return stripped[: match.start()].rstrip(), int(match.group(1))


_BRANCH_WORD = re.compile(r"[A-Za-z]{2,}")


def branch_title(branch: str) -> str | None:
    """A title read from a branch name that says something ("user/eagerly-calculate-strings-8625"
    is "Eagerly calculate strings"), else None ("patch-1", "fix-8616")."""
    words = [w for w in re.split(r"[-_.]+", branch.rsplit("/", 1)[-1]) if w]
    while words and (words[-1].isdigit() or words[-1].lower() in ("gh", "issue", "pr")):
        words.pop()  # the issue number ending a branch name is a link, not a word
    while words and (words[0].isdigit() or words[0].lower() in ("gh", "issue", "pr")):
        words.pop(0)  # and so is one starting it ("9063-update-ci-documentation")
    if len([w for w in words if _BRANCH_WORD.fullmatch(w)]) < 3:
        return None
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def merge_pr(subject: str) -> tuple[int, str] | None:
    """``(number, "user/branch")`` of a GitHub ``Merge pull request #N from user/branch`` or a
    merge bot's ``Auto merge of #N - user:branch, r=…`` (the branch is "" when the subject leaves it off)."""
    match = _MERGE_PR.match(subject)
    if match:
        return int(match.group(1)), match.group(2) or ""
    bot = _BOT_MERGE.match(subject)
    return (int(bot.group(1)), f"{bot.group(2)}/{bot.group(3)}") if bot else None


def merge_reviewers(subject: str) -> list[str]:
    """The reviewers a merge bot's subject names (``r=alice,bob``); empty for any other subject."""
    bot = _BOT_MERGE.match(subject)
    if bot is None:
        return []
    return [name for name in bot.group(4).split(",") if name and name.lower() not in ("ghost", "me")][:10]


def gitlab_merge_request(body: str) -> int | None:
    """The merge-request number of a GitLab merge commit (``See merge request group/repo!N``,
    or ``See merge request !N``)."""
    match = _GITLAB_MR.search(body)
    return int(match.group(2)) if match else None


def without_merge_request_line(body: str) -> str:
    """A GitLab merge commit's body without its ``See merge request …`` line (plumbing, like a
    trailer: the merge request is the change's PR)."""
    return _GITLAB_MR.sub("", body).strip("\n")


def pr_from_url(url: str) -> int | None:
    """The PR number of a GitHub pull or GitLab merge-request URL; None for anything else."""
    match = _PR_URL.match(url.strip())
    return int(match.group(1)) if match else None


def resolved_pr(value: str) -> int | None:
    """The PR a ``Pull Request resolved:`` trailer names: its URL, or "#9322" as the merge bot
    sometimes writes it (executorch 98f1a6690)."""
    text = value.strip()
    if re.fullmatch(r"#\d{1,9}", text):
        return int(text[1:])
    return pr_from_url(text)


def pr_url(web_url: str | None, number: int) -> str | None:
    """The web URL of PR ``number`` on the forge at ``web_url`` (GitLab or GitHub style)."""
    if not web_url:
        return None
    host = web_url.split("/")[2] if "://" in web_url else ""
    if host.startswith("gitlab."):
        return f"{web_url}/-/merge_requests/{number}"
    return f"{web_url}/pull/{number}"


def _stack_block(lines: list[str]) -> tuple[int, int, list[int], int | None] | None:
    """``(start, end, PRs newest first, this change's PR)`` of the ghstack list in ``lines``."""
    for start, line in enumerate(lines):
        if not _STACK_HEAD.match(line):
            continue
        newest_first: list[int] = []
        here: int | None = None
        end = start + 1
        while end < len(lines):
            item = _STACK_ITEM.match(lines[end])
            if item is not None:
                number = int(item.group(2) or item.group(3))
                newest_first.append(number)
                if item.group(1):
                    here = number
            elif newest_first or not _is_header_tail(lines[end]):
                break
            end += 1
        if newest_first:
            return start, end, newest_first, here
    return None


def _is_header_tail(line: str) -> bool:
    # ghstack's header wraps as "(oldest at" / "bottom):" and may be followed by a blank line.
    stripped = line.strip()
    return not stripped or stripped.endswith("):")


def parse_stack(
    body: str, own_pr: int | None, dependencies: list[str] | None = None
) -> Stack | None:
    """The ghstack stack a change belongs to, oldest PR first.

    Read from the ``Stack from ghstack (oldest at bottom):`` list (``__->__`` marks this
    change), else from a ``ghstack dependencies: #1, #2`` trailer plus the change's own PR.
    """
    block = _stack_block(body.split("\n"))
    if block is not None:
        _, _, newest_first, here = block
        prs = list(reversed(newest_first))
        return Stack(prs=prs, position=prs.index(here) if here is not None else None)
    prs = [int(n) for value in dependencies or () for n in _NUMBERS.findall(value)]
    if not prs:
        return None
    if own_pr is not None and own_pr not in prs:
        prs.append(own_pr)
    return Stack(prs=prs, position=prs.index(own_pr) if own_pr in prs else None)


def without_stack_block(body: str) -> str:
    """``body`` with its ghstack stack list (header and items) removed."""
    lines = body.split("\n")
    block = _stack_block(lines)
    if block is None:
        return body
    start, end, _, _ = block
    return "\n".join(lines[:start] + lines[end:])
