"""Why a change matters, in its author's words: the sentences of a message body that state the
problem, what the change does about it, and the effect.

Bodies are untrusted text: only plain prose sentences are taken (no code, paths, links, lists
of PRs or checklists), each capped in length, and sections that are not about the change (test
plans, checklists, release notes templates, bot text, CLA notes) are skipped. The newsroom
keeps them as data; the writer retells them and the grounding checker holds it to them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from ..model import Why
from ..text import IMPERATIVE_VERBS, SUBJECT_OF
from .annotate import Item
from .titles_parse import title_tokens

__all__ = ["why_sentences", "reasons", "MAX_WHY_WORDS", "SQUASHED_COMMIT", "own_words"]

# GitHub's squash message: the squashed commits' titles as bullets, each followed by its own
# message ("* [llava][18/N] Move token generation loop to a class", a blank line, its message, …).
# (a squashed title may end in a stop when it opens with a tag: "* [ET-VK] Moving … file.")
SQUASHED_COMMIT = re.compile(r"^\* (?:[^\n]{1,100}(?<![.!?])|\[[\w -]{1,20}\][^\n]{1,100})\n[ \t]*\n", re.M)


def own_words(body: str) -> str:
    """A body's own account of its change: in a squash of several commits, the last commit's
    message only (the earlier ones are a stack's history: executorch #4667's body told #4705's
    "moves the token generation loop" as its own)."""
    marks = list(SQUASHED_COMMIT.finditer(body))
    if len(marks) < 2:
        return body
    rest = body[marks[-1].end():]
    # ao #2904's squash ended "* Add assert for the original weight data type": one more title, no message
    if re.fullmatch(r"\s*\* [^\n]*\s*", rest):
        return ""
    # (nor a last step that tidies up: ao #4069's "* Skip … on ROCm" was told as what its FP8 kernel work changed)
    tidy = re.compile(r"(?i)\b(?:skip|xfail|lint|ruff|format|typo|comment|tests?|ci)\b|pytest")
    return "" if tidy.search(marks[-1].group(0)) and tidy.search(rest) else rest

MAX_WHY_WORDS = 32  # a retold sentence must fit the host's 40-word limit with its attribution
_MIN_WORDS = 6
_MAX_CHARS = 240

# Headers of body sections that are not about what the change does or why.
_SKIP_SECTION = re.compile(
    # ("# Next steps" and "# Tests" told torchtitan #822's plan and its author's test run as its why)
    r"^\s*(?:#{1,6}\s*)?(?:test(?:s|ing)?(?: plan| done| results?)?|how (?:was|to) (?:this )?test\w*|checklist|next steps?|future work|"
    r"screenshots?|reviewers?|cc|release notes?|changelog|docs?|documentation|benchmarks? commands?|"
    r"repro(?:duction)?(?: steps)?|steps to reproduce|internal|meta internal|differential revision|"
    r"pull request checklist|additional context|notes for reviewers?|todo|stack|about (?:this|the) stack|"
    r"how to review(?: this)?|review (?:guide|notes|order)|reviewing)\s*[:?]?\s*$",
    re.I,
)
_HEADER = re.compile(r"^\s*(?:#{1,6}\s+\S.*|[A-Z][\w /-]{1,40}:\s*)$")
_BOILERPLATE = re.compile(
    r"\b(?:CLA|contributor license|signed[- ]off|co-authored|ghstack|differential revision|pull request resolved|"
    r"approved by|merge bot|this pr was (?:created|generated|exported)|exported from|auto-?generated|"
    r"dependabot|renovate|@dependabot|release notes|commits? (?:are|were) squashed|"
    r"pytorchbot|please (?:review|take a look)|ptal|rebase|lint(?:er|ing)?|nit|wip|fixes #|closes #|resolves #|"
    r"see #|related to #|follow[- ]?up (?:to|of|for) #|cherry[- ]picked?|test plan|unit tests? (?:pass|added)|"
    r"tested (?:with|on|locally|by)|ci (?:is )?green|passes? (?:ci|tests))\b"
    # Review history and tool trivia are no why: "during review the guard was removed", "the change
    # was authored with Claude", "exported using ghexport", "as discussed with …", "thanks to …".
    r"|\b(?:during (?:the )?review|in review|review(?:er)?s? (?:asked|suggested|pointed)|as (?:discussed|suggested|requested)|"
    r"per (?:review|discussion|feedback)|addressed (?:review|comments|feedback)|(?:authored|written|generated|drafted) "
    r"(?:with|by|using)|ghexport|exported using|(?:co-?)?pilot|claude|chatgpt|llm[- ]assisted|ai[- ]assisted|"
    r"thanks? (?:to|you)\b|e\.g\.?$|i\.e\.?$|reviewers? (?:should|can|may|might)|commit[- ]by[- ]commit|"
    r"(?:easier|best|easiest) (?:to )?review|for (?:the )?reviewers?|when reviewing|to review|"
    # a patch series' revision notes: "For v2, I have split the first patch into 5 pieces"
    r"(?:for|in|since|changes (?:in|since)) v\d+\b|^v\d+:|"
    # "This series is a reworked version of the previous series": the series' history, not its why
    r"(?:re-?worked|updated|revised|new|rebased) version of (?:the |my )?previous\b|\bresend(?:ing)? (?:of )?(?:the|this)\b)",
    re.I,
)
_CODEY = re.compile(
    r"`|→|←|\w+\.\w+\(|\w[\w.-]*/[\w.<>-]+/|\b\w+_\w+_\w+\b|::|=>|->|\{|\}|\$|\bhttps?://|\[[ x]\]|\[\[|\w-\d+-\w|(?<![\w-])--\w|#\d+|\bD\d{6,}\b|"
    r"<[\w-]+>|\[[A-Z][A-Z_]+\]|"  # a placeholder: "<subtree-name> supports …", "[SYSROOT]/bin"
    # a commit hash: "This fixes a regression of c2d973627bab12abc5486a3f3." leans on a commit never said
    r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b|"
    r"\b[\w-]+\.(?:py|pyi|cpp|cc|cu|h|hpp|c|rs|go|java|kt|js|ts|tsx|vue|md|rst|ya?ml|json|toml|txt|sh|cfg|ini|so|dll|dylib|whl|exe)\b",
    re.I,
)
_IDENT = re.compile(r"\b\w*(?:_\w+|\.[a-z]\w*\.)\w*\b|\b[a-z]+[A-Z]\w*\b")

# Words of trouble: a sentence with one tells a problem ("… fails on Windows").
_PROBLEM = re.compile(
    r"\b(?:would (?:silently |incorrectly )\w+|could silently \w+|"
    r"caus(?:e|es|ed|ing)|fail(?:s|ed|ing|ure)?|broke|broken|bug|issue|problem(?:s|atic)?|errors?|crash\w*|hang\w*|deadlock\w*|"
    r"wrong|incorrect\w*|corrupt\w*|(?:which|this|that|it) is bad|regress\w*|leak\w*|slow\w*|missing|doesn't|didn't|does not|did not|cannot|can't|unable|"
    r"silently|without (?:any )?warning|special-cased|padded)\b",
    re.I,
)
# Words of how things were, which tell no trouble by themselves: "Currently <x> supports dts,
# mbedtls and lwip" is background, and said as background, never as "the problem".
_CONTEXT = re.compile(
    r"\b(?:previously|currently|recently|lately|before (?:this|now)|prior to (?:this|these)|used to|had to|has to|requires? (?:a|an|the)|only (?:works|supports))\b",
    re.I,
)
_CHANGE = re.compile(
    r"^(?:this (?:(?:little|small|short|tiny|new|first|second|final|last) )?(?:pr|change|diff|commit|patch|update|series|patch ?set)|the fix|the change|(?:the )?solution (?:is|was)|we now|it now|now,?|"
    r"it (?:adds|introduces|implements|updates|moves|replaces|makes|uses|removes|enables)|fix(?:es)? the|"
    r"to (?:fix|address|avoid|solve) this|adds?|introduces?|moves?|replaces?|makes?|uses?|switch(?:es)?|"
    r"re-?(?:moves|names|places|writes|factors|works|uses|tries|loads|builds|orders|sets|starts|solves|enables|applies|lands|verts))\b|"
    r"\b(?:introduces?|instead of|rather than|replaces?|dispatch(?:es)? through|re-?traces?|"
    r"infers?|now (?:re-?)?\w+s)\b",
    re.I,
)
_EFFECT = re.compile(
    r"\d+(?:\.\d+)?\s?(?:x|%|s|ms|gb|mb|times)\b|\b(?:so that|which means|faster|speeds? up|reduc\w+|"
    # (what saves a measure; "node will only save the quant info" stores something, no upshot: executorch #6225)
    r"saves?(?= (?:\d|about|around|up to|memory|time|space|bytes|bandwidth|a lot|lots|us|users|you)\b)|"
    r"improv\w+|no longer|(?<!is )(?<!are )(?<!was )(?<!were )now (?!that\b)[a-z]+|users? (?:can now|will now|now can|no longer)|avoids?|prevents?|"
    r"fell from|drops? from|goes? from|cuts?)\b",
    re.I,
)


def _level(line: str) -> int:
    """A Markdown heading's level ("### x": 3); 0 for a line that is no "#" heading."""
    hashes = len(line.lstrip()) - len(line.lstrip().lstrip("#"))
    return hashes if 0 < hashes <= 6 else 0


