"""Turning one landed commit (and its file stats) into a :class:`~commitcast.model.Change`."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

import pygit2
from pygit2.enums import SortMode

from ..model import Change, FileChange, MergedCommit, Person
from ..text import is_login_of
from .bots import humans_first, is_bot
from .forge import FORGE_NOTES, forge_sha
from .gitrepo import decode, moment, person
from .merges import is_rollup, parse_merge_subject, patch_series_title, series_sender
from .messages import parse_message, parse_person, rejoin_cut_subject, split_subject
from .numstat import pygit2_numstat
from .refs import branch_title, merge_pr, title_pr
from .trailers import CREDIT_TRAILERS, split_trailers, trailer_values

__all__ = ["build_change", "closing_names_pr", "merged_commits", "unique_people", "MAX_MERGED", "Mailmap", "Reading"]

# Commits of a merge listed on its Change; a long-lived branch's merge may bring thousands,
# which are counted, not listed.
MAX_MERGED = 100


def unique_people(people: list[Person]) -> list[Person]:
    """``people`` without repeats: the same e-mail or the same name is the same person."""
    seen: set[str] = set()
    out: list[Person] = []
    for who in people:
        keys = {k for k in (who.email.lower(), who.name.lower()) if k}
        if keys & seen:
            continue
        seen |= keys
        out.append(who)
    return out


Mailmap = pygit2.Mailmap | None


@dataclass(frozen=True)
class Reading:
    """What a repository's commits are read with, the same for every commit of one read."""

    web_url: str | None = None  # the forge's page: PR links are built on it
    mailmap: Mailmap = None  # the repository's .mailmap, when it has one
    notes: bool = False  # the repository has forge-sha notes (see ingest.forge)

    @property
    def key(self) -> str:
        """What the cached changes depend on beyond the parser (a new key forgets them)."""
        return f"forge={self.web_url or ''} notes={self.notes}"


# How many of the newest first-parent commits tell a repository's way of naming its pull requests.
_CONVENTION_SAMPLE = 200


def closing_names_pr(repo: pygit2.Repository, tip: pygit2.Commit) -> bool:
    """Whether "Closes #N" in this repository names the change's own pull request: true where
    the branch's commits rarely carry a squash "(#N)" or a forge merge (curl rebases and closes its
    PR by a trailer), false where most do, for there the PR is the title's and "Closes" an issue's
    (uv's "Closes #4732" on a direct push is an issue)."""
    numbered = seen = 0
    try:
        walker = repo.walk(tip.id, SortMode.TOPOLOGICAL)
        walker.simplify_first_parent()
        for commit in walker:
            subject = split_subject(decode(commit.raw_message, commit.message_encoding))[0]
            numbered += title_pr(subject)[1] is not None or merge_pr(subject) is not None
            seen += 1
            if seen >= _CONVENTION_SAMPLE:
                break
    except (KeyError, pygit2.GitError):  # a shallow or partial clone: the commits that are there
        pass
    return seen == 0 or numbered * 2 < seen


def _co_authors(rest: str) -> list[Person]:
    _, trailers = split_trailers(rest)
    values = [v for key in CREDIT_TRAILERS for v in trailer_values(trailers, key)]
    return [p for v in values if (p := parse_person(v))]


def _mapped(who: Person, mailmap: Mailmap) -> Person:
    """``who`` as the repository's ``.mailmap`` names them (unchanged without one)."""
    if mailmap is None:
        return who
    name, email = mailmap.resolve(who.name, who.email)
    return who if (name, email) == (who.name, who.email) else Person(name=name, email=email)


