"""Exports of a run: the cleaned file, the annotated file and the cluster report, each written atomically.

``preflight`` says, before any work, what an export would refuse (two outputs with one name, sheets a format
cannot hold, Excel's size limits) and what the user must hear first (macros a format cannot keep). Every
``WriteReport`` carries the notes the user must see after the export (references that could not follow their
rows, columns renamed...); the CLI prints them and the GUI shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from .annotation import AnnotationSpec, annotated_frame, bands
from .io.xlsx_writer import SheetStyle
from .progress import Reporter
from .result import Decisions, DedupResult, Resolution
from .table import Table

if TYPE_CHECKING:
    import pandas as pd

SNIPPET_CHARS = 200  # the report's kept_text: the start of the kept text, every character as it is


def preflight(
    table: Table,
    *,
    cleaned: str | Path | None = None,
    annotated: str | Path | None = None,
    report: str | Path | None = None,
) -> list[str]:
    """Warnings to show before exporting; raises OutputError for an export that would lose or clash."""
    from .io.checks import preflight as check

    return check(table, {"cleaned": cleaned, "annotated": annotated, "report": report})


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
    csv_safe: bool = False,
    annotation: AnnotationSpec | None = None,
) -> list:
    """Write the requested files; returns one WriteReport per file written.

    ``similarity(row_a, row_b)`` rescores members when the user chose another kept row (Pipeline.similarity).
    ``csv_safe``: formula-looking text in CSV outputs gets a leading apostrophe (OWASP; off by default).
    ``annotation``: the annotated file for a reader (status in words, headers, bands: ``core.annotation``);
    without it the annotated file is the contract's four dup_* columns.
    """
    from . import io

    preflight(table, cleaned=cleaned, annotated=annotated, report=report)
    reporter = reporter or Reporter()
    resolution = result.resolve(decisions, similarity)
    written: list = []
    try:
        if cleaned is not None:
            written.append(io.write_cleaned(table, resolution.keep, cleaned, reporter, csv_safe=csv_safe))
        if annotated is not None:
            frame, style = _annotation(result, resolution, decisions, annotation)
            written.append(io.write_annotated(table, frame, annotated, reporter, csv_safe=csv_safe, style=style))
        if report is not None:
            written += write_report(table, result, decisions, Path(report), texts, csv_safe)
    except BaseException as e:
        e.written = written  # type: ignore[attr-defined]  # complete files written before the failure
        raise
    return written


def _annotation(
    result: DedupResult, resolution: Resolution, decisions: Decisions | None, spec: AnnotationSpec | None
) -> tuple[pd.DataFrame, SheetStyle | None]:
    if spec is None:
        return resolution.annotation_frame(), None
    style = SheetStyle(bands(resolution)) if spec.styled else None
    return annotated_frame(result, resolution, decisions, spec), style


def run_frame(result: DedupResult) -> pd.DataFrame:
    """The run behind a report: what the text check rejected, how the kept rows were chosen, every setting."""
    rows = [
        ("text check", result.check_summary()),
        ("boilerplate sentences ignored", str(result.boilerplate_sentences)),
        ("rows", str(result.n_rows)),
        ("clusters", str(len(result.clusters))),
        ("rows removed", str(result.rows_to_remove)),
    ]
    if len(result.held):
        rows.append(("rows kept to check", result.held_summary()))
    if getattr(result, "keep_note", ""):
        rows.append(("kept rows", result.keep_note))
    import json  # (the report's only: 1.4 ms of the start of every job)

    for key, value in result.settings.to_dict().items():
        rows.append((f"setting: {key}", json.dumps(value, ensure_ascii=False)))
    import pandas as pd

    return pd.DataFrame(rows, columns=["item", "value"])


def write_report(
    table: Table,
    result: DedupResult,
    decisions: Decisions | None,
    out: Path,
    texts: list[str] | None,
    csv_safe: bool = False,
) -> list:
    """The cluster report, and the hot stories (largest clusters first, with dates and sources when the table
    has them): a second sheet of an .xlsx report, or a ``<name>_hot_stories`` file beside a .csv one. An .xlsx report
    also has a "run" sheet: the text check's summary and the settings."""
    from . import io
    from .analysis import hot_stories_frame
    from .io.checks import companion_path

    clusters = result.report_frame(None, decisions)
    if texts is not None and len(clusters):
        # the start of the kept text as it is: no whitespace folded, nothing added ("\r=2+2" stays "\r=2+2")
        clusters["kept_text"] = [texts[int(r) - 1][:SNIPPET_CHARS] for r in clusters["kept_row"]]
    hot = hot_stories_frame(result, table, texts if texts is not None else table.texts(table.columns[:1]), decisions)
    if out.suffix.lower() in (".xlsx", ".xlsm"):
        sheets = {"clusters": clusters, "hot stories": hot, "run": run_frame(result)}
        return [io.write_sheets(sheets, out, kind="report", protect=table.path)]
    return [
        io.write_frame(clusters, out, kind="report", protect=table.path, csv_safe=csv_safe),
        io.write_frame(hot, companion_path(out), kind="hot stories", protect=table.path, csv_safe=csv_safe),
    ]
