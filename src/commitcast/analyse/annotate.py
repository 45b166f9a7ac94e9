"""One change with everything the newsroom reads from it: subject parts, kinds, areas, facts, people."""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..ingest import pr_url
from ..model import Change, ChangeKind, ChangeRef, Claim, Fact, FileChange, Severity
from ..text import prose_sentences
from .areas import AreaResolver, is_benchmark, is_test_file, pretty_name, tag_area
from .claims import change_claims
from .classify import classify
from .facts import extract_facts
from .labels import read_labels
from .people import People, credited, is_bot_change
from .titles_parse import Subject, parse_subject, title_tokens

__all__ = ["Item", "annotate", "change_ref", "code_lines", "test_lines_added"]


@dataclass(frozen=True)
class Item:
    """An analysed change."""

    change: Change
    index: int  # position in the window, oldest first; ties are broken by it
    subject: Subject
    kinds: tuple[ChangeKind, ...]
    severity: tuple[Severity, ...]
    areas: tuple[str, ...]  # the areas it can be said to be in: named by its author, labels or the project
    facts: tuple[Fact, ...]
    people: tuple[str, ...]  # credited display names
    bot: bool
    tokens: tuple[str, ...]  # word tokens of the topic
    sentences: tuple[str, ...] = ()  # the prose of the body (see sentences.prose_sentences)
    claims: tuple[Claim, ...] = ()  # its kinds and severities with their evidence (analyse.claims)
    folders: tuple[str, ...] = ()  # where its files are, when only the folder names it ("models", "lib")
    area_labelled: bool = False  # its first area is the one its title's own tag or label names ("[ET-VK]": Vulkan)

    @property
    def sure_kinds(self) -> tuple[ChangeKind, ...]:
        """The kinds claimed strongly, most telling first (all its kinds when it carries no claims)."""
        if not self.claims:
            return self.kinds
        strong = {c.value for c in self.claims if c.about == "kind" and c.strength == "strong"}
        return tuple(k for k in self.kinds if k in strong)

    @property
    def sure_severity(self) -> tuple[Severity, ...]:
        """The severities claimed strongly (all of them when it carries no claims)."""
        if not self.claims:
            return self.severity
        strong = {c.value for c in self.claims if c.about == "severity" and c.strength == "strong"}
        return tuple(s for s in self.severity if s in strong)

    @property
    def person(self) -> str:
        """The first credited person."""
        return self.people[0]

    @property
    def lines(self) -> int:
        """Lines added plus deleted; a one-for-one edit over many files counts each line once (clippy's
        "set doc-tests to no_run" changed 991 lines in 233 files: no 1,982-line change)."""
        added, deleted = self.change.added, self.change.deleted
        # regenerated data, and a file re-sorted line for line, are no work by size: uv #7900 re-sorted
        # download-metadata.json and downloads.inc (7,174 lines) and led a day of resolver fixes
        data = [f for f in self.change.files if _DATA_FILE.search(f.path) or (f.added or 0) == (f.deleted or 0) >= _RESORTED]
        if data and len(data) < len(self.change.files):
            added -= sum(f.added or 0 for f in data)
            deleted -= sum(f.deleted or 0 for f in data)
        if _SUBTREE.match(self.change.title):
            return 0  # another project's code brought in: no work of the day's by size
        if len(self.change.files) >= _MANY_FILES and added and abs(added - deleted) * 50 <= added + deleted:
            return max(added, deleted)
        return added + deleted

    @property
    def pr(self) -> int | None:
        """The change's pull request number, if it has one."""
        return self.change.pr.number if self.change.pr else None


# Outer labels that only say which folder holds the part: "drivers: fastboot: …" is about fastboot,
# "fs: btrfs: …" about btrfs (u-boot 000b541f0f changed btrfs alone).
_CONTAINER_LABELS = frozenset("drivers driver include lib src common board boards configs fs net arch".split())


_DOCS_LABEL = re.compile(r"(?i)^docs?:\s")
_PEER_LABELS = re.compile(r"^\s*[\w.-]+(?:\s*,\s*[\w.-]+){1,3}:\s")


def _peer_labels(title: str, labels: Sequence[str]) -> str | None:
    """Labels a comma lists ("ftp,imap,pop3,smtp: reject …") are peers: the change is in all of them,
    said as one place ("ftp, imap, pop3 and smtp"); curl's CVE fix was told as an ftp fix alone."""
    if len(labels) < 2 or not _PEER_LABELS.match(title):
        return None
    areas = [tag_area(label) for label in labels]
    if not all(areas):
        return None
    return ", ".join(a for a in areas[:-1] if a) + f" and {areas[-1]}"


