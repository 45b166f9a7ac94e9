"""The GitHub API client: :class:`~commitcast.ingest.forges.http.ForgeClient` with GitHub's
headers and rate-limit headers, and GraphQL for batched PR details.

The token only ever travels in the ``Authorization`` header: it is never part of a URL,
a cache key, a cache file, a log line or an exception message.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any, ClassVar

from ..forges.http import (
    MAX_ANSWER_BYTES,
    MAX_PAGE_ITEMS,
    MAX_PAGES,
    ApiStats,
    ForgeClient,
    ForgeError,
    ForgeUnavailable,
    HttpCache,
    NotFound,
    RateLimited,
    _json,
)

__all__ = [
    "DEFAULT_API_URL",
    "GitHubError",
    "GitHubUnavailable",
    "RateLimited",
    "NotFound",
    "ApiStats",
    "HttpCache",
    "GitHubClient",
    "token_from_env",
    "graphql_url_for",
    "MAX_ANSWER_BYTES",
    "MAX_PAGES",
    "MAX_PAGE_ITEMS",
]

DEFAULT_API_URL = "https://api.github.com"
_TOKEN_VARIABLES = ("GITHUB_TOKEN", "GH_TOKEN")

# GitHub's names for the forge-neutral errors (one class each: catching either catches both).
GitHubError = ForgeError
GitHubUnavailable = ForgeUnavailable


def token_from_env(environ: Mapping[str, str] | None = None) -> str | None:
    """The token in ``GITHUB_TOKEN`` or else ``GH_TOKEN``; None when neither is set."""
    env = os.environ if environ is None else environ
    for name in _TOKEN_VARIABLES:
        value = env.get(name, "").strip()
        if value:
            return value
    return None


def graphql_url_for(api_url: str) -> str:
    """The GraphQL endpoint that goes with a REST base URL (github.com or Enterprise)."""
    base = api_url.rstrip("/")
    if base.endswith("/api/v3"):
        return base.removesuffix("/v3") + "/graphql"
    return base + "/graphql"


class GitHubClient(ForgeClient):
    """REST and GraphQL calls against GitHub or a GitHub Enterprise server, cached and
    rate-limit aware (see :class:`~commitcast.ingest.forges.http.ForgeClient`)."""

    label: ClassVar[str] = "GitHub"
    headers: ClassVar[Mapping[str, str]] = {
        "Accept": "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
    }
    rate_limit_headers: ClassVar[tuple[str, str]] = ("x-ratelimit-remaining", "x-ratelimit-reset")

    default_api_url: ClassVar[str] = DEFAULT_API_URL

    @property
    def graphql_url(self) -> str:
        """The GraphQL endpoint beside the REST base URL."""
        return graphql_url_for(self.api_url)

    def graphql(
        self, query: str, variables: Mapping[str, Any], *, fresh_while: str | None = None
    ) -> dict[str, Any]:
        """Run a GraphQL query; ``fresh_while`` reuses a stored answer with the same tag."""
        payload = {"query": query, "variables": dict(variables)}
        key = "POST " + self.graphql_url + " " + json.dumps(payload, sort_keys=True)
        entry = self.cache.get(key) if self.cache and fresh_while is not None else None
        if entry is not None and entry.get("tag") == fresh_while:
            self.stats.cache_hits += 1
            cached: dict[str, Any] = entry["data"]
            return cached
        response = self._send("POST", self.graphql_url, {}, payload)
        self._raise_for_status(response, self.graphql_url)
        body = _json(response, self.graphql_url)
        if not isinstance(body, dict):
            raise GitHubError("GraphQL answer is not an object")
        errors = [e for e in body.get("errors") or [] if e.get("type") != "NOT_FOUND"]
        if errors:
            message = self._scrub(str(errors[0].get("message", "unknown error")))[:160]
            if any(e.get("type") == "RATE_LIMITED" for e in errors):
                raise RateLimited(f"GraphQL rate limit: {message}")
            raise GitHubError(f"GraphQL error: {message}")
        data: dict[str, Any] = body.get("data") or {}
        if self.cache and fresh_while is not None:
            self.cache.put(key, {"data": data, "tag": fresh_while, "stored_at": self._clock()})
        return data
