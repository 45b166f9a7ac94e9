"""landed_changes on real repositories built in temporary directories."""

from __future__ import annotations

import logging
import os
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from commitcast.errors import UserError
from commitcast.ingest import (
    default_branch,
    forge_web_url,
    landed_changes,
    last_active_window,
    read_landed,
    recent_active_days,
)
from commitcast.model import FileChange, Person, PullRequest, Revert, Stack

DAY = datetime(2025, 3, 26, tzinfo=UTC)
NEXT = DAY + timedelta(days=1)
ADA = "Ada Lovelace <ada@example.com>"
BOB = "Bob Builder <bob@example.com>"
MERGEBOT = "PyTorch MergeBot <pytorchmergebot@users.noreply.github.com>"


def at(hour: int, minute: int = 0, day: datetime = DAY) -> datetime:
    return day + timedelta(hours=hour, minutes=minute)


@pytest.fixture
def state(tmp_path: Path) -> Path:
    return tmp_path / "state"


def test_window_is_half_open_on_committer_time(make_repo, state: Path) -> None:
    repo = make_repo()
    repo.commit("before", files={"a": "1\n"}, when=at(-1))
    first = repo.commit(
        "at since", files={"a": "2\n"}, when=at(-30), committed=DAY
    )  # authored weeks before
    last = repo.commit("last second", files={"a": "3\n"}, when=at(23, 59) + timedelta(seconds=59))
    repo.commit("at until", files={"a": "4\n"}, when=NEXT)
    changes = landed_changes(repo.path, DAY, NEXT, state_dir=state)
    assert [c.sha for c in changes] == [first, last]
    assert changes[0].landed_at == DAY and changes[0].authored_at == at(-30)


def test_only_the_first_parent_chain_lands(make_repo, state: Path) -> None:
    repo = make_repo()
    base = repo.commit("base", files={"a": "1\n"}, when=at(-2))
    repo.branch("feature", at=base)
    repo.commit("feature one", branch="feature", files={"f": "1\n"}, author=BOB, when=at(1))
    repo.commit("feature two", branch="feature", files={"f": "1\n2\n"}, author=BOB, when=at(2))
    mainline = repo.commit("mainline", files={"a": "1\n2\n"}, when=at(3))
    merge = repo.merge("feature", "Merge branch 'feature'", when=at(4))
    shas = [c.sha for c in landed_changes(repo.path, DAY, NEXT, state_dir=state)]
    assert shas == [mainline, merge]


def test_a_change_carries_everything_the_commit_says(make_repo, state: Path) -> None:
    repo = make_repo()
    repo.commit(
        "Initial", when=at(1),
        files={"keep.py": "".join(f"line {i}\n" for i in range(20)), "gone.txt": "bye\n", "tool.sh": "echo\n"},
    )  # fmt: skip
    repo.set_origin("git@github.com:pytorch/executorch.git")
    sha = repo.commit(
        "[ci] fix routed_experts MoE tests (#4249)\n\n"
        "Stack from [ghstack](https://github.com/ezyang/ghstack/tree/0.12.0)\n(oldest at bottom):\n"
        "* #4235\n* __->__ #4249\n\nMoves the weights.\n\n"
        "Pull Request resolved: https://github.com/pytorch/executorch/pull/4249\n"
        "Approved by: https://github.com/malfet\n"
        "Co-authored-by: Bob Builder <bob@example.com>\n"
        "Co-authored-by: Cy <cy@example.com>\n",
        author=ADA,
        committer=MERGEBOT,
        when=datetime(2025, 3, 26, 1, 0, tzinfo=timezone(timedelta(hours=-7))),
        files={
            "new.py": "print('hi')\n",
            "gone.txt": None,
            "blob.bin": b"\x00\x01\x02binary",
            "tool.sh": ("echo\n", 0o100755),
        },
        renames={"keep.py": "moved/keep.py"},
    )
    (change,) = landed_changes(repo.path, at(6), NEXT, state_dir=state)
    assert change.sha == sha and change.short_sha == sha[:7]
    assert change.title == "[ci] fix routed_experts MoE tests"
    assert change.body == "Moves the weights."
    assert change.trailers["Approved by"] == ["https://github.com/malfet"]
    assert change.authors == [
        Person("Ada Lovelace", "ada@example.com"),
        Person("Bob Builder", "bob@example.com"),
        Person("Cy", "cy@example.com"),
    ]
    assert change.committer == Person(
        "PyTorch MergeBot", "pytorchmergebot@users.noreply.github.com"
    )
    assert not change.is_bot  # the merge bot landed it; Ada wrote it
    assert change.landed_at.utcoffset() == timedelta(hours=-7)
    assert change.landed_at == datetime(2025, 3, 26, 8, 0, tzinfo=UTC)
    assert change.pr == PullRequest(4249, "https://github.com/pytorch/executorch/pull/4249")
    assert change.stack == Stack(prs=[4249, 4235], position=0)
    assert change.revert is None and not change.is_reland and not change.is_merge
    assert len(change.parents) == 1
    assert sorted(change.files, key=lambda f: f.path) == [
        FileChange("blob.bin", "A", None, None, None),
        FileChange("gone.txt", "D", None, 0, 1),
        FileChange("moved/keep.py", "R", "keep.py", 0, 0),
        FileChange("new.py", "A", None, 1, 0),
        FileChange("tool.sh", "M", None, 0, 0),
    ]
    assert (change.added, change.deleted) == (1, 1)


