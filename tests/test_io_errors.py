"""Broken and hostile inputs: each is refused with one line naming the file and the problem; bombs before they are
inflated."""

from __future__ import annotations

import os
import sys
import tracemalloc

import pytest

from dedup_gui.core.errors import InputError
from dedup_gui.core.io import list_sheets, read_table
from tests.data_factories import (
    encrypted_workbook,
    entity_bomb,
    truncated_workbook,
    write_csv,
    write_xlsx,
    zip_bomb,
    zip_understating_sizes,
    zip_with_lying_sizes,
)


def refused(path, match: str, **kwargs) -> str:
    with pytest.raises(InputError) as info:
        read_table(path, **kwargs)
    message = str(info.value)
    assert str(path) in message
    assert "\n" not in message
    assert match in message, message
    return message


def test_missing_path(tmp_path):
    refused(tmp_path / "nope.xlsx", "does not exist")


def test_zero_byte_files(tmp_path):
    for name in ("empty.xlsx", "empty.csv"):
        (tmp_path / name).write_bytes(b"")
        refused(tmp_path / name, "is empty (0 bytes)")


def test_csv_with_only_blank_lines(tmp_path):
    (tmp_path / "blank.csv").write_text("\n\n  \n", encoding="utf-8")
    refused(tmp_path / "blank.csv", "has no header row")


def test_header_only_csv_and_sheet(tmp_path):
    refused(write_csv(tmp_path / "h.csv", [["a", "b"]]), "has a header but no data rows")
    refused(write_xlsx(tmp_path / "h.xlsx", {"S": [["a", "b"]]}), "has a header but no data rows")


def test_empty_sheet(tmp_path):
    path = write_xlsx(tmp_path / "e.xlsx", {"Empty": [], "Full": [["t"], ["x"]]})
    refused(path, "sheet 'Empty' is empty")
    assert read_table(path, sheet="Full").data["t"].tolist() == ["x"]


def test_not_a_zip(tmp_path):
    (tmp_path / "fake.xlsx").write_text("id,text\n1,hello\n", encoding="utf-8")
    refused(tmp_path / "fake.xlsx", "not a zip archive")


def test_truncated_workbook(tmp_path):
    refused(truncated_workbook(tmp_path / "cut.xlsx"), "damaged")


def test_zip_that_is_not_a_workbook(tmp_path):
    import zipfile

    with zipfile.ZipFile(tmp_path / "other.xlsx", "w") as zf:
        zf.writestr("readme.txt", "hello")
    refused(tmp_path / "other.xlsx", "not an Excel workbook")


def test_password_protected_workbook(tmp_path):
    message = refused(encrypted_workbook(tmp_path / "secret.xlsx"), "password-protected")
    assert "remove the password" in message


def refused_without_inflating(path, match: str) -> str:
    """Refused, and the bomb's contents never held in memory (Python allocations traced; the bombs unpack to
    20 MiB and more, the reader may use a few MiB)."""
    tracemalloc.start()
    try:
        message = refused(path, match)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 << 20, f"{peak / 2**20:.0f} MiB held while refusing {path.name}"
    return message


def test_zip_bomb_by_declared_size(tmp_path):
    refused_without_inflating(zip_with_lying_sizes(tmp_path / "bomb.xlsx", 3 << 30), "zip bomb")


def test_zip_bomb_by_compression_ratio(tmp_path):
    refused_without_inflating(zip_bomb(tmp_path / "ratio.xlsx", member_mib=70), "zip bomb")


def test_zip_bomb_that_understates_its_size(tmp_path):
    refused_without_inflating(zip_understating_sizes(tmp_path / "liar.xlsx"), "does not match its declared size")


@pytest.mark.parametrize("part", ["xl/worksheets/sheet1.xml", "xl/workbook.xml", "[Content_Types].xml"])
def test_xml_entity_bomb(tmp_path, part):
    refused(entity_bomb(tmp_path / "lol.xlsx", part), "DTD or XML entities")


