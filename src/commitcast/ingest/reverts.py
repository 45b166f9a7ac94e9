"""Reverts, re-applies, back-outs and relands, as commit messages announce them."""

from __future__ import annotations

import re
from typing import Literal

from ..model import Revert
from .merges import patch_series_title
from .refs import branch_title, merge_pr, title_pr

__all__ = ["parse_revert", "is_reland", "unquoted_revert", "describes_undone"]

Kind = Literal["revert", "reapply", "backout"]

_TAGS = re.compile(r"^(?:\s*\[[^\]\n]{0,60}\])+\s*")
_VERBS = r"revert(?:s|ed|ing)?|back[ -]?out|re-?re-?apply|re-?apply|reapply|restore(?=[\s,:]+\")"
# "Arm backend: Revert …", "Manual cherry-pick: Re-reapply …", "Qualcomm AI Engine Direct - Revert …",
# "fix(build): revert "…"", "fix: restore, "…""
_PREFIX = re.compile(
    rf"^(?:[\w .&/+-]{{1,40}}?(?::|\s-)[ \t]{{1,4}}(?=(?:{_VERBS})\b)"
    # after a conventional type with a scope, only a quoted title is a commit's revert:
    # "fix(watch): revert watch behavior …" reverts a behaviour, not a change
    rf"|[a-z]{{2,10}}\([^)]{{1,40}}\)!?:[ \t]{{1,4}}(?=(?:{_VERBS})\b[\s:,]*\"))",
    re.I,
)
_VERB = re.compile(rf"^(?P<verb>{_VERBS})\b[\s:,]*(?P<rest>.*)$", re.I | re.S)
_PHAB = re.compile(r"^(D\d+)\b(?:\s*(?::|-|—)\s*(?P<title>.*))?$", re.S)
_NUMBER = re.compile(r"^#(\d{1,9})\b(?:[^:]*:\s*(?P<title>.*))?$", re.S)
# "This reverts commit <sha>", or curl's own line "Revert ff78af57… #20234"
_REVERTS_SHA = re.compile(r"(?:This reverts commit |^Reverts? (?=[0-9a-f]{7,40}\b(?: #\d+)?\s*$))([0-9a-f]{7,40})\b", re.M)
# GitLab's revert of a merged merge request: 'Revert "Merge branch 'x' into 'main'"' and
# "This reverts merge request !N" (its revert of a single commit says the commit, as git does).
_REVERTS_MR = re.compile(r"^This reverts merge request [\w./-]{0,200}!(\d{1,9})\b", re.M)
_GITLAB_MERGE_TITLE = re.compile(r"^Merge branch '([^'\n]{1,200})' into '[^'\n]{1,200}'$")
_MERGEBOT = re.compile(
    r"^Reverted https://(?:github\.com|gitlab\.[\w.-]+)/\S+?/(?:pull|-/merge_requests)/(\d{1,9})"
    r"(?:\s+on behalf of https://github\.com/([\w-]+))?(?:\s+due to\s+(?P<reason>.*))?",
    re.M,
)
# GitHub's revert button writes "Reverts org/repo#N"; people also write "Reverts PR: <URL>".
# A summary's bullet says it too: "- Reverts #2935 which changed …" (torchtitan #2964).
_GITHUB_UI = re.compile(
    r"^(?:[-*][ \t]+)?Reverts:?[ \t]+(?:PR:?[ \t]+)?(?:[\w.-]+/[\w.-]+#|#|https://github\.com/[\w.-]+/[\w.-]+/pull/)(\d{1,9})\b"
    # (a reason begun on the line runs on over its wrapped lines, not into the next bullet)
    r"[ \t,.:;-]*(?P<reason>(?:\S.*(?:\n[ \t]*(?![-*][ \t])\S.*)*)?)$",
    re.M,
)
# "Reverts #2935 which changed X from True to False": what the reverted change did, no reason
_WHAT_IT_DID = re.compile(r"^(?:which|that)\b", re.I)
_BODY_TITLE = re.compile(r'^Revert "(.+)"[ \t]{0,8}$', re.M)
_DESCRIBED = re.compile(r"^(?:(?:the|some|my|our|recent|previous|last|earlier|all)\s+)?(?:changes?|commits?|updates?)\b", re.I)
_RELAND_OF = re.compile(
    r"\bre-?land(?:s|ing)?\s+(?:of\s+)?(?:(?:[\w.-]+/[\w.-]+)?#(\d{1,9})\b|https://(?:github\.com|gitlab\.[\w.-]+)/\S+?/pull/(\d{1,9})\b)", re.I
)
_BACK_TO = re.compile(r"^(?:back\s+)?to\b", re.I)
_ON_FAILURE = re.compile(r"^(?![\"'“]).*\b(?:when|if|on|after|upon)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:fails?|failure|errors?|error|abort\w*|crash\w*|timeouts?)\b", re.I)
_REAPPLY_BODY = re.compile(r'\s*(?:Reapply|Re-apply|Reland|Re-land)\s+["“]', re.I)
_RELAND = re.compile(r"(?<![\w-])re-?land(?:ed|ing|s)?(?![\w-])|\[re-?land\d*\]", re.I)


