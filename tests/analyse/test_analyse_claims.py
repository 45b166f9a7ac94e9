"""Claims that carry their evidence: a change's kinds and severities, a story's purpose and leader,
and a revert's reason and return, each with the text it rests on and how strong that is."""

from __future__ import annotations

import pytest

from commitcast.analyse import plan_episode
from commitcast.analyse.annotate import annotate
from commitcast.analyse.areas import AreaResolver
from commitcast.analyse.claims import strength_of
from commitcast.model import Claim, FileChange


def _claims(b, title: str, **kwargs) -> list[Claim]:
    return list(annotate(b.make_change(title, **kwargs), 0, AreaResolver()).claims)


@pytest.mark.parametrize(
    ("title", "files", "kind", "strength"),
    [
        # the author's own type, a bracket tag, or the title's opening verb say it outright
        ("fix(runtime-core): handle a missing key", (("src/a.ts", 3, 1),), "fix", "strong"),
        ("[BE] tidy the loader", (("torch/a.py", 3, 1),), "refactor", "strong"),
        ("Fix connection lifetime checks", (("lib/c.c", 3, 1),), "fix", "strong"),
        ("Add 32-bit Windows target", (("crates/a.rs", 300, 1),), "feature", "strong"),
        ("tests: raise the lock timeout", (("tests/server.pl", 2, 2),), "tests", "strong"),  # every file a test
        # the project's own version moving on is no dependency update
        ("Bump version to 0.3.0", (("Cargo.toml", 1, 1), ("CHANGELOG.md", 90, 0)), "version", "strong"),
        # words that point two ways: "add" says feature, "prevent … overrun" says a fix
        ("lmb: add a check to prevent memory overrun", (("lib/lmb.c", 1, 0),), "feature", "weak"),
        ("lmb: add a check to prevent memory overrun", (("lib/lmb.c", 1, 0),), "fix", "weak"),
        # "avoid" is no "fix": pip's start-up change is told in its own words
        ("Avoid network/index related imports for pip uninstall & list", (("src/pip/a.py", 30, 9),), "fix", "weak"),
    ],
)
def test_kind_claims_and_their_strength(b, title: str, files, kind: str, strength: str) -> None:
    claims = _claims(b, title, files=files)
    assert strength_of(claims, "kind", kind) == strength, claims


def test_a_breaking_mark_is_a_strong_claim_with_its_evidence(b) -> None:
    claims = _claims(b, "fix(compiler)!: remove the v-is directive", files=(("packages/c/a.ts", 3, 40),))
    (breaking,) = [c for c in claims if c.about == "severity" and c.value == "breaking"]
    assert breaking.strength == "strong" and breaking.evidence[0].source == "type"
    assert breaking.evidence[0].text == "fix(compiler)!:"
    # a body that mentions a crash is weak evidence of one; a title that names it is strong
    weak = _claims(b, "Tidy the loader", body="Before this, a missing file could crash the loader at start-up.")
    strong = _claims(b, "Fix a crash in the loader")
    assert strength_of(weak, "severity", "crash") in (None, "weak")
    assert strength_of(strong, "severity", "crash") == "strong"


def test_a_story_says_why_its_changes_belong_together_and_who_leads_only_when_someone_does(b) -> None:
    stacked = [b.make_change(f"Reuse workers for {t} tests", author="Ada", minute=k, files=((f"test/t{k}.py", 20, 30),))
               for k, t in enumerate(["jit", "nn", "fx"])]
    plan = plan_episode(stacked, b.SHOW, b.WINDOW)
    (story,) = plan.stories
    purpose = next(c for c in story.claims if c.about == "purpose")
    leader = next(c for c in story.claims if c.about == "leader")
    assert (purpose.value, purpose.strength) == ("pattern", "strong")
    assert (leader.value, leader.strength) == ("Ada", "strong") and "3 of its 3" in leader.evidence[0].text


def test_a_revert_carries_its_stated_reason_and_when_it_returns(b) -> None:
    original = b.make_change("Add --cert support to uv pip (#20367)", author="Ann", pr=20367, minute=1)
    revert = b.make_change(
        'Revert "Add --cert support to uv pip" (#20417)', author="Zed", minute=30, pr=20417,
        body="Revert #20367. Supporting --cert changes certificate-trust behavior for existing uv pip "
             "invocations, so it is breaking and should not land in a non-breaking release.\n\n"
             "Move the change to the 0.12 release line in #20418.",
    )
    plan = plan_episode([original, revert], b.SHOW, b.WINDOW)
    (story,) = [s for s in plan.stories if s.kind == "revert"]
    said = {c.value: c.evidence[0].text for c in story.claims if c.about == "revert"}
    assert said["reason"].startswith("Supporting --cert changes certificate-trust behavior")
    assert said["returns"].startswith("Move the change to the 0.12 release line")
    assert not [n for n in plan.whats_next if n.kind == "pending_reland"]  # it says where it went


def test_a_revert_replaced_the_same_day_is_not_waiting_for_a_reland(b) -> None:
    original = b.make_change("Speed up the lock file parser", author="Ann", minute=1, files=(("src/lock.rs", 200, 10),))
    revert = b.make_change('Revert "Speed up the lock file parser"', author="Ann", minute=30, files=(("src/lock.rs", 10, 200),))
    again = b.make_change("Speed up the lock file parser", author="Ann", minute=90, files=(("src/lock.rs", 210, 10),))
    plan = plan_episode([original, revert, again], b.SHOW, b.WINDOW)
    assert not [n for n in plan.whats_next if n.kind == "pending_reland"]


