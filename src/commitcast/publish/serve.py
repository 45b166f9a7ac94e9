"""A local preview server for a published site: byte ranges, podcast MIME types, CORS,
conditional requests (ETag, If-Modified-Since) and gzip for text.

Built on the standard library's http.server, hardened for being left running: a real listen
backlog, a bounded pool of worker threads (further connections wait in the backlog), a
deadline for a request's line and headers and an idle timeout between requests, so slow or
half-sent requests cannot hold the threads; a malformed Range is a 400 or 416, never a crash.
It serves only regular files inside the site directory: any ``..`` segment, hidden file or
symlink leading outside gets a 404.
"""

from __future__ import annotations

import gzip
import re
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from email.utils import formatdate, parsedate_to_datetime
from functools import partial
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

from ..errors import UserError

__all__ = ["content_type", "make_server", "SiteHandler", "SiteServer"]

_TYPES = {
    ".mp3": "audio/mpeg",
    ".vtt": "text/vtt; charset=utf-8",
    ".json": "application/json",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    # the site's search (Pagefind) and icons
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".ico": "image/x-icon",
    ".svg": "image/svg+xml",
    ".webp": "image/webp",
}
_CHUNK = 1 << 16
_RANGE = re.compile(r"bytes=\s*(\d*)\s*-\s*(\d*)\s*")
_RANGE_LIST = re.compile(r"bytes=\s*\d*\s*-\s*\d*(\s*,\s*\d*\s*-\s*\d*)+\s*")
_HUGE = 1 << 62  # any position written with more digits than a file can have
_COMPRESSIBLE = ("text/", "application/json", "application/xml", "application/rss+xml")
_GZIP_LIMIT = 8 << 20  # text files larger than this are sent as they are

IDLE_TIMEOUT = 10.0  # seconds a connection may sit between requests, or stall a send
HEADER_TIMEOUT = 10.0  # seconds from waiting for a request to having its last header line
THREADS = 64  # connections served at once; more wait in the listen backlog
BACKLOG = 1024


def content_type(path: Path) -> str:
    """The MIME type the site serves ``path`` with."""
    if path.name == "chapters.json":
        return "application/json+chapters"  # what the podcast namespace asks chapters to be served as
    if path.name == "feed.xml":
        return "application/rss+xml; charset=utf-8"
    return _TYPES.get(path.suffix.lower(), "application/octet-stream")


def _number(digits: str) -> int:
    # int() of thousands of digits is slow (and past 4,300 a ValueError); no file is that long.
    return int(digits) if len(digits) <= 18 else _HUGE


class _HeaderDeadline:
    """The connection's reader with one deadline for a request's line and headers together:
    a client sending a byte every few seconds cannot keep a thread forever."""

    def __init__(self, reader: Any, connection: Any) -> None:
        self._reader = reader
        self._connection = connection
        self.deadline = float("inf")

    def readline(self, limit: int = -1) -> bytes:
        line = bytearray()
        while limit < 0 or len(line) < limit:
            remaining = self.deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("the request's headers took too long")
            self._connection.settimeout(min(remaining, IDLE_TIMEOUT))
            ready = self._reader.peek(1)  # at most one read from the socket
            if not ready:
                break  # the client closed the connection
            want = len(ready) if limit < 0 else min(len(ready), limit - len(line))
            end = ready.find(b"\n", 0, want)
            line += self._reader.read(end + 1 if end >= 0 else want)
            if end >= 0:
                break
        return bytes(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._reader, name)


class _GzipCache:
    """Compressed text files, by path and version; bounded by total size."""

    def __init__(self, budget: int = 32 << 20) -> None:
        self._items: OrderedDict[tuple[Path, int, int], bytes] = OrderedDict()
        self._budget = budget
        self._size = 0
        self._lock = threading.Lock()

    def get(self, path: Path, size: int, mtime_ns: int) -> bytes:
        key = (path, size, mtime_ns)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        data = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        with self._lock:
            self._items[key] = data
            self._size += len(data)
            while self._size > self._budget and len(self._items) > 1:
                _, dropped = self._items.popitem(last=False)
                self._size -= len(dropped)
        return data


