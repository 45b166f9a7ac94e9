"""Choosing the writer: the builtin narrator by default, the LLM writer on request."""

from __future__ import annotations

from typing import get_args

from ..errors import UserError
from ..model import EpisodePlan, Script, WriterName
from .llm import LLMConfig, write_with_llm
from .narrator import narrate
from .style import Style

__all__ = ["write_script", "check_writer", "WRITERS"]

WRITERS: tuple[WriterName, ...] = get_args(WriterName)


def check_writer(name: str) -> WriterName:
    """``name`` when it names a writer, else a UserError."""
    for writer in WRITERS:
        if name == writer:
            return writer
    raise UserError(f"unknown writer {name!r} (choose from: {', '.join(WRITERS)})")


def write_script(
    plan: EpisodePlan, *, writer: WriterName = "builtin", llm: LLMConfig | None = None, style: Style | None = None
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
    return write_script(plan, writer=check_writer(writer), llm=llm, style=style)  # an untyped caller's name
