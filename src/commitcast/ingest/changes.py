"""Turning one landed commit (and its file stats) into a :class:`~commitcast.model.Change`."""

from __future__ import annotations

import pygit2
from pygit2.enums import SortMode

from ..model import Change, FileChange, Person
from .bots import humans_first, is_bot
from .gitrepo import decode, moment, person
from .messages import parse_message, parse_person, split_subject
from .trailers import split_trailers, trailer_values

__all__ = ["build_change", "merged_authors", "unique_people"]


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


def _co_authors(message: str) -> list[Person]:
    _, trailers = split_trailers(split_subject(message)[1])
    return [p for v in trailer_values(trailers, "Co-authored-by") if (p := parse_person(v))]


def merged_authors(repo: pygit2.Repository, merge: pygit2.Commit) -> list[Person]:
    """Authors and co-authors of the commits a merge brings in (not on its first parent), oldest first."""
    try:
        walker = repo.walk(merge.parent_ids[1], SortMode.TOPOLOGICAL | SortMode.REVERSE)
        for extra in merge.parent_ids[2:]:
            walker.push(extra)
        walker.hide(merge.parent_ids[0])
        people: list[Person] = []
        for commit in walker:
            encoding = commit.message_encoding
            people.append(person(commit.author, encoding))
            people.extend(_co_authors(decode(commit.raw_message, encoding)))
        return people
    except (KeyError, pygit2.GitError):  # objects missing from a shallow or partial clone
        return []


def build_change(
    repo: pygit2.Repository,
    commit: pygit2.Commit,
    files: list[FileChange],
    web_url: str | None = None,
) -> Change:
    """The Change for a first-parent ``commit`` whose diff against its first parent is ``files``.

    A forge merge commit stands for its PR: the PR's title, the merged commits' authors.
    Bots among the authors go last, so a bot that landed a person's work does not lead.
    """
    encoding = commit.message_encoding
    parsed = parse_message(decode(commit.raw_message, encoding), web_url=web_url)
    people = [person(commit.author, encoding)]
    if parsed.is_pr_merge and len(commit.parent_ids) > 1:
        people = merged_authors(repo, commit) or people
    authors = humans_first(unique_people(people + parsed.co_authors))
    return Change(
        sha=str(commit.id),
        title=parsed.title,
        body=parsed.body,
        trailers=parsed.trailers,
        authors=authors,
        committer=person(commit.committer, encoding),
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
    )
