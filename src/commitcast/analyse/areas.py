"""Which part of the code base a change touches, as a short name that reads well aloud."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..errors import UserError
from ..model import FileChange
from ..text import is_verb

__all__ = [
    "KNOWN_LAYOUTS",
    "AreaResolver",
    "pretty_name",
    "tag_area",
    "series_tag",
    "area_family",
    "load_area_map",
    "codeowners_areas",
]

# Directory prefixes of PyTorch-family repositories and how people say them.
KNOWN_LAYOUTS: dict[str, str] = {
    # pytorch/pytorch
    "torch/_inductor": "Inductor",
    "torch/_dynamo": "Dynamo",
    "torch/_export": "export",
    "torch/export": "export",
    "torch/_functorch/_aot_autograd": "AOTAutograd",
    "torch/_functorch": "functorch",
    "torch/fx": "FX",
    "torch/_higher_order_ops": "higher-order ops",
    "torch/_subclasses": "fake tensors",
    "torch/_decomp": "decompositions",
    "torch/_refs": "decompositions",
    "torch/_prims": "primitives",
    "torch/compiler": "torch.compile",
    "torch/distributed/tensor/parallel": "tensor parallel",
    "torch/distributed/tensor": "DTensor",
    "torch/distributed/_tensor": "DTensor",
    "torch/distributed/fsdp/_fully_shard": "FSDP2",
    "torch/distributed/_composable/fsdp": "FSDP2",
    "torch/distributed/fsdp": "FSDP",
    "torch/distributed/checkpoint": "distributed checkpoint",
    "torch/distributed/pipelining": "pipeline parallelism",
    "torch/distributed/elastic": "torchelastic",
    "torch/distributed": "distributed",
    "torch/csrc/distributed/c10d": "c10d",
    "torch/csrc/distributed": "distributed",
    "torch/csrc/autograd": "autograd",
    "torch/csrc/jit": "TorchScript",
    "torch/csrc/dynamo": "Dynamo",
    "torch/csrc/inductor": "Inductor",
    "torch/csrc/profiler": "profiler",
    "torch/autograd": "autograd",
    "torch/nn": "torch.nn",
    "torch/optim": "optimizers",
    "torch/cuda": "CUDA",
    "torch/mps": "MPS",
    "torch/xpu": "XPU",
    "torch/onnx": "ONNX",
    "torch/jit": "TorchScript",
    "torch/ao": "quantization",
    "torch/sparse": "sparse",
    "torch/nested": "nested tensors",
    "torch/profiler": "profiler",
    "torch/utils/data": "DataLoader",
    "torch/_logging": "logging",
    "torch/testing": "test utilities",
    "aten/src/ATen/native/cuda": "CUDA",
    "aten/src/ATen/native/mps": "MPS",
    "aten/src/ATen/mps": "MPS",
    "aten/src/ATen/native/quantized": "quantization",
    "aten/src/ATen/native/sparse": "sparse",
    "aten/src/ATen/native/transformers": "attention kernels",
    "aten/src/ATen/cuda": "CUDA",
    "aten": "ATen",
    "c10/cuda": "CUDA",
    "c10": "c10",
    "functorch": "functorch",
    "test/inductor": "Inductor",
    "test/dynamo": "Dynamo",
    "test/export": "export",
    "test/functorch": "functorch",
    "test/fx": "FX",
    "test/distributed/tensor/parallel": "tensor parallel",
    "test/distributed/tensor": "DTensor",
    "test/distributed/_tensor": "DTensor",
    "test/distributed/_composable/fsdp": "FSDP2",
    "test/distributed/fsdp": "FSDP",
    "test/distributed/checkpoint": "distributed checkpoint",
    "test/distributed/pipelining": "pipeline parallelism",
    "test/distributed": "distributed",
    "test/cpp": "C++ tests",
    "test/onnx": "ONNX",
    "test/quantization": "quantization",
    # pytorch/executorch
    "backends/xnnpack": "XNNPACK",
    "backends/arm": "Arm",
    "backends/qualcomm": "Qualcomm",
    "backends/apple/coreml": "Core ML",
    "backends/apple/mps": "MPS",
    "backends/vulkan": "Vulkan",
    "backends/mediatek": "MediaTek",
    "backends/cadence": "Cadence",
    "backends/nxp": "NXP",
    "backends/samsung": "Samsung",
    "backends/openvino": "OpenVINO",
    "backends/cuda": "CUDA",
    "backends/aoti": "AOTInductor",
    "backends/cortex_m": "Cortex-M",
    "backends/mlx": "MLX",
    "backends/webgpu": "WebGPU",
    "exir": "EXIR",
    "runtime": "runtime",
    "kernels/portable": "portable kernels",
    "kernels/optimized": "optimized kernels",
    "kernels/quantized": "quantized kernels",
    "kernels": "kernels",
    "extension/apple": "Apple",
    "extension/android": "Android",
    "extension/llm/runner": "LLM runner",
    "extension/llm": "LLM extension",  # its export path too (extension/llm/export), not only the runner
    "extension/module": "Module API",
    "extension/tensor": "tensor API",
    "extension/training": "training",
    "extension/pybindings": "Python bindings",
    "extension/wasm": "WebAssembly",
    "examples/models/llama": "Llama",
    "examples/demo-apps/android": "Android demo app",
    "examples/demo-apps/apple_ios": "iOS demo app",
    "devtools": "devtools",
    "codegen": "codegen",
    "schema": "schema",
    # pytorch/ao
    "torchao/float8": "float8",
    "torchao/prototype/mx_formats": "MX formats",
    "torchao/prototype/moe_training": "MoE training",
    "torchao/quantization/qat": "QAT",
    "torchao/quantization/pt2e": "PT2E quantization",
    "torchao/quantization": "quantization",
    "torchao/sparsity": "sparsity",
    "torchao/optim": "low-bit optimizers",
    "torchao/csrc": "custom kernels",
    "torchao/kernel": "kernels",
    "torchao/dtypes": "dtypes",
    "torchao/testing": "test utilities",
    "test/float8": "float8",
    "test/prototype/mx_formats": "MX formats",
    "test/prototype/moe_training": "MoE training",
    "test/sparsity": "sparsity",
    # pytorch/torchtitan
    "torchtitan/experiments/graph_trainer": "graph trainer",
    "torchtitan/experiments/rl": "RL",
    "torchtitan/components/checkpoint.py": "checkpointing",
    "torchtitan/components/checkpoint": "checkpointing",
    "torchtitan/distributed": "distributed",
    "torchtitan/config": "config",
    "tests/integration_tests": "integration tests",
    # shared conventions
    # .github holds CI, but also the contributing guide and issue templates (vue's c649b36e1 fixed a
    # link in .github/contributing.md: no change "in CI")
    ".github/workflows": "CI",
    ".github/actions": "CI",
    ".github/scripts": "CI",
    ".github/ISSUE_TEMPLATE": "issue templates",
    ".ci": "CI",
    ".circleci": "CI",
    ".jenkins": "CI",
    ".travis": "CI",
    ".travis.yml": "CI",
    ".azure-pipelines": "CI",
    "azure-pipelines.yml": "CI",
    ".gitlab-ci.yml": "CI",
    ".buildkite": "CI",
    "docs": "docs",
    "doc": "docs",
    "benchmarks": "benchmarks",
    "third_party": "third-party code",
    "third-party": "third-party code",
    "cmake": "build",
    "tools": "tooling",
}

# Words whose spoken form is not just the lower-case word.
_SPOKEN: dict[str, str] = {
    "ci": "CI", "api": "API", "apis": "APIs", "cpu": "CPU", "gpu": "GPU", "cuda": "CUDA",
    "xpu": "XPU", "mps": "MPS", "rl": "RL", "moe": "MoE", "llm": "LLM", "fx": "FX", "jit": "JIT",
    "onnx": "ONNX", "aot": "AOT", "qat": "QAT", "pt2e": "PT2E", "pt2": "PT2", "mx": "MX",
    "fp8": "FP8", "fp16": "FP16", "bf16": "BF16", "nccl": "NCCL", "hf": "HF", "tp": "TP",
    "pp": "PP", "dp": "DP", "ep": "EP", "cp": "CP", "sdpa": "SDPA", "spmd": "SPMD", "vlm": "VLM",
    "ios": "iOS", "aoti": "AOTInductor", "exir": "EXIR", "xnnpack": "XNNPACK", "tosa": "TOSA",
    "vulkan": "Vulkan", "coreml": "Core ML", "nxp": "NXP", "amd": "AMD", "rocm": "ROCm",
    "sycl": "SYCL", "tpu": "TPU", "npu": "NPU", "ui": "UI", "io": "IO", "json": "JSON", "cli": "CLI", "sql": "SQL", "rss": "RSS", "html": "HTML",
    "http": "HTTP", "llama": "Llama", "llama2": "Llama 2", "llama3": "Llama 3", "llama4": "Llama 4",
    "qwen": "Qwen", "qwen3": "Qwen3", "deepseek": "DeepSeek", "gpt": "GPT", "oss": "OSS",
    "flux": "Flux", "dtensor": "DTensor", "fsdp": "FSDP", "fsdp2": "FSDP2", "arm": "Arm",
    "android": "Android", "apple": "Apple", "windows": "Windows", "macos": "macOS",
    "linux": "Linux", "triton": "Triton", "cutlass": "CUTLASS", "mxfp8": "MXFP8",
    "nvfp4": "NVFP4", "mxfp4": "MXFP4", "x86": "x86", "ffi": "FFI", "abi": "ABI",
    "wasm": "WebAssembly", "etdump": "ETDump", "etrecord": "ETRecord", "c10d": "c10d",
    "qualcomm": "Qualcomm", "mediatek": "MediaTek", "cadence": "Cadence", "samsung": "Samsung",
    "openvino": "OpenVINO", "intel": "Intel", "nvidia": "NVIDIA", "metal": "Metal", "grain": "Grain",
    "gptq": "GPTQ", "awq": "AWQ", "hqq": "HQQ", "nf4": "NF4", "smoothquant": "SmoothQuant", "sam": "SAM",
    "sdk": "SDK", "ffn": "FFN", "kv": "KV", "rope": "RoPE", "lora": "LoRA", "vllm": "vLLM",
}

# Bracket tags and subject labels people use for areas, lower-cased.
_TAG_AREAS: dict[str, str] = {
    "inductor": "Inductor", "dynamo": "Dynamo", "pt2": "torch.compile", "compile": "torch.compile",
    "torch.compile": "torch.compile", "distributed": "distributed", "dtensor": "DTensor",
    "fsdp": "FSDP", "fsdp2": "FSDP2", "c10d": "c10d", "nccl": "NCCL", "ci": "CI", "apple ci": "CI",
    "docs": "docs", "doc": "docs", "documentation": "docs", "todo": "docs", "thanks": "docs", "mps": "MPS", "cuda": "CUDA",
    "rocm": "ROCm", "xpu": "XPU", "cpu": "CPU", "x86": "x86", "quant": "quantization",
    "quantization": "quantization", "et-vk": "Vulkan", "vulkan": "Vulkan", "xnnpack": "XNNPACK",
    "arm": "Arm", "arm backend": "Arm", "qnn": "Qualcomm", "qualcomm": "Qualcomm",
    "qualcomm ai engine direct": "Qualcomm", "coreml": "Core ML", "float8": "float8",
    "mxfp8": "MXFP8", "low-bit optim": "low-bit optimizers", "export": "export",
    "aotinductor": "AOTInductor", "aoti": "AOTInductor", "fx": "FX", "functorch": "functorch",
    "autograd": "autograd", "nn": "torch.nn", "onnx": "ONNX", "jit": "TorchScript",
    "profiler": "profiler", "benchmark": "benchmarks", "benchmarks": "benchmarks",
    "build": "build", "cmake": "build", "buck": "build", "bazel": "build", "release": "release",
    "dynamic shapes": "dynamic shapes", "sdpa": "SDPA", "flex attention": "FlexAttention",
    "flexattention": "FlexAttention", "triton": "Triton", "cutlass": "CUTLASS", "mx": "MX formats",
    "mx_formats": "MX formats", "moe": "MoE", "moe training": "MoE training",
    "mxfp8 moe training": "MXFP8 MoE training", "rl": "RL", "checkpoint": "checkpointing",
    "pp": "pipeline parallelism", "tp": "tensor parallel", "ep": "expert parallelism",
    "cp": "context parallelism", "graphtrainer": "graph trainer", "graph_trainer": "graph trainer",
    "android": "Android", "ios": "iOS", "apple": "Apple", "windows": "Windows", "mlx": "MLX",
}

# Tags that say what kind of change it is, not where (see classify.py for their meaning).
_NOT_AREAS = frozenset(
    "be ez easy reland reapply revert rebase rebased resend repost wip rfc bug bugfix fix feat feature draft claude codex ai "
    "minor nit small cleanup hotfix test tests perf performance refactor chore chores style lint format tidy-up tidyup clean-up "
    "ready breaking security dnm ghstack oss fbcode internal experimental prototype poc "
    "follow-up followup quick trivial typo typos spelling comments deps dependencies deps-dev dev-deps dx easy-fix ez-fix skip-ci bc-breaking codemod "
    "executorch pytorch torchao torchtitan diff train "
    # another project's format worked with: torchtitan's "[HF] Llama4 Text State Dict Adapter" was "in HF"
    "hf huggingface cherry-pick cherrypick cherry-picked backport "
    # a section label pasted into the title ("Summary: Add Initial support to pico2"; executorch #12518)
    "summary description title motivation context details update updates changes misc various "
    # the project's lists of who looks after what: "MAINTAINERS: add X" is no area of the code
    "maintainers codeowners mailmap .mailmap authors".split()
)

# Areas that belong together, for naming a theme that spans several of them.
_FAMILIES: dict[str, str] = {
    "DTensor": "Distributed", "FSDP": "Distributed", "FSDP2": "Distributed",
    "distributed checkpoint": "Distributed", "pipeline parallelism": "Distributed",
    "tensor parallel": "Distributed", "c10d": "Distributed", "NCCL": "Distributed",
    "distributed": "Distributed", "torchelastic": "Distributed", "expert parallelism": "Distributed",
    "context parallelism": "Distributed",
    "Inductor": "Compiler", "Dynamo": "Compiler", "AOTAutograd": "Compiler", "FX": "Compiler",
    "export": "Compiler", "torch.compile": "Compiler", "AOTInductor": "Compiler",
    "functorch": "Compiler", "decompositions": "Compiler", "higher-order ops": "Compiler",
    "XNNPACK": "Backend", "Arm": "Backend", "Qualcomm": "Backend", "Core ML": "Backend",
    "Vulkan": "Backend", "MediaTek": "Backend", "Cadence": "Backend", "NXP": "Backend",
    "Samsung": "Backend", "OpenVINO": "Backend", "Cortex-M": "Backend", "MLX": "Backend",
    "float8": "Low-Precision", "MX formats": "Low-Precision", "MXFP8": "Low-Precision",
    "quantization": "Quantization", "QAT": "Quantization", "PT2E quantization": "Quantization",
    "CI": "CI", "build": "Build", "release": "Build", "docs": "Docs",
}

# Directories that hold other areas rather than being one.
_CONTAINERS = frozenset(
    "src lib libs python include csrc source pkg packages crates apps test tests testing unittest unittests "
    "torch torchao torchtitan torchtrain executorch pytorch".split()
)
# Folders of a monorepo's packages: the folder under one is a package's name, not a folder's.
_PACKAGE_DIRS = frozenset("packages crates".split())
_COLLECTIONS = frozenset(
    "backends extension extensions examples experiments experimental prototype models plugins "
    "contrib integrations modules components apps services".split()
)
_BUILD_FILES = re.compile(
    r"(^|/)(BUCK|TARGETS|CMakeLists\.txt|[^/]*\.bzl|[^/]*\.cmake|setup\.py|setup\.cfg|pyproject\.toml|"
    r"requirements[^/]*\.txt|Makefile|WORKSPACE|MODULE\.bazel|BUILD(\.bazel)?)$"
)
_TEST_PATH = re.compile(r"(^|/)(tests?|testing|__tests__|unit_?tests?|integration_tests)(/|$)|(^|/)test_[^/]*$")
_WEAK_DIRS = frozenset("common utils util helpers core internal _internal misc base shared impl".split())
_WEAK_MODULES = frozenset("__init__ __main__ main setup conftest version _version init".split())
_DOC_FILES = re.compile(
    r"(^|/)(README[^/]*|CHANGELOG[^/]*|CHANGES[^/]*|CONTRIBUTING[^/]*|[^/]*\.(md|rst)|\.readthedocs\.ya?ml|mkdocs\.ya?ml)$", re.I)
_BENCHMARK = re.compile(r"(^|/)(benchmarks?|benches|bench)/|(^|/)[\w.-]+-bench(?:es|marks?)?/", re.I)


def is_test_file(path: str) -> bool:
    """Whether a file is a test's (``tests/``, ``test_*.py``)."""
    return _TEST_PATH.search(path) is not None


