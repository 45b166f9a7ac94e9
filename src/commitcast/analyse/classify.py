"""What kind of change this is, and how serious the problem it addresses.

Kinds (a change can carry several): feature, fix, correctness, performance, refactor, tests,
build (build / CI / release), docs, dependency, revert, reland, chore (formatting, typos, merges).
Severity signals: silent_correctness, correctness, crash, hang, regression, security, breaking, leak.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import PurePosixPath
from typing import get_args

from ..ingest import parse_revert
from ..model import Change, ChangeKind, Severity
from ..text import prose_sentences, states_failure
from .labels import read_labels
from .titles_parse import Subject

__all__ = [
    "KINDS", "SEVERITIES", "Classification", "classify", "classify_title", "primary_kind", "CONVENTIONAL_KIND",
    "TAG_KIND", "OWN_VERSION", "PERF_PURPOSE", "NO_FUNCTIONAL_CHANGE", "says_no_effect", "REMOVES_SUPPORT", "file_kinds", "severity_matches",
]

KINDS: tuple[ChangeKind, ...] = get_args(ChangeKind)
SEVERITIES: tuple[Severity, ...] = get_args(Severity)


@dataclass(frozen=True)
class Classification:
    """The kinds of a change (most telling first) and its severity signals."""

    kinds: tuple[ChangeKind, ...]
    severity: tuple[Severity, ...]


def _words(*alternatives: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b", re.I)


CONVENTIONAL_KIND: dict[str, str | None] = {
    "feat": "feature", "feature": "feature", "fix": "fix", "bugfix": "fix", "hotfix": "fix",
    "doc": "docs", "docs": "docs", "style": "chore", "refactor": "refactor", "perf": "performance",
    "test": "tests", "tests": "tests", "build": "build", "ci": "build", "chore": "chore",
    "release": "version", "deps": "dependency", "revert": "revert", "workflow": "build",
    # Types others use ("types:", "dx:", "wip:" in Vue's convention) that declare no kind: the
    # words say what the change is.
    "types": None, "dx": None, "wip": None,
}
TAG_KIND = {
    "be": "refactor", "bug": "fix", "bugfix": "fix", "fix": "fix", "hotfix": "fix", "perf": "performance",
    "performance": "performance", "test": "tests", "tests": "tests", "docs": "docs", "doc": "docs",
    "ci": "build", "build": "build", "release": "version", "reland": "reland", "reapply": "reland",
    "revert": "revert", "feat": "feature", "feature": "feature", "refactor": "refactor",
    "cleanup": "refactor", "lint": "chore", "format": "chore", "typo": "chore", "typos": "chore", "style": "chore",
    "spelling": "chore", "comments": "docs", "deps": "dependency", "dependencies": "dependency",
    "deps-dev": "dependency", "dev-deps": "dependency",
}

_RELAND_TITLE = re.compile(r"^\s*(\[?re-?land\]?|reapply|re-?apply|revert\s+\"revert\b)|\(re-?land\)|\bre-?land\b", re.I)
_REVERT_TITLE = re.compile(r"^\s*(revert|back\s*out|backout)\b", re.I)
_DEPENDENCY = re.compile(
    r"^\s*(bump|upgrade|update|pin|unpin)\b.*\b(from\s+v?\d|to\s+v?\d|pins?|pinned|version|commit hash|"
    r"submodule|dependenc(y|ies)(?!\s+(?:docs?|documentation|guide|pages?|sections?))|requirements?)\b|"
    # "Bump arm cortex size test" raises a limit; "Bump black and ruff" moves tools on
    r"^\s*(bump|pin)\s+(?!.*\b(?:limits?|thresholds?|sizes?|timeouts?|tolerances?|budgets?|tests?)\b)\S+|\bchore\(deps\)|\bdependabot\b|"
    # pre-commit.ci's "pre-commit autoupdate" moves the lint tools' pinned versions on: no tidy-up (pip 2026-01-05)
    r"^\s*(?:\[pre-commit\.ci\]\s*)?pre-commit autoupdate\b|"
    r"^\s*(?:avoid|exclude|skip|blocklist|blacklist)\s+[\w.-]+\s+v?\d+(?:\.\d+)+\s*$",  # "Avoid setuptools 60.6.0": a pin
    re.I,
)
# The project's own version moving on ("Bump version to 0.3.0", "Prepare v2025.10-rc5",
# "Bump for release"): a release or a new cycle, never a dependency update.
OWN_VERSION = re.compile(
    r"^\s*(?:(?:bump|bumped|update|set|increase|increment|change)\s+(?:the\s+)?(?:project\s+|package\s+|crate\s+|app\s+)?"
    r"versions?(?:\s+(?:number|string))?\b(?!\s+of\b)|bump(?:ed)?\s+(?:for|to)\s+(?:release|development|dev)\b|"
    r"prepare\s+(?:for\s+)?(?:the\s+)?(?:release\s+(?:of\s+)?)?v?\d[\w.-]*\s*$|(?:release|releasing|version)\s+v?\d+(?:\.\d+)+\S*\s*$|"
    r"v?\d+(?:\.\d+)+(?:-?rc\d+)?\s*$|start\s+(?:the\s+)?v?\d[\w.]*\s+(?:cycle|development)\b)",
    re.I,
)
_DEPENDENCY_FILES = re.compile(
    r"(requirements[^/]*\.txt|ci_commit_pins/|\.pin$|package(-lock)?\.json|poetry\.lock|uv\.lock|"
    r"Cargo\.lock|go\.sum|yarn\.lock|\.gitmodules)$"
)
_FIX = _words(
    r"fix(?:es|ed|ing)?", "bug", "bugs", "bug ?fix(?:es)?", "hotfix(?:es)?", "workaround", r"regression(?!\s+(?:tests?|testing|coverage|suites?|checks?))", "crash(?:es|ed)?",
    "broken", "unbreak", "resolve[sd]?", "incorrect(?:ly)?", "wrong", "mismatch(?:es)?", "repair",
    "missing", "flaky", "guard against", "prevent",
)
# Subjects starting with these verbs describe a fix even without the word "fix".
_FIX_VERBS = frozenset(
    "handle handles guard validate reject stop avoid prevent ensure correct restore respect honor honour "
    "preserve unbreak".split()
)
_FASTER_TESTS = re.compile(
    r"(?i)\b(?:optimi[sz]e|speed\s*up|faster|accelerate|parallelize)\b(?:\s+\w+){0,2}\s+(?:(?-i:UTs?)|tests?|testing|unit ?tests?|test suite|test jobs?|ci)\b|"
    r"\b(?:(?-i:UTs?)|tests?|test suite|ci)\s+(?:\w+\s+){0,2}(?:speed\s*up|faster|optimi[sz]ation)\b"
)
_COSMETIC_FIX = re.compile(
    r"(?i)^fix(?:es|ed)?\s+(?:the\s+|some\s+|a\s+few\s+)?(?:coding\s+style|code\s+style|style|whitespace|indentation|"
    r"formatting|typos?|spelling|comments?|checkpatch\s+\w+)\b(?:\s+(?:issues?|errors?|warnings?|problems?))?\s*$"
)
# A checker told to keep quiet where it was wrong ("`arithmetic_side_effects`: don't warn on …"): a false alarm fixed.
_REVIEW_FIXUP = re.compile(
    r"(?i)^(?:fix|address|apply|resolve)(?:es|ed)?\s+(?:the\s+|some\s+)?(?:review(?:er)?s?(?:'s?)?\s+(?:feedback|comments?|nits?|suggestions?)|"
    r"feedback|nits?|(?:comments?|suggestions?)\s+(?:from|on)\s+(?:the\s+)?(?:PR|review|#|\d))\b"
)
_FALSE_ALARM = re.compile(r"(?i)(?:don'?t|do not|no longer|stop)\s+(?:lint(?:ing)?|warn(?:ing)?|trigger(?:ing)?|fir(?:e|ing)|flag(?:ging)?|emit(?:ting)?)\b")
# A body that states its purpose as speed ("… into C++ to speed up sharding").
# An author's word that the change alters nothing a user sees.
NO_FUNCTIONAL_CHANGE = re.compile(
    r"(?im)\bno (?:functional|behaviou?ral|user[- ]visible) changes?\b|\bnon-?functional change\b|"
    r"\b(?:has|have|with) no (?:other |real |visible |functional )?effect\b|\bfor posterity\b|"
    r"^\s*changelog:\s*none\b"  # clippy's mark of a change no user sees
)
def says_no_effect(change: Change) -> bool:
    """Whether a change's author says it alters nothing a user sees (in its body, or clippy's
    "changelog: none" trailer)."""
    told = [v.strip().lower() for key, values in change.trailers.items() if key.lower() == "changelog" for v in values]
    return NO_FUNCTIONAL_CHANGE.search(change.body) is not None or "none" in told


PERF_PURPOSE = re.compile(
    r"\b(to (?:speed up|accelerate|reduce (?:the )?(?:latency|overhead|memory)|improve (?:the )?(?:performance|throughput|latency))|"
    r"(?:^|(?<=[.!] ))improves (?:the )?performance\b|"
    r"for (?:speed|performance)|(?:is|are|runs?|becomes?) (?:\d+(?:\.\d+)?x |much |significantly )?faster|speeds? up|speedups?)\b",
    re.I,
)
_PERF = _words(
    "faster", "speed(?:s|ed)?[ -]?up", "speedups?",
    # "prefill throughput tracking", "perf CI": measuring speed is no speed-up
    r"(?:perf(?:ormance)?|throughput|latency)(?!\s+(?:regression\s+)?(?:tests?|testing|benchmarks?|bench(?:es)?|tracking|ci|dashboards?|jobs?|monitoring|specs?))", r"(?<!de-)(?<!de)optimi[sz](?:e|es|ed|ation)",  # "should de-optimize on …" is no speed-up
    "fast[ -]path", "vectori[sz]e[sd]?", "reduce (?:memory|overhead|latency|allocations)",
    "(?:memory|compile[- ]time|runtime) (?:reduction|savings?)", "for speed", "cheaper", "efficien(?:t|cy)",
)
_FEATURE = _words(
    "add(?:s|ed)?", "introduc(?:e|es|ed)", "support(?:s)?", "enable[sd]?", "implement(?:s|ed)?",
    "new", "initial", "expose[sd]?", "allow(?:s)?", "create[sd]?", "provide[sd]?", "launch(?:es)?",
    "stabili[sz]e[sd]?",  # uv's "Stabilize the uv build backend": a preview feature made stable
)
_REFACTOR = _words(
    "refactor(?:s|ed|ing)?", "clean ?up", "cleanups?", "simplif(?:y|ies|ied)", "rename[sd]?", "move[sd]?",
    "migrat(?:e|es|ed|ion)", "deprecate[sd]?", "remove[sd]?", "delete[sd]?", "unused", "dead code",
    "consolidate[sd]?", "extract(?:s|ed)?", "reorgani[sz]e[sd]?", "split", "dedup(?:licate)?", "s/",
    "mass migrate", "codemod", "retire[sd]?", "unify", "unif(?:ies|ied)", "replace[sd]?",
)
_TESTS = _words(
    "tests?", "unit ?tests?", "test cases?", "testing", "flaky", "xfail", "skip(?:ped)? tests?",
    "test infra(?:structure)?", "pytest", "unittest", "(?-i:UTs?)",  # Qualcomm's "Optimize UT": its unit tests
)
# Words that name the build machinery, whatever files the change touches.
_BUILD = _words(
    "ci", "workflows?", "github actions", "cmake", "buck", "bazel", "linker", "compiler warnings?",
    r"(?:fix(?:es|ed)?|unbreak\w*|broken?|repair\w*)\s+(?:the\s+)?(?:\w+\s+)?builds?",
    r"builds?\s+(?:warnings?|errors?|breaks?|breakage)",
    r"(?:gcc|clang|msvc|coverity|sanitizer|scan-build)\s+warnings?",
)
# A title that only quietens the compiler: "fix -Walloc-size warnings", "silence gcc warnings".
_WARNINGS_FIXED = re.compile(
    r"(?i)^(?:fix(?:es|ed)?|silence[sd]?|quiet(?:en)?|avoid|suppress)\s+(?:the\s+|some\s+|a\s+few\s+)?"
    r"(?:(?:-W[\w-]+|[\w.+-]+ \d[\w.]*|[a-z][\w-]*)\s+){0,3}warnings?\b"  # a flag, a tool and its version, or words
)
# A compiler's warning flag: curl's "misc: fix -Walloc-size warnings" swapped calloc's arguments for GCC 14, no bug
_WARNING_FLAG = re.compile(r"(?<![\w-])-W[a-z][\w-]*")
# Words that are the build's things in one project and the product itself in another (pip
# builds wheels; "Build flex masks" builds no software): the build only with its files.
_BUILD_THINGS = _words(r"build(?!\s+(?:backend|frontend)\b)", "builds", "wheels?", "release", "docker", "nightly", "packaging", "pip package")
_DOCS = _words(
    r"docs?", "documentation", "readme", "docstrings?", "tutorials?", "typos?", "comments?", "guide",
    r"[\w-]+\.(?:md|rst)",  # "Create SECURITY.md" writes a page, whatever its verb
)
# clippy's "Add a note on the issue #5953" wrote a lint's "known problems" paragraph: "a new feature" (2021-04-12)
_A_NOTE = re.compile(r"(?i)(?:add|adds|added|write|mention)\s+(?:a\s+|an\s+|some\s+)?(?:short\s+|small\s+|brief\s+)?notes?\b(?!\s*(?:taking|field|type))")
_CHORE = _words(
    "lint", "linter", "formatting", "reformat(?:ted)?", "clang-format", "ruff", "flake8", "mypy", "pyre",
    "typos?", "spelling", "whitespace", "pre-commit", "codespell",
)

_TYPO_TOPIC = re.compile(
    # "Fix documentation typo …", "Fix a few doc comment typos", "Fix 'occured' -> 'occurred' typos",
    # "fix some error messages" (their wording): up to four words of what was misspelt
    r"(?:fix(?:es|ed|ing)?\s+)?(?:(?!(?:crash|bugs?|errors?|leaks?|panics?|failures?|regressions?)\b)(?:[\w'-]+|'[^'\s]+'|->|=>|→)\s+){0,4}?"
    r"(?:typos?|misspell\w*|spelling|indentation|whitespace|formatting|comments?|grammar|wording|(?:error |log |warning )?messages)\b"
    r"(?!\s+(?:handling|parsing|parser|support|detection|placement|preservation|nodes?)\b)",
    re.I,
)

_BUG_FIXED = re.compile(r"(?i)\bfix(?:es|ed)?\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}(?:bugs?|crash(?:es)?|leaks?|regressions?)\b")
_TYPO_BODY = re.compile(r"\b(?:fix(?:es|ed)?|correct(?:s|ed)?)\s+(?:a\s+|the\s+|some\s+|two\s+|minor\s+|small\s+)*(?:typos?|misspellings?|spelling)\b", re.I)

_NEW_CODE_LINES = 50  # lines a change only adds before it is new code, not a tidy-up of old

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
# A title that takes something away from users: support, compatibility, a backend.
REMOVES_SUPPORT = re.compile(
    r"\b(?:remove[sd]?|drop(?:s|ped)?|deprecate[sd]?|delete[sd]?)\s+(?:the\s+)?(?:\w+\s+){0,4}?(?:support|compatibility|backends?)\b|"
    r"\bno longer (?:supports?|works? (?:with|on)|accepts?)\b|\bend of (?:support|life)\b",
    re.I,
)
# A title's own tag saying users must change something ("[bc-breaking] remove old GPTQ implementation").
BREAKING_TAGS = frozenset({"bc-breaking", "bc breaking", "bc-break", "breaking", "breaking change", "breaking-change"})
# Conventional Commits' footer ("BREAKING CHANGE: the config key is gone").
BREAKING_NOTE = re.compile(r"^BREAKING[ -]CHANGES?:", re.M)
# A body's own section of breaking changes ("### Breaking Changes", "**BC Breaking**", "BC-breaking
# notes:"), which the author writes when users must change something (torchtitan's deprecated
# tokenizer_path; a section saying the change is "technically not BC-breaking" says the opposite).
_BREAKING_SECTION = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]*|\*\*)?(?:bc[- ]?breaking(?:[ \t]+(?:notes?|changes?))?|breaking[ \t]+changes?)"
    r"(?:[ \t]*\(intentional\))?[ \t]*(?:\*\*)?[ \t]*:?[ \t]*(?:\*\*)?(?P<rest>[^\n]{0,300}(?:\n[^\n]{0,300}){0,2})",
    re.I | re.M,
)
_NOT_BREAKING = re.compile(r"\bnot\b[^.]{0,40}\bbreaking|\bno (?:bc[- ]?)?breaking|\bkeep (?:around|backward)|backwards? compatib|^\s*(?:none|n/a|no)\b", re.I)


# a heading ("## Breaking changes", "**BC-breaking:**", "Breaking changes:" or the words alone on their
# line), not prose wrapped onto its line ("…, there were no\nbreaking changes." in uv #18255)
_A_HEADING = re.compile(r"[ \t]*(?:#|\*\*)|[^\n:]*:|[^\n]*?changes?[ \t]*(?:\*\*)?[ \t]*(?:\n|$)|[^\n]*?notes?[ \t]*(?:\n|$)", re.I)


def breaking_section(body: str) -> str | None:
    """What a body's breaking-changes section says, when it has one that says something breaks."""
    found = next((m for m in _BREAKING_SECTION.finditer(body) if _A_HEADING.match(m.group(0))), None)
    if found is None:
        return None
    rest = " ".join(found.group("rest").split())
    return None if not rest or _NOT_BREAKING.search(rest) else rest

