"""Episode windows, ISO weeks, recap days, the artifact cache and the show lock."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from commitcast.cache import ArtifactCache, stage_key
from commitcast.config import ShowConfig
from commitcast.errors import StageError, UserError
from commitcast.lock import show_lock
from commitcast.model import Show, Window
from commitcast.pipeline import episode_window, parse_week, recap_mondays, week_window


def show_config(**options) -> ShowConfig:
    return ShowConfig(show=Show(name="Demo", slug="demo", tz=options.pop("tz", "UTC")), **options)


def test_episode_window_runs_from_cutoff_to_cutoff_in_local_time() -> None:
    config = show_config(tz="America/Los_Angeles", cutoff="06:00")
    window = episode_window(config, date(2026, 9, 19))
    la = ZoneInfo("America/Los_Angeles")
    assert window.since == datetime(2026, 9, 19, 6, tzinfo=la)
    assert window.until == datetime(2026, 9, 20, 6, tzinfo=la)
    assert window.tz == "America/Los_Angeles"


def test_episode_window_across_a_dst_change_is_23_hours() -> None:
    window = episode_window(show_config(tz="Europe/Berlin"), date(2026, 3, 29))
    utc = ZoneInfo("UTC")
    # Same-zone datetimes subtract as wall-clock times, so compare in UTC.
    assert window.until.astimezone(utc) - window.since.astimezone(utc) == timedelta(hours=23)


def test_iso_weeks() -> None:
    assert parse_week("2026-W38") == date(2026, 9, 14)
    assert parse_week("2026-w01") == date(2025, 12, 29)
    for bad in ("2026-38", "2026-W54", "week 3"):
        with pytest.raises(UserError, match="ISO week"):
            parse_week(bad)
    window = week_window(show_config(), date(2026, 9, 14))
    assert (window.since.date(), window.until.date()) == (date(2026, 9, 14), date(2026, 9, 21))


def test_recap_is_due_on_the_recap_day_for_the_last_full_week() -> None:
    sunday = show_config(recap_day="sunday")
    assert recap_mondays(sunday, [date(2026, 9, 19)]) == []
    assert recap_mondays(sunday, [date(2026, 9, 20)]) == [date(2026, 9, 14)]
    monday = show_config(recap_day="monday")
    assert recap_mondays(monday, [date(2026, 9, 21), date(2026, 9, 22)]) == [date(2026, 9, 14)]


def test_cache_keys_depend_on_stage_version_and_every_input(tmp_path: Path) -> None:
    base = stage_key("plan", "1", b"changes", "config")
    assert base == stage_key("plan", "1", b"changes", "config")
    assert base != stage_key("plan", "2", b"changes", "config")
    assert base != stage_key("script", "1", b"changes", "config")
    assert base != stage_key("plan", "1", b"change", "sconfig")  # boundaries count

    cache = ArtifactCache(tmp_path)
    window = Window(since=datetime(2026, 1, 1, tzinfo=ZoneInfo("UTC")), until=datetime(2026, 1, 2, tzinfo=ZoneInfo("UTC")))
    assert cache.get("plan", base, Window) is None
    cache.put("plan", base, window)
    assert cache.get("plan", base, Window) == window
    cache.path("plan", base).write_bytes(b"{truncated")  # a damaged entry is remade, not fatal
    assert cache.get("plan", base, Window) is None
    assert not list((tmp_path / "plan").glob("*.tmp"))


def test_second_run_of_a_show_fails_clearly_while_the_first_holds_the_lock(tmp_path: Path) -> None:
    with show_lock(tmp_path, "demo"):
        with pytest.raises(StageError, match="another commitcast run is working on show 'demo'"):
            with show_lock(tmp_path, "demo", wait=0.1):
                pass
        with show_lock(tmp_path, "other"):  # other shows are not blocked
            pass
    with show_lock(tmp_path, "demo"):  # released after the first run
        pass
