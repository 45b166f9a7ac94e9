"""Terms an episode may explain: the show's own glossary, and what the repository's READMEs say
about the areas its stories name. Only what the stories actually use is kept."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ..model import Story
from .areas import AreaResolver

__all__ = ["terms_used", "area_notes"]


def _story_text(story: Story) -> str:
    parts = [story.headline, *story.areas, *story.focus, *(r.topic or r.title for r in story.changes[:8])]
    parts += [w.text for w in story.why]
    return " | ".join(parts)


def terms_used(glossary: Mapping[str, str], stories: Sequence[Story]) -> dict[str, str]:
    """The glossary's entries whose term the stories use (as a whole word, any case)."""
    text = " | ".join(_story_text(s) for s in stories)
    return {
        term: meaning for term, meaning in glossary.items()
        if term.strip() and re.search(rf"(?<![\w]){re.escape(term.strip())}s?(?![\w])", text, re.I)
    }


def area_notes(notes: Mapping[str, str], stories: Sequence[Story], resolver: AreaResolver) -> dict[str, str]:
    """The README lead sentence of each area the stories name, keyed by the area's name."""
    wanted = {area for story in stories for area in story.areas[:2]}
    found: dict[str, str] = {}
    for directory, sentence in sorted(notes.items(), key=lambda kv: kv[0].count("/")):
        area = resolver.of_path(f"{directory}/__file__")
        if area in wanted and area not in found:
            found[area] = sentence
    return found
