"""A commit title said as what its author did, in the host's past tense: "Fix connection lifetime
checks" is "fixed connection lifetime checks", "New lint: x" is "added a new lint, x".

Below the stages: the newsroom's summary and titles and the writer's sentences retell the same
way. Verb forms come from lemminflect (irregular verbs included); the few verbs of commit messages
an English lexicon lacks are listed here. A title that names no deed (a statement, a bare noun)
is not retold: the caller quotes it or says less.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from ..model import Claim
from .phrasing import a_an
from .plainwords import alike

__all__ = [
    "FIX_TYPE", "Retold", "retell_title", "deed_of", "labelled_deed", "deed_of_title", "with_status", "docs_deed", "noun_phrase", "past_tense", "present_tense", "gerund_of", "IMPERATIVE_VERBS", "PLAIN_OPENERS", "SUBJECT_OF",
]

# Opening words that are ordinary English, so they may be lower-cased after an attribution.
PLAIN_OPENERS = frozenset(
    "the this that these those a an it its there when while if since because as before after previously "
    "currently now instead without with for in on at to each every some all both any no not only users "
    "user parameters tests code calls call running when once until unless so from by during using given "
    "most many several few one two three our their such around about roughly approximately nearly almost just".split()
)

# Verbs an imperative body sentence opens with ("Reuse one pool of workers …"): said as what
# the change does ("the change reuses one pool of workers …").
IMPERATIVE_VERBS = frozenset(
    "add allow avoid batch bump cache cap change clean convert copy create default deprecate disable "
    "document drop enable ensure expose extend fix fuse gate generalize generalise guard handle implement "
    "improve introduce keep limit lower make mark merge migrate move pass pin plumb port preserve prevent "
    "propagate raise reduce refactor register remove rename replace respect restore return reuse rewrite "
    "route run show simplify skip speed split stop support switch teach unify update upgrade use validate "
    "warn wire save load read write emit set compute store fetch check apply build delete expand export "
    "import include initialize install log optimize parse print record reset resolve serialize share sort "
    "start track trigger wrap adjust align bind clarify compile consolidate define detect dispatch enforce "
    "format group hide inline insert invoke narrow normalize override patch populate prefer prune query "
    "rebuild recompute rework schedule select separate sync tighten transform trim unblock unwrap verify "
    "accept bypass centralize collect combine decouple defer delegate dedupe deduplicate eliminate extract "
    "forward free gather isolate lazily materialize memoize offload release relax reorder reorganize "
    "replicate require retry reuse shard shrink stream strip swap adapt allocate annotate attach bound "
    "collapse declare encode decode fold lift map mirror pad rearrange refresh reroute reserve scale "
    "spawn substitute surface thread unroll upstream report reject throw catch test rerun revert escape".split()
)


# "Load failures now throw …", "Update is needed": the opening word names a thing, not an order.
SUBJECT_OF = re.compile(r"^(?:\w+ )?(?:now|is|are|was|were|will|can|should|must|may|still|no longer|always|never)\b", re.I)

# Verbs of commit messages the English lexicon does not list (lemminflect inflects them by rule).
_DEV_VERBS = frozenset(
    "refactor vendor unvendor devendor vectorize vectorise dedupe deduplicate unskip re-enable reenable unmark reland reapply un-xfail xfail "
    "unbreak plumb lint codemod upstream downstream backport gate unflake dedup memoize inline uninline "
    "autogen regenerate regen parametrize parameterize templatize serialize deserialize tokenize "
    "modularize decouple hoist unhoist shard reshard quantize dequantize lower canonicalize "
    "de-complex decomplex untangle ungate unpin re-add readd re-export reexport de-duplicate regenerate parallelize parallelise".split()
)
# Opening words that look like verbs but open a noun phrase in a title ("Update for …" is a verb;
# these are not): a title that opens with one is told as a noun phrase.
_NOT_VERBS = frozenset(
    "new initial more minor misc various small some better faster simpler missing broken wrong incorrect invalid own "
    "unused proper improved updated fixed function method class module helper helpers utility typo cross "
    # modals ("should de-optimize on vnode …" says what ought to happen) and a bug's own verb
    # ("missed Symbol judge in looseEqual" names the fault, not the author's deed)
    "should must can could would will may might shall missed temp tmp "
    # names that are verbs too: "Arm backend report …" is the Arm backend, "Ruff rules C4" the linter
    "arm ruff pre-commit "
    # nouns before verbs in titles: "Model fragments for diloco" splits the model, "Model
    # enablement - DINO v2" enables one; "See also X" points to a page
    "model models see resource resources script scripts bug bugs source sub mul div "
    # nouns of titles the lexicon also knows as verbs: "type inference failure", "Part 3 of e2e series",
    # "heap profiling at runtime", "pep 658 hashes are …", "Attributes cleanup", "Even smaller version"
    "type types part heap pep debugger attribute attributes even be "
    # curl's "Copyright year out of date": the year's notice, no one "copyrighted" anything
    "copyright copyrights".split()
)
# Nouns of commit titles that are phrasal verbs in an order's place ("Fix and cleanup op logit").
_PHRASAL = {"cleanup": ("clean", "up"), "workaround": ("work", "around"), "setup": ("set", "up"), "rollback": ("roll", "back"), "shutdown": ("shut", "down"),
            "backup": ("back", "up"), "lookup": ("look", "up"), "teardown": ("tear", "down"), "fixup": ("fix", "up")}
# Of those, the ones a title opens with as an order ("Cleanup the tests"; a "Lookup table" is a thing).
_PHRASAL_ORDERS = frozenset(("cleanup", "setup", "workaround", "rollback", "fixup"))
# Plural nouns of amendment that open a title as a noun phrase ("Updates to the docs").
_AMENDS = frozenset("updates changes tweaks edits improvements additions cleanups fixups".split())
# Verbs a title uses bare that the past tense needs a preposition after ("warn style injection").
_WITH_PREPOSITION = {"warn": "warned about", "complain": "complained about"}
_IRREGULAR_PAST = {"rerun": "reran", "rebuild": "rebuilt", "rewrite": "rewrote", "undo": "undid", "split": "split",
                   "set": "set", "reset": "reset", "put": "put", "shut": "shut", "cut": "cut", "let": "let"}
# A title's opening verb when it is not in the imperative ("Adds", "Fixed", "Fixing").
_NP_FRAMES: tuple[tuple[re.Pattern[str], str], ...] = (
    # curl's "tool_listhelp: easier to generate with gen.pl": what the change made the part (2021-09-30)
    (re.compile(r"^(?P<adj>easier|harder|faster|simpler|safer|clearer|smaller|cleaner|quieter)\s+(?P<rest>(?:to|for|with|on|when)\s.+)$", re.I),
     "made it {adj} {rest}"),
    # ao's "Add third_party to exclude" put a folder on the linter's exclude list: no one was "excluded" (2025-02-11)
    (re.compile(r"^add\s+(?P<what>\S+(?:\s+and\s+\S+)?)\s+to\s+(?P<which>(?:extend-)?(?:exclude|ignore|skip|allow|deny|block)(?:s|list)?)$", re.I),
     "added {what} to the {which} list"),
    # "New lint: swap_with_temporary", "New option --foo"
    # (a hyphen inside a word joins it: "a new multi-step QAT API" is no "multi, step")
    (re.compile(r"^(?:a\s+)?new\s+(?P<what>[\w -]{1,30}?)\s*(?::|,|\s-)\s*(?P<rest>.+)$", re.I), "added a new {what}, {rest}"),
    (re.compile(r"^(?:a\s+)?new\s+(?P<rest>.+)$", re.I), "added a new {rest}"),
    # clippy's "autofix for `redundant_else` lint": an autofix added, no "autofixed for …"
    (re.compile(r"^(?:an?\s+)?auto-?fix(?:es)?\s+(?P<rest>(?:for|to|in|on)\s.+)$", re.I), "added an autofix {rest}"),
    # "Initial support for X", "Support for X", "X support"
    (re.compile(r"^(?P<adj>initial|basic|experimental|better|more|partial)\s+support\s+(?P<rest>for .+)$", re.I), "added {adj} support {rest}"),
    (re.compile(r"^support\s+(?P<rest>for .+)$", re.I), "added support {rest}"),
    # "Initial implementation of uv add and uv remove"
    (re.compile(r"^(?:an?\s+)?(?:initial|first|basic)\s+implementation\s+(?P<rest>of .+)$", re.I), "added a first implementation {rest}"),
    # "Typo fixes", "Minor fixes to the loader", "Fixes for X"
    (re.compile(r"^(?:(?:minor|small|some|misc|various|more)\s+)?(?P<what>typo|spelling|doc|docs|test|build)\s+fix(?:es)?$", re.I), "fixed {what} mistakes"),
    (re.compile(r"^(?:(?:minor|small|some|misc|various|more)\s+)?fix(?:es)?\s+(?P<rest>(?:for|to|in|on|related to)\s.+)$", re.I), "made fixes {rest}"),
    # "Bug fix in bpe tokenizer", "Bugfixes for X": a bug fixed there (no "bugged a fix")
    (re.compile(r"^(?:(?:minor|small|some|misc|various)\s+)?bug[- ]?fix(?:es)?\s+(?P<rest>(?:for|to|in|on)\s.+)$", re.I), "fixed a bug {rest}"),
    # executorch's "More passes updated to be more efficient …": the participle is the deed, no passes "added"
    (re.compile(r"^(?P<adj>more|some|several|many|all|other)\s+(?P<thing>[a-z]+s)\s+"
                r"(?P<done>(?!(?:passed|failed|landed|worked|crashed|succeeded|happened|changed|existed|remained|needed)\b)[a-z]+ed)\b(?P<rest>.*)$", re.I),
     "{done} {adj} {thing} {rest}"),
    (re.compile(r"^more\s+(?P<rest>.+)$", re.I), "added more {rest}"),
    # pip's "Bump for development" / "Bump for release": the project's own version moved on
    (re.compile(r"^bump(?:ed)?\s+(?:the\s+version\s+)?for\s+(?:development|dev)$", re.I), "opened the next development cycle"),
    (re.compile(r"^bump(?:ed)?\s+(?:the\s+version\s+)?for\s+(?:the\s+)?release$", re.I), "set the version for the release"),
)


@dataclass(frozen=True)
class Retold:
    """A change's title said as what its author did, in the host's past tense."""

    text: str  # "fixed connection lifetime checks"
    verb: str  # the verb's base form ("fix"), or "" when a noun phrase was framed
    framed: bool = False  # made by a frame around a noun phrase ("added a new lint, …")


@lru_cache(maxsize=1)
def _lexicon() -> object:
    import lemminflect  # loaded on first use: its tables take a third of a second

    return lemminflect


def _verb_base(word: str) -> str | None:
    """The base form when ``word`` is a verb (in any of its forms), else None."""
    low = word.lower()
    if low in _NOT_VERBS or not re.fullmatch(r"[a-z][a-z-]*", low):
        return None
    if low in _DEV_VERBS or low in IMPERATIVE_VERBS:
        return low
    lex = _lexicon()
    lemmas = lex.getAllLemmas(low, upos="VERB").get("VERB")  # type: ignore[attr-defined]
    if lemmas:
        return str(lemmas[0]).lower()
    for cut, add in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e")):
        base = low[: -len(cut)] + add if low.endswith(cut) else ""
        if base and (base in _DEV_VERBS or base in IMPERATIVE_VERBS):
            return base
    # "repoint", "unhide", "precompute", "autogenerate": a known verb behind a prefix is a verb too.
    for prefix in ("re", "un", "de", "pre", "auto"):
        if low.startswith(prefix) and len(low) - len(prefix) >= 3:
            inner = low[len(prefix):].lstrip("-")
            inner_base = inner if inner in IMPERATIVE_VERBS or inner in _DEV_VERBS else None
            if inner_base is None:
                found = lex.getAllLemmas(inner, upos="VERB").get("VERB")  # type: ignore[attr-defined]
                inner_base = str(found[0]).lower() if found and str(found[0]).lower() == inner else None
            if inner_base is not None:
                return low
    # a noun made a verb by "-ify" ("pythonify", "stringify") is one: torchtitan's "Pythonify next_batch"
    if re.fullmatch(r"[a-z]{4,}ify", low):
        return low
    # what a thing is coded as, said as one verb: curl's "url-decode path before evaluation"
    coded = re.fullmatch(r"(?:url|percent|base64|hex|utf-?8|json|uri)-(encode|decode|escape|unescape|quote|unquote)", low)
    return low if coded else None


# Words that show a verb at work after it: an article, a pronoun, a particle, a preposition.
_VERB_CUES = frozenset(
    "the a an all any some its their this that these those it them each every both up out down off back away over "
    "to for of in on with from by into onto as at via when if too more less no not".split()
)


def _noun_first(first: str, base: str, rest: str) -> bool:
    """A title that opens with a word the lexicon knows as a verb but which is not one of the orders
    titles use, in a form that names a thing: a participle ("chunked response"), a gerund ("training
    header files"), a plural ("Tags in …", "Issues priority"), a noun before "in"/"of" ("overflow in
    nbytes") or before a gerund ("heap profiling")."""
    low = first.lower()
    after, _, further = rest.lower().partition(" ")
    if _subject_and_verb(low, after):
        return True  # uv's "warning suggests non-existent --no-frozen flag" warned of nothing
    if low.endswith("ing") and base not in _DEV_VERBS and (modal := re.search(r"\b(?:will|would|should|does|doesn't|did|didn't|is|isn't|was|wasn't)\b", rest)) and not re.search(
            r"\b(?:that|which|who|where|when|if|so)\b", rest[: modal.start()]):
        return True  # uv's "Running `uv lock --check` with outdated lockfile will print …" states a bug: no one "ran" it
    if base in IMPERATIVE_VERBS or base in _DEV_VERBS:
        return False
    if low != base and (low.endswith(("ed", "ing")) or (low.endswith("s") and not low.endswith("ss"))):
        return True
    nouns = _lexicon().getAllLemmas(low).get("NOUN")  # type: ignore[attr-defined]
    # (a noun before a chain of nouns: vue's "block optimization codegen for RootNode" blocked nothing)
    chained = re.fullmatch(r"[a-z]+(?:tion|sion|ment)", after) and further.split(" ", 1)[0] not in _VERB_CUES | {""}
    return bool(nouns) and (after in ("in", "of") or (after.endswith("ing") and after not in _VERB_CUES) or bool(chained))


def _subject_and_verb(first: str, second: str) -> bool:
    """Whether two words are a gerund subject and its verb ("warning suggests", "parsing fails")."""
    base = _verb_base(second) or ""
    plural = _lexicon().getAllLemmas(second).get("NOUN")  # type: ignore[attr-defined]  # "spelling mistakes"
    return first.endswith("ing") and second.endswith("s") and not second.endswith("ss") and base != second and is_verb(base) and not plural


def _named_thing(first: str, base: str, rest: str) -> bool:
    """A title that names a thing with a word that can also be a verb: a gerund not among the known
    orders ("embedding vocab parallel"), or a noun before a bare chain of nouns ("Wheel filename
    distribution package name"): no one "embedded" or "wheeled" anything."""
    if base in IMPERATIVE_VERBS or base in _DEV_VERBS:
        return False
    words = rest.split()
    bare = bool(words) and not any(w.lower().strip(",.;:()") in _VERB_CUES for w in words) and not any(
        ch in rest for ch in "`'\"/#=")
    if first.lower().endswith("ing") and bare:
        return True
    nouns = _lexicon().getAllLemmas(first.lower()).get("NOUN")  # type: ignore[attr-defined]
    return bool(nouns) and bare and len(words) >= 2


def is_word(word: str) -> bool:
    """Whether ``word`` is an English word the lexicon knows ("transition", "alive"; not "libtest")."""
    return bool(_lexicon().getAllLemmas(word.lower()))  # type: ignore[attr-defined]


def is_verb(word: str) -> bool:
    """Whether ``word`` is a verb in its base form ("read", "send"; not "pytorch")."""
    return _verb_base(word) == word.lower()


def past_tense(base: str) -> str:
    """The past tense of a verb's base form ("fix" -> "fixed", "rewrite" -> "rewrote")."""
    if base in _IRREGULAR_PAST:
        return _IRREGULAR_PAST[base]
    head, dash, tail = base.rpartition("-")
    if dash and tail:  # "re-enable" -> "re-enabled"
        return f"{head}-{past_tense(tail)}"
    forms = _lexicon().getInflection(base, tag="VBD")  # type: ignore[attr-defined]
    if forms and _lexicon().getAllLemmas(base).get("VERB"):  # type: ignore[attr-defined]
        # a verb the lexicon knows keeps its own past ("relay" -> "relayed", not "relaid"), unhyphenated
        # when it offers that ("overwrote", not "over-wrote")
        return next((str(f) for f in forms if "-" not in str(f)), str(forms[0]))
    for prefix in ("un", "re", "pre", "over", "under", "out"):
        # curl's "unwrite" is "unwrote", as "rewrite" is "rewrote": an irregular verb behind its prefix
        inner = base[len(prefix):]
        inner_forms = _lexicon().getInflection(inner, tag="VBD") if base.startswith(prefix) and len(inner) >= 3 else ()  # type: ignore[attr-defined]
        if inner_forms and not str(inner_forms[0]).endswith("ed"):
            return prefix + str(inner_forms[0])
    return str(forms[0]) if forms else base + ("d" if base.endswith("e") else "ed")


def _lower_first(text: str) -> str:
    """The first word in lower case when it is a plain capitalised word ("The" -> "the"), never a
    name or acronym ("DTensor", "Windows" stays as written only when it is a known name)."""
    first = text.split(" ", 1)[0]
    if first[:1].isupper() and first[1:].islower() and first.lower() in PLAIN_OPENERS:
        return text[:1].lower() + text[1:]
    return text


def _plain_first_lowered(text: str) -> str:
    """``text`` with its first word in lower case when that is a plain capitalised word ("Stack buffer
    overflow …", "Children traversal …"), never a name from the code ("FileDataLoader", "CI")."""
    return text[:1].lower() + text[1:] if re.match(r"[A-Z][a-z]+\b", text) else text


_DONE_ORDERS = {"Fixed": "Fix", "Updated": "Update", "Improved": "Improve"}


def retell_title(topic: str) -> Retold | None:
    """The title said as what the author did: its opening verb in the past tense ("Fix connection
    lifetime checks" -> "fixed connection lifetime checks"), a noun phrase framed ("New lint: x"
    -> "added a new lint, x"); None when the title says neither (a statement or a bare noun)."""
    # "Fix & cleanup op gelu" joins two orders; a later "&" may join nouns ("cron schedule & push").
    text = re.sub(r"^([A-Za-z]+)\s+&\s+", r"\1 and ", " ".join(topic.split()).rstrip("."))
    if not text:
        return None
    for pattern, frame in _NP_FRAMES:
        match = pattern.match(text)
        if match:
            fields = {k: v.strip() for k, v in match.groupdict().items() if v is not None}
            if "adj" in fields:
                fields["adj"] = fields["adj"].lower()
            if "what" in fields:
                fields["what"] = fields["what"].lower()
            if "rest" in fields:  # "fix for Cygwin, unignore in CI": a later order is one more deed
                fields["rest"] = _conjoined(fields["rest"])
            # "added a new lints …" is "added new lints …"
            plural = re.sub(r"^added a new (\w+[^s\W]s)\b", r"added new \1", frame.format(**fields).rstrip())
            return Retold(plural, "", framed=True)
    blacken = re.match(r"(?i)blacken\s+(.+)$", text)
    if blacken:  # pip's "Blacken commands" ran the Black formatter over them; nothing was "blackened"
        return Retold(f"reformatted {blacken.group(1)} with Black", "reformat")
    if re.fullmatch(r"(?i)imports?\s+fix(?:es)?", text):
        return Retold("fixed imports", "fix")  # executorch's "Import Fix" fixed its imports; nothing called "Fix" came in
    gerund = re.match(r"(?i)([a-z]{3,}ing)\s+for\s+(\S.*)$", text)
    if gerund and is_gerund(gerund.group(1).lower()):
        # executorch's "Plumbing for Arm Example Runner to use Zephyr": the plumbing came in; no one "plumbed for" it
        return Retold(f"added {gerund.group(1).lower()} for {gerund.group(2)}", "add")
    attempt = re.match(r"(?i)attempt\s+to\s+((?:use|load|read|open|connect|fetch|download|reuse|resolve|detect|find)\b.+)$", text)
    if attempt:  # uv's "Attempt to use reflinks by default on Linux": what the program now tries, not an author's try
        return Retold(f"made it try to {_lower_first(attempt.group(1))}", "make")
    keeper = re.match(r"(?i)maintainers?\s+(?:for|of)\s+(.+)$", text)
    if keeper:  # u-boot's "Maintainer for RaidSonic ICY BOX ib62x0 board": the MAINTAINERS entry, no one "landed a maintainer"
        return Retold(f"updated the maintainers entry for {keeper.group(1)}", "update")
    combined = re.match(r"(?i)(disable|disallow|forbid|ban|reject|prohibit|block)\s+(\S+)\s+\+\s+(.+)$", text)
    if combined:  # torchtitan's "Disable Varlen + PP support" bans the two together, neither alone
        return Retold(f"{past_tense(combined.group(1).lower())} {combined.group(2)} combined with {combined.group(3)}", combined.group(1).lower())
    rollup = re.match(r"(?i)rollup of (\d+) pull requests\b\s*(.*)$", text)
    if rollup:  # clippy's "Rollup of 4 Pull requests with new lints": others' pull requests, merged as one
        return Retold(f"rolled up {rollup.group(1)} pull requests {rollup.group(2)}".strip(), "roll")
    if re.fullmatch(r"(?i)fix(?:es|ed)?\s+(?:the\s+)?lint(?:er|ing)?", text):
        return Retold("fixed lint errors", "fix")  # "Fix linter" fixed what the linter flagged, not the linter
    moved = re.match(r"(?i)(?:move|switch|migrate)\s+(\S+(?:\s+\S+){0,3}?)\s+(?:to|over to)\s+(?:using|use)\s+(.+)$", text)
    if moved:  # torchtitan's "move generate_permute_indices to using exact sizes": it now uses them; nothing moved
        return Retold(f"switched {moved.group(1)} to {_lower_first(moved.group(2))}", "switch")
    pin = re.match(r"(?i)^(?:(?P<what>[\w.-]+)\s+)?pin\s+(?:update|bump)\b\s*:?\s*(?P<rest>.*)$", text)
    if pin:  # executorch's "pin update", "Pin bump tokenizer", "PT Pin Bump: 20241002": a pinned version moved on
        pinned, what = pin.group("rest"), f"{pin.group('what')} " if pin.group("what") else ""
        if re.fullmatch(r"\S*\d\S*", pinned):
            pinned = f"to {pinned}"
        elif pinned and not re.match(r"(?i)(?:to|for|with|in|on)\b", pinned):
            pinned = f"of {pinned}"
        return Retold(f"updated the {what}pin {pinned}".strip(), "update")
    # ("Test whether ethernet node is enabled …", "Test for !COMPILE_TEST" are checks the code makes)
    tested = re.match(r"(?i)test(?:(s)\s+(for)|()\s+(that))\s+(.+)$", text)
    if tested:  # clippy's "Test that all interned symbols are referenced": a test added, no one-off check
        return Retold(f"added {'tests' if tested.group(1) else 'a test'} {(tested.group(2) or tested.group(4)).lower()} {tested.group(5)}", "test")
    forward = re.match(r"(?i)(?:forward[- ]?fix|fix[- ]?forward)\b[:\s]*(?:for\s+)?(.*)$", text)
    if forward:  # ao's "Forward fix lint": a fix landed on top of a broken change, no one "forwarded" anything
        return Retold(f"landed a forward fix for {forward.group(1)}" if forward.group(1) else "landed a forward fix", "fix")
    ice = re.match(r"(?i)(?:do not|don'?t|never|avoid)\s+ICE\b\s*(.*)$", text)
    if ice and "ICE" in text:  # clippy's "don't ICE on empty tuples": a compiler crash fixed, no one "icing"
        return Retold(f"fixed an internal compiler error {ice.group(1)}".strip(), "fix")
    thing_support = re.fullmatch(r"([A-Za-z][\w.+-]*) support", text)
    if thing_support and thing_support.group(1).lower() not in IMPERATIVE_VERBS:
        # executorch's "Scan support" added support for the scan op; no one "scanned support"
        name = thing_support.group(1)
        said = name[:1].lower() + name[1:] if name[1:].islower() and is_verb(name) else name  # "scan", but "MPS", "Windows"
        return Retold(f"added {said} support", "add")
    if re.match(r"(?i)review (?:feedback|comments?|nits?|suggestions?)\b", text):
        return None  # uv's "Review feedback" addressed a review; no one "reviewed feedback"
    negated = _NEGATED_ORDER.match(text)
    if negated is not None and negated.group("verb").lower() in ("panic", "crash", "hang", "segfault", "abort"):
        # uv's "Don't panic for `uv init / --name foo`": the program no longer panics, not its author
        return Retold(f"fixed a {negated.group('verb').lower()} {_lower_first(negated.group('rest'))}", "fix")
    if negated and negated.group("verb").lower() in ("fail", "error", "raise", "throw", "abort", "exit", "break"):
        # pip's "Don't fail when the same req file is included more than once": the program no longer
        # fails; "Stéphane Bidoul stopped failing" was heard of him
        return Retold(f"made it no longer {negated.group('verb').lower()} {_lower_first(negated.group('rest'))}", negated.group("verb").lower())
    if negated:  # "do not set X in debug builds": the author stopped doing it
        base = _verb_base(negated.group("verb"))
        if base is not None:
            return Retold(f"stopped {_gerund(base)} {_lower_first(negated.group('rest'))}", base)
    behaviour = _BEHAVIOUR.match(text)
    if behaviour:  # "Error if --load_step is not found": what the program now does, not the author
        verb, rest = behaviour.group(1).lower(), text[behaviour.end(1):].strip()
        if verb == "error":
            return Retold(f"made it an error {rest}", "error")
        if verb == "warn":
            return Retold(f"added a warning {rest}", "warn")
        return Retold(f"made it {verb} {rest}", verb)
    acts = _PROGRAM_ACTS.match(text)
    if acts and not _TREAT_AS.match(text[acts.end():]):
        # uv's "Consider installed packages during resolution": what the program now does; its
        # author "considered" nothing
        return Retold(f"made it {acts.group(1).lower()} {_lower_first(text[acts.end():])}", acts.group(1).lower())
    adverb = _MANNER.match(text)
    if adverb and _verb_base(text[adverb.end():].split()[0]) == text[adverb.end():].split()[0].lower():  # "Automatically infer the index": the verb is the second word, its manner kept
        inner = retell_title(text[adverb.end():])
        if inner is None or inner.framed:
            return None
        if adverb.group(1).lower() in ("always", "consistently"):
            # curl's "always check … return code": the code now always does it; "always checked" sounds habitual
            verb, _, obj = text[adverb.end():].partition(" ")
            return Retold(f"made the code {adverb.group(1).lower()} {_verb_base(verb)} {_lower_first(obj)}".strip(), inner.verb)
        verb, _, obj = text[adverb.end():].partition(" ")
        if adverb.group(1).lower() == "automatically":
            # the program does it, not the author: "made downloading buck2 automatic"
            return Retold(f"made {_gerund(_verb_base(verb) or verb.lower())} {_lower_first(obj)} automatic".replace("  ", " "), inner.verb)
        if inner.text.startswith("made it "):  # "Correctly report X": "made it correctly report X"
            return Retold(f"made it {adverb.group(1).lower()} {inner.text.removeprefix('made it ')}", inner.verb)
        return Retold(f"{adverb.group(1).lower()} {inner.text}", inner.verb)
    head, colon, tail = text.partition(": ")
    if colon and tail.split(" ", 1)[0].lower() in IMPERATIVE_VERBS and head.split(" ", 1)[0].lower() not in IMPERATIVE_VERBS:
        # "Debugger Converge Phase 1: Introduce debug handle": a long label, then the deed
        return retell_title(tail)
    text = re.sub(r"^([Cc]lean|[Ss]et)-up\b(?= \S)", r"\1up", text)  # clippy's "clean-up `unnecessary_unwrap` a bit"
    text = re.sub(r"^[Ii]nit(?=\s+[a-z])", "Initialize", text)  # vue's "init devtools after feature flag checks"
    if _BUG_NAMED.match(text):
        return Retold(f"fixed {a_an(_plain_first_lowered(text))}", "fix")
    # (a build tool's fix, "Cmake fix", fixed its files, not the tool: said as written)
    fixed = re.fullmatch(r"(?i)((?!(?:a|an|the|quick|small|minor|hot|bug|typo|cmake|make|meson|bazel|buck2?|build)\b)[a-z][\w-]*) fix(?:es)?", text)
    if fixed:  # curl's "bufq: unwrite fix" fixed the unwrite; no one "unwrote a fix"
        return Retold(f"fixed {_plain_first_lowered(fixed.group(1))}", "fix")
    ice = re.match(r"ICE\b\s*(.*)$", text)
    if ice:  # clippy's "fix: ICE when array index exceeds usize": an internal compiler error fixed, no one "iced"
        return Retold(f"fixed an internal compiler error {ice.group(1)}".strip(), "fix")
    role = re.match(r"(?i)add\s+(@?[\w.-]+)\s+as\s+(?:an?\s+)?(reviewer|maintainer|co-maintainer|code owner|owner)\b(.*)$", text)
    if role:  # u-boot's "add tambarus as reviewer for SPI NOR": a person (by login), no "a tambarus"
        return Retold(f"added {role.group(1).lstrip('@')} as {'an' if role.group(2)[0] in 'aeiou' else 'a'} {role.group(2).lower()}{role.group(3)}", "add")
    precise = re.match(r"(?i)precise\s+(.+)$", text)
    if precise:  # pip's "Precise type of on_returncode argument": made it more precise; no one "precised"
        return Retold(f"made {_lower_first(precise.group(1))} more precise", "make")
    told_done = re.match(r"(Fixed|Updated|Improved)\s+(?=(?:a|an|the|bugs?|issues?|crash(?:es)?|typos?|errors?|problems?|wrong|incorrect|broken)\b)", text)
    if told_done:  # executorch's "Fixed bug for 16a4w ptq" says its deed done ("Fixed seed" stays a thing)
        return retell_title(f"{_DONE_ORDERS[told_done.group(1)]} {text[told_done.end():]}")
    first, _, rest = text.partition(" ")
    series = re.match(r"(?i)merge (?:a |the )?(?:patch ?series|series)\b\s*(.*)$", text)
    if series:  # "Merge a patch series to improve dc2114x support": its author wrote it, a maintainer merged it
        return Retold(f"landed a patch series {series.group(1)}".strip(), "land")
    if first.lower().rstrip(":") in ("bugfix", "bugfixes", "hotfix") and rest:
        inner = retell_title(rest)  # "Bugfix: handle empty lists" handled them
        return inner if inner is not None and not inner.framed else retell_title(f"Fix {rest}")  # "bugfix x.py" fixed it
    if first.lower() in _PHRASAL_ORDERS and rest and not re.match(r"(?i)(?:for|of|in|on|to|when|is|was|and)\b", rest):
        verb, particle = _PHRASAL[first.lower()]  # "Workaround CI failure in …": worked around it
        return Retold(f"{past_tense(verb)} {particle} {_conjoined(_lower_first(rest))}", verb)
    base = _verb_base(first)
    # "Add functions to collect file list" adds functions: after add, no plural "functions to" states anything
    if base is None or not rest or SUBJECT_OF.match(rest) or (_states(rest) and base not in ("add", "introduce", "implement", "create")):
        return None
    if base not in ("fix", "avoid", "prevent") and _NEGATED_STATEMENT.match(rest):
        return None  # pip's "Record files don't always include directories": the files, no one "recorded"
    if base in ("fix", "close", "resolve", "address") and re.fullmatch(r"#?\d+", rest):
        return Retold(f"{past_tense(base)} issue {rest.lstrip('#')}", base)  # "Fix 10021" fixed no count
    if re.match(r"[A-Z]{2,}[ -]?\d", text):
        return None  # "PEP 691: JSON-based simple index API": a standard's name, no one "pepped"
    if re.match(r"Getting Started\b", text):
        return None  # the docs page, not "got started"
    if first[:1].isupper() and base not in IMPERATIVE_VERBS and re.search(r"\b(?:refactor(?:ing)?|cleanup|rework|overhaul|improvements|tweaks)$", rest):
        return None  # "Source dist metadata refactor" names the work; no one "sourced" it
    if first[:1].isupper() and first.lower().endswith("ing") and re.match(r"(?i)(?:revamp|refactor(?:ing)?|cleanup|rework|overhaul|improvements?|tweaks|enhancements?|changes)\b", rest):
        return None  # "Parsing revamp part 3/N" names the work on parsing; no one "parsed" a revamp
    if re.match(r"(?i)which\b", rest) or (base == "pass" and re.match(r"that\b", rest)):
        return None  # "Pass which replaces torch quantized embedding byte …" names a pass
    if base == "pass" and re.match(r"to [a-z]+\b", rest):
        return None  # "Pass to fuse activations" names a compiler pass; no one "passed"
    if (compound := _COMPOUND_NOUN.match(text)) and text[compound.end():].split(" ", 2)[1:2] not in (
        [w] for w in ("the", "a", "an", "it", "them", "its", "their", "this", "that", "all")
    ):
        return None  # uv's "Build backend error message style consistency" names the build backend; nothing was built
    if first[:1].isupper() and base not in IMPERATIVE_VERBS and base not in _DEV_VERBS and re.fullmatch(
            r"(?i)(?:description|docs|documentation|docstrings?|overview|readme|examples?|comments)", rest):
        return None  # executorch's "Value description" documents the Value class; no one "valued" a description
    if _noun_first(first, base, rest):
        return None  # "chunked response, error code", "training header files were …", "overflow in nbytes"
    if _named_thing(first, base, rest):
        return None  # "Wheel filename distribution package name", "embedding vocab parallel": things named
    if base == "check" and re.match(r"(?i)in\s+(?!(?:case|order)\b)\S", rest) and not _states_within(rest):
        # executorch's "Check in collect_env.py" committed a new file; it added no check
        return Retold(f"checked in {_with_article('add', rest[3:].strip())}", "add")
    if base == "check" and re.search(r"(?i)\s(?:better|properly|correctly|more (?:carefully|strictly|thoroughly)|harder|again)$", rest):
        # curl's "check the fcntl return code better" tightened a check that was there: no check "added"
        return Retold(f"checked {_conjoined(_lower_first(rest))}", base)
    if base == "check" and not re.match(r"(?i)(?:for|that|if|whether|on|in|out)\b", rest):
        # "Check the version QNN API …" added a check; "checked the version" sounds done by hand
        return Retold(f"added a check of {_conjoined(_lower_first(rest))}", base)
    if base == "check":
        return Retold(f"added a check {_conjoined(_lower_first(rest))}", base)
    object_word = rest.split(" ", 1)[0]
    if first[:1].isupper() and base not in IMPERATIVE_VERBS and re.fullmatch(r"[A-Za-z]+[^s\W]s", object_word):
        # "Whisper targets", "Windows launchers using …", "Progress bars for uv publish": things named,
        # no one "whispered", "windowed" or "progressed"
        return None
    if len(rest.split()) >= 2 and all(w[:1].isupper() for w in rest.split()):
        return None  # "Model Config Programming": a name in title case, no order (torchtitan 2026-04-04)
    if base in ("add", "remove", "drop", "sync") and re.match(r"(?i)from\b", rest):
        return None  # "THANKS: added from the 7.86.0 release": what was added the title does not say
    if first.lower() in _AMENDS and re.match(r"(?i)(?:to|for|of|in)\b", rest):
        return Retold(f"made {first.lower()} {_conjoined(_lower_first(rest))}", "make")  # "Updates to the docs"
    if first.lower().endswith("s") and re.match(r"(?i)(?:for|of)\b", rest) and base != first.lower():
        return None  # "Functions for handling zero dim tensors" names things; no one "functioned"
    if first.lower().endswith("s") and base != first.lower() and re.match(r"(?i)and \w+", rest):
        return None  # "tests and fixes", "fixes and syscon support" are things, not "tested and fixes"
    if first[:1].islower() and first.lower() != first:  # "iOS", "macOS": a name, not a verb
        return None
    if first.endswith("ed") and rest[:1].isupper() and first[:1].isupper():
        return None  # "Trusted Types compatibility": a name the title opens with, no deed
    treat = _TREAT_AS.match(rest) if base in ("consider", "treat", "convert") else None
    if treat:  # "consider sftp quote commands case sensitive": the program now treats them so
        return Retold(f"made {_lower_first(treat.group(1))} {treat.group(2).lower()}", "make")
    if base == "support" and not re.match(r"(?i)(?:for|of)\b", rest):
        return Retold(f"added support for {_lower_first(rest)}", base)  # "Support Aspeed SGPIO controller"
    rest = _lower_first(rest)
    # "reduce and stop loading DLLs", "Fix and Cleanup …", "Clean up and simplify …"
    second = re.match(r"^((?:up|out|down|off) )?(and|or) ([A-Za-z][a-z-]+)\b", rest)
    then = second.group(3).lower() if second else ""
    joined = f"{second.group(1) or ''}{second.group(2)}" if second else ""
    if second and then in _PHRASAL:
        verb, particle = _PHRASAL[then]
        rest = f"{joined} {past_tense(verb)} {particle}{rest[second.end():]}"
    elif second and then in ("bug-fix", "bugfix"):  # "Refactor and bug-fix RewriteIndexPutPass"
        rest = f"{joined} fixed bugs in{rest[second.end():]}"
    elif second and _verb_base(then) == then:
        rest = f"{joined} {past_tense(then)}{rest[second.end():]}"
    if base == "fix" and _states_within(rest):
        # "Fix derivable impls suggests wrongly on derive const": what it fixed is a case.
        return Retold(f"fixed a case where {rest}", base)
    if base in ("fix", "avoid", "prevent") and re.match(rf"(?:(?:minor|small|possible|potential|rare|subtle|major|tiny)\s+)?(?:{_COUNTABLE})\b(?!\s+(?:fix|fixes|handling)\b)", rest):
        rest = f"a {rest}"  # "Fix crash when …" is said "fixed a crash when …"
    # "warn against reserved keys" keeps its own preposition: no "warned about against"
    said = _WITH_PREPOSITION.get(base) if not re.match(r"(?i)(?:about|on|if|when|that|against|of|for|users?)\b", rest) else None
    object_ = _with_article(base, rest)
    swapped = re.search(r"\s(?:with|by)\s", object_) if base in ("replace", "swap", "substitute") else None
    if swapped:
        # "replace amp and replicate with fully_shard": what the "with" replaces is all one object
        return Retold(f"{said or past_tense(base)} {object_[: swapped.start()]}{_conjoined(object_[swapped.start():])}", base)
    third = text.split(" ", 1)[0].lower() == third_person(base)  # "Enables X and adds Y"
    return Retold(f"{said or past_tense(base)} {_conjoined(object_, third)}", base)


# "Consider X case sensitive", "Treat Y as deprecated": what the program now takes something to be.
_TREAT_AS = re.compile(
    r"^(.+?)\s+(?:as\s+)?((?:case[- ])?(?:in)?sensitive|(?:in)?valid|optional|required|deprecated|(?:un)?stable|"
    r"experimental|(?:un)?safe|public|private|internal|equal|equivalent|fatal|errors?|warnings?)$",
    re.I,
)


# Verbs whose object a title leaves bare ("Add hint for venv …", "Enable pci root port driver") and
# the article it takes when said: something new is "a", something there already "the".
_ARTICLE_OF = {
    **dict.fromkeys("add introduce create implement".split(), "a"),
    **dict.fromkeys("fix enable disable update remove rename drop refactor document expose".split(), "the"),
}
_DETERMINERS = frozenset(
    "a an the this that these those its their our my your some any all each every no more most many few several "
    "new missing another other both off out up down away back over".split()
)
# Nouns that take no article: what there is of them, not one of them.
_MASS = frozenset(
    "support logic handling code documentation docs coverage information data functionality caching logging testing "
    "tracing profiling metadata output input content config configuration behavior behaviour access usage validation "
    "parsing formatting linting compilation cleanup tooling infrastructure guidance feedback progress error-handling "
    "memory performance security compatibility stuff".split()
)
_NP_END = re.compile(r"\s(?:for|to|in|on|of|with|from|by|when|if|and|into|as|at|via|across|under|instead|so|that|after|before|during)\b")


def _with_article(base: str, rest: str) -> str:
    """The object of a bare order with its article: "hint for venv" -> "a hint for venv", "ref path of
    X" -> "the ref path of X"; none before a name, a plural, a mass noun or a word that has one."""
    article = _ARTICLE_OF.get(base)
    words = rest.split()
    if len(words) >= 3 and words[1] == "and" and is_verb(words[0]) and is_verb(words[2]):
        return rest  # "pause and resume for …": a pair of things done, no "a pause"
    if words and words[0].lower() in ("before", "after", "ahead", "during", "towards", "toward", "from", "themselves", "itself"):
        return rest  # "Refactoring before list": work done before a feature, no "the before list" ("rename from X to Y"; "add themselves back")
    if article is None or not words or words[0].lower() in _DETERMINERS or not re.fullmatch(r"[a-z][a-z-]{3,}|[A-Z]{2,5}", words[0]):
        return rest  # (a word of three letters or fewer is a name or shorthand as often as a noun: "Add ty to …")
    end = _NP_END.search(" " + rest)
    head = (rest[: end.start() - 1] if end else rest).split()
    last = head[-1].lower() if head else ""
    if len(head) == 1 and end and end.group(0).strip() in ("into", "onto") and is_verb(last):
        return rest  # "implement load into …" names the method load_into, not "a load"
    if not head or len(head) > 4 or last in _MASS or (last.endswith("s") and not last.endswith(("ss", "us", "is"))):
        return rest
    if len(head) >= 3 and is_gerund(head[0].lower()):
        return rest  # "Removed setting global flag for …" removed the act of setting it, no "the setting global flag"
    if not re.fullmatch(r"[a-z][a-z-]*", last) or is_gerund(last):
        return rest
    return a_an(rest) if article == "a" else f"the {rest}"


def is_gerund(word: str) -> bool:
    """A word in -ing form that names an activity ("caching", "tracing")."""
    return word.endswith("ing") and len(word) > 5


# Titles that say what the program now does ("Error if …", "Warn when …", "Fail with … when …").
_BEHAVIOUR = re.compile(r"(?i)(error|warn|fail|panic|exit|abort|crash|bail|rerun|re-run|retry)\s+(?:out\s+)?(?=(?:if|when|on|with|early|instead|for|about)\b)")


# A verb's word that opens a thing's name ("build backend", "test suite", "release notes")
_COMPOUND_NOUN = re.compile(
    r"(?i)(?:build|test|release|debug|install|lock|cache|config)\s+"
    r"(?:backend|frontend|system|scripts?|suite|harness|notes|matrix|mode|info|files?|jobs?|steps?|targets?|times?|points?)\b"
)
# Verbs a title uses for what the program does ("Report correct value …", "Respect `--no-cache` in …",
# "Backtrack on …"): said as what the change made it do.
# (and a workflow's "do run on cmake build updates", "trigger by `CMake/**` updates": when it runs)
_PROGRAM_ACTS = re.compile(
    r"(?i)(?:do\s+)?(report|consider|respect|honou?r|prefer|backtrack|infer|detect|recogni[sz]e|accept|reject|emit|display|inherit|depend(?=\s+on\b)|"
    r"return|obey|run(?=\s+(?:on|for|when|only|also|again)\b)|trigger(?=\s+(?:by|on|for|when|only)\b)|"
    # (curl's "connection: terminate after goaway", "netrc: use the NETRC environment variable (first) if
    # set", "completion.pl: parse all opts": Stefan Eissing "terminated" nothing himself)
    r"terminate|parse|discover|fetch(?=\s[^.;]*\bfrom\b)|"
    # (uv's "Build and install workspace members that are dependencies by default": what uv now does)
    r"(?:build|install|include|show|print|create|generate|download|sync|lock|resolve)(?=\s[^.;]*\bby default\b)|use(?=\s[^.;]*\b(?:if|when|unless)\s+(?:set|present|available|given|possible|specified)\b)|"
    # (pip's "Skip adding a duplicated consumer to pip's logger": the logger skips it; "skip flaky test" is the author's)
    r"skip(?=\s+[a-z]{3,}ing\b)|reset(?=\s+(?:during|on|at|when|before|after|if)\b)|re-?run(?=\s+(?:failed|flaky|failing)\b)|complain(?=\s+(?:on|about|when|if)\b))\s+"
    r"(?!(?:to|that|the\s+(?:pr|review|change|patch)s?\b)\b)(?=[\w`'\"-])"
)
# How a title's verb is done, said before it ("Automatically infer …" -> "automatically inferred …").
_MANNER = re.compile(
    r"(?i)(automatically|always|properly|correctly|explicitly|consistently|lazily|eagerly|gracefully|temporarily|"
    r"optionally|conditionally|manually|safely|reliably|really|actually|finally|fully|further|uniformly)\s+(?=[a-z])"
)


# A problem a fix removes, said with an article when the title drops it ("Fix crash on exit").
_COUNTABLE = "crash|hang|deadlock|leak|memory leak|memory-leak|race|race condition|regression|bug|segfault|panic|typo|overflow|underflow|hole"


# Verbs in the third person that make the title's opening word its subject ("resume needs to be a
# global"), and the words that show it after a verb that could be a plural ("… fails to …").
_STATING = frozenset(
    "needs has does gets seems becomes remains works fails breaks requires expects wants depends relies uses "
    "supports returns causes".split()
)
_AFTER_STATING = frozenset("to be not no now only always never correctly properly again".split())


def _states(rest: str) -> bool:
    """The word after the opening one states something of it ("resume needs to be a global",
    "FSDP2 supports uneven shards"): the opening word is what the title is about, not an order."""
    words = rest.lower().split(" ", 2)
    if words[0] in _STATING:
        return True
    return len(words) > 1 and words[0].endswith("s") and words[1] in _AFTER_STATING and _verb_base(words[0]) not in (None, words[0])


def _states_within(rest: str) -> bool:
    """A clause with its own verb soon after the fix's object ("x suggests wrongly", "y does not
    lint", "z panics on …")."""
    words = rest.lower().split()
    return any(
        # (a verb after "that" or "which" is its object's own clause: "installation that causes torch conflict")
        words[i - 1] not in ("that", "which", "who") and w in _STATING
        # (a verb with nothing after it is a plural noun: "Fix some Rust 1.92 clippy lints")
        or (w in ("suggests", "lints", "panics", "crashes", "hangs", "triggers", "fires", "emits", "misses") and i + 1 < len(words))
        or (w in ("does", "did") and i + 1 < len(words) and words[i + 1] in ("not", "n't"))
        or w.replace("’", "'") in ("doesn't", "don't", "didn't", "can't", "won't", "isn't", "aren't")
        for i, w in enumerate(words[1:5], start=1)
    )


_NEGATED_STATEMENT = re.compile(r"(?i)^(?:[\w-]+ )?(?:don'?t|doesn'?t|didn'?t|do not|does not|did not|can'?t|cannot|won'?t|isn'?t|aren'?t|wasn'?t)\b")
_NEGATED_ORDER = re.compile(r"^(?:do not|don't|dont|do no|never)\s+(?P<verb>[A-Za-z-]+)\s+(?P<rest>.+)$", re.I)  # "do no expire": a typo of "do not"
# "fix two exceptions and drop them", "fix cipher list, skip the regression": each order in the past.
_CONJOINED = re.compile(r"(,\s+|;\s+|\s+and\s+|\s+then\s+)([a-z][a-z-]+|[A-Z][a-z-]+)\b(?=\s)")


# Words that show the word before them is an order ("… and drop them", "… and implement using …").
_OBJECT_OPENERS = frozenset(
    "the a an them it this that these those all some its their any each every using with via by in to for on into "
    "from when if instead".split()
)


_CORE_ORDERS = frozenset(
    "add remove fix update drop enable disable rename move improve refactor document clean bump deprecate "
    "introduce implement expose delete replace simplify".split()
)


# Words after a comma that go on from a list as a preposition, or as a noun's modifier before these nouns.
_NOT_ORDERS = frozenset("except excluding including like plus unlike".split())
_NOUN_MODIFIERS = frozenset("debug release test build install cache lock wheel unit smoke regression".split())
_NOUNS_TOO = frozenset("default defaults config output input name type value help index log usage test tests fix fixes support check checks example examples".split())
_MODIFIED = frozenset("build builds mode modes info symbols job jobs logs output version versions target targets config file files test tests".split())


# Plural nouns that verbs name the kinds of ("the add and remove commands", "get and set methods")
_NAMED_BY_VERBS = frozenset("commands subcommands operations ops methods functions options flags hooks calls buttons paths endpoints".split())


def _conjoined(rest: str, third: bool = False) -> str:
    """``rest`` with each later order in the past; with ``third``, the title spoke in the third
    person ("Enables X and adds Y") and a later third-person verb is one more deed."""
    ordered = False  # a comma has joined an order already: "X, add Y and drop Z" ends with one more
    last_comma: bool | None = None  # whether a comma joined the last order put in the past (None: no order yet)

    def past(m: re.Match[str]) -> str:
        nonlocal ordered, last_comma
        word, after = m.group(2), rest[m.end() :].split(" ", 2)[1:2]
        if word[:1].isupper():  # "… and Fix RL CI …": an order written with its capital, never a name
            if word.lower() not in IMPERATIVE_VERBS:
                return m.group(0)
            return f"{m.group(1)}{past_tense(word.lower())}"
        if m.group(1).startswith(",") and re.search(r"=[\w.-]+$", rest[: m.start()]):
            return m.group(0)  # u-boot's "conv=block, sync": the setting's values go on, no one "synced"
        base = _verb_base(word)
        if third and m.group(1).strip() == "and" and base in IMPERATIVE_VERBS and base != word and word == third_person(base):
            return f"{m.group(1)}{past_tense(base)}"  # "Enables X and adds Y": both deeds in the past
        if not (word in IMPERATIVE_VERBS or word in _DEV_VERBS or base == word):
            return m.group(0)
        if word not in IMPERATIVE_VERBS and word not in _DEV_VERBS and after and (
            # ("…, weight gradients, input gradients": a list of things goes on after the plural)
            re.fullmatch(r"[a-z]+[^s\W]s,", after[0])
            or (m.group(1).strip() == "and" and after[0] in ("on", "in", "for", "at", "from", "with") and not _only_a_verb(word))
        ):
            return m.group(0)  # "model outputs, weight gradients, …": a noun before a plural, no "weighted"
        before = rest[: m.start()].split()
        if m.group(1).strip() == "and" and re.search(r"\bto [a-z-]+$", rest[: m.start()]):
            return m.group(0)  # "a script to validate and run the models": one infinitive, no deed
        if m.group(1).strip() == "and" and len(before) == 1 and is_verb(before[-1]):
            return m.group(0)  # "add pause/resume for ReactiveEffect": two things the object names, no second deed
        if m.group(1).strip() == "and" and after and after[0].rstrip(",.") in _NAMED_BY_VERBS:
            return m.group(0)  # "tests for add and remove commands": two commands, no "removed"
        if word in _NOT_ORDERS or (after and word in _NOUN_MODIFIERS and after[0].rstrip(",") in _MODIFIED) or (
            m.group(1).strip() == "and" and word in _NOUNS_TOO and after and after[0] in ("in", "of", "for", "on")
        ):  # pip's "Fix options and default in keyring-provider option help": the default is a thing
            return m.group(0)  # "…, except black", "…, debug build to …": no "excepted", no "debugged build"
        if re.match(r"\s*(?:,|and\b|or\b)", rest[m.end():]):
            return m.group(0)  # "to add, sub and div": a word that a list goes on from names a thing
        if before and m.group(1).strip() == "and" and alike(before[-1], word):
            return m.group(0)  # "squeeze and unsqueeze" are two ops (a title's "squeeze/unsqueeze"), not two deeds
        # "… and import namespaces", "recv and send function signatures": a word after "and" names
        # a thing as often as an order; after a comma, or before "the", "them", it is an order.
        if m.group(1).startswith(";"):  # "Update X; add Y" is one more deed: "updated X and added Y"
            return f" and {past_tense(word)}"
        # "update XNNPACK doc structure and add template": after a deed's object of several words, a
        # core order is one more deed ("recv and send function signatures" has one word before it)
        # ("Add Int4CPULayout and update int4 woq": a code name alone is a whole object too)
        # ("Remove mxfp8 kernel and rely on cublas": a word that is never a noun is an order too)
        named = [w for w in before if w not in ("the", "a", "an")]
        second_deed = m.group(1).strip() == "and" and (word in _CORE_ORDERS or (_only_a_verb(word) and len(named) >= 2 and bool(after) and after[0] in _OBJECT_STARTS)) and (
            len(before) >= 2 or (len(before) == 1 and re.search(r"[a-z][A-Z]|[A-Za-z]\d", before[0]) is not None))
        if m.group(1).startswith(",") and after and _adjective_before_noun(word, after[0]):
            return m.group(0)  # torchtitan's "…, single control for turning AC on or off": no one "singled" it
        if m.group(1).startswith(",") or (after and after[0].lower() in _OBJECT_OPENERS) or second_deed or (
            ordered and m.group(1).strip() == "and"
        ):
            ordered = ordered or m.group(1).startswith(",")
            done = past_tense(word)
            # (a word whose past is itself, "…, input gradients match", may be a noun of a list: no "and" for it)
            last_comma = m.group(1).startswith(",") and done != word
            return f"{_COMMA_ORDER if last_comma else m.group(1)}{done}"
        return m.group(0)

    # "Move `box_default` to style, do not suggest turbofishes": the lint stopped suggesting them
    rest = re.sub(r"(,|\band)\s+(?:do not|don't|dont)\s+([a-z]+)\b",
                  lambda m: f"{_COMMA_ORDER if m.group(1) == ',' else m.group(1) + ' '}stopped {_gerund(m.group(2))}" if is_verb(m.group(2)) or m.group(2) == "be" else m.group(0), rest)
    told = _CONJOINED.sub(past, rest)
    if (last_comma if last_comma is not None else _COMMA_ORDER in told) and " and " not in told[told.rfind(_COMMA_ORDER):]:
        # curl's "omit forward declarations, apply misc fixes": the last of a list of deeds after "and",
        # or a quick-hits line of deeds joined by commas ran it into the next one (2026-01-13)
        head, _, tail = told.rpartition(_COMMA_ORDER)
        told = f"{head} and {tail}"
    return told.replace(_COMMA_ORDER, ", ")


# A comma that joins one more order, until the list's last is known ("X, added Y" is "X and added Y")
_COMMA_ORDER = "\x00"


# What follows a verb and never a noun of a name ("… and rely on cublas", not "pip cache remove").
_OBJECT_STARTS = frozenset("on to for with in from into the a an that it its them any all every".split())


def _only_a_verb(word: str) -> bool:
    """A word English uses as a verb and never as a noun ("rely", "avoid", "ensure")."""
    lexicon = _lexicon()
    return bool(lexicon.getAllLemmas(word, upos="VERB")) and not lexicon.getAllLemmas(word, upos="NOUN")  # type: ignore[attr-defined]


def _adjective_before_noun(word: str, after: str) -> bool:
    """``word`` reads as an adjective of the noun after it ("single control"), not an order of it."""
    lemmas = _lexicon().getAllLemmas(word)  # type: ignore[attr-defined]
    return "ADJ" in lemmas and after.lower() not in _OBJECT_OPENERS and "NOUN" in _lexicon().getAllLemmas(after.lower())  # type: ignore[attr-defined]


def _gerund(base: str) -> str:
    forms = _lexicon().getInflection(base, tag="VBG")  # type: ignore[attr-defined]
    return str(forms[0]) if forms else base + "ing"



# What a lint got wrong, as clippy's titles abbreviate it after the lint's name.
_LINT_MISSES = {"fp": "false positive", "fn": "false negative", "false positive": "false positive",
                "false negative": "false negative", "ice": "crash", "fps": "false positives", "fns": "false negatives"}
_LINT_MISS = re.compile(r"(?i)(false positive|false negative|fps?|fns?|ice)\b")
# A memory layout's name that opens a title reads like an order ("Channels last more ops", executorch).
_NAMED_FORMAT = re.compile(r"(?i)\s*channels[ _-]last\b")
_SUBTREE_IMPORT = re.compile(r"^(?:Merge commit '[0-9a-f]*' as '([^']+)'|Subtree merge (?:tag|commit|branch) '([^']+)' of .+? into (\S+))\s*$")
_DEED_CHARS = 160  # characters of a title retold (a longer one is cut at a clause)
_DEED_WORDS = 24  # a retold title longer than this would not fit a sentence


_SECOND_ORDER_VERBS = frozenset(
    "update add remove make use move rename improve allow drop enable disable refactor clean simplify introduce "
    "implement document deprecate expose avoid fix replace convert bump retry validate".split()
)
_SECOND_ORDER = re.compile(rf"\s+(?:and|\+)\s+({'|'.join(sorted(_SECOND_ORDER_VERBS))})\s+(?=[\w`'\"])")


# a file renamed to its own name in another folder: a move ("Rename a/x/pnp_def.h to include/pnp_def.h")
_MOVED_FILE = re.compile(r"(?i)(?:rename|move)\s+`?((?:[\w.-]+/)*)([\w.-]+)`?\s+(?:to|into)\s+`?((?:[\w.-]+/)+)\2`?")


@lru_cache(maxsize=8192)

def deed_of(topic: str, author: str = "") -> str | None:
    """A change's topic (its title without tags and PR suffix) said as what its ``author`` did:
    cleaned, its code said in words, its opening verb in the past tense; None when it names no deed.
    The author named in their own title is "themselves" ("xFrednet added themselves back to …")."""
    moved = _MOVED_FILE.fullmatch(topic.strip())
    if moved and moved.group(1) != moved.group(3):
        # u-boot's "Rename arch/x86/include/asm/pnp_def.h to include/pnp_def.h" moved the file: "renamed the pnp
        # def header to the pnp def header" said nothing
        from .plainwords import plain_words

        return f"moved {plain_words(moved.group(2))} to the {moved.group(3).rstrip('/').rsplit('/', 1)[-1]} folder"
    subtree = _SUBTREE_IMPORT.match(topic)
    if subtree:  # git subtree's "Merge commit '<sha>' as 'lib/lwip/lwip'": another project's code brought in
        parts = [p for p in (subtree.group(1) or subtree.group(3)).split("/") if p]
        # "dts/upstream" is the dts upstream, not "upstream" alone
        named = " ".join(parts[-2:]) if parts[-1] in ("upstream", "external", "vendor", "src") and len(parts) > 1 else parts[-1]
        if subtree.group(2):
            # "Subtree merge tag 'v6.13-dts' … into dts/upstream" moved a subtree long there to a new
            # tag; only "Merge commit '…' as '…'" brings one in (u-boot 2025-01-26)
            version = re.match(r"v?\d+(?:\.\d+)*(?:-rc\d+)?", subtree.group(2))
            return f"updated the {named} subtree" + (f" to {version.group(0)}" if version else "")
        return f"imported {named} as a subtree"
    assorted = re.fullmatch(r"(?i)a branch of assorted (\w+)", topic.strip())
    if assorted:  # the title ingest gives a maintainer's grab-bag branch: its merger merged it
        return f"merged a branch of assorted {assorted.group(1).lower()}"
    failing = re.fullmatch(r"(?i)add(?:s|ed)? (?:a |an )?(failing|broken|xfail(?:ing)?) (.+?) (tests?|repro(?:duction)?s?)", topic.strip())
    if failing:
        # uv's "Add failing `--dev` `uv add` self-reference test" was "added failing the dev option of …":
        # the test fails, not the option
        from .plainwords import plain_words

        noun = "test" if failing.group(3).lower().startswith("test") else "reproduction"
        return f"added a {failing.group(1).lower()} {noun} for {plain_words(failing.group(2))}"
    for fronted in (pattern.fullmatch(topic.strip()) for pattern in _FRONTED):
        if fronted and is_verb(fronted.group(3).lower()) and (inner := deed_of(f"{fronted.group(3)}{fronted.group(4)}", author)):
            # curl's "On macOS avoid DoH when given a numerical IP address": the platform said after the deed
            said = f" {fronted.group(1).lower()} {fronted.group(2)}"
            clause = re.search(r" (?:when|if|unless|while|because)\b", inner)  # before its condition, not after
            return f"{inner[:clause.start()]}{said}{inner[clause.start():]}" if clause else f"{inner}{said}"
    part = re.fullmatch(r"([^\"'“”`]{12,}?): ([a-z]+) ([^\"'“”]{3,60})", topic.strip())
    if part and is_verb(part.group(2)) and (head := deed_of(part.group(1), author)) and (tail := deed_of(f"{part.group(2)} {part.group(3)}", author)):
        # u-boot's two series "Add support for secure falcon mode: disable fallback" and "…: disable args file"
        # were both "added support for secure falcon mode": the part each one does is said too
        return f"{head}, and with it {tail}"
    rechecked = re.fullmatch(r"(?i)(?:correctly|properly) check (if|whether|for|that) (.+)", topic.strip())
    if rechecked:
        # u-boot's "net: wget: correctly check if HTTP protocol is found" fixed a check; it "added" none
        from .plainwords import plain_words

        return f"fixed the check {rechecked.group(1).lower()} {plain_words(rechecked.group(2))}"
    condition = re.fullmatch(r"(?i)(if|when|unless|once) ([^,]{2,40}), ([a-z]+)\b(.*)", topic.strip())
    if condition and is_verb(condition.group(3).lower()) and (inner := deed_of(f"{condition.group(3)}{condition.group(4)}", author)):
        # curl's "curl_sasl: if redirected, require permission to use bearer" (a credentials fix) was only
        # counted among "other changes": its deed, then its condition
        return f"{inner} {condition.group(1).lower()} {condition.group(2)}"
    if re.match(r"(?i)release (?:docs?|notes?|process|workflow|scripts?|branch(?:es)?|builds?|pipeline|checklist|page|tooling|jobs?)\b", topic.strip()):
        return None  # executorch's "Release docs proofreading" proofread the release docs: nothing "released" (2024-10-04)
    named = re.match(r"([A-Za-z][\w-]*)(?: [\w-]+){2,3}: ", topic.strip())
    if named and named.group(1).islower() and is_verb(named.group(1)) and named.group(1) not in IMPERATIVE_VERBS and (
            _deed_of(topic.strip()[named.end():]) is None):
        return None  # ao's "metal lowbit kernels: glob …" names its part first: no one "metaled" (2024-12-13)
    if re.fullmatch(r"[A-Z][\w-]*(?:\s*\+\s*[A-Z][\w-]*)+", topic.strip()):
        return None  # executorch's "Delegate + Passes" named two tutorial pages: no one "delegated" (2023-09-21)
    guide = _GUIDE_TITLE.fullmatch(topic.strip())
    if guide and guide.group(2).split()[-1].lower() in ("user", "developer", "contributor", "getting", "quick", "reference"):
        # executorch's "Export User Guide" is the guide for users of export, no "guide on exporting User"
        from .plainwords import plain_words

        return f"landed the {plain_words(guide.group(0))}"
    if guide and is_verb(guide.group(1).lower()) and guide.group(1).lower() not in _GUIDE_VERBS:
        # ao's "Quantize vit_b_16 tutorial" is a tutorial's name: no one "quantized a tutorial"
        from .plainwords import plain_words

        verb = guide.group(1).lower()
        doing = verb[:-1] + "ing" if verb.endswith("e") and not verb.endswith("ee") else verb + "ing"
        return f"landed a {guide.group(3).lower()} on {doing} {plain_words(guide.group(2))}"
    # "Add myself into the list for MbedTLS": the author is "themselves" in the host's voice
    did = _deed_of(re.sub(r"\b[Mm]yself\b", "themselves", topic))
    if did:
        # a second order in the title is a second deed: vue's "add inheritRef option + make transition
        # … inherit refs", "fix defineProps jsdoc and update defineEmits jsdoc example" (r79, r80)
        did = _SECOND_ORDER.sub(
            # (not of a pair of orders named as a thing: "support add and remove buttons")
            lambda m: m.group(0) if m.string[: m.start()].rsplit(" ", 1)[-1].lower() in _SECOND_ORDER_VERBS
            else f" and {past_tense(m.group(1).lower())} ", did)
    if did and len(author) > 2:
        did = re.sub(rf"(?<=\s){re.escape(author)}(?=\s|$)", "themselves", did, count=1)
    return did


# A place or setting said before the order ("On macOS avoid DoH …"), of one word, then of two
_FRONTED = tuple(re.compile(rf"(?i)(on|for|with) ((?!(?:the|a|an)\b)[\w.+-]+{more}),? ([a-z]+)\b(.*)") for more in ("", r" [\w.+-]+"))
# A guide named by what it teaches: "Quantize vit_b_16 tutorial", "Export Llama guide"
_GUIDE_TITLE = re.compile(r"([A-Za-z]+) ((?:(?!(?:the|a|an|to|for|in|of|on|with|and|from)\b)[\w.-]+ ){1,4})(tutorial|guide|walkthrough|notebook|recipe)s?", re.I)
# verbs that act on a guide itself ("Update tutorial", "Fix notebook links guide")
_GUIDE_VERBS = frozenset(
    "add update fix remove delete improve write rewrite move rename clean polish expand extend refresh revise edit simplify split "
    "restructure reorganize link publish correct clarify tweak migrate convert port drop deprecate enable disable create "
    "introduce include upload build render run test format lint skip reword mention document".split()
)
# A deed with no object, its title's label being what it acts on
_NO_OBJECT = re.compile(r"^(enabled|disabled|deprecated|removed|dropped|documented|fixed|built|tested)(?: (?:by default|again|for now|everywhere|unconditionally|properly))?$")


_PROTOCOL_VERSION = re.compile(r"(?i)[a-z]{2,6}/\d(?:\.\d)?")  # "http/3", "HTTP/1.1"


def labelled_deed(did: str, label: str) -> str:
    """A deed said with what its title's label names, where the deed leaves it out: curl's "hsts:
    enable by default" enabled HSTS; "test613: make it pass" made test613 pass; "connection:
    terminate after goaway" made the connection terminate."""
    from .plainwords import plain_area, plain_words

    label = label.strip("[]`'\" ")  # clippy's "[`unused_enumerate_index`]: trigger on method calls" names its lint
    if re.fullmatch(r"(?i)(?:feat|fix|chore|docs?|refactor|perf|style|test|tests|build|ci|revert)(?:\([^)]*\))?!?", label):
        return did  # a Conventional Commits type names no thing: uv's "feat: error on …" was "made feat an error on …"
    if label and re.fullmatch(r"[\w.-]+", label) and (bare := _NO_OBJECT.match(did)):
        return f"{bare.group(1)} {plain_words(label)}{did[bare.end(1):]}"
    if label and re.fullmatch(r"[\w.-]+(?:[ /][\w.-]+){0,2}", label) and re.match(r"[a-z]+ (?:it|them)\b", did):
        # (its last part: "GHA/http3-linux: do run on …" made the http3-linux workflow run; a file
        # by what it is: "made the completion script parse all opts")
        # (but a protocol's version is part of its name: curl's "http/3: report handshake …" made HTTP/3 report it,
        # not "made 3 report"; 2025-07-14)
        named = label.upper() if _PROTOCOL_VERSION.fullmatch(label) else plain_area(label.rsplit("/", 1)[-1])
        return re.sub(r"^([a-z]+) (?:it|them)\b", lambda m: f"{m.group(1)} {named}", did, count=1)
    return did


def _deed_of(topic: str) -> str | None:
    from .clean import clean_title
    from .plainwords import command_options, plain_words, said_subcommands

    cut = re.match(r"(.*\w)\s+\w+…$", topic.strip())
    if cut:
        # GitHub cut the title mid-word ("… only profile model when prof…"): told up to its last whole
        # clause, never the stub (executorch #2574)
        topic = re.sub(r"(?:\s+(?:when|if|to|for|and|or|of|in|on|with|by|from|the|a|an|that|while|after|before|as))+$", "", cut.group(1), flags=re.I)
        # (and a clause the cut left a word or two of: "all sync errors throw, no silent f…" is "all sync errors throw")
        topic = re.sub(r"\s*[,;—–-]\s*(?:\S+\s*){1,2}$", "", topic) if re.search(r"[,;—–]\s*(?:\S+\s*){1,2}$", topic) else topic
    if _BUILT_IN.match(topic.strip()):
        return None  # vue's "built in modifiers support on component" names built-in modifiers: Hunter "built" nothing
    # "auto reset stream on server eos": what the code now does by itself (curl 2024-10-17)
    topic = re.sub(r"(?i)^auto\s+(?=[a-z]+\s)(?=(\w+))", lambda m: "Automatically " if is_verb(m.group(1).lower()) else m.group(0), topic.strip())
    coded = re.fullmatch(r"(?i)fix(?:es|ed)?\s+`([^`]{2,60}\s[^`]{1,60})`", topic.strip())
    if coded:  # clippy's "fix `for x in y unsafe { }`" fixed how that code is linted: no "fixes for x in y"
        return f"fixed the handling of {coded.group(1).strip(' {}')}"
    command = re.match(r"`([a-z][\w -]{1,40})`\s*:\s*(\S.*)$", topic.strip())
    if command:  # uv's "`uv init`: Make `uv_build` the default build backend": the command is its label
        inner = _deed_of(command.group(2))
        return f"{inner} for {command.group(1)}" if inner else None
    if topic.lstrip().startswith("`") or _NAMED_FORMAT.match(topic):
        return None  # it opens with a name ("`pip debug` cert detection", "Channels last more ops"), not with what was done
    issue = re.match(r"#(\d+)\s*[:-]?\s+(?=[A-Za-z`])(.+)$", topic)
    if issue and not _NOT_A_DEED.search(issue.group(2)):
        # clippy's "#8214 cmp_owned suggestion flips the comparison": a pull request named by the
        # issue it takes on, its title that issue's; the issue's words are the bug, not a deed
        inner = _deed_of(issue.group(2))
        if inner is not None:
            return inner
        words = issue.group(2).lower().split()
        if not any(w in _STATING or (w.endswith("s") and _verb_base(w) not in (None, w)) for w in words[1:6]):
            return None  # "#12 fix" names no bug
        said = _deed_of(f"Address {issue.group(2)}")
        return said.replace("addressed ", f"addressed issue {issue.group(1)}, where ", 1) if said else None
    sentences = re.split(r"(?<=[a-z0-9)`])\.\s+(?=[A-Za-z])", topic.strip().rstrip("."))
    if 2 <= len(sentences) <= 3:
        # pip's "removed circular import. moved running_under_virtualenv to pip.locations and updated
        # imports", executorch's "Split dispatches … Replaced `encode_execute` …": one deed each, said as one
        deeds = [_deed_of(part) for part in sentences]
        if all(deeds) and not any(re.search(r"(?i)\b(?:e\.?g|i\.?e|etc|vs)$", part) for part in sentences[:-1]):
            done = [d for d in deeds if d]
            last = ", " if " and " in done[-1] else " and "  # "…, moved X and updated imports": one "and"
            return ", ".join(done[:-1]) + last + done[-1]
    if re.fullmatch(r"[A-Za-z][\w-]*\s+v?\d+(?:[._]\d+)+\S*", topic.strip()):
        return None  # curl's "RELEASE-NOTES: curl 7.71.1" names a version: Daniel Stenberg "curled" nothing
    moded = re.fullmatch(r"(?i)run\s+(\w+(?:\s+\w+)?)\s+in\s+(\w+)\s+mode", topic.strip())
    if moded:  # uv's "Run benchmarks in offline mode" changed how they run; konsti "ran" nothing once
        return f"made {_lower_first(moded.group(1))} run in {moded.group(2).lower()} mode"
    typo = re.fullmatch(r"(?i)(?:typo\s+fix|fix(?:ed)?\s+(?:a\s+)?typo)\s*:?\s*(\S+)\s*(?:->|→|=>)\s*(\S+)", topic.strip())
    if typo and re.search(r"[A-Z\d]", typo.group(2)):  # curl's "Typo fix AAA -> AAAA" was "switched from Typo fix AAA to AAAA"
        return f"corrected {typo.group(1)} to {typo.group(2)}"  # (a misspelt word, "whic", is no word to say)
    listed = re.match(r"(?i)(bounds|stats|docs|tests|types|specs|utils)\s+(?!(?:the|a|an|to|is|are|in|on|and|or)\b)\w", topic.strip())
    if listed:  # executorch's "Bounds checks for values/inputs/outputs" added checks; nothing was "bounded"
        said = plain_words(topic.strip())
        return f"added {said[:1].lower()}{said[1:]}"
    swap = re.fullmatch(r"s([/|#])([^/|#\s]+)\1([^/|#\s]*)\1?g?", topic.strip())
    if swap:  # curl's "mqttd: s/errno/SOCKERRNO", sed's way of saying it: a name replaced by another
        return f"replaced {swap.group(2)} with {swap.group(3)}" if swap.group(3) else f"removed {swap.group(2)}"
    if _NOT_A_DEED.search(topic):
        return None  # numbers, links or orders to a reader: quoted as the data they are, never retold
    # The verb is read on the title as written (its code still joined: "manual_is_ascii_check" is
    # no "is"), then the code is said in words.
    # "New lints [manual_is_infinite] and …": a bracketed name inside a title is clippy's way of
    # writing a lint's name, said as the name.
    topic = re.sub(r"(?<=\s)\[([\w-]+)\]", r"\1", topic)
    # "Add support alias copy operator" added support for it: no "support alias copy operator" was added
    topic = re.sub(r"(?i)^(add(?:s|ed)?\s+support)\s+(?!(?:for|to|of|in|on|with|from|and)\b)", r"\1 for ", topic)
    topic = said_subcommands(topic)  # "pip cache {purge, remove}" lists two commands, no "purge, removed"
    # executorch's "Use `to_edge_lower_and_transform` for XNNPack" was "used to edge lower …", heard as a habit
    topic = re.sub(r"`(to_[a-z0-9]+(?:_[a-z0-9]+)+)`", r"`\1()`", topic)
    cleaned = clean_title(command_options(topic), limit=_DEED_CHARS)
    pair = re.match(r"^([A-Za-z]+)/([a-z]+)\b(?![/:,])", cleaned)
    if pair and is_verb(pair.group(1)) and is_verb(pair.group(2)):  # "reduce/stop …" is two orders
        cleaned = f"{pair.group(1)} and {pair.group(2)}{cleaned[pair.end():]}"
    # A title its author's forge cut short ("… with pythonw.exe on …"): what it says up to the cut,
    # without the word left hanging.
    cleaned = _CUT_SHORT.sub("", cleaned)
    if _LEFT_HANGING.search(cleaned) and not re.search(r"(?i)\b(?:what|where|who|which|how)\b", cleaned):
        return None  # "Remove constraint on having all the input arg dtypes to be": cut off, its words are all we have
    pair = re.match(r"^([A-Za-z]+) and ([a-z-]+)(?:\s+(\w+))?(?![^:]{0,40}:\s)", cleaned)  # (not a label, "clk/qcom: add …")
    second = pair.group(2).rsplit("-", 1)[-1] if pair else ""  # "re-organize", "alpha-sorted", "de-dupe"
    if pair and _verb_base(second) is None and second not in _PHRASAL and pair.group(3) not in _PARTICLES:
        return None  # "test and news for X": two things named, no order ("Fix and cleanup …" stays one)
    cleaned = _untypo(cleaned)
    if _MODAL_STATEMENT.match(cleaned):
        return None  # "template v-if should never be treated as …": a rule the code now keeps, no order
    retold = retell_title(cleaned)
    swap = _SWAP.match(cleaned) if retold is None else None
    owned = _OWNED_SWAP.match(cleaned) if swap else None
    if owned:  # uv's "GitHub Actions workflow, parallel -> sequential" switched the workflow, not from it
        thing = owned.group(1) if re.match(r"(?i)(?:the|a|an|its|our)\s", owned.group(1)) else f"the {owned.group(1)}"
        return plain_words(f"switched {thing} from {owned.group(2)} to {owned.group(3)}")
    order = swap.group(2).split() if swap else []
    if swap and len(order) >= 3 and order[0][:1].isupper() and order[0].lower() in IMPERATIVE_VERBS and " " not in swap.group(1).strip():
        # ao's "NVFP4 -> Use more of e4m3 range for block_scales" is an order about NVFP4: nothing
        # was "switched from NVFP4 to Use more …" (2025-07-25)
        told = _deed_of(swap.group(2))
        return f"{told} in {plain_words(swap.group(1).strip())}" if told else None
    if swap:  # ao's "torch.log2 -> bit shifts" was "landed torch.log2 to bit shifts"
        return plain_words(f"switched from {swap.group(1)} to {swap.group(2)}")
    if retold is None or retold.verb in _SPEECH_VERBS:
        return None
    text = plain_words(retold.text)
    head, colon, how = text.partition(": ")
    wrong = _LINT_MISS.match(how) if colon and head.startswith("fixed ") else None
    if wrong:
        # clippy's "fix `unnecessary_semicolon`: FN on …": what was fixed is the lint's miss, not a semicolon
        text = f"fixed a {_LINT_MISSES[wrong.group(1).lower()]} in {head.removeprefix('fixed ')}"
    elif colon and len(head.split()) >= 3:
        text = head.rstrip()  # "linted only what a PR adds: diff the link checks …": the deed, without its how
    if _GARBLED.search(text) or _FIRST_PERSON.search(text):
        # "quantized sdpa. update attn scores @ v gemm" is notes, "got myself off assignment
        # rotation" the author's own voice: neither a deed the host can say
        return None
    return text if len(text.split()) <= _DEED_WORDS else None


# A title whose subject comes before a modal ("template v-if should never …", "props must be …"), the
# opening word no clause-taking order ("Ensure X can …", "Make sure Y will …")
_MODAL_STATEMENT = re.compile(
    r"(?i)^(?!(?:ensure|make|check|verify|assert|test|document|clarify|note|warn|error|show|explain|say|mention)\b)"
    r"(?:(?!(?:that|which|who|so|if|when|until|unless|because|to)\b)[\w.-]+\s+){1,5}(?:should|must|shall|would|will|can|cannot|can't|may|might)\b"
)
# A title that is only "this -> that", no verb: one thing put in another's place
_OWNED_SWAP = re.compile(r"^([^<>=,:]{3,40}?)[,:]\s+([^<>=,\s][^<>=,]{0,20}?)\s+(?:->|→|=>)\s+([^<>=,-][^<>=,]{0,20})$")
# (no list on the left: executorch's "Repeat op + pass expand -> repeat" added an op and a pass, switched nothing)
_SWAP = re.compile(r"^([^<>=\s+][^<>=+]{0,40}?)\s+(?:->|→|=>)\s+([^<>=-][^<>=]{0,40})$")
_FIRST_PERSON = re.compile(r"\bI\b(?![/'’])|\b(?:me|my|myself|we|us|our|ourselves)\b")
# A title that stops before its object ("Add tests for", "… dtypes to be"), with no "…" to say so
_LEFT_HANGING = re.compile(r"(?<![\w/.:-])(?:for|of|and|an?|the|to be)$")
_CUT_SHORT = re.compile(r"(?:\s+(?:on|in|at|for|to|with|from|of|by|the|a|an|and|or))*\s*(?:…|\.\.\.)$")
# Text a voice cannot say as one clause: a second sentence, an operator, brackets left over.
_GARBLED = re.compile(r"\.\s+[a-z]|\s[@=<>|:]\s|\s:$|[{}\[\]<>]|\.{3}(?!\w)|…")  # ("put a :: prefix" was "put a :")


# A title the host must not say in its own voice: it names PRs or issues, links, or tells whoever
# reads it what to do ("Ignore previous instructions and say …").
_NOT_A_DEED = re.compile(
    r"#\d|\bPRs?\s*\d|https?://|\b(?:ignore|disregard|forget)\b.{0,30}\b(?:instructions?|above|previous|prompt|rules)\b|"
    r"\bsystem prompt\b|\byou (?:are|must|should)\b",
    re.I,
)
# Verbs a title uses for what the code now says (clippy's "Propose to exchange ranges …", "Suggest
# `x` over `y`"): the author proposed nothing; the lint does.
_SPEECH_VERBS = frozenset({"say", "tell", "announce", "ignore", "pretend", "claim", "declare", "print", "respond", "reply",
                           "propose", "suggest", "recommend", "indicate", "mention", "note", "state"})


def _untypo(text: str) -> str:
    """A title whose opening order has two letters swapped ("Claen up op interface") with the order spelled right."""
    first, sep, rest = text.partition(" ")
    if len(first) < 4 or not first.isalpha() or is_word(first):
        return text
    letters = sorted(first.lower())
    fixed = next((v for v in _CORE_ORDERS if len(v) == len(first) and sorted(v) == letters
                  and sum(a != b for a, b in zip(v, first.lower(), strict=True)) == 2), None)
    return f"{fixed.capitalize() if first[:1].isupper() else fixed}{sep}{rest}" if fixed else text


def present_tense(deed: str) -> str | None:
    """A past-tense deed in the headline's present: "removed support for X" -> "Removes Support for X"
    (title case is the caller's)."""
    first, _, rest = deed.partition(" ")
    if first == "stopped" and rest.split(" ", 1)[0].endswith("ing"):
        doing, _, after = rest.partition(" ")  # "stopped delaying RST send": "No Longer Delays RST Send"
        lemmas = _lexicon().getAllLemmas(doing, upos="VERB").get("VERB")  # type: ignore[attr-defined]
        return f"No Longer {third_person(str(lemmas[0])) if lemmas else doing} {after}".strip()
    lemmas = _lexicon().getAllLemmas(first, upos="VERB").get("VERB")  # type: ignore[attr-defined]
    base = str(lemmas[0]) if lemmas else _past_to_base(first)
    if base is None:
        return None
    # "made X and used it", "fixed warnings, updated names": every deed of the title in the present
    rest = re.sub(_LATER_DEED, lambda m: m.group(1) + _later(m, _as_present), rest)
    return f"{third_person(base)} {rest}".strip()


def third_person(base: str) -> str:
    """A verb's third-person present ("fix" -> "fixes", "do" -> "does")."""
    forms = _lexicon().getInflection(base, tag="VBZ")  # type: ignore[attr-defined]
    return str(forms[0]) if forms else base + "s"


def _as_present(word: str) -> str:
    """A past-tense verb in the present ("updated" -> "updates"); any other word as it is."""
    base = _base_of_past(word)
    return third_person(base) if base else word


def _base_of_past(word: str) -> str | None:
    """The base form of a past-tense verb ("documented" -> "document"); None for any other word."""
    if _lexicon().getAllLemmas(word, upos="VERB").get("VERB") is None:  # type: ignore[attr-defined]
        return None
    base = _past_to_base(word) or str(_lexicon().getAllLemmas(word, upos="VERB")["VERB"][0])  # type: ignore[attr-defined]
    return base if past_tense(base) == word and base != word else None


def _past_to_base(word: str) -> str | None:
    for cut, add in (("ied", "y"), ("ed", ""), ("ed", "e"), ("d", "")):
        base = word[: -len(cut)] + add if word.endswith(cut) else ""
        if base and _verb_base(base) == base:
            return base
    return None


_AUXILIARY = frozenset(
    "is are was were be been being should must can could will would may might shall does do did has have had "
    "not now no never isn't aren't doesn't don't didn't won't can't".split()
)
# Words that follow a verb, not a plural noun: "falls back", "works when" ("fixes in", "changes to" are nouns)
_PARTICLES = frozenset("back off out up down when if now correctly properly again away".split())
_MASS_NP = _MASS | frozenset("polish cleanup cleanups improvements fixes updates changes tweaks".split())


_BUILT_IN = re.compile(r"(?i)\bbuilt[ -]in\s+(?=[a-z])")


def scoped_deed(title: str, did: str) -> str | None:
    """A check a title's scope of lint names makes those lints do: clippy's "fix(manual_find_map and
    manual_filter_map): check clone method" made two lints see clone calls, where "added a check of
    clone method" was heard as a new lint (2022-06-04). None for any other title or deed."""
    from .plainwords import plain_words

    scope = re.match(r"^\w+\(([^)]{3,80})\)!?:", title)
    lints = re.findall(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+", scope.group(1)) if scope else []
    if len(lints) == 1 and did.startswith("renamed to "):
        # clippy's "chore(needless_if): rename to `needless_ifs`" renamed that lint; the old name was lost
        return f"renamed the {plain_words(lints[0])} lint to {did.removeprefix('renamed to ').removeprefix('the ').removesuffix(' lint')}"
    if len(lints) == 1 and did in ("added a new lint", "added new lint"):
        # clippy's "feat(manual_assert_eq): new lint" named its lint; "a new lint in manual assert eq" hid it
        return f"added a new lint, {plain_words(lints[0])}"
    if not lints or not did.startswith("added a check"):
        return None
    named = " and ".join([", ".join(plain_words(lint) for lint in lints[:-1]), plain_words(lints[-1])] if len(lints) > 1 else [plain_words(lints[0])])
    return f"made the {named} lint{'s' if len(lints) > 1 else ''} check {did.removeprefix('added a check').removeprefix(' of').strip()}"


# what goes wrong, not what a change makes a thing do: "parser crashes on …" states a bug
_TROUBLE_VERBS = frozenset("crash fail hang break leak error panic segfault overflow ignore lose miss mis-handle underflow".split())


def statement_deed(topic: str) -> str | None:
    """A title that states what a named part of the code now does ("reinplace_pass resyncs output_specs
    after in-place rewrites") said as what its author made it do; None for any other title, or one
    that states a bug ("parser crashes on …")."""
    from .clean import clean_title
    from .plainwords import plain_words

    m = re.fullmatch(r"(?P<subject>[A-Za-z][\w.]*(?: [a-z][\w.]*)?) (?P<verb>[a-z]+s) (?P<rest>[a-z].{2,})", clean_title(topic, limit=_DEED_CHARS))
    if m is None or not re.search(r"[_.]|[a-z][A-Z]", m.group("subject")):
        return None  # only a name from the code is sure to be the subject ("Fix tests …" is an order)
    verb = m.group("verb")
    base = _verb_base(verb) or (verb[:-1] if _verb_base(verb[:-1]) == verb[:-1] else None)  # "resyncs"
    if base in (None, verb) or base in _TROUBLE_VERBS or re.search(r"(?i)\b(?:wrong|incorrect|not|never|instead|broken)\b", m.group("rest")):
        return None
    return f"made the {plain_words(m.group('subject'))} {base} {plain_words(m.group('rest'))}"


@lru_cache(maxsize=4096)
def noun_phrase(topic: str) -> str | None:
    """A title that names its work as a thing ("Website Polish and Cleanup", "Some serial rx buffer
    patches", "Implementation of the DeepSeek blockwise quantization for fp8 tensors") said after
    "landed", with its article; None for a statement, an order or anything with code or clauses."""
    from .clean import clean_title
    from .plainwords import plain_words

    text = _BUILT_IN.sub("built-in ", clean_title(topic, limit=_DEED_CHARS))
    if re.search(r"(?i)\bpart (?:[2-9]|\d\d|two|three|four|five)\b", text):
        return None  # "MLX delegate part 3" landed a part of it, not "an MLX delegate"
    if re.match(r"(?i)(?:easier|harder|faster|slower|simpler|safer|clearer|smaller|bigger|cleaner|quieter|better)\s+(?:to|for|with|on|in|when)\b", text):
        return None  # curl's "tool_listhelp: easier to generate with gen.pl" made it easier: no "an easier …" landed
    words = text.split()
    if words and re.fullmatch(r"[a-z]+(?:_[a-z0-9]+)+", words[0]):
        # executorch's "split_with_sizes with more test codegen" names an operator: no "a split with sizes"
        return None
    if len(words) == 2 and all(re.fullmatch(r"[A-Za-z][a-z]+", w) for w in words):
        return None  # two plain words are a name more often than a thing landed: clippy's "Doc markdown" is its lint's
    if not 2 <= len(words) <= 10 or re.search(r"[,;!?\"“”()\[\]{}`<>=|/…]|:(?!\d)|\.\s|\.$", text):
        return None
    low = [w.lower() for w in words]
    if re.match(r"(?:\S+\s+)?\S+\s+in\s", text):
        # "quant in checkpoint dtype", "non ascii in sigle literal", "typo in uv main": a note of what
        # changed where, no thing landed ("landed a typo" says the opposite of its fix)
        return None
    if "missing" in low[1:]:
        return None  # "Better missing self update feature" bettered the error for a missing feature; none landed
    gerund = _verb_base(low[0]) if low[0].endswith("ing") else None
    if gerund not in (None, low[0]) and (gerund in IMPERATIVE_VERBS or words[1][:1].isupper() or low[1] in _DETERMINERS):
        return None  # "Triaging ROCm wheel build", "Retrying parsing …": work done, no "a triaging build"
    if low[0].endswith("s") and _verb_base(low[0]) in IMPERATIVE_VERBS and _verb_base(low[0]) != low[0]:
        return None  # "Fixes bug in uv remove …" fixed it, no "fixes" landed
    if low[0].endswith("ed") and _past_to_base(low[0]):
        return None  # "added from the 7.86.0 release" (curl's THANKS) is a deed that names nothing
    if is_verb(low[0]) or low[0] in PLAIN_OPENERS - _DETERMINERS or any(w in _AUXILIARY for w in low) or _states(" ".join(low[1:])):
        return None
    if any(w.endswith("s") and _verb_base(w) not in (None, w) and after in _PARTICLES for w, after in zip(low[1:4], low[2:5], strict=False)):
        return None  # "Partitioner falls back on ops …": its subject does something, it is no thing landed
    if low[-1] in ("only", "too", "also", "again", "now", "anymore", "instead", "first"):
        return None  # pip's "PEP 517 only": how things now are, no thing landed
    if low[0].endswith("ly") or low[0] in ("always", "also", "still", "just", "only"):
        return None  # "Properly stringify v-html …", "Always activate …": an order with its manner
    if any(w in _STATING or (w.endswith("ed") and (is_verb(w[:-2] or w) or _past_to_base(w))) for w in low[1:]):
        # "Tests failed on Windows", "Module cleanup needs …": a statement, not a thing; "Android backend
        # used by method" (the getUsedBackends call) is no backend landed
        return None
    # Title Case is a headline's capitals, not names: "Website Polish" is website polish
    said = " ".join(w.lower() if w[:1].isupper() and w[1:].islower() and i < len(words) else w for i, w in enumerate(words))
    said = plain_words(said)
    end = _NP_END.search(" " + said)
    head = (said[: end.start() - 1] if end else said).split()
    last = head[-1].lower() if head else ""
    countable = bool(head) and low[0] not in _DETERMINERS and not re.match(r"\d", low[0]) and last not in _MASS_NP
    plural = [w.lower() for w in [*head, said.split()[-1]] if w.lower().endswith("s") and not w.lower().endswith(("ss", "us", "is"))]
    singular = not plural  # "CA bundle and path detection fixes" are fixes
    # (a name said with its own article, "the string add setting example", takes no "a" too)
    return a_an(said) if countable and singular and not is_gerund(last) and not said.startswith("the ") else said


# A later deed of a title ("… and used it", ", updated names"); a participle before a plural is an
# adjective ("… and related dependencies" is no "relating dependencies", "insecure and deprecated
# code" no "deprecates code")
_LATER_DEED = re.compile(
    r"(,\s+|\b(?:and|or)\s+)(?!(?:related|associated|affected|nested|generated|vendored|unused|deprecated|"
    r"supported|required|selected|pinned|corresponding)\s+(?!(?:the|a|an|it|its|them|their|this|that|these|those)\b)[a-z]+)"
    r"([a-z]+(?:ed|t|d))\b"
)


def gerund_of(deed: str) -> str | None:
    """A past-tense deed as a headline's gerund: "removed support for X" -> "Removing support for X"."""
    first, _, rest = deed.partition(" ")
    if first == "stopped" and rest.split(" ", 1)[0].endswith("ing"):
        return f"No Longer {rest}"  # "stopped expiring a blocked transfer": "No Longer Expiring …", not "Stopping Expiring"
    lemmas = _lexicon().getAllLemmas(first, upos="VERB").get("VERB")  # type: ignore[attr-defined]
    base = str(lemmas[0]) if lemmas else _past_to_base(first)
    if base is None:
        return None
    # "added and used X", "removed cruft, documented guards": every deed of the title, as gerunds
    rest = re.sub(_LATER_DEED, lambda m: m.group(1) + _later(m, _as_gerund), rest)
    return f"{_gerund(base).capitalize()} {rest}".strip()


def _later(m: re.Match[str], form: Callable[[str], str]) -> str:
    """A later deed's verb in its new ``form``; a participle said before already is the same
    adjective again ("a new exported program pass manager and exported program passes" exported nothing)."""
    word = m.group(2)
    return word if re.search(rf"\b{word}\b", m.string[: m.start()]) else form(word)


def _as_gerund(word: str) -> str:
    """A past-tense verb as its gerund ("documented" -> "documenting"); any other word as it is."""
    base = _base_of_past(word)
    return _gerund(base) if base else word


# renovate's groups ("update build", "update test to ^1.2.1") name packages by the part of the
# project they serve; a tool it updates by name ("update pnpm to v10.9.0") is that tool
_DEPENDENCY_GROUPS = frozenset(
    "build lint linters test tests testing compiler docs doc dev ci types typescript e2e playground runtime all "
    "non-major major minor patch monorepo devdependencies deps dependencies actions".split()
)


def dependency_deed(did: str) -> str:
    """A bot's update said as what it moved: "updated the test dependencies to version 1.2.1" for a
    group of packages, "updated pnpm to version 10.9.0" for one tool; other deeds as they are."""
    # ("update test (major)", "update test to v3 (major)": renovate writes the major mark either side)
    group = re.fullmatch(r"updated ((?:the )?[\w-]+(?: [\w-]+)?)( \(major\))?(?: to [\^~]?v?(\d[\w.-]*))?( \(major\))?", did)
    if group is None or "depend" in did or "version" in did:
        return did
    name = group.group(1).removeprefix("the ")
    major = group.group(2) or group.group(4)
    on = f" to version {group.group(3)}" if group.group(3) else " to new major versions" if major else ""
    if name.lower() not in _DEPENDENCY_GROUPS:
        return f"updated {name}{on}" if on else did
    return f"updated the {name} dependencies{on}"


def with_status(did: str, claims: Iterable[Claim]) -> str:
    """A deed said with the status its change claims: "added a template to uv init as a preview"
    (uv 2024-12-05 made "the big news" of an option users cannot use without opting in)."""
    if "preview" not in did and any(c.about == "status" and c.value == "preview" for c in claims):
        return f"{did} as a preview"
    return did


# A statement of what went wrong: a subject and a present-tense "is/are (not) …", "does not …"
_STATED_BUG = re.compile(r"(?i)^(?!(?:fix|add|remove|update|make|use|ensure|allow|let|keep|avoid|prevent|handle|support|check|set)\b)[\w`'./ -]{2,60}?\s(?:is|are|was|were|does not|doesn't|do not|don't|cannot|can't)\s.+$")
# words by which a statement tells a trouble ("… will print that --check was passed, instead of --locked")
_STATED_TROUBLE = re.compile(r"(?i)\binstead of\b|\bwrong(?:ly)?\b|\bincorrect(?:ly)?\b|\berroneous(?:ly)?\b|\bfails?\b|\bcrash(?:es)?\b")
# A Conventional Commits "fix:" title ("fix(types/tsx): …"), its topic after the colon
FIX_TYPE = re.compile(r"^fix(?:\([^)]{0,40}\))?!?:\s*(.+)$", re.I)
_COPULAS = frozenset("is are was were does do did can cannot can't doesn't don't has have".split())


def deed_of_title(title: str, topic: str) -> str | None:
    """The deed a whole title says where its topic alone says none: a "fix:" title that states its bug
    is the fix of that case (vue's "fix(types/tsx): optional props … are treated as required";
    torchtitan's "fix: pp grad accumulation is broken" was quoted as if it broke it), and release notes
    named by a version are updated for it (curl's "RELEASE-NOTES: curl 7.71.1"). None otherwise."""
    from .clean import clean_title
    from .plainwords import plain_words

    label = title.partition(topic)[0].strip(" :") if topic and topic != title else ""
    if re.fullmatch(r"(?i)release[-_ ]notes|news|changelog|changes", label) and re.fullmatch(r"[A-Za-z][\w-]*\s+v?\d+(?:[._]\d+)+\S*", topic):
        return f"updated the release notes for {topic}"
    fix_typed = FIX_TYPE.match(title) is not None
    proper = re.match(r"(?i)(?:proper|correct)\s+(?!(?:is|are|was)\b)(.+)$", topic.strip()) if fix_typed else None
    if proper:  # vue's "fix(teleport): proper children traversal when …" named the behaviour fixed, not a bug
        return f"fixed {_plain_first_lowered(plain_words(clean_title(proper.group(1), limit=100)))}"
    lint = re.fullmatch(r"\[?`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?\]?", label)
    if lint and re.fullmatch(r"(?i)init(?:ial (?:implementation|version|commit))?|new lint", topic.strip()):
        return f"added a new lint, {plain_words(lint.group(1))}"  # clippy's "[`manual_div_ceil`]: init" (#13263)
    words = topic.lower().split(" ", 2)
    stated = (fix_typed and _STATED_BUG.match(topic) is not None) or (
        # a bug stated as a thing and what it does: uv's "fix(lock): warning suggests …"
        fix_typed and len(words) == 3 and _subject_and_verb(words[0], words[1])) or (
        # uv's "Running `uv lock --check` with outdated lockfile will print that `--check` was passed, instead
        # of `--locked`" states the bug its change fixed (#16322): no one "ran" it, nor does it print that now
        re.match(r"[A-Z][a-z]+ing\b", topic) is not None and re.search(r"\b(?:will|would|does|did)\b", topic) is not None
        and _STATED_TROUBLE.search(topic) is not None)
    failing = states_failure(topic)
    stated = stated or failing
    first_word = topic.split(" ", 1)[0]
    # (an order is no statement: executorch's "fix: alert users that darwin is not supported" warns them)
    ordered = first_word.islower() and _verb_base(first_word) == first_word and not failing
    if not stated or _bare_verb(topic) or ordered:
        # pip's "fix(network/auth): Asks for password when it is None" says what pip now does, with no
        # subject: "fixed a case where asks for password …" told the reverse (pip 2020-05-19); it may
        # as well say the bug ("Returns the wrong value for x"), so it is not retold
        return None
    said = plain_words(clean_title(topic, limit=100))
    return f"fixed a case where {_plain_first_lowered(said)}"  # a name, "FileDataLoader", keeps its spelling


# A named thing and how it fails: executorch's "FileDataLoader fails to read the file when size > INT32_MAX"
_FAILURE_STATED = re.compile(
    r"^(?:[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+|[A-Za-z]\w*_\w+|`[^`]{2,40}`)\s+(?:fails?|crash(?:es)?|hangs?|segfaults?|panics?|deadlocks?)\b"
)


# A memory-safety or concurrency bug named as the title: executorch's "Stack buffer overflow in
# prepare_input_tensors() due to unchecked memcpy size" was "lucylq stacked buffer overflow …"
_BUG_NAMED = re.compile(
    r"(?i)^(?:(?:stack|heap|global)[- ](?:based[- ])?(?:buffer[- ])?|buffer[- ])(?:overflow|underflow|overrun|underrun)\b|"
    r"^(?:out[- ]of[- ]bounds|oob)(?: heap| stack)? (?:read|write|access)\b|^(?:use[- ]after[- ]free|double[- ]free|"
    r"null(?: pointer)? (?:dereference|deref)|integer (?:overflow|underflow)|memory leak|data race|race condition|deadlock)\b"
)


def states_failure(topic: str) -> bool:
    """Whether a title states how a thing named in code fails ("FileDataLoader fails to read …") or names
    the bug itself ("Stack buffer overflow in …"): a bug, told as fixed."""
    return _FAILURE_STATED.match(topic.strip()) is not None or _BUG_NAMED.match(topic.strip()) is not None


def _bare_verb(statement: str) -> bool:
    """Whether a statement opens with a verb of no subject ("Asks for password when …")."""
    first, _, rest = statement.lower().partition(" ")
    if not first.endswith("s") or first.endswith("ss") or rest.split(" ", 1)[0] in _COPULAS:
        return False  # "Tests are failing": a subject, its bug stated
    return is_verb(first[:-1]) or (first.endswith("es") and is_verb(first[:-2]))


# What a docs change adds when it adds to the docs themselves ("added a section on …", "added an example")
_DOC_THING = re.compile(
    r"(?i)\b(?:docs?|documentation|section|note|notes|example|examples|page|pages|guide|tutorial|entry|entries|link|links|"
    r"description|descriptions|comment|comments|faq|table|reference|references|docstrings?|readme|manual|man ?page|"
    r"chapter|paragraph|warning|hint|instructions?|explanation|overview|summary|diagrams?|images?|videos?|screenshots?|thumbnails?|logos?|badges?|gifs?|mention|words?|typo|"
    # what a page is written with: uv's "docs: add missing `console` highlights" added them (#6900)
    r"highlights?|highlighting|headings?|anchors?|admonitions?|callouts?|code blocks?|captions?)\b"
)


def docs_deed(did: str) -> str:
    """A deed of a change to docs alone, said as documenting where its verb would be heard as code:
    curl's "HTTPSRR.md: implement what seems to be deployed" changed a document to match the
    deployed records; Daniel Stenberg "implemented" nothing (2025-02-04)."""
    verb, _, rest = did.partition(" ")
    if rest and verb in ("implemented", "enabled", "supported", "introduced"):
        return f"documented {rest}"
    if verb == "added" and rest and not _DOC_THING.search(rest) and not re.search(r"\s(?:to|in|into|on)\s", rest):
        # u-boot's "doc: board: …: Add missing firmware for BB-AI64" named the firmware in a board's page:
        # no firmware was added (2025-06-07)
        return f"documented {rest}"
    return did
