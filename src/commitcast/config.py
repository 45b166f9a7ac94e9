"""The show configuration file, ``commitcast.toml``: reading, validating, writing a starter."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from datetime import time
from pathlib import Path
from typing import Any, Literal

from .errors import UserError
from .model import Artifact, Show
from .window import zone

__all__ = ["ShowConfig", "Config", "load_config", "starter_config", "slugify", "show_for_repo", "WEEKDAYS"]

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")


def slugify(text: str) -> str:
    """A URL- and path-safe slug: lowercase ASCII letters, digits and single dashes."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:63].strip("-")
    return slug or "show"


# How projects spell their own names, keyed by repository name.
_SPELLINGS = {
    "pytorch": "PyTorch", "executorch": "ExecuTorch", "ao": "torchao", "torchao": "torchao",
    "torchtitan": "TorchTitan", "vision": "torchvision", "audio": "torchaudio", "tune": "torchtune",
    "torchtune": "torchtune", "torchrec": "TorchRec", "helion": "Helion",
}


def show_for_repo(repo: Path, name: str | None = None, branch: str | None = None, tz: str = "UTC") -> Show:
    """A Show for a local repository: named after its origin (or directory), linked to its forge."""
    from .ingest import forge_web_url

    web_url = forge_web_url(repo)
    if name is None:
        base = web_url.rstrip("/").rsplit("/", 1)[-1] if web_url else Path(repo).resolve().name
        base = base.removesuffix(".git")
        name = _SPELLINGS.get(base.lower(), base)
    return Show(name=name, slug=slugify(name), repo=str(repo), branch=branch, tz=tz, web_url=web_url)


@dataclass(frozen=True)
class ShowConfig(Artifact):
    """A show and the settings that decide how its episodes are made."""

    show: Show
    cutoff: str = "00:00"  # local time at which an episode's day ends
    area_map: dict[str, str] = field(default_factory=dict)  # path prefix -> spoken area name
    area_filter: list[str] = field(default_factory=list)  # keep only changes in these areas
    length_scale: float = 1.0  # Piper's length scale: 1 / the configured speaking rate
    writer: Literal["builtin", "llm"] = "builtin"
    site_dir: str = "site"
    quiet_policy: Literal["short", "skip"] = "short"
    quiet_threshold: int = 1  # fewer changes than this make a quiet day
    recap_day: str = "sunday"  # the day whose episode run also makes the weekly recap
    github: bool = True  # enrich with GitHub PR activity when a token is available

    @property
    def cutoff_time(self) -> time:
        """The cut-off as a ``datetime.time``."""
        return time.fromisoformat(self.cutoff)


@dataclass(frozen=True)
class Config(Artifact):
    """Everything in one ``commitcast.toml``."""

    path: str
    state_dir: str
    shows: list[ShowConfig]

    def find(self, slug: str | None) -> ShowConfig:
        """The show called ``slug``, or the only show when ``slug`` is None."""
        if slug is None:
            if len(self.shows) == 1:
                return self.shows[0]
            names = ", ".join(s.show.slug for s in self.shows)
            raise UserError(f"{self.path} has several shows ({names}); name one")
        for show in self.shows:
            if show.show.slug == slug:
                return show
        names = ", ".join(s.show.slug for s in self.shows)
        raise UserError(f"no show {slug!r} in {self.path} (shows: {names})")


# Keys of a [[show]] table: name -> (expected type(s), description for errors).
_SHOW_KEYS: dict[str, tuple[type | tuple[type, ...], str]] = {
    "name": (str, "a string"),
    "slug": (str, "a string"),
    "repo": (str, "a path or git URL"),
    "branch": (str, "a branch name"),
    "tz": (str, "an IANA time zone"),
    "cutoff": (str, "a local time HH:MM"),
    "description": (str, "a string"),
    "language": (str, "a language code"),
    "author": (str, "a string"),
    "owner_name": (str, "a string"),
    "owner_email": (str, "an e-mail address"),
    "base_url": (str, "an absolute http(s) URL"),
    "web_url": (str, "an absolute http(s) URL"),
    "artwork": (str, "a path to a square JPEG or PNG"),
    "voice": (str, "a path to a Piper .onnx voice"),
    "host_name": (str, "a string"),
    "rate": ((int, float), "a number between 0.5 and 2.0"),
    "writer": (str, "'builtin' or 'llm'"),
    "site_dir": (str, "a directory path"),
    "areas": (dict, "a table of path prefix = area name"),
    "area_filter": (list, "a list of area names"),
    "quiet_policy": (str, "'short' or 'skip'"),
    "quiet_threshold": (int, "a whole number"),
    "recap_day": (str, "a weekday name"),
    "github": (bool, "true or false"),
}
_TOP_KEYS = {"state_dir", "show", "defaults"}


