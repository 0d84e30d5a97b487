"""Builders for the files the io tests read: workbooks, CSV files in many encodings, .txt folders, and broken or
hostile files. Everything is generated in the test's tmp_path."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from collections.abc import Sequence
from pathlib import Path

import openpyxl
from openpyxl.styles import Font

NEWS = [
    "新华社北京3月5日电 国务院总理今天在人民大会堂作政府工作报告，经济增长目标为百分之五左右。",
    "中新网上海电 上海市今日发布新版城市总体规划，提出建设具有世界影响力的社会主义现代化国际大都市。",
    "人民日报评论员文章：坚持以人民为中心的发展思想，不断增强人民群众获得感幸福感安全感。",
]
NEWS_TRAD = [
    "中央社台北電 行政院今天通過明年度總預算案，總歲出規模創下歷年新高。",
    "聯合報訊 颱風逐漸接近，氣象局發布海上警報，提醒民眾注意強風豪雨。",
]


def write_xlsx(path: Path, sheets: dict[str, Sequence[Sequence[object]]]) -> Path:
    """A workbook with one sheet per entry; strings are always stored as text (never as formulas)."""
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row, start=1):
                if value is None:
                    continue
                cell = ws.cell(row=r, column=c, value=value)
                if isinstance(value, str):
                    cell.data_type = "s"  # "=1+1" stays text
    wb.save(path)
    return path


def write_styled_workbook(path: Path, rows: Sequence[Sequence[object]]) -> Path:
    """Two sheets; the data sheet has column widths, a bold header, a number format, frozen panes, a merged
    title row above the header, a data validation, an auto filter and a formula below the data."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "新闻"
    ws["A1"] = "标题行 (merged title)"
    ws.merge_cells("A1:C1")
    for r, row in enumerate(rows, start=2):
        for c, value in enumerate(row, start=1):
            cell = ws.cell(row=r, column=c, value=value)
            if isinstance(value, str):
                cell.data_type = "s"
    for c in range(1, len(rows[0]) + 1):
        ws.cell(row=2, column=c).font = Font(bold=True)
    ws.column_dimensions["A"].width = 12.5
    ws.column_dimensions["B"].width = 60
    for r in range(3, len(rows) + 2):
        ws.cell(row=r, column=3).number_format = "0.00"
    ws.freeze_panes = "A3"
    ws.auto_filter.ref = f"A2:C{len(rows) + 1}"
    from openpyxl.worksheet.datavalidation import DataValidation

    dv = DataValidation(type="whole", operator="between", formula1="0", formula2="1000")
    dv.add(f"C3:C{len(rows) + 1}")
    ws.add_data_validation(dv)
    other = wb.create_sheet("说明")
    other["A1"] = "readme"
    other["B2"] = 42
    other.column_dimensions["A"].width = 33
    wb.save(path)
    return path


def write_csv(
    path: Path,
    rows: Sequence[Sequence[str]],
    encoding: str = "utf-8",
    delimiter: str = ",",
    bom: bool = False,
    newline: str = "\r\n",
) -> Path:
    import csv

    buf = io.StringIO()
    csv.writer(buf, delimiter=delimiter, lineterminator=newline).writerows(rows)
    data = buf.getvalue().encode(encoding)
    if bom:
        data = {"utf-8": b"\xef\xbb\xbf", "utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}[encoding] + data
    path.write_bytes(data)
    return path


def write_txt_folder(root: Path, files: dict[str, tuple[str, str]]) -> Path:
    """``files``: relative path -> (text, encoding)."""
    for rel, (text, encoding) in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode(encoding))
    return root


def simple_rows(n: int = 3) -> list[list[object]]:
    rows: list[list[object]] = [["id", "text", "score"]]
    for i in range(n):
        rows.append([f"{i:06d}", NEWS[i % len(NEWS)], i + 0.5])
    return rows


# ---- broken and hostile files -----------------------------------------------------------------------------------
def zip_with_lying_sizes(path: Path, declared: int) -> Path:
    """A tiny workbook whose central directory claims ``declared`` bytes for the sheet (a zip bomb's signature)."""
    write_xlsx(path, {"S": [["a"], ["b"]]})
    raw = io.BytesIO(path.read_bytes())
    with zipfile.ZipFile(raw) as src, zipfile.ZipFile(path, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, src.read(info))
        for info in dst.filelist:
            if info.filename.startswith("xl/worksheets/"):
                info.file_size = declared
    return path


def zip_bomb(path: Path, member_mib: int = 80) -> Path:
    """A workbook whose sheet part is ``member_mib`` MiB of zeros compressed ~1000:1."""
    write_xlsx(path, {"S": [["a"], ["b"]]})
    raw = io.BytesIO(path.read_bytes())
    with zipfile.ZipFile(raw) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename == "xl/worksheets/sheet1.xml":
                with dst.open(info.filename, "w", force_zip64=True) as part:
                    block = b"\0" * (1 << 20)
                    for _ in range(member_mib):
                        part.write(block)
            else:
                dst.writestr(info, src.read(info))
    return path


def entity_bomb(path: Path, part: str = "xl/worksheets/sheet1.xml") -> Path:
    """A workbook whose ``part`` starts with a "billion laughs" DTD."""
    write_xlsx(path, {"S": [["a"], ["b"]]})
    raw = io.BytesIO(path.read_bytes())
    dtd = (
        b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
        b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
        b'<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n'
    )
    with zipfile.ZipFile(raw) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == part:
                body = data.split(b"?>", 1)[1] if data.startswith(b"<?xml") else data
                data = dtd + body.replace(b"<v>", b"<v>&lol3;", 1)
            dst.writestr(info, data)
    return path


def encrypted_workbook(path: Path) -> Path:
    """What Excel writes for a password-protected workbook: an OLE compound file under the .xlsx name."""
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 504 + b"EncryptionInfo" + b"\0" * 1000)
    return path


def truncated_workbook(path: Path) -> Path:
    write_xlsx(path, {"S": simple_rows(50)})
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


DATE = dt.date(2024, 3, 5)
DATETIME = dt.datetime(2024, 3, 5, 8, 30, 15)
TIME = dt.time(23, 59, 1)


def zip_understating_sizes(path: Path, member_mib: int = 20) -> Path:
    """A zip bomb that claims its big sheet part unpacks to a few bytes."""
    zip_bomb(path, member_mib)
    raw = io.BytesIO(path.read_bytes())
    with zipfile.ZipFile(raw) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info, src.read(info))
        for info in dst.filelist:
            if info.filename == "xl/worksheets/sheet1.xml":
                info.file_size = 1000
    return path
