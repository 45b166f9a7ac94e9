"""``plan_episode`` on hand-built days: what an editor would put on air, deterministic and bounded."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from commitcast.analyse import plan_episode
from commitcast.model import Change, EpisodePlan, Window
from commitcast.phrasebook import default_phrasebook


@pytest.fixture
def reference(b):
    changes, named = b.reference_day()
    return plan_episode(changes, b.SHOW, b.WINDOW), changes, named


def test_headline_is_the_campaign_with_its_count_and_range(reference, b) -> None:
    plan, _, _ = reference
    head = plan.stories[0]
    assert head.role == "headline" and head.kind == "campaign"
    assert head.size == 20 and len(head.changes) == 20
    assert head.people == ["Tristan Rice"]
    assert {c.pr for c in head.changes} == set(b.CAMPAIGN_PRS)
    assert head.headline == "Reuse workers for … tests"  # a chapter title, topic first; the count is narrated
    assert {"DTensor", "FSDP", "distributed checkpoint"} <= set(head.areas)
    factors = [f.factor for f in head.facts]
    ratios = [before / after for _, _, before, after in b.CAMPAIGN]
    assert max(factors) == pytest.approx(max(ratios)) and min(factors) == pytest.approx(min(ratios))
    assert head.effect == "runtimes 2.9x to 6x faster"
    assert all(f.kind == "runtime" and f.unit == "s" and f.sha in {c.sha for c in head.changes} for f in head.facts)


def test_title_and_summary_name_the_theme_truthfully(reference) -> None:
    plan, _, _ = reference
    assert plan.title.startswith("PyTorch: ")
    assert "Distributed Test" in plan.title  # said from the headline's effect, not a commit title
    assert any(word in plan.title for word in ("Speedup", "Three to Six Times Faster"))
    summary = plan.summary
    assert "Tristan Rice" in summary and "20" in summary and "2.9x to 6x" in summary
    assert "Jason Ansel" in summary and "silently wrong results" in summary
    assert "55 changes from 34 people and 2 bots" in summary
    assert summary.count(". ") + 1 <= 3


def test_silent_wrong_output_fix_is_a_correctness_story(reference) -> None:
    plan, _, named = reference
    (story,) = [s for s in plan.stories if named["silent"].sha in {c.sha for c in s.changes}]
    assert story.role == "correctness" and "silent_correctness" in story.severity
    assert story.people == ["Jason Ansel"] and story.areas[0] == "Inductor"
    assert plan.stories.index(story) == 1  # right after the headline


def test_cpp_refactor_for_speed_is_a_performance_story(reference) -> None:
    plan, _, named = reference
    (story,) = [s for s in plan.stories if named["refactor"].sha in {c.sha for c in s.changes}]
    assert story.role == "performance" and story.people == ["Wei Feng"] and "FSDP2" in story.areas


def test_revert_pair_is_one_story_with_its_reason(reference) -> None:
    plan, _, named = reference
    (story,) = [s for s in plan.stories if s.role == "revert"]
    assert [c.sha for c in story.changes] == [named["original"].sha, named["revert"].sha]
    assert story.reason == "Broke trunk on macOS" and not story.relanded
    assert story.people == ["Animesh Jain"]  # the merge bot is not a person
    assert any(n.kind == "pending_reland" and "Support frozenset in guards" in n.text for n in plan.whats_next)


def test_bot_bump_is_at_most_a_quick_hit(reference) -> None:
    plan, _, named = reference
    assert all(named["bump"].sha not in {c.sha for c in s.changes} for s in plan.stories)
    hits = [q.sha for q in plan.quick_hits]
    if named["bump"].sha in hits:
        assert hits.index(named["bump"].sha) == len(hits) - 1


def test_quick_hits_and_whats_next(reference, b) -> None:
    plan, _, named = reference
    assert 1 <= len(plan.quick_hits) <= 12 and len(plan.stories) <= 7
    on_air = {c.sha for s in plan.stories for c in s.changes}
    assert not on_air & {q.sha for q in plan.quick_hits}
    kinds = [n.kind for n in plan.whats_next]
    assert "open_stack" in kinds and "follow_up" in kinds
    (stack,) = [n for n in plan.whats_next if n.kind == "open_stack"]
    assert stack.pr == b.OPEN_STACK_PRS[0] and "2 more PRs in Tristan Rice's stack" in stack.text
    (promise,) = [n for n in plan.whats_next if n.kind == "follow_up"]
    assert promise.sha == named["refactor"].sha and "follow-up PR will add the fused fast path" in promise.text


def test_counts(reference) -> None:
    plan, changes, _ = reference
    c = plan.counts
    assert c["changes"] == len(changes) == 55
    assert c["authors"] == 34 and c["bot_changes"] == 2 and c["reverts"] == 1
    assert c["lines_added"] == sum(ch.added for ch in changes)
    assert c["stories"] == len(plan.stories) and c["quick_hits"] == len(plan.quick_hits)


def test_everything_cited_is_in_the_input(reference, b) -> None:
    plan, changes, _ = reference
    shas = {c.sha for c in changes}
    prs = {c.pr.number for c in changes if c.pr}
    names = {p.name for c in changes for p in c.authors}
    refs = [c for s in plan.stories for c in s.changes] + plan.quick_hits
    assert all(r.sha in shas and (r.pr is None or r.pr in prs) for r in refs)
    assert all(r.url == f"{b.WEB}/pull/{r.pr}" for r in refs if r.pr)
    assert all(set(s.people) <= names for s in plan.stories)
    assert all(f.sha in shas for s in plan.stories for f in s.facts)


def test_commit_urls_when_there_is_no_pr(b) -> None:
    change = b.make_change("Fix crash in the loader", files=(("torch/utils/data/dataloader.py", 30, 2),))
    plan = plan_episode([change], b.SHOW, b.WINDOW)
    assert plan.stories[0].changes[0].url == f"{b.WEB}/commit/{change.sha}"
    offline = plan_episode([change], b.SHOW.__class__(name="X", slug="x"), b.WINDOW)
    assert offline.stories[0].changes[0].url is None


def test_pr_urls_from_the_configured_web_url_when_the_clone_has_no_forge_remote(b) -> None:
    from commitcast.model import PullRequest

    change = b.make_change("Fix crash in the loader (#77)", files=(("torch/utils/data/dataloader.py", 30, 2),))
    change = replace(change, pr=PullRequest(77, None))  # read from a clone without an origin remote
    plan = plan_episode([change], b.SHOW, b.WINDOW)
    assert plan.stories[0].changes[0].url == f"{b.WEB}/pull/77"
    gitlab = replace(b.SHOW, web_url="https://gitlab.example.com/group/project")
    assert plan_episode([change], gitlab, b.WINDOW).stories[0].changes[0].url == (
        "https://gitlab.example.com/group/project/-/merge_requests/77"
    )


def test_json_round_trip_and_contract_keys(reference) -> None:
    plan, _, _ = reference
    data = json.loads(plan.to_json())
    assert {"show", "window", "title", "summary", "counts", "stories", "quick_hits", "whats_next"} <= set(data)
    assert set(data["window"]) == {"since", "until", "tz"}
    story = data["stories"][0]
    assert {"id", "role", "headline", "people", "areas", "changes", "facts", "score"} <= set(story)
    assert {"sha", "pr", "title", "url"} <= set(story["changes"][0])
    assert {"text", "value", "sha", "pr"} <= set(story["facts"][0])
    assert EpisodePlan.from_json(plan.to_json()) == plan


def test_same_input_same_plan_in_any_order(b) -> None:
    changes, _ = b.reference_day()
    first = plan_episode(changes, b.SHOW, b.WINDOW).to_json()
    shuffled = list(changes)
    random.Random(3).shuffle(shuffled)
    assert plan_episode(shuffled, b.SHOW, b.WINDOW).to_json() == first


def test_plan_does_not_depend_on_hash_seeds(tmp_path: Path) -> None:
    """Set iteration order changes with PYTHONHASHSEED; the plan must not."""
    conftest = Path(__file__).with_name("conftest.py")
    script = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('c', {str(conftest)!r})\n"
        "c = importlib.util.module_from_spec(spec); spec.loader.exec_module(c)\n"
        "from commitcast.analyse import plan_episode\n"
        "changes, _ = c.reference_day()\n"
        "sys.stdout.write(plan_episode(changes, c.SHOW, c.WINDOW).to_json().decode())\n"
    )
    outputs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        outputs.add(done.stdout)
    assert len(outputs) == 1


def test_changes_outside_the_window_are_not_planned(b) -> None:
    inside = b.make_change("Fix crash in the loader", minute=5)
    outside = b.make_change("Add a big new feature", day=b.DAY + timedelta(days=1), minute=5)
    plan = plan_episode([inside, outside], b.SHOW, b.WINDOW)
    assert plan.counts["changes"] == 1
    assert {c.sha for s in plan.stories for c in s.changes} | {q.sha for q in plan.quick_hits} == {inside.sha}


def test_empty_day(b) -> None:
    plan = plan_episode([], b.SHOW, b.WINDOW)
    assert plan.title.startswith("PyTorch: ") and plan.stories == [] and plan.counts["changes"] == 0
    assert plan.title.removeprefix("PyTorch: ") in default_phrasebook().options("titles.quiet")
    assert plan.summary == "No changes landed in this window."


def test_titles_vary_across_days_and_are_never_generic(b) -> None:
    changes, _ = b.reference_day()
    titles = set()
    for offset in range(8):
        shift = timedelta(days=offset)
        moved = [c.__class__(**{**c.__dict__, "landed_at": c.landed_at + shift}) for c in changes]
        window = Window(b.WINDOW.since + shift, b.WINDOW.until + shift)
        title = plan_episode(moved, b.SHOW, window).title
        assert title.startswith("PyTorch: ") and "update" not in title.lower() and "Distributed Test" in title
        titles.add(title)
    assert len(titles) >= 3


def _synthetic_day(b, n: int, seed: int = 11):
    """A large, varied day: many people and areas, campaigns, bots, reverts, facts."""
    rnd = random.Random(seed)
    areas = ["torch/_inductor", "torch/_dynamo", "torch/distributed/tensor", "torch/nn", "aten/src/ATen/native",
             "torch/export", ".github/workflows", "docs/source", "torch/csrc/autograd", "torch/onnx", "test/inductor"]
    verbs = ["Fix", "Add", "Remove", "Refactor", "Support", "Speed up", "Handle", "Document"]
    nouns = ["guard", "scheduler", "kernel", "meta function", "decomposition", "workflow", "tensor subclass"]
    changes: list[Change] = []
    for i in range(n):
        author = f"Person {rnd.randrange(300)}"
        area = rnd.choice(areas)
        title = f"{rnd.choice(verbs)} {rnd.choice(nouns)} {i} in {area.split('/')[-1]} (#{200000 + i})"
        body = ""
        if i % 50 == 0:
            body = f"Runtime fell from {rnd.randint(20, 90)}s to {rnd.randint(2, 19)}s on H100."
        if i % 97 == 0:
            body += " This silently produced wrong results before."
        kwargs = {}
        if i % 40 == 0:
            kwargs = {"author": "dependabot[bot]", "is_bot": True}
            title = f"Bump lib{i} from 1.0 to 1.1 (#{200000 + i})"
        if i % 10 == 0:
            author = "Campaign Runner"
            title = f"Reuse workers for suite {i} tests (#{200000 + i})"
        if i % 123 == 0 and changes:
            target = changes[-1]
            title = f'Revert "{target.title}"'
        changes.append(b.make_change(title, author=kwargs.pop("author", author), body=body, pr=200000 + i,
                                     minute=i * 1440 // n, files=((f"{area}/f{i % 7}.py", rnd.randint(1, 300), rnd.randint(0, 80)),),
                                     **kwargs))
    return changes


def test_a_huge_day_gives_a_bounded_plan(b) -> None:
    changes = _synthetic_day(b, 3000)
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    assert plan.counts["changes"] == 3000
    assert 1 <= len(plan.stories) <= 7 and len(plan.quick_hits) <= 12 and len(plan.whats_next) <= 5
    assert all(len(s.changes) <= 25 and len(s.facts) <= 8 and len(s.people) <= 10 for s in plan.stories)
    assert max(s.size for s in plan.stories) >= 25
    assert len(plan.to_json()) < 150_000
    assert len(plan.summary) < 600 and len(plan.title) < 90


def test_title_names_the_area_not_the_family_of_a_side_area(b) -> None:
    """One person's compiler-toolkit run that also touched one doc is not a "Docs" story."""
    path = "torchtitan/experiments/compiler_toolkit/graph_utils.py"
    readme = "torchtitan/experiments/compiler_toolkit/README.md"
    specs = [("Sherlock Huang", "Avoid DTensorize BlockMask for FlexAttention", ((path, 40, 12),)),
             ("Sherlock Huang", "Fix llama3 kwargs", ((readme, 4, 1), (path, 8, 3))),
             ("Sherlock Huang", "Apply autobucketing reordering pass", ((path, 30, 2),)),
             ("Sherlock Huang", "Deduplicate llama3 and deepseek_v3 code", ((path, 60, 90),))]
    changes = [b.make_change(f"[compiler toolkit] {title} (#{1950 + i})", author=who, files=files, minute=i, pr=1950 + i)
               for i, (who, title, files) in enumerate(specs)]  # fmt: skip
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    assert plan.stories[0].size == 4 and plan.stories[0].areas == ["compiler toolkit"]  # the README rides along
    # titled by its area or by what its most telling change did, never by the side area
    assert "Docs" not in plan.title and "README" not in plan.title
    # (a name from the code is said in words, never as written: "deepseek v3", not "deepseek_v3")
    assert "compiler toolkit" in plan.title.lower() or "Fixes llama3 Kwargs" in plan.title, plan.title
    assert "_" not in plan.title


