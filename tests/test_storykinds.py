"""The registry of story kinds is the one vocabulary of story kinds: the model's Story.kind is its enum."""

from __future__ import annotations

from commitcast.model import Story
from commitcast.storykinds import STORY_KINDS, StoryKind, spec_of


def test_the_registry_holds_every_kind() -> None:
    assert set(STORY_KINDS) == {kind.value for kind in StoryKind}
    assert all(spec_of(kind).kind == kind for kind in StoryKind)


def test_a_plans_story_kind_reads_back_as_the_enum() -> None:
    story = Story(id="s1", role="other", headline="h", people=[], areas=[], changes=[], kind=StoryKind.REVERT)
    back = Story.from_json(story.to_json())
    assert back.kind is StoryKind.REVERT and b'"kind":"revert"' in story.to_json()
