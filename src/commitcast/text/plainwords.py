"""Message text in words a listener can follow: file paths said by what they name, code
identifiers said as words, and the shorthand of commit messages written out.

``significant_drop_tightening`` becomes "significant drop tightening", ``docs/VERSIONS.md`` "the
VERSIONS doc", ``Curl_headers_push()`` "Curl headers push", ``w/`` "with" and ``impl``
"implementation". Well-known spellings a voice says as they are (``torch.compile``, ``DTensor``,
``HTTP/2``) stay. The abbreviations are the host style's data, so a show can add its own.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

__all__ = ["plain_words", "plain_area", "file_words", "label_names", "where_phrase"]

_EXTENSIONS = (
    r"py|pyi|pyx|cpp|cc|cxx|c|h|hpp|hh|cu|cuh|rs|go|java|kt|js|mjs|cjs|ts|tsx|jsx|vue|md|rst|txt|toml|ya?ml|json|"
    r"cfg|ini|sh|bash|ps1|bzl|cmake|mk|inc|in|lock|dts|dtsi|S|asm|pl|pm|pod|rb|swift|m|mm|proto|sql|html|css|scss|"
    r"xml|bat|lua|php|lds|gradle|nix|tcl|csv|awk|patch|bin|fbs|pte|onnx|safetensors"
)
# (the noun a title puts after the name, "the cov.sh script", is said once)
_FILE = re.compile(rf"(?<![\w@/.-])(?!(?:llama|whisper|bark|stable-diffusion)\.cpp\b)(?!(?i:node|vue|next|nuxt|express|three|d3|chart|ember|backbone)\.js\b)(?!aten\.)(?:[\w.+-]+/)*(?P<name>[\w+-]+(?:\.[\w-]+)*)\.(?P<ext>{_EXTENSIONS})(?![\w/])(?:\s+(?:file|script)\b)?")
# curl's man pages ("CURLOPT_STDERR.3", "libcurl-errors.3"): the page, by what it documents
_MAN_PAGE = re.compile(r"(?<![\w@/.-])(?:[\w.+-]+/)*([A-Za-z][A-Za-z0-9_-]+[A-Za-z_])\.([1-8])(?![\w./])")  # (not "Python3.7")
# A directory path: two slashes or more, a trailing slash, or a first part that names a folder.
_DIR_PATH = re.compile(
    r"(?<![\w@/.:-])(?:(?:[\w.+-]+/){2,}(?P<last>[\w.+-]+)/?|(?:[\w.+-]+/)+(?P<trail>[\w.+-]+)/|"
    r"(?:src|lib|libs|docs?|tests?|include|scripts|tools|crates|packages|board|arch|drivers|\.github|examples|"
    r"configs|kernels|backends|torch|test/\w+)/(?P<named>[\w.+-]+))(?![\w/])"
)
# "out of `scripts/` into `test/`": one folder, by its name
_FOLDER = re.compile(r"(?<![\w@/.:-])(?<!\bends in )(?<!\bend in )(?<!\bends with )([A-Za-z_][\w+-]+)/(?=\s(?!\s*[A-Z])|$|[,;:)])(?:\s+(?:folder|directory|dir|tree)\b|\s+(file|files|prefix|path|contents)\b)?")
# A move between two paths ("from quantization/prototype -> prototype/quantization"): each path is
# said whole, for the last parts alone can tell the move backwards.
_PATH_WORD = r"[\w.+-]+(?:/[\w.+-]+)+/?"
_MOVE = re.compile(
    rf"(?<![\w@/.:-])(?:(?P<a>{_PATH_WORD})\s*(?:->|=>|→)\s*(?P<b>{_PATH_WORD})|from\s+(?P<c>{_PATH_WORD})\s+(?:to|into)\s+(?P<d>{_PATH_WORD})|"
    # "Move extension/fb/threadpool into backends/xnnpack/threadpool" was "moved threadpool into threadpool"
    rf"(?P<verb>(?i:move[sd]?|moving))\s+(?P<e>{_PATH_WORD})\s+(?P<to>to|into)\s+(?P<f>{_PATH_WORD}))(?![\w/])"
)
# A move to one path ("Move X to prototype/dtypes"): the destination said whole, for its last part
# alone ("to dtypes") tells a demotion to prototype as a promotion.
_MOVE_TO = re.compile(rf"(?i)(\bmov(?:e|ed|es|ing)\b[^.;]{{0,80}}?\s(?:to|into)\s+)({_PATH_WORD})(?![\w/])")
# A compiler's warning flag ("fixed -Wzero-length-array with no protocols"): the warning it names.
_WARNING_FLAG = re.compile(r"(?<![\w-])-W(?!l,)([a-z][a-z0-9-]{2,40})\b(\s+warnings?\b)?")
# PyTorch's operators as code names them ("aten.logical_not", "index.Tensor", "div.Tensor_mode",
# "view_as_real_copy.out"): said as the operator, without its namespace or overload.
_OPERATOR = re.compile(
    r"(?<![\w.])(?:(?:torch\.ops\.)?aten(?:\.|::))?(?!(?:torch|nn|np|numpy|jax|tf|F)\.)(?P<op>[a-z][a-z0-9_]*)\."
    r"(?P<overload>Tensor(?:_mode|_out|_Scalar)?|Scalar(?:_out)?|out|default|int|self(?:_out)?|Tensor_Tensor|dim|dim_IntList|vec|float)\b(?![\w.])"
    r"|(?<![\w.])(?:torch\.ops\.)?aten(?:\.|::)(?P<op2>[a-z][a-z0-9_]*)\b(?![\w.])"
)
# A build or config symbol or an environment variable ("CURL_DISABLE_HTTP", "BOOTMETH_GLOBAL",
# "SSL_CERT_DIR"): a setting by its name, in words ("option" would be heard as a command-line one).
_CONFIG_SYMBOL = re.compile(
    r"(?<![\w.-])(?:CONFIG_)?([A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+)(?![\w.(])"
    r"(?=(\s+(?:options?|settings?|flags?|macros?|symbols?|variables?|environment|env|config(?:uration)?)\b)?)"
)
_SYMBOL_PAIR = re.compile(r"(?<![\w/])([A-Z][A-Z0-9]*_[A-Z0-9_]+)/([A-Z][A-Z0-9]*_[A-Z0-9_]+)(?![\w/])")
# u-boot's "Switch to OF_UPSTREAM" (137 titles): the device trees taken from Linux as they are
_UPSTREAM_TREES = re.compile(r"(?<![\w.])(?:CONFIG_)?OF_UPSTREAM(?![\w.])")
# "SOCKET_WRITABLE()/SOCKET_READABLE()": two functions named at once.
_CALL_PAIR = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\(\)\s*/\s*([A-Za-z_]\w*)\(\)")
_LEADS_A_NAME = re.compile(
    r"(?:^|\b(?:with|without|for|in|of|on|to|from|by|via|use[sd]?|using|sets?|select(?:s|ed)?|add(?:s|ed)?|remove[sd]?|"
    r"drop(?:s|ped)?|rename[sd]?|deprecate[sd]?|respect(?:s|ed)?|honou?r(?:s|ed)?|support(?:s|ed)?|and))\s*$",
    re.I,
)


def _listed(parts: list[str]) -> str:
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _braced(m: re.Match[str]) -> str:
    parts = [p.strip() for p in m.group(1).split(",")]
    if all(re.fullmatch(_EXTENSIONS, p) for p in parts):  # "install_requirements.{sh,py}": one script, twice
        return _named(re.split(r"[./]", m.group(0))[-2], "scripts")
    return _listed([_words(p) for p in parts])


def _member(m: re.Match[str]) -> str:
    """A struct's member said as a field ("gd->env_valid"), or the two operators a rewrite joins."""
    if (_TURNED_INTO.search(m.string, 0, m.start()) or re.match(r"\s+(?:renam|migrat|mov|switch)\w*", m.string[m.end():])) and not m.group(2):
        return m.group(0).replace("->", " to ")  # (executorch's "llama2->llama renaming" renamed a folder, no field)
    if not m.group(2) and all(re.fullmatch(r"[A-Za-z]{0,3}\d+[A-Za-z\d]*", part) for part in m.group(0).split("->")):
        return m.group(0).replace("->", " to ")  # "h100->b200" names one chip in place of another, no field (ao f25f1ec8)
    return f"{m.group(1)}()" if m.group(2) else f"the {m.group(1)} field"


def _capital_words(name: str) -> str:
    """A capitalised name's words in lower case, but for the letters no word is: executorch's
    "ET_TRY" is "ET try", where "et try" was titled "Et Try"; "CURLOPT_URL" is "curlopt URL"."""
    from .retelling import is_word

    # (the lexicon knows no function words: "TIME_WITH_SYS_TIME" was "time WITH SYS time")
    return " ".join(w if not is_word(w.lower()) and w.lower() not in _FUNCTION_WORDS and len(w) <= 4 else w.lower() for w in _words(name).split())