def is_benchmark(path: str) -> bool:
    """Whether a file is a benchmark's (``benchmarks/``, ``benches/``, ``uv-bench/``)."""
    return _BENCHMARK.search(path) is not None
_LOCKFILE = re.compile(r"(^|/)[^/]*\.lock$|(^|/)package-lock\.json$|(^|/)pnpm-lock\.yaml$")
# Files that describe, test, build or announce code rather than being it: a change's area is
# where its code is, whatever else it touched (towncrier news, changesets, CI, lockfiles).
_NOT_CODE = re.compile(
    r"(^|/)(news|changelog\.d|changes|\.changeset|\.github|\.ci|\.circleci|docs?)/|"
    r"(^|/)(tests?|testing|__tests__|unit_?tests?|integration_tests)/|(^|/)test_[^/]*$|[._]spec\.[jt]sx?$|"
    # a benchmark measures the code it sits beside (ao 2024-11-26: CPU offload is no change "in benchmarks")
    # (uv's crates/uv-bench/benches too; tools/vendoring patches pip's vendored copy of its own change)
    rf"{_BENCHMARK.pattern}|(^|/)tools?/|{_LOCKFILE.pattern}",
    re.I,
)


_ANNOUNCES = re.compile(r"(^|/)(news|changelog\.d|changes|\.changeset)/", re.I)


