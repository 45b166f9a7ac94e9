"""What a group of changes is about, read from its titles: the words they share and their threads.

An editor tells a campaign of thirty changes as one story with its sub-themes named
("Tensor constructors, overloads and new Module APIs"), not as a list of titles. Both the
focus words and the thread labels are made only of words the titles contain.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..model import StoryKind
from .annotate import Item
from .people import name_key
from .stories import Group, lead_keys, similar_titles, title_pattern, titles_pattern
from .titles_parse import title_tokens

__all__ = ["Thread", "focus_words", "threads", "gather_by_focus"]

# A standard's number goes with its name: "PEP 723", "RFC 9110" are one word, never "PEP".
# (a versioned name is one word: "Qwen3.5" is no "Qwen3", a different model; executorch 2026-04-30)
_WORD = re.compile(r"\b(?:PEP|RFC|ISO|CVE|ECMA|JSR|KIP|NEP|SLEP)[ -]\d+\b|[A-Za-z][A-Za-z0-9_]*\d\.\d+\b|[A-Za-z0-9][A-Za-z0-9_]*")
_CLAUSE = re.compile(r"[.:;!?(]\s")
# Glue words and verbs: they say nothing about what a set of changes is about.
_STOP = frozenset(
    """a an the to of in for and or on with from by is be as at into not no via vs etc w o
    it its this that these those all any some more less most other only also just same new old
    when if then than so up out off over under after before per one two three first second
    add adds added adding fix fixes fixed fixing update updates updated use uses using make makes
    remove removes removed support supports supported enable enables enabled disable disables
    test tests testing allow avoid bump change changes clean cleanup delete deprecate document
    ensure expose handle implement improve introduce migrate move pass rename replace reland
    reapply refactor return revert run set skip upgrade create creates initialize init get gets
    rewrite simplify reduce check include stop extend mark unmark call keep let convert drop split
    merge rework register wire hook land try retry prepare default minor small misc various nit
    nits ez be bc part step stage follow take instead only where what which do does done can
    should will would may might validate optimize optimise""".split()
)
# Nouns too generic to say what a campaign is about (a thread label may still use them).
_GENERIC = frozenset(
    """issue issues bug bugs error errors failure problem case cases way code file files thing
    stuff api apis helper helpers util utils version like work working torch pytorch main master
    type types""".split()
)
_LIST_FILES = frozenset({"maintainers", "codeowners", "authors", "thanks", "todo", "changes", "news"})
_MIN_SHARE = 0.15  # a focus word is in at least this share of the titles (and in two of them)
_NEW_VERBS = frozenset({"add", "introduce", "create", "implement"})
# A thread whose titles open with one of these verbs is named by what the verb does.
_VERB_NOUNS = {
    "fix": "fixes", "reduce": "reductions", "remove": "removals", "rename": "renames",
    "migrate": "migrations", "update": "updates", "deprecate": "deprecations",
    "optimize": "optimizations", "optimise": "optimisations", "rewrite": "rewrites",
    "simplify": "simplifications", "clean": "cleanups", "cleanup": "cleanups", "refactor": "refactors",
    "validate": "checks", "replace": "replacements", "skip": "skips", "document": "docs",
    "test": "tests", "bump": "bumps", "upgrade": "upgrades", "enable": "enablement",
    "disable": "disablement", "support": "support",
}


@dataclass(frozen=True)
class Thread:
    """A run of same-pattern titles inside a story: its label, its pattern and its changes."""

    label: str  # plain words from the titles, e.g. "Tensor constructors", "new Module APIs"
    pattern: str | None  # the shared title shape, e.g. "Tensor constructor to create with …"
    items: tuple[Item, ...]


def _key(word: str) -> str:
    low = word.lower()
    if len(low) > 4 and low.endswith("s") and not low.endswith(("ss", "us", "is")):
        return low[:-1]
    return low


def _words(topic: str) -> list[tuple[str, bool]]:
    """The words of a topic, each with whether it opens a clause (where anything is capitalised)."""
    out: list[tuple[str, bool]] = []
    for m in _WORD.finditer(topic):
        before = topic[: m.start()].rstrip()
        opens = not before or bool(_CLAUSE.search(topic[max(0, m.start() - 3) : m.start()]))
        out.append((m.group(0), opens))
    return out


def _is_name(word: str, opens: bool) -> bool:
    """A name rather than an ordinary word: capitalised mid-clause, all caps, or an identifier."""
    inner_upper = any(c.isupper() for c in word[1:])
    identifier = "_" in word or any(c.isdigit() for c in word)
    return inner_upper or identifier or (word[:1].isupper() and not opens)


@dataclass
class _Word:
    titles: int = 0  # how many titles use it
    first: int = 0  # where it first appears (for a stable order)
    spellings: Counter[str] | None = None
    named: bool = False  # written as a name at least once

    @property
    def spelling(self) -> str:
        assert self.spellings is not None
        return self.spellings.most_common(1)[0][0]


def _text(item: Item) -> str:
    """The subject as its words are read for focus: a "label: " prefix belongs to it."""
    label = item.subject.label
    if label and label.lower() in _LIST_FILES:
        label = None  # "MAINTAINERS: add …" says which file, not what the change is about
    topic = _unquoted(item.subject.topic)
    return f"{label}: {topic}" if label else topic


def _vocabulary(items: Sequence[Item]) -> dict[str, _Word]:
    seen: dict[str, _Word] = {}
    order = 0
    for item in items:
        mine: set[str] = set()
        for word, opens in _words(_text(item)):
            key = _key(word)
            if key in _STOP or len(key) < 2 or key.isdigit():
                continue
            entry = seen.setdefault(key, _Word(first=order, spellings=Counter()))
            assert entry.spellings is not None
            entry.spellings[word] += 1
            entry.titles += key not in mine
            entry.named = entry.named or _is_name(word, opens)
            mine.add(key)
            order += 1
    return seen


def focus_words(items: Sequence[Item], areas: Sequence[str] = (), limit: int = 3) -> list[str]:
    """Up to ``limit`` names the titles keep coming back to ("Tensor", "Module", "Value"), as written."""
    if len(items) < 2:
        return []
    skip = {_key(w) for area in areas for w in _WORD.findall(area)}
    # a label every title shares names its place ("Qualcomm AI Engine Direct - …"): no focus of the work
    labels = {i.subject.label for i in items}
    if len(labels) == 1 and None not in labels:
        skip |= {_key(w) for w in _WORD.findall(next(iter(labels)) or "")}
    need = max(2.0, _MIN_SHARE * len(items))
    chosen = [
        (key, w) for key, w in _vocabulary(items).items()
        if w.named and w.titles >= need and key not in skip and key not in _GENERIC
    ]
    chosen.sort(key=lambda kv: (-kv[1].titles, kv[1].first))
    words = chosen[:limit]
    # The story is told as "most of them about <focus>": that must be true of the titles.
    keys = {key for key, _ in words}
    covered = sum(1 for item in items if keys & {_key(w) for w, _ in _words(_text(item))})
    return [w.spelling for _, w in words] if covered * 2 > len(items) else []


def _only_adjective(word: str) -> bool:
    """Whether English knows ``word`` as an adjective and never as a noun ("unused", "broken")."""
    import lemminflect

    low = word.lower()
    return bool(lemminflect.getAllLemmas(low, upos="ADJ")) and not lemminflect.getAllLemmas(low, upos="NOUN")


def _plural(word: str) -> str:
    if word.isupper() and word.isalpha() and len(word) <= 4:
        return word + "s"  # "API" -> "APIs"
    if word.isalpha() and word.islower() and not word.endswith("s") and len(word) > 2:
        return word + ("es" if word.endswith(("ch", "sh", "x")) else "s")
    return word


_QUOTED = re.compile(r'"[^"]*"')


def _unquoted(topic: str) -> str:
    """A title without its double-quoted strings: 'Add "apple,t8103-spi" compatible' names a string,
    and the words inside it ("apple") are no subject the changes share."""
    return _QUOTED.sub(" ", topic)


def _label(items: Sequence[Item], names: frozenset[str]) -> str | None:
    """The words every title of a thread shares in its first clause, in order, as a noun phrase:
    "Tensor constructors", "overloads for the Tensor constructor", "new Module APIs", "op fixes"."""
    common: set[str] | None = None
    for item in items:
        keys = {_key(w) for w, _ in _words(_unquoted(item.subject.topic))}
        common = keys if common is None else common & keys
    topic = _unquoted(items[0].subject.topic)
    first = [w for w, _ in _words(_CLAUSE.split(topic, maxsplit=1)[0])]
    lead = _key(first[0]) if first else ""
    kept: list[tuple[str, str]] = []
    for word in first:
        key = _key(word)
        if common and key in common and not key.isdigit() and key not in {k for _, k in kept}:
            kept.append((word, key))
    # Glue words stay only between shared words ("overloads for the Tensor constructor").
    while kept and kept[0][1] in _STOP:
        kept.pop(0)
    while kept and kept[-1][1] in _STOP:
        kept.pop()
    if not kept or len(kept) > 5:
        return None
    words = [word if key in names else word.lower() for word, key in kept]
    head = re.escape(kept[-1][0])
    if all(re.search(rf"(?i)\b{head}-\w", i.subject.topic) and not re.search(rf"(?i)\b{head}\b(?!-)", i.subject.topic) for i in items):
        return None  # "layout-flexible impl", "layout-agnostic shader" share a modifier, no "new layouts" (executorch 2026-02-06)
    if lead in _VERB_NOUNS:
        return " ".join(words) + " " + _VERB_NOUNS[lead]
    if _only_adjective(words[-1]):
        return None  # "delete unused X", "delete unused Y" share "unused": no thing to name (curl 2024-08-26)
    if all(_key(w) == w.lower() for w in words):  # not "overloads for the Tensor constructors"
        words[-1] = _plural(words[-1])
    text = " ".join(words)
    return f"new {text}" if lead in _NEW_VERBS else text


def threads(items: Sequence[Item], minimum: int = 2, limit: int = 4) -> list[Thread]:
    """Runs of same-pattern titles among ``items`` (anyone's), biggest first; equal labels are one thread."""
    leaders: list[tuple[tuple[str, ...], list[Item]]] = []
    for item in items:
        shape = tuple(t for t in title_tokens(item.subject.topic) if not t.isdigit())
        for leader, members in leaders:
            if similar_titles(leader, shape):
                members.append(item)
                break
        else:
            leaders.append((shape, [item]))
    names = frozenset(k for k, w in _vocabulary(items).items() if w.named)
    by_label: dict[str, list[Item]] = {}
    for _, members in leaders:
        if len(members) < minimum:
            continue
        label = _label(members, names)
        if label:
            by_label.setdefault(label, []).extend(members)
    found = [
        Thread(label, title_pattern([m.subject.topic for m in members]), tuple(sorted(members, key=lambda i: i.index)))
        for label, members in by_label.items()
    ]
    found.sort(key=lambda t: (-len(t.items), t.items[0].index))
    return found[:limit]


def gather_by_focus(groups: list[Group]) -> list[Group]:
    """A lone change by a story's people about the story's focus joins it ("Support BFloat16 in exir"
    joins the same person's BFloat16 kernel work), unless it is a serious fix with a story of its own."""
    hosts = [g for g in groups if g.kind in (StoryKind.CAMPAIGN, StoryKind.AUTHOR_SERIES) and len(g.items) >= 3]
    focus = {id(g): {_key(w) for w in focus_words(g.items, g.areas[:1])} for g in hosts}
    kept: list[Group] = []
    for group in groups:
        item = group.items[0]
        host = None
        if group.kind == StoryKind.SINGLE and not item.severity and not item.bot:
            words = {_key(w) for w, _ in _words(_text(item))}
            host = next(
                (h for h in hosts if focus[id(h)] & words and name_key(item.person) in lead_keys(h)), None
            )
        if host is None:
            kept.append(group)
        else:
            host.items.append(item)
            host.items.sort(key=lambda i: i.index)
            if host.pattern:  # said of all it holds: "four … that all follow one recipe" had three (executorch 2026-05-20)
                host.pattern = titles_pattern(host.items)
    return kept
