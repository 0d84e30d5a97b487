"""Synthetic news-like corpora with ground truth: planted reposts, same-event write-ups, short texts, a demo workbook.

Everything is generated from the hand-written grammar in ``synth_vocab`` (no real corpus text). An *event* is a
cast of names, places and numbers; an *article* is one write-up of an event built from sentence templates; a
*group* is an article plus its reposts, each made by one realistic edit (``make_edit``). Two write-ups of the same
event share names and numbers but no sentence template, so they are different texts and must never be merged.

    python -m devtools.synth --demo resources/demo.xlsx     # the demo workbook
    python -m devtools.synth --n 1000 --show 3               # print a few generated rows
"""

from __future__ import annotations

import argparse
import datetime as _dt
import html
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from . import synth_vocab as V

LONG_EDITS = (
    "exact",
    "source_header",
    "copyright_footer",
    "char_edits",
    "sentence_reorder",
    "truncate",
    "html_wrapper",
    "width",
    "combo",
)
LONG_EDIT_WEIGHTS = (8, 14, 14, 14, 12, 10, 10, 6, 12)
SHORT_EDITS = ("exact", "short_char_edits", "punctuation", "repost_tag", "width")
SHORT_EDIT_WEIGHTS = (10, 30, 20, 30, 10)
EDIT_KINDS = LONG_EDITS + SHORT_EDITS[1:4]
# Share of Chinese article sentences composed word by word (the rest come from topic templates). Real news has
# few 4-grams common to many articles; templates alone would make unrelated articles overlap far too much.
COMPOSED_SHARE = 0.7


