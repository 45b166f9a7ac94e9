"""Episodes built by hand for the publishing tests: a real small MP3, VTT, JSON transcripts."""

from __future__ import annotations

import json
import math
import os
import struct
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal

import lameenc
import pytest

from commitcast.model import (
    Audio,
    ChangeRef,
    Chapter,
    Citation,
    Episode,
    Script,
    Section,
    SectionKind,
    Sentence,
    SentenceTiming,
    Show,
    Story,
    Window,
)

SECONDS = 5  # the test MP3's length; the fake timings below fit inside it
STEP = 0.25  # seconds per sentence: 4 sections x 5 sentences = 5 s

WORDS = (
    "Roughly twenty pull requests from one engineer reuse distributed worker processes "
    "instead of spawning fresh ones for every test case and cut runtimes three to six times"
).split()


@pytest.fixture(scope="session")
def mp3_bytes() -> bytes:
    """SECONDS of a 440 Hz sine, encoded as a real MP3 by LAME."""
    rate = 16000
    samples = [int(12000 * math.sin(2 * math.pi * 440 * i / rate)) for i in range(rate * SECONDS)]
    encoder = lameenc.Encoder()
    encoder.set_bit_rate(48)
    encoder.set_in_sample_rate(rate)
    encoder.set_channels(1)
    encoder.set_quality(7)
    data = bytes(encoder.encode(struct.pack(f"<{len(samples)}h", *samples)) + encoder.flush())
    assert len(data) > 20000
    return data


def build_show(**overrides) -> Show:
    """A show with every field the feed needs."""
    values = dict(
        name="PyTorch",
        slug="pytorch",
        web_url="https://github.com/pytorch/pytorch",
        description="Daily developer briefing on PyTorch.",
        owner_name="Pod Owner",
        owner_email="owner@example.org",
        author="commitcast",
        base_url="https://example.org/pod",
        host_name="Joe",
    )
    values.update(overrides)
    return Show(**values)


def _sentence_text(n: int, words: int = 14) -> str:
    picked = [WORDS[(n + i) % len(WORDS)] for i in range(words)]
    return " ".join(picked).capitalize() + "."