def _verb_kind(verb: str) -> Kind:
    verb = verb.lower()
    if verb.startswith("back"):
        return "backout"
    return "revert" if verb.startswith("revert") else "reapply"  # re-apply, reapply, restore "…"


def _unquote(text: str) -> str:
    text = text.strip()
    if text.startswith('"') and re.search(r'"\s*(?:…|\.\.\.)$', text):
        # GitHub cut the outer title after the inner one's closing quote: 'Revert "X" …'
        text = re.sub(r"\s*(?:…|\.\.\.)$", "", text)
    if text.startswith('"'):
        text = text[1:]
        if text.endswith('"'):
            text = text[:-1]
    return text.strip()


def _strip_prefix(title: str) -> str:
    title = _TAGS.sub("", title)
    return _PREFIX.sub("", title, count=1)


# 'Revert PR-2016 & Redo "Run the ROCm workflow on a cron schedule"': undone and done again, fixed.
_REVERT_AND_REDO = re.compile(r'^revert\b[^"]{0,80}?(?:&|\band\b)\s*(?:redo|re-?apply|re-?land)\s+"(?P<t>.+)"', re.I)


# "Revert StreamWrapper removal to restore Python 3.9.0 compat": the clause after "to" is why the
# revert was made, not part of what it undid (pip 1c6d1e3a0 was told as rolling back the compat fix).
_PURPOSE = re.compile(
    r"\s+(?:in order |so as )?to\s+(?=(?:restore|fix|unbreak|avoid|keep|preserve|unblock|address|resolve|repair|"
    r"allow|re-?enable|get|green|stop|prevent)\b)(?P<why>.+)$",
    re.I,
)


def _purpose(title: str) -> str | None:
    """Why an unquoted revert title says it was made ("to restore Python 3.9.0 compat"), if it does."""
    match = _VERB.match(_strip_prefix(title))
    rest = match.group("rest").strip() if match else ""
    if not rest or rest.startswith('"'):
        return None
    why = _PURPOSE.search(title_pr(rest)[0])
    return f"to {why.group('why')}" if why else None


# curl's "GHA: include runner CPU arch in cache keys (revert)": the title of what it undoes, marked
_REVERT_SUFFIX = re.compile(r"^(?:[\w .&/+-]{1,40}?:\s+)?(?P<t>.+?)\s*[(\[]revert(?:ed)?[)\]]$", re.I)


# A commit hash or an internal diff's id inside an unquoted revert subject
_OWN_IDS = re.compile(r"\b(?:(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}|D\d{6,})\b")


