"""The annotated export for a reader: every row's status in words, the extra headers in the reader's language, and
the sheet's layout (each cluster's rows banded, clusters alternating in two light fills).

The words and headers are plain strings given by the caller (the GUI translates them; the engine stays English).
Without an ``AnnotationSpec`` the annotated export is the contract: the four ``dup_*`` columns, nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from .result import Decisions, DedupResult, Resolution

if TYPE_CHECKING:
    import pandas as pd

CONTRACT_COLUMNS = ("dup_cluster", "dup_kept", "dup_of", "dup_similarity")
STATUS_COLUMN = "dup_status"


@dataclass(frozen=True)
class StatusWords:
    """The status column's words. ``manual`` wraps a status the user decided, e.g. "{status} (manual)"."""

    kept: str = "Kept"
    removed: str = "Removed"
    not_duplicate: str = "Not a duplicate"
    manual: str = "{status} (manual)"
    held: str = "Kept to check"


@dataclass(frozen=True)
class AnnotationSpec:
    """What the annotated export adds besides the contract columns."""

    words: StatusWords = field(default_factory=StatusWords)
    headers: Mapping[str, str] = field(default_factory=dict)  # contract name (or STATUS_COLUMN) -> header shown
    styled: bool = True  # an .xlsx gets bands, a frozen header, an autofilter and fitted widths


def row_status(
    result: DedupResult, resolution: Resolution, decisions: Decisions | None, words: StatusWords
) -> list[str]:
    """Per row: kept (the row a cluster keeps), removed, not a duplicate (in no cluster, or kept by the user
    although clustered), or kept to check (held by the run: ``DedupResult.held``). Marked manual where the user's
    decision made it so: a kept row the user chose, a row the user marked not a duplicate, the algorithm's kept row
    removed because the user kept another, and a row held for checking that the user removed."""
    decisions = decisions or Decisions()
    chosen = set(decisions.kept.values())
    held = resolution.held.tolist() if resolution.held is not None else [False] * len(resolution.keep)
    own = result.clusters.arrays["kept"]  # (no Cluster object made)
    replaced = set(own[result.clusters.kept_after(decisions) != own].tolist())
    out = []
    rows = zip(resolution.keep.tolist(), resolution.cluster.tolist(), held, strict=True)
    for row, (keep, cluster, still_held) in enumerate(rows):
        if not cluster:
            status, manual = words.not_duplicate, False
        elif row in decisions.not_duplicate:
            status, manual = words.not_duplicate, True
        elif still_held:
            status, manual = words.held, False
        elif keep:
            status, manual = words.kept, row in chosen
        else:
            status, manual = words.removed, row in replaced or row in decisions.removed
        out.append(words.manual.format(status=status) if manual else status)
    return out


def annotated_frame(
    result: DedupResult, resolution: Resolution, decisions: Decisions | None, spec: AnnotationSpec
) -> pd.DataFrame:
    """The contract columns plus the status column (after dup_cluster), headed as the spec says."""
    import pandas as pd

    frame = resolution.annotation_frame()
    frame.insert(1, STATUS_COLUMN, row_status(result, resolution, decisions, spec.words))
    frame.columns = pd.Index([spec.headers.get(c, c) for c in frame.columns], dtype=object)
    return frame


def bands(resolution: Resolution) -> list[int]:
    """Per row: 0 outside clusters; 1 or 2 alternating cluster by cluster (clusters are numbered by first row)."""
    cluster = resolution.cluster
    return np.where(cluster > 0, 2 - (cluster % 2), 0).astype(int).tolist()
