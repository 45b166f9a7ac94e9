"""The site as people use it, in headless Chromium at phone and desktop widths: search finds
an episode by a word of its transcript, the subscribe links hand the feed to podcast apps,
and the share box copies. Chromium is driven over the DevTools protocol on a pipe, so a
test can type, click and measure, not only read the finished DOM.

Screenshots go to test-artifacts/ for a human to look at.
"""

from __future__ import annotations

import base64
import http.server
import json
import os
import select
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from patience import patience

from commitcast.model import Sentence
from commitcast.publish import make_server, publish_site
from commitcast.publish.subscribe import subscribe_links

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
WIDTHS = {"phone": (412, 915, True), "desktop": (1280, 900, False)}
WORD = "zanzibarite"  # said once, near the end of one episode: beyond its page's excerpt
EXCERPT_WORD = "marmalade"  # said once, first thing in one episode: on its page and in its transcript
OLD_WORD = "quillwort"  # said once, in the one August episode: its month's index is merged into September's

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]


class Chromium:
    """Headless Chromium spoken to over ``--remote-debugging-pipe`` (fds 3 and 4): one page."""

    def __init__(self, profile: Path) -> None:
        to_read, self._to = os.pipe()  # Chromium reads commands on fd 3 ...
        self._from, from_write = os.pipe()  # ... and writes replies on fd 4
        command = [
            "sh", "-c", 'exec "$@" 3<&0 4>&1 0</dev/null 1>/dev/null', "sh",
            str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--mute-audio", "--hide-scrollbars",
            f"--user-data-dir={profile}", "--remote-debugging-pipe",
        ]  # fmt: skip
        self.process = subprocess.Popen(command, stdin=to_read, stdout=from_write, stderr=subprocess.DEVNULL)
        os.close(to_read)
        os.close(from_write)
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._from], [], [], max(deadline - time.monotonic(), 0))
            if not ready:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self._from, 1 << 20)
            if not chunk:
                raise EOFError("Chromium closed the pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method: str, *, session: bool = False, timeout: float = 30, **params: Any) -> dict[str, Any]:
        """Send one DevTools command and return its result (events meanwhile are kept)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._to, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + patience(timeout)
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next:
                if "error" in reply and _NAVIGATING in reply["error"].get("message", ""):
                    raise Navigating(reply["error"]["message"])
                assert "error" not in reply, reply["error"]
                return reply["result"]
            self.events.append(reply)

    def size(self, width: int, height: int, mobile: bool) -> None:
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=mobile)  # fmt: skip

    def goto(self, url: str) -> None:
        self.events.clear()
        self.call("Page.navigate", session=True, url=url)
        self.wait("document.readyState === 'complete' && location.href !== 'about:blank'")

    def js(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", session=True, expression=expression, awaitPromise=True,
                           returnByValue=True)  # fmt: skip
        assert "exceptionDetails" not in result, result["exceptionDetails"]
        return result["result"].get("value")

    def wait(self, expression: str, timeout: float = 20) -> Any:
        """The value of ``expression`` once it is truthy."""
        deadline = time.monotonic() + patience(timeout)
        while True:
            try:
                value = self.js(expression)
            except Navigating:  # asked while the page was being replaced (a submit, a click): ask again
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"still false after {timeout} s: {expression}")
            time.sleep(0.1)

    def type(self, selector: str, text: str) -> None:
        self.js(f"document.querySelector({json.dumps(selector)}).focus()")
        self.call("Input.insertText", session=True, text=text)

    def screenshot(self, path: Path) -> None:
        data = self.call("Page.captureScreenshot", session=True, format="png", captureBeyondViewport=True)["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=10)
        except (EOFError, TimeoutError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to)
        os.close(self._from)


# What DevTools answers when the page an evaluation ran in was navigated away mid-call.
_NAVIGATING = "navigated or closed"


class Navigating(Exception):
    """The page was replaced while a command ran in it."""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory, mp3_bytes) -> Iterator[tuple[str, Path]]:
    """The week's site on a plain static file server (the standard library's), as any host
    would serve it, with absolute URLs for its address."""
    sys.path.insert(0, str(Path(__file__).parent))
    from conftest import build_show, make_episode

    root = tmp_path_factory.mktemp("static-host")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(root / "site")))
    base = f"http://127.0.0.1:{server.server_address[1]}"
    week = [make_episode(root / "media", mp3_bytes, d) for d in range(14, 20)]
    august = make_episode(root / "media", mp3_bytes, 31, month=8)

    def saying(episode, word):
        # The last sentence says a word no other episode says, far past the page's excerpt.
        last = episode.script.sections[-1]
        sentences = [*last.sentences[:-1], Sentence(text=f"One last thing: the {word} fix landed too.")]
        return replace(episode, script=replace(episode.script, sections=[*episode.script.sections[:-1], replace(last, sentences=sentences)]))

    week[4] = saying(week[4], WORD)
    first = week[1].script.sections[0]
    opening = [Sentence(text=f"Good morning, the {EXCERPT_WORD} release is out."), *first.sentences[1:]]
    week[1] = replace(week[1], script=replace(week[1].script, sections=[replace(first, sentences=opening), *week[1].script.sections[1:]]))
    (root / "site").mkdir()
    recap = make_episode(root / "media", mp3_bytes, 38, kind="recap", title="PyTorch: A Week of Faster Tests")
    publish_site(build_show(base_url=base), [saying(august, OLD_WORD), *week, recap], root / "site")
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield base, root / "site"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Chromium]:
    chromium = Chromium(tmp_path / "profile")
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_search_finds_an_episode_by_a_word_of_its_transcript(site, browser: Chromium, width: str) -> None:
    base, _ = site
    browser.size(*WIDTHS[width])
    # From the show page's search box, as a listener would.
    browser.goto(f"{base}/index.html")
    browser.type("#q", WORD)
    browser.js("document.querySelector('form.search').requestSubmit()")
    browser.wait("location.pathname.endsWith('/search.html')")
    links = browser.wait("[...document.querySelectorAll('.pagefind-ui__result-link')].map(a => a.href)")
    assert links == [f"{base}/episodes/2026-09-18/transcript.html"]
    ARTIFACTS.mkdir(exist_ok=True)
    browser.screenshot(ARTIFACTS / f"search-{width}.png")
    # Typing into the search page itself finds it too, and a word nobody said finds nothing.
    browser.goto(f"{base}/search.html")
    browser.type(".pagefind-ui__search-input", "quokkaphone")
    browser.wait("document.querySelector('.pagefind-ui__message')?.textContent.includes('No results')")
    browser.js("document.querySelector('.pagefind-ui__search-input').value = ''")
    browser.type(".pagefind-ui__search-input", WORD.upper())
    browser.wait("document.querySelectorAll('.pagefind-ui__result-link').length === 1")
    browser.js("document.querySelector('.pagefind-ui__result-link').click()")
    browser.wait("location.pathname.endsWith('/episodes/2026-09-18/transcript.html')")
    browser.wait(f"document.readyState === 'complete' && document.body.innerText.includes('{WORD}')")
    # A word of August, whose index the search page merges into September's.
    browser.goto(f"{base}/search.html?q={OLD_WORD}")
    links = browser.wait("[...document.querySelectorAll('.pagefind-ui__result-link')].map(a => a.href)")
    assert links == [f"{base}/episodes/2026-08-31/transcript.html"]


@pytest.mark.parametrize("width", WIDTHS)
def test_subscribe_links_hand_the_feed_to_podcast_apps(site, browser: Chromium, width: str) -> None:
    base, _ = site
    w, h, mobile = WIDTHS[width]
    browser.size(w, h, mobile)
    browser.goto(f"{base}/index.html")
    browser.js("document.querySelector('.bar a[href$=\"#subscribe\"]').click()")
    browser.wait("location.hash === '#subscribe'")
    found = browser.js(
        "[...document.querySelectorAll('#subscribe a.app')].map(a => { const r = a.getBoundingClientRect();"
        " return {app: a.textContent.trim(), href: a.href, left: r.left, right: r.right, width: r.width}; })"
    )
    expected = {link.app: link.href for link in subscribe_links(f"{base}/feed.xml", "PyTorch")}
    assert {f["app"]: f["href"] for f in found} == expected | {"RSS feed": f"{base}/feed.xml"}
    assert expected["Overcast"] == f"overcast://x-callback-url/add?url={base.replace(':', '%3A').replace('/', '%2F')}%2Ffeed.xml"
    # Every link is on screen and tappable; nothing makes a phone scroll sideways.
    assert all(f["width"] >= 40 and f["left"] >= 0 and f["right"] <= w for f in found), found
    assert browser.js("document.documentElement.scrollWidth") <= w
    assert browser.js("document.getElementById('feed-url').value") == f"{base}/feed.xml"
    browser.js("document.querySelector('button[data-copy=\"feed-url\"]').click()")
    browser.wait("document.querySelector('button[data-copy=\"feed-url\"]').textContent === 'Copied'")
    ARTIFACTS.mkdir(exist_ok=True)
    browser.screenshot(ARTIFACTS / f"show-page-{width}.png")


def test_episode_page_shares_and_embeds(site, browser: Chromium) -> None:
    base, _ = site
    browser.size(*WIDTHS["phone"])
    page = f"{base}/episodes/2026-09-19/"
    browser.goto(page + "index.html")
    assert browser.js("document.getElementById('share-url').value") == page
    snippet = browser.js("document.getElementById('embed-code').value")
    assert snippet.startswith(f'<iframe src="{base}/episodes/2026-09-19/embed.html"')
    assert browser.js("document.documentElement.scrollWidth") <= WIDTHS["phone"][0]
    ARTIFACTS.mkdir(exist_ok=True)
    browser.screenshot(ARTIFACTS / "episode-share-phone.png")
    # The snippet, put in another page, shows the player with the episode's title.
    browser.goto(f"{base}/index.html")
    browser.js(f"document.body.innerHTML = {json.dumps(snippet)}")
    browser.wait("!!document.querySelector('iframe').contentDocument?.querySelector('audio')")
    title = browser.js("document.querySelector('iframe').contentDocument.querySelector('.title').textContent")
    assert title == "Day 19 of Faster Tests"
    assert browser.js("document.querySelector('link[rel=icon]').href") == f"{base}/favicon.ico"


def test_search_works_from_commitcast_serve(site, browser: Chromium) -> None:
    _, root = site
    server = make_server(root, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        for word, page in ((WORD, "/episodes/2026-09-18/transcript.html"), (OLD_WORD, "/episodes/2026-08-31/transcript.html")):
            browser.goto(f"http://127.0.0.1:{server.server_address[1]}/search.html?q={word}")
            links = browser.wait("[...document.querySelectorAll('.pagefind-ui__result-link')].map(a => a.pathname)", 5)
            assert links == [page]
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_one_result_an_episode_and_the_search_boxes_have_labels(site, browser: Chromium) -> None:
    base, _ = site
    browser.size(*WIDTHS["phone"])
    browser.goto(f"{base}/search.html?q={EXCERPT_WORD}")  # on the episode page and in its transcript
    links = browser.wait("[...document.querySelectorAll('.pagefind-ui__result-link')].map(a => a.pathname)")
    assert links == ["/episodes/2026-09-15/transcript.html"]
    assert browser.js("document.querySelector('.pagefind-ui__search-input').getAttribute('aria-label')") == "Search PyTorch"
    browser.goto(f"{base}/index.html")
    assert browser.js("document.getElementById('q').labels.length") == 1


PAGES = ["index.html", "search.html", "episodes/2026-09-19/index.html", "episodes/2026-09-19/transcript.html",
         "episodes/2026-09-19/embed.html", "episodes/2026-W38-recap/index.html"]  # fmt: skip


@pytest.mark.parametrize("width", [390, 340])
def test_phones_never_scroll_sideways_and_targets_are_24_px(site, browser: Chromium, width: int) -> None:
    base, _ = site
    browser.size(width, 844, True)
    for page in PAGES:
        browser.goto(f"{base}/{page}")
        assert browser.js("document.documentElement.scrollWidth") <= width, page
        small = browser.js(
            "[...document.querySelectorAll('.chapters a, .nearby a, .compact a, .links a, .apps a, button')]"
            ".filter(e => e.offsetParent !== null).map(e => [e.textContent.trim(), e.getBoundingClientRect().height])"
            ".filter(([, h]) => h < 24)"
        )
        assert small == [], (page, small)
    # The show page puts its first episode within the first screen, not below the cover and cards.
    browser.goto(f"{base}/index.html")
    assert browser.js("document.querySelector('.episodes li').getBoundingClientRect().top") < 844

