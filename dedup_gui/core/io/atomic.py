"""Safe output: never the input file, always a temporary file in the target folder renamed into place.

Temporary names are ``.NAME.dedup-PID-RANDOM.tmp``: an export killed before its rename leaves one behind, and
the next export to that folder removes the ones whose process is gone (only names of this pattern, never
another program's files, never those of an export still running).
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .. import regexes
from ..errors import Cancelled, DedupError, OutputError

_UMASK = os.umask(0)
os.umask(_UMASK)
_STALE = regexes.compile(r"^\..+\.dedup-(\d+)-[A-Za-z0-9_]+\.tmp$")


def temp_prefix(out: Path) -> str:
    return f".{out.name}.dedup-{os.getpid()}-"


def remove_stale_temporaries(folder: Path) -> list[str]:
    """Remove what interrupted exports left in ``folder`` (our pattern, dead process); returns their names."""
    removed: list[str] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        m = _STALE.match(name)
        if not m or _alive(int(m.group(1))):
            continue
        path = folder / name
        try:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()
            removed.append(name)
        except OSError:
            pass  # someone else's permission problem; it is still not ours to report
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True  # one of our own exports may be running in another thread
    if os.name != "posix":
        return True  # no cheap, safe liveness test: keep the file rather than remove a live one
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


def same_file(a: Path, b: Path) -> bool:
    """True when ``a`` and ``b`` name one file, whatever the spelling (relative, .., case, symlink, hardlink)."""
    try:
        if os.path.samefile(a, b):
            return True
    except OSError:
        pass  # one of them does not exist yet
    ra, rb = os.path.normcase(os.path.realpath(a)), os.path.normcase(os.path.realpath(b))
    return ra == rb


def refuse_input(out: Path, source: Path, folder_input: bool = False) -> None:
    """OutputError when writing ``out`` would overwrite or change the input ``source``."""
    if same_file(out, source):
        if folder_input:
            raise OutputError(out, "is the input folder; choose another name")
        raise OutputError(out, "is the input file; choose another name")
    if folder_input:
        real_out = Path(os.path.realpath(out))
        real_in = Path(os.path.realpath(source))
        if real_out.is_relative_to(real_in) and out.suffix.lower() not in (".csv", ".tsv", ".xlsx", ".xlsm"):
            raise OutputError(out, "is inside the input folder; choose a folder outside it")


def describe_os_error(e: OSError) -> str:
    if e.errno == errno.ENOSPC:
        return "the disk is full"
    if e.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if e.errno == errno.EROFS:
        return "the file system is read-only"
    return e.strerror or str(e)


def _target_folder(out: Path) -> Path:
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise OutputError(out, "cannot be written: the folder {parent} does not exist", parent=parent)
    if out.is_dir():
        raise OutputError(out, "is a folder; choose a file name")
    return parent


def _target_of_folder(out: Path) -> Path:
    """The folder a new folder ``out`` is made in (``atomic_folder``); OutputError where it cannot be made there."""
    parent = out.parent if str(out.parent) else Path(".")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise OutputError(out, "already exists and is not an empty folder; choose a new folder name")
    if not parent.is_dir():
        raise OutputError(out, "cannot be written: the folder {parent} does not exist", parent=parent)
    return parent


def check_place(out: Path, folder: bool = False) -> None:
    """OutputError where ``atomic_file`` (``folder``: ``atomic_folder``) would refuse ``out`` before writing
    anything - a folder that does not exist, a file name that is a folder: told before a run, not once the files
    before it are written."""
    if folder:
        _target_of_folder(out)
    else:
        _target_folder(out)


@contextmanager
def atomic_file(out: Path) -> Iterator[Path]:
    """Yield a temporary path next to ``out``; on success it replaces ``out``, on failure it is removed."""
    parent = _target_folder(out)
    remove_stale_temporaries(parent)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=temp_prefix(out), suffix=".tmp", dir=parent)
    except OSError as e:
        raise OutputError(
            out, "cannot be written in {parent}: {reason}", parent=parent, reason=describe_os_error(e)
        ) from None
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        yield tmp
        _fsync(tmp)
        os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, out)
        _fsync_dir(parent)
    except BaseException as e:
        _remove(tmp)
        if isinstance(e, (DedupError, Cancelled)) or not isinstance(e, OSError):
            raise
        raise OutputError(out, "cannot be written: {reason}", reason=describe_os_error(e)) from None


@contextmanager
def atomic_folder(out: Path) -> Iterator[Path]:
    """Yield a temporary folder next to ``out``; on success it becomes ``out`` (which must be new or empty)."""
    parent = _target_of_folder(out)
    remove_stale_temporaries(parent)
    try:
        tmp = Path(tempfile.mkdtemp(prefix=temp_prefix(out), suffix=".tmp", dir=parent))
    except OSError as e:
        raise OutputError(
            out, "cannot be written in {parent}: {reason}", parent=parent, reason=describe_os_error(e)
        ) from None
    try:
        yield tmp
        os.chmod(tmp, 0o777 & ~_UMASK)
        os.replace(tmp, out)  # POSIX replaces an empty folder; elsewhere it must not exist
        _fsync_dir(parent)
    except BaseException as e:
        shutil.rmtree(tmp, ignore_errors=True)
        if isinstance(e, (DedupError, Cancelled)) or not isinstance(e, OSError):
            raise
        raise OutputError(out, "cannot be written: {reason}", reason=describe_os_error(e)) from None


def _fsync(path: Path) -> None:
    with open(path, "rb+") as f:
        os.fsync(f.fileno())


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # not possible on every platform (Windows); the rename itself is what matters
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
