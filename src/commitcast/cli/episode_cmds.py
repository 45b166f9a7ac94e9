"""Running shows: init, episode, backfill, recap, shows, doctor, demo."""

from __future__ import annotations

import json
import logging
import subprocess
from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from ..api import run_show
from ..config import (
    Config,
    ShowConfig,
    find_config,
    load_config,
    repo_problem,
    show_for_repo,
    slugify,
    starter_config,
)
from ..errors import StageError, UserError
from ..model import Show

if TYPE_CHECKING:
    from ..runner import RunReport
from ..window import parse_day, zone
from .common import ConsoleLog, GitHubOpt, GitLabOpt, console, err_console, shown, step_progress

ConfigOpt = Annotated[
    Path | None,
    typer.Option(
        "--config",
        "-c",
        envvar="COMMITCAST_CONFIG",
        help="The show configuration file (default: $COMMITCAST_CONFIG, else the nearest commitcast.toml here or above).",
    ),
]
ShowArg = Annotated[str | None, typer.Argument(help="Show slug (optional when the config has one show).")]
AllOpt = Annotated[bool, typer.Option("--all", help="Every show of the configuration, one after another.")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="Print only errors and the result.")]
VerboseOpt = Annotated[bool, typer.Option("--verbose", "-v", help="Log each stage (clone, read, each episode, publish) with its time.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the run report as JSON.")]
WaitOpt = Annotated[float, typer.Option("--wait", help="Seconds to wait for another run of the show.")]
WorkersOpt = Annotated[
    int | None, typer.Option("--workers", "-j", min=1, help="Episodes made side by side (default: one per core).")
]
ExecutorOpt = Annotated[str, typer.Option("--executor", help="'local' (process pool) or 'ray'.")]
RayOpt = Annotated[str | None, typer.Option("--ray-address", help="Ray cluster address (default: local Ray).")]

DEFAULT_CONFIG = Path("commitcast.toml")


def _logging(quiet: bool, verbose: bool) -> None:
    """commitcast's log on stderr, one line a record: errors only with --quiet, each stage
    and its time with --verbose, else warnings."""
    level = logging.ERROR if quiet else logging.INFO if verbose else logging.WARNING
    # Other libraries' chatter (httpx, filelock) stays at warnings even with --verbose.
    logging.basicConfig(level=max(level, logging.WARNING), handlers=[ConsoleLog()], force=True)
    logging.getLogger("commitcast").setLevel(level)


def _config_file(config: Path | None) -> Path:
    """The configuration a command reads: --config (or $COMMITCAST_CONFIG), else the nearest
    commitcast.toml in this directory or above it."""
    return config if config is not None else find_config(Path.cwd())


def _chosen_shows(
    config: Path | None, show: str | None, every: bool, quiet: bool, verbose: bool
) -> tuple[Config, list[ShowConfig]]:
    """Set up logging, read the configuration and pick the shows a command runs (warning
    while a feed cannot be subscribed to)."""
    from ..publish import base_url_problem

    _logging(quiet, verbose)
    conf = load_config(_config_file(config))
    if every and show is not None:
        raise UserError("give a show or --all, not both")
    chosen = conf.shows if every else [conf.find(show)]
    for item in chosen:
        problem = base_url_problem(item.show)
        if problem:
            logging.getLogger("commitcast").warning("%s: %s", item.show.slug, problem)
    return conf, chosen


