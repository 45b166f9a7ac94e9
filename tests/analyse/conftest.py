"""Builders for hand-made days of changes, modelled on real PyTorch days."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from commitcast.model import Change, FileChange, Person, PullRequest, Revert, Show, Stack, Window

DAY = datetime(2026, 9, 18, tzinfo=UTC)
WEB = "https://github.com/pytorch/pytorch"
SHOW = Show(name="PyTorch", slug="pytorch", web_url=WEB)
WINDOW = Window(since=DAY, until=DAY + timedelta(days=1), tz="UTC")

MakeChange = Callable[..., Change]


def _email(name: str) -> str:
    """Each person's own address (two people sharing one would be taken for one person)."""
    return f"{'.'.join(name.lower().split())}@example.invalid"


def sha_of(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()


def make_change(
    title: str,
    *,
    author: str = "Alice Example",
    coauthors: tuple[str, ...] = (),
    body: str = "",
    files: tuple[tuple[str, int, int], ...] = (("torch/foo.py", 5, 1),),
    minute: int = 0,
    pr: int | None = None,
    day: datetime = DAY,
    is_bot: bool = False,
    revert: Revert | None = None,
    is_reland: bool = False,
    stack: Stack | None = None,
    sha: str | None = None,
) -> Change:
    """A landed change as ingest would produce it."""
    when = day + timedelta(minutes=minute)
    people = [Person(author, _email(author))]
    people += [Person(name, _email(name)) for name in coauthors]
    file_changes = [FileChange(path=p, status="M", added=a, deleted=d) for p, a, d in files]
    return Change(
        sha=sha or sha_of(f"{title}|{author}|{when.isoformat()}"),
        title=title,
        body=body,
        trailers={},
        authors=people,
        committer=Person("GitHub", "noreply@github.com"),
        landed_at=when,
        authored_at=when - timedelta(hours=3),
        files=file_changes,
        added=sum(a for _, a, _ in files),
        deleted=sum(d for _, _, d in files),
        is_bot=is_bot,
        pr=PullRequest(pr, f"{WEB}/pull/{pr}") if pr is not None else None,
        revert=revert,
        is_reland=is_reland,
        stack=stack,
    )


# The twenty suites of the campaign: (what, directory, seconds before, seconds after).
CAMPAIGN = [
    ("DTensor API", "test/distributed/tensor/test_api.py", 56.6, 14.0),
    ("tensor parallel style", "test/distributed/tensor/parallel/test_tp_style.py", 48.2, 9.1),
    ("FSDP state dict", "test/distributed/fsdp/test_fsdp_state_dict.py", 120.4, 31.0),
    ("FSDP2 memory", "test/distributed/_composable/fsdp/test_fully_shard_memory.py", 64.0, 16.5),
    ("checkpoint planner", "test/distributed/checkpoint/test_planner.py", 38.0, 12.9),
    ("NCCL process group", "test/distributed/test_c10d_nccl.py", 300.0, 50.0),
    ("DTensor ops", "test/distributed/tensor/test_dtensor_ops.py", 410.0, 88.0),
    ("DTensor random ops", "test/distributed/tensor/test_random_ops.py", 45.0, 9.5),
    ("pipelining schedule", "test/distributed/pipelining/test_schedule.py", 90.0, 22.0),
    ("FSDP mixed precision", "test/distributed/fsdp/test_fsdp_mixed_precision.py", 150.0, 36.0),
    ("checkpoint e2e", "test/distributed/checkpoint/e2e/test_e2e_save_and_load.py", 75.0, 18.0),
    ("DTensor redistribute", "test/distributed/tensor/test_redistribute.py", 66.0, 15.0),
    ("FSDP2 training", "test/distributed/_composable/fsdp/test_fully_shard_training.py", 210.0, 44.0),
    ("gloo process group", "test/distributed/test_c10d_gloo.py", 130.0, 30.0),
    ("DTensor math ops", "test/distributed/tensor/test_math_ops.py", 95.0, 21.0),
    ("checkpoint format utils", "test/distributed/checkpoint/test_format_utils.py", 33.0, 11.0),
    ("FSDP core", "test/distributed/fsdp/test_fsdp_core.py", 240.0, 55.0),
    ("device mesh", "test/distributed/test_device_mesh.py", 70.0, 17.0),
    ("DTensor convolution ops", "test/distributed/tensor/test_convolution_ops.py", 52.0, 13.0),
    ("sequence parallel", "test/distributed/tensor/parallel/test_parallelize_api.py", 88.0, 20.0),
]
CAMPAIGN_PRS = list(range(197640, 197660))
OPEN_STACK_PRS = [197660, 197661]

# Thirty unrelated small changes: (author, title, path).
SMALL = [
    ("Nikita Shulga", "[MPS] Fix typo in error message for unsupported dtype", "aten/src/ATen/native/mps/operations/Copy.mm"),
    ("Richard Zou", "Add docstring for torch.library.custom_op device_types", "torch/_library/custom_ops.py"),
    ("Edward Yang", "Use guard_or_false in narrow meta", "torch/_refs/__init__.py"),
    ("Natalia Gimelshein", "Remove unused include in Loops.cuh", "aten/src/ATen/native/cuda/Loops.cuh"),
    ("Sam Larsen", "Log cache key components at debug level", "torch/_functorch/_aot_autograd/autograd_cache.py"),
    ("Yu Guo", "Update onnx exporter error for unsupported ops", "torch/onnx/_internal/exporter/_core.py"),
    ("Andrey Talman", "Update release matrix for 2.10 wheels", ".github/scripts/generate_binary_build_matrix.py"),
    ("Jane Xu", "Add weights_only note to torch.load docs", "docs/source/notes/serialization.rst"),
    ("Alban Desmaison", "Improve error message for non-leaf tensor grad access", "torch/csrc/autograd/python_variable.cpp"),
    ("Xuehai Pan", "Annotate torch.utils._pytree with typing_extensions", "torch/utils/_pytree.py"),
    ("Mikayla Gawarecki", "Make torch.serialization.safe_globals accept tuples", "torch/serialization.py"),
    ("Brian Hirsh", "Clean up dead branch in functionalization", "torch/_subclasses/functional_tensor.py"),
    ("Zhengxu Chen", "Expose strict flag in export API docs", "torch/export/__init__.py"),
    ("Jerry Zhang", "Move quantize_per_tensor decomposition", "torch/ao/quantization/fx/_decomposed.py"),
    ("Will Feng", "Add missing device check in foreach_add", "aten/src/ATen/native/ForeachOpsKernels.cpp"),
    ("Shunting Zhang", "Reduce logging noise in scheduler", "torch/_inductor/scheduler.py"),
    ("Bin Bao", "Handle empty kernel names in AOTI codegen", "torch/csrc/inductor/aoti_runtime/model.h"),
    ("Laith Sakka", "Add size-oblivious check to reshape", "torch/_prims_common/__init__.py"),
    ("Michael Lazos", "Support setattr on user-defined namedtuple subclasses", "torch/_dynamo/variables/user_defined.py"),
    ("Peter Bell", "Fix flaky test_cumsum on ROCm", "test/test_reductions.py"),
    ("Huy Do", "Pin actions/checkout to a commit sha", ".github/workflows/lint.yml"),
    ("Catherine Lee", "Shard slow tests into three jobs", ".ci/pytorch/test.sh"),
    ("Nikita Vedeneev", "Add sparse CSR support to addmm meta", "aten/src/ATen/native/sparse/SparseCsrTensorMath.cpp"),
    ("Ke Wen", "Document symmetric memory rendezvous", "torch/distributed/_symmetric_memory/__init__.py"),
    ("Joel Schlosser", "Add NJT support for unbind backward", "torch/nested/_internal/ops.py"),
    ("Isuru Fernando", "Bump sympy lower bound in setup.py comment", "setup.py"),
    ("Aaron Gokaslan", "Apply ruff UP rules to torch/utils/data", "torch/utils/data/dataloader.py"),
    ("Li-Huai Lin", "Add int64 support to MPS cumsum", "aten/src/ATen/native/mps/operations/UnaryOps.mm"),
    ("Kurt Mohler", "Raise clear error for deterministic index_put", "aten/src/ATen/native/TensorAdvancedIndexing.cpp"),
    ("Tugsbayasgalan Manlaibaatar", "Preserve node meta in retracing", "torch/_export/passes/replace_view_ops.py"),
]


def reference_day() -> tuple[list[Change], dict[str, Change]]:
    """The day issue 3 describes, oldest first, and its notable changes by name."""
    changes: list[Change] = []
    stack_prs = CAMPAIGN_PRS + OPEN_STACK_PRS
    for n, ((what, path, before, after), pr) in enumerate(zip(CAMPAIGN, CAMPAIGN_PRS, strict=True)):
        body = (
            f"Reuse one pool of worker processes and process groups for all {what} tests instead of "
            f"spawning fresh ones per test case.\n\nRuntime fell from {before}s to {after}s on 8 GPUs.\n\n"
            "Stack from [ghstack](https://github.com/ezyang/ghstack) (oldest at bottom):\n"
            + "".join(f"* {'__->__ ' if p == pr else ''}#{p}\n" for p in reversed(stack_prs))
        )
        changes.append(make_change(
            f"Reuse workers for {what} tests (#{pr})", author="Tristan Rice", body=body,
            files=((path, 40 + n, 25 + n), ("torch/testing/_internal/distributed/multi_process.py", 3, 1)),
            minute=30 + 10 * n, pr=pr, stack=Stack(prs=stack_prs, position=n),
        ))
    silent = make_change(
        "[inductor] Force re-tracing of matched attention patterns (#197702)",
        author="Jason Ansel",
        body=(
            "The SDPA pattern matcher accepted permuted and restructured attention graphs and "
            "silently produced wrong outputs, with no warning.\n\nThis re-traces every matched pattern "
            "against the real inputs before replacing it."
        ),
        files=(("torch/_inductor/fx_passes/fuse_attention.py", 64, 12), ("test/inductor/test_fused_attention.py", 80, 0)),
        minute=400, pr=197702,
    )
    refactor = make_change(
        "[FSDP2] Move shard copy preparation into C++ (#197701)",
        author="Wei Feng",
        body=(
            "Move the preparation of the all-gather copy-in into C++ to speed up sharding of "
            "non-contiguous parameters for large models.\n\nA follow-up PR will add the fused fast path "
            "for uneven shards."
        ),
        files=(("torch/csrc/distributed/c10d/fsdp_copy.cpp", 220, 0), ("torch/distributed/fsdp/_fully_shard/_fsdp_param.py", 30, 95)),
        minute=420, pr=197701,
    )
    original = make_change(
        "[dynamo] Support frozenset in guards (#197800)", author="Animesh Jain",
        body="Adds a FROZENSET_MATCH guard so frozenset constants no longer cause graph breaks.",
        files=(("torch/_dynamo/guards.py", 40, 3),), minute=500, pr=197800,
    )
    revert = make_change(
        'Revert "[dynamo] Support frozenset in guards (#197800)"', author="PyTorch MergeBot",
        body=(
            f"This reverts commit {original.sha}.\n\nReverted {WEB}/pull/197800 on behalf of "
            "https://github.com/malfet due to Broke trunk on macOS ([comment](https://github.com/x))"
        ),
        files=(("torch/_dynamo/guards.py", 3, 40),), minute=610, is_bot=True,
        revert=Revert(kind="revert", sha=original.sha, pr=197800, title="[dynamo] Support frozenset in guards (#197800)",
                      reason="Broke trunk on macOS"),
    )
    bump = make_change(
        "Bump urllib3 from 2.2.1 to 2.2.2 in /.ci/docker (#197900)", author="dependabot[bot]",
        body="Bumps urllib3 from 2.2.1 to 2.2.2.\n- Release notes\n- Commits",
        files=((".ci/docker/requirements-ci.txt", 1, 1),), minute=620, pr=197900, is_bot=True,
    )
    smalls = [
        make_change(f"{title} (#{198000 + i})", author=author, files=((path, 3 + i % 5, 1 + i % 3),),
                    minute=640 + 15 * i, pr=198000 + i)
        for i, (author, title, path) in enumerate(SMALL)
    ]
    changes += [silent, refactor, original, revert, bump, *smalls]
    return changes, {"silent": silent, "refactor": refactor, "original": original, "revert": revert, "bump": bump}


CAMPAIGN_35 = [f"{area} {part}" for area in ("DTensor", "FSDP", "checkpoint", "NCCL", "pipelining", "tensor parallel", "c10d")
               for part in ("ops", "APIs", "redistribute", "init", "backward")]


def campaign_day() -> tuple[list[Change], dict[str, Change]]:
    """A 35-PR test-speed campaign beside two changes an editor would tell on their own: a design
    change in Dynamo and an FSDP2 change from another author."""
    changes: list[Change] = []
    prs = list(range(199000, 199035))
    for n, (what, pr) in enumerate(zip(CAMPAIGN_35, prs, strict=True)):
        before, after = 60.0 + n, round((60.0 + n) / (3 + n % 4), 1)
        body = (
            f"Reuse one pool of worker processes and process groups for the {what} tests instead of "
            f"spawning a fresh process for every test case.\n\nRuntime fell from {before}s to {after}s."
        )
        changes.append(make_change(
            f"Reuse workers for {what} tests (#{pr})", author="Tristan Rice", body=body,
            files=((f"test/distributed/test_{n}.py", 30 + n, 20 + n),), minute=20 + 5 * n, pr=pr,
            stack=Stack(prs=prs, position=n),
        ))
    design = make_change(
        "[dynamo] Dispatch len() through a length protocol on variable trackers (#199100)",
        author="Animesh Jain",
        body=(
            "Dynamo special-cased len() for every container type it knows. This introduces a length "
            "protocol: each variable tracker can implement it, and the builtin len dispatches through "
            "it instead of the per-type branches.\n\nUser-defined classes with __len__ no longer cause "
            "graph breaks."
        ),
        files=(("torch/_dynamo/variables/builtin.py", 48, 61), ("torch/_dynamo/variables/base.py", 22, 0)),
        minute=300, pr=199100,
    )
    fsdp = make_change(
        "[FSDP2] Support uneven sharding in the all-gather copy-in (#199101)",
        author="Wei Feng",
        body=(
            "FSDP2 padded every parameter to an even shard before the all-gather copy-in. Parameters "
            "whose first dimension does not divide by the world size now shard unevenly, so no padding "
            "is allocated and users no longer see the memory spike on odd-sized embeddings."
        ),
        files=(("torch/distributed/fsdp/_fully_shard/_fsdp_param.py", 70, 24),),
        minute=330, pr=199101,
    )
    smalls = [
        make_change(f"{title} (#{199200 + i})", author=author, files=((path, 3 + i % 5, 1 + i % 3),),
                    minute=360 + 10 * i, pr=199200 + i)
        for i, (author, title, path) in enumerate(SMALL[:25])
    ]
    changes += [design, fsdp, *smalls]
    return changes, {"design": design, "fsdp": fsdp}


@pytest.fixture
def b() -> SimpleNamespace:
    """The builders and constants (conftest is not importable under --import-mode=importlib)."""
    return SimpleNamespace(
        make_change=make_change, reference_day=reference_day, campaign_day=campaign_day, sha_of=sha_of,
        DAY=DAY, WEB=WEB, SHOW=SHOW, WINDOW=WINDOW, CAMPAIGN=CAMPAIGN, CAMPAIGN_PRS=CAMPAIGN_PRS,
        OPEN_STACK_PRS=OPEN_STACK_PRS,
    )
