"""Round 11's evidence rules, each on the corpus case that showed it: who a day's and a release's
work is from (co-authors, logins, AI co-authors), curl's credit trailers and "Closes #N", a patch
series' sender, a sync's own steps, typo and docs kinds, .github's guides, plain words and deeds,
why sentences, and how the writer tells reverts and a headline the welcome already said.

The repository-shaped cases build real histories in temp dirs; the rest check the one function
that makes the claim.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta
from types import SimpleNamespace
from typing import Any

from commitcast.analyse import plan_episode
from commitcast.analyse.annotate import annotate
from commitcast.analyse.areas import AreaResolver
from commitcast.analyse.classify import classify_title
from commitcast.analyse.releases import carried
from commitcast.analyse.why import reasons
from commitcast.ingest import Landed, read_landed
from commitcast.ingest.messages import parse_message
from commitcast.model import ChangeRef, EpisodePlan, MergedCommit, Person, Show
from commitcast.text import People, clean_title, count_people, deed_of, is_bot_name, plain_words
from commitcast.window import day_window
from commitcast.write import check_script, narrate
from commitcast.write.stories import change_noun

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


# ------------------------------------------------------------------------------------ people


def test_an_ai_model_with_its_variant_is_no_person() -> None:
    """executorch 2026-08-12: "thirteen people" counted "Claude Opus 4.8 (1M context)" as one."""
    assert is_bot_name("Claude Opus 4.8 (1M context)")
    assert not is_bot_name("Claude (Shannon) Smith")


def test_a_login_or_a_shorter_name_of_the_author_is_the_author() -> None:
    """uv 2025-06-28: "zanieb" beside Zanie Blue is one person; on one change, "Ali Sol" co-authoring
    Ali's commit, or "lind" co-authoring David Lin's, is the author under another address."""
    zanie, zanieb = Person("Zanie Blue", "zanie@astral.example"), Person("zanieb", "other@x.org")
    assert People.of([zanie, zanieb]).name(zanieb) == "Zanie Blue"
    assert count_people([zanie, zanieb]) == 1
    ali, sol = Person("Ali", "ali@a.org"), Person("Ali Sol", "sol@b.org")
    assert People.of([ali, sol]).name(sol) == "Ali Sol"  # apart, two names are two people…
    together = People.of([ali, sol], [[ali, sol]])
    assert together.name(sol) == together.name(ali) == "Ali Sol"  # …credited on one change, one (by the full name)
    # "lind" is made of David Lin and of Lin Dong: only the change they share says whose it is
    lin, lind, dong = Person("David Lin", "d@a.org"), Person("lind", "l@b.org"), Person("Lin Dong", "ld@c.org")
    assert People.of([lin, lind, dong]).name(lind) == "lind"
    assert People.of([lin, lind, dong], [[lin, lind]]).name(lind) == "David Lin"


def test_two_people_sharing_a_surname_stay_two() -> None:
    """A family name in common, even on one change, is no reason to take Alice Smith for Bob Smith."""
    bob, alice = Person("Bob Smith", "bob@a.org"), Person("Alice Smith", "alice@b.org")
    people = People.of([bob, alice], [[bob, alice]])
    assert (people.name(bob), people.name(alice)) == ("Bob Smith", "Alice Smith")
    assert count_people([bob, alice]) == 2


def test_bots_and_coding_assistants_are_not_counted_as_people() -> None:
    """Vue 3.5.19 counted renovate among its people; executorch counted Claude."""
    persons = [Person("Ada Lovelace", "ada@x.org"), Person("renovate[bot]", "bot@renovateapp.com"),
               Person("Claude Opus 4.8 (1M context)", "noreply@anthropic.com")]  # fmt: skip
    assert count_people(persons) == 1


def test_a_squash_days_co_authors_are_not_who_its_work_is_from(make_repo: MakeRepo) -> None:
    """pip 2024-04-20: four PRs from three people, two of them with a co-author on a commit: "from
    three people", not five."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-04-19T09:00:00Z")
    repo.commit("Fix the resolver backtracking (#12601)\n\nCo-authored-by: Dee Dee <dee@x.org>", files={"r.py": "1\n"},
                author="Ann Lee <ann@x.org>", when="2024-04-20T09:00:00Z")  # fmt: skip
    repo.commit("Add a --dry-run flag (#12602)", files={"f.py": "1\n"}, author="Bo Chan <bo@x.org>",
                when="2024-04-20T10:00:00Z")  # fmt: skip
    repo.commit("Speed up the wheel cache (#12603)\n\nCo-authored-by: Eve Ng <eve@x.org>", files={"c.py": "1\n"},
                author="Cal Ray <cal@x.org>", when="2024-04-20T11:00:00Z")  # fmt: skip
    repo.commit("Tidy the install docs (#12604)", files={"d.md": "1\n"}, author="Ann Lee <ann@x.org>",
                when="2024-04-20T12:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-04-20")
    assert plan.counts["prs"] == 4
    assert plan.counts["authors"] == 3
    assert {"Dee Dee", "Eve Ng"} <= set(plan.people)  # still credited, only not counted


