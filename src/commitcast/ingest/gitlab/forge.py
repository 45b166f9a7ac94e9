"""GitLab behind the forge interface: :class:`GitLabForge` links and fetches for one project on
gitlab.com or a self-hosted GitLab."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from commitcast.model import Window

from ..forges.model import PullRequestActivity
from .activity import fetch_activity
from .client import DEFAULT_API_URL

__all__ = ["GitLabForge", "gitlab_project", "api_url_for"]


def gitlab_project(web_url: str | None) -> str | None:
    """A project's full path (``group/sub/project``) from its web URL (or a page inside it,
    ``…/-/merge_requests/7``); None when the URL names no project."""
    if not web_url:
        return None
    try:
        url = httpx.URL(web_url)
    except httpx.InvalidURL:
        return None
    path = url.path.split("/-/", 1)[0]
    parts = [p for p in path.split("/") if p]
    if not url.host or len(parts) < 2:
        return None
    parts[-1] = parts[-1].removesuffix(".git")
    return "/".join(parts)


def api_url_for(web_url: str) -> str:
    """The REST API v4 root of the GitLab a web URL is on: ``https://HOST/api/v4``."""
    url = httpx.URL(web_url)
    if url.host in ("gitlab.com", "www.gitlab.com"):
        return DEFAULT_API_URL
    return f"{url.scheme}://{url.netloc.decode('ascii')}/api/v4"


@dataclass(frozen=True)
class GitLabForge:
    """A GitLab project, through :func:`fetch_activity`: a
    :class:`~commitcast.ingest.forges.protocol.Forge` whose pull requests are merge requests."""

    project: str  # the project's full path, "group/sub/project"
    state_dir: Path
    web_url: str = ""  # the project's page; "" for https://gitlab.com/PROJECT
    api_url: str = ""  # "" for the API of web_url's host (https://HOST/api/v4)
    token: str | None = field(default=None, repr=False)  # None: GITLAB_TOKEN
    timeout: float = 10.0
    max_wait: float = 60.0
    name: str = "gitlab"

    def __post_init__(self) -> None:
        if not self.web_url:
            object.__setattr__(self, "web_url", f"https://gitlab.com/{self.project}")
        object.__setattr__(self, "web_url", self.web_url.rstrip("/"))
        if not self.api_url:
            object.__setattr__(self, "api_url", api_url_for(self.web_url))

    def fetch(self, window: Window, *, numbers: Collection[int] = ()) -> PullRequestActivity | None:
        """The project's merge-request activity in ``window``, or None (logged) when GitLab is unusable."""
        return fetch_activity(
            self.project,
            window,
            state_dir=self.state_dir,
            api_url=self.api_url,
            token=self.token,
            timeout=self.timeout,
            max_wait=self.max_wait,
            numbers=numbers,
        )

    def pr_url(self, number: int) -> str:
        """``…/-/merge_requests/N``."""
        return f"{self.web_url}/-/merge_requests/{number}"

    def change_url(self, sha: str) -> str:
        """``…/-/commit/SHA``."""
        return f"{self.web_url}/-/commit/{sha}"

    def person_url(self, login: str) -> str:
        """``https://HOST/USERNAME``."""
        url = httpx.URL(self.web_url)
        return f"{url.scheme}://{url.netloc.decode('ascii')}/{login}"
