"""What landed in squash, merge, sync-merge and forward-merge workflows (docs/landed.md).

Each test builds the history of one workflow as a real repository and reads days back.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from commitcast.analyse import plan_episode
from commitcast.ingest import read_landed, recent_active_days
from commitcast.ingest.merges import is_long_lived, merge_role, parse_merge_subject
from commitcast.model import Show
from commitcast.window import day_window

SHOW = Show(name="Demo", slug="demo")


def _day(repo, day: str):
    window = day_window(date.fromisoformat(day), "UTC")
    landed = read_landed(repo.path, window.since, window.until, "main", state_dir=repo.path.parent / "state")
    return landed, window


@pytest.mark.parametrize(
    ("subject", "branch", "role"),
    [
        ("Merge pull request #12300 from sbidoul/packaging-upgrade", "main", "pr"),
        ("Merge pull request #14229 from pypa/release/26.2.1", "main", "pr"),
        ("chore: Merge branch 'main' into minor", "main", "sync"),
        ("Merge branch 'master' of github.com:pypa/pip", "master", "sync"),
        ("Merge remote-tracking branch 'origin/main'", "main", "sync"),
        ("Merge branch '1.0-maintenance'", "main", "forward"),
        ("Merge branch 'stable'", "main", "forward"),
        ("Merge branch 'release/24.1' into main", "main", "forward"),
        ("Merge tag 'v6.1' of git://example.org/linux", "main", "forward"),
        ("Merge branch 'fix-typo'", "main", "topic"),
        ("Merge branch 'ada/new-parser' into main", "main", "topic"),
        ("Automated merge with ssh://example.org/pip", "main", "topic"),
        ("merge from develop", "main", "forward"),  # a pattern without a target (pip, 2009)
        ("Merged with master", "master", "sync"),
        # a merge bot's PR (rust-clippy before its merge queue)
        ("Auto merge of #13048 - Jarcho:disallowed_methods, r=blyxyas", "master", "pr"),
        # a subtree's sync with its upstream: the compiler's commits came over
        ("Rustup (#17591)", "master", "forward"),
        ("Auto merge of #5712 - flip1995:rustup, r=flip1995", "master", "forward"),
        # a maintainer pulling custodians' trees (u-boot): each patch is a change of its own
        ("Merge tag 'u-boot-dfu-20260616' of https://source.denx.de/u-boot/custodians/u-boot-dfu", "master", "pull"),
        ("Merge branch 'master' of https://source.denx.de/u-boot/custodians/u-boot-sh", "master", "pull"),
        ("Merge https://source.denx.de/u-boot/custodians/u-boot-marvell", "master", "pull"),
        # … but a pull of the repository itself is a sync, and a release tag of another tree comes over
        ("Merge branch 'master' of https://source.denx.de/u-boot/u-boot", "master", "sync"),
        ("Merge tag 'v6.1' of https://git.kernel.org/torvalds/linux", "master", "forward"),
        ('Merge patch series "fs: btrfs: report file sizes from readdir"', "master", "topic"),
    ],
)
def test_merge_roles_from_their_subjects(subject: str, branch: str, role: str) -> None:
    assert merge_role(parse_merge_subject(subject), branch, timedelta(0), "u-boot") == role


def test_a_first_parent_far_older_than_the_other_makes_a_sync() -> None:
    subject = parse_merge_subject("Merge branch 'fix-typo'")
    assert merge_role(subject, "main", timedelta(days=700)) == "sync"
    assert merge_role(subject, "main", timedelta(days=2)) == "topic"


@pytest.mark.parametrize("name", ["main", "1.0-maintenance", "stable", "release/24.1", "v2.x", "3.4", "origin/develop"])
def test_long_lived_branch_names(name: str) -> None:
    assert is_long_lived(name)


@pytest.mark.parametrize("name", ["fix-typo", "sbidoul/packaging-upgrade", "feature/parser", "patch-1"])
def test_topic_branch_names(name: str) -> None:
    assert not is_long_lived(name)


def test_a_merged_pull_request_is_one_change_credited_to_its_authors(make_repo) -> None:
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-05-01T09:00:00Z")
    repo.branch("feature")
    bob = "Bob Builder <bob@example.com>"
    repo.commit("Parse the config", branch="feature", files={"src/p.py": "1\n"}, author=bob, when="2024-05-02T09:00:00Z")
    repo.commit(
        "Test the parser\n\nCo-authored-by: Cy Young <cy@example.com>",
        branch="feature", files={"tests/t.py": "1\n"}, author=bob, when="2024-05-03T09:00:00Z",
    )
    repo.merge("feature", "Merge pull request #5 from bob/feature\n\nA config parser", when="2024-05-04T12:00:00Z")
    landed, window = _day(repo, "2024-05-04")
    (change,) = landed.changes
    assert change.title == "A config parser" and change.pr is not None and change.pr.number == 5
    assert change.merge_kind == "pr" and change.merged_count == change.commits == 2
    assert [m.title for m in change.merged] == ["Parse the config", "Test the parser"]
    assert [p.name for p in change.authors] == ["Bob Builder", "Cy Young"]
    plan = plan_episode(landed.changes, SHOW, window)
    assert plan.counts["changes"] == 1 and plan.counts["merged_prs"] == 1
    # the day's work is "from" its author: a co-author of one commit helped (pip 2024-04-20)
    assert plan.counts["commits"] == 2 and plan.counts["authors"] == 1


def test_a_sync_merge_hides_nothing_of_the_branch(make_repo) -> None:
    """vue's pattern: main is merged into a long-lived branch, which later becomes main."""
    repo = make_repo()
    start = repo.commit("Start", files={"a.txt": "1\n"}, when="2024-03-01T09:00:00Z")
    repo.branch("minor", at=start)
    repo.commit("feat: the next minor", branch="minor", files={"m.txt": "1\n"}, when="2024-03-07T09:00:00Z")
    first = repo.commit("fix: one (#10)", files={"b.txt": "1\n"}, when="2024-04-15T09:00:00Z")
    second = repo.commit("fix: two (#11)", files={"c.txt": "1\n" * 50}, when="2024-04-15T10:00:00Z")
    sync = repo.merge("main", "chore: Merge branch 'main' into minor", into="minor", when="2024-04-16T01:00:00Z")
    repo.force("main", sync)  # minor became main

    landed, window = _day(repo, "2024-04-15")
    assert [c.sha for c in landed.changes] == [first, second]
    landed, window = _day(repo, "2024-04-16")
    (merge,) = landed.changes
    assert merge.merge_kind == "sync"
    plan = plan_episode(landed.changes, SHOW, window)
    assert plan.counts["changes"] == 0 and plan.stories == [] and plan.quick_hits == []
    assert date(2024, 4, 15) in recent_active_days(repo.path, 3)


