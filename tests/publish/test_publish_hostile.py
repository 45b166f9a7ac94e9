"""Hostile commit text stays text: escaped in HTML and XML, and the feed stays well-formed."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import feedparser
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree, html

from commitcast.publish import publish_site
from commitcast.publish.text import clean

HOSTILE = [
    "<script>alert('x')</script>",
    "]]><evil/>",
    "Tom & Jerry &amp; &lt;b&gt; \"quoted\" 'single'",
    "\x00nul \x1b[31mred\x1b[0m \ufffe\uffff \x08back",
    "</script><script>alert(1)</script>",
    "<!-- comment --> <![CDATA[ x ]]> {{ jinja }} {% raw %}",
    "\ud800 lone surrogate",
]


def _norm(text: str) -> str:
    return " ".join(clean(text).split())


def _check_site(site: Path, title: str, summary: str, sentence: str, headline: str, change: str) -> None:
    feed_bytes = (site / "feed.xml").read_bytes()
    root = etree.fromstring(feed_bytes)  # well-formed, or this raises
    item = root.find("channel/item")
    assert _norm(item.findtext("title")) == (_norm(title) or "2026-09-19")
    description = item.findtext("description")
    # The description is HTML carried as text: parse it and find the strings as text again.
    notes = html.fromstring(f"<div>{description}</div>")
    notes_text = " ".join(notes.text_content().split())
    for text in (summary, headline, change):
        assert _norm(text) in notes_text
    assert not notes.xpath("//script") and not notes.xpath("//evil")
    assert not feedparser.parse(feed_bytes).bozo

    page = html.fromstring((site / "episodes/2026-09-19/index.html").read_bytes())
    # Only our own three scripts: the JSON-LD block, the player's and the copy buttons'.
    scripts = page.xpath("//script")
    assert len(scripts) == 3 and not page.xpath("//evil")
    assert scripts[0].get("type") == "application/ld+json"
    data = json.loads(scripts[0].text)
    assert _norm(data["name"]) == (_norm(title) or "2026-09-19")
    text = " ".join(page.text_content().split())
    for piece in (title, summary, headline, change):
        assert _norm(piece) in text

    transcript = html.fromstring((site / "episodes/2026-09-19/transcript.html").read_bytes())
    assert len(transcript.xpath("//script")) == 1
    assert _norm(sentence) in " ".join(transcript.text_content().split())
    index = html.fromstring((site / "index.html").read_bytes())
    assert len(index.xpath("//script")) == 2
    # The share box's embed snippet is text in a textarea, and the embed page is text too.
    (snippet,) = page.xpath('//textarea[@id="embed-code"]')
    assert snippet.text.startswith("<iframe ") and not page.xpath("//iframe")
    embed = html.fromstring((site / "episodes/2026-09-19/embed.html").read_bytes())
    assert not embed.xpath("//script") and not embed.xpath("//evil")
    assert _norm(embed.findtext(".//title")) == (_norm(title) or "2026-09-19")


def _publish(factory, make_show, site: Path, title: str, summary: str, sentence: str, headline: str, change: str) -> None:
    episode = factory(19, title=title, summary=summary, sentence=sentence, headline=headline, change_title=change, person=change)
    publish_site(make_show(), [episode], site)


def test_known_hostile_strings(tmp_path: Path, episode_factory, make_show) -> None:
    for n, text in enumerate(HOSTILE):
        site = tmp_path / f"site{n}"
        _publish(episode_factory, make_show, site, text, text, text, text, text)
        _check_site(site, text, text, text, text, text)
        raw = b"".join(p.read_bytes() for p in site.rglob("*.html")) + (site / "feed.xml").read_bytes()
        assert b"<script>alert" not in raw and b"<evil" not in raw and b"\x00" not in raw and b"\x1b" not in raw


_text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]) | st.sampled_from("<>&\"']\x00\x1b\ufffe"), max_size=60)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(title=_text, summary=_text, sentence=_text, headline=_text, change=_text)
def test_arbitrary_text_stays_escaped(episode_factory, make_show, title, summary, sentence, headline, change) -> None:
    site = Path(tempfile.mkdtemp(prefix="commitcast-hostile-"))
    try:
        _publish(episode_factory, make_show, site, title, summary, sentence, headline, change)
        _check_site(site, title, summary, sentence, headline, change)
    finally:
        shutil.rmtree(site)


def test_a_hostile_spotlight_from_the_forge_stays_text(tmp_path: Path, episode_factory, make_show) -> None:
    from dataclasses import replace

    from commitcast.model import Spotlight

    text = HOSTILE[0]
    pick = Spotlight(pr=301, sha="a" * 40, title=text, author=HOSTILE[4], url="javascript:alert(1)",
                     reviewers=[HOSTILE[1]], comments=4)  # fmt: skip
    episode = replace(episode_factory(19), spotlight=pick)
    publish_site(make_show(), [episode], tmp_path / "site")
    page = (tmp_path / "site" / "episodes/2026-09-19/index.html").read_bytes()
    feed = (tmp_path / "site" / "feed.xml").read_bytes()
    for raw in (page, feed):
        assert b"<script>alert" not in raw and b"<evil" not in raw and b"javascript:" not in raw
    notes = html.fromstring(page).text_content()
    assert "Pull request spotlight" in notes and _norm(text) in " ".join(notes.split())


def test_only_records_with_what_xml_cannot_carry_are_rebuilt(episode_factory) -> None:
    from dataclasses import replace

    from commitcast.model import Episode
    from commitcast.publish.entries import publishable
    from commitcast.publish.text import clean_tree

    base = episode_factory(19)
    controls = [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), *range(0x7F, 0x85), *range(0x86, 0xA0)]
    forbidden = [chr(c) for c in controls] + ["\ufffe", "\uffff", "\ud800"]
    kept = ["\t", "\n", "\r", "\x85", "é", "—", "’", "©", "😀", '"quoted"']
    for char in forbidden + kept + ["\\b and \\u0001 typed out"]:
        episode = replace(base, title=f"a{char}b", stories=[replace(base.stories[0], headline=f"c{char}d")])
        got, record = publishable(episode)
        want = Episode.from_dict(clean_tree(episode.to_dict()))
        assert got == want and record == replace(want, media_dir=None).to_json(), repr(char)
        if char in kept:
            assert got is episode, repr(char)  # clean already: not rebuilt string by string
