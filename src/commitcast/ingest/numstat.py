"""Per-file line stats of commits against their first parent.

Two back ends: one streamed ``git log -z --raw --numstat`` for any number of commits
(the fast one, measured in ``bench/ingest.py``), and pygit2 diffs for when the ``git``
program is not installed.
"""

from __future__ import annotations

import io
import queue
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterable, Iterator

import pygit2

from ..errors import StageError
from ..model import FileChange

__all__ = ["git_available", "git_numstat", "pygit2_numstat", "parse_record"]

_CHUNK = 1 << 20
_QUEUED = 8  # chunks read ahead of the parser at most (bounds memory while git races ahead)
_STATUS = {"A": "A", "M": "M", "D": "D", "R": "R", "C": "C", "T": "T"}


def git_available() -> bool:
    """True when the ``git`` program is on PATH."""
    return shutil.which("git") is not None


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


class _Paths(dict[bytes, str]):
    """Decoded paths, each kept once: the same files change again and again."""

    def __missing__(self, raw: bytes) -> str:
        text = self[raw] = _text(raw)
        return text


def parse_record(
    record: bytes, paths: dict[bytes, str] | None = None
) -> tuple[str, list[FileChange]]:
    """One commit of ``git log -z --format=%x01%H --raw --numstat`` output (after its ``\\x01``)."""
    names = paths if paths is not None else _Paths()
    tokens = record.split(b"\0")
    sha = tokens[0].decode("ascii").strip()
    raw: list[tuple[str, str | None]] = []  # (status, old path) in diff order
    i, n = 1, len(tokens)
    while i < n:
        token = tokens[i].lstrip(b"\n")
        if not token:
            i += 1
            continue
        if token[0] != 58:  # not ":": the raw part is over, numstat follows
            break
        status = chr(token[token.rindex(b" ") + 1])
        if status in "RC":
            raw.append((status, names[tokens[i + 1]]))
            i += 3
        else:
            raw.append((_STATUS.get(status, "M"), None))
            i += 2
    files: list[FileChange] = []
    k = 0
    while i < n:
        token = tokens[i].lstrip(b"\n")
        if not token:
            i += 1
            continue
        added, deleted, path = token.split(b"\t", 2)
        if path:
            i += 1
        else:  # a rename or copy: the old and new paths follow as their own tokens
            path = tokens[i + 2]
            i += 3
        status, old = raw[k] if k < len(raw) else ("M", None)
        k += 1
        files.append(
            FileChange(
                path=names[path],
                status=status,
                old_path=old,
                added=None if added == b"-" else int(added),
                deleted=None if deleted == b"-" else int(deleted),
            )
        )
    return sha, files


def _pump(source: io.BufferedReader, sink: queue.Queue[bytes]) -> None:
    # Drain git's stdout as fast as git writes it, so git never waits for the parser.
    try:
        while chunk := source.read1(_CHUNK):
            sink.put(chunk)
    except (OSError, ValueError):
        pass  # the consumer closed the pipe early
    finally:
        sink.put(b"")


def git_numstat(git_dir: str, shas: Iterable[str]) -> Iterator[tuple[str, list[FileChange]]]:
    """Stream ``(sha, files)`` for ``shas`` in the given order from one ``git log`` process.

    Merges are diffed against their first parent and renames found with git's default
    50% similarity, like ``git log --first-parent --numstat -M``.
    """
    command = [
        "git", "--git-dir", git_dir, "--no-replace-objects", "-c", "core.quotepath=off",
        "log", "--no-walk=unsorted", "--stdin", "-z", "--format=%x01%H", "--raw", "--numstat",
        "-M", "--root", "--diff-merges=first-parent", "--no-abbrev", "--no-color",
        "--no-ext-diff", "--no-textconv", "--no-relative",
    ]  # fmt: skip
    wanted = "".join(f"{sha}\n" for sha in shas)
    if not wanted:
        return  # with no revisions on stdin git log would fall back to HEAD
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors
        )
        assert process.stdin is not None and process.stdout is not None
        chunks: queue.Queue[bytes] = queue.Queue(maxsize=_QUEUED)
        pumping = drained = False
        try:
            try:
                # git reads every revision from stdin before it writes anything: no deadlock.
                process.stdin.write(wanted.encode("ascii"))
                process.stdin.close()
            except BrokenPipeError:
                pass  # git stopped early; its exit code says why
            threading.Thread(target=_pump, args=(process.stdout, chunks), daemon=True).start()
            pumping = True
            paths = _Paths()
            pending = b""
            while chunk := chunks.get():
                records = (pending + chunk).split(b"\x01")
                pending = records.pop()
                for record in records:
                    if record.strip(b"\0\n"):
                        yield parse_record(record, paths)
            drained = True
        finally:
            if process.poll() is None:
                process.kill()
            if (
                pumping and not drained
            ):  # stopped early: let the pump reach git's end of output and finish
                while chunks.get():
                    pass
            process.stdout.close()
            code = process.wait()
        if code != 0:
            errors.seek(0)
            message = _text(errors.read(2000)).strip()
            raise StageError(f"git log failed with exit code {code}: {message}")
    # The last record only counts once git finished well: a git that stopped at a missing blob
    # wrote that commit's header and none of its files.
    if pending.strip(b"\0\n"):
        yield parse_record(pending, paths)


def pygit2_numstat(repo: pygit2.Repository, commit: pygit2.Commit, base: pygit2.Commit | None = None) -> list[FileChange]:
    """Per-file stats of ``commit`` against ``base`` (default: its first parent), computed by
    libgit2 (slower).

    A snapshot missing some blobs still lists every file: those the diff cannot read have
    unknown line counts (as ``git log`` cannot say them either)."""
    if base is not None:
        diff = base.tree.diff_to_tree(commit.tree)
    elif commit.parent_ids:
        diff = commit.parents[0].tree.diff_to_tree(commit.tree)
    else:
        diff = commit.tree.diff_to_tree(swap=True)
    try:
        diff.find_similar()
    except (KeyError, ValueError, pygit2.GitError):
        pass  # a blob renames would be compared with is missing: no renames found
    files: list[FileChange] = []
    for index, delta in enumerate(diff.deltas):
        try:
            patch = diff[index]
        except (KeyError, ValueError, pygit2.GitError):
            patch = None  # its contents are missing: the file is listed, its counts unknown
        status = _STATUS.get(delta.status_char(), "M")
        binary = patch is None or delta.is_binary
        _, added, deleted = patch.line_stats if patch is not None else (0, 0, 0)
        files.append(
            FileChange(
                path=delta.new_file.path if status != "D" else delta.old_file.path,
                status=status,
                old_path=delta.old_file.path if status in ("R", "C") else None,
                added=None if binary else added,
                deleted=None if binary else deleted,
            )
        )
    return files
