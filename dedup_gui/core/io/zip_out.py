"""Writing a zip package - a copy of a workbook - member by member: members that do not change are copied as they
are stored (their compressed bytes, CRC and sizes as the source has them), edited members are deflated a piece at
a time on the engine's threads while the caller goes on making the next pieces.

Python's ``zipfile`` has no way to copy a member as it is stored: a copy is inflated and deflated again, at level 6
on the caller's thread. The cleaned copy of a workbook of 4k articles spent 0.65 s of its 0.78 s there (13.7 MB of
shared strings, unchanged), and a sheet streamed row by row waited on its own deflate (0.43 s for 10 MB of rows).

Each piece of an edited member is deflated alone, primed with the 32 KiB of the member before it (a preset
dictionary: as good as one stream, the window being 32 KiB), and ends on a sync flush, a byte boundary; the pieces
joined, and an empty last block after them, are one deflate stream (what pigz writes).

The layout is the one ``zipfile`` writes: a local header before each member's data, the central directory at the
end, ZIP64 records where sizes or offsets pass ``zipfile.ZIP64_LIMIT``. A streamed member's local header carries
ZIP64 sizes, patched once its sizes are known (as ``zipfile`` with ``force_zip64`` writes the streamed sheets of
a workbook copy); members copied or written whole have them only where needed (``zipfile``'s ``writestr``).
"""

from __future__ import annotations

import struct
import sys
import zlib
from collections import deque
from concurrent.futures import Future
from pathlib import Path
from typing import BinaryIO
from zipfile import ZIP64_LIMIT, ZIP_DEFLATED, ZIP_FILECOUNT_LIMIT, ZipInfo

from ..parallel import WORKERS, in_pool_thread, submit

LEVEL = 6  # zlib's default, what ``zipfile`` deflates with
# An edited sheet (``stream``) is deflated at level 1: a sheet of texts (inline strings, as openpyxl and pandas'
# to_excel write a workbook) deflates ~3x as fast as at 6, for a member ~9 % larger - 100k bench articles, a
# 361 MB sheet: the cleaned copy's write 12.1 -> 6.0 s, the file 133 -> 145 MB (level 3: 8.0 s, 138 MB). A sheet
# of shared-string numbers, what Excel writes, is small beside its strings, which are copied as stored.
STREAM_LEVEL = 1
PIECE = 1 << 20  # bytes of a member deflated at once
WINDOW = 1 << 15  # deflate's window: the preset dictionary of each piece
AHEAD = 2 * WORKERS  # pieces deflating (or deflated, not yet written) at once

_LOCAL = struct.Struct("<4sBBHHHHLLLHH")
_CENTRAL = struct.Struct("<4sBBBBHHHHLLLHHHHHLL")
_END = struct.Struct("<4sHHHHLLH")
_END64 = struct.Struct("<4sQHHLLQQQQ")
_LOCATOR64 = struct.Struct("<4sLQL")
_ZIP64_SIZES = struct.Struct("<HHQQ")
_FLAG_DESCRIPTOR = 0x08  # sizes and CRC after the data (not written here: this file is seekable)
_FLAG_UTF8 = 0x800
_VERSION = 20
_VERSION64 = 45
_SYSTEM = 0 if sys.platform == "win32" else 3  # what ``zipfile`` writes as the creating system
_FULL = 0xFFFFFFFF


class _Entry:
    """One member as the central directory lists it."""

    __slots__ = ("name", "flags", "method", "time", "date", "crc", "csize", "size", "offset", "external", "version")

    def __init__(self, name: bytes, flags: int, method: int, date_time: tuple, external: int, version: int):
        self.name, self.flags, self.method, self.external, self.version = name, flags, method, external, version
        self.time, self.date = _dos(date_time)
        self.crc = self.csize = self.size = self.offset = 0


def _dos(date_time: tuple) -> tuple[int, int]:
    year, month, day, hour, minute, second = date_time[:6]
    return hour << 11 | minute << 5 | second // 2, (year - 1980) << 9 | month << 5 | day


def _name(filename: str) -> tuple[bytes, int]:
    try:
        return filename.encode("ascii"), 0
    except UnicodeEncodeError:
        return filename.encode("utf-8"), _FLAG_UTF8


def _deflate_piece(data: bytes, primer: bytes, level: int) -> bytes:
    """``data`` deflated as the next part of a raw deflate stream whose last 32 KiB were ``primer``, ending on a
    byte boundary with no last block (a sync flush)."""
    c = zlib.compressobj(level, zlib.DEFLATED, -15, zdict=primer) if primer else zlib.compressobj(level, wbits=-15)
    return c.compress(data) + c.flush(zlib.Z_SYNC_FLUSH)


