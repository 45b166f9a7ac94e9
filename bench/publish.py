"""Publishing at catalogue scale: a first publish, a no-op re-run, and one new day.

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
        rows = []
        for label, batch in (
            (f"first publish, {count} episodes", episodes),
            ("re-run, nothing new", episodes),
            ("one new day", episodes + [_episode(start + timedelta(days=count), media)]),
        ):
            began = time.perf_counter()
            result = publish_site(show, batch, site)
            rows.append((label, time.perf_counter() - began, len(result.written), result.unchanged))
        feed_kb = (site / "feed.xml").stat().st_size / 1024
        print(f"{'run':<34} {'seconds':>8} {'written':>8} {'unchanged':>10}")
        for label, seconds, written, unchanged in rows:
            print(f"{label:<34} {seconds:>8.2f} {written:>8} {unchanged:>10}")
        print(f"feed.xml: {feed_kb:.0f} KiB for {min(count + 1, 300)} items")
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
