"""Terms an episode may explain, and where each explanation comes from: the show's own glossary,
the repository's docs (a definition its README or docs state: "DTensor is …"), then commitcast's
bundled glossary for the big ecosystems. Only what the stories actually use is kept; a term with no
source is never explained."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from importlib import resources

from ..model import Story
from .areas import AreaResolver

__all__ = ["terms_used", "area_notes", "bundled_glossary", "explained_terms", "SHOW_SOURCE", "BUNDLED_SOURCE"]

SHOW_SOURCE = "the show's glossary"
BUNDLED_SOURCE = "commitcast's glossary"


def _story_text(story: Story) -> str:
    parts = [story.headline, *story.areas, *story.focus, *(r.topic or r.title for r in story.changes[:8])]
    parts += [w.text for w in story.why]
    return " | ".join(parts)


def _uses(text: str, term: str) -> bool:
    """The term as a whole word: acronyms and CamelCase names as written, plain words in any case."""
    term = term.strip()
    if not term:
        return False
    exact = term != term.lower()
    pattern = rf"(?<![\w]){re.escape(term)}(?![\w])" if exact else rf"(?<![\w]){re.escape(term)}s?(?![\w])"
    return re.search(pattern, text, 0 if exact else re.I) is not None


_NAME_LIST = re.compile(r"(?:\b[\w.-]+, ){2,}(?:and )?[\w.-]+\b")


def terms_used(glossary: Mapping[str, str], stories: Sequence[Story]) -> dict[str, str]:
    """The glossary's entries whose term the stories use (as a whole word)."""
    text = " | ".join(_story_text(s) for s in stories)
    return {term: meaning for term, meaning in glossary.items() if _uses(text, term)}


@lru_cache(maxsize=1)
def bundled_glossary() -> dict[str, str]:
    """commitcast's own glossary (``analyse/glossary.toml``): term -> plain explanation."""
    text = resources.files("commitcast.analyse").joinpath("glossary.toml").read_text(encoding="utf-8")
    return {str(k): str(v) for k, v in tomllib.loads(text).get("terms", {}).items()}


# Bundled terms that mean one thing in one field only: told only beside that field's words
_ONLY_BESIDE = {
    "resolver": re.compile(r"(?i)\b(?:packages?|dependenc(?:y|ies)|requirements?|lock(?:file)?s?|pip|uv|wheels?|sdists?)\b"),
}


def explained_terms(
    stories: Sequence[Story],
    show: Mapping[str, str] | None = None,
    repository: Mapping[str, tuple[str, str]] | None = None,
) -> tuple[dict[str, str], dict[str, str]]:
    """(term -> explanation, term -> where it came from) for the terms the stories use: the show's
    glossary first, then the repository's own definitions (term -> (sentence, file)), then the
    bundled glossary. A term one source explains is not taken from a later one."""
    meanings: dict[str, str] = {}
    sources: dict[str, str] = {}
    said: Callable[[str], bool] = lambda term: term.lower() in {t.lower() for t in meanings}  # noqa: E731
    for term, meaning in terms_used(show or {}, stories).items():
        meanings[term], sources[term] = meaning, SHOW_SOURCE
    defined = {term: sentence for term, (sentence, _) in (repository or {}).items()}
    for term, sentence in terms_used(defined, stories).items():
        if not said(term):
            meanings[term], sources[term] = sentence, (repository or {})[term][1]
    # a name in a list of single names is a package's, which the bundled glossary may mean otherwise:
    # pip's "Upgrade colorama, ipaddress, lockfile, requests, and six" updated the lockfile library
    unlisted = _NAME_LIST.sub(" ", " | ".join(_story_text(s) for s in stories))
    for term, meaning in bundled_glossary().items():
        if term in _ONLY_BESIDE and not _ONLY_BESIDE[term].search(unlisted):
            continue  # curl's resolver looks up host names: no package manager's
        if _uses(unlisted, term) and not said(term) and not any(_uses(term, t) or _uses(t, term) for t in meanings):
            meanings[term], sources[term] = meaning, BUNDLED_SOURCE
    return meanings, sources


def area_notes(notes: Mapping[str, str], stories: Sequence[Story], resolver: AreaResolver) -> dict[str, str]:
    """The README lead sentence of each area the stories name, keyed by the area's name."""
    wanted = {area for story in stories for area in story.areas[:2]}
    found: dict[str, str] = {}
    for directory, sentence in sorted(notes.items(), key=lambda kv: kv[0].count("/")):
        area = resolver.of_path(f"{directory}/__file__")
        if area in wanted and area not in found:
            found[area] = sentence
    return found