def test_a_lone_change_is_titled_by_what_it_is(b) -> None:
    changes = [
        b.make_change("Update README.md (#3225)", author="Jerry Zhang", files=(("README.md", 9, 9),), pr=3225),
        b.make_change("Add blog to latest news (#3227)", author="Andrew Or", files=(("README.md", 8, 8),),
                      minute=30, pr=3227),
    ]  # fmt: skip
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    # what the change did, never its raw title with a file name in it
    assert plan.title in ("PyTorch: Jerry Zhang Updates the README Doc", "PyTorch: Updating the README Doc",
                          "PyTorch: Andrew Or Adds Blog to Latest News", "PyTorch: Adding Blog to Latest News")
    big = [b.make_change("Migrate the data loader to Grain (#3300)", author="Jerry Zhang",
                         files=(("torch/utils/data/grain.py", 6000, 3400),), pr=3300)]  # fmt: skip
    # however large: one change is no "Great Data Expansion"
    assert plan_episode(big, b.SHOW, b.WINDOW).title in (
        "PyTorch: Jerry Zhang Migrates the Data Loader to Grain", "PyTorch: Migrating the Data Loader to Grain")
    # a title that names no deed is said by its subject, never as the commit title it is
    for title in ("Slightly improving 4 bit mat mul performance through better tiling of the inner loop",
                  "GQA without kv repeats", "withDefaults helper"):
        lone = [b.make_change(f"{title} (#3301)", author="Jerry Zhang", files=(("torchao/ops.py", 60, 4),), pr=3301)]
        said = plan_episode(lone, b.SHOW, b.WINDOW).title
        # nor by the module it touched ("torchao/ops.py" is a file, no subject: "An Ops Speedup")
        assert said.startswith("PyTorch: ") and title.split()[0] not in said and "Ops" not in said, said
    # what a change did, said as a headline ("Fixes", not "Fix"), code in words
    said = "PyTorch: Jerry Zhang Fixes Active Swiglu int32 Indexing Overflow"
    lone = [b.make_change("Fix  `active` swiglu int32 indexing overflow (#3301)", author="Jerry Zhang",
                          files=(("torchao/ops.py", 60, 4),), pr=3301)]  # fmt: skip
    assert plan_episode(lone, b.SHOW, b.WINDOW).title in (said, said.replace("Jerry Zhang Fixes", "Fixing"))