_WHOLE_NAMES = {
    "gpt_oss": "GPT-OSS", "gpt-oss": "GPT-OSS", "deepseek_v3": "DeepSeek-V3", "deepseek_v2": "DeepSeek-V2",
    "torchft": "torchft", "hf_datasets": "HF datasets",
}


def pretty_name(name: str) -> str:
    """A directory or tag name as it is said: "moe_training" -> "MoE training"."""
    if name.strip().lower() in _WHOLE_NAMES:
        return _WHOLE_NAMES[name.strip().lower()]
    text = re.sub(r"(?<=[a-zA-Z]\d)_(?=\d)", ".", name.strip().strip("_").lstrip("."))  # qwen3_5 -> qwen3.5
    spoken = []
    for word in re.split(r"[_\-\s]+", text):
        if not word:
            continue
        m = re.fullmatch(r"([a-zA-Z]+)(\d[\d.]*)", word)
        if word.lower() in _SPOKEN:
            spoken.append(_SPOKEN[word.lower()])
        elif m and m.group(1).lower() in _SPOKEN:
            spoken.append(_SPOKEN[m.group(1).lower()] + m.group(2))
        else:
            spoken.append(word)
    return " ".join(spoken)


# "[ethos-u-vela==4.4.0._git_8278f09]" pins a version; it names no part of the code base.
_VERSIONED = re.compile(r"[=<>@]|\d+\.\d+\.\d+|(?<![a-z])[0-9a-f]{7,40}(?![a-z])")