_FUNCTION_WORDS = frozenset("with without of for to in on at by from and or not no the a an is are has have if as per into onto".split())


_COMPARED_AS = {">": "greater than", ">=": "at least", "<": "less than", "<=": "at most"}


def _setting(m: re.Match[str]) -> str:
    """A config symbol in words: "the curl disable http setting" where a preposition or verb leads
    to it, else its words alone before the noun a title gives ("missing uv test … setting check")."""
    # "SPL_PAD_TO" is the spl pad-to setting: a last word heard as a preposition joins the one before
    words = re.sub(r" (to|in|on|of|at|by|for|from|off|out|up)$", r"-\1", _capital_words(m.group(1)))
    if m.group(2):
        return words
    # curl's CURLOPT_X is an option, CURLINFO_X a value one reads back; a CONFIG_ symbol, or one that
    # is set, enabled or defined, a setting; any other capitalised name (a lint, a macro, a return
    # code: clippy's SELF_ASSIGNMENT, TORCH_LIBRARY, EXIT_BOOT_SERVICES) only its words
    before = m.string[: m.start()]
    # (or one a thing is chosen with: curl's "make BearSSL possible to set with CURL_SSL_BACKEND" was "the curl SSL backend")
    configured = m.group(0).startswith("CONFIG_") or re.search(r"(?i)\b(?:enabl|disabl|set|unset|select|defin|undefin|toggl)\w*\s+$", before) or re.search(
        r"(?i)\b(?:set|select\w*|chos\w*|pick\w*|configur\w*)\s+(?:with|via|by|through|using)\s+$", before)
    # uv's "UV_SKIP_WHEEL_FILENAME_CHECK" is a variable a user sets: said bare, it is heard as what uv now does
    env = re.match(r"(?:UV|PIP|CARGO|RUSTUP|CLIPPY|PYTHON|VIRTUAL_ENV|CONDA|HF|TORCH_HOME)_", m.group(1) + "_")
    noun = "option" if "OPT_" in m.group(1) else "info value" if "INFO_" in m.group(1) else "environment variable" if env else "setting" if configured else ""
    if noun and re.search(rf"(?i)\b{noun.split()[-1]}s?$", words):
        noun = ""  # "CURLOPT_SSL_OPTIONS" is the curlopt SSL options option no more
    said = f"{words} {noun}".strip()
    if noun and m.string[m.end():].startswith("*"):
        said += "s"  # curl's "CURLOPT_CLOSESOCKET*": every option of that name, no "option*"
    return f"the {said}" if _LEADS_A_NAME.search(before) else said


# A function by its module path ("distutils.utils.change_root"): the function, in words.
_DOTTED = re.compile(
    r"(?<![\w.])(?:[a-z_][a-z0-9_]*\.){1,4}([a-z_][a-z0-9]*(?:_[a-z0-9]+)+)\b(?![\w.(])"
    r"(?!\s+(?:options?|flags?|arguments?|parameters?|settings?|fields?|keys?|config|attributes?|modules?))"
)
# A well-known module's attribute without an underscore in its name ("torch.float16", "gc.collect")
_MODULE_ATTR = re.compile(r"(?<![\w.])(torch|np|numpy|jax|jnp|tf|gc|os|sys|nn)\.(_{0,2}[a-z][a-z0-9]*)\b(?:\(\))?(?![\w(]|\.\w)")
# "the legacy torchtitan.components.checkpoint import path": a module, by its last name
_MODULE_PATH = re.compile(r"(?<![\w.])(?:[a-z_][a-z0-9_]*\.){2,}([a-z_][a-z0-9_]*)(?=\s+(?:import|imports|module|modules|package|namespace)\b)")
# An object by its entry-point reference ("setuptools.build_meta:__legacy__", "pip._internal:main")
_ENTRY_POINT = re.compile(r"(?<![\w.:/])([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+):(_{0,2}[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*_{0,2})(?![\w.:/-])")
# "torch.float8_e8m0fnu" is a data type, no function.
_DTYPE = re.compile(r"(?:b?float|u?int|complex|qu?int)\d+(?:_|$)")
# Two languages slashed together ("cpp/Python extension"): both, no owner and project
_LANGUAGES = re.compile(r"(?i)(?<![\w/])(c|cpp|c\+\+|python|cuda|rust|java|kotlin|swift|js|ts|objc)/(c|cpp|c\+\+|python|cuda|rust|java|kotlin|swift|js|ts|objc)(?![\w/])")
_LANGUAGE_NAMES = {"c": "C", "cpp": "C++", "c++": "C++", "python": "Python", "cuda": "CUDA", "rust": "Rust", "java": "Java",
                   "kotlin": "Kotlin", "swift": "Swift", "js": "JavaScript", "ts": "TypeScript", "objc": "Objective-C"}
# "pizlonator/fil-c", "taiki-e/install-action": an owner and a project, said by the project.
_OWNED = re.compile(r"(?<![\w@/.:-])(?P<owner>[A-Za-z][\w.-]{1,38})/(?P<name>[A-Za-z][\w.-]{1,60})(?![\w/])")
# "--with-ngtcp2=<path>", "--index <name>", "--gui-script flag": a command-line option by its name.
_OPTION = re.compile(
    r"(?<![\w-])--(?P<name>[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)*)(?:=(?P<value>[a-z][a-z0-9-]*\b(?![=/.<:]))?\S*|\s+<[\w-]+>)?(?P<noun>\s+(?:flag|option|argument|arg|switch|parameter|param)(?:es|s)?\b)?"
)
_OPTION_NOUN = {"arg": " argument", "args": " arguments", "param": " parameter", "params": " parameters"}
_GENERIC_NAMES = frozenset({"action", "actions", "core", "main", "cli", "setup", "cache", "checkout"})
_SCHEME = re.compile(r"(?<![\w/])(https?|ftp|file|git|ssh|s3)://(?=[\s,;:)'\"]|$)")
_BACKTICKED = re.compile(r"`([^`]{1,80})`")
# "is_cortex_a() functions": the title's own noun says what the call is ("function" is not said twice)
_CALL_CHAIN = re.compile(r"\b([a-z_][a-z0-9_]*)\(\)\.([a-z_][a-z0-9_]*)\(\)")
_TYPE_METHOD = re.compile(r"\b([A-Z][A-Za-z0-9]*)\*?(?:::|\.)([a-z_][a-z0-9_]*)\(\)")
# (a method written with its dot, "with `.is_none()`", is the method without it)
_CALL = re.compile(r"(?:(?<![\w)\]])\.)?\b([A-Za-z_][\w:.]*)\(\)(?:\s+(functions?|helpers?|macros?|calls?)\b)?")
# curl's internal functions by their prefix ("make Curl_all_content_encodings allocless": one function)
# (two words at least: "remove Curl_ssl false_start" names the SSL layer's false start, no function)
_CURL_FUNCTION = re.compile(r"(?<![\w.])((?:Curl|curlx)_[a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w(])")
# (C's "size_t", "ssize_t", "uint8_t" are said as the types they are)
_SNAKE = re.compile(r"(?<![\w.])_*(?!(?:u?int\d*|s?size|off|ptrdiff|time|pid|wchar|char\d*)_t\b)([A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+)_*(?![\w])")
_PRIVATE = re.compile(r"(?<![\w.])_+([A-Za-z][A-Za-z0-9]+)(?![\w])")
# C's "gd->env_valid" reads a member of a struct: "the env valid field", not "gd to env valid";
# "dev->ops->start()" calls the member "start()"; "conn->bits.user_passwd" reads a member's member
_MEMBER = re.compile(r"\b[A-Za-z_]\w*(?:->[A-Za-z_]\w*)*->(?:[A-Za-z_]\w*(?:->|\.))*([A-Za-z_]\w*)\b(?!\.\w)(\(\))?")
# ... but "Decompose constant_pad_nd->cat" turns one operator into another: no field is read
_TURNED_INTO = re.compile(r"(?i)\b(?:decompos|lower|convert|rewrit|replac|translat|fus|map|mapp|migrat|switch|chang|turn|rout)(?:e|es|ed|ing|s)?\s+(?:\w+\s+){0,2}$")
# "Python 3.9.{0,6}", "Py3.{5,6,7}": each version the brace lists, whole
_VERSIONS_BRACED = re.compile(r"(?<![\w.])((?:[A-Za-z]*\d+\.)+)\{(\d+(?:\s*,\s*\d+)+)\}(?![\w.-])")
# "pip._internal.commands.{freeze,list}": the modules a brace lists, said by their names
_BRACED = re.compile(r"(?<![\w.])(?:[A-Za-z_][\w-]*[./])+\{([\w-]+(?:\s*,\s*[\w-]+)+)\}(?![\w.-])")
# "pip cache {purge, remove}": a command's subcommands a brace lists after a space
_SPACED_BRACE = re.compile(r"(?<![\w.-])(([a-z][\w-]*) )?([a-z][\w-]* )\{([\w-]+(?:\s*,\s*[\w-]+)+)\}(?![\w.-])")
# A project's name before the file it owns, once the file is said ("XNNPACK the init file")
_OWNER_OF_FILE = re.compile(r"(?<=\S )((?:[A-Z][A-Za-z0-9]* )?[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*|(?:(?<=\bin )|(?<=\bof )|(?<=\bfor )|(?<=\bfrom ))[a-z][\w-]*) the (?=[\w-]+(?: [\w-]+){0,2} (?:file|doc|header|config|script|lockfile)\b)")
def _adjective_before(before: str) -> bool:
    """Whether the word just before a file name is an adjective that says which file ("non-static", "dynamic")."""
    from .retelling import _lexicon

    found = re.search(r"(?<![\w-])(non-[a-z]+|[a-z]{3,})\s+`?$", before[-60:])
    if found is None:
        return False
    word = found.group(1)
    if word.startswith("non-"):
        return True
    if word in _FUNCTION_WORDS:
        return False
    lemmas = _lexicon().getAllLemmas(word)  # type: ignore[attr-defined]
    return bool(lemmas.get("ADJ")) and not lemmas.get("VERB")  # (never a verb's form: "fixed clean_release_notes.py" fixed it)


