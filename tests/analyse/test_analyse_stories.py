"""Grouping: revert pairs (also across days), relands, campaigns, series and what's next."""

from __future__ import annotations

from datetime import timedelta

import pytest

from commitcast.analyse import AreaResolver, annotate, group_changes, pair_reverts, plan_episode
from commitcast.analyse.areas import series_tag
from commitcast.analyse.stories import similar_titles, title_pattern
from commitcast.analyse.titles_parse import title_tokens
from commitcast.analyse.whats_next import promises
from commitcast.model import Revert, Stack


def items_of(changes):
    resolver = AreaResolver()
    return [annotate(c, i, resolver) for i, c in enumerate(changes)]


def test_revert_pairs_with_its_change_by_title_when_shas_differ(b) -> None:
    original = b.make_change("[xpu] INT8 quantization on Intel XPU (#3500)", author="xiangdong", minute=10, pr=3500)
    revert = b.make_change(
        'Revert "[xpu] INT8 quantization on Intel XPU" (#3758)', author="Jerry Zhang", minute=200, pr=3758,
        body='Revert "[xpu] INT8 quantization on Intel XPU (#3500)"\n\nThis reverts commit 5cf927446c595da3035c4798b4d295fd6ae7cab8.',
    )
    other = b.make_change("Unrelated change", minute=100)
    threads = pair_reverts(items_of([original, other, revert]))
    assert len(threads) == 1
    assert [i.change.sha for i in threads[0].window] == [original.sha, revert.sha]
    assert not threads[0].relanded


def test_revert_finds_its_change_by_sha_and_pr(b) -> None:
    original = b.make_change("Make foo faster (#10)", minute=1, pr=10)
    by_sha = b.make_change("Back out the foo change", minute=5, revert=Revert(kind="backout", sha=original.sha[:10]))
    threads = pair_reverts(items_of([original, by_sha]))
    assert [i.change.sha for i in threads[0].window] == [original.sha, by_sha.sha]
    by_pr = b.make_change("Revert #10", minute=5, revert=Revert(pr=10))
    threads = pair_reverts(items_of([original, by_pr]))
    assert [i.change.sha for i in threads[0].window] == [original.sha, by_pr.sha]


def test_cross_day_reland_says_so(b) -> None:
    """Revert yesterday, reland today: the story is the reland, citing yesterday's changes."""
    yesterday = b.DAY - timedelta(days=1)
    original = b.make_change("[X86] Re-enable some inductor-related test cases (#3718)", author="Xia Weiwen",
                             day=yesterday - timedelta(days=1), pr=3718)
    revert = b.make_change('Revert "[X86] Re-enable some inductor-related test cases" (#3756)',
                           author="Vasiliy Kuznetsov", day=yesterday, pr=3756)
    reland = b.make_change("[Reland][X86] Re-enable some inductor-related test cases (#3777)", author="Xia Weiwen",
                           minute=60, pr=3777)
    plan = plan_episode([reland], b.SHOW, b.WINDOW, earlier=[original, revert])
    (story,) = [s for s in plan.stories if s.kind == "revert"]
    assert story.relanded
    assert [c.sha for c in story.changes] == [reland.sha]
    assert {c.sha for c in story.earlier} == {original.sha, revert.sha}
    assert "returns" in story.headline or "relanded" in story.headline
    assert not any(n.kind == "pending_reland" for n in plan.whats_next)


def test_revert_and_reland_on_one_day_are_one_story(b) -> None:
    original = b.make_change("Add qnn backend to pip packages (#13794)", minute=1, pr=13794)
    revert = b.make_change('Revert "Add qnn backend to pip packages (#13794)" (#14212)', minute=30, pr=14212)
    reland = b.make_change('Revert "Revert "Add qnn backend to pip packages (#13794)"" (#14220)', minute=90, pr=14220)
    plan = plan_episode([original, revert, reland], b.SHOW, b.WINDOW)
    reverts = [s for s in plan.stories if s.kind == "revert"]
    assert len(reverts) == 1
    assert [c.sha for c in reverts[0].changes] == [original.sha, revert.sha, reland.sha]
    assert reverts[0].relanded and "relanded" in reverts[0].headline


