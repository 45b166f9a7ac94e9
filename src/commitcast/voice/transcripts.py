"""Transcripts and chapters from the timings: WebVTT, Podcasting 2.0 JSON, chapters JSON.

Formats: WebVTT (W3C); the JSON transcript (``{"version": "1.0.0", "segments": [...]}``)
and JSON chapters (version 1.2.0) of the Podcasting 2.0 namespace.
"""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path
from typing import NotRequired, TypedDict

from ..model import Audio, Script
from ..untrusted import one_line
from .timefmt import vtt_timestamp

__all__ = ["write_transcripts", "vtt", "json_transcript", "json_chapters", "VTT_NAME", "JSON_NAME", "CHAPTERS_NAME"]



class TranscriptSegment(TypedDict):
    """One sentence of the JSON transcript."""

    speaker: NotRequired[str]
    startTime: float
    endTime: float
    body: str


class Transcript(TypedDict):
    """The Podcasting 2.0 JSON transcript."""

    version: str
    segments: list[TranscriptSegment]


class ChapterEntry(TypedDict):
    """One chapter of the JSON chapters."""

    startTime: float
    endTime: float
    title: str
    url: NotRequired[str]


class Chapters(TypedDict):
    """Podcasting 2.0 JSON chapters."""

    version: str
    title: str
    podcastName: str
    fileName: str
    chapters: list[ChapterEntry]


VTT_NAME = "transcript.vtt"
JSON_NAME = "transcript.json"
CHAPTERS_NAME = "chapters.json"
_LINE = 65  # characters per caption line, as the transcript spec recommends
_CUE_LINES = 2  # lines per cue: more covers the picture and outruns a reader


def _vtt_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _one_line(text: str) -> str:
    return one_line(text)  # printable text only: a transcript is shown by players and pages


def _cue_texts(text: str) -> list[list[str]]:
    """``text`` wrapped at 65 characters, in cues of at most two lines."""
    lines = textwrap.wrap(text, _LINE) or [""]
    return [lines[n : n + _CUE_LINES] for n in range(0, len(lines), _CUE_LINES)]


def vtt(audio: Audio, speaker: str | None = None) -> str:
    """A WebVTT transcript: each sentence in cues of at most two 65-character lines; a
    sentence too long for one cue shares its time among its cues by their length."""
    voice = f"<v {_vtt_escape(_one_line(speaker))}>" if speaker else ""
    cues = ["WEBVTT", ""]
    n = 0
    for timing in audio.sentences:
        parts = _cue_texts(_vtt_escape(_one_line(timing.text)))
        weights = [sum(len(line) for line in part) or 1 for part in parts]
        start, span, done = timing.start, timing.end - timing.start, 0
        for part, weight in zip(parts, weights, strict=True):
            done += weight
            end = timing.start + span * done / sum(weights)
            n += 1
            cues += [str(n), f"{vtt_timestamp(start)} --> {vtt_timestamp(end)}", voice + part[0], *part[1:], ""]
            start = end
    return "\n".join(cues)


def json_transcript(audio: Audio, speaker: str | None = None) -> Transcript:
    """A Podcasting 2.0 JSON transcript: one segment per sentence."""
    segments: list[TranscriptSegment] = []
    for timing in audio.sentences:
        segment: TranscriptSegment = {
            "startTime": round(timing.start, 3), "endTime": round(timing.end, 3), "body": _one_line(timing.text)
        }
        segments.append({"speaker": speaker, **segment} if speaker else segment)
    return {"version": "1.0.0", "segments": segments}


def json_chapters(script: Script, audio: Audio) -> Chapters:
    """Podcasting 2.0 JSON chapters (version 1.2.0) for the episode."""
    chapters: list[ChapterEntry] = []
    for chapter in audio.chapters:
        entry: ChapterEntry = {"startTime": round(chapter.start, 3), "endTime": round(chapter.end, 3), "title": chapter.title}
        if chapter.url:
            entry["url"] = chapter.url
        chapters.append(entry)
    return {
        "version": "1.2.0",
        "title": script.title,
        "podcastName": script.show,
        "fileName": audio.path,
        "chapters": chapters,
    }


def _write_atomic(path: Path, text: str) -> None:
    scratch = path.with_name(f".{path.name}.tmp")
    scratch.write_text(text, encoding="utf-8")
    os.replace(scratch, path)


def write_transcripts(script: Script, audio: Audio, out_dir: Path, *, speaker: str | None = None) -> list[Path]:
    """Write ``transcript.vtt``, ``transcript.json`` and ``chapters.json``; returns their paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    files = {
        VTT_NAME: vtt(audio, speaker),
        JSON_NAME: json.dumps(json_transcript(audio, speaker), ensure_ascii=False, indent=2) + "\n",
        CHAPTERS_NAME: json.dumps(json_chapters(script, audio), ensure_ascii=False, indent=2) + "\n",
    }
    for name, text in files.items():
        _write_atomic(out / name, text)
    return [out / name for name in files]