def _command_label(labels: Sequence[str], change: Change) -> str | None:
    """A label of two or three words that names a command by the folders and files its change
    touches ("uv audit: JSON output" changed crates/uv/…/audit.rs): its place, said as written."""
    if len(labels) != 1 or not re.fullmatch(r"[a-z][\w-]*(?: [a-z][\w-]*){1,2}", labels[0]):
        return None
    parts = {part for f in change.files for part in re.split(r"[/.]", f.path.lower())}
    return labels[0] if all(word in parts for word in labels[0].split()) else None


# folders that hold one plug-in implementation per file or folder: curl's lib/vtls/openssl.c is
# curl's OpenSSL backend, and "OpenSSL: clear error queue" changed no OpenSSL (curl 2023-08-26)
_BACKEND_DIRS = frozenset({"vtls", "vquic", "vssh", "backend", "backends"})


def _backend_label(label: str | None, change: Change) -> str | None:
    """``label`` said as the backend it names when the change touches that backend's file: one
    of the label's name in a backends folder."""
    if not label or label.lower().endswith("backend"):
        return label
    name = _squashed(label)
    for f in change.files:
        parent, _, file = f.path.rpartition("/")
        stem = file.rsplit(".", 1)[0]
        # curl's lib/vquic/cf-quiche.c is the quiche backend too
        if parent.rpartition("/")[2].lower() in _BACKEND_DIRS and name in (_squashed(stem), _squashed(re.split(r"[_-]", stem)[-1])):
            return f"{label} backend"
    return label


def telling_label(labels: Sequence[str]) -> str | None:
    """The label of a subject that names the part it changes: the first, past a container's."""
    for label in labels:
        if label.lower() not in _CONTAINER_LABELS:
            return label
    return labels[0] if labels else None


# A lint's name in a linter's title ("Fix `undocumented_unsafe_blocks` in closures"): said as the
# lint it is, for its words alone tell the opposite ("fixed undocumented unsafe blocks"; clippy #9117).
_LINT_NAME = re.compile(r"(?<![\w`])(?<!the )`([a-z][a-z0-9]*(?:_[a-z0-9*]+)+)`(?!\s+lints?\b)")
_LINTS_DIR = re.compile(r"(?:^|/)[\w-]*lints?/")
_LINT_TESTS = re.compile(r"^tests/ui(?:-[\w-]+)?/([a-z][a-z0-9_]*)(?:/|\.rs$)")


def _lints_named(subject: Subject, change: Change) -> Subject:
    """``subject`` with each lint its title names said as "the `x` lint", in a change to a linter's
    lints: a name its message links as a lint ("[`needless_option_as_deref`]"; `as_deref_mut` in the
    same title is a method, no lint)."""
    if "`" not in subject.topic or not any(_LINTS_DIR.search(f.path) or _LINT_TESTS.search(f.path) for f in change.files):
        return subject
    linked = set(re.findall(r"\[`([a-z][a-z0-9_]*)`\]", change.body))
    # a lint's own UI tests name it too (clippy #13839's tests/ui/missing_const_for_fn/)
    linked |= {m.group(1) for f in change.files if (m := _LINT_TESTS.search(f.path))}
    return replace(subject, topic=_LINT_NAME.sub(lambda m: f"the `{m.group(1)}` lint" if m.group(1) in linked else m.group(0), subject.topic))


_PART_NAME = re.compile(r"\b(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{5,}\b", re.I)


def _spelled_as_merged(subject: Subject, change: Change) -> Subject:
    """A merge's title with a part's name spelled as the patches it merges spell it: u-boot's "a
    patch series for mx313xx RTC drivers" merged patches to max313xx (the merger's slip)."""
    if not change.merged:
        return subject
    spelled = {w for m in change.merged for w in _PART_NAME.findall(m.title)}
    lowered = {w.lower() for w in spelled}

    def respell(m: re.Match[str]) -> str:
        word = m.group(0)
        if word.lower() in lowered:
            return word
        near = [w for w in spelled if _one_edit(word.lower(), w.lower())]
        return near[0] if len(set(near)) == 1 else word

    return replace(subject, topic=_PART_NAME.sub(respell, subject.topic))


