"""The grounding checker catches what the plan does not support, and passes what it does."""

from __future__ import annotations

from dataclasses import replace

import pytest
from write_days import busy_day

from commitcast.model import Citation, Release, Section, Sentence
from commitcast.write import Problem, check_script, narrate
from commitcast.write.grounding import PlanIndex, check_sentence

PLAN = busy_day()
EV = PlanIndex.from_plan(PLAN)
SILENT = next(r for s in PLAN.stories for r in s.changes if r.sha.startswith("d3fbb10"))
CAMPAIGN = PLAN.stories[0].changes


def kinds(text: str, citations: list[Citation] | None = None) -> set[str]:
    return {p.kind for p in check_sentence(text, EV, citations or [])}


GOOD = [
    "Roughly twenty pull requests from Tristan Rice cut test runtimes three to six times.",
    "It's September 19th, 2026, and 38 changes from fourteen people landed.",
    "Jason Ansel fixed a silent wrong-result bug in Inductor in commit d3fbb10.",
    "PR 197701 reports a 30 percent speedup on H100.",
    "The biggest cut: runtime falls from 120.4 seconds to 21 seconds, about six times faster.",
    "That cuts the runtime by roughly 80 percent.",
    "A bot rolled back “Add fused rms_norm lowering”, citing “breaking internal builds”.",
    "Titles look like “Reuse workers for … tests”.",
    "Over in FSDP2, Wei Feng moved shard copies into C++.",
    "Two correctness fixes deserve attention, and there are five quick hits.",
]


@pytest.mark.parametrize("text", GOOD)
def test_grounded_sentences_pass(text: str) -> None:
    assert check_sentence(text, EV) == []


BAD = [
    ("PR 999999 made everything faster.", "pr"),
    ("See #424242 for details.", "pr"),
    ("Commit abc1234 fixed it.", "sha"),
    ("Tristan Rice landed 37 pull requests.", "number"),
    ("Tristan Rice landed thirty-seven pull requests.", "number"),
    ("Runtimes fell nine times over.", "number"),
    ("It's a 45 percent speedup on H100.", "number"),
    ("John Smith fixed the scheduler.", "name"),
    ("The work touches Triton and XLA.", "name"),
    ("The change runs on B200 hardware.", "name"),
    ("Jason Ansel wrote “Rewrite the whole compiler in Rust”.", "quote"),
    ("More at https://evil.example/phish today.", "url"),
    ("The {story} is None today.", "placeholder"),
    # a field filled with nothing (vue 2023-06-14: "A regression fix in : Haoqun Jiang added …")
    ("A regression fix in : the scheduler works again.", "placeholder"),
]


@pytest.mark.parametrize(("text", "kind"), BAD)
def test_ungrounded_sentences_fail(text: str, kind: str) -> None:
    assert kind in kinds(text)


def test_people_are_credited_only_for_their_own_changes() -> None:
    cite = [Citation(sha=SILENT.sha)]
    assert kinds("Jason Ansel fixed it in commit d3fbb10.", cite) == set()
    assert "attribution" in kinds("Tristan Rice fixed it in commit d3fbb10.", cite)


def test_a_name_inside_a_longer_name_is_not_named() -> None:
    """One person's two identities the window did not join ("Hansong", "Hansong Zhang")."""
    cite = [Citation(sha=SILENT.sha)]
    ev = PlanIndex.from_plan(PLAN)
    ev.people = ev.people | {"Jason"}
    assert check_sentence("Jason Ansel fixed it in commit d3fbb10.", ev, cite) == []
    assert {p.kind for p in check_sentence("Jason fixed it in commit d3fbb10.", ev, cite)} == {"attribution"}


def test_a_person_named_will_promises_nothing() -> None:
    ev = PlanIndex.from_plan(PLAN)
    ev.people = ev.people | {"Will Constable"}
    assert check_sentence("In Inductor, Will Constable landed a fix.", ev) == []
    assert {p.kind for p in check_sentence("Jason Ansel will land a fix next week.", ev)} == {"claim"}


def test_named_changes_must_be_cited() -> None:
    cite = [Citation(sha=SILENT.sha)]
    assert "uncited" in kinds("Jason Ansel fixed it, and PR 197701 too.", cite)
    assert "citation" in kinds("A fix.", [Citation(sha="f" * 40)])


def test_quoted_text_is_not_read_for_names_or_numbers() -> None:
    # "69.0" and "70.1" appear only inside the quoted title, which is checked as a whole.
    assert check_sentence("A bot landed “Bump setuptools from 69.0 to 70.1”.", EV) == []


def test_check_script_reports_where() -> None:
    script = narrate(PLAN)
    bad = Section(
        kind="story", title="x", sentences=[Sentence("Fine."), Sentence("PR 31337 is great.")]
    )
    problems = check_script(replace(script, sections=[*script.sections, bad]), PLAN)
    assert len(problems) == 1
    p = problems[0]
    assert isinstance(p, Problem)
    assert (p.kind, p.section, p.sentence) == ("pr", len(script.sections), 1)
    assert "31337" in str(p)


@pytest.mark.parametrize(
    "text",
    [
        "It carries seven commits since version 1.4rc3.",
        "Version 1.4rc3, out today, follows 1.3.1.",
    ],
)
def test_released_versions_pass_wherever_they_sit_in_a_sentence(text: str) -> None:
    release = Release(version="1.4rc3", sha=SILENT.sha, previous="1.3.1")
    ev = PlanIndex.from_plan(replace(PLAN, releases=[release]))
    assert check_sentence(text, ev) == []
    assert {p.kind for p in check_sentence("It follows version 1.5rc1.", ev)} == {"name"}
