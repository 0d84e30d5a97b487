"""Pairwise precision / recall of each algorithm at its defaults, on data with known duplicates.

    python -m benchmarks.eval_quality --quick
    python -m benchmarks.eval_quality --real /work/shared/eval/raw/zh-sina-news-2018/sina_news_2018.jsonl.gz

Predicted duplicate pairs are the pairs of rows that share an output cluster; true pairs share a planted group.
"linked" clusters (connected components) are the pair-level measure; "strict" clusters (every removed row is
within the threshold of the kept row) are reported too. Recall is also broken down by the edit that made the
copy (pairs of an original and its copy). Same-event write-ups (same names and numbers, different text) must
never be merged: their merged pair count is reported.

Datasets: (a) synthetic long Chinese news from ``devtools.synth`` (plus short Chinese texts and English
at smaller sizes); (b) with ``--real``, real articles with the same edits planted on a sample of them. Real text
is read at run time only, never stored. Its own natural near-duplicates (re-crawls, reposts) are found first by
an independent check (character 4-gram Jaccard >= 0.5 or containment >= 0.7, computed here, not by the product)
and their pairs are left out of both the positives and the negatives; how many the product merges is shown.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.settings import Settings
from devtools import synth

ALGORITHMS = ("ngram", "simhash", "nshash")
MODES = ("linked", "strict")


@dataclass
class Dataset:
    name: str
    corpus: synth.Corpus
    excluded: set[tuple[int, int]] = field(default_factory=set)  # pairs neither positive nor negative

    @property
    def truth(self) -> set[tuple[int, int]]:
        return self.corpus.truth_pairs() - self.excluded


@dataclass
class Score:
    algorithm: str
    mode: str
    threshold: float
    n: int
    predicted: int
    true_positive: int
    truth: int
    same_event_merged: int
    same_event_pairs: int
    excluded_merged: int
    seconds: float
    recall_by_edit: dict[str, tuple[int, int]]  # edit -> (found, total) over original-copy pairs

    @property
    def precision(self) -> float:
        return self.true_positive / self.predicted if self.predicted else 1.0

    @property
    def recall(self) -> float:
        return self.true_positive / self.truth if self.truth else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def cluster_pairs(clusters: Iterable) -> set[tuple[int, int]]:
    pairs = set()
    for c in clusters:
        rows = sorted(c.members)
        for i, a in enumerate(rows):
            for b in rows[i + 1 :]:
                pairs.add((a, b))
    return pairs


def original_copy_pairs(corpus: synth.Corpus) -> dict[str, set[tuple[int, int]]]:
    """edit kind -> pairs (original row, copy row) of that kind."""
    original = {
        g: r for r, (g, e) in enumerate(zip(corpus.group, corpus.edit, strict=True)) if e in ("original", "same_event")
    }
    out: dict[str, set[tuple[int, int]]] = defaultdict(set)
    for row, (g, e) in enumerate(zip(corpus.group, corpus.edit, strict=True)):
        if e not in ("original", "same_event") and g in original:
            a, b = sorted((original[g], row))
            out[e].add((a, b))
    return out


def evaluate(ds: Dataset, algorithms: Sequence[str], modes: Sequence[str] = MODES) -> list[Score]:
    corpus = ds.corpus
    truth = ds.truth
    same_event = corpus.same_event_pairs() - ds.excluded
    by_edit = original_copy_pairs(corpus)
    scores = []
    for algorithm in algorithms:
        pipeline = Pipeline(corpus.texts)
        for mode in modes:
            settings = Settings(algorithm=algorithm, mode=mode)
            resolved = settings.resolved()
            t0 = time.perf_counter()
            result = pipeline.run(settings)
            seconds = time.perf_counter() - t0
            predicted = cluster_pairs(result.clusters)
            scored = predicted - ds.excluded
            scores.append(
                Score(
                    algorithm=algorithm,
                    mode=mode,
                    threshold=float(resolved.threshold),
                    n=int(resolved.n),
                    predicted=len(scored),
                    true_positive=len(scored & truth),
                    truth=len(truth),
                    same_event_merged=len(predicted & same_event),
                    same_event_pairs=len(same_event),
                    excluded_merged=len(predicted & ds.excluded),
                    seconds=seconds,
                    recall_by_edit={k: (len(v & predicted), len(v)) for k, v in sorted(by_edit.items())},
                )
            )
    return scores


def print_report(ds: Dataset, scores: Sequence[Score], out=sys.stdout) -> None:
    c = ds.corpus
    lengths = sorted(len(t) for t in c.texts)
    print(
        f"\n== {ds.name}: {len(c)} rows (median {lengths[len(lengths) // 2]} chars), {len(set(c.group))} groups, "
        f"{len(ds.truth)} true pairs, {len(c.same_event_pairs())} same-event pairs"
        + (f", {len(ds.excluded)} natural near-duplicate pairs left out" if ds.excluded else ""),
        file=out,
    )
    head = (
        f"{'algorithm':9} {'mode':7} {'thr':>5} {'n':>3} {'pairs':>7} {'precision':>9} {'recall':>7} {'F1':>6} "
        f"{'same-event':>10} {'sec':>6}"
    )
    if ds.excluded:
        head += f" {'natural':>8}"
    print(head, file=out)
    for s in scores:
        line = (
            f"{s.algorithm:9} {s.mode:7} {s.threshold:5g} {s.n:3d} {s.predicted:7d} {s.precision:9.4f} "
            f"{s.recall:7.4f} {s.f1:6.4f} {s.same_event_merged:>4d}/{s.same_event_pairs:<5d} {s.seconds:6.2f}"
        )
        if ds.excluded:
            line += f" {s.excluded_merged:>4d}/{len(ds.excluded):<4d}"
        print(line, file=out)
    edits = sorted({e for s in scores for e in s.recall_by_edit})
    if not edits:
        return
    print("recall of original-copy pairs by edit (linked):", file=out)
    print(f"{'algorithm':9} " + " ".join(f"{e[:12]:>12}" for e in edits), file=out)
    for s in scores:
        if s.mode != "linked":
            continue
        cells = []
        for e in edits:
            found, total = s.recall_by_edit.get(e, (0, 0))
            cells.append(f"{found / total:6.3f} ({total:3d})" if total else f"{'-':>12}")
        print(f"{s.algorithm:9} " + " ".join(f"{c:>12}" for c in cells), file=out)


# ---------------------------------------------------------------------------------------------------------------
# Real text: load, find its own near-duplicates independently, plant edits
# ---------------------------------------------------------------------------------------------------------------

_SPACE = re.compile(r"\s+")


def _norm(text: str) -> str:
    return _SPACE.sub("", unicodedata.normalize("NFKC", text)).lower()


def load_real(path: str, n: int, seed: int, min_chars: int = 200, skip_folders: Sequence[str] = ()) -> list[str]:
    """``n`` distinct real article bodies (at least ``min_chars`` non-space characters), sampled with ``seed``."""
    texts, seen = [], set()
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if rec.get("folder") in skip_folders:
                continue
            text = rec.get("text") or ""
            key = _norm(text)
            if len(key) < min_chars or key in seen:
                continue
            seen.add(key)
            texts.append(text.strip())
    random.Random(seed).shuffle(texts)
    return texts[:n]


def natural_near_duplicates(
    texts: Sequence[str], jaccard: float = 0.5, containment: float = 0.7
) -> set[tuple[int, int]]:
    """Pairs of texts already near-duplicates of each other (4-gram Jaccard or containment), found with a
    sampled inverted index and verified exactly. Independent of the product's code."""
    grams = []
    for t in texts:
        s = _norm(t)
        grams.append({s[i : i + 4] for i in range(len(s) - 3)})
    index: dict[str, list[int]] = defaultdict(list)
    for doc, gs in enumerate(grams):
        for g in gs:
            if hash(g) % 6 == 0:
                index[g].append(doc)
    shared: Counter = Counter()
    for docs in index.values():
        if 1 < len(docs) <= 60:
            for i, a in enumerate(docs):
                for b in docs[i + 1 :]:
                    shared[(a, b)] += 1
    pairs = set()
    for (a, b), k in shared.items():
        if k < 5:
            continue
        ga, gb = grams[a], grams[b]
        inter = len(ga & gb)
        if inter / len(ga | gb) >= jaccard or inter / max(1, min(len(ga), len(gb))) >= containment:
            pairs.add((a, b))
    return pairs


