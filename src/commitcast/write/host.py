"""The host: picks one phrasing per slot with a seeded choice, never opening two sentences alike,
never saying the same sentence twice and keeping within the spoken-sentence length."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from ..model import ChangeRef, Citation, Sentence
from ..phrasebook import placed
from ..text import names_a_tool, possessive
from .style import Style, default_style
from .wording import cap_first

__all__ = ["Host", "opening", "cite", "written_out", "given_name", "MAX_SENTENCE_WORDS", "MAX_SPOKEN_PRS"]

MAX_SENTENCE_WORDS = 40  # longer than this and a listener loses the thread
MAX_SPOKEN_PRS = 3  # PR numbers said per episode; the notes, page and chapters carry every link
_WORD = re.compile(r"[A-Za-z0-9']+")
_ARTICLES = frozenset({"a", "an", "the"})
# "Under the hood, three pull requests …": a count opening a sentence is no name
_DOUBLE_STOP = re.compile(r"([!?…])\.(?=\s|$)")
_COUNT_WORDS = frozenset("two three four five six seven eight nine ten eleven twelve".split())
_SPEAKS_OF_A_MERGE = re.compile(r"\b(?:PR|pull request|(?:is|was|been|got) merged)\b", re.I)  # another merge than its own


def opening(text: str) -> str:
    """The first word of a sentence, lower-cased: what listeners hear as its opening."""
    match = _WORD.search(text)
    return match.group(0).lower() if match else ""


def cite(refs: Iterable[ChangeRef | Citation]) -> list[Citation]:
    """Citations for the given changes, in order, without duplicates."""
    seen: set[str] = set()
    out: list[Citation] = []
    for ref in refs:
        if ref.sha not in seen:
            seen.add(ref.sha)
            out.append(Citation(sha=ref.sha, pr=ref.pr))
    return out


# Fields holding names: a sentence opening with one keeps its spelling ("lucylq landed …").
_NAME_FIELDS = ("{person}", "{people}", "{reverter}", "{author}", "{release}", "{term}")
_PERSON_FIELDS = frozenset({"person", "people", "person_s", "reverter", "author", "author_s", "hook"})
_STUTTER = re.compile(r"\b(\w+) \1\b", re.I)
# The lines that open and close an episode: they take turns day by day.
_TURNING = frozenset({
    "greeting", "open_hook", "open_modest", "open_size", "open_size_next", "sign_off", "sign_off_hook",
    "sign_off_span", "sign_off_hook_span", "recap_greeting", "recap_sign_off",
})
# A thank-you names the person: "A thank-you to the maintainer" thanks nobody in particular.
_ALWAYS_NAMED = frozenset({"thanks_one"})


_QUOTED = re.compile(r"(“[^”]*”)")


@lru_cache(maxsize=8)
def _shorthand(keys: tuple[str, ...]) -> re.Pattern[str]:
    # ("INT+FP", "FP/INT": a number format beside another, no false positive)
    return re.compile(r"(?<![\w/.+-])(" + "|".join(re.escape(k) for k in keys) + r")(?![\w/+-])")


def written_out(text: str, abbreviations: dict[str, str]) -> str:
    """``text`` with commit-message shorthand written out ("impl" -> "implementation"), outside
    quotation marks (a quote stays exact)."""
    if not abbreviations:
        return text
    pattern = _shorthand(tuple(sorted(abbreviations, key=len, reverse=True)))
    parts = _QUOTED.split(text)
    return "".join(
        p if p.startswith("“") else pattern.sub(
            lambda m: m.group(1) if names_a_tool(m.string, m.start()) or _in_lint_name(m.string, m.end()) else abbreviations[m.group(1)], p)
        for p in parts
    )


def title_written_out(title: str, abbreviations: dict[str, str]) -> str:
    """An episode title with its shorthand written out in title case ("Fingerprint Algos" ->
    "Fingerprint Algorithms"); a shorthand written in capitals ("FP") is left to the sentences."""
    def full(m: re.Match[str]) -> str:
        said = abbreviations.get(m.group(0).lower()) if m.group(0).lower() in abbreviations else None
        if said is None or m.group(0).isupper() or _in_lint_name(m.string.lower(), m.end()):
            return m.group(0)
        return " ".join(w[:1].upper() + w[1:] for w in said.split()) if m.group(0)[:1].isupper() else said
    head, colon, rest = title.partition(": ")  # (the show's name before it is a name)
    if not colon:
        head, rest = "", head
    return head + colon + re.sub(r"(?<![\w/.-])[A-Za-z]+(?![\w/-])", full, rest)


def _in_lint_name(text: str, at: int) -> bool:
    """Whether the word ending at ``at`` is part of a lint's name said in words ("the impl trait in
    params lint"), never written out; "a FP in the lint" is no name."""
    goes_on = _LINT_NAME_GOES_ON.match(text, at)
    words = goes_on.group(1).split() if goes_on else []
    return goes_on is not None and (not words or not all(w in _JOINING for w in words))