@dataclass
class Corpus:
    """Rows of text with ground truth. Rows with the same ``group`` are near-duplicates (a repost and its
    original); rows with the same ``event`` but different groups are independent write-ups of one event."""

    texts: list[str]
    group: list[int]
    edit: list[str]  # "original", "same_event", or the edit kind that made the row from its group's original
    titles: list[str]
    sources: list[str]
    dates: list[str]  # ISO yyyy-mm-dd
    event: list[int] = field(default_factory=list)
    kind: list[str] = field(default_factory=list)  # "long" | "headline" | "comment" | "product"
    lang: list[str] = field(default_factory=list)  # "zh" | "en" | "mixed"

    def __len__(self) -> int:
        return len(self.texts)

    def truth_pairs(self) -> set[tuple[int, int]]:
        """Every pair of rows (a < b) that share a group."""
        return _pairs_by_key(self.group)

    def same_event_pairs(self) -> set[tuple[int, int]]:
        """Pairs of rows about the same event but from different groups: never duplicates."""
        same_event = _pairs_by_key(self.event)
        return {p for p in same_event if self.group[p[0]] != self.group[p[1]]}

    def groups(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for row, g in enumerate(self.group):
            out.setdefault(g, []).append(row)
        return out


def _pairs_by_key(keys: Sequence[int]) -> set[tuple[int, int]]:
    by_key: dict[int, list[int]] = {}
    for row, k in enumerate(keys):
        by_key.setdefault(k, []).append(row)
    pairs = set()
    for rows in by_key.values():
        for i, a in enumerate(rows):
            for b in rows[i + 1 :]:
                pairs.add((a, b))
    return pairs


def concat(corpora: Sequence[Corpus], *, shuffle_seed: int | None = None) -> Corpus:
    """Join corpora, renumbering groups and events so they stay distinct; optionally shuffle the rows."""
    out = Corpus([], [], [], [], [], [], [], [], [])
    g_off = e_off = 0
    for c in corpora:
        out.texts += c.texts
        out.group += [g + g_off for g in c.group]
        out.event += [e + e_off for e in c.event]
        out.edit += c.edit
        out.titles += c.titles
        out.sources += c.sources
        out.dates += c.dates
        out.kind += c.kind
        out.lang += c.lang
        g_off += max(c.group, default=-1) + 1
        e_off += max(c.event, default=-1) + 1
    if shuffle_seed is not None:
        order = list(range(len(out)))
        random.Random(shuffle_seed).shuffle(order)
        out = _take_rows(out, order)
    return out


def _take_rows(c: Corpus, order: Sequence[int]) -> Corpus:
    def take(xs: list) -> list:
        return [xs[i] for i in order]

    return Corpus(
        take(c.texts), take(c.group), take(c.edit), take(c.titles), take(c.sources), take(c.dates),
        take(c.event), take(c.kind), take(c.lang),
    )  # fmt: skip


# ---------------------------------------------------------------------------------------------------------------
# Events and articles
# ---------------------------------------------------------------------------------------------------------------

_FIELD = re.compile(r"\{(\w+)\}")
_DATE0 = _dt.date(2023, 1, 1).toordinal()
_ZH_TOPICS = tuple(V.TOPICS)
_EN_TOPICS = tuple(V.EN_TOPICS)
_STYLE_RE = re.compile("|".join(sorted(V.ZH_STYLE, key=len, reverse=True)))


def _house_styles(count: int = 96) -> tuple[dict[str, str], ...]:
    """``count`` fixed wordings (one variant per ``ZH_STYLE`` entry); each article uses one of them."""
    rng = random.Random(20240611)
    return tuple(
        {k: (k if rng.random() < 0.2 else rng.choice(alts)) for k, alts in V.ZH_STYLE.items()} for _ in range(count)
    )


_STYLES = _house_styles()


def _specific_templates() -> frozenset[str]:
    """Clause templates with a slot that makes a sentence unique to its event (a name, a precise number)."""
    out = set()
    for topics in (V.TOPICS, V.EN_TOPICS):
        for t in topics.values():
            out.update(c for c in t["clause"] if V.HIGH_ENTROPY_SLOTS & set(_FIELD.findall(c)))
    return frozenset(out)


def _split_parts(seq: Sequence[str]) -> tuple:
    return (seq[0::2], seq[1::2], seq)  # write-up 0 / write-up 1 of a same-event pair / a lone write-up


_SPECIFIC = _specific_templates()
_ZH_ANCHORS = _split_parts(V.ANCHORS)
_EN_ANCHORS = _split_parts(V.EN_ANCHORS)
_ROLE_GROUP = {"sport": "sport", "weather": "expert", "health": "doctor", "government": "gov", "safety": "gov"}


class _Event(dict):
    """Event-level slot values, each drawn from the generator the first time a template asks for it."""

    def __init__(self, gen: _Gen, lang: str, topic: str):
        super().__init__()
        self.gen, self.lang, self.topic = gen, lang, topic
        self.date = gen.date()
        self["city"] = gen.pick(V.CITIES)

    def __missing__(self, name: str) -> str:
        value = _EVENT_FIELDS[name](self.gen, self)
        self[name] = value
        return value


def _coined(g: _Gen) -> str:
    return g.pick(V.C_NAME_CHARS) + g.pick(V.C_NAME_CHARS) + g.pick(V.C_NAME_SUFFIX)


def _team(g: _Gen, city: str) -> str:
    return city + g.pick(V.TEAM_NAMES) + "队"


_EVENT_FIELDS: dict[str, Callable[[_Gen, _Event], str]] = {
    "_date": lambda g, e: e.date.isoformat(),
    "place": lambda g, e: e["city"] + "市" + g.pick(V.DISTRICTS),
    "village": lambda g, e: g.pick(V.VILLAGES),
    "org": lambda g, e: e["city"] + "市" + g.pick(V.BUREAUS),
    "company": lambda g, e: g.company(e.lang == "mixed"),
    "person": lambda g, e: g.person(),
    "person2": lambda g, e: g.person(),
    "role": lambda g, e: g.pick(V.ROLES[_ROLE_GROUP.get(e.topic) or g.pick(("gov", "firm", "expert"))]),
    "role_doc": lambda g, e: g.pick(V.ROLES["doctor"]),
    "team": lambda g, e: _team(g, e["city"]),
    "team2": lambda g, e: _team(g, g.pick(V.CITIES)),
    "team3": lambda g, e: _team(g, g.pick(V.CITIES)),
    "sport": lambda g, e: g.pick(V.SPORTS),
    "competition": lambda g, e: g.pick(V.COMPETITIONS),
    "venue": lambda g, e: e["city"] + g.pick(V.VENUES),
    "score": lambda g, e: f"{g.randint(0, 4)}比{g.randint(0, 3)}",
    "duration": lambda g, e: f"{g.randint(2, 3)}小时{g.randint(1, 59)}分{g.randint(1, 59)}秒",
    "product": lambda g, e: (
        f"{g.pick(V.EN_FIRM_A)} {g.pick('XSNP')}{g.randint(2, 30)}"
        if e.lang == "mixed"
        else g.pick(V.PRODUCT_SERIES) + str(g.randint(2, 30)) + g.pick(V.PRODUCT_KIND)
    ),
    "tech": lambda g, e: g.pick(("AI", "5G", "IoT", "SaaS")) if e.lang == "mixed" else g.pick(V.TECHS),
    "price": lambda g, e: str(g.randint(9, 899) * 10 - 1),
    "work": lambda g, e: "《" + g.pick(V.WORK_A) + g.pick(V.WORK_B) + "》",
    "work_kind": lambda g, e: g.pick(V.WORK_KIND),
    "school": lambda g, e: e["city"] + g.pick(V.SCHOOLS),
    "hospital": lambda g, e: e["city"] + g.pick(V.HOSPITALS),
    "facility": lambda g, e: g.pick(V.FACILITY),
    "weather": lambda g, e: g.pick(V.WEATHER_KIND),
    "color": lambda g, e: g.pick(V.WEATHER_COLOR),
    "temp": lambda g, e: str(g.randint(-15, 12)),
    "temp2": lambda g, e: str(g.randint(18, 41)),
    "crop": lambda g, e: g.pick(V.CROPS),
    "disease": lambda g, e: g.pick(V.DISEASES),
    "crime": lambda g, e: g.pick(V.CRIMES),
    "region": lambda g, e: g.pick(V.REGIONS),
    "quarter": lambda g, e: g.pick(V.QUARTERS).replace("{m}", str(g.randint(2, 11))),
    "amount": lambda g, e: g.money(),
    "count": lambda g, e: f"{g.randint(11, 990) * 10 + g.randint(0, 9)}",
    "pct_e": lambda g, e: f"{g.randint(11, 499) / 10:g}",
    "md": lambda g, e: f"{e.date.month}月{e.date.day}日",
    "year": lambda g, e: str(e.date.year + g.randint(1, 3)),
    "kw": lambda g, e: _coined(g),
    "kw2": lambda g, e: _coined(g),
    "en_person": lambda g, e: g.en_person(),
    "en_city": lambda g, e: g.pick(V.EN_CITIES),
    "en_company": lambda g, e: g.pick(V.EN_FIRM_A) + " " + g.pick(V.EN_FIRM_B),
    "en_org": lambda g, e: g.pick(V.EN_CITIES) + " " + g.pick(V.EN_ORG_KIND),
    "en_team": lambda g, e: g.pick(V.EN_CITIES) + " " + g.pick(V.EN_TEAMS),
    "en_team2": lambda g, e: g.pick(V.EN_CITIES) + " " + g.pick(V.EN_TEAMS),
    "en_role": lambda g, e: g.pick(V.EN_ROLES),
    "en_amount": lambda g, e: f"${g.randint(12, 980) / 10:g} million",
    "en_score": lambda g, e: f"{g.randint(1, 5)}-{g.randint(0, 3)}",
    "en_weekday": lambda g, e: g.pick(V.EN_WEEKDAYS),
    "en_facility": lambda g, e: g.pick(V.EN_FACILITY),
    "en_product": lambda g, e: g.pick(V.EN_PRODUCT),
    "en_tech": lambda g, e: g.pick(V.EN_TECH),
    "en_duration": lambda g, e: f"{g.randint(2, 3)} hours {g.randint(1, 59)} minutes",
}


def _drop(g: _Gen) -> str:
    lo = g.randint(3, 8)
    return f"{lo}至{lo + g.randint(2, 6)}"


# Slots that are not part of the event: drawn anew at every use.
_FRESH_FIELDS: dict[str, Callable[[_Gen, str], str]] = {
    "n": lambda g, t: str(g.randint(2, 12)),
    "n2": lambda g, t: str(g.randint(2, 12)),
    "n3": lambda g, t: str(g.randint(2, 12)),
    "num": lambda g, t: str(g.randint(12, 9800)),
    "pct": lambda g, t: f"{g.randint(5, 480) / 10:g}",
    "money": lambda g, t: g.money(),
    "month": lambda g, t: str(g.randint(1, 12)),
    "hour": lambda g, t: str(g.randint(1, 23)),
    "rain": lambda g, t: str(g.randint(25, 320)),
    "drop": lambda g, t: _drop(g),
    "role_pub": lambda g, t: g.pick(V.ROLES["public"]),
    "thing": lambda g, t: g.pick(V.TOPICS.get(t, V.TOPICS["economy"])["thing"]),
    "city2": lambda g, t: g.pick(V.CITIES),
    # compositional sentences
    "subject": lambda g, t: g.pick(V.C_SMOD) + g.pick(V.C_SUBJ),
    "time": lambda g, t: g.pick(V.C_TIME),
    "adv": lambda g, t: g.pick(V.C_ADV),
    "verb": lambda g, t: g.pick(V.C_VERB),
    "omod": lambda g, t: g.pick(V.C_OMOD),
    "obj": lambda g, t: g.pick(V.C_OBJ),
    "metric": lambda g, t: g.pick(V.C_METRIC),
    "change": lambda g, t: g.pick(V.C_CHANGE),
    "source": lambda g, t: g.pick(V.C_SOURCE),
    "crowd": lambda g, t: g.pick(V.C_CROWD),
    "problem": lambda g, t: g.pick(V.C_PROBLEM),
    "focus": lambda g, t: g.pick(V.C_FOCUS),
    "comp": lambda g, t: g.fill(g.pick(V.C_COMP), {}, t) if g.chance(0.5) else "",
}
_PARSED: dict[str, list[str]] = {}


def _parse(template: str) -> list[str]:
    """[literal, slot, literal, slot, ..., literal], cached per template string."""
    parsed = _FIELD.split(template)
    _PARSED[template] = parsed
    return parsed


class _Gen:
    """All random choices of one corpus, driven by one seeded ``random.Random``."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.random = rng.random
        self.part = 2  # which share of the anchor openers the current write-up uses (see _split_parts)

    def pick(self, seq: Sequence):
        return seq[int(self.random() * len(seq))]

    def chance(self, p: float) -> bool:
        return self.random() < p

    def randint(self, lo: int, hi: int) -> int:
        return lo + int(self.random() * (hi - lo + 1))

    # --- names -------------------------------------------------------------------------------------------------
    def person(self) -> str:
        given = self.pick(V.GIVEN) + (self.pick(V.GIVEN) if self.chance(0.7) else "")
        return self.pick(V.SURNAMES) + given

    def firm_name(self) -> str:
        return self.pick(V.FIRMS_A) + self.pick(V.FIRMS_B)

    def company(self, mixed: bool = False) -> str:
        if mixed:
            return self.pick(V.EN_FIRM_A) + " " + self.pick(V.EN_FIRM_B)
        return self.firm_name() + self.pick(V.INDUSTRIES) + self.pick(V.FIRM_SUFFIX)

    def outlet(self, lang: str = "zh") -> str:
        if lang == "en":
            return self.pick(V.EN_OUTLETS)
        return self.pick(V.OUTLET_A) + self.pick(V.OUTLET_B)

    def en_person(self) -> str:
        return self.pick(V.EN_FIRST) + " " + self.pick(V.EN_LAST)

    def money(self) -> str:
        if self.chance(0.5):
            return f"{self.randint(12, 980) / 10:g}亿元"
        return f"{self.randint(120, 9800)}万元"

    def date(self) -> _dt.date:
        return _dt.date.fromordinal(_DATE0 + self.randint(0, 729))

    # --- events ------------------------------------------------------------------------------------------------
    def event(self, lang: str, topic: str = "") -> _Event:
        """The cast of one news event, shared by all its write-ups. Slots are drawn on first use."""
        return _Event(self, lang, topic)

    # --- slot filling ------------------------------------------------------------------------------------------
    def fill(self, template: str, ev: _Event, topic: str) -> str:
        """``template`` with its slots filled: event slots from ``ev``, the others drawn afresh."""
        parsed = _PARSED.get(template) or _parse(template)
        if len(parsed) == 1:
            return template
        out = [parsed[0]]
        for i in range(1, len(parsed), 2):
            name = parsed[i]
            fresh = _FRESH_FIELDS.get(name)
            out.append(fresh(self, topic) if fresh is not None else ev[name])
            out.append(parsed[i + 1])
        return "".join(out)

    def fill_en(self, template: str, ev: dict[str, str]) -> str:
        r = self.randint

        def sub(m: re.Match) -> str:
            name = m.group(1)
            key = "en_" + name.removesuffix("_en")
            if key in _EVENT_FIELDS:
                return ev[key]
            if name in ("n", "n2"):
                return str(r(2, 12))
            if name == "num":
                return f"{r(12, 9800):,}"
            if name in ("pct", "pct_e"):
                return f"{r(5, 480) / 10:g}"
            if name == "count":
                return f"{int(ev['count']):,}"
            if name == "month_en":
                return self.pick(V.EN_MONTHS)
            if name == "price":
                return ev["price"]
            if name == "year":
                return ev["year"]
            raise KeyError(name)

        return _FIELD.sub(sub, template)

    # --- write-ups ---------------------------------------------------------------------------------------------
    def draw(self, pool: list, refill) -> str:
        """Take an unused item from ``pool`` (no sentence template twice in one article); refill when empty."""
        if not pool:
            pool.extend(refill())
        i = int(self.random() * len(pool))
        pool[i], pool[-1] = pool[-1], pool[i]
        return pool.pop()

    def zh_sentence(self, ev, topic: str, pools) -> str:
        clauses, openers, tails, quotes, refill = pools
        if self.chance(0.1):
            quote = self.draw(quotes, lambda: refill("quotes"))
            return self.fill(self.pick(V.QUOTE_INTRO), ev, topic) + self.fill(quote, ev, topic)
        fill = self.fill
        if self.chance(COMPOSED_SHARE):
            head = fill(self.pick(openers), ev, topic) if self.chance(0.2) else ""
            return head + fill(self.pick(V.C_PATTERNS), ev, topic) + "。"
        clause = self.draw(clauses, lambda: refill("clauses"))
        head = ""
        if clause not in _SPECIFIC:
            head = fill(self.pick(_ZH_ANCHORS[self.part]), ev, topic)
        elif self.chance(0.35):
            head = fill(self.pick(openers), ev, topic)
        tail = fill(self.pick(tails), ev, topic) if self.chance(0.4) else ""
        return head + fill(clause, ev, topic) + tail + ("！" if self.chance(0.02) else "。")

    def en_sentence(self, ev, topic: str, pools) -> str:
        clauses, openers, tails, quotes, refill = pools
        if self.chance(0.1):
            return self.fill_en(self.draw(quotes, lambda: refill("quotes")), ev)
        body = self.draw(clauses, lambda: refill("clauses"))
        if body not in _SPECIFIC:
            body = self.pick(_EN_ANCHORS[self.part]) + body
        elif self.chance(0.3):
            body = self.pick(openers) + body
        if self.chance(0.35):
            body += self.pick(tails)
        s = self.fill_en(body, ev)
        return s[0].upper() + s[1:] + "."

    def article(self, ev, lang: str, topic: str, part: int, parts: int, length: int, max_chars: int):
        """One write-up: (title, text). ``part`` of ``parts`` selects a disjoint share of every template list so
        that write-ups of one event never share a sentence template."""

        def share(seq):
            return seq[part::parts] if parts > 1 else seq

        self.part = (part % 2) if parts > 1 else 2

        def refiller(topics, quotes):
            # Long articles run out of their topic's templates and borrow another topic's, as real stories
            # touch several subjects; quotes are recycled only when all are used.
            def refill(what: str) -> list[str]:
                if what == "quotes":
                    return list(share(quotes))
                return list(share(topics[self.pick(tuple(topics))]["clause"]))

            return refill

        if lang == "en":
            t = V.EN_TOPICS[topic]
            refill = refiller(V.EN_TOPICS, V.EN_QUOTES)
            pools = (list(share(t["clause"])), share(V.EN_OPENERS), share(V.EN_TAILS), refill("quotes"), refill)
            title = self.fill_en(self.pick(share(t["headline"])), ev)
            make, sep = self.en_sentence, " "
            lead = f"{ev['en_city'].upper()}, {ev['en_weekday']} -- "
        else:
            t = V.TOPICS[topic]
            refill = refiller(V.TOPICS, V.QUOTES)
            pools = (list(share(t["clause"])), share(V.OPENERS), share(V.TAILS), refill("quotes"), refill)
            title = self.fill(self.pick(share(t["headline"])), ev, topic)
            make, sep = self.zh_sentence, ""
            lead = f"{ev['md']}，" if self.chance(0.5) else f"本报讯 {ev['md']}，"
        en_pools = None
        if lang == "mixed":
            et = V.EN_TOPICS[self.pick(_EN_TOPICS)]
            en_refill = refiller(V.EN_TOPICS, V.EN_QUOTES)
            en_pools = (list(share(et["clause"])), share(V.EN_OPENERS), share(V.EN_TAILS), en_refill("quotes"),
                        en_refill)  # fmt: skip

        paragraphs: list[str] = []
        sentences: list[str] = [lead + make(ev, topic, pools)]
        total = len(sentences[0])
        want = self.randint(2, 4)
        while total < length:
            if en_pools is not None and self.chance(0.12):
                s = self.en_sentence(ev, _EN_TOPICS[0], en_pools)
                s = s if not sentences else " " + s + " "
            else:
                s = make(ev, topic, pools)
            if sentences and sep:
                s = sep + s
            if total + len(s) + 1 > max_chars:
                break
            sentences.append(s)
            total += len(s)
            if len(sentences) >= want:
                paragraphs.append("".join(sentences).strip())
                total += 1  # the newline
                sentences, want = [], self.randint(2, 4)
        if sentences:
            paragraphs.append("".join(sentences).strip())
        text = "\n".join(paragraphs)
        if lang != "en":
            style = self.pick(_STYLES)
            text = _STYLE_RE.sub(lambda m: style[m.group()], text)
            if len(text) > max_chars:  # the house style made it longer: drop the last sentence(s)
                text = text[: max(text.rfind("。", 0, max_chars), text.rfind("！", 0, max_chars)) + 1]
        return title, text

    # --- short texts -------------------------------------------------------------------------------------------
    def short_text(self, kind: str, ev: _Event) -> str:
        """A 20-100 character headline, user comment or product title."""
        pick, r = self.pick, self.randint
        if kind == "headline":
            topic = pick(_ZH_TOPICS)
            text = self.fill(pick(V.TOPICS[topic]["headline"]), ev, topic)
            while len(text) < 20 or self.chance(0.3):
                text += "，" + self.fill(pick(V.HEADLINE_TAILS), ev, topic)
            return text[:100]
        if kind == "product":
            parts = V.PRODUCT_TITLE_PARTS
            brand = self.firm_name() + pick(("", "牌", "官方旗舰店 "))
            text = (
                f"{brand}{pick(parts['kind'])}{pick('XSPAGK')}{r(1, 99)} {pick(parts['feature'])}"
                f"{pick(parts['feature'])} {pick(parts['color'])} {pick(parts['spec'])} {pick(parts['promo'])}"
            )
            if self.chance(0.4):
                text += f" {pick(parts['promo'])} 下单立减{r(5, 200)}元"
            return text[:100]
        values = {
            "kind": self.firm_name() + pick(V.PRODUCT_TITLE_PARTS["kind"]),
            "opinion": pick(V.OPINIONS),
            "advice": pick(V.ADVICE),
            "feeling": pick(V.FEELINGS),
            "opinion2": pick(V.OPINIONS2),
            "advice2": pick(V.ADVICE2),
            "feeling2": pick(V.FEELINGS2),
            "place_s": pick(V.PLACES_SHORT),
            "work": ev["work"],
            "city": ev["city"],
            "n": str(r(2, 30)),
        }
        text = _FIELD.sub(lambda m: values[m.group(1)], pick(V.COMMENT_TEMPLATES))
        extra = (
            pick(V.COMMENT_EXTRAS)
            .replace("{n}", str(r(19, 999)))
            .replace("{who}", pick(V.COMMENT_WHO))
            .replace("{month}", str(r(1, 12)))
            .replace("{day}", str(r(1, 28)))
        )
        text = f"{text}，{extra}。" if self.chance(0.5) else f"{extra}，{text}"
        while self.chance(0.35) and len(text) < 70:
            if text[-1] not in "。！？":
                text += "。"
            text += pick(V.COMMENT_MORE).replace("{n}", str(r(2, 12)))
        return text[:100]


# ---------------------------------------------------------------------------------------------------------------
# Edits: how a repost differs from its original
# ---------------------------------------------------------------------------------------------------------------

_SENT_END = re.compile(r"(?<=[。！？!?；])|(?<=\.\s)")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_WIDE_PUNCT = str.maketrans("，：；！？（）", ",:;!?()")
_NARROW_PUNCT = str.maketrans(",:;!?()", "，：；！？（）")


def _is_zh(text: str) -> bool:
    sample = text[:400]
    return len(_CJK.findall(sample)) > 0.2 * max(1, len(sample.strip()))


def _boiler(rng: random.Random, text: str, zh_templates, en_templates) -> str:
    g = _Gen(rng)
    zh = _is_zh(text)
    d = g.date().isoformat()
    first = re.split(r"[。！？.!?\n]", text.strip(), maxsplit=1)[0][:24]
    values = {
        "outlet": g.outlet("zh" if zh else "en"),
        "name": g.person() if zh else g.en_person(),
        "date": d,
        "year": d[:4],
        "title": first,
    }
    tmpl = g.pick(zh_templates if zh else en_templates)
    return _FIELD.sub(lambda m: values[m.group(1)], tmpl)


def _split_sentences(text: str) -> list[str]:
    return [s for s in _SENT_END.split(text) if s]


def _char_edits(text: str, rng: random.Random, count: int) -> str:
    chars = list(text)
    positions = [i for i, c in enumerate(chars) if not c.isspace()] or list(range(len(chars)))
    for pos in sorted(rng.sample(positions, min(count, len(positions))), reverse=True):
        c = chars[pos]
        pool = V.COMMON_HAN if _CJK.match(c) else V.EN_COMMON_CHARS
        op = rng.random()
        new = pool[int(rng.random() * len(pool))]
        if op < 0.5:  # substitution, never by the same character
            while new == c:
                new = pool[int(rng.random() * len(pool))]
            chars[pos] = new
        elif op < 0.75:
            chars.insert(pos, new)
        else:
            del chars[pos]
    return "".join(chars)


def _sentence_reorder(text: str, rng: random.Random) -> str:
    paras = text.split("\n")
    if len(paras) >= 3 and rng.random() < 0.5:
        i, j = rng.sample(range(len(paras)), 2)
        paras[i], paras[j] = paras[j], paras[i]
        return "\n".join(paras)
    # swap two or three sentences inside the text (rotation of three)
    units = []  # (paragraph index, sentence)
    for pi, p in enumerate(paras):
        units += [(pi, s) for s in _split_sentences(p)]
    if len(units) < 2:
        return text
    k = 3 if len(units) >= 3 and rng.random() < 0.5 else 2
    idx = rng.sample(range(len(units)), k)
    moved = [units[i][1] for i in idx]
    moved = moved[1:] + moved[:1]
    for i, s in zip(idx, moved, strict=True):
        units[i] = (units[i][0], s)
    out = [""] * len(paras)
    for pi, s in units:
        out[pi] += s
    return "\n".join(out)


def _truncate(text: str, rng: random.Random) -> str:
    target = int(len(text) * rng.uniform(0.76, 0.84))
    ends = [m.end() for m in re.finditer(r"[。！？!?\n]|\.\s", text)]
    near = [e for e in ends if abs(e - target) <= 0.04 * len(text)]
    cut = min(near, key=lambda e: abs(e - target)) if near else target
    return text[:cut].rstrip()


_CSS = (
    "body{{font-family:'PingFang SC','Microsoft YaHei',sans-serif;margin:0;color:#333}}\n"
    ".article{{max-width:{w}px;margin:0 auto;line-height:1.8}}\n.article p{{text-indent:2em;margin:{m}px 0}}\n"
    ".ad-banner,.share-bar{{display:none}}"
)
_JS = (
    "var _hmt = _hmt || [];\n(function() {{ var hm = document.createElement('script');\n"
    "  hm.src = 'https://stats.example.com/t.js?id={id}'; document.head.appendChild(hm); }})();"
)


def _html(text: str, rng: random.Random) -> str:
    def para(p: str) -> str:
        p = html.escape(p, quote=False).replace("“", "&ldquo;").replace("”", "&rdquo;")
        indent = "&nbsp;&nbsp;&nbsp;&nbsp;" if rng.random() < 0.5 else ""
        return f"<p>{indent}{p}</p>"

    body = "\n".join(para(p) for p in text.split("\n") if p.strip())
    css = _CSS.format(w=rng.choice((680, 720, 760, 800)), m=rng.choice((8, 10, 12, 16)))
    js = _JS.format(id=f"{rng.getrandbits(32):08x}")
    zh = _is_zh(text)
    first = html.escape(re.split(r"[。！？.!?\n]", text.strip(), maxsplit=1)[0][:24], quote=False)
    site = _Gen(rng).outlet("zh" if zh else "en")
    return (
        f'<!DOCTYPE html>\n<html lang="{"zh-CN" if zh else "en"}"><head><meta charset="utf-8">'
        f"<title>{first} - {site}</title>\n"
        f"<style>\n{css}\n</style>\n<script>\n{js}\n</script>\n</head>\n<body>\n"
        f'<div class="article" id="content-{rng.randint(1000, 99999)}">\n{body}\n</div>\n'
        '<div class="share-bar"></div>\n</body></html>'
    )


def _width(text: str, rng: random.Random) -> str:
    """Full-width/half-width variation: ASCII letters/digits become full-width, or Chinese punctuation
    flips width. NFKC folds both back, so the normalised text is unchanged."""
    if rng.random() < 0.5 and re.search(r"[,:;!?()]", text) and not _is_zh(text):
        return text.translate(_NARROW_PUNCT)
    if _is_zh(text) and rng.random() < 0.5:
        return text.translate(_WIDE_PUNCT)
    return "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalnum() else c for c in text)


def _punctuation(text: str, rng: random.Random) -> str:
    """Punctuation changed, added or dropped (never a no-op)."""
    r = rng.random()
    if r < 0.3 and re.search(r"[，。！？]", text):
        out = re.sub(r"[，。！？]", lambda m: rng.choice(("，", " ", "。", "！", "？", "、", "")), text, count=2)
        if out != text:
            return out
    if r < 0.6 or "，" not in text:
        return text.rstrip("。！？") + rng.choice(("！", "！！", "？", "~", "。。。", "…"))
    return text.replace("，", rng.choice((" ", "、", "；", "。")), 1)


def _repost_tag(text: str, rng: random.Random) -> str:
    if rng.random() < 0.6:
        return text + rng.choice(V.REPOST_SUFFIXES)
    prefix = rng.choice(V.REPOST_PREFIXES).replace("{name}", _Gen(rng).person())
    return prefix + text


def make_edit(text: str, kind: str, rng: random.Random) -> str:
    """A realistic repost of ``text``: the edit ``kind`` applied with choices drawn from ``rng``."""
    if kind == "exact":
        return text
    if kind == "source_header":
        return _boiler(rng, text, V.HEADERS, V.EN_HEADERS) + "\n" + text
    if kind == "copyright_footer":
        return text + "\n" + _boiler(rng, text, V.FOOTERS, V.EN_FOOTERS)
    if kind == "char_edits":  # 1-3 % of the characters
        return _char_edits(text, rng, max(1, round(len(text) * rng.uniform(0.01, 0.03))))
    if kind == "short_char_edits":  # one or two characters
        return _char_edits(text, rng, rng.choice((1, 1, 2)))
    if kind == "sentence_reorder":
        return _sentence_reorder(text, rng)
    if kind == "truncate":
        return _truncate(text, rng)
    if kind == "html_wrapper":
        return _html(text, rng)
    if kind == "width":
        return _width(text, rng)
    if kind == "punctuation":
        return _punctuation(text, rng)
    if kind == "repost_tag":
        return _repost_tag(text, rng)
    if kind == "combo":  # header and/or footer, a light touch, sometimes the page chrome too
        out = text
        if rng.random() < 0.7:
            out = make_edit(out, "source_header", rng)
        if rng.random() < 0.7 or out == text:
            out = make_edit(out, "copyright_footer", rng)
        if rng.random() < 0.4:
            out = _char_edits(out, rng, max(1, round(len(text) * 0.005)))
        if rng.random() < 0.3:
            out = _html(out, rng)
        return out
    raise ValueError(f"unknown edit kind {kind!r}")


# ---------------------------------------------------------------------------------------------------------------
# Corpora
# ---------------------------------------------------------------------------------------------------------------


def _group_sizes(g: _Gen, reposts: int, max_group: int) -> list[int]:
    """Power-law-ish group sizes (>= 2) whose reposts (size - 1) add up to ``reposts``."""
    sizes_range = list(range(2, max_group + 1))
    weights = [s**-2.3 for s in sizes_range]
    sizes: list[int] = []
    left = reposts
    while left > 0:
        s = g.rng.choices(sizes_range, weights)[0]
        s = min(s, left + 1)
        sizes.append(s)
        left -= s - 1
    return sizes


def generate_corpus(
    n: int,
    *,
    seed: int = 0,
    dup_share: float = 0.3,
    short_share: float = 0.0,
    lang: str = "zh",
    min_chars: int = 200,
    max_chars: int = 3000,
    same_event_share: float = 0.05,
    max_group: int = 40,
    edits: Sequence[str] | None = None,
) -> Corpus:
    """``n`` rows in random order. About ``dup_share`` of the rows are reposts of another row (group sizes
    2..``max_group``, power-law-ish); ``same_event_share`` of the rows are a second write-up of another row's
    event (a different text, its own group); ``short_share`` of the rows are 20-100 character texts (headlines,
    comments, product titles; Chinese). ``lang`` is "zh", "en" or "mixed". ``edits`` restricts the edit kinds
    used for long-text reposts. Deterministic for a seed."""
    if lang not in ("zh", "en", "mixed"):
        raise ValueError(f"lang must be zh, en or mixed, not {lang!r}")
    if not 0 <= dup_share < 1 or not 0 <= short_share <= 1:
        raise ValueError("dup_share must be in [0, 1) and short_share in [0, 1]")
    rng = random.Random(seed)
    g = _Gen(rng)
    n_short = round(n * short_share)
    long_part = _build(g, n - n_short, dup_share, same_event_share, max_group, lang, min_chars, max_chars,
                       edits or LONG_EDITS, short=False)  # fmt: skip
    short_part = _build(g, n_short, dup_share, 0.0, max_group, lang, 20, 100, SHORT_EDITS, short=True)
    return concat([long_part, short_part], shuffle_seed=rng.getrandbits(32))


def plant_reposts(
    texts: Sequence[str],
    *,
    seed: int = 0,
    dup_share: float = 0.3,
    max_group: int = 40,
    edits: Sequence[str] = LONG_EDITS,
    weights: Sequence[float] | None = None,
) -> Corpus:
    """Reposts planted on given (distinct) texts, e.g. real articles kept out of the repository: about
    ``dup_share`` of the output rows are edited copies of one of ``texts``. Group id = index into ``texts``;
    rows are shuffled. Titles and sources are invented, dates random."""
    rng = random.Random(seed)
    g = _Gen(rng)
    if weights is None and tuple(edits) == LONG_EDITS:
        weights = LONG_EDIT_WEIGHTS
    n_out = round(len(texts) / (1 - dup_share)) if dup_share < 1 else len(texts)
    sizes = _group_sizes(g, n_out - len(texts), max_group)[: len(texts)]
    copies = [s - 1 for s in sizes] + [0] * (len(texts) - len(sizes))
    rng.shuffle(copies)
    out = Corpus([], [], [], [], [], [], [], [], [])
    for i, (text, k) in enumerate(zip(texts, copies, strict=True)):
        d = g.date()
        _append(out, text, i, "original", "", g.outlet(), d, i, "long", "zh")
        for _ in range(k):
            kind = rng.choices(edits, weights)[0] if weights else rng.choice(edits)
            _append(out, make_edit(text, kind, rng), i, kind, "", g.outlet(), d, i, "long", "zh")
    order = list(range(len(out)))
    rng.shuffle(order)
    return _take_rows(out, order)


def _build(g: _Gen, n, dup_share, same_event_share, max_group, lang, min_chars, max_chars, edit_kinds, short):
    if n <= 0:
        return Corpus([], [], [], [], [], [], [], [], [])
    reposts = round(n * dup_share)
    sizes = _group_sizes(g, reposts, max_group)
    while sizes and sum(sizes) > n:  # tiny n: drop groups until they fit
        sizes.pop()
    originals = n - sum(sizes) + len(sizes)
    sizes += [1] * (originals - len(sizes))
    g.rng.shuffle(sizes)
    second = min(round(n * same_event_share), originals // 2)
    n_events = originals - second
    # event of each original, and which write-up (part) of its event it is
    event_of = list(range(n_events)) + g.rng.sample(range(n_events), second)
    parts = [1] * n_events
    for e in event_of[n_events:]:
        parts[e] = 2
    topics = _EN_TOPICS if lang == "en" else _ZH_TOPICS
    topic_of = [g.pick(topics) for _ in range(n_events)]
    events = [g.event(lang, t) for t in topic_of]
    weights = LONG_EDIT_WEIGHTS if edit_kinds is LONG_EDITS else None
    if short:
        weights = SHORT_EDIT_WEIGHTS
    out = Corpus([], [], [], [], [], [], [], [], [])
    seen: set[str] = set()
    log_lo, log_hi = _log(min_chars), _log(max_chars)
    for gi, (e, size) in enumerate(zip(event_of, sizes, strict=True)):
        ev = events[e]
        part = 0 if gi < n_events else 1
        for _attempt in range(20):
            if short:
                skind = g.pick(("headline", "comment", "comment", "product"))
                text = g.short_text(skind, ev)
                title = {"headline": text, "comment": "用户评论", "product": "商品标题"}[skind]
                if len(text) > max_chars:
                    text = text[:max_chars]
            else:
                skind = "long"
                length = int(2.718281828 ** g.rng.uniform(log_lo, log_hi))
                title, text = g.article(ev, lang, topic_of[e], part, parts[e], length, max_chars)
            if text not in seen and len(text) >= min_chars:
                break
        seen.add(text)
        d = _dt.date.fromisoformat(ev["_date"])
        source = g.outlet("en" if lang == "en" else "zh")
        out_lang = lang
        _append(out, text, gi, "original" if part == 0 else "same_event", title, source, d, e, skind, out_lang)
        for _ in range(size - 1):
            kind = g.rng.choices(edit_kinds, weights)[0] if weights else g.pick(edit_kinds)
            copy = make_edit(text, kind, g.rng)
            ctitle = title if g.chance(0.7) else g.pick(("转：", "【转】", "")) + title
            cdate = d + _dt.timedelta(days=g.randint(0, 3))
            _append(out, copy, gi, kind, ctitle, g.outlet("en" if lang == "en" else "zh"), cdate, e, skind, out_lang)
    return out


def _append(c: Corpus, text, group, edit, title, source, date, event, kind, lang) -> None:
    c.texts.append(text)
    c.group.append(group)
    c.edit.append(edit)
    c.titles.append(title)
    c.sources.append(source)
    c.dates.append(date.isoformat())
    c.event.append(event)
    c.kind.append(kind)
    c.lang.append(lang)


def _log(x: float) -> float:
    import math

    return math.log(max(1.0, x))


# ---------------------------------------------------------------------------------------------------------------
# The demo workbook
# ---------------------------------------------------------------------------------------------------------------

DEMO_SEED = 2024


def demo_corpus() -> Corpus:
    """The rows of resources/demo.xlsx, in sheet order, with their ground truth (planted groups, edits)."""
    parts = [
        generate_corpus(180, seed=DEMO_SEED, dup_share=0.3, lang="zh", min_chars=200, max_chars=1400,
                        max_group=6, same_event_share=0.06),
        _hot_story(DEMO_SEED + 1, copies=18),
        generate_corpus(90, seed=DEMO_SEED + 2, dup_share=0.3, short_share=1.0, max_group=5),
        generate_corpus(40, seed=DEMO_SEED + 3, dup_share=0.25, lang="en", min_chars=200, max_chars=1200,
                        max_group=4),
        generate_corpus(20, seed=DEMO_SEED + 4, dup_share=0.25, lang="mixed", min_chars=200, max_chars=900,
                        max_group=3, same_event_share=0.0),
    ]  # fmt: skip
    return concat(parts, shuffle_seed=DEMO_SEED)


def _hot_story(seed: int, copies: int) -> Corpus:
    """One story reposted ``copies`` times by many outlets (the demo's big cluster)."""
    rng = random.Random(seed)
    g = _Gen(rng)
    ev = g.event("zh")
    title, text = g.article(ev, "zh", "weather", 0, 1, 700, 900)
    d = _dt.date.fromisoformat(ev["_date"])
    out = Corpus([], [], [], [], [], [], [], [], [])
    _append(out, text, 0, "original", title, g.outlet(), d, 0, "long", "zh")
    for _ in range(copies - 1):
        kind = rng.choices(LONG_EDITS, LONG_EDIT_WEIGHTS)[0]
        cdate = d + _dt.timedelta(days=g.randint(0, 2))
        _append(out, make_edit(text, kind, rng), 0, kind, title, g.outlet(), cdate, 0, "long", "zh")
    return out


DEMO_COLUMNS = ("编号", "标题", "正文", "来源", "发布日期")

_ABOUT = [
    ("dedup_gui demo data / 演示数据", ""),
    ("", ""),
    ("What is this?", "Synthetic news-like articles, short texts (headlines, comments, product titles) and a few "
     "English and mixed Chinese-English articles, generated by devtools.synth from a hand-written grammar. "
     "All names, companies, outlets and events are invented."),
    ("这是什么？", "由 devtools.synth 根据手写语法生成的模拟新闻、短文本（标题、评论、商品标题）以及少量英文和"
     "中英混合文章。文中的人名、企业、媒体和事件均为虚构。"),
    ("Planted duplicates", "Many rows are reposts of another row: a source line or copyright notice added, a few "
     "characters changed, sentences reordered, the end cut off, wrapped in a web page's HTML, full-width "
     "characters, or an exact copy. One weather story was reposted {hot} times."),
    ("预置的重复", "不少行是另一行的转载：加了来源或版权声明、改了个别字、调换了句子顺序、截掉了结尾、套上了网页 HTML、"
     "全角半角不同，或者完全相同。其中一篇天气新闻被转载了 {hot} 次。"),
    ("Traps", "Some pairs of articles report the same event (same names and numbers) in different words. They are "
     "not duplicates, and a good setting keeps both."),
    ("陷阱", "有些文章报道的是同一事件（人名、数字相同）但文字不同，它们不是重复，合适的设置应当都保留。"),
    ("Columns", "编号 = id stored as text (keep the leading zeros); 标题 = title; 正文 = body text (dedup this); "
     "来源 = source outlet; 发布日期 = publish date."),
    ("Try", "Open this file, choose the 正文 column, try n-gram at its defaults, then simhash and nshash."),
    ("Rows", "{rows} data rows; {groups} planted duplicate groups; regenerate with "
     "python -m devtools.synth --demo resources/demo.xlsx"),
]  # fmt: skip


def write_demo_workbook(path: str | Path) -> None:
    """Write the demo workbook: sheet "数据" (the rows of ``demo_corpus()``) and sheet "说明" (About)."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    corpus = demo_corpus()
    wb = Workbook()
    ws = wb.active
    ws.title = "数据"
    ws.append(list(DEMO_COLUMNS))
    for i, (title, text, source, date) in enumerate(
        zip(corpus.titles, corpus.texts, corpus.sources, corpus.dates, strict=True), start=1
    ):
        ws.append([f"{i:06d}", title, text, source, _dt.date.fromisoformat(date)])
        ws.cell(row=i + 1, column=1).number_format = "@"
        ws.cell(row=i + 1, column=5).number_format = "yyyy-mm-dd"
    bold = Font(bold=True)
    for cell in ws[1]:
        cell.font = bold
    for col, width in zip("ABCDE", (10, 36, 80, 14, 12), strict=True):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A2"

    about = wb.create_sheet("说明")
    sizes = [len(rows) for rows in corpus.groups().values()]
    hot = max(sizes)
    for key, text in _ABOUT:
        about.append([key, text.format(hot=hot, rows=len(corpus), groups=sum(s > 1 for s in sizes))])
    about["A1"].font = Font(bold=True, size=14)
    for row in about.iter_rows(min_row=3):
        row[0].font = bold
        row[1].alignment = Alignment(wrap_text=True, vertical="top")
    about.column_dimensions["A"].width = 20
    about.column_dimensions["B"].width = 100
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.xlsx")
    wb.save(tmp)
    tmp.replace(path)


# ---------------------------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m devtools.synth", description=__doc__.split("\n")[0])
    ap.add_argument("--demo", metavar="XLSX", help="write the demo workbook here")
    ap.add_argument("--n", type=int, default=0, help="generate a corpus of N rows and print a summary")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lang", default="zh", choices=("zh", "en", "mixed"))
    ap.add_argument("--short-share", type=float, default=0.0)
    ap.add_argument("--show", type=int, default=0, help="print this many rows")
    args = ap.parse_args(argv)
    if args.demo:
        write_demo_workbook(args.demo)
        print(f"wrote {args.demo}")
    if args.n:
        import time

        t0 = time.perf_counter()
        c = generate_corpus(args.n, seed=args.seed, lang=args.lang, short_share=args.short_share)
        dt = time.perf_counter() - t0
        chars = sum(map(len, c.texts))
        print(f"{len(c)} rows, {chars:,} chars, {len(set(c.group))} groups in {dt:.2f}s")
        for i in range(min(args.show, len(c))):
            print(f"--- row {i} group {c.group[i]} {c.edit[i]}\n{c.texts[i]}")
    if not args.demo and not args.n:
        ap.print_help()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
