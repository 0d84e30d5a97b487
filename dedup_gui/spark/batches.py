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

from ..core.algorithms.base import bucket_pairs
from ..core.algorithms.ngram import (
    PREFIX_BUCKET_CAP,
    PREFIX_TIGHT_CAP,
    PREFIX_TIGHT_WINDOW,
    RARE_KEY_SETS,
    SKETCH_BINS,
    TIGHT_GRAMS,
    GramKeys,
    KeyPart,
    NGram,
    _screen,
    edit_prefix,
    edit_variants,
    near_copies,
    needed_keys,
    plausible_pairs,
    search_bounds,
    verify,
)
from ..core.algorithms.nshash import NSHash
from ..core.algorithms.simhash import BUCKET_CAP as SIMHASH_BUCKET_CAP
from ..core.algorithms.simhash import BUCKET_WINDOW as SIMHASH_WINDOW
from ..core.algorithms.simhash import hamming, simhash_from_keywords
from ..core.boilerplate import Boilerplate, column_keys, learn, strip_all
from ..core.cluster import build_clusters, excerpt_only
from ..core.columnar import lengths_of
from ..core.doubt import held_pairs as _held_pairs
from ..core.keep import _length_class, repost_markers
from ..core.progress import Reporter
from ..core.segment import keyword_hashes
from ..core.series import framed
from ..core.settings import NormaliseOptions, Settings
from ..core.table import PLACEHOLDER_READ, cell_text, placeholder_key
from ..core.text import compact, ends_stripped, gram_hashes, normalise, overlap
from ..core.textcheck import SHORT_CHARS, SIMILARITY_GRAM, TextCheck, reports_differ_pairs

_QUIET = Reporter()
ROW = "__row"  # the job's row number column (see ``rows``)


def as_signed(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, dtype=np.uint64).view(np.int64)


def as_unsigned(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, dtype=np.int64).view(np.uint64)


# (the title column, the placeholders' keys): the rows whose text is one of them are read with their title before it
ReadWith = tuple[str, frozenset[str]]


def read_columns(columns: Sequence[str], read_with: ReadWith | None) -> list[str]:
    """The input columns ``joined_texts`` reads: the text columns, and the title column with ``read_with``."""
    return [*columns, read_with[0]] if read_with is not None else list(columns)


def joined_texts(frame: pd.DataFrame, columns: Sequence[str], read_with: ReadWith | None = None) -> list[str]:
    """The dedup text of every row, as ``Table.texts``: the chosen columns' cell texts joined by newlines - a row
    whose text is a placeholder (``read_with``: the input's, ``job._placeholders``) with its title before it."""
    parts = [[cell_text(None if _missing(v) else v) for v in frame[c].tolist()] for c in columns]
    if len(parts) == 1:
        texts = parts[0]
    else:
        texts = ["\n".join(p for p in cells if p) for cells in zip(*parts, strict=True)]
    if read_with is None:
        return texts
    title, shared = read_with
    titles = [cell_text(None if _missing(v) else v) for v in frame[title].tolist()]
    return [
        f"{t}\n{x}" if t and len(x) < PLACEHOLDER_READ and placeholder_key(x) in shared else x
        for t, x in zip(titles, texts, strict=True)
    ]


