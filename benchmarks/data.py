"""Benchmark corpora: synthetic ones from ``devtools.synth`` (fixed seeds, cached on disk) or a real corpus
file, and the workbook a corpus is loaded from.

Nothing here is written into the repository: corpora, workbooks and results live in the cache folder
(``$DEDUP_BENCH_CACHE``, default ``<tmp>/dedup_gui_bench``). A real corpus passed with ``--real`` is only read
and converted there; research-use corpora must never be copied into the repo.

Kinds of synthetic corpus:
- ``long``: Chinese articles, log-uniform 200-3,000 characters (mean ~1,100), 30 % reposts and edits.
- ``short``: half 20-42 character texts (headlines, comments, product titles), half 30-55 character news
  snippets, mean ~50 characters, 30 % reposts and edits.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import pickle
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

TEXT_COLUMN = "正文"
COLUMNS = ("编号", "标题", "正文", "来源", "发布日期")
SEED = 20240611
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def cache_dir() -> Path:
    d = Path(os.environ.get("DEDUP_BENCH_CACHE") or Path(tempfile.gettempdir()) / "dedup_gui_bench")
    d.mkdir(parents=True, exist_ok=True)
    return d


@dataclass
class BenchCorpus:
    name: str  # "synthetic-long", "synthetic-short" or "real:<file stem>"
    texts: list[str]
    titles: list[str]
    group: list[int] | None = None  # planted duplicate groups (synthetic only)
    sources: list[str] | None = None
    dates: list[str] | None = None

    def __len__(self) -> int:
        return len(self.texts)

    version: str = ""  # the generator's digest (synthetic) or the source file's (real)

    @property
    def key(self) -> str:
        return f"{self.name.replace(':', '-')}-{len(self)}" + (f"-{self.version}" if self.version else "")

    def head(self, n: int) -> BenchCorpus:
        if n >= len(self):
            return self

        def cut(xs):
            return None if xs is None else xs[:n]

        return BenchCorpus(self.name, self.texts[:n], self.titles[:n], cut(self.group), cut(self.sources),
                           cut(self.dates), self.version)  # fmt: skip

    @property
    def mean_chars(self) -> float:
        return sum(map(len, self.texts)) / max(1, len(self.texts))


def synthetic(n: int, kind: str = "long", seed: int = SEED) -> BenchCorpus:
    """A synthetic corpus of ``n`` rows, generated once per (n, kind, seed) and then read from the cache."""
    path = cache_dir() / f"synthetic-{kind}-{n}-{seed}-{_generator_version()}.pkl"
    if path.exists():
        with open(path, "rb") as f:
            return pickle.load(f)
    corpus = _generate(n, kind, seed)
    _dump(corpus, path)
    return corpus


def _generator_version() -> str:
    """A digest of the generator's source: a changed grammar must not be served from an old cache."""
    from devtools import synth, synth_vocab

    h = hashlib.sha1()
    for mod in (synth, synth_vocab):
        h.update(Path(mod.__file__).read_bytes())
    return h.hexdigest()[:8]


def _generate(n: int, kind: str, seed: int) -> BenchCorpus:
    from devtools.synth import concat, generate_corpus

    t0 = time.perf_counter()
    if kind == "long":
        c = generate_corpus(n, seed=seed, dup_share=0.3, lang="zh", min_chars=200, max_chars=3000)
    elif kind == "short":
        half = n // 2
        c = concat(
            [
                generate_corpus(half, seed=seed, dup_share=0.3, short_share=1.0),
                generate_corpus(n - half, seed=seed + 1, dup_share=0.3, min_chars=30, max_chars=55,
                                same_event_share=0.0),
            ],
            shuffle_seed=seed,
        )  # fmt: skip
    else:
        raise ValueError(f"unknown corpus kind {kind!r}")
    print(f"  generated {n:,} {kind} texts in {time.perf_counter() - t0:.1f}s", flush=True)
    return BenchCorpus(f"synthetic-{kind}", c.texts, c.titles, c.group, c.sources, c.dates, _generator_version())


def real(path: str | Path) -> BenchCorpus:
    """A real corpus: JSON lines (optionally gzipped) with a ``text`` field (and ``title``), or any table
    ``dedup_gui`` reads (its longest-text column). Converted once into the cache, never into the repo."""
    path = Path(path)
    digest = hashlib.sha1(f"{path.resolve()}:{path.stat().st_size}:{path.stat().st_mtime}".encode()).hexdigest()[:10]
    cached = cache_dir() / f"real-{path.stem.split('.')[0]}-{digest}.pkl"
    if cached.exists():
        with open(cached, "rb") as f:
            return pickle.load(f)
    name = "real:" + path.name.split(".")[0]
    if path.name.endswith((".jsonl", ".jsonl.gz", ".json.gz")):
        opener = gzip.open if path.suffix == ".gz" else open
        texts, titles = [], []
        with opener(path, "rt", encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    rec = json.loads(line)
                    texts.append(str(rec.get("text") or ""))
                    titles.append(str(rec.get("title") or ""))
        corpus = BenchCorpus(name, texts, titles, version=digest)
    else:
        from dedup_gui.core.io import read_table

        table = read_table(path)
        column = table.guess_text_columns()[0]
        texts = table.column_texts(column)
        corpus = BenchCorpus(name, texts, [t[:30] for t in texts], version=digest)
    _dump(corpus, cached)
    return corpus


def _dump(obj, path: Path) -> None:
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as f:
        pickle.dump(obj, f, protocol=pickle.HIGHEST_PROTOCOL)
    tmp.replace(path)


def corpus_file(corpus: BenchCorpus) -> Path:
    """The pickled corpus the benchmark's child processes load (written once)."""
    path = cache_dir() / f"{corpus.key}.pkl"
    if not path.exists():
        _dump(corpus, path)
    return path


def load_corpus(path: str | Path) -> BenchCorpus:
    with open(path, "rb") as f:
        return pickle.load(f)


def workbook(corpus: BenchCorpus) -> Path:
    """The corpus as a news workbook (编号 as text with leading zeros, 标题, 正文, 来源, 发布日期), written once
    with openpyxl's streaming writer."""
    path = cache_dir() / f"{corpus.key}.xlsx"
    if path.exists():
        return path
    import datetime as dt

    from openpyxl import Workbook

    t0 = time.perf_counter()
    wb = Workbook(write_only=True)
    ws = wb.create_sheet("数据")
    ws.append(list(COLUMNS))
    sources = corpus.sources or ["" for _ in corpus.texts]
    dates = corpus.dates or ["2018-10-01" for _ in corpus.texts]
    for i, (title, text, source, date) in enumerate(zip(corpus.titles, corpus.texts, sources, dates, strict=True)):
        ws.append([f"{i + 1:07d}", title, _excel_safe(text), source, dt.date.fromisoformat(date)])
    tmp = path.with_suffix(".tmp.xlsx")
    wb.save(tmp)
    tmp.replace(path)
    print(f"  wrote {path.name} ({path.stat().st_size / 2**20:.0f} MiB) in {time.perf_counter() - t0:.1f}s", flush=True)
    return path


def _excel_safe(text: str) -> str:
    # A cell holds at most 32,767 characters; XML 1.0 forbids most control characters.
    return _CONTROL.sub("", text)[:32767]
