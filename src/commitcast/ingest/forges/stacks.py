"""ghstack conventions: ``gh/<user>/<n>/head`` branches and the stack list in PR bodies."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = ["ghstack_user", "stack_from_body", "group_stacks"]

_HEAD_REF = re.compile(r"^gh/(?P<user>[^/\s]+)/\d+/head$")
_STACK_HEADER = re.compile(r"^\s*Stack from \[ghstack\].*$", re.IGNORECASE | re.MULTILINE)
_STACK_ITEM = re.compile(r"^\s*[*-]\s+(?:__->__\s+)?#(\d+)\b")


def ghstack_user(head_ref: str) -> str | None:
    """The user in a ghstack head branch ``gh/<user>/<n>/head``; None for other branches."""
    match = _HEAD_REF.match(head_ref)
    return match["user"] if match else None


def stack_from_body(body: str | None) -> list[int]:
    """The PR numbers ghstack lists in a PR body, oldest (bottom) first; [] when absent."""
    header = _STACK_HEADER.search(body or "")
    if header is None:
        return []
    numbers: list[int] = []
    for line in (body or "")[header.end() :].lstrip("\r\n").splitlines():
        item = _STACK_ITEM.match(line)
        if item is None:
            break
        numbers.append(int(item[1]))
    # ghstack writes the list newest first ("oldest at bottom").
    return numbers[::-1]


def group_stacks(lists: Iterable[tuple[int, Sequence[int]]]) -> list[list[int]]:
    """Join PRs whose ghstack lists overlap into stacks, each ordered oldest first.

    ``lists`` pairs each PR with the stack its body lists (which may be a stale snapshot:
    a PR updated after its bottom landed lists fewer PRs). The longest list sets the order;
    members it lacks follow by number.
    """
    parent: dict[int, int] = {}

    def find(n: int) -> int:
        parent.setdefault(n, n)
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    known: dict[int, Sequence[int]] = {}
    for number, listed in lists:
        if not listed:
            continue
        known[number] = listed
        for other in listed:
            parent[find(other)] = find(number)
    groups: dict[int, set[int]] = {}
    for number in parent:
        groups.setdefault(find(number), set()).add(number)
    stacks: list[list[int]] = []
    for members in groups.values():
        if len(members) < 2:
            continue
        longest = max((known[n] for n in members if n in known), key=len)
        order = [n for n in longest if n in members]
        order += sorted(members - set(order))
        stacks.append(order)
    return sorted(stacks, key=lambda s: s[0])
