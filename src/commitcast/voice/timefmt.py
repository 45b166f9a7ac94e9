"""Durations and timestamps as podcasts write them (seconds, HH:MM:SS, ISO 8601, WebVTT).

Kept free of audio dependencies so the publisher can import it cheaply.
"""

from __future__ import annotations

__all__ = ["whole_seconds", "hhmmss", "iso8601_duration", "vtt_timestamp", "millis"]


def whole_seconds(seconds: float) -> int:
    """Seconds rounded to the nearest whole second (never negative)."""
    return max(0, round(seconds))


def millis(seconds: float) -> int:
    """Seconds as whole milliseconds (never negative)."""
    return max(0, round(seconds * 1000))


def hhmmss(seconds: float) -> str:
    """``HH:MM:SS`` rounded to the second, as in ``<itunes:duration>`` (``00:04:08``)."""
    total = whole_seconds(seconds)
    return f"{total // 3600:02d}:{total % 3600 // 60:02d}:{total % 60:02d}"


def iso8601_duration(seconds: float) -> str:
    """ISO 8601 duration rounded to the second: ``PT4M8S``, ``PT1H2M``, ``PT0S``."""
    total = whole_seconds(seconds)
    hours, minutes, secs = total // 3600, total % 3600 // 60, total % 60
    parts = [f"{value}{unit}" for value, unit in ((hours, "H"), (minutes, "M"), (secs, "S")) if value]
    return "PT" + ("".join(parts) or "0S")


def vtt_timestamp(seconds: float) -> str:
    """WebVTT cue time ``HH:MM:SS.mmm``."""
    ms = millis(seconds)
    return f"{ms // 3_600_000:02d}:{ms % 3_600_000 // 60_000:02d}:{ms % 60_000 // 1000:02d}.{ms % 1000:03d}"