# A line that opens a list of what could be done later ("There is additional work that can be done
# here, such as:"): the list says what the change did not do (uv #2588).
_LATER_LIST = re.compile(
    r"\b(?:additional|further|future|remaining|more|follow[- ]?up) (?:work|improvements?|changes?|steps?|ideas?)\b.*:\s*$|"
    r"\b(?:could|can|should) (?:be done|be improved|come) (?:later|next|here)?.*:\s*$|^\s*(?:future work|next steps|todo|not (?:yet )?(?:done|included))\b|"
    r"^\s*(?:\W*\s*)?(?:left|still|kept) (?:disabled|skipped|broken|open)\b",
    re.I,
)


def _sections(body: str) -> list[str]:
    """The body's lines, without the sections that are not about the change."""
    kept: list[str] = []
    skipping = False
    level = 0  # the skipped section's heading level ("## Test Plan": 2); its subsections go with it
    later = False  # inside a list of work left for later
    fenced = False  # inside a ``` code block, whose "# Export → lower" comment is no heading
    for line in body.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced:
            continue
        if _LATER_LIST.search(line):
            later = True
            continue
        if later and (not line.strip() or re.match(r"^\s*(?:[-*•+]|\d{1,2}[.)])\s", line)):
            continue
        later = False
        if _SKIP_SECTION.match(line):
            skipping, level = True, _level(line)
            continue
        if skipping and _HEADER.match(line) and 0 < level < _level(line):
            continue  # "### Direct symlink to python" inside "## Test Plan"
        if skipping and level and not _level(line):
            continue  # "Export:" inside "### Test plan" is a step of the plan, no section of its own (executorch #14998)
        if skipping and _HEADER.match(line) and not _SKIP_SECTION.match(line):
            skipping = False
            if re.match(r"^\s*(?:summary|motivation|description|context|background|why|what)\b", line, re.I):
                continue
        if not skipping:
            kept.append(line)
    return kept


