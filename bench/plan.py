"""Planning benchmark: ``plan_episode`` on synthetic but realistic days of 50 to 3,000 changes,
and a merge-workflow day read from a real git repository, planned and scripted, cold and warm.

A day is modelled on a busy PyTorch day: a ghstack campaign with "Runtime fell from A to B"
lines, correctness fixes (one silent), a merge-bot revert pair, dependency bumps by a bot,
and many unrelated small changes across the usual areas, with Phabricator-style bodies.
The merge-workflow day is 60 pull requests merged by merge commits (two to four commits
each, several authors), a sync merge and a release tag, built as a real repository.
Goals: a 150-change day plans in well under a second; the 60-change merge-workflow day is
read, planned and scripted in under 3 s warm.

Run: ``.venv/bin/python bench/plan.py``
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pygit2

from commitcast.analyse import plan_episode
from commitcast.ingest import read_landed
from commitcast.model import Change, FileChange, Person, PullRequest, Revert, Show, Stack, Window
from commitcast.write import narrate

DAY = datetime(2026, 9, 18, tzinfo=UTC)
WEB = "https://github.com/pytorch/pytorch"
SHOW = Show(name="PyTorch", slug="pytorch", web_url=WEB)
WINDOW = Window(since=DAY, until=DAY + timedelta(days=1))
AREAS = [
    "torch/_inductor/codegen", "torch/_dynamo/variables", "torch/distributed/tensor", "torch/distributed/fsdp",
    "aten/src/ATen/native/cuda", "torch/export", "torch/nn/modules", ".github/workflows", "docs/source",
    "torch/csrc/autograd", "torch/onnx", "aten/src/ATen/native/mps", "torch/_functorch", "test/inductor",
]
VERBS = ["Fix", "Add", "Remove", "Refactor", "Support", "Speed up", "Handle", "Document", "Make", "Use"]
NOUNS = ["guard for frozenset", "scheduler fusion", "triton kernel", "meta function for narrow", "decomposition",
         "nightly workflow", "tensor subclass", "redistribute path", "symbolic shape check", "cache key"]
BODY = (
    "Summary:\n{what}\n\nTest Plan:\npython test/{area}/test_{n}.py -k {n}\n\n"
    "Differential Revision: D{d}\n\nPull Request resolved: {web}/pull/{pr}\n"
)


def _change(n: int, title: str, author: str, body: str, path: str, pr: int | None, rnd: random.Random,
            minute: int, **extra) -> Change:
    when = DAY + timedelta(minutes=minute)
    added, deleted = rnd.randint(1, 400), rnd.randint(0, 120)
    return Change(
        sha=f"{n:08x}" + "ab" * 16, title=title, body=body, trailers={}, authors=[Person(author, "x@example.invalid")],
        committer=Person("GitHub"), landed_at=when, authored_at=when - timedelta(hours=2),
        files=[FileChange(path, "M", added=added, deleted=deleted)], added=added, deleted=deleted,
        pr=PullRequest(pr, f"{WEB}/pull/{pr}") if pr else None, **extra,
    )


def synthetic_day(size: int, seed: int = 7) -> list[Change]:
    """``size`` changes shaped like a busy day (campaign, fixes, reverts, bots, small changes)."""
    rnd = random.Random(seed)
    changes: list[Change] = []
    campaign = max(3, size // 8)
    prs = list(range(190000, 190000 + campaign))
    for k in range(campaign):
        before = rnd.uniform(30, 300)
        body = f"Reuse the worker pool.\n\nRuntime fell from {before:.1f}s to {before / rnd.uniform(2.5, 6.5):.1f}s."
        changes.append(_change(len(changes), f"Reuse workers for suite {k} tests", "Tristan Rice", body,
                               f"test/distributed/tensor/test_suite{k}.py", prs[k], rnd, k * 5,
                               stack=Stack(prs=prs, position=k)))
    original = _change(len(changes), "[dynamo] Support frozenset in guards", "Animesh Jain", "Adds a guard.",
                       "torch/_dynamo/guards.py", 191000, rnd, 300)
    changes.append(original)
    changes.append(_change(len(changes), 'Revert "[dynamo] Support frozenset in guards (#191000)"', "PyTorch MergeBot",
                           f"This reverts commit {original.sha}.\n\nReverted {WEB}/pull/191000 on behalf of x due to Broke trunk",
                           "torch/_dynamo/guards.py", None, rnd, 400, revert=Revert(sha=original.sha, pr=191000), is_bot=True))
    for k in range(max(1, size // 60)):
        changes.append(_change(len(changes), f"Bump lib{k} from 1.{k}.0 to 1.{k}.1", "dependabot[bot]", "Bumps it.",
                               ".ci/docker/requirements-ci.txt", 192000 + k, rnd, 500 + k, is_bot=True))
    while len(changes) < size:
        n = len(changes)
        area = rnd.choice(AREAS)
        title = f"[{area.split('/')[1].strip('_')}] {rnd.choice(VERBS)} {rnd.choice(NOUNS)} ({n})"
        what = rnd.choice([
            "This silently produced wrong outputs for strided inputs.",
            "Fixes a crash when the input is empty.",
            "Gives a 12% speedup on H100 for llama3 8B.",
            "A follow-up PR will remove the old path.",
            "Cleans up the code path.",
        ])
        body = BODY.format(what=what, area=area.split("/")[-1], n=n, d=90000000 + n, web=WEB, pr=193000 + n)
        changes.append(_change(n, title, f"Person {rnd.randrange(size // 2 + 5)}", body, f"{area}/f{n % 9}.py",
                               193000 + n, rnd, rnd.randrange(1440)))
    return changes


def measure(size: int, runs: int) -> tuple[float, float, int, int]:
    """Median and best seconds to plan a day of ``size`` changes, and its story/quick-hit counts."""
    day = synthetic_day(size)
    times = []
    plan = None
    for _ in range(runs):
        started = time.perf_counter()
        plan = plan_episode(day, SHOW, WINDOW)
        times.append(time.perf_counter() - started)
    assert plan is not None
    return statistics.median(times), min(times), len(plan.stories), len(plan.quick_hits)


def merge_workflow_repo(path: Path, prs: int = 60, seed: int = 11) -> None:
    """A real repository whose day holds ``prs`` pull requests merged by merge commits."""
    rnd = random.Random(seed)
    repo = pygit2.init_repository(str(path), bare=True, initial_head="main")
    people = [f"Person {k} <p{k}@example.invalid>" for k in range(25)]
    clock = [int(DAY.timestamp()) - 3 * 86400]

    def signature(who: str) -> pygit2.Signature:
        clock[0] += 60
        name, email = who[:-1].split(" <")
        return pygit2.Signature(name, email, clock[0], 0)

    def commit(parents: list[pygit2.Oid], files: dict[str, str], message: str, who: str) -> pygit2.Oid:
        base = repo[parents[0]].tree if parents else None
        builder = repo.TreeBuilder(base) if base is not None else repo.TreeBuilder()
        for name, text in files.items():
            builder.insert(name, repo.create_blob(text.encode()), pygit2.enums.FileMode.BLOB)
        sig = signature(who)
        return repo.create_commit(None, sig, sig, message, builder.write(), parents)

    main = commit([], {"README.md": "demo\n"}, "Start", people[0])
    repo.create_reference("refs/tags/1.0", main)
    clock[0] = int(DAY.timestamp())
    for n in range(prs):
        who = rnd.choice(people)
        tip = main
        for k in range(rnd.randint(2, 4)):
            body = "\n".join(f"line {n} {k} {i}" for i in range(rnd.randint(5, 80)))
            tip = commit([tip], {f"src_{n % 9}_{k}.py": body}, f"{rnd.choice(VERBS)} {rnd.choice(NOUNS)} part {k}", who)
        title = f"{rnd.choice(VERBS)} {rnd.choice(NOUNS)} ({n})"
        main = commit([main, tip], {}, f"Merge pull request #{4000 + n} from user{n}/topic-{n}\n\n{title}", people[1])
    release = commit([main], {"VERSION": "1.1\n"}, "Release 1.1", people[1])
    repo.create_reference("refs/tags/1.1", release)
    repo.create_reference("refs/heads/main", release)


def scripted_day(repo: Path, state: Path) -> tuple[float, int, int]:
    """Seconds to read the day (and its lookback), plan it and write its script; its changes and commits."""
    started = time.perf_counter()
    since = DAY
    landed = read_landed(repo, since, since + timedelta(days=1), state_dir=state)
    earlier = read_landed(repo, since - timedelta(days=14), since, state_dir=state).changes
    plan = plan_episode(landed.changes, SHOW, WINDOW, earlier=earlier, releases=landed.releases, notes=landed.notes)
    narrate(plan)
    return time.perf_counter() - started, plan.counts["changes"], plan.counts["commits"]


def main() -> None:
    """Print one row per day size."""
    print(f"{'changes':>8} {'runs':>5} {'median ms':>10} {'best ms':>9} {'µs/change':>10} {'stories':>8} {'quick hits':>11}")
    for size, runs in ((50, 9), (150, 9), (500, 5), (1000, 3), (3000, 3)):
        median, best, stories, hits = measure(size, runs)
        print(f"{size:>8} {runs:>5} {median * 1000:>10.1f} {best * 1000:>9.1f} {median / size * 1e6:>10.0f} {stories:>8} {hits:>11}")
    median, _, _, _ = measure(150, 5)
    verdict = "meets" if median < 0.5 else "misses"
    print(f"\ngoal: a 150-change day in well under a second — {median * 1000:.0f} ms, {verdict} the 0.5 s mark")
    with tempfile.TemporaryDirectory() as tmp:
        repo, state = Path(tmp) / "repo.git", Path(tmp) / "state"
        merge_workflow_repo(repo)
        cold, changes, commits = scripted_day(repo, state)
        warm = statistics.median(scripted_day(repo, state)[0] for _ in range(5))
    print(f"\nmerge-workflow day ({changes} changes, {commits} commits): read + plan + script, "
          f"cold {cold:.2f} s, warm {warm:.2f} s")
    print(f"goal: under 3 s warm — {'meets' if warm < 3 else 'misses'} it")


if __name__ == "__main__":
    main()
