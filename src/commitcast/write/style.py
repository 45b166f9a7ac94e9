"""The host's wording as data: a style file (TOML) of phrase slots, loaded and checked.

A style has one table per slot, ``[slots.NAME]``, with the fields its lines may use and the
alternative lines the host picks from::

    [slots.greeting]
    fields = ["show"]
    lines = ["Hey everyone, and welcome back to the {show} briefing."]

and a ``[nouns]`` table naming what each kind of change is called in a quick hit; its
``[phrases.FAMILY]`` and ``[calendar]`` tables (titles, headings, the phrases built into a
sentence, month names) are read by :mod:`commitcast.phrasebook`. The default style ships with
commitcast (``styles/default.toml``), and a terser "newsroom" host beside it; a show may name
one of them or its own file (``style = "my-host.toml"``), whose slots and phrases replace the
default's one by one. Every line is
checked when the file is loaded: it may use only the fields the narrator gives that slot, and
no braces, URLs or digits of its own (a template never states a fact; see docs/host-style.md).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..phrasebook import (
    DEFAULT_STYLE,
    NOUN_KEYS,
    Failure,
    Phrasebook,
    checked_template,
    default_phrasebook,
    failure,
    read_phrasebook,
)
from ..storykinds import OPENING_FIELDS, STORY_KINDS

__all__ = ["Style", "load_style", "builtin_style", "default_style", "SLOT_FIELDS", "NOUN_KEYS"]

# Every slot the narrator fills, with the fields it gives it (a line may use any subset).
SLOT_FIELDS: dict[str, frozenset[str]] = {
    name: frozenset(fields.split())
    for name, fields in {
        # cold open
        "greeting": "show", "hook": "hook", "hook_modest": "hook", "date_size": "date size", "rundown": "items",
        "rundown_only": "items", "empty_day": "date show", "carried_day": "date show", "one_change_day": "date",
        "open_hook": "show date hook", "open_modest": "show date hook", "open_size": "size", "open_size_next": "size next",
        # role lead-ins and bridges
        "bridge": "", "lead_release_one": "", "lead_correctness_one": "", "lead_correctness_many": "k",
        "lead_performance_one": "", "lead_performance_many": "k", "lead_feature_one": "",
        "lead_feature_many": "k", "lead_revert_one": "", "lead_revert_many": "k",
        "lead_infrastructure_one": "", "lead_infrastructure_many": "k", "lead_other_one": "",
        "lead_other_many": "k",
        # lead-ins that open a story's first sentence ("On the correctness front, …")
        "prefix_release": "", "prefix_correctness": "", "prefix_performance": "", "prefix_feature": "",
        "prefix_revert": "", "prefix_infrastructure": "", "prefix_other": "", "prefix_same": "",
        # releases
        "release_out": "release kind", "release_carries": "previous commits people",
        "release_highlights": "highlights", "release_more": "versions when", "release_prs": "prs",
        "release_breaking": "items", "release_notes": "items", "release_brings": "items",
        "release_before": "versions", "release_series": "package count versions",
        "release_series_carries": "previous commits",
        # campaigns and runs of changes
        "campaign_pattern": "count people pattern areas", "campaign_pattern_effect": "count people pattern areas metric range",
        "campaign_plain": "count people areas how", "campaign_plain_effect": "count people areas metric range how",
        "series_lede": "people count area series share", "focus_lede": "people count area focus", "focus_lede_all": "people count area focus",
        "thread_lede": "people count area label", "series": "person count areas", "part_lede": "person total count area", "part_lede_focus": "person total count focus", "redo_told": "person what",
        "threads": "threads", "sample_titles": "titles", "sample_deeds": "deeds", "all_deeds": "deeds",
        "pull_lede": "sender tree count people", "pull_lede_plain": "tree count people", "rollup_lede": "sender count people", "one_title": "title", "scale": "added deleted", "scale_one": "added deleted", "scale_tests": "added deleted", "scale_one_tests": "added deleted", "scale_left_out": "lines what",
        "commits": "commits", "commits_series": "commits", "commits_branch": "commits", "people_also": "people", "effect_range": "metric range what before after",
        "best_case": "what fact",
        # single changes, by nature
        "silent_fix": "person area title ref", "correctness_fix": "person area title ref",
        "crash_fix": "person area title ref", "hang_fix": "person area title ref",
        "regression_fix": "person area title ref", "security_fix": "person area title ref",
        "perf_change": "person area title ref", "perf_change_measured": "person area title ref",
        "feature_change": "person area title ref", "tests_change": "person area title ref",
        "ci_change": "person area title ref", "docs_change": "person area title ref",
        "refactor_change": "person area title ref", "fix_change": "person area title ref",
        "generic_change": "person area title ref", "merged_pr": "person title commits ref",
        "told_change": "person did where ref", "told_labelled": "person did label ref",
        "more_changes": "k changes are",
        # why it matters
        "why_problem": "person person_s text", "why_change": "person person_s text",
        "why_effect": "person person_s text", "why_context": "person person_s text",
        "why_quote": "person person_s text", "why_described": "text", "why_silent": "area", "why_correctness": "area",
        "why_crash": "area", "why_hang": "area", "why_regression": "area", "why_security": "area",
        "why_breaking": "area", "why_breaking_said": "person text", "fact": "what fact", "fact_quote": "what fact",
        "fact_case": "what fact", "fact_settings": "what fact",
        # terms
        "term_glossary": "term meaning", "term_note": "area note", "term_docs": "term sentence",
        # reverts
        "revert": "reverter title", "revert_described": "reverter what", "revert_original": "reverter author title",
        "revert_own": "reverter title", "revert_reason": "reason", "relanded": "",
        "revert_comeback": "person reverter title", "reland_only": "person title",
        "revert_pending": "",
        "revert_told": "reverter what when", "reland_told": "person what", "revert_comeback_told": "person reverter what",
        "revert_reason_told": "reason", "revert_returns": "text", "revert_replaced": "did",
        # carried work, spotlight, reviews
        "carried": "work branch", "carried_pr": "work pr", "carried_base": "work", "one_merge_day": "date commits", "spotlight_pr": "author author_s title ref",
        "spotlight_review": "review", "reviews": "people",
        # quick hits
        "quick_intro": "", "quick_intro_one": "", "quiet_intro": "", "quick_line": "items",
        "quick_first": "items", "quiet_first": "items",
        "quick_rest": "rest", "quick_rest_only": "rest",
        # what's next
        "next_said": "person person_s text", "next_statement": "text", "next_unlanded": "text",
        "next_said_told": "person person_s text", "next_message": "text",
        "next_in_review": "text", "next_none": "period upcoming",
        # sign-off
        "wrap": "hook", "thanks": "authors", "thanks_one": "person", "sign_off": "date show",
        "sign_off_span": "date show", "sign_off_hook": "date show hook", "sign_off_hook_span": "date show hook",
        # weekly recap
        "recap_greeting": "show", "recap_size": "show size days span", "recap_quiet": "show span",
        "recap_reverts": "reverts", "recap_theme": "hook", "recap_next_story": "",
        "recap_comeback": "", "recap_top_author": "person count areas", "recap_sign_off": "show",
    }.items()
}
# A story kind's own opening (commitcast.storykinds), and its twin for a title that says no deed.
SLOT_FIELDS |= {
    spec.opening + suffix: fields
    for spec in STORY_KINDS.values() if spec.opening
    for suffix, fields in OPENING_FIELDS.items()
}
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class Style:
    """A host's phrase slots and nouns, checked; ``path`` is where it came from."""

    slots: dict[str, tuple[str, ...]]
    nouns: dict[str, str]
    transitions: tuple[str, ...]
    name: str = "default"
    path: str = ""
    words: frozenset[str] = field(default=frozenset(), compare=False)  # every word its spoken lines and phrases use
    own: frozenset[str] = field(default=frozenset(), compare=False)  # the slots its file set (the rest are the default's)
    abbreviations: dict[str, str] = field(default_factory=dict, compare=False)  # shorthand -> written out
    phrases: Phrasebook = field(default_factory=default_phrasebook)  # titles, headings, release and fact phrases, dates

    def lines(self, slot: str) -> tuple[str, ...]:
        """The alternatives of ``slot``."""
        return self.slots[slot]