def test_github_merge_commit_is_the_pull_request(make_repo, state: Path) -> None:
    repo = make_repo()
    base = repo.commit("base", files={"a.py": "a\n"}, when=at(-3))
    repo.set_origin("https://github.com/pytorch-labs/ao.git")
    repo.branch("gh/jerryzh168/1/head", at=base)
    repo.commit(
        "GPTQ part 1",
        branch="gh/jerryzh168/1/head",
        author=BOB,
        files={"gptq.py": "1\n"},
        when=at(1),
    )
    repo.commit(
        "GPTQ part 2\n\nCo-authored-by: Cy <cy@example.com>",
        branch="gh/jerryzh168/1/head", author=ADA, files={"gptq.py": "1\n2\n3\n"}, when=at(2),
    )  # fmt: skip
    repo.commit("unrelated on main", files={"a.py": "a\nb\n"}, when=at(3))
    merge = repo.merge(
        "gh/jerryzh168/1/head",
        "Merge pull request #42 from pytorch-labs/gh/jerryzh168/1/head\n\nAdd GPTQQuantizer\n\nQuantizes with GPTQ.",
        author="Christian Puhrsch <cpuhrsch@example.com>",
        committer="GitHub <noreply@github.com>",
        when=at(4),
    )
    change = landed_changes(repo.path, at(4), NEXT, state_dir=state)[0]
    assert change.sha == merge and change.is_merge
    assert change.title == "Add GPTQQuantizer" and change.body == "Quantizes with GPTQ."
    assert change.pr == PullRequest(42, "https://github.com/pytorch-labs/ao/pull/42")
    assert [p.name for p in change.authors] == ["Bob Builder", "Ada Lovelace", "Cy"]
    assert change.files == [FileChange("gptq.py", "A", None, 3, 0)]  # against the first parent


def test_bots(make_repo, state: Path) -> None:
    repo = make_repo()
    repo.commit(
        "Bump torch from 2.5 to 2.6 (#10)\n\nSigned-off-by: dependabot[bot] <support@github.com>",
        author="dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>",
        files={"req.txt": "torch\n"}, when=at(1),
    )  # fmt: skip
    repo.commit(
        "Implement get_freqs for RopeWithAttentionSink\n\nPull Request resolved: https://github.com/pytorch/executorch/pull/7100\n\n"
        "Co-authored-by: Lunwen He <14fae9d6f17a@example.invalid>",
        author="pytorchbot <6071a0905e1e@example.invalid>",
        files={"rope.py": "x\n"}, when=at(2),
    )  # fmt: skip
    dependabot, cherry_pick = landed_changes(repo.path, DAY, NEXT, state_dir=state)
    assert dependabot.is_bot
    assert not cherry_pick.is_bot
    assert cherry_pick.author == Person("Lunwen He", "14fae9d6f17a@example.invalid")
    assert [p.name for p in cherry_pick.authors] == ["Lunwen He", "pytorchbot"]


def test_reverts_and_relands_reach_the_change(make_repo, state: Path) -> None:
    repo = make_repo()
    original = repo.commit("Add fast path (#1)", files={"a": "1\n"}, when=at(1))
    repo.commit(
        f'Revert "Add fast path (#1)"\n\nThis reverts commit {original}.',
        files={"a": None},
        when=at(2),
    )
    repo.commit("Reland fast path (#3)", files={"a": "1\n"}, when=at(3))
    _, revert, reland = landed_changes(repo.path, DAY, NEXT, state_dir=state)
    assert revert.revert == Revert(kind="revert", sha=original, pr=1, title="Add fast path")
    assert reland.is_reland and reland.revert is None


