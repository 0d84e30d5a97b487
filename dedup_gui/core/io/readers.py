"""The one entry point for reading: a workbook, a delimited text file or a folder of .txt files -> Table."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from ..errors import InputError
from ..progress import Reporter
from ..table import Table
from .csv_copy import digest
from .csv_reader import read_decoded_csv
from .encoding import decode_parts
from .parquet_reader import SUFFIXES as PARQUET_SUFFIXES
from .parquet_reader import is_parquet_folder, read_parquet
from .xlsx_safety import LEGACY_SUFFIXES, OOXML_SUFFIXES, sniff_container

TEXT_SUFFIXES = (".csv", ".tsv", ".txt", ".tab")
MAX_TEXT_BYTES = 2 << 30


def read_table(path: str | Path, sheet: str | None = None, reporter: Reporter | None = None) -> Table:
    """Read ``path`` (file or folder). ``sheet`` picks a workbook sheet (default: the first)."""
    path = Path(path)
    if path.is_dir():
        if is_parquet_folder(path):
            return read_parquet(path, reporter)
        from .txt_folder import read_folder  # each reader is loaded when its kind of input is read

        return read_folder(path, reporter)
    head = _check_file(path)
    stamp = file_stamp(path)
    table = _read_file(path, head, sheet, reporter)
    table.source_stamp = stamp
    return table


def file_stamp(path: Path) -> tuple[int, int]:
    """Size and modification time: enough to notice that a file was saved again after it was read."""
    st = path.stat()
    return (st.st_size, st.st_mtime_ns)


def _read_file(path: Path, head: bytes, sheet: str | None, reporter: Reporter | None) -> Table:
    container = sniff_container(path, head)
    suffix = path.suffix.lower()
    # a workbook saved under a text name is read as what it is
    if suffix in OOXML_SUFFIXES + LEGACY_SUFFIXES or container == "zip":
        from .xlsx_reader import read_workbook

        return read_workbook(path, container, sheet, reporter)
    if suffix in PARQUET_SUFFIXES:
        return read_parquet(path, reporter)
    if suffix in TEXT_SUFFIXES or suffix == "":
        if sheet is not None:
            raise InputError(path, "is a text file; it has no sheet {sheet!r}", sheet=sheet)
        size = path.stat().st_size
        if size > MAX_TEXT_BYTES:
            raise InputError(path, "is too large to load ({gib:.1f} GiB; limit 2 GiB)", gib=size / (1 << 30))
        data = _read_bytes(path)
        source = (len(data), digest(data))  # (what a cleaned copy checks the file against: ``csv_copy``)
        decoded = decode_parts(data, path)
        del data  # (the bytes freed once decoded)
        return read_decoded_csv(path, decoded, reporter, source=source)
    raise InputError(
        path,
        "has an unsupported type {suffix!r}; open an .xlsx, .xls, .csv, .tsv, .parquet file or a folder of .txt",
        suffix=path.suffix,
    )


def list_sheets(path: str | Path) -> list[str]:
    """The worksheet names of a workbook, in workbook order; [] for a text file or folder."""
    path = Path(path)
    if path.is_dir():
        return []
    head = _check_file(path)
    container = sniff_container(path, head)
    if path.suffix.lower() in OOXML_SUFFIXES + LEGACY_SUFFIXES or container == "zip":
        from .xlsx_reader import list_workbook_sheets

        return list_workbook_sheets(path, container)
    return []


def _check_file(path: Path) -> bytes:
    """The first bytes of an existing, readable, non-empty file; InputError otherwise."""
    try:
        # non-blocking: opening a FIFO for reading would otherwise wait for a writer forever
        with open(path, "rb", opener=_nonblocking) as f:
            mode = os.fstat(f.fileno()).st_mode
            if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
                raise InputError(path, "is not a regular file (a pipe, socket or device); open a saved file")
            head = f.read(8)
    except FileNotFoundError:
        raise InputError(path, "does not exist") from None
    except IsADirectoryError:
        raise InputError(path, "is a folder, not a file") from None
    except PermissionError:
        raise InputError(path, "cannot be opened: permission denied") from None
    except OSError as e:
        raise InputError(path, "cannot be opened: {reason}", reason=e.strerror or e) from None
    if not head:
        raise InputError(path, "is empty (0 bytes)")
    return head


def _nonblocking(path: str, flags: int) -> int:
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def _read_bytes(path: Path) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        reason = "permission denied" if e.errno == errno.EACCES else (e.strerror or str(e))
        raise InputError(path, "cannot be read: {reason}", reason=reason) from None


__all__ = ["read_table", "list_sheets", "file_stamp"]