@dataclass(frozen=True)
class _Parsed:
    """What a style file's text says, before it is laid over the default style."""

    slots: dict[str, tuple[str, ...]]
    nouns: dict[str, str]
    transitions: tuple[str, ...]
    name: str
    abbreviations: dict[str, str]
    data: dict[str, Any]  # the whole file, for its [phrases] and [calendar] tables
    fail: Failure


_TABLES = ("host", "slots", "nouns", "transitions", "abbreviations", "phrases", "calendar")


def _parse(text: str, origin: str) -> _Parsed:
    """Slots, nouns, transitions and name of a style file's text; UserError naming file, key, line."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{origin}: not valid TOML: {exc}") from exc
    fail = failure(text, origin)
    for key in data:
        if key not in _TABLES:
            raise fail(key, f"is not a style table (expected {', '.join(_TABLES)})")
    shorthand = data.get("abbreviations", {})
    if not isinstance(shorthand, dict) or not all(isinstance(v, str) and v.strip() and not _DIGIT.search(v) for v in shorthand.values()):
        raise fail("abbreviations", "must be a table of shorthand = words (no digits)")
    slots: dict[str, tuple[str, ...]] = {}
    raw_slots = data.get("slots", {})
    if not isinstance(raw_slots, dict):
        raise fail("slots", "must be a table of [slots.NAME] tables")
    for name, table in raw_slots.items():
        key = f"slots.{name}"
        if name not in SLOT_FIELDS:
            raise fail(key, "is not a slot the narrator fills (see docs/host-style.md)", f"[slots.{name}]")
        if not isinstance(table, dict) or set(table) - {"fields", "lines"}:
            raise fail(key, "must have only 'fields' and 'lines'", f"[slots.{name}]")
        declared = table.get("fields", [])
        lines = table.get("lines")
        if not isinstance(declared, list) or not all(isinstance(f, str) for f in declared):
            raise fail(f"{key}.fields", "must be a list of field names", f"[slots.{name}]")
        unknown = set(declared) - SLOT_FIELDS[name]
        if unknown:
            given = ", ".join(sorted(SLOT_FIELDS[name])) or "none"
            raise fail(f"{key}.fields", f"names {', '.join(sorted(unknown))}, which the narrator does not give (it gives: {given})", f"[slots.{name}]")
        if not isinstance(lines, list) or not lines or not all(isinstance(line, str) and line.strip() for line in lines):
            raise fail(f"{key}.lines", "must be a non-empty list of lines", f"[slots.{name}]")
        for line in lines:
            checked_template(line, frozenset(declared), f"{key}.lines", fail, given_as="declares only")
        slots[name] = tuple(" ".join(line.split()) for line in lines)
    nouns = data.get("nouns", {})
    if not isinstance(nouns, dict) or not all(isinstance(v, str) and v.strip() for v in nouns.values()):
        raise fail("nouns", "must be a table of nature = noun phrase")
    for key in nouns:
        if key not in NOUN_KEYS:
            raise fail(f"nouns.{key}", f"is not a nature (known: {', '.join(sorted(NOUN_KEYS))})")
    transitions = data.get("transitions", [])
    if not isinstance(transitions, list) or not all(isinstance(t, str) and t.strip() for t in transitions):
        raise fail("transitions", "must be a list of short openers such as \"Meanwhile,\"")
    host = data.get("host", {})
    name = host.get("name", "") if isinstance(host, dict) else ""
    return _Parsed(slots, dict(nouns), tuple(transitions), str(name), {str(k): str(v) for k, v in shorthand.items()}, data, fail)


# The phrase families a spoken sentence says (titles and headings are read, never spoken).
_SPOKEN = ("releases.", "facts.", "host.", "themes.", "size.")


def _words(
    slots: dict[str, tuple[str, ...]], nouns: dict[str, str], transitions: tuple[str, ...], phrases: Phrasebook
) -> frozenset[str]:
    spoken = [line for key, lines in phrases.phrases.items() if key.startswith(_SPOKEN) for line in lines]
    texts = [
        *(line for lines in slots.values() for line in lines), *nouns.values(), *transitions, *spoken,
        *phrases.months, *phrases.weekdays,
    ]
    return frozenset(w.lower() for text in texts for w in re.findall(r"[A-Za-z][\w'’.+-]*[\w+]|[A-Za-z]", re.sub(r"\{\w+\}", " ", text)))


@lru_cache(maxsize=1)
def default_style() -> Style:
    """The style commitcast ships with; it fills every slot."""
    text = resources.files("commitcast.write").joinpath(DEFAULT_STYLE).read_text(encoding="utf-8")
    parsed = _parse(text, f"commitcast/write/{DEFAULT_STYLE}")
    slots, nouns, transitions = parsed.slots, parsed.nouns, parsed.transitions
    missing = set(SLOT_FIELDS) - set(slots)
    if missing or NOUN_KEYS - set(nouns) or not transitions:
        raise AssertionError(f"the default style lacks {sorted(missing | (NOUN_KEYS - set(nouns)))}")
    return Style(
        slots, nouns, transitions, parsed.name or "default", "", _words(slots, nouns, transitions, default_phrasebook()),
        abbreviations=parsed.abbreviations, phrases=default_phrasebook(),
    )


@lru_cache(maxsize=16)
def _load(path: str, stamp: float) -> Style:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot read the host style {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise UserError(f"{path}: the host style is not UTF-8 text") from exc
    parsed = _parse(text, path)
    base = default_style()
    merged = {**base.slots, **parsed.slots}
    merged_nouns = {**base.nouns, **parsed.nouns}
    merged_transitions = parsed.transitions or base.transitions
    phrases = read_phrasebook(parsed.data, parsed.fail, base.phrases)
    return Style(
        merged, merged_nouns, merged_transitions, parsed.name or Path(path).stem, path,
        _words(merged, merged_nouns, merged_transitions, phrases), frozenset(parsed.slots),
        {**base.abbreviations, **parsed.abbreviations}, phrases,
    )


def builtin_style(name: str) -> str | None:
    """The path of the style commitcast ships under ``name`` ("newsroom", "default"), or None."""
    if not re.fullmatch(r"[a-z][a-z0-9-]*", name):
        return None
    found = resources.files("commitcast.write").joinpath("styles", f"{name}.toml")
    return str(found) if found.is_file() else None


def load_style(path: str | None) -> Style:
    """The default style, or the one at ``path`` (or shipped under that name: "newsroom") laid
    over it (its slots and phrases replace the default's)."""
    if not path:
        return default_style()
    path = builtin_style(path) or path
    try:
        stamp = Path(path).stat().st_mtime
    except OSError as exc:
        raise UserError(f"cannot read the host style {path}: {exc.strerror or exc}") from exc
    return _load(str(path), stamp)
