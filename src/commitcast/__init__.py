"""commitcast: a git repository's daily activity, told as a developer-briefing podcast."""

from __future__ import annotations

from .errors import StageError, UserError
from .model import (
    Audio,
    Change,
    ChangeRef,
    Chapter,
    Citation,
    Episode,
    EpisodePlan,
    Fact,
    FileChange,
    NextItem,
    Person,
    PullRequest,
    Revert,
    Script,
    Section,
    Sentence,
    SentenceTiming,
    Show,
    Stack,
    Story,
    Window,
)

__version__ = "0.1.0"

__all__ = [
    "Audio",
    "Change",
    "ChangeRef",
    "Chapter",
    "Citation",
    "Episode",
    "EpisodePlan",
    "Fact",
    "FileChange",
    "NextItem",
    "Person",
    "PullRequest",
    "Revert",
    "Script",
    "Section",
    "Sentence",
    "SentenceTiming",
    "Show",
    "Stack",
    "StageError",
    "Story",
    "UserError",
    "Window",
    "__version__",
]
