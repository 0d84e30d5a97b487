"""The whole-job benchmark's input files: real text with planted copies, written as CSV to the cache folder.

Every input is a CSV file (``id``, ``text``) in the benchmark cache (``$DEDUP_BENCH_CACHE``), never in the
repository, with its planted truth beside it (``<file>.groups.npy``: one group per row; rows of one group are an
original and its copies). The contestants see only the CSV file.

- ``articles``: Sina news articles (``../shared/eval/raw``, read through ``benchmarks.real``). Originals are real
  articles that have no natural near-duplicate in the corpus (the pool ``sets_sina.sina_reposts`` draws from);
  when more originals are needed than the pool holds (100,000 rows), the rest are *composites*: real sentences
  drawn at random from the whole corpus, strung into articles of real articles' lengths. About 30 % of rows are
  planted reposts of an original (``edits.make_variant``: header, footer, 0.5-2 % character edits, truncation to
  50-100 %, HTML page, combinations), one or two per original.
- ``short``: real short sentences (8-60 characters, 6+ Chinese characters; split from the Sina articles, plus
  the LCQMC questions), distinct after removing whitespace and punctuation; when more originals are needed than
  the ~260,000 sentences (1M rows), the rest are two real sentences joined with a comma. About 30 % of rows are a
  one-character edit (substitute, delete, insert) of an original.
- ``short-en``: real English sentences (20-160 characters, split from the Reuters-21578 stories), distinct after
  removing whitespace and punctuation; when more originals are needed than the ~69,000 sentences, the rest are two
  of them joined. About 30 % of rows are a one-character edit of an original at a letter (a letter substituted,
  deleted or inserted). English sentences are made of common character 4-grams - the prefix buckets of their keys
  are crowded where those of Chinese text are not.
- ``short-en-news`` (opt-in): ``short-en`` with more real sentences, for sizes past what Reuters holds: the
  Reuters sentences first (so that up to ~99,000 rows it is ``short-en``'s input), then sentences of the 20
  Newsgroups posts' own lines (quoted lines, signatures and other markers left out; 20-160 characters, 10+
  letters), ~218,000 distinct in all (~310,000 rows) before any two are joined. Copies as ``short-en``'s.
- ``posts``: Chinese texts of 60-300 characters, as a feed of posts or a column of paragraphs holds them: two to
  four consecutive real sentences of a Sina article (one with no natural near-duplicate in the corpus), distinct.
  About 30 % of rows are planted reposts of an original (``edits.make_variant``: header, footer, character edits,
  truncation, combinations; no HTML page).
- ``articles-en``: real English news stories (Reuters-21578 bodies of 200 characters or more). About 30 % of rows
  are planted reposts: a few letters edited, truncation to 50-100 %, a credit line added above or below
  (``edits.make_variant_en``), combinations. The stories have natural re-sent copies of their own, which are not in
  the planted truth.

Without the corpora (``../shared/eval/raw`` absent), both fall back to ``devtools.synth`` synthetic text and say so.
Truth is planted: natural duplicates inside the pools (two short sentences one word apart, say) are not in it, so
removing one counts as an "unplanted removal", not as an error of recall.
"""

from __future__ import annotations

import csv
import random
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from .data import cache_dir

VERSION = "2"  # bump when the construction changes: cached inputs are keyed by it
LABELS = {
    "articles": "articles",
    "short": "short texts",
    "short-en": "English short texts",
    "short-en-news": "English short texts (with Usenet)",
    "posts": "posts",
    "articles-en": "English articles",
}
COPY_SHARE = 0.3
_SENT = re.compile(r"[。！？!?；;\n]+")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_CLAUSE = re.compile(r"[，,、：:；;。！？!?\n]+")
_EN_SENT = re.compile(r"(?<=[.!?])\s+")


