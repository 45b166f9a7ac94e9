"""commitcast: a git repository's daily activity, told as a developer-briefing podcast.

The front door, in three lines (docs/api.md has more)::

    import commitcast
    plan = commitcast.plan_day("path/to/repo", "2025-03-24")
    script = commitcast.write_script(plan)

Each step is one function: :func:`read_day` (ingest), :func:`plan_day` (analyse),
:func:`write_script` (write), :func:`voice_script` (voice), :func:`publish_site` (publish);
:func:`run_show` makes and publishes a configured show's episodes. The names in ``__all__``
are the public API and change only on purpose; the stage packages (``commitcast.ingest``,
``commitcast.analyse``, …) hold the parts for those who compose their own pipeline.
"""

from __future__ import annotations

from .api import Progress, plan_day, publish_site, read_day, run_show, voice_script, write_script
from .config import Config, ShowConfig, load_config, show_for_repo
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
from .pipeline import LOOKBACK, DayInput
from .runner import RunReport
from .store import Catalogue

__version__ = "0.1.0"

__all__ = [
    # the steps
    "read_day",
    "plan_day",
    "write_script",
    "voice_script",
    "publish_site",
    "run_show",
    "show_for_repo",
    "load_config",
    "LOOKBACK",
    "Progress",
    "Catalogue",
    # what they take and return
    "Config",
    "ShowConfig",
    "DayInput",
    "RunReport",
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
    "Story",
    "Window",
    # errors
    "StageError",
    "UserError",
    "__version__",
]
