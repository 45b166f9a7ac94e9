"""The phrases of a host style outside the host's sentence slots, read by more than one stage: the
episode title, chapter headings, summary and recap title (the newsroom writes them into the plan),
how releases, facts, the day's size and theme are said and the host's connective phrases (the
writer), and the names of months and weekdays (the writer and the published pages).

They live in the style file's ``[phrases.FAMILY]`` tables and its ``[calendar]`` table (see
docs/host-style.md)::

    [phrases.titles]
    release = ["{name} Is Out", "{name} Ships"]

    [calendar]
    months = ["January", …, "December"]

A value is one template or a list of alternatives. Each key declares the fields its code gives it
(:data:`PHRASE_FIELDS`); a field marked there as required must be used, since a title frame without
``{name}`` would not say which release is out. This module sits below the stages so that the
newsroom and the writer read the same book; a style file's other tables are the writer's
(``write/style.py``).
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from importlib import resources
from typing import Any, Protocol

from .errors import UserError

__all__ = [
    "DEFAULT_STYLE",
    "PHRASE_FIELDS",
    "NATURES",
    "NOUN_KEYS",
    "SECTIONS",
    "Phrasebook",
    "Failure",
    "failure",
    "read_phrasebook",
    "default_phrasebook",
    "checked_template",
    "placed",
]

# "In {area}, …", "… fixed a crash in {area}": the words that say where, left out when the plan
# names no area a listener can hear (a bare folder is none), rather than "in the code base".
_WHERE = re.compile(r"^(?:In|Across) \{areas?\},\s*|\s+(?:in|to|across|into) \{areas?\}")
_NOWHERE = "the code base"  # a field that is the sentence's subject still needs words


def with_bots(people: str, bots: int, book: Phrasebook, said: Callable[[int], str] = str) -> str:
    """ "four people and a bot": people with the bots beside them, never counted among them
    (``said`` words a number of bots)."""
    if not bots:
        return people
    robots = book.say("size.a_bot") if bots == 1 else f"{said(bots)} bots"
    return book.say("size.and_bots", people=people, bots=robots)


def placed(template: str, fields: Mapping[str, str]) -> str:
    """``template`` filled in, its "in {area}" left out when ``fields`` give an empty area."""
    if any(fields.get(name) == "" for name in ("area", "areas")):
        template = _WHERE.sub("", template)
        fields = {k: (_NOWHERE if k in ("area", "areas") and not v else v) for k, v in fields.items()}
    return template.format(**fields)

# What a story's work is, as titles and headings name it (analyse.headlines.group_nature).
NATURES = ("speed", "correctness", "tests", "docs", "build", "refactor", "feature", "revert", "reland", "churn", "mixed")
# What one change is, as the writer names it (write.stories.nature): a style's [nouns] and chapter words.
NOUN_KEYS = frozenset(
    "silent security crash hang correctness regression perf feature fix tests ci docs refactor deps revert generic".split()
)
# The script's sections that are no story (model.SectionKind), by the title their chapter has.
SECTIONS = ("cold_open", "quick_hits", "whats_next", "spotlight", "sign_off")


def _keys(family: str, names: Iterable[str]) -> dict[str, str]:
    return {f"{family}.{name}": "" for name in sorted(names)}


# Every phrase key and the fields its code gives it; "name!" marks a field each template must use.
PHRASE_FIELDS: dict[str, frozenset[str]] = {
    key: frozenset(fields.split())
    for key, fields in {
        # The episode title after "<Show>: ", by the headline story (analyse/titles.py).
        "titles.great": "subject! noun!",  # only for a story of many changes
        "titles.frames": "subject! noun person_s article a_noun",  # {noun} bare or in {a_noun}; {person_s} needs one person
        "titles.release": "name!", "titles.releases": "name!", "titles.version": "",
        "titles.quiet": "", "titles.light": "", "titles.carried": "branch!", "titles.busy": "", "titles.from_person": "article! person!", "titles.person_day": "person!",
        "titles.deed": "person does doing",
        "titles.rollup": "count!",  # a merge bot's roll-up of pull requests at the head of the day
        "titles.pull": "tree! count",  # a custodian's pull at the head of the day: its tree, not one patch  # a change's deed; a form whose fields the change lacks is not used
        "titles.campaign_deed": "deed! count", "titles.campaign_label": "count label!",
        "titles.campaign_subject": "count subject!",
        "titles.effect_tests": "subject! span!", "titles.effect_tests_great": "subject!",
        "titles.effect": "subject! span!", "titles.effect_plain": "span!",
        "titles.span": "low! high!", "titles.span_one": "high!",
        **_keys("titles.nouns", NATURES), **_keys("titles.single", NATURES),
        # A story's chapter heading (analyse/headlines.py, analyse/releases.py).
        "headings.rollback": "", "headings.rollback_in": "area!",
        "headings.reverted": "topic!", "headings.returns": "topic!", "headings.reverted_relanded": "topic!",
        "headings.round_up": "area!", "headings.code_base": "",
        "headings.named_series": "series!", "headings.series": "series!", "headings.and_more": "label!",
        "headings.two_threads": "first! second!", "headings.focus": "focus! noun!",
        "headings.in_area": "area!", "headings.across_two": "first! second!", "headings.across_more": "first! second!",
        "headings.area_work": "area! noun!", "headings.work_in": "noun! area!", "headings.whose": "person_s! work!",
        "headings.work_from": "noun! people!", "headings.updates": "",
        "headings.release_out": "name!", "headings.releases_out": "names!",
        **_keys("headings.nouns", NATURES),
        # … and as the writer shortens a long one, by what the story is (write/narrator.py).
        "headings.comeback": "", "headings.comeback_in": "area!", "headings.chapter_in": "noun! area!",
        "headings.chapter_whose": "person_s! area!", **_keys("headings.chapter", NOUN_KEYS),
        **_keys("headings.sections", SECTIONS),
        # The episode's summary, on its page and in the feed (analyse/titles.py). {where}, {about},
        # {effect}, {size}, {pattern}, {by}, {tagged} and {detail} are clauses with their own
        # leading space or comma (" in libcurl", ", with runtimes 3x faster"), or empty.
        "summary.release": "release!", "summary.release_carries": "release! kind commits! people! previous!",
        "summary.someone": "", "summary.the_change_that": "did!", "summary.reland": "what!", "summary.revert": "what!",
        "summary.campaign": "who! count! pattern where about effect", "summary.campaign_stacked": "who! count! pattern where about effect",
        "summary.campaign_part": "who! total! count! pattern where about effect",
        "summary.campaign_part_stacked": "who! total! count! pattern where about effect",
        "summary.pattern": "pattern!", "summary.focus": "focus!", "summary.focus_all": "focus!", "summary.focus_part": "focus!", "summary.tagged": "share! series!", "summary.all_tagged": "series!", "summary.all": "",
        "summary.across": "areas!", "summary.in": "areas!", "summary.more_areas": "areas! count!",
        "summary.pull_sent": "sender_s! tree count! by where", "summary.pull": "tree count! by where", "summary.rollup": "sender_s count! by where", "summary.from_people": "people!",
        "summary.area": "area! count! people! names tagged", "summary.size_added": "lines!", "summary.size_removed": "lines!", "summary.mostly_tests": "",
        "summary.did": "person! did! where effect size", "summary.fix_for": "person_s! why! where topic!",
        "summary.titled": "person_s! topic! where effect size", "summary.with_effect": "effect!",
        **_keys("summary.severity", ("silent_correctness", "security", "correctness", "crash", "hang", "regression", "leak")),
        "summary.silent_fix": "person_s! where", "summary.fix_by": "person_s! where", "summary.fixes_by": "person_s! where", "summary.work_by": "person_s! where", "summary.a_fix": "where",
        "summary.performance": "where person! detail", "summary.new_work_in": "areas!", "summary.new_features": "", "summary.new_feature": "",
        "summary.a_reland": "where", "summary.a_revert": "where", "summary.a_revert_relanded": "where", "summary.reverts": "count!", "summary.relands": "count!",
        "summary.empty": "", "summary.carried": "count! branches!", "summary.small": "count!", "summary.unnamed": "", "summary.tally": "changes! source!",
        "summary.alongside_one": "items! tally!", "summary.alongside_many": "items! tally!", "summary.in_all": "tally!",
        # The weekly recap's title, its most active person's heading and its summary (analyse/recap.py).
        "recap.title": "headline!", "recap.title_quiet": "", "recap.title_area": "count! area!",
        "recap.most_active": "person!", "recap.summary": "show changes! days!", "recap.biggest": "headline!",
        "recap.biggest_led": "headline! person!", "recap.most_active_summary": "person! count!",
        # What the writer says of releases (write/stories.py).
        "releases.name": "package! version!", "releases.previous": "version!", "releases.span": "first! last!",
        "releases.major": "", "releases.minor": "", "releases.zero_minor": "", "releases.calendar": "", "releases.patch": "",
        "releases.candidate": "", "releases.beta": "", "releases.alpha": "", "releases.prerelease": "",
        "releases.more": "", "releases.same_day": "", "releases.same_week": "",
        "releases.hook": "release!", "releases.hook_two": "name first! second!",
        "releases.hook_series": "name count! first! last!", "releases.hook_more": "release! count!",
        # … and of measured facts.
        "facts.runtime": "", "facts.memory": "", "facts.size": "", "facts.falls": "", "facts.rises": "",
        "facts.moved": "metric! move before! after!", "facts.faster": "times!", "facts.on": "hardware!",
        "facts.speedup": "", "facts.reduction": "", "facts.runtimes": "", "facts.test_runtimes": "",
        "facts.init_time": "", "facts.startup_time": "", "facts.import_time": "", "facts.compile_time": "",
        "facts.build_time": "", "facts.load_time": "", "facts.latency": "",
        "facts.hash_time": "", "facts.parse_time": "", "facts.install_time": "",
        "facts.cpu": "", "facts.of_metric": "fact! metric!",
        "facts.up_to": "times!",
        # The day's lead story as a clause, for the cold open and the sign-off ({hook} of their slots).
        "themes.effect": "metric areas span!", "themes.faster": "area adverb", "themes.tests_faster": "area adverb",
        "themes.dramatically": "", "themes.noticeably": "", "themes.rolled_back": "area",
        "themes.rolled_back_and_back": "area", "themes.work": "area", "themes.silent_fix": "person! area",
        "themes.did": "person! did!", "themes.landed": "person! count! areas", "themes.landed_part": "person! count!", "themes.part_in": "person! total! count! area!", "themes.titled": "person! title!",
        "themes.change_in": "person! area", "themes.another_tree": "", "themes.pull_sent": "sender_s! tree count! people", "themes.rollup": "sender_s! count! people",
        "themes.pull": "tree count!", "themes.many": "people! count! area", "themes.many_led": "people! count! area lead!",
        "themes.series": "person! count! area series!", "themes.focus": "person! count! focus! area",
        "themes.focus_most": "person! count! focus! area",
        "themes.part_focus": "person! total! count! focus!", "themes.part_focus_most": "person! total! count! focus!",
        "themes.thread": "person! count! area label!",
        # The day's size, said in the cold open ({size} of its slots; write/narrator.py).
        "size.prs": "prs! people!", "size.prs_direct": "prs! direct! people!", "size.changes": "changes! people!",
        "size.landed": "size!", "size.merged": "size!", "size.merged_one": "size!", "size.in_all": "size! commits!",
        "size.pulled": "size! share! pulls!", "size.pulled_one": "size! share!", "size.all": "", "size.and_bots": "people! bots!", "size.a_bot": "", "size.with_help": "people! more!", "size.with_help_and_bots": "people! more! bots!",
        # The host's connective phrases (write/host.py, write/stories.py).
        "host.pr": "pr!", "host.day_before": "", "host.same_day": "", "host.weekday": "weekday!", "host.earlier": "", "host.month": "month!",
        "host.the": "", "host.their_own": "", "host.change_that": "whose! did!", "host.change_titled": "whose! title!",
        "host.earlier_change": "", "host.pull_requests": "numbers!",
    }.items()
}
_REQUIRED: dict[str, frozenset[str]] = {
    key: frozenset(f.rstrip("!") for f in fields if f.endswith("!")) for key, fields in PHRASE_FIELDS.items()
}
_GIVEN: dict[str, frozenset[str]] = {key: frozenset(f.rstrip("!") for f in fields) for key, fields in PHRASE_FIELDS.items()}
_CALENDAR = {"months": 12, "weekdays": 7}
_DIGIT = re.compile(r"\d")
_LINK = re.compile(r"https?://|www\.", re.I)


class Failure(Protocol):
    """Makes the one-line error for a key of a style file, finding its line by ``needle``."""

    def __call__(self, key: str, message: str, needle: str | None = None) -> UserError: ...


def failure(text: str, origin: str) -> Failure:
    """The error maker for the style file ``origin`` whose text is ``text``: "FILE:LINE: 'KEY' MESSAGE"."""

    def fail(key: str, message: str, needle: str | None = None) -> UserError:
        find = needle or key.rsplit(".", 1)[-1]
        line = next((n for n, row in enumerate(text.splitlines(), start=1) if find in row), None)
        return UserError(f"{origin}{f':{line}' if line else ''}: '{key}' {message}")

    return fail


def checked_template(
    line: str, given: frozenset[str], key: str, fail: Failure, *, given_as: str = "the code gives only"
) -> set[str]:
    """The fields ``line`` uses; an error when it uses one the code does not give, or states a
    number, link or brace of its own (a template never states a fact)."""
    where = line[:40]
    try:
        parts = [(name, spec, conversion) for _, name, spec, conversion in string.Formatter().parse(line) if name is not None]
    except ValueError as exc:
        raise fail(key, f"has {line!r}, which is not a valid template ({exc})", where) from exc
    if any(spec or conversion for _, spec, conversion in parts):  # "{count:d}" would fail on the text it is given
        raise fail(key, f"has {line!r}: a field is written as {{name}}, without a format", where)
    used = {name for name, _, _ in parts}
    if used - given:
        raise fail(key, f"uses {{{', '.join(sorted(used - given))}}} in {line!r} but {given_as} {sorted(given)}", where)
    bare = re.sub(r"\{\w+\}", "", line)
    if _DIGIT.search(bare) or _LINK.search(bare) or re.search(r"[{}]", bare):
        raise fail(key, f"has {line!r}: a line may not state numbers, links or braces of its own", where)
    return used


@dataclass(frozen=True)
class Phrasebook:
    """A style's shared phrases (key -> alternatives) and its month and weekday names."""

    phrases: dict[str, tuple[str, ...]]
    months: tuple[str, ...]
    weekdays: tuple[str, ...]

    def options(self, key: str) -> tuple[str, ...]:
        """Every alternative of ``key``."""
        return self.phrases[key]

    def say(self, key: str, **fields: str) -> str:
        """The first alternative of ``key`` with ``fields`` filled in."""
        return placed(self.phrases[key][0], fields)

    def pick(self, key: str, seed: int, **fields: str) -> str:
        """The alternative of ``key`` a seed chooses, with ``fields`` filled in."""
        options = self.phrases[key]
        return placed(options[seed % len(options)], fields)

    def month(self, day: date) -> str:
        """The month of ``day`` by name ("September"), whatever the process locale."""
        return self.months[day.month - 1]

    def weekday(self, day: date) -> str:
        """The weekday of ``day`` by name ("Tuesday"), whatever the process locale."""
        return self.weekdays[day.weekday()]

    def key(self) -> str:
        """The book as one stable text: what a cache key of a stage that says it includes."""
        rows = [f"{k}={v}" for k, v in sorted(self.phrases.items())]
        return "\n".join([*rows, f"months={self.months}", f"weekdays={self.weekdays}"])