# A label that names one file ("completion.pl", ".readthedocs.yml")
_FILE_LABEL = re.compile(r"\.?[\w-]+\.[a-z]{1,4}")


_QUALITIES = frozenset("new old better basic simple initial custom default main".split())
_COMPONENT = re.compile(
    r"[a-z][\w.+-]* (?:backend|frontend|server|client|resolver|parser|installer|cache|runtime|compiler|"
    r"scheduler|interpreter|plugin|extension|driver|api|cli|sdk)"
)


def tag_area(tag: str) -> str | None:
    """The area a bracket tag or subject label names, or None for tags like "BE"."""
    key = " ".join(tag.lower().split())
    if key in _TAG_AREAS:
        return _TAG_AREAS[key]
    if re.fullmatch(r"tests? ?\d+", key) or "/" in key and re.fullmatch(r"test_?\d+", key.rsplit("/", 1)[1]):
        return "tests"  # curl's "data/test376: set a proper name" is a test case, not the "data" area
    if re.match(r"tests?/", key):
        return "tests"  # curl's "tests/server/sockfilt: …" is the test suite's server, no "server" of curl's
    last = tag.strip().rsplit("/", 1)[-1]
    if _FILE_LABEL.fullmatch(last.lower()):
        # a file named by the label is the place, said as the file it is ("scripts/completion.pl:
        # parse all opts" changed the completion script, no change "in scripts"; curl 2020-12-05)
        if _BUILD_FILES.search(tag) or re.search(r"(?:^|/)(?:cargo\.toml|package\.json)$", key):
            return "build"
        if _DOC_FILES.search(key) or key.endswith((".txt", ".adoc")) or re.match(r"docs?/|documentation/", key):
            return "docs"
        if sayable(name := pretty_name(last)):
            return name
    if re.fullmatch(r"https?/\d(?:\.\d)?", key):
        return tag.strip().upper()  # curl's "http/3: …" is HTTP/3, no "HTTP" of every version (2025-07-14)
    if "/" in key and len(key) <= 32:  # "[BE/docs]": the part that names an area
        named = [area for part in tag.split("/") if part.strip() and (area := tag_area(part.strip()))]
        # (curl's "lib/mk-ca-bundle: …" is the CA bundle script, no change in the library)
        # (curl's "docs/MQTT: not experimental anymore" is MQTT's news, told in its docs)
        specific = [a for a in named if a.lower() not in ("lib", "src", "include", "source", "core", "docs", "doc")]
        if specific and len(specific) < len(named) and any(a.lower() in ("docs", "doc") for a in named):
            return specific[-1]  # a docs page's subject is its last part: "[docs/integration/docker]" is Docker's (uv 2025-01-27)
        return (specific or named)[0] if named else None
    parts = key.split("-")
    known = [_TAG_AREAS[p] for p in parts if p in _TAG_AREAS]
    if len(parts) > 1 and len(known) == 1 and all(len(p) <= 2 for p in parts if p not in _TAG_AREAS):
        return known[0]  # executorch's "[aoti-et]": AOTInductor (for ExecuTorch), not "AOTInductor et"
    if key in _NOT_AREAS or not re.search(r"[a-z]", key) or len(key) > 32 or _VERSIONED.search(key):
        return None
    # Unknown multi-word labels are usually phrases ("docs update"), not areas.
    # A part of a program named in two words is one, though ("Build backend: Support stubs packages"
    # is uv's build backend; uv 2025-05-22 told it as stubs support in general).
    if re.fullmatch(r"[\w-]+ ci|ci [\w-]+", key) and key.split()[0] not in _NOT_AREAS:
        return "CI"  # u-boot's "Azure CI: Drop Windows host tools builds" dropped them from CI alone (2026-07-25)
    component = _COMPONENT.fullmatch(key) and key.split()[0] not in _NOT_AREAS and key.split()[0] not in _QUALITIES
    if " " in key and not all(w in _SPOKEN for w in key.split()) and not component:
        return None
    if component:
        first, rest = tag.strip().split(" ", 1)
        return f"{first.lower() if first[1:].islower() and is_verb(first.lower()) else first} {pretty_name(rest)}"
    name = pretty_name(tag)
    return name if sayable(name) else None


