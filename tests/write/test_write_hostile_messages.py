"""Megabyte messages of hostile text go through ingest -> plan -> script, bounded and printable.

Every parser of commit text is linear-time and a message is cut to the per-commit caps
first, so these finish in seconds (``bench/hostile.py`` measures it); before, a 40,000-character
subject took 13 s and a 200 KB body 100 s.
"""

from __future__ import annotations

import itertools
import unicodedata
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commitcast.analyse import plan_episode
from commitcast.ingest import read_landed
from commitcast.ingest.messages import BODY_CAP, SUBJECT_CAP
from commitcast.model import Show, Window
from commitcast.write import write_script

MEGABYTE = 1 << 20

# Pieces that commit parsers look for, and characters a terminal acts on.
_PIECES = [
    " ", "\t", "\n", "\n\n", "a", "1", "1.5", ",", ".", "-", "…", "(", ")", "[", "]", "#12", "(#12)", "%",
    "x", "×", ":", '"', "`", "=", "a=b", "Revert ", "Reland", "faster", "by", "from", "to", "->", "ms", "GB",
    "reduce", "due to ", "Reverts o/r#1: ", "[comment]", "Co-authored-by: ", "Signed-off-by: x", "<", ">",
    "Stack from [ghstack]", "* #1", "fix(a): ", "[inductor] ", "https://github.com/o/r/pull/1", "```",
    "    ", "- ", "will be added", "H100", "\x1b[2J", "\x1b]0;title\x07", "\x9b31m", "\u202e", "\r",
    "[bold red]", ":skull:",
]  # fmt: skip

_unit = st.lists(st.sampled_from(_PIECES) | st.text(min_size=1, max_size=3), min_size=1, max_size=4).map("".join)


@st.composite
def megabyte_text(draw: st.DrawFn) -> str:
    """About a megabyte of one to three repeated units: runs are what make regexes backtrack."""
    runs = draw(st.lists(st.tuples(_unit, st.integers(1, MEGABYTE)), min_size=1, max_size=3))
    text = "".join(unit * (count // len(unit) + 1) for unit, count in runs)
    return (text * (MEGABYTE // len(text) + 1))[:MEGABYTE].replace("\x00", "")


def _printable(text: str) -> bool:
    return not any(unicodedata.category(ch) == "Cc" and ch not in "\n\t" for ch in text)


_counter = itertools.count()
WINDOW = Window(since=datetime(2025, 3, 26, tzinfo=UTC), until=datetime(2025, 3, 27, tzinfo=UTC))


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(subject=megabyte_text(), body=megabyte_text())
def test_megabyte_subjects_and_bodies_go_through_ingest_plan_and_script(make_repo, subject: str, body: str) -> None:
    repo = make_repo(f"repo{next(_counter)}")
    subject = subject.replace("\n", " ").replace("\r", " ").strip() or "x"
    repo.commit(f"{subject}\n\n{body}", files={"src/a.py": "x = 1\n"}, when="2025-03-26T09:00:00Z")

    (change,) = read_landed(repo.path, WINDOW.since, WINDOW.until, state_dir=repo.path / "state").changes
    assert 0 < len(change.title) <= SUBJECT_CAP
    assert len(change.body) <= BODY_CAP + 2  # head and tail, joined by a paragraph break
    assert _printable(change.title) and "\n" not in change.title and _printable(change.body)

    plan = plan_episode([change], Show(name="Big", slug="big"), WINDOW)
    script = write_script(plan)
    assert script.sentences
    assert all(_printable(s.text) for s in script.sentences)
