"""Small helpers: excerpts, durations, dates, cleaning, URLs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from commitcast.model import Script, Section, Sentence, Window
from commitcast.publish.text import clean, clock, excerpt, iso_duration, iso_utc, rfc2822, safe_url

WINDOW = Window(since=datetime(2026, 9, 19, tzinfo=UTC), until=datetime(2026, 9, 20, tzinfo=UTC))


def _script(*sections: list[str]) -> Script:
    return Script(
        show="S", title="T", summary="", window=WINDOW,
        sections=[Section(kind="story", title=f"s{i}", sentences=[Sentence(t) for t in texts]) for i, texts in enumerate(sections)],
    )


def _words(n: int, tag: str = "w") -> str:
    return " ".join(f"{tag}{i}" for i in range(n)) + "."


def test_excerpt_stops_at_the_first_sentence_past_min_words() -> None:
    script = _script([_words(50, "a"), _words(40, "b")], [_words(20, "c"), _words(40, "d"), _words(10, "e")])
    got = excerpt(script)
    assert got.words == 150 and got.truncated
    assert got.paragraphs[0] == f"{_words(50, 'a')} {_words(40, 'b')}"
    assert got.paragraphs[1] == f"{_words(20, 'c')} {_words(40, 'd')} …"


def test_excerpt_never_passes_max_words_when_it_can_stop_earlier() -> None:
    got = excerpt(_script([_words(100, "a"), _words(100, "b"), _words(5, "c")]))
    assert got.words == 100 and got.paragraphs == [f"{_words(100, 'a')} …"]


def test_excerpt_cuts_an_overlong_first_sentence_at_a_word() -> None:
    got = excerpt(_script([_words(400)]))
    assert got.words == 180 and got.truncated and got.paragraphs[0].endswith("w179 …")


def test_short_script_is_whole_without_ellipsis() -> None:
    got = excerpt(_script(["Hello there.", "Bye."]))
    assert got.paragraphs == ["Hello there. Bye."] and not got.truncated


@pytest.mark.parametrize(
    ("seconds", "iso", "clocked"),
    [(181, "PT3M1S", "3:01"), (180.4, "PT3M", "3:00"), (0, "PT0S", "0:00"), (3725.5, "PT1H2M6S", "1:02:05"), (59.5, "PT1M", "0:59")],
)
def test_durations(seconds: float, iso: str, clocked: str) -> None:
    assert iso_duration(seconds) == iso
    assert clock(seconds) == clocked


def test_dates_are_utc() -> None:
    moment = datetime(2026, 9, 19, 15, 0, 4, 999, tzinfo=timezone(timedelta(hours=2)))
    assert iso_utc(moment) == "2026-09-19T13:00:04Z"
    assert rfc2822(moment) == "Sat, 19 Sep 2026 13:00:04 GMT"
    assert iso_utc(datetime(2026, 9, 19, 13)) == "2026-09-19T13:00:00Z"  # naive is read as UTC


def test_clean_keeps_text_and_drops_what_xml_forbids() -> None:
    assert clean("a\x00b\x1b[0mc\ufffe\tok\n€ 😀 \x85") == "ab[0mc\tok\n€ 😀 \x85"


@pytest.mark.parametrize(
    ("url", "safe"),
    [
        ("https://github.com/o/r/pull/1", True),
        ("http://example.org/x", True),
        ("javascript:alert(1)", False),
        ("//evil.example/x", False),
        ("https://ex ample.org", False),
        (None, False),
    ],
)
def test_safe_url(url: str | None, safe: bool) -> None:
    assert safe_url(url) == (url if safe else None)


def test_public_api() -> None:
    import commitcast.publish as publish

    assert sorted(publish.__all__) == sorted(
        ["PublishResult", "publish_site", "load_site", "build_feed", "Problem", "lint_feed", "lint_source",
         "make_server", "render_cover", "podcast_guid", "item_guid", "excerpt", "day_span", "base_url_problem",
         "grouped", "read_site", "note_withdrawal"]
    )
    assert all(hasattr(publish, name) for name in publish.__all__)
