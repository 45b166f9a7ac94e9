"""Choosing a repository's forge: from the show's ``forge`` setting, else from its web URL."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import httpx

from commitcast.errors import UserError
from commitcast.model import Change, ForgeName

from .protocol import FORGE_NAMES, Forge

__all__ = ["forge_for", "forge_name", "check_forge", "with_links"]


def check_forge(name: str) -> ForgeName:
    """``name`` as a forge's name, else a one-line UserError listing the forges there are."""
    for known in FORGE_NAMES:
        if name == known:
            return known
    raise UserError(f"unknown forge {name!r} (commitcast knows {' and '.join(FORGE_NAMES)})")


def _host(url: str | None) -> str | None:
    if not url:
        return None
    try:
        return httpx.URL(url).host.lower() or None
    except httpx.InvalidURL:
        return None


def forge_name(web_url: str | None, *, api_urls: Mapping[str, str | None] | None = None) -> ForgeName | None:
    """The forge a repository's web URL is on: github.com, a ``gitlab.`` host or gitlab.com, or
    the host of an API URL given for a forge (GitHub Enterprise, a self-hosted GitLab); else None."""
    host = _host(web_url)
    if host is None:
        return None
    if host in ("github.com", "www.github.com"):
        return "github"
    if host == "gitlab.com" or host.startswith("gitlab."):
        return "gitlab"
    for name in FORGE_NAMES:
        if host == _host((api_urls or {}).get(name)):
            return name
    return None


def forge_for(
    web_url: str | None,
    *,
    state_dir: Path,
    forge: ForgeName | None = None,
    api_urls: Mapping[str, str | None] | None = None,
) -> Forge | None:
    """The forge of the repository at ``web_url``: the one ``forge`` names, else the one its
    URL is on (:func:`forge_name`); None when there is none (no URL, a host no forge is known on).

    ``api_urls`` maps a forge's name to its API root when it is not the usual one (GitHub
    Enterprise's ``https://HOST/api/v3`` is assumed for a GitHub that is not github.com, and
    ``https://HOST/api/v4`` for any GitLab). Its cached answers go under ``state_dir``.
    """
    name = check_forge(forge) if forge is not None else forge_name(web_url, api_urls=api_urls)
    if name is None or not web_url:
        return None
    api_url = (api_urls or {}).get(name) or None
    if name == "github":
        from ..github import DEFAULT_API_URL, source_for

        host = _host(web_url)
        if api_url is None:
            api_url = DEFAULT_API_URL if host in ("github.com", "www.github.com") else f"https://{host}/api/v3"
        return source_for(web_url, state_dir=state_dir / "github", api_url=api_url)
    from ..gitlab import GitLabForge, gitlab_project

    project = gitlab_project(web_url)
    if project is None:
        return None
    url = httpx.URL(web_url)
    page = f"{url.scheme}://{url.netloc.decode('ascii')}/{project}"
    return GitLabForge(project=project, state_dir=state_dir, web_url=page, api_url=api_url or "")


def with_links(changes: Sequence[Change], forge: Forge | None) -> list[Change]:
    """``changes`` with a link for each pull request whose message gave none (a self-hosted
    forge on a host the message parser cannot tell, a mirror's clone), in the forge's style."""
    if forge is None:
        return list(changes)
    return [
        replace(c, pr=replace(c.pr, url=forge.pr_url(c.pr.number))) if c.pr is not None and not c.pr.url else c
        for c in changes
    ]

