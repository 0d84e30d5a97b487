"""dedup-spark: the Spark job gives the desktop engine's answer on the same input.

The agreement tests run the job in ``local[2]`` and ``Pipeline.run`` on one generated set - reposts with source
headers and copyright footers, truncations, character edits, HTML wrappers, short texts, a site disclaimer under
many unrelated articles (learned as boilerplate), exact copies and empty rows - and compare every row's
dup_cluster, dup_kept, dup_of and dup_similarity (strict mode: the same removals) or the cluster partition and kept
rows (linked mode). There are no known differences; a future one must be listed here with its reason.

They need pyspark and a Java runtime, and skip with the reason when either is missing. The batch functions the
job runs inside Spark are tested without either.
"""

from __future__ import annotations

import ast
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import dedup_gui
from dedup_gui.core import annotated
from dedup_gui.core.algorithms.ngram import NGram
from dedup_gui.core.annotation import StatusWords
from dedup_gui.core.boilerplate import SAMPLE
from dedup_gui.core.cluster import build_clusters
from dedup_gui.core.io import read_table
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.progress import Reporter
from dedup_gui.core.settings import Settings
from dedup_gui.spark import batches
from dedup_gui.spark.cli import run as cli_run

ROOT = Path(__file__).resolve().parents[1]


def _java() -> bool:
    home = os.environ.get("JAVA_HOME")
    return bool(shutil.which("java") or (home and (Path(home) / "bin" / "java").exists()))


def _pyspark() -> bool:
    try:
        import pyarrow  # noqa: F401
        import pyspark  # noqa: F401
    except ImportError:
        return False
    return True


needs_spark = pytest.mark.skipif(
    not (_pyspark() and _java()),
    reason="needs pyspark and pyarrow (pip install 'dedup-gui[spark]') and a Java 17+ runtime (java on PATH or "
    "JAVA_HOME)",
)

DISCLAIMER = "本站声明：本文仅代表作者本人观点，与本站立场无关，如有侵权请联系我们删除。"


def agreement_rows() -> pd.DataFrame:
    """About 260 rows: the synthetic news generator's reposts and short texts, plus a disclaimer appended to ten
    unrelated articles, an article that is nothing but the disclaimer, exact copies and empty cells, and exact copies
    of texts of markup alone and of a text quoted throughout, and a text with signs at its ends."""
    from devtools.synth import generate_corpus

    c = generate_corpus(240, seed=11, dup_share=0.35, short_share=0.3)
    texts = list(c.texts)
    rng = random.Random(5)
    longs = [i for i, t in enumerate(texts) if len(t) > 300 and c.edit[i] == "original"]
    for i in rng.sample(longs, 10):
        texts[i] = texts[i] + "\n" + DISCLAIMER
    dates = list(c.dates)
    texts += [DISCLAIMER, "", "   ", texts[3], texts[3]]
    dates += ["2024-01-05", "", "2024-01-06", "2023-02-01", "2023年2月1日"]
    quoted = ">>点击阅读原文[标题]评：说好听点"
    texts += ["<p></p>", "<img src='a.jpg'>", "<p></p>", "<p> </p>", quoted, quoted, "北京欢迎你", "“北京欢迎你!!!”"]
    dates += ["", "", "", "", "2024-03-01", "2024-03-02", "2024-03-03", "2024-03-04"]
    n = len(texts)
    return pd.DataFrame(
        {
            "id": [f"a{i:04d}" for i in range(n)],
            "发布时间": dates,
            "text": texts,
            "views": [str(rng.randint(0, 5000)) for _ in range(n)],
        }
    )


# -- Spark ---------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def spark():
    from dedup_gui.spark.session import spark_session

    session = spark_session(
        "local[2]",
        {
            "spark.sql.shuffle.partitions": "2",
            "spark.default.parallelism": "2",
            "spark.ui.enabled": "false",
            "spark.ui.showConsoleProgress": "false",
            "spark.driver.memory": "1g",
        },
    )
    yield session
    session.stop()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("spark") / "articles.csv"
    agreement_rows().to_csv(path, index=False)
    return path


def _both(spark, corpus: Path, out: Path, settings: Settings, **spec):
    from dedup_gui.spark.job import JobSpec, run

    summary = run(spark, JobSpec([str(corpus)], ["text"], settings, str(out), **spec))
    table = read_table(corpus)
    desktop = Pipeline.for_table(table, ["text"]).run(settings)
    return summary, desktop, table


def _rows(out: Path) -> pd.DataFrame:
    """The job's rows/ as the desktop reads them (Parquet or CSV part files, in name order)."""
    parts = sorted((out / "rows").glob("part-*"))
    if parts[0].suffix == ".csv":
        return pd.concat([pd.read_csv(p, dtype=str, keep_default_na=False) for p in parts], ignore_index=True)
    return read_table(out / "rows").data


