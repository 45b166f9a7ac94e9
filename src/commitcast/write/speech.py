"""Speech normalisation: the written sentence turned into the words a TTS voice should say.

The page keeps the written form ("PR 197649", "torch.compile", "H100", "3x"); the voice
gets the spoken form ("P R one hundred ninety-seven thousand six hundred forty-nine",
"torch dot compile", "H one hundred", "three times"). The spoken form is always derived,
never stored as the only copy. Rules run in order; each one leaves plain words behind.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from anyascii import anyascii

from .wording import cardinal, decimal_words, ordinal_word

__all__ = ["spoken", "TERMS"]

# Words a voice reads wrongly when left alone, as they should sound.
TERMS: dict[str, str] = {
    "PyTorch": "PyTorch",
    "GitHub": "GitHub",
    "NCCL": "nickel",
    "RCCL": "rickel",
    "ROCm": "rock em",
    "cuDNN": "cuda D N N",
    "cuBLAS": "cue blas",
    "CUDA": "cuda",
    "ONNX": "onnx",
    "NumPy": "num pie",
    "SciPy": "sigh pie",
    "ghstack": "G H stack",
    "DTensor": "D tensor",
    "ATen": "A ten",
    "FSDP": "F S D P",
    "FSDP2": "F S D P two",
    "SDPA": "S D P A",
    "AOT": "A O T",
    "AOTI": "A O T I",
    "JIT": "jit",
    "MPS": "M P S",
    "XPU": "X P U",
    "XLA": "X L A",
    "HUD": "hud",
    "OOM": "out of memory",
    "dtype": "D type",
    "dtypes": "D types",
    "kwargs": "keyword arguments",
    "args": "arguments",
    "repo": "repo",
    "CI": "C I",
    "PR": "P R",
    "PRs": "P Rs",
    "API": "A P I",
    "APIs": "A P Is",
    "C++": "C plus plus",
    "C#": "C sharp",
    "NVIDIA": "en vidia",
    "YAML": "yammel",
    "JSON": "jason",
    "SQL": "sequel",
    "macOS": "mac O S",
    "iOS": "I O S",
    "README": "read me",
    "TODO": "to do",
    "LLM": "L L M",
    "LLMs": "L L Ms",
}

# Letter runs that are words, not initialisms, when written in capitals.
_SAYABLE = {
    "CUDA",
    "NASA",
    "ONNX",
    "JAX",
    "RAM",
    "ROM",
    "LAPACK",
    "BLAS",
    "TOML",
    "WASM",
    "LoRA",
    "MIPS",
}

_UNITS = {
    "ms": ("millisecond", "milliseconds"),
    "us": ("microsecond", "microseconds"),
    "µs": ("microsecond", "microseconds"),
    "ns": ("nanosecond", "nanoseconds"),
    "s": ("second", "seconds"),
    "sec": ("second", "seconds"),
    "min": ("minute", "minutes"),
    "h": ("hour", "hours"),
    "x": ("times", "times"),
    "%": ("percent", "percent"),
    "KB": ("kilobyte", "kilobytes"),
    "MB": ("megabyte", "megabytes"),
    "GB": ("gigabyte", "gigabytes"),
    "TB": ("terabyte", "terabytes"),
    "KiB": ("kibibyte", "kibibytes"),
    "MiB": ("mebibyte", "mebibytes"),
    "GiB": ("gibibyte", "gibibytes"),
    "GB/s": ("gigabyte per second", "gigabytes per second"),
    "TB/s": ("terabyte per second", "terabytes per second"),
    "TFLOPS": ("teraflops", "teraflops"),
    "GHz": ("gigahertz", "gigahertz"),
    "MHz": ("megahertz", "megahertz"),
    "k": ("thousand", "thousand"),
    "K": ("thousand", "thousand"),
    "M": ("million", "million"),
    "B": ("billion", "billion"),
}
_LETTER = {c: c.upper() for c in "abcdefghijklmnopqrstuvwxyz"}


def _num(text: str, *, measured: bool = False) -> str:
    """Words for a written number: "56.6", "1,234", "0.5"; "24.0" (a version, unless ``measured``)
    as "twenty-four point oh"."""
    text = text.replace(",", "")
    if text.endswith(".0") and text.count(".") == 1 and not measured:
        return f"{cardinal(int(text[:-2] or '0'))} point oh"
    if "." in text:
        return decimal_words(text)
    if len(text) > 1 and text.startswith("0"):
        return " ".join(cardinal(int(d)) for d in text)  # "007" reads digit by digit
    return cardinal(int(text))


def _year(n: int) -> str:
    """ "2026" as "twenty twenty-six", "2000" as "two thousand", "2005" as "two thousand five"."""
    high, low = divmod(n, 100)
    if low == 0:
        return cardinal(n) if n % 1000 == 0 else f"{cardinal(high)} hundred"
    if low < 10:
        return cardinal(n) if high % 10 == 0 else f"{cardinal(high)} oh {cardinal(low)}"
    return f"{cardinal(high)} {cardinal(low)}"


def _spell(token: str) -> str:
    """A short code read out character by character: "d3fbb10" -> "D three F B B one zero"."""
    return " ".join(cardinal(int(c)) if c.isdigit() else _LETTER.get(c.lower(), c) for c in token)


def _letters(part: str) -> str:
    """Letters of an identifier piece: initialisms spelled, words kept."""
    if part in TERMS:
        return TERMS[part]
    if part in _SAYABLE:
        return part.lower()
    if part.isupper() and len(part) <= 5:
        return " ".join(part)
    if len(part) <= 3 and not re.search(r"[aeiouy]", part.lower()):
        return " ".join(part.upper())
    return part


def _alnum(m: re.Match[str]) -> str:
    """Letters and digits glued together: "H100", "MI300X", "bf16", "sm90", "FSDP2"."""
    token = m.group(0)
    if token in TERMS:
        return TERMS[token]
    parts = re.findall(r"[A-Za-z]+|\d+", token)
    return " ".join(_num(p) if p.isdigit() else _letters(p) for p in parts)


def _identifier(m: re.Match[str]) -> str:
    """snake_case and CamelCase pieces as separate words; dots and slashes said aloud."""
    token = m.group(0)
    if token in TERMS:
        return TERMS[token]
    words: list[str] = []
    for piece in re.split(r"([./])", token):
        if piece == ".":
            words.append("dot")
        elif piece == "/":
            words.append("slash")
        elif piece:
            for part in piece.split("_"):
                if not part:
                    continue
                if part in TERMS:
                    words.append(TERMS[part])
                    continue
                for sub in re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+", part):
                    words.append(_num(sub) if sub.isdigit() else _letters(sub))
    return " ".join(words)


def _unit(m: re.Match[str]) -> str:
    value, unit = m.group(1), m.group(2)
    singular, plural = _UNITS[unit]
    return f"{_num(value, measured=True)} {singular if value in ('1', '1.0') else plural}"


def _version(m: re.Match[str]) -> str:
    lead = "version " if m.group(1) else ""
    return lead + " point ".join(
        _num(p) if not p.startswith("0") or p == "0" else _spell(p) for p in m.group(2).split(".")
    )


def _named_version(m: re.Match[str]) -> str:
    return f"{m.group(1)} " + " point ".join(cardinal(int(p)) for p in m.group(2).split("."))


def _glued_version(m: re.Match[str]) -> str:
    """ "Qwen3.5" -> "Qwen three point five", "Llama3.2" -> "Llama three point two"."""
    return f"{m.group(1)} " + " point ".join(_num(p) for p in m.group(2).split("."))


def _transliterated(text: str) -> str:
    """Letters the voice cannot say (CJK, Cyrillic, …) in Latin letters, never dropped."""
    if text.isascii():
        return text
    spaced = "".join(f" {ch} " if unicodedata.east_asian_width(ch) in "WF" else ch for ch in text)
    out = []
    for ch in spaced:
        if ch.isalpha() and not ("LATIN" in unicodedata.name(ch, "") or ch.isascii()):
            out.append(anyascii(ch))
        else:
            out.append(ch)
    return re.sub(r"\s{2,}", " ", "".join(out))


def _sha(m: re.Match[str]) -> str:
    return _spell(m.group(0)[:7])


def _pr(m: re.Match[str]) -> str:
    return f"P R {cardinal(int(m.group(1)))}"


def _ordinal(m: re.Match[str]) -> str:
    return ordinal_word(int(m.group(1)))


def _dated_year(m: re.Match[str]) -> str:
    return f"{m.group(1)}{_year(int(m.group(2)))}"


_UNIT_ALT = "|".join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True))
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_TERM_ALT = "|".join(re.escape(t) for t in sorted(TERMS, key=len, reverse=True))

# (pattern, replacement) in the order they run.
_RULES: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(r"\(?\s*(?:https?://|www\.)[^\s)\]>”\"]+\s*\)?"), " "),
    (re.compile(r"(?<![\w.])([A-Za-z]{2,})(\d+(?:\.\d+)+)(?![\w.])"), _glued_version),
    (re.compile(r"(?:(?<=\s)|^)\.(?=[A-Za-z])"), "dot "),
    (re.compile(r"[“”\"`]|(?<![\w])\*+|\*+(?![\w])"), ""),
    (re.compile(r"(?<=\w)::(?=\w)"), " "),  # "c10::optional" is said "C ten optional"
    (re.compile(r"\s*[—–]\s*"), ", "),
    (re.compile(r"…|\.\.\."), ", "),
    (re.compile(r"\be\.g\.", re.I), "for example"),
    (re.compile(r"\bi\.e\.", re.I), "that is"),
    (re.compile(r"\betc\.", re.I), "et cetera"),
    (re.compile(r"\bvs\.?(?=\s)", re.I), "versus"),
    (re.compile(r"\bw/o\b", re.I), "without"),
    (re.compile(r"\bw/(?=\s)", re.I), "with"),
    (re.compile(r"\s*&\s*"), " and "),
    (re.compile(r"\s*(?:->|=>|→)\s*"), " to "),
    (re.compile(r"\bPRs?\s*#\s*(?=\d)"), "PR "),
    (re.compile(r"\bPR\s+(\d+)\b"), _pr),
    (re.compile(r"(?<![\w&])#(\d+)\b"), lambda m: f"number {cardinal(int(m.group(1)))}"),
    (re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b"), _sha),
    (
        re.compile(r"\b(commits?\s+)(\d{7,40})\b", re.I),
        lambda m: m.group(1) + _spell(m.group(2)[:7]),
    ),
    (
        re.compile(
            r"(?<![\w.])(?:(Python|CUDA|ROCm|Triton|NumPy|Java|Go|Node|Ruby|GCC|Clang)\s+)(\d+\.\d+)(?![\w.])"
        ),
        _named_version,
    ),
    (re.compile(r"(?<![\w.])(v|version\s+)?(\d+\.\d+\.\d+(?:\.\d+)?)(?![\w.])", re.I), _version),
    (re.compile(r"(?<![\w.])(v)(\d+(?:\.\d+)?)(?![\w.])"), _version),
    (re.compile(rf"(?<![\w.])(\d+(?:\.\d+)?)\s?({_UNIT_ALT})(?![\w/])"), _unit),
    (
        re.compile(rf"\b({_MONTHS})(\s+\d{{1,2}}(?:st|nd|rd|th)?,\s*)(\d{{4}})\b"),
        lambda m: m.group(1) + m.group(2) + _year(int(m.group(3))),
    ),
    (re.compile(r"\b(in\s+|since\s+|of\s+)((?:19|20)\d\d)\b"), _dated_year),
    (re.compile(r"\b(\d+)(?:st|nd|rd|th)\b"), _ordinal),
    (re.compile(rf"(?<![\w.+#])(?:{_TERM_ALT})(?![\w+#])"), lambda m: TERMS[m.group(0)]),
    (re.compile(r"\b(?=\w*[A-Za-z])(?=\w*\d)[A-Za-z0-9]+\b"), _alnum),
    (
        re.compile(
            r"\b[A-Za-z_]\w*(?:[./][A-Za-z_]\w*)+\b|\b\w*_\w*\b|\b[a-z]+[A-Z]\w*\b"
            r"|\b[A-Z][a-z]+[A-Z]\w*\b|\b[A-Z]{2,}[a-z]+\w*\b"
        ),
        _identifier,
    ),
    (
        re.compile(r"\b[A-Z]{2,5}s?\b"),
        lambda m: (
            _letters(m.group(0))
            if m.group(0)[-1] != "s" or m.group(0).isupper()
            else _letters(m.group(0)[:-1]) + "s"
        ),
    ),
    (re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w])"), lambda m: _num(m.group(0))),
    (re.compile(r"\+"), " plus "),
    (re.compile(r"\s*=\s*"), " equals "),
    (re.compile(r"[<>{}\[\]|\\^~]"), " "),
    (re.compile(r"\s*\(\s*\)"), ""),
    (re.compile(r"\s+([,.;:!?])"), r"\1"),
    (re.compile(r"([,;:])(?:\s*[,;:])+"), r"\1"),
    (re.compile(r"\s{2,}"), " "),
]


def spoken(text: str) -> str:
    """The written sentence as a TTS voice should read it (URLs dropped, code said as words,
    other scripts in Latin letters)."""
    for pattern, repl in _RULES:
        text = pattern.sub(repl, text)
    return _transliterated(text).strip(" ,;")