@dataclass
class Input:
    kind: str  # a key of LABELS
    rows: int
    path: Path  # the CSV file the contestants read
    groups: np.ndarray  # planted truth: group per row
    how: str  # one line: where the text comes from
    mean_chars: float

    def as_xlsx(self, inline: bool = False) -> Input:
        """The same rows as a workbook (sheet 1: ``id``, ``text``), written once beside the CSV file - as Excel and
        XlsxWriter write a workbook: the texts in its shared strings table, the sheet's cells their numbers in it.
        ``inline``: as openpyxl writes one - and pandas' ``to_excel`` through it, a script's workbook - each text in
        its cell in the sheet (inline strings; no spreadsheet writes them)."""
        xlsx = self.path.with_suffix(".inline.xlsx" if inline else ".shared.xlsx")
        if not xlsx.exists():
            tmp = xlsx.with_suffix(".tmp.xlsx")
            (_write_inline if inline else _write_shared)(tmp, self._rows())
            tmp.replace(xlsx)
        return replace(self, path=xlsx)

    def _rows(self) -> Iterator[list]:
        """The CSV file's rows: the header, then each row's id (a number) and text."""
        csv.field_size_limit(2**31 - 1)
        with open(self.path, encoding="utf-8", newline="") as f:
            for r, (i, text) in enumerate(csv.reader(f)):
                yield [i if r == 0 else int(i), text]

    @property
    def label(self) -> str:
        return f"{_count(self.rows)} {LABELS[self.kind]}"


def _write_shared(path: Path, rows: Iterator[list]) -> None:
    import xlsxwriter

    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("data")
    for r, (i, text) in enumerate(rows):
        ws.write_string(r, 0, i) if r == 0 else ws.write_number(r, 0, i)
        ws.write_string(r, 1, text)
    wb.close()


def _write_inline(path: Path, rows: Iterator[list]) -> None:
    from openpyxl import Workbook

    wb = Workbook(write_only=True)
    ws = wb.create_sheet("data")
    for row in rows:
        ws.append(row)
    wb.save(str(path))


def _count(n: int) -> str:
    if n >= 1_000_000 and n % 1_000_000 == 0:
        return f"{n // 1_000_000}M"
    if n >= 1000 and n % 1000 == 0:
        return f"{n // 1000}k"
    return f"{n:,}"


def build(kind: str, rows: int, seed: int = 1) -> Input:
    """The input of ``rows`` rows of ``kind``, built once and then read from the cache."""
    real = _real_available(kind)
    stem = f"wholejob-{kind}-{rows}-s{seed}-v{VERSION}-{'real' if real else 'synthetic'}"
    path = cache_dir() / f"{stem}.csv"
    meta = cache_dir() / f"{stem}.how.txt"
    gpath = cache_dir() / f"{stem}.groups.npy"
    if not (path.exists() and gpath.exists() and meta.exists()):
        t0 = time.perf_counter()
        rng = random.Random(seed)
        if not real:
            texts, groups, how = _synthetic(kind, rows, seed)
        elif kind == "articles":
            texts, groups, how = _articles(rows, rng)
        elif kind == "short":
            texts, groups, how = _short(rows, rng)
        elif kind == "short-en":
            texts, groups, how = _short_en(rows, rng)
        elif kind == "short-en-news":
            texts, groups, how = _short_en(rows, rng, usenet=True)
        elif kind == "posts":
            texts, groups, how = _posts(rows, rng)
        elif kind == "articles-en":
            texts, groups, how = _articles_en(rows, rng)
        else:
            raise ValueError(f"unknown input kind {kind!r}")
        mean = sum(map(len, texts)) / max(1, len(texts))
        _write_csv(path, texts)
        np.save(gpath, np.asarray(groups, dtype=np.int64))
        meta.write_text(f"{mean:.1f}\t{how}", encoding="utf-8")
        print(f"  built {path.name} ({path.stat().st_size / 2**20:.0f} MiB) in {time.perf_counter() - t0:.0f}s",
              flush=True)  # fmt: skip
    mean_s, how = meta.read_text(encoding="utf-8").split("\t", 1)
    return Input(kind, rows, path, np.load(gpath), how, float(mean_s))


def _real_available(kind: str) -> bool:
    from .real import corpora

    if kind in ("short-en", "articles-en"):
        return corpora.missing("reuters") is None
    if kind == "short-en-news":
        return corpora.missing("reuters") is None and corpora.missing("20ng") is None
    return corpora.missing("sina") is None and corpora.missing("lcqmc") is None


