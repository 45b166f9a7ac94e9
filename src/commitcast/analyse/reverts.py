"""Pairing reverts with what they revert, and relands with their reverts, across days."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..ingest import branch_title, describes_undone, merge_pr, title_pr
from ..model import Change
from .annotate import Item
from .areas import tag_area
from .titles_parse import normalise_title, parse_subject

__all__ = [
    "RevertThread", "pair_reverts", "reverted_title", "quoted_reverted", "relanded_title", "revert_reason", "revert_return", "revert_target",
]

_QUOTED_REVERT = re.compile(r'^\s*(?:revert|back\s*out|backout)\s*:?\s*"(?P<t>.+)"\s*(?:\(#\d+\)\s*)*$', re.I)
_DIFF_REVERT = re.compile(r"^\s*(?:revert|back\s*out)\s+D\d+\s*:\s*(?P<t>.+)$", re.I)
_BLAMED = re.compile(r'^Multisect successfully blamed "(?:D\d+:\s*)?(?:\[[^\]]{1,40}\]\s*)*(?P<t>.+?)"\s+for\s+(?P<r>.+?)\s*$', re.I)
_REVERT_OF_REVERT = re.compile(r'^\s*revert\s+"+\s*revert\s+"*(?P<t>.+?)"*\s*(?:\(#\d+\)\s*)*$', re.I)
_RELAND_PREFIX = re.compile(
    r'^\s*(?:\[re-?land\]|\[reapply\]|re-?land(?:ed)?|re-?apply|reapply)\s*:?\s*"?(?P<t>.+?)"?\s*(?:\(#\d+\)\s*)*$', re.I
)
_RELAND_SUFFIX = re.compile(r"^(?P<t>.+?)\s*[(\[]re-?land(?:ed)?[)\]]\s*(?:\(#\d+\)\s*)*$", re.I)
_DUE_TO = re.compile(r"\bdue to\s+(?=\S)", re.I)  # the reason runs to "[comment]" or the end
# (the reason runs on over wrapped lines to its paragraph's end: "… that their backend can\nnow support …")
_REVERTS_PR = re.compile(r"^[ \t]*Reverts? [\w./-]+#\d+[ \t]*[,:;-][ \t]*(?P<r>\S.*(?:\n[ \t]*\S.*)*)$", re.I | re.M)
_REASON_CAP = 200
_DANGLING = re.compile(r"\b(?:from|in|at|see|to|by|the|a|an|of|with|via|on)\W*$", re.I)


def reverted_title(change: Change) -> str | None:
    """The title of the change a revert undoes, as its message states it."""
    m = _DIFF_REVERT.match(change.title)
    blamed = _BLAMED.match(m.group("t")) if m else None
    if blamed:  # Meta's backout bot: 'Multisect successfully blamed "D1: [ExecuTorch] Build …" for one build failure'
        return blamed.group("t")
    if change.revert is not None and change.revert.kind != "reapply" and change.revert.title:
        return change.revert.title
    said = m.group("t").strip().strip('"') if m else quoted_reverted(change.title)
    if said is None and change.is_merge and _REVERT_WORD.match(change.title):
        # pip's merged "Revert #13829": the revert commit inside quotes the title
        said = next((t for c in change.merged if (t := quoted_reverted(c.title))), None)
    return said


def quoted_reverted(title: str) -> str | None:
    """The title a revert's own title quotes ('Revert "Add X" (#12)' -> "Add X"), else None."""
    m = _QUOTED_REVERT.match(title)
    return m.group("t").strip().strip('"') if m else None


def relanded_title(change: Change) -> str | None:
    """The title of the change a reland brings back, as its message states it."""
    # Ingest's reading of the message handles nesting, quotes and PR numbers; the title
    # patterns are for changes that do not carry it.
    if change.revert is not None and change.revert.kind == "reapply" and change.revert.title:
        return change.revert.title
    m = _REVERT_OF_REVERT.match(change.title)
    if m:
        return m.group("t").strip().strip('"')
    if _QUOTED_REVERT.match(change.title) or _REVERT_WORD.match(change.title):
        return None  # ao's 'Revert "[Reland][CPU] Add ops for float8 linear"' undid the reland (2025-10-15)
    for pattern in (_RELAND_PREFIX, _RELAND_SUFFIX):
        m = pattern.match(change.title)
        if m:
            return m.group("t").strip().strip('"')
    subject = parse_subject(change.title)
    if any(tag.lower() in ("reland", "re-land", "reapply") for tag in subject.tags):
        return subject.topic  # "[GraphTrainer][Reland] Introduce …"
    return None


def thread_key(title: str) -> str:
    """What reverts, relands and originals are matched on: the topic, without tags or PR numbers."""
    return normalise_title(parse_subject(title).topic)


# A reason says something in words, not only the links and slashes between them
_WORDS = re.compile(r"[A-Za-z]{3,}\s+[A-Za-z]{2,}")
_LINK = re.compile(r"https?://\S+")


def revert_reason(change: Change) -> str | None:
    """Why a change was reverted, when the message says so (merge-bot "due to …", "Reverts org/repo#N, …")."""
    m = _DIFF_REVERT.match(change.title)
    blamed = _BLAMED.match(m.group("t")) if m else None
    if blamed:
        return f"a bisection tool blamed it for {blamed.group('r').replace('one ', 'a ', 1)}"
    if change.revert is not None and change.revert.reason and _WORDS.search(_LINK.sub("", change.revert.reason)):
        return change.revert.reason.strip()
    # Plain string search after the cue: a lazy ``.+?`` up to a terminator backtracked
    # quadratically over long runs of spaces.
    due = _DUE_TO.search(change.body)
    start = max(change.body.rfind(". ", 0, due.start()), change.body.rfind("\n\n", 0, due.start())) if due else -1
    before = change.body[start + 1 : due.start()] if due else ""
    if due is not None and _OTHER_WORK.search(before) and "on behalf of" not in before:  # (the merge bot's own line names the reverter)
        due = None  # "Upstream PyTorch PR: <url> was reverted due to failing internal tests": another's revert (torchtitan #3647)
    if due is not None:
        text = change.body[due.end() : due.end() + 10 * _REASON_CAP].split("[comment]", 1)[0]
        reason = " ".join(text.split()).removesuffix("(").rstrip(" .")
        if reason:
            return reason[:_REASON_CAP]
    m = _REVERTS_PR.search(change.body)
    if m:
        reason = " ".join(m.group("r").split()).rstrip(" .")
        # (words, not what separates links: uv #16861's "Reverts <url> / <url>" was told "The reason given: /.")
        if _WORDS.search(_LINK.sub("", reason)):
            return reason[:_REASON_CAP]
    # The author's own words: the body's first plain sentence that is not git's "This reverts commit …".
    # (not one that leans on a sentence before it: "They have been using topk … incorrectly" spoke
    # of upstream's users, torchtitan #3647)
    # (nor the fix to come: "We should scan xvalues to find num_externs …", executorch #18847)
    return next((s for s in _reason_sentences(change) if not _RETURNS.search(s) and not _LEANS_BACK.match(s) and not _PLAN.match(s)), None)


# A summary's bullet on what the revert also does ("Skips FlexAttn bitwise tests …", "Preserves the comments …")
_ALSO_DOES = re.compile(
    r"(?:Adds|Skips|Preserves|Keeps|Removes|Updates|Restores|Moves|Disables|Enables|Marks|Changes|Replaces|Sets|Retains|Leaves|Reverts|Undoes|Rolls back)\s+(?!(?:to|is|was|are|were|fail\w*|break\w*|broke)\b)"
)
# (not "This is failing internal CI tests": the reverted change, said as the revert's subject)
_LEANS_BACK = re.compile(
    r"(?:They|He|She|It|This|That|These|Those|So)\b(?! (?:is|was|has been|were) (?:failing|breaking|causing|crashing)\b| (?:PR|change|commit|diff)\b"
    # (u-boot's "This unfortunately introduces failure to build in other cases" is the reverted change's fault)
    r"| (?:unfortunately |also )?(?:introduces|introduced|causes|caused|breaks|broke)\b)"
)
# What the author means to do next: "We should scan …", "We'll add …", "I will put up …"
# (and the subject left out: "Will put up separate PR for the change")
_PLAN = re.compile(r"(?i)(?:(?:we|i)(?:'ll| will| should| need to| plan to| want to)|will)\s+(?!not\b|have\b)")
# A command line copied into the message ("buck test @fbcode//mode/dev …"): no words of a reason
_COMMAND_LINE = re.compile(r"^(?:buck2?|bazel|python3?|pytest|cargo|make|git|pip|bash|sh|npm|pnpm|ctest|cmake)\s|//")
_OTHER_WORK = re.compile(r"https?://|\bupstream\b|\bpytorch/pytorch\b", re.I)


# Boilerplate a revert's body opens with, and sections that are not the reason.
_REVERT_BOILERPLATE = re.compile(
    r"^(?:this reverts commit\b|reverts? [\w./-]*#\d+\s*$|reverts? #\d+\.?$|reversing changes made to\b|"
    r"revert(?:s|ing)? (?:#|https?://)\S+\.?$|(?:r|cc)\? @|changelog:|## (?:summary|test plan)\b)",
    re.I,
)
_REASON_WORDS = 40
# A revert that says when the change returns: "Move the change to the 0.12 release line", "Revert
# the test until the fix in #18713 is ready", "will reland once …".
_RETURNS = re.compile(
    r"\b(?:re-?land\w*|re-?appl(?:y|ied|ies)|resubmit\w*|bring\w* (?:it|this|them) back|come back|try again|"
    r"(?:move[sd]?|moving) (?:the change |it |this |them )?to\b|until\b|once\b.{0,60}\b(?:lands?|is ready|merged|fixed))",
    re.I,
)


# A line that points at what follows it: "Here's the error …", "See the log below".
_INTRODUCES = re.compile(r"(?i)(?:here(?:'s| is| are)|see (?:the )?(?:\w+ )?below|below is|the following)\b")
# curl's "Reminded-by: Chris Roberts" and "Bug: <link>" lines: credits and links, no reason
_KEY_VALUE = re.compile(r"^[A-Z][\w-]*:\s")
# a PR template's unfilled line ("PLEASE REMOVE", told as a revert's reason on executorch 2025-10-23)
_PLACEHOLDER = re.compile(r"\bplease (?:remove|fill|delete|describe)\b", re.I)


def _reason_sentences(change: Change) -> list[str]:
    """The plain prose sentences of a revert's body (no boilerplate, code or logs), in order."""
    from ..text import prose_sentences

    found: list[str] = []
    # a "Test plan" section says how it was checked ("- [ ] Non-FlexAttn tests pass"), never why
    body = re.split(r"(?im)^[ \t]*(?:#+[ \t]*)?test plan\b", change.body, maxsplit=1)[0]
    for sentence in prose_sentences(body):
        text = " ".join(sentence.split())
        text = re.sub(r"^(?:Reverts?|Revert) (?:[\w./-]*#\d+|#\d+|https?://\S+)\s*[.,:;-]?\s*", "", text)
        if not text or _REVERT_BOILERPLATE.match(text) or re.search(r"[`$]|\b[0-9a-f]{10,}\b|https?://|[=!<>]=|\w\[\d*\]|\w\(\)", text) or _KEY_VALUE.match(text) or _PLACEHOLDER.search(text) or text.isupper():
            continue
        if re.match(r"(?i)(?:revert|reland|reapply)\s*[\"'“]", text):  # the title again ('Revert "Rename …"'), no reason
            continue
        if _COMMAND_LINE.search(text) or len(re.findall(r"[\w.-]+/[\w./\[\]-]+", text)) >= 2:
            continue  # (a build log's "HOSTCC scripts/basic/fixdep GEN Makefile …" was told as u-boot's reason)
        text = text[:-1] + "." if text.endswith(":") else text  # "This is failing internal CI tests:", its log after
        if _INTRODUCES.match(text):
            continue  # "Here's the error from internal failure" opens a log the show cannot read: no reason
        if re.match(r"(?i)(?:which|that)\b", text) or _ALSO_DOES.match(text):
            continue  # "Reverts #2935 which changed …", "Skips FlexAttn tests …": what it undid or also does, no reason
        if len(text.split()) < 4 or len(text.split()) > _REASON_WORDS or not text[:1].isalpha() or text.rstrip().endswith("?"):
            continue  # (a PR template's "What does it do, and why?" asks; it gives no reason: uv #6526)
        if _DANGLING.search(text.rstrip(".")):
            continue  # "… until the fix in" once its link is gone leans on what is not said
        found.append(text[:_REASON_CAP])
    return found


def revert_return(change: Change) -> str | None:
    """What a revert's message says about the change coming back, when it says so."""
    return next((s for s in _reason_sentences(change) if _RETURNS.search(s)), None)


@dataclass
class RevertThread:
    """One change's revert story: the original, its reverts and relands, in and before the window."""

    key: str  # normalised title of the original change
    title: str | None  # the original change's title as written; None when no message names it
    window: list[Item] = field(default_factory=list)
    earlier: list[Change] = field(default_factory=list)
    reason: str | None = None
    returns: str | None = None  # what the revert's message says of the change coming back

    @property
    def relanded(self) -> bool:
        """True when a reland of the reverted change landed in the window."""
        return any("reland" in item.kinds for item in self.window)


_DIFF_OF = re.compile(r"^Differential Revision:\s*(?:\[)?(?:https?://\S+/)?(D\d{4,})\b", re.M)
_REVERTS_DIFF = re.compile(r"(?i)^\s*(?:revert|back\s*out|backout)\s+(D\d{4,})\b")


class _Index:
    """Look-ups of changes by sha prefix, PR number and normalised title."""

    def __init__(self, changes: Sequence[Change]) -> None:
        self.by_sha = {c.sha: c for c in changes}
        self.by_pr = {c.pr.number: c for c in changes if c.pr is not None}
        self.by_title: dict[str, Change] = {}
        for c in changes:
            self.by_title[thread_key(c.title)] = c  # the latest one wins
        # Meta's "Revert D61959566" names the reverted change by its Phabricator diff
        self.by_diff = {
            m.group(1): c for c in changes if c.revert is None  # (a revert may carry the diff it undoes)
            for text in (c.body, *(f"Differential Revision: {v}" for v in c.trailers.get("Differential Revision", ())))
            if (m := _DIFF_OF.search(text))
        }

    def find(self, change: Change) -> Change | None:
        revert = change.revert
        if revert is not None and revert.sha and len(revert.sha) >= 7:
            hit = self.by_sha.get(revert.sha) or next(
                (c for sha, c in self.by_sha.items() if sha.startswith(revert.sha)), None
            )
            if hit is not None:
                return hit
        if revert is not None and revert.pr is not None and revert.pr in self.by_pr:
            return self.by_pr[revert.pr]
        named = _REVERTS_DIFF.match(change.title)
        if named and named.group(1) in self.by_diff:
            return self.by_diff[named.group(1)]
        title = reverted_title(change)
        if not title:
            unquoted = re.match(r"(?i)^(?:[\w-]+(?:\([^)]*\))?!?:\s*)?revert\s+(?![\"'“#]|commit\b|[0-9a-f]{7,}\b)([\w.-]+(?: [\w.-]+)?)\s*$", change.title)
            return self._named_thing(change, unquoted.group(1)) if unquoted else None
        key = thread_key(title)
        if key in self.by_title:
            return self.by_title[key]
        if title.endswith(("…", "...")) and len(key) > 20:  # GitHub truncates long titles
            return next((c for k, c in self.by_title.items() if k.startswith(key)), None)
        return self._named_thing(change, title)

    def _named_thing(self, change: Change, title: str) -> Change | None:
        """The one earlier change of the same author that names the thing an unquoted revert names: vue's "chore:
        revert prettier" undid "chore: upgrade prettier" 26 minutes before, told as a change titled "Prettier"."""
        words = title.split()
        if not 1 <= len(words) <= 2 or not change.authors:
            return None
        named = re.compile(rf"(?i)(?<![\w-]){re.escape(title)}(?![\w-])")
        found = [c for c in self.by_sha.values() if c.sha != change.sha and c.revert is None and c.landed_at <= change.landed_at
                 and c.authors[:1] == change.authors[:1] and named.search(c.title) and not _REVERT_WORD.match(c.title)]
        return found[0] if len(found) == 1 else None


def _is_revert(item: Item) -> bool:
    return "revert" in item.kinds and "reland" not in item.kinds


def pair_reverts(items: Sequence[Item], earlier: Sequence[Change] = ()) -> list[RevertThread]:
    """Revert threads with at least one revert or reland in the window, in window order."""
    window_changes = [item.change for item in items]
    index = _Index([*earlier, *window_changes])
    earlier_shas = {c.sha for c in earlier}
    threads: dict[str, RevertThread] = {}

    def thread_for(key: str, title: str | None) -> RevertThread:
        if key not in threads:
            threads[key] = RevertThread(key=key, title=title)
        return threads[key]

    title: str | None
    for item in items:
        change = item.change
        if _is_revert(item):
            target = index.find(change)
            if target is not None and target.sha != change.sha and reverted_title(target):
                # A revert of a revert brings the original back.
                title = reverted_title(target) or target.title
                thread = thread_for(thread_key(title), title)
                item = _as_reland(item)
            else:
                title = target.title if target is not None else reverted_title(change)
                if title is None:  # "Revert D63918659": nothing says what it reverts
                    thread = thread_for(f"\0{change.sha}", None)
                else:
                    thread = thread_for(thread_key(title), title)
                thread.reason = thread.reason or revert_reason(change)
                thread.returns = thread.returns or revert_return(change)
            thread.window.append(item)
        elif "reland" in item.kinds:
            title = relanded_title(change)
            if title is None and change.revert is not None and change.revert.pr in index.by_pr:
                # a re-land under a title of its own names the pull request it brings back
                title = index.by_pr[change.revert.pr].title
            if title:
                thread_for(thread_key(title), title).window.append(item)

    window_keys: dict[str, Change] = {}
    for item in items:
        if not {"revert", "reland"} & set(item.kinds):
            window_keys.setdefault(thread_key(item.change.title), item.change)
    member_shas = {i.change.sha for t in threads.values() for i in t.window}
    for key, thread in threads.items():
        original = window_keys.get(key)
        if original is not None and original.sha not in member_shas:
            position = next(i for i in items if i.change.sha == original.sha)
            reverts = [i.index for i in thread.window if "revert" in i.kinds]
            if position.index < min(i.index for i in thread.window):
                thread.window.append(position)
                member_shas.add(original.sha)
            elif reverts and position.index > max(reverts):
                # The same change landing again after its revert (often as a new PR) is its reland.
                thread.window.append(_as_reland(position))
                member_shas.add(original.sha)
        for change in earlier:
            if change.sha in earlier_shas and (
                thread_key(change.title) == key or thread_key(reverted_title(change) or "") == key
            ):
                thread.earlier.append(change)
        thread.window.sort(key=lambda i: i.index)
    return [t for t in threads.values() if any("revert" in i.kinds or "reland" in i.kinds for i in t.window)]


def _as_reland(item: Item) -> Item:
    kinds = tuple(k for k in item.kinds if k != "revert")
    return replace(item, kinds=("reland", *kinds) if "reland" not in kinds else kinds)


_REVERTED_SUBJECT = re.compile(r"^\s*(?:revert|back out|backout)\s*[\"'“]+(.+?)[\"'”]+\s*(?:\(#\d+\))?\s*$", re.I)
_REVERT_WORD = re.compile(r"^\s*(?:\[[^\]]{1,40}\]\s*)*(?:revert(?:ing)?|back\s*out|backout)\b[\s:]*", re.I)
_DIFF_ID = re.compile(r"D\d{5,}")


def revert_target(change: Change) -> tuple[str, bool]:
    """What a revert undoes, as its message names it: ``(title, True)`` for the reverted change's
    title, or ``(description, False)`` when the message names no title a listener could know
    ("an earlier pull request", "an earlier internal change", "changes to executor_runner")."""
    title = reverted_title(change)
    merged = merge_pr(title) if title else None
    if merged is not None:  # 'Revert "Merge pull request #1519 from dstufft/remove-dependency-links"'
        named = branch_title(merged[1])
        return (named, True) if named else ("an earlier pull request", False)
    label = parse_subject(change.title).label
    if title and label and not re.search(r"[\"“']", change.title) and re.match(rf"{re.escape(label)}\s*:\s*revert(?:s|ed)?\s", change.title, re.I):
        # curl's "pop3: revert connection ssl check" undid pop3's part of a change, in words of its own:
        # no change was titled "Connection ssl check" (curl 2025-02-04)
        return f"the {title} in {tag_area(label) or label}", False
    if title and not re.search(r"[\"“']", change.title) and re.search(r"(?i)\b(?:changes|commits|updates|fixes|work|patches|prs)$", title):
        # executorch's "Revert mmap loader changes" names the work in words: no change was titled
        # "Mmap loader changes" (2025-06-24)
        return f"the {title[:1].lower() + title[1:] if title[1:2].islower() else title}", False
    if title:
        return title, True
    match = _REVERTED_SUBJECT.match(change.title)
    if not match and not _REVERT_WORD.search(change.title):
        # curl 8c11f3c18 "CI: do not codespell RELEASE-NOTES" says "Revert 3e3d526c…" in its body: its
        # own title is what it does, not what it undoes
        return "an earlier change", False
    rest = match.group(1) if match else _REVERT_WORD.sub("", change.title)
    merged = merge_pr(rest)
    if merged is not None:  # 'Revert "Merge pull request #1519 from dstufft/remove-dependency-links"'
        named = branch_title(merged[1])
        return (named, True) if named else ("an earlier pull request", False)
    rest = title_pr(rest)[0].strip()
    if re.fullmatch(r"#\d+", rest):
        return "an earlier pull request", False  # "Revert #13829" with no commit inside that quotes it
    if not rest or _DIFF_ID.fullmatch(rest):
        # "Revert D63918659" names an internal diff, not a change a listener can know.
        return ("an earlier internal change" if _DIFF_ID.search(rest or change.title) else "an earlier change"), False
    if not match and describes_undone(rest):
        return rest[:1].lower() + rest[1:], False  # "Revert changes to executor_runner"
    if not match and (_DIFF_ID.search(rest) or _HASH.search(rest)):
        # "Revert pthreadpool a56dcd7 update (backout D104906625 + dependent D108226589)" describes
        # what it undoes, hashes and diffs its own: "the pthreadpool update", no title to quote
        said = " ".join(_HASH.sub("", re.sub(r"\s*\([^)]*\)", "", rest)).split())
        return (f"the {said[:1].lower() + said[1:]}" if said else "an earlier change"), False
    return rest, True


_HASH = re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")
