"""The site as files: idempotent re-runs, atomic writes, records, artwork, pages' content."""

from __future__ import annotations

import json
from pathlib import Path

import feedparser
import pytest
from lxml import html
from PIL import Image
from typer.testing import CliRunner

from commitcast.cli import app
from commitcast.errors import StageError, UserError
from commitcast.publish import fsio, lint_feed, load_site, publish_site
from commitcast.storykinds import StoryKind


def _snapshot(site: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(site)): (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(site.rglob("*")) if p.is_file()}


def test_republishing_nothing_new_rewrites_nothing(tmp_path: Path, make_show, week) -> None:
    first = publish_site(make_show(), week, tmp_path)
    assert "feed.xml" in first.written and first.unchanged == 0
    before = _snapshot(tmp_path)
    again = publish_site(make_show(), list(reversed(week)), tmp_path)  # input order must not matter
    assert again.written == [] and again.removed == []
    # Every file left alone, the search index too: the ledger shows nothing they are made from changed.
    assert again.unchanged == len(first.written)
    assert _snapshot(tmp_path) == before  # same bytes and untouched mtimes


def test_a_new_episode_rewrites_only_what_mentions_it(tmp_path: Path, make_show, week, episode_factory) -> None:
    publish_site(make_show(), week, tmp_path)
    result = publish_site(make_show(), week + [episode_factory(20)], tmp_path)
    written = set(result.written)
    assert {"feed.xml", "index.html", "episodes.json", "episodes/2026-09-20/index.html"} <= written
    assert "episodes/2026-09-19/index.html" in written  # its nearby list gained the new day
    assert "episodes/2026-09-14/index.html" not in written  # too far away to list it
    assert "artwork.png" not in written and "episodes/2026-09-14/episode.mp3" not in written


def test_a_crash_before_the_feed_leaves_the_previous_site_valid(
    tmp_path: Path, make_show, week, episode_factory, crash_writing
) -> None:
    publish_site(make_show(), week, tmp_path)
    old_feed = (tmp_path / "feed.xml").read_bytes()
    crash_writing("feed.xml")
    with pytest.raises(OSError, match="disk full"):
        publish_site(make_show(), week + [episode_factory(20)], tmp_path)
    assert (tmp_path / "feed.xml").read_bytes() == old_feed
    assert not list(tmp_path.rglob(".*.tmp"))  # the temp file went with the failed write
    assert [p for p in lint_feed(old_feed, site_dir=tmp_path) if p.level == "error"] == []


