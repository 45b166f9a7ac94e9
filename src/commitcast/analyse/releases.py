"""Releases and carried work in the newsroom: a release is the day's news; work another
long-lived branch carried over is counted and said once, never a story of its own."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..ingest import pr_url
from ..model import HIGHLIGHTS_SAID, Carried, Change, Release, told_releases
from ..phrasebook import Phrasebook, default_phrasebook
from .annotate import Item
from .classify import classify_title, primary_kind
from .reverts import quoted_reverted
from .titles_parse import parse_subject

__all__ = [
    "release_items", "highlights", "carried", "release_phrase", "release_headline", "release_names",
    "ReleaseNames", "versions_phrase",
    "kind_counts",
]

# Kinds worth naming as what a release brings, most telling first.
_NOTABLE = ("feature", "performance", "correctness", "fix")
_HIGHLIGHT_CHARS = 64  # a highlight is said whole, never cut
_NEWS = re.compile(r"\b(?:news|changelog|release notes?|changes file)\b", re.I)
# The project's own tooling is no news for its users: "enable mypy's strict equality checks",
# "GHA/windows: enable libssh in !ssl MSVC job".
_TOOLING = re.compile(
    r"\b(?:mypy|ruff|flake8|pylint|isort|pre-commit|typecheck\w*|type[- ]check\w*|ci|gha|"
    r"workflows?|github actions|appveyor|circleci|codecov|nox|tox|azure|travis|cirrus|"
    r"runtests|test ?suite|test harness|test runners?|release (?:branch|script|process|tooling)s?|"  # uv 0.10.x's "Create release branch and commit automatically"  # curl 8.1.0's "runtests: support … runner process"
    r"known[_ ]bugs|thanks|todo|release[_ -]notes|maintainers|mailmap|codeowners|funding|"
    # the forge's own settings: pip 25.2's "re-enable blank issues" changed an issue template
    r"blank issues|issue (?:forms?|templates?)|(?:pr|pull request) templates?)\b|\b(?:msvc|windows|linux|macos|mingw|cygwin|build|test)\s+jobs?\b",
    re.I,
)
# Work on words or checks, not on what users run: "add a 'work in progress' note to the document",
# "add a couple of asserts" (pip 22.3 and 23.1 named these as what the release brought).
_TRIVIAL = re.compile(
    r"\b(?:notes?|comments?|docstrings?|documents?|docs?|documentation|readme|typos?|wording|asserts?|assertions?|"
    r"changelog|news (?:entry|file)|spelling|logging|log messages?|examples?)\b",
    re.I,
)
# A label that names a document ("GIT-INFO: add the with-openssl option", "MANUAL doc: add dict
# example": curl 8.1.0 named these beside its new features).
_DOC_LABEL = re.compile(
    # (pip 20.1.1's "NEWS: in-tree builds revert is a removal, not bugfix" renamed a news file)
    r"\b(?:docs?|manual|readme|install|git-info|faq|howto|contributing|man ?pages?|known_bugs|todo|thanks|news|changelog)\b|\.(?:md|rst|txt|\d)$",
    re.I,
)
# A feature a user can pick up: support for something, something new, an option to pass
# ("rockchip: rk3528: add SoC support", "curl: add --proxy-http2") before a dependency or a default.
_USER_FEATURE = re.compile(r"\bsupport\b|\bnew\b|\bintroduce|(?:^|\s)--?\w[\w-]+|\boptions?\b", re.I)
# A name inside the code ("ireq.cached_wheel_source_link"): an internal step, no headline of a release.
_INTERNAL_NAME = re.compile(r"\b\w+\.\w+_\w+|\b[a-z]+_[a-z_]+\b")
# A command line in a title ("`uv version`", "`pip install --user`")
_COMMAND = re.compile(r"`[a-z][\w-]* [a-z][\w -]*`")
_PLAIN = frozenset({"chore", "docs", "tests", "build", "dependency", "refactor", "revert", "reland"})


def release_items(releases: Sequence[Release], items: Sequence[Item]) -> list[Item]:
    """The window's changes that are the releases: their commits, or the merges that brought them."""
    shas = {r.sha for r in releases}
    return [
        item for item in items
        if item.change.sha in shas or any(m.sha in shas for m in item.change.merged)
    ]