def sayable(name: str) -> bool:
    """Whether a voice can say a name as words: curl's "asyn-thrdd" (a file's stem) it cannot, so
    the change's area comes from its files instead ("libcurl")."""
    return all(
        len(word) <= 4 or word.isupper() or any(ch in "aeiouy" for ch in word.lower())
        for word in re.findall(r"[A-Za-z]+", name)
    )


def series_tag(tag: str) -> bool:
    """Whether a bracket tag names an effort ("build Folder Migration", "Backend Tester"):
    a phrase of two or more words that is neither an area nor a kind of change."""
    words = tag.lower().split()
    return (
        len(words) >= 2
        and len(tag) <= 40
        and any(c.isalpha() for c in tag)
        and tag_area(tag) is None
        and not any(w.strip(".,:;!?-") in _NOT_AREAS for w in words)
    )


def area_family(area: str) -> str | None:
    """The wider family an area belongs to ("FSDP" -> "Distributed"), if known."""
    return _FAMILIES.get(area)


@dataclass(frozen=True)
class AreaResolver:
    """Maps paths to area names: overrides first, then known layouts, then a generic rule."""

    overrides: Mapping[str, str] = field(default_factory=dict)
    layouts: Mapping[str, str] = field(default_factory=lambda: KNOWN_LAYOUTS)
    package_names: frozenset[str] = frozenset()

    def of_path(self, path: str) -> str | None:
        """The area of one path, or None for files at the top that name no area."""
        return self._resolve(path)[0]

    def _resolve(self, path: str) -> tuple[str | None, bool]:
        """The area of one path, and whether it is a name the project gives (its CODEOWNERS or
        config, a known layout, a package of a monorepo: ``packages/compiler-sfc``,
        ``crates/uv-python``) or a kind of file (build, docs), rather than only the folder it sits
        in ("models", "lib")."""
        parts = PurePosixPath(path.strip("/")).parts
        for end in range(len(parts), 0, -1):
            name = self.overrides.get("/".join(parts[:end]))
            if name:
                return name, True
        # Build files say more about the change than the directory they sit in.
        if _BUILD_FILES.search(path):
            return "build", True
        for end in range(len(parts), 0, -1):
            name = self.layouts.get("/".join(parts[:end]))
            if name:
                return name, True
        if _DOC_FILES.search(path):
            return "docs", True
        area = self._generic(parts[:-1]) or self._module(path)
        # the package's own name, not a folder inside it ("crates/uv/tests/it" is no area "it")
        # a package named after the project ("crates/uv-workspace") is one of its internal parts, no
        # place a listener knows: "in uv's workspace" was heard as the user's workspace feature
        internal = parts[1].partition("-")[0].lower() in self.package_names if len(parts) > 1 else False
        return area, len(parts) > 2 and parts[0].lower() in _PACKAGE_DIRS and area == self._package(parts[1]) and not internal

    def describes_code(self, path: str) -> bool:
        """The file documents, tests, builds or announces code rather than being it."""
        return bool(_NOT_CODE.search(path) or _DOC_FILES.search(path) or _BUILD_FILES.search(path))

    def _generic(self, dirs: tuple[str, ...]) -> str | None:
        if dirs and dirs[0].lower() in ("test", "tests"):
            return "tests"  # curl's tests/server is the test suite's DNS server, no server of curl's
        rest = list(dirs)
        while rest and (rest[0].lower() in _CONTAINERS or rest[0].lower() in self.package_names):
            rest.pop(0)
        while len(rest) > 1 and rest[0].lower() in _COLLECTIONS:
            rest.pop(0)
        if rest and rest[0].lower() in _WEAK_DIRS:
            # "models/common" says "models"; a weak directory alone says nothing.
            parent = dirs[len(dirs) - len(rest) - 1] if len(dirs) > len(rest) else None
            if parent and parent.lower() not in _CONTAINERS and parent.lower() not in self.package_names:
                return pretty_name(parent)
            rest = rest[1:]
        if not rest:
            return "tests" if any(d.lower() in ("test", "tests") for d in dirs) else None
        return self._package(rest[0])

    def _package(self, name: str) -> str:
        """A folder's name as said; a package named after the project is the project's part:
        "uv-resolver" is "uv's resolver" (a listener heard "in uv shell" as a command)."""
        own, _, part = name.partition("-")
        if part and own.lower() in self.package_names:
            return f"{own}'s {pretty_name(part)}"
        return pretty_name(name)

    def _module(self, path: str) -> str | None:
        """A module right inside the package ("torchtitan/trainer.py") is named after itself."""
        parts = list(PurePosixPath(path).parts)
        # "src/pip/_internal/locations.py" is the package's own module too
        while len(parts) > 2 and (parts[0].lower() in self.package_names or parts[0].lower() in _CONTAINERS):
            parts.pop(0)
        if len(parts) == 2 and parts[0].lower() in _WEAK_DIRS:
            parts[0] = "src"
        if len(parts) == 2 and (parts[0].lower() in self.package_names or parts[0].lower() in _CONTAINERS):
            stem = PurePosixPath(parts[1]).stem.lower()
            if "." in stem:  # "global.d.ts" declares types for the whole package; it is no module
                return None
            if stem not in _WEAK_DIRS and stem not in _WEAK_MODULES and not stem.startswith("test") and sayable(stem):
                return pretty_name(stem)
        return None

    def named_of_files(self, files: Iterable[FileChange]) -> set[str]:
        """The areas among ``files``' that some file names by the project's own name, not by its
        folder alone; of a change spread over several areas, only one holding half its weight (a flag
        added across eight uv crates is no change "in uv normalize")."""
        files = list(files)
        # a changelog fragment announces the change wherever it is (pip's news/11555.trivial.rst made
        # a test skip "a change in docs")
        named = {area for f in files if not _ANNOUNCES.search(f.path) and (found := self._resolve(f.path))[1] and (area := found[0])}
        ranked = self._weights(files)
        total = sum(ranked.values())
        # spread over folders named or not: a docs fix across six folders is no change "in Arm"
        spread = len(ranked) > 1
        return {a for a in named if not spread or ranked.get(a, 0.0) * 2 >= total}

    def of_files(self, files: Iterable[FileChange], limit: int = 3) -> list[str]:
        """The main areas of a set of files, weighted by lines changed, heaviest first; where a
        change touches code, only its code says where it is (not its tests, docs or changelog)."""
        files = list(files)
        weights = self._weights(files)
        if not weights:
            return []
        total = sum(weights.values())
        ranked = sorted(weights.items(), key=lambda kv: (-kv[1], kv[0]))
        keep = [a for a, w in ranked if w >= 0.2 * total] or [ranked[0][0]]
        # lines in no area count too: a CMake change over 21 files, two of them Arm's, is no change
        # "in Arm" (executorch dde9dfd77)
        everywhere = sum(_size(f) for f in self._basis(files)) or total
        if ranked[0][1] < _AREA_SHARE * everywhere:
            return []
        return keep[:limit]

    def _basis(self, files: Iterable[FileChange]) -> list[FileChange]:
        """The files that say where a change is: its code, unless its build files outweigh it (a
        submodule bump beside 20 build files is no code change), else all of them."""
        files = list(files)
        benched = sum(_size(f) for f in files if _BENCHMARK.search(f.path))
        if benched >= 20 and benched * 4 >= 3 * sum(_size(f) for f in files if not _LOCKFILE.search(f.path)):
            # uv's "Add warm cache uv startup benchmark": a benchmark is the change, not "uv macros"'s 15 lines
            # (executorch's "Fix ios benchmark app": its 48 lines, not the submodule bump beside them)
            return files
        code = [f for f in files if not self.describes_code(f.path)]
        built = [f for f in files if _BUILD_FILES.search(f.path) and not _TEST_PATH.search(f.path)]
        if code and any(self.of_path(f.path) for f in code) and sum(map(_size, code)) * 5 >= sum(map(_size, code + built)):
            return code  # (its tests and docs follow it wherever they are)
        return files

    def _weights(self, files: Iterable[FileChange]) -> dict[str, float]:
        """Lines changed per area; where a change touches code, only its code's areas."""
        weights: dict[str, float] = {}
        for f in self._basis(files):
            area = self.of_path(f.path)
            if area:
                # Tests follow the code they test: they say less about where a change is.
                scale = 0.4 if _TEST_PATH.search(f.path) else 1.0
                weights[area] = weights.get(area, 0.0) + scale * (1.0 + (f.added or 0) + (f.deleted or 0))
        return weights


