"""Full-text search across every episode page and transcript: Pagefind indexes in the site, a month each.

Pagefind (MIT, shipped on PyPI with its binary as ``pagefind[bin]``) reads the published
HTML and writes a static index the browser queries in fragments: no server, so it works
from ``commitcast serve`` and any static host. Only the parts of pages marked
``data-pagefind-body`` are indexed (episode pages and transcripts, not lists or navigation).

Pagefind cannot update an index: adding one page changes most of its word chunks, so it
indexes every page again (about 3 s for a thousand episodes' pages here). The site's index is therefore
cut by the month an episode tells, one Pagefind bundle each in ``pagefind/YYYY-MM/``; a new
day re-indexes its own month, and the search page merges the months in the browser
(Pagefind's ``mergeIndex``). The newest month's bundle is the primary one, which carries
Pagefind's scripts, styles and WebAssembly; the others hold only their index. Pagefind's
output is deterministic, so a month indexed alone is the same bundle a full publish writes.
"""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Callable
from datetime import date
from pathlib import Path

from ..errors import StageError

__all__ = ["SEARCH_DIR", "partition", "bundle", "pagefind_identity", "index_partition"]

SEARCH_DIR = "pagefind"  # the indexes' directory in the site


def partition(first_day: date) -> str:
    """The search partition of an episode about ``first_day`` (a recap's week: its Monday): ``YYYY-MM``."""
    return f"{first_day:%Y-%m}"


def bundle(key: str) -> str:
    """The site-relative folder of partition ``key``'s Pagefind bundle, with its trailing slash."""
    return f"{SEARCH_DIR}/{key}/"


def _is_index_file(rel: str) -> bool:
    # What a merged bundle needs of its own: Pagefind's entry file, metadata, word chunks,
    # page fragments and filters (the scripts and WebAssembly come from the primary bundle).
    return rel == "pagefind-entry.json" or rel.endswith(".pf_meta") or rel.startswith(("index/", "fragment/", "filter/"))


def _pagefind() -> Path:
    from pagefind.service import get_executable

    binary = get_executable()
    if binary is None:
        raise StageError("the Pagefind binary is missing: reinstall commitcast (it depends on pagefind[bin])")
    return binary


def pagefind_identity() -> str:
    """The Pagefind binary in use (its path, size and mtime): another binary may index differently."""
    binary = _pagefind()
    stat = binary.stat()
    return f"{binary} {stat.st_size} {stat.st_mtime_ns}"


def index_partition(
    site_dir: Path, key: str, slugs: list[str], *, primary: bool, write: Callable[[str, bytes], None]
) -> list[str]:
    """Index the page and transcript of the episodes ``slugs`` (already in ``site_dir``) as the
    bundle of partition ``key``, handing each file to ``write`` (its site-relative path, its
    bytes); returns those paths. Only the ``primary`` bundle keeps Pagefind's scripts."""
    # Slugs are validated date slugs ([0-9a-zW-]), so they cannot change the glob's meaning.
    pages = f"episodes/{{{','.join(slugs)}}}/{{index,transcript}}.html"
    with tempfile.TemporaryDirectory(prefix=".pagefind-") as scratch:
        command = [
            str(_pagefind()), "--site", str(site_dir), "--glob", pages, "--output-path", scratch,
            "--keep-index-url",  # results link to …/index.html, which a plain file host serves too
            "--silent",
        ]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise StageError(f"Pagefind could not index the site: {(done.stderr or done.stdout).strip()[-500:]}")
        paths = []
        for path in sorted(Path(scratch).rglob("*")):
            rel = path.relative_to(scratch).as_posix()
            if path.is_file() and (primary or _is_index_file(rel)):
                paths.append(f"{bundle(key)}{rel}")
                write(paths[-1], path.read_bytes())
    return paths
