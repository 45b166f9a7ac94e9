"""Pull-request activity of one repository in one window, read from the GitHub API.

REST by default (every answer cacheable and revalidated with ETags); with ``graphql=True``
the per-PR details (reviews, comment counts, reopen events, display names) come from a
few batched GraphQL queries instead of one REST call per PR.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast, overload

from commitcast.errors import UserError
from commitcast.model import Window
from commitcast.untrusted import head_and_tail, map_strings, printable

from ..forges import http
from ..forges.model import (
    PullRequestActivity,
    PullRequestRecord,
    Review,
    ReviewState,
    window_events,
)
from ..forges.stacks import ghstack_user, stack_from_body
from ..messages import BODY_CAP, BODY_TAIL, SUBJECT_CAP
from .client import DEFAULT_API_URL, GitHubClient, GitHubError, NotFound, token_from_env

__all__ = ["fetch_activity", "collect_activity", "cache_dir_for", "linked_issues", "check_slug", "check_api_url"]

log = logging.getLogger("commitcast.github")

_SLUG = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")
# A user name as GitHub (letters, digits, dashes) or an Enterprise directory (also "_" and
# ".") gives them out: one path segment that cannot be "." or "..".
_LOGIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\Z")
_CLOSING = re.compile(
    r"\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s*:?\s+"
    r"(?:(?P<repo>[\w.-]+/[\w.-]+)#|https?://[^\s/]+/(?P<url_repo>[\w.-]+/[\w.-]+)/issues/|#)"
    r"(?P<number>\d+)\b",
    re.IGNORECASE,
)
_USER_NAME_TTL = 7 * 24 * 3600.0  # display names rarely change; do not ask daily
_GRAPHQL_BATCH = 25
_REVIEW_STATES = {"APPROVED", "CHANGES_REQUESTED", "COMMENTED", "DISMISSED"}


def check_slug(repo_slug: str) -> str:
    """``repo_slug`` if it reads as ``owner/name`` (it becomes part of API paths)."""
    if not _SLUG.match(repo_slug) or ".." in repo_slug:
        raise UserError(f"not a GitHub repository name: {repo_slug!r} (expected OWNER/NAME)")
    return repo_slug


def check_api_url(api_url: str) -> str:
    """``api_url`` without a trailing slash if it is an http(s) URL with a host and no
    credentials (the token travels in a header, never in a URL); else a UserError."""
    return http.check_api_url(
        api_url, option="--github-api-url", example=f"{DEFAULT_API_URL} or https://HOST/api/v3"
    )


def cache_dir_for(state_dir: Path) -> Path:
    """Where the HTTP cache of GitHub answers lives inside a state directory."""
    return state_dir / "github" / "http"


def fetch_activity(
    repo_slug: str,
    window: Window,
    *,
    state_dir: Path,
    api_url: str = DEFAULT_API_URL,
    token: str | None = None,
    timeout: float = 10.0,
    max_wait: float = 60.0,
    numbers: Collection[int] = (),
    graphql: bool = False,
    backoff: float = 1.0,
) -> PullRequestActivity | None:
    """PR activity of ``repo_slug`` in ``window``, or None when GitHub cannot be used.

    ``numbers`` asks for PRs the git history names (so landed changes get labels and
    reviewers even when their PR moved outside the window). ``max_wait`` bounds the
    seconds spent waiting out rate limits; ``backoff`` is the first retry delay after a
    5xx or a timeout. Never raises because of GitHub: on any failure it logs one line
    saying why and returns None.
    """
    check_slug(repo_slug)
    api_url = check_api_url(api_url)
    token = token or token_from_env()
    if not token:
        log.info("GitHub not used: no GITHUB_TOKEN or GH_TOKEN set")
        return None
    try:
        with GitHubClient(
            api_url,
            token=token,
            cache_dir=cache_dir_for(state_dir),
            timeout=timeout,
            max_wait=max_wait,
            backoff=backoff,
        ) as client:
            return collect_activity(client, repo_slug, window, numbers=numbers, graphql=graphql)
    except GitHubError as exc:
        reason = str(exc)
    except Exception as exc:  # the run must never fail because of GitHub
        reason = f"unexpected {type(exc).__name__} while reading the API"
        log.debug("GitHub enrichment failed", exc_info=True)
    log.warning("GitHub not used: %s", reason.replace(token, "***"))
    return None


def collect_activity(
    client: GitHubClient,
    repo_slug: str,
    window: Window,
    *,
    numbers: Collection[int] = (),
    graphql: bool = False,
) -> PullRequestActivity:
    """Like :func:`fetch_activity` but with a ready client, and raising :class:`GitHubError`.

    Forge text is untrusted like commit text: titles and bodies are cut to the commit
    message caps, and every string of the answer is made printable."""
    check_slug(repo_slug)
    raw = _list_window(client, repo_slug, window)
    asked = set(numbers) - raw.keys()
    raw.update(_get_pulls(client, repo_slug, asked))
    siblings = {n for pr in raw.values() for n in stack_from_body(pr.get("body"))} - raw.keys()
    raw.update(_get_pulls(client, repo_slug, siblings))
    if graphql:
        details = _details_graphql(client, repo_slug, raw)
    else:
        details = {n: _details_rest(client, repo_slug, pr) for n, pr in sorted(raw.items())}
        _names_rest(client, raw, details)
    records = [_record(raw[n], details[n], window) for n in sorted(raw)]
    context = asked | siblings
    activity = PullRequestActivity(
        repo=repo_slug,
        window=window,
        api_url=client.api_url,
        fetched_at=datetime.now(UTC),
        prs=[r for r in records if r.events or r.number in context],
    )
    return PullRequestActivity.from_dict(map_strings(activity.to_dict(), printable))


# ----------------------------------------------------------------------- listing


def _list_window(client: GitHubClient, slug: str, window: Window) -> dict[int, dict[str, Any]]:
    """PRs that may have moved in the window: newest-updated first, until before the window."""
    found: dict[int, dict[str, Any]] = {}
    params: dict[str, str | int] = {"state": "all", "sort": "updated", "direction": "desc", "per_page": 100}
    for page in client.paginate(f"repos/{slug}/pulls", params):
        for pr in page:
            if _time(pr["updated_at"]) < window.since or _time(pr["created_at"]) >= window.until:
                continue
            closed = _time(pr.get("closed_at"))
            # Closed before the window: later updates are comments on a finished PR.
            if closed is None or closed >= window.since:
                found[pr["number"]] = _capped(pr)
        if not page or _time(page[-1]["updated_at"]) < window.since:
            break
    return found


def _get_pulls(client: GitHubClient, slug: str, numbers: Iterable[int]) -> dict[int, dict[str, Any]]:
    found: dict[int, dict[str, Any]] = {}
    for number in sorted(numbers):
        try:
            found[number] = _capped(client.get_json(f"repos/{slug}/pulls/{number}"))
        except NotFound:
            continue  # "(#N)" may name an issue, or a PR since deleted
    return found


def _capped(pr: dict[str, Any]) -> dict[str, Any]:
    """The PR with its title and body within the commit message caps."""
    return pr | {
        "title": str(pr.get("title") or "")[:SUBJECT_CAP],
        "body": head_and_tail(str(pr.get("body") or ""), BODY_CAP, BODY_TAIL),
    }


# ----------------------------------------------------------------------- details


@dataclass
class _Details:
    reviews: list[Review] = field(default_factory=list)  # every review, in order given
    comments: int = 0
    reopened: list[datetime] = field(default_factory=list)
    closing: list[int] = field(default_factory=list)
    names: dict[str, str | None] = field(default_factory=dict)  # login -> display name


def _details_rest(client: GitHubClient, slug: str, pr: dict[str, Any]) -> _Details:
    """Reviews, comments and reopen events from the PR's timeline (cached until it changes)."""
    details = _Details()
    path = f"repos/{slug}/issues/{pr['number']}/timeline"
    for page in client.paginate(path, {"per_page": 100}, fresh_while=pr["updated_at"]):
        for item in page:
            kind = item.get("event")
            if kind == "reviewed":
                state = str(item.get("state", "")).upper()
                login = (item.get("user") or {}).get("login")
                if login and state in _REVIEW_STATES:
                    details.reviews.append(Review(login, cast(ReviewState, state), None, _time(item.get("submitted_at"))))
            elif kind == "commented":
                details.comments += 1
            elif kind == "reopened" and item.get("created_at"):
                details.reopened.append(_time(item["created_at"]))
    return details