_FILE_NAMED = re.compile(r"(?<![\w./-])([\w-]+)\.(sh|py|c|h|cc|cpp|rs|ts|js|toml|ya?ml|json|cfg|ini|cmake)\b")


def _spelled_as_changed(subject: Subject, change: Change) -> Subject:
    """A title's file name its change does not touch, said as the one file of that kind it does touch
    when the two names are near: torchtitan's "add … option to run_start.sh" changed run_train.sh
    alone, and no run_start.sh exists (2025-08-28)."""
    changed = {f.path.rsplit("/", 1)[-1] for f in change.files}

    def respell(m: re.Match[str]) -> str:
        if m.group(0) in changed:
            return m.group(0)
        kin = [name for name in changed if name.endswith(f".{m.group(2)}")]
        if len(kin) != 1 or difflib.SequenceMatcher(None, m.group(1), kin[0].rsplit(".", 1)[0]).ratio() < 0.6:
            return m.group(0)
        return kin[0]

    return replace(subject, topic=_FILE_NAMED.sub(respell, subject.topic)) if changed else subject


# One row of Renovate's table of updates: "| [clap](https://…) | workspace.dependencies | patch | `4.5.35` -> `4.5.38` |"
_UPDATE_ROW = re.compile(r"^\|\s*\[([\w.@/-]+)\]\([^)]*\)\s*\|[^`|]*\|[^`|]*\|\s*`v?([\w.+-]+)`\s*->\s*`v?([\w.+-]+)`", re.M)


def _as_its_update(subject: Subject, change: Change) -> Subject:
    """A bot's update of one package retitled by hand ("Align indentation of long arguments", uv #13394 updated clap):
    said as the update its table records, not as what the new version changed (2025-05-12)."""
    rows = _UPDATE_ROW.findall(change.body)
    if len(rows) != 1 or not is_bot_change(change):
        return subject
    package, old, new = rows[0]
    if package.rsplit("/", 1)[-1].lower() in change.title.lower():
        return subject
    return replace(subject, topic=f"update {package} from {old} to {new}", label=None, labels=())


