"""Running a show: turn days into published episodes, under the show's lock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

from .config import Config, ShowConfig
from .executors import make_executor
from .lock import show_lock
from .model import Change, Episode
from .pipeline import LOOKBACK, EpisodeJob, daily_jobs, episode_window, recap_job, recap_mondays
from .sources import local_repository
from .store import Catalogue

__all__ = ["RunReport", "ShowRunner"]

# Called with (label, done, total) as work progresses; the CLI draws it as a progress bar.
Progress = Callable[[str, int, int], None]


@dataclass
class RunReport:
    """What a run made, skipped and failed, and where the site is."""

    made: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    site_dir: str | None = None
    feed: str | None = None

    @property
    def ok(self) -> bool:
        """True when no job failed."""
        return not self.failed


class ShowRunner:
    """Makes and publishes a show's episodes with a chosen executor."""

    def __init__(
        self,
        config: Config,
        show: ShowConfig,
        *,
        executor: str = "local",
        workers: int = 1,
        ray_address: str | None = None,
        wait: float = 0.0,
        progress: Progress | None = None,
    ) -> None:
        self.config = config
        self.show = show
        self.state_dir = Path(config.state_dir)
        self.executor_name = executor
        self.workers = workers
        self.ray_address = ray_address
        self.wait = wait
        self.progress = progress or (lambda label, done, total: None)

    def _changes(self, first: date, last: date) -> list[Change]:
        from .ingest import landed_changes

        repo = local_repository(self.show.show.repo, self.state_dir, self.show.show.slug)
        since = episode_window(self.show, first).since - LOOKBACK
        until = episode_window(self.show, last).until
        return landed_changes(repo, since, until, self.show.show.branch, state_dir=self.state_dir)

    def run(self, days: list[date], *, recap_weeks: list[date] | None = None, publish: bool = True) -> RunReport:
        """Make the episodes of ``days`` (plus due or given recaps), then publish the site."""
        days = sorted(set(days))
        weeks = sorted(set(recap_weeks if recap_weeks is not None else recap_mondays(self.show, days)))
        report = RunReport()
        with show_lock(self.state_dir, self.show.show.slug, wait=self.wait):
            span = days + weeks + [m + timedelta(days=6) for m in weeks]
            if not span:
                return report
            self.progress("reading history", 0, 1)
            changes = self._changes(min(span), max(span))
            self.progress("reading history", 1, 1)
            # Episodes made side by side voice on one core each; one at a time, on every core.
            side_by_side = len(days) + len(weeks) > 1 and (self.workers > 1 or self.executor_name == "ray")
            voice_workers = 1 if side_by_side else None
            jobs: list[EpisodeJob] = daily_jobs(self.show, days, changes, self.state_dir, voice_workers)
            jobs += [recap_job(self.show, monday, changes, self.state_dir, voice_workers) for monday in weeks]
            executor = make_executor(self.executor_name, self.workers, self.ray_address)
            with Catalogue.open(self.state_dir) as catalogue:
                for done, outcome in enumerate(executor.run(jobs), start=1):
                    self.progress("making episodes", done, len(jobs))
                    if outcome.error is not None:
                        report.failed.append((outcome.job.slug, outcome.error))
                    elif outcome.result is not None and outcome.result.episode is not None:
                        catalogue.put_episode(outcome.result.episode)
                        report.made.append(outcome.job.slug)
                    elif outcome.result is not None:
                        report.skipped.append((outcome.job.slug, outcome.result.skipped or "skipped"))
                if publish:
                    self._publish(catalogue.episodes(self.show.show.slug), report)
        return report

    def publish(self) -> RunReport:
        """Re-publish the site from the catalogue."""
        report = RunReport()
        with show_lock(self.state_dir, self.show.show.slug, wait=self.wait):
            with Catalogue.open(self.state_dir) as catalogue:
                self._publish(catalogue.episodes(self.show.show.slug), report)
        return report

    def _publish(self, episodes: list[Episode], report: RunReport) -> None:
        from .publish import publish_site

        self.progress("publishing", 0, 1)
        result = publish_site(self.show.show, episodes, Path(self.show.site_dir))
        self.progress("publishing", 1, 1)
        report.site_dir = self.show.site_dir
        report.feed = str(Path(self.show.site_dir) / "feed.xml")
        del result
