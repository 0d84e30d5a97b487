"""Exports of a run: the cleaned file, the annotated file and the cluster report, each written atomically."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .progress import Reporter
from .result import Decisions, DedupResult
from .table import Table


def export(
    table: Table,
    result: DedupResult,
    decisions: Decisions | None = None,
    *,
    cleaned: str | Path | None = None,
    annotated: str | Path | None = None,
    report: str | Path | None = None,
    similarity: Callable[[int, int], float] | None = None,
    texts: list[str] | None = None,
    reporter: Reporter | None = None,
) -> list:
    """Write the requested files; returns one WriteReport per file written.

    ``similarity(row_a, row_b)`` rescores members when the user chose another kept row (Pipeline.similarity).
    """
    from . import io

    reporter = reporter or Reporter()
    resolution = result.resolve(decisions, similarity)
    written = []
    if cleaned is not None:
        written.append(io.write_cleaned(table, resolution.keep, cleaned, reporter))
    if annotated is not None:
        written.append(io.write_annotated(table, resolution.annotation_frame(), annotated, reporter))
    if report is not None:
        written.append(io.write_frame(result.report_frame(texts, decisions), report, kind="report"))
    return written
