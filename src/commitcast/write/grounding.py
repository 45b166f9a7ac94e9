"""The grounding checker: every name, number, PR, commit, quote and claim in a script must come
from the plan.

The checker reads each sentence the way a sceptical listener would, as a list of small checks
(:data:`CHECKS`): it finds citations, the authors' own words the host retells, quotes, links,
versions, PR numbers, commit hashes, identifiers, numbers (digits and words), people, capitalised
names, what the host calls a change (a fix, a crash fix, a speed-up, a breaking change …) and
claims of consequence (security, severity, speed, breakage, abandonment, people's jobs, future
plans), and looks each one up in what the plan knows. A label needs a strong claim of a cited change
(the plan's claims, with their evidence), a measured figure a fact of a cited change, a "led by" the
story's leader claim. Anything it cannot trace is a :class:`Problem`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Literal

from ..model import ChangeRef, Citation, EpisodePlan, Fact, Script, Sentence, StoryKind
from ..text import deed_of, is_bot_name, plain_area, plain_words
from .host import written_out
from .retell import retold
from .stories import heard_role, their_day, told
from .style import Style, default_style
from .wording import clean_quote, clean_reason, clean_title, in_base_units, window_dates

__all__ = ["Problem", "ProblemKind", "check_script", "check_sentence", "PlanIndex", "CHECKS"]


# What kind of thing a sentence got wrong ("speech": a rule of speech, write.speech_rules;
# "missing" and "format": an LLM reply without a section or in the wrong shape).
ProblemKind = Literal[
    "pr", "sha", "number", "name", "quote", "url", "attribution", "citation", "uncited", "placeholder",
    "claim", "speech", "missing", "format",
]


@dataclass(frozen=True)
class Problem:
    """Something a sentence says that the plan does not support."""

    kind: ProblemKind
    text: str  # the offending words, as written
    message: str
    section: int = -1
    sentence: int = -1

    def __str__(self) -> str:
        where = f"section {self.section}, sentence {self.sentence}: " if self.section >= 0 else ""
        return where + self.message


# ----------------------------------------------------------------------------- what the plan knows

_NUM_IN_TEXT = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")


def _norm(text: str) -> str:
    """Lower-case words and digits only, single-spaced: the form quotes are matched in."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _numbers_in(text: str) -> list[float]:
    out = []
    for m in _NUM_IN_TEXT.finditer(text):
        try:
            out.append(float(m.group(0).replace(",", "")))
        except ValueError:
            continue
    return out


def _refs(plan: EpisodePlan) -> list[ChangeRef]:
    return [*(r for s in plan.stories for r in [*s.changes, *s.earlier]), *plan.quick_hits]