def test_the_forge_spotlight_is_kept_only_for_a_reviewed_change_of_the_day(b) -> None:
    from commitcast.model import Spotlight

    changes = [b.make_change("Fuse the attention kernels (#501)", author="Dave D", pr=501),
               b.make_change("Fix a typo (#502)", author="Erin E", pr=502, minute=5)]  # fmt: skip
    pick = Spotlight(pr=501, sha=changes[0].sha, title="Fuse the attention kernels", author="Dave D",
                     url=f"{b.WEB}/pull/501", reviewers=["Rita Reviewer", "Sam Second"], comments=1)  # fmt: skip
    assert plan_episode(changes, b.SHOW, b.WINDOW, spotlight=pick).spotlight == pick
    talked = replace(pick, reviewers=["Rita Reviewer"], comments=3)
    assert plan_episode(changes, b.SHOW, b.WINDOW, spotlight=talked).spotlight == talked
    barely = replace(pick, reviewers=["Rita Reviewer"], comments=2)
    assert plan_episode(changes, b.SHOW, b.WINDOW, spotlight=barely).spotlight is None
    elsewhere = replace(pick, sha="f" * 40)  # landed on another day
    assert plan_episode(changes, b.SHOW, b.WINDOW, spotlight=elsewhere).spotlight is None
    assert plan_episode(changes, b.SHOW, b.WINDOW).spotlight is None