def _owner_of_file(m: re.Match[str]) -> str:
    """ "the XNNPACK init file", "in the deepseek model file"; a lowercase word before a file is its
    owner only when it is no verb ("in read the …") or article; after an adjective the article goes."""
    from .retelling import _lexicon, _verb_base

    owner = m.group(1)
    if owner.islower() and (owner in ("a", "an", "the") or (owner.endswith("ing") and _verb_base(owner) is not None)):
        return m.group(0)  # "for opening the editor" opens it
    if owner.islower() and _lexicon().getAllLemmas(owner).get("ADJ"):  # type: ignore[attr-defined]
        return f"{owner} "  # "custom vela config", "from remote requirements file": an adjective says which; no stray "the"
    if owner.islower() and _verb_base(owner) is not None:
        return m.group(0)  # ("in read the …": a verb reads it)
    return f"the {owner} "


# Python's "__init__", "__repr__": the name between the underscores
_DUNDER = re.compile(r"(?<![\w.])__([a-z][a-z0-9]*)__(?![\w.])")
# cmake's "two if(BUILD_TESTING) branches" are two blocks that run under that setting, no git branches
_CONDITIONAL = re.compile(r"\b(?:if|ifdef|ifndef)\s*\(\s*([A-Za-z_][\w.-]{0,40})\s*\)\s+(branch|branches|blocks?|sections?)\b")
# a lowerCamelCase name ("checkProxyheaders") in words; "macOS", "iOS", "gRPC" keep their spelling
_LOWER_CAMEL = re.compile(r"(?<![\w.@/-])([a-z]{3,})((?:[A-Z][a-z0-9]+)+)(?![\w.@/-])")
# "use NO instead of ()=>false": an arrow function, said by what it returns
_ARROW_FUNCTION = re.compile(r"(?<![\w)])\(\s*\)\s*=>\s*([\w.]+)(?![\w(])")
# u-boot's "$(PHASE_)rsa verify …": a build-phase prefix, no word
_MAKE_VARIABLE = re.compile(r"\$\(\w+\)")
# clippy's "msrvs::ASSIGNING_CLONES" is a constant in the code, no setting a user sets
_PATH_CONSTANT = re.compile(r"(?<![\w:])(?:[a-z_]\w*::)+([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b")
# "away from the torch:: namespace": the torch namespace
_TRAILING_SCOPE = re.compile(r"\b(\w+)::(?=\s|$)")
_SCOPE = re.compile(r"(?<=\w)::(?=\w)")
_DOC_EXT = frozenset({"md", "rst"})
_TEST_NAME = re.compile(r"^(?:test_(?P<a>\w+)|(?P<b>\w+?)_test|test(?P<c>\d+))$", re.I)
_SYMBOLS = (
    # clippy's "`&mut _` types": a generic reference is said as one, no bare "_ types"
    (re.compile(r"(?<![\w&])&mut\s+(?:_|[A-Z])(?![\w])"), "mutable reference"),
    (re.compile(r"(?<![\w&])&(?:_|[A-Z])(?![\w])"), "reference"),
    (re.compile(r"(?<![\w&])&(?=(?:mut\s+)?[A-Za-z_])(?:mut\s+)?"), ""),  # Rust's "&str", "&mut T": a reference to one
    (re.compile(r"\s*&\s*"), " and "),
    (re.compile(r"\bw/o\b", re.I), "without"),
    (re.compile(r"\bw/(?=\s)", re.I), "with"),
    (re.compile(r"(\w+)\s*(?:<->|<=>|↔)\s*(\w+)"), r"two-way \1-\2"),  # executorch's "string<->integer map"
    (re.compile(r"\s*(?:->|=>|→)\s*"), " to "),
    (re.compile(r"\s+\+\s+"), " and "),
    (re.compile(r"(?<![\w!])!(?=[A-Za-z]\w*)"), "non-"),  # "the !ssl job": the job without SSL
    (re.compile(r"(?<![\w%])%(?=[A-Za-z]\w*)"), ""),  # "the new macro %CR"
    # "drop support for GnuTLS < 3.6.5", "openssl >= 3.5": versions compared in words
    (re.compile(r"\s*<=\s*(?=v?\d+(?:\.\d+)+)"), " up to "),
    (re.compile(r"\s*<\s*(?=v?\d+(?:\.\d+)+)"), " older than "),
    (re.compile(r"\s*>=\s*(?=v?\d+(?:\.\d+)+)"), " from "),
    (re.compile(r"\s*>\s*(?=v?\d+(?:\.\d+)+)"), " newer than "),
)


def file_words(name: str, ext: str) -> str:
    """How a file is said: ``test_scalars.py`` "the scalars tests", ``VERSIONS.md`` "the VERSIONS
    doc", ``Makefile.inc`` "the Makefile", ``tensor_impl.cpp`` "the tensor impl file"."""
    if ext == "ts" and (name == "d" or name.endswith(".d")):
        # TypeScript's declarations: vue's "separate d.ts file" was "separate d file"
        return f"the {_words(name[:-2])} type declarations" if name != "d" else "the type declarations"
    test = _TEST_NAME.match(name)
    if test:
        stem = test.group("a") or test.group("b")
        return f"the {_words(stem)} tests" if stem else f"test {test.group('c')}"
    if ext.lower() in _DOC_EXT:
        return _named(name, "doc")
    if ext in ("inc", "in", "cmake", "mk") or name in ("Makefile", "CMakeLists"):
        return _named(name, "build file")
    if ext == "txt":
        return _named(name, "file")
    if ext.lower() in ("toml", "yaml", "yml", "json") and name.lower().endswith("lock"):
        return f"the {_words(name)} file"  # "pylock.toml" is a lock file, no config (pip 2026-07-28)
    if ext.lower() == "json" and not re.fullmatch(r"[A-Z][A-Z0-9_]+", name) and not re.search(r"(?i)config|settings|conf$|rc$", name):
        return _named(name, "JSON file")  # pip's "origin.json" records where a wheel came from: no config (2023-05-30)
    if ext.lower() in ("toml", "yaml", "yml", "json", "cfg", "ini") and not re.fullmatch(r"[A-Z][A-Z0-9_]+", name):
        return _named(name, "config")  # "to rustfmt.toml" is no option of rustfmt itself
    if ext.lower() in ("toml", "yaml", "yml", "json"):
        return f"the {name} file"  # uv's "METADATA.json" and "WHEEL.json" are metadata files, no settings (2026-01-14)
    if ext in ("h", "hpp", "hh"):
        return _named(name, "header")
    if ext == "lock":
        return _named(name, "lockfile")  # "uv.lock" is the uv lockfile, not "the uv file"
    if ext in ("sh", "bash", "ps1", "bat", "pl"):
        return _named(name, "script")
    if ext == "pm":
        return _named(name, "Perl module")
    # "Deleted tensor_core_tiled_layout.cu": the file went, not the layout it is named after
    return _named(name, "file")


def _named(name: str, noun: str) -> str:
    """A file by its words and what it is, the noun said once ("vela_config.toml" is "the vela config")."""
    words = _words(name).split()
    while words and words[-1].lower() in noun.split():
        words.pop()  # "build.mk" is "the build file", not "the build build file"
    return " ".join(["the", *words, noun])


def _move(m: re.Match[str]) -> str:
    first, second = (m.group("a"), m.group("b")) if m.group("a") else (m.group("c"), m.group("d")) if m.group("c") else (m.group("e"), m.group("f"))
    spoken = [" ".join(_words(part) for part in path.strip("/").split("/")) for path in (first, second)]
    if m.group("verb"):
        return f"{m.group('verb')} {spoken[0]} {m.group('to')} {spoken[1]}"
    return f"{spoken[0]} to {spoken[1]}" if m.group("a") else f"from {spoken[0]} to {spoken[1]}"