@dataclass
class PlanIndex:
    """Everything a plan lets a script say, indexed for lookup."""

    shas: set[str] = field(default_factory=set)
    prs: set[int] = field(default_factory=set)
    sha_prs: dict[str, set[int]] = field(default_factory=dict)
    credit: dict[str, set[str]] = field(default_factory=dict)  # sha -> people a sentence citing it may name
    people: set[str] = field(default_factory=set)
    numbers: set[float] = field(default_factory=set)
    urls: set[str] = field(default_factory=set)
    corpus: str = ""  # lower-cased plan text, for names and identifiers
    quotes: list[str] = field(default_factory=list)  # normalised texts a quote may come from
    told: list[str] = field(default_factory=list)  # authors' sentences and explanations the host may retell
    versions: set[str] = field(default_factory=set)  # released versions ("3.4.0")
    severities: set[str] = field(default_factory=set)
    next_shas: set[str] = field(default_factory=set)  # changes a what's-next item is about
    words: frozenset[str] = frozenset()  # the host style's own words
    labels: dict[str, set[str]] = field(default_factory=dict)  # sha -> kinds and severities claimed strongly
    fact_numbers: dict[str, set[float]] = field(default_factory=dict)  # sha -> the numbers its facts give
    leaders: dict[str, set[str]] = field(default_factory=dict)  # sha -> the leader claimed of its story
    fact_texts: list[str] = field(default_factory=list)  # the facts' words (names, never loose numbers)
    untold: set[str] = field(default_factory=set)  # kinds the rest of the day is counted by
    abbreviations: dict[str, str] = field(default_factory=dict)  # the style's shorthand, as the host writes it out

    @classmethod
    def from_plan(cls, plan: EpisodePlan, style: Style | None = None) -> PlanIndex:
        """Index a plan (and the host style whose words a sentence may use)."""
        ev = cls(words=(style or default_style()).words, abbreviations=(style or default_style()).abbreviations)
        texts: list[str] = [plan.show, plan.title, plan.summary]
        quotable: list[str] = []
        for ref in _refs(plan):
            # Reviewers may be named (thanked) in a sentence citing the change they reviewed.
            ev._add_change(ref.sha, ref.pr, [*ref.authors, *ref.reviewers])
            ev.labels.setdefault(ref.sha.lower(), set()).update(_strong_labels(ref))
            ev.urls.update([ref.url] if ref.url else [])
            texts += [ref.title, ref.topic, *ref.authors, *ref.reviewers, *ref.areas, *map(plain_area, ref.areas)]
            deed = told(ref)  # the title said as what its author did: the author's words, retold
            if deed:
                ev.told.append(deed)
            ev.told.append(plain_words(clean_title(ref.topic or ref.title, limit=100)))  # a title paraphrased in words
            quotable += [ref.title, clean_title(ref.title), ref.topic]
            ev.severities.update(ref.severity)
        for story in plan.stories:
            ev._add_story(story, texts, quotable)
        ev._add_releases(plan, texts, quotable)
        for carried in plan.carried:
            ev._add_change(carried.sha, carried.pr, [])
            texts.append(carried.source)
            ev.numbers.update({float(carried.changes), *(float(n) for n in carried.kinds.values())})
        ev.numbers.update(float(n) for n in plan.untold.values())
        ev.untold = set(plan.untold)
        ev.numbers.add(float(sum(plan.untold.values())))
        for term, meaning in [*plan.glossary.items(), *plan.notes.items()]:
            texts.append(term)
            ev.told.append(meaning)
            quotable.append(meaning)
        if plan.spotlight is not None:
            pick = plan.spotlight
            ev._add_change(pick.sha, pick.pr, [pick.author, *pick.reviewers])
            ev.urls.update([pick.url] if pick.url else [])
            texts += [pick.title, pick.author, *pick.reviewers]
            quotable += [pick.title, clean_title(pick.title)]
            ev.numbers.update({float(pick.comments), float(len(pick.reviewers))})
        ev._add_next(plan, texts, quotable)
        ev.people = {p for p in ev.people | {p for s in plan.stories for p in s.people} if p.strip()}
        for item in plan.whats_next:
            if item.sha:
                named = {p for p in ev.people if _names(item.text, p)}
                ev.credit.setdefault(item.sha.lower(), set()).update(named)
        # The host writes shorthand out ("impl" -> "implementation"): the retold words in both spellings.
        ev.told += [w for w in (written_out(t, ev.abbreviations) for t in ev.told) if w not in ev.told]
        # …and with its code said in words, as a retold why or figure is ("the save function")
        ev.told += [w for w in (plain_words(t) for t in ev.told) if w not in ev.told]
        ev.corpus = " | ".join(t for t in texts if t).lower() + " | " + " | ".join(ev.fact_texts).lower()
        ev.quotes = [_norm(q) for q in quotable if q]
        for text in texts:
            ev.numbers.update(_numbers_in(text))
        ev._add_structure_numbers(plan)
        return ev

    def _add_story(self, story, texts: list[str], quotable: list[str]) -> None:  # type: ignore[no-untyped-def]
        texts += [story.headline, *story.people, *story.areas]
        quotable.append(story.headline)
        leader = {c.value for c in story.claims if c.about == "leader"}
        # A plan without claims (made by hand) vouches for its single person.
        if not story.claims and len({p for p in story.people if not is_bot_name(p)}) == 1:
            leader = set(story.people)
        # The story's own label: a release is a release, a revert a revert, whatever its changes say.
        story_labels = {story.kind} | ({"revert"} if story.kind == StoryKind.REVERT else set())
        texts += sorted(leader)
        self.people.update(leader)  # a pull's sender, who committed its patches, may be named with them
        for ref in [*story.changes, *story.earlier]:
            self.credit.setdefault(ref.sha.lower(), set()).update([*story.people, *leader])
            self.leaders.setdefault(ref.sha.lower(), set()).update(leader)
            self.labels.setdefault(ref.sha.lower(), set()).update(story_labels)
            if not ref.claims:  # a hand-made plan's story kinds and severities are its changes'
                self.labels[ref.sha.lower()].update([*story.kinds, *story.severity])
        if story.effect:
            texts.append(story.effect)
            quotable.append(story.effect)
        texts += [*story.focus, *(t.label for t in story.threads), story.series or ""]
        quotable += [t.pattern for t in story.threads if t.pattern] + [story.series or ""]
        if story.reason:
            texts.append(story.reason)
            quotable += [story.reason, clean_reason(story.reason)]
        for fact in story.facts:
            self._add_change(fact.sha, fact.pr, [])
            self.told += [fact.text, clean_quote(fact.text)]  # a figure's clause, said as the message has it
            self.labels.setdefault(fact.sha.lower(), set()).add("measured")
            # A figure is bound to its change: its numbers count only in a sentence citing that change.
            self.fact_texts += [fact.text, fact.hardware or "", fact.source or ""]
            self.fact_numbers.setdefault(fact.sha.lower(), set()).update(
                n for t in (fact.text, fact.source or "") for n in _numbers_in(t))
            quotable += [fact.text, clean_quote(fact.text), fact.source or ""]
            self._add_fact_numbers(fact)
        for why in story.why:
            self._add_change(why.sha, why.pr, [])
            self.told.append(why.text)
            quotable.append(why.text)
        self.severities.update(story.severity)
        self.numbers.add(float(story.commits))

    def _add_releases(self, plan: EpisodePlan, texts: list[str], quotable: list[str]) -> None:
        # a release the plan lists and a story tells is one release (its commits counted once)
        releases = list({(r.package, r.version): r for r in [*plan.releases, *(r for s in plan.stories for r in s.releases)]}.values())
        for release in releases:
            self._add_change(release.sha, None, [])
            self.versions.update(v for v in (release.version, release.previous) if v)
            texts += [release.package or "", release.title or "", release.tag or ""]
            self.numbers.update(float(n) for n in (release.changes, release.authors, release.prs, release.bots))
            # The host names a few of the newsroom's picks (passing over those told as stories) and the
            # notes' breaking changes and headline items, as deeds or in their own words.
            items = [*release.picked, *release.notes, *release.breaking]
            quotable += [*items, *(clean_title(t) for t in items)]
            for item in items:
                deed = deed_of(item)
                self.told += [deed] if deed else []
                self.told.append(plain_words(clean_title(item, limit=100)))
        by_package = Counter(r.package for r in releases)
        self.numbers.update(float(n - 1) for n in by_package.values())
        self.numbers.update(
            float(sum(r.changes for r in releases if r.package == package)) for package in by_package
        )
        self.numbers.add(float(len(by_package)))

    def _add_next(self, plan: EpisodePlan, texts: list[str], quotable: list[str]) -> None:
        stacks: Counter[str] = Counter()
        for item in plan.whats_next:
            if item.sha:
                self._add_change(item.sha, item.pr, item.people)
                self.next_shas.add(item.sha.lower())
            # Open stack members are named by the item's text and PR, though they have not landed.
            self.prs.update([item.pr] if item.pr is not None else [])
            self.prs.update(int(n) for n in re.findall(r"#(\d+)", item.text))
            self.people.update(item.people)
            self.urls.update([item.url] if item.url else [])
            texts += [item.text, *item.people]
            quotable += [item.text, clean_quote(item.text)]
            found = re.match(r"^(\d+) more", item.text)
            if found and item.people:
                stacks[item.people[0]] += int(found.group(1))
        self.numbers.update(float(n) for n in stacks.values())

    def _add_change(self, sha: str, pr: int | None, authors: Iterable[str]) -> None:
        self.shas.add(sha.lower())
        prs = self.sha_prs.setdefault(sha.lower(), set())
        if pr is not None:
            self.prs.add(pr)
            prs.add(pr)
        authors = list(authors)
        self.people.update(authors)
        self.credit.setdefault(sha.lower(), set()).update(authors)

    def _add_fact_numbers(self, fact: Fact) -> None:
        nums = self.fact_numbers.setdefault(fact.sha.lower(), set())
        for v in (fact.value, fact.before, fact.after, fact.factor, fact.percent, fact.low):
            if v is not None:
                nums.add(float(v))
        pairs = [(fact.before, fact.after)]
        if fact.before is not None and fact.after is not None:
            pairs.append((in_base_units(fact.before, fact.before_unit or fact.unit), in_base_units(fact.after, fact.unit)))
        for b, a in pairs:
            if b is not None and a is not None and b > 0 and a > 0:
                nums.update({b / a, a / b, (1 - a / b) * 100, (b / a - 1) * 100, (a / b - 1) * 100, abs(b - a)})
        if fact.factor:
            f = fact.factor
            nums.update({(f - 1) * 100, (1 - 1 / f) * 100})
        if fact.percent is not None:
            nums.add(1 + fact.percent / 100)

    def _add_structure_numbers(self, plan: EpisodePlan) -> None:
        nums = self.numbers
        nums.update({0.0, 1.0})
        nums.update(float(v) for v in plan.counts.values())
        counts = plan.counts
        nums.add(float(counts.get("changes", 0) - counts.get("merged_prs", 0)))
        stories = [s for s in plan.stories if s.changes or s.releases]
        nums.update({float(len(plan.stories)), float(len(stories)), float(len(plan.quick_hits))})
        nums.add(float(len(plan.whats_next)))
        for story in plan.stories:
            n = story.total
            nums.update({float(len(story.changes)), float(n), float(n - 1), float(len(story.areas)), float(len(story.facts))})
            humans = [p for p in dict.fromkeys(story.people) if not is_bot_name(p)]
            nums.update({float(len(story.people)), float(len(humans)), float(len({r.pr for r in story.changes if r.pr}))})
            nums.update(float(c) for c in Counter(a for r in story.changes for a in r.authors[:1]).values())
            sizes = [t.size for t in story.threads]
            nums.update(float(k) for k in sizes)
            nums.update({float(story.series_size), float(story.lead_changes), float(their_day(story))})
            nums.update(float(n - sum(sizes[:k])) for k in range(1, len(sizes) + 1))
            added, deleted = story.lines_added, story.lines_deleted
            nums.update({float(added), float(deleted), float(added + deleted)})
        # Roles are counted over the top k stories (a script may speak only those) and over runs.
        for k in range(1, len(stories) + 1):
            nums.update(float(c) for c in Counter(heard_role(s) for s in stories[:k]).values())
        run = 1
        for prev, cur in zip(stories, stories[1:], strict=False):
            run = run + 1 if heard_role(cur) == heard_role(prev) else 1
            nums.add(float(run))
        # The rest of the day, summed up by kind: any sum of its parts (and of unspoken quick hits).
        parts = [*plan.untold.values(), *(1 for _ in plan.quick_hits)]
        total = 0
        for part in sorted(parts, reverse=True):
            total += part
            nums.add(float(total))
        nums.update(float(k) for k in range(0, len(plan.quick_hits) + max(plan.untold.values(), default=0) + 1))
        first, last = window_dates(plan.window)
        nums.add(float((last - first).days + 1))
        day = first
        while day <= last:
            nums.update({float(day.day), float(day.year)})
            day += timedelta(days=1)


