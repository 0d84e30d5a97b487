"""The annotated export for a reader: every row's status in words (the user's decisions marked manual), the extra
headers in the reader's language, each cluster's rows banded in alternating light fills, header frozen, an
autofilter over the data, fitted widths; text stays text. Without a spec it is the contract's four columns."""

from __future__ import annotations

import zipfile

import numpy as np
import openpyxl
import pandas as pd

from dedup_gui.core.annotation import AnnotationSpec, StatusWords
from dedup_gui.core.export import export
from dedup_gui.core.io import read_table
from dedup_gui.core.io.xlsx_writer import BAND_FILLS
from dedup_gui.core.result import Cluster, Decisions, DedupResult, PairSet
from dedup_gui.core.settings import Settings
from tests.data_factories import write_csv, write_xlsx

ROWS = [
    ["id", "标题", "note"],
    ["000123", "台风登陆浙江，多地停课", "=1+1"],  # cluster 1, kept by the algorithm, removed once the user keeps row 3
    ["000124", "央行宣布降准0.5个百分点", "NA"],  # cluster 2, kept
    ["000125", "台风登陆浙江 多地停课", ""],  # cluster 1, the user's kept row
    ["000126", "股市收盘上涨", "#N/A"],  # in no cluster
    ["000127", "央行宣布降准 0.5 个百分点", "x"],  # cluster 2, removed
    ["000128", "台风登陆浙江，多地停课（转载）", "y"],  # cluster 1, the user marked it not a duplicate
]
ZH = AnnotationSpec(
    words=StatusWords("保留", "删除", "非重复", "{status}（人工）"),
    headers={
        "dup_cluster": "重复组",
        "dup_status": "状态",
        "dup_kept": "是否保留",
        "dup_of": "重复于",
        "dup_similarity": "相似度",
    },
)


def result() -> DedupResult:
    clusters = [
        Cluster(1, 0, [0, 2, 5], {0: 1.0, 2: 0.95, 5: 0.9}),
        Cluster(2, 1, [1, 4], {1: 1.0, 4: 0.97}),
    ]
    return DedupResult(Settings(), 6, clusters, PairSet.empty(), PairSet.empty(), np.arange(6), 0)


DECISIONS = Decisions(kept={1: 2}, not_duplicate={5})


def fill(cell) -> str | None:
    f = cell.fill
    return None if f is None or f.fill_type is None else "#" + f.fgColor.rgb[-6:].upper()


def column_widths(ws) -> dict[int, float]:
    """Column number -> width set in the file (openpyxl groups neighbouring columns of one width)."""
    return {c: d.width for d in ws.column_dimensions.values() if d.customWidth for c in range(d.min, d.max + 1)}


def test_an_annotated_workbook_for_a_chinese_reader(tmp_path):
    table = read_table(write_xlsx(tmp_path / "news.xlsx", {"news": ROWS, "other": [["a"], ["b"]]}))
    out = tmp_path / "news_annotated.xlsx"
    [report] = export(table, result(), DECISIONS, annotated=out, similarity=lambda a, b: 0.9, annotation=ZH)
    assert report.rows == 6
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["news", "other"]  # the other sheet is still there
    ws = wb["news"]
    header = [c.value for c in ws[1]]
    assert header == ["id", "标题", "note", "重复组", "状态", "是否保留", "重复于", "相似度"]
    status = [ws.cell(r, 5).value for r in range(2, 8)]
    assert status == ["删除（人工）", "保留", "保留（人工）", "非重复", "删除", "非重复（人工）"]
    assert [ws.cell(r, 4).value for r in range(2, 8)] == [1, 2, 1, None, 2, 1]
    assert [ws.cell(r, 7).value for r in range(2, 8)] == [3, None, None, None, 2, None]

    assert ws.freeze_panes == "A2"
    assert ws.auto_filter.ref == "A1:H7"
    # cluster 1 in one fill, cluster 2 in the other, the unclustered row in none; every cell of a row, blanks too
    band1, band2 = BAND_FILLS
    expected = [band1, band2, band1, None, band2, band1]
    for r, want in enumerate(expected, start=2):
        assert {fill(ws.cell(r, c)) for c in range(1, 9)} == {want}, f"row {r}"
    assert fill(ws.cell(1, 1)) is None  # the header is not banded
    widths = column_widths(ws)
    assert widths[2] > widths[1] >= 8  # the Chinese titles are wider than the ids
    assert sorted(widths) == list(range(1, 9)) and all(8 <= w <= 60 for w in widths.values())

    # text stays text: leading zeros, a formula-looking string, an error-looking string
    assert (ws["A2"].value, ws["A2"].data_type) == ("000123", "s")
    assert (ws["C2"].value, ws["C2"].data_type) == ("=1+1", "s")
    assert (ws["C5"].value, ws["C5"].data_type) == ("#N/A", "s")