# A raw deflate stream's end: an empty last block (fixed codes: the block header, then the end code).
_LAST_BLOCK = zlib.compressobj(LEVEL, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)


class ZipOut:
    """A zip file written member after member (``copy``, ``write``, ``stream``), closed by ``close``."""

    def __init__(self, path: Path):
        self.f: BinaryIO = open(path, "wb")  # noqa: SIM115 - closed by close()
        self.entries: list[_Entry] = []
        self._open: _Stream | None = None

    def __enter__(self) -> ZipOut:
        return self

    def __exit__(self, kind, value, tb) -> None:
        if kind is None:
            self.close()
        else:
            self.f.close()

    # ---- members ---------------------------------------------------------------------------------------------
    def copy(self, src: BinaryIO, info: ZipInfo) -> bool:
        """``info``'s member of the zip file ``src`` (opened for reading) copied as it is stored: its compressed
        bytes, CRC and sizes. False (nothing written) where it cannot be: a local header not where the central
        directory says, or an encrypted member (its check byte may depend on the header's flags)."""
        if info.flag_bits & 0x01:
            return False
        src.seek(info.header_offset)
        head = src.read(_LOCAL.size)
        if len(head) < _LOCAL.size or head[:4] != b"PK\x03\x04":
            return False
        fields = _LOCAL.unpack(head)
        start = info.header_offset + _LOCAL.size + fields[10] + fields[11]
        name, utf8 = _name(info.filename)
        flags = (info.flag_bits & ~(_FLAG_DESCRIPTOR | _FLAG_UTF8)) | utf8
        entry = _Entry(name, flags, info.compress_type, info.date_time, info.external_attr, info.extract_version)
        entry.crc, entry.csize, entry.size = info.CRC, info.compress_size, info.file_size
        self._local_header(entry, zip64=entry.size > ZIP64_LIMIT or entry.csize > ZIP64_LIMIT)
        src.seek(start)
        left = info.compress_size
        while left:
            chunk = src.read(min(left, PIECE))
            if not chunk:
                raise ValueError(f"{info.filename}: the zip file ends inside the member")
            self.f.write(chunk)
            left -= len(chunk)
        self.entries.append(entry)
        return True

    def write(self, info: ZipInfo, data: bytes) -> None:
        """A member of ``data``, deflated (stored when ``info`` says so), with ``info``'s name, date and attributes:
        its sizes known before its header, which has ZIP64 sizes only where they need them (``zipfile``'s
        ``writestr``)."""
        entry = self._new_entry(info)
        if entry.method:
            c = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
            payload = c.compress(data) + c.flush()
        else:
            payload = data
        entry.crc, entry.size, entry.csize = zlib.crc32(data), len(data), len(payload)
        self._local_header(entry, zip64=entry.size > ZIP64_LIMIT or entry.csize > ZIP64_LIMIT)
        self.f.write(payload)
        self.entries.append(entry)

    def stream(self, info: ZipInfo, level: int = STREAM_LEVEL) -> _Stream:
        """A member written by ``write`` calls (deflated, pieces on the engine's threads), ended by ``close``."""
        entry = self._new_entry(info)
        self._local_header(entry, zip64=True)
        self._open = _Stream(self, entry, level if entry.method else None)
        return self._open

    def _new_entry(self, info: ZipInfo) -> _Entry:
        """The entry of a member this file writes (deflated, or stored when ``info`` says so), once the member
        before it is written whole."""
        if self._open is not None:
            raise ValueError("zip_out: a member is still being written")
        name, utf8 = _name(info.filename)
        method = ZIP_DEFLATED if info.compress_type == ZIP_DEFLATED else 0
        return _Entry(name, utf8, method, info.date_time, info.external_attr, _VERSION)

    def _local_header(self, e: _Entry, zip64: bool) -> None:
        e.offset = self.f.tell()
        extra = _ZIP64_SIZES.pack(1, 16, e.size, e.csize) if zip64 else b""
        if zip64:  # (the central directory says the same: ``zipfile``'s FileHeader)
            e.version = max(e.version, _VERSION64)
        version = max(e.version, _VERSION)
        size, csize = (_FULL, _FULL) if zip64 else (e.size, e.csize)
        head = _LOCAL.pack(
            b"PK\x03\x04", version, 0, e.flags, e.method, e.time, e.date, e.crc, csize, size, len(e.name), len(extra)
        )
        self.f.write(head + e.name + extra)

    def _ended(self, stream: _Stream) -> None:
        """``stream``'s member written: its local header patched with its CRC and sizes."""
        e = stream.entry
        end = self.f.tell()
        self.f.seek(e.offset)
        self._local_header(e, zip64=True)
        self.f.seek(end)
        self.entries.append(e)
        self._open = None

    # ---- the end ---------------------------------------------------------------------------------------------
    def close(self) -> None:
        """The central directory (with ZIP64 records where needed) written and the file closed."""
        if self._open is not None:
            raise ValueError("zip_out: a member is still being written")
        start = self.f.tell()
        for e in self.entries:
            # The ZIP64 extra field holds, in this order, the values too large for their place (as ``zipfile``:
            # both sizes when either is).
            more, size, csize, offset = [], e.size, e.csize, e.offset
            if e.size > ZIP64_LIMIT or e.csize > ZIP64_LIMIT:
                more += [e.size, e.csize]
                size = csize = _FULL
            if e.offset > ZIP64_LIMIT:
                more.append(e.offset)
                offset = _FULL
            extra = struct.pack(f"<HH{len(more)}Q", 1, 8 * len(more), *more) if more else b""
            created = _VERSION64 if more else _VERSION
            version = max(e.version, created)
            self.f.write(
                _CENTRAL.pack(
                    b"PK\x01\x02",
                    created,
                    _SYSTEM,
                    version,
                    0,
                    e.flags,
                    e.method,
                    e.time,
                    e.date,
                    e.crc,
                    csize,
                    size,
                    len(e.name),
                    len(extra),
                    0,
                    0,
                    0,
                    e.external,
                    offset,
                )
                + e.name
                + extra
            )
        end = self.f.tell()
        count, size, offset = len(self.entries), end - start, start
        if count > ZIP_FILECOUNT_LIMIT or size > ZIP64_LIMIT or offset > ZIP64_LIMIT:
            self.f.write(_END64.pack(b"PK\x06\x06", 44, _VERSION64, _VERSION64, 0, 0, count, count, size, offset))
            self.f.write(_LOCATOR64.pack(b"PK\x06\x07", 0, end, 1))
            count, size, offset = min(count, 0xFFFF), min(size, _FULL), min(offset, _FULL)
        self.f.write(_END.pack(b"PK\x05\x06", 0, 0, count, count, size, offset, 0))
        self.f.close()


