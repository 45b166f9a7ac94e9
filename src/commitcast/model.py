"""Dataclasses shared by every stage: the artifacts that flow through the pipeline.

Every artifact round-trips through JSON (``to_json`` / ``from_json``) so a stage's
output can be cached on disk or shipped to a worker process or a Ray task.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Self

import msgspec

from .storykinds import StoryKind

# ----------------------------------------------------------------------- vocabularies
# The words the stages pass each other, each defined once (the analyse and write code, the
# plan's JSON contract in docs/plan-json.md and the grounding checker all read these).

# What a change is, most telling first (analyse.classify orders a change's kinds this way);
# "version" is the project's own version number changing, never a dependency update.
ChangeKind = Literal[
    "revert", "reland", "dependency", "correctness", "fix", "performance", "feature", "docs", "tests",
    "build", "refactor", "chore", "version",
]
# How serious the problem a change addresses is, most serious first.
Severity = Literal[
    "silent_correctness", "security", "correctness", "crash", "hang", "regression", "breaking", "leak",
]
# The part of the episode a story belongs in, in the order secondary stories are told.
StoryRole = Literal[
    "headline", "release", "correctness", "performance", "feature", "revert", "infrastructure", "other"
]
# What a what's-next item is about.
NextKind = Literal["follow_up", "open_stack", "series", "pending_reland", "unlanded"]
# What an interpretive claim of the newsroom is about (see Claim and docs/plan-json.md).
ClaimAbout = Literal["kind", "severity", "purpose", "leader", "effect", "revert", "promise", "release", "status"]
# How sure a claim is: "strong" when the author or the data says it outright (a declared type, tag
# or label, the title's own verb, a trailer, every file a test); "weak" when it is read from
# indirect words or the signals disagree. The writer says a strong claim plainly and tells a weak
# one in the author's own terms, without its label.
Strength = Literal["strong", "weak"]
# Which text of a commit (or which fact about it) a claim rests on.
EvidenceSource = Literal[
    "type", "tag", "title", "body", "trailer", "label", "files", "graph", "notes", "stats", "forge", "section",
]
# The forges commitcast reads pull (GitLab: merge) requests from (commitcast.ingest.forges).
ForgeName = Literal["github", "gitlab"]
# What an episode covers: one day, or a week of dailies told again.
EpisodeKind = Literal["daily", "recap"]
# Who writes a script from a plan: the deterministic narrator, or an LLM (commitcast.write).
WriterName = Literal["builtin", "llm"]
# How a merge landed work on the branch (ingest.merges): a pull request, a maintainer's merge of a
# topic branch, a pull of another tree, a forward merge of a long-lived branch, a sync.
MergeKind = Literal["pr", "topic", "pull", "forward", "sync"]
# The parts of a script.
SectionKind = Literal[
    "cold_open", "headline", "story", "spotlight", "quick_hits", "whats_next", "sign_off"
]

__all__ = [
    "ChangeKind",
    "ForgeName",
    "Severity",
    "StoryKind",
    "EpisodeKind",
    "MergeKind",
    "WriterName",
    "StoryRole",
    "NextKind",
    "ClaimAbout",
    "Strength",
    "EvidenceSource",
    "SectionKind",
    "Artifact",
    "Person",
    "FileChange",
    "PullRequest",
    "Revert",
    "Stack",
    "MergedCommit",
    "Change",
    "Release",
    "Window",
    "Evidence",
    "Claim",
    "Fact",
    "ChangeRef",
    "StoryThread",
    "Why",
    "Story",
    "Spotlight",
    "NextItem",
    "Carried",
    "EpisodePlan",
    "Citation",
    "Sentence",
    "Section",
    "Script",
    "SentenceTiming",
    "Chapter",
    "Audio",
    "Episode",
    "Show",
    "HIGHLIGHTS_SAID",
    "PACKAGES_SAID",
    "lead_release",
    "told_releases",
]

# A release's changes a script names aloud ("Among what it brings: …"); the plan counts the rest
# among the day's other changes, so none goes both unsaid and uncounted.
HIGHLIGHTS_SAID = 3
PACKAGES_SAID = 3  # packages whose releases a day's script tells
_KIND_RANK = {"major": 3, "minor": 2, "patch": 1, "prerelease": 0}


def lead_release(releases: Sequence[Release]) -> Release:
    """The release that is the news among several: a final over a pre-release, a major over a
    minor over a patch, then the first out."""
    return max(releases, key=lambda r: (_KIND_RANK[r.kind], -releases.index(r)))


def told_releases(releases: Sequence[Release]) -> list[Release]:
    """The releases a day's script tells in full, the lead of each of its first packages: another
    of the same package is only named ("Then came 0.4.5"), its highlights unsaid (uv 2024-09-04)."""
    by_package: dict[str | None, list[Release]] = {}
    for release in releases:
        by_package.setdefault(release.package, []).append(release)
    return [lead_release(group) for group in list(by_package.values())[:PACKAGES_SAID]]


class Artifact:
    """Mixin giving a dataclass (or a msgspec Struct) a JSON round-trip (``to_json`` / ``from_json``)."""

    __slots__ = ()  # so that a Struct can take it too

    def to_json(self) -> bytes:
        """Encode as compact JSON bytes (datetimes as ISO 8601 with their offset)."""
        return msgspec.json.encode(self)

    @classmethod
    def from_json(cls, data: bytes | str) -> Self:
        """Decode JSON produced by :meth:`to_json`, validating every field's type."""
        return msgspec.json.decode(data, type=cls)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible dict (for embedding in larger documents)."""
        data: dict[str, Any] = msgspec.to_builtins(self)  # a struct becomes a dict
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Inverse of :meth:`to_dict`."""
        return msgspec.convert(data, type=cls)