_AREA_SHARE = 0.2  # of a change's lines, the least its main area holds to be where the change is


def _size(f: FileChange) -> float:
    return 1.0 + (f.added or 0) + (f.deleted or 0)


def load_area_map(repo_dir: Path) -> dict[str, str]:
    """Area names configured in a repository: CODEOWNERS units, then ``commitcast.toml`` areas.

    ``commitcast.toml`` may hold a top-level ``[areas]`` table, ``[defaults] areas`` and
    ``[[show]]`` tables with ``areas``; a show's own table applies when it is the only show or
    its ``repo`` is this directory.
    """
    areas: dict[str, str] = {}
    for where in (".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"):
        owners = repo_dir / where
        if owners.is_file():
            areas.update(codeowners_areas(owners.read_text(encoding="utf-8", errors="replace")))
            break
    config = repo_dir / "commitcast.toml"
    if not config.is_file():
        return areas
    try:
        data = tomllib.loads(config.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read {config}: {exc}") from exc
    tables = [data.get("areas", {}), data.get("defaults", {}).get("areas", {})]
    shows = [s for s in data.get("show", []) if isinstance(s, dict)]
    here = repo_dir.resolve()
    for show in shows:
        repo = show.get("repo")
        mine = isinstance(repo, str) and (repo_dir / repo).resolve() == here
        if len(shows) == 1 or mine:
            tables.append(show.get("areas", {}))
    for table in tables:
        if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
            raise UserError(f"{config}: areas must map path prefixes to names")
        areas.update({k.strip("/"): v for k, v in table.items()})
    return areas


def codeowners_areas(text: str) -> dict[str, str]:
    """Directory prefixes a CODEOWNERS file treats as units, named after their last directory.

    Only prefixes the known layouts do not already name are kept, so "torch/_inductor/"
    still reads "Inductor" rather than "inductor".
    """
    resolver = AreaResolver()
    areas: dict[str, str] = {}
    for line in text.splitlines():
        pattern = line.split("#", 1)[0].split()
        if len(pattern) < 2:
            continue
        path = pattern[0].strip("/")
        if not path or any(ch in path for ch in "*?[!") or "." in PurePosixPath(path).name:
            continue
        parts = PurePosixPath(path).parts
        known = any("/".join(parts[:end]) in resolver.layouts for end in range(len(parts), 0, -1))
        if not known:
            areas[path] = pretty_name(parts[-1])
    return areas
