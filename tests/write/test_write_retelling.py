"""A title said as what its author did: the verb in the past tense, its manner kept, or nothing."""

from __future__ import annotations

import pytest

from commitcast.text import deed_of


@pytest.mark.parametrize(
    ("title", "deed"),
    [
        ("Fix crash on exit", "fixed a crash on exit"),
        # uv #12204: the day's biggest change was hidden as "one change" because this was not retold
        # … and it is uv that infers it, not its author (executorch: "automatically downloaded buck2")
        ("Automatically infer the PyTorch index via `--torch-backend=auto`",
         "made inferring the PyTorch index via the torch-backend option set to auto automatic"),
        ("Add a new multi-step QAT API", "added a new multi-step QAT API"),  # ao 2025-08-04: no "Multi, Step"
        ("Properly handle empty lines", "properly handled empty lines"),
        ("Correctly parsed names", None),  # no verb to put in the past tense after the adverb
        ("Fully qualified names", None),  # "fully" is no manner of a verb here: no deed
        ("`pip debug` cert detection", None),
    ],
)
def test_deeds_of_titles(title: str, deed: str | None) -> None:
    assert deed_of(title) == deed


@pytest.mark.parametrize(
    ("title", "deed"),
    [
        # torchtitan #1311: hidden as "one change" because the program, not its author, errors
        ("error if --checkpoint.load_step is specified but not found",
         "made it an error if the checkpoint.load_step option is specified but not found"),
        ("Warn when the lockfile is stale", "added a warning when the lockfile is stale"),
        ("Error handling cleanup", None),
        ("Fixes related to PyTorch 2.8.0 updates", "made fixes related to PyTorch 2.8.0 updates"),
    ],
)
def test_what_the_program_now_does_is_said_as_such(title: str, deed: str | None) -> None:
    assert deed_of(title) == deed


@pytest.mark.parametrize(
    ("deed", "headline"),
    [
        # curl 2025-08-22: "Adding and Used HAVE BORINGSSL LIKE Internal Macro"
        ("added and used the internal macro", "Adding and using the internal macro"),
        ("removed legacy cruft, documented macro guards", "Removing legacy cruft, documenting macro guards"),
        ("fixed bad and unused code", "Fixing bad and unused code"),
    ],
)
def test_every_deed_of_a_headline_is_a_gerund(deed: str, headline: str) -> None:
    from commitcast.text import gerund_of

    assert gerund_of(deed) == headline


@pytest.mark.parametrize(
    ("title", "deed"),
    [
        # round-5 fact check (executorch 2023-10-09, vue 2022-05-10, uv 2024-06-11, clippy 2023-07-08)
        ("Fix & cleanup op gelu", "fixed and cleaned up op gelu"),
        ("Fix and Cleanup op logit", "fixed and cleaned up op logit"),
        ("Functions for handling zero dim tensor", None),  # no one "functioned for" anything
        ("should de-optimize on vnode with PatchFlags.BAIL", None),  # a modal says what ought to be
        ("missed Symbol judge in looseEqual", None),  # the bug's own verb, not the author's deed
        ("Updates to the docs", "made updates to the docs"),
        ("Initial implementation of `uv add` and `uv remove`", "added a first implementation of uv add and uv remove"),
        ("New lints [manual_is_infinite] and [manual_is_finite]", "added new lints manual is infinite and manual is finite"),
        # a later "&" joins nouns: "push" is the push event, not "pushed"
        ("Run the ROCm workflow on cron schedule & push to main only", "ran the ROCm workflow on cron schedule and push to main only"),
    ],
)
def test_titles_whose_words_only_look_like_orders(title: str, deed: str | None) -> None:
    assert deed_of(title) == deed


def test_a_slash_joins_a_pair_but_not_a_repository_or_module() -> None:
    from commitcast.text import plain_words

    assert plain_words("replaced the link with pytorch/executorch") == "replaced the link with executorch"
    # (a move's destination is said whole since r62: "to dtypes" hid ao's move to prototype/dtypes)
    assert plain_words("moved it to torchao/dtypes") == "moved it to torchao dtypes"
    assert plain_words("support read/write locks") == "support read and write locks"


@pytest.mark.parametrize("title", ["Model Config Programming", "Temp fix oss ci"])
def test_a_name_in_title_case_or_a_temporary_note_is_no_deed(title: str) -> None:
    assert deed_of(title) is None


@pytest.mark.parametrize(
    ("title", "deed"),
    [
        # executorch 2024-09-03, pip 2023-09-06, vue 2024-02-09
        ("Arm backend report Ethos-U PMU counters", None),
        ("Ruff rules C4 and PERF", None),
        ("warn against reserved keys as prop name", "warned against reserved keys as prop name"),
        ("warn style injection", "warned about style injection"),
    ],
)
def test_names_that_are_verbs_too_and_verbs_with_their_own_preposition(title: str, deed: str | None) -> None:
    assert deed_of(title) == deed