# --------------------------------------------------------------------------- ingest


# Person and FileChange are msgspec Structs, not dataclasses: a history holds a hundred
# thousand of them, and the change cache decodes Structs a third faster (measured: 13,274
# cached changes in 0.084 s instead of 0.136 s). They behave as frozen dataclasses do.
class Person(msgspec.Struct, Artifact, frozen=True, gc=False):
    """A name and e-mail as written in a commit (author, committer, co-author)."""

    name: str
    email: str = ""


class FileChange(msgspec.Struct, Artifact, frozen=True, gc=False):
    """One file touched by a change, diffed against the first parent."""

    path: str
    status: str  # "A", "M", "D", "R" (rename), "C" (copy) or "T" (type change)
    old_path: str | None = None  # set on renames and copies
    added: int | None = None  # None for binary files
    deleted: int | None = None  # None for binary files


@dataclass(frozen=True)
class PullRequest(Artifact):
    """The pull request a change landed through."""

    number: int
    url: str | None = None  # None when the origin remote is not a known forge
    closing: bool = False  # named only by a "Closes #N" trailer: a PR where the project rebases, else an issue


@dataclass(frozen=True)
class Revert(Artifact):
    """What a revert (or a re-apply / back-out) undoes, as far as the message says."""

    kind: Literal["revert", "reapply", "backout"] = "revert"
    sha: str | None = None  # the reverted commit, full or abbreviated as written
    pr: int | None = None  # the reverted pull request
    title: str | None = None  # the reverted change's title, quotes stripped
    reason: str | None = None  # e.g. the merge bot's "due to …" text
    by: str | None = None  # forge login the merge bot reverted on behalf of


@dataclass(frozen=True)
class Stack(Artifact):
    """A ghstack stack the change belongs to: its PR numbers, oldest (bottom) first."""

    prs: list[int]
    position: int | None = None  # index of this change's PR in ``prs``


@dataclass(frozen=True)
class MergedCommit(Artifact):
    """A commit a merge brought in (one its first parent lacked): the work inside a merged PR."""

    sha: str
    title: str
    authors: list[Person]  # author first, then co-authors


