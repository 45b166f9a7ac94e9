"""Editorial regression tests on real busy days: the stories an editor would pick and how they are told.

The days are replayed from ``../shared/corpora`` (skipped when it is absent) and read through ingest,
analyse and the builtin narrator, in the Meta repositories' own zone (America/Los_Angeles).
"""

from __future__ import annotations

import re
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from commitcast.analyse import plan_episode
from commitcast.ingest import landed_changes
from commitcast.model import EpisodePlan, Script, Show
from commitcast.window import day_window
from commitcast.write import check_script, narrate

CORPORA = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpora"
pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not (CORPORA / "replay.py").is_file(), reason="../shared/corpora is not available"),
]
TZ = "America/Los_Angeles"
EXECUTORCH = Show(name="ExecuTorch", slug="executorch", web_url="https://github.com/pytorch/executorch")
TORCHTITAN = Show(name="TorchTitan", slug="torchtitan", web_url="https://github.com/pytorch/torchtitan")
# What a chapter title must not look like: a database row ("X's 6 changes across A, B and 2 more").
ROW = re.compile(r"'s? \d+ changes|\(\d+ changes|\band \d+ more\b|\d+ changes from \d+ people")


def _day(tmp: Path, export: str, show: Show, day: str) -> tuple[EpisodePlan, Script]:
    """Replay the UTC days around ``day``, plan it in Los Angeles time and narrate it."""
    first = date.fromisoformat(day)
    dest = tmp / "repo"
    subprocess.run(
        [sys.executable, str(CORPORA / "replay.py"), str(CORPORA / export), str(dest),
         "--since", str(first - timedelta(days=2)), "--until", str(first + timedelta(days=2)),
         "--bare", "--quiet"],
        check=True, capture_output=True,
    )  # fmt: skip
    window = day_window(first, TZ)

    def read(since, until):
        changes = landed_changes(dest, since, until, state_dir=tmp / "state")
        return [c for c in changes if not c.title.startswith("commitcast-replay:")]

    earlier = read(window.since - timedelta(days=1), window.since)
    plan = plan_episode(read(window.since, window.until), show, window, earlier=earlier)
    return plan, narrate(plan)


def _text(script: Script, story_id: str | None = None) -> str:
    sections = [s for s in script.sections if story_id is None or s.story_id == story_id]
    return " ".join(s.text for sec in sections for s in sec.sentences)


@pytest.fixture(scope="module")
def apple_day(tmp_path_factory) -> tuple[EpisodePlan, Script]:
    return _day(tmp_path_factory.mktemp("et"), "pytorch-executorch.jsonl.gz", EXECUTORCH, "2025-03-26")


def test_one_apple_campaign_leads_with_its_threads(apple_day) -> None:
    """2025-03-26: the Swift/ObjC Tensor API work by two people is one headline of 30+ changes."""
    plan, script = apple_day
    head = plan.stories[0]
    assert set(head.people) == {"Anthony Shoumikhin", "Hansong"} and head.size >= 30
    assert head.areas[0] == "Apple" and head.kind == "campaign"
    assert head.focus[:2] == ["Tensor", "Module"]
    labels = {t.label: t.size for t in head.threads}
    assert labels.get("Tensor constructors", 0) >= 5 and labels.get("overloads", 0) >= 5
    assert "new Module APIs" in labels
    # No second story retells the same people's Apple work.
    others = [s for s in plan.stories[1:] if "Apple" in s.areas[:1] and "Hansong" in s.people]
    assert others == []
    told = _text(script, head.id)
    assert "Titles in the set include" not in told
    assert "Tensor, Module and Value" in told and "Tensor constructors" in told
    assert check_script(script, plan) == []


def test_chapter_titles_read_like_topics(apple_day) -> None:
    plan, script = apple_day
    titles = [s.headline for s in plan.stories] + [sec.title for sec in script.sections]
    assert not [t for t in titles if ROW.search(t)]
    assert plan.stories[0].headline == "Tensor, Module and Value build-out in Apple"


def test_big_migration_outranks_small_fixes(tmp_path: Path) -> None:
    """torchtitan 2026-08-19: the 9k-line Grain data-loader migration is the headline, said with its size."""
    plan, script = _day(tmp_path, "pytorch-torchtitan.jsonl.gz", TORCHTITAN, "2026-08-19")
    head = plan.stories[0]
    assert head.changes[0].topic == "Replace dataset/dataloader with grain"
    assert head.lines_added + head.lines_deleted > 9000
    told = _text(script, head.id)
    assert "lines" in told and "Chien-Chin Huang" in told
    assert check_script(script, plan) == []


def test_possessives_of_names_ending_in_s(tmp_path: Path) -> None:
    """executorch 2023-10-09: Manuel Candales' op fixes are one story, and never "Candales's"."""
    plan, script = _day(tmp_path, "pytorch-executorch.jsonl.gz", EXECUTORCH, "2023-10-09")
    head = plan.stories[0]
    assert head.people == ["Manuel Candales"] and head.size >= 25
    assert not [s for s in plan.stories[1:] if s.people == ["Manuel Candales"]]
    everything = plan.to_json().decode() + _text(script)
    assert "Candales's" not in everything and "Manuel Candales" in everything
    assert check_script(script, plan) == []
