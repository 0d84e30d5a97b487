"""Quality on real text: precision, recall, F1 and wrong removals per algorithm on labelled sets from real corpora.

    python -m benchmarks.eval_real                              # every set, every algorithm, at defaults
    python -m benchmarks.eval_real --sets sina-reposts,short-sentences --algorithms ngram
    python -m benchmarks.eval_real --set threshold=0.6 --set mode=linked       # any Settings field, all algorithms
    python -m benchmarks.eval_real --set ngram.threshold=0.7                     # one algorithm only
    python -m benchmarks.eval_real --show-labels sina-recrawl --sample 20        # read labels by hand

The corpora are read in place from ../shared/eval/raw (research use; never copied into the repository). A set
whose corpus is absent is reported as skipped and the command still exits 0. Labels never come from the engine:
see benchmarks/real/ and the "Quality on real text" section of benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import math
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

ALGORITHMS = ("simhash", "nshash", "ngram")
REPO = Path(__file__).resolve().parents[1]


class UsageError(Exception):
    pass


# -- settings from the command line ----------------------------------------------------------------------------


def _value(text: str):
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_overrides(items: list[str]) -> tuple[dict, dict[str, dict]]:
    """``key=value`` items -> (for every algorithm, per algorithm). ``simhash.threshold=4`` targets one."""
    common: dict = {}
    per_algo: dict[str, dict] = {a: {} for a in ALGORITHMS}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--set {item!r}: expected key=value")
        head, _, rest = key.partition(".")
        if head in ALGORITHMS and rest:
            per_algo[head][rest] = _value(raw)
        else:
            common[key] = _value(raw)
    return common, per_algo


def build_settings(algorithm: str, overrides: dict):
    """Settings(algorithm=..., **overrides); dotted keys set a field of a nested dataclass (normalise.casefold)."""
    from dedup_gui.core.settings import Settings

    fields = {f.name: f for f in dataclasses.fields(Settings)}
    kw: dict = {"algorithm": algorithm}
    nested: dict[str, dict] = {}
    for key, value in overrides.items():
        name, _, sub = key.partition(".")
        if name not in fields:
            raise UsageError(f"--set {key}: Settings has no field {name!r} (fields: {', '.join(fields)})")
        if sub:
            nested.setdefault(name, {})[sub] = value
        else:
            kw[name] = tuple(value) if isinstance(value, list) else value
    for name, subs in nested.items():
        base = kw.get(name) or _default(fields[name])
        if not dataclasses.is_dataclass(base):
            raise UsageError(f"--set {name}.…: Settings.{name} is not a group of options")
        known = {f.name for f in dataclasses.fields(base)}
        unknown = set(subs) - known
        if unknown:
            raise UsageError(f"--set {name}.{sorted(unknown)[0]}: no such option (options: {', '.join(sorted(known))})")
        kw[name] = dataclasses.replace(base, **{k: tuple(v) if isinstance(v, list) else v for k, v in subs.items()})
    try:
        settings = Settings(**kw)
        settings = settings.resolved() if hasattr(settings, "resolved") else settings
        if hasattr(settings, "validate"):
            settings.validate()
        return settings
    except (TypeError, ValueError, KeyError) as exc:
        raise UsageError(f"settings for {algorithm} refused: {exc}") from exc


def _default(f: dataclasses.Field):
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return None


def describe(settings) -> str:
    """The fields that differ from Settings(algorithm) defaults, plus threshold and n."""
    from dedup_gui.core.settings import Settings

    base = Settings(algorithm=settings.algorithm)
    parts = [f"threshold={getattr(settings, 'threshold', None)}", f"n={getattr(settings, 'n', None)}"]
    for f in dataclasses.fields(settings):
        mine, default = getattr(settings, f.name), getattr(base, f.name)
        if f.name in ("algorithm", "threshold", "n") or mine == default:
            continue
        if dataclasses.is_dataclass(mine):
            parts += [
                f"{f.name}.{g.name}={getattr(mine, g.name)!r}"
                for g in dataclasses.fields(mine)
                if getattr(mine, g.name) != getattr(default, g.name)
            ]
        else:
            parts.append(f"{f.name}={mine!r}")
    return ", ".join(parts)


# -- formatting ------------------------------------------------------------------------------------------------


def _pct(x: float) -> str:
    return "–" if math.isnan(x) else f"{x:.3f}"


def _secs(s: float) -> str:
    return f"{s:.2f} s" if s < 10 else f"{s:.1f} s"


def markdown(rows: list[list[str]], header: list[str], right_from: int = 2) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    align = [":--" if i < right_from else "--:" for i in range(len(header))]
    lines = ["| " + " | ".join(str(h).ljust(w) for h, w in zip(header, widths, strict=True)) + " |"]
    lines.append(
        "|"
        + "|".join(
            a.rjust(w + 2, "-") if a == "--:" else a.ljust(w + 2, "-") for a, w in zip(align, widths, strict=True)
        )
        + "|"
    )
    for r in rows:
        cells = [
            str(c).ljust(w) if i < right_from else str(c).rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def results_table(outcomes) -> str:
    header = [
        "set",
        "algorithm",
        "rows",
        "labelled dup rows",
        "hard-neg. pairs",
        "removals",
        "right",
        "wrong",
        "grey",
        "precision",
        "recall",
        "F1",
        "hard neg. merged",
        "time",
    ]
    rows = [_stopped_row(o) if getattr(o, "stopped", None) else _result_row(o) for o in outcomes]
    return markdown(rows, header)


def _stopped_row(o) -> list[str]:
    dash = ["–"] * 8
    return [o.set_name, o.algorithm, f"{o.rows:,}", f"{o.expected:,}", f"{o.hard_negatives:,}", *dash, o.stopped]


def _result_row(o) -> list[str]:
    return [
        o.set_name,
        o.algorithm,
        f"{o.rows:,}",
        f"{o.expected:,}",
        f"{o.hard_negatives:,}",
        f"{o.removals:,}",
        f"{o.right:,}",
        f"{o.wrong:,}",
        f"{o.grey:,}",
        _pct(o.precision),
        _pct(o.recall),
        _pct(o.f1),
        f"{o.hard_negatives_merged:,}",
        _secs(o.seconds),
    ]


def kinds_table(outcomes) -> str:
    by_set: dict[tuple[str, str], dict[str, tuple[int, int]]] = {}
    algos: list[str] = []
    for o in outcomes:
        algos += [o.algorithm] if o.algorithm not in algos else []
        for kind, (n, found) in o.kinds.items():
            by_set.setdefault((o.set_name, kind), {})[o.algorithm] = (n, found)
    if not by_set:
        return ""
    rows = []
    for (name, kind), per in by_set.items():
        n = next(iter(per.values()))[0]
        cells = [f"{per[a][1]}/{n} ({per[a][1] / n:.0%})" if a in per else "–" for a in algos]
        rows.append([name, kind, f"{n:,}", *cells])
    return markdown(
        rows, ["set", "rows of this kind", "rows", *[f"{a}: clustered with its reference" for a in algos]], 2
    )


# -- the run ---------------------------------------------------------------------------------------------------


def engine_commit() -> str:
    def git(*args: str) -> str:
        try:
            return subprocess.run(
                ["git", "-C", str(REPO), *args], capture_output=True, text=True, timeout=20
            ).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""

    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--", "dedup_gui")
    return f"{commit} (plus uncommitted changes in dedup_gui/)" if dirty else commit


def warm_up(settings) -> None:
    """Load dictionaries and worker code once, so the first timed set does not pay for them."""
    from dedup_gui.core.pipeline import Pipeline

    Pipeline(["预热用的一段中文文字，足够长以便分句和分词。", "warm up text for the engine", ""] * 2).run(settings)


def evaluate(names, algorithms, settings_of, refresh, log, timeout: float | None = None) -> list:
    from .real import corpora, registry, score

    outcomes = []
    for name in names:
        corpus = registry.SETS[name][0]
        why = corpora.missing(corpus)
        if why:
            log(f"skipped {name}: {why}")
            continue
        ls = registry.load(name, refresh=refresh)
        log(f"{name}: {len(ls.texts):,} rows, {ls.expected_removals:,} labelled duplicate rows — {ls.how}")
        for algo in algorithms:
            try:
                o = score.score(ls, algo, settings_of[algo], timeout)
            except score.TimedOut as exc:
                log(f"  {algo}: {exc}")
                o = score.Outcome(name, algo, len(ls.texts), ls.expected_removals, len(ls.hard_negatives))
                o.seconds, o.stopped = exc.seconds, str(exc)
                o.labelled_set = ls
                outcomes.append(o)
                continue
            log(
                f"  {algo}: {o.removals:,} removals, {o.wrong:,} wrong, P {_pct(o.precision)} R {_pct(o.recall)} "
                f"({_secs(o.seconds)})"
            )
            o.labelled_set = ls
            outcomes.append(o)
    return outcomes


def show_wrong(outcomes, n: int, with_text: bool) -> str:
    lines = []
    for o in outcomes:
        if not o.wrong_pairs or n <= 0:
            continue
        ls = o.labelled_set
        lines.append(f"\n{o.set_name} / {o.algorithm}: {o.wrong} wrong removals, e.g.")
        for r, k, sim in sorted(o.wrong_pairs, key=lambda p: p[2])[:n]:
            lines.append(
                f"  removed {ls.ids[r]} as a copy of {ls.ids[k]} (engine similarity {sim:.2f}; {ls.judge.why(r, k)})"
            )
            if with_text:
                lines.append(f"      removed: {_snippet(ls.texts[r])}")
                lines.append(f"      kept:    {_snippet(ls.texts[k])}")
    return "\n".join(lines)


def _snippet(text: str, width: int = 90) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= 2 * width else f"{flat[:width]} … {flat[-width // 2 :]}"


def sina_report(outcomes, n_examples: int, with_text: bool) -> str:
    """Removals on the whole Sina corpus whose raw texts are < 50 % alike by rapidfuzz's Indel ratio."""
    from .real import corpora, textsim

    natural = [o for o in outcomes if o.set_name == "sina-natural"]
    if not natural:
        return ""
    recs = corpora.sina()
    rows, examples = [], []
    for o in natural:
        ls = o.labelled_set
        scored = []
        for r, k, sim in o.removal_pairs:
            ratio = textsim.indel_ratio(ls.texts[r], ls.texts[k])
            scored.append((ratio, r, k, sim))
        low = sorted(s for s in scored if s[0] < 0.5)
        verdicts = Counter(ls.judge(r, k) for _, r, k, _ in low)
        rows.append(
            [
                o.algorithm,
                f"{o.removals:,}",
                f"{len(low):,}",
                f"{verdicts['dup']:,}",
                f"{verdicts['grey']:,}",
                f"{verdicts['not']:,}",
                f"{min((s[0] for s in scored), default=float('nan')):.2f}",
            ]
        )
        for ratio, r, k, sim in low[:n_examples]:
            a, b = recs[r], recs[k]
            text = f" «{a['title'][:40]}» vs «{b['title'][:40]}»" if with_text else ""
            examples.append(
                f"  {o.algorithm}: removed sina:{r} ({a['folder']}) as a copy of sina:{k} ({b['folder']}): "
                f"Indel {ratio:.2f}, engine similarity {sim:.2f}, {ls.judge.why(r, k)}{text}"
            )
    table = markdown(
        rows,
        [
            "algorithm",
            "removals",
            "Indel ratio < 0.5",
            "of these: labelled duplicates",
            "grey",
            "not duplicates",
            "lowest Indel ratio",
        ],
        1,
    )
    return table + ("\n\nLowest examples:\n" + "\n".join(examples) if examples else "")


