"""Who is who among the names and addresses of a window's commits: one person under one name a
listener can hear, however many spellings, addresses and logins they used. Every stage counts
people by this one rule (a day's credits, a release's "from fifteen people")."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from anyascii import anyascii

from ..model import Person
from .names import is_bot_name

__all__ = ["People", "speakable", "name_key", "count_people", "is_login_of"]

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
    # "Richter, Michael (G-GP-A/4)": a corporate directory's department code is no part of the name
    kept = re.sub(r"\s*\((?=[^)]*[\d/])[^()]{1,30}\)$", "", kept) or kept
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


# First names too common to be one person of a project by themselves (the most given in English)
_COMMON_FIRST_NAMES = frozenset(
    "james john robert michael william david richard joseph thomas charles christopher daniel matthew anthony mark "
    "donald steven stephen paul andrew joshua kenneth kevin brian george timothy ronald edward jason jeffrey ryan "
    "jacob gary nicholas eric jonathan larry justin scott brandon benjamin samuel gregory alexander alex frank "
    "patrick raymond jack dennis jerry tyler aaron henry adam peter nathan zachary kyle walter harold jeremy ethan "
    "carl keith roger gerald christian terry sean arthur austin noah lawrence jesse joe bryan billy jordan albert "
    "dylan bruce willie gabriel alan juan logan wayne ralph roy eugene randy vincent russell louis philip bobby "
    "johnny bradley mary patricia jennifer linda elizabeth barbara susan jessica sarah karen nancy lisa betty "
    "margaret sandra ashley emily michelle amanda melissa deborah stephanie rebecca laura sharon cynthia kathleen "
    "amy shirley angela helen anna brenda pamela nicole emma samantha katherine christine debra rachel catherine "
    "carolyn janet ruth maria heather diane virginia julie joyce victoria olivia kelly christina lauren joan evelyn "
    "judith megan cheryl andrea hannah martha jacqueline frances gloria ann teresa kathryn sara janice jean alice "
    "madison doris abigail julia judy grace denise amber marilyn beverly danielle theresa sophia marie diana "
    "brittany natalie isabella charlotte rose alexis kayla max mike chris dan tom matt nick ben sam tim jim bob "
    "jon joel ivan igor sergey dmitry alexey wei jun yang li".split()
)


def _transliterated(name: str) -> str:
    """Latin letters for a name in another script, one word per CJK character."""
    # Each wide (CJK) character is a syllable of its own: "远方" -> "Yuan Fang", not "YuanFang".
    # (a stroke radical is a decoration: "丶远方" is Yuan Fang, no "Zhu" before it; vue 2023-12-07)
    spaced = "".join(f" {ch} " if unicodedata.east_asian_width(ch) in "WF" else ch for ch in name.strip("丶丿乀乁〆・"))
    text = " ".join(w for w in anyascii(spaced).split() if re.search(r"[A-Za-z0-9]", w))
    return " ".join(w.capitalize() if w.isupper() or w.islower() else w for w in text.split())


def speakable(names: Iterable[str], emails: Iterable[str] = ()) -> str:
    """The name to credit someone by, from every name and address they used: a Latin-script
    name as written, else the Latin part of one, else their handle, else a transliteration."""
    counted = Counter(_tidy(n) for n in names if _tidy(n))
    ranked = [n for n, _ in counted.most_common()]
    # a full name before a handle, however often the handle was used ("Saoirse Stewart", not "SaoirseARM")
    for name in sorted(ranked, key=lambda n: " " not in n.strip()):
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
    def of(
        cls, persons: Iterable[Person], credits: Iterable[Sequence[Person]] = (), opened: Iterable[tuple[str, Person]] = (),
    ) -> People:
        """Group ``persons`` into people and choose each one's name; ``credits`` are the people
        credited together on one change (its author and co-authors); ``opened`` pairs a forge login
        with the one person who wrote all of a pull request it opened."""
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
        # (a login may be written capitalised: "Abhinayk" for Abhinay Kukkadapu, executorch 2026-04-08)
        for who in everyone:
            made = made_of.get(who.name.lower(), set()) if _LOGIN.fullmatch(who.name.lower()) and " " not in who.name else set()
            if len(made) == 1:
                parent[find(_name_slot(who.name))] = find(_name_slot(next(iter(made))))
        # A first name alone beside exactly one full name that starts with it ("Hansong" and
        # "Hansong Zhang" in one window) is that person, under another address.
        firsts: dict[str, set[str]] = defaultdict(set)
        for name in {who.name for who in everyone if len(who.name.split()) >= 2 and _latin(who.name)}:
            firsts[name.split()[0].lower()].add(name)
        # (unless each opened pull requests under a login of their own: clippy's "Takayuki" of TaKO8Ki's PRs is not
        # Takayuki Nakata of giraffate's, and was credited as him; 2021-04-12)
        opened = list(opened)
        logins_of: dict[str, set[str]] = defaultdict(set)
        for login, who in opened:
            logins_of[who.name].add(login.lower())
        for who in everyone:
            alone = who.name.strip()
            # (a common first name is many people's: executorch's "Andrew" was made Andrew Grebenisan, r83)
            if " " not in alone and len(alone) >= 4 and alone[:1].isupper() and len(firsts.get(alone.lower(), ())) == 1 and (
                    alone.lower() not in _COMMON_FIRST_NAMES):
                # not when an address has joined the first name to someone else already: clippy's
                # "Co-authored-by: Alex" under Serial's address made Serial the author of Alex Macleod's PR
                joined = {w.name for w in everyone if w.name != alone and find(_name_slot(w.name)) == find(_name_slot(alone))}
                full_name = next(iter(firsts[alone.lower()]))
                apart = bool(logins_of[alone]) and bool(logins_of[full_name]) and not logins_of[alone] & logins_of[full_name]
                if not joined and not apart:
                    parent[find(_name_slot(alone))] = find(_name_slot(full_name))
        # A co-author whose name is part of the author's own ("Ali Sol" on Ali's squash, as GitHub
        # credits a PR's commits made under another address) is the author again.
        for together in credits:
            for a, b in combinations(together, 2):
                if _name_within(a.name, b.name) or _surname_cut(a.name, b.name) or _same_words(a.name, b.name) or _login_of(
                        a.name, b.name) or _login_of(b.name, a.name) or _employer_login(a.name, b.name) or _employer_login(b.name, a.name) or (
                        _alias_of(a.name, b.name) or _alias_of(b.name, a.name)):
                    parent[find(_name_slot(a.name))] = find(_name_slot(b.name))
        # "Mengtao (Martin) Yuan" is Martin Yuan and Mengtao Yuan both, under whatever address
        # (executorch: one person under three spellings and two addresses)
        full = {who.name for who in everyone}
        for name in full:
            nick = _NICKNAMED.fullmatch(name.strip())
            if nick:
                for alias in (f"{nick.group(1)} {nick.group(3)}", f"{nick.group(2)} {nick.group(3)}"):
                    if alias in full:
                        parent[find(_name_slot(alias))] = find(_name_slot(name))
        # A login that opened pull requests whose commits were all one person's is that person
        # ("JohnTitor" of clippy's bors merges, whose commits are Yuki Okushi's), when only one
        # person wrote what it opened: a login that sent others' work is no one's name.
        wrote: dict[str, set[str]] = defaultdict(set)
        for login, who in opened:
            wrote[login].add(find(_name_slot(who.name)))
        for login, roots in wrote.items():
            if len(roots) == 1:  # (also a login the window names only as a sync's opener: clippy's rustups)
                parent[find(_name_slot(login))] = next(iter(roots))
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
_ORG_SUFFIX = re.compile(r"[-_](?:[a-z]{2,6}|\d{1,4})$")


def _logins(name: str) -> set[str]:
    """The logins people make of their name: "zanieb", "zblue", "zanieblue", "bluez" for Zanie Blue."""
    words = [anyascii(w).lower() for w in _NAME_WORD.findall(name)]
    if len(words) < 2:
        return set()
    first, last = words[0], words[-1]
    initials = "".join(w[0] for w in words[:-1])  # "ssjia" for Sicheng Stephen Jia
    return {
        initials + last,
        first + last[0], first[0] + last, first + last, f"{first}-{last}", last + first[0], last + first,
        f"{first}-{last[0]}", f"{first}_{last[0]}", f"{first[0]}-{last}",  # "tianyu-l" for Tianyu Liu
    }


def _login_of(login: str, name: str) -> bool:
    """``login`` is one a person makes of ``name`` ("lind" of David Lin; "sidart", its letters in
    order, of Siddartha Pothapragada, on the change they wrote together)."""
    if not _LOGIN.fullmatch(login) or len(name.split()) < 2:
        return False
    letters = iter(re.sub(r"[^a-z]", "", anyascii(name).lower()))
    spelled = len(login) >= 5 and login[0].lower() == anyascii(name)[:1].lower() and all(ch in letters for ch in login.lower())
    # an employer's suffix on a login ("yuankaichen-amd" for Yuankai Chen, torchtitan 2026-07-27)
    bare = _ORG_SUFFIX.sub("", login.lower())
    return login.lower() in _logins(name) or spelled or (len(bare) >= 5 and bare in _logins(name))


def _alias_of(name: str, listed: str) -> bool:
    """``listed`` writes several names of one person ("boyned//Kampfkarren"), ``name`` among them
    (clippy 2024-11-25: one person counted as two on one pull request)."""
    parts = [p.strip().lower() for p in re.split(r"\s*/{1,2}\s*|\s+aka\s+", listed) if p.strip()]
    return len(parts) > 1 and name.strip().lower() in parts


def _employer_login(login: str, name: str) -> bool:
    """``login`` is a first name with an employer's mark ("SaoirseARM", "saoirse-arm") of ``name``
    (Saoirse Stewart), said of two people credited on one change (executorch 2026-07-13)."""
    if " " in login or len(name.split()) < 2:
        return False
    first = re.sub(r"(?<=[a-z])[A-Z]{2,6}$", "", login)
    first = _ORG_SUFFIX.sub("", first) if first == login else first
    return first != login and len(first) >= 5 and first.lower() == anyascii(name.split()[0]).lower()


def is_login_of(login: str, name: str) -> bool:
    """Whether a forge ``login`` is one its owner made of ``name`` ("dstufft" of Donald Stufft)."""
    return login.lower() == name.lower() or _login_of(login, name)


_NICKNAMED = re.compile(r"([^\W\d_][\w'-]*) \(([^\W\d_][\w'-]*)\) ([^\W\d_][\w' -]*)")


def _same_words(a: str, b: str) -> bool:
    """Two spellings of one name on one change, its words in another order or run together
    ("SongyuanZhao" co-crediting "ZhaoSongyuan" on torchtitan #2349)."""
    wa, wb = (sorted(w.lower() for w in re.findall(r"[A-Z][a-z]+|[a-z]+", anyascii(n))) for n in (a, b))
    return len(wa) >= 2 and wa == wb and a != b


def _surname_cut(a: str, b: str) -> bool:
    """Two spellings of one name on one change, the surname of one cut from the other's ("Hossein
    Kaviani" co-crediting "Hossein Kavianihamedani" on his own torchtitan pull requests)."""
    wa, wb = ([anyascii(w).lower() for w in re.findall(r"[^\W\d_]+", n)] for n in (a, b))
    if len(wa) != 2 or len(wb) != 2 or wa[0] != wb[0] or wa[1] == wb[1]:
        return False
    short, long = sorted((wa[1], wb[1]), key=len)
    return len(short) >= 5 and long.startswith(short)


def _name_within(a: str, b: str) -> bool:
    """One Latin name's words all among the other's ("Ali" in "Ali Sol", "Philip H" in "Philip Heiduck")."""
    if not (_latin(a) and _latin(b)):
        return False
    words_a, words_b = (
        [anyascii(w).lower() for w in re.findall(r"[^\W\d_]+", name, re.UNICODE)] for name in (a, b)
    )
    if not words_a or not words_b or words_a == words_b:
        return bool(words_a) and words_a == words_b
    short, long = sorted((words_a, words_b), key=len)
    # a lone initial ("H") stands for a word of the other name that starts with it
    return all(w in long if len(w) > 1 else any(x.startswith(w) for x in long) for w in short) and short[0] == long[0]


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

@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """One key for the spellings of a name: "Jessica Zhong" and "JessicaZhong" are one person, and
    so are "Dirk Hörsken" and "Dirk Hoersken" (an umlaut is written "oe" where it cannot be typed)."""
    if not _latin(name):
        return re.sub(r"[^0-9a-z]", "", name.lower())
    folded = re.sub(r"([aou])e", r"\1", anyascii(name).lower())
    return re.sub(r"[^0-9a-z]", "", folded)


def count_people(persons: Iterable[Person]) -> int:
    """How many people ``persons`` are (bots left out): one count, by the rule :class:`People` names them by."""
    humans = [p for p in persons if not is_bot_name(p.name)]
    people = People.of(humans)
    return len({people.name(p) for p in humans})
