"""dedup-spark: the desktop engine's dedup as a Spark job. Exit 0 on success, 1 when interrupted, 2 on bad input,
usage or a failed job - always with one line saying why.

    dedup-spark INPUT... --column C [--algorithm ngram|simhash|nshash] [--threshold X] [--n N]
                [--mode strict|linked] [--keep POLICY] --output DIR [--format parquet|csv]
                [--master URL] [--conf key=value ...] [--id-column C]

Runs on ``local[*]`` by default, and unchanged under ``spark-submit path/to/dedup_gui/spark/cli.py ...`` (imports
are absolute so the file runs as a script), where the cluster's master and settings hold. The options of the desktop
engine (``--min-similarity``, ``--excerpts``, ``--boilerplate-docs``...) are generated from ``Settings`` as
``dedup-cli`` generates them, so the two commands accept the same settings with the same defaults.
"""

from __future__ import annotations

import argparse
import re
import sys

from dedup_gui.core.algorithms.registry import ALGORITHMS
from dedup_gui.core.errors import DedupError
from dedup_gui.core.settings import CLUSTER_MODES, KEEP_POLICIES, NormaliseOptions, Settings, option_fields

EXIT_OK, EXIT_INTERRUPTED, EXIT_FAILED = 0, 1, 2
PROG = "dedup-spark"


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, not argparse's usage dump
        raise _UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    defaults = Settings()
    p = _Parser(prog=PROG, description="Find near-duplicate texts in Parquet, CSV or JSON-lines data with Spark.")
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="file or folder (any URI Spark reads)")
    p.add_argument("--column", action="append", required=True, metavar="C",
                   help="text column; repeat to join several (title and body), as dedup-cli does")  # fmt: skip
    p.add_argument("--output", required=True, metavar="DIR", help="new folder: rows/, clusters/, summary.json")
    p.add_argument("--format", choices=("parquet", "csv"), default="parquet", help="output format (default parquet)")
    p.add_argument("--algorithm", choices=list(ALGORITHMS), default=defaults.algorithm)
    p.add_argument("--threshold", type=float, metavar="X", help="algorithm threshold (default per algorithm)")
    p.add_argument("--n", type=int, metavar="N", help="algorithm n (default per algorithm)")
    p.add_argument("--mode", choices=CLUSTER_MODES, default=defaults.mode)
    p.add_argument("--keep", default=defaults.keep, metavar="|".join(KEEP_POLICIES), help="max:COLUMN, min:COLUMN too")
    p.add_argument("--id-column", metavar="C", help="unique row ids: dup_of then names the kept row by its id")
    p.add_argument(
        "--status", action="store_true", help="rows/ with dup_status too: Kept, Removed, Kept to check, Not a duplicate"
    )
    p.add_argument("--date-column", metavar="C", help="keep original: read dates here (default: found as desktop)")
    p.add_argument("--input-format", choices=("parquet", "csv", "json"), help="default: from the input's name")
    p.add_argument("--delimiter", metavar="D", help="CSV field delimiter (default , and tab for .tsv)")
    p.add_argument("--encoding", default="UTF-8", help="CSV encoding (default UTF-8)")
    p.add_argument("--master", metavar="URL", help="Spark master (default local[*]; spark-submit's when submitted)")
    p.add_argument("--conf", action="append", default=[], metavar="KEY=VALUE", help="a Spark setting; repeatable")
    for f in option_fields():
        flag = f.metadata.get("cli")
        if not flag:
            continue
        default = getattr(defaults, f.name)
        if isinstance(default, bool):
            p.add_argument(flag, dest=f.name, action=argparse.BooleanOptionalAction, default=default,
                           help=f.metadata["help"])  # fmt: skip
        else:
            lo, hi = f.metadata["range"]
            p.add_argument(flag, dest=f.name, type=type(default), default=default,
                           help=f"{f.metadata['help']} ({lo:g}-{hi:g}, default {default:g})")  # fmt: skip
    p.add_argument("--boilerplate", action="append", default=[], metavar="REGEX", help="drop matching lines first")
    p.add_argument("--no-html", action="store_true", help="do not strip HTML before comparing")
    p.add_argument("--keep-quoted", action="store_true", help="compare lines quoted with '>' too (ignored by default)")
    return p


def settings_from(args: argparse.Namespace) -> Settings:
    options = {f.name: getattr(args, f.name) for f in option_fields() if hasattr(args, f.name)}
    options.update(mode=args.mode, keep=args.keep)
    settings = Settings(
        algorithm=args.algorithm,
        threshold=args.threshold,
        n=args.n,
        normalise=NormaliseOptions(
            strip_html=not args.no_html, drop_quoted=not args.keep_quoted, boilerplate_patterns=tuple(args.boilerplate)
        ),
        **options,
    )
    try:
        settings.validate()
        from dedup_gui.core.text import validate_patterns

        validate_patterns(tuple(args.boilerplate))
    except ValueError as e:
        raise _UsageError(str(e)) from None
    return settings


def _conf(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise _UsageError(f"--conf wants KEY=VALUE, not {pair!r}")
        out[key.strip()] = value
    return out


def run(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        settings = settings_from(args)
        conf = _conf(args.conf)
    except _UsageError as e:
        return _fail(str(e))
    try:
        from dedup_gui.spark.job import JobSpec
        from dedup_gui.spark.job import run as run_job
        from dedup_gui.spark.rows import InputOptions
        from dedup_gui.spark.session import spark_session
    except ImportError as e:
        missing = (e.name or "pyspark").split(".")[0]
        return _fail(f"needs pyspark and pyarrow ({missing} is missing): pip install 'dedup-gui[spark]'")
    spec = JobSpec(
        inputs=args.inputs,
        columns=args.column,
        settings=settings,
        output=args.output,
        out_format=args.format,
        id_column=args.id_column,
        date_column=args.date_column,
        input_options=InputOptions(args.input_format, args.delimiter, args.encoding),
        status=args.status,
    )
    try:
        spark = spark_session(args.master, conf)
    except Exception as e:  # no Java, a bad master URL...
        return _fail(f"could not start Spark (Java 17+ on PATH or JAVA_HOME?): {_one_line(e)}")
    try:
        summary = run_job(spark, spec)
    except DedupError as e:
        return _fail(str(e))
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; the output folder may be incomplete", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as e:  # a Spark failure: the first line of its message, not a JVM stack trace
        return _fail(f"the Spark job failed: {_one_line(e)}")
    finally:
        spark.stop()
    print(summary.line())
    print(summary.check_line())
    return EXIT_OK


def _one_line(e: BaseException) -> str:
    """The line that says what went wrong: for an error raised in a Python worker, the traceback's last line."""
    lines = [line.strip() for line in str(e).splitlines() if line.strip()]
    raised = [line for line in lines if re.match(r"^[\w.]+(Error|Exception|Exit)\b.*:", line)]
    if "Traceback" in str(e) and raised:
        return raised[-1][:500]
    return (lines[0] if lines else type(e).__name__)[:500]


def _fail(message: str) -> int:
    print(f"{PROG}: " + " ".join(message.split()), file=sys.stderr)
    return EXIT_FAILED


def main() -> None:
    sys.exit(run())


if __name__ == "__main__":
    main()
