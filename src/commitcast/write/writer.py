"""Choosing the writer: the builtin narrator by default, the LLM writer on request."""

from __future__ import annotations

from ..errors import UserError
from ..model import EpisodePlan, Script
from .llm import LLMConfig, write_with_llm
from .narrator import narrate
from .style import Style

__all__ = ["write_script", "WRITERS"]

WRITERS = ("builtin", "llm")


def write_script(
    plan: EpisodePlan, *, writer: str = "builtin", llm: LLMConfig | None = None, style: Style | None = None
) -> Script:
    """The plan's script, written by ``writer`` ("builtin" or "llm"; the LLM falls back, never fails),
    in the host ``style`` (the default host when None)."""
    if writer == "builtin":
        return narrate(plan, style)
    if writer == "llm":
        config = llm or LLMConfig.from_env()
        if config is None:
            raise UserError(
                "the llm writer needs COMMITCAST_LLM_BASE_URL and COMMITCAST_LLM_MODEL "
                "(and COMMITCAST_LLM_API_KEY if the endpoint wants one)"
            )
        return write_with_llm(plan, config, style=style)
    raise UserError(f"unknown writer {writer!r} (choose from: {', '.join(WRITERS)})")
