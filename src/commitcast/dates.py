"""Saying a day, the one way every stage does: month and weekday names from the host style's
calendar, never from ``strftime`` (whose ``%B`` and ``%A`` follow the process locale)."""

from __future__ import annotations

from datetime import date

from .phrasebook import Phrasebook

__all__ = ["ordinal_suffix", "spoken_day", "long_day", "day_span"]


def ordinal_suffix(n: int) -> str:
    """Written ordinal: 1 -> "1st", 12 -> "12th", 23 -> "23rd"."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def spoken_day(first: date, last: date, names: Phrasebook, *, year: bool = True) -> str:
    """As a host says it: "September 19th, 2026"; a span "September 13th to 19th, 2026"."""
    y = f", {last.year}" if year else ""
    if first == last:
        return f"{names.month(first)} {ordinal_suffix(first.day)}{y}"
    if (first.year, first.month) == (last.year, last.month):
        return f"{names.month(first)} {ordinal_suffix(first.day)} to {ordinal_suffix(last.day)}{y}"
    start = f"{names.month(first)} {ordinal_suffix(first.day)}"
    if first.year != last.year and year:
        start += f", {first.year}"
    return f"{start} to {names.month(last)} {ordinal_suffix(last.day)}{y}"


def long_day(day: date, names: Phrasebook) -> str:
    """As a page writes it: "Tuesday 1 December 2026"."""
    return f"{names.weekday(day)} {day.day} {names.month(day)} {day.year}"


def day_span(first: date, last: date, names: Phrasebook) -> str:
    """Days ``first`` to ``last`` as a page writes them, saying month and year once when they
    share them: "Monday 8 – Sunday 14 January 2024"; one day is :func:`long_day`."""
    if first == last:
        return long_day(first, names)
    start = f"{names.weekday(first)} {first.day}"
    if first.month != last.month or first.year != last.year:
        start += f" {names.month(first)}"
    if first.year != last.year:
        start += f" {first.year}"
    return f"{start} – {long_day(last, names)}"
