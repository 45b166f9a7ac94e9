"""The feed lint: a published feed is clean, and each broken rule is reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from commitcast.cli import app
from commitcast.publish import lint_feed, lint_source, publish_site


@pytest.fixture
def site(tmp_path: Path, make_show, week) -> Path:
    publish_site(make_show(), week, tmp_path)
    return tmp_path


def _lint(site: Path, old: str, new: str, count: int = 1) -> list[str]:
    feed = (site / "feed.xml").read_text()
    assert old in feed
    broken = feed.replace(old, new, count).encode()
    return [str(p) for p in lint_feed(broken, site_dir=site) if p.level == "error"]


def test_published_feed_has_no_errors_or_warnings(site: Path) -> None:
    assert lint_source(str(site / "feed.xml")) == []


def test_duplicate_guid(site: Path) -> None:
    errors = _lint(site, "commitcast:pytorch:2026-09-18<", "commitcast:pytorch:2026-09-19<")
    assert any("repeats item" in e and "guid" in e for e in errors)


def test_enclosure_length_must_match_the_file(site: Path) -> None:
    size = (site / "episodes/2026-09-19/episode.mp3").stat().st_size
    errors = _lint(site, f'length="{size}"', f'length="{size + 1}"')
    assert any(f"but episode.mp3 has {size} bytes" in e for e in errors)


def test_duration_must_be_present_and_numeric(site: Path) -> None:
    assert any("not seconds" in e for e in _lint(site, "<itunes:duration>5<", "<itunes:duration>five<"))
    assert any("is missing" in e for e in _lint(site, "<itunes:duration>5</itunes:duration>", ""))


def test_podcast_namespace_urls_must_be_https(site: Path) -> None:
    errors = _lint(site, 'podcast:chapters url="https://', 'podcast:chapters url="http://')
    assert any("must be https" in e for e in errors)


def test_missing_chapters_and_transcript_files(site: Path) -> None:
    (site / "episodes/2026-09-16/chapters.json").unlink()
    (site / "episodes/2026-09-15/transcript.vtt").unlink()
    errors = [str(p) for p in lint_source(str(site / "feed.xml")) if p.level == "error"]
    assert any("chapters" in e and "2026-09-16/chapters.json is not in the site" in e for e in errors)
    assert any("transcript" in e and "2026-09-15/transcript.vtt is not in the site" in e for e in errors)


def test_artwork_size_and_format(site: Path) -> None:
    Image.new("RGB", (1000, 800), "white").save(site / "artwork.png")
    errors = [str(p) for p in lint_source(str(site / "feed.xml")) if p.level == "error"]
    assert any("not square" in e for e in errors)
    assert any("outside 1400-3000" in e for e in errors)


def test_required_channel_tags(site: Path) -> None:
    assert any("<itunes:explicit>" in e for e in _lint(site, "<itunes:explicit>false<", "<itunes:explicit>no<"))
    assert any("itunes:category" in e for e in _lint(site, '<itunes:category text="Technology"/>', ""))
    assert any("atom:link" in e for e in _lint(site, 'rel="self"', 'rel="alternate"'))


def test_relative_urls_are_errors_for_apps(tmp_path: Path, make_show, week) -> None:
    result = publish_site(make_show(base_url=""), week[:1], tmp_path)
    assert not [p for p in result.warnings if "relative" in p.message]  # allowed while publishing
    errors = [str(p) for p in lint_source(str(tmp_path / "feed.xml")) if p.level == "error"]
    assert any("is relative" in e for e in errors)


def test_malformed_xml() -> None:
    (problem,) = lint_feed(b"<rss version='2.0'><channel><title>x</title>")
    assert problem.level == "error" and "well-formed" in problem.message


def test_cli_exit_codes(site: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["lint-feed", str(site / "feed.xml")])
    assert ok.exit_code == 0, ok.output
    assert "0 errors" in ok.output
    (site / "episodes/2026-09-19/episode.mp3").write_bytes(b"short")
    bad = runner.invoke(app, ["lint-feed", str(site / "feed.xml")])
    assert bad.exit_code == 1
    assert "bytes" in bad.output


def _problems(site: Path, old: str, new: str, count: int = 1) -> list[str]:
    """Every finding (errors and warnings) once ``old`` in the feed is replaced by ``new``."""
    feed = (site / "feed.xml").read_text()
    assert old in feed, old
    return [str(p) for p in lint_feed(feed.replace(old, new, count).encode(), site_dir=site)]


@pytest.mark.parametrize(
    ("old", "new", "finding"),
    [
        ('<itunes:episode>7</itunes:episode>', "", "warning: item 1 (Day 19 of Faster Tests): <itunes:episode> is missing"),
        ('<itunes:episode>7</itunes:episode>', "<itunes:episode>seven</itunes:episode>", "must be a whole number"),
        ('<itunes:episode>7</itunes:episode>', "<itunes:episode>6</itunes:episode>", "<itunes:episode> 6 repeats item 1"),
        ('<itunes:title>Day 19 of Faster Tests</itunes:title>', "", "<itunes:title> is missing"),
        ('<itunes:title>Day 19 of Faster Tests</itunes:title>', "<itunes:title>PyTorch: Day 19</itunes:title>",
         "repeats the show's name"),
        ('<itunes:episodeType>full</itunes:episodeType>', "", "<itunes:episodeType> is missing"),
        ('<itunes:episodeType>full</itunes:episodeType>', "<itunes:episodeType>daily</itunes:episodeType>",
         "must be full, trailer or bonus"),
        ('<itunes:image href="https://example.org/pod/artwork.png"/>\n      <itunes:explicit>', "<itunes:explicit>",
         "<itunes:image href=…> is missing (Apple shows episode artwork)"),
        ('<itunes:image href="https://example.org/pod/artwork.png"/>\n      <itunes:explicit>',
         '<itunes:image href="https://example.org/pod/cover.gif"/><itunes:explicit>', "must end in .jpg or .png"),
        ("<copyright>© 2026 commitcast</copyright>", "", "<copyright> is missing"),
        ('<podcast:episode>7</podcast:episode>', "<podcast:episode>7a</podcast:episode>", "<podcast:episode> must be a number"),
        ('<podcast:episode>7</podcast:episode>', "<podcast:episode>8</podcast:episode>", "differs from <itunes:episode> 7"),
        ('type="text/vtt" language="en"', 'type="text/vtt"', "does not say its language"),
    ],
)
def test_each_apple_and_podcast_namespace_rule(site: Path, old: str, new: str, finding: str) -> None:
    assert any(finding in p for p in _problems(site, old, new)), _problems(site, old, new)


def test_publish_times_must_differ_and_come_newest_first(site: Path) -> None:
    feed = (site / "feed.xml").read_text()
    newest, second = [line.strip() for line in feed.splitlines() if "<pubDate>" in line][1:3]  # [0]: the channel's
    shared = _problems(site, second, newest)
    assert any("repeats item 1: apps cannot order the two" in p and p.startswith("error") for p in shared)
    swapped = feed.replace(newest, "@@").replace(second, newest).replace("@@", second)
    found = [str(p) for p in lint_feed(swapped.encode(), site_dir=site)]
    assert any("items are not newest first" in p for p in found)
    assert any("numbers do not rise with pubDate" in p for p in found)


def test_item_notes_over_apples_4000_bytes_are_errors(site: Path) -> None:
    long = "<p>" + "é" * 2000 + "</p>"  # 2,000 characters, 4,007 bytes with the tags
    for tag in ("description", "content:encoded"):
        found = _problems(site, f"<{tag}><![CDATA[", f"<{tag}><![CDATA[{long}")
        assert any(f"<{tag}> has" in p and "Apple takes 4000" in p and p.startswith("error") for p in found), tag


def test_funding_needs_a_link_and_a_short_label(tmp_path: Path, make_show, week) -> None:
    show = make_show(funding_url="https://opencollective.com/pytorch", funding_text="Support PyTorch")
    publish_site(show, week, tmp_path)
    feed = (tmp_path / "feed.xml").read_text()
    assert '<podcast:funding url="https://opencollective.com/pytorch">Support PyTorch</podcast:funding>' in feed
    assert lint_source(str(tmp_path / "feed.xml")) == []
    assert any("has 200 characters" in p for p in _problems(tmp_path, ">Support PyTorch<", ">" + "x" * 200 + "<"))
    assert any("no text" in p for p in _problems(tmp_path, ">Support PyTorch<", "><"))
    assert any("is not http(s)" in p for p in _problems(tmp_path, 'url="https://opencollective', 'url="ftp://opencollective'))


@pytest.mark.parametrize(
    ("base_url", "says"),
    [("", "is relative: apps need absolute URLs (set base_url)"), ("http://127.0.0.1:8000", "loopback address")],
)
def test_a_feed_nobody_else_can_follow_is_one_error_line_a_kind(tmp_path: Path, make_show, week, base_url: str, says: str) -> None:
    """A preview's feed is published, but the lint says it cannot be subscribed to: once a
    kind of mistake with a count, not once per URL."""
    publish_site(make_show(base_url=base_url), week, tmp_path)
    errors = [p for p in lint_source(str(tmp_path / "feed.xml")) if p.level == "error"]
    assert len(errors) > 30 and all(says in p.message for p in errors)
    result = CliRunner().invoke(app, ["lint-feed", str(tmp_path / "feed.xml")])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith("error")]
    assert len(lines) == 1 and says in lines[0] and f"and {len(errors) - 1} more like it" in lines[0]
    assert f"\n{len(errors)} errors, " in result.output
