"""Formatting: markdown tables (readable in a terminal and in benchmarks/README.md), the machine description,
and rewriting the results section of the README."""

from __future__ import annotations

import datetime as dt
import os
import platform
import re
from pathlib import Path

import psutil

README = Path(__file__).resolve().parent / "README.md"
BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"


def table(header: list[str], rows: list[list[object]]) -> str:
    cells = [[_cell(c) for c in r] for r in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(header)]

    def line(values):
        return (
            "| "
            + " | ".join(
                v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(values, widths, strict=True))
            )
            + " |"
        )  # noqa: E501

    sep = "|" + "|".join("-" * (w + 1) + ":" if i else ":" + "-" * (w + 1) for i, w in enumerate(widths)) + "|"
    return "\n".join([line(header), sep, *(line(r) for r in cells)])


def _cell(v: object) -> str:
    if v is None:
        return "–"
    if isinstance(v, float):
        if v != v:
            return "–"
        if abs(v) >= 100:
            return f"{v:,.0f}"
        if abs(v) >= 10:
            return f"{v:.1f}"
        return f"{v:.2f}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def secs(v: float | None) -> str:
    if v is None:
        return "–"
    if v < 0.01:
        return f"{v * 1000:.1f} ms"
    return _cell(float(v)) + " s"


def mib(v: float | None) -> str:
    return "–" if v is None else f"{v / 2**20:,.0f} MiB"


def pct(v: float | None) -> str:
    return "–" if v is None else f"{100 * v:.1f} %"


def ratio(v: float | None) -> str:
    return "–" if v is None or v != v else f"{v:.1f}×"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = psutil.virtual_memory().total / 2**30
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (f"{platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} logical cores, {mem:.0f} GiB RAM, "
            f"Python {platform.python_version()}; load average at start {load}")  # fmt: skip


def today() -> str:
    return dt.datetime.now().strftime("%Y-%m-%d %H:%M")


def update_readme(markdown: str, label: str = "main") -> None:
    """Replace the README's block for ``label`` (one block per kind of run: the 100k run, a real corpus, ...)."""
    begin, end = f"<!-- results:{label}:begin -->", f"<!-- results:{label}:end -->"
    text = README.read_text(encoding="utf-8") if README.exists() else f"{BEGIN}\n{END}\n"
    block = f"{begin}\n{markdown.strip()}\n{end}"
    if begin in text and end in text:
        text = re.sub(re.escape(begin) + r".*?" + re.escape(end), lambda _m: block, text, flags=re.S)
    elif END in text:
        text = text.replace(END, block + "\n\n" + END)
    else:
        text += "\n" + block + "\n"
    README.write_text(text, encoding="utf-8")