# ----------------------------------------------------------------------------- reading a sentence


def _names(text: str, person: str) -> bool:
    """Whether ``text`` names ``person`` as a whole word."""
    return re.search(rf"(?<![\w]){re.escape(person)}(?![\w])", text) is not None


_QUOTE = re.compile(r"“([^”]*)”|\"([^\"]*)\"")
_URL = re.compile(r"(?:https?://|www\.)[^\s)\]>”\"]+")
_PR = re.compile(
    r"\b(?:PRs?|pull[ -]requests?)\s*(?:#\s*|number\s+)?(\d+)((?:\s*(?:,|and|&|or|,\s*and)\s*(?:#\s*)?\d+)*)",
    re.I,
)
_HASH_PR = re.compile(r"(?<![\w&])#(\d+)\b")
_SHA = re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")
_COMMIT_SHA = re.compile(r"\bcommits?\s+([0-9a-f]{7,40})\b", re.I)
_PLACEHOLDER = re.compile(r"[{}]|\$\w+|\b(?:None|null|NaN|undefined|TODO|FIXME|XXX)\b|%[sd]\b")
# A field filled with nothing: "A regression fix in : …", "landed  in PR 5".
_EMPTY_FIELD = re.compile(r"\b(?:in|to|from|by|across|into) ?[:;](?=\s|$)")
_ALNUM_ID = re.compile(r"\b(?=\w*[A-Za-z])(?=\w*\d)[\w.+-]*\w\b")
_DIGITS = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)(st|nd|rd|th|x|s|ms|us|ns|min|h|k|gb|mb|kb|tb|%)?(?![\w])", re.I)
_WORD = re.compile(r"[A-Za-z][\w'’.+-]*[\w+]|[A-Za-z]")
_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
_SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
_HEDGES = {
    "roughly", "about", "around", "nearly", "almost", "some", "approximately", "over", "than",
    "under", "to", "upwards", "close", "circa", "approx", "dozen", "dozens", "up", "least", "most",
}  # fmt: skip
_COMMON = {
    "i", "pr", "prs", "ok", "okay", "yes", "no", "so", "but", "or", "and", "also", "meanwhile",
    "overall", "finally", "first", "second", "third", "last", "lastly", "plus",
    "notably", "importantly", "interestingly", "elsewhere", "separately", "together", "today",
    "tomorrow", "yesterday", "this", "that", "these", "those", "there", "here", "when", "while",
    "with", "without", "after", "before", "since", "until", "once", "both", "each", "every", "all",
    "most", "many", "several", "few", "other", "others", "another", "what", "which", "who", "why",
    "how", "where", "its", "their", "his", "her", "our", "your", "my", "we", "you", "they", "he",
    "she", "it", "let", "lets", "welcome", "thanks", "thank", "good", "great", "big", "bigger",
    "biggest", "small", "smaller", "quick", "hits", "stay", "tuned", "speaking", "still", "even",
    "just", "only", "then", "now", "next", "later", "earlier", "again", "not", "nothing",
    "everything", "everyone", "someone", "anyone", "people", "team", "week", "day", "morning",
    "evening", "to", "for", "from", "in", "on", "at", "by", "of", "as", "if", "a", "an", "the",
    "over", "under", "across", "between", "because", "though", "although", "however", "instead",
    "rather", "indeed", "sure", "well", "wow", "oh", "alright", "right", "bottom", "line", "net",
    "result", "results", "fix", "fixes", "fixed", "revert", "reverts", "reverted", "commit", "commits",
    "pull", "request", "requests", "change", "changes", "story", "stories", "update", "updates",
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
    "saturday", "sunday", "weekly", "recap", "briefing", "episode", "show", "host", "heads-up",
    "roughly", "around", "nearly", "almost", "approximately", "up", "gigabytes", "megabytes",
    "kilobytes", "seconds", "minutes", "percent", "times", "release", "releases", "version",
}  # fmt: skip
# Claims a sentence may only make when the plan holds them (the kind of claim -> its words).
_CLAIMS: dict[str, re.Pattern[str]] = {
    "security": re.compile(
        r"\b(?:security|vulnerab\w*|exploit\w*|CVEs?|attackers?|steal\w*|passwords?|malicious|breach\w*|compromis\w*)\b", re.I
    ),
    "abandonment": re.compile(
        r"\b(?:abandon\w*|discontinu\w*|shut(?:ting)? down|end[- ]of[- ]life|sunset\w*|no longer (?:be )?maintained|"
        r"archiv(?:e|ed|ing) the (?:project|repo\w*)|deprecat\w* the (?:project|library|repo\w*))\b", re.I
    ),
    "employment": re.compile(
        r"\b(?:fired|laid off|lay-?offs?|hired|resign\w*|quit(?:s|ting)?|let go|promoted|promotion|terminated|sacked)\b", re.I
    ),
    "future": re.compile(
        r"\b(?:will|plans? to|planning to|going to|is set to|are set to|expected to|about to)\s+(?:\w+\s+){0,3}?"
        r"(?:land|ship|release|add|remove|drop|deprecate|rewrite|replace|switch|move|abandon|break|change|launch)\w*\b",
        re.I,
    ),
}