class SiteHandler(BaseHTTPRequestHandler):
    """Serves one site directory (given to the constructor as ``root``)."""

    server_version = "commitcast"
    protocol_version = "HTTP/1.1"
    timeout = IDLE_TIMEOUT  # on every read and write of the connection

    def __init__(
        self, *args: Any, root: Path, quiet: bool = False, gzipped: _GzipCache | None = None, **kwargs: Any
    ) -> None:
        self.root = root
        self.quiet = quiet
        self.gzipped = gzipped or _GzipCache()
        super().__init__(*args, **kwargs)

    # rfile is declared a BufferedIOBase; the wrapper is read like one (readline, read) and has the
    # deadline that the base class's reader lacks.
    def setup(self) -> None:
        super().setup()
        self.rfile = _HeaderDeadline(self.rfile, self.connection)  # type: ignore[assignment]

    def handle_one_request(self) -> None:
        self.rfile.deadline = time.monotonic() + HEADER_TIMEOUT  # type: ignore[attr-defined]
        super().handle_one_request()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        if not self.quiet:
            super().log_message(format, *args)

    def _target(self) -> Path | str | None:
        """The file asked for; a redirect location (str) for a directory without '/'; else None."""
        raw = urlsplit(self.path).path
        decoded = unquote(raw)
        if not decoded.startswith("/") or "\x00" in decoded or "\\" in decoded:
            return None
        parts = [p for p in decoded.split("/") if p]
        if any(p.startswith(".") for p in parts):  # "..", and hidden files such as temp files
            return None
        try:
            target = self.root.joinpath(*parts).resolve()
            if not target.is_relative_to(self.root):  # a symlink out of the site
                return None
            if target.is_dir():
                if not raw.endswith("/"):
                    return quote(decoded) + "/"
                target = target / "index.html"
            return target if target.is_file() else None
        except OSError:  # a name too long for the file system, a symlink loop
            return None

    def _head(self, status: HTTPStatus, length: int, kind: str | None = None, extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        if kind:
            self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(length))
        self.send_header("Accept-Ranges", "bytes")
        # Web players on other origins fetch transcripts, chapters, feed and audio.
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Expose-Headers", "Content-Length, Content-Range, Accept-Ranges, ETag")
        self.send_header("Cache-Control", "no-cache")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()

    def _plain(self, status: HTTPStatus, text: str, extra: dict[str, str] | None = None, *, body: bool = True) -> None:
        data = text.encode()
        self._head(status, len(data), "text/plain; charset=utf-8", extra)
        if body:
            self.wfile.write(data)

    def _not_modified(self, etag: str, mtime: float) -> bool:
        """Whether the client's copy is current (If-None-Match, else If-Modified-Since)."""
        asked = self.headers.get("If-None-Match")
        if asked is not None:
            tags = {tag.strip().removeprefix("W/") for tag in asked.split(",")}
            return "*" in tags or etag in tags
        since = self.headers.get("If-Modified-Since")
        if since is None:
            return False
        try:
            return int(mtime) <= parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False  # an unreadable date is ignored, as RFC 9110 says

    def _gzip_wanted(self, kind: str) -> bool:
        if not kind.startswith(_COMPRESSIBLE) or "Range" in self.headers:
            return False
        for item in self.headers.get("Accept-Encoding", "").split(","):
            coding, _, params = item.strip().partition(";")
            if coding.strip().lower() in ("gzip", "x-gzip"):
                return params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
        return False

    def _serve(self, *, body: bool) -> None:
        target = self._target()
        if target is None:
            self._plain(HTTPStatus.NOT_FOUND, "not found\n", body=body)
            return
        if isinstance(target, str):
            self._plain(HTTPStatus.MOVED_PERMANENTLY, "moved\n", {"Location": target}, body=body)
            return
        self.connection.settimeout(IDLE_TIMEOUT)
        stat = target.stat()
        kind = content_type(target)
        etag = f'"{stat.st_size:x}-{stat.st_mtime_ns:x}"'
        gzipped = self._gzip_wanted(kind) and stat.st_size <= _GZIP_LIMIT
        if gzipped:
            etag = etag[:-1] + '-gz"'  # another representation, another tag
        extra = {"Last-Modified": formatdate(stat.st_mtime, usegmt=True), "ETag": etag}
        if kind.startswith(_COMPRESSIBLE):
            extra["Vary"] = "Accept-Encoding"
        if self._not_modified(etag, stat.st_mtime):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            for key, value in extra.items():
                self.send_header(key, value)
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return
        if gzipped:
            data = self.gzipped.get(target, stat.st_size, stat.st_mtime_ns)
            self._head(HTTPStatus.OK, len(data), kind, extra | {"Content-Encoding": "gzip"})
            if body:
                self.wfile.write(data)
            return
        span = self._range(stat.st_size, etag, extra["Last-Modified"], body=body)
        if span is None:
            return  # answered already (400 or 416)
        start, end, partial_content = span
        status = HTTPStatus.OK
        if partial_content:
            status = HTTPStatus.PARTIAL_CONTENT
            extra["Content-Range"] = f"bytes {start}-{end}/{stat.st_size}"
        length = max(end - start + 1, 0)
        self._head(status, length, kind, extra)
        if body:
            self._send_file(target, start, length)

    def _range(self, size: int, etag: str, modified: str, *, body: bool) -> tuple[int, int, bool] | None:
        """``(start, end, partial)``: the single byte range asked for, or the whole file when
        none (or several) is; None after answering a malformed Range (400) or one outside the
        file (416)."""
        asked = self.headers.get("Range")
        if_range = self.headers.get("If-Range")
        if asked is None or (if_range is not None and if_range.strip() not in (etag, modified)):
            return 0, size - 1, False  # no range, or one for another version of the file: all of it
        asked = asked.strip()
        if _RANGE_LIST.fullmatch(asked):
            return 0, size - 1, False  # several ranges: RFC 9110 allows sending the whole file instead
        match = _RANGE.fullmatch(asked)
        if match is None or not (match[1] or match[2]):
            self._plain(HTTPStatus.BAD_REQUEST, "malformed Range header\n", body=body)
            return None
        if match[1]:
            start = _number(match[1])
            end = min(_number(match[2]), size - 1) if match[2] else size - 1
            if match[2] and _number(match[2]) < start:
                self._plain(HTTPStatus.BAD_REQUEST, "malformed Range header\n", body=body)
                return None
        else:  # the last N bytes
            suffix = _number(match[2])
            start, end = max(size - suffix, 0), size - 1
            if suffix == 0:
                start = size
        if start >= size:
            self._plain(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE, "", {"Content-Range": f"bytes */{size}"}, body=body)
            return None
        return start, end, True

    def _send_file(self, target: Path, start: int, length: int) -> None:
        try:
            with target.open("rb") as f:
                f.seek(start)
                remaining = length
                while remaining > 0:
                    chunk = f.read(min(_CHUNK, remaining))
                    if not chunk:
                        break
                    self.wfile.write(chunk)
                    remaining -= len(chunk)
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            self.close_connection = True  # players drop requests when the listener seeks

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        self._serve(body=True)

    def do_HEAD(self) -> None:  # noqa: N802
        self._serve(body=False)

    def do_OPTIONS(self) -> None:  # noqa: N802
        self._head(
            HTTPStatus.NO_CONTENT,
            0,
            extra={
                "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
                "Access-Control-Allow-Headers": "Range, If-None-Match, If-Modified-Since",
            },
        )


