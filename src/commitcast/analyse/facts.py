"""A change's measured claims: its title's and prose's facts (read by :mod:`commitcast.text.measures`),
plus a line-count fact for a big deletion."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ..model import Change, Fact
from ..text import facts_from_text, is_verb, names_comparison, prose_sentences

__all__ = ["extract_facts"]


def _stat_fact(change: Change) -> Fact | None:
    """A big, mostly-deleting change: its line count is a measured fact too."""
    if change.deleted >= 500 and change.added * 4 <= change.deleted:
        return Fact(
            text=f"removes {change.deleted:,} lines",
            kind="lines",
            sha=change.sha,
            pr=change.pr.number if change.pr else None,
            value=float(change.deleted),
            unit="lines",
            source="diff stats",
        )
    return None


_HEDGED = re.compile(
    r"\b(?:underwhelming|noisy|in the noise|within (?:the )?noise|not (?:statistically )?significant|marginal(?:ly)?|negligible)\b", re.I
)
# A figure its own sentence calls an overhead within noise: uv #20963's "repeated fresh-cache runs ranged
# from 6% slower to 2% faster, with substantial run-to-run variation" measured a cost, no speed-up
_NO_EFFECT = re.compile(r"(?i)\brun-to-run variation|\bno (?:consistent|measurable|noticeable|significant) (?:\w+[- ])?(?:slowdown|regression|difference|change)\b")
_CLEAR_FACTOR = 1.5
_NOT_PRODUCT_SPEED = re.compile(
    r"(?i)\bnot an? (?:\w+ ){0,2}(?:runtime|inference|model|kernel|user-facing) speed-?ups?\b|"
    r"\b(?:developer|dev|workflow|build|compile|ci|iteration)[- ](?:workflow |time |iteration )?speed-?ups?\b(?! (?:of|for) (?:users|the runtime))"
)
_OTHER_PR = re.compile(r"(?:(?<![\w&])#|\b(?:PR|pull request) #?)(\d{2,7})\b", re.I)


# GitHub's squash message lists the squashed commits' titles as "* title", each followed by a blank line.
_SQUASHED_STEP = re.compile(r"^\* (\S.*)\n(?:\n|\Z)", re.M)


def _squashed_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def _squashed_steps(body: str) -> set[str]:
    """The titles of a squash's commits (three or more), in a form a fact's sentence can be matched by."""
    steps = _SQUASHED_STEP.findall(body + "\n")
    return {_squashed_key(t) for t in steps} if len(steps) >= 3 else set()


# An item of a list, with its wrapped lines: "1. Fuse SiLU into MoE GEMM2: …", "- Replace …"
_LIST_ITEM = re.compile(r"^[ \t]*(?:\d{1,2}[.)]|[-*])[ \t]+(\S[^\n]*(?:\n[ \t]+\S[^\n]*)*)", re.M)


def _listed_steps(body: str) -> list[str]:
    """The items of a list of three or more steps of work, each opening with an order ("Fuse …",
    "Replace …"), in the form a fact's sentence is matched by; none for a list of results."""
    items = _LIST_ITEM.findall(body)
    if len(items) < 3 or not all(is_verb(item.split(" ", 1)[0].lower()) for item in items):
        return []
    return [_squashed_key(item) for item in items]


def extract_facts(change: Change, sentences: Sequence[str] | None = None) -> list[Fact]:
    """Every measured claim of a change's title and body, plus a line-count fact for big deletions.

    ``sentences`` are the body's prose when the caller has them already.
    """
    if sentences is None:
        sentences = prose_sentences(change.body)
    own = change.pr.number if change.pr else None
    # A figure said of another pull request is that one's ("#17682's 6min → 10s", ExecuTorch 2026-08-12).
    # (a sentence that goes on from a link, "this enables https://… to work", is said of what it links)
    sentences = [s for s in sentences if not any(int(n) != own for n in _OTHER_PR.findall(s)) and "://" not in s]
    # a figure its next sentence turns from ("On smaller tasks performance is mixed with ~2% …. However,
    # on medium-large resolution tasks … 10-50%") is the minor half: uv #3627 told only the 2%
    sentences = [s for n, s in enumerate(sentences) if not (n + 1 < len(sentences) and re.match(r"(?i)however\b", sentences[n + 1])
                                                              and re.search(r"\d", sentences[n + 1]))]
    facts = facts_from_text([change.title, *sentences], change.sha, own)
    steps = _squashed_steps(change.body)
    listed = _listed_steps(change.body)
    if steps or listed:
        # "* FlyDSL 32x1: multi-wave workgroups for ~2x speedup" timed one step of a squashed pull
        # request, not what it brings (ao #4357); "5. Replace F.conv1d … (64ms -> 4ms per step)" one of
        # five optimisations (executorch #18392): kept as evidence, never said as the change's effect
        facts = [replace(f, compares="step", strength="weak") if (key := _squashed_key(f.source or "")) in steps
                 or any(key and key in item for item in listed) else f for f in facts]
    facts = [f for f in facts if f.kind not in ("speedup", "runtime", "percent", "throughput") or not _NO_EFFECT.search(f.source or "")]
    if _HEDGED.search(change.body):
        # uv #1307's "a 1.1x speedup" its author called noisy and "somewhat underwhelming": a small
        # figure its own author doubts is no effect to announce
        facts = [f for f in facts if f.kind not in ("speedup", "runtime") or (f.factor or 0) >= _CLEAR_FACTOR]
    unlisted = any(k.lower() == "changelog" and any(v.strip().lower().startswith("none") for v in vs) for k, vs in change.trailers.items())
    if _NOT_PRODUCT_SPEED.search(change.body) or unlisted or re.search(r"(?im)^\s*changelog:\s*none\b", change.body):
        # (clippy's "changelog: none" marks no change users see: "Remove deps"'s 2.1 s → 0.7 s was its
        # developer tool's, told as "runtimes got about three times faster"; 2022-04-02)
        # "This is a developer workflow speedup, not a model runtime speedup" (executorch #19018's "8x
        # faster" local rebuilds): no speed of the product to announce
        facts = [f for f in facts if f.kind not in ("speedup", "runtime", "percent", "throughput")]
    # A figure of two things compared whose words leave out one of them ("ET decode is +12-18% faster",
    # of "vs llama.cpp: …") cannot be said with what it compares: it is no claim to make (executorch #20086)
    facts = [f for f in facts if f.compares != "settings" or names_comparison(f.text)]
    if not any(f.kind == "lines" for f in facts):
        stat = _stat_fact(change)
        if stat:
            facts.append(stat)
    return facts
