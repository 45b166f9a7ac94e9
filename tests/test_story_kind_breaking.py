"""The "breaking" story kind: a lone change its authors marked as breaking is told as that first,
and a change the newsroom only reads as breaking from its words stays a plain single change."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from commitcast.analyse import plan_episode
from commitcast.ingest import read_landed
from commitcast.model import EpisodePlan, Show, StoryKind, Window
from commitcast.write import check_script, write_script

WINDOW = Window(since=datetime(2025, 3, 26, tzinfo=UTC), until=datetime(2025, 3, 27, tzinfo=UTC))
SHOW = Show(name="Widgets", slug="widgets")


def _plan(make_repo, message: str) -> EpisodePlan:
    repo = make_repo()
    repo.commit("Initial commit", files={"src/widgets/core.py": "x = 0\n"}, when="2025-03-20T09:00:00Z")
    repo.commit(
        message, files={"src/widgets/core.py": "x = 1\n", "src/widgets/transform.py": None},
        author="Kevin Deng <kevin@example.com>", when="2025-03-26T09:00:00Z",
    )
    repo.commit("docs: fix a typo in the readme", files={"README.md": "Widgets\n"}, when="2025-03-26T11:00:00Z")
    changes = read_landed(repo.path, WINDOW.since, WINDOW.until, state_dir=repo.path / "state").changes
    return plan_episode(changes, SHOW, WINDOW)


@pytest.mark.parametrize(
    "message",
    [
        "feat!: remove the reactivity transform",
        # a breaking fix is told as breaking first, not as "fixed a problem"
        "fix(core)!: remove the reactivity transform\n\nThe transform is gone; use plain refs.",
    ],
    ids=["feat", "scoped-fix"],
)
def test_a_change_its_author_marks_breaking_is_told_as_breaking(make_repo, message: str) -> None:
    plan = _plan(make_repo, message)
    (story,) = [s for s in plan.stories if "reactivity" in s.changes[0].title]
    assert story.kind is StoryKind.BREAKING
    assert b'"kind":"breaking"' in plan.to_json()
    script = write_script(plan)
    told = [s.text for s in script.sentences if any(c.sha == story.changes[0].sha for c in s.citations)]
    opening = next(t for t in told if "breaking" in t)
    assert "removed the reactivity transform" in opening
    assert "marked as breaking" in opening or "marked as a breaking change" in opening
    assert opening.startswith("Kevin Deng") or ", Kevin Deng" in opening
    # The opening has said it: no second "it's marked as a breaking change" warning after it.
    assert sum("breaking" in t for t in told) == 1
    assert check_script(script, plan) == []


def test_a_change_read_as_breaking_from_its_words_alone_stays_a_single_change(make_repo) -> None:
    # "Remove support for …" takes support away: the newsroom reads a breaking severity from the
    # title, but no author marked it, so it is told as any change is.
    plan = _plan(make_repo, "Remove support for Python 3.8")
    kinds = {s.kind for s in plan.stories}
    assert StoryKind.BREAKING not in kinds
    script = write_script(plan)
    assert not any("marked as breaking" in s.text for s in script.sentences)


def test_an_old_plan_without_the_kind_reads_back_the_same() -> None:
    old = (
        b'{"show":"Widgets","window":{"since":"2025-03-26T00:00:00Z","until":"2025-03-27T00:00:00Z"},'
        b'"title":"t","summary":"s","counts":{},"stories":[{"id":"s1","role":"other","headline":"h",'
        b'"people":["Kevin Deng"],"areas":[],"changes":[{"sha":"abc","title":"feat!: x"}],"kind":"single"}]}'
    )
    plan = EpisodePlan.from_json(old)
    assert plan.stories[0].kind is StoryKind.SINGLE