def show_labels(name: str, sample: int, seed: int, refresh: bool) -> None:
    """Random labelled pairs to read by hand: positives from the groups, then hard negatives, then grey ones."""
    from .real import corpora, registry

    why = corpora.missing(registry.SETS[name][0])
    if why:
        print(f"skipped {name}: {why}")
        return
    ls = registry.load(name, refresh=refresh)
    rng = random.Random(seed)
    members: dict[int, list[int]] = {}
    for row, g in enumerate(ls.groups.tolist()):
        members.setdefault(g, []).append(row)
    multi = [m for m in members.values() if len(m) > 1]
    print(f"{name}: {len(ls.texts):,} rows, {len(multi):,} duplicate groups, {len(ls.hard_negatives):,} hard negatives")
    for title, pairs in (
        ("POSITIVE", [tuple(rng.sample(m, 2)) for m in rng.sample(multi, min(sample, len(multi)))]),
        ("HARD NEGATIVE", rng.sample(ls.hard_negatives, min(sample, len(ls.hard_negatives)))),
    ):
        for a, b in pairs:
            print(f"\n=== {title} {ls.ids[a]} | {ls.ids[b]} — judge: {ls.judge(a, b)} ({ls.judge.why(a, b)})")
            for row in (a, b):
                print(f"  [{ls.ids[row]}] {len(ls.texts[row]):,} chars: {_snippet(ls.texts[row], 160)}")


