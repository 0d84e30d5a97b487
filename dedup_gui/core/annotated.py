"""Back to the desktop: the clusters of an annotated file, read from its columns instead of recomputed.

An annotated file - written by the desktop's annotated export, ``dedup-cli --annotated`` or the Spark job
(``dedup-spark``), as .xlsx, .csv or Parquet - carries four contract columns per row:

- ``dup_cluster``: the row's cluster (a positive whole number), blank when in none;
- ``dup_kept``: 1 when the row stays, 0 when it is removed as a copy;
- ``dup_of``: for a removed row, the row it is a copy of - see below; blank for kept rows;
- ``dup_similarity``: the removed row's similarity to that row (0-1).

The desktop's annotated export (and ``dedup-cli --annotated --status``, ``dedup-spark --status``) adds
``dup_status`` (``STATUS_COLUMN``), each row's status in words; when the file has it (under that name, or all the
columns under their Chinese headers: ``CHINESE_HEADERS``), a kept row whose status is "Kept to check"
(``HELD_WORDS``: English or Chinese) is read as kept for the user to check
(``core.doubt``) - not as a row the user marked "not a duplicate" - and the kept row of its cluster as the row
whose status says "Kept". A file with the contract columns only (``dedup-cli`` without ``--status``, the Spark
job without it) cannot tell such rows: they read as not duplicates.

``dup_of`` names a row in one of three ways, tried in this order: by ``dup_row`` when the file has that column
(the Spark job's 1-based input positions, which survive a re-sorted file); by ``id_column`` when the caller names
one (``dedup-spark --id-column``); otherwise as a 1-based data row number (the desktop exports).

``load`` rebuilds a ``DedupResult`` (clusters with kept row, members and similarities, the rows kept to check and
the removed rows whose ``dup_of`` names one of those: ``HeldCopies``) and the ``Decisions`` the file implies: a
clustered row that is kept but is not its cluster's kept row, nor kept to check, was marked "not a duplicate". A
cluster without a removed row keeps the row its status calls kept, else its first member. Every inconsistency (a
removed row pointing to a row that is not kept, or to another cluster, a dup_kept that is not 0 or 1...) is an
``InputError`` naming the file and row.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from . import regexes
from .annotation import STATUS_COLUMN
from .errors import InputError
from .result import Cluster, ClusterList, Decisions, DedupResult, HeldCopies, PairSet
from .settings import Settings
from .table import Table, cell_text

COLUMNS = ("dup_cluster", "dup_kept", "dup_of", "dup_similarity")
ROW_COLUMN = "dup_row"  # written by dedup-spark when rows have no id column: the 1-based input position
SOURCE_NOTE = "clusters read from the annotated file; nothing was recomputed"
KEPT_REASON = "kept in the annotated file"  # why each cluster's row was kept (the file does not say)
# The status words (``annotation.StatusWords``) of a row kept for the user to check and of a kept row, as the desktop
# writes them in English and in Chinese (``tests/test_i18n.py`` holds them to the catalogue's translations).
HELD_WORDS = frozenset({"Kept to check", "保留待查"})
KEPT_WORDS = frozenset({"Kept", "保留"})
# The annotated export's headers under the Chinese interface (the desktop's, unless its user keeps the English names;
# ``tests/test_i18n.py`` holds them to the catalogue): read as the contract's.
CHINESE_HEADERS = {
    "重复组": "dup_cluster",
    "状态": STATUS_COLUMN,
    "是否保留": "dup_kept",
    "重复于": "dup_of",
    "相似度": "dup_similarity",
}
_MANUAL = regexes.compile(r"\s*[(（](manual|人工)[)）]$")  # the mark of a status the user decided


@dataclass
class Annotated:
    result: DedupResult
    decisions: Decisions  # the file's "not a duplicate" rows


def is_annotated(table: Table) -> bool:
    """True when ``table`` has the four contract columns (an annotated export), under their names or under the
    Chinese headers of the desktop's export (``CHINESE_HEADERS``)."""
    table = _contract(table)
    return all(c in table.columns for c in COLUMNS)


