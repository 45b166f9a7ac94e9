"""The feed, read back by lxml, feedparser and gPodder's podcastparser, against the catalogue."""

from __future__ import annotations

import io
import uuid
from email.utils import parsedate_to_datetime
from pathlib import Path

import feedparser
import podcastparser
import pytest
from lxml import etree

from commitcast.publish import item_guid, podcast_guid, publish_site
from commitcast.publish.feed import NS

BASE = "https://example.org/pod"


def _feed(site: Path) -> etree._Element:
    return etree.fromstring((site / "feed.xml").read_bytes())


def test_podcast_guid_matches_the_namespace_examples() -> None:
    # The two worked examples of the podcast:guid documentation.
    assert podcast_guid("https://mp3s.nashownotes.com/pc20rss.xml") == "917393e3-1b1e-5cef-ace4-edaa54e1f810"
    assert podcast_guid("http://podnews.net/rss/") == "9b024349-ccf0-5f69-a609-6b82873eab3c"


def test_channel_tags(tmp_path: Path, make_show, week) -> None:
    show = make_show()
    publish_site(show, week, tmp_path)
    root = _feed(tmp_path)
    assert root.tag == "rss" and root.get("version") == "2.0"
    assert root.nsmap == NS
    ch = root.find("channel")
    assert ch.findtext("title") == "PyTorch"
    assert ch.findtext("link") == f"{BASE}/"
    assert ch.findtext("description") == show.description
    assert ch.findtext("language") == "en"
    assert ch.findtext("itunes:author", namespaces=NS) == "commitcast"
    assert ch.findtext("itunes:owner/itunes:name", namespaces=NS) == "Pod Owner"
    assert ch.findtext("itunes:owner/itunes:email", namespaces=NS) == "owner@example.org"
    assert ch.find("itunes:image", NS).get("href") == f"{BASE}/artwork.png"
    assert ch.find("itunes:category", NS).get("text") == "Technology"
    assert ch.findtext("itunes:explicit", namespaces=NS) == "false"
    assert ch.findtext("itunes:type", namespaces=NS) == "episodic"
    expected_guid = uuid.uuid5(uuid.UUID("ead4c236-bf58-58c6-a2c6-a6b28d128cb6"), "example.org/pod/feed.xml")
    assert ch.findtext("podcast:guid", namespaces=NS) == str(expected_guid)
    locked = ch.find("podcast:locked", NS)
    assert locked.text == "yes" and locked.get("owner") == "owner@example.org"
    self_link = ch.find("atom:link", NS)
    assert (self_link.get("rel"), self_link.get("href")) == ("self", f"{BASE}/feed.xml")
    newest = max(e.published_at for e in week)
    assert parsedate_to_datetime(ch.findtext("lastBuildDate")) == newest
    # The narrator is the one host; nobody else is credited in person tags.
    people = root.findall(".//podcast:person", NS)
    assert [(p.text, p.get("role")) for p in people] == [("Joe", "host")]


def test_items_match_the_episodes(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path)
    items = _feed(tmp_path).findall("channel/item")
    by_guid = {item.findtext("guid"): item for item in items}
    assert len(items) == len(week) == len(by_guid)
    dates = [parsedate_to_datetime(i.findtext("pubDate")) for i in items]
    assert dates == sorted(dates, reverse=True)
    # Numbered from 1 by age, the newest first in the feed, the same in both namespaces.
    numbers = [int(i.findtext("itunes:episode", namespaces=NS)) for i in items]
    assert numbers == list(range(len(week), 0, -1))
    assert numbers == [int(i.findtext("podcast:episode", namespaces=NS)) for i in items]
    for episode in week:
        item = by_guid[item_guid("pytorch", episode.slug)]
        assert item.find("guid").get("isPermaLink") == "false"
        folder = f"{BASE}/episodes/{episode.slug}"
        assert item.findtext("link") == f"{folder}/"
        assert parsedate_to_datetime(item.findtext("pubDate")) == episode.published_at
        enclosure = item.find("enclosure")
        mp3 = tmp_path / "episodes" / episode.slug / "episode.mp3"
        assert enclosure.get("url") == f"{folder}/episode.mp3"
        assert int(enclosure.get("length")) == mp3.stat().st_size
        assert enclosure.get("type") == "audio/mpeg"
        assert item.findtext("itunes:duration", namespaces=NS) == str(int(episode.audio.duration + 0.5))
        assert item.findtext("itunes:episodeType", namespaces=NS) == "full"
        transcripts = {
            t.get("type"): (t.get("url"), t.get("rel"), t.get("language")) for t in item.findall("podcast:transcript", NS)
        }
        assert transcripts == {
            "text/vtt": (f"{folder}/transcript.vtt", "captions", "en"),
            "application/json": (f"{folder}/transcript.json", "captions", "en"),
            "text/html": (f"{folder}/transcript.html", None, "en"),
        }
        assert item.find("itunes:image", NS).get("href") == f"{BASE}/artwork.png"
        assert item.findtext("itunes:title", namespaces=NS) == item.findtext("title").removeprefix("PyTorch: ")
        chapters = item.find("podcast:chapters", NS)
        assert (chapters.get("url"), chapters.get("type")) == (f"{folder}/chapters.json", "application/json+chapters")
        description = item.findtext("description")
        assert episode.summary in description
        # Show notes link every cited PR and commit, and name the people talked about.
        for story in episode.stories:
            assert story.headline in description
            for person in story.people:
                assert person in description
            for ref in story.changes:
                assert f'href="{ref.url}"' in description
        for ref in episode.quick_hits:
            assert f'href="{ref.url}"' in description
        assert f"{folder}/transcript.html" in item.findtext("content:encoded", namespaces=NS)
        # Without the show's name, which apps show beside every item.
        assert not item.findtext("title").startswith("PyTorch")
        if episode.kind == "recap":
            assert "Weekly Recap" in item.findtext("title")
        else:
            assert f"PyTorch: {item.findtext('title')}" == episode.title


