"""Why a story's changes are one story and who leads it, as claims that carry their evidence.

A group is a story only when something joins its changes beyond where they are (a folder is no
story): a release, a revert, a ghstack stack, a numbered series, one title pattern, an effort's
bracket tag, a maintainer's pull of another tree, or a theme every title names. One person's run
of changes in one area is a weak purpose: true of who and where, silent on why. "Led by" is a
claim too, made only for the person behind most of a story's changes.
"""

from __future__ import annotations

import re
from collections import Counter

from ..ingest import is_rollup, parse_merge_subject, repository_name
from ..model import Change, Claim, Evidence, EvidenceSource, StoryKind, Strength
from ..text import clean_title
from .claims import EVIDENCE_CHARS
from .reverts import relanded_title, revert_target
from .stories import Group

_RELAND_VERB = re.compile(r"^(?:re-?land(?:ed)?|re-?appl(?:y|ied)|redo)\b\W*", re.I)

__all__ = ["story_claims", "purpose_claim", "leader_claim", "revert_claims", "pull_tree"]


def _story_ev(item_sha: str, source: EvidenceSource, text: str) -> Evidence:
    return Evidence(sha=item_sha, source=source, text=" ".join(text.split())[:EVIDENCE_CHARS])


def purpose_claim(group: Group) -> Claim:
    """Why a story's changes are one story: a release, a revert, a stack, a numbered series, one
    title pattern, an effort's tag, a pull of another tree, a theme every title names, or one
    person's run of changes in one area (weak: only who and where join them)."""
    items = group.items
    first = items[0].change.sha if items else ""

    def claim(value: str, strength: Strength, source: EvidenceSource, text: str, sha: str = first) -> Claim:
        return Claim(about="purpose", value=value, strength=strength, evidence=[_story_ev(sha, source, text)])

    if group.kind == StoryKind.RELEASE and group.releases:
        release = group.releases[0]
        return claim("release", "strong", "graph" if release.tag else "title", release.tag or release.title or release.version, release.sha)
    if group.kind == StoryKind.REVERT:
        revert = next((i for i in items if "revert" in i.kinds or "reland" in i.kinds), items[0])
        return claim("revert", "strong", "title", revert.change.title, revert.change.sha)
    if group.kind == StoryKind.PULL and group.pull is not None:
        return claim("rollup" if is_rollup(group.pull.title) else "pull", "strong", "graph", group.pull.title, group.pull.sha)
    if group.named and group.series:
        return claim("tag", "strong", "tag", f"[{group.series}] on {group.series_size} of {len(items)} changes")
    if group.kind == StoryKind.CAMPAIGN:
        stacked = next((i for i in items if i.change.stack is not None), None)
        numbered = next((i for i in items if i.subject.part is not None), None)
        if stacked is not None:
            return claim("stack", "strong", "body", f"ghstack stack of {len(stacked.change.stack.prs)} PRs", stacked.change.sha)  # type: ignore[union-attr]
        if numbered is not None:
            return claim("series", "strong", "title", numbered.change.title, numbered.change.sha)
        if group.pattern:
            return claim("pattern", "strong", "title", f"{len(items)} titles of the shape “{group.pattern}”")
    if group.theme:
        return claim("theme", "strong", "title", f"every title names {group.theme}")
    if group.kind in (StoryKind.AUTHOR_SERIES, StoryKind.CAMPAIGN) and len(items) > 1:
        area = group.areas[0] if group.areas else "the code base"
        there = sum(1 for i in items if i.areas[:1] == (area,)) if group.areas else len(items)
        where = f"in {area}" if there == len(items) else f"{there} of them in {area}"  # (curl 2024-02-27: four of six)
        return claim("person", "weak", "files", f"{len(items)} changes by {group.people[0]}, {where}")
    return claim("single", "strong", "title", items[0].subject.topic if items else "")


