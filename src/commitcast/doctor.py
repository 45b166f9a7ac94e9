"""Health checks for a show: can commitcast read, voice, write and (optionally) ask the LLM?"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from .cache import probe_writable
from .config import Config, ShowConfig

__all__ = ["Check", "run_checks"]


@dataclass(frozen=True)
class Check:
    """The outcome of one check."""

    name: str
    ok: bool
    detail: str


def _repository(config: Config, show: ShowConfig) -> Check:
    from .ingest import default_branch
    from .pipeline import LOOKBACK
    from .sources import local_repository, redact_url

    try:
        # As much history as a run for yesterday reads: a check must not clone a project's whole past.
        since = datetime.now(UTC) - LOOKBACK - timedelta(days=1)
        path = local_repository(show.show.repo, Path(config.state_dir), show.show.slug, since=since)
        branch = show.show.branch or default_branch(path)
        return Check("repository", True, f"{redact_url(show.show.repo)} readable, branch {branch}")
    except Exception as exc:  # noqa: BLE001 - every failure is a finding, not a crash
        return Check("repository", False, str(exc))


def _voice(show: ShowConfig) -> Check:
    try:
        from .voice import PiperSpec
        from .voice.prepared import prepared_model

        spec = PiperSpec.for_voice(show.show.voice, show.length_scale)
        spec.load()
        prepared = prepared_model(Path(spec.model))  # built by the load above when it can be
        where = f"prepared copy in {prepared.parent}" if prepared else "no writable cache dir: prepared in memory each run"
        return Check("voice", True, f"{Path(spec.model).name} loads ({where})")
    except Exception as exc:  # noqa: BLE001
        return Check("voice", False, str(exc))


def _writable(name: str, directory: Path) -> Check:
    try:
        probe_writable(directory)
        return Check(name, True, f"{directory} is writable")
    except OSError as exc:
        return Check(name, False, f"{directory} is not writable: {exc.strerror or exc}")


def _llm(show: ShowConfig) -> Check | None:
    if show.writer != "llm":
        return None
    import httpx

    from .write.llm import LLMConfig

    settings = LLMConfig.from_env()
    if settings is None:
        return Check("llm", False, "writer is 'llm' but COMMITCAST_LLM_BASE_URL / COMMITCAST_LLM_MODEL are not set")
    headers = {"Authorization": f"Bearer {settings.api_key}"} if settings.api_key else {}
    try:
        # Every OpenAI-compatible server lists its models; a cheap way to see it answers.
        reply = httpx.get(settings.base_url.rstrip("/") + "/models", headers=headers, timeout=10.0)
    except httpx.HTTPError as exc:
        return Check("llm", False, f"{settings.base_url} does not answer ({type(exc).__name__})")
    if reply.status_code != 200:
        return Check("llm", False, f"{settings.base_url} answers HTTP {reply.status_code}")
    return Check("llm", True, f"{settings.base_url} answers (model {settings.model})")


def run_checks(config: Config, show: ShowConfig) -> list[Check]:
    """Every check that applies to ``show``."""
    checks = [
        _repository(config, show),
        _voice(show),
        _writable("site dir", Path(show.site_dir)),
        _writable("state dir", Path(config.state_dir)),
        _llm(show),
    ]
    return [check for check in checks if check is not None]