def _news_to_users(title: str, topic: str) -> bool:
    """Whether a title, short enough to say whole, names work users run: not the project's tooling,
    notes, asserts or internal names, nor a lone word ("allow-prereleases", pip 24.1)."""
    subject = parse_subject(title)
    return not (
        len(topic) > _HIGHLIGHT_CHARS or len(topic.split()) < 2 or _NEWS.search(topic) or _TOOLING.search(title)
        or _TRIVIAL.search(topic) or _INTERNAL_NAME.search(topic) or any(_DOC_LABEL.search(label) for label in subject.labels)
        # vue 3.2.42's "types(h): Support passing props to Component" changed type declarations, told as a feature
        or re.match(r"(?i)types?(?:\([^)]*\))?!?:", title) or (subject.scope or "").lower() in ("types", "type", "dts")
    )


def _undone_key(title: str) -> str:
    return re.sub(r"[\"'“”]|\s*\(#\d+\)\s*$", "", title).strip().lower()


def highlights(release: Release, limit: int = 3) -> list[str]:
    """Titles of what a release carries that a user would want to hear first: speed-ups, features
    (new support and options first), correctness fixes, then other fixes (no chores, docs, tests,
    builds or bumps)."""
    ranked: list[tuple[int, bool, int, str]] = []
    # What was reverted before the tag is not in the release (ao 0.13.0-rc1's groupwise lut ops).
    # (compared without quotes or PR numbers: uv 0.7.7 'Revert "[docs] Fix …, Next = "Index"" (#13555)')
    undone = {_undone_key(said) for title in release.highlights if (said := quoted_reverted(title))}
    for order, title in enumerate(release.highlights):
        kinds = classify_title(title).kinds
        topic = parse_subject(title).topic
        # a change of no kind that names a command users run is news too, told last (uv 0.7.7's
        # "make `uv version` lock and sync")
        commanded = not kinds and _COMMAND.search(topic)
        if not (kinds or commanded) or (kinds and kinds[0] in _PLAIN) or "tests" in kinds or _undone_key(title) in undone or not _news_to_users(title, topic):
            continue
        best = min((_NOTABLE.index(k) for k in kinds if k in _NOTABLE), default=len(_NOTABLE))
        if best < len(_NOTABLE) or commanded:
            feature = best < len(_NOTABLE) and _NOTABLE[best] == "feature"
            ranked.append((best, not (feature and _USER_FEATURE.search(topic)), order, title))
    ranked.sort()
    seen: set[str] = set()
    picked: list[str] = []
    for *_, title in ranked:
        topic = parse_subject(title).topic
        if topic.lower() not in seen:
            seen.add(topic.lower())
            picked.append(title)
        if len(picked) == limit:
            break
    return picked


def kind_counts(titles: Sequence[str]) -> dict[str, int]:
    """How many of ``titles`` are features, fixes, … (by each one's most telling kind)."""
    counts: Counter[str] = Counter(primary_kind(classify_title(t).kinds) for t in titles)
    return dict(counts)


# A sync's own steps, beside the upstream work it brings: clippy's "Bump nightly version -> …",
# "Bump Clippy version -> 0.1.79", "Merge commit '93f0a9a…' into clippy-subtree-update".
_SYNC_STEP = re.compile(r"^(?:bump (?:\S+ ){1,2}version\b|bump (?:the )?(?:nightly|toolchain)\b|merge (?:commit|remote-tracking branch|branch) )", re.I)


def carried(change: Change, web_url: str | None) -> Carried:
    """What a forward merge brought over from another long-lived branch (a sync PR's own steps
    not counted: they are no upstream work)."""
    steps = [m for m in change.merged if change.pr is not None and _SYNC_STEP.match(m.title)]
    titles = [m.title for m in change.merged if m not in steps]
    url = pr_url(web_url.rstrip("/"), change.pr.number) if change.pr and web_url else None
    if url is None and web_url:
        url = f"{web_url.rstrip('/')}/commit/{change.sha}"
    return Carried(
        source=change.merge_source or "another branch",
        sha=change.sha,
        changes=change.commits - len(steps),
        kinds=kind_counts(titles),
        url=url,
        pr=change.pr.number if change.pr else None,
    )


def based_on_work(change: Change, web_url: str | None) -> Carried:
    """What a patch series' merge brought along from the unmerged branch it was built on
    (``source`` empty when no merge on that branch names it)."""
    return Carried(
        source=change.based_on_branch or "", sha=change.sha, changes=change.based_on,
        url=f"{web_url.rstrip('/')}/commit/{change.sha}" if web_url else None,
    )