def test_english_words_and_the_fixed_names_for_scripts(tmp_path):
    table = read_table(write_xlsx(tmp_path / "news.xlsx", {"news": ROWS}))
    out = tmp_path / "ann.xlsx"
    export(table, result(), DECISIONS, annotated=out, similarity=lambda a, b: 0.9, annotation=AnnotationSpec())
    frame = pd.read_excel(out, engine="calamine", dtype=object)
    assert list(frame.columns)[3:] == ["dup_cluster", "dup_status", "dup_kept", "dup_of", "dup_similarity"]
    assert frame["dup_status"].tolist() == [
        "Removed (manual)",
        "Kept",
        "Kept (manual)",
        "Not a duplicate",
        "Removed",
        "Not a duplicate (manual)",
    ]


def test_without_a_spec_the_annotated_workbook_is_the_contract(tmp_path):
    table = read_table(write_xlsx(tmp_path / "news.xlsx", {"news": ROWS}))
    out = tmp_path / "ann.xlsx"
    export(table, result(), DECISIONS, annotated=out, similarity=lambda a, b: 0.9)
    ws = openpyxl.load_workbook(out)["news"]
    assert [c.value for c in ws[1]][3:] == ["dup_cluster", "dup_kept", "dup_of", "dup_similarity"]
    assert ws.auto_filter.ref is None


def test_an_annotated_csv_gets_the_status_column_only(tmp_path):
    table = read_table(write_csv(tmp_path / "news.csv", ROWS))
    out = tmp_path / "news_annotated.csv"
    export(table, result(), DECISIONS, annotated=out, similarity=lambda a, b: 0.9, annotation=ZH)
    frame = pd.read_csv(out, dtype=str, keep_default_na=False, encoding="utf-8-sig")
    assert list(frame.columns) == ["id", "标题", "note", "重复组", "状态", "是否保留", "重复于", "相似度"]
    assert frame["状态"].tolist() == ["删除（人工）", "保留", "保留（人工）", "非重复", "删除", "非重复（人工）"]
    assert frame["id"].tolist()[0] == "000123"


def test_a_new_workbook_from_a_csv_is_banded_too(tmp_path):
    table = read_table(write_csv(tmp_path / "news.csv", ROWS))
    out = tmp_path / "news_annotated.xlsx"
    export(table, result(), None, annotated=out, annotation=AnnotationSpec())
    ws = openpyxl.load_workbook(out).active
    assert ws.freeze_panes == "A2" and ws.auto_filter.ref == "A1:H7"
    assert [fill(ws.cell(r, 1)) for r in range(2, 8)] == [BAND_FILLS[0], BAND_FILLS[1], BAND_FILLS[0], None] + [
        BAND_FILLS[1],
        BAND_FILLS[0],
    ]
    assert [ws.cell(r, 5).value for r in range(2, 8)] == ["Kept", "Kept", "Removed", "Not a duplicate"] + [
        "Removed",
        "Removed",
    ]


def test_a_workbook_with_a_chart_sheet_keeps_it_and_is_annotated_without_bands(tmp_path):
    from openpyxl.chart import BarChart, Reference

    src = write_xlsx(tmp_path / "news.xlsx", {"news": ROWS})
    wb = openpyxl.load_workbook(src)
    chart = BarChart()
    chart.add_data(Reference(wb["news"], min_col=1, min_row=1, max_row=7))
    wb.create_chartsheet("chart").add_chart(chart)
    wb.save(src)
    out = tmp_path / "ann.xlsx"
    [report] = export(read_table(src), result(), DECISIONS, annotated=out, similarity=lambda a, b: 0.9, annotation=ZH)
    assert any("without highlighting" in n and "macros or a chart sheet" in n for n in report.notes)
    back = openpyxl.load_workbook(out)
    assert back.sheetnames == ["news", "chart"]  # copied with edits: the chart sheet is still there
    ws = back["news"]
    assert [c.value for c in ws[1]][3:] == ["重复组", "状态", "是否保留", "重复于", "相似度"]
    assert [ws.cell(r, 5).value for r in range(2, 8)][:3] == ["删除（人工）", "保留", "保留（人工）"]


def test_a_workbook_with_macros_keeps_them_and_is_annotated_without_bands(tmp_path):
    from tests.test_io_limits import make_xlsm

    src = make_xlsm(tmp_path / "macros.xlsm")
    table = read_table(src)
    n = len(table)
    clusters = [Cluster(1, 0, [0, 1], {0: 1.0, 1: 0.9})]
    run = DedupResult(Settings(), n, clusters, PairSet.empty(), PairSet.empty(), np.arange(n), 0)
    out = tmp_path / "ann.xlsm"
    [report] = export(table, run, None, annotated=out, annotation=AnnotationSpec())
    assert any("without highlighting" in note for note in report.notes)
    with zipfile.ZipFile(out) as zf:
        assert "xl/vbaProject.bin" in zf.namelist()
    assert "dup_status" in [c.value for c in openpyxl.load_workbook(out, keep_vba=True).worksheets[0][1]]
