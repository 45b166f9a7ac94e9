"""What a merge commit did to the branch being read: landed a pull request, brought a topic
branch in, carried another long-lived branch's work over, or synced the branch with itself.

The role decides how the merge's work is dated and told (docs/landed.md):

- ``pr``: a forge merge (``Merge pull request #N from …``, GitLab's ``See merge request``);
  the commits it brings in land with it, as one pull request.
- ``topic``: a merge of any other short-lived branch (or a merge whose message names none, or a
  patch series from a mailing list, ``Merge patch series "…"``); its commits land with it.
- ``pull``: a maintainer pulling another tree's patches (``Merge tag 'net-20260813' of
  https://…/custodians/u-boot-net``, ``Merge branch 'master' of https://…``, ``Merge https://…``):
  each of its commits is a change of its own, landing with the merge; the merge says what the pull
  was (its message is the sender's summary) and is no change itself.
- ``forward``: a merge from another long-lived branch (``1.0-maintenance``, ``stable``,
  ``develop``, a tag); its commits land with it, told as work that "came over", never as a story.
- ``sync``: the other side is the branch being read itself (``Merge branch 'main' into minor``
  read on ``main``, ``git pull``'s ``Merge branch 'main' of`` this repository), or the first parent
  jumps far back in time (someone merged the branch into an old one and pushed). Both sides are then
  the branch's own history, each commit dated by its own landing; the merge itself is plumbing.

A merge that syncs a subtree with its upstream project (rust-clippy's ``Rustup``, a ``subtree
update``) is ``forward``: the upstream's commits came over, counted and said once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta

from ..model import MergeKind
from .refs import gitlab_merge_request, merge_pr, title_pr

__all__ = [
    "MergeSubject", "parse_merge_subject", "merge_role", "is_long_lived", "repository_name",
    "patch_series_title", "series_sender", "is_rollup", "JUMP",
]


# A first parent this much older than the merge's other parent is not the branch's own line.
JUMP = timedelta(days=30)

_CONVENTIONAL = re.compile(r"^[a-z]{2,10}(?:\([^)]{0,30}\))?!?:\s*")
_BRANCH = r"'?(?P<source>[^'\s]+)'?"
_URL = r"(?P<url>(?:https?|git|ssh)://\S{1,300}|[\w.-]{1,60}@[\w.-]{1,100}:\S{1,200})"
_MERGE_SUBJECTS = (
    # git's own: "Merge branch 'x'", "Merge branch 'x' into y", "Merge branch 'x' of URL [into y]"
    re.compile(rf"^Merge (?:remote-tracking )?branch(?:es)? {_BRANCH}(?: of {_URL})?(?: into '?(?P<target>[^'\s]+)'?)?", re.I),
    re.compile(rf"^Merge tag '?(?P<source>[^'\s]+)'?(?: of {_URL})?(?: into '?(?P<target>[^'\s]+)'?)?", re.I),
    # "git pull URL" of a tree's default branch: "Merge https://source.denx.de/…/u-boot-usb"
    re.compile(rf"^Merge {_URL}(?P<source>)\s*$", re.I),
    # hand-written: "Merge release/19.2.2 branch into master", "Merge x into y", "merge from develop"
    re.compile(r"^Merge (?P<source>[\w./:-]+?)(?: branch)? into '?(?P<target>[\w./-]+)'?", re.I),
    re.compile(r"^Merge(?:d)? (?:from|with) '?(?P<source>[\w./-]+)'?(?: branch)?\s*$", re.I),
)
# A patch series applied from a mailing list: `Merge patch series "fs: btrfs: report file sizes"`.
_PATCH_SERIES = re.compile(r"^Merge (?:patch )?series [\"'“](?P<title>.+?)[\"'”]\s*$", re.I)
# A sync of a subtree with the project it comes from: rust-clippy's "Rustup", "subtree update".
_UPSTREAM_SYNC = re.compile(
    r"^(?:rustup\b|(?:sync|merge)\s+(?:from\s+|with\s+)?(?:the\s+)?upstream\b|subtree\s+(?:sync|update|pull)\b|"
    r"sync(?:\s+from)?\s+rust(?:-lang)?\b)",
    re.I,
)
_UPSTREAM_BRANCH = re.compile(r"(?:^|[/_-])(?:rustup|subtree[_-]?(?:sync|update)|sync[_-]from[_-]\w+)(?:$|[/_-])", re.I)
# An upstream release merged in ("Merge tag 'v6.1' of git://…/linux"): its cycle comes over.
_VERSION_TAG = re.compile(r"^v?\d+(?:\.\d+)+(?:[-.]?rc\d+)?$", re.I)
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
    url: str | None = None  # the other tree a "git pull URL" merge names
    upstream: bool = False  # a subtree's sync with its upstream project ("Rustup")


# b4's merge of a series names who sent it: "Udit Kumar <udit@…> says:" opens the cover letter.
# "Name <address> says:", or "This series from Name <address> performs …" (u-boot 446d5b0251)
_SERIES_SENDER = re.compile(
    r"^(?:(?P<who>[^<>\n]{2,80}?<[^<>\s]{1,200}>) says:\s*$|(?:This|The) (?:patch )?series from (?P<from>[^<>\n]{2,80}?<[^<>\s]{1,200}>))", re.M
)


def series_sender(body: str) -> str | None:
    """Who sent a merged patch series ("Name <address>"), as the merge's cover letter says; else None."""
    match = _SERIES_SENDER.search(body[:2000])
    return (match.group("who") or match.group("from")) if match else None