def placeholder_reads(frame: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """What ``Table.placeholders`` counts, per row: the text's length and, where it can be a placeholder (under
    ``PLACEHOLDER_READ`` characters), its ``placeholder_key`` and that key's length (-1 where not read). Out:
    ``length, short, short_length``."""
    texts = joined_texts(frame, columns)
    short = [placeholder_key(t) if len(t) < PLACEHOLDER_READ else None for t in texts]
    return pd.DataFrame(
        {
            "length": lengths_of(texts),
            "short": short,
            "short_length": np.fromiter((-1 if x is None else len(x) for x in short), np.int64, len(short)),
        }
    )


def _missing(v: object) -> bool:
    return v is None or v is pd.NA or v is pd.NaT or (isinstance(v, float) and v != v)


# -- rows: the exact pass and the per-row keep evidence -----------------------------------------------------------


def prepare_rows(
    frame: pd.DataFrame, columns: Sequence[str], opts: NormaliseOptions, marks: bool, read_with: ReadWith | None = None
) -> pd.DataFrame:
    """Per row: the normalised text, a 128-bit hash of its compact form less the signs at its ends
    (``text.ends_stripped``; null when empty: never an exact duplicate; a text of markup or such signs alone,
    which leaves nothing, hashed as written instead - its exact copies are one unique text, as
    ``pipeline.exact_pass`` makes them), its length in characters, and the evidence of the ``original`` keep
    policy: whether it carries a repost marker and its length class (``keep._length_class``: lengths within about
    10 % of each other tie).

    In: ``__row`` and the text columns (and the title column, with ``read_with``: ``joined_texts``). Out: ``__row,
    norm, key_hi, key_lo, length, length_class, marked``.
    """
    texts = joined_texts(frame, columns, read_with)
    seen: dict[str, tuple[str, int | None, int | None]] = {}
    norms, his, los = [], [], []
    for t in texts:
        done = seen.get(t)
        if done is None:
            norm = normalise(t, opts)
            key = ends_stripped([compact(norm)])[0]  # (the exact pass's key: ``pipeline.exact_pass``)
            if key or (t and not t.isspace()):
                # (a text of markup alone by what is written, marked apart from every compact text)
                data = key.encode("utf-8") if key else b"\x00markup\x00" + t.encode("utf-8", "surrogatepass")
                h = xxhash.xxh3_128_intdigest(data)
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
            "marked": repost_markers(texts).tolist() if marks else [False] * len(texts),
        }
    )


def _signed(x: int) -> int:
    return x - (1 << 64) if x >= 1 << 63 else x


# -- boilerplate -----------------------------------------------------------------------------------------------------


def sentence_postings(frame: pd.DataFrame) -> pd.DataFrame:
    """(key, u) once per sentence key of each unique text: what ``boilerplate.learn`` counts."""
    keys, docs = column_keys(frame["norm"].tolist())
    u = frame["u"].to_numpy(dtype=np.int64)
    return pd.DataFrame({"key": as_signed(keys), "u": u[docs]})


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
    content = strip_all(norm, plate)
    return pd.DataFrame(
        {"u": frame["u"].to_numpy(dtype=np.int64), "norm": norm, "content": content,
         "compact": [compact(t) for t in content]}
    )  # fmt: skip


# -- fingerprints: the algorithms' own fingerprint functions ------------------------------------------------------


def ngram_fingerprints(frame: pd.DataFrame, settings: Settings) -> pd.DataFrame:
    """``NGram.batch_fingerprint`` per text: its n-gram count, its min-hash sketch (bytes) and its sampled keys with
    their sampling steps."""
    texts = frame["compact"].tolist()
    lengths = lengths_of(texts)
    fp = NGram().batch_fingerprint(texts, settings, _QUIET)
    check, bound, _ = search_bounds(settings)
    part = needed_keys(KeyPart(fp.keys, fp.doc, fp.step), fp.sizes, check, bound)  # the sets NGram.search indexes
    cuts = np.searchsorted(part.doc, np.arange(1, len(frame)))  # keys are stored text by text
    keys = np.split(as_signed(part.keys), cuts)
    steps = np.split(part.step.astype(np.int32), cuts)
    return pd.DataFrame(
        {
            "u": frame["u"].to_numpy(dtype=np.int64),
            "size": fp.sizes.astype(np.int64),
            "sketch": [row.tobytes() for row in fp.every_sketch()],
            "keys": keys,
            "steps": steps,
            "at_least": edit_prefix(lengths, settings.n_value),
            "length": lengths,
            "variants": _variants_per_text(texts, lengths, settings.n_value),
        }
    )


def _variants_per_text(texts: list[str], lengths: np.ndarray, n: int) -> list[np.ndarray]:
    """``ngram.edit_variants`` of the texts (in text order), as a (signed) array per text."""
    keys, docs = edit_variants(texts, lengths, n)
    return np.split(as_signed(keys), np.searchsorted(docs, np.arange(1, len(texts))))


