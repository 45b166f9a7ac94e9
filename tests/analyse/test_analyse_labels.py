"""Forge labels feed kinds, severity and areas; reviewers are carried into the plan."""

from __future__ import annotations

from dataclasses import replace

import pytest

from commitcast.analyse import annotate, change_ref, plan_episode
from commitcast.analyse.areas import AreaResolver
from commitcast.analyse.labels import read_labels
from commitcast.model import NextItem

LABELS = [
    # labels, kinds, severity, areas
    (["module: inductor"], (), (), ("Inductor",)),
    (["oncall: distributed"], (), (), ("distributed",)),
    (["release notes: quantization"], (), (), ("quantization",)),
    (["release notes: distributed (fsdp)"], (), (), ("FSDP",)),
    (["oncall: pt2", "module: dynamo"], (), (), ("torch.compile", "Dynamo")),
    (["Module:  Inductor", "module: inductor"], (), (), ("Inductor",)),
    (["topic: bug fixes"], ("fix",), (), ()),
    (["topic: performance"], ("performance",), (), ()),
    (["topic: bc breaking"], (), ("breaking",), ()),
    (["bc-breaking"], (), ("breaking",), ()),
    (["topic: new features"], ("feature",), (), ()),
    (["topic: not user facing", "skip-pr-sanity-checks", "ciflow/trunk", "ciflow/inductor"], (), (), ()),
    (["triaged", "open source", "Merged", "cla signed"], (), (), ()),
    (["bug"], ("fix",), (), ()),
    (["enhancement"], ("feature",), (), ()),
    (["performance"], ("performance",), (), ()),
    (["documentation"], ("docs",), (), ()),
    (["dependencies"], ("dependency",), (), ()),
    (["security"], ("fix",), ("security",), ()),
    ([], (), (), ()),
]


@pytest.mark.parametrize(("labels", "kinds", "severity", "areas"), LABELS)
def test_read_labels(labels, kinds, severity, areas) -> None:
    signals = read_labels(labels)
    assert (signals.kinds, signals.severity, signals.areas) == (kinds, severity, areas)


CLASSIFIED = [
    # title, labels, kinds present, kinds absent, severity present, first area
    ("Tidy up the scheduler", ["topic: bug fixes", "module: inductor"], {"fix"}, set(), set(), "Inductor"),
    ("Tidy up the scheduler", ["topic: performance"], {"performance"}, set(), set(), None),
    ("Change the default reduction", ["topic: bc breaking"], set(), {"fix"}, {"breaking"}, None),
    ("Add a scatter kernel", ["topic: new features", "oncall: distributed"], {"feature"}, set(), set(), "distributed"),
    ("Tidy up the scheduler", ["topic: not user facing", "ciflow/trunk"], set(), {"fix", "feature", "performance"}, set(), None),
    ("Tidy up the scheduler", ["security"], {"fix"}, set(), {"security"}, None),
    ("Tidy up the scheduler", ["documentation", "dependencies"], {"docs", "dependency"}, set(), set(), None),
]


@pytest.mark.parametrize(("title", "labels", "present", "absent", "severity", "area"), CLASSIFIED)
def test_labels_feed_classification_and_areas(b, title, labels, present, absent, severity, area) -> None:
    change = replace(b.make_change(title, files=(("torch/utils/scheduler.py", 5, 1),)), labels=labels)
    item = annotate(change, 0, AreaResolver())
    assert present <= set(item.kinds)
    assert not absent & set(item.kinds)
    assert severity <= set(item.severity)
    if area:
        assert item.areas[0] == area


def test_reviewers_are_carried_into_the_plan(b) -> None:
    change = replace(b.make_change("Fix crash in the loader", pr=501), reviewers=["Rita Reviewer", "Sam Second"])
    item = annotate(change, 0, AreaResolver())
    assert change_ref(item, b.WEB).reviewers == ["Rita Reviewer", "Sam Second"]
    plan = plan_episode([change], b.SHOW, b.WINDOW)
    assert plan.stories[0].changes[0].reviewers == ["Rita Reviewer", "Sam Second"]
    plain = plan_episode([replace(change, reviewers=[])], b.SHOW, b.WINDOW)
    assert plain.stories[0].changes[0].reviewers == []


def test_in_flight_items_are_marked_as_not_landed(b) -> None:
    change = b.make_change("Fix crash in the loader", pr=500)
    win = NextItem(text='Not landed yet: PR 501, "Fuse the loader" by Dave D, is still in review.', pr=501)
    stack = NextItem(text="3 more PRs in the same stack from Dave D are still in review, after 1 landed.", pr=502)
    given = NextItem(text="Something already kinded", pr=503, kind="series")
    plan = plan_episode([change], b.SHOW, b.WINDOW, in_flight=[win, stack, given])
    kinds = {item.pr: item.kind for item in plan.whats_next}
    assert kinds == {501: "unlanded", 502: "open_stack", 503: "series"}