_SEVERITY_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("silent_correctness", re.compile(
        r"\bsilent(?:ly)?\b[^.]{0,60}\b(wrong|incorrect|bad|corrupt\w*|garbage|invalid|mismatch\w*|inaccurate|stale)\b"
        r"|\b(wrong|incorrect|corrupt\w*|garbage)\b[^.]{0,40}\b(silently|without (?:any )?(?:warning|error))\b"
        r"|\bsilent (?:data )?corruption\b|\bsilent(?:ly)? (?:produc|return|comput)\w*", re.I)),
    ("security", re.compile(
        # The word alone is not a claim ("claims (security, abandonment …)"): a security fix is
        # named as one, or by the hole it closes.
        r"\b(security (?:fix|issue|bug|hole|flaw|problem|patch|advisory|vulnerabilit(?:y|ies))|"
        r"(?:fix(?:es|ed)?|patch(?:es|ed)?|close[sd]?) (?:a |the |an? )?(?:potential )?security|vulnerabilit(?:y|ies)|"
        r"CVE-\d{4}-\d+|buffer overflow|out[- ]of[- ]bounds (?:read|write|access)|heap overflow|use[- ]after[- ]free|"
        r"arbitrary code execution|(?:sql|code|command|shell|script|html|header|ldap|template) injection|xss|"
        r"cross[- ]site|csrf|prototype pollution|(?:path|directory) traversal|redos)\b", re.I)),
    ("correctness", re.compile(
        r"\b(wrong|incorrect|inaccurate)\s+(?:\w+\s+)?(results?|outputs?|answers?|values?|gradients?|numerics|shapes?|"
        r"strides?|dtypes?)\b|\bnumerical(?:ly)? (?:mismatch|error|issue|bug|accuracy)|\bcorrectness\b|"
        r"\baccuracy (?:bug|issue|regression|drop)\b|\bnan(?:s)?\b(?= (?:loss|outputs?|values?|gradients?))", re.I)),
    ("crash", re.compile(r"\b(crash(?:es|ed|ing)?|segfaults?|segmentation fault|SIGSEGV|SIGABRT|core dump\w*)\b", re.I)),
    # (vue's "remove hanging slash from import": a stray character, no program that hangs)
    # (nor does curl's "timeout earlier with hung tests": CI gives up on hung tests sooner, no hang fixed)
    ("hang", re.compile(r"\b(hangs?|hung(?! (?:tests?|jobs?|builds?|runners?|steps?|CI)\b)|hanging(?! (?:slash|comma|indent\w*|whitespace|space|punctuation|brace|bracket|paren\w*|quote|newline|line|punct))"
                        # (uv #18383's "may be stuck returning 6.2.9200" is a value that never changes, no hang)
                        r"|deadlocks?|deadlocked|livelock|stuck(?! (?:returning|reporting|with|on (?:an? |the )?(?:old|older|version|value)|at (?:version|\d))))\b", re.I)),
    ("regression", re.compile(
        # "to prevent future regressions" guards against one; it fixes none
        r"(?<!future )(?<!prevent )(?<!avoid )(?<!catch )(?<!any )\b(regress(?:ion|ions|ed)(?!\s+(?:tests?|testing|coverage|suites?|detection|tracking|benchmarks?|checks?|jobs?|guards?)|\s+in\s+(?:a\s+)?(?:separate|their own|its own|new)\s+(?:files?|tests?|modules?))|"
        r"broke (?:trunk|main|the build)|broken since)\b", re.I)),
    ("breaking", re.compile(r"\b(bc[- ]breaking|breaking change|BREAKING CHANGE|backwards?[- ]incompatible|no longer supported)\b", re.I)),
    ("leak", re.compile(r"\b(memory leaks?|leak(?:s|ed|ing)?)\b", re.I)),
)
_NEGATED = re.compile(r"\b(no|not|never|neither|nor|without|isn'?t|aren'?t|wasn'?t|weren'?t|doesn'?t|does not|won'?t|didn'?t|cannot|can'?t)\s+(?:\w+\s+){0,2}$", re.I)
# "Add CUDA regressions that cross the 2^31 element boundary": regressions added are tests of one.
_ADDED = re.compile(r"\badd(?:s|ed|ing)?\s+(?:[\w/-]+\s+){0,2}$", re.I)
_BENCH_PATH = re.compile(r"(^|/)(benchmarks?|benches|bench)(/|$)|(^|/)bench_[^/]*$", re.I)
# (a test's recorded output is a test file too: uv's "regenerate snapshots" touched src/lock/snapshots/*.snap)
_TEST_PATH = re.compile(r"(^|/)(tests?|testing|__tests__|unittests?|snapshots)(/|$)|(^|/)test_[^/]*$|_test\.(py|cc|cpp)$|\.snap$")
# curl's RELEASE-NOTES, THANKS, CHANGES: prose files the project keeps at the top, docs as well
_DOC_PATH = re.compile(r"(^|/)docs?/|\.(md|rst)$|^(?:RELEASE-NOTES|RELEASE_NOTES|THANKS|CHANGES|NEWS|AUTHORS|CREDITS)(?:\.txt)?$", re.I)
# where a project's CI services keep their settings and scripts
_CI_DIRS = r"\.github|\.ci|\.circleci|\.jenkins|\.azure-pipelines"
_BUILD_PATH = re.compile(
    rf"^({_CI_DIRS}|cmake|build|packaging|scripts/(?:build|release|ci))/|"
    r"(^|/)(BUCK|TARGETS|CMakeLists\.txt|[^/]*\.bzl|[^/]*\.cmake|setup\.py|pyproject\.toml|Dockerfile|Makefile)$|"
    r"^(\.travis\.yml|\.gitlab-ci\.yml|azure-pipelines\.yml|tox\.ini|noxfile\.py|MANIFEST\.in|\.pre-commit-config\.yaml|\.editorconfig)$|"
    # the maintainers' own editor and coding-agent settings ("Add a Claude hook for formatting"): nothing a user gets
    r"^(\.claude|\.cursor|\.vscode|\.devcontainer|\.idea)/"
)


