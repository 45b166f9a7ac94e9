"""Weekly recaps: planned from the week's daily plans only, and told as a recap."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta

from write_days import busy_day, day, quiet_day, ref, sha

from commitcast.analyse.recap import plan_recap
from commitcast.model import EpisodePlan, Show, Story, Window
from commitcast.storykinds import StoryKind
from commitcast.write import check_script, narrate

SHOW = Show(name="PyTorch", slug="pytorch")
WEEK = Window(since=day("2026-09-14").since, until=day("2026-09-20").until, tz="UTC")


def _monday() -> EpisodePlan:
    """A smaller day: one performance story and a revert whose change came back."""
    perf = ref(
        sha(300),
        "[inductor] Faster softmax codegen",
        197500,
        "Jason Ansel",
        kinds=("performance",),
        areas=("Inductor",),
    )
    original = ref(
        sha(301),
        "[dynamo] Trace through functools.partial",
        197501,
        "Animesh Jain",
        kinds=("feature",),
        areas=("Dynamo",),
    )
    revert = ref(
        sha(302),
        'Revert "[dynamo] Trace through functools.partial"',
        None,
        "pytorchmergebot",
        kinds=("revert",),
        areas=("Dynamo",),
    )
    reland = ref(
        sha(303),
        "Reland [dynamo] Trace through functools.partial",
        197510,
        "Animesh Jain",
        kinds=("reland",),
        areas=("Dynamo",),
    )
    stories = [
        Story(id="s1", role="headline", headline="Softmax gets faster", people=["Jason Ansel"], areas=["Inductor"],
              changes=[perf], score=12.0, kinds=["performance"]),
        Story(id="s2", role="revert", headline="functools.partial tracing comes back", people=["Animesh Jain"],
              areas=["Dynamo"], changes=[original, revert, reland], score=8.0, kind=StoryKind.REVERT,
              kinds=["feature", "revert", "reland"], reason="breaking trunk", relanded=True),
    ]  # fmt: skip
    return EpisodePlan(
        show="PyTorch",
        window=day("2026-09-14"),
        title="PyTorch: Softmax Gets Faster",
        summary="A quieter Monday.",
        counts={"changes": 12, "authors": 6, "reverts": 1},
        stories=stories,
        quick_hits=[
            ref(sha(304), "Fix a doc typo", 197520, "Jason Ansel", kinds=("docs",), areas=("Docs",))
        ],
    )


def _week() -> list[EpisodePlan]:
    return [busy_day(), _monday(), quiet_day(0)]  # out of order on purpose


def test_recap_plan_picks_the_weeks_stories() -> None:
    recap = plan_recap(_week(), SHOW, WEEK)
    assert recap.kind == "recap" and recap.window == WEEK
    assert recap.counts["changes"] == 38 + 12 + 0
    assert recap.counts["reverts"] == 2 and recap.counts["days"] == 3
    first = recap.stories[0]
    assert first.role == "headline" and first.headline == "The Great Distributed Test Speedup"
    assert len({s.id for s in recap.stories}) == len(recap.stories)
    comeback = next(s for s in recap.stories if s.kind == "revert")
    assert comeback.relanded and comeback.headline == "functools.partial tracing comes back"
    # The most active person is Tristan Rice, whose campaign already leads: not said twice.
    assert not [s for s in recap.stories if s.kind == "top_author"]
    assert recap.title == "PyTorch: Weekly Recap: The Great Distributed Test Speedup"
    # Every change the recap cites comes from a daily plan.
    daily = {r.sha for p in _week() for s in p.stories for r in s.changes} | {
        r.sha for p in _week() for r in p.quick_hits
    }
    assert {r.sha for s in recap.stories for r in s.changes} <= daily
    assert {r.sha for r in recap.quick_hits} <= daily


def test_recap_script_is_recap_shaped_and_grounded() -> None:
    recap = plan_recap(_week(), SHOW, WEEK)
    script = narrate(recap)
    assert script.kind == "recap"
    text = " ".join(s.text for s in script.sentences)
    assert script.sections[0].sentences[1].text.startswith("This week in PyTorch")
    assert "rms_norm" not in text  # a reverted change is no quick hit
    assert "September 14th to 20th, 2026" in text
    assert "Tristan Rice" in text and "twenty pull requests" in text
    assert "relanded" in text or "come back" in text or "comeback" in text
    assert "next week" in script.sections[-1].sentences[-1].text
    assert check_script(script, recap) == []


def test_recap_of_an_empty_week() -> None:
    recap = plan_recap([], SHOW, WEEK)
    assert recap.stories == [] and recap.counts["changes"] == 0
    script = narrate(recap)
    assert check_script(script, recap) == []
    assert [s.kind for s in script.sections] == ["cold_open", "whats_next", "sign_off"]


def test_recap_ignores_a_recap_among_the_dailies() -> None:
    week = _week()
    earlier = replace(
        plan_recap(week, SHOW, WEEK), window=replace(WEEK, since=WEEK.since - timedelta(days=7))
    )
    assert plan_recap([*week, earlier], SHOW, WEEK).counts == plan_recap(week, SHOW, WEEK).counts


def _migration_day(iso: str, first: int, n: int, tagged: int) -> EpisodePlan:
    """A day whose headline is jathu's tagged build-folder migration work."""
    changes = [
        ref(sha(first + i), f"{'[build Folder Migration] ' if i < tagged else ''}Move file {first + i}", first + i,
            "jathu", kinds=("build",), areas=("build",))
        for i in range(n)
    ]  # fmt: skip
    story = Story(id="s1", role="headline", headline="The Build Folder Migration", people=["jathu"],
                  areas=["build"], changes=changes, score=9.0, kind=StoryKind.AUTHOR_SERIES, size=n,
                  series="build Folder Migration", series_size=tagged)  # fmt: skip
    arm = [ref(sha(first + 50 + i), f"Arm change {i}", first + 50 + i, "Erik Lundell", areas=("Arm",)) for i in range(4)]
    roundup = Story(id="s2", role="other", headline="Arm round-up", people=["Erik Lundell"], areas=["Arm"],
                    changes=arm, score=6.0, kind=StoryKind.AREA, size=4)  # fmt: skip
    return EpisodePlan(show="PyTorch", window=day(iso), title="PyTorch: Migration", summary="A day.",
                       counts={"changes": n + 4, "authors": 2, "reverts": 0}, stories=[story, roundup])  # fmt: skip


