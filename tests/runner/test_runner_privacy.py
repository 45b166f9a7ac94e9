"""A show made end to end on a machine with a user, a home, a token and a state dir: its site
names none of them, in any file, in any encoding; and its episode says which day it tells
the same way on its page, the index, the transcript page, the feed and the MP3's tag."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Protocol, cast

import pytest
from runner_helpers import COMMITCAST, TINY, build_repo

from commitcast.voice import default_voice_path

TOKEN = "ghp_" + "Zq8" * 12  # the shape of a GitHub token, set in the run's environment
USER = "zorblax"


class _StreamInfo(Protocol):
    """What mutagen documents of a loaded MP3's ``info`` (it declares ``FileType.info = None``
    and sets these where mypy cannot see them)."""

    sample_rate: int
    bitrate: int
    channels: int


def _forms(needle: str) -> list[bytes]:
    # ID3v2.3 text is UTF-16; a byte scan for UTF-8 alone would miss a name in a tag.
    return [needle.encode(encoding) for encoding in ("utf-8", "utf-16-le", "utf-16-be")]


def _readable(data: bytes) -> bytes:
    """The file's bytes, and, for gzip files (search index fragments), what they hold."""
    if data[:2] == b"\x1f\x8b":
        return data + gzip.decompress(data)
    return data


pytestmark = pytest.mark.tts  # the module's show run voices its episode


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the temporary root, the published site) of a show run as USER with a token set."""
    tmp_path = tmp_path_factory.mktemp("machine")
    home = tmp_path / "home" / USER
    project = home / "projects" / "secret-project"
    build_repo(project / "repo", TINY)
    env = {
        **os.environ,
        "HOME": str(home), "USER": USER, "LOGNAME": USER, "GITHUB_TOKEN": TOKEN,
        "COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb",
    }  # fmt: skip

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([str(COMMITCAST), *args], cwd=project, env=env, capture_output=True, text=True,
                              timeout=300, check=False)  # fmt: skip
        assert done.returncode == 0, done.stderr
        return done

    cli("init", "--name", "Tiny", "--repo", str(project / "repo"), "--base-url", "https://example.org/tiny")
    toml = project / "commitcast.toml"
    text = toml.read_text().replace('state_dir = ".commitcast"', 'state_dir = "state-quux"')
    toml.write_text(text + f'voice = "{default_voice_path()}"\n')
    cli("episode", "--date", "2025-03-24", "-q")
    site = project / "site" / "tiny"
    assert (site / "episodes" / "2025-03-24" / "episode.mp3").is_file()
    return tmp_path, site


def test_a_published_site_names_no_local_path_user_token_or_state(made: tuple[Path, Path]) -> None:
    tmp_path, site = made
    home = tmp_path / "home" / USER
    project = home / "projects" / "secret-project"
    needles = {
        "the project's path": str(project),
        "the home directory": str(home),
        "the user's name": USER,
        "the token": TOKEN,
        "the state dir": "state-quux",
        "the prepared-voice cache": os.environ["COMMITCAST_CACHE_DIR"],
        "the Python environment": sys.prefix,
        "the temporary directory": str(tmp_path),
    }
    files = sorted(p for p in site.rglob("*") if p.is_file())
    assert len(files) > 10
    leaks = [
        f"{path.relative_to(site)} holds {what}"
        for path in files
        for data in [_readable(path.read_bytes())]
        for what, needle in needles.items()
        if any(form in data for form in _forms(needle))
    ]
    assert leaks == []
    # The show record keeps what is public: no forge here, so no repository; the voice by name.
    record = json.loads((site / "show.json").read_text())
    assert record["repo"] == "" and record["voice"] == default_voice_path().name


def test_the_episode_tells_one_day_everywhere_and_its_mp3_meets_the_spec(made: tuple[Path, Path]) -> None:
    from lxml import etree, html
    from mutagen.id3 import ID3
    from mutagen.mp3 import MP3

    _, site = made
    day = "Monday 24 March 2025"
    folder = site / "episodes" / "2025-03-24"
    page = html.fromstring((folder / "index.html").read_bytes())
    assert page.xpath('string(//p[@class="kicker"])') == f"Daily briefing · {day}"
    length = page.xpath('string(//p[@class="meta"])').split(" · ")[0]
    assert html.fromstring((folder / "transcript.html").read_bytes()).xpath('string(//p[@class="kicker"])').endswith(
        f"Daily briefing · {day} · {length}"
    )
    index = html.fromstring((site / "index.html").read_bytes())
    assert index.xpath('string(//ul[@class="episodes"]/li/span[@class="when"])') == f"{day} · {length}"
    item = etree.fromstring((site / "feed.xml").read_bytes()).find("channel/item")
    assert f"Daily briefing · {day} · {length}" in item.findtext("description")
    tag = ID3(folder / "episode.mp3")
    assert str(tag["TDRC"]) == "2025-03-24" and tag.version[:2] == (2, 3)
    # Apple's MP3: 44.1 kHz, and the show's cover in the tag though no artwork was configured.
    info = cast(_StreamInfo, MP3(folder / "episode.mp3").info)
    assert (info.sample_rate, info.bitrate, info.channels) == (44100, 96000, 1)
    (cover,) = tag.getall("APIC")
    assert cover.mime == "image/png" and cover.data == (site / "artwork.png").read_bytes()