def test_undecodable_csv_names_the_offset(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_bytes(b"id,text\n1,ok\n2,\xff\xfe\x00\x81\x00\xff\xff\n")
    message = refused(path, "not UTF-8")
    assert "byte offset 15" in message


def test_bad_bytes_after_a_utf16_bom(tmp_path):
    path = tmp_path / "odd.csv"
    path.write_bytes(b"\xff\xfe" + "a,b\n".encode("utf-16-le") + b"\x00\xd8")  # lone surrogate at the end
    refused(path, "UTF-16-LE")


def test_folder_without_txt_files(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("x", encoding="utf-8")
    refused(tmp_path / "docs", "contains no .txt files")


def test_undecodable_txt_file_in_folder_names_that_file(tmp_path):
    (tmp_path / "f").mkdir()
    (tmp_path / "f" / "ok.txt").write_text("fine", encoding="utf-8")
    (tmp_path / "f" / "bad.txt").write_bytes(b"\x81\xff\x00\xfe" * 3)
    with pytest.raises(InputError, match="bad.txt"):
        read_table(tmp_path / "f")


def test_unsupported_extension(tmp_path):
    (tmp_path / "a.pdf").write_bytes(b"%PDF-1.4")
    refused(tmp_path / "a.pdf", "unsupported type '.pdf'")


def test_sheet_given_for_a_csv(tmp_path):
    refused(write_csv(tmp_path / "a.csv", [["a"], ["1"]]), "has no sheet", sheet="S")


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root reads anything")
def test_permission_denied(tmp_path):
    path = write_csv(tmp_path / "locked.csv", [["a"], ["1"]])
    path.chmod(0)
    try:
        refused(path, "permission denied")
    finally:
        path.chmod(0o644)


def test_list_sheets_refuses_hostile_workbooks_too(tmp_path):
    with pytest.raises(InputError, match="DTD"):
        list_sheets(entity_bomb(tmp_path / "lol.xlsx"))
    with pytest.raises(InputError, match="password-protected"):
        list_sheets(encrypted_workbook(tmp_path / "secret.xlsx"))


def test_corrupt_xls(tmp_path):
    path = tmp_path / "old.xls"
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600)
    refused(path, "cannot be read")


def test_unreadable_file_says_permission_denied(tmp_path, monkeypatch):
    import builtins

    path = write_csv(tmp_path / "locked.csv", [["a"], ["1"]])
    real_open = builtins.open

    def guarded(file, *args, **kwargs):
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded)
    refused(path, "cannot be opened: permission denied")


def test_a_file_where_a_folder_of_txt_was_expected_and_vice_versa(tmp_path):
    (tmp_path / "dir.csv").mkdir()
    refused(tmp_path / "dir.csv", "contains no .txt files")


def test_workbook_damaged_between_reading_and_exporting(tmp_path):
    import numpy as np

    from dedup_gui.core.io import write_cleaned

    path = write_xlsx(tmp_path / "in.xlsx", {"S": [["t"], ["a"], ["b"]]})
    table = read_table(path)
    path.write_bytes(path.read_bytes()[:300])
    with pytest.raises(InputError, match="in.xlsx"):
        write_cleaned(table, np.array([True, False]), tmp_path / "out.xlsx")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.xlsx"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the child's peak memory read in /proc")
def test_calamine_itself_stops_at_a_parts_declared_size(tmp_path):
    """The workbook reader proves the large parts' declared sizes on a thread while calamine parses them: that is
    safe because calamine (python-calamine 0.9.1 on) stops at each part's declared size itself. A part of shared
    strings that claims 1,000 bytes and unpacks to 300 MiB is refused by calamine with a few MiB in memory, not
    unpacked (0.9.0 and before unpack it whole)."""
    import io
    import subprocess
    import zipfile

    import xlsxwriter

    path = tmp_path / "liar.xlsx"
    book = xlsxwriter.Workbook(str(path))  # (text in the shared strings, as Excel writes it)
    book.add_worksheet("S").write_column(0, 0, ["a", "b"])
    book.close()
    src = zipfile.ZipFile(io.BytesIO(path.read_bytes()))
    assert "xl/sharedStrings.xml" in src.namelist()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename == "xl/sharedStrings.xml":
                with dst.open(info.filename, "w", force_zip64=True) as part:
                    part.write(b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">')
                    block = b"<si><t>" + b"a" * (1 << 20) + b"</t></si>"
                    for _ in range(300):
                        part.write(block)
                    part.write(b"</sst>")
            else:
                dst.writestr(info, src.read(info))
        for info in dst.filelist:
            if info.filename == "xl/sharedStrings.xml":
                info.file_size = 1000
    # (the child's own peak: VmHWM is its memory's, where getrusage's ru_maxrss keeps the parent's from before exec)
    code = (
        "import sys\nfrom python_calamine import CalamineWorkbook\n"
        "try:\n    wb = CalamineWorkbook.from_path(sys.argv[1]); wb.get_sheet_by_name('S').to_python()\n"
        "    print('read')\nexcept Exception as e:\n    print('refused')\n"
        "peak = next(line for line in open('/proc/self/status') if line.startswith('VmHWM:'))\n"
        "print(int(peak.split()[1]) // 1024)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    verdict, peak_mib = out.stdout.split()
    assert verdict == "refused"
    assert int(peak_mib) < 150, f"{peak_mib} MiB at its peak: calamine unpacked the part"