def make_episode(
    media_root: Path,
    mp3: bytes,
    day: int,
    *,
    kind: Literal["daily", "recap"] = "daily",
    title: str | None = None,
    summary: str | None = None,
    sentence: str | None = None,
    headline: str = "Worker reuse in distributed tests",
    change_title: str = "Reuse process groups in DTensor tests",
    person: str = "Tristan Rice",
    sentences_per_section: int = 5,
    month: int = 9,
) -> Episode:
    """A voiced episode for 2026-<month>-<day> (September unless said; or week <day>'s recap)
    with its media on disk."""
    if kind == "recap":
        slug = f"2026-W{day:02d}-recap"
        since = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(weeks=day - 1)
        until = since + timedelta(days=7)
        published = until + timedelta(hours=13)
    else:
        slug = f"2026-{month:02d}-{day:02d}"
        since = datetime(2026, month, day, tzinfo=UTC)
        until = since + timedelta(days=1)
        published = until + timedelta(hours=13, seconds=4)
    window = Window(since=since, until=until)
    ref = ChangeRef(
        sha="d3fbb10aa" + "0" * 31,
        title=change_title,
        pr=197649,
        url="https://github.com/pytorch/pytorch/pull/197649",
        authors=[person],
    )
    commit_ref = ChangeRef(sha="fdba4b1" + "1" * 33, title="Refactor shard copy into C++", authors=["Wei Feng"],
                           url="https://github.com/pytorch/pytorch/commit/fdba4b1" + "1" * 33)
    stories = [
        Story(id="s1", role="headline", headline=headline, people=[person], areas=["Distributed"], changes=[ref]),
        Story(id="s2", role="feature", headline="FSDP2 copy path", people=["Wei Feng"], areas=["FSDP"], changes=[commit_ref]),
    ]
    kinds: list[tuple[SectionKind, str]] = [("cold_open", "Cold open"), ("headline", headline), ("story", "FSDP2 copy path"), ("sign_off", "Sign-off")]
    sections = []
    n = 0
    for s_index, (section_kind, section_title) in enumerate(kinds):
        texts = []
        for _ in range(sentences_per_section):
            texts.append(sentence if (sentence is not None and n == 1) else _sentence_text(n))
            n += 1
        sections.append(
            Section(
                kind=section_kind,
                title=section_title,
                sentences=[Sentence(text=t, citations=[Citation(sha=ref.sha, pr=ref.pr)]) for t in texts],
                story_id="s1" if s_index == 1 else None,
            )
        )
    title = title if title is not None else f"PyTorch: Day {day} of Faster Tests"
    summary = summary if summary is not None else f"{person} drove twenty PRs converting test suites to worker pools."
    script = Script(show="PyTorch", title=title, summary=summary, window=window, sections=sections, kind=kind)
    timings, chapters, t = [], [], 0.0
    for s_index, section in enumerate(sections):
        start = t
        for i, s in enumerate(section.sentences):
            timings.append(SentenceTiming(section=s_index, index=i, start=round(t, 3), end=round(t + STEP, 3), text=s.text))
            t += STEP
        chapters.append(Chapter(title=section.title, start=round(start, 3), end=round(t, 3)))
    media = media_root / slug
    media.mkdir(parents=True, exist_ok=True)
    (media / "episode.mp3").write_bytes(mp3)
    vtt = ["WEBVTT", ""]
    for timing in timings:
        vtt += [f"00:00:{timing.start:06.3f} --> 00:00:{timing.end:06.3f}", timing.text, ""]
    (media / "transcript.vtt").write_text("\n".join(vtt), encoding="utf-8", errors="replace")
    segments = [{"speaker": "Joe", "startTime": x.start, "endTime": x.end, "body": x.text} for x in timings]
    (media / "transcript.json").write_text(json.dumps({"version": "1.0.0", "segments": segments}), encoding="utf-8", errors="replace")
    (media / "chapters.json").write_text(
        json.dumps({"version": "1.2.0", "chapters": [{"startTime": c.start, "title": c.title} for c in chapters]}),
        encoding="utf-8",
    )
    audio = Audio(path="episode.mp3", duration=t, size=len(mp3), sample_rate=16000, sentences=timings, chapters=chapters)
    return Episode(
        show="pytorch",
        slug=slug,
        kind=kind,
        title=title,
        summary=summary,
        published_at=published,
        window=window,
        script=script,
        audio=audio,
        media_dir=str(media),
        stories=stories,
        quick_hits=[ChangeRef(sha="abc1234" + "2" * 33, title="Fix a typo in the docs", pr=197700,
                              url="https://github.com/pytorch/pytorch/pull/197700", authors=["Ada"])],
    )


@pytest.fixture
def make_show() -> Callable[..., Show]:
    """build_show, for tests (conftest cannot be imported under importlib mode)."""
    return build_show


@pytest.fixture
def episode_factory(tmp_path: Path, mp3_bytes: bytes) -> Callable[..., Episode]:
    """make_episode bound to this test's media directory and the session's MP3."""
    return lambda day, **kw: make_episode(tmp_path / "media", mp3_bytes, day, **kw)


@pytest.fixture
def week(episode_factory) -> list[Episode]:
    """Six dailies (2026-09-14 … 19) and one weekly recap among them."""
    return [episode_factory(d) for d in range(14, 20)] + [episode_factory(37, kind="recap", title="PyTorch: Compiler Correctness")]


@pytest.fixture
def crash_writing(monkeypatch: pytest.MonkeyPatch) -> Callable[[str | None], None]:
    """``crash_writing(suffix)``: renaming a written file into place at a path ending in
    ``suffix`` fails as a full disk would (``None``: writes work again)."""
    from commitcast.publish import fsio

    real_replace = os.replace

    def crash(suffix: str | None) -> None:
        def replace(src, dst) -> None:
            if suffix is not None and str(dst).endswith(suffix):
                raise OSError("disk full")
            real_replace(src, dst)

        monkeypatch.setattr(fsio.os, "replace", replace)

    return crash