def merged_commits(
    repo: pygit2.Repository, merge: pygit2.Commit, mailmap: Mailmap = None, base: pygit2.Commit | None = None
) -> tuple[list[MergedCommit], int]:
    """The commits a merge brings in (reachable from its other parents, not its first, nor from
    ``base``), oldest first and at most ``MAX_MERGED`` of them (merges among them skipped), and
    how many there are."""
    listed: list[MergedCommit] = []
    total = 0
    try:
        walker = repo.walk(merge.parent_ids[1], SortMode.TOPOLOGICAL | SortMode.REVERSE)
        for extra in merge.parent_ids[2:]:
            walker.push(extra)
        walker.hide(merge.parent_ids[0])
        if base is not None:
            walker.hide(base.id)
        for commit in walker:
            if len(commit.parent_ids) > 1:
                continue  # a sync merge inside the branch is not work of its own
            total += 1
            if len(listed) >= MAX_MERGED:
                continue
            encoding = commit.message_encoding
            subject, rest = split_subject(decode(commit.raw_message, encoding))
            title = title_pr(rejoin_cut_subject(subject, rest)[0])[0]
            authors = [_mapped(person(commit.author, encoding), mailmap)]
            authors += [_mapped(p, mailmap) for p in _co_authors(rest)]
            listed.append(MergedCommit(sha=str(commit.id), title=title, authors=unique_people(authors)))
    except (KeyError, pygit2.GitError):  # objects missing from a shallow or partial clone
        return listed, total
    return listed, total


@dataclass(frozen=True)
class SeriesBase:
    """Where a patch series' own patches start: the merge its side line was built on (u-boot's
    "Fix Beagleplay Ethernet" was three patches on top of the unmerged ``next`` branch, whose 299
    commits its merge brought along), the long-lived branch that merge belongs to (else None), and
    how many commits came along from it."""

    commit: pygit2.Commit
    branch: str | None
    commits: int


_SIDE_LOOK = 64  # how far down a side line to look for the merge that names its branch


def series_base(repo: pygit2.Repository, merge: pygit2.Commit) -> SeriesBase | None:
    """The base a merged patch series was built on when that base is not yet on the branch (a
    series is patches, never merges: the first merge down its side line is another branch's)."""
    try:
        line = repo.walk(merge.parent_ids[1], SortMode.TOPOLOGICAL)
        line.simplify_first_parent()
        line.hide(merge.parent_ids[0])
        base = next((c for c in line if len(c.parent_ids) > 1), None)
        if base is None:
            return None
        branch = None
        for n, commit in enumerate(line):  # on down the base's own line, for the merge that names it
            if n > _SIDE_LOOK:
                break
            if len(commit.parent_ids) > 1:
                target = parse_merge_subject(*split_subject(decode(commit.raw_message, commit.message_encoding))).target
                if target:
                    branch = target
                    break
        if branch is None:
            target = parse_merge_subject(*split_subject(decode(base.raw_message, base.message_encoding))).target
            branch = target or None
        came = repo.walk(base.id, SortMode.NONE)
        came.hide(merge.parent_ids[0])
        commits = sum(1 for c in came if len(c.parent_ids) == 1)
    except (KeyError, ValueError, pygit2.GitError):
        return None
    return SeriesBase(commit=base, branch=branch, commits=commits)


_BOT_BRANCH = re.compile(r"(?:dependabot|renovate|pre-commit-ci|github-actions|create-pull-request|update-pre-commit)[/-]", re.I)


def _opener(subject: str) -> str | None:
    """Who opened the pull request a merge subject names, by their forge login ("sbidoul" of
    "Merge pull request #1 from sbidoul/fix", "Centri3" of a bors "Auto merge of #2 - Centri3:lint")."""
    forge = merge_pr(subject)
    login, _, branch = forge[1].partition("/") if forge and "/" in forge[1] else ("", "", "")
    if _BOT_BRANCH.match(branch):
        return None  # "from pypa/dependabot/github_actions/…": the bot opened it on the project's own repository
    edited = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9-]*)-patch-\d+", branch)
    if edited:
        # GitHub names a web edit's branch after its editor: clippy's "rust-lang:flip1995-patch-1" was opened by
        # flip1995 (Philipp Krones, whose other commit that day was "flip1995"), not by the organisation (2020-11-27)
        return edited.group(1)
    return login or None