def test_a_first_parent_jumping_years_back_does_not_hide_the_day(make_repo) -> None:
    """Someone merged main into a years-old branch and pushed that as main."""
    repo = make_repo()
    start = repo.commit("Start", files={"a.txt": "1\n"}, when="2022-01-01T09:00:00Z")
    repo.branch("wip", at=start)
    repo.commit("Old experiment", branch="wip", files={"old.txt": "x\n" * 5000}, when="2022-02-01T09:00:00Z")
    repo.commit("More of it", branch="wip", files={"old2.txt": "y\n" * 5000}, when="2022-02-02T09:00:00Z")
    today = [
        repo.commit(f"Fix number {n}", files={f"f{n}.txt": "1\n"}, when=f"2024-05-04T0{n}:00:00Z")
        for n in range(1, 4)
    ]
    merge = repo.merge("main", "Merge remote-tracking branch 'origin/wip-sync'", into="wip", when="2024-05-04T18:00:00Z")
    repo.force("main", merge)

    landed, window = _day(repo, "2024-05-04")
    assert [c.sha for c in landed.changes if c.merge_kind != "sync"] == today
    assert next(c for c in landed.changes if c.sha == merge).merge_kind == "sync"
    plan = plan_episode(landed.changes, SHOW, window)
    assert plan.counts["changes"] == 3 and plan.counts["lines_added"] == 3  # not the old branch's 10,000


