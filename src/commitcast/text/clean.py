"""Untrusted message text made fit to say or quote: no URLs, braces, hashes, paths, PR suffixes or
CI markers, one line, bounded length. Below the stages: the newsroom's titles and summaries and the
writer's sentences clean text the same way."""

from __future__ import annotations

import re

from .phrasing import capitalised
from .plainwords import said_alternatives, said_docs_page, said_version_braces

__all__ = ["CI_MARKER", "CI_WORDS", "clean_quote", "clean_statement", "clean_title", "clean_reason"]

# "[ci skip]", "[skip-ci]", "[ci-skip]": instructions to CI, not part of what a change is called.
CI_WORDS = r"\[(?:ci[ _-]?skip|skip[ _-]?ci|no[ _-]?ci|skip[ _-]?actions|actions[ _-]?skip)\]"
CI_MARKER = re.compile(rf"\s*{CI_WORDS}\s*", re.I)

_URL = re.compile(r"\(?\s*(?:https?://|www\.)\S+\s*\)?")
_TAGS = re.compile(r"^(?:\s*\[[^\]]{1,40}\]\s*)+")
# "fix(compiler-ssr): …", and "fix(compiler-ssr) ensure …" that forgot its colon
# A chain of area prefixes ("rockchip: tpl: allow …", "ARM: dts: imx6dl: Add …") goes whole.
_CONVENTIONAL = re.compile(
    r"^(?:[a-z][\w.+-]{1,24}(?:/[\w.+-]{1,24})*(?:\([^)]{1,30}\))?!?:\s+(?:[A-Za-z][\w.+/-]{0,24}:\s+)*(?=\S)"
    r"|[a-z]{2,10}\([\w./-]{1,30}\)\s+(?=[a-z]))"
    r"|^[A-Z][\w.+-]{0,24}(?:(?:/[\w.+-]{1,24})+:\s+|:\s+(?:[A-Za-z][\w.+/-]{0,24}:\s+)+)(?:[A-Za-z][\w.+/-]{0,24}:\s+)*(?=\S)"
)
_PR_SUFFIX = re.compile(r"\s*\((?:#\d+(?:,\s*)?)+\)\s*$")
_PR_INSIDE = re.compile(r"\s*\(#\d+\)(?=[\"'”’])")
# An issue a title says it fixes ("Fixed #23 - Catch …", "… (close #142)", "…: fixes #37") is
# a link for the notes, not words for the ear; "after #2962" is part of the title and stays.
_FIXES = r"(?:fix(?:e[sd])?|close[sd]?|resolve[sd]?|refs?|see)"
_ISSUE_LEAD = re.compile(rf"^(?:{_FIXES}\s+)?(?:issue\s+)?#\d+\s*(?:--|-|—|:)\s+(?=\S)", re.I)
# "Reapply #11294 and #11295 (improve GLU test …)", "Reapply #9842: Save some size …": the
# numbers are links; what comes back is the words.
_REDO_NUMBERS = re.compile(
    r"^(?P<verb>reapply|reland|revert|backport|cherry-pick|port)\s+#\d+(?:(?:,\s*|\s+and\s+)#\d+)*"
    r"\s*(?::\s*(?P<rest>\S.*)|\((?P<inner>[^()]+)\))\s*$",
    re.I,
)
_ISSUE_TAIL = re.compile(
    rf"(?:\s*\({_FIXES}:?\s+#\d+(?:(?:,\s*|\s+and\s+)#\d+)*\)|[,;:.]?\s+{_FIXES}:?\s+#\d+)\s*$", re.I
)
_SPACES = re.compile(r"\s+")
# "PR2/N — AlphabetSort task", "[3/5] Add …": where a title stands in a series, for links, not ears.
_PART_MARK = re.compile(r"^\s*\[?(?:PR|part)?\s*\d+\s*/\s*(?:\d+|[nN])\]?\s*(?:[—–:-]\s*)?(?=\S)", re.I)
# ":tada:", ":sparkles:": an emoji's shortcode, a picture to the eye and noise to the ear.
_SHORTCODE = re.compile(r"(?<![\w:])\s*:[a-z0-9_+-]{2,30}:(?![\w:])")
# ... and the pictograph itself ("🔧 Fix warning syntax"): nothing a listener hears
_PICTOGRAPH = re.compile("[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]")


