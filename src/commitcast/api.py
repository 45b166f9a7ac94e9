"""commitcast as a library: each function is one step from a repository to a published show.

``read_day`` (ingest) -> ``plan_day`` (analyse) -> ``write_script`` (write) -> ``voice_script``
(voice) -> ``publish_site`` (publish); ``run_show`` does all of them for a configured show,
cached and published. Long steps call ``progress(label, done, total)`` when it is given;
warnings go to the ``commitcast`` logger. docs/api.md shows them in use.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from .config import Config, ShowConfig, load_config, show_for_repo
from .model import Audio, Change, Episode, EpisodePlan, Script, Show, Window, WriterName
from .pipeline import LOOKBACK, DayInput, Progress, day_plan
from .window import day_window, parse_day

if TYPE_CHECKING:
    from .executors import ExecutorName
    from .ingest import Landed
    from .publish import PublishResult
    from .runner import RunReport
    from .write import LLMConfig

__all__ = ["Progress", "read_day", "plan_day", "write_script", "voice_script", "publish_site", "run_show"]

log = logging.getLogger(__name__)

AnyPath = str | os.PathLike[str]


def _window(repo: Path, day: date | str | Window | None, tz: str, branch: str | None) -> Window:
    if isinstance(day, Window):
        return day
    if day is None:
        from .ingest import last_active_window

        return last_active_window(repo, branch, tz)
    return day_window(parse_day(day) if isinstance(day, str) else day, tz)


def _read(
    repo: Path,
    since: datetime,
    until: datetime,
    branch: str | None,
    state_dir: AnyPath | None,
    label: str,
    progress: Progress | None,
) -> Landed:
    from .ingest import read_landed

    landed = read_landed(
        repo,
        since,
        until,
        branch,
        state_dir=state_dir,
        progress=None if progress is None else lambda done, total: progress(label, done, total),
    )
    for warning in landed.warnings:
        log.warning(warning)
    return landed


def read_day(
    repo: AnyPath,
    day: date | str | Window | None = None,
    *,
    tz: str = "UTC",
    branch: str | None = None,
    state_dir: AnyPath | None = None,
    lookback: timedelta = LOOKBACK,
    progress: Progress | None = None,
) -> DayInput:
    """The changes that landed on ``repo``'s branch on ``day``, and those of the ``lookback``
    before it (for reverts and relands across days).

    ``day`` is a date or ``"YYYY-MM-DD"`` (a calendar day in ``tz``) or a :class:`Window`;
    None means the last day with changes. Parsed changes are cached in ``state_dir``
    (default ``REPO/.commitcast``).
    """
    path = Path(repo)
    window = _window(path, day, tz, branch)
    landed = _read(path, window.since, window.until, branch, state_dir, "reading the window", progress)
    earlier: list[Change] = []
    if lookback:
        since = window.since - lookback
        earlier = _read(path, since, window.since, branch, state_dir, "reading earlier days", progress).changes
    return DayInput(
        window=window, changes=landed.changes, earlier=earlier, releases=landed.releases, notes=landed.notes,
        definitions=landed.definitions,
    )


def plan_day(
    repo: AnyPath,
    day: date | str | Window | DayInput | None = None,
    *,
    name: str | None = None,
    tz: str = "UTC",
    branch: str | None = None,
    state_dir: AnyPath | None = None,
    lookback: timedelta = LOOKBACK,
    progress: Progress | None = None,
    style: AnyPath | None = None,
) -> EpisodePlan:
    """The episode plan of ``day``: ranked stories, quick hits, what's next, title and summary.

    ``day`` is what :func:`read_day` takes, or what it returned. The show is named ``name``,
    else after the repository; area names come from the repository's CODEOWNERS and
    ``commitcast.toml``; the title and headings are worded in the host ``style`` (a file, or the
    name of one commitcast ships; default: the default host).
    """
    from .analyse import load_area_map

    path = Path(repo)
    inputs = (
        day
        if isinstance(day, DayInput)
        else read_day(path, day, tz=tz, branch=branch, state_dir=state_dir, lookback=lookback, progress=progress)
    )
    show = show_for_repo(path, name, branch, inputs.window.tz)
    config = ShowConfig(
        show=show, area_map=load_area_map(path) if path.is_dir() else {}, style=os.fspath(style) if style else None
    )
    return day_plan(config, inputs)


def write_script(
    plan: EpisodePlan, *, writer: WriterName = "builtin", llm: LLMConfig | None = None, style: AnyPath | None = None
) -> Script:
    """The plan told as a script by ``writer``: ``"builtin"`` (deterministic, offline) or
    ``"llm"`` (an OpenAI-compatible endpoint, ``llm`` or the ``COMMITCAST_LLM_*`` variables;
    any section it fails is told by the builtin narrator), in the wording of the host
    ``style`` file (default: the default host)."""
    from .write import load_style
    from .write import write_script as write

    return write(plan, writer=writer, llm=llm, style=load_style(os.fspath(style)) if style else None)


def voice_script(
    script: Script,
    out_dir: AnyPath,
    *,
    voice: AnyPath | None = None,
    rate: float = 1.0,
    workers: int | None = None,
    artwork: AnyPath | None = None,
    progress: Progress | None = None,
) -> Audio:
    """Voice ``script`` into ``out_dir``: ``episode.mp3`` with chapters, WebVTT and JSON
    transcripts and chapters JSON; returns the audio's timings.

    ``voice`` is a Piper ``.onnx`` voice (default: the bundled one), ``rate`` the speaking
    rate (1.1 is ten per cent faster), ``workers`` the synthesis processes (default: every core).
    """
    from .voice import render, voice_spec, write_transcripts

    out = Path(out_dir)
    spec = voice_spec(Path(voice) if voice is not None else None, 1.0 / rate)
    audio = render(
        script,
        out,
        spec,
        workers=workers,
        artwork=Path(artwork) if artwork is not None else None,
        progress=None if progress is None else lambda done, total: progress("voicing", done, total),
    )
    write_transcripts(script, audio, out, speaker=spec.speaker)
    return audio


def publish_site(show: Show, episodes: list[Episode], site_dir: AnyPath, *, feed_limit: int = 300) -> PublishResult:
    """Publish ``episodes`` of ``show`` as a static site in ``site_dir``: feed, pages,
    transcripts and media; files whose bytes are unchanged are left alone."""
    from .publish import publish_site as publish

    return publish(show, episodes, Path(site_dir), feed_limit=feed_limit)


def run_show(
    config: Config | AnyPath,
    show: str | ShowConfig | None = None,
    days: Iterable[date] = (),
    *,
    recap_weeks: Iterable[date] | None = None,
    executor: ExecutorName = "local",
    workers: int | None = None,
    ray_address: str | None = None,
    wait: float = 0.0,
    github_api_url: str | None = None,
    gitlab_api_url: str | None = None,
    progress: Progress | None = None,
) -> RunReport:
    """Make and publish the episodes of ``days`` (plus the recaps due on them, or the weeks
    starting on the Mondays in ``recap_weeks``) for a show of a ``commitcast.toml``.

    ``show`` is a show's slug (optional when the config has one show); finished work is
    taken from the cache; ``executor`` is ``"local"`` (a process pool of ``workers``,
    default one per core) or ``"ray"``. ``github_api_url`` and ``gitlab_api_url`` point a
    GitHub or GitLab show at another API root (GitHub Enterprise, a self-hosted GitLab's
    unusual address); by default it follows from the show's web URL.
    """
    from .runner import ShowRunner

    conf = config if isinstance(config, Config) else load_config(config)
    chosen = show if isinstance(show, ShowConfig) else conf.find(show)
    runner = ShowRunner(
        conf,
        chosen,
        executor=executor,
        workers=workers or os.cpu_count() or 1,
        ray_address=ray_address,
        wait=wait,
        progress=progress,
        github_api_url=github_api_url,
        gitlab_api_url=gitlab_api_url,
    )
    return runner.run(list(days), recap_weeks=None if recap_weeks is None else list(recap_weeks))
