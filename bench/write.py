"""Write-stage benchmark: narrating, ground-checking and speech-normalising plans of growing size,
and the whole write stage on a 100-change day planned by the newsroom (goal: under 0.5 s).

Run: .venv/bin/python bench/write.py
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from commitcast.analyse import plan_episode
from commitcast.model import ChangeRef, EpisodePlan, Fact, Story, Window
from commitcast.storykinds import StoryKind
from commitcast.write import check_script, narrate, speech_problems, spoken
from commitcast.write.narrator import word_count

AREAS = ["Inductor", "Dynamo", "DTensor", "FSDP2", "CI", "MPS", "ATen", "c10d"]
NAMES = ["Tristan Rice", "Jason Ansel", "Wei Feng", "Alice Zhang", "Animesh Jain", "Peter Bell"]


def plan_of(changes: int) -> EpisodePlan:
    """A synthetic plan: a campaign, secondary stories and quick hits adding up to ``changes``."""
    refs = [
        ChangeRef(
            sha=f"{i:07x}" + "a" * 33,
            title=f"[{AREAS[i % 8]}] Reuse workers for suite {i} tests",
            pr=100000 + i,
            authors=[NAMES[i % 6]],
            kinds=["tests", "performance"] if i % 3 else ["fix"],
            areas=[AREAS[i % 8]],
            severity=["crash"] if i % 11 == 0 else [],
        )
        for i in range(changes)
    ]
    head = refs[: changes // 3]
    facts = [
        Fact(
            text="runtime",
            kind="runtime",
            sha=r.sha,
            pr=r.pr,
            unit="s",
            before=40.0 + i,
            after=10.0,
        )
        for i, r in enumerate(head[:5])
    ]
    stories = [
        Story(id="s1", role="headline", headline="Test speedup", people=[NAMES[0]], areas=AREAS[:5],
              changes=head, facts=facts, kind=StoryKind.CAMPAIGN, kinds=["tests", "performance"])
    ]  # fmt: skip
    rest = refs[len(head) :]
    for k in range(min(6, len(rest) // 3)):
        group = rest[k * 3 : k * 3 + 3]
        stories.append(
            Story(id=f"s{k + 2}", role="correctness" if k % 2 else "feature", headline=f"Story {k}",
                  people=[a for r in group for a in r.authors], areas=[r.areas[0] for r in group],
                  changes=group, kinds=["fix"], severity=["crash"])
        )  # fmt: skip
    start = datetime(2026, 9, 19, tzinfo=UTC)
    return EpisodePlan(
        show="PyTorch",
        window=Window(since=start, until=start + timedelta(days=1)),
        title="PyTorch: Bench Day",
        summary="A synthetic day.",
        counts={"changes": changes, "authors": 6, "reverts": 0},
        stories=stories,
        quick_hits=rest[18:40],
    )


def _time(fn, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat * 1000


def main() -> None:
    """Print a table of milliseconds per plan for each step."""
    print(f"{'changes':>8} {'words':>6} {'narrate ms':>11} {'check ms':>9} {'spoken ms':>10}")
    for n in (1, 20, 60, 150, 400):
        plan = plan_of(n)
        script = narrate(plan)
        assert check_script(script, plan) == []
        texts = [s.text for s in script.sentences]
        narrate_ms = _time(lambda plan=plan: narrate(plan), 20)
        check_ms = _time(lambda plan=plan, script=script: check_script(script, plan), 20)
        spoken_ms = _time(lambda texts=texts: [spoken(t) for t in texts], 20)
        print(
            f"{n:>8} {word_count(script.sections):>6} {narrate_ms:>11.2f} {check_ms:>9.2f} {spoken_ms:>10.2f}"
        )
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from plan import SHOW, WINDOW, synthetic_day  # the planning bench's realistic day

    plan = plan_episode(synthetic_day(100), SHOW, WINDOW)

    def whole() -> None:
        script = narrate(plan)
        check_script(script, plan)
        speech_problems(script)
        [spoken(s.text) for s in script.sentences]

    ms = _time(whole, 10)
    print(f"\na 100-change day planned by the newsroom: narrate + check + speech rules + spoken forms {ms:.0f} ms")
    print(f"goal: under 0.5 s — {'meets' if ms < 500 else 'misses'} it")


if __name__ == "__main__":
    main()