_GLUED_CODE = re.compile(r"(?<=[A-Za-z])`(?=[A-Za-z])")


def _unglued(text: str) -> str:
    """A code span that opens right after a word, or a stray backtick between two, set apart from
    it (a closing one, as in "`Tensor`s", stays)."""
    stray = text.count("`") % 2 == 1

    def apart(m: re.Match[str]) -> str:
        opening = text.count("`", 0, m.start()) % 2 == 0
        return " `" if opening and (stray or "`" in text[m.end():]) else "`"

    return _GLUED_CODE.sub(apart, text)
_QUOTE_SAFE = str.maketrans({"{": "", "}": "", '"': "'", "“": "'", "”": "'", "`": ""})


_CLAUSE = re.compile(r",\s+|;\s+|\s+-\s+|\s+(?:and|but|while|so)\s+")


# a comma just before the cut: the cut would fall inside a list ("parameters, buffers, and …")
_IN_LIST = re.compile(r",\s+[\w-]+(?:\s+[\w-]+)?$")


def _lists_on(text: str, at: int) -> bool:
    """Whether a cut at ``at`` falls inside a list: ", and …" or ", …" right after an item a comma opened."""
    return bool(_IN_LIST.search(text, 0, at)) and bool(re.match(r",\s+(?:(?:and|or)\s+)?[\w-]+\b", text[at:]))


