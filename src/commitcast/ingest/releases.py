"""Releases a window shipped: version tags and release commits, with what each one carries.

A release is found two ways, and the same version found both ways is one release:

- a **tag** whose name is a version (``v3.4.0``, ``24.1``, ``create-foo@9.0.1``, ``pkg-v2.0.0``)
  pointing at a commit of the branch; it is out when its commit has landed and (for an
  annotated tag) the tag was made, whichever is later;
- a **release commit**: a subject such as ``release: v3.4.0``, ``Release 3.4``, ``chore(release):
  1.2.0``, ``Bump version to 2.1.0``, ``release: create-foo@9.0.1``, or a release-worded subject
  whose commit changes the version in a manifest (``package.json``, ``pyproject.toml``,
  ``Cargo.toml``, ``setup.cfg``, ``__version__``); development versions (``24.2.dev0``) are not
  releases.

What a release carries is read from the history between it and the release before it of the
same package (the highest lower version; for a final release, the highest lower final one).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import pygit2
from packaging.version import InvalidVersion, Version
from pygit2.enums import SortMode

from ..model import Change, Person, Release, ReleaseKind
from ..text import count_people, is_assistant_name
from .bots import is_bot
from .changes import flattened_opener
from .gitrepo import decode, moment, own_name, person
from .merges import parse_merge_subject
from .messages import parse_person, rejoin_cut_subject, split_subject
from .refs import merge_pr, resolved_pr, title_pr
from .release_notes import release_notes
from .reverts import unquoted_revert
from .trailers import CREDIT_TRAILERS

__all__ = ["TagIndex", "read_tags", "parse_tag_version", "release_versions", "find_releases", "release_kind"]

_MAX_CARRIED = 20_000  # commits walked to say what a release carries
_MAX_HIGHLIGHTS = 200  # titles kept for the newsroom to pick highlights from
_MERGED_PULLS = 3  # forge merges in a release's range that make it a merge workflow's release

# "v3.4.0", "3.4", "1.0.0-rc.1", "2.0.0b1", "24.1.dev0"
_VERSION = r"v?\d+(?:\.\d+){1,3}(?:[-.]?(?:alpha|beta|rc|pre|preview|a|b|c|dev|post)[.-]?\d*)*(?:\+[\w.]+)?"
_TAG = re.compile(
    rf"^(?:(?P<pkg>@?[\w./-]*?[\w.-])(?:@|[-_/](?=v?\d)))?(?P<version>{_VERSION})$", re.I
)
# "curl-8_3_0": a version written with underscores, after the project's name.
_UNDERSCORE_TAG = re.compile(r"^(?P<pkg>[A-Za-z][\w.-]{0,60}?)[-_](?P<version>\d{1,4}(?:_\d{1,4}){1,3})$")
# Subjects that announce a release, with the versions they name.
_RELEASE_WORDS = re.compile(
    # (curl's "RELEASE-PROCEDURE: add release dates … to 8.0.0" edits a document: no release)
    r"^\s*(?:(?:chore|build|ci)?\s*\(\s*release\s*\)\s*!?:|release\s*:|releas(?:e|ing)\b(?![-_.](?!v?\d)\w)|"
    r"bump(?:ed)?\s+(?:the\s+)?(?:version|for\s+release)|prepare\s+(?:for\s+)?(?:the\s+)?release|"
    r"version\s+packages\b|publish\b|cut\s+(?:the\s+)?release|v?\d+(?:\.\d+){1,3}\s*$)",
    re.I,
)
_NOT_RELEASE = re.compile(
    r"\b(?:for\s+development|back\s+to\s+dev|dev(?:elopment)?\s+version|post[- ]release|notes?|dates|schedule|procedure|"
    # "Bump version to 7.0 for the next release" (pip, the day 6.1.1 shipped) opens the next one
    r"(?:for|towards?)\s+(?:the\s+)?(?:next|upcoming|coming)\s+(?:release|version))\b",
    re.I,
)
# "Bump version from 0.17.0 to 0.18.0", "0.2.0->0.3.0": a development cycle opens on the main
# branch; the release is cut, and tagged, elsewhere.
_CYCLE = re.compile(r"\bfrom\s+v?\d+(?:\.\d+)+\S*\s+to\b|\d\s*(?:->|→)\s*v?\d", re.I)
_OTHER_SOFTWARE = re.compile(r"\b(?:python|py|cuda|rocm|node|gcc|clang|xcode|ios|android|jdk|java)\s*$", re.I)
# Words that say a release happened, not only that a number changed.
_EXPLICIT = re.compile(
    r"^\s*(?:(?:chore|build|ci)?\s*\(\s*release\s*\)|release\b|releasing\b|cut\b|publish\b|version\s+packages\b)|"
    r"\bfor\s+(?:the\s+)?release\b|\brelease\s+of\b",
    re.I,
)
_NAMED = re.compile(rf"(?<![\w.@/-])(?:(?P<pkg>@?[\w][\w./-]*?)@)?(?P<version>{_VERSION})(?![\w.])", re.I)
_MANIFESTS = re.compile(r"(^|/)(package\.json|pyproject\.toml|Cargo\.toml|setup\.cfg|setup\.py|"
                        r"__init__\.py|_?version\.py|__version__\.py|VERSION(?:\.txt)?)$")


@dataclass(frozen=True)
class TagVersion:
    """A version tag: its name, package, version and where it points."""

    name: str
    package: str | None
    version: str  # without a leading "v"
    sha: str
    tagged_at: datetime | None  # annotated tags only
    message: str | None  # the annotated tag's first line


TagIndex = dict[str, list[TagVersion]]  # target sha -> its version tags


def _plain(version: str) -> str:
    return version[1:] if version[:1] in "vV" else version


def parse_tag_version(name: str, project: str = "") -> tuple[str | None, str] | None:
    """``(package, version)`` a tag name gives (package None for the project itself, whose name
    ``project`` a tag may carry: curl's ``curl-8_3_0``), or None."""
    match = _TAG.match(name.strip())
    version = _plain(match.group("version")) if match else None
    if match is None:
        match = _UNDERSCORE_TAG.match(name.strip())
        if match is None:
            return None
        version = match.group("version").replace("_", ".")
    package = match.group("pkg") or None
    if package is not None and package.lower() in ("release", "releases", "version", "v", "tag", project.lower()):
        package = None
    return package, version or ""


def read_tags(repo: pygit2.Repository) -> TagIndex:
    """Every version tag of the repository, by the commit it points at."""
    index: TagIndex = {}
    project = own_name(repo)
    for ref in repo.references.iterator(pygit2.enums.ReferenceFilter.TAGS):
        name = ref.shorthand
        parsed = parse_tag_version(name, project)
        if parsed is None:
            continue
        try:
            target = ref.peel(pygit2.Commit)
        except (pygit2.GitError, ValueError, KeyError):
            continue
        if parsed[0] is not None and not _holds_package(target, parsed[0]):
            continue  # rust-clippy's "rust-1.75.0" marks another project's release, not one of its own
        tagged_at: datetime | None = None
        message: str | None = None
        obj = repo.get(ref.target)
        if isinstance(obj, pygit2.Tag) and obj.tagger is not None:
            tagged_at = moment(obj.tagger.time, obj.tagger.offset)
            message = (decode(obj.raw_message or b"").strip().splitlines() or [""])[0][:200] or None
        index.setdefault(str(target.id), []).append(
            TagVersion(name, parsed[0], parsed[1], str(target.id), tagged_at, message)
        )
    return index


def _holds_package(commit: pygit2.Commit, package: str) -> bool:
    """Whether the tree at ``commit`` has a folder or file named ``package`` in its top two levels
    (``packages/create-foo``, ``crates/foo``): a tag's package is one the repository holds."""
    wanted = package.lower()
    try:
        for entry in commit.tree:
            if (entry.name or "").lower() == wanted:
                return True
            folder = commit.tree[entry.name] if entry.type_str == "tree" and entry.name else None
            if isinstance(folder, pygit2.Tree) and any((child.name or "").lower() == wanted for child in folder):
                return True
    except (pygit2.GitError, KeyError, ValueError):  # a tree the export did not keep
        return False
    return False


def _version_key(version: str) -> Version | None:
    try:
        return Version(version)
    except InvalidVersion:
        return None


def release_kind(version: str, previous: str | None) -> ReleaseKind:
    """Major, minor or patch by the first part that changed since ``previous``; pre-releases apart."""
    key = _version_key(version)
    if key is not None and (key.is_prerelease or key.is_devrelease):
        return "prerelease"
    before = _version_key(previous) if previous else None
    if key is None or before is None:
        parts = [int(p) for p in re.findall(r"\d+", version)[:3]]
        return "major" if parts[1:] and not any(parts[1:]) else "minor" if parts[2:] and not parts[2] else "patch"
    now, then = (list(key.release) + [0, 0])[:3], (list(before.release) + [0, 0])[:3]
    if now[0] != then[0]:
        return "major"
    return "minor" if now[1] != then[1] else "patch"


# pip's release commit names no version: "Bump for release".
# How far below its tag a release's own commit may sit (fixes to the release itself land on top)
_OWN_COMMIT_DEPTH = 5
_RELEASE_BUMP = re.compile(r"^\s*bump(?:ed)?\s+for\s+release\b", re.I)
_HOUSEKEEPING = re.compile(r"^\s*bump(?:ed)?\s+for\s+development\b", re.I)
# A merged pull request that is the previous release's own branch coming home ("Release/26.0.1", its
# title as the merge body gives it) or the cycle's opening ("Bump for development"): pip 26.1 counted both
_RELEASE_HOUSEKEEPING = re.compile(r"release[/ -]v?\d|bump(?:ed)?\s+for\s+(?:development|release)\b", re.I)


def release_versions(title: str) -> list[tuple[str | None, str]]:
    """The ``(package, version)`` pairs a release-worded subject names (empty for other subjects)."""
    text, _ = title_pr(title.strip())
    if not _RELEASE_WORDS.match(text) or _NOT_RELEASE.search(text) or _CYCLE.search(text):
        return []
    found: list[tuple[str | None, str]] = []
    for match in _NAMED.finditer(text):
        if _OTHER_SOFTWARE.search(text[max(0, match.start() - 12) : match.start()]):
            continue  # "Publish CUDA wheels for Python 3.14": Python's version, not the project's
        version = _plain(match.group("version"))
        key = _version_key(version)
        if key is not None and key.is_devrelease:
            continue
        pair = (match.group("pkg") or None, version)
        if pair not in found:
            found.append(pair)
    return found


def _is_release_subject(title: str) -> bool:
    text, _ = title_pr(title.strip())
    return bool(_RELEASE_WORDS.match(text)) and not _NOT_RELEASE.search(text)


def _manifest_version(repo: pygit2.Repository, tree: pygit2.Tree, path: str) -> str | None:
    try:
        blob = tree[path]
    except KeyError:
        return None
    if not isinstance(blob, pygit2.Blob) or blob.size > 1 << 20:
        return None
    text = blob.data.decode("utf-8", "replace")
    name = path.rsplit("/", 1)[-1]
    try:
        if name == "package.json":
            value = json.loads(text).get("version")
        elif name in ("pyproject.toml", "Cargo.toml"):
            data = tomllib.loads(text)
            value = (data.get("project") or data.get("package") or data.get("tool", {}).get("poetry") or {}).get("version")
        else:
            found = re.search(r"""(?m)^\s*(?:__version__|version|VERSION)\s*[:=]\s*['"]?([\w.+-]+)['"]?""", text)
            if found is None and name.startswith("VERSION"):
                found = re.match(r"\s*([\w.+-]+)", text)
            value = found.group(1) if found else None
    except (ValueError, tomllib.TOMLDecodeError, AttributeError):
        return None
    return _plain(value) if isinstance(value, str) and re.match(r"v?\d+\.\d+", value) else None


def _manifest_bumps(repo: pygit2.Repository, change: Change) -> list[tuple[str | None, str, str | None]]:
    """``(package, new version, old version)`` for each manifest whose version the change raised."""
    if not change.parents:
        return []
    try:
        commit, parent = repo[change.sha], repo[change.parents[0]]
    except (KeyError, ValueError):
        return []
    bumps: list[tuple[str | None, str, str | None]] = []
    for f in change.files:
        if not _MANIFESTS.search(f.path) or f.status == "D":
            continue
        new = _manifest_version(repo, commit.tree, f.path)
        old = _manifest_version(repo, parent.tree, f.old_path or f.path)
        newer, older = _version_key(new) if new else None, _version_key(old) if old else None
        if new is None or new == old or (newer is not None and (newer.is_devrelease or (older is not None and newer <= older))):
            continue
        # A package's manifest under packages/<name>/ names that package; the top one the project.
        directory = f.path.rsplit("/", 1)[0] if "/" in f.path else ""
        package = directory.rsplit("/", 1)[-1] if directory and directory.split("/")[0] in ("packages", "crates", "libs", "apps") else None
        bumps.append((package, new, old))
    return bumps


@dataclass(frozen=True)
class _Found:
    package: str | None
    version: str
    sha: str
    tag: str | None
    at: datetime
    title: str | None
    previous: str | None = None  # from a manifest's old value, when no tag says it


def _landed_shas(change: Change) -> list[tuple[str, str]]:
    """``(sha, title)`` of the change and of every commit it merged."""
    return [(change.sha, change.title), *((m.sha, m.title) for m in change.merged)]


def find_releases(
    repo: pygit2.Repository,
    tip: pygit2.Commit,
    changes: Sequence[Change],
    since: datetime,
    until: datetime,
    tags: TagIndex | None = None,
    mailmap: pygit2.Mailmap | None = None,
) -> list[Release]:
    """The releases out in ``[since, until)``: tagged or release commits among ``changes`` (the
    window's landed changes) and annotated tags made in the window on earlier commits."""
    tags = read_tags(repo) if tags is None else tags
    found: dict[tuple[str | None, str], _Found] = {}

    def add(item: _Found) -> None:
        # One release however it is spelt: pip's merge title "24.1.beta1" and its tag "24.1b1".
        parsed = _version_key(item.version)
        key = (item.package, str(parsed) if parsed is not None else item.version)
        if key not in found or (found[key].tag is None and item.tag is not None):
            found[key] = item

    landed_shas: set[str] = set()
    for change in changes:
        if change.merge_kind == "sync":
            continue
        for sha, title in _landed_shas(change):
            landed_shas.add(sha)
            for tag in tags.get(sha, []):
                out = max(change.landed_at, tag.tagged_at) if tag.tagged_at else change.landed_at
                if since <= out < until:
                    add(_Found(tag.package, tag.version, sha, tag.name, out, tag.message or title))
            for package, version in release_versions(title):
                add(_Found(package, version, sha, None, change.landed_at, title))
        if _is_release_subject(change.title) and not release_versions(change.title):
            for package, version, old in _manifest_bumps(repo, change):
                add(_Found(package, version, change.sha, None, change.landed_at, change.title, old))
    # Tags made in the window on commits that landed before it.
    for sha, versions in tags.items():
        for tag in versions:
            if tag.tagged_at is None or not since <= tag.tagged_at < until or sha in landed_shas:
                continue
            parsed = _version_key(tag.version)
            known = found.get((tag.package, str(parsed) if parsed else tag.version))
            # pip 6.0.2: "Bump for release of 6.0.2" came in with a merge of master, its tag on
            # master's merge commit; the tag is the release, and its range the one to count
            if (known is not None and known.tag is not None) or not _on_branch(repo, tip, sha):
                continue
            add(_Found(tag.package, tag.version, sha, tag.name, tag.tagged_at, tag.message))
    by_package = _versions_by_package(tags)
    kept = [item for item in found.values() if item.tag is not None or _claim_holds(repo, item, by_package, since, until)]
    carrier = _Carrier(repo, mailmap)
    releases = [_release(carrier, item, by_package) for item in kept]
    return sorted(releases, key=lambda r: (r.released_at or since, _version_key(r.version) or Version("0")))


def _claim_holds(
    repo: pygit2.Repository,
    item: _Found,
    by_package: dict[str | None, list[tuple[Version, TagVersion]]],
    since: datetime,
    until: datetime,
) -> bool:
    """Whether a commit that names a version, with no tag on it, is the release: a project that
    tags its releases tagged this one in the window (on another branch), or the commit says
    "release" in so many words. pip bumped develop to 1.1 months after tagging 1.1; torchao
    bumps main to 0.7 weeks before tagging 0.7.0-rc1 on its release branch."""
    key = _version_key(item.version)
    tagged = by_package.get(item.package, [])
    if key is None or len(tagged) < 3:
        return True  # a project that does not tag its releases: the commit is the record
    same = [tag for version, tag in tagged if version == key]
    if not same and not (key.is_prerelease or key.is_devrelease):
        # its release candidates were tagged, so the final will be too ("0.7" and "v0.7.0-rc1")
        same = [tag for version, tag in tagged if _release3(version) == _release3(key)]
    if same:
        return any(since <= _tag_time(repo, tag) < until for tag in same)
    return bool(item.title and _EXPLICIT.search(item.title))


def _release3(version: Version) -> tuple[int, int, int]:
    major, minor, micro = (*version.release, 0, 0)[:3]
    return major, minor, micro


def _tag_time(repo: pygit2.Repository, tag: TagVersion) -> datetime:
    if tag.tagged_at is not None:
        return tag.tagged_at
    commit = repo.get(tag.sha)
    if isinstance(commit, pygit2.Commit):
        return moment(commit.commit_time, commit.commit_time_offset)
    return datetime.min.replace(tzinfo=UTC)


def _on_branch(repo: pygit2.Repository, tip: pygit2.Commit, sha: str) -> bool:
    try:
        return str(tip.id) == sha or repo.descendant_of(tip.id, pygit2.Oid(hex=sha))
    except (pygit2.GitError, ValueError, KeyError):
        return False


def _versions_by_package(tags: TagIndex) -> dict[str | None, list[tuple[Version, TagVersion]]]:
    by: dict[str | None, list[tuple[Version, TagVersion]]] = {}
    for versions in tags.values():
        for tag in versions:
            key = _version_key(tag.version)
            if key is not None:
                by.setdefault(tag.package, []).append((key, tag))
    for entries in by.values():
        entries.sort(key=lambda entry: entry[0])
    return by


def _previous(item: _Found, by_package: dict[str | None, list[tuple[Version, TagVersion]]]) -> TagVersion | None:
    """The tag of the release before ``item`` of the same package."""
    key = _version_key(item.version)
    if key is None:
        return None
    final = not (key.is_prerelease or key.is_devrelease)
    tagged = by_package.get(item.package, [])
    finals = {_release3(version) for version, _ in tagged if not (version.is_prerelease or version.is_devrelease)}
    # A final comes after the last final, or after the last candidate of a version whose final was
    # never tagged here (torchao tags 0.16.0-rc1 only: 0.17.0 is no "1,856 changes since 0.6.0").
    lower = [tag for version, tag in tagged if version < key
             and not (final and (version.is_prerelease or version.is_devrelease)
                      and (_release3(version) in finals or _release3(version) == _release3(key)))]
    return lower[-1] if lower else None


def _release(
    carrier: _Carrier,
    item: _Found,
    by_package: dict[str | None, list[tuple[Version, TagVersion]]],
) -> Release:
    before = _previous(item, by_package)
    previous = before.version if before else item.previous
    changes, authors, prs, highlights, bots = carrier.carried(item.sha, before.sha if before else None)
    notes = release_notes(carrier.repo, item.sha, item.version)
    return Release(
        version=item.version,
        sha=item.sha,
        tag=item.tag,
        package=item.package,
        kind=release_kind(item.version, previous),
        previous=previous,
        released_at=item.at.astimezone(UTC) if item.at.tzinfo else item.at,
        title=item.title,
        changes=changes,
        authors=authors,
        bots=bots,
        prs=prs,
        highlights=list(highlights),
        breaking=notes.breaking[:8] if notes else [],
        notes=notes.items[:12] if notes else [],
        notes_file=notes.path if notes else None,
    )


_RESOLVED = re.compile(rb"^Pull Request resolved:[ \t]*(\S+)", re.M)
_MERGE_SUBJECT = re.compile(r"^Merge (?:pull request|PR #|branch|remote-tracking branch|tag)\b", re.I)


@dataclass(frozen=True)
class _Subject:
    """What a release's summary needs of one commit."""

    merge: bool
    person: Person | None  # the author as the .mailmap names them; None for a bot
    pr: int | None  # the PR it names (a forge merge's, or a squash merge's suffix)
    title: str
    co: tuple[Person, ...] = ()  # co-authors, as the author
    bot: str = ""  # the bot's name, lower case, when a bot wrote it
    co_bots: tuple[str, ...] = ()  # bots among the co-authors ("Co-authored-by: Claude"), lower case


class _Carrier:
    """What releases carry, walking each commit's subject once however many releases' ranges
    it falls in (the releases of one read often share most of their history)."""

    def __init__(self, repo: pygit2.Repository, mailmap: pygit2.Mailmap | None = None) -> None:
        self.repo = repo
        self.mailmap = mailmap
        self._subjects: dict[pygit2.Oid, _Subject] = {}
        self._carried: dict[tuple[str, str], tuple[int, int, int, tuple[str, ...], int]] = {}

    def _mapped(self, who: Person) -> Person:
        if self.mailmap is not None:
            name, email = self.mailmap.resolve(who.name, who.email)
            who = Person(name, email)
        return who

    def _subject(self, commit: pygit2.Commit) -> _Subject:
        found = self._subjects.get(commit.id)
        if found is None:
            # Only the first two lines are decoded: a subject spans two at most (a number or a cut
            # subject wrapped to the second, as the changes' own titles join them).
            lines = commit.raw_message.lstrip().split(b"\n", 2)
            subject, second = split_subject(decode(b"\n".join(lines[:2]), commit.message_encoding))
            subject = rejoin_cut_subject(subject, second)[0] if second else subject
            merge = len(commit.parent_ids) > 1
            if merge:
                forge = merge_pr(subject)
                title, number = subject, forge[0] if forge else parse_merge_subject(subject).pr
                if forge:  # a forge merge's PR title is its body's first line
                    lines = [line for line in commit.raw_message.split(b"\n")[1:4] if line.strip()]
                    title = decode(lines[0], commit.message_encoding).strip() if lines else subject
            else:
                title, number = title_pr(subject)
                number = number if number is not None else (merge_pr(subject) or (None, ""))[0]
                if unquoted_revert(subject):
                    number = None  # "revert: fix(x): y (#10161)" names the reverted PR (vue 3.4.17)
                if number is None and b"Pull Request resolved:" in commit.raw_message:
                    # a ghstack PR landed by the merge bot names itself in the body (torchao 0.11.0)
                    resolved = _RESOLVED.search(commit.raw_message)
                    number = resolved_pr(resolved.group(1).decode("ascii", "replace")) if resolved else None
            author = person(commit.author, commit.message_encoding)
            # a bot's bumps are no person's; one person's addresses are one person (the .mailmap)
            # (GitHub's own web-flow identity is no person either)
            gone = is_bot(author) or self._mapped(author).email.lower() == "noreply@github.com"
            who = None if gone else self._mapped(author)
            opener = None if merge else flattened_opener(subject, author.name)
            who = Person(opener, "") if opener else who  # (a flattened merge is its opener's, as the day's count has it)
            named = _co_authors(commit.raw_message)
            co = tuple(self._mapped(p) for p in named if not is_bot(p))
            bot = author.name.lower() if gone and is_bot(author) else ""
            # (a bot co-author is one of the release's bots, as the day's count has it; a coding assistant
            # a person credits is their tool, no bot: uv 0.10.0's Claude)
            co_bots = tuple(p.name.lower() for p in named if is_bot(p) and not is_assistant_name(p.name))
            found = self._subjects[commit.id] = _Subject(merge, who, number, title, co, bot, co_bots)
        return found

    def carried(self, sha: str, previous: str | None) -> tuple[int, int, int, tuple[str, ...], int]:
        """(commits, people, pull requests, titles newest first, bots) between ``previous`` and ``sha``."""
        if previous is None:
            return 0, 0, 0, (), 0
        if (sha, previous) not in self._carried:
            self._carried[sha, previous] = self._walk(sha, previous)
        return self._carried[sha, previous]

    def _walk(self, sha: str, previous: str) -> tuple[int, int, int, tuple[str, ...], int]:
        try:
            walker = self.repo.walk(pygit2.Oid(hex=sha), SortMode.TOPOLOGICAL | SortMode.TIME)
            walker.hide(pygit2.Oid(hex=previous))
        except (pygit2.GitError, ValueError, KeyError):
            return 0, 0, 0, (), 0
        commits = 0
        people: list[Person] = []
        bots: set[str] = set()
        prs: set[int] = set()
        titles: list[str] = []
        pulled: list[str] = []  # titles of the pull requests merged in (a forge merge's body's first line)
        squashed: list[str] = []  # titles of commits that name their own pull request
        for n, commit in enumerate(walker):
            if n >= _MAX_CARRIED:
                break
            subject = self._subject(commit)
            # The release's own commit ("release: v3.3.0-alpha.8", "Bump version to 0.2.24")
            # is no change it carries (vue 2023-03-31 "four commits" were three and the bump), also
            # where the tag sits on a fix landed after it (uv 0.10.5: two wheel-check fixes on top).
            own = n < _OWN_COMMIT_DEPTH and (release_versions(subject.title) or _RELEASE_BUMP.match(subject.title))
            if subject.merge or own:
                if subject.pr is not None and subject.merge and not _RELEASE_HOUSEKEEPING.search(subject.title):
                    prs.add(subject.pr)
                    if not release_versions(subject.title) and not _MERGE_SUBJECT.match(subject.title):
                        pulled.append(subject.title)
                continue
            if _HOUSEKEEPING.match(subject.title):
                continue  # pip's "Bump for development" opened this cycle: no change the release carries
            if subject.pr is not None:
                prs.add(subject.pr)
            commits += 1
            if subject.person is not None:
                people.append(subject.person)
            elif subject.bot:
                bots.add(subject.bot)
            bots.update(subject.co_bots)
            people.extend(subject.co)
            # A merge flattened to one parent ("Merge pull request #2270 from …") names no work.
            title = subject.title
            if len(titles) < _MAX_HIGHLIGHTS and not release_versions(title) and not _MERGE_SUBJECT.match(title):
                titles.append(title)
                if subject.pr is not None:
                    squashed.append(title)
        # Where pull requests arrive as merges, what a release carries is their titles, not the steps
        # inside them ("Add function to check hashes against known digests" was one commit of #11897;
        # pip 23.1): the merges' titles, and those of the pull requests squashed beside them.
        if len(pulled) >= _MERGED_PULLS and len(squashed) < len(pulled):
            titles = [*pulled, *squashed][:_MAX_HIGHLIGHTS]
        return commits, count_people(people), len(prs), tuple(titles), len(bots)


_CO_AUTHOR = re.compile(
    rb"^(?:" + b"|".join(re.escape(k.encode()) for k in CREDIT_TRAILERS) + rb"):[ \t]*(.+?)[ \t]*$", re.M | re.I
)


def _co_authors(raw: bytes) -> list[Person]:
    """The people a message credits beside its author (the :data:`CREDIT_TRAILERS`)."""
    if b"-by:" not in raw and b"-By:" not in raw and b"-BY:" not in raw:
        return []
    return [p for m in _CO_AUTHOR.finditer(raw) if (p := parse_person(decode(m.group(1)))) is not None]


def releases_in(releases: Iterable[Release], since: datetime, until: datetime) -> list[Release]:
    """The releases out in ``[since, until)``."""
    return [r for r in releases if r.released_at is not None and since <= r.released_at < until]
