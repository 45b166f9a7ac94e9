"""Git's landed changes joined with GitHub's PRs, on a real git repository and a loopback GitHub."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from commitcast.ingest.github import (
    EnrichedDay,
    enrich,
    fetch_activity,
    reviewers_to_thank,
    spotlight,
    stack_next_items,
    unlanded_wins,
)
from commitcast.model import Change, Revert, Window

FakeGitHub = Any  # served by conftest.py
WINDOW = Window(since=datetime(2026, 9, 18, tzinfo=UTC), until=datetime(2026, 9, 19, tzinfo=UTC))
BOT = "PyTorch MergeBot"


def stack_body(top: int) -> str:
    lines = [f"* {'__->__ ' if n == top else ''}#{n}" for n in (204, 203, 202, 201)]
    return "Stack from [ghstack](https://github.com/ezyang/ghstack) (oldest at bottom):\n" + "\n".join(lines) + "\n\nCache layers."


def landed_by_bot(title: str, number: int, approver: str) -> str:
    return (
        f"{title} (#{number})\n\nSee the PR for details.\n\n"
        f"Pull Request resolved: https://github.com/acme/widgets/pull/{number}\n"
        f"Approved by: https://github.com/{approver}\n"
    )


@pytest.fixture
def day(git_repo, fake_github: FakeGitHub, read_landed, tmp_path: Path) -> dict[str, Any]:
    """A day of landed commits and the PRs around them; returns shas, changes, activity."""
    repo = git_repo
    repo.commit("Initial import", "2026-09-17 10:00")
    sha = {
        "bot": repo.commit(landed_by_bot("Fix silent wrong result in widget sums", 101, "bob"), "2026-09-18 09:00", committer=BOT),
        "s1": repo.commit(landed_by_bot("Cache layer one", 201, "bob"), "2026-09-18 10:00", author="Carol Coder", committer=BOT),
        "s2": repo.commit(landed_by_bot("Cache layer two", 202, "bob"), "2026-09-18 11:00", author="Carol Coder", committer=BOT),
        "squash": repo.commit("Make tokenizer faster (#301)\n\nVectorise the inner loop.", "2026-09-18 12:00", author="Bob Builder"),
        "rebased": repo.commit("Add retry to the downloader", "2026-09-18 13:00", author="Dave D"),
        "direct": repo.commit("Update README", "2026-09-18 14:00"),
    }
    fake = fake_github
    for login, name in [("alice", "Alice Example"), ("bob", "Bob Builder"), ("carol", "Carol Coder"), ("dave", "Dave D")]:
        fake.add_user(login, name)
    # Landed through the merge bot: GitHub shows it closed, not merged.
    fake.add_pr(101, "Fix silent wrong result in widget sums", created="2026-09-17 08:00", closed="2026-09-18 09:01", labels=("Merged", "module: sums"))
    fake.add_review(101, "bob", "APPROVED", "2026-09-18 08:30")
    fake.add_review(101, "dave", "COMMENTED", "2026-09-18 08:40")
    # A ghstack stack of four: the bottom two landed, two are still in review.
    for n, closed in [(201, "2026-09-18 10:01"), (202, "2026-09-18 11:01"), (203, None), (204, None)]:
        fake.add_pr(
            n, f"Cache layer {n - 200}", user="carol", created="2026-09-17 09:00", updated="2026-09-18 11:05",
            closed=closed, labels=("Merged",) if closed else (), head=f"gh/carol/{n - 200}/head", body=stack_body(n),
        )
        fake.add_review(n, "bob", "APPROVED", "2026-09-18 09:30")
    # Squash-merged; its title was edited on GitHub afterwards.
    fake.add_pr(301, "Speed up the tokenizer 2x", user="bob", created="2026-09-18 07:00", merged="2026-09-18 12:00",
                merge_commit_sha=sha["squash"], labels=("perf",))
    fake.add_review(301, "alice", "APPROVED", "2026-09-18 11:00")
    for minute in range(10, 50, 10):
        fake.add_comment(301, "carol", f"2026-09-18 11:{minute}")
    # Landed by a bot that rebased it: a new sha and no PR reference, only the title.
    fake.add_pr(401, "Add retry to the downloader.", user="dave", created="2026-09-18 06:00", merged="2026-09-18 13:00")
    fake.add_pr(501, "Fuse the attention kernels", user="dave", created="2026-09-18 08:00",
                body="Measured a 1.8x speedup on H100 for the prefill. Memory is unchanged.")
    fake.add_pr(601, "Try a new allocator", user="alice", created="2026-09-16 08:00", closed="2026-09-18 15:00")
    # Same title as the direct push, but still open: a title alone must not tie them.
    fake.add_pr(801, "Update README", user="alice", created="2026-09-18 07:00")
    fake.add_pr(701, "Backport the sums fix", user="alice", created="2026-09-18 09:30", merged="2026-09-18 16:00", base="release/2.0")

    changes = read_landed(repo.path, WINDOW.since, WINDOW.until)
    numbers = {c.pr.number for c in changes if c.pr}
    activity = fetch_activity(
        "acme/widgets", WINDOW, state_dir=tmp_path / "state", api_url=fake.url, token=fake.token, numbers=numbers
    )
    assert activity is not None
    return {"sha": sha, "changes": changes, "activity": activity, "state": tmp_path / "state"}


def test_every_landed_pr_is_matched_once(day: dict[str, Any]) -> None:
    sha = day["sha"]
    result = enrich(day["changes"], day["activity"])
    assert result.github_used
    how = {m.sha: (m.pr, m.how) for m in result.matches}
    assert how == {
        sha["bot"]: (101, "number"),
        sha["s1"]: (201, "number"),
        sha["s2"]: (202, "number"),
        sha["squash"]: (301, "sha"),
        sha["rebased"]: (401, "title"),
    }
    assert [p.number for p in result.landed] == [101, 201, 202, 301, 401]
    # Git stays the truth: same changes, same order, same titles and stats.
    assert [c.sha for c in result.changes] == [c.sha for c in day["changes"]]
    assert [(c.title, c.added, c.deleted) for c in result.changes] == [(c.title, c.added, c.deleted) for c in day["changes"]]


def test_merge_bot_landing_counts_as_landed(day: dict[str, Any]) -> None:
    result = enrich(day["changes"], day["activity"])
    change = next(c for c in result.changes if c.sha == day["sha"]["bot"])
    assert change.labels == ["Merged", "module: sums"]
    assert change.reviewers == ["Bob Builder", "Dave D"]  # approver first
    assert 101 not in {p.number for p in result.closed_unlanded + result.in_flight + result.merged_elsewhere}
    pr = result.pr_for(change.sha)
    assert pr is not None and pr.number == 101


def test_half_landed_ghstack_stack(day: dict[str, Any]) -> None:
    result = enrich(day["changes"], day["activity"])
    [stack] = result.stacks
    assert stack.prs == [201, 202, 203, 204]
    assert (stack.landed, stack.in_review, stack.closed) == ([201, 202], [203, 204], [])
    assert stack.author_name == "Carol Coder" and stack.landed_sha == day["sha"]["s2"]
    bottom = next(c for c in result.changes if c.sha == day["sha"]["s1"])
    assert bottom.stack is not None and 201 in bottom.stack.prs
    [item] = stack_next_items(result)
    assert item.text == "2 more PRs in the same stack from Carol Coder are still in review, after 2 landed."
    assert (item.pr, item.sha, item.url) == (203, day["sha"]["s2"], "https://github.com/acme/widgets/pull/203")


def test_squash_with_edited_title_keeps_git_title(day: dict[str, Any]) -> None:
    result = enrich(day["changes"], day["activity"])
    change = next(c for c in result.changes if c.sha == day["sha"]["squash"])
    original = next(c for c in day["changes"] if c.sha == change.sha)
    assert change.title == original.title and change.title.startswith("Make tokenizer faster")
    assert change.labels == ["perf"] and change.reviewers == ["Alice Example"]
    pr = result.pr_for(change.sha)
    assert pr is not None and pr.title == "Speed up the tokenizer 2x"


def test_what_did_not_land(day: dict[str, Any]) -> None:
    result = enrich(day["changes"], day["activity"])
    assert [p.number for p in result.in_flight] == [203, 204, 501, 801]
    assert [p.number for p in result.closed_unlanded] == [601]
    assert [p.number for p in result.merged_elsewhere] == [701]
    direct = next(c for c in result.changes if c.sha == day["sha"]["direct"])
    assert direct == next(c for c in day["changes"] if c.sha == day["sha"]["direct"])
    assert result.people["dave"] == "Dave D"


def test_newsroom_items(day: dict[str, Any]) -> None:
    result = enrich(day["changes"], day["activity"])
    [win] = unlanded_wins(result)
    assert win.text == 'Not landed yet: PR 501, "Fuse the attention kernels" by Dave D, is still in review and reports 1.8x speedup on H100 for the prefill.'
    assert win.pr == 501 and win.url is not None and win.url.endswith("/pull/501")
    thanks = reviewers_to_thank(result)
    assert thanks[day["sha"]["squash"]] == ["Alice Example"]
    assert day["sha"]["direct"] not in thanks
    pick = spotlight(result)
    assert pick is not None and pick.pr == 301  # most discussion: 4 comments and an approval
    assert pick.reasons[:2] == ["1 reviewer", "4 comments"] and pick.author == "Bob Builder"


def test_earlier_changes_are_not_reported_as_unlanded(day: dict[str, Any]) -> None:
    early = replace(day["changes"][0], sha="f" * 40, pr=replace(day["changes"][0].pr, number=601))
    result = enrich(day["changes"], day["activity"], earlier=[early])
    assert result.closed_unlanded == []


def test_never_counted_twice(day: dict[str, Any]) -> None:
    changes: list[Change] = day["changes"]
    bot = next(c for c in changes if c.sha == day["sha"]["bot"])
    assert bot.pr is not None
    twin = replace(bot, sha="e" * 40)
    revert = replace(bot, sha="d" * 40, title='Revert "Make tokenizer faster (#301)"', pr=replace(bot.pr, number=301), revert=Revert(pr=301))
    result = enrich([*changes, twin, revert], day["activity"])
    numbers = [m.pr for m in result.matches]
    assert len(numbers) == len(set(numbers)) == 5
    assert {m.sha for m in result.matches}.isdisjoint({twin.sha, revert.sha})


def test_git_only_fallback(day: dict[str, Any], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    monkeypatch.delenv("GH_TOKEN", raising=False)
    with caplog.at_level(logging.INFO, logger="commitcast.github"):
        activity = fetch_activity("acme/widgets", WINDOW, state_dir=day["state"])
    result = enrich(day["changes"], activity)
    assert result == EnrichedDay(changes=day["changes"])
    assert not result.github_used and len(caplog.records) == 1
    assert stack_next_items(result) == [] and unlanded_wins(result) == [] and spotlight(result) is None
    assert reviewers_to_thank(result) == {}


def test_enriched_day_round_trips(day: dict[str, Any]) -> None:
    result = enrich(day["changes"], day["activity"])
    assert EnrichedDay.from_json(result.to_json()) == result


def test_token_never_leaks(day: dict[str, Any], fake_github: FakeGitHub, caplog: pytest.LogCaptureFixture) -> None:
    token = fake_github.token
    with caplog.at_level(logging.DEBUG):
        activity = fetch_activity(
            "acme/widgets", WINDOW, state_dir=day["state"], api_url=fake_github.url, token=token, numbers={101}
        )
        assert activity is not None
        # An error answer that echoes the token back must not carry it into the log line.
        fake_github.fail("/repos/acme/widgets/pulls", ("status", 422, {}, {"message": f"bad request from {token}"}))
        assert fetch_activity("acme/widgets", WINDOW, state_dir=day["state"], api_url=fake_github.url, token=token) is None
    result = enrich(day["changes"], activity)
    pick = spotlight(result)
    assert pick is not None
    outputs = [
        caplog.text,
        activity.to_json().decode(),
        result.to_json().decode(),
        *(item.to_json().decode() for item in stack_next_items(result) + unlanded_wins(result)),
        pick.to_json().decode(),
    ]
    outputs += [f.read_text() for f in day["state"].rglob("*") if f.is_file()]
    assert len(outputs) > 20 and "bad request from ***" in caplog.text
    assert not [text for text in outputs if token in text]


@pytest.mark.tts
def test_a_show_run_with_a_token_tells_the_forge_spotlight(day, fake_github, tmp_path: Path, monkeypatch) -> None:
    """The whole runner against the loopback GitHub: the day's most-discussed PR gets its segment."""
    import subprocess
    from datetime import date

    from commitcast.config import Config, ShowConfig
    from commitcast.model import Show
    from commitcast.runner import ShowRunner
    from commitcast.store import Catalogue

    token = fake_github.token
    repo = tmp_path / "repo"
    subprocess.run(["git", "-C", str(repo), "remote", "add", "origin", "https://github.com/acme/widgets.git"], check=True)
    monkeypatch.setenv("GITHUB_TOKEN", token)
    show = ShowConfig(show=Show(name="Widgets", slug="widgets", repo=str(repo)), site_dir=str(tmp_path / "site"))
    config = Config(path="(test)", state_dir=str(tmp_path / "state"), shows=[show])
    report = ShowRunner(config, show, github_api_url=fake_github.url).run([date(2026, 9, 18)], recap_weeks=[])
    assert report.ok and report.made == ["2026-09-18"], report.failed
    with Catalogue.open(tmp_path / "state" / "catalogue.sqlite") as catalogue:
        (episode,) = catalogue.episodes("widgets")
    section = next(s for s in episode.script.sections if s.kind == "spotlight")
    said = " ".join(s.text for s in section.sentences)
    assert "PR 301" in said and "Bob Builder" in said and "Alice Example" in said and "four comments" in said
    assert section.url == "https://github.com/acme/widgets/pull/301"
    page = (tmp_path / "site" / "episodes" / "2026-09-18" / "index.html").read_text(encoding="utf-8")
    assert "Pull request spotlight" in page and "reviewed by Alice Example · 4 comments" in page
    assert 'href="https://github.com/acme/widgets/pull/301">PR #301</a> Speed up the tokenizer 2x' in page
    assert token not in page and token not in episode.to_json().decode()
