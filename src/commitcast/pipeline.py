"""The stages wired together for one show: ingest -> plan -> script -> voice -> publish.

This module only orchestrates: it decides windows, cache keys and the order of work, and holds
no domain logic. Each step's artifact is cached under a key made of its inputs and the stage's
version, so a re-run skips finished work and a crash resumes where it stopped.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path

from .cache import ArtifactCache, stage_key, write_atomic
from .config import WEEKDAYS, ShowConfig
from .errors import UserError
from .model import (
    Artifact,
    Audio,
    Change,
    Episode,
    EpisodeKind,
    EpisodePlan,
    NextItem,
    Release,
    Script,
    Spotlight,
    Term,
    Window,
)
from .phrasebook import Phrasebook
from .window import check_day, zone

__all__ = [
    "STAGE_VERSIONS",
    "LOOKBACK",
    "Progress",
    "DayInput",
    "EpisodeJob",
    "JobResult",
    "episode_window",
    "week_window",
    "parse_week",
    "daily_jobs",
    "recap_job",
    "recap_mondays",
    "day_plan",
    "plan_and_script",
    "make_episode",
    "finished_episode",
    "cached_audio",
    "days_between",
]

# Bump a stage's version when its output for the same input changes: its cache and
# everything after it is then redone, and nothing before it.
STAGE_VERSIONS = {"plan": "186", "script": "193", "voice": "48"}

# Called with (step label, done, total) as a long step goes on; the CLI draws a bar per label.
Progress = Callable[[str, int, int], None]

# How far back the planner looks for the change a revert or reland refers to.
LOOKBACK = timedelta(days=14)


@dataclass(frozen=True)
class EpisodeJob(Artifact):
    """Everything a worker needs to make one episode, so it can run in another process."""

    config: ShowConfig
    kind: EpisodeKind
    slug: str  # "2026-09-19" or "2026-W38-recap"
    window: Window
    state_dir: str
    days: list[DayInput]  # one entry for a daily; the week's days for a recap
    voice_workers: int | None = None  # None: every core


@dataclass(frozen=True)
class DayInput(Artifact):
    """The landed changes of one day and the earlier ones a revert may point back to."""

    window: Window
    changes: list[Change]
    earlier: list[Change] = field(default_factory=list)
    in_flight: list[NextItem] = field(default_factory=list)  # from the forge, when it was asked
    spotlight: Spotlight | None = None  # the forge's most-reviewed landed PR, when it was asked
    releases: list[Release] = field(default_factory=list)  # versions out that day
    notes: dict[str, str] = field(default_factory=dict)  # directory -> its README's lead sentence
    definitions: dict[str, tuple[str, str]] = field(default_factory=dict)  # term -> (its docs' definition, file)


@dataclass(frozen=True)
class JobResult(Artifact):
    """What became of one job: an episode, or the reason there is none."""

    slug: str
    episode: Episode | None = None
    skipped: str | None = None
    seconds: dict[str, float] = field(default_factory=dict)  # wall time of each stage run ("plan", "voice", …)


def episode_window(config: ShowConfig, day: date) -> Window:
    """The window of ``day``'s episode: from that day's cut-off to the next day's, local time."""
    where = zone(config.show.tz)
    cutoff = config.cutoff_time
    since = datetime.combine(day, cutoff, tzinfo=where)
    until = datetime.combine(day + timedelta(days=1), cutoff, tzinfo=where)
    return Window(since=since, until=until, tz=config.show.tz)


def parse_week(text: str) -> date:
    """The Monday of ISO week ``YYYY-Www``."""
    try:
        year, week = text.upper().split("-W")
        monday = date.fromisocalendar(int(year), int(week), 1)
    except ValueError as exc:
        raise UserError(f"cannot read {text!r} as an ISO week (expected YYYY-Www, e.g. 2026-W38)") from exc
    return check_day(monday)


def week_window(config: ShowConfig, monday: date) -> Window:
    """The seven episode days starting at ``monday``."""
    first, last = episode_window(config, monday), episode_window(config, monday + timedelta(days=6))
    return Window(since=first.since, until=last.until, tz=config.show.tz)


