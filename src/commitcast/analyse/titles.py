"""The episode title ("<Show>: <phrase naming the day's theme>") and its 1–3 sentence summary.

Both are built only from what the plan holds, so every word is true of the data. The choice
among equally true phrasings is seeded by the show and the day: the same input always gives
the same title, and neighbouring days read differently.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..model import Carried, StoryKind, Window
from ..phrasebook import Phrasebook, default_phrasebook, with_bots
from ..storykinds import spec_of
from ..text import (
    a_an,
    capitalised,
    deed_of,
    deed_of_title,
    dependency_deed,
    docs_deed,
    gerund_of,
    is_bot_name,
    label_names,
    labelled_deed,
    plain_area,
    present_tense,
    quoted,
    rounded_count,
    scoped_deed,
    where_phrase,
    with_article,
    with_status,
)
from .annotate import Item, code_lines, telling_label, test_lines_added
from .areas import area_family, pretty_name, tag_area
from .focus import focus_words, threads
from .headlines import effect_phrase, group_nature, join_names, possessive
from .rank import Ranked
from .releases import release_headline, release_names
from .stories import Group, held_areas
from .story_claims import leader_claim, pull_tree
from .titles_parse import parse_subject

__all__ = ["Theme", "theme_of", "episode_title", "episode_summary", "title_case"]

_INFRA_AREAS = {"CI": "CI", "build": "Build", "docs": "Docs", "tests": "Test", "release": "Release"}


@dataclass(frozen=True)
class Theme:
    """What the headline story is about, as title material."""

    subject: str  # a modifier naming the part of the code: "Distributed Test", "Inductor", "CI"
    nature: str  # one of phrasebook.NATURES: "speed", "correctness", "tests", "docs", "reland", "mixed", …
    person: str | None  # the one person behind it, if one


def _seed(*parts: str) -> int:
    return int.from_bytes(hashlib.sha256("\0".join(parts).encode()).digest()[:8], "big")


_MINOR = frozenset("a an and as at but by for from in into of on or the to via with vs".split())


_ACRONYMS = frozenset(
    "tls ssl http https ftp ftps sftp scp ssh dns url uri api cli ci cd gpu cpu tpu json xml yaml toml html css "
    "smtp imap pop3 ldap quic mqtt rtsp gha ssr sfc jit aot mps npu dfu spl fpga usb pci pcie spi i2c uart "
    "gpio mmc sd nvme efi uefi acpi smbios tpm rsa ecc aes sha md5 crc ip tcp udp".split()
)


def title_case(text: str, keep: str = "") -> str:
    """Headline capitalisation: plain lower-case words capitalised, except short joining words
    (after the first) and the words of ``keep`` (a show's own name, "pip"); spellings such as
    "float8", "torch.nn" and "iOS" stay as written."""
    kept = set(keep.split())
    words = text.split()
    out = []
    for i, w in enumerate(words):
        bare = w.rstrip(",;:")  # "operations," is a plain word too
        plain = bare.isalpha() and bare.islower()
        if plain and bare in _ACRONYMS:
            w = bare.upper() + w[len(bare):]  # "in tls" is "in TLS", never "Tls"
        elif plain and bare not in kept and (i == 0 or bare not in _MINOR):
            w = w[:1].upper() + w[1:]
        out.append(w)
    return " ".join(out)


def _cap(text: str) -> str:
    """Capitalise template words without touching spellings such as "float8" or "torch.nn"."""
    return title_case(text)


def _subject(group: Group, nature: str) -> str:
    if group.named and group.series:
        return _cap(group.series)  # the effort's own name says more than where it happened
    areas = group.areas[:4]
    families = Counter(family for family in map(area_family, areas) if family)
    name = ""
    if len(areas) >= 2 and families:
        family, count = families.most_common(1)[0]
        # A family names the theme when it holds most areas (not "Docs" for "compiler toolkit, docs").
        if count >= 2 and count * 2 >= len(areas):
            name = family
    if not name and areas:
        name = _INFRA_AREAS.get(areas[0], areas[0])
    focus = focus_words(group.items, areas[:1]) if group.kind in (StoryKind.CAMPAIGN, StoryKind.AUTHOR_SERIES) else []
    word = focus[0] if focus else ""
    if word[:1].isupper() and any(c.islower() for c in word) and len(word) <= 12 and areas and name == areas[0]:
        name = f"{name} {word}"  # "Apple Tensor": the area and what the work there is about
    if nature == "tests" or (nature == "speed" and _mostly(group.items, "tests")):
        return f"{name} Test".strip() if name != "Test" else "Test"
    if nature == "docs" and name not in ("Docs",):
        return f"{name} Docs".strip()
    return name


def _mostly(items: Sequence[Item], kind: str) -> bool:
    return sum(kind in item.kinds for item in items) * 2 > len(items)


def theme_of(headline: Ranked) -> Theme:
    """The nature and subject of the headline story."""
    group = headline.group
    nature = group_nature(group)
    # (a bot by its login is no name for a title: pip 2026-01-05 was "A Tidy-Up from pre-commit-ci[bot]")
    person = group.people[0] if len(group.people) == 1 and not is_bot_name(group.people[0]) else None
    return Theme(_subject(group, nature), nature, person)


_HANDFUL = 12  # changes of an area story titled by its most telling change's deed
_GREAT_MIN = 8  # "The Great Runtime Core Test Push" of three changes would oversell them


def _frame(template: str, subject: str, noun: str, person: str | None) -> str | None:
    """A title frame filled in; None for a frame that names the one person when there is none."""
    if "{person_s}" in template and not person:
        return None
    if noun.endswith("Work") and ("{article}" in template or "{a_noun}" in template):
        return None  # "An Arm Performance Work": work takes no article
    return template.format(
        subject=subject, noun=noun, person_s=possessive(person) if person else "", article=a_an(subject).split()[0].title(),
        a_noun=a_an(noun).split()[0].title() + " " + noun,
    )


def _deed_title(item: Item, seed: int, show: str, book: Phrasebook) -> str | None:
    """A change's deed as a headline: "Daniel Stenberg Removes Support for Secure Transport" or,
    with no room for the name, "Removing Support for …"; None when its title names no deed."""
    deed = _speakable_deed(item.subject.topic) or deed_of_title(item.change.title, item.subject.topic)
    deed = (scoped_deed(item.change.title, deed) or deed) if deed else deed
    if deed is None or _CODE_NAME.search(deed):
        return None
    deed = labelled_deed(deed, item.subject.label or "")
    if "dependency" in item.sure_kinds:
        deed = dependency_deed(deed)  # renovate's "update compiler" updated no compiler
    if list(item.sure_kinds) == ["docs"]:
        deed = docs_deed(deed)
    person = item.people[0] if item.people and not item.bot else None
    # The subsystem its title names is part of the deed: fastboot, not U-Boot, gained SPI flash support.
    # (only the place its author's own label names: a crate or folder the files show is no headline word)
    label = telling_label(item.subject.labels) or next(iter(item.subject.tags), None)  # "drivers: fastboot:", "[compiler toolkit]"
    named = (tag_area(label) or pretty_name(label)) if label else None
    area = plain_area(item.areas[0]) if item.areas and named and named.lower() == item.areas[0].lower() else ""
    where = f" in {area}" if _adds_place(area, deed) else ""
    command = re.fullmatch(rf"made it (.+) in ({re.escape(show.lower())} [a-z][\w-]*)", deed) if show else None
    if command:
        # uv's "Making It Accept Multiple Packages in uv Sync" (2025-11-04): the command is what the change made do it
        deed = f"made {command.group(2)} {command.group(1)}"
    does, doing = present_tense(deed), gerund_of(deed)
    forms: list[str] = []
    for suffix in dict.fromkeys((where, "")):  # with its place when that fits, else without
        given = {"person": person, "does": does and does + suffix, "doing": doing and doing + suffix}
        forms = []
        for template in book.options("titles.deed"):
            used = {name for name in given if f"{{{name}}}" in template}
            if all(given[name] for name in used):  # a form that names the person needs one
                forms.append(template.format(**{name: given[name] or "" for name in used}))
        fitting = [" ".join(f.split()) for f in forms if len(f) <= _TITLE_CHARS]
        if fitting:
            return title_case(fitting[seed % len(fitting)], show)
    if not forms:
        return None
    if not fitting and deed.startswith("stopped "):
        return None  # "No Longer Lints the Ptr Arg Lint" cut "… for trait objects": a narrowing told as an end
    if not fitting:  # cut at a natural break, never mid-clause with "…" (uv 2025-02-20)
        fitting = [cut for f in forms if not (cut := _trim(" ".join(f.split()), _TITLE_CHARS)).endswith("…")]
        if deed.split(" ", 1)[0] in _TO_SOMETHING:
            # "Switches Generate Permute Indices" cut "… to exact sizes per expert": the move is its target
            fitting = [f for f in fitting if re.search(r"(?i)\s(?:to|into|from)\s", f)]
    if not fitting:
        return None
    return title_case(fitting[seed % len(fitting)], show)


# Areas every project has: "in docs" adds nothing a deed on a README does not say.
_PLAIN_PLACES = frozenset(
    "docs doc documentation tests test build ci github scripts tools tool examples lib libs src include common".split()
)


# Deeds that mean nothing without where they lead ("switched X to Y", "moved X into Y").
_TO_SOMETHING = frozenset("switched moved changed converted migrated renamed ported set bumped upgraded downgraded".split())


def _adds_place(area: str, deed: str) -> bool:
    """Whether " in {area}" tells a listener where a deed happened that the deed does not say."""
    low, said = area.lower(), re.sub(r"[\W_]", "", deed.lower())
    return bool(area) and low not in _PLAIN_PLACES and re.sub(r"[\W_]", "", low).rstrip("s") not in said and not re.search(
        r"\b(?:in|to|into) ", deed
    )


# A name from the code that words cannot say ("HAVE_BORINGSSL_LIKE", "getFoo") is no word for a
# headline; a lint's or a function's words ("filter_map_bool_then") are, as the host says them.
_CODE_NAME = re.compile(r"\b[a-z]+[A-Z]\w*\b|\b[A-Z]{2,}\d*(?: [A-Z]{2,}\d*)+\b|\b\w+_\w+\b|[$%{}<>=|\\]")


def _speakable_deed(topic: str) -> str | None:
    """What a title's author did, when it says a deed in words a headline can carry."""
    deed = deed_of(topic)
    return deed if deed and not _CODE_NAME.search(deed) else None


def _most_telling(items: Sequence[Item]) -> Item:
    """The change of a group a headline is best made of: one whose title names a deed (in words, not
    the code's names), the biggest."""
    told = [i for i in items if _speakable_deed(i.subject.topic)]
    return max(told or list(items), key=lambda i: (bool(i.sure_severity), bool(i.sure_kinds), i.lines))


def carried_day_words(show: str, window: Window, carried: Sequence[Carried], phrases: Phrasebook | None = None) -> tuple[str, str] | None:
    """The title and summary of a day main only took in merges from another branch (pip 2013-07-12 was "A Day
    Without Changes" over two merges from release-1.4); None when no merge names its branch."""
    branches = list(dict.fromkeys(c.source for c in carried if c.source))
    if not branches:
        return None
    book = phrases or default_phrasebook()
    moved = sum(c.changes for c in carried)
    return (
        f"{show}: {title_case(book.pick('titles.carried', window.since.toordinal(), branch=branches[0]), show)}",
        book.say("summary.carried", count=f"{moved} change{'s' if moved != 1 else ''}", branches=join_names(branches, 3)),
    )


def episode_title(
    show: str, window: Window, stories: Sequence[Ranked], phrases: Phrasebook | None = None, landed: int = 0,
    landed_by: Mapping[str, int] | None = None,
) -> str:
    """'<Show>: <phrase>' said from the headline story: a release, its effect, what its changes
    did ("Daniel Stenberg Removes Support for Secure Transport and BearSSL"), never a raw
    commit title or one cut mid-word; framed in the style's ``phrases`` (default: the default's).
    ``landed_by``: how many changes each person landed in the window."""
    book = phrases or default_phrasebook()
    turn = window.since.date().toordinal()  # frames turn with the calendar (see below)
    if not stories:
        # (a day whose one change is no story, a sync of upstream's, still had one: clippy 2022-02-10
        # was "A Day Without Changes" over "one change landed")
        quiet = book.options("titles.quiet" if not landed else "titles.light")
        return f"{show}: {quiet[turn % len(quiet)]}"
    headline = stories[0]
    if headline.group.releases:
        releases = headline.group.releases
        named = release_names(releases, show, project_word=book.say("titles.version"))
        if len(releases) == 1:
            framed = book.pick("titles.release", _release_turn(releases[-1].version), name=named.text)
        else:
            framed = book.say("titles.releases", name=named.text)
        return f"{show}: {title_case(framed, show)}"
    theme = theme_of(stories[0])
    seed = _seed(show, window.since.date().isoformat(), window.until.date().isoformat())
    group = headline.group
    effect = _effect_title(group, theme, seed, book)
    if effect:
        return f"{show}: {effect}"
    if group.kind == StoryKind.CAMPAIGN and not group.named:
        told = _campaign_title(group, show, book)
        if told:
            return f"{show}: {told}"
    if group.kind == StoryKind.PULL and group.pull is not None:
        tree = pull_tree(group.pull)
        # what the pull brought, a revert among it told apart (u-boot 2024-06-16's "8 Changes" of nine)
        brought = max(len(group.items), group.pull.commits)
        framed = (book.pick("titles.pull", seed, tree=tree, count=str(brought)) if tree
                  else book.pick("titles.rollup", seed, count=str(_rolled_up(group))))  # fmt: skip
        return f"{show}: {title_case(framed, show)}"
    loose = group.kind == StoryKind.PULL or (group.kind == StoryKind.AUTHOR_SERIES and not (group.theme or group.named or group.pattern))
    # A handful of changes in one area is said by the most telling of them: a deed is news, a
    # "Tool Operate Workbench" a formula (and the same frame day after day).
    handful = group.kind in (StoryKind.AREA, StoryKind.AUTHOR_SERIES) and len(group.items) <= _HANDFUL and not (
        group.named or group.series or group.pattern
    )
    if spec_of(group.kind).alone or not theme.subject or loose or handful:
        # A lone change, or changes joined by little more than who sent them: titled by what the
        # most telling of them did.
        told = _deed_title(_most_telling(group.items), seed, show, book)
        if told:
            return f"{show}: {told}"
        # A title that names no deed is said by its subject ("A Resolver Fix"): never as the
        # commit title it is.
        lone = group.items[0]
        subject = theme.subject or (plain_area(lone.areas[0]) if lone.areas else "")
        if not subject and theme.person and len(group.items) == 1:
            # "A Fix from yanglsh": what its deed's code names would not let a headline say
            noun = book.say(f"titles.single.{theme.nature}")
            # (work takes no article: uv 2024-05-17's "A Performance Work from Ibraheem Ahmed")
            framed = title_case(book.say("titles.from_person", article=noun if noun.lower().endswith("work") else a_an(noun), person="PERSON"), show)
            if (landed_by or {}).get(theme.person, 0) > 1:
                # uv 2025-02-22's "A Change from Charlie Marsh" of his six that day was heard as the only one
                framed = title_case(book.say("titles.person_day", person="PERSON"), show)
            return f"{show}: {framed.replace('PERSON', theme.person)}"  # a name keeps its own spelling
        if not subject:
            busy = book.options("titles.busy")
            return f"{show}: {busy[turn % len(busy)]}"
    else:
        subject = theme.subject
    subject = plain_area(subject) if re.fullmatch(r"[A-Z]{2,}(?:[ _-][A-Z]{2,})+", subject) else subject  # "RELEASE NOTES"
    options = book.options(f"titles.single.{theme.nature}") if len(group.items) == 1 else book.options(f"titles.nouns.{theme.nature}")
    nouns = [n for n in options if n.split("-")[0].split()[0] != subject.split()[-1]] or list(options)
    noun = nouns[seed % len(nouns)]
    if len(subject.split()) > 1 and subject.split()[-1].lower() == noun.split()[0].lower():
        subject = subject.rsplit(" ", 1)[0]  # "Ws Test" + "Test Change" is a "Ws Test Change"
    small = len(group.items) < _GREAT_MIN  # "The Great Runtime Core Test Push" of three changes would oversell them
    frames = [*(() if small else book.options("titles.great")), *book.options("titles.frames")]
    phrase = None
    # Frames turn with the calendar: consecutive days never take the same one, and with fifteen of
    # them a month of episodes hears each at most twice.
    for offset in range(len(frames)):
        phrase = _frame(frames[(turn + offset) % len(frames)], subject, noun, theme.person)
        if phrase:
            break
    phrase = title_case(" ".join((phrase or f"{subject} {noun}").split()), show)
    if not (theme.person and phrase.startswith(theme.person)):  # names keep their own spelling
        phrase = phrase[:1].upper() + phrase[1:]
    return f"{show}: {phrase}"


def _release_turn(version: str) -> int:
    """Which release frame a version takes: consecutive versions take consecutive frames, so a
    project releasing every few days never hears "Version … Ships" three times in a month."""
    return sum(int(part) for part in re.findall(r"\d+", version))


# A pattern whose titles all open with the command or name they change: "`uv init` …".
_PATTERN_SUBJECT = re.compile(r"^`([\w .:-]{2,30})`\s*…$")


def _campaign_title(group: Group, show: str, book: Phrasebook) -> str | None:
    """A campaign said by what its changes all did: "Using stdint Types Across Three Changes"
    (its shared pattern's deed, else its first change's when every title says the same)."""
    topics = {i.subject.topic.lower() for i in group.items}
    said = group.pattern if group.pattern and "…" not in group.pattern else None
    if said is None and group.pattern:
        # "Add support for `uv … --all-packages`" is said by what stays: support for the all-packages option
        bare = re.sub(r"\s+", " ", re.sub(r"(?<=`)(?:[\w.-]+ )?… ?|…", "", group.pattern)).strip()
        said = bare if len(bare.split()) >= 3 and not bare.endswith(":") and deed_of(bare) else None  # ("Add op:" says nothing)
    if said is None and len(topics) == 1:
        said = group.items[0].subject.topic
    n = _NUMBER_WORDS.get(len(group.items), str(len(group.items)))
    label = None
    if said is None:  # the thread that holds them all: "atoi replacements"
        found = threads(group.items)
        label = found[0].label if found and len(found[0].items) * 2 > len(group.items) else None
        if label and label.lower() in (show.lower(), f"{show.lower()}s"):
            label = None  # "`uv init` …" threads on "uv": "Four uv" names the show, not the work
        if label and all(i.subject.topic.lower().startswith(label.lower().rstrip("s")) for i in group.items):
            label = None  # their shared order: six "Record the known bug …" were "Six Records" (curl 2024-02-27)
    # (a thread's label is a noun phrase, no title: "new uv all packages" was "Adding a New Uv All Packages")
    deed = deed_of(said) if said else None
    gerund = gerund_of(deed) if deed else None
    subject = _PATTERN_SUBJECT.match(group.pattern or "")
    if gerund:
        phrase = book.say("titles.campaign_deed", deed=gerund, count=n)
    elif label and len(found[0].items) == len(group.items) and not label.lower().endswith("eds"):
        # (ao's "Delete deprecated …" eight times was "Eight Deprecateds": a participle is no thing to count)
        phrase = book.say("titles.campaign_label", count=n, label=label)  # "Five atoi Replacements"
    elif subject:
        phrase = book.say("titles.campaign_subject", count=n, subject=subject.group(1))  # "Four Changes to uv init"
    else:
        return None
    if len(phrase) > _TITLE_CHARS:
        return None
    titled = title_case(phrase, show)
    # a command keeps its own spelling: "Four Changes to uv init", not "uv Init"
    return titled.replace(title_case(subject.group(1), show), subject.group(1)) if subject and not gerund else titled


_NUMBER_WORDS = dict(enumerate("zero one two three four five six seven eight nine ten eleven twelve".split()))


def _effect_title(group: Group, theme: Theme, seed: int, book: Phrasebook) -> str | None:
    """ "Distributed Tests Run Three to Six Times Faster": a campaign's measured effect as its title."""
    facts = [f for item in group.items for f in item.facts if f.kind in ("runtime", "speedup") and f.factor and f.factor > 1]
    if not facts or len(group.items) < 2:
        return None
    lo = min(f.low or f.factor or 1 for f in facts)
    hi = max(f.factor or 1 for f in facts)
    if hi < 1.95:
        return None
    span = _times(lo, hi, book)
    subject = theme.subject.removesuffix(" Test").strip() if theme.subject else ""
    if _mostly(group.items, "tests") and subject:
        forms = [t.format(subject=subject, span=span) for t in book.options("titles.effect_tests")]
        if len(group.items) >= _GREAT_MIN:
            forms.append(book.say("titles.effect_tests_great", subject=subject))
    elif subject:
        forms = [t.format(subject=subject, span=span) for t in book.options("titles.effect")]
    else:
        forms = [t.format(span=span) for t in book.options("titles.effect_plain")]
    return title_case(forms[seed % len(forms)])


def _times(lo: float, hi: float, book: Phrasebook) -> str:
    def say(x: float) -> str:
        n = round(x)
        return _NUMBER_WORDS[n].capitalize() if n in _NUMBER_WORDS else str(n)

    a, b = say(max(lo, 2.0)), say(hi)
    return book.say("titles.span", low=a, high=b) if a != b else book.say("titles.span_one", high=b)


_TITLE_CHARS = 72  # a commit subject's own conventional limit: most are titles whole

# Where a long title can end and still say something whole: before its "for …", "via …", "(…)".
_BREAK = re.compile(r",|;|:| \(| - | (?:for|to|with|via|through|by|when|that|which|where|while|because|unless|from|so|instead of) ", re.I)


def _rolled_up(group: Group) -> int:
    """The pull requests a roll-up merged: its builder's own "Run fmt and update test" is none of
    them (clippy #5438, "Rollup of 11 pull requests", was told as twelve)."""
    return sum(1 for item in group.items if item.change.pr is not None) or len(group.items)


def _trim(text: str, limit: int) -> str:
    """The text, or the part before its last natural break within ``limit``; "…" where none."""
    if len(text) <= limit:
        return text
    breaks = [m.start() for m in _BREAK.finditer(text[: limit + 1]) if m.start() >= 20]
    for end in reversed(breaks):
        cut = text[:end].rstrip(",;:-")
        if re.search(r"(?i)\band [\w-]+$", cut) and text[end] == " ":
            continue  # "… Workspace and Members" cut "with identical names", which only the members have
        if re.search(r"(?i)\b(?:which|that|who|where)(?: [\w-]+){0,3}$", cut):
            continue  # "… Before Unary Ops Which Works" cut "for non-contiguous slices", what it works for (executorch 2026-05-07)
        if re.search(r"(?i)\b(?:only|failing|trying|unable|able|needed|used|attempting)$", cut):
            continue  # "… If the Panics Occur Only" cut "when debug-assertions is specified", the condition itself
        if re.search(r"(?i)\b(?:support|handling|a fix|fixes|changes|options?)$", cut):
            continue  # "Daniel Stenberg Adds Support" cut "for the show-headers option and …", all it said (curl 2024-10-02)
        if len(re.split(r"[,;:]", cut)[-1].split()) >= 2:  # never "…, Updating Docs, Replacing"
            return cut
    return text[: text.rfind(" ", 0, limit)].rstrip(",;:-") + "…"


# What the headline change fixed, by the severity the plan reads in it (most serious first).
_SEVERITIES = ("silent_correctness", "security", "correctness", "crash", "hang", "regression", "leak")


def _severity_phrase(items: Sequence[Item], book: Phrasebook) -> str | None:
    severity = {s for item in items for s in item.severity}
    key = next((key for key in _SEVERITIES if key in severity), None)
    return book.say(f"summary.severity.{key}") if key else None


def _areas_phrase(areas: Sequence[str], book: Phrasebook) -> str:
    areas = list(areas)
    if len(areas) > 4:
        return book.say("summary.more_areas", areas=", ".join(areas[:3]), count=str(len(areas) - 3))
    return join_names(areas, 4)


def _release_sentence(group: Group, show: str, book: Phrasebook) -> str:
    """ "Vue 3.4.0 is out, a minor release with 185 commits from 24 people since 3.3.13." """
    releases = group.releases
    first = releases[0]
    headline = release_headline(releases, show, book)
    if len(releases) == 1 and first.previous and first.changes:
        return book.say(
            "summary.release_carries", release=headline, kind=a_an(book.say(f"releases.{first.said_kind}")),
            commits=f"{first.changes:,} changes", people=with_bots(f"{first.authors} {'person' if first.authors == 1 else 'people'}", first.bots, book),
            previous=first.previous,
        )
    return book.say("summary.release", release=headline)


def _where(group: Group, book: Phrasebook) -> str:
    """ " across A, B and C", " in A" or "": a field of the summary's sentences."""
    # where the story says it is (executorch 2025-08-12's one Qualcomm change of twelve), as many as it
    # names (u-boot 2026-06-05's "and 4 more areas" counted binman's second label the story drops)
    # (all of them counted: a pull across thirteen areas was "clk, soc, usb and 3 more" of the six a story
    # names; u-boot 2026-01-16)
    held = held_areas(group)
    areas = _areas_phrase(held, book)
    if len(held) > 1:
        return f" {book.say('summary.across', areas=areas)}"
    return f" {book.say('summary.in', areas=with_article(areas))}" if areas else ""


def _plain_first(word: str) -> str:
    """ "Someone" as said inside a sentence."""
    return word[:1].lower() + word[1:]


def _headline_sentence(
    ranked: Ranked, show: str, book: Phrasebook, landed: Mapping[str, int] | None = None,
    landed_in: Mapping[tuple[str, str], int] | None = None,
) -> str:
    group = ranked.group
    if group.releases:
        return _release_sentence(group, show, book)
    items = group.items
    n = len(items)
    lead = group.people[0] if group.people else _plain_first(book.say("summary.someone"))
    # a bot by its login, "dependabot[bot] landed 3 changes", was no name the episode says (pip 2025-12-12)
    # (lower-cased: the sentence is capitalised whole; "The headline is A bot's …" was not, pip 2026-01-05)
    lead = _said_person(lead)
    facts = [f for item in items for f in item.facts]
    effect = effect_phrase(facts)
    where = _where(group, book)
    if group.kind == StoryKind.REVERT:
        topic = parse_subject(group.subject).topic if group.subject else items[-1].subject.topic
        deed = deed_of(topic)
        what = book.say("summary.the_change_that", did=deed) if deed else f"“{topic}”"
        return book.say("summary.reland" if group.relanded else "summary.revert", what=what)
    if group.kind in (StoryKind.CAMPAIGN, StoryKind.AUTHOR_SERIES):
        who = lead if len(group.people) == 1 else f"{join_names(group.people, 3)}"
        pattern = f" {book.say('summary.pattern', pattern=group.pattern)}" if group.pattern else ""
        focus = focus_words(group.items, group.areas[:1])
        # "all of them on X, Y and Z" is heard of each: every title names every one (executorch 2026-08-19)
        every = all(all(w.lower() in i.change.title.lower() for w in focus) for i in items)
        about = f", {book.say('summary.focus_all' if every else 'summary.focus', focus=join_names(focus, 3))}" if focus and not pattern else ""
        if group.series and not pattern:
            share = book.say("summary.all") if group.series_size == n else f"{group.series_size}"
            about = f", {book.say('summary.tagged', share=share, series=group.series)}"
        total = (landed or {}).get(who, 0) if len(group.people) == 1 else 0
        if total > n and group.series and group.series_size == n and not pattern and not where.strip():
            about = f" {book.say('summary.all_tagged', series=group.series)}"  # "14 changes, 12 of them all tagged …"
        elif total > n and focus and not group.series and not pattern and not where.strip() and not every:
            about = f" {book.say('summary.focus_part', focus=join_names(focus, 3))}"  # "8 changes, 6 of them, most of them on …"
        if total > n and group.areas and (landed_in or {}).get((who, group.areas[0]), 0) >= total:
            # all ten of Jorge Pineda's changes were in Vulkan: "10 changes, 5 of them in Vulkan" said the
            # other five were elsewhere (executorch 2024-04-09); the day in its area is said whole
            return book.say("summary.campaign", who=who, count=str(total), pattern="", where=where, about="", effect="")
        if total > n:  # "Evan You landed 15 changes, 4 of them in compiler sfc": not his whole day
            return book.say(
                "summary.campaign_part_stacked" if group.stacked else "summary.campaign_part", who=who, total=str(total),
                count=str(n), pattern=pattern, where=where, about=about, effect=_with_effect(effect, book),
            )
        return book.say(
            "summary.campaign_stacked" if group.stacked else "summary.campaign", who=who, count=str(n),
            pattern=pattern, where=where, about=about, effect=_with_effect(effect, book),
        )
    if group.kind == StoryKind.PULL and group.pull is not None:
        # The pull's footprint is the pull's, not its first patch's.
        claim = leader_claim(group)
        sender = claim.value if claim is not None else None
        people = len(group.people)
        n = max(n, group.pull.commits)  # what the pull brought, a revert among it told apart
        said = f"{people} " + ("person" if people == 1 else "people")
        if group.helpers:  # (co-developers are people behind its patches too: u-boot 2026-04-22's imx pull)
            said = book.say("size.with_help", people=said, more=f"{len(group.helpers)} co-author{'s' if len(group.helpers) != 1 else ''}")
        by = f" {book.say('summary.from_people', people=said)}" if people else ""
        tree = pull_tree(group.pull)
        if tree is None:  # a roll-up merged pull requests, however many commits they hold
            prs = _rolled_up(group)
            return book.say("summary.rollup", sender_s=f"{sender}'s" if sender else "A", count=f"{prs} pull request{'s' if prs != 1 else ''}",
                            by=by, where=where)  # fmt: skip
        return book.say(
            "summary.pull_sent" if sender else "summary.pull", sender_s=f"{sender}'s" if sender else "",
            tree=tree, count=f"{n} change{'s' if n != 1 else ''}", by=by, where=where,
        )
    if group.kind == StoryKind.AREA:
        tagged = f", {book.say('summary.tagged', share=str(group.series_size), series=group.series)}" if group.series else ""
        return book.say(
            "summary.area", area=group.areas[0], count=str(n), people=str(len(group.people)),
            names=join_names(group.people, 3), tagged=tagged,
        )
    topic = items[0].subject.topic
    deed = deed_of(topic, items[0].person) or deed_of_title(items[0].change.title, topic)
    deed = (scoped_deed(items[0].change.title, deed) or deed) if deed else deed
    if deed:
        deed = with_status(labelled_deed(deed, items[0].subject.label or ""), items[0].claims)
    if deed and "dependency" in items[0].sure_kinds:
        deed = dependency_deed(deed)
    if deed and list(items[0].sure_kinds) == ["docs"]:
        deed = docs_deed(deed)
    # The side that outweighs the other, said as that side: "a change of 2,272 lines" doubled clippy's
    # 1,136-for-1,136 link swap, and "a change of 1,875" was heard as all of vue's +1,875/−852; as
    # many lines out as in is a rewrite, no size to tell.
    added, deleted = code_lines(items[0].change, "added"), code_lines(items[0].change, "deleted")
    lines, side = (added, "added") if added >= deleted else (deleted, "removed")
    sweep = items[0].lines < items[0].change.added + items[0].change.deleted  # one line edited in each of many files
    # (only a change that grew on one side: "adding about 1,400 lines" hid the 971 it moved out; executorch #1099)
    one_sided = min(added, deleted) * 3 <= max(added, deleted)
    size = f", {book.say(f'summary.size_{side}', lines=rounded_count(lines))}" if lines >= 1000 and not effect and not sweep and one_sided else ""
    if size and side == "added" and test_lines_added(items[0].change) * 5 >= added * 3:
        size += f", {book.say('summary.mostly_tests')}"  # uv #9796's 5,200 lines were 4,338 of one test file
    if deed:
        held = held_areas(group)
        if len(held) == 1 and not where_phrase(held[0], deed, labelled=label_names(items[0].change.title, items[0].subject.topic, held[0],
                                                                     tagged=items[0].area_labelled and held[0] == (items[0].areas[:1] or ("",))[0])):
            # clippy's "made let unit with type underscore early-pass" names its lint already; uv's
            # "added a template to uv init" its place (as the story says it)
            where = ""
        # (by whoever did it: u-boot 2024-05-29's "Quentin Schulz changed maintainer to Francesco" was
        # Francesco Dolcini's own patch in a pull of Quentin's)
        teller = items[0].person if items[0].person and items[0].person in group.people and not is_bot_name(items[0].person) else lead
        return book.say("summary.did", person=capitalised(teller), did=deed, where=where, effect=_with_effect(effect, book), size=size)
    why = _severity_phrase(items, book)
    if why:
        return book.say("summary.fix_for", person_s=possessive(lead), why=why, where=where, topic=quoted(topic))
    return book.say("summary.titled", person_s=possessive(lead), topic=quoted(topic), where=where, effect=_with_effect(effect, book), size=size)


def _with_effect(effect: str | None, book: Phrasebook) -> str:
    """", with runtimes 3x to 6x faster" / ", 6.6x faster on MI300X" / "" (a sentence's last clause)."""
    if not effect or not _speakable(effect):
        return ""
    return f", {effect}" if effect[0].isdigit() else f", {book.say('summary.with_effect', effect=effect)}"


def _speakable(effect: str) -> bool:
    """An effect phrase that fits mid-sentence (starts in lower case or with a number)."""
    return bool(re.match(r"[a-z0-9]", effect))


def _in_area(group: Group, book: Phrasebook) -> str:
    """ " in A" for the group's first area, or ""."""
    return f" {book.say('summary.in', areas=with_article(group.areas[0]))}" if group.areas else ""


def _said_person(name: str) -> str:
    """A person as the summary says them: a bot's login ("dependabot[bot]'s fix in GHA") is "a bot"."""
    return "a bot" if is_bot_name(name) else name


def _secondary_fragments(stories: Sequence[Ranked], book: Phrasebook, reverted: int = 0) -> list[str]:
    fragments: list[str] = []
    by_role: dict[str, list[Ranked]] = {}
    for r in stories[1:]:
        by_role.setdefault(r.role, []).append(r)
    fixes = by_role.get("correctness", [])
    silent = [r for r in fixes if any("silent_correctness" in i.severity for i in r.group.items)]
    if silent:
        g = silent[0].group
        fragments.append(book.say("summary.silent_fix", person_s=possessive(_said_person(g.people[0])), where=_in_area(g, book)))
    elif fixes:
        # Who fixed what, not a count: the stories told are not all the day's fixes.
        g = fixes[0].group
        if g.people:
            # curl 2022-02-16: Kevin Adler's three gskit changes were "Kevin Adler's fix in gskit"
            many = len(g.items) > 1
            slot = "summary.fix_by" if not many else "summary.fixes_by" if all("fix" in i.kinds for i in g.items) else "summary.work_by"
            fragments.append(book.say(slot, person_s=possessive(_said_person(g.people[0])), where=_in_area(g, book)))
        else:
            fragments.append(book.say("summary.a_fix", where=_in_area(g, book)))
    for r in by_role.get("performance", [])[:1]:
        g = r.group
        effect = effect_phrase([f for i in g.items for f in i.facts])
        detail = f" ({effect})" if effect and _speakable(effect) else ""
        fragments.append(book.say("summary.performance", where=_in_area(g, book), person=_said_person(g.people[0]), detail=detail))
    features = by_role.get("feature", [])
    if features:
        areas = list(dict.fromkeys(r.group.areas[0] for r in features if r.group.areas))
        one = len(features) == 1 and len(features[0].group.items) == 1  # uv 2025-05-22's one feature was "new features"
        fragments.append(book.say("summary.new_work_in", areas=join_names(areas, 3)) if areas
                         else book.say("summary.new_feature" if one else "summary.new_features"))
    # A reland of an earlier day's revert is no revert of today's (ao 2025-10-10: "2 reverts" were one and a reland).
    stories = by_role.get("revert", [])
    relands = [r for r in stories if r.group.relanded and not any("revert" in i.kinds for i in r.group.items)]
    reverts = [r for r in stories if r not in relands]
    if len(reverts) == 1 and reverted <= 1:
        g = reverts[0].group
        fragments.append(book.say("summary.a_revert_relanded" if g.relanded else "summary.a_revert", where=_in_area(g, book)))
    elif reverts:
        # all the day's reverts, not the stories told of them: "2 reverts" of four (executorch 2025-09-11)
        fragments.append(book.say("summary.reverts", count=str(max(len(reverts), reverted))))
    if len(relands) == 1:
        fragments.append(book.say("summary.a_reland", where=_in_area(relands[0].group, book)))
    elif relands:
        fragments.append(book.say("summary.relands", count=str(len(relands))))
    return fragments


def _tally_units(counts: Mapping[str, int]) -> str:
    """The day's changes in the units the cold open says them where the totals differ: pull
    requests (and direct commits) grouping several commits each ("11 changes" beside "six pull
    requests and two direct commits" gave a listener two totals for one curl day), else changes."""
    total, prs = counts.get("changes", 0), counts.get("prs", 0)
    direct = counts.get("direct", total - prs)
    if not (prs and prs * 2 >= total) or prs + direct == total:  # (one total either way: "changes")
        return f"{total} change{'s' if total != 1 else ''}"
    said = f"{prs} pull request{'s' if prs != 1 else ''}"
    return said + (f" and {direct} direct commit{'s' if direct != 1 else ''}" if direct > 0 else "")


def episode_summary(
    stories: Sequence[Ranked], counts: dict[str, int], show: str = "", phrases: Phrasebook | None = None,
    landed: Mapping[str, int] | None = None, landed_in: Mapping[tuple[str, str], int] | None = None,
) -> str:
    """One to three sentences: the headline with names and numbers, then what else mattered,
    worded in the style's ``phrases`` (default: the default style's); ``landed``: each person's
    changes in the window, so a story of part of them says so (``landed_in``: by area, whether
    the story's area sets it apart)."""
    book = phrases or default_phrasebook()
    # co-authors are people behind the day's changes too, as the cold open counts them
    total, authors = counts.get("changes", 0), counts.get("authors", 0) + counts.get("coauthors", 0)
    if not stories:
        return book.say("summary.empty") if total == 0 else book.say("summary.small", count=str(total))
    sentences = [capitalised(_headline_sentence(stories[0], show, book, landed, landed_in))]
    fragments = _secondary_fragments(stories, book, counts.get("reverts", 0))[:3]
    # a fragment naming nobody goes first: "A's fix and new work in RL" gave A the RL work (torchtitan 2026-05-18)
    named = [f for f in fragments if any(p and possessive(p) in f for r in stories[1:] for p in r.group.people[:1])]
    fragments = [f for f in fragments if f not in named] + named
    bots = counts.get("bots", 0)
    # a bot's change is one of the day's too ("3 changes from 2 authors" left out pre-commit-ci's)
    said_bots = "a bot" if bots == 1 else f"{bots} bots"
    source = (
        f"{authors} {'person' if authors == 1 else 'people'}" + (f" and {said_bots}" if bots else "") if authors
        else said_bots if bots else book.say("summary.unnamed")
    )
    tally = book.say("summary.tally", changes=_tally_units(counts), source=source)
    if fragments:
        plural = len(fragments) > 1 or bool(re.match(r"(?:[2-9]|\d\d+) ", fragments[0]))
        sentences.append(book.say("summary.alongside_many" if plural else "summary.alongside_one", items=join_names(fragments, 4), tally=tally))
    elif len(stories[0].group.items) < total:
        sentences.append(book.say("summary.in_all", tally=tally))
    return " ".join(sentences)
