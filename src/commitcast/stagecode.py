"""The code each cached stage is made by, and a fingerprint of it: the one cache rule's tool.

Every cached stage output is stored under its inputs and its stage's version
(``pipeline.STAGE_VERSIONS``; ``ingest.PARSER_VERSION`` for the parsed changes the catalogue
keeps). The rule (docs/caching.md): a stage's code does not change unless its version does, or
the change is recorded as one that leaves the stage's output as it was. ``tests/stage_code.json``
records, for each stage, its version and a digest of every file of its code; a test compares it
with the code as it is, and ``scripts/record_stage_code.py`` writes it.

A stage's code is found, not listed: the modules its entry points are defined in and every
``commitcast`` module they import, transitively (at module level or inside a function; not
under ``if TYPE_CHECKING:``), each name followed to the module that defines it, plus the data
files the stage reads (:data:`STAGE_DATA`). A file's digest ignores blank lines, whole-line
comments and trailing spaces, so reflowing a comment is no change of code.
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = [
    "STAGE_ENTRIES",
    "STAGE_DATA",
    "StageCode",
    "stage_versions",
    "stage_files",
    "stage_code",
    "all_stage_code",
    "differences",
    "load_table",
    "record",
]

PACKAGE = Path(__file__).resolve().parent

# Where each cached stage begins: "module:name" (a name the module defines or imports).
STAGE_ENTRIES: Mapping[str, tuple[str, ...]] = {
    # The parsed changes the catalogue caches per commit (versioned by ingest.PARSER_VERSION).
    "changes": (
        "commitcast.ingest.changes:build_change",
        "commitcast.ingest.numstat:git_numstat",
        "commitcast.ingest.numstat:pygit2_numstat",
    ),
    "plan": ("commitcast.analyse:plan_episode", "commitcast.analyse.recap:plan_recap"),
    "script": ("commitcast.write:write_script", "commitcast.write:load_style", "commitcast.write:LLMConfig"),
    # The voiced episode: the MP3 (with the generated cover in its tag), transcripts, chapters.
    "voice": ("commitcast.voice:voice_script", "commitcast.voice:write_transcripts", "commitcast.publish.artwork:render_cover"),
}
# Files (or folders) of data a stage reads besides its code, relative to the package.
STAGE_DATA: Mapping[str, tuple[str, ...]] = {
    # The host styles word the plan's titles and headings (commitcast.phrasebook reads them).
    "plan": ("analyse/glossary.toml", "write/styles"),
    "script": ("write/styles",),
}


@dataclass(frozen=True)
class StageCode:
    """A stage's version and the digest of each file of its code (path relative to the package)."""

    version: str
    files: dict[str, str]

    def to_dict(self) -> dict[str, object]:
        """As the recorded table keeps it."""
        return {"version": self.version, "files": dict(sorted(self.files.items()))}


def stage_versions() -> dict[str, str]:
    """Each cached stage's version as the code says it now."""
    from .ingest import PARSER_VERSION
    from .pipeline import STAGE_VERSIONS

    return {"changes": str(PARSER_VERSION), **STAGE_VERSIONS}


# ------------------------------------------------------------------------- finding the code


