"""The show configuration file, ``commitcast.toml``: reading, validating, writing a starter."""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import time
from functools import partial
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

import msgspec

from .errors import UserError
from .model import Artifact, ForgeName, Show, WriterName
from .sources import is_remote
from .store import is_database_url
from .window import zone

__all__ = [
    "ShowConfig", "Config", "load_config", "find_config", "CONFIG_NAME", "starter_config", "slugify", "show_for_repo",
    "repo_problem", "WEEKDAYS", "BRANCH_PATTERN", "BRANCH_RULE",
]

_SLUG = r"^[a-z0-9][a-z0-9-]{0,62}$"
# What git accepts as a branch name, in short; longer names are refused by pygit2 anyway.
BRANCH_PATTERN = r"^(?!-)(?!.*\.\.)[^\s\x00-\x1f\x7f~^:?*\[\\]{1,255}\Z"
BRANCH_RULE = "a git branch name (1 to 255 characters; no spaces, control characters, '..' or ~^:?*[\\)"
QuietPolicy = Literal["short", "skip"]  # a quiet day's episode: a short one, or none
Weekday = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
WEEKDAYS: tuple[str, ...] = get_args(Weekday)


def slugify(text: str) -> str:
    """A URL- and path-safe slug: lowercase ASCII letters, digits and single dashes."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:63].strip("-")
    return slug or "show"


# How projects spell their own names, keyed by repository name.
_SPELLINGS = {
    "pytorch": "PyTorch", "executorch": "ExecuTorch", "ao": "torchao", "torchao": "torchao",
    "torchtitan": "TorchTitan", "vision": "torchvision", "audio": "torchaudio", "tune": "torchtune",
    "torchtune": "torchtune", "torchrec": "TorchRec", "helion": "Helion", "u-boot": "U-Boot",
    "rust-clippy": "Clippy",
}


def show_for_repo(repo: Path, name: str | None = None, branch: str | None = None, tz: str = "UTC") -> Show:
    """A Show for a local repository: named after its origin (or directory), linked to its forge."""
    from .ingest import forge_web_url, repository_label

    web_url = forge_web_url(repo)
    if name is None:
        # The remote's name, not the folder it was cloned into ("repo 2.55.0 is out").
        base = repository_label(repo)
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
    writer: WriterName = "builtin"
    site_dir: str = "site"
    quiet_policy: QuietPolicy = "short"
    quiet_threshold: int = 1  # fewer changes than this make a quiet day
    recap_day: Weekday = "sunday"  # the day whose episode run also makes the weekly recap
    github: bool = True  # enrich with the forge's PR (GitLab: MR) activity when a token is available
    forge: ForgeName | None = None  # the forge the repository lives on; None: from its web URL
    glossary: dict[str, str] = field(default_factory=dict)  # term -> one-line plain explanation
    style: str | None = None  # a host style file (TOML) whose wording replaces the default host's

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
    catalogue: str = ""  # a postgresql:// URL or a SQLite file; '' for state_dir/catalogue.sqlite

    @property
    def catalogue_location(self) -> str:
        """Where the catalogue is: the configured URL or file, else the state dir's SQLite file."""
        return self.catalogue or str(Path(self.state_dir) / "catalogue.sqlite")

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


def _setting(expect: str, rule: str = "", **limits: Any) -> msgspec.Meta:
    """A setting's limits, and what errors say it must be: ``expect`` when its value has
    another type, ``rule`` (default ``expect``) when it has the type but breaks a limit."""
    return msgspec.Meta(**limits, extra={"expect": expect, "rule": rule or expect})


_TEXT = _setting("a string")
_NAME = _setting("a string", "a name that is not empty", pattern=r"\S")
_URL = _setting("an absolute http(s) URL", pattern=r"^$|^https?://[^\s/]")
_AREA = Annotated[str, msgspec.Meta(pattern=r"\S")]
_EXPLANATION = Annotated[str, msgspec.Meta(pattern=r"^[^\n]*\S[^\n]*\Z", max_length=300)]


