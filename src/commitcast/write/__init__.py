"""write stage: an EpisodePlan told as a Script by a radio-style host, every fact grounded."""

from __future__ import annotations

from .grounding import Problem, check_script
from .llm import LLMConfig
from .narrator import narrate
from .speech import spoken
from .writer import WRITERS, write_script

__all__ = ["LLMConfig", "Problem", "WRITERS", "check_script", "narrate", "spoken", "write_script"]