def _column(frame: pd.DataFrame, name: str) -> list[object]:
    """Cells as comparable values: numbers as floats (4 decimals), blanks as None."""
    out = []
    for v in frame[name].tolist():
        if v is None or v is pd.NA or (isinstance(v, float) and np.isnan(v)) or v == "":
            out.append(None)
        else:
            out.append(round(float(v), 4))
    return out


def _assert_same_removals(desktop, rows: pd.DataFrame) -> None:
    expected = desktop.resolve().annotation_frame()
    assert len(rows) == len(expected)
    for name in ("dup_cluster", "dup_kept", "dup_of", "dup_similarity"):
        got, want = _column(rows, name), _column(expected, name)
        differ = [i + 1 for i, (g, w) in enumerate(zip(got, want, strict=True)) if g != w]
        assert differ == [], f"{name} differs from the desktop on data rows {differ[:20]}"


def _assert_same_counts(summary, desktop) -> None:
    assert summary.rows == desktop.n_rows
    assert summary.exact_duplicates == desktop.exact_duplicates
    assert summary.boilerplate_sentences == desktop.boilerplate_sentences
    assert (summary.proposed, summary.rejected) == (desktop.proposed, desktop.rejected)
    assert summary.clusters == len(desktop.clusters)
    assert summary.removed == desktop.rows_to_remove


def _short_texts_job(spark, tmp_path, name: str, texts: list[str]):
    """The job and the desktop (n-gram, strict) on a CSV of ``texts``, proven to agree row for row and in their
    counts: (the desktop's result, the job's rows)."""
    path = tmp_path / f"{name}.csv"
    pd.DataFrame({"text": texts}).to_csv(path, index=False)
    summary, desktop, _ = _both(spark, path, tmp_path / "out", Settings(algorithm="ngram", mode="strict"))
    rows = _rows(tmp_path / "out")
    _assert_same_removals(desktop, rows)
    _assert_same_counts(summary, desktop)
    return desktop, rows


@needs_spark
def test_ngram_strict_gives_the_desktop_removals_row_for_row(spark, corpus, tmp_path):
    summary, desktop, _ = _both(spark, corpus, tmp_path / "out", Settings(algorithm="ngram", mode="strict"))
    rows = _rows(tmp_path / "out")
    _assert_same_removals(desktop, rows)
    _assert_same_counts(summary, desktop)
    assert desktop.boilerplate_sentences >= 1  # the disclaimer was learned, in both
    assert desktop.rows_to_remove > 20 and summary.date_column == "发布时间"
    assert rows["dup_row"].tolist() == list(range(1, len(rows) + 1))  # input order, numbered from 1
    # back on the desktop: the output opens as an annotated table with the same clusters, nothing recomputed
    reopened = read_table(tmp_path / "out" / "rows")
    assert annotated.is_annotated(reopened)
    result = annotated.load_result(reopened)
    assert [(c.kept, c.members) for c in result.clusters] == [(c.kept, c.members) for c in desktop.clusters]
    assert result.resolve().keep.tolist() == desktop.resolve().keep.tolist()


@needs_spark
def test_ngram_linked_gives_the_desktop_clusters_and_kept_rows(spark, corpus, tmp_path):
    settings = Settings(algorithm="ngram", mode="linked", keep="max:views")
    summary, desktop, _ = _both(spark, corpus, tmp_path / "out", settings)
    rows = _rows(tmp_path / "out")
    groups: dict[int, set[int]] = {}
    for row, c in enumerate(_column(rows, "dup_cluster")):
        if c is not None:
            groups.setdefault(int(c), set()).add(row)
    kept = {int(c): row for row, (c, k) in enumerate(zip(_column(rows, "dup_cluster"), _column(rows, "dup_kept"),
                                                              strict=True)) if c is not None and k == 1}  # fmt: skip
    assert sorted(map(sorted, groups.values())) == sorted(sorted(c.members) for c in desktop.clusters)
    assert {c.id: c.kept for c in desktop.clusters} == kept
    _assert_same_removals(desktop, rows)  # in linked mode too, every cell agrees
    _assert_same_counts(summary, desktop)


@needs_spark
def test_simhash_strict_gives_the_desktop_removals(spark, corpus, tmp_path):
    summary, desktop, _ = _both(spark, corpus, tmp_path / "out", Settings(algorithm="simhash"))
    _assert_same_removals(desktop, _rows(tmp_path / "out"))
    _assert_same_counts(summary, desktop)