# Words that lean on a sentence the listener did not hear ("… plug them as desired", "could
# therefore corrupt …"): such a sentence cannot be retold on its own.
_CONTEXT_BOUND = re.compile(
    r"\b(?:them|they|these|those|therefore|thus|hence|above|below|aforementioned|former|latter|"
    r"the following|as follows)\b|\bsuch (?!as\b)\w+|"  # "the change adds such validation": which?
    r"\bsimilarly\b|^(?:however|also|but|and|so|then|instead|additionally|furthermore|otherwise|here|see|still|todo|because|since|which|"
    r"note|nb|ps|edit|update|i think|not sure|maybe|perhaps)\b|\b(?:still need|need to|needs to|todo)\b|"
    r"\bhere\.$|~\d|\b(?:this|that) (?:particular )?(?:case|way|one|approach)\b|^turns out\b|"
    # "Though this issue was identified on AM64-sk …", "two issues prevent this from …", "One is
    # when …": each leans on a sentence before it that says what "this" or "one" is
    r"\b(?:this|that|the same) (?:issue|problem|bug|behaviou?r|error|failure|limitation|code|snippet|function|method)\b|"
    r"\b(?:prevents?|stops?|keeps?|allows?|makes?|causes?) (?:this|that|it) (?:from )?\w+ing\b|"
    r"^(?:one|the (?:first|second|other|last) one|another) (?:is|was|of)\b|"
    # "this would introduce a small copy …": a cost of one step of several, told before its "but"
    r"^(?:this|that) (?:would|could|might|may)\b|"
    # "switches from option 1 to option 2": options the listener never heard; chat shorthand ("imo")
    r"\b(?:option|approach|solution|alternative|variant) (?:\d|[a-c])\b|\b(?:imo|imho|afaik|iirc|tbh|fwiw|ctxt|lgtm)\b|"
    r"\b(?:in|with) this (?:diff|pr)\b|"
    # "the first commit keys the pre-release hint …": one commit of a squashed series, not the change
    r"\b(?:the|this) (?:first|second|third|fourth|last|next|final|other|previous|earlier) (?:commit|patch)\b|"
    # "Use this in the example executor_runner": which "this"? (the option named in a sentence before)
    r"\b(?:use|uses|using|used|apply|applies|call|calls|enable|enables)\s+(?:this|that)\b(?!\s+(?:pr|pull request|change|patch|commit|diff)\b)|"
    # "Benchmark shows it's 2-3x slower": which "it"? ("It now …", "It adds …" speak of the change.)
    r"\bit's\b|^it (?!now\b|(?:adds|introduces|implements|updates|moves|replaces|makes|uses|removes|enables)\b)",
    re.I,
)


# "This regression comes from." once its link is gone: the sentence needs what it pointed at.
# Split or code-like prose: "eg, on single H100 …: 2/.", "(like x < '0')", "_that_ case".
# A list item under its label ("Pelles C: Unclear status, …") is no sentence either.
_FRAGMENT = re.compile(r"^[^:]{1,30}:\s|\b(?:eg|ie|cf|vs)\b[,.]|\s[<>]=?\s|\b_\w+_\b|/\.$|[:;]\s*\S{1,4}\.$")
# (also a sentence cut at a line wrap: "…, it will." lost "return and show error message", executorch b2591bb66)
_DANGLING = re.compile(
    r"\b(?:from|in|at|see|to|by|the|a|an|of|with|via|on|here|below|above|and|or|will|would|should|can|could|must|"
    r"is|are|was|were|be|has|have|its|their|this|that|for|into|than|"
    r"prints|shows|says|outputs|displays|reads|gives|follows|looks like|"
    # (u-boot dff350fee2's "Add and use a new function which calls dm_remove_…(…);" kept "… which calls.")
    r"(?:which|that|it|then) (?:calls|invokes|uses|returns|sets|passes|takes|runs|executes|contains)|like|such as|which|who|whose)\W*$", re.I)  # "… it now prints." lost what


