"""The bundled sample the demo tells: a real week of vuejs/core, small, credited,
pseudonymised, and replayed into a repository that reads exactly as the history did."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
from collections import Counter
from datetime import datetime, timedelta
from importlib import resources
from pathlib import Path
from zoneinfo import ZoneInfo

from commitcast.ingest import forge_web_url, read_landed
from commitcast.sample import load_sample, replay_sample


def _data() -> dict:
    return json.loads(gzip.decompress(resources.files("commitcast.sample").joinpath("vuejs-core-2024-W02.json.gz").read_bytes()))


def test_the_sample_is_small_credited_and_pseudonymised() -> None:
    package = resources.files("commitcast.sample")
    assert len(package.joinpath("vuejs-core-2024-W02.json.gz").read_bytes()) < 300_000
    notice = package.joinpath("NOTICE.md").read_text(encoding="utf-8")
    assert "https://github.com/vuejs/core" in notice and "MIT License" in notice
    assert "Yuxi (Evan) You and Vue contributors" in notice
    addresses = set(re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", json.dumps(_data())))
    assert addresses and all(a.endswith("@example.invalid") for a in addresses)


def test_the_replayed_week_reads_as_the_history_did(tmp_path: Path) -> None:
    sample = load_sample()
    repo = replay_sample(tmp_path / "vue")
    assert forge_web_url(repo) == "https://github.com/vuejs/core"  # PR links go to the real PRs
    zone = ZoneInfo(sample.tz)
    since = datetime.combine(sample.first_day - timedelta(days=12), datetime.min.time(), zone)
    until = datetime.combine(sample.last_day + timedelta(days=1), datetime.min.time(), zone)
    landed = read_landed(repo, since, until, state_dir=tmp_path / "state").changes
    recorded = _data()["commits"]
    assert len(landed) == len(recorded) == sample.commits  # the root commit is dated before them all
    # Messages and line counts are the recorded ones, commit by commit.
    for change, commit in zip(landed, recorded, strict=True):
        assert commit["message"].startswith(change.title)  # ingest reads "(#N)" off as the PR
        assert change.forge_sha == commit["sha"]  # so a commit's link opens the real commit
        assert (change.added, change.deleted) == (
            sum(f["added"] for f in commit["files"]),
            sum(f["deleted"] for f in commit["files"]),
        ), change.title
    # The week told: every day of it active, a dozen people, releases, reverts and a campaign.
    week = [c for c in landed if sample.first_day <= c.landed_at.astimezone(zone).date() <= sample.last_day]
    assert {c.landed_at.astimezone(zone).date() for c in week} == set(sample.days) and len(sample.days) == 7
    assert len({c.authors[0].name for c in week if not c.is_bot}) >= 10
    assert sum(c.title.startswith("release: v3.4.") for c in week) == 8
    assert sum(c.revert is not None for c in week) == 3
    assert Counter(m.group(1) for c in week if (m := re.match(r"\w+\(([^)]+)\)", c.title)))[
        "hydration"
    ] >= 6
    tags = subprocess.run(["git", "-C", str(repo), "tag"], capture_output=True, text=True, check=True).stdout.split()
    assert {f"v3.4.{n}" for n in range(6, 14)} <= set(tags)


def test_the_replay_is_the_same_every_time(tmp_path: Path) -> None:
    tips = [
        subprocess.run(["git", "-C", str(replay_sample(tmp_path / name)), "rev-parse", "main"],
                       capture_output=True, text=True, check=True).stdout  # fmt: skip
        for name in ("a", "b")
    ]
    assert tips[0] == tips[1]  # so a second demo finds every episode it made already
