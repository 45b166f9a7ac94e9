"""Merge-request activity of one GitLab project in one window, read from the REST API v4.

Three kinds of request, each bounded and cached (ETags, on disk): one listing of the project's
merge requests updated since the window opened (``updated_after``, newest first), the merge
requests the history names by number (``iids[]``, a hundred to a request), and each merge
request's approvals. GitLab sends every user's display name with the user, so no one's profile
is asked for. The answers become the same records GitHub's do
(:class:`~commitcast.ingest.forges.model.PullRequestRecord`, ``number`` being the MR's ``iid``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, overload

from commitcast.errors import UserError
from commitcast.model import Window
from commitcast.untrusted import head_and_tail, map_strings, printable

from ...text import is_bot_name
from ..forges.http import ForgeError, NotFound, QueryValue
from ..forges.model import PullRequestActivity, PullRequestRecord, Review, window_events
from ..messages import BODY_CAP, BODY_TAIL, SUBJECT_CAP
from .client import DEFAULT_API_URL, GitLabClient, check_api_url, project_id, token_from_env

__all__ = ["fetch_activity", "collect_activity", "cache_dir_for", "linked_issues", "check_project"]

log = logging.getLogger("commitcast.gitlab")

# A project's full path: a namespace (groups may nest) and the project, each a path segment.
_PROJECT = re.compile(r"^[\w.-]+(?:/[\w.-]+)+\Z")
_IIDS_PER_REQUEST = 100
# GitLab's own bots: project and group access tokens' users, and its service accounts.
_BOT_LOGIN = re.compile(r"^(?:project|group)_\d+_bot(?:_[0-9a-f]+)?$|^(?:ghost|support-bot|alert-bot|gitlab-bot)$", re.I)
# GitLab's default closing pattern, in short: "Closes #12", "fixes group/project#12", an issue URL.
_CLOSING = re.compile(
    r"\b(?:clos(?:e[sd]?|ing)|fix(?:e[sd]|ing)?|resolv(?:e[sd]?|ing)|implement(?:s|ed|ing)?)\s*:?\s+(?:issues?\s+)?"
    r"(?:(?P<repo>[\w.-]+(?:/[\w.-]+)+)#|https?://[^\s/]+/(?P<url_repo>[\w.-]+(?:/[\w.-]+)+)/-/issues/|#)"
    r"(?P<number>\d{1,9})\b",
    re.IGNORECASE,
)


def check_project(path: str) -> str:
    """``path`` if it reads as a project's full path (``group/project``, ``group/sub/project``)."""
    if not _PROJECT.match(path) or any(part in (".", "..") for part in path.split("/")):
        raise UserError(f"not a GitLab project path: {path!r} (expected GROUP/PROJECT)")
    return path


def cache_dir_for(state_dir: Path) -> Path:
    """Where the HTTP cache of GitLab answers lives inside a state directory."""
    return state_dir / "gitlab" / "http"


def fetch_activity(
    project: str,
    window: Window,
    *,
    state_dir: Path,
    api_url: str = DEFAULT_API_URL,
    token: str | None = None,
    timeout: float = 10.0,
    max_wait: float = 60.0,
    numbers: Collection[int] = (),
    backoff: float = 1.0,
) -> PullRequestActivity | None:
    """Merge-request activity of ``project`` in ``window``, or None when GitLab cannot be used.

    ``numbers`` asks for merge requests the git history names (``See merge request !N``), so
    landed changes get labels and approvers even when their MR moved outside the window. Never
    raises because of GitLab: on any failure it logs one line saying why and returns None.
    """
    check_project(project)
    api_url = check_api_url(api_url)
    token = token or token_from_env()
    if not token:
        log.info("GitLab not used: no GITLAB_TOKEN set")
        return None
    try:
        with GitLabClient(
            api_url,
            token=token,
            cache_dir=cache_dir_for(state_dir),
            timeout=timeout,
            max_wait=max_wait,
            backoff=backoff,
        ) as client:
            return collect_activity(client, project, window, numbers=numbers)
    except ForgeError as exc:
        reason = str(exc)
    except Exception as exc:  # the run must never fail because of GitLab
        reason = f"unexpected {type(exc).__name__} while reading the API"
        log.debug("GitLab enrichment failed", exc_info=True)
    log.warning("GitLab not used: %s", reason.replace(token, "***"))
    return None


def collect_activity(
    client: GitLabClient, project: str, window: Window, *, numbers: Collection[int] = ()
) -> PullRequestActivity:
    """Like :func:`fetch_activity` but with a ready client, and raising :class:`ForgeError`.

    Forge text is untrusted like commit text: titles and descriptions are cut to the commit
    message caps, and every string of the answer is made printable."""
    check_project(project)
    base = f"projects/{project_id(project)}/merge_requests"
    raw = _list_window(client, base, window)
    asked = set(numbers) - raw.keys()
    raw.update(_by_iid(client, base, asked))
    records = [_record(raw[n], _approvals(client, base, raw[n]), window, project) for n in sorted(raw)]
    activity = PullRequestActivity(
        repo=project,
        window=window,
        api_url=client.api_url,
        fetched_at=datetime.now(UTC),
        prs=[r for r in records if r.events or r.number in asked],
        source="gitlab",
    )
    return PullRequestActivity.from_dict(map_strings(activity.to_dict(), printable))


# ----------------------------------------------------------------------- requests