def simhash_fingerprints(frame: pd.DataFrame, settings: Settings) -> pd.DataFrame:
    """``SimHash.fingerprint`` per text (keywords segmented here, in this task, not in a process pool). Texts
    without a keyword (fingerprint 0) or without text are not comparable and are left out, as the engine does."""
    texts = frame["compact"].tolist()
    hashes, weights, counts = keyword_hashes(texts, settings.n_value, _QUIET)
    fps = simhash_from_keywords(hashes, weights, counts)
    usable = (fps != 0) & np.array([bool(t) for t in texts], dtype=bool)
    return pd.DataFrame({"u": frame["u"].to_numpy(dtype=np.int64)[usable], "fp": as_signed(fps[usable])})


def nshash_postings(frame: pd.DataFrame, settings: Settings) -> pd.DataFrame:
    """``NSHash.fingerprint``: the hashes of each text's longest sentences with their longest-first rank."""
    fp = NSHash().fingerprint(frame["content"].tolist(), settings, _QUIET)
    u = frame["u"].to_numpy(dtype=np.int64)
    return pd.DataFrame({"key": as_signed(fp.hashes), "u": u[fp.doc], "rank": fp.rank.astype(np.int32)})


# -- buckets: the engine's bucket_pairs on whole buckets, filtered where they are made ---------------------------


def whole_groups(batches: Iterable[pd.DataFrame], key: str) -> Iterator[pd.DataFrame]:
    """The input (sorted by ``key``) re-cut into frames that each hold whole groups of equal ``key``: a group that
    runs over a batch boundary is carried to the next batch."""
    tail: pd.DataFrame | None = None
    for batch in batches:
        if tail is not None and len(tail):
            batch = pd.concat([tail, batch], ignore_index=True)
        if not len(batch):
            continue
        values = batch[key].to_numpy()
        cut = int(np.searchsorted(values, values[-1], side="left"))
        if cut:
            yield batch.iloc[:cut]
        tail = batch.iloc[cut:]
    if tail is not None and len(tail):
        yield tail


