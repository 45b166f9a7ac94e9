"""Measured numbers in message text: before/after, "3x faster", percentages, memory, tests.

The one reader of measured claims, below the stages: the newsroom reads a change's facts with it
(``analyse.facts``) and the forge an open pull request's gains (``ingest.forges.newsroom``).
Precision over recall: a number becomes a fact only in a sentence that measures something
(a unit, a speed or size word) and never when it is a version, PR, date, hash, shape or setting.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ..model import Fact
from .phrasing import capitalised
from .sentences import prose_sentences

__all__ = ["Gain", "facts_from_text", "gains", "format_number", "format_factor", "measured_part", "a_rewrite"]


def a_rewrite(added: int, deleted: int) -> bool:
    """As many lines out as in: a rename, a move or files regenerated, whose size is no measure of
    its work (curl's renamed Visual Studio folders, +515/−502; clippy's 1,136-for-1,136 link swap)."""
    return min(added, deleted) * 5 >= max(added, deleted) * 4 > 0


def measured_part(text: str) -> str | None:
    """What a stated speed-up measures, where its clause says so right after the figure ("15x
    speedup in generator time": "in generator time"; "1.85x speedup end to end": "end to end")."""
    m = _MEASURED.search(text)
    return " ".join(m.group("q").lower().replace("-", " ").split()) if m else None


# What a figure of time measures when it is not the product's run time: "model load time for Llama
# models (from 9s to 3s)" is no "runtime 3x faster"
_TIMED_PHASE = re.compile(
    r"(?i)\b(load(?:ing)?|start-?up|compile|compilation|build|import|install(?:ation)?|export|lowering|"
    r"resolution|checkout|download|init(?:ialization)?|warm-?up|test|CI|boot)\s+times?\b|\b(time to first token|TTFT|latency)\b"
)


def timed_phase(text: str) -> str | None:
    """The phase a time figure measures, when its clause names one ("load time", "compile time")."""
    m = _TIMED_PHASE.search(text)
    if m is None:
        return None
    if m.group(2):
        return m.group(2).lower() if m.group(2) != "TTFT" else "time to first token"
    phase = m.group(1).lower().replace("-", "")
    return f"{'loading' if phase.startswith('load') else phase} time".replace("loading time", "load time")


def measured_subject(text: str) -> str | None:
    """What a before-and-after figure times, where its clause names it before "from" ("this PR
    improves (warm) uv lock from 38.94ms to 24.06ms": "warm uv lock"); None when it names none."""
    m = _SUBJECT.search(text)
    if m is None:
        return None
    what = " ".join(m.group("what").replace("(", "").replace(")", "").replace("`", "").split())
    return None if what.lower() in _NO_SUBJECT or what.lower().startswith(("this ", "it ")) else what


_SUBJECT = re.compile(
    r"(?:\b(?:improves?|improved|reduces?|reduced|cuts?|speeds? up|sped up|brings?|brought|takes?|took)\s+|^(?:and\s+)?|[,;]\s*(?:and\s+)?)"
    r"(?P<what>(?:[(`]?[\w.-]+[)`]?\s+){0,3}?[(`]?[\w.-]+[)`]?)"
    r"(?:\s+(?:goes|went|drops|dropped|falls|fell|improves|improved|decreases|decreased))?\s+from\s+~?\d",
    re.I,
)
_NO_SUBJECT = frozenset("it this that time runtime runtimes latency duration speed it all".split())


_MEASURED = re.compile(
    r"(?i)\b(?:speed-?ups?|faster|quicker)\s+(?P<q>end[- ]to[- ]end|overall|"
    r"(?-i:(?:in|on|for|during)\s+(?!(?:the|this|our|a|an)\s+(?:PR|change|commit|patch)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?))"
    r"(?=\s*(?:[,.;:)]|$)|\s+(?:and|but|with|while|when|vs|versus|compared|than)\b)"
)

_NUM = r"(?<![\w.#/@$-])~?(?P<{}>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d]|\.\d|,\d{{3}})"
_TIME = r"ns|us|µs|μs|ms|s|sec|secs|seconds?|mins?|minutes?|h|hrs?|hours?"
_MEM = r"B|KB|kB|MB|GB|TB|KiB|MiB|GiB|TiB|bytes"
_RATE = r"tok/s|tokens/s|tokens/sec|tokens per second|it/s|samples/s|images/s|img/s|QPS|TFLOPS|tflops|GB/s"
_UNIT = rf"(?:{_RATE}|{_TIME}|{_MEM})(?![\w/])"

_SECONDS = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "μs": 1e-6, "ms": 1e-3, "s": 1, "sec": 1,
            "secs": 1, "second": 1, "seconds": 1, "min": 60, "mins": 60, "minute": 60,
            "minutes": 60, "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600}
_BYTES = {"b": 1, "bytes": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
          "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40}

_BEFORE_AFTER = re.compile(
    rf"(?:\bfrom\s+{_NUM.format('a')}\s*(?P<ua>{_UNIT})?\s*(?:to|->|→|=>|⇒)\s*~?{_NUM.format('b')}\s*(?P<ub>{_UNIT}))"
    rf"|(?:{_NUM.format('a2')}\s*(?P<ua2>{_UNIT})\s*(?:->|→|=>|⇒)\s*~?{_NUM.format('b2')}\s*(?P<ub2>{_UNIT}))"
)


def _range(n: str = "") -> str:
    """A number or a "1.5-2.2" range, with groups lo<n> and hi<n>."""
    hi = _NUM.format("hi" + n).replace("(?<![\\w.#/@$-])", "")
    return rf"{_NUM.format('lo' + n)}(?:\s*(?:-|–|to)\s*{hi})?"


_TIMES_WORDS = (
    r"faster|speedups?|speed-?ups?|speed up|improvements?|quicker|lower latency|higher throughput|"
    r"more throughput|throughput improvement|smaller|less memory|lower memory|memory reduction|reduction"
)
_TIMES = re.compile(
    rf"(?:{_range('1')}\s*(?:x|X|×)\s+(?:\w+[ -]){{0,2}}?(?P<what>{_TIMES_WORDS})\b)"
    rf"|(?:(?P<what2>speedups?|speed-?ups?|speeds? up|improvements?|faster|reduction)\s+(?:\w+\s+){{0,3}}?"
    rf"(?:of\s+|by\s+)?(?:up to\s+|about\s+|~|roughly\s+|over\s+|nearly\s+|around\s+)?{_range('2')}\s*(?:x|X|×)(?![\w×]))"
    rf"|(?:{_range('3')}\s+times\s+(?P<what3>faster|quicker|smaller|less memory))",
    re.I,
)
_PCT_WORDS = (
    r"faster|speedups?|speed-?ups?|improvements?|reduction|less|lower|fewer|smaller|better|"
    r"more throughput|higher throughput|throughput (?:gain|improvement)|memory savings?|decrease"
)
_PERCENT = re.compile(
    rf"(?:\+?{_range('4')}\s?%\s+(?:[\w-]+\s+){{0,2}}?(?P<what>{_PCT_WORDS})\b)"
    rf"|(?:(?P<what2>speedups?|speed-?ups?|improvements?|reduction|gains?|savings?)\s+of\s+"
    rf"(?:up to\s+|about\s+|~|roughly\s+|over\s+|nearly\s+|around\s+)?{_range('5')}\s?%)"
    rf"|(?:(?P<what3>reduc\w*|improv\w*|speeds?\s+up|sped\s+up|cuts?|decreas\w*|lower(?:s|ed)?|sav(?:e|es|ed|ing))\s+"
    rf"(?:(?!to\b|from\b)[\w-]+\s+){{0,4}}?by\s+(?:up to\s+|about\s+|~|roughly\s+|over\s+|nearly\s+|around\s+|almost\s+)?"
    rf"{_range('6')}\s?%)"
    # curl's "Improves performance of handling of transfers, up to ~30%, depending on …"
    rf"|(?:(?P<what4>improv\w*|boost\w*)\s+(?:the\s+)?performance\b[^.%]{{0,60}}?,?\s+up to\s+~?{_range('7')}\s?%)",
    re.I,
)
_MEMORY_SAVED = re.compile(
    rf"(?:(?P<verb>sav(?:e|es|ed|ing)|free[sd]?|reduc\w*|cuts?|lower(?:s|ed)?)\s+(?:(?!to\b|from\b)[\w-]+\s+){{0,4}}?"
    rf"(?:by\s+)?(?:up to\s+|about\s+|~|over\s+|nearly\s+|around\s+)?{_NUM.format('m')}\s*(?P<u>{_MEM})(?!\w|/))"
    rf"|(?:{_NUM.format('m2')}\s*(?P<u2>{_MEM})\s+(?:of\s+)?(?:[\w-]+\s+){{0,2}}?(?:less|lower|fewer)\s+(?:[\w-]+\s+)?memory)"
    rf"|(?:{_NUM.format('m3')}\s*(?P<u3>{_MEM})\s+(?:of\s+)?(?:[\w-]+\s+){{0,2}}?memory\s+(?:is\s+|are\s+)?(?:freed|saved|reclaimed))",
    re.I,
)
_TESTS = re.compile(
    rf"(?:\b(?:add(?:s|ed|ing)?|introduc\w+|enabl\w+|re-?enabl\w+|fix(?:es|ed)?|unskip\w*|port\w*|migrat\w*|convert\w*)\s+"
    rf"(?:\w+\s+){{0,2}}?{_NUM.format('n')}\s+(?:new\s+|more\s+|additional\s+)?(?:unit\s+|integration\s+|regression\s+)?"
    rf"(?:tests?|test cases)\b)"
    rf"|(?:\ball\s+{_NUM.format('n2')}\s+(?:\w+\s+)?(?:tests?|test cases)\s+(?:now\s+)?pass)"
    rf"|(?:{_NUM.format('n3')}\s+(?:new\s+)?(?:tests?|test cases)\s+(?:now\s+)?(?:pass(?:es|ed|ing)?|added|enabled|fixed)\b)",
    re.I,
)
_LINES = re.compile(
    rf"\b(?:remov|delet|drop)\w*\s+(?:(?!to\b|from\b)[\w-]+\s+){{0,3}}?(?:~|about\s+|over\s+|around\s+|nearly\s+|roughly\s+)?"
    rf"{_NUM.format('n')}\s+lines\b",
    re.I,
)
# A sentence that sets a limit or a knob is not a measurement.
_SETTING = re.compile(
    r"\b(time-?outs?|time out|limits?|thresholds?|budgets?|max(?:imum)?|min(?:imum)?|default|sleep|delays?|poll(?:ing)?|backoff|retr(?:y|ies)|"
    r"intervals?|retention|deadlines?|ttl|wait|caps?|capacity|quotas?|configured|config|window|bump|pin)\b",
    re.I,
)
_MEASURE_CUE = re.compile(
    r"(runtime|run time|time|took|takes|latency|duration|wall|faster|slower|speed|memory|mem\b|peak|"
    r"usage|size|footprint|throughput|tok/s|tokens|fell|drop|down|reduc|cut|decreas|improv|shr[iu]nk|"
    r"went|goes|brings|lower|sav|compile|build|startup|load|init|job|test|step|iteration|latency)",
    re.I,
)
_HARDWARE = re.compile(
    r"\b(?:\d+\s?[x×]\s?)?(H100|H200|H20|A100|A10G?|B200|B300|GB200|GB300|MI300X?|MI325X|MI350X?|MI355X|"
    r"MI250X?|V100|L40S?|L4|T4|RTX ?\d{4}|Apple M[1-4](?: (?:Pro|Max|Ultra))?|iPhone ?\d+(?: Pro(?: Max)?)?|"
    r"Galaxy S\d+|Pixel ?\d+|Adreno ?\d+|Snapdragon \w+(?: Gen \d)?|Xeon|Graviton ?\d?|Raspberry Pi ?\d?|"
    r"Apple Silicon|Gaudi ?\d?)\b"
)
# (and a list's "1) …, 2) …": each item is its own claim, its ")" no parenthesis to keep whole)
_HEAD_BREAK = re.compile(r"[,;(]\s|\s[-–—]\s|[.!?]\s|(?<=\s)(?:\d{1,2}|[a-z])\)\s")
# (a thousands comma is no break: "by 2,656 bytes" was "by 2")
_TAIL_BREAK = re.compile(r",(?!\d{3}\b)|;|\((?!\))|\s[-–—]\s|[.!?](\s|$)")  # ("gc.collect() is called" goes on)
_ARROW = re.compile(r"\s*(?:->|→|=>|⇒)\s*")


def format_number(value: float) -> str:
    """A number as written in a fact: no trailing ".0", thousands separated."""
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def format_factor(factor: float) -> str:
    """A ratio rounded for speech: 4.04 -> "4", 2.75 -> "2.8", 36.0 -> "36"."""
    if factor >= 10:
        return f"{factor:.0f}"
    return f"{factor:.1f}".rstrip("0").rstrip(".")


def _num(text: str | None) -> float | None:
    if text is None:
        return None
    return float(text.replace(",", ""))


def _group(m: re.Match[str], *names: str) -> str | None:
    for name in names:
        value = m.groupdict().get(name)
        if value is not None:
            return value
    return None


# How far before and after a match a clause is looked for: a clause is a few words, and a
# whole long "sentence" read for each of its matches made a 100 KB body take 30 s.
_CLAUSE_REACH = 300


def _clause(sentence: str, start: int, end: int, max_words: int = 16) -> str:
    """The part of ``sentence`` around ``[start, end)`` that reads as one claim."""
    reach = max(start - _CLAUSE_REACH, 0)
    sentence, start, end = sentence[reach : end + _CLAUSE_REACH], start - reach, end - reach
    head = sentence[:start]
    breaks = list(_HEAD_BREAK.finditer(head))
    begin = breaks[-1].end() if breaks else 0
    if enumerated := re.match(r"\s*(?:\d{1,2}|[a-z])\)\s+", head[begin:]):
        begin += enumerated.end()  # "…, 2) 2GB GPU memory is freed …": the item, without its number
    elif head.count(")", begin) > head.count("(", begin):
        begin = max(head.rfind("(", 0, begin), 0)  # keep a parenthesis whole
    head_words = head[begin:].split()
    if len(head_words) > 8:
        head_words = head_words[-6:]
    tail = sentence[end:]
    stop = _TAIL_BREAK.search(tail)
    tail_words = (tail[: stop.start()] if stop else tail).split()
    span = sentence[start:end].strip()
    if _ARROW.search(span):
        span = _ARROW.sub(" to ", span)
        if not re.search(r"\bfrom\b", head[-12:]) and not span.lower().startswith("from "):
            span = "from " + span
    words = head_words + span.split() + tail_words
    room = max(max_words, len(span.split()) + 2)
    text = " ".join(words[:room]).rstrip(" .,;:")
    text = re.sub(r"~\s?(?=\d)", "about ", text).lstrip("-*• ")
    text = re.sub(r"\(\s+", "(", re.sub(r"\s+\)", ")", text))  # "2,153 TPS ( about 15% improvement )" (ao #4069)
    return capitalised(text)


def _dimension(unit: str) -> tuple[str, float] | None:
    u = unit.strip()
    if u in _SECONDS:
        return "time", _SECONDS[u]
    if u.lower() in _BYTES and u not in ("b",):
        return "memory", _BYTES[u.lower()]
    if re.fullmatch(_RATE, u):
        return "rate", 1.0
    return None


_ROUGHLY = re.compile(r"(?i)~\s*\d|\b(?:about|around|roughly|approximately|approx\.?)\s+\d")


def _before_after(sentence: str, source: _Source) -> list[Fact]:
    facts: list[Fact] = []
    if _SETTING.search(sentence) or not _MEASURE_CUE.search(sentence):
        return facts
    stated = _TIMES.search(sentence)
    for m in _BEFORE_AFTER.finditer(sentence):
        a, b = _num(_group(m, "a", "a2")), _num(_group(m, "b", "b2"))
        ub = _group(m, "ub", "ub2") or ""
        ua = _group(m, "ua", "ua2") or ub
        da, db = _dimension(ua), _dimension(ub)
        if a is None or b is None or not da or not db or da[0] != db[0] or a <= 0 or b <= 0:
            continue
        before, after = a * da[1], b * db[1]
        dim = da[0]
        better = after > before if dim == "rate" else after < before
        if not better:
            continue
        factor = max(before, after) / min(before, after)
        if stated and not _group(stated, "hi1", "hi2", "hi3"):
            factor = _num(_group(stated, "lo1", "lo2", "lo3")) or factor
        elif factor >= 2 and _ROUGHLY.search(sentence[max(0, m.start() - 12) : m.end()]):
            factor = float(round(factor))  # "~30s -> ~7s" is about 4x, no "4.3x" (torchtitan #1000's own "~4x")
        if dim == "time":
            kind = "runtime"
        elif dim == "rate":
            kind = "throughput"
        else:
            kind = "memory" if re.search(r"memory|\bmem\b|\bram\b|vram|peak|footprint|usage", sentence, re.I) else "size"
        text = _clause(sentence, m.start(), m.end(), max_words=18)
        facts.append(
            # The clause as written: a quote is exact, and the factor is the fields' to say.
            _fact(source, text, kind, sentence,
                  value=b, unit=ub, before=a, after=b, factor=factor,
                  before_unit=ua if ua != ub else None)
        )
    return facts


def _times(sentence: str, source: _Source) -> list[Fact]:
    return [fact for fact, _ in _times_matched(sentence, source)]


def _times_matched(sentence: str, source: _Source) -> list[tuple[Fact, re.Match[str]]]:
    facts: list[tuple[Fact, re.Match[str]]] = []
    for m in _TIMES.finditer(sentence):
        lo, hi = _num(_group(m, "lo1", "lo2", "lo3")), _num(_group(m, "hi1", "hi2", "hi3"))
        if lo is None or lo <= 1 or lo > 1000 or (hi is not None and (hi <= lo or hi > 1000)):
            continue
        what = (_group(m, "what", "what2", "what3") or "").lower()
        kind = "memory" if "memory" in what else "reduction" if what in ("smaller", "reduction") else "speedup"
        top = hi if hi is not None else lo
        facts.append((
            _fact(source, _clause(sentence, m.start(), m.end()), kind, sentence,
                  value=top, unit="x", factor=top, low=lo if hi is not None else None),
            m,
        ))
    return facts


def _percents(sentence: str, source: _Source) -> list[Fact]:
    return [fact for fact, _ in _percents_matched(sentence, source)]


def _percents_matched(sentence: str, source: _Source) -> list[tuple[Fact, re.Match[str]]]:
    facts: list[tuple[Fact, re.Match[str]]] = []
    for m in _PERCENT.finditer(sentence):
        lo, hi = _num(_group(m, "lo4", "lo5", "lo6", "lo7")), _num(_group(m, "hi4", "hi5", "hi6", "hi7"))
        top = hi if hi is not None else lo
        what = (_group(m, "what", "what2", "what3", "what4") or "").lower()
        if top is None or top <= 0 or (hi is not None and lo is not None and hi <= lo):
            continue
        if top >= 100 and not re.match(r"faster|speed|improv|better|more|higher|gain", what):
            continue  # nothing shrinks by 100% or more
        facts.append((
            _fact(source, _clause(sentence, m.start(), m.end()), "percent", sentence,
                  value=top, unit="%", percent=top, low=lo if hi is not None else None),
            m,
        ))
    return facts


def _memory(sentence: str, source: _Source) -> list[Fact]:
    facts: list[Fact] = []
    for m in _MEMORY_SAVED.finditer(sentence):
        value, unit = _num(_group(m, "m", "m2", "m3")), _group(m, "u", "u2", "u3")
        if value is None or unit is None or value <= 0:
            continue
        if m.group("verb") and not re.search(r"memory|\bmem\b|\bram\b|vram|peak|footprint|usage|size", sentence, re.I):
            continue
        facts.append(_fact(source, _clause(sentence, m.start(), m.end()), "memory", sentence,
                           value=value, unit=unit))
    return facts


def _counts(sentence: str, source: _Source) -> list[Fact]:
    facts: list[Fact] = []
    for pattern, kind, unit in ((_TESTS, "tests", "tests"), (_LINES, "lines", "lines")):
        for m in pattern.finditer(sentence):
            value = _num(_group(m, "n", "n2", "n3"))
            if value is None or value < 2 or value >= 1e6:
                continue
            facts.append(_fact(source, _clause(sentence, m.start(), m.end()), kind, sentence,
                               value=value, unit=unit))
    return facts


@lru_cache(maxsize=16)  # asked once per fact, and a sentence may hold many
def _hardware(sentence: str) -> str | None:
    found = _HARDWARE.search(sentence)
    return found.group(1) if found else None


# A figure from one reproduction or example ("in my repro, 432x faster") measures that case.
_ONE_CASE = re.compile(
    r"\b(?:repro(?:duction|ducer)?s?|reproducing|toy example|(?:in|for) (?:this|my|the|one|a) (?:single )?"
    r"(?:example|case|test case|file|input|script)|on my (?:machine|laptop|box)|micro-?benchmark)\b",
    re.I,
)
# A figure comparing two settings the change did not choose between ("-O2 is 20% faster than -O0").
_COMPARED = re.compile(r"\b(?:compared (?:to|with)|vs\.?|versus|than)\b", re.I)
_BY_THE_CHANGE = re.compile(
    r"\b(?:this (?:pr|change|patch|commit|diff)|with (?:this|the) (?:pr|change|patch|fix)|before|after|now|"
    r"previously|used to|baseline|main|trunk|master|original|old|new|from \S+ to)\b",
    re.I,
)


def names_comparison(text: str) -> bool:
    """Whether ``text`` says what its figure is compared with ("… than -O0", "vs llama.cpp")."""
    return _COMPARED.search(text) is not None


def comparison(sentence: str) -> tuple[str, str]:
    """What a sentence's figure compares and how strongly it is the change's own effect:
    ``("change", "strong")``, ``("case", "weak")`` or ``("settings", "weak")``."""
    if _ONE_CASE.search(sentence):
        return "case", "weak"
    if _COMPARED.search(sentence) and not _BY_THE_CHANGE.search(sentence):
        return "settings", "weak"
    return "change", "strong"


@dataclass(frozen=True)
class _Source:
    """Whose words a claim is read from: a change's sha and its pull request (None for an open one)."""

    sha: str
    pr: int | None


def _fact(source: _Source, text: str, kind: str, sentence: str, **fields: float | str | None) -> Fact:
    compares, strength = comparison(sentence) if kind not in ("tests", "lines") else ("change", "strong")
    return Fact(
        text=text,
        kind=kind,
        sha=source.sha,
        pr=source.pr,
        hardware=_hardware(sentence),
        source=sentence if len(sentence) <= 400 else sentence[:397] + "...",
        compares=compares,
        strength=strength,  # type: ignore[arg-type]
        **fields,  # type: ignore[arg-type]
    )


def facts_from_text(sentences: Iterable[str], sha: str, pr: int | None = None) -> list[Fact]:
    """Facts in the given sentences, attributed to the change ``sha`` (of pull request ``pr``);
    one claim is read only once."""
    source = _Source(sha, pr)
    facts: list[Fact] = []
    for sentence in sentences:
        found = _before_after(sentence, source)
        if not found:
            found = _times(sentence, source) + _percents(sentence, source)
        found += _memory(sentence, source) if not any(f.kind == "memory" for f in found) else []
        found += _counts(sentence, source)
        facts.extend(found)
    unique: dict[tuple[str, float | None, str | None], Fact] = {}
    for fact in facts:
        unique.setdefault((fact.kind, fact.value, fact.hardware), fact)
    return list(unique.values())


@dataclass(frozen=True)
class Gain:
    """A speed-up or saving a text states with a number: its words as written, from the number
    on ("1.8x speedup on H100", "25% less memory"), and its size for ranking."""

    claim: str
    size: float  # the factor, or 1 + percent / 100


def gains(text: str, *, min_factor: float = 1.2, min_percent: float = 10.0) -> list[Gain]:
    """The speed-ups and savings ``text`` (a pull request's title and body) states, biggest first:
    read by the same rules as a change's facts, smaller ones than the minimums left out."""
    source = _Source("", None)
    found: list[Gain] = []
    for sentence in prose_sentences(text):
        for fact, match in [*_times_matched(sentence, source), *_percents_matched(sentence, source)]:
            factor, percent = fact.factor or 0.0, fact.percent or 0.0
            if (factor >= min_factor) if fact.unit == "x" else (percent >= min_percent):
                size = factor if fact.unit == "x" else 1 + percent / 100
                found.append(Gain(_from_number(sentence, match, fact.hardware), size))
    return sorted(found, key=lambda g: -g.size)


def _from_number(sentence: str, match: re.Match[str], hardware: str | None) -> str:
    """The claim from its matched words to the end of its clause ("25% less memory on A100"),
    with the hardware its sentence names elsewhere."""
    clause = _clause(sentence, match.start(), match.end())
    said = " ".join(match[0].split())
    claim = clause[clause.lower().find(said.lower()):] if said.lower() in clause.lower() else said
    claim = claim[:1].lower() + claim[1:] if claim[:1].isalpha() else claim
    return claim if hardware is None or hardware in claim else f"{claim} on {hardware}"
