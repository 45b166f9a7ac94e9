"""What to watch for next: promised follow-ups, stacks and series still open, reverts not yet back."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..ingest import pr_url
from ..model import Change, NextItem, StoryKind
from ..text import prose_sentences
from .annotate import Item
from .headlines import join_names, possessive
from .stories import Group
from .titles_parse import parse_subject
from .why import SQUASHED_COMMIT

__all__ = ["whats_next", "promises"]

_PROMISE = re.compile(
    r"\b(follow[- ]?up (?:PRs?|diffs?|changes?|commits?|patch(?:es)?)\b(?! to\b| of\b| for #)|in a follow[- ]?up\b|"
    r"in (?:a |the )?(?:future|subsequent|later|next|separate) (?:PRs?|diffs?|changes?|commits?)\b|"
    r"next steps?:?\s+\w|will (?:be )?(?:added|addressed|handled|enabled|removed|fixed|landed|migrated|"
    r"updated|cleaned up|done) (?:in|later|separately|afterwards|soon)\b|"
    r"(?:I'll|we'll|I will|we will|plan to|planning to|will follow up)\b[^.]{0,80}\b(?:later|follow[- ]?up|"
    r"future|next|separately|subsequent)\b|"
    # "part 1 of a series", "the first of several PRs", "1/n" (a second part promises no third:
    # u-boot 2024-10-15 "This is part two of the series …" was no what's next)
    r"\bpart (?:1|one) of (?:a |the |an )?(?:series|\d+|several|many|multiple|few)\b|"
    r"\b(?:first) (?:of|in) (?:a |the )?(?:series|several|many|multiple|stack|few)\b|"
    r"\bmore (?:PRs|changes|patches|diffs) (?:will|to) (?:follow|come)\b)",
    re.I,
)
# (nor "So the next step is naturally to make the linter recommend …": the change's own reason, clippy #5429)
_NOT_PROMISE = re.compile(r"^\s*(this is a follow[- ]?up|follow[- ]?up (?:to|of|for|on)\b|as a follow[- ]?up (?:to|of)|so,? (?:the |a )?(?:natural )?next step)", re.I)


# A promise that waits on what its author has not done ("when I do", "if we ever get to it")
_IF_EVER = re.compile(r"(?i)\b(?:when|if|once|whenever)\s+(?:I|we|they)\s+(?:do|can|ever|get (?:to|round|around)|have (?:time|a chance)|find)\b")
_SHOWN_ALREADY = re.compile(
    r"\bas (?:seen|shown|done|used|implemented) in the (?:next|following|previous) (?:PRs?|diffs?|changes?|commits?)\b|"
    # "As SS-JIA mentioned in the next change, we are following a convention": a pointer, no plan
    r"\b(?:mentioned|said|noted|described|discussed|explained|pointed out) in (?:the|a) (?:next|following|previous) (?:PRs?|diffs?|changes?|commits?)\b",
    re.I,
)
_QUOTABLE = 140  # characters of a message the host quotes whole (write.narrator cuts longer ones at a clause)
_STOPGAP = re.compile(r"(?i)^\s*(?:this|it) is (?:an? |only an? |just an? )?(?:interim|temporary|stopgap|short[- ]term|quick|partial) (?:fix|workaround|solution|change|measure)\b")
_PRONOUN_PROMISE = re.compile(
    r"(?i)^\s*(?:this|that|it|these|those) (?:will|would|should|can) (?:be )?\w+ed\b|\b(?:pick|do|fix|address|handle|add|land|finish|revisit) "
    r"(?:it|this|that|them)(?: up)? (?:next|later|in|on|at|after|once|when|separately|soon)\b"
)
# a promise with neither its subject nor its object: "Will fix in later diffs", "Will do in a follow-up"
_NO_OBJECT_PROMISE = re.compile(r"(?i)^\s*(?:will|to be|plan to|going to)\s+(?:\w+\s+)?(?:\w+)\s+(?:in|as|with|later|soon|next|after|once|when)\b")
_DIFF_REF = re.compile(r"\s*\(\s*D\d{6,}\s*\)")
# "runtime/core/portable_type/tensor_impl.cpp is left alone": a path is said by its last part.
_PATH = re.compile(r"(?<![\w@])/?(?:[\w.-]+/){2,}[\w.-]*|(?<![\w@])/?(?:[\w-]+/)+[\w-]+\.[a-z]{1,5}\b")
_DIFF_ID = re.compile(r"\bD\d{6,}\b")


_GLUED_HEADING = re.compile(r"^(?:#+\s*)?(?:next steps?|future work|follow[- ]ups?|todo)\s+(?=[A-Z])", re.I)


def promises(change: Change, sentences: Sequence[str] | None = None) -> list[str]:
    """Sentences of a message (its body's prose ``sentences``) that promise later work; none from
    a squash of commits ("* [bc-breaking] Generalize …" and each commit's own message), whose plans
    the later commits of the squash may already keep (ao 2025-08-25: "we plan to extend QAT to fp8")."""
    found: list[str] = []
    if len(SQUASHED_COMMIT.findall(change.body)) >= 2:
        return found
    for sentence in prose_sentences(change.body) if sentences is None else sentences:
        words = [w for w in sentence.split() if any(ch.isalpha() for ch in w)]
        if len(sentence) > 280 or len(words) < 4 or _NOT_PROMISE.match(sentence) or "://" in sentence:
            continue  # "First part of: <link>." is a pointer with its link taken out, no promise
        if sentence.rstrip(" .").endswith((":", "?")) or re.search(r"(?i)\b(?:to|are|is|be|the|a|an|and|of|for|with|would|will)\W*$", sentence):
            # (or stops where its list begins: uv's "I think the next steps are to" then a list)
            continue  # "In follow up PRs, here's the plan:" promises what a list says; "here or in a separate PR?" asks
        promised = _PROMISE.search(sentence)
        if promised and _IF_EVER.search(sentence):
            continue  # "I'll follow up on #6426 when I do": when they find out what they have not yet
        if promised and _STOPGAP.match(sentence) and re.search(r"(?i)\b(?:this|that|these|those) (?!(?:PR|change|diff|commit|patch)\b)[a-z]+", sentence[12:]):
            # executorch's "This is an interim fix, as the follow up diffs will enable this flag …" said
            # neither the fix nor the flag (#19380, a change told only in a tally)
            continue
        if promised and _PRONOUN_PROMISE.search(sentence):
            # torchtitan's "This will be addressed in the collator …" and executorch's "we'll pick it up next
            # time" promise what the sentence before them says (a collator the same commit adds; a README edit)
            continue
        if promised and _NO_OBJECT_PROMISE.match(sentence):
            continue  # executorch's "Will fix in later diffs." promised what the sentence before it said
        if promised and _SHOWN_ALREADY.search(sentence):
            continue  # "each operator will have its own test file, as seen in the next diff": it exists
        if promised and len(sentence) > _QUOTABLE and promised.start() > _QUOTABLE // 2:
            # "We update the runtime at this point …, as well as the models we will be serializing
            # in the future (next diff)": a quote cut to fit keeps the deed done and loses the promise
            continue
        if promised:
            # "In the next diff (D73517350), we …": an internal diff id is no part of what is promised.
            said = _DIFF_REF.sub("", sentence).rstrip()
            said = _GLUED_HEADING.sub("", said)  # "Next steps As this PR introduces …": the heading is no words of it
            said = _PATH.sub(lambda m: [p for p in m.group(0).split("/") if p][-1], said)
            if not _DIFF_ID.search(said):
                found.append(said)
    return found


def _open_stacks(groups: Sequence[Group], landed_prs: set[int], web_url: str | None) -> list[NextItem]:
    # One person's stacks share their open PRs (torchtitan 2026-06-12: two of Pian Pawakapan's stacks
    # listed the same four, told as "seven more"): each open PR is counted once per person.
    open_by: dict[str, dict[int, None]] = {}
    first_sha: dict[str, str] = {}
    seen: set[tuple[int, ...]] = set()
    stacks: dict[str, int] = {}  # how many of a person's stacks have PRs open (torchtitan 2025-12-15: two, "3 more in their stack")
    for group in groups:
        for item in group.items:
            stack = item.change.stack
            # A re-land carries its first landing's stack list: stale, no promise of what is next
            # (torchtitan 2026-06-11: "six more PRs" of which two ever landed).
            if stack is None or tuple(stack.prs) in seen or "reland" in item.kinds:
                continue
            seen.add(tuple(stack.prs))
            # Only PRs above the topmost landed one: those below landed too, maybe long ago.
            landed_at = [pos for pos, pr in enumerate(stack.prs) if pr in landed_prs]
            if not landed_at:
                continue
            above = [pr for pr in stack.prs[max(landed_at) + 1 :] if pr not in landed_prs]
            if above:
                open_by.setdefault(item.person, {}).update(dict.fromkeys(above))
                first_sha.setdefault(item.person, item.change.sha)
                stacks[item.person] = stacks.get(item.person, 0) + 1
    found: list[NextItem] = []
    for person, prs in open_by.items():
        open_prs = list(prs)
        shown = ", ".join(f"#{pr}" for pr in open_prs[:4])
        more = f" and {len(open_prs) - 4} more" if len(open_prs) > 4 else ""
        noun = "PR" if len(open_prs) == 1 else "PRs"
        found.append(NextItem(
            text=f"{len(open_prs)} more {noun} in {possessive(person)} {'stacks' if stacks[person] > 1 else 'stack'} ({shown}{more}) "
                 f"{'has' if len(open_prs) == 1 else 'have'} not landed yet",
            sha=first_sha[person], pr=open_prs[0], url=pr_url(web_url.rstrip("/"), open_prs[0]) if web_url else None,
            kind="open_stack", people=[person],
        ))
    return found


def _open_series(groups: Sequence[Group]) -> list[NextItem]:
    """Numbered series not finished: "part 2 of 5", or "part 3" of a series with no stated end."""
    found: list[NextItem] = []
    for group in groups:
        numbered = [i for i in group.items if i.subject.part is not None]
        if not numbered:
            continue
        last = max(numbered, key=lambda i: i.subject.part or 0)
        part, of = last.subject.part or 0, last.subject.of
        # "part 2" with no stated end promises nothing more: only "2 of 5" leaves parts to come.
        if not of or part >= of:
            continue
        if len(numbered) == 1 and part > 1:
            # a lone "[2/12]" whose other parts land nowhere in sight (executorch's dataclass clean-up,
            # a stack across repositories): no series is seen here to go on
            continue
        text = f"{possessive(last.person)} numbered series is at part {part} of {of}"
        found.append(NextItem(text=text, sha=last.change.sha, pr=last.pr, kind="series", people=[last.person]))
    return found


def _pending_relands(groups: Sequence[Group]) -> list[NextItem]:
    found: list[NextItem] = []
    for group in groups:
        if group.kind != StoryKind.REVERT or group.relanded or group.subject is None or group.returns:
            continue
        if group.replaced_by is not None:
            continue
        reverts = [i for i in group.items if "revert" in i.kinds]
        if not reverts:
            continue
        revert = reverts[-1]
        originals = [i for i in group.items if i not in reverts]
        authors = list(dict.fromkeys(p for i in originals for p in i.people))
        topic = parse_subject(group.subject).topic
        found.append(NextItem(
            text=f"“{topic}” was reverted and has not relanded yet",
            sha=revert.change.sha, pr=revert.pr, kind="pending_reland", people=authors,
        ))
    return found


def whats_next(
    on_air: Sequence[Group], others: Sequence[Group], landed_prs: set[int], web_url: str | None, limit: int = 5
) -> list[NextItem]:
    """Up to ``limit`` items, stories on air first: promises, open stacks, pending relands, open series."""
    groups = [*on_air, *others]
    landed = [item for group in groups for item in group.items]
    items: list[NextItem] = []
    for group in groups:
        for item in group.items:
            if _kept_later(item, landed):
                continue  # "we'll update it in a subsequent commit": that commit landed the same day
            for sentence in promises(item.change, item.sentences)[:1]:
                if _named_later(sentence, item, landed):
                    continue  # "to enable push constants for PrepackNodes in follow up changes": the next, on PrepackNode, landed too
                items.append(NextItem(
                    text=f"{join_names(list(item.people), 2)}: {sentence}",
                    sha=item.change.sha, pr=item.pr, url=_ref_url(item, web_url),
                    kind="follow_up", people=list(item.people),
                ))
    items += _open_stacks(groups, landed_prs, web_url)
    items += _pending_relands(on_air)
    items += _open_series(groups)
    on_air_shas = {i.change.sha for g in on_air for i in g.items}
    items.sort(key=lambda n: (n.sha not in on_air_shas,))
    unique: list[NextItem] = []
    seen: set[str] = set()
    for next_item in items:
        if next_item.text not in seen:
            seen.add(next_item.text)
            unique.append(next_item)
    return unique[:limit]


def _kept_later(item: Item, landed: Sequence[Item]) -> bool:
    """Whether the same person landed a later change to the same files, or in the same pull, in the window."""
    paths = {f.path for f in item.change.files}
    people = set(item.people)
    # (or a later patch of theirs in the same pull: u-boot 2024-05-25's "in a subsequent commit"
    # landed beside it, in the rockchip pull)
    return any(
        other.index > item.index and people & set(other.people)
        and ((paths and paths & {f.path for f in other.change.files}) or (item.change.via is not None and other.change.via == item.change.via))
        for other in landed
    )


def _named_later(sentence: str, item: Item, landed: Sequence[Item]) -> bool:
    """Whether this change's title or a later one's of the same person's that day names the code the
    promise names (executorch 2025-03-08: "PrepackNodes" promised, "… input to PrepackNode class" landed)."""
    names = _code_names(sentence)
    people = set(item.people)
    return bool(names) and any(
        other.index >= item.index and people & set(other.people) and names & _code_names(other.change.title) for other in landed
    )


def _code_names(text: str) -> set[str]:
    """The names of code a text writes ("PrepackNodes", "push_constant"), singular and lower-cased."""
    return {m.lower().removesuffix("s") for m in _CODE_NAME.findall(text)}


_CODE_NAME = re.compile(r"\b(?:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z]+[A-Z]\w*|[A-Za-z]\w*_\w+)\b")


def _ref_url(item: Item, web_url: str | None) -> str | None:
    if item.change.pr is not None and item.change.pr.url:
        return item.change.pr.url
    return f"{web_url.rstrip('/')}/commit/{item.change.sha}" if web_url else None
