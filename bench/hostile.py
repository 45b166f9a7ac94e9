"""Hostile-message benchmark: one commit with a megabyte subject and body, through parse -> plan -> script.

Each shape is a run that once made a parser backtrack quadratically (spaces, digits, "[",
"(#12)", "10% faster", "a=", "due to" and a run of spaces, …). Every parser of commit text is
linear-time and a message is cut to the per-commit caps (``ingest/messages.py``) first.
The goal: every shape well under a second (before: a 40,000-character subject took 13 s,
a 200 KB body 100 s, a megabyte never finished).

Run: ``.venv/bin/python bench/hostile.py``
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from commitcast.analyse import plan_episode
from commitcast.ingest.messages import parse_message
from commitcast.model import Change, FileChange, Person, Show, Window
from commitcast.write import write_script

MEGABYTE = 1 << 20
LANDED = datetime(2025, 1, 1, 12, tzinfo=UTC)
WINDOW = Window(since=LANDED - timedelta(hours=12), until=LANDED + timedelta(hours=12))
SHOW = Show(name="Hostile", slug="hostile")


def _fill(unit: str) -> str:
    return (unit * (MEGABYTE // len(unit) + 1))[:MEGABYTE]


SHAPES = {
    "spaces": ("Fix" + " " * MEGABYTE + "x", " " * MEGABYTE),
    "digits": (_fill("1"), _fill("9") + "%"),
    "cut subject": ("a" + _fill("…"), "…" + _fill("x")),
    "percentages": ("Speed up", _fill("10% faster ")),
    "brackets": (_fill("["), _fill("[")),
    "pr suffixes": (_fill("(#12)"), _fill("(#12) ")),
    "key=value": ("Fix", _fill("a=")),
    "revert quotes": ('Revert "' + _fill('"'), _fill('Revert "')),
    "due to": ("Fix", "due to x" + " " * MEGABYTE + "y"),
    "blank lines": ("Fix", _fill("\n") + "Reverts o/r#1: x"),
    "trailers": ("Fix", "a\n\n" + _fill("Signed-off-by: x\n")),
}


def measure(subject: str, body: str) -> tuple[float, float, float]:
    """Seconds to parse the message, plan the day and write the script."""
    started = time.perf_counter()
    parsed = parse_message(f"{subject}\n\n{body}")
    parsed_at = time.perf_counter()
    change = Change(
        sha="a" * 40, title=parsed.title, body=parsed.body, trailers=parsed.trailers,
        authors=[Person("Ada", "ada@example.invalid")], committer=Person("Ada", "ada@example.invalid"),
        landed_at=LANDED, authored_at=LANDED, files=[FileChange("src/a.py", "M", None, 3, 1)],
        added=3, deleted=1, pr=parsed.pr, revert=parsed.revert, stack=parsed.stack,
    )  # fmt: skip
    plan = plan_episode([change], SHOW, WINDOW)
    planned_at = time.perf_counter()
    write_script(plan)
    return parsed_at - started, planned_at - parsed_at, time.perf_counter() - planned_at


def main() -> None:
    print(f"{'shape':<16}{'parse':>9}{'plan':>9}{'script':>9}{'total':>9}")
    worst = 0.0
    for name, (subject, body) in SHAPES.items():
        parse, plan, script = measure(subject, body)
        worst = max(worst, parse + plan + script)
        print(f"{name:<16}{parse:>8.2f}s{plan:>8.2f}s{script:>8.2f}s{parse + plan + script:>8.2f}s")
    verdict = "under" if worst < 1 else "OVER"
    print(f"\ngoal: every megabyte message well under a second — worst {worst:.2f} s, {verdict} the 1 s mark")


if __name__ == "__main__":
    main()
