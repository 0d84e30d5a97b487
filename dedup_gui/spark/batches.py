"""The desktop engine's functions applied to one Arrow batch: pandas in, pandas out, no Spark here.

Each function is what one ``mapInPandas`` task runs on a batch of rows, unique texts or candidate pairs. They call
the engine (``dedup_gui.core``) for every decision - normalisation, sentence keys, fingerprints, the sketch screen,
the text check, the boilerplate rule, the strict clustering rule - so the Spark job cannot drift from the desktop.
Being plain functions, they are tested without a JVM.

64-bit hashes travel as signed int64 (Spark has no unsigned type): ``as_signed`` / ``as_unsigned`` reinterpret
the bits, nothing is lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import numpy as np
import pandas as pd
import xxhash

from ..core.algorithms.ngram import EMPTY_BIN, SKETCH_BINS, GramKeys, NGram, _fill_sketch, _screen, verify
from ..core.algorithms.nshash import NSHash
from ..core.algorithms.simhash import simhash_from_keywords
from ..core.boilerplate import Boilerplate, _keys, learn
from ..core.cluster import build_clusters
from ..core.keep import _length_class, has_repost_marker
from ..core.progress import Reporter
from ..core.segment import keyword_hashes
from ..core.settings import NormaliseOptions, Settings
from ..core.table import cell_text
from ..core.text import compact, gram_hashes, normalise
from ..core.textcheck import SHORT_CHARS, SIMILARITY_GRAM, TextCheck, figures_differ

_QUIET = Reporter()
ROW = "__row"  # the job's row number column (see ``rows``)


def as_signed(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, dtype=np.uint64).view(np.int64)


def as_unsigned(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, dtype=np.int64).view(np.uint64)


def joined_texts(frame: pd.DataFrame, columns: Sequence[str]) -> list[str]:
    """The dedup text of every row, as ``Table.texts``: the chosen columns' cell texts joined by newlines."""
    parts = [[cell_text(None if _missing(v) else v) for v in frame[c].tolist()] for c in columns]
    if len(parts) == 1:
        return parts[0]
    return ["\n".join(p for p in cells if p) for cells in zip(*parts, strict=True)]


def _missing(v: object) -> bool:
    return v is None or v is pd.NA or v is pd.NaT or (isinstance(v, float) and v != v)


# -- rows: the exact pass and the per-row keep evidence -----------------------------------------------------------


def prepare_rows(frame: pd.DataFrame, columns: Sequence[str], opts: NormaliseOptions, marks: bool) -> pd.DataFrame:
    """Per row: the normalised text, a 128-bit hash of its compact form (null when empty: never an exact
    duplicate), its length in characters, and the evidence of the ``original`` keep policy: whether it carries a
    repost marker and its length class (``keep._length_class``: lengths within about 10 % of each other tie).

    In: ``__row`` and the text columns. Out: ``__row, norm, key_hi, key_lo, length, length_class, marked``.
    """
    texts = joined_texts(frame, columns)
    seen: dict[str, tuple[str, int | None, int | None]] = {}
    norms, his, los = [], [], []
    for t in texts:
        done = seen.get(t)
        if done is None:
            norm = normalise(t, opts)
            key = compact(norm)
            if key:
                h = xxhash.xxh3_128_intdigest(key.encode("utf-8"))
                hi, lo = _signed(h >> 64), _signed(h & 0xFFFFFFFFFFFFFFFF)
                done = seen[t] = (norm, hi, lo)
            else:
                done = seen[t] = (norm, None, None)
        norms.append(done[0])
        his.append(done[1])
        los.append(done[2])
    lengths = np.fromiter((len(t) for t in texts), dtype=np.int64, count=len(texts))
    return pd.DataFrame(
        {
            ROW: frame[ROW].to_numpy(dtype=np.int64),
            "norm": norms,
            "key_hi": pd.array(his, dtype="Int64"),
            "key_lo": pd.array(los, dtype="Int64"),
            "length": lengths,
            "length_class": np.asarray(_length_class(lengths), dtype=np.float64),
            "marked": [has_repost_marker(t) for t in texts] if marks else [False] * len(texts),
        }
    )


def _signed(x: int) -> int:
    return x - (1 << 64) if x >= 1 << 63 else x


