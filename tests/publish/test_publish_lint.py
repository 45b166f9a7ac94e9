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
