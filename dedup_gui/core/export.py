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
        written += write_report(table, result, decisions, Path(report), texts)
    return written


def write_report(
    table: Table, result: DedupResult, decisions: Decisions | None, out: Path, texts: list[str] | None
) -> list:
    """The cluster report, and the hot stories (largest clusters first, with dates and sources when the table
    has them): a second sheet of an .xlsx report, or a ``<name>_hot_stories`` file beside a .csv one."""
    from . import io
    from .analysis import hot_stories_frame

    clusters = result.report_frame(texts, decisions)
    hot = hot_stories_frame(result, table, texts if texts is not None else table.texts(table.columns[:1]), decisions)
    if out.suffix.lower() in (".xlsx", ".xlsm"):
        return [io.write_sheets({"clusters": clusters, "hot stories": hot}, out, kind="report", protect=table.path)]
    companion = out.with_name(f"{out.stem}_hot_stories{out.suffix}")
    return [
        io.write_frame(clusters, out, kind="report", protect=table.path),
        io.write_frame(hot, companion, kind="hot stories", protect=table.path),
    ]
