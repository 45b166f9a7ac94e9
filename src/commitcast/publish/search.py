"""Full-text search across every episode page and transcript: a Pagefind index in the site.

Pagefind (MIT, shipped on PyPI with its binary as ``pagefind[bin]``) reads the published
HTML and writes a static index the browser queries in fragments: no server, so it works
from ``commitcast serve`` and any static host. Only the parts of pages marked
``data-pagefind-body`` are indexed (episode pages and transcripts, not lists or navigation).
"""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from ..errors import StageError

__all__ = ["SEARCH_DIR", "search_index", "index_is_current", "mark_indexed"]

SEARCH_DIR = "pagefind"  # the index's directory in the site
_STAMP = f"{SEARCH_DIR}/pagefind-entry.json"  # Pagefind's own entry file, dated when indexed


def _pagefind() -> Path:
    from pagefind.service import get_executable

    binary = get_executable()
    if binary is None:
        raise StageError("the Pagefind binary is missing: reinstall commitcast (it depends on pagefind[bin])")
    return binary


def search_index(site_dir: Path, write: Callable[[str, bytes], None]) -> set[str]:
    """Index the pages in ``site_dir`` and hand each index file to ``write`` (its site-relative
    path, its bytes); returns those paths. Pagefind names index files by their content, so
    an unchanged site gives the same files."""
    with tempfile.TemporaryDirectory(prefix=".pagefind-") as scratch:
        command = [
            str(_pagefind()), "--site", str(site_dir), "--output-path", scratch,
            "--keep-index-url",  # results link to …/index.html, which a plain file host serves too
            "--silent",
        ]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise StageError(f"Pagefind could not index the site: {(done.stderr or done.stdout).strip()[-500:]}")
        paths = set()
        for path in sorted(Path(scratch).rglob("*")):
            if path.is_file():
                rel = f"{SEARCH_DIR}/{path.relative_to(scratch).as_posix()}"
                write(rel, path.read_bytes())
                paths.add(rel)
    return paths


def index_is_current(site_dir: Path) -> bool:
    """Whether the index was built after every page now in ``site_dir`` was written (so a
    re-run with nothing new skips indexing; a crash between pages and index does not)."""
    stamp = site_dir / _STAMP
    if not stamp.is_file():
        return False
    built = stamp.stat().st_mtime_ns
    pages = (p for p in site_dir.rglob("*.html") if not p.is_relative_to(site_dir / SEARCH_DIR))
    return all(page.stat().st_mtime_ns <= built for page in pages)


def mark_indexed(site_dir: Path) -> None:
    """Date the index now (its entry file may not have changed bytes, nor been rewritten)."""
    (site_dir / _STAMP).touch()