def _from_title(title: str, depth: int = 0) -> tuple[Kind, str | None, int | None] | None:
    """``(kind, reverted title, reverted PR)`` for a revert-style subject, else None."""
    marked = _REVERT_SUFFIX.match(title.strip())
    if marked is not None and depth == 0:
        marked_title, marked_pr = title_pr(marked.group("t"))
        return "revert", marked_title or None, marked_pr
    redo = _REVERT_AND_REDO.match(_strip_prefix(title))
    if redo is not None:
        redone, redone_pr = title_pr(_unquote(f'"{redo.group("t")}"'))
        return "reapply", redone or None, redone_pr
    match = _VERB.match(_strip_prefix(title))
    if match is None or depth > 8:
        return None
    kind = _verb_kind(match.group("verb"))
    rest = match.group("rest").strip()
    inner_title: str | None
    pr: int | None = None
    if rest.startswith('"'):
        inner_title, pr = title_pr(_unquote(rest))
    elif (phab := _PHAB.match(rest)) is not None:
        inner_title = _unquote(phab.group("title") or "") or None
    elif (number := _NUMBER.match(rest)) is not None:
        pr = int(number.group(1))
        inner_title = _unquote(number.group("title") or "") or None
    elif _BACK_TO.match(rest) or _ON_FAILURE.search(rest):
        # "test: revert to threads" goes back to a way of working, not a commit; "Revert changes to
        # pyproject.toml when sync fails during uv add" is what uv now does on failure (uv #6526)
        return None
    else:
        inner_title, pr = title_pr(rest)
        inner_title = _PURPOSE.sub("", inner_title)  # what was undone, not why (see ``_purpose``)
        # "Revert changes to executor_runner" describes what it undoes; it names no title.
        inner_title = None if describes_undone(inner_title) else inner_title or None
        if inner_title and depth == 0 and _OWN_IDS.search(inner_title):
            # "Revert pthreadpool a56dcd7 update (backout D104906625 + dependent D108226589)": the
            # reverter's description, hashes and diffs their own, no title the change had
            inner_title = None
    series = patch_series_title(inner_title) if inner_title else None
    if series is not None:  # 'Revert "Merge patch series "Add DM firmware …""' undoes that series
        inner_title = series
    merged = merge_pr(inner_title) if inner_title else None
    gitlab = _GITLAB_MERGE_TITLE.match(inner_title) if inner_title else None
    if merged is not None:
        # 'Revert "Merge pull request #1519 from dstufft/remove-dependency-links"' undoes a PR
        # its branch may name; its raw subject is never a title to say.
        pr, inner_title = merged[0], branch_title(merged[1])
    elif gitlab is not None:  # GitLab's: its number is in the body ("This reverts merge request !N")
        inner_title = branch_title(gitlab.group(1))
    if inner_title:
        nested = _from_title(inner_title, depth + 1)
        if nested is not None:
            # Undoing an undo brings the change back; undoing a re-apply takes it out again.
            nested_kind, innermost, nested_pr = nested
            undone = nested_kind != "reapply"
            if kind == "reapply":
                kind = "revert" if undone else "reapply"
            elif undone:
                kind = "reapply"
            inner_title = innermost
            pr = pr if pr is not None else nested_pr
    return kind, inner_title or None, pr


# "revert: fix(x): y (#12)": a conventional revert quoting another conventional subject bare.
_BARE_CONVENTIONAL = re.compile(r"^revert(?:\([^)]{0,40}\))?!?:\s*[a-z]{2,10}(?:\([^)]{0,40}\))?!?:\s", re.I)


def describes_undone(text: str) -> bool:
    """What a bare "Revert …" says describes what it undoes ("changes to executor_runner")
    rather than naming a change by its title."""
    return _DESCRIBED.match(text) is not None


def unquoted_revert(title: str) -> bool:
    """The subject repeats the reverted subject bare, so a PR suffix is the reverted change's.

    Only the conventional form says so; in "Backout the schema change (#3213)" the number is
    the backout's own squash-merged PR."""
    return _BARE_CONVENTIONAL.match(title.strip()) is not None


# What a change stops doing, not a commit it rolls back: "revert the use of libcurl's inet_pton".
_USE_OF = re.compile(r"^(?:the )?(?:use|usage|calls?) (?:of|to)\b|^`", re.I)  # "Revert `update_lints` module … code": code, no commit


# A squash-merge body's list of its commits' titles ("* Update the call path …")
_SQUASHED_TITLE = re.compile(r"(?m)^\* \S[^\n]{0,120}\n[ \t]*(?:\n|$)")


# A body in which the code, not the commit, does the reverting ("use this pass to revert X back to Y")
_CODE_REVERTS = re.compile(r"(?i)\b(?:pass|function|helper|option|flag|step|transform|hook|script|tool)\s+(?:\w+\s+){0,2}to\s+revert\b|\brevert\w*\s+(?:\w+\s+){1,4}back\s+to\b")