@dataclass
class _Reading:
    """One sentence being checked: what is left to read, and what was found wrong."""

    text: str
    rest: str
    cites: list[Citation]
    ev: PlanIndex
    problems: list[Problem] = field(default_factory=list)
    cited_shas: set[str] = field(default_factory=set)
    cited_prs: set[int] = field(default_factory=set)

    def bad(self, kind: ProblemKind, what: str, message: str) -> None:
        self.problems.append(Problem(kind=kind, text=what, message=message))

    def mask(self, spans: Iterable[tuple[int, int]], fill: str = " ; ") -> None:
        """Replace spans (already checked) so later checks do not see them again."""
        out, pos = [], 0
        for a, b in sorted(spans):
            if a < pos:
                continue
            out += [self.rest[pos:a], fill]
            pos = b
        out.append(self.rest[pos:])
        self.rest = "".join(out)


def _check_citations(r: _Reading) -> None:
    """Citations must be real changes of the plan."""
    for c in r.cites:
        full = next((s for s in r.ev.shas if s.startswith(c.sha.lower())), None) if len(c.sha) >= 7 else None
        if full is None:
            r.bad("citation", c.sha, f"cites commit {c.sha[:12]!r}, which is not in the plan")
            continue
        r.cited_shas.add(full)
        r.cited_prs |= r.ev.sha_prs.get(full, set())
        if c.pr is not None:
            if c.pr not in r.ev.prs:
                r.bad("citation", str(c.pr), f"cites PR {c.pr}, which is not in the plan")
            r.cited_prs.add(c.pr)