def _bucket_input(frame: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(keys unsigned, local text index per posting, the texts' ids in local order, first posting per text)."""
    ids, first, local = np.unique(frame["u"].to_numpy(dtype=np.int64), return_index=True, return_inverse=True)
    return as_unsigned(frame["key"].to_numpy(dtype=np.int64)), local.astype(np.int64), ids, first


def ngram_bucket_pairs(frame: pd.DataFrame, settings: Settings, bound: float) -> pd.DataFrame:
    """The pairs of whole n-gram prefix buckets (``bucket_pairs`` with ``PREFIX_BUCKET_CAP``, and
    ``PREFIX_TIGHT_CAP`` for pairs of two long texts; in the bucket of a key held by more than ``RARE_KEY_SETS`` key
    sets - the postings' ``df`` - only the pairs ``ngram.near_copies`` keeps) that pass the length filters
    (``ngram.plausible_pairs``) and the sketch screen (``ngram._screen``), as ``NGram.search`` takes them."""
    check = TextCheck.of(settings)
    keys, local, ids, first = _bucket_input(frame)
    sizes = frame["size"].to_numpy(dtype=np.int64)[first]
    lengths = frame["length"].to_numpy(dtype=np.int64)[first]
    tight = sizes >= TIGHT_GRAMS
    # Each bucket numbered, those of keys held by more than RARE_KEY_SETS key sets (``df``) after the others: as
    # the desktop marks them (``KeyCounts.buckets``), they pair only the texts ``near_copies`` keeps.
    distinct, bucket = np.unique(keys, return_inverse=True)
    held = np.zeros(len(distinct), dtype=np.int64)
    np.maximum.at(held, bucket, frame["df"].to_numpy(dtype=np.int64))
    number = bucket + np.where(held > RARE_KEY_SETS, len(distinct), 0)[bucket]
    a, b, _ = bucket_pairs(
        number,
        local,
        _QUIET,
        cap=PREFIX_BUCKET_CAP,
        tight=tight,
        tight_cap=PREFIX_TIGHT_CAP,
        tight_window=PREFIX_TIGHT_WINDOW,
        common_from=len(distinct),
        common_keep=near_copies(tight, lengths),
        window_order=lengths,
    )
    plausible = plausible_pairs(check, sizes, lengths, a, b, bound)
    a, b = a[plausible], b[plausible]
    sketch = np.frombuffer(b"".join(frame["sketch"].iloc[first].tolist()), dtype=np.uint8)
    fp = GramKeys([], sizes, sketch.reshape(-1, SKETCH_BINS))
    a, b = _screen(fp, a, b, bound, check, _QUIET, lengths)
    return pd.DataFrame({"a": ids[a], "b": ids[b]})


def simhash_bucket_pairs(frame: pd.DataFrame, k: int) -> pd.DataFrame:
    """The pairs of whole pigeonhole buckets within ``k`` bits, as ``simhash.near_pairs`` makes them: every pair of
    a bucket, and in a bucket of more than ``BUCKET_CAP`` texts each text with its next ``BUCKET_WINDOW`` in the
    order of their whole fingerprints (then ids) - the texts numbered in that order for ``bucket_pairs``, whose
    windows run in the order of those numbers."""
    keys, local, ids, first = _bucket_input(frame)
    fps = as_unsigned(frame["fp"].to_numpy(dtype=np.int64))[first]
    by_fp = np.lexsort((ids, fps))  # (the texts' local numbers in that order)
    number = np.empty_like(by_fp)
    number[by_fp] = np.arange(len(by_fp))
    a, b, _ = bucket_pairs(keys, number[local], _QUIET, cap=SIMHASH_BUCKET_CAP, window=SIMHASH_WINDOW)
    a, b = by_fp[a], by_fp[b]
    distance = hamming(fps[a], fps[b])
    close = distance <= k
    a, b = ids[a][close], ids[b][close]
    return pd.DataFrame({"a": np.minimum(a, b), "b": np.maximum(a, b), "measure": distance[close].astype(np.float64)})


def counted_bucket_pairs(frame: pd.DataFrame, cap: int, window: int) -> pd.DataFrame:
    """The pairs of whole buckets with the number of these buckets each pair shares (summed over tasks later)."""
    keys, local, ids, _ = _bucket_input(frame)
    a, b, shared = bucket_pairs(keys, local, _QUIET, cap=cap, window=window, with_counts=True)
    return pd.DataFrame({"a": ids[a], "b": ids[b], "shared": shared})


# -- pairs: the sketch screen and the text check -------------------------------------------------------------------


def _local_texts(frame: pd.DataFrame, column: str) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The batch's distinct texts (``column``_a / _b) and each pair's local indices into them, so each text's grams
    are made once."""
    ids = np.concatenate([frame["a"].to_numpy(dtype=np.int64), frame["b"].to_numpy(dtype=np.int64)])
    texts = frame[f"{column}_a"].tolist() + frame[f"{column}_b"].tolist()
    _, first, inverse = np.unique(ids, return_index=True, return_inverse=True)
    local = [texts[i] for i in first.tolist()]
    return local, inverse[: len(frame)], inverse[len(frame) :]


def judge_pairs(frame: pd.DataFrame, settings: Settings, ngram_bound: float | None = None) -> pd.DataFrame:
    """The "Verifying" step of ``Pipeline.run`` on a batch of candidate pairs: each pair's common similarity (the
    text check on the compact content), and whether it reaches the floor for its length (``TextCheck.floor_for``);
    ``reports_agree`` then looks at the pairs that do.

    In: a, b, measure (n-gram: absent, measured here), compact_a/_b. With ``ngram_bound`` the pairs are
    the n-gram index's screened candidates: ``ngram.verify`` measures them and keeps those at least the bound, as
    the n-gram search does.
    Out: a, b, measure, similarity, floor_ok.
    """
    check = TextCheck.of(settings)
    local, ia, ib = _local_texts(frame, "compact")
    grams = _GramSets(local)
    if ngram_bound is not None:
        measure = verify(local, ia, ib, settings.n_value, check, _QUIET)
        at = np.flatnonzero(measure >= ngram_bound)
        frame, ia, ib, measure = frame.iloc[at], ia[at], ib[at], measure[at]
        similarity = measure if NGram().measure_is_similarity(settings) else _similarity(grams, ia, ib, check)
    else:
        measure = frame["measure"].to_numpy(dtype=np.float64)
        similarity = _similarity(grams, ia, ib, check)
    lengths = np.array([len(t) for t in local], dtype=np.int64)
    short = np.minimum(lengths[ia], lengths[ib]) < SHORT_CHARS
    floor_ok = similarity >= np.where(short, check.floor_for(True), check.floor_for(False)) - 1e-9
    a, b = frame["a"].to_numpy(dtype=np.int64), frame["b"].to_numpy(dtype=np.int64)
    container, container_grams = _containers(grams, ia, ib, a, b, floor_ok & ~short)
    return pd.DataFrame(
        {
            "a": a,
            "b": b,
            "measure": np.asarray(measure, dtype=np.float64),
            "similarity": np.asarray(similarity, dtype=np.float64),
            "floor_ok": floor_ok,
            "container": container,
            "container_grams": container_grams,
        }
    )


class _GramSets:
    """The 4-gram sets of a batch's texts, each hashed when first asked for (``_similarity`` and ``_containers``
    read the same ones)."""

    def __init__(self, local: list[str]):
        self.local = local
        self._sets: dict[int, np.ndarray] = {}

    def __call__(self, i: int) -> np.ndarray:
        found = self._sets.get(i)
        if found is None:
            found = self._sets[i] = gram_hashes(self.local[i], SIMILARITY_GRAM)
        return found


def _containers(
    g: _GramSets, ia: np.ndarray, ib: np.ndarray, a: np.ndarray, b: np.ndarray, mask: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """``Pipeline._containers`` on a batch: for each pair (among ``mask``) that is a duplicate only as an excerpt
    (``cluster.excerpt_only``), the text it was taken from and that text's 4-gram count; -1 elsewhere."""
    container = np.full(len(a), -1, dtype=np.int64)
    grams = np.zeros(len(a), dtype=np.int64)
    todo = np.flatnonzero(mask)
    sets = [(g(int(ia[k])), g(int(ib[k]))) for k in todo.tolist()]
    inter = np.array([overlap(x, y) for x, y in sets], dtype=np.int64)
    size_a = np.array([len(x) for x, _ in sets], dtype=np.int64)
    size_b = np.array([len(y) for _, y in sets], dtype=np.int64)
    only = excerpt_only(inter, size_a, size_b)
    container[todo[only]] = np.where(size_a >= size_b, a[todo], b[todo])[only]
    grams[todo[only]] = np.maximum(size_a, size_b)[only]
    return container, grams