# a project's manifest, which holds its build profiles as well as its dependencies
_MANIFEST = re.compile(r"(^|/)(Cargo\.toml|\.cargo/config(?:\.toml)?|package\.json|build\.gradle(?:\.kts)?|meson\.build)$")
_BUILD_SPEED = re.compile(r"(?i)\b(?:compil\w*|build(?:s|ing)?|link(?:s|ing|er)?)\b")
_EDITOR_PATH = re.compile(r"^(\.claude|\.cursor|\.vscode|\.devcontainer|\.idea)/|^\.editorconfig$")


def severity_matches(text: str) -> list[str]:
    """The severity signals ``text`` states (not negated), most serious first."""
    found: list[str] = []
    for name, pattern in _SEVERITY_PATTERNS:
        for m in pattern.finditer(text):
            before = text[max(0, m.start() - 40) : m.start()]
            if not _NEGATED.search(before) and not (name == "regression" and _ADDED.search(before)):
                found.append(name)
                break
    return found


_ADVISORY = re.compile(r"\b(?:CVE-\d{4}-\d{4,}|GHSA(?:-[0-9a-z]{4}){3})\b|security[ -]advisor(?:y|ies)", re.I)


def _security_evidence(change: Change, path_kinds: set[str], subject: Subject) -> bool:
    """A security claim needs more than the word: an advisory or CVE id in the message, or a
    change to code its author did not call housekeeping (a docs page titled "security notes"
    fixes nothing, and neither does a "chore: …")."""
    if _ADVISORY.search(change.title) or _ADVISORY.search(change.body) or _ADVISORY.search(change.merge_source or ""):
        return True
    housekeeping = CONVENTIONAL_KIND.get(subject.conventional or "") in ("chore", "docs", "tests", "build")
    return bool(change.files) and not path_kinds & {"docs", "tests"} and not housekeeping


