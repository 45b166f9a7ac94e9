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
         "made inferring the PyTorch index via the torch-backend option automatic"),
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
