"""Errors the user can act on. Their text is one line naming the file and the problem; no traceback is shown."""

from __future__ import annotations

from pathlib import Path


class DedupError(Exception):
    """A problem with the user's input or output, reported as one readable line.

    ``problem`` is said in English; with ``values`` it is a template (``str.format`` fields) filled with them. The
    window says it in its own language: the template is looked up in the catalogue (``gui.registry_strings``'
    ``ERROR_TEMPLATES``, a test finds every one in the code) and filled with the same values (``template``,
    ``values``); ``problem`` is the filled English text."""

    def __init__(self, path: str | Path | None, problem: str, **values: object):
        self.path = Path(path) if path is not None else None
        self.template = problem
        self.values = values
        self.problem = problem.format(**values) if values else problem
        super().__init__(f"{self.path}: {self.problem}" if self.path is not None else self.problem)


class InputError(DedupError):
    """The input file, sheet or column cannot be used as given."""


class OutputError(DedupError):
    """An export cannot be written (it would overwrite the input, the disk is full, the folder is read-only...)."""


class Note(str):
    """A warning for the user (a sheet's title row skipped, a column renamed, macros not kept): the English text,
    a ``str`` like any other, that also keeps the template and values it was made of (as ``DedupError`` does), by
    which the window says it in its own language (``gui.registry_strings.note_text``)."""

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, **values: object) -> Note:
        note = super().__new__(cls, template.format(**values) if values else template)
        note.template, note.values = template, values
        return note


class Info(Note):
    """A note that is no warning: what the user may like to know of a file written (a cleaned folder's manifest),
    said as it is - not as a warning (``dedup-cli``), nor with a warning's sign (the export's confirmation)."""


class Cancelled(Exception):
    """The user cancelled the run; the previous result stays as it was."""
