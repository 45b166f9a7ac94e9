"""write stage: an EpisodePlan told as a Script by a radio-style host, every fact grounded."""

from __future__ import annotations

from .grounding import Problem, check_script
from .llm import LLMConfig
from .narrator import narrate
from .speech import spoken
from .speech_rules import speech_problems
from .style import Style, builtin_style, load_style
from .writer import WRITERS, check_writer, write_script

__all__ = [
    "LLMConfig", "Problem", "Style", "WRITERS", "builtin_style", "check_script", "check_writer", "load_style", "narrate", "speech_problems",
    "spoken", "write_script",
]