# A patch series' revision log ("from v3, the size-growth is slightly reduced", "Changes in v2:"):
# review history, heard as the project's own version (u-boot 2024-10-14)
_REVISION = re.compile(r"^(?:from|since|in|as of|changes? (?:in|since|from)) v\d+\b|\bv\d+\s*(?:->|→|to)\s*v\d+\b", re.I)


# A sentence told in the past: what the code did ("started the accumulator at 0", "was dropped")
_PAST_TELLING = re.compile(r"\b(?:was|were|had|did|used to|(?!need|seed|feed|speed|embed|shed|bed|red|ed)[a-z]{2,}ed)\b(?! (?:by|to be)\b)")
_VERDICT = re.compile(r"(?i)not (?:pretty|ideal|great|perfect|elegant|nice|the best)\b")
_REFERENCE_MARK = re.compile(r"(?:^|\s)\[\d{1,2}\]")
_GERUND_ITEM = re.compile(r"^(?:[A-Z][a-z]+(?:ly)?\s+)?[A-Za-z]+ing\b")
_FINITE = re.compile(
    r"\b(?:is|are|was|were|has|have|had|does|do|did|can|could|will|would|should|must|may|might|"
    r"makes?|causes?|leads?|takes?|needs?|means?|breaks?|fails?|gets?|keeps?|becomes?)\b", re.I)


def _has_finite_verb(text: str) -> bool:
    """Whether a clause has a verb that makes it a sentence ("… avoids an allocation", "… is slow")."""
    from ..text import is_verb

    if _FINITE.search(text):
        return True
    words = re.findall(r"[a-z]+", text.lower())[1:]
    return any(
        (w.endswith("s") and (is_verb(w[:-1]) or (w.endswith("es") and is_verb(w[:-2]))))
        or (w.endswith("ed") and (is_verb(w[:-2]) or is_verb(w[:-1])))  # "… failed on four GPUs"
        for w in words
    )


def _usable(sentence: str) -> bool:
    words = sentence.split()
    if not _MIN_WORDS <= len(words) <= MAX_WHY_WORDS or len(sentence) > _MAX_CHARS:
        return False
    if sentence.endswith("?") or sentence.endswith(":") or _BOILERPLATE.search(sentence) or _CODEY.search(sentence) or '"' in sentence:
        return False
    if _CONTEXT_BOUND.search(sentence) or _DANGLING.search(sentence) or _REVISION.search(sentence):
        return False
    if len(_IDENT.findall(sentence)) > 1:
        return False  # read aloud, identifiers are noise
    first = words[0].lower()
    if first == "to" and "," not in sentence:
        return False  # "To avoid confusion when updating the database.": one step's purpose, no sentence
    if first.endswith("ed") and (first[:-2] in IMPERATIVE_VERBS or first[:-1] in IMPERATIVE_VERBS):
        return False  # "Added non-Windows test to verify …": a changelog line, no sentence with a subject
    if "|" in sentence:
        return False  # a row of a results table ("passes - bit-identical all 100 steps |"), no sentence
    if _VERDICT.match(sentence):
        return False  # "Not pretty but fixes the bug.": the author's verdict on the fix, no problem told
    if _REFERENCE_MARK.search(sentence):
        return False  # "in [1], a test patch … is provided": it leans on a link we do not say
    if re.search(r"(?i)\b(?:another|other|previous|earlier|recent|last|related|upstream|separate|original) (?:PR|pull request|diff|patch)\b|,\s*,", sentence):
        # uv #3627: "A related PR, <link>, found that adding yield_now calls improved throughput" told
        # another change's finding as this one's upshot
        return False
    if _GERUND_ITEM.match(sentence) and not _has_finite_verb(re.sub(r"\([^)]*\)", "", sentence)):
        return False  # "Lazy importing metadata module (which … are slow)": a list item naming a step, no sentence
    if sentence.count("(") != sentence.count(")") or _FRAGMENT.search(sentence):
        return False  # "PrivateUse1) bypass …": a piece of a sentence split at an abbreviation
    letters = sum(ch.isalpha() for ch in sentence)
    # A sentence opens with a capital; "pnpm run test instead of …" is a list item's fragment.
    return letters >= 0.6 * len(sentence) and sentence[:1].isupper()


# A section label written on the sentence's own line ("Summary: use a tuple …").
_LABEL = re.compile(r"^(?:(?:summary|motivation|context|description|background|problem|solution|changes?|why|what)\s*:|"
                    r"\[(?:summary|motivation|context|description|background|problem|solution|changes?|why|what)\])\s*", re.I)
_AFTER = re.compile(r"\b(?:now|no longer|so that|so no|which means|from now on)\b", re.I)


_NOW = re.compile(r"(?<!is )(?<!are )(?<!was )(?<!were )\bnow (?!that\b)[a-z]+", re.I)


_SPARED = re.compile(
    r"^no\b[^.]*\b(?:has|have|needs?) to\b|\bno longer (?:has|have|needs?) to\b|"
    # "In general, it avoids device/host syncs; …the overhead caused by …": trouble the change spares
    r"^(?:in general,?\s+|overall,?\s+)?(?:it|this|that) (?:avoids|avoided|eliminates|eliminated|removes the need|prevents|prevented)\b|"
    r"\b(?:don't|doesn't|do not|does not|won't|will not) (?:need|have) to\b|\bno need to\b",
    re.I,
)