def written_texts(frame: pd.DataFrame, columns: Sequence[str], read_with: ReadWith | None = None) -> pd.DataFrame:
    """In: ``__row`` (a unique text's first row) and the text columns (and the title column, with ``read_with``).
    Out: ``u, written``, the row's text as written (``joined_texts``)."""
    texts = joined_texts(frame, columns, read_with)
    return pd.DataFrame({"u": frame[ROW].to_numpy(dtype=np.int64), "written": texts})


def reports_agree(frame: pd.DataFrame, markup: bool) -> pd.DataFrame:
    """The check's last word on pairs above the floor (``textcheck.reports_differ_pairs``: figures on the whole
    normalised texts, names, places and opposites on the texts as written - ``markup``: take their markup out -
    and places and opposites on their content too, negations), as ``Pipeline`` reads them."""
    n = len(frame)
    texts = frame["norm_a"].tolist() + frame["norm_b"].tolist()
    written = frame["written_a"].tolist() + frame["written_b"].tolist()
    content = frame["content_a"].tolist() + frame["content_b"].tolist()
    at = np.arange(n, dtype=np.int64)
    agree = ~reports_differ_pairs(texts, written, at, at + n, markup, content=content)
    return pd.DataFrame({"a": frame["a"].to_numpy(dtype=np.int64), "b": frame["b"].to_numpy(dtype=np.int64),
                         "agree": agree})  # fmt: skip


def _similarity(g: _GramSets, ia: np.ndarray, ib: np.ndarray, check: TextCheck) -> np.ndarray:
    """The common similarity of each pair, as ``Pipeline._unique_similarity`` scores two unique texts."""
    local = g.local
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
    out["similarity"] = _similarity(_GramSets(local), ia, ib, TextCheck.of(settings))
    return out


# -- strict clusters within each connected component --------------------------------------------------------------


RANK_COLUMNS = ("k1", "k2", "k3", "anchor", "depth", "best_row")  # a text's keep key, most significant first
# (core.keep's order; "anchor" and "depth": where containers_first put a text before its excerpt)


