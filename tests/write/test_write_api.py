"""The write stage's public API changes only on purpose."""

from __future__ import annotations

import inspect

import commitcast.write as write
from commitcast.analyse.recap import plan_recap
from commitcast.write import grounding, speech


def test_public_names() -> None:
    assert sorted(write.__all__) == sorted(
        ["LLMConfig", "Problem", "Style", "WRITERS", "builtin_style", "check_script", "check_writer", "load_style", "narrate",
         "speech_problems", "spoken", "write_script"]
    )
    for name in write.__all__:
        value = getattr(write, name)
        assert callable(value) or isinstance(value, tuple), name  # WRITERS is the one constant


def test_signatures() -> None:
    assert str(inspect.signature(write.narrate)) == "(plan: 'EpisodePlan', style: 'Style | None' = None) -> 'Script'"
    sig = inspect.signature(write.write_script)
    assert list(sig.parameters) == ["plan", "writer", "llm", "style"]
    assert sig.parameters["writer"].default == "builtin" and sig.parameters["llm"].default is None
    assert list(inspect.signature(speech.spoken).parameters) == ["text"]
    assert list(inspect.signature(grounding.check_script).parameters) == ["script", "plan", "style"]
    assert list(inspect.signature(plan_recap).parameters) == ["plans", "show", "window", "phrases"]
