"""Editorial decisions on hand-built days: one campaign per effort, its threads, scale, possessives."""

from __future__ import annotations

import re
from collections.abc import Mapping

from commitcast.analyse import plan_episode
from commitcast.analyse.headlines import possessive
from commitcast.model import Stack
from commitcast.write import check_script, narrate

APPLE = "extension/apple/ExecuTorch/Exported/ExecuTorchTensor.mm"


def _apple_day(b):
    """Two people's Tensor API work split across campaigns and a series, plus others' changes."""
    mk = b.make_change
    both = {"author": "Bob Builder", "coauthors": ("Ada Lovelace",)}
    specs: list[tuple[Mapping[str, object], str]] = [
        *[({"author": "Ada Lovelace"}, f"Tensor {what}") for what in
          ("properties to get shape", "helpers to get the size of a data type", "accessors to get raw data",
           "initializer with native TensorPtr", "equality check", "resizing API")],
        *[(both, f"Overloads for the {what} Tensor constructor") for what in ("bytes", "data", "scalars", "scalar")],
        *[(both, f"Add Module {what} API") for what in ("load", "loadMethod", "execute", "forward")],
        *[({"author": "Ada Lovelace"}, f"Tensor constructor to create with {what}") for what in
          ("a raw pointer", "an existing Tensor", "an array of scalars")],
    ]  # fmt: skip
    changes = [
        mk(f"{title} (#{900 + i})", files=((APPLE, 60, 2),), minute=10 * i, pr=900 + i, **who)
        for i, (who, title) in enumerate(specs)
    ]
    others = [
        ("Cleo Park", "Fix flaky scheduler test", "torch/_inductor/scheduler.py"),
        ("Dan Moss", "Add int8 support to cumsum", "aten/src/ATen/native/ReduceOps.cpp"),
        ("Eve Stone", "Document the export API", "docs/source/export.rst"),
    ]
    changes += [
        mk(f"{title} (#{990 + i})", author=who, files=((path, 20, 4),), minute=300 + i, pr=990 + i)
        for i, (who, title, path) in enumerate(others)
    ]
    return changes


def test_one_effort_by_the_same_people_in_one_area_is_one_campaign(b) -> None:
    plan = plan_episode(_apple_day(b), b.SHOW, b.WINDOW)
    head = plan.stories[0]
    assert head.size == 17 and set(head.people) == {"Ada Lovelace", "Bob Builder"}
    assert [s for s in plan.stories[1:] if "Bob Builder" in s.people] == []
    assert head.focus == ["Tensor", "Module"]
    threads = {t.label: t.size for t in head.threads}
    assert threads == {"overloads for the Tensor constructor": 4, "new Module APIs": 4, "Tensor constructors": 3}
    cited = {c.sha for c in head.changes}
    assert all(t.changes[0] in cited and len(t.changes) == t.size for t in head.threads)
    assert head.headline.startswith("Tensor") and "'s" not in head.headline
    assert head.lines_added == 17 * 60 and head.lines_deleted == 17 * 2
    script = narrate(plan)
    told = " ".join(s.text for sec in script.sections if sec.story_id == head.id for s in sec.sentences)
    assert "Tensor and Module" in told and "Titles in the set" not in told
    assert "overloads for the Tensor constructor" in told and "new Module APIs" in told
    assert check_script(script, plan) == []


def test_a_big_migration_outranks_a_handful_of_one_line_fixes(b) -> None:
    mk = b.make_change
    tiny = [
        mk(f"[ci] fix {what} (#{700 + i})", author="Chen Huang", files=((path, 1, 0),), minute=i, pr=700 + i)
        for i, (what, path) in enumerate([
            ("missing flag", ".github/workflows/x.yml"), ("test_validate again", "tests/unit/test_validate.py"),
            ("typo in resharder", "torchtitan/distributed/reshard.py"), ("import order", "torchtitan/config/a.py"),
        ])
    ]  # fmt: skip
    big = mk(
        "[Grain] Replace dataset/dataloader with grain (#800)", author="Felipe Mello", coauthors=("Chen Huang",),
        files=(("torchtitan/datasets/grain.py", 5520, 3854),), minute=100, pr=800,
    )
    plan = plan_episode([*tiny, big], b.SHOW, b.WINDOW)
    assert plan.stories[0].changes[0].pr == 800
    text = " ".join(s.text for s in narrate(plan).sentences)
    assert re.search(r"about 5,500 lines", text) and "Chen Huang" in text


def test_possessives_of_names_ending_in_s(b) -> None:
    assert possessive("Manuel Candales") == "Manuel Candales'"
    assert possessive("maintainers") == "maintainers'"
    assert possessive("Jason Ansel") == "Jason Ansel's"
    mk = b.make_change
    stack = [910, 911, 912, 913]
    changes = [
        mk(f"Seed {what} (#{pr})", author="Seed maintainers", files=(("torch/_dynamo/guards.py", 30, 5),),
           minute=i, pr=pr, stack=Stack(prs=stack, position=i))
        for i, (what, pr) in enumerate([("guards", 910), ("cache keys", 911)])
    ]  # fmt: skip
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    script = narrate(plan)
    everything = " ".join([plan.to_json().decode(), *(s.text for s in script.sentences), script.title])
    assert "maintainers'" in everything and "maintainers's" not in everything


