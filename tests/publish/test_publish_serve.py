"""`commitcast serve`: byte ranges, MIME types, CORS, and nothing outside the site."""

from __future__ import annotations

import gzip
import http.client
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from patience import patience

from commitcast.publish import make_server, publish_site
from commitcast.publish import serve as serve_module


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
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=patience(10))
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


def test_conditional_requests_get_304_until_the_file_changes(served) -> None:
    site, port = served
    path = "/episodes/2026-09-19/transcript.vtt"
    status, headers, _ = _get(port, path)
    etag, modified = headers["etag"], headers["last-modified"]
    assert status == 200 and etag.startswith('"')
    for asked in ({"If-None-Match": etag}, {"If-None-Match": f'"other", W/{etag}'}, {"If-Modified-Since": modified}):
        status, headers, body = _get(port, path, asked)
        assert (status, body, headers["etag"]) == (304, b"", etag), asked
    assert _get(port, path, {"If-None-Match": '"other"'})[0] == 200
    assert _get(port, path, {"If-Modified-Since": "not a date"})[0] == 200  # ignored, as RFC 9110 says

    target = site / path.lstrip("/")
    target.write_text(target.read_text() + "\n")
    status, headers, _ = _get(port, path, {"If-None-Match": etag})
    assert status == 200 and headers["etag"] != etag


