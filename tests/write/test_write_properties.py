"""Properties of the builtin narrator over many random plans: grounded, bounded, clean.

One test checks every property of each generated plan, because generating plans costs
far more than narrating them.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from write_days import plans

from commitcast.model import EpisodePlan, Script
from commitcast.write import check_script, narrate, speech_problems, spoken
from commitcast.write.host import opening
from commitcast.write.narrator import WORDS_PER_MINUTE, word_count

_RESIDUE = re.compile(r"[{}]|\bNone\b|\bnull\b|\s{2}|\s[,.]")
_BAD_PLURAL = re.compile(
    r"(?<![\d.])1 [a-z]+s\b|\bone (?:changes|people|pull requests|fixes|reverts)\b"
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plans())
def test_builtin_scripts_hold_up(plan: EpisodePlan) -> None:
    script = narrate(plan)

    # Grounded: the checker finds nothing the plan does not support.
    assert check_script(script, plan) == []
    # Told for the ear: no hashes, paths or raw merge subjects, at most three PR numbers,
    # no sentence over 40 words and none said twice.
    assert speech_problems(script) == []
    # Chapter titles are short headlines, never a cut-off subject.
    assert all(len(section.title) <= 60 and not section.title.endswith("…") for section in script.sections)

    # Length: never over eight minutes; a quiet day stays short.
    minutes = word_count(script.sections) / WORDS_PER_MINUTE
    assert minutes <= 8
    if plan.counts["changes"] <= 1 and len(plan.stories) + len(plan.quick_hits) <= 1:
        assert minutes <= 1.5
    assert script.sections[0].kind == "cold_open" and script.sections[-1].kind == "sign_off"

    # Clean sentences: no template residue, proper plurals, capitalised, punctuated, speakable.
    for sentence in script.sentences:
        text = sentence.text
        assert not _RESIDUE.search(text), text
        assert not _BAD_PLURAL.search(text), text
        assert text[:1].isupper() or text[:1] in '“"', text
        assert text.endswith((".", "!", "?")), text
        assert spoken(text)

    # No two sentences in a row open with the same word.
    sentences = script.sentences
    for a, b in zip(sentences, sentences[1:], strict=False):
        assert opening(a.text) != opening(b.text), (a.text, b.text)

    # Deterministic, serialisable, and sections point at real stories.
    assert narrate(plan) == script
    assert Script.from_json(script.to_json()) == script
    stories = {s.id for s in plan.stories}
    assert all(s.story_id in stories for s in script.sections if s.story_id)
