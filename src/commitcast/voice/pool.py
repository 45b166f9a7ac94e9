"""Synthesis of many pieces of text, in order, in-process or on a process pool, and any other
work of the stage (encoding) spread over the same workers.

Each worker builds its engine once (pool initializer, then a per-process cache) and is
given ``cores // workers`` onnxruntime threads, so the pool fills the machine without
oversubscribing it. Only a bounded window of results is in flight, so memory does not
grow with the episode's length.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from functools import lru_cache
from types import TracebackType
from typing import Any, Self, TypeVar

from ..lifetime import die_with_parent, kill_workers
from .engine import Engine, EngineSpec, Speech

__all__ = ["SpeechPool", "synthesize_all", "cpu_count", "resolve_workers", "submission_order"]

_AHEAD = 3  # tasks queued per worker beyond the one it runs

T = TypeVar("T")


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


def submission_order(sizes: Sequence[int], window: int) -> list[int]:
    """The order to start tasks in: as given, but the last ``window`` of them largest first.

    Results are still taken in the given order, so at most ``window`` of them wait in memory;
    the pool's last tasks are its smallest, so no worker idles long while another finishes
    a long one (longest-processing-time-first, on the tail where it matters)."""
    split = max(0, len(sizes) - window)
    return list(range(split)) + sorted(range(split, len(sizes)), key=lambda n: (-sizes[n], n))


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


class SpeechPool:
    """The processes (or this process) that voice a stage's pieces and do its other work.

    Started before the text is ready, so the workers load the voice while the caller
    prepares what they will say; ``workers=1`` does everything in this process, on one thread.
    """

    def __init__(self, spec: EngineSpec, workers: int | None = None, tasks: int = 1 << 30) -> None:
        self.spec = spec
        self.workers = resolve_workers(workers, tasks)
        self._threads: int | None = max(1, cpu_count() // self.workers)  # each worker's share of the cores
        if self.workers == 1:
            # An explicit workers=1 means "one core": the caller (the show runner) is running
            # other episodes side by side, and all-core intra-op threads would fight them.
            # Otherwise (one task, or one core) onnxruntime's default threads use them all.
            self._threads = 1 if workers == 1 else None
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> Self:
        if self.workers > 1:
            self.spec.prepare()
            # fork starts a worker ~1 s sooner than forkserver and ~2 s sooner than spawn (no
            # re-import of numpy, onnxruntime and piper); each worker builds its own session.
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_warm, initargs=(self.spec, self._threads, os.getpid())
            )
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self._pool is None:
            return
        if kind is not None:  # interrupted, terminated, or failed: the workers go now
            kill_workers()
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._pool = None

    def speak(self, texts: Sequence[str], on_done: Callable[[], None] | None = None) -> Iterator[Speech]:
        """Speech for each text, in order; on a pool the first tasks are started before this returns."""
        if self._pool is None:
            return self._speak_here(texts, on_done)
        window = self.workers * (_AHEAD + 1)
        order = iter(submission_order([len(t) for t in texts], window))
        pending: dict[int, Future[Speech]] = {}

        def submit() -> None:
            # self._pool is not None here (speak() returned above without one); mypy does not
            # carry that into this function.
            while len(pending) < window and (n := next(order, None)) is not None:
                pending[n] = self._pool.submit(_speak, self.spec, self._threads, texts[n])  # type: ignore[union-attr]

        submit()
        return self._collect(len(texts), pending, submit, on_done)

    def _speak_here(self, texts: Sequence[str], on_done: Callable[[], None] | None) -> Iterator[Speech]:
        engine = _engine(self.spec, self._threads)
        for text in texts:
            yield _speak_with(engine, text)
            if on_done:
                on_done()

    @staticmethod
    def _collect(
        count: int, pending: dict[int, Future[Speech]], submit: Callable[[], None], on_done: Callable[[], None] | None
    ) -> Iterator[Speech]:
        try:
            for n in range(count):
                submit()
                yield pending.pop(n).result()
                if on_done:
                    on_done()
        finally:  # finished, failed or no longer wanted: nothing more is started
            for future in pending.values():
                future.cancel()

    def run(self, function: Callable[..., T], calls: Sequence[tuple[Any, ...]], sizes: Sequence[int]) -> list[T]:
        """``function(*args)`` for each ``args`` of ``calls``, spread over the workers, the
        largest (by ``sizes``, one per call) started first; results in the order of ``calls``."""
        if self._pool is None or len(calls) < 2:
            return [function(*args) for args in calls]
        order = submission_order(sizes, len(calls))
        futures = {n: self._pool.submit(function, *calls[n]) for n in order}
        return [futures[n].result() for n in range(len(calls))]


def synthesize_all(
    spec: EngineSpec,
    texts: Sequence[str],
    *,
    workers: int | None = None,
    on_done: Callable[[], None] | None = None,
) -> Iterator[Speech]:
    """Speech for each text, in order; ``workers=1`` runs in this process, on one thread."""
    with SpeechPool(spec, workers, len(texts)) as pool:
        yield from pool.speak(texts, on_done)
