"""Show artwork: a generated default cover, and the checks Apple applies to any cover."""

from __future__ import annotations

import hashlib
import io
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .text import clean

__all__ = ["COVER_SIZE", "render_cover", "render_icon", "render_favicon", "artwork_problems"]

COVER_SIZE = 1400  # Apple's minimum; the flat design compresses to well under 512 kB
MIN_SIZE, MAX_SIZE = 1400, 3000

_BACKGROUND = (15, 23, 42)  # deep slate: white text on it is ~17:1 contrast
_INK = (248, 250, 252)
_MUTED = (100, 116, 139)
# Accents bright enough to read on the background (all above 6:1 contrast against it).
_ACCENTS = [(56, 189, 248), (52, 211, 153), (251, 191, 36), (244, 114, 182), (167, 139, 250), (251, 146, 60)]


def _accent(name: str) -> tuple[int, int, int]:
    # Seeded by the name so a show keeps its colour across runs and machines.
    digest = hashlib.sha256(name.encode("utf-8", "replace")).digest()
    return _ACCENTS[digest[0] % len(_ACCENTS)]


def _font(size: int) -> ImageFont.FreeTypeFont:
    # Pillow's bundled font: identical on every machine, so the cover is byte-stable. Given a size
    # it is a FreeTypeFont (Pillow >= 10.1 with FreeType), typed as either kind of font.
    return ImageFont.load_default(size=size)  # type: ignore[return-value]


def _fit(draw: ImageDraw.ImageDraw, text: str, width: int, height: int) -> tuple[list[str], ImageFont.FreeTypeFont, int]:
    """The largest font at which ``text``, word-wrapped, fits a ``width`` x ``height`` box."""
    words = text.split()
    for size in range(240, 30, -6):
        font = _font(size)
        lines: list[str] = []
        for word in words:
            trial = f"{lines[-1]} {word}" if lines else word
            if lines and draw.textlength(trial, font=font) <= width:
                lines[-1] = trial
            else:
                lines.append(word)
        ascent, descent = font.getmetrics()
        line_h = int((ascent + descent) * 1.02)
        if line_h * len(lines) <= height and all(draw.textlength(line, font=font) <= width for line in lines):
            return lines, font, line_h
    # A name too long for any size: keep what fits on three lines of the smallest font.
    font = _font(30)
    return [text[:60]], font, 32


def _mark(draw: ImageDraw.ImageDraw, x: int, y: int, unit: int, accent: tuple[int, int, int]) -> None:
    """A commit graph whose newest commit broadcasts: commits on a line, radio arcs."""
    line_w = max(unit // 6, 4)
    draw.line([(x, y), (x, y + 6 * unit)], fill=_MUTED, width=line_w)
    for i, r in ((0, unit // 2), (6, unit // 2)):
        cy = y + i * unit
        draw.ellipse([x - r, cy - r, x + r, cy + r], fill=_BACKGROUND, outline=_MUTED, width=line_w)
    cy = y + 3 * unit
    r = unit
    draw.ellipse([x - r, cy - r, x + r, cy + r], fill=accent)
    for k in range(1, 4):
        rr = r + k * unit * 0.9
        draw.arc([x - rr, cy - rr, x + rr, cy + rr], start=-40, end=40, fill=accent, width=line_w + 2)


@lru_cache(maxsize=8)
def render_cover(name: str, size: int = COVER_SIZE) -> bytes:
    """A square PNG cover for the show called ``name``: its name, a mark, high contrast."""
    name = " ".join(clean(name).split()) or "Podcast"
    accent = _accent(name)
    image = Image.new("RGB", (size, size), _BACKGROUND)
    draw = ImageDraw.Draw(image)
    unit = size // 18
    margin = size // 10

    draw.rectangle([0, 0, size, size // 60], fill=accent)
    _mark(draw, margin + unit, margin + unit // 2, unit, accent)

    label_font = _font(max(size // 26, 20))
    label_y = size - margin - int(label_font.size)
    text_top = margin + 8 * unit  # below the mark, so a long name never runs into it
    lines, font, line_h = _fit(draw, name, size - 2 * margin, label_y - size // 30 - text_top)
    y = label_y - size // 30 - line_h * len(lines)
    for line in lines:
        draw.text((margin, y), line, font=font, fill=_INK, stroke_width=max(size // 500, 1), stroke_fill=_INK)
        y += line_h
    label = "DAILY DEVELOPER BRIEFING"
    x: float = margin
    for ch in label:  # letter-spaced by hand: Pillow has no tracking option
        draw.text((x, label_y), ch, font=label_font, fill=accent)
        x += draw.textlength(ch, font=label_font) + label_font.size * 0.12

    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _icon(name: str, size: int) -> Image.Image:
    """The cover's mark alone on its background, for sizes where the name could not be read."""
    accent = _accent(" ".join(clean(name).split()) or "Podcast")
    image = Image.new("RGB", (size, size), _BACKGROUND)
    unit = size // 8
    # The arcs reach 3.7 units right of the line, the circles half a unit left: centre that.
    _mark(ImageDraw.Draw(image), size // 2 - round(1.35 * unit), size // 2 - 3 * unit, unit, accent)
    return image


@lru_cache(maxsize=8)
def render_icon(name: str, size: int = 180) -> bytes:
    """A square PNG icon for the show called ``name`` (the home-screen icon, 180 px)."""
    out = io.BytesIO()
    _icon(name, size).save(out, format="PNG", optimize=True)
    return out.getvalue()


@lru_cache(maxsize=8)
def render_favicon(name: str) -> bytes:
    """``favicon.ico`` for the show called ``name``: its icon at 16, 32 and 48 px."""
    out = io.BytesIO()
    _icon(name, 96).save(out, format="ICO", sizes=[(16, 16), (32, 32), (48, 48)])
    return out.getvalue()


def artwork_problems(path: Path) -> list[str]:
    """What stops ``path`` being accepted as podcast artwork (empty when it is fine)."""
    if path.suffix.lower() not in (".jpg", ".jpeg", ".png"):
        return [f"artwork {path.name} must end in .jpg or .png"]
    try:
        with Image.open(path) as image:
            fmt, (width, height), mode = image.format, image.size, image.mode
    except (OSError, ValueError) as exc:
        return [f"artwork {path.name} cannot be read as an image: {exc}"]
    problems = []
    if fmt not in ("JPEG", "PNG"):
        problems.append(f"artwork {path.name} is {fmt}, not JPEG or PNG")
    if width != height:
        problems.append(f"artwork {path.name} is {width}x{height}, not square")
    if not MIN_SIZE <= width <= MAX_SIZE:
        problems.append(f"artwork {path.name} is {width} px wide, outside {MIN_SIZE}-{MAX_SIZE}")
    if mode not in ("RGB", "L", "P"):
        problems.append(f"artwork {path.name} is in colour mode {mode}, not RGB")
    return problems
