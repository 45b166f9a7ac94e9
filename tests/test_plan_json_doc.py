"""docs/plan-json.md describes the EpisodePlan the model defines: every field, and no other."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import commitcast
from commitcast.model import (
    Carried,
    ChangeRef,
    EpisodePlan,
    Fact,
    NextItem,
    Release,
    Spotlight,
    Story,
    StoryThread,
    Why,
    Window,
)

DOC = Path(__file__).resolve().parents[1] / "docs" / "plan-json.md"


def _fields(kind: type) -> set[str]:
    return {f.name for f in dataclasses.fields(kind)}


def _section(heading: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def _table(heading: str) -> dict[str, str]:
    """The section's table: each field named in a row's first column -> the row."""
    rows = [line for line in _section(heading).splitlines() if line.startswith("| `")]
    return {name: row for row in rows for name in re.findall(r"`([a-z_]+)`", row.split("|")[1])}


@pytest.mark.parametrize(
    ("heading", "kind"),
    [
        ("Top level", EpisodePlan),
        ("Story", Story),
        ("StoryThread", StoryThread),
        ("Fact", Fact),
        ("Release", Release),
    ],
)
def test_each_table_lists_the_fields_of_its_type(heading: str, kind: type) -> None:
    assert set(_table(heading)) == _fields(kind)


@pytest.mark.parametrize(
    ("heading", "kind"), [("ChangeRef", ChangeRef), ("NextItem", NextItem), ("Carried", Carried), ("Why", Why)]
)
def test_each_paragraph_names_every_field_of_its_type(heading: str, kind: type) -> None:
    named = set(re.findall(r"`([a-z_]+)`", _section(heading)))
    assert _fields(kind) <= named, sorted(_fields(kind) - named)


@pytest.mark.parametrize(("field", "kind"), [("window", Window), ("spotlight", Spotlight)])
def test_nested_objects_list_their_keys(field: str, kind: type) -> None:
    keys = set(re.findall(r'"([a-z_]+)"', _table("Top level")[field]))
    assert keys == _fields(kind)


def test_the_counts_are_the_documented_ones(make_repo) -> None:
    repo = make_repo()
    repo.commit("Add the parser (#1)", files={"src/p.py": "x = 1\n"})
    repo.commit("Fix the parser (#2)", files={"src/p.py": "x = 2\n"}, author="Grace Hopper <grace@example.com>")
    plan = commitcast.plan_day(repo.path, "2025-03-26", state_dir=repo.path.parent / "state")
    documented = _section("Top level").split("`counts` keys:")[1].split("\n\n")[0]
    assert set(plan.counts) == set(re.findall(r"`([a-z_]+)`", documented))