def _write_csv(path: Path, texts: list[str]) -> None:
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "text"])
        for i, t in enumerate(texts):
            w.writerow([i, t])
    tmp.replace(path)


def _plant(originals: list[str], rows: int, rng: random.Random, copy, titles: list[str] | None = None):
    """Originals plus copies made by ``copy(text, rng, title)`` until ``rows``; shuffled; (texts, groups)."""
    n_orig = len(originals)
    out: list[tuple[str, int]] = [(t, g) for g, t in enumerate(originals)]
    seen = set(originals)
    n_copies = rows - n_orig
    order = list(range(n_orig))
    rng.shuffle(order)
    k = 0
    while len(out) < rows and order:
        g = order[k % len(order)]
        k += 1
        t = copy(originals[g], rng, titles[g] if titles else originals[g][:20])
        if t and t not in seen:
            seen.add(t)
            out.append((t, g))
        if k > 4 * n_copies + 100:
            break
    rng.shuffle(out)
    return [t for t, _ in out], [g for _, g in out]


def _articles(rows: int, rng: random.Random):
    from .real import corpora, edits
    from .real.labels import DUP, GREY
    from .real.sets_sina import sina_index

    recs = corpora.sina()
    ix = sina_index()
    touched = {i for p, (label, _, _) in ix.pairs.items() if label in (DUP, GREY) for i in p}
    touched |= {i for p in ix.same_title for i in p}
    pool = [r for r in recs if r["folder"] not in ("TechNews", "SportNews") and r["id"] not in touched
            and 200 <= len(ix.clean[r["id"]]) <= 5000]  # fmt: skip
    n_orig = round(rows * (1 - COPY_SHARE))
    rng.shuffle(pool)
    real = pool[:n_orig]
    originals = [r["text"] for r in real]
    titles = [r["title"] for r in real]
    n_comp = n_orig - len(real)
    if n_comp > 0:
        clauses = clause_pool()
        lengths = [len(r["text"]) for r in pool]
        for _ in range(n_comp):
            target, parts, size = rng.choice(lengths), [], 0
            while size < target:
                s = "，".join(rng.choice(clauses) for _ in range(rng.randint(2, 4))) + "。"
                parts.append(s)
                size += len(s)
            originals.append("".join(parts))
            titles.append(parts[0][:20])
    how = (f"{len(real):,} real Sina articles (no natural near-duplicate in the corpus)"
           + (f" and {n_comp:,} composites of real article lengths, each sentence 2-4 random real clauses"
              if n_comp else "")
           + f", {100 * COPY_SHARE:.0f} % of rows planted reposts (header, footer, character edits, truncation, "
           "HTML page, combinations)")  # fmt: skip

    def copy(text: str, r: random.Random, title: str) -> str:
        return edits.make_variant(text, r.choice(edits.KINDS), r, title)

    texts, groups = _plant(originals, rows, rng, copy, titles)
    return texts, groups, how


def short_pool() -> list[str]:
    """Real short sentences: Sina sentences of 8-60 characters (6+ Chinese) and LCQMC questions, distinct."""
    from .real import corpora, textsim

    seen: set[str] = set()
    out: list[str] = []

    def add(s: str) -> None:
        s = s.strip()
        if 8 <= len(s) <= 60 and len(_CJK.findall(s)) >= 6:
            k = textsim.compact(s)
            if k not in seen:
                seen.add(k)
                out.append(s)

    for r in corpora.sina():
        for s in _SENT.split(r["text"]):
            add(s)
    for a, b, _ in corpora.lcqmc():
        add(a)
        add(b)
    return out


def clause_pool(exclude: list[str] | None = None) -> list[str]:
    """Distinct real clauses (4-30 characters, 3+ Chinese) of the Sina articles, split at commas and stops; none
    equal to a sentence of ``exclude`` (so that a text made of clauses never contains a whole pool sentence)."""
    from .real import corpora, textsim

    skip = {textsim.compact(t) for t in exclude or ()}
    seen: set[str] = set()
    out: list[str] = []
    for r in corpora.sina():
        for c in _CLAUSE.split(r["text"]):
            c = c.strip()
            if 4 <= len(c) <= 30 and len(_CJK.findall(c)) >= 3:
                k = textsim.compact(c)
                if k not in seen and k not in skip:
                    seen.add(k)
                    out.append(c)
    return out


