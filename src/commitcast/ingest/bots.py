"""Telling bot accounts from people."""

from __future__ import annotations

import re

from ..model import Person
from ..text import is_bot_name

__all__ = ["is_bot", "humans_first"]

_BOT_EMAIL = re.compile(
    r"\[bot\]@|^(?:dependabot|renovate|github-actions|pytorchmergebot|pytorchbot|pytorchupdatebot)\b"
    r"|^(?:noreply|no-reply)@|^bot@|^\d+\+[\w-]*bot@",
    re.I,
)


def is_bot(person: Person) -> bool:
    """True for automation accounts (``[bot]`` apps, dependabot, renovate, merge and update bots)."""
    return is_bot_name(person.name) or bool(_BOT_EMAIL.search(person.email))


def humans_first(people: list[Person]) -> list[Person]:
    """The same people with humans before bots (stable), so a bot that landed a person's work is not its author."""
    return [p for p in people if not is_bot(p)] + [p for p in people if is_bot(p)]