def test_a_merged_branch_is_from_each_of_its_commits_authors(make_repo: MakeRepo) -> None:
    """pip's merge days: a pull request's merge is from its author; a topic branch's from each of its authors."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-05-01T09:00:00Z")
    repo.branch("feature")
    repo.commit("Parse the config", branch="feature", files={"p.py": "1\n"}, author="Bob Builder <bob@x.org>",
                when="2024-05-02T09:00:00Z")  # fmt: skip
    repo.commit("Test the parser", branch="feature", files={"t.py": "1\n"}, author="Cy Young <cy@x.org>",
                when="2024-05-03T09:00:00Z")  # fmt: skip
    repo.merge("feature", "Merge pull request #5 from bob/feature\n\nA config parser", author="Ada L <ada@x.org>",
               when="2024-05-04T12:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-05-04")
    assert plan.counts["merged_prs"] == 1 and plan.counts["commits"] == 2
    # a pull request is from its author: Cy Young's commit inside it helped (pip 2023-04-15's three
    # PRs were from two people, not three)
    assert plan.counts["authors"] == 1
    # a branch merged without a pull request (a topic branch) is from each of its commits' authors
    repo.branch("topic", repo.tip("main"))
    repo.commit("Add the lexer", branch="topic", files={"l.py": "1\n"}, author="Di Wu <di@x.org>",
                when="2024-05-05T09:00:00Z")  # fmt: skip
    repo.commit("Test the lexer", branch="topic", files={"lt.py": "1\n"}, author="Ed Lee <ed@x.org>",
                when="2024-05-05T10:00:00Z")  # fmt: skip
    repo.merge("topic", "Merge branch 'topic'", author="Ada L <ada@x.org>", when="2024-05-05T12:00:00Z")
    assert _plan(repo, "2024-05-05").counts["authors"] == 2


def test_a_release_counts_a_login_as_its_person_and_an_ai_as_none(make_repo: MakeRepo) -> None:
    """uv 0.7.16 (2025-06-28): renovate's lockfile bump co-authored by "zanieb" is Zanie Blue's
    again, and "Claude Opus 4.8 (1M context)" is no person: one person, not three. A bot co-author
    is one of the release's bots, as the day's count has it; a coding assistant is neither (uv
    2026-01-14's "three bots" were renovate and two spellings of Claude)."""
    repo = make_repo()
    repo.tag("v0.1.0", repo.commit("Start", files={"a.txt": "1\n"}, when="2025-06-20T09:00:00Z"))
    claude = "Co-authored-by: Claude Opus 4.8 (1M context) <noreply@anthropic.com>"
    repo.commit("Add a cache (#10)", files={"c.rs": "1\n"}, author="Zanie Blue <zanie@astral.example>",
                when="2025-06-27T09:00:00Z")  # fmt: skip
    repo.commit(f"Bump the lockfile (#11)\n\nCo-authored-by: zanieb <other@x.org>\n{claude}", files={"l.lock": "1\n"},
                author="renovate[bot] <bot@renovateapp.com>", when="2025-06-27T10:00:00Z")  # fmt: skip
    repo.commit(f"Fix a panic (#12)\n\n{claude}", files={"p.rs": "1\n"}, author="Zanie Blue <zanie@astral.example>",
                when="2025-06-27T11:00:00Z")  # fmt: skip
    repo.tag("v0.2.0", message="Release 0.2.0", when="2025-06-28T12:00:00Z")
    (release,) = _landed(repo, "2025-06-28").releases
    assert (release.version, release.changes, release.prs) == ("0.2.0", 3, 3)
    assert release.authors == 1
    assert release.bots == 1  # renovate; Claude, a co-author, is its user's tool


# -------------------------------------------------------------------------- ingest: trailers


def test_closes_names_a_pull_request_only_where_titles_do_not(make_repo: MakeRepo) -> None:
    """uv's direct push "Closes #4732" closes an issue (its PRs are named "(#N)" in titles); curl
    rebases and names its PR only so: "Closes #22638" is PR 22638."""
    squash = make_repo("squash")
    squash.commit("Start", files={"a.txt": "1\n"}, when="2024-06-01T09:00:00Z")
    for n in range(5):
        squash.commit(f"Change {n} (#{100 + n})", files={f"f{n}": "1\n"}, when=f"2024-06-02T0{n}:00:00Z")
    squash.commit("Use the new cache layout\n\nCloses #4732", files={"c": "1\n"}, when="2024-06-02T10:00:00Z")
    changes = _landed(squash, "2024-06-02").changes
    assert [c.pr.number if c.pr else None for c in changes] == [100, 101, 102, 103, 104, None]

    curl = make_repo("curl")
    curl.commit("Start", files={"a.txt": "1\n"}, when="2024-06-01T09:00:00Z")
    for n in range(5):
        curl.commit(f"lib: change {n}", files={f"f{n}": "1\n"}, when=f"2024-06-02T0{n}:00:00Z")
    curl.commit("tool: fix the progress meter\n\nCloses #22638", files={"c": "1\n"}, when="2024-06-02T10:00:00Z")
    last = _landed(curl, "2024-06-02").changes[-1]
    assert last.title == "tool: fix the progress meter"
    assert last.pr is not None and last.pr.number == 22638


def test_a_patch_series_merge_is_credited_to_its_patches_authors(make_repo: MakeRepo) -> None:
    """u-boot: Udit Kumar sent "k3-j784s4*: Enable ESMs and related PMIC", patches by others: the
    series is from its patches' authors, most patches first (a sender who wrote none posted it; the
    MT7629 series was "from Weijie Gao" with "Sam Shih contributed as well", credit upside down); a
    sender who wrote some of it leads it."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-10-01T09:00:00Z")
    repo.branch("series")
    patches = ["Neha Francis <n@ti.example>", "Keerthy J <k@ti.example>", "Neha Francis <n@ti.example>"]
    for n, who in enumerate(patches):
        repo.commit(f"arm: dts: k3-j784s4: step {n}", branch="series", files={f"s{n}.dts": "1\n"}, author=who,
                    when=f"2024-10-02T0{n}:00:00Z")  # fmt: skip
    message = ('Merge patch series "k3-j784s4*: Enable ESMs and related PMIC"\n\n'
               "Udit Kumar <udit@example.com> says:\n\n"
               "This series enables the ESMs and the PMIC they need on J784S4.\n")  # fmt: skip
    repo.merge("series", message, author="Tom Rini <t@example.com>", when="2024-10-10T12:00:00Z")
    (change,) = _landed(repo, "2024-10-10").changes
    assert change.title == "k3-j784s4*: Enable ESMs and related PMIC"
    assert [p.name for p in change.authors] == ["Neha Francis", "Keerthy J"]
    repo.branch("own", repo.tip("main"))
    for n, who in enumerate(["Keerthy J <k@ti.example>", "Udit Kumar <udit@example.com>"]):
        repo.commit(f"arm: dts: k3-j721e: step {n}", branch="own", files={f"o{n}.dts": "1\n"}, author=who,
                    when=f"2024-10-11T0{n}:00:00Z")  # fmt: skip
    repo.merge("own", message.replace("j784s4", "j721e"), author="Tom Rini <t@example.com>", when="2024-10-12T12:00:00Z")
    (own,) = _landed(repo, "2024-10-12").changes
    assert [p.name for p in own.authors] == ["Udit Kumar", "Keerthy J"]


def test_curls_credit_trailers_name_co_authors() -> None:
    """curl d276c6de4: "Provided-by: Brian Lund" wrote the fix; "Patch-by: Trzik on github" is Trzik."""
    for trailer, name in (("Provided-by: Brian Lund", "Brian Lund"), ("Authored-by: Jane Roe <j@x.org>", "Jane Roe"),
                          ("Patch-by: Trzik on github", "Trzik")):  # fmt: skip
        parsed = parse_message(f"lib: fix a leak\n\nThe handle leaked on error.\n\n{trailer}\nCloses #1")
        assert [p.name for p in parsed.co_authors] == [name]


# ------------------------------------------------------------------------------ analyse


def test_a_sync_prs_own_steps_are_no_upstream_work(b: SimpleNamespace) -> None:
    """clippy's Rustup PRs: "Bump nightly version -> 2024-03-21", "Bump Clippy version -> 0.1.79"
    and "Merge commit '93f0a9a' into clippy-subtree-update" are the sync itself, not carried work."""
    who = [Person("Philipp Krones", "p@x.org")]
    titles = ["Fix `needless_range_loop` FP", "Add a lint for manual ok", "Bump nightly version -> 2024-03-21",
              "Bump Clippy version -> 0.1.79", "Merge commit '93f0a9a' into clippy-subtree-update"]  # fmt: skip
    merged = [MergedCommit(b.sha_of(t), t, who) for t in titles]
    sync = replace(b.make_change("Rustup (#12516)", pr=12516), is_merge=True, merged=merged, merged_count=5,
                   merge_source="rustup")  # fmt: skip
    work = carried(sync, "https://github.com/rust-lang/rust-clippy")
    assert work.changes == 2 and work.pr == 12516
    assert sum(work.kinds.values()) == 2
    assert carried(replace(sync, pr=None), None).changes == 5  # a forward merge without a PR counts all it brings


def test_a_typo_fix_is_no_bug_fix_and_dependency_docs_are_docs() -> None:
    """ "Fix documentation typo "appects" > "affects"" fixed no bug; "Update the dependencies
    documentation" updated no dependency; "Fix crash in typo handling" still fixed one."""
    assert "fix" not in classify_title('Fix documentation typo "appects" > "affects"').kinds
    assert "dependency" not in classify_title("Update the dependencies documentation").kinds
    assert "fix" in classify_title("Fix crash in typo handling").kinds


def test_githubs_contributing_guide_is_no_ci(b: SimpleNamespace) -> None:
    """vue c649b36e1 fixed a link in .github/contributing.md: no change "in CI"."""
    resolver = AreaResolver()
    guide = annotate(b.make_change("Fix a link in the guide", files=((".github/contributing.md", 1, 1),)), 0, resolver)
    ci = annotate(b.make_change("Cache the pnpm store", files=((".github/workflows/ci.yml", 3, 1),)), 1, resolver)
    assert "CI" not in guide.areas
    assert "CI" in ci.areas


def test_paths_alternatives_and_deeds_are_said_whole() -> None:
    """ "moved files from quantization/prototype -> prototype/quantization" is two whole paths;
    "coreml/mps backend" is two backends; "model fragments for diloco" is no deed ("modeled");
    clippy's "Add xFrednet back to the reviewing rotation :tada:" by xFrednet added themselves;
    "Update MPS documentation; add helper script" is two deeds."""
    moved = plain_words("moved files from quantization/prototype -> prototype/quantization")
    assert "quantization prototype to prototype quantization" in moved
    both = deed_of("apply simple sdpa to coreml/mps backend")
    assert both is not None and "coreml" in both and "mps" in both
    assert deed_of("Add xFrednet back to the reviewing rotation :tada:", "xFrednet") == (
        "added themselves back to the reviewing rotation"
    )
    assert ":tada:" not in clean_title("Add xFrednet back to the reviewing rotation :tada:")
    assert deed_of("model fragments for diloco") is None
    said = deed_of("Update MPS documentation; add helper script")
    assert said is not None and "and added" in said


def _whys(b: SimpleNamespace, title: str, body: str) -> list[tuple[str, str]]:
    item = annotate(b.make_change(title, body=body), 0, AreaResolver())
    return [(w.role, w.text) for w in reasons([item], limit=3)]


def test_one_item_of_a_listed_body_is_no_account_of_the_change(b: SimpleNamespace) -> None:
    """ao #1020: "the change makes module swap the main QAT flow again" was one squashed commit of five."""
    item = "* The change makes module swap the main QAT flow again\n"
    lone = _whys(b, "Make the QAT flow configurable", f"The old flow was broken for many users.\n\n{item}\nMore.\n")
    assert ("change", "The change makes module swap the main QAT flow again.") in lone  # one bullet: it stands
    listed = _whys(b, "Make the QAT flow configurable",
                   f"The old flow was broken for many users.\n\n{item}* Add tests for the new flow\n")  # fmt: skip
    assert [role for role, _ in listed] == ["problem"]


def test_trouble_told_after_the_change_is_no_problem(b: SimpleNamespace) -> None:
    """ "This series replaces X with static calls. Execution time doesn't seem to change
    noticeably.": the second is a side note on the change, not the problem it solves."""
    after = _whys(b, "Use static calls for the DM ops",
                  "This series replaces the function pointers with static calls. "
                  "Execution time doesn't seem to change noticeably.")  # fmt: skip
    assert after == [("change", "This series replaces the function pointers with static calls.")]
    before = _whys(b, "Use static calls for the DM ops",
                   "Execution time doesn't seem to change noticeably. "
                   "This series replaces the function pointers with static calls.")  # fmt: skip
    assert before[0][0] == "problem"  # told first, the same words are the trouble


def test_a_sentence_leaning_on_an_unsaid_issue_is_not_retold(b: SimpleNamespace) -> None:
    """ "Two issues prevent this from functioning for most boards." says neither which, nor what "this" is."""
    texts = [t for _, t in _whys(b, "Enable the watchdog on AM64",
                                 "The watchdog crashed the board on boot. Two issues prevent this from functioning "
                                 "for most boards. The fix moves the init earlier.")]  # fmt: skip
    assert "The watchdog crashed the board on boot." in texts
    assert not any(t.startswith("Two issues") for t in texts)


def test_a_long_sentence_listing_identifiers_is_told_by_its_first_clause(b: SimpleNamespace) -> None:
    """A long why sentence that goes on ", and gets rid of dm_bind_old(), …" is said up to its ", and"."""
    body = ("This series replaces the old bind path with the uclass lookup, and gets rid of dm_bind_old(), "
            "dm_scan_old_fdt(), lists_bind_old_fdt() and the static helpers.")  # fmt: skip
    assert _whys(b, "Rework the bind path", body) == [
        ("change", "This series replaces the old bind path with the uclass lookup.")
    ]


# -------------------------------------------------------------------------------- write


def test_a_same_day_revert_says_so(make_repo: MakeRepo) -> None:
    """vue 2023-03-28: a change reverted sixteen minutes after it landed "had landed earlier the same day"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2023-03-27T09:00:00Z")
    original = repo.commit("Add the hydration mismatch warning (#7001)", files={"h.ts": "1\n"},
                           author="Evan You <e@x.org>", when="2023-03-28T09:00:00Z")  # fmt: skip
    repo.commit(f'Revert "Add the hydration mismatch warning (#7001)"\n\nThis reverts commit {original}.',
                files={"h.ts": None}, author="Evan You <e@x.org>", when="2023-03-28T09:16:00Z")  # fmt: skip
    repo.commit("Fix the teleport target lookup (#7003)", files={"t.ts": "1\n"}, author="Anthony Fu <a@x.org>",
                when="2023-03-28T11:00:00Z")  # fmt: skip
    plan = _plan(repo, "2023-03-28")
    text = _text(plan)
    assert "hydration mismatch warning, which had landed earlier the same day" in text, text
    assert "from the day before" not in text
    assert check_script(narrate(plan), plan) == []


def test_a_revert_written_with_the_reverted_changes_author_names_both(make_repo: MakeRepo) -> None:
    """ao 2024-10-15: HDCharles's revert of Mark Saroufim's pin was co-authored by Mark: they rolled it
    back together, not HDCharles "Mark Saroufim's change"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-10-10T09:00:00Z")
    pin = repo.commit("Pin pt nightly CPU version (#1061)", files={"ci.yml": "pin\n"},
                      author="Mark Saroufim <m@x.org>", when="2024-10-14T09:00:00Z")  # fmt: skip
    repo.commit(f'Revert "Pin pt nightly CPU version (#1061)"\n\nThis reverts commit {pin}.\n\n'
                "Co-authored-by: Mark Saroufim <m@x.org>",
                files={"ci.yml": "1\n"}, author="HDCharles <hd@x.org>", when="2024-10-15T09:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-10-15", Show(name="torchao", slug="ao"))
    text = _text(plan)
    # (either phrasing the host picks: "rolled back" or "reverted")
    assert re.search(r"HDCharles and Mark Saroufim (?:rolled back|reverted) the change that pinned pt nightly CPU version", text), text
    assert "Mark Saroufim's change" not in text


def test_the_headlines_deed_said_in_the_welcome_is_not_said_again(make_repo: MakeRepo) -> None:
    """Round 11's "the headline's deed said once, not three times": the welcome said it, and the
    headline section opened with it again, word for word, before the author's own account."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-01-01T09:00:00Z")
    repo.commit("Add support for SPI flash memory to fastboot (#42)\n\nFastboot fails on boards that boot from "
                "SPI flash, since it only writes to MMC and NAND devices.",
                files={"drivers/fastboot/fb_spi_flash.c": "x\n" * 300}, author="Ariel Dalessandro <a@x.org>",
                when="2025-01-02T10:00:00Z")  # fmt: skip
    repo.commit("Fix a typo in the README (#43)", files={"README.md": "y\n"}, author="Bo Chan <b@x.org>",
                when="2025-01-02T11:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-01-02")
    sections = narrate(plan).sections
    deed = "added support for SPI flash memory to fastboot"
    said = [s.kind for s in sections for sentence in s.sentences if deed in sentence.text]
    assert said == ["cold_open"], said


def test_a_one_change_days_deed_is_said_in_its_story(make_repo: MakeRepo) -> None:
    """A quiet day's welcome names no deed ("a quiet day with just one change"): its story must
    still say it, not drop it as said already."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-01-01T09:00:00Z")
    repo.commit("Add support for SPI flash memory to fastboot (#42)\n\nThis adds an SPI flash backend.",
                files={"drivers/fastboot/fb_spi_flash.c": "x\n" * 300}, author="Ariel Dalessandro <a@x.org>",
                when="2025-01-02T10:00:00Z")  # fmt: skip
    sections = narrate(_plan(repo, "2025-01-02")).sections
    deed = "added support for SPI flash memory to fastboot"
    assert [s.kind for s in sections for sentence in s.sentences if deed in sentence.text] == ["headline"]