def _short(rows: int, rng: random.Random):
    from .real.sets_short import one_char_edit

    pool = short_pool()
    rng.shuffle(pool)
    n_orig = round(rows * (1 - COPY_SHARE))
    originals = pool[:n_orig]
    n_joined = n_orig - len(originals)
    seen = set(originals)
    clauses = clause_pool(exclude=pool) if n_joined else []
    while len(originals) < n_orig:
        t = "，".join(rng.choice(clauses) for _ in range(rng.randint(2, 3)))
        if t not in seen:
            seen.add(t)
            originals.append(t)
    chars = "".join(sorted({c for t in pool[:20000] for c in t if _CJK.match(c)}))
    how = (f"{min(n_orig, len(pool)):,} real short sentences (Sina sentences and LCQMC questions, distinct)"
           + (f" and {n_joined:,} of 2-3 random real clauses joined with commas" if n_joined else "")
           + f", {100 * COPY_SHARE:.0f} % of rows planted one-character edits")  # fmt: skip

    def copy(text: str, r: random.Random, _title: str) -> str:
        return one_char_edit(text, r, chars)

    texts, groups = _plant(originals, rows, rng, copy)
    return texts, groups, how


def _short_en(rows: int, rng: random.Random, usenet: bool = False):
    """``short-en``'s input; ``usenet``: ``short-en-news``'s (the Reuters sentences, then those of the 20
    Newsgroups posts, before any are joined)."""
    from .real import corpora, textsim

    seen: set[str] = set()
    pool: list[str] = []
    for r in corpora.reuters():
        for s in _EN_SENT.split(r["body"]):
            s = " ".join(s.split())
            k = textsim.compact(s)
            if 20 <= len(s) <= 160 and k not in seen:
                seen.add(k)
                pool.append(s)
    rng.shuffle(pool)
    n_orig = round(rows * (1 - COPY_SHARE))
    n_reuters = len(pool)
    if usenet and n_orig > len(pool):
        more = _usenet_sentences(seen)
        rng.shuffle(more)
        pool += more
    originals = pool[:n_orig]
    n_joined = n_orig - len(originals)
    while len(originals) < n_orig:
        t = f"{rng.choice(pool)} {rng.choice(pool)}"
        if textsim.compact(t) not in seen:
            seen.add(textsim.compact(t))
            originals.append(t)
    real = min(n_orig, len(pool))
    source = (
        f"{n_reuters:,} of Reuters-21578 stories, {real - n_reuters:,} of 20 Newsgroups posts' own lines"
        if real > n_reuters
        else "Reuters-21578 stories"
    )
    how = (f"{real:,} real English sentences ({source}; distinct)"
           + (f" and {n_joined:,} of two of them joined" if n_joined else "")
           + f", {100 * COPY_SHARE:.0f} % of rows planted one-character edits")  # fmt: skip

    def copy(text: str, r: random.Random, _title: str) -> str:
        at = [i for i, ch in enumerate(text) if ch.isalpha()]
        i, op = r.choice(at), r.random()
        letter = r.choice([c for c in "abcdefghijklmnopqrstuvwxyz" if c != text[i].lower()])
        if op < 0.6:
            return text[:i] + letter + text[i + 1 :]
        return text[:i] + text[i + 1 :] if op < 0.8 else text[:i] + letter + text[i:]

    texts, groups = _plant(originals, rows, rng, copy)
    return texts, groups, how


_QUOTED = re.compile(r"\s*([>|:}]|[A-Za-z0-9_.-]{0,8}>)")


