"""Forge data in the script: reviewers thanked by name, in-flight PRs told as not landed."""

from __future__ import annotations

from dataclasses import replace

from write_days import busy_day

from commitcast.model import Citation, EpisodePlan, NextItem, Script, Section, Sentence, Spotlight
from commitcast.write import check_script, narrate
from commitcast.write.grounding import PlanIndex, check_sentence

REVIEWERS = ["Rita Reviewer", "Sam Second"]
_THANKS = ("Reviews came from", "for reviewing", "did the reviewing", "reviewers ")


def _reviewed(plan: EpisodePlan, reviewers: list[str] = REVIEWERS, k: int = 2) -> EpisodePlan:
    """The plan with the headline story's first ``k`` changes reviewed by ``reviewers``."""
    head = plan.stories[0]
    changes = [replace(r, reviewers=reviewers) if i < k else r for i, r in enumerate(head.changes)]
    return replace(plan, stories=[replace(head, changes=changes), *plan.stories[1:]])


def _thanks(script: Script) -> list[Sentence]:
    headline = next(s for s in script.sections if s.kind == "headline")
    return [s for s in headline.sentences if any(t in s.text for t in _THANKS)]


def test_reviewers_of_the_headline_are_thanked_by_name() -> None:
    plan = _reviewed(busy_day())
    script = narrate(plan)
    (thanks,) = _thanks(script)
    assert "Rita Reviewer and Sam Second" in thanks.text
    assert thanks.citations == [Citation(r.sha, r.pr) for r in plan.stories[0].changes[:2]]
    assert check_script(script, plan) == []


def test_no_reviewers_no_thanks() -> None:
    plan = busy_day()
    assert not any(r.reviewers for s in plan.stories for r in s.changes)
    assert _thanks(narrate(plan)) == []


def test_authors_and_bots_are_not_thanked_for_reviews() -> None:
    plan = busy_day()
    author = plan.stories[0].changes[0].authors[0]
    assert _thanks(narrate(_reviewed(plan, [author, "pytorchbot"]))) == []


def test_many_reviewers_are_named_up_to_three() -> None:
    names = ["Ann Alpha", "Ben Beta", "Cat Gamma", "Dan Delta", "Eve Epsilon"]
    plan = _reviewed(busy_day(), names, k=1)
    script = narrate(plan)
    (thanks,) = _thanks(script)
    assert "Ann Alpha, Ben Beta, Cat Gamma and others" in thanks.text
    assert "Dan Delta" not in thanks.text
    assert check_script(script, plan) == []
    # one more than three is named: "and others" never stands for one person (u-boot 2025-05-01)
    (four,) = _thanks(narrate(_reviewed(busy_day(), names[:4], k=1)))
    assert "Ann Alpha, Ben Beta, Cat Gamma and Dan Delta" in four.text


def test_checker_accepts_reviewers_and_rejects_invented_or_misplaced_names() -> None:
    plan = _reviewed(busy_day(), k=1)
    ev = PlanIndex.from_plan(plan)
    reviewed, other = plan.stories[0].changes[:2]
    cite_reviewed, cite_other = [Citation(reviewed.sha, reviewed.pr)], [Citation(other.sha, other.pr)]
    assert check_sentence("Reviews came from Rita Reviewer.", ev, cite_reviewed) == []
    invented = check_sentence("Reviews came from Zelda Invented.", ev, cite_reviewed)
    assert [p.kind for p in invented] == ["name"]
    misplaced = check_sentence("Reviews came from Rita Reviewer.", ev, cite_other)
    assert [p.kind for p in misplaced] == ["attribution"]


IN_FLIGHT = [
    NextItem(
        text='Not landed yet: PR 501, "Fused RMSNorm kernel for decode" by Dave D, is still in review '
        "and reports 1.8x speedup on H100.",
        pr=501,
        url="https://github.com/pytorch/pytorch/pull/501",
        kind="unlanded",
    ),
    NextItem(
        text="11 more PRs in the same stack from Erin E are still in review, after 3 landed.",
        pr=610,
        url="https://github.com/pytorch/pytorch/pull/610",
        kind="open_stack",
    ),
]


