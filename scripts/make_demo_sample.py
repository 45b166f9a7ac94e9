#!/usr/bin/env python3
"""Build the demo's bundled sample from the shared corpora (a maintainer's tool, not shipped).

    python scripts/make_demo_sample.py /work/shared/corpora

Writes src/commitcast/sample/vuejs-core-2024-W02.json.gz: vuejs/core's commits from
27 December 2023 to 14 January 2024 (Asia/Singapore, where they were made; the week told
is 8-14 January, the days before give a revert its reverted change), the files they touch
with the line counts they had before (read along the first-parent history of the whole
export), and the week's tags. Then it replays the sample and checks that git reports every
commit's line counts as the export does.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from commitcast.sample.replay import replay  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "src" / "commitcast" / "sample" / "vuejs-core-2024-W02.json.gz"
SGT = timezone(timedelta(hours=8))
START, END = datetime(2023, 12, 27, tzinfo=SGT), datetime(2024, 1, 15, tzinfo=SGT)
KEEP = ("sha", "author_name", "author_email", "author_time", "committer_name", "committer_email",
        "commit_time", "message", "files")  # fmt: skip


def line_counts(commits: list[dict], tip: str) -> dict[str, int]:
    """Every file's line count at ``tip``, following the first-parent chain from the root."""
    by_sha = {c["sha"]: c for c in commits}
    chain = []
    sha: str | None = tip
    while sha:
        chain.append(by_sha[sha])
        sha = by_sha[sha]["parents"][0] if by_sha[sha]["parents"] else None
    counts: dict[str, int] = {}
    for commit in reversed(chain):
        for f in commit["files"]:
            status, path, added, deleted = f["status"], f["path"], f["added"] or 0, f["deleted"] or 0
            if status == "D":
                counts.pop(path, None)
            elif status == "R":
                counts[path] = counts.pop(f["old_path"], 0) - deleted + added
            else:
                counts[path] = counts.get(path, 0) - deleted + added
    return counts


def numstat(repo: Path) -> list[list[tuple[int, int]]]:
    log = subprocess.run(["git", "-C", str(repo), "log", "--reverse", "--first-parent", "-M", "--numstat",
                          "--format=tformat:@"], capture_output=True, text=True, check=True).stdout  # fmt: skip
    commits = []
    for block in log.split("@\n")[1:]:
        commits.append(sorted((int(a), int(d)) for a, d, _ in (line.split("\t", 2) for line in block.split("\n") if line)))
    return commits


def main(corpora: Path) -> None:
    commits = [json.loads(line) for line in gzip.open(corpora / "vuejs-core.jsonl.gz", "rt", encoding="utf-8")]
    tags = [json.loads(line) for line in (corpora / "vuejs-core.tags.jsonl").read_text().splitlines() if line]
    chosen = [c for c in commits if START <= datetime.fromisoformat(c["commit_time"]) < END]
    for previous, commit in zip(chosen, chosen[1:], strict=False):
        assert commit["parents"] == [previous["sha"]], "the sample must be linear"
    assert all(f["added"] is not None for c in chosen for f in c["files"]), "no binary files expected"
    before = line_counts(commits, chosen[0]["parents"][0])
    touched: set[str] = set()  # files the sample changes before (or without) adding them
    added: set[str] = set()
    for commit in chosen:
        for f in commit["files"]:
            path = f.get("old_path") or f["path"]
            if f["status"] == "A":
                added.add(path)
            elif path not in added:
                touched.add(path)
    shas = {c["sha"] for c in chosen}
    sample = {
        "show": {
            "name": "Vue core", "project": "vuejs/core", "web_url": "https://github.com/vuejs/core",
            "licence": "MIT", "tz": "Asia/Singapore", "first_day": "2024-01-08", "last_day": "2024-01-14",
        },
        "base": {
            "time": "2023-11-01T00:00:00+08:00",
            "message": "commitcast sample: the files the sample's commits touch, at their sizes on 27 December 2023",
            "files": {path: before[path] for path in sorted(touched)},
        },
        "commits": [{k: c[k] for k in KEEP} for c in chosen],
        "tags": [{"name": t["name"], "target": t["target"]} for t in tags if t["target"] in shas],
    }  # fmt: skip
    OUT.write_bytes(gzip.compress(json.dumps(sample, ensure_ascii=False, separators=(",", ":")).encode(), mtime=0))
    with tempfile.TemporaryDirectory() as scratch:
        replay(sample, Path(scratch) / "repo")
        got = numstat(Path(scratch) / "repo")[1:]  # the first commit is the base
    expected = [sorted((f["added"], f["deleted"]) for f in c["files"]) for c in chosen]
    wrong = [c["sha"][:10] for c, g, e in zip(chosen, got, expected, strict=True) if g != e]
    print(f"{OUT.name}: {OUT.stat().st_size} bytes, {len(chosen)} commits, {len(touched)} base files, "
          f"{len(sample['tags'])} tags; line counts differ on {len(wrong)} commits {wrong}")  # fmt: skip
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/corpora"))
