#!/usr/bin/env python3
"""Record the code of every cached stage in tests/stage_code.json (a developer's tool, not shipped).

    python scripts/record_stage_code.py                      # after bumping the versions of stages whose output changed
    python scripts/record_stage_code.py --same-output plan   # the plan stage's code changed, its output did not

A stage whose code changed while its version (pipeline.STAGE_VERSIONS, ingest.PARSER_VERSION)
did not is refused unless named with --same-output. See docs/caching.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from commitcast.errors import UserError  # noqa: E402
from commitcast.stagecode import STAGE_ENTRIES, record  # noqa: E402

TABLE = ROOT / "tests" / "stage_code.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--same-output", action="append", default=[], metavar="STAGE", choices=sorted(STAGE_ENTRIES),
        help="a stage whose code changed but whose output for the same input did not (repeatable)",
    )
    options = parser.parse_args()
    try:
        changed = record(TABLE, same_output=options.same_output)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for stage, files in changed.items():
        print(f"{stage}: recorded as the same output ({len(files)} files changed)")
    print(f"wrote {TABLE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