def parse_revert(title: str, body: str) -> Revert | None:
    """What a change undoes (or re-applies), from its title and body; None for other changes.

    Understands ``Revert "…"`` (nested: ``Revert "Revert "…""`` re-applies), ``Reapply "…"``,
    ``Back out "…"``, Phabricator ``Revert D123: …``, ``This reverts commit <sha>.``, GitHub's
    ``Reverts org/repo#N``, GitLab's ``This reverts merge request !N`` and the merge bot's
    ``Reverted <PR URL> on behalf of <user> due to …``.
    """
    found = _from_title(title)
    sha_match = _REVERTS_SHA.search(body)
    bot = _MERGEBOT.search(body)
    ui = _GITHUB_UI.search(body)
    merge_request = _REVERTS_MR.search(body)
    if found is not None and found[1] and _USE_OF.match(found[1]) and not (sha_match or bot or ui or merge_request):
        # "lib1960: revert the use of libcurl's inet_pton": an area's code stops using something; no
        # commit is named or quoted, so none is rolled back (curl 0d759ac99)
        found = None
    if found is not None and not (sha_match or bot or ui or merge_request) and not title.lstrip().startswith(("Revert \"", "Revert '")) and _CODE_REVERTS.search(body):
        # executorch's "Revert dim_order ops by default" added a pass that does it: "Use this pass to revert
        # dim_order ops back to memory_format ops" names no change, and none was rolled back (2024-08-02)
        found = None
    if found is None and bot is None and ui is None and len(_SQUASHED_TITLE.findall(body)) >= 2:
        # ao #3845's squash lists its own commits, one of them 'Revert "…"' of another: the pull
        # request undid its own step, nothing that had landed
        sha_match = merge_request = None
    if found is None and sha_match is None and bot is None and merge_request is None:
        relands = _RELAND_OF.search(body)
        if relands is not None:
            # "This is a re-land of https://github.com/pytorch/executorch/pull/16673 with updated test
            # data" brings back the change of that pull request, under a title of its own
            return Revert(kind="reapply", sha=None, pr=int(relands.group(1) or relands.group(2)), title=None, reason=None, by=None)
        return None
    if found is None:
        # "Reland X" whose body says "This reverts commit <the revert>" brings X back; so does a body
        # opening 'Reapply "X"' under a title of its own (executorch #15847, "Enable VGF backend testing")
        verb: Kind = "reapply" if _RELAND.search(title) or _REAPPLY_BODY.match(body) else "revert"
        found = (verb, None, None)
    kind, reverted_title, pr = found
    reason: str | None = None
    by: str | None = None
    if bot is not None:
        pr = int(bot.group(1))
        by = bot.group(2)
        if bot.group("reason"):
            # the bot ends the reason with a "([comment](URL))" link
            reason = bot.group("reason").split(" ([comment](", 1)[0].strip() or None
    elif ui is not None:
        pr = int(ui.group(1))
        reason = " ".join(ui.group("reason").split()).rstrip(":").strip() or None
        if reason is not None and _WHAT_IT_DID.match(reason):
            reason = None
    elif merge_request is not None and pr is None:
        pr = int(merge_request.group(1))
    reason = reason or _purpose(title)
    written = _BODY_TITLE.search(body)
    if written is not None and (
        pr is None or reverted_title is None or reverted_title.endswith("…")
    ):
        # Squashed GitHub reverts repeat the original revert subject, untruncated, in the body.
        again = _from_title(written.group(0).strip())
        if again is not None:
            pr = pr if pr is not None else again[2]
            if reverted_title is None or reverted_title.endswith("…"):
                reverted_title = again[1] or reverted_title
    return Revert(
        kind=kind,
        sha=sha_match.group(1) if sha_match else None,
        pr=pr,
        title=reverted_title,
        reason=reason,
        by=by,
    )


def is_reland(title: str, revert: Revert | None) -> bool:
    """True when the change brings back something reverted before (``Reland``, ``[reland]``, re-apply)."""
    if revert is not None:
        return revert.kind == "reapply"
    return _RELAND.search(title) is not None
