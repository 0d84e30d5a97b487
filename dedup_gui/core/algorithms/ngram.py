"""N-gram overlap: a character n-gram index, candidates scored by the text check's similarity on n-grams.

The measure is ``TextCheck.score`` on the texts' character n-gram sets: Jaccard, or for an excerpt (the shorter
text at least ``excerpt_share`` of the longer) the share of the shorter text found in the longer.

Keys are 0-mod-p samples of each text's n-gram hashes, p a power of two chosen from the text's length; a gram
sampled at p is also sampled at every smaller power of two, so texts of different lengths can meet at a common
sampling level. For Jaccard, each text is indexed at its own level and the next, as two key sets, and only a
*prefix* of each set is indexed: its rarest keys (AllPairs prefix filtering). Any two sets above the similarity
bound share a prefix key, and the rarest keys never form the quadratic buckets that bylines and boilerplate
would. Candidates are verified on their full n-gram sets.

With excerpts the prefixes are cut for the low Jaccard similarity an excerpt may have (over half of each set), but
a pair is only made where one of its texts holds the shared key in its shorter prefix for the search's bound (its
*probes*): a pair scoring the bound shares at least bound x the smaller set, so the smaller set's probes and the
larger set's prefix meet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..columnar import (
    CHUNK_CHARS,
    FIRST_BITS,
    FIRST_LIMIT,
    FIRST_UNKNOWN,
    PREFIX_BITS,
    GramColumns,
    GramPieces,
    PairGrams,
    gram_prefix_columns,
    lengths_of,
    score_pairs_counted,
    score_pairs_of_counted,
    segment_rows,
    text_chunks,
)
from ..parallel import balanced_share, map_ranges, ordered_map, share
from ..progress import Reporter
from ..settings import Settings
from ..text import MIX_BLOCK, code_points, deletion_hashes, find_sorted, mix64, sorted_unique, span_positions
from ..textcheck import SHORT_CHARS, SHORT_FLOOR, SIMILARITY_GRAM, TextCheck
from .base import Algorithm, Candidates, LengthBand, Packing, ParamSpec, bucket_pairs

TARGET_KEYS = 64  # sampled keys per text at its own level (between 64 and 128)
PREFIX_MARGIN = 0.10  # the index is built for threshold - margin, so sampling noise costs no recall
MIN_BOUND = 0.30
MAX_LEVEL_STEPS = 13  # containment probes up to level p * 2**12 (texts far longer than their partner)
SKETCH_BITS = 7
SKETCH_BINS = 1 << SKETCH_BITS  # one-permutation min-hash bins per text
EMPTY_BIN = np.uint32(0xFFFFFFFF)  # an empty bin of a full (32-bit) sketch: the reference in tests/
EMPTY_BYTE = np.uint8(0xFF)  # an empty bin of the kept sketch: a filled bin's byte is even
# Candidates whose sketch estimate falls this far below the bound are not verified exactly. With 128 bins the
# estimate is off by at most ~0.1 even on 16-gram texts (measured), so no true pair is lost.
SKETCH_MARGIN = 0.20
# Pairs verified on their texts' gram sets made once (texts in many pairs) are estimated first on a sample of 512
# grams of each set (``columnar.sampled_scores``): those estimated this far below the bound are not compared in
# full. Measured on the candidates of Reuters, 20 Newsgroups and the Sina articles: estimates off by at most 0.065
# for pairs scoring 0.6 or more; none scoring the bound estimated below it less 0.08.
SAMPLE_MARGIN = 0.12
SKETCH_MIN_GRAMS = 16  # shorter texts (under ~20 characters) are always verified exactly
# Each sketched text of at most GRAM_BITS_MAX grams also has a set of GRAM_BITS bits, one per value of its grams'
# low 8 hash bits (``GramKeys.bits``): a bit set in one text's and not in the other's stands for at least one gram
# the other lacks, so the two sets of bits bound a pair's overlap from above - and with it its score - for certain
# (``_by_bits``). Unrelated English sentences share many common 4-grams, and their sketch estimates come within the
# screen's margin of the bound: of the 6.9M candidate pairs of the 100k English short texts of ``make bench``, the
# bits ruled out 6.4M, at a third of the cost of the sketch's first pass (the sketch's two passes alone kept 468k,
# the bits then the sketch 439k; the search 1.75 -> 1.33 s). A text of ~100 grams sets about a third of the 256
# bits; past 256 grams most bits are set and say little (articles): such pairs are not read.
GRAM_BITS = 256
GRAM_BITS_MAX = 255  # (so that a row's count fits a byte: ``_bit_counts``)
GRAM_BIT_WORDS = GRAM_BITS // 64
JACCARD_SLACK = 0.9  # the index searches excerpts down to a Jaccard similarity of 0.9 x their minimum share
# A prefix key (among a text's rarest) shared by more texts than this is template text: each text is paired with
# its 32 neighbours in the bucket instead of all, which keeps templated inputs linear; real copies share many keys.
# The neighbours are those nearest in length (``bucket_pairs``' window_order), where a copy a few edits away is:
# where every sentence stands in several rows (1M English short texts, half of them two real sentences joined, each
# sentence in ~6 rows), nearly every 4-gram of a sentence is common, its copy one letter away shares only common
# keys with it, and neighbours in row order left 28,526 such copies kept (recall of the planted copies 90.5 %, rensa
# 92.7 %); by length, 94.6 %. Every other bench input and eval_real set removed the same rows but one natural near
# copy of 1M Chinese short texts ("你大爷的什么意思？" / "你大爷什么意思？").
PREFIX_BUCKET_CAP = 300
# A text of this many grams or more shares dozens of prefix keys with a copy of it, its rarest among them in small
# buckets: in a bucket above PREFIX_TIGHT_CAP texts, two such texts are paired only within a window (every pair with
# a shorter text stays; ``bucket_pairs``' tight). Templated long texts (Reuters' earnings and dividend notices)
# otherwise fill hundreds of buckets of 100-300 texts: 34M candidate pairs for 19k stories.
TIGHT_GRAMS = 200
PREFIX_TIGHT_CAP = 50
# The window of a tight text in such a bucket: its next 8 tight texts. On English text, where 4 characters are less
# than a word, most prefix keys are common and these windows made most candidates - 18.3M raw pairs for the 21,578
# Reuters stories with a window of 32 (dedup 11.1 s), 20 Newsgroups alike (17.2M, 13.7 s) - of which the text check
# kept a few hundred. With 8: the same rows removed on both and on the Chinese article sets, in half the time
# (5.1 s, 8.0 s); with 4 one Reuters copy was missed. Above PREFIX_BUCKET_CAP too a tight text pairs with its next
# 8 texts, not 32 (9.6M pairs made for the Reuters stories against 16.5M; the same rows removed on every real corpus
# but one of eval_real's Reuters removals, a wrong one at 0.80).
PREFIX_TIGHT_WINDOW = 8
# Keys counted in at most this many key sets are rare: their bucket numbers come first (``KeyCounts.buckets``).
RARE_KEY_SETS = PREFIX_TIGHT_CAP
# A short text keeps a common prefix key - one counted in more than COMMON_KEY_SETS key sets - only among its first
# n + 1 keys held by two sets or more (``_prefixes``' ``common_above``): a copy of it one character edit away shares
# one of those (an edit takes n keys at most). Since 2026-11-23 a short text with more than n rare prefix keys had
# left the buckets of more than PREFIX_TIGHT_CAP texts (78,000 English sentences, Reuters: 134M pairs, 60 s and 11
# GiB -> 16 s and 3 GiB). Since 2026-11-27 every short text keeps only its first common keys: 100k Reuters sentences
# with 30 % one-character copies made 65M pairs to screen, 10M with common keys above 50 sets, 6M above 24 (the
# whole job 12.8 -> 3.6 -> 3.0 s; recall of the copies 0.953 -> 0.959 -> 0.959, above 12 sets 2.8 s and 0.958).
# Every Chinese benchmark input (1M short texts: 5 rows of 1M differ between 50 and 24) and eval_real's sets remove
# the same rows at 50, 24 and 12. Counting only the keys held by two sets or more: 7.4M pairs, 3.1-3.4 s against
# 3.0-3.3 s, 11 more copies found. (Tight texts - articles - keep every key: with the rule, 4 Reuters stories resent
# with a word changed were no longer found, their every shared key common across the resends.)
COMMON_KEY_SETS = 24
# Probes are left out when more than this share of the prefix keys are probes. A short text's prefix for its edits
# is all probes: 88 % of the keys were probes at 100k short texts with prefixes of n x edits + 1 keys (1 % fewer
# pairs made, bucket_pairs 0.09-0.10 -> 0.12-0.15 s), 74 % since they are cut by the edits that destroy them
# (72c8cf1), where the search still took longer with probes (warm, alternating: 0.24-0.26 s against 0.22-0.24
# without; the same candidates); 82 % at 1M short texts, 100 % on the LCQMC questions. Articles 18-55 % (Sina 18,
# the 4k bench articles 51, Reuters 55), where probes pay: Reuters' search 1.35-1.48 s with them, 1.66-1.71 without.
PROBE_SHARE = 0.70
DOC = np.int32  # text indices of sampled keys and prefixes (2**31 texts is far beyond any table)
# The gram sets of short texts are kept for verification up to this many hashes (240 MB); else the texts of the
# candidate pairs are hashed again. Articles' sets (``LONG_TEXT_CHARS``) are kept as the fingerprint's chunks
# made them (``GramPieces``), up to as many: copying every article's set into one array cost more than hashing
# again the few in pairs (12,461 real Sina articles, alternating: fingerprint 0.46-0.58 s kept against 0.39-0.40,
# the whole job 1.69-1.89 against 1.54-1.66), where keeping the chunks' arrays costs nothing but their memory and
# spares English articles, most of them in pairs, a second hashing (see ``_gram_keys``); 100k articles hold more
# than this many. 1M short texts verify 1.2 s faster with theirs kept.
KEEP_GRAMS = 30_000_000
# Texts averaging more than LONG_TEXT_CHARS characters (articles) are fingerprinted LONG_CHUNK_CHARS at a time, not
# CHUNK_CHARS: their rows span ~40 widths, each sorted as a group of its own, and a chunk of 500,000 characters
# holds ~200 articles - a dozen numpy calls for a few rows at a time. Measured with numpy's AVX2 sorts (100k
# articles, fingerprint stage): 3.0-3.5 s at 500,000 characters, 2.5-3.1 at 1M, 2.3-2.6 at 2M, 2.5-2.6 at 4M;
# 4k articles 0.12-0.13 against 0.11 s; 1M short texts slower with larger chunks (1.7 s at 500,000, 1.9-2.1 at 2M:
# their arrays leave the cache, and their rows are of a handful of widths).
LONG_TEXT_CHARS = 200
LONG_CHUNK_CHARS = 2_000_000


class KeyPart(NamedTuple):
    """The sampled keys of a run of consecutive texts, ordered by text, then level."""

    keys: np.ndarray  # uint64 sampled keys; the sampling level is mixed into the key
    doc: np.ndarray  # int32 text index of each key (``DOC``: half the memory of int64, 41M keys at 1M short texts)
    step: np.ndarray  # int8: 0 at the text's own level p, 1 at 2p, 2 at 4p, ...
    # uint8: a key's first window in its text at its own level (step 0) where the text has at most FIRST_LIMIT
    # grams (``gram_prefix_columns``' positions), else FIRST_UNKNOWN; 0 at the other levels. None: not known.
    first: np.ndarray | None = None


@dataclass
class GramKeys:
    # The sampled keys, a part per chunk of texts fingerprinted at once, in text order: kept apart (joined, the
    # keys of 1M short texts were a 560 MB copy, ~1 s of page faults on the main thread).
    parts: list[KeyPart]
    sizes: np.ndarray  # int64 full n-gram set size per text (for the length filter)
    # uint8 (sketched texts x SKETCH_BINS): the low byte of each bin of a one-permutation min-hash (even; EMPTY_BYTE
    # where the bin is empty), to screen candidates (``ByteSketch``): a byte, not the hash, keeps 1M texts' sketches
    # in 128 MB. Only texts of SHORT_CHARS characters or more are ever screened, and only they have one
    # (``sketch_rows``).
    sketch: np.ndarray
    # Every text's full gram set (for verification), empty for the texts under SHORT_CHARS characters (scored by
    # their edits in every pair): ``_gram_keys``.
    grams: GramColumns | None = None
    lengths: np.ndarray | None = None  # int64: the characters of each text (what the search and check read)
    # Per text, its row of ``sketch`` (-1: none, a text under SHORT_CHARS characters); None: row i is text i's.
    sketch_rows: np.ndarray | None = None
    # uint64 (sketched texts x GRAM_BIT_WORDS), the rows of ``sketch``: the bits of each text's grams (``_by_bits``),
    # zero for a text of more than GRAM_BITS_MAX grams (never read). None: not made (the Spark job's batches).
    bits: np.ndarray | None = None
    # Where ``grams`` is not kept (articles): every text's gram set as the fingerprint's chunks made them, when
    # they hold at most KEEP_GRAMS hashes in all (``_gram_keys``); None: not kept.
    pieces: GramPieces | None = None

    def sketch_of(self, texts: np.ndarray) -> np.ndarray:
        """The rows of ``sketch`` of these texts (each one that has a sketch)."""
        return texts if self.sketch_rows is None else self.sketch_rows[texts]

    def every_sketch(self) -> np.ndarray:
        """A sketch row per text (texts x SKETCH_BINS), EMPTY_BYTE throughout for a text without one."""
        if self.sketch_rows is None:
            return self.sketch
        out = np.full((len(self.sketch_rows), SKETCH_BINS), EMPTY_BYTE, dtype=np.uint8)
        has = self.sketch_rows >= 0
        out[has] = self.sketch[self.sketch_rows[has]]
        return out

    @property
    def keys(self) -> np.ndarray:
        """Every part's keys, joined (a copy)."""
        return _joined([p.keys for p in self.parts], np.uint64)

    @property
    def doc(self) -> np.ndarray:
        return _joined([p.doc for p in self.parts], DOC)

    @property
    def step(self) -> np.ndarray:
        return _joined([p.step for p in self.parts], np.int8)


