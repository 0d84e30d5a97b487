"""A saved review: ``<input>.dedup.json`` beside the input (``articles.xlsx.dedup.json``).

It holds what is needed to resume a half-done review: the input's path and content hash, the sheet and text
columns, the settings (``Settings.to_dict``), the member columns shown, the user's decisions and the cluster on
screen. Each decided row is stored with a key of its cells, so when the input changed since (rows added, deleted or
moved) the decisions are attached again to the rows with the same content (``reattach``), and the ones whose row is
gone are counted, not guessed.

The input itself is never touched; the sidecar is written to a temporary file and renamed.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import InputError
from .io.atomic import atomic_file
from .progress import Reporter
from .review_decisions import RowDecisions
from .settings import Settings
from .table import Table, cell_text

FORMAT = "dedup-review"
VERSION = 1
SUFFIX = ".dedup.json"
_CHUNK = 1 << 20


def sidecar_path(input_path: str | Path) -> Path:
    """``news.xlsx`` → ``news.xlsx.dedup.json``; a folder ``articles/`` → ``articles.dedup.json`` beside it."""
    p = Path(input_path)
    return p.with_name(p.name + SUFFIX)


def content_hash(path: str | Path, table: Table | None = None, reporter: Reporter | None = None) -> str:
    """sha256 of the input file's bytes; for a folder of .txt files, of the table read from it."""
    path = Path(path)
    reporter = reporter or Reporter()
    digest = hashlib.sha256()
    if path.is_dir():
        if table is None:
            raise ValueError("a folder's content hash needs its table")
        for i, key in enumerate(row_keys(table)):
            if i % 5000 == 0:
                reporter.check()
            digest.update(key.encode())
        return digest.hexdigest()
    with open(path, "rb") as f:
        while chunk := f.read(_CHUNK):
            reporter.check()
            digest.update(chunk)
    return digest.hexdigest()


def row_keys(table: Table, rows: Iterable[int] | None = None) -> list[str]:
    """A short key of each row's cells (all columns), equal for rows with equal content."""
    columns = [table.data[c].to_numpy(dtype=object) for c in table.columns]
    wanted = range(len(table)) if rows is None else rows
    out = []
    for r in wanted:
        text = "\x1f".join(cell_text(col[r]) for col in columns)
        out.append(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest())
    return out


@dataclass
class SavedReview:
    input_path: str
    input_hash: str
    settings: Settings
    sheet: str | None = None
    rows: int = 0
    text_columns: list[str] = field(default_factory=list)
    member_columns: list[str] = field(default_factory=list)
    kept: list[tuple[int, str]] = field(default_factory=list)  # (row, row key)
    not_duplicate: list[tuple[int, str]] = field(default_factory=list)
    removed: list[tuple[int, str]] = field(default_factory=list)  # rows held for checking that the user removed
    position: list[tuple[int, str]] = field(default_factory=list)  # rows of the cluster on screen
    saved_at: str = ""

    @property
    def decision_count(self) -> int:
        return len({r for r, _ in self.kept} | {r for r, _ in self.not_duplicate} | {r for r, _ in self.removed})

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "input": {"path": self.input_path, "sha256": self.input_hash, "sheet": self.sheet, "rows": self.rows},
            "text_columns": list(self.text_columns),
            "member_columns": list(self.member_columns),
            "settings": self.settings.to_dict(),
            "decisions": {
                "kept": [{"row": r + 1, "key": k} for r, k in self.kept],
                "not_duplicate": [{"row": r + 1, "key": k} for r, k in self.not_duplicate],
                "removed": [{"row": r + 1, "key": k} for r, k in self.removed],
            },
            "position": [{"row": r + 1, "key": k} for r, k in self.position],
            "saved_at": self.saved_at,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SavedReview:
        if data.get("format") != FORMAT:
            raise ValueError("not a saved review")
        source = data.get("input") or {}
        decisions = data.get("decisions") or {}

        def rows(items: Sequence[dict[str, Any]]) -> list[tuple[int, str]]:
            return [(int(d["row"]) - 1, str(d["key"])) for d in items]

        return cls(
            input_path=str(source.get("path", "")),
            input_hash=str(source.get("sha256", "")),
            settings=Settings.from_dict(data.get("settings") or {}),
            sheet=source.get("sheet"),
            rows=int(source.get("rows", 0)),
            text_columns=[str(c) for c in data.get("text_columns") or []],
            member_columns=[str(c) for c in data.get("member_columns") or []],
            kept=rows(decisions.get("kept") or []),
            not_duplicate=rows(decisions.get("not_duplicate") or []),
            removed=rows(decisions.get("removed") or []),  # (a review saved before rows were held has none)
            position=rows(data.get("position") or []),
            saved_at=str(data.get("saved_at", "")),
        )


