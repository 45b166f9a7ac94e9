"""The package's front door: its public names change only on purpose, and docs/api.md's
examples run as written."""

from __future__ import annotations

import doctest
import inspect
import logging
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import commitcast
from commitcast import api, config, errors, model, pipeline, runner, store

DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"

FRONT_DOOR = ["read_day", "plan_day", "write_script", "voice_script", "publish_site", "run_show"]


def test_public_names() -> None:
    assert sorted(commitcast.__all__) == sorted(
        [
            *FRONT_DOOR,
            *["show_for_repo", "load_config", "LOOKBACK", "Progress", "Config", "ShowConfig", "DayInput"],
            *["Audio", "Change", "ChangeRef", "Chapter", "Citation", "Episode", "EpisodePlan", "Fact"],
            *["FileChange", "NextItem", "Person", "PullRequest", "Revert", "Script", "Section", "Sentence"],
            *["SentenceTiming", "Show", "Stack", "Story", "Window", "StageError", "UserError", "__version__"],
            *["Catalogue", "RunReport"],
        ]
    )
    homes = (api, config, errors, model, pipeline, runner, store)
    for name in commitcast.__all__:
        if name == "__version__":
            continue
        exported = getattr(commitcast, name)
        # Each name is its defining module's own object, not a copy or a stand-in.
        assert any(vars(home).get(name) is exported for home in homes), name


def test_front_door_signatures() -> None:
    def parameters(function: Callable[..., object]) -> list[str]:
        return list(inspect.signature(function).parameters)

    day = ["tz", "branch", "state_dir", "lookback", "progress"]
    assert parameters(commitcast.read_day) == ["repo", "day", *day]
    assert parameters(commitcast.plan_day) == ["repo", "day", "name", *day, "style"]
    assert parameters(commitcast.write_script) == ["plan", "writer", "llm", "style"]
    assert parameters(commitcast.voice_script) == ["script", "out_dir", "voice", "rate", "workers", "artwork", "progress"]
    assert parameters(commitcast.publish_site) == ["show", "episodes", "site_dir", "feed_limit"]
    assert parameters(commitcast.run_show) == [
        "config", "show", "days", "recap_weeks", "executor", "workers", "ray_address", "wait", "github_api_url",
        "gitlab_api_url", "progress",
    ]
    for name in FRONT_DOOR:
        function = getattr(commitcast, name)
        assert function.__doc__ and name in DOC.read_text(encoding="utf-8"), name
        # Only the repository (or artifact) and the day are positional; every option is named.
        kinds = [p.kind for p in inspect.signature(function).parameters.values()]
        assert kinds.count(inspect.Parameter.POSITIONAL_OR_KEYWORD) <= 3, name


def _sections() -> dict[str, list[tuple[int, str]]]:
    """docs/api.md's ``pycon`` blocks by section heading, with the line each starts on."""
    sections: dict[str, list[tuple[int, str]]] = {}
    heading = ""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    block: list[str] | None = None
    for number, line in enumerate(lines, start=1):
        if block is not None:
            if line.startswith("```"):
                sections.setdefault(heading, []).append((number - len(block), "\n".join(block) + "\n"))
                block = None
            else:
                block.append(line)
        elif line.startswith("## "):
            heading = line[3:]
        elif line.startswith("```pycon"):
            block = []
    return sections


def _run_examples(blocks: list[tuple[int, str]]) -> None:
    """Run the blocks in order in one namespace, as a reader pasting them into Python would."""
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    names: dict[str, object] = {}
    report: list[str] = []
    for line, text in blocks:
        example = parser.get_doctest(text, names, f"docs/api.md:{line}", str(DOC), line - 1)
        example.globs = names  # a DocTest copies its names; the next block must see this one's
        runner.run(example, out=report.append, clear_globs=False)
    assert runner.failures == 0, "".join(report)


@pytest.fixture
def tiny(make_repo, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The doc's repository, as the working directory: a tokenizer sped up, fixed and documented."""
    repo = make_repo("tiny")
    repo.commit("Add the tokenizer (#11)", files={"src/tok.py": "x = 1\n"}, when="2025-03-20T10:00:00+00:00")
    repo.commit(
        "Speed up the tokenizer by 30% (#12)\n\nTokenizing a 1 MB file fell from 2.0s to 1.4s.",
        files={"src/tok.py": "x = 2\n"},
        author="Grace Hopper <grace@example.com>",
        when="2025-03-24T10:00:00+00:00",
    )
    repo.commit(
        "Fix an off-by-one in the tokenizer (#13)", files={"src/tok.py": "x = 3\n"}, when="2025-03-24T12:00:00+00:00"
    )
    repo.commit(
        "Document the tokenizer (#14)",
        files={"docs/tok.md": "Usage\n"},
        author="Alan Turing <alan@example.com>",
        when="2025-03-24T15:00:00+00:00",
    )
    repo.set_origin("https://github.com/example/tiny.git")
    monkeypatch.chdir(repo.path)
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    monkeypatch.delenv("GH_TOKEN", raising=False)
    return repo.path


def test_the_three_line_quick_start_plans_and_scripts_a_day(tiny: Path) -> None:
    first = _sections()["Plan and script a day"][0]
    assert first[1].count(">>> ") == 3 and "plan_day" in first[1] and "write_script" in first[1]
    _run_examples([first])


def test_the_planning_examples_run(tiny: Path) -> None:
    sections = _sections()
    _run_examples(sections["Plan and script a day"] + sections["One step at a time"])


@pytest.mark.tts
def test_every_example_runs(tiny: Path) -> None:
    _run_examples([block for blocks in _sections().values() for block in blocks])
    assert (tiny / "episode" / "episode.mp3").stat().st_size > 10_000


def test_the_examples_can_fail(tiny: Path) -> None:
    with pytest.raises(AssertionError, match=re.escape("docs/api.md:1")):
        _run_examples([(1, ">>> import commitcast\n>>> commitcast.plan_day('.').show\n'not tiny'\n")])


def test_warnings_go_to_the_logger_and_the_cli_prints_them(
    make_repo, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    repo = make_repo()
    repo.commit("Add the parser (#1)", files={"p.py": "x = 1\n"}, when="2025-03-25T09:00:00+00:00")
    repo.commit("Fix the parser (#2)", files={"p.py": "x = 2\n"}, when="2025-03-26T09:00:00+00:00")
    clone = repo.clone(tmp_path / "clone", depth=1)
    with caplog.at_level(logging.WARNING, logger="commitcast"):
        day = commitcast.read_day(clone, "2025-03-26", state_dir=tmp_path / "state")
    assert [c.title for c in day.changes] == ["Fix the parser"]
    assert any(r.getMessage().startswith("the history is shallow") for r in caplog.records)
    done = subprocess.run(
        [str(Path(sys.executable).with_name("commitcast")), "plan", str(clone), "--date", "2025-03-26"],
        capture_output=True, text=True, check=False, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"},
    )
    assert done.returncode == 0 and "Fix the parser" in done.stdout
    assert done.stderr.startswith("warning: the history is shallow"), done.stderr
