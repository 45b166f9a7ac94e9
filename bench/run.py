"""Run every benchmark in this folder, one after another, each printing its own table.

Usage: python bench/run.py [NAME ...]   (names like 'ingest', 'voice'; default: all)
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ORDER = ["ingest", "plan", "hostile", "write", "voice", "day", "github", "publish", "serve", "backfill"]


def main() -> int:
    here = Path(__file__).resolve().parent
    available = {p.stem: p for p in here.glob("*.py") if p.stem != "run"}
    wanted = sys.argv[1:] or sorted(available, key=lambda n: (ORDER.index(n) if n in ORDER else 99, n))
    unknown = [name for name in wanted if name not in available]
    if unknown:  # before any benchmark runs, not after the first ones took minutes
        print(f"no benchmark called {', '.join(map(repr, unknown))} (have: {', '.join(sorted(available))})", file=sys.stderr)
        return 2
    failed = []
    started_all = time.perf_counter()
    for name in wanted:
        script = available[name]
        print(f"\n=== bench/{script.name} ===", flush=True)
        started = time.perf_counter()
        code = subprocess.call([sys.executable, str(script)])
        print(f"(bench/{script.name} took {time.perf_counter() - started:.1f} s)", flush=True)
        if code != 0:
            failed.append(name)
    print(f"\n(all {len(wanted)} took {time.perf_counter() - started_all:.0f} s)")
    if failed:
        print(f"\nbenchmarks that failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
