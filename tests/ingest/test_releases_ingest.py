"""Releases a window shipped: version tags, release commits and manifest bumps."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest

from commitcast.ingest import read_landed
from commitcast.ingest.releases import parse_tag_version, release_kind, release_versions
from commitcast.window import day_window


def _releases(repo, day: str):
    window = day_window(date.fromisoformat(day), "UTC")
    return read_landed(repo.path, window.since, window.until, "main", state_dir=repo.path.parent / "state").releases


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("v3.4.0", (None, "3.4.0")),
        ("24.1", (None, "24.1")),
        ("v3.4.0-rc.1", (None, "3.4.0-rc.1")),
        ("create-foo@9.0.1", ("create-foo", "9.0.1")),
        ("@vue/compiler-sfc@3.4.0", ("@vue/compiler-sfc", "3.4.0")),
        ("pkg-v2.0.0", ("pkg", "2.0.0")),
        ("nightly", None),
        ("ciflow/trunk/123", None),
        ("curl-8_3_0", (None, "8.3.0")),  # curl's tags: the project's name, a version with underscores
        ("foo-1.2.3", ("foo", "1.2.3")),
        ("v2025.10-rc5", (None, "2025.10-rc5")),
    ],
)
def test_tag_names(name: str, expected) -> None:
    assert parse_tag_version(name, "curl") == expected


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("release: v3.4.0", [(None, "3.4.0")]),
        ("Release 24.1 (#12777)", [(None, "24.1")]),
        ("chore(release): 1.2.0", [(None, "1.2.0")]),
        ("release: create-foo@9.0.1", [("create-foo", "9.0.1")]),
        ("Bump version to 2.1.0", [(None, "2.1.0")]),
        ("v1.2.3", [(None, "1.2.3")]),
        ("Bump for development", []),
        ("Bump to 24.2.dev0 for development", []),
        ("Upgrade rich to 13.7.1", []),
        ("Release notes for 24.1", []),
        ("fix: release the lock in 3.4 paths", []),
        ("Bump version to 7.0 for the next release", []),  # pip, the day 6.1.0 and 6.1.1 shipped
    ],
)
def test_release_commit_subjects(title: str, expected) -> None:
    assert release_versions(title) == expected


@pytest.mark.parametrize(
    ("version", "previous", "kind"),
    [("3.4.0", "3.3.13", "minor"), ("4.0.0", "3.4.2", "major"), ("3.4.1", "3.4.0", "patch"),
     ("24.1", "24.0", "minor"), ("3.5.0-beta.1", "3.5.0-alpha.5", "prerelease"), ("1.0.0rc1", None, "prerelease")],
)
def test_release_kinds(version: str, previous: str | None, kind: str) -> None:
    assert release_kind(version, previous) == kind


def test_a_tag_is_a_release_with_what_it_carries(make_repo) -> None:
    repo = make_repo()
    first = repo.commit("Start", files={"a.txt": "1\n"}, when="2024-01-01T09:00:00Z")
    repo.tag("v1.1.0", first)
    repo.commit("feat: an exporter (#3)", files={"e.py": "1\n"}, author="Bob <bob@example.com>", when="2024-01-02T09:00:00Z")
    repo.commit("fix: a crash (#4)", files={"f.py": "1\n"}, author="Cy <cy@example.com>", when="2024-01-03T09:00:00Z")
    # A merge flattened to one parent (pip, 2014) counts as a commit but names no highlight.
    repo.commit("Merge pull request #5 from cy/speed", files={"g.py": "1\n"}, author="Cy <cy@example.com>", when="2024-01-03T10:00:00Z")
    release = repo.commit("release: v1.2.0", files={"CHANGELOG.md": "1.2.0\n"}, when="2024-01-04T09:00:00Z")
    repo.tag("v1.2.0", release)
    (found,) = _releases(repo, "2024-01-04")
    assert (found.version, found.tag, found.package, found.kind, found.previous) == ("1.2.0", "v1.2.0", None, "minor", "1.1.0")
    # the release's own commit is no change it carries, nor its author one of the people behind it
    assert (found.changes, found.authors, found.prs) == (3, 2, 3)
    assert found.highlights == ["fix: a crash", "feat: an exporter"]  # newest first, the release commit left out
    assert _releases(repo, "2024-01-03") == []


def test_an_annotated_tag_made_later_is_out_when_it_was_made(make_repo) -> None:
    repo = make_repo()
    first = repo.commit("Start", files={"a.txt": "1\n"}, when="2024-02-01T09:00:00Z")
    repo.tag("2.0", first, message="Release 2.0", when="2024-02-03T12:00:00Z")
    assert _releases(repo, "2024-02-01") == []
    (found,) = _releases(repo, "2024-02-03")
    assert found.version == "2.0" and found.title == "Release 2.0"


def test_a_release_commit_without_a_tag_names_its_package(make_repo) -> None:
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-03-01T09:00:00Z")
    repo.commit("release: create-foo@9.0.1", files={"packages/create-foo/package.json": "{}"}, when="2024-03-02T09:00:00Z")
    (found,) = _releases(repo, "2024-03-02")
    assert (found.package, found.version, found.tag, found.kind) == ("create-foo", "9.0.1", None, "patch")


def test_a_manifest_bump_with_a_release_subject_is_a_release(make_repo) -> None:
    repo = make_repo()
    repo.commit("Start", files={"package.json": json.dumps({"name": "x", "version": "1.0.0"})}, when="2024-04-01T09:00:00Z")
    repo.commit("chore(release): publish", files={"package.json": json.dumps({"name": "x", "version": "1.1.0"})}, when="2024-04-02T09:00:00Z")
    repo.commit("Bump for development", files={"package.json": json.dumps({"name": "x", "version": "1.2.0.dev0"})}, when="2024-04-03T09:00:00Z")
    (found,) = _releases(repo, "2024-04-02")
    assert (found.version, found.previous, found.kind) == ("1.1.0", "1.0.0", "minor")
    assert _releases(repo, "2024-04-03") == []


def test_a_tag_inside_a_merged_pull_request_is_out_with_the_merge(make_repo) -> None:
    """pip's release flow: the tagged "Bump for release" sits on a release branch merged by PR."""
    repo = make_repo()
    start = repo.commit("Start", files={"a.txt": "1\n"}, when="2024-06-01T09:00:00Z")
    repo.tag("24.0", start, message="Release 24.0", when="2024-06-01T09:00:00Z")
    repo.branch("release/24.1")
    bump = repo.commit("Bump for release", branch="release/24.1", files={"v.txt": "24.1\n"}, when="2024-06-20T21:20:00Z")
    repo.tag("24.1", bump, message="Release 24.1", when="2024-06-20T21:20:30Z")
    repo.commit("Bump for development", branch="release/24.1", files={"v.txt": "24.2.dev0\n"}, when="2024-06-20T21:21:00Z")
    repo.merge("release/24.1", "Merge pull request #12777 from pradyunsg/release/24.1\n\nRelease 24.1", when="2024-06-20T21:58:00Z")
    (found,) = _releases(repo, "2024-06-20")
    assert (found.version, found.previous, found.kind, found.sha) == ("24.1", "24.0", "minor", bump)