def file_kinds(change: Change) -> set[str]:
    """The kinds a change's files show on their own: every file a test, docs, build or a lockfile."""
    paths = [f.path for f in change.files]
    if not paths:
        return set()
    kinds: set[str] = set()
    if all(_TEST_PATH.search(p) for p in paths):
        kinds.add("tests")
    if all(_DOC_PATH.search(p) for p in paths) or _mostly_docs(change):
        kinds.add("docs")
    if all(_EDITOR_PATH.search(p) for p in paths):
        kinds.add("chore")  # vue's ".vscode/settings.json" edit was "one build tweak" (2024-08-15): its maintainers' editor
    elif all(_BUILD_PATH.search(p) for p in paths):
        kinds.add("build")
        kinds.discard("docs")  # docs/TARGETS builds the docs: "updated the oncall" there is no docs change
    if all(_PEOPLE_FILES.search(p) for p in paths):
        kinds.add("chore")  # "Add myself into the list for MbedTLS" edits MAINTAINERS: no feature (u-boot c9c8561920)
    # package.json holds scripts and tool settings too ("chore: ignore files for eslint"): on its
    # own it is no dependency update; with its lockfile it is. So is .gitmodules, which says where
    # submodules come from (executorch #6991 moved them to GitHub mirrors): a bump moves a submodule.
    if all(_DEPENDENCY_FILES.search(PurePosixPath(p).name) or "ci_commit_pins/" in p for p in paths) and not all(
        PurePosixPath(p).name in ("package.json", ".gitmodules") for p in paths
    ):
        kinds.add("dependency")
    return kinds


