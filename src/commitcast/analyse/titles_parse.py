"""Reading a change's subject line: tags, labels, numbering, PR suffixes and the bare topic."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..text import gerund_of, is_verb, past_tense

__all__ = ["Subject", "parse_subject", "normalise_title", "title_tokens", "NUMBERING"]

# PR references anywhere in a title; the spaces around them are collapsed afterwards (a
# leading ``\s*`` in a searched pattern backtracks quadratically on a run of spaces).
_PR_ANYWHERE = re.compile(r"\(#\d+\)")
_BRACKET_TAG = re.compile(r"^\s*\[([^\[\]]{1,48})\]\s*")
_CONVENTIONAL = re.compile(
    r"^(feat|feature|fix|bugfix|hotfix|docs?|style|refactor|perf|tests?|build|ci|chore|revert|release|deps|"
    r"types|dx|wip|workflow)"
    r"(?:\(([^)]{1,40})\))?(!?):\s+",
    re.I,
)
# "Arm backend: …", "CI: …", "mx_formats: …" (two words at most before a colon),
# "Qualcomm AI Engine Direct - …" (a dash label may be longer).
_COLON_LABEL = re.compile(r"^([A-Za-z][\w./+-]*(?: [A-Za-z][\w./+-]*)?|`[^`\s]{1,60}`):\s+(?=\S)")
# "lib, src: …", "test/py, buildman: …": a list of labels, each a part of the code.
_LISTED_LABELS = re.compile(r"^([A-Za-z][\w./+-]*(?:,\s*[A-Za-z][\w./+-]*){1,3}):\s+(?=\S)")
_LABEL_DEPTH = 4  # "arm: dts: rockchip: rk3588: …": the labels a kernel-style subject nests
_TEST_CASE_LABEL = re.compile(r"^(tests? ?\d+(?:(?:,| and) ?\d+)*):\s+(?=\S)", re.I)
# (not before a part number: ao's "Quantize vit_b_16 tutorial - Part 1" is part one of a tutorial)
_DASH_LABEL = re.compile(r"^([A-Z][\w.+]*(?: [A-Za-z][\w.+]*){1,4}) - (?=\S)(?!(?i:part|pt\.?)\s*\d+\s*$)")
NUMBERING = re.compile(r"^\s*(?:part\s*)?(\d{1,3})\s*/\s*(\d{1,3}|[xnN?])\s*$", re.I)
# Read only in a subject's last characters, so a long subject costs nothing here.
_TRAILING_NUMBERING = re.compile(
    r"[(\[](?:part\s*|pt\.?\s*)?(\d{1,3})\s*(?:/\s*(\d{1,3}|[xnN?])|of\s*(\d{1,3}))?[)\]]\s*$"
    r"|[,:;-]?\s(?:part|pt\.?)\s*(\d{1,3})(?:\s*(?:/|of)\s*(\d{1,3}))?\s*$",
    re.I,
)
_NUMBERING_TAIL = 48
_MAX_PREFIXES = 16  # tags, labels and types read off the front of one subject
# A label names a part of the code, so a leading verb means it is a sentence, not a label.
_VERBS = frozenset(
    "add adds allow avoid bump change clean cleanup delete deprecate disable document enable ensure "
    "expose fix handle implement improve introduce make migrate move pass remove rename replace "
    "reland reapply refactor return revert run set skip support test update upgrade use new".split()
)
# "Build backend: Add functions to collect file list": an order after the colon makes what stands
# before it a label, even one that opens with a verb's spelling (uv 2024-12-03).
_ORDER_AFTER = re.compile(r"(?i)\s*(?:Add|Fix|Remove|Rename|Update|Use|Support|Allow|Avoid|Make|Move|Implement|Introduce|Enable|Disable|Handle|Improve)\s")
_NOUN_VERBS = frozenset("build test run cache index install lock release".split())
_MERGE_PR = re.compile(r"^Merge pull request #\d+(?:\s+from\s+\S+|\s*$)")
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Subject:
    """A subject line taken apart."""

    topic: str  # the subject without tags, labels, numbering and PR suffixes
    tags: tuple[str, ...]  # bracket tags as written, e.g. ("inductor", "BE")
    label: str | None  # a "Label: …" / "Label - …" prefix, e.g. "Arm backend"
    conventional: str | None  # conventional-commit type, lower case ("fix", "feat", …)
    scope: str | None  # conventional-commit scope
    part: int | None  # k of a "[k/n]" numbered series
    of: int | None  # n of a "[k/n]" series when it is a number
    bang: bool = False  # a Conventional Commits "!" ("feat!:", "fix(x)!:"): the author marks it breaking
    labels: tuple[str, ...] = ()  # every label prefix, outermost first ("usb", "gadget", "atmel"); ``label`` is the first


def parse_subject(title: str, body: str = "") -> Subject:
    """Take a subject line apart; merge commits borrow the first line of the body."""
    text = title.strip()
    if _MERGE_PR.match(text) and body.strip():
        text = body.strip().splitlines()[0].strip()
    text = _without_pr_suffixes(text)
    tags: list[str] = []
    part: int | None = None
    of: int | None = None
    conventional: str | None = None
    scope: str | None = None
    label: str | None = None
    labels: list[str] = []
    bang = False
    for _ in range(_MAX_PREFIXES):
        m = _BRACKET_TAG.match(text)
        if m:
            tag = m.group(1).strip()
            n = NUMBERING.match(tag)
            if n:
                part, of = int(n.group(1)), _int_or_none(n.group(2))
            else:
                tags.append(tag)
            text = text[m.end() :]
            continue
        m = _CONVENTIONAL.match(text)
        if m and labels and m.group(1).lower() in _FIX_LABELS and not m.group(2):
            labels.append(m.group(1))  # u-boot's "ext4fs: Fix: Read outside partition error": a fix of that error
            text = text[m.end() :]
            continue
        if m and conventional is None:
            conventional = m.group(1).lower()
            scope = m.group(2)
            bang = m.group(3) == "!"
            text = text[m.end() :]
            continue
        listed = _LISTED_LABELS.match(text)
        if listed and len(labels) < _LABEL_DEPTH and listed.group(1).split()[0].lower().rstrip(",") not in _VERBS:
            labels.extend(part.strip() for part in listed.group(1).split(",")[: _LABEL_DEPTH - len(labels)])
            label = label or labels[0]
            text = text[listed.end() :]
            continue
        case = _TEST_CASE_LABEL.match(text)  # curl's "test 766: flag as timing-dependent": a test case, no "tested"
        m = case or _COLON_LABEL.match(text) or _command_label(text) or (_DASH_LABEL.match(text) if label is None else None)
        if m and _AMENDED.search(m.group(1)):
            m = None  # "doc improvements: inference workflow section" improved the section; no label
        if m and len(labels) < _LABEL_DEPTH and (case or m.group(1).split()[0].lower() not in _VERBS or (m.group(1).split()[0].lower() in _NOUN_VERBS and _ORDER_AFTER.match(text, m.end()))):
            labels.append(m.group(1).strip("`"))
            label = label or labels[0]
            text = text[m.end() :]
            continue
        if tags and text.startswith(":"):  # "[`missing_const_for_fn`]: fix FP …"
            text = text[1:].lstrip()
            continue
        break
    offset = max(0, len(text) - _NUMBERING_TAIL)
    m = _TRAILING_NUMBERING.search(text, offset)
    # "(2/5)" and "(part 2 of 5)" number a series; a bare "(12)" does not.
    if m and part is None and (m.group(4) or re.search(r"[/a-z]", m.group(0), re.I)):
        part = int(m.group(1) or m.group(4))
        of = _int_or_none(m.group(2) or m.group(3) or m.group(5) or "")
        text = text[: m.start()].rstrip()
    topic = text.strip().rstrip(".").strip() or title.strip()
    if labels and labels[-1].lower() in _WISH_LISTS:
        topic = _listed_entry(topic, labels[-1].lower())
    if labels and labels[-1].lower() in _FIX_LABELS:
        topic = _fix_of(topic)
        labels.pop()
        label = labels[0] if labels else None
    if labels:
        topic = _scoped_all(_object_from_label(topic, labels[-1]), labels[-1])
    return Subject(topic, tuple(tags), label, conventional, scope, part, of, bang, tuple(labels))


# curl's lists of ideas and known bugs: "TODO: ECH for QUIC" adds an idea, implements nothing
_WISH_LISTS = {"todo": "to-do idea", "todo.md": "to-do idea", "docs/todo": "to-do idea",
               "known_bugs": "known bug", "known_bugs.md": "known bug", "docs/known_bugs": "known bug"}
# what an edit of the list itself says ("TODO: remove item about signals", "KNOWN_BUGS: fix a typo")
_LIST_EDIT = re.compile(
    r"(?i)^(?:remove|removed|drop|delete|update|reword|rephrase|clarify|mention|move|rename|polish|tidy|clean|cleanup|"
    r"sort|split|merge|expand|extend|refresh|fix (?:a |the )?(?:typo|link|spelling|wording|format)|"
    r"add (?:a |an |the )?(?:point|item|entry|section|note|link|idea|mention))\b"
)


def _listed_entry(topic: str, label: str) -> str:
    """An entry a wish list or bug list gains, said as the note it is: "Record the to-do idea “ECH for QUIC”"."""
    quoted = re.match(r"(?i)(?:remove|removed|drop|delete)\s+[\"'“](.+?)[\"'”]\s*$", topic)
    if quoted:  # curl's 'TODO: remove "Support intermediate & root pinning …"': an idea dropped, no feature removed
        return f"Drop the {_WISH_LISTS[label]} “{quoted.group(1)}”"
    if _LIST_EDIT.match(topic):
        return topic
    entry = re.sub(r"^\d+(?:\.\d+)*\s+", "", topic).replace("'", "").replace('"', "")  # "5.7 require …": the item's number
    return f"Record the {_WISH_LISTS[label]} “{entry}”"


# "scripts/Makefile.lib: fixes: Embed capsule public key …" fixes the embedding: no new embedding
_FIX_LABELS = frozenset({"fix", "fixes", "fixup", "bugfix", "hotfix"})


_TROUBLE_NOUN = re.compile(r"(?i)\b(?:error|errors|crash|bug|leak|failure|warning|panic|hang|overflow|regression|race|deadlock)(?:\s*\(.*\))?$")


def _fix_of(topic: str) -> str:
    """The topic under a "fixes:" label as the fix it is: "Embed X" -> "Fix embedding X"."""
    first, _, rest = topic.partition(" ")
    if first.lower() in _FIX_LABELS or first.lower() in ("fixed", "fixing", "repair", "correct"):
        return topic  # "Fixes: Fix backup offset calculation" says it once
    if not is_verb(first) or not rest or _TROUBLE_NOUN.search(topic):
        return f"Fix the {topic[:1].lower()}{topic[1:]}" if _TROUBLE_NOUN.search(topic) else f"Fix {topic[:1].lower()}{topic[1:]}"
    gerund = gerund_of(past_tense(first.lower()))
    return f"Fix the {gerund.lower()} of {rest}" if gerund else topic


# "dllmain: exclude from Cygwin builds": an order with no object acts on its label.
_OBJECTLESS = re.compile(r"^(?P<verb>[A-Za-z]+)\s+(?=(?:from|in|into|to|on|with|as)\s)")


# "ARM: renesas: Disable CONFIG_ENV_OVERWRITE on all boards" is all Renesas boards, not all boards
_ALL_OF = re.compile(r"\ball (boards|platforms|targets|devices|socs|SoCs|machines|configs)\b")
_GENERIC_LABELS = frozenset("arm arm64 riscv x86 board boards configs config dts drivers include doc docs test tests".split())


def _scoped_all(topic: str, label: str) -> str:
    """The topic's "all boards" said as the label's ("all renesas boards")."""
    if label.lower() in _GENERIC_LABELS or not re.fullmatch(r"[A-Za-z][\w-]{1,30}", label) or label.lower() in topic.lower():
        return topic
    return _ALL_OF.sub(lambda m: f"all {label} {m.group(1)}", topic, count=1)


_INTRANSITIVE = frozenset(
    "accumulate compute run work fail fall happen operate wait sleep loop iterate proceed continue live reside "
    "default respond return exit error warn panic crash hang retry recover".split()
)
# A topic of orders alone ("move and enhance"): what they act on is the label.
_ONLY_ORDERS = re.compile(r"[A-Za-z]+(?:(?:,| and|,? and) [A-Za-z]+){1,2}")
# Verbs whose "to" starts what their subject does next ("refuse to resolve", "fail to build").
_CATENATIVE = frozenset("refuse fail try attempt need want start begin continue decline learn manage tend stop cease".split())
# What a program does, not its author: said as what the change made it do.
_BEHAVIOURS = frozenset("retry recover warn error fail wait panic".split())
# Verbs whose preposition opens their object: "http: deal with partial CONNECT sends" dealt with
# the sends (no "dealt http with …")
_PREPOSITIONAL = frozenset(
    "deal:with cope:with comply:with interact:with agree:with depend:on rely:on insist:on wait:for look:for "
    "check:for account:for care:about switch:to adapt:to respond:to react:to refer:to listen:on listen:to "
    "conform:to stick:to assert:on focus:on build:on act:on fail:on error:on warn:on bail:on".split()
)
_PHRASAL_IN = frozenset("pass log check plug opt fill sign read bring factor phase roll swap hook wire mix lock zoom drop".split())


_AMENDED = re.compile(r"\s(?:improvements|updates|fixes|tweaks|changes|cleanups|enhancements)$", re.I)
# "pip index versions: honor only-binary/no-binary options": a command of three words before an order.
_THREE_WORD_LABEL = re.compile(r"^([a-z][\w.+-]*(?: [a-z][\w.+-]*){2}):\s+(?=([A-Za-z]+)\b)")


def _command_label(text: str) -> re.Match[str] | None:
    from ..text import is_verb

    m = _THREE_WORD_LABEL.match(text)
    return m if m and is_verb(m.group(2)) else None


def _object_from_label(topic: str, label: str) -> str:
    """The topic with its label as the object its verb lacks ("exclude dllmain from Cygwin builds")."""
    from ..text import is_verb

    made = re.fullmatch(r"(?i)(make|mark)\s+([\w-]+)", topic)
    if made and len(label) <= 40 and not is_verb(made.group(2)):
        return f"{made.group(1)} {label} {made.group(2)}"  # clippy's "`let_unit_with_type_underscore`: make early-pass"
    if _ONLY_ORDERS.fullmatch(topic) and all(is_verb(w) for w in re.findall(r"[A-Za-z]+", topic) if w.lower() != "and") and len(label) <= 40:
        return f"{topic} {label}"  # curl's "conn upkeep/alive: move and enhance" moved and enhanced them
    workflow = re.fullmatch(r"(?i)(?:GHA|CI|appveyor|cirrus|azure|circleci|github)/([\w.+-]+)", label)
    if workflow:  # curl's "GHA/linux: bump to quictls 3.3.0" bumped a CI workflow, not "Linux" (2024-10-19)
        label = f"the {workflow.group(1).lower()} workflow"
    label = label.rsplit("/", 1)[-1] if re.fullmatch(r"[\w.+-]+(?:/[\w.+-]+)+", label) else label  # "examples/threaded-ssl: delete in favor of …"
    m = _OBJECTLESS.match(topic)
    # (a label of a few words too: uv's "Package by default: Add in preview" added package-by-default)
    if m is None or not is_verb(m.group("verb")) or not re.fullmatch(r"[\w.+-]{2,40}|tests? ?\d+|[A-Za-z][\w-]*(?: [a-z][\w-]*){1,3}", label):
        return topic
    if topic[m.end():].startswith("in ") and m.group("verb").lower() in _PHRASAL_IN:
        return topic  # "hostcheck: pass in pattern length too" passes the length in, not hostcheck
    if m.group("verb").lower() in _BEHAVIOURS and re.fullmatch(r"[\w.+-]{2,40}", label):
        # "tool_operate: retry on HTTP response codes 522 and 524": the tool retries, not its author
        return f"make {label} {topic[:1].lower()}{topic[1:]}"
    if m.group("verb").lower() in _INTRANSITIVE or f"{m.group('verb').lower()}:{topic[m.end():].split(' ', 1)[0]}" in _PREPOSITIONAL:
        return topic  # "portable: accumulate in fp32 for …": the kernels accumulate; no "accumulated portable"
    if topic[m.end():].startswith("to ") and m.group("verb").lower() in _CATENATIVE:
        return topic  # "lib: refuse to resolve .onion": lib refuses; no "refused lib to resolve"
    return f"{m.group('verb')} {label} {topic[m.end():]}"


def _without_pr_suffixes(text: str) -> str:
    """``text`` without its " (#1234)" suffixes (squash merges add one, the merge bot two)."""
    end = len(text.rstrip())
    while end and text[end - 1] == ")":
        opening = text.rfind("(#", 0, end)
        if opening < 0 or not text[opening + 2 : end - 1].isdecimal():
            break
        end = opening
        while end and text[end - 1].isspace():
            end -= 1
    return text[:end]


def _int_or_none(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def normalise_title(title: str) -> str:
    """A title reduced for matching: no PR references, quotes, case or extra spaces."""
    text = _PR_ANYWHERE.sub("", title)
    text = text.strip().strip("\"'“”").rstrip(".…").rstrip(".")
    return " ".join(text.lower().split())


def title_tokens(topic: str) -> tuple[str, ...]:
    """Lower-case word tokens of a topic, in order."""
    return tuple(_WORD.findall(topic.lower()))
