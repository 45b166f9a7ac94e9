"""Worker processes die with the process that started them.

A worker voicing an episode holds ~400 MB; one left behind by a killed run keeps voicing for
nobody and then blocks forever on a queue no one reads. So every pool worker asks the kernel
to kill it when its parent dies (Linux's parent-death signal, which also covers ``kill -9``),
and a parent that is stopped with SIGTERM or Ctrl-C kills its workers on the way out.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys

__all__ = ["die_with_parent", "kill_workers"]

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def die_with_parent(parent: int) -> None:
    """Pool initializer: this worker is killed when ``parent`` (the pid that started it) dies,
    and leaves SIGTERM and Ctrl-C to that parent, which kills its workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os.kill(os.getpid(), signal.SIGKILL)


def kill_workers() -> None:
    """Kill this process's pool workers now (an interrupted run does not wait for them)."""
    for child in multiprocessing.active_children():
        child.kill()