def main(argv: list[str] | None = None) -> int:
    from .real import registry

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default=",".join(registry.SETS), help=f"comma list of {', '.join(registry.SETS)}")
    ap.add_argument("--algorithms", default=",".join(ALGORITHMS))
    ap.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="override a Settings field (JSON values); prefix with an algorithm to target it only",
    )
    ap.add_argument("--examples", type=int, default=3, help="wrong removals to list per set and algorithm")
    ap.add_argument("--no-text", action="store_true", help="list ids only, no titles or excerpts (for the README)")
    ap.add_argument("--refresh", action="store_true", help="rebuild the cached sets")
    ap.add_argument("--timeout", type=float, default=600, help="stop one engine run after this many seconds (0: none)")
    ap.add_argument("--show-labels", metavar="SET", help="print random labelled pairs of SET to check by reading")
    ap.add_argument("--sample", type=int, default=15)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    try:
        import rapidfuzz  # noqa: F401
    except ImportError:
        print("error: the real-text evaluation needs rapidfuzz (pip install -e '.[bench]')", file=sys.stderr)
        return 2
    if args.show_labels:
        if args.show_labels not in registry.SETS:
            print(f"error: unknown set {args.show_labels!r} (sets: {', '.join(registry.SETS)})", file=sys.stderr)
            return 2
        show_labels(args.show_labels, args.sample, args.seed, args.refresh)
        return 0
    names = [s.strip() for s in args.sets.split(",") if s.strip()]
    algorithms = [a.strip() for a in args.algorithms.split(",") if a.strip()]
    try:
        bad = [s for s in names if s not in registry.SETS] + [a for a in algorithms if a not in ALGORITHMS]
        if bad:
            raise UsageError(
                f"unknown set or algorithm {bad[0]!r} (sets: {', '.join(registry.SETS)}; "
                f"algorithms: {', '.join(ALGORITHMS)})"
            )
        common, per_algo = parse_overrides(args.overrides)
        settings_of = {a: build_settings(a, {**common, **per_algo[a]}) for a in algorithms}
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    for a in algorithms:
        warm_up(settings_of[a])
    outcomes = evaluate(names, algorithms, settings_of, args.refresh, log, args.timeout or None)
    stamp = dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    command = " ".join(["python -m benchmarks.eval_real", *(sys.argv[1:] if argv is None else argv)])
    print(f"Measured {stamp}, engine at commit {engine_commit()}. Command: `{command}`")
    print("Settings: " + "; ".join(f"{a}: {describe(s)}" for a, s in settings_of.items()) + "\n")
    if not outcomes:
        print("No set could be evaluated: the corpora are absent (see ../shared/eval/README.md).")
        return 0
    print(results_table(outcomes))
    kt = kinds_table(outcomes)
    if kt:
        print("\nRecall by kind of copy (a row counts when it is in the same cluster as its reference row):\n")
        print(kt)
    report = sina_report(outcomes, args.examples, not args.no_text)
    if report:
        print(
            "\nWhole Sina corpus (12,461 articles): removals whose raw texts are < 50 % alike (rapidfuzz Indel "
            "ratio, 2·LCS / total length):\n"
        )
        print(report)
    wrong = show_wrong(outcomes, args.examples, not args.no_text)
    if wrong:
        print("\nWrong removals (ids are corpus ids; 'coverage' is the labelling rule's measure):" + wrong)
    return 0


if __name__ == "__main__":
    sys.exit(main())