def flattened_opener(subject: str, author: str) -> str | None:
    """Who opened the pull request a one-parent commit titled as its merge landed, when that is not
    its author: pip's "Merge pull request #2347 from xavfernandez/…", flattened with only Donald
    Stufft's name on it, is Xavier Fernandez's work, not whoever merged it."""
    opener = _opener(subject)
    return opener if opener and not is_login_of(opener, author) else None


def _merged_authors(merged: list[MergedCommit]) -> list[Person]:
    """Who wrote a merge's commits: their authors, most commits first, then their co-authors (a
    co-author of one commit of 43 helped; the pull request is not theirs first; pip #12300)."""
    counts = Counter(m.authors[0] for m in merged if m.authors)
    return [who for who, _ in counts.most_common()] + [p for m in merged for p in m.authors[1:]]


def _forge_sha(repo: pygit2.Repository, commit: pygit2.Commit) -> str | None:
    try:
        note = repo.lookup_note(str(commit.id), FORGE_NOTES)
    except (KeyError, pygit2.GitError):
        return None
    return forge_sha(note.message or "")


_PLAIN_COMMIT = re.compile(
    r"^(?:add(?:ed)? (?:a )?news|news|merge\b|update\s*$|update (?:the )?(?:news|changelog|branch|from)\b|"
    r"lint|typo|wip|fixup|address review|apply suggestions?)",
    re.I,
)


_UPGRADE = re.compile(r"(?i)^(upgrade|update|bump)\s+([\w.-]+)\s+(?:from\s+\S+\s+)?to\s+v?\d")


def _merge_title(branch: str, merged: list[MergedCommit], count: int) -> str | None:
    """A title for a merge that gives none: its one commit's, else whichever says more of its
    first telling commit's title (the author's own words) and its branch's name
    ("eagerly-calculate-strings-for-requirements" over "Cache the hash"). A branch's name is a
    nickname: "fix-root-warning" carried "Allow to disable warning for root user package
    management" (pip #10990), which is no fix."""
    if count == 1 and merged:
        return merged[0].title
    upgrades = [m for t in merged if (m := _UPGRADE.match(t.title))]
    if len(upgrades) >= 3 and len(upgrades) * 2 > len(merged):
        # pip #9148 (branch "vendoring/nov-2020"): seven "Upgrade X to Y" and one "Add automation for
        # upgrading dependencies", told as the automation alone; the upgrades are what it brings
        rest = f" and {len(upgrades) - 3} more" if len(upgrades) > 3 else ""
        return f"{upgrades[0].group(1).capitalize()} {', '.join(m.group(2) for m in upgrades[:3])}{rest}"
    named = branch_title(branch)
    # the commit the branch is named after says it in its author's words: "Reject incompatibile direct
    # wheel link" for "new-resolver-reject-unsupported-wheel", which was told as "added a new resolver" (pip #8349)
    echoed = _echoing(named, [m.title for m in merged if not _PLAIN_COMMIT.match(m.title)]) if named else None
    if echoed:
        return echoed
    telling = next((m.title for m in merged if not _PLAIN_COMMIT.match(m.title)), None)
    if named and (telling is None or len(named.split()) > len(telling.split())):
        return named
    return telling or next((m.title for m in merged if not m.title.lower().startswith("merge")), None)


def _grab_bag(branch: str, merged: list[MergedCommit]) -> str | None:
    """ "A branch of assorted updates" for a maintainer's branch its name calls a grab bag ("2024-07-05-assorted-updates")
    of several people's commits, else None: no one commit's title is its title."""
    words = re.findall(r"[a-z]+", branch.rsplit("/", 1)[-1].lower())
    if not {"assorted", "misc", "miscellaneous", "various"} & set(words) or len(merged) < 3 or len({m.authors[0].name for m in merged if m.authors}) < 3:
        return None
    kind = next((w for w in words if w in ("updates", "fixes", "changes", "cleanups", "improvements")), "updates")
    return f"A branch of assorted {kind}"


