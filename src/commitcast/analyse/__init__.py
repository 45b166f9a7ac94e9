"""The newsroom: find a window's stories, rank them as an editor would, and plan the episode."""

from __future__ import annotations

from .annotate import Item, annotate, change_ref
from .areas import KNOWN_LAYOUTS, AreaResolver, codeowners_areas, load_area_map, pretty_name
from .classify import KINDS, SEVERITIES, Classification, classify
from .facts import extract_facts
from .plan import plan_episode
from .recap import plan_recap
from .reverts import RevertThread, pair_reverts
from .stories import Group, group_changes

__all__ = [
    "plan_episode",
    "plan_recap",
    "AreaResolver",
    "KNOWN_LAYOUTS",
    "load_area_map",
    "codeowners_areas",
    "pretty_name",
    "KINDS",
    "SEVERITIES",
    "Classification",
    "classify",
    "extract_facts",
    "Item",
    "annotate",
    "change_ref",
    "Group",
    "group_changes",
    "RevertThread",
    "pair_reverts",
]
