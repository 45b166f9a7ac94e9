"""publish stage: the show's static site — podcast feed, episode and transcript pages, artwork.

``publish_site(show, episodes, site_dir)`` is the entry point; ``lint_feed`` checks a feed,
``make_server`` previews a site locally.
"""

from .artwork import render_cover
from .feed import build_feed
from .layout import base_url_problem, item_guid, podcast_guid
from .lint import Problem, grouped, lint_feed, lint_source
from .records import read_site
from .serve import make_server
from .site import PublishResult, load_site, publish_site
from .text import day_span, excerpt
from .withdrawn import note_withdrawal

__all__ = [
    "PublishResult",
    "publish_site",
    "load_site",
    "build_feed",
    "Problem",
    "lint_feed",
    "lint_source",
    "make_server",
    "render_cover",
    "podcast_guid",
    "item_guid",
    "excerpt",
    "day_span",
    "base_url_problem",
    "grouped",
    "read_site",
    "note_withdrawal",
]