def test_a_file_is_never_seen_half_written(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "page.html"
    fsio.write_bytes(target, b"old")

    def fail(src, dst):
        assert Path(dst).read_bytes() == b"old"  # the new bytes are only in the temp file
        assert Path(src).read_bytes() == b"new content"
        raise OSError("crash")

    monkeypatch.setattr(fsio.os, "replace", fail)
    with pytest.raises(OSError):
        fsio.write_bytes(target, b"new content")
    assert target.read_bytes() == b"old"
    assert oct(target.stat().st_mode & 0o777) == oct(0o644)


def test_records_rebuild_the_site_byte_for_byte(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path)
    before = _snapshot(tmp_path)
    show, episodes = load_site(tmp_path)
    # The record is the public form: the forge page, not the repository's local path.
    assert show == make_show(repo="https://github.com/pytorch/pytorch")
    assert sorted(e.slug for e in episodes) == sorted(e.slug for e in week)
    assert publish_site(show, episodes, tmp_path).written == []
    cli = CliRunner().invoke(app, ["publish", str(tmp_path)])
    assert cli.exit_code == 0, cli.output
    assert "0 files written" in cli.output
    assert _snapshot(tmp_path) == before


def test_cli_publish_adds_an_episode_record(tmp_path: Path, make_show, week, episode_factory) -> None:
    publish_site(make_show(), week, tmp_path / "site")
    record = tmp_path / "new.json"
    record.write_bytes(episode_factory(20).to_json())
    cli = CliRunner().invoke(app, ["publish", str(tmp_path / "site"), "--episode", str(record)])
    assert cli.exit_code == 0, cli.output
    assert "2026-09-20" in (tmp_path / "site" / "feed.xml").read_text()


def test_episodes_json_is_the_catalogue(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path)
    data = json.loads((tmp_path / "episodes.json").read_text())
    assert data["show"]["feed"] == "https://example.org/pod/feed.xml"
    slugs = [e["slug"] for e in data["episodes"]]
    newest_first = [e.slug for e in sorted(week, key=lambda e: e.published_at, reverse=True)]
    assert slugs == newest_first
    first = data["episodes"][0]
    assert first["guid"] == f"commitcast:pytorch:{first['slug']}"
    assert first["files"]["episode_mp3"].endswith(f"/episodes/{first['slug']}/episode.mp3")
    assert first["duration_iso"] == "PT5S"
    assert (first["number"], first["about"]) == (len(week), "2026-09-19")


def test_generated_artwork_is_a_valid_cover(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week[:1], tmp_path)
    with Image.open(tmp_path / "artwork.png") as image:
        assert image.format == "PNG" and image.mode == "RGB"
        assert image.size[0] == image.size[1] and 1400 <= image.size[0] <= 3000
        # Good contrast: the cover has both very dark and very light pixels.
        low, high = image.convert("L").getextrema()  # one band's (least, most)
        assert isinstance(low, int) and isinstance(high, int) and low < 40 and high > 220
    assert (tmp_path / "artwork.png").stat().st_size < 512 * 1024


def test_configured_artwork_is_checked_and_copied(tmp_path: Path, make_show, week) -> None:
    small = tmp_path / "small.png"
    Image.new("RGB", (600, 600), "navy").save(small)
    with pytest.raises(UserError, match="outside 1400-3000"):
        publish_site(make_show(artwork=str(small)), week[:1], tmp_path / "a")
    good = tmp_path / "cover.jpg"
    Image.new("RGB", (1500, 1500), "navy").save(good)
    publish_site(make_show(artwork=str(good)), week[:1], tmp_path / "b")
    assert (tmp_path / "b" / "artwork.jpg").read_bytes() == good.read_bytes()
    assert 'href="https://example.org/pod/artwork.jpg"' in (tmp_path / "b" / "feed.xml").read_text()


@pytest.mark.parametrize("slug", ["../../etc", "2026-09-19/../../x", "latest", "2026-09-19 evil", ""])
def test_slugs_must_be_date_slugs(tmp_path: Path, make_show, episode_factory, slug: str) -> None:
    from dataclasses import replace

    episode = replace(episode_factory(19), slug=slug)
    with pytest.raises(UserError, match="slug"):
        publish_site(make_show(), [episode], tmp_path / "site")
    assert not (tmp_path / "site").exists()


def test_show_slug_is_sanitised_into_the_guid(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(slug="../My Show!!"), week[:1], tmp_path)
    assert "<guid isPermaLink=\"false\">commitcast:my-show:2026-09-14</guid>" in (tmp_path / "feed.xml").read_text()


def test_missing_media_is_a_user_error_before_any_write(tmp_path: Path, make_show, week) -> None:
    (Path(week[2].media_dir) / "episode.mp3").unlink()
    with pytest.raises(UserError, match="no episode.mp3"):
        publish_site(make_show(), week, tmp_path / "site")
    assert not (tmp_path / "site").exists()


def test_episode_page(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path)
    page = (tmp_path / "episodes/2026-09-17/index.html").read_text()
    doc = html.fromstring(page)
    text = " ".join(doc.text_content().split())
    episode = next(e for e in week if e.slug == "2026-09-17")
    assert doc.findtext(".//h1") == episode.title
    assert episode.summary in text
    assert "This episode is a short developer briefing" not in text  # no filler: facts
    assert "Show: PyTorch" in text and "Told: 2 stories" in text
    # The day it tells, when it came out and how long it is, in words, with machine forms beside.
    assert "Episode 5, about Thursday 17 September 2026" in text  # after three dailies and a recap
    assert "Published: Friday 18 September 2026, 13:00 UTC" in text
    assert "Length: 5 s" in text
    times = {t.text_content(): t.get("datetime") for t in doc.xpath("//time")}
    assert times["Friday 18 September 2026, 13:00 UTC"] == "2026-09-18T13:00:04Z"
    assert times["5 s"] == "PT5S" and times["Thursday 17 September 2026"] == "2026-09-17"
    audio = doc.get_element_by_id("player")
    assert audio.tag == "audio" and audio.get("src") == "episode.mp3"
    chapters = doc.xpath('//section[@class="chapters"]//a[@data-t]')
    assert [(a.get("href"), a.get("data-t")) for a in chapters][:2] == [("#t=0", "0"), ("#t=1.25", "1.25")]
    assert [a.text_content().split(None, 1)[1] for a in chapters] == [c.title for c in episode.audio.chapters]
    # Every story's PRs and commits are linked in the show notes.
    notes = doc.xpath('//section[@class="notes"]//a/@href')
    cited = [ref.url for story in episode.stories for ref in story.changes] + [r.url for r in episode.quick_hits]
    assert notes == cited
    nearby = doc.xpath('//nav[@class="nearby"]//a/@href')
    assert len(nearby) == 6  # all the other episodes of the week, within four either side
    assert "../2026-W37-recap/index.html" not in nearby  # links are root-relative
    assert "../../episodes/2026-W37-recap/index.html" in nearby
    assert doc.xpath('//link[@rel="canonical"]/@href') == ["https://example.org/pod/episodes/2026-09-17/"]


def test_excerpt_is_cut_at_a_sentence_with_a_link_onwards(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path)
    doc = html.fromstring((tmp_path / "episodes/2026-09-19/index.html").read_bytes())
    paragraphs = doc.xpath('//section[@class="excerpt"]/p')
    words = " ".join(p.text_content() for p in paragraphs[:-1]).split()
    assert words[-1] == "…" and words[-2].endswith(".")
    assert 120 <= len(words) - 1 <= 180
    assert paragraphs[-1].xpath(".//a/@href")[0] == "transcript.html"


def test_transcript_page_anchors_every_sentence_with_its_time(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path)
    episode = week[0]
    doc = html.fromstring((tmp_path / f"episodes/{episode.slug}/transcript.html").read_bytes())
    lines = doc.xpath('//span[@class="line"]')
    assert len(lines) == len(episode.audio.sentences)
    for line, timing in zip(lines, episode.audio.sentences, strict=True):
        assert line.get("id") == f"s{timing.section}-{timing.index}"
        assert float(line.get("data-start")) == timing.start
        link = line.find("a")
        assert link.get("href") == f"#{line.get('id')}" and float(link.get("data-t")) == timing.start
        assert timing.text in line.text_content()
    assert doc.get_element_by_id("player").get("src") == "episode.mp3"


def test_json_ld_describes_the_episode(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path)
    doc = html.fromstring((tmp_path / "episodes/2026-09-19/index.html").read_bytes())
    (block,) = doc.xpath('//script[@type="application/ld+json"]')
    data = json.loads(block.text)
    assert data["@type"] == "PodcastEpisode"
    assert data["name"] == "PyTorch: Day 19 of Faster Tests"
    assert data["datePublished"] == "2026-09-20T13:00:04Z"
    assert data["duration"] == "PT5S"
    assert data["associatedMedia"]["contentUrl"] == "https://example.org/pod/episodes/2026-09-19/episode.mp3"
    assert data["@id"] == "https://example.org/pod/episodes/2026-09-19/#episode"
    assert data["image"] == "https://example.org/pod/artwork.png"
    assert data["temporalCoverage"] == "2026-09-19"
    assert data["partOfSeries"] == {
        "@type": "PodcastSeries",
        "@id": "https://example.org/pod/#podcast",
        "name": "PyTorch",
        "description": "Daily developer briefing on PyTorch.",
        "url": "https://example.org/pod/",
        "webFeed": "https://example.org/pod/feed.xml",
        "image": "https://example.org/pod/artwork.png",
    }
    meta = {m.get("property") or m.get("name"): m.get("content") for m in doc.xpath("//meta")}
    assert meta["og:url"] == "https://example.org/pod/episodes/2026-09-19/"
    assert meta["twitter:card"] == "summary" and meta["twitter:image"] == "https://example.org/pod/artwork.png"
    assert meta["twitter:title"] == data["name"]
    show_page = html.fromstring((tmp_path / "index.html").read_bytes())
    (series,) = [json.loads(s.text) for s in show_page.xpath('//script[@type="application/ld+json"]')]
    assert series["@id"] == data["partOfSeries"]["@id"] and series["image"] == data["image"]
    # schema.org has a transcript on the AudioObject, not on the PodcastEpisode.
    assert "transcript" not in data
    assert data["associatedMedia"]["transcript"].startswith(week[-2].script.sections[0].sentences[0].text)


def test_show_page(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week, tmp_path)
    doc = html.fromstring((tmp_path / "index.html").read_bytes())
    assert doc.xpath('//img[@class="cover"]/@src') == ["artwork.png"]
    subscribe = doc.get_element_by_id("subscribe")
    assert "https://example.org/pod/feed.xml" in subscribe.xpath('.//a[@class="app"]/@href')
    latest = doc.xpath('//ul[@class="episodes"]/li/a/@href')
    assert latest[0] == "episodes/2026-09-19/index.html" and len(latest) == len(week)
    recaps = doc.xpath('//h2[text()="Weekly recaps"]/following-sibling::ul[1]//a/@href')
    assert recaps == ["episodes/2026-W37-recap/index.html"]


@pytest.mark.parametrize("damage", ["{}", "not json at all", None], ids=["empty-object", "garbage", "deleted"])
def test_an_unreadable_record_is_repaired_from_the_episodes_own_files(tmp_path: Path, make_show, week, damage) -> None:
    from commitcast.publish.records import read_site

    publish_site(make_show(), week, tmp_path)
    items = feedparser.parse((tmp_path / "feed.xml").read_bytes()).entries
    record = tmp_path / "episodes" / "2026-09-16" / "episode.json"
    record.unlink() if damage is None else record.write_text(damage)

    site = read_site(tmp_path)
    assert site.lost == [] and len(site.repaired) == 1 and "episodes/2026-09-16/episode.json" in site.repaired[0]
    (repaired,) = [e for e in site.episodes if e.slug == "2026-09-16"]
    (original,) = [e for e in week if e.slug == "2026-09-16"]
    assert (repaired.title, repaired.summary, repaired.kind) == (original.title, original.summary, original.kind)
    assert repaired.published_at == original.published_at and repaired.show == "pytorch"
    assert repaired.audio is not None and original.audio is not None
    assert abs(repaired.audio.duration - original.audio.duration) < 0.1  # counted from the MP3's frames
    assert [(c.title, c.start) for c in repaired.audio.chapters] == [(c.title, c.start) for c in original.audio.chapters]
    assert [s.text for s in repaired.script.sentences] == [s.text for s in original.script.sentences]
    assert [(t.section, t.index, t.start) for t in repaired.audio.sentences] == [
        (t.section, t.index, t.start) for t in original.audio.sentences
    ]

    # Published again, the feed keeps every item and the record is whole again.
    assert site.show is not None
    publish_site(site.show, site.episodes, tmp_path)
    again = feedparser.parse((tmp_path / "feed.xml").read_bytes()).entries
    assert [(e.id, e.title, e.published) for e in again] == [(e.id, e.title, e.published) for e in items]
    assert read_site(tmp_path).repaired == []


def test_a_record_without_its_audio_cannot_be_repaired(tmp_path: Path, make_show, week) -> None:
    from commitcast.publish.records import read_site

    publish_site(make_show(), week, tmp_path)
    folder = tmp_path / "episodes" / "2026-09-16"
    (folder / "episode.json").write_text("{}")
    (folder / "episode.mp3").write_bytes(b"no longer an MP3")
    site = read_site(tmp_path)
    assert len(site.episodes) == len(week) - 1
    assert site.lost and "episodes/2026-09-16/episode.json" in site.lost[0] and "no MPEG audio" in site.lost[0]
    feed = (tmp_path / "feed.xml").read_bytes()
    cli = CliRunner().invoke(app, ["publish", str(tmp_path)])
    assert isinstance(cli.exception, StageError) and "left as it was published" in str(cli.exception)
    assert (tmp_path / "feed.xml").read_bytes() == feed


def test_a_garbage_show_record_still_gives_every_episode(tmp_path: Path, make_show, week) -> None:
    from commitcast.publish.records import read_site

    publish_site(make_show(), week, tmp_path)
    (tmp_path / "show.json").write_text("garbage")
    site = read_site(tmp_path, show=make_show())
    assert site.show is None and "show.json cannot be read" in (site.show_problem or "")
    assert sorted(e.slug for e in site.episodes) == sorted(e.slug for e in week) and site.repaired == []


def test_search_index_follows_the_pages(tmp_path: Path, make_show, week, episode_factory) -> None:
    def index() -> set[str]:
        return {p.relative_to(tmp_path).as_posix() for p in (tmp_path / "pagefind").rglob("*") if p.is_file()}

    def search_page() -> html.HtmlElement:
        return html.fromstring((tmp_path / "search.html").read_bytes())

    first = publish_site(make_show(), week, tmp_path)
    september = index()
    # One Pagefind bundle a month; the newest carries Pagefind's scripts for the search page.
    assert {"pagefind/2026-09/pagefind.js", "pagefind/2026-09/pagefind-ui.js", "pagefind/2026-09/pagefind-ui.css"} <= september
    assert any(p.startswith("pagefind/2026-09/fragment/") for p in september) and first.removed == []
    assert search_page().xpath("//script/@src") == ["pagefind/2026-09/pagefind-ui.js"]
    assert "mergeIndex: [].map" in (tmp_path / "search.html").read_text()  # nothing to merge
    # October's first day: its month is indexed on its own and becomes the primary bundle;
    # September's index stays as it was, without the scripts it no longer serves.
    october = episode_factory(1, month=10)
    second = publish_site(make_show(), [*week, october], tmp_path)
    now = index()
    assert set(second.removed) == {p for p in september if not p.startswith(("pagefind/2026-09/index/", "pagefind/2026-09/fragment/")) and not p.endswith((".pf_meta", "pagefind-entry.json"))}
    assert {p for p in now if p.startswith("pagefind/2026-09/")} == september - set(second.removed)
    assert "pagefind/2026-10/pagefind-ui.js" in now and now - september <= set(second.written)
    assert search_page().xpath("//script/@src") == ["pagefind/2026-10/pagefind-ui.js"]
    assert 'mergeIndex: ["pagefind/2026-09/"].map' in (tmp_path / "search.html").read_text()
    # A new October day re-indexes October alone.
    days = [*week, october, episode_factory(2, month=10)]
    third = publish_site(make_show(), days, tmp_path)
    changed = [p for p in third.written + third.removed if p.startswith("pagefind/")]
    assert changed and all(p.startswith("pagefind/2026-10/") for p in changed)
    # A page changed by hand is put back; what it says is already indexed.
    page = tmp_path / "episodes/2026-09-14/transcript.html"
    page.write_text("defaced")
    fourth = publish_site(make_show(), days, tmp_path)
    assert fourth.written == ["episodes/2026-09-14/transcript.html"] and "defaced" not in page.read_text()
    # October gone again: its bundle goes, and September serves the search page once more.
    fifth = publish_site(make_show(), week, tmp_path)
    assert not [p for p in index() if p.startswith("pagefind/2026-10/")] and not (tmp_path / "pagefind/2026-10").exists()
    assert {p for p in fifth.removed if p.startswith("pagefind/2026-10/")} and "pagefind/2026-09/pagefind-ui.js" in index()
    assert search_page().xpath("//script/@src") == ["pagefind/2026-09/pagefind-ui.js"]
    # One page an episode is indexed, its transcript (with its show notes): one result an episode.
    assert html.fromstring((tmp_path / "index.html").read_bytes()).xpath("//*[@data-pagefind-body]") == []
    episode_page = html.fromstring((tmp_path / "episodes/2026-09-19/index.html").read_bytes())
    assert episode_page.xpath("//*[@data-pagefind-body]") == []
    transcript = html.fromstring((tmp_path / "episodes/2026-09-19/transcript.html").read_bytes())
    (body,) = transcript.xpath("//article[@data-pagefind-body]")
    assert body.xpath('.//section[@class="notes"]')


def test_nothing_to_search_without_episodes(tmp_path: Path, make_show) -> None:
    publish_site(make_show(), [], tmp_path)
    assert "nothing to search yet" in (tmp_path / "search.html").read_text()
    assert not (tmp_path / "pagefind").exists()


def test_favicon_and_home_screen_icon(tmp_path: Path, make_show, week) -> None:
    publish_site(make_show(), week[:1], tmp_path)
    with Image.open(tmp_path / "favicon.ico") as icon:
        assert icon.format == "ICO" and icon.info["sizes"] == {(16, 16), (32, 32), (48, 48)}
    with Image.open(tmp_path / "apple-touch-icon.png") as icon:
        assert icon.size == (180, 180)
    for page in ("index.html", "search.html", "episodes/2026-09-14/index.html"):
        doc = html.fromstring((tmp_path / page).read_bytes())
        (href,) = doc.xpath('//link[@rel="icon"]/@href')
        assert (tmp_path / page).parent.joinpath(href).resolve() == (tmp_path / "favicon.ico").resolve()


def test_subscribe_links_need_an_absolute_feed(tmp_path: Path, make_show, week) -> None:
    from commitcast.publish.subscribe import subscribe_links

    links = {link.app: link.href for link in subscribe_links("https://example.org/pod/feed.xml", "Py & Torch")}
    assert links["Apple Podcasts"] == "podcast://example.org/pod/feed.xml"
    assert links["Pocket Casts"] == "pktc://subscribe/example.org/pod/feed.xml"
    assert links["AntennaPod"] == (
        "https://antennapod.org/deeplink/subscribe?url=https%3A%2F%2Fexample.org%2Fpod%2Ffeed.xml&title=Py+%26+Torch"
    )
    publish_site(make_show(base_url=""), week[:1], tmp_path)
    doc = html.fromstring((tmp_path / "index.html").read_bytes())
    assert doc.xpath('//section[@id="subscribe"]//a/@href') == ["feed.xml"]  # no app can take a relative feed
    assert not html.fromstring((tmp_path / "episodes/2026-09-14/index.html").read_bytes()).xpath('//section[@class="share"]')


def test_a_release_story_is_labelled_a_release_in_the_notes(episode_factory) -> None:
    """A release that is not the day's headline was listed as "Also" on its page."""
    from dataclasses import replace

    from commitcast.model import Release, Story
    from commitcast.publish.pages import notes_of

    episode = episode_factory(14)
    release = Story(id="r1", role="other", headline="Vue 3.4.1 is out", people=[], areas=[], changes=[],
                    kind=StoryKind.RELEASE, releases=[Release("3.4.1", "a" * 40)])
    notes = notes_of(replace(episode, stories=[*episode.stories, release]))
    assert notes["stories"][-1]["role"] == "Release"
    assert [s["role"] for s in notes["stories"][:-1]] == [s["role"] for s in notes_of(episode)["stories"]]


def test_the_notes_name_each_term_explained_and_where_its_explanation_came_from(tmp_path: Path, make_show, episode_factory) -> None:
    """A term the host explains is listed in the show notes with its source (the repository's docs,
    the show's glossary or commitcast's), and escaped like every other text from the data."""
    from dataclasses import replace

    from commitcast.model import Term

    terms = [Term("DTensor", "a tensor <b>split</b> across devices", "docs/dtensor.md"),
             Term("FSDP", "Fully Sharded Data Parallel", "commitcast's glossary")]  # fmt: skip
    episode = replace(episode_factory(14), terms=terms)
    publish_site(make_show(), [episode], tmp_path)
    doc = html.fromstring((tmp_path / f"episodes/{episode.slug}/index.html").read_bytes())
    items = [" ".join(li.text_content().split()) for li in doc.xpath('//h3[.="Terms explained"]/following-sibling::ul[1]/li')]
    assert items == ["DTensor: a tensor <b>split</b> across devices (from docs/dtensor.md)",
                     "FSDP: Fully Sharded Data Parallel (from commitcast's glossary)"]  # fmt: skip
