"""Retelling an author's sentence in the host's voice, closely enough that the checker can hold
the host to it: the same words, with "This PR …" said as "the change …" and the first letter
fit to follow an attribution ("As Ada explains, the matcher …"). First-person sentences ("We
now …") are quoted rather than retold, since the host is not the "we"."""

from __future__ import annotations

import re

from ..text import IMPERATIVE_VERBS as _IMPERATIVE
from ..text import PLAIN_OPENERS as _PLAIN
from ..text import SUBJECT_OF as _SUBJECT_OF
from ..text import is_verb, said_alternatives, third_person

__all__ = ["retold", "first_person"]

# (u-boot's "This patch set adds support …" was "the change sets adds support")
_LEAD = re.compile(r"^(?:this|the) (?:pr|pull request|change ?set|change|diff|commit|patch ?set|patch ?series|patch|series)\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:I|we|our|us|my|me|I'm|I've|I'd|we're|we've|we'd|let's)\b", re.I)


_STATES = re.compile(r"^(?:\S+ ){0,3}(?:is|are|was|were|has|have|had)\b")


def first_person(text: str) -> bool:
    """The author speaks for themselves ("we", "I"): quote, do not retell."""
    return _FIRST_PERSON.search(text) is not None



def _agrees(verb: str) -> str:
    """A verb after "the change" in the third person: "add" -> "adds", "adds" and "added" stay."""
    if verb in _IMPERATIVE:
        return third_person(verb.lower())
    return verb


def _base_form(word: str) -> str | None:
    """The verb a third-person form ("replaces", "adds", "unifies") is of, when it is one we know."""
    for cut, add in (("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(cut) and word[: -len(cut)] + add in _IMPERATIVE:
            return word[: -len(cut)] + add
    return None


def retold(text: str) -> str:
    """``text`` as the host says it after "As <person> explains, …"."""
    said = _retold(text)
    if said.startswith("the change "):  # "… fixes the use of 'your' and reflow the text": both deeds agree
        said = re.sub(
            r"\b(and|then) ([a-z]+)\b(?= (?:the|a|an|it|its|them|all)\b)",
            lambda m: f"{m.group(1)} {third_person(m.group(2)) if is_verb(m.group(2)) else m.group(2)}", said,
        )
    return said


# What an order acts on right after its verb ("… that when …", "… the connection …")
_ORDERED_OBJECT = re.compile(r"(?:that|the|a|an|all|each|every|its|their|which|whether)\s")
# A sentence that opens by naming what the change is, with no verb of its own ("First step toward …")
_STEP = re.compile(r"^(?:(First|Second|Third|Next|Final|Last|Another|One|A|An)\s+)?(step|part|piece|stage|phase|preparation|prep|groundwork|follow-up|followup)\s+(?:toward|towards|of|for|to|in)\b", re.I)
_ORDINALS = frozenset(("first", "second", "third", "next", "final", "last"))
_CLAUSE_OPENERS = frozenset("while whilst although though since if when as because unless whereas once until after before".split())


def _retold(text: str) -> str:
    text = said_alternatives(" ".join(text.split()))  # "on/off loading" is "on and off loading"
    text = _LEAD.sub("the change", text, count=1)
    # "This series from Marek Vasut brings …": the host has named the author already
    text = re.sub(r"^the change (?:from|by) (?:[A-Z][\w'’.-]*\s){1,4}(?=[a-z])", "the change ", text)
    # "This PR add quantized support": the author's slip, said as the change "adds" it.
    text = re.sub(r"^the change ([a-z]+)\b", lambda m: f"the change {_agrees(m.group(1))}", text)
    # "This PR changes RMSNorm to …", "This diff introduces a minor change …": no "the change changes"
    text = re.sub(r"^the change (changes|introduces a (?:minor |small )?change)\b", "it \\1", text)
    step = _STEP.match(text)
    if step:  # "First step toward plan-then-execute for reductions, …": what the change is, said whole
        which = (step.group(1) or "").lower()
        article = "the " if which in _ORDINALS else "" if which else ("" if step.group(2).lower() in ("part", "groundwork", "prep", "preparation") else "a ")
        return f"the change is {article}{text[:1].lower()}{text[1:]}"
    first, _, rest = text.partition(" ")
    # "While the intention … is correct, it leads to …" opens a clause, no order (u-boot 28543da74's "the change whiles")
    if rest and first.isalpha() and first.lower() not in _CLAUSE_OPENERS and (first[:1].isupper() or first.islower()):
        # "Reuse one pool …"; not "Patch 1 moves …", nor "Fuse readout support is present" (a statement)
        if first.lower() in _IMPERATIVE and not _SUBJECT_OF.match(rest) and not rest[:1].isdigit() and not _STATES.match(rest):
            return f"the change {third_person(first.lower())} {rest}"
        if first[:1].isupper() and is_verb(first.lower()) and _ORDERED_OBJECT.match(rest) and not _STATES.match(rest):
            # any verb giving an order ("Determine that when the last transfer is done …", curl
            # e2768b69a) is the change's deed; "As Stefan Eissing describes it, Determine …" was heard
            return f"the change {third_person(first.lower())} {rest}"
        base = _base_form(first.lower())
        if base is not None and not rest.startswith("of "):  # "Replaces model-specific loaders …" ("Uses of X" are uses)
            return f"the change {first.lower()} {rest}"
    # "As ssjia explains, adding a debug print shader …": a gerund is no name to keep capitalised.
    gerund = first.endswith("ing") and first[:1].isupper() and first[1:].islower() and len(first) > 5
    if first.lower().rstrip(",;:") in _PLAIN or first == "The change" or gerund:  # "Currently, clone ops …"
        text = text[:1].lower() + text[1:]
    return text