# The project's lists of who looks after or wrote what.
_PEOPLE_FILES = re.compile(r"(?:^|/)(?:MAINTAINERS|CODEOWNERS|\.mailmap|AUTHORS|CONTRIBUTORS|OWNERS)(?:\.\w+)?$")


# Files that travel with a docs edit without making it code: the spell checker's word lists.
_DOC_COMPANION = re.compile(r"(?:^|/)[^/]*(?:words|wordlist|dictionary|spelling)[^/]*$", re.I)


def _mostly_docs(change: Change) -> bool:
    """Docs pages and the word lists their spell checker reads, nothing else (curl 2024-08-26
    "CONTRIBUTE: polished" adds its new words to .github/scripts/spellcheck.words)."""
    docs = [f for f in change.files if _DOC_PATH.search(f.path)]
    return bool(docs) and all(_DOC_PATH.search(f.path) or _DOC_COMPANION.search(f.path) for f in change.files)


_NEW_THING = re.compile(
    r"\b(initial support|add support|enablement|new (?:api|apis|op|ops|backend|feature|model|mode|option|flag|pass|kernel)s?)\b",
    re.I,
)
_UNDO_VERBS = frozenset({"drop", "disable", "fix", "revert", "skip", "stop", "update", "bump"})
_SUBJECT_ADDS = frozenset({"support", "supports", "adds", "enables", "gains", "learns"})
_ADDS = re.compile(r"(add|introduce|implement|enable|support)\b(?! missing)", re.I)


def _declared_kinds(change: Change, subject: Subject) -> set[str]:
    """What the message declares: a Conventional Commits type, kind tags, a revert or reland."""
    title = change.title
    kinds: set[str] = set()
    if subject.conventional:
        declared = CONVENTIONAL_KIND.get(subject.conventional, "chore")
        if declared:
            kinds.add(declared)
    kinds.update(k for tag in subject.tags if (k := TAG_KIND.get(tag.lower())))
    # (a title that reads as a revert but names no undone work is none: uv's "Revert changes to
    # pyproject.toml when sync fails during uv add" is what uv now does on failure)
    # (a revert of a reland undoes it: ao's 'Revert "[Reland][CPU] Add ops for float8 linear"' was told
    # as the change coming back, 2025-10-15)
    undone = change.revert is not None and change.revert.kind == "revert"
    if change.revert is not None or (_REVERT_TITLE.match(title) and parse_revert(title, change.body) is not None):
        reapply = change.revert is not None and change.revert.kind == "reapply"
        kinds.add("reland" if reapply or (not undone and _RELAND_TITLE.search(title)) else "revert")
    if (change.is_reland or _RELAND_TITLE.search(title)) and not undone:
        kinds.add("reland")
        kinds.discard("revert")
    if undone:
        kinds.discard("reland")
    return kinds