_FORGE_ISSUE = re.compile(
    r"\b(?:linked|related|original|upstream|github|tracking|referenced|mentioned|corresponding|that|this|the above)\s+issues?\b|\bissues?\s+#?\d+",
    re.I,
)


# A cause that makes the code do its job: uv #18334's "Using `.json()` causes request to send the Content-Type header
# by default" is the fix, told as "the problem" (2026-03-07)
_BENIGN_CAUSE = re.compile(r"(?i)\bcaus(?:e|es|ed|ing)\s+(?:\S+\s+){1,3}?to\s+(?:send|set|include|use|return|emit|pass|add|keep|write|"
                           r"report|work|run|honou?r|respect)\b")


def _role(text: str) -> Literal["problem", "context", "change", "effect"] | None:
    """What a sentence tells: the problem, the background, the change, or its effect (None: none
    of them). A problem needs a word of trouble; how things were before is only background."""
    if re.match(r"(?i)(?:now that|since|because|given that|as long as)\b", text):
        return "context"  # "Now that @lkhphuc is providing dedicated support for …": why now, not what changed
    if re.match(r"(?i)(?:due to|because of|owing to)\b", text):
        # a cause told first is how things went wrong: executorch #20601's "Due to the typo the guard
        # inspected the BatchNorm's user count rather than …" was heard as "What changed"
        return "problem" if _PROBLEM.search(text) else "context"
    if re.match(r"(?i)(?:this (?:pr|change|patch|commit|diff) )?(?:still )?(?:keeps|retains|preserves|leaves)\b", text):
        # "This PR keeps the symmetric memory kernels …" of a change that deleted the folder around them:
        # what stays is no account of what changed (torchtitan #1869)
        return None
    if _CHANGE.match(text):
        return "change"
    if re.match(r"(?i)(?:right now|currently|at the moment|at present|today|as of now)\b", text) and _PROBLEM.search(text):
        # executorch 6976e6a59's "Right now if a DelegateCall returns an Error it causes the whole runtime to
        # crash" is how things stand before the fix: "The upshot" told it as the change's effect
        return "problem"
    first, _, rest = text.partition(" ")
    if first.lower() in IMPERATIVE_VERBS and rest and not SUBJECT_OF.match(rest):
        return "change"  # "Adapt serialization and graph handling to handle 1.0."
    if _SPARED.search(text):
        return "effect"  # "No new branch has to be created for a backport": a need the change removes
    if _NO_TROUBLE.search(text):
        return "context"  # "on iOS18, this was not an issue because the axis is not used" (executorch #13896)
    # "the original idea in the linked issue was about arrays" names a forge issue, no trouble (clippy 0fc01a7298)
    troubled = _BENIGN_CAUSE.sub(" ", _FORGE_ISSUE.sub(" ", text))
    # "scoped storage restrictions prevent writing to external storage": what stops something is the
    # trouble, unless the change does the stopping (executorch #16649's "upshot" was its bug)
    blocked = [m for m in _EFFECT.finditer(text) if re.fullmatch(r"(?i)prevents?|avoids?", m.group(0))
               and not _BY_THE_CHANGE.search(text[max(0, m.start() - 60): m.start()])]
    effects = len(_EFFECT.findall(text)) - len(blocked)
    troubles, background = len(_PROBLEM.findall(troubled)) + len(blocked), len(_CONTEXT.findall(text))
    problems = troubles + background
    # "Load failures now throw from JNI with the error code": what a failure does now is the effect.
    if effects and (effects > problems or _AFTER.search(text) or (effects == problems and _NOW.search(text))):
        return "effect"
    if troubles and _TROUBLE_TOLD.search(text) and (_NAMED_TROUBLE.search(text) or not _NEW_STATE.search(text)):
        return "problem"
    if troubles or background:
        # a word of trouble in what is not told as trouble ("a silently wrong label is worse than a
        # named error", "the slow region can still be allocated"): background, never "the problem"
        return "context"
    return "change" if _CHANGE.search(text) else None


# Who stops a thing when the change does ("this prevents …", "which avoids …", "to prevent …")
_BY_THE_CHANGE = re.compile(r"(?i)\b(?:this|it|change|patch|fix|pr|commit|which|that|now|will|to|should|helps?|can|we|new|added|using|with|by)\b[^.;]*$")


# Trouble denied: "this was not an issue", "no problem there".
_NO_TROUBLE = re.compile(
    r"\b(?:not|never|no longer) (?:an? |the |really |actually )?(?:issue|problem|bug|concern)s?\b|\bno (?:issues?|problems?|bugs?)\b|"
    # "AFAICT it could not cause an issue before this patch" (curl 0928de3b2): a guard, no bug
    r"\b(?:could|can|would|did|does|should)(?:n't| not| never) (?:have )?(?:caused?|trigger(?:ed)?|lead to|led to|result in|resulted in) (?:an? |any )?(?:issue|problem|bug|crash|failure)s?\b|"
    r"\bharmless\b",
    re.I,
)