def _contract(table: Table) -> Table:
    """``table`` with the Chinese headers of the desktop's annotated export (``CHINESE_HEADERS``) under the contract
    names, when it has all four of the contract's and none of the English ones; else ``table`` itself."""
    names = {zh: en for zh, en in CHINESE_HEADERS.items() if zh in table.columns}
    if set(COLUMNS) - set(names.values()) or any(en in table.columns for en in names.values()):
        return table
    return replace(table, columns=[names.get(c, c) for c in table.columns], data=table.data.rename(columns=names))


def without_annotation(table: Table) -> Table:
    """A copy of ``table`` without the contract columns (and ``dup_row``, and the desktop's ``dup_status``): the
    data the annotation describes, to export again (a new annotated export adds fresh columns). An export writes
    it as a new file: a copy of the workbook with edits would carry the old columns along."""
    table = _contract(table)
    drop = [c for c in (*COLUMNS, ROW_COLUMN, STATUS_COLUMN) if c in table.columns]
    columns = [c for c in table.columns if c not in drop]
    header = [h for h, c in zip(table.source_header, table.columns, strict=False) if c not in drop]
    header += table.source_header[len(table.columns) :]
    return replace(
        table,
        columns=columns,
        data=table.data.drop(columns=drop),
        source_header=header,
        columns_dropped=table.columns_dropped or bool(drop),
    )


def load_result(table: Table, settings: Settings | None = None, id_column: str | None = None) -> DedupResult:
    """The clusters of an annotated ``table`` as a result the review screen shows (see ``load``)."""
    return load(table, settings, id_column).result


def load(table: Table, settings: Settings | None = None, id_column: str | None = None) -> Annotated:
    """Rebuild the run an annotated ``table`` records. ``settings``: the settings shown for it (default:
    ``Settings()``); ``id_column``: the column ``dup_of`` refers to (``dedup-spark --id-column``).

    Without ``id_column`` (and without ``dup_row``), ``dup_of`` is read as data row numbers; when that does not
    describe consistent clusters, the first column of unique values that does is taken as the id column (the
    output of ``dedup-spark --id-column``, opened from the workbench)."""
    table = _contract(table)
    if id_column is None and ROW_COLUMN not in table.columns and is_annotated(table):
        try:
            return _load(table, settings, None)
        except InputError as as_rows:
            for column in _id_candidates(table):
                try:
                    return _load(table, settings, column)
                except InputError:
                    continue
            raise as_rows from None
    return _load(table, settings, id_column)


def _id_candidates(table: Table) -> list[str]:
    """Columns that could be what ``dup_of`` refers to: unique non-blank values that include every ``dup_of``."""
    targets = {_key(v) for v in table.data["dup_of"].tolist() if not _blank(v)}
    out = []
    for column in table.columns:
        if column in COLUMNS:
            continue
        values = [_key(v) for v in table.data[column].tolist() if not _blank(v)]
        if len(values) == len(table) and len(set(values)) == len(values) and targets <= set(values):
            out.append(column)
    return out


def _load(table: Table, settings: Settings | None, id_column: str | None) -> Annotated:
    if not is_annotated(table):
        missing = [c for c in COLUMNS if c not in table.columns]
        raise InputError(table.path, "is not an annotated file: no column {columns}", columns=", ".join(missing))
    n = len(table)
    cells = {c: table.data[c].tolist() for c in COLUMNS}
    cluster = np.array([_whole(v, table, i, "dup_cluster", blank=0) for i, v in enumerate(cells["dup_cluster"])])
    kept = np.array([_kept(v, table, i) for i, v in enumerate(cells["dup_kept"])], dtype=bool)
    target = _targets(table, cells["dup_of"], id_column)
    similarity = np.array([_number(v, table, i) for i, v in enumerate(cells["dup_similarity"])], dtype=np.float64)
    status = _statuses(table)
    clusters, decisions, held, copies = _clusters(table, cluster, kept, target, similarity, status)
    pairs = _pairs(clusters)
    result = DedupResult(
        settings=(settings or Settings()).resolved(),
        n_rows=n,
        clusters=ClusterList(objects=clusters),
        pairs=pairs,
        candidates=pairs,
        row_unique=np.arange(n, dtype=np.int64),
        exact_duplicates=0,
        proposed=len(pairs),
        keep_reasons={c.id: KEPT_REASON for c in clusters},
        keep_note=SOURCE_NOTE,
        held=np.array(sorted(held), dtype=np.int64),
        held_copies=copies,
    )
    return Annotated(result, decisions)