@needs_spark
def test_nshash_with_row_ids_and_csv_output_names_kept_rows_by_id(spark, corpus, tmp_path):
    out = tmp_path / "out"
    summary, desktop, table = _both(spark, corpus, out, Settings(algorithm="nshash"), id_column="id", out_format="csv")
    rows = _rows(out)
    assert "dup_row" not in rows.columns  # the input's ids name the rows
    assert rows.columns.tolist()[:4] == table.columns  # every input column, as read
    assert rows["text"].tolist() == table.data["text"].tolist()  # multi-line cells survive the CSV round trip
    expected = desktop.resolve().annotation_frame()
    ids = table.data["id"].tolist()
    want_of = [None if pd.isna(d) else ids[int(d) - 1] for d in expected["dup_of"].tolist()]
    assert [v or None for v in rows["dup_of"].tolist()] == want_of
    _assert_same_counts(summary, desktop)
    clusters = pd.concat([pd.read_csv(p, dtype=str) for p in sorted((out / "clusters").glob("part-*"))])
    assert clusters["kept_id"].tolist() == [ids[c.kept] for c in desktop.clusters]
    assert (out / "summary.json").exists()


@needs_spark
def test_components_are_those_union_find_gives(spark):
    from cluster_reference import UnionFind

    from dedup_gui.spark.components import connected_components

    rng = random.Random(3)
    edges = {(rng.randrange(300), rng.randrange(300)) for _ in range(220)}  # chains, stars, cycles, self-loops
    edges |= {(i, i + 1) for i in range(400, 460)}  # one long path: the rounds large-star/small-star need
    pairs = spark.createDataFrame([(a, b) for a, b in edges if a != b], "a long, b long")
    comps, rounds = connected_components(pairs)
    uf = UnionFind(500)
    for a, b in edges:
        uf.union(a, b)
    got = {r["u"]: r["comp"] for r in comps.collect()}
    nodes = {n for a, b in edges if a != b for n in (a, b)}
    assert set(got) == nodes
    assert all(got[n] == min(m for m in nodes if uf.find(m) == uf.find(n)) for n in nodes)
    assert rounds >= 2


@needs_spark
def test_an_existing_output_folder_is_refused_before_any_work(spark, corpus, tmp_path):
    from dedup_gui.core.errors import OutputError
    from dedup_gui.spark.job import JobSpec, run

    (tmp_path / "out").mkdir()
    with pytest.raises(OutputError, match="already exists"):
        run(spark, JobSpec([str(corpus)], ["text"], Settings(), str(tmp_path / "out")))


@needs_spark
def test_a_missing_column_is_one_line_naming_the_input(spark, corpus, tmp_path):
    from dedup_gui.core.errors import InputError
    from dedup_gui.spark.job import JobSpec, run

    expected = r"articles\.csv: no column named 'body' \(columns: id, 发布时间, text, views\)"
    with pytest.raises(InputError, match=expected):
        run(spark, JobSpec([str(corpus)], ["body"], Settings(), str(tmp_path / "out")))
    assert not (tmp_path / "out").exists()


@needs_spark
def test_repeated_ids_are_refused(spark, tmp_path):
    from dedup_gui.core.errors import InputError
    from dedup_gui.spark.job import JobSpec, run

    path = tmp_path / "ids.csv"
    pd.DataFrame({"id": ["x", "y", "x"], "text": ["一", "二", "三"]}).to_csv(path, index=False)
    with pytest.raises(InputError, match="repeats the id 'x'"):
        run(spark, JobSpec([str(path)], ["text"], Settings(), str(tmp_path / "out"), id_column="id"))


# -- the command line ----------------------------------------------------------------------------------------------


def test_usage_errors_are_one_line_and_start_no_spark(capsys):
    assert cli_run(["in.csv", "--output", "out"]) == 2
    assert cli_run(["in.csv", "--column", "text", "--output", "out", "--threshold", "7"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0] == "dedup-spark: the following arguments are required: --column"
    assert err[1].startswith("dedup-spark: threshold for ngram must be a number between 0.3 and 1")
    assert len(err) == 2


def test_without_pyspark_the_command_says_which_extra_to_install(tmp_path):
    code = (
        "import sys; sys.modules['pyspark'] = None\n"
        "from dedup_gui.spark.cli import run\n"
        "sys.exit(run(['in.csv', '--column', 'text', '--output', 'out']))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "dedup-spark: needs pyspark and pyarrow (pyspark is missing): pip install 'dedup-gui[spark]'"
    )


@needs_spark
def test_a_missing_input_is_one_line_naming_it(tmp_path):
    missing = tmp_path / "nowhere.csv"
    done = subprocess.run(
        [sys.executable, "-m", "dedup_gui.spark.cli", str(missing), "--column", "text", "--output",
         str(tmp_path / "out"), "--master", "local[1]", "--conf", "spark.ui.enabled=false"],
        capture_output=True, text=True, cwd=ROOT, timeout=600,
    )  # fmt: skip
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"dedup-spark: {missing}: ") and "Traceback" not in done.stderr


