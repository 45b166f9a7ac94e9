"""Hand-built episode plans and a hypothesis strategy for random ones, shared by the write tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Literal

from hypothesis import strategies as st

from commitcast.model import (
    ChangeRef,
    EpisodePlan,
    Fact,
    NextItem,
    Severity,
    Story,
    StoryRole,
    StoryThread,
    Why,
    Window,
)
from commitcast.storykinds import StoryKind

WEB = "https://github.com/pytorch/pytorch"


def day(iso: str = "2026-09-19") -> Window:
    """The UTC calendar day ``iso``."""
    start = datetime.fromisoformat(iso).replace(tzinfo=UTC)
    return Window(since=start, until=start + timedelta(days=1), tz="UTC")


def ref(
    sha: str,
    title: str,
    pr: int | None,
    author: str,
    *,
    kinds: tuple[str, ...] = (),
    areas: tuple[str, ...] = (),
    severity: tuple[Severity, ...] = (),
) -> ChangeRef:
    """A change as a plan cites it."""
    url = f"{WEB}/pull/{pr}" if pr else f"{WEB}/commit/{sha}"
    return ChangeRef(
        sha=sha,
        title=title,
        pr=pr,
        url=url,
        authors=[author],
        # "ci" is among the kinds these days give, though the planner says "build" for CI work:
        # the writer tells a kind outside ChangeKind too.
        kinds=list(kinds),  # type: ignore[arg-type]
        areas=list(areas),
        severity=list(severity),
    )


def sha(n: int) -> str:
    """A distinct 40-hex sha for change number ``n``."""
    return f"{n:07x}" + "ab" * 16 + "c"


CAMPAIGN_AREAS = [
    "DTensor",
    "tensor parallel",
    "FSDP",
    "checkpoint",
    "NCCL",
    "pipelining",
    "c10d",
]
SUBJECTS = [
    "DTensor API",
    "tensor parallel style",
    "FSDP state dict",
    "checkpoint",
    "NCCL",
    "pipelining schedule",
    "c10d",
    "DTensor redistribute",
    "tensor parallel loss",
    "FSDP mixed precision",
    "async checkpoint",
    "NCCL abort",
    "pipelining stage",
    "c10d store",
    "DTensor random ops",
    "device mesh",
    "FSDP hooks",
    "checkpoint planner",
    "NCCL watchdog",
    "functional collectives",
]
# (before, after) runtimes in seconds measured by five of the campaign's PRs.
RUNTIMES = [(56.6, 14.0), (88.2, 17.5), (41.0, 13.2), (120.4, 21.0), (33.9, 10.1)]


def busy_day() -> EpisodePlan:
    """The reference-shaped busy day: a 20-PR campaign, a silent wrong-output fix, a revert pair."""
    campaign = [
        ref(
            sha(i),
            f"Reuse workers for {SUBJECTS[i]} tests",
            197649 + i,
            "Tristan Rice",
            kinds=("tests", "performance"),
            areas=(CAMPAIGN_AREAS[i % len(CAMPAIGN_AREAS)],),
        )
        for i in range(20)
    ]
    facts = [
        Fact(
            text=f"runtime falls from {b}s to {a}s",
            kind="runtime",
            sha=campaign[i * 3].sha,
            pr=campaign[i * 3].pr,
            value=a,
            unit="s",
            before=b,
            after=a,
            factor=round(b / a, 2),
        )
        for i, (b, a) in enumerate(RUNTIMES)
    ]
    headline = Story(
        id="s1",
        role="headline",
        headline="The Great Distributed Test Speedup",
        people=["Tristan Rice"],
        areas=CAMPAIGN_AREAS,
        changes=campaign,
        facts=facts,
        score=40.0,
        kind=StoryKind.CAMPAIGN,
        kinds=["tests", "performance"],
        why=[Why(
            text="Reuse one pool of worker processes and process groups for all DTensor API tests instead of "
            "spawning fresh ones per test case.",
            sha=campaign[0].sha, pr=campaign[0].pr, role="change",
        )],
    )
    silent = ref(
        "d3fbb10" + "e" * 33,
        "[inductor] Re-trace matched attention patterns before replacing them",
        None,
        "Jason Ansel",
        kinds=("fix", "correctness"),
        areas=("Inductor",),
        severity=("silent_correctness",),
    )
    crash = ref(
        sha(101),
        "[dynamo] Fix crash when a generator is closed inside torch.compile",
        197690,
        "Animesh Jain",
        kinds=("fix",),
        areas=("Dynamo",),
        severity=("crash",),
    )
    perf = ref(
        "fdba4b1" + "f" * 33,
        "[FSDP2] Move shard copy preparation into C++",
        197701,
        "Wei Feng",
        kinds=("performance", "refactor"),
        areas=("FSDP2",),
    )
    original = ref(
        sha(102),
        "[inductor] Add fused rms_norm lowering",
        197720,
        "Alice Zhang",
        kinds=("feature",),
        areas=("Inductor",),
    )
    revert = ref(
        sha(103),
        'Revert "[inductor] Add fused rms_norm lowering (#197720)"',
        None,
        "pytorchmergebot",
        kinds=("revert",),
        areas=("Inductor",),
    )
    stories = [
        headline,
        Story(
            id="s2",
            role="correctness",
            headline="Inductor's attention fusion stops guessing",
            people=["Jason Ansel"],
            areas=["Inductor"],
            changes=[silent],
            score=30.0,
            kinds=["fix", "correctness"],
            severity=["silent_correctness"],
            why=[
                Why(text="The SDPA pattern matcher accepted permuted and restructured attention graphs and "
                    "silently produced wrong outputs, with no warning.", sha=silent.sha, role="problem"),
                Why(text="This re-traces every matched pattern against the real inputs before replacing it.",
                    sha=silent.sha, role="change"),
            ],
        ),
        Story(
            id="s3",
            role="correctness",
            headline="Dynamo survives closed generators",
            people=["Animesh Jain"],
            areas=["Dynamo"],
            changes=[crash],
            score=20.0,
            kinds=["fix"],
            severity=["crash"],
        ),
        Story(
            id="s4",
            role="performance",
            headline="FSDP2 shard copies move to C++",
            people=["Wei Feng"],
            areas=["FSDP2"],
            changes=[perf],
            facts=[
                Fact(
                    text="30% speedup on H100",
                    kind="percent",
                    sha=perf.sha,
                    pr=perf.pr,
                    value=30.0,
                    unit="%",
                    percent=30.0,
                    hardware="H100",
                )
            ],
            score=15.0,
            kinds=["performance", "refactor"],
        ),
        Story(
            id="s5",
            role="revert",
            headline="Fused RMSNorm lowering rolled back",
            people=["Alice Zhang", "pytorchmergebot"],
            areas=["Inductor"],
            changes=[original, revert],
            score=10.0,
            kind=StoryKind.REVERT,
            kinds=["feature", "revert"],
            reason="breaking internal builds",
        ),
    ]
    quick = [
        ref(
            sha(201),
            "docs: Clarify torch.compile dynamic shape guide",
            197730,
            "Svetlana Karslioglu",
            kinds=("docs",),
            areas=("Docs",),
        ),
        ref(
            sha(202),
            "[ci] Pin the ROCm runner image",
            197731,
            "Huy Do",
            kinds=("ci",),
            areas=("CI",),
        ),
        ref(
            sha(203),
            "Bump setuptools from 69.0 to 70.1",
            197732,
            "dependabot[bot]",
            kinds=("dependency",),
        ),
        ref(
            sha(204),
            "[MPS] Fix flaky test for index_put",
            197733,
            "Nikita Shulga",
            kinds=("tests", "fix"),
            areas=("MPS",),
        ),
        ref(
            sha(205),
            "Simplify the TensorIterator fast path",
            197734,
            "Peter Bell",
            kinds=("refactor",),
            areas=("ATen",),
        ),
    ]
    return EpisodePlan(
        show="PyTorch",
        window=day(),
        title="PyTorch: The Great Distributed Test Speedup",
        summary="Tristan Rice drove roughly twenty PRs that reuse distributed test workers.",
        counts={"changes": 38, "authors": 14, "reverts": 1},
        stories=stories,
        quick_hits=quick,
        whats_next=[
            NextItem(
                text="A follow-up will switch the FSDP2 copy path to the C++ kernel by default",
                sha=perf.sha,
                pr=perf.pr,
                url=perf.url,
            )
        ],
    )


def quiet_day(n: int) -> EpisodePlan:
    """A day with ``n`` (0 or 1) changes."""
    hits = [
        ref(
            sha(1), "Fix a typo in the README", 42, "Ada Lovelace", kinds=("docs",), areas=("Docs",)
        )
    ][:n]
    return EpisodePlan(
        show="PyTorch",
        window=day("2026-09-20"),
        title="PyTorch: A Quiet Sunday",
        summary="A quiet day.",
        counts={"changes": n, "authors": n, "reverts": 0},
        stories=[],
        quick_hits=hits,
    )


# ------------------------------------------------------------------ random plans

NAMES = [
    "Tristan Rice",
    "Jason Ansel",
    "Wei Feng",
    "Alice Zhang",
    "Animesh Jain",
    "Nikita Shulga",
    "Peter Bell",
    "Huy Do",
    "Mei Li",
    "Oğuz Ülgen",
    "José Álvarez",
    "pytorchmergebot",
    "dependabot[bot]",
]
AREAS = [
    "Inductor",
    "Dynamo",
    "DTensor",
    "FSDP2",
    "CI",
    "MPS",
    "ATen",
    "docs",
    "c10d",
    "ROCm",
    "torch.compile",
]
KINDS = [
    "fix",
    "feature",
    "performance",
    "tests",
    "ci",
    "docs",
    "refactor",
    "dependency",
    "correctness",
    "revert",
    "reland",
]
SEVERITIES: list[Severity] = ["silent_correctness", "crash", "hang", "regression", "security", "breaking"]
VERBS = [
    "Fix",
    "Add",
    "Reuse workers for",
    "Speed up",
    "Remove",
    "Support",
    "Refactor",
    "Handle",
    "Skip",
    "Port",
]
OBJECTS = [
    "the scheduler",
    "index_put",
    "FakeTensor mode",
    "NCCL groups",
    "bf16 matmul",
    "the CUDA allocator",
    "v2.5 wheels",
    "H100 runners",
]


@st.composite
def refs(draw: st.DrawFn, n: int, base: int) -> list[ChangeRef]:
    out = []
    for i in range(n):
        pr = draw(st.sampled_from([None, 1000 + (base + i) * 37]))  # unique, like real PRs
        title = f"{draw(st.sampled_from(VERBS))} {draw(st.sampled_from(OBJECTS))}"
        if draw(st.booleans()):
            title = f"[{draw(st.sampled_from(AREAS))}] {title}"
        out.append(
            ref(
                sha(base + i),
                title,
                pr,
                draw(st.sampled_from(NAMES)),
                kinds=tuple(draw(st.lists(st.sampled_from(KINDS), max_size=2))),
                areas=tuple(draw(st.lists(st.sampled_from(AREAS), max_size=2, unique=True))),
                severity=tuple(draw(st.lists(st.sampled_from(SEVERITIES), max_size=1))),
            )
        )
    return out


@st.composite
def facts_for(draw: st.DrawFn, changes: list[ChangeRef]) -> list[Fact]:
    out = []
    for _ in range(draw(st.integers(0, 4))):
        c = draw(st.sampled_from(changes))
        shape = draw(st.sampled_from(["runtime", "percent", "factor", "text", "memory"]))
        if shape == "runtime":
            before = draw(st.floats(1.0, 900.0, allow_nan=False).map(lambda x: round(x, 1)))
            after = draw(st.floats(0.1, before, allow_nan=False).map(lambda x: round(x, 1)))
            out.append(
                Fact(
                    text=f"runtime {before}s -> {after}s",
                    kind="runtime",
                    sha=c.sha,
                    pr=c.pr,
                    value=after,
                    unit="s",
                    before=before,
                    after=after,
                )
            )
        elif shape == "percent":
            p = draw(st.integers(1, 95))
            out.append(
                Fact(
                    text=f"{p}% speedup",
                    kind="percent",
                    sha=c.sha,
                    pr=c.pr,
                    value=p,
                    unit="%",
                    percent=p,
                    hardware=draw(st.sampled_from([None, "H100", "A100", "MI300X"])),
                )
            )
        elif shape == "factor":
            f = draw(st.floats(1.1, 12.0, allow_nan=False).map(lambda x: round(x, 1)))
            out.append(
                Fact(
                    text=f"{f}x faster",
                    kind="speedup",
                    sha=c.sha,
                    pr=c.pr,
                    value=f,
                    unit="x",
                    factor=f,
                )
            )
        elif shape == "memory":
            before = draw(st.integers(2, 80))
            after = draw(st.integers(1, before))
            out.append(
                Fact(
                    text=f"peak memory {before}GB to {after}GB",
                    kind="memory",
                    sha=c.sha,
                    pr=c.pr,
                    value=after,
                    unit="GB",
                    before=before,
                    after=after,
                )
            )
        else:
            n = draw(st.integers(2, 500))
            out.append(
                Fact(
                    text=f"removes {n} lines of dead code",
                    kind="lines",
                    sha=c.sha,
                    pr=c.pr,
                    value=n,
                    unit="lines",
                )
            )
    return out


@st.composite
def next_items(draw: st.DrawFn, change: ChangeRef) -> NextItem:
    """A what's-next item of any kind, worded the way the planner words it."""
    person = change.authors[0]
    kind = draw(st.sampled_from(["follow_up", "open_stack", "series", "pending_reland", "other"]))
    text = {
        "follow_up": f"{person}: A follow-up will enable it by default",
        "open_stack": f"2 more PRs in {person}'s stack (#{change.pr or 77}, #78) have not landed yet",
        "series": f"{person}'s numbered series is at part 2 of 5",
        "pending_reland": f"“{change.title}” was reverted and has not relanded yet",
        "other": "next step: port the CPU path",
    }[kind]
    return NextItem(
        # "other" is no NextKind: the random plans keep a kind the planner does not give, which
        # the writer tells as a promise.
        text=text, sha=change.sha, pr=change.pr, url=change.url, kind=kind, people=[person],  # type: ignore[arg-type]
    )


