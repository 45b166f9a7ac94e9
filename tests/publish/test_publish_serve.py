"""`commitcast serve`: byte ranges, MIME types, CORS, and nothing outside the site."""

from __future__ import annotations

import http.client
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from commitcast.publish import make_server, publish_site


@pytest.fixture
def served(tmp_path: Path, make_show, week) -> Iterator[tuple[Path, int]]:
    site = tmp_path / "site"
    publish_site(make_show(), week, site)
    (tmp_path / "secret.txt").write_text("outside the site")
    (site / "escape").symlink_to(tmp_path)
    server = make_server(site, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield site, server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _get(port: int, path: str, headers: dict[str, str] | None = None, method: str = "GET") -> tuple[int, dict, bytes]:
    # http.client sends the path exactly as written, so "../" reaches the server unnormalised.
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, headers=headers or {})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def test_range_request_gets_exactly_those_bytes(served) -> None:
    site, port = served
    audio = (site / "episodes/2026-09-19/episode.mp3").read_bytes()
    status, headers, body = _get(port, "/episodes/2026-09-19/episode.mp3", {"Range": "bytes=1000-1999"})
    assert status == 206
    assert body == audio[1000:2000]
    assert headers["content-range"] == f"bytes 1000-1999/{len(audio)}"
    assert headers["content-length"] == "1000"
    assert headers["content-type"] == "audio/mpeg"


def test_open_and_suffix_ranges(served) -> None:
    site, port = served
    audio = (site / "episodes/2026-09-19/episode.mp3").read_bytes()
    status, _, body = _get(port, "/episodes/2026-09-19/episode.mp3", {"Range": "bytes=-500"})
    assert (status, body) == (206, audio[-500:])
    status, headers, body = _get(port, "/episodes/2026-09-19/episode.mp3", {"Range": f"bytes={len(audio) - 10}-"})
    assert (status, body) == (206, audio[-10:])
    status, headers, body = _get(port, "/episodes/2026-09-19/episode.mp3")
    assert (status, body, headers["accept-ranges"]) == (200, audio, "bytes")


def test_unsatisfiable_range_is_416(served) -> None:
    site, port = served
    size = (site / "episodes/2026-09-19/episode.mp3").stat().st_size
    status, headers, _ = _get(port, "/episodes/2026-09-19/episode.mp3", {"Range": f"bytes={size}-"})
    assert status == 416
    assert headers["content-range"] == f"bytes */{size}"


@pytest.mark.parametrize(
    "path",
    ["/../secret.txt", "/episodes/../../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/escape/secret.txt",
     "/nope.html", "/.hidden"],
)
def test_nothing_outside_the_site(served, path: str) -> None:
    _, port = served
    status, _, body = _get(port, path)
    assert status == 404
    assert b"outside the site" not in body


def test_mime_types_and_cors(served) -> None:
    _, port = served
    expect = {
        "/episodes/2026-09-19/transcript.vtt": "text/vtt; charset=utf-8",
        "/episodes/2026-09-19/transcript.json": "application/json",
        "/episodes/2026-09-19/chapters.json": "application/json+chapters",
        "/feed.xml": "application/rss+xml; charset=utf-8",
        "/artwork.png": "image/png",
        "/": "text/html; charset=utf-8",
    }
    for path, kind in expect.items():
        status, headers, _ = _get(port, path, method="HEAD")
        assert (status, headers["content-type"]) == (200, kind), path
    for path in list(expect)[:3]:
        assert _get(port, path)[1]["access-control-allow-origin"] == "*"


def test_directory_redirects_to_slash(served) -> None:
    _, port = served
    status, headers, _ = _get(port, "/episodes/2026-09-19")
    assert status == 301 and headers["location"] == "/episodes/2026-09-19/"
    status, _, body = _get(port, "/episodes/2026-09-19/")
    assert status == 200 and b"<audio" in body