def _dir_said(m: re.Match[str]) -> str:
    """A directory path by its last part; a test folder's part as its tests ("Refactor test/op_linear"
    refactored the op linear tests, not the op)."""
    last = _words(m.group("last") or m.group("trail") or m.group("named"))
    parts = [p for p in m.group(0).strip("/").split("/") if p]
    if len(parts) >= 2 and parts[-2].lower() in ("prototype", "experimental", "legacy", "internal", "contrib", "deprecated"):
        last = f"{_words(parts[-2])} {last}"  # ao's "Remove prototype/dtypes" left torchao's dtypes alone (2025-03-11)
    return f"the {last} tests" if re.match(r"(?i)tests?/[^/]+/?$", m.group(0)) and "test" not in last.lower() else last


_LEADING_PREPOSITIONS = frozenset("to from as into onto".split())


def _words(identifier: str) -> str:
    """An identifier's parts as words: ``significant_drop_tightening``, ``my.state``; a version
    split by an underscore is one ("qwen3_5" is Qwen 3.5, not "qwen3 5")."""
    joined = re.sub(r"(?<=[a-zA-Z]\d)_(?=\d\b)", ".", identifier)
    parts = [p for p in re.split(r"_+|\.(?!\d)", joined) if p]
    # "to_dim_order_copy" is one name: "to dim order copy" was heard as a preposition and its object
    return "-".join(parts) if len(parts) > 1 and parts[0] in _LEADING_PREPOSITIONS else " ".join(parts)


_PAIRED = frozenset("input output in out on off min max left right upper lower up down".split())


def _paired(word: str) -> bool:
    """A word that pairs with another across a slash ("read/write", "min/max"), unlike the names
    of "pytorch/executorch" (one repository) or "torchao/dtypes" (one module)."""
    from .retelling import is_verb

    return word in _PAIRED or is_verb(word)


# "argmax/argmin", "wifi/non-wifi", "read/modify/write": words a slash offers as alternatives.
_ALTERNATIVES = re.compile(r"(?<![\w@/.:-])[a-z][a-z0-9-]{1,14}(?:/[a-z][a-z0-9-]{1,14}){1,3}(?![\w/.#-])")  # ("rust-lang/rust#69366" is one reference)


def alike(a: str, b: str) -> bool:
    """Two words that are variants of one another: a shared stem of three letters or one inside the other."""
    return a[:3] == b[:3] or a in b or b in a


def _alternatives(m: re.Match[str]) -> str:
    parts = m.group(0).split("/")
    if len(parts) == 2 and re.search(r"(?i)\b(?:dependency|action|image|repo(?:sitory)?)\s+$", m.string[: m.start()]):
        return parts[1]  # renovate's "update dependency ngtcp2/nghttp3 to v1.16.0": a repository, by its name
    if parts == ["and", "or"]:
        return "or"  # "performance and/or succinctness": no "and and or"
    if parts[0] == "ciflow":
        return " ".join(parts)  # PyTorch's "ciflow/rocm" is one CI label, no "ciflow and rocm"
    if len(set(parts)) == 1:
        return parts[0]  # "gnutls/gnutls": a repository its owner names alike, said once
    place = re.search(r"(?i)\b(to|in|into|under|from|within)\s+$", m.string[max(0, m.start() - 40): m.start()])
    # (after "to", only names of four letters and more: "to add/sub/div" lists three operations)
    if len(parts) > 2 and place and (place.group(1).lower() != "to" or all(len(p) >= 4 for p in parts)):
        return " ".join(parts)  # executorch's "CUDA guard to aoti/slim/cuda" is one folder, no "aoti, slim and cuda"
    if len(parts) > 2 and all(_paired(p) for p in parts):
        return "-".join(parts)  # "read-modify-write" is one cycle, no list of deeds
    if all(_paired(p) for p in parts) or all(alike(parts[0], p) for p in parts[1:]) or _short_names(parts):
        return _listed(parts)
    if all(p.endswith("s") and p not in _PATH_DIRS and len(p) >= 5 for p in parts):
        return _listed(parts)  # vue's "mixins/extends support" supports both, no path to "extends support"
    return m.group(0)


# Folders a path goes through: "torch/csrc/jit" is a path, "add/sub/div" three ops.
_PATH_DIRS = frozenset(
    "src lib libs include inc docs doc test tests csrc torch tools scripts python cpp core utils util kernels "
    "backends examples bin build cmake api app apps pkg cmd internal ops aten extension runtime kernel android tool "
    "boot example common net fs disk env temp tmp configs".split()
)


def _short_names(parts: list[str]) -> bool:
    """Short names a slash lists ("add/sub/div", "fp16/bf16/fp32", "coreml/mps"), no path's folders."""
    # "gnutls/gnutls" names one repository by its owner, not a pair; "bfloat16/float16/float32" are three types
    if len(set(parts)) != len(parts) or any(p in _PATH_DIRS for p in parts):
        return False
    from .retelling import is_word

    # (three words or more, each English: torchtitan's "trainer/generator/controller" are three parts of RL)
    # (pip's "platlib/purelib": two of a kind by their shared ending)
    return all(len(p) <= 6 for p in parts) or all(len(p) <= 12 and re.search(r"\d", p) for p in parts) or (
        len(parts) >= 3 and all(is_word(p) for p in parts)) or (
        len(parts) == 2 and len(os.path.commonprefix([parts[0][::-1], parts[1][::-1]])) >= 3 and all(5 <= len(p) <= 8 for p in parts))


_NOT_COMMANDS = frozenset("to in on of for with from by at the a an and or all this that these".split())


def said_subcommands(text: str) -> str:
    """``text`` with a brace of subcommands after a space said as a list ("pip cache {purge, remove}"
    -> "pip cache purge and pip cache remove")."""
    from .retelling import IMPERATIVE_VERBS

    def listed(m: re.Match[str]) -> str:
        # ("fix test {a, b}", "alias to uv {tool, python}": an order or a preposition is no command's name)
        lead = m.group(1) if m.group(2) and m.group(2) not in IMPERATIVE_VERBS and m.group(2) not in _NOT_COMMANDS else ""
        if not lead and (m.group(3).strip() in IMPERATIVE_VERBS or m.group(3).strip() in _NOT_COMMANDS):
            return m.group(0)
        if lead:
            return _listed([lead + m.group(3) + p.strip() for p in m.group(4).split(",")])
        return (m.group(1) or "") + _listed([m.group(3) + p.strip() for p in m.group(4).split(",")])

    return _SPACED_BRACE.sub(listed, text)


def said_version_braces(text: str) -> str:
    """``text`` with braced versions said as a list ("Python 3.9.{0,6}" -> "Python 3.9.0 and 3.9.6")."""
    return _VERSIONS_BRACED.sub(lambda m: _listed([m.group(1) + p.strip() for p in m.group(2).split(",")]), text)


def said_alternatives(text: str) -> str:
    """``text`` with slashed alternatives said whole ("read/modify/write" -> "read, modify and
    write", "OpenSSL/wolfSSL/GnuTLS" -> "OpenSSL, wolfSSL and GnuTLS"), never cut to their last
    word as a path is."""
    # "MMC/POWER/FREESCALE QORIQ": names in capitals, slashed together, a list (u-boot's MAINTAINERS entries)
    text = re.sub(r"(?<![\w/.-])[A-Z][A-Z0-9]{2,}(?:/[A-Z][A-Z0-9]{2,})+(?![\w/.-])", lambda m: _listed(m.group(0).split("/")), text)
    # "buffer over/underrun", "en/decode": a prefix pair sharing its word (executorch b8e367aeb lost "overrun")
    text = _PREFIX_PAIR.sub(lambda m: f"{m.group(1)}{m.group(3)} and {m.group(2)}{m.group(3)}", text)
    return _NAMES_SLASHED.sub(lambda m: _listed(m.group(0).split("/")), _ALTERNATIVES.sub(_alternatives, text))


_PREFIX_PAIR = re.compile(r"(?i)\b(over|under|up|down|en|de|in|out|pre|post|un|re)/(over|under|up|down|en|de|in|out|pre|post|un|re)([a-z]{3,})\b")


# Names written in mixed case, slashed together: curl's "OpenSSL/wolfSSL/GnuTLS" are three libraries,
# no path to its last part (a part of four letters or more, upper and lower case both)
_NAMES_SLASHED = re.compile(
    r"(?<![\w@/.:-])(?=[a-z]*[A-Z])(?=[A-Z]*[a-z])[A-Za-z][A-Za-z0-9+]{3,20}"
    r"(?:/(?=[a-z0-9+]*[A-Z])(?=[A-Z0-9+]*[a-z])[A-Za-z][A-Za-z0-9+]{3,20}){1,4}(?![\w/.-])"
)


# Things of which a title names two at once: "coreml/mps backend" is two backends, no project "mps".
_OF_BOTH = re.compile(r"\s+(?:backends?|delegates?|ops?|operators?|kernels?|models?|targets?|builds?|platforms?|devices?)\b", re.I)


