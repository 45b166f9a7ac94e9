"""Time limits in the tests are guards against a hung process, never budgets a slow machine
can exceed: a test waits for the event (a process ending, a page saying it is ready), and a
limit only ends a wait that would otherwise never end.

``patience(seconds)`` is ``seconds`` (what an idle machine needs, many times over) times
$COMMITCAST_TEST_PATIENCE (default 10): on two cores at a load of 20, what takes 10 s idle
takes minutes, and must still pass.
"""

from __future__ import annotations

import os

__all__ = ["patience"]


def patience(seconds: float) -> float:
    """A limit for a wait that takes about ``seconds`` on an idle machine."""
    return seconds * float(os.environ.get("COMMITCAST_TEST_PATIENCE", "10"))
