"""Who gets the credit for a change: people, not the bots that landed their work, each under
one name a listener can hear."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from anyascii import anyascii

from ..model import Change, Person
from ..text import is_bot_name

__all__ = ["is_bot_name", "is_landing_bot", "credited", "is_bot_change", "name_key", "People", "speakable"]

# Addresses many people share: they say nothing about who someone is.
_SHARED_EMAIL = re.compile(
    r"^(?:noreply|no-reply|nobody|root|admin|user|git|github|unknown|none|test)@|@localhost\b|"
    r"@(?:example\.com|users\.github\.com)$|^noreply@github\.com$",
    re.I,
)
_NOREPLY_HANDLE = re.compile(r"^(?:\d+\+)?([A-Za-z0-9][A-Za-z0-9-]{0,38})@users\.noreply\.github\.com$", re.I)
_HANDLE_LIKE = re.compile(r"^[A-Za-z][A-Za-z0-9._-]{1,38}$")
_HEXISH = re.compile(r"^[0-9a-f]{8,}$")


_OVERRIDE = re.compile("\u202e([^\u202c]*)\u202c?")


def _tidy(name: str) -> str:
    """A name without control, format (bidi overrides, zero-width) or surplus space characters;
    text written backwards under a right-to-left override reads as it was shown."""
    name = _OVERRIDE.sub(lambda m: m.group(1)[::-1], name)
    kept = " ".join("".join(ch for ch in name if unicodedata.category(ch)[0] != "C").split())
    # An address written as the name ("mwleeds@mailtundra.com") is said by its handle.
    if re.fullmatch(r"[^\s@]+@[\w.-]+\.\w+", kept):
        return kept.split("@", 1)[0]
    # "Lan, Jian" (a directory's order) is said "Jian Lan"
    inverted = re.fullmatch(r"([^\W\d_][\w'-]*), ([^\W\d_][\w'-]*)", kept)
    return f"{inverted.group(2)} {inverted.group(1)}" if inverted else kept


def _latin(text: str) -> bool:
    """Every letter in ``text`` is a Latin letter (accents allowed)."""
    return all(not ch.isalpha() or "LATIN" in unicodedata.name(ch, "") for ch in text)


def _latin_part(name: str) -> str | None:
    """The Latin-script words of a mixed name ("三咲智子 Kevin Deng", "Jie Fu (傅杰)"), if any."""
    words = [w.strip("()[]（）,") for w in name.split()]
    kept = [w for w in words if w and _latin(w) and sum(ch.isalpha() for ch in w) >= 2]
    return " ".join(kept) if kept else None


def _handle(email: str) -> str | None:
    """A forge handle an address gives away (``123+octocat@users.noreply.github.com``)."""
    match = _NOREPLY_HANDLE.match(email)
    if match:
        return match.group(1)
    local = email.split("@", 1)[0]
    if _HANDLE_LIKE.match(local) and not _HEXISH.match(local) and not _SHARED_EMAIL.search(email):
        return local
    return None


def _transliterated(name: str) -> str:
    """Latin letters for a name in another script, one word per CJK character."""
    # Each wide (CJK) character is a syllable of its own: "远方" -> "Yuan Fang", not "YuanFang".
    spaced = "".join(f" {ch} " if unicodedata.east_asian_width(ch) in "WF" else ch for ch in name)
    text = " ".join(w for w in anyascii(spaced).split() if re.search(r"[A-Za-z0-9]", w))
    return " ".join(w.capitalize() if w.isupper() or w.islower() else w for w in text.split())


def speakable(names: Iterable[str], emails: Iterable[str] = ()) -> str:
    """The name to credit someone by, from every name and address they used: a Latin-script
    name as written, else the Latin part of one, else their handle, else a transliteration."""
    counted = Counter(_tidy(n) for n in names if _tidy(n))
    ranked = [n for n, _ in counted.most_common()]
    for name in ranked:
        if _latin(name):
            return name
    for name in ranked:
        part = _latin_part(name)
        if part:
            return part
    for email in emails:
        handle = _handle(email)
        if handle:
            return handle
    for name in ranked:
        text = _transliterated(name)
        if re.search(r"[A-Za-z]", text):
            return text
    return ranked[0] if ranked else "an unknown author"


@dataclass
class People:
    """The people of a window, one speakable name each: names and e-mail addresses that a
    person shares between identities (``丶远方`` and ``远方os`` with one address) are one person."""

    names: dict[str, str] = field(default_factory=dict)  # name key or e-mail -> chosen name

    @classmethod
    def of(cls, persons: Iterable[Person]) -> People:
        """Group ``persons`` into people and choose each one's name."""
        parent: dict[str, str] = {}

        def find(key: str) -> str:
            while parent.setdefault(key, key) != key:
                parent[key] = parent[parent[key]]
                key = parent[key]
            return key

        everyone = list(persons)
        # An address joins the names written with it only when they can be one person: a commit
        # made under a colleague's address must not fuse two people for the day. The most used
        # name of an address claims it first.
        names_at: dict[str, list[str]] = defaultdict(list)
        for (name, email), _ in Counter((who.name, _email_slot(who)) for who in everyone).most_common():
            own = find(_name_slot(name))
            if email is None:
                continue
            if names_at[email] and not any(_same_person(name, other) for other in names_at[email]):
                continue
            names_at[email].append(name)
            parent[find(email)] = own
        # A login beside the name it is made of ("zanieb" for Zanie Blue, on a bot's co-author
        # line) is that person, when exactly one name of the window makes it.
        made_of: dict[str, set[str]] = defaultdict(set)
        for name in {who.name for who in everyone if len(who.name.split()) >= 2}:
            for login in _logins(name):
                made_of[login].add(name)
        for who in everyone:
            made = made_of.get(who.name.lower(), set()) if _LOGIN.fullmatch(who.name) else set()
            if len(made) == 1:
                parent[find(_name_slot(who.name))] = find(_name_slot(next(iter(made))))
        groups: dict[str, tuple[list[str], list[str]]] = defaultdict(lambda: ([], []))
        for who in everyone:
            names, emails = groups[find(_name_slot(who.name))]
            names.append(who.name)
            emails.extend([who.email] if who.email else [])
        chosen = {root: speakable(names, emails) for root, (names, emails) in groups.items()}
        return cls({key: chosen[find(key)] for key in list(parent)})

    def name(self, who: Person) -> str:
        """The name ``who`` is credited by (their own, made speakable, when the window did not see them)."""
        email = _email_slot(who)
        return (
            self.names.get(_name_slot(who.name))
            or (self.names.get(email) if email else None)
            or speakable([who.name], [who.email])
        )