def _names_rest(
    client: GitHubClient, raw: dict[int, dict[str, Any]], details: dict[int, _Details]
) -> None:
    """Fill display names from the users API, one cached call per person."""
    logins = {pr["user"]["login"] for pr in raw.values() if not _is_bot(pr["user"])}
    logins |= {r.login for d in details.values() for r in d.reviews if not r.login.endswith("[bot]")}
    names: dict[str, str | None] = {}
    for login in sorted(logins):
        if not _LOGIN.match(login):
            # Not a login GitHub gives out: kept as the answer's data (and escaped where it is
            # shown), but never made part of a request path ("..", "a/../../admin").
            names[login] = None
            continue
        try:
            user = client.get_json(f"users/{login}", fresh_for=_USER_NAME_TTL)
        except NotFound:
            user = {}
        names[login] = (user.get("name") or "").strip() or None
    for d in details.values():
        d.names = names


_GRAPHQL_FIELDS = """
fragment prDetails on PullRequest {
  author { login ... on User { name } }
  comments { totalCount }
  reviews(first: 100) { nodes { author { login ... on User { name } } state submittedAt } }
  timelineItems(itemTypes: [REOPENED_EVENT], first: 50) { nodes { ... on ReopenedEvent { createdAt } } }
  closingIssuesReferences(first: 25) { nodes { number } }
}
"""