def test_broken_encodings_are_replaced_not_fatal(make_repo, state: Path) -> None:
    repo = make_repo()
    repo.commit(
        "Fix Müller's parser (#5)\n".encode("latin-1"), encoding="ISO-8859-1",
        author="Jürgen Müller <jm@example.com>".encode("latin-1"), files={"a": "1\n"}, when=at(1),
    )  # fmt: skip
    repo.commit(b"Broken \xff\xfe bytes\n\nbody \xc3(", files={"a": "2\n"}, when=at(2))
    repo.commit(b"Unknown encoding\n", encoding="x-no-such-codec", files={"a": "3\n"}, when=at(3))
    latin, broken, unknown = landed_changes(repo.path, DAY, NEXT, state_dir=state)
    assert latin.title == "Fix Müller's parser" and latin.author.name == "Jürgen Müller"
    assert broken.title == "Broken \ufffd\ufffd bytes" and broken.body == "body \ufffd("
    assert unknown.title == "Unknown encoding"


def test_default_branch_and_forge(make_repo) -> None:
    repo = make_repo()
    repo.commit("one", files={"a": "1\n"})
    assert default_branch(repo.path) == "main"
    assert forge_web_url(repo.path) is None
    repo.branch("trunk")
    repo.set_origin("https://github.com/org/project.git", head="trunk")
    assert default_branch(repo.path) == "trunk"
    assert forge_web_url(repo.path) == "https://github.com/org/project"

    other = make_repo("legacy", branch="master")
    other.commit("one", files={"a": "1\n"}, branch="master")
    assert default_branch(other.path) == "master"
    odd = make_repo("odd", branch="develop")
    odd.commit("one", files={"a": "1\n"}, branch="develop")
    assert default_branch(odd.path) == "develop"  # neither main nor master: what HEAD names


def test_branch_option_and_last_active_window(make_repo, state: Path) -> None:
    repo = make_repo()
    repo.commit("one", files={"a": "1\n"}, when=at(1))
    repo.branch("release")
    release = repo.commit(
        "release only", branch="release", files={"a": "2\n"}, when=at(2, day=NEXT)
    )
    assert [
        c.sha
        for c in landed_changes(
            repo.path, NEXT, NEXT + timedelta(days=1), "release", state_dir=state
        )
    ] == [release]
    assert landed_changes(repo.path, NEXT, NEXT + timedelta(days=1), state_dir=state) == []
    window = last_active_window(repo.path, tz="America/Los_Angeles")
    assert window.since == datetime(2025, 3, 25, 0, 0, tzinfo=timezone(timedelta(hours=-7)))
    assert last_active_window(repo.path, "release").since == NEXT


def test_naive_datetimes_are_utc(make_repo, state: Path) -> None:
    repo = make_repo()
    sha = repo.commit("one", files={"a": "1\n"}, when=at(1))
    assert [
        c.sha
        for c in landed_changes(
            repo.path, datetime(2025, 3, 26), datetime(2025, 3, 27), state_dir=state
        )
    ] == [sha]


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ("missing", "no such file or directory"),
        ("plain-dir", "not a git repository"),
        ("empty", "has no commits yet"),
        ("branch", "unknown branch 'nope'"),
        ("window", "must be before until"),
    ],
)
def test_bad_input_is_one_clear_user_error(
    make_repo, tmp_path: Path, setup: str, message: str
) -> None:
    path: Path = tmp_path / "nowhere"
    branch, since, until = None, DAY, NEXT
    if setup == "plain-dir":
        path = tmp_path / "plain"
        path.mkdir()
    elif setup == "empty":
        path = make_repo("empty").path
    elif setup in ("branch", "window"):
        repo = make_repo()
        repo.commit("one", files={"a": "1\n"})
        path = repo.path
        branch = "nope" if setup == "branch" else None
        since, until = (NEXT, DAY) if setup == "window" else (since, until)
    with pytest.raises(UserError, match=message) as caught:
        landed_changes(path, since, until, branch, state_dir=tmp_path / "state")
    assert "\n" not in str(caught.value)


