"""The one cache rule: a cached stage's code changes only with its version (or recorded as a change
that leaves its output as it was). docs/caching.md; the table is tests/stage_code.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from commitcast.errors import UserError
from commitcast.stagecode import (
    PACKAGE,
    STAGE_ENTRIES,
    all_stage_code,
    differences,
    load_table,
    record,
    stage_files,
)

TABLE = Path(__file__).resolve().parent / "stage_code.json"
HOW = (
    "bump its version (pipeline.STAGE_VERSIONS; ingest.PARSER_VERSION for 'changes') if its output "
    "for the same input changes, then run `python scripts/record_stage_code.py`; if it does not "
    "(a refactor), run `python scripts/record_stage_code.py --same-output STAGE`"
)


def test_every_stages_code_changes_only_with_its_version() -> None:
    recorded, now = load_table(TABLE), all_stage_code()
    changed = differences(recorded, now)
    assert not changed, "; ".join(
        f"the {stage} stage's code changed since version {now[stage].version} was recorded ({', '.join(files)})"
        for stage, files in changed.items()
    ) + f": {HOW}"
    bumped = {s: (recorded[s].version, now[s].version) for s in now if s in recorded and recorded[s].version != now[s].version}
    assert not bumped, f"versions bumped {bumped}: record the stages' new code with `python scripts/record_stage_code.py`"
    assert {s: c.files for s, c in recorded.items()} == {s: c.files for s, c in now.items()}, HOW


def _names(stage: str) -> set[str]:
    return {path.relative_to(PACKAGE).as_posix() for path in stage_files(stage)}


def test_a_stages_code_is_what_its_entry_points_import() -> None:
    plan, script, voice, changes = (_names(s) for s in ("plan", "script", "voice", "changes"))
    assert {"analyse/plan.py", "analyse/recap.py", "analyse/glossary.toml", "ingest/refs.py", "model.py"} <= plan
    # The host style words the plan's titles and headings: its phrases and style files are plan code.
    assert {"phrasebook.py", "write/styles/default.toml", "write/styles/newsroom.toml"} <= plan
    assert {"phrasebook.py", "dates.py", "write/styles/newsroom.toml"} <= script
    assert {"write/narrator.py", "write/llm.py", "write/styles/default.toml"} <= script
    assert {"voice/stage.py", "voice/mp3.py", "voice/transcripts.py", "publish/artwork.py", "write/speech.py"} <= voice
    assert {"ingest/messages.py", "ingest/changes.py", "ingest/numstat.py"} <= changes
    # The orchestration and everything after a stage is no part of it.
    for files in (plan, script, voice, changes):
        assert not files & {"pipeline.py", "runner.py", "__init__.py", "cli/__init__.py", "ingest/landed.py", "store.py"}
    assert not any(name.startswith(("publish/feed", "cli/", "ingest/github", "ingest/gitlab")) for name in plan | script | voice)
    assert "voice/stage.py" not in script and "write/narrator.py" not in plan


def test_a_comment_is_no_change_of_code_and_a_statement_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from commitcast import stagecode

    source = tmp_path / "m.py"
    source.write_text("x = 1\n", encoding="utf-8")
    before = stagecode._digest(source)
    source.write_text("# why x is one\n\nx = 1   \n", encoding="utf-8")
    assert stagecode._digest(source) == before
    source.write_text("x = 2\n", encoding="utf-8")
    assert stagecode._digest(source) != before


def test_recording_refuses_a_changed_stage_whose_version_did_not_move(tmp_path: Path) -> None:
    table = tmp_path / "stage_code.json"
    record(table)
    data = json.loads(table.read_text(encoding="utf-8"))
    data["plan"]["files"]["analyse/plan.py"] = "0" * 16  # as if plan.py had changed since
    table.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(UserError, match=r"the plan stage's code changed \(~analyse/plan.py\) but its version is still"):
        record(table)
    assert json.loads(table.read_text(encoding="utf-8"))["plan"]["files"]["analyse/plan.py"] == "0" * 16
    assert record(table, same_output=["plan"]) == {"plan": ["~analyse/plan.py"]}
    assert load_table(table) == all_stage_code()
    data["plan"]["version"] = "0"  # a bumped version records without a word
    table.write_text(json.dumps(data), encoding="utf-8")
    assert record(table) == {}


def test_every_cached_stage_is_in_the_table() -> None:
    assert set(load_table(TABLE)) == set(STAGE_ENTRIES) == {"changes", "plan", "script", "voice"}