class ShowTable(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A ``[[show]]`` table over ``[defaults]``: every show setting, its type, limits and
    default. The README's settings table lists the same keys (a test holds them together)."""

    name: Annotated[str, _NAME]
    repo: Annotated[str, _setting("a path or git URL", pattern=r"\S")]
    slug: Annotated[str, _setting("a string", "lowercase letters, digits and dashes (at most 63)", pattern=_SLUG)] | None = None
    branch: Annotated[str, _setting("a branch name", BRANCH_RULE, pattern=BRANCH_PATTERN)] | None = None
    tz: Annotated[str, _setting("an IANA time zone")] = "UTC"
    cutoff: Annotated[str, _setting("a local time HH:MM", pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]$")] = "00:00"
    description: Annotated[str, _TEXT] = ""
    language: Annotated[str, _setting("a language code")] = "en"
    author: Annotated[str, _TEXT] = "commitcast"
    owner_name: Annotated[str, _TEXT] = "commitcast"
    owner_email: Annotated[str, _setting("an e-mail address")] = ""
    base_url: Annotated[str, _URL] = ""
    web_url: Annotated[str, _URL] | None = None
    artwork: Annotated[str, _setting("a path to a square JPEG or PNG")] | None = None
    voice: Annotated[str, _setting("a path to a Piper .onnx voice")] | None = None
    host_name: Annotated[str, _TEXT] = "Joe"
    rate: Annotated[float, _setting("a number", "between 0.5 and 2.0", ge=0.5, le=2.0)] = 1.0
    writer: Annotated[WriterName, _setting("'builtin' or 'llm'")] = "builtin"
    site_dir: Annotated[str, _setting("a directory path")] | None = None  # default: site/<slug>
    areas: Annotated[dict[str, _AREA], _setting("a table of path prefix = area name")] = {}
    area_filter: Annotated[list[str], _setting("a list of area names")] = []
    quiet_policy: Annotated[QuietPolicy, _setting("'short' or 'skip'")] = "short"
    quiet_threshold: Annotated[int, _setting("a whole number", "0 or more", ge=0)] = 1
    recap_day: Annotated[Weekday, _setting("a weekday name")] = "sunday"
    github: Annotated[bool, _setting("true or false")] = True
    forge: Annotated[ForgeName, _setting("'github' or 'gitlab'")] | None = None
    glossary: Annotated[
        dict[str, _EXPLANATION],
        _setting("a table of term = one-line plain explanation", "a table of term = one line of at most 300 characters"),
    ] = {}
    style: Annotated[str, _setting("a path to a host style file (TOML), or a shipped style's name")] | None = None
    copyright: Annotated[str, _TEXT] = ""
    funding_url: Annotated[str, _URL] = ""
    funding_text: Annotated[
        str, _setting("a string", "at most 128 characters (podcast apps cut longer labels)", max_length=128)
    ] = ""


class ConfigFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The top level of ``commitcast.toml``."""

    state_dir: Annotated[str, _setting("a directory path")] = ".commitcast"
    catalogue: Annotated[str, _setting("a postgresql:// URL or a SQLite file path")] = ""
    defaults: Annotated[dict[str, Any], _setting("a table of show settings")] = {}
    show: Annotated[list[dict[str, Any]], _setting("an array of [[show]] tables")] = []


def _bare(kind: Any) -> Any:
    """``kind`` without its limits: the type a TOML value must have."""
    origin, args = get_origin(kind), get_args(kind)
    if origin is Annotated:
        return _bare(args[0])
    if origin is Literal:
        return type(args[0])
    if origin in (Union, UnionType):
        return Union[tuple(_bare(arg) for arg in args)]  # noqa: UP007 - built from a tuple
    if origin in (list, dict):
        return origin[tuple(_bare(arg) for arg in args)]
    return kind


def _says(kind: Any, which: str) -> str:
    """What the ``expect`` or ``rule`` of ``kind``'s setting says its value must be."""
    for part in (kind, *get_args(kind)):
        for meta in get_args(part)[1:] if get_origin(part) is Annotated else ():
            if isinstance(meta, msgspec.Meta) and meta.extra:
                said: str = meta.extra[which]
                return said
    raise AssertionError(f"{kind} has no _setting")


def _fits(value: Any, kind: Any) -> bool:
    try:
        msgspec.convert(value, kind)
    except msgspec.ValidationError:
        return False
    return True


_Table = TypeVar("_Table", ShowTable, ConfigFile)


def _checked(table: dict[str, Any], schema: type[_Table], fail: Callable[[str, str], UserError], name: str) -> _Table:
    """``table`` read as ``schema``; the first setting that is unknown, of the wrong type or
    out of its limits raises an error naming it (``name`` says whose settings they are)."""
    kinds = get_type_hints(schema, include_extras=True)
    for key, value in table.items():
        if key not in kinds:
            raise fail(key, f"is not a known {name}setting (known: {', '.join(sorted(kinds))})")
        if not _fits(value, _bare(kinds[key])):
            raise fail(key, f"must be {_says(kinds[key], 'expect')}, not {value!r}")
        if not _fits(value, kinds[key]):
            raise fail(key, f"must be {_says(kinds[key], 'rule')}, not {value!r}")
    return msgspec.convert(table, schema)


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


CONFIG_NAME = "commitcast.toml"


def find_config(start: Path) -> Path:
    """The nearest ``commitcast.toml`` in ``start`` or a directory above it (as git finds
    its repository), else a UserError saying none was found."""
    here = Path(start).resolve()
    for folder in (here, *here.parents):
        if (folder / CONFIG_NAME).is_file():
            return folder / CONFIG_NAME if folder != here else Path(CONFIG_NAME)
    raise UserError(
        f"no {CONFIG_NAME} in {here} or above it (create one with 'commitcast init', or give --config)"
    )


def load_config(path: str | os.PathLike[str]) -> Config:
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
        if line is None and show_index is not None:  # a show's setting that came from [defaults]
            line = where.line(key.split(".")[0], None)
        at = f"{path}:{line}" if line else str(path)
        return UserError(f"{at}: '{key}' {message}")

    top = _checked(data, ConfigFile, fail, "")
    if not top.show:
        raise UserError(f"{path}: no [[show]] table; add one (see 'commitcast init')")
    base = path.parent.resolve()
    if (base / top.state_dir).exists() and not (base / top.state_dir).is_dir():
        raise fail("state_dir", f"is a file, not a directory: {top.state_dir!r}")
    parsed = [
        _show_config({**top.defaults, **raw}, index, base, partial(fail, show_index=index))
        for index, raw in enumerate(top.show)
    ]
    slugs = [s.show.slug for s in parsed]
    for index, slug in enumerate(slugs):
        if slugs.index(slug) != index:
            raise fail("slug", f"{slug!r} is used by two shows", index)
    catalogue = top.catalogue if not top.catalogue or is_database_url(top.catalogue) else str(base / top.catalogue)
    return Config(path=str(path), state_dir=str(base / top.state_dir), shows=parsed, catalogue=catalogue)


def _show_config(raw: dict[str, Any], index: int, base: Path, fail: Callable[[str, str], UserError]) -> ShowConfig:
    """A show's settings, checked against :class:`ShowTable`, with paths made absolute."""
    if isinstance(raw.get("recap_day"), str):  # the one setting read in any case
        raw = {**raw, "recap_day": raw["recap_day"].lower()}
    for setting in msgspec.structs.fields(ShowTable):
        if setting.required and setting.name not in raw:
            raise fail(setting.name, f"is missing from show #{index + 1}; every show needs a {setting.name}")
    table = _checked(raw, ShowTable, fail, "show ")
    try:
        zone(table.tz)
    except UserError as exc:
        raise fail("tz", f"is not a time zone: {table.tz!r}") from exc

    def local_path(value: str | None) -> str | None:
        return None if value is None else str((base / value).resolve())

    def style_path(value: str | None) -> str | None:
        """A style file relative to the config, or the name of one commitcast ships ("newsroom")."""
        from .write import builtin_style

        return value if value is not None and builtin_style(value) and not (base / value).exists() else local_path(value)

    slug = table.slug or slugify(table.name)
    repo = table.repo if is_remote(table.repo) else str((base / table.repo).resolve())
    if problem := repo_problem(table.repo, Path(repo)):
        raise fail("repo", problem)
    site_dir = base / (table.site_dir or f"site/{slug}")
    if site_dir.exists() and not site_dir.is_dir():
        raise fail("site_dir", f"is a file, not a directory: {str(site_dir)!r}")
    for key, where in (("voice", local_path), ("style", style_path)):
        if (value := getattr(table, key)) is not None and (problem := _file_problem(key, where(value) or "")):
            raise fail(key, problem)
    show = Show(
        name=table.name,
        slug=slug,
        repo=repo,
        branch=table.branch,
        tz=table.tz,
        web_url=table.web_url,
        description=table.description,
        language=table.language,
        author=table.author,
        owner_name=table.owner_name,
        owner_email=table.owner_email,
        base_url=table.base_url,
        artwork=local_path(table.artwork),
        voice=local_path(table.voice),
        host_name=table.host_name,
        copyright=table.copyright,
        funding_url=table.funding_url,
        funding_text=table.funding_text,
    )
    return ShowConfig(
        show=show,
        cutoff=table.cutoff,
        area_map=dict(table.areas),
        area_filter=list(table.area_filter),
        length_scale=1.0 / table.rate,
        writer=table.writer,
        site_dir=str(site_dir.resolve()),
        quiet_policy=table.quiet_policy,
        quiet_threshold=table.quiet_threshold,
        recap_day=table.recap_day,
        github=table.github,
        forge=table.forge,
        glossary={term: " ".join(meaning.split()) for term, meaning in table.glossary.items()},
        style=style_path(table.style),
    )


def repo_problem(repo: str, path: Path) -> str | None:
    """Why ``repo`` (as written; ``path`` where it points) cannot be a show's repository, or None."""
    if is_remote(repo) or path.is_dir():
        return None
    if repo.startswith("-"):  # never passed to git as an option: it is a path, and none is there
        return f"is not a git URL, and no directory is called {repo!r} (a value starting with '-' is not an option here)"
    if path.exists():
        return f"is a file, not a repository directory: {repo!r}"
    return f"is not a git URL or an existing directory: {repo!r}"


def _file_problem(key: str, path: str) -> str | None:
    """Why the ``voice`` or ``style`` file at ``path`` cannot be used, or None: checked when
    the configuration is read, so a bad one stops the run before any episode is voiced."""
    from .errors import UserError

    try:
        if key == "voice":
            from .voice import voice_spec

            voice_spec(path).check()
        else:
            from .write import load_style

            load_style(path)
    except UserError as exc:
        return f"cannot be used: {exc}"
    return None


def starter_config(name: str, repo: str, *, tz: str = "UTC", base_url: str = "") -> str:
    """The text of a commented starter ``commitcast.toml`` for one show."""
    slug = slugify(name)
    return f'''# commitcast configuration: one [[show]] table per podcast.
# Settings under [defaults] apply to every show unless the show sets them itself.
state_dir = ".commitcast"        # catalogue, caches and clones
# catalogue = "postgresql://commitcast@db.example.org/commitcast"   # one catalogue for a fleet
#                                  (password in PGPASSWORD or ~/.pgpass); default: SQLite in state_dir

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
# forge = "gitlab"               # "github" or "gitlab"; default: from the remote's host
# artwork = "cover.png"          # square JPEG/PNG, 1400-3000 px; generated when absent
# voice = "voices/en_US-x.onnx"  # any Piper voice; the bundled voice when absent
# copyright = "© 2026 The Project"   # the feed's copyright line; default: © YEARS author
# funding_url = "https://opencollective.com/project"   # a "support the project" link in apps
# funding_text = "Support the project"
rate = 1.0                       # speaking rate: 1.1 is ten per cent faster
writer = "builtin"               # or "llm" (COMMITCAST_LLM_BASE_URL / _MODEL / _API_KEY)
quiet_policy = "short"           # "short" episode or "skip" when fewer than quiet_threshold changes
quiet_threshold = 1
recap_day = "sunday"             # that day's run also publishes the weekly recap
# area_filter = ["DTensor", "FSDP"]   # keep only these areas
# style = "newsroom"            # another host's wording: a shipped one, or a file (docs/host-style.md)
# [show.areas]                   # path prefix = spoken area name
# "torch/distributed/tensor" = "DTensor"
# [show.glossary]                # terms the host explains the first time an episode uses them
# DTensor = "PyTorch's way of handling tensors spread over many devices"
'''


def _toml_str(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
