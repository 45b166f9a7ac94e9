"""The episodes a site has withdrawn, so that one made again is a new item to podcast apps.

An app that saw an item keeps its guid; if a withdrawn day came back under the same guid,
apps that deleted it would never show it again (and those that kept it would not see it
change). The site keeps how often each slug was withdrawn in a dot-file that
``commitcast serve`` never serves, and an episode made again gets the next guid.
"""

from __future__ import annotations

import json
from pathlib import Path

from .fsio import write_bytes

__all__ = ["WITHDRAWN_RECORD", "withdrawals", "note_withdrawal"]

WITHDRAWN_RECORD = ".commitcast-withdrawn.json"


def withdrawals(site_dir: Path) -> dict[str, int]:
    """How many times each episode slug of the site was withdrawn (none when never)."""
    try:
        data = json.loads((Path(site_dir) / WITHDRAWN_RECORD).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        # Losing it would reuse a withdrawn guid: better to stop than to publish that.
        raise OSError(f"{WITHDRAWN_RECORD} in {site_dir} cannot be read ({exc})") from exc
    return {str(slug): int(count) for slug, count in data.items()}


def note_withdrawal(site_dir: Path, slug: str) -> int:
    """Record one more withdrawal of ``slug``; how many it has had."""
    counts = withdrawals(site_dir)
    counts[slug] = counts.get(slug, 0) + 1
    write_bytes(Path(site_dir) / WITHDRAWN_RECORD, json.dumps(counts, sort_keys=True, indent=1).encode() + b"\n")
    return counts[slug]