class _Stream:
    """A member being written: each ``PIECE`` of it deflated on the engine's threads (``AHEAD`` at once), the
    deflated pieces written in order as they are done; its CRC counted here."""

    def __init__(self, zout: ZipOut, entry: _Entry, level: int | None):
        self.zout, self.entry, self.level = zout, entry, level
        self.buffer: list[bytes] = []
        self.buffered = 0
        self.primer = b""
        self.pending: deque[Future[bytes] | bytes] = deque()
        self.threads = WORKERS > 1 and not in_pool_thread()

    def __enter__(self) -> _Stream:
        return self

    def __exit__(self, kind, value, tb) -> None:
        if kind is None:
            self.close()
        else:
            for p in self.pending:
                if isinstance(p, Future):
                    p.cancel()

    def write(self, data: bytes) -> None:
        if not data:
            return
        e = self.entry
        e.crc = zlib.crc32(data, e.crc)
        e.size += len(data)
        if self.level is None:  # stored
            self._out(data)
            return
        self.buffer.append(data)
        self.buffered += len(data)
        if self.buffered >= PIECE:
            self._piece()

    def _piece(self) -> None:
        data = b"".join(self.buffer) if len(self.buffer) > 1 else self.buffer[0]
        self.buffer, self.buffered = [], 0
        primer, self.primer = self.primer, data[-WINDOW:]
        assert self.level is not None  # (a stored member is written as it comes)
        if self.threads:
            self.pending.append(submit(_deflate_piece, data, primer, self.level))
        else:
            self.pending.append(_deflate_piece(data, primer, self.level))
        while len(self.pending) > AHEAD or (self.pending and _done(self.pending[0])):
            self._out(_result(self.pending.popleft()))

    def _out(self, data: bytes) -> None:
        self.zout.f.write(data)
        self.entry.csize += len(data)

    def close(self) -> None:
        if self.level is not None:
            if self.buffer:
                self._piece()
            while self.pending:
                self._out(_result(self.pending.popleft()))
            self._out(_LAST_BLOCK)
        self.zout._ended(self)


def _done(p: Future[bytes] | bytes) -> bool:
    return not isinstance(p, Future) or p.done()


def _result(p: Future[bytes] | bytes) -> bytes:
    return p.result() if isinstance(p, Future) else p