def test_a_forward_merge_is_carried_work_never_a_story(make_repo) -> None:
    repo = make_repo()
    start = repo.commit("Start", files={"a.txt": "1\n"}, when="2024-06-01T09:00:00Z")
    repo.branch("1.0-maintenance", at=start)
    for n in range(4):
        repo.commit(
            f"Fix crash number {n} in the loader", branch="1.0-maintenance",
            files={f"fix{n}.py": "1\n"}, when=f"2024-06-0{2 + n}T09:00:00Z",
        )
    repo.commit("Add the exporter", files={"src/export.py": "1\n" * 40}, when="2024-06-08T08:00:00Z")
    repo.merge("1.0-maintenance", "Merge branch '1.0-maintenance'", when="2024-06-08T12:00:00Z")
    landed, window = _day(repo, "2024-06-08")
    assert [c.merge_kind for c in landed.changes] == [None, "forward"]
    plan = plan_episode(landed.changes, SHOW, window)
    (carried,) = plan.carried
    assert carried.source == "1.0-maintenance" and carried.changes == 4 and carried.kinds == {"fix": 4}
    assert plan.counts["changes"] == 1 and plan.counts["commits"] == 5 and plan.counts["carried"] == 4
    told = [r.title for s in plan.stories for r in s.changes] + [r.title for r in plan.quick_hits]
    assert told == ["Add the exporter"]


def test_a_topic_merge_of_one_commit_takes_its_title(make_repo) -> None:
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-07-01T09:00:00Z")
    repo.branch("fix-typo")
    repo.commit("Fix a typo in the guide", branch="fix-typo", files={"docs/g.md": "x\n"}, when="2024-07-02T09:00:00Z")
    repo.merge("fix-typo", "Merge branch 'fix-typo'", when="2024-07-02T10:00:00Z")
    landed, _ = _day(repo, "2024-07-02")
    merge = landed.changes[-1]
    assert merge.merge_kind == "topic" and merge.title == "Fix a typo in the guide"
    assert merge.merge_source == "fix-typo"


def test_mailmap_names_people_as_the_repository_says(make_repo) -> None:
    repo = make_repo()
    repo.commit(
        "Start", files={".mailmap": "Ada Lovelace <ada@example.com> <ada@old.example>\n"},
        when="2024-08-01T09:00:00Z",
    )
    repo.commit("Old address", files={"x.txt": "1\n"}, author="ada <ada@old.example>", when="2024-08-01T10:00:00Z")
    landed, _ = _day(repo, "2024-08-01")
    assert [c.authors[0].name for c in landed.changes] == ["Ada Lovelace", "Ada Lovelace"]


def test_a_replayed_history_links_to_the_forges_commits(make_repo) -> None:
    """A mirror or replay may note each commit's forge sha (refs/notes/commitcast): links use it."""
    import pygit2

    repo = make_repo()
    mine = repo.commit("Tidy the loader", files={"a.txt": "1\n"}, when="2024-09-01T09:00:00Z")
    real = "ab" * 20
    signature = pygit2.Signature("Notes", "notes@example.invalid", 1725181200, 0)
    repo.repo.create_note(f"forge-sha {real}\n", signature, signature, mine, "refs/notes/commitcast")
    landed, window = _day(repo, "2024-09-01")
    (change,) = landed.changes
    assert change.sha == mine and change.forge_sha == real
    plan = plan_episode(landed.changes, Show(name="Demo", slug="demo", web_url="https://github.com/o/r"), window)
    (ref,) = [r for s in plan.stories for r in s.changes] + plan.quick_hits
    assert ref.url == f"https://github.com/o/r/commit/{real}"


