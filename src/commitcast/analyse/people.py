"""Who gets the credit for a change: people, not the bots that landed their work, each under
one name a listener can hear."""

from __future__ import annotations

import re

from ..model import Change, Person
from ..text import People, is_bot_name, name_key, speakable

__all__ = ["is_bot_name", "is_landing_bot", "credited", "is_bot_change", "name_key", "People", "speakable", "UNKNOWN_AUTHOR", "is_placeholder_name"]

# who a change a merge bot landed without naming anyone is credited to: a person, not "a bot"
UNKNOWN_AUTHOR = "a contributor"

# Bots whose commits are their own work (dependency bumps, codemods, internal exports, a workflow's
# "Automated update for Python releases"), even when a person is listed with them: ingest may list
# that person (or a codemod account) first.
_AUTHORING_BOT = re.compile(
    r"(facebook community bot|^facebook-github-bot$|^meta-codesync|^dependabot|^renovate|updatebot|^github-actions)", re.I
)


# A bot that pushes fix-ups onto a person's pull request ("Apply automatic Ruff fixes")
_FIXUP_BOT = re.compile(r"^github-actions", re.I)


# Bots that land people's pull requests (ghstack via the merge bot): the co-author did the work.
_LANDING_BOT = re.compile(r"(mergebot|merge-bot|^pytorchbot$|^pytorch-bot|^bors$|^homu$|^bors-servo$)", re.I)


def is_landing_bot(name: str) -> bool:
    """True for merge bots that commit other people's work under their own name."""
    return bool(_LANDING_BOT.search(name.strip()))


def _authoring_bot(change: Change) -> str | None:
    # a bot that only co-authored a person's pull request (github-actions' "Apply automatic Ruff
    # fixes" on ao #1278) did not write it
    return next((p.name.strip() for p in change.authors if _AUTHORING_BOT.search(p.name.strip())
                 and not (_FIXUP_BOT.match(p.name.strip()) and _co_author(change, p.name.strip()))), None)


def _co_author(change: Change, name: str) -> bool:
    """Whether ``name`` is credited in a co-author trailer (not the commit's author)."""
    return any(name in value for key, values in change.trailers.items() if key.lower() == "co-authored-by" for value in values)


def _primary(change: Change) -> str:
    return change.authors[0].name.strip() if change.authors else ""


def credited(change: Change, people: People | None = None) -> list[str]:
    """Names to credit: human authors first-listed first; a bot only when no human is named.

    The merge bot lands ghstack PRs as its own commits with the real author as co-author,
    so the co-author is who did the work. ``people`` names each person once (see :class:`People`).
    """
    people = people or People()
    primary = _primary(change)
    authoring = _authoring_bot(change)
    if authoring:
        return [authoring]
    if primary and is_bot_name(primary) and not is_landing_bot(primary):
        return [primary]
    names: list[str] = []
    seen: set[str] = set()
    for person in change.authors:
        if not person.name.strip() or is_bot_name(person.name) or is_placeholder_name(person.name):
            continue
        name = people.name(person)
        if name and name_key(name) not in seen:
            seen.add(name_key(name))
            names.append(name)
    # "Original changes by @shimmyshimmer": who landed it carried another's work (ao 2025-10-31).
    original = _ORIGINAL_AUTHOR.search(change.body)
    if names and original and name_key(original.group(1)) not in seen and not is_bot_name(original.group(1)):
        names.append(original.group(1))
    if len(names) >= 2 and _landed_for_another(change):
        # Hansong landed Vivek Trivedi's #6465 as #6595 (executorch bfa49ae02): the co-author wrote it
        names = names[1:] + names[:1]
    if names:
        return names
    if change.opened_by and not is_bot_name(change.opened_by):
        # clippy's #6362 was written under git's placeholder "unknown": its opener, nico-abram, sent it
        # ("A Fix from unknown", 2020-11-26)
        return [people.name(Person(change.opened_by, ""))]
    if is_landing_bot(primary) and not _reverts(change):
        # the merge bot landed someone's work and names no one (executorch #13835, a cherry-pick):
        # a person wrote it, not "a bot"
        return [UNKNOWN_AUTHOR]
    return [primary or change.committer.name.strip() or "an unknown author"]


# What git writes where no name was set: no one to credit
_PLACEHOLDER_NAMES = frozenset({"unknown", "(none)", "none", "root", "user", "your name"})


def is_placeholder_name(name: str) -> bool:
    """Whether a commit's name is git's placeholder ("unknown"), no one to credit or count."""
    return name.strip().lower() in _PLACEHOLDER_NAMES


_ORIGINAL_AUTHOR = re.compile(
    r"\boriginal(?:ly)?\s+(?:changes?|patch(?:es)?|work|pr|commits?|author(?:ed)?|written)\s+(?:(?:are|were|is|was)\s+)?"
    r"(?:by|from)\s+@([A-Za-z\d][\w-]{0,38})\b",
    re.I,
)


def _landed_for_another(change: Change) -> bool:
    """The change is another pull request landed again under a new number: its "Pull Request
    resolved:" names a different PR than its own (a cherry-pick or re-land by someone else)."""
    if change.pr is None:
        return False
    resolved = {int(n) for key, values in change.trailers.items() if key.lower() == "pull request resolved"
                for v in values for n in re.findall(r"/pull/(\d+)", v)}  # fmt: skip
    return bool(resolved) and change.pr.number not in resolved


def _reverts(change: Change) -> bool:
    return change.revert is not None or bool(re.match(r"(?i)\s*revert\b", change.title))


def is_bot_change(change: Change) -> bool:
    """A bot's own change (dependency and codemod bots), not a person's work a merge bot landed."""
    primary = _primary(change)
    human_coauthor = any(not is_bot_name(p.name) for p in change.authors[1:])
    if _authoring_bot(change):
        return True
    if is_landing_bot(primary):
        # the bot landed a person's work, named or not; a revert it made on someone's behalf is its own act
        return not human_coauthor and _reverts(change)
    if is_bot_name(primary):
        return True
    return change.is_bot and not human_coauthor
