"""Which library writes new workbooks (annotated/cleaned exports of CSV input, reports): a measurement.

Each candidate writes the same table (text with CJK and error-looking strings, integers, floats, dates, empty
cells) as one sheet with a bold header, every string as a string. Each run is a fresh process, so the peak
resident memory (ru_maxrss) is that writer's alone.

    python -m benchmarks.xlsx_writers [--rows 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CANDIDATES = ("xlsxwriter", "openpyxl_write_only")


def make_rows(n: int) -> tuple[list[str], list[list[object]]]:
    rnd = random.Random(7)
    words = ["新闻", "记者", "报道", "今天", "市场", "经济", "发展", "政策", "#N/A", "=1+1", "000123", "emoji😀"]
    base = dt.datetime(2024, 1, 1)
    rows = []
    for i in range(n):
        text = "".join(rnd.choice(words) for _ in range(rnd.randint(40, 160)))
        rows.append([f"{i:06d}", text, i, rnd.random() * 1000, base + dt.timedelta(minutes=i), None if i % 7 else ""])
    return ["id", "text", "n", "score", "when", "note"], rows


def write_xlsxwriter(path: Path, columns, rows) -> None:
    import xlsxwriter

    wb = xlsxwriter.Workbook(
        str(path),
        {"constant_memory": True, "strings_to_formulas": False, "strings_to_numbers": False, "strings_to_urls": False},
    )
    ws = wb.add_worksheet("data")
    bold = wb.add_format({"bold": True})
    date = wb.add_format({"num_format": "yyyy-mm-dd hh:mm:ss"})
    ws.write_row(0, 0, columns, bold)
    for r, values in enumerate(rows, start=1):
        for c, v in enumerate(values):
            if v is None or v == "":
                continue
            if isinstance(v, str):
                ws.write_string(r, c, v)
            elif isinstance(v, dt.datetime):
                ws.write_datetime(r, c, v, date)
            else:
                ws.write_number(r, c, v)
    wb.close()


def write_openpyxl(path: Path, columns, rows) -> None:
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    wb = Workbook(write_only=True)
    ws = wb.create_sheet("data")
    bold = Font(bold=True)
    header = []
    for c in columns:
        cell = WriteOnlyCell(ws, value=c)
        cell.font = bold
        header.append(cell)
    ws.append(header)
    for values in rows:
        out = []
        for v in values:
            cell = WriteOnlyCell(ws, value=None if v == "" else v)
            if isinstance(v, str) and v:
                cell.data_type = "s"  # never a formula or an error value
            if isinstance(v, dt.datetime):
                cell.number_format = "yyyy-mm-dd hh:mm:ss"
            out.append(cell)
        ws.append(out)
    wb.save(path)


def one(name: str, n: int) -> dict:
    columns, rows = make_rows(n)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "out.xlsx"
        start = time.perf_counter()
        {"xlsxwriter": write_xlsxwriter, "openpyxl_write_only": write_openpyxl}[name](path, columns, rows)
        seconds = time.perf_counter() - start
        size = path.stat().st_size
    return {"seconds": seconds, "bytes": size, "maxrss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--rows", type=int, default=100_000)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--child", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        print(json.dumps(one(args.child, args.rows)))
        return
    print(f"{args.rows:,} rows x 6 columns, best of {args.repeat} fresh processes")
    print(f"{'writer':<22}{'seconds':>9}{'MiB file':>10}{'peak RSS MiB':>14}")
    for name in CANDIDATES:
        runs = []
        for _ in range(args.repeat):
            out = subprocess.run(
                [sys.executable, "-m", "benchmarks.xlsx_writers", "--child", name, "--rows", str(args.rows)],
                capture_output=True,
                text=True,
                check=True,
            )
            runs.append(json.loads(out.stdout))
        best = min(runs, key=lambda r: r["seconds"])
        peak = max(r["maxrss_mib"] for r in runs)
        print(f"{name:<22}{best['seconds']:>9.2f}{best['bytes'] / 2**20:>10.1f}{peak:>14.0f}")


if __name__ == "__main__":
    main()
