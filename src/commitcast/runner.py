"""Running a show: turn days into published episodes, under the show's lock."""

from __future__ import annotations

import logging
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cache import probe_writable
from .config import Config, ShowConfig
from .errors import StageError, UserError
from .executors import ExecutorName, Outcome, check_executor, make_executor
from .lock import check_wait, show_lock
from .model import Episode
from .pipeline import (
    LOOKBACK,
    DayInput,
    EpisodeJob,
    Progress,
    daily_jobs,
    episode_window,
    finished_episode,
    media_dir,
    recap_job,
    recap_mondays,
)
from .sources import is_remote, local_repository, redact_url
from .store import Catalogue
from .window import zone

if TYPE_CHECKING:
    from .ingest import Forge, Landed

__all__ = ["RunReport", "ShowRunner"]

log = logging.getLogger("commitcast.runner")


@dataclass
class RunReport:
    """What a run made, skipped and failed, and where the site is."""

    made: list[str] = field(default_factory=list)  # made by this run
    cached: list[str] = field(default_factory=list)  # made by an earlier run, taken from the cache
    skipped: list[tuple[str, str]] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    site_dir: str | None = None  # None when the site was not published
    feed: str | None = None
    repaired: list[str] = field(default_factory=list)  # published records repaired from their files
    kept: list[str] = field(default_factory=list)  # unrepairable records: the site was kept as it was

    def in_order(self, order: dict[str, tuple[Any, str]]) -> None:
        """Each list in the order of the episodes' days (``order``: slug -> sort key)."""
        self.made.sort(key=order.__getitem__)
        self.cached.sort(key=order.__getitem__)
        self.skipped.sort(key=lambda pair: order[pair[0]])
        self.failed.sort(key=lambda pair: order[pair[0]])

    @property
    def ok(self) -> bool:
        """True when no job failed and the site was published whole."""
        return not self.failed and not self.kept


