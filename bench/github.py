"""GitHub enrichment on a 150-PR day against a loopback GitHub: API calls and wall time,
first run (cold cache) versus a cached re-run (goal for the default REST path: only
conditional requests, under 20 % of the first run's wall time).

Usage: python bench/github.py [--prs 150] [--latency 0.02]
The loopback server is the one the tests use (tests/github/conftest.py). ``--latency``
adds a per-request delay on the server to mimic a real network round trip.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType

from commitcast.ingest.github import ApiStats, GitHubClient, collect_activity
from commitcast.model import Window

WINDOW = Window(since=datetime(2026, 9, 18, tzinfo=UTC), until=datetime(2026, 9, 19, tzinfo=UTC))
GOAL = 0.20


def _fake_module() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "tests" / "github" / "conftest.py"
    spec = importlib.util.spec_from_file_location("commitcast_bench_fake_github", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


def build_day(fake, prs: int) -> None:
    """``prs`` PRs that moved in the window (a third merged, some closed, stacks of ten), plus
    200 older ones the listing must page past."""
    users = [f"dev{i}" for i in range(40)]
    for login in users:
        fake.add_user(login, f"Developer {login[3:]}")
    for i in range(prs):
        number = 1000 + i
        author = users[i % len(users)]
        hour, minute = divmod(i * 9 % 1440, 60)
        at = f"2026-09-18 {hour:02d}:{minute:02d}"
        kind = i % 6
        stack_of = [1000 + j for j in range(i - i % 10, i - i % 10 + 10)] if i < 40 else []
        body = "Speeds up the widget path.\n\nFixes #12"
        if stack_of:
            items = "\n".join(f"* {'__->__ ' if n == number else ''}#{n}" for n in reversed(stack_of))
            body = f"Stack from [ghstack](https://github.com/ezyang/ghstack) (oldest at bottom):\n{items}\n\n{body}"
        fake.add_pr(
            number,
            f"Change number {i}",
            user=author,
            created=at if kind in (0, 1, 2) else "2026-09-15 08:00",
            merged=at if kind in (1, 3) else None,
            closed=at if kind == 4 else None,
            updated=at,
            labels=("module: widgets",) if i % 3 == 0 else (),
            head=f"gh/{author}/{i}/head" if stack_of else None,
            body=body,
        )
        for r in range(2):
            fake.add_review(number, users[(i + r + 1) % len(users)], "APPROVED" if r == 0 else "COMMENTED", at)
        for c in range(i % 4):
            fake.add_comment(number, users[(i + c + 3) % len(users)], at)
    for n in range(200):
        fake.add_pr(5000 + n, f"Old {n}", created="2026-08-01 08:00", updated="2026-09-01 08:00")


def run_once(fake, cache: Path, graphql: bool) -> tuple[ApiStats, float, int, int]:
    fake.seen.clear()
    started = time.perf_counter()
    with GitHubClient(fake.url, token=fake.token, cache_dir=cache) as client:
        activity = collect_activity(client, "acme/widgets", WINDOW, graphql=graphql)
    wall = time.perf_counter() - started
    unconditional = sum(not s.conditional for s in fake.seen)
    return client.stats, wall, len(activity.prs), unconditional


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prs", type=int, default=150)
    parser.add_argument("--latency", type=float, default=0.02, help="seconds added to each request (0: raw loopback)")
    args = parser.parse_args()
    fakes = _fake_module()
    rows = []
    ok = True
    for latency in sorted({0.0, args.latency}):
        for graphql in (False, True):
            for fake in fakes.serve(fakes.FakeGitHub()):
                build_day(fake, args.prs)
                fake.latency = latency
                with tempfile.TemporaryDirectory() as tmp:
                    first = run_once(fake, Path(tmp), graphql)
                    again = run_once(fake, Path(tmp), graphql)
            ratio = again[1] / first[1]
            # The goal is for the default REST path; GraphQL's first run is already a few calls.
            if not graphql:
                ok &= again[3] == 0 and ratio < GOAL
            mode = f"{'graphql' if graphql else 'rest'} +{latency * 1000:.0f}ms"
            for label, (stats, wall, count, unconditional) in (("first", first), ("cached", again)):
                rows.append(
                    (mode, label, count, stats.requests, stats.conditional, unconditional, stats.not_modified,
                     stats.cache_hits, f"{wall:.3f}", f"{ratio:.1%}" if label == "cached" else "")
                )
    header = ("mode", "run", "PRs", "requests", "conditional", "uncond.", "304", "cache hits", "wall s", "vs first")
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(str(cell).rjust(width) for cell, width in zip(row, widths, strict=True)))
    verdict = "met" if ok else "NOT met"
    print(f"goal (rest): cached re-run makes only conditional requests, < {GOAL:.0%} of the first: {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
