"""Trailers: the ``Key: value`` lines merge bots and tools append to commit messages."""

from __future__ import annotations

import re

__all__ = ["CREDIT_TRAILERS", "KNOWN_TRAILERS", "split_trailers", "trailer_values"]

# Trailers that name who wrote a change beside its author: GitHub's "Co-authored-by", Linux and
# U-Boot's "Co-developed-by", and curl's "Authored-by", "Provided-by" and "Patch-by" for a patch
# it committed for someone (d276c6de4, Brian Lund's fix).
CREDIT_TRAILERS = ("Co-authored-by", "Co-developed-by", "Authored-by", "Provided-by", "Patch-by")

# Keys recognised on any line of the body (merge bots and Phabricator exports put
# them mid-body, e.g. "Pull Request resolved:" right after "Summary:"), spelled the
# way the key is canonically written. Other keys count only in a git-style final block.
KNOWN_TRAILERS: dict[str, str] = {
    key.lower(): key
    for key in (
        "Pull Request resolved",
        "Differential Revision",
        "Approved by",
        "ghstack-source-id",
        "ghstack dependencies",
        "Reviewed By",
        "Reviewed-by",
        "Signed-off-by",
        "Co-authored-by",
        "Co-developed-by",
        "Acked-by",
        "Tested-by",
        "Reported-by",
        "Suggested-by",
        "Helped-by",
        "Pulled By",
        "fbshipit-source-id",
        "X-link",
        "Change-Id",
        "stack-info",
        "Original commit changeset",
        "Original Phabricator Diff",
        "ghstack PR number",
        "ghstack PR base",
        "ghstack PR head",
        "Merge bot PR base",
        "Merge bot PR head",
    )
}

