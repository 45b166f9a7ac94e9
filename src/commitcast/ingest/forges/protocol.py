"""The forge interface: what commitcast asks of GitHub, GitLab or any forge a repository lives on.

A forge gives the links a listener can check (a change, a pull or merge request, a person) and,
when its API can be used, what happened to its pull requests in a window: which were opened,
merged, closed or reviewed, with their reviewers, labels and people's display names, as one
:class:`~commitcast.ingest.forges.model.PullRequestActivity`. Everything after that
(:func:`~commitcast.ingest.forges.merge.enrich`, the newsroom functions) is the same for every
forge. Adding a forge is adding a module with a class like
:class:`commitcast.ingest.gitlab.GitLabForge` and a line in
:func:`commitcast.ingest.forges.choose.forge_for`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol, get_args, runtime_checkable

from commitcast.model import ForgeName, Window

from .model import PullRequestActivity

__all__ = ["ForgeName", "FORGE_NAMES", "ActivitySource", "Forge"]

FORGE_NAMES: tuple[ForgeName, ...] = get_args(ForgeName)


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


@runtime_checkable
class Forge(ActivitySource, Protocol):
    """A repository's forge: its links, and (through :meth:`fetch`) its pull requests' activity.

    ``fetch`` answers what was opened, merged, closed or reviewed in a window, with reviewers,
    labels and display names; without a token, offline, with the API down or past a bound it
    logs one line saying why and returns None, so the episode is made from git alone.
    """

    @property
    def web_url(self) -> str:
        """The repository's web page, e.g. ``https://gitlab.com/group/project``."""
        ...

    def pr_url(self, number: int) -> str:
        """The web page of pull request (GitLab: merge request) ``number``."""
        ...

    def change_url(self, sha: str) -> str:
        """The web page of the commit ``sha``."""
        ...

    def person_url(self, login: str) -> str:
        """The profile page of the user ``login``."""
        ...
