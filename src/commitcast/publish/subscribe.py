"""Links that hand the feed to a podcast app: each app's own URL scheme or subscribe page.

The schemes are the ones the apps register (as collected by the Podlove Subscribe Button's
client list); AntennaPod's is its https deep-link page, which browsers keep intact where they
mangle ``scheme://https://…``. Apps given ``HOST/PATH`` after their scheme fetch the feed
themselves (and follow a redirect to https).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, urlencode

__all__ = ["SubscribeLink", "subscribe_links"]


@dataclass(frozen=True)
class SubscribeLink:
    """A podcast app and the link that subscribes it to the feed."""

    app: str
    href: str
    platforms: str  # where the app runs, shown beside its name


def subscribe_links(feed_url: str, show_name: str) -> list[SubscribeLink]:
    """Subscribe links for the common podcast apps; ``feed_url`` must be absolute."""
    bare = feed_url.split("://", 1)[1]
    encoded = quote(feed_url, safe="")
    return [
        SubscribeLink("Apple Podcasts", f"podcast://{bare}", "iPhone, iPad, Mac"),
        SubscribeLink("Overcast", f"overcast://x-callback-url/add?url={encoded}", "iPhone, iPad"),
        SubscribeLink("Pocket Casts", f"pktc://subscribe/{bare}", "iPhone, Android"),
        SubscribeLink("Castro", f"castro://subscribe/{bare}", "iPhone"),
        SubscribeLink(
            "AntennaPod",
            "https://antennapod.org/deeplink/subscribe?" + urlencode({"url": feed_url, "title": show_name}),
            "Android",
        ),
        SubscribeLink("Podcast Addict", f"podcastaddict://{bare}", "Android"),
        SubscribeLink("gPodder", f"gpodder://{bare}", "Linux, Windows, Mac"),
    ]