_ARCH = re.compile(r"(?i)(?:arm64|aarch64|armv?\d*\w*|x86(?:_64)?|amd64|i[36]86|riscv\d*|ppc64(?:le)?|s390x|mips\w*|loongarch\d*|wasm\d*)")


# A remote's or a branch's prefix ("upstream/main", "topic/repeatable-installs")
_BRANCH_OWNERS = frozenset("upstream origin topic fix feat feature refactor bugfix hotfix release wip dev chore docs".split())
# Owners on GitHub whose names are also words ("actions/checkout", "docker/setup-buildx-action")
_WORD_OWNERS = frozenset({"actions", "docker", "github", "google", "microsoft", "apple", "facebook", "python", "rust", "swift"})


def _words_pair(owner: str, name: str) -> bool:
    """Two plain English names a slash joins ("transition/keep-alive"), no owner and project."""
    from .retelling import is_word

    if owner in _WORD_OWNERS or owner in _BRANCH_OWNERS or owner in _PATH_DIRS or name in _PATH_DIRS or "-" in owner or name.endswith("action"):
        return False  # "upstream/main", "fix/fork-bombing", "extension/module", "cross-platform-actions/action"
    if owner.endswith("s") and not name.endswith("s") and is_word(owner[:-1]):
        return False  # "commands/cache", "topics/authentication": a folder of many, and one in it
    parts = [owner, *name.split("-")]
    return owner.islower() and name.islower() and all(p.isalpha() and is_word(p) for p in parts)


_PLATFORMS = frozenset(
    "linux macos ios ipados tvos watchos windows win32 win64 android freebsd netbsd openbsd dragonfly bsd wasm wasi "
    "cygwin msys msys2 mingw solaris illumos aix darwin unix posix haiku".split()
)
# Protocols and auth schemes a slash lists ("negotiate/ntlm", "ftp/sftp"): both, no project of an owner
_PROTOCOLS = frozenset(
    "http https http2 http3 ftp ftps sftp scp smtp smtps imap imaps pop3 pop3s ldap ldaps tls ssl quic tcp udp "
    "ntlm negotiate digest basic kerberos spnego gssapi sasl ssh telnet rtsp mqtt smb smbs websocket ws wss".split()
)


def _owned(m: re.Match[str]) -> str:
    owner, name = m.group("owner"), m.group("name")
    before = m.string[: m.start()]
    after = m.string[m.end() : m.end() + 6]
    between = re.search(r"(?i)\bbetween\s+$", before) and not re.match(r"\s+and\b", after)  # not "between pytorch/ao and ExecuTorch"
    # (not "action/checkout@v3", a pinned action, nor a branch "into resolver/warn-after-resolution")
    if between or (_words_pair(owner, name) and not after.startswith("@") and not re.search(r"(?i)\b(?:branch|into|from)\s+'?$", before)):
        return f"{owner} and {name}"  # "sync build scripts between client/libtest": both sides
    stem, _, last = owner.rpartition("-")
    if stem and last in _PAIRED and name in _PAIRED:
        return f"{owner} and {stem}-{name}"  # u-boot's "GPIO pull-up/down control" is both, no "down control"
    if "_" in owner and "_" not in name and owner.rsplit("_", 1)[-1].isalpha() and name.isalpha() and name.islower():
        # u-boot's "blk_find_first/next" is blk_find_first and blk_find_next, no path to "next"
        return f"{owner} and {owner.rsplit('_', 1)[0]}_{name}"
    if alike(owner, name) and re.search(r"[a-z][A-Z]", owner) and re.search(r"[a-z][A-Z]", name):
        return f"{owner} and {name}"  # vue's "defineProps/defineEmits": both macros
    if {owner.lower(), name.lower()} <= _PLATFORMS or {owner.lower(), name.lower()} <= _PROTOCOLS:
        return f"{owner} and {name}"  # "support for macOS/iOS", "negotiate/ntlm connection reuse": both
    if owner.lower() == name.lower():
        return f"{owner} and {name}"  # "Clamp/Clamp" fuses a clamp with a clamp; it is no project "Clamp"
    if _ARCH.fullmatch(name) and not _ARCH.fullmatch(owner):
        return f"{owner} on {name}"  # "FreeBSD/arm64" is FreeBSD on arm64, not "arm64"
    if owner.isupper() and len(owner) <= 3 and re.fullmatch(r"[A-Z]+\d+[A-Z\d]*", name):
        return f"{owner} {name}"  # Renesas "RZ/G2L" is one chip, not "RZ and G2L"
    camel = all(re.fullmatch(r"[A-Z][a-z0-9]+[A-Z]\w*", p) for p in (owner, name))  # "DivAssign/RemAssign"
    if (_OF_BOTH.match(m.string, m.end()) or (owner.isupper() and name.isupper()) or camel) and "." not in owner + name:
        return f"{owner} and {name}"  # "coreml/mps backend", "LMM/CPU protocol": two, not a project
    if owner.islower() and name.islower() and len(owner) <= 10 and len(name) <= 10 and "-" not in owner + name and (
        _paired(owner) and _paired(name)
    ):
        return f"{owner} and {name}"  # "read/write", "recv/send", "reduce/stop"
    stem = re.fullmatch(r"([A-Za-z]+)\d+", owner)
    if stem and re.fullmatch(rf"{stem.group(1)}\d+", name):
        return f"{owner} and {name}"  # u-boot's "R-Car Gen3/Gen4" is both generations, no path to "Gen4"
    if "-" in owner and "-" in name and owner.rsplit("-", 1)[1].lower() == name.rsplit("-", 1)[1].lower():
        return f"{owner} and {name}"  # pip's "only-binary/no-binary options": two options, no path
    return f"{owner} {name}" if name.lower() in _GENERIC_NAMES else name


# "Add `uv python install --default`": an option of a command, not "uv python install the default option"
_COMMAND_OPTION = re.compile(r"`([a-z][\w.-]*(?: [a-z][\w.-]*){0,3}) --([A-Za-z][\w-]*)`")


_BARE_COMMAND_OPTION = re.compile(
    r"(?<![\w`-])((?:uv|pip|cargo|curl|git|npm|pnpm|yarn|mkimage|buildman|patman)"
    r"(?: (?!(?:with|for|in|on|to|and|or|the|a|an|of|command|line|option|flag)\b)[a-z][a-z-]*){0,3}) "
    r"--([A-Za-z][\w-]*)(?![\w=`-])(?:\s+(?:option|flag|argument)\b)?"
)
_COMPARISON = re.compile(r"\s(==|!=|>=|<=)\s")
_COMPARED = {"==": "equals", "!=": "not equal to", ">=": "at least", "<=": "at most"}


_HELD = frozenset("info name names path paths dir dirs data version id ids config type size count list dict map state value values url".split())


def _operator(m: re.Match[str]) -> str:
    """ "aten.hardtanh" is "the hardtanh operator"; before the title's own "operator" only its name
    ("support for 'aten.hardtanh' operator" was "'the hardtanh operator' operator")."""
    name = _words(m.group("op") or m.group("op2"))
    if re.match(r"[`'\"]?\s+(?:operators?|ops?)\b", m.string[m.end() :]):
        return name
    if m.group("overload") in ("Tensor", "Scalar"):
        # "Add support for clamp.Tensor" added one form of an operator the backend had (executorch 2025-12-17)
        return f"the {m.group('overload').lower()} form of the {name} operator"
    return f"the {name} operator"


def _named_with_folder(m: re.Match[str]) -> str:
    """A file's name to say; a name of a letter or two with its folder (curl's "net/in.h" is the net
    in header, no "in header")."""
    name, parts = m.group("name"), m.group(0).split("/")
    # (a README below the top is its folder's: torchtitan's "torchtitan/models/README.md" is the models
    # README, not the project's; not docs/README.md, the docs' own)
    folder_doc = re.fullmatch(r"(?i)readme|changelog|contributing", name) and len(parts) >= 2 and parts[-2].lower() not in ("", "docs", "doc", ".github")
    return f"{parts[-2]} {name}" if (len(name) <= 2 or folder_doc) and len(parts) >= 2 and parts[-2] else name


def _module_attr(m: re.Match[str]) -> str:
    """ "torch.float16" is "the float16 data type"; "torch._export", "gc.collect" are said as two words;
    "torch.compile" as written."""
    if _DTYPE.match(m.group(2)):
        return f"the {m.group(2)} data type"
    if m.group(1) in ("torch", "np", "numpy", "jax", "jnp", "tf") and not m.group(2).startswith("_"):
        return m.group(0)  # "torch.compile" is a name its users say as written
    return f"{m.group(1)} {m.group(2).lstrip('_')}"