def _check_retold(r: _Reading) -> None:
    """An author's sentence (or a glossary explanation) retold as written is the data's words."""
    low = r.rest.lower()
    spans = []
    for text in r.ev.told:
        for form in {text, retold(text), text.rstrip(".")}:
            at = low.find(form.lower())
            if at >= 0 and len(form) >= 12:
                spans.append((at, at + len(form)))
                break
    r.mask(spans)


def _check_quotes(r: _Reading) -> None:
    """Every quoted piece must be words from the plan's titles, reasons, facts or follow-ups."""
    spans: list[tuple[int, int]] = []
    for m in _QUOTE.finditer(r.rest):
        body = m.group(1) if m.group(1) is not None else m.group(2)
        spans.append(m.span())
        for piece in re.split(r"…|\.\.\.", body):
            norm = _norm(piece)
            if norm and not any(norm in q for q in r.ev.quotes):
                r.bad("quote", body, f"quotes “{body}”, which no title, reason or message in the plan says")
                break
        if re.search(r"[{}]", body):
            r.bad("placeholder", body, "a template brace reached the text")
    r.mask(spans)


def _check_placeholders(r: _Reading) -> None:
    for m in _PLACEHOLDER.finditer(r.rest):
        r.bad("placeholder", m.group(0), f"template residue {m.group(0)!r} in the text")
    for m in _EMPTY_FIELD.finditer(r.text):
        r.bad("placeholder", m.group(0), f"an empty field left {m.group(0)!r} in the text")


def _check_links(r: _Reading) -> None:
    for m in _URL.finditer(r.rest):
        if m.group(0).rstrip(".,;:") not in r.ev.urls:
            r.bad("url", m.group(0), f"links {m.group(0)}, which is not a link of the plan")
    r.mask([m.span() for m in _URL.finditer(r.rest)])


def _check_versions(r: _Reading) -> None:
    """Released versions are the plan's; any other dotted version is checked as numbers."""
    spans = []
    for version in r.ev.versions:
        for m in re.finditer(rf"(?<![\w.]){re.escape(version)}(?!\w|\.\w)", r.rest):
            spans.append(m.span())
    r.mask(spans)


