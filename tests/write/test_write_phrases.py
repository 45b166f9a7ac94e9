"""The phrases around the facts are style data: a second host (the newsroom) says them its way, a
style file names only what it changes, a bad one is one clear line, and dates never follow the
process locale."""

from __future__ import annotations

import locale
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from write_days import busy_day

from commitcast.dates import day_span, long_day, spoken_day
from commitcast.errors import UserError
from commitcast.model import Window
from commitcast.phrasebook import PHRASE_FIELDS, default_phrasebook
from commitcast.publish.text import long_day as page_day
from commitcast.write import check_script, load_style, narrate, speech_problems
from commitcast.write.wording import day_phrase

GERMAN = """\
[calendar]
months = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
          "November", "Dezember"]
weekdays = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
"""


def _style(tmp_path: Path, text: str) -> str:
    path = tmp_path / "style.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_default_style_gives_every_phrase_and_the_newsroom_rewords_some() -> None:
    default, newsroom = default_phrasebook(), load_style("newsroom").phrases
    assert set(default.phrases) == set(PHRASE_FIELDS)
    changed = {key for key in PHRASE_FIELDS if newsroom.options(key) != default.options(key)}
    families = {key.split(".")[0] for key in changed}
    assert {"titles", "headings", "releases", "facts"} <= families, families


def test_the_newsroom_host_is_terser_and_still_true() -> None:
    plan = busy_day()
    style = load_style("newsroom")
    default, newsroom = narrate(plan), narrate(plan, style)
    assert [s.title for s in default.sections][:1] == ["Welcome"] and default.sections[-1].title == "Sign-off"
    assert newsroom.sections[0].title == "Top" and newsroom.sections[-1].title == "Close"
    assert any(s.title == "In brief" for s in newsroom.sections)
    first = newsroom.sentences[0].text
    assert first.startswith(("This is PyTorch for September 19th, 2026. Top story: ", "The PyTorch briefing for September 19th"))
    words = [len(s.text.split()) for s in newsroom.sentences]
    assert sum(words) < sum(len(s.text.split()) for s in default.sentences)
    assert check_script(newsroom, plan, style) == [] and speech_problems(newsroom) == []


def test_the_pr_phrase_is_the_styles(tmp_path: Path) -> None:
    style = load_style(_style(tmp_path, '[phrases.host]\npr = "in pull request {pr}"\n'))
    plan = busy_day()
    default = " ".join(s.text for s in narrate(plan).sentences)
    spoken = " ".join(s.text for s in narrate(plan, style).sentences)
    assert " in PR " in default and " in PR " not in spoken and " in pull request " in spoken
    # Every other phrase keeps the default's.
    assert {k: v for k, v in style.phrases.phrases.items() if k != "host.pr"} == {
        k: v for k, v in default_phrasebook().phrases.items() if k != "host.pr"
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[phrases.titles]\nrelese = "{name} Is Out"\n',
         "style.toml:2: 'phrases.titles.relese' is not a phrase the host says (known in phrases.titles: "),
        ('[phrases.headings]\nreverted = "Rolled back"\n',
         "style.toml:2: 'phrases.headings.reverted' has 'Rolled back', which leaves out {topic}"),
        ('[phrases.headings]\nreverted = "Reverted: {title}"\n', "uses {title} in 'Reverted: {title}' but the code gives only ['topic']"),
        ('[phrases.host]\npr = 7\n', "style.toml:2: 'phrases.host.pr' must be a phrase or a non-empty list of phrases"),
        ('[phrases.titles]\nquiet = []\n', "'phrases.titles.quiet' must be a phrase or a non-empty list of phrases"),
        ('[phrases.titles]\nquiet = "Day 7 Was Quiet"\n', "a line may not state numbers, links or braces of its own"),
        ('[phrases.recap]\ntitle_area = "{count:d} Changes in {area}"\n', "a field is written as {name}, without a format"),
        ('[phraces.titles]\nquiet = "Calm"\n', "'phraces' is not a style table"),
        ('[phrases.sounds]\nding = "Ding"\n', "'phrases.sounds.ding' is not a phrase the host says (families: "),
        ('[calendar]\nmonths = ["Jan", "Feb"]\n', "style.toml:2: 'calendar.months' must be a list of 12 names"),
        ('[calendar]\nseasons = ["Spring"]\n', "'calendar.seasons' is not a calendar list"),
    ],
)
def test_a_bad_phrase_is_one_clear_error_naming_file_key_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = _style(tmp_path, text)
    with pytest.raises(UserError) as caught:
        load_style(path)
    said = str(caught.value)
    assert message in said and said.startswith(path) and "\n" not in said