def _word_kinds(change: Change, subject: Subject, topic: str, declared: set[str]) -> set[str]:
    """What the topic's words say ("Fix …", "faster", "docs", "refactor", "Add …"), beside what
    the message ``declared``."""
    kinds: set[str] = set()
    if OWN_VERSION.match(subject.topic):
        kinds.add("version")
    elif _DEPENDENCY.search(topic) or (change.is_bot and re.search(r"\b(bump|update|upgrade)\b", topic, re.I)):
        kinds.add("dependency")
    # "Fixes #123" in a body only links an issue: a feature may close one too.
    if _COSMETIC_FIX.search(subject.topic):
        kinds.add("chore")  # u-boot's "mediatek: fix coding style" was told "on the correctness front"
    elif _REVIEW_FIXUP.match(subject.topic):
        kinds.add("chore")  # torchtitan's "Fix feedback from PR 111" answered a review; it fixed no bug
    elif _diagnosing(topic):
        pass  # uv's "Stack traces from Windows CI crashes" collects what a crash leaves; it stops none (2025-05-26)
    elif _FIX.search(topic) or subject.topic.split(" ", 1)[0].lower() in _FIX_VERBS or _FALSE_ALARM.match(subject.topic):
        kinds.add("fix")
    for kind, pattern in (("performance", _PERF), ("chore", _CHORE), ("tests", _TESTS), ("refactor", _REFACTOR)):
        if pattern.search(topic):
            kinds.add(kind)
    if (_DOCS.search(topic) or _A_NOTE.match(topic)) and "fix" not in kinds | declared:
        kinds.add("docs")
    if "performance" in kinds and _FASTER_TESTS.search(topic):
        kinds.discard("performance")  # "Optimize UT", "speed up tests": the test suite got faster, not the product
        kinds.add("tests")
    builds = not change.files or any(_BUILD_PATH.search(f.path) for f in change.files)  # a bare title: its words
    if _BUILD.search(topic) or _WARNING_FLAG.search(topic) or (builds and _BUILD_THINGS.search(topic)) or (subject.label or "").lower() in ("ci", "apple ci", "build"):
        kinds.add("build")
    words = subject.topic.split()
    # "Add …", or a subject first: "SpinQuant support split qkv", "FSDP2 supports uneven shards"
    second = words[1].lower() if len(words) > 2 and not _REFACTOR.fullmatch(words[0]) and words[0].lower() not in _UNDO_VERBS else ""
    if _FEATURE.search(words[0] if words else "") or _NEW_THING.search(topic) or second in _SUBJECT_ADDS:
        kinds.add("feature")
    if change.is_merge and re.match(r"merge (branch|remote)", change.title, re.I):
        kinds.add("chore")
    return kinds


# what a title adds to the docs: "Add X to the "Settings" reference", "Add Y to the CLI docs"
_TO_THE_DOCS = re.compile(r"(?i)^(?:add|document|list|mention|include)\b.{1,60}\bto the [\"'“]?[\w .-]{0,30}[\"'”]? ?(?:reference|docs|documentation|guide|readme)\b")


def _not_product(kinds: set[str], path_kinds: set[str], subject: Subject, topic: str, paths: Sequence[str] = ()) -> None:
    """Adding tests or docs is test or docs work, not a feature of the product (in place)."""
    if ("tests" in path_kinds or re.search(r"\b(tests?|test cases?)$", topic, re.I)) and "tests" in kinds:
        kinds.discard("feature")
    if _TO_THE_DOCS.search(subject.topic):
        # uv's 'Add `tool.uv.sources` to the "Settings" reference' (its generator and the page) was "a new feature"
        kinds -= {"feature"}
        kinds.add("docs")
    if "docs" in path_kinds or ("docs" in kinds and (_DOCS.search(subject.topic.split(":")[0][:40]) or _A_NOTE.match(subject.topic))):
        kinds -= {"feature", "refactor"}  # "Add docstrings for …" is docs work
    if "docs" in path_kinds:
        kinds.discard("build")  # a docs page about the release process is docs, not the build
        # "Fix time explanation in CURLINFO_PRETRANSFER_TIME_T.3", "Update supported dtypes for fp8"
        # in a README: a page was corrected, no code (curl 2023-12-01, ao 2025-01-17)
        kinds -= {"fix", "performance"}
    if "build" in path_kinds or "chore" in path_kinds:
        kinds.discard("feature")  # "Add dvorjackz to ghstack_land.yml" adds to CI, not to the product
    if "feature" in kinds and re.search(r"\bCI\b", topic) and paths and all(_BUILD_PATH.search(p) or _TEST_PATH.search(p) for p in paths):
        # torchtitan's "Add ROCm CI support for … experiments" (workflows and test runners) led a day
        # over a fix users feel: what it adds is CI
        kinds.discard("feature")
        kinds.add("build")


# Words that tell what went wrong as what happened: a fix, a past state, a report.
_HAPPENED = re.compile(
    r"\b(?:fix(?:es|ed)?|previously|used to|was|were|had been|gave|returned|produced|computed|caused|resulted in|"
    r"reported|led to|bug|regress\w*)\b",
    re.I,
)
# A title that orders the program to stop ("Crash on …", "Abort if …", "Fail when …").
_ORDERED_STOP = re.compile(r"^(?:crash|abort|panic|fail|error out|exit)\s+(?:on|if|when|early|for)\b", re.I)


# What a change collects about a failure, not a fix of it ("Stack traces from Windows CI crashes")
_DIAGNOSING = re.compile(
    r"(?i)\b(?:stack ?traces?|backtraces?|core ?dumps?|diagnostics?|logs?|logging|debug(?:ging)? (?:info|output|aids?)|"
    r"repro(?:ducer)?s?)\b.{0,30}\b(?:crash(?:es)?|hangs?|panics?|segfaults?|failures?)\b"
)


def _diagnosing(topic: str) -> bool:
    """Whether a title collects what a failure leaves rather than fixing it (not "Fix logging crash")."""
    return bool(_DIAGNOSING.search(topic)) and not re.match(r"(?i)(?:fix|resolve|repair|avoid|prevent|handle)\w*\b", topic)


# Code no user installs: example and demo apps
# where a project's CI keeps its own scripts and pinned tools ("GHA: bump pip-dependencies")
_CI_PATH = re.compile(rf"^(?:{_CI_DIRS}|ci)/")
_DEMO_PATH = re.compile(r"(?:^|/)(?:examples?|demos?|demo-apps?|samples?)/", re.I)
# A body that says the behaviour it restores had regressed ("This unintentionally regressed in #17714")
_REGRESSED = re.compile(r"(?i)\b(?:this|it|which)\s+(?:\w+\s+)?(?:regressed|broke)\s+in\b")
# A title that stops the code doing something ("Do not use BNNS copy when …", "Avoid …", "Skip … when")
_AVOIDING = re.compile(r"(?i)(?:do not|don'?t|never|avoid|skip|stop)\s+\w")