def _check_prs(r: _Reading) -> None:
    spans: list[tuple[int, int]] = []
    mentioned: list[int] = []
    for m in _PR.finditer(r.rest):
        spans.append(m.span())
        mentioned += [int(n) for n in re.findall(r"\d+", m.group(0))]
    for m in _HASH_PR.finditer(r.rest):
        spans.append(m.span())
        mentioned.append(int(m.group(1)))
    for pr in mentioned:
        if pr not in r.ev.prs:
            r.bad("pr", f"PR {pr}", f"names PR {pr}, which is not in the plan")
        elif r.cites and pr not in r.cited_prs:
            r.bad("uncited", f"PR {pr}", f"names PR {pr} without citing it")
    r.mask(spans)


def _check_shas(r: _Reading) -> None:
    spans = []
    for m in [*_COMMIT_SHA.finditer(r.rest), *_SHA.finditer(r.rest)]:
        short = (m.group(1) if m.re is _COMMIT_SHA else m.group(0)).lower()
        spans.append(m.span(1) if m.re is _COMMIT_SHA else m.span())
        full = [s for s in r.ev.shas if s.startswith(short)]
        if not full:
            r.bad("sha", short, f"names commit {short}, which is not in the plan")
        elif r.cites and not any(s in r.cited_shas for s in full):
            r.bad("uncited", short, f"names commit {short} without citing it")
    r.mask(spans)


def _check_identifiers(r: _Reading) -> None:
    """Identifiers mixing letters and digits (H100, FSDP2, bf16) must appear in the plan."""
    spans = []
    for m in _ALNUM_ID.finditer(r.rest):
        token = m.group(0)
        if re.fullmatch(r"\d+(?:st|nd|rd|th|x|s|ms|us|ns|min|h|k|gb|mb|kb|tb)", token, re.I):
            continue  # a number with its unit: checked as a number
        spans.append(m.span())
        if not re.search(rf"(?<![\w]){re.escape(token.lower())}(?![\w])", r.ev.corpus):
            r.bad("name", token, f"mentions {token!r}, which the plan does not")
    r.mask(spans)


def _check_numbers(r: _Reading) -> None:
    """Numbers, written as digits or as words, must be the plan's (within rounding, or hedged); a
    measured figure only in a sentence citing the change it measures (a speed-up of one PR is never
    another's)."""
    facts = r.ev.fact_numbers
    shas = r.cited_shas if r.cites else set(facts)
    allowed = r.ev.numbers.union(*(facts.get(s, set()) for s in shas))
    anywhere = r.ev.numbers.union(*facts.values())
    value: float | None
    found = [(m.group(0), float(m.group(1).replace(",", "")), _hedged(r.rest, m.start())) for m in _DIGITS.finditer(r.rest)]
    for start, phrase in _number_phrases(r.rest):
        value = _word_value(phrase)
        if value is not None:
            found.append((phrase, value, _hedged(r.rest, start) or "dozen" in phrase.lower()))
    for said, value, hedged in found:
        if _grounded_number(value, allowed, hedged):
            continue
        if _grounded_number(value, anywhere, hedged):
            r.bad("number", said, f"says {said}, a figure of a change the sentence does not cite")
        else:
            r.bad("number", said, f"says {said}, a number the plan does not support")


def _check_people(r: _Reading) -> None:
    """Anyone named with a citation must be credited on a cited change."""
    # Longest names first, each taken out once found: "Hansong" inside "Hansong Zhang" (two
    # identities the window did not join) is not named.
    named: list[str] = []
    spans: list[tuple[int, int]] = []
    text = r.rest
    for person in sorted(r.ev.people, key=len, reverse=True):
        found = [m.span() for m in re.finditer(rf"(?<![\w]){re.escape(person)}(?![\w])", text)]
        if found:
            named.append(person)
            spans += found
            text = text.replace(person, " " * len(person))
    if r.cites and r.cited_shas:
        credited = set().union(*(r.ev.credit.get(s, set()) for s in r.cited_shas))
        for person in named:
            if person not in credited:
                r.bad("attribution", person, f"credits {person} with changes they are not named on")
    r.mask(spans, fill=" ")  # "Will Constable landed …" makes no claim about the future


def _check_names(r: _Reading) -> None:
    """Capitalised names (people, areas, products) must come from the plan."""
    for run in _capitalised_runs(r.rest, r.ev.words):
        if not re.search(rf"(?<![\w]){re.escape(run.lower())}(?![\w])", r.ev.corpus):
            r.bad("name", run, f"mentions {run!r}, which the plan does not")


def _check_claims(r: _Reading) -> None:
    """Claims about security, abandonment, people's jobs and plans need the plan to hold them."""
    for kind, pattern in _CLAIMS.items():
        for m in pattern.finditer(r.rest):
            word = m.group(0)
            if re.search(rf"(?<![\w]){re.escape(word.lower())}(?![\w])", r.ev.corpus) and kind != "employment":
                continue  # the plan's own words say it
            if kind == "security" and "security" in r.ev.severities and r.cites:
                continue
            if kind == "future" and r.cited_shas & r.ev.next_shas:
                continue
            r.bad("claim", word, f"claims {kind} ({word!r}), which the plan does not hold")
            break