# A problem told as one: what failed or went wrong, happens, or could not be done.
_TROUBLE_TOLD = re.compile(
    r"\b(?:fail(?:s|ed|ing)?|broke|broken|crash(?:es|ed|ing)?|hang(?:s|ing)?|hung|deadlock\w*|leak(?:s|ed|ing)?|"
    r"caus(?:e|es|ed|ing)|(?:was|were|is|are) (?:wrong|incorrect|missing|slow|broken)|doesn't|didn't|does not|did not|"
    r"cannot|can't|couldn't|unable|would (?:silently |incorrectly )?\w+|regress\w*|errors? (?:out|when|if|on)|bug|"
    r"problem(?:s|atic)?|issues?)\b",
    re.I,
)
# A sentence that calls it a problem is one, whatever else it says ("This is problematic … because … are now …").
_NAMED_TROUBLE = re.compile(r"\b(?:problem(?:s|atic)?|issues?|bugs?)\b", re.I)
# Words of the state a change brings, not the trouble it ends ("… rather than being relabelled").
_NEW_STATE = re.compile(r"\b(?:rather than|instead of|no longer|now|still|will|after this)\b", re.I)
_FILLER = frozenset("a an the this that it pr change diff commit patch we to of for in on and with as by is are be".split())


def _says_the_title(text: str, titled: set[str]) -> bool:
    """The sentence only restates the title ("This PR adds max_pool2d op to Arm backend")."""
    words = [w for w in title_tokens(text) if w not in _FILLER]
    return bool(words) and sum(w in titled or w.rstrip("s") in titled for w in words) >= 0.8 * len(words)


_NAMES_THE_CHANGE = re.compile(r"\s*(?:this|the) (?:pr|change|diff|commit|patch|series|fix)\b", re.I)
_PROBLEM_WITHIN = 3  # the body's first sentences are where it states the problem it solves
_OPENS_PROBLEM = re.compile(r"^(?:the (?:problem|issue|bug|root cause) (?:is|was|here)|previously|currently|before this|this (?:pr|change|patch|commit) fixes)\b", re.I)


# Where a sentence's first part ends: a clause that goes on to list code or figures.
# (not at ", but": what follows it is the point, "… could be wrong for cycles, but we only use it … so it's a strict improvement")
_CLAUSE_END = re.compile(r",\s+(?:and|which|while)\s+|;\s+|:\s+(?=[-+\d])")


def _first_clause(text: str) -> str:
    """A long or code-laden sentence's first clause, as a sentence of its own ("" when it has none)."""
    cut = _CLAUSE_END.search(text)
    if cut is None or cut.start() < 30:
        return ""
    if re.match(r"(?i)(?:the|one|another|a) (?:problem|issue|reason|cause|bug|root cause)s? (?:is|was|here is)\b", text):
        # "The problem is that the first action … is adding the tag, and the `cachedir` crate is using
        # `std::fs`": a cause cut at its first clause loses the half that is the cause (uv #3304)
        return ""
    if re.search(r"(?i)[,;]\s*(?:but|except|however|although|though|yet|unless)\b", text[cut.start():]):
        # "Currently, uv init works without a git executable, …, but not with a broken git": the
        # half the cut loses is the point (uv #12895)
        return ""
    first = text[: cut.start()].rstrip(" ,;:")
    # (a clause that stops where its code was, "… a new function which calls", says nothing: u-boot dff350fee2)
    return "" if _DANGLING.search(first) else first + "."


# "This results in …", "These break …": a sentence that leans on the one before it.
_POINTS_BACK = re.compile(
    r"(?:This|These)\s+(?!(?:PR|pull request|change|changeset|patch|patchset|patch set|commit|diff|series|fix|MR)\b)|"
    r"(?:Fix|Fixes|To fix|Address|Solve|Resolve)\s+(?:this|that|it)\b|"  # "Fix this by propagating …" (pip a91f4e99c)
    r"(?:As a result|Because of this|Therefore|Thus|Hence|Consequently)\b|"  # "As a result, it didn't have the config …"
    # "The sixth reports the one version …": one of a list said before it (uv #20866's sixth commit)
    r"(?:The )?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|latter|former|other)\s+(?!(?:time|step|change|commit|PR|patch)\b)[a-z]+s\b"
)