def _each_show(
    config: Path | None,
    show: str | None,
    every: bool,
    quiet: bool,
    verbose: bool,
    as_json: bool,
    run: Callable[[Config, ShowConfig], RunReport],
) -> None:
    """``run`` each chosen show in turn and report it; with several, one show's failure
    does not stop the others."""
    conf, chosen = _chosen_shows(config, show, every, quiet, verbose)
    reports: dict[str, dict[str, Any]] = {}
    failed: list[str] = []
    for item in chosen:
        slug = item.show.slug
        if len(chosen) > 1 and not (quiet or as_json):
            console.print(f"[bold]{slug}[/]")
        try:
            report = run(conf, item)
            reports[slug] = _as_json(report)
            if not as_json:
                _say(report, quiet)
            _check(report)
        except (UserError, StageError) as exc:
            if len(chosen) == 1:
                _print_json(reports, as_json, single=True)
                raise
            err_console.print(f"[bold red]error:[/] {slug}: {shown(str(exc))}")
            failed.append(slug)
    _print_json(reports, as_json, single=len(chosen) == 1)
    if failed:
        raise StageError(f"{len(failed)} of {len(chosen)} shows failed: {', '.join(failed)}")


def _as_json(report: RunReport) -> dict[str, Any]:
    return {
        "made": report.made,
        "cached": report.cached,
        "skipped": [{"episode": s, "reason": r} for s, r in report.skipped],
        "failed": [{"episode": s, "error": e} for s, e in report.failed],
        "repaired": report.repaired,
        "kept": report.kept,
        "site_dir": report.site_dir,
        "feed": report.feed,
    }


def _print_json(reports: dict[str, dict[str, Any]], as_json: bool, *, single: bool) -> None:
    """The run reports as JSON: one show's report itself, several keyed by show."""
    if as_json and reports:
        console.print_json(json.dumps(next(iter(reports.values())) if single else reports))


def _say(report: RunReport, quiet: bool) -> None:
    """The run report as text: what was skipped, failed, made and already made."""
    for slug, reason in report.skipped:
        if not quiet:
            console.print(f"skipped {slug}: {shown(reason)}")
    for slug, error in report.failed:
        err_console.print(f"[red]failed {slug}:[/] {shown(error)}")
    if not quiet:
        console.print(f"made {len(report.made)} episode(s): {', '.join(report.made) or 'none'}")
        if report.cached:
            console.print(f"already made {len(report.cached)} (from the cache): {', '.join(report.cached)}")
    if report.site_dir:
        console.print(f"site: {report.site_dir}  (feed: {report.feed})")


def _check(report: RunReport) -> None:
    """A StageError when the run left work undone."""
    if report.kept:
        raise StageError(
            f"the site was left as it was published: {len(report.kept)} episode record(s) cannot be read or "
            "repaired (see above); the episodes made are kept and published by the next run once they are fixed"
        )
    if report.failed:
        raise StageError(f"{len(report.failed)} episode(s) failed; run the same command again to finish them")


def _report(report: RunReport, as_json: bool, quiet: bool) -> None:
    _print_json({"": _as_json(report)}, as_json, single=True)
    if not as_json:
        _say(report, quiet)
    _check(report)


def _yesterday(show: ShowConfig) -> date:
    return (datetime.now(zone(show.show.tz)) - timedelta(days=1)).date()


def _run(
    config: Config, show: ShowConfig, days: list[date], quiet: bool, *, weeks: list[date] | None = None, **options: Any
) -> RunReport:
    """Run ``show`` for ``days`` (and recap ``weeks``) with a progress display."""
    with step_progress(quiet) as progress:
        return run_show(config, show, days, recap_weeks=weeks, progress=progress, **options)