def leader_claim(group: Group) -> Claim | None:
    """Who leads a story: the person behind most of its changes (a pull's sender, who committed
    its patches); None when no one is (a "led by" would credit others' work to them)."""
    items = [i for i in group.items if not i.bot]
    if group.kind == StoryKind.PULL and group.pull is not None and is_rollup(group.pull.title):
        # a roll-up is its builder's, who opened it (clippy's "flip1995:rollup-jqk3a3i"); its pull
        # requests' authors are who the work is from
        builder = group.pull.authors[0].name if group.pull.authors and not group.pull.authors[0].email else None
        if builder is None:
            return None
        return Claim(about="leader", value=builder, strength="strong", evidence=[
            _story_ev(group.pull.sha, "graph", f"{builder} opened the roll-up of {len(group.items)} pull requests")])
    if group.kind == StoryKind.PULL and group.pull is not None:
        committers = {i.change.committer.name for i in group.items}
        # The maintainer who merged the pull did not send it: one who committed the patches as
        # well names no custodian (u-boot 2024-10-10, "Tom Rini sent a pull" he merged).
        merger = {group.pull.committer.name, group.pull.author.name}
        if len(committers) == 1 and not committers & merger:
            sender = next(iter(committers))
            return Claim(about="leader", value=sender, strength="strong", evidence=[
                _story_ev(group.pull.sha, "graph", f"{sender} committed the {len(group.items)} pulled patches")])
        return None
    if len(items) < 2:
        return None
    counts = Counter(i.person for i in items)
    person, n = counts.most_common(1)[0]
    if n * 2 <= len(items):
        return None
    return Claim(about="leader", value=person, strength="strong" if n == len(items) else "weak", evidence=[
        _story_ev(next(i.change.sha for i in items if i.person == person), "graph", f"{person} wrote {n} of its {len(items)} changes")])


def revert_claims(group: Group) -> list[Claim]:
    """A revert's stated reason and what it says of the change coming back, in the revert's words."""
    revert = next((i for i in group.items if "revert" in i.kinds), None)
    if group.kind != StoryKind.REVERT:
        return []
    if revert is None:  # only the comeback is in the window: what it brings back, as it names it
        reland = next((i for i in group.items if "reland" in i.kinds), None)
        if reland is None:
            return []
        # "Reapply #11294 and #11295 (improve GLU test …)": what comes back is the words, not the numbers.
        back = _RELAND_VERB.sub("", clean_title(reland.change.title, limit=200)) or relanded_title(reland.change)
        if not back:
            return []
        return [Claim(about="revert", value="target", strength="strong", evidence=[_story_ev(reland.change.sha, "title", back)])]
    target, named = revert_target(revert.change)
    found = [Claim(about="revert", value="target", strength="strong" if named else "weak",
                   evidence=[_story_ev(revert.change.sha, "title", target)])]
    for value, text in (("reason", group.reason), ("returns", group.returns)):
        if text:
            found.append(Claim(about="revert", value=value, strength="strong",
                               evidence=[_story_ev(revert.change.sha, "body", text)]))
    if group.replaced_by is not None:
        again = group.replaced_by
        found.append(Claim(about="revert", value="replaced", strength="weak",
                           evidence=[_story_ev(again.change.sha, "title", again.change.title)]))
    return found


def story_claims(group: Group) -> list[Claim]:
    """The claims a story's telling rests on: its purpose, its leader when someone leads it, and
    a revert's reason and return."""
    found = [purpose_claim(group)]
    leader = leader_claim(group)
    if leader is not None:
        found.append(leader)
    return found + revert_claims(group)


def pull_tree(merge: Change) -> str | None:
    """The tree a pull merge brought patches from, as named: ``…/custodians/u-boot-dfu`` is "u-boot-dfu";
    None for a roll-up, whose pull requests came from no tree."""
    if is_rollup(merge.title):
        return None
    subject = parse_merge_subject(merge.title)
    if subject.url:
        return repository_name(subject.url)
    return subject.source or "another"
