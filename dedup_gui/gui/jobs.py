"""The work the window hands to its background thread: load a file, run the pipeline, export. No Qt here.

Each function takes a ``Reporter`` last and returns plain objects the window then shows; everything slow
(reading, segmenting, building the review session, writing) happens here, off the GUI thread - and the engine
itself, given an ``EngineProcess``, in its worker process (``core.engine_process``), off the GUI's process.
"""

from __future__ import annotations

import functools
import gc
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from dedup_gui.core import annotated as annotated_file
from dedup_gui.core.algorithms.registry import get_algorithm
from dedup_gui.core.annotation import AnnotationSpec
from dedup_gui.core.collector import paused_gc
from dedup_gui.core.engine_process import EngineProcess, RemotePipeline
from dedup_gui.core.errors import DedupError
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.progress import Reporter
from dedup_gui.core.result import DedupResult
from dedup_gui.core.review import ReviewSession
from dedup_gui.core.review_decisions import RowDecisions
from dedup_gui.core.review_sidecar import Reattached, SavedReview, content_hash, read_review, reattach
from dedup_gui.core.settings import Settings
from dedup_gui.core.table import Table

from .registry_strings import error_text
from .resources import review_file_for

SHORT_TEXT_CHARS = 150  # simhash is unreliable below this (a changed character moves many bits)


# How long a thread of the window's process holds the interpreter lock while another asks for it (Python's default
# is 5 ms). The window's thread asks for it at every call into Python - each cell a table draws, each event a
# Python widget handles - and with a thread of ours busy (the hot stories, the filter's search, a column's sort
# keys) each of those calls waited up to the whole interval: sorting 100k articles by their text stalled the
# window 392 ms with 5 ms, 231 ms with 1 ms, 103 ms with 0.2 ms (the keys made on a thread meanwhile).
SWITCH_INTERVAL_S = 0.0002


def warm_up() -> None:
    """Load the segmentation dictionaries now. They load inside native code that holds the GIL for ~0.5 s,
    which would otherwise stall the GUI thread during the first run; at start-up no window is shown yet. The
    interpreter lock is handed over every ``SWITCH_INTERVAL_S`` from now on."""
    from dedup_gui.core import segment, text

    sys.setswitchinterval(SWITCH_INTERVAL_S)
    segment.keywords("预热分词词典", 1)
    text.nfkc_lower_collapse("预热", simplified=True)  # builds its lookup tables once
    keep_out_of_full_collections()


def keep_out_of_full_collections() -> None:
    """Take every object alive now out of the garbage collector's full passes (``gc.freeze``).

    A full pass walks every tracked container while it holds the interpreter lock: with the segmentation
    dictionaries, a 100,000-row table and a run's clusters that is 150-200 ms in which the window cannot draw,
    whichever thread it runs in. What is frozen here lives long (dictionaries, the table, the pipeline's caches, the
    session on screen); when it is dropped, reference counting still frees it. Young garbage is collected first so
    that little cyclic garbage is frozen with it."""
    gc.collect(1)
    gc.freeze()


def read(path: str | Path, sheet: str | None, reporter: Reporter) -> Table:
    from dedup_gui.core.io import read_table

    reporter.report("Reading", 0, 1)
    table = read_table(path, sheet=sheet, reporter=_freezing(reporter))
    reporter.report("Reading", 1, 1)
    return table


def _freezing(reporter: Reporter) -> Reporter:
    """``reporter``, taking what the reader built so far out of full garbage collections each time the reader
    looks at Cancel (``gc.freeze``, cheap). A reader's rows are 100,000s of small lists; with them in, every full
    collection during the read walks them all - 100-150 ms each at 100,000 rows, with the window waiting for the
    lock. Reference counting still frees them."""
    return _FreezingReporter(progress=reporter.progress, cancel_event=reporter.cancel_event)


class _FreezingReporter(Reporter):
    def check(self) -> None:
        gc.freeze()
        super().check()