def test_only_the_spark_package_imports_pyspark():
    package = Path(dedup_gui.__file__).parent
    offenders = []
    for path in package.rglob("*.py"):
        if "spark" in path.relative_to(package).parts[:1]:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in ("pyspark", "py4j")]
            offenders += [f"{path.name}: {n}" for n in names if "spark" in n.split(".")]
    assert offenders == []


# -- the batch functions, without Spark ----------------------------------------------------------------------------


def test_a_group_running_over_batch_boundaries_is_handed_over_whole():
    batches_in = [pd.DataFrame({"k": [1, 1, 2], "v": [0, 1, 2]}), pd.DataFrame({"k": [2, 2, 2], "v": [3, 4, 5]}),
                  pd.DataFrame({"k": [2, 3], "v": [6, 7]}), pd.DataFrame({"k": [4], "v": [8]})]  # fmt: skip
    chunks = [(c["k"].tolist(), c["v"].tolist()) for c in batches.whole_groups(iter(batches_in), "k")]
    assert chunks == [([1, 1], [0, 1]), ([2, 2, 2, 2, 2], [2, 3, 4, 5, 6]), ([3], [7]), ([4], [8])]


def test_the_carriers_sampled_are_the_ones_learn_samples():
    for count in (5, 8, 9, 37, 1000):
        positions = np.arange(count)
        expected = set(np.linspace(0, count - 1, min(SAMPLE, count)).astype(np.int64).tolist())
        got = set(positions[batches.picked(np.full(count, count), positions, SAMPLE)].tolist())
        assert got == expected


def test_strict_keepers_is_build_clusters_on_the_component():
    # a chain 10 - 20 - 30 where 20 ranks best: strict keeps 20 for both; 40 - 50 where 50 ranks best
    nodes = pd.DataFrame({"kind": "node", "u": [10, 20, 30, 40, 50], "k1": [0.0] * 5, "k2": [0.0] * 5,
                          "k3": [3.0, 1.0, 2.0, 5.0, 4.0], "anchor": [10, 20, 30, 40, 50], "depth": [0] * 5,
                          "best_row": [10, 20, 30, 40, 50]})  # fmt: skip
    edges = pd.DataFrame({"kind": "edge", "u": [10, 20, 40], "v": [20, 30, 50], "similarity": [0.9, 0.8, 0.7]})
    got = batches.strict_keepers(pd.concat([nodes, edges], ignore_index=True).assign(comp=10))
    assert dict(zip(got["u"], got["keeper"], strict=True)) == {10: 20, 20: 20, 30: 20, 40: 50, 50: 50}
    assert dict(zip(got["u"], got["similarity"], strict=True)) == {10: 0.9, 20: 1.0, 30: 0.8, 40: 0.7, 50: 1.0}
    rank = np.array([2, 0, 1, 4, 3])
    clusters = build_clusters(5, np.array([0, 1, 3]), np.array([1, 2, 4]), np.array([0.9, 0.8, 0.7]),
                              np.arange(5), rank, "strict", lambda u, v: 0.0)  # fmt: skip
    assert sorted((c.kept, c.members) for c in clusters) == [(1, [0, 1, 2]), (4, [3, 4])]


def test_an_excerpt_shares_a_key_with_its_longer_source_fingerprinted_in_another_batch():
    """Each batch is fingerprinted alone: a text is keyed at the levels of longer texts in other batches, not
    only up to its own batch's longest text (the desktop, seeing the whole column, leaves those out)."""
    rng = np.random.default_rng(7)
    source = "".join(rng.choice(list("新闻中国人民日报记者北京上海经济发展市场今日报道"), 180))
    excerpt = source[:110]  # 107 grams, own level 1 (and so the longest of its batch); the source's 177: level 2
    settings = Settings(algorithm="ngram").resolved()

    def keys(u: int, text: str) -> set[int]:
        frame = pd.DataFrame({"u": [u], "compact": [text]})
        return set(batches.ngram_fingerprints(frame, settings)["keys"][0].tolist())

    assert keys(0, excerpt) & keys(1, source)
    assert NGram().search(NGram().fingerprint([excerpt, source], settings, Reporter()), [excerpt, source],
                          settings, Reporter()).a.tolist() == [0]  # fmt: skip