def test_every_link_is_absolute_under_base_url(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path)
    root = _feed(tmp_path)
    urls = [el.text for el in root.iter("link", "url")]
    urls += [el.get(attr) for el in root.iter() for attr in ("url", "href") if el.get(attr)]
    assert len(urls) > 5 * len(week)
    assert all(u.startswith(BASE + "/") for u in urls), [u for u in urls if not u.startswith(BASE)]


def test_feedparser_reads_it(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path)
    parsed = feedparser.parse((tmp_path / "feed.xml").read_bytes())
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.feed.title == "PyTorch"
    assert parsed.feed.image.href == f"{BASE}/artwork.png"
    by_id = {e.id: e for e in parsed.entries}
    for episode in week:
        entry = by_id[f"commitcast:pytorch:{episode.slug}"]
        assert entry.link == f"{BASE}/episodes/{episode.slug}/"
        assert entry.enclosures[0].href == f"{BASE}/episodes/{episode.slug}/episode.mp3"
        assert int(entry.enclosures[0].length) == (tmp_path / "episodes" / episode.slug / "episode.mp3").stat().st_size
        assert entry.itunes_duration == str(int(episode.audio.duration + 0.5))
        assert entry.published_parsed[:6] == episode.published_at.utctimetuple()[:6]


def test_podcastparser_reads_it(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path)
    parsed = podcastparser.parse(f"{BASE}/feed.xml", io.BytesIO((tmp_path / "feed.xml").read_bytes()))
    assert parsed["title"] == "PyTorch"
    assert parsed["cover_url"] == f"{BASE}/artwork.png"
    assert parsed["link"] == f"{BASE}/"
    by_guid = {e["guid"]: e for e in parsed["episodes"]}
    assert len(by_guid) == len(week)
    for episode in week:
        got = by_guid[f"commitcast:pytorch:{episode.slug}"]
        assert got["total_time"] == int(episode.audio.duration + 0.5)
        assert got["published"] == int(episode.published_at.timestamp())
        assert got["link"] == f"{BASE}/episodes/{episode.slug}/"
        assert got["type"] == "full"
        (enclosure,) = got["enclosures"]
        assert enclosure["url"] == f"{BASE}/episodes/{episode.slug}/episode.mp3"
        assert enclosure["mime_type"] == "audio/mpeg"
        assert enclosure["file_size"] == (tmp_path / "episodes" / episode.slug / "episode.mp3").stat().st_size
        assert episode.summary in got["description_html"]


def test_guids_stay_the_same_across_rebuilds_and_retitles(tmp_path: Path, make_show, week, episode_factory) -> None:
    publish_site(make_show(), week, tmp_path / "a")
    first = [i.findtext("guid") for i in _feed(tmp_path / "a").findall("channel/item")]
    retitled = [episode_factory(d, title=f"PyTorch: Another title {d}") for d in range(14, 20)]
    publish_site(make_show(), retitled + week[-1:], tmp_path / "b")
    second = [i.findtext("guid") for i in _feed(tmp_path / "b").findall("channel/item")]
    assert first == second
    assert len(set(first)) == len(first)


def test_feed_limit_keeps_newest_items_and_every_page(tmp_path: Path, make_show, week) -> None:
    result = publish_site(make_show(), week, tmp_path, feed_limit=3)
    items = _feed(tmp_path).findall("channel/item")
    newest = sorted(week, key=lambda e: e.published_at, reverse=True)[:3]
    assert [i.findtext("guid") for i in items] == [f"commitcast:pytorch:{e.slug}" for e in newest]
    assert result.feed_items == 3 and result.episodes == len(week)
    for episode in week:
        assert (tmp_path / "episodes" / episode.slug / "index.html").is_file()