def test_revert_of_change_from_earlier_day(b) -> None:
    original = b.make_change("[dynamo] Support frozenset in guards (#197800)", author="Animesh Jain",
                             day=b.DAY - timedelta(days=2), pr=197800)
    revert = b.make_change('Revert "[dynamo] Support frozenset in guards (#197800)"', author="PyTorch MergeBot",
                           minute=30, is_bot=True,
                           body="Reverted https://github.com/pytorch/pytorch/pull/197800 on behalf of https://github.com/x due to Broke trunk")
    plan = plan_episode([revert], b.SHOW, b.WINDOW, earlier=[original])
    (story,) = plan.stories
    assert story.role == "headline" and story.kind == "revert"
    assert story.reason == "Broke trunk"
    assert [c.sha for c in story.earlier] == [original.sha]
    # People are those whose changes landed in the window; the earlier change keeps its author.
    assert story.people == ["PyTorch MergeBot"]
    assert story.earlier[0].authors == ["Animesh Jain"]


@pytest.mark.parametrize(("a", "b_", "same"), [
    ("Reuse workers for DTensor API tests", "Reuse workers and process groups for tensor parallel style tests", True),
    ("Reuse workers for DTensor API tests", "Reuse workers for FSDP tests", True),
    ("Move mediatek.passes to mediatek._passes", "Move vulkan.passes to vulkan._passes", True),
    ("Bump torch from 2.5 to 2.6", "Bump numpy from 1.2 to 1.3", True),
    ("Add support for foo", "Fix crash in bar", False),
    ("Fix the crash in foo", "Fix the hang in the scheduler of bar", False),
])
def test_similar_titles(a: str, b_: str, same: bool) -> None:
    strip = lambda t: tuple(x for x in title_tokens(t) if not x.isdigit())  # noqa: E731
    assert similar_titles(strip(a), strip(b_)) is same


def test_title_pattern() -> None:
    assert title_pattern(["Reuse workers for DTensor tests", "Reuse workers for FSDP state dict tests"]) == \
        "Reuse workers for … tests"
    assert title_pattern(["Rename build files from TARGETS to BUCK (group ID: 88)",
                          "Rename build files from TARGETS to BUCK (group ID: 61)"]) == \
        "Rename build files from TARGETS to BUCK"  # the titles differ only in a parenthesis
    assert title_pattern(["docs update", "docs update: separate quick start"]) == "docs update"
    assert title_pattern(["Fix a", "Add b"]) is None


def test_numbered_series_is_one_campaign_and_open_parts_are_next(b) -> None:
    changes = [
        b.make_change(f"[{k}/5] docs update: part {k} (#{3760 + k})", author="Vasiliy Kuznetsov", minute=k,
                      files=((f"docs/source/page{k}.rst", 30, 10),), pr=3760 + k)
        for k in (1, 2, 3)
    ]
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    (story,) = plan.stories
    assert story.kind == "campaign" and story.size == 3 and story.people == ["Vasiliy Kuznetsov"]
    assert any(n.kind == "series" and "3 of 5" in n.text for n in plan.whats_next)


def test_a_folder_is_no_story_nor_one_persons_unrelated_run_there(b) -> None:
    """Several people's unrelated changes under one folder were "five changes in Arm from four
    people, led by Per Åstrand", one person's "four pull requests in commands and settings" (uv
    2024-06-11): nothing but the folder joins them, so each is told for itself."""
    arm = [b.make_change(t, author=name, minute=k, files=((f"backends/arm/x{k}.py", 20, 5),))
           for k, (name, t) in enumerate([
               ("Per Åstrand", "Arm backend: Make run_method_and_compare_outputs more flexible"),
               ("Erik Lundell", "Arm backend: Stop removing kwargs in quantizer"),
               ("Oscar Andersson", "Arm backend: Unmark Transformer as xfail"),
               ("Måns Nilsson", "Arm backend: Remove old CI workaround"),
               ("Per Åstrand", "Arm backend: Add SharedQspec tests")])]  # fmt: skip
    mine = [b.make_change(t, author="Scott Wolchok", minute=50 + k, files=((f"kernels/portable/cpu/op_{k}.cpp", 40, 5),))
            for k, t in enumerate(["Add portable ELU implementation", "Deprecate SAME_AS_COMPUTE", "Vectorize clamp"])]
    groups = group_changes(items_of([*arm, *mine]))
    kinds = sorted((g.kind, len(g.items)) for g in groups)
    assert kinds == [("single", 1)] * 8
    # a run whose titles share a word is one
    ops = [b.make_change(t, author="Scott Wolchok", minute=20 + k, files=((f"kernels/portable/cpu/op_clamp{k}.cpp", 40, 5),))
           for k, t in enumerate(["Vectorize clamp", "Support half in clamp backward", "Parallelize the clamp kernel"])]  # fmt: skip
    assert sorted((g.kind, len(g.items)) for g in group_changes(items_of(ops))) == [("author_series", 3)]


