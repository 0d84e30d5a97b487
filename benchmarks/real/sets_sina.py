"""Labelled sets from the Sina news corpus: constructed reposts, natural re-crawls, the whole corpus.

Natural duplicates are found without the engine: candidate pairs are blocked on (a) identical cleaned bodies,
(b) identical headlines, (c) a shared rare sentence (20+ characters, in 2-10 articles); each candidate is then
labelled by the coverage rule (labels.coverage_rule) on the cleaned bodies. Same-headline pairs whose bodies
overlap (coverage >= 0.5) are re-crawls of one page: structural positives whatever their lengths.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from dataclasses import dataclass, replace

import numpy as np

from . import corpora, edits, textsim
from .cache import cached
from .labels import DUP, GREY, CoverageJudge, LabelledSet, coverage_rule, groups_from_pairs

MIN_LEN = 50  # cleaned characters; shorter bodies are too short to label by coverage
_SPLIT = re.compile(r"[。！？!?；;\n]")


@dataclass
class SinaIndex:
    clean: list[str]  # cleaned body per corpus id
    pairs: dict[tuple[int, int], tuple[str, float, float]]  # candidate pair -> (rule label, coverage, ratio)
    same_title: set[tuple[int, int]]  # structural re-crawl pairs


def _title_key(title: str) -> str:
    return re.sub(r"\s+", "", title)


def _candidates(recs: list[dict], clean: list[str]) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    blocks: dict[str, list[int]] = defaultdict(list)
    titles: dict[str, list[int]] = defaultdict(list)
    sentences: dict[str, set[int]] = defaultdict(set)
    for r in recs:
        i = r["id"]
        titles[_title_key(r["title"])].append(i)
        if len(clean[i]) >= MIN_LEN:
            blocks[clean[i]].append(i)
        for s in _SPLIT.split(textsim.clean_zh(r["text"].replace("。", "。\n"))):
            if len(s) >= 20:
                sentences[s].add(i)
    cands: set[tuple[int, int]] = set()
    same_title: set[tuple[int, int]] = set()
    for ids in titles.values():
        same_title |= {(a, b) for a in ids for b in ids if a < b}
    for ids in list(blocks.values()) + [sorted(v) for v in sentences.values() if 2 <= len(v) <= 10]:
        cands |= {(a, b) for a in ids for b in ids if a < b}
    return cands | same_title, same_title


def sina_index() -> SinaIndex:
    def build() -> SinaIndex:
        recs = corpora.sina()
        clean = [textsim.clean_zh(r["text"]) for r in recs]
        cands, same_title = _candidates(recs, clean)
        pairs = {}
        for a, b in cands:
            cov, ratio = textsim.coverage(clean[a], clean[b], textsim.ZH_L)
            short = min(len(clean[a]), len(clean[b])) < MIN_LEN
            pairs[(a, b)] = (coverage_rule(cov, ratio, short), cov, ratio)
        structural = {p for p in same_title if pairs[p][1] >= 0.5}
        return SinaIndex(clean, pairs, structural)

    return cached("sina-index", [corpora.SOURCES["sina"]], build)


def _judge(ix: SinaIndex, rows: list[int], groups: np.ndarray, trust_groups: bool) -> CoverageJudge:
    pos = {row: k for k, row in enumerate(rows)}
    structural = {(pos[a], pos[b]) for a, b in ix.same_title if a in pos and b in pos}
    units = [ix.clean[r] for r in rows]
    return CoverageJudge(groups, units, textsim.ZH_L, MIN_LEN, positives=structural, trust_groups=trust_groups)


def sina_natural() -> LabelledSet:
    recs = corpora.sina()
    ix = sina_index()
    dup_pairs = [p for p, (label, _, _) in ix.pairs.items() if label == DUP] + list(ix.same_title)
    groups = groups_from_pairs(len(recs), dup_pairs)
    return LabelledSet(
        name="sina-natural",
        texts=[r["text"] for r in recs],
        groups=groups,
        judge=_judge(ix, list(range(len(recs))), groups, trust_groups=False),
        how="whole corpus; natural duplicates blocked on identical bodies, headlines and rare shared sentences, "
        "labelled by the coverage rule; same-headline re-crawls structural",
        ids=[f"sina:{r['id']}" for r in recs],
    )


def sina_titles() -> LabelledSet:
    """The corpus's headlines alone - an editor deduplicating a sheet by its title column - labelled by their
    articles: two headlines are duplicates when their bodies are (the coverage rule on the bodies, as
    ``sina_natural``; same-headline re-crawls structural), and a removal of one headline for another is judged by
    the two bodies. The labels never read the headlines' own similarity: a series of notices ("天津外国语大学2019年
    硕士研究生招生简章" / "天津城建大学...") or of parts ("...（上）" / "（下）") has different bodies, a headline
    rewritten for a repost ("维密水晶秀服曝光" / "亮相") the same."""
    articles = sina_natural()
    return replace(
        articles,
        name="sina-titles",
        texts=[r["title"] for r in corpora.sina()],
        how="the 12,461 headlines alone, labelled by their articles' bodies (the coverage rule; same-headline "
        "re-crawls structural)",
    )


def sina_recrawl() -> LabelledSet:
    recs = corpora.sina()
    ix = sina_index()
    rows = [r["id"] for r in recs if r["folder"] in ("TechNews", "testTech")]
    pos = {row: k for k, row in enumerate(rows)}
    pairs = [(pos[a], pos[b]) for a, b in ix.same_title if a in pos and b in pos]
    groups = groups_from_pairs(len(rows), pairs)
    kinds, refs = [""] * len(rows), [-1] * len(rows)
    for a, b in pairs:
        tech, clean = (a, b) if recs[rows[a]]["folder"] == "TechNews" else (b, a)
        ratio = ix.pairs[(min(rows[a], rows[b]), max(rows[a], rows[b]))][2]
        kinds[clean] = "re-crawl, shorter >= 50 % of longer" if ratio >= 0.5 else "re-crawl, shorter < 50 % of longer"
        refs[clean] = tech
    return LabelledSet(
        name="sina-recrawl",
        texts=[recs[r]["text"] for r in rows],
        groups=groups,
        judge=_judge(ix, rows, groups, trust_groups=False),
        how="TechNews (page title, CSS, ad script kept) + testTech (clean text); the same headline in both folders "
        "= one page crawled twice; other pairs judged by the coverage rule",
        ids=[f"sina:{r}" for r in rows],
        kinds=kinds,
        refs=refs,
    )


def sina_reposts(bases: int = 1200, with_copies: int = 700, seed: int = 7) -> LabelledSet:
    recs = corpora.sina()
    ix = sina_index()
    touched = {i for p, (label, _, _) in ix.pairs.items() if label in (DUP, GREY) for i in p}
    touched |= {i for p in ix.same_title for i in p}
    pool = [
        r["id"]
        for r in recs
        if r["folder"] not in ("TechNews", "SportNews")
        and r["id"] not in touched
        and 200 <= len(ix.clean[r["id"]]) <= 5000
    ]
    rng = random.Random(seed)
    chosen = rng.sample(pool, min(bases, len(pool)))
    rows: list[tuple[str, int, str, str]] = []  # (text, base id, kind, row id)
    for n, base in enumerate(chosen):
        text, title = recs[base]["text"], recs[base]["title"]
        rows.append((text, base, "original", f"sina:{base}"))
        if n < with_copies:
            for c in range(rng.choice((1, 1, 2))):
                kind = rng.choice(edits.KINDS)
                rows.append((edits.make_variant(text, kind, rng, title), base, kind, f"sina:{base}+{kind}#{c}"))
    rng.shuffle(rows)
    base_row = {b: k for k, (_, b, kind, _) in enumerate(rows) if kind == "original"}
    groups = np.array([b for _, b, _, _ in rows], dtype=np.int64)
    units = [textsim.clean_zh(t) for t, _, _, _ in rows]
    judge = CoverageJudge(groups, units, textsim.ZH_L, MIN_LEN, trust_groups=True)
    return LabelledSet(
        name="sina-reposts",
        texts=[t for t, _, _, _ in rows],
        groups=groups,
        judge=judge,
        how=f"{len(chosen)} real articles without natural near-duplicates, {with_copies} of them reposted 1-2 times "
        "(header, footer, 0.5-2 % character edits, truncation to 50-100 %, HTML page, combinations); "
        "pairs across different articles judged by the coverage rule",
        ids=[rid for _, _, _, rid in rows],
        kinds=["" if kind == "original" else kind for _, _, kind, _ in rows],
        refs=[-1 if kind == "original" else base_row[b] for _, b, kind, _ in rows],
    )
