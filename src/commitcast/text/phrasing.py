"""Small pieces of English every stage says the same way: lists, name lists and possessives."""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["join", "join_clauses", "name_list", "possessive", "capitalised", "a_an", "quoted", "rounded_count"]


def join(items: Sequence[str], conj: str = "and") -> str:
    """ "A", "A and B", "A, B and C"."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def join_clauses(clauses: Sequence[str]) -> str:
    """Deeds joined like ``join``, with a comma before the last "and" when a deed has an "and" of its
    own: "moved X and reduced Y, and fixed Z" (vue 2020-07-21 heard "… and reduced Y and fixed Z")."""
    clauses = [c for c in clauses if c]
    if len(clauses) >= 2 and any(" and " in c for c in clauses):
        return ", ".join(clauses[:-1]) + ", and " + clauses[-1]
    return join(clauses)


def name_list(names: Sequence[str], limit: int = 3, *, count_rest: bool = False) -> str:
    """All of ``names`` up to ``limit``; more become "A, B, C and others" (or "A, B, C and 2 more"
    with ``count_rest``)."""
    names = list(dict.fromkeys(n for n in names if n))
    if len(names) <= limit + (not count_rest):  # one more is named, never "and others" for one person
        return join(names)
    shown = names[: max(1, limit)]
    rest = f"{len(names) - len(shown)} more" if count_rest else "others"
    return f"{', '.join(shown)} and {rest}"


def possessive(name: str) -> str:
    """ "Jason Ansel's", "James'", "maintainers'"."""
    return name + ("'" if name.endswith(("s", "S")) and not name.endswith(("'s", "’s")) else "'s")


def rounded_count(n: int) -> str:
    """A count to two figures, as said aloud: 9,374 -> "about 9,400"; 1,900 -> "1,900"."""
    step = 10 ** max(0, len(str(n)) - 2)
    rounded = (n + step // 2) // step * step  # half up: 965 is "about 970" (Python's round() said 960)
    return f"about {rounded:,}" if rounded != n else f"{n:,}"


def quoted(text: str) -> str:
    """Text in double quotes, the quotes it holds made single: curl's “"normalize" numerical IPv4
    host names” was read as two quotes."""
    return "“" + _INNER_QUOTE.sub(r"‘\1’", text) + "”"


_INNER_QUOTE = re.compile(r"[\"“]([^\"“”]{1,60})[\"”]")


def capitalised(text: str) -> str:
    """A title's first word capitalised when it is a plain word ("fix the loader"), never an
    identifier ("withDefaults helper", "torch.compile", "rms_norm")."""
    first = text.split(" ", 1)[0]
    return text[:1].upper() + text[1:] if first.isalpha() and first.islower() else text


# Letters whose spoken name opens with a vowel sound: "an MX format", "an SDK", "an HTTP client".
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")
_DIGIT_WORDS = {"8": "eight", "11": "eleven", "18": "eighteen", "80": "eighty"}


def a_an(phrase: str) -> str:
    """The phrase with "a" or "an" in front, judged by how its first word is spoken (an
    initialism by its first letter's name: "an MX format", "a URL")."""
    first = phrase.split(" ", 1)[0].strip(",;:\"'“”")
    low = first.lower()
    if first[:1].isdigit():
        vowel = any(first.startswith(d) and not first[len(d):len(d) + 1].isdigit() for d in _DIGIT_WORDS) or first.startswith("8")
    elif len(first) >= 2 and first.isalpha() and not _SPOKEN_WORD.get(low) and (
        (first.isupper() and (len(first) <= 5 or not set(low) & set("aeiouy")))
        or (len(first) <= 5 and not set(low) & set("aeiouy"))
        or (len(first) == 2 and first.islower() and low not in _TWO_LETTER_WORDS)  # "a uv change": letters
    ):  # "an MX format", "an FTP fix" (and "an Ftp Tune-Up": no vowel, so spelled out)
        vowel = first[0].upper() in _VOWEL_LETTERS
    else:
        vowel = (low[:1] in "aeiou" and not low.startswith(("one", "uni", "use", "eu", "uti", "usu"))) or low.startswith(
            ("hour", "honest", "honor", "honour")
        )
    return f"{'an' if vowel else 'a'} {phrase}"


_TWO_LETTER_WORDS = frozenset("am an as at be by do go he if in is it me my no of on or so to up us we".split())
# Upper-case words said as words, not spelled out ("a NASA", "a SIMD", "a CUDA").
_SPOKEN_WORD = dict.fromkeys("nasa simd cuda rocm tosa json yaml toml wasm ascii unicode posix linux numa".split(), True)