# The words after a shorthand, up to "lint" ("… trait in params lint")
_LINT_NAME_GOES_ON = re.compile(r"((?: [a-z][a-z0-9]*){0,5}) lints?\b")
_JOINING = frozenset("in on for of the a an to with this that its".split())


# Leads for the rare day whose stories say the same words (one title on several changes).
_REPEAT_LEADS = ("Once more,", "Yet again,", "One more time,", "Again,")


def _render(template: str, fields: dict[str, str]) -> str:
    # "The reason given: not intended for merge!.": a field's own stop ends the sentence
    text = _DOUBLE_STOP.sub(r"\1", placed(template, fields))
    named = template.startswith(_NAME_FIELDS) and not text.startswith(("a ", "an "))  # not "a bot"
    return text if named else cap_first(text)


def _words(text: str) -> int:
    return len(text.split())


@dataclass
class Host:
    """Renders phrase slots into sentences; one per script, seeded by show and date."""

    seed: str
    style: Style = field(default_factory=default_style)
    rng: random.Random = field(init=False)
    last_opening: str = ""
    used: Counter[str] = field(default_factory=Counter)
    said: set[str] = field(default_factory=set)
    prs_left: int = MAX_SPOKEN_PRS
    solo: str | None = None  # the one person behind everything told: named in full once, then by given name
    day: int = 0  # the episode's day number: the show's opening and closing lines turn with it
    _solo_named: bool = False

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def pr(self, ref: ChangeRef | None) -> str:
        """ " in PR 197702" while the episode's budget of spoken PR numbers lasts, else "" (and ""
        for a title that speaks of another merge: "pointed at freezegun master since PR has been
        merged in PR 2052" made pip's PR the one merged upstream)."""
        if ref is not None and _SPEAKS_OF_A_MERGE.search(ref.title):
            return ""
        return self.pr_number(ref.pr if ref is not None else None)

    def pr_number(self, pr: int | None) -> str:
        """ " in PR 197702" (the style's phrase for it) while the budget of spoken PR numbers
        lasts, else ""."""
        if pr is None or self.prs_left <= 0:
            return ""
        self.prs_left -= 1
        return f" {self.style.phrases.say('host.pr', pr=str(pr))}"

    def lead(self, slot: str) -> str:
        """A short lead-in from ``slot`` ("On the correctness front") to open a story's first sentence."""
        lines = self.style.lines(slot)
        ranked = sorted(self.rng.sample(lines, len(lines)), key=lambda t: (opening(t) == self.last_opening, self.used[t]))
        pick = ranked[0]
        self.used[pick] += 1
        return pick

    def say(
        self, slot: str, cites: Iterable[ChangeRef | Citation] = (), /, *, lead: str = "", **fields: str
    ) -> Sentence:
        """One sentence from ``slot``, citing ``cites``: unsaid, opening unlike the previous one,
        and within the spoken length when any phrasing is; ``lead`` opens it ("Meanwhile, …")."""
        if lead:
            return self._led(lead, self.say(slot, cites, **fields))
        fields = fields if slot in _ALWAYS_NAMED else self._solo_fields(fields)
        lines = self.style.lines(slot)
        if slot in _TURNING and self.day:
            # An episode never opens or closes the way the day before did: these lines take turns.
            start = self.day % len(lines)
            templates = [*lines[start:], *lines[:start]]
        else:
            templates = self.rng.sample(lines, len(lines))
        templates.sort(key=lambda t: self.used[t])  # stable: the least used phrasings first
        rendered = [(t, _render(t, fields)) for t in templates]
        # "improved the docs docs": a phrasing whose field repeats its own word is the last choice.
        rendered = [tr for tr in rendered if not _STUTTER.search(tr[1])] or rendered
        unsaid = [(t, r) for t, r in rendered if r not in self.said]
        fitting = [(t, r) for t, r in (unsaid or rendered) if _words(r) <= MAX_SENTENCE_WORDS] or sorted(
            unsaid or rendered, key=lambda tr: _words(tr[1])
        )[:1]
        fresh = [(t, r) for t, r in fitting if opening(r) != self.last_opening] if unsaid else []
        template, text = fresh[0] if fresh else fitting[0]
        if not fresh:
            # Every phrasing repeats the last opening, or was said already (two changes may share
            # a title): bridge with a transition instead.
            leads = [t for t in self.style.transitions if opening(t) != self.last_opening]
            if not template.startswith("{") or opening(text) in _ARTICLES:
                text = text[:1].lower() + text[1:]  # a template word or an article, not a name
            options = [f"{lead} {text}" for lead in self.rng.sample(leads, len(leads))]
            options.sort(key=lambda o: (o in self.said, _words(o) > MAX_SENTENCE_WORDS))
            text = options[0]
        text = written_out(text, self.style.abbreviations)
        self.used[template] += 1
        self.said.add(text)
        self.last_opening = opening(text)
        return Sentence(text=text, citations=cite(cites))

    def _led(self, lead: str, sentence: Sentence) -> Sentence:
        """``sentence`` opened by ``lead``: "On the correctness front, Stefan Eissing fixed …"."""
        text = sentence.text
        for transition in self.style.transitions:  # one lead-in is enough: "On top of that," goes
            if text.startswith(transition + " ") and len(text) > len(transition) + 1:
                text = text[len(transition) + 1 :]
                break
        first = text.split(" ", 1)[0]
        if first.lower() in _ARTICLES or first.lower() in _COUNT_WORDS or (first[:1].isupper() and first[1:].islower() and first.lower() in self.style.words):
            text = text[:1].lower() + text[1:]  # a template word, not a name
        options = [lead, *(t.rstrip(",") for t in self.style.transitions if t.endswith(",") and t.rstrip(",") != lead)]
        head = {w.lower() for w in re.findall(r"[A-Za-z']+", text)[:6]}
        # "Also, Animesh Jain also fixed …": a lead the sentence already says is no lead.
        fresh = [f"{o}, {text}" for o in options if f"{o}, {text}" not in self.said and o.lower() not in head]
        if not fresh:  # every lead is said with this text already (stories with one title)
            fresh = [f"{o} {text}" for o in _REPEAT_LEADS if f"{o} {text}" not in self.said]
        led = next((o for o in fresh if opening(o) != self.last_opening), fresh[0] if fresh else sentence.text)
        if _words(led) > MAX_SENTENCE_WORDS:
            led = sentence.text
        self.said.add(led)
        self.last_opening = opening(led)
        return Sentence(text=led, citations=sentence.citations)

    def introduced(self, person: str) -> bool:
        """Whether ``person`` is the one person behind the episode and has been named already."""
        return person == self.solo and self._solo_named

    def _solo_fields(self, fields: dict[str, str]) -> dict[str, str]:
        """With one person behind the whole episode, their name is said once; after that they
        are called by their given name (a listener hears who, not the whole name in every sentence;
        "the maintainer" would claim a role the history does not show)."""
        if self.solo is None:
            return fields
        named = {k: v for k, v in fields.items() if self.solo in v and k in _PERSON_FIELDS}
        if not named:
            return fields
        if not self._solo_named:
            self._solo_named = True
            return fields
        swapped = dict(fields)
        for key, value in named.items():
            again = given_name(self.solo)
            swapped[key] = value.replace(possessive(self.solo), possessive(again)).replace(self.solo, again)
        return swapped

    def noun(self, nature: str) -> str:
        """What a change of ``nature`` is called in this style ("crash fix")."""
        return self.style.nouns.get(nature, self.style.nouns["generic"])


def given_name(person: str) -> str:
    """How a person is named again after their full name: "Viktor" for "Viktor Szakats"; a
    handle or a one-word name stays whole."""
    first, _, rest = person.partition(" ")
    return first if rest and first.isalpha() and first[:1].isupper() and len(first) > 1 else person
