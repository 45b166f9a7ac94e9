"""The write stage's public API changes only on purpose."""

from __future__ import annotations

import inspect

import commitcast.write as write
from commitcast.analyse.recap import plan_recap
from commitcast.write import grounding, speech


def test_public_names() -> None:
    assert sorted(write.__all__) == sorted(
        ["LLMConfig", "Problem", "WRITERS", "check_script", "narrate", "spoken", "write_script"]
    )
    # Each name is what it says: a function, a class, or the tuple of writer names.
    for name in ("check_script", "narrate", "spoken", "write_script"):
        assert inspect.isfunction(getattr(write, name)), name
    for name in ("LLMConfig", "Problem"):
        assert inspect.isclass(getattr(write, name)), name
    assert set(write.WRITERS) == {"builtin", "llm"}


def test_signatures() -> None:
    assert str(inspect.signature(write.narrate)) == "(plan: 'EpisodePlan') -> 'Script'"
    sig = inspect.signature(write.write_script)
    assert list(sig.parameters) == ["plan", "writer", "llm"]
    assert sig.parameters["writer"].default == "builtin" and sig.parameters["llm"].default is None
    assert list(inspect.signature(speech.spoken).parameters) == ["text"]
    assert list(inspect.signature(grounding.check_script).parameters) == ["script", "plan"]
    assert list(inspect.signature(plan_recap).parameters) == ["plans", "show", "window"]