def test_a_release_and_its_same_day_fix_are_named_both() -> None:
    """pip 2019-07-23: 19.2, then 19.2.1 the same day, was titled "Version 19.2 and One More Release"."""
    from commitcast.analyse.releases import release_headline
    from commitcast.model import Release

    day = [Release("19.2", "a" * 40, kind="minor", previous="19.1.1"), Release("19.2.1", "b" * 40, previous="19.2")]
    assert release_headline(day, "pip") == "pip 19.2 and 19.2.1 are out"
    assert release_headline(day, "pip", project_word="Version") == "Versions 19.2 and 19.2.1 are out"
    assert release_headline(day[:1], "pip") == "pip 19.2 is out"


def test_headline_capitalisation_keeps_spellings_and_reads_words_past_their_commas() -> None:
    from commitcast.analyse.titles import title_case

    assert title_case("Build-out across operations, models and more") == "Build-out Across Operations, Models and More"
    assert title_case("float8 speedups in torch.nn for pip", keep="pip") == "float8 Speedups in torch.nn for pip"


def test_a_title_is_never_cut_with_an_ellipsis(b) -> None:
    """uv 2025-02-20: "Allowing Quotes Around command-line Options in the Requirement file…"."""
    title = "Allow quotes around command-line options in requirement file and in constraints files too (#11644)"
    plan = plan_episode([b.make_change(title, author="Charlie Marsh", pr=11644, files=(("crates/x/src/lib.rs", 40, 2),))],
                        b.SHOW, b.WINDOW)
    assert not plan.title.endswith("…") and "…" not in plan.title, plan.title


def test_a_month_of_frequent_releases_never_hears_one_frame_three_times() -> None:
    """uv 2025-02: nine releases in a month were "… Ships" three times and "… Arrives" three times."""
    from collections import Counter

    from commitcast.analyse.titles import _release_turn
    from commitcast.phrasebook import default_phrasebook

    book = default_phrasebook()
    versions = ["0.5.27", "0.5.28", "0.5.29", "0.5.30", "0.5.31", "0.6.0", "0.6.1", "0.6.2", "0.6.3"]
    frames = Counter(book.pick("titles.release", _release_turn(v), name="{}") for v in versions)
    assert max(frames.values()) <= 2, frames
