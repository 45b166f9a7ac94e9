"""Regression on real history: replayed corpus slices, checked against the exported messages.

The expectations are read from the export with deliberately simple rules of its own, so
the parser is compared with an independent reading of the same messages. Skipped when
``../shared/corpora`` is absent.
"""

from __future__ import annotations

import gzip
import json
import re
from datetime import datetime
from pathlib import Path

import pytest

from commitcast.ingest import read_landed

SLICES = [
    # torchtitan, one week of November 2025: ghstack stacks, a reland, a revert, co-authors
    ("pytorch-torchtitan.jsonl.gz", "2025-11-10T00:00:00+00:00", "2025-11-17T00:00:00+00:00"),
    # pytorch/ao from its first commit: GitHub merge commits of PRs (replayed from the root so
    # every merged commit exists), squash merges, Meta exports
    ("pytorch-ao.jsonl.gz", None, "2024-03-20T00:00:00+00:00"),
]


pytestmark = pytest.mark.corpus


def export(corpus: Path, name: str) -> dict[str, dict]:
    with gzip.open(corpus / name, "rt", encoding="utf-8") as lines:
        return {record["sha"]: record for record in map(json.loads, lines)}


def expected_pr(message: str) -> int | None:
    subject = message.split("\n", 1)[0]
    for pattern, text in ((r"^Merge pull request #(\d+) ", subject), (r"\(#(\d+)\)\s*$", subject)):
        if match := re.search(pattern, text):
            return int(match.group(1))
    match = re.search(r"^Pull Request resolved: https://github\.com/\S+/pull/(\d+)", message, re.M)
    return int(match.group(1)) if match else None


def expected_stack(message: str) -> list[int] | None:
    lines = message.replace("\r", "").split("\n")
    for i, line in enumerate(lines):
        if line.startswith("Stack from [ghstack]"):
            items = []
            for item in lines[i + 1 :]:
                if item.startswith("* "):
                    number = re.search(r"(\d+)\s*$", item)
                    assert number is not None, item
                    items.append(int(number.group(1)))
                elif items:
                    break
            return items[::-1]  # the list has the oldest at the bottom
    return None


def merged_authors(records: dict[str, dict], merge: dict) -> set[str]:
    """Authors of the work a merge brings in: its new commits, not the merges among them."""

    def ancestors(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            sha = todo.pop()
            if sha not in seen and sha in records:
                seen.add(sha)
                todo.extend(records[sha]["parents"])
        return seen

    first, *others = merge["parents"]
    brought = set().union(*(ancestors(p) for p in others)) - ancestors(first)
    return {records[sha]["author_name"] for sha in brought if len(records[sha]["parents"]) == 1}


@pytest.mark.parametrize(
    ("name", "since", "until"), SLICES, ids=[s[0].split(".")[0] for s in SLICES]
)
def test_replayed_slice_matches_its_export(
    corpus, replay_corpus, tmp_path: Path, name, since, until
) -> None:
    options = [*(("--since", since) if since else ()), "--until", until]
    path, mapping = replay_corpus(name, tmp_path / "replay", *options)
    records = export(corpus, name)
    original = {
        replayed: sha for sha, replayed in mapping.items() if not sha.startswith("snapshot:")
    }
    start = (
        datetime.fromisoformat(since)
        if since
        else datetime.fromisoformat("2000-01-01T00:00:00+00:00")
    )
    landed = read_landed(
        path, start, datetime.fromisoformat(until), "main", state_dir=tmp_path / "state"
    )
    changes = [c for c in landed.changes if not c.title.startswith("commitcast-replay:")]
    assert len(changes) > 15 and landed.warnings == []

    seen = {"pr": 0, "stack": 0, "revert": 0, "merge": 0}
    for change in changes:
        record = records[original[change.sha]]
        message = record["message"]
        assert change.landed_at == datetime.fromisoformat(record["commit_time"])
        assert change.committer.name == record["committer_name"]
        number = expected_pr(message)
        assert (change.pr.number if change.pr else None) == number, message[:200]
        stack = expected_stack(message)
        assert (change.stack.prs if change.stack else None) == stack, message[:300]
        reverting = (
            bool(re.match(r'(Revert|Reapply|Back out) "', message))
            or "This reverts commit" in message
        )
        if reverting:
            assert change.revert is not None, message[:200]
        elif change.revert is not None:  # free-form wording the simple rule above does not know
            assert re.search(r"(?i)\b(revert|back ?out|re-?apply)", message.split("\n", 1)[0]), (
                message[:200]
            )
        files = {
            (f["path"], f["old_path"], f["status"], f["added"], f["deleted"])
            for f in record["files"]
        }
        assert {(f.path, f.old_path, f.status, f.added, f.deleted) for f in change.files} == files
        assert (change.added, change.deleted) == (
            sum(f["added"] or 0 for f in record["files"]),
            sum(f["deleted"] or 0 for f in record["files"]),
        )
        if change.is_merge and number is not None:
            assert {p.name for p in change.authors} >= merged_authors(records, record)
            pr_title = message.split("\n\n", 1)[1].split("\n", 1)[0].strip()
            # A title GitHub cut short ("… import …") is read whole from its commit.
            assert change.title == pr_title or (pr_title.endswith("…") and change.title.startswith(pr_title[:-1].rstrip()))
            seen["merge"] += 1
        else:
            assert change.author.name in {
                record["author_name"],
                *re.findall(r"Co-authored-by: (.+?) <", message),
            }
        seen["pr"] += number is not None
        seen["stack"] += stack is not None
        seen["revert"] += reverting
    # the slices were chosen to exercise these conventions
    assert seen["pr"] > 10
    assert seen["stack"] + seen["merge"] >= 5