class _Locator:
    """Finds the line of a key in the TOML text, so errors can point at it."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    def line(self, key: str, show_index: int | None) -> int | None:
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        table = -1
        in_defaults = False
        for number, line in enumerate(self.lines, start=1):
            stripped = line.strip()
            if stripped.startswith("[[show]]"):
                table, in_defaults = table + 1, False
            elif stripped.startswith("[defaults]"):
                in_defaults = True
            elif stripped.startswith("["):
                in_defaults = False
            if pattern.match(line):
                if show_index is None and (table < 0 or in_defaults):
                    return number
                if show_index is not None and table == show_index and not in_defaults:
                    return number
        return None


def load_config(path: Path | str) -> Config:
    """Read and validate ``commitcast.toml``; every problem names its key and line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise UserError(f"no configuration at {path} (create one with 'commitcast init')") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read {path}: {exc}") from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{path}: not valid TOML: {exc}") from exc
    where = _Locator(text)

    def fail(key: str, message: str, show_index: int | None = None) -> UserError:
        line = where.line(key.split(".")[0], show_index)
        at = f"{path}:{line}" if line else str(path)
        return UserError(f"{at}: '{key}' {message}")

    for key in data:
        if key not in _TOP_KEYS:
            raise fail(key, f"is not a known setting (expected one of: {', '.join(sorted(_TOP_KEYS))})")
    defaults = data.get("defaults", {})
    if not isinstance(defaults, dict):
        raise fail("defaults", "must be a table")
    shows = data.get("show", [])
    if not isinstance(shows, list) or not shows:
        raise UserError(f"{path}: no [[show]] table; add one (see 'commitcast init')")
    base = path.parent.resolve()
    state_dir = data.get("state_dir", ".commitcast")
    if not isinstance(state_dir, str):
        raise fail("state_dir", "must be a directory path")
    parsed = [
        _show_config({**defaults, **raw}, index, base, lambda k, m, i=index: fail(k, m, i))
        for index, raw in enumerate(shows)
    ]
    slugs = [s.show.slug for s in parsed]
    for index, slug in enumerate(slugs):
        if slugs.index(slug) != index:
            raise fail("slug", f"{slug!r} is used by two shows", index)
    return Config(path=str(path), state_dir=str(base / state_dir), shows=parsed)


