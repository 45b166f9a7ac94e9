"""The bundled sample: a real week of a busy public project, for ``commitcast demo``.

A week of vuejs/core's history (8-14 January 2024: twelve people and a bot, eight releases, three
reverts, a run of hydration fixes), commit metadata only with e-mail addresses
pseudonymised, replayed into a temporary repository. Its source and licence are in
``NOTICE.md`` beside the data.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from .replay import replay

__all__ = ["Sample", "load_sample", "replay_sample"]

DATA = "vuejs-core-2024-W02.json.gz"


@dataclass(frozen=True)
class Sample:
    """What the sample is: the project it comes from and the week it tells."""

    name: str  # the show's name, e.g. "Vue core"
    project: str  # "vuejs/core"
    web_url: str  # the project's forge page: PR links go there
    licence: str  # the project's licence, e.g. "MIT"
    tz: str  # the zone its days are told in
    first_day: date  # the Monday of the week told
    last_day: date  # its Sunday
    commits: int  # how many commits the sample holds (the week and the days before it)
    days: tuple[date, ...]  # the days of the week something landed on, in ``tz``


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    raw = resources.files(__package__).joinpath(DATA).read_bytes()
    data: dict[str, Any] = json.loads(gzip.decompress(raw))
    return data


def load_sample() -> Sample:
    """The bundled sample's description."""
    show = _data()["show"]
    first, last, zone = date.fromisoformat(show["first_day"]), date.fromisoformat(show["last_day"]), ZoneInfo(show["tz"])
    landed = {datetime.fromisoformat(c["commit_time"]).astimezone(zone).date() for c in _data()["commits"]}
    return Sample(
        name=show["name"],
        project=show["project"],
        web_url=show["web_url"],
        licence=show["licence"],
        tz=show["tz"],
        first_day=first,
        last_day=last,
        commits=len(_data()["commits"]),
        days=tuple(sorted(day for day in landed if first <= day <= last)),
    )


def replay_sample(dest: Path) -> Path:
    """The sample's history as a git repository at ``dest`` (which must not hold one yet)."""
    sample = load_sample()
    return replay(_data(), Path(dest), origin=f"{sample.web_url}.git")