def recap_mondays(config: ShowConfig, days: list[date]) -> list[date]:
    """The ISO weeks whose recap is due on one of ``days``: the last full week on each recap day."""
    recap_weekday = WEEKDAYS.index(config.recap_day)
    mondays = set()
    for day in days:
        if day.weekday() == recap_weekday:
            # The most recent Monday-to-Sunday week that is over by the end of ``day``.
            sunday = day - timedelta(days=(day.weekday() + 1) % 7)
            mondays.add(sunday - timedelta(days=6))
    return sorted(mondays)


def _bucket(
    changes: list[Change], windows: list[Window], releases: list[Release], notes: dict[str, str],
    definitions: dict[str, tuple[str, str]] | None = None,
) -> list[DayInput]:
    """Split ``changes`` (oldest first) and ``releases`` into the given windows, with each one's lookback."""
    days = []
    for window in windows:
        inside = [c for c in changes if window.since <= c.landed_at < window.until]
        earlier = [c for c in changes if window.since - LOOKBACK <= c.landed_at < window.since]
        out = [r for r in releases if r.released_at and window.since <= r.released_at < window.until]
        days.append(DayInput(window=window, changes=inside, earlier=earlier, releases=out, notes=notes,
                             definitions=definitions or {}))
    return days


def daily_jobs(
    config: ShowConfig,
    days: list[date],
    changes: list[Change],
    state_dir: Path,
    voice_workers: int | None = None,
    releases: list[Release] | None = None,
    notes: dict[str, str] | None = None,
    definitions: dict[str, tuple[str, str]] | None = None,
) -> list[EpisodeJob]:
    """One job per day; ``changes`` must cover the days and their lookback."""
    windows = [episode_window(config, day) for day in days]
    return [
        EpisodeJob(
            config=config,
            kind="daily",
            slug=day.isoformat(),
            window=window,
            state_dir=str(state_dir),
            days=[inputs],
            voice_workers=voice_workers,
        )
        for day, window, inputs in zip(days, windows, _bucket(changes, windows, releases or [], notes or {}, definitions), strict=True)
    ]


def recap_job(
    config: ShowConfig,
    monday: date,
    changes: list[Change],
    state_dir: Path,
    voice_workers: int | None = None,
    releases: list[Release] | None = None,
    notes: dict[str, str] | None = None,
    definitions: dict[str, tuple[str, str]] | None = None,
) -> EpisodeJob:
    """The weekly recap job for the ISO week starting at ``monday``."""
    windows = [episode_window(config, monday + timedelta(days=i)) for i in range(7)]
    year, week, _ = monday.isocalendar()
    return EpisodeJob(
        config=config,
        kind="recap",
        slug=f"{year}-W{week:02d}-recap",
        window=week_window(config, monday),
        state_dir=str(state_dir),
        days=_bucket(changes, windows, releases or [], notes or {}, definitions),
        voice_workers=voice_workers,
    )


# ----------------------------------------------------------------------------- the stages


def _phrases(config: ShowConfig) -> Phrasebook:
    """The show's host-style phrases, which the newsroom words titles and headings in."""
    from .write import load_style

    return load_style(config.style).phrases


def day_plan(config: ShowConfig, day: DayInput) -> EpisodePlan:
    """The plan of one day's changes under a show's settings (its areas, area filter and the
    host style whose title and heading phrases the newsroom writes)."""
    from .analyse import plan_episode

    return plan_episode(
        day.changes,
        config.show,
        day.window,
        earlier=day.earlier,
        area_map=config.area_map,
        area_filter=config.area_filter,
        in_flight=day.in_flight,
        spotlight=day.spotlight,
        releases=day.releases,
        glossary=config.glossary,
        notes=day.notes,
        definitions=day.definitions,
        phrases=_phrases(config),
    )