def _dotted(m: re.Match[str]) -> str:
    """ "distutils.utils.change_root" is "the change root function"; before "import path" or "module"
    ("the legacy torchtitan.components.lr_scheduler import path") a module, said by its name alone."""
    if re.match(r"\s+(?:import|imports|module|modules|package|namespace)\b", m.string[m.end() :]):
        return _words(m.group(1))
    if _DTYPE.match(m.group(1)):
        return f"the {_words(m.group(1))} data type"
    # (a name ending in what it holds is data: pip's "dist.egg_info" is no function)
    held = m.group(1).rsplit("_", 1)[-1] in _HELD
    if re.match(r"(?:conf|config|cfg|settings)\.", m.group(0)):  # u-boot's "conf.qemu_arm64_na": a hooks config file
        return f"the {_words(m.group(1))} config"
    return f"the {_words(m.group(1))} {'attribute' if held else 'function'}"


# A word before a named option or call that already describes it: no article between (uv #19294)
_DESCRIBED = re.compile(r"(?i)\b(?:a|an|the|any|non-existent|nonexistent|unknown|new|old|deprecated|invalid|missing|hidden|unused|existing|"
                        r"implicit|explicit|redundant|unnecessary|extra|duplicate)\s+$")


# a function's name that reads as a sentence once its underscores go: pip's "should_use_ephemeral_cache"
_PREDICATE_NAME = re.compile(r"(?:should|is|has|can|must|needs?|get)_[a-z0-9]+(?:_[a-z0-9]+)*$")
# a noun after the name that says what it is already ("is_disjoint check")
_NAMED_NOUN = re.compile(r"\s+(?:checks?|functions?|methods?|helpers?|calls?|flags?|tests?|logic|paths?|predicates?|options?|settings?)\b")


def _snake(m: re.Match[str]) -> str:
    """A snake_case name in words; one that would be heard as a sentence ("should use ephemeral cache")
    is said as the function it is."""
    words = _words(m.group(1))
    if not _PREDICATE_NAME.match(m.group(1)) or _NAMED_NOUN.match(m.string[m.end():]):
        return words
    before = m.string[max(0, m.start() - 80): m.start()]
    # (after its class, "Program::get_constant_buffer_data", the class says which: no "the" between)
    article = "" if re.search(r"(?i)\b(?:the|a|an|its|their)\s+$", before) or re.search(r"\b[A-Z]\w*(?:\s|::)$", before) else "the "
    return f"{article}{words} function"


def _described(before: str) -> bool:
    """Whether the word before a named call already describes it ("implicit", executorch's "flaky rand() tests")."""
    from .retelling import _lexicon, _verb_base

    before = before[-80:]  # (the words just before are all that count: a long run of letters backtracked quadratically)
    if _DESCRIBED.search(before):
        return True
    # (an adjective that is a verb too, "slow", describes when it is not the title's first word)
    found = re.search(r"(\S?)\s*\b([a-z]+)\s+$", before)
    if found is None or found.group(2) in _NOT_DESCRIBING:
        return False
    lead, word = found.group(1), found.group(2)
    return (bool(lead) or _verb_base(word) is None) and bool(_lexicon().getAllLemmas(word).get("ADJ"))  # type: ignore[attr-defined]


# words the lexicon calls adjectives that lead a clause instead ("so save() returns None here")
_NOT_DESCRIBING = _FUNCTION_WORDS | frozenset("so then too just only also very such still even".split())