@dataclass
class Loaded:
    """A table read from its file, with its content hash and the review saved beside it (if any)."""

    table: Table
    input_hash: str
    saved: SavedReview | None = None
    reattached: Reattached | None = None
    sidecar_problem: str = ""  # a sidecar that could not be read (one line), shown but not fatal
    annotated: annotated_file.Annotated | None = None  # the clusters an annotated file records
    annotation_problem: str = ""  # an annotated file whose dup_* columns disagree (one line): it runs instead
    guessed_columns: list[str] | None = None  # the text columns to preselect (Table.guess_text_columns), found here


def text_columns(chosen: Sequence[str] | None, table: Table, guessed: list[str] | None = None) -> list[str]:
    """The text columns a table is shown with: those ``chosen`` (last time, for its file) that it has, else the
    ``guessed`` ones (``Table.guess_text_columns``, asked here when not given)."""
    return [c for c in chosen or () if c in table.columns] or (
        guessed if guessed is not None else table.guess_text_columns()
    )


def load(
    path: str | Path,
    sheet: str | None,
    reporter: Reporter,
    engine: EngineProcess | None = None,
    columns: Sequence[str] | None = None,
) -> Loaded:
    """Read the input; when a saved review sits beside it, read that too and attach its decisions to the rows
    (by content when the input changed). A review saved on another sheet opens that sheet. An annotated file
    (``core.annotated``) comes without its dup_* columns, with the clusters they record.

    With an ``engine``, its worker process reads the input too, at the same time (``engine_table``): the first
    run then uses the worker's copy when it has the same content hash, rather than sending the rows over."""
    path = Path(path)
    saved, problem = None, ""
    review = review_file_for(path)
    if review.is_file():
        try:
            saved = read_review(review)
        except DedupError as e:
            problem = error_text(e)
    table = None
    wanted = saved.sheet if sheet is None and saved is not None and saved.sheet else sheet
    token = None if engine is None else engine.read_ahead(functools.partial(engine_table, path, wanted))
    try:
        if wanted != sheet:
            try:
                table = read(path, wanted, reporter)
            except DedupError:
                table = None  # the sheet is gone: the default sheet, and the review does not apply
        if table is None:
            table = read(path, sheet, reporter)
        table, found, annotation_problem = _annotation(table)
        input_hash = content_hash(path, table, reporter)
    except BaseException:
        if engine is not None:
            engine.abandon(token)
        raise
    if engine is not None:
        engine.expect(token, table, input_hash)  # a read of another sheet (or another file) is not adopted
    reattached = None
    if saved is not None and saved.sheet == table.sheet:
        reattached = reattach(saved, table, input_hash)
    elif saved is not None:
        saved = None
    guessed = table.guess_text_columns()  # tens of milliseconds of cell checks the window need not do
    # The rows whose text stands in for a missing one, in the text columns the window will show (``columns``, those
    # chosen last time, else the guessed ones): the Data panel says so as it shows the table, and the answer is
    # kept in the table. Found on the window's thread, it held it 73 ms for 12,461 articles.
    shown = text_columns(columns, table, guessed)
    if shown:
        table.placeholders(shown)
    keep_out_of_full_collections()
    return Loaded(table, input_hash, saved, reattached, problem, found, annotation_problem, guessed)


def engine_table(path: Path, sheet: str | None, reporter: Reporter) -> tuple[Table, str]:
    """The table ``load`` makes of ``path`` (without an annotated file's dup_* columns) and its content hash: what
    the engine's worker process reads by itself (``EngineProcess.read_ahead``)."""
    table = _annotation(read(path, sheet, reporter))[0]
    return table, content_hash(path, table, reporter)


def _annotation(table: Table) -> tuple[Table, annotated_file.Annotated | None, str]:
    """(the table without its dup_* columns, the clusters they record or None, the problem with them or "").
    The columns are dropped even when they disagree: they are the old result, never text to compare."""
    if not annotated_file.is_annotated(table):
        return table, None, ""
    try:
        found, problem = annotated_file.load(table), ""
    except DedupError as e:
        found, problem = None, error_text(e)
    return annotated_file.without_annotation(table), found, problem


EnginePipeline = Pipeline | RemotePipeline  # in this process, or a stand-in for one in the engine's process


@dataclass
class RunOutcome:
    key: tuple
    pipeline: EnginePipeline
    session: ReviewSession
    median_length: float
    settings: Settings = field(default_factory=Settings)
    from_file: bool = False  # the clusters were read from an annotated file, not found


