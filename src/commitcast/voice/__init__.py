"""The voice stage: a Script becomes ``episode.mp3`` (Piper, loudness-normalised, chapters)
plus its transcripts (WebVTT, Podcasting 2.0 JSON) and chapters JSON."""

from __future__ import annotations

from .engine import Engine, EngineSpec, Speech
from .mp3 import count_frames
from .piper_engine import PiperEngine, PiperSpec, default_voice_path
from .prepared import prepared_model
from .stage import MP3_NAME, Mastering, render, voice_script, voice_spec
from .timefmt import hhmmss, iso8601_duration, vtt_timestamp, whole_seconds
from .timeline import Pacing
from .transcripts import CHAPTERS_NAME, JSON_NAME, VTT_NAME, write_transcripts

__all__ = [
    "voice_script",
    "voice_spec",
    "render",
    "write_transcripts",
    "Pacing",
    "Mastering",
    "Engine",
    "EngineSpec",
    "Speech",
    "PiperSpec",
    "PiperEngine",
    "default_voice_path",
    "count_frames",
    "prepared_model",
    "hhmmss",
    "iso8601_duration",
    "vtt_timestamp",
    "whole_seconds",
    "MP3_NAME",
    "VTT_NAME",
    "JSON_NAME",
    "CHAPTERS_NAME",
]
