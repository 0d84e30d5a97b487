"""dedup-cli: the headless command. Same engine as the GUI; exit 0 on success, 2 on bad input or usage, 3 on a
fault of its own (one line, the traceback saved to a file)."""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path
from typing import NoReturn

from .core.collector import paused_gc

# The imports make ~100,000 objects that live as long as the process, and no garbage: the collector's ~80 passes
# over them as they came cost ~10 ms of every job's start. It is off while they are made, and they are then put out
# of its reach (``freeze``: a collection once it is on again would walk them all, 8 ms) - here, and for the modules
# ``run`` works with in ``load_engine_modules``; ``run`` lets the collector see everything again as it ends
# (``gc.unfreeze``).
with paused_gc(freeze=True):
    from .core.cpu import numpy_environment
    from .core.parallel import engine_malloc

    engine_malloc(one_job=True)  # a process that runs one engine job; before numpy starts threads (core.parallel)
    os.environ.update(numpy_environment())  # numpy's sorts on this processor (core.cpu), read when numpy is imported

    from .core.algorithms.registry import ALGORITHMS
    from .core.errors import Cancelled, DedupError, Info
    from .core.progress import Reporter
    from .core.settings import CLUSTER_MODES, KEEP_POLICIES, NormaliseOptions, Settings, option_fields

EXIT_OK, EXIT_INTERRUPTED, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2, instead of argparse's usage dump
        raise _UsageError(message)


def _algorithm_help() -> str:
    parts = []
    for algo in ALGORITHMS.values():
        t, n = algo.threshold, algo.n
        parts.append(
            f"{algo.name}: threshold = {t.label.lower()} ({t.minimum:g}-{t.maximum:g}, default {t.default:g}), "
            f"n = {n.label.lower()} ({n.minimum:g}-{n.maximum:g}, default {n.default:g})"
        )
    return "; ".join(parts)