def test_commits_closing_one_pull_request_are_not_several_pull_requests(make_repo: MakeRepo) -> None:
    """curl: three commits each with "Closes #7778" landed one pull request, not "three pull requests"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2021-09-20T09:00:00Z")
    for n, part in enumerate(("lookup", "expiry", "cleanup")):
        repo.commit(f"vtls: fix the session cache {part}\n\nThe cache returned stale sessions.\n\nCloses #7778",
                    files={f"lib/vtls/vtls{n}.c": "x\n" * (20 + n)}, author="Daniel Stenberg <daniel@haxx.se>",
                    when=f"2021-09-21T0{n + 1}:00:00Z")  # fmt: skip
    repo.commit("docs: mention the new option\n\nCloses #7779", files={"docs/opt.md": "1\n"},
                author="Jay Satiro <jay@x.org>", when="2021-09-21T10:00:00Z")  # fmt: skip
    plan = _plan(repo, "2021-09-21", Show(name="curl", slug="curl"))
    assert [c.pr for c in plan.stories[0].changes] == [7778, 7778, 7778]
    text = _text(plan)
    assert "three changes" in text and "three pull requests" not in text, text
    same = [ChangeRef(sha=str(n), title="t", pr=7778) for n in range(3)]
    assert change_noun(same) == "change"
    assert change_noun([replace(r, pr=7778 + n) for n, r in enumerate(same)]) == "pull request"
