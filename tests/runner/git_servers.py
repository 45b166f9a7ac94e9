"""Real git servers on loopback for the tests of URL repositories: ``git daemon`` (git's
smart protocol) and a static file server (git's dumb HTTP, which refuses shallow clones).
Each is started by the test and stopped after it; both wait on events, never on the clock."""

from __future__ import annotations

import http.server
import socket
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def git_daemon(root: Path) -> Iterator[str]:
    """``git daemon`` serving every repository under ``root``; yields ``git://127.0.0.1:PORT``."""
    for _ in range(5):  # another process may take the free port between the probe and the bind
        port = _free_port()
        daemon = subprocess.Popen(
            ["git", "daemon", "--verbose", "--export-all", "--reuseaddr", f"--base-path={root}",
             "--listen=127.0.0.1", f"--port={port}", str(root)],
            stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert daemon.stderr is not None
        # It says so once it listens; a failed bind ends it instead (stderr closes).
        ready = any("Ready to rumble" in line for line in iter(daemon.stderr.readline, ""))
        if ready:
            break
        daemon.wait()
    else:
        raise RuntimeError("git daemon did not start")
    drain = threading.Thread(target=daemon.stderr.read, daemon=True)  # its log must not fill the pipe
    drain.start()
    try:
        yield f"git://127.0.0.1:{port}"
    finally:
        daemon.terminate()
        daemon.wait()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@contextmanager
def dumb_http(root: Path) -> Iterator[str]:
    """The files under ``root`` on a plain HTTP server (git's dumb protocol, after ``git
    update-server-info`` in each repository); yields ``http://127.0.0.1:PORT``."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
