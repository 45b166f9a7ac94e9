"""GitHub behind the forge interface: :class:`GitHubForge` links and fetches for one repository
on github.com or a GitHub Enterprise server."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from commitcast.model import Window

from ..forges.model import PullRequestActivity
from ..forges.protocol import ActivitySource
from .activity import fetch_activity
from .client import DEFAULT_API_URL

__all__ = ["ActivitySource", "GitHubForge", "GitHubSource", "source_for", "github_slug"]


@dataclass(frozen=True)
class GitHubForge:
    """GitHub or GitHub Enterprise, through :func:`fetch_activity`: a
    :class:`~commitcast.ingest.forges.protocol.Forge`."""

    repo: str  # "owner/name"
    state_dir: Path
    api_url: str = DEFAULT_API_URL
    token: str | None = field(default=None, repr=False)  # None: GITHUB_TOKEN / GH_TOKEN
    timeout: float = 10.0
    max_wait: float = 60.0
    graphql: bool = False
    name: str = "github"
    web_url: str = ""  # the repository's page; "" for https://github.com/OWNER/NAME

    def __post_init__(self) -> None:
        if not self.web_url:
            object.__setattr__(self, "web_url", f"https://github.com/{self.repo}")

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

    def pr_url(self, number: int) -> str:
        """``…/pull/N``."""
        return f"{self.web_url}/pull/{number}"

    def change_url(self, sha: str) -> str:
        """``…/commit/SHA``."""
        return f"{self.web_url}/commit/{sha}"

    def person_url(self, login: str) -> str:
        """``https://HOST/LOGIN``."""
        url = httpx.URL(self.web_url)
        return f"{url.scheme}://{url.netloc.decode('ascii')}/{login}"


GitHubSource = GitHubForge  # the name it had before the forge interface


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
) -> GitHubForge | None:
    """GitHub's forge for a repository's web URL on GitHub (or the Enterprise host of
    ``api_url``), else None; :func:`commitcast.ingest.forges.forge_for` chooses among forges."""
    slug = github_slug(web_url, api_url=api_url)
    if slug is None or web_url is None:
        return None
    url = httpx.URL(web_url)
    page = f"{url.scheme}://{url.netloc.decode('ascii')}/{slug}"
    if url.host == "www.github.com":
        page = f"https://github.com/{slug}"
    return GitHubForge(repo=slug, state_dir=state_dir, api_url=api_url, graphql=graphql, web_url=page)
