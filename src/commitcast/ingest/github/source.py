"""Activity sources: the forges that can say what happened to pull requests in a window.

A source is anything with a ``name`` and a ``fetch`` method; adding GitLab means adding a
module with a class like :class:`GitHubSource` and a branch in :func:`source_for`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

import httpx

from commitcast.model import Window

from .activity import fetch_activity
from .client import DEFAULT_API_URL
from .model import PullRequestActivity

__all__ = ["ActivitySource", "GitHubSource", "source_for", "github_slug"]


@runtime_checkable
class ActivitySource(Protocol):
    """A forge that reports pull-request activity; ``fetch`` never raises for forge trouble."""

    @property
    def name(self) -> str:
        """The forge's name, e.g. "github"."""
        ...

    def fetch(self, window: Window, *, numbers: Collection[int] = ()) -> PullRequestActivity | None:
        """The activity in ``window`` (plus the PRs ``numbers``), or None when unavailable."""
        ...


@dataclass(frozen=True)
class GitHubSource:
    """GitHub or GitHub Enterprise, through :func:`fetch_activity`."""

    repo: str  # "owner/name"
    state_dir: Path
    api_url: str = DEFAULT_API_URL
    token: str | None = field(default=None, repr=False)  # None: GITHUB_TOKEN / GH_TOKEN
    timeout: float = 10.0
    max_wait: float = 60.0
    graphql: bool = False
    name: str = "github"

    def fetch(self, window: Window, *, numbers: Collection[int] = ()) -> PullRequestActivity | None:
        """The repository's PR activity in ``window``, or None (logged) when GitHub is unusable."""
        return fetch_activity(
            self.repo,
            window,
            state_dir=self.state_dir,
            api_url=self.api_url,
            token=self.token,
            timeout=self.timeout,
            max_wait=self.max_wait,
            numbers=numbers,
            graphql=self.graphql,
        )


def github_slug(web_url: str | None, *, api_url: str = DEFAULT_API_URL) -> str | None:
    """``owner/name`` from a repository web URL on github.com (or on the Enterprise host of
    ``api_url``); None for any other URL."""
    if not web_url:
        return None
    url = httpx.URL(web_url)
    hosts = {"github.com", "www.github.com"}
    if api_url.rstrip("/") != DEFAULT_API_URL:
        hosts.add(httpx.URL(api_url).host)
    parts = [p for p in url.path.split("/") if p]
    if url.host not in hosts or len(parts) < 2:
        return None
    return f"{parts[0]}/{parts[1].removesuffix('.git')}"


def source_for(
    web_url: str | None,
    *,
    state_dir: Path,
    api_url: str = DEFAULT_API_URL,
    graphql: bool = False,
) -> ActivitySource | None:
    """The activity source for a repository's forge URL, or None for forges not supported yet."""
    slug = github_slug(web_url, api_url=api_url)
    if slug is None:
        return None
    return GitHubSource(repo=slug, state_dir=state_dir, api_url=api_url, graphql=graphql)
