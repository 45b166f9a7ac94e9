"""Health checks for a show: can commitcast read, voice, write and (optionally) ask the LLM, and
is its state whole (catalogue, published records, voiced media)? ``repair`` fixes what it can."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from .cache import probe_writable
from .config import Config, ShowConfig
from .errors import StageError, UserError
from .model import Episode

__all__ = ["Check", "run_checks"]


@dataclass(frozen=True)
class Check:
    """The outcome of one check."""

    name: str
    ok: bool
    detail: str
    repaired: bool = False  # it was not whole and ``repair`` made it so


def _repository(config: Config, show: ShowConfig) -> Check:
    from .ingest import default_branch
    from .pipeline import LOOKBACK
    from .sources import local_repository, redact_url

    try:
        # As much history as a run for yesterday reads: a check must not clone a project's whole past.
        since = datetime.now(UTC) - LOOKBACK - timedelta(days=1)
        path = local_repository(show.show.repo, Path(config.state_dir), show.show.slug, since=since)
        branch = show.show.branch or default_branch(path)
        return Check("repository", True, f"{redact_url(show.show.repo)} readable, branch {branch}")
    except Exception as exc:  # noqa: BLE001 - every failure is a finding, not a crash
        return Check("repository", False, str(exc))


def _clones(config: Config, repair: bool) -> Check:
    from .sources import leftover_clones

    leftovers = leftover_clones(Path(config.state_dir))
    if not leftovers:
        return Check("clones", True, "no unfinished clones")
    names = ", ".join(p.name for p in leftovers)
    if not repair:
        return Check("clones", False, f"unfinished clones left by a stopped run: {names}; --repair removes them")
    for leftover in leftovers:
        shutil.rmtree(leftover, ignore_errors=True)
    return Check("clones", True, f"removed unfinished clones: {names}", repaired=True)


def _voice(show: ShowConfig, repair: bool) -> Check:
    try:
        from .voice import voice_spec

        return Check("voice", True, voice_spec(show.show.voice, show.length_scale).health(repair))
    except Exception as exc:  # noqa: BLE001
        return Check("voice", False, str(exc))


def _catalogue(config: Config, repair: bool) -> Check:
    from .sources import redact_url
    from .store import Catalogue, catalogue_damage, is_database_url

    if is_database_url(config.catalogue_location):
        where = redact_url(config.catalogue_location)
        try:
            with Catalogue.connect(config.catalogue_location) as catalogue:
                return Check("catalogue", True, f"{where} answers (schema version {catalogue.schema_version})")
        except Exception as exc:  # noqa: BLE001 - every failure is a finding
            return Check("catalogue", False, str(exc))
    path = Path(config.catalogue_location)
    if path.is_dir():
        return Check("catalogue", False, f"{path} is a directory; move it away and a new catalogue is filled from the site")
    if not path.is_file():
        return Check("catalogue", True, f"none yet at {path}: the first run makes it")
    damage = catalogue_damage(path)
    if damage is None:
        return Check("catalogue", True, f"{path} passes its check")
    if not repair:
        return Check("catalogue", False, f"{path} is damaged ({damage}); --repair moves it aside and starts a new one")
    Catalogue.open(path).close()  # sets the damaged file aside and starts afresh
    return Check("catalogue", True, f"{path} was damaged ({damage}): moved aside, a new one started", repaired=True)


def _site_records(config: Config, show: ShowConfig, repair: bool) -> Check:
    from .publish import read_site

    site = Path(show.site_dir)
    if not (site / "episodes").is_dir():
        return Check("site records", True, f"nothing published in {site} yet")
    records = read_site(site, show=show.show)
    if records.lost:
        return Check(
            "site records", False,
            "; ".join(records.lost) + " (put its episode.mp3 back, or remove its folder to withdraw it)",
        )  # fmt: skip
    problems = records.repaired + ([records.show_problem] if records.show_problem else [])
    problems += [f"episodes/{slug}/episode.mp3 is missing" for slug in _unvoiced(records.episodes)]
    if not problems:
        return Check("site records", True, f"{len(records.episodes)} published episode records read")
    if not repair:
        return Check("site records", False, "; ".join(problems) + "; --repair publishes them whole again")
    from .runner import ShowRunner

    try:
        ShowRunner(config, show).publish()  # takes every episode back and writes its record and media again
    except (UserError, StageError) as exc:
        return Check("site records", False, f"{'; '.join(problems)}; publishing them again failed: {exc}")
    gone = _unvoiced(read_site(site, show=show.show).episodes)
    if gone:
        return Check(
            "site records", False,
            f"episode.mp3 of {', '.join(gone)} is gone from the site and the state dir; "
            "the next 'commitcast episode --date DAY' run for its day voices it again",
        )  # fmt: skip
    return Check("site records", True, f"{len(problems)} record(s) and media written whole again", repaired=True)


def _unvoiced(episodes: list[Episode]) -> list[str]:
    """The published episodes whose site folder lacks its MP3 (deleted by hand, or lost)."""
    return [e.slug for e in episodes if e.media_dir and not (Path(e.media_dir) / "episode.mp3").is_file()]


def _media(config: Config, show: ShowConfig, repair: bool) -> Check:
    from .pipeline import cached_audio

    root = Path(config.state_dir) / "media" / show.show.slug
    entries = [d for d in root.iterdir() if d.is_dir() and not d.name.startswith(".")] if root.is_dir() else []
    damaged = [d for d in entries if cached_audio(d) is None]
    if not damaged:
        return Check("voiced media", True, f"{len(entries)} cached episode(s) whole")
    names = ", ".join(d.name[:12] for d in damaged)
    if not repair:
        return Check("voiced media", False, f"{len(damaged)} cached episode(s) damaged ({names}); --repair removes them")
    for directory in damaged:
        shutil.rmtree(directory, ignore_errors=True)
    return Check(
        "voiced media", True, f"{len(damaged)} damaged cached episode(s) removed; the next run voices them again", repaired=True
    )


def _feed(show: ShowConfig) -> Check:
    from .publish import base_url_problem, grouped, lint_source

    feed = Path(show.site_dir) / "feed.xml"
    if not feed.is_file():
        problem = base_url_problem(show.show)
        return Check("feed", problem is None, problem or f"nothing published in {show.site_dir} yet")
    problems = [p for p in lint_source(str(feed)) if p.level == "error"]
    if not problems:
        return Check("feed", True, f"{feed} passes its lint")
    first, count = grouped(problems)[0]
    more = f" ({count} like it)" if count > 1 else ""
    return Check("feed", False, f"{len(problems)} lint error(s) in {feed}, first: {first.where}: {first.message}{more}")


def _writable(name: str, directory: Path) -> Check:
    try:
        probe_writable(directory)
        return Check(name, True, f"{directory} is writable")
    except OSError as exc:
        return Check(name, False, f"{directory} is not writable: {exc.strerror or exc}")


def _llm(show: ShowConfig) -> Check | None:
    if show.writer != "llm":
        return None
    import httpx

    from .write import LLMConfig

    settings = LLMConfig.from_env()
    if settings is None:
        return Check("llm", False, "writer is 'llm' but COMMITCAST_LLM_BASE_URL / COMMITCAST_LLM_MODEL are not set")
    headers = {"Authorization": f"Bearer {settings.api_key}"} if settings.api_key else {}
    try:
        # Every OpenAI-compatible server lists its models; a cheap way to see it answers.
        reply = httpx.get(settings.base_url.rstrip("/") + "/models", headers=headers, timeout=10.0)
    except httpx.HTTPError as exc:
        return Check("llm", False, f"{settings.base_url} does not answer ({type(exc).__name__})")
    if reply.status_code != 200:
        return Check("llm", False, f"{settings.base_url} answers HTTP {reply.status_code}")
    return Check("llm", True, f"{settings.base_url} answers (model {settings.model})")


def run_checks(config: Config, show: ShowConfig, *, repair: bool = False) -> list[Check]:
    """Every check that applies to ``show``; with ``repair``, damaged state is fixed as it is found."""
    checks = [
        _clones(config, repair),  # before the repository's check, whose clone would clean its own
        _repository(config, show),
        _voice(show, repair),
        _writable("site dir", Path(show.site_dir)),
        _writable("state dir", Path(config.state_dir)),
        _catalogue(config, repair),
        _site_records(config, show, repair),
        _media(config, show, repair),
        _feed(show),
        _llm(show),
    ]
    return [check for check in checks if check is not None]