def _list_window(client: GitLabClient, base: str, window: Window) -> dict[int, dict[str, Any]]:
    """Merge requests that may have moved in the window: updated since it opened, newest first."""
    found: dict[int, dict[str, Any]] = {}
    params: dict[str, QueryValue] = {
        "state": "all",
        "order_by": "updated_at",
        "sort": "desc",
        "updated_after": window.since.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "per_page": 100,
    }
    for page in client.paginate(base, params):
        for mr in page:
            if _time(mr["updated_at"]) < window.since or _time(mr["created_at"]) >= window.until:
                continue
            ended = _time(mr.get("merged_at")) or _time(mr.get("closed_at"))
            # Ended before the window: later updates are comments on a finished merge request.
            if ended is None or ended >= window.since:
                found[int(mr["iid"])] = _capped(mr)
        if not page or _time(page[-1]["updated_at"]) < window.since:
            break
    return found


def _by_iid(client: GitLabClient, base: str, numbers: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The merge requests numbered ``numbers`` (a number naming none is left out)."""
    wanted = sorted(numbers)
    found: dict[int, dict[str, Any]] = {}
    for start in range(0, len(wanted), _IIDS_PER_REQUEST):
        chunk = wanted[start : start + _IIDS_PER_REQUEST]
        params: dict[str, QueryValue] = {"state": "all", "iids[]": chunk, "per_page": _IIDS_PER_REQUEST}
        for page in client.paginate(base, params):
            found.update((int(mr["iid"]), _capped(mr)) for mr in page if int(mr["iid"]) in chunk)
    return found


def _approvals(client: GitLabClient, base: str, mr: dict[str, Any]) -> list[dict[str, Any]]:
    """Who approved the merge request (``approved_by``), as GitLab's approvals API says."""
    # A finished merge request's approvals no longer change: its cached answer stands while
    # the MR is as it was; an open one's is asked again (conditionally).
    finished = mr.get("state") in ("merged", "closed")
    try:
        answer = client.get_json(f"{base}/{int(mr['iid'])}/approvals", fresh_while=mr["updated_at"] if finished else None)
    except NotFound:
        return []  # an instance without the approvals API, or a token that cannot see it
    approved = answer.get("approved_by") if isinstance(answer, dict) else None
    return [a for a in approved or [] if isinstance(a, dict) and isinstance(a.get("user"), dict)]


def _capped(mr: dict[str, Any]) -> dict[str, Any]:
    """The merge request with its title and description within the commit message caps."""
    return mr | {
        "title": str(mr.get("title") or "")[:SUBJECT_CAP],
        "description": head_and_tail(str(mr.get("description") or ""), BODY_CAP, BODY_TAIL),
    }


# ----------------------------------------------------------------------- records


def _record(mr: dict[str, Any], approved: list[dict[str, Any]], window: Window, project: str) -> PullRequestRecord:
    author = mr["author"]["username"]
    created, merged, closed = _time(mr["created_at"]), _time(mr.get("merged_at")), _time(mr.get("closed_at"))
    reviews = _reviews(approved, author)
    approvers = {r.login for r in reviews}
    body = mr.get("description") or ""
    return PullRequestRecord(
        number=int(mr["iid"]),
        title=mr.get("title") or "",
        body=body,
        url=mr.get("web_url") or "",
        author=author,
        author_name=(mr["author"].get("name") or "").strip() or None,
        author_is_bot=_is_bot(mr["author"]),
        state="merged" if mr.get("state") == "merged" else "closed" if mr.get("state") == "closed" else "open",
        draft=bool(mr.get("draft") or mr.get("work_in_progress")),
        labels=_labels(mr.get("labels")),
        base_ref=mr.get("target_branch") or "",
        head_ref=mr.get("source_branch") or "",
        created_at=created,
        updated_at=_time(mr["updated_at"]),
        merged_at=merged,
        closed_at=closed,
        # The commit that landed it: the merge commit, else (fast-forward) the squash commit.
        merge_commit_sha=mr.get("merge_commit_sha") or mr.get("squash_commit_sha"),
        reviews=reviews,
        requested_reviewers=[
            u["username"] for u in mr.get("reviewers") or [] if u.get("username") and u["username"] not in approvers
        ],
        comments=int(mr.get("user_notes_count") or 0),
        linked_issues=linked_issues(body, project),
        events=window_events(window, created, merged, closed, (), (r.submitted_at for r in reviews)),
    )


def _reviews(approved: list[dict[str, Any]], author: str) -> list[Review]:
    """One approval per approver (the author's own left out), in the order GitLab gives them."""
    reviews: dict[str, Review] = {}
    for approval in approved:
        user = approval["user"]
        login = user.get("username")
        if login and login != author and login not in reviews:
            name = (user.get("name") or "").strip() or None
            reviews[login] = Review(login, "APPROVED", name, _time(approval.get("approved_at")))
    return list(reviews.values())


def _labels(labels: Any) -> list[str]:
    """Label names, whether GitLab sends names or (``with_labels_details``) label objects."""
    names = [label.get("name") if isinstance(label, dict) else label for label in labels or []]
    return [name for name in names if isinstance(name, str) and name]


def linked_issues(body: str, project: str | None = None) -> list[int]:
    """Issue numbers a merge request's description closes (``Closes #N``, ``fixes group/project#N``,
    an issue URL of the project)."""
    found: list[int] = []
    for match in _CLOSING.finditer(body):
        repo = match["repo"] or match["url_repo"]
        if repo is None or project is None or repo.lower() == project.lower():
            number = int(match["number"])
            if number not in found:
                found.append(number)
    return found


def _is_bot(user: dict[str, Any]) -> bool:
    login = str(user.get("username") or "")
    return bool(user.get("bot")) or bool(_BOT_LOGIN.match(login)) or is_bot_name(login) or is_bot_name(str(user.get("name") or ""))


@overload
def _time(text: str) -> datetime: ...
@overload
def _time(text: str | None) -> datetime | None: ...
def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None