# What the host calls a change, and the claims (kinds, severities, "measured" for a fact) a cited
# change must carry strongly for the sentence to say it.
_LABELS: tuple[tuple[re.Pattern[str], frozenset[str], str], ...] = (
    (re.compile(r"\bsilent(?:ly)?\b[^.;]{0,40}\bwrong|\bwrong[- ]result", re.I), frozenset({"silent_correctness"}),
     "a silent wrong-result bug"),
    (re.compile(r"\bsecurity (?:fix|issue|hole|problem|bug|flaw)|\bvulnerab\w*|\bremote code execution\b|\bRCE\b|"
                r"\bexploit\w*|\bCVEs?\b", re.I), frozenset({"security"}), "a security fix"),
    (re.compile(r"\bcrash fix|\bfixed a crash\b|\bstopped a crash\b", re.I), frozenset({"crash"}), "a crash fix"),
    (re.compile(r"\bfix for a hang\b|\bfixed a hang\b|\bdeadlock\w*", re.I), frozenset({"hang"}), "a fix for a hang"),
    (re.compile(r"\bregression fix|\bfixed a regression\b|\bused to work\b|\bhad stopped working\b", re.I),
     frozenset({"regression"}), "a regression fix"),
    (re.compile(r"\bbreaking change\b|\b(?:marked|flagged) as breaking\b|\bbreaks (?:your|user|existing)", re.I),
     frozenset({"breaking"}), "a breaking change"),
    (re.compile(r"\bspeed-?ups?\b|\bspeeds? up\b|\bfaster\b|\bperformance (?:win|fix|boost)", re.I),
     frozenset({"performance", "measured"}), "a speed-up"),
    (re.compile(r"\bnew feature\b|\bsomething new\b", re.I), frozenset({"feature", "release"}), "a new feature"),
    (re.compile(r"\bdependency updates?\b", re.I), frozenset({"dependency"}), "a dependency update"),
    (re.compile(r"\bcorrectness (?:fix|bug)\b|\bwrong results\b", re.I), frozenset({"correctness", "silent_correctness"}),
     "a correctness fix"),
    (re.compile(r"\b(?:critical|severe|serious|dangerous|catastrophic)\b", re.I),
     frozenset({"security", "silent_correctness", "crash", "correctness", "hang"}), "a serious problem"),
    (re.compile(r"\b(?:a|the) (?:bug ?)?fix (?:from|for|in|to)\b|\bfixed a (?:bug|problem)\b", re.I),
     frozenset({"fix", "correctness", "crash", "hang", "regression", "security", "silent_correctness"}), "a fix"),
)
_LED_BY = re.compile(r"\b(?:led by|most of them (?:from|by))\s+([A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3})")


def _strong_labels(ref: ChangeRef) -> set[str]:
    """The kinds and severities the plan claims strongly for a change (all of them without claims)."""
    if not ref.claims:
        return {*ref.kinds, *ref.severity}
    return {c.value for c in ref.claims if c.about in ("kind", "severity") and c.strength == "strong"}


def _check_labels(r: _Reading) -> None:
    """What the host calls a change ("a crash fix", "faster", "a breaking change") needs a strong
    claim of a cited change: the words of a change retold or quoted are the author's, not the host's."""
    shas = r.cited_shas if r.cites else set(r.ev.labels)
    claimed = set().union(*(r.ev.labels.get(s, set()) for s in shas)) if shas else set()
    claimed |= r.ev.untold  # "plus one new feature": the rest of the day, counted by kind
    for pattern, needs, what in _LABELS:
        m = pattern.search(r.rest)
        if m is not None and not needs & claimed:
            r.bad("claim", m.group(0), f"calls it {what} ({m.group(0)!r}), which no cited change is claimed to be")


def _check_leaders(r: _Reading) -> None:
    """ "Led by X" only for the person the plan says leads the story of a cited change."""
    for m in _LED_BY.finditer(r.text):
        person = m.group(1).strip()
        leaders = set().union(*(r.ev.leaders.get(s, set()) for s in r.cited_shas)) if r.cited_shas else set()
        if not any(person.startswith(lead) or lead.startswith(person) for lead in leaders):
            r.bad("attribution", person, f"says the work was led by {person}, which the plan does not claim")


# The checks, in the order they read a sentence: each masks what it has checked.
CHECKS: tuple[Callable[[_Reading], None], ...] = (
    _check_citations, _check_leaders, _check_retold, _check_quotes, _check_placeholders, _check_links, _check_versions,
    _check_prs, _check_shas, _check_identifiers, _check_numbers, _check_labels, _check_people, _check_names, _check_claims,
)


def check_sentence(text: str, ev: PlanIndex, citations: Iterable[Citation] = ()) -> list[Problem]:
    """Problems in one written sentence, judged against the plan's evidence."""
    reading = _Reading(text=text, rest=text, cites=list(citations), ev=ev)
    for check in CHECKS:
        check(reading)
    return reading.problems


