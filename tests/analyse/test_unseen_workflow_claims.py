"""Claims on workflows the newsroom was not tuned on (u-boot pulls and labels, curl area prefixes,
uv 0.x releases, clippy lint names, ghstack squashes), each only as strong as its evidence.

The repository-shaped cases build real histories in temp dirs; the rest check the one function
that makes the claim.
"""

from __future__ import annotations

from datetime import date

from commitcast.analyse import plan_episode
from commitcast.analyse.annotate import annotate
from commitcast.analyse.areas import AreaResolver
from commitcast.analyse.classify import classify_title
from commitcast.analyse.people import credited
from commitcast.analyse.releases import highlights
from commitcast.analyse.titles_parse import parse_subject
from commitcast.analyse.whats_next import promises
from commitcast.analyse.why import reasons
from commitcast.ingest import read_landed
from commitcast.model import Release, Show
from commitcast.text import deed_of, plain_words, prose_sentences
from commitcast.window import day_window
from commitcast.write import check_script, narrate

SHOW = Show(name="U-Boot", slug="u-boot")


def _plan(repo, day: str):
    window = day_window(date.fromisoformat(day), "UTC")
    landed = read_landed(repo.path, window.since, window.until, "main", state_dir=repo.path.parent / "state")
    return plan_episode(landed.changes, SHOW, window, releases=landed.releases)


def test_the_maintainer_who_merged_a_pull_is_not_its_sender(make_repo) -> None:
    """u-boot 2024-10-10: the pulled patches were committed by the maintainer who merged them, so
    nothing says who sent the pull; "Tom Rini sent a pull" would invert the roles."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-10-01T09:00:00Z")
    repo.branch("efi")
    for n in range(3):
        repo.commit(f"efi_loader: fix step {n}", branch="efi", files={f"e{n}.c": "1\n"},
                    author="Heinrich Schuchardt <h@example.com>", committer="Tom Rini <t@example.com>",
                    when=f"2024-10-0{n + 2}T09:00:00Z")  # fmt: skip
    repo.merge("efi", "Merge tag 'efi-2024-10-rc1' of https://source.denx.de/u-boot/custodians/u-boot-efi",
               author="Tom Rini <t@example.com>", when="2024-10-10T16:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-10-10")
    story = plan.stories[0]
    assert not [c for c in story.claims if c.about == "leader"]
    script = narrate(plan)
    assert "Tom Rini sent" not in " ".join(s.text for s in script.sentences)
    assert "Tom Rini's pull" not in plan.summary
    assert check_script(script, plan) == []


def test_a_subsystem_inside_a_container_label_is_where_the_change_is(make_repo) -> None:
    """u-boot 2025-07-22 "drivers: fastboot: Add support for SPI flash memory": fastboot gained
    it, not U-Boot at large; title, cold open and story say so."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2025-07-20T09:00:00Z")
    repo.commit("drivers: fastboot: Add support for SPI flash memory\n\nFastboot currently supports MMC and NAND.",
                files={"drivers/fastboot/fb_spi_flash.c": "x\n" * 300}, author="Ariel D'Alessandro <a@example.com>",
                when="2025-07-22T10:00:00Z")  # fmt: skip
    repo.commit("board: toradex: Fix variant (wifi/non-wifi) selection", files={"board/toradex/v.c": "1\n"},
                author="Francesco Dolcini <f@example.com>", when="2025-07-22T11:00:00Z")  # fmt: skip
    plan = _plan(repo, "2025-07-22")
    assert plan.stories[0].areas[0] == "fastboot"
    assert plan.title.endswith("in Fastboot"), plan.title
    text = " ".join(s.text for s in narrate(plan).sentences)
    assert "support for SPI flash memory in fastboot" in text
    assert "(non-wifi)" not in text  # the slash offers both variants: neither is dropped


def test_a_day_of_patch_series_says_its_commits_beside_its_changes(make_repo) -> None:
    """A series is one change of many commits; a listener hears both, and "one pull from another
    tree", not "one pull from other trees"."""
    repo = make_repo()
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-10-01T09:00:00Z")
    repo.branch("series")
    for n in range(6):
        repo.commit(f"led: step {n}", branch="series", files={f"s{n}.c": "1\n"}, author="Christian Marangi <c@example.com>",
                    when=f"2024-10-02T0{n}:00:00Z")  # fmt: skip
    repo.merge("series", 'Merge patch series "led: introduce LED boot and activity function"',
               author="Tom Rini <t@example.com>", when="2024-10-10T12:00:00Z")  # fmt: skip
    repo.branch("net")
    repo.commit("net: fix a leak", branch="net", files={"n.c": "1\n"}, author="Jerome Forissier <j@example.com>",
                committer="Joe Hershberger <jh@example.com>", when="2024-10-09T09:00:00Z")  # fmt: skip
    repo.merge("net", "Merge tag 'net-20241010' of https://source.denx.de/u-boot/custodians/u-boot-net",
               author="Tom Rini <t@example.com>", when="2024-10-10T15:00:00Z")  # fmt: skip
    plan = _plan(repo, "2024-10-10")
    opening = " ".join(s.text for s in narrate(plan).sections[0].sentences)
    assert "seven commits in total" in opening or "7 commits in total" in opening, opening
    assert "one pull from another tree" in opening and "other trees" not in opening