def clean_quote(text: str, *, limit: int = 140) -> str:
    """Untrusted message text fit to quote aloud: no URLs or braces, one line, bounded length
    (a long text ends at a clause boundary when it has one, else at a word, marked "…")."""
    text = _unglued(text)  # pip's "build env and`metadata` modules": no "andmetadata"
    text = _SPACES.sub(" ", _PICTOGRAPH.sub("", _SHORTCODE.sub("", _URL.sub(" ", text))).translate(_QUOTE_SAFE)).strip(" .;:,-")
    if len(text) > limit:
        # (not inside a list: "all parameters, buffers, and inputs are DTensors" was cut to "parameters, buffers")
        clauses = [m.start() for m in _CLAUSE.finditer(text[: limit + 1]) if m.start() >= limit // 2 and not _lists_on(text, m.start())]
        if clauses:
            return text[: clauses[-1]].rstrip(" ,;:-")
        text = text[:limit].rsplit(" ", 1)[0].rstrip(" ,;:-") + "…"
    return text


def clean_statement(text: str, *, limit: int = 200) -> str:
    """A plan's own sentence fit to say: no URLs or braces, one line; its quotes are kept."""
    text = _SPACES.sub(
        " ", _URL.sub(" ", text).translate({ord("{"): None, ord("}"): None, ord("`"): None})
    )
    text = text.strip(" .;:,-")
    if len(text) > limit:
        text = text[:limit].rsplit(" ", 1)[0].rstrip(" ,;:-") + "…"
    return text


# A path in a title ("tests/requirements.txt", "backend/test/suite/x") is said by its last part.
_PATH = re.compile(r"(?<![\w@])/?(?:[\w.-]+/){2,}[\w.-]*|(?<![\w@])/?(?:[\w-]+/)+[\w-]+\.[a-z]{1,5}\b")


def _path_end(m: re.Match[str]) -> str:
    """A path said by its last part; a name of a letter or two with its folder ("net/in.h")."""
    parts = [p for p in m.group(0).split("/") if p]
    if len(parts) >= 2 and parts[-2].lower() in ("prototype", "experimental", "legacy", "internal", "contrib", "deprecated"):
        return f"{parts[-2]} {parts[-1]}"  # ao's "Remove torchao/prototype/dtypes" left torchao's dtypes alone (2025-03-11)
    return "/".join(parts[-2:]) if len(parts[-1].split(".")[0]) <= 2 and len(parts) >= 2 else parts[-1]


# A commit hash in a title ("update action digest to ea32e3a") is not said, nor its preposition.
_HASH = re.compile(
    r"(?:\s+(?:to|at|from|of|for|(?:(?:caused|introduced|broken|added|made) )?by))?\s*\b(?:(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}|D\d{6,})\b"
)  # (executorch's "Fix 7 broken tests caused by D102624163" was "… caused by in Cadence")


# A pull request's state written into its title: "(DONT MERGE)", "[WIP]", "DO NOT MERGE:", "[DNM]"
# (and a series' own version marks: u-boot's "Bug-fixes for a few boards (reduced series)", "(resend)", "(v2)")
_STATUS_MARK = re.compile(r"(?i)\s*[\[(]\s*(?:do ?n[o']?t merge|wip|dnm|draft|rfc|reduced series|resend|v\d+|take \d+|part \d+ of \d+)\s*[\])]\s*|^\s*(?:do ?n[o']?t merge|wip|dnm)\s*[:-]\s*")


# Phabricator's "… in the pybindings file +1": one file more than the title names, no word to say
_MORE_FILES = re.compile(r"\s\+\d{1,2}$")


def clean_title(title: str, *, limit: int = 90) -> str:
    """A commit title fit to quote aloud: no bracket tags, prefix, PR suffix, URL, braces, paths
    or commit hashes."""
    # ("support <transition> in templates": the element by its name, no hole where it was; vue 2019-11-24)
    text = re.sub(r"(?<![\w<])<([a-z][\w.-]{1,30})>(?!>)", r"\1", said_docs_page(title))
    # GitHub Actions' "${{ }}" wrapper, which a voice cannot say: curl 67021de15 was "enclosed … in $"
    text = re.sub(r"`?\$\{\{\s*\}\}`?", "the expression syntax", text)
    # "Fix build failure introduced by https://…/pull/4227" was quoted "… introduced by": the link is a change
    text = re.sub(r"(?i)\b(by|from|in|of|after) (?:https?://|www\.)\S+", r"\1 an earlier change", text)
    text = _PATH.sub(_path_end, said_alternatives(said_version_braces(_URL.sub(" ", text))))
    text = re.sub(r"\(\s+", "(", _HASH.sub("", text))  # clippy's "Rustup to rustc 1.40.0-nightly (1423bec54 2019-11-07)": no "( 2019"
    text = _TAGS.sub("", CI_MARKER.sub(" ", text))
    text = _PART_MARK.sub("", text)
    text = _PR_INSIDE.sub("", text)  # 'Revert "Support tanh op (#11364)"' quotes the number too
    text = _ISSUE_TAIL.sub("", _ISSUE_LEAD.sub("", _PR_SUFFIX.sub("", text.strip())))
    text = _MORE_FILES.sub("", text)
    text = _STATUS_MARK.sub("", text)  # pip #1013's "(DONT MERGE)" was a PR's state, merged all the same
    redo = _REDO_NUMBERS.match(text)
    if redo:
        text = f"{redo.group('verb')}: {redo.group('rest') or redo.group('inner')}"
    text = clean_quote(_PR_SUFFIX.sub("", _CONVENTIONAL.sub("", text)), limit=limit)
    return capitalised(text)  # "fix the bug" -> "Fix the bug", but "torch.compile" stays


_REASON_CHARS = 170


def clean_reason(reason: str) -> str:
    """A revert reason fit to quote: no URLs, no leading "due to", no trailing chatter; none from a
    template that says no reason was given ("The context such as a Sandcastle job … was not provided")."""
    if re.search(r"context such as a sandcastle job|was not provided|no reason (?:was )?given", reason, re.I):
        return ""
    text = _URL.sub(" ", reason)
    # an internal diff's id is no words: "failing internal tests here: D82596569, causing …" (executorch #14364)
    text = re.sub(r"\s*(?:[:(]\s*)?\bD\d{6,}\b\)?", "", text)
    text = re.sub(
        r"^\s*(?:reverted\b.*?\bdue to|due to|because of|because)\s+", "", text, flags=re.I
    )
    text = re.split(r"(?<=[.!?])\s|\s(?:see|cc|please)\b", text, maxsplit=1, flags=re.I)[0]
    text = re.sub(r"^\s*(?:which|that)\s+(?=\w)", "it ", text, flags=re.I)  # "…, which broke macos ci": it broke it
    because = re.search(r"\s+because\s", text)
    if len(text) > _REASON_CHARS and because and because.start() >= 30:
        text = text[: because.start()]  # what went wrong, without its long explanation
    # (prose may run longer than a log's words: a reason cut at 120 ended "does not support the…", uv #20961)
    return clean_quote(text.strip(" ()"), limit=120 if re.search(r"[\[\]_/]", text) else _REASON_CHARS)