class NGram(Algorithm):
    name = "ngram"
    title = "N-gram overlap"
    description = "Compares the character n-grams texts share; works on short texts and edited copies."
    threshold = ParamSpec(
        label="Min similarity",
        minimum=0.30,
        maximum=1.00,
        step=0.01,
        # 0.80, measured on real text (benchmarks/eval_real.py): excerpts and truncated reposts score ~1.0 by
        # containment and lightly edited reposts 0.9+, while templated look-alikes (Reuters dividend notices, market
        # reports) and related reports sharing background sit at 0.7-0.8.
        default=0.80,
        unit="",
        help="Two texts are duplicates when their text similarity on character n-grams is at least this: the "
        "share of n-grams they have in common (Jaccard), or for an excerpt the share of the shorter text found in "
        "the longer. Higher is stricter.",
        decimals=2,
    )
    n = ParamSpec(
        label="Gram length",
        minimum=2,
        maximum=8,
        step=1,
        default=4,
        unit="characters",
        help="Length of the character n-grams; 4 is about two Chinese words. Shorter grams match more loosely.",
    )
    measure = "Similarity"

    def fingerprint_key(self, settings: Settings) -> tuple:
        return ("ngram", settings.n_value, level_steps(settings), lowest_ratio(settings))

    def measure_is_similarity(self, settings: Settings) -> bool:
        return settings.n_value == SIMILARITY_GRAM

    def fingerprint(self, texts: list[str], settings: Settings, reporter: Reporter) -> GramKeys:
        """The fingerprint of a whole column's ``texts`` (for a batch of them: ``batch_fingerprint``)."""
        return _gram_keys(texts, settings.n_value, level_steps(settings), reporter, lowest_ratio(settings))

    def batch_fingerprint(self, texts: list[str], settings: Settings, reporter: Reporter) -> GramKeys:
        """The fingerprint of a batch of a column's texts (the Spark job's: a batch's keys meet those of the
        others): keyed at every level a text of another batch may be at, not only up to the batch's own longest
        text's (``_gram_keys``' ``whole``)."""
        return _gram_keys(texts, settings.n_value, level_steps(settings), reporter, lowest_ratio(settings), whole=False)

    def search(self, fp: GramKeys, texts: list[str], settings: Settings, reporter: Reporter) -> Candidates:
        check, bound, jaccard_bound = search_bounds(settings)
        reporter.report("Finding candidates", 0, 1)
        first_unneeded = _first_unneeded_step(fp.sizes, check.plausible_ratio(bound))
        lengths = fp.lengths if fp.lengths is not None and len(fp.lengths) == len(texts) else lengths_of(texts)
        edits = short_pair_edits(lengths)
        # Pairs only where one text holds the key among its probes (the prefix for the bound itself): the prefixes
        # of 21,578 Reuters stories made 9.6M unique pairs without, 5.5M with (20 Newsgroups 9.5M -> 4.8M, the Sina
        # articles 26k -> 6k); eval_real's figures all unchanged (the Reuters stories: 5,295 candidates above the
        # bound against 5,283 - the windows of crowded buckets reach other texts - and the same 433 pairs kept).
        tight = fp.sizes >= TIGHT_GRAMS
        postings, packing, rare_below = _prefixes(
            [p for p in fp.parts if len(p.keys)],
            jaccard_bound,
            shared=True,
            edits=edits,
            n=settings.n_value,
            edits_only=lengths < SHORT_CHARS,
            probe_bound=bound,
            first_unneeded=first_unneeded,
            probe_share=PROBE_SHARE,
            common_above=COMMON_KEY_SETS,
            tight=tight,
        )
        # Only pairs of two texts of SHORT_CHARS characters and SKETCH_MIN_GRAMS grams or more are screened
        # (``_screened``): with fewer than two such texts (short questions, titles) the sketches are never read.
        screened = np.count_nonzero((lengths >= SHORT_CHARS) & (fp.sizes >= SKETCH_MIN_GRAMS)) > 1
        packed = ByteSketch.of(fp.sketch, fp.bits) if screened else None

        def passing(pa: np.ndarray, pb: np.ndarray) -> np.ndarray:
            """The pairs that can score the bound by their sizes and lengths, then by their sketches (indices)."""
            at = np.flatnonzero(plausible_pairs(check, fp.sizes, lengths, pa, pb, bound))
            return at[_screened(fp, packed, pa[at], pb[at], bound, check, reporter, lengths)]

        # A text that is not tight holds a common key only for its copies a few edits away (``_prefixes``'
        # ``common_above``): in the bucket of a key common enough to be marked so (``KeyCounts.buckets``), two such
        # texts whose lengths differ by more than those edits can take are not paired (``near_copies``).
        # Each chunk of the prefix buckets' pairs is screened on its core as it is made (``keep``).
        a, b, _ = bucket_pairs(
            postings,
            None,
            reporter,
            cap=PREFIX_BUCKET_CAP,
            tight=tight,
            tight_cap=PREFIX_TIGHT_CAP,
            tight_window=PREFIX_TIGHT_WINDOW,
            keep=passing,
            overwrite_keys=True,
            packing=packing,
            common_from=rare_below,
            common_keep=near_copies(tight, lengths, edits, fp.sizes, check.plausible_ratio(bound)),
            window_order=lengths,
        )
        variants, holders = edit_variants(texts, lengths, settings.n_value)
        if len(variants):
            va, vb, _ = bucket_pairs(variants, holders, reporter, cap=PREFIX_BUCKET_CAP, keep=passing)
            a, b = _with_pairs(a, b, va, vb, len(texts))
        reporter.report("Finding candidates", 1, 1)
        floor = bound - SAMPLE_MARGIN
        measure, counted = verify_counted(
            texts, a, b, settings.n_value, check, reporter, fp.grams, floor, lengths, fp.pieces
        )
        keep = measure >= bound
        if keep.all():  # (no copy of every pair: 100k templated rows keep all of their 18M, 0.9 GB copied)
            return Candidates(a, b, measure, bound, counted, settings.n_value)
        grams = PairGrams(counted.overlap[keep], counted.size_a[keep], counted.size_b[keep])
        return Candidates(a[keep], b[keep], measure[keep], bound, grams, settings.n_value)

    def covers(self, bound: float, threshold: float) -> bool:
        # A search at ``bound`` guarantees completeness (up to sampling) for thresholds >= bound + margin.
        return threshold >= min(1.0, bound + PREFIX_MARGIN) - 1e-9 or (bound <= MIN_BOUND and threshold >= bound)

    def search_key(self, settings: Settings) -> tuple:
        return (settings.n_value, bool(settings.excerpts), float(settings.excerpt_share))

    def searched_range(self, measure: np.ndarray, threshold: float) -> tuple[float, float]:
        # Complete down to the run's threshold; pairs found down to threshold - margin are shown but may be
        # incomplete there.
        lo = min(threshold, float(measure.min()) + PREFIX_MARGIN) if len(measure) else threshold
        return max(self.threshold.minimum, round(lo, 6)), self.threshold.maximum


