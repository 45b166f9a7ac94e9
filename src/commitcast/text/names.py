"""Telling an automation account from a person by its display name: one rule for every stage
(git's authors, a forge's reviewers, the names a plan credits)."""

from __future__ import annotations

import re

__all__ = ["is_bot_name", "is_assistant_name"]

# A coding assistant credited as co-author ("Co-authored-by: Claude <noreply@anthropic.com>")
# wrote no change of its own: the whole name, so a person called Claude Shannon stays a person.
# (any model's name with its version: "Claude Fable 5", torchtitan 4be335f1)
_ASSISTANT = (
    r"^(?:claude(?: code| (?:opus|sonnet|haiku|instant)(?: [\d.]+)?| [a-z]+ [\d.]+| [\d.]+)?|(?:github )?copilot(?: swe agent| autofix(?: powered by ai)?)?|"
    r"cursor(?: agent)?|codex|devin(?: ai)?|chatgpt|gpt-[\w.-]+|gemini(?: [\w.-]+){0,2})"
    r"(?: \([\w .-]{1,30}\))?$"  # "Claude Opus 4.8 (1M context)": the model's variant in brackets
)
_ASSISTANT_NAME = re.compile(_ASSISTANT, re.I)
_BOT_NAME = re.compile(
    r"\[bot\]"  # GitHub Apps: dependabot[bot], github-actions[bot], meta-codesync[bot]
    r"|(?<![\w])bots?(?![\w])"  # "Facebook Community Bot"
    r"|-bot\b"  # "snyk-bot", "facebook-github-bot"
    r"|^[a-z][a-z0-9-]{3,}bot$"  # a lower-case login of an automation account ("zaniebot"), never "Talbot"
    r"|(?:merge|update|pytorch|ci|build|release|sync|auto|deploy|test|pr|gh)bot\b"  # "PyTorch MergeBot", "pytorchbot"
    r"|^(?:dependabot|renovate|github-actions|greenkeeper|pre-commit-ci|mergify|allcontributors|meta-codesync)\b"
    r"|^generatedunixname\d+$"  # Meta's codemod accounts ("generatedunixname89002005307016")
    r"|^dark knight$|^targets exterminator$"  # Meta's backout and codemod accounts ("Multisect successfully blamed …")
    r"|^(?:bors|homu|bors-servo|rustbot|rust-highfive)$"  # Rust's merge bots ("Auto merge of #8209 - xFrednet:…")
    r"|^github[ -](?!copilot)[a-z]+$"  # a project's automation account ("Github Executorch")
    r"|\bauto-?fix(?:es|er)?$"  # a formatter's fix-up account ("Ruff Auto-fixes", ao f8f985af's co-author)
    r"|" + _ASSISTANT,
    re.I,
)

def is_bot_name(name: str) -> bool:
    """The one rule for a display name: ``dependabot[bot]``, "PyTorch MergeBot", "Facebook Community
    Bot", ``snyk-bot`` — and never a person who happens to be called Talbot or Abbot."""
    return bool(_BOT_NAME.search(name.strip()))


def is_assistant_name(name: str) -> bool:
    """A coding assistant's name ("Claude", "Claude Opus 4.5", "Copilot"): a tool its user credits, no
    bot behind a day's work (uv 2026-03-31's "three bots" were renovate and two spellings of Claude)."""
    return bool(_ASSISTANT_NAME.match(name.strip()))