def run(
    table: Table,
    columns: Sequence[str],
    settings: Settings,
    pipeline: EnginePipeline | None,
    key: tuple,
    intent: RowDecisions,
    engine: EngineProcess | None,
    reporter: Reporter,
) -> RunOutcome:
    """Run the pipeline and build the review session with the user's decisions applied (``intent``). A new
    pipeline runs in ``engine``'s worker process (in this one when ``engine`` is None)."""
    pipeline = _prepare(table, columns, engine, reporter) if pipeline is None else pipeline
    return _outcome(pipeline.run(settings, reporter), pipeline, key, intent, reporter)


def review_file(
    table: Table,
    columns: Sequence[str],
    settings: Settings,
    pipeline: EnginePipeline | None,
    key: tuple,
    intent: RowDecisions,
    engine: EngineProcess | None,
    reporter: Reporter,
    clusters: DedupResult,
) -> RunOutcome:
    """The review session of an annotated file's ``clusters``, as they are: nothing runs (the pipeline only
    supplies the texts, and later runs reuse it)."""
    pipeline = _prepare(table, columns, engine, reporter) if pipeline is None else pipeline
    result = replace(clusters, settings=settings.resolved())  # the settings shown, as a run would have
    return replace(_outcome(result, pipeline, key, intent, reporter), from_file=True)


def _prepare(table: Table, columns: Sequence[str], engine: EngineProcess | None, reporter: Reporter) -> EnginePipeline:
    reporter.report("Preparing texts", 0, 1)
    if engine is not None:
        return engine.pipeline(table, columns)
    return Pipeline.for_table(table, list(columns))


def _outcome(
    result: DedupResult, pipeline: EnginePipeline, key: tuple, intent: RowDecisions, reporter: Reporter
) -> RunOutcome:
    # No cyclic collection while the session's objects are made - a line per cluster, an index of every row - and
    # then they are kept out of full collections (they live as long as the run is on screen): at a million rows a
    # full collection meanwhile, on this thread holding the interpreter lock, stalled the window 105-116 ms.
    with paused_gc(freeze=True, young_first=True):
        result.clusters.materialise()  # every Cluster object made here (an engine in this process hands arrays over)
        session = ReviewSession(result, pipeline.texts, pipeline.similarity, intent)
        session.resolution()  # computed here rather than on the GUI thread
        session.cluster_of(0)  # the row -> cluster index too (a loop over every cluster)
        session.make_rows(reporter.check)  # the cluster list's lines too: sorting touches all of them
        session.clustered_chars()  # and what the filter asks first (a million rows: 78 ms of the window's thread)
    lengths = [len(t) for t in pipeline.texts[:5000]]
    median = statistics.median(lengths) if lengths else 0.0
    return RunOutcome(key, pipeline, session, median, result.settings)


def short_text_warning(algorithm: str, median_length: float) -> str:
    """The algorithm when its known weakness on short texts applies here, or ""."""
    if get_algorithm(algorithm).short_text_warning and 0 < median_length < SHORT_TEXT_CHARS:
        return algorithm
    return ""


@dataclass
class Written:
    """What an export wrote, for the confirmation."""

    path: Path
    what: str  # "cleaned" | "annotated" | "report"
    rows: int
    notes: list[str] = field(default_factory=list)


def export(
    table: Table,
    session: ReviewSession,
    outputs: dict[str, Path | None],
    reporter: Reporter,
    annotation: AnnotationSpec | None = None,
) -> list[Written]:
    """Write the chosen files with the user's decisions applied (``core.export`` does the writing);
    ``annotation``: the annotated file's words and headers, already translated."""
    from dedup_gui.core.export import export as write_all

    outputs = {k: Path(v) for k, v in outputs.items() if v}
    reports = write_all(
        table,
        session.result,
        session.decisions,
        cleaned=outputs.get("cleaned"),
        annotated=outputs.get("annotated"),
        report=outputs.get("report"),
        similarity=session.similarity_fn,
        texts=list(session.texts),
        reporter=reporter,
        annotation=annotation,
    )
    return [Written(Path(r.path), r.kind, r.rows, list(getattr(r, "notes", []) or [])) for r in reports]