class ShowRunner:
    """Makes and publishes a show's episodes with a chosen executor."""

    def __init__(
        self,
        config: Config,
        show: ShowConfig,
        *,
        executor: ExecutorName = "local",
        workers: int = 1,
        ray_address: str | None = None,
        wait: float = 0.0,
        progress: Progress | None = None,
        github_api_url: str | None = None,
        gitlab_api_url: str | None = None,
    ) -> None:
        self.config = config
        self.show = show
        self.state_dir = Path(config.state_dir)
        self.executor_name = check_executor(executor)  # before any work, even when all is cached
        self.workers = workers
        self.ray_address = ray_address
        self.wait = check_wait(wait)
        self.progress = progress or (lambda label, done, total: None)
        self.github_api_url = github_api_url
        self.gitlab_api_url = gitlab_api_url

    def _history(self, first: date, last: date) -> tuple[ShowConfig, Landed]:
        """The show with its forge link filled in, and every change its episodes may need."""
        from .ingest import forge_web_url, read_landed

        slug = self.show.show.slug
        since = episode_window(self.show, first).since - LOOKBACK
        self.progress("reading history", 0, 0)  # its clock starts now, with the clone or fetch
        started = time.monotonic()
        repo = local_repository(self.show.show.repo, self.state_dir, slug, since=since)
        if is_remote(self.show.show.repo):
            log.info("%s: clone of %s up to date in %.1f s", slug, redact_url(self.show.show.repo), time.monotonic() - started)
        show = self.show
        if show.show.web_url is None:
            show = replace(show, show=replace(show.show, web_url=forge_web_url(repo, show.forge)))
        until = episode_window(show, last).until
        started = time.monotonic()
        landed = read_landed(
            repo,
            since,
            until,
            show.show.branch,
            state_dir=self.state_dir,
            catalogue=self.config.catalogue_location,
            progress=lambda done, total: self.progress("reading history", done, total),
        )
        for warning in landed.warnings:
            log.warning(warning)
        read = len(landed.changes)
        self.progress("reading history", read, read)
        log.info(
            "%s: read %d changes (%d parsed, the rest cached) from %s to %s in %.1f s",
            slug, read, landed.parsed, since.date(), until.date(), time.monotonic() - started,
        )  # fmt: skip
        return show, landed

    def _forge(self, show: ShowConfig) -> Forge | None:
        """The show's forge (its ``forge`` setting, else its web URL's host), or None."""
        from .ingest import forge_for

        api_urls = {"github": self.github_api_url, "gitlab": self.gitlab_api_url}
        forge = forge_for(show.show.web_url, state_dir=self.state_dir, forge=show.forge, api_urls=api_urls)
        if forge is None and show.forge is not None:
            log.info(
                "%s: forge %s not used: no web_url is set and the origin remote names no project on it",
                show.show.slug, show.forge,
            )  # fmt: skip
        return forge

    def _with_forge(self, jobs: list[EpisodeJob], forge: Forge | None) -> list[EpisodeJob]:
        """Jobs whose days carry the forge's PR data (reviewers, labels, open stacks), when it can be had."""
        if not self.show.github or not jobs or forge is None:
            return jobs
        from .ingest import enrich, spotlight, stack_next_items, unlanded_wins

        enriched: dict[str, DayInput] = {}

        def with_forge(day: DayInput) -> DayInput | None:
            key = day.window.since.isoformat()
            if key not in enriched:
                activity = forge.fetch(day.window, numbers={c.pr.number for c in day.changes if c.pr})
                if activity is None:  # already logged why; stop asking for the other days
                    return None
                found = enrich(day.changes, activity, earlier=day.earlier)
                items = stack_next_items(found) + unlanded_wins(found)
                enriched[key] = replace(
                    day, changes=list(found.changes), in_flight=items, spotlight=spotlight(found)
                )
            return enriched[key]

        result: list[EpisodeJob] = []
        for job in jobs:
            days = [ready for day in job.days if (ready := with_forge(day)) is not None]
            if len(days) < len(job.days):
                return result + jobs[len(result) :]
            result.append(replace(job, days=days))
        return result

    def run(self, days: list[date], *, recap_weeks: list[date] | None = None, publish: bool = True) -> RunReport:
        """Make the episodes of ``days`` (plus due or given recaps), then publish the site."""
        days = sorted(set(days))
        weeks = sorted(set(recap_weeks if recap_weeks is not None else recap_mondays(self.show, days)))
        self._not_after_today(days + weeks)
        report = RunReport()
        self._preflight("state", self.state_dir)
        with show_lock(self.state_dir, self.show.show.slug, wait=self.wait):
            span = days + weeks + [m + timedelta(days=6) for m in weeks]
            if not span:
                return report
            show, landed = self._history(min(span), max(span))
            if publish:  # before any episode is made for a site that cannot take it
                self._preflight("site", Path(show.site_dir))
            context: dict[str, Any] = {"releases": landed.releases, "notes": landed.notes, "definitions": landed.definitions}
            from .ingest import with_links

            forge = self._forge(show)
            changes = with_links(landed.changes, forge)
            jobs = daily_jobs(show, days, changes, self.state_dir, **context)
            jobs += [recap_job(show, monday, changes, self.state_dir, **context) for monday in weeks]
            jobs = self._with_forge(jobs, forge)
            with Catalogue.connect(self.config.catalogue_location) as catalogue:
                self._adopt_published(catalogue, show, report)
                self.progress("making episodes", 0, len(jobs))
                for done, outcome in enumerate(self._outcomes(jobs), start=1):
                    self.progress("making episodes", done, len(jobs))
                    self._record(outcome, catalogue, report)
                report.in_order({job.slug: (job.window.until, job.slug) for job in jobs})
                if publish:
                    self._publish(show, catalogue.episodes(show.show.slug), report)
        return report

    def take_back_published(self, catalogue: Catalogue) -> None:
        """Refill ``catalogue`` with the episodes the show's site holds and it lacks (see below)."""
        self._adopt_published(catalogue, self.show, RunReport())

    def _record(self, outcome: Outcome, catalogue: Catalogue, report: RunReport) -> None:
        """One job's outcome into the catalogue and the report (and the log, with its times)."""
        slug, result = outcome.job.slug, outcome.result
        if outcome.error is not None:
            report.failed.append((slug, outcome.error))
        elif result is not None and result.episode is not None:
            catalogue.put_episode(result.episode)
            (report.cached if outcome.cached else report.made).append(slug)
            if outcome.cached:
                log.info("%s: already made (from the cache)", slug)
            else:
                times = ", ".join(f"{stage} {seconds:.1f} s" for stage, seconds in result.seconds.items())
                log.info("%s: made in %.1f s (%s)", slug, sum(result.seconds.values()), times)
        elif result is not None:
            report.skipped.append((slug, result.skipped or "skipped"))
            log.info("%s: skipped (%s)", slug, result.skipped)

    def _outcomes(self, jobs: list[EpisodeJob]) -> Iterator[Outcome]:
        """Every job's outcome: finished ones straight from the cache, the rest from the executor."""
        pending = []
        for job in jobs:
            try:
                result = finished_episode(job)
            except Exception:  # noqa: BLE001 - the executor makes it again and reports the error
                result = None
            if result is None:
                pending.append(job)
            else:
                yield Outcome(job, result=result, cached=True)
        if not pending:  # nothing to make: no pool to start, no Ray to connect to
            return
        # Episodes made side by side voice in their own worker each; a lone episode gets all
        # of the run's workers for its voice.
        side_by_side = len(pending) > 1 and (self.workers > 1 or self.executor_name == "ray")
        voice_workers = 1 if side_by_side else self.workers
        # Biggest first, so no long episode starts last while the other workers sit idle.
        pending.sort(key=lambda job: sum(len(day.changes) for day in job.days), reverse=True)
        pending = [replace(job, voice_workers=voice_workers) for job in pending]
        yield from make_executor(self.executor_name, self.workers, self.ray_address).run(pending)

    def publish(self) -> RunReport:
        """Re-publish the site from the catalogue."""
        report = RunReport()
        self._preflight("state", self.state_dir)
        self._preflight("site", Path(self.show.site_dir))
        with show_lock(self.state_dir, self.show.show.slug, wait=self.wait):
            with Catalogue.connect(self.config.catalogue_location) as catalogue:
                self._adopt_published(catalogue, self.show, report)
                self._publish(self.show, catalogue.episodes(self.show.show.slug), report)
        return report

    def withdraw(self, slug: str) -> RunReport:
        """Take episode ``slug`` off the site, its feed and the catalogue; a later run that
        makes the same day again publishes it under a new guid."""
        from .publish import note_withdrawal

        report = RunReport()
        site = Path(self.show.site_dir)
        self._preflight("state", self.state_dir)
        self._preflight("site", site)
        with show_lock(self.state_dir, self.show.show.slug, wait=self.wait):
            with Catalogue.connect(self.config.catalogue_location) as catalogue:
                self._adopt_published(catalogue, self.show, report)
                episodes = catalogue.episodes(self.show.show.slug)
                if slug not in {e.slug for e in episodes}:
                    names = ", ".join(e.slug for e in episodes[-3:]) or "none yet"
                    raise UserError(f"show {self.show.show.slug!r} has no episode {slug!r} (latest: {names})")
                # The site first: a crash before the catalogue forgets it leaves the episode
                # where a run finds it, and the same command finishes the job.
                self._publish(self.show, [e for e in episodes if e.slug != slug], report)
                if report.kept:
                    return report
                shutil.rmtree(site / "episodes" / slug, ignore_errors=True)  # what no ledger named
                note_withdrawal(site, slug)
                catalogue.remove_episode(self.show.show.slug, slug)
        return report

    def _not_after_today(self, days: list[date]) -> None:
        """A day that has not begun yet in the show's zone cannot be told (nor its week)."""
        today = datetime.now(zone(self.show.show.tz)).date()
        future = [day for day in days if day > today]
        if future:
            raise UserError(
                f"{future[0].isoformat()} is after today ({today.isoformat()} in {self.show.show.tz}, the show's "
                "time zone): an episode tells a day that has happened"
            )

    def _adopt_published(self, catalogue: Catalogue, show: ShowConfig, report: RunReport) -> None:
        """Take back into the catalogue the episodes the site holds but the catalogue lacks (a
        fresh CI machine, a lost state dir), from the records publishing left beside their
        media, so a new publish never drops an episode that is already out. An unreadable
        record is repaired from the episode's own files; one that cannot be is put in
        ``report.kept``, and the site is then not published at all."""
        from .publish import read_site

        site = Path(show.site_dir)
        catalogue.episodes(show.show.slug)  # forgets rows that cannot be read, so they are taken back too
        # Only the records the catalogue lacks are read: a run on a show of a thousand
        # episodes must not decode them all twice (measured: 1.4 s).
        records = read_site(site, skip=catalogue.episode_slugs(show.show.slug), show=show.show)
        if records.show_problem and records.episodes:
            log.warning("%s; it is written again from the configuration", records.show_problem)
        adopted = [e for e in records.episodes if e.show == show.show.slug]
        for episode in adopted:
            catalogue.put_episode(episode)
        if adopted:
            log.info("took %d published episode(s) back into the catalogue from %s", len(adopted), site)
        for note in records.repaired:
            log.warning("%s", note)
        report.repaired += records.repaired
        report.kept += records.lost

    def _preflight(self, name: str, directory: Path) -> None:
        """Fail before any work when the state or the site directory cannot be written."""
        try:
            probe_writable(directory)
        except OSError as exc:
            key = f"{name}_dir"  # the setting that names it
            raise UserError(
                f"cannot write the {name} dir {directory} ('{key}' in {self.config.path}): {exc.strerror or exc}"
            ) from exc

    def _publish(self, show: ShowConfig, episodes: list[Episode], report: RunReport) -> None:
        from .publish import publish_site

        if report.kept:  # publishing without them would drop them from the feed
            log.warning("the site is left as it was published: %s", "; ".join(report.kept))
            return
        self.progress("publishing", 0, 1)
        episodes = [_with_media(e, show, self.state_dir) for e in episodes]
        started = time.monotonic()
        try:
            result = publish_site(show.show, episodes, Path(show.site_dir))
        except OSError as exc:  # a full disk or a directory taken away mid-run
            raise StageError(f"cannot publish to {show.site_dir}: {exc.strerror or exc}") from exc
        self.progress("publishing", 1, 1)
        log.info(
            "%s: published %d episodes to %s in %.1f s (%d files written, %d removed, %d unchanged)",
            show.show.slug, result.episodes, show.site_dir, time.monotonic() - started, len(result.written),
            len(result.removed), result.unchanged,
        )  # fmt: skip
        report.site_dir = show.site_dir
        report.feed = str(Path(show.site_dir) / "feed.xml")


def _with_media(episode: Episode, show: ShowConfig, state_dir: Path) -> Episode:
    """``episode`` publishing from wherever its MP3 still is when its own media dir lacks it:
    the state's voiced copy of its script (a catalogue refilled from the site points at the
    site's folder, whose MP3 may have been deleted) or the site's published copy (``doctor
    --repair`` removed a damaged voiced copy): what is out is published again, not refused."""
    if not episode.media_dir or (Path(episode.media_dir) / "episode.mp3").is_file():
        return episode
    for folder in (media_dir(state_dir, show, episode.script), Path(show.site_dir) / "episodes" / episode.slug):
        if _holds(folder, episode):
            return replace(episode, media_dir=str(folder))
    return episode


def _holds(folder: Path, episode: Episode) -> bool:
    """Whether ``folder`` has the episode's MP3, whole (the size its audio record says)."""
    try:
        return episode.audio is not None and (folder / "episode.mp3").stat().st_size == episode.audio.size
    except OSError:
        return False
