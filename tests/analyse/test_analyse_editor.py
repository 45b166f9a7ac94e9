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


def test_the_campaign_is_told_with_its_why_and_its_measured_effect(b) -> None:
    """Newsroom and host together on the 35-PR day: why the tests got faster, and by how much."""
    from commitcast.write import check_script, narrate, speech_problems

    changes, _ = b.campaign_day()
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    script = narrate(plan)
    headline = " ".join(s.text for s in script.sections[1].sentences)
    assert "thirty-five pull requests" in headline.lower() and "Tristan Rice" in headline
    assert "reuses one pool of worker processes" in headline and "instead of spawning a fresh process" in headline
    assert "three to six times faster" in headline
    design = next(sec for sec in script.sections if sec.story_id and "Dynamo" in " ".join(s.text for s in sec.sentences))
    told = " ".join(s.text for s in design.sentences)
    assert "special-cased the len function" in told and "length protocol" in told  # its code said in words
    assert check_script(script, plan) == [] and speech_problems(script) == []


def test_a_one_person_day_names_them_in_full_once_then_by_given_name(b) -> None:
    from commitcast.write import check_script, narrate

    changes = [
        b.make_change(f"{verb} the {thing} (#{500 + n})", author="Ada Lovelace", minute=n * 10, pr=500 + n,
                      files=((f"src/{thing}/core.py", 40 + n, 3),))
        for n, (verb, thing) in enumerate([("Fix", "parser"), ("Speed up", "lexer"), ("Add", "exporter"),
                                           ("Document", "cli"), ("Fix", "cache"), ("Add", "plugin"),
                                           ("Tidy", "docs"), ("Rename", "helpers"), ("Reword", "errors")])
    ]
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    script = narrate(plan)
    told = [s.text for s in script.sentences]
    # named in full once, then by her given name ("the maintainer" would claim a role)
    assert sum("Ada Lovelace" in t for t in told) <= 2 and any("Ada " in t and "Ada Lovelace" not in t for t in told)
    assert not any("the maintainer" in t.lower() for t in told)
    # ...but the thank-you names them: "a thank-you to the maintainer" thanks nobody in particular
    sign_off = [s.text for s in script.sections[-1].sentences]
    assert any("Thanks to Ada Lovelace" in t for t in sign_off) and not any("thanks to the maintainer" in t.lower() for t in sign_off), sign_off
    # Who is no news on a one-person day: the changes are told for what they are, not as "Ada
    # Lovelace's nine changes".
    assert all(story.kind != "author_series" for story in plan.stories)
    quick = [s.text for sec in script.sections if sec.kind == "quick_hits" for s in sec.sentences]
    # … nor once per quick hit: their deeds share their name once
    assert quick and sum(t.count("Ada Lovelace") + t.count("maintainer") for t in quick) <= 1, quick
    assert check_script(script, plan) == []


def test_the_word_security_alone_is_not_a_security_fix(b) -> None:
    """A commit about a checker holding "claims (security, abandonment, jobs)" fixes no hole."""
    change = b.make_change("Grounding holds claims (security, abandonment, jobs) to the plan (#900)",
                           files=(("src/commitcast/write/grounding.py", 80, 10),), pr=900)
    plan = plan_episode([change], b.SHOW, b.WINDOW)
    refs = [r for s in plan.stories for r in s.changes] + plan.quick_hits
    assert refs and not any("security" in r.severity for r in refs)


def test_an_empty_commit_is_counted_but_never_told(b) -> None:
    """executorch's "fbshipit-source-id: <sha>" commits change no file: a quick hit read “”."""
    from dataclasses import replace

    from commitcast.write import narrate

    real = b.make_change("Add layer_norm decomposition (#6288)", pr=6288, files=(("backends/arm/ln.py", 90, 9),))
    empty = replace(b.make_change("fbshipit-source-id: " + "5" * 40, author="Facebook Community Bot", minute=5), files=[])
    plan = plan_episode([real, empty], b.SHOW, b.WINDOW)
    told = {r.sha for s in plan.stories for r in s.changes} | {r.sha for r in plan.quick_hits}
    assert told == {real.sha} and plan.counts["changes"] == 2
    assert "“”" not in " ".join(s.text for s in narrate(plan).sentences)


def test_a_bot_that_landed_a_series_is_not_its_author(b) -> None:
    changes = [
        b.make_change(f"[ET-VK] {t} (#{700 + n})", author="pytorchbot", minute=n, pr=700 + n,
                      files=((f"backends/vulkan/runtime/{n}.cpp", 20, 4),))
        for n, t in enumerate(["Improvements to GLSL codegen script", "Re-order DispatchNode arguments",
                               "Tidy the shader cache", "Rename the dispatch helpers"])
    ]
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    assert plan.stories and all("pytorchbot" not in s.headline for s in plan.stories)
