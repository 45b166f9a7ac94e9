"""Synthesis of many pieces of text, in order, in-process or on a process pool.

Each worker builds its engine once (pool initializer, then a per-process cache) and is
given ``cores // workers`` onnxruntime threads, so the pool fills the machine without
oversubscribing it. Only a bounded window of results is in flight, so memory does not
grow with the episode's length.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from functools import lru_cache

from ..lifetime import die_with_parent, kill_workers
from .engine import Engine, EngineSpec, Speech

__all__ = ["synthesize_all", "cpu_count", "resolve_workers"]

_AHEAD = 3  # tasks queued per worker beyond the one it runs


def cpu_count() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def resolve_workers(workers: int | None, tasks: int) -> int:
    """How many processes to use: all cores by default, never more than there are tasks."""
    wanted = cpu_count() if workers is None else workers
    return max(1, min(wanted, tasks))


@lru_cache(maxsize=2)
def _engine(spec: EngineSpec, threads: int | None) -> Engine:
    return spec.load(threads)


def _warm(spec: EngineSpec, threads: int | None, parent: int) -> None:
    die_with_parent(parent)
    # A failure here would only break the pool without a message; the first task
    # loads again and raises the real error (a UserError) to the caller instead.
    try:
        _engine(spec, threads)
    except Exception:  # noqa: BLE001
        pass


def _speak(spec: EngineSpec, threads: int | None, text: str) -> Speech:
    return _speak_with(_engine(spec, threads), text)


def _speak_with(engine: Engine, text: str) -> Speech:
    return next(iter(engine.synthesize([text])))


def synthesize_all(
    spec: EngineSpec,
    texts: Sequence[str],
    *,
    workers: int | None = None,
    on_done: Callable[[], None] | None = None,
) -> Iterator[Speech]:
    """Speech for each text, in order; ``workers=1`` runs in this process, on one thread."""
    count = resolve_workers(workers, len(texts))
    if count == 1:
        # An explicit workers=1 means "one core": the caller (the show runner) is running
        # other episodes side by side, and all-core intra-op threads would fight them.
        engine = _engine(spec, 1 if workers == 1 else None)
        for text in texts:
            yield _speak_with(engine, text)
            if on_done:
                on_done()
        return
    spec.prepare()
    threads = max(1, cpu_count() // count)
    # fork starts a worker ~1 s sooner than forkserver and ~2 s sooner than spawn (no
    # re-import of numpy, onnxruntime and piper); each worker builds its own session.
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    pool = ProcessPoolExecutor(count, mp_context=context, initializer=_warm, initargs=(spec, threads, os.getpid()))
    pending: deque[Future[Speech]] = deque()
    try:
        queue = iter(texts)
        for text in queue:
            pending.append(pool.submit(_speak, spec, threads, text))
            if len(pending) >= count * (_AHEAD + 1):
                break
        while pending:
            speech = pending.popleft().result()
            next_text = next(queue, None)
            if next_text is not None:
                pending.append(pool.submit(_speak, spec, threads, next_text))
            yield speech
            if on_done:
                on_done()
    except BaseException:  # interrupted, terminated, or no longer wanted: the workers go now
        kill_workers()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
