"""GitLab enrichment: merge-request activity for a window, from the REST API v4 of gitlab.com
or a self-hosted GitLab, behind the forge interface (:mod:`commitcast.ingest.forges`).

Optional by design, like GitHub's: without ``GITLAB_TOKEN``, offline, rate-limited, with the
API down or past a bound, :func:`fetch_activity` returns None (logging one line why) and the
episode is made from git alone.
"""

from __future__ import annotations

from .activity import cache_dir_for, check_project, collect_activity, fetch_activity, linked_issues
from .client import DEFAULT_API_URL, GitLabClient, check_api_url, project_id, token_from_env
from .forge import GitLabForge, api_url_for, gitlab_project

__all__ = [
    "DEFAULT_API_URL",
    "GitLabClient",
    "GitLabForge",
    "api_url_for",
    "cache_dir_for",
    "check_api_url",
    "check_project",
    "collect_activity",
    "fetch_activity",
    "gitlab_project",
    "linked_issues",
    "project_id",
    "token_from_env",
]