def test_the_same_story_on_several_days_is_one_story_of_the_week() -> None:
    days = [_migration_day("2026-09-14", 9000, 7, 5), _migration_day("2026-09-16", 9100, 5, 3)]
    recap = plan_recap(days, SHOW, WEEK)
    headlines = [s.headline for s in recap.stories]
    assert headlines.count("The Build Folder Migration") == 1 and headlines.count("Arm round-up") == 1
    migration = recap.stories[0]
    assert migration.size == 12 and migration.series_size == 8 and len(migration.changes) == 12
    assert migration.score > 9.0  # two days of it outweigh one
    assert recap.title == "PyTorch: Weekly Recap: The Build Folder Migration"
    script = narrate(recap)
    told = " ".join(s.text for sec in script.sections if sec.story_id == migration.id for s in sec.sentences)
    assert "twelve" in told and "eight of them" in told
    assert check_script(script, recap) == []


def test_a_week_led_by_an_area_round_up_is_titled_by_its_size_there() -> None:
    """Vue, week of 9 May 2022: "Weekly Recap: Compiler Sfc round-up" said where, not what."""
    plan = busy_day()
    lead = replace(plan.stories[0], kind=StoryKind.AREA, headline="Compiler sfc round-up", areas=["compiler sfc"])
    recap = plan_recap([replace(plan, stories=[lead, *plan.stories[1:]])], SHOW, WEEK)
    assert recap.title == f"PyTorch: Weekly Recap: {lead.total} Changes in Compiler sfc"