def _severity_and_fixes(
    change: Change, subject: Subject, topic: str, kinds: set[str], path_kinds: set[str], sentences: Sequence[str]
) -> list[str]:
    """The change's severity signals (its kinds gain "fix" and "correctness" as they imply, in place)."""
    body_text = " ".join(sentences[:12])
    # ("To accelerate for inference, we convert the SupermaskLinear model back …" tells how to use the
    # new API, no speed-up of the change's own: ao #1729)
    opening = re.sub(r"(?:^|(?<=[.!?] ))To (?:speed up|accelerate)[^,.]{0,40}, (?:we|you|users?|one)\b[^.]*\.?", "", " ".join(sentences[:3]))
    # (nor does "split up GitHub testing in a few separate runners to speed up the testing": its
    # tests got faster, not the product; executorch #10517)
    if PERF_PURPOSE.search(opening) and not re.search(r"(?i)\b(?:slower|slows? (?:\w+ )?down)\b", opening) and not _FASTER_TESTS.search(opening):
        # (uv #2312 "is probably slightly slower than our normal CI … to reduce the overhead of adding
        # more platforms" moved tests; no speed-up)
        kinds.add("performance")
    if "performance" in kinds and change.files and all(_BUILD_PATH.search(f.path) or _MANIFEST.search(f.path) for f in change.files) and _BUILD_SPEED.search(
        f"{topic} {body_text}"
    ):
        # uv's "Add fast build profile without debuginfo" (Cargo.toml alone, "a 16% incremental compile speedup")
        # made building uv faster, not uv: "performance work" told users it got faster (2024-03-25)
        kinds.discard("performance")
        kinds.add("build")
    # "Crash on invalid loss (i.e. infinite or nan)" orders a crash on purpose: no crash it fixes.
    ordered = _ORDERED_STOP.match(topic)
    if ordered:
        kinds.discard("fix")
    severity = [] if ordered or _diagnosing(topic) else severity_matches(topic)
    body_severity = severity_matches(body_text)
    # A body's "silently wrong" is the bug only where it says so of what happened, not of what
    # could ("a silently wrong label is worse than a named error": ExecuTorch 2026-08-12).
    if "silent_correctness" in body_severity and not any(
        _HAPPENED.search(s) and "silent_correctness" in severity_matches(s) for s in sentences[:12]
    ):
        body_severity.remove("silent_correctness")
    if "silent_correctness" in body_severity and "crash" in body_severity and "silent_correctness" not in severity:
        # "the server silently returned the wrong amount of data … it bubbled up leading to a crash":
        # the bug the body tells is a crash, loud; the silence was another program's (pip 4d462ebd7)
        body_severity.remove("silent_correctness")
    # A body explains; only a fix (or an explicitly silent wrong result) is *about* its severity.
    if "silent_correctness" in body_severity:
        kinds.add("fix")
    if _REGRESSED.search(" ".join(sentences[:2])) and not path_kinds & {"docs", "tests"} and "revert" not in kinds:
        # uv's "Allow `--project` to refer to a `pyproject.toml` directly …" opens "This unintentionally
        # regressed in #17714": a regression fixed, told as "a new feature" (2026-03-16)
        kinds.add("fix")
        kinds.discard("feature")
        if "regression" not in severity:
            severity.append("regression")
    opening_trouble = set(severity_matches(" ".join(sentences[:2]))) & {"crash", "hang"}
    if opening_trouble and not ordered and _AVOIDING.match(subject.topic):
        # executorch's "Do not use BNNS copy when dtypes differ in CoreML" opens "BNNS copy crashes the
        # process when the dtypes differ": a crash fixed, told among "other changes" (2025-08-01)
        kinds.add("fix")
    if "fix" in kinds or "revert" in kinds:
        severity += [s for s in body_severity if s not in severity]
    advisory = " ".join([change.body, *(v for values in change.trailers.values() for v in values)])
    # (a change of code whose message names its CVE fixes it, whatever its title's verb: curl's "tftp: Alloc
    # maximum blksize …" was "a change from Thomas Vegas", the day's second CVE fix; 2019-09-11)
    advised = _ADVISORY.search(advisory) is not None
    named_cve = advised and bool(change.files) and not path_kinds & {"docs", "tests"} and not kinds & {"revert", "docs", "version"}
    if named_cve and "fix" not in kinds:
        kinds.add("fix")
    if "fix" in kinds and "security" not in severity and advised:
        # curl's "cookie: reject cookies with control bytes" names CVE-2022-35252 on a line of its own
        # and in its "Bug:" trailer, no prose sentence
        severity.append("security")
    elif "silent_correctness" in body_severity:
        severity.append("silent_correctness")
    if "security" in severity and not _security_evidence(change, path_kinds, subject):
        severity.remove("security")
    if "security" in severity and change.files and all(_DEMO_PATH.search(f.path) or _TEST_PATH.search(f.path) or _CI_PATH.search(f.path)
                                                      for f in change.files):
        # executorch's "Security: Update glob to 10.5.0 to fix CVE-2025-64756" bumped a demo app's lockfile:
        # "worth updating for" was said to users of a library it does not touch (2025-11-20); curl's "GHA: bump
        # pip-dependencies" fixed a CVE in the test suite's filelock, nothing a release ships (2026-01-13)
        severity.remove("security")
    if path_kinds in ({"tests"}, {"tests", "docs"}, {"docs"}):
        severity = []  # a test's threshold or flake is not a wrong result users get
    removes = REMOVES_SUPPORT.search(subject.topic) and not path_kinds & {"tests", "docs"} and "revert" not in kinds
    tagged = any(tag.lower() in BREAKING_TAGS for tag in subject.tags)
    if (subject.bang or tagged or BREAKING_NOTE.search(change.body) or "BREAKING CHANGE" in change.trailers or removes
            or breaking_section(change.body)) and "breaking" not in severity:
        severity.append("breaking")  # the author's own mark ("feat!:", a "BREAKING CHANGE:" note)
    if "silent_correctness" in severity and "correctness" not in severity:
        severity.append("correctness")
    if "fix" in kinds and {"correctness", "silent_correctness"} & set(severity):
        kinds.add("correctness")
    if set(severity) - {"breaking"} and "revert" not in kinds and "reland" not in kinds:
        kinds.add("fix")
    return severity


