"""Host styles: the wording is data a show can replace, checked when it is loaded."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from write_days import busy_day

from commitcast.errors import UserError
from commitcast.write import check_script, load_style, narrate, speech_problems
from commitcast.write.style import SLOT_FIELDS, default_style

LATE_NIGHT = """\
[host]
name = "late-night"

transitions = ["Meanwhile,", "Also,", "And"]

[slots.greeting]
fields = ["show"]
lines = ["Evening, night owls. This is {show} after dark."]

[slots.sign_off]
fields = ["date", "show"]
lines = ["That's {date} in {show}. Sleep well."]

[nouns]
docs = "docs touch-up"
"""


def test_the_default_style_fills_every_slot() -> None:
    style = default_style()
    assert set(style.slots) == set(SLOT_FIELDS)
    assert all(style.slots[name] for name in SLOT_FIELDS)


def test_a_show_style_is_used_and_grounded(tmp_path: Path) -> None:
    path = tmp_path / "late-night.toml"
    path.write_text(LATE_NIGHT)
    style = load_style(str(path))
    plan = replace(busy_day(), untold={"docs": 2})
    script = narrate(plan, style)
    assert script.sentences[0].text == "Evening, night owls. This is PyTorch after dark."
    assert script.sentences[-1].text == "That's September 19th in PyTorch. Sleep well."
    # Its own words ("owls") pass the checker; every other slot keeps the default host's lines.
    assert check_script(script, plan, style) == [] and speech_problems(script) == []
    assert style.slots["hook"] == default_style().slots["hook"]
    assert "two docs touch-ups" in " ".join(s.text for s in script.sentences)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[slots.greeting]\nfields = ["show"]\nlines = ["Evening from {city}."]\n',
         "style.toml:3: 'slots.greeting.lines' uses {city}"),
        ('[slots.greeting]\nfields = ["show", "city"]\nlines = ["Hi {show}."]\n',
         "names city, which the narrator does not give"),
        ('[slots.gretting]\nfields = []\nlines = ["Hi."]\n',
         "style.toml:1: 'slots.gretting' is not a slot the narrator fills"),
        ('[slots.greeting]\nfields = ["show"]\nlines = ["Hi {show}, day 3."]\n',
         "a line may not state numbers, links or braces of its own"),
        ('[slots.greeting]\nfields = ["show"]\nlines = []\n', "must be a non-empty list of lines"),
        ('[slots.greeting\nfields = ["show"]\n', "style.toml: not valid TOML"),
        ('[nouns]\nwidget = "thing"\n', "'nouns.widget' is not a nature"),
    ],
)
def test_a_bad_style_is_one_clear_error_naming_file_key_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "style.toml"
    path.write_text(text)
    with pytest.raises(UserError) as caught:
        load_style(str(path))
    assert message in str(caught.value)
    assert str(path) in str(caught.value)


def test_a_missing_style_file_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="cannot read the host style"):
        load_style(str(tmp_path / "nope.toml"))


def test_a_phrasing_whose_field_repeats_its_word_is_avoided() -> None:
    """pip 2013-02-15: "Marcus Smith improved the docs docs" (the docs change slot, area "docs")."""
    from commitcast.write.host import Host

    for seed in range(20):
        said = Host(seed=str(seed)).say("docs_change", person="Marcus Smith", area="docs", title="“Mention it”", ref="")
        assert "docs docs" not in said.text, said.text


def test_a_fields_own_stop_ends_the_sentence_and_a_count_after_a_lead_is_lower_case() -> None:
    """curl 2025-08-22: "The reason given: not intended for merge!."; 2025-12-10: "Under the hood, Three pull requests"."""
    from commitcast.model import Sentence
    from commitcast.write.host import Host

    for seed in range(10):
        said = Host(seed=str(seed)).say("revert_reason_told", reason="not intended for merge!")
        assert "!." not in said.text and said.text.endswith("!"), said.text
    led = Host(seed="1")._led("Under the hood", Sentence(text="Three pull requests from Viktor Szakats landed in data."))
    assert led.text == "Under the hood, three pull requests from Viktor Szakats landed in data."