# -- reading the cells ---------------------------------------------------------------------------------------------


def _statuses(table: Table) -> list[str]:
    """Each row's status in words (``STATUS_COLUMN``, without a "(manual)" mark), or blanks when the file has none."""
    if STATUS_COLUMN not in table.columns:
        return [""] * len(table)
    return [_MANUAL.sub("", cell_text(v)).strip() for v in table.data[STATUS_COLUMN].tolist()]


def _blank(v: object) -> bool:
    return not cell_text(None if v is pd.NA or v is pd.NaT else v).strip()


def _whole(v: object, table: Table, row: int, column: str, blank: int | None = None) -> int:
    if _blank(v):
        if blank is None:
            raise InputError(table.path, "data row {row}: {column} is empty", row=row + 1, column=column)
        return blank
    text = cell_text(v).strip()
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not number.is_integer() or number < 1:
        raise InputError(
            table.path,
            "data row {row}: {column} must be a whole number from 1, not {text!r}",
            row=row + 1,
            column=column,
            text=text,
        )
    return int(number)


def _kept(v: object, table: Table, row: int) -> bool:
    text = "" if _blank(v) else cell_text(v).strip()
    if text in ("1", "1.0", "TRUE"):
        return True
    if text in ("0", "0.0", "FALSE"):
        return False
    raise InputError(table.path, "data row {row}: dup_kept must be 0 or 1, not {text!r}", row=row + 1, text=text)


def _number(v: object, table: Table, row: int) -> float:
    if _blank(v):
        return math.nan
    try:
        return float(cell_text(v).strip())
    except ValueError:
        raise InputError(
            table.path, "data row {row}: dup_similarity must be a number, not {value!r}", row=row + 1, value=v
        ) from None


def _targets(table: Table, dup_of: list[object], id_column: str | None) -> list[int | None]:
    """The 0-based row each ``dup_of`` names (None when blank)."""
    if ROW_COLUMN in table.columns:
        key_column: str | None = ROW_COLUMN
    elif id_column is not None:
        if id_column not in table.columns:
            raise InputError(table.path, "no id column {id_column!r} for dup_of to refer to", id_column=id_column)
        key_column = id_column
    else:
        key_column = None
    index: dict[str, int] = {}
    if key_column is not None:
        for i, v in enumerate(table.data[key_column].tolist()):
            index.setdefault(_key(v), i)
    out: list[int | None] = []
    for i, v in enumerate(dup_of):
        if _blank(v):
            out.append(None)
            continue
        if key_column is None:
            row = _whole(v, table, i, "dup_of") - 1
            if row >= len(table):
                raise InputError(
                    table.path,
                    "data row {row}: dup_of {target} is past the last row ({rows})",
                    row=i + 1,
                    target=row + 1,
                    rows=len(table),
                )
        else:
            found = index.get(_key(v))
            if found is None:
                raise InputError(
                    table.path,
                    "data row {row}: dup_of {value!r} names no row by {key_column}",
                    row=i + 1,
                    value=cell_text(v),
                    key_column=key_column,
                )
            row = found
        out.append(row)
    return out


def _key(v: object) -> str:
    """Ids compare by their text; 12, 12.0 and "12" are one id."""
    text = cell_text(v).strip()
    try:
        number = float(text)
    except ValueError:
        return text
    return str(int(number)) if number.is_integer() else text


# -- clusters ------------------------------------------------------------------------------------------------------