def test_shallow_clone_yields_what_exists_with_a_warning(make_repo, tmp_path: Path, caplog) -> None:
    repo = make_repo()
    shas = [
        repo.commit(f"change {i}", files={"a": f"{i}\n" * (i + 1)}, when=at(i + 1))
        for i in range(5)
    ]
    clone = repo.clone(tmp_path / "shallow", depth=2)
    with caplog.at_level(logging.WARNING, logger="commitcast.ingest"):
        changes = landed_changes(clone, DAY, NEXT, state_dir=tmp_path / "state")
    assert [c.sha for c in changes] == shas[-2:]
    assert changes[0].files == [] and changes[1].files == [FileChange("a", "M", None, 5, 4)]
    assert any("shallow" in record.getMessage() for record in caplog.records)
    # A window wholly inside the fetched history needs no warning.
    landed = read_landed(clone, at(5), NEXT, state_dir=tmp_path / "state")
    assert [c.sha for c in landed.changes] == shas[-1:] and landed.warnings == []


def test_accepts_a_subdirectory_and_a_bare_repository(make_repo, tmp_path: Path) -> None:
    repo = make_repo()
    sha = repo.commit("one", files={"a": "1\n"}, when=at(1))
    sub = repo.path / "sub"
    sub.mkdir()
    assert [c.sha for c in landed_changes(sub, DAY, NEXT, state_dir=tmp_path / "s1")] == [sha]
    bare = make_repo("bare.git", bare=True)
    sha = bare.commit("one", files={"a": "1\n"}, when=at(1))
    assert [c.sha for c in landed_changes(os.fspath(bare.path), DAY, NEXT)] == [sha]
    assert (bare.path / ".commitcast" / "catalogue.sqlite").exists()


def test_the_pygit2_fallback_agrees_with_git(make_repo, tmp_path: Path, monkeypatch) -> None:
    repo = make_repo()
    repo.commit(
        "one", files={"keep.py": "".join(f"line {i}\n" for i in range(20)), "x": "1\n"}, when=at(1)
    )
    repo.commit(
        "two", files={"x": "1\n2\n", "bin": b"\x00\x01", "gone": None, "run.sh": ("echo\n", 0o100755)},
        renames={"keep.py": "src/keep.py"}, when=at(2),
    )  # fmt: skip
    repo.branch("side", at=repo.commits[0])
    repo.commit("side", branch="side", files={"side.py": "s\n"}, when=at(3))
    repo.merge("side", "Merge pull request #3 from ada/side\n\nSide work", when=at(4))
    with_git = landed_changes(repo.path, DAY, NEXT, state_dir=tmp_path / "a")
    monkeypatch.setattr("commitcast.ingest.landed.git_available", lambda: False)
    without_git = landed_changes(repo.path, DAY, NEXT, state_dir=tmp_path / "b")
    assert [c.to_json() for c in without_git] == [c.to_json() for c in with_git]
    assert {f.status for c in with_git for f in c.files} == {"A", "M", "R"}


def test_a_window_from_the_dawn_of_time(make_repo, state: Path) -> None:
    repo = make_repo()
    shas = [repo.commit(f"c{i}", files={"a": f"{i}\n"}, when=at(i)) for i in range(3)]
    everything = landed_changes(
        repo.path,
        datetime.min.replace(tzinfo=UTC),
        datetime.max.replace(tzinfo=UTC),
        state_dir=state,
    )
    assert [c.sha for c in everything] == shas


def test_recent_active_days(make_repo) -> None:
    repo = make_repo()
    for day, hour in ((20, 9), (20, 10), (22, 23), (25, 1), (26, 8)):
        repo.commit(
            f"on the {day}th",
            files={"a": f"{day}{hour}\n"},
            when=datetime(2025, 3, day, hour, tzinfo=UTC),
        )
    assert recent_active_days(repo.path, 3) == [
        date(2025, 3, 22),
        date(2025, 3, 25),
        date(2025, 3, 26),
    ]
    # in Los Angeles the 22nd's 23:00 UTC is the 22nd, the 25th's 01:00 UTC is still the 24th
    assert recent_active_days(repo.path, 2, tz="America/Los_Angeles") == [
        date(2025, 3, 24),
        date(2025, 3, 26),
    ]
    assert recent_active_days(repo.path, 10) == [date(2025, 3, d) for d in (20, 22, 25, 26)]
    assert recent_active_days(repo.path, 0) == []
