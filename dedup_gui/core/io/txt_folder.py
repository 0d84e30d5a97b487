"""A folder of .txt files as a table (one row per file: path, name, text), and its cleaned copy."""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd

from ..errors import InputError
from ..progress import Reporter
from ..table import Table
from .encoding import decode_bytes

COLUMNS = ["path", "name", "text"]
PROGRESS_EVERY = 500


def txt_files(folder: Path) -> list[str]:
    """Relative paths (forward slashes) of every .txt file below ``folder``, sorted."""
    found: list[str] = []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in files:
            if name.lower().endswith(".txt"):
                found.append(Path(root, name).relative_to(folder).as_posix())
    return sorted(found)


def read_folder(folder: Path, reporter: Reporter | None = None) -> Table:
    if not os.access(folder, os.R_OK | os.X_OK):
        raise InputError(folder, "cannot be opened: permission denied")
    rel_paths = txt_files(folder)
    if not rel_paths:
        raise InputError(folder, "contains no .txt files (subfolders included)")
    rows: list[list[str]] = []
    notes: list[str] = []
    encodings: list[str] = []
    for i, rel in enumerate(rel_paths):
        file = folder / rel
        try:
            data = file.read_bytes()
        except OSError as e:
            raise InputError(file, f"cannot be read: {e.strerror or e}") from None
        decoded = decode_bytes(data, file)
        encodings.append(decoded.encoding)
        rows.append([rel, file.name, decoded.text])
        if reporter is not None and i % PROGRESS_EVERY == 0:
            reporter.report("Loading", i, len(rel_paths))
    if reporter is not None:
        reporter.report("Loading", len(rel_paths), len(rel_paths))
    mixed = sorted(set(encodings))
    if len(mixed) > 1:
        notes.append(f"the files use several encodings ({', '.join(mixed)}); each was decoded on its own")
    frame = pd.DataFrame(rows, columns=pd.Index(COLUMNS, dtype=object), dtype=object)
    return Table(
        path=folder,
        kind="txt",
        columns=list(COLUMNS),
        data=frame,
        encoding=mixed[0] if len(mixed) == 1 else None,
        warnings=notes,
    )
