"""From written sentences to the pieces of text a TTS engine is given.

A written sentence is first put in its spoken form (``commitcast.write.speech.spoken``),
then cleaned of what a voice cannot or must not read (control and bidi characters,
emoji, letters of scripts the voice does not speak, Piper's ``[[phoneme]]`` syntax,
unspeakable runs such as a 5,000-character token), then cut at clause boundaries
when it is too long for one synthesis call.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..model import Script

__all__ = [
    "Piece",
    "load_spoken",
    "scripts_for_language",
    "clean_for_speech",
    "split_long",
    "speech_pieces",
    "MAX_CHARS",
]

MAX_CHARS = 240  # ~15 s of speech: long enough for a clause, short enough to stay natural
MAX_WORD = 48  # longer "words" are hashes, URLs or junk, not speech

# Scripts (first word of a letter's Unicode name) a voice speaks besides Latin, by espeak
# language code; Latin stays allowed everywhere because tech talk is full of English names.
_SCRIPTS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("ar", "fa", "ur"), frozenset({"ARABIC"})),
    "he": frozenset({"HEBREW"}),
    **dict.fromkeys(("ru", "uk", "bg", "sr", "kk", "mk", "be"), frozenset({"CYRILLIC"})),
    "el": frozenset({"GREEK"}),
    "ka": frozenset({"GEORGIAN"}),
    "hy": frozenset({"ARMENIAN"}),
    **dict.fromkeys(("hi", "ne", "mr"), frozenset({"DEVANAGARI"})),
    "th": frozenset({"THAI"}),
    **dict.fromkeys(("zh", "cmn", "yue"), frozenset({"CJK"})),
    "ja": frozenset({"CJK", "HIRAGANA", "KATAKANA"}),
    "ko": frozenset({"HANGUL"}),
}

# Clause boundaries, strongest first; the last level is any space.
_LEVELS = (
    re.compile(r"(?<=[.!?…])\s+"),
    re.compile(r"(?<=[;:])\s+"),
    re.compile(r"(?<=[,—–)])\s+|\s+(?=[—–(])"),
    re.compile(r"\s+"),
)
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class Piece:
    """One synthesis call: a written sentence, or a clause of a long one."""

    section: int  # index into Script.sections
    index: int  # index into that section's sentences
    text: str  # cleaned spoken form sent to the engine
    last: bool = True  # the last piece of its sentence


def load_spoken() -> Callable[[str], str]:
    """The writer's written-to-spoken normaliser, or identity while it does not exist."""
    try:
        from ..write import spoken
    except ImportError:
        return _identity
    return spoken


def _identity(text: str) -> str:
    return text


def scripts_for_language(language: str) -> frozenset[str]:
    """Unicode scripts a voice speaking ``language`` (an espeak code like ``en-us``) can read."""
    base = language.lower().replace("_", "-").split("-", 1)[0]
    return frozenset({"LATIN"}) | _SCRIPTS.get(base, frozenset())


def _speakable_letter(ch: str, scripts: frozenset[str]) -> bool:
    if ch.isascii():
        return True
    word = unicodedata.name(ch, "").split(" ", 1)[0]
    return word in scripts or word == "COMBINING"


def clean_for_speech(text: str, scripts: frozenset[str] = frozenset({"LATIN"})) -> str:
    """Text safe to hand to the voice; empty when nothing speakable is left."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFKC", text):
        cat = unicodedata.category(ch)
        if (
            cat[0] == "C"  # controls, bidi/format marks, private use, unassigned
            or cat in ("So", "Sk", "Zl", "Zp")  # emoji and pictographs
            or ch in "[]{}"  # Piper reads [[...]] as raw phonemes: never from untrusted text
            or (cat[0] in "LM" and not _speakable_letter(ch, scripts))
        ):
            out.append(" ")
        else:
            out.append(ch)
    words = [w for w in _SPACES.split("".join(out)) if w and len(w) <= MAX_WORD]
    cleaned = " ".join(words)
    return cleaned if any(c.isalnum() for c in cleaned) else ""


def split_long(text: str, limit: int = MAX_CHARS, level: int = 0) -> list[str]:
    """Cut ``text`` into pieces of at most ``limit`` characters at the strongest boundaries."""
    if len(text) <= limit:
        return [text]
    if level == len(_LEVELS):
        return [text[i : i + limit] for i in range(0, len(text), limit)]
    parts = [p for p in _LEVELS[level].split(text) if p]
    if len(parts) == 1:
        return split_long(text, limit, level + 1)
    packed: list[str] = []
    current = ""
    for part in parts:
        if current and len(current) + 1 + len(part) > limit:
            packed.append(current)
            current = part
        else:
            current = f"{current} {part}" if current else part
    packed.append(current)
    return [piece for chunk in packed for piece in split_long(chunk, limit, level + 1)]


def speech_pieces(
    script: Script,
    *,
    spoken: Callable[[str], str] | None = None,
    scripts: frozenset[str] = frozenset({"LATIN"}),
    max_chars: int = MAX_CHARS,
) -> list[Piece]:
    """Every piece the engine must say, in order; unspeakable sentences are left out."""
    to_spoken = spoken or load_spoken()
    return [
        piece
        for s, section in enumerate(script.sections)
        for i, sentence in enumerate(section.sentences)
        for piece in _sentence_pieces(s, i, clean_for_speech(to_spoken(sentence.text), scripts), max_chars)
    ]


def _sentence_pieces(section: int, index: int, text: str, max_chars: int) -> Iterable[Piece]:
    if not text:
        return []
    parts = split_long(text, max_chars)
    return [Piece(section, index, part, last=n == len(parts) - 1) for n, part in enumerate(parts)]