def _alternatives(value: Any, name: str, fail: Failure) -> tuple[str, ...]:
    """The checked alternatives of the phrase ``name`` ("titles.release") as a file gives them."""
    key = f"phrases.{name}"
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not values or not all(isinstance(v, str) and v.strip() for v in values):
        raise fail(key, "must be a phrase or a non-empty list of phrases")
    for line in values:
        missing = _REQUIRED[name] - checked_template(line, _GIVEN[name], key, fail)
        if missing:
            raise fail(key, f"has {line!r}, which leaves out {{{', '.join(sorted(missing))}}}", line[:40])
    return tuple(values)


def _flatten(table: Mapping[str, Any], prefix: str) -> dict[str, Any]:
    """``{"titles": {"nouns": {"speed": …}}}`` as ``{"titles.nouns.speed": …}``."""
    out: dict[str, Any] = {}
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict):
            out |= _flatten(value, f"{key}.")
        else:
            out[key] = value
    return out


def read_phrasebook(data: Mapping[str, Any], fail: Failure, base: Phrasebook | None = None) -> Phrasebook:
    """The ``[phrases]`` and ``[calendar]`` tables of a parsed style file, laid over ``base`` (the
    default book: a file names only what it changes); without ``base`` every key must be given."""
    raw = data.get("phrases", {})
    if not isinstance(raw, dict):
        raise fail("phrases", "must be a table of [phrases.FAMILY] tables")
    phrases: dict[str, tuple[str, ...]] = {}
    for key, value in _flatten(raw, "").items():
        if key not in PHRASE_FIELDS:
            family = key.split(".")[0]
            known = sorted(k for k in PHRASE_FIELDS if k.startswith(f"{family}."))
            hint = f"(known in phrases.{family}: {', '.join(k.removeprefix(family + '.') for k in known)})" if known else (
                f"(families: {', '.join(sorted({k.split('.')[0] for k in PHRASE_FIELDS}))})"
            )
            raise fail(f"phrases.{key}", f"is not a phrase the host says {hint}", key.rsplit(".", 1)[-1])
        phrases[key] = _alternatives(value, key, fail)
    calendar = data.get("calendar", {})
    if not isinstance(calendar, dict):
        raise fail("calendar", "must be a table with months and weekdays")
    names: dict[str, tuple[str, ...]] = {}
    for key, value in calendar.items():
        if key not in _CALENDAR:
            raise fail(f"calendar.{key}", "is not a calendar list (expected months, weekdays)")
        size = _CALENDAR[key]
        if not isinstance(value, list) or len(value) != size or not all(isinstance(v, str) and v.strip() for v in value):
            raise fail(f"calendar.{key}", f"must be a list of {size} names")
        names[key] = tuple(value)
    if base is None:
        missing = sorted(set(PHRASE_FIELDS) - set(phrases)) + sorted(set(_CALENDAR) - set(names))
        if missing:
            raise fail(missing[0], "is missing from the default style")
        return Phrasebook(phrases, names["months"], names["weekdays"])
    return Phrasebook(
        {**base.phrases, **phrases}, names.get("months", base.months), names.get("weekdays", base.weekdays)
    )


DEFAULT_STYLE = "styles/default.toml"  # inside the commitcast.write package's folder


@lru_cache(maxsize=1)
def default_phrasebook() -> Phrasebook:
    """The phrases of the style commitcast ships with (it gives every key)."""
    # Read as a file of the package, not imported: the writer's modules are no part of this.
    text = resources.files("commitcast").joinpath("write", *DEFAULT_STYLE.split("/")).read_text(encoding="utf-8")
    origin = f"commitcast/write/{DEFAULT_STYLE}"
    return read_phrasebook(tomllib.loads(text), failure(text, origin))