@dataclass(frozen=True)
class Change(Artifact):
    """One change that landed on the branch: a commit of its history and what it says.

    In a merge workflow a merged pull request is one change (its merge commit) whose
    ``merged`` commits are the work inside it; see docs/landed.md for what "landed" means.
    """

    sha: str
    title: str
    body: str  # message body with the trailers removed
    trailers: dict[str, list[str]]  # trailer key as written -> values, in order
    authors: list[Person]  # primary author first, then co-authors
    committer: Person
    landed_at: datetime  # committer time, timezone-aware
    authored_at: datetime
    files: list[FileChange]
    added: int  # total lines added (binary files count 0)
    deleted: int  # total lines deleted
    parents: list[str] = field(default_factory=list)
    is_merge: bool = False
    is_bot: bool = False  # the change itself is a bot's (dependabot, renovate, …)
    pr: PullRequest | None = None
    revert: Revert | None = None
    is_reland: bool = False
    stack: Stack | None = None
    labels: list[str] = field(default_factory=list)  # forge labels, when enriched
    reviewers: list[str] = field(default_factory=list)  # forge reviewers, when enriched
    merged: list[MergedCommit] = field(default_factory=list)  # a merge's new commits, oldest first (capped)
    merged_count: int = 0  # how many commits a merge brought in (``merged`` may list fewer)
    merge_source: str | None = None  # the branch (or tag) a merge names as its source
    # a patch series built on another unmerged branch: the commits its merge brought along from
    # that branch (not its own, not in ``merged``) and the branch's name when a merge on it says
    based_on: int = 0
    based_on_branch: str | None = None
    opened_by: str | None = None  # the forge login a merge names as its PR's opener ("Centri3" of "Auto merge of #N - Centri3:…")
    merge_kind: MergeKind | None = None  # how a merge landed work on the branch read (ingest.merges)
    forge_sha: str | None = None  # the commit's sha on the forge, when this history replays it (docs/landed.md)
    via: str | None = None  # a pulled commit: the pull merge that landed it (``landed_at`` is that merge's)
    sender: str | None = None  # who sent a merged patch series, and wrote its cover letter (the merge's body)

    @property
    def commits(self) -> int:
        """How many commits landed with this change: a merge's new commits, else one."""
        return self.merged_count if self.merged_count else 1

    @property
    def short_sha(self) -> str:
        """The 7-character abbreviation used when the script names a commit."""
        return self.sha[:7]

    @property
    def author(self) -> Person:
        """The primary author."""
        return self.authors[0]


ReleaseKind = Literal["major", "minor", "patch", "prerelease"]


_PRE_RELEASE = ((r"(?i)(?:^|[.\d-])rc\.?\d*$", "candidate"), (r"(?i)b(?:eta)?\.?\d*$", "beta"), (r"(?i)a(?:lpha)?\.?\d*$", "alpha"))


@dataclass(frozen=True)
class Release(Artifact):
    """A version the project shipped in the window: a tag or a release commit, with what it carries."""

    version: str  # "3.4.0", "24.1"
    sha: str  # the commit the release points at
    tag: str | None = None  # "v3.4.0"; None for a release commit without a tag
    package: str | None = None  # a monorepo package ("create-foo"); None for the project itself
    kind: ReleaseKind = "patch"
    previous: str | None = None  # the version released before it (same package)
    released_at: datetime | None = None
    title: str | None = None  # the tag message's or release commit's first line
    changes: int = 0  # commits since the previous release (merges not counted)
    authors: int = 0  # people behind those commits
    bots: int = 0  # bot accounts behind those commits (renovate, dependabot), not counted as people
    prs: int = 0  # pull requests merged since the previous release
    highlights: list[str] = field(default_factory=list)  # titles of changes since the previous release, newest first
    breaking: list[str] = field(default_factory=list)  # breaking changes, from the release notes or the changes' own marks
    notes: list[str] = field(default_factory=list)  # the release notes' headline items (kept in the tree at that commit)
    notes_file: str | None = None  # the file the notes came from ("CHANGELOG.md"), when they did
    picked: list[str] = field(default_factory=list)  # the highlights the newsroom names first, most telling first

    @property
    def said_kind(self) -> str:
        """The kind a listener hears: a 0.x project's new minor starts a series ("zero_minor"), for
        semver lets it break things (uv 0.8.0 was no "minor release"); a version numbered by its
        year is a release of its year ("calendar"); else ``kind``."""
        if self.kind == "minor" and re.match(r"v?0\.", self.version):
            return "zero_minor"
        if self.kind in ("major", "minor") and re.match(r"v?(?:1[89]|[2-4]\d|20[1-4]\d)\.\d+(?:\.0)?(?:$|-)", self.version):
            return "calendar"  # pip 26.0, U-Boot 2025.01: numbered by the year, no "major release"
        return self.kind

    @property
    def pre_kind(self) -> str:
        """What a pre-release is called: "candidate" for 2025.10-rc5, "beta" for 24.1b1, "alpha", else
        "prerelease"."""
        for pattern, word in _PRE_RELEASE:
            if re.search(pattern, self.version):
                return word
        return "prerelease"


# -------------------------------------------------------------------------- analyse


@dataclass(frozen=True)
class Window(Artifact):
    """A half-open time window ``[since, until)`` and the zone it was asked in."""

    since: datetime
    until: datetime
    tz: str = "UTC"


@dataclass(frozen=True)
class Evidence(Artifact):
    """What a claim rests on: which text of which commit, in its own words."""

    sha: str
    source: EvidenceSource
    text: str = ""  # the words themselves (at most 200 characters), or what the data shows


