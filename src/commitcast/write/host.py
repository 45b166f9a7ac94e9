"""The host: picks one phrasing per slot with a seeded choice, never opening two sentences alike."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..model import ChangeRef, Citation, Sentence
from .phrases import PHRASES, TRANSITIONS
from .wording import cap_first

__all__ = ["Host", "opening", "cite"]

_WORD = re.compile(r"[A-Za-z0-9']+")


def opening(text: str) -> str:
    """The first word of a sentence, lower-cased: what listeners hear as its opening."""
    match = _WORD.search(text)
    return match.group(0).lower() if match else ""


def cite(refs: Iterable[ChangeRef | Citation]) -> list[Citation]:
    """Citations for the given changes, in order, without duplicates."""
    seen: set[str] = set()
    out: list[Citation] = []
    for ref in refs:
        if ref.sha not in seen:
            seen.add(ref.sha)
            out.append(Citation(sha=ref.sha, pr=ref.pr))
    return out


# Fields holding names: a sentence opening with one keeps its spelling ("lucylq landed …").
_NAME_FIELDS = ("{person}", "{people}", "{reverter}", "{author}")


def _render(template: str, fields: dict[str, str]) -> str:
    text = template.format(**fields)
    named = template.startswith(_NAME_FIELDS) and not text.startswith(("a ", "an "))  # not "a bot"
    return text if named else cap_first(text)


@dataclass
class Host:
    """Renders phrase slots into sentences; one per script, seeded by show and date."""

    seed: str
    rng: random.Random = field(init=False)
    last_opening: str = ""
    used: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def say(
        self, slot: str, cites: Iterable[ChangeRef | Citation] = (), /, **fields: str
    ) -> Sentence:
        """One sentence from ``slot``, citing ``cites``, opening unlike the previous one."""
        templates = self.rng.sample(PHRASES[slot], len(PHRASES[slot]))
        templates.sort(key=lambda t: self.used[t])  # stable: the least used phrasings first
        rendered = [(t, _render(t, fields)) for t in templates]
        fresh = [(t, r) for t, r in rendered if opening(r) != self.last_opening]
        template, text = fresh[0] if fresh else rendered[0]
        if not fresh:
            # Every phrasing repeats the last opening: bridge with a transition instead.
            lead = self.rng.choice([t for t in TRANSITIONS if opening(t) != self.last_opening])
            if not template.startswith("{"):
                text = text[:1].lower() + text[1:]  # a template word, not a name
            text = f"{lead} {text}"
        self.used[template] += 1
        self.last_opening = opening(text)
        return Sentence(text=text, citations=cite(cites))