_NAME_WORD = re.compile(r"[^\W\d_]{3,}", re.UNICODE)
_LOGIN = re.compile(r"[a-z][a-z0-9-]{2,38}")


def _logins(name: str) -> set[str]:
    """The logins people make of their name: "zanieb", "zblue", "zanieblue" for Zanie Blue."""
    words = [anyascii(w).lower() for w in _NAME_WORD.findall(name)]
    if len(words) < 2:
        return set()
    first, last = words[0], words[-1]
    return {first + last[0], first[0] + last, first + last, f"{first}-{last}"}


def _same_person(a: str, b: str) -> bool:
    """Whether two names written with one address can be one person: a spelling of the same name
    ("Alejandra González", "Alejandra Gonzalez"), a shared word, or a handle beside a name
    ("blyxyas"); not two full names with nothing in common."""
    if name_key(a) == name_key(b) or name_key(a) in name_key(b) or name_key(b) in name_key(a):
        return True
    words_a = {anyascii(w).lower() for w in _NAME_WORD.findall(a)}
    words_b = {anyascii(w).lower() for w in _NAME_WORD.findall(b)}
    if words_a & words_b:
        return True
    # A handle (one token, no spaces) or a name in another script says nothing against it.
    return len(a.split()) == 1 or len(b.split()) == 1 or not _latin(a) or not _latin(b)


def _name_slot(name: str) -> str:
    tidy = _tidy(name)
    return f"n:{name_key(tidy) or tidy}"


def _email_slot(who: Person) -> str | None:
    """The key an address joins people by; None for addresses many people share, and for bots."""
    email = who.email.strip().lower()
    if not email or _SHARED_EMAIL.search(email) or is_bot_name(who.name):
        return None
    return f"e:{email}"

# Bots whose commits are their own work (dependency bumps, codemods, internal exports), even when
# a person is listed with them: ingest may list that person (or a codemod account) first.
_AUTHORING_BOT = re.compile(
    r"(facebook community bot|^facebook-github-bot$|^meta-codesync|^dependabot|^renovate|updatebot)", re.I
)


# Bots that land people's pull requests (ghstack via the merge bot): the co-author did the work.
_LANDING_BOT = re.compile(r"(mergebot|merge-bot|^pytorchbot$|^pytorch-bot)", re.I)


def is_landing_bot(name: str) -> bool:
    """True for merge bots that commit other people's work under their own name."""
    return bool(_LANDING_BOT.search(name.strip()))


def _authoring_bot(change: Change) -> str | None:
    return next((p.name.strip() for p in change.authors if _AUTHORING_BOT.search(p.name.strip())), None)


def _primary(change: Change) -> str:
    return change.authors[0].name.strip() if change.authors else ""


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """One key for the spellings of a name: "Jessica Zhong" and "JessicaZhong" are one person."""
    return re.sub(r"[^0-9a-z]", "", name.lower())


def credited(change: Change, people: People | None = None) -> list[str]:
    """Names to credit: human authors first-listed first; a bot only when no human is named.

    The merge bot lands ghstack PRs as its own commits with the real author as co-author,
    so the co-author is who did the work. ``people`` names each person once (see :class:`People`).
    """
    people = people or People()
    primary = _primary(change)
    authoring = _authoring_bot(change)
    if authoring:
        return [authoring]
    if primary and is_bot_name(primary) and not is_landing_bot(primary):
        return [primary]
    names: list[str] = []
    seen: set[str] = set()
    for person in change.authors:
        if not person.name.strip() or is_bot_name(person.name):
            continue
        name = people.name(person)
        if name and name_key(name) not in seen:
            seen.add(name_key(name))
            names.append(name)
    # "Original changes by @shimmyshimmer": who landed it carried another's work (ao 2025-10-31).
    original = _ORIGINAL_AUTHOR.search(change.body)
    if names and original and name_key(original.group(1)) not in seen and not is_bot_name(original.group(1)):
        names.append(original.group(1))
    if names:
        return names
    return [primary or change.committer.name.strip() or "an unknown author"]


_ORIGINAL_AUTHOR = re.compile(
    r"\boriginal(?:ly)?\s+(?:changes?|patch(?:es)?|work|pr|commits?|author(?:ed)?|written)\s+(?:(?:are|were|is|was)\s+)?"
    r"(?:by|from)\s+@([A-Za-z\d][\w-]{0,38})\b",
    re.I,
)


def is_bot_change(change: Change) -> bool:
    """A bot's own change (dependency and codemod bots), not a person's work a merge bot landed."""
    primary = _primary(change)
    human_coauthor = any(not is_bot_name(p.name) for p in change.authors[1:])
    if _authoring_bot(change):
        return True
    if is_landing_bot(primary):
        return not human_coauthor
    if is_bot_name(primary):
        return True
    return change.is_bot and not human_coauthor