def make_review(
    table: Table,
    input_hash: str,
    settings: Settings,
    text_columns: Sequence[str],
    member_columns: Sequence[str],
    intent: RowDecisions,
    position: Sequence[int] = (),
) -> SavedReview:
    """What to save for this table and these decisions (keys are computed for the decided rows only)."""
    kept, not_dup, shown = sorted(intent.kept), sorted(intent.not_duplicate), list(position)
    removed = sorted(intent.removed)
    wanted = sorted(set(kept + not_dup + removed + shown))
    keys = dict(zip(wanted, row_keys(table, wanted), strict=True))
    return SavedReview(
        input_path=str(table.path),
        input_hash=input_hash,
        settings=settings,
        sheet=table.sheet,
        rows=len(table),
        text_columns=list(text_columns),
        member_columns=list(member_columns),
        kept=[(r, keys[r]) for r in kept],
        not_duplicate=[(r, keys[r]) for r in not_dup],
        removed=[(r, keys[r]) for r in removed],
        position=[(r, keys[r]) for r in shown],
        saved_at=_dt.datetime.now().astimezone().isoformat(timespec="seconds"),
    )


def write_review(review: SavedReview, path: str | Path) -> Path:
    path = Path(path)
    with atomic_file(path) as tmp:
        tmp.write_text(json.dumps(review.to_dict(), ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def read_review(path: str | Path) -> SavedReview:
    """The review saved in ``path``; InputError (one line naming the file) when it cannot be read."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return SavedReview.from_dict(data)
    except OSError as e:
        raise InputError(path, "cannot be read: {reason}", reason=e.strerror or e) from None
    except (ValueError, TypeError, KeyError, AttributeError) as e:
        raise InputError(path, "is not a saved review this version can read ({e})", e=e) from None


@dataclass
class Reattached:
    intent: RowDecisions
    position: list[int]
    changed: bool  # the input is not the one the review was saved with
    lost: int  # decisions whose row is no longer in the input


def reattach(review: SavedReview, table: Table, input_hash: str) -> Reattached:
    """The saved decisions on this table: as saved when the input is unchanged, else by row content."""
    if input_hash == review.input_hash and len(table) == review.rows:
        known = set(range(len(table)))
        kept = frozenset(r for r, _ in review.kept if r in known)
        not_dup = frozenset(r for r, _ in review.not_duplicate if r in known)
        removed = frozenset(r for r, _ in review.removed if r in known)
        position = [r for r, _ in review.position if r in known]
        return Reattached(RowDecisions(kept, not_dup - kept, removed - kept - not_dup), position, False, 0)
    keys = row_keys(table)
    where: dict[str, list[int]] = {}
    for row, key in enumerate(keys):
        where.setdefault(key, []).append(row)
    taken: set[int] = set()

    def find(row: int, key: str, take: bool = True) -> int | None:
        used = taken if take else set()  # each decision claims its own row; the position only looks
        if 0 <= row < len(keys) and keys[row] == key and row not in used:
            found: int | None = row
        else:  # the same content elsewhere: the free occurrence nearest to where it was
            free = [r for r in where.get(key, []) if r not in used]
            found = min(free, key=lambda r: abs(r - row)) if free else None
        if found is not None and take:
            taken.add(found)
        return found

    kept_found = [find(r, k) for r, k in review.kept]
    not_dup_found = [find(r, k) for r, k in review.not_duplicate]
    removed_found = [find(r, k) for r, k in review.removed]
    lost = sum(r is None for r in kept_found + not_dup_found + removed_found)
    kept_rows = frozenset(r for r in kept_found if r is not None)
    not_dup_rows = frozenset(r for r in not_dup_found if r is not None) - kept_rows
    removed_rows = frozenset(r for r in removed_found if r is not None) - kept_rows - not_dup_rows
    position = [r for r in (find(r, k, take=False) for r, k in review.position) if r is not None]
    return Reattached(RowDecisions(kept_rows, not_dup_rows, removed_rows), position, True, lost)