def test_a_common_keys_bucket_pairs_in_a_batch_what_the_desktops_rule_keeps():
    """``batches.ngram_bucket_pairs``: a bucket of a key held by more than ``RARE_KEY_SETS`` key sets (``df``)
    pairs two texts that are not tight only when their lengths are a copy's edit apart (``ngram.near_copies``), a
    tight text with any; a rare key's bucket pairs all. (Forty texts of 50-89 characters, their sketches alike.)"""
    from dedup_gui.core.algorithms.ngram import RARE_KEY_SETS, SKETCH_BINS, TIGHT_GRAMS

    n = 40
    lengths = np.arange(50, 50 + n)
    sizes = np.where(np.isin(np.arange(n), [5, 6]), TIGHT_GRAMS, 100 + np.arange(n))
    common, rare = 11, 22
    rows = [(common, u, RARE_KEY_SETS + 1) for u in range(n)] + [(rare, u, 3) for u in (0, 1, 2)]
    frame = pd.DataFrame(rows, columns=["key", "u", "df"]).sort_values(["key", "u"], ignore_index=True)
    frame["size"], frame["length"] = sizes[frame["u"]], lengths[frame["u"]]
    frame["sketch"] = [bytes(range(0, 2 * SKETCH_BINS, 2))] * len(frame)
    settings = Settings(algorithm="ngram").resolved()
    got = batches.ngram_bucket_pairs(frame, settings, 0.7)
    tight = {5, 6}
    want = {(x, y) for x in range(n) for y in range(x + 1, n) if y - x <= 1 or {x, y} & tight}
    want |= {(0, 1), (0, 2), (1, 2)}
    assert set(zip(got["a"].tolist(), got["b"].tolist(), strict=True)) == want
    frame["df"] = RARE_KEY_SETS  # (a key no more common than that: every pair)
    got = batches.ngram_bucket_pairs(frame, settings, 0.7)
    assert len(got) == n * (n - 1) // 2


def test_rows_with_the_same_normalised_text_share_a_key_and_empty_rows_have_none():
    frame = pd.DataFrame({"__row": [0, 1, 2, 3], "text": ["<p>Ａ  text</p>", "a text", None, "other"]})
    out = batches.prepare_rows(frame, ["text"], Settings().normalise, marks=True)
    keys = list(zip(out["key_hi"].tolist(), out["key_lo"].tolist(), strict=True))
    assert keys[0] == keys[1] != keys[3]
    assert out["key_hi"].isna().tolist() == [False, False, True, False]
    assert out["length"].tolist() == [14, 6, 0, 5]


@needs_spark
def test_ngram_on_common_word_sentences_gives_the_desktop_removals(spark, tmp_path):
    """English-like short texts (common 4-grams: crowded prefix buckets) get the desktop's removals."""
    from engine_texts import common_word_sentences

    texts, _ = common_word_sentences(1500, 150, seed=4)
    path = tmp_path / "sentences.csv"
    pd.DataFrame({"id": [f"s{i}" for i in range(len(texts))], "text": texts}).to_csv(path, index=False)
    summary, desktop, _ = _both(spark, path, tmp_path / "out", Settings(algorithm="ngram", mode="strict"))
    _assert_same_removals(desktop, _rows(tmp_path / "out"))
    _assert_same_counts(summary, desktop)
    assert desktop.rows_to_remove > 100


@needs_spark
def test_the_common_keys_kept_are_those_among_a_texts_first_ones(spark):
    """``candidates._early_common`` keeps a prefix posting of a common key (held by more than ``COMMON_KEY_SETS`` key
    sets) only among its set's first n + 1 keys held by two sets or more, or its own-level set's ``at_least`` when
    more, or for a tight text - the desktop's rule (``ngram._prefixes``' ``common_above``): random ranks, keys of
    one set ranked first, key frequencies and sizes."""
    from dedup_gui.core.algorithms.ngram import COMMON_KEY_SETS, TIGHT_GRAMS
    from dedup_gui.spark.candidates import _early_common

    rng = np.random.default_rng(8)
    rows = 3000
    u, step = rng.integers(0, 200, rows), rng.integers(0, 2, rows)
    alone = rng.integers(0, 8, rows)  # the set's keys of one set alone, ranked before the others
    rank, df = alone + rng.integers(0, 30, rows), rng.integers(2, 3 * COMMON_KEY_SETS, rows)
    size, at_least = rng.integers(10, 400, 200), rng.choice([0, 5, 9, 13], 200)
    early = np.maximum(5, np.where(step == 0, at_least[u], 0))
    keeps = (df <= COMMON_KEY_SETS) | (rank - alone < early) | (size[u] >= TIGHT_GRAMS)
    want = sorted(zip(np.arange(rows)[keeps].tolist(), u[keeps].tolist(), strict=True))
    assert 0 < len(want) < rows
    prefix = spark.createDataFrame(
        list(
            zip(
                range(rows),
                u.tolist(),
                step.tolist(),
                rank.tolist(),
                alone.tolist(),
                df.tolist(),
                at_least[u].tolist(),
                strict=True,
            )
        ),
        "key long, u long, step int, rank long, alone long, df long, at_least long",
    )
    texts = spark.createDataFrame(list(enumerate(size.tolist())), "u long, size long")
    got = sorted((r["key"], r["u"]) for r in _early_common(prefix, texts, Settings(algorithm="ngram", n=4)).collect())
    assert got == want