def _authors_type_wins(kinds: set[str], subject: Subject, severity: Sequence[str], path_kinds: set[str], body: str = "") -> None:
    """The author's own type wins over the words (in place): "fix(runtime-core): support deep:
    false …" is a fix, and "chore: add download badge" is housekeeping, not a feature."""
    declared = CONVENTIONAL_KIND.get(subject.conventional or "")
    # "feat(dx): link errors to docs in prod build" is a feature: "docs" and "build" name what
    # it points at, and only its files could make it docs or build work as well.
    if declared in ("feature", "fix", "performance", "refactor"):
        kinds -= {"docs", "build", "tests"} - path_kinds
        kinds.add(declared)
    if "fix" in kinds and "feature" in kinds and (declared == "fix" or not _ADDS.match(subject.topic)):
        kinds.discard("feature")
    if declared in ("chore", "docs", "tests", "build", "dependency", "refactor"):
        kinds.discard("feature")
    # "perf: prevent hot functions being inlined" is a speedup and "chore: fix the exhaustive
    # check" housekeeping: the author chose their type over "fix" (a crash or leak stays a fix).
    if not severity and declared in ("feature", "performance", "chore", "docs", "tests", "build", "dependency", "refactor"):
        kinds.discard("fix")
    # "fix(compiler-sfc): typo in experimental feature warnings" corrects a word, not a bug; so does
    # "Replace Maximumm with Maximum …" whose body says "fix a typo" (u-boot d50747f348)
    # (a body that fixes a bug besides its typos is a fix: curl's "IPFS: bugfixes", an endianness bug first)
    typos_told = _TYPO_BODY.search(body[:400]) and not _BUG_FIXED.search(body[:400])
    if not severity and (_TYPO_TOPIC.match(subject.topic) or typos_told or bare_topic(subject.topic)):
        kinds.discard("fix")
        kinds.add("chore")
    # "fix(typos): …", "fix(deps): …", "chore(deps): replace …": the scope says what the change
    # is about, and it is no bug.
    scoped = TAG_KIND.get((subject.scope or "").lower())
    if not severity and declared in ("fix", "chore") and scoped in ("chore", "docs", "tests", "build", "dependency"):
        kinds.discard("fix")
        kinds.add(scoped)


_NOT_A_REPORTED_BUG = frozenset(
    {"feature", "docs", "tests", "build", "dependency", "revert", "reland", "performance", "version", "chore"}
)


def bare_topic(topic: str) -> bool:
    """A title's topic of one word that names no change: curl's daily "RELEASE-NOTES: synced",
    "THANKS: update" (housekeeping, and the author says so plainly)."""
    return bool(re.fullmatch(r"(?i)\s*(?:synced?|updated?|refresh(?:ed)?|regenerated?|bump(?:ed)?)\s*\.?\s*", topic))


def reported_bug(change: Change) -> bool:
    """Someone reported what the change fixes: a "Reported-by:" trailer beside a "Fixes" one (or
    curl's "Bug:", the link to the report)."""
    keys = {key.lower() for key in change.trailers}
    return "reported-by" in keys and bool(keys & {"fixes", "bug"})


_FIXES_ISSUE = re.compile(r"(?im)^\s*(?:fixes|fixed|resolves|resolved)\s*:?\s+(?:(?:[\w.-]+/[\w.-]+)?#\d+|https?://\S+/issues/\d+)")


def fixes_issue(change: Change) -> bool:
    """The message says it fixes a filed issue ("Fixes #16507 #11086"): someone hit the bug. (Not
    u-boot's "Fixes: <sha>", which names the commit that brought it, nor curl's "Closes #N", its PR.)"""
    return reported_bug(change) or _FIXES_ISSUE.search(change.body) is not None


def classify(change: Change, subject: Subject, sentences: Sequence[str] | None = None) -> Classification:
    """Kinds and severity of one change, from its subject, body (its prose ``sentences``), paths and labels."""
    # A label ("docs update: …", "CI: …") says as much about the kind as the topic does.
    topic = f"{subject.label}: {subject.topic}" if subject.label else subject.topic
    path_kinds = file_kinds(change)
    declared = _declared_kinds(change, subject) | path_kinds
    kinds = declared | _word_kinds(change, subject, topic, declared)
    _not_product(kinds, path_kinds, subject, topic, [f.path for f in change.files])
    if states_failure(subject.topic) and not kinds & _NOT_A_REPORTED_BUG:
        kinds.add("fix")  # "FileDataLoader fails to read the file when size > INT32_MAX" names the bug it fixes
    if reported_bug(change) and not kinds & _NOT_A_REPORTED_BUG:
        # "http: move Curl_allow_auth_to_host()" with "Reported-by:" and "Fixes #8772": someone hit a
        # bug and this is its fix, whatever verb the title opens with (curl 363d039b2)
        kinds.add("fix")
        kinds.discard("refactor")
    if sentences is None:
        sentences = prose_sentences(change.body)
    severity = _severity_and_fixes(change, subject, topic, kinds, path_kinds, sentences)
    _authors_type_wins(kinds, subject, severity, path_kinds, change.body)
    if change.files and all(_BENCH_PATH.search(f.path) for f in change.files):
        # ao's "update float8 benchmarks" changed only benchmark scripts: a measure, no speed-up (2024-08-07)
        kinds.discard("performance")
    if _WARNINGS_FIXED.match(subject.topic) and not severity:
        kinds.discard("fix")  # a compiler quietened is no bug fixed (curl 2023-11-11 led with it as "the bug-fix side")
        kinds.add("build")
    if "refactor" in kinds and change.deleted == 0 and change.added >= _NEW_CODE_LINES:
        kinds.discard("refactor")  # "[BE] Bench script for …" adds 220 new lines: no cleanup (ao 8ea955b6)
    # Labels are set on purpose by maintainers: they add to what the words say, after the
    # word rules above, so a "bc breaking" feature is not taken for a fix.
    labelled = read_labels(change.labels)
    kinds.update(labelled.kinds)
    severity += [s for s in labelled.severity if s not in severity]
    return Classification(tuple(k for k in KINDS if k in kinds), tuple(s for s in SEVERITIES if s in severity))


def primary_kind(kinds: tuple[str, ...]) -> str:
    """The kind that best describes a change (``KINDS`` is ordered by how telling a kind is)."""
    return kinds[0] if kinds else "other"


def classify_title(title: str) -> Classification:
    """Kinds and severity a subject line alone gives (for commits known only by their title)."""
    from ..model import Person  # a bare title has no author, files or body
    from .titles_parse import parse_subject

    stub = Change(
        sha="", title=title, body="", trailers={}, authors=[Person("")], committer=Person(""),
        landed_at=_EPOCH, authored_at=_EPOCH, files=[], added=0, deleted=0,
    )
    return classify(stub, parse_subject(title), ())