def test_a_merge_without_a_title_is_named_by_its_branch_or_its_commit(make_repo) -> None:
    """537 of pip's merged PRs have no body: never read out "Merge pull request #N from …"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-07-01T09:00:00Z")
    pulls = [  # (branch, its commits, the merge subject GitHub wrote)
        # the issue number ending a branch name is a link, not a word (pip #8626 was "… crash 8625")
        ("eagerly-calculate-strings-and-hashes", ["Cache the hash", "Add news"],
         "Merge pull request #12657 from someone/eagerly-calculate-strings-and-hashes-12650"),
        ("ci-docs", ["Reword", "Add news"], "Merge pull request #9648 from someone/9063-update-ci-documentation"),
        ("patch-1", ["Fix the resolver loop", "Add news"], "Merge pull request #12660 from someone/patch-1"),
        ("resolvelib-070", ["Update vendored resolvelib to 0.7.0", "Update factory implementation"],
         "Merge pull request #9802 from someone/resolvelib-070"),
        ("no-branch-named", ["Drop the legacy resolver"], "Merge pull request #8896"),
        # pip #10990: the branch's nickname said "fix", its commit a new option
        ("fix-root-warning", ["Allow to disable warning for root user package management", "Reword the changelog entry"],
         "Merge pull request #10990 from someone/fix-root-warning"),
    ]
    for hour, (branch, commits, subject) in enumerate(pulls, start=9):
        repo.branch(branch)
        for minute, title in enumerate(commits):
            repo.commit(title, branch=branch, files={f"{branch}-{minute}.py": "1\n"}, when=f"2024-07-02T{hour:02}:{minute:02}:00Z")
        repo.merge(branch, subject, when=f"2024-07-02T{hour:02}:30:00Z")
    landed, _ = _day(repo, "2024-07-02")
    titles = [c.title for c in landed.changes if c.is_merge]
    assert titles == [
        "Eagerly calculate strings and hashes", "Update ci documentation", "Fix the resolver loop", "Update vendored resolvelib to 0.7.0",
        "Drop the legacy resolver", "Allow to disable warning for root user package management",
    ]


def test_a_title_github_cut_short_is_read_whole(make_repo) -> None:
    """GitHub cuts a long title at "…" (pip's #7943 read "… importing fr…"): the whole title is
    its commit's subject, or the cut title joined to the "…rest" its body opens with."""
    long = "Remove the proxy module tests/lib/scripttest.py in favour of importing from tests.lib directly"
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-07-01T09:00:00Z")
    repo.branch("remove-scripttest")
    repo.commit(long, branch="remove-scripttest", files={"t.py": "1\n"}, when="2024-07-02T09:00:00Z")
    repo.commit("Sort imports", branch="remove-scripttest", files={"u.py": "1\n"}, when="2024-07-02T09:10:00Z")
    repo.merge(
        "remove-scripttest",
        f"Merge pull request #7943 from someone/remove-scripttest\n\n{long[:70]}…",
        when="2024-07-02T10:00:00Z",
    )
    repo.commit(f"{long[:70]}… (#7944)\n\n…{long[70:]}\n\nMore words.", files={"v.py": "1\n"}, when="2024-07-02T11:00:00Z")
    repo.branch("other")
    repo.commit("Start over", branch="other", files={"w.py": "1\n"}, when="2024-07-02T11:30:00Z")
    repo.merge("other", f"Merge pull request #7945 from someone/other\n\n{long[:70]}…\n…{long[70:]}", when="2024-07-02T12:00:00Z")
    landed, _ = _day(repo, "2024-07-02")
    merge, squash, joined = landed.changes[-3:]
    assert merge.title == long
    assert squash.title == long and squash.pr is not None and squash.pr.number == 7944
    assert joined.title == long and not joined.body.startswith("…")


def test_a_merge_bots_pull_request_is_named_by_its_body_and_credits_its_authors(make_repo) -> None:
    """rust-clippy's bors: "Auto merge of #N - user:branch, r=reviewer", the PR title in the body."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-07-01T09:00:00Z")
    repo.branch("disallowed")
    repo.commit("Misc refactorings", branch="disallowed", files={"src/l.rs": "1\n"}, author="Jason Newcomb <j@example.com>",
                when="2024-07-06T09:00:00Z")
    repo.merge("disallowed", "Auto merge of #13048 - Jarcho:disallowed_methods, r=blyxyas\n\nMisc refactorings part 3\n\n"
               "Checking the HIR tree first.\n\nchangelog: none", author="bors <bors@example.com>", when="2024-07-07T14:28:00Z")
    landed, _ = _day(repo, "2024-07-07")
    (change,) = landed.changes
    assert change.title == "Misc refactorings part 3" and change.pr is not None and change.pr.number == 13048
    assert change.merge_kind == "pr" and change.reviewers == ["blyxyas"]
    assert [p.name for p in change.authors] == ["Jason Newcomb"]
    assert "changelog" not in change.body


def test_a_closing_trailer_names_the_pull_request_of_a_rebased_change(make_repo) -> None:
    """curl rebases every PR onto master and names it in a last "Closes #N" line."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-07-01T09:00:00Z")
    repo.commit("lib: fix the connection reuse check\n\nA reused connection skipped the check.\n\n"
                "Reported-by: Ann Example\nCloses #22637", files={"lib/c.c": "1\n"}, when="2024-07-02T09:00:00Z")
    landed, _ = _day(repo, "2024-07-02")
    (change,) = landed.changes
    assert change.pr is not None and change.pr.number == 22637
    assert change.trailers["Reported-by"] == ["Ann Example"] and "Closes" not in change.body