def _called(m: re.Match[str]) -> str:
    """ "foo_bar()" is "the foo bar function"; a class's name ("LocalFSResponse()") is only its name."""
    name = m.group(1).rsplit(".", 1)[-1]
    if re.fullmatch(r"[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+", name) and not m.group(2):
        return name
    if re.fullmatch(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+", name) and not m.group(2):
        return f"the {_words(name)} macro"  # C's "IS_ENABLED()": a function-like macro, by its capitals
    method = m.group(0).startswith(".")  # clippy's ".then_some()" is a method: no "then some" idiom
    article = "" if _described(m.string[: m.start()]) else "the "  # "remove implicit reactive() call" (vue b3ceb98)
    return f"{article}{_words(name)} {m.group(2) or ('method' if method else 'function')}"


def _option(m: re.Match[str]) -> str:
    """ "--index <name>" is "the index option"; after "option" or "flag" ("command line option
    `--trace-ids`") only its name."""
    if re.search(r"(?i)\b(?:options?|flags?|switch)\s+$", m.string[: m.start()]):
        return m.group("name") + (m.group("noun") or "")
    # ("--format=freeze and --format=json" were "the format option and the format option")
    value = f" set to {m.group('value')}" if m.group("value") else ""
    article = "" if _DESCRIBED.search(m.string[: m.start()]) else "the "
    return f"{article}{m.group('name')}{_OPTION_NOUN.get((m.group('noun') or '').strip(), m.group('noun') or ' option')}{value}"


def command_options(text: str) -> str:
    """A command written with its option in code (`uv python install --default`), or a known tool's
    command bare ("uv tool list --show-python option"), said as the option of the command."""
    def said(m: re.Match[str]) -> str:
        return f"the {m.group(2)} option of {m.group(1)}"

    return _BARE_COMMAND_OPTION.sub(said, _COMMAND_OPTION.sub(said, text))


# Linux's profiler is called perf: "add perf support on linux" is no "performance support" (curl scorecard)
# ("use perf for CodSpeed walltime benchmarks" chose the profiler too)
_A_TOOL = re.compile(
    r"perf(?= (?:support|record|report|stat|events?|profil\w*|tool|data|script|top|trace)\b|"
    r" for (?:\S+ ){0,2}(?:walltime|benchmarks?|profiling|sampling)\b| as (?:the |a )?(?:\w+ )?profiler\b)",
    re.I,
)
# ... and a backend's "FP" is floating point, no lint's false positive ("Remove FP specific NodeVisitors")
_FLOATING_POINT = re.compile(
    r"FP(?=\s*(?:-?specific|and INT|/INT|\d|ops?\b|operators?\b|precision|math|arithmetic|d?types?\b|casts?\b|values?\b|kernels?\b|tensors?\b|"
    r"inputs?\b|outputs?\b|models?\b|quantization|path\b|support\b|version\b|variants?\b|layers?\b))"
)


def names_a_tool(text: str, start: int) -> bool:
    """Whether the shorthand at ``start`` is kept as written: a tool's own name ("perf support"), or
    floating point's "FP" ("FP specific NodeVisitors")."""
    return _A_TOOL.match(text, start) is not None or _FLOATING_POINT.match(text, start) is not None


# a Rust attribute, "#[must_use]" or "#![allow(…)]", with the words around it that name it already
_RUST_ATTRIBUTE = re.compile(r"(?i)(\bthe\s+)?`?#!?\[([a-z_]\w*)(?:\([^)\]]*\))?\]`?(?:(\s+attribute(s)?\b)|\s+(fns|functions|methods|crates|structs|enums|types|items|impls)\b)?")
_MARKED = {"fns": "functions", "impls": "implementations"}


def _rust_attribute(m: re.Match[str]) -> str:
    """ "the must use attribute" for clippy's "new lints around`#[must_use]`", never "the must use function";
    "`#[must_use]` fns" are "functions with the must use attribute"."""
    space = " " if m.start() and m.string[m.start() - 1].isalnum() else ""
    said = f"the {_words(m.group(2))} attribute{'s' if m.group(4) else ''}"
    marked = m.group(5)
    return f"{space}{_MARKED.get(marked.lower(), marked)} with {said}" if marked else f"{space}{said}"


# a docs page by its place in the docs' menu, "`Concepts/Projects/Creating projects`"
_DOCS_MENU = re.compile(r"(?i:\bthe\s+)?`((?:[A-Z][\w' -]*/)+)([A-Z][\w' -]*)`")


def said_docs_page(text: str) -> str:
    """A docs page named by its menu path said by its own name: uv's "`Concepts/Projects/Creating projects`
    documentation" is one page, not "Concepts, Projects and Creating projects" (2025-12-28)."""
    return _DOCS_MENU.sub(lambda m: f"the {m.group(2).strip()}", text)


_LONGEST_RUN = 200
_OVERLONG = re.compile(rf"\S{{{_LONGEST_RUN + 1},}}")


def plain_words(text: str, abbreviations: Mapping[str, str] | None = None) -> str:
    """``text`` with paths, file names and code identifiers said as words and shorthand written out."""
    # a run of thousands of characters with no space (a pasted blob) is never said, and the patterns
    # below scan each of its starts to its end: cut it, so a title costs milliseconds, not seconds
    text = _OVERLONG.sub(lambda m: m.group(0)[:_LONGEST_RUN], text)
    text = _RUST_ATTRIBUTE.sub(_rust_attribute, text)
    text = said_docs_page(text)
    # two model names, "phyCORE-AM68x/TDA4x", "AM62x/AM64x": both said, no path to the last (u-boot 2026-02-02
    # quoted "PHYTEC TDA4x SoM" for a message's "PHYTEC phyCORE-AM68x/TDA4x SoM")
    text = re.sub(r"(?<![\w/.-])((?=[\w-]*[A-Z])(?=[\w-]*\d)[A-Za-z][\w-]*)/((?=[\w-]*[A-Z])(?=[\w-]*\d)[A-Za-z][\w-]*)(?![\w/.])",
                  r"\1 and \2", text)
    # curl's "SOCKET_WRITABLE/READABLE" is two macros of one prefix, no path to "the socket READABLE" (2020-04-11)
    text = re.sub(r"(?<![\w/.])([A-Z][A-Z0-9]*_)([A-Z0-9]+(?:_[A-Z0-9]+)*)/([A-Z][A-Z0-9_]*)(?![\w/.])",
                  lambda m: f"{m.group(1)}{m.group(2)} and {'' if m.group(3).startswith(m.group(1)) else m.group(1)}{m.group(3)}", text)
    # the folder a project keeps others' code in, by its usual name ("add third_party to exclude")
    text = re.sub(r"(?:\bthe\s+)?(?<![\w/.-])(?:`?(?:third_party|thirdparty)`?|`third-party`)(?![\w/.-])(\s+(?:folder|directory|dir)\b)?",
                  "the third-party folder", text)
    text = command_options(text)
    # "aten.mm/aten.addmm" is two operators, each said whole (ao 7f2f3d6c was "the mm the addmm operator")
    text = re.sub(r"(?<![\w./])([a-z]\w*\.\w+)((?:/\1?[a-z]\w*\.\w+)+)(?![\w./])",
                  lambda m: " and ".join([m.group(1), *m.group(2).strip("/").split("/")]), text)
    # curl's "a strdup()ed version": what the call did to it, no "strdup functioned"
    text = re.sub(r"\b([a-z]\w*)\(\)(ed|d)\b", r"\1-ed", text)
    # curl's "*printf()" is the printf family (and its "printf()-.* flags" those functions' flags)
    text = re.sub(r"(?<![\w*])\*([a-z]\w*)\(\)(?:-\.\*)?", r"\1-family function", text)
    text = re.sub(r"\b([a-z]\w*)\(\)-\.\*", r"\1-family function", text)
    # "(de)quantize" is two operations, said before code words ("quantize_per_tensor.default" becomes an
    # operator): the voice read "de the quantize" (executorch f45cff986)
    text = re.sub(r"(?<![\w)])\(([a-z]{2,4})\)([a-z]{3,}(?:[\w.]*\w)?)", r"\2 and \1\2", text)
    # a doc comment's tag: curl's "remove @param for err" dropped a stale comment line, no parameter
    text = re.sub(r"(?<![\w@])@(param|return|returns|brief|throws)\b(?:\s+for)?(?:\s+(?!(?:docs?|comments?|tags?|lines?|in|of|to|and)\b)(\w+))?",
                  lambda m: f"the doc comment's {m.group(1).rstrip('s')} line" + (f" for {m.group(2)}" if m.group(2) else ""), text)
    text = re.sub(r"(?<=[\w.-])/\*\*(?:/\*(?:\.\w+)?)?(?![\w*])", "", text)  # a glob's "CMake/**": the folder, said by its name
    text = re.sub(r"(?<=[A-Za-z0-9_])\|(?=[A-Za-z_])", " and ", text)  # ao's "Float8WeightOnlyConfig|Float8Dynamic…Config": both
    # Python's "returns None" is "returns nothing": no bare code word for the voice (torchtitan 2026-08-19)
    text = re.sub(r"\b(returns?|returned|returning|gives?|gave|yields?|yielded|handed back|hands back)\s+None\b", r"\1 nothing", text)
    text = re.sub(r"(?<![\w&])&&\s?(?:mut\s+)?[A-Z]\w*\b|`&&\w+`", "double references", text)  # clippy's "for &&T", no "and and T"
    text = re.sub(r"\b([A-Za-z][a-z0-9]+)_(?=[\s,.;:]|$)", r"\1", text)  # a path's "quantization_" of "quantization_{gptq, …}"
    # "support for (e.g.) uv tool install git+": an example read out as letters
    text = re.sub(r"\s*\((?:e\.g|i\.e)\.?\)", "", text)
    text = re.sub(r"\be\.g\.(?=\s|,)", "for example", re.sub(r"\bi\.e\.(?=\s|,)", "that is", text))
    text = re.sub(r"(?<![\w*])\*(?=[A-Z][A-Z0-9]*_[A-Z0-9_]+\b)", "", text)  # curl's "*WEIRD_SERVER_REPLY": the family's name
    text = _COMPARISON.sub(lambda m: f" {_COMPARED[m.group(1)]} ", text)  # "nor->addr_width == 3 test"
    text = _BACKTICKED.sub(lambda m: m.group(1), text)
    # uv's "non-file:// paths" are paths with no file URL scheme: "non-file paths" said the reverse
    text = re.sub(r"(?<![\w/])non-(https?|ftp|file|git|ssh|s3)://\s+(\w+)", lambda m: f"{m.group(2)} without a {m.group(1)} URL scheme"
                  if m.group(2) in ("paths", "path", "urls", "URLs", "locations") else m.group(0), text)
    text = _SCHEME.sub(r"\1", text)  # uv's "paths starting with `http://` or `https://`": the schemes, by name
    text = _MOVE.sub(_move, text)
    # "Curl_read/Curl_write clarifications": two functions, no path to its last part
    # (and "textContent/innerHTML": two properties, not a path to its last part)
    text = re.sub(r"(?<![\w/.])((?=\w*[a-z])[A-Za-z]\w*_\w+|[a-z]+[A-Z]\w*)/((?=\w*[a-z])[A-Za-z]\w*_\w+|[a-z]+[A-Z]\w*)(?![\w/])",
                  lambda m: f"{_words(m.group(1))} and {_words(m.group(2))}", text)  # fmt: skip
    text = _MOVE_TO.sub(lambda m: m.group(1) + " ".join(_words(part) for part in m.group(2).strip("/").split("/")), text)
    text = _CONDITIONAL.sub(lambda m: f"{'blocks' if m.group(2).endswith(('es', 's')) else 'block'} under the {m.group(1)} setting", text)
    text = _ARROW_FUNCTION.sub(lambda m: f"a function returning {m.group(1)}", text)
    text = _MAKE_VARIABLE.sub("", text)
    text = _MEMBER.sub(_member, text)
    text = said_version_braces(text)
    text = _BRACED.sub(_braced, text)
    text = said_subcommands(text)
    text = _DUNDER.sub(r"\1", text)
    text = _WARNING_FLAG.sub(lambda m: f"{m.group(1)} warnings" if m.group(2) else f"the {m.group(1)} warning", text)
    text = _OPTION.sub(_option, text)
    # "`--all-packages --frozen`": two options given together, no "the all-packages option the frozen option"
    text = re.sub(r"\bthe ([\w-]+) option the ([\w-]+) option\b", r"the \1 and \2 options together", text)
    # executorch's "Remove Functions.h/cpp": a header and its source, no "cpp" alone
    text = re.sub(r"\b([\w-]+)\.(h|hh|hpp)/(c|cc|cpp|cxx)\b", r"\1.\2 and \1.\3", text)
    # (after an option that takes it, "-r pylock.toml", the file is its value: no "the" inside the flag)
    # (nor after an adjective that says which: uv's "extract non-static `pyproject.toml` metadata", no "non-static the")
    text = _FILE.sub(lambda m: re.sub(r"^the ", "", file_words(_named_with_folder(m), m.group("ext")))
                     if re.search(r"(?<!\w)--?[A-Za-z][\w-]*\s+$", m.string[: m.start()]) or _adjective_before(m.string[: m.start()])
                     else file_words(_named_with_folder(m), m.group("ext")), text)
    # uv's "requirements.txt files" are files of that kind: no "the requirements file files"
    text = re.sub(r"\bthe ((?:[\w-]+ ){1,3})(file|script) \2s\b", r"\1\2s", text)
    text = _OWNER_OF_FILE.sub(_owner_of_file, text)  # "Create XNNPACK __init__.py": the XNNPACK init file, no "XNNPACK the …"
    text = _MAN_PAGE.sub(lambda m: f"the {_words(m.group(1))} man page", text)
    text = _OPERATOR.sub(_operator, text)
    text = _CALL_PAIR.sub(lambda m: f"the {_words(m.group(1)).lower()} and {_words(m.group(2)).lower()} functions", text)
    text = _PATH_CONSTANT.sub(lambda m: f"the {_words(m.group(1)).lower()} constant", text)
    text = _SYMBOL_PAIR.sub(r"\1 and \2", text)  # curl's "SOCKET_WRITABLE/SOCKET_READABLE": both
    text = _UPSTREAM_TREES.sub("the upstream device trees", text)
    # "when size > INT32_MAX" is a condition said in words, no "size > int32 MAX"
    text = re.sub(r"(?i)\b(when|if|where|while|unless)\s+(\w+)\s*(>=?|<=?)\s*(?=\w)",
                  lambda m: f"{m.group(1)} {m.group(2)} is {_COMPARED_AS[m.group(3)]} ", text)
    text = _CONFIG_SYMBOL.sub(_setting, text)
    text = re.sub(r"(?<=options)\*", "", text)  # (the "*" said by the plural)
    # uv's "Add an environment variable for `UV_ISOLATED`": the variable, named once
    text = re.sub(r"(?i)\ban environment variable (?:for|named|called) (the [\w -]+? environment variable)\b", r"\1", text)
    # "Add `UV_LINK_MODE` as env variable": the variable, named once
    text = re.sub(r"(?i)(environment variable) as (?:an? )?(?:env|environment) ?var(?:iable)?\b", r"\1", text)
    text = _MODULE_PATH.sub(lambda m: _words(m.group(1)), text)
    text = _ENTRY_POINT.sub(lambda m: f"the {_words(m.group(2))} object of {_words(m.group(1))}", text)
    text = _DOTTED.sub(_dotted, text)
    text = _MODULE_ATTR.sub(_module_attr, text)
    text = said_alternatives(text)
    # "XDG_CONFIG_HOME=/dev/null": a variable set to the null device (uv 2024-06-10), no path read out
    text = re.sub(r"(?<![\w/])/dev/null\b", "dev null", re.sub(r"(?<=[A-Za-z0-9_])=\s*/dev/null\b", " set to dev null", text))
    # "prototype/dtypes" is the prototype's dtypes, not torchao's (ao 2025-03-11)
    text = re.sub(r"(?i)(?<![\w@/.:-])(?:[\w.-]+/)*(prototype|experimental|legacy|contrib|deprecated)/([a-z][\w-]*)(?![\w/.])",
                  lambda m: f"{m.group(1)} {_words(m.group(2))}", text)
    # "torchao/_models": a package's private folder, by its name (ao 2025-01-08)
    text = re.sub(r"(?<![\w@/.:-])[a-z][\w-]*/_([a-z]\w*)(?![\w/.])", lambda m: f"the {_words(m.group(1))} folder", text)
    text = _DIR_PATH.sub(_dir_said, text)
    text = _FOLDER.sub(lambda m: f"the {_words(m.group(1))} {m.group(2) or 'folder'}", text)  # "the news file", "the dist prefix"
    text = _LANGUAGES.sub(lambda m: f"{_LANGUAGE_NAMES.get(m.group(1).lower(), m.group(1))} and {_LANGUAGE_NAMES.get(m.group(2).lower(), m.group(2))}", text)
    text = _OWNED.sub(_owned, text)
    text = _CALL_CHAIN.sub(lambda m: f"{_words(m.group(1))} followed by {_words(m.group(2))}", text)  # clippy's then().unwrap_or_default()
    text = _TYPE_METHOD.sub(r"\1 \2", text)  # clippy's "NonZeroU*.get() - 1" is no "NonZeroU*.the get function"
    text = _CALL.sub(_called, text)
    text = _SCOPE.sub(" ", text)
    text = _TRAILING_SCOPE.sub(r"\1", text)
    text = _CURL_FUNCTION.sub(lambda m: f"the {_words(m.group(1))} function", text)
    text = _SNAKE.sub(_snake, text)
    text = _LOWER_CAMEL.sub(lambda m: " ".join([m.group(1), *re.findall(r"[A-Z][a-z0-9]+", m.group(2))]).lower(), text)
    text = _PRIVATE.sub(lambda m: m.group(1), text)
    for pattern, replacement in _SYMBOLS:
        text = pattern.sub(replacement, text)
    text = re.sub(r"\b(a|an|the|The|A|An)\s+((?:new|old|existing|current|same)\s+)?the\s+", r"\1 \2", text)
    # (nor after a word that sizes it: uv's "Small `lock.rs` improvements" was "Small the lock file improvements")
    text = re.sub(r"(?i)\b(small|minor|major|big|various|some|more|few|several|many|other|misc|further|additional|more)\s+the\s+", r"\1 ", text)  # "a the requirements file", "the new the inputs header"
    # "disallowed `uv.toml` fields" is "disallowed uv config fields", no "disallowed the uv config fields"
    text = re.sub(r"(?<=[a-z] )the ([\w-]+ config) (fields|options|settings|entries|keys|values|sections)\b", r"\1 \2", text)
    # "unused the rand header includes": an adjective of the words a name was said in keeps no article
    text = re.sub(r"(?<!\bto )\b(recently added|newly added|top-level|existing|current|entire|whole|misplaced|invalid|unknown|wrong|bad|incorrect|unsupported|conflicting|duplicated|repeated|legacy|hidden|empty|nested|few|several|some|many|more|unused|missing|new|old|duplicate|extra|redundant|stale|obsolete|broken|default|unnecessary|deprecated|internal|custom|generated|local|shared|public|private|separate|optional|experimental|external|user)\s+the\s+", r"\1 ", text)
    if abbreviations:
        text = re.sub(
            r"(?<![\w/-])([A-Za-z][\w']*)(?![\w/-])",
            lambda m: abbreviations.get(m.group(1), abbreviations.get(m.group(1).lower(), m.group(1)))
            if (m.group(1).lower() in abbreviations or m.group(1) in abbreviations) and not names_a_tool(m.string, m.start())
            else m.group(1),
            text,
        )
    # a name said as what it is beside the title's own word for it: curl's "the unused Curl_write64_le function"
    # was "the unused Curl write64 le function function" (2021-06-24)
    text = re.sub(r"\b(function|method|option|setting|macro|attribute|operator|header|script|file|lint|command)s?\s+\1(s?)\b", r"\1\2", text)
    return " ".join(text.split())


def plain_area(area: str) -> str:
    """An area named the way a listener hears it: a file name said by what it is ("RELEASE
    PROCEDURE.md" is "the release procedure doc"), identifiers as words."""
    file = re.fullmatch(rf"(?P<name>[\w +-]+?)\.(?P<ext>{_EXTENSIONS})", area)
    if file:
        return file_words(file.group("name").replace(" ", "_"), file.group("ext"))
    if re.fullmatch(r"[A-Z]{2,}(?:[ _-][A-Z]{2,})+", area):
        return area.replace("_", " ").replace("-", " ").title()  # curl's RELEASE-NOTES file: "Release Notes"
    return with_article(plain_words(area))


def with_article(area: str) -> str:
    """An area said with its article where it is one of a kind: "the OpenSSL backend", as "the docs"."""
    return f"the {area}" if re.fullmatch(r"(?i)(?!the )[\w-]+ backend", area) else area


def label_names(title: str, topic: str, area: str, *, tagged: bool = False) -> bool:
    """Whether a title's own label ("Lintcheck: …", "plan9: …") names ``area`` (``tagged``: the plan
    read it from the title's tag or label, "[ET-VK]" naming Vulkan): the deed, told without the
    label, says nothing of where unless the area is said."""
    label = title.partition(topic)[0] if topic and topic != title else ""
    if re.search(r"[A-Za-z] [A-Za-z]", label):
        # a label of words names what the change is about, no folder: "Build backend: add template to
        # uv init" changed uv init, no "… to uv init in build backend" (uv 2024-12-05); "mx_formats:" is a place
        return False
    squashed_area = re.sub(r"[^a-z0-9]", "", area.lower())
    return bool(squashed_area) and (tagged or squashed_area in re.sub(r"[^a-z0-9]", "", label.lower()))


def where_phrase(area: str, did: str, *, labelled: bool = False) -> str:
    """ " in libcurl", or "" when the deed names its place already ("fixed a typo in the docs");
    a ``labelled`` area, the one the title's label names, is said unless the deed says it."""
    from .retelling import is_verb

    spoken = plain_area(area)
    # "added support for SPI flash memory" names no place: " in fastboot" (u-boot 2025-07-22)
    # (clippy's "Lintcheck: Add URL to lint emission place …" was heard as a change to lint output)
    # (a folder is no place a listener knows: "moved graph runtime … to ET directory" was in Vulkan; executorch 2024-02-24)
    # (not an infinitive: ngtcp2's "cleaned up memory when failing to connect" named no place; curl 2020-05-26)
    places = next((m for m in re.finditer(r"\b(in|to|into|inside|within) (?:the )?(?![\w-]+ (?:directory|folder|dir|location)\b)(\w+)", did)
                   if not (m.group(1) == "to" and is_verb(m.group(2)) and not m.group(0).startswith("to the "))), None)
    if not area or spoken.lower() in did.lower() or (places and not labelled):
        return ""
    if places and re.match(r"(?:moved|relocated|transferred) (?:the )?[\w -]*?(?:header|headers|file|files|source|sources|module|modules|definitions?|declarations?)\b.*\b(?:to|into) ", did):
        return ""  # u-boot's "at91: Move atmel_serial.h to include/dm/platform_data" left at91: "… in at91" told it backwards
    if re.search(r"\b(?:sub)?command\b", did) and not labelled:
        return ""  # "added an experimental uv format command" names its place; the crate it drew on is none
    return f" in {spoken}"