def test_a_re_read_finds_the_releases_kept_and_a_new_tag_is_looked_at(make_repo, monkeypatch) -> None:
    import commitcast.ingest.landed as landed_module

    repo = make_repo()
    first = repo.commit("Start", files={"a.txt": "1\n", "lib/README.md": "The lib does things well.\n"}, when="2024-01-01T09:00:00Z")
    repo.tag("v1.1.0", first)
    repo.commit("feat: an exporter (#3)", files={"e.py": "1\n"}, when="2024-01-04T08:00:00Z")
    release = repo.commit("release: v1.2.0", files={"CHANGELOG.md": "1.2.0\n"}, when="2024-01-04T09:00:00Z")
    window = day_window(date(2024, 1, 4), "UTC")
    state = repo.path.parent / "state"
    before = read_landed(repo.path, window.since, window.until, "main", state_dir=state)
    assert [r.version for r in before.releases] == ["1.2.0"] and before.releases[0].tag is None
    assert before.notes == {"lib": "The lib does things well."}

    found = landed_module.find_releases
    calls: list[str] = []

    def walked(*a: Any, **k: Any) -> Any:
        calls.append("walked")
        return found(*a, **k)

    monkeypatch.setattr(landed_module, "find_releases", walked)
    again = read_landed(repo.path, window.since, window.until, "main", state_dir=state)
    assert (again.releases, again.notes, calls) == (before.releases, before.notes, [])
    repo.tag("v1.2.0", release)  # the same tip and window, but a new tag: looked at again
    tagged = read_landed(repo.path, window.since, window.until, "main", state_dir=state)
    assert calls == ["walked"] and tagged.releases[0].tag == "v1.2.0"


