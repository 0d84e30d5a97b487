"""A folder of .txt files as a table (one row per file: path, name, text), and its cleaned copy.

Only regular files are opened: a FIFO, socket or device named ``*.txt`` would block or never end, so it is
skipped and counted. Symbolic links are followed when they lead to a file inside the folder, and skipped (and
counted) when they lead outside it or nowhere: a cleaned copy of a folder holds only what is in that folder.
Linked folders are not entered. The table's warnings say what was skipped.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError, Note
from ..progress import Reporter
from ..table import Cells, Table
from .encoding import decode_bytes

COLUMNS = ["path", "name", "text"]
PROGRESS_EVERY = 500


@dataclass
class Skipped:
    """What a folder scan left out, by reason: relative paths."""

    special: list[str] = field(default_factory=list)  # FIFOs, sockets, devices
    outside: list[str] = field(default_factory=list)  # links leading outside the folder (or nowhere)
    unreadable: list[str] = field(default_factory=list)  # subfolders that cannot be listed

    def notes(self) -> list[str]:
        out: list[str] = []
        if self.special:
            out.append(
                Note(
                    "skipped {count} .txt name(s) that are not regular files (pipe, socket or device): {names}",
                    count=len(self.special),
                    names=_listing(self.special),
                )
            )
        if self.outside:
            out.append(
                Note(
                    "skipped {count} symbolic link(s) leading outside the folder or nowhere: {names}",
                    count=len(self.outside),
                    names=_listing(self.outside),
                )
            )
        if self.unreadable:
            out.append(
                Note(
                    "could not open {count} subfolder(s): {names}",
                    count=len(self.unreadable),
                    names=_listing(self.unreadable),
                )
            )
        return out


def _listing(paths: list[str], shown: int = 5) -> str:
    more = f" and {len(paths) - shown} more" if len(paths) > shown else ""
    return ", ".join(paths[:shown]) + more


def txt_files(folder: Path, skipped: Skipped | None = None) -> list[str]:
    """Relative paths (forward slashes) of every regular .txt file below ``folder``, sorted."""
    skipped = skipped if skipped is not None else Skipped()
    real_root = os.path.realpath(folder)
    found: list[str] = []

    def unreadable(e: OSError) -> None:
        name = Path(e.filename).relative_to(folder).as_posix() if e.filename else str(e)
        skipped.unreadable.append(f"{name}/ ({e.strerror or e})")

    for root, dirs, files in os.walk(folder, onerror=unreadable):
        dirs.sort()
        for name in dirs:
            path = Path(root, name)
            if path.is_symlink() and not _inside(path, real_root):
                skipped.outside.append(path.relative_to(folder).as_posix() + "/")
        for name in files:
            if not name.lower().endswith(".txt"):
                continue
            path = Path(root, name)
            rel = path.relative_to(folder).as_posix()
            if path.is_symlink() and not _inside(path, real_root):
                skipped.outside.append(rel)
            elif not _is_regular(path):
                skipped.special.append(rel)
            else:
                found.append(rel)
    return sorted(found)


def _inside(link: Path, real_root: str) -> bool:
    target = os.path.realpath(link)
    return os.path.exists(target) and os.path.commonpath([target, real_root]) == real_root


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


def read_regular(path: Path) -> bytes | None:
    """The bytes of ``path`` if it is (still) a regular file, else None; never blocks on a FIFO."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read()
    finally:
        os.close(fd)


def read_folder(folder: Path, reporter: Reporter | None = None) -> Table:
    if not os.access(folder, os.R_OK | os.X_OK):
        raise InputError(folder, "cannot be opened: permission denied")
    skipped = Skipped()
    rel_paths = txt_files(folder, skipped)
    if not rel_paths:
        detail = "; ".join(skipped.notes())
        if detail:
            raise InputError(folder, "contains no .txt files (subfolders included); {detail}", detail=detail)
        raise InputError(folder, "contains no .txt files (subfolders included)")
    rows: list[list[str]] = []
    notes: list[str] = []
    encodings: list[str] = []
    for i, rel in enumerate(rel_paths):
        file = folder / rel
        try:
            data = read_regular(file)
        except OSError as e:
            raise InputError(file, "cannot be read: {reason}", reason=e.strerror or e) from None
        if data is None:  # replaced by a pipe or device since the scan
            skipped.special.append(rel)
            continue
        decoded = decode_bytes(data, file)
        encodings.append(decoded.encoding)
        rows.append([rel, file.name, decoded.text])
        if reporter is not None and i % PROGRESS_EVERY == 0:
            reporter.report("Loading", i, len(rel_paths))
    if reporter is not None:
        reporter.report("Loading", len(rel_paths), len(rel_paths))
    notes += skipped.notes()
    mixed = sorted(set(encodings))
    if len(mixed) > 1:
        notes.append(
            Note(
                "the files use several encodings ({encodings}); each was decoded on its own",
                encodings=", ".join(mixed),
            )
        )
    return Table(
        path=folder,
        kind="txt",
        columns=list(COLUMNS),
        data=Cells.of_rows(rows, list(COLUMNS)),  # type: ignore[arg-type]  # Table.data: the DataFrame when asked for
        encoding=mixed[0] if len(mixed) == 1 else None,
        warnings=notes,
    )
