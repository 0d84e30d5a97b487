"""A cleaned workbook behaves as if Excel's *Delete Rows* removed the duplicates: every reference to the data
sheet, in every part of the package, follows its row or becomes #REF! where its row went, the workbook asks for
a full recalculation, and what cannot be adjusted is reported. LibreOffice, where installed, recomputes the
result headless and must show the values the remaining rows give."""

from __future__ import annotations

import csv
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import numpy as np
import openpyxl
import pytest
from openpyxl.chart import BarChart, Reference
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import PatternFill
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.formula import ArrayFormula

from dedup_gui.core.io import read_table, write_cleaned
from dedup_gui.core.io.xlsx_shift import FormulaShift, RowMap, shift_ref

N_DATA = 39  # data rows on sheet rows 2..40
REMOVED_ROWS = (5, 6, 7)  # sheet rows: data rows 4, 5, 6 (three rows above everything the issue names)
CHOICES = ["红", "黄", "绿", "蓝"]


def build_references_workbook(path: Path) -> Path:
    """The data sheet and a second sheet with one of each kind of reference the issue lists."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "data"
    ws.append(["id", "text", "score", "choice", "", "", "", "list"])
    for i in range(N_DATA):
        ws.append([f"{i + 1:03d}", f"article {i + 1}", i + 1, CHOICES[i % 4]])
    for k, choice in enumerate(CHOICES):  # the validation list lives in H30:H33, data rows of the sheet
        ws.cell(row=30 + k, column=8, value=choice)
    ws["J1"] = "=COUNTA(B2:B40)"
    ws["J2"] = "=SUM(C2:C40)"
    ws["J3"] = "=C30*2"
    ws.conditional_formatting.add("C2:C40", FormulaRule(formula=["$C2>$C$30"], fill=PatternFill("solid", "FFFF00")))
    dv = DataValidation(type="list", formula1="$H$30:$H$33")
    dv.add("D2:D40")
    ws.add_data_validation(dv)
    chart = BarChart()
    chart.add_data(Reference(ws, min_col=3, min_row=1, max_row=40), titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=40))
    ws.add_chart(chart, "L10")
    wb.defined_names["ids"] = DefinedName("ids", attr_text="data!$A$2:$A$40")
    ws.print_area = "A1:H40"

    calc = wb.create_sheet("calc")
    calc["A1"] = "=data!B30"
    calc["A2"] = "=COUNTA(data!B2:B40)"
    calc["A3"] = "=SUM(data!C2:C40)"
    calc["A4"] = "=data!B6"  # a removed row
    calc["A5"] = "=SUM(ids)"
    calc["A6"] = ArrayFormula("A6", "=SUM(data!C2:C40*2)")
    calc["A7"] = '=INDIRECT("data!B30")'
    calc["C1"] = "go to row 30"  # a hyperlink to data!A30 is added below
    calc.conditional_formatting.add("D1", FormulaRule(formula=["data!$C$30>0"], fill=PatternFill("solid", "FF0000")))
    wb.save(path)
    _add_parts_openpyxl_cannot_write(path)
    return path


def _add_parts_openpyxl_cannot_write(path: Path) -> None:
    """A shared formula on the second sheet, a hyperlink by location, and a pivot cache over the data."""
    with zipfile.ZipFile(path) as zf:
        parts = {info.filename: zf.read(info) for info in zf.infolist()}
    calc = parts["xl/worksheets/sheet2.xml"].decode()
    shared = (
        '<row r="9"><c r="B9"><f t="shared" ref="B9:B12" si="0">data!C4*10</f></c></row>'
        '<row r="10"><c r="B10"><f t="shared" si="0"/></c></row>'
        '<row r="11"><c r="B11"><f t="shared" si="0"/></c></row>'
        '<row r="12"><c r="B12"><f t="shared" si="0"/></c></row>'
    )
    calc = calc.replace("</sheetData>", shared + "</sheetData>")
    link = '<hyperlinks><hyperlink ref="C1" location="data!A30" display="row 30"/></hyperlinks>'
    calc = calc.replace("<pageMargins", link + "<pageMargins", 1)
    parts["xl/worksheets/sheet2.xml"] = calc.encode()
    parts["xl/pivotCache/pivotCacheDefinition1.xml"] = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        b'<pivotCacheDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" recordCount="0">'
        b'<cacheSource type="worksheet"><worksheetSource ref="A1:D40" sheet="data"/></cacheSource>'
        b'<cacheFields count="0"/></pivotCacheDefinition>'
    )
    ct = (
        parts["[Content_Types].xml"]
        .decode()
        .replace(
            "</Types>",
            '<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml"/></Types>',
        )
    )
    parts["[Content_Types].xml"] = ct.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)


def clean(src: Path, out: Path, removed_sheet_rows=REMOVED_ROWS):
    table = read_table(src, sheet="data")
    keep = np.ones(len(table), bool)
    keep[[r - table.header_row - 1 for r in removed_sheet_rows]] = False
    return write_cleaned(table, keep, out)


def part(path: Path, member: str) -> str:
    with zipfile.ZipFile(path) as zf:
        return zf.read(member).decode()


@pytest.fixture
def cleaned(tmp_path):
    src = build_references_workbook(tmp_path / "refs.xlsx")
    report = clean(src, tmp_path / "out.xlsx")
    return tmp_path / "out.xlsx", report


# ---- what the rewrite writes ------------------------------------------------------------------------------------
def test_formulas_on_every_sheet_follow_their_rows(cleaned):
    out, _ = cleaned
    wb = openpyxl.load_workbook(out)
    data, calc = wb["data"], wb["calc"]
    assert [data["J1"].value, data["J2"].value, data["J3"].value] == ["=COUNTA(B2:B37)", "=SUM(C2:C37)", "=C27*2"]
    assert [calc[f"A{r}"].value for r in range(1, 6)] == [
        "=data!B27",
        "=COUNTA(data!B2:B37)",
        "=SUM(data!C2:C37)",
        "=#REF!",
        "=SUM(ids)",
    ]
    assert calc["A6"].value.text == "=SUM(data!C2:C37*2)"


def test_shared_formula_on_another_sheet_is_written_out_cell_by_cell(cleaned):
    out, _ = cleaned
    calc = openpyxl.load_workbook(out)["calc"]
    # B9..B12 read data!C4..C7; C5:C7 were removed, C4 stays where it was
    assert [calc[f"B{r}"].value for r in range(9, 13)] == ["=data!C4*10", "=#REF!*10", "=#REF!*10", "=#REF!*10"]


def test_conditional_format_range_and_rule_formula_follow(cleaned):
    out, _ = cleaned
    wb = openpyxl.load_workbook(out)
    [(data_cf, data_rules)] = [(str(cf.sqref), cf.rules) for cf in wb["data"].conditional_formatting]
    assert data_cf == "C2:C37"
    assert data_rules[0].formula == ["$C2>$C$27"]
    [calc_cf] = list(wb["calc"].conditional_formatting)
    assert str(calc_cf.sqref) == "D1" and calc_cf.rules[0].formula == ["data!$C$27>0"]


def test_validation_range_and_list_source_follow(cleaned):
    out, _ = cleaned
    dv = openpyxl.load_workbook(out)["data"].data_validations.dataValidation[0]
    assert str(dv.sqref) == "D2:D37"
    assert dv.formula1 == "$H$27:$H$30"
    ws = openpyxl.load_workbook(out)["data"]
    assert [ws.cell(row=r, column=8).value for r in range(27, 31)] == CHOICES


def test_chart_series_and_categories_follow(cleaned):
    out, _ = cleaned
    with zipfile.ZipFile(out) as zf:
        chart = next(n for n in zf.namelist() if n.startswith("xl/charts/chart"))
    refs = re.findall(r"<(?:c:)?f>([^<]*)</(?:c:)?f>", part(out, chart))
    assert sorted(refs) == sorted(["'data'!C1", "'data'!$C$2:$C$37", "'data'!$A$2:$A$37"])


def test_chart_on_the_data_sheet_moves_up_with_its_rows(cleaned):
    out, _ = cleaned
    with zipfile.ZipFile(out) as zf:
        drawing = next(n for n in zf.namelist() if n.startswith("xl/drawings/drawing") and n.endswith(".xml"))
    rows = re.findall(r"<(?:xdr:)?from>.*?<(?:xdr:)?row>(\d+)</(?:xdr:)?row>", part(out, drawing), re.S)
    assert rows == ["6"]  # anchored at L10 (0-based row 9): three rows above it went


def test_defined_names_print_area_hyperlink_and_pivot_source_follow(cleaned):
    out, _ = cleaned
    wb = openpyxl.load_workbook(out)
    assert wb.defined_names["ids"].attr_text == "data!$A$2:$A$37"
    assert wb["data"].print_area == "'data'!$A$1:$H$37"
    assert wb["calc"]["C1"].hyperlink.location == "data!A27"
    pivot = part(out, "xl/pivotCache/pivotCacheDefinition1.xml")
    assert '<worksheetSource ref="A1:D37" sheet="data"/>' in pivot
    assert 'refreshOnLoad="1"' in pivot


def test_workbook_asks_for_full_recalculation_and_stale_results_are_dropped(tmp_path):
    src = build_references_workbook(tmp_path / "refs.xlsx")
    _cache_results(src, {"data": {"J1": "39", "J3": "60"}, "calc": {"A1": "article 29", "A2": "39"}})
    clean(src, tmp_path / "out.xlsx")
    assert re.search(r'<calcPr\b[^>]*fullCalcOnLoad="1"', part(tmp_path / "out.xlsx", "xl/workbook.xml"))
    values = openpyxl.load_workbook(tmp_path / "out.xlsx", data_only=True)
    assert values["data"]["J1"].value is None  # COUNTA over a range that lost rows: recomputed on load
    assert values["data"]["J3"].value == 60  # the cell it reads moved, its value did not change
    assert values["calc"]["A1"].value == "article 29"
    assert values["calc"]["A2"].value is None


def _cache_results(path: Path, results: dict[str, dict[str, str]]) -> None:
    """Give formula cells cached results, as Excel saves them."""
    sheets = {"data": "xl/worksheets/sheet1.xml", "calc": "xl/worksheets/sheet2.xml"}
    with zipfile.ZipFile(path) as zf:
        parts = {info.filename: zf.read(info) for info in zf.infolist()}
    for sheet, cells in results.items():
        xml = parts[sheets[sheet]].decode()
        for ref, value in cells.items():
            t = ' t="str"' if not value.isdigit() else ""
            xml = re.sub(rf'<c r="{ref}"([^>]*)>(<f>[^<]*</f>)<v\s*/>', rf'<c r="{ref}"\1{t}>\2<v>{value}</v>', xml)
            xml = re.sub(rf'<c r="{ref}"([^>]*)>(<f>[^<]*</f>)</c>', rf'<c r="{ref}"\1{t}>\2<v>{value}</v></c>', xml)
        parts[sheets[sheet]] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)


def test_what_cannot_be_adjusted_is_reported(cleaned):
    _, report = cleaned
    text = "\n".join(report.notes)
    assert "calc!A7" in text and "INDIRECT" in text
    assert not any(
        "were not adjusted for the removed rows" in n and "formulas on other sheets" in n for n in report.notes
    )


def test_nothing_is_reported_when_every_reference_could_follow(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "data"
    ws.append(["text"])
    for i in range(5):
        ws.append([f"t{i}"])
    wb.create_sheet("other")["A1"] = "=data!A4"
    wb.save(tmp_path / "in.xlsx")
    report = clean(tmp_path / "in.xlsx", tmp_path / "out.xlsx", removed_sheet_rows=(2,))
    assert report.notes == ["the workbook recalculates its formulas when it is opened"]
    assert openpyxl.load_workbook(tmp_path / "out.xlsx")["other"]["A1"].value == "=data!A3"


# ---- the reference arithmetic -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "ref, expected",
    [
        ("B7", "B4"),  # below the removed rows 3..5
        ("B2", "B2"),  # above
        ("B4", None),  # removed
        ("$A$2:$D$90", "$A$2:$D$87"),  # around
        ("B3:B5", None),  # all its rows went
        ("B4:B9", "B3:B6"),  # its first rows went
        ("3:5", None),
        ("$1:$2", "$1:$2"),
        ("A:C", "A:C"),  # whole columns
        ("ids", "ids"),  # a name
    ],
)
def test_shift_ref_deletes_rows_like_excel(ref, expected):
    assert shift_ref(ref, RowMap([3, 4, 5])) == expected


def test_formula_text_inside_strings_is_never_taken_for_a_reference():
    shift = FormulaShift("data", RowMap([3]), ["data"])
    new, _ = shift.formula('"B4 is data!B4"&data!B4', "other", "other!A1")
    assert new == '"B4 is data!B4"&data!B3'
    assert any("names cells of 'data'" in p for p in shift.problems)


def test_three_d_reference_across_the_data_sheet_is_reported():
    shift = FormulaShift("data", RowMap([3]), ["first", "data", "last"])
    new, _ = shift.formula("SUM(first:last!A5)", "other", "other!A1")
    assert new == "SUM(first:last!A5)"
    assert shift.problems == ["other!A1: 3-D reference first:last!A5 was not adjusted"]


# ---- LibreOffice as the reference reader ----------------------------------------------------------------------
SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")


def _soffice_csv(src: Path, outdir: Path) -> dict[str, list[list[str]]]:
    """Every sheet of ``src`` recomputed and saved as CSV by LibreOffice headless: sheet name -> rows."""
    profile = outdir / "profile"
    subprocess.run(
        [
            SOFFICE,
            f"-env:UserInstallation={profile.resolve().as_uri()}",
            "--headless",
            "--convert-to",
            "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
            "--outdir",
            str(outdir),
            str(src),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    sheets = {}
    for f in outdir.glob(f"{src.stem}-*.csv"):
        with open(f, encoding="utf-8", newline="") as fh:
            sheets[f.stem[len(src.stem) + 1 :]] = list(csv.reader(fh))
    return sheets


def _soffice_xlsx(src: Path, outdir: Path) -> Path:
    """``src`` opened and saved again by LibreOffice, so every formula carries a cached result."""
    profile = outdir / "profile"
    subprocess.run(
        [
            SOFFICE,
            f"-env:UserInstallation={profile.resolve().as_uri()}",
            "--headless",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(outdir),
            str(src),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    return outdir / (src.stem + ".xlsx")


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_recomputes_the_cleaned_workbook_from_the_remaining_rows(tmp_path):
    made = build_references_workbook(tmp_path / "made.xlsx")
    (tmp_path / "lo").mkdir()
    cached = _soffice_xlsx(made, tmp_path / "lo")  # cached results everywhere, as a real workbook has them
    src = tmp_path / "refs.xlsx"
    shutil.move(cached, src)
    before = _soffice_csv(src, tmp_path / "before")
    assert before["calc"][1][0] == "39"  # COUNTA over all data rows
    clean(src, tmp_path / "out.xlsx")
    after = _soffice_csv(tmp_path / "out.xlsx", tmp_path / "after")

    kept = [r for r in range(2, 41) if r not in REMOVED_ROWS]
    scores = [r - 1 for r in kept]
    data, calc = after["data"], after["calc"]
    assert [row[1] for row in data[1:37]] == [f"article {r - 1}" for r in kept]
    assert data[0][9] == "36" and data[1][9] == str(sum(scores)) and data[2][9] == "58"  # J1, J2, J3
    assert calc[0][0] == "article 29"  # =data!B27 now: the same article as before
    assert calc[0][0] == before["calc"][0][0]
    assert calc[1][0] == "36"
    assert calc[2][0] == str(sum(scores))
    assert calc[3][0] == "#REF!"
    assert calc[5][0] == str(2 * sum(scores))


# ---- parts openpyxl does not write: the x14 extension list, rules whose first row went ------------------------
def test_x14_validation_on_another_sheet_follows_its_list_source():
    from dedup_gui.core.io.xlsx_shift_parts import edit_sheet_tail

    tail = (
        b'</sheetData><extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}"><x14:dataValidations count="1">'
        b'<x14:dataValidation type="list"><x14:formula1><xm:f>data!$H$30:$H$33</xm:f></x14:formula1>'
        b"<xm:sqref>D2:D40</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst></worksheet>"
    )
    shift = FormulaShift("data", RowMap(REMOVED_ROWS), ["data", "form"])
    new = edit_sheet_tail(tail, shift, "form")
    assert b"<xm:f>data!$H$27:$H$30</xm:f>" in new
    assert b"<xm:sqref>D2:D40</xm:sqref>" in new  # the range is on the other sheet: it stays


def test_a_conditional_format_whose_first_rows_went_is_anchored_at_its_new_first_row():
    from dedup_gui.core.io.xlsx_shift_parts import edit_sheet_tail

    tail = (
        b'</sheetData><conditionalFormatting sqref="C5:C40"><cfRule type="expression" dxfId="0" priority="1">'
        b"<formula>$C5&gt;$C$30</formula></cfRule></conditionalFormatting></worksheet>"
    )
    shift = FormulaShift("data", RowMap(REMOVED_ROWS), ["data"])
    new = edit_sheet_tail(tail, shift, "data")
    # rows 5-7 went: the range now starts at old row 8 (new row 5), and "$C5" still means "the row itself"
    assert b'sqref="C5:C37"' in new
    assert b"<formula>$C5&gt;$C$27</formula>" in new
