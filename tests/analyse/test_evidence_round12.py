"""Round 12's evidence rules, each on the corpus case that showed it: docs told as docs, lists
and deeds said whole, why roles, who a merged branch is from (a reviewer's suggestion, a bot's
co-author), a series of test patches, a "Breaking Changes" section, areas, title frames, a
release's pull requests, forge merge subjects, promises and figures said once; then round 13's:
a title's breaking tag, a regression guarded against, body sentences that speak of something
other than the change, and a data type said as one.

The repository-shaped cases build real histories in temp dirs; the rest check the one function
that makes the claim.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections import Counter
from collections.abc import Callable
from datetime import date, timedelta
from types import SimpleNamespace
from typing import Any

from commitcast.analyse import plan_episode
from commitcast.analyse.annotate import annotate
from commitcast.analyse.areas import AreaResolver, tag_area
from commitcast.analyse.classify import breaking_section, classify
from commitcast.analyse.people import credited, is_bot_change
from commitcast.analyse.titles_parse import parse_subject
from commitcast.analyse.whats_next import promises
from commitcast.analyse.why import _sections
from commitcast.ingest import Landed, merge_pr, read_landed
from commitcast.model import Change, EpisodePlan, FileChange, Show
from commitcast.phrasebook import default_phrasebook
from commitcast.text import deed_of, plain_words, said_alternatives
from commitcast.window import day_window
from commitcast.write import narrate

SHOW = Show(name="Demo", slug="demo")
MakeRepo = Callable[..., Any]


def _landed(repo: Any, day: str) -> Landed:
    window = day_window(date.fromisoformat(day), "UTC")
    return read_landed(repo.path, window.since, window.until, "main", state_dir=repo.path.parent / "state")


def _plan(repo: Any, day: str, show: Show = SHOW) -> EpisodePlan:
    window = day_window(date.fromisoformat(day), "UTC")
    state = repo.path.parent / "state"
    landed = read_landed(repo.path, window.since, window.until, "main", state_dir=state)
    earlier = read_landed(repo.path, window.since - timedelta(days=14), window.since, "main", state_dir=state).changes
    return plan_episode(landed.changes, show, window, earlier=earlier, releases=landed.releases)


def _text(plan: EpisodePlan) -> str:
    return " ".join(s.text for s in narrate(plan).sentences)


# ------------------------------------------------------------------------------------ docs


def test_a_docs_only_time_explanation_fix_is_docs_not_a_fix(make_repo: MakeRepo) -> None:
    """curl "Fix time explanation in CURLINFO_PRETRANSFER_TIME_T.3" changed a man page only: no bug
    fix, no severity, told " in the docs" and never "on the correctness front"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-06-01T09:00:00Z")
    repo.commit("Fix time explanation in CURLINFO_PRETRANSFER_TIME_T.3\n\nThe pretransfer time includes the "
                "protocol-specific commands and negotiations.\n\nCloses #14000",
                files={"docs/libcurl/opts/CURLINFO_PRETRANSFER_TIME_T.3": "x\n" * 30}, author="Dan Fandrich <d@x.org>",
                when="2024-06-02T09:00:00Z")  # fmt: skip
    (change,) = _landed(repo, "2024-06-02").changes
    found = classify(change, parse_subject(change.title))
    assert "fix" not in found.kinds and "docs" in found.kinds
    assert found.severity == ()
    plan = _plan(repo, "2024-06-02", Show(name="curl", slug="curl"))
    (ref,) = [c for s in plan.stories for c in s.changes] + plan.quick_hits
    assert "fix" not in ref.kinds and ref.severity == []
    text = _text(plan)
    assert "fixed the time explanation in the CURLINFO PRETRANSFER TIME T man page" in text, text
    assert "correctness front" not in text


def test_a_readme_only_time_explanation_fix_is_no_fix(make_repo: MakeRepo) -> None:
    """The same title on a README.md alone (curl's docs are also Markdown) fixed no bug either."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-06-01T09:00:00Z")
    repo.commit("Fix time explanation in README", files={"README.md": "x\n" * 5}, when="2024-06-02T09:00:00Z")
    (change,) = _landed(repo, "2024-06-02").changes
    found = classify(change, parse_subject(change.title))
    assert "fix" not in found.kinds and found.severity == ()
    assert "correctness front" not in _text(_plan(repo, "2024-06-02"))


# ------------------------------------------------------------------------------------ text


def test_slashed_alternatives_are_said_as_a_list() -> None:
    """executorch "Propagate mul optimizations to add/sub/div" and "support fp16/bf16/fp32" are lists,
    not paths cut to their last word ("div", "fp32")."""
    assert said_alternatives("to add/sub/div") == "to add, sub and div"
    said = said_alternatives("support fp16/bf16/fp32")
    assert all(dtype in said for dtype in ("fp16", "bf16", "fp32")), said
    assert deed_of("Propagate mul optimizations to add/sub/div") == "propagated mul optimizations to add, sub and div"
    assert deed_of("update gnutls/gnutls to 3.8.11 from 3.8.10") == "updated gnutls to 3.8.11 from 3.8.10"


def test_deeds_are_retold_whole_and_in_plain_words() -> None:
    """Round 12's deeds: a list of three deeds, "validate and run" kept, curl's "do no expire" and
    "consider … case sensitive", "Add myself", clippy's "FN on", and "resource leak in …" (no deed)."""
    assert deed_of("Update X, add Y and drop Z") == "updated X, added Y and dropped Z"
    said = deed_of("Add MCU model script to validate and run the models")
    assert said is not None and "validate and run" in said, said
    assert deed_of("do no expire a blocked transfer") == "stopped expiring a blocked transfer"
    assert deed_of("consider sftp quote commands case sensitive") == "made sftp quote commands case sensitive"
    assert deed_of("Add myself into the list for MbedTLS") == "added themselves into the list for MbedTLS"
    assert deed_of("fix `unnecessary_semicolon`: FN on `#[feature(stmt_expr_attributes)]`") == (
        "fixed a false negative in unnecessary semicolon"
    )
    assert deed_of("resource leak in read_bin_file()") is None  # never "resourced a leak"


# ------------------------------------------------------------------------------------ why


def _whys(make_repo: MakeRepo, title: str, body: str) -> list[tuple[str, str]]:
    """The why sentences the plan keeps for one change with ``body`` (a repository of its own)."""
    repo = make_repo(hashlib.sha1(body.encode()).hexdigest()[:12])
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-06-01T09:00:00Z")
    repo.commit(f"{title} (#42)\n\n{body}", files={"src/lib/core.c": "x\n" * 30}, author="Dan Lee <d@x.org>",
                when="2024-06-02T09:00:00Z")  # fmt: skip
    (story,) = _plan(repo, "2024-06-02").stories
    return [(w.role, w.text) for w in story.why]


def test_trouble_four_sentences_in_is_no_problem(make_repo: MakeRepo) -> None:
    """u-boot f459816553: "Using a u64 for bitpos does not match", after "fls() returns an int" and
    more, was a detail, not the problem the change solves; told first, the same words are."""
    caveat = "Using a long for the position does not match what callers expect."
    late = _whys(make_repo, "Return an int from the bit search helper",
                 "The fls helper returns an int for every bit position. The callers store the position in a local "
                 "variable. This change makes the helper return an unsigned long value. The tests cover the new "
                 f"return type for all sizes. {caveat}")  # fmt: skip
    assert ("problem", caveat) not in late and all(role != "problem" for role, _ in late), late
    first = _whys(make_repo, "Return an int from the bit search helper",
                  f"{caveat} The fls helper returns an int for every bit position.")  # fmt: skip
    assert ("problem", caveat) in first


def test_trouble_denied_is_no_problem(make_repo: MakeRepo) -> None:
    """executorch #13896: "On iOS18, this was not an issue because the axis is not used." is background."""
    said = "On iOS18, this was not an issue because the axis is not used."
    for body in (said, f"The rotation breaks on iOS17 when the axis is missing. {said}"):
        roles = [role for role, text in _whys(make_repo, "Handle the rotation axis on iOS", body) if text == said]
        assert roles and "problem" not in roles, roles


def test_what_was_recently_added_is_background_not_effect(make_repo: MakeRepo) -> None:
    """torchtitan: "DCP recently added safeties to avoid using it for 2D/3D." is how things were,
    not the change's effect ("avoid" alone)."""
    said = "DCP recently added safeties to avoid using it for 2D/3D."
    whys = _whys(make_repo, "Allow DCP for 1D meshes only", said)
    assert [role for role, text in whys if text == said] == ["context"], whys


def test_a_cost_of_one_step_is_not_retold(make_repo: MakeRepo) -> None:
    """ao: "this would introduce a small copy from the split tensor to the buffer." leans on a step
    told before it; a sentence naming its own subject is retold."""
    opening = "The all-gather needs a contiguous buffer for every rank."
    lean = _whys(make_repo, "Split the tensor before the all-gather",
                 f"{opening} This would introduce a small copy from the split tensor to the buffer. "
                 "The change splits the tensor in place.")  # fmt: skip
    assert not any("small copy" in text for _, text in lean), lean
    named = _whys(make_repo, "Split the tensor before the all-gather",
                  f"{opening} Splitting in place would introduce a small copy from the split tensor to the buffer.")
    assert any("small copy" in text for _, text in named), named


def test_an_issue_with_this_code_is_not_retold(make_repo: MakeRepo) -> None:
    """uv: "There is an issue with this code: it does not add indentation." says not which code."""
    whys = _whys(make_repo, "Indent nested lists in the printer",
                 "There is an issue with this code: it does not add indentation. "
                 "The printer now indents nested lists by two spaces.")  # fmt: skip
    assert not any("this code" in text for _, text in whys), whys
    assert ("effect", "The printer now indents nested lists by two spaces.") in whys


# ---------------------------------------------------------------------------------- people


def test_a_merged_branchs_people_are_its_commit_authors_not_a_co_author(make_repo: MakeRepo) -> None:
    """pip #12300: Stéphane Bidoul's four commits, one co-authored by Tzu-ping Chung: the story is
    Stéphane's; Tzu-ping helped and is thanked apart, not named as a story person."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2023-09-01T09:00:00Z")
    repo.branch("build-env-reuse")
    sb = "Stéphane Bidoul <stephane@x.org>"
    for n, title in enumerate(("Add a build isolation check", "Reuse the build environment for editables",
                               "Simplify the build tracker\n\nCo-authored-by: Tzu-ping Chung <uranusjr@x.org>",
                               "Add news")):  # fmt: skip
        repo.commit(title, branch="build-env-reuse", files={f"src/pip/_internal/m{n}.py": "1\n" * 20}, author=sb,
                    when=f"2023-09-02T0{n + 1}:00:00Z")  # fmt: skip
    repo.merge("build-env-reuse", "Merge pull request #12300 from sbidoul/build-env-reuse\n\nReuse the build environment",
               author="Pradyun Gedam <p@x.org>", when="2023-09-03T12:00:00Z")  # fmt: skip
    (change,) = _landed(repo, "2023-09-03").changes
    assert change.author.name == "Stéphane Bidoul"
    assert "Tzu-ping Chung" in [p.name for p in change.authors]  # credited, as a helper
    (story,) = _plan(repo, "2023-09-03", Show(name="pip", slug="pip")).stories
    assert story.people == ["Stéphane Bidoul"]


def test_a_co_author_trailer_credits_its_person_even_on_an_applied_suggestion(make_repo: MakeRepo) -> None:
    """clippy #10779 and pip 2026-07-11: a GitHub suggestion commit ("Update <file>") names the reviewer
    who suggested it as co-author. Leaving them out undercounted the day's co-authors ("one co-author"
    for three), so the trailer is taken at its word: they helped write the change."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2023-05-20T09:00:00Z")
    repo.branch("ptr_cast_constness")
    cf, path = "Catherine Flores <cf@x.org>", "clippy_lints/src/casts/ptr_cast_constness.rs"
    repo.commit("new lint `ptr_cast_constness`", branch="ptr_cast_constness", files={path: "x\n" * 60}, author=cf,
                when="2023-05-22T09:00:00Z")  # fmt: skip
    repo.commit(f"Update {path}\n\nCo-authored-by: llogiq <l@x>", branch="ptr_cast_constness",
                files={path: "y\n" * 60}, author=cf, when="2023-05-22T10:00:00Z")  # fmt: skip
    repo.merge("ptr_cast_constness", "Auto merge of #10779 - Centri3:ptr_cast_constness, r=llogiq\n\n"
               "new lint [`ptr_cast_constness`]\n\nchangelog: new lint", author="bors <bors@x.org>",
               when="2023-05-23T09:00:00Z")  # fmt: skip
    (change,) = _landed(repo, "2023-05-23").changes
    assert [p.name for p in change.authors] == ["Catherine Flores", "llogiq"]
    assert change.reviewers == ["llogiq"]
    plan = _plan(repo, "2023-05-23", Show(name="Clippy", slug="clippy"))
    assert (plan.counts["authors"], plan.counts["coauthors"]) == (1, 1)


def test_a_bots_change_is_not_credited_to_its_co_author(make_repo: MakeRepo) -> None:
    """uv: github-actions[bot]'s "Sync latest Python releases" with "Co-authored-by: Zanie Blue" is the
    bot's change; Zanie did not author it."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-06-01T09:00:00Z")
    repo.commit("Sync latest Python releases (#14000)\n\nCo-authored-by: Zanie Blue <z@x>",
                files={"crates/uv-python/download-metadata.json": "x\n" * 20},
                author="github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>",
                when="2025-06-02T09:00:00Z")  # fmt: skip
    (change,) = _landed(repo, "2025-06-02").changes
    assert is_bot_change(change)
    assert credited(change) == ["github-actions[bot]"]
    plan = _plan(repo, "2025-06-02", Show(name="uv", slug="uv"))
    assert "Zanie Blue" not in plan.people
    assert plan.counts["authors"] == 0
    assert all("Zanie Blue" not in ref.authors for ref in [c for s in plan.stories for c in s.changes] + plan.quick_hits)


# ---------------------------------------------------------------------------------- stories


def test_a_merged_series_of_test_patches_is_a_story(make_repo: MakeRepo) -> None:
    """u-boot: Tom Rini merged Simon Glass's six-patch series "test: Improvements to ut command", all
    under test/: a series of five or more patches is news, not a tallied test change."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-11-01T09:00:00Z")
    repo.branch("series")
    for n, what in enumerate(("Add a helper to run ut commands", "Check the ut return code", "Add ut for the bloblist",
                              "Add ut for the fdt commands", "Drop the old ut wrapper", "Document the ut command")):
        repo.commit(f"test: {what}", branch="series", files={f"test/cmd/ut{n}.c": "x\n" * 20},
                    author="Simon Glass <sjg@x.org>", when=f"2024-11-02T0{n}:00:00Z")  # fmt: skip
    message = ('Merge patch series "test: Improvements to ut command"\n\nSimon Glass <sjg@x.org> says:\n\n'
               "This series tidies up the ut command and adds a few helpers.\n")  # fmt: skip
    repo.merge("series", message, author="Tom Rini <trini@x.org>", when="2024-11-05T12:00:00Z")
    repo.commit("arm: fix the boot order on rk3399\n\nThe board failed to boot.", files={"arch/arm/rk.c": "x\n" * 30},
                author="Bo Chan <b@x.org>", when="2024-11-05T13:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-11-05", Show(name="U-Boot", slug="u-boot"))
    told = [c.title for s in plan.stories for c in s.changes]
    assert "test: Improvements to ut command" in told, told
    assert "tests" not in plan.untold


def test_a_breaking_changes_section_makes_a_change_breaking(make_repo: MakeRepo) -> None:
    """torchtitan: "**BC Breaking**" then "This is a breaking change for any downstream code that passes
    norm_eps directly." is the author's own warning, quoted; "technically not BC-breaking" is none."""
    assert breaking_section("**BC-breaking notes:** This change by itself is technically not BC-breaking") is None
    said = "This is a breaking change for any downstream code that passes norm_eps directly."
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-05-01T09:00:00Z")
    repo.commit("Rename the RMSNorm epsilon argument (#1200)\n\nThe model args now take the epsilon as rms_eps, "
                f"like the other norms.\n\n**BC Breaking**\n{said}\n", files={"torchtitan/models/norms.py": "x\n" * 30},
                author="Tianyu Liu <t@x.org>", when="2025-05-02T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-05-02", Show(name="torchtitan", slug="torchtitan"))
    (ref,) = plan.stories[0].changes
    assert "breaking" in ref.severity
    (claim,) = [c for c in ref.claims if c.about == "severity" and c.value == "breaking"]
    assert [e.source for e in claim.evidence] == ["section"]
    assert claim.evidence[0].text == said
    text = _text(plan)
    assert re.search(r"Tianyu Liu marks it as breaking|breaking change, as Tianyu Liu puts it", text), text  # either phrasing
    assert said.rstrip(".") in text


# ------------------------------------------------------------------------------------ areas


def _named(resolver: AreaResolver, path: str) -> set[str]:
    return resolver.named_of_files([FileChange(path=path, status="M", added=3, deleted=1)])


def test_areas_name_what_a_listener_knows() -> None:
    """uv's "crates/uv-workspace" is an internal crate (heard as the user's workspace); vue's
    "packages/compiler-sfc" is a package; curl's "tests/server/dnsd.c" is the test suite; a
    "scripts/links" folder names no part of the project; "Summary:" labels no area."""
    uv = AreaResolver(package_names=frozenset({"uv"}))
    assert _named(uv, "crates/uv-workspace/src/x.rs") == set()
    assert _named(AreaResolver(), "packages/compiler-sfc/src/x.ts") == {"compiler sfc"}
    assert AreaResolver().of_path("tests/server/dnsd.c") == "tests"
    assert _named(AreaResolver(), "scripts/links/foo.tar.gz") == set()
    assert tag_area("Summary") is None
    assert parse_subject("Summary: Add Initial support to pico2").label == "Summary"  # read as a label…


def test_a_summary_label_gives_a_change_no_area(b: SimpleNamespace) -> None:
    """executorch "Summary: Add Initial support to pico2": its label is no area "Summary"."""
    item = annotate(b.make_change("Summary: Add Initial support to pico2"), 0, AreaResolver())
    assert item.subject.label == "Summary"
    assert "Summary" not in item.areas and "summary" not in [a.lower() for a in item.areas]


# ----------------------------------------------------------------------------------- titles


def test_quiet_titles_turn_with_the_calendar() -> None:
    """A month of quiet days heard "Nothing New Today" again and again: fifteen frames and fifteen quiet
    titles turn with the calendar, each at most twice in thirty days."""
    book = default_phrasebook()
    assert len(book.options("titles.frames")) >= 15
    assert len(book.options("titles.quiet")) >= 15
    start = date(2025, 1, 1)
    titles = [plan_episode([], SHOW, day_window(start + timedelta(days=n), "UTC")).title for n in range(30)]
    assert all(title.startswith("Demo: ") for title in titles)
    assert max(Counter(titles).values()) <= 2, Counter(titles).most_common(3)


# --------------------------------------------------------------------------------- releases


def _release_repo(make_repo: MakeRepo, direct: bool) -> Any:
    repo = make_repo("direct" if direct else "squash")
    start = repo.commit("Start", files={"a.txt": "1\n"}, when="2025-06-20T09:00:00Z")
    repo.tag("v0.1.0", start, message="Release 0.1.0", when="2025-06-20T10:00:00Z")
    for n, title in enumerate(("Add a cache", "Fix a panic in the resolver", "Speed up the lockfile reader")):
        repo.commit(f"{title} (#{10 + n})", files={f"src/f{n}.rs": "x\n" * 20}, author=f"P{n} Person <p{n}@x.org>",
                    when=f"2025-06-27T0{n + 1}:00:00Z")  # fmt: skip
    if direct:
        repo.commit("Tidy the notes", files={"src/notes.rs": "x\n"}, author="P0 Person <p0@x.org>",
                    when="2025-06-27T07:00:00Z")  # fmt: skip
    repo.tag("v0.2.0", message="Release 0.2.0", when="2025-06-28T12:00:00Z")
    return repo


def test_a_release_of_pull_requests_only_does_not_count_them_again(make_repo: MakeRepo) -> None:
    """uv 0.7.x: "three changes … Among them are three pull requests" says nothing; with a direct
    commit beside them, it says which are pull requests."""
    only = _text(_plan(_release_repo(make_repo, direct=False), "2025-06-28"))
    assert "three changes" in only, only
    assert "Among them are" not in only and "Its work includes" not in only
    mixed = _text(_plan(_release_repo(make_repo, direct=True), "2025-06-28"))
    assert "four changes" in mixed and "three pull requests" in mixed, mixed


# ----------------------------------------------------------------------------------- ingest


def test_a_merge_pr_subject_is_a_forge_merge() -> None:
    """pip's "Merge PR #10577 from sbidoul/fix" is a pull request merge like "Merge pull request"."""
    assert merge_pr("Merge PR #10577 from sbidoul/fix") == (10577, "sbidoul/fix")
    assert merge_pr("Merge pull request #10577 from sbidoul/fix") == (10577, "sbidoul/fix")
    assert merge_pr("Merge branch 'main' into fix") is None


# ------------------------------------------------------------------------------- whats next


def test_a_promise_at_the_end_of_a_long_sentence_is_no_promise(b: SimpleNamespace) -> None:
    """executorch: "We update the runtime at this point …, as well as the models we will be serializing
    in the future (next diff)": a quote cut to fit keeps the deed and loses the promise."""
    long = ("We update the runtime loader at this point so that the method tables and the delegate blobs are both read "
            "lazily, as well as the models we will be serializing in the future (next diff).")  # fmt: skip
    assert len(long) > 140 and long.index("will") > 70
    assert promises(b.make_change("Update the loader", body=long)) == []
    short = "We will add X in a follow-up PR."
    assert promises(b.make_change("Add Y", body=short)) == [short]


# ------------------------------------------------------------------------------------ write


def test_a_figure_is_said_once(make_repo: MakeRepo) -> None:
    """ "Around 2.3x speed-up parsing many large hexadecimal numbers." was told as the figure and again
    as "two times faster": one mention."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-03-01T09:00:00Z")
    repo.commit("Speed up hex parsing (#1300)\n\nAround 2.3x speed-up parsing many large hexadecimal numbers.",
                files={"src/parse/hex.rs": "x\n" * 40}, author="Ann Lee <ann@x.org>",
                when="2024-03-02T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2024-03-02"))
    assert text.count("2.3") == 1, text
    assert "times faster" not in text


def test_a_reviewer_login_is_named_as_the_person_its_own_pull_request_shows(make_repo: MakeRepo) -> None:
    """clippy 2023-05-23: "Centri3" (the opener of bors merge #10779, whose commits Catherine Flores
    wrote) reviewed another PR that day; thanked as "Centri3" beside "Catherine Flores", one person
    was heard as two."""
    repo = make_repo()
    repo.commit("Start", files={"a.rs": "1\n"}, when="2023-05-22T09:00:00Z")
    repo.branch("lint")
    repo.commit("the implementation", branch="lint", files={"clippy_lints/src/x.rs": "x\n" * 40},
                author="Catherine Flores <c@x.org>", when="2023-05-23T08:00:00Z")  # fmt: skip
    repo.merge("lint", "Auto merge of #10779 - Centri3:ptr_cast_constness, r=llogiq\n\nAdd new lint `ptr_cast_constness`",
               author="bors <bors@rust-lang.org>", when="2023-05-23T10:00:00Z")  # fmt: skip
    repo.branch("fix", repo.tip("main"))
    repo.commit("handle macros", branch="fix", files={"clippy_lints/src/y.rs": "y\n" * 40},
                author="Sam Tardieu <s@x.org>", when="2023-05-23T11:00:00Z")  # fmt: skip
    repo.merge("fix", "Auto merge of #10810 - samueltardieu:needless-else, r=Centri3\n\nNew lint to check for empty else",
               author="bors <bors@rust-lang.org>", when="2023-05-23T12:00:00Z")  # fmt: skip
    landed = _landed(repo, "2023-05-23")
    assert [c.opened_by for c in landed.changes] == ["Centri3", "samueltardieu"]
    plan = _plan(repo, "2023-05-23", Show(name="Clippy", slug="clippy"))
    refs = [r for s in plan.stories for r in s.changes] + list(plan.quick_hits)
    reviewed = next(r for r in refs if r.pr == 10810)
    assert reviewed.reviewers == ["Catherine Flores"]


def test_a_file_is_said_with_its_noun_once_and_no_stray_article() -> None:
    """"custom vela_config.toml" is "custom vela config", never "custom the vela config config";
    "build.mk" is "the build file", not "the build build file"."""
    assert plain_words("added support for custom vela_config.toml") == "added support for custom vela config"
    assert plain_words("update build.mk") == "update the build file"
    assert plain_words("fix config.h and README.md") == "fix the config header and the README doc"


# ------------------------------------------------------------------ round 13: evidence read in context
def _change(make_repo: MakeRepo, message: str, files: dict[str, str]) -> Change:
    repo = make_repo(hashlib.sha1(message.encode()).hexdigest()[:12])
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-06-01T09:00:00Z")
    repo.commit(message, files=files, author="Dan Lee <d@x.org>", when="2024-06-02T09:00:00Z")
    window = day_window(date(2024, 6, 2), "UTC")
    (change,) = read_landed(repo.path, window.since, window.until, "main", state_dir=repo.path.parent / "state").changes
    return change


def _bors_pull(repo: Any, merge: str, title: str, files: dict[str, str], author: str, when: str, merged: str) -> None:
    """One pull request of one commit, landed by bors under ``merge`` ("#N - login:branch, r=reviewer")."""
    branch = merge.split(":", 1)[1].split(",", 1)[0]
    repo.branch(branch)
    repo.commit(title, files=files, author=author, when=when, branch=branch)
    repo.merge(branch, f"Auto merge of {merge}", author="bors <bors@rust-lang.org>", when=merged)


def test_a_bc_breaking_title_tag_makes_a_change_breaking(make_repo: MakeRepo) -> None:
    """ao "[bc-breaking] remove old GPTQ implementation": the author's own tag says users must act."""
    change = _change(make_repo, "[bc-breaking] remove old GPTQ implementation (#3000)",
                     {"torchao/quantization/gptq.py": "x\n" * 40})  # fmt: skip
    assert "breaking" in classify(change, parse_subject(change.title)).severity
    plain = _change(make_repo, "[quant] remove old GPTQ implementation (#3000)",
                    {"torchao/quantization/gptq.py": "x\n" * 40})  # fmt: skip
    assert "breaking" not in classify(plain, parse_subject(plain.title)).severity


def test_a_regression_guarded_against_is_no_regression_fixed(make_repo: MakeRepo) -> None:
    """"Add a test to prevent future regressions" fixes none; "Fix a regression in …" does."""
    files = {"src/lib/core.c": "x\n" * 30}
    guard = _change(make_repo, "Fix the header length check\n\nThe test added here guards to prevent future regressions.", files)
    assert "regression" not in classify(guard, parse_subject(guard.title)).severity
    fixed = _change(make_repo, "Fix the header length check\n\nThis fixes a regression in the header parser.", files)
    assert "regression" in classify(fixed, parse_subject(fixed.title)).severity


def test_a_reproductions_code_comment_is_no_heading() -> None:
    """executorch: "# Export → lower" inside a ``` block is the reproduction's code, no heading
    and no prose of the body's own."""
    body = ("The change copies the outputs into contiguous buffers.\n\n```python\n"
            "# Export the model and lower it to the delegate\nmodel = export(m)\n```\n\nThe outputs stay contiguous.")
    kept = "\n".join(_sections(body))
    assert "xport" not in kept and "The outputs stay contiguous." in kept, kept


def test_a_plural_noun_starting_re_is_no_deed(make_repo: MakeRepo) -> None:
    """uv: "Repositories with packed refs failed to resolve tags." is the problem, not what changed."""
    said = "Repositories with packed refs failed to resolve tags."
    whys = _whys(make_repo, "Read packed refs when resolving tags", said)
    assert ("change", said) not in whys, whys


def test_it_is_the_change_only_right_after_the_change_is_named(make_repo: MakeRepo) -> None:
    """curl 3f64357bd: "It makes the Visual Studio generator miss …" spoke of the option dropped."""
    said = "It makes the Visual Studio generator miss the install targets."
    after_detail = _whys(make_repo, "Drop the exclude option from the examples",
                         f"The examples were marked as excluded from the default build. {said}")  # fmt: skip
    assert not any(text == said for _, text in after_detail), after_detail
    after_change = _whys(make_repo, "Drop the exclude option from the examples",
                         f"This change drops the exclude option from the examples. {said}")  # fmt: skip
    assert any(text == said for _, text in after_change), after_change


def test_one_steps_purpose_is_no_sentence(make_repo: MakeRepo) -> None:
    """uv: "To avoid confusion when updating the database." hangs off a step; it tells no why."""
    said = "To avoid confusion when updating the database."
    whys = _whys(make_repo, "Rename the cache index", f"{said} The cache index now has its own name.")
    assert not any(text == said for _, text in whys), whys


def test_a_dotted_data_type_is_said_as_a_data_type() -> None:
    """"torch.float8_e8m0fnu" is a data type, not a function; "torch.nn.functional.scaled_mm" is one."""
    assert plain_words("support torch.float8_e8m0fnu scales") == "support the float8 e8m0fnu data type scales"
    assert "function" in plain_words("call torch.functional.scaled_mm_v2 here")


def test_plan_keeps_a_tagged_removal_breaking(make_repo: MakeRepo) -> None:
    """The plan carries the title tag as strong evidence for the breaking claim."""
    repo = make_repo("tagged-plan")
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-06-01T09:00:00Z")
    repo.commit("[bc-breaking] remove old GPTQ implementation (#3000)", files={"torchao/quantization/gptq.py": "x\n" * 40},
                author="Dan Lee <d@x.org>", when="2024-06-02T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-06-02")
    (ref,) = [r for s in plan.stories for r in s.changes] + list(plan.quick_hits)
    claims = [c for c in ref.claims if c.about == "severity" and c.value == "breaking"]
    assert claims and claims[0].strength == "strong", ref.claims
    assert any(e.text == "[bc-breaking]" for e in claims[0].evidence)


def test_a_link_taken_out_leaves_no_dash_and_a_placeholder_is_code(make_repo: MakeRepo) -> None:
    """clippy #12812 was told "Rustup 1.27.1 no longer adds [SYSROOT]/bin to PATH by default - .": the
    link went and its dash stayed, and a "[SYSROOT]" placeholder was read aloud."""
    from commitcast.text.sentences import prose_sentences

    said = prose_sentences("The docs say it works by default - https://github.com/rust-lang/rustup/issues/3825. Then more.")
    assert said == ["The docs say it works by default.", "Then more."], said
    whys = _whys(make_repo, "Manually set library paths in the driver script",
                 "Rustup 1.27.1 no longer adds `[SYSROOT]/bin` to `PATH` by default - https://github.com/x/y/issues/3. "
                 "The driver script now sets the library path itself.")  # fmt: skip
    assert not any("SYSROOT" in text or text.endswith("- .") for _, text in whys), whys


def test_a_titles_adverb_keeps_its_verb_and_a_deed_names_what_it_added() -> None:
    """curl "cmake: really enable warnings with clang" was told "reallied enable warnings"; "THANKS:
    added from the 7.86.0 release" was told "added from the 7.86.0 release", naming nothing added;
    u-boot's "is_cortex_a() functions" was "the is cortex a function functions"."""
    assert deed_of("really enable warnings with clang") == "really enabled warnings with clang"
    assert deed_of("added from the 7.86.0 release") is None
    assert deed_of("Convert boards over to is_cortex_a() functions") == "converted boards over to the is cortex a functions"
    assert plain_words("call foo() here") == "call the foo function here"


def test_a_bots_group_update_to_a_version_names_the_dependencies(make_repo: MakeRepo) -> None:
    """vue #10176 "chore(deps): update test to ^1.2.1" (renovate) was told "updated the test to ^1.2.1";
    "test" is renovate's group of test packages, and no test changed."""
    repo = make_repo("renovate-group")
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-01-21T09:00:00Z")
    repo.commit("chore(deps): update test to ^1.2.1 (#10176)", files={"package.json": "{}\n", "pnpm-lock.yaml": "x\n" * 40},
                author="renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>", when="2024-01-22T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2024-01-22", Show(name="Vue", slug="vue")))
    assert "updated the test dependencies to version 1.2.1" in text, text
    assert "updated the test to" not in text


# ------------------------------------------------------------------ round 14: a fresh blind round
def test_a_change_spread_over_unnamed_folders_is_in_no_named_area() -> None:
    """A docs fix across six folders, one of them a named backend, was told "a fix in Arm"; a
    change that is mostly one area still is."""
    resolver = AreaResolver(overrides={"backends/arm": "Arm"})
    spread = [FileChange(f"{d}/README.md", "M", added=2, deleted=2) for d in ("backends/arm", "exir", "kernels", "runtime", "devtools", "extension")]
    code = [FileChange(f"{d}/x.py", "M", added=2, deleted=2) for d in ("backends/arm", "exir", "kernels", "runtime", "devtools", "extension")]
    assert resolver.named_of_files(spread) == set() and resolver.named_of_files(code) == set()
    mostly = [FileChange("backends/arm/quantizer.py", "M", added=60, deleted=10), FileChange("exir/pass.py", "M", added=3, deleted=1)]
    assert resolver.named_of_files(mostly) == {"Arm"}


def test_a_typo_fix_quoting_both_spellings_is_housekeeping(make_repo: MakeRepo) -> None:
    """executorch #18905 "Fix 'occured' -> 'occurred' typos in backends and exir tracer" was a story
    "A fix in Cadence"; it corrects a word, not a bug."""
    change = _change(make_repo, "Fix 'occured' -> 'occurred' typos in backends and exir tracer (#18905)",
                     {"backends/cadence/a.py": "1\n"})  # fmt: skip
    assert classify(change, parse_subject(change.title)).kinds[0] == "chore"


def test_a_c_member_is_said_as_the_field_it_is() -> None:
    """u-boot "env: fat, ubi: Fix gd->env_valid for the first write" was told "fixed gd to env valid"."""
    assert plain_words("Fix gd->env_valid for the first write") == "Fix the env valid field for the first write"
    assert plain_words("fix dev->ops->start() call") == "fix the start call"
    assert plain_words("Map old -> new names") == "Map old to new names"


def test_close_without_s_names_the_pull_request_too() -> None:
    """curl b9014d4bc ends "Close #13699": it came through PR 13699, no direct commit."""
    from commitcast.ingest.trailers import split_trailers

    assert split_trailers("Some text here.\n\nClose #13699") == ("Some text here.", {"Closes": ["#13699"]})


def test_retold_titles_keep_names_numbers_and_platforms() -> None:
    """executorch "Whisper targets" was told "whispered targets"; clippy "Fix 10021" was "fixed 10021";
    curl "FreeBSD/arm64" was "arm64"; vue "use NO instead of ()=>false" was "… of () to false"."""
    from commitcast.text import retell_title

    assert retell_title("Whisper targets") is None and retell_title("Refactor tests") is not None
    assert deed_of("Fix 10021") == "fixed issue 10021"
    assert plain_words("add NetBSD, OpenBSD, FreeBSD/arm64 and OmniOS jobs") == "add NetBSD, OpenBSD, FreeBSD on arm64 and OmniOS jobs"
    assert plain_words("use NO instead of ()=>false") == "use NO instead of a function returning false"


def test_an_unquoted_revert_says_what_it_undid_apart_from_why() -> None:
    """pip 1c6d1e3a0 "Revert StreamWrapper removal to restore Python 3.9.0 compat" was told as rolling
    back "StreamWrapper removal to restore … compat": the compat is why, the removal what."""
    from commitcast.ingest.reverts import parse_revert

    revert = parse_revert("Revert StreamWrapper removal to restore Python 3.9.0 compat", "Partial revert.")
    assert revert is not None and (revert.title, revert.reason) == ("StreamWrapper removal", "to restore Python 3.9.0 compat")
    quoted = parse_revert('Revert "Add x to fix y"', "This reverts commit 502d08cc404625c9687e0c1aa08f502994e0fc18.")
    assert quoted is not None and (quoted.title, quoted.reason) == ("Add x to fix y", None)


def test_the_summary_counts_a_bots_change_and_never_says_it_rounds_out_the_day(make_repo: MakeRepo) -> None:
    """pip 2025-01-11 "3 changes from 2 authors" left out pre-commit-ci's; "Alongside it, new work in
    phy rounds out 6 changes" sounded like all the day was told."""
    repo = make_repo("summary-bots")
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-01-10T09:00:00Z")
    repo.commit("Fix a crash in the resolver when the index is empty (#1)", files={"r.py": "1\n" * 30},
                author="Ann Lee <ann@a.org>", when="2025-01-11T09:00:00Z")  # fmt: skip
    repo.commit("Add a progress bar to the installer (#2)", files={"p.py": "1\n" * 30},
                author="Bo Chen <bo@b.org>", when="2025-01-11T10:00:00Z")  # fmt: skip
    repo.commit("[pre-commit.ci] pre-commit autoupdate (#3)", files={".pre-commit-config.yaml": "x\n"},
                author="pre-commit-ci[bot] <66853113+pre-commit-ci[bot]@users.noreply.github.com>",
                when="2025-01-11T11:00:00Z")  # fmt: skip
    summary = _plan(repo, "2025-01-11").summary
    assert "3 changes from 2 people and a bot" in summary, summary
    assert "round" not in summary


def test_a_reported_bug_fixed_is_a_fix_whatever_the_title_says(make_repo: MakeRepo) -> None:
    """curl 363d039b2 "http: move Curl_allow_auth_to_host()" with "Reported-by:" and "Fixes #8772"
    was told as a move in the quick hits while a one-line print format change led the day."""
    repo = make_repo("reported-bug")
    repo.commit("Start", files={"a.c": "1\n"}, when="2022-04-28T09:00:00Z")
    repo.commit("msh3: print boolean value as text representation\n\nPrint the boolean value as its string "
                "representation instead of with %hhu.\n\nCloses #8763", files={"lib/msh3.c": "x\n"},
                author="Daniel Gustafsson <dg@a.org>", when="2022-04-29T09:00:00Z")  # fmt: skip
    repo.commit("http: move Curl_allow_auth_to_host()\n\nIt was mistakenly put within the wrong #ifdef\n\n"
                "Reported-by: Michael Olbrich\nFixes #8772\nCloses #8775", files={"lib/http.c": "y\n" * 15},
                author="Daniel Stenberg <ds@b.org>", when="2022-04-29T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2022-04-29")
    assert "move Curl_allow_auth_to_host" in plan.stories[0].changes[0].title
    text = _text(plan)
    assert "fix in HTTP: Daniel Stenberg moved the Curl allow auth to host function" in text, text


def test_a_release_item_of_type_fix_is_said_as_a_fix() -> None:
    """uv 0.8.8's "fix: Use 3.9 compatible zip" was "used 3.9 compatible zip", heard as new work."""
    from commitcast.write.stories import _said_item

    assert _said_item("fix: Use 3.9 compatible zip") == "a fix, to use 3.9 compatible zip"
    assert _said_item("Fix crash in x") == "fixed a crash in x"


def test_a_why_opening_with_currently_reads_on_from_the_host() -> None:
    """executorch 2025-08-11: "As Zuby Afzal explains, Currently, clone ops are removed …"."""
    from commitcast.write.retell import retold

    assert retold("Currently, clone ops are removed during export.") == "currently, clone ops are removed during export."


def test_editorial_weights_of_a_wording_fix_a_test_label_and_a_reformat(make_repo: MakeRepo) -> None:
    """curl 2022-05-05 led with "mbedtls: fix some error messages" (their wording) over EC public key
    support; "data/test376: set a proper name" was "in data"; cmake's "if(BUILD_TESTING) branches"
    were heard as git branches; "implement load into …" was "implemented a load into"."""
    change = _change(make_repo, "mbedtls: fix some error messages", {"lib/vtls/mbedtls.c": "1\n"})
    assert classify(change, parse_subject(change.title)).kinds[0] == "chore"
    assert tag_area("data/test376") == "tests"
    assert deed_of("merge two if(BUILD_TESTING) branches") == "merged two blocks under the build testing setting"
    assert deed_of("implement load into and dont hold onto the segment") == "implemented load into and stopped holding onto the segment"
    assert deed_of("add hint for venv") == "added a hint for venv"


def test_a_release_does_not_carry_the_commit_that_opened_its_cycle(make_repo: MakeRepo) -> None:
    """pip 25.1.1 counted "Bump for development" (which opened the cycle after 25.1) as a change it carries."""
    repo = make_repo("pip-cycle")
    start = repo.commit("Start", files={"a.txt": "1\n"}, when="2025-04-26T09:00:00Z")
    repo.tag("25.1", start, message="25.1", when="2025-04-26T10:00:00Z")
    repo.commit("Bump for development", files={"src/pip/__init__.py": "25.2.dev0\n"}, when="2025-04-26T11:00:00Z")
    repo.commit("Fix the resolver's crash (#13)", files={"src/pip/r.py": "x\n" * 20}, author="Ann Lee <ann@a.org>",
                when="2025-05-01T09:00:00Z")  # fmt: skip
    repo.commit("Bump for release", files={"src/pip/__init__.py": "25.1.1\n"}, when="2025-05-02T09:00:00Z")
    repo.tag("25.1.1", message="25.1.1", when="2025-05-02T10:00:00Z")
    (release,) = _landed(repo, "2025-05-02").releases
    assert release.changes == 1, release


def test_a_link_in_parentheses_or_after_see_leaves_no_trace() -> None:
    """torchtitan #592 "adds DTensor Context Parallel (https://…/131351) option" was told "Context
    Parallel () option"; "…, see https://…" left "see ."."""
    from commitcast.text.sentences import prose_sentences

    said = prose_sentences("This PR adds DTensor Context Parallel\n(https://github.com/pytorch/pytorch/pull/131351) option. "
                           "Call f() here, see https://x.org/a. Stop here, please.")  # fmt: skip
    assert said == ["This PR adds DTensor Context Parallel option.", "Call f() here.", "Stop here, please."], said


# ------------------------------------------------------------------ round 15: the r23 blind round
def test_a_title_marked_revert_at_its_end_is_a_revert() -> None:
    """curl fe7f050e5 "GHA: include runner CPU arch in cache keys (revert)" was told as including it."""
    from commitcast.ingest.reverts import parse_revert

    revert = parse_revert("GHA: include runner CPU arch in cache keys (revert)",
                          "Drop runner.arch.\n\nRevert ff78af5752fdf580e5beef743f932cc1625228c3 #20234")  # fmt: skip
    assert revert is not None and revert.kind == "revert"
    assert (revert.title, revert.sha) == ("include runner CPU arch in cache keys", "ff78af5752fdf580e5beef743f932cc1625228c3")


def test_titles_that_name_things_are_not_told_as_deeds() -> None:
    """uv "Windows launchers using posy trampolines" was "windowed launchers", "Progress bars for uv
    publish" was "progressed bars", "Refactoring before list" was "the before list"; executorch
    "Pass to fuse activations" was "passed to fuse activations", "Getting Started, …" was "got Started"."""
    from commitcast.text.retelling import present_tense

    for title in ("Windows launchers using posy trampolines", "Progress bars for uv publish",
                  "Pass to fuse activations", "Getting Started, compare against reference eager model"):  # fmt: skip
        assert deed_of(title) is None, title
    assert deed_of("Refactoring before list") == "refactored before list"
    assert deed_of("Report errors early") == "made it report errors early"  # what the program now does
    assert deed_of("Pass the flag to x") == "passed the flag to x"
    # a headline's present keeps every deed in it: no "Makes … and Used It"
    assert present_tense("fixed zizmor 1.10.0 warnings, updated names") == "fixes zizmor 1.10.0 warnings, updates names"
    assert present_tense("stopped delaying RST send") == "No Longer delays RST send"


def test_trouble_denied_is_no_problem_and_a_shown_design_is_no_promise(make_repo: MakeRepo) -> None:
    """curl 0928de3b2 "AFAICT it could not cause an issue before this patch" was told as the problem;
    executorch #13835 "each operator will have its own test file, as seen in the next diff" as what's next."""
    from commitcast.analyse.why import _role

    assert _role("AFAICT it could not cause an issue before this patch.") == "context"
    assert _role("This caused a crash on startup.") == "problem"
    change = _change(make_repo, "Add a test suite\n\nEach operator will have its own test file, as seen in the next diff.\n\n"
                     "More operators will be added in a follow-up PR.", {"t.py": "1\n"})  # fmt: skip
    assert promises(change) == ["More operators will be added in a follow-up PR."]


def test_work_the_merge_bot_landed_unnamed_is_a_persons(make_repo: MakeRepo) -> None:
    """executorch #13835 (pytorchbot, no co-author): "a bot introduced … testing suite" was no bot's work."""
    change = _change(make_repo, "[ET-VK] Introduce custom op testing suite (#13835)", {"t.py": "1\n"})
    landed = replace_authors(change, "pytorchbot")
    assert credited(landed) == ["a contributor"] and not is_bot_change(landed)
    revert = replace_authors(_change(make_repo, 'Revert "Add x (#1)"', {"x.py": "1\n"}), "PyTorch MergeBot")
    assert credited(revert) == ["PyTorch MergeBot"] and is_bot_change(revert)


def replace_authors(change: Change, name: str) -> Change:
    from dataclasses import replace

    from commitcast.model import Person

    return replace(change, authors=[Person(name, "bot@example.com")])


def test_a_day_with_a_small_series_says_its_commits_too(make_repo: MakeRepo) -> None:
    """u-boot 2025-06-22: "three changes from three people landed" hid that one was a series of two."""
    repo = make_repo("small-series")
    repo.commit("Start", files={"a.c": "1\n"}, when="2025-06-21T09:00:00Z")
    base = repo.tip("main")
    repo.commit("tools: fix rsa build", files={"tools/rsa.c": "x\n" * 10}, author="Shiji Yang <s@a.org>",
                branch="series", parents=[base], when="2025-06-21T10:00:00Z")  # fmt: skip
    repo.commit("tools: fix fit_check_sign build", files={"tools/fit.c": "x\n" * 10}, author="Shiji Yang <s@a.org>",
                branch="series", when="2025-06-21T11:00:00Z")  # fmt: skip
    repo.commit("board: load LDFW late", files={"board/x.c": "y\n" * 5}, author="Sam Protsenko <sp@b.org>",
                when="2025-06-22T08:00:00Z")  # fmt: skip
    repo.merge("series", 'Merge patch series "rsa and fit_check_sign build fix"\n\nShiji Yang <s@a.org> says:\n\n'
               "This patchset fixes some compilation errors.", author="Tom Rini <trini@c.org>",
               when="2025-06-22T12:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-06-22"))
    assert "two changes from two people landed, three commits in total" in text, text


def test_a_release_notes_sync_never_leads_a_day_and_titles_spell_acronyms(make_repo: MakeRepo) -> None:
    """curl 2025-06-29 was titled "Release Notes: A Change" from "RELEASE-NOTES: synced"; 2025-06-12's
    title said "in Tls"."""
    from commitcast.analyse.titles import title_case

    repo = make_repo("notes-sync")
    repo.commit("Start", files={"a.c": "1\n"}, when="2025-06-28T09:00:00Z")
    repo.commit("RELEASE-NOTES: synced", files={"RELEASE-NOTES": "x\n" * 100}, when="2025-06-29T09:00:00Z")
    repo.commit("GHA: make the spacecheck say line number for trailing space errors", files={".github/scripts/s.pl": "y\n" * 6},
                when="2025-06-29T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-06-29")
    assert "spacecheck" in plan.stories[0].changes[0].title, plan.title
    assert title_case("removes curl ssl false start in tls") == "Removes Curl SSL False Start in TLS"


# ------------------------------------------------------------------ round 16: the r24 blind round
def test_r24_titles_said_as_they_are_meant() -> None:
    """curl "hostcheck: pass in pattern length too" was "passed hostcheck in pattern length"; u-boot
    "ARM: renesas: Disable … on all boards" was "on all boards"; "Subordinate CPUs psci setup vector"
    was "subordinated CPUs"; ao "…model outputs, weight gradients, …" was "weighted gradients";
    executorch "Android backend used by method" was "landed an android backend"; curl's
    "checkProxyheaders" was read as code."""
    from commitcast.text import dependency_deed, noun_phrase

    assert parse_subject("hostcheck: pass in pattern length too").topic == "pass in pattern length too"
    assert parse_subject("dllmain: exclude from Cygwin builds").topic == "exclude dllmain from Cygwin builds"
    assert parse_subject("ARM: renesas: Disable CONFIG_ENV_OVERWRITE on all boards").topic.endswith("on all renesas boards")
    assert deed_of("Subordinate CPUs psci setup vector") is None
    assert deed_of("Add unit tests validating model outputs, weight gradients, input gradients match") == (
        "added unit tests validating model outputs, weight gradients, input gradients match")
    assert deed_of("Fix X, add tests and update docs") == "fixed X, added tests and updated docs"
    # a deed after a comma with a plural object is still a deed (curl 2025-06-23's "…, refer headers with …")
    assert deed_of("drop explicit curlx from hdr paths, refer headers with a prefix") == (
        "dropped the explicit curlx from hdr paths and referred headers with a prefix")
    assert noun_phrase("Android backend used by method") is None
    assert plain_words("fix checkProxyheaders on macOS") == "fix check proxyheaders on macOS"
    # vue: renovate's "update pnpm to v10.9.0" updates the tool; "update compiler" a group
    assert dependency_deed("updated pnpm to v10.9.0") == "updated pnpm to version 10.9.0"
    assert dependency_deed("updated compiler") == "updated the compiler dependencies"


def test_r24_counts_and_highlights(make_repo: MakeRepo) -> None:
    """curl "Cloes #13267" named a PR; vue 2023-09-20's renovate PRs co-authored by Kevin Deng were
    "two changes from a bot"; pip 25.2's "re-enable blank issues" was a highlight of the release."""
    from commitcast.analyse.releases import _TOOLING
    from commitcast.ingest.trailers import split_trailers

    assert split_trailers("Text.\n\nCloes #13267")[1] == {"Closes": ["#13267"]}
    assert _TOOLING.search("Re-enable blank issues")
    repo = make_repo("bot-coauthor")
    repo.commit("Start", files={"a.txt": "1\n"}, when="2023-09-19T09:00:00Z")
    repo.commit("chore(deps): update compiler (#9157)\n\nCo-authored-by: Kevin Deng <k@d.org>",
                files={"package.json": "{}\n", "packages/compiler-sfc/src/x.ts": "y\n"},
                author="renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>", when="2023-09-20T09:00:00Z")  # fmt: skip
    repo.commit("chore(deps): update build (major) (#9158)\n\nCo-authored-by: Kevin Deng <k@d.org>",
                files={"package.json": "{1}\n", "rollup.config.js": "z\n"},
                author="renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>", when="2023-09-20T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2023-09-20", Show(name="Vue", slug="vue"))
    assert "2 changes from 1 person and a bot" in plan.summary, plan.summary
    assert "from one co-author and a bot" in _text(plan), _text(plan)


def test_r24_sentences_end_where_their_author_ended_them() -> None:
    """curl c415bbfe3's "…recognize either" lost its last line "OpenSSL 3.1 or 3.2."; executorch's
    "this enables https://… to work correctly" was told "this enables to work correctly"; Renesas
    "RZ/G2L" was "RZ and G2L"."""
    from commitcast.text.sentences import prose_sentences

    body = "I failed to come with anything that made CMake recognize either\nOpenSSL 3.1 or 3.2.\n\nNumbers:\n12.3 45.6 78.9"
    assert prose_sentences(body)[0].endswith("recognize either OpenSSL 3.1 or 3.2.")
    said = prose_sentences("This enables https://github.com/x/y/pull/3 to work correctly. It comes from https://x.org/a. "
                           "Fixed the bug - https://x/y. Call f() here, see https://x.org/c.")  # fmt: skip
    assert said == ["This enables https://github.com/x/y/pull/3 to work correctly.", "It comes from https://x.org/a.",
                    "Fixed the bug.", "Call f() here."], said  # fmt: skip
    assert plain_words("add RZ/G2L support") == "add RZ G2L support"
    assert plain_words("LMM/CPU protocol") == "LMM and CPU protocol"


# ------------------------------------------------------------------ round 17: the r25 blind round
def test_r25_a_delay_set_is_no_speed_up_and_people_under_two_spellings_are_one() -> None:
    """u-boot 2025-11-06 "Reduce poll delay from 100s to 100ms" (a review note) became "Rswitch Gets
    1000 Times Faster"; executorch "Hansong" beside "Hansong Zhang", and "Abhinayk" beside "Abhinay
    Kukkadapu", were counted twice."""
    from commitcast.model import Person
    from commitcast.text import facts_from_text
    from commitcast.text.identities import count_people

    assert facts_from_text(["Reduce poll delay from 100s to 100ms."], "abc", None) == []
    assert facts_from_text(["This cuts the runtime from 100s to 10s."], "abc", None)
    assert count_people([Person("Hansong", "a@x.org"), Person("Hansong Zhang", "b@y.org")]) == 1
    assert count_people([Person("Abhinayk", "a@x.org"), Person("Abhinay Kukkadapu", "b@y.org")]) == 1
    # a first name shared by two full names says nothing of which one it is
    assert count_people([Person("Kevin", "a@x.org"), Person("Kevin Deng", "b@y.org"), Person("Kevin Smith", "c@z.org")]) == 3


def test_r25_titles_and_quotes_keep_their_scope(make_repo: MakeRepo) -> None:
    """executorch "portable: accumulate in fp32 for …" was "accumulated portable in fp32"; "MLX delegate
    part 3" was "landed an MLX delegate"; "That's visible as incorrect depth output" was quoted
    without the sentence it points back at."""
    from commitcast.text import noun_phrase

    assert parse_subject("portable: accumulate in fp32 for Half/BFloat16").topic == "accumulate in fp32 for Half/BFloat16"
    assert noun_phrase("MLX delegate part 3") is None
    whys = _whys(make_repo, "Fix fp16 drift in the bilinear kernel",
                 "The fp16 kernel drifted by 1e-2 on large inputs. That's visible as incorrect depth output in the model.")
    assert not any(text.startswith("That") for _, text in whys), whys


# ------------------------------------------------------------------ round 18: the r26 blind round
def test_r26_names_standards_constants_and_forge_issues() -> None:
    """pip "PEP 691: JSON-based simple index API" was "pepped 691"; torchtitan "PyTorch depends on
    psutil" was "landed PyTorch depends on psutil"; clippy "msrvs::ASSIGNING_CLONES" was a "setting";
    "the original idea in the linked issue" was told as the problem; u-boot's "This patch set adds …"
    was "the change sets adds"; curl's "THANKS: added from the 7.86.0 release" was "landed an added";
    "$(PHASE_)rsa" was read out."""
    from commitcast.analyse.why import _role
    from commitcast.text import noun_phrase
    from commitcast.write.retell import retold

    assert deed_of("PEP 691: JSON-based simple index API interaction") is None
    assert deed_of("Add PEP 691 support") == "added PEP 691 support"
    assert noun_phrase("PyTorch depends on psutil") is None and noun_phrase("added from the 7.86.0 release") is None
    assert deed_of("Rename msrvs::ASSIGNING_CLONES to msrvs::CLONE_INTO") == "renamed the assigning clones constant to the clone into constant"
    assert _role("The original idea in the linked issue seemed to be just about arrays.") is None
    assert _role("This caused an issue with the parser on Windows.") == "problem"
    assert retold("This patch set adds support for falcon boot.") == "the change adds support for falcon boot."
    assert plain_words("fix a typo in $(PHASE_)RSA_VERIFY help") == "fix a typo in the RSA verify help"


def test_r26_credit_scope_and_severity_read_from_what_the_message_says(make_repo: MakeRepo) -> None:
    """executorch bfa49ae02: Hansong landed Vivek Trivedi's #6465 as #6595 and was credited with it;
    curl "test 766: flag as timing-dependent" was "tested 766"; "the torch:: namespace" was "the
    Torch:"; u-boot "Fix buffer overflow" in a name buffer was called "a security fix"; "This little
    series …" was told as the problem."""
    from dataclasses import replace

    from commitcast.analyse.claims import strong
    from commitcast.analyse.why import _role
    from commitcast.model import Person, PullRequest

    body = "Make q linear faster.\n\nPull Request resolved: https://github.com/pytorch/executorch/pull/6465\nCo-authored-by: Vivek Trivedi <v@t.org>"
    change = _change(make_repo, f"[ET-VK] Reduce int precision in q linear op (#6595)\n\n{body}", {"q.glsl": "1\n"})
    change = replace(change, authors=[Person("Hansong", "h@z.org"), Person("Vivek Trivedi", "v@t.org")], pr=PullRequest(6595))
    assert credited(change) == ["Vivek Trivedi", "Hansong"]
    own = replace(change, pr=PullRequest(6465))
    assert credited(own) == ["Hansong", "Vivek Trivedi"]
    assert parse_subject("test 766: flag as timing-dependent").topic == "flag test 766 as timing-dependent"
    assert deed_of("Migrate some random files away from the torch:: namespace") == "migrated some random files away from the torch namespace"
    assert _role("This little series fixes a few problems with the bootstd tests.") == "change"
    overflow = _change(make_repo, "net: ti: am65-cpsw: Fix buffer overflow\n\nThere is no boundary check.", {"drivers/net/ti/am65.c": "x\n" * 9})
    from commitcast.analyse.annotate import annotate as annotate_change

    item = annotate_change(overflow, 0, AreaResolver())
    assert "security" not in strong(item.claims, "severity")


# ------------------------------------------------------------------ round 19: the r27 blind round
def test_r27_a_fix_typed_noun_title_a_test_change_and_a_mostly_focused_group(make_repo: MakeRepo) -> None:
    """pip #10911 "fix: spelling mistakes and typos" was "landed spelling mistakes and typos"; pip's
    "Tests: Open SVN dump file in binary mode" was heard as pip's own SVN handling; executorch
    2025-11-05's six Vulkan changes, five on SDPA, were "six changes on SDPA"."""
    repo = make_repo("r27")
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-11-04T09:00:00Z")
    repo.commit("fix: spelling mistakes and typos (#10911)", files={"docs/a.md": "x\n"}, author="Yusuke Hayashi <y@h.org>",
                when="2025-11-05T08:00:00Z")  # fmt: skip
    repo.commit("Tests: Open SVN dump file in binary mode (#13650)", files={"tests/lib/local_repos.py": "x\n"},
                author="Paresh Joshi <p@j.org>", when="2025-11-05T08:30:00Z")  # fmt: skip
    for n, title in enumerate(("SDPA: add a fused kernel", "SDPA: tile the softmax", "SDPA: cache the mask",
                               "SDPA: split the heads", "SDPA: reuse the buffers", "Add a per-row reduction shader")):  # fmt: skip
        repo.commit(f"[ET-VK] {title} (#{20 + n})", files={f"backends/vulkan/s{n}.glsl": "y\n" * 40},
                    author="Stephen Jia <s@j.org>", when=f"2025-11-05T1{n}:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-11-05"))
    assert "Yusuke Hayashi fixed spelling mistakes and typos" in text, text
    assert "SVN dump file in binary mode in the tests" in text, text
    assert "most of them on SDPA" in text and "six changes on SDPA" not in text, text


def test_a_cover_letters_says_line_and_addresses_are_no_words_of_it() -> None:
    """u-boot 2024-10-14: "The backstory, per Raymond Mao: Raymond Mao <…@…> says: Integrate MbedTLS …"."""
    from commitcast.text.sentences import prose_sentences

    said = prose_sentences("Raymond Mao <raymond.mao@linaro.org> says:\n\nIntegrate MbedTLS v3.6 LTS with U-Boot.\n"
                           "Thanks to Ann <a@b.org> for it.")  # fmt: skip
    assert said == ["Integrate MbedTLS v3.6 LTS with U-Boot.", "Thanks to Ann for it."], said


# ------------------------------------------------------------------ round 20: the r28 blind round
def test_r28_titles_review_notes_and_revision_logs(make_repo: MakeRepo) -> None:
    """uv "Source dist metadata refactor" was "sourced"; executorch "upgrade setuptools and wheel on
    install" was "wheeled"; vue "update vite … and related dependencies" was "Relating Dependencies";
    clippy's "STRING_ADD example" was "a the string add setting example"; torchtitan's "How to review?
    a. Read the contents …" was told as what changed; u-boot's "from v3, the size-growth is slightly
    reduced" was heard as MbedTLS v3."""
    from commitcast.analyse.why import _usable
    from commitcast.text import noun_phrase
    from commitcast.text.retelling import gerund_of

    assert deed_of("Source dist metadata refactor") is None
    assert deed_of("upgrade setuptools and wheel on install") == "upgraded setuptools and wheel on install"
    assert gerund_of("updated vite to v7.3.1 and related dependencies") == "Updating vite to v7.3.1 and related dependencies"
    assert noun_phrase("STRING_ADD example") == "the string add example"
    assert not _usable("From v3, the size-growth is slightly reduced by refactoring the hash wrappers.")
    whys = _whys(make_repo, "Rework the sum digits task", "Move the task into its own module.\n\nHow to review?\n"
                 "a. Read the contents in tasks/sum_digits first.\nb. Then the trainer.")  # fmt: skip
    assert not any("Read the contents" in text or "reads the contents" in text for _, text in whys), whys


# ------------------------------------------------------------------ round 21: the r29 blind round
def test_r29_a_two_person_group_names_both_and_a_bugfix_title_is_a_fix(make_repo: MakeRepo) -> None:
    """u-boot 2025-06-28's opening said "Fiona Klute landed two changes" of a pull with Ilias
    Apalodimas' patch; ao's "bugfix clean_release_notes.py" was "landed bugfix the clean release notes file"."""
    assert deed_of("bugfix clean_release_notes.py") == "fixed the clean release notes file"
    assert deed_of("Bugfix: handle empty lists") == "handled empty lists"
    repo = make_repo("two-in-a-pull")
    repo.commit("Start", files={"a.c": "1\n"}, when="2025-06-27T09:00:00Z")
    base = repo.tip("main")
    repo.commit("doc: Mention that extlinux.conf can use environment in 'append'", files={"doc/a.rst": "x\n"},
                author="Fiona Klute <f@k.org>", branch="efi", parents=[base], when="2025-06-27T10:00:00Z")  # fmt: skip
    repo.commit("efi_loader: Initialize 'total' variable", files={"lib/efi_loader/b.c": "y\n"},
                author="Ilias Apalodimas <i@a.org>", branch="efi", when="2025-06-27T11:00:00Z")  # fmt: skip
    repo.merge("efi", "Merge tag 'efi-2025-07-rc6' of https://source.denx.de/u-boot/custodians/u-boot-efi\n\n"
               "Pull request efi-2025-07-rc6", author="Tom Rini <t@r.org>", when="2025-06-28T12:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-06-28"))
    assert "Fiona Klute landed two changes" not in text, text


def test_r29_pr_numbers_pairs_and_passes() -> None:
    """executorch "… (#14178) (D81730890)" was a direct commit; "Clamp/Clamp" was "and Clamp"; "Pass
    which replaces …" was "passed which replaces"."""
    from commitcast.ingest.refs import title_pr

    assert title_pr("Modify passes to take exported program. (#14178) (D81730890)") == ("Modify passes to take exported program.", 14178)
    assert (deed_of("Add Fusing for Conv/Binary Ops, Clamp/Binary Ops, and Clamp/Clamp") or "").endswith("and Clamp and Clamp")
    assert deed_of("Pass which replaces torch quantized embedding byte with cadence variant") is None


def test_a_link_written_across_lines_keeps_its_words_not_its_brackets() -> None:
    """clippy #13922: "I [recently realized … when it" / "available](https://…)." was quoted with its brackets."""
    from commitcast.text.sentences import prose_sentences

    body = "I [recently realized that `.last()` might not call `next_back()` when it\nis\navailable](https://q.fr/a/).\nMore."
    assert prose_sentences(body)[0] == "I recently realized that .last() might not call next_back() when it is available."


# ------------------------------------------------------------------ round 22: the r30 blind round
def test_r30_series_merges_compiler_errors_and_automation_logins() -> None:
    """u-boot "Merge a patch series to improve dc2114x support" was "Hanyuan Zhao merged a patch
    series"; clippy "don't ICE on empty tuples" was "No Longer Ices"; uv's co-author "zaniebot" was a person."""
    from commitcast.text import is_bot_name

    assert deed_of("Merge a patch series to improve dc2114x support") == "landed a patch series to improve dc2114x support"
    assert deed_of("don't ICE on empty tuples") == "fixed an internal compiler error on empty tuples"
    assert is_bot_name("zaniebot") and not is_bot_name("Talbot") and not is_bot_name("abbot")
    from commitcast.write.retell import retold

    # u-boot 2025-11-06: "As Marek Vasut describes it, the change from Marek Vasut brings …"
    assert retold("This series from Marek Vasut brings some enhancements.") == "the change brings some enhancements."


def test_a_capitalised_name_is_a_setting_only_where_something_sets_it() -> None:
    """clippy's SELF_ASSIGNMENT lint, ao's TORCH_LIBRARY macro and u-boot's EXIT_BOOT_SERVICES call were
    each said as "… setting" (r26, r28); a CONFIG_ symbol, or one enabled or defined, still is one."""
    assert plain_words("fix SELF_ASSIGNMENT example") == "fix self assignment example"
    assert plain_words("change TORCH_LIBRARY to TORCH_LIBRARY_FRAGMENT") == "change torch library to the torch library fragment"
    assert plain_words("enable CONFIG_SPL_FIT") == "enable SPL fit setting"
    assert plain_words("disable CURL_DISABLE_HTTP") == "disable curl disable HTTP setting"
    assert plain_words("set CURLOPT_NOPROXY") == "set the curlopt noproxy option"



def test_a_release_highlight_left_unsaid_is_counted_with_the_day() -> None:
    """uv 2024-08-21: the plan set aside all of 0.3.1's picks as said, the script said three, and two
    changes went neither said nor counted ("ten other changes" were twelve)."""
    from commitcast.analyse.releases import said_highlights
    from commitcast.model import Release

    picks = ["Add an export hint (#1)", "Fix the metadata cache (#2)", "Add editable support (#3)",
             "Respect version files (#4)", "Add build isolation to add (#5)"]  # fmt: skip
    release = Release(version="0.3.1", tag="0.3.1", sha="a" * 40, picked=picks)
    # the second pick is told as a story of its own: the script names the next three
    assert said_highlights([release], {"fix the metadata cache"}) == {
        "add an export hint", "add editable support", "respect version files"}



def test_a_size_leaves_out_what_a_tool_wrote_or_another_project_owns(b: SimpleNamespace) -> None:
    """uv 2025-06-24's "big change" was mostly its regenerated uv.schema.json; u-boot's MbedTLS
    import under lib/mbedtls/external/ was told as "590,000 lines" of work."""
    from commitcast.analyse.annotate import code_lines

    change = b.make_change("Bump schemars to 1.0", files=(("uv.schema.json", 900, 5), ("crates/uv/src/a.rs", 100, 5),
                                                          ("lib/mbedtls/external/mbedtls/aes.c", 50, 0)))  # fmt: skip
    assert code_lines(change, "added") == 100


def test_final_check_a_long_label_before_the_deed_and_a_release_branch_pr() -> None:
    """executorch 2026-03-17 "Debugger Converge Phase 1: Introduce debug handle" was "debuggered
    Converge Phase 1"; pip 26.1 counted the previous release's "Release/26.0.1" and its "Bump for
    development" pull requests among the sixty it carries (58)."""
    from commitcast.ingest.releases import _RELEASE_HOUSEKEEPING

    assert deed_of("Debugger Converge Phase 1: Introduce debug handle") == "introduced a debug handle"
    assert deed_of("Fix x: add y") == "fixed x: add y"
    assert _RELEASE_HOUSEKEEPING.search("Release/26.0.1") and _RELEASE_HOUSEKEEPING.search("Bump for development")
    assert not _RELEASE_HOUSEKEEPING.search("Add a progress bar to the installer")


# ------------------------------------------------------------------ round 23: r30's misleading claims
def test_a_release_names_user_features_before_doc_tweaks_and_test_tooling() -> None:
    """curl 8.1.0 was told by "GIT-INFO: add --with-openssl" and "MANUAL.md: add dict example" while
    its new proxy support went unsaid; its test runner's new powers are no news for users either."""
    from commitcast.analyse.releases import highlights
    from commitcast.model import Release

    titles = ["ssh: Add support for libssh2 read timeout", "GIT-INFO: add --with-openssl",
              "MANUAL.md: add dict example for looking up a single definition",
              "runtests: support creating more than one runner process", "cmd: add a dependency on gzip",
              "http2: support HTTP/2 to forward proxies, non-tunneling"]  # fmt: skip
    picked = highlights(Release(version="8.1.0", sha="a" * 40, highlights=titles))
    assert picked == ["ssh: Add support for libssh2 read timeout", "http2: support HTTP/2 to forward proxies, non-tunneling",
                      "cmd: add a dependency on gzip"]  # fmt: skip


def test_a_verb_that_leads_to_another_keeps_its_label_as_the_doer() -> None:
    """curl "hostip: refuse to resolve the .onion TLD" is hostip refusing, not "refused hostip to resolve"."""
    assert parse_subject("hostip: refuse to resolve the .onion TLD").topic == "refuse to resolve the .onion TLD"
    assert parse_subject("dllmain: exclude from Cygwin builds").topic == "exclude dllmain from Cygwin builds"


def test_regressions_added_are_tests_and_an_employers_login_is_its_person() -> None:
    """torchtitan 2026-07-27: "Add CUDA regressions that cross the 2^31 element boundary" made a
    "regression fix" of a latent overflow, and co-author "yuankaichen-amd" was a sixth person
    beside the author Yuankai Chen."""
    from commitcast.analyse.classify import severity_matches
    from commitcast.model import Person
    from commitcast.text.identities import People

    assert severity_matches("Add CUDA regressions that cross the 2^31 element boundary") == []
    assert severity_matches("This fixes a regression from #12") == ["regression"]
    author, login, other = Person("Yuankai Chen", "y@amd.com"), Person("yuankaichen-amd", "1+y@users.noreply.github.com"), Person("Chun Fang", "c@amd.com")
    people = People.of([author, login, other], credits=[[author, login, other]])
    assert people.name(login) == people.name(author) == "Yuankai Chen"
    assert people.name(other) == "Chun Fang"


def test_a_message_that_names_its_author_is_not_told_as_their_words(make_repo: MakeRepo) -> None:
    """u-boot 2024-10-27: Tom Rini's merge "This patch series by Hanyuan Zhao provides …" was told
    "As Hanyuan Zhao describes it, …"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-10-26T09:00:00Z")
    repo.commit("net: dc2114x: improve the driver\n\nThis patch series by Hanyuan Zhao provides a number of "
                "improvements to the dc2114x driver, which now works on more boards.",
                files={"drivers/net/dc2114x.c": "x\n" * 40}, author="Hanyuan Zhao <h@x.org>", when="2024-10-27T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2024-10-27"))
    assert "improvements to the dc2114x driver" in text, text
    assert "Hanyuan Zhao describes" not in text and "per Hanyuan Zhao" not in text and "Hanyuan Zhao puts" not in text


def test_a_time_is_named_for_what_it_measures_and_fixes_in_a_release_are_said_once() -> None:
    """executorch 2026-03-17 "runtime falls from 25 to 9 seconds" was a Metal initialization time;
    "refactored and bug-fix RewriteIndexPutPass"; vue 3.5.39 "one fix, to …, one fix, to … and one fix, to …"."""
    from commitcast.model import Fact
    from commitcast.write.stories import _said_items, fact_phrase

    def said(text: str) -> str:
        return fact_phrase(Fact(text=text, kind="runtime", sha="a" * 40, value=9, unit="s", before=25, after=9, factor=25 / 9))

    assert said("Metal init time 25s -> 9s").startswith("initialization time falls from 25 seconds to 9 seconds")
    assert said("the suite takes 25s -> 9s").startswith("runtime falls")
    assert said("build and load 25s -> 9s").startswith("runtime falls")  # two kinds of time: no guess
    assert deed_of("Refactor and bug-fix RewriteIndexPutPass") == "refactored and fixed bugs in RewriteIndexPutPass"
    assert deed_of("Clean up and simplify the loader") == "cleaned up and simplified the loader"
    assert _said_items(["fix: preserve option modifier event names", "feat: add X support", "fix(x): support named tuple emits"]) == (
        "added X support and two fixes, to preserve option modifier event names and to support named tuple emits")


# ------------------------------------------------------------------ round 24: the r31 blind round
def test_r31_titles_retold_without_garbling() -> None:
    """r31: "moved and enhanced in conncache", "debugged build", "deleted in favor of threaded",
    "recently added the addr width field == 3 test", "channeled last more ops", "excepted black",
    "built backend: Add …", "uv python install the default option", "fixed and syscon support",
    "a clean-up unnecessary unwrap", "added Int4CPULayout and update int4 woq"."""
    def said(title: str) -> str | None:
        return deed_of(parse_subject(title).topic)

    assert said("conncache: conn upkeep/alive: move and enhance") == "moved and enhanced conn upkeep and alive"
    assert said("CI: add autotools, out-of-tree, debug build to distro check job") == (
        "added autotools, out-of-tree, debug build to distro check job")
    assert said("examples/threaded-ssl: delete in favor of `examples/threaded`") == "deleted threaded-ssl in favor of threaded"
    assert said("mtd: spi-nor: Remove recently added nor->addr_width == 3 test") == (
        "removed recently added addr width field equals 3 test")
    assert said("Channels last more ops (#20775)") is None
    assert said("Update pre-commit hooks, except black") == "updated the pre-commit hooks, except black"
    assert said("Build backend: Add functions to collect file list (#9602)") == "added functions to collect file list"
    assert said("Add `uv python install --default` (#8650)") == "added the default option of uv python install"
    assert said("mailbox: mpfs-mbox: fixes and syscon support") is None
    assert said("clean-up `unnecessary_unwrap` a bit (#15489)") == "cleaned up unnecessary unwrap a bit"
    assert said("Add Int4CPULayout and update int4 woq (#1278)") == "added Int4CPULayout and updated int4 woq"
    assert said("lib: fix") is None  # one order alone: no "fixed lib in lib"


def test_r31_evidence_a_fixup_bot_a_sentence_leaning_back_and_regressions_kept_apart(make_repo: MakeRepo) -> None:
    """ao #1278 with "Co-authored-by: github-actions[bot]" (automatic Ruff fixes) was "a bot added …";
    curl b7e38801b's "This results in … the wrong order" described the old behaviour of an untold
    sentence; executorch's "the pass and regressions in separate files" made a regression fix."""
    from commitcast.analyse.classify import severity_matches

    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-11-26T09:00:00Z")
    repo.commit("Add Int4CPULayout and update int4 woq (#1278)\n\n* Apply automatic Ruff fixes\n\n"
                "Co-authored-by: github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>",
                files={"torchao/dtypes/int4.py": "x\n" * 40}, author="YanbingJiang <y@x.org>", when="2024-11-27T09:00:00Z")  # fmt: skip
    repo.commit("lib: keep timestamp in easy handle\n\nThe problem this addresses is that calling the clock has "
                "costs on every platform we support. When some methods use one clock and some another, the "
                "transfer sees non-linear time. This results in timeline checks to report events in the wrong order.",
                files={"lib/easy.c": "y\n" * 40}, author="Stefan Eissing <s@x.org>", when="2024-11-27T10:00:00Z")  # fmt: skip
    changes = _landed(repo, "2024-11-27").changes
    assert not is_bot_change(changes[0]) and credited(changes[0]) == ["YanbingJiang"]
    text = _text(_plan(repo, "2024-11-27"))
    assert "YanbingJiang added Int4CPULayout" in text, text
    assert "This results in" not in text and "this results in" not in text
    assert severity_matches("I kept the pass and regressions in separate files to keep the change cleaner.") == []


def test_r31_a_refactor_or_a_split_is_not_a_big_change_by_its_lines(make_repo: MakeRepo) -> None:
    """uv 2024-12-03 "Split build backend into modules" ("No functional changes") was "a big change:
    about 1,100 lines added and about 1,100 removed"."""
    repo = make_repo()
    repo.commit("Start", files={"crates/b/src/lib.rs": "a\n" * 1200}, when="2024-12-02T09:00:00Z")
    repo.commit("Split build backend into modules (#9599)\n\nNo functional changes.",
                files={"crates/b/src/lib.rs": "b\n" * 100, "crates/b/src/wheel.rs": "c\n" * 1100},
                author="konsti <k@x.org>", when="2024-12-03T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2024-12-03"))
    assert "split build backend into modules" in text, text
    assert "big change" not in text and "lines added" not in text


def test_r31_a_change_is_where_most_of_its_lines_are() -> None:
    """executorch dde9dfd77 "CMake Use python instead of python3 …" changed 21 build files and an
    Arm submodule pointer: told "in Arm" because the pointer was its only "code"."""
    from commitcast.analyse.areas import AreaResolver

    def f(path: str, added: int, deleted: int) -> FileChange:
        return FileChange(path, "M", added=added, deleted=deleted)

    resolver = AreaResolver()
    cmake = [f("backends/arm/third-party/serialization_lib", 1, 1), f("examples/arm/CMakeLists.txt", 7, 4),
             *(f(f"backends/b{i}/CMakeLists.txt", 6, 4) for i in range(8)), f("install_requirements.sh", 6, 6)]  # fmt: skip
    assert "Arm" not in resolver.of_files(cmake)
    assert resolver.of_files([f("backends/arm/a.py", 20, 2), f("CMakeLists.txt", 1, 0)]) == ["Arm"]
    # code with its tests is where its code is
    assert resolver.of_files([f("backends/arm/a.py", 20, 2), f("backends/arm/test/test_a.py", 400, 0)]) == ["Arm"]


def test_r31_a_fix_of_a_filed_issue_is_news_users_hit(b: SimpleNamespace) -> None:
    """executorch 2026-07-14's fix of the channels-last fallback ("Fixes #16507 #11086") lost the day
    to a new NXP op; u-boot's "Fixes: <sha>" names the commit that brought a bug, and curl's
    "Closes #N" its own pull request: neither says a user filed it."""
    from commitcast.analyse.classify import fixes_issue
    from commitcast.analyse.rank import user_visible

    def change(body: str) -> Change:
        return b.make_change("Fix channels-last portable fallback", body=body, files=(("exir/pass.py", 40, 2),))

    assert fixes_issue(change("Fixes #16507 #11086\n\nI kept the pass apart."))
    assert not fixes_issue(change("Fixes: 1234abcd (\"x: y\")")) and not fixes_issue(change("Closes #19961"))
    item = annotate(change("Fixes #16507 #11086"), 0, AreaResolver())
    assert user_visible([item]) > 0 and user_visible([annotate(change("Closes #1"), 0, AreaResolver())]) == 0


# ------------------------------------------------------------------ round 25: the r32 blind round
def test_r32_things_named_are_not_deeds_and_labels_keep_their_meaning() -> None:
    """r32: "konsti wheeled filename …", "embedded vocab parallel", "Julien Stephan pipped index
    versions", "checked the version QNN API", "landed an inference workflow section" (doc
    improvements), "did not suggest turbofishes", "NonZeroU*.the get function"."""
    def said(title: str) -> str | None:
        return deed_of(parse_subject(title).topic)

    assert said("Wheel filename distribution package name (#278)") is None
    assert said("[spmd_types] embedding vocab parallel (#3468)") is None
    assert said("pip index versions: honor only-binary/no-binary options (#13683)") == "made it honor only-binary and no-binary options"
    assert parse_subject("pip index versions: honor only-binary/no-binary options").label == "pip index versions"
    assert (said("Qualcomm AI Engine Direct - Check the version QNN API and backend API (#4998)") or "").startswith("added a check of")
    assert deed_of("Check for null pointers") == "added a check for null pointers"
    assert said("doc improvements: inference workflow section") is None
    assert (deed_of("Move `box_default` to style, do not suggest turbofishes") or "").endswith("stopped suggesting turbofishes")
    assert deed_of("don't warn on `NonZeroU*.get() - 1`") == "stopped warning on NonZeroU get - 1"
    # known orders and objects with an article stay deeds
    assert deed_of("tidy up httpsig options") == "tidied up httpsig options"
    assert deed_of("Support Aspeed SGPIO controller") == "added support for Aspeed SGPIO controller"


def test_r32_what_a_reader_would_want_first_and_counts_said_whole(make_repo: MakeRepo) -> None:
    """clippy 2025-07-10 led with a CI workflow cleanup its author marked "changelog: none" over a
    lint's false alarm fixed (#15225); u-boot 2025-09-01's pull of fifty changes from fourteen
    people was "from ten"; torchtitan 2026-06-12 counted one person's open stack PRs twice."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-07-09T09:00:00Z")
    repo.commit("Cleanup feature_freeze workflow (#15231)\n\nDelete the step and the conditional.\n\n"
                "Use Bearer instead of deprecated token.\n\nchangelog: none",
                files={".github/workflows/feature_freeze.yml": "x\n" * 36}, author="Alexey Semenyuk <a@x.org>",
                when="2025-07-10T09:00:00Z")  # fmt: skip
    repo.commit("`arithmetic_side_effects`: don't warn on `NonZeroU*.get() - 1` (#15238)\n\n"
                "changelog: [`arithmetic_side_effects`]: don't warn on it\n\nfixes rust-lang/rust-clippy#15225",
                files={"clippy_lints/src/operators/arithmetic_side_effects.rs": "y\n" * 40,
                       "tests/ui/arithmetic_side_effects.rs": "z\n" * 29}, author="Samuel Tardieu <s@x.org>",
                when="2025-07-10T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-07-10", Show(name="clippy", slug="clippy"))
    assert plan.stories[0].changes[0].title.startswith("`arithmetic_side_effects`"), [s.headline for s in plan.stories]
    # two of one person's ghstack stacks list the same open PRs: four more, not seven
    stack = "Stack from [ghstack](https://github.com/ezyang/ghstack/tree/0.12.0)\n(oldest at bottom):\n"
    repo.commit("avoid GradAccumulator init (#3652)\n\n" + stack + "* #3278\n* #3472\n* #3632\n* __->__ #3652",
                files={"torchtitan/a.py": "a\n" * 12}, author="Pian Pawakapan <p@x.org>", when="2025-07-10T11:00:00Z")  # fmt: skip
    repo.commit("embedding vocab parallel (#3468)\n\n" + stack + "* #3278\n* #3472\n* #3632\n* #3631\n* __->__ #3468",
                files={"torchtitan/b.py": "b\n" * 12}, author="Pian Pawakapan <p@x.org>", when="2025-07-10T12:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-07-10", Show(name="clippy", slug="clippy"))
    stacks = [n.text for n in plan.whats_next if n.kind == "open_stack"]
    assert stacks and stacks[0].startswith("4 more PRs in Pian Pawakapan's stack"), stacks


def test_r32_sentences_that_lean_on_others_and_rows_of_tables_are_not_the_why(b: SimpleNamespace) -> None:
    """pip a91f4e99c "Fix this by propagating format_control …" after an untold problem; torchtitan
    8f8d749a's results-table row "passes - bit-identical all 100 steps |"; torchtitan #3647's
    "due to failing internal tests" was upstream's revert, and "They have been using topk …"
    spoke of upstream's users."""
    from commitcast.analyse.reverts import revert_reason
    from commitcast.analyse.why import _usable

    assert not _usable("Checkpointer | passes - bit-identical all 100 steps | yes.")
    revert = b.make_change('Revert "Add deterministic topk for MoE routing" (#3647)',
                           body="Reverts pytorch/torchtitan#3600\n\nUpstream PyTorch PR: https://github.com/pytorch/pytorch/pull/186653 was\n"
                         "reverted due to failing internal tests. They have been using topk under the deterministic\n"
                                "algorithms context incorrectly. So reverting this for now, will reland when upstream op is landed.")  # fmt: skip
    assert revert_reason(revert) is None
    bot = b.make_change("Revert x", author="PyTorch MergeBot",
                        body="Reverted https://github.com/pytorch/pytorch/pull/1 on behalf of https://github.com/x due to Broke trunk")  # fmt: skip
    assert revert_reason(bot) == "Broke trunk"


def test_a_groups_examples_are_its_substance_not_its_first_titles() -> None:
    """u-boot 2025-11-06's pull of 28 changes was told by "switched indent from spaces to tabs" and
    "dropped unused macros" while it brought new boards and fixes."""
    from commitcast.model import ChangeRef
    from commitcast.write.stories import sample_refs

    refs = [ChangeRef(sha="1" * 40, title="net: rswitch: Switch indent from spaces to tabs", topic="Switch indent from spaces to tabs", kinds=["refactor"]),
            ChangeRef(sha="2" * 40, title="net: rswitch: Drop unused macros", topic="Drop unused macros", kinds=["chore"]),
            ChangeRef(sha="3" * 40, title="arm64: renesas: Add R-Car V4M Gray Hawk board", topic="Add R-Car V4M Gray Hawk board", kinds=["feature"]),
            ChangeRef(sha="4" * 40, title="gpio: rcar: Fix the pin count", topic="Fix the pin count", kinds=["fix"])]  # fmt: skip
    assert [r.sha[0] for r in sample_refs(refs, limit=2)] == ["3", "4"]


# ------------------------------------------------------------------ round 26: the r33 blind round
def test_r33_words_said_whole_and_labels_taken_as_objects() -> None:
    """r33: "removed next in block" (blk_find_first/next), "added spl pad to Kconfig default value",
    "andmetadata", "made early-pass in let unit with type underscore"."""
    from commitcast.text.clean import clean_title

    assert deed_of("Remove blk_find_first/next") == "removed blk find first and blk find next"
    assert deed_of("add default value for SPL_PAD_TO") == "added a default value for the SPL pad-to"
    assert clean_title("Avoid importing build_env and`metadata modules") == "Avoid importing build_env and metadata modules"
    assert clean_title("use `foo` and `Tensor`s") == "Use foo and Tensors"
    assert deed_of(parse_subject("`let_unit_with_type_underscore`: make early-pass (#15630)").topic) == (
        "made let unit with type underscore early-pass")


def test_r33_evidence_a_revert_line_a_tidy_up_a_bench_crate_and_ghstack_prs(make_repo: MakeRepo) -> None:
    """curl 8c11f3c18 ("Revert 3e3d526c…" in its body) was told as rolling back itself; a 3,082-line
    "tidy-up: miscellaneous" led the day; uv's SHA-256 speed-up was told "in uv bench"; a ghstack
    "Pull-Request:" trailer made a direct commit."""
    from commitcast.analyse.areas import AreaResolver
    from commitcast.analyse.reverts import revert_target

    def f(path: str, added: int) -> FileChange:
        return FileChange(path, "M", added=added, deleted=0)

    resolver = AreaResolver(package_names=frozenset({"uv"}))
    assert resolver.of_files([f("Cargo.lock", 11), f("crates/uv-bench/Cargo.toml", 1), f("crates/uv-bench/benches/uv.rs", 11),
                              f("crates/uv-extract/Cargo.toml", 3)]) == ["uv's extract"]  # fmt: skip
    repo = make_repo()
    repo.commit("Start", files={"lib/a.c": "1\n" * 3000}, when="2026-01-19T09:00:00Z")
    repo.commit("CI: do not codespell `RELEASE-NOTES`\n\nIt contains names.\n\nRevert 3e3d526c4ce4fea3c3a1b46bf55cc1b64fa10c5d\n\nCloses #20378",
                files={".github/workflows/spell.yml": "x\n" * 4}, author="Viktor Szakats <v@x.org>", when="2026-01-20T09:00:00Z")  # fmt: skip
    repo.commit("tidy-up: miscellaneous\n\nCloses #20361", files={"lib/a.c": "2\n" * 3000}, author="Viktor Szakats <v@x.org>",
                when="2026-01-20T10:00:00Z")  # fmt: skip
    repo.commit("lib: auto-detect effective timeout\n\nThe timeout was not applied to the connect phase.\n\nReported-by: A\nFixes #20300\nCloses #20354",
                files={"lib/b.c": "y\n" * 40}, author="Stefan Eissing <s@x.org>", when="2026-01-20T11:00:00Z")  # fmt: skip
    repo.commit("[ET-VK][fix] Widen WAR barrier\n\nPull-Request: https://github.com/pytorch/executorch/pull/20915",
                files={"backends/vulkan/a.cpp": "z\n" * 10}, author="Stephen Jia <j@x.org>", when="2026-01-20T12:00:00Z")  # fmt: skip
    changes = _landed(repo, "2026-01-20").changes
    assert revert_target(changes[0]) == ("an earlier change", False)
    assert changes[-1].pr is not None and changes[-1].pr.number == 20915
    plan = _plan(repo, "2026-01-20", Show(name="curl", slug="curl"))
    assert "tidy" not in plan.stories[0].headline.lower(), [s.headline for s in plan.stories]
    assert "do not codespell" not in _text(plan).split("rolled back", 1)[-1][:60]


def test_r33_a_measured_time_and_share_say_what_they_measure() -> None:
    """uv 2026-07-30: "runtime falls from 1,076 to 208 milliseconds" was SHA-256 hashing; "an 18.7
    percent reduction" was of CPU time."""
    from commitcast.model import Fact
    from commitcast.write.stories import fact_phrase

    hashing = Fact(text="SHA-256 hashing 1076ms -> 208ms", kind="runtime", sha="a" * 40, value=208, unit="ms", before=1076, after=208, factor=5.17)
    assert fact_phrase(hashing).startswith("hashing time falls")
    cpu = Fact(text="18.7% less CPU for a cold package install", kind="reduction", sha="a" * 40, percent=18.7)
    assert fact_phrase(cpu) == "an 18.7 percent reduction in CPU time"


def test_r33_a_list_item_naming_a_step_and_a_reference_mark_are_no_why() -> None:
    """pip 350d41490's bullet "Lazy importing metadata module (which … are slow)" was told as the
    problem; u-boot's "in [1], a test patch … is provided for reference" as the why."""
    from commitcast.analyse.why import _usable

    assert not _usable("Lazy importing metadata module (which transitively imports email and urllib.request which are slow).")
    assert not _usable("In [1], a test patch which illustrates the failure in sandbox is provided for reference.")
    assert _usable("Using a tuple here avoids an allocation on every call.")
    assert _usable("Loading a checkpoint saved on eight GPUs failed on four GPUs.")


def test_a_title_that_opens_with_a_thing_is_not_retold_as_a_deed() -> None:
    """Across the corpora: "attributed cleanup in tests", "chunked response, error code", "parted 3
    of e2e series", "typed inference failure", "overflowed in nbytes", "heaped profiling",
    "furthered minimize …"; the orders titles use stay deeds."""
    for title in ("Attributes cleanup in tests", "chunked response, error code", "Part 3 of e2e series",
                  "type inference failure in mul_add", "overflow in nbytes", "heap profiling at runtime on target",
                  "training header files were not installed", "Tags in tj-actions/changed-files are compromised"):  # fmt: skip
        assert deed_of(title) is None, title
    assert deed_of("Further minimize R8A77965 M3-N PFC tables") == "further minimized R8A77965 M3-N PFC tables"
    assert deed_of("wait for TX FIFO to drain") == "waited for TX FIFO to drain"
    assert deed_of("block NTLM fallback in SPNEGO negotiation") == "blocked NTLM fallback in SPNEGO negotiation"
    assert deed_of("Handles empty input") == "handled empty input"
    assert (deed_of("Add more examples, and a 'Use instead' section, don't be condescending") or "").endswith("stopped being condescending")


def test_a_release_fix_written_as_should_is_heard_as_a_fix_and_a_cut_sentence_is_no_why() -> None:
    """vue 3.4.20's "fix(compiler-core): should not treat uppercase components as special tags" was
    a bare "should not treat …" among what the release carries; executorch b2591bb66's "…, it
    will." was a sentence cut at a line wrap."""
    from commitcast.analyse.why import _usable
    from commitcast.write.stories import _said_items

    assert _said_items(["fix(compiler-core): should not treat uppercase components as special tags"]) == (
        "a fix so that compiler core no longer treats uppercase components as special tags")
    assert not _usable("If major given by the user does not match the built major, it will.")


# ------------------------------------------------------------------ round 27: the r34 blind round
def test_r34_reverts_named_by_what_they_quote(make_repo: MakeRepo, b: SimpleNamespace) -> None:
    """pip 2026-04-15's merged "Revert #13829" was "rolled back the change '#13829'" beside the change
    it undid, told as landed; Meta's backout bot's 'Revert D1: Multisect successfully blamed "D1:
    [ExecuTorch] Build …" for one build failure' was cut at its inner quote."""
    from commitcast.analyse.reverts import revert_reason, reverted_title

    backout = b.make_change('Revert D62466496: Multisect successfully blamed "D62466496: [ExecuTorch] Build optimized '
                            'kernels with bf16 support" for one build failure', body="Here's the Multisect link:\nhttps://x/1",
                            author="Dark Knight")  # fmt: skip
    assert reverted_title(backout) == "Build optimized kernels with bf16 support"
    assert revert_reason(backout) == "a bisection tool blamed it for a build failure"
    assert is_bot_change(backout)
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-04-14T09:00:00Z")
    repo.commit("Warn on unexpected imports during install", files={"src/pip/a.py": "x\n" * 20},
                author="Damian Shaw <d@x.org>", when="2026-04-15T09:00:00Z")  # fmt: skip
    repo.branch("revert")
    repo.commit('Revert "Warn on unexpected imports during install"\n\nThis reverts commit 1234567.',
                files={"src/pip/a.py": "1\n"}, author="Damian Shaw <d@x.org>", when="2026-04-15T09:05:00Z", branch="revert")  # fmt: skip
    repo.merge("revert", "Merge pull request #13911 from notatallshaw/revert-13829\n\nRevert #13829",
               author="Damian Shaw <d@x.org>", when="2026-04-15T09:06:00Z")  # fmt: skip
    text = _text(_plan(repo, "2026-04-15"))
    assert "#13829" not in text and "13829" not in text.split("rolled back", 1)[-1][:80], text
    assert "rolled back their own change that added a warning on unexpected imports during install" in text, text


def test_r34_a_program_behaviour_a_tool_name_and_a_promise_kept_in_the_same_pull() -> None:
    """curl "tool_operate: retry on HTTP response codes 522 and 524" was "Jay Satiro retried …";
    "add perf support on linux" was "performance support"."""
    from commitcast.text import plain_words

    assert deed_of(parse_subject("tool_operate: retry on HTTP response codes 522 and 524").topic) == (
        "made tool operate retry on HTTP response codes 522 and 524")
    assert plain_words("add perf support on linux", {"perf": "performance"}) == "add perf support on linux"
    assert plain_words("perf fix for lists", {"perf": "performance"}) == "performance fix for lists"


# ------------------------------------------------------------------ round 28: the r35 blind round
def test_r35_people_revert_words_and_relands(make_repo: MakeRepo) -> None:
    """clippy 2022-06-13: "Co-authored-by: Alex" under Serial's address, then "Alex" beside "Alex
    Macleod", made Serial the author of Alex Macleod's PR; uv #6526 "Revert changes to pyproject.toml
    when sync fails" was told as a rollback with the PR template's question as its reason;
    executorch's "re-land of …/pull/16673" under a title of its own was not paired."""
    from commitcast.analyse.classify import classify_title
    from commitcast.ingest import parse_revert
    from commitcast.model import Person
    from commitcast.text.identities import People

    serial, alex, macleod = Person("Serial", "serial@x.org"), Person("Alex", "serial@x.org"), Person("Alex Macleod", "alex@x.org")
    people = People.of([serial, alex, macleod])
    assert people.name(macleod) == "Alex Macleod" and people.name(serial) == "Serial"
    assert parse_revert("Revert changes to pyproject.toml when sync fails duing `uv add` (#6526)", "") is None
    assert "revert" not in classify_title("Revert changes to pyproject.toml when sync fails duing `uv add` (#6526)").kinds
    relands = parse_revert("Use torch.median for error stats (#16683)",
                           "This is a re-land of https://github.com/pytorch/executorch/pull/16673 with updated test data.")
    assert relands is not None and relands.kind == "reapply" and relands.pr == 16673
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-01-15T09:00:00Z")
    repo.commit("Fix test_fp32_emformer_joiner in XNNPACK (#16673)", files={"backends/xnnpack/t.py": "x\n" * 10},
                author="Mergen Nachin <m@x.org>", when="2026-01-16T09:00:00Z")  # fmt: skip
    repo.commit('Revert "Fix test_fp32_emformer_joiner in XNNPACK" (#16682)\n\nBroke OSS unit tests.',
                files={"backends/xnnpack/t.py": "1\n"}, author="RJ Ascani <r@x.org>", when="2026-01-17T09:00:00Z")  # fmt: skip
    repo.commit("Use torch.median for error stats (#16683)\n\nThis is a re-land of https://github.com/pytorch/executorch/pull/16673\n"
                "with updated test data.", files={"backends/xnnpack/t.py": "y\n" * 10}, author="Gregory Comer <g@x.org>",
                when="2026-01-17T11:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2026-01-17"))
    assert "relanded" in text or "is back" in text, text


def test_r35_style_fixes_faster_tests_and_words_that_lean_back() -> None:
    """u-boot "mediatek: fix coding style" was told "on the correctness front"; Qualcomm's "Optimize
    UT" was "performance work"; "As a result, it didn't have the necessary config" leaned on an
    untold sentence; "A few the test file improvements"."""
    from commitcast.analyse.classify import classify_title
    from commitcast.analyse.why import _POINTS_BACK
    from commitcast.text import plain_words

    assert classify_title("mediatek: fix coding style").kinds == ("chore",)
    assert classify_title("Qualcomm AI Engine Direct - Optimize UT").kinds == ("tests",)
    assert classify_title("Optimize matmul kernel").kinds == ("performance",)
    assert _POINTS_BACK.match("As a result, it didn't have the necessary config and conversion script.")
    assert plain_words("A few test.py improvements") == "A few test file improvements"


# ------------------------------------------------------------------ round 29: the r36 blind round
def test_r36_merge_bots_bots_that_helped_and_cut_sentences(make_repo: MakeRepo) -> None:
    """clippy 2022-01-01 "A Change from bors" (a merged commit carrying only bors); uv 2026-07-20
    "from six people and three bots" left out zaniebot, a co-author; "… it now prints." and
    "the change patches 1 moves …"; an open stack is no promise ("but coming")."""
    from commitcast.analyse.why import _usable
    from commitcast.text import is_bot_name
    from commitcast.write.retell import retold

    assert is_bot_name("bors") and is_bot_name("homu") and not is_bot_name("Boris")
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2021-12-31T09:00:00Z")
    repo.branch("pr")
    repo.commit("return_self_not_must_use document `#[must_use]` on the type", files={"clippy_lints/src/a.rs": "x\n" * 20},
                author="bors <bors@rust-lang.org>", when="2022-01-01T09:00:00Z", branch="pr")  # fmt: skip
    repo.merge("pr", "Auto merge of #8209 - xFrednet:8197-mention-attribute-on-struct, r=llogiq",
               author="bors <bors@rust-lang.org>", when="2022-01-01T09:05:00Z")  # fmt: skip
    repo.commit("Add a hint (#14000)\n\nCo-authored-by: zaniebot <z@x.org>", files={"crates/uv/a.rs": "y\n" * 10},
                author="Zanie Blue <zb@x.org>", when="2022-01-01T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2022-01-01")
    assert "bors" not in plan.title and "xFrednet" in _text(plan), plan.title
    assert plan.counts["bots"] == 1  # zaniebot helped; bors only merged
    assert not _usable("For the per-image path it now prints.")
    assert retold("Patch 1 moves the declarations into the loop.") == "Patch 1 moves the declarations into the loop."


# ------------------------------------------------------------------ round 30: the r37 blind round
def test_r37_a_cve_named_apart_a_fault_fixed_and_a_sync_bump(make_repo: MakeRepo) -> None:
    """curl 2022-08-29's "cookie: reject cookies with control bytes" names CVE-2022-35252 only on a
    line of its own and in a "Bug:" trailer: it was a quick hit, no security fix; uv's "Don't panic
    for …" made konsti the one panicking; clippy's sync counted "Bump changelog stable version"."""
    from commitcast.analyse.releases import _SYNC_STEP

    repo = make_repo()
    repo.commit("Start", files={"lib/a.c": "1\n"}, when="2022-08-28T09:00:00Z")
    repo.commit("libssh: ignore deprecation warnings\n\nCloses #9380", files={"lib/vssh/libssh.c": "x\n" * 60},
                author="Daniel Stenberg <d@x.org>", when="2022-08-29T08:00:00Z")  # fmt: skip
    repo.commit('cookie: reject cookies with "control bytes"\n\nRejects 0x01 - 0x1f (except 0x09) plus 0x7f\n\n'
                "Reported-by: Axel Chong\n\nBug: https://curl.se/docs/CVE-2022-35252.html\n\nCVE-2022-35252\n\nCloses #9381",
                files={"lib/cookie.c": "y\n" * 20}, author="Daniel Stenberg <d@x.org>", when="2022-08-29T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2022-08-29", Show(name="curl", slug="curl"))
    assert plan.stories[0].changes[0].title.startswith("cookie: reject"), [s.headline for s in plan.stories]
    assert "security fix" in _text(plan)
    assert deed_of("Don't panic for an empty name") == "fixed a panic for an empty name"
    assert _SYNC_STEP.match("Bump changelog stable version -> 1.60")


# ------------------------------------------------------------------ round 31: the r38 blind round
def test_r38_words_that_are_things_a_verdict_and_a_projects_own_patches(b: SimpleNamespace) -> None:
    """pip "Fix options and default in keyring-provider option help" was "fixed options and
    defaulted"; uv "Review feedback" was "reviewed feedback"; "Not pretty but fixes the bug" was told
    as the problem; executorch's own third-party/*.patch files were left out of its size; vue 3.3.7
    said "one fix, to …" beside two more fixes; clippy's then().unwrap_or_default()."""
    from commitcast.analyse.annotate import code_lines
    from commitcast.analyse.why import _usable
    from commitcast.text import plain_words
    from commitcast.write.stories import _said_items

    assert deed_of("Fix options and default in keyring-provider option help") == "fixed options and default in keyring-provider option help"
    assert deed_of("Review feedback for HTML indexes") is None
    assert not _usable("Not pretty but fixes the bug in the resolver.")
    change = b.make_change("Remove TOSA v0.80", files=(("backends/arm/third-party/serialization_lib.patch", 0, 437),
                                                       ("backends/arm/third-party/vendored/a.c", 0, 900)))  # fmt: skip
    assert code_lines(change, "deleted") == 437
    assert _said_items(["fix: improve h overload", "fix(hmr): fix hmr error"]) == "a fix, to improve h overload and fixed hmr error"
    assert plain_words("support then().unwrap_or_default()") == "support then followed by unwrap or default"


# ------------------------------------------------------------------ round 32: the r39 blind round
def test_r39_a_merge_body_of_trailers_a_commented_trailer_and_a_thing_supported() -> None:
    """pip #11014's merge body was only "Co-authored-by: Pradyun Gedam <…>": the episode's title was
    "Co Authored by in Focus" and an address was read out; u-boot's "Co-developed-by: Heinrich
    Schuchardt <…> # contributed on …" made an eighth person of an author; "Scan support" was
    "scanned support"; clippy's 991-for-991 doc-test sweep was "a change of 1,982 lines"."""
    from commitcast.ingest.messages import parse_message, parse_person

    merge = parse_message("Merge pull request #11014 from pradyunsg/remove-alternative-progress-bars\n\n"
                          "Co-authored-by: Pradyun Gedam <p@x.org>")  # fmt: skip
    assert "@" not in merge.title and "Co-authored" not in merge.title
    who = parse_person("Heinrich Schuchardt <h@x.org> # contributed on efi_var_collect_mem()")
    assert who is not None and who.name == "Heinrich Schuchardt" and who.email == "h@x.org"
    assert deed_of("Scan support") == "added scan support"
    assert deed_of("MPS support") == "added MPS support"
    assert deed_of("Add support") == "added support"


def test_r39_a_sweep_over_many_files_counts_each_line_once(b: SimpleNamespace) -> None:
    sweep = b.make_change("Set doc-tests to `no_run`", files=tuple((f"clippy_lints/src/l{i}.rs", 4, 4) for i in range(60)))
    assert annotate(sweep, 0, AreaResolver()).lines == 240
    rewrite = b.make_change("Rewrite x", files=tuple((f"clippy_lints/src/l{i}.rs", 80, 80) for i in range(3)))
    assert annotate(rewrite, 0, AreaResolver()).lines == 480


# ------------------------------------------------------------------ round 33: the r40 blind round
def test_r40_security_advice_needs_a_security_claim_and_codemods_are_bots() -> None:
    """u-boot 2024-04-26: "Security fixes like this one are worth updating for" followed a bounds
    fix nobody called security; executorch's "TARGETS Exterminator" co-author was counted a person."""
    from commitcast.model import ChangeRef, Claim, Evidence, Story
    from commitcast.text import is_bot_name
    from commitcast.write.host import Host
    from commitcast.write.stories import _severity_why

    assert is_bot_name("TARGETS Exterminator") and is_bot_name("Dark Knight")

    def story(strength: str) -> Story:
        claim = Claim(about="severity", value="security", strength=strength,  # type: ignore[arg-type]
                      evidence=[Evidence(sha="a" * 40, source="title", text="fix buffer overflow in the descriptor table")])  # fmt: skip
        ref = ChangeRef(sha="a" * 40, title="mmc: fix buffer overflow in the descriptor table", kinds=["fix"],
                        severity=["security"], claims=[claim])  # fmt: skip
        return Story(id="s1", role="correctness", headline="mmc", people=["Ada"], areas=["mmc"], changes=[ref],
                     severity=["security"], kinds=["fix"])  # fmt: skip

    weak = " ".join(s.text for s in _severity_why(Host(seed="1"), "security", story("weak"), story("weak").changes))
    strong = " ".join(s.text for s in _severity_why(Host(seed="1"), "security", story("strong"), story("strong").changes))
    assert "worth updating" not in weak and "ecurity" in strong, (weak, strong)


# ------------------------------------------------------------------ round 34: the r41 blind round
def test_r41_next_steps_and_tests_sections_are_no_why(make_repo: MakeRepo) -> None:
    """torchtitan #822: "As Allen Wang describes it, Next steps As this PR introduces …" and "the
    change tests Ran Llama3 8B model …" came from its "# Next steps" and "# Tests" sections."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-02-05T09:00:00Z")
    repo.commit("Makes FSDP reshard_after_forward configurable (#822)\n\n# Next steps\nAs this PR introduces a data parallel "
                "group, a natural next step is to convert other parameters into this group as well. I will convert these in "
                "a future PR.\n\n# Tests\nRan Llama3 8B model with all options on a single node of eight GPUs.",
                files={"torchtitan/config.py": "x\n" * 40}, author="Allen Wang <a@x.org>", when="2025-02-06T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-02-06"))
    assert "Next steps" not in text and "Ran Llama3" not in text, text


# ------------------------------------------------------------------ final check: four untuned days
def test_final_check_a_subtree_merge_generation_pairs_and_statements() -> None:
    """u-boot 2025-10-08: "Subtree merge tag 'v6.17-dts' of dts repo [1] into dts/upstream" was told
    as Tom Rini's 67,000-line change; "R-Car Gen3/Gen4" lost Gen3; "Fuse readout support is present"
    was "the change fuses readout support is present"; vue 3.5.19's "fix(devtools): clear performance
    measures" was "clear performance measures"."""
    from commitcast.write.retell import retold
    from commitcast.write.stories import _said_items

    assert deed_of("Subtree merge tag 'v6.17-dts' of dts repo [1] into dts/upstream") == "updated the dts upstream subtree to v6.17"
    assert plain_words("Add R-Car Gen3/Gen4 thermal driver") == "Add R-Car Gen3 and Gen4 thermal driver"
    assert retold("Fuse readout support is present, including fallback trimming.") == (
        "Fuse readout support is present, including fallback trimming.")
    assert _said_items(["fix(devtools): clear performance measures"]) == "a fix, to clear performance measures"


# ------------------------------------------------------------------ round 35: the r42 blind round
def test_r42_slashes_braces_and_file_names_said_whole() -> None:
    """vue "inside transition/keep-alive" lost transition; curl "between client/libtest" lost client;
    "uv.lock" was "the uv file"; "processhelp.pm", "pip._internal.commands.{freeze,list}" and
    "__init__" were read out; "constant_pad_nd->cat" was "the cat field"."""
    assert plain_words("fix hydration error on falsy v-if inside transition/keep-alive") == (
        "fix hydration error on falsy v-if inside transition and keep-alive")
    assert plain_words("build: sync build scripts between client/libtest") == "build: sync build scripts between client and libtest"
    # owners and projects, remotes, branches and folders stay one name
    assert plain_words("Bump actions/checkout from 3 to 4") == "Bump actions checkout from 3 to 4"
    assert plain_words("Merge remote-tracking branch 'upstream/main' into x") == "Merge remote-tracking branch 'upstream main' into x"
    assert plain_words("[commands/cache] Add docs") == "[commands cache] Add docs"
    assert plain_words("Add test cases for hash enforcement from existing uv.lock") == (
        "Add test cases for hash enforcement from existing uv lockfile")
    assert plain_words("processhelp.pm: fix") == "the processhelp Perl module: fix"
    assert plain_words("Remove util/cov.sh script") == "Remove the cov script"
    assert plain_words("Move pip._internal.commands.{freeze,list} to x") == "Move freeze and list to x"
    assert plain_words("Add install_requirements.{sh,py} for setup") == "Add the install requirements scripts for setup"
    assert plain_words("Skip tests for Py3.{5,6,7}") == "Skip tests for Py3.5, Py3.6 and Py3.7"
    assert plain_words("Fix __init__ import") == "Fix init import"
    assert plain_words("Decompose constant_pad_nd->cat") == "Decompose constant pad nd to cat"
    assert plain_words("fix gd->env_valid check") == "fix the env valid field check"
    assert plain_words("Move test support files out of `scripts/` into `test/`") == (
        "Move test support files out of the scripts folder into the test folder")
    assert plain_words("inference w/ MXFP8") == "inference with MXFP8"


def test_r42_a_rule_the_code_keeps_is_no_order_and_a_fixes_label_is_a_fix() -> None:
    """vue "template v-if should never be treated as dev root fragment" was "templated v-if …";
    u-boot "scripts/Makefile.lib: fixes: Embed capsule public key …" was told as a new embedding."""
    assert deed_of("template v-if should never be treated as dev root fragment") is None
    assert deed_of("Ensure the model can be loaded twice") == "ensured the model can be loaded twice"
    subject = parse_subject("scripts/Makefile.lib: fixes: Embed capsule public key in platform's dtb")
    assert subject.topic == "Fix the embedding of capsule public key in platform's dtb"
    assert deed_of(subject.topic) == "fixed the embedding of capsule public key in platform's dtb"
    assert parse_subject("android_ab: Fixes: Fix backup offset calculation").topic == "Fix backup offset calculation"


def test_r42_a_pull_request_number_wrapped_to_the_second_line_is_the_change_s(make_repo: MakeRepo) -> None:
    """uv 2025-12-09: "Move test support files …\\n (#17032)" was "one direct commit" of fifteen."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-12-08T09:00:00Z")
    repo.commit("Move test support files out of `scripts/` into `test/`\n (#17032)\n\nIt's been bothering me.",
                files={"test/a.py": "x\n"}, author="Zanie Blue <z@x.org>", when="2025-12-09T09:00:00Z")  # fmt: skip
    (change,) = _landed(repo, "2025-12-09").changes
    assert change.pr is not None and change.pr.number == 17032
    assert change.title.startswith("Move test support files out of `scripts/` into `test/`") and "(#" not in change.title


def test_r42_kinds_and_severities_as_strong_as_their_evidence(b: SimpleNamespace) -> None:
    """uv "Better source-exclude reference docs" (a doc comment in settings.rs) was "one other change";
    executorch #21565 ("hardening a public utility rather than fixing a user visible crash") was "a
    crash fix"; uv's ".claude/" hook was a release highlight."""
    from commitcast.analyse.claims import strength_of

    docs = annotate(b.make_change("Better source-exclude reference docs", files=(("crates/uv-settings/src/settings.rs", 9, 2),
                                  ("docs/reference/settings.md", 9, 2))), 0, AreaResolver())  # fmt: skip
    assert strength_of(docs.claims, "kind", "docs") == "strong"
    body = ("A digit-leading name leaves dangling refs and recompile crashes with a SyntaxError.\n\nNo in-repo callers yet, "
            "so this is hardening a public utility rather than fixing a user visible crash.")  # fmt: skip
    hardening = annotate(b.make_change("Fix create_mutable_buffer recording the requested name", body=body), 0, AreaResolver())
    assert strength_of(hardening.claims, "severity", "crash") in ("weak", None)
    crash = annotate(b.make_change("Fix create_mutable_buffer recording the requested name", body=body.split("\n\n")[0]), 0, AreaResolver())
    assert strength_of(crash.claims, "severity", "crash") == "strong"
    hook = annotate(b.make_change("Add a Claude hook for formatting", files=((".claude/hooks/post-edit-format.py", 40, 0),
                                  (".claude/settings.json", 12, 0))), 0, AreaResolver())  # fmt: skip
    assert "feature" not in hook.kinds and "chore" in hook.kinds  # the maintainers' own tooling (r88: no "build tweak" either)


def test_r42_this_without_its_antecedent_and_a_sweep_s_first_label(b: SimpleNamespace) -> None:
    """executorch #21714: "the change uses this in the example executor_runner" ("this" was the new
    option); u-boot's 45-patch "api: Remove duplicate newlines" over 363 files was told "in API"."""
    from commitcast.analyse.why import _CONTEXT_BOUND

    assert _CONTEXT_BOUND.search("Use this in the example executor_runner.")
    assert not _CONTEXT_BOUND.search("Use the new option in the example executor_runner.")
    folders = ("api", "arch", "board", "cmd", "drivers", "fs", "net", "tools")
    sweep = b.make_change("Merge patch series \"api: Remove duplicate newlines\"",
                          files=(("api/api.c", 1, 2), *((f"{d}/f{i}.c", 0, 3) for d in folders[1:] for i in range(4))))  # fmt: skip
    assert "api" not in [a.lower() for a in annotate(sweep, 0, AreaResolver()).areas]
    local = b.make_change("api: Remove duplicate newlines", files=(("api/api.c", 1, 2), ("api/api_display.c", 0, 3)))
    assert "api" in [a.lower() for a in annotate(local, 0, AreaResolver()).areas]


def test_r42_a_statement_title_is_no_thing_landed_and_new_behaviour_is_no_backstory(b: SimpleNamespace) -> None:
    """executorch #21607 "Partitioner falls back on ops without a node visitor" was "landed partitioner
    falls back …"; #21565's "the existing error is raised instead of overwriting the entry" and uv's
    "The hint appears when …" (of "Add hint for …") were told as the backstory and the problem."""
    from commitcast.analyse.why import why_sentences
    from commitcast.text.retelling import noun_phrase

    assert noun_phrase("Partitioner falls back on ops without a node visitor") is None
    assert noun_phrase("Docs updates for the install guide") == "docs updates for the install guide"
    assert plain_words("Add hint for misplaced `--verbose` in `uv tool run`") == "Add hint for misplaced verbose option in uv tool run"
    assert plain_words("alist: Add a function to empty the list") == "alist: Add a function to empty the list"
    hint = annotate(b.make_change("Add hint for misplaced `--verbose` in `uv tool run`", body=(
        "The hint appears when a verbose flag is detected in the subcommand arguments and the command fails to resolve.")), 0, AreaResolver())  # fmt: skip
    assert [w.role for w in why_sentences(hint, hint.sentences)] == ["change"]
    body = ("If a rename lands on an existing state_dict key the node is removed and the existing duplicate-target error "
            "is raised instead of overwriting the entry.")  # fmt: skip
    rename = annotate(b.make_change("Fix create_mutable_buffer recording the requested name", body=body), 0, AreaResolver())
    assert [w.role for w in why_sentences(rename, rename.sentences)] == ["change"]


# ------------------------------------------------------------------ round 36: the r43 blind round
def test_r43_words_said_as_what_they_name() -> None:
    """executorch "Remove FP specific NodeVisitors" was "false positive specific"; pip "LocalFSResponse()
    is no longer required" was "the LocalFSResponse function"; clippy's "with `.is_none()`" was ".the
    is none function"; torchtitan's "torchtitan.components.lr_scheduler import path" a function; curl's
    "macOS/iOS" lost macOS; "[aoti-et]" was "AOTInductor et"; uv "Rename from `Lowered` to `Canonical`"
    was "renamed the from Lowered …"; "Replace amp and replicate with fully_shard" replicated nothing."""
    ab = {"FP": "false positive"}
    assert plain_words("Arm backend: Remove FP specific NodeVisitors", ab) == "Arm backend: Remove FP specific NodeVisitors"
    assert plain_words("Fix FP in needless_return", ab) == "Fix false positive in needless return"
    assert plain_words("LocalFSResponse() is no longer required") == "LocalFSResponse is no longer required"
    assert plain_words("replacing it with `.is_none()`") == "replacing it with the is none method"  # a method (r72)
    assert plain_words("Remove the legacy torchtitan.components.lr_scheduler import path") == "Remove the legacy lr scheduler import path"
    assert plain_words("add native AppleIDN support for macOS/iOS") == "add native AppleIDN support for macOS and iOS"
    assert tag_area("aoti-et") == "AOTInductor"
    assert deed_of("Rename from `Lowered` to `Canonical`") == "renamed from Lowered to Canonical"
    assert deed_of("Replace amp and replicate with fully_shard") == "replaced amp and replicate with fully shard"
    assert deed_of("Replace X with Y and add Z") == "replaced X with Y and added Z"
    assert deed_of("Test and news for wheel cache restoration") is None
    assert deed_of("refactor: rename/re-organize files") == "renamed and re-organized files"
    assert deed_of("Add uv tool list --show-python option") == "added the show-python option of uv tool list"
    assert deed_of("tool: add curl command line option `--trace-ids`") == "added curl command line option trace-ids"


def test_r43_a_benchmark_is_its_own_area_and_a_draft_is_no_effect(b: SimpleNamespace) -> None:
    """uv #20006 "Add warm cache uv startup benchmark" (111 lines in uv-bench, 15 in uv-macros) was
    "new work in uv macros"; torchtitan's "3.82x faster than the initial fused implementation" compared
    the PR with its own draft and was told as its upshot."""
    from commitcast.analyse.why import why_sentences

    bench = b.make_change("Add warm cache uv startup benchmark with a large workspace", files=(
        ("Cargo.lock", 3, 0), ("crates/uv-bench/benches/workspace_discovery.rs", 100, 11), ("crates/uv-macros/src/lib.rs", 8, 7)))  # fmt: skip
    assert "uv macros" not in [a.lower() for a in annotate(bench, 0, AreaResolver()).areas]
    body = "The latest head-tiling tuning also makes the fused boundary 3.82x faster than the initial fused implementation."
    tuned = annotate(b.make_change("Fuse the boundary kernels", body=body), 0, AreaResolver())
    assert why_sentences(tuned, tuned.sentences) == []
    kept = annotate(b.make_change("Fuse the boundary kernels", body=body.replace("the initial fused implementation", "before")), 0, AreaResolver())
    assert [w.role for w in why_sentences(kept, kept.sentences)] == ["effect"]


def test_r43_a_wish_list_entry_is_an_idea_recorded_and_closes_an_issue(make_repo: MakeRepo) -> None:
    """curl 2019-10-13 "TODO: Handle growing SFTP files" (Closes #4344, an issue) was "Daniel Stenberg
    handled growing SFTP files" and counted a pull request; "CURLOPT_STDERR.3" was read out."""
    assert parse_subject("TODO: Handle growing SFTP files").topic == "Record the to-do idea “Handle growing SFTP files”"
    assert parse_subject("TODO: 5.7 require HTTP version X or higher").topic == "Record the to-do idea “require HTTP version X or higher”"
    assert parse_subject("KNOWN_BUGS: Digest does not care for 'domain'").topic == "Record the known bug “Digest does not care for domain”"
    assert parse_subject("TODO: remove item about signals").topic == "remove item about signals"
    assert plain_words("CURLOPT_STDERR.3: Does not work") == "the CURLOPT STDERR man page: Does not work"
    assert plain_words("bump to v1.2.3") == "bump to v1.2.3"
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2019-10-12T09:00:00Z")
    repo.commit("TODO: Handle growing SFTP files\n\nCloses #4344", files={"docs/TODO": "x\n"}, when="2019-10-13T09:00:00Z")
    repo.commit("connect: silence sign-compare warning\n\nCloses #4483", files={"lib/connect.c": "x\n"}, when="2019-10-13T10:00:00Z")
    prs = {c.title: c.pr.number if c.pr else None for c in _landed(repo, "2019-10-13").changes}
    assert prs == {"TODO: Handle growing SFTP files": None, "connect: silence sign-compare warning": 4483}


def test_r43_one_commit_of_a_squashed_series_is_no_why(b: SimpleNamespace) -> None:
    """uv #18890: "the first commit keys the pre-release hint on the requesting requirement …" told
    one of six squashed commits as the change."""
    from commitcast.analyse.why import _CONTEXT_BOUND

    assert _CONTEXT_BOUND.search("The first commit keys the pre-release hint on the requesting requirement instead of the bounds.")
    assert not _CONTEXT_BOUND.search("The commit keys the pre-release hint on the requesting requirement instead of the bounds.")


# ------------------------------------------------------------------ round 37: the r44 blind round
def test_r44_titles_retold_as_written() -> None:
    """curl "cleaned up insecure and deprecated code" was titled "… and Deprecates Code"; torchtitan's
    "Enables … and adds eager integration tests" kept "adds"; clippy's "Advise to put a :: prefix"
    was "advised to put a :"; pip's "Python 3.9.{0,6}" was "3.9.0,6"; "Add decomposition pass and
    test for tril" was "tested for tril"; pip's "PEP 517 only" was "landed a PEP 517 only"."""
    from commitcast.text.retelling import noun_phrase, present_tense

    assert present_tense("cleaned up insecure and deprecated code") == "cleans up insecure and deprecated code"
    assert present_tense("fixed X and deprecated the flag") == "fixes X and deprecates the flag"
    assert deed_of("Enables HybridEP torch.compile support and adds eager integration tests") == (
        "enabled HybridEP torch.compile support and added eager integration tests")
    assert deed_of("Add Log.deprecated which takes a removal version and logs a message") == (
        "added Log.deprecated which takes a removal version and logs a message")
    assert deed_of("Advise to put a :: prefix inside the ticks") is None
    assert plain_words("restore Python 3.9.{0,6} compat") == "restore Python 3.9.0 and 3.9.6 compat"
    assert deed_of("Arm backend: Add decomposition pass and test for tril") == "added a decomposition pass and test for tril"
    assert noun_phrase("PEP 517 only") is None
    assert plain_words("Remove the legacy torchtitan.components.checkpoint import path") == "Remove the legacy checkpoint import path"
    assert plain_words("Enable Qwen3.5 unified path") == "Enable Qwen3.5 unified path"


def test_r44_people_by_their_logins_and_unnamed_landings(b: SimpleNamespace) -> None:
    """executorch 2026-02-06: "ssjia" and Sicheng Stephen Jia were two people, and the change pytorchbot
    landed for no one named was a fourteenth person; "layout-flexible impl" and "layout-agnostic
    shader" were "three pull requests on new layouts"."""
    from commitcast.analyse.focus import threads
    from commitcast.model import Person
    from commitcast.text import People

    people = People.of([Person("ssjia", "a@x.org"), Person("Sicheng Stephen Jia", "b@x.org")])
    assert people.name(Person("ssjia", "a@x.org")) == people.name(Person("Sicheng Stephen Jia", "b@x.org"))
    items = [annotate(b.make_change(t, minute=i), i, AreaResolver()) for i, t in enumerate((
        "[ET-VK][qconv] Add layout-flexible impl of quantized depthwise conv2d",
        "[ET-VK][quantization] Add layout-flexible clone for int8x4 tensors",
        "[ET-VK][qconv] Add layout-agnostic general shader for quantized conv"))]  # fmt: skip
    assert not [t for t in threads(items) if "layout" in t.label.split()[-1]]


def test_r44_an_unnamed_landing_is_no_extra_person(make_repo: MakeRepo) -> None:
    """A change a merge bot landed naming no one is someone's: the day's people are the named ones."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-02-05T09:00:00Z")
    repo.commit("Add a thing (#1)", files={"a.py": "x\n"}, author="Ada Lovelace <ada@x.org>", when="2026-02-06T09:00:00Z")
    repo.commit("[ET-VK] Add another thing (#2)\n\nDifferential Revision: D1\n\n[ghstack-poisoned]", files={"b.py": "x\n"},
                author="pytorchbot <bot@x.org>", when="2026-02-06T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2026-02-06")
    assert plan.counts["authors"] == 1 and plan.counts["coauthors"] == 0


def test_r44_a_sentence_leaning_on_the_one_before_goes_with_it(b: SimpleNamespace) -> None:
    """curl b9df4c392: "this significantly reduces the overhead of using the RNG" was told after another
    point; uv #19880's "relatively contrived example" was told as the backstory."""
    from commitcast.analyse.why import why_sentences

    body = ("Split the random number generator into initialization, generation and freeing of the resources. "
            "This significantly reduces the overhead of using the random number generator.")  # fmt: skip
    split = annotate(b.make_change("Clean up the RNG setup", body=body), 0, AreaResolver())
    assert [w.text for w in why_sentences(split, split.sentences)] == [body]
    contrived = ("The marker on the dependency referred to the project conflict, so materialization failed. "
                 "This is a relatively contrived example and isn't critical for our current use cases.")  # fmt: skip
    made_up = annotate(b.make_change("Preserve dependency selection context", body=contrived), 0, AreaResolver())
    assert [w.role for w in why_sentences(made_up, made_up.sentences) if w.role in ("problem", "context")] == []


def test_r44_a_revert_naming_a_phabricator_diff_pairs_with_its_change(make_repo: MakeRepo) -> None:
    """executorch 2024-09-04: "Revert D61959566" undid Anthony's PR 5057 three hours earlier, and was
    told as "rolled back an earlier internal change"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-09-03T09:00:00Z")
    repo.commit("Adopt the new tensor API for aten_util. (#5057)\n\nDifferential Revision: D61959566",
                files={"aten_util.cpp": "new\n" * 20}, author="Anthony Shoumikhin <a@x.org>", when="2024-09-04T09:00:00Z")  # fmt: skip
    repo.commit("Revert D61959566\n\nDifferential Revision: D62166474\n\nPull Request resolved: https://github.com/pytorch/executorch/pull/5060",
                files={"aten_util.cpp": "old\n" * 20}, author="Anthony Shoumikhin <a@x.org>", when="2024-09-04T12:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2024-09-04"))
    assert "internal change" not in text and "tensor API" in text, text


def test_r44_settings_users_set_and_typos_said_right() -> None:
    """uv's "Add `UV_SKIP_WHEEL_FILENAME_CHECK`" was heard as uv skipping the check; u-boot's
    "Switch to OF_UPSTREAM" was "switched to of upstream"; ao's "Claen up op interface" was "landed a
    claen up op interface"."""
    assert deed_of("Add `UV_SKIP_WHEEL_FILENAME_CHECK`") == "added the UV skip wheel filename check environment variable"
    assert plain_words("set CURL_DISABLE_HTTP") == "set the curl disable HTTP setting"
    assert deed_of("imx91: Switch to OF_UPSTREAM") == "switched to the upstream device trees"
    assert deed_of("Claen up op interface") == "cleaned up op interface"
    assert deed_of("Cmake fix") is None


# ------------------------------------------------------------------ round 38: the r45 blind round
def test_r45_kinds_areas_and_tallies_as_their_evidence(b: SimpleNamespace) -> None:
    """executorch "Bump linux unittest runner to linux.2xlarge.memory" was a dependency update; uv's
    "Update PyO3/maturin-action action to v1.49.4" a build tweak; vue's scope "sfc" beside the folder
    "compiler sfc" was "across sfc and compiler sfc"."""
    from commitcast.analyse.claims import strength_of

    runner = annotate(b.make_change("Bump linux unittest runner to linux.2xlarge.memory",
                                    files=((".github/workflows/pull.yml", 2, 2),)), 0, AreaResolver())  # fmt: skip
    assert strength_of(runner.claims, "kind", "dependency") != "strong"
    ruff = annotate(b.make_change("Bump ruff to 0.9.2", files=(("pyproject.toml", 1, 1),)), 0, AreaResolver())
    assert strength_of(ruff.claims, "kind", "dependency") == "strong"
    action = annotate(b.make_change("Update PyO3/maturin-action action to v1.49.4",
                                    files=((".github/workflows/build.yml", 3, 3),)), 0, AreaResolver())  # fmt: skip
    assert strength_of(action.claims, "kind", "dependency") == "strong"
    sfc = annotate(b.make_change("feat(sfc): support referenced types for defineEmits",
                                 files=(("packages/compiler-sfc/src/compileScript.ts", 40, 3),)), 0, AreaResolver())  # fmt: skip
    assert len([a for a in sfc.areas if "sfc" in a.lower()]) == 1, sfc.areas


def test_r45_words_and_whys_told_whole(b: SimpleNamespace) -> None:
    """ao's "Forward fix lint" was "forwarded fix lint"; vue's "defineProps/defineEmits" lost defineProps;
    uv #11404's "… could be wrong for graphs with cycles, but … a strict improvement" was told as its
    first clause; torchtitan's "moving fp4 would only help the all-gather" was its upshot."""
    from commitcast.analyse.why import why_sentences

    assert deed_of("Forward fix lint") == "landed a forward fix for lint"
    assert plain_words("fix defineProps/defineEmits usage") == "fix define props and define emits usage"
    worry = ("I'm slightly worried that this algorithm could be wrong for graphs with `cycles`, but we only use this "
             "logic for lockfiles with conflicts anyway, so I think it's a strict improvement over the status quo.")  # fmt: skip
    item = annotate(b.make_change("Use a topological sort for conflict markers", body=worry), 0, AreaResolver())
    assert not [w for w in why_sentences(item, item.sentences) if w.text.startswith("I'm slightly worried") and "improvement" not in w.text]
    note = annotate(b.make_change("Add MXFP4 tensor parallel support", body=(
        "Moving fp4 would only help the column-parallel all-gather and is zero at TP=1.")), 0, AreaResolver())  # fmt: skip
    assert [w for w in why_sentences(note, note.sentences) if w.role == "effect"] == []


# ------------------------------------------------------------------ round 39: the r46 blind round
def test_r46_a_fix_label_after_a_label_and_a_test_added() -> None:
    """u-boot's "ext4fs: Fix: Read outside partition error" was "Tony Dinh read outside partition
    error"; clippy's "Test that all interned symbols are referenced" was "tested that …" (a one-off)."""
    subject = parse_subject("ext4fs: Fix: Read outside partition error")
    assert subject.topic == "Fix the read outside partition error" and subject.labels == ("ext4fs",)
    assert deed_of(subject.topic) == "fixed the read outside partition error"
    assert parse_subject("net: fix: memory leak in foo").topic == "Fix memory leak in foo"
    assert parse_subject("fix: handle parse error").topic == "handle parse error"
    assert deed_of("Test that all interned symbols are referenced in Clippy sources") == (
        "added a test that all interned symbols are referenced in Clippy sources")
    assert deed_of("Tests for the parser") == "added tests for the parser"
    assert deed_of("Test whether node is enabled") == "tested whether node is enabled"


def test_r46_open_prs_in_two_stacks_are_in_stacks(make_repo: MakeRepo) -> None:
    """torchtitan 2025-12-15: two of Chien-Chin Huang's stacks had PRs open, told as "three more PRs in
    Chien-Chin Huang's stack" (one stack held two)."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-12-14T09:00:00Z")
    for n, (pr, above) in enumerate(((2143, (2145, 2144)), (2155, (2156,)))):
        listing = "".join(f"* #{p}\n" for p in above)
        repo.commit(f"Change {pr} (#{pr})\n\nStack from [ghstack](https://github.com/ezyang/ghstack):\n{listing}* __->__ #{pr}\n",
                    files={f"f{n}.py": "x\n"}, author="Chien-Chin Huang <c@x.org>", when=f"2025-12-15T{9 + n:02d}:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-12-15"))
    assert "three more PRs in Chien-Chin Huang's stacks" in text, text


# ------------------------------------------------------------------ round 40: the r47 blind round
def test_r47_names_options_and_bots_said_whole() -> None:
    """curl "SOCKET_WRITABLE/SOCKET_READABLE" lost WRITABLE; uv's `--format=freeze` and `--format=json`
    were "the format option and the format option", its "`http://` or `https://`" "with or"; the
    co-author "Copilot Autofix powered by AI" was counted a person."""
    from commitcast.text import is_bot_name

    assert plain_words("SOCKET_WRITABLE/SOCKET_READABLE: fix conversion warnings") == (
        "the socket writable and the socket readable: fix conversion warnings")
    assert plain_words("Add support for --format=freeze and --format=json") == (
        "Add support for the format option set to freeze and the format option set to json")
    assert plain_words("set --index-url=https://x") == "set the index-url option"
    assert plain_words("Handle paths starting with `http://` or `https://`") == "Handle paths starting with http or https"
    assert is_bot_name("Copilot Autofix powered by AI") and not is_bot_name("Claude Shannon")


def test_r47_a_list_edit_comes_from_a_pull_request_and_a_credit_is_no_reason(make_repo: MakeRepo) -> None:
    """curl #20786 "TODO: drop the alt-svc fallback" was a pull request, told as a direct commit; curl's
    revert 55ae83d5d gave "Reminded-by: Chris Roberts Bug." as its reason."""
    from commitcast.analyse.reverts import revert_reason

    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-03-01T09:00:00Z")
    repo.commit("TODO: drop the alt-svc fallback\n\nCloses #20786", files={"docs/TODO": "x\n"}, when="2026-03-02T09:00:00Z")
    repo.commit('Revert "file: on Windows, refuse paths that start with \\\\"\n\nThis reverts commit '
                "1b71bc532bde8621fd3260843f8197182a467ff2.\n\nReminded-by: Chris Roberts\nBug: https://curl.se/mail/0013.html\n\n"
                "Closes #5215", files={"lib/file.c": "y\n"}, when="2026-03-02T10:00:00Z")  # fmt: skip
    todo, revert = _landed(repo, "2026-03-02").changes
    assert todo.pr is not None and todo.pr.number == 20786
    assert revert_reason(revert) is None


def test_r47_all_on_the_focus_is_all_and_a_same_day_revert_takes_its_change(make_repo: MakeRepo) -> None:
    """ao 2025-08-18: three nvfp4 changes were "most of them on nvfp4"; executorch 2024-03-07's change
    reverted as "Revert D54538932: …" was told again as a quick hit."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-03-06T09:00:00Z")
    repo.commit("Enable tensor closeness check for additional types (#2256)\n\nDifferential Revision: D54538932",
                files={"runtime/check.cpp": "x\n" * 30}, author="Michael Gschwind <m@x.org>", when="2024-03-07T09:00:00Z")  # fmt: skip
    repo.commit("Revert D54538932: Enable tensor closeness check for additional types\n\nDifferential Revision: D54538932",
                files={"runtime/check.cpp": "y\n" * 30}, author="Ning Liu <n@x.org>", when="2024-03-07T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-03-07")
    assert not [q for q in plan.quick_hits if q.title.startswith("Enable tensor")]
    (story,) = [s for s in plan.stories if s.kind == "revert"]
    assert {c.title[:6] for c in story.changes} == {"Enable", "Revert"}


# ------------------------------------------------------------------ round 41: the r48 blind round
def test_r48_nouns_kept_and_placeholders_no_reason(b: SimpleNamespace) -> None:
    """torchtitan #125 "…, single control for turning AC on or off" was "singled control"; curl's
    "Copyright year out of date" was "copyrighted year"; executorch's revert whose body was the PR
    template's "PLEASE REMOVE" gave that as its reason; "… file +1" was read out."""
    from commitcast.analyse.glossary import bundled_glossary
    from commitcast.analyse.reverts import revert_reason
    from commitcast.text.clean import clean_title

    assert deed_of("add Selective layer activation checkpointing, single control for turning AC on or off") == (
        "added Selective layer activation checkpointing, single control for turning AC on or off")
    assert deed_of("Fix X, update docs") == "fixed X and updated docs"
    assert deed_of("Copyright year out of date, should be 2020") is None
    revert = b.make_change('Revert "Add a thing"', body="This reverts commit 0123456789abcdef0123456789abcdef01234567.\n\nPLEASE REMOVE.")
    assert revert_reason(revert) is None
    assert clean_title("Fix warnings in pybindings.cpp +1 (#7055)") == "Fix warnings in pybindings.cpp"
    assert "rustup" not in bundled_glossary()  # clippy's "Rustup" PRs sync with rustc: no installer


# ------------------------------------------------------------------ round 42: the r49 blind round and the last hand check
def test_r49_areas_headings_and_trailers_read_right(b: SimpleNamespace) -> None:
    """uv's "fix(pip-compile)" was "in torch.compile"; uv #18255's prose "there were no\\nbreaking
    changes." was a breaking-changes heading; curl 296795881's "Closes #17548" above its
    "Signed-off-by:" paragraph was no pull request."""
    from commitcast.ingest.trailers import split_trailers

    assert tag_area("pip-compile") != "torch.compile" and tag_area("aoti-et") == "AOTInductor"
    assert breaking_section("Some text, there were no\nbreaking changes.\nMore.") is None
    assert breaking_section("## Breaking changes\nRemoved the foo option.") == "Removed the foo option."
    assert breaking_section("BREAKING CHANGES: foo removed") == "foo removed"
    assert split_trailers("Some prose.\n\nCloses #17548\n\nSigned-off-by: A <a@x.org>")[1] == {
        "Closes": ["#17548"], "Signed-off-by": ["A <a@x.org>"]}
    assert split_trailers("Some prose.\nCloses #1 inside text\n\nMore")[1] == {}


def test_r49_words_said_for_what_they_are(b: SimpleNamespace) -> None:
    """curl's "make Curl_all_content_encodings allocless" was "made Curl all content encodings
    allocless"; uv's "use perf for CodSpeed walltime benchmarks" was "used performance"; pip #3431's docs
    section "Installing already downloaded package" was "installed already downloaded package"; pip's
    "Upgrade colorama, ipaddress, lockfile, requests, and six" explained lockfile as a pin file."""
    from commitcast.analyse.glossary import explained_terms
    from commitcast.model import ChangeRef, Story
    from commitcast.write.stories import told

    assert deed_of("content_encoding: make Curl_all_content_encodings allocless") == "made the Curl all content encodings function allocless"
    assert plain_words("ci: use perf for CodSpeed walltime benchmarks", {"perf": "performance"}) == (
        "ci: use perf for CodSpeed walltime benchmarks")
    docs = ChangeRef(sha="a" * 40, title="Installing already downloaded package", topic="Installing already downloaded package",
                     kinds=["docs"], claims=[])  # fmt: skip
    assert told(docs) == "documented installing already downloaded package"
    upgrade = ChangeRef(sha="b" * 40, title="Upgrade colorama, ipaddress, lockfile, requests, and six")
    story = Story(id="s1", role="headline", headline=upgrade.title, people=["Donald Stufft"], areas=[], changes=[upgrade])
    assert "lockfile" not in explained_terms([story])[0]
    assert plain_words("tls: remove Curl_ssl false_start") == "tls: remove Curl ssl false start"


def test_r49_a_label_line_inside_a_markdown_test_plan_stays_in_it() -> None:
    """executorch #14998: "Export:" inside "### Test plan" ended the section, and "Run with executorch
    fine-tune" was told as what the change does."""
    body = ("### Summary\nThis PR introduces LoRA for MLP modules.\n\n### Test plan\nTested locally.\n\nExport:\n"
            "```\npython -m export\n```\n\nRun with executorch fine-tune\n")  # fmt: skip
    kept = " ".join(_sections(body))
    assert "LoRA" in kept and "Run with" not in kept and "Export" not in kept


def test_r49_no_functional_change_is_no_strong_fix(b: SimpleNamespace) -> None:
    """u-boot f1864fb740 "Fix 512 MiB DRAM settings" corrected a comment ("No functional change") and
    was the day's headline fix."""
    from commitcast.analyse.claims import strength_of

    comment = annotate(b.make_change("arm: dts: Fix 512 MiB DRAM settings", body="Correct the comment.\n\nNo functional change."),
                       0, AreaResolver())  # fmt: skip
    assert strength_of(comment.claims, "kind", "fix") == "weak"
    real = annotate(b.make_change("arm: dts: Fix 512 MiB DRAM settings", body="The size was wrong."), 0, AreaResolver())
    assert strength_of(real.claims, "kind", "fix") == "strong"


def test_final_a_release_fix_item_that_says_dont_is_said_as_not() -> None:
    """vue 3.5.33: "fix(teleport): don't move teleport children if not mounted" was "to don't move …"."""
    from commitcast.write.stories import _said_items

    assert _said_items(["fix(teleport): don't move teleport children if not mounted (#14702)",
                        "fix(runtime-dom): preserve textarea resize dimensions"]) == (
        "two fixes, to not move teleport children if not mounted and to preserve textarea resize dimensions")  # fmt: skip


# ------------------------------------------------------------------ round 43: leftovers of the last hand checks
def test_leftovers_said_for_what_they_mean() -> None:
    # curl's "always check …": the code now always checks, no habit of its author's
    assert deed_of("cf-socket: always check the peek return code") == "made the code always check the peek return code"
    # "negotiate/ntlm": two auth schemes, no owner and project
    assert plain_words("url: fix negotiate/ntlm connection reuse") == "url: fix negotiate and ntlm connection reuse"
    # pip's "setuptools.build_meta:__legacy__": an object by its entry-point reference, said whole
    assert plain_words("Default to setuptools.build_meta:__legacy__") == "Default to the legacy object of setuptools build meta"
    # pip's "pip cache {purge, remove}": two commands, no "purge, removed"
    assert deed_of("Make pip cache {purge, remove} delete additional unneeded files") == (
        "made pip cache purge and pip cache remove delete additional unneeded files")
    assert plain_words("Merge branch 'master' of github.com:rust-lang/rust-clippy").endswith("github.com:rust-lang/rust-clippy")
    # executorch's "Create XNNPACK __init__.py file" was "created XNNPACK the init file"; "pin update" was "pinned update"
    assert deed_of("Create XNNPACK __init__.py file") == "created the XNNPACK init file"
    assert deed_of("pin update") == "updated the pin" and deed_of("PT Pin Bump: 20241002") == "updated the PT pin to 20241002"
    # uv's co-author "Richter, Michael (G-GP-A/4)" is the commit's author Michael Richter, no second person
    from commitcast.model import Person
    from commitcast.text.identities import count_people

    assert count_people([Person(name="Michael Richter", email="a@x.org"), Person(name="Richter, Michael (G-GP-A/4)", email="b@y.org")]) == 1


# ------------------------------------------------------------------ round 44: the r50 blind round
def test_r50_a_bulleted_revert_names_its_pr_and_what_it_undid_is_no_reason(make_repo: MakeRepo) -> None:
    """torchtitan #2964 "Revert FlexAttn max_autotune default to True" undid #2935 "Default FlexAttn
    max_autotune to False": it was told as rolling back "FlexAttn max_autotune default to True", its
    reason "it changed max_autotune … from True to False" (what #2935 did), then a test plan's checkbox."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-06-01T09:00:00Z")
    repo.commit("[AutoDev] Default FlexAttn max_autotune to False (#2935)\n\n## Summary\n- Changed `max_autotune` to False",
                files={"flex.py": "a\n"}, author="Sherlock Huang <sh@example.com>", when="2024-06-02T09:00:00Z")  # fmt: skip
    repo.commit("Revert FlexAttn max_autotune default to True (#2964)\n\n## Summary\n- Reverts #2935 which changed `max_autotune` and\n"
                "`coordinate_descent_tuning` from `True` to `False`\n- Skips FlexAttn bitwise deterministic tests that break with\n"
                "max_autotune=True\n\n## Test plan\n- [ ] Non-FlexAttn bitwise deterministic tests pass with SDPA everywhere\n",
                files={"flex.py": "b\n"}, author="Sherlock Huang <sh@example.com>", when="2024-06-03T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-06-03")
    (story,) = [s for s in plan.stories if s.kind == "revert"]
    assert "Default FlexAttn max_autotune to False" in story.headline and story.reason is None
    text = _text(plan)
    assert "default to True" not in text and "reason" not in text.lower()


def test_r50_a_workflow_tag_is_no_area_and_a_label_holding_most_lines_is(b: SimpleNamespace) -> None:
    """torchtitan's "[GraphTrainer][AutoDev] Extract …" in graph_trainer/ was "across graph trainer and
    AutoDev"; curl's "plan9: drop special build …" held 303 of its 342 lines in plan9/ over 8 of 24
    files and was told with no place at all."""
    tagged = annotate(b.make_change("[GraphTrainer][AutoDev] Extract passes into a module",
                                    files=(("torchtitan/experiments/graph_trainer/passes.py", 10, 100),)), 0, AreaResolver())  # fmt: skip
    assert "AutoDev" not in tagged.areas
    spread = [(f"plan9/sub{i}/mkfile", 0, 38) for i in range(8)] + [(f"dir{i}/file{i}.c", 0, 2) for i in range(16)]
    plan9 = annotate(b.make_change("plan9: drop special build and orphaned references", files=tuple(spread)), 0, AreaResolver())
    assert plan9.areas[:1] == ("plan9",)


def test_r50_a_label_the_deed_drops_is_said_as_its_place() -> None:
    """clippy's "Lintcheck: Add URL to lint emission place in diff" was heard as a change to lint output."""
    from commitcast.model import ChangeRef
    from commitcast.write.stories import place_of

    ref = ChangeRef(sha="a" * 40, title="Lintcheck: Add URL to lint emission place in diff", topic="Add URL to lint emission place in diff",
                    areas=["Lintcheck"])  # fmt: skip
    assert place_of(ref, "added a URL to lint emission place in diff") == " in Lintcheck"
    unlabelled = ChangeRef(sha="b" * 40, title="Add URL to lint emission place in diff", topic="Add URL to lint emission place in diff",
                           areas=["lintcheck"])  # fmt: skip
    assert place_of(unlabelled, "added a URL to lint emission place in diff") == ""


def test_r50_of_several_closes_lines_the_newest_number_is_the_pull_request() -> None:
    """curl 88d46174a "KNOWN_BUGS.md: …" closed #20236 (its pull request) and #19825 (the issue) and
    was told as a direct commit."""
    from commitcast.ingest.messages import parse_message

    parsed = parse_message("KNOWN_BUGS.md: absolute Unix domain filename for SOCKS on Windows\n\nCloses #20236\nCloses #19825\n")
    assert parsed.pr is not None and parsed.pr.number == 20236
    alone = parse_message("KNOWN_BUGS.md: absolute Unix domain filename\n\nCloses #19825\n")
    assert alone.pr is None


# ------------------------------------------------------------------ round 45: the r51 blind round
def test_r51_a_bors_rollup_is_its_pull_requests_from_their_authors(make_repo: MakeRepo) -> None:
    """clippy 2019-11-23: bors' "Rollup of 5 pull requests" (flip1995's roll-up) was "Michael Wright
    landed rollup of 5 pull requests", one pull request whose other authors were "co-authors"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2019-11-20T09:00:00Z")
    repo.branch("rollup")
    for n, (who, path) in enumerate((("Yerkebulan T <y@x.org>", "loops.rs"), ("Philipp Hansch <p@x.org>", "derive.rs"),
                                     ("Michael Wright <m@x.org>", "literal.rs")), start=1):  # fmt: skip
        repo.branch(f"pr{n}", repo.commits[0])
        repo.commit(f"Fix lint number {n}", branch=f"pr{n}", files={path: f"{n}\n"}, author=who, when=f"2019-11-21T0{n}:00:00Z")
        repo.merge(f"pr{n}", f"Rollup merge of #47{n}0 - user{n}:branch{n}, r=flip1995", into="rollup",
                   author="GitHub <noreply@github.com>", when=f"2019-11-22T0{n}:00:00Z")  # fmt: skip
    repo.merge("rollup", "Auto merge of #4840 - flip1995:rollup-jqk3a3i, r=flip1995\n\nRollup of 3 pull requests\n\nSuccessful merges:\n",
               author="bors <bors@rust-lang.org>", when="2019-11-23T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2019-11-23")
    (story,) = plan.stories
    assert [c.pr for c in story.changes] == [4710, 4720, 4730]
    assert {c.authors[0] for c in story.changes} == {"Yerkebulan T", "Philipp Hansch", "Michael Wright"}
    assert ("purpose", "rollup") in {(c.about, c.value) for c in story.claims}
    text = _text(plan)
    assert "flip1995's roll-up merged three pull requests from three people" in text
    assert "landed rollup" not in text and "co-author" not in text


def test_r51_release_words_kinds_and_places_as_their_evidence(b: SimpleNamespace) -> None:
    """curl's "RELEASE-PROCEDURE: add release dates … to 8.0.0" was "curl 8.0.0 is out"; curl's
    "ftp,imap,pop3,smtp: reject STARTTLS …" (CVE-2021-22947) was an ftp fix alone; uv's noisy,
    "somewhat underwhelming" 1.1x was the summary's effect."""
    from commitcast.ingest.releases import release_versions

    assert release_versions("RELEASE-PROCEDURE: add release dates from now to 8.0.0 in 2023") == []
    assert release_versions("release: v3.4.0") == [(None, "3.4.0")]
    peers = annotate(b.make_change("ftp,imap,pop3,smtp: reject STARTTLS server response pipelining", files=(("lib/ftp.c", 5, 1),)),
                     0, AreaResolver())  # fmt: skip
    assert peers.areas[:1] == ("ftp, imap, pop3 and smtp",)
    hedged = annotate(b.make_change("Zero-copy deserialization", body="My measurements have been pretty noisy, but I get a 1.1x speedup."),
                      0, AreaResolver())  # fmt: skip
    assert not [f for f in hedged.facts if f.kind in ("speedup", "runtime")]
    clear = annotate(b.make_change("Zero-copy deserialization", body="I get a 1.1x speedup on the benchmark."), 0, AreaResolver())
    assert [f for f in clear.facts if f.kind in ("speedup", "runtime")]


def test_r51_titles_said_as_what_they_did() -> None:
    """uv's "Enable `--all-packages --frozen`" was "the all-packages option the frozen option"; noun
    titles were "landed a triaging ROCm wheel build", "landed a quant in checkpoint dtype"; "Fix linter"
    fixed lint errors; a hand-wrapped subject was cut at "+ do not"."""
    from commitcast.ingest.messages import parse_message
    from commitcast.text.retelling import noun_phrase

    assert deed_of("Enable `--all-packages --frozen` in `uv sync`") == "enabled the all-packages and frozen options together in uv sync"
    assert noun_phrase("Triaging ROCm wheel build") is None and noun_phrase("quant in checkpoint dtype") is None
    assert noun_phrase("Better missing self update feature") is None
    assert noun_phrase("spelling mistakes and typos") == "spelling mistakes and typos"
    assert deed_of("Fix linter") == "fixed lint errors" and deed_of("Rollup of 4 pull requests with new lints") == (
        "rolled up 4 pull requests with new lints")
    assert deed_of("Remove constraint on having all the input arg dtypes to be") is None
    wrapped = parse_message("fix(sfc): prohibit src usage for `<script setup>` + do not\nprocess non js/ts blocks in compileScript\n\nMore.")
    assert wrapped.title.endswith("do not process non js/ts blocks in compileScript") and wrapped.body == "More."
    apart = parse_message("Fix check_infinite_loop (while_immutable_condition) by checking for break\n\nchangelog: none")
    assert apart.title == "Fix check_infinite_loop (while_immutable_condition) by checking for break"


def test_r51_a_pattern_campaign_is_titled_by_its_shared_deed_and_not_placed_against_the_rest(make_repo: MakeRepo) -> None:
    """uv 2024-11-02: "Add support for `uv … --all-packages`" three times was titled "Adding a New Uv All
    Packages Across Three Changes", and "landed three of their four changes in uv" said the fourth was elsewhere."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-11-01T09:00:00Z")
    for n, command in enumerate(("sync", "run", "export"), start=1):
        repo.commit(f"Add support for `uv {command} --all-packages` (#87{n}0)", files={f"crates/uv/src/{command}.rs": f"{n}\n" * 30},
                    author="Charlie Marsh <c@x.org>", when=f"2024-11-02T0{n}:00:00Z")  # fmt: skip
    repo.commit("Allow incompatible `requires-python` for source distributions (#8768)", files={"crates/uv/src/lock.rs": "x\n"},
                author="Charlie Marsh <c@x.org>", when="2024-11-02T05:00:00Z")  # fmt: skip
    repo.commit("Show full error chain on tool upgrade failures (#8753)", files={"crates/uv/src/tool.rs": "y\n"},
                author="Zanie Blue <z@x.org>", when="2024-11-02T06:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-11-02")
    assert "Uv All Packages" not in plan.title and "support for the all-packages option" in plan.title.lower(), plan.title
    assert "of their four changes in" not in _text(plan)


# ------------------------------------------------------------------ round 46: the r52 blind round
def test_r52_names_kinds_and_reasons_as_their_evidence(b: SimpleNamespace) -> None:
    """clippy #13839 "Emit `missing_const_for_fn` for …" (its UI tests in tests/ui/missing_const_for_fn/)
    was "emits missing const for fn"; executorch #6991 moved submodules to GitHub mirrors and was "one
    dependency update"; uv's "Bail when …" was "Zsolt bailed"; "and others" stood for one person;
    torchtitan #3335's reason was a line of code."""
    from commitcast.analyse.reverts import revert_reason
    from commitcast.text import name_list

    lint = annotate(b.make_change("Emit `missing_const_for_fn` for `CONST_MUT_REFS`",
                                  files=(("tests/ui/missing_const_for_fn/could_be_const.rs", 5, 0),)), 0, AreaResolver())  # fmt: skip
    assert "the `missing_const_for_fn` lint" in lint.subject.topic
    mirrors = annotate(b.make_change("Use GitHub mirrors of submodules to unbreak CI", files=((".gitmodules", 2, 2),)), 0, AreaResolver())
    assert "dependency" not in mirrors.kinds
    bump = annotate(b.make_change("Bump the tokenizers submodule", files=((".gitmodules", 1, 1), ("Cargo.lock", 3, 3))), 0, AreaResolver())
    assert "dependency" in bump.kinds
    assert deed_of("Bail when trying to attach ambiguous credentials") == "made it bail when trying to attach ambiguous credentials"
    assert name_list(["A", "B", "C", "D"]) == "A, B, C and D" and name_list(["A", "B", "C", "D", "E"]) == "A, B, C and others"
    coded = b.make_change('Revert "Avoid repeat_interleave sync (#3274)" (#3335)',
                          body="Strange issue routed_input.shape[0] == 30364 # number of tokens.sum() == 30365.")  # fmt: skip
    assert revert_reason(coded) is None


def test_r52_a_few_changes_are_told_in_every_place_they_are(make_repo: MakeRepo) -> None:
    """executorch 2025-11-03: "Anthony Shoumikhin landed three changes in Apple" held one in the tensor API."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-11-02T09:00:00Z")
    for n, (path, title) in enumerate((("extension/apple/Tensor.swift", "Allow data casting along with cloning in Swift (#15511)"),
                                       ("extension/apple/Module.swift", "Allow overriding metadata when creating a module (#15512)"),
                                       ("extension/tensor/tensor_ptr.h", "Allow data casting along with cloning (#15510)")), start=1):  # fmt: skip
        repo.commit(title, files={path: f"{n}\n" * 40}, author="Anthony Shoumikhin <a@x.org>", when=f"2025-11-03T0{n}:00:00Z")
    plan = _plan(repo, "2025-11-03")
    (story,) = plan.stories
    assert len(story.areas) >= 2, story.areas


# ------------------------------------------------------------------ round 47: the r53 blind round
def test_r53_work_on_looks_and_checkers_leads_no_day(b: SimpleNamespace) -> None:
    """pip's "Replace tabs by spaces for consistency" (news/8599.trivial) and torchtitan's "[docs] Fix
    type mismatch in model layers comments" led their days over user-facing changes; torchtitan's "Add
    ROCm CI support for … experiments" was a feature."""
    from commitcast.analyse.rank import item_score

    real = annotate(b.make_change("Fix FLUX attention by exposing is_causal in SDPA", files=(("torchtitan/models/flux/attn.py", 20, 5),)),
                    0, AreaResolver())  # fmt: skip
    for title, files in (("Replace tabs by spaces for consistency", (("tox.ini", 20, 20), ("news/8599.trivial.rst", 0, 0))),
                         ("[docs] Fix type mismatch in model layers comments", (("torchtitan/models/layers.py", 3, 3),)),
                         ("[Typing] Fix pyrefly ignores in deepseek model.py", (("torchtitan/models/deepseek/model.py", 30, 30),))):  # fmt: skip
        looks = annotate(b.make_change(title, files=files), 0, AreaResolver())
        assert item_score(looks) < item_score(real), title
    ci = annotate(b.make_change("Add ROCm CI support for Auto Parallel experiments",
                                files=((".github/workflows/rocm.yaml", 60, 0), ("tests/integration_tests/run_tests.py", 14, 2))),
                  0, AreaResolver())  # fmt: skip
    assert "feature" not in ci.kinds and "build" in ci.kinds


def test_r53_figures_files_and_orders_said_whole(b: SimpleNamespace) -> None:
    """executorch #17820's "by 2,656 bytes" was "by 2"; "deepseek model.py" was "deepseek the model
    file"; "Disable Varlen + PP support" banned the two together; u-boot's "Maintainer for … board"
    was "landed a maintainer"; "doc: cmd: wget: remove erroneous note" was "in cmd"."""
    from commitcast.text import facts_from_text

    (fact,) = facts_from_text(["Reduces stripped size_test by 3,488 bytes and stripped size_test_all_ops by 2,656 bytes."], "a" * 40, None)
    assert fact.text.endswith("by 2,656 bytes")
    assert plain_words("Fix pyrefly ignores in deepseek model.py") == "Fix pyrefly ignores in the deepseek model file"
    assert plain_words("Stop trying to lazy-load pyproject.toml") == "Stop trying to lazy-load the pyproject config"
    assert deed_of("Disable Varlen + PP support") == "disabled Varlen combined with PP support"
    assert deed_of("arm: kirkwood: Maintainer for RaidSonic ICY BOX ib62x0 board") == (
        "updated the maintainers entry for RaidSonic ICY BOX ib62x0 board")
    assert deed_of("Autogenerate possible values for enums") == "autogenerated possible values for enums"
    page = annotate(b.make_change("doc: cmd: wget: remove erroneous note", files=(("doc/usage/cmd/wget.rst", 0, 7),)), 0, AreaResolver())
    assert page.areas[:1] == ("wget",)


# ------------------------------------------------------------------ round 48: the r54 blind round
def test_r54_statements_behaviours_and_names_said_as_they_are() -> None:
    """vue's "pre-flush watcher watching props should trigger before …" was "Evan You pre-flushed
    watcher …"; clippy's "rerun when git commit changes" was "Ralf Jung reran"; uv's "Attempt to use
    reflinks by default" was "Zanie Blue attempted"; "tests for add and remove commands" had "removed
    commands"; "Import Fix" was "imported Fix"; "ciflow/rocm" was "ciflow and rocm"; "Claude Fable 5"
    was a co-author person."""
    from commitcast.text import is_bot_name

    assert deed_of("fix(watch): pre-flush watcher watching props should trigger before component update") is None
    assert deed_of("rustc_tools_util: rerun when git commit changes") == "made it rerun when git commit changes"
    assert deed_of("Attempt to use reflinks by default on Linux") == "made it try to use reflinks by default on Linux"
    assert deed_of("Try to fix pep518 test") == "tried to fix pep518 test"  # the author's own try stays theirs
    assert deed_of("Add CLI tests for add and remove commands") == "added CLI tests for add and remove commands"
    assert deed_of("Import Fix") == "fixed imports"
    assert plain_words("add ciflow/rocm to tags") == "add ciflow rocm to tags"
    assert is_bot_name("Claude Fable 5") and not is_bot_name("Claude Shannon")


def test_r54_a_term_from_another_field_is_not_explained() -> None:
    """curl's "fixed the build with sync resolver in hostip" explained the resolver as a package manager's."""
    from commitcast.analyse.glossary import explained_terms
    from commitcast.model import ChangeRef, Story

    dns = ChangeRef(sha="a" * 40, title="hostip: fix the build with sync resolver")
    story = Story(id="s1", role="headline", headline=dns.title, people=["Daniel Stenberg"], areas=["hostip"], changes=[dns])
    assert "resolver" not in explained_terms([story])[0]
    pkg = ChangeRef(sha="b" * 40, title="Speed up the resolver for packages with many versions")
    story = Story(id="s2", role="headline", headline=pkg.title, people=["Charlie Marsh"], areas=["uv resolver"], changes=[pkg])
    assert "resolver" in explained_terms([story])[0]


def test_r54_the_summary_places_a_story_where_the_story_does(make_repo: MakeRepo) -> None:
    """executorch 2025-08-12: "Gregory Comer landed 14 changes, 12 of them in Qualcomm" for a series in
    backends/test that touched Qualcomm's tester once; the story itself said no such place."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-08-11T09:00:00Z")
    for n, name in enumerate(("lstm", "avgpool", "maxpool", "conv", "linear", "relu"), start=1):
        files = {f"backends/test/suite/operators/test_{name}.py": f"{n}\n" * 40}
        if n == 1:
            files["backends/qualcomm/tests/tester.py"] = "q\n" * 5
        repo.commit(f"[Backend Tester] Add {name} tests (#128{n}0)", files=files, author="Gregory Comer <g@x.org>", when=f"2025-08-12T0{n}:00:00Z")
    repo.commit("Fix the export flow (#12900)", files={"exir/flow.py": "f\n" * 9}, author="Gregory Comer <g@x.org>", when="2025-08-12T08:00:00Z")
    plan = _plan(repo, "2025-08-12")
    assert "Qualcomm" not in plan.summary, plan.summary
    assert "of them, all of them" not in plan.summary and "of them, all of them" not in _text(plan)


# ------------------------------------------------------------------ round 49: the r55 blind round
def test_r55_bots_branches_groups_and_counts_said_as_they_are(make_repo: MakeRepo) -> None:
    """pip 2026-07-11: dependabot's PR merged "from pypa/dependabot/github_actions/…" made "pypa" a
    co-author, six people where there were five; vue's renovate "update test to v3 (major)" was "updated
    the test to v3"."""
    from commitcast.text.retelling import dependency_deed

    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-07-10T09:00:00Z")
    repo.branch("bump")
    repo.commit("Bump the github-actions group with 2 updates", branch="bump", files={".github/workflows/ci.yml": "v2\n"},
                author="dependabot[bot] <support@github.com>", when="2026-07-11T08:00:00Z")  # fmt: skip
    repo.merge("bump", "Merge pull request #14166 from pypa/dependabot/github_actions/github-actions-cf89d1f96b\n\nBump the group",
               author="Damian Shaw <d@x.org>", when="2026-07-11T09:00:00Z")  # fmt: skip
    (change,) = [c for c in _landed(repo, "2026-07-11").changes if c.is_merge]
    assert "pypa" not in [a.name for a in change.authors]
    assert dependency_deed("updated the test to v3 (major)") == "updated the test dependencies to version 3"


def test_r55_a_wrapped_list_and_a_two_word_name_said_whole() -> None:
    """u-boot 2025-01-14's cover letter "… for AM64X, AM62X,\\nAM62AX, …, J784S4 devices." was quoted as
    "for AM64X, AM62X,."; clippy's "Doc markdown" (its lint) was "landed a doc markdown"."""
    from commitcast.text import prose_sentences
    from commitcast.text.retelling import noun_phrase

    body = "This series adds support for Inline ECC in DDR for AM64X, AM62X,\nAM62AX, AM62PX, J721E, J721S2, J722S and J784S4 devices.\n"
    assert prose_sentences(body) == ["This series adds support for Inline ECC in DDR for AM64X, AM62X, AM62AX, AM62PX, J721E, J721S2, J722S and J784S4 devices."]
    assert noun_phrase("Doc markdown") is None and noun_phrase("STRING_ADD example") == "the string add example"


# ------------------------------------------------------------------ round 50: the r56 blind round
def test_r56_hedged_fixes_lists_and_unnamed_work_told_as_they_are(b: SimpleNamespace) -> None:
    """executorch #10943's "I attempt to fix it … I can't guarantee this is the problem" was told as
    a fix outright; torchtitan's "all parameters, buffers, and inputs are DTensors" was cut to
    "all parameters, buffers."."""
    from commitcast.analyse.claims import strength_of
    from commitcast.text.clean import clean_quote

    unsure = annotate(b.make_change("Fix libflatccrt race", body="I attempt to fix it. I can't guarantee this is the problem."),
                      0, AreaResolver())  # fmt: skip
    assert strength_of(unsure.claims, "kind", "fix") == "weak"
    sure = annotate(b.make_change("Fix libflatccrt race", body="Two targets built the same file at once."), 0, AreaResolver())
    assert strength_of(sure.claims, "kind", "fix") == "strong"
    text = "This adds full DTensor mode where all parameters, buffers, and inputs are DTensors on a multi-dimensional SPMD mesh, and more"
    assert not clean_quote(text, limit=100).endswith("buffers")
    assert clean_quote("One clause here that is long enough to be cut somewhere, and another clause that goes on past the limit", limit=80) == (
        "One clause here that is long enough to be cut somewhere")


def test_r56_work_no_one_is_named_for_comes_before_a_named_fix(make_repo: MakeRepo) -> None:
    """torchtitan 2026-05-18's summary "francesco-bertolotti's fix and new work in RL" gave him Felipe
    Mello's RL work."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-05-17T09:00:00Z")
    repo.commit("Add config-based full DTensor for Llama3 (#3700)\n\nA new abstraction: users can now run every model as DTensors.\n"
                "It replaces the old wrapper with a protocol the trainer dispatches on.",
                files={f"torchtitan/models/llama3/part{n}.py": "x\n" * 400 for n in range(4)},
                author="Chien-Chin Huang <c@x.org>", when="2026-05-18T01:00:00Z")  # fmt: skip
    repo.commit("Fix a crash in the profiler when tracing is off (#3701)\n\nThe profiler crashed with a KeyError when tracing was off.",
                files={"torchtitan/tools/profiling.py": "y\n" * 12},
                author="Francesco Bertolotti <f@x.org>", when="2026-05-18T02:00:00Z")  # fmt: skip
    repo.commit("Add a new reward model for RL training (#3702)", files={"torchtitan/experiments/rl/reward.py": "z\n" * 200},
                author="Felipe Mello <m@x.org>", when="2026-05-18T03:00:00Z")  # fmt: skip
    summary = _plan(repo, "2026-05-18").summary
    assert "Francesco Bertolotti's fix" in summary and "new work" in summary, summary
    assert summary.index("new work") < summary.index("Francesco Bertolotti's fix"), summary


# ------------------------------------------------------------------ round 51: the last hand check (pip 21.2.3)
def test_final_a_formatter_run_is_said_as_one_and_leads_nothing(b: SimpleNamespace) -> None:
    """pip 2021-08-06: "Blacken commands" (Black run over src/pip/_internal/commands/) was the day's
    second story, "landed a change: 'Blacken commands'", and "blackened index" in the quick hits."""
    from commitcast.analyse.rank import item_score

    assert deed_of("Blacken index") == "reformatted index with Black"
    files = (("src/pip/_internal/commands/install.py", 640, 550),)
    black = annotate(b.make_change("Blacken commands", files=files), 0, AreaResolver())
    rework = annotate(b.make_change("Rework commands", files=files), 0, AreaResolver())
    assert item_score(black) < 0.7 * item_score(rework)


# ------------------------------------------------------------------ round 52: the r57 blind round
def test_r57_a_code_block_inside_another_stays_code() -> None:
    """executorch #17090 pasted a chat transcript in "~~~" holding a "```python" block; the inner fence
    closed the outer one and "Keep track of your guesses" was quoted as what the change does."""
    from commitcast.text import prose_sentences

    body = "Adds attention sink support.\n\n~~~\nuser: teach me\n```python\n# Keep track of your guesses\nguesses = 0\n```\nassistant: done\n~~~\n\nIt works now."
    assert prose_sentences(body) == ["Adds attention sink support.", "It works now."]


def test_r57_a_merge_of_upgrades_is_titled_by_them(make_repo: MakeRepo) -> None:
    """pip #9148 (branch "vendoring/nov-2020", no merge body): seven "Upgrade X to Y" commits and one
    "Add automation for upgrading dependencies" were told as the automation alone."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2020-11-19T09:00:00Z")
    repo.branch("nov")
    repo.commit("Add automation for upgrading dependencies", branch="nov", files={"noxfile.py": "n\n"},
                author="Pradyun Gedam <p@x.org>", when="2020-11-20T01:00:00Z")  # fmt: skip
    for n, name in enumerate(("colorama", "pep517", "requests", "certifi"), start=2):
        repo.commit(f"Upgrade {name} to 1.{n}", branch="nov", files={f"vendor/{name}.py": f"{n}\n"},
                    author="Pradyun Gedam <p@x.org>", when=f"2020-11-20T0{n}:00:00Z")  # fmt: skip
    repo.merge("nov", "Merge pull request #9148 from pradyunsg/vendoring/nov-2020", when="2020-11-20T09:00:00Z")
    (merge,) = [c for c in _landed(repo, "2020-11-20").changes if c.is_merge]
    assert merge.title.startswith("Upgrade ") and merge.title.endswith("and 1 more"), merge.title
    assert "automation" not in merge.title


def test_r57_a_speed_up_is_where_its_code_is_and_a_to_function_is_no_habit(b: SimpleNamespace) -> None:
    """ao #2784 "Improve fp8 blockwise gemm perf" was "in benchmarks" by its benchmark's lines;
    executorch's "Use `to_edge_lower_and_transform` for XNNPack" was "Jack used to edge lower …"."""
    faster = annotate(b.make_change("Improve fp8 blockwise gemm perf", body="This makes the kernel 1.5x faster.",
                                    files=(("benchmarks/prototype/blockwise_fp8/bench_gemm.py", 392, 0),
                                           ("torchao/float8/kernels.py", 50, 20))), 0, AreaResolver())  # fmt: skip
    assert "benchmarks" not in faster.areas
    bench = annotate(b.make_change("Add a warm cache startup benchmark", files=(("benchmarks/startup.py", 392, 0), ("torchao/float8/kernels.py", 5, 0))),
                     0, AreaResolver())  # fmt: skip
    assert bench.areas[:1] == ("benchmarks",)
    # (hyphenated since r66: a name opening with "to" is one name, "to dim order copy" was heard as a phrase)
    assert deed_of("Use `to_edge_lower_and_transform` for XNNPack") == "used the to-edge-lower-and-transform function for XNNPack"


# ------------------------------------------------------------------ round 53: the r58 blind round
def test_r58_changes_no_one_is_named_for_are_no_ones_run(make_repo: MakeRepo) -> None:
    """executorch 2025-04-21: seven PRs pytorchbot landed for three engineers, naming none of them,
    were "a contributor landed 7 changes, 3 of them in Llama", and two of them one quick hit."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-04-20T09:00:00Z")
    for n in range(1, 5):
        repo.commit(f"Allow custom sdpa change number {n} in llama (#1034{n})", files={f"examples/models/llama/sdpa{n}.py": f"{n}\n" * 20},
                    author="pytorchbot <soumith+bot@pytorch.org>", when=f"2025-04-21T0{n}:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-04-21")
    text = _text(plan) + " " + plan.summary
    assert "a contributor landed" not in text.lower() and "of their" not in text, text


def test_r58_words_said_whole() -> None:
    """u-boot's "GPIO pull-up/down control" was "GPIO down control"; executorch's "string<->integer
    map" was "string< to integer map"; "Add myself back into review rotation" was "added a themselves";
    ao's "mx cast performance bench" was a speed-up."""
    from commitcast.analyse.classify import _PERF

    assert plain_words("Add GPIO pull-up/down control") == "Add GPIO pull-up and pull-down control"
    assert plain_words("a more space efficient string<->integer map") == "a more space efficient two-way string-integer map"
    assert deed_of("Add myself back into review rotation", "Alejandra Gonzalez") == "added themselves back into review rotation"
    assert not _PERF.search("mx cast performance bench")


# ------------------------------------------------------------------ round 54: the r59 blind round
def test_r59_a_summary_says_the_side_a_change_grew_on(make_repo: MakeRepo) -> None:
    """clippy #17552 swapped 1,136 doc links from master to main, 1,136 lines each way: the summary
    said "a change of 2,272 lines"; vue's +1,875/−852 merge was "a change of 1,875 lines", heard as all of it."""
    repo = make_repo()
    repo.commit("Start", files={"src/links.rs": "".join(f"// see master/{n}\n" for n in range(1200))}, when="2026-08-11T09:00:00Z")
    repo.commit("Modify doc links to point to main instead of master (#17552)",
                files={"src/links.rs": "".join(f"// see main/{n}\n" for n in range(1200))},
                author="Jakub Beranek <j@x.org>", when="2026-08-12T09:00:00Z")  # fmt: skip
    summary = _plan(repo, "2026-08-12").summary
    assert "2,400" not in summary and "1,200" not in summary, summary  # a rewrite: no size to tell
    repo.commit("Add a new parser module (#17553)", files={"src/parser.rs": "".join(f"fn f{n}() {{}}\n" for n in range(1875))},
                author="Jakub Beranek <j@x.org>", when="2026-08-13T09:00:00Z")  # fmt: skip
    summary = _plan(repo, "2026-08-13").summary
    assert "adding about 1,900 lines" in summary, summary


def test_r59_part_of_a_persons_day_puts_its_place_after_the_share(make_repo: MakeRepo) -> None:
    """ao 2025-03-18: "Vasiliy Kuznetsov landed three of their four changes in MX formats" was heard
    as one of four MX changes not landing; the fourth was a benchmark."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-03-17T09:00:00Z")
    repo.commit("mx cast performance bench (#1907)", files={"benchmarks/mx_formats/cast_bench.py": "b\n" * 155},
                author="Vasiliy Kuznetsov <v@x.org>", when="2025-03-18T01:00:00Z")  # fmt: skip
    for n, title in enumerate(("mx cast: torch.log2 -> bit shifts", "mx cast: torch.pow -> bit shifts", "mx cast: remove clamping of output tensor"), start=2):
        repo.commit(f"{title} (#190{n + 6})", files={f"torchao/prototype/mx_formats/k{n}.py": f"{n}\n" * 40},
                    author="Vasiliy Kuznetsov <v@x.org>", when=f"2025-03-18T0{n}:00:00Z")  # fmt: skip
    for n, who in enumerate(("Scott Roy", "Matthias Reso", "Driss Guessous", "Aleksandar Samardzic"), start=5):
        repo.commit(f"Small change number {n} (#19{n}0)", files={f"torchao/other{n}.py": "x\n"}, author=f"{who} <{n}@x.org>",
                    when=f"2025-03-18T0{n}:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-03-18"))
    assert "three of their four" not in text, text
    assert "four changes, three of them in MX formats" in text or "of the four changes Vasiliy Kuznetsov landed, three were" in text, text


def test_r59_words_said_whole() -> None:
    """curl's "remove conn->bits.user_passwd" was "removed the bits the user passwd function"; ao's
    "torch.log2 -> bit shifts" was "landed torch.log2 to bit shifts"; executorch's "ET_TRY macros"
    were titled "Et Try Macros"; "@exported-using-ghexport" was read out after a promise."""
    from commitcast.text import prose_sentences

    assert deed_of("urldata: remove conn->bits.user_passwd") == "removed the user passwd field"
    assert deed_of("torch.log2 -> bit shifts") == "switched from torch.log2 to bit shifts"
    assert deed_of("Rename foo -> bar") == "renamed foo to bar"
    assert deed_of("remove ET_TRY macros") == "removed ET try macros"
    assert prose_sentences("This is done to enable push constants in follow up changes.\n@exported-using-ghexport\n") == [
        "This is done to enable push constants in follow up changes."
    ]


def test_r59_a_platform_or_file_tag_no_path_names_is_no_area(b: SimpleNamespace) -> None:
    """executorch #8914 "[Windows] [memory_allocator.h] remove ET_TRY macros" changed no Windows code:
    it was "removed et try macros in Windows", across "Windows, memory allocator.h and runtime"."""
    item = annotate(b.make_change("[Windows] [memory_allocator.h] remove ET_TRY macros",
                                  files=(("runtime/core/memory_allocator.h", 0, 170), ("runtime/executor/tensor_parser.cpp", 20, 10))),
                    0, AreaResolver())  # fmt: skip
    assert "Windows" not in item.areas and not any(".h" in a for a in item.areas), item.areas
    windows = annotate(b.make_change("[Windows] fix the build", files=(("tools/windows/build.ps1", 3, 1),)), 0, AreaResolver())
    assert windows.areas[:1] == ("Windows",), windows.areas


def test_r59_a_promise_the_day_kept(make_repo: MakeRepo) -> None:
    """executorch 2025-03-08: "this is done to enable push constants for PrepackNodes in follow up
    changes" was what's next, when the next change, "… input to PrepackNode class", landed that day."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-03-07T09:00:00Z")
    repo.commit("[ET-VK] Moving PushConstantData class implementation to a separate file (#9047)\n\n"
                "This is done to enable push constants for PrepackNodes in follow up changes.",
                files={"backends/vulkan/PushConstantData.h": "p\n" * 60}, author="Vivek Trivedi <v@x.org>", when="2025-03-08T01:00:00Z")  # fmt: skip
    repo.commit("[ET-VK] Adding PushConstantDataInfo input to PrepackNode class (#9048)",
                files={"backends/vulkan/PrepackNode.cpp": "q\n" * 30}, author="Vivek Trivedi <v@x.org>", when="2025-03-08T02:00:00Z")  # fmt: skip
    assert not _plan(repo, "2025-03-08").whats_next


def test_r59_several_fixes_are_fixes(make_repo: MakeRepo) -> None:
    """curl 2022-02-16: Kevin Adler's three gskit changes were "Kevin Adler's fix in gskit"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2022-02-15T09:00:00Z")
    repo.commit("urldata: remove conn->bits.user_passwd", files={"lib/urldata.h": "u\n" * 300},
                author="Daniel Stenberg <d@x.org>", when="2022-02-16T01:00:00Z")  # fmt: skip
    for n, title in enumerate(("gskit: Fix errors from Curl_strerror refactor", "gskit: Fix initialization of the struct",
                               "gskit: Fix the poll loop"), start=2):  # fmt: skip
        repo.commit(title, files={f"lib/vtls/gskit{n}.c": f"{n}\n" * 20}, author="Kevin Adler <k@x.org>", when=f"2022-02-16T0{n}:00:00Z")
    summary = _plan(repo, "2022-02-16").summary
    assert "Kevin Adler's fix " not in summary, summary


def test_r59_more_words_said_whole() -> None:
    """uv's "Rollback `pyproject.toml` changes on all errors" was "landed rollback the …"; clippy's
    "autofix for `redundant_else` lint" was "autofixed for …"; curl's "*WEIRD_SERVER_REPLY" kept its
    star; "Add `UV_LINK_MODE` as env variable" named the variable twice."""
    assert deed_of("Rollback `pyproject.toml` changes on all errors") == "rolled back the pyproject config changes on all errors"
    assert deed_of("autofix for `redundant_else` lint") == "added an autofix for redundant else lint"
    assert deed_of("return *WEIRD_SERVER_REPLY when not understood") == "returned weird server reply when not understood"
    assert deed_of("Add `UV_LINK_MODE` as env variable") == "added the UV link mode environment variable"
    assert tag_area("tests/server/sockfilt") == "tests"  # curl's test suite's server, no "server" of curl's


def test_r59_a_revert_describing_what_it_undoes_is_no_title(b: SimpleNamespace) -> None:
    """executorch's "Revert pthreadpool a56dcd7 update (backout D104906625 + dependent D108226589)"
    was "rolled back the change “Pthreadpool update (backout + dependent)”", a title no change had."""
    from commitcast.analyse.reverts import revert_target
    from commitcast.ingest.reverts import parse_revert

    title = "Revert pthreadpool a56dcd7 update (backout D104906625 + dependent D108226589) (#20521)"
    parsed = parse_revert(title, "")
    assert parsed is not None and parsed.title is None
    assert revert_target(b.make_change(title)) == ("the pthreadpool update", False)


def test_r59_a_cause_is_told_whole_or_not_and_a_promise_on_a_condition_is_none(b: SimpleNamespace) -> None:
    """uv #3304: "the problem is that the first action in the cache directory is adding the tag" cut
    off the cause ("and the `cachedir` crate is using `std::fs`"); uv #6996's "I'll follow up on
    #6426 when I do" was what's next; curl's renamed Visual Studio folders were "a big change"."""
    from commitcast.analyse.why import _first_clause

    assert _first_clause("The problem is that the first action in the cache dir is adding the tag, and the `cachedir` crate "
                         "is using `std::fs` instead of `fs_err`.") == ""  # fmt: skip
    change = b.make_change("Remove unused import. (#6996)", body="I'm not yet sure what is needed. I'll follow up on #6426 when I do, so we can concentrate on it.")
    assert promises(change) == []


def test_r59_a_balanced_change_has_no_size_told(make_repo: MakeRepo) -> None:
    """curl #8506 renamed the Visual Studio folders and regenerated their files, 515 lines in and 502
    out: "It's a big change: about 520 lines added and about 500 removed"."""
    repo = make_repo()
    repo.commit("Start", files={"projects/gen.bat": "".join(f"VC15 {n}\n" for n in range(600))}, when="2022-03-28T09:00:00Z")
    repo.commit("projects: Update VC version names for VS2017, VS2022",
                files={"projects/gen.bat": "".join(f"VC14.10 {n}\n" for n in range(600))},
                author="Daniel Stenberg <d@x.org>", when="2022-03-29T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2022-03-29"))
    assert "lines added" not in text and "big change" not in text, text


def test_r59_only_the_lead_release_of_a_package_has_its_highlights_told() -> None:
    """uv 2024-09-04: 0.4.4 and 0.4.5 shipped; only 0.4.4's highlights were said ("Then came 0.4.5"),
    but 0.4.5's were taken as told, and one docs change went uncounted."""
    from commitcast.analyse.releases import said_highlights
    from commitcast.model import Release

    first = Release(version="0.4.4", sha="a", picked=["Add docker tags"])
    second = Release(version="0.4.5", sha="b", picked=["Add documentation for `uv build`"])
    assert said_highlights([first, second], set()) == {"add docker tags"}


def test_r59_a_pulls_examples_are_its_weightiest() -> None:
    """u-boot 2025-11-17: a 22-patch stm pull was told by three 5- and 26-line device-tree edits,
    not its new 705-line LVDS driver or its ADC support."""
    from commitcast.model import ChangeRef
    from commitcast.write.stories import sample_refs

    refs = [
        ChangeRef(sha="1", title="ARM: dts: Add stm32mp257f-dk-u-boot.dtsi", topic="Add stm32mp257f-dk-u-boot.dtsi", kinds=["feature"], lines=26),
        ChangeRef(sha="2", title='ARM: dts: Fix "arm, smc-id" value', topic='Fix "arm, smc-id" value', kinds=["correctness", "fix"],
                  severity=["correctness"], lines=5),  # fmt: skip
        ChangeRef(sha="3", title="video: stm32: STM32 driver support for LVDS", topic="STM32 driver support for LVDS", lines=705),
        ChangeRef(sha="4", title="adc: stm32mp13: add support of adc to stm32mp13", topic="add support of adc to stm32mp13", kinds=["feature"], lines=89),
    ]
    assert [r.sha for r in sample_refs(refs, 2)] == ["3", "4"]


def test_r59_a_point_of_a_list_is_no_why(b: SimpleNamespace) -> None:
    """uv #3130: "Previously the cache was only populated from the seed …" was told as the trouble;
    it was one of seven points on what an earlier PR did, and its bug was the opposite."""
    from commitcast.analyse.why import reasons

    body = ("In #2976 I made some changes that led to regressions:\n\n"
            "- We stopped tracking URLs that we had not seen credentials for in the cache\n"
            "- We added caching of credentials found on requests\n"
            "- Previously the cache was only populated from the seed or credentials found in the netrc or keyring\n")  # fmt: skip
    item = annotate(b.make_change("Fix authentication for URLs with a shared realm", body=body, files=(("crates/uv-auth/src/cache.rs", 900, 300),)),
                    0, AreaResolver())  # fmt: skip
    assert not any("Previously" in w.text for w in reasons([item])), reasons([item])


def test_r59_a_speed_up_says_what_it_measures(b: SimpleNamespace) -> None:
    """torchtitan #2486 ("~1.85x speedup end to end, and 15x speedup in generator time") was
    "fifteen times faster", and the summary's "1.9x to 15x faster" ranged over two measures."""
    from commitcast.analyse.facts import extract_facts
    from commitcast.analyse.headlines import effect_phrase
    from commitcast.write.stories import fact_phrase

    change = b.make_change("[RL] Turn on vllm support_torch_compile in RL speeding up training",
                           body="We observe ~1.85x speedup end to end, and 15x speedup in generator time. That is all.")  # fmt: skip
    facts = extract_facts(change)
    assert effect_phrase(facts) == "1.9x faster end to end", effect_phrase(facts)
    fifteen = next(f for f in facts if f.factor == 15)
    assert fact_phrase(fifteen).endswith("faster in generator time"), fact_phrase(fifteen)


# ------------------------------------------------------------------ round 55: the r60 blind round
def test_r60_words_and_quotes_said_right() -> None:
    """executorch's "New exported program pass manager and exported program passes" was titled
    "… and Exporting Program Passes"; curl's "hsts: enable by default" was "enabled by default in
    hsts"; a title quoting a word was read as two quotes; vue's revert of "… (#1…" said "#1"."""
    from commitcast.ingest import title_pr
    from commitcast.model import ChangeRef
    from commitcast.text import quoted
    from commitcast.text.retelling import gerund_of
    from commitcast.write.retell import retold
    from commitcast.write.stories import told

    assert gerund_of("added a new exported program pass manager and exported program passes") == (
        "Adding a new exported program pass manager and exported program passes")
    assert told(ChangeRef(sha="1", title="hsts: enable by default", topic="enable by default")) == "enabled hsts by default"
    assert quoted('"normalize" numerical IPv4 host names') == "“‘normalize’ numerical IPv4 host names”"
    assert title_pr("fix(compiler-sfc): add scoping tag to trailing universal selector (#1…")[0].endswith("selector")
    assert retold("First step toward plan-then-execute for reductions.") == "the change is the first step toward plan-then-execute for reductions."


def test_r60_kinds_and_places(b: SimpleNamespace) -> None:
    """uv #2312 ("probably slightly slower … to reduce the overhead of adding more platforms") was
    performance work; executorch's "Fix wheel build and smoke test" was "in quantized kernels"; ao's
    copyright header in 300 files was "adding about 1,700 lines"."""
    from commitcast.analyse.annotate import code_lines

    slower = annotate(b.make_change("Move system install tests into normal CI",
                                    body="This is probably slightly slower than our normal CI. Includes #2309 to reduce the overhead of adding platforms.",
                                    files=((".github/workflows/ci.yml", 50, 10),)), 0, AreaResolver())  # fmt: skip
    assert "performance" not in slower.kinds
    wheel = annotate(b.make_change("Fix wheel build and smoke test", files=(("CMakeLists.txt", 21, 2), ("setup.py", 13, 1),
                                   ("kernels/quantized/__init__.py", 21, 0), ("kernels/quantized/test/test_out.py", 2, 0))), 0, AreaResolver())  # fmt: skip
    assert wheel.areas[:1] == ("build",), wheel.areas
    header = b.make_change("Add copyright header and pre-commit validator",
                           files=(("scripts/check_copyright.py", 83, 0), *((f"torchao/m{n}.py", 5, 0) for n in range(300))))  # fmt: skip
    assert code_lines(header, "added") == 0


def test_r60_a_series_titled_by_one_architecture_is_in_none(make_repo: MakeRepo) -> None:
    """u-boot 2024-07-03: 'Merge patch series "m68k: Implement a default flush_dcache_all"' reworked
    cache functions across six architectures, two patches of nine in m68k: "new work in m68k"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-07-02T09:00:00Z")
    repo.branch("series")
    for n, label in enumerate(("cmd: cache", "powerpc", "sh", "m68k", "m68k", "efi_loader", "arm"), start=1):
        repo.commit(f"{label}: Implement cache function number {n}", branch="series", files={f"arch/a{n}/cache.c": f"{n}\n" * 10},
                    author="Tom Rini <t@x.org>", when=f"2024-07-03T0{n}:00:00Z")  # fmt: skip
    repo.merge("series", 'Merge patch series "m68k: Implement a default flush_dcache_all"\n\nPrior to this series we had some '
               "de-facto required cache functions that were either unimplemented on some architectures or differently named.",
               when="2024-07-03T09:00:00Z")  # fmt: skip
    (merge,) = [c for c in _landed(repo, "2024-07-03").changes if c.is_merge]
    assert "m68k" not in annotate(merge, 0, AreaResolver()).areas


def test_r60_how_things_stood_before_and_performance_without_a_time() -> None:
    """u-boot's cover letter "Prior to this series we had some de-facto required cache functions …"
    was no why; executorch's smaller string map was headed "A speed-up"."""
    from commitcast.analyse.why import _role

    assert _role("Prior to this series we had some de-facto required cache functions that were unimplemented.") == "context"
    assert default_phrasebook().say("headings.chapter.perf") == "Performance work"


# ------------------------------------------------------------------ round 56: the r61 blind round
def test_r61_deeds_said_for_what_they_are() -> None:
    """u-boot's "Incorrect bitflip return on page read" was "landed an incorrect bitflip return";
    "MAINTAINERS: Add entry for DesignWare XGMAC driver" was "added an entry for … driver"; vue's
    "types(h): Support passing `props` …" was heard as a runtime feature."""
    from commitcast.model import ChangeRef
    from commitcast.write.stories import told

    assert told(ChangeRef(sha="1", title="mtd: nand: Incorrect bitflip return on page read", topic="Incorrect bitflip return on page read")) == (
        "fixed an incorrect bitflip return on page read")
    assert told(ChangeRef(sha="2", title="MAINTAINERS: Add entry for DesignWare XGMAC driver", topic="Add entry for DesignWare XGMAC driver")) == (
        "added a MAINTAINERS entry for DesignWare XGMAC driver")
    types = told(ChangeRef(sha="3", title="types(h): Support passing `props` to `Component` when using `h` (#3219)",
                           topic="Support passing `props` to `Component` when using `h`"))  # fmt: skip
    assert types is not None and types.endswith("in the type definitions"), types


def test_r61_a_benefit_is_no_problem_and_a_pointer_no_promise(b: SimpleNamespace) -> None:
    """torchtitan #1084's "In general, it avoids device/host syncs; … the overhead caused by …" was
    "Here's the problem"; executorch's "As SS-JIA mentioned in the next change, we are following a
    convention" was what's next."""
    from commitcast.analyse.why import _role

    assert _role("In general, it avoids device/host syncs; for TP, it avoided the sharding prop overhead caused by varying tokens.") == "effect"
    change = b.make_change("Rename the conv shaders", body="As SS-JIA mentioned in the next change, we are following a convention for names.")
    assert promises(change) == []


def test_r61_a_persons_day_all_in_one_area_is_said_whole(make_repo: MakeRepo) -> None:
    """executorch 2024-04-09: all ten of Jorge Pineda's changes were in Vulkan; "Jorge Pineda landed
    ten changes, five of them in Vulkan" sent the other five elsewhere."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-04-08T09:00:00Z")
    kinds = ("SlidingWindow", "Transpose", "Depthwise", "Pointwise", "Output-Tile")
    for n, kind in enumerate(kinds, start=1):
        repo.commit(f"aten.convolution ({kind}) (#28{n}0)", files={f"backends/vulkan/runtime/conv{n}.cpp": f"{n}\n" * 300},
                    author="Jorge Pineda <j@x.org>", when=f"2024-04-09T0{n}:00:00Z")  # fmt: skip
    for n, title in enumerate(("Rename the shader files", "Clean up the image layouts", "Tidy the staging code",
                               "Move the packing helpers", "Use a new dispatch table"), start=1):  # fmt: skip
        repo.commit(f"{title} (#29{n}0)", files={f"backends/vulkan/runtime/other{n}.cpp": f"{n}\n" * 5},
                    author="Jorge Pineda <j@x.org>", when=f"2024-04-09T1{n}:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-04-09")
    text = _text(plan) + " " + plan.summary
    assert "five of them in Vulkan" not in text and "5 of them in Vulkan" not in text, text


def test_r61_threads_that_blur_and_areas_said_once() -> None:
    """ao 2026-01-09: "three pull requests on mxfp8 autograd functions, plus four more" counted a fourth
    "autograd func" among the more; "in MXFP8 MoE training and MoE training" named one place twice."""
    from commitcast.model import ChangeRef, Story, StoryThread
    from commitcast.write.stories import _areas, _threads_blur

    refs = [ChangeRef(sha=str(n), title=t, topic=t) for n, t in enumerate((
        "mxfp8 a2a_dispatch autograd function", "mxfp8 unpermute autograd function", "mxfp8 a2a_combine autograd function",
        "mxfp8 token permute autograd func + triton kernels", "add benchmark for e2e mxfp8 EP pipeline"))]  # fmt: skip
    story = Story(id="s1", role="headline", headline="h", people=["D"], areas=[], changes=refs,
                  threads=[StoryThread("mxfp8 autograd functions", 3, None, ["0", "1", "2"])])
    assert _threads_blur(story)
    assert not _threads_blur(Story(id="s1", role="headline", headline="h", people=["D"], areas=[], changes=[*refs[:3], refs[4]],
                                   threads=[StoryThread("mxfp8 autograd functions", 3, None, ["0", "1", "2"])]))  # fmt: skip
    assert _areas(["MXFP8 MoE training", "MoE training"]) == "MXFP8 MoE training"


# ------------------------------------------------------------------------ round 57: the r62 blind round


def test_r62_a_series_built_on_an_unmerged_branch_is_its_own_patches(make_repo: MakeRepo) -> None:
    """u-boot 2024-05-13: Roger Quadros' three Beagleplay patches, built on the unmerged ``next``
    branch, were "a series of 297 patches" titled "A Fix from Tom Rini" (who merged it)."""
    repo = make_repo("series-on-next")
    repo.commit("Start", files={"a.c": "1\n"}, when="2024-05-01T09:00:00Z")
    base = repo.tip("main")
    repo.commit("global: remove common.h from arm", files={"arch/arm/x.c": "x\n" * 40}, author="Tom Rini <trini@c.org>",
                branch="topic", parents=[base], when="2024-05-06T09:00:00Z")  # fmt: skip
    repo.commit("global: remove common.h from mips", files={"arch/mips/x.c": "x\n" * 40}, author="Tom Rini <trini@c.org>",
                branch="topic", when="2024-05-06T10:00:00Z")  # fmt: skip
    repo.commit("Prepare next", files={"README": "next\n"}, author="Tom Rini <trini@c.org>",
                branch="next", parents=[base], when="2024-05-06T08:00:00Z")  # fmt: skip
    repo.merge("topic", "Merge branch '2024-05-06-remove-include-common_h' into next", into="next",
               author="Tom Rini <trini@c.org>", when="2024-05-06T12:00:00Z")  # fmt: skip
    repo.branch("series", at=repo.tip("next"))
    for n, title in enumerate(("arm: dts: k3-am62*: sync with Linux v6.9", "arm: dts: k3-am625-beagleplay: get CPSW Ethernet to work",
                               "arm: dts: k3-am625-beagleplay: Fix Ethernet PHY reset GPIO"), start=1):  # fmt: skip
        repo.commit(title, files={f"arch/arm/dts/k3-am62-{n}.dtsi": f"{n}\n" * 20}, author="Roger Quadros <rq@k.org>",
                    branch="series", when=f"2024-05-10T0{n}:00:00Z")  # fmt: skip
    repo.merge("series", 'Merge patch series "arm: dts: am62-beagleplay: Fix Beagleplay Ethernet"\n\n'
               "Roger Quadros <rq@k.org> says:\n\nSync AM62 device tree files with Linux v6.9.",
               author="Tom Rini <trini@c.org>", when="2024-05-13T12:00:00Z")  # fmt: skip
    landed = _landed(repo, "2024-05-13")
    (series,) = landed.changes
    assert series.merged_count == 3 and series.based_on == 3 and series.based_on_branch == "next"
    assert [a.name for a in series.authors] == ["Roger Quadros"]
    assert {f.path for f in series.files} == {f"arch/arm/dts/k3-am62-{n}.dtsi" for n in (1, 2, 3)}
    plan = _plan(repo, "2024-05-13")
    text = _text(plan)
    assert "Tom Rini" not in plan.title and "Roger Quadros" in plan.summary, (plan.title, plan.summary)
    assert "series of three patches" in text and "three changes" in text and "from the next branch" in text, text


def test_r62_a_day_of_pull_requests_is_counted_the_same_everywhere() -> None:
    """curl 2022-11-14: the summary's "11 changes" beside the cold open's "six pull requests and two
    direct commits" (a pull request of several commits is one)."""
    from commitcast.analyse.titles import _tally_units

    assert _tally_units({"changes": 11, "prs": 6, "direct": 2}) == "6 pull requests and 2 direct commits"
    assert _tally_units({"changes": 7, "prs": 5, "direct": 0}) == "5 pull requests"
    assert _tally_units({"changes": 5, "prs": 5, "direct": 0}) == "5 changes"  # the same total either way
    assert _tally_units({"changes": 7, "prs": 1}) == "7 changes"


def test_r62_a_verb_whose_preposition_opens_its_object_keeps_its_label_out() -> None:
    """curl 2021-05-08 was titled "Dealing HTTP with Partial CONNECT Sends"; ao 2025-05-02 "Removes mxfp8
    Kernel and Rely on Cublas"."""
    assert parse_subject("http: deal with partial CONNECT sends").topic == "deal with partial CONNECT sends"
    assert parse_subject("dllmain: exclude from Cygwin builds").topic == "exclude dllmain from Cygwin builds"
    assert deed_of("Remove mxfp8 kernel and rely on cublas") == "removed mxfp8 kernel and relied on cublas"
    assert deed_of("fix recv and send function signatures") == "fixed the recv and send function signatures"
    assert "pipped" not in (deed_of("Make pip cache purge and pip cache remove delete more files") or "")


def test_r62_a_patch_two_pulls_brought_is_one_change(make_repo: MakeRepo) -> None:
    """u-boot 2025-04-25: "37 changes" counted Heinrich Schuchardt's nine patches twice, once in the efi
    pull and once in the riscv pull that carried the same patches."""
    repo = make_repo("two-pulls")
    repo.commit("Start", files={"a.c": "1\n"}, when="2025-04-20T09:00:00Z")
    base = repo.tip("main")
    patch = {"board/starfive/fml.c": "fml\n" * 30}
    repo.commit("board: starfive: support FML13V01", files=patch, author="Heinrich Schuchardt <hs@x.org>",
                branch="efi", parents=[base], when="2025-04-21T09:00:00Z")  # fmt: skip
    repo.commit("efi_loader: print image load address", files={"lib/efi.c": "e\n" * 9}, author="Heinrich Schuchardt <hs@x.org>",
                branch="efi", when="2025-04-21T10:00:00Z")  # fmt: skip
    repo.commit("board: starfive: support FML13V01", files=patch, author="Heinrich Schuchardt <hs@x.org>",
                branch="riscv", parents=[base], when="2025-04-22T09:00:00Z")  # fmt: skip
    for n in range(2):
        repo.commit(f"riscv: dts: add pinctrl {n}", files={f"arch/riscv/dts/k{n}.dts": "p\n" * 5}, author="Yao Zi <yz@y.org>",
                    branch="riscv", when=f"2025-04-22T1{n}:00:00Z")  # fmt: skip
    repo.merge("efi", "Merge tag 'efi-2025-07-rc1-3' of https://source.denx.de/u-boot/custodians/u-boot-efi",
               author="Tom Rini <trini@c.org>", when="2025-04-25T09:00:00Z")  # fmt: skip
    repo.merge("riscv", "Merge branch 'master' of https://source.denx.de/u-boot/custodians/u-boot-riscv",
               author="Tom Rini <trini@c.org>", when="2025-04-25T12:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-04-25")
    assert plan.counts["changes"] == 4, plan.counts
    refs = [r for s in plan.stories for r in s.changes] + list(plan.quick_hits)
    assert sum("FML13V01" in r.title for r in refs) == 1, refs
    assert all(s.commits == 2 for s in plan.stories if s.via), plan.stories


def test_r62_figures_of_two_commands_name_what_they_time() -> None:
    """uv 2026-05-14: "uv python got noticeably faster", "with runtimes 1.1x to 1.6x faster" for warm
    uv lock (38.94 → 24.06 ms) and warm uv sync (146.96 → 129.80 ms)."""
    from commitcast.analyse.headlines import effect_phrase
    from commitcast.model import Story
    from commitcast.text import facts_from_text
    from commitcast.write.stories import theme

    body = ("By avoiding that work, this PR improves (warm) `uv lock` from 38.94ms to 24.06ms (38.2% faster!), "
            "and (warm) `uv sync` from 146.96ms to 129.80ms.")  # fmt: skip
    facts = facts_from_text([body], sha="a", pr=1)
    assert effect_phrase(facts) == "warm uv lock 1.6x faster", effect_phrase(facts)
    story = Story(id="s1", role="headline", headline="h", people=["C"], areas=["uv python"], changes=[], facts=facts)
    assert theme(story) == "warm uv lock and warm uv sync got noticeably faster", theme(story)


def test_r62_vendor_is_an_order_and_a_merged_pr_takes_no_pr_number() -> None:
    """uv: "landed a vendor netrc parser crate"; pip 2014-09-19: "pointed at freezegun master since PR has
    been merged in PR 2052" made pip's PR the one merged upstream."""
    from commitcast.model import ChangeRef
    from commitcast.write.host import Host
    from commitcast.write.style import default_style

    assert deed_of("Vendor netrc parser crate") == "vendored netrc parser crate"
    host = Host(style=default_style(), seed="1")
    assert host.pr(ChangeRef(sha="a", title="Point at freezegun master since PR has been merged", pr=2052)) == ""
    assert host.pr(ChangeRef(sha="b", title="Point at freezegun master", pr=2052)) == " in PR 2052"


def test_r62_a_persons_day_in_a_story_leaves_out_what_another_story_tells(make_repo: MakeRepo) -> None:
    """executorch 2025-03-14: "Scott Wolchok landed six changes" counted the revert and reland told just
    before, then "breaks down into two pull requests on ops, plus two more"."""
    repo = make_repo("told-apart")
    repo.commit("Start", files={"kernels/portable/a.cpp": "1\n"}, when="2025-03-12T09:00:00Z")
    first = repo.commit("Extract parallel_for_each_reduce_over_dim output index (#9100)",
                        files={"kernels/portable/reduce.cpp": "r\n" * 60}, author="Scott Wolchok <sw@x.org>",
                        when="2025-03-12T10:00:00Z")  # fmt: skip
    repo.commit(f'Revert "Extract parallel_for_each_reduce_over_dim output index (#9100)" (#9200)\n\nThis reverts commit {first}.',
                files={"kernels/portable/reduce.cpp": "1\n"}, author="Scott Wolchok <sw@x.org>", when="2025-03-14T08:00:00Z")  # fmt: skip
    repo.commit("Reland extract parallel_for_each_reduce_over_dim output index (#9201)",
                files={"kernels/portable/reduce.cpp": "r\n" * 61}, author="Scott Wolchok <sw@x.org>", when="2025-03-14T09:00:00Z")  # fmt: skip
    for n, title in enumerate(("Add parallel reduce to the argmin op", "Add parallel reduce to the argmax op",
                               "Skip grain size computation without a threadpool", "Use the new reduce helper in sum"), start=1):  # fmt: skip
        repo.commit(f"{title} (#93{n}0)", files={f"kernels/portable/op{n}.cpp": f"{n}\n" * 300}, author="Scott Wolchok <sw@x.org>",
                    when=f"2025-03-14T1{n}:00:00Z")  # fmt: skip
    for n in range(2):
        repo.commit(f"Tidy the Arm backend {n} (#95{n}0)", files={f"backends/arm/b{n}.py": "b\n" * 3}, author=f"Dev {n} <d{n}@y.org>",
                    when=f"2025-03-14T0{n}:30:00Z")  # fmt: skip
    plan = _plan(repo, "2025-03-14")
    told = [s for s in plan.stories if any("Reland" in r.title for r in s.changes)]
    assert told, plan.stories
    for story in plan.stories:
        if story is not told[0]:  # four of Scott's six changes are not the revert story's
            assert story.lead_changes <= 4 and story.lead_changes_here <= 4, story
    assert "six" not in _text(plan)


def test_r62_an_authors_opinion_or_caveat_is_no_why(make_repo: MakeRepo) -> None:
    """clippy 2023-09-29: "The upshot, according to y21: writing a machine applicable suggestion seems a
    bit tricky…" told a caveat as the new lint's effect."""
    whys = _whys(make_repo, "new lint: iter_without_into_iter", (
        "A new lint that looks for iter method implementations without an IntoIterator impl for the type.\n"
        "Imo this seems rather pedantic, so I went with that, but I can be convinced to change it.\n"
        "Writing a machine applicable suggestion seems a bit tricky and tedious, so for now this relies on the user "
        "adding remaining lifetimes.\n"))  # fmt: skip
    assert not [t for _, t in whys if "tricky" in t or "pedantic" in t], whys


def test_r62_a_build_file_in_the_docs_folder_is_no_docs_change(make_repo: MakeRepo) -> None:
    """executorch 2025-01-06: "updated the oncall from torchx to executorch in the build docs" for an owner
    field in docs/TARGETS; no documentation changed."""
    from commitcast.analyse.classify import file_kinds

    change = _change(make_repo, "update oncall from torchx to executorch (#7500)", {"docs/TARGETS": "oncall('executorch')\n"})
    assert file_kinds(change) == {"build"}


def test_r62_a_label_naming_a_command_by_its_files_is_its_place(make_repo: MakeRepo) -> None:
    """uv 2026-05-14: "William Woodruff landed JSON output in uv" for "uv audit: JSON output" (other
    commands had JSON output already)."""
    change = _change(make_repo, "uv audit: JSON output (#19305)", {"crates/uv/src/commands/project/audit.rs": "x\n" * 40,
                                                                   "crates/uv/tests/it/audit.rs": "t\n" * 30})  # fmt: skip
    item = annotate(change, 0, AreaResolver())
    assert item.areas[0] == "uv audit", item.areas


def test_r62_a_move_to_a_path_says_the_path_whole() -> None:
    """ao 2025-11-07: "Moves … CPU Layout to Dtypes" for a move to prototype/dtypes, a demotion told as
    a promotion, in the title, summary, cold open and headline."""
    assert plain_words("Move the cpu layout to prototype/dtypes").endswith("to prototype dtypes")
    assert (deed_of("Move dyn_int8_act_int4_wei_cpu_layout to prototype/dtypes") or "").endswith("to prototype dtypes")


def test_r62_markdown_emphasis_and_an_operators_vec_overload_are_said_as_words() -> None:
    """uv 2024-03-08 read "_multiple times_" as written; executorch 2025-03-14 "aten.upsample_nearest2d.vec"."""
    from commitcast.text import prose_sentences

    assert prose_sentences("We no longer extract _multiple times_ when working.") == ["We no longer extract multiple times when working."]
    assert prose_sentences("Keep my_var and _private as is.") == ["Keep my_var and _private as is."]
    assert plain_words("enable aten.upsample_nearest2d.vec in QNN") == "enable the upsample nearest2d operator in QNN"


def test_r63_a_compiler_quietened_is_no_bug_fix_and_a_bug_among_typos_is(make_repo: MakeRepo) -> None:
    """curl 2023-11-11 led "the bug-fix side" with "misc: fix -Walloc-size warnings" (calloc's arguments
    swapped for GCC 14) and told "IPFS: bugfixes", an endianness bug fixed among typos, as housekeeping."""
    warnings = _change(make_repo, "misc: fix -Walloc-size warnings\n\nGCC 14 introduces a new -Walloc-size.\n\nCloses #12292",
                       {"src/tool_operate.c": "x\n" * 4})  # fmt: skip
    item = annotate(warnings, 0, AreaResolver())
    assert "fix" not in item.kinds and "build" in item.kinds, item.kinds
    ipfs = _change(make_repo, "IPFS: bugfixes\n\n- Fixed endianness bug in gateway file parsing\n- Fixed typos from traling -> trailing\n\n"
                   "Reported-by: Michael Kaufmann\nBug: https://github.com/curl/curl/pull/12152#issuecomment-1798214137\nCloses #12305", {"lib/urlapi.c": "y\n" * 6})  # fmt: skip
    assert "fix" in annotate(ipfs, 0, AreaResolver()).kinds


def test_r63_a_title_that_only_names_its_kind_is_said_plainly() -> None:
    """curl 2023-11-11: "Mark Gaiser fixed a bug in IPFS in PR 12305: “Bugfixes”" quoted a title that says nothing."""
    from commitcast.model import ChangeRef
    from commitcast.write.stories import _said_plainly

    assert _said_plainly(ChangeRef(sha="a", title="IPFS: bugfixes", topic="bugfixes")) == "landed fixes"
    assert _said_plainly(ChangeRef(sha="b", title="misc cleanups", topic="misc cleanups")) == "cleaned things up"
    assert _said_plainly(ChangeRef(sha="c", title="fix the parser", topic="fix the parser")) is None


def test_r63_a_file_resorted_line_for_line_is_no_work_by_size(make_repo: MakeRepo) -> None:
    """uv 2024-10-03 led with #7900, which re-sorted two generated files (3,590 lines in, 3,590 out)
    while "Fix Python prerelease sorting" waited."""
    repo = make_repo("resorted")
    rows = [f"row {n}\n" for n in range(400)]
    repo.commit("Start", files={"crates/py/downloads.inc": "".join(rows), "crates/py/fetch.py": "a\n" * 20},
                when="2024-10-02T09:00:00Z")  # fmt: skip
    repo.commit("Organize downloads by prioritizing the platform (#7900)",
                files={"crates/py/downloads.inc": "".join(reversed(rows)), "crates/py/fetch.py": "a\n" * 18 + "b\nc\n"},
                author="Jo <jo@x.org>", when="2024-10-03T09:00:00Z")  # fmt: skip
    (change,) = _landed(repo, "2024-10-03").changes
    assert annotate(change, 0, AreaResolver()).lines == 4


def test_r63_part_of_a_persons_day_counts_all_of_theirs_in_the_place() -> None:
    """executorch 2025-10-24: "Sebastian Larsson landed nine changes, four of them in Arm": eight were in
    Arm, four of them told in this story."""
    from commitcast.model import ChangeRef, Story
    from commitcast.write.host import Host
    from commitcast.write.stories import _part_lede
    from commitcast.write.style import default_style

    refs = [ChangeRef(sha=str(n), title=f"Remove pyre-unsafe from part {n}", topic=f"Remove pyre-unsafe from part {n}") for n in range(4)]
    story = Story(id="s2", role="other", headline="h", people=["Sebastian Larsson"], areas=["Arm"], changes=refs,
                  lead_changes=9, lead_changes_here=8)  # fmt: skip
    sentence = _part_lede(Host(style=default_style(), seed="1"), story, "Arm")
    assert sentence is not None and re.search(r"\beight (?:of them )?(?:were )?in Arm", sentence.text), sentence


def test_r63_a_term_inside_a_name_is_not_explained() -> None:
    """uv 2024-06-01 explained "resolver" (what picks versions) for a Git resolver, which maps tags to commits."""
    from commitcast.write.stories import _mentions

    assert not _mentions("Charlie Marsh added a Git resolver to map tags", "resolver")
    assert _mentions("The resolver now skips yanked versions", "resolver")
    assert _mentions("Konsti sped up the resolver", "resolver")


def test_r63_figures_given_roughly_make_a_round_factor() -> None:
    """torchtitan 2025-03-21: "with runtime 4.3x faster" from "~4x (~30s -> ~7s)" claimed a precision the
    author never gave."""
    from commitcast.text import facts_from_text

    (fact,) = facts_from_text(["Result: the pipeline speed was increased by ~4x (~30s -> ~7s) and memory reduced by ~2x."], sha="a")
    assert fact.factor == 4.0
    (exact,) = facts_from_text(["This PR improves warm uv lock from 38.94ms to 24.06ms."], sha="b")
    assert exact.factor is not None and round(exact.factor, 2) == 1.62


def test_r63_a_label_naming_the_area_is_no_pattern_of_work(make_repo: MakeRepo) -> None:
    """executorch 2025-10-24: eight unrelated "Arm backend: …" clean-ups were "eight of their nine changes
    as one piece of work" by the titles' shared label alone."""
    repo = make_repo("arm-label")
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-10-23T09:00:00Z")
    for n, title in enumerate(("Remove pyre-unsafe from tosa/", "Remove pyre-unsafe from _passes/", "Remove pyre-unsafe from operators/",
                               "Fix arg-type MyPy errors", "Add docstrings for embedding support",
                               "Deprecate internal models using the old compiler"), start=1):  # fmt: skip
        repo.commit(f"Arm backend: {title} (#153{n}0)", files={f"backends/arm/m{n}.py": f"{n}\n" * 30},
                    author="Sebastian Larsson <sl@x.org>", when=f"2025-10-24T0{n}:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-10-24")
    evidence = [e.text for s in plan.stories for c in s.claims if c.value == "pattern" for e in c.evidence]
    assert not [t for t in evidence if "“Arm backend …”" in t], evidence


def test_r63_a_test_files_name_before_an_order_is_a_label() -> None:
    """executorch 2025-03-23: "Mengtao (Martin) Yuan tested mimi: remove redundant codes" for "Test mimi:
    remove redundant codes", a change to test_mimi.py."""
    subject = parse_subject("Test mimi: remove redundant codes (#9512)")
    assert subject.topic == "remove redundant codes" and subject.labels == ("Test mimi",)
    assert parse_subject("Fix CI: add retries").labels == ()  # an order first is no label


def test_r63_a_narrowing_too_long_for_a_title_is_not_cut_to_an_end(make_repo: MakeRepo) -> None:
    """clippy 2022-10-14 was titled "Jason Newcomb No Longer Lints the Ptr Arg Lint": the change stops it
    only "when used as an incompatible trait object"."""
    from commitcast.analyse.titles import _deed_title

    change = _change(make_repo, "Don't lint `ptr_arg` when used as an incompatible trait object in generic function signatures (#9645)",
                     {"clippy_lints/src/ptr.rs": "x\n" * 30})  # fmt: skip
    item = annotate(change, 0, AreaResolver())
    for seed in range(4):
        title = _deed_title(item, seed, "rust-clippy", default_phrasebook())
        assert title is None or "Trait Object" in title, title


# ------------------------------------------------------------------------ round 59: the r64 blind round


def test_r64_a_branch_is_titled_by_the_commit_it_is_named_after(make_repo: MakeRepo) -> None:
    """pip 2020-06-11: PR #8349 from branch "new-resolver-reject-unsupported-wheel" (no PR title) was
    "added a new resolver reject unsupported wheel", four claims; it made the new resolver reject wheels."""
    repo = make_repo("branch-echo")
    repo.commit("Start", files={"a.py": "1\n"}, when="2020-06-10T09:00:00Z")
    base = repo.tip("main")
    for n, title in enumerate(("Make failing tests fail", "Reject incompatible direct wheel link", "Is this a bug or design decision?")):
        repo.commit(title, files={f"src/pip/r{n}.py": f"{n}\n" * 5}, author="Tzu-ping Chung <tp@x.org>", branch="topic",
                    parents=[base] if n == 0 else None, when=f"2020-06-10T1{n}:00:00Z")  # fmt: skip
    repo.merge("topic", "Merge pull request #8349 from uranusjr/new-resolver-reject-unsupported-wheel",
               author="Pradyun Gedam <pg@y.org>", when="2020-06-11T09:00:00Z")  # fmt: skip
    (change,) = _landed(repo, "2020-06-11").changes
    assert change.title == "Reject incompatible direct wheel link", change.title


def test_r64_the_summary_counts_every_revert_and_a_pointer_to_a_log_is_no_reason(make_repo: MakeRepo) -> None:
    """executorch 2025-09-11: "and 2 reverts" for a day of four; "The reason given: Here's the error from
    internal failure" pointed at a log the show cannot read."""
    from commitcast.analyse.reverts import revert_reason
    from commitcast.analyse.titles import _secondary_fragments

    change = _change(make_repo, 'Revert "Use long formats in inputs" (#14200)\n\nReverts pytorch/executorch#14017\n\n'
                     "Here's the error from internal failure\n\n```\ninputs.cpp:118:13: error: format specifies type 'long'\n```",
                     {"extension/runner_util/inputs.cpp": "x\n"})  # fmt: skip
    assert revert_reason(change) is None
    from commitcast.analyse.rank import Ranked
    from commitcast.analyse.stories import Group
    from commitcast.model import StoryKind

    item = annotate(change, 0, AreaResolver())
    told = [Ranked(Group(StoryKind.REVERT, [item]), 5.0, "revert"), Ranked(Group(StoryKind.REVERT, [item]), 4.0, "revert")]
    assert "4 reverts" in _secondary_fragments(told, default_phrasebook(), 4)


def test_r64_a_test_folders_part_is_its_tests_and_where_self_out_is_the_where_operator() -> None:
    """executorch 2025-01-22: "refactored op linear" for "Refactor test/op_linear" (a test file); 2024-03-26:
    "where.self_out" was "the self out function"."""
    assert deed_of("Refactor test/op_linear") == "refactored the op linear tests"
    assert plain_words("Enable Half for full_like, where.self_out") == "Enable Half for full like, the where operator"


def test_r64_a_stated_performance_gain_leads_over_linter_warnings(make_repo: MakeRepo) -> None:
    """curl 2025-06-30 led with "Fix zizmor 1.10.0 warnings, update names" while "Improves performance of
    handling of transfers, up to ~30%" was a quick hit, its figure unsaid."""
    repo = make_repo("perf-vs-warnings")
    repo.commit("Start", files={"lib/a.c": "1\n"}, when="2025-06-29T09:00:00Z")
    repo.commit("GHA: fix zizmor 1.10.0 warnings, update names\n\nCloses #17780",
                files={f".github/workflows/w{n}.yml": "w\n" * 40 for n in range(4)}, author="Viktor Szakats <vs@x.org>",
                when="2025-06-30T09:00:00Z")  # fmt: skip
    repo.commit("cf-socket: make socket data_pending a nop\n\nEliminating the socket readability check in the socket "
                "connection filters for the 'data_pending' callback. Improves performance of handling of transfers, up to "
                "~30%, depending on parallelism and response size.\n\nCloses #17785",
                files={"lib/cf-socket.c": "s\n" * 12}, author="Stefan Eissing <se@y.org>", when="2025-06-30T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-06-30")
    assert plan.stories[0].people == ["Stefan Eissing"], plan.stories
    assert "30%" in _text(plan)


def test_r64_a_title_that_is_only_a_code_name_is_not_quoted() -> None:
    """vue 2019-11-29: "new in compiler core, from Evan: “options.isBuiltInComponent”" read a name aloud."""
    from commitcast.model import ChangeRef
    from commitcast.write.host import Host
    from commitcast.write.stories import change_sentence
    from commitcast.write.style import default_style

    ref = ChangeRef(sha="a", title="feat(compiler-core): options.isBuiltInComponent", topic="options.isBuiltInComponent",
                    authors=["Evan You"], kinds=["feature"], areas=["compiler core"])  # fmt: skip
    text = change_sentence(Host(style=default_style(), seed="1"), ref).text
    assert "isBuiltInComponent" not in text and "compiler core" in text, text


# ------------------------------------------------------------------------ round 60: the r65 blind round


def test_r65_notes_in_two_lists_are_counted_where_they_are_and_never_lead(make_repo: MakeRepo) -> None:
    """curl 2024-02-27: "Daniel Stenberg landed eleven changes, six of them in Known Bugs" (four were, two
    went to docs/TODO), three claims; the six five-line notes, titled "Six Records", led a 41-file rework."""
    repo = make_repo("notes-lists")
    repo.commit("Start", files={"docs/KNOWN_BUGS": "k\n", "docs/TODO": "t\n", **{f"lib/send{n}.c": "old\n" * 12 for n in range(41)}},
                when="2024-02-26T09:00:00Z")  # fmt: skip
    notes = [("KNOWN_BUGS", "HTTP/2 prior knowledge over proxy"), ("KNOWN_BUGS", "Implicit FTPS upload timeout"),
             ("KNOWN_BUGS", "IMAPS connection fails with rustls error"), ("KNOWN_BUGS", "FTPS upload and close_notify"),
             ("TODO", "Select signature algorithms"), ("TODO", "build HTTP/3 with OpenSSL using cmake")]  # fmt: skip
    kept = {"KNOWN_BUGS": "k\n", "TODO": "t\n"}
    for n, (where, title) in enumerate(notes, start=1):
        kept[where] += "".join(f"{title} line {k}\n" for k in range(5))  # a five-line entry, as each was
        repo.commit(f"{where}: {title}", files={f"docs/{where}": kept[where]},
                    author="Daniel Stenberg <ds@x.org>", when=f"2024-02-27T0{n}:00:00Z")  # fmt: skip
    for n in range(3):
        repo.commit(f"docs: use present tense in part {n}", files={f"docs/p{n}.md": "p\n" * 3}, author="Daniel Stenberg <ds@x.org>",
                    when=f"2024-02-27T1{n}:00:00Z")  # fmt: skip
    repo.commit("lib: send rework\n\n- send/recv of transfer related data is now done via Curl_xfer_send() which no longer has "
                "the socket index as parameter.\n\n- replace Curl_read() and Curl_write() to clarify when they operate.\n\nCloses #12963", files={f"lib/send{n}.c": "new\n" * 17 for n in range(41)},
                author="Stefan Eissing <se@y.org>", when="2024-02-27T15:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-02-27")
    text = _text(plan) + " " + plan.summary + " " + plan.title
    assert plan.stories[0].people == ["Stefan Eissing"], plan.stories
    assert not re.search(r"(?i)six (?:of them |were )?in KNOWN.BUGS\b(?! and)", text), text
    assert "Records" not in plan.title


def test_r65_two_functions_joined_by_a_slash_are_both_said() -> None:
    """curl 2024-02-27: "Curl_read/Curl_write clarifications" was "Curl write clarifications"."""
    assert plain_words("Curl_read/Curl_write clarifications") == "Curl read and Curl write clarifications"


def test_r65_a_revert_gives_its_reason_not_the_command_after_it(make_repo: MakeRepo) -> None:
    """executorch 2026-05-20: "The reason given: buck test @fbcode//mode/dev …" read the command line the
    message quoted after "This is failing internal CI tests:"."""
    from commitcast.analyse.reverts import revert_reason

    change = _change(make_repo, 'Revert "Qualcomm AI Engine Direct - heap profiling at runtime" (#19705)\n\n'
                     "Reverts pytorch/executorch#19224\n\nThis is failing internal CI tests:\n\nbuck test\n"
                     "[@fbcode](https://www.internalfb.com/intern/profile/fbcode)//mode/dev\nfbcode//executorch/backends/qualcomm/tests:sim\n",
                     {"backends/qualcomm/a.py": "x\n"})  # fmt: skip
    assert revert_reason(change) == "This is failing internal CI tests."


def test_r65_a_developer_workflow_speedup_is_no_product_speed(make_repo: MakeRepo) -> None:
    """executorch 2026-05-20: "An Arm Performance Work … 8x faster" for a runner build workflow whose
    message says "This is a developer workflow speedup, not a model runtime speedup"."""
    from commitcast.analyse.titles import _frame

    change = _change(make_repo, "Arm backend: Modernise and standalone the executor runner (#19018)\n\n"
                     "Repeated local PTE-to-runner iteration is now 8x faster because the build is reused.\n\n"
                     "This is a developer workflow speedup, not a model runtime speedup.",
                     {"backends/arm/scripts/run.sh": "r\n" * 40})  # fmt: skip
    item = annotate(change, 0, AreaResolver())
    assert not [f for f in item.facts if f.kind in ("speedup", "runtime")], item.facts
    assert _frame("{article} {subject} {noun}", "Arm", "Performance Work", None) is None


def test_r65_a_pattern_is_said_of_all_its_story_holds_and_a_shared_label_is_no_focus(make_repo: MakeRepo) -> None:
    """executorch 2026-05-20: "drove four pull requests that all follow one recipe" when a fourth, joined
    later, did not; without the recipe the label's words were its focus ("all of them on AI, Engine and Direct")."""
    repo = make_repo("recipe")
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-05-19T09:00:00Z")
    for n, op in enumerate(("scatter.src", "tan", "randn"), start=1):
        repo.commit(f"Qualcomm AI Engine Direct - Adding QNN backend support for {op} core ATen op (#193{n}0)",
                    files={f"backends/qualcomm/builders/op{n}.py": f"{n}\n" * 80}, author="qti-horodnic <h@q.com>",
                    when=f"2026-05-20T0{n}:00:00Z")  # fmt: skip
    repo.commit("Qualcomm AI Engine Direct - Updating Claude skill for new op development (#19302)",
                files={"backends/qualcomm/skills/new_op.md": "s\n" * 20}, author="qti-horodnic <h@q.com>", when="2026-05-20T05:00:00Z")  # fmt: skip
    plan = _plan(repo, "2026-05-20")
    text = _text(plan)
    assert "AI, Engine and Direct" not in text, text
    for story in plan.stories:
        for claim in story.claims:
            if claim.value == "pattern":
                assert len(story.changes) == 3, story


def test_r65_a_sentence_leaning_on_the_one_before_and_a_rebase_label_are_not_told() -> None:
    """executorch 2026-05-20: "the change reflects this change in the Neutron backend"; uv 2023-12-18 placed
    a fix "in Rebase", a note that the PR was rebased."""
    from commitcast.analyse.why import _LEANS_ON_A_CHANGE

    assert _LEANS_ON_A_CHANGE.search("This PR reflects this change in the Neutron backend.")
    assert not _LEANS_ON_A_CHANGE.search("This change adds support for sigmoid.")
    assert tag_area("Rebase") is None


def test_r65_a_merge_flattened_to_one_parent_is_its_openers(make_repo: MakeRepo) -> None:
    """pip 2015-01-28: "6.0.7 … 15 changes from 2 people" counted whoever merged pull requests that the
    history keeps as one-parent "Merge pull request #N from user/branch" commits; six people wrote them."""
    change = _change(make_repo, "Merge pull request #2347 from xavfernandez/uninstall_non_canonical_version",
                     {"pip/req/req_install.py": "x\n" * 8})  # fmt: skip
    assert [a.name for a in change.authors] == ["xavfernandez"]
    own = _change(make_repo, "Merge pull request #2379 from dlee/upgrade-colorama", {"pip/_vendor/c.py": "y\n"})
    assert [a.name for a in own.authors] == ["Dan Lee"]  # their own pull request, merged by themselves


def test_r65_a_dotted_name_of_data_is_no_function() -> None:
    """pip 2015-01-28: "used the egg info function to uninstall distributions" for `dist.egg_info`."""
    assert plain_words("use dist.egg_info to uninstall distributions") == "use the egg info attribute to uninstall distributions"
    assert plain_words("move distutils.utils.change_root") == "move the change root function"


def test_r65_a_change_its_author_says_has_no_effect_does_not_lead(make_repo: MakeRepo) -> None:
    """curl 2021-03-06 led four times with "evaluated curlopt SSL options option via SSL set option macro",
    whose message says it "is for posterity and has no other effect"; the 1 MB request limit waited."""
    repo = make_repo("no-effect")
    repo.commit("Start", files={"lib/a.c": "1\n", "lib/vtls/schannel.c": "s\n" * 40}, when="2021-03-05T09:00:00Z")
    repo.commit("schannel: Evaluate CURLOPT_SSL_OPTIONS via SSL_SET_OPTION macro\n\n- Change use of those options from "
                "CURLOPT_SSL_OPTIONS that are not already evaluated via SSL_SET_OPTION.\n\nThis change is for posterity "
                "and has no other effect.\n\nCloses #6690",
                files={"lib/vtls/schannel.c": "s\n" * 36 + "t\n" * 4, "lib/vtls/sectransp.c": "u\n" * 4}, author="Jay Satiro <js@x.org>",
                when="2021-03-06T09:00:00Z")  # fmt: skip
    repo.commit("dynbuf: bump the max HTTP request to 1MB\n\nRaised from 128KB to allow longer request headers.\n\n"
                "Reported-by: Carl Zogheib\nFixes #6681\nCloses #6685", files={"lib/dynbuf.h": "d\n" * 2},
                author="Daniel Stenberg <ds@y.org>", when="2021-03-06T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2021-03-06")
    assert "Daniel Stenberg" in plan.title or plan.stories[0].people == ["Daniel Stenberg"], (plan.title, plan.stories)
    assert "options option" not in plain_words("evaluate CURLOPT_SSL_OPTIONS via SSL_SET_OPTION macro")


def test_r65_a_stacks_heading_and_its_goal_are_no_why_of_one_diff() -> None:
    """executorch 2023-08-23: "The upshot, according to Olivia Liu: about this stack To upgrade the SDK
    debugger…" read a heading and gave a whole stack's goal as one diff's result."""
    from commitcast.text import prose_sentences

    assert prose_sentences("## About this stack\nTo upgrade the debugger.\n\n## About this diff\nDefine the skeleton.") == [
        "To upgrade the debugger.", "Define the skeleton."]  # fmt: skip


# ------------------------------------------------------------------------ round 61: the r66 blind round


def test_r66_a_load_time_figure_is_no_runtime_and_an_ops_title_says_operator_once() -> None:
    """executorch 2025-07-16: "with runtime 3x faster" and "Vulkan got dramatically faster" for "model load
    time for Llama models (from 9s to 3s)"; "added support for 'the hardtanh operator' operator"."""
    from commitcast.analyse.headlines import effect_phrase
    from commitcast.model import Story
    from commitcast.text import facts_from_text
    from commitcast.write.stories import theme

    facts = facts_from_text(["This change provides a significant performance boost to model load time for Llama models (from 9s to 3s)."], sha="a")
    assert effect_phrase(facts) == "load time 3x faster", effect_phrase(facts)
    story = Story(id="s1", role="headline", headline="h", people=["A"], areas=["Vulkan"], changes=[], facts=facts)
    assert theme(story).startswith("load time in Vulkan got"), theme(story)
    assert plain_words("Add support for 'aten.hardtanh' operator") == "Add support for 'hardtanh' operator"


def test_r66_what_a_change_leaves_out_is_no_upshot(make_repo: MakeRepo) -> None:
    """uv 2024-03-18: "The upshot, according to samypr100: PyPy version detection was also not added"."""
    whys = _whys(make_repo, "Add linehaul metadata to the user agent", (
        "This adds pip-style linehaul metadata to the user agent so PyPI can tell uv's downloads apart.\n"
        "I also didn't add libc retrieval as it seems to add substantial overhead. PyPy version detection was also not "
        "added to avoid adding extra overhead to support PyPy for linehaul.\n"))  # fmt: skip
    assert not [t for _, t in whys if "not added" in t], whys


def test_r66_a_day_of_one_merged_series_is_no_quiet_one(make_repo: MakeRepo) -> None:
    """u-boot 2026-01-23: "it was a quiet one: a single change landed" for a series of twelve patches."""
    repo = make_repo("one-series")
    repo.commit("Start", files={"a.c": "1\n"}, when="2026-01-22T09:00:00Z")
    base = repo.tip("main")
    for n in range(12):
        repo.commit(f"board: adi: add sc5xx piece {n}", files={f"board/adi/p{n}.c": f"{n}\n" * 20}, author="Greg Malysa <g@a.org>",
                    branch="series", parents=[base] if n == 0 else None, when=f"2026-01-22T1{n % 10}:00:00Z")  # fmt: skip
    repo.merge("series", 'Merge patch series "Complete board support for ADI SC5xx"\n\nGreg Malysa <g@a.org> says:\n\nThis adds the final pieces.',
               author="Tom Rini <trini@c.org>", when="2026-01-23T12:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2026-01-23"))
    assert "quiet" not in text and "twelve commits" in text, text


def test_r66_names_opening_with_a_preposition_and_a_source_transform_said_right() -> None:
    """executorch 2025-07-16: "partitioned to dim order copy op" for `to_dim_order_copy`; "Shen Chen Xu
    sourced transform for HF RoPE" for a source transform."""
    assert plain_words("Partition to_dim_order_copy op in XNN delegate") == "Partition to-dim-order-copy op in XNN delegate"
    assert deed_of("Source transform for HF RoPE") != "sourced transform for HF RoPE"


def test_r66_a_change_that_moved_code_has_no_added_size(make_repo: MakeRepo) -> None:
    """executorch 2023-11-02: "…to use visitor pattern in Arm, adding about 1,400 lines" for a change of
    +1,439/−971 whose body says the lowering logic did not change: the code moved into fifteen files."""
    repo = make_repo("moved-code")
    repo.commit("Start", files={"backends/arm/arm_backend.py": "old\n" * 971}, when="2023-11-01T09:00:00Z")
    repo.commit("Refactor TOSA backend preprocess to use visitor pattern (#1099)",
                files={"backends/arm/arm_backend.py": "", **{f"backends/arm/operators/op{n}.py": f"{n}\n" * 96 for n in range(15)}},
                author="Dan Lee <d@x.org>", when="2023-11-02T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2023-11-02")
    assert "adding" not in plan.summary, plan.summary


# ------------------------------------------------------------------------ round 62: the r67 blind round


def test_r67_a_bot_merge_with_no_reviewer_is_still_a_pull_request_and_changelog_none_does_not_lead(make_repo: MakeRepo) -> None:
    """clippy 2024-09-19: "Auto merge of #13414 - Alexendoo:generate-versions-html, r=" (no reviewer) was
    read aloud as the title, four claims, and its "changelog: none" website change led a new lint."""
    repo = make_repo("bors-empty-r")
    repo.commit("Start", files={"a.rs": "1\n"}, when="2024-09-18T09:00:00Z")
    base = repo.tip("main")
    repo.commit("Generate versions HTML directly", files={"util/versions.py": "v\n" * 87}, author="Alex Macleod <am@x.org>",
                branch="site", parents=[base], when="2024-09-18T10:00:00Z")  # fmt: skip
    repo.merge("site", "Auto merge of #13414 - Alexendoo:generate-versions-html, r=\nGenerate versions HTML directly\n\n"
               "Generates the page directly rather than creating a JSON file to load\n\nchangelog: none",
               author="bors <bors@rust-lang.org>", when="2024-09-19T09:00:00Z")  # fmt: skip
    repo.commit("Initial impl of unnecessary_first_then_check", files={f"clippy_lints/src/methods/u{n}.rs": "l\n" * 30 for n in range(6)},
                author="Lukas Lueg <ll@y.org>", branch="lint", parents=[repo.tip("main")], when="2024-09-19T10:00:00Z")  # fmt: skip
    repo.merge("lint", "Auto merge of #13421 - lukaslueg:issue11212, r=Manishearth\nInitial impl of `unnecessary_first_then_check`\n\n"
               "Fixes #11212\n\nchangelog: [`unnecessary_first_then_check`]: Initial implementation",
               author="bors <bors@rust-lang.org>", when="2024-09-19T12:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-09-19")
    text = _text(plan) + " " + plan.summary + " " + plan.title
    assert "Auto merge" not in text, text
    assert plan.stories[0].people == ["Lukas Lueg"], plan.stories


def test_r67_how_its_author_tested_it_is_no_why(make_repo: MakeRepo) -> None:
    """torchtitan 2025-03-06: "As Junjie Wang describes it, the change tests locally to verify the flag
    works as expected" told the author's testing note as what the change does."""
    whys = _whys(make_repo, "Add an option to disable tb from scratch for checkpoint", (
        "Adding an option to disable it.\n\nTest locally to verify the flag works as expected.\n"))  # fmt: skip
    assert not [t for _, t in whys if "locally" in t], whys


def test_r67_a_rustup_pull_request_is_its_openers_alone(make_repo: MakeRepo) -> None:
    """clippy 2021-06-03: "two pull requests from one person and one co-author" counted Pietro Albini, whose
    upstream commit only came along with flip1995's Rustup PR."""
    repo = make_repo("rustup-pr")
    repo.commit("Start", files={"rust-toolchain": "nightly-2021-05-20\n"}, when="2021-06-01T09:00:00Z")
    base = repo.tip("main")
    repo.commit("Update the CI image", files={"ci/image": "i\n"}, author="Pietro Albini <pa@r.org>", branch="rustup",
                parents=[base], when="2021-05-20T09:00:00Z")  # fmt: skip
    repo.commit("Bump nightly version -> 2021-06-03", files={"rust-toolchain": "nightly-2021-06-03\n"}, author="flip1995 <f@c.org>",
                branch="rustup", when="2021-06-03T08:00:00Z")  # fmt: skip
    repo.merge("rustup", "Auto merge of #7314 - flip1995:rustup, r=flip1995\nRustup\n\nEmpty rustup\n\nchangelog: none",
               author="bors <bors@rust-lang.org>", when="2021-06-03T09:00:00Z")  # fmt: skip
    (change,) = _landed(repo, "2021-06-03").changes
    assert "Pietro Albini" not in [a.name for a in change.authors], change.authors


def test_r67_a_month_of_one_show_hears_no_greeting_or_sign_off_more_than_twice() -> None:
    """curl June 2025: five sign-offs turning day by day were heard six times each in 30 episodes (16 % of
    sentences shared their skeleton with three or more episodes)."""
    from commitcast.write.style import default_style

    style = default_style()
    for slot in ("greeting", "sign_off"):
        assert len(set(style.lines(slot))) * 2 >= 30, slot


_AREAS24 = ("vtls", "http", "ftp", "smtp", "imap", "pop3", "mqtt", "ldap", "sasl", "cookie", "url", "hsts", "altsvc",
            "doh", "ws", "tftp", "gopher", "rtsp", "dict", "telnet", "file", "smb", "scp", "sftp")  # fmt: skip
_DEEDS24 = ("fix a leak", "drop a check", "rename a field", "tidy a loop", "guard a null", "add a log line", "trim a copy",
            "move a helper", "free a buffer", "mend a typo", "split a function", "reuse a buffer", "clamp a value",
            "skip empty input", "note a limit", "widen a type", "sort a list", "cap a retry", "zero a struct", "check a length",
            "log an error", "close a handle", "fix one test", "fix another test")  # fmt: skip


def test_r67_the_untold_rest_is_counted_by_pull_request_as_the_day_is(make_repo: MakeRepo) -> None:
    """curl 2025-10-07: "three docs updates, one build tweak and seven other changes" counted commits, so the
    changes said came to 19 on a day of 17 pull requests."""
    repo = make_repo("untold-by-pr")
    repo.commit("Start", files={"lib/a.c": "1\n"}, when="2025-10-06T09:00:00Z")
    for n in range(24):
        closes = 90 if n in (22, 23) else 60 + n  # two commits of one pull request, the day's smallest
        repo.commit(f"{_AREAS24[n]}: {_DEEDS24[n]}\n\nCloses #{closes}", files={f"{_AREAS24[n]}/p{n}.c": f"{n}\n" * (1 if closes == 90 else 8 + n)},
                    author=f"Dev {n} <d{n}@x.org>", when=f"2025-10-07T{n:02d}:10:00Z")  # fmt: skip
    plan = _plan(repo, "2025-10-07")
    assert plan.untold, plan.quick_hits
    told = {r.pr or r.sha for s in plan.stories for r in s.changes} | {r.pr or r.sha for r in plan.quick_hits}
    assert len(told) + sum(plan.untold.values()) == plan.counts["prs"] + plan.counts.get("direct", 0) == 23, (told, plan.untold, plan.counts)


# ------------------------------------------------------------------------ round 63: the r68 blind round


def test_r68_a_question_is_no_promise_and_a_config_file_no_function(make_repo: MakeRepo) -> None:
    """clippy 2024-09-11: "What's next? … if they should, here or in a separate PR?"; u-boot 2025-10-16:
    "renamed the qemu arm64 na function" for the test-hooks file conf.qemu_arm64_na."""
    change = _change(make_repo, "Add lint (#13000)\n\nShould they be covered? If they should, here or in a separate PR "
                     "I will add them later?", {"clippy_lints/src/a.rs": "x\n" * 10})  # fmt: skip
    assert promises(change) == []
    assert plain_words("rename conf.qemu_arm64_na in CI") == "rename the qemu arm64 na config in CI"


def test_r68_all_of_them_on_several_names_is_true_of_each_and_sub_is_an_op() -> None:
    """executorch 2026-08-19: "all of them on KV, Ethos and SmolLM2" when one change named no Ethos;
    2025-06-04: "optimized add and subbed to .cpp" for "add/sub"."""
    from commitcast.model import ChangeRef, Story
    from commitcast.write.stories import _all_about_focus

    refs = [ChangeRef(sha=str(n), title=t, topic=t) for n, t in enumerate((
        "Add KV cache SmolLM2 Ethos-U flow", "Fix SmolLM2 KV export for Ethos", "Add KV cache SmolLM2 VGF demo flow"))]  # fmt: skip
    story = Story(id="s1", role="headline", headline="h", people=["X"], areas=["Arm"], changes=refs, focus=["KV", "Ethos", "SmolLM2"])
    assert not _all_about_focus(story)
    assert deed_of("Move part of optimized add/sub to .cpp to save 16 KiB") == "moved part of optimized add and sub to .cpp to save 16 KiB"


def test_r68_a_body_that_reapplies_a_change_is_no_revert(make_repo: MakeRepo) -> None:
    """executorch 2025-11-17: "Måns Nilsson rolled back an earlier change" for "Enable VGF backend testing"
    whose body opens 'Reapply "Arm backend: Enable pytest VKML op unit testing …"' and reverts the revert."""
    change = _change(make_repo, 'Arm backend: Enable VGF backend testing in github (#15847)\n\nReapply "Arm backend: Enable pytest '
                     'VKML op unit testing in ciflow/trunk" (#15841)\n\nThis reverts commit 0c0cee5fd5adfff71fdf896181c51ba984427f48.',
                     {".github/workflows/trunk.yml": "w\n" * 20})  # fmt: skip
    assert change.revert is not None and change.revert.kind == "reapply" and change.is_reland


def test_r68_a_sentence_with_a_hole_where_a_link_was_is_no_why(make_repo: MakeRepo) -> None:
    """uv 2025-02-14 (a hand check): "In Charlie Marsh's words: “This PR revives , which might be viable now …”"
    quoted the hole its link left."""
    whys = _whys(make_repo, "Allow users to mark platforms as required for wheel coverage", (
        "This PR revives https://github.com/astral-sh/uv/pull/10017, which might be viable now that we don't enforce any "
        "platforms by default.\n"))  # fmt: skip
    assert not [t for _, t in whys if " ," in t], whys


def test_r69_one_title_is_said_only_of_all_the_lede_counts() -> None:
    """executorch 2025-12-15: "Oscar Andersson landed three changes … They all go by one title: “Update vgf
    ops tests”" when two did; the third was "Fix broken SD3Transformer2DModel test"."""
    from commitcast.model import ChangeRef, Story, StoryKind
    from commitcast.write.host import Host
    from commitcast.write.stories import tell
    from commitcast.write.style import default_style

    refs = [ChangeRef(sha=str(n), title="Update vgf ops tests", topic="Update vgf ops tests", authors=["Oscar Andersson"],
                      areas=["Arm"]) for n in range(2)]  # fmt: skip
    story = Story(id="s2", role="other", headline="h", people=["Oscar Andersson"], areas=["Arm"], changes=refs,
                  kind=StoryKind.AUTHOR_SERIES, lead_changes=3, lead_changes_here=3)  # fmt: skip
    text = " ".join(s.text for s in tell(Host(style=default_style(), seed="1"), story))
    assert "three" in text and "one title" not in text and "same title" not in text, text


def test_r69_one_name_with_its_surname_cut_on_the_same_change_is_one_person() -> None:
    """torchtitan 2026-06-29: "5 changes from 4 people" and "Hossein Kavianihamedani worked on it too" for
    Hossein Kaviani co-crediting his own longer name on his pull request."""
    from commitcast.model import Person
    from commitcast.text import People

    author, alias = Person("Hossein Kaviani", "hk@x.org"), Person("Hossein Kavianihamedani", "hk@y.org")
    people = People.of([author, alias], credits=[[author, alias]])
    assert people.name(author) == people.name(alias)
    other = People.of([Person("Jie Wang", "j@x.org"), Person("Jie Wa", "w@y.org")], credits=[[Person("Jie Wang", "j@x.org"), Person("Jie Wa", "w@y.org")]])
    assert other.name(Person("Jie Wang", "j@x.org")) != other.name(Person("Jie Wa", "w@y.org"))  # a cut under five letters is no evidence


# ------------------------------------------------------------------------ the final hand check


def test_final_hand_check_pairs_support_and_issue_titles_said_right() -> None:
    """vue 2024-08-06: "respected innerHTML from getSSRProps" for "textContent/innerHTML"; executorch
    2025-04-15: "added a support alias copy operator"; clippy 2023-04-20 quoted "Fix #10590"."""
    from commitcast.model import ChangeRef
    from commitcast.write.stories import _said_plainly

    assert "text" in plain_words("respect textContent/innerHTML from getSSRProps").split(" and ")[0]
    assert deed_of("Add support alias copy operator") == "added support for alias copy operator"
    assert deed_of("Add support to the ge operator") == "added support to the ge operator"
    assert _said_plainly(ChangeRef(sha="a", title="Fix #10590", topic="Fix #10590")) == "landed a fix"


# ------------------------------------------------------------------------ round 64: the r70 blind round


def test_r70_titles_said_as_what_they_are() -> None:
    """pip 2014-10-06: "Toshio Kuratomi recorded files don't always include directories"; executorch
    2025-02-26: "added a check in the collect env file" for a file checked in; clippy 2022-01-17:
    "landed #8214 cmp owned suggestion flips the comparison"; torchtitan 2025-06-05: "Moves Generate
    Permute Indices"; curl 2025-03-24: "made fixes for Cygwin, unignore in CI"; ao 2025-07-08: "fixed a typo ."."""
    assert deed_of("Record files don't always include directories so find eggdir by looking") is None
    assert deed_of("Fix pip doesn't install wheels") == "fixed a case where pip doesn't install wheels"
    assert deed_of("Check in collect_env.py") == "checked in the collect env file"
    assert deed_of("#8214 cmp_owned suggestion flips the comparison") == (
        "addressed issue 8214, where cmp owned suggestion flips the comparison")
    assert deed_of("#12 fix") is None and deed_of("#1234: Add support for X") == "added support for X"
    assert (deed_of("move generate_permute_indices to using exact sizes per expert needed") or "").startswith(
        "switched generate permute indices to exact sizes")
    assert deed_of("fix for Cygwin, unignore in CI") == "made fixes for Cygwin and unignored in CI"
    assert deed_of("fix typo : whic -> which") == "fixed a typo"
    assert deed_of("Drop support for Python 3.9.{0,6}") == "dropped support for Python 3.9.0 and 3.9.6"
    assert deed_of("Parsing revamp part 3/N") is None  # no one "parsed" a revamp
    assert plain_words("performance and/or succinctness") == "performance or succinctness"
    assert said_alternatives("Rustup to rust-lang/rust#69366") == "Rustup to rust-lang/rust#69366"


def test_r70_what_the_program_does_is_no_deed_of_its_author() -> None:
    """uv: "Zanie Blue considered installed packages", "Charlie Marsh backtracked on …": the program
    now does it; with the title's label, the label is what does it."""
    from commitcast.model import ChangeRef
    from commitcast.write.stories import told

    assert deed_of("Consider installed packages during resolution") == "made it consider installed packages during resolution"
    assert (deed_of("Backtrack on distributions with invalid metadata") or "").startswith("made it backtrack on")
    assert deed_of("Consider sftp quote commands case sensitive") == "made sftp quote commands case sensitive"
    assert deed_of("Accept the review suggestions") == "accepted the review suggestions"
    assert deed_of("Correctly report the version") == "made it correctly report the version"
    ref = ChangeRef(sha="a", title="test613: make it pass on Windows", topic="make it pass on Windows", authors=["V"])
    assert told(ref) == "made test613 pass on Windows"


def test_r70_a_login_that_opened_one_persons_pull_requests_is_that_person(make_repo: MakeRepo) -> None:
    """clippy 2020-02-24: "3 changes from 3 people" and "JohnTitor landed a rustup …; and Yuki Okushi
    stopped …" for one person, whose bors merges name his login and whose commits his name."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2020-02-23T09:00:00Z")
    for n, (branch, title, path) in enumerate([("rustup", "Rustup to rust-lang/rust#69366", "clippy_lints/src/a.rs"),
                                               ("dont-deploy", "Do not run deploy action on other repos", ".github/deploy.yml")]):  # fmt: skip
        repo.branch(branch)
        repo.commit(title, files={path: f"{n}\n" * 9}, author="Yuki Okushi <yo@x.org>", when=f"2020-02-24T0{n + 1}:00:00Z", branch=branch)
        repo.merge(branch, f"Auto merge of #522{n} - JohnTitor:{branch}, r=flip1995", author="bors <bors@rust-lang.org>",
                   when=f"2020-02-24T0{n + 1}:30:00Z")  # fmt: skip
    plan = _plan(repo, "2020-02-24")
    assert "JohnTitor" not in _text(plan) and plan.counts["authors"] == 1, (_text(plan), plan.counts)


def test_r70_a_persons_day_told_in_part_says_the_rest_are_other_changes() -> None:
    """curl 2025-03-24: "of the fourteen changes Viktor Szakats landed, three were in tests" when he
    landed sixteen, two told in other stories."""
    from commitcast.model import ChangeRef, Story, StoryKind
    from commitcast.write.host import Host
    from commitcast.write.stories import tell
    from commitcast.write.style import default_style

    refs = [ChangeRef(sha=str(n), title=f"test61{n}: fix it", topic="fix it", authors=["Viktor Szakats"], areas=["tests"])
            for n in range(3)]  # fmt: skip
    story = Story(id="s2", role="other", headline="h", people=["Viktor Szakats"], areas=["tests"], changes=refs,
                  kind=StoryKind.AUTHOR_SERIES, lead_changes=14, lead_changes_here=3, lead_told_apart=2)  # fmt: skip
    text = " ".join(s.text for s in tell(Host(style=default_style(), seed="1"), story))
    assert "sixteen changes" in text and "fourteen" not in text, text  # his whole day (uv 2023-10-07 heard "nine" of 13)


def test_r70_an_empty_copy_of_a_landed_pull_request_is_not_told_again(make_repo: MakeRepo) -> None:
    """ao 2025-07-08: "two changes titled Fix typo : whic to which" for #2495 and its empty copy."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-07-07T09:00:00Z")
    repo.commit("fix typo : whic -> which (#2495)", files={"torchao/a.py": "which\n"}, author="Nam <n@x.org>",
                when="2025-07-08T02:00:00Z")  # fmt: skip
    repo.commit("fix typo : whic -> which (#2495)", author="Nam <n@x.org>", when="2025-07-08T03:00:00Z")
    repo.commit("Add offsets to enable aoti (#2484)", files={"torchao/b.py": "x\n" * 30}, author="Angela Yi <a@x.org>",
                when="2025-07-08T04:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-07-08"))
    assert "two changes" not in text and text.count("typo") <= 1, text


def test_r70_a_landing_bot_that_names_no_one_is_counted_as_a_bot(make_repo: MakeRepo) -> None:
    """executorch 2025-11-14: "18 changes from 10 people" left out pytorchbot's four that name no person."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-11-13T09:00:00Z")
    repo.commit("[Executorch] parallelize op_choose_qparams (#15767)", files={"kernels/a.cpp": "x\n" * 9},
                author="pytorchbot <bot@x.org>", when="2025-11-14T02:00:00Z")  # fmt: skip
    repo.commit("Install Arm deps in Docker (#15812)", files={"docker/b.sh": "y\n" * 9}, author="Måns Nilsson <m@x.org>",
                when="2025-11-14T03:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-11-14")
    assert plan.counts["bots"] == 1 and "bot" in plan.summary, (plan.counts, plan.summary)


def test_r70_a_revert_of_two_pull_requests_by_number_says_so(make_repo: MakeRepo) -> None:
    """executorch 2025-02-26: "rolled back the change “#8501 and #8624”" for two pull requests."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-02-25T09:00:00Z")
    repo.commit("Revert #8501 and #8624 (#8716)\n\n* Revert \"Switch to new ao quant api for 8da4w (#8501)\"\n\n"
                "This reverts commit f3fc096a2df3c7ea8667f1598ca880146116c6a6.", files={"examples/a.py": "x\n" * 9},
                author="Scott Wolchok <s@x.org>", when="2025-02-26T02:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-02-26"))
    assert "pull requests 8501 and 8624" in text and "“#8501" not in text, text


def test_r70_an_empty_merge_takes_the_body_of_the_commit_it_is_titled_by(make_repo: MakeRepo) -> None:
    """pip #8319: an empty merge message titled by "DO NOT sort the returned matches by version", whose
    body says why (--prefer-binary), kept none of that body."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2020-05-24T09:00:00Z")
    repo.branch("fix")
    repo.commit("DO NOT sort the returned matches by version\n\nA higher version is not always preferred over the lower.",
                files={"src/pip/p.py": "x\n" * 9}, author="Tzu-ping Chung <t@x.org>", when="2020-05-25T01:00:00Z", branch="fix")  # fmt: skip
    repo.commit("Also fixed this test", files={"tests/t.py": "y\n"}, author="Tzu-ping Chung <t@x.org>",
                when="2020-05-25T01:10:00Z", branch="fix")  # fmt: skip
    repo.merge("fix", "Merge pull request #8319 from uranusjr/fix-prefer-binary-reqfile-new-resolver\n\n",
               author="Pradyun Gedam <p@x.org>", when="2020-05-25T02:00:00Z")  # fmt: skip
    (change,) = _landed(repo, "2020-05-25").changes
    assert change.title == "DO NOT sort the returned matches by version" and "higher version" in change.body


def test_r70_a_review_fixup_is_no_bug_fix_and_a_cut_title_keeps_its_target() -> None:
    """torchtitan 2024-03-05: "a fix from gnadathur, “Fix feedback from PR 111”"; uv 2024-11-15's title
    cut "… and Members" before "with identical names"."""
    from commitcast.analyse.classify import classify_title
    from commitcast.analyse.titles import _trim

    assert "fix" not in classify_title("Fix feedback from PR 111").kinds
    assert "fix" in classify_title("Fix comments handling in parser").kinds
    cut = _trim("Detecting Nested Workspace Inside the Current Workspace and Members with Identical Names", 72)
    assert not cut.endswith("and Members"), cut


# ------------------------------------------------------------------------ round 65: the r71 blind round


def test_r71_names_said_whole() -> None:
    """curl 2023-09-28: "detect TLS-SRP in GnuTLS" for "OpenSSL/wolfSSL/GnuTLS", "the time WITH SYS time";
    u-boot 2026-05-08: "conv=block, synced"; executorch 2024-02-02: "torch.float16", "vocab.bin";
    torchtitan 2025-05-28: "(e.g.)", "gc.collect"."""
    from commitcast.write.host import written_out

    assert said_alternatives("detect TLS-SRP in OpenSSL/wolfSSL/GnuTLS") == "detect TLS-SRP in OpenSSL, wolfSSL and GnuTLS"
    assert said_alternatives("fix I/O error on TCP/IP") == "fix I/O error on TCP/IP"
    assert plain_words("remove TIME_WITH_SYS_TIME") == "remove the time with SYS time"
    assert deed_of("remove block from conv=block, sync in SPL alignment dd") == (
        "removed the block from conv=block, sync in SPL alignment dd")
    assert plain_words("verifier support for torch.float16") == "verifier support for the float16 data type"
    assert plain_words("Remove calls to torch._export") == "Remove calls to torch export"
    assert plain_words("freed when gc.collect() is called") == "freed when gc collect is called"
    assert plain_words("build for llama vocab.bin") == "build for the llama vocab file"
    assert plain_words("support for (e.g.) uv tool install") == "support for uv tool install"
    # clippy 2023-02-21: "added implementation trait in parameters lint" for impl_trait_in_params
    shorthand = {"impl": "implementation", "params": "parameters"}
    assert written_out("blyxyas added impl trait in params lint", shorthand) == "blyxyas added impl trait in params lint"
    assert written_out("refactored the impl of params", shorthand) == "refactored the implementation of parameters"


def test_r71_a_listed_figure_is_its_item_and_a_contrast_is_never_cut() -> None:
    """torchtitan 2025-05-28: "Cycles that include CUDA tensors, 2) 2GB GPU memory is freed when gc.collect";
    uv 2025-04-17: "currently, uv init works without a git executable" cut "…, but not with a broken git"."""
    from commitcast.analyse.why import _first_clause
    from commitcast.text.measures import facts_from_text

    (fact,) = facts_from_text(["warn_tensor_cycles() shows that 1) there are reference cycles that include CUDA tensors, "
                               "2) 2GB GPU memory is freed when gc.collect() is called."], "a")  # fmt: skip
    assert fact.text == "2GB GPU memory is freed when gc.collect() is called", fact.text
    assert _first_clause("Currently, uv init works without a git executable, and with a working git executable, "
                         "but not with a broken git, be it from GitHub Action's Windows CI or from the shim we insert.") == ""  # fmt: skip


def test_r71_test_speed_is_no_product_speed_and_a_limit_is_no_problem(make_repo: MakeRepo) -> None:
    """executorch 2025-04-29: "performance work in Arm" for "split up GitHub testing … to speed up the
    testing"; 2024-02-02: "Here's the problem: Does not include support for mapping event blocks …"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-04-28T09:00:00Z")
    repo.commit("Arm backend: Add testing/support for Inception_v4 (#10517)\n\n### Summary\n\nInception_v4 for Ethos-U85.\n\n"
                "This also split up GitHub testing in a few separate runners to speed up the testing as it takes longer then 60min.",
                files={"backends/arm/test/test_model.py": "x\n" * 20}, author="Zingo Andersen <z@x.org>", when="2025-04-29T09:00:00Z")  # fmt: skip
    repo.commit("Implement initial SDK profiler support in XNNPACK delegate (#1632)\n\nSummary:\nInitial implementation of SDK "
                "support in the XNNPACK delegate. Does not include support for mapping event blocks to edge graph node IDs yet, "
                "but does implement a baseline level of support by tracing XNNPACK profiler output.",
                files={"backends/xnnpack/runtime/p.cpp": "y\n" * 40}, author="Gregory Comer <g@x.org>", when="2025-04-29T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-04-29")
    assert not any("performance" in r.kinds for s in plan.stories for r in s.changes if "Inception" in r.title)
    assert "Does not include" not in _text(plan)


def test_r71_a_benchmark_app_fix_and_a_ci_fix_are_where_their_files_are(make_repo: MakeRepo) -> None:
    """executorch 2025-04-29: "fixed ios benchmark app in LLM extension" by a submodule bump beside 48
    lines of the app; 2024-02-02: "fixed MobileBert timeout CI failures in EXIR" by three lines."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n", "extension/llm/tokenizers/t.txt": "1\n"}, when="2024-02-01T09:00:00Z")
    repo.commit("Fix ios benchmark app (#10543)", files={
        "extension/benchmark/apple/Benchmark/Benchmark.xcodeproj/project.pbxproj": "p\n" * 46,
        "extension/llm/tokenizers/t.txt": "2\n"}, author="Jack <j@x.org>", when="2024-02-02T09:00:00Z")  # fmt: skip
    repo.commit("Fix MobileBert timeout CI failures (#1729)", files={
        ".ci/scripts/gather_test_models.py": "c\n" * 19, ".github/workflows/pull.yml": "w\n" * 4,
        "exir/backend/utils.py": "e\n" * 3}, author="Huy Do <h@x.org>", when="2024-02-02T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-02-02")
    areas = {r.title: r.areas for s in plan.stories for r in s.changes} | {r.title: r.areas for r in plan.quick_hits}
    assert "LLM extension" not in areas["Fix ios benchmark app"] and "EXIR" not in areas["Fix MobileBert timeout CI failures"], areas


# ------------------------------------------------------------------------ round 66: the r72 blind round


def test_r72_code_and_references_said_as_what_they_are() -> None:
    """clippy 2022-01-14: "the implicit clone lint for and and T"; 2023-07-30: "looked for then some";
    executorch 2024-03-05: "removed cpp" for "Remove Functions.h/cpp"; 2026-05-04: "fixed 7 broken tests
    caused by in Cadence"; curl 2020-04-22: "skipped empty certs in lib" for lib/mk-ca-bundle."""
    from commitcast.text.clean import clean_title

    assert plain_words("fix implicit_clone for &&T") == "fix implicit clone for double references"
    assert plain_words("look for `.then_some()` in x") == "look for the then some method in x"
    assert plain_words("use torch.compile() here") == "use the compile function here"
    assert "cpp" not in plain_words("Remove Functions.h/cpp").split()
    assert clean_title("Fix 7 broken tests caused by D102624163 (#19273)") == "Fix 7 broken tests"
    assert tag_area("lib/mk-ca-bundle") == "mk ca bundle" and tag_area("BE/docs") == "docs" and tag_area("lib") == "lib"


def test_r72_a_fix_titled_by_its_bug_is_said_as_a_fix_and_squash_titles_are_no_why() -> None:
    """vue 2020-09-16: "landed a change titled 'Optional props from Mixin and Extends are treated as
    required'"; ao 2025-09-04: "the change adds assert for the original weight data type", the 26th
    title of a squash."""
    from commitcast.analyse.why import own_words
    from commitcast.model import ChangeRef
    from commitcast.write.stories import told

    ref = ChangeRef(sha="a", title="fix(types/tsx): optional props from Mixin/Extends are treated as required",
                    topic="optional props from Mixin/Extends are treated as required", authors=["wonderful-panda"])  # fmt: skip
    assert told(ref) == "fixed a case where optional props from Mixin and Extends are treated as required"
    assert own_words("* Fix code format\n\n* skip ut if no xpu\n\n* Add assert for the original weight data type") == ""
    assert own_words("* Fix code format\n\n* skip ut\n\nThis keeps the scales in fp32.") == "This keeps the scales in fp32."


def test_r72_a_build_change_is_in_ci_only_when_its_title_says_ci(make_repo: MakeRepo) -> None:
    """curl 2026-02-05: "made HTTP only build options also disable websockets in CI" by a workflow's one line."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-02-04T09:00:00Z")
    repo.commit("build: make HTTP-only build options also disable websockets\n\nCloses #20501",
                files={"lib/curl_setup.h": "x\n" * 6, "CMakeLists.txt": "c\n" * 4, ".github/workflows/macos.yml": "w\n" * 12},
                author="Viktor Szakats <v@x.org>", when="2026-02-05T09:00:00Z")  # fmt: skip
    (story,) = _plan(repo, "2026-02-05").stories
    assert "CI" not in story.changes[0].areas, story.changes[0].areas


def test_r72_a_nicknamed_name_is_the_person_under_either_name_and_titles_write_out_shorthand() -> None:
    """executorch: "Mengtao (Martin) Yuan", "Martin Yuan" and "Mengtao Yuan" are one person; curl
    2026-02-05's title "… Fingerprint Algos"."""
    from commitcast.model import Person
    from commitcast.text import People
    from commitcast.write.host import title_written_out

    spelt = [Person("Martin Yuan", "m@x.org"), Person("Mengtao (Martin) Yuan", "y@x.org"), Person("Mengtao Yuan", "y@x.org")]
    people = People.of([*spelt, Person("Boyuan Feng", "b@x.org")])
    assert len({people.name(p) for p in spelt}) == 1 and people.name(Person("Boyuan Feng", "b@x.org")) == "Boyuan Feng"
    shorthand = {"algos": "algorithms", "params": "parameters", "impl": "implementation"}
    assert title_written_out("curl: Dropping Obsolete Fingerprint Algos", shorthand) == "curl: Dropping Obsolete Fingerprint Algorithms"
    assert title_written_out("clippy: Adds Impl Trait in Params Lint", shorthand) == "clippy: Adds Impl Trait in Params Lint"


# ------------------------------------------------------------------------ round 67: the r73 blind round


def test_r73_titles_of_things_and_workflows_said_right() -> None:
    """curl 2026-05-31: "updated dependency ngtcp2 and nghttp3" for the repository ngtcp2/nghttp3;
    2024-12-31: "fixed the in header detection", "did run on cmake build updates", "triggered by CMake/**
    updates"; uv 2025-09-09: "built backend error message style consistency"; 2026-01-06: "fixed a case
    where some Rust 1.92 clippy lints"."""
    from commitcast.model import ChangeRef
    from commitcast.write.stories import told

    assert deed_of("update dependency ngtcp2/nghttp3 to v1.16.0") == "updated dependency nghttp3 to v1.16.0"
    assert deed_of("fix `net/in.h` detection for MS-DOS") == "fixed the net in header detection for MS-DOS"
    assert deed_of("trigger by `CMake/**` updates") == "made it trigger by CMake updates"
    ref = ChangeRef(sha="a", title="GHA/http3-linux: do run on cmake build updates", topic="do run on cmake build updates", authors=["V"])
    assert told(ref) == "made http3-linux run on cmake build updates"
    assert deed_of("Run tests in parallel") == "ran tests in parallel"
    assert deed_of("Build backend error message style consistency") is None
    assert deed_of("Check files in CI") == "added a check of files in CI"
    assert deed_of("Fix some Rust 1.92 clippy lints") == "fixed some Rust 1.92 clippy lints"
    assert deed_of("Fix the lint panics on empty input") == "fixed a case where the lint panics on empty input"


def test_r73_deeds_joined_keep_their_subjects_and_fixes_their_orders() -> None:
    """torchtitan 2026-04-07: "added a … guardrail test and made it accept float inputs" for two pull
    requests; vue 2025-06-05: "fixed a case where ensure configure app is applied"; 2020-02-27: "fixed
    options usage of reactive in the tests" for a change to apiOptions.ts."""
    from commitcast.model import ChangeRef
    from commitcast.write.stories import _by_person, place_of, told

    refs = [ChangeRef(sha=str(n), title=t, topic=t, authors=["Ann"]) for n, t in enumerate(["a", "b"])]
    said = _by_person([(refs[0], "added a bitwise deterministic guardrail test"), (refs[1], "made it accept float inputs")])
    assert said == "Ann added a bitwise deterministic guardrail test and made the code accept float inputs", said
    fix = ChangeRef(sha="c", title="fix(runtime-core): ensure configureApp is applied to async component",
                    topic="ensure configureApp is applied to async component", authors=["Ann"])  # fmt: skip
    assert not (told(fix) or "").startswith("fixed a case where ensure")
    test = ChangeRef(sha="d", title="test: fix options usage of reactive", topic="fix options usage of reactive",
                     authors=["Evan You"], kinds=["tests"], areas=["runtime core"])  # fmt: skip
    assert place_of(test, "fixed options usage of reactive") != " in the tests"


def test_r73_what_stops_something_is_trouble_unless_the_change_does() -> None:
    """executorch 2026-01-16: "The upshot: … scoped storage restrictions prevent writing to external
    storage" (its bug)."""
    from commitcast.analyse.why import _role

    assert _role("On Android API 34, scoped storage restrictions prevent writing to external storage.") != "effect"
    assert _role("This prevents a crash when the list is empty.") == "effect"
    assert _role("The new check avoids a double free.") == "effect"


def test_r73_a_pull_title_counts_what_the_pull_brought(make_repo: MakeRepo) -> None:
    """u-boot 2024-06-16: "8 Changes from the u-boot-rockchip Tree" for a pull of nine, its revert told apart."""
    from dataclasses import replace

    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-06-15T09:00:00Z")
    repo.branch("rk")
    for n in range(3):
        repo.commit(f"rockchip: rk3399: tidy board {n}", files={f"arch/arm/mach-rockchip/b{n}.c": f"{n}\n" * 9},
                    author=f"Dev {n} <d{n}@x.org>", when=f"2024-06-16T0{n + 1}:00:00Z", branch="rk")  # fmt: skip
    repo.commit('Revert "rockchip: rk3399: tidy board 0"\n\nThis reverts commit 0123456789abcdef0123456789abcdef01234567.',
                files={"arch/arm/mach-rockchip/b0.c": "x\n"}, author="Dev 1 <d1@x.org>", when="2024-06-16T05:00:00Z", branch="rk")  # fmt: skip
    repo.merge("rk", "Merge tag 'u-boot-rockchip-20240616' of https://source.denx.de/u-boot/custodians/u-boot-rockchip",
               author="Tom Rini <t@x.org>", when="2024-06-16T06:00:00Z")  # fmt: skip
    titles = [_plan(repo, "2024-06-16", replace(SHOW, name=f"Demo{n}")).title for n in range(12)]
    counted = [t for t in titles if "Changes from" in t]
    assert counted and all("4 Changes" in t for t in counted), titles


# ------------------------------------------------------------------------ round 68: the r74 blind round


def test_r74_bodies_read_as_their_authors_wrote_them() -> None:
    """torchtitan 2025-05-15: "ensures each sequence starts at position." for a line wrapped before "0.";
    2025-10-14: "… a running example of siglip" for "siglip" / "+ llama3 training"; clippy 2020-04-17:
    a struck-out "~Remark: …~" told as the upshot."""
    from commitcast.text import prose_sentences

    assert prose_sentences("Adds a step that ensures each sequence starts at position\n0. This is applied in the dataloader.") == [
        "Adds a step that ensures each sequence starts at position 0.", "This is applied in the dataloader."]
    assert prose_sentences("We do two things\n1. first thing\n2. second thing") == ["We do two things", "first thing", "second thing"]
    assert prose_sentences("It has a running example of siglip\n+ llama3 training.") == ["It has a running example of siglip + llama3 training."]
    assert prose_sentences("~Remark: getting the error requires a restructuring of the code.~\nIt now shows all unmet constraints.") == [
        "It now shows all unmet constraints."]
    assert prose_sentences("Startup went from ~30s to ~7s.") == ["Startup went from ~30s to ~7s."]


def test_r74_why_roles_for_reasons_and_what_stays() -> None:
    """torchtitan 2025-10-14: "What changed: now that @lkhphuc is providing dedicated support …" and
    "What changed: the change keeps the symmetric memory kernels" of a change that deleted a folder."""
    from commitcast.analyse.why import _role

    assert _role("Now that Phuc is providing dedicated support for the vlm folder, which has a running example.") == "context"
    assert _role("This PR keeps the symmetric memory kernels for EP communication, whose integration will come later.") is None


def test_r74_a_squash_that_undid_its_own_step_is_no_revert_and_a_figure_names_what_it_compares(make_repo: MakeRepo) -> None:
    """ao 2026-02-13: "Yuxingwang-intel reverted an earlier change" for a squash listing 'Revert "…"' of its
    own commit; executorch 2026-07-09: "the message measures two settings: an 18 percent speedup" of
    "vs llama.cpp: ET decode is +12-18% faster"."""
    from commitcast.ingest.reverts import parse_revert

    squash = ("* Update the call path to access CPUInfo properties\n\n* Revert \"Update the call path to access CPUInfo properties\"\n\n"
              "This reverts commit 800cb28c6d6c940f4c4dd08f14fc75d9346cbfcd.\n\n* Update to adapt both the new and the old APIs\n\n* Fix the format\n")
    assert parse_revert("[X86] Update the call path to access CPUInfo properties (#3845)", squash) is None
    assert parse_revert("Fix thing", "This reverts commit 800cb28c6d6c940f4c4dd08f14fc75d9346cbfcd.") is not None
    change = _change(make_repo, "Add turboquant KV cache (#20086)\n\n**A100 takeaways.** vs **ET prior**: decode neutral (-0.45% to -1.41%,\n"
                     "mean ~-0.9%), prefill neutral (+-2.3%), VRAM +~0.19 GB (the expected\n+0.06 bpw of the per-256 zero step) at negligible\n"
                     "runtime cost. vs **llama.cpp**: ET decode is +12-18% faster and ET\nprefill is faster at every length.",
                     {"backends/cuda/q.cu": "q\n" * 40})  # fmt: skip
    from commitcast.analyse.facts import extract_facts
    from commitcast.write.stories import _compared

    (compared,) = [f for f in extract_facts(change) if f.compares == "settings"]
    assert _compared(compared).startswith("compared with llama.cpp, ET decode is 12 to 18 percent faster"), _compared(compared)
    cut = _change(make_repo, "Add a cache (#1)\n\nThe new path is 20% faster than the old one on A100.\n\nvs **llama.cpp**:\n"
                  "- ET decode is 12% faster", {"src/c.py": "c\n" * 40})  # fmt: skip
    assert all(f.compares != "settings" or "than" in f.text or "vs" in f.text.lower() for f in extract_facts(cut))


def test_r74_macros_and_work_in_progress_said_as_what_they_are() -> None:
    """u-boot 2025-05-09: "most of them about the is enabled" for IS_ENABLED(); vue 2019-06-03: "Evan You
    landed an svg and parent chain" for "wip: svg & parent chain"."""
    from commitcast.model import ChangeRef
    from commitcast.write.stories import told

    assert plain_words("Correct usage of IS_ENABLED() macro") == "Correct usage of the IS ENABLED macro"
    assert plain_words("call foo_bar() here") == "call the foo bar function here"
    ref = ChangeRef(sha="a", title="wip: svg & parent chain", topic="svg & parent chain", authors=["Evan You"])
    assert told(ref) == "landed work in progress on svg and parent chain"


# ------------------------------------------------------------------------ round 69: the r75 blind round


def test_r75_words_that_only_look_like_trouble_or_speed() -> None:
    """vue 2023-02-02: "chore: remove hanging slash from import" told as a bug fix (a "hang"); ao
    2025-02-18: "A performance change: … promoted Supermask out of prototype" for "To accelerate for
    inference, we convert …", a note on how to use it."""
    from commitcast.analyse.classify import classify_title

    assert "fix" not in classify_title("chore: remove hanging slash from import").kinds
    assert "hang" in classify_title("fix hanging process on exit").severity


def test_r75_how_to_use_it_is_no_speed_up(make_repo: MakeRepo) -> None:
    """ao 2025-02-18: "To accelerate for inference, we convert the SupermaskLinear model back …"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-02-17T09:00:00Z")
    repo.commit("Promote Supermask out of prototype (#1729)\n\nThis PR promotes Supermask from prototype.\n\nTo accelerate for "
                "inference, we convert the SupermaskLinear model back into a nn.Linear, which simplifies the logic.",
                files={"torchao/sparsity/supermask.py": "s\n" * 40}, author="Jesse Cai <j@x.org>", when="2025-02-18T09:00:00Z")  # fmt: skip
    (story,) = _plan(repo, "2025-02-18").stories
    assert "performance" not in story.kinds, story.kinds


def test_r75_lists_and_places_said_whole() -> None:
    """torchtitan 2026-05-14: "across controller" for "trainer/generator/controller"; ao 2025-12-19:
    "Float8WeightOnlyConfig|Float8Dynamic…Config" read as one name; 2025-02-18: "made TorchAO Python
    extension" for "cpp/Python"; clippy 2021-03-29's title cut "… If the Panics Occur Only"."""
    from commitcast.analyse.titles import _trim

    assert said_alternatives("spans across trainer/generator/controller") == "spans across trainer, generator and controller"
    assert plain_words("see docs/source/index") == "see index"
    assert plain_words("deprecate Float8WeightOnlyConfig|Float8DynamicConfig") == "deprecate Float8WeightOnlyConfig and Float8DynamicConfig"
    assert deed_of("Make TorchAO cpp/Python extension") == "made TorchAO C++ and Python extension"
    assert plain_words("bump taiki-e/install-action") == "bump install-action"
    cut = _trim("Allowing Missing Panics Doc If the Panics Occur Only When Debug-Assertions Is Specified", 60)
    assert not cut.endswith("Only"), cut
    assert deed_of("Re-run failed GHA jobs that are flaky") == "made it re-run failed GHA jobs that are flaky"


def test_r75_an_area_another_area_names_is_one_place(make_repo: MakeRepo) -> None:
    """ao 2025-12-19: "added wgrad with hp option across MXFP8 MoE training and MoE training"."""
    change = _change(make_repo, "[mxfp8 moe training] add wgrad_with_hp option (#3508)",
                     {"torchao/prototype/moe_training/scaled_grouped_mm.py": "m\n" * 30})  # fmt: skip
    item = annotate(change, 0, AreaResolver())
    assert not any(a != b and f" {a.lower()}" in f" {b.lower()}" for a in item.areas for b in item.areas), item.areas


def test_r75_a_size_mostly_of_tests_says_so(make_repo: MakeRepo) -> None:
    """uv 2024-12-10: "about 5,200 lines added and about 110 removed", 4,338 of them one new test file."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n", "crates/uv-resolver/src/m.rs": "o\n" * 200}, when="2024-12-09T09:00:00Z")
    repo.commit("Add conflict markers to the lock (#9796)", files={
        "crates/uv/tests/it/lock_conflict.rs": "t\n" * 1500, "crates/uv-resolver/src/m.rs": "n\n" * 300},
        author="Andrew Gallant <a@x.org>", when="2024-12-10T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-12-10")
    (story,) = plan.stories
    assert story.lines_added_tests == 1500 and "most of them tests" in _text(plan) + plan.summary, (_text(plan), plan.summary)


# ------------------------------------------------------------------------ round 70: the r76 blind round


def test_r76_part_of_a_persons_day_says_the_day_first() -> None:
    """executorch 2023-09-19: "Dave Bort landed six of their eight changes" (all eight landed) and the
    summary's "8 changes, 6 of them, most of them on HierarchicalAllocator"."""
    from commitcast.model import ChangeRef, Story, StoryKind
    from commitcast.write.host import Host
    from commitcast.write.stories import tell
    from commitcast.write.style import default_style

    refs = [ChangeRef(sha=str(n), title=f"Make HierarchicalAllocator use buffers {n}", topic=f"Make HierarchicalAllocator use buffers {n}",
                      authors=["Dave Bort"]) for n in range(6)]  # fmt: skip
    story = Story(id="s1", role="headline", headline="h", people=["Dave Bort"], areas=[], changes=refs, kind=StoryKind.AUTHOR_SERIES,
                  focus=["HierarchicalAllocator"], lead_changes=8)  # fmt: skip
    text = " ".join(s.text for s in tell(Host(style=default_style(), seed="1"), story))
    assert "of their eight" not in text and "eight changes, six of them" in text, text


def test_r76_titles_said_as_what_their_tools_do() -> None:
    """curl 2021-04-22: "complained about checksrc on equals NULL …" (checksrc complains); 2021-08-14:
    "landed a fixup michał antoniak"; pip 2013-06-28: "(DONT MERGE)" read out, "platlib/purelib" cut to
    "purelib", "wheeled test"."""
    from commitcast.model import ChangeRef
    from commitcast.text.clean import clean_title
    from commitcast.write.stories import told

    checksrc = ChangeRef(sha="a", title="checksrc: complain on == NULL or != 0 checks in conditions",
                         topic="complain on == NULL or != 0 checks in conditions", authors=["D"])  # fmt: skip
    assert told(checksrc) == "made checksrc complain on equals NULL or not equal to 0 checks in conditions"
    assert deed_of("fixup Michał Antoniak") == "fixed up Michał Antoniak"
    assert clean_title("Have pip wheel only be satisfied with setuptools (DONT MERGE)") == "Have pip wheel only be satisfied with setuptools"
    assert clean_title("WIP: Add X") == "Add X"
    said = deed_of("reduce false positive when platlib/purelib are symlinks; wheel test for NotImplementedError") or ""
    assert "platlib and purelib" in said and "wheeled" not in said, said
    assert plain_words("replaced the link with pytorch/executorch") == "replaced the link with executorch"


def test_r76_a_day_of_one_untold_change_is_no_day_without_changes(make_repo: MakeRepo) -> None:
    """clippy 2022-02-10: "A Day Without Changes" over "one change landed" (a sync of upstream's)."""
    from commitcast.analyse.titles import episode_title

    window = day_window(date(2022, 2, 10), "UTC")
    quiet = {episode_title("Demo", day_window(date(2022, 2, d), "UTC"), [], landed=0) for d in range(1, 29)}
    light = {episode_title("Demo", day_window(date(2022, 2, d), "UTC"), [], landed=1) for d in range(1, 29)}
    assert any("Without Changes" in t or "Nothing Landed" in t for t in quiet)
    assert not any(re.search(r"Without Changes|Nothing Landed|No Changes|Empty Day", t) for t in light), light
    assert episode_title("Demo", window, [], landed=1).startswith("Demo: ")


# ------------------------------------------------------------------------ round 71: the r77 blind round


def test_r77_shorthand_and_names_where_they_mean_something_else() -> None:
    """executorch 2025-12-10: "made INT+false positive default" for "INT+FP"; torchtitan 2026-02-05:
    "4 changes from 5 people" for SongyuanZhao co-crediting ZhaoSongyuan."""
    from commitcast.model import Person
    from commitcast.text import People
    from commitcast.write.host import written_out

    shorthand = {"FP": "false positive", "params": "parameters"}
    assert written_out("made INT+FP default for vgf-backend", shorthand) == "made INT+FP default for vgf-backend"
    assert written_out("fix FP in the lint", shorthand) == "fix false positive in the lint"
    assert written_out("added impl trait in params lint", shorthand) == "added impl trait in params lint"
    author, alias = Person("SongyuanZhao", "s@x.org"), Person("ZhaoSongyuan", "z@y.org")
    people = People.of([author, alias], credits=[[author, alias]])
    assert people.name(author) == people.name(alias)


def test_r77_a_benchmark_change_is_no_speed_up_and_more_areas_counts_them_all(make_repo: MakeRepo) -> None:
    """ao 2024-08-07: "Performance-wise, a performance change in benchmarks" for updated benchmark
    scripts; u-boot 2026-01-16: "across clk, soc, usb and 3 more areas" of thirteen."""
    change = _change(make_repo, "Update float8 benchmarks to be more useful for smaller shapes (#615)\n\nThis speeds up the benchmark runs.",
                     {"benchmarks/float8/bench_linear_float8.py": "b\n" * 30, "benchmarks/float8/utils.py": "u\n" * 30})  # fmt: skip
    assert "performance" not in classify(change, parse_subject(change.title)).kinds
    repo = make_repo("areas")
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-01-15T09:00:00Z")
    repo.branch("pull")
    for n, area in enumerate(["clk", "soc", "usb", "mmc", "net", "spi", "i2c", "gpio"]):
        repo.commit(f"{area}: tidy driver {n}", files={f"drivers/{area}/d{n}.c": f"{n}\n" * 9}, author=f"Dev {n} <d{n}@x.org>",
                    when=f"2026-01-16T0{n + 1}:00:00Z", branch="pull")  # fmt: skip
    repo.merge("pull", "Merge tag 'u-boot-dm-20260116' of https://source.denx.de/u-boot/custodians/u-boot-dm",
               author="Tom Rini <t@x.org>", when="2026-01-16T10:00:00Z")  # fmt: skip
    summary = _plan(repo, "2026-01-16").summary
    more = re.search(r"and (\d+) more areas", summary)
    assert more is not None and int(more.group(1)) + 3 == 8, summary


# ------------------------------------------------------------------------ round 72: the r78 blind round


def test_r78_files_elements_and_verbs_said_right() -> None:
    """pip 2026-07-28: "Refactors -r the Pylock Config" for "-r pylock.toml"; vue 2019-11-24: "added support
    for in templates" for "<transition>"; curl 2026-06-15: "owned source file" for "cf-setup: own source
    file"; ao 2025-11-18: "XPU, quantization_ and UT"; uv 2025-04-27's title cut "… When Failing"."""
    from commitcast.analyse.titles import _trim
    from commitcast.text.clean import clean_title

    assert plain_words("refactor -r pylock.toml handling") == "refactor -r pylock file handling"
    assert plain_words("update pylock.toml") == "update the pylock file" and plain_words("edit pyproject.toml") == "edit the pyproject config"
    assert clean_title("feat(transition): support <transition> in templates") == "Support transition in templates"
    assert clean_title("Vec<T> handling") == "Vec<T> handling"
    assert deed_of("own source file") is None
    assert plain_words("XPU, quantization_ and UT") == "XPU, quantization and UT"
    cut = _trim("Charlie Marsh Shows Tag Hints When Failing to Find a Compatible Wheel in the Pylock File", 60)
    assert not cut.endswith("Failing"), cut
    assert plain_words("so save() returns None here") == "so the save function returns nothing here"


def test_r78_a_rustup_opener_is_the_person_their_pull_requests_name(make_repo: MakeRepo) -> None:
    """clippy 2024-08-24: "4 changes from 4 people" for Jason Newcomb's own pull request and his
    "Jarcho:rustup" sync counted as two people."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-08-23T09:00:00Z")
    _bors_pull(repo, "#13296 - Jarcho:get_src_display3, r=Alexendoo", "Replace more uses of `snippet_opt`.", {"clippy_lints/src/a.rs": "a\n" * 9},
               "Jason Newcomb <j@x.org>", "2024-08-24T01:00:00Z", "2024-08-24T02:00:00Z")  # fmt: skip
    _bors_pull(repo, "#13302 - Jarcho:rustup, r=Jarcho", "Bump nightly version -> 2024-08-23", {"rust-toolchain": "n\n"},
               "Philipp Krones <p@x.org>", "2024-08-24T03:00:00Z", "2024-08-24T04:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-08-24")
    text = _text(plan) + plan.summary
    assert "Jarcho" not in text, [s for s in re.split(r"(?<=\.) ", text) if "Jarcho" in s]


# ------------------------------------------------------------------------ the final hand check (this session)


def test_final_hand_check_what_the_program_no_longer_does_and_ci_on_hung_tests() -> None:
    """pip 2024-10-27: "Stéphane Bidoul stopped failing when the same req file is included more than once";
    curl 2024-07-31: "a fix for a hang in GHA" for "timeout earlier with hung tests"."""
    from commitcast.analyse.classify import classify_title

    assert deed_of("Don't fail when the same req file is included more than once") == (
        "made it no longer fail when the same req file is included more than once")
    assert deed_of("Do not set X in debug builds") == "stopped setting X in debug builds"
    assert "hang" not in classify_title("GHA/windows: timeout earlier with hung tests").severity
    assert "hang" in classify_title("fix hung process").severity


def test_final_hand_check_a_class_named_before_its_docs_is_no_deed() -> None:
    """executorch 2025-06-18: "Anthony Shoumikhin valued description" for "Value description" (the Value class's docs)."""
    assert deed_of("Value description") is None and deed_of("Tensor description") is None
    assert deed_of("Update docs") == "updated docs" and deed_of("Document examples") == "documented examples"


# ------------------------------------------------------------------------ round 73: the r79 blind round


def test_r79_a_body_sentence_naming_a_commit_by_hash_is_no_why(make_repo: MakeRepo) -> None:
    """curl 2024-03-05: "This fixes a regression of c2d973627bab12abc5486a3f3." was read out, hash
    and all; the problem before it is told alone."""
    whys = _whys(make_repo, "smtp: fix starttls", "In cases where the connection was fast, curl sometimes failed "
                 "to open a\nconnection. This fixes a regression of c2d973627bab12abc5486a3f3.\n")  # fmt: skip
    assert whys == [("problem", "In cases where the connection was fast, curl sometimes failed to open a connection.")]


def test_r79_a_file_named_by_the_label_is_the_place() -> None:
    """curl 2020-12-05: "scripts/completion.pl: parse all opts" was "parsed all opts in scripts";
    u-boot 2024-11-03's ".readthedocs.yml: update Python version" changed the docs build."""
    from commitcast.text import plain_area

    assert plain_area(tag_area("scripts/completion.pl") or "") == "the completion script"
    assert tag_area("VULN-DISCLOSURE-POLICY.md") == "docs" and tag_area("CMakeLists.txt") == "build"
    assert tag_area("vquic/curl_ngtcp2.c") == "vquic"  # a stem no voice can say: its folder
    assert tag_area("lib/mk-ca-bundle") == "mk ca bundle"
    assert AreaResolver().of_path(".readthedocs.yml") == "docs"


def test_r79_what_the_program_now_does_is_said_of_what_the_label_names() -> None:
    """curl 2025-07-27: "connection: terminate after goaway" was "Stefan Eissing terminated after
    goaway"; "netrc: use the NETRC environment variable (first) if set" was "Daniel Stenberg used …"."""
    from commitcast.text import labelled_deed

    assert labelled_deed(deed_of("terminate after goaway") or "", "connection") == "made connection terminate after goaway"
    assert labelled_deed(deed_of("parse all opts") or "", "scripts/completion.pl") == "made the completion script parse all opts"
    assert deed_of("use the NETRC environment variable if set") == "made it use the NETRC environment variable if set"
    assert deed_of("Use ruff instead of flake8") == "used ruff instead of flake8"
    assert labelled_deed("enabled by default", "hsts") == "enabled hsts by default"


def test_r79_a_release_carries_neither_a_change_nor_its_revert_and_names_a_command_change() -> None:
    """uv 0.7.7 "carries: fix Publishing Packages, Next = 'Index'", reverted before the tag (its
    revert's title nests quotes); "make `uv version` lock and sync" went unsaid for want of a kind."""
    from commitcast.analyse.releases import highlights
    from commitcast.model import Release

    release = Release(version="0.7.7", sha="a" * 40, highlights=[
        'Revert "[docs] Fix Publishing Packages, Next = "Index""', "make `uv version` lock and sync",
        '[docs] Fix Publishing Packages, Next = "Index"', "Remove unnecessary current dir in tests"])  # fmt: skip
    assert highlights(release) == ["make `uv version` lock and sync"]


def test_r79_a_component_named_in_two_words_is_an_area_and_a_stable_feature_is_one() -> None:
    """uv 2025-05-22: "Build backend: Support stubs packages" was told as stubs support in general;
    uv 2025-07-02: "Stabilize the uv build backend" was a build tweak, left out of 0.7.19's news."""
    from commitcast.analyse.classify import classify_title

    assert tag_area("Build backend") == "build backend" and tag_area("Python API") == "Python API"
    assert tag_area("docs update") is None and tag_area("new parser") is None
    assert classify_title("Stabilize the uv build backend").kinds == ("feature",)
    assert "feature" not in classify_title("Stabilize flaky test_foo").kinds


def test_r79_a_subtree_merge_updates_the_subtree_and_a_gerund_object_takes_no_article() -> None:
    """u-boot 2025-01-26: "Subtree merge tag 'v6.13-dts' … into dts/upstream" was "imported dts
    upstream as a subtree" (it was there); torchtitan 2024-03-29: "removed the setting global flag"."""
    assert deed_of("Subtree merge tag 'v6.13-dts' of dts repo [1] into dts/upstream") == "updated the dts upstream subtree to v6.13"
    assert deed_of("Merge commit 'abc1234' as 'lib/lwip/lwip'") == "imported lwip as a subtree"
    assert deed_of("Removed setting global flag for x") == "removed setting global flag for x"
    assert deed_of("Remove caching layer") == "removed the caching layer"


def test_r79_a_series_merge_spells_a_part_as_its_patches_do(make_repo: MakeRepo) -> None:
    """u-boot 2025-01-26: Tom Rini's "Merge a patch series for mx313xx RTC drivers" merged patches
    to max313xx; the episode said the merger's slip."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-01-25T09:00:00Z")
    repo.branch("series")
    for n, title in enumerate(["drivers: rtc: max313xx: Fix setting years 2100-2199",
                               "drivers: rtc: max313xx: Ensure correct date is read after setting"]):  # fmt: skip
        repo.commit(title, files={"drivers/rtc/max313xx.c": f"{n}\n" * 9}, author="Mark Tomlinson <m@x.org>",
                    when=f"2025-01-26T0{n + 1}:00:00Z", branch="series")  # fmt: skip
    repo.merge("series", "Merge a patch series for mx313xx RTC drivers\n\nThis series fixes two problems.\n",
               author="Tom Rini <t@x.org>", when="2025-01-26T05:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-01-26"))
    assert "max313xx RTC" in text and "mx313xx" not in text, text


def test_r79_a_fix_of_a_named_test_says_it_is_a_test(make_repo: MakeRepo) -> None:
    """uv 2025-07-02: "Fix `workspace_unsatisfiable_member_dependencies`" (one test file) was "fixed
    workspace unsatisfiable member dependencies", heard as a bug in workspaces."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-07-01T09:00:00Z")
    repo.commit("Fix `workspace_unsatisfiable_member_dependencies` (#14429)", files={"crates/uv/tests/it/workspace.rs": "x\n" * 6},
                author="Zanie Blue <z@x.org>", when="2025-07-02T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-07-02"))
    assert "fixed the workspace unsatisfiable member dependencies test" in text, text


def test_r79_a_changed_default_is_news_and_an_order_in_a_body_is_the_changes_deed(make_repo: MakeRepo) -> None:
    """curl 2025-07-27 led with "connection: terminate after goaway" over "tls: make default TLS
    version be minimum 1.2"; its body's "Determine that when …" was read out as an order."""
    from commitcast.write.retell import retold

    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-07-26T09:00:00Z")
    repo.commit("connection: terminate after goaway\n\nWhen a multiplex connection is shutdown by the server, the number "
                "of transfers allowed drops to 0.\n\nCloses #17884\n", files={"lib/connect.c": "x\n" * 60},
                author="Stefan Eissing <s@x.org>", when="2025-07-27T08:00:00Z")  # fmt: skip
    repo.commit("tls: make default TLS version be minimum 1.2\n\nThis still allows users to ask for 1.0.\n\nCloses #17894\n",
                files={"lib/vtls/vtls.c": "x\n" * 30}, author="Daniel Stenberg <d@x.org>", when="2025-07-27T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-07-27")
    assert "TLS" in plan.stories[0].changes[0].title, [s.changes[0].title for s in plan.stories]
    assert retold("Determine that when the last transfer is done and terminate the connection.") == (
        "the change determines that when the last transfer is done and terminates the connection.")


# ------------------------------------------------------------------------ round 74: the r80 blind round


def test_r80_a_fix_titled_by_what_the_program_now_does_is_not_told_as_its_bug(make_repo: MakeRepo) -> None:
    """pip 2020-05-19: "fix(network/auth): Asks for password when it is None" was "fixed a case where
    asks for password when it is None", the reverse of the fix."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2020-05-18T09:00:00Z")
    repo.commit("fix(network/auth): Asks for password when it is None (#8212)", files={"src/pip/_internal/network/auth.py": "x\n" * 9},
                author="gutsytechster <g@x.org>", when="2020-05-19T09:00:00Z")  # fmt: skip
    repo.commit("fix(types): optional props from Mixin are treated as required (#42)", files={"packages/x/src/a.ts": "x\n" * 9},
                author="Ann Lee <a@x.org>", when="2020-05-19T10:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2020-05-19"))
    assert "a case where asks" not in text and "Asks for password when it is None" in text, text
    assert "fixed a case where optional props from Mixin are treated as required" in text, text


def test_r80_a_news_file_is_no_release_news_and_sed_swaps_are_replacements() -> None:
    """pip 20.1.1 was "NEWS: in-tree builds revert is a removal, not bugfix" (a news file renamed);
    curl's "mqttd: s/errno/SOCKERRNO" was "reworked tests: “SOCKERRNO”"."""
    from commitcast.analyse.releases import highlights
    from commitcast.model import Release

    titles = ["NEWS: in-tree builds revert is a removal, not bugfix", "Fix a crash in pip list"]
    assert highlights(Release(version="20.1.1", sha="a" * 40, highlights=titles)) == ["Fix a crash in pip list"]
    assert deed_of("s/errno/SOCKERRNO") == "replaced errno with SOCKERRNO"


def test_r80_a_tag_naming_the_first_word_makes_it_a_thing_and_titles_of_two_sentences_are_two_deeds(make_repo: MakeRepo) -> None:
    """executorch 2025-08-01: "[Export][1/N] Export API pipeline re-architecture" was "Abhinayk
    exported API pipeline re-architecture"; pip 2010-07-02's "removed circular import. moved …" was quoted."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-07-31T09:00:00Z")
    repo.commit("[ExecuTorch][Export][1/N] Export API pipeline re-architecture, making it composable (#13055)",
                files={"export/export.py": "x\n" * 90}, author="Abhinayk <a@x.org>", when="2025-08-01T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-08-01"))
    assert "exported API" not in text and "the export API pipeline re-architecture" in text, text
    assert deed_of("removed circular import. moved running_under_virtualenv to pip.locations and updated imports") == (
        "removed the circular import, moved running under virtualenv to pip.locations and updated imports")
    assert deed_of("Fix foo. Add bar") == "fixed foo and added bar"
    assert deed_of("fix defineProps jsdoc and update defineEmits jsdoc example") == (
        "fixed define props jsdoc and updated define emits jsdoc example")
    assert deed_of("add inheritRef option + make transition inherit refs") == "added inherit ref option and made transition inherit refs"
    assert deed_of("Fix installation that causes torch conflict") == "fixed the installation that causes torch conflict"


def test_r80_an_operator_form_a_ci_label_a_figure_of_what_and_a_decorated_name() -> None:
    """executorch "Add support for clamp.Tensor" was support for the clamp operator (Arm had it);
    u-boot "Azure CI: Drop Windows host tools builds" had no place; ao's "15% lower perplexity" was
    "a 15 percent reduction"; vue's "丶远方" was "Zhu Yuan Fang"."""
    from commitcast.model import Fact
    from commitcast.text.identities import _transliterated
    from commitcast.write.stories import fact_phrase

    assert plain_words("Add support for clamp.Tensor") == "Add support for the tensor form of the clamp operator"
    assert plain_words("fix amax.out") == "fix the amax operator"
    assert tag_area("Azure CI") == "CI" and tag_area("fix ci") is None
    fact = Fact(kind="percent", text="With this PR, QAT nvfp4 quantized model achieved 15% lower perplexity than the baseline",
                percent=15.0, sha="a" * 40)  # fmt: skip
    assert "lower perplexity" in fact_phrase(fact), fact_phrase(fact)
    assert _transliterated("丶远方") == "Yuan Fang"


def test_r80_a_change_that_stops_a_crash_is_a_fix_and_a_preview_is_said_as_one(make_repo: MakeRepo) -> None:
    """executorch 2025-08-01: "Do not use BNNS copy when dtypes differ" (its body: "BNNS copy crashes the
    process …") was among "three other changes"; uv 2024-12-05 made "the big news" of an option behind
    `--preview` without saying so."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-12-04T09:00:00Z")
    repo.commit("Do not use BNNS copy when dtypes differ in CoreML (#13018)\n\nBNNS copy crashes the process when the "
                "dtypes differ.\n", files={"backends/apple/coreml/runtime/copy.mm": "x\n" * 3},
                author="Scott Roy <s@x.org>", when="2024-12-05T08:00:00Z")  # fmt: skip
    repo.commit("Build backend: Add template to uv init (#9661)\n\nAdd a preview option `uv init --build-backend uv "
                "--preview` that uses the uv build backend.\n", files={"crates/uv/src/commands/init.rs": "x\n" * 90},
                author="konsti <k@x.org>", when="2024-12-05T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-12-05")
    bnns = next(r for r in [*(r for s in plan.stories for r in s.changes), *plan.quick_hits] if "BNNS" in r.title)
    assert "fix" in bnns.kinds and "crash" in bnns.severity
    text = _text(plan) + plan.summary
    assert "added a template to uv init as a preview" in text, text


def test_r81_how_a_change_was_tested_is_no_account_of_it(make_repo: MakeRepo) -> None:
    """torchtitan 2025-02-04: "What changed: the change tests with Case 2 that load from checkpoint at step 3"."""
    whys = _whys(make_repo, "Raise error for dp_degree mismatch", "The loader cannot reshard its state.\n\n"
                 "Test with Case 2 that load from checkpoint at step 3.\n")  # fmt: skip
    assert all("Case 2" not in text for _, text in whys), whys


# ------------------------------------------------------------------------ round 75: the r81 blind round


def test_r81_a_folder_label_is_said_beside_a_place_the_deed_names_and_a_phrase_label_is_not() -> None:
    """ao 2025-03-28: "mx_formats: move inference to quantize API" lost its place once two-word areas
    gave way to a deed's own "to …" (r80's fix for uv's "Build backend: Add template to uv init")."""
    from commitcast.text import label_names, where_phrase

    assert label_names("mx_formats: move inference to quantize API", "move inference to quantize API", "MX formats")
    assert where_phrase("MX formats", "moved inference to the quantize API", labelled=True) == " in MX formats"
    assert not label_names("Build backend: Add template to uv init", "Add template to uv init", "build backend")


def test_r81_a_fix_title_stating_its_bug_is_its_fix_in_the_summary_too(make_repo: MakeRepo) -> None:
    """torchtitan 2025-09-24: "The headline is Jason dinAlt's “pp grad accumulation is broken”", heard as a
    bug report; the story said "fixed a case where …"; its "[problem]" section's "The result is that …"
    was heard as what the fix brought."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-09-23T09:00:00Z")
    repo.commit("fix: pp grad accumulation is broken (#1732)\n\n[problem]\nGradient accumulation is incompatible with the "
                "scheduler's grad scaling.\n\nThe result is that the accumulated gradient is an exponential moving "
                "average, rather than a sum.\n", files={"torchtitan/train.py": "x\n" * 40},
                author="Jason dinAlt <j@x.org>", when="2025-09-24T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-09-24")
    assert plan.summary.startswith("Jason dinAlt fixed a case where pp grad accumulation is broken"), plan.summary
    assert all(w.role == "problem" for w in plan.stories[0].why if w.text.startswith("The result")), plan.stories[0].why


def test_r81_a_change_inside_a_story_says_the_part_its_last_label_names(make_repo: MakeRepo) -> None:
    """u-boot 2024-04-22: "usb: musb-new: add Allwinner F1C100s support" was "added Allwinner F1C100s
    support", heard as support for the whole chip."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-04-21T09:00:00Z")
    repo.branch("sunxi")
    for n, (title, path) in enumerate([("usb: musb-new: add Allwinner F1C100s support", "drivers/usb/musb-new/sunxi.c"),
                                       ("sunxi: add SPI boot support for R528", "arch/arm/mach-sunxi/spl_spi.c"),
                                       ("sunxi: sun9i: make clock functions SPL only", "arch/arm/mach-sunxi/clock.c")]):  # fmt: skip
        repo.commit(title, files={path: f"{n}\n" * 9}, author="Andre Przywara <a@x.org>", when=f"2024-04-22T0{n + 1}:00:00Z", branch="sunxi")
    repo.merge("sunxi", "Merge branch 'master' of https://source.denx.de/u-boot/custodians/u-boot-sunxi",
               author="Tom Rini <t@x.org>", when="2024-04-22T06:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2024-04-22"))
    assert "added Allwinner F1C100s support in musb" in text, text


# ------------------------------------------------------------------------ round 76: the r82 blind round


def test_r81_a_partial_revert_in_words_a_docs_deed_and_a_typo_swap(make_repo: MakeRepo) -> None:
    """curl 2025-02-04: "pop3: revert connection ssl check" was "rolled back the change “Connection ssl
    check”"; "HTTPSRR.md: implement what seems to be deployed" was "implemented" (a docs edit);
    "Typo fix AAA -> AAAA" was "switched from Typo fix AAA to AAAA"."""
    from commitcast.analyse.reverts import revert_target
    from commitcast.text import docs_deed

    change = _change(make_repo, "pop3: revert connection ssl check\n\nAs reported in #16166, STLS hangs.\n", {"lib/pop3.c": "x\n" * 9})
    assert revert_target(change) == ("the connection ssl check in pop3", False)
    assert docs_deed("implemented what seems to be deployed") == "documented what seems to be deployed"
    assert docs_deed("added missing firmware for BB-AI64") == "documented missing firmware for BB-AI64"
    assert docs_deed("added a section on x") == "added a section on x" and docs_deed("added X to the list") == "added X to the list"
    assert deed_of("Typo fix AAA -> AAAA") == "corrected AAA to AAAA"
    assert plain_words("use h100->b200") == "use h100 to b200" and plain_words("check gd->env_valid") == "check the env valid field"


def test_r82_a_tagged_area_is_said_beside_a_folder_the_deed_names(make_repo: MakeRepo) -> None:
    """executorch 2024-02-24: "Move graph runtime from PT directory to ET directory" (all in
    backends/vulkan) never said Vulkan; a directory is no place a listener knows."""
    from commitcast.text import where_phrase

    assert where_phrase("Vulkan", "moved graph runtime from PT directory to ET directory") == " in Vulkan"
    assert where_phrase("Vulkan", "moved graph runtime to the runtime module in Arm") == ""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-02-23T09:00:00Z")
    repo.commit("[ET-VK] Move the shader registry to the runtime (#2084)", files={"backends/vulkan/runtime/registry.cpp": "x\n" * 40},
                author="Stephen Jia <s@x.org>", when="2024-02-24T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-02-24")
    assert plan.stories[0].changes[0].area_labelled
    assert "to the runtime in Vulkan" in _text(plan), _text(plan)


# ------------------------------------------------------------------------ round 77: the r83 blind round


def test_r83_a_private_folder_and_the_null_device_are_said_in_words() -> None:
    """ao 2025-01-08: "added min sqnr to torchao/models" read a path out; uv 2024-06-10: "for the XDG
    config home=/dev/null"."""
    assert deed_of("Add min_sqnr to torchao/_models") == "added min sqnr to the models folder"
    assert deed_of("Avoid crash for XDG_CONFIG_HOME=/dev/null") == "avoided a crash for the XDG config home set to dev null"
    assert plain_words("write to /dev/null") == "write to dev null"


def test_r83_titles_read_as_what_they_say() -> None:
    """executorch "Bounds checks for values/inputs/outputs" was "bounded checks"; clippy's
    "[`unused_enumerate_index`]: trigger on method calls" was "made it trigger"; uv's "Run benchmarks in
    offline mode" was "ran benchmarks"; curl's "docs/MQTT: not experimental anymore" lost MQTT."""
    from commitcast.text import labelled_deed

    assert deed_of("Bounds checks for values/inputs/outputs") == "added bounds checks for values, inputs and outputs"
    assert deed_of("Tests for foo") == "added tests for foo" and deed_of("tests are flaky") is None
    assert labelled_deed("made it trigger on method calls", "[`unused_enumerate_index`]") == (
        "made unused enumerate index trigger on method calls")
    assert deed_of("Run benchmarks in offline mode") == "made benchmarks run in offline mode"
    assert tag_area("docs/MQTT") == "MQTT" and tag_area("BE/docs") == "docs"


def test_r83_a_regression_fix_a_demo_apps_cve_and_release_tooling(make_repo: MakeRepo) -> None:
    """uv 2026-03-16: "Allow `--project` to refer to a `pyproject.toml` directly", whose body opens "This
    unintentionally regressed in #17714", was "a new feature"; its release "carried" a release script's
    change; executorch 2025-11-20: a demo app's CVE bump was "worth updating for"."""
    from commitcast.analyse.classify import classify_title
    from commitcast.analyse.releases import highlights
    from commitcast.model import Release

    regressed = _change(make_repo, "Allow `--project` to refer to a `pyproject.toml` directly (#18513)\n\nThis unintentionally "
                        "regressed in #17714 as it appeared that it always failed.\n", {"crates/uv/src/lib.rs": "x\n" * 20})  # fmt: skip
    kinds = classify(regressed, parse_subject(regressed.title)).kinds
    assert "fix" in kinds and "feature" not in kinds, kinds
    demo = _change(make_repo, "Security: Update glob to 10.5.0 to fix CVE-2025-64756 (#15904)",
                   {"examples/demo-apps/react-native/rnllama/yarn.lock": "x\n" * 20})  # fmt: skip
    assert "security" not in classify(demo, parse_subject(demo.title)).severity
    assert "security" in classify_title("Update glob to 10.5.0 to fix CVE-2025-64756").severity
    titles = ["Create release branch and commit automatically", "Improve distribution id performance"]
    assert highlights(Release(version="0.10.11", sha="a" * 40, highlights=titles)) == ["Improve distribution id performance"]


def test_r83_a_link_to_the_breaking_change_and_a_prefix_pair_are_said_whole() -> None:
    """executorch 2024-07-15 quoted "Fix build failure instroduced by" (its link cut off); "Avoid CHECK and
    buffer over/underrun" was "buffer underrun"."""
    from commitcast.text import clean_title

    assert clean_title("Fix build failure introduced by https://github.com/pytorch/executorch/pull/4227") == (
        "Fix build failure introduced by an earlier change")
    assert said_alternatives("buffer over/underrun") == "buffer overrun and underrun"
    assert said_alternatives("en/decode") == "encode and decode" and said_alternatives("on/off loading") == "on and off loading"


# ------------------------------------------------------------------------ round 78: the r84 blind round


def test_r84_an_opener_who_wrote_the_pull_is_not_its_co_author(make_repo: MakeRepo) -> None:
    """clippy 2022-04-07: flip1995's "Allow raw lint descriptions" (Alex Macleod its co-author) made
    flip1995 Alex Macleod: "four pull requests from two people" of three."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2022-04-06T09:00:00Z")
    for n, (branch, login, author, extra) in enumerate([
        ("deref", "Alexendoo", "Alex Macleod <a@x.org>", ""),
        ("raw", "flip1995", "flip1995 <f@x.org>", "\n\nCo-authored-by: Alex Macleod <a@x.org>"),
        ("abs", "pbor", "Paolo Borelli <p@x.org>", ""),
    ]):  # fmt: skip
        repo.branch(branch)
        repo.commit(f"Change {branch}{extra}", files={f"clippy_lints/src/{branch}.rs": "x\n" * 9}, author=author,
                    when=f"2022-04-07T0{n + 1}:00:00Z", branch=branch)  # fmt: skip
        repo.merge(branch, f"Auto merge of #86{n}0 - {login}:{branch}, r=giraffate", author="bors <bors@rust-lang.org>",
                   when=f"2022-04-07T0{n + 1}:30:00Z")  # fmt: skip
    plan = _plan(repo, "2022-04-07")
    assert plan.counts["authors"] == 3, plan.counts


def test_r84_a_coding_assistant_is_no_bot_and_release_notes_of_a_version_are_no_curl() -> None:
    """uv 2026-01-14: "3 people and 3 bots" counted renovate and two spellings of Claude; curl 2020-06-30:
    "RELEASE-NOTES: curl 7.71.1" was "Daniel Stenberg curled 7.71.1"."""
    from commitcast.text import deed_of_title, is_assistant_name, is_bot_name

    assert is_assistant_name("Claude Opus 4.5") and is_bot_name("Claude Opus 4.5") and not is_assistant_name("renovate[bot]")
    assert not is_assistant_name("Claude Shannon")
    assert deed_of("curl 7.71.1") is None
    assert deed_of_title("RELEASE-NOTES: curl 7.71.1", "curl 7.71.1") == "updated the release notes for curl 7.71.1"
    assert plain_words("Add METADATA.json and WHEEL.json") == "Add the METADATA file and the WHEEL file"


def test_r84_the_old_behaviour_after_previously_is_the_problem(make_repo: MakeRepo) -> None:
    """executorch 2026-06-09: "What changed, per RJ Ascani: on any non-MVE build the scalar path started the
    accumulator at 0 instead of at bias …" told the bug as the change."""
    whys = _whys(make_repo, "Dispatch quantized linear layout on target ISA", "The pass previously emitted only the "
                 "MVE shape.\nOn any non-MVE build the scalar path started the accumulator at 0 instead of at the bias, "
                 "dropping both the bias and the offset.\n")  # fmt: skip
    assert all(role == "problem" for role, text in whys if text.startswith("On any")), whys


# ------------------------------------------------------------------------ round 79: the r85 blind round


def test_r85_moves_declarations_tidy_ups_and_what_the_program_discovers() -> None:
    """executorch "Move extension/fb/threadpool into backends/xnnpack/threadpool" was "moved threadpool into
    threadpool"; vue's "separate d.ts file" a "d file"; u-boot's "at91: Move atmel_serial.h to …" was "… in
    at91"; uv's "Discover registry PEP 514 Pythons" was konsti's own discovery; "tidy-up" no area."""
    from commitcast.text import where_phrase

    assert plain_words("Move extension/fb/threadpool into backends/xnnpack/threadpool") == (
        "Move extension fb threadpool into backends xnnpack threadpool")
    assert plain_words("expose ref macro types using separate d.ts file") == "expose ref macro types using separate type declarations"
    assert where_phrase("at91", "moved the atmel serial header to platform data", labelled=True) == ""
    assert where_phrase("at91", "added the atmel serial header to platform data", labelled=True) == " in at91"
    assert (deed_of("Discover registry PEP 514 Pythons") or "").startswith("made it discover")
    assert tag_area("tidy-up") is None


def test_r85_a_sync_day_says_no_commit_total_and_a_bots_update_is_a_dependency(make_repo: MakeRepo) -> None:
    """clippy 2025-06-26: "five pull requests from four people were merged, twelve commits in total" left out
    the rustup's 39; uv 2025-09-08: renovate's digest updates of workflow actions were "build tweaks"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-06-25T09:00:00Z")
    repo.branch("rustup")
    for n in range(6):
        repo.commit(f"Upstream change {n}", files={f"compiler/u{n}.rs": "x\n" * 3}, author=f"Up Stream{n} <u{n}@x.org>",
                    when=f"2025-06-26T0{n}:10:00Z", branch="rustup")  # fmt: skip
    repo.merge("rustup", "Auto merge of #15148 - flip1995:rustup, r=flip1995\n\nRustup\n", author="bors <bors@rust-lang.org>",
               when="2025-06-26T07:00:00Z")  # fmt: skip
    for n in range(3):
        repo.branch(f"b{n}")
        for k in range(3):
            repo.commit(f"Step {k} of {n}", files={f"clippy_lints/src/l{n}.rs": f"{k}\n" * 3}, author=f"Dev{n} Person <d{n}@x.org>",
                        when=f"2025-06-26T1{n}:0{k}:00Z", branch=f"b{n}")  # fmt: skip
        repo.merge(f"b{n}", f"Auto merge of #1515{n} - dev{n}:b{n}, r=x", author="bors <bors@rust-lang.org>",
                   when=f"2025-06-26T1{n}:30:00Z")  # fmt: skip
    repo.commit("Update google-github-actions/auth digest to fc21748 (#15717)", files={".github/workflows/ci.yml": "y\n" * 2},
                author="renovate[bot] <bot@renovateapp.com>", when="2025-06-26T20:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-06-26")
    text = _text(plan)
    assert plan.counts["carried"] and "in total" not in text, text
    bump = next(r for r in [*(r for s in plan.stories for r in s.changes), *plan.quick_hits] if "auth digest" in r.title)
    assert any(c.value == "dependency" and c.strength == "strong" for c in bump.claims), bump.claims


def test_r83_a_common_first_name_alone_is_not_the_one_full_name_beside_it() -> None:
    """executorch 2024-01-12: "Andrew" (under an address of his own) was told as Andrew Grebenisan, the
    day's one "Andrew …"; a rarer first name beside its full name ("Hansong", "Hansong Zhang") still is."""
    from commitcast.model import Person
    from commitcast.text import People

    people = People.of([Person("Andrew", "a1@x.org"), Person("Andrew Grebenisan", "ag@x.org"),
                        Person("Hansong", "h1@x.org"), Person("Hansong Zhang", "hz@x.org")])  # fmt: skip
    assert people.name(Person("Andrew", "a1@x.org")) == "Andrew"
    assert people.name(Person("Andrew Grebenisan", "ag@x.org")) == "Andrew Grebenisan"  # two people
    assert people.name(Person("Hansong", "h1@x.org")) == people.name(Person("Hansong Zhang", "hz@x.org"))


# ------------------------------------------------------------------------ round 80: the r86 blind round


def test_r86_collecting_what_a_crash_leaves_fixes_no_crash() -> None:
    """uv 2025-05-26: "Stack traces from Windows CI crashes" (workflow steps that collect them) was "On the
    correctness front, konsti stopped a crash"."""
    from commitcast.analyse.classify import classify_title

    diagnosed = classify_title("Stack traces from Windows CI crashes")
    assert "fix" not in diagnosed.kinds and "crash" not in diagnosed.severity
    assert "crash" in classify_title("Fix logging crash").severity and "crash" in classify_title("Fix crash in loader").severity


def test_r86_a_part_of_a_series_a_prototype_folder_and_a_docs_tag_said_as_they_are(make_repo: MakeRepo) -> None:
    """executorch 2026-04-08: "MLX delegate part 3" was "landed an MLX delegate" (parts 1 and 2 had landed);
    ao 2025-03-11: "Remove prototype/dtypes folder" was "removed dtypes folder"; uv's
    "[docs/integration/docker]" tip was "in integration"."""
    assert deed_of("Remove prototype/dtypes folder") == "removed prototype dtypes folder"
    assert deed_of("Remove torchao/prototype/dtypes") == "removed prototype dtypes"
    assert tag_area("docs/integration/docker") == "docker" and tag_area("GHA/http3-linux") == "GHA"
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-04-07T09:00:00Z")
    repo.commit("MLX delegate part 3 (#18120)", files={"backends/mlx/genai.py": "x\n" * 120}, author="Scott Roy <s@x.org>",
                when="2026-04-08T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2026-04-08"))
    assert "landed part three of the MLX delegate" in text, text


def test_r86_a_maintainers_update_names_its_entries() -> None:
    """u-boot 2025-09-26: "MAINTAINERS: Update MMC/POWER/FREESCALE QORIQ" was "Update FREESCALE QORIQ" and
    "MAINTAINERS: Update NETWORK …" "updated NETWORK", both heard as code changes."""
    from commitcast.model import ChangeRef
    from commitcast.write.stories import told

    assert said_alternatives("Update MMC/POWER/FREESCALE QORIQ") == "Update MMC, POWER and FREESCALE QORIQ"
    assert said_alternatives("HTTP/2 and TCP/IP") == "HTTP/2 and TCP/IP"
    ref = ChangeRef(sha="a" * 40, title="MAINTAINERS: Update NETWORK", topic="Update NETWORK", authors=["Jerome Forissier"])
    assert told(ref) == "updated the MAINTAINERS entries for NETWORK"


# ------------------------------------------------------------------------ round 81: the r87 blind round


def test_r87_a_pass_that_reverts_is_no_revert_and_a_lower_case_closes_names_the_pull(make_repo: MakeRepo) -> None:
    """executorch 2024-08-02: "Revert dim_order ops by default" ("Use this pass to revert dim_order ops
    back to memory_format ops") was "reverted the change …"; curl 2022-03-10's "closes #8569" was no PR;
    vue 3.2.42 "carried" a typing change as its feature."""
    from commitcast.analyse.releases import highlights
    from commitcast.ingest import parse_revert
    from commitcast.ingest.trailers import split_trailers
    from commitcast.model import Release

    assert parse_revert("Revert dim_order ops by default (#4518)", "Use this pass to revert dim_order ops back to memory_format ops.") is None
    assert parse_revert("pop3: revert connection ssl check", "STLS hangs. Revert the change.") is not None
    assert split_trailers("Fix it.\n\nReviewed-by: Ann\nFixes #8534\ncloses #8569\n")[1]["Closes"] == ["#8569"]
    change = _change(make_repo, "HTTP/3: fix disconnect\n\nIt hung.\n\nFixes #8534\ncloses #8569\n", {"lib/vquic/ngtcp2.c": "x\n" * 9})
    assert change.pr is not None and change.pr.number == 8569
    titles = ["types(h): Support passing props to Component when using h", "fix(runtime-core): fix watch callback"]
    assert highlights(Release(version="3.2.42", sha="a" * 40, highlights=titles)) == ["fix(runtime-core): fix watch callback"]


# ------------------------------------------------------------------------ the final hand check (after r88)


def test_final_hand_check_uv_0_8_titles_and_a_revert_in_words(make_repo: MakeRepo) -> None:
    """uv 2025-07-17: "`uv init`: Make `uv_build` the default build backend" was read as "Uv init: Make …";
    "Build and install workspace members … by default" was Zanie Blue's own building; "disallowed the uv
    config fields"; executorch 2025-06-24's "Revert mmap loader changes" a change titled so; clippy's
    "fix `for x in y unsafe { }`" was "made fixes for x in y unsafe"; vue's .vscode edit a build tweak."""
    from commitcast.analyse.classify import file_kinds
    from commitcast.analyse.reverts import revert_target

    assert deed_of("`uv init`: Make `uv_build` the default build backend (from `hatchling`)") == (
        "made uv build the default build backend (from hatchling) for uv init")
    assert deed_of("Build and install workspace members that are dependencies by default") == (
        "made it build and install workspace members that are dependencies by default")
    assert deed_of("Enable foo by default") == "enabled foo by default"
    assert deed_of("Add missing validations for disallowed `uv.toml` fields") == "added missing validations for disallowed uv config fields"
    assert deed_of("fix `for x in y unsafe { }`") == "fixed the handling of for x in y unsafe"
    reverted = _change(make_repo, "Revert mmap loader changes (#11928)", {"extension/data_loader/mmap.cpp": "x\n" * 9})
    assert revert_target(reverted) == ("the mmap loader changes", False)
    editor = _change(make_repo, "chore: remove vscode settings", {".vscode/settings.json": "{}\n"})
    assert "chore" in file_kinds(editor) and "build" not in file_kinds(editor)


def test_r89_gits_placeholder_name_is_no_one_and_the_opener_is_credited(make_repo: MakeRepo) -> None:
    """clippy 2020-11-26: a commit written under git's placeholder "unknown" was "A Fix from unknown"
    ("Our thanks to unknown"); its pull request's opener, nico-abram, sent it."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2020-11-25T09:00:00Z")
    _bors_pull(repo, "#6362 - nico-abram:unnecessary_cast, r=ebroto", "Fix incorrect suggestion for float literal cast", {"clippy_lints/src/casts.rs": "x\n" * 9},
               "unknown <u@x.org>", "2020-11-26T09:00:00Z", "2020-11-26T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2020-11-26")
    text = _text(plan) + plan.summary + plan.title
    assert "unknown" not in text and "nico-abram" in text, text


def test_final_hand_check_built_in_auto_and_a_types_fix_in_a_release() -> None:
    """vue 2020-10-20: "fix(v-model): built in modifiers support on component" was "Hunter built in modifiers
    support"; its 3.0.2 "brought" "H support for resolve component" (a typing fix); curl 2024-10-17:
    "http2: auto reset stream on server eos" was "landed auto reset stream"."""
    from commitcast.analyse.releases import highlights
    from commitcast.model import Release
    from commitcast.text import noun_phrase

    assert deed_of("built in modifiers support on component") is None
    assert noun_phrase("built in modifiers support on component") == "built-in modifiers support on component"
    assert deed_of("auto reset stream on server eos") == "made resetting stream on server eos automatic"
    assert noun_phrase("auto mode for X") == "an auto mode for X"
    titles = ["fix(types): h support for resolveComponent", "fix(runtime-core): fix component .once listener logic"]
    assert highlights(Release(version="3.0.2", sha="a" * 40, highlights=titles)) == [titles[1]]


# ------------------------------------------------------------------------------------ round 82 (r90)


def test_r90_a_label_naming_a_backends_file_is_that_backend(make_repo: MakeRepo) -> None:
    """curl 2023-08-26: "OpenSSL: clear error queue after SSL_shutdown" changed lib/vtls/openssl.c, curl's
    OpenSSL backend; "A change in OpenSSL" told it as a change to OpenSSL itself."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2023-08-25T09:00:00Z")
    repo.commit("OpenSSL: clear error queue after SSL_shutdown\n\nCloses #11736", files={"lib/vtls/openssl.c": "x\n" * 9},
                author="John Hawthorn <j@x.org>", when="2023-08-26T09:00:00Z")  # fmt: skip
    repo.commit("quiche: set the max field section size", files={"lib/vquic/cf-quiche.c": "x\n" * 5},
                author="Graham Campbell <g@x.org>", when="2023-08-26T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2023-08-26")
    text = _text(plan)
    assert "the OpenSSL backend" in plan.summary + text and "the quiche backend" in text, (plan.summary, text)
    assert not re.search(r"\bin (?:OpenSSL|quiche)\b", plan.summary + text), (plan.summary, text)


def test_r90_titles_that_state_rather_than_order() -> None:
    """vue 2019-10-02: "feat(compiler): block optimization codegen for RootNode" added block optimization,
    told five times as "blocked optimization codegen"; uv's "fix(lock): warning suggests non-existent
    --no-frozen flag" was "warned about suggests"; executorch's "reinplace_pass resyncs output_specs …"
    was "landed reinplace pass resyncs"; curl's "url-decode path" was "landed an url-decode path"."""
    from commitcast.text import deed_of_title, statement_deed

    assert deed_of("block optimization codegen for RootNode") is None
    assert deed_of("Block installation of wheels") == "blocked installation of wheels"
    assert deed_of("warning suggests non-existent --no-frozen flag") is None
    assert deed_of_title("fix(lock): warning suggests non-existent --no-frozen flag", "warning suggests non-existent --no-frozen flag") == (
        "fixed a case where warning suggests non-existent no-frozen flag")
    assert deed_of_title("fix: spelling mistakes and typos in docs", "spelling mistakes and typos in docs") is None
    assert statement_deed("reinplace_pass resyncs output_specs after in-place rewrites") == (
        "made the reinplace pass resync output specs after in-place rewrites")
    assert statement_deed("parser_x crashes on empty input") is None and statement_deed("Fix tests for foo") is None
    assert deed_of("url-decode path before evaluation") == "url-decoded path before evaluation"
    assert deed_of("Update coreml runner to only profile model when prof…") == "updated the coreml runner to only profile model"


def test_r90_the_code_a_title_names_is_its_place_and_a_cause_is_no_change(make_repo: MakeRepo) -> None:
    """executorch 2026-07-13: "reinplace_pass resyncs output_specs" was "in MLX" by the 41 lines it let go
    from backends/mlx, where exir/passes/reinplace.py is what it changed; "Due to the typo the guard
    inspected …" was told as "What changed"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-07-12T09:00:00Z")
    repo.commit("reinplace_pass resyncs output_specs after in-place rewrites (#20893)",
                files={"backends/mlx/passes.py": "x\n" * 41, "exir/passes/reinplace.py": "y\n" * 22},
                author="Scott Roy <s@x.org>", when="2026-07-13T09:00:00Z")  # fmt: skip
    (story,) = _plan(repo, "2026-07-13").stories
    assert story.changes[0].areas[:1] == ["EXIR"], story.changes[0].areas
    whys = _whys(make_repo, "Fix the BatchNorm fusion guard", (
        "The single-user guard exists to prevent fusion when the output feeds other consumers.\n\n"
        "Due to the typo the guard inspected the BatchNorm's user count rather than the conv's, so a conv with "
        "multiple consumers was still fused, corrupting the other consumers' inputs."))
    assert not [t for role, t in whys if role == "change" and t.startswith("Due to")], whys


def test_r90_a_first_name_with_an_employers_mark_is_its_co_author() -> None:
    """executorch 2026-07-13: "SaoirseARM" wrote e844cc871 with "Saoirse Stewart" as co-author: one
    person counted twice, and credited by the handle."""
    from commitcast.model import Person
    from commitcast.text.identities import People

    login, name = Person("SaoirseARM", "s@arm.example"), Person("Saoirse Stewart", "saoirse@x.org")
    together = People.of([login, login, name], [[login, name]])
    assert together.name(login) == together.name(name) == "Saoirse Stewart"
    assert People.of([login, name]).name(login) == "SaoirseARM"  # apart, nothing joins them


def test_r90_one_persons_thanks_says_no_count_of_changes() -> None:
    """vue 2019-10-02: Evan You's seventeen changes closed with "Today's change came from Evan You";
    ao 2024-03-22 with "Everything today came from Christian Puhrsch" beside a bot's bump:
    the thanks of one person is said on busy days too, so none of its lines counts the changes."""
    from commitcast.write.style import default_style

    # (nor that they did everything: a bot's bump may be among the day's; ao 2024-03-22)
    lines = default_style().slots["thanks_one"]
    assert len(lines) >= 5 and not [line for line in lines if re.search(r"(?i)\bchange\b(?!s)|\b(?:everything|all)\b", line)], lines


# ------------------------------------------------------------------------------------ round 83 (r91)


def test_r91_a_reverts_reason_is_its_words_not_the_build_log_after_them(make_repo: MakeRepo) -> None:
    """u-boot 2026-03-04: 'Revert "kbuild: unexport sub_make_done …"' gave its reason, "This unfortunately
    introduces failure to build in other cases:", then a build log; the show read out the log
    ("HOSTCC scripts/basic/fixdep GEN Makefile …") as the reason."""
    from commitcast.analyse.reverts import revert_reason

    log = "\n".join(f"  HOSTCC  scripts/kconfig/{name}.o" for name in ("conf", "zconf", "lexer"))
    reverted = _change(make_repo, 'Revert "kbuild: unexport sub_make_done to fix child make invocations"\n\n'
                       f"This unfortunately introduces failure to build in other cases:\n$ make O=build\n{log}\n"
                       "  GEN     Makefile\n\nThis reverts commit 4284306d22c5b6d64ecd62b462551d9d313c8104.\n",
                       {"Makefile": "x\n" * 3})  # fmt: skip
    assert revert_reason(reverted) == "This unfortunately introduces failure to build in other cases."


def test_r88_a_size_says_what_it_leaves_out(make_repo: MakeRepo) -> None:
    """uv 2023-10-12: "It's a big change: 670 lines added and about 440 removed" of a change git shows as
    +2,814/−947; its lockfile and 22 snapshot files were left out, unsaid."""
    repo = make_repo()
    repo.commit("Start", files={"crates/puffin-package/src/parser.rs": "p\n" * 440}, when="2023-10-11T09:00:00Z")
    repo.commit("Migrate to requirements_txt.rs (#90)", files={
        "crates/puffin-package/src/requirements_txt.rs": "x\n" * 670, "Cargo.lock": "l\n" * 90, "crates/puffin-package/src/parser.rs": None,
        **{f"crates/puffin-package/src/snapshots/s{n}.snap": "s\n" * 100 for n in range(20)}},
        author="Charlie Marsh <c@x.org>", when="2023-10-12T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2023-10-12")
    (story,) = plan.stories
    assert (story.lines_added, story.lines_left_out, story.left_out) == (670, 2090, ["snapshots", "lockfiles"])
    assert "2,100 lines of snapshots and lockfiles" in _text(plan), _text(plan)


def test_r91_retellings_of_guides_failing_tests_lone_verbs_and_parts(make_repo: MakeRepo) -> None:
    """ao 2024-03-22: "Quantize vit_b_16 tutorial - Part 1" was "landed part one of the part 1"; uv's "Add
    failing `--dev` `uv add` self-reference test" was "added failing the dev option …"; curl's "ratelimit:
    redesign" (1,800 lines) was "a change titled “Redesign”"; executorch's "split_with_sizes with more test
    codegen" was "a split with sizes"; curl's "dynbuf: assert on curlx_dyn_addf use" "asserted dynbuf"."""
    from commitcast.text import noun_phrase

    assert parse_subject("Quantize vit_b_16 tutorial - Part 1 (#60)").labels == ()
    assert parse_subject("Qualcomm AI Engine Direct - Add op (#60)").labels == ("Qualcomm AI Engine Direct",)
    assert deed_of("Quantize vit_b_16 tutorial") == "landed a tutorial on quantizing vit b 16"
    assert deed_of("Update quantization tutorial") == "updated the quantization tutorial"
    assert (deed_of("Add failing `--dev` `uv add` self-reference test") or "").startswith("added a failing test for ")
    assert noun_phrase("split_with_sizes with more test codegen") is None
    assert "dynbuf" not in parse_subject('dynbuf: assert on curlx_dyn_addf use with just "%s"').topic
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-11-23T09:00:00Z")
    repo.commit("ratelimit: redesign\n\nCloses #19384", files={"lib/ratelimit.c": "x\n" * 40},
                author="Stefan Eissing <s@x.org>", when="2025-11-24T09:00:00Z")  # fmt: skip
    repo.commit("Quantize vit_b_16 tutorial - Part 1 (#60)", files={"tutorials/quantize_vit/run.py": "x\n" * 40},
                author="Christian Puhrsch <c@x.org>", when="2025-11-24T10:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-11-24"))
    assert "redesigned ratelimit" in text and "Redesign”" not in text, text
    assert "landed a tutorial on quantizing vit b 16, part one" in text, text


def test_r91_a_promise_of_nothing_named(make_repo: MakeRepo) -> None:
    """executorch 2024-04-30: "Will fix in later diffs." was told as what's next, its object in the sentence before."""
    body = ("1. Register aten operators in the vulkan partitioner.\n\nNote: Permute is not yet registered due to "
            "tensor movement issues with the Partial model. Will fix in later diffs.\n\nReviewed By: SS-JIA\n\nDifferential Revision: D56695929")
    assert not [p for p in promises(_change(make_repo, f"Add operators to Partitioner (#3407)\n\n{body}", {"backends/vulkan/p.py": "x\n"}))
                if p.startswith("Will fix")]  # fmt: skip


def test_r91_a_theme_counts_the_whole_day(make_repo: MakeRepo) -> None:
    """curl 2025-11-24's cold open said "Viktor Szakats landed eight other changes" of nothing told before."""
    repo = make_repo("whole-day")
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-11-23T09:00:00Z")
    for n, (title, path) in enumerate([("curl_fopen: use _sopen_s on Windows", "lib/curl_fopen.c"), ("file: use _sopen_s on Windows", "lib/file.c"),
                                       ("curlx: use strerror_s on Windows", "lib/curlx/strerr.c"), ("vquic: use _sopen_s on Windows", "lib/vquic/vquic.c"),
                                       ("tftpd: fix open mode on Windows", "tests/server/tftpd.c")]):  # fmt: skip
        repo.commit(f"{title}\n\nCloses #{19600 + n}", files={path: f"{n}\n" * 12}, author="Viktor Szakats <v@x.org>",
                    when=f"2025-11-24T0{n + 1}:00:00Z")  # fmt: skip
    repo.commit("tool: fix and tidy up open mode flags\n\nCloses #19700", files={"src/tool_cb.c": "t\n" * 300},
                author="Viktor Szakats <v@x.org>", when="2025-11-24T08:00:00Z")  # fmt: skip
    for n, (title, path) in enumerate([("cmake: add libbacktrace support", "CMakeLists.txt"), ("lib: rename share.h to curl_share.h", "lib/share.h"),
                                       ("content_encoding: drop a guard for brotli 1.0.0+", "lib/content_encoding.c")]):  # fmt: skip
        repo.commit(f"{title}\n\nCloses #{19800 + n}", files={path: f"{n}\n" * 8}, author="Viktor Szakats <v@x.org>",
                    when=f"2025-11-24T1{n}:00:00Z")  # fmt: skip
    repo.commit("ratelimit: redesign\n\nCloses #19384", files={"lib/ratelimit.c": "x\n" * 900},
                author="Stefan Eissing <s@x.org>", when="2025-11-24T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-11-24")
    opening = " ".join(s.text for s in narrate(plan).sentences[:2])
    assert not re.search(r"landed \w+ other changes", opening), opening


# ------------------------------------------------------------------------------------ round 84 (r92)


def test_r92_a_pulls_count_names_only_whose_patches_it_names(make_repo: MakeRepo) -> None:
    """u-boot 2026-01-08: "from the u-boot-mmc tree came three patches by Christoph Stoidner and Daniel
    Palmer": the third was Tanmay Kathpalia's revert, told apart as its own story."""
    repo = make_repo()
    repo.commit("Start", files={"drivers/mmc/core.c": "c\n" * 20}, when="2026-01-07T09:00:00Z")
    repo.commit("mmc: use max-frequency from device tree with default handling", files={"drivers/mmc/core.c": "d\n" * 25},
                author="Tanmay Kathpalia <t@x.org>", when="2026-01-07T10:00:00Z")  # fmt: skip
    repo.branch("pull")
    repo.commit("mmc: fix missing 1 ms delay after mmc power up", files={"drivers/mmc/mmc.c": "x\n" * 9},
                author="Christoph Stoidner <c@x.org>", when="2026-01-08T01:00:00Z", branch="pull")  # fmt: skip
    repo.commit("mmc: mmc_spi: select CRC16 if CRC checking is enabled", files={"drivers/mmc/Kconfig": "k\n" * 5},
                author="Daniel Palmer <d@x.org>", when="2026-01-08T02:00:00Z", branch="pull")  # fmt: skip
    repo.commit('Revert "mmc: use max-frequency from device tree with default handling"\n\nThis broke MMC on several boards.',
                files={"drivers/mmc/core.c": "c\n" * 20}, author="Tanmay Kathpalia <t@x.org>", when="2026-01-08T03:00:00Z", branch="pull")  # fmt: skip
    repo.merge("pull", "Merge tag 'u-boot-mmc-20260108' of https://source.denx.de/u-boot/custodians/u-boot-mmc",
               author="Tom Rini <r@x.org>", when="2026-01-08T10:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2026-01-08"))
    assert not re.search(r"three patches (?:by|from) Christoph Stoidner and Daniel Palmer", text), text


def test_r92_titles_doc_tags_folder_readmes_and_a_stopgaps_promise(make_repo: MakeRepo) -> None:
    """executorch 2026-05-07's title was cut to "… Before Unary Ops Which Works"; curl's "remove @param for
    err" was "removed @parameter for err"; torchtitan's "Update `torchtitan/models/README.md`" was "the
    README doc"; "This is an interim fix, as the follow up diffs will enable this flag …" named neither."""
    from commitcast.analyse.titles import _trim

    assert _trim("Adding More Generic Slice Propagation Before Unary Ops Which Works for Non-Contiguous Slices", 60) == (
        "Adding More Generic Slice Propagation Before Unary Ops")
    assert (deed_of("remove @param for err for xfer_recv_resp function.") or "").startswith("removed the doc comment's param line for err")
    assert plain_words("Update `torchtitan/models/README.md` to reflect current folder structure").startswith("Update the models README")
    assert plain_words("Update docs/README.md") == "Update the README doc"
    stopgap = _change(make_repo, "Update target.bzl to remove a comment (#19380)\n\nThis is an interim fix, as the follow up diffs "
                      "will enable this flag to sync internal states.\n\ncc @digantdesai", {"backends/arm/targets.bzl": "x\n"})  # fmt: skip
    assert promises(stopgap) == []


# ------------------------------------------------------------------------------------ round 85 (r93)


def test_r93_a_fronted_place_is_said_after_the_deed() -> None:
    """curl 2020-05-26: "hostip: On macOS avoid DoH when given a numerical IP address" was quoted twice, its
    deed behind the platform that opens it."""
    assert deed_of("On macOS avoid DoH when given a numerical IP address") == "avoided DoH on macOS when given a numerical IP address"
    assert deed_of("For Windows, use the native TLS") == "used the native TLS for Windows"
    assert deed_of("on the fly quantization") is None


def test_r92_a_fronted_condition_is_said_after_the_deed() -> None:
    """curl 2025-12-11: "curl_sasl: if redirected, require permission to use bearer" stopped a bearer token
    going out after a redirect, and was only counted among "one other change"."""
    assert deed_of("if redirected, require permission to use bearer") == "required permission to use bearer if redirected"
    assert deed_of("If this is, the thing") is None


def test_r93_lint_scopes_backends_infinitives_and_renames() -> None:
    """clippy 2022-06-04: "fix(manual_find_map and manual_filter_map): check clone method" was "added a check
    of clone method", heard as a new lint; curl 2020-05-26's "ngtcp2: cleanup memory when failing to connect"
    lost its backend ("to connect" was taken for a place); executorch's "llama2->llama renaming" was "the
    llama field renaming"; uv's "Parallelize resolver" was quoted."""
    from commitcast.text import scoped_deed, where_phrase

    assert scoped_deed("fix(manual_find_map and manual_filter_map): check clone method", "added a check of clone method") == (
        "made the manual find map and manual filter map lints check clone method")
    assert scoped_deed("fix(compiler): check clone method", "added a check of clone method") is None
    assert where_phrase("ngtcp2 backend", "cleaned up memory when failing to connect") == " in the ngtcp2 backend"
    assert where_phrase("lib", "moved the code to the library") == ""
    assert plain_words("Fix issue caused by llama2->llama renaming") == "Fix issue caused by llama2 to llama renaming"
    assert plain_words("fix gd->env_valid check") == "fix the env valid field check"
    assert deed_of("Parallelize resolver") == "parallelized resolver"


def test_r93_a_why_leans_on_no_other_pull_request_and_tools_speed_is_no_news(make_repo: MakeRepo) -> None:
    """uv #3627: "A related PR, <link>, found that adding yield_now calls improved throughput" was told as its
    upshot, and its "mixed, ~2%" figure without the "However, … 10-50%" after it; executorch #6225's "Before
    this PR" meant PyTorch's; clippy #8605 ("changelog: none") made its dev tool 3x faster, told as "runtimes
    got about three times faster"; "node will only save the quant info" was an upshot."""
    whys = _whys(make_repo, "Parallelize resolver", (
        "This PR introduces parallelism to the resolver.\n\nA related PR, https://github.com/astral-sh/uv/pull/1163, found that "
        "adding yield calls improved throughput.\n\nOn smaller tasks performance is mixed with ~2% improvements on both sides. "
        "However, on medium-large resolution tasks we see the benefits of parallelism, with improvements anywhere from 10-50%."))
    assert not [t for _, t in whys if "related PR" in t or ", ," in t], whys
    upstream = _whys(make_repo, "Observer fix", (
        "We noticed this change in PyTorch PR (https://github.com/pytorch/pytorch/commit/b8eef500). Before this PR, quantization "
        "spec only checks whether two qspecs were the same. For QNN lowering process, node will only save the quant info right after the node output."))
    assert not [t for _, t in upstream if "this PR" in t] and not [t for r, t in upstream if r == "effect"], upstream
    from commitcast.analyse.facts import extract_facts

    tool = _change(make_repo, "Auto merge of #8605 - Jarcho:remove-deps, r=xFrednet\n\nRemove deps\n\nIt compiles ~15s faster and runs "
                   "~3x faster (~2.1s -> ~0.7s locally).\n\nchangelog: none\n", {"clippy_dev/Cargo.toml": "x\n" * 9})  # fmt: skip
    assert not [f for f in extract_facts(tool) if f.kind in ("speedup", "runtime")], extract_facts(tool)
    mixed = _change(make_repo, "Parallelize resolver (#3627)\n\nOn smaller tasks performance is mixed with ~2% improvements on both "
                    "sides. However, on medium-large resolution tasks we see improvements anywhere from 10-50%.", {"crates/r.rs": "x\n" * 9})  # fmt: skip
    assert not [f for f in extract_facts(mixed) if "2%" in f.text or "2 %" in f.text], extract_facts(mixed)


# ------------------------------------------------------------------------------------ round 86 (r94)


def test_r94_a_revert_of_a_reland_undoes_it(make_repo: MakeRepo) -> None:
    """ao 2025-10-15: 'Revert "[Reland][CPU] Add ops for float8 linear"' (−890 lines) was "the change … is back,
    relanded by Vasiliy Kuznetsov"."""
    change = _change(make_repo, 'Revert "[Reland][CPU] Add ops for float8 linear" (#3179)\n\nRevert "[Reland][CPU] Add ops for float8 linear (#3100)"\n\n'
                     "This reverts commit 29f67586258b472468f73454d0ad19e7242cf6db.", {"torchao/csrc/cpu/float8_linear.cpp": "x\n"})  # fmt: skip
    kinds = classify(change, parse_subject(change.title)).kinds
    assert "revert" in kinds and "reland" not in kinds, kinds


def test_r94_a_roll_ups_count_is_its_pull_requests(make_repo: MakeRepo) -> None:
    """clippy 2020-04-08: "Rollup of 11 pull requests" was told as twelve (its builder's "Run fmt and update
    test" counted as one) and "in docs" by two of them."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2020-04-07T09:00:00Z")
    repo.branch("rollup")
    for n in range(4):
        repo.branch(f"pr{n}", at=repo.tip("rollup"))
        path = "docs/links.md" if n == 0 else f"clippy_lints/src/l{n}.rs"
        repo.commit(f"Downgrade lint {n} to pedantic", files={path: f"{n}\n" * 9}, author=f"Dev {n} <d{n}@x.org>",
                    when=f"2020-04-08T0{n + 1}:00:00Z", branch=f"pr{n}")  # fmt: skip
        repo.merge(f"pr{n}", f"Rollup merge of #54{n}0 - dev{n}:lint{n}, r=flip1995\n\nDowngrade lint {n} to pedantic", into="rollup",
                   author="Philipp Krones <p@x.org>", when=f"2020-04-08T0{n + 1}:30:00Z")  # fmt: skip
    repo.commit("Run fmt and update test", files={"tests/ui/l.stderr": "s\n" * 3}, author="flip1995 <p@x.org>",
                when="2020-04-08T06:00:00Z", branch="rollup")  # fmt: skip
    repo.merge("rollup", "Auto merge of #5438 - flip1995:rollup-pi762oy, r=flip1995\n\nRollup of 4 pull requests",
               author="bors <bors@rust-lang.org>", when="2020-04-08T07:00:00Z")  # fmt: skip
    plan = _plan(repo, "2020-04-08")
    text = plan.title + plan.summary + _text(plan)
    assert "five pull requests" not in text and "5 pull requests" not in text and "5 Pull Requests" not in text, text
    assert re.search(r"(?i)\b(?:4|four) pull requests\b", text) and "in docs" not in plan.summary, text


def test_r94_statements_settings_markers_and_leaning_sentences(make_repo: MakeRepo) -> None:
    """uv's "Running `uv lock --check` with outdated lockfile will print …" was "ran the check option"; u-boot's
    "pylibfdt: setup.py: Drop license_files" "dropped license files"; curl's "unit3205: drop `NOLINT`" "dropped
    the NOLINT test"; curl #7731's "That change moved …" was 3cb8a748's; clippy #5429's "So the next step is
    naturally to make the linter recommend …" was its own reason, told as what's next."""
    from commitcast.analyse.whats_next import promises

    assert deed_of("Running `uv lock --check` with outdated lockfile will print that `--check` was passed") is None
    assert deed_of("Adding a helper that will be used later") == "added a helper that will be used later"
    from commitcast.text import deed_of_title

    stated = "Running `uv lock --check` with outdated lockfile will print that `--check` was passed, instead of `--locked`"
    assert (deed_of_title(f"{stated} (#16322)", stated) or "").startswith("fixed a case where running the check option of uv lock")
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-08-06T09:00:00Z")
    repo.commit("pylibfdt: setup.py: Drop license_files", files={"scripts/dtc/pylibfdt/setup.py": "x\n" * 9},
                author="Tom Rini <t@x.org>", when="2025-08-07T09:00:00Z")  # fmt: skip
    repo.commit("unit3205: drop `NOLINT`\n\nCloses #20820", files={"tests/unit/unit3205.c": "y\n" * 9},
                author="Viktor Szakats <v@x.org>", when="2025-08-07T10:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-08-07"))
    assert "the license files setting" in text and "NOLINT test" not in text, text
    leaning = _whys(make_repo, "Curl_http2_setup: don't change connection data on repeat invokes", (
        "Regression from 3cb8a748670ab88c (released in 7.79.0). That change moved transfer oriented inits to before the "
        "check but also erroneously moved a few connection oriented ones, which causes problems."))
    assert not [t for _, t in leaning if t.startswith("That change")], leaning
    own = _change(make_repo, "Use assoc int and float consts (#5429)\n\nSo the next step is naturally to make the linter "
                  "recommend the new constants as well.\n\nThis PR only changes two lints.", {"clippy_lints/src/a.rs": "x\n"})  # fmt: skip
    assert promises(own) == []


# ------------------------------------------------------------------------------------ round 87 (r95)


def test_r95_parts_checks_floating_point_settings_and_named_troubles() -> None:
    """u-boot 2025-10-20's two series "Add support for secure falcon mode: disable fallback" and "…: disable args
    file" were both "added support for secure falcon mode"; "correctly check if HTTP protocol is found" was
    "correctly added a check"; executorch's "FP dtypes" were "false positive dtypes"; curl's "set with
    CURL_SSL_BACKEND" was "the curl SSL backend"; "cmake flatcc build issue" was "landed"."""
    from commitcast.text import noun_phrase

    fallback, args = (deed_of(f"Add support for secure falcon mode: disable {what}") for what in ("fallback", "args file"))
    assert fallback != args and fallback is not None and fallback.startswith("added support for secure falcon mode, and with it disabled")
    assert deed_of("correctly check if HTTP protocol is found") == "fixed the check if HTTP protocol is found"
    assert "false positive" not in (deed_of("Do not delegate casting to FP dtypes with BI profile") or "")
    assert plain_words("make BearSSL possible to set with CURL_SSL_BACKEND").endswith("the curl SSL backend setting")
    assert noun_phrase("cmake flatcc build issue") is not None
    from commitcast.write.stories import _A_BUG

    assert _A_BUG.search("a cmake flatcc build issue") and not _A_BUG.search("a new build flag")


# ------------------------------------------------------------------------------------ round 88 (r96)


def test_r96_a_revert_of_a_revert_brings_back_the_first_and_a_deprecation_is_announced(make_repo: MakeRepo) -> None:
    """ao 2026-07-17: 'Revert "Revert "pt2e: preserve mutable buffer inputs during prepare""' was "The change that
    reverted 'Revert 'pt2e is back"; curl's "docs/DEPRECATE: remove NPN support in August 2022" was "removed NPN
    support in August 2022", a removal announced for later."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-07-16T09:00:00Z")
    repo.commit('Revert "Revert "pt2e: preserve mutable buffer inputs during prepare"" (#4564)', files={"torchao/quantization/pt2e/prepare.py": "x\n" * 20},
                author="Tom Allsop <t@x.org>", when="2026-07-17T09:00:00Z")  # fmt: skip
    repo.commit("docs/DEPRECATE: remove NPN support in August 2022\n\nCloses #8545", files={"docs/DEPRECATE.md": "d\n" * 20},
                author="Daniel Stenberg <d@x.org>", when="2026-07-17T10:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2026-07-17"))
    assert "preserved mutable buffer inputs during prepare" in text and "'Revert 'pt2e" not in text, text
    assert "announced plans to remove NPN support in August 2022" in text, text


def test_r96_a_squashes_tidy_last_step_is_no_account_of_it() -> None:
    """ao #4069's squash of FP8 kernel work ended "* Skip … on ROCm"; "What changed" told that skip."""
    from commitcast.analyse.why import own_words
    from commitcast.text.measures import facts_from_text

    body = ("* Add fused FP8 rowwise scale+cast Triton kernel\n\nAdds a fused Triton kernel.\n\n"
            "* Fix ruff formatting\n\nNo logic change.\n\n* Skip the tests on ROCm\n\nThis adds a module-level pytest.skip for ROCm.\n")
    assert own_words(body) == ""
    (fact,) = [f for f in facts_from_text(["With fused kernel: 2,153 TPS (~15% improvement)."], "a" * 40) if "15" in f.text]
    assert "( " not in fact.text and " )" not in fact.text, fact.text


# ------------------------------------------------------------------------------------ round 89 (r97)


def test_r97_aliases_list_endings_and_series_marks(make_repo: MakeRepo) -> None:
    """clippy 2024-11-25: "Kampfkarren" and "boyned//Kampfkarren" on one pull request were counted as two
    people; uv's "I think the next steps are to" (its list after it) was quoted as what's next; u-boot's
    "Bug-fixes for a few boards (reduced series)" read its version mark aloud."""
    from commitcast.model import Person
    from commitcast.text.identities import People

    one, other = Person("Kampfkarren", "k@x.org"), Person("boyned//Kampfkarren", "b@x.org")
    together = People.of([one, other], [[one, other]])
    assert together.name(one) == together.name(other)
    assert People.of([one, Person("boyned", "d@x.org")]).name(one) == "Kampfkarren"  # apart, no alias joins them
    listed = _change(make_repo, "Add a troubleshooting guide (#10748)\n\nI think the next steps are to\n\n- Move the build failures document\n"
                     "- Add more documentation on how to create an MRE\n", {"docs/guide.md": "x\n"})  # fmt: skip
    assert promises(listed) == []
    assert deed_of("Fix a few boards (reduced series)") == "fixed a few boards"


def test_final_check_issue_fix_titles_and_diff_ids_in_reasons(make_repo: MakeRepo) -> None:
    """executorch 2025-09-17 (hand check): "Qualcomm AI Engine Direct - issue fix #2" was quoted as “Issue”, and a
    revert's reason read out an internal diff's id ("failing internal tests here: D82596569, causing …")."""
    from commitcast.text.clean import clean_reason

    assert clean_reason("not landed internally and failing internal tests here: D82596569, causing fix-up patch.") == (
        "not landed internally and failing internal tests here, causing fix-up patch")
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-09-16T09:00:00Z")
    repo.commit("Qualcomm AI Engine Direct - issue fix #2 (#14378)", files={"backends/qualcomm/builders/op.py": "x\n" * 40},
                author="haowhsu-quic <h@x.org>", when="2025-09-17T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-09-17"))
    assert "“Issue”" not in text and "landed a fix" in text, text


# ------------------------------------------------------------------------------------ round 90 (r98)


def test_r98_a_promise_of_a_pronoun_is_none(make_repo: MakeRepo) -> None:
    """torchtitan 2025-03-31: "This will be addressed in the collator where we will pad the image tiles" (a collator the
    same commit adds) and executorch's "we'll pick it up next time" were told as what's next."""
    for body in ("Images differ in size. This will be addressed in the collator where we will pad the image tiles to the largest in the batch.",
                 "Updated the README for the beta. We don't have a release right now, so we'll pick it up next time."):
        assert promises(_change(make_repo, f"Add a multimodal loader (#1)\n\n{body}", {"torchtitan/data/loader.py": "x\n"})) == []
    kept = _change(make_repo, "Add a loader (#2)\n\nPacking samples will be added in a follow-up PR.", {"torchtitan/data/l.py": "x\n"})
    assert promises(kept) != []


# ------------------------------------------------------------------------------------ round 91 (r99)


def test_r99_a_persons_day_title_and_a_json_file(make_repo: MakeRepo) -> None:
    """uv 2025-02-22: "uv: A Change from Charlie Marsh" of his six changes that day was heard as the only one;
    pip's "Ignore invalid origin.json in wheel cache" was "origin config", a file that records a wheel's source."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-02-21T09:00:00Z")
    repo.commit("Respect in-flight requests in source tree and lookahead resolver (#11651)", files={"r.rs": "x\n" * 40},
                author="Charlie Marsh <c@x.org>", when="2025-02-22T09:00:00Z")  # fmt: skip
    for n in range(3):
        repo.commit(f"Add docs page {n} (#1170{n})", files={f"docs/p{n}.md": f"{n}\n" * 3}, author="Charlie Marsh <c@x.org>",
                    when=f"2025-02-22T1{n}:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-02-22")
    assert plan.title == "Demo: Charlie Marsh's Day", plan.title
    assert plain_words("Ignore invalid origin.json in wheel cache") == "Ignore invalid origin JSON file in wheel cache"


def test_r99_a_maintainers_grab_bag_branch_is_no_series(make_repo: MakeRepo) -> None:
    """u-boot 2024-07-05: "Merge branch '2024-07-05-assorted-updates'" (ten patches from nine people) was told as its
    first patch, "Marjolaine Amate removed duplicate newlines. It arrived as one series of ten patches"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-07-04T09:00:00Z")
    repo.branch("2024-07-05-assorted-updates")
    for n, (who, title) in enumerate([("Marek Vasut <m@x.org>", "configs: Remove duplicate newlines"),
                                      ("Marjolaine Amate <j@x.org>", "e1000: add support for i226"),
                                      ("Maxim Moskalets <x@x.org>", "cmd: bootm: add ELF file support")]):  # fmt: skip
        repo.commit(title, files={f"f{n}.c": f"{n}\n" * 9}, author=who, when=f"2024-07-05T0{n + 1}:00:00Z", branch="2024-07-05-assorted-updates")
    repo.merge("2024-07-05-assorted-updates", "Merge branch '2024-07-05-assorted-updates'", author="Tom Rini <t@x.org>",
               when="2024-07-05T10:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2024-07-05"))
    assert "Tom Rini merged a branch of assorted updates" in text and "series" not in text, text


# ------------------------------------------------------------------------------------ round 92 (r100)


def test_r100_a_described_call_and_a_should_fix_release_item() -> None:
    """vue 3.0.0-alpha.4: "remove implicit reactive() call on renderContext" was "removed the implicit the reactive
    call", and its release's "fix(runtime-core): instance should not expose non-declared props" was "a fix, to instance
    should not expose …"; uv 0.1.7's "Add support for `>dev` specifier" was read as an order."""
    from commitcast.write.stories import _said_item

    assert plain_words("remove implicit reactive() call on renderContext") == "remove implicit reactive call on render context"
    assert _said_item("fix(runtime-core): instance should not expose non-declared props") == (
        "a fix so that instance will not expose non-declared props")
    assert _said_item("fix(v-model/emit): update:camelCase events should trigger kebab case equivalent").startswith(
        "a fix so that update camel case events will trigger")
    assert _said_item("Add support for `>dev` specifier") == "added support for >dev specifier"


def test_r100_a_squashed_steps_figure_is_no_effect_and_about_is_kept(make_repo: MakeRepo) -> None:
    """ao 2026-07-23: "By the numbers, two times faster" came from one squashed commit's title ("* FlyDSL 32x1:
    multi-wave workgroups for ~2x speedup") of a pull request whose own results were 1.19x and 1.5x."""
    from commitcast.analyse.facts import extract_facts
    from commitcast.text import facts_from_text
    from commitcast.write.stories import fact_phrase

    body = ("* [mxfp8] add FlyDSL 2D quantize kernel for AMD\n\n* [mxfp8] FlyDSL 32x1: multi-wave workgroups for ~2x speedup\n\n"
            "* [mxfp8] register FlyDSL kernels in dispatcher\n\n* [mxfp8] consolidate tests\n")
    change = _change(make_repo, f"Flydsl mxfp8 quantize (#4357)\n\n{body}", {"torchao/prototype/k.py": "x\n" * 40})
    (fact,) = [f for f in extract_facts(change) if f.kind == "speedup"]
    assert fact.compares == "step" and fact.strength == "weak"
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-07-22T09:00:00Z")
    repo.commit(f"Flydsl mxfp8 quantize (#4357)\n\n{body}", files={"torchao/prototype/k.py": "x\n" * 400},
                author="Zachary Streeter <z@x.org>", when="2026-07-23T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2026-07-23"))
    assert "faster" not in text, text
    (hedged,) = facts_from_text(["This gives a ~3x speedup on H100"], "abc", 1)
    assert fact_phrase(hedged) == "about three times faster on H100"


def test_r100_a_revert_reason_is_no_plan_and_is_cut_at_because(make_repo: MakeRepo) -> None:
    """executorch #18847's "We should scan xvalues to find num_externs …" was told as why the change was reverted (it
    is the fix to come); uv #20961's long reason was cut at "does not support the…"."""
    from commitcast.analyse.reverts import revert_reason
    from commitcast.text.clean import clean_reason

    change = _change(make_repo, "Revert xnnpack runtime check (#18847)\n\nInternal failures on: https://x.org/pull/18799\n\n"
                     "`num_externs <= num_values` is not the right check. We should scan xvalues to find the externs and use "
                     "that, provided they are valid.\nWill put up separate PR for the change.\n", {"backends/xnnpack/runtime/r.cpp": "x\n"})  # fmt: skip
    assert revert_reason(change) is None
    long = ("the Windows NanoServer integration test added in #18712 is failing on main because NanoServer does not support "
            "the Windows resource-update APIs used to build Python launchers")
    assert clean_reason(long) == "the Windows NanoServer integration test added in #18712 is failing on main"


def test_r100_a_bulk_data_file_and_two_spellings_of_one_area(make_repo: MakeRepo) -> None:
    """uv #1758's size was "about 3,000 lines in", 3,880 of its 3,900 lines a regenerated versions.json; executorch
    #16233 "Cortex-M: Add depthwise conv2d operator" lost its place ("Cortex M" and the folder's "Cortex-M" both went)."""
    from commitcast.analyse.annotate import code_lines, left_out_lines

    change = _change(make_repo, "Add musl to python bootstrapping script (#1758)",
                     {"scripts/bootstrap/versions.json": "{}\n" * 2000, "scripts/bootstrap/install.py": "x\n" * 20})  # fmt: skip
    assert code_lines(change, "added") == 20 and left_out_lines(change) == {"data files": 2000}
    change = _change(make_repo, "Cortex-M: Add depthwise conv2d operator (#16233)",
                     {"backends/cortex_m/ops/op_depthwise.cpp": "x\n" * 200, "backends/cortex_m/CMakeLists.txt": "y\n"})  # fmt: skip
    item = annotate(change, 0, AreaResolver())
    assert item.areas and item.areas[0].replace("-", " ") == "Cortex M", item.areas


def test_r100_an_overhead_in_the_noise_is_no_figure_and_an_owned_swap(make_repo: MakeRepo) -> None:
    """uv #20963 "Preserve cache compatibility …" measured a cost ("ranged from 6% slower to 2% faster, with
    substantial run-to-run variation") and was told "Performance-wise"; uv's "GitHub Actions workflow, parallel ->
    sequential" was "switched from GitHub Actions workflow, parallel to sequential"."""
    from commitcast.analyse.facts import extract_facts

    change = _change(make_repo, "Preserve cache compatibility when recording artifact sizes (#20963)\n\nSerialize both records "
                     "as maps instead.\n\nA cached reinstall was about 1% slower; repeated fresh-cache runs ranged from 6% slower "
                     "to 2% faster, with substantial run-to-run variation and no consistent end-to-end slowdown.\n",
                     {"crates/uv-cache/src/lib.rs": "x\n" * 30})  # fmt: skip
    assert [f for f in extract_facts(change) if f.kind == "percent"] == []
    assert deed_of("GitHub Actions workflow, parallel -> sequential") == "switched the GitHub Actions workflow from parallel to sequential"


def test_r100_a_pull_tells_the_work_of_who_wrote_most_of_it(make_repo: MakeRepo) -> None:
    """u-boot 2025-06-03: the snapdragon pull's "In the mix" told two one-patch authors' work and none of the nine
    patches Stephan Gerhold wrote."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-06-02T09:00:00Z")
    repo.branch("qcom")
    patches = [("Stephan Gerhold <s@x.org>", f"clk: qcom: apq8016: Fix SDCC clock warning {n}", 4) for n in range(4)] + [
        ("Rui Miguel Silva <r@x.org>", "power: qcom_vbus_regulator: add and fix support for pmic variants", 37),
        ("Sumit Garg <g@x.org>", "mach-snapdragon: Update fdtfile logic to work for RB1 and RB2", 63)]
    for n, (who, title, lines) in enumerate(patches):
        repo.commit(title, files={f"drivers/f{n}.c": f"{n}\n" * lines}, author=who, when=f"2025-06-03T0{n + 1}:00:00Z", branch="qcom")
    repo.merge("qcom", "Merge tag 'qcom-more-for-2025.07' of https://source.denx.de/u-boot/custodians/u-boot-snapdragon",
               author="Tom Rini <t@x.org>", when="2025-06-03T10:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2025-06-03"))
    assert "Stephan Gerhold fixed" in text, text


# ------------------------------------------------------------------------------------ round 93 (r101)


def test_r101_titles_said_as_what_they_did() -> None:
    """torchtitan's "Pythonify next_batch" was "landed a pythonify next batch"; executorch's "Plumbing for Arm Example
    Runner …" was "plumbed for …"; pip's "Skip adding a duplicated consumer to pip's logger" was heard as the author's
    skip; uv's "requirements.txt files" were "the requirements file files" and "Small `lock.rs` improvements" "small
    the lock file improvements"; curl's "CURLOPT_CLOSESOCKET*" was "the curlopt closesocket option*"."""
    assert deed_of("Pythonify next_batch") == "pythonified next batch"
    assert deed_of("Plumbing for Arm Example Runner to use Zephyr Toolchain") == "added plumbing for Arm Example Runner to use Zephyr Toolchain"
    assert deed_of("Skip adding a duplicated consumer to pip's logger") == "made it skip adding a duplicated consumer to pip's logger"
    assert deed_of("Skip flaky test on Windows") == "skipped flaky test on Windows"
    assert deed_of("Allow local index references in requirements.txt files") == "allowed local index references in requirements files"
    assert plain_words("Small `lock.rs` improvements") == "Small lock file improvements"
    assert plain_words("CURLOPT_CLOSESOCKET*: add warning about lifetime").startswith("the curlopt closesocket options: ")


def test_r101_a_stated_failure_is_a_fix_and_a_caveat_is_no_why(make_repo: MakeRepo) -> None:
    """executorch #4435 "FileDataLoader fails to read the file when size > INT32_MAX" (files over 2 GB failed on macOS)
    was "one change from Gyanendra Sinha"; curl b9f8b908c's caveat "The distinction between -I and -isystem is also
    missing from target properties" was told as what its author wrote of the change; uv's "non-file:// paths" were
    "non-file paths", heard as the reverse."""
    change = _change(make_repo, "FileDataLoader fails to read the file when size > INT32_MAX (#4435)\n\nOn macOS, read fails "
                     "with EINVAL if the size exceeds INT32_MAX.", {"extension/data_loader/file_data_loader.cpp": "x\n" * 9})  # fmt: skip
    assert "fix" in classify(change, parse_subject(change.title)).kinds
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-07-28T09:00:00Z")
    repo.commit("FileDataLoader fails to read the file when size > INT32_MAX (#4435)", files={"extension/loader.cpp": "x\n" * 9},
                author="Gyanendra Sinha <g@x.org>", when="2024-07-29T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2024-07-29"))
    assert "fixed a case where FileDataLoader fails to read the file when size is greater than" in text, text
    whys = _whys(make_repo, "cmake: tidy up the clang-tidy target", "Simplify gathering header directories recursively.\n\n"
                 "Note that the order of header directories remains different. The distinction between -I and -isystem is "
                 "also missing from target properties.")  # fmt: skip
    assert not any("also missing" in text or "remains different" in text for _, text in whys), whys
    assert deed_of("Allow non-`file://` paths to serve as `--index-url` values") == (
        "allowed paths without a file URL scheme to serve as the index-url option values")


# ------------------------------------------------------------------------------------ round 94 (r102)


def test_r102_a_small_product_fix_is_told_before_housekeeping(make_repo: MakeRepo) -> None:
    """curl 2023-09-25: "multi: fix small timeouts" (two lines) was counted among "two other changes" while two removed
    functions and a CI job were told; executorch's "Fixed bug for 16a4w ptq" (--ptq 16a4w quantized as 16a16w) had no
    deed and was tallied too."""
    assert deed_of("Fixed bug for 16a4w ptq") == "fixed a bug for 16a4w ptq"
    assert deed_of("Fixed seed for tests") is None
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2023-09-24T09:00:00Z")
    repo.commit("http: h1/h2 proxy unification", files={"lib/http_proxy.c": "x\n" * 400}, author="Stefan Eissing <s@x.org>",
                when="2023-09-25T08:00:00Z")  # fmt: skip
    chores = ["GHA/linux: run singleuse to detect single-use functions", "warnless: remove unused functions",
              "multi: remove Curl_multi_dump", "configure: sort AC_CHECK_FUNCS", "sendf: rename the writer helpers",
              "cookie: move the parser into its own file", "hostip: reorder the cache code", "escape: drop an old comment"]
    for n, title in enumerate(chores):
        repo.commit(title, files={f"lib/f{n}.c": f"{n}\n" * (90 - n)}, author=f"Dev {n} <d{n}@x.org>", when=f"2023-09-25T1{n}:00:00Z")
    repo.commit("multi: fix small timeouts\n\nTimeouts which expire in less than 1ms were removed from the list.",
                files={"lib/multi.c": "y\n" * 2}, author="Loïc Yhuel <l@x.org>", when="2023-09-25T20:00:00Z")  # fmt: skip
    plan = _plan(repo, "2023-09-25")
    text = _text(plan)
    assert "Loïc Yhuel fixed small timeouts" in text, text


def test_r102_figures_said_of_what_they_measure(make_repo: MakeRepo) -> None:
    """executorch 2026-03-23: "128x less memory traffic" was "128x smaller", and "64ms -> 4ms per step", one of five
    listed optimisations, was "runtime … sixteen times faster" of the whole change (its own decode figure was 4.7x)."""
    from commitcast.analyse.facts import extract_facts
    from commitcast.analyse.headlines import effect_phrase
    from commitcast.text import facts_from_text

    assert effect_phrase(facts_from_text(["Only 8 experts are loaded (128x less memory traffic vs the old approach)."], "a", 1)) == (
        "128x less memory traffic")
    body = ("Apply 3 optimizations:\n\n1. Fuse SiLU into the GEMM, saving a launch per layer.\n\n2. Fuse QKV projections into "
            "one.\n\n3. Replace F.conv1d with a manual conv.\n   Eliminates 81.8% of decode time (64ms -> 4ms per step).\n")
    change = _change(make_repo, f"Fuse projections to reduce kernel launches (#18392)\n\n{body}", {"examples/qwen/model.py": "x\n" * 40})
    assert all(f.compares == "step" for f in extract_facts(change) if f.kind in ("runtime", "speedup", "percent")), extract_facts(change)
    results = _change(make_repo, "Speed up decode (#7)\n\nResults:\n\n- decode is 2x faster\n- prefill is 1.5x faster\n- memory is flat\n",
                      {"examples/qwen/model.py": "y\n" * 40})  # fmt: skip
    assert any(f.compares == "change" for f in extract_facts(results))


def test_r102_a_formatter_co_author_a_described_pair_and_an_untold_promise(make_repo: MakeRepo) -> None:
    """ao f8f985af's "Co-authored-by: Ruff Auto-fixes" was counted as a fifth person; executorch's "(de)quantize" was
    read "de the quantize"; a promise of a change only counted in the tally ("in a follow-up change") was heard as the
    promise of the one change of its author the episode named."""
    from commitcast.text.names import is_bot_name

    assert is_bot_name("Ruff Auto-fixes") and not is_bot_name("Max Fix")
    assert deed_of("[ET-VK] Re-implement (de)quantize_per_tensor.default") == (
        "re-implemented the quantize per tensor operator and the dequantize per tensor operator")
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-03-22T09:00:00Z")
    repo.commit("Add LoRA support to StaticAttention (#1)", files={"examples/llama/attention.py": "x\n" * 300},
                author="lucylq <l@x.org>", when="2026-03-23T08:00:00Z")  # fmt: skip
    for n in range(9):
        repo.commit(f"Arm backend: add operator {n} support (#1{n})", files={f"backends/arm/op{n}.py": f"{n}\n" * (200 - n)},
                    author=f"Dev {n} <d{n}@x.org>", when=f"2026-03-23T1{n}:00:00Z")  # fmt: skip
    repo.commit("Refactor coreml export script (#30)\n\nThis enables applying the same transformations to multiple models in a "
                "follow-up change.", files={"examples/apple/coreml/export.py": "z\n" * 3}, author="lucylq <l@x.org>",
                when="2026-03-23T20:00:00Z")  # fmt: skip
    plan = _plan(repo, "2026-03-23")
    text = _text(plan)
    assert [i.sha for i in plan.whats_next] and "coreml export" not in text.lower()  # promised, counted, not told
    assert "follow-up change" not in text, text


def test_r102_a_few_data_lines_are_counted_in(make_repo: MakeRepo) -> None:
    """uv 2024-07-16: "about 220 out" left 13 lines of a generated uv.schema.json out of 233 without saying so; lines
    too few to say apart are counted in, and only enough to say are left out."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n", "uv.schema.json": "s\n" * 20, "docs/ref.md": "d\n" * 300}, when="2024-07-15T09:00:00Z")
    repo.commit("Add reference documentation for resolver settings (#5050)", files={"docs/ref.md": "n\n" * 500, "uv.schema.json": "s\n" * 7},
                author="Charlie Marsh <c@x.org>", when="2024-07-16T09:00:00Z")  # fmt: skip
    (story,) = _plan(repo, "2024-07-16").stories
    assert (story.lines_added, story.lines_deleted, story.lines_left_out) == (500, 313, 0), story


# ------------------------------------------------------------------------------------ round 95 (r103)


def test_r103_titles_said_as_what_they_did() -> None:
    """clippy's "fix: ICE when array index exceeds usize" was "granddaifuku iced …"; u-boot's "eth: asix88179: reset
    during probe" was "Caleb Connolly reset during probe"; "add tambarus as reviewer" was "added a tambarus"; curl's
    "*printf() flag mistakes" was "*the printf function flag mistakes"; uv's "docs: add missing `console` highlights"
    was "documented missing console highlights"; pip's "Precise type of …" was "precised"."""
    from commitcast.text import docs_deed

    assert deed_of("fix: ICE when array index exceeds usize") == "fixed an internal compiler error when array index exceeds usize"
    assert deed_of("eth: asix88179: reset during probe") == "made it reset during probe"
    assert deed_of("MAINTAINERS: add tambarus as reviewer for SPI NOR") == "added tambarus as a reviewer for SPI NOR"
    assert deed_of("fix a few *printf() flag mistakes") == "fixed a few printf-family function flag mistakes"
    assert docs_deed("added missing console highlights") == "added missing console highlights"
    assert deed_of("Precise type of on_returncode argument") == "made type of on returncode argument more precise"


def test_r103_a_lint_named_by_its_scope_a_dropped_idea_and_no_hf_place(make_repo: MakeRepo) -> None:
    """clippy's "feat(manual_assert_eq): new lint" was "added a new lint in manual assert eq", hiding its name; curl's
    'TODO: remove "Support intermediate & root pinning …"' was heard as a feature removed; torchtitan's "[HF] …" was
    "in HF"; executorch's follow-up titled as the headline was told again as an update."""
    from commitcast.text import scoped_deed

    assert scoped_deed("feat(manual_assert_eq): new lint (#16025)", "added a new lint") == "added a new lint, manual assert eq"
    assert tag_area("HF") is None
    assert parse_subject('TODO: remove "Support intermediate & root pinning for PINNEDPUBLICKEY"').topic.startswith("Drop the to-do idea")
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-11-27T09:00:00Z")
    repo.commit("Update Ethos-U compiler Vela to 4.1.0 (#7000)\n\nThis fixes a code generation problem.",
                files={"backends/arm/requirements.txt": "vela==4.1.0\n", "backends/arm/vela.py": "x\n" * 300},
                author="Zingo Andersen <z@x.org>", when="2024-11-28T09:00:00Z")  # fmt: skip
    repo.commit("Update Ethos-U compiler Vela to 4.1.0", files={"backends/arm/test/test_vela.py": "y\n" * 3},
                author="Zingo Andersen <z@x.org>", when="2024-11-28T10:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2024-11-28"))
    assert text.count("updated Ethos-U compiler Vela to 4.1.0") == 1 and "one test change" in text, text


def test_r103_a_reviewer_added_to_maintainers_is_said_as_one(make_repo: MakeRepo) -> None:
    """u-boot 0c89e1b5ba "MAINTAINERS: add tambarus as reviewer for SPI NOR" was "added the MAINTAINERS entries for a
    tambarus as reviewer": one line naming its author's own login a reviewer."""
    repo = make_repo()
    repo.commit("Start", files={"MAINTAINERS": "x\n"}, when="2024-10-29T09:00:00Z")
    repo.commit("MAINTAINERS: add tambarus as reviewer for SPI NOR", files={"MAINTAINERS": "x\nR: tambarus\n"},
                author="Tudor Ambarus <t@x.org>", when="2024-10-30T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2024-10-30"))
    assert "Tudor Ambarus added tambarus as a reviewer for SPI NOR" in text, text


# ------------------------------------------------------------------------------------ round 96 (r104)


def test_r104_a_described_call_takes_no_article() -> None:
    """executorch 2025-02-10: "Fix flaky rand() tests" was "fixed flaky the rand function tests"."""
    assert plain_words("Fix flaky rand() tests") == "Fix flaky rand function tests"
    assert plain_words("Slow parse() on Windows") == "Slow the parse function on Windows"
    assert plain_words("make foo() faster") == "make the foo function faster"


def test_r104_names_links_and_counts_said_as_heard() -> None:
    """pip's "Refactor should_use_ephemeral_cache" was heard as advice ("refactored should use ephemeral cache"); uv
    #15124's "The regression is from [this change](…/pull/7934)" was heard as the change told; vue's "init devtools
    after feature flag checks" was "fixed init devtools …"; "+965" was "about 960"."""
    from commitcast.text import prose_sentences
    from commitcast.text.phrasing import rounded_count

    assert deed_of("Refactor should_use_ephemeral_cache") == "refactored the should use ephemeral cache function"
    assert plain_words("set use_pep517 to True") == "set use pep517 to True"
    assert prose_sentences("The regression is from [this change](https://github.com/astral-sh/uv/pull/7934), which was made "
                           "because we would otherwise filter them out.") == [
        "The regression is from an earlier change, which was made because we would otherwise filter them out."]
    # (the real message's link ran over two lines, with a "/files#diff-…" anchor)
    assert prose_sentences("The regression is from [this\nchange](https://github.com/astral-sh/uv/pull/7934/files#diff-c7a6"
                           "60ac39628d5e12f388b0cacc7360affa3d7bb21191184d7ee78489675e83), which was made earlier.") == [
        "The regression is from an earlier change, which was made earlier."]
    assert deed_of("fix: init devtools after feature flag checks") == "initialized devtools after feature flag checks"
    assert (rounded_count(965), rounded_count(9374), rounded_count(1900)) == ("about 970", "about 9,400", "1,900")


def test_r104_a_runtime_name_and_a_generic_reference() -> None:
    """uv's "Usage of a deprecated Node.js version" was "a deprecated Node file version"; clippy's "Don't lint
    `ptr_arg` for `&mut _` types in trait items" lost what it exempts ("for _ types")."""
    assert plain_words("Usage of a deprecated Node.js version") == "Usage of a deprecated Node.js version"
    assert plain_words("update app.js") == "update the app file"
    assert deed_of("Don't lint `ptr_arg` for `&mut _` types in trait items") == (
        "stopped linting ptr arg for mutable reference types in trait items")


def test_r104_an_entry_added_to_a_reference_is_docs(make_repo: MakeRepo) -> None:
    """uv #8543 'Add `tool.uv.sources` to the "Settings" reference' (its generator and the page) was summed up as
    "a new feature"."""
    change = _change(make_repo, 'Add `tool.uv.sources` to the "Settings" reference (#8543)',
                     {"crates/uv-dev/src/generate_json_schema.rs": "x\n" * 30, "docs/reference/settings.md": "y\n" * 26})  # fmt: skip
    kinds = classify(change, parse_subject(change.title)).kinds
    assert "feature" not in kinds and "docs" in kinds, kinds


# ------------------------------------------------------------------------------------ round 97 (r105)


def test_r105_a_named_bug_is_fixed_and_a_folder_is_one_place(make_repo: MakeRepo) -> None:
    """executorch #16797 "Stack buffer overflow in prepare_input_tensors() due to unchecked memcpy size" was "lucylq
    stacked buffer overflow …"; #16919's "CUDA guard to aoti/slim/cuda" was "to aoti, slim and cuda"."""
    assert deed_of("Stack buffer overflow in prepare_input_tensors() due to unchecked memcpy size") == (
        "fixed a stack buffer overflow in the prepare input tensors function due to unchecked memcpy size")
    assert deed_of("Use-after-free in the loader") == "fixed a use-after-free in the loader"
    change = _change(make_repo, "Out of bounds heap write due to an incorrect bounds check (#16887)", {"runtime/program.cpp": "x\n" * 9})
    assert "fix" in classify(change, parse_subject(change.title)).kinds
    assert deed_of("[slimtensor] Introduce CUDA guard to aoti/slim/cuda") == "introduced a CUDA guard to aoti slim cuda"
    assert plain_words("fix for arm/x86/riscv") == "fix for arm, x86 and riscv"


# ------------------------------------------------------------------------------------ round 98 (r106) and a month of titles


def test_r106_a_fix_named_by_what_it_fixes_and_a_title_cut_to_nothing(make_repo: MakeRepo) -> None:
    """curl 2024-10-03's "bufq: unwrite fix" was "Stefan Eissing unwrited fix"; 2024-10-02's title "Daniel Stenberg Adds
    Support" was cut before what it supports; vue's "chores: …" label was said as a place, "in chores"."""
    from commitcast.text.retelling import past_tense

    assert deed_of("bufq: unwrite fix") == "fixed unwrite"
    assert (past_tense("unwrite"), past_tense("reopen"), past_tense("rerun")) == ("unwrote", "reopened", "reran")
    assert tag_area("chores") is None
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-10-01T09:00:00Z")
    repo.commit("tool: support --show-headers AND --remote-header-name together in one transfer (#15100)",
                files={"src/tool_operate.c": "x\n" * 90}, author="Daniel Stenberg <d@x.org>", when="2024-10-02T09:00:00Z")  # fmt: skip
    title = _plan(repo, "2024-10-02").title
    assert not re.search(r"(?i)support$", title), title


def test_r106_a_lint_label_with_init_is_a_new_lint() -> None:
    """clippy 2024-09-05 "[`manual_div_ceil`]: init" (a new lint) was "landed a change in manual div ceil"."""
    from commitcast.text import deed_of_title

    title = "[`manual_div_ceil`]: init"
    assert deed_of_title(title, parse_subject(title).topic) == "added a new lint, manual div ceil"


def test_r106_a_day_of_merges_from_a_release_branch_is_no_empty_day(make_repo: MakeRepo) -> None:
    """pip 2013-07-12 was "A Day Without Changes" and "nothing landed on the pip main branch" over two merges from
    release-1.4 that brought three changes, which the same script then told."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2013-07-10T09:00:00Z")
    repo.branch("release-1.4")
    repo.commit("--pre flag should affect the finder", files={"pip/index.py": "x\n" * 9}, author="Donald Stufft <d@x.org>",
                when="2013-07-11T09:00:00Z", branch="release-1.4")  # fmt: skip
    repo.merge("release-1.4", "Merge branch 'release-1.4' into develop", author="Donald Stufft <d@x.org>", when="2013-07-12T09:00:00Z")
    plan = _plan(repo, "2013-07-12")
    assert plan.counts["changes"] == 0 and plan.carried, plan.counts  # the merge is carried work, not the day's own
    assert "Without Changes" not in plan.title and "release-1.4" in plan.title, plan.title
    assert "No changes landed" not in plan.summary and "release-1.4" in plan.summary, plan.summary
    assert "nothing landed" not in _text(plan)


# ------------------------------------------------------------------------------------ round 99 (r107)


def test_r107_a_proper_behaviour_is_fixed_and_an_ordinal_leans_back(make_repo: MakeRepo) -> None:
    """vue 40636b605 "fix(teleport): proper children traversal when teleport is block root" was "fixed a case where
    proper children traversal …", the fix told as the bug; uv #20866's why "The sixth reports the one version …" spoke
    of the sixth commit of a series never said."""
    from commitcast.text import deed_of_title

    title = "fix(teleport): proper children traversal when teleport is block root"
    assert deed_of_title(title, parse_subject(title).topic) == "fixed children traversal when teleport is block root"
    whys = _whys(make_repo, "Speed up range accumulation", "This merges adjacent ranges as they are added.\n\n"
                 "The sixth reports the one version that conflicts instead of the whole range.")  # fmt: skip
    assert not any(text.startswith(("The sixth", "the sixth")) for _, text in whys), whys


def test_r107_snapshots_are_tests_and_a_commit_type_is_no_label(make_repo: MakeRepo) -> None:
    """uv 2025-02-13's "regenerate snapshots" (a src/lock/snapshots/*.snap and test files) was tallied as an "other
    change"; "feat: error on non-existent extra" was "made feat an error on …"."""
    from commitcast.text.retelling import labelled_deed

    change = _change(make_repo, "regenerate snapshots (#11400)", {
        "crates/uv-resolver/src/lock/snapshots/uv_resolver__lock__tests__x.snap": "s\n" * 9, "crates/uv/tests/it/sync.rs": "t\n" * 30})
    assert "tests" in classify(change, parse_subject(change.title)).kinds
    assert labelled_deed("made it an error on non-existent extra", "feat") == "made it an error on non-existent extra"
    assert labelled_deed("made it pass", "test613") == "made test613 pass"


def test_r107_a_series_is_credited_by_who_wrote_it_and_its_cover_letter_by_who_sent_it(make_repo: MakeRepo) -> None:
    """u-boot 2025-07-11: "Svyatoslav Ryhel created an uclass for HW AES cryptographic devices" (he sent the series and
    wrote its test; Ion Agorria wrote the three patches); 2026-01-21's "Enable CMD_DDR4" series, "from Wadim Egorov",
    was credited to Daniel Schultz, who wrote its two other patches."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-07-10T09:00:00Z")
    repo.branch("aes")
    for n, (who, title) in enumerate([("Ion Agorria <i@x.org>", "dm: crypto: Create AES uclass"),
                                      ("Ion Agorria <i@x.org>", "crypto: aes: Add software AES DM driver"),
                                      ("Ion Agorria <i@x.org>", "cmd: aes: Add support for DM AES drivers"),
                                      ("Svyatoslav Ryhel <s@x.org>", "test: dm: add AES engine test")]):  # fmt: skip
        repo.commit(title, files={f"drivers/crypto/aes{n}.c": f"{n}\n" * 40}, author=who, when=f"2025-07-11T0{n + 1}:00:00Z", branch="aes")
    repo.merge("aes", 'Merge patch series "Create uclass for HW AES cryptographic devices"\n\nSvyatoslav Ryhel <s@x.org> says:\n\n'
               "Add uclass for HW AES cryptographic devices found on some devices, like the Tegra30 AES engine.\n",
               author="Tom Rini <t@x.org>", when="2025-07-11T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-07-11")
    (ref,) = [c for s in plan.stories for c in s.changes if "AES" in c.title]
    assert ref.authors[0] == "Ion Agorria", ref.authors
    assert all(w.by == "Svyatoslav Ryhel" for s in plan.stories for w in s.why), [s.why for s in plan.stories]
    text = _text(plan)
    assert "Svyatoslav Ryhel created" not in text and "per Ion Agorria" not in text, text


def test_r107_a_change_that_names_its_cve_is_a_security_fix(make_repo: MakeRepo) -> None:
    """curl 5abd70c12 "tftp: Alloc maximum blksize, and use default unless OACK is received" (CVE-2019-5482) was told
    as "a change from Thomas Vegas" beside the day's other CVE fix."""
    change = _change(make_repo, "tftp: Alloc maximum blksize, and use default unless OACK is received\n\nFixes potential buffer "
                     "overflow from 'recvfrom()', should the server return an OACK without blksize.\n\nCVE-2019-5482\n",
                     {"lib/tftp.c": "x\n" * 30})  # fmt: skip
    found = classify(change, parse_subject(change.title))
    assert "fix" in found.kinds and "security" in found.severity, found


# ------------------------------------------------------------------------------------ round 100 (r108)


def test_r108_two_operators_an_expression_wrapper_and_a_revert_that_restates_itself(make_repo: MakeRepo) -> None:
    """ao 7f2f3d6c's "aten.mm/aten.addmm" was one operator, "the mm the addmm operator"; curl 67021de15's "enclose if
    expressions in `${{ }}`" was "in $"; executorch #18555's summary "Reverts the NHWC-safe reshape detection …" was
    told as why it was reverted."""
    from commitcast.analyse.reverts import revert_reason

    assert plain_words("support aten.mm/aten.addmm for fp8") == "support the mm operator and the addmm operator for fp8"
    assert deed_of("enclose if expressions in ${{ }}") == "enclosed if expressions in the expression syntax"
    change = _change(make_repo, 'Revert "Eliminate redundant permute_copy in ToTosaMemoryFormatPass" (#18555)\n\nReverts '
                     "pytorch/executorch#18314.\n\n### Summary\n\nReverts the NHWC-safe reshape detection and redundant "
                     "permute elimination introduced in the earlier change.\n", {"backends/arm/pass.py": "x\n"})  # fmt: skip
    assert revert_reason(change) is None


def test_final_check_a_clause_an_order_a_lint_rename_and_a_move(make_repo: MakeRepo) -> None:
    """Final check (2025-10): u-boot 28543da74's reason "While the intention of the above commit is correct, …" was
    "the change whiles the intention …"; executorch's "fix: alert users that darwin is not supported" was "fixed a
    case where alert users …"; clippy's "chore(needless_if): rename to `needless_ifs`" lost the old name; u-boot's
    "Rename arch/x86/include/asm/pnp_def.h to include/pnp_def.h" was "renamed the pnp def header to the pnp def header"."""
    from commitcast.text import deed_of_title, scoped_deed
    from commitcast.write.retell import retold

    assert retold("While the intention is correct, it leads to test failures").lower().startswith("while the intention is correct")
    assert deed_of_title("fix: alert users that darwin is not supported", "alert users that darwin is not supported") is None
    assert scoped_deed("chore(needless_if): rename to `needless_ifs` (#15961)", "renamed to the needless ifs lint") == (
        "renamed the needless if lint to needless ifs")
    assert deed_of("Rename arch/x86/include/asm/pnp_def.h to include/pnp_def.h") == "moved the pnp def header to the include folder"


# ------------------------------------------------------------------------------------ round 101 (r109)


def test_r109_a_stuck_value_is_no_hang_and_a_regression_guard_no_regression() -> None:
    """uv #18383's "GetVersionEx … may be stuck returning 6.2.9200" was "a fix for a hang"; executorch 8ba29d777's
    test note "Regression guard for …" was "a regression fix"."""
    from commitcast.analyse.classify import severity_matches

    assert severity_matches("it returns often the wrong version (e.g. may be stuck returning 6.2.9200)") == []
    assert severity_matches("the resolver gets stuck forever on this input") == ["hang"]
    assert severity_matches("- test_clone_contiguous: Regression guard for the default") == []
    assert severity_matches("this regressed in 2.1") == ["regression"]


def test_r109_a_list_before_an_arrow_is_no_switch() -> None:
    """executorch a2b059475 "Repeat op + pass expand -> repeat" (a new op and a pass) was "switched from Repeat op and
    pass expand to repeat"."""
    assert deed_of("Repeat op + pass expand -> repeat") is None
    assert tag_area("cherry-pick") is None  # executorch f4e537bd2's "[cherry-pick]" was "in cherry pick"
    assert deed_of("torch.log2 -> bit shifts") == "switched from torch.log2 to bit shifts"


def test_final_check_a_range_below_double_a_called_verb_and_updates_and_fixes() -> None:
    """Final check (curl 2025-12-04, u-boot 2026-02-03): "1.1-2x speed-up per test run" was "two times faster", its low
    end lost; "a strdup()ed version" was "a strdup functioned version"; "sc5xx: device tree updates and fixes" was
    "fixed device tree updates and in sc5xx"."""
    from commitcast.model import ChangeRef
    from commitcast.text import facts_from_text
    from commitcast.write.stories import fact_phrase, told

    (fact,) = facts_from_text(["memanalyzer as a Perl module (for 1.1-2x speed-up per test run)"], "a", 1)
    assert fact_phrase(fact) == "up to two times faster"
    assert plain_words("returns a strdup()ed version") == "returns a strdup-ed version"
    ref = ChangeRef(sha="a", title="arm: dts: sc5xx: device tree updates and fixes", topic="device tree updates and fixes",
                    authors=["Ozan Durgut"], kinds=["fix"])  # fmt: skip
    assert told(ref) == "landed device tree updates and fixes"


def test_final_check_a_bot_is_no_login_in_the_summary(make_repo: MakeRepo) -> None:
    """pip 2025-12-12's summary was "dependabot[bot] bumped actions checkout …" where the episode says "A bot"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-12-11T09:00:00Z")
    repo.commit("Bump actions/checkout from 6.0.0 to 6.0.1 in the github-actions group (#13688)",
                files={".github/workflows/ci.yml": "uses: actions/checkout@v6.0.1\n"}, author="dependabot[bot] <d@x.org>",
                when="2025-12-12T09:00:00Z")  # fmt: skip
    summary = _plan(repo, "2025-12-12").summary
    assert "[bot]" not in summary and summary.startswith("A bot"), summary


# ------------------------------------------------------------------------------------ round 102 (r110)


def test_a_test_tooling_cve_is_no_security_fix_for_users(make_repo: MakeRepo) -> None:
    """curl 0526af519 "GHA: bump pip-dependencies" fixed filelock's CVE in the test suite's pins: "worth taking once a
    release carries them" told users to act on something no release ships (2026-01-13)."""
    change = _change(make_repo, "GHA: bump pip-dependencies\n\n- update `filelock` from 3.20.1 to 3.20.3 (CVE-2026-22701) "
                     "(used in pytests)\n\nCloses #20300",
                     {".github/scripts/requirements.txt": "ruff==0.14.11\n", "tests/http/requirements.txt": "filelock==3.20.3\n"})
    assert "security" not in classify(change, parse_subject(change.title)).severity
    shipped = _change(make_repo, "lib: bump bundled filelock\n\nFixes CVE-2026-22701", {"lib/vendor/filelock.c": "x\n"})
    assert "security" in classify(shipped, parse_subject(shipped.title)).severity


def test_a_list_of_two_orders_is_joined_by_and() -> None:
    """curl 4f8bd39d1 "examples: omit forward declarations, apply misc fixes" ran into the next deed of a quick-hits
    line: "omitted forward declarations, applied misc fixes in the examples docs and dropped …" (2026-01-13)."""
    assert deed_of("omit forward declarations, apply misc fixes") == "omitted forward declarations and applied misc fixes"
    assert deed_of("Move box_default to style, do not suggest turbofishes") == (
        "moved box default to style and stopped suggesting turbofishes")
    assert deed_of("fix X, add Y and drop Z") == "fixed X, added Y and dropped Z"
    assert deed_of("fix X, add Y, drop Z") == "fixed X, added Y and dropped Z"


def test_one_deed_in_two_places_is_said_once(make_repo: MakeRepo) -> None:
    """Two titles that retell as the same deed ("md4: drop …", "md5: dropped …") in one person's quick hits were the
    same words twice, one of them without its place (curl 2026-01-13); said once with both places."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-01-12T09:00:00Z")
    for n, (title, path) in enumerate([("md4: drop redundant forward declarations", "lib/md4.c"),
                                       ("sha256: fix the digest of empty input", "lib/sha256.c"),
                                       ("md5: dropped redundant forward declarations", "lib/md5.c"),
                                       ("http: reject a header line over 100 KB", "lib/http.c"),
                                       ("ftp: fix the PASV reply parse", "lib/ftp.c"),
                                       ("tool: add --max-redirs to the manual", "src/tool_help.c")]):
        repo.commit(f"{title}\n\nCloses #{100 + n}", files={path: f"x{n}\n"}, author="Viktor Szakats <v@x.org>",
                    when=f"2026-01-13T0{n}:00:00Z")
    text = _text(_plan(repo, "2026-01-13"))
    assert text.count("dropped redundant forward declarations") == 1, text
    assert "dropped redundant forward declarations in md4 and in md5" in text, text


def test_a_pasted_blob_in_a_title_is_cut_before_it_is_said() -> None:
    """A title with a run of 20,000 characters and no space took seconds in ``plain_words``: each pattern scanned
    every start to its end. The run is cut; the words around it are said as before."""
    said = plain_words("add " + "a" * 20000 + " to the list")
    assert said.startswith("add a") and said.endswith(" to the list")
    assert max(len(w) for w in said.split()) <= 200


def test_r110_an_order_after_an_arrow_is_no_switch_and_an_attribute_no_function() -> None:
    """ao aa722bd4 "NVFP4 -> Use more of e4m3 range for block_scales" was "switched from NVFP4 to Use more …" (the
    one wrong claim of r110); clippy's "new lints around`#[must_use]`" was "New lints around#[the must use function]";
    curl's "check the fcntl return code better" was "added a check of …" for a check that was there."""
    assert deed_of("NVFP4 -> Use more of e4m3 range for block_scales") == "used more of e4m3 range for block scales in NVFP4"
    assert deed_of("torch.log2 -> bit shifts") == "switched from torch.log2 to bit shifts"
    assert plain_words("new lints around`#[must_use]`") == "new lints around the must use attribute"
    assert plain_words("lint `#[must_use]` fns") == "lint functions with the must use attribute"
    assert plain_words("the `#[non_exhaustive]` attribute") == "the non exhaustive attribute"
    assert deed_of("check the fcntl return code better") == "checked the fcntl return code better"


def test_r110_a_login_label_is_no_place_and_a_misnamed_file_is_the_one_changed(make_repo: MakeRepo) -> None:
    """clippy #10781 "flip1995: Stepping down from the reviewer rotation" (opened by flip1995) was "in flip1995", as if
    a part of clippy; torchtitan 23a33780 "add … option to run_start.sh" changed run_train.sh and was told as "the run
    start script" in its title, summary, cold open and headline."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2023-05-14T09:00:00Z")
    repo.branch("stepping-down")
    repo.commit("Remove myself from the reviewer rotation", files={"triagebot.toml": "users = []\n"},
                author="Philipp Krones <p@x.org>", when="2023-05-15T08:00:00Z", branch="stepping-down")
    repo.merge("stepping-down", "Auto merge of #10781 - flip1995:stepping-down, r=xFrednet\n\nflip1995: Stepping down "
               "from the reviewer rotation\n\nA step I was trying to avoid.", author="bors <bors@rust-lang.org>",
               when="2023-05-15T09:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2023-05-15"))
    assert "flip1995" not in text.lower() and "Stepping down from the reviewer rotation".lower() in text.lower(), text

    repo = make_repo("titan")
    repo.commit("Start", files={"run_train.sh": "x\n"}, when="2025-08-27T09:00:00Z")
    repo.commit("add train file specification option to run_start.sh (#1620)", files={"run_train.sh": "x\ny\n"},
                author="Shagun Gupta <s@x.org>", when="2025-08-28T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-08-28")
    text = _text(plan)
    assert "run start" not in f"{plan.title} {plan.summary} {text}".lower() and "run train script" in text, text


# ------------------------------------------------------------------------------------ round 103 (r111)


def test_r111_titles_retold_as_what_happened() -> None:
    """curl 765fbe856 "doh: inherit DEBUGFUNCTION/DATA" was "Daniel Stenberg inherited …"; executorch 5c58d90ae "More
    passes updated to be more efficient …" was "added more passes updated …"; uv 682e4a6e6's "`Concepts/Projects/Creating
    projects` documentation" was three areas; uv 2633's "extract non-static `pyproject.toml` metadata" was "non-static the
    pyproject config"."""
    from commitcast.text import labelled_deed

    assert labelled_deed(deed_of("inherit DEBUGFUNCTION/DATA") or "", "doh") == "made doh inherit DEBUGFUNCTION and DATA"
    assert deed_of("More passes updated to be more efficient") == "updated more passes to be more efficient"
    assert deed_of("All tests passed on CI") is None
    assert deed_of("Improve wording in `Concepts/Projects/Creating projects` documentation") == (
        "improved wording in the Creating projects documentation")
    assert plain_words("extract non-static `pyproject.toml` metadata") == "extract non-static pyproject config metadata"
    assert deed_of("bugfix clean_release_notes.py") == "fixed the clean release notes file"


def test_r111_a_ci_type_is_said_in_ci_and_a_build_speedup_is_no_performance_work(make_repo: MakeRepo) -> None:
    """curl 597f07f57 "ci: stop building on freebsd-12-1" (one line of .cirrus.yml) was heard as curl dropping FreeBSD;
    uv #2628 "Add fast build profile without debuginfo" (Cargo.toml, "a 16% incremental compile speedup") was
    "performance work from konsti" in the summary, as if uv got faster."""
    ci = _change(make_repo, "ci: stop building on freebsd-12-1", {".cirrus.yml": "task: []\n"})
    item = annotate(ci, 0, AreaResolver())
    assert item.areas[:1] == ("CI",), item.areas
    profile = _change(make_repo, "Add fast build profile without debuginfo (#2628)\n\nAdd a compile option `-p fast-build` for a 16% "
                      "incremental compile speedup (linux) at the cost of having no debuginfo.",
                      {"Cargo.toml": "[profile.fast-build]\ndebug = 0\n"})  # fmt: skip
    assert "performance" not in classify(profile, parse_subject(profile.title)).kinds


def test_r111_a_second_made_it_is_the_code_in_quick_hits(make_repo: MakeRepo) -> None:
    """uv 2024-03-25: "renamed editable-installs to packages, and made it accept the setup file …" heard "it" as the
    renamed folder."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-03-24T09:00:00Z")
    titles = [("Rename scripts/editable-installs to scripts/packages (#2632)", "scripts/packages/a.txt"),
              ("Accept `setup.py` and `setup.cfg` files in compile (#2634)", "crates/uv/src/compile.rs"),
              ("Fix the lock of a workspace root (#2640)", "crates/uv/src/lock.rs"),
              ("Add the --offline flag to uv venv (#2641)", "crates/uv/src/venv.rs"),
              ("Fix a crash when the cache is missing (#2642)", "crates/uv/src/cache.rs"),
              ("Add tracing to the resolver (#2643)", "crates/uv-resolver/src/a.rs")]
    for n, (title, path) in enumerate(titles):
        repo.commit(title, files={path: f"x{n}\n" * (3 + n)}, author="Charlie Marsh <c@x.org>", when=f"2024-03-25T0{n}:00:00Z")
    plan = _plan(repo, "2024-03-25")
    # the two side by side, the rename first, as the day's quick hits had them
    hits = sorted(plan.quick_hits, key=lambda r: not r.title.startswith("Rename"))
    plan = dataclasses.replace(plan, quick_hits=[h for h in hits if h.title.startswith(("Rename", "Accept"))])
    text = _text(plan)
    assert "made it accept" not in text and "made the code accept" in text, text


def test_r111_a_near_tie_for_the_headline_goes_to_the_story_its_author_explains(make_repo: MakeRepo) -> None:
    """executorch 2026-03-30 led with a bodiless "Add quantizer support for quantized_conv1d_ncl" (8.97) over "Add CoreML
    backend options with compute unit configuration" (8.89), whose body says what users can now do."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-03-29T09:00:00Z")
    repo.commit("Add quantizer support for quantized_conv1d_ncl (#17938)\n\nDifferential Revision: D95279330",
                files={"backends/cadence/quantizer.py": "x\n" * 130, "backends/cadence/test_q.py": "t\n" * 410},
                author="mcremon-meta <m@x.org>", when="2026-03-30T08:00:00Z")  # fmt: skip
    repo.commit("Add CoreML backend options with compute unit configuration (#18369)\n\nSummary:\nThis diff adds type-safe "
                "backend options support to the CoreML delegate, allowing users to configure compute units at model load "
                "time.", files={"backends/apple/coreml/options.mm": "x\n" * 210, "backends/apple/coreml/test_o.mm": "t\n" * 140},
                author="Scott Roy <s@x.org>", when="2026-03-30T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2026-03-30")
    assert plan.stories[0].headline.startswith("Add CoreML backend options"), [(s.headline, s.score) for s in plan.stories]


def test_a_bot_is_no_login_in_the_summarys_later_fragments(make_repo: MakeRepo) -> None:
    """curl 2026-01-13's summary said "dependabot[bot]'s fix in GHA" where the episode says "a bot" (only the lead had it)."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-01-12T09:00:00Z")
    repo.commit("lib: add the --retry-all-errors option to the transfer loop\n\nUsers can now retry on every error.",
                files={"lib/transfer.c": "x\n" * 300, "src/tool_opts.c": "y\n" * 100}, author="Dan Lee <d@x.org>",
                when="2026-01-13T08:00:00Z")  # fmt: skip
    repo.commit("lib: fix a crash when the config file is empty\n\nThis fixes a segfault on startup.",
                files={"lib/config.c": "z\n" * 20}, author="fixer-bot[bot] <b@x.org>", when="2026-01-13T09:00:00Z")
    summary = _plan(repo, "2026-01-13").summary
    assert "[bot]" not in summary, summary


# ------------------------------------------------------------------------------------ round 104 (r112)


def test_r112_names_said_whole() -> None:
    """curl f392ead39 "fix conversion warnings for SOCKET_WRITABLE/READABLE" was "the socket READABLE" (heard four times);
    ao e08e24eb "Add third_party to exclude" was "added third party to exclude"; u-boot 35a912adeb "ubi: Depend on MTD"
    was "John Watts depended on MTD"."""
    from commitcast.text import labelled_deed

    assert deed_of("fix conversion warnings for SOCKET_WRITABLE/READABLE") == (
        "fixed conversion warnings for the socket writable and the socket readable")
    assert deed_of("Add third_party to exclude") == "added the third-party folder to the exclude list"
    assert plain_words("update third-party code") == "update third-party code"
    assert labelled_deed(deed_of("Depend on MTD") or "", "ubi") == "made ubi depend on MTD"


def test_r112_a_bot_is_no_name_in_a_title_and_an_autoupdate_no_tidy_up(make_repo: MakeRepo) -> None:
    """pip 2026-01-05 was titled "A Tidy-Up from pre-commit-ci[bot]" for "pre-commit autoupdate" (lint tools' versions
    moved on), and its summary said "The headline is A bot's …"."""
    repo = make_repo()
    repo.commit("Start", files={".pre-commit-config.yaml": "rev: 1\n"}, when="2026-01-04T09:00:00Z")
    repo.commit("pre-commit autoupdate", files={".pre-commit-config.yaml": "rev: 2\n"}, author="pre-commit-ci[bot] <p@x.org>",
                when="2026-01-05T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2026-01-05")
    assert "[bot]" not in plan.title and "Tidy" not in plan.title, plan.title
    assert " A bot" not in plan.summary, plan.summary
    assert "dependency" in plan.stories[0].kinds


def test_r112_support_added_for_a_platform_keeps_its_label(make_repo: MakeRepo) -> None:
    """u-boot's series "m68k: Add support for QEMU virt machine" (patches labelled MAINTAINERS, CI, drivers …) lost its
    "m68k", and the title told it as if U-Boot had no QEMU virt support."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2026-02-01T09:00:00Z")
    repo.branch("series")
    for n, (title, path) in enumerate([("MAINTAINERS: Update m68k entry", "MAINTAINERS"),
                                       ("CI: Add test jobs for QEMU m68k virt machine", ".gitlab-ci.yml"),
                                       ("drivers: timer: Add goldfish timer", "drivers/timer/goldfish_timer.c"),
                                       ("drivers: rtc: Add goldfish rtc", "drivers/rtc/goldfish_rtc.c"),
                                       ("m68k: Add QEMU virt board", "arch/m68k/qemu.c")]):
        repo.commit(title, files={path: f"x{n}\n" * 40}, author="Kuan-Wei Chiu <k@x.org>", when=f"2026-02-02T0{n}:00:00Z",
                    branch="series")
    repo.merge("series", 'Merge patch series "m68k: Add support for QEMU virt machine"\n\nKuan-Wei Chiu <k@x.org> says:\n\n'
               "This series adds support for the QEMU virt machine on m68k.", author="Tom Rini <t@x.org>",
               when="2026-02-02T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2026-02-02")
    assert "m68k" in plan.title and "m68k" in plan.summary, (plan.title, plan.summary)


def test_r112_a_tokenizer_model_is_data_and_two_model_names_are_both_said(make_repo: MakeRepo) -> None:
    """executorch 2025-03-29: "a big change: 24 lines added and about 130,000 removed", 128,000 of them one tokenizer
    model file kept as text; u-boot's "PHYTEC phyCORE-AM68x/TDA4x SoM" was quoted as "PHYTEC TDA4x SoM"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n", "extension/llm/tokenizer/test/test_tiktoken_tokenizer.model": "t\n" * 3000,
                                "extension/llm/tokenizer/tiktoken.cpp": "c\n" * 200}, when="2025-03-28T09:00:00Z")  # fmt: skip
    repo.commit("Remove the old tokenizer directory (#9700)", files={"extension/llm/tokenizer/test/test_tiktoken_tokenizer.model": None,
                "extension/llm/tokenizer/tiktoken.cpp": None, "a.txt": "2\n"}, author="Larry Liu <l@x.org>",
                when="2025-03-29T09:00:00Z")  # fmt: skip
    (story,) = _plan(repo, "2025-03-29").stories
    assert story.lines_left_out >= 3000, story
    assert plain_words("Add PHYTEC phyCORE-AM68x/TDA4x SoM support") == "Add PHYTEC phyCORE-AM68x and TDA4x SoM support"
    assert plain_words("fix the AM62x/AM64x boards") == "fix the AM62x and AM64x boards"


def test_a_release_fix_told_as_its_bug_is_said_as_a_fix() -> None:
    """vue 2025-12-18: a release "brings" "no parameters were generated when using withDefaults", a fix's item that states
    its bug, heard as what the release does."""
    from commitcast.write.stories import _said_items

    said = _said_items(["fix(compiler-sfc): no parameters were generated when using withDefaults"])
    assert said.startswith("a fix for a case where no parameters were generated"), said
    assert _said_items(["fix(runtime-core): v-for key warning"]) == "v-for key warning"


# ------------------------------------------------------------------------------------ round 105 (r113)


def test_r113_a_squash_title_cut_on_a_hanging_word_takes_its_last_words_back(make_repo: MakeRepo) -> None:
    """clippy 9b48299461 "Fix `map_entry` FP when it would cause `MutexGuard` to be held across an (#16199)", its
    "await point." alone on the body's first line, was told "… held across an." in its summary and headline."""
    change = _change(make_repo, "Fix `map_entry` FP when it would cause `MutexGuard` to be held across an (#16199)\n\nawait point.\n\n"
                     "Closes: rust-lang/rust-clippy#16173", {"clippy_lints/src/entry.rs": "x\n" * 20})  # fmt: skip
    assert change.title.endswith("held across an await point"), change.title
    assert "await point" not in change.body
    from commitcast.text import docs_deed

    # torchtitan 8cebfe08's README "Add intro video" was "documented an intro video"
    assert docs_deed("added an intro video") == "added an intro video"


def test_r113_a_first_name_is_not_joined_to_a_full_name_that_opened_prs_under_another_login(make_repo: MakeRepo) -> None:
    """clippy 2021-04-12: "Takayuki" (TaKO8Ki's pull requests) was credited as Takayuki Nakata (giraffate's), another
    contributor of the window: three wrong claims. Two logins are two people."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2021-04-01T09:00:00Z")
    _bors_pull(repo, "#7003 - giraffate:use_uppercase_for_msrv, r=camsteffen", "Use uppercase for MSRV", {"clippy_lints/src/a.rs": "a\n" * 9},
               "Takayuki Nakata <n@x.org>", "2021-04-05T08:00:00Z", "2021-04-05T09:00:00Z")  # fmt: skip
    _bors_pull(repo, "#7067 - TaKO8Ki:fix-false-negative-on-needless-return, r=llogiq", "Fix a false negative on needless_return",
               {"clippy_lints/src/b.rs": "b\n" * 30}, "Takayuki <t@y.org>", "2021-04-12T08:00:00Z", "2021-04-12T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2021-04-12")
    assert "Nakata" not in f"{plan.summary} {_text(plan)}", (plan.summary, _text(plan))


def test_r113_titles_of_things_kinds_and_roles() -> None:
    """curl 32470cf0d "http/3: report handshake …" was "made 3 report handshake … in HTTP" (wrong); executorch's "Delegate +
    Passes" was "delegated and Passes", "Export User Guide" "a guide on exporting User"; curl's "GHA/linux: bump to quictls
    3.3.0" was "bumped Linux to quictls"; ao's "metal lowbit kernels: glob …" was "metaled lowbit kernels"; clippy's "Add a
    note on the issue #5953" was "a new feature" (wrong); executorch's "Right now … it causes the whole runtime to crash"
    was "The upshot"; vue's "mixins/extends support" was "extends support"."""
    from commitcast.analyse.classify import classify_title
    from commitcast.analyse.why import _role
    from commitcast.text import labelled_deed

    assert tag_area("http/3") == "HTTP/3"
    assert labelled_deed("made it report handshake", "http/3") == "made HTTP/3 report handshake"
    assert deed_of("Delegate + Passes") is None
    assert deed_of("Export User Guide") == "landed the Export User Guide"
    assert deed_of(parse_subject("GHA/linux: bump to quictls 3.3.0").topic) == "bumped the linux workflow to quictls 3.3.0"
    assert deed_of("metal lowbit kernels: glob metal files in CMakeLists") is None
    assert classify_title("Add a note on the issue #5953").kinds == ("docs",)
    assert _role("Right now if a DelegateCall returns an Error it causes the whole runtime to crash.") == "problem"
    assert plain_words("mixins/extends support") == "mixins and extends support"


def test_r113_a_why_cut_where_its_code_was_and_a_comparative_title(make_repo: MakeRepo) -> None:
    """u-boot dff350fee2's "Add and use a new function which calls dm_remove_…(…);" was told "… a new function which
    calls."; curl b3a4edc84 "tool_listhelp: easier to generate with gen.pl" was "landed an easier to generate …"."""
    from commitcast.text import labelled_deed
    from commitcast.write.retell import retold
    from commitcast.write.stories import _CUT_WHERE_CODE_WAS

    assert _CUT_WHERE_CODE_WAS.search("the change adds and uses a new function which calls.")
    assert not _CUT_WHERE_CODE_WAS.search(retold(plain_words("This makes the loader much faster on large inputs.")))
    assert labelled_deed(deed_of("easier to generate with gen.pl") or "", "tool_listhelp") == (
        "made tool listhelp easier to generate with the gen script")


# ------------------------------------------------------------------------------------ round 106 (r114)


def test_r114_a_web_edit_branch_is_its_openers_and_one_person_is_counted_once(make_repo: MakeRepo) -> None:
    """clippy 2020-11-27: #6386 "rust-lang:flip1995-patch-1" held commits by "Philipp Krones" (GitHub's web edit) and by
    "flip1995", under two addresses: "3 changes from 4 people", "one co-author" (two wrong claims)."""
    repo = make_repo()
    repo.commit("Start", files={"README.md": "x\n"}, when="2020-11-26T09:00:00Z")
    repo.branch("flip1995-patch-1")
    repo.commit("Remove mention of tilde/caret MSRV", files={"README.md": "y\n"}, author="Philipp Krones <p@x.org>",
                when="2020-11-27T08:00:00Z", branch="flip1995-patch-1")  # fmt: skip
    repo.commit("Fix the MSRV note", files={"README.md": "z\n"}, author="flip1995 <f@y.org>", when="2020-11-27T08:30:00Z",
                branch="flip1995-patch-1")  # fmt: skip
    repo.merge("flip1995-patch-1", "Auto merge of #6386 - rust-lang:flip1995-patch-1, r=ebroto\n\nRemove mention of possibility "
               "to specify the MSRV with a tilde/caret", author="bors <bors@rust-lang.org>", when="2020-11-27T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2020-11-27")
    text = _text(plan)
    assert "co-author" not in text and "flip1995" not in text and "worked on it too" not in text, text


def test_r114_a_name_said_as_a_function_beside_its_titles_word_for_it() -> None:
    """curl "curl_endian: remove the unused Curl_write64_le function" was "the unused Curl write64 le function function"
    (title, summary and story); uv's "Making It Accept Multiple Packages in uv Sync" made the command do it."""
    assert deed_of("remove the unused Curl_write64_le function") == "removed the unused Curl write64 le function"


def test_r114_a_title_makes_the_command_do_it(make_repo: MakeRepo) -> None:
    """uv 2025-11-04 and 11-05 were "Making It Accept Multiple Packages in uv Sync" and "… in uv Export": "it" named nothing."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-11-03T09:00:00Z")
    repo.commit("Accept multiple packages in `demo sync` (#16543)", files={"crates/demo/src/sync.rs": "x\n" * 120},
                author="Zanie Blue <z@x.org>", when="2025-11-04T09:00:00Z")  # fmt: skip
    title = _plan(repo, "2025-11-04").title
    assert " It Accept" not in title and "Accept Multiple Packages" in title, title
    assert title.startswith("Making demo Sync") or "Demo Sync Accept" in title, title


def test_r114_a_bots_update_retitled_by_hand_is_the_update_its_table_records(make_repo: MakeRepo) -> None:
    """uv #13394, renovate's clap 4.5.35 -> 4.5.38 retitled "Align indentation of long arguments" (its effect on uv's
    help snapshots), was "A bot aligned indentation of long arguments", as if a bot had tidied uv."""
    change = _change(make_repo, "Align indentation of long arguments (#13394)\n\nThis PR contains the following updates:\n\n"
                     "| Package | Type | Update | Change |\n|---|---|---|---|\n| [clap](https://redirect.github.com/clap-rs/clap) |\n"
                     "workspace.dependencies | patch | `4.5.35` -> `4.5.38` |\n",
                     {"Cargo.lock": "clap 4.5.38\n", "crates/uv/tests/it/help.rs": "x\n" * 30})  # fmt: skip
    from commitcast.model import Person

    change = dataclasses.replace(change, authors=[Person("renovate[bot]", "r@x.org")])
    item = annotate(change, 0, AreaResolver())
    assert item.subject.topic == "update clap from 4.5.35 to 4.5.38", item.subject


# ------------------------------------------------------------------------------------ round 107 (r115)


def test_r115_a_revert_reason_is_words_and_release_docs_were_not_released(make_repo: MakeRepo) -> None:
    """uv #16861 "Reverts <url> /\\n<url>" was told "The reason given: /." (wrong), its real reason three paragraphs on;
    executorch's "Release docs proofreading" was "released docs proofreading"."""
    from commitcast.analyse.reverts import revert_reason

    change = _change(make_repo, 'Revert "Allow `--with-requirements` to load extensionless inline-metadata scripts" (#16861)\n\n'
                     "Reverts https://github.com/astral-sh/uv/pull/16805 /\nhttps://github.com/astral-sh/uv/pull/16744\n\n"
                     "This also invalidates\n\n- #16857\n\nDetecting whether a file is safe to read repeatedly is non-trivial, so "
                     "the approach from #16857 is not sufficient.", {"crates/uv/src/a.rs": "x\n" * 20})  # fmt: skip
    reason = revert_reason(change) or ""
    assert "safe to read repeatedly" in reason, reason
    assert deed_of("Release docs proofreading") is None


def test_r115_a_share_of_ones_day_counts_the_whole_day(make_repo: MakeRepo) -> None:
    """uv 2023-10-07: "Charlie Marsh landed three of their nine changes" of thirteen (four told as stories of their own);
    executorch 2026-06-30: "three of their four changes" of five. Three wrong claims each."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2023-10-06T09:00:00Z")
    titles = ["Copy over pep440-rs crate", "Copy over pep508-rs crate", "Copy over install-wheel-rs crate",
              "Add a freeze command", "Add a clean command", "Fix the wheel cache on Windows", "Add a --offline flag",
              "Fix a crash in the resolver", "Add the venv command"]  # fmt: skip
    for n, title in enumerate(titles):
        repo.commit(f"{title} (#{40 + n})", files={f"crates/c{n}/src/lib.rs": "x\n" * (300 if n < 3 else 60 + 10 * n)},
                    author="Charlie Marsh <c@x.org>", when=f"2023-10-07T0{n}:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2023-10-07"))
    assert not re.search(r"of their (?!nine)\w+ (?:other )?changes", text), text


def test_r115_a_recent_prs_account_is_no_why_of_this_one() -> None:
    """executorch eea7c6364: "The upshot: the recent PR made it so that only the dequantize nodes … are turned to identity"
    told the earlier PR's change (the one with the bug) as this fix's effect."""
    from commitcast.analyse.why import _usable

    assert not _usable("The recent PR made it so that only the dequantize nodes that consume model inputs are turned to identity.")
    assert _usable("This PR made it so that only the dequantize nodes that consume model inputs are turned to identity.")


# ------------------------------------------------------------------------------------ round 108 (r116)


def test_r116_an_unquoted_revert_is_paired_with_the_change_it_names(make_repo: MakeRepo) -> None:
    """vue 2019-10-22: "chore: revert prettier" undid "chore: upgrade prettier" 26 minutes before, and was told "rolled back
    the change “Prettier”" (no change had that title) while the upgrade was a quick hit of its own."""
    repo = make_repo()
    repo.commit("Start", files={"package.json": '{"prettier": "1.18"}\n', "src/a.ts": "a\n"}, when="2019-10-21T09:00:00Z")
    repo.commit("chore: upgrade prettier", files={"package.json": '{"prettier": "1.19"}\n', "src/a.ts": "b\n"},
                author="Evan You <e@x.org>", when="2019-10-22T09:00:00Z")  # fmt: skip
    repo.commit("types: massive refactor", files={"src/types.ts": "t\n" * 200}, author="Evan You <e@x.org>", when="2019-10-22T09:10:00Z")
    repo.commit("chore: revert prettier", files={"package.json": '{"prettier": "1.18"}\n', "src/a.ts": "a\n"},
                author="Evan You <e@x.org>", when="2019-10-22T09:26:00Z")  # fmt: skip
    text = _text(_plan(repo, "2019-10-22"))
    assert "“Prettier”" not in text and "upgraded prettier, which had landed earlier the same day" in text, text


def test_r116_titles_quoted_only_when_they_say_no_deed() -> None:
    """r116 quoted 11 % of its sentences: uv's "Escape glob patterns", torchtitan's "Uniformly use skip for both …" were
    quoted as titles; clippy's "Rustup to rustc 1.40.0-nightly (1423bec54 2019-11-07)" was said with "( 2019-11-07)"."""
    from commitcast.text import clean_title

    assert deed_of("Escape glob patterns") == "escaped glob patterns"
    assert deed_of("Uniformly use skip for both Dataset and IterableDataset") == "uniformly used skip for both Dataset and IterableDataset"
    assert clean_title("Rustup to rustc 1.40.0-nightly (1423bec54 2019-11-07)") == "Rustup to rustc 1.40.0-nightly (2019-11-07)"


# ------------------------------------------------------------------------------------ round 109 (r117)


def test_r117_a_cause_that_makes_the_code_work_is_no_problem() -> None:
    """uv #18334: "Using `.json()` causes request to send the Content-Type header by default" is the fix; it was told
    "Here's the problem …" (a wrong claim)."""
    from commitcast.analyse.why import _role

    assert _role("Using .json() causes request to send the Content-Type header by default.") != "problem"
    assert _role("This causes the loader to crash on empty files.") == "problem"


def test_r117_a_persons_day_with_a_change_told_apart_is_said_whole(make_repo: MakeRepo) -> None:
    """executorch 2023-12-20: "Max Ren landed four changes in XNNPACK" in the cold open and sign-off; he landed five, the
    fifth told as a story of its own."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2023-12-19T09:00:00Z")
    for n, kind in enumerate(["f32", "f16", "qs8", "qu8"]):
        repo.commit(f"Delete unused file wrappers {kind}*", files={f"backends/xnnpack/wrappers/{kind}/a.c": None if False else "x\n" * 3},
                    author="Max Ren <m@x.org>", when=f"2023-12-20T0{n}:00:00Z")  # fmt: skip
    repo.commit("Fix a crash when the XNNPACK runtime frees a delegate twice\n\nThis fixes a segfault on exit.",
                files={"runtime/executor/method.cpp": "z\n" * 150}, author="Max Ren <m@x.org>", when="2023-12-20T05:00:00Z")  # fmt: skip
    repo.commit("Add a dynamic shape fix for slice and squeeze", files={"exir/passes/a.py": "y\n" * 80}, author="Digant Desai <d@x.org>",
                when="2023-12-20T06:00:00Z")  # fmt: skip
    text = _text(_plan(repo, "2023-12-20"))
    assert not re.search(r"Max Ren landed four changes", text), text


def test_review_a_known_verb_keeps_its_own_past() -> None:
    """The prefix rule for curl's "unwrite" ("unwrote") overrode the lexicon's own past of known verbs: "relay" was
    "relaid", "refit" stayed "refit"."""
    from commitcast.text import past_tense

    assert [past_tense(w) for w in ("relay", "refit", "overwrite", "unwrite", "retake")] == [
        "relayed", "refitted", "overwrote", "unwrote", "retook"]
