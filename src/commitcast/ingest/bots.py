"""Telling bot accounts from people."""

from __future__ import annotations

import re

from ..model import Person

__all__ = ["is_bot", "is_bot_name", "humans_first"]

_BOT_NAME = re.compile(
    r"\[bot\]"  # GitHub Apps: dependabot[bot], github-actions[bot], meta-codesync[bot]
    r"|(?<![\w])bots?(?![\w])"  # "Facebook Community Bot"
    r"|-bot\b"  # "snyk-bot", "facebook-github-bot"
    r"|(?:merge|update|pytorch|ci|build|release|sync|auto|deploy|test|pr|gh)bot\b"  # "PyTorch MergeBot", "pytorchbot"
    r"|^(?:dependabot|renovate|github-actions|greenkeeper|pre-commit-ci|mergify|allcontributors|meta-codesync)\b"
    r"|^generatedunixname\d+$"  # Meta's codemod accounts ("generatedunixname89002005307016")
    # A coding assistant credited as co-author ("Co-authored-by: Claude <noreply@anthropic.com>")
    # wrote no change of its own: the whole name, so a person called Claude Shannon stays a person.
    r"|^(?:claude(?: code| (?:opus|sonnet|haiku|instant)(?: [\d.]+)?| [\d.]+)?|(?:github )?copilot(?: swe agent)?|"
    r"cursor(?: agent)?|codex|devin(?: ai)?|chatgpt|gpt-[\w.-]+|gemini(?: [\w.-]+){0,2})$",
    re.I,
)
_BOT_EMAIL = re.compile(
    r"\[bot\]@|^(?:dependabot|renovate|github-actions|pytorchmergebot|pytorchbot|pytorchupdatebot)\b"
    r"|^(?:noreply|no-reply)@|^bot@|^\d+\+[\w-]*bot@",
    re.I,
)


def is_bot_name(name: str) -> bool:
    """The one rule for a display name: ``dependabot[bot]``, "PyTorch MergeBot", "Facebook Community
    Bot", ``snyk-bot`` — and never a person who happens to be called Talbot or Abbot."""
    return bool(_BOT_NAME.search(name.strip()))


def is_bot(person: Person) -> bool:
    """True for automation accounts (``[bot]`` apps, dependabot, renovate, merge and update bots)."""
    return is_bot_name(person.name) or bool(_BOT_EMAIL.search(person.email))


def humans_first(people: list[Person]) -> list[Person]:
    """The same people with humans before bots (stable), so a bot that landed a person's work is not its author."""
    return [p for p in people if not is_bot(p)] + [p for p in people if is_bot(p)]
