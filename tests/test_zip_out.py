"""The zip writer of workbook copies (``core.io.zip_out``): members copied as stored keep their bytes, streamed
members deflated in pieces on the engine's threads read back as written, and ZIP64 records appear where sizes,
offsets or counts need them - read back by Python's ``zipfile`` (which checks every CRC) and by openpyxl."""

from __future__ import annotations

import random
import zipfile
import zlib

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.io import zip_out
from dedup_gui.core.io.zip_out import ZipOut


def _info(name: str, method: int = zipfile.ZIP_DEFLATED) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(2024, 5, 17, 13, 45, 58))
    info.compress_type = method
    info.external_attr = 0o644 << 16
    return info


def _read_all(path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        assert zf.testzip() is None  # every member's CRC checked
        return {i.filename: zf.read(i) for i in zf.infolist()}


def test_members_copied_as_stored_keep_their_compressed_bytes_crc_and_attributes(tmp_path):
    src = tmp_path / "src.zip"
    texts = {
        "a.xml": b"<a>" + b"x" * 50_000 + b"</a>",
        "b/\u5171\u4eab.xml": "共享字符串".encode() * 3000,  # (a name in UTF-8)
        "c.bin": b"",
    }
    with zipfile.ZipFile(src, "w") as zf:
        for name, data in texts.items():
            zf.writestr(_info(name), data)
        zf.writestr(_info("stored.txt", zipfile.ZIP_STORED), b"stored as is")
    out = tmp_path / "out.zip"
    with zipfile.ZipFile(src) as zin, open(src, "rb") as raw, ZipOut(out) as zo:
        for info in zin.infolist():
            assert zo.copy(raw, info)
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(out) as b:
        assert [i.filename for i in a.infolist()] == [i.filename for i in b.infolist()]
        for x, y in zip(a.infolist(), b.infolist(), strict=True):
            assert (x.CRC, x.compress_size, x.file_size, x.compress_type) == (
                y.CRC,
                y.compress_size,
                y.file_size,
                y.compress_type,
            )
            assert (x.date_time, x.external_attr) == (y.date_time, y.external_attr)
            with open(src, "rb") as f1, open(out, "rb") as f2:  # the stored bytes themselves
                f1.seek(x.header_offset + 30 + len(x.filename.encode()) + len(x.extra))
                f2.seek(y.header_offset + 30 + len(y.filename.encode()) + len(y.extra))
                assert f1.read(x.compress_size) == f2.read(y.compress_size)
    assert _read_all(out) == {**texts, "stored.txt": b"stored as is"}


def test_an_encrypted_member_is_not_copied_as_stored(tmp_path):
    src = tmp_path / "src.zip"
    with zipfile.ZipFile(src, "w") as zf:
        zf.writestr(_info("a.txt"), b"hello")
    with zipfile.ZipFile(src) as zin, open(src, "rb") as raw, ZipOut(tmp_path / "out.zip") as zo:
        info = zin.infolist()[0]
        info.flag_bits |= 0x01  # (as an encrypted member says)
        assert not zo.copy(raw, info)
    assert _read_all(tmp_path / "out.zip") == {}


@settings(max_examples=40, deadline=None)
@given(
    data=st.binary(max_size=6000) | st.text(alphabet="<>/abc 新浪\n", max_size=3000).map(str.encode),
    cuts=st.lists(st.integers(min_value=0, max_value=6000), max_size=8),
    piece=st.sampled_from([64, 1000, 4096]),
    threads=st.booleans(),
)
def test_a_streamed_member_reads_back_as_written_whatever_its_pieces(tmp_path_factory, data, cuts, piece, threads):
    path = tmp_path_factory.mktemp("z") / "s.zip"
    old_piece = zip_out.PIECE
    zip_out.PIECE = piece
    try:
        with ZipOut(path) as zo:
            with zo.stream(_info("s.xml")) as s:
                s.threads = threads
                bounds = sorted({0, len(data), *(c for c in cuts if c <= len(data))})
                for lo, hi in zip(bounds, bounds[1:], strict=False):
                    s.write(data[lo:hi])
            zo.write(_info("after.txt"), b"next member")
    finally:
        zip_out.PIECE = old_piece
    assert _read_all(path) == {"s.xml": data, "after.txt": b"next member"}


def test_pieces_deflated_apart_are_one_stream_as_small_as_one_deflate(tmp_path):
    rng = random.Random(7)
    words = ["<row>", "<c r=", "新浪", "北京", "dlrs", "</c>", "\n"]
    data = "".join(rng.choice(words) for _ in range(700_000)).encode()
    path = tmp_path / "s.zip"
    with ZipOut(path) as zo, zo.stream(_info("sheet.xml")) as s:
        for lo in range(0, len(data), 65_536):
            s.write(data[lo : lo + 65_536])
    with zipfile.ZipFile(path) as zf:
        info = zf.getinfo("sheet.xml")
        assert zf.read(info) == data
    one = zlib.compressobj(zip_out.STREAM_LEVEL, zlib.DEFLATED, -15)
    alone = len(one.compress(data) + one.flush())
    assert len(data) > 2 * zip_out.PIECE  # (several pieces)
    assert info.compress_size <= alone * 1.01


def test_zip64_records_where_sizes_offsets_and_counts_need_them(tmp_path, monkeypatch):
    # The limits made small, so that a small file needs every ZIP64 record a large one would.
    monkeypatch.setattr(zip_out, "ZIP64_LIMIT", 100)
    monkeypatch.setattr(zip_out, "ZIP_FILECOUNT_LIMIT", 3)
    src = tmp_path / "src.zip"
    big = bytes(random.Random(1).getrandbits(8) for _ in range(3000))  # (incompressible: compressed size > limit)
    with zipfile.ZipFile(src, "w") as zf:
        zf.writestr(_info("big.bin"), big)
    out = tmp_path / "out.zip"
    with zipfile.ZipFile(src) as zin, open(src, "rb") as raw, ZipOut(out) as zo:
        assert zo.copy(raw, zin.infolist()[0])
        for i in range(4):
            zo.write(_info(f"m{i}.txt"), f"member {i}".encode() * 50)
        with zo.stream(_info("streamed.bin")) as s:
            s.write(big)
    assert _read_all(out) == {
        "big.bin": big,
        **{f"m{i}.txt": f"member {i}".encode() * 50 for i in range(4)},
        "streamed.bin": big,
    }
    raw_bytes = out.read_bytes()
    assert b"PK\x06\x06" in raw_bytes and b"PK\x06\x07" in raw_bytes  # the ZIP64 end records
    with zipfile.ZipFile(out) as zf:
        assert zf.getinfo("m3.txt").header_offset > 100  # an offset past the limit, read from its ZIP64 field


def test_a_member_is_written_whole_before_the_next(tmp_path):
    with ZipOut(tmp_path / "x.zip") as zo:
        s = zo.stream(_info("a"))
        with pytest.raises(ValueError, match="still being written"):
            zo.stream(_info("b"))
        s.close()


def test_a_workbook_copied_member_by_member_opens_in_openpyxl(tmp_path):
    src = tmp_path / "book.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "新闻"
    for r in range(1, 200):
        ws.append([r, f"第{r}篇报道", f"=A{r}*2"])
    wb.save(src)
    out = tmp_path / "copy.xlsx"
    with zipfile.ZipFile(src) as zin, open(src, "rb") as raw, ZipOut(out) as zo:
        for info in zin.infolist():
            if info.filename.endswith("sheet1.xml"):
                with zo.stream(info) as s:
                    s.write(zin.read(info))
            else:
                assert zo.copy(raw, info)
    copy = openpyxl.load_workbook(out)
    assert [list(r) for r in copy["新闻"].iter_rows(values_only=True)] == [
        list(r) for r in openpyxl.load_workbook(src)["新闻"].iter_rows(values_only=True)
    ]


def _one_of_each(tmp_path, streamed: bool):
    """A zip of a member copied as stored ("copied.xml"), one written whole ("written.xml") and, with
    ``streamed``, one streamed ("streamed.xml"): its bytes and its path."""
    src = tmp_path / "src.zip"
    with zipfile.ZipFile(src, "w") as zf:
        zf.writestr(_info("copied.xml"), b"<a/>" * 100)
    out = tmp_path / "out.zip"
    with zipfile.ZipFile(src) as zin, open(src, "rb") as raw, ZipOut(out) as zo:
        zo.copy(raw, zin.infolist()[0])
        zo.write(_info("written.xml"), b"<b/>" * 100)
        if streamed:
            with zo.stream(_info("streamed.xml")) as s:
                s.write(b"<c/>" * 100)
    return out.read_bytes(), out


def test_small_members_have_plain_headers_as_zipfile_writes_them(tmp_path):
    """Members copied or written whole carry no ZIP64 field where their sizes do not need one (as ``writestr``
    writes them): spreadsheet programs read such a package as they read one ``zipfile`` wrote."""
    data, out = _one_of_each(tmp_path, streamed=False)
    with zipfile.ZipFile(out) as zf:
        for info in zf.infolist():
            at = info.header_offset
            assert data[at : at + 4] == b"PK\x03\x04"
            assert int.from_bytes(data[at + 28 : at + 30], "little") == 0, info.filename  # no extra field
            assert info.extra == b""


def test_each_members_headers_agree_on_the_version_needed_to_extract(tmp_path):
    """The local header and the central directory name the same version needed to extract each member (4.5, ZIP64,
    for a streamed member, whose local header has ZIP64 sizes; 2.0 for the others), as ``zipfile`` writes them."""
    data, out = _one_of_each(tmp_path, streamed=True)
    with zipfile.ZipFile(out) as zf:
        versions = {i.filename: i.extract_version for i in zf.infolist()}
        local = {
            i.filename: int.from_bytes(data[i.header_offset + 4 : i.header_offset + 6], "little") for i in zf.infolist()
        }
    assert versions == local == {"copied.xml": 20, "written.xml": 20, "streamed.xml": 45}