def test_person_series_across_areas_finds_the_shared_word(b) -> None:
    changes = [
        b.make_change("Enable CoreML by default on macOS wheel builds", author="jathu", files=(("setup.py", 5, 1),)),
        b.make_change("Updates docs to reflect changes in CoreML", author="jathu", minute=2, files=(("docs/source/coreml.md", 5, 1),)),
        b.make_change("Test CoreML support when building wheels", author="jathu", minute=3, files=((".ci/scripts/wheel.sh", 5, 1),)),
    ]
    (group,) = group_changes(items_of(changes))
    assert group.kind == "author_series" and group.theme == "CoreML"


def test_promises_are_found_and_plain_references_are_not(b) -> None:
    change = b.make_change("x", body=(
        "This is a follow-up to #123.\n\nA follow-up PR will add the fused fast path for uneven shards.\n\n"
        "```\n# TODO: in a future PR\n```\n"
    ))
    assert promises(change) == ["A follow-up PR will add the fused fast path for uneven shards."]
    internal = b.make_change("Pass the weights in", body="In the next diff (D73517350), we pull the weights out as well.")
    assert promises(internal) == ["In the next diff, we pull the weights out as well."]
    # a path is said by its last part; a run-on "… manually We will …" is two sentences (executorch #3666)
    run_on = b.make_change("Improve cmake testing setup", body=(
        "* In test/run_oss_cpp_tests.sh, probe tests so user don't need to add them manually "
        "We will utilize add_test from cmake later\n\n"
        "The runtime/core/portable_type/tensor_impl.cpp guards will be added in a follow-up PR."))
    plan_list = b.make_change("Add graviton jobs", body="In follow up PRs, here's the plan:\n\n- trim macos jobs\n")
    assert promises(plan_list) == []  # it introduces a list; it says nothing itself
    pointer = b.make_change("Prioritize forks based on Python narrowing", body=(
        "## Summary\n\nFirst part of: https://github.com/astral-sh/uv/issues/4926. We should\nsolve forks first."))
    assert promises(pointer) == []  # uv #5642: a link to an issue, its link taken out, promises nothing
    assert promises(run_on) == ["We will utilize add_test from cmake later",
                                "The tensor_impl.cpp guards will be added in a follow-up PR."]


def test_a_promise_kept_the_same_day_is_no_whats_next(b) -> None:
    """uv 2024-07-26: "we'll update it in a subsequent commit", and the same person's next commit to
    that file landed in the same push."""
    test = ("crates/uv/tests/pip_compile.rs", 40, 0)
    promise = b.make_change("Add a regression test", author="Andrew Gallant", minute=1, files=(test,),
                            body="The snapshot saved here is wrong, but we'll update it in a subsequent commit.")
    kept = b.make_change("Propagate markers to sibling dependencies", author="Andrew Gallant", minute=1,
                         files=(test, ("crates/uv-resolver/src/lib.rs", 30, 2)))
    assert plan_episode([promise, kept], b.SHOW, b.WINDOW).whats_next == []
    assert plan_episode([promise], b.SHOW, b.WINDOW).whats_next  # alone, it is a promise


