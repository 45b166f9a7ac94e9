"""The prose of a commit message as sentences, without code, logs, tables and boilerplate."""

from __future__ import annotations

import re

__all__ = ["prose_sentences"]

# Lines that are plumbing, not prose (ghstack, merge bot, Phabricator, trailers).
_BOILERPLATE = re.compile(
    r"^\s*(Differential Revision|Pull Request resolved|ghstack-source-id|ghstack PR|Stack from \[ghstack\]|"
    r"\(oldest at bottom\)|\[ghstack-poisoned\]|This PR was created by the merge bot|\^ Please use this|"
    r"Merge bot PR|cc\b|cc:|Approved by|Reviewed By|Reviewed-by|Reviewers:|Subscribers:|Tasks:|Tags:|"
    r"Co-authored-by|Signed-off-by|@diff-train|-{3,}|={3,}|Fixes #|Resolves #|Test Plan:?\s*$|Summary:?\s*$|"
    r"bypass-github|X-link|Pulled By|@exported-using-\w+|@bypass-\w+)",
    re.I,
)
_STACK_ENTRY = re.compile(r"^\s*[*-]\s+(__->__\s+)?#\d+\s*$")
# Bounded repeats, so a line of one long run (64,000 digits) is scanned in linear time.
_LOGLIKE = re.compile(
    r"(\b(INFO|WARNING|ERROR|DEBUG|Traceback)\b|\[rank\d+\]|\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|"
    r"^\s*(>>>|\$ |In \[|Out\[|\+\+\+|@@|File \")|\bstep:\s*\d|\b\w{1,60}=\S{1,80}?[ ,]+\w{1,60}=\S|"
    r"^\s*(import|from \S+ import|def|class|return|print)\b)"
)
_FENCE = re.compile(r"^\s*(```|~~~)")
_BULLET = re.compile(r"^\s*([-*•+]|\d{1,2}[.)])\s+")
_HEADING = re.compile(r"^\s*#{1,6}\s*")
_MD_LINK = re.compile(r"\[([^\]]{0,300})\]\((?:https?://)?[^)]{0,1000}\)")  # bounded: linear on "[[[["
_URL = re.compile(r"https?://\S+")
_URL_IN_PARENS = re.compile(r"\s*\(\s*https?://[^\s()]+\s*\)")
# What pointed at a link that is gone: "by default - https://…/3825. This is" left "by default - ."
_DANGLING = re.compile(r"(?:\s*:|\s+[-–—]+|,?\s+(?:see|(?:see|more) (?:also|here|details)))\s*(?=[.!?,;]|$)")
_LABEL = re.compile(r"^\s*(?:summary|description|details|overview)\s*:\s+(?=\S)", re.I)
_SECTION_LABEL = re.compile(
    r"\s*(?:summary|problem|motivation|solution|context|description|changes?|why|what|background|details|overview|"
    r"test plan|testing|notes?|fix|approach|implementation)\s*:?\s*",
    re.I,
)
# A sentence ends at its stop; "… add them manually We will …" ran two together without one.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"'`])|(?<=[a-z,])\s+(?=We\s)")


def _is_prose(line: str) -> bool:
    stripped = line.strip()
    if not stripped or _BOILERPLATE.match(stripped) or _STACK_ENTRY.match(stripped):
        return False
    if stripped.count("|") >= 2 or _LOGLIKE.search(line) or stripped.startswith("|") or stripped.endswith(" |"):
        return False  # a table's row, or a row's cell wrapped onto lines of its own
    if line.startswith("    ") and not _BULLET.match(line):
        return False
    letters = sum(ch.isalpha() for ch in stripped)
    return letters >= 0.5 * len(stripped)


def _unlinked(m: re.Match[str]) -> str:
    """A link taken out, the stop after it kept; a link the sentence goes on from ("this enables
    https://… to work correctly") stays, for it names what the sentence is about: such a sentence
    is told as code or not at all, never with a hole in it."""
    url = m.group(0)
    kept = url[len(url.rstrip(".,;:!?)")) :]
    before, after = m.string[: m.start()], m.string[m.end() :]
    if not kept and re.match(r"\s+(?!and\b|or\b)[a-z]", after) and not re.search(r",\s*see\s*$", before):
        return url  # "See https://… for details", "this enables https://… to work"
    if re.search(r"\b(?:at|in|from|via|to|on|by|of|into|is|are|was|were)\s*$", before):
        return url  # "It comes from https://…": the link is what the sentence says; no "It comes from ."
    return kept


# b4's cover-letter line in a u-boot merge: "Raymond Mao <raymond.mao@linaro.org> says:" is who wrote
# what follows, no words of it (an address read aloud; u-boot 2024-10-14)
_SAYS = re.compile(r"^\s*[^<>:]{1,80}<[^<>\s@]+@[^<>\s]+>\s+(?:says|wrote):\s*", re.I)
_ADDRESS = re.compile(r"\s*<[^<>\s@]+@[^<>\s]+>")


_OTHER_CHANGE_LINK = re.compile(r"\[(?i:(this|that|a|an|the))\s+((?i:change|pr|pull request|commit|patch|fix))\]\((?:https?://)?[^)\s]{0,300}/(?:pull|commit|issues)/[^)\s]{1,200}\)")


