"""Small pieces of English every stage says the same way: lists, name lists and possessives."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["join", "name_list", "possessive", "capitalised"]


def join(items: Sequence[str], conj: str = "and") -> str:
    """ "A", "A and B", "A, B and C"."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def name_list(names: Sequence[str], limit: int = 3, *, count_rest: bool = False) -> str:
    """All of ``names`` up to ``limit``; more become "A, B, C and others" (or "A, B, C and 2 more"
    with ``count_rest``)."""
    names = list(dict.fromkeys(n for n in names if n))
    if len(names) <= limit:
        return join(names)
    shown = names[: max(1, limit)]
    rest = f"{len(names) - len(shown)} more" if count_rest else "others"
    return f"{', '.join(shown)} and {rest}"


def possessive(name: str) -> str:
    """ "Jason Ansel's", "James'", "maintainers'"."""
    return name + ("'" if name.endswith(("s", "S")) and not name.endswith(("'s", "’s")) else "'s")


def capitalised(text: str) -> str:
    """A title's first word capitalised when it is a plain word ("fix the loader"), never an
    identifier ("withDefaults helper", "torch.compile", "rms_norm")."""
    first = text.split(" ", 1)[0]
    return text[:1].upper() + text[1:] if first.isalpha() and first.islower() else text