def near_copies(
    tight: np.ndarray,
    lengths: np.ndarray,
    edits: np.ndarray | None = None,
    sizes: np.ndarray | None = None,
    ratio: float | None = None,
) -> LengthBand:
    """The pairs (a mask, given their texts ``pa``, ``pb``) that the bucket of a common key is for: a text that is
    not ``tight`` holds a common key only for its copies a few edits away (``_prefixes``' ``common_above``: one,
    or a short text's own, ``short_pair_edits``; ``edits``: theirs, when known), so two such texts are paired there
    only when their lengths (``lengths``: characters) are no more apart than the edits of either's copies. A pair
    with a tight text in it stays (``bucket_pairs``' ``common_keep``). As a ``LengthBand``, the buckets within the
    cap make only the pairs it keeps.

    ``sizes`` and ``ratio`` (the texts' gram counts and ``TextCheck.plausible_ratio`` of the search's bound): there
    a text that is not tight is paired with a tight one only where ``plausible_pairs`` can keep the pair
    (``plausible_most``) - at 300k English sentences, where a sentence stands in several joined rows, more than half
    of such pairs were made to be dropped by it."""
    allowed = np.maximum(short_pair_edits(lengths) if edits is None else edits, 1)
    if sizes is None or ratio is None:
        return LengthBand(tight, lengths, allowed)
    return LengthBand(tight, lengths, allowed, sizes, plausible_most(sizes, ratio))


def plausible_most(sizes: np.ndarray, ratio: float) -> np.ndarray:
    """Per text (``sizes``: its gram count), the most grams a larger partner can have in a pair that
    ``plausible_pairs`` keeps at ``ratio`` (``TextCheck.plausible``: the smaller count at least ``ratio`` x the
    larger): its own count over ``ratio``, rounded up, and one more (a margin: the bound is a float). (A short pair,
    under ``SHORT_CHARS`` characters, is judged by its edits, not its counts - but a tight text, of ``TIGHT_GRAMS``
    grams, has more characters than a short text's partner may have: ``TextCheck.edits_allow``.)"""
    return np.ceil(sizes / ratio).astype(np.int64) + 1


def search_bounds(settings: Settings) -> tuple[TextCheck, float, float]:
    """The text check of ``settings``, the lowest score the search finds (``bound``: the threshold less
    ``PREFIX_MARGIN``) and the Jaccard similarity its prefixes are cut for."""
    check = TextCheck.of(settings)
    bound = max(MIN_BOUND, settings.threshold_value - PREFIX_MARGIN)
    # Excerpts can score high with a low Jaccard similarity (an untouched excerpt's is its share of the longer
    # text). Searching below ~0.9 x the minimum share only finds heavily edited excerpts, at a quadratic cost on
    # templated text.
    jaccard_bound = max(check.lowest_jaccard(bound), min(bound, JACCARD_SLACK * check.excerpt_share))
    return check, bound, jaccard_bound


def short_pair_edits(lengths: np.ndarray) -> np.ndarray:
    """Per text (``lengths``: its characters), the most edits any short pair it can be in may have - a pair the
    text check judges by edits: the shorter text under ``SHORT_CHARS`` characters, ``SHORT_FLOOR`` similar or more
    (-1 for a text in none). As the shorter text ``tau <= (1 - floor) / floor x its length`` (the longer text is at
    most length / floor long), as the longer ``tau <= (1 - floor) x its length``."""
    f = SHORT_FLOOR
    as_shorter = lengths < SHORT_CHARS
    as_longer = lengths * f < SHORT_CHARS  # a partner under SHORT_CHARS can be within the floor
    tau = np.where(as_shorter, np.floor((1 - f) / f * lengths + 1e-9), np.floor((1 - f) * lengths + 1e-9))
    return np.where(as_shorter | as_longer, tau.astype(np.int64), -1)


def edit_prefix(lengths: np.ndarray, n: int) -> np.ndarray:
    """Per text (``lengths``: its characters), how many of the rarest keys of its own-level key set are indexed at
    least, so that it meets every partner of a short pair it can be in (``short_pair_edits``); 0 for a text in
    none.

    Such a text has fewer than 128 n-grams, so its own level is 1: every gram is a key. With at most ``tau``
    edits between two texts, an edit touching at most n grams, either text keeps all but ``n * tau`` of its
    distinct grams in the other's set, so their ``n * tau + 1`` rarest keys share one (Ed-Join's count and prefix
    filters) - when it has that many grams: see ``edit_variants``. (The Jaccard prefix alone left one-character
    edits of 8-10-character sentences to be found by chance.)"""
    tau = short_pair_edits(lengths)
    return np.where(tau >= 0, n * tau + 1, 0)