_CONTRIVED = re.compile(r"\b(?:contrived|hypothetical|artificial|made-up|synthetic) (?:example|case|scenario|repro\w*)\b", re.I)
_HYPOTHETICAL = re.compile(r"\b(?:would|could|might)\s+(?:only\s+|also\s+|still\s+)?(?:help|give|be|make|save|reduce|improve|speed|cut|bring)\b", re.I)
# An author's aside: an opinion or a limit they left in place, no problem, change or effect of theirs ("Imo
# this seems rather pedantic", "… seems a bit tricky and tedious, so for now this relies on the user")
_ASIDE = re.compile(
    r"\b(?:imo|imho|i think|i guess|i can be convinced|not sure|seems? (?:a bit |rather |quite |a little )?"
    r"(?:tricky|hard|difficult|tedious|pedantic|overkill|annoying))\b|\bfor now\b.*\b(?:relies on|left to|up to) the user\b|"
    # what it leaves out, or how its own result could misbehave: uv's "PyPy version detection was also not
    # added", clippy's "… this change would cause the code to behave differently"
    r"\b(?:was|were|is|are) (?:also )?not (?:yet )?(?:added|included|implemented|done|covered|handled)\b|\bout of scope\b|"
    # (curl b9f8b908c's caveat, "The distinction between -I and -isystem is also missing from target properties")
    r"\b(?:is|are) also (?:missing|absent|unsupported|not supported)\b|^note that\b|"
    r"\bthis (?:change|PR|lint|suggestion|fix) (?:would|could|might) (?:cause|change|break|make)\b|"
    # how its author tried it: torchtitan's "Test locally to verify the flag works as expected"
    r"^(?:I |we )?(?:test(?:ed|s)?|verif(?:y|ied)|ran|run) (?:it |this |them )?(?:locally|manually)\b|"
    r"\bto verify (?:that )?(?:the|this|it)\b.{0,40}\bworks? as expected\b",
    re.I,
)
_LEANS_ON_A_CHANGE = re.compile(
    r"^\S.*?\b(?:reflects?|follows?|mirrors?|adopts?|implements?|applies|handles?) (?:this|that|these|those) (?:change|update|limitation|restriction)s?\b"
)
_JOINED_WORDS = 34  # a sentence told with the one it leans on stays one breath, its attribution within 40 words
_OWN_DRAFT = re.compile(
    r"\bthan (?:the |my |our |its |an? )?(?:initial|first|naive|unoptimi[sz]ed|prototype|draft)\b"
    r"(?:\s+[\w-]+){0,2}?\s+(?:implementation|version|attempt|draft|iteration|approach|revision|commit|kernel|prototype)\b",
    re.I,
)
_NEW_BEHAVIOUR = re.compile(r"\b(?:is|are|gets|get)\s+(?:now\s+)?\w+(?:ed|en)\s+instead of\b", re.I)
_ADDS = frozenset("add adds introduce introduces implement implements create creates show shows emit emits warn print".split())


def _the_new_thing(text: str, item: Item) -> bool:
    """A sentence about the very thing the title adds ("The hint appears when …" of "Add hint for …")."""
    opened = re.match(r"(?:The|This|These) (?:new )?([a-z]+)\b", text)
    words = item.subject.topic.lower().split()
    return bool(opened and words and words[0] in _ADDS and opened.group(1) in words[1:3])


