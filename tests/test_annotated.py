"""Back to the desktop: an annotated file's clusters are read from its columns, not recomputed; Parquet opens.

``core.annotated`` rebuilds the result an annotated export records (the desktop's .csv/.xlsx, dedup-spark's
Parquet with ``dup_row`` or ``--id-column`` references); ``core.io.parquet_reader`` reads Parquet files and
Spark's folders of part files with every value as stored.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from dedup_gui.core import annotated
from dedup_gui.core.errors import InputError
from dedup_gui.core.export import export
from dedup_gui.core.io import read_table
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.result import Decisions
from dedup_gui.core.settings import Settings


@pytest.fixture(scope="module")
def articles(tmp_path_factory) -> Path:
    from devtools.synth import generate_corpus

    c = generate_corpus(120, seed=4, dup_share=0.4, short_share=0.2)
    path = tmp_path_factory.mktemp("annotated") / "articles.csv"
    ids = [f"{i:05d}" for i in range(len(c))]  # leading zeros: ids are text
    pd.DataFrame({"id": ids, "date": c.dates, "text": c.texts}).to_csv(path, index=False)
    return path


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_an_annotated_export_reopens_with_its_clusters_and_decisions(articles, tmp_path, suffix):
    table = read_table(articles)
    pipeline = Pipeline.for_table(table, ["text"])
    result = pipeline.run(Settings())
    big = max(result.clusters, key=lambda c: c.size)
    other = next(m for m in big.members if m != big.kept)
    spare = next(m for m in big.members if m not in (big.kept, other))
    decisions = Decisions(kept={big.id: other}, not_duplicate={spare})
    out = tmp_path / f"annotated{suffix}"
    export(table, result, decisions, annotated=out, similarity=pipeline.similarity)

    reopened = read_table(out)
    assert annotated.is_annotated(reopened) and not annotated.is_annotated(table)
    loaded = annotated.load(reopened)
    assert [c.members for c in loaded.result.clusters] == [c.members for c in result.clusters]
    kept = {c.id: c.kept for c in loaded.result.clusters}
    assert kept == {c.id: decisions.kept.get(c.id, c.kept) for c in result.clusters}
    assert loaded.decisions.not_duplicate == {spare}
    expected = result.resolve(decisions, pipeline.similarity)
    again = loaded.result.resolve(loaded.decisions)
    assert again.keep.tolist() == expected.keep.tolist()
    assert again.dup_of.tolist() == expected.dup_of.tolist()
    np.testing.assert_allclose(again.similarity, expected.similarity.round(4), equal_nan=True)
    assert loaded.result.keep_note == annotated.SOURCE_NOTE
    assert annotated.without_annotation(reopened).columns == table.columns


def _spark_like(tmp_path: Path, rows: pd.DataFrame) -> Path:
    """A Parquet folder as dedup-spark writes it: part files in row order, a _SUCCESS marker."""
    folder = tmp_path / "rows"
    folder.mkdir()
    half = len(rows) // 2
    rows.iloc[:half].to_parquet(folder / "part-00000-x.snappy.parquet", index=False)
    rows.iloc[half:].to_parquet(folder / "part-00001-x.snappy.parquet", index=False)
    (folder / "_SUCCESS").write_bytes(b"")
    return folder


def test_spark_output_refers_to_rows_by_dup_row_even_when_resorted(tmp_path):
    pytest.importorskip("pyarrow", reason="reading Parquet needs pyarrow (the [spark] extra)")
    rows = pd.DataFrame(
        {
            "text": ["a copy", "the original", "unrelated", "another copy"],
            "dup_row": [1, 2, 3, 4],
            "dup_cluster": pd.array([1, 1, None, 1], dtype="Int64"),
            "dup_kept": [0, 1, 1, 0],
            "dup_of": pd.array([2, None, None, 2], dtype="Int64"),
            "dup_similarity": [0.91, None, None, 0.88],
        }
    )
    resorted = rows.iloc[[2, 3, 1, 0]].reset_index(drop=True)  # a user sorted the output by something else
    table = read_table(_spark_like(tmp_path, resorted))
    assert table.kind == "parquet" and len(table) == 4
    result = annotated.load_result(table)
    assert [(c.kept, c.members, c.similarity) for c in result.clusters] == [(2, [1, 2, 3], {1: 0.88, 3: 0.91, 2: 1.0})]


def test_ids_name_the_kept_row_with_id_column(tmp_path):
    path = tmp_path / "by_id.csv"
    pd.DataFrame(
        {"id": ["x7", "x9", "x3"], "text": ["t", "t2", "t3"], "dup_cluster": ["1", "1", ""],
         "dup_kept": ["1", "0", "1"], "dup_of": ["", "x7", ""], "dup_similarity": ["", "0.95", ""]}
    ).to_csv(path, index=False)  # fmt: skip
    table = read_table(path)
    result = annotated.load_result(table, id_column="id")
    assert [(c.kept, c.members) for c in result.clusters] == [(0, [0, 1])]
    # Opened without naming it (the workbench), the id column is found: the only one dup_of's values fit.
    assert [(c.kept, c.members) for c in annotated.load_result(table).clusters] == [(0, [0, 1])]


def test_numeric_ids_are_told_from_row_numbers_by_the_clusters_they_make(tmp_path):
    """dedup-spark --id-column output has no dup_row: ids 2, 3, 1 read as row numbers would make row 2 a copy of
    itself; read as ids, of row 1."""
    path = tmp_path / "numeric_ids.csv"
    pd.DataFrame(
        {"doc": ["2", "3", "1"], "text": ["t", "t2", "t3"], "dup_cluster": ["1", "1", ""],
         "dup_kept": ["1", "0", "1"], "dup_of": ["", "2", ""], "dup_similarity": ["", "0.95", ""]}
    ).to_csv(path, index=False)  # fmt: skip
    result = annotated.load_result(read_table(path))
    assert [(c.kept, c.members) for c in result.clusters] == [(0, [0, 1])]
    # With nothing that fits, the row-number reading's problem is what the user is told.
    bad = tmp_path / "bad_ids.csv"
    pd.DataFrame(
        {"text": ["t", "t2"], "dup_cluster": ["1", "1"], "dup_kept": ["1", "0"], "dup_of": ["", "x7"],
         "dup_similarity": ["", "0.95"]}
    ).to_csv(bad, index=False)  # fmt: skip
    with pytest.raises(InputError, match=r"data row 2: dup_of must be a whole number from 1, not 'x7'"):
        annotated.load_result(read_table(bad))


@pytest.mark.parametrize(
    ("cells", "problem"),
    [
        ({"dup_kept": ["1", "2"]}, "data row 2: dup_kept must be 0 or 1, not '2'"),
        ({"dup_of": ["", "5"]}, "data row 2: dup_of 5 is past the last row (2)"),
        ({"dup_cluster": ["1", ""]}, "data row 2: removed (dup_kept 0) but in no dup_cluster"),
        ({"dup_kept": ["0", "0"], "dup_of": ["2", "1"]}, "cluster 1: dup_of names data row 1, which is not a kept row"),
        ({"dup_of": ["", "2"]}, "cluster 1: dup_of names data row 2, which is not a kept row of the cluster"),
    ],
)
def test_an_inconsistent_annotation_is_refused_naming_the_file_and_row(tmp_path, cells, problem):
    columns = {"text": ["a", "b"], "dup_cluster": ["1", "1"], "dup_kept": ["1", "0"], "dup_of": ["", "1"],
               "dup_similarity": ["", "0.9"]}  # fmt: skip
    columns.update(cells)
    path = tmp_path / "bad.csv"
    pd.DataFrame(columns).to_csv(path, index=False)
    with pytest.raises(InputError) as e:
        annotated.load(read_table(path))
    assert str(e.value).startswith(str(path)) and problem in str(e.value)


def test_a_table_without_the_columns_is_not_annotated(articles):
    with pytest.raises(InputError, match="is not an annotated file: no column dup_cluster"):
        annotated.load(read_table(articles))


def test_parquet_values_are_read_as_stored(tmp_path):
    pa = pytest.importorskip("pyarrow", reason="reading Parquet needs pyarrow (the [spark] extra)")
    import pyarrow.parquet as pq

    data = pa.table(
        {
            "code": ["000123", "12345678901234567890", None],
            "count": pa.array([3, None, 12], type=pa.int64()),
            "text": ["第一行\n第二行", "=1+1", "NA"],
        }
    )
    path = tmp_path / "values.parquet"
    pq.write_table(data, path)
    table = read_table(path)
    assert table.columns == ["code", "count", "text"]
    assert table.data["code"].tolist() == ["000123", "12345678901234567890", None]
    assert table.data["count"].tolist() == [3, None, 12]
    assert table.data["text"].tolist() == ["第一行\n第二行", "=1+1", "NA"]
    assert table.texts(["text"])[0] == "第一行\n第二行"


def test_a_damaged_parquet_file_is_one_line_naming_it(tmp_path):
    pytest.importorskip("pyarrow", reason="reading Parquet needs pyarrow (the [spark] extra)")
    path = tmp_path / "broken.parquet"
    path.write_bytes(b"PAR1 this is not really parquet")
    with pytest.raises(InputError, match=r"broken\.parquet: is not a readable Parquet file"):
        read_table(path)
