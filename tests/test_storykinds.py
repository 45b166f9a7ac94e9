"""The registry of story kinds and the model's vocabulary name the same kinds."""

from __future__ import annotations

from typing import get_args

from commitcast.model import StoryKindName
from commitcast.storykinds import STORY_KINDS, spec_of


def test_the_registry_names_every_kind_the_model_allows() -> None:
    assert set(STORY_KINDS) == set(get_args(StoryKindName))
    assert all(spec_of(kind).kind.value == kind for kind in STORY_KINDS)