@dataclass(frozen=True)
class Claim(Artifact):
    """One interpretation the newsroom makes: what it says, the evidence and how strong it is."""

    about: ClaimAbout
    value: str  # "fix", "silent_correctness", "stack", a person's name, "runtime falls from 5 s to 2 s", …
    strength: Strength = "strong"
    evidence: list[Evidence] = field(default_factory=list)


@dataclass(frozen=True)
class Fact(Artifact):
    """A measured claim taken from a change's message, with the change it came from."""

    text: str  # the claim as it can be said, e.g. "runtime falls from 56.6s to 14.0s"
    kind: str  # "runtime", "speedup", "percent", "memory", "lines", "tests", "count", …
    sha: str
    pr: int | None = None
    value: float | None = None  # the headline number of the fact
    unit: str | None = None  # "s", "%", "x", "GB", "lines", …
    before: float | None = None
    after: float | None = None
    factor: float | None = None  # before / after, or the stated "3x"
    percent: float | None = None
    hardware: str | None = None  # "H100", "A100", "MI300X", …
    source: str | None = None  # the sentence of the message the fact was read from
    low: float | None = None  # low end of a stated range ("1.5-2.2x": low 1.5, value 2.2)
    before_unit: str | None = None  # unit of ``before`` when it differs from ``unit`` ("6 minutes to 10 s")
    compares: str = "change"  # what the figure compares: "change" (before and after it), "settings", "case", "step"
    strength: Strength = "strong"  # weak: one reproduction, or a comparison the change did not make


@dataclass(frozen=True)
class ChangeRef(Artifact):
    """How a plan cites one change: enough to name it, link it and say who did it."""

    sha: str
    title: str
    pr: int | None = None
    url: str | None = None  # the PR's URL, else the commit's URL, else None
    authors: list[str] = field(default_factory=list)  # display names
    kinds: list[ChangeKind] = field(default_factory=list)  # most telling first
    areas: list[str] = field(default_factory=list)  # "Inductor", "CI", …
    severity: list[Severity] = field(default_factory=list)
    topic: str = ""  # the title without tags, labels and PR suffix: what the change is about
    landed_at: datetime | None = None  # when it landed
    reviewers: list[str] = field(default_factory=list)  # forge reviewers' display names, approvers first
    claims: list[Claim] = field(default_factory=list)  # its kinds and severities, each with evidence and strength
    lines: int = 0  # lines it added and deleted, without data files': how much work it is
    area_labelled: bool = False  # its first area is the one its title's own tag or label names ("[ET-VK]": Vulkan)


@dataclass(frozen=True)
class StoryThread(Artifact):
    """A run of same-pattern changes inside a story ("Tensor constructors", six changes)."""

    label: str  # plain words from the titles, e.g. "new Module APIs"
    size: int  # changes in the thread
    pattern: str | None = None  # the shared title shape, e.g. "Add Module …"
    changes: list[str] = field(default_factory=list)  # shas of the thread's changes, oldest first


@dataclass(frozen=True)
class Why(Artifact):
    """A sentence of a change's message saying why it matters, as its author wrote it."""

    text: str  # one plain sentence, at most 240 characters
    sha: str
    pr: int | None = None
    role: Literal["problem", "context", "change", "effect"] = "problem"
    by: str | None = None  # whose words they are, when not the change's first author's (a series' cover letter)


