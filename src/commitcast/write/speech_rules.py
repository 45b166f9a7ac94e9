"""What a spoken sentence may not carry, whoever wrote it (the builtin narrator or an LLM):
commit hashes, file paths, raw merge subjects, more than a few PR numbers per episode, sentences
a listener cannot follow (over 40 words) and sentences said twice."""

from __future__ import annotations

import re

from ..model import Script
from .grounding import Problem
from .host import MAX_SENTENCE_WORDS, MAX_SPOKEN_PRS

__all__ = ["speech_problems"]

_HASH = re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b|\bcommit [0-9a-f]{7,40}\b", re.I)
_PATH = re.compile(r"(?<![\w@/])/?(?:[\w.-]+/){2,}[\w.-]*|(?<![\w@])(?:[\w-]+/)+[\w-]+\.[a-z]{1,5}\b")
_MERGE = re.compile(r"\bMerge (?:pull request #|PR #|branch '|remote-tracking branch )", re.I)
_PR = re.compile(r"\b(?:PRs?|pull requests?)\s*#?\s*(\d{2,})\b|(?<![\w&])#(\d{2,})\b", re.I)


def _sentence_problems(text: str) -> list[tuple[str, str]]:
    """(the words, what is wrong) for one sentence, on its own."""
    found = [(m.group(0), f"reads out a commit hash ({m.group(0)})") for m in _HASH.finditer(text)]
    found += [(m.group(0), f"reads out a file path ({m.group(0)})") for m in _PATH.finditer(text)]
    if _MERGE.search(text):
        found.append((text[:60], "reads out a raw merge subject"))
    words = len(text.split())
    if words > MAX_SENTENCE_WORDS:
        found.append((text[:60], f"runs to {words} words (at most {MAX_SENTENCE_WORDS})"))
    return found


def speech_problems(script: Script) -> list[Problem]:
    """Every place ``script`` breaks the rules of speech, with where it is."""
    problems: list[Problem] = []
    seen: set[str] = set()
    prs = 0
    for i, section in enumerate(script.sections):
        for j, sentence in enumerate(section.sentences):
            text = sentence.text
            found = _sentence_problems(text)
            prs += len(_PR.findall(text))
            if prs > MAX_SPOKEN_PRS:
                found.append((text[:60], f"says more than {MAX_SPOKEN_PRS} PR numbers in one episode"))
                prs = -(10**6)  # said once is enough
            if text in seen:
                found.append((text[:60], "says the same sentence twice"))
            seen.add(text)
            problems += [Problem("speech", what, message, section=i, sentence=j) for what, message in found]
    return problems