def test_a_release_never_highlights_what_was_reverted_before_its_tag() -> None:
    """ao 0.13.0-rc1 named "the ops for groupwise lut quantization", reverted before the tag; pip
    24.1 named "allow-prereleases", a lone word of a CI change."""
    release = Release(version="0.13.0", sha="0" * 40, kind="minor", highlights=[
        'Revert "Add groupwise lut quantization ops"', "Add groupwise lut quantization ops",
        "allow-prereleases", "Add NVFP4 QAT", "Fix the int4 packing on CPU"])  # fmt: skip
    picked = highlights(release)
    assert "Add groupwise lut quantization ops" not in picked and "allow-prereleases" not in picked
    assert picked[:2] == ["Add NVFP4 QAT", "Fix the int4 packing on CPU"]


def test_a_zero_major_release_series_is_no_minor_release() -> None:
    """uv 0.8.0 broke things, as semver lets a 0.x minor do: "a new release series", never "a minor release"."""
    assert Release(version="0.8.0", sha="0" * 40, kind="minor").said_kind == "zero_minor"
    assert Release(version="3.5.0", sha="0" * 40, kind="minor").said_kind == "minor"
    assert Release(version="0.8.1", sha="0" * 40, kind="patch").said_kind == "patch"


def test_kinds_are_claimed_from_what_the_words_say() -> None:
    """A re-indent is no bug fix; a raised size limit is no dependency; docs and their word lists are docs."""
    assert classify_title("configure: fix indentation more").kinds == ("chore",)
    assert "fix" in classify_title("Fix comments handling in parser").kinds  # a parser bug about comments
    assert "dependency" not in classify_title("Bump arm cortex size test").kinds
    assert "dependency" in classify_title("Bump black, ruff, and mypy pre-commit hooks").kinds


def test_listed_and_nested_labels_are_read_as_labels() -> None:
    assert parse_subject("test/py, buildman: Update filelock package version").labels == ("test/py", "buildman")
    assert parse_subject("lib, src: delete stray `curl_` prefix").topic == "delete stray `curl_` prefix"
    assert parse_subject("drivers: fastboot: Add x").labels == ("drivers", "fastboot")


def test_slashed_alternatives_are_said_whole() -> None:
    """ "argmax/argmin" is both ops, "read/modify/write" one cycle; a path is still said by its last part."""
    assert plain_words("Add argmax/argmin ops") == "Add argmax and argmin ops"
    assert plain_words("Fix variant (wifi/non-wifi) selection") == "Fix variant (wifi and non-wifi) selection"
    assert deed_of("fix set_gpio read/modify/write") == "fixed set gpio read-modify-write"
    assert deed_of("Workaround CI failure in flexattention") == "worked around CI failure in flexattention"
    assert deed_of("Lookup table for x") is None  # a thing, not an order
    assert plain_words("Update docs/source/index.rst") == "Update the index doc"


def test_a_squash_of_commits_promises_nothing(b) -> None:
    """ao 2025-08-25: a squashed ghstack commit's "we plan to extend QAT to fp8" was already kept."""
    plan = "We plan to extend QAT to other dtypes such as fp8 in the near future."
    squash = (f"* [bc-breaking] Generalize FakeQuantizeConfig beyond intx\n\n{plan}\n\n"
              "* New multi-step QAT API\n\nThe new API takes a step.\n")
    assert promises(b.make_change("Add NVFP4 QAT (#2666)", body=squash)) == []
    assert promises(b.make_change("Generalize FakeQuantizeConfig (#2600)", body=f"This adds the base class. {plan}")) == [plan]
    # one bullet and a paragraph is a list, not a squash: its promise stands
    listed = f"* In the test script, probe the tests\n\n{plan}"
    assert promises(b.make_change("Improve testing (#2601)", body=listed)) == [plan]


