"""The kinds of story an episode tells, in one place: what each is called, how much it weighs in
the ranking, and the host style slots that open it.

The newsroom gives every story a kind (``analyse.stories``), ranking adds the kind's weight
(``analyse.rank``), chapter titles use its noun (``analyse.headlines``), the narrator opens the
story with its lede slots and the grounding checker reads the same style. A kind of lone change
that its authors mark (a breaking change) is said here whole: the claim that makes a change one
and the host style slot that opens its telling, so adding one is adding an entry here, its
opening to the host style (``write/styles/default.toml``) and its tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["StoryKind", "StoryKindSpec", "Mark", "STORY_KINDS", "spec_of", "OPENING_FIELDS"]


class StoryKind(StrEnum):
    """How a story's changes belong together."""

    RELEASE = "release"  # versions the project shipped
    CAMPAIGN = "campaign"  # a stack, numbered series or run of same-pattern changes
    REVERT = "revert"  # a revert with what it undid (and any reland)
    PULL = "pull"  # a maintainer's pull of another tree: the patches it brought, with the sender's summary
    AUTHOR_SERIES = "author_series"  # one person's changes
    AREA = "area"  # several people's work in one busy area
    SINGLE = "single"  # one change
    BREAKING = "breaking"  # one change its authors marked as breaking (feat!:, a BREAKING CHANGE note, a label)
    TOP_AUTHOR = "top_author"  # a recap's most active person


# Where an author marks a change themselves: a Conventional Commits type ("feat!:"), a forge label,
# a trailer ("BREAKING CHANGE:") or the release notes; never words the newsroom reads into a title.
AUTHOR_MARKS = ("type", "label", "trailer", "notes")

# The fields a kind's opening slot is given: the change's deed ("removed reactivity transform")
# where its title says one; its ``_titled`` twin gets the title when it does not.
OPENING_FIELDS = {"": frozenset({"person", "did", "where", "ref"}), "_titled": frozenset({"person", "area", "title", "ref"})}


@dataclass(frozen=True)
class Mark:
    """A claim of the newsroom (docs/plan-json.md, Claim) that makes a lone change a kind of its
    own when it is strong and rests on the authors' own mark."""

    about: str  # "severity", "kind"
    value: str  # "breaking"
    sources: tuple[str, ...] = AUTHOR_MARKS  # evidence sources that count as the authors' mark


@dataclass(frozen=True)
class StoryKindSpec:
    """What the pipeline knows about one kind of story."""

    kind: StoryKind
    noun: str  # what a listener calls it
    weight: float  # added to a story's rank score: how much the kind itself is news
    lede: tuple[str, ...]  # host style slots that open the story, in order of preference
    alone: bool = False  # a story of one change: grouped, ranked and titled as a single change is
    marks: tuple[Mark, ...] = ()  # a lone change carrying one of these claims is a story of this kind
    opening: str | None = None  # the host style slot its telling opens with (None: told as any change)


STORY_KINDS: dict[str, StoryKindSpec] = {
    spec.kind.value: spec
    for spec in (
        # A release is the news of its day: it leads, whatever else landed.
        StoryKindSpec(StoryKind.RELEASE, "release", 100.0, ("release_out",)),
        # Deliberate, coordinated work is worth more than the same number of loose changes.
        StoryKindSpec(StoryKind.CAMPAIGN, "campaign", 1.0, ("campaign_pattern", "campaign_plain")),
        # A rollback is always worth a mention; its telling says what came back.
        StoryKindSpec(StoryKind.REVERT, "revert", 2.0, ("revert", "revert_original", "revert_own")),
        # Patches that came in together through one custodian's tree: one channel, not one purpose.
        StoryKindSpec(StoryKind.PULL, "pull request", 0.0, ("pull_lede",)),
        StoryKindSpec(StoryKind.AUTHOR_SERIES, "run of changes", 0.0, ("series_lede", "focus_lede", "series")),
        StoryKindSpec(StoryKind.AREA, "round-up", 0.0, ("focus_lede", "series")),
        StoryKindSpec(StoryKind.SINGLE, "change", 0.0, ("generic_change",), alone=True),
        # A change that asks something of its users is told as that first; its severity already
        # ranks it, so the kind adds no weight (the same stories go on air, told for what they are).
        StoryKindSpec(
            StoryKind.BREAKING, "breaking change", 0.0, ("breaking_lede",), alone=True,
            marks=(Mark("severity", "breaking"),), opening="breaking_lede",
        ),
        StoryKindSpec(StoryKind.TOP_AUTHOR, "most active person", 0.0, ("recap_top_author",)),
    )
}


def spec_of(kind: str) -> StoryKindSpec:
    """The spec of ``kind`` (a plain single change for a kind this version does not know)."""
    return STORY_KINDS.get(kind, STORY_KINDS[StoryKind.SINGLE])