def _number_phrases(text: str) -> list[tuple[int, str]]:
    """Spelled-out numbers with their offsets: "twenty-three", "a hundred and fifty", "twice"."""
    found: list[tuple[int, str]] = []
    start = end = -1
    words = list(re.finditer(r"[A-Za-z]+", text))
    for i, m in enumerate(words):
        w = m.group(0).lower()
        is_num = w in _UNITS or w in _SCALES or w in ("dozen", "twice")
        lead_a = w == "a" and i + 1 < len(words) and words[i + 1].group(0).lower() in ("hundred", "thousand", "dozen")
        gap = text[end : m.start()] if end >= 0 else ""
        joined = end >= 0 and re.fullmatch(r"[\s-]+(?:and\s+)?", gap) is not None
        if (is_num or lead_a) and joined:
            end = m.end()
        elif is_num or lead_a:
            if start >= 0:
                found.append((start, text[start:end]))
            start, end = m.start(), m.end()
        elif w != "and" or not (end >= 0 and text[end : m.start()].strip() == ""):
            if start >= 0:
                found.append((start, text[start:end]))
            start = end = -1
    if start >= 0:
        found.append((start, text[start:end]))
    return [(i, p) for i, p in found if p.lower() != "a"]


def _word_value(words: str) -> float | None:
    tokens = [t for t in re.split(r"[\s-]+", words.lower()) if t and t != "and"]
    if tokens == ["twice"]:
        return 2.0
    total, current = 0, 0
    for t in tokens:
        if t == "a":
            current = max(current, 1)
        elif t in _UNITS:
            current += _UNITS[t]
        elif t == "dozen":
            current = max(current, 1) * 12
        elif t == "hundred":
            current = max(current, 1) * 100
        elif t in _SCALES:
            total += max(current, 1) * _SCALES[t]
            current = 0
        else:
            return None
    return float(total + current)


def _hedged(text: str, start: int) -> bool:
    before = re.findall(r"[a-z]+", text[max(0, start - 24) : start].lower())[-2:]
    return any(w in _HEDGES for w in before)


def _grounded_number(value: float, numbers: set[float], hedged: bool) -> bool:
    """Said as measured (rounded to the unit, or 2 percent of a non-integer), or within 20 percent when hedged."""
    for v in numbers:
        gap = abs(value - v)
        if gap <= 0.51 or (hedged and gap <= 0.2 * abs(v)) or (v != int(v) and gap <= 0.02 * abs(v)):
            return True
    return False


_SUBJECT_VERBS = (
    "fixed|fixes|landed|lands|added|adds|reverted|reverts|rolled|wrote|writes|shipped|ships|made|"
    "makes|drove|drives|contributed|moved|moves|refactored|improved|improves|also|led|leads|says|said"
)


def _capitalised_runs(text: str, style_words: frozenset[str]) -> list[str]:
    """Runs of capitalised words (names, areas, products), minus the host's own words at their edges.

    A lone capitalised word opening a sentence or clause is ordinary English ("Fine.", "Overall, …")
    unless a verb shows it is the subject of the sentence ("Alice fixed …").
    """
    allowed = _COMMON | set(_UNITS) | set(_SCALES) | style_words
    runs: list[tuple[bool, list[str], int]] = [(True, [], 0)]
    pos = 0
    for m in _WORD.finditer(text):
        gap = text[pos : m.start()]
        pos = m.end()
        word = re.sub(r"(?:'s|’s|')$", "", m.group(0)).rstrip(".")
        starts = m.start() == 0 or bool(re.search(r"[.:;!?—–(]\s*$", text[: m.start()]))
        if gap.strip() or not word[:1].isupper() or not runs[-1][1]:
            runs.append((starts, [], m.end()))
        if word[:1].isupper():
            runs[-1][1].append(word)
            runs[-1] = (runs[-1][0], runs[-1][1], m.end())
    out = []
    for at_start, words, end in runs:
        while words and words[0].lower() in allowed:
            words, at_start = words[1:], False
        while words and words[-1].lower() in allowed:
            words = words[:-1]
        if not words:
            continue
        if at_start and len(words) == 1 and not re.match(rf"\s+(?:{_SUBJECT_VERBS})\b", text[end:]):
            continue
        out.append(" ".join(words))
    return out


def check_script(script: Script, plan: EpisodePlan, style: Style | None = None) -> list[Problem]:
    """Every claim in ``script`` that ``plan`` does not support, with where it was said."""
    ev = PlanIndex.from_plan(plan, style)
    problems: list[Problem] = []
    for i, section in enumerate(script.sections):
        for j, sentence in enumerate(section.sentences):
            for p in _check(sentence, ev):
                problems.append(Problem(p.kind, p.text, p.message, section=i, sentence=j))
    return problems


def _check(sentence: Sentence, ev: PlanIndex) -> list[Problem]:
    return check_sentence(sentence.text, ev, sentence.citations)