def test_a_version_bump_is_no_release_where_the_project_tags_its_releases(make_repo) -> None:
    """torchao bumps main to 0.7 weeks before tagging v0.7.0-rc1 on its release branch; executorch
    writes "Bump version 0.2.0->0.3.0"; pip bumped develop to 1.1 months after tagging 1.1. None
    of those commits is a release; an explicit "release: v3.0.0-beta.17" without its tag is."""
    repo = make_repo()
    first = repo.commit("Start", files={"a.txt": "1\n"}, when="2024-01-01T09:00:00Z")
    for n, version in enumerate(("v0.4.0", "v0.5.0", "v0.6.0", "v1.1")):
        repo.tag(version, first, message=f"Release {version}", when=f"2024-01-0{n + 1}T12:00:00Z")
    repo.commit("bump version to 0.7", files={"version.txt": "0.7.0\n"}, when="2024-02-01T09:00:00Z")
    repo.commit("Bump version 0.7.0->0.8.0", files={"version.txt": "0.8.0\n"}, when="2024-02-02T09:00:00Z")
    repo.commit("Bumped version to 1.1 and updated changelog", files={"v.py": "1.1\n"}, when="2024-02-03T09:00:00Z")
    repo.commit("release: v3.0.0-beta.17", files={"CHANGELOG.md": "3.0.0-beta.17\n"}, when="2024-02-04T09:00:00Z")
    repo.commit("Publish CUDA wheels for Python 3.14", files={"ci.yml": "1\n"}, when="2024-02-05T09:00:00Z")
    rc = repo.commit("Fix tutorials", files={"t.md": "1\n"}, when="2024-02-10T09:00:00Z")
    repo.tag("v0.7.0-rc1", rc, message="v0.7.0-rc1", when="2024-02-10T10:00:00Z")
    for day in ("2024-02-01", "2024-02-02", "2024-02-03", "2024-02-05"):
        assert _releases(repo, day) == [], day
    (beta,) = _releases(repo, "2024-02-04")
    assert beta.version == "3.0.0-beta.17" and beta.tag is None


def test_one_release_however_it_is_spelt(make_repo) -> None:
    """pip 2024-05-06: the merge named "24.1.beta1" and the tag "24.1b1" are one pre-release."""
    repo = make_repo()
    start = repo.commit("Start", files={"a.txt": "1\n"}, when="2024-05-01T09:00:00Z")
    for n, version in enumerate(("23.3", "24.0", "23.2")):
        repo.tag(version, start, message=f"Release {version}", when=f"2024-05-0{n + 1}T10:00:00Z")
    bump = repo.commit("Release 24.1.beta1", files={"v.txt": "24.1b1\n"}, when="2024-05-06T09:00:00Z")
    repo.tag("24.1b1", bump, message="Release 24.1b1", when="2024-05-06T09:01:00Z")
    (found,) = _releases(repo, "2024-05-06")
    assert (found.version, found.tag, found.kind) == ("24.1b1", "24.1b1", "prerelease")