def test_most_active_names_titles_not_said_already() -> None:
    """The "most active" segment sampled three titles the week's stories had just read out."""
    plan = busy_day()
    campaign = plan.stories[0]
    others = replace(campaign, id="s9", people=["Ada Lovelace"], changes=[replace(r, authors=["Ada Lovelace"]) for r in campaign.changes[:6]],
                     size=6, role="other")
    mine = replace(campaign, changes=[replace(r, authors=["Ada Lovelace"]) for r in campaign.changes[6:]], size=14,
                   people=["Ada Lovelace", "Tristan Rice"])
    recap = plan_recap([replace(plan, stories=[mine, others, *plan.stories[1:]])], SHOW, WEEK)
    script = narrate(recap)
    top = next(sec for sec in script.sections if sec.title.startswith("Most active"))
    earlier = " ".join(s.text for sec in script.sections[: script.sections.index(top)] for s in sec.sentences)
    quoted = [q for s in top.sentences for q in re.findall(r"“([^”]+)”", s.text)]
    assert quoted and not any(f"“{q}”" in earlier for q in quoted), (quoted, earlier)
    assert check_script(script, recap) == []


def test_a_release_highlight_the_week_reverted_is_not_worth_a_look() -> None:
    """The demo week: 3.4.11's “Correct dirty assign in render function” was reverted two days later,
    yet the recap named it among the week's release highlights."""
    from commitcast.model import Release

    plan = busy_day()
    undone = "fix(runtime-core): correct dirty assign in render function (#10091)"
    release = Release("3.4.11", sha(900), previous="3.4.10", changes=5, authors=4,
                      highlights=[undone, "Filter single root for nested DEV_ROOT_FRAGMENT",
                                  "Fix dirtyLevel checks for recursive effects", "Avoid a double render"])
    release = replace(release, picked=release.highlights)
    lead = Story(id="r1", role="headline", headline="Vue 3.4.11 is out", people=[], areas=[], changes=[],
                 kind=StoryKind.RELEASE, releases=[release])
    revert_ref = ref(sha(901), f'Revert "{undone}"', None, "Evan You", kinds=("revert",), areas=("runtime core",))
    revert = Story(id="s9", role="revert", headline="Reverted: correct dirty assign", people=["Evan You"],
                   areas=["runtime core"], changes=[revert_ref], kind=StoryKind.REVERT, kinds=["revert"])
    day = replace(plan, stories=[lead, *plan.stories[1:], revert], releases=[release])
    recap = plan_recap([day], SHOW, WEEK)
    script = narrate(recap)
    text = " ".join(s.text for s in script.sentences)
    assert "fixed dirty level checks" in text and "dirty assign" not in text, text
    assert check_script(script, recap) == []


def test_a_week_of_releases_is_not_announced_twice_in_a_row() -> None:
    """The demo recap: "The story of the week: Vue core shipped eight patch releases, 3.4.6 to 3.4.13.
    Vue core shipped eight patch releases this week, 3.4.6 to 3.4.13." """
    from commitcast.model import Release

    plan = busy_day()
    releases = [Release(v, sha(910 + i), previous=p, changes=4, authors=2)
                for i, (v, p) in enumerate((("3.4.6", "3.4.5"), ("3.4.7", "3.4.6"), ("3.4.8", "3.4.7")))]
    lead = Story(id="r1", role="headline", headline="Versions 3.4.6 to 3.4.8 are out", people=[], areas=[],
                 changes=[], kind=StoryKind.RELEASE, releases=releases)
    recap = plan_recap([replace(plan, stories=[lead, *plan.stories[1:]], releases=releases)], SHOW, WEEK)
    script = narrate(recap)
    text = " ".join(s.text for s in script.sentences)
    assert text.count("three patch releases") == 1, text
    assert check_script(script, recap) == []


def test_a_week_led_by_one_change_is_titled_in_its_authors_casing() -> None:
    """torchtitan, week of 7 April 2025: "Add on device, Parallelized permute_indices Kernel"."""
    plan = busy_day()
    title = "Add on device, parallelized permute_indices kernel"
    lone = replace(plan.stories[1], headline=title, role="headline", score=99.0)
    recap = plan_recap([replace(plan, stories=[lone])], SHOW, WEEK)
    assert recap.title == f"PyTorch: Weekly Recap: {title}"
