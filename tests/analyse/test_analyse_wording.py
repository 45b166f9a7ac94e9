"""The newsroom's words are the host style's: titles and chapter headings change with the style,
the facts they frame do not."""

from __future__ import annotations

from pathlib import Path

import pytest

from commitcast.analyse import plan_episode
from commitcast.analyse.releases import release_headline
from commitcast.model import Release, Revert
from commitcast.write import load_style

NEWSROOM = load_style("newsroom").phrases


def test_the_newsroom_style_titles_and_heads_the_reference_day_its_own_way(b) -> None:
    changes, _ = b.reference_day()
    default = plan_episode(changes, b.SHOW, b.WINDOW)
    newsroom = plan_episode(changes, b.SHOW, b.WINDOW, phrases=NEWSROOM)
    assert default.title == "PyTorch: The Great Distributed Test Speedup"
    assert newsroom.title == "PyTorch: Distributed Tests Three to Six Times Faster"
    # Only the words around the facts differ: the same stories, people, changes and numbers.
    assert [s.changes for s in newsroom.stories] == [s.changes for s in default.stories]
    assert newsroom.counts == default.counts
    heads = {d.headline: n.headline for d, n in zip(default.stories, newsroom.stories, strict=True)}
    reverted = next(h for h in heads if h.startswith("Reverted: "))
    assert heads[reverted] == "Rollback: " + reverted.removeprefix("Reverted: ")


def test_a_release_day_is_headlined_in_the_styles_words(b) -> None:
    release = Release("2.10.0", b.sha_of("release"), kind="minor", previous="2.9.1", changes=120, authors=30)
    changes = [b.make_change("Release 2.10.0", sha=release.sha)]
    default = plan_episode(changes, b.SHOW, b.WINDOW, releases=[release])
    newsroom = plan_episode(changes, b.SHOW, b.WINDOW, releases=[release], phrases=NEWSROOM)
    assert default.stories[0].headline == "PyTorch 2.10.0 is out"
    assert newsroom.stories[0].headline == "PyTorch 2.10.0 released"
    assert newsroom.title in ("PyTorch: Version 2.10.0 Released", "PyTorch: Version 2.10.0 Ships")
    assert release_headline([release, Release("2.10.1", "b" * 40)], "PyTorch", NEWSROOM) == "PyTorch 2.10.0 and 2.10.1 released"


def test_a_style_that_rewords_one_heading_keeps_the_default_for_the_rest(b, tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[phrases.headings]\nreverted = "Undone: {topic}"\n', encoding="utf-8")
    original = b.make_change("Speed up the loader (#700)", pr=700)
    revert = b.make_change(
        'Revert "Speed up the loader (#700)"', minute=30, author="Bob Bot",
        revert=Revert(sha=original.sha, title="Speed up the loader (#700)"),
    )
    plan = plan_episode([original, revert], b.SHOW, b.WINDOW, phrases=load_style(str(path)).phrases)
    heads = [s.headline for s in plan.stories]
    assert "Undone: Speed up the loader" in heads, heads
    assert plan.title == plan_episode([original, revert], b.SHOW, b.WINDOW).title  # titles kept the default's


@pytest.mark.parametrize("name", ["newsroom", "default"])
def test_a_shipped_style_is_chosen_by_name(name: str) -> None:
    style = load_style(name)
    assert style.name == name and style.path.endswith(f"styles/{name}.toml")


def test_a_weeks_recap_is_titled_in_the_styles_words(b) -> None:
    from commitcast.analyse.recap import plan_recap

    changes, _ = b.reference_day()
    day = plan_episode(changes, b.SHOW, b.WINDOW)
    default, newsroom = plan_recap([day], b.SHOW, b.WINDOW), plan_recap([day], b.SHOW, b.WINDOW, NEWSROOM)
    assert default.title.startswith("PyTorch: Weekly Recap: ") and newsroom.title.startswith("PyTorch: The Week: ")
    assert default.title.removeprefix("PyTorch: Weekly Recap: ") == newsroom.title.removeprefix("PyTorch: The Week: ")
    assert plan_recap([], b.SHOW, b.WINDOW, NEWSROOM).title == "PyTorch: The Week: No Changes"
    assert default.summary.startswith("This week in PyTorch: ")


def test_the_summary_is_worded_by_the_style_and_says_the_same_facts(b) -> None:
    changes, _ = b.reference_day()
    default = plan_episode(changes, b.SHOW, b.WINDOW).summary
    newsroom = plan_episode(changes, b.SHOW, b.WINDOW, phrases=NEWSROOM).summary
    assert "Also among the day's " in default and "Also among" not in newsroom and ". Also: " in newsroom
    first = default.split(". Also among the day's ")[0]
    assert newsroom.startswith(first)  # the headline sentence keeps the default's words
    tally = default.rsplit("Also among the day's ", 1)[-1].split(": ", 1)[0]
    assert newsroom.endswith(f"In all, {tally}.")
