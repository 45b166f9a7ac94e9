"""The forge (GitHub, GitLab) a repository lives on, read from its ``origin`` remote."""

from __future__ import annotations

import re

from ..model import ForgeName

__all__ = ["web_url_from_remote", "FORGE_NOTES", "forge_sha"]

# A history that is a replay or a rewrite of the forge's (a mirror, commitcast's own demo
# sample) may say each commit's sha on the forge in a git note here: "forge-sha <sha>".
FORGE_NOTES = "refs/notes/commitcast"
_FORGE_SHA = re.compile(r"^forge-sha ([0-9a-f]{7,64})\s*$", re.M)


def forge_sha(note: str) -> str | None:
    """The forge's sha a ``refs/notes/commitcast`` note gives, or None."""
    match = _FORGE_SHA.search(note)
    return match.group(1) if match else None

# https://[user[:token]@]host[:port]/path, ssh://git@host[:port]/path, git://host/path
_URL = re.compile(r"^(?:https?|ssh|git)://(?:[^@/]*@)?(?P<host>[^/:]+)(?::\d*)?/(?P<path>.+)$")
# scp-like: git@github.com:org/repo.git
_SCP = re.compile(r"^(?:[^@/]+@)?(?P<host>[^/:]+):(?!//)(?P<path>[^\\].*)$")
_SEGMENT = re.compile(r"^[\w.-]+$")


def web_url_from_remote(remote: str, forge: ForgeName | None = None) -> str | None:
    """``https://github.com/ORG/REPO`` for a GitHub or GitLab remote URL, else None.

    Without ``forge`` the host tells (github.com, a ``gitlab.`` host); with it (the show's
    ``forge`` setting) any host is that forge's: GitHub Enterprise, a self-hosted GitLab.
    Credentials in the remote URL never reach the result.
    """
    remote = remote.strip()
    match = _URL.match(remote) or _SCP.match(remote)
    if match is None:
        return None
    host = match.group("host").lower()
    path = match.group("path").strip("/")
    if path.endswith(".git"):
        path = path[:-4]
    parts = path.split("/")
    if not all(_SEGMENT.match(part) and part not in (".", "..") for part in parts):
        return None
    if host in ("github.com", "www.github.com", "ssh.github.com") and forge in (None, "github"):
        return f"https://github.com/{parts[0]}/{parts[1]}" if len(parts) == 2 else None
    if forge == "github":
        return f"https://{host}/{parts[0]}/{parts[1]}" if len(parts) == 2 else None
    if (forge == "gitlab" or host.startswith("gitlab.")) and len(parts) >= 2:  # GitLab allows nested groups
        return f"https://{host}/{'/'.join(parts)}"
    return None