class SiteServer(HTTPServer):
    """An HTTP server handling each connection on a bounded pool of threads."""

    request_queue_size = BACKLOG  # socketserver's default of 5 refuses a burst of clients
    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: Any, *, threads: int = THREADS) -> None:
        # Before the bind: a failed bind calls server_close, which uses them.
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="commitcast-serve")
        # A connection is accepted only when a thread is free for it; the rest wait in the backlog.
        self._free = threading.BoundedSemaphore(threads)
        self._closing = threading.Event()
        super().__init__(address, handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        while not self._free.acquire(timeout=0.5):
            if self._closing.is_set():
                self.shutdown_request(request)
                return
        self._pool.submit(self._handle, request, client_address)

    def _handle(self, request: Any, client_address: Any) -> None:
        try:
            self.finish_request(request, client_address)
        except Exception:  # noqa: BLE001 - one connection's failure is logged, the server goes on
            self.handle_error(request, client_address)
        finally:
            self.shutdown_request(request)
            self._free.release()

    def shutdown(self) -> None:
        self._closing.set()
        super().shutdown()

    def server_close(self) -> None:
        self._closing.set()
        super().server_close()
        self._pool.shutdown(wait=False, cancel_futures=True)


def make_server(
    site_dir: Path, host: str = "127.0.0.1", port: int = 8000, *, quiet: bool = False, threads: int = THREADS
) -> SiteServer:
    """A server for ``site_dir`` (port 0 picks a free port); call serve_forever()."""
    root = Path(site_dir).resolve()
    if not root.is_dir():
        raise UserError(f"no site directory at {site_dir}")
    try:
        return SiteServer((host, port), partial(SiteHandler, root=root, quiet=quiet, gzipped=_GzipCache()), threads=threads)
    except OSError as exc:
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from exc