def _show_config(raw: dict[str, Any], index: int, base: Path, fail: Any) -> ShowConfig:
    for key, value in raw.items():
        if key not in _SHOW_KEYS:
            raise fail(key, f"is not a known show setting (known: {', '.join(sorted(_SHOW_KEYS))})")
        kind, description = _SHOW_KEYS[key]
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            raise fail(key, f"must be {description}, not {value!r}")
    for required in ("name", "repo"):
        if required not in raw:
            raise fail(required, f"is missing from show #{index + 1}; every show needs a {required}")
    slug = raw.get("slug") or slugify(raw["name"])
    if not _SLUG.match(slug):
        raise fail("slug", "must be lowercase letters, digits and dashes (at most 63)")
    tz = raw.get("tz", "UTC")
    try:
        zone(tz)
    except UserError as exc:
        raise fail("tz", f"is not a time zone: {tz!r}") from exc
    cutoff = raw.get("cutoff", "00:00")
    try:
        time.fromisoformat(cutoff)
    except ValueError as exc:
        raise fail("cutoff", f"must be a local time HH:MM, not {cutoff!r}") from exc
    for key in ("base_url", "web_url"):
        if raw.get(key) and not re.match(r"^https?://[^\s/]+", raw[key]):
            raise fail(key, f"must be an absolute http(s) URL, not {raw[key]!r}")
    rate = float(raw.get("rate", 1.0))
    if not 0.5 <= rate <= 2.0:
        raise fail("rate", f"must be between 0.5 and 2.0, not {rate}")
    writer = raw.get("writer", "builtin")
    if writer not in ("builtin", "llm"):
        raise fail("writer", f"must be 'builtin' or 'llm', not {writer!r}")
    policy = raw.get("quiet_policy", "short")
    if policy not in ("short", "skip"):
        raise fail("quiet_policy", f"must be 'short' or 'skip', not {policy!r}")
    recap_day = raw.get("recap_day", "sunday").lower()
    if recap_day not in WEEKDAYS:
        raise fail("recap_day", f"must be a weekday name, not {raw['recap_day']!r}")
    areas = raw.get("areas", {})
    for prefix, name in areas.items():
        if not isinstance(name, str) or not name.strip():
            raise fail("areas", f"entry {prefix!r} must map to an area name")
    if not all(isinstance(a, str) for a in raw.get("area_filter", [])):
        raise fail("area_filter", "must be a list of area names")

    def local_path(key: str) -> str | None:
        value = raw.get(key)
        return None if value is None else str((base / value).resolve())

    repo = raw["repo"]
    if not re.match(r"^[a-z][a-z0-9+.-]*://|^[^/\s]+@[^/\s]+:", repo):
        repo = str((base / repo).resolve())
    show = Show(
        name=raw["name"],
        slug=slug,
        repo=repo,
        branch=raw.get("branch"),
        tz=tz,
        web_url=raw.get("web_url"),
        description=raw.get("description", ""),
        language=raw.get("language", "en"),
        author=raw.get("author", "commitcast"),
        owner_name=raw.get("owner_name", "commitcast"),
        owner_email=raw.get("owner_email", ""),
        base_url=raw.get("base_url", ""),
        artwork=local_path("artwork"),
        voice=local_path("voice"),
        host_name=raw.get("host_name", "Joe"),
    )
    config = ShowConfig(
        show=show,
        cutoff=cutoff,
        area_map=dict(areas),
        area_filter=list(raw.get("area_filter", [])),
        length_scale=1.0 / rate,
        writer=writer,
        site_dir=str((base / raw.get("site_dir", f"site/{slug}")).resolve()),
        quiet_policy=policy,
        quiet_threshold=int(raw.get("quiet_threshold", 1)),
        recap_day=recap_day,
        github=raw.get("github", True),
    )
    if config.quiet_threshold < 0:
        raise fail("quiet_threshold", "must not be negative")
    return config


def starter_config(name: str, repo: str, *, tz: str = "UTC", base_url: str = "") -> str:
    """The text of a commented starter ``commitcast.toml`` for one show."""
    slug = slugify(name)
    return f'''# commitcast configuration: one [[show]] table per podcast.
# Settings under [defaults] apply to every show unless the show sets them itself.
state_dir = ".commitcast"        # catalogue, caches and clones

[[show]]
name = {_toml_str(name)}
slug = {_toml_str(slug)}
repo = {_toml_str(repo)}         # a local path or a git URL (cloned into state_dir)
# branch = "main"                # default: the remote HEAD, else main, else master
tz = {_toml_str(tz)}
cutoff = "00:00"                 # the episode's day ends at this local time
site_dir = "site/{slug}"
base_url = {_toml_str(base_url)}   # where the site is served; makes feed links absolute
# web_url = "https://github.com/ORG/REPO"   # default: from the origin remote
# artwork = "cover.png"          # square JPEG/PNG, 1400-3000 px; generated when absent
# voice = "voices/en_US-x.onnx"  # any Piper voice; the bundled voice when absent
rate = 1.0                       # speaking rate: 1.1 is ten per cent faster
writer = "builtin"               # or "llm" (COMMITCAST_LLM_BASE_URL / _MODEL / _API_KEY)
quiet_policy = "short"           # "short" episode or "skip" when fewer than quiet_threshold changes
quiet_threshold = 1
recap_day = "sunday"             # that day's run also publishes the weekly recap
# area_filter = ["DTensor", "FSDP"]   # keep only these areas
# [show.areas]                   # path prefix = spoken area name
# "torch/distributed/tensor" = "DTensor"
'''


def _toml_str(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
