"""Saying things the way a person would: numbers, plurals, lists, dates and titles."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

from ..dates import ordinal_suffix, spoken_day
from ..model import Window
from ..phrasebook import Phrasebook, default_phrasebook
from ..text import a_an, clean_quote, clean_reason, clean_statement, clean_title, join, possessive

__all__ = [
    "cardinal",
    "ordinal_word",
    "ordinal_suffix",
    "decimal_words",
    "number",
    "count",
    "approx_count",
    "times",
    "measure",
    "in_base_units",
    "join",
    "day_phrase",
    "window_dates",
    "window_days",
    "clean_quote",
    "clean_statement",
    "clean_title",
    "clean_reason",
    "possessive",
    "cap_first",
    "a_an",
]

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_SCALES = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"), (1000, "thousand"))
_ORDINAL_IRREGULAR = {
    "one": "first",
    "two": "second",
    "three": "third",
    "five": "fifth",
    "eight": "eighth",
    "nine": "ninth",
    "twelve": "twelfth",
}


def cardinal(n: int) -> str:
    """English words for an integer: 23 -> "twenty-three", 150 -> "one hundred fifty"."""
    if n < 0:
        return "minus " + cardinal(-n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_ONES[hundreds]} hundred" + (f" {cardinal(rest)}" if rest else "")
    for scale, name in _SCALES:
        if n >= scale:
            high, rest = divmod(n, scale)
            return f"{cardinal(high)} {name}" + (f" {cardinal(rest)}" if rest else "")
    raise AssertionError("unreachable")


def ordinal_word(n: int) -> str:
    """English ordinal words: 19 -> "nineteenth", 21 -> "twenty-first"."""
    words = cardinal(n)
    head, sep, last = words.rpartition("-") if "-" in words.split()[-1] else words.rpartition(" ")
    if last in _ORDINAL_IRREGULAR:
        last = _ORDINAL_IRREGULAR[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return head + sep + last


def decimal_words(text: str) -> str:
    """Words for a written decimal such as "56.6" or "0.25" ("fifty-six point six")."""
    whole, _, frac = text.replace(",", "").partition(".")
    words = cardinal(int(whole or "0"))
    frac = frac.rstrip("0")
    if frac:
        words += " point " + " ".join(_ONES[int(d)] for d in frac)
    return words


def number(n: int) -> str:
    """A count as a host writes it: words up to twenty and for round tens, digits otherwise."""
    if 0 <= n <= 20 or (n < 100 and n % 10 == 0):
        return cardinal(n)
    return f"{n:,}"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """ "one change", "two changes", "23 changes" — never "1 changes"."""
    return f"{number(n)} {noun if n == 1 else (plural or noun + 's')}"


def approx_count(n: int, noun: str, plural: str | None = None) -> str:
    """Like :func:`count`, but says larger counts the way a speaker does: "roughly twenty",
    "more than thirty", "nearly forty" (always true of ``n``; exact below twenty)."""
    word = plural or noun + "s"
    if n < 18:
        return count(n, noun, plural)
    step = 10 if n < 1000 else 100
    nearest = int(step * round(n / step))
    if nearest == n:
        return f"{number(n)} {word}"
    if abs(nearest - n) <= max(step // 5, n // 50):  # within a couple of a round number
        return f"roughly {number(nearest)} {word}"
    half = int(step / 2 * round(n * 2 / step))
    if n < 100 and abs(half - n) <= 1:  # "roughly twenty-five"
        return f"{'roughly ' if half != n else ''}{cardinal(half)} {word}"
    below = n - n % step
    if n - below < step * 0.7:
        return f"more than {number(below)} {word}"
    return f"nearly {number(below + step)} {word}"


def _short(value: float) -> str:
    """A measured value rounded for speech: 56.63 -> "56.6", 14.0 -> "14", 1234.5 -> "1,234"."""
    if abs(value) >= 100:
        return f"{round(value):,}"
    if abs(value) >= 10:
        text = f"{value:.1f}"
    else:
        text = f"{value:.2f}"
    text = text.rstrip("0").rstrip(".")
    return text


def times(lo: float, hi: float | None = None) -> str:
    """A factor or factor range: (3.2, 5.8) -> "three to six times", 4.0 -> "about four times"."""
    hi = lo if hi is None else hi
    a, b = round(lo), round(hi)
    if a == b:
        exact = abs(lo - a) < 0.02 and abs(hi - a) < 0.02
        return f"{'' if exact else 'about '}{number(a)} times"
    return f"{number(a)} to {number(b)} times"


_UNIT_WORDS = {
    "s": ("second", "seconds"),
    "sec": ("second", "seconds"),
    "ms": ("millisecond", "milliseconds"),
    "us": ("microsecond", "microseconds"),
    "µs": ("microsecond", "microseconds"),
    "ns": ("nanosecond", "nanoseconds"),
    "min": ("minute", "minutes"),
    "h": ("hour", "hours"),
    "%": ("percent", "percent"),
    "x": ("times", "times"),
    "lines": ("line", "lines"),
    "b": ("byte", "bytes"),
    "kb": ("kilobyte", "kilobytes"),
    "mb": ("megabyte", "megabytes"),
    "gb": ("gigabyte", "gigabytes"),
    "tb": ("terabyte", "terabytes"),
    "kib": ("kibibyte", "kibibytes"),
    "mib": ("mebibyte", "mebibytes"),
    "gib": ("gibibyte", "gibibytes"),
    "tests": ("test", "tests"),
}


_BASE = {
    "ns": 1e-9, "us": 1e-6, "µs": 1e-6, "ms": 1e-3, "s": 1.0, "sec": 1.0, "min": 60.0, "h": 3600.0,
    "b": 1.0, "bytes": 1.0, "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
    "kib": 2**10, "mib": 2**20, "gib": 2**30,
}  # fmt: skip


def in_base_units(value: float, unit: str | None) -> float | None:
    """A time in seconds or a size in bytes; None for units it does not know."""
    scale = _BASE.get((unit or "").lower())
    return None if scale is None else value * scale


def measure(value: float, unit: str | None) -> str:
    """A measured value with its unit written out: (56.6, "s") -> "56.6 seconds"."""
    text = _short(value)
    if not unit:
        return text
    singular, plural = _UNIT_WORDS.get(unit, _UNIT_WORDS.get(unit.lower(), (unit, unit)))
    return f"{text} {singular if text == '1' else plural}"


def window_dates(window: Window) -> tuple[date, date]:
    """First and last calendar day the window covers, in the window's own zone."""
    where = ZoneInfo(window.tz)
    first = window.since.astimezone(where).date()
    last = (window.until - timedelta(microseconds=1)).astimezone(where).date()
    return first, max(first, last)


def window_days(window: Window) -> int:
    """How many calendar days the window covers."""
    first, last = window_dates(window)
    return (last - first).days + 1


def day_phrase(window: Window, *, year: bool = True, names: Phrasebook | None = None) -> str:
    """ "September 19th, 2026" for a day; "September 13th to 19th, 2026" for a span (month names
    from ``names``, the style's calendar; the default style's when None)."""
    first, last = window_dates(window)
    return spoken_day(first, last, names or default_phrasebook(), year=year)


def cap_first(text: str) -> str:
    """Upper-case the first character only (keeps "DTensor" and "iOS" intact elsewhere)."""
    return text[:1].upper() + text[1:]