def test_a_release_says_what_its_notes_in_the_tree_say(make_repo) -> None:
    """uv's CHANGELOG.md opens 0.3.0 with its breaking changes: read them at the release's commit."""
    changelog = (
        "# Changelog\n\n## 0.3.0\n\n### Breaking changes\n\n- Remove the `--legacy-setup-py` flag ([#6212](https://x/6212))\n"
        "- Make `uv lock` respect `requires-python` by @someone in #6220\n\n### Enhancements\n\n"
        "- Add 32-bit Windows target (#6226)\n\n## 0.2.37\n\n- An older change to the resolver\n"
    )
    repo = make_repo()
    start = repo.commit("Start", files={"a.txt": "1\n"}, when="2024-08-01T09:00:00Z")
    repo.tag("0.2.37", start)
    repo.commit("Add 32-bit Windows target (#6226)", files={"t.rs": "1\n"}, when="2024-08-19T09:00:00Z")
    bump = repo.commit("Bump version to 0.3.0 (#6260)", files={"CHANGELOG.md": changelog}, when="2024-08-20T09:00:00Z")
    repo.tag("0.3.0", bump)
    (found,) = _releases(repo, "2024-08-20")
    assert found.notes_file == "CHANGELOG.md"
    assert found.breaking == ["Remove the --legacy-setup-py flag", "Make uv lock respect requires-python"]
    assert found.notes == [*found.breaking, "Add 32-bit Windows target"]


def test_a_release_merged_in_from_master_is_counted_from_its_tag(make_repo) -> None:
    """pip 2014-12-23: "Bump for release of 6.0.2" came to develop in a merge of master, its tag on
    master's merge of the release branch; the release is the tag's, with all its range carries."""
    repo = make_repo()
    start = repo.commit("Start", files={"a.txt": "1\n"}, when="2014-12-01T09:00:00Z")
    repo.tag("6.0.1", start, message="6.0.1", when="2014-12-01T09:00:00Z")
    repo.branch("master")
    repo.branch("release/6.0.2")
    repo.commit("Fix the cached version", branch="release/6.0.2", files={"b.py": "1\n"}, author="Ann <ann@example.com>",
                when="2014-12-22T09:00:00Z")
    repo.commit("Fix the wheel cache", branch="release/6.0.2", files={"c.py": "1\n"}, author="Bo <bo@example.com>",
                when="2014-12-22T10:00:00Z")
    repo.commit("Bump for release of 6.0.2", branch="release/6.0.2", files={"v.txt": "6.0.2\n"}, when="2014-12-23T13:07:00Z")
    tagged = repo.merge("release/6.0.2", "Merge branch 'release/6.0.2'", into="master", when="2014-12-23T13:07:39Z")
    repo.tag("6.0.2", tagged, message="6.0.2", when="2014-12-23T13:08:54Z")
    repo.commit("Switch to 6.1.0 for our next release", files={"n.txt": "1\n"}, when="2014-12-23T11:33:00Z")
    repo.merge("master", "Merge branch 'master' into develop", when="2014-12-23T13:08:42Z")
    (found,) = _releases(repo, "2014-12-23")
    assert (found.version, found.tag, found.sha) == ("6.0.2", "6.0.2", tagged)
    assert (found.changes, found.authors) == (2, 2)  # the two fixes; "Bump for release of 6.0.2" is the release's own


def test_a_release_counts_the_pull_requests_its_bodies_name(make_repo) -> None:
    """torchao 0.11.0-rc1: "88 pull requests" where 102 landed; fourteen name theirs only in a
    "Pull Request resolved:" line (ghstack, landed by the merge bot)."""
    repo = make_repo()
    first = repo.commit("Start", files={"a.txt": "1\n"}, when="2024-01-01T09:00:00Z")
    repo.tag("v1.1.0", first)
    repo.commit("Fuse the kernels (#7)", files={"k.py": "1\n"}, when="2024-01-02T09:00:00Z")
    repo.commit("Add the fp8 path\n\nPull Request resolved: https://github.com/pytorch/ao/pull/9\n",
                files={"f.py": "1\n"}, when="2024-01-03T09:00:00Z")
    release = repo.commit("Bump version to 1.2.0", files={"version.txt": "1.2.0\n"}, when="2024-01-04T09:00:00Z")
    repo.tag("v1.2.0", release)
    (found,) = _releases(repo, "2024-01-04")
    assert found.prs == 2