def _cached_plan(job: EpisodeJob, day: DayInput, cache: ArtifactCache) -> EpisodePlan:
    config = job.config
    # Keyed on what the planner reads, not the whole show config: a new speaking rate or
    # site dir must not redo the plan (nor, through it, an LLM-written script).
    key = stage_key(
        "plan",
        STAGE_VERSIONS["plan"],
        config.show.to_json(),
        json.dumps([config.area_map, config.area_filter, config.glossary, day.notes, day.definitions], sort_keys=True),
        day.window.to_json(),
        b"".join(c.to_json() for c in day.changes),
        "\n".join(c.sha for c in day.earlier),
        b"".join(item.to_json() for item in day.in_flight),
        day.spotlight.to_json() if day.spotlight else b"",
        b"".join(r.to_json() for r in day.releases),
        _phrases(config).key(),  # the titles and headings it words
    )
    plan = cache.get("plan", key, EpisodePlan)
    if plan is None:
        plan = day_plan(config, day)
        cache.put("plan", key, plan)
    return plan


def _plan(job: EpisodeJob, cache: ArtifactCache) -> EpisodePlan:
    if job.kind == "daily":
        return _cached_plan(job, job.days[0], cache)
    from .analyse import plan_recap

    plans = [_cached_plan(job, day, cache) for day in job.days if day.changes]
    return plan_recap(plans, job.config.show, job.window, _phrases(job.config))


class _NotCached(Exception):
    """An expensive step has no cached artifact (raised only when asked for cached work)."""


def _script(plan: EpisodePlan, config: ShowConfig, cache: ArtifactCache, cached_only: bool = False) -> Script:
    from .write import LLMConfig, load_style, write_script

    llm = LLMConfig.from_env() if config.writer == "llm" else None
    style = load_style(config.style)
    # Another model or endpoint writes another script; the API key does not change it.
    writer = config.writer if llm is None else f"llm {llm.base_url} {llm.model} {llm.temperature}"
    host = json.dumps([style.slots, style.nouns, style.transitions, style.phrases.key()], sort_keys=True)
    key = stage_key("script", STAGE_VERSIONS["script"], plan.to_json(), writer, host)
    script = cache.get("script", key, Script)
    if script is None and cached_only:
        raise _NotCached
    if script is None:
        script = write_script(plan, writer=config.writer, llm=llm, style=style)
        # An LLM script is only kept when it is the model's own; a fallback is redone next run.
        if script.writer == config.writer:
            cache.put("script", key, script)
    return script


def _cover(job: EpisodeJob) -> Path:
    """The show's cover for the MP3's tag: its configured artwork, else the generated one
    (the same image the site publishes), kept in the state dir."""
    show = job.config.show
    if show.artwork:
        return Path(show.artwork)
    from .publish import render_cover

    cover = Path(job.state_dir) / "covers" / f"{show.slug}.png"
    data = render_cover(show.name)
    if not cover.is_file() or cover.read_bytes() != data:
        write_atomic(cover, data)
    return cover


def _audio(
    script: Script, job: EpisodeJob, progress: Callable[[int, int], None] | None, cached_only: bool = False
) -> tuple[Audio, Path]:
    from .voice import voice_script, write_transcripts

    config = job.config
    voice = config.show.voice or ""
    media = media_dir(job.state_dir, config, script)
    key = media.name
    record = media / "audio.json"
    if record.exists():
        cached = cached_audio(media)
        if cached is not None:
            return cached, media
        if not cached_only:  # damaged (a truncated MP3, a garbled record): voiced again
            shutil.rmtree(media, ignore_errors=True)
    if cached_only:
        raise _NotCached
    media.parent.mkdir(parents=True, exist_ok=True)
    # A worker killed mid-voice leaves its scratch behind; under the show lock nobody else uses it.
    for stale in media.parent.glob(f".{key}.*"):
        shutil.rmtree(stale, ignore_errors=True)
    # Build in a scratch directory and rename it into place: a crash never leaves half an episode.
    scratch = Path(tempfile.mkdtemp(prefix=f".{key}.", dir=media.parent))
    try:
        audio = voice_script(
            script,
            scratch,
            voice=Path(voice) if voice else None,
            length_scale=config.length_scale,
            workers=job.voice_workers,
            artwork=_cover(job),
            progress=progress,
        )
        write_transcripts(script, audio, scratch, speaker=config.show.host_name.strip() or "Host")
        write_atomic(scratch / "audio.json", audio.to_json())
        try:
            os.rename(scratch, media)
        except OSError:
            if not record.exists():  # another run finished the same episode first
                raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return audio, media


