"""Fixtures of the show-runner tests; the helpers live in ``runner_helpers``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from runner_helpers import TINY, build_repo  # noqa: E402


@pytest.fixture
def tiny_show(tmp_path: Path) -> Path:
    """A directory holding the TINY repository (``repo/``); the show config is up to the test."""
    build_repo(tmp_path / "repo", TINY)
    return tmp_path
