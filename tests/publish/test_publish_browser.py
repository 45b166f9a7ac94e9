"""An episode page rendered by headless Chromium: player, chapters, excerpt, nearby links.

Screenshots (phone and desktop widths) go to test-artifacts/ for a human to look at.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from lxml import html
from patience import patience

from commitcast.publish import make_server, publish_site

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]


def _chromium(tmp_path: Path, *args: str) -> str:
    profile = tmp_path / "chromium-profile"
    assert CHROMIUM is not None
    command = [
        CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
        "--hide-scrollbars", "--mute-audio", *args,
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=patience(120), check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.fixture
def url(tmp_path: Path, make_show, week) -> Iterator[str]:
    site = tmp_path / "site"
    publish_site(make_show(base_url=""), week, site)
    server = make_server(site, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_episode_page_renders_in_chromium(tmp_path: Path, url: str, week) -> None:
    page = f"{url}/episodes/2026-09-17/index.html"
    dom = html.fromstring(_chromium(tmp_path, "--virtual-time-budget=3000", "--dump-dom", page))
    player = dom.get_element_by_id("player")
    assert player.tag == "audio" and player.get("src") == "episode.mp3" and player.get("controls") is not None
    episode = next(e for e in week if e.slug == "2026-09-17")
    chapters = dom.xpath('//section[@class="chapters"]//a[@data-t]')
    assert len(chapters) == len(episode.audio.chapters)
    excerpt = dom.xpath('//section[@class="excerpt"]/p')
    assert excerpt[0].text_content().startswith(episode.script.sections[0].sentences[0].text)
    assert excerpt[-1].xpath(".//a/@href")[0] == "transcript.html"
    nearby = dom.xpath('//nav[@class="nearby"]//a/@href')
    assert "../../episodes/2026-09-16/index.html" in nearby and "../../episodes/2026-09-18/index.html" in nearby

    # The inline script seeks the player to a sentence anchor and highlights that sentence.
    transcript = f"{url}/episodes/2026-09-17/transcript.html"
    for fragment, expected in (("#s1-2", "s1-2"), ("#t=3.1", "s2-2")):
        dom = html.fromstring(_chromium(tmp_path, "--virtual-time-budget=5000", "--dump-dom", transcript + fragment))
        assert [el.get("id") for el in dom.xpath('//span[contains(@class, "now")]')] == [expected]

    ARTIFACTS.mkdir(exist_ok=True)
    for name, size in (("episode-page-phone.png", "412,2200"), ("episode-page-desktop.png", "1280,1800")):
        _chromium(tmp_path, f"--window-size={size}", f"--screenshot={ARTIFACTS / name}", page)
        assert (ARTIFACTS / name).stat().st_size > 10_000
    _chromium(tmp_path, "--window-size=1280,1400", f"--screenshot={ARTIFACTS / 'show-page.png'}", f"{url}/index.html")
    _chromium(tmp_path, "--window-size=412,1400", f"--screenshot={ARTIFACTS / 'transcript-page.png'}", transcript)
