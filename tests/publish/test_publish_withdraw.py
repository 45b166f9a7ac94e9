"""`withdraw`: one episode off the site, its feed and the catalogue in one step; the feed
keeps the others, and the day made again is a new item (a withdrawn guid is never reused)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import feedparser
import pytest

from commitcast.config import Config, ShowConfig
from commitcast.errors import UserError
from commitcast.runner import ShowRunner
from commitcast.store import Catalogue


def _guids(site: Path) -> dict[str, str]:
    feed = feedparser.parse((site / "feed.xml").read_bytes())
    return {entry.link.rstrip("/").rsplit("/", 1)[-1]: entry.id for entry in feed.entries}


def test_withdraw_takes_one_episode_off_the_site_feed_and_catalogue(tmp_path: Path, make_show, week) -> None:
    site, state = tmp_path / "site", tmp_path / "state"
    show = ShowConfig(show=make_show(), site_dir=str(site))
    config = Config(path="commitcast.toml", state_dir=str(state), shows=[show])
    with Catalogue.open(state / "catalogue.sqlite") as catalogue:
        for episode in week:
            catalogue.put_episode(episode)
    ShowRunner(config, show).publish()
    before = _guids(site)
    assert before["2026-09-16"] == "commitcast:pytorch:2026-09-16" and len(before) == 7

    ShowRunner(config, show).withdraw("2026-09-16")
    assert not (site / "episodes" / "2026-09-16").exists()
    after = _guids(site)
    assert after == {slug: guid for slug, guid in before.items() if slug != "2026-09-16"}
    assert "episodes/2026-09-16/" not in (site / "index.html").read_text(encoding="utf-8")
    assert '"2026-09-16"' not in (site / "episodes.json").read_text(encoding="utf-8")
    for page in ("2026-09-15", "2026-09-17"):  # its neighbours no longer link it
        assert "episodes/2026-09-16/" not in (site / "episodes" / page / "index.html").read_text(encoding="utf-8")
    with Catalogue.open(state / "catalogue.sqlite") as catalogue:
        assert "2026-09-16" not in catalogue.episode_slugs("pytorch")
    ShowRunner(config, show).publish()  # a later run does not bring it back from anywhere
    assert "2026-09-16" not in _guids(site)

    # Made again (say, once the day is over), it is a new item with a guid of its own.
    with Catalogue.open(state / "catalogue.sqlite") as catalogue:
        catalogue.put_episode(next(e for e in week if e.slug == "2026-09-16"))
    ShowRunner(config, show).publish()
    assert _guids(site)["2026-09-16"] == "commitcast:pytorch:2026-09-16:2"
    ShowRunner(config, show).withdraw("2026-09-16")
    with Catalogue.open(state / "catalogue.sqlite") as catalogue:
        catalogue.put_episode(next(e for e in week if e.slug == "2026-09-16"))
    ShowRunner(config, show).publish()
    assert _guids(site)["2026-09-16"] == "commitcast:pytorch:2026-09-16:3"

    with pytest.raises(UserError, match="has no episode '2026-09-30'"):
        ShowRunner(config, show).withdraw("2026-09-30")


def test_a_day_after_today_is_refused(tmp_path: Path, make_show) -> None:
    show = ShowConfig(show=replace(make_show(), tz="Pacific/Kiritimati"), site_dir=str(tmp_path / "site"))
    config = Config(path="commitcast.toml", state_dir=str(tmp_path / "state"), shows=[show])
    from datetime import date, timedelta

    with pytest.raises(UserError, match=r"is after today \(.* in Pacific/Kiritimati"):
        ShowRunner(config, show).run([date.today() + timedelta(days=3)])
    assert not (tmp_path / "site").exists()