# -- boilerplate -----------------------------------------------------------------------------------------------------


def sentence_postings(frame: pd.DataFrame) -> pd.DataFrame:
    """(key, u) once per sentence key of each unique text: what ``boilerplate.learn`` counts."""
    keys: list[int] = []
    docs: list[int] = []
    for u, text in zip(frame["u"].tolist(), frame["norm"].tolist(), strict=True):
        ks = set(_keys(text))
        keys.extend(ks)
        docs.extend([u] * len(ks))
    return pd.DataFrame({"key": as_signed(np.array(keys, dtype=np.uint64)), "u": np.array(docs, dtype=np.int64)})


def boilerplate_verdicts(frame: pd.DataFrame) -> pd.DataFrame:
    """For each frequent sentence key and the texts sampled from its carriers (as ``learn`` samples them), the
    engine's verdict: ``learn`` itself run on the sample decides whether the texts otherwise differ."""
    verdicts = []
    for key, texts in zip(frame["key"].tolist(), frame["texts"].tolist(), strict=True):
        texts = list(texts)
        learned = learn(texts, len(texts), _QUIET)
        verdicts.append(int(np.int64(key).view(np.uint64)) in learned.keys)
    return pd.DataFrame({"key": frame["key"].to_numpy(dtype=np.int64), "boilerplate": verdicts})


def picked(count: np.ndarray, position: np.ndarray, sample: int) -> np.ndarray:
    """True where ``position`` (0-based, in text order) is one of the carriers ``learn`` samples from ``count``."""
    out = np.zeros(len(count), dtype=bool)
    for c in np.unique(count).tolist():
        at = count == c
        picks = np.linspace(0, c - 1, min(sample, c)).astype(np.int64)
        out[at] = np.isin(position[at], picks)
    return out


def strip_boilerplate(frame: pd.DataFrame, keys: frozenset[int]) -> pd.DataFrame:
    """Per unique text: the normalised text, its content (boilerplate sentences removed, lines kept) and the
    compact content."""
    plate = Boilerplate(keys)
    norm = frame["norm"].tolist()
    content = [plate.split(t)[0] for t in norm] if plate else norm
    return pd.DataFrame(
        {"u": frame["u"].to_numpy(dtype=np.int64), "norm": norm, "content": content,
         "compact": [compact(t) for t in content]}
    )  # fmt: skip


# -- fingerprints: the algorithms' own fingerprint functions ------------------------------------------------------


def ngram_postings(frame: pd.DataFrame, settings: Settings) -> pd.DataFrame:
    """The n-gram algorithm's sampled keys of each text (``NGram.fingerprint``): key, u, step, and the text's
    n-gram count (for the length filter)."""
    fp = NGram().fingerprint(frame["compact"].tolist(), settings, _QUIET)
    u = frame["u"].to_numpy(dtype=np.int64)
    return pd.DataFrame(
        {"key": as_signed(fp.keys), "u": u[fp.doc], "step": fp.step.astype(np.int32), "size": fp.sizes[fp.doc]}
    )


def simhash_fingerprints(frame: pd.DataFrame, settings: Settings) -> pd.DataFrame:
    """``SimHash.fingerprint`` per text (keywords segmented here, in this task, not in a process pool). Texts
    without a keyword (fingerprint 0) or without text are not comparable and are left out, as the engine does."""
    texts = frame["compact"].tolist()
    hashes, weights, counts = keyword_hashes(texts, settings.n_value, _QUIET, workers=1)
    fps = simhash_from_keywords(hashes, weights, counts)
    usable = (fps != 0) & np.array([bool(t) for t in texts], dtype=bool)
    return pd.DataFrame({"u": frame["u"].to_numpy(dtype=np.int64)[usable], "fp": as_signed(fps[usable])})


def nshash_postings(frame: pd.DataFrame, settings: Settings) -> pd.DataFrame:
    """``NSHash.fingerprint``: the hashes of each text's longest sentences with their longest-first rank."""
    fp = NSHash().fingerprint(frame["content"].tolist(), settings, _QUIET)
    u = frame["u"].to_numpy(dtype=np.int64)
    return pd.DataFrame({"key": as_signed(fp.hashes), "u": u[fp.doc], "rank": fp.rank.astype(np.int32)})


