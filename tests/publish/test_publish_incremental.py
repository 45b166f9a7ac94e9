"""Publishing run after run writes the site a publish from scratch writes, byte for byte.

One site is published into again and again (episodes added over several runs and across a
month, a re-run with nothing new, an episode replaced, one voiced again, an old day filled
in, a run that dies midway) and after each run every file is compared with a full publish of
the same episodes into an empty folder: pages, nearby lists, the show page, episodes.json,
the feed (kept to its newest items), the search index. The ledger, the publisher's own
bookkeeping of sizes and modification times, is the one file that differs by nature.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from commitcast.model import Episode
from commitcast.publish import publish_site
from commitcast.publish.ledger import LEDGER

FEED_LIMIT = 4  # small, so that new days push old ones out of the feed


def _files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file() and p.name != LEDGER}


def _published(site: Path, scratch: Path, show, episodes: list[Episode]):
    """Publish ``episodes`` into ``site`` and, from scratch, into a new folder under ``scratch``;
    the run's result, once every file of the two is the same."""
    result = publish_site(show, episodes, site, feed_limit=FEED_LIMIT)
    full = scratch / f"full-{len(list(scratch.iterdir()))}"
    publish_site(show, episodes, full, feed_limit=FEED_LIMIT)
    got, want = _files(site), _files(full)
    assert sorted(got) == sorted(want)
    assert [rel for rel in want if got[rel] != want[rel]] == []
    return result


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    (tmp_path / "full").mkdir()
    return tmp_path / "full"


def test_run_after_run_the_site_is_what_a_full_publish_writes(
    tmp_path: Path, scratch: Path, make_show, episode_factory, mp3_bytes: bytes
) -> None:
    show, site = make_show(), tmp_path / "site"
    august = [episode_factory(day, month=8) for day in (28, 29, 30)]
    published = _published(site, scratch, show, august)
    assert published.episodes == 3 and "feed.xml" in published.written

    # Three days across the end of the month and a weekly recap.
    more = [episode_factory(31, month=8), episode_factory(1), episode_factory(2), episode_factory(35, kind="recap")]
    days = august + more
    added = _published(site, scratch, show, days)
    assert "pagefind/2026-09/pagefind-ui.js" in added.written and "episodes/2026-08-30/index.html" in added.written

    # Nothing new: nothing written, nothing removed, nothing even read.
    again = _published(site, scratch, show, list(reversed(days)))
    assert again.written == [] and again.removed == [] and again.unchanged == len(_files(site))

    # An episode replaced: its pages, its neighbours' lists, the show page, the feed, its month's index.
    replaced = episode_factory(1, title="PyTorch: The Day Everything Compiled", summary="A new summary.",
                               sentence="This sentence was never said before.")  # fmt: skip
    days = [replaced if e.slug == "2026-09-01" else e for e in days]
    changed = _published(site, scratch, show, days)
    assert {"episodes/2026-09-01/index.html", "episodes/2026-09-01/transcript.html", "episodes/2026-08-31/index.html",
            "index.html", "episodes.json", "feed.xml"} <= set(changed.written)  # fmt: skip
    assert not [p for p in changed.written if p.startswith("pagefind/2026-08/")]  # August says nothing new

    # One episode voiced again (a longer file), then an old day filled in: every later number moves.
    mp3 = Path(days[5].media_dir or "") / "episode.mp3"
    mp3.write_bytes(mp3_bytes * 2)
    revoiced = _published(site, scratch, show, days)
    assert "episodes/2026-09-02/episode.mp3" in revoiced.written
    listed = {e["slug"]: e for e in json.loads((site / "episodes.json").read_text())["episodes"]}
    assert listed["2026-09-02"]["audio_bytes"] == 2 * len(mp3_bytes)
    backfilled = _published(site, scratch, show, [episode_factory(27, month=8), *days])
    assert "episodes/2026-09-02/index.html" in backfilled.written  # now episode 8, not 7


def test_a_run_that_dies_midway_is_finished_by_the_next(
    tmp_path: Path, scratch: Path, make_show, episode_factory, crash_writing
) -> None:
    show, site = make_show(), tmp_path / "site"
    days = [episode_factory(day) for day in (14, 15, 16)]
    _published(site, scratch, show, days)
    crash_writing("2026-09-17/transcript.html")
    days.append(episode_factory(17))
    with pytest.raises(OSError, match="disk full"):
        publish_site(show, days, site, feed_limit=FEED_LIMIT)
    # The ledger went before the first change, so nothing vouches for a half-made site.
    assert not (site / LEDGER).exists()
    crash_writing(None)
    finished = _published(site, scratch, show, days)
    assert "episodes/2026-09-17/transcript.html" in finished.written and (site / LEDGER).exists()


def test_a_ledger_not_to_be_trusted_means_every_file_is_checked(tmp_path: Path, make_show, episode_factory) -> None:
    show, site = make_show(), tmp_path / "site"
    days = [episode_factory(day) for day in (14, 15)]
    publish_site(show, days, site)
    ledger = json.loads((site / LEDGER).read_text())
    # Made by other code (an upgrade, an edited template): every unit is made again, the bytes compared.
    (site / LEDGER).write_text(json.dumps(ledger | {"code": "another version"}))
    (site / "episodes/2026-09-14/index.html").write_text("left by the other version")
    result = publish_site(show, days, site)
    assert result.written == ["episodes/2026-09-14/index.html"]
    assert json.loads((site / LEDGER).read_text())["code"] == ledger["code"]
    # Unreadable: the same; and a crashed run's temp files and an older layout's index go.
    (site / LEDGER).write_text("{not json")
    (site / "episodes/2026-09-15/.index.html.x1.tmp").write_text("half")
    (site / "pagefind/fragment").mkdir(parents=True)
    (site / "pagefind/fragment/en_0123abc.pf_fragment").write_bytes(b"one index for the whole site")
    again = publish_site(show, days, site)
    assert again.written == [] and not list(site.rglob(".*.tmp"))
    assert again.removed == ["pagefind/fragment/en_0123abc.pf_fragment"] and not (site / "pagefind/fragment").exists()
    assert json.loads((site / LEDGER).read_text())["units"]


def test_warnings_are_told_again_while_the_feed_stands(tmp_path: Path, make_show, episode_factory) -> None:
    show, days = make_show(base_url=""), [episode_factory(14)]
    first = publish_site(show, days, tmp_path)
    assert any("podcast:guid" in p.message for p in first.warnings)
    again = publish_site(show, days, tmp_path)
    assert again.written == [] and again.warnings == first.warnings


def test_a_tampered_ledger_removes_nothing_outside_the_site(tmp_path: Path, make_show, episode_factory) -> None:
    """The ledger is a file on disk: a search unit it says is gone, naming "../outside.txt" or an
    absolute path, must not make a publish delete that file."""
    show, site = make_show(), tmp_path / "site"
    days = [episode_factory(14)]
    publish_site(show, days, site)
    outside, absolute = tmp_path / "outside.txt", tmp_path / "absolute.txt"
    for path in (outside, absolute):
        path.write_text("not the site's")
    ledger = json.loads((site / LEDGER).read_text())
    ledger["units"]["search:1999-01"] = ["0", ["../outside.txt", 14, 0, str(absolute), 14, 0], None]
    (site / LEDGER).write_text(json.dumps(ledger))
    publish_site(show, days, site)
    assert outside.read_text() == "not the site's" and absolute.read_text() == "not the site's"
