"""Errors that reach the user as one clear line instead of a traceback."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from the user (path, date, option, config): exit code 2."""

    exit_code = 2


class StageError(Exception):
    """A stage could not do its work for a reason outside the user's input: exit code 1."""

    exit_code = 1
