"""Backfill benchmark: two busy weeks of the largest corpus, end to end through the CLI.

Replays the first 14 days (``--days``) of the busiest 30-day stretch of
``../shared/corpora/pytorch-executorch.jsonl.gz`` (plus the planner's 14-day lookback) into
``bench/.cache/`` once, then runs
``commitcast backfill`` over it with the builtin writer and the default voice: with 1 and with
2 workers (local executor), once on a local Ray instance, and once more warm (nothing changed).
Every cold run gets a fresh state dir, or the cache would make it free.

Piper's onnxruntime session runs each sentence on every core (and pins its threads, so a
``taskset`` cannot stop it), so one worker can already keep a 2-core machine busy: the CPU
seconds per wall second of each run show how many cores it really had.

Prints wall time, time per episode, audio minutes per wall minute, CPU seconds, the machine's
load before each run (it is shared), the goals of issue 7: the speed-up from 2 workers
(>= 1.7x on 2 cores) and the warm re-run (< 5% of the cold one), and of issue 16: Ray's
overhead against the local executor (<= 15%); and the CPU an episode costs, which
docs/scaling.md turns into the cost of a fleet. Two weeks (16 episodes with their recaps)
show the same ratios as the thirty days the benchmark once ran, in a quarter of the time.

Run: ``.venv/bin/python bench/backfill.py [--days N] [--no-ray]`` (14 days take about 4 minutes).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPORA = HERE.parent / ".." / "shared" / "corpora"
EXPORT = "pytorch-executorch.jsonl.gz"
CACHE = HERE / ".cache"
FIRST = date(2025, 2, 26)  # the busiest 30 days of the export start here (600 changes)
LOOKBACK = timedelta(days=14)
COMMITCAST = Path(sys.executable).with_name("commitcast")


@dataclass(frozen=True)
class Figures:
    """One backfill run."""

    name: str
    wall: float  # seconds
    episodes: int
    audio: float  # seconds of episode audio made
    cpu: float  # user + system seconds of the run's (waited-for) processes
    load: float  # 1-minute load average when it started

    def row(self) -> list[str]:
        per_episode = self.wall / self.episodes if self.episodes else float("nan")
        rate = (self.audio / 60) / (self.wall / 60) if self.wall else float("nan")
        return [
            self.name,
            str(self.episodes),
            f"{self.wall:.1f}",
            f"{per_episode:.2f}",
            f"{self.audio / 60:.1f}",
            f"{rate:.1f}",
            f"{self.cpu:.0f}" if self.cpu else "-",
            f"{self.load:.2f}",
        ]


def replayed(first: date, days: int) -> Path:
    """The stretch's repository, replayed on first use."""
    since, until = first - LOOKBACK, first + timedelta(days=days)
    repo = CACHE / f"executorch-{since}-{until}.git"
    if not (repo / "commitcast-replay-map.tsv").exists():
        if not (CORPORA / EXPORT).exists():
            raise SystemExit(f"{CORPORA / EXPORT} is missing: the benchmark needs ../shared/corpora")
        shutil.rmtree(repo, ignore_errors=True)
        CACHE.mkdir(parents=True, exist_ok=True)
        print(f"replaying {EXPORT} {since}..{until} into {repo} (once) …", flush=True)
        command = [sys.executable, str(CORPORA / "replay.py"), str(CORPORA / EXPORT), str(repo)]
        subprocess.run([*command, "--since", str(since), "--until", str(until), "--bare", "--quiet"], check=True)
    return repo


def backfill(
    name: str,
    place: str,
    repo: Path,
    first: date,
    days: int,
    *,
    workers: int,
    executor: str,
    fresh: bool,
) -> Figures:
    """Run one backfill in ``bench/.cache/backfill-runs/<place>`` and measure it."""
    home = CACHE / "backfill-runs" / place
    if fresh:
        shutil.rmtree(home, ignore_errors=True)
        home.mkdir(parents=True)
        (home / "commitcast.toml").write_text(
            f'[[show]]\nname = "ExecuTorch"\nrepo = "{repo}"\ngithub = false\nsite_dir = "site"\n',
            encoding="utf-8",
        )
    args = ["backfill", "--since", str(first), "--until", str(first + timedelta(days=days))]
    args += ["--workers", str(workers), "--executor", executor, "--json", "--quiet"]
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([str(COMMITCAST), *args], cwd=home, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{name}: commitcast exited with {done.returncode}:\n{done.stderr[-2000:]}")
    made = set(json.loads(done.stdout)["made"])
    audio = _audio_seconds(home / ".commitcast" / "catalogue.sqlite", made)
    # Ray's workers are not this process's children, so their CPU time is not counted.
    cpu = 0.0 if executor == "ray" else (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Figures(name, wall, len(made), audio, cpu, load)


def _audio_seconds(catalogue_path: Path, made: set[str]) -> float:
    from commitcast.store import Catalogue

    with Catalogue.open(catalogue_path) as catalogue:
        return sum(e.audio.duration for e in catalogue.episodes("executorch") if e.slug in made and e.audio)


def _table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)) for r in [header, *rows]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=14, help="days to backfill (default 14)")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray run")
    options = parser.parse_args()
    repo = replayed(FIRST, options.days)
    print(f"{options.days} days from {FIRST}, {os.cpu_count()} cores; each run takes minutes …", flush=True)

    runs: list[Figures] = []

    def measure(name: str, place: str, *, workers: int, executor: str, fresh: bool) -> Figures:
        figures = backfill(name, place, repo, FIRST, options.days, workers=workers, executor=executor, fresh=fresh)
        print(f"  {name}: {figures.wall:.1f} s", flush=True)
        runs.append(figures)
        return figures

    one = measure("local, 1 worker", "local-1", workers=1, executor="local", fresh=True)
    two = measure("local, 2 workers", "local-2", workers=2, executor="local", fresh=True)
    warm = measure("local, 2 workers, warm", "local-2", workers=2, executor="local", fresh=False)
    ray = None
    if options.no_ray:
        print("  ray: skipped (--no-ray)")
    elif importlib.util.find_spec("ray") is None:
        print("  ray: skipped (not installed: pip install 'commitcast[ray]')")
    else:
        ray = measure("ray local, 2 workers", "ray-2", workers=2, executor="ray", fresh=True)

    header = ["run", "episodes", "wall s", "s/episode", "audio min", "audio min/wall min", "CPU s", "load"]
    print()
    print(_table([r.row() for r in runs], header))
    print()
    speedup = one.wall / two.wall
    print(f"speed-up from 2 workers: {speedup:.2f}x (goal >= 1.7x): {_verdict(speedup >= 1.7)}")
    print(f"  CPU per wall second:   1 worker {one.cpu / one.wall:.2f}, 2 workers {two.cpu / two.wall:.2f}")
    if ray is not None:
        overhead = ray.wall / two.wall - 1
        print(f"Ray overhead vs local:   {overhead:+.1%} (goal <= 15%): {_verdict(overhead <= 0.15)}")
    share = warm.wall / two.wall
    print(f"warm re-run:             {share:.1%} of cold (goal < 5%): {_verdict(share < 0.05)}")
    print(
        f"an episode costs {one.cpu / one.episodes:.1f} CPU s ({one.cpu / (one.audio / 60):.1f} CPU s a minute of audio;"
        f" {one.audio / 60 / one.episodes:.1f} min an episode here), read from the 1-worker run"
    )
    print("(the machine is shared: 'load' is the 1-minute load average as each run started)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
