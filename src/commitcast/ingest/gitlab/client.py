"""The GitLab REST API v4 client: :class:`~commitcast.ingest.forges.http.ForgeClient` with
GitLab's rate-limit headers, for gitlab.com or a self-hosted instance.

The token travels as ``Authorization: Bearer`` (GitLab takes personal, project, group and
OAuth tokens that way), never as ``PRIVATE-TOKEN``: httpx drops ``Authorization`` when a
redirect leaves the origin, and would carry any other header along.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import ClassVar
from urllib.parse import quote

from ..forges import http

__all__ = ["DEFAULT_API_URL", "GitLabClient", "token_from_env", "project_id", "check_api_url", "TOKEN_VARIABLE"]

DEFAULT_API_URL = "https://gitlab.com/api/v4"
TOKEN_VARIABLE = "GITLAB_TOKEN"


def token_from_env(environ: Mapping[str, str] | None = None) -> str | None:
    """The token in ``GITLAB_TOKEN``; None when it is unset or blank."""
    env = os.environ if environ is None else environ
    return env.get(TOKEN_VARIABLE, "").strip() or None


def project_id(path: str) -> str:
    """A project's full path as the API names it in a URL: ``group%2Fsub%2Fproject``."""
    return quote(path.strip("/"), safe="")


def check_api_url(api_url: str) -> str:
    """``api_url`` without a trailing slash if it is an http(s) URL with a host and no
    credentials; else a UserError naming ``--gitlab-api-url``."""
    return http.check_api_url(
        api_url, option="--gitlab-api-url", example=f"{DEFAULT_API_URL} or https://HOST/api/v4"
    )


class GitLabClient(http.ForgeClient):
    """REST calls against one GitLab API (``https://HOST/api/v4``), cached and rate-limit aware
    (see :class:`~commitcast.ingest.forges.http.ForgeClient`): GitLab's ``Link`` pagination,
    its ``RateLimit-Remaining`` / ``RateLimit-Reset`` headers and ``Retry-After`` on a 429."""

    label: ClassVar[str] = "GitLab"
    headers: ClassVar[Mapping[str, str]] = {"Accept": "application/json"}
    rate_limit_headers: ClassVar[tuple[str, str]] = ("ratelimit-remaining", "ratelimit-reset")
    default_api_url: ClassVar[str] = DEFAULT_API_URL
