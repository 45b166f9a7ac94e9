"""The builtin narrator on hand-built days: golden claims, quiet days, determinism, variety."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC
from typing import Literal

from write_days import busy_day, day, quiet_day

from commitcast.model import ChangeKind, ChangeRef, Claim, Evidence, Script
from commitcast.storykinds import StoryKind
from commitcast.write import check_script, narrate, speech_problems, write_script
from commitcast.write.host import opening
from commitcast.write.narrator import WORDS_PER_MINUTE, word_count
from commitcast.write.stories import told


def _text(script: Script) -> str:
    return " ".join(s.text for s in script.sentences)


def _section(script: Script, story_id: str):
    return next(s for s in script.sections if s.story_id == story_id)


def test_shape_of_a_busy_day() -> None:
    script = narrate(busy_day())
    kinds = [s.kind for s in script.sections]
    assert kinds == [
        "cold_open",
        "headline",
        "story",
        "story",
        "story",
        "story",
        "quick_hits",
        "whats_next",
        "sign_off",
    ]
    assert script.writer == "builtin"
    assert script.title == "PyTorch: The Great Distributed Test Speedup"
    headline = script.sections[1]
    assert headline.title == "The Great Distributed Test Speedup"
    assert headline.url == "https://github.com/pytorch/pytorch/pull/197649"
    assert _section(script, "s2").url.endswith("/commit/" + "d3fbb10" + "e" * 33)
    opening_text = " ".join(s.text for s in script.sections[0].sentences)
    assert "September 19th, 2026" in opening_text
    assert "38 changes" in opening_text
    assert re.search(r"\bSeptember 19th\b", script.sections[-1].sentences[-1].text)  # the sign-off names the day


def test_headline_names_author_count_measured_range_and_why() -> None:
    script = narrate(busy_day())
    first = script.sections[1].sentences[0]
    assert "Tristan Rice" in first.text
    assert "twenty pull requests" in first.text.lower()
    assert "three to six times" in first.text
    assert len(first.citations) == 20
    headline = " ".join(s.text for s in script.sections[1].sentences)
    # Why the tests got faster, in the author's words, and the best case with its own numbers.
    assert "reuses one pool of worker processes" in headline and "instead of spawning fresh ones" in headline
    assert "120 seconds to 21 seconds" in headline
    # The hook of the cold open is the measured effect.
    opening = " ".join(s.text for s in script.sections[0].sentences)
    assert "three to six times faster" in opening


def test_correctness_fix_is_a_silent_wrong_result_bug() -> None:
    section = _section(narrate(busy_day()), "s2")
    text = " ".join(s.text for s in section.sentences)
    assert "silent wrong-result bug" in text
    assert "Jason Ansel" in text and "Inductor" in text
    assert "d3fbb10" not in text  # the notes carry the commit; the voice never reads a hash
    # What could go wrong for a user, in the author's words.
    assert "silently produced wrong outputs, with no warning" in text
    cited = {c.sha[:7] for s in section.sentences for c in s.citations}
    assert cited == {"d3fbb10"}
    # The story opens with its part of the episode, in the same sentence as the change.
    assert section.sentences[0].text.startswith(("On the correctness front", "Turning to fixes", "On the bug-fix side"))


def test_revert_is_a_revert_with_its_reason() -> None:
    section = _section(narrate(busy_day()), "s5")
    text = " ".join(s.text for s in section.sentences)
    assert re.search(r"rolled back|reverted", text)
    assert "breaking internal builds" in text  # the stated reason, retold
    assert "added fused rms norm lowering" in text and "Alice Zhang" in text  # what was undone, as a deed
    # Not relanded: the script says so, and promises no comeback.
    assert not re.search(r"relanded|has come back|came back", text)


def test_nothing_else_is_claimed() -> None:
    plan = busy_day()
    script = narrate(plan)
    assert check_script(script, plan) == []
    assert speech_problems(script) == []
    text = _text(script)
    named_prs = [int(n) for n in re.findall(r"PR (\d+)", text)]
    plan_prs = {r.pr for s in plan.stories for r in s.changes} | {r.pr for r in plan.quick_hits}
    assert set(named_prs) <= plan_prs and len(named_prs) <= 3
    for word in ("None", "{", "}", "  "):
        assert word not in text
    assert not re.search(r"\b1 \w+s\b|\bone (?:changes|people|fixes|pull requests)\b", text)


def test_length_follows_the_news() -> None:
    """A busy day's words go to its stories, not to the frame around them; a quiet day stays short.
    (This plan's stories carry what they carry: a day with more why to tell runs longer.)"""
    busy = narrate(busy_day())
    minutes = word_count(busy.sections) / WORDS_PER_MINUTE
    assert 2.3 <= minutes <= 5.0
    stories = [sec for sec in busy.sections if sec.kind in ("headline", "story")]
    assert word_count(stories) >= 0.6 * word_count(busy.sections)
    assert word_count(narrate(quiet_day(1)).sections) * 3 < word_count(busy.sections)


def test_no_two_sentences_in_a_row_open_alike() -> None:
    sentences = narrate(busy_day()).sentences
    for a, b in zip(sentences, sentences[1:], strict=False):
        assert opening(a.text) != opening(b.text), (a.text, b.text)


def test_same_show_and_day_reads_the_same() -> None:
    assert narrate(busy_day()).to_json() == narrate(busy_day()).to_json()
    assert write_script(busy_day()).to_json() == narrate(busy_day()).to_json()


def test_phrasing_varies_from_day_to_day() -> None:
    texts = {
        _text(narrate(replace(busy_day(), window=day(f"2026-09-{d:02d}")))) for d in range(1, 11)
    }
    assert len(texts) == 10
    openers = {
        narrate(replace(busy_day(), window=day(f"2026-09-{d:02d}"))).sentences[0].text
        for d in range(1, 11)
    }
    assert len(openers) >= 3


def test_empty_day() -> None:
    plan = quiet_day(0)
    script = narrate(plan)
    assert [s.kind for s in script.sections] == ["cold_open", "sign_off"]
    text = _text(script)
    assert "nothing" in text.lower() or "no changes" in text.lower()
    assert check_script(script, plan) == []
    assert word_count(script.sections) <= 90 * WORDS_PER_MINUTE / 60


def test_one_change_day() -> None:
    plan = quiet_day(1)
    script = narrate(plan)
    text = _text(script)
    assert "Ada Lovelace fixed a typo in the README" in text
    assert "one change" in text or "single change" in text
    assert "few" not in text  # one change is not "a few quick hits"
    assert check_script(script, plan) == []
    assert word_count(script.sections) <= 90 * WORDS_PER_MINUTE / 60


def test_relanded_revert_says_so() -> None:
    plan = busy_day()
    stories = [replace(s, relanded=True) if s.id == "s5" else s for s in plan.stories]
    script = narrate(replace(plan, stories=stories))
    text = " ".join(s.text for s in _section(script, "s5").sentences)
    assert re.search(r"relanded|come back|reland", text)
    assert check_script(script, replace(plan, stories=stories)) == []


def test_a_housekeeping_headline_is_not_sold_as_news() -> None:
    from commitcast.write.style import default_style

    plan = busy_day()
    modest = [line.split("{")[0] for line in default_style().slots["open_modest"]]
    loud = [line.split("{")[0] for line in default_style().slots["open_hook"]]
    head = replace(plan.stories[1], kind=StoryKind.SINGLE, kinds=["refactor"], severity=[], releases=[])
    for headline, openers in ((head, modest), (plan.stories[0], loud)):
        script = narrate(replace(plan, stories=[headline, *plan.stories[2:]]))
        said = script.sections[0].sentences[0].text
        assert any(said.startswith(o) for o in openers), said


def test_a_revert_without_a_title_says_what_it_undid_in_words() -> None:
    """ "Revert D73201409" read “” aloud; "Revert changes to executor_runner" is no quoted title."""
    plan = busy_day()
    story = next(s for s in plan.stories if s.id == "s5")
    revert = story.changes[1]
    for title, said in (("Revert D73201409", "an earlier internal change"),
                        ("Revert changes to executor_runner", "changes to executor_runner")):
        alone = replace(story, changes=[replace(revert, title=title, topic=title)], earlier=[], claims=_target(revert.sha, title))
        day = replace(plan, stories=[*plan.stories[:4], alone])
        script = narrate(day)
        text = " ".join(s.text for s in _section(script, "s5").sentences)
        assert said in text and "“”" not in text and f"“{said}" not in text, text
        assert check_script(script, day) == [] and speech_problems(script) == []


def test_same_titled_quick_hits_are_said_once_with_their_people() -> None:
    """Vue 2023-06-10: five people's “Fix typo” read as five quick hits of one title."""
    plan = busy_day()
    template = plan.quick_hits[0]
    typos = [replace(template, sha=f"{n:040x}", pr=8400 + n, title="Fix typo", topic="Fix typo", authors=[who])
             for n, who in enumerate(("Lioness100", "zqran", "Domantas Bazys"), start=1)]
    day = replace(plan, quick_hits=[typos[0], *plan.quick_hits, *typos[1:]])
    script = narrate(day)
    quick = next(s for s in script.sections if s.kind == "quick_hits")
    text = " ".join(s.text for s in quick.sentences)
    assert text.count("“Fix typo”") == 1
    assert "hree changes titled “Fix typo”, from Lioness100, zqran and Domantas Bazys" in text, text
    assert check_script(script, day) == [] and speech_problems(script) == []


def test_a_campaign_of_one_title_says_it_once() -> None:
    """executorch 2026-01-29: a bot's thirty-five “Rename build files from TARGETS to BUCK (group
    ID: …)” PRs; the story says the one title, not "a bot drove thirty-five pull requests"."""
    plan = busy_day()
    campaign = plan.stories[0]
    same = [replace(r, title=f"Rename build files from TARGETS to BUCK (group ID: {88370 + i})",
                 topic=f"Rename build files from TARGETS to BUCK (group ID: {88370 + i})")
            for i, r in enumerate(campaign.changes[:6])]
    story = replace(campaign, changes=same, size=6, headline="Rename build files from TARGETS to BUCK", threads=[],
                    facts=[], focus=[], why=[])
    day = replace(plan, stories=[story, *plan.stories[1:]])
    script = narrate(day)
    text = " ".join(s.text for s in _section(script, story.id).sentences)
    assert "“Rename build files from TARGETS to BUCK”" in text and "group ID" not in text, text
    assert check_script(script, day) == [] and speech_problems(script) == []


def test_a_release_highlight_told_as_its_own_story_is_not_named_twice() -> None:
    """Vue 3.2.21: “Fix memory leak when devtools is not installed” was a highlight of the release
    and, a sentence later, a story of its own."""
    from commitcast.model import Release, Story

    plan = busy_day()
    own = "Fix memory leak when devtools is not installed"
    fix = plan.stories[1]  # a single change, told on its own
    fix = replace(fix, changes=[replace(fix.changes[0], title=own, topic=own)])
    plan = replace(plan, stories=[plan.stories[0], fix, *plan.stories[2:]])
    release = Release("3.2.21", "f" * 40, kind="patch", previous="3.2.20", changes=20, authors=7,
                      highlights=[own, "Fix custom element props access on initial render",
                                  "Avoid open handle in non-browser env", "Add v-memo to built-in directives check"])
    release = replace(release, picked=release.highlights)  # the newsroom's pick: all of them
    story = Story(id="r1", role="headline", headline="Vue 3.2.21 is out", people=[], areas=[], changes=[],
                  kind=StoryKind.RELEASE, releases=[release])
    day = replace(plan, stories=[story, *plan.stories], releases=[release])
    script = narrate(day)
    told = " ".join(s.text for s in _section(script, "r1").sentences)
    assert "fixed custom element props access on initial render" in told and "devtools" not in told, told
    assert check_script(script, day) == []


def _target(sha: str, title: str) -> list:
    """The claim the newsroom makes of what a revert titled ``title`` undoes."""
    from datetime import UTC, datetime

    from commitcast.analyse.reverts import revert_target
    from commitcast.ingest.messages import parse_message
    from commitcast.model import Change, Claim, Evidence, Person

    parsed = parse_message(title)
    when = datetime(2026, 9, 19, tzinfo=UTC)
    change = Change(sha=sha, title=parsed.title, body="", trailers={}, authors=[Person("x")], committer=Person("x"),
                    landed_at=when, authored_at=when, files=[], added=0, deleted=0, revert=parsed.revert)
    text, named = revert_target(change)
    return [Claim("revert", "target", "strong" if named else "weak", [Evidence(sha, "title", text)])]


def test_a_reverted_merge_is_named_by_its_branch_never_its_subject() -> None:
    """pip 2014-08-04 read out “Merge pull request #1519 from dstufft/remove-dependency-links”."""
    plan = busy_day()
    story = next(s for s in plan.stories if s.id == "s5")
    revert = story.changes[1]
    for title, said in (('Revert "Merge pull request #1519 from dstufft/remove-dependency-links"', "removed dependency links"),
                        ('Revert "Merge pull request #1520 from dstufft/patch-1"', "an earlier pull request")):
        alone = replace(story, changes=[replace(revert, title=title, topic=title)], earlier=[], claims=_target(revert.sha, title))
        day = replace(plan, stories=[*plan.stories[:4], alone])
        script = narrate(day)
        text = " ".join(s.text for s in _section(script, "s5").sentences)
        assert said in text and "Merge pull request" not in text, text
        assert check_script(script, day) == [] and speech_problems(script) == []


def test_the_rest_of_a_story_beyond_its_threads_is_named_by_a_few_titles() -> None:
    """torchao 2026-01-09: "three pull requests on mxfp8 autograd functions, plus four more" named none of the four."""
    from commitcast.model import StoryThread

    plan = busy_day()
    campaign = plan.stories[0]
    refs = campaign.changes[:7]
    thread = StoryThread(label="autograd functions", size=3, changes=[r.sha for r in refs[:3]])
    story = replace(campaign, changes=refs, size=7, threads=[thread], focus=[], facts=[], why=[], effect=None)
    day = replace(plan, stories=[story, *plan.stories[1:]])
    script = narrate(day)
    text = " ".join(s.text for s in _section(script, story.id).sentences)
    rest = [told(r) for r in refs[3:]]
    assert "plus four more" in text and sum(bool(t and t in text) for t in rest) == 2, text
    assert check_script(script, day) == []


def test_a_story_led_in_as_a_fix_is_told_and_titled_as_one() -> None:
    """executorch 2025-10-07: "a fix that deserves your attention. New in Qualcomm, …" under "Something new in Qualcomm"."""
    plan = busy_day()
    story = plan.stories[2]
    title = "Support argmax/argmin without dim kwargs and fix adaptive_max_pool3d in the Qualcomm backend partitioner"
    ref = replace(story.changes[0], title=title, topic=title, kinds=["feature", "fix"], severity=[])
    fix = replace(story, role="correctness", kinds=["feature", "fix"], severity=[], changes=[ref], headline=title)
    day = replace(plan, stories=[plan.stories[0], fix, *plan.stories[3:]])
    script = narrate(day)
    section = _section(script, fix.id)
    assert section.title.startswith("A fix"), section.title
    assert not any(s.text.startswith(("New in", "Something new")) for s in section.sentences)
    assert check_script(script, day) == []


def test_a_reland_whose_revert_was_not_read_is_no_rollback() -> None:
    """executorch 2025-06-11: the day held only "Reapply #11294 and #11295 (improve GLU test …)", told
    as “Reapply …” being "rolled back by Scott Wolchok"."""
    plan = busy_day()
    story = next(s for s in plan.stories if s.id == "s5")
    title = "Reapply #11294 and #11295 (improve GLU test and implement using internal views to avoid copying)"
    reland = replace(story.changes[0], title=title, topic=title, kinds=["reland"], authors=["Scott Wolchok"])
    claims = [Claim("revert", "target", "strong", [Evidence(reland.sha, "title", "improve GLU test and implement using internal views")])]
    alone = replace(story, changes=[reland], earlier=[], relanded=True, reason=None, claims=claims)
    day = replace(plan, stories=[*plan.stories[:4], alone])
    script = narrate(day)
    text = " ".join(s.text for s in _section(script, "s5").sentences)
    assert "rolled back by" not in text and "improved GLU test and implemented using internal views" in text, text
    assert "#11294" not in text
    assert check_script(script, day) == [] and speech_problems(script) == []


def test_the_cold_open_names_a_run_of_releases_as_the_headline_does() -> None:
    """The demo week opened "Vue core 3.4.6 is out, with seven more releases" under the title
    "Versions 3.4.6 to 3.4.13 Are Out"."""
    from commitcast.model import Release, Story

    plan = busy_day()
    runs = {
        ("3.4.6", "3.4.7", "3.4.8"): "Vue shipped three patch releases, 3.4.6 to 3.4.8",
        ("19.2", "19.2.1"): "Vue 19.2 and 19.2.1 are out",
    }
    for versions, hook in runs.items():
        releases = [Release(v, f"{i:040x}", kind="minor" if v == "19.2" else "patch", previous="3.4.5")
                    for i, v in enumerate(versions, start=1)]
        story = Story(id="r1", role="headline", headline="Releases", people=[], areas=[], changes=[],
                      kind=StoryKind.RELEASE, releases=releases)
        day = replace(plan, show="Vue", stories=[story, *plan.stories[1:]], releases=releases)
        script = narrate(day)
        opening = " ".join(s.text for s in script.sections[0].sentences)
        assert hook in opening, opening
        assert check_script(script, day) == []


def test_release_candidates_beside_a_release_are_no_more_releases() -> None:
    """uv: a release beside its candidates was "0.6.0 and two more releases"; a candidate is none."""
    from commitcast.analyse.releases import release_names
    from commitcast.model import Release, Story

    plan = busy_day()
    kinds = {"0.6.0-rc1": "prerelease", "0.6.0-rc2": "prerelease", "0.6.0": "minor"}
    releases = [Release(v, f"{i:040x}", kind=k, previous="0.5.0") for i, (v, k) in enumerate(kinds.items(), start=1)]  # type: ignore[arg-type]
    assert release_names(releases, "uv").text == "uv 0.6.0 and two release candidates"
    story = Story(id="r1", role="headline", headline="Releases", people=[], areas=[], changes=[],
                  kind=StoryKind.RELEASE, releases=releases)
    day = replace(plan, show="uv", stories=[story, *plan.stories[1:]], releases=releases)
    opening = " ".join(s.text for s in narrate(day).sections[0].sentences)
    assert "with two release candidates" in opening and "more release" not in opening, opening
    patched = [*releases, Release("0.6.1", f"{9:040x}", kind="patch", previous="0.6.0")]
    assert release_names(patched, "uv").text == "uv 0.6.0 and three more releases"


def test_one_change_by_two_people_thanks_them_both() -> None:
    """pip 2021-09-17: a page written by Pradyun Gedam with Paul Moore ended with no thank-you."""
    plan = busy_day()
    story = replace(plan.stories[1], people=["Pradyun Gedam", "Paul Moore"])
    day = replace(plan, stories=[story], quick_hits=[], whats_next=[], counts={"changes": 1, "authors": 2, "reverts": 0})
    script = narrate(day)
    closing = " ".join(s.text for s in script.sections[-1].sentences)
    assert "Pradyun Gedam and Paul Moore" in closing, closing
    assert check_script(script, day) == []


def test_a_change_undone_and_redone_in_one_commit_is_redone_not_rolled_back() -> None:
    """torchtitan 2025-11-12: 'Revert PR-2016 & Redo "Run … ROCm workflow …"' beside the original was
    told as the original "rolled back by akashveramd", its own author; then as "is back, relanded",
    when it was never gone (the r60 check): it was redone in one change."""
    plan = busy_day()
    story = next(s for s in plan.stories if s.id == "s5")
    title = "Run Torchtitan ROCm workflow on cron schedule & push to Main branch only"
    original = replace(story.changes[0], title=title, topic=title, kinds=["build"], authors=["akashveramd"])
    redo = replace(story.changes[1], title=f'Revert PR-2016 & Redo "{title}"', topic=title, kinds=["reland"],
                   authors=["akashveramd"])
    both = replace(story, changes=[original, redo], earlier=[], relanded=True, reason=None)
    day = replace(plan, stories=[*plan.stories[:4], both])
    script = narrate(day)
    text = " ".join(s.text for s in _section(script, "s5").sentences)
    assert "rolled back by" not in text and "is back" not in text and "redid" in text, text
    assert "ran Torchtitan ROCm workflow on cron schedule and push to Main branch only" in text, text
    assert "Revert PR-2016" not in text
    assert check_script(script, day) == [] and speech_problems(script) == []


def test_the_episode_lists_the_terms_its_script_explains_with_their_sources() -> None:
    from commitcast.pipeline import explained_terms

    plan = replace(
        busy_day(),
        glossary={"FSDP": "Fully Sharded Data Parallel, a way to split a model's parameters across GPUs",
                  "XNNPACK": "a library of CPU operators"},
        glossary_sources={"FSDP": "docs/fsdp.md", "XNNPACK": "commitcast's glossary"},
    )  # fmt: skip
    script = narrate(plan)
    assert "Fully Sharded Data Parallel" in " ".join(s.text for s in script.sentences)
    # XNNPACK is in no story, so the host never explains it and the notes do not list it
    assert [(t.term, t.source) for t in explained_terms(plan, script)] == [("FSDP", "docs/fsdp.md")]


def test_part_of_a_persons_day_is_not_told_as_all_of_it() -> None:
    """vue 2021-03-29: "Evan You landed four changes in compiler sfc" for a man who landed fifteen
    that day; the host says the fifteen and how many of them the story holds, the place after the
    share ("four of their fifteen changes in compiler sfc" was heard as eleven not landing: ao 2025-03-18)."""
    from commitcast.model import Story

    plan = busy_day()
    refs = [replace(ref, authors=["Evan You"]) for ref in plan.stories[0].changes[:4]]
    story = Story(id="s1", role="headline", headline="compiler sfc work", people=["Evan You"], areas=["compiler sfc"],
                  changes=refs, kind=StoryKind.AUTHOR_SERIES, size=4, lead_changes=15)
    day = replace(plan, stories=[story, *plan.stories[1:]])
    script = narrate(day)
    opening_words = " ".join(s.text for s in script.sections[0].sentences)
    assert "Evan You landed fifteen changes, four of them in compiler sfc" in opening_words, opening_words
    assert check_script(script, day) == []
    alone = narrate(replace(day, stories=[replace(story, lead_changes=0), *plan.stories[1:]]))
    assert "Evan You landed four changes in compiler sfc" in " ".join(s.text for s in alone.sections[0].sentences)


def test_a_change_from_the_episodes_own_utc_day_is_not_from_the_day_before() -> None:
    """ao 2025-05-06: a change landed at 00:12 UTC, 17:12 the evening before in its committer's zone,
    was said to be "from the day before" the revert that undid it that day."""
    from datetime import date, datetime, timedelta, timezone

    from commitcast.phrasebook import default_phrasebook
    from commitcast.write.stories import Telling, _since

    plan = busy_day()
    evening = datetime(2025, 5, 6, 0, 12, tzinfo=UTC).astimezone(timezone(timedelta(hours=-7)))
    same_day = replace(plan.stories[0].changes[0], landed_at=evening)
    day_before = replace(same_day, landed_at=evening - timedelta(days=1))
    telling = Telling({}, {}, day=date(2025, 5, 6), zone="UTC")
    book = default_phrasebook()
    assert _since(same_day, telling, book) == ", which had landed earlier the same day"
    assert _since(day_before, telling, book) == ", from the day before"
    # executorch 2024-10-07: a change of September 28th is from September, not "earlier in the month"
    september = replace(same_day, landed_at=datetime(2024, 9, 28, 7, 33, tzinfo=UTC))
    assert _since(september, Telling({}, {}, day=date(2024, 10, 7), zone="UTC"), book) == ", from September"
    october = replace(same_day, landed_at=datetime(2024, 10, 1, 7, 33, tzinfo=UTC))
    assert _since(october, Telling({}, {}, day=date(2024, 10, 9), zone="UTC"), book) == ", from earlier in the month"


def test_the_days_rest_is_tallied_by_what_the_plan_is_sure_of() -> None:
    """The rest of the day is tallied by the housekeeping kinds claimed strongly ("two docs
    updates"); a kind only hinted at is no name for a change (curl 2024-08-26: "remove comments,
    add asserts" told as "one docs update"), and a fix or feature not told is named by no kind
    (clippy 2023-07-13: "plus one new feature" was a false-positive fix)."""
    from commitcast.write.narrator import _told_quick

    plan = busy_day()

    def claimed(kind: ChangeKind, strength: Literal["strong", "weak"]) -> list[ChangeRef]:
        said = [Claim(about="kind", value=kind, strength=strength, evidence=[Evidence(sha="0" * 40, source="files", text="docs/")])]
        return [replace(r, kinds=[kind], claims=said, title=f"Loader notes {n}", topic=f"Loader notes {n}")
                for n, r in enumerate(plan.quick_hits)]

    _, rest, counted = _told_quick(replace(plan, quick_hits=claimed("docs", "strong"), untold={}), 0)
    assert counted and rest == {"docs": len(counted)}
    cases: list[tuple[ChangeKind, Literal["strong", "weak"]]] = [("docs", "weak"), ("fix", "strong"), ("feature", "strong")]
    for kind, strength in cases:
        _, rest, counted = _told_quick(replace(plan, quick_hits=claimed(kind, strength), untold={}), 0)
        assert counted and rest == {"other": len(counted)}, (kind, strength)
