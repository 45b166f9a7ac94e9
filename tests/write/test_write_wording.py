"""Numbers, plurals, lists, dates and titles as a host says them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from commitcast.model import Window
from commitcast.write.wording import (
    a_an,
    approx_count,
    cardinal,
    clean_reason,
    clean_title,
    count,
    day_phrase,
    join,
    measure,
    ordinal_suffix,
    ordinal_word,
    times,
)


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (0, "zero"),
        (7, "seven"),
        (19, "nineteen"),
        (23, "twenty-three"),
        (100, "one hundred"),
        (150, "one hundred fifty"),
        (2026, "two thousand twenty-six"),
        (197649, "one hundred ninety-seven thousand six hundred forty-nine"),
    ],
)
def test_cardinal(n: int, words: str) -> None:
    assert cardinal(n) == words


@pytest.mark.parametrize(
    ("n", "word", "suffix"),
    [(1, "first", "1st"), (2, "second", "2nd"), (3, "third", "3rd"), (11, "eleventh", "11th"),
     (12, "twelfth", "12th"), (19, "nineteenth", "19th"), (20, "twentieth", "20th"),
     (21, "twenty-first", "21st"), (22, "twenty-second", "22nd"), (23, "twenty-third", "23rd"),
     (30, "thirtieth", "30th"), (31, "thirty-first", "31st")],
)  # fmt: skip
def test_ordinals(n: int, word: str, suffix: str) -> None:
    assert ordinal_word(n) == word
    assert ordinal_suffix(n) == suffix


@pytest.mark.parametrize(
    ("n", "text"),
    [(0, "zero changes"), (1, "one change"), (2, "two changes"), (20, "twenty changes"),
     (23, "23 changes"), (40, "forty changes"), (1500, "1,500 changes")],
)  # fmt: skip
def test_count_never_says_one_changes(n: int, text: str) -> None:
    assert count(n, "change") == text
    assert count(1, "person", "people") == "one person"
    assert count(3, "person", "people") == "three people"


@pytest.mark.parametrize(
    ("n", "text"),
    [(5, "five pull requests"), (12, "twelve pull requests"), (13, "thirteen pull requests"),
     (17, "seventeen pull requests"), (19, "roughly twenty pull requests"), (20, "twenty pull requests"),
     (21, "roughly twenty pull requests"), (23, "more than twenty pull requests"),
     (25, "twenty-five pull requests"), (26, "roughly twenty-five pull requests"),
     (33, "more than thirty pull requests"), (38, "roughly forty pull requests"),
     (37, "nearly forty pull requests"), (148, "roughly 150 pull requests"), (1234, "more than 1,200 pull requests")],
)  # fmt: skip
def test_approx_count(n: int, text: str) -> None:
    assert approx_count(n, "pull request") == text


@pytest.mark.parametrize(
    ("lo", "hi", "text"),
    [(3.2, 5.8, "three to six times"), (4.0, None, "four times"), (3.9, 4.2, "about four times"),
     (2.0, 2.0, "two times")],
)  # fmt: skip
def test_times(lo: float, hi: float | None, text: str) -> None:
    assert times(lo, hi) == text


def test_measure_and_articles() -> None:
    assert measure(56.6, "s") == "56.6 seconds"
    assert measure(14.0, "s") == "14 seconds"
    assert measure(1.0, "s") == "1 second"
    assert measure(30.0, "%") == "30 percent"
    assert measure(67, "GB") == "67 gigabytes"
    assert a_an("30 percent speedup") == "a 30 percent speedup"
    assert a_an("80 percent speedup") == "an 80 percent speedup"
    assert a_an("11 percent cut") == "an 11 percent cut"
    assert a_an("1 percent cut") == "a 1 percent cut"
    assert a_an("update") == "an update"
    assert a_an("MAINTAINERS change") == "a MAINTAINERS change"  # a word in capitals is said as a word
    assert a_an("FTP fix") == "an FTP fix"
    assert a_an("uv CLI change") == "a uv CLI change" and a_an("in-place fix") == "an in-place fix"  # letters, words


def test_join() -> None:
    assert join([]) == ""
    assert join(["A"]) == "A"
    assert join(["A", "B"]) == "A and B"
    assert join(["A", "B", "C"]) == "A, B and C"


def test_day_phrase() -> None:
    day = Window(datetime(2026, 9, 19, tzinfo=UTC), datetime(2026, 9, 20, tzinfo=UTC))
    week = Window(datetime(2026, 9, 13, tzinfo=UTC), datetime(2026, 9, 20, tzinfo=UTC))
    span = Window(datetime(2026, 9, 28, tzinfo=UTC), datetime(2026, 10, 3, tzinfo=UTC))
    assert day_phrase(day) == "September 19th, 2026"
    assert day_phrase(day, year=False) == "September 19th"
    assert day_phrase(week) == "September 13th to 19th, 2026"
    assert day_phrase(span) == "September 28th to October 2nd, 2026"


@pytest.mark.parametrize(
    ("title", "clean"),
    [
        ("[inductor] Fix attention fusion (#197700)", "Fix attention fusion"),
        ("fix(dynamo): handle closed generators", "Handle closed generators"),
        ("[ghstack] [FSDP2] Move {copy} into C++", "Move copy into C++"),
        ('Revert "Add `rms_norm` lowering"', "Revert 'Add rms_norm lowering'"),
        ("See https://example.com/x for details", "See for details"),
        ('Revert "Milestone3.1: Support tanh op in XNNPACK backend (#11364)"',
         "Revert 'Milestone3.1: Support tanh op in XNNPACK backend'"),
        # the issue a title says it fixes is for the notes (pip 2014 and Vue 2019 subjects)
        ("Fix #1424 -- add support for SSL client certificates", "Add support for SSL client certificates"),
        ("Fixed #23 - Catch AttributeErrors", "Catch AttributeErrors"),
        ("fix(compiler): should not prefix reserved literals (close #142)", "Should not prefix reserved literals"),
        ("preserve options from template reqs files: fixes #37", "Preserve options from template reqs files"),
        ("Fix uninstallation on Windows (fixes #58) (#60)", "Fix uninstallation on Windows"),
        # a number that is part of what the title says stays
        ("Fix Android llama2 demo app after #2962", "Fix Android llama2 demo app after #2962"),
        ("Fix #12", "Fix #12"),
        # the PRs a reapply brings back are links (executorch #11539)
        ("Reapply #11294 and #11295 (improve GLU test)", "Reapply: improve GLU test"),
        # a Conventional prefix that forgot its colon (Vue #3283)
        ("fix(compiler-ssr) ensure that ssrHelpers are unique", "Ensure that ssrHelpers are unique"),
    ],
)
def test_clean_title(title: str, clean: str) -> None:
    assert clean_title(title) == clean


def test_clean_reason_drops_links_and_chatter() -> None:
    reason = "Reverted #123 on behalf of x due to breaking internal builds, see https://hud.example/1. cc @y"
    assert clean_reason(reason) == "breaking internal builds"
    assert clean_reason("due to it broke trunk") == "it broke trunk"


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        ("Saves tokenizer configs to a directory.", "the change saves tokenizer configs to a directory."),
        ("Reuse one pool of workers.", "the change reuses one pool of workers."),
        ("This PR replaces the loader.", "the change replaces the loader."),
        ("Users can now pass a device.", "users can now pass a device."),
        ("Inductor now fuses the matmul.", "Inductor now fuses the matmul."),
        # a verb that names a thing is no order (executorch #19092: "the change loads failures now throw")
        ("Load failures now throw from JNI.", "Load failures now throw from JNI."),
        ("Update is needed for the runner.", "Update is needed for the runner."),
        # a gerund after "As ssjia explains," is no name (executorch #17309)
        ("Adding a debug print shader masked the issue.", "adding a debug print shader masked the issue."),
    ],
)
def test_retold_sentences_follow_an_attribution(sentence: str, said: str) -> None:
    from commitcast.write.retell import retold

    assert retold(sentence) == said
