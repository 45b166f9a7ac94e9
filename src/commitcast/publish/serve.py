"""A local preview server for a published site: byte ranges, podcast MIME types, CORS.

Built on the standard library's http.server. It serves only regular files inside the site
directory: any ``..`` segment, hidden file or symlink leading outside gets a 404.
"""

from __future__ import annotations

import re
from email.utils import formatdate
from functools import partial
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

from ..errors import UserError

__all__ = ["content_type", "make_server", "SiteHandler"]

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
}
_RANGE = re.compile(r"bytes=(\d*)-(\d*)")
_CHUNK = 1 << 16


def content_type(path: Path) -> str:
    """The MIME type the site serves ``path`` with."""
    if path.name == "chapters.json":
        return "application/json+chapters"  # what the podcast namespace asks chapters to be served as
    if path.name == "feed.xml":
        return "application/rss+xml; charset=utf-8"
    return _TYPES.get(path.suffix.lower(), "application/octet-stream")


class SiteHandler(BaseHTTPRequestHandler):
    """Serves one site directory (given to the constructor as ``root``)."""

    server_version = "commitcast"
    protocol_version = "HTTP/1.1"

    def __init__(self, *args: Any, root: Path, quiet: bool = False, **kwargs: Any) -> None:
        self.root = root
        self.quiet = quiet
        super().__init__(*args, **kwargs)

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
        target = self.root.joinpath(*parts).resolve()
        if not target.is_relative_to(self.root):  # a symlink out of the site
            return None
        if target.is_dir():
            if not raw.endswith("/"):
                return quote(decoded) + "/"
            target = target / "index.html"
        return target if target.is_file() else None

    def _head(self, status: HTTPStatus, length: int, kind: str | None = None, extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        if kind:
            self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(length))
        self.send_header("Accept-Ranges", "bytes")
        # Web players on other origins fetch transcripts, chapters, feed and audio.
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Expose-Headers", "Content-Length, Content-Range, Accept-Ranges")
        self.send_header("Cache-Control", "no-cache")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()

    def _plain(self, status: HTTPStatus, text: str, extra: dict[str, str] | None = None, *, body: bool = True) -> None:
        data = text.encode()
        self._head(status, len(data), "text/plain; charset=utf-8", extra)
        if body:
            self.wfile.write(data)

    def _serve(self, *, body: bool) -> None:
        target = self._target()
        if target is None:
            self._plain(HTTPStatus.NOT_FOUND, "not found\n", body=body)
            return
        if isinstance(target, str):
            self._plain(HTTPStatus.MOVED_PERMANENTLY, "moved\n", {"Location": target}, body=body)
            return
        size = target.stat().st_size
        start, end = 0, size - 1
        status = HTTPStatus.OK
        extra = {"Last-Modified": formatdate(target.stat().st_mtime, usegmt=True)}
        match = _RANGE.fullmatch(self.headers.get("Range", "").strip())
        # Only single byte ranges; anything else is ignored (RFC 9110 allows a full 200 then).
        if match and (match[1] or match[2]) and not (match[1] and match[2] and int(match[2]) < int(match[1])):
            if match[1]:
                start = int(match[1])
                end = min(int(match[2]), size - 1) if match[2] else size - 1
            else:
                start, end = max(size - int(match[2]), 0), size - 1
            if start >= size or (not match[1] and int(match[2]) == 0):
                self._plain(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE, "", {"Content-Range": f"bytes */{size}"}, body=body)
                return
            status = HTTPStatus.PARTIAL_CONTENT
            extra["Content-Range"] = f"bytes {start}-{end}/{size}"
        length = max(end - start + 1, 0)
        self._head(status, length, content_type(target), extra)
        if not body:
            return
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
        except (BrokenPipeError, ConnectionResetError):
            pass  # players drop requests when the listener seeks; nothing to report

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        self._serve(body=True)

    def do_HEAD(self) -> None:  # noqa: N802
        self._serve(body=False)

    def do_OPTIONS(self) -> None:  # noqa: N802
        self._head(
            HTTPStatus.NO_CONTENT,
            0,
            extra={"Access-Control-Allow-Methods": "GET, HEAD, OPTIONS", "Access-Control-Allow-Headers": "Range"},
        )


def make_server(site_dir: Path, host: str = "127.0.0.1", port: int = 8000, *, quiet: bool = False) -> ThreadingHTTPServer:
    """A threaded HTTP server for ``site_dir`` (port 0 picks a free port); call serve_forever()."""
    root = Path(site_dir).resolve()
    if not root.is_dir():
        raise UserError(f"no site directory at {site_dir}")
    try:
        server = ThreadingHTTPServer((host, port), partial(SiteHandler, root=root, quiet=quiet))
    except OSError as exc:
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from exc
    server.daemon_threads = True
    return server
