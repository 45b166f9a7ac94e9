"""What a change is, as claims that carry their evidence: each kind and severity the newsroom reads
from a change, with the text it rests on and how strong that is.

A kind is **strong** when the author or the data says it outright: a Conventional Commits type or a
bracket tag the author chose, a forge label, a trailer, a revert the message parses as one, every
file being a test (or docs, or a lockfile), or the title's own opening verb ("Fix …", "Add …").
It is **weak** when it is read from a word further into the title, from the body, or when the
title's words point two ways. The writer names a strong kind ("a crash fix from …") and tells a
weak one in the author's own words ("… added a check to prevent a memory overrun").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..model import Change, Claim, Evidence, EvidenceSource, Strength
from .classify import (
    BREAKING_TAGS,
    CONVENTIONAL_KIND,
    NO_FUNCTIONAL_CHANGE,
    PERF_PURPOSE,
    REMOVES_SUPPORT,
    TAG_KIND,
    Classification,
    bare_topic,
    breaking_section,
    file_kinds,
    reported_bug,
    severity_matches,
)
from .labels import read_labels
from .titles_parse import Subject

__all__ = ["change_claims", "strong", "strength_of", "claim_for", "EVIDENCE_CHARS"]

EVIDENCE_CHARS = 200
# The title's opening verb, when it says what kind of change this is outright.
_LEAD_VERBS: dict[str, str] = {
    **dict.fromkeys("fix fixes fixed fixing repair repairs correct corrects resolve resolves unbreak".split(), "fix"),
    **dict.fromkeys(
        "add adds added adding introduce introduces implement implements support supports enable enables expose "
        "exposes allow allows new create creates provide provides".split(),
        "feature",
    ),
    **dict.fromkeys("optimize optimise optimizes speed accelerate".split(), "performance"),
    **dict.fromkeys("document documents docs doc".split(), "docs"),
    **dict.fromkeys(
        "refactor refactors clean cleanup simplify simplifies rename renames restructure reorganize reorganise "
        "dedupe deduplicate consolidate unify tidy".split(),
        "refactor",
    ),
    **dict.fromkeys("test tests".split(), "tests"),
    **dict.fromkeys("bump bumps upgrade upgrades pin unpin".split(), "dependency"),
    **dict.fromkeys("revert reverts backout".split(), "revert"),
    **dict.fromkeys("reland reapply".split(), "reland"),
}
# Kinds the files alone can show.
_FILE_WORDS = {
    "tests": "every file it touches is a test", "docs": "every file it touches is documentation",
    "build": "every file it touches is build or CI configuration", "dependency": "it changes only dependency pins and lockfiles",
    "chore": "every file it touches lists who looks after the code",
}
_DEPENDENCY_SCOPES = frozenset({"deps", "dep", "dependencies", "deps-dev", "dev-deps", "lockfile"})
_DEPENDENCY_TOPIC = re.compile(
    r"(?i)^(?:update|upgrade|bump)\s+(?:the\s+)?(?:(?:[\w.-]+\s+){0,2}(?:dependency|dependencies)\b|all\s+(?:non-major\s+|major\s+)?dependencies\b|"
    r"rust crate\s|\S+\s+(?:action\s+|digest\s+)?to\s+v?\d|(?:the\s+)?[\w.-]+\s+(?:pin|commit pin|submodule)\b)"  # "Update Rust crate serde to v1", "Update pytorch pin for ET"
)
# A bump names the version it goes to or from ("bump ruff to 0.9.2", "upgrade to entities 5.0")
_TO_A_VERSION = re.compile(r"(?i)\b(?:to|from)\s+(?:\S+\s+)?[v^~>=]*\d|\d+\.\d+")
# A title whose object is documentation ("Better source-exclude reference docs", "Improve the CLI documentation")
_DOCS_TOPIC = re.compile(r"(?i)\b(?:docs|documentation|docstrings?|doc comments?|README)\W*$")
_SEVERITY_WORD = {"silent_correctness": "silently wrong results", "breaking": "a breaking change"}


def _ev(change: Change, source: EvidenceSource, text: str) -> Evidence:
    return Evidence(sha=change.sha, source=source, text=" ".join(text.split())[:EVIDENCE_CHARS])


def _lead(subject: Subject) -> str:
    words = re.findall(r"[A-Za-z][\w-]*", subject.topic)
    return words[0].lower() if words else ""


def _kind_evidence(
    kind: str, change: Change, subject: Subject, files: set[str], labelled: set[str], sentences: Sequence[str]
) -> tuple[list[Evidence], bool]:
    """The evidence for one kind, and whether any of it is outright."""
    found: list[Evidence] = []
    outright = False
    if subject.conventional and CONVENTIONAL_KIND.get(subject.conventional) == kind:
        scope = f"({subject.scope})" if subject.scope else ""
        found.append(_ev(change, "type", f"{subject.conventional}{scope}{'!' if subject.bang else ''}:"))
        outright = True
    for tag in subject.tags:
        if TAG_KIND.get(tag.lower()) == kind:
            found.append(_ev(change, "tag", f"[{tag}]"))
            outright = True
    if kind in labelled:
        found.append(_ev(change, "label", next(label for label in change.labels if kind in read_labels([label]).kinds)))
        outright = True
    if kind in files:
        found.append(_ev(change, "files", _FILE_WORDS[kind]))
        outright = True
    if kind in ("revert", "reland") and change.revert is not None:
        found.append(_ev(change, "title", change.title))
        outright = True
    if kind == "version":
        found.append(_ev(change, "title", subject.topic))
        outright = True
    if kind == "dependency" and (subject.scope or "").lower() in _DEPENDENCY_SCOPES:
        found.append(_ev(change, "type", f"{subject.conventional}({subject.scope}):"))  # "chore(deps): update build"
        outright = True
    elif kind == "dependency" and _DEPENDENCY_TOPIC.match(subject.topic):
        found.append(_ev(change, "title", subject.topic))  # "update dependency lint-staged to ^15.2.8"
        outright = True
    if kind == "docs" and _DOCS_TOPIC.search(subject.topic):
        found.append(_ev(change, "title", subject.topic))  # "Better source-exclude reference docs": docs, though in code comments
        outright = True
    if kind == "chore" and bare_topic(subject.topic):
        found.append(_ev(change, "title", subject.topic))
        outright = True
    if kind == "fix" and reported_bug(change):
        # a bug someone reported, and the issue the change fixes: "Reported-by: …", "Fixes #8772"
        said = [f"{key}: {value}" for key, values in change.trailers.items() if key.lower() in ("reported-by", "fixes") for value in values]
        found.append(_ev(change, "trailer", "; ".join(said)))
        outright = True
    if _LEAD_VERBS.get(_lead(subject)) == kind and not (kind == "dependency" and not _TO_A_VERSION.search(subject.topic)):
        # ("Bump linux unittest runner to linux.2xlarge.memory" bumps a CI machine, no dependency)
        found.append(_ev(change, "title", subject.topic))
        outright = True
    if kind == "performance" and not outright:
        # The author states the purpose: "… into C++ to speed up sharding".
        stated = next((t for t in sentences[:3] if PERF_PURPOSE.search(t)), None)
        if stated is not None:
            found.append(_ev(change, "body", stated))
            outright = True
    if not found:
        # Read from a word inside the title or from the body: the rules of classify found it there.
        source: EvidenceSource = "title" if kind not in ("performance",) or not change.body else "body"
        found.append(_ev(change, source, subject.topic))
    return found, outright


# Severities whose words in a body are specific enough to be the author's own account of the bug
# ("silently produced wrong outputs"; a security claim needs an advisory or a code change anyway).
_SPECIFIC = frozenset({"silent_correctness", "security"})


def _severity_claims(
    change: Change, subject: Subject, severity: Sequence[str], sentences: Sequence[str], fixes: bool
) -> list[Claim]:
    claims: list[Claim] = []
    labelled = set(read_labels(change.labels).severity)
    topic = f"{subject.label}: {subject.topic}" if subject.label else subject.topic
    in_title = set(severity_matches(topic))
    for level in severity:
        evidence: list[Evidence] = []
        strength: Strength = "weak"
        if level == "breaking" and subject.bang:
            scope = f"({subject.scope})" if subject.scope else ""
            evidence.append(_ev(change, "type", f"{subject.conventional or ''}{scope}!:"))
            strength = "strong"
        elif level == "breaking" and (tag := next((t for t in subject.tags if t.lower() in BREAKING_TAGS), None)):
            evidence.append(_ev(change, "title", f"[{tag}]"))  # the author's own tag on the title
            strength = "strong"
        elif level == "breaking" and "BREAKING CHANGE" in change.trailers:
            evidence.append(_ev(change, "trailer", "BREAKING CHANGE: " + change.trailers["BREAKING CHANGE"][0]))
            strength = "strong"
        elif level == "breaking" and REMOVES_SUPPORT.search(subject.topic):
            evidence.append(_ev(change, "title", subject.topic))  # users lose what the title names
            strength = "strong"
        elif level == "breaking" and (section := breaking_section(change.body)):
            evidence.append(_ev(change, "section", section))  # the author's own "Breaking Changes" section
            strength = "strong"
        if level in labelled:
            evidence.append(_ev(change, "label", level))
            strength = "strong"
        if level in in_title:
            evidence.append(_ev(change, "title", subject.topic))
            # "Add CI reproducer for … regression" names a regression it does not fix
            if fixes or level in _SPECIFIC or _LEAD_VERBS.get(_lead(subject)) in (None, "fix"):
                strength = "strong"
        advisory = _ADVISORY_ID.search(" ".join([change.body, *(v for vs in change.trailers.values() for v in vs)]))
        if level == "security" and advisory and not evidence:
            evidence.append(_ev(change, "body", advisory.group(0)))  # "CVE-2022-35252" on a line of its own (curl)
            strength = "strong"
        if not evidence:
            said = next((s for s in sentences if level in severity_matches(s)), "")
            evidence.append(_ev(change, "body", said or _SEVERITY_WORD.get(level, level)))
            # The body of a change its title calls a fix tells that fix's bug: the author's account,
            # unless the author says no user ever met it ("hardening … rather than fixing a user visible crash")
            strength = "strong" if said and (level in _SPECIFIC or fixes) and not _NO_USER_IMPACT.search(change.body) else "weak"
        if level == "security" and not _SAID_SECURITY.search(" ".join(e.text for e in evidence)) and "security" not in labelled:
            # "Fix buffer overflow" in a NIC driver's name buffer: a memory bug the author never calls a
            # security one (u-boot 540ab06ead); ranked as serious, told in the author's words, not labelled
            strength = "weak"
        claims.append(Claim(about="severity", value=level, strength=strength, evidence=evidence))
    return claims


# An author unsure the fix fixes it
_UNSURE_FIX = re.compile(
    r"(?i)\b(?:i|we)\s+(?:attempt|try|tried)\s+to\s+fix\b|\bcan(?:'|no)?t\s+(?:guarantee|be sure|confirm)\b|\b(?:may|might|hopefully)\s+fix(?:es)?\b"
)

_NO_USER_IMPACT = re.compile(
    r"(?i)\brather than fixing\b|\bnot (?:a |any )?user[- ]?(?:visible|facing)\b|\bno (?:in-repo |known |existing )?callers\b|"
    r"\bno user[- ]?(?:visible |facing )?impact\b|\bnever (?:hit|seen|triggered) in practice\b"
)
_ADVISORY_ID = re.compile(r"\bCVE-\d{4}-\d{4,}\b|\bGHSA(?:-[0-9a-z]{4}){3}\b", re.I)
_SAID_SECURITY = re.compile(r"(?i)\bsecurity\b|\bCVE-\d|vulnerab|\bexploit|advisory|\bGHSA-")


def change_claims(
    change: Change, subject: Subject, classification: Classification, sentences: Sequence[str]
) -> list[Claim]:
    """The kind and severity claims of one change, its kinds most telling first.

    When the title's words point two ways (its opening verb says one kind, a word further in
    another), only the kind its opening verb names is strong.
    """
    files = file_kinds(change)
    labelled = set(read_labels(change.labels).kinds)
    found = {kind: _kind_evidence(kind, change, subject, files, labelled, sentences) for kind in classification.kinds}
    # "Add a check to prevent memory overrun": the opening "add" says feature, but the title's own
    # words say it fixes something; an opening "add" names a feature only when nothing else does.
    title_only = [k for k, (ev, _) in found.items() if all(e.source in ("title", "body") for e in ev)]
    claims: list[Claim] = []
    for kind, (evidence, outright) in found.items():
        if outright and kind == "feature" and kind in title_only and len(title_only) > 1:
            outright = False
        if outright and kind in ("feature", "performance") and "tests" in files and kind in title_only:
            outright = False  # uv's "Allow additional assertions on command output" changed test helpers only: no feature users get
        if outright and kind in ("fix", "feature", "performance") and NO_FUNCTIONAL_CHANGE.search(change.body):
            outright = False  # u-boot's "Fix 512 MiB DRAM settings" corrected a comment: "No functional change"
        if outright and kind == "fix" and _UNSURE_FIX.search(change.body):
            outright = False  # executorch #10939: "I attempt to fix it … I can't guarantee this is the problem"
        if kind == "dependency" and change.is_bot:
            outright = True  # renovate's "Update rui314/setup-mold digest to 725a879": its bot says so (uv 2025-09-08 "build tweaks")
        claims.append(Claim(about="kind", value=kind, strength="strong" if outright else "weak", evidence=evidence))
    fixes = any(c.value == "fix" and c.strength == "strong" for c in claims)
    return claims + _severity_claims(change, subject, classification.severity, sentences, fixes) + _status_claims(change, subject, sentences)


# What puts a change behind a preview flag, as its title or first sentences say it (uv's "Add a
# preview option `uv init --build-backend uv --preview`", "behind `--preview`", "is in preview")
_PREVIEW = re.compile(
    r"(?i)\bpreview[- ](?:option|feature|flag|mode|only)\b|\b(?:behind|under|guarded by|requires|with) (?:the )?`?--?preview\b|"
    r"\bin preview\b|\(preview\)|\[preview\]"
)
_STABLE = re.compile(r"(?i)\bstabili[sz]\w*|\bstable\b|\bremov\w*|\bdrop\w*|\bout of preview\b|\bpromot\w*")


def _status_claims(change: Change, subject: Subject, sentences: Sequence[str]) -> list[Claim]:
    """A change whose new behaviour users get only in preview (opted into), as its message says."""
    if _STABLE.search(subject.topic):
        return []
    if _PREVIEW.search(subject.topic) or any(tag.lower() == "preview" for tag in subject.tags):
        return [Claim(about="status", value="preview", evidence=[_ev(change, "title", change.title)])]
    said = next((s for s in sentences[:3] if _PREVIEW.search(s)), None)
    return [Claim(about="status", value="preview", evidence=[_ev(change, "body", said)])] if said else []


def strength_of(claims: Iterable[Claim], about: str, value: str) -> Strength | None:
    """How strong the claim ``about``/``value`` is among ``claims`` (None: not claimed at all)."""
    found = [c.strength for c in claims if c.about == about and c.value == value]
    return "strong" if "strong" in found else found[0] if found else None


def strong(claims: Iterable[Claim], about: str) -> list[str]:
    """The values of the strong claims ``about`` something, in order."""
    return [c.value for c in claims if c.about == about and c.strength == "strong"]


def claim_for(claims: Iterable[Claim], about: str) -> Claim | None:
    """The first claim ``about`` something."""
    return next((c for c in claims if c.about == about), None)