def test_a_table_cell_wrapped_onto_lines_is_no_sentence() -> None:
    """torchtitan 2026-05-08: a test table's cell "… before the next step started" was told as what's next."""
    from commitcast.text import prose_sentences

    body = ("Checks run.\n\n| case | result |\n|---|---|\n| Ctrl-C mid-training | exit 0; cancel landed before\n"
            "the next step started; breadcrumbs\nand more present |\n\nAll good.")
    assert prose_sentences(body) == ["Checks run.", "All good."]


def test_open_stack_members_above_the_landed_ones(b) -> None:
    changes = [b.make_change(f"Step {k} of the plan", author="Ada", minute=k, pr=100 + k,
                             stack=Stack(prs=[100, 101, 102, 103, 104], position=k)) for k in (1, 2)]
    plan = plan_episode(changes, b.SHOW, b.WINDOW)
    (stack,) = [n for n in plan.whats_next if n.kind == "open_stack"]
    assert "#103, #104" in stack.text and "#100" not in stack.text and stack.pr == 103
    assert stack.url == f"{b.WEB}/pull/103"


@pytest.mark.parametrize(
    ("tag", "names_an_effort"),
    [
        ("build Folder Migration", True),
        ("Backend Tester", True),
        ("ET Device Support", True),
        ("BE week", False),  # a kind of change
        ("Bug fix", False),
        ("ET-VK", False),  # one word: an area or a label
        ("moe training", False),  # a known area
        ("-1, -2", False),
    ],
)
def test_which_bracket_tags_name_an_effort(tag: str, names_an_effort: bool) -> None:
    assert series_tag(tag) is names_an_effort


def test_a_reland_is_named_by_what_ingest_read_from_its_message(b) -> None:
    from commitcast.analyse.reverts import relanded_title

    title = 'Revert "Revert "Qualcomm AI Engine Direct - CI for Non-LLM GA model" (#12166)"'
    change = b.make_change(title, revert=Revert(kind="reapply", pr=12166,
                           title="Qualcomm AI Engine Direct - CI for Non-LLM GA model"))  # fmt: skip
    assert relanded_title(change) == "Qualcomm AI Engine Direct - CI for Non-LLM GA model"
    plain = b.make_change('Revert "Revert "Add foo""')  # no reading from ingest: the title pattern
    assert relanded_title(plain) == "Add foo"


def test_quoted_strings_and_list_files_name_no_thread_or_focus(b) -> None:
    from commitcast.analyse.focus import focus_words, threads

    # u-boot 2026-05-12: five 'Add "apple,t8103-…" compatible' patches are no thread of "new apples",
    # and the two "MAINTAINERS: …" patches do not make MAINTAINERS what the work is about
    titles = [f'{area}: apple: Add "apple,t8103-{area}" compatible' for area in ("nvme", "pinctrl", "spi", "watchdog")]
    titles += ["arm: apple: Add Apple M3 (t8122) support", "MAINTAINERS: Add missing Apple M1 specific files",
               "MAINTAINERS: Add a reviewer for Apple M1 SoC support"]
    items = items_of([b.make_change(t, author="Janne Grunau", minute=k) for k, t in enumerate(titles)])
    assert all("apples" not in t.label for t in threads(items))
    assert "MAINTAINERS" not in focus_words(items)


def test_a_lone_part_of_a_numbered_series_promises_no_more_parts(b) -> None:
    """executorch 2025-03-14: "Itamar Oren's numbered series is at part 2 of 12" for a lone "[2/12]"
    of a stack whose other parts landed in other repositories."""
    lone = b.make_change("Convert dataclasses mutable default values to use default_factory [2/12] (#9177)",
                         author="Itamar Oren", minute=1, files=(("exir/a.py", 10, 10),), pr=9177)
    assert not [n for n in plan_episode([lone], b.SHOW, b.WINDOW).whats_next if n.kind == "series"]
    first = b.make_change("Convert dataclasses [1/3] (#9176)", author="Itamar Oren", minute=2, files=(("exir/b.py", 10, 10),), pr=9176)
    assert [n for n in plan_episode([first], b.SHOW, b.WINDOW).whats_next if n.kind == "series"]
