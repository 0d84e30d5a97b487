"""The benchmark's workbook inputs (benchmarks/inputs.py): the same rows as the CSV file, the texts in the shared
strings table (as Excel writes them) or in the sheet (as openpyxl and pandas' to_excel write them); each flavour
its own file and its own job names (benchmarks/wholejob.py). No speed is asserted here."""

from __future__ import annotations

import zipfile

import numpy as np

from benchmarks.inputs import Input
from benchmarks.wholejob import WholeJob
from dedup_gui.core.io import read_table

ROWS = [("0", "新浪娱乐讯 第一段, 有逗号"), ("1", 'a "quoted" text'), ("2", "第三行\n两行")]


def _input(tmp_path) -> Input:
    path = tmp_path / "in.csv"
    lines = ["id,text"] + [f'{i},"{t.replace(chr(34), chr(34) * 2)}"' for i, t in ROWS]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return Input("articles", len(ROWS), path, np.arange(len(ROWS)), "test rows", 10.0)


def test_each_workbook_flavour_holds_the_rows_where_its_writer_puts_them(tmp_path):
    inp = _input(tmp_path)
    shared, inline = inp.as_xlsx(), inp.as_xlsx(inline=True)
    assert shared.path != inline.path
    for wb, kind in ((shared, b't="s"'), (inline, b"inlineStr")):
        with zipfile.ZipFile(wb.path) as z:
            sheet = z.read(next(n for n in z.namelist() if n.startswith("xl/worksheets/sheet")))
        assert kind in sheet
        table = read_table(wb.path)
        assert table.column_values("text") == [t for _, t in ROWS]


def test_job_names_tell_the_workbook_flavours_apart(tmp_path):
    inp = _input(tmp_path)
    names = {WholeJob.job_name(i, "ngram", "ours") for i in (inp, inp.as_xlsx(), inp.as_xlsx(inline=True))}
    assert names == {"articles-3-ngram-ours", "articles-3-xlsx-ngram-ours", "articles-3-xlsx-inline-ngram-ours"}
