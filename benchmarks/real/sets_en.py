"""Labelled sets from English corpora: Reuters re-sent stories, 20 Newsgroups quoted replies, Clough-Stevenson.

Coverage here is over words (runs of ``textsim.EN_L`` words): character measures are meaningless on English,
where any two texts share most letters.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict

import numpy as np

from . import corpora, textsim
from .labels import DUP, GREY, NOT, CoverageJudge, Judge, LabelledSet, coverage_rule, groups_from_pairs

MIN_WORDS = 8
RESENT_HOURS = 48  # a story re-sent or corrected goes out again within two days
SERIES_HOURS = 72  # the same headline later is the next item of a series (daily balances, monthly estimates)

_TITLE_NOISE = re.compile(r"^\(?(CORRECTED|REPEAT|REFILED|UPDATE)\)?\s*-*\s*|\s+")


def _title_key(title: str) -> str:
    return _TITLE_NOISE.sub(" ", title.upper()).strip()


class ReutersJudge(CoverageJudge):
    """Same headline within 48 h and >= 80 % coverage: re-sent. Same headline 72 h+ apart: a different item of a
    templated series, never a duplicate (grey when the words are identical: no text method can tell them apart).
    Different headlines: grey when the bodies are near-identical within 48 h (a re-titled re-send), else not."""

    def __init__(self, groups, units, titles, times):
        super().__init__(groups, units, textsim.EN_L, MIN_WORDS)
        self.titles, self.times = titles, times

    def __call__(self, i: int, j: int) -> str:
        hours = abs(self.times[i] - self.times[j]) / 3600 if self.times[i] and self.times[j] else 1e9
        cov, ratio = textsim.coverage(self.units[i], self.units[j], self.size)
        short = min(len(self.units[i]), len(self.units[j])) < self.min_len
        rule = coverage_rule(cov, ratio, short)
        if self.titles[i] == self.titles[j] and self.titles[i]:
            if hours > SERIES_HOURS:
                # word-for-word the same text days apart: only the date tells them apart, and it is not in the text
                return GREY if self.units[i] == self.units[j] else NOT
            return rule if hours <= RESENT_HOURS else GREY if rule != NOT else NOT
        return GREY if rule == DUP and hours <= RESENT_HOURS else NOT

    def why(self, i: int, j: int) -> str:
        hours = abs(self.times[i] - self.times[j]) / 3600 if self.times[i] and self.times[j] else float("nan")
        same = "same headline" if self.titles[i] == self.titles[j] else "different headlines"
        return f"{same}, {hours:.0f} h apart; " + super().why(i, j)


def reuters_resent() -> LabelledSet:
    recs = corpora.reuters()
    titles = [_title_key(r["title"]) for r in recs]
    times = [r["time"] for r in recs]
    units = [textsim.words_en(r["body"]) for r in recs]
    by_title: dict[str, list[int]] = defaultdict(list)
    for i, t in enumerate(titles):
        if t:
            by_title[t].append(i)
    judge = ReutersJudge(np.arange(len(recs)), units, titles, times)
    positives, negatives = [], []
    for ids in by_title.values():
        for a in ids:
            for b in ids:
                if a < b:
                    verdict = judge(a, b)
                    (positives if verdict == DUP else negatives if verdict == NOT else []).append((a, b))
    groups = groups_from_pairs(len(recs), positives)
    judge.groups = groups
    return LabelledSet(
        name="reuters-resent",
        texts=[f"{r['title']}\n{r['body']}" for r in recs],
        groups=groups,
        judge=judge,
        how="all 19,043 stories with a body (headline + body); re-sent = same headline within 48 h and >= 80 % "
        "word-run coverage; same headline 72 h+ apart = next item of a templated series (hard negative)",
        ids=[f"reuters:{r['newid']}" for r in recs],
        hard_negatives=negatives,
    )


# -- 20 Newsgroups --------------------------------------------------------------------------------------------

_RE = re.compile(r"^(re\s*:\s*)+", re.I)
_ATTRIBUTION = re.compile(r"(writes|wrote|says)\s*:?\s*$", re.I)
_SPACES = re.compile(r"\s+")


def _norm_line(line: str) -> str:
    return _SPACES.sub(" ", line.strip()).lower()


def _split_quotes(body: str) -> tuple[list[str], int]:
    """(single-level quoted lines of 25+ characters, characters the author wrote)."""
    quoted, own = [], 0
    for line in body.split("\n"):
        s = line.lstrip()
        if s.startswith(">"):
            inner = s[1:].lstrip()
            if not inner.startswith(">") and len(inner.strip()) >= 25:
                quoted.append(_norm_line(inner))
        elif not _ATTRIBUTION.search(s):
            own += len(s.strip())
    return quoted, own


def _own_lines(body: str) -> set[str]:
    return {_norm_line(ln) for ln in body.split("\n") if not ln.lstrip().startswith(">") and len(ln.strip()) >= 25}


def newsgroups_quoted(max_pairs: int = 1500, seed: int = 11) -> LabelledSet:
    posts = corpora.newsgroups()
    by_subject: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, p in enumerate(posts):
        by_subject[(p["group"], _RE.sub("", p["subject"]).strip().lower())].append(i)
    own_lines = {}
    links = []
    for i, p in enumerate(posts):
        if not _RE.match(p["subject"]):
            continue
        quoted, own = _split_quotes(p["body"])
        if len(quoted) < 2 or own < 150:
            continue
        best, hits = -1, 0
        for j in by_subject[(p["group"], _RE.sub("", p["subject"]).strip().lower())]:
            if j == i:
                continue
            if j not in own_lines:
                own_lines[j] = _own_lines(posts[j]["body"])
            h = sum(q in own_lines[j] for q in quoted)
            if h > hits:
                best, hits = j, h
        if best >= 0 and hits >= 2 and hits >= 0.5 * len(quoted):
            links.append((i, best))
    rng = random.Random(seed)
    links = rng.sample(links, min(max_pairs, len(links)))
    rows = sorted({k for link in links for k in link})
    pos = {r: k for k, r in enumerate(rows)}
    negatives = {(min(pos[a], pos[b]), max(pos[a], pos[b])) for a, b in links}
    units = [textsim.words_en(posts[r]["body"]) for r in rows]
    bodies: dict[str, list[int]] = defaultdict(list)
    for k, u in enumerate(units):
        bodies[" ".join(u)].append(k)
    positives = {(a, b) for ids in bodies.values() if len(ids) > 1 for a in ids for b in ids if a < b}
    groups = groups_from_pairs(len(rows), positives)
    judge = CoverageJudge(groups, units, textsim.EN_L, MIN_WORDS, positives=positives, negatives=negatives)
    return LabelledSet(
        name="20ng-quoted",
        texts=[posts[r]["body"] for r in rows],
        groups=groups,
        judge=judge,
        how=f"{len(links)} (reply, post it quotes) pairs: 'Re:' subject in the same group, 2+ quoted lines found "
        "verbatim in the post, 150+ characters of the reply's own; each pair a hard negative; identical bodies dup",
        ids=[f"20ng:{posts[r]['group']}/{posts[r]['file_id']}" for r in rows],
        kinds=[""] * len(rows),
        refs=[-1] * len(rows),
        hard_negatives=sorted(negatives),
    )


# -- Clough & Stevenson -----------------------------------------------------------------------------------------

POSITIVE_REUSE = ("orig", "cut", "light")


class CloughJudge(Judge):
    def __init__(self, groups, tasks, categories):
        super().__init__(groups)
        self.tasks, self.categories = tasks, categories

    def __call__(self, i: int, j: int) -> str:
        same_task = self.tasks[i] == self.tasks[j]
        both = self.categories[i] in POSITIVE_REUSE and self.categories[j] in POSITIVE_REUSE
        return DUP if same_task and both else NOT

    def why(self, i: int, j: int) -> str:
        return f"task {self.tasks[i]}/{self.tasks[j]}, {self.categories[i]} vs {self.categories[j]}"


def clough_stevenson() -> LabelledSet:
    recs = corpora.clough()
    tasks = [r["task"] for r in recs]
    cats = [r["category"] for r in recs]
    orig = {r["task"]: k for k, r in enumerate(recs) if r["category"] == "orig"}
    groups = np.array(
        [orig[t] if c in POSITIVE_REUSE else len(recs) + k for k, (t, c) in enumerate(zip(tasks, cats, strict=True))]
    )
    return LabelledSet(
        name="clough-stevenson",
        texts=[r["text"] for r in recs],
        groups=groups,
        judge=CloughJudge(groups, tasks, cats),
        how="the corpus's own labels: cut (copy-paste) and light revision of the task's source = duplicate; heavy "
        "revision and independent answers (non) must not be removed",
        ids=[f"clough:{r['file']}" for r in recs],
        kinds=["" if c == "orig" else c for c in cats],
        refs=[-1 if c == "orig" else orig[t] for t, c in zip(tasks, cats, strict=True)],
        hard_negatives=[
            (min(k, orig[t]), max(k, orig[t]))
            for k, (t, c) in enumerate(zip(tasks, cats, strict=True))
            if c in ("heavy", "non")
        ],
    )