def _module_file(module: str) -> Path | None:
    """The file of a ``commitcast`` module (a package's ``__init__.py``), or None."""
    if module != "commitcast" and not module.startswith("commitcast."):
        return None
    base = PACKAGE.joinpath(*module.split(".")[1:])
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _is_package(module: str) -> bool:
    path = _module_file(module)
    return path is not None and path.name == "__init__.py"


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _absolute(module: str, level: int, name: str | None) -> str:
    """The absolute name of ``from {"." * level}{name} import …`` written in ``module``."""
    if level == 0:
        return name or ""
    parts = module.split(".")
    base = parts if _is_package(module) else parts[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def _imports(module: str) -> Iterator[tuple[str, str | None]]:
    """``(module, name)`` for each import the module runs (``name`` None for ``import x``)."""
    path = _module_file(module)
    if path is None:
        return
    for node in _executed(_tree(path).body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, node.level, node.module)
            for alias in node.names:
                yield source, alias.name


def _executed(body: Iterable[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of ``body`` and the bodies inside it, but what ``if TYPE_CHECKING:`` guards."""
    for node in body:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _executed(node.orelse)
            continue
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                yield from _executed([child])
            elif isinstance(child, ast.ExceptHandler):
                yield from _executed(child.body)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _defining(module: str, name: str, depth: int = 0) -> str:
    """The module ``name`` comes from when imported from ``module``: a submodule of that name,
    else the module a package's ``__init__`` re-exports it from, else ``module`` itself."""
    if _module_file(f"{module}.{name}") is not None:
        return f"{module}.{name}"
    if depth < 10 and _module_file(module) is not None:
        for source, imported in _imports(module):
            if imported == name and _module_file(source) is not None:
                return _defining(source, name, depth + 1)
    return module


def stage_files(stage: str) -> list[Path]:
    """The files of ``stage``'s code: its entry points' modules, the ``commitcast`` modules
    they import (transitively), and its data files; sorted."""
    todo = [_defining(module, name) for module, _, name in (e.partition(":") for e in STAGE_ENTRIES[stage])]
    seen: set[str] = set()
    while todo:
        module = todo.pop()
        if module in seen or _module_file(module) is None:
            continue
        seen.add(module)
        for source, name in _imports(module):
            todo.append(_defining(source, name) if name is not None else source)
    files = {path for module in seen if (path := _module_file(module)) is not None}
    for data in STAGE_DATA.get(stage, ()):
        where = PACKAGE / data
        files |= {p for p in where.rglob("*") if p.is_file()} if where.is_dir() else {where}
    return sorted(files)


# ------------------------------------------------------------------------- fingerprints


def _digest(path: Path) -> str:
    """A file's digest; for Python source, without its blank lines, whole-line comments and
    trailing spaces."""
    data = path.read_bytes()
    if path.suffix == ".py":
        lines = (line.rstrip() for line in data.decode("utf-8").splitlines())
        data = "\n".join(line for line in lines if line and not line.lstrip().startswith("#")).encode("utf-8")
    return hashlib.sha256(data).hexdigest()[:16]


def stage_code(stage: str) -> StageCode:
    """``stage``'s version and the digest of each file of its code, as the code is now."""
    files = {path.relative_to(PACKAGE).as_posix(): _digest(path) for path in stage_files(stage)}
    return StageCode(version=stage_versions()[stage], files=files)


def all_stage_code() -> dict[str, StageCode]:
    """:func:`stage_code` of every cached stage."""
    return {stage: stage_code(stage) for stage in STAGE_ENTRIES}


def differences(recorded: Mapping[str, StageCode], now: Mapping[str, StageCode]) -> dict[str, list[str]]:
    """For each stage whose code changed since ``recorded`` while its version did not, the files
    that changed (``+`` added, ``-`` gone, ``~`` changed)."""
    found: dict[str, list[str]] = {}
    for stage, code in now.items():
        before = recorded.get(stage)
        if before is None or before.version != code.version:
            continue
        changed = [f"+{p}" for p in code.files.keys() - before.files.keys()]
        changed += [f"-{p}" for p in before.files.keys() - code.files.keys()]
        changed += [f"~{p}" for p in code.files.keys() & before.files.keys() if code.files[p] != before.files[p]]
        if changed:
            found[stage] = sorted(changed, key=lambda item: item[1:])
    return found


# ------------------------------------------------------------------------- the recorded table


def load_table(path: Path) -> dict[str, StageCode]:
    """The recorded table (``tests/stage_code.json``); empty when there is none yet."""
    import json

    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {stage: StageCode(version=str(row["version"]), files=dict(row["files"])) for stage, row in data.items()}


def record(path: Path, *, same_output: Iterable[str] = ()) -> dict[str, list[str]]:
    """Write the table of every stage's code as it is now to ``path``, and return what changed.

    A stage whose code changed while its version did not is refused (a ``UserError`` naming it
    and its files) unless it is in ``same_output``: its output for the same input is as before,
    so its caches stay good. Bump its version instead when the output changes."""
    import json

    from .errors import UserError

    recorded, now = load_table(path), all_stage_code()
    changed = differences(recorded, now)
    unknown = set(same_output) - set(STAGE_ENTRIES)
    if unknown:
        raise UserError(f"no stage {sorted(unknown)[0]!r} (stages: {', '.join(STAGE_ENTRIES)})")
    refused = {stage: files for stage, files in changed.items() if stage not in set(same_output)}
    if refused:
        stage, files = next(iter(refused.items()))
        raise UserError(
            f"the {stage} stage's code changed ({', '.join(files[:5])}{', …' if len(files) > 5 else ''}) but its "
            f"version is still {now[stage].version}: bump it if its output changes for the same input, "
            f"else record with --same-output {stage}"
        )
    table = {stage: code.to_dict() for stage, code in sorted(now.items())}
    path.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return changed
