"""An editor's judgement beyond size: changes whose authors explain a design or behaviour change
are stories of their own even beside a 35-PR campaign."""

from __future__ import annotations

from commitcast.analyse import plan_episode


def test_a_design_change_and_another_authors_change_are_stories_beside_a_campaign(b) -> None:
    changes, named = b.campaign_day()
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    head = plan.stories[0]
    assert head.kind == "campaign" and head.size == 35 and head.people == ["Tristan Rice"]
    on_air = {ref.sha: story for story in plan.stories[1:] for ref in story.changes}
    for name in ("design", "fsdp"):
        story = on_air.get(named[name].sha)
        assert story is not None, f"{named[name].title} is not a story: {[s.headline for s in plan.stories]}"
        assert story.size == 1
    assert named["design"].sha not in {r.sha for r in plan.quick_hits}