def _clean(line: str) -> str:
    line = _ADDRESS.sub("", _SAYS.sub("", line))
    text = _HEADING.sub("", line)
    text = _MD_LINK.sub(r"\1", text)
    # A link goes, the stop after it stays, and so do words that only pointed at it ("…, see https://…") ("… comes from https://…/pull/838. In that PR").
    text = _URL_IN_PARENS.sub("", text)  # "adds DTensor Context Parallel (https://…) option": no "()" left
    unlinked = _URL.sub(_unlinked, text)
    text = _DANGLING.sub("", unlinked) if unlinked != text else text  # "here's the plan:" keeps its colon
    text = text.replace("`", "").replace("**", "")
    # markdown's emphasis ("we no longer extract _multiple times_"): the words, no identifier
    text = re.sub(r"(?<![\w*])[_*]([A-Za-z][A-Za-z ,'-]{0,60}[A-Za-z])[_*](?![\w*])", r"\1", text)
    unlabelled = _LABEL.sub("", text)  # "**Summary:** The existing …": the label is no part of what it says
    if unlabelled != text:
        text = unlabelled[:1].upper() + unlabelled[1:]
    return " ".join(text.split())


def prose_sentences(text: str) -> list[str]:
    """Sentences of a message body (bullets are sentences too), in order."""
    # "from [this change](…/pull/7934)" names another change; said bare it is heard as the one told (uv #15124;
    # its link ran over two lines)
    text = _OTHER_CHANGE_LINK.sub(lambda m: f"{'An' if m.group(1)[0].isupper() else 'an'} earlier {m.group(2)}", text)
    paragraphs: list[list[str]] = []
    current: list[str] = []
    in_quote = in_row = False
    fence = ""  # the marker of the code block open, if any: only the same marker closes it
    previous = ""
    listing = False  # the paragraph is a list's item: a number after it is the next item
    for raw in text.splitlines():
        marker = _FENCE.match(raw)
        if marker and (not fence or marker.group(1) == fence):
            # (a "```python" block inside a "~~~" one stays code: executorch #17090's pasted chat
            # transcript was quoted as what the change does)
            fence = "" if fence else marker.group(1)
            continue
        if fence:
            continue
        # A "> " block, with the lines that run on from it, is someone else's words (an error
        # message, a reply, an issue), not the author's own.
        in_quote = raw.lstrip().startswith(">") or (in_quote and bool(raw.strip()))
        # A table row's cell wrapped onto the next lines is the table's until the row closes.
        row = in_row or raw.lstrip().startswith("|")
        in_row = row and not raw.rstrip().endswith("|") and bool(raw.strip())
        # "…made CMake recognize either" / "OpenSSL 3.1 or 3.2.": a short line of figures that ends a
        # sentence the line above began is that sentence's, not a log line
        # (after a comma any length runs on: "… for AM64X, AM62X," / "AM62AX, …, J784S4 devices." was cut at the comma)
        runs_on = bool(current) and bool(raw.strip()) and not previous.rstrip().endswith((".", "!", "?", ":")) and (
            (len(raw.strip()) <= 40 or previous.rstrip().endswith(",")) and not raw.startswith("    ") and not _LOGLIKE.search(raw)
        )
        # "… ensures each sequence starts at position" / "0. This is applied …": a number other than 1
        # after an open sentence carries it on (as Markdown reads it), no list item
        # (so does "+ llama3 training." after "… a running example of siglip": a wrapped "+", no bullet)
        carried = bool(current) and bool(re.match(r"\s{0,3}(?:(?:0|[2-9]\d{0,2})[.)]|\+)\s", raw)) and not previous.rstrip().endswith(
            (".", "!", "?", ":")) and not _BULLET.match(previous) and not listing
        previous = raw
        if in_quote or row or not (_is_prose(raw) or runs_on):
            if current:
                paragraphs.append(current)
                current = []
            continue
        line = _clean(raw)
        # "**Summary**", "### Problem", "## About this stack": a heading, no words of a sentence
        if _SECTION_LABEL.fullmatch(line) or re.match(r"\s{0,3}#{1,6}\s+\S", raw):
            if current:
                paragraphs.append(current)
                current = []
            continue
        if _BULLET.match(raw) and current and not carried:
            paragraphs.append(current)
            current = []
        listing = (listing and bool(current)) or bool(_BULLET.match(raw) and not carried)
        current.append(_BULLET.sub("", line) if _BULLET.match(raw) and not carried else line)
        words = raw.split()
        if words and words[-1].startswith(("http://", "https://")):
            # "… comes from https://…" then "In that PR, …": the link ended a sentence.
            paragraphs.append(current)
            current = []
    if current:
        paragraphs.append(current)
    sentences: list[str] = []
    for para in paragraphs:
        # a link written across lines ("I [recently realized … when it" / "available](https://…).")
        # keeps its words, not its brackets
        # (a one-word "[SYSROOT]" is a placeholder, kept to mark its sentence as code)
        joined = re.sub(r"\[([^\[\]]{0,150}\s[^\[\]]{0,150})\](?!\()", r"\1", " ".join(para).strip())
        # words struck out ("~Remark: … requires a restructuring of the code.~"): taken back by their author
        joined = re.sub(r"(?:(?<=\s)|^)~~?(?=[A-Za-z])[^~]{3,}?(?<=\S)~~?(?=\s|$|[.,;:])", "", joined).strip()
        sentences.extend(s.strip() for s in _SENTENCE_END.split(joined) if s.strip())
    return sentences
