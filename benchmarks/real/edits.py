"""Reposts made from a real article: a header or footer added, a few characters edited, truncation, HTML chrome.

The added lines are written here (invented sites and names), never taken from a corpus.
"""

from __future__ import annotations

import random
import re

SITES = ("东方资讯网", "今日快报", "云端财经", "城市晚报", "掌上新闻客户端", "海峡生活网", "北方都市报", "科技前沿号")
NAMES = ("王晓明", "李静", "张伟", "刘洋", "陈晨", "杨帆", "赵磊", "周婷")

HEADERS = (
    "来源：{site}　{date}",
    "本文转载自{site}，作者：{name}",
    "原标题：{title}\n来源：{site}",
    "【{site}讯】",
    "转自{site}公众号，如有侵权请联系删除",
)
FOOTERS = (
    "（责任编辑：{name}）",
    "声明：本文转载自{site}，版权归原作者所有，转载目的在于传递更多信息，如有侵权请联系删除。",
    "更多精彩内容，请关注{site}微信公众号。",
    "编辑：{name}　审核：{name2}\n本文来自{site}",
    "点击进入专题：{site}热点新闻",
)
KINDS = ("header", "footer", "edit", "truncate", "html", "header+truncate+footer", "edit+footer")

_SENTENCE_END = re.compile(r"[。！？!?]")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _fill(template: str, rng: random.Random, title: str) -> str:
    date = f"2018年{rng.randint(10, 11)}月{rng.randint(1, 28)}日"
    return template.format(
        site=rng.choice(SITES), name=rng.choice(NAMES), name2=rng.choice(NAMES), date=date, title=title
    )


def add_header(text: str, rng: random.Random, title: str) -> str:
    return _fill(rng.choice(HEADERS), rng, title) + "\n" + text


def add_footer(text: str, rng: random.Random, title: str) -> str:
    return text.rstrip() + "\n" + _fill(rng.choice(FOOTERS), rng, title)


def edit_chars(text: str, rng: random.Random) -> str:
    """0.5-2 % of the Chinese characters substituted, deleted or duplicated (typos, a changed word)."""
    positions = [i for i, ch in enumerate(text) if _CJK.match(ch)]
    pool = [text[i] for i in positions]
    return _edited(text, positions, rng, lambda _chars, _i: rng.choice(pool), lambda _chars, _i: rng.choice(pool))


def _edited(text: str, positions: list[int], rng: random.Random, substitute, insert) -> str:
    """0.5-2 % of ``positions`` of ``text`` edited: 60 % get ``substitute(chars, i)`` for their character, 20 % are
    deleted, 20 % get ``insert(chars, i)`` put before them."""
    if not positions:
        return text
    k = max(1, round(len(positions) * rng.uniform(0.005, 0.02)))
    chars = list(text)
    for i in sorted(rng.sample(positions, min(k, len(positions))), reverse=True):
        op = rng.random()
        if op < 0.6:
            chars[i] = substitute(chars, i)
        elif op < 0.8:
            del chars[i]
        else:
            chars.insert(i, insert(chars, i))
    return "".join(chars)


def truncate(text: str, rng: random.Random, low: float = 0.5, high: float = 1.0) -> str:
    """The first 50-100 % of the text, cut after a sentence end when one is near the cut."""
    cut = int(len(text) * rng.uniform(low, high))
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, cut) if m.end() >= cut - max(20, len(text) // 20)]
    return text[: ends[-1] if ends else cut]


def as_html(text: str, rng: random.Random, title: str) -> str:
    """The article as a saved web page: navigation, paragraphs in <p>, a script block."""
    paras = "".join(f"<p>{p.strip()}</p>\n" for p in text.split("\n") if p.strip())
    return (
        f'<div class="nav"><a href="/">首页</a> &gt; <a href="/news">新闻</a> &gt; 正文</div>\n<h1>{title}</h1>\n'
        f"{paras}<script>var ad = document.createElement('script'); ad.src='//ads.example.com/a.js';</script>\n"
    )


# English reposts (``make_variant_en``): the credit lines are invented here.
SITES_EN = ("Daily Ledger", "Metro Wire", "Harbor Times", "Northfield Post", "Market Brief", "Capital Courier")
NAMES_EN = ("Ann Lee", "Tom Baker", "Maria Gomez", "Paul Chen", "Sara Novak", "David Okafor")
HEADERS_EN = (
    "Reprinted from the {site}",
    "By {name}, {site}",
    "{site} staff report",
    "Originally published by the {site}",
)
FOOTERS_EN = (
    "(Reporting by {name}; Editing by {name2})",
    "Copyright {site}. All rights reserved.",
    "Read more at the {site}.",
    "(This story was first published by the {site})",
)
KINDS_EN = ("header", "footer", "edit", "truncate", "header+truncate+footer", "edit+footer")


def edit_letters(text: str, rng: random.Random) -> str:
    """0.5-2 % of the letters substituted, deleted or doubled (typos, a changed word)."""
    positions = [i for i, ch in enumerate(text) if ch.isalpha()]
    letters = "abcdefghijklmnopqrstuvwxyz"
    return _edited(text, positions, rng, lambda _chars, _i: rng.choice(letters), lambda chars, i: chars[i])


def make_variant_en(text: str, kind: str, rng: random.Random) -> str:
    """``make_variant`` for English text: credit lines of ``HEADERS_EN`` / ``FOOTERS_EN``, letters edited."""
    for step in kind.split("+"):
        fill = {"site": rng.choice(SITES_EN), "name": rng.choice(NAMES_EN), "name2": rng.choice(NAMES_EN)}
        if step == "header":
            text = rng.choice(HEADERS_EN).format(**fill) + "\n" + text
        elif step == "footer":
            text = text.rstrip() + "\n" + rng.choice(FOOTERS_EN).format(**fill)
        elif step == "edit":
            text = edit_letters(text, rng)
        elif step == "truncate":
            text = truncate(text, rng)
        else:
            raise ValueError(f"unknown edit {step!r}")
    return text


def make_variant(text: str, kind: str, rng: random.Random, title: str) -> str:
    for step in kind.split("+"):
        if step == "header":
            text = add_header(text, rng, title)
        elif step == "footer":
            text = add_footer(text, rng, title)
        elif step == "edit":
            text = edit_chars(text, rng)
        elif step == "truncate":
            text = truncate(text, rng)
        elif step == "html":
            text = as_html(text, rng, title)
        else:
            raise ValueError(f"unknown edit {step!r}")
    return text
