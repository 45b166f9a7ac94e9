"""Subjects, kinds, severity, areas and who gets the credit: table-driven, with real-looking messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from commitcast.analyse.areas import (
    AreaResolver,
    codeowners_areas,
    load_area_map,
    pretty_name,
    tag_area,
)
from commitcast.analyse.classify import classify
from commitcast.analyse.people import credited, is_bot_change
from commitcast.analyse.titles_parse import parse_subject
from commitcast.errors import UserError
from commitcast.model import Revert

SUBJECTS = [
    # title, topic, tags, label, part, of
    ("[inductor] Force re-tracing of matched patterns (#197702)", "Force re-tracing of matched patterns", ("inductor",), None, None, None),
    ("[BE][ET-VK] update permute to use layout gen", "update permute to use layout gen", ("BE", "ET-VK"), None, None, None),
    ("[3/x] docs update: make docs landing page be like the main README (#3761)",
     "make docs landing page be like the main README", (), "docs update", 3, None),
    ("[BE][5/n] simply pp vs. non-pp set up", "simply pp vs. non-pp set up", ("BE",), None, 5, None),
    ("Arm backend: Add FP16 support to operators pt.1 (#17001)", "Add FP16 support to operators", (), "Arm backend", 1, None),
    ("Move the parser (part 2 of 4)", "Move the parser", (), None, 2, 4),
    ("Support Python (3)", "Support Python (3)", (), None, None, None),
    ("Qualcomm AI Engine Direct - Mimi Enablement Stage 1 (#9570)", "Mimi Enablement Stage 1", (), "Qualcomm AI Engine Direct", None, None),
    ("fix(inductor): handle empty grids", "handle empty grids", (), None, None, None),
    ("Add support: foo bar", "Add support: foo bar", (), None, None, None),  # a verb is not a label
    ("[rl] Revert generator initialization race condition fix (#3809) (#3871)",
     "Revert generator initialization race condition fix", ("rl",), None, None, None),
    ("Reuse workers for DTensor tests (2/3)", "Reuse workers for DTensor tests", (), None, 2, 3),
    # Vue's own types are Conventional Commits types, not labels naming an area.
    ("types: cleanup renderer & hydration typing", "cleanup renderer & hydration typing", (), None, None, None),
    ("wip(ssr): component hydration", "component hydration", (), None, None, None),
]


@pytest.mark.parametrize(("title", "topic", "tags", "label", "part", "of"), SUBJECTS)
def test_parse_subject(title, topic, tags, label, part, of) -> None:
    s = parse_subject(title)
    assert (s.topic, s.tags, s.label, s.part, s.of) == (topic, tags, label, part, of)


def test_merge_commit_topic_comes_from_the_body() -> None:
    s = parse_subject("Merge pull request #42 from pytorch-labs/gh/jerryzh168/1/head", "Add int4 weight-only quant\n\nMore")
    assert s.topic == "Add int4 weight-only quant"


KINDS = [
    # title, body, files, kinds that must be present, kinds that must be absent, severity
    ("[inductor] Force re-tracing of matched attention patterns",
     "The SDPA pattern matcher silently produced wrong outputs for permuted inputs.",
     ("torch/_inductor/fx_passes/fuse_attention.py",), {"fix", "correctness"}, {"feature"}, {"silent_correctness", "correctness"}),
    ("Fix segfault in ProcessGroupNCCL abort", "", ("torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp",),
     {"fix"}, set(), {"crash"}),
    ("Fix deadlock when destroying process groups", "", ("torch/distributed/distributed_c10d.py",), {"fix"}, set(), {"hang"}),
    ("[FSDP2] Move shard copy preparation into C++", "Move it into C++ to speed up sharding of large models.",
     ("torch/csrc/distributed/c10d/fsdp.cpp",), {"performance", "refactor"}, {"fix"}, set()),
    ("Add export_llama performance regression test using expected ops", "", ("examples/models/llama/test_export.py",),
     {"tests"}, {"performance", "fix", "feature"}, set()),
    ("Bump urllib3 from 2.2.1 to 2.2.2 in /.ci/docker", "", (".ci/docker/requirements-ci.txt",),
     {"dependency"}, {"feature"}, set()),
    ("Update float8 README.md", "", ("torchao/float8/README.md",), {"docs"}, {"feature", "fix"}, set()),
    ("[ci] Stop auto-labeling PRs for 8-GPU tests", "", (".github/workflows/labeler.yml",), {"build"}, {"feature"}, set()),
    ("Add SharedQspec tests", "", ("backends/arm/test/misc/test_shared_qspec.py",), {"tests"}, {"feature"}, set()),
    ("Support BFloat16 in exir", "", ("exir/dtype.py",), {"feature"}, {"fix"}, set()),
    ("[lint] reformat qat files", "", ("torchao/quantization/qat/api.py",), {"chore"}, {"feature"}, set()),
    ("Add feature flag docs", "This does not silently change numerics.", ("docs/source/flags.rst",),
     {"docs"}, {"correctness"}, set()),  # a negated mention is no severity
    ("Reland \"[dynamo] Support frozenset in guards\"", "", ("torch/_dynamo/guards.py",), {"reland"}, {"revert"}, set()),
    ("Revert \"Add qnn backend to pip packages (#13794)\"", "", ("setup.py",), {"revert"}, {"reland"}, set()),
    ("Revert \"Revert \"Add full operator to fold dq/q handling\" (#7351)\"", "", ("exir/passes/x.py",), {"reland"}, {"revert"}, set()),
    # Wheels, releases and builds are pip's product: the build only when its files change.
    ("Move wheel cache out of InstallRequirement", "", ("src/pip/_internal/req/req_install.py",), {"refactor"}, {"build"}, set()),
    ("Stop backtracking on build failures", "", ("src/pip/_internal/resolution/resolver.py",), set(), {"build"}, set()),
    ("[gpt_oss] Build flex masks via the shared decoder helper", "", ("torchtitan/models/gpt_oss/model.py",), set(), {"build"}, set()),
    ("Upload nightly wheels to the index", "", (".github/workflows/wheels.yml",), {"build"}, set(), set()),
    ("Add script to cut release branch", "", ("scripts/release/cut-release-branch.sh",), {"build"}, set(), set()),
    ("Unbreak build after the dtype move", "", ("torchao/dtypes/affine_quantized_tensor.py",), {"build"}, set(), set()),
    ("Travis: Improve build speeds", "", (".travis.yml",), {"build"}, set(), set()),
    ("Add dvorjackz to ghstack_land.yml", "", (".github/workflows/ghstack_land.yml",), {"build"}, {"feature"}, set()),
    # The author's Conventional Commits type, and a scope naming a kind, win over the words.
    ("perf: prevent renderer hot functions being inlined by minifiers", "", ("packages/runtime-core/src/renderer.ts",),
     {"performance"}, {"fix"}, set()),
    ("chore: fix hoistStatic exhaustive check", "", ("packages/compiler-core/src/transforms/hoistStatic.ts",),
     {"chore"}, {"fix"}, set()),
    ("fix(typos): fix comments referencing transformElement.ts", "", ("packages/compiler-core/src/ast.ts",),
     {"chore"}, {"fix"}, set()),
    ("fix(deps): update dependency monaco-editor to ^0.52.2", "", ("package.json",), {"dependency"}, {"fix"}, set()),
    # dependabot's "deps-dev" scope is a dependency update; "docs" and "build" in a feature's
    # words name what it points at (Vue 2020-10-22, 2023-11-27)
    ("build(deps-dev): bump rollup from 2.32.0 to 2.32.1 (#2465)", "", ("yarn.lock",), {"dependency"}, set(), set()),
    ("feat(dx): link errors to docs in prod build", "", ("packages/runtime-core/src/errorHandling.ts",),
     {"feature"}, {"docs", "build"}, set()),
    # de-optimizing is a fix's means, no speed-up (Vue "fix(ssr): should de-optimize on vnode with PatchFlags.BAIL")
    ("fix(ssr): should de-optimize on vnode with PatchFlags.BAIL", "", ("packages/server-renderer/src/render.ts",),
     {"fix"}, {"performance"}, set()),
    # measuring speed is no speed-up (executorch "Add Qwen 3.5 MoE to cuda-perf CI and add prefill throughput tracking")
    ("Add Qwen 3.5 MoE to cuda-perf CI and add prefill throughput tracking", "", (".github/workflows/cuda-perf.yml",),
     {"build"}, {"performance"}, set()),
    # a subject that supports something new is a feature, whatever it splits (torchao #2547); removing support is not
    ("SpinQuant support split qkv", "", ("torchao/prototype/spinquant/spinquant.py",), {"feature"}, set(), set()),
    # … and takes something away from users: a breaking change
    ("Remove support for py3.8", "", ("setup.py",), set(), {"feature"}, {"breaking"}),
    # a title naming a page it writes is docs work (Vue 3.2.21's "Create SECURITY.md" was a highlight)
    ("Create SECURITY.md", "", ("SECURITY.md",), {"docs"}, {"feature"}, set()),
    ("Fix small typo in type hint", "", ("torchtitan/distributed/utils.py",), {"chore"}, {"fix"}, set()),
    ("Fix a bunch of typos", "", ("src/pip/_internal/download.py",), {"chore"}, {"fix"}, set()),
    ("Add B200 BF16 throughput spec for MFU", "", ("torchtitan/tools/utils.py",), set(), {"performance"}, set()),
    # package.json alone holds scripts and settings too (Vue 2023-12-29 "chore: ignore files for eslint")
    ("chore: ignore files for eslint", "", ("package.json",), {"chore"}, {"dependency"}, set()),
    ("chore(deps): update vite to 5.0.10", "", ("package.json", "pnpm-lock.yaml"), {"dependency"}, set(), set()),
    # a typo corrected is a word, not a bug, whatever the type says (Vue 2023-06-10)
    ("fix(compiler-sfc): typo in experimental feature warnings", "", ("packages/compiler-sfc/src/warn.ts",),
     {"chore"}, {"fix"}, set()),
    ("chore(deps): replace dependency npm-run-all with npm-run-all2 ^5.0.0", "", ("package.json",), {"dependency"}, set(), set()),
    ("fix(runtime-core): avoid a crash when unmounting a suspended tree", "", ("packages/runtime-core/src/renderer.ts",),
     {"fix"}, set(), {"crash"}),
    ("types: avoid duplicate type declarations for renderer closures", "", ("packages/runtime-core/src/renderer.ts",),
     set(), {"chore"}, set()),
]


@pytest.mark.parametrize(("title", "body", "paths", "present", "absent", "severity"), KINDS)
def test_classify(title, body, paths, present, absent, severity, b) -> None:
    change = b.make_change(title, body=body, files=tuple((p, 10, 2) for p in paths))
    result = classify(change, parse_subject(change.title, change.body))
    assert present <= set(result.kinds), result
    assert not absent & set(result.kinds), result
    assert set(result.severity) == severity


def test_revert_field_from_ingest_counts_as_a_revert(b) -> None:
    change = b.make_change("Back out the thing", revert=Revert(kind="backout", title="the thing"))
    assert "revert" in classify(change, parse_subject(change.title)).kinds


AREAS = [
    ("torch/_inductor/scheduler.py", "Inductor"),
    ("torch/_dynamo/guards.py", "Dynamo"),
    ("torch/distributed/tensor/_api.py", "DTensor"),
    ("torch/distributed/fsdp/_fully_shard/_fsdp_param.py", "FSDP2"),
    ("torch/distributed/fsdp/fully_sharded_data_parallel.py", "FSDP"),
    ("test/distributed/tensor/test_api.py", "DTensor"),
    (".github/workflows/pull.yml", "CI"),
    (".ci/docker/build.sh", "CI"),
    ("docs/source/index.rst", "docs"),
    ("backends/xnnpack/runtime/XNNCompiler.cpp", "XNNPACK"),
    ("backends/arm/test/ops/test_add.py", "Arm"),
    ("backends/arm/BUCK", "build"),
    ("torchao/float8/float8_linear.py", "float8"),
    ("torchao/prototype/moe_training/kernels.py", "MoE training"),
    ("torchtitan/models/qwen3_5/model.py", "Qwen3.5"),
    ("torchtitan/experiments/gpt_oss/model.py", "GPT-OSS"),
    ("torchtitan/models/common/rope.py", "models"),  # a weak directory names its parent
    ("torchtitan/trainer.py", "trainer"),  # a module right in the package
    ("src/mylib/parser/lexer.py", "parser"),  # generic: first meaningful directory
    ("README.md", "docs"),
    ("setup.py", "build"),
    ("packages/global.d.ts", None),  # type declarations for every package are no area
    (".travis/run.sh", "CI"),
]


@pytest.mark.parametrize(("path", "area"), AREAS)
def test_area_of_path(path: str, area: str) -> None:
    resolver = AreaResolver(package_names=frozenset({"mylib", "torchtitan"}))
    assert resolver.of_path(path) == area


def test_overrides_win_over_known_layouts() -> None:
    resolver = AreaResolver(overrides={"torch/_inductor/codegen": "Inductor codegen"})
    assert resolver.of_path("torch/_inductor/codegen/triton.py") == "Inductor codegen"
    assert resolver.of_path("torch/_inductor/scheduler.py") == "Inductor"


def test_code_outweighs_its_tests(b) -> None:
    files = [("torch/_dynamo/guards.py", 20, 5), ("test/inductor/test_big.py", 30, 0)]
    change = b.make_change("x", files=tuple(files))
    assert AreaResolver().of_files(change.files)[0] == "Dynamo"


@pytest.mark.parametrize(("tag", "area"), [
    ("inductor", "Inductor"), ("ET-VK", "Vulkan"), ("Arm backend", "Arm"), ("BE", None), ("ez", None),
    ("mxfp8 moe training", "MXFP8 MoE training"), ("spmd_types", "SPMD types"), ("docs update", None),
    ("Qualcomm AI Engine Direct", "Qualcomm"), ("rl", "RL"),
    ("ethos-u-vela==4.4.0._git_8278f09", None), ("tosa-tools", "TOSA tools"), ("deps-dev", None), ("dx", None),
    ("BE/docs", "docs"), ("MAINTAINERS", None), ("TODO", "docs"),
    ("asyn-thrdd", None), ("vtls", "vtls"),  # a stem no voice can say; letters it spells
])
def test_tag_areas(tag: str, area: str | None) -> None:
    assert tag_area(tag) == area


def test_pretty_names_read_well() -> None:
    assert pretty_name("moe_training") == "MoE training"
    assert pretty_name("_inductor") == "inductor"
    assert pretty_name("llama3") == "Llama 3"


def test_codeowners_and_toml_area_maps(tmp_path: Path) -> None:
    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "CODEOWNERS").write_text(
        "# owners\n/torch/_inductor/ @inductor-team\n/services/billing_api/ @someone\n*.md @docs\n"
    )
    (tmp_path / "commitcast.toml").write_text('[areas]\n"src/engine" = "the engine"\n')
    areas = load_area_map(tmp_path)
    assert areas == {"services/billing_api": "billing API", "src/engine": "the engine"}
    assert "torch/_inductor" not in codeowners_areas("/torch/_inductor/ @x\n")
    (tmp_path / "commitcast.toml").write_text(
        '[[show]]\nname = "A"\nrepo = "."\n[show.areas]\n"src/engine" = "engine room"\n'
        '[[show]]\nname = "B"\nrepo = "../elsewhere"\n[show.areas]\n"src/engine" = "not this one"\n'
    )
    assert load_area_map(tmp_path)["src/engine"] == "engine room"


def test_bad_area_config_is_a_user_error(tmp_path: Path) -> None:
    (tmp_path / "commitcast.toml").write_text("[areas\n")
    with pytest.raises(UserError):
        load_area_map(tmp_path)


def test_credit_goes_to_people_not_bots(b) -> None:
    landed = b.make_change("Fix it (#1)", author="pytorchbot", coauthors=("gasoonjia",))
    assert credited(landed) == ["gasoonjia"] and not is_bot_change(landed)
    codemod = b.make_change("Rename build files from TARGETS to BUCK", author="TARGETS Exterminator",
                            coauthors=("Facebook Community Bot",))
    assert credited(codemod) == ["Facebook Community Bot"] and is_bot_change(codemod)
    bump = b.make_change("Bump x from 1 to 2", author="dependabot[bot]", is_bot=True)
    assert is_bot_change(bump)
    pair = b.make_change("Add y", author="Jessica Zhong", coauthors=("JessicaZhong", "Wei Feng"))
    assert credited(pair) == ["Jessica Zhong", "Wei Feng"]


def test_a_person_named_like_a_bot_is_a_person() -> None:
    """One bot rule everywhere: Talbot is thanked and credited, PyTorch MergeBot is not."""
    from commitcast.text import is_bot_name
    from commitcast.write.stories import people_phrase, who

    assert not is_bot_name("Talbot") and not is_bot_name("Abbot Lee")
    assert is_bot_name("generatedunixname89002005307016")  # Meta's codemod account (executorch 2023-08-15)
    assert is_bot_name("PyTorch MergeBot") and is_bot_name("dependabot[bot]") and is_bot_name("facebook-github-bot")
    assert who(["Talbot"]) == "Talbot" and people_phrase(["Talbot", "dependabot[bot]"]) == "Talbot"


def test_a_coding_assistant_credited_as_co_author_is_no_person() -> None:
    """executorch 2026-02-10: "RJ Ascani and Claude landed three pull requests"."""
    from commitcast.text import is_bot_name
    from commitcast.write.stories import people_phrase

    assert is_bot_name("Claude") and is_bot_name("GitHub Copilot") and not is_bot_name("Claude Shannon")
    assert people_phrase(["RJ Ascani", "Claude"]) == "RJ Ascani"
    # executorch 2026-08-12's "thirteen people" counted "Claude Opus 4.8 (1M context)" as one
    assert is_bot_name("Claude Opus 4.8 (1M context)") and not is_bot_name("Claude (Shannon) Smith")


def test_a_module_of_the_package_is_its_area_not_the_changelog(b) -> None:
    """pip #8733 touched src/pip/_internal/locations.py and a news fragment, and was told "in docs"."""
    resolver = AreaResolver(package_names=frozenset({"pip"}))
    change = b.make_change("Fix uninstallation of user scripts",
                           files=(("src/pip/_internal/locations.py", 14, 3), ("news/8733.bugfix.rst", 1, 0)))
    assert resolver.of_files(change.files) == ["locations"]
    assert resolver.of_path("src/pip/_internal/req/req_install.py") == "req"