def test_the_why_is_never_a_series_history_or_a_sentence_leaning_on_another(b) -> None:
    body = ("This series is a reworked version of the previous series.\n\n"
            "Instead, only INT32 is supported by the hardware.\n\n"
            "Setting the GPIO by toggling the bit causes input values to transfer to the output.\n")
    item = annotate(b.make_change("km: qrio: fix set_gpio read/modify/write", body=body), 0, AreaResolver({}))
    texts = [w.text for w in reasons([item])]
    assert not any("reworked version" in t or t.startswith("Instead") for t in texts)
    assert any("causes input values" in t for t in texts)


def test_who_landed_anothers_original_changes_shares_the_credit(b) -> None:
    """ao 2025-10-31: "Original changes by @shimmyshimmer" — not only the person who landed them."""
    change = b.make_change("Update torchao and unsloth integration on README", author="andrewor14",
                           body="Original changes by @shimmyshimmer in the docs repo.")  # fmt: skip
    assert credited(change) == ["andrewor14", "shimmyshimmer"]


def test_a_section_label_is_no_part_of_the_sentence() -> None:
    assert prose_sentences("**Summary:** The existing config performs only intx quantization.") == [
        "The existing config performs only intx quantization."
    ]


def test_titles_say_lint_names_in_words_and_never_cut_a_list_of_deeds(b) -> None:
    """clippy: "Fix `needless_range_loop` FP on array literals" is a headline said in words, not
    "Today's Work"; curl: a long list of deeds is cut after a whole one, not at "…, Replacing"."""
    from commitcast.analyse.titles import _trim

    lint = [b.make_change("Fix `needless_range_loop` FP on array literals (#15314)", author="yanglsh",
                          files=(("clippy_lints/src/loops/needless_range_loop.rs", 40, 5),), pr=15314)]  # fmt: skip
    title = plan_episode(lint, b.SHOW, b.WINDOW).title
    assert "Needless Range Loop" in title and "_" not in title, title
    cut = _trim("Dropping Heimdal Support, Updating Docs, Replacing with MIT Kerberos in CI", 60)
    assert cut == "Dropping Heimdal Support, Updating Docs"
    unused = [b.make_change(f"configure: delete unused `{name}` (#{n})", author="Viktor Szakats", minute=n, pr=n,
                            files=(("configure.ac", 1, 9),)) for n, name in enumerate(("A_B", "C_D", "E_F"), 1)]  # fmt: skip
    assert "Unuseds" not in plan_episode(unused, b.SHOW, b.WINDOW).title



def test_an_order_without_an_object_acts_on_its_label() -> None:
    """curl "dllmain: exclude from Cygwin builds" excluded dllmain, not "excluded from Cygwin builds"."""
    assert deed_of(parse_subject("dllmain: exclude from Cygwin builds").topic) == "excluded dllmain from Cygwin builds"
    assert deed_of(parse_subject("lib: fix leak").topic) == "fixed a leak"
    assert deed_of(parse_subject("ws: tests and fixes").topic) is None  # things, not "tested and fixes"


def test_a_release_numbered_by_its_year_is_no_major_release() -> None:
    """pip 26.0 is the first release of 2026, not "a major release"; U-Boot v2025.01 likewise."""
    assert Release(version="26.0", sha="0" * 40, kind="major").said_kind == "calendar"
    assert Release(version="2025.01", sha="0" * 40, kind="major").said_kind == "calendar"
    assert Release(version="26.0.1", sha="0" * 40, kind="patch").said_kind == "patch"
    assert Release(version="4.0.0", sha="0" * 40, kind="major").said_kind == "major"


def test_an_order_to_stop_is_no_crash_fix() -> None:
    """torchtitan 2026-07-06 "Crash on invalid loss" makes training stop on purpose."""
    said = classify_title("Crash on invalid loss")
    assert "fix" not in said.kinds and "crash" not in said.severity
    assert deed_of("Crash on invalid loss") == "made it crash on invalid loss"
    assert "crash" in classify_title("Fix crash on startup").severity
    assert deed_of("Bump for development") == "opened the next development cycle"


def test_a_login_made_of_a_name_is_that_person() -> None:
    """uv 2025-06-28: a bot's co-author "zanieb" is Zanie Blue, not a third person of the day."""
    from commitcast.analyse.people import People
    from commitcast.model import Person

    people = People.of([Person("Zanie Blue", "a@example.com"), Person("zanieb", "b@example.com"),
                        Person("konsti", "c@example.com")])  # fmt: skip
    assert people.name(Person("zanieb", "b@example.com")) == "Zanie Blue"
    assert people.name(Person("konsti", "c@example.com")) == "konsti"