def test_a_pull_of_a_custodians_tree_lands_each_patch_as_a_change(make_repo) -> None:
    """u-boot: Tom Rini merges a custodian's tag; its patches are the day's work, each its own change,
    landing with the merge (they were committed days before, in the custodian's tree)."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-10-01T09:00:00Z")
    repo.branch("dfu")
    patches = [
        ("android_ab: fix slot selection", "Colin McAllister <c@example.com>"),
        ("fastboot: Fix blk_dwrite error checking", "Francois Berder <f@example.com>"),
    ]
    shas = [
        repo.commit(title, branch="dfu", files={f"p{n}.c": "1\n"}, author=who, when=f"2024-10-2{n}T09:00:00Z")
        for n, (title, who) in enumerate(patches, start=1)
    ]
    repo.commit("Fix the build", files={"b.c": "1\n"}, when="2024-10-29T10:00:00Z")
    merge = repo.merge(
        "dfu", "Merge tag 'u-boot-dfu-20241029' of https://source.denx.de/u-boot/custodians/u-boot-dfu\n\n"
        "u-boot-dfu-20241029\n\nAndroid:\n* Fix A/B slot selection\n", author="Tom Rini <t@example.com>",
        when="2024-10-29T16:05:00Z",
    )
    landed, window = _day(repo, "2024-10-29")
    pulled = [c for c in landed.changes if c.via == merge]
    assert [c.sha for c in pulled] == shas
    assert all(c.landed_at == landed.changes[-1].landed_at for c in pulled)
    assert [c.authors[0].name for c in pulled] == ["Colin McAllister", "Francois Berder"]
    assert landed.changes[-1].sha == merge and landed.changes[-1].merge_kind == "pull"
    assert not [c for c in _day(repo, "2024-10-21")[0].changes if c.sha in shas]  # not on the day they were committed
    plan = plan_episode(landed.changes, SHOW, window)
    assert plan.counts["changes"] == 3 and plan.counts["authors"] >= 2  # the two patches and the direct fix


def test_a_patch_series_merge_is_named_by_its_cover_letter(make_repo) -> None:
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-10-01T09:00:00Z")
    repo.branch("series")
    for n in range(3):
        repo.commit(f"fs: btrfs: step {n}", branch="series", files={f"s{n}.c": "1\n"}, author="Cole Munz <c@example.com>",
                    when=f"2024-10-02T0{n}:00:00Z")
    repo.merge("series", 'Merge patch series "fs: btrfs: report file sizes from readdir"\n\nCole Munz says:\n\nThe fix.',
               when="2024-10-02T12:00:00Z")
    landed, _ = _day(repo, "2024-10-02")
    merge = landed.changes[-1]
    assert merge.title == "fs: btrfs: report file sizes from readdir" and merge.merge_kind == "topic"
    assert merge.commits == 3


def test_a_snapshot_missing_a_blob_is_read_with_that_files_counts_unknown(make_repo) -> None:
    """A repository snapshot without some blobs: git log aborts ("unable to read"); the day is
    still read, the file whose contents are missing listed with unknown line counts."""
    import os

    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-05-01T09:00:00Z")
    big = repo.commit("Add the data", files={"data.json": "x\n" * 50, "b.txt": "2\n"}, when="2024-05-02T09:00:00Z")
    repo.commit("Tidy", files={"c.txt": "3\n"}, when="2024-05-02T10:00:00Z")
    blob = repo.repo[big].tree["data.json"].id
    loose = repo.repo.path + f"objects/{str(blob)[:2]}/{str(blob)[2:]}"
    os.chmod(loose, 0o644)
    os.remove(loose)
    landed, window = _day(repo, "2024-05-02")
    first, second = landed.changes
    by_path = {f.path: f for f in first.files}
    assert by_path["data.json"].added is None and by_path["b.txt"].added == 1
    assert second.title == "Tidy" and second.added == 1
    assert plan_episode(landed.changes, SHOW, window).counts["changes"] == 2


def test_closing_links_and_rebased_pull_requests_count_each_pull_request_once(make_repo) -> None:
    """curl 2020-04-29 and 2025-08-22: a PR rebased as two commits, each "Closes #5310", is one pull
    request; "Closes https://github.com/curl/curl/pull/18323" names one too."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-07-01T09:00:00Z")
    repo.commit("tests: look for curl.h in the source dir\n\nCloses #5310", files={"t1": "1\n"}, when="2024-07-02T09:00:00Z")
    repo.commit("tests: look in the build dir\n\nCloses #5310", files={"t2": "1\n"}, when="2024-07-02T09:01:00Z")
    repo.commit("lib: tidy the reuse check\n\nCloses https://github.com/curl/curl/pull/18323", files={"l": "1\n"},
                when="2024-07-02T09:02:00Z")
    repo.commit("lib: a direct fix", files={"d": "1\n"}, when="2024-07-02T09:03:00Z")
    landed, window = _day(repo, "2024-07-02")
    assert [c.pr.number if c.pr else None for c in landed.changes] == [5310, 5310, 18323, None]
    counts = plan_episode(landed.changes, SHOW, window).counts
    assert (counts["changes"], counts["prs"], counts["direct"]) == (4, 2, 1)