# Values are matched to the end of the line and stripped afterwards: a lazy match
# followed by trailing whitespace would backtrack quadratically on hostile input.
_KEY_LINE = re.compile(r"^([A-Za-z][A-Za-z0-9 _-]{0,40}?)[ \t]{0,8}:(?:[ \t]+(.*)|[ \t]*)$")
# Git's own trailer token: no spaces, and a value after the colon.
_TOKEN_LINE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_-]{0,40}):[ \t]+(\S.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")
# Keys some projects write without a colon, in the final block only (curl: "Closes #22638",
# "Follow-up to 2d5f4b2c"): the value is one reference. "Close #13699" is a "Closes" too.
# (in either case: curl's 1983365c7 ends "closes #8569", its pull request; 2022-03-10 told it as a direct commit)
_BARE_LINE = re.compile(r"^((?i:close[sd]?|cloes|fixes|refs?|follow-up to|bug))[ \t]+(#\d{1,9}|[0-9a-f]{7,40}|https?://\S{1,300})[ \t]*$")


def _bare_key(word: str) -> str:
    """A bare reference's key as the project's usual spelling ("closes", "Close" -> "Closes")."""
    low = word.lower()
    if low in ("close", "closed", "closes", "cloes"):
        return "Closes"
    return {"fixes": "Fixes", "ref": "Ref", "refs": "Refs", "follow-up to": "Follow-up to", "bug": "Bug"}.get(low, word)


def _known_key(line: str) -> tuple[str, str] | None:
    match = _KEY_LINE.match(line)
    if match is None:
        return None
    canonical = KNOWN_TRAILERS.get(match.group(1).lower())
    if canonical is None:
        return None
    return canonical, (match.group(2) or "").strip()


def _final_block(lines: list[str], fenced: list[bool], taken: set[int]) -> range:
    """The last paragraph when every line of it is a trailer (or continues one), else empty."""
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    start = end
    while start and lines[start - 1].strip():
        start -= 1
    for i in range(start, end):
        line = lines[i]
        if fenced[i]:
            return range(0)
        if i in taken or _TOKEN_LINE.match(line) or _BARE_LINE.match(line) or (line[:1] in " \t" and i > start):
            continue
        known = _known_key(line)
        if known is None or not known[1]:
            # A paragraph of prose that ends in bare references ("Pointed out by …" then
            # "Closes #20955"): those last lines are its trailers.
            tail = end
            while tail > start and not fenced[tail - 1] and _BARE_LINE.match(lines[tail - 1]):
                tail -= 1
            return range(tail, end)
    return range(start, end)


def _bare_paragraphs(lines: list[str], fenced: list[bool], taken: set[int]) -> list[int]:
    """The lines of each paragraph made only of bare references, outside code fences."""
    found: list[int] = []
    start = 0
    for end in [*(i for i, line in enumerate(lines) if not line.strip()), len(lines)]:
        block = range(start, end)
        if block and all(not fenced[i] and i not in taken and _BARE_LINE.match(lines[i]) for i in block):
            found.extend(block)
        start = end + 1
    return found


def split_trailers(body: str) -> tuple[str, dict[str, list[str]]]:
    """Split a message body into (body without trailers, trailers key -> values in order).

    Known keys (:data:`KNOWN_TRAILERS`) are taken from any line outside code fences;
    a key with an empty value takes the next line as its value (Phabricator writes
    ``Differential Revision:`` above ``D123``). Any ``Token: value`` line counts in the
    final paragraph when the whole paragraph is trailers, as ``git interpret-trailers`` does.
    """
    lines = body.split("\n")
    fenced: list[bool] = []
    inside = False
    for line in lines:
        if _FENCE.match(line):
            inside = not inside
            fenced.append(True)
        else:
            fenced.append(inside)

    found: list[tuple[int, str, str]] = []
    taken: set[int] = set()
    i = 0
    while i < len(lines):
        known = None if fenced[i] else _known_key(lines[i])
        if known is not None:
            key, value = known
            if value:
                found.append((i, key, value))
                taken.add(i)
            elif (
                i + 1 < len(lines)
                and lines[i + 1].strip()
                and _KEY_LINE.match(lines[i + 1]) is None
            ):
                found.append((i, key, lines[i + 1].strip()))
                taken.update((i, i + 1))
                i += 1
        i += 1

    # A paragraph of bare references of its own ("Closes #17548" above a "Signed-off-by:" paragraph,
    # curl 296795881) is trailers too, wherever it stands.
    for j in _bare_paragraphs(lines, fenced, taken):
        match = _BARE_LINE.match(lines[j])
        if match:
            found.append((j, _bare_key(match.group(1)), match.group(2).strip()))
            taken.add(j)

    at_line = {index: n for n, (index, _, _) in enumerate(found)}
    previous: int | None = None  # position in ``found`` of the trailer on the line above
    for j in _final_block(lines, fenced, taken):
        line = lines[j]
        if j in taken:
            previous = at_line.get(j)
            continue
        if line[:1] in (" ", "\t") and previous is not None:
            index, key, value = found[previous]
            found[previous] = (index, key, f"{value} {line.strip()}")
        else:
            bare = _BARE_LINE.match(line)
            match = _TOKEN_LINE.match(line) or bare
            key, value = (
                (match.group(1), match.group(2).strip()) if match else _known_key(line) or ("", "")
            )
            key = _bare_key(key) if bare and match is bare else "Closes" if key in ("Close", "Closed", "Cloes") else key
            found.append((j, key, value.strip()))
            previous = len(found) - 1
        taken.add(j)

    trailers: dict[str, list[str]] = {}
    for _, key, value in sorted(found, key=lambda item: item[0]):
        trailers.setdefault(key, []).append(value)
    kept = [line for j, line in enumerate(lines) if j not in taken]
    return _tidy(kept), trailers


def _tidy(lines: list[str]) -> str:
    """Join lines, dropping trailing spaces and runs of blank lines left by removed trailers."""
    out: list[str] = []
    for line in lines:
        line = line.rstrip()
        if not line and (not out or not out[-1]):
            continue
        out.append(line)
    return "\n".join(out).strip()


def trailer_values(trailers: dict[str, list[str]], key: str) -> list[str]:
    """Every value of ``key``, matching keys case-insensitively."""
    wanted = key.lower()
    return [
        value for name, values in trailers.items() if name.lower() == wanted for value in values
    ]