def _body_of(repo: pygit2.Repository, sha: str | None, web_url: str | None) -> str:
    """The body of the commit ``sha`` (its trailers left out), or "" when there is none."""
    if sha is None:
        return ""
    commit = repo.get(sha)
    if not isinstance(commit, pygit2.Commit):
        return ""
    return parse_message(decode(commit.raw_message, commit.message_encoding), web_url=web_url).body


def _echoing(named: str, titles: list[str]) -> str | None:
    """Of ``titles``, the one sharing most words (two or more, of three letters or more) with a branch's name."""
    words = set(re.findall(r"[a-z]{3,}", named.lower()))
    scored = [(len(words & set(re.findall(r"[a-z]{3,}", t.lower()))), t) for t in titles]
    best = max(scored, key=lambda pair: pair[0], default=(0, ""))
    return best[1] if best[0] >= 2 else None


def _untruncated(title: str, merged: list[MergedCommit]) -> str:
    """GitHub cuts a long PR title made from a commit subject at "…": the whole title is that
    commit's (a merge body that carries the rest, "…rest", is joined when it is parsed)."""
    if not title.endswith("…"):
        return title
    head = title[:-1].rstrip()
    return next((m.title for m in merged if len(m.title) > len(head) and m.title.startswith(head)), title)


def build_change(
    repo: pygit2.Repository, commit: pygit2.Commit, files: list[FileChange], reading: Reading = Reading()
) -> Change:
    """The Change for a landed ``commit`` whose diff against its first parent is ``files``.

    A merge stands for the work it brings in: a forge merge has its PR's title, any merge its
    merged commits' authors (a merge of one commit that names no PR takes that commit's title).
    Bots among the authors go last, so a bot that landed a person's work does not lead.
    People are named as the repository's ``.mailmap`` says.
    """
    encoding = commit.message_encoding
    message = decode(commit.raw_message, encoding)
    parsed = parse_message(message, web_url=reading.web_url)
    people = [person(commit.author, encoding)]
    title = parsed.title
    body = parsed.body
    merged: list[MergedCommit] = []
    merged_count = 0
    source: str | None = None
    sender_name: str | None = None
    base = series_base(repo, commit) if len(commit.parent_ids) == 2 and patch_series_title(parsed.title) else None
    if base is not None:  # the series' own patches, and their own diff: what it was built on came along
        files = pygit2_numstat(repo, commit.parents[1], base=base.commit)
    if len(commit.parent_ids) > 1:
        merged, merged_count = merged_commits(repo, commit, reading.mailmap, base.commit if base else None)
        people = _merged_authors(merged) or people
        opener = _opener(split_subject(message)[0])
        if opener and people and all(is_bot(p) for p in people):
            # a merge bot's "Auto merge of #8209 - xFrednet:8197-…" whose commits carry only bors:
            # the work is the pull request's opener's, never the bot's
            people = [Person(opener, ""), *people]
        if opener and is_rollup(title):
            # "Rollup of 4 pull requests" is its builder's roll-up of others' work (clippy #4839)
            people = [Person(opener, ""), *people]
        subject = parse_merge_subject(*split_subject(message))
        source = subject.source
        if subject.upstream and opener:
            # a "Rustup" PR is its opener's: the upstream commits it brings are not the PR's work
            # (clippy #7314 counted Pietro Albini, whose May commit only came along)
            people = [p for p in people if p.name == opener or is_login_of(opener, p.name)] or [Person(opener, "")]
        series = patch_series_title(title)
        if series is not None:
            title = series  # a patch series is called by its cover letter's subject
            # …and credited first to who sent it, when they wrote some of it: a sender of others'
            # patches posted them, and the patches' authors are who the work is from (u-boot's
            # MT7629 series was Sam Shih's two patches, which Weijie Gao sent)
            # (only when they wrote the most of it: u-boot's AES uclass series, which Svyatoslav Ryhel sent
            # with its test, is Ion Agorria's three patches)
            sender = parse_person(series_sender(parsed.body) or "")
            sender_name = _mapped(sender, reading.mailmap).name if sender is not None else None
            wrote = [p for p in people if sender is not None and (p.email.lower() == sender.email.lower() or p.name == sender.name)]
            patches = Counter(m.authors[0].name for m in merged if m.authors)
            if wrote and patches.get(wrote[0].name, 0) >= max(patches.values(), default=0):
                people = [*wrote[:1], *(p for p in people if p not in wrote[:1])]
            # a series called by one patch's own title is that patch's author's deed first (u-boot's
            # "Enable CMD_DDR4" series was Wadim Egorov's patch, beside two of Daniel Schultz's)
            titled = next((m for m in merged if m.authors and m.title.strip().lower() == title.strip().lower()), None)
            if titled is not None:
                people = [titled.authors[0], *(p for p in people if p.name != titled.authors[0].name)]
        elif subject.url is None and (subject.source is not None or subject.pr is not None) and title == split_subject(message)[0]:
            # A merge whose message is only "Merge pull request #N from user/branch" (or "Merge
            # branch 'x'") is named by what it brings: its one commit, or a descriptive branch.
            # (A pull of another tree keeps its subject: it names the tree; its patches are told one by one.)
            grab_bag = _grab_bag(subject.source or "", merged)
            title = grab_bag or _merge_title(subject.source or "", merged, merged_count) or title
            if grab_bag:
                # u-boot's "Merge branch '2024-07-05-assorted-updates'" (ten patches from nine people) was
                # told as its first patch, "Marjolaine Amate removed duplicate newlines", "one series of ten
                # patches": the branch is its merger's, the patches its authors'
                merger = person(commit.author, encoding)
                people = [merger, *(p for p in people if p.name != merger.name)]
            if not parsed.body.strip():
                # its words are that commit's, its why too: pip #8319's empty merge brought "DO NOT
                # sort the returned matches by version", whose body says it keeps --prefer-binary's order
                body = _body_of(repo, next((m.sha for m in merged if m.title == title), None), reading.web_url) or body
    opener = flattened_opener(split_subject(message)[0], people[0].name) if len(commit.parent_ids) == 1 else None
    if opener:
        people = [Person(opener, "")]
    title = _untruncated(title, merged)
    people = [_mapped(p, reading.mailmap) for p in people + parsed.co_authors]
    authors = humans_first(unique_people(people))
    return Change(
        sha=str(commit.id),
        title=title,
        body=body,
        trailers=parsed.trailers,
        authors=authors,
        committer=_mapped(person(commit.committer, encoding), reading.mailmap),
        landed_at=moment(commit.commit_time, commit.commit_time_offset),
        authored_at=moment(commit.author.time, commit.author.offset),
        files=files,
        added=sum(f.added or 0 for f in files),
        deleted=sum(f.deleted or 0 for f in files),
        parents=[str(p) for p in commit.parent_ids],
        is_merge=len(commit.parent_ids) > 1,
        is_bot=all(is_bot(who) for who in authors),
        pr=parsed.pr,
        revert=parsed.revert,
        is_reland=parsed.is_reland,
        stack=parsed.stack,
        merged=merged,
        merged_count=merged_count,
        merge_source=source,
        based_on=base.commits if base else 0,
        based_on_branch=base.branch if base else None,
        opened_by=_opener(split_subject(message)[0]) if len(commit.parent_ids) > 1 else None,
        sender=sender_name,
        forge_sha=_forge_sha(repo, commit) if reading.notes else None,
        reviewers=parsed.reviewers,
    )