def media_dir(state_dir: str | Path, config: ShowConfig, script: Script) -> Path:
    """Where the state keeps the voiced files of ``script`` for the show of ``config``."""
    # The generated cover follows the show name, which the script carries.
    artwork = config.show.artwork or "generated"
    key = stage_key(
        "voice", STAGE_VERSIONS["voice"], script.to_json(), config.show.voice or "", str(config.length_scale),
        artwork, config.show.host_name,
    )
    return Path(state_dir) / "media" / config.show.slug / key


def cached_audio(media: Path) -> Audio | None:
    """The voiced episode in ``media`` when it is whole: its record reads, its MP3 has the size
    the record says, and its transcripts and chapters are there; else None."""
    from .voice import CHAPTERS_NAME, JSON_NAME, MP3_NAME, VTT_NAME

    try:
        audio = Audio.from_json((media / "audio.json").read_bytes())
        if (media / MP3_NAME).stat().st_size != audio.size:
            return None
        if not all((media / name).is_file() for name in (VTT_NAME, JSON_NAME, CHAPTERS_NAME)):
            return None
    except (OSError, ValueError):
        return None
    return audio


def plan_and_script(job: EpisodeJob, *, cached_only: bool = False) -> tuple[EpisodePlan, Script]:
    """A job's plan and script (each cached), without voicing them."""
    cache = ArtifactCache(Path(job.state_dir) / "artifacts")
    plan = _plan(job, cache)  # cheap, so always made
    return plan, _script(plan, job.config, cache, cached_only)


def make_episode(job: EpisodeJob, progress: Callable[[int, int], None] | None = None) -> JobResult:
    """Make one episode (plan, script, audio) from a job; cached steps are skipped."""
    return _episode(job, progress, cached_only=False)


def finished_episode(job: EpisodeJob) -> JobResult | None:
    """The job's result if its script and audio are cached already (so no worker is needed), else None."""
    try:
        return _episode(job, None, cached_only=True)
    except _NotCached:
        return None


def _episode(job: EpisodeJob, progress: Callable[[int, int], None] | None, cached_only: bool) -> JobResult:
    config = job.config
    total = sum(len(day.changes) for day in job.days)
    if total == 0 and job.kind == "recap":
        return JobResult(slug=job.slug, skipped="no changes landed that week")
    if total < config.quiet_threshold and config.quiet_policy == "skip":
        return JobResult(slug=job.slug, skipped=f"quiet day ({total} changes)")
    started = time.monotonic()
    plan, script = plan_and_script(job, cached_only=cached_only)
    voicing = time.monotonic()
    audio, media = _audio(script, job, progress, cached_only)
    seconds = {"plan and script": voicing - started, "voice": time.monotonic() - voicing}
    episode = Episode(
        show=config.show.slug,
        slug=job.slug,
        kind=job.kind,
        title=script.title,
        summary=script.summary,
        # Published when the day is over: deterministic, so re-runs and executors agree.
        published_at=job.window.until,
        window=job.window,
        script=script,
        audio=audio,
        media_dir=str(media),
        stories=list(plan.stories),
        quick_hits=list(plan.quick_hits),
        spotlight=plan.spotlight,
        terms=explained_terms(plan, script),
    )
    return JobResult(slug=job.slug, episode=episode, seconds=seconds)


def explained_terms(plan: EpisodePlan, script: Script) -> list[Term]:
    """The plan's terms the script explains (it says the explanation), each with its source."""
    spoken = " ".join(s.text for s in script.sentences).lower()
    return [
        Term(term, meaning, plan.glossary_sources.get(term, ""))
        for term, meaning in plan.glossary.items()
        if " ".join(meaning.split()[:6]).lower().rstrip(". ") in spoken
    ]


def days_between(first: date, last: date) -> Iterable[date]:
    """Every day from ``first`` to ``last`` inclusive."""
    for offset in range((last - first).days + 1):
        yield first + timedelta(days=offset)