@dataclass(frozen=True)
class Story(Artifact):
    """A group of changes a listener hears as one story, ranked and given a role."""

    id: str  # stable within a plan, e.g. "s1"
    role: StoryRole
    headline: str  # short human title, used as the chapter title
    people: list[str]  # display names, most active first
    areas: list[str]
    changes: list[ChangeRef]
    facts: list[Fact] = field(default_factory=list)
    score: float = 0.0
    kind: StoryKind = StoryKind.SINGLE  # how its changes belong together (commitcast.storykinds)
    kinds: list[ChangeKind] = field(default_factory=list)  # union of the changes' kinds
    severity: list[Severity] = field(default_factory=list)  # union of the changes' severities
    reason: str | None = None  # for reverts: the stated reason
    relanded: bool = False  # a revert story whose change came back
    earlier: list[ChangeRef] = field(default_factory=list)  # cited changes from before the window
    effect: str | None = None  # measured effect in one phrase, e.g. "runtimes 3x to 6x faster"
    size: int = 0  # changes in the story; ``changes`` cites at most 25 of them
    focus: list[str] = field(default_factory=list)  # names the titles keep coming back to ("Tensor", "Module")
    threads: list[StoryThread] = field(default_factory=list)  # its sub-themes, biggest first
    series: str | None = None  # the effort its titles name in a bracket tag, e.g. "build Folder Migration"
    series_size: int = 0  # how many of its changes carry that tag
    lines_added: int = 0  # over all the story's changes
    lines_deleted: int = 0
    lines_added_tests: int = 0  # of ``lines_added``, those in test files ("most of them tests")
    lines_left_out: int = 0  # lines added and deleted in files not counted in ``lines_added``/``lines_deleted``
    left_out: list[str] = field(default_factory=list)  # what those files are: "lockfiles", "snapshots", …
    releases: list[Release] = field(default_factory=list)  # a release story's versions, in order
    why: list[Why] = field(default_factory=list)  # what its authors say the problem and the effect are
    commits: int = 0  # commits behind its changes (a merged PR counts its own); 0 when not counted
    claims: list[Claim] = field(default_factory=list)  # why its changes are one story, who leads it, its effect
    via: str | None = None  # a pull story: the tree its patches came from ("u-boot-dfu")
    # one person's story: all that person landed in the window but what other stories tell, when more
    # than the story holds or some is told apart (so "nine changes in drivers" is not heard as their whole
    # day); 0 otherwise
    lead_changes: int = 0
    # of ``lead_changes``, those in the story's first area: all of them, and the area sets the story
    # apart from none of that day ("ten changes, five of them in Vulkan" when all ten were)
    lead_changes_here: int = 0
    # of that person's changes in the window, those other stories of the episode tell: the story says their
    # whole day, ``lead_changes`` and these ("three of their thirteen changes"; uv 2023-10-07, curl 2025-03-24)
    lead_told_apart: int = 0
    # people who helped with its changes (co-authors, co-developers) beside ``people``: "32 changes from
    # eight people and two co-authors" (u-boot 2026-04-22's imx pull)
    helpers: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        """How many changes the story holds (``changes`` may cite only some of them)."""
        return max(self.size, len(self.changes))


@dataclass(frozen=True)
class Term(Artifact):
    """A term an episode explains, what it says it means, and where that explanation comes from."""

    term: str
    meaning: str
    source: str  # "README.md", "docs/concepts.md", "the show's glossary", "commitcast's glossary"


@dataclass(frozen=True)
class Spotlight(Artifact):
    """The landed pull request that drew the most review, from the forge, with what drew it."""

    pr: int
    sha: str
    title: str
    author: str  # display name
    url: str
    reviewers: list[str] = field(default_factory=list)  # display names, approvers first
    comments: int = 0
    labels: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)  # "3 reviewers", "14 comments", "220 lines changed"


@dataclass(frozen=True)
class NextItem(Artifact):
    """Something the messages promise or leave open: a follow-up, an open stack."""

    text: str
    sha: str | None = None
    pr: int | None = None
    url: str | None = None
    kind: NextKind = "follow_up"
    people: list[str] = field(default_factory=list)  # who promised it / whose work it is
    strength: Strength = "strong"  # weak: the words only hint at more to come
    evidence: list[Evidence] = field(default_factory=list)  # the sentence or stack it rests on


@dataclass(frozen=True)
class Carried(Artifact):
    """Work a merge brought over from another long-lived branch: counted and said once, never a story."""

    source: str  # the branch it came from, e.g. "1.0-maintenance"
    sha: str  # the merge
    changes: int  # commits it brought
    kinds: dict[str, int] = field(default_factory=dict)  # "fix": 4, … (by the commits' titles)
    url: str | None = None
    pr: int | None = None  # the pull request the merge landed (clippy's Rustup PRs), if any


@dataclass(frozen=True)
class EpisodePlan(Artifact):
    """What an episode will say: the ranked stories of one window of one show."""

    show: str  # the show's display name, e.g. "PyTorch"
    window: Window
    title: str  # "PyTorch: The Great Distributed Test Speedup"
    summary: str
    counts: dict[str, int]  # "changes", "authors", "reverts", "lines_added", …
    stories: list[Story]  # headline first, then the secondary stories in order
    quick_hits: list[ChangeRef] = field(default_factory=list)
    whats_next: list[NextItem] = field(default_factory=list)
    spotlight: Spotlight | None = None  # the most-reviewed landed PR, when the forge was asked
    kind: EpisodeKind = "daily"
    releases: list[Release] = field(default_factory=list)  # versions out in the window, oldest first
    carried: list[Carried] = field(default_factory=list)  # work forward-merged from other branches
    untold: dict[str, int] = field(default_factory=dict)  # changes in no story or quick hit, by kind
    glossary: dict[str, str] = field(default_factory=dict)  # terms the stories use -> a plain explanation
    notes: dict[str, str] = field(default_factory=dict)  # areas the stories name -> their README's first sentence
    people: list[str] = field(default_factory=list)  # everyone credited in the window (bots not), as named
    regulars: list[str] = field(default_factory=list)  # people behind a third or more of the recent work
    glossary_sources: dict[str, str] = field(default_factory=dict)  # term -> where its explanation comes from


