"""Short real sentences (LCQMC questions): one-character edits must be found, different sentences must not merge.

Negatives are LCQMC pairs (same intent or not) whose letters differ by 3+ edits: paraphrases and look-alike
questions, which are different sentences. Pairs 1-2 edits apart are left out of the negatives: whether such a
pair is a typo or a different question ("今天几号" / "明天几号") cannot be told from the text, so removing one
is judged grey.
"""

from __future__ import annotations

import random
import re

import numpy as np

from . import corpora, textsim
from .labels import DUP, GREY, NOT, Judge, LabelledSet, groups_from_pairs

_CJK = re.compile(r"[\u4e00-\u9fff]")


class ShortJudge(Judge):
    def __init__(self, groups, compact, negatives):
        super().__init__(groups)
        self.compact, self.negatives = compact, negatives

    def __call__(self, i: int, j: int) -> str:
        if (min(i, j), max(i, j)) in self.negatives:
            return NOT
        if self.groups[i] == self.groups[j]:
            return DUP
        return GREY if textsim.edit_distance(self.compact[i], self.compact[j]) <= 2 else NOT

    def why(self, i: int, j: int) -> str:
        d = textsim.edit_distance(self.compact[i], self.compact[j])
        return f"{'same group' if self.groups[i] == self.groups[j] else 'different sentences'}, {d} edits apart"


def one_char_edit(text: str, rng: random.Random, pool: str) -> str:
    positions = [i for i, ch in enumerate(text) if _CJK.match(ch)]
    i = rng.choice(positions)
    op = rng.random()
    if op < 0.6:
        return text[:i] + rng.choice([c for c in pool if c != text[i]] or pool) + text[i + 1 :]
    if op < 0.8:
        return text[:i] + text[i + 1 :]
    return text[:i] + rng.choice(pool) + text[i:]


def short_sentences(n_pairs: int = 1500, n_edits: int = 800, seed: int = 5) -> LabelledSet:
    rng = random.Random(seed)
    pairs = [
        (a, b, y) for a, b, y in corpora.lcqmc() if textsim.edit_distance(textsim.compact(a), textsim.compact(b)) >= 3
    ]
    pairs = rng.sample(pairs, min(n_pairs, len(pairs)))
    index: dict[str, int] = {}
    texts: list[str] = []
    negatives = set()
    for a, b, _ in pairs:
        ids = []
        for s in (a, b):
            key = textsim.compact(s)
            if key not in index:
                index[key] = len(texts)
                texts.append(s)
            ids.append(index[key])
        if ids[0] != ids[1]:
            negatives.add((min(ids), max(ids)))
    groups = list(range(len(texts)))
    kinds, refs = [""] * len(texts), [-1] * len(texts)
    pool = "".join(sorted({c for t in texts for c in t if _CJK.match(c)}))
    eligible = [k for k, t in enumerate(texts) if len(_CJK.findall(t)) >= 4]
    for k in rng.sample(eligible, min(n_edits, len(eligible))):
        variant = one_char_edit(texts[k], rng, pool)
        if textsim.compact(variant) in index:
            continue
        index[textsim.compact(variant)] = len(texts)
        texts.append(variant)
        groups.append(groups[k])
        kinds.append("1-character edit")
        refs.append(k)
    order = list(range(len(texts)))
    rng.shuffle(order)
    new = {old: k for k, old in enumerate(order)}
    group_arr = np.array([groups[o] for o in order], dtype=np.int64)
    compact = [textsim.compact(texts[o]) for o in order]
    negatives = {(min(new[a], new[b]), max(new[a], new[b])) for a, b in negatives}
    return LabelledSet(
        name="short-sentences",
        texts=[texts[o] for o in order],
        groups=group_arr,
        judge=ShortJudge(group_arr, compact, negatives),
        how=f"{len(pairs)} LCQMC question pairs 3+ edits apart (hard negatives: paraphrases and look-alikes) and "
        f"a one-character edit (substitute/delete/insert) of {sum(1 for k in kinds if k)} of the sentences; "
        "other pairs 1-2 edits apart are grey",
        ids=[f"lcqmc:{o}" for o in order],
        kinds=[kinds[o] for o in order],
        refs=[new[refs[o]] if refs[o] >= 0 else -1 for o in order],
        hard_negatives=sorted(negatives),
    )


class NearJudge(Judge):
    def __init__(self, groups, negatives):
        super().__init__(groups)
        self.negatives = negatives

    def __call__(self, i: int, j: int) -> str:
        if (min(i, j), max(i, j)) in self.negatives:
            return NOT
        return DUP if self.groups[i] == self.groups[j] else GREY

    def why(self, i: int, j: int) -> str:
        if (min(i, j), max(i, j)) in self.negatives:
            return "LCQMC: asks something else"
        return "LCQMC: asks the same" if self.groups[i] == self.groups[j] else "no label"


def short_near_pairs(max_edits: int = 2) -> LabelledSet:
    """Every LCQMC question pair at most ``max_edits`` letters or digits apart, labelled by LCQMC itself: asks the
    same (a copy with a small edit: a duplicate) or asks something else (another question, however close:
    "她是什么性格的人" / "他是什么性格的人", "驾照考试科目四" / "科目一", "形容说话的成语" / "形容不说话的成语").
    Pairs LCQMC does not label are grey. The labels are LCQMC's own, made by people for question matching, never
    from what an algorithm found; they measure what the short-sentences set leaves grey."""
    index: dict[str, int] = {}
    texts: list[str] = []
    same: list[tuple[int, int]] = []
    negatives: set[tuple[int, int]] = set()
    for a, b, y in corpora.lcqmc():
        ca, cb = textsim.compact(a), textsim.compact(b)
        if not 1 <= textsim.edit_distance(ca, cb) <= max_edits:
            continue
        ids = []
        for s, key in ((a, ca), (b, cb)):
            if key not in index:
                index[key] = len(texts)
                texts.append(s)
            ids.append(index[key])
        if y:
            same.append((ids[0], ids[1]))
        else:
            negatives.add((min(ids), max(ids)))
    groups = groups_from_pairs(len(texts), same)
    # (a pair labelled both ways through other pairs - A same as B, B same as C, A not C - stays a negative)
    return LabelledSet(
        name="short-near-pairs",
        texts=texts,
        groups=groups,
        judge=NearJudge(groups, negatives),
        how=f"{len(same) + len(negatives)} LCQMC question pairs 1-{max_edits} letters apart, as LCQMC labels them: "
        f"{len(same)} ask the same (duplicates), {len(negatives)} ask something else (must not merge)",
        ids=[f"lcqmc-near:{k}" for k in range(len(texts))],
        kinds=["" for _ in texts],
        refs=[-1 for _ in texts],
        hard_negatives=sorted(negatives),
    )
