"""Checks run on a workbook before any parser sees it: encryption, damage, zip bombs, XML entity tricks.

Parsers (calamine, openpyxl) trust the archive; these checks make a hostile or broken file fail fast with a
message instead of eating memory, time or the process.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .. import regexes
from ..errors import InputError

OOXML_SUFFIXES = (".xlsx", ".xlsm")
LEGACY_SUFFIXES = (".xls", ".xlsb")  # read by calamine, written as .xlsx
CFB_SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # OLE compound file: .xls, or an encrypted .xlsx
ZIP_SIGNATURES = (b"PK\x03\x04", b"PK\x05\x06")
MAX_TOTAL_UNCOMPRESSED = 2 << 30  # 2 GiB
MAX_RATIO = 200
RATIO_CHECK_FROM = 64 << 20  # members smaller than this may compress as well as they like
PROLOG_SCAN = 64 << 10
VERIFY_FROM = 256 << 10  # compressed parts this big are unpacked once to prove their declared size true
_FORBIDDEN = regexes.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_ROOT = regexes.compile(rb"<[A-Za-z_]")


def sniff_container(path: Path, head: bytes) -> str:
    """ "zip", "cfb" or "other", from the first bytes of the file."""
    if head.startswith(ZIP_SIGNATURES):
        return "zip"
    if head.startswith(CFB_SIGNATURE):
        return "cfb"
    return "other"


def check_ooxml(path: Path, verify_sizes: bool = True) -> None:
    """Raise InputError unless ``path`` is a plausible, harmless Office Open XML workbook. ``verify_sizes`` False:
    the large parts are not unpacked to prove their declared sizes true (``_check_declared_size``) - for a file
    checked so when it was read and unchanged since, whose parts the workbook copy copies as stored or reads
    through ``zipfile``, which stops at each declared size (100k articles: 1.4 s of unpacking a 335 MB part)."""
    with open(path, "rb") as f:
        head = f.read(8)
    container = sniff_container(path, head)
    if container == "cfb":
        raise InputError(
            path,
            "is password-protected (encrypted); open it in Excel, remove the password "
            "(File > Info > Protect Workbook) and save it again",
        )
    if container != "zip":
        raise InputError(path, "is not a valid .xlsx workbook (not a zip archive); the file may be damaged")
    with _zip_damage(path), zipfile.ZipFile(path) as zf:
        infos = zf.infolist()
        _check_sizes(path, infos)
        names = {i.filename for i in infos}
        if "xl/workbook.xml" not in names and "xl/workbook.bin" not in names:
            raise InputError(path, "is a zip archive but not an Excel workbook (no xl/workbook.xml)")
        for info in infos:
            if info.filename.lower().endswith((".xml", ".rels", ".vml")):
                _check_prolog(path, zf, info)
        if verify_sizes:
            _prove_sizes(path, zf, infos)


def prove_declared_sizes(path: Path) -> None:
    """``check_ooxml``'s proof of the large parts' declared sizes alone (for a file it has checked otherwise)."""
    with _zip_damage(path), zipfile.ZipFile(path) as zf:
        _prove_sizes(path, zf, zf.infolist())


@contextmanager
def _zip_damage(path: Path) -> Iterator[None]:
    """The zip module's errors reading ``path`` told as the user's message (an InputError naming the file)."""
    try:
        yield
    except zipfile.BadZipFile as e:
        raise InputError(path, "is damaged (truncated or not a valid .xlsx workbook: {e})", e=e) from None
    except (zipfile.LargeZipFile, NotImplementedError, EOFError, OSError, RuntimeError) as e:
        raise InputError(path, "is damaged or uses an unsupported zip feature ({e})", e=e) from None


def _prove_sizes(path: Path, zf: zipfile.ZipFile, infos: list[zipfile.ZipInfo]) -> None:
    for info in infos:
        if info.compress_size > VERIFY_FROM:
            _check_declared_size(path, zf, info)


def _check_sizes(path: Path, infos: list[zipfile.ZipInfo]) -> None:
    total = sum(i.file_size for i in infos)
    if total > MAX_TOTAL_UNCOMPRESSED:
        raise InputError(
            path,
            "refused: it would unpack to {gib:.1f} GiB (limit 2 GiB); it looks like a zip bomb or is too large to "
            "open safely",
            gib=total / (1 << 30),
        )
    for i in infos:
        if i.file_size >= RATIO_CHECK_FROM and i.file_size > MAX_RATIO * max(i.compress_size, 1):
            raise InputError(
                path,
                "refused: part {part} is compressed {ratio}:1 (limit {limit}:1); it looks like a zip bomb",
                part=i.filename,
                ratio=i.file_size // max(i.compress_size, 1),
                limit=MAX_RATIO,
            )


def _check_declared_size(path: Path, zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> None:
    """Python's zipfile stops at the declared size and checks the CRC, so a part that is really bigger than it
    claims (the zip bomb that lies about itself) fails here instead of inside a parser without limits."""
    try:
        with zf.open(info) as part:
            while part.read(1 << 20):
                pass
    except zipfile.BadZipFile:
        raise _mismatch(path, info) from None


def _mismatch(path: Path, info: zipfile.ZipInfo) -> InputError:
    return InputError(
        path,
        "refused: part {part} does not match its declared size or checksum; the file is damaged or hostile",
        part=info.filename,
    )


def _check_prolog(path: Path, zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> None:
    """Refuse DTDs: workbook XML never needs them, and entity expansion is how XML bombs work."""
    try:
        with zf.open(info) as part:
            head = part.read(PROLOG_SCAN)
    except zipfile.BadZipFile:
        raise _mismatch(path, info) from None
    root = _ROOT.search(head)
    prolog = head[: root.start()] if root else head
    if _FORBIDDEN.search(prolog):
        raise InputError(
            path, "refused: part {part} declares a DTD or XML entities, which workbooks never need", part=info.filename
        )
    if root is None and len(head) == PROLOG_SCAN:
        raise InputError(path, "refused: part {part} has no XML element in its first 64 KiB", part=info.filename)
