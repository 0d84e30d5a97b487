"""Errors the user can act on. Their text is one line naming the file and the problem; no traceback is shown."""

from __future__ import annotations

from pathlib import Path


class DedupError(Exception):
    """A problem with the user's input or output, reported as one readable line."""

    def __init__(self, path: str | Path | None, problem: str):
        self.path = Path(path) if path is not None else None
        self.problem = problem
        super().__init__(f"{self.path}: {problem}" if self.path is not None else problem)


class InputError(DedupError):
    """The input file, sheet or column cannot be used as given."""


class OutputError(DedupError):
    """An export cannot be written (it would overwrite the input, the disk is full, the folder is read-only...)."""


class Cancelled(Exception):
    """The user cancelled the run; the previous result stays as it was."""