def test_text_is_gzipped_and_audio_and_ranges_are_not(served) -> None:
    site, port = served
    for path in ("/", "/feed.xml", "/episodes.json", "/episodes/2026-09-19/transcript.json"):
        status, headers, body = _get(port, path, {"Accept-Encoding": "br, gzip;q=0.8"})
        file = site / (path.lstrip("/") or "index.html")
        assert (status, headers.get("content-encoding")) == (200, "gzip"), path
        assert gzip.decompress(body) == file.read_bytes() and len(body) < file.stat().st_size
        assert headers["vary"] == "Accept-Encoding" and headers["etag"].endswith('-gz"')
        assert _get(port, path, {"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]})[0] == 304
    assert "content-encoding" not in _get(port, "/feed.xml", {"Accept-Encoding": "gzip;q=0"})[1]
    assert "content-encoding" not in _get(port, "/episodes/2026-09-19/episode.mp3", {"Accept-Encoding": "gzip"})[1]
    status, headers, _ = _get(port, "/feed.xml", {"Accept-Encoding": "gzip", "Range": "bytes=0-9"})
    assert (status, headers.get("content-encoding")) == (206, None)


@pytest.mark.parametrize(
    ("value", "status"),
    [
        ("bytes=" + "9" * 5000 + "-", 416),  # once an unhandled ValueError
        ("bytes=0-" + "9" * 5000, 206),  # to the end of the file
        ("bytes=-" + "9" * 5000, 206),  # the whole file
        ("bytes=abc-def", 400),
        ("bytes=500-100", 400),
        ("bytes=-", 400),
        ("pages=1-2", 400),
        ("bytes=0-1,5-6", 200),  # several ranges: the whole file, as RFC 9110 allows
    ],
)
def test_malformed_ranges_are_400_or_416_and_the_server_goes_on(served, value: str, status: int) -> None:
    _, port = served
    assert _get(port, "/episodes/2026-09-19/episode.mp3", {"Range": value})[0] == status
    assert _get(port, "/episodes/2026-09-19/episode.mp3")[0] == 200


@pytest.mark.slow  # waits out header deadlines
def test_half_sent_requests_are_dropped_and_threads_stay_bounded(tmp_path: Path, make_show, week, monkeypatch) -> None:
    monkeypatch.setattr(serve_module, "HEADER_TIMEOUT", 1.0)
    site = tmp_path / "site"
    publish_site(make_show(), week, site)
    server = make_server(site, "127.0.0.1", 0, quiet=True, threads=8)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    threads_before = threading.active_count()
    thread.start()
    port = server.server_address[1]
    slow = []
    try:
        for _ in range(40):  # a request line and one header, then nothing: they hold a thread each
            sock = socket.create_connection(("127.0.0.1", port), timeout=patience(15))
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            slow.append(sock)
        time.sleep(0.3)
        assert threading.active_count() <= threads_before + 1 + 8  # the serving loop and its pool
        for sock in slow:  # each is cut off once its headers are overdue, not held forever
            assert sock.recv(1024) == b""
        assert _get(port, "/")[0] == 200
        with socket.create_connection(("127.0.0.1", port), timeout=patience(15)) as dribble:
            for byte in b"GET / HTTP/1.1\r\nHost: x\r\n":  # a byte at a time stays under any idle timeout
                try:
                    dribble.sendall(bytes([byte]))
                except OSError:
                    break
                time.sleep(0.1)
            assert dribble.recv(1024) == b""  # the deadline covers the whole header, not each read
    finally:
        for sock in slow:
            sock.close()
        server.shutdown()
        server.server_close()
        thread.join()


def test_load_of_100_concurrent_listeners_on_a_2_mb_episode(tmp_path: Path, make_show, week) -> None:
    """Loopback, 100 clients at once against `commitcast serve`, 500 requests: full downloads,
    seeks, pages and the feed. No errors, every body exact, and no request left waiting past the
    server's own 10 s request deadline (a listen backlog too short for the crowd makes clients
    retry their connection for tens of seconds). Latency itself is measured by bench/serve.py."""
    site = tmp_path / "site"
    publish_site(make_show(), week, site)
    mp3 = site / "episodes" / "2026-09-19" / "episode.mp3"
    audio = (mp3.read_bytes() * (2_100_000 // mp3.stat().st_size + 1))[: 2 << 20]
    mp3.write_bytes(audio)
    page = (site / "index.html").read_bytes()
    served = subprocess.Popen(
        [str(Path(sys.executable).with_name("commitcast")), "serve", str(site), "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env={**os.environ, "COLUMNS": "1000"},
    )  # fmt: skip
    try:
        assert served.stdout is not None
        listening = re.search(r":(\d+)/", served.stdout.readline())
        assert listening is not None
        port = int(listening.group(1))
        latencies: list[float] = []
        errors: list[str] = []

        def listener(n: int) -> None:
            for k in range(5):
                kind = (n + k) % 4
                path = {0: "/episodes/2026-09-19/episode.mp3", 1: "/episodes/2026-09-19/episode.mp3", 2: "/", 3: "/feed.xml"}[kind]
                headers = {"Range": "bytes=1000000-1499999"} if kind == 1 else {"Accept-Encoding": "gzip"} if kind == 3 else {}
                want = {0: (200, audio), 1: (206, audio[1000000:1500000]), 2: (200, page)}.get(kind)
                started = time.perf_counter()
                try:
                    status, _, body = _get(port, path, headers)
                    if (want and (status, body) != want) or (not want and status != 200):
                        errors.append(f"{path}: {status}, {len(body)} bytes")
                except OSError as exc:
                    errors.append(f"{path}: {exc!r}")
                latencies.append(time.perf_counter() - started)

        clients = [threading.Thread(target=listener, args=(n,)) for n in range(100)]
        for client in clients:
            client.start()
        for client in clients:
            client.join()
    finally:
        served.terminate()
        served.wait(timeout=patience(30))
    # Latency is bench/serve.py's to measure, not a test's: under load any budget is a guess.
    assert errors == [] and len(latencies) == 500


@pytest.mark.parametrize("where", ["port in use", "unknown host"])
def test_serve_that_cannot_listen_is_one_line_and_exit_2(tmp_path: Path, where: str) -> None:
    (tmp_path / "site").mkdir()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["--port", str(port)] if where == "port in use" else ["--host", "no-such-host.invalid", "--port", "0"]
        done = subprocess.run(
            [str(Path(sys.executable).with_name("commitcast")), "serve", str(tmp_path / "site"), *args],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("error: cannot listen on ") and done.stderr.count("\n") == 1, done.stderr
