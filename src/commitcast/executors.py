"""Where episode jobs run: in this process, a local process pool, or a Ray cluster.

Every executor runs the same top-level function on the same serialisable jobs, so the
artifacts are byte-identical whichever one is used.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Literal, Protocol, get_args

from .errors import UserError
from .lifetime import die_with_parent, kill_workers
from .pipeline import EpisodeJob, JobResult, make_episode

__all__ = ["EXECUTORS", "ExecutorName", "Executor", "Outcome", "LocalExecutor", "RayExecutor", "check_executor", "make_executor"]

# How a fleet's episodes are made: a local process pool, or Ray tasks.
ExecutorName = Literal["local", "ray"]
EXECUTORS: tuple[ExecutorName, ...] = get_args(ExecutorName)


@dataclass(frozen=True)
class Outcome:
    """One finished job: its result, or the error that stopped it."""

    job: EpisodeJob
    result: JobResult | None = None
    error: str | None = None
    cached: bool = False  # made by an earlier run: taken from the cache, no worker asked


class Executor(Protocol):
    """Runs episode jobs and yields each outcome as it finishes."""

    def run(self, jobs: list[EpisodeJob]) -> Iterator[Outcome]: ...


def _run_job(job_json: bytes) -> bytes:
    # Jobs and results cross process boundaries as JSON: cheap, and identical everywhere.
    return make_episode(EpisodeJob.from_json(job_json)).to_json()


class LocalExecutor:
    """A pool of worker processes on this machine (in-process when ``workers`` is 1)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)

    def run(self, jobs: list[EpisodeJob]) -> Iterator[Outcome]:
        if self.workers == 1 or len(jobs) <= 1:
            for job in jobs:
                try:
                    yield Outcome(job, result=make_episode(job))
                except Exception as exc:  # noqa: BLE001 - reported per job, the run goes on
                    yield Outcome(job, error=f"{type(exc).__name__}: {exc}")
            return
        # spawn, not fork: the parent runs progress threads and may hold native libraries.
        context = multiprocessing.get_context("spawn")
        # Each worker loads the voice on its first episode and keeps it (voice.pool caches it).
        pool = ProcessPoolExecutor(
            self.workers, mp_context=context, initializer=die_with_parent, initargs=(os.getpid(),)
        )
        try:
            pending = {pool.submit(_run_job, job.to_json()): job for job in jobs}
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    job = pending.pop(future)
                    try:
                        yield Outcome(job, result=JobResult.from_json(future.result()))
                    except BrokenProcessPool:
                        yield Outcome(job, error="a worker process died (killed or out of memory)")
                    except Exception as exc:  # noqa: BLE001
                        yield Outcome(job, error=f"{type(exc).__name__}: {exc}")
        except BaseException:  # interrupted, terminated, or no longer wanted: the workers go now
            kill_workers()
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


class RayExecutor:
    """One Ray task per episode job, on a cluster (``address``) or a local Ray instance."""

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        try:
            import ray
        except ImportError as exc:
            raise UserError("the Ray executor needs Ray: pip install 'commitcast[ray]'") from exc
        self.ray = ray
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
            if address:
                ray.init(address=address, **options)
            else:
                ray.init(num_cpus=workers, **options)

    def run(self, jobs: list[EpisodeJob]) -> Iterator[Outcome]:
        ray = self.ray
        task = ray.remote(num_cpus=1, max_retries=1)(_run_job)
        pending = {task.remote(job.to_json()): job for job in jobs}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                job = pending.pop(ref)
                try:
                    yield Outcome(job, result=JobResult.from_json(ray.get(ref)))
                except Exception as exc:  # noqa: BLE001
                    yield Outcome(job, error=f"{type(exc).__name__}: {exc}")


def check_executor(name: str) -> ExecutorName:
    """``name`` when it names an executor, else a UserError."""
    for executor in EXECUTORS:
        if name == executor:
            return executor
    raise UserError(f"unknown executor {name!r} (use 'local' or 'ray')")


def make_executor(name: ExecutorName, workers: int, ray_address: str | None = None) -> Executor:
    """The executor called ``name`` ("local" or "ray")."""
    if check_executor(name) == "local":
        return LocalExecutor(workers)
    return RayExecutor(ray_address, workers)