def test_a_release_counts_neither_its_bump_nor_a_reverted_pr(make_repo) -> None:
    """pip 23.3 counted its "Bump for release" as a change it carried; vue 3.4.17 said its one
    revert "came in through one pull request": the number in "revert: … (#10161)" is the reverted PR's."""
    repo = make_repo()
    repo.tag("23.2", repo.commit("Start", files={"a.txt": "1\n"}, when="2024-01-01T09:00:00Z"))
    repo.commit("revert: fix(runtime-dom): ensure v-show respects display (#10161)", files={"r.py": "1\n"},
                author="Evan You <evan@example.com>", when="2024-01-02T09:00:00Z")
    repo.commit("Speed up the resolver (#12)", files={"s.py": "1\n"}, author="Bob <bob@example.com>", when="2024-01-02T10:00:00Z")
    repo.tag("23.3", repo.commit("Bump for release", files={"VERSION": "23.3\n"}, when="2024-01-03T09:00:00Z"))
    (found,) = _releases(repo, "2024-01-03")
    assert (found.changes, found.authors, found.prs) == (2, 2, 1)


def test_a_final_counts_from_the_last_candidate_of_a_version_never_tagged_final(make_repo) -> None:
    """torchao tags 0.16.0-rc1 but no 0.16.0: 0.17.0 carried "1,856 changes since 0.6.0"; it
    carries what landed since 0.16.0-rc1. Its own candidate 0.17.0-rc1 is still no baseline."""
    repo = make_repo()
    first = repo.commit("Start", files={"a.txt": "1\n"}, when="2024-01-01T09:00:00Z")
    repo.tag("v0.6.0", first, message="v0.6.0", when="2024-01-01T10:00:00Z")
    old = repo.commit("Old work (#1)", files={"b.txt": "1\n"}, when="2024-01-05T09:00:00Z")
    repo.tag("v0.16.0-rc1", old, message="v0.16.0-rc1", when="2024-01-05T10:00:00Z")
    repo.commit("New work (#2)", files={"c.txt": "1\n"}, author="Bob <bob@example.com>", when="2024-01-08T09:00:00Z")
    final = repo.commit("More work (#3)", files={"d.txt": "1\n"}, author="Cy <cy@example.com>", when="2024-01-10T09:00:00Z")
    repo.tag("v0.17.0-rc1", final, message="v0.17.0-rc1", when="2024-01-10T10:00:00Z")
    repo.tag("v0.17.0", final, message="v0.17.0", when="2024-01-10T11:00:00Z")
    found = {r.version: r for r in _releases(repo, "2024-01-10")}
    assert found["0.17.0"].previous == "0.16.0-rc1" and found["0.17.0"].changes == 2
    assert found["0.17.0-rc1"].previous == "0.16.0-rc1"


def test_a_release_counts_not_its_bump_when_fixes_to_it_sit_under_the_tag(make_repo) -> None:
    """uv 0.10.5's tag sits on two wheel-check fixes landed after "Bump version to 0.10.5": the
    release carried the changes before it, not its own bump (it said one change too many)."""
    repo = make_repo()
    repo.tag("0.10.4", repo.commit("Start", files={"a.txt": "1\n"}, when="2024-01-01T09:00:00Z"))
    repo.commit("Speed up the resolver (#12)", files={"s.py": "1\n"}, author="Bob <bob@example.com>", when="2024-01-02T09:00:00Z")
    repo.commit("Bump version to 0.10.5 (#13)", files={"VERSION": "0.10.5\n"}, when="2024-01-03T09:00:00Z")
    repo.commit("Fix wheel check failure (#14)", files={"c.py": "1\n"}, author="Cy <cy@example.com>", when="2024-01-03T10:00:00Z")
    repo.tag("0.10.5", repo.commit("Fix the wheel check again (#15)", files={"c.py": "2\n"}, author="Cy <cy@example.com>", when="2024-01-03T11:00:00Z"))
    (found,) = _releases(repo, "2024-01-03")
    assert (found.changes, found.authors, found.prs) == (3, 2, 3)