def _usenet_sentences(seen: set[str]) -> list[str]:
    """Sentences of the 20 Newsgroups posts' own lines, distinct from ``seen`` and each other (added to it): a
    post's body without its quoted lines, its signature (from a line "--" on) and lines in a reply's attribution;
    20-160 characters with 10 letters or more (not a table's row of figures)."""
    from .real import corpora, textsim

    out: list[str] = []
    for post in corpora.newsgroups():
        own = []
        for line in post["body"].split("\n"):
            if line.startswith("--"):
                break
            if not _QUOTED.match(line) and not line.rstrip().endswith(("writes:", "wrote:")):
                own.append(line)
        for s in _EN_SENT.split(" ".join(own)):
            s = " ".join(s.split())
            k = textsim.compact(s)
            if 20 <= len(s) <= 160 and sum(map(str.isalpha, s)) >= 10 and k not in seen:
                seen.add(k)
                out.append(s)
    return out


def _posts(rows: int, rng: random.Random):
    from .real import corpora, edits, textsim
    from .real.labels import DUP, GREY
    from .real.sets_sina import sina_index

    # Not from an article with a natural near-duplicate in the corpus (as ``_articles``): two windows of one story
    # and of its repost are copies the planted truth does not know of.
    ix = sina_index()
    touched = {i for p, (label, _, _) in ix.pairs.items() if label in (DUP, GREY) for i in p}
    touched |= {i for p in ix.same_title for i in p}
    seen: set[str] = set()
    pool: list[str] = []
    for r in corpora.sina():
        if r["id"] in touched:
            continue
        sentences = [x for x in _SENT_KEPT.split(r["text"].replace("\n", "")) if x.strip()]
        at = 0
        while at < len(sentences):
            k = rng.randint(2, 4)
            post = "".join(sentences[at : at + k]).strip()
            at += k
            key = textsim.compact(post)
            if 60 <= len(post) <= 300 and key not in seen:
                seen.add(key)
                pool.append(post)

    def copy(text: str, r: random.Random, _title: str) -> str:
        return edits.make_variant(text, r.choice(POST_EDITS), r, text[:20])

    return _from_pool(pool, rows, rng, copy, lambda n: (
        f"{n:,} real Chinese posts (2-4 consecutive sentences of a Sina article with no natural near-duplicate in "
        f"the corpus, 60-300 characters, distinct), {100 * COPY_SHARE:.0f} % of rows planted reposts (header, "
        "footer, character edits, truncation, combinations)"))  # fmt: skip


def _from_pool(pool: list[str], rows: int, rng: random.Random, copy, how):
    """Originals drawn from ``pool`` (shuffled) for ``rows`` rows with ``COPY_SHARE`` of them planted copies
    (``_plant``): texts, groups and ``how(number of originals)``."""
    rng.shuffle(pool)
    originals = pool[: round(rows * (1 - COPY_SHARE))]
    texts, groups = _plant(originals, rows, rng, copy)
    return texts, groups, how(len(originals))


POST_EDITS = ("header", "footer", "edit", "truncate", "header+truncate+footer", "edit+footer")
_SENT_KEPT = re.compile(r"(?<=[。！？])")  # (a split after each sentence end, the end kept)


def _articles_en(rows: int, rng: random.Random):
    from .real import corpora, edits, textsim

    seen: set[str] = set()
    pool: list[str] = []
    for r in corpora.reuters():
        body = r["body"].strip()
        key = textsim.compact(body)
        if len(body) >= 200 and key not in seen:
            seen.add(key)
            pool.append(body)

    def copy(text: str, r: random.Random, _title: str) -> str:
        return edits.make_variant_en(text, r.choice(edits.KINDS_EN), r)

    return _from_pool(pool, rows, rng, copy, lambda n: (
        f"{n:,} real English news stories (Reuters-21578 bodies of 200 characters or more, distinct), "
        f"{100 * COPY_SHARE:.0f} % of rows planted reposts (a credit line above or below, letters edited, "
        "truncation, combinations)"))  # fmt: skip


def _synthetic(kind: str, rows: int, seed: int):
    from . import data

    print(f"  ../shared/eval/raw not found: {kind} input is synthetic (devtools.synth)", file=sys.stderr)
    c = data.synthetic(rows, "long" if kind == "articles" else "short", seed=data.SEED + seed)
    groups = c.group if c.group is not None else list(range(rows))
    return c.texts, groups, f"synthetic {kind} (devtools.synth; the real corpora were not found)"