def _migration_day(b):
    """One person's tagged migration across areas, a colleague's tagged change, untagged work."""
    mk = b.make_change
    tagged = [
        ("Move build/Codegen.cmake", "build/Codegen.cmake"),
        ("Move wheel files", "setup.py"),
        ("Move iOS CI test files", ".github/workflows/apple.yml"),
        ("Move miscellaneous scripts", "scripts/print_public_headers.py"),
    ]
    changes = [
        mk(f"[build Folder Migration] {title} (#{700 + i})", author="jathu", files=((path, 30, 28),),
           minute=10 * i, pr=700 + i)
        for i, (title, path) in enumerate(tagged)
    ]  # fmt: skip
    changes += [
        mk("Remove usage of external flatc in builds (#710)", author="jathu", files=(("CMakeLists.txt", 9, 150),),
           minute=60, pr=710),
        mk("[build Folder Migration] Move docs build script (#711)", author="Mergen Nachin",
           files=(("docs/build.sh", 12, 12),), minute=70, pr=711),
        mk("[BE week] Fix typo in error message (#712)", author="Cleo Park",
           files=(("torch/_inductor/scheduler.py", 1, 1),), minute=80, pr=712),
        mk("[BE week] Tidy scheduler logging (#713)", author="Cleo Park",
           files=(("torch/_inductor/scheduler.py", 3, 3),), minute=90, pr=713),
        mk("Add int8 support to cumsum (#714)", author="Dan Moss",
           files=(("aten/src/ATen/native/ReduceOps.cpp", 80, 4),), minute=100, pr=714),
    ]  # fmt: skip
    return changes


def test_an_effort_named_in_a_bracket_tag_is_one_story_told_by_its_name(b) -> None:
    plan = plan_episode(_migration_day(b), b.SHOW, b.WINDOW)
    named = [s for s in plan.stories if s.series]
    assert len(named) == 1
    story = named[0]
    # jathu's five changes and the colleague's tagged one; the untagged flatc change is jathu's too.
    assert story.series == "build Folder Migration" and story.series_size == 5 and story.size == 6
    assert {"jathu", "Mergen Nachin"} <= set(story.people)
    assert story.headline == "The Build Folder Migration"
    assert story.role == "headline"  # one deliberate effort outweighs unrelated small changes
    assert "Folder Migration" in plan.title
    assert all(s.series is None for s in plan.stories if "Cleo Park" in s.people)  # "BE week" is a kind, not an effort
    script = narrate(plan)
    told = " ".join(s.text for sec in script.sections if sec.story_id == story.id for s in sec.sentences)
    assert "“build Folder Migration”" in told and "five of them" in told
    assert check_script(script, plan) == []


def test_a_lone_tagged_change_is_not_a_series(b) -> None:
    mk = b.make_change
    changes = [
        mk("[Backend Tester] Add LSTM tests (#1)", author="Gregory Comer", pr=1),
        mk("Add int8 support to cumsum (#2)", author="Dan Moss", pr=2, minute=5),
    ]
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    assert all(s.series is None and s.series_size == 0 for s in plan.stories)


def test_one_persons_unrelated_changes_in_one_folder_are_told_each_for_what_it_is(b) -> None:
    mk = b.make_change
    specs = [("Add BroadcastIndexesIterator operator", "kernels/portable/cpu/util/broadcast_indexes_range.h"),
             ("Use numel when appropriate in get_reduced_dim_product", "kernels/portable/cpu/util/reduce_util.cpp"),
             ("Parallelize argmin", "kernels/portable/cpu/op_argmin.cpp"),
             ("Support half in where", "kernels/portable/cpu/op_where.cpp")]  # fmt: skip
    changes = [mk(f"{title} (#{90 + i})", author="Scott Wolchok", files=((path, 40, 10),), minute=i, pr=90 + i)
               for i, (title, path) in enumerate(specs)]  # fmt: skip
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    # nothing but the folder and the person joins them: no "Scott Wolchok's work in portable kernels"
    assert all(s.size == 1 and s.kind == "single" for s in plan.stories)
    assert check_script(narrate(plan), plan) == []


def test_a_campaign_whose_titles_share_only_their_start_is_not_headlined_as_a_cut_title(b) -> None:
    """torchao 2026-01-30: ten "[N/x] docs update: …" PRs were headlined “Docs update …”."""
    whats = ("move quantization README.md to docs", "improve workflows page", "remove empty kernel section",
             "fix KernelPreference docstring", "float8 training api reference", "make QAT readme point to docs")
    changes = [b.make_change(f"[{7 + i}/x] docs update: {what} (#{3765 + i})", author="Vasiliy Kuznetsov",
                             files=((f"docs/source/page{i}.rst", 40, 30),), minute=10 * i, pr=3765 + i)
               for i, what in enumerate(whats)]  # fmt: skip
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    story = plan.stories[0]
    assert story.size == 6 and "…" not in story.headline, story.headline
    assert check_script(narrate(plan), plan) == []