ROLES: list[StoryRole] = ["correctness", "performance", "feature", "revert", "infrastructure", "other"]
LABELS = ["Tensor constructors", "overloads for the Tensor constructor", "new Module APIs", "op fixes"]


@st.composite
def threads_for(draw: st.DrawFn, changes: list[ChangeRef]) -> list[StoryThread]:
    """Up to three threads over disjoint runs of the story's changes, as the planner names them."""
    found: list[StoryThread] = []
    start = 0
    for label in draw(st.lists(st.sampled_from(LABELS), max_size=3, unique=True)):
        k = draw(st.integers(2, 6))
        members = changes[start : start + k]
        if len(members) < 2:
            break
        start += k
        found.append(StoryThread(label, len(members), None, [c.sha for c in members]))
    return found


@st.composite
def plans(draw: st.DrawFn) -> EpisodePlan:
    """Random but well-formed daily (or recap) plans."""
    base = 0
    stories = []
    for i in range(draw(st.integers(0, 9))):
        n = draw(st.integers(1, 30 if i == 0 else 4))
        changes = draw(refs(n, base))
        base += n
        role = "headline" if i == 0 else draw(st.sampled_from(ROLES))
        kind = draw(st.sampled_from([StoryKind.CAMPAIGN, StoryKind.AUTHOR_SERIES, StoryKind.SINGLE, StoryKind.REVERT]))
        earlier = []
        if kind == "revert" and len(changes) > 1 and draw(st.booleans()):
            earlier, changes = changes[:1], changes[1:]
        stories.append(
            Story(
                id=f"s{i + 1}",
                role=role,
                headline=f"Story {draw(st.sampled_from(OBJECTS))}",
                people=list(dict.fromkeys(a for c in changes for a in c.authors)),
                areas=list(dict.fromkeys(a for c in changes for a in c.areas)),
                changes=changes,
                facts=draw(facts_for(changes)),
                score=float(10 - i),
                kind=kind,
                kinds=sorted({k for c in changes for k in c.kinds}),
                severity=sorted({k for c in changes for k in c.severity}),
                reason=draw(
                    st.sampled_from(
                        [
                            None,
                            "breaking trunk",
                            "Sorry, this breaks ROCm CI, see https://hud.example/x",
                        ]
                    )
                ),
                relanded=draw(st.booleans()),
                earlier=earlier,
                size=len(changes) + draw(st.sampled_from([0, 0, 0, 7, 40])),
                focus=draw(st.lists(st.sampled_from(["Tensor", "Module", "Value", "op"]), max_size=3, unique=True))
                if kind != "single" else [],
                threads=draw(threads_for(changes)) if kind != "single" else [],
                lines_added=draw(st.sampled_from([0, 40, 1234, 5520])),
                lines_deleted=draw(st.sampled_from([0, 12, 3854])),
            )
        )
    quick = draw(refs(draw(st.integers(0, 15)), 5000))
    cited = [c for s in stories for c in s.changes] + quick
    nexts = [draw(next_items(c)) for c in cited[: draw(st.integers(0, 4))]]
    total = sum(s.size for s in stories) + len(quick)
    people = {a for s in stories for c in s.changes for a in c.authors} | {
        a for c in quick for a in c.authors
    }
    extra = draw(st.integers(0, 60))
    date = draw(
        st.dates(min_value=datetime(2020, 1, 1).date(), max_value=datetime(2030, 12, 31).date())
    )
    episode_kind: Literal["daily", "recap"] = draw(st.sampled_from(["daily", "daily", "recap"]))
    window = day(date.isoformat())
    counts = {
        "changes": total + extra,
        "authors": len(people) + draw(st.integers(0, 10)),
        "reverts": draw(st.integers(0, 3)),
    }
    if episode_kind == "recap":
        window = Window(since=window.since - timedelta(days=6), until=window.until, tz="UTC")
        counts["days"] = draw(st.integers(1, 7))
    return EpisodePlan(
        show=draw(st.sampled_from(["PyTorch", "torchao", "ExecuTorch"])),
        window=window,
        title="PyTorch: Random Day",
        summary="A random day.",
        counts=counts,
        stories=stories,
        quick_hits=quick,
        whats_next=nexts,
        kind=episode_kind,
    )