def _clusters(
    table: Table,
    cluster: np.ndarray,
    kept: np.ndarray,
    target: list[int | None],
    similarity: np.ndarray,
    status: list[str],
) -> tuple[list[Cluster], Decisions, set[int], HeldCopies]:
    """The clusters, the decisions the file implies, the rows kept to check (by their status) and the rows removed
    as copies of one of those."""
    members: dict[int, list[int]] = {}
    for row, c in enumerate(cluster.tolist()):
        if c:
            members.setdefault(c, []).append(row)
    for row in np.flatnonzero(~kept).tolist():
        if not cluster[row]:
            raise InputError(table.path, "data row {row}: removed (dup_kept 0) but in no dup_cluster", row=row + 1)
        if target[row] is None:
            raise InputError(table.path, "data row {row}: removed (dup_kept 0) but dup_of is empty", row=row + 1)
    clusters: list[Cluster] = []
    decisions = Decisions()
    held: set[int] = set()
    copies: dict[int, int] = {}
    for number in sorted(members, key=lambda c: members[c][0]):
        rows = members[number]
        removed = [r for r in rows if not kept[r]]
        to_check = {r for r in rows if kept[r] and status[r] in HELD_WORDS}
        kept_row = _kept_row(table, number, rows, removed, kept, cluster, target, to_check, status)
        to_check.discard(kept_row)
        # Removed rows whose dup_of names another row that stays than the kept row: copies of a row kept to check
        # (``HeldCopies``) - or, in a file that does not tell the rows to check, of a row it reads as staying.
        mine = {r: t for r in removed if (t := target[r]) is not None and t != kept_row}
        copies.update(mine)
        sims = {r: math.nan if r in mine else float(similarity[r]) for r in removed}
        sims.update({r: math.nan for r in rows if kept[r] and r != kept_row})
        sims[kept_row] = 1.0
        cid = len(clusters) + 1
        clusters.append(Cluster(cid, kept_row, rows, sims))
        held.update(to_check)
        decisions.not_duplicate.update(r for r in rows if kept[r] and r != kept_row and r not in to_check)
    rows_of = np.array(sorted(copies), dtype=np.int64)
    of = np.array([copies[r] for r in rows_of.tolist()], dtype=np.int64)
    return clusters, decisions, held, HeldCopies(rows_of, of, similarity[rows_of])


def _kept_row(table, number, rows, removed, kept, cluster, target, to_check, status) -> int:
    """The row the cluster's removed rows are copies of, but those that are copies of a row kept to check (they
    must agree); else, of its kept rows not kept to check, the one its status calls kept, else the first; else its
    first member. Every row they name must be a kept row of the cluster. In a file that does not tell the rows kept
    to check (no status), the removed rows may name several: the kept row is the one most of them name (ties: the
    first), the others rows it reads as staying (``_clusters``)."""
    named_rows = Counter(target[r] for r in removed)
    for row in sorted(named_rows):
        if cluster[row] != number or not kept[row]:
            raise InputError(
                table.path,
                "cluster {number}: dup_of names data row {row}, which is not a kept row of the cluster",
                number=number,
                row=row + 1,
            )
    pointed = {row for row in named_rows if row not in to_check}
    if not pointed:
        staying = [r for r in rows if kept[r] and r not in to_check]
        named = [r for r in staying if status[r] in KEPT_WORDS]
        return (named or staying or rows)[0]
    if len(pointed) > 1 and any(status):
        shown = ", ".join(str(p + 1) for p in sorted(pointed))
        raise InputError(
            table.path,
            "cluster {number}: its removed rows are copies of different rows ({shown})",
            number=number,
            shown=shown,
        )
    return min(pointed, key=lambda row: (-named_rows[row], row))


def _pairs(clusters: list[Cluster]) -> PairSet:
    """One pair per removed row: (kept row, row), with the file's similarity (rows are their own texts here)."""
    a, b, s = [], [], []
    for c in clusters:
        for m in c.members:
            if m != c.kept and not math.isnan(c.similarity[m]):
                a.append(c.kept)
                b.append(m)
                s.append(c.similarity[m])
    if not a:
        return PairSet.empty()
    lo, hi = np.minimum(a, b).astype(np.int64), np.maximum(a, b).astype(np.int64)
    sim = np.array(s, dtype=np.float64)
    return PairSet(lo, hi, sim.copy(), sim)