def test_a_bad_style_stops_the_cli_with_one_line(tmp_path: Path) -> None:
    path = _style(tmp_path, '[phrases.host]\npr = "in a PR"\n')
    code = "from commitcast.cli import main; main()"
    out = subprocess.run(
        [sys.executable, "-c", code, "plan", str(tmp_path), "--style", path], capture_output=True, text=True,
        env={**os.environ, "COLUMNS": "200"}, timeout=120,
    )
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert f"--style: {path}:2: 'phrases.host.pr' has 'in a PR', which leaves out {{pr}}" in out.stderr


# ------------------------------------------------------------------------------ dates

DAY = Window(since=datetime(2026, 12, 1, tzinfo=UTC), until=datetime(2026, 12, 2, tzinfo=UTC), tz="UTC")


def test_the_script_says_the_day_in_the_styles_month_names(tmp_path: Path) -> None:
    months = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"]
    style = load_style(_style(tmp_path, f"[calendar]\nmonths = {months!r}\n".replace("'", '"')))
    plan = busy_day()
    script = narrate(plan, style)
    said = " ".join(s.text for s in script.sentences)
    assert "septembre 19th" in said and "September" not in said
    assert check_script(script, plan, style) == []


def test_dates_are_said_in_the_styles_month_and_weekday_names(tmp_path: Path) -> None:
    german = load_style(_style(tmp_path, GERMAN)).phrases
    assert day_phrase(DAY) == "December 1st, 2026"
    assert day_phrase(DAY, names=german) == "Dezember 1st, 2026"
    assert spoken_day(date(2026, 2, 27), date(2026, 3, 5), german, year=False) == "Februar 27th to März 5th"
    assert long_day(date(2026, 12, 1), german) == "Dienstag 1 Dezember 2026"
    assert day_span(date(2024, 1, 29), date(2024, 2, 4), german) == "Montag 29 Januar – Sonntag 4 Februar 2024"


def _german_locale(where: Path) -> bool:
    """Build glibc's de_DE.UTF-8 into ``where`` when the locale sources are installed."""
    if shutil.which("localedef") is None or not Path("/usr/share/i18n/locales/de_DE").is_file():
        return False
    built = subprocess.run(
        ["localedef", "-i", "de_DE", "-f", "UTF-8", str(where / "de_DE.UTF-8")], capture_output=True, timeout=120
    )
    return (where / "de_DE.UTF-8").is_dir() and built.returncode in (0, 1)  # 1: built, with warnings


@pytest.fixture
def foreign_time_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """LC_TIME set to a German locale for the test: an installed one, else one built into a
    temporary directory (skipped when neither can be had)."""
    before = locale.setlocale(locale.LC_TIME)
    names = ("de_DE.UTF-8", "de_DE.utf8")
    if not any(_try_locale(name) for name in names):
        if not _german_locale(tmp_path):
            pytest.skip("no German locale is installed, and none can be built")
        monkeypatch.setenv("LOCPATH", str(tmp_path))  # glibc looks here first
        if not _try_locale(names[0]):
            pytest.skip("the German locale built does not load")
    try:
        yield locale.setlocale(locale.LC_TIME)
    finally:
        locale.setlocale(locale.LC_TIME, before)


def _try_locale(name: str) -> bool:
    try:
        locale.setlocale(locale.LC_TIME, name)
    except locale.Error:
        return False
    return datetime(2026, 12, 1).strftime("%B") == "Dezember"


def test_dates_do_not_follow_the_process_locale(foreign_time_locale: str) -> None:
    assert datetime(2026, 12, 1).strftime("%B") == "Dezember"  # what strftime would have said
    assert day_phrase(DAY) == "December 1st, 2026"
    assert page_day(date(2026, 12, 1)) == "Tuesday 1 December 2026"


def test_a_revert_of_an_earlier_weekday_names_it_from_the_calendar(tmp_path: Path) -> None:
    """A change reverted three days after it landed is "from <weekday>": the style's weekday."""
    from dataclasses import replace

    plan = busy_day()
    story = next(s for s in plan.stories if s.kind == "revert")
    original = next(r for r in [*story.changes, *story.earlier] if not ({"revert", "reland"} & set(r.kinds)))
    moved = [replace(r, landed_at=plan.window.since - timedelta(days=3)) if r.sha == original.sha else r for r in story.changes]
    earlier = [replace(r, landed_at=plan.window.since - timedelta(days=3)) if r.sha == original.sha else r for r in story.earlier]
    stories = [replace(s, changes=moved, earlier=earlier) if s is story else s for s in plan.stories]
    plan = replace(plan, stories=stories)
    weekday = default_phrasebook().weekday((plan.window.since - timedelta(days=3)).date())
    german = load_style(_style(tmp_path, GERMAN))
    assert f"from {weekday}" in " ".join(s.text for s in narrate(plan).sentences)
    german_day = german.phrases.weekday((plan.window.since - timedelta(days=3)).date())
    assert f"from {german_day}" in " ".join(s.text for s in narrate(plan, german).sentences)