def _details_graphql(
    client: GitHubClient, slug: str, raw: dict[int, dict[str, Any]]
) -> dict[int, _Details]:
    """Details of many PRs per query: one GraphQL call per batch instead of one REST call per PR."""
    owner, name = slug.split("/")
    numbers = sorted(raw)
    result: dict[int, _Details] = {}
    for start in range(0, len(numbers), _GRAPHQL_BATCH):
        batch = numbers[start : start + _GRAPHQL_BATCH]
        fields = "\n".join(f"  pr{n}: pullRequest(number: {n}) {{ ...prDetails }}" for n in batch)
        query = (
            "query($owner: String!, $name: String!) {\n repository(owner: $owner, name: $name) {\n"
            f"{fields}\n }}\n}}\n{_GRAPHQL_FIELDS}"
        )
        tag = ",".join(raw[n]["updated_at"] for n in batch)
        data = client.graphql(query, {"owner": owner, "name": name}, fresh_while=tag)
        repository = data.get("repository") or {}
        for n in batch:
            result[n] = _graphql_details(repository.get(f"pr{n}") or {})
    return result


def _graphql_details(node: dict[str, Any]) -> _Details:
    details = _Details(comments=int((node.get("comments") or {}).get("totalCount") or 0))
    author = node.get("author") or {}
    if author.get("login"):
        details.names[author["login"]] = author.get("name") or None
    for review in (node.get("reviews") or {}).get("nodes") or []:
        who = review.get("author") or {}
        if who.get("login") and review.get("state") in _REVIEW_STATES:
            details.names[who["login"]] = who.get("name") or None
            details.reviews.append(
                Review(who["login"], review["state"], None, _time(review.get("submittedAt")))
            )
    for event in (node.get("timelineItems") or {}).get("nodes") or []:
        if event.get("createdAt"):
            details.reopened.append(_time(event["createdAt"]))
    details.closing = [
        int(i["number"]) for i in (node.get("closingIssuesReferences") or {}).get("nodes") or []
    ]
    return details


# ----------------------------------------------------------------------- records


def _record(pr: dict[str, Any], details: _Details, window: Window) -> PullRequestRecord:
    author = pr["user"]["login"]
    created, merged, closed = _time(pr["created_at"]), _time(pr.get("merged_at")), _time(pr.get("closed_at"))
    events = window_events(window, created, merged, closed, details.reopened, (r.submitted_at for r in details.reviews))
    return PullRequestRecord(
        number=pr["number"],
        title=pr.get("title") or "",
        body=pr.get("body") or "",
        url=pr.get("html_url") or "",
        author=author,
        author_name=details.names.get(author),
        author_is_bot=_is_bot(pr["user"]),
        state="merged" if merged else pr.get("state", "open"),
        draft=bool(pr.get("draft")),
        labels=[label["name"] for label in pr.get("labels") or []],
        base_ref=(pr.get("base") or {}).get("ref", ""),
        head_ref=(pr.get("head") or {}).get("ref", ""),
        created_at=created,
        updated_at=_time(pr["updated_at"]),
        merged_at=merged,
        closed_at=closed,
        merge_commit_sha=pr.get("merge_commit_sha"),
        reviews=_standing(details, author),
        requested_reviewers=[u["login"] for u in pr.get("requested_reviewers") or []],
        comments=details.comments,
        linked_issues=sorted(set(linked_issues(pr.get("body") or "", _slug_of(pr))) | set(details.closing)),
        reopened_at=sorted(details.reopened),
        events=events,
        ghstack_user=ghstack_user((pr.get("head") or {}).get("ref", "")),
        stack=stack_from_body(pr.get("body")),
    )


def _standing(details: _Details, author: str) -> list[Review]:
    """One review per reviewer: the last approval / change request / dismissal, else a comment."""
    standing: dict[str, Review] = {}
    for review in details.reviews:
        if review.login == author:
            continue  # authors answering in review threads
        previous = standing.get(review.login)
        if previous is None or review.state != "COMMENTED" or previous.state == "COMMENTED":
            standing[review.login] = Review(
                review.login, review.state, details.names.get(review.login), review.submitted_at
            )
    return list(standing.values())


def linked_issues(body: str, repo_slug: str | None = None) -> list[int]:
    """Issue numbers a PR body closes (``Fixes #N``, ``closes org/repo#N``, issue URLs)."""
    found: list[int] = []
    for match in _CLOSING.finditer(body):
        repo = match["repo"] or match["url_repo"]
        if repo is None or repo_slug is None or repo.lower() == repo_slug.lower():
            number = int(match["number"])
            if number not in found:
                found.append(number)
    return found


def _slug_of(pr: dict[str, Any]) -> str | None:
    return ((pr.get("base") or {}).get("repo") or {}).get("full_name")


def _is_bot(user: dict[str, Any]) -> bool:
    return user.get("type") == "Bot" or str(user.get("login", "")).endswith("[bot]")


@overload
def _time(text: str) -> datetime: ...
@overload
def _time(text: str | None) -> datetime | None: ...
def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None
