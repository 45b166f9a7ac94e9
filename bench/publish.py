"""Publishing at catalogue scale: a first publish, a re-run with nothing new, and one new day.

Each is timed as a share of the first publish in the same run, against issue 16's goals:
one new day at most 5 %, nothing new at most 2 %. The two small runs are timed three times
each (three re-runs; three new days, one after another) and their median is the figure.

Usage: python bench/publish.py [EPISODES]   (default 1000; the feed keeps the newest 300)
"""

from __future__ import annotations

import math
import shutil
import struct
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import lameenc

from commitcast.model import (
    Audio,
    ChangeRef,
    Chapter,
    Episode,
    Script,
    Section,
    Sentence,
    SentenceTiming,
    Show,
    Story,
    Window,
)
from commitcast.publish import publish_site

SENTENCES = 60  # about a four-minute script


def _mp3(seconds: int = 4) -> bytes:
    rate = 16000
    samples = [int(8000 * math.sin(2 * math.pi * 330 * i / rate)) for i in range(rate * seconds)]
    encoder = lameenc.Encoder()
    encoder.set_bit_rate(32)
    encoder.set_in_sample_rate(rate)
    encoder.set_channels(1)
    return bytes(encoder.encode(struct.pack(f"<{len(samples)}h", *samples)) + encoder.flush())


def _episode(day: date, media: Path) -> Episode:
    since = datetime(day.year, day.month, day.day, tzinfo=UTC)
    window = Window(since=since, until=since + timedelta(days=1))
    text = "Roughly twenty pull requests from one engineer reuse distributed worker processes instead of spawning."
    sections = [
        Section(kind="story", title=f"Story {n}", sentences=[Sentence(text) for _ in range(SENTENCES // 6)]) for n in range(6)
    ]
    timings = [
        SentenceTiming(section=s, index=i, start=(s * 10 + i) * 4.0, end=(s * 10 + i) * 4.0 + 4, text=text)
        for s in range(6)
        for i in range(SENTENCES // 6)
    ]
    chapters = [Chapter(title=f"Story {n}", start=n * 40.0, end=n * 40.0 + 40) for n in range(6)]
    refs = [ChangeRef(sha=f"{n:040x}", title="Reuse process groups", pr=190000 + n, url=f"https://github.com/o/r/pull/{190000 + n}") for n in range(8)]
    slug = day.isoformat()
    return Episode(
        show="bench",
        slug=slug,
        kind="daily",
        title=f"Bench: the day of {slug}",
        summary="One engineer drove twenty PRs converting test suites to worker pools.",
        published_at=window.until + timedelta(hours=6),
        window=window,
        script=Script(show="Bench", title="t", summary="s", window=window, sections=sections),
        audio=Audio(path="episode.mp3", duration=240.0, size=0, sample_rate=16000, sentences=timings, chapters=chapters),
        media_dir=str(media),
        stories=[Story(id="s1", role="headline", headline="Worker reuse", people=["Ada"], areas=[], changes=refs)],
    )


GOALS = {"re-run, nothing new": 0.02, "one new day": 0.05}  # share of the first publish
REPEATS = 3


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    root = Path(tempfile.mkdtemp(prefix="commitcast-bench-publish-"))
    try:
        media = root / "media"
        media.mkdir()
        (media / "episode.mp3").write_bytes(_mp3())
        start = date(2024, 1, 1)
        episodes = [_episode(start + timedelta(days=n), media) for n in range(count)]
        show = Show(name="Bench", slug="bench", base_url="https://example.org/bench", owner_email="o@example.org")
        site = root / "site"

        def timed(batch: list[Episode]) -> tuple[float, int, int]:
            began = time.perf_counter()
            result = publish_site(show, batch, site)
            return time.perf_counter() - began, len(result.written), result.unchanged

        first = timed(episodes)
        runs: dict[str, list[tuple[float, int, int]]] = {label: [] for label in GOALS}
        for _ in range(REPEATS):
            runs["re-run, nothing new"].append(timed(episodes))
            episodes = episodes + [_episode(start + timedelta(days=len(episodes)), media)]
            runs["one new day"].append(timed(episodes))
        print(f"{'run':<34} {'seconds':>8} {'written':>8} {'unchanged':>10} {'of first':>9} {'goal':>6}")
        print(f"{f'first publish, {count} episodes':<34} {first[0]:>8.2f} {first[1]:>8} {first[2]:>10}")
        for label, samples in runs.items():
            seconds, written, unchanged = sorted(samples)[len(samples) // 2]
            share, goal = seconds / first[0], GOALS[label]
            verdict = "met" if share <= goal else "MISSED"
            print(f"{label:<34} {seconds:>8.3f} {written:>8} {unchanged:>10} {share:>8.1%} {goal:>5.0%}  {verdict}"
                  f"  (median of {', '.join(f'{s:.3f}' for s, _, _ in samples)} s)")  # fmt: skip
        feed_kb = (site / "feed.xml").stat().st_size / 1024
        bundles = sum(1 for p in (site / "pagefind").iterdir() if p.is_dir())
        print(f"feed.xml: {feed_kb:.0f} KiB for {min(len(episodes), 300)} items; search index: {bundles} monthly bundles")
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