# ---------------------------------------------------------------------------- write


@dataclass(frozen=True)
class Citation(Artifact):
    """A change a sentence states something about."""

    sha: str
    pr: int | None = None


@dataclass(frozen=True)
class Sentence(Artifact):
    """One sentence as written (for the page) with the changes it cites."""

    text: str
    citations: list[Citation] = field(default_factory=list)


@dataclass(frozen=True)
class Section(Artifact):
    """A part of the script; stories become chapters titled with ``title``."""

    kind: SectionKind
    title: str
    sentences: list[Sentence]
    url: str | None = None  # the section's main link (its story's main PR or commit)
    story_id: str | None = None


@dataclass(frozen=True)
class Script(Artifact):
    """The words of one episode, in the order the host speaks them."""

    show: str
    title: str
    summary: str
    window: Window
    sections: list[Section]
    writer: str = "builtin"  # "builtin" or "llm"
    kind: EpisodeKind = "daily"

    @property
    def sentences(self) -> list[Sentence]:
        """Every sentence of every section, in order."""
        return [s for section in self.sections for s in section.sentences]


# ---------------------------------------------------------------------------- voice


@dataclass(frozen=True)
class SentenceTiming(Artifact):
    """Where one written sentence sits in the final audio, in seconds."""

    section: int  # index into Script.sections
    index: int  # index into that section's sentences
    start: float
    end: float
    text: str


@dataclass(frozen=True)
class Chapter(Artifact):
    """A jump point in the audio: one per section that is a story (and the open/close)."""

    title: str
    start: float
    end: float
    url: str | None = None


@dataclass(frozen=True)
class Audio(Artifact):
    """The voiced episode: the MP3 file and the timings measured while making it."""

    path: str  # file name of the MP3, relative to the directory it was written to
    duration: float  # seconds
    size: int  # bytes of the MP3 file
    sample_rate: int
    sentences: list[SentenceTiming]
    chapters: list[Chapter]


# -------------------------------------------------------------------------- publish


@dataclass(frozen=True)
class Show(Artifact):
    """A podcast: one repository (or a slice of it) told as daily episodes."""

    name: str  # "PyTorch"
    slug: str  # "pytorch"; only [a-z0-9-]
    repo: str = "."  # local path or git URL
    branch: str | None = None
    tz: str = "UTC"
    web_url: str | None = None  # "https://github.com/ORG/REPO": PR and commit links are built on it
    description: str = ""
    language: str = "en"
    author: str = "commitcast"
    owner_name: str = "commitcast"
    owner_email: str = ""
    base_url: str = ""  # absolute site URL; links in the feed are made absolute with it
    artwork: str | None = None  # path to a square JPEG/PNG; generated when None
    voice: str | None = None  # path to a Piper .onnx voice; the bundled voice when None
    host_name: str = "Joe"  # the narrator, credited as the feed's podcast:person host
    copyright: str = ""  # the feed's <copyright>; "© YEARS AUTHOR" when empty
    funding_url: str = ""  # a donation or sponsorship page, as the feed's podcast:funding
    funding_text: str = ""  # that link's label (at most 128 characters)


@dataclass(frozen=True)
class Episode(Artifact):
    """One published episode: what the catalogue keeps and the publisher renders."""

    show: str  # show slug
    slug: str  # "2026-09-19" for a daily, "2026-W38-recap" for a recap
    kind: EpisodeKind
    title: str
    summary: str
    published_at: datetime
    window: Window
    script: Script
    audio: Audio | None = None
    media_dir: str | None = None  # where the voice stage wrote episode.mp3 and the transcripts
    stories: list[Story] = field(default_factory=list)  # for the show notes
    quick_hits: list[ChangeRef] = field(default_factory=list)
    spotlight: Spotlight | None = None
    terms: list[Term] = field(default_factory=list)  # the terms the script explains, with their sources
