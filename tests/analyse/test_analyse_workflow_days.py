"""Real days of merge-workflow and Conventional-Commits projects (pypa/pip, vuejs/core), read,
planned and narrated: releases announced as releases, merged PRs counted with their commits and
authors, sync merges never hiding a day, reverts and restores told as such, bots kept in their place.

The days are replayed from ``../shared/corpora`` (skipped when it is absent) with their tags.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from commitcast.analyse import plan_episode
from commitcast.ingest import read_landed
from commitcast.model import EpisodePlan, Script, Show
from commitcast.window import day_window
from commitcast.write import check_script, narrate, speech_problems

CORPORA = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpora"
pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not (CORPORA / "replay.py").is_file(), reason="../shared/corpora is not available"),
]
VUE = Show(name="Vue", slug="vue", web_url="https://github.com/vuejs/core")
PIP = Show(name="pip", slug="pip", web_url="https://github.com/pypa/pip")


def _replay(tmp: Path, export: str, since: str, until: str) -> Path:
    """The slice ``[since, until)`` of an export as a bare repository whose ``main`` is where the
    real main branch stood at ``until`` (replay.py points it at the newest commit it wrote,
    which in a merge workflow may be a pull request's commit)."""
    dest = tmp / export.split(".")[0]
    subprocess.run(
        [sys.executable, str(CORPORA / "replay.py"), str(CORPORA / export), str(dest),
         "--since", since, "--until", until, "--bare", "--quiet"],
        check=True, capture_output=True,
    )  # fmt: skip
    records = {}
    with gzip.open(CORPORA / export, "rt") as lines:
        for line in lines:
            record = json.loads(line)
            records[record["sha"]] = record
    sha = record["sha"]  # the export's last record is its branch tip
    cut = datetime.fromisoformat(until + "T00:00:00+00:00")
    while sha in records and datetime.fromisoformat(records[sha]["commit_time"]) >= cut:
        sha = records[sha]["parents"][0]
    mapping = dict(line.split("\t") for line in (dest / "commitcast-replay-map.tsv").read_text().splitlines())
    subprocess.run(["git", "-C", str(dest), "update-ref", "refs/heads/main", mapping[sha]], check=True)
    return dest


@pytest.fixture(scope="module")
def vue(tmp_path_factory) -> Path:
    return _replay(tmp_path_factory.mktemp("vue"), "vuejs-core.jsonl.gz", "2023-11-20", "2024-09-12")


@pytest.fixture(scope="module")
def pip(tmp_path_factory) -> Path:
    return _replay(tmp_path_factory.mktemp("pip"), "pypa-pip.jsonl.gz", "2024-01-25", "2024-06-22")


def _day(repo: Path, show: Show, day: str) -> tuple[EpisodePlan, Script]:
    window = day_window(date.fromisoformat(day), "UTC")
    state = repo.parent / "state"
    landed = read_landed(repo, window.since, window.until, state_dir=state)
    earlier = read_landed(repo, window.since - timedelta(days=14), window.since, state_dir=state).changes
    changes = [c for c in landed.changes if not c.title.startswith("commitcast-replay:")]
    plan = plan_episode(changes, show, window, earlier=earlier, releases=landed.releases, notes=landed.notes)
    script = narrate(plan)
    assert check_script(script, plan) == []
    assert speech_problems(script) == []
    return plan, script


def _text(script: Script) -> str:
    return " ".join(s.text for s in script.sentences)


def test_a_minor_release_day_is_told_as_a_release(vue: Path) -> None:
    """2023-12-29: `release: v3.4.0` touched only the changelog, and was once told as docs work."""
    plan, script = _day(vue, VUE, "2023-12-29")
    (release,) = plan.releases
    assert (release.version, release.kind, release.previous, release.tag) == ("3.4.0", "minor", "3.3.13", "v3.4.0")
    assert release.changes > 100 and release.authors > 10
    assert plan.stories[0].kind == "release" and plan.title.startswith("Vue: ") and "Version 3.4.0" in plan.title
    opening = " ".join(s.text for s in script.sections[0].sentences)
    assert "Vue 3.4.0 is out" in opening
    assert "docs" not in plan.title.lower()


def test_same_day_patch_releases_are_one_story(vue: Path) -> None:
    """2023-12-30: 3.4.1, 3.4.2 and 3.4.3 shipped within hours of each other."""
    plan, script = _day(vue, VUE, "2023-12-30")
    assert [r.version for r in plan.releases] == ["3.4.1", "3.4.2", "3.4.3"]
    (story,) = [s for s in plan.stories if s.kind == "release"]
    assert story is plan.stories[0] and len(story.releases) == 3
    told = " ".join(s.text for sec in script.sections if sec.story_id == story.id for s in sec.sentences)
    assert "3.4.1" in told and "3.4.2 and 3.4.3" in told and "the same day" in told


def test_a_release_day_names_each_title_once(vue: Path) -> None:
    """2024-01-11: 3.4.8's highlights are Evan You's fixes, which his story no longer lists again."""
    from commitcast.text import deed_of

    plan, script = _day(vue, VUE, "2024-01-11")
    said = [deed_of(t) for r in plan.releases for t in r.picked]
    sentences = [s.text for s in script.sentences]
    assert any(d and d in s for d in said for s in sentences), sentences
    for told in filter(None, said):
        assert sum(told in s for s in sentences) <= 1, told


def test_a_sync_merge_does_not_hide_a_release_day(vue: Path) -> None:
    """2024-04-15: main's work sat behind `chore: Merge branch 'main' into minor` and read as empty."""
    plan, script = _day(vue, VUE, "2024-04-15")
    assert plan.counts["changes"] >= 20 and plan.counts["authors"] >= 10
    assert [r.version for r in plan.releases] == ["3.4.22"]
    assert "Merge branch" not in _text(script)
    later, told = _day(vue, VUE, "2024-04-16")  # the sync merge's day: its merge is plumbing
    assert later.counts["changes"] == 4 and "Merge branch" not in _text(told)


def test_a_restore_is_told_as_a_comeback(vue: Path) -> None:
    """2024-09-10: `fix: Revert "fix: Revert "…""` brought back a fix reverted four days before."""
    plan, script = _day(vue, VUE, "2024-09-10")
    (story,) = [s for s in plan.stories if s.kind == "revert"]
    assert story.relanded and "self-referencing computed should refresh" in story.headline
    told = " ".join(s.text for sec in script.sections if sec.story_id == story.id for s in sec.sentences)
    assert "relanded" in told or "come back" in told or "brought back" in told
    assert "not relanded" not in " ".join(i.text for i in plan.whats_next)


def test_a_merge_day_counts_pull_requests_commits_and_their_authors(pip: Path) -> None:
    """2024-05-04: four changes on the first-parent line carried 52 commits; their authors are three
    people (Tzu-ping Chung co-authored one of #12300's 43 commits: he helped, the PRs are not "from" him)."""
    plan, script = _day(pip, PIP, "2024-05-04")
    counts = plan.counts
    assert (counts["changes"], counts["prs"], counts["merged_prs"]) == (4, 4, 3)
    assert counts["commits"] == 52 and counts["authors"] == 3
    assert plan.stories[0].changes[0].topic == "Upgrade vendored packaging lib"
    assert plan.stories[0].commits == 43
    text = _text(script)
    assert "four pull requests" in text.lower() and "52 commits" in text
    assert "Merge pull request" not in text


def test_a_release_merged_through_a_pull_request_is_announced(pip: Path) -> None:
    """2024-06-20: the tagged `Bump for release` sat inside the merged release branch."""
    plan, script = _day(pip, PIP, "2024-06-20")
    (release,) = plan.releases
    assert (release.version, release.previous, release.kind) == ("24.1", "24.0", "minor")
    assert plan.stories[0].kind == "release"
    assert "pip 24.1 is out" in _text(script)


def test_bots_do_not_lead_and_their_bumps_are_summed_up(vue: Path) -> None:
    """2024-08-05: eight renovate updates beside fourteen people's changes."""
    plan, script = _day(vue, VUE, "2024-08-05")
    assert plan.stories and not any("renovate" in p or "[bot]" in p for p in plan.stories[0].people)
    text = _text(script)
    # The bots' updates are counted in one phrase, not told one by one.
    assert re.search(r"\b(?:seven|eight|nine|ten) dependency updates\b", text), text
    # "warn style injection" is about CSS, not a security hole.
    assert not any("security" in s.severity for s in plan.stories)


def test_a_change_reverted_and_landed_again_as_a_new_pr_is_relanded(vue: Path) -> None:
    """2024-09-06: #11778 was reverted in the morning and came back as #11833 before noon."""
    plan, script = _day(vue, VUE, "2024-09-06")
    (story,) = [s for s in plan.stories if s.kind == "revert" and "KeepAlive" in s.headline]
    assert story.relanded and {r.pr for r in story.changes} >= {11833}
    assert not any(r.pr == 11833 for s in plan.stories if s is not story for r in s.changes)


@pytest.mark.parametrize(("corpus", "monday"), [("vue", "2023-12-25"), ("pip", "2024-04-29")])
def test_weekly_recaps_hold_up(corpus: str, monday: str, request) -> None:
    """A week of dailies and its recap: grounded, told for the ear, titled by the week's story."""
    from commitcast.analyse.recap import plan_recap
    from commitcast.model import Window

    repo, show = request.getfixturevalue(corpus), {"vue": VUE, "pip": PIP}[corpus]
    first = date.fromisoformat(monday)
    days = []
    for n in range(7):
        plan, _ = _day(repo, show, (first + timedelta(days=n)).isoformat())  # each daily holds up too
        if plan.counts["changes"] or plan.releases:
            days.append(plan)
    week = Window(since=day_window(first, "UTC").since, until=day_window(first + timedelta(days=6), "UTC").until)
    recap = plan_recap(days, show, week)
    script = narrate(recap)
    assert check_script(script, recap) == [] and speech_problems(script) == []
    # Titled by the week's one biggest story, never a list of two.
    assert recap.title.lower() == f"{show.name}: Weekly Recap: {recap.stories[0].headline}".lower()


def test_a_comeback_of_an_earlier_days_revert_names_who_reverted_it(tmp_path: Path) -> None:
    """executorch 2025-09-11 (Los Angeles): Mergen Nachin's revert landed the day before; Måns
    Nilsson reapplied his change. The script must not say Måns rolled back his own change."""
    repo = _replay(tmp_path, "pytorch-executorch.jsonl.gz", "2025-09-09", "2025-09-13")
    window = day_window(date(2025, 9, 11), "America/Los_Angeles")
    state = tmp_path / "state"
    show = Show(name="ExecuTorch", slug="executorch")
    landed = read_landed(repo, window.since, window.until, state_dir=state)
    earlier = read_landed(repo, window.since - timedelta(days=2), window.since, state_dir=state).changes
    plan = plan_episode(landed.changes, show, window, earlier=earlier, releases=landed.releases)
    script = narrate(plan)
    assert check_script(script, plan) == [] and speech_problems(script) == []
    (story,) = [s for s in plan.stories if s.kind == "revert" and "default executor runner" in s.headline.lower()]
    told = " ".join(s.text for sec in script.sections if sec.story_id == story.id for s in sec.sentences)
    assert "Mergen Nachin" in told and "rolled back their own" not in told
