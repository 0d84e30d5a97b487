"""Readers for the five research corpora in ``../shared/eval/raw`` (read in place, never copied).

Each loader returns plain records (dicts) and is cached; ``missing(name)`` says why a corpus cannot be read.
"""

from __future__ import annotations

import csv
import datetime as dt
import gzip
import html
import json
import os
import re
from pathlib import Path

from .cache import cached

RAW = Path(os.environ.get("DEDUP_EVAL_RAW", Path(__file__).resolve().parents[3] / "shared" / "eval" / "raw"))

SOURCES = {
    "sina": RAW / "zh-sina-news-2018" / "sina_news_2018.jsonl.gz",
    "reuters": RAW / "en-reuters21578",
    "20ng": RAW / "en-20newsgroups-bydate" / "20news_bydate.jsonl.gz",
    "clough": RAW / "en-clough-stevenson-reuse",
    "lcqmc": RAW / "zh-lcqmc-pairs",
}


def missing(corpus: str) -> str | None:
    """None when the corpus can be read, else a one-line reason."""
    path = SOURCES[corpus]
    return None if path.exists() else f"{corpus}: not found at {path}"


def _files(corpus: str) -> list[Path]:
    path = SOURCES[corpus]
    return [p for p in path.rglob("*") if p.is_file()] if path.is_dir() else [path]


def sina() -> list[dict]:
    """12,461 records: id, folder, title, text (exactly as crawled)."""

    def build() -> list[dict]:
        with gzip.open(SOURCES["sina"], "rt", encoding="utf-8") as f:
            recs = [json.loads(line) for line in f]
        return [{k: r[k] for k in ("id", "folder", "title", "text")} for r in recs]

    return cached("sina", _files("sina"), build)


_REUTERS = re.compile(r"<REUTERS(.*?)>(.*?)</REUTERS>", re.S)


def _tag(inner: str, tag: str) -> str:
    m = re.search(rf"<{tag}>(.*?)</{tag}>", inner, re.S)
    return html.unescape(m.group(1)) if m else ""


def _reuters_time(s: str) -> float | None:
    try:
        return dt.datetime.strptime(s.strip().split(".")[0], "%d-%b-%Y %H:%M:%S").timestamp()
    except ValueError:
        return None


def reuters() -> list[dict]:
    """Stories with a body: newid, time (epoch seconds or None), title, body (control characters removed)."""

    def build() -> list[dict]:
        out = []
        for path in sorted(SOURCES["reuters"].glob("reut2-*.sgm")):
            for m in _REUTERS.finditer(path.read_text(encoding="latin-1")):
                attrs, inner = m.groups()
                body = re.sub(r"[\x00-\x08\x0b-\x1f]", "", _tag(inner, "BODY"))
                if not body.strip():
                    continue
                out.append(
                    {
                        "newid": int(re.search(r'NEWID="(\d+)"', attrs).group(1)),
                        "time": _reuters_time(_tag(inner, "DATE")),
                        "title": _tag(inner, "TITLE").strip(),
                        "body": body,
                    }
                )
        return out

    return cached("reuters", _files("reuters"), build)


def newsgroups() -> list[dict]:
    """18,846 posts: group, file_id, subject, body (the text after the header block)."""

    def build() -> list[dict]:
        out = []
        with gzip.open(SOURCES["20ng"], "rt", encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                head, _, body = r["text"].partition("\n\n")
                m = re.search(r"^Subject:(.*)$", head, re.M)
                out.append(
                    {
                        "group": r["newsgroup"],
                        "file_id": r["file_id"],
                        "subject": m.group(1).strip() if m else "",
                        "body": body,
                    }
                )
        return out

    return cached("20ng", _files("20ng"), build)


def _read_text(path: Path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def clough() -> list[dict]:
    """100 texts: file, task (a..e), category (orig, cut, light, heavy, non), text."""

    def build() -> list[dict]:
        root = SOURCES["clough"]
        with (root / "file_information.csv").open(encoding="utf-8") as f:
            info = list(csv.DictReader(f))
        return [
            {
                "file": r["File"],
                "task": r["Task"],
                "category": r["Category"],
                "text": _read_text(root / "files" / r["File"]),
            }
            for r in info
        ] + [
            {
                "file": f"orig_task{t}.txt",
                "task": t,
                "category": "orig",
                "text": _read_text(root / "files" / f"orig_task{t}.txt"),
            }
            for t in "abcde"
            if not any(r["File"] == f"orig_task{t}.txt" for r in info)
        ]

    return cached("clough", _files("clough"), build)


def lcqmc() -> list[tuple[str, str, int]]:
    """Question pairs (text_a, text_b, label) from dev and test."""

    def build() -> list[tuple[str, str, int]]:
        out = []
        for name in ("dev.txt.gz", "test.txt.gz"):
            with gzip.open(SOURCES["lcqmc"] / name, "rt", encoding="utf-8") as f:
                for line in f:
                    parts = line.rstrip("\n").split("\t")
                    if len(parts) == 3 and parts[2] in ("0", "1"):
                        out.append((parts[0], parts[1], int(parts[2])))
        return out

    return cached("lcqmc", _files("lcqmc"), build)