def strict_keepers(chunk: pd.DataFrame, mode: str = "strict") -> pd.DataFrame:
    """Whole components (rows sorted by ``comp``) -> for each node, the node kept for it and their similarity.

    In: rows with ``kind`` "node" (``u`` and the keep key ``RANK_COLUMNS`` of the text's best row) or
    "edge" (``u``, ``v``, ``similarity``). The engine's ``build_clusters`` runs on each component with one
    representative row per text; a node it leaves alone keeps itself. Out: ``u, keeper, similarity``.
    """
    comp = chunk["comp"].to_numpy(dtype=np.int64)
    is_node = (chunk["kind"] == "node").to_numpy()
    u = chunk["u"].to_numpy(dtype=np.int64)
    v = chunk["v"].to_numpy(dtype=np.float64, na_value=-1.0).astype(np.int64)
    sim = chunk["similarity"].to_numpy(dtype=np.float64, na_value=np.nan)
    keys = [chunk[c].to_numpy(dtype=np.float64, na_value=np.nan) for c in RANK_COLUMNS]
    starts = np.flatnonzero(np.r_[True, comp[1:] != comp[:-1]])
    parts = []
    for s, e in zip(starts.tolist(), np.r_[starts[1:], len(chunk)].tolist(), strict=True):
        nodes, edges = np.flatnonzero(is_node[s:e]) + s, np.flatnonzero(~is_node[s:e]) + s
        parts.append(_strict_component(u[nodes], [k[nodes] for k in keys], u[edges], v[edges], sim[edges], mode))
    if not parts:
        return pd.DataFrame({"u": [], "keeper": [], "similarity": []}).astype({"u": "int64", "keeper": "int64"})
    return pd.DataFrame(
        {name: np.concatenate([p[i] for p in parts]) for i, name in enumerate(("u", "keeper", "similarity"))}
    )


def _strict_component(ids, keys, eu, ev, esim, mode):
    order = np.argsort(ids, kind="stable")
    ids = ids[order]
    rank = np.empty(len(ids), dtype=np.int64)
    rank[np.lexsort(tuple(k[order] for k in reversed(keys)))] = np.arange(len(ids))
    a, b = np.searchsorted(ids, eu), np.searchsorted(ids, ev)

    def no_rescore(x: int, y: int) -> float:
        raise AssertionError("strict clusters only pair a kept text with its direct neighbours")

    clusters = build_clusters(len(ids), a, b, esim, np.arange(len(ids)), rank, mode, no_rescore)
    keeper = ids.copy()
    similarity = np.ones(len(ids))
    for c in clusters:
        for m in c.members:
            keeper[m] = ids[c.kept]
            similarity[m] = c.similarity[m]
    return ids, keeper, similarity


def held_pairs(frame: pd.DataFrame) -> pd.DataFrame:
    """(u, K, held): whether text ``u`` (``norm_u``) is held against its kept text ``K`` (``norm_k``): in doubt, or
    rewritten (``core.doubt.held_pairs``)."""
    held = _held_pairs(frame["norm_u"].tolist(), frame["norm_k"].tolist())
    return pd.DataFrame({"u": frame["u"].to_numpy(), "K": frame["K"].to_numpy(), "held": held})


def series_frames(batches: Iterable[pd.DataFrame]) -> Iterator[pd.DataFrame]:
    """(a, b, before, after, x, y) of the pairs of each batch (a, b, similarity, norm_a, norm_b) that may be items of
    a series: ``core.series.framed``."""
    for frame in batches:
        found = framed(frame["norm_a"].tolist(), frame["norm_b"].tolist(), frame["similarity"].to_numpy(np.float64))
        at = [k for k, _ in found]
        parts = list(zip(*(f for _, f in found), strict=True)) if found else [[], [], [], []]
        yield pd.DataFrame(
            {
                "a": frame["a"].to_numpy()[at],
                "b": frame["b"].to_numpy()[at],
                "before": pd.Series(parts[0], dtype=object),  # (an empty batch: strings all the same)
                "after": pd.Series(parts[1], dtype=object),
                "x": pd.Series(parts[2], dtype=object),
                "y": pd.Series(parts[3], dtype=object),
            }
        )
