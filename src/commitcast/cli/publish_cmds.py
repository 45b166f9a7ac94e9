"""``commitcast publish``, ``serve`` and ``lint-feed``: the static site and its feed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated, TypeVar

import typer

from ..api import publish_site
from ..errors import StageError, UserError
from ..model import Episode, Show
from .common import console, err_console, shown

_Record = TypeVar("_Record", Show, Episode)


def publish(
    site_dir: Annotated[Path, typer.Argument(help="The site directory to (re)publish.")],
    episode: Annotated[
        list[Path] | None,
        typer.Option("--episode", help="An episode record (JSON) to add; its media sits in its media_dir or next to it."),
    ] = None,
    show_file: Annotated[Path | None, typer.Option("--show", help="Show record (JSON); default SITE_DIR/show.json.")] = None,
    base_url: Annotated[str | None, typer.Option("--base-url", help="Absolute URL the site is served from.")] = None,
    feed_limit: Annotated[int, typer.Option("--feed-limit", min=1, help="Newest episodes kept in the feed.")] = 300,
) -> None:
    """Rebuild SITE_DIR from its own records, plus any new episode records given."""
    from ..publish import read_site

    given = _read(show_file, Show) if show_file is not None else None
    records = read_site(site_dir, show=given)
    show = given or records.show
    if show is None:
        raise UserError(f"{records.show_problem}: publish into it from the pipeline first, or pass --show")
    for note in records.repaired:
        err_console.print(f"[yellow]warning:[/] {shown(note)}")
    if records.lost:
        raise StageError("the site was left as it was published: " + "; ".join(records.lost))
    existing = records.episodes
    if base_url is not None:
        show = replace(show, base_url=base_url)
    by_slug = {e.slug: e for e in existing}
    for path in episode or []:
        record = _read(path, Episode)
        by_slug[record.slug] = record if record.media_dir else replace(record, media_dir=str(path.parent))
    try:
        with err_console.status("publishing…"):
            result = publish_site(show, list(by_slug.values()), site_dir, feed_limit=feed_limit)
    except OSError as exc:  # a full disk or a directory taken away: every write is atomic, the site stays whole
        raise StageError(f"cannot publish to {site_dir}: {exc.strerror or exc}") from exc
    for warning in result.warnings:
        err_console.print(f"[yellow]{shown(str(warning))}[/]")
    console.print(
        f"{result.episodes} episodes, {result.feed_items} in the feed: "
        f"{len(result.written)} files written, {result.unchanged} unchanged → {result.feed}"
    )


def _read(path: Path, kind: type[_Record]) -> _Record:
    try:
        return kind.from_json(path.read_bytes())
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise UserError(f"{path} is not a {kind.__name__} record: {exc}") from exc


def serve(
    site_dir: Annotated[Path, typer.Argument(help="The site directory to serve.")] = Path("."),
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")] = 8000,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
) -> None:
    """Preview a published site locally (byte ranges, podcast MIME types, CORS, ETags, gzip)."""
    from ..publish import make_server

    server = make_server(site_dir, host, port)
    address, actual = server.server_address[:2]
    host_name = address.decode() if isinstance(address, bytes) else address
    console.print(f"serving {site_dir} at http://{host_name}:{actual}/  (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def lint_feed(
    feed: Annotated[str, typer.Argument(help="A feed.xml file or an http(s) URL.")],
    site: Annotated[Path | None, typer.Option("--site", help="Site directory holding the files the feed links.")] = None,
) -> None:
    """Check a podcast feed against Apple's and Podcasting 2.0's rules; exit 1 on errors."""
    from ..publish import grouped, lint_source

    problems = lint_source(feed, site_dir=site)
    errors = sum(p.level == "error" for p in problems)
    # One line for what repeats in every item (56 relative URLs are one mistake: no base_url).
    for problem, count in grouped(problems):
        colour = "red" if problem.level == "error" else "yellow"
        more = f" [dim](and {count - 1} more like it)[/]" if count > 1 else ""
        console.print(f"[{colour}]{problem.level}[/]: {shown(problem.where)}: {shown(problem.message)}{more}", soft_wrap=True)
    console.print(f"{errors} errors, {len(problems) - errors} warnings")
    if errors:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command("publish")(publish)
    app.command("serve")(serve)
    app.command("lint-feed")(lint_feed)
