"""A peer's whole job, as a user's script does it: read the file with pandas, dedup, write the cleaned file.

    python -m benchmarks.peer_jobs --peer rensa INPUT.csv CLEANED.csv [--column text] [--timing T.json]

The cleaned file is the input's rows minus every row whose cluster holds an earlier row (the first row of each
cluster is kept; for the original nshash, a row is dropped when its own label points at an earlier row), written
with ``DataFrame.to_csv`` (``to_excel`` for an .xlsx output). ``--timing`` writes the seconds of each part (read,
dedup, write, and the peer's own stages) as JSON; the benchmark times the process itself from the outside.
"""

from __future__ import annotations

import argparse
import json
import time

T_START = time.perf_counter()

PEERS = ("rensa", "datasketch", "nshash-original", "jieba-simhash", "jieba-simhash-4x16")


def dedup(peer: str, texts: list[str]):
    from . import peers

    if peer == "rensa":
        return peers.rensa_lsh(texts)
    if peer == "datasketch":
        return peers.minhash_lsh(texts)
    if peer == "nshash-original":
        return peers.nshash_original(texts)
    if peer == "jieba-simhash":
        return peers.simhash_pypi(texts)
    if peer == "jieba-simhash-4x16":
        st, labels, pairs = peers.simhash_peers(texts)["simhash-4x16"]
        return st, labels, pairs
    raise ValueError(f"unknown peer {peer!r}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.peer_jobs", description=__doc__.split("\n")[0])
    ap.add_argument("--peer", required=True, choices=PEERS)
    ap.add_argument("--column", default="text")
    ap.add_argument("--timing", help="write the parts' seconds here (JSON)")
    ap.add_argument("input")
    ap.add_argument("output")
    args = ap.parse_args(argv)

    import numpy as np
    import pandas as pd

    t0 = time.perf_counter()
    if args.input.lower().endswith((".xlsx", ".xlsm", ".xls")):
        frame = pd.read_excel(args.input)
    else:
        frame = pd.read_csv(args.input)
    texts = frame[args.column].fillna("").astype(str).tolist()
    t1 = time.perf_counter()
    stages, labels, (a, _b) = dedup(args.peer, texts)
    keep = np.asarray(labels) == np.arange(len(texts))
    t2 = time.perf_counter()
    if args.output.lower().endswith(".xlsx"):
        frame[keep].to_excel(args.output, index=False)
    else:
        frame[keep].to_csv(args.output, index=False)
    t3 = time.perf_counter()
    if args.timing:
        with open(args.timing, "w", encoding="utf-8") as f:
            json.dump({"start": t0 - T_START, "read": t1 - t0, "dedup": t2 - t1, "write": t3 - t2,
                       "stages": stages, "pairs": len(a), "rows": len(texts), "removed": int((~keep).sum())},
                      f)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