# -- pairs: the sketch screen and the text check -------------------------------------------------------------------


def _local_texts(frame: pd.DataFrame, column: str) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The batch's distinct texts (``column``_a / _b) and each pair's local indices into them, so each text's grams
    are made once."""
    ids = np.concatenate([frame["a"].to_numpy(dtype=np.int64), frame["b"].to_numpy(dtype=np.int64)])
    texts = frame[f"{column}_a"].tolist() + frame[f"{column}_b"].tolist()
    _, first, inverse = np.unique(ids, return_index=True, return_inverse=True)
    local = [texts[i] for i in first.tolist()]
    return local, inverse[: len(frame)], inverse[len(frame) :]


def _screen_and_verify(local: list[str], ia: np.ndarray, ib: np.ndarray, settings: Settings, bound: float):
    """The n-gram search's last steps, as ``NGram.search`` takes them: the min-hash sketch screen
    (``ngram._screen``), then ``ngram.verify`` (the algorithm's measure); pairs below ``bound`` dropped.
    Returns the surviving pairs' positions in (ia, ib) and their measures."""
    n = settings.n_value
    check = TextCheck.of(settings)
    grams = [gram_hashes(t, n) for t in local]
    sizes = np.array([len(g) for g in grams], dtype=np.int64)
    sketch = np.full((len(local), SKETCH_BINS), EMPTY_BIN, dtype=np.uint32)
    for i, g in enumerate(grams):
        _fill_sketch(sketch[i], g)
    empty = np.zeros(0, dtype=np.int64)
    fp = GramKeys(np.zeros(0, dtype=np.uint64), empty, np.zeros(0, dtype=np.int8), sizes, sketch)
    sa, sb = _screen(fp, ia, ib, bound, check, _QUIET)
    at = np.flatnonzero(np.isin(ia * len(local) + ib, sa * len(local) + sb))  # the screen keeps the order
    measure = verify(local, sa, sb, n, check, _QUIET)
    keep = measure >= bound
    return at[keep], measure[keep]


def judge_pairs(frame: pd.DataFrame, settings: Settings, ngram_bound: float | None = None) -> pd.DataFrame:
    """The "Verifying" step of ``Pipeline.run`` on a batch of candidate pairs: each pair's common similarity (the
    text check on the compact content), and whether it passed the check - at least the floor for its length
    (``TextCheck.floor_for``) and no figures of the shorter text missing from the longer (``figures_differ``, on
    the whole normalised texts).

    In: a, b, measure (n-gram: absent, measured here), compact_a/_b, norm_a/_b. With ``ngram_bound`` the pairs are
    the n-gram index's candidates, screened and measured first as the n-gram search does.
    Out: a, b, measure, similarity, checked.
    """
    check = TextCheck.of(settings)
    local, ia, ib = _local_texts(frame, "compact")
    if ngram_bound is not None:
        at, measure = _screen_and_verify(local, ia, ib, settings, ngram_bound)
        frame, ia, ib = frame.iloc[at], ia[at], ib[at]
        similarity = measure if NGram().measure_is_similarity(settings) else _similarity(local, ia, ib, check)
    else:
        measure = frame["measure"].to_numpy(dtype=np.float64)
        similarity = _similarity(local, ia, ib, check)
    lengths = np.array([len(t) for t in local], dtype=np.int64)
    short = np.minimum(lengths[ia], lengths[ib]) < SHORT_CHARS
    checked = similarity >= np.where(short, check.floor_for(True), check.floor_for(False)) - 1e-9
    norm_a, norm_b = frame["norm_a"].tolist(), frame["norm_b"].tolist()
    for i in np.flatnonzero(checked).tolist():
        checked[i] = not figures_differ(norm_a[i], norm_b[i])
    return pd.DataFrame(
        {
            "a": frame["a"].to_numpy(dtype=np.int64),
            "b": frame["b"].to_numpy(dtype=np.int64),
            "measure": np.asarray(measure, dtype=np.float64),
            "similarity": np.asarray(similarity, dtype=np.float64),
            "checked": checked,
        }
    )


def _similarity(local: list[str], ia: np.ndarray, ib: np.ndarray, check: TextCheck) -> np.ndarray:
    """The common similarity of each pair, as ``Pipeline._unique_similarity`` scores two unique texts."""
    grams: dict[int, np.ndarray] = {}

    def g(i: int) -> np.ndarray:
        if i not in grams:
            grams[i] = gram_hashes(local[i], SIMILARITY_GRAM)
        return grams[i]

    out = np.zeros(len(ia))
    for k, (x, y) in enumerate(zip(ia.tolist(), ib.tolist(), strict=True)):
        if local[x] and local[y]:
            out[k] = check.score_texts(local[x], local[y], g(x), g(y))
    return out


def score_pairs(frame: pd.DataFrame, settings: Settings) -> pd.DataFrame:
    """The text check's similarity of pairs that were not paired directly (linked clusters: a member and its kept
    text), as ``Pipeline._unique_similarity`` rescores them."""
    local, ia, ib = _local_texts(frame, "compact")
    out = frame.drop(columns=[c for c in frame.columns if c.endswith(("_a", "_b"))]).copy()
    out["similarity"] = _similarity(local, ia, ib, TextCheck.of(settings))
    return out


# -- strict clusters within each connected component --------------------------------------------------------------


def groups(batches: Iterable[pd.DataFrame], key: str) -> Iterator[pd.DataFrame]:
    """Consecutive rows with equal ``key`` as one frame each, across batch boundaries (input sorted by ``key``)."""
    tail: pd.DataFrame | None = None
    for batch in batches:
        if tail is not None and len(tail):
            batch = pd.concat([tail, batch], ignore_index=True)
        if not len(batch):
            continue
        values = batch[key].to_numpy()
        last = values[-1]
        cut = int(np.searchsorted(values, last, side="left")) if values[0] <= last else len(batch)
        done, tail = batch.iloc[:cut], batch.iloc[cut:]
        if len(done):
            starts = np.flatnonzero(np.r_[True, done[key].to_numpy()[1:] != done[key].to_numpy()[:-1]])
            ends = np.r_[starts[1:], len(done)]
            for s, e in zip(starts.tolist(), ends.tolist(), strict=True):
                yield done.iloc[s:e]
    if tail is not None and len(tail):
        yield tail


RANK_COLUMNS = ("k1", "k2", "k3", "best_row")  # a row's keep key, most significant first (core.keep's order)


def strict_keepers(component: pd.DataFrame, mode: str = "strict") -> pd.DataFrame:
    """One component's nodes and edges -> for each node, the node kept for it and their similarity.

    In: rows with ``kind`` "node" (``u`` and the keep key ``k1, k2, k3, best_row`` of the text's best row) or
    "edge" (``u``, ``v``, ``similarity``). The engine's ``build_clusters`` runs on the component with one
    representative row per text; a node it leaves alone keeps itself. Out: ``u, keeper, similarity``.
    """
    nodes = component[component["kind"] == "node"].sort_values("u", kind="stable")
    edges = component[component["kind"] == "edge"]
    ids = nodes["u"].to_numpy(dtype=np.int64)
    local = {u: i for i, u in enumerate(ids.tolist())}
    keys = [nodes[c].to_numpy() for c in RANK_COLUMNS]
    order = np.lexsort(tuple(reversed(keys)))
    rank = np.empty(len(ids), dtype=np.int64)
    rank[order] = np.arange(len(ids))
    a = np.array([local[u] for u in edges["u"].tolist()], dtype=np.int64)
    b = np.array([local[v] for v in edges["v"].tolist()], dtype=np.int64)

    def no_rescore(u: int, v: int) -> float:
        raise AssertionError("strict clusters only pair a kept text with its direct neighbours")

    clusters = build_clusters(
        len(ids), a, b, edges["similarity"].to_numpy(dtype=np.float64), [[i] for i in range(len(ids))], rank,
        mode, no_rescore,
    )  # fmt: skip
    keeper = ids.copy()
    similarity = np.ones(len(ids))
    for c in clusters:
        for m in c.members:
            keeper[m] = ids[c.kept]
            similarity[m] = c.similarity[m]
    return pd.DataFrame({"u": ids, "keeper": keeper, "similarity": similarity})
