"""The walls between the stages hold: import-linter checks the contracts in pyproject.toml
(``[tool.importlinter]``) against the code, and a forbidden import planted in a copy of the
package breaks the contract it should."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "commitcast"


def lint_imports(project: Path, src: Path) -> subprocess.CompletedProcess[str]:
    """Run import-linter on the package under ``src`` with the contracts of ``project``'s pyproject.toml."""
    env = {**os.environ, "PYTHONPATH": str(src)}  # ahead of the editable install's path
    return subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())",
         "--no-cache", "--config", str(project / "pyproject.toml")],
        cwd=project, env=env, capture_output=True, text=True, timeout=120,
    )


def test_the_code_keeps_every_import_contract() -> None:
    result = lint_imports(ROOT, ROOT / "src")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


# A planted import, the file it goes in, and the contract it breaks (by its name in pyproject.toml).
PLANTED = [
    # the writer calls back into the newsroom
    ("write/narrator.py", "from ..analyse import plan_episode", "write imports neither ingest nor analyse"),
    # the newsroom reaches past ingest's package into one of its modules
    ("analyse/plan.py", "from ..ingest.refs import pr_url", "ingest is reached through its package's names"),
    # a stage imports one above it
    ("ingest/landed.py", "from ..publish import publish_site", "Stages are layered"),
    # the model depends on a stage
    ("model.py", "from .write import narrate", "Stages are layered"),
    # a stage skips the text package's names
    ("voice/text.py", "from ..text.clean import clean_title", "the text helpers are reached through their package's names"),
]


@pytest.mark.parametrize(("path", "line", "contract"), PLANTED, ids=[p[0] for p in PLANTED])
def test_a_planted_forbidden_import_breaks_its_contract(tmp_path: Path, path: str, line: str, contract: str) -> None:
    src = tmp_path / "src"
    shutil.copytree(PACKAGE, src / "commitcast", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    planted = src / "commitcast" / path
    # Inside a function, as the code's own late imports are: import-linter reads those too.
    planted.write_text(planted.read_text() + f"\n\ndef _planted() -> None:\n    {line}  # noqa\n")
    result = lint_imports(tmp_path, src)
    assert result.returncode == 1, result.stdout + result.stderr
    broken = [text for text in result.stdout.split("\n\n") if "BROKEN" in text]
    assert any(contract in " ".join(text.split()) for text in broken), result.stdout
    assert f"commitcast.{path.removesuffix('.py').replace('/', '.')}" in result.stdout