def build_parser() -> argparse.ArgumentParser:
    """Options generated from the algorithm registry and the Settings fields: one source of names and defaults."""
    defaults = Settings()
    p = _Parser(
        prog="dedup-cli",
        description="Find and remove near-duplicate texts in an .xlsx/.csv file or a folder of .txt files.",
        epilog="Algorithms - " + _algorithm_help(),
    )
    p.add_argument("input", metavar="INPUT", help=".xlsx, .csv/.tsv file, or a folder of .txt files")
    p.add_argument("--sheet", metavar="S", help="workbook sheet (default: the first)")
    p.add_argument(
        "--column",
        metavar="C",
        action="append",
        help="text column; repeat to join several (e.g. title and body). Default: the longest-text column",
    )
    p.add_argument("--algorithm", choices=list(ALGORITHMS), default=defaults.algorithm)
    p.add_argument("--threshold", type=float, metavar="X", help="algorithm threshold (default per algorithm)")
    p.add_argument("--n", type=int, metavar="N", help="algorithm n (default per algorithm)")
    p.add_argument("--mode", choices=CLUSTER_MODES, default=defaults.mode, help=_field_help("mode"))
    p.add_argument("--keep", default=defaults.keep, metavar="|".join(KEEP_POLICIES), help=_field_help("keep"))
    p.add_argument("--output", metavar="CLEANED", help="cleaned file (.xlsx or .csv; a folder for .txt input)")
    p.add_argument("--annotated", metavar="FILE", help="every row with dup_cluster, dup_kept, dup_of, dup_similarity")
    p.add_argument(
        "--status",
        action="store_true",
        help="with --annotated: a dup_status column too, each row's status in words (Kept, Removed, Kept to check, "
        "Not a duplicate) - the four dup_* columns cannot tell a row kept for you to check from the kept row",
    )
    p.add_argument("--report", metavar="FILE", help="one line per cluster")
    p.add_argument(
        "--csv-safe",
        action="store_true",
        help="in CSV outputs, prefix text starting with = + - @ (a formula to spreadsheets) with an apostrophe",
    )
    for f in option_fields():
        flag = f.metadata.get("cli")
        if not flag:
            continue
        default = getattr(defaults, f.name)
        if isinstance(default, bool):
            p.add_argument(
                flag, dest=f.name, action=argparse.BooleanOptionalAction, default=default, help=f.metadata["help"]
            )
        else:
            lo, hi = f.metadata["range"]
            p.add_argument(
                flag,
                dest=f.name,
                type=type(default),
                default=default,
                metavar="X" if isinstance(default, float) else "N",
                help=f"{f.metadata['help']} ({lo:g}-{hi:g}, default {default:g})",
            )
    # Older name of --excerpts (containment scoring now needs the excerpt to be a real share of the longer text).
    p.add_argument("--containment", dest="excerpts", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--boilerplate", action="append", default=[], metavar="REGEX", help="drop matching lines first")
    p.add_argument("--no-html", action="store_true", help="do not strip HTML before comparing")
    p.add_argument(
        "--keep-quoted",
        action="store_true",
        help="compare lines quoted with '>' and e-mail signatures (below a '-- ' line) too (ignored by default)",
    )
    p.add_argument(
        "--keep-traditional",
        action="store_true",
        help="compare traditional Chinese characters as written (folded to simplified ones by default, so that a "
        "story converted from one to the other is a copy)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def _field_help(name: str) -> str:
    return next(f.metadata["help"] for f in option_fields() if f.name == name)


def _status_only():
    """The annotated file with the status column in English words and nothing else beyond the contract (no bands or
    widths: a script's file, as without --status)."""
    from .core.annotation import AnnotationSpec

    return AnnotationSpec(styled=False)


def _settings(args: argparse.Namespace) -> Settings:
    options = {f.name: getattr(args, f.name) for f in option_fields() if hasattr(args, f.name)}
    settings = Settings(
        algorithm=args.algorithm,
        threshold=args.threshold,
        n=args.n,
        normalise=NormaliseOptions(
            strip_html=not args.no_html,
            drop_quoted=not args.keep_quoted,
            simplify=not args.keep_traditional,
            boilerplate_patterns=tuple(args.boilerplate),
        ),
        **options,
    )
    return settings


def _check_params(args: argparse.Namespace) -> None:
    try:
        _settings(args).validate()
    except ValueError as e:
        # Settings names the field; the user typed the flag.
        flags = {f.name: f.metadata.get("cli") or "--" + f.name for f in option_fields()}
        flags.update(threshold="--threshold", n="--n")
        message = str(e)
        field_name = message.split(" ", 1)[0]
        raise _UsageError(flags.get(field_name, field_name) + message[len(field_name) :]) from None
    if args.status and not args.annotated:
        raise _UsageError("--status adds a column to the annotated file: give --annotated FILE too")
    for pattern in args.boilerplate:
        from .core.text import validate_patterns

        try:
            validate_patterns((pattern,))
        except ValueError as e:
            raise _UsageError(str(e)) from None


class _ProgressBar:
    """A one-line progress bar on stderr, redrawn at most ten times a second."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.last = 0.0
        self.width = 0

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.last < 0.1 and done < total:
            return
        self.last = now
        frac = done / total if total else 1.0
        bar = "#" * int(frac * 30)
        line = f"\r{stage:<20} [{bar:<30}] {done:,}/{total:,}"
        self.width = max(self.width, len(line))
        sys.stderr.write(line.ljust(self.width))
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled and self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()


# The table, the engine and the result of the job, held to the end of a process that ends with it (``main``): it
# exits without freeing them (``exit_now``), where letting go of them as ``run`` returned freed every row, text and
# array one by one first (100k articles: 0.15 s, a million short texts 0.21 s).
_held: list[object] = []
_hold_to_the_end = False


def load_engine_modules() -> None:
    """The modules ``run`` works with (``dedup-cli --help`` needs none of them), imported as the command's own are:
    with the collector off, then frozen (``paused_gc``). Nothing happens once they are imported."""
    if "dedup_gui.core.pipeline" in sys.modules:
        return
    with paused_gc(freeze=True):
        from .core import export, io, pipeline  # noqa: F401
        from .core.io import checks  # noqa: F401


def run(argv: list[str] | None = None) -> int:
    load_engine_modules()
    from .core import io
    from .core.export import export, preflight
    from .core.io.checks import check_distinct
    from .core.pipeline import Pipeline

    started = time.perf_counter()
    try:
        args = build_parser().parse_args(argv)
        _check_params(args)
    except _UsageError as e:
        print(f"dedup-cli: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    bar = _ProgressBar(enabled=not args.quiet and sys.stderr.isatty())
    reporter = Reporter(progress=bar)
    outputs = {"cleaned": args.output, "annotated": args.annotated, "report": args.report}
    try:
        check_distinct(outputs)  # before any work
        # The reader's row lists and the run's clusters are millions of objects: no collection walks them while
        # they are made, nor after (they live until the files are written).
        with paused_gc(freeze=True):
            table = io.read_table(args.input, sheet=args.sheet, reporter=reporter)
            _warn(bar, [(table.path.name, w) for w in table.warnings])
            _warn(bar, [("", w) for w in preflight(table, **outputs)])  # told before anything is written
            columns = args.column or table.guess_text_columns()
            if not args.column:
                _warn(bar, [(table.path.name, n) for n in _no_text_note(table, columns, args.sheet)])
            for c in columns:
                if c not in table.columns:
                    raise DedupError(table.path, f"no column named {c!r} (columns: {', '.join(table.columns)})")
            texts, placeholders = table.texts_read(columns)
            _warn(bar, [(table.path.name, placeholders.note())] if placeholders is not None else [])
            settings = _settings(args)
            pipeline = Pipeline.for_table(table, columns, texts)
            result = pipeline.run(settings, reporter, keep_reasons=args.report is not None)  # the report's
        written = export(
            table,
            result,
            cleaned=args.output,
            annotated=args.annotated,
            report=args.report,
            similarity=pipeline.similarity,
            texts=pipeline.texts,
            reporter=reporter,
            csv_safe=args.csv_safe,
            annotation=_status_only() if args.status else None,
        )
        _warn(bar, [(w.path.name, note) for w in written for note in w.notes if not isinstance(note, Info)])
        _warn(bar, [(w.path.name, note) for w in written for note in w.notes if isinstance(note, Info)], label="")
        _held.extend((table, pipeline, result) if _hold_to_the_end else ())
    except DedupError as e:
        return _fail(bar, str(e))
    except (Cancelled, KeyboardInterrupt) as e:
        bar.close()
        done = [w.path.name for w in getattr(e, "written", [])]  # complete files from before the interruption
        what = f"only {', '.join(done)} was written (complete)" if done else "nothing was written"
        print(f"dedup-cli: interrupted; {what}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except ValueError as e:  # a bad --keep column and similar usage problems found late
        return _fail(bar, f"{Path(args.input)}: {e}")
    except MemoryError:
        return _fail(bar, f"{Path(args.input)}: out of memory; export as .csv, split the input into smaller "
                          "files, or run the Spark job for inputs this large")  # fmt: skip
    except OSError as e:
        return _fail(bar, _os_error_line(e, Path(args.input)))
    except Exception as e:  # a fault of ours: one line for the user, the traceback kept for a report
        _fail(bar, f"{Path(args.input)}: {_internal_error_line(e)}")
        return EXIT_INTERNAL
    finally:
        gc.unfreeze()  # for a caller in the same process (a script, the tests): the collector sees everything again
    bar.close()
    seconds = time.perf_counter() - started
    try:
        print(
            f"rows: {result.n_rows}, clusters: {len(result.clusters)}, "
            f"removed: {result.rows_to_remove}, seconds: {seconds:.2f}"
        )
        print(result.check_summary())
        if len(result.held):
            print(result.held_summary())
        if result.keep_note:  # which date column chose the kept rows, and how many of its dates were unreadable
            print(result.keep_note)
        sys.stdout.flush()
    except BrokenPipeError:  # whatever read the summary has gone (`dedup-cli ... | head -1`): the files are written
        _silence_stdout()
    return EXIT_OK


def _silence_stdout() -> None:
    """Standard output to the null device: the pipe it wrote to is closed, and the interpreter would otherwise
    report the failed flush of what is left in its buffer as it exits."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _no_text_note(table, columns: list[str], sheet: str | None) -> list[str]:
    """What to tell the user when the column guessed for them (no ``--column``) holds no text - numbers or empty
    cells alone: most often a workbook whose first sheet is not the table (a sheet of notes before the data),
    read because no ``--sheet`` was given. Nothing when it holds text."""
    if not columns or any(table.holds_text(c) for c in columns):
        return []
    where = f"sheet {table.sheet!r}" if table.sheet else "the file"
    note = f"no column of {where} holds text (column {columns[0]!r} was read: numbers or empty cells)"
    others = [s for s in table.sheet_names if s != table.sheet]
    if others and sheet is None:
        note += f"; the workbook's other sheets: {', '.join(others)} (--sheet chooses one, --column a column)"
    else:
        note += "; --column chooses the column"
    return [note]


def _warn(bar: _ProgressBar, notes: list[tuple[str, str]], label: str = "warning: ") -> None:
    """One line per note on stderr: what the user must know although the run succeeded - or, with ``label`` "",
    what they may like to know of a file written (``core.errors.Info``), said without the word "warning"."""
    if not notes:
        return
    bar.close()
    for name, note in notes:
        text = " ".join(str(note).split())  # one line, whatever the note holds
        print(f"dedup-cli: {label}{name + ': ' if name else ''}{text}", file=sys.stderr)


def _fail(bar: _ProgressBar, message: str) -> int:
    bar.close()
    print("dedup-cli: " + " ".join(message.split()), file=sys.stderr)
    return EXIT_BAD_INPUT


def _internal_error_line(e: BaseException) -> str:
    """What the user is told of an error in dedup-cli itself: what it was, that no file was left half-written
    (every output is written to a temporary file and renamed when complete), and where its traceback was saved."""
    import tempfile
    import traceback

    what = f"{type(e).__name__}: {e}".strip().rstrip(":")
    try:
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", prefix="dedup-cli-error-", suffix=".txt", delete=False
        ) as f:
            f.write(traceback.format_exc())
        saved = f"; the details are in {f.name} (please send them with a report)"
    except OSError:
        saved = ""
    return f"dedup-cli failed ({what}); no file was left half-written{saved}"


def _os_error_line(e: OSError, fallback: Path) -> str:
    """An OSError the readers and writers did not turn into a message: the file it names and the cause."""
    from .core.io.atomic import describe_os_error

    name = e.filename if e.filename is not None else fallback
    return f"{name}: {describe_os_error(e)}"


def main() -> None:
    own_process()
    hold_to_the_end()
    exit_now(run())


def hold_to_the_end() -> None:
    """``run`` keeps what its job made to the end of the process (``_held``): for a process that ends with its job
    (``exit_now``), never for a caller that goes on (a script, the tests)."""
    global _hold_to_the_end
    _hold_to_the_end = True


def own_process() -> None:
    """What the console script sets before its job, the process being its own (not so for a script or a test
    calling ``run``): the engine may fork a second process for work that holds the interpreter lock
    (``core.parallel.in_two_processes``)."""
    from .core.parallel import allow_forked_work

    allow_forked_work()


def exit_now(code: int) -> NoReturn:
    """End the process with ``code`` once its output is flushed and its exit handlers have run, without tearing
    the interpreter down: every file is written, closed and renamed into place by then, and freeing the rows, the
    engine's arrays and every module one object at a time only keeps the user waiting for the prompt (0.25 s of
    a 1.9 s job on 100k short texts; measured, alternating)."""
    import atexit

    run_handlers = getattr(atexit, "_run_exitfuncs", None)
    if run_handlers is None:  # (not CPython: let the interpreter end as usual)
        sys.exit(code)
    run_handlers()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe or stream: nothing more can be told
        pass
    os._exit(code)


if __name__ == "__main__":
    main()