def init(
    name: Annotated[str | None, typer.Option(help="Show name (default: the repository's name).")] = None,
    repo: Annotated[str, typer.Option(help="Repository path or git URL.")] = ".",
    tz: Annotated[str, typer.Option(help="IANA time zone of the show.")] = "UTC",
    base_url: Annotated[
        str,
        typer.Option("--base-url", help="Where the site will be served (https://…): makes the feed's links absolute."),
    ] = "",
    config: ConfigOpt = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Write a starter commitcast.toml for one show (here, unless --config or $COMMITCAST_CONFIG says where)."""
    config = config or DEFAULT_CONFIG
    zone(tz)
    # Checked where the file will say it is (relative to the config); a config dir that
    # cannot be written is reported by the write below.
    if config.parent.is_dir() and (problem := repo_problem(repo, config.parent / repo)):
        raise UserError(f"--repo {problem.removeprefix('is ')}")
    if config.exists() and not force:
        raise UserError(f"{config} exists; pass --force to overwrite it")
    show_name = name or Path(repo.rstrip("/")).name.removesuffix(".git") or "My project"
    if show_name in (".", ""):
        show_name = Path.cwd().name
    try:
        config.write_text(starter_config(show_name, repo, tz=tz, base_url=base_url), encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot write {config}: {exc.strerror or exc}") from exc
    load_config(config)
    console.print(f"wrote {config}; make an episode with: commitcast episode --date YYYY-MM-DD", soft_wrap=True)
    if not base_url:
        err_console.print(
            "[yellow]warning:[/] no --base-url: the feed's links stay relative and podcast apps cannot subscribe "
            f"until base_url is set in {config}",
            soft_wrap=True,
        )


def episode(
    show: ShowArg = None,
    day: Annotated[str | None, typer.Option("--date", help="Day YYYY-MM-DD (default: yesterday).")] = None,
    every: AllOpt = False,
    config: ConfigOpt = None,
    github_api_url: GitHubOpt = None,
    gitlab_api_url: GitLabOpt = None,
    wait: WaitOpt = 0.0,
    quiet: QuietOpt = False,
    verbose: VerboseOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Make one day's episode (and the weekly recap on the recap day) and publish the site."""

    def run(conf: Config, chosen: ShowConfig) -> RunReport:
        when = parse_day(day) if day else _yesterday(chosen)
        return _run(
            conf, chosen, [when], quiet or as_json, wait=wait, github_api_url=github_api_url, gitlab_api_url=gitlab_api_url
        )

    _each_show(config, show, every, quiet, verbose, as_json, run)


def backfill(
    show: ShowArg = None,
    # ``...`` is Typer's mark of a required option that follows one with a default.
    since: Annotated[str, typer.Option("--since", help="First day YYYY-MM-DD.")] = ...,  # type: ignore[assignment]
    until: Annotated[str | None, typer.Option("--until", help="Day after the last (default: today).")] = None,
    every: AllOpt = False,
    workers: WorkersOpt = None,
    executor: ExecutorOpt = "local",
    ray_address: RayOpt = None,
    config: ConfigOpt = None,
    github_api_url: GitHubOpt = None,
    gitlab_api_url: GitLabOpt = None,
    wait: WaitOpt = 0.0,
    quiet: QuietOpt = False,
    verbose: VerboseOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Make every day's episode in [since, until) in parallel (plus due recaps), then publish once."""
    from ..pipeline import days_between

    def run(conf: Config, chosen: ShowConfig) -> RunReport:
        first = parse_day(since)
        end = parse_day(until) if until else datetime.now(zone(chosen.show.tz)).date()
        if first >= end:
            raise UserError(f"--since ({first}) must be before --until ({end})")
        days = list(days_between(first, end - timedelta(days=1)))
        return _run(
            conf,
            chosen,
            days,
            quiet or as_json,
            executor=executor,
            workers=workers,
            ray_address=ray_address,
            wait=wait,
            github_api_url=github_api_url,
            gitlab_api_url=gitlab_api_url,
        )

    _each_show(config, show, every, quiet, verbose, as_json, run)


def recap(
    show: ShowArg = None,
    # ``...`` is Typer's mark of a required option that follows one with a default.
    week: Annotated[str, typer.Option("--week", help="ISO week YYYY-Www, e.g. 2026-W38.")] = ...,  # type: ignore[assignment]
    every: AllOpt = False,
    config: ConfigOpt = None,
    wait: WaitOpt = 0.0,
    quiet: QuietOpt = False,
    verbose: VerboseOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Make the weekly recap episode of one ISO week and publish the site."""
    from ..pipeline import parse_week

    monday = parse_week(week)
    _each_show(
        config, show, every, quiet, verbose, as_json,
        lambda conf, chosen: _run(conf, chosen, [], quiet or as_json, weeks=[monday], wait=wait),
    )  # fmt: skip


def withdraw(
    show: Annotated[str, typer.Argument(help="Show slug.")],
    episode: Annotated[str, typer.Argument(help="Episode slug: a day (2026-09-19) or a recap (2026-W38-recap).")],
    config: ConfigOpt = None,
    wait: WaitOpt = 0.0,
) -> None:
    """Take an episode off the site, its feed and the catalogue in one step; the feed keeps the
    others, and the day made again later is a new item (a withdrawn guid is never reused)."""
    from ..runner import ShowRunner

    conf = load_config(_config_file(config))
    report = ShowRunner(conf, conf.find(show), wait=wait).withdraw(episode)
    _report(report, False, True)
    console.print(f"withdrew {episode} from {show}")


def shows(config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """List the configured shows and their latest episode."""
    from ..runner import ShowRunner
    from ..store import Catalogue

    conf = load_config(_config_file(config))
    rows: list[dict[str, Any]] = []
    with Catalogue.connect(conf.catalogue_location) as catalogue:
        for item in conf.shows:
            # A catalogue lost or set aside as damaged lists what the site has published.
            ShowRunner(conf, item).take_back_published(catalogue)
            episodes = catalogue.episodes(item.show.slug)
            last = max(episodes, key=lambda e: e.published_at, default=None)
            rows.append(
                {
                    "slug": item.show.slug,
                    "name": item.show.name,
                    "repo": item.show.repo,
                    "episodes": len(episodes),
                    "latest": last.slug if last else None,
                    "latest_title": last.title if last else None,
                    "site_dir": item.site_dir,
                }
            )
    if as_json:
        console.print_json(json.dumps(rows))
        return
    table = Table("show", "name", "episodes", "latest", "title")
    for row in rows:
        table.add_row(row["slug"], row["name"], str(row["episodes"]), row["latest"] or "-", row["latest_title"] or "")
    console.print(table)


def doctor(
    show: ShowArg = None,
    config: ConfigOpt = None,
    repair: Annotated[
        bool, typer.Option("--repair", help="Fix damaged state: catalogue, published records, voiced media, voice copy.")
    ] = False,
) -> None:
    """Check that the voice loads, the repository reads, the site dir is writable, the LLM answers
    and the state is whole (catalogue, published records, voiced media); --repair fixes it."""
    from ..doctor import run_checks

    conf = load_config(_config_file(config))
    chosen = [conf.find(show)] if show else conf.shows
    failed = 0
    for item in chosen:
        for check in run_checks(conf, item, repair=repair):
            mark = "[yellow]fixed[/]" if check.repaired else "[green]ok[/]  " if check.ok else "[red]FAIL[/]"
            console.print(f"{mark} {item.show.slug}: {check.name} — {shown(check.detail)}")
            failed += not check.ok
    if failed:
        raise StageError(f"{failed} check(s) failed")


PREVIEW_URL = "http://127.0.0.1:8000/"  # where `commitcast serve` shows a site by default


def demo(
    repo: Annotated[
        Path | None,
        typer.Option("--repo", help="A repository to tell (default: the bundled week of vuejs/core)."),
    ] = None,
    name: Annotated[str | None, typer.Option("--name", help="Show name (default: the project's name).")] = None,
    out: Annotated[Path, typer.Option("--out", help="Site directory.")] = Path("demo-site"),
    days: Annotated[
        int, typer.Option("--days", min=1, max=14, help="With --repo: how many recent active days.")
    ] = 3,
    base_url: Annotated[
        str,
        typer.Option(
            "--base-url",
            help="Where the site will be served: its feed, subscribe links and share links point there "
            "('' for relative links, to browse the files).",
        ),
    ] = PREVIEW_URL,
    quiet: QuietOpt = False,
) -> None:
    """Episodes and a weekly recap published into ./demo-site: a week of vuejs/core's real
    history (bundled), or the last active days of --repo."""
    _logging(quiet, False)
    if repo is None:
        report = _demo_sample(name, out, base_url, quiet)
    else:
        report = _demo_repo(repo, name, out, days, base_url, quiet)
    _report(report, False, quiet)
    if base_url:
        console.print(
            f"\nserve it: .venv/bin/commitcast serve {out}\nthen open {base_url} (search, subscribe links and "
            f"the feed, {base_url.rstrip('/')}/feed.xml, need it served)"
        )
    else:
        console.print(f"\nopen {(Path(report.site_dir or out) / 'index.html').resolve()}")


def _demo_sample(name: str | None, out: Path, base_url: str, quiet: bool) -> RunReport:
    """The bundled week of vuejs/core, replayed into a temporary repository and told."""
    import tempfile

    from ..publish import day_span
    from ..sample import load_sample, replay_sample

    sample = load_sample()
    name = name or sample.name
    show = ShowConfig(
        show=Show(
            name=name,
            slug=slugify(name),
            tz=sample.tz,
            web_url=sample.web_url,
            description=(
                f"Developer briefings on {sample.project}, made by commitcast from a week of its public "
                f"history ({day_span(sample.first_day, sample.last_day)}): what landed, who did it and "
                "what it means."
            ),
            copyright=f"Episodes made by commitcast from the public history of {sample.project} ({sample.licence})",
            owner_name="commitcast demo",
            owner_email="demo@example.invalid",  # a reserved address: a demo goes to no directory
            base_url=base_url,
        ),
        site_dir=str(out.resolve()),
        github=False,  # a past week, told offline: nothing to ask the forge
    )
    # The state dir outlives the temporary repository: its replay is the same every time, so
    # a second demo finds every episode made.
    state = Path(".commitcast") / "demo"
    with tempfile.TemporaryDirectory(prefix="commitcast-sample-") as scratch:
        where = replay_sample(Path(scratch) / sample.project.replace("/", "-"))
        show = replace(show, show=replace(show.show, repo=str(where)))
        conf = Config(path="(demo)", state_dir=str(state.resolve()), shows=[show])
        return _run(conf, show, list(sample.days), quiet, weeks=[sample.first_day])


def _demo_repo(repo: Path, name: str | None, out: Path, days: int, base_url: str, quiet: bool) -> RunReport:
    """The last active days of ``repo`` and the recap of the latest finished week among them."""
    from ..ingest import recent_active_days

    where = _toplevel(repo)
    state = where / ".commitcast" / "demo"
    found = show_for_repo(where, name)
    show = ShowConfig(
        show=replace(found, description=f"Daily developer briefings about {found.name}.", base_url=base_url),
        site_dir=str(out.resolve()),
    )
    conf = Config(path="(demo)", state_dir=str(state), shows=[show])
    active = recent_active_days(where, days, tz=show.show.tz, state_dir=state)
    if not active:
        raise UserError(f"{where} has no commits to tell")
    return _run(conf, show, active, quiet, weeks=[_demo_week(active, datetime.now(zone(show.show.tz)).date())])


def _demo_week(active: list[date], today: date) -> date:
    """The Monday of the latest finished week with an active day (a recap of a week that is
    still going would be premature), else of the latest active day's week."""
    mondays = sorted({day - timedelta(days=day.weekday()) for day in active})
    finished = [monday for monday in mondays if monday + timedelta(days=7) <= today]
    return (finished or mondays)[-1]


def _toplevel(path: Path) -> Path:
    done = subprocess.run(
        ["git", "-C", str(path), "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise UserError(f"{path} is not inside a git repository (use --repo PATH)")
    return Path(done.stdout.strip())


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    for command in (init, episode, backfill, recap, withdraw, shows, doctor, demo):
        app.command()(command)