def why_sentences(item: Item, sentences: Sequence[str]) -> list[Why]:
    """The sentences of one change's body worth retelling, each with its role, in body order.

    ``sentences`` are the body's prose sentences with skipped sections removed."""
    found: list[Why] = []
    titled = set(item.tokens)
    # "This is a relatively contrived example … isn't critical for our current use cases": the
    # trouble the body shows is made up, no backstory or problem anyone met
    contrived = any(_CONTRIVED.search(s) for s in sentences)
    told_change = False  # the body has said what the change does (in a sentence kept or not)
    kept = -1  # the index of the sentence kept last
    for n, sentence in enumerate(sentences):
        whole = re.sub(r"(?<=\w)\[\d{1,2}\]", "", " ".join(sentence.split()))  # "the UPL spec[1]": a footnote mark
        text = _LABEL.sub("", whole).rstrip()
        if text != whole.rstrip():  # "Summary: use a tuple …" says "Use a tuple …"
            text = text[:1].upper() + text[1:]
        if text.endswith((":", "?")):
            continue  # it introduces a table or list, or asks
        if not text.endswith((".", "!")):
            text += "."
        if not _usable(text):
            text = _first_clause(text)  # "This series replaces X with Y, and gets rid of a_b(), c_d": its first part
        if re.match(r"(?i)(?:does|do|is|are|will|can)(?: not|n't)\b", text):
            continue  # "Does not include support for mapping event blocks … yet": the change's limit, no trouble it fixes
        if re.match(r"(?i)(?:test(?:ed)?|verified|validated|checked|ran)\s+(?:with|on|by|using|locally|against|it|this)\b", text):
            continue  # "Test with Case 2 that load from checkpoint at step 3": how it was tested (torchtitan #816)
        if re.match(r"(?i)(?:that|said|the earlier|the previous|the original) (?:change|commit|PR|pull request|patch|diff)\b", text):
            continue  # curl #7731's "That change moved …" is 3cb8a748's, the commit the sentence before named by hash
        if re.search(r"(?i)\b(?:this|that|the) (?:PR|pull request|commit|diff)\b", text) and any(
                re.search(r"(?i)\b(?:pytorch|upstream|another|other|related|linked)\b[^.]{0,40}\b(?:PR|pull request|commit|diff)\b", s) for s in sentences[max(0, n - 2): n]):
            # "We noticed this change in PyTorch PR (<link>). Before this PR, quantization spec only checks …":
            # "this PR" is upstream's, told as executorch #6225's own (r93)
            continue
        role = _role(text)
        if role in ("problem", "context") and (_NEW_BEHAVIOUR.search(text) or _the_new_thing(text, item)):
            # "… the existing error is raised instead of overwriting the entry", "The hint appears
            # when …" (of "Add hint for …"): what the change does, no trouble before it
            role = "change"
        if role in ("effect", "change") and n and re.search(r"(?i)\bpreviously\b", sentences[n - 1]) and _PAST_TELLING.search(text) and not re.search(r"(?i)\bnow\b", text):
            # "On any non-MVE build the scalar path started the accumulator at 0 instead of at bias …", after
            # "… previously emitted only the MVE shape": the old behaviour, told as the change (executorch #19676)
            role = "problem"
        if role in ("effect", "change") and not told_change and re.match(r"(?i)(?:the|as a) (?:result|consequence|upshot|outcome)\b", text):
            # "The result is that the accumulated gradient is an exponential moving average, rather than a
            # sum", before the body says what the change does: the bug's result (torchtitan #1732)
            role = "problem"
        if contrived and role in ("problem", "context"):
            continue
        if _ASIDE.search(text) or re.search(r"[a-z] [,;:]", text):
            continue  # (" , " is a hole a link left: "This PR revives , which might be viable now" said nothing)
        if role == "effect" and _HYPOTHETICAL.search(text):
            continue  # "moving fp4 would only help the all-gather": a design note on a path not taken, no result
        if role == "effect" and _OWN_DRAFT.search(text):
            continue  # "3.82x faster than the initial fused implementation": a draft that never landed, no effect for users
        if not _usable(text) or _says_the_title(text, titled):
            told_change = told_change or role in ("change", "effect")
            continue
        if role is None:
            continue
        if _LEANS_ON_A_CHANGE.search(text):
            continue  # "This PR reflects this change in the Neutron backend": the change it means was the sentence before
        if re.match(r"(?:That|That.s|Those)\b(?! (?:PR|change|patch|commit|diff|series|fix)\b)", text) and n:
            # "That's visible as incorrect depth output" points back at a sentence not told (executorch
            # 672794767, where "that" was the old drift the change fixes)
            continue
        if _POINTS_BACK.match(text) and n and kept != n - 1:
            # "This results in timeline checks to report events in the wrong order" was the old
            # behaviour of the sentence before, not told (curl b7e38801b): heard alone, it blames the change
            continue
        if _POINTS_BACK.match(text) and n and found and kept == n - 1:
            # "… This significantly reduces the overhead of using the RNG" (curl b9df4c392) is told
            # with the sentence it leans on, or not at all: picked alone it followed another point
            joined = f"{found[-1].text} {text}"
            if len(joined.split()) <= _JOINED_WORDS:
                found[-1] = replace(found[-1], text=joined)
            kept = n
            continue
        if text.startswith("It ") and n and not _NAMES_THE_CHANGE.match(sentences[n - 1]):
            # "It makes the Visual Studio generator miss …" spoke of the EXCLUDE_FROM_ALL the change
            # drops, not of the change (curl 3f64357bd): "it" is the change only right after it is named
            continue
        if role == "problem" and n >= _PROBLEM_WITHIN and not _OPENS_PROBLEM.match(text):
            # a body states its problem first; trouble four sentences in is a detail or a caveat
            # ("Using a u64 for bitpos does not match", after "fls() returns an int"; u-boot f459816553)
            continue
        if role in ("problem", "context") and told_change and not _NAMED_TROUBLE.search(text):
            # "Execution time doesn't seem to change noticeably", after the size win it reports, is
            # a side note on the change: trouble and background are told before what the change does
            continue
        told_change = told_change or role in ("change", "effect")
        # (a series' cover letter is its sender's words, whoever wrote most of its patches)
        found.append(Why(text=text, sha=item.change.sha, pr=item.pr, role=role, by=item.change.sender))
        kept = n
    return found


_LIST_ITEM = re.compile(r"^\s*(?:[-*•+]|\d{1,2}[.)])\s+(?:\[[^\]]{0,40}\]\s*)?(?P<text>\S.{0,60})")


def _listed(body: str) -> set[str]:
    """The openings of a body's list items, when it lists two or more: one item of a list (a
    squashed commit's title, one bullet of several) tells a part of the change, never what it is."""
    items = {_key(m.group("text")) for line in body.splitlines() if (m := _LIST_ITEM.match(line))}
    return items if len(items) >= 2 else set()


def _key(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))[:30]


def reasons(items: Sequence[Item], limit: int = 2) -> list[Why]:
    """What a story's bodies say about why it matters: a problem, then what changed or the effect,
    from its first change that explains itself (a campaign's changes say the same thing)."""
    from ..text import prose_sentences

    for item in items:
        if item.bot:
            continue
        body = own_words(item.change.body)
        found = why_sentences(item, prose_sentences("\n".join(_sections(body))))
        listed = _listed(body)
        # "What changed: the change makes module swap the main QAT flow again" was one squashed
        # commit of five (ao #1020): a list item is no account of the whole change.
        # Nor is it the trouble: uv #3130's "Previously the cache was only populated from the seed"
        # was one of seven points on what an earlier PR did, and told the opposite of its bug.
        found = [w for w in found if _key(w.text) not in listed]
        if not found:
            continue
        picked: list[Why] = []
        for role in ("problem", "change", "effect", "context"):
            first = next((w for w in found if w.role == role and w not in picked), None)
            if first is not None and len(picked) < limit:
                picked.append(first)
        return sorted(picked, key=found.index)
    return []