def test_a_change_across_many_packages_is_in_none_of_them(b) -> None:
    """uv 2025-03-17: a flag added across eight crates is no change "in uv normalize"."""
    files = (("crates/uv-normalize/src/group_name.rs", 83, 0), ("crates/uv-requirements/src/spec.rs", 68, 0),
             ("crates/uv-cli/src/lib.rs", 19, 0), ("crates/uv-settings/src/settings.rs", 10, 0))  # fmt: skip
    item = annotate(b.make_change("Add pip-compatible `--group` flag", files=files), 0, AreaResolver())
    assert "uv normalize" not in item.areas
    lone = annotate(b.make_change("Speed up group names", files=files[:1]), 0, AreaResolver())
    assert lone.areas == ("uv normalize",)


def test_a_releases_bots_are_said_beside_its_people() -> None:
    """Vue 3.5.19: "24 commits from ten people" hid that renovate wrote eight of them."""
    from commitcast.phrasebook import default_phrasebook, with_bots

    book = default_phrasebook()
    assert with_bots("ten people", 1, book) == "ten people and a bot"
    assert with_bots("ten people", 2, book, lambda n: "two") == "ten people and two bots"
    assert with_bots("ten people", 0, book) == "ten people"


def test_a_silent_wrong_result_is_the_bug_only_where_the_body_says_it_happened(b) -> None:
    """ExecuTorch 2026-08-12: "a silently wrong label is worse than a named error" is an argument,
    not a silent bug this change fixes."""
    from commitcast.analyse.classify import classify

    argued = b.make_change("Record the input tensor's device when converting it",
                           body="Nothing here passes such a tensor, and a silently wrong label is worse than a named error.")
    told = b.make_change("Fix the scale of the int4 matmul",
                         body="The kernel silently returned wrong results for odd group sizes.")
    for change, silent in ((argued, False), (told, True)):
        subject = parse_subject(change.title)
        assert ("silent_correctness" in classify(change, subject, prose_sentences(change.body)).severity) is silent


def test_a_figure_said_of_another_pull_request_is_not_this_ones(b) -> None:
    """ExecuTorch 2026-08-12: "#17682's 6min → 10s" was told as the effect of a PR that slows CI down."""
    from commitcast.analyse.facts import extract_facts

    other = b.make_change("Lint only what a PR adds (#21800)", pr=21800,
                          body="#17682's 6min → 10s was mostly the runner change rather than the fetch depth.")
    own = b.make_change("Speed up the link checks (#17682)", pr=17682, body="The checks went from 6min to 10s.")
    assert not [f for f in extract_facts(other) if f.kind in ("runtime", "speedup")]
    assert [f for f in extract_facts(own) if f.kind in ("runtime", "speedup")]


def test_only_what_is_told_as_trouble_is_the_problem(b) -> None:
    """ "Here's the problem" only for a sentence that says what went wrong; new behaviour that names
    a trouble word ("rather than being silently relabelled") is background."""
    body = ("A device the runtime has no type for is reported by name rather than being silently relabelled as CPU.\n\n"
            "The loader crashed on empty archives because the header was never read.\n")
    item = annotate(b.make_change("Report unknown devices by name", body=body), 0, AreaResolver())
    roles = {w.text[:20]: w.role for w in reasons([item], limit=3)}
    assert roles.get("A device the runtime") != "problem"
    assert roles.get("The loader crashed o") == "problem"


def test_trivial_and_internal_items_are_no_release_highlights() -> None:
    release = Release(version="23.1", sha="0" * 40, kind="minor", highlights=[
        "Add a couple of asserts", "Introduce ireq.cached_wheel_source_link", "Add a 'work in progress' note to the document",
        "Add -C as a short version of --config-settings"])  # fmt: skip
    assert highlights(release) == ["Add -C as a short version of --config-settings"]


def test_a_config_file_is_said_as_a_config_and_a_lint_tag_in_words() -> None:
    """clippy 2023-07-13 "to rustfmt.toml" is no option of rustfmt; "[`filter_next`]" names a lint, no backticks."""
    assert plain_words("Add imports_granularity = Module to rustfmt.toml") .endswith("to the rustfmt config")
    from commitcast.analyse.areas import tag_area

    assert "`" not in (tag_area("`filter_next`".strip("`")) or "")


def test_a_second_part_promises_no_third(b) -> None:
    """u-boot 2024-10-15: "This is part two of the series …" (part one applied) told as what's next."""
    second = b.make_change("Make EFI memory allocations synchronous with LMB",
                           body="This is part two of the series to have the EFI and LMB modules agree on memory.")
    first = b.make_change("Make LMB persistent", body="This is part one of a series to have the EFI and LMB modules agree.")
    assert promises(second) == [] and promises(first)