@needs_spark
def test_a_name_replaced_in_a_template_keeps_both_rows_as_on_the_desktop(spark, tmp_path):
    """The job reads names in each unique text's first row as written, as the desktop does."""
    from engine_texts import name_template_rows

    texts, clusters = name_template_rows()
    texts = texts + [t.upper() for t in texts[:2]]  # the same texts in capitals: exact copies, no names to read
    path = tmp_path / "names.csv"
    pd.DataFrame({"text": texts}).to_csv(path, index=False)
    summary, desktop, _ = _both(spark, path, tmp_path / "out", Settings(algorithm="ngram", mode="strict"))
    _assert_same_removals(desktop, _rows(tmp_path / "out"))
    _assert_same_counts(summary, desktop)
    assert sorted(sorted(c.members) for c in desktop.clusters) == [[0, 3, 12], [1, 13], *clusters[1:]]


def _batch_pairs(texts: list[str], a: list[int], b: list[int]) -> pd.DataFrame:
    """The frame a Spark batch hands the text check's last word: each pair's normalised and written texts."""
    from dedup_gui.core.settings import NormaliseOptions
    from dedup_gui.core.text import normalise

    return pd.DataFrame(
        {
            "a": a,
            "b": b,
            "norm_a": [normalise(texts[i], NormaliseOptions()) for i in a],
            "norm_b": [normalise(texts[i], NormaliseOptions()) for i in b],
            "written_a": [texts[i] for i in a],
            "written_b": [texts[i] for i in b],
            # (no boilerplate in a batch of a few pairs: each text's content is the text)
            "content_a": [normalise(texts[i], NormaliseOptions()) for i in a],
            "content_b": [normalise(texts[i], NormaliseOptions()) for i in b],
        }
    )


def test_the_batch_check_turns_down_a_name_replaced_and_passes_a_misspelt_copy():
    from engine_texts import name_template_rows

    texts, _ = name_template_rows()
    frame = _batch_pairs(texts, [0, 0, 4], [1, 3, 5])  # Warsaw / Buenos Aires, Warsaw / Warsav, Canadian / Australian
    assert batches.reports_agree(frame, markup=True)["agree"].tolist() == [False, True, False]


def test_the_batch_check_turns_down_a_negation_added_and_passes_a_copy():
    texts = ["孕妇可以吃香蕉和饼干吗", "孕妇不可以吃香蕉和饼干吗", "孕妇可以吃香蕉和饼干吗？", "They did agree to it.",
             "They didn't agree to it."]  # fmt: skip
    frame = _batch_pairs(texts, [0, 0, 3], [1, 2, 4])
    assert batches.reports_agree(frame, markup=True)["agree"].tolist() == [False, True, False]


@needs_spark
def test_questions_a_negation_a_numeral_or_an_opposite_apart_stay_as_on_the_desktop(spark, tmp_path):
    texts = ["孕妇可以吃香蕉和饼干吗", "孕妇不可以吃香蕉和饼干吗", "孕妇可以吃香蕉和饼干吗？", "驾照考试科目四怎么预约",
             "驾照考试科目一怎么预约", "驾照考试科目四怎么预约？", "额头低的女明星有哪些",
             "额头高的女明星有哪些"]  # fmt: skip
    desktop, _ = _short_texts_job(spark, tmp_path, "negations", texts)
    assert sorted(sorted(c.members) for c in desktop.clusters) == [[0, 2], [3, 5]]


@needs_spark
def test_a_short_question_one_character_apart_is_kept_to_check_as_on_the_desktop(spark, tmp_path):
    texts = ["插卡电表怎么读", "插卡电表怎么用", "请问北京明天的天气怎么样会不会下大雨呢",
             "请问北京明天的天气怎么祥会不会下大雨呢"]  # fmt: skip
    desktop, rows = _short_texts_job(spark, tmp_path, "held", texts)
    assert desktop.held.tolist() == [1]
    assert _column(rows, "dup_kept") == [1, 1, 1, 0]
    assert _column(rows, "dup_cluster")[0] == _column(rows, "dup_cluster")[1] is not None
    assert _column(rows, "dup_of")[1] is None  # (the contract's dup_of is a removed row's)


@needs_spark
def test_rows_with_the_text_of_a_row_kept_to_check_go_as_its_copies_as_on_the_desktop(spark, tmp_path):
    texts = ["插卡电表怎么读", "插卡电表怎么用", "完全无关的一段文字内容", "插卡电表怎么用", "插卡电表怎么用"]
    desktop, rows = _short_texts_job(spark, tmp_path, "twins", texts)
    assert desktop.held.tolist() == [1] and desktop.held_copies.rows.tolist() == [3, 4]
    assert _column(rows, "dup_kept") == [1, 1, 1, 0, 0]
    assert _column(rows, "dup_of")[3:] == [2, 2] and _column(rows, "dup_similarity")[3:] == [1, 1]