def test_part_two_of_a_series_with_no_stated_end_promises_nothing(b) -> None:
    parts = [b.make_change(f"[2/n] Port the {t} kernels", author="Vasiliy", minute=k) for k, t in enumerate(["mx", "fp8"])]
    plan = plan_episode(parts, b.SHOW, b.WINDOW)
    assert not [n for n in plan.whats_next if n.kind == "series"]


def test_a_pull_of_another_tree_is_one_story_led_by_the_custodian_who_committed_it(b) -> None:
    from dataclasses import replace

    from commitcast.model import Change, Person

    merge = replace(b.make_change("Merge tag 'u-boot-dfu-20260616' of https://source.denx.de/u-boot/custodians/u-boot-dfu",
                                  author="Tom Rini", minute=50), merge_kind="pull", is_merge=True)
    pulled: list[Change] = [
        replace(b.make_change(t, author=who, minute=50), via=merge.sha, committer=Person("Mattijs Korpershoek", "m@example.com"))
        for t, who in (("android_ab: fix slot selection", "Colin McAllister"),
                       ("fastboot: Fix blk_dwrite error checking", "Francois Berder"))
    ]  # fmt: skip
    plan = plan_episode([*pulled, merge], b.SHOW, b.WINDOW)
    assert plan.counts["changes"] == 2
    (story,) = [s for s in plan.stories if s.kind == "pull"]
    values = {c.about: c.value for c in story.claims}
    assert values == {"purpose": "pull", "leader": "Mattijs Korpershoek"}
    # the day led by the pull is titled by it, never by the biggest of its patches (u-boot 2024-07-31:
    # "Adding a Function to Count List Nodes" for eleven EFI patches)
    assert story.role == "headline" and "u-boot-dfu" in plan.title and "Slot" not in plan.title, plan.title


def test_a_folder_is_no_area_to_tell_but_a_package_or_a_tag_is(b) -> None:
    """ao 2024-10-25: "cpuhrsch landed a change in models" named torchao/_models, a folder, and said
    nothing of what the change was; a monorepo's package or the author's own tag is a name."""
    from commitcast.write import narrate
    from commitcast.write.grounding import check_script

    def areas(title: str, path: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        item = annotate(b.make_change(title, files=((path, 800, 3),)), 0, AreaResolver())
        return item.areas, item.folders

    assert areas("SAM2.1 copy", "torchao/_models/sam2/build_sam.py") == ((), ("models",))
    assert areas("fix: keep props reactive", "packages/compiler-sfc/src/compileScript.ts") == (("compiler sfc",), ())
    assert areas("[compiler toolkit] Fix kwargs", "torchtitan/experiments/compiler_toolkit/graph.py") == (("compiler toolkit",), ())
    plan = plan_episode([b.make_change("SAM2.1 copy (#1172)", author="cpuhrsch", pr=1172,
                                       files=(("torchao/_models/sam2/build_sam.py", 8000, 35),))], b.SHOW, b.WINDOW)  # fmt: skip
    script = narrate(plan)
    spoken = " ".join(s.text for sec in script.sections for s in sec.sentences)
    assert " in models" not in spoken and "code base" not in spoken and "Models" not in plan.title, spoken
    assert check_script(script, plan) == []


def test_a_merged_patch_series_is_a_story_not_a_quick_hit(b) -> None:
    """u-boot 2025-01-22: Simon Glass's 22-patch "vbe: Series part F" was "a change" in the quick hits."""
    from dataclasses import replace

    series = replace(b.make_change('Merge patch series "vbe: Series part F"', author="Simon Glass", minute=10,
                                   files=(("boot/vbe_simple.c", 900, 220),)),
                     title="vbe: Series part F", merge_kind="topic", is_merge=True, merged_count=22)  # fmt: skip
    small = [b.make_change(f"spi: fix timeout {k}", author="Ronald Wahl", minute=20 + k, files=((f"drivers/spi/x{k}.c", 3, 1),))
             for k in range(3)]  # fmt: skip
    # a campaign of 22 patches leads, as the reference show's campaigns do; the crash fix is told too
    lead = b.make_change("Fix a crash when booting from SPI flash", author="Tom Rini", minute=5,
                         files=(("drivers/mtd/spi/sf.c", 120, 30),))  # fmt: skip
    plan = plan_episode([lead, series, *small], b.SHOW, b.WINDOW)
    assert plan.stories[0].changes[0].sha == series.sha
    assert any(lead.sha in {c.sha for c in s.changes} for s in plan.stories[1:])
    # a pull request's merge of many commits is one change of its author, no series: told, if at
    # all, as the one change it is (a big change of no claimed kind may still be a story)
    pr = replace(series, merge_kind="pr")
    again = plan_episode([lead, pr, *small], b.SHOW, b.WINDOW)
    assert all(s.kind == "single" for s in again.stories if pr.sha in {c.sha for c in s.changes})


def test_a_folder_inside_a_package_is_no_name() -> None:
    """uv 2025-03-18: "updated pytorch test snapshot in it" named crates/uv/tests/it."""
    resolver = AreaResolver(package_names=frozenset({"uv"}))
    assert resolver.named_of_files([FileChange("crates/uv/tests/it/lock.rs", "M", added=4, deleted=2)]) == set()
    # a crate named after the project is an internal part ("uv-workspace" was heard as the workspace
    # feature); another project's package keeps its name
    assert resolver.named_of_files([FileChange("crates/uv-normalize/src/lib.rs", "M", added=4, deleted=2)]) == set()
    assert resolver.named_of_files([FileChange("packages/compiler-sfc/src/x.ts", "M", added=4, deleted=2)]) == {"compiler sfc"}