def real_dataset(path: str, n: int, seed: int, dup_share: float) -> Dataset:
    base = load_real(path, n, seed, skip_folders=("TechNews",))
    natural = natural_near_duplicates(base)
    corpus = synth.plant_reposts(base, seed=seed, dup_share=dup_share)
    rows_of: dict[int, list[int]] = defaultdict(list)
    for row, g in enumerate(corpus.group):
        rows_of[g].append(row)
    excluded = set()
    for a, b in natural:  # every row derived from a and every row derived from b
        for ra in rows_of[a]:
            for rb in rows_of[b]:
                excluded.add((min(ra, rb), max(ra, rb)))
    return Dataset(f"real zh-sina-news-2018 sample + planted reposts (seed {seed})", corpus, excluded)


# ---------------------------------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.eval_quality", description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small datasets (about a minute)")
    ap.add_argument("--n", type=int, help="rows of synthetic long Chinese text (default 3000; quick 800)")
    ap.add_argument("--real", metavar="JSONL_GZ", help="also measure on real articles with planted reposts")
    ap.add_argument("--real-n", type=int, help="real articles to sample (default 3000; quick 800)")
    ap.add_argument("--algorithms", default=",".join(ALGORITHMS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only-long", action="store_true", help="skip the short-text and English datasets")
    ap.add_argument("--json", metavar="PATH", help="write the scores as JSON here")
    args = ap.parse_args(argv)
    algorithms = [a.strip() for a in args.algorithms.split(",") if a.strip()]
    n = args.n or (800 if args.quick else 3000)
    datasets = [
        Dataset(
            f"synthetic zh long (seed {args.seed})",
            synth.generate_corpus(n, seed=args.seed, dup_share=0.3, same_event_share=0.05),
        )
    ]
    if not args.only_long:
        small = max(200, n // 3)
        datasets.append(
            Dataset(
                f"synthetic zh short 20-100 chars (seed {args.seed})",
                synth.generate_corpus(small, seed=args.seed, dup_share=0.3, short_share=1.0),
            )
        )
        datasets.append(
            Dataset(f"synthetic en long (seed {args.seed})", synth.generate_corpus(small, seed=args.seed, lang="en"))
        )
    if args.real:
        datasets.append(real_dataset(args.real, args.real_n or (800 if args.quick else 3000), args.seed, 0.3))
    everything = {}
    for ds in datasets:
        scores = evaluate(ds, algorithms)
        print_report(ds, scores)
        everything[ds.name] = [{**s.__dict__, "precision": s.precision, "recall": s.recall, "f1": s.f1} for s in scores]
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(everything, f, ensure_ascii=False, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
