"""NSHash: texts that share their longest sentences are reposts ("天下文章一大抄").

Each text's fingerprints are the hashes of its n longest sentences (at least ``min_sentence`` characters; all
sentences when none is that long). Two texts sharing at least ``threshold`` fingerprints are a candidate pair;
clustering (union-find or strict) happens downstream, not with the original's non-transitive min-id labels.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..progress import Reporter
from ..settings import Settings
from ..text import column_longest_sentence_hashes, df_per_item
from .base import Algorithm, Candidates, ParamSpec, bucket_pairs

MAX_N = 20
# A sentence found in more texts than this is boilerplate (a disclaimer, a footer), not evidence of a repost:
# it is skipped and the text's next-longest sentence takes its place.
BUCKET_CAP = 300
COMMON_MIN = 50
COMMON_SHARE = 0.005


def common_limit(n_texts: int) -> int:
    return max(COMMON_MIN, int(COMMON_SHARE * n_texts))


@dataclass
class SentenceHashes:
    hashes: np.ndarray  # uint64, per text its up-to-MAX_N longest sentence hashes, longest first
    doc: np.ndarray  # int64 text index of each hash
    rank: np.ndarray  # int64 position of the sentence in its text's longest-first order


class NSHash(Algorithm):
    name = "nshash"
    title = "NSHash (longest sentences)"
    description = "Matches texts that share their longest sentences; very precise for reposted news."
    measure = "Shared sentences"
    threshold = ParamSpec(
        label="Shared sentences",
        minimum=1,
        maximum=20,
        step=1,
        default=1,
        unit="sentences",
        help="Two texts are duplicates when at least this many of their longest sentences are identical.",
    )
    n = ParamSpec(
        label="Longest sentences",
        minimum=1,
        maximum=20,
        step=1,
        default=5,
        unit="sentences",
        help="How many of each text's longest sentences are fingerprinted.",
    )
    options = ("min_sentence",)
    needs_lines = True
    short_text_warning = (
        "Most texts here are short (median {median} characters). NSHash matches texts that share a long "
        "sentence, and short texts share stock phrases: expect false matches. N-gram suits short texts "
        "better."
    )

    def measure_range(self, settings: Settings) -> tuple[float, float]:
        # At most n sentences can be shared.
        return self.threshold.minimum, float(max(int(settings.n or 1), int(settings.threshold or 1)))

    def search_key(self, settings: Settings) -> tuple:
        return (settings.n_value,)

    def fingerprint_key(self, settings: Settings) -> tuple:
        # n only selects a prefix of the longest-first list, so changing n needs no new fingerprints.
        return ("nshash", int(settings.min_sentence))

    def fingerprint(self, texts: list[str], settings: Settings, reporter: Reporter) -> SentenceHashes:
        reporter.report("Fingerprinting", 0, len(texts))
        hashes, doc, rank = column_longest_sentence_hashes(texts, int(settings.min_sentence), MAX_N)
        reporter.report("Fingerprinting", len(texts), len(texts))
        return SentenceHashes(hashes, doc.astype(np.int64), rank.astype(np.int64))

    def search(self, fp: SentenceHashes, texts: list[str], settings: Settings, reporter: Reporter) -> Candidates:
        reporter.report("Finding candidates", 0, 1)
        distinct = df_per_item(fp.hashes) <= common_limit(len(texts))
        # Rank among the text's non-boilerplate sentences (hashes are stored longest first per text).
        kept_doc = fp.doc[distinct]
        starts = np.flatnonzero(np.r_[True, kept_doc[1:] != kept_doc[:-1]]) if len(kept_doc) else kept_doc
        sizes = np.diff(np.r_[starts, len(kept_doc)])
        rank = np.arange(len(kept_doc)) - np.repeat(starts, sizes)
        use = np.flatnonzero(distinct)[rank < settings.n_value]
        # A sentence shared by hundreds of texts pairs each with a window of neighbours, not with all of them:
        # memory stays linear (a million short texts share stock phrases), and every pair is still a real match.
        a, b, shared = bucket_pairs(fp.hashes[use], fp.doc[use], reporter, cap=BUCKET_CAP, window=32, with_counts=True)
        reporter.report("Finding candidates", 1, 1)
        # Every pair sharing one sentence is found, so any threshold >= 1 filters these candidates.
        assert shared is not None  # asked for with_counts
        return Candidates(a, b, shared.astype(np.float64), 1.0)
