"""One date story: every page, the index, the feed and the transcript page say which day (or
week) an episode tells, and when it came out, the same way, in words people read."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from email.utils import parsedate_to_datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from lxml import etree, html

from commitcast.model import Window
from commitcast.publish import publish_site
from commitcast.publish.feed import NS
from commitcast.publish.text import day_span, local_moment, long_day, spoken_duration

SGT = ZoneInfo("Asia/Singapore")


def test_words_for_days_weeks_lengths_and_moments() -> None:
    assert long_day(date(2026, 12, 1)) == "Tuesday 1 December 2026"
    assert day_span(date(2024, 1, 8), date(2024, 1, 14)) == "Monday 8 – Sunday 14 January 2024"
    assert day_span(date(2024, 1, 29), date(2024, 2, 4)) == "Monday 29 January – Sunday 4 February 2024"
    assert day_span(date(2023, 12, 25), date(2024, 1, 1)) == "Monday 25 December 2023 – Monday 1 January 2024"
    assert day_span(date(2024, 1, 8), date(2024, 1, 8)) == "Monday 8 January 2024"
    # Whole seconds rounded as itunes:duration rounds them, so "2 min 16 s" is PT2M16S.
    assert spoken_duration(135.6) == "2 min 16 s" and spoken_duration(3725.2) == "1 h 2 min 5 s"
    moment = datetime(2026, 12, 1, 23, 0, tzinfo=UTC)
    assert local_moment(moment, ZoneInfo("Europe/Berlin")) == "Wednesday 2 December 2026, 00:00 CET"
    assert local_moment(moment, SGT) == "Wednesday 2 December 2026, 07:00 UTC+8"
    assert local_moment(moment, ZoneInfo("Asia/Kolkata")) == "Wednesday 2 December 2026, 04:30 IST"
    assert local_moment(moment, ZoneInfo("America/St_Johns")) == "Tuesday 1 December 2026, 19:30 NST"


def _sgt_week(episode_factory) -> list:
    """Monday 7 to Sunday 13 September 2026 in Singapore, each daily out at the end of its day,
    and the week's recap out at the same moment as Sunday's daily."""
    episodes = []
    for day in (7, 11, 13):
        since = datetime(2026, 9, day, tzinfo=SGT)
        window = Window(since=since, until=since + timedelta(days=1), tz="Asia/Singapore")
        episodes.append(replace(episode_factory(day), window=window, published_at=window.until))
    recap = episode_factory(37, kind="recap", title="PyTorch: A Week")
    window = Window(since=datetime(2026, 9, 7, tzinfo=SGT), until=datetime(2026, 9, 14, tzinfo=SGT), tz="Asia/Singapore")
    return episodes + [replace(recap, window=window, published_at=window.until)]


def test_each_place_names_the_same_day_and_moment(tmp_path: Path, make_show, episode_factory) -> None:
    episodes = _sgt_week(episode_factory)
    publish_site(make_show(tz="Asia/Singapore"), episodes, tmp_path)
    # Friday's daily is about Friday 11 September in Singapore: 16:00 UTC on the 10th to 16:00 on
    # the 11th. It came out at midnight, local time, on the 12th.
    about, out = "Friday 11 September 2026", "Saturday 12 September 2026, 00:00 UTC+8"
    page = html.fromstring((tmp_path / "episodes/2026-09-11/index.html").read_bytes())
    assert page.xpath('string(//p[@class="kicker"])') == f"Daily briefing · {about}"
    text = " ".join(page.text_content().split())
    assert f"about {about}" in text and f"Published: {out}" in text
    assert "11 September" not in text.replace(about, "")  # no other spelling of the day anywhere
    transcript = html.fromstring((tmp_path / "episodes/2026-09-11/transcript.html").read_bytes())
    assert about in transcript.xpath('string(//p[@class="kicker"])')
    index = html.fromstring((tmp_path / "index.html").read_bytes())
    (listed,) = [li for li in index.xpath('//ul[@class="episodes"]/li') if "2026-09-11" in li.xpath("string(a/@href)")]
    assert listed.xpath('string(.//span[@class="when"])').startswith(about)
    feed = etree.fromstring((tmp_path / "feed.xml").read_bytes())
    item = next(i for i in feed.iter("item") if i.findtext("guid").endswith("2026-09-11"))
    assert f"Daily briefing · {about} · 5 s" in item.findtext("description")
    assert parsedate_to_datetime(item.findtext("pubDate")).astimezone(SGT) == datetime(2026, 9, 12, tzinfo=SGT)
    # The recap tells the week, by its days.
    recap = html.fromstring((tmp_path / "episodes/2026-W37-recap/index.html").read_bytes())
    assert recap.xpath('string(//p[@class="kicker"])') == "Weekly recap · Monday 7 – Sunday 13 September 2026"
    # As an HTML datetime (which has no intervals of dates): the ISO week.
    assert recap.xpath('//p[@class="kicker"]/time/@datetime') == ["2026-W37"]


def test_a_recap_and_its_weeks_last_daily_come_out_apart_and_in_order(tmp_path: Path, make_show, episode_factory) -> None:
    episodes = _sgt_week(episode_factory)
    assert episodes[-1].published_at == episodes[-2].published_at  # Sunday's daily and the recap
    publish_site(make_show(tz="Asia/Singapore"), list(reversed(episodes)), tmp_path)
    items = etree.fromstring((tmp_path / "feed.xml").read_bytes()).findall("channel/item")
    dates = [parsedate_to_datetime(i.findtext("pubDate")) for i in items]
    assert len(set(dates)) == len(dates) and dates == sorted(dates, reverse=True)
    assert [i.findtext("guid").rsplit(":", 1)[1] for i in items[:2]] == ["2026-W37-recap", "2026-09-13"]
    assert dates[0] - dates[1] == timedelta(minutes=1)
    assert [i.findtext("itunes:episode", namespaces=NS) for i in items] == ["4", "3", "2", "1"]
    page = html.fromstring((tmp_path / "episodes/2026-W37-recap/index.html").read_bytes())
    assert "Published: Monday 14 September 2026, 00:01 UTC+8" in " ".join(page.text_content().split())


def test_a_day_with_a_cutoff_is_still_one_day(tmp_path: Path, make_show, episode_factory) -> None:
    """A show whose day ends at 06:00 tells 19 September from 06:00 that day to 06:00 the next."""
    berlin = ZoneInfo("Europe/Berlin")
    since = datetime(2026, 9, 19, 6, tzinfo=berlin)
    window = Window(since=since, until=since + timedelta(days=1), tz="Europe/Berlin")
    # And a recap across the end of summer time (25 October): a week of 169 hours.
    week = Window(since=datetime(2026, 10, 19, 6, tzinfo=berlin), until=datetime(2026, 10, 26, 6, tzinfo=berlin),
                  tz="Europe/Berlin")  # fmt: skip
    daily = replace(episode_factory(19), window=window, published_at=window.until)
    recap = replace(episode_factory(43, kind="recap"), window=week, published_at=week.until)
    publish_site(make_show(tz="Europe/Berlin"), [daily, recap], tmp_path)
    page = html.fromstring((tmp_path / "episodes/2026-09-19/index.html").read_bytes())
    assert page.xpath('string(//p[@class="kicker"])') == "Daily briefing · Saturday 19 September 2026"
    page = html.fromstring((tmp_path / "episodes/2026-W43-recap/index.html").read_bytes())
    assert page.xpath('string(//p[@class="kicker"])') == "Weekly recap · Monday 19 – Sunday 25 October 2026"