def release_phrase(release: Release, show: str) -> str:
    """How a release is named: "Vue 3.4.0", "create-foo 9.0.1"."""
    return f"{release.package or show} {release.version}"


def _versions(releases: Sequence[Release]) -> dict[str | None, list[str]]:
    by_package: dict[str | None, list[str]] = {}
    for release in releases:
        by_package.setdefault(release.package, []).append(release.version)
    return by_package


def versions_phrase(versions: Sequence[str]) -> str:
    """ "3.4.0", "3.4.1 and 3.4.2", "3.4.1 to 3.4.3"."""
    if len(versions) <= 2:
        return " and ".join(versions)
    return f"{versions[0]} to {versions[-1]}"


_KIND_RANK = {"major": 3, "minor": 2, "patch": 1, "prerelease": 0}
_NUMBERS = "zero one two three four five six seven eight nine ten eleven twelve".split()


@dataclass(frozen=True)
class ReleaseNames:
    """The releases named ("Vue 3.4.1 to 3.4.3"), whether they are several, and whether the
    names say already what came out ("Vue 3.4.0 and six more releases")."""

    text: str
    plural: bool
    said_out: bool


def release_names(releases: Sequence[Release], show: str, *, project_word: str | None = None) -> ReleaseNames:
    """The releases by name, the project's own named by ``project_word`` ("Version") when given,
    else by the show."""
    by_package = _versions(releases)
    if len(by_package) > 2:
        return ReleaseNames(f"{len(by_package)} packages released", True, True)
    names = []
    plural = len(by_package) > 1
    for package, versions in by_package.items():
        word = package or project_word or show
        mine = [r for r in releases if r.package == package]
        kinds = {r.kind for r in mine}
        if len(kinds) == 1:
            if package is None and project_word and len(versions) > 1:
                word += "s"
            names.append(f"{word} {versions_phrase(versions)}")
            plural = plural or len(versions) > 1
        elif len(mine) == 2:  # a release and its same-day fix: "pip 19.2 and 19.2.1 are out"
            if package is None and project_word:
                word += "s"
            names.append(f"{word} {mine[0].version} and {mine[1].version}")
            plural = True
        else:  # a mix (release candidates, then the release, then patches): the main one leads
            lead = max(mine, key=lambda r: (_KIND_RANK[r.kind], -mine.index(r)))
            more = len(mine) - 1
            said = _NUMBERS[more] if more < len(_NUMBERS) else str(more)
            # "uv 0.6.0 and two release candidates": a candidate is no release of its own
            noun = "more release" if any(r.kind != "prerelease" for r in mine if r is not lead) else _pre_noun(mine)
            names.append(f"{word} {lead.version} and {said} {noun}{'s' if more != 1 else ''}")
    text = " and ".join(names)
    return ReleaseNames(text, plural, text.endswith(("releases", "release", "candidates", "candidate")))


def _pre_noun(releases: Sequence[Release]) -> str:
    """What pre-releases are called: "release candidate" when all are, else "pre-release"."""
    return "release candidate" if all(r.pre_kind == "candidate" for r in releases if r.kind == "prerelease") else "pre-release"


def release_headline(
    releases: Sequence[Release], show: str, phrases: Phrasebook | None = None, *, project_word: str | None = None
) -> str:
    """A release story's title: "Vue 3.4.0 is out", "Vue 3.4.1 to 3.4.3 are out", "Vue 3.4.0 and
    six more releases"; with ``project_word`` ("Version") the project's own releases are named by
    it instead of the show; worded in the style's ``phrases`` (default: the default's)."""
    named = release_names(releases, show, project_word=project_word)
    if named.said_out:
        return named.text
    book = phrases or default_phrasebook()
    return book.say("headings.releases_out", names=named.text) if named.plural else book.say("headings.release_out", name=named.text)


def said_highlights(releases: Sequence[Release], own_stories: set[str]) -> set[str]:
    """The topics (lower-cased) of the release highlights a script names aloud: the first
    :data:`HIGHLIGHTS_SAID` of each told release's picks that are not stories of their own. The rest of
    a release's picks are counted with the day's other changes, never left unsaid and uncounted."""
    return {
        topic
        for r in told_releases(releases)
        for topic in [t for t in (parse_subject(p).topic.lower() for p in r.picked) if t not in own_stories][:HIGHLIGHTS_SAID]
    }