def test_without_base_url_links_are_site_relative(tmp_path: Path, make_show, week) -> None:
    result = publish_site(make_show(base_url=""), week, tmp_path)
    channel = _feed(tmp_path).find("channel")
    assert channel.find("podcast:guid", NS) is None
    assert channel.find("itunes:image", NS).get("href") == "artwork.png"
    assert channel.find("item/enclosure").get("url").startswith("episodes/")
    assert any("podcast:guid" in p.message for p in result.warnings)


def test_owner_without_email_leaves_feed_unlocked(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(owner_email=""), week[:1], tmp_path)
    channel = _feed(tmp_path).find("channel")
    assert channel.findtext("podcast:locked", namespaces=NS) == "no"
    assert channel.find("itunes:owner/itunes:email", NS) is None


@pytest.mark.parametrize("bad", ["ftp://example.org", "example.org/pod", "https://example.org/?q=1", "http://example.org"])
def test_bad_base_url_is_a_user_error(tmp_path: Path, make_show, week, bad: str) -> None:
    from commitcast.errors import UserError

    with pytest.raises(UserError, match="base_url"):
        publish_site(make_show(base_url=bad), week[:1], tmp_path)


def test_http_base_url_is_fine_for_a_local_preview(tmp_path: Path, make_show, week) -> None:
    result = publish_site(make_show(base_url="http://localhost:8000"), week[:1], tmp_path)
    assert "http://localhost:8000/episodes/2026-09-14/chapters.json" in (tmp_path / "feed.xml").read_text()
    assert not [p for p in result.warnings if "https" in p.message]


def test_long_show_notes_fit_apples_limit_and_stay_whole_on_the_page(tmp_path: Path, make_show, episode_factory) -> None:
    from dataclasses import replace

    from commitcast.model import ChangeRef, Story

    def ref(n: int) -> ChangeRef:
        return ChangeRef(sha=f"{n:040x}", title=f"Make hydration mismatch warnings clearer for case {n} " * 2,
                         pr=10000 + n, url=f"https://github.com/vuejs/core/pull/{10000 + n}", authors=["Évan Yöu"])  # fmt: skip

    stories = [
        Story(id=f"s{k}", role="correctness", headline=f"Story number {k}", people=["Évan Yöu"], areas=["Hydration"],
              changes=[ref(25 * k + i) for i in range(25)])  # fmt: skip
        for k in range(8)
    ]
    big = replace(episode_factory(19), stories=stories)
    publish_site(make_show(), [big], tmp_path)
    item = _feed(tmp_path).find("channel/item")
    for tag in ("description", "content:encoded"):
        notes = item.findtext(tag, namespaces=NS)
        assert 3500 < len(notes.encode("utf-8")) <= 4000
    notes = item.findtext("description")
    assert notes.startswith("<p>Daily briefing · Saturday 19 September 2026 · 5 s</p>") and big.summary in notes
    assert "Story number 0" in notes and "more on the episode page" in notes
    assert notes.endswith(f'<a href="{BASE}/episodes/2026-09-19/transcript.html">full transcript</a></p>')
    assert "<![CDATA[" in (tmp_path / "feed.xml").read_text()  # HTML in CDATA, as Apple asks
    # The page keeps every change.
    page = (tmp_path / "episodes/2026-09-19/index.html").read_text()
    assert all(f"/pull/{10000 + n}" in page for n in range(200))


def test_copyright_line(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path / "a")
    assert _feed(tmp_path / "a").findtext("channel/copyright") == "© 2026 commitcast"
    publish_site(make_show(copyright="© 2026 The PyTorch Foundation"), week, tmp_path / "b")
    assert _feed(tmp_path / "b").findtext("channel/copyright") == "© 2026 The PyTorch Foundation"
    publish_site(make_show(), [], tmp_path / "c")  # a show with nothing out yet still has a feed
    assert _feed(tmp_path / "c").findtext("channel/copyright") == "© commitcast"


def test_apps_read_the_episode_numbers_and_titles(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path)
    data = (tmp_path / "feed.xml").read_bytes()
    parsed = feedparser.parse(data)
    newest = parsed.entries[0]
    assert newest.itunes_episode == str(len(week)) and newest.itunes_episodetype == "full"
    assert newest.itunes_title == "Day 19 of Faster Tests" and newest.image.href == f"{BASE}/artwork.png"
    assert parsed.feed.rights == "© 2026 commitcast"
    episodes = podcastparser.parse(f"{BASE}/feed.xml", io.BytesIO(data))["episodes"]
    assert sorted(e["number"] for e in episodes) == list(range(1, len(week) + 1))
    assert {e["guid"]: e["number"] for e in episodes}["commitcast:pytorch:2026-09-19"] == len(week)
