"""Regression tests on the busiest real days of the corpora: plans an editor would put on air.

The days are replayed from ``../shared/corpora`` into temporary repositories with ``replay.py``
and read back through ingest; the tests skip when the corpora are not there.
"""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from commitcast.analyse import plan_episode
from commitcast.ingest import landed_changes
from commitcast.model import EpisodePlan, Show
from commitcast.window import day_window

CORPORA = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpora"
pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not (CORPORA / "replay.py").is_file(), reason="../shared/corpora is not available"),
]


def _replay(tmp: Path, export: str, since: str, until: str) -> Path:
    dest = tmp / export.split(".")[0]
    subprocess.run(
        [sys.executable, str(CORPORA / "replay.py"), str(CORPORA / export), str(dest),
         "--since", since, "--until", until, "--bare", "--quiet"],
        check=True, capture_output=True,
    )
    return dest


def _plan(repo: Path, show: Show, day: str, lookback: int = 7) -> EpisodePlan:
    window = day_window(datetime.fromisoformat(day).date(), "UTC")
    state = repo.parent / f"state-{repo.name}"

    def read(since: datetime, until: datetime):
        changes = landed_changes(repo, since, until, state_dir=state)
        return [c for c in changes if not c.title.startswith("commitcast-replay:")]

    earlier = read(window.since - timedelta(days=lookback), window.since)
    return plan_episode(read(window.since, window.until), show, window, earlier=earlier)


@pytest.fixture(scope="module")
def ao(tmp_path_factory) -> Path:
    return _replay(tmp_path_factory.mktemp("ao"), "pytorch-ao.jsonl.gz", "2026-01-24", "2026-02-01")


@pytest.fixture(scope="module")
def executorch(tmp_path_factory) -> Path:
    return _replay(tmp_path_factory.mktemp("et"), "pytorch-executorch.jsonl.gz", "2026-01-15", "2026-01-30")


AO = Show(name="torchao", slug="torchao")
EXECUTORCH = Show(name="ExecuTorch", slug="executorch", web_url="https://github.com/pytorch/executorch")


def test_ao_docs_overhaul_day(ao: Path) -> None:
    """2026-01-29: a numbered docs stack leads; two same-day revert pairs follow."""
    plan = _plan(ao, AO, "2026-01-29")
    head = plan.stories[0]
    assert head.kind == "campaign" and head.people == ["Vasiliy Kuznetsov"] and head.size == 6
    assert all("docs update" in c.title for c in head.changes) and "docs" in head.areas
    assert "Docs" in plan.title and plan.title.startswith("torchao: ")
    # he landed a seventh change that day: the six are told as part of his day, not all of it
    assert plan.summary.startswith("Vasiliy Kuznetsov landed 7 changes, 6 of them stacked following one pattern")
    # (his seventh is told in a story of its own since r62; the story knows it, and says "seven changes, six of them
    # in docs", never "six changes" as if that were his day: r117)
    seventh = [s for s in plan.stories[1:] if "Vasiliy Kuznetsov" in s.people]
    assert seventh and (head.lead_changes, head.lead_told_apart) == (6, 1), seventh
    reverts = {s.headline: s for s in plan.stories if s.role == "revert"}
    assert set(reverts) == {"Reverted: INT8 quantization on Intel XPU",
                            "Reverted: Re-enable some inductor-related test cases"}
    xpu = reverts["Reverted: INT8 quantization on Intel XPU"]
    assert [(c.title, c.pr) for c in xpu.changes] == [("[xpu] INT8 quantization on Intel XPU", 3500),
                                                     ('Revert "[xpu] INT8 quantization on Intel XPU"', 3758)]
    assert sum(n.kind == "pending_reland" for n in plan.whats_next) == 2
    on_air = {c.sha for s in plan.stories for c in s.changes}
    assert len(on_air) + len(plan.quick_hits) <= plan.counts["changes"] == 18


def test_ao_reland_across_days(ao: Path) -> None:
    """2026-01-31: the X86 tests reverted on the 29th come back, and the plan says so."""
    plan = _plan(ao, AO, "2026-01-31")
    (story,) = plan.stories
    assert story.kind == "revert" and story.relanded and story.people == ["Xia Weiwen"]
    assert story.headline == "Re-enable some inductor-related test cases returns after a revert"
    assert sorted((c.title, c.pr) for c in story.earlier) == [
        ("Revert \"[X86] Re-enable some inductor-related test cases\"", 3756),
        ("[X86] Re-enable some inductor-related test cases", 3718),
    ]
    assert "reland" in plan.summary and "reverted" in plan.summary


def test_executorch_busy_day(executorch: Path) -> None:
    """2026-01-29 (58 changes): ten Arm backend changes from six people are no one story (nothing but
    the folder joins them; each is told for itself), the TARGETS-to-BUCK bot codemod is told
    as one down-ranked story, and the revert of a change from an earlier day is paired with it."""
    plan = _plan(executorch, EXECUTORCH, "2026-01-29")
    assert plan.counts["changes"] == 58 and plan.counts["bot_changes"] >= 35
    assert all(len(set(s.people)) == 1 or s.kind in ("campaign", "revert") for s in plan.stories)
    assert plan.title.startswith("ExecuTorch: ")
    (codemod,) = [s for s in plan.stories if "TARGETS to BUCK" in s.headline]
    assert codemod.people == ["Facebook Community Bot"] and codemod.size >= 35 and len(codemod.changes) == 25
    assert codemod.role == "infrastructure" and plan.stories.index(codemod) > 0
    (revert,) = [s for s in plan.stories if s.role == "revert"]
    assert revert.headline == "Reverted: Optimize UT execution time"
    assert [(c.title, c.pr) for c in revert.earlier] == [("Qualcomm AI Engine Direct - Optimize UT execution time", 16865)]
    assert all(c.url and c.url.startswith("https://github.com/pytorch/executorch/") for c in revert.changes)
    assert all("TARGETS to BUCK" not in q.title for q in plan.quick_hits[:3])
    assert len(plan.stories) <= 7 and len(plan.quick_hits) <= 12