def edit_variants(texts: list[str], lengths: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Keys that pair the very short texts whose one edit can touch every gram (``n * tau`` at least their gram
    count, ``tau`` = 1: at n = 4, texts of 6 and 7 characters, "我的世编辑器" / "我的世界编辑器"): the hash of each
    text and of each way of deleting one of its characters (its deletion neighbourhood), for every text of those
    lengths and one more or less. Two texts one substitution, insertion or deletion apart share one of them.
    Returns the keys (uint64, each text's distinct keys) and the text of each, in text order. (Two or more edits
    that can touch every gram - n of 5 and more only: at n = 5 two edits four characters apart in a text of 14 - are
    not covered.)

    A key is ``mix64`` of the string's ``string_hash``, the texts of one length hashed together with every
    deletion (``text.deletion_hashes``), no string made (38,643 LCQMC questions, 9,816 of them wanted: 88 ms
    string by string); the lengths wanted looked up with ``find_sorted`` (``np.isin`` loads numpy.ma)."""
    tau = short_pair_edits(lengths)
    grams = np.maximum(lengths - n + 1, 1)
    unsure = lengths[(tau == 1) & (n * tau >= grams)]
    near = sorted_unique(np.concatenate([unsure - 1, unsure, unsure + 1]))
    wanted = np.flatnonzero(find_sorted(near, lengths)[1] & (lengths > 0))
    if not len(wanted):
        return np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64)
    size = lengths[wanted]
    cps = code_points("".join([texts[i] for i in wanted.tolist()]))
    first = np.cumsum(size) - size
    keys, docs = [], []
    for length in sorted_unique(size).tolist():
        rows = np.flatnonzero(size == length)
        whole, deleted = deletion_hashes(cps[first[rows][:, None] + np.arange(length)])  # a text per row
        keys.append(np.concatenate([whole[:, None], deleted], axis=1).ravel())
        docs.append(np.repeat(wanted[rows], length + 1))
    key, doc = mix64(np.concatenate(keys), copy=False), np.concatenate(docs)
    order = np.lexsort((key, doc))
    key, doc = key[order], doc[order]
    distinct = np.ones(len(key), dtype=bool)  # a text's deletions of equal neighbours are one string
    distinct[1:] = (key[1:] != key[:-1]) | (doc[1:] != doc[:-1])
    return key[distinct], doc[distinct]


def _with_pairs(a: np.ndarray, b: np.ndarray, more_a: np.ndarray, more_b: np.ndarray, n_texts: int):
    """The union of two sets of unique pairs (a < b), each in (a, b) order as ``bucket_pairs`` gives them, in that
    order: the few ``more`` pairs not among the many put in their places (no sort of them all)."""
    if not len(more_a):
        return a, b
    if not len(a):
        return more_a, more_b
    codes, more = a * n_texts + b, more_a * n_texts + more_b
    at = np.searchsorted(codes, more)
    new = codes.take(at, mode="clip") != more
    codes = np.insert(codes, at[new], more[new])
    return codes // n_texts, codes % n_texts


def plausible_pairs(
    check: TextCheck, sizes: np.ndarray, lengths: np.ndarray, a: np.ndarray, b: np.ndarray, bound: float
) -> np.ndarray:
    """Which pairs (a, b) can score ``bound`` at all, by their texts' gram counts (``sizes``: ``plausible``), and
    can be duplicates, by their characters (``lengths``: ``TextCheck.edits_allow``, for the pairs judged by
    edits). At 1M short texts the lengths rule out more than half of the pairs the prefixes make. A short pair
    (judged by its edits) is not ruled out by its gram counts: a text of repeated grams has few distinct ones,
    and one character inserted can double them ("一一一一一一一仂", 2 grams; "一一一一仂一一一仂", 5). A range of pairs
    at a time, on both cores."""
    out = np.empty(len(a), dtype=bool)

    def plausible(lo: int, hi: int) -> None:
        pa, pb = a[lo:hi], b[lo:hi]
        small, large = np.minimum(sizes[pa], sizes[pb]), np.maximum(sizes[pa], sizes[pb])
        length_a, length_b = lengths[pa], lengths[pb]
        by_grams = check.plausible(small, large, bound)
        by_grams |= np.minimum(length_a, length_b) < SHORT_CHARS  # (a short pair is judged by its edits alone)
        np.logical_and(by_grams, check.edits_allow(length_a, length_b), out=out[lo:hi])

    for _ in map_ranges(plausible, [(lo, min(lo + PAIR_RANGE, len(a))) for lo in range(0, len(a), PAIR_RANGE)]):
        pass
    return out


PAIR_RANGE = 1 << 21  # pairs worked on at once by ``plausible_pairs`` (on each core)


def lowest_ratio(settings: Settings) -> float:
    """The smallest share of its partner's gram count a text can have in a pair the search finds, at any
    threshold (``plausible`` at ``MIN_BOUND``) - what the fingerprint's key sets are pruned for (``_unneeded``)."""
    return min(MIN_BOUND, float(settings.excerpt_share))


def _unneeded(size: np.ndarray, step: np.ndarray | int, ratio: float) -> np.ndarray:
    """Which key sets (of texts with ``size`` grams, at ``step`` above their own level) no pair needs: a text of
    own level 1 (under ``2 * TARGET_KEYS`` grams: every gram a key) is indexed at the next levels 2, 4... only to
    meet texts whose own level that is; they have ``TARGET_KEYS x level`` grams or more, so a text under ``ratio``
    of that (too small to score against them: ``TextCheck.plausible``) keeps its level-1 set alone - where it meets
    every text of its own level, by the Jaccard prefix or, in a short pair, by ``edit_prefix``."""
    step = np.asarray(step, dtype=np.int64)
    return (step > 0) & (size < 2 * TARGET_KEYS) & (size < ratio * (TARGET_KEYS << step) - 1e-9)


def needed_keys(part: KeyPart, sizes: np.ndarray, check: TextCheck, bound: float) -> KeyPart:
    """``part`` without the key sets no pair scoring ``bound`` needs (``_unneeded`` at ``check``'s ratio for
    ``bound``; the fingerprint dropped those no pair at any threshold needs)."""
    return _needed_of(part, _first_unneeded_step(sizes, check.plausible_ratio(bound)))


def _first_unneeded_step(sizes: np.ndarray, ratio: float) -> np.ndarray:
    """Per text (``sizes``: its gram count), the first step from which its key sets are ``_unneeded`` at ``ratio``
    (int8; ``MAX_LEVEL_STEPS`` where none is): the rule holds from some step on, as ``ratio x TARGET_KEYS << step``
    grows with the step."""
    first = np.full(len(sizes), MAX_LEVEL_STEPS, dtype=np.int8)
    for step in range(MAX_LEVEL_STEPS - 1, 0, -1):
        first[_unneeded(sizes, step, ratio)] = step
    return first


def _needed_of(part: KeyPart, first_unneeded: np.ndarray) -> KeyPart:
    """``part`` without the key sets at or above their text's first unneeded step (``_first_unneeded_step``): a
    gather of a byte per key and a comparison, not the rule worked out key by key (34M keys at 1M short texts)."""
    keep = part.step < first_unneeded.take(part.doc)
    if keep.all():
        return part
    return KeyPart(part.keys[keep], part.doc[keep], part.step[keep], None if part.first is None else part.first[keep])


# Screening passes: (sketch bins compared, margin below the bound, margin where the smaller set has
# SCREEN_FULL_GRAMS grams or more). 64 bins estimate Jaccard within ~0.06 (one standard deviation at 0.5), 128 bins
# within ~0.045; an excerpt's estimated containment moves up to twice as much. A set of fewer grams leaves most of
# the 64 bins empty and its estimate wanders further: Reuters pairs of 32-64 grams scoring 0.72-0.75 were
# estimated below 0.35 (measured: none of 128 grams and more off by 0.3 on Reuters or 20 Newsgroups).
SCREEN_PASSES = ((64, 0.5, 0.3), (SKETCH_BINS, SKETCH_MARGIN, SKETCH_MARGIN))
SCREEN_FULL_GRAMS = SKETCH_BINS
SCREEN_BLOCK = 200_000  # candidate pairs compared at once


def _screen(
    fp: GramKeys, a: np.ndarray, b: np.ndarray, bound: float, check: TextCheck, reporter: Reporter, lengths: np.ndarray
):
    """The candidates ``_screened`` keeps."""
    keep = _screened(fp, ByteSketch.of(fp.sketch, fp.bits), a, b, bound, check, reporter, lengths)
    return a[keep], b[keep]


def _screened(
    fp: GramKeys,
    packed: ByteSketch | None,
    a: np.ndarray,
    b: np.ndarray,
    bound: float,
    check: TextCheck,
    reporter: Reporter,
    lengths: np.ndarray,
) -> np.ndarray:
    """Which candidates to keep (a mask): not those (texts sharing a rare key by chance, common in templated text)
    whose sketch (``packed``) says their score is far below the bound, so that exact verification only runs on
    plausible pairs.

    The sketch estimates Jaccard; with the two set sizes that also estimates the overlap, hence the containment
    an excerpt is scored by: the estimate of the text check's own score. Bins are compared by their low byte,
    eight at a time (``ByteSketch``): equal bins always compare equal, so the estimate is never lower than the
    full sketch's and the screen never drops a pair the full comparison would keep.

    A short pair (the shorter text under ``SHORT_CHARS`` characters: ``lengths``) is scored by its edits, which
    its grams say little about - five edits spread over 36 characters leave a 4-gram Jaccard similarity near 0.3
    and an edit similarity of 0.86 - so it is never screened; neither is a text of few grams. (``packed`` None:
    no pair is screened.)"""
    exempt = np.minimum(lengths[a], lengths[b]) < SHORT_CHARS
    exempt |= np.minimum(fp.sizes[a], fp.sizes[b]) < SKETCH_MIN_GRAMS
    at = np.flatnonzero(~exempt)
    if packed is None:
        if len(at):
            raise ValueError("_screened: pairs to screen without sketches")
        return exempt

    def narrowed(at: np.ndarray, passing) -> np.ndarray:
        """The pairs (places ``at``) that ``passing`` keeps (a mask, given a block's pairs ``sa``, ``sb``), a block
        at a time on both cores, the sizes looked up and the score made there too (at 100k articles, 4.9M
        candidates: 0.2 s on one core when done for all pairs at once)."""
        blocks = [(lo, min(lo + SCREEN_BLOCK, len(at))) for lo in range(0, len(at), SCREEN_BLOCK)]
        kept = [part for _, part in map_ranges(lambda lo, hi: passing(a[at[lo:hi]], b[at[lo:hi]]), blocks)]
        return at[np.concatenate(kept)] if kept else at

    gram_bits = packed.gram_bits
    if gram_bits is not None:  # first the bound, for certain
        bit_counts = packed.gram_bit_counts
        at = narrowed(at, lambda sa, sb: _by_bits(fp, gram_bits, sa, sb, bound, check, reporter, bit_counts))
    for bins, margin, full_margin in SCREEN_PASSES:

        def passing(sa: np.ndarray, sb: np.ndarray, bins=bins, low=bound - margin, full=bound - full_margin):
            reporter.check()
            size_a, size_b = fp.sizes[sa], fp.sizes[sb]
            small = np.minimum(size_a, size_b).astype(np.float64)
            large = np.maximum(size_a, size_b).astype(np.float64)
            jaccard = packed.similarity(fp.sketch_of(sa), fp.sketch_of(sb), bins)
            contained = np.minimum(1.0, jaccard * (small + large) / (1.0 + jaccard) / np.maximum(small, 1.0))
            score = check.scores_from(jaccard, contained, small, large)
            return score >= (np.where(small >= SCREEN_FULL_GRAMS, full, low) if full != low else low)

        at = narrowed(at, passing)
    keep = exempt
    keep[at] = True
    return keep


def _by_bits(
    fp: GramKeys,
    bits: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    bound: float,
    check: TextCheck,
    reporter: Reporter,
    counts: np.ndarray | None = None,
) -> np.ndarray:
    """Which pairs (a mask) can score ``bound`` by their gram bits (``bits``: ``GramKeys.bits``), for certain:
    each bit one text has and the other lacks is at least one gram of the first missing from the second, so a
    pair's overlap is at most each set's size less the bits only it has - and its score at most the text check's
    score of that overlap. Pairs with a text of more than ``GRAM_BITS_MAX`` grams are not read (kept).

    The bits only a text has are its bits (``counts``: per row of ``bits``, its set bits; ``_bit_counts`` of them
    when None) less those both have: one AND and one count per pair, not two of each (100k English sentences: 6.6M
    pairs read)."""
    reporter.check()
    size_a, size_b = fp.sizes.take(a), fp.sizes.take(b)
    keep = np.maximum(size_a, size_b) > GRAM_BITS_MAX
    read = np.flatnonzero(~keep)  # (pairs of articles: few or none)
    if not len(read):
        return keep
    if len(read) < len(a):
        a, b, size_a, size_b = a[read], b[read], size_a[read], size_b[read]
    if counts is None:
        counts = _bit_counts(bits)
    row_a, row_b = fp.sketch_of(a), fp.sketch_of(b)
    x = np.take(bits, row_a, axis=0)  # (rows of GRAM_BIT_WORDS words copied whole)
    x &= np.take(bits, row_b, axis=0)
    # (size - its bits, plus the bits both have: at most the grams of each that the other may hold)
    overlap = np.minimum(size_a - counts.take(row_a), size_b - counts.take(row_b))
    overlap += _bit_counts(x)
    overlap = overlap.astype(np.float64)
    small, large = np.minimum(size_a, size_b).astype(np.float64), np.maximum(size_a, size_b).astype(np.float64)
    jaccard = overlap / np.maximum(small + large - overlap, 1.0)
    contained = overlap / np.maximum(small, 1.0)
    keep[read] = check.scores_from(jaccard, contained, small, large) >= bound - 1e-9
    return keep


def _bit_counts(words: np.ndarray) -> np.ndarray:
    """The set bits of each row of ``words`` (uint64, rows of ``GRAM_BIT_WORDS``), as int64: each word's count in a
    byte of its own, the row's four bytes one uint32 summed by a multiplication into its top byte (at most
    ``GRAM_BITS_MAX`` bits, so no carry)."""
    counts = np.bitwise_count(words).view(np.uint32).ravel().astype(np.uint32)
    counts *= np.uint32(0x01010101)
    counts >>= np.uint32(24)
    return counts.astype(np.int64)


_LOW7 = np.uint64(0x7F7F7F7F7F7F7F7F)
_BYTE_SUM = np.uint64(0x0101010101010101)  # times a word of bytes: their sum in the top byte (when it fits)
# Pairs whose bins ``ByteSketch.similarity`` compares at once: their words (32 KB a part) and the temporaries of the
# bit arithmetic stay in the core's cache. Measured on random pairs of 19,000 sketches: 50 ns a pair on 64 bins, 98
# on 128, against 84 and 199 with the screen's blocks of 200,000 pairs (12.8 MB an array) taken at once.
SIMILARITY_BLOCK = 4096


@dataclass
class ByteSketch:
    """The sketch's low byte per bin, eight bins to a 64-bit word, and a bit per empty bin: compares a pair's
    bins a word at a time. A bin's low byte is even unless the bin is empty (0xFF), so an empty bin never equals
    a filled one. Kept as 64 bins at a time, each part contiguous: a pair's words are read with ``np.take`` (rows
    of 64 bytes copied whole) - 25 % faster than indexing a part of each row of one array."""

    words: list[np.ndarray]  # per 64 bins: uint64 (texts x 8)
    empty: list[np.ndarray]  # per 64 bins: uint64 (texts): bit set where the bin is empty
    gram_bits: np.ndarray | None = None  # ``GramKeys.bits``, when made
    gram_bit_counts: np.ndarray | None = None  # int64 per row of ``gram_bits``: its set bits (``_by_bits``)

    @classmethod
    def of(cls, sketch: np.ndarray, gram_bits: np.ndarray | None = None) -> ByteSketch:
        """From a fingerprint's sketch (``GramKeys.sketch``: a byte per bin) and gram bits (``GramKeys.bits``)."""
        low = np.ascontiguousarray(sketch, dtype=np.uint8).view(np.uint64).reshape(len(sketch), SKETCH_BINS // 8)
        bits = np.packbits(sketch == EMPTY_BYTE, axis=1, bitorder="little")
        empty = np.ascontiguousarray(bits).view(np.uint64).reshape(len(sketch), SKETCH_BINS // 64)
        parts = range(SKETCH_BINS // 64)
        return cls(
            [np.ascontiguousarray(low[:, 8 * i : 8 * i + 8]) for i in parts],
            [np.ascontiguousarray(empty[:, i]) for i in parts],
            gram_bits,
            None if gram_bits is None else _bit_counts(gram_bits),
        )

    def similarity(self, a: np.ndarray, b: np.ndarray, bins: int) -> np.ndarray:
        """Estimated Jaccard similarity of each pair from its first ``bins`` bins (a multiple of 64), bins where
        both texts are empty skipped; at least the estimate from comparing whole bins. ``SIMILARITY_BLOCK`` pairs
        at a time."""
        if len(a) <= SIMILARITY_BLOCK:
            return self._similarity(a, b, bins)
        out = np.empty(len(a), dtype=np.float64)
        for lo in range(0, len(a), SIMILARITY_BLOCK):
            out[lo : lo + SIMILARITY_BLOCK] = self._similarity(
                a[lo : lo + SIMILARITY_BLOCK], b[lo : lo + SIMILARITY_BLOCK], bins
            )
        return out

    def _similarity(self, a: np.ndarray, b: np.ndarray, bins: int) -> np.ndarray:
        equal = np.zeros(len(a), dtype=np.int64)
        both_empty = np.zeros(len(a), dtype=np.int64)
        for words, empty in zip(self.words[: bins // 64], self.empty[: bins // 64], strict=True):
            x = np.take(words, a, axis=0)
            x ^= np.take(words, b, axis=0)
            # A zero byte of x is an equal bin: set its high bit, clear every other bit, count the bits.
            y = x & _LOW7
            y += _LOW7
            y |= x
            y |= _LOW7
            np.invert(y, out=y)
            # Each word's count (at most 8) in a byte of its own: the 8 bytes of a pair are one uint64, summed by a
            # multiplication into its top byte (a sum along rows of 8 took 6 times as long).
            counts = np.bitwise_count(y).view(np.uint64).ravel()
            counts *= _BYTE_SUM
            counts >>= np.uint64(56)
            equal += counts.view(np.int64)
            both_empty += np.bitwise_count(np.take(empty, a) & np.take(empty, b))
        return (equal - both_empty) / np.maximum(bins - both_empty, 1)


# Keys worked on at once (on all cores) when picking each set's prefix: it bounds the working memory, the sorted
# rows of a chunk's sets and their places in the order. With 4M, 100k short texts (2.7M keys) were two chunks of
# 1.35M at once, the search's peak 246 MB against 168 with 1M (tracemalloc); the job's peak RSS 330-344 -> 263-277
# MB and 1.22-1.50 -> 1.18-1.30 s (six alternating), 1M short texts, 4k articles and Reuters as before.
PREFIX_CHUNK = 1_000_000
MIN_SPLIT_KEYS = 50_000  # fewer keys are one chunk


def _prefixes(
    parts: list[KeyPart],
    bound: float,
    shared: bool = False,
    edits: np.ndarray | None = None,
    n: int = 0,
    edits_only: np.ndarray | None = None,
    probe_bound: float | None = None,
    first_unneeded: np.ndarray | None = None,
    probe_share: float | None = None,
    common_above: int | None = None,
    tight: np.ndarray | None = None,
) -> tuple[np.ndarray, Packing, int]:
    """The rarest keys of each (text, level) key set: enough that two sets above the bound share one. The keys
    come in parts of consecutive texts, grouped by set (by text, then level), as ``_gram_keys`` makes them.

    ``edits`` (per text: the most edits of a short pair it can be in, -1 for none: ``short_pair_edits``; ``n`` the
    gram length): such a text's own-level set (step 0, every gram a key) also keeps enough of its rarest keys that
    its partner shares one - as many as it takes ``edits + 1`` edits to destroy (an edit touches the grams of at
    most n consecutive windows: the fewest edits that destroy some grams is the fewest runs of n windows that cover
    their first windows, counted greedily), where the parts know the keys' first windows (``KeyPart.first``), else
    ``n x edits + 1`` (``edit_prefix``). Two texts within that many edits of each other share their first common
    key in both these prefixes: the keys of either before it are not in the other, so destroyed by the edits
    (Ed-Join's location-based mismatch filter). At 1M short texts this keeps ~0.6 of ``edit_prefix``'s keys.
    ``edits_only`` (per text): the text is only ever in short pairs (under ``SHORT_CHARS`` characters), so its own
    set keeps these keys alone, not the Jaccard prefix too.

    "Rarest" is by ``KeyCounts``: the count of the key's cell in a table of counts - never below the number of
    sets holding the key, above it when a commoner key shares the cell - ties by a hash of the key. Any one order
    of all keys, the same for every set, makes the prefix filter exact (AllPairs); the rarer its first keys, the
    smaller the buckets they make. (An exact count needs every key sorted: at 1M short texts 34M keys, 2.9 s on
    two cores against 0.5 s to count them into cells.)

    Returns each chosen key as a bucket number (equal keys have equal numbers, small enough to sort together with
    a text index: ``KeyCounts.buckets``) packed with its text (and probe flag) into one int64 (``base.Packing``:
    the cores that choose them pack them, and one array of them all is made, not three), in no particular order
    (``bucket_pairs`` sorts them), how they are packed, and the number below which keys are rare: held by at most
    ``RARE_KEY_SETS`` key sets. ``shared``: only the chosen keys that more than one set holds - a key of one set
    alone pairs no texts (at 100k short texts half the chosen keys are such, at 1M a fifth); they come first, so
    the prefixes are chosen as before.

    ``probe_bound`` (above ``bound``): also which chosen keys are in the set's shorter prefix for that bound (and
    the keys for its edits) - its probes (``bucket_pairs``), flagged - unless more than ``probe_share`` of the
    chosen keys are probes (then no flag is set: they would cut few pairs and cost more than those). Two sets
    whose overlap is at least ``probe_bound`` x the smaller and ``bound`` x the larger share their first common
    key in the smaller's probes and the larger's prefix: the prefix filter holds with a bound per side (the first
    common key of two sets is among the first ``size - overlap + 1`` keys of each).

    ``first_unneeded`` (``_first_unneeded_step``, per text): the key sets at or above that step are left out - not
    counted, no prefix - as if ``_needed_of`` had taken them out of the parts, without copying the keys that stay
    (at 1M short texts 29M of 34M keys, 370 MB of new arrays: 0.5 s on both cores, nearly all of it the first
    touch of their pages).

    ``common_above`` (with ``n``): a set of a text that is not ``tight`` (a flag per text) keeps a common key - one
    counted in more than ``common_above`` sets, whose bucket pairs it with every text holding that key in its
    prefix - only among its first ``n + 1`` keys held by two sets or more (or as many as its edits take, when
    more). Two texts are paired in the bucket of the first key they share; if that key is past a text's first n + 1
    such keys, those keys are all missing from the other, which is then no copy of it one character edit away (an
    edit takes n keys of a set at most; the edits of a short pair are kept whole). Keys of one set alone are not
    counted: a text with a few words of its own (in a cluster of many near-copies, every other key common) still
    keeps its first shared ones. So every such copy is still paired, and the buckets of common keys - English
    sentences are made of common 4-grams - stop pairing every text that holds one with every other: 100k Reuters
    sentences with 30 % one-character copies made 65M pairs to screen (an 11 s search), 7.4M with this at
    ``COMMON_KEY_SETS`` (1.5 s)."""
    masks = None  # per part: which keys are in a needed set
    if first_unneeded is not None:
        masks = list(ordered_map(lambda p: p.step < first_unneeded.take(p.doc), parts))
    counted = KeyCounts.of([p.keys for p in parts], masks)
    if masks is None:
        n_texts = max((int(p.doc[-1]) + 1 for p in parts if len(p.doc)), default=1)
    else:  # (the text of each part's last needed key)
        last = [int(p.doc[len(m) - 1 - int(np.argmax(m[::-1]))]) for p, m in zip(parts, masks, strict=True) if m.any()]
        n_texts = max(last, default=0) + 1
    # Consecutive parts, about the same number of keys in each chunk, a whole number of chunks per core and at
    # most PREFIX_CHUNK keys on all cores at once (``balanced_share``): each part goes to the chunk its middle key
    # falls in. Each key's place in the order, each set's keys ordered by it, its first keys kept. (Filled up to
    # 2M keys each, 100k short texts made a chunk of 1.8M keys and one of 0.9M, the 4k bench articles and the
    # 12,461 Sina articles one chunk: one core working, the other waiting.)
    sizes = np.array([len(p.keys) for p in parts], dtype=np.int64)
    every = balanced_share(int(sizes.sum()), share(PREFIX_CHUNK), MIN_SPLIT_KEYS)
    middles = np.cumsum(sizes) - (sizes + 1) // 2
    which = (middles // every).tolist()  # non-decreasing: each chunk's parts are consecutive
    chunks = [[p for p, c in zip(parts, which, strict=True) if c == k] for k in sorted(set(which))]

    probing = probe_bound is not None and probe_bound > bound
    short_bound = probe_bound if probe_bound is not None else bound
    packing = Packing(max(1, (n_texts - 1).bit_length()), 1 if probing else 0, probing)
    located = edits is not None and all(p.first is not None for p in parts)

    def prefix_of(chunk: list[KeyPart]) -> tuple[np.ndarray, int]:
        def joined(arrays: list[np.ndarray]) -> np.ndarray:
            return arrays[0] if len(arrays) == 1 else _joined(arrays, arrays[0].dtype)

        keys, doc, step = (
            joined([p.keys for p in chunk]),
            joined([p.doc for p in chunk]),
            joined([p.step for p in chunk]),
        )
        first = joined([p.first for p in chunk if p.first is not None]) if located else None
        set_id = doc.astype(np.int64) * MAX_LEVEL_STEPS + step
        starts = np.flatnonzero(np.r_[True, set_id[1:] != set_id[:-1]])
        sizes = np.diff(np.r_[starts, len(set_id)])
        if first_unneeded is not None:
            needed = step[starts] < first_unneeded.take(doc[starts])
            starts, sizes = starts[needed], sizes[needed]
        set_doc = doc[starts]
        own = step[starts] == 0
        # Per set: the most edits of its short pairs, if it is a text's own-level set (-1 for none).
        tau = np.where(own, edits.take(set_doc), -1) if edits is not None else np.full(len(starts), -1)
        jaccard = np.ones(len(starts), dtype=bool) if edits_only is None else ~(own & edits_only.take(set_doc))

        def prefix_lengths(b: float) -> np.ndarray:
            # Jaccard >= t implies overlap >= t * max(|x|, |y|); containment >= t implies overlap >= t * |smaller|.
            out = sizes - np.ceil(b * sizes - 1e-9).astype(np.int64) + 1
            out *= jaccard
            return out

        prefix_len = prefix_lengths(bound)
        short_len = prefix_lengths(short_bound) if probing else None
        edit_len = np.where(tau >= 0, n * tau + 1, 0)  # the keys for the edits (cut below where they are located)

        # Each set's keys sorted in a row of its own (sets are short: numpy sorts such rows by a sorting network,
        # many times faster than one sort of (set, key) numbers), its first ones kept - read off the chunk's
        # matrices of rows (in no particular order of the sets: ``bucket_pairs`` sorts them by key). Matrices of
        # rows of at most FIRST_LIMIT keys carry each key's first window in its place (``located_prefix``).
        def place(m: np.ndarray, at: np.ndarray) -> None:
            narrow = first is not None and m.shape[1] <= FIRST_LIMIT
            counted.order_in_place(m, first.take(at, mode="clip") if narrow else None)  # type: ignore[union-attr]

        matrices = list(segment_rows(keys, starts, sizes, transform=place))
        if located:
            windows, sets = [], []
            for rows, m in matrices:
                of_edits = tau[rows] >= 0
                if m.shape[1] <= FIRST_LIMIT and of_edits.any():
                    by_edits = rows[of_edits]
                    # (no key past the longest prefix for edits is looked at)
                    w = min(m.shape[1], int(edit_len[by_edits].max()))
                    windows.append(first_windows(m[of_edits, :w]).ravel())
                    sets.append((by_edits, w))
            if sets:
                at_sets = np.concatenate([r for r, _ in sets])
                spans = np.array([len(r) * w for r, w in sets], dtype=np.int64)
                base = np.concatenate([np.arange(len(r), dtype=np.int64) * w for r, w in sets])
                base += np.repeat(np.cumsum(spans) - spans, [len(r) for r, _ in sets])  # where each matrix's begin
                edit_len[at_sets] = located_prefix(np.concatenate(windows), base, sizes[at_sets], tau[at_sets], n)
        # Per set: how many of its first keys may be common ones (every key: no limit).
        early = None
        if common_above is not None:
            early = np.maximum(edit_len, n + 1)
            if tight is not None:
                early[tight.take(set_doc)] = np.iinfo(np.int64).max
        np.maximum(prefix_len, edit_len, out=prefix_len)
        if short_len is not None:
            np.maximum(short_len, edit_len, out=short_len)
        np.minimum(prefix_len, sizes, out=prefix_len)
        common = KeyCounts.held_by(common_above + 1) if common_above is not None else None
        found: list[tuple[np.ndarray, np.ndarray, np.ndarray | None]] = []
        for rows, m in matrices:
            col = np.arange(m.shape[1])
            keep = col < prefix_len[rows][:, None]
            two_sets = m >= KeyCounts.held_by(2)  # a key held by two sets or more (of one set: no posting)
            if shared:
                keep &= two_sets
            if early is not None:
                shared_at = np.cumsum(two_sets, axis=1)  # each key's place among those
                keep &= (shared_at <= early[rows][:, None]) | (m < common)
            probe = (col < short_len[rows][:, None])[keep] if short_len is not None else None
            found.append((m[keep], np.repeat(set_doc[rows], np.count_nonzero(keep, axis=1)), probe))
        order = np.concatenate([f[0] for f in found]) if found else np.zeros(0, dtype=np.uint64)
        docs = np.concatenate([f[1] for f in found]) if found else np.zeros(0, dtype=doc.dtype)
        probes = None
        if probing:
            probes = np.concatenate([f[2] for f in found]) if found else np.zeros(0, dtype=bool)
        held = 0 if probes is None else int(np.count_nonzero(probes))
        return packing.pack(counted.buckets(order, n_texts), docs, probes), held

    # Each chunk's postings copied into an array of them all as it comes, while the next chunks are being worked on
    # (joined at the end, 0.4 s at 1M short texts with both cores waiting). The array is made as long as every
    # key counted; the pages past the prefixes are never touched.
    room = sum(len(p.keys) for p in parts) if masks is None else sum(int(np.count_nonzero(m)) for m in masks)
    out = np.empty(room, dtype=np.int64)
    at = flagged = 0
    for b, held in ordered_map(prefix_of, chunks):
        out[at : at + len(b)] = b
        at += len(b)
        flagged += held
    out = out[:at]
    if probing and probe_share is not None and flagged > probe_share * at:
        out &= ~np.int64(1 << packing.doc_bits)  # every posting's flag that of a probe: none are
        packing = packing._replace(probes=False)
    return out, packing, KeyCounts.rare_below(n_texts)


def first_windows(places: np.ndarray) -> np.ndarray:
    """Per row of ``places`` (a set's keys in the rarest-first order, each place's low ``FIRST_BITS`` the key's
    first window: ``KeyCounts.order_in_place``), in column j a bit mask of the windows of its first j + 1 keys."""
    out = np.left_shift(np.uint64(1), places & np.uint64(FIRST_UNKNOWN))
    np.bitwise_or.accumulate(out, axis=1, out=out)
    return out


def located_prefix(windows: np.ndarray, base: np.ndarray, sizes: np.ndarray, edits: np.ndarray, n: int) -> np.ndarray:
    """Per set (its ``first_windows`` at ``windows[base:]``, ``sizes`` keys, at most ``edits`` edits in its short
    pairs), how many of its first keys it takes ``edits + 1`` edits to destroy (all of them when fewer edits
    destroy every key). An edit destroys the grams of at most n consecutive windows, so the fewest edits that
    destroy a set of grams is at least the fewest runs of n windows covering their first windows (greedily, from
    the left). That count only grows with the keys taken, so each set's length is found by halving the range from
    ``edits + 1`` keys (one edit per key) to ``n x edits + 1`` (n keys per edit)."""
    # The sets in order of most edits first: the runs of the first k edits are taken out of the first sets only.
    order = np.argsort(-edits, kind="stable")
    base, sizes, edits = base[order], sizes[order], edits[order]
    busy = [int(np.count_nonzero(edits > k)) for k in range(int(edits.max(initial=0)))]
    hi = np.minimum(n * edits + 1, sizes)
    lo = np.minimum(edits + 1, hi)
    run = np.uint64((1 << n) - 1)
    for _ in range(int(np.max(hi - lo, initial=0)).bit_length()):
        mid = lo + hi
        mid >>= 1
        left = windows.take(base + mid - 1)  # the windows of each set's first mid keys
        for sets in busy:  # the lowest window left and the n - 1 after it taken out, once per edit
            part = left[:sets]
            low = part & np.negative(part)
            low *= run
            np.bitwise_and(part, ~low, out=part)
        exceed = left != 0  # more runs of n windows than edits needed: mid keys are enough
        np.copyto(hi, mid, where=exceed)
        np.copyto(lo, np.minimum(mid + 1, hi), where=~exceed)
    out = np.empty_like(hi)
    out[order] = hi
    return out


# The count table has at most 2**24 cells (64 MB as it is counted): a cell per key or more up to 16.7M keys, then
# a cell per two keys or so (1M short texts: 28.6M keys, ~10M distinct). Counting the keys - a random increment of
# a cell per key, holding the interpreter lock - took 0.45-0.67 s in 2**25 cells (128 MB) at 1M short texts, 0.34 s
# in 2**24, which the processor's cache holds more of; 58 more candidate pairs of 315,227 (a rare key's cell shared
# more often with a commoner one), the same cleaned file; the whole job 9.13-10.1 -> 9.04-9.36 s, peak 50 MB less.
COUNT_CELLS_BITS = 24
# Counts saturate here (a key in 65,535 sets is as common as one can be): the table is read as uint16, half the
# memory of the uint32 it is counted in - looking up a count of each key of every set in it took half the time
# (14M random lookups: 0.12 against 0.25 s in 128 MB).
_COUNT_CAP = (1 << 16) - 1
_CELL_MIX = np.uint64(0x9E3779B97F4A7C15)  # a key's cell: the high bits of key x this (odd: a bijection)
_TIE_MIX = np.uint64(0xC2B2AE3D27D4EB4F)  # ties of count: the high TIE_BITS of key x this
TIE_BITS = 40
_TIE_BITS_U = np.uint64(TIE_BITS)


@dataclass
class KeyCounts:
    """How common each key is, counted without sorting the keys: each key adds one to a cell of a table of
    ``2**bits`` counts (its cell: the top bits of a multiplicative hash), a cell or more for every key of every
    set. A cell's count is the number of key sets holding any key of that cell - its own count, more when it
    shares the cell with other keys, mostly another rare key (measured: 20 % of the distinct keys at 100k
    articles, 29 % at 4k articles, 27 % at 1M short texts in 2**25 cells, more in the 2**24 cells they have
    since). So a key counted rare is rare.

    A key's place in the rarest-first order (``order_in_place``) is its cell's count above a ``TIE_BITS`` hash of
    the key; its bucket (``buckets``) the hash alone, rare keys first."""

    counts: np.ndarray  # uint16 per cell, at most _COUNT_CAP
    shift: np.uint64  # a key's cell: (key * _CELL_MIX) >> shift

    @classmethod
    def of(cls, parts: list[np.ndarray], masks: list[np.ndarray] | None = None) -> KeyCounts:
        """The counts of the keys of ``parts`` (each key once per set: a set's keys are distinct): each part's
        cells worked out on the pool's cores, added into one table of uint32 counts here by ``np.add.at`` (its
        fast path: table and increment of one type). At 1M short texts (25M keys into 2**25 cells): 0.3-0.45 s,
        against 1.1-1.2 s for a ``np.bincount`` per half of the parts on each core - two new tables of int64,
        256 MB each, whose first touch of every page cost more than the counting. The table is kept as uint16
        (capped: ``_COUNT_CAP``), which ``order_in_place`` reads faster. ``masks`` (per part): only the keys they
        flag are counted."""
        total = sum(len(p) for p in parts) if masks is None else sum(int(np.count_nonzero(m)) for m in masks)
        bits = min(COUNT_CELLS_BITS, max(8, (total - 1).bit_length()))
        shift = np.uint64(64 - bits)
        counts = np.zeros(1 << bits, dtype=np.uint32)
        one = np.uint32(1)

        def cells_of(i: int) -> np.ndarray:
            cells = parts[i] * _CELL_MIX
            cells >>= shift
            # As int64 (below 2**24, the same numbers): ``np.add.at`` takes such indices as they are; uint64 ones it
            # casts first (2.7M random cells: 8 against 11.5 ms).
            return (cells if masks is None else cells[masks[i]]).view(np.int64)

        for cells in ordered_map(cells_of, range(len(parts))):
            np.add.at(counts, cells, one)
        # Capped into the uint16 table in one pass, half of it on each core (in place, then a copy: 0.15 s of the
        # main thread at 1M short texts).
        table = np.empty(len(counts), dtype=np.uint16)
        half = len(counts) // 2
        for _ in map_ranges(
            lambda lo, hi: np.minimum(counts[lo:hi], _COUNT_CAP, out=table[lo:hi], casting="unsafe"),
            [(0, half), (half, len(counts))],
        ):
            pass
        return cls(table, shift)

    def order_in_place(self, keys: np.ndarray, first: np.ndarray | None = None) -> None:
        """``keys`` (uint64, any shape) made, in place, their places in the rarest-first order: uint64, each key's
        cell's count above a ``TIE_BITS``-bit hash of the key (below 2**60). ``_prefixes`` has each matrix of keys
        made over as ``segment_rows`` reads it, not an array of every key's place made first (100k short texts:
        2.7M keys, 90-130 ms, most of it the first touch of that array's pages).

        ``first`` (uint8 below ``FIRST_LIMIT``, of ``keys``' shape): each key's first window in its text, put in
        the place's low ``FIRST_BITS`` bits (the hash's lowest bits; bucket numbers are made of the bits above:
        ``buckets``), where ``_prefixes`` reads it back. Two keys of a set ordered by those bits are two keys of
        equal count and hash above them (at 1M short texts, ~10M keys in 2**34 hashes, a few thousand pairs): then
        their order may differ from text to text."""
        cells = keys * _CELL_MIX
        cells >>= self.shift
        keys *= _TIE_MIX
        keys >>= np.uint64(64 - TIE_BITS)
        keys |= self.counts.take(cells.view(np.int64)).astype(np.uint64) << _TIE_BITS_U
        if first is not None:
            keys &= ~np.uint64(FIRST_UNKNOWN)
            keys |= first

    @staticmethod
    def held_by(sets: int) -> np.uint64:
        """The first place (``order_in_place``) of a key counted in ``sets`` sets."""
        return np.uint64(sets) << _TIE_BITS_U

    @staticmethod
    def hash_bits(n_texts: int) -> int:
        """The bits of a key's hash in its bucket number: a bucket number (one bit more), a probe flag and a text
        index together fit in 63 bits (``base.bucket_pairs`` sorts them as one number: ``base.Packing``); never the
        hash's low ``FIRST_BITS`` bits, where a place may hold the key's position (``order_in_place``)."""
        return max(1, min(TIE_BITS - FIRST_BITS, 61 - max(1, (n_texts - 1).bit_length())))

    @classmethod
    def rare_below(cls, n_texts: int) -> int:
        """Bucket numbers below this are those of rare keys (counted in at most ``RARE_KEY_SETS`` sets)."""
        return 1 << cls.hash_bits(n_texts)

    @classmethod
    def buckets(cls, order: np.ndarray, n_texts: int) -> np.ndarray:
        """The bucket number (int64) of keys at places ``order``: the key's hash, above it a bit set for a key that
        is not rare. Equal keys share a number; two keys whose hashes are equal too (at 1M texts a few pairs of
        the 10M keys, at 10M texts a few thousand) share a bucket, which pairs texts that may share nothing:
        candidates that verification rejects."""
        bits = cls.hash_bits(n_texts)
        out = (order & np.uint64((1 << TIE_BITS) - 1)) >> np.uint64(TIE_BITS - bits)
        out |= (order >= cls.held_by(RARE_KEY_SETS + 1)).astype(np.uint64) << np.uint64(bits)
        return out.view(np.int64)


def verify(texts, a, b, n, check: TextCheck, reporter: Reporter, cols: GramColumns | None = None) -> np.ndarray:
    """The text check's similarity of each candidate pair: on the full n-gram sets, or by edits for short pairs
    (``TextCheck.score_texts`` for every pair, column-at-once)."""
    return verify_counted(texts, a, b, n, check, reporter, cols)[0]


def verify_counted(
    texts,
    a,
    b,
    n,
    check: TextCheck,
    reporter: Reporter,
    cols: GramColumns | None = None,
    floor: float | None = None,
    lengths: np.ndarray | None = None,
    pieces: GramPieces | None = None,
) -> tuple[np.ndarray, PairGrams]:
    """``verify``, with the gram counts behind each long pair's similarity. ``floor``: a pair whose texts are
    hashed here (no ``cols``) and whose estimate is below it may be given the estimate
    (``score_pairs_of_counted``). ``lengths``: the texts' characters, when known. ``pieces``: the texts' gram sets,
    made by the fingerprint (no ``cols``: ``GramKeys.pieces``)."""
    reporter.report("Verifying", 0, len(a))
    if cols is None:
        out = score_pairs_of_counted(check, texts, a, b, n, floor, lengths, pieces)
    else:
        out = score_pairs_counted(check, texts, cols, a, b, lengths)
    reporter.report("Verifying", len(a), len(a))
    return out


def level_steps(settings: Settings) -> int:
    """How many sampling levels each text is indexed at, its own and the next ones. Pairs that can score above
    the bound are at most 1 / excerpt_share (<= 2x by default, 10x at the slider's limit) apart in length, so
    their sampling levels meet within a few steps."""
    return 2 + max(0, int(np.ceil(np.log2(1.0 / max(0.1, min(1.0, float(settings.excerpt_share)))))) - 1)


def _levels(sizes: np.ndarray) -> np.ndarray:
    """The sampling level of every size: the largest power of two p with size // p >= TARGET_KEYS (1 for small sets)."""
    q = np.maximum(sizes // TARGET_KEYS, 1)
    bits = np.floor(np.log2(q.astype(np.float64))).astype(np.int64)
    p = np.left_shift(np.int64(1), bits)
    p = np.where(p * 2 <= q, p * 2, p)  # guard against log2 rounding at exact powers of two
    p = np.where(p > q, p // 2, p)
    return p.astype(np.uint64)


def _gram_keys(
    texts: list[str], n: int, n_steps: int, reporter: Reporter, ratio: float = 0.0, whole: bool = True
) -> GramKeys:
    """The sampled keys, sizes and sketches of every text (``GramKeys``), column-at-once, a chunk of texts at a
    time (chunks side by side on both cores). The full gram sets are kept for verification when they are small
    (short texts). Key sets no pair needs at ``ratio`` (``_unneeded``) are left out.

    ``whole`` (``texts`` are the whole column): so are the key sets at a level above every text's own. Such a
    set meets only sets of that level at steps above their own texts' levels; any two texts holding such sets
    also meet at the larger of their own levels, where one's own set is and the other is keyed too (a set is
    needed whenever one of a higher level of its text is). The column's top level is bounded by its longest text
    (at most a gram per character). 100k and 1M short texts (at most 68 and 87 characters): every text is of
    level 1, and its level-2 keys (22 % of the keys at 100k) were made for nothing - at 1M short texts the whole
    job 10.2-10.6 s against 10.9-11.0 s, the same cleaned files."""
    n_texts = len(texts)
    sizes = np.zeros(n_texts, dtype=np.int64)
    parts: list[KeyPart] = []
    lengths = lengths_of(texts)
    # Texts under SHORT_CHARS characters are only ever in pairs scored by their edits: they keep no gram set (below)
    # and have no sketch (``_screened`` never reads one).
    held_text = lengths >= SHORT_CHARS
    top_level = int(_levels(lengths.max(keepdims=True))[0]) if whole and n_texts else 0  # (0: no such bound)
    # Sketches for the others, a row each (1M short texts: 27 % of them, 35 of 128 MB). Each chunk fills its own
    # rows, on its core: filled here at once, the 128 MB of 1M texts' sketches cost 0.26 s of page faults on the
    # main thread before any chunk began.
    row_at = np.zeros(n_texts + 1, dtype=np.int64)  # the first sketch row of each text on
    np.cumsum(held_text, out=row_at[1:])
    sketch_rows = None if held_text.all() else np.where(held_text, row_at[1:] - 1, -1)
    sketch = np.empty((int(row_at[-1]), SKETCH_BINS), dtype=np.uint8)
    bits = np.empty((int(row_at[-1]), GRAM_BIT_WORDS), dtype=np.uint64)
    long_texts = bool(n_texts) and lengths.mean() > LONG_TEXT_CHARS
    chunk_chars = LONG_CHUNK_CHARS if long_texts else CHUNK_CHARS
    # The gram sets of short texts, kept when few: copied into one array as each chunk comes (while the next
    # chunks are being hashed), not joined at the end with both cores waiting. A text has at most one gram per
    # character and one more, so the array is made that long; the pages past the sets are never touched. Those
    # of articles are not kept (``KEEP_GRAMS``). Nor those of texts under SHORT_CHARS characters: every pair of
    # such a text is scored by its edits (``columnar.score_pairs_counted``), never on its grams (1M short texts:
    # 16M of 29M grams, 130 MB of new pages copied on the main thread).
    kept: np.ndarray | None = None
    if not long_texts:
        kept = np.empty(min(int(lengths[held_text].sum()) + n_texts, KEEP_GRAMS), dtype=np.uint64)
    held = 0
    # Articles' gram sets are not copied into one array: each chunk's is kept as it comes, while they hold at most
    # KEEP_GRAMS hashes in all, for the verification to gather the sets it reads (``GramPieces``) - 15k bench
    # English articles, 37k pairs of ~12k texts read: hashing and sorting those texts again took 0.20-0.25 s.
    pieces: list[np.ndarray] | None = [] if long_texts else None
    firsts: list[int] = []
    chunks = text_chunks(lengths, share(chunk_chars))

    def chunk_keys(lo: int, hi: int):
        rows = slice(row_at[lo], row_at[hi])
        cols, *keys = _chunk_keys(
            texts[lo:hi], lo, n, n_steps, ratio, chunk_chars, sketch[rows], held_text[lo:hi], top_level, bits[rows]
        )
        hashes = cols.hashes
        if kept is not None and not held_text[lo:hi].all():  # (on the chunk's core)
            hashes = hashes[np.repeat(held_text[lo:hi], cols.sizes)]
        return cols.sizes, hashes, *keys

    for (lo, hi), (chunk_sizes, hashes, k, d, st, first) in map_ranges(chunk_keys, chunks):
        reporter.report("Fingerprinting", lo, n_texts)
        sizes[lo:hi] = chunk_sizes
        parts.append(KeyPart(k, d, st, first))
        if kept is not None and held + len(hashes) <= len(kept):
            kept[held : held + len(hashes)] = hashes
        else:
            kept = None
        if pieces is not None and held + len(hashes) <= KEEP_GRAMS:
            pieces.append(hashes)
            firsts.append(lo)
        else:
            pieces = None
        held += len(hashes)
    reporter.report("Fingerprinting", n_texts, n_texts)
    grams = None
    if kept is not None and n_texts:
        offsets = np.zeros(n_texts + 1, dtype=np.int64)
        np.cumsum(sizes * held_text, out=offsets[1:])
        grams = GramColumns(kept[:held], offsets, prefix=True)
    kept_pieces = GramPieces.of(firsts, pieces, sizes) if pieces is not None and n_texts else None
    return GramKeys([p for p in parts if len(p.keys)], sizes, sketch, grams, lengths, sketch_rows, bits, kept_pieces)


def _chunk_keys(
    texts: list[str],
    lo: int,
    n: int,
    n_steps: int,
    ratio: float,
    chunk_chars: int,
    sketch: np.ndarray,
    sketched: np.ndarray | None = None,
    top_level: int = 0,
    bits: np.ndarray | None = None,
) -> tuple[GramColumns, np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
    """One chunk of ``_gram_keys`` (texts ``lo``... of the column): its gram columns and its sampled keys with
    their texts and levels, ordered by text, then level (none above ``top_level`` when it is given); its rows of
    the sketch (``sketch``, a row per text of the chunk, or per text that ``sketched`` flags) are written, and of
    the gram bits (``bits``, the same rows) when given."""
    # 40-bit hash prefixes, built by plain sorts in one go, with the first window of each gram of a short text
    cols = gram_prefix_columns(texts, n, chunk_chars, positions=True)
    h = cols.hashes
    sizes = cols.sizes
    doc = cols.doc_of_each()
    # One-permutation min-hash: each set is sorted, so the first gram of each (text, bin) is its minimum - where
    # the bin changes, or a text begins. (Bins of a byte: 7 bits.)
    bins = (h >> np.uint64(PREFIX_BITS - SKETCH_BITS)).astype(np.uint8)
    first = np.empty(len(h), dtype=bool)
    if len(h):
        first[0] = True
        np.not_equal(bins[1:], bins[:-1], out=first[1:])
        first[cols.offsets[:-1][sizes > 0]] = True
    at = np.flatnonzero(first)
    row = doc[at]
    if sketched is not None and not sketched.all():
        of_sketched = sketched.take(row)
        at, row = at[of_sketched], (np.cumsum(sketched) - 1).take(row[of_sketched])
    sketch.fill(EMPTY_BYTE)
    sketch[row, bins[at]] = (h[at] & np.uint64(0xFE)).astype(np.uint8)
    if bits is not None:
        gram_bits(bits, h, cols.offsets, sizes, sketched)
    # The keys at a text's own level p (a gram whose hash is 0 mod p), then at 2p, 4p... - each a subset of the
    # keys before it, so picked from those, not from every gram again.
    levels = _levels(sizes)  # per text of the chunk
    at = _sampled_at(h, doc, levels)
    h_at, d_at = h[at], doc[at]
    assert cols.first is not None
    first_at = cols.first[at]
    lv_at = levels.take(d_at)
    by_step = []  # per level: its keys and their texts (in text order, then gram order)
    for step in range(n_steps):
        if step:
            # Only the keys of the texts that need the level are looked at: of the texts of own level 1 (under
            # 2 x TARGET_KEYS grams), those with ``ratio`` of the grams of the level's own texts (``_unneeded``), and
            # none above the column's top level.
            needed = ~_unneeded(sizes, step, ratio)
            if top_level:
                needed &= (levels << np.uint64(step)) <= np.uint64(top_level)
            h_s, d_s, lv_s = h_at, d_at, lv_at
            if not needed.any():
                h_s, d_s, lv_s = h_at[:0], d_at[:0], lv_at[:0]
            elif not needed.all():
                of_needed = needed[d_at]
                h_s, d_s, lv_s = h_at[of_needed], d_at[of_needed], lv_at[of_needed]
            lv = lv_s << np.uint64(step)
            sampled = (h_s & (lv - np.uint64(1))) == 0
            d_k = d_s[sampled]
            by_step.append((h_s[sampled] ^ mix64(levels << np.uint64(step)).take(d_k), d_k))
        else:
            # The level's salt (``mix64``) worked out per text and looked up, not per key (1M short texts: 29M keys)
            by_step.append((h_at ^ mix64(levels).take(d_at), d_at))
    return (cols, *_by_text_then_level(by_step, len(sizes), lo, first_at))


def gram_bits(
    out: np.ndarray, h: np.ndarray, offsets: np.ndarray, sizes: np.ndarray, sketched: np.ndarray | None
) -> None:
    """Fill ``out`` (uint64, a row of ``GRAM_BIT_WORDS`` per text of a chunk, or per text ``sketched`` flags) with
    the bits of each text's grams (``h``: the chunk's gram hashes, text after text from ``offsets``, ``sizes``:
    each text's grams): bit ``g & (GRAM_BITS - 1)`` set for every gram ``g`` of a text of at most ``GRAM_BITS_MAX``
    grams; zero rows for the others. Only those texts' grams are read (a chunk of articles has few or none), each
    bit scattered into a byte, the bytes then packed."""
    out.fill(0)
    signed = sizes <= GRAM_BITS_MAX
    row_of = None  # per text of the chunk, its row of ``out`` (None: text i's is row i)
    if sketched is not None and not sketched.all():
        signed &= sketched
        row_of = np.cumsum(sketched) - 1
    texts = np.flatnonzero(signed)
    if not len(out) or not len(texts):
        return
    rows = texts if row_of is None else row_of.take(texts)
    counts = sizes[texts]
    at = np.repeat(rows * GRAM_BITS, counts)
    grams = h if len(texts) == len(sizes) else h[span_positions(offsets[texts], counts)]
    at += (grams & np.uint64(GRAM_BITS - 1)).astype(np.int64)
    flat = np.zeros(len(out) * GRAM_BITS, dtype=bool)
    flat[at] = True
    out[:] = np.packbits(flat.reshape(len(out), GRAM_BITS), axis=1, bitorder="little").view(np.uint64)


def _by_text_then_level(
    by_step: list[tuple[np.ndarray, np.ndarray]], n_texts: int, lo: int, first: np.ndarray | None = None
):
    """The keys of each level (``by_step``: keys and their texts, in text order) put in one array ordered by text,
    then level, with their texts (``lo`` added: the column's) and levels - and, given ``first`` (of the own level's
    keys), their first windows (0 at the other levels). (A stable argsort of (text, level) numbers and three
    gathers by it took a quarter of the fingerprint of 100k short texts; each key's place worked out from the
    counts of keys per (text, level) and scattered there, a fifth: 47-68 against 36-38 ms on one core.)"""
    if not any(len(d) for _, d in by_step[1:]):  # (short texts: every key at the own level, in order already)
        keys, d = by_step[0]
        docs = d.astype(DOC)
        docs += lo
        return keys, docs, np.zeros(len(keys), dtype=np.int8), None if first is None else first
    counts = np.stack([np.bincount(d, minlength=n_texts) for _, d in by_step], axis=1)  # texts x levels
    # The texts and levels in output order are runs, made by repeats; a level's places, in text order, are where
    # the levels say it, and its keys (in text order) go there by a mask (half the time of np.insert, a quarter of
    # a scatter of every key to its place).
    docs = np.repeat(np.arange(lo, lo + n_texts, dtype=DOC), counts.sum(axis=1))
    steps = np.repeat(np.tile(np.arange(len(by_step), dtype=np.int8), n_texts), counts.ravel())
    keys = np.empty(len(steps), dtype=np.uint64)
    firsts = None if first is None else np.zeros(len(steps), dtype=np.uint8)
    for step, (k, _) in enumerate(by_step):
        at = steps == step
        keys[at] = k
        if firsts is not None and first is not None and step == 0:
            firsts[at] = first
    return keys, docs, steps, firsts


def _sampled_at(h: np.ndarray, doc: np.ndarray, levels: np.ndarray) -> np.ndarray:
    """Where the grams sampled at their text's own level are: ``np.flatnonzero((h & (levels[doc] - 1)) == 0)``,
    worked out ``MIX_BLOCK`` grams at a time, each level looked up into the block's one array and masked there
    (whole arrays of every gram's level, the masked hashes and the flags made three fresh arrays of the gram
    column: the 12,461 Sina articles, 14M grams, 154 -> 50 ms on one core)."""
    masks = levels - np.uint64(1)
    keep = np.empty(len(h), dtype=bool)
    block = np.empty(min(MIX_BLOCK, len(h)), dtype=np.uint64)
    for lo in range(0, len(h), MIX_BLOCK):
        b = block[: min(MIX_BLOCK, len(h) - lo)]
        masks.take(doc[lo : lo + MIX_BLOCK], out=b)
        b &= h[lo : lo + MIX_BLOCK]
        np.equal(b, 0, out=keep[lo : lo + MIX_BLOCK])
    return np.flatnonzero(keep)


def _joined(parts: list[np.ndarray], dtype) -> np.ndarray:
    """``np.concatenate(parts)`` (of ``dtype``, also when there are none), emptying ``parts`` as it goes (the
    pieces are freed as soon as copied unless held elsewhere)."""
    out = np.empty(sum(len(p) for p in parts), dtype=dtype)
    at = 0
    while parts:
        p = parts.pop(0)
        out[at : at + len(p)] = p
        at += len(p)
    return out
