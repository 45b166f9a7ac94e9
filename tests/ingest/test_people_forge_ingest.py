"""Bots versus people, and forge URLs from remotes (table-driven)."""

from __future__ import annotations

import pytest

from commitcast.ingest.bots import humans_first, is_bot
from commitcast.ingest.forge import web_url_from_remote
from commitcast.model import Person


@pytest.mark.parametrize(
    ("name", "email", "bot"),
    [
        ("dependabot[bot]", "49699333+dependabot[bot]@users.noreply.github.com", True),
        ("renovate[bot]", "29139614+renovate[bot]@users.noreply.github.com", True),
        ("github-actions[bot]", "41898282+github-actions[bot]@users.noreply.github.com", True),
        ("meta-codesync[bot]", "4e33c01bc72f@example.invalid", True),
        ("PyTorch MergeBot", "pytorchmergebot@users.noreply.github.com", True),
        ("pytorchbot", "6071a0905e1e@example.invalid", True),
        ("PyTorch UpdateBot", "6071a0905e1e@example.invalid", True),
        ("Facebook Community Bot", "6071a0905e1e@example.invalid", True),
        ("facebook-github-bot", "6071a0905e1e@example.invalid", True),
        ("Renovate Bot", "bot@renovateapp.com", True),
        ("Botao Chen", "1a2b3c4d5e6f@example.invalid", False),
        ("Abbott Talbot", "7a8b9c0d1e2f@example.invalid", False),
        ("Jacob Szwejbka", "0889f9472ecc@example.invalid", False),
    ],
)
def test_is_bot(name: str, email: str, bot: bool) -> None:
    assert is_bot(Person(name=name, email=email)) is bot


def test_humans_first_keeps_order_within_each_group() -> None:
    bot, ada, bob = Person("pytorchbot"), Person("Ada"), Person("Bob")
    assert humans_first([bot, ada, bob]) == [ada, bob, bot]


@pytest.mark.parametrize(
    ("remote", "web"),
    [
        ("https://github.com/pytorch/executorch.git", "https://github.com/pytorch/executorch"),
        ("https://github.com/pytorch/executorch", "https://github.com/pytorch/executorch"),
        ("git@github.com:pytorch/ao.git", "https://github.com/pytorch/ao"),
        ("ssh://git@github.com/pytorch/torchtitan.git", "https://github.com/pytorch/torchtitan"),
        ("ssh://git@ssh.github.com:443/pytorch/ao.git", "https://github.com/pytorch/ao"),
        (
            "https://x-access-token:ghp_SECRET@github.com/org/repo.git",
            "https://github.com/org/repo",
        ),
        ("https://gitlab.com/group/sub/project.git", "https://gitlab.com/group/sub/project"),
        ("git@gitlab.example.org:team/tool.git", "https://gitlab.example.org/team/tool"),
        ("https://bitbucket.org/org/repo.git", None),
        ("file:///srv/git/repo.git", None),
        ("/srv/git/repo.git", None),
        ("https://github.com/org", None),
        ("https://github.com/org/repo/../../evil", None),
    ],
)
def test_web_url_from_remote(remote: str, web: str | None) -> None:
    assert web_url_from_remote(remote) == web