@needs_spark
def test_with_status_the_rows_tell_the_row_to_check_from_the_kept_row_as_dedup_cli_does(spark, tmp_path):
    """``--status`` (``JobSpec.status``): rows/ has dup_status after dup_cluster, in the desktop's words - the row
    kept to check and the kept row both have dup_kept 1 - and the output opens on the desktop with that row held."""
    from dedup_gui.spark.job import JobSpec, run

    texts = ["插卡电表怎么读", "插卡电表怎么用", "请问北京明天的天气怎么样会不会下大雨呢",
             "请问北京明天的天气怎么祥会不会下大雨呢", "完全无关的一段文字内容"]  # fmt: skip
    path = tmp_path / "q.csv"
    pd.DataFrame({"text": texts}).to_csv(path, index=False)
    run(spark, JobSpec([str(path)], ["text"], Settings(algorithm="ngram"), str(tmp_path / "out"), status=True))
    rows = _rows(tmp_path / "out")
    assert list(rows.columns) == [
        "text",
        "dup_row",
        "dup_cluster",
        "dup_status",
        "dup_kept",
        "dup_of",
        "dup_similarity",
    ]
    words = StatusWords()
    assert rows["dup_status"].tolist() == [words.kept, words.held, words.kept, words.removed, words.not_duplicate]
    assert _column(rows, "dup_kept") == [1, 1, 1, 0, 1]
    assert annotated.load(read_table(tmp_path / "out" / "rows")).result.held.tolist() == [1]


def test_the_batch_doubt_is_the_desktops():
    frame = pd.DataFrame({"u": [1, 2, 3], "K": [0, 0, 0], "norm_u": ["插卡电表怎么用", "插卡电表怎么读？", "x" * 40],
                          "norm_k": ["插卡电表怎么读", "插卡电表怎么读", "x" * 39 + "y"]})  # fmt: skip
    assert batches.held_pairs(frame)["held"].tolist() == [True, False, False]


def test_the_batch_doubt_reads_long_latin_texts_partly_in_other_words():
    from test_rewritten import REWRITE, STORY, TYPOS

    frame = pd.DataFrame({"u": [1, 2], "K": [0, 0], "norm_u": [REWRITE.lower(), TYPOS.lower()],
                          "norm_k": [STORY.lower(), STORY.lower()]})  # fmt: skip
    assert batches.held_pairs(frame)["held"].tolist() == [True, False]


@needs_spark
def test_a_story_partly_in_other_words_is_kept_to_check_as_on_the_desktop(spark, tmp_path):
    """Texts of any length are read for a rewrite (``core.doubt.rewritten``), not only short ones."""
    from test_rewritten import OTHER, REWRITE, STORY, TYPOS

    desktop, rows = _short_texts_job(spark, tmp_path, "rewritten", [STORY, REWRITE, TYPOS, OTHER])
    assert desktop.held.tolist() == [1]
    assert _column(rows, "dup_kept") == [1, 1, 0, 1]
    assert _column(rows, "dup_cluster")[0] == _column(rows, "dup_cluster")[1] is not None


@needs_spark
def test_an_excerpt_is_not_kept_in_place_of_its_longer_text_as_on_the_desktop(spark, tmp_path):
    """The desktop ranks a text before its excerpts (``cluster.containers_first``); the job does the same on keys."""
    from engine_texts import ZH_A, ZH_B, ZH_C, ZH_LONG, truncated

    quoting = "来源：城市晚报\n" + ZH_A + "\n" + ZH_C
    texts = [ZH_A, quoting, ZH_B, truncated(ZH_LONG, 0.7), "来源：晨报\n" + ZH_LONG]
    path = tmp_path / "excerpts.csv"
    pd.DataFrame({"date": [f"2024-03-0{i + 1}" for i in range(len(texts))], "text": texts}).to_csv(path, index=False)
    summary, desktop, _ = _both(spark, path, tmp_path / "out", Settings(algorithm="ngram", mode="strict"))
    _assert_same_removals(desktop, _rows(tmp_path / "out"))
    _assert_same_counts(summary, desktop)
    # The excerpts come first (earlier dates): the full text is kept all the same, and so is the notice alone (the
    # quoting article is its longer text, and goes for the full one: no text is removed for a copy of a copy).
    assert [(c.kept, c.members) for c in desktop.clusters] == [(4, [1, 3, 4])]