def test_a_one_person_rustup_pull_request_is_a_pull_request_not_a_sync(make_repo) -> None:
    """clippy 2020-03-30: "Auto merge of #5392 - matthiaskrgr:rustup_40" is one person's fix-up for the
    new nightly, an ordinary PR; a subtree sync brings in many people's commits and is carried."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2020-03-01T09:00:00Z")
    repo.branch("rustup_40")
    repo.commit("rustup rust-lang/rust#70081", branch="rustup_40", files={"r.rs": "1\n"},
                author="Matthias Krüger <m@example.com>", when="2020-03-30T08:00:00Z")
    fixup = repo.merge("rustup_40", "Auto merge of #5392 - matthiaskrgr:rustup_40, r=phansch\n\nrustup",
                       author="bors <bors@rust-lang.org>", when="2020-03-30T09:00:00Z")
    repo.branch("rustup", at=fixup)
    for n, who in enumerate(["Ann <ann@example.com>", "Bo <bo@example.com>", "Cy <cy@example.com>"]):
        repo.commit(f"upstream change {n}", branch="rustup", files={f"u{n}.rs": "1\n"}, author=who,
                    when=f"2020-03-30T1{n}:00:00Z")
    sync = repo.merge("rustup", "Auto merge of #5400 - flip1995:rustup, r=flip1995\n\nRustup",
                      author="bors <bors@rust-lang.org>", when="2020-03-30T15:00:00Z")
    landed, _ = _day(repo, "2020-03-30")
    kinds = {c.sha: c.merge_kind for c in landed.changes}
    assert kinds[fixup] == "pr" and kinds[sync] == "forward"


def test_a_merged_rustup_sync_is_a_pull_request_of_the_day(make_repo) -> None:
    """clippy 2025-05-01: "Rustup (#14721)" brought twelve upstream commits; it is still a PR that
    landed that day, by the person who opened it, its upstream commits carried."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-04-01T09:00:00Z")
    repo.commit("Remove `is_normalizable` (#14717)", files={"u.rs": "1\n"}, author="Jason Newcomb <j@example.com>",
                when="2025-05-01T08:00:00Z")
    repo.branch("rustup")
    for n, who in enumerate(["Ann <ann@example.com>", "Bo <bo@example.com>", "Cy <cy@example.com>"]):
        repo.commit(f"upstream change {n}", branch="rustup", files={f"r{n}.rs": "1\n"}, author=who,
                    when=f"2025-04-2{n}T09:00:00Z")
    repo.merge("rustup", "Rustup (#14721)", author="Philipp Krones <p@example.com>", when="2025-05-01T10:00:00Z")
    landed, window = _day(repo, "2025-05-01")
    plan = plan_episode(landed.changes, SHOW, window)
    counts = plan.counts
    assert (counts["changes"], counts["prs"], counts["authors"], counts["carried"]) == (2, 2, 2, 3)
    # said as the pull request it is, not as a branch merged in
    from commitcast.write import check_script, narrate

    script = narrate(plan)
    said = " ".join(s.text for sec in script.sections for s in sec.sentences)
    assert "PR 14721" in said and "branch" not in said, said
    assert check_script(script, plan) == []