# bors' roll-up: its pull request's title (the merge body's first line) is "Rollup of 5 pull requests"
_ROLLUP = re.compile(r"^Rollup of \d+ pull requests\b", re.I)


def is_rollup(title: str) -> bool:
    """Whether a merged pull request's title says it rolls several others up ("Rollup of 5 pull requests")."""
    return _ROLLUP.match(title.strip()) is not None


def patch_series_title(subject: str) -> str | None:
    """The name of a patch series a merge applies (``Merge patch series "…"``), else None."""
    match = _PATCH_SERIES.match(subject.strip())
    return match.group("title").strip() or None if match else None


def parse_merge_subject(subject: str, body: str = "") -> MergeSubject:
    """The source and target a merge subject names (all None when it names none)."""
    forge = merge_pr(subject)
    if forge is not None:
        number, head = forge
        title = body.strip().partition("\n")[0]
        upstream = bool(_UPSTREAM_BRANCH.search(head) or _UPSTREAM_SYNC.match(title))
        return MergeSubject(source=(head.split("/", 1)[-1] if "/" in head else head) or None, pr=number, upstream=upstream)
    if _UPSTREAM_SYNC.match(title_pr(subject)[0]):
        return MergeSubject(source="upstream", pr=title_pr(subject)[1], upstream=True)
    gitlab = gitlab_merge_request(body)
    plain = _CONVENTIONAL.sub("", subject.strip())  # "chore: Merge branch 'main' into minor"
    for pattern in _MERGE_SUBJECTS:
        match = pattern.match(plain)
        if match is not None:
            source = match.group("source").strip("'\"").rstrip(".,:")
            target = match.groupdict().get("target")
            url = match.groupdict().get("url")
            return MergeSubject(
                source=source or None,
                target=target.strip("'\"").rstrip(".,:") if target else None,
                pr=gitlab,
                tag=plain.lower().startswith("merge tag"),
                url=url.rstrip(".,:") if url else None,
            )
    return MergeSubject(pr=gitlab)


def repository_name(url: str) -> str:
    """The repository a URL or path names, as compared: ``https://…/u-boot-usb.git`` -> ``u-boot-usb``."""
    name = url.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1]
    return name.removesuffix(".git").lower()


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


def merge_role(
    subject: MergeSubject, branch: str, first_parent_lag: timedelta, own_name: str = ""
) -> MergeKind:
    """How a merge on ``branch``'s history landed work; ``first_parent_lag`` is how much older
    the first parent is than the merge's newest other parent; ``own_name`` is the repository's
    own name (its origin's, else its directory's), which a ``git pull`` of itself names."""
    if first_parent_lag > JUMP:
        return "sync"
    if subject.upstream:
        return "forward"
    if subject.pr is not None:
        return "pr"
    release_tag = subject.tag and _VERSION_TAG.match(subject.source or "") is not None
    if subject.url is not None and not release_tag and not (own_name and repository_name(subject.url) == own_name.lower()):
        return "pull"  # another tree: a custodian's or contributor's pull request
    if subject.source is None:
        return "topic"
    source = _base_name(subject.source)
    if source == _base_name(branch):
        return "sync"
    if subject.tag or is_long_lived(source):
        return "forward"
    return "topic"