def test_the_batch_series_frames_are_the_desktops():
    from dedup_gui.core.series import framed

    texts_a = ["天津外国语大学2019年硕士研究生招生简章", "请问北京明天的天气怎么样", "维密水晶秀服曝光"]
    texts_b = ["天津城建大学2019年硕士研究生招生简章", "请问北京明天的天气怎么祥", "维密水晶秀服亮相"]
    frame = pd.DataFrame({"a": [0, 2, 4], "b": [1, 3, 5], "similarity": [0.86, 0.92, 0.75], "norm_a": texts_a,
                          "norm_b": texts_b})  # fmt: skip
    (got,) = list(batches.series_frames([frame]))
    want = framed(texts_a, texts_b, frame["similarity"].to_numpy())
    assert [tuple(r) for r in got[["before", "after", "x", "y"]].itertuples(index=False)] == [f for _, f in want]
    assert got["a"].tolist() == [0, 4]


@needs_spark
def test_a_series_of_notices_stays_as_on_the_desktop(spark, tmp_path):
    texts = ["天津外国语大学2019年硕士研究生招生简章", "天津城建大学2019年硕士研究生招生简章",
             "天津师范大学2019年硕士研究生招生简章", "天津科技大学2019年硕士研究生招生简章",
             "天津科技大学2019年硕士研究生招生简章！"]  # fmt: skip
    desktop, _ = _short_texts_job(spark, tmp_path, "series", texts)
    assert [c.members for c in desktop.clusters] == [[3, 4]]


def test_texts_equal_but_for_the_signs_at_their_ends_share_a_key():
    texts = ["北京欢迎你", "“北京欢迎你!!!”", "北京欢迎", "5", "5%"]
    frame = pd.DataFrame({"__row": range(len(texts)), "text": texts})
    out = batches.prepare_rows(frame, ["text"], Settings().normalise, marks=False)
    keys = list(zip(out["key_hi"].tolist(), out["key_lo"].tolist(), strict=True))
    assert keys[0] == keys[1] and len({keys[0], keys[2], keys[3], keys[4]}) == 4


def test_texts_of_markup_alone_share_a_key_with_their_exact_copies_only():
    # They normalise to nothing, as blank cells do; Pipeline's exact pass still makes their copies one text.
    texts = ["<p></p>", "<br>", "<p></p>", "   ", "<p> </p>"]
    frame = pd.DataFrame({"__row": range(len(texts)), "text": texts})
    out = batches.prepare_rows(frame, ["text"], Settings().normalise, marks=False)
    keys = list(zip(out["key_hi"].tolist(), out["key_lo"].tolist(), strict=True))
    assert keys[0] == keys[2] and len({keys[0], keys[1], keys[4]}) == 3
    assert out["key_hi"].isna().tolist() == [False, False, False, True, False]


@needs_spark
def test_articles_whose_body_is_only_a_placeholder_stay_as_on_the_desktop(spark, tmp_path):
    """A short text many articles share in place of their body is read with each row's title, in the job as on
    the desktop (``Table.placeholders``): the articles under their own headlines stay, a row with the same title
    goes as a copy, a repost of an article as before."""
    from test_placeholders import ROWS

    from dedup_gui.spark.job import JobSpec, run

    path = tmp_path / "news.csv"
    pd.DataFrame(ROWS, columns=["title", "body"]).to_csv(path, index=False)
    settings = Settings(algorithm="ngram", mode="strict")
    summary = run(spark, JobSpec([str(path)], ["body"], settings, str(tmp_path / "out")))
    desktop = Pipeline.for_table(read_table(path), ["body"]).run(settings)
    rows = _rows(tmp_path / "out")
    _assert_same_removals(desktop, rows)
    _assert_same_counts(summary, desktop)
    assert [c.members for c in desktop.clusters] == [[0, 9], [5, 8]]
    # the report's kept text, as the desktop's report gives it: the headline, then the slogan
    report = read_table(tmp_path / "out" / "clusters").data.sort_values("cluster")
    texts = Pipeline.for_table(read_table(path), ["body"]).texts
    assert report["kept_text"].tolist() == [texts[0][:200], texts[5][:200]]
    assert report["kept_text"].tolist()[1] == f"{ROWS[5][0]}\n{ROWS[5][1]}"


def test_a_placeholders_row_is_read_with_its_title_in_a_batch_as_on_the_desktop():
    titles, bodies = ["甲", "乙", "", "丙"], ["占位", " 占位 ", "占位", "正文"]
    frame = pd.DataFrame({"__row": range(4), "title": titles, "body": bodies})
    texts = batches.joined_texts(frame, ["body"], ("title", frozenset({"占位"})))
    assert texts == ["甲\n占位", "乙\n 占位 ", "占位", "正文"]
    reads = batches.placeholder_reads(frame, ["body"])
    assert reads["short"].tolist() == ["占位", "占位", "占位", "正文"] and reads["length"].tolist() == [2, 4, 2, 2]
