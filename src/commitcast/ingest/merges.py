"""What a merge commit did to the branch being read: landed a pull request, brought a topic
branch in, carried another long-lived branch's work over, or synced the branch with itself.

The role decides how the merge's work is dated and told (docs/landed.md):

- ``pr``: a forge merge (``Merge pull request #N from …``, GitLab's ``See merge request``);
  the commits it brings in land with it, as one pull request.
- ``topic``: a merge of any other short-lived branch (or a merge whose message names none);
  its commits land with it.
- ``forward``: a merge from another long-lived branch (``1.0-maintenance``, ``stable``,
  ``develop``, a tag); its commits land with it, told as work that "came over", never as a story.
- ``sync``: the other side is the branch being read itself (``Merge branch 'main' into minor``
  read on ``main``, ``git pull``'s ``Merge branch 'main' of …``), or the first parent jumps far
  back in time (someone merged the branch into an old one and pushed). Both sides are then the
  branch's own history, each commit dated by its own landing; the merge itself is plumbing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from .refs import gitlab_merge_request, merge_pr

__all__ = ["MergeRole", "MergeSubject", "parse_merge_subject", "merge_role", "is_long_lived", "JUMP"]

MergeRole = Literal["pr", "topic", "forward", "sync"]

# A first parent this much older than the merge's other parent is not the branch's own line.
JUMP = timedelta(days=30)

_CONVENTIONAL = re.compile(r"^[a-z]{2,10}(?:\([^)]{0,30}\))?!?:\s*")
_BRANCH = r"'?(?P<source>[^'\s]+)'?"
_MERGE_SUBJECTS = (
    # git's own: "Merge branch 'x'", "Merge branch 'x' into y", "Merge branch 'x' of URL [into y]"
    re.compile(rf"^Merge (?:remote-tracking )?branch(?:es)? {_BRANCH}(?: of \S+)?(?: into '?(?P<target>[^'\s]+)'?)?", re.I),
    re.compile(r"^Merge tag '?(?P<source>[^'\s]+)'?(?: of \S+)?(?: into '?(?P<target>[^'\s]+)'?)?", re.I),
    # hand-written: "Merge release/19.2.2 branch into master", "Merge x into y", "merge from develop"
    re.compile(r"^Merge (?P<source>[\w./:-]+?)(?: branch)? into '?(?P<target>[\w./-]+)'?", re.I),
    re.compile(r"^Merge(?:d)? (?:from|with) '?(?P<source>[\w./-]+)'?(?: branch)?\s*$", re.I),
)
# Names of branches that live on (as the last path part, lower case).
_LONG_LIVED = re.compile(
    r"^(?:main|master|trunk|develop|development|dev|devel|next|stable|minor|major|production|prod|"
    r"staging|default|latest|release|releases|maint|maintenance|hotfix|lts|"
    r"(?:release|maint|stable|hotfix|support|lts)[-_./]?v?\d[\w.-]*|"
    r"v?\d+(?:\.(?:\d+|x))*(?:[-_.](?:maintenance|maint|stable|branch|x))?|"
    r"[\w.-]*[-_.](?:maintenance|maint|stable|lts))$",
    re.I,
)


@dataclass(frozen=True)
class MergeSubject:
    """What a merge commit's subject says: the branch it brought in and the branch it went into."""

    source: str | None = None  # "1.0-maintenance", "origin/main", "v3.4.0"
    target: str | None = None
    pr: int | None = None  # a forge merge's pull request
    tag: bool = False  # "Merge tag …"


def parse_merge_subject(subject: str, body: str = "") -> MergeSubject:
    """The source and target a merge subject names (all None when it names none)."""
    forge = merge_pr(subject)
    if forge is not None:
        number, head = forge
        return MergeSubject(source=(head.split("/", 1)[-1] if "/" in head else head) or None, pr=number)
    gitlab = gitlab_merge_request(body)
    plain = _CONVENTIONAL.sub("", subject.strip())  # "chore: Merge branch 'main' into minor"
    for pattern in _MERGE_SUBJECTS:
        match = pattern.match(plain)
        if match is not None:
            source = match.group("source").strip("'\"").rstrip(".,:")
            target = match.groupdict().get("target")
            return MergeSubject(
                source=source,
                target=target.strip("'\"").rstrip(".,:") if target else None,
                pr=gitlab,
                tag=plain.lower().startswith("merge tag"),
            )
    return MergeSubject(pr=gitlab)


def _base_name(branch: str) -> str:
    """``origin/main`` -> ``main``, ``refs/heads/x`` -> ``x``; remote prefixes go."""
    name = branch.removeprefix("refs/heads/").removeprefix("refs/remotes/")
    for remote in ("origin/", "upstream/"):
        name = name.removeprefix(remote)
    return name


def is_long_lived(branch: str) -> bool:
    """A branch that lives on (``main``, ``stable``, ``1.0-maintenance``, ``release/24.1``)."""
    name = _base_name(branch)
    last = name.rsplit("/", 1)[-1]
    return bool(_LONG_LIVED.match(name) or _LONG_LIVED.match(last))


def merge_role(subject: MergeSubject, branch: str, first_parent_lag: timedelta) -> MergeRole:
    """How a merge on ``branch``'s history landed work; ``first_parent_lag`` is how much older
    the first parent is than the merge's newest other parent."""
    if first_parent_lag > JUMP:
        return "sync"
    if subject.pr is not None:
        return "pr"
    if subject.source is None:
        return "topic"
    source = _base_name(subject.source)
    if source == _base_name(branch):
        return "sync"
    if subject.tag or is_long_lived(source):
        return "forward"
    return "topic"