def _whats_next(script: Script) -> Section:
    return next(s for s in script.sections if s.kind == "whats_next")


def test_in_flight_items_are_told_as_not_landed_and_grounded() -> None:
    plan = busy_day()
    promised = plan.whats_next
    assert promised, "the busy day promises follow-ups, so in-flight items must compete for room"
    plan = replace(plan, whats_next=[*promised, *IN_FLIGHT])
    script = narrate(plan)
    said = [s.text for s in _whats_next(script).sentences]
    win = next(t for t in said if "PR 501" in t)
    assert "not landed" in win.lower()
    assert "“Fused RMSNorm kernel for decode” by Dave D" in win and "1.8x speedup on H100" in win
    assert check_script(script, plan) == []


def test_in_flight_only_plan_speaks_both_items() -> None:
    plan = replace(busy_day(), whats_next=list(IN_FLIGHT))
    script = narrate(plan)
    said = " ".join(s.text for s in _whats_next(script).sentences)
    assert "PR 501" in said and "Erin E" in said and "still in review" in said
    assert said.lower().count("not landed") >= 1
    assert check_script(script, plan) == []


def test_checker_rejects_an_invented_in_flight_claim() -> None:
    plan = replace(busy_day(), whats_next=list(IN_FLIGHT))
    ev = PlanIndex.from_plan(plan)
    assert check_sentence("Also not landed yet: PR 777 by Dave D reports 1.8x speedup on H100.", ev)
    assert check_sentence("Also not landed yet: PR 501 by Mallory M reports 1.8x speedup on H100.", ev)
    assert check_sentence("Also not landed yet: PR 501 by Dave D reports 77.7x speedup on H100.", ev)


def _spotlit(plan: EpisodePlan, **fields) -> EpisodePlan:
    """The plan with the forge's spotlight on one of its quick hits."""
    ref = plan.quick_hits[0]
    pick = Spotlight(
        pr=ref.pr or 0, sha=ref.sha, title=ref.title, author=ref.authors[0], url=ref.url or "",
        reviewers=["Rita Reviewer", "Sam Second", "Tia Third"], comments=14,
    )  # fmt: skip
    return replace(plan, spotlight=replace(pick, **fields))


def _spotlight_section(script: Script) -> Section | None:
    return next((s for s in script.sections if s.kind == "spotlight"), None)


def test_spotlight_names_the_pr_its_reviewers_and_its_discussion() -> None:
    plan = _spotlit(busy_day())
    assert plan.spotlight is not None
    script = narrate(plan)
    section = _spotlight_section(script)
    assert section is not None and section.url == plan.spotlight.url
    said = " ".join(s.text for s in section.sentences)
    assert f"PR {plan.spotlight.pr}" in said and plan.spotlight.author in said
    assert "Rita Reviewer, Sam Second and Tia Third" in said and "fourteen comments" in said
    assert all(s.citations == [Citation(plan.spotlight.sha, plan.spotlight.pr)] for s in section.sentences)
    kinds = [s.kind for s in script.sections]
    assert kinds.index("spotlight") < kinds.index("quick_hits")
    assert check_script(script, plan) == []


def test_spotlight_without_review_is_not_said_and_invented_numbers_are_caught() -> None:
    plan = busy_day()
    assert _spotlight_section(narrate(plan)) is None
    quiet = _spotlit(plan, reviewers=[], comments=0)
    assert _spotlight_section(narrate(quiet)) is None
    ev = PlanIndex.from_plan(_spotlit(plan))
    pr = plan.quick_hits[0].pr
    assert check_sentence(f"PR {pr} drew reviews from Rita Reviewer, and fourteen comments.", ev) == []
    assert check_sentence(f"PR {pr} drew reviews from Rita Reviewer, and ninety-one comments.", ev)
    assert check_sentence(f"PR {pr} drew reviews from Mallory Moriarty, and fourteen comments.", ev)