def _one_edit(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with one letter added, dropped or changed."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def _names_again(area: str, label: str) -> bool:
    """A folder's area that names the author's label again: vue's scope "sfc" and the folder
    "compiler sfc" were "across sfc and compiler sfc"; u-boot's "tools" and "tooling" two areas."""
    words, said = area.lower().split(), label.lower().split()
    return set(said) <= set(words) or (len(words) == len(said) == 1 and words[0][:4] == said[0][:4] and len(said[0]) >= 4)


_SUPPORT_ADDED = re.compile(r"(?i)(?:add|implement|introduce)\w*\s+(?:initial\s+|basic\s+|preliminary\s+)?support\b")


def _swept_past(area: str, change: Change, resolver: AreaResolver) -> bool:
    """A title's label the change's files mostly lie outside of, on a change across many areas: u-boot's
    series "api: Remove duplicate newlines" touched 363 files throughout the tree, one patch in api/."""
    paths = [f.path for f in change.files]
    if len(paths) < 20:
        return False
    found = [resolver.of_path(p) for p in paths]
    inside = sum(1 for a in found if a and a.lower() == area.lower())
    # curl's "plan9: drop special build …" held 303 of its 342 lines in plan9/, over 8 of 24 files
    lines = [(f.added or 0) + (f.deleted or 0) for f in change.files]
    inside_lines = sum(n for n, a in zip(lines, found, strict=True) if a and a.lower() == area.lower())
    # (a label naming no folder it touches, "Arm backend", is the author's name for the work)
    return 0 < inside and inside * 3 < len(paths) and len(set(found)) >= 5 and inside_lines * 2 < sum(lines)


def _series_past(area: str, change: Change) -> bool:
    """A merged series titled by one patch's label most of its patches lack: u-boot's "Merge patch
    series "m68k: Implement a default flush_dcache_all"" reworked cache functions of six architectures."""
    if not change.is_merge or len(change.merged) < 3:
        return False
    own = sum(1 for m in change.merged if (a := tag_area(telling_label(parse_subject(m.title).labels) or "")) and a.lower() == area.lower())
    return own * 2 < len(change.merged)


def _squashed(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _tags_of_areas(tags: Sequence[str], change: Change) -> list[str]:
    """The title's tags that may name areas: beside one that names a folder it touches, a tag naming
    none is the team's workflow ("[GraphTrainer][AutoDev]" in graph_trainer/ is no "AutoDev" area).
    A tag naming a file is no area, nor one naming a platform no touched path names: executorch's
    "[Windows] [memory_allocator.h] remove ET_TRY macros" changed no Windows code."""
    paths = _squashed(" ".join(f.path for f in change.files))
    tags = [t for t in tags if not _FILE_TAG.search(t) and not (_PLATFORM_TAG.fullmatch(t.strip()) and change.files and _squashed(t) not in paths)]
    if len(tags) < 2:
        return list(tags)
    folders = {_squashed(part) for f in change.files for part in f.path.split("/")[:-1]}
    return [t for t in tags if _squashed(t) in folders] or list(tags)


_FILE_TAG = re.compile(r"\w\.(?:h|hpp|c|cc|cpp|py|pyi|rs|ts|js|md|rst|toml|txt|cmake|yml|yaml|json)$", re.I)
_PLATFORM_TAG = re.compile(r"(?i)windows|win32|linux|macos|android|ios")


def _names_its_opener(label: str, change: Change) -> bool:
    """A label that is the login of who opened the pull request names a person, no place: clippy's
    "flip1995: Stepping down from the reviewer rotation" was a change "in flip1995" (2023-05-15)."""
    return bool(label) and label.lower() == (change.opened_by or "").lower()


def annotate(change: Change, index: int, resolver: AreaResolver, people: People | None = None) -> Item:
    """Analyse one change; ``people`` names each person of the window once."""
    subject = _spelled_as_changed(_spelled_as_merged(_lints_named(parse_subject(change.title, change.body), change), change), change)
    subject = _as_its_update(subject, change)
    sentences = tuple(prose_sentences(change.body))
    classification = classify(change, subject, sentences)
    areas: list[str] = []
    folders: list[str] = []
    # under a docs label the last is the page's subject: u-boot's "doc: cmd: wget: …" is the wget docs, not cmd
    paged = subject.labels[-1:] if _DOCS_LABEL.match(change.title) else subject.labels
    raw = telling_label(paged)
    label = _peer_labels(change.title, subject.labels) or tag_area(raw or "") or _command_label(paged, change)
    # (a backend's name no tag reads as an area is its place too: "ngtcp2: cleanup memory …" in lib/vquic/ngtcp2.c)
    backend = _backend_label(label or raw, change)
    label = backend if label or backend != raw else None
    # (support added for a platform keeps its label, wherever its files and patches lie: u-boot's series "m68k: Add
    # support for QEMU virt machine" reached 34 files in drivers and include, and was told as the first QEMU virt support)
    if label and (_names_its_opener(raw or "", change) or (
            (_swept_past(label, change, resolver) or _series_past(label, change)) and not _SUPPORT_ADDED.match(subject.topic))):
        label = None
    tags = [tag_area(t.strip("`")) for t in _tags_of_areas(subject.tags, change)] + [label] + [tag_area(subject.scope or "")]
    if subject.conventional == "ci" and not subject.scope:
        tags.append("CI")  # curl's "ci: stop building on freebsd-12-1" was heard as curl dropping FreeBSD (2021-02-18)
    # a speed-up or a fix is where the code it changes is, not the benchmark that measures it (ao #2784's
    # "Improve fp8 blockwise gemm perf" was "in benchmarks" by 392 of its 442 lines)
    # (unless the title names the benchmark: executorch's "Fix ios benchmark app" fixed the app, not
    # the submodule bump beside it)
    improved = {"performance", "fix"} & set(classification.kinds) and not re.search(r"(?i)\bbench(?:mark)?s?\b", subject.topic)
    placed = [f for f in change.files if not is_benchmark(f.path)] if improved else []
    placed = placed if placed and any(resolver.of_path(f.path) for f in placed) else list(change.files)
    # a title that names a file's code by its name is where that file is: executorch's "reinplace_pass
    # resyncs output_specs …" changed exir/passes/reinplace.py, not the MLX lines it let go (2026-07-13)
    tokens = {_squashed(t) for t in re.findall(r"\b[A-Za-z]\w*_\w+\b", subject.topic)}
    named_files = [f for f in placed if not is_test_file(f.path) and len(stem := _squashed(f.path.rpartition("/")[2].rsplit(".", 1)[0])) >= 5
                   and any(t.startswith(stem) for t in tokens)]
    placed = named_files or placed
    if "build" in classification.kinds:
        # "Fix wheel build and smoke test" is where its build files are when they outweigh its code
        # (executorch #4429 was "in quantized kernels" by an __init__.py beside CMake and setup.py)
        # (its CI files too when its title says CI: executorch #1729 "Fix MobileBert timeout CI failures"
        # was "in EXIR" by three lines, but curl's build options were no change "in CI" by a workflow's line)
        building = ("build", "CI") if re.search(r"\bCI\b", subject.topic) else ("build",)
        built = [f for f in placed if resolver.of_path(f.path) in building]
        code = [f for f in placed if f not in built and not resolver.describes_code(f.path)]
        if built and sum((f.added or 0) + (f.deleted or 0) for f in built) >= sum((f.added or 0) + (f.deleted or 0) for f in code):
            placed = built
    named = resolver.named_of_files(placed)
    # Title tags first, then the forge labels maintainers chose, then the files. A folder alone is
    # no area to tell: "cpuhrsch landed a change in models" said nothing of SAM2.1 (ao 2024-10-25).
    # A folder the title's tag names too ("[compiler toolkit] …" in experiments/compiler_toolkit) is the author's.
    chosen = [*tags, *read_labels(change.labels).areas]
    said = {a.lower() for a in chosen if a} | {pretty_name(t).lower() for t in subject.tags}
    for area in [*chosen, *(a for a in resolver.of_files(placed) if not any(_names_again(a, c) for c in chosen if c))]:
        if area and area.lower() not in {a.lower() for a in [*areas, *folders]}:
            (areas if area.lower() in said or area in named else folders).append(area)
    # "MXFP8 MoE training" says "MoE training" too: one place, no "across MXFP8 MoE training and MoE training"
    # (nor are "Cortex_M backend" and "Cortex-M" two: executorch 2024-01-12's "across Cortex_M backend and Cortex-M")
    # (two spellings of one place, "Cortex M" and "Cortex-M", keep the first: executorch #16233 lost both)
    areas = [a for n, a in enumerate(areas) if not any(b != a and (f" {a.lower()}" in f" {b.lower()}" or (
        _squashed(a) in _squashed(b) and len(_squashed(a)) >= 4)) and (_squashed(a) != _squashed(b) or m < n) for m, b in enumerate(areas))]
    titled = {t.lower() for t in tags if t}
    return Item(
        change=change,
        index=index,
        subject=subject,
        kinds=classification.kinds,
        severity=classification.severity,
        areas=tuple(areas[:4]),
        area_labelled=bool(areas) and areas[0].lower() in titled,
        folders=tuple(folders[:4]),
        facts=tuple(extract_facts(change, sentences)),
        people=tuple(credited(change, people)),
        bot=is_bot_change(change),
        tokens=title_tokens(subject.topic),
        sentences=sentences,
        claims=tuple(change_claims(change, subject, classification, sentences)),
    )


def change_ref(item: Item, web_url: str | None) -> ChangeRef:
    """How a plan cites an analysed change."""
    change = item.change
    if change.pr is not None and change.pr.url:
        url: str | None = change.pr.url
    elif change.pr is not None and web_url:  # a clone without a forge remote, told with a configured web_url
        url = pr_url(web_url.rstrip("/"), change.pr.number)
    elif web_url:
        url = f"{web_url.rstrip('/')}/commit/{change.forge_sha or change.sha}"
    else:
        url = None
    return ChangeRef(
        sha=change.sha,
        title=change.title,
        pr=item.pr,
        url=url,
        authors=list(item.people),
        kinds=list(item.kinds),
        areas=list(item.areas),
        severity=list(item.severity),
        topic=item.subject.topic,
        landed_at=change.landed_at,
        reviewers=list(change.reviewers),
        claims=list(item.claims),
        lines=item.lines,
        area_labelled=item.area_labelled,
    )


_RESORTED = 200  # lines a file gains and loses alike to be re-sorted or regenerated, not rewritten
_MANY_FILES = 50  # files an edit spans to be a sweep rather than a rewrite


_DATA_FILE = re.compile(
    r"\.(?:svg|png|jpe?g|gif|ico|pdf|woff2?|ttf|snap|lock)$|(?:^|/)(?:package-lock\.json|pnpm-lock\.yaml|yarn\.lock|"
    # (a project's own patches to what it vendors are its work: executorch's Arm third-party/*.patch)
    r"[\w-]*-metadata\.json)$|(?:^|/)(?:snapshots?|_?vendor(?:ed)?|third[_-]party|external|generated)/(?!.*\.patch$)|"
    # files a tool writes: uv's regenerated uv.schema.json was 1,025 of a bump's 1,341 lines (uv 2025-06-24)
    r"\.schema\.json$|_pb2(?:_grpc)?\.pyi?$|\.min\.(?:js|css)$",
    re.I,
)


# (a tokenizer model or vocabulary kept as text: executorch's test_tiktoken_tokenizer.model was 128,000 of
# a change's 130,948 lines removed, "a big change" of a directory deleted; 2025-03-29)
_BULK_DATA = re.compile(r"\.(?:json|csv|tsv|jsonl|ndjson|model|vocab|tiktoken|txt)$", re.I)
_BULK_LINES = 1000  # lines of a data format changed at once: a regenerated list, not hand work


def _is_data(f: FileChange) -> bool:
    """A file whose lines are no measure of work: binaries, lockfiles, vendored or generated code, and a
    data file rewritten in bulk (uv #1758's versions.json was 3,880 of its 3,900 lines)."""
    return bool(_DATA_FILE.search(f.path)) or (bool(_BULK_DATA.search(f.path)) and (f.added or 0) + (f.deleted or 0) >= _BULK_LINES)


def code_lines(change: Change, which: str) -> int:
    """A change's lines ``added`` or ``deleted``, without data files' (a story's size is its work;
    a subtree's import is another project's code: u-boot's 220,000 lines of lwIP)."""
    if _SUBTREE.match(change.title) or _small_edits_everywhere(change):
        return 0
    return sum((getattr(f, which) or 0) for f in change.files if not _is_data(f)) if change.files else getattr(change, which)


# what a data file is, said aloud: the size a story tells leaves their lines out, and says so
_LEFT_OUT_KINDS = (
    ("lockfiles", re.compile(r"\.lock$|(?:^|/)(?:package-lock\.json|pnpm-lock\.yaml|yarn\.lock)$", re.I)),
    ("snapshots", re.compile(r"\.snap$|(?:^|/)snapshots?/", re.I)),
    ("third-party files", re.compile(r"(?:^|/)(?:_?vendor(?:ed)?|third[_-]party|external)/", re.I)),
    ("generated files", re.compile(r"(?:^|/)generated/|\.schema\.json$|_pb2(?:_grpc)?\.pyi?$|\.min\.(?:js|css)$|-metadata\.json$", re.I)),
)


def data_lines(change: Change, which: str) -> int:
    """The lines ``added`` or ``deleted`` in the data files ``code_lines`` leaves out."""
    if _SUBTREE.match(change.title) or _small_edits_everywhere(change):
        return 0
    return sum((getattr(f, which) or 0) for f in change.files if _is_data(f))


def left_out_lines(change: Change) -> dict[str, int]:
    """The lines ``code_lines`` leaves out of a change, by what their files are ("lockfiles": 243)."""
    if _SUBTREE.match(change.title) or _small_edits_everywhere(change):
        return {}
    out: dict[str, int] = {}
    for f in change.files:
        if _is_data(f) and (f.added or f.deleted):
            kind = next((k for k, pattern in _LEFT_OUT_KINDS if pattern.search(f.path)), "data files")
            out[kind] = out.get(kind, 0) + (f.added or 0) + (f.deleted or 0)
    return out


def test_lines_added(change: Change) -> int:
    """Of a change's ``code_lines`` added, those in test files."""
    if _SUBTREE.match(change.title) or _small_edits_everywhere(change):
        return 0
    return sum(f.added or 0 for f in change.files if is_test_file(f.path) and not _is_data(f))


def _small_edits_everywhere(change: Change) -> bool:
    """A few lines pasted into each of many files: ao #1900's copyright header in 300 files was
    "about 1,700 lines in", no measure of its work."""
    if len(change.files) < _MANY_FILES:
        return False
    sizes = sorted((f.added or 0) + (f.deleted or 0) for f in change.files)
    return sizes[len(sizes) // 2] <= 6


# (u-boot's "Subtree merge tag 'v6.17-dts' of dts repo [1] into dts/upstream": 67,000 lines of the kernel's)
_SUBTREE = re.compile(r"^(?:Squashed '[^']+' (?:content|changes) from commit|Merge commit '[0-9a-f]*' as '|Subtree merge (?:tag|commit|branch) )")
