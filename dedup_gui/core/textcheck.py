"""The one text check that decides every duplicate: fingerprints propose candidate pairs, this scores them.

Every candidate pair of every algorithm is scored on the two normalised texts (boilerplate removed) with the same
similarity - the number the GUI, the report and ``dup_similarity`` show - and a pair below the safety floor
(``Settings.min_similarity``) is never a duplicate, whatever its fingerprint says.

The similarity of texts A and B, with G(X) the set of character 4-grams of X (whitespace removed) and A the text
with fewer grams:

    overlap  = |G(A) ∩ G(B)|
    jaccard  = overlap / |G(A) ∪ G(B)|
    share    = |G(A)| / |G(B)|                 (how long the shorter text is, relative to the longer)
    contained = overlap / |G(A)|               (how much of the shorter text is found in the longer)

    similarity = max(jaccard, contained)   when excerpts count and share >= excerpt_share
               = jaccard                   otherwise

So a repost truncated to 60 % of its original scores ~1.0 (all of it is in the original), while two write-ups of
one event - shared quotes and facts, different sentences - score low either way (few of their 4-grams coincide),
and a short brief inside a long article (share below the minimum) is judged by Jaccard, i.e. not a duplicate.

Short texts (the shorter under ``SHORT_CHARS`` characters, whitespace removed) have too few 4-grams for that: one
changed character in a 12-character question removes a third of them, while two different questions with the same
opening share most. They are compared character by character instead:

    similarity = 1 - (Levenshtein edits) / (length of the longer text)

and must reach ``SHORT_FLOOR`` (or the safety floor, if higher): about one edit in seven characters. A short text
is an excerpt of nothing; "山东蓝翔怎么样" is not a copy of "山东蓝翔怎么样？谁上过".

Figures decide too. Templated reports - a dividend notice, a market report, a weekly statistic - share nearly all
their words and differ in their numbers; a copy keeps the numbers of what it copies. (A figure written as an English
word is that figure: "seven" is "7", "mln" is "million"; so is a run of Chinese numerals, "十年" is "10年", "三百万元"
is "300万元", "双十一" is "双11", though only a replacement in place counts those, as most are part of a word:
"一名男子" / "两名男子", "78.1亿元" / "78.1万元", "驾照考试科目四" / "科目一", "第十关" / "第四关".) So a pair whose
shorter text has numbers missing from the longer one (at least one, and at least ``FIGURES_MISSING`` of its numbers,
counted with repeats) is not a duplicate, however similar the words. Nor is a pair with fewer missing numbers where
one of them was *replaced in place*: the same words on both sides of it, a different figure between ("TENDER 200 MLN
DLRS" and "TENDER 700 MLN DLRS", "WHEAT MAY7 285 1/4 UP" and "WHEAT MAY7 284 1/4 UP") - the next notice of a series,
or a corrected report, not a copy; figures changed right beside it are part of the change ("UP 1 1/2" / "1/4 UP 1
3/4"). A repost's own lines do not count: a figure that is part of a date or a time ("2018年10月3日", "上午10点",
"April 30", "11:50") may differ between two reposts of one article - a date's year may not, a year for another is
another period (``_replaceable``); so may a figure written another way ("9,148,000" / "9.1 mln", "案例110万元"
/ "案例1 10万元"). A count before a character that also writes dates and times is no date:
"有期徒刑10年" / "7年", "上涨15点" / "21点", "砍下32分" / "28分" are different reports. So are the same figures in
another order in texts a few characters apart (``figures_reordered``: "以3比1战胜" / "以1比3战胜", "Pay April 30
Record April 10" / "Pay April 10 Record March 30"), and the same figure with another unit after it
(``UNIT_CLASSES_ZH``: "有期徒刑3年" / "3个月", "绕行3公里" / "3米", "每日3次" / "每周3次").

Names decide the same way. "...Agriculture Department's officer in Sao Paulo said in a field report." and "...in
Mexico City said..." are two reports from one template, as are "10,000 Canadian dlrs" / "Australian dlrs" and
"Franklin California Insured Tax-Free Income Fund" / "Franklin Massachusetts ...": the words around agree, the name
between them does not. So a pair where a name of one text stands in the other as a different name - a capitalised
word (Latin letters, a month or a weekday too; not opening a line, a quotation or a bracket; opening a sentence,
not a function word such as "It" or "The"), replaced by at most ``REPLACED_SPAN`` words that hold one too, with
``REPLACED_FLANK`` equal words right before and after (or the text's start or end; counted on past words that one
text alone has, a word or more away from it: "Tokai International Ltd is" / "Daiwa International (Europe) Ltd is")
- is not a duplicate (``names_replaced``). A name written another way is the same name: a misspelling ("Wagner" /
"Wegner", "Sanwa" / "Sanwj": fewer than ``NAME_EDITS`` edits, or under a third of its letters), an abbreviation or
a name run together ("Colo" / "Colorado", "Corp" / "Corporation", "Horn" / "VanHorn": one inside the other), a
change of case. Names are read in the texts as written (the normalised texts are in lower case), their markup
taken out, and only where the shorter text has fewer than ``NAME_CHARS`` characters: in a notice or a sentence the
name is what it is about, in a long article a name changed in one place is a correction or a repost's own credit
line. "Amoco Corp said it raised ..." / "Diamond Shamrock said it raised ..." are two companies; "Markel did not
elaborate" / "It did not elaborate" one sentence. Texts fewer than ``NAME_EDITS`` characters apart have no name
replaced (two typos in one name make no other name).

Chinese names have no capitals; places can be told by a dictionary (``places``: what jieba tags as a place). One
template for several cities - "北京市气象台发布..." / "上海市气象台发布...", "本报杭州电" / "本报广州电" - is several
reports: a pair where Chinese characters between two equal characters on each side (or the text's start or end)
are replaced by others, and on each side they are a place name (alone or with the equal characters around them), is
not a duplicate (``_place_replaced``), in texts at most ``PLACE_EDITS`` characters apart (a template for
another city differs in the city and a few words). One character is enough ("杭州" / "广州"), so a typo that
happens to write another place keeps the pair too; a place's level written another way ("九江县" / "九江市") is the
same place. A source ("据新华社消息" / "据中新社消息") or a person is no place. In a short text (a question, a
title) one character written for its opposite (``OPPOSITES``: 高/低, 上/下, 男/女...) between the same characters is
another question too ("额头低的女明星" / "额头高的女明星"); the two swapped ("女人和男人" / "男人和女人") are not. In a
longer text (under ``OPPOSITE_CHARS``) so is every opposite but a day's (``DAY_OPPOSITES``: "今天" / "昨天" is a
repost of the day after), and a word written for its opposite word (``OPPOSITE_WORDS_ZH``: "上涨" / "下跌"). Two
parts swapped (``parts_swapped``: "甲队3比1战胜乙队" / "乙队3比1战胜甲队") say who did what to whom the other way round.
In English, in texts under ``NAME_CHARS`` characters, a word written for its opposite (``OPPOSITE_WORDS``:
"increase" / "decrease", "exports" / "imports", "a year" / "a day"; a country for another, ``COUNTRIES``: "Iran" /
"Iraq") between the same words is another statement (``opposite_word_replaced``).

Negations decide too: "孕妇可以吃饼干吗" / "孕妇不可以吃饼干吗" and "the merger was approved" / "the merger was not
approved" say opposite things. A pair where one text has a negation (``NEGATIONS``) added to the same words (or, in a
short pair, a Chinese one in place of another character), with ``REPLACED_FLANK`` equal words after it and before it
(or the text's start), is not a duplicate (``negation_replaced``), in texts under ``NAME_CHARS`` characters as names
and at most ``PLACE_EDITS`` characters apart (a repost with a dozen typos, one of which erases a 不, is a copy). A
question asked as "有没有" or "是不是" (the same word on both sides), one ending in "不？", a character typed twice,
and words that hold the character in another sense ("非常", "未来") are no negation.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from functools import cache, lru_cache
from itertools import chain, combinations, groupby
from typing import Any, NamedTuple, cast

import numpy as np

from . import regexes
from .columnar import lengths_of
from .text import (
    SEP,
    cached_code_points,
    find_sorted,
    has_markup,
    join_column,
    mix64,
    overlap,
    owners,
    per_slice,
    position_runs,
    row_hashes,
    sorted_unique,
    span_hashes,
    span_positions,
    string_hash,
    string_hashes,
    strip_html,
    strip_html_each,
    unique_counts,
    utf32,
)

SIMILARITY_GRAM = 4  # the common similarity every pair carries is computed on character 4-grams
SHORT_CHARS = 40  # a pair whose shorter text has fewer characters is compared character by character
SHORT_FLOOR = 0.85  # ... and must be at least this similar


FIGURES_MISSING = 0.2  # share of the shorter text's numbers that, missing from the longer, makes them different
# (a whole number and a fraction joined by a hyphen are one figure, Reuters' "6-3/16 pct": "trading at six pct" /
# "trading at 6-3/16 pct" was removed as a copy, the 6 and the 3/16 read as two figures)
_NUMBER = regexes.compile(r"\d+(?:[.,:/]\d+)*(?:-\d+/\d+(?:[.,:/]\d+)*)*")
_NUMBER_OR_WORD = regexes.compile(_NUMBER.pattern + "|[A-Za-z]+")


def _figure_matches(text: str) -> Iterator[tuple[int, str]]:
    """Where each figure of a text begins, and the figure: each number without its commas, each figure written as
    an English word as what it stands for (``FIGURE_WORDS``: "seven" is "7", "mln" is "million")."""
    for at, value, _ in _figure_spans(text):
        yield at, value


def _figure_spans(text: str) -> Iterator[tuple[int, str, str]]:
    """``_figure_matches``, each with the figure as written."""
    for m in _NUMBER_OR_WORD.finditer(text):
        w = m.group()
        value = w.replace(",", "") if w[0].isdecimal() else FIGURE_WORDS.get(w.lower())
        if value is not None:
            yield m.start(), value, w


def _figure_strings(text: str) -> list[str]:
    """The figures of a text in order (``_figure_matches``)."""
    return [value for _, value in _figure_matches(text)]


def figures(text: str) -> Counter[str]:
    """The figures of a text, with repeats ("1,979,000" and "1979000" are the same figure, "seven" and "7" too)."""
    return Counter(_figure_strings(text))


def _figure_sequence(text: str) -> list[str]:
    """The figures of a text (``_figure_matches``) and its runs of Chinese numerals (``chinese_figures``, marked
    ``_CN_RUN_MARK``) in the order they stand."""
    return [w for w, _ in _figure_items(text)]


def _figure_items(text: str) -> list[tuple[str, int]]:
    """``_figure_sequence``, each figure with the multiplier written after it when it is in digits
    (``_scale_code``), 0 for the others."""
    found = [(at, w, _scale_code(text, at + len(m)) if m[0].isdecimal() else 0) for at, w, m in _figure_spans(text)]
    found += [(m.start(), _CN_RUN_MARK + m.group(), 0) for m in _CN_RUN_RE.finditer(text)]
    found.sort()
    return [(w, code) for _, w, code in found]


def figures_reordered(a: str, b: str) -> bool:
    """True when two texts at most ``PLACE_EDITS`` characters apart have the same figures (in digits or words:
    ``_figure_strings``) in another order: a score or a count written the other way round ("上海队以3比1战胜北京队"
    / "以1比3", "新增确诊病例5例，无症状感染者12例" / "病例12例，无症状感染者5例", "Pay April 30 Record April 10"
    / "Pay April 10 Record March 30"): the same words and numbers, another statement. (Further apart, figures move
    with the sentences a repost moves.) Runs of Chinese numerals are not read: most are part of a word ("一些",
    "十分"), and two typos that write one and take another away ("笑称" typed "笑一", "一跃" typed "不跃": planted
    edits of the 100k bench articles) move it."""
    from rapidfuzz.distance import Levenshtein

    x, y = _figure_strings(a), _figure_strings(b)
    return (
        len(x) >= 2
        and x != y
        and Counter(x) == Counter(y)
        and Levenshtein.distance(a, b, score_cutoff=PLACE_EDITS + 1) <= PLACE_EDITS
    )


EDGE_LINE_CHARS = 60  # a header or a credit line is shorter than this (``_edge_dates``)
_DIGITS = regexes.compile(r"\d+")
# A date or a time as a repost's own header or credit line writes it: "来源：今日快报　2018年11月6日", "2018-11-06
# 10:30 来源：…", "声明：本文转载自…，2018年11月6日".
_DATE_SPAN = regexes.compile(
    r"\d{2,4}年\d{1,2}月(?:\d{1,2}[日号])?|\d{1,2}月\d{1,2}[日号]|\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}:\d{2}(?::\d{2})?"
)


def _edge_dates(short: str, long: str) -> Counter[str]:
    """The figures of the dates and times (``_DATE_SPAN``) in the first and the last line of ``short`` where
    ``long`` lacks that line and it is a line of its own, under ``EDGE_LINE_CHARS`` characters: a repost's own
    header or credit line, which dates it ("来源：今日快报　2018年11月6日" over a truncated article: its 2018, 11 and
    6 were numbers the article lacks, and the repost another report) - every figure of such a line when it credits
    a source or gives the original title (``keep.has_repost_marker``: "原标题：明年5大自由球员预测…"). (A longer line
    is the article itself: "新浪娱乐讯 北京时间10月31日消息，…发布新海报" / "…11月1日消息，…发布IMAX版海报" are two
    reports.)"""
    if "\n" not in short:
        return Counter()
    first, _, rest = short.partition("\n")
    last = rest.rpartition("\n")[2]
    out: Counter[str] = Counter()
    from .keep import has_repost_marker

    for line in (first, last):
        if not (line.strip() and len(line) < EDGE_LINE_CHARS and _DIGITS.search(line)):
            continue
        # A repost's credit or the article's original title ("原标题：明年5大自由球员预测…", "来源：…"): all its figures
        # are the repost's own; any other line, its dates and times.
        credit = has_repost_marker(line)
        if not credit and not _DATE_SPAN.search(line):
            continue
        # (a line the other text has with other figures is no repost's own: "MIDWEST GRAIN FUTURES 12:01 EDT" /
        # "... 11:10 EDT" are two reports of the day)
        if _DIGITS.sub("", line).strip() not in _DIGITS.sub("", long):
            if credit:
                out.update(_figure_strings(line))
            else:
                for m in _DATE_SPAN.finditer(line):
                    out.update(_figure_strings(m[0]))
    return out


def figures_differ(a: str, b: str) -> bool:
    """True when the shorter text carries numbers the longer one does not (see the module docstring); the dates of
    a header or a credit line only the shorter has (``_edge_dates``) do not count."""
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    mine, theirs = figures(short), figures(long)
    if mine == theirs and figures_reordered(short, long):
        return True
    own = _edge_dates(short, long)
    if own:
        mine -= own
    lacking = mine - theirs
    missing = sum(lacking.values()) if mine else 0
    if missing >= 1 and missing >= FIGURES_MISSING * sum(mine.values()):
        # (figures the longer text writes in Chinese numerals are read in place: "拿下26分" / "拿下二十六分")
        return not _in_numerals(lacking, short, long) or figure_replaced(short, long)
    if missing >= 1:
        return figure_replaced(short, long)
    # A Chinese numeral the longer text lacks, when it has a figure the shorter one lacks too (a replacement changes
    # both sides; an edit that puts a numeral in changes one: "求一个" / "求个").
    mine_cn, theirs_cn = chinese_figures(short), chinese_figures(long)
    if mine_cn - theirs_cn and (theirs - mine or theirs_cn - mine_cn):
        return figure_replaced(short, long)
    return False


def _in_numerals(lacking: Counter[str], short: str, long: str) -> bool:
    """Whether every figure ``lacking`` (of ``short``, with repeats) is the value of a run of Chinese numerals that
    ``long`` has and ``short`` lacks (``chinese_words``: "二十六" is 26, "三百万" is 300 and 万): the same figure
    written in words in the longer text, when ``figure_replaced`` reads it so in place. (Only the shorter text's
    figures are counted: where the shorter one has the numerals, ``figures_differ`` reads the pair in place too.)"""
    values: Counter[str] = Counter()
    for run, n in (chinese_figures(long) - chinese_figures(short)).items():
        for word in chinese_words(run):
            if word[0] != _MULTIPLIED:
                values[word] += n
    return not lacking - values


# Figures written as words, by what they stand for: "four months" is "4 months", "200 mln" is "200 million".
_UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety"
FIGURE_WORDS: dict[str, str] = {
    **{w: str(i) for i, w in enumerate((_UNITS + " seventeen eighteen nineteen").split())},
    **{w: str(20 + 10 * i) for i, w in enumerate(_TENS.split())},
    **{w: w for w in "hundred thousand million billion trillion".split()},
    "mln": "million",
    "bln": "billion",
    # ("expects to cut rates twice before the end of the year" / "…three times…": removed as a copy)
    "twice": "2",
    "thrice": "3",
}
# Chinese numerals: a run of them is a figure ("十年" is "10年", "三百万元" is "300万元", "双十一" is "双11"). Most
# are part of a word (一些, 一起, 统一, 十分) or of a date (十月三日), so only one replaced in place by another figure
# counts (``figure_replaced``): "一些" / "这些" is a word, "一名男子" / "两名男子" and "科目四" / "科目一" are figures.
_CN_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"〇": 0, "两": 2}
_CN_UNITS = {"十": 10, "百": 100, "千": 1000}
_CN_NUMERALS = "".join(_CN_DIGITS) + "十百千万亿"
_CN_NUMERAL = frozenset(_CN_NUMERALS)
CHINESE_NUMERALS = _CN_NUMERAL  # (``core.doubt`` leaves them to the figures)

# A text read as words for ``figure_replaced``: a number (as ``_NUMBER`` reads it), a run of Latin letters, a run
# of Chinese numerals, or any other character on its own (a Chinese character is a word).
_WORD = regexes.compile(_NUMBER_OR_WORD.pattern + f"|[{_CN_NUMERALS}]+" + r"|\S")


def chinese_words(run: str) -> list[str]:
    """A run of Chinese numerals as the words ``_words`` makes of the same figure written in digits: each part
    before 万 or 亿 by its value ("三百万" is "300万", "三亿五千万" is "3亿5000万", "一万二千" is "1万2000"), the
    multipliers as ``_MULTIPLIED`` words."""
    return [_MULTIPLIED + part if part[0] in "万亿" else chinese_value(part) for part in _CN_SECTIONS.findall(run)]


def chinese_value(run: str) -> str:
    """The value of a run of Chinese numerals without 万 or 亿, in digits: "十" 10, "二十三" 23, "一百零五" 105; a
    run without 十/百/千 either is read digit by digit ("二〇一八" 2018)."""
    if not any(c in _CN_UNITS for c in run):
        return "".join(str(_CN_DIGITS[c]) for c in run).lstrip("0") or "0"
    section = number = 0
    for c in run:
        if c in _CN_DIGITS:
            number = _CN_DIGITS[c]
        else:
            section += (number or 1) * _CN_UNITS[c]
            number = 0
    return str(section + number)


# 万 and 亿 after a figure (in digits or Chinese numerals) are read as a word of their own that is a figure, as
# "million" is: "300万" and "三百万" are "300" and "×万"; "万" elsewhere ("万一", "千万不要") is a character.
_MULTIPLIED = "×"
# A run of Chinese numerals among the figures of ``_figure_sequence``: marked apart from a figure's digits.
_CN_RUN_MARK = _MULTIPLIED * 2
_CN_SECTIONS = regexes.compile("[万亿]+|[^万亿]+")


def chinese_figures(text: str) -> Counter[str]:
    """The runs of Chinese numerals of a text, as written, with repeats. A pair whose shorter text has one the
    longer lacks, while the longer has a figure the shorter lacks too, is read by ``figure_replaced``, which counts
    a run replaced in place by another figure (and nothing else: most are part of a word): "驾照考试科目四" / "科目一",
    "纪念碑谷第十关" / "第四关", "高一必修二数学" / "必修四" are different questions."""
    return Counter(_CN_RUN_RE.findall(text))


_CN_RUN_RE = regexes.compile(f"[{_CN_NUMERALS}]+")

# -- a figure's multiplier ---------------------------------------------------------------------------------------

# The multiplier written right after a figure in digits: one or two of these ("5000万元", "3千万", "1万亿"), or a
# multiplier word (``_MULTIPLIERS``: "12.5 mln dlrs", "3 billion"), after at most one of ``_SCALE_SKIP``.
_MULTIPLIER_CHARS = "万亿千百"
_SCALE_SKIP = "余多- \n\t\r\u3000"  # ("5000余万", "12.5 mln", "50-mln-dlr", a line broken between: "16\nmln")
_LATIN_RUN = regexes.compile(r"[A-Za-z]+")
_TWO_MULTIPLIERS = 21  # a second multiplier's code point is put above the first's (below 2**21)


SCALE_CONTEXT = 3  # characters (spaces not counted) before a figure that say where it stands (``scale_changed``)


def _scale_code(text: str, end: int) -> int:
    """The multiplier written after the figure in digits that ends at ``end`` of ``text``, as a number: 1 for
    none; the multiplier's code point (a second one's above it) or the hash of the word's value (``FIGURE_WORDS``:
    "mln" is "million"), with bit 1 set. ``_slice_numbers`` works the same out for a column at once."""
    return _scale_at(text, end)[0]


def _scale_at(text: str, end: int) -> tuple[int, int]:
    """``_scale_code``, and where the text goes on after the multiplier (after the figure, and a character of
    ``_SCALE_SKIP``, when it has none)."""
    if end < len(text) and text[end] in _SCALE_SKIP:
        end += 1
    if end >= len(text):
        return 1, end
    c = text[end]
    if c in _MULTIPLIER_CHARS:
        second = end + 1 < len(text) and text[end + 1] in _MULTIPLIER_CHARS
        return (ord(c) | (ord(text[end + 1]) << _TWO_MULTIPLIERS if second else 0)) | 2, end + 1 + second
    if "A" <= c <= "Z" or "a" <= c <= "z":
        word = cast(re.Match, _LATIN_RUN.match(text, end)).group()
        value = FIGURE_WORDS.get(word.lower())
        if value in _MULTIPLIERS:
            return _multiplier_code(value), end + len(word)
    return 1, end


@cache
def _multiplier_code(value: str) -> int:
    """``_scale_code`` of a multiplier word's value (a few such values: hashed once each, not per figure - a
    ``string_hash`` is a handful of numpy calls, 10 % of the text check of 100k English sentences)."""
    return (string_hash(value) & int(_FIGURE_HASH)) | 2


_SPACES = regexes.compile(r"\s+")


def _scaled_numbers(text: str) -> list[tuple[str, int, str, str]]:
    """Each figure in digits of a text (without its commas, as ``figures`` reads it) with the multiplier written
    after it (``_scale_code``), and where it stands: the ``SCALE_CONTEXT`` characters before it and the two after
    its multiplier (spaces not counted)."""
    out = []
    for m in _NUMBER.finditer(text):
        code, after = _scale_at(text, m.end())
        before = _SPACES.sub("", text[max(0, m.start() - 4 * SCALE_CONTEXT) : m.start()])[-SCALE_CONTEXT:]
        out.append((m.group().replace(",", ""), code, before, _SPACES.sub("", text[after : after + 8])[:2]))
    return out


def scale_changed(a: str, b: str) -> bool:
    """True when a figure in digits is written with a multiplier in one text and without it, or with another, in
    the other, where it stands in both: "罚金5000万元" / "罚金5000元", "约520万人次" / "约520人次", "12.5 mln dlrs" /
    "12.5 dlrs". ``figures_differ`` reads the figures alone (a multiplier the longer text adds is a figure more
    there, which an excerpt may have), and a random edit may take such a character out as well as a typo in
    another word: such a pair is kept for the user to check (``pipeline``, ``core.doubt.held_pairs``).

    Read for a figure both texts have as often, with other multipliers (what ``_scale_candidates`` finds of every
    pair at once): then one of its places in one text (the characters before the figure and after its multiplier)
    is one of the other's, where the figure has none of the multipliers it has there. (A header that repeats a
    title's "3万元" in a repost cut short, which lacks a "3年" further on, has the figure as often with other
    multipliers, each where it stands in the other text.)"""
    x, y = _scaled_numbers(a), _scaled_numbers(b)
    if not any(code > 1 for _, code, _, _ in x) and not any(code > 1 for _, code, _, _ in y):
        return False
    counts_x, counts_y = Counter(f for f, _, _, _ in x), Counter(f for f, _, _, _ in y)
    for figure in counts_x.keys() & counts_y.keys():
        if counts_x[figure] != counts_y[figure]:
            continue
        mine = [(code, place) for f, code, *place in x if f == figure]
        theirs = [(code, place) for f, code, *place in y if f == figure]
        if sorted(c for c, _ in mine) == sorted(c for c, _ in theirs):
            continue
        for one, other in ((mine, theirs), (theirs, mine)):
            for code, place in one:
                there = {c for c, p in other if p == place}
                if there and code not in there:
                    return True
    return False


# Each month's name, in full and abbreviated, and its number.
MONTH_NUMBER = {
    name: k % 12 + 1
    for k, name in enumerate(
        "january february march april may june july august september october november december "
        "jan feb mar apr may jun jul aug sep oct nov dec".split()
    )
} | {"sept": 9}
_MONTHS = frozenset(MONTH_NUMBER)
# What a figure is a part of a date or a time by (``_is_date``): the word after it, the words around it.
_CLOCK = frozenset("时時点點")
_DAY_AFTER_MONTH = frozenset("号號")  # a day only after a month: "10月3号", not "3号线"
_O_CLOCK_AFTER = frozenset("半整钟鐘许")  # "8点半", "8点整", "8点钟", "17时许"
# The last character of what comes before a time of day ("上午8点", "晚上8点", "凌晨3点", "今天10点", "3日10点").
_DAY_PART_BEFORE = frozenset("午上晨晚早天日号號夜里今明昨")
REPLACED_SPAN = 3  # a replaced figure is at most this many words on either side ...
REPLACED_FLANK = 2  # ... with at least this many equal words before and after it


_DECIMAL_ZEROS = regexes.compile(r"^(\d+)\.(\d*?)0+$")
_NOT_DIGIT = regexes.compile(r"\D")
_FRACTION = regexes.compile(r"[1-9]\d?/[1-9]\d?")  # "1/2", "3/4", "15/16": a price's fraction of a unit


def _figure_key(number: str) -> str:
    """A number as ``figure_replaced`` compares it: its digits only, without zeros that do not change its value
    ("5.0" and "5", "00708" and "708") - so a figure that differs only in how it is written or punctuated ("2.29"
    mistyped "229", "1,979,000" and "1979000") is the same figure. A fraction keeps its slash ("1/2" is no day of
    a month: ``_is_date``)."""
    if _FRACTION.fullmatch(number):
        return number
    bare = _DECIMAL_ZEROS.sub(lambda m: m[1] + (f".{m[2]}" if m[2] else ""), number)
    return _NOT_DIGIT.sub("", bare).lstrip("0") or "0"


def _written_date(number: str) -> bool:
    """A number that is a time of day ("11:50") or a date with two slashes ("2024/3/9") as written."""
    return ":" in number or number.count("/") >= 2


def _words(text: str) -> list[str]:
    """The words of a text (``_WORD``): numbers by ``_figure_key`` (a date or time keeps its separators, which
    ``_is_date`` reads), Chinese numerals as the same figure in digits (``chinese_words``), letters in lower case,
    a figure written as a word as what it stands for (``FIGURE_WORDS``).

    Most words of Chinese text are a Chinese character that is no numeral, a word as it is: runs of them
    (``_plain_run``) are split off and taken a run at a time, the rest read word by word (``_words_of``). The 614
    pairs ``figure_replaced`` read at 100k bench articles: 0.32 s against 0.40 with every character a step of the
    loop. Between two runs there is mostly one sign ("，", "。"), a word as it is (at 4k bench articles 8.5k of the
    pieces read; the 37 pairs read there: 35 -> 32 ms). A text with no Chinese character at all is read as
    Latin text (``_latin_words``)."""
    if text.isascii() or not (_CHINESE.search(text) or any(c in text for c in _NOT_LOWERED_ALONE)):
        return _latin_words(text)
    out: list[str] = []
    pieces = _plain_run().split(text)  # the text between runs, then a run, then the text after it...
    for i in range(0, len(pieces) - 1, 2):
        piece = pieces[i]
        if len(piece) == 1 and not piece.isalnum() and not piece.isspace():
            out.append(piece)  # (what ``_words_of`` makes of one sign)
        elif piece:
            _words_of(piece, out)
        out += pieces[i + 1]  # (a character a word)
    _words_of(pieces[-1], out)
    return out


def _latin_words(text: str) -> list[str]:
    """``_words`` of a text without Chinese characters or numerals (English): its words are letters, figures and
    signs, so the text is lower-cased once and only its figures are read one by one. The characters whose lower
    case is not their own, one character alone (``_NOT_LOWERED_ALONE``: "İ", the Kelvin sign that becomes "k",
    the sigma that ends a word) are not in such a text, so it gives the same words, each lower-cased (the 250 posts
    that ``figure_replaced`` reads in 20 Newsgroups: their words 0.32-0.34 -> 0.14-0.24 s)."""
    words = _WORD_LOWERED.findall(text.lower())
    if not _DIGIT.search(text):
        return list(map(FIGURE_WORDS.get, words, words))
    get = FIGURE_WORDS.get
    return [get(w, w) if not w[0].isdecimal() else w if _written_date(w) else _figure_key(w) for w in words]


# ``_WORD`` in such a text once lower-cased: letters, figures, a sign (letters first: the commonest, 30 % faster).
_WORD_LOWERED = regexes.compile(r"[a-z]+|" + _NUMBER.pattern + r"|\S")
# The characters a text is read word by word for (``_words``), beside the Chinese characters of ``_CHINESE``: the
# three of ``_latin_words`` and the numeral "〇". Looked for as they are: a character class of them took 0.7 ms to
# compile, with the Chinese characters' range 2 ms - of every job's start.
_NOT_LOWERED_ALONE = "\u0130\u212a\u03a3\u3007"
_DIGIT = regexes.compile(r"\d")


def _words_of(text: str, out: list[str]) -> None:
    """``_words`` of ``text``, word by word, added to ``out`` (the words before it: a multiplier reads the last)."""
    add = out.append
    for w in _WORD.findall(text):
        c = w[0]
        if "\u4e00" <= c <= "\u9fff" and c not in _CN_NUMERAL:  # a Chinese character, as it is
            add(w)
        elif c.isdecimal():
            add(w if _written_date(w) else _figure_key(w))
        elif c in _CN_NUMERAL:
            if len(w) > 1 and w.count(c) == len(w):  # one numeral again and again ("一一列举", "两两"): no number
                out += chinese_words(c) * len(w) if c not in "万亿" else [c] * len(w)
                continue
            words = chinese_words(w)
            if words[0][0] == _MULTIPLIED and not (out and out[-1][0].isdecimal()):
                words[0] = words[0][1:]  # 万 or 亿 after no figure is a character ("万期", a typo of "一期")
            out += words
        else:
            w = w.lower()
            add(FIGURE_WORDS.get(w, w))


def _plain_class() -> str:
    """A character class of the Chinese characters (U+4E00-U+9FFF) that are no numeral."""
    cut = sorted(ord(c) for c in _CN_NUMERAL if "\u4e00" <= c <= "\u9fff")
    ranges, lo = [], 0x4E00
    for cp in [*cut, 0xA000]:
        if cp > lo:
            ranges.append(f"{chr(lo)}-{chr(cp - 1)}" if cp - 1 > lo else chr(lo))
        lo = cp + 1
    return "[" + "".join(ranges) + "]"


@lru_cache(maxsize=1)
def _plain_run() -> re.Pattern[str]:
    """A run of such characters, each a word of ``_WORD`` on its own (no number, letter or numeral run can take one
    in). Compiled when first needed (1.8 ms: most jobs read no pair word by word)."""
    return regexes.compile(f"(?s)({_plain_class()}+)")


_MULTIPLIERS = frozenset(FIGURE_WORDS.values()) - {str(i) for i in range(100)}


def _is_figure(word: str) -> bool:
    return word[0].isdecimal() or _is_multiplier(word)


def _is_multiplier(word: str) -> bool:
    """A multiplier word: "million", "×万" (not "×" alone)."""
    return word in _MULTIPLIERS or (word[0] == _MULTIPLIED and len(word) > 1)


def _is_date(words: list[str], k: int) -> bool:
    """Whether the figure ``words[k]`` is part of a date or a time: a time of day ("11:50"), a date written with
    two slashes, a figure before am/pm, beside a month's name, in a run of figures joined by hyphens
    ("2018-10-03"), or a Chinese date or time (``_chinese_date``)."""
    if _written_date(words[k]):
        return True
    before = words[k - 1] if k > 0 else ""
    after = words[k + 1] if k + 1 < len(words) else ""
    if after in ("am", "pm") or _chinese_date(words, k, after):
        return True
    if _day_or_year(words[k]) and (before in _MONTHS or (after in _MONTHS and not _dated_after(words, k + 1))):
        return True
    return _hyphen_date(words, k)


def _dated_after(words: list[str], month: int) -> bool:
    """Whether the month's name ``words[month]`` has its day after it ("Sep 7", a futures contract "SEP7"), not
    only a year: a figure before it is then no day of it - "JUL7 281 1/2 UP 3/4\nSEP7 277" / "…UP 1\nSEP7 277", two
    hours' prices of a grain market, had been removed as copies of each other with "1 SEP" read as a date. (A
    day before the name and a year after it are one date: "1 Sep 1987".)"""
    following = words[month + 1] if month + 1 < len(words) else ""
    return following.isdecimal() and len(following) <= 2


def _hyphen_date(words: list[str], k: int) -> bool:
    """Whether the figure ``words[k]`` is part of a date written with hyphens: a run of figures joined by hyphens
    that is a year with figures of one or two digits ("2018-10-03", "1987-88") or a month and a day, either way
    round, with a two-digit year or none ("10-03", "3-15-87"). Any other such run is a range of figures or a
    number written in parts, and each of them counts: "us 1-3 210-260 lbs 51.00-51.50" / "us 1-3 220-260 lbs
    51.00-51.50" are two reports (100k English bench sentences: removed as copies of each other while every hyphen
    made a date), and "the number to call is (407) 724-3937" / "…724-3818" a notice and its correction (20
    Newsgroups: the correction was removed as a copy while four digits made a year)."""
    lo, hi = _hyphen_run(words, k, k + 1)
    parts = words[lo:hi:2]
    if len(parts) < 2 or not all(p.isdecimal() for p in parts):
        return False
    if any(map(_is_year, parts)) and all(len(p) <= 2 or _is_year(p) for p in parts):
        return True
    if len(parts) > 3 or any(len(p) > 2 for p in parts):
        return False
    first, second = int(parts[0]), int(parts[1])
    return (1 <= first <= 12 and 1 <= second <= 31) or (1 <= first <= 31 and 1 <= second <= 12)


def _day_or_year(word: str) -> bool:
    """A figure that can be a day or a year beside a month's name ("April 30", "30 April", "May 1987", "MAY7"): a
    whole number of one, two or four digits - not a fraction or a larger figure ("UP 1 3/4 JUL7" is a price)."""
    return word.isdecimal() and len(word) in (1, 2, 4)


def _chinese_date(words: list[str], k: int, after: str) -> bool:
    """Whether the figure ``words[k]`` (followed by ``after``) is a Chinese date or time: a year of four digits
    before 年 (or one of two followed by a month: "18年10月"), a month of 1-12 before 月, a day of 1-31 before 日 (or
    before 号 after a month: "10月3号"), an hour of 0-24 before 时, or before 点 said of a time ("8点30分",
    "8点半", "上午8点"), and the minutes and seconds after one ("10时30分", "10点30分15秒"). The same characters
    after a figure that is not one of those are a unit of what is counted - years, points, a score - and such a
    figure counts: "有期徒刑10年" / "7年", "上涨15点" / "21点", "砍下32分" / "28分" are different reports."""

    def figure_then(i: int, unit: str) -> bool:  # a figure at ``i``, followed by ``unit``
        return 0 <= i < len(words) - 1 and words[i][0].isdecimal() and words[i + 1] == unit

    word = words[k]
    v = int(word) if word.isdecimal() and len(word) <= 4 else -1  # (a decimal's key holds its digits)
    before = words[k - 1] if k > 0 else ""
    if after == "年":
        return len(word) == 4 or (len(word) == 2 and figure_then(k + 2, "月"))
    if after == "月":
        return 1 <= v <= 12
    if after == "日" or (after in _DAY_AFTER_MONTH and before == "月"):
        return 1 <= v <= 31
    if after in _CLOCK:
        if not 0 <= v <= 24:
            return False
        if after in "时時":
            return True
        o_clock = k + 2 < len(words) and words[k + 2] in _O_CLOCK_AFTER
        return figure_then(k + 2, "分") or o_clock or before in _DAY_PART_BEFORE
    if after == "分":  # the minutes of "10时30分" (the hour's own test says the word before it is an hour)
        return 0 <= v <= 59 and before in _CLOCK and k >= 2 and _chinese_date(words, k - 2, before)
    if after == "秒":  # the seconds of "10点30分15秒"
        return 0 <= v <= 59 and before == "分" and k >= 2 and _chinese_date(words, k - 2, before)
    return False


_CONTEXT = 60  # characters kept on each side of a passage where two texts differ
_ELIDED = "\ufffe"  # what stands for the rest of a long passage the two texts share (a word of its own)
# A text cut into lines and sentences (each with its ending), the units two texts are first aligned by.
_SEGMENT = regexes.compile(r"[^\n。！？!?.]*(?:[\n。！？!?]+|\.+|$)")


def _segments(text: str) -> list[str]:
    return [s for s in _SEGMENT.findall(text) if s]


def _differing_passages(a: str, b: str, levenshtein, context: int = _CONTEXT) -> tuple[str, str]:
    """The two texts with every long passage they share cut down to its first and last ``context`` characters,
    the same in both: what ``figure_replaced`` reads word by word. Two near-copies of 3,000 characters differing
    in a figure become a few dozen words each.

    The texts are aligned (fewest edits) line by line and sentence by sentence first, then character by character
    within the sentences that differ, in a tenth of the time of one alignment of every character on long texts (it
    costs the product of the two lengths). The two can align a repeated or moved sentence differently; on every
    pair of 20 Newsgroups, 100k articles and eval_real that the text check read they gave the same answer.

    A passage both share is no longer than the shorter text: when that is at most ``2 x context`` characters,
    nothing is cut and the texts come back as they are, unaligned (100k English sentences: 1.7k pairs)."""
    if min(len(a), len(b)) <= 2 * context:
        return a, b
    return _aligned_passages(a, b, levenshtein, context)


def _aligned_passages(a: str, b: str, levenshtein, context: int) -> tuple[str, str]:
    """``_differing_passages``, the texts aligned whatever their length."""
    pieces: list[tuple[str, str | None]] = []  # (text of a, text of b, or None where both have the text of a)
    sa, sb = _segments(a), _segments(b)
    for op in levenshtein.opcodes(sa, sb):
        pa = "".join(sa[op.src_start : op.src_end])
        if op.tag == "equal":
            pieces.append((pa, None))
            continue
        pb = "".join(sb[op.dest_start : op.dest_end])
        if not pa or not pb:
            pieces.append((pa, pb))
            continue
        for c in levenshtein.opcodes(pa, pb):
            x = pa[c.src_start : c.src_end]
            pieces.append((x, None if c.tag == "equal" else pb[c.dest_start : c.dest_end]))
    cut_a, cut_b = [], []
    for shared, run in groupby(pieces, key=lambda piece: piece[1] is None):
        if not shared:
            for x, y in run:
                cut_a.append(x)
                cut_b.append(y or "")
            continue
        text = "".join(x for x, _ in run)
        if len(text) > 2 * context:
            text = text[:context] + _ELIDED + text[-context:]
        cut_a.append(text)
        cut_b.append(text)
    return "".join(cut_a), "".join(cut_b)


def figure_replaced(a: str, b: str) -> bool:
    """True when a figure of one text stands in the other, in the same words, as a different figure: in the
    word-by-word alignment (fewest edits) of the passages where the two differ (``_differing_passages``), a
    replacement of at most ``REPLACED_SPAN`` figures by as many figures (numbers or number words), none of them part
    of a date or time, with ``REPLACED_FLANK`` equal words before and after it. Other such changes of figures
    next to it are part of it: "UP 1 1/2" / "1/4 UP 1 3/4" (a figure added before), "5.96 pct 5.98 pct" / "5.98 pct
    5.94 pct" (two figures of one table row), where the words between do not reach the flank on their own.

    In a short pair (a question, a title: the shorter text under ``SHORT_CHARS`` characters) the text's start or
    end, or only signs before or after the figure, will do for a flank - "驾照考试科目四" / "驾照考试科目一？". (In a
    longer text a figure at its very end is more often a repost's own count than what it reports.)"""
    from rapidfuzz.distance import Levenshtein  # loaded when a pair with a missing figure is first read

    ends = min(len(a), len(b)) < SHORT_CHARS
    if ends:  # (signs at either end aligned first would stand between: "科目四" / "科目一？")
        a, b = _EDGE_SIGNS.sub("", a), _EDGE_SIGNS.sub("", b)
    whole = (a, b)
    a, b = _differing_passages(a, b, Levenshtein)
    all_a, all_b = _words(a), _words(b)
    (wa, at_a), (wb, at_b) = _replaceable_figures(all_a), _replaceable_figures(all_b)
    ops = Levenshtein.opcodes(wa, wb)
    changed = [op.tag != "equal" and _figures_changed(op, (all_a, at_a), (all_b, at_b)) for op in ops]
    runs = _edit_runs(ops)
    # A run of edits that changes figures and one word beside them is a figure changed too (``_figures_and_a_word``).
    for first, last in runs:
        lo, hi = ops[first], ops[last]
        src, dest = wa[lo.src_start : hi.src_end], wb[lo.dest_start : hi.dest_end]
        if all(changed[first : last + 1]) or max(len(src), len(dest)) > REPLACED_SPAN + 1:
            continue
        sides = ((all_a, at_a, lo.src_start, hi.src_end), (all_b, at_b, lo.dest_start, hi.dest_end))
        flags = [[_replaceable(words, k if at is None else at[k]) for k in range(i, j)] for words, at, i, j in sides]
        if _figures_and_a_word(src, dest, flags[0], flags[1]):
            changed[first : last + 1] = [True] * (last + 1 - first)
    # Edits side by side that are one figure written another way are no figure changed: the same figures run
    # together ("案例110万元" / "案例1\n10万元", a line break lost; "x505g" / "x50 5g"), or a multiplier word on one
    # side only ("9,148,000" / "9.1 mln", "12000人" / "1.2万人": rounded or scaled).
    for first, last in runs:
        if all(changed[first : last + 1]):
            lo, hi = ops[first], ops[last]
            src, dest = wa[lo.src_start : hi.src_end], wb[lo.dest_start : hi.dest_end]
            moved = _swapped((wa, lo.src_start, hi.src_end), (wb, lo.dest_start, hi.dest_end), whole)
            if "".join(src) == "".join(dest) or _scaled(src) != _scaled(dest) or moved:
                changed[first : last + 1] = [False] * (last + 1 - first)
    typos = [op.tag == "replace" and not changed[i] and _typos(wa, wb, op) for i, op in enumerate(ops)]
    for i, op in enumerate(ops):
        if op.tag == "replace" and changed[i]:
            # (with the signs at either end taken off, a word beside the figure is no sign: only the text's
            # start or end is - or fewer equal words than a flank between it and the shorter text's start or end:
            # "第一期" / "第三期上线")
            before = _flank(ops, changed, i, -1, len(wa), typos)
            after = _flank(ops, changed, i, 1, len(wa), typos)
            before_ok = before[0] >= REPLACED_FLANK or (ends and before[1])
            if before_ok and (after[0] >= REPLACED_FLANK or (ends and after[1])):
                return True
    return False


_EDGE_SIGNS = regexes.compile(r"^[\W_]+|[\W_]+$")
SWAPPED_DIGITS = 7  # a number of this many digits or more is one thing (a telephone number, a code), not a value


def _swapped(src: tuple[list[str], int, int], dest: tuple[list[str], int, int], whole: tuple[str, str]) -> bool:
    """Whether a figure replaced is one moved: the numbers it is part of (``src``, ``dest``: words and the span
    replaced, widened to the figures joined to it by hyphens) of ``SWAPPED_DIGITS`` digits or more on both sides,
    each found as written in the other text (``whole``: the two texts). Two notices listing the same telephone
    numbers in another order ("领事保护值班电话：778-238-0003 … 服务中心电话：604-688-5030" / "…服务中心电话：
    604-688-5030 … 协助电话：778-238-0003": one outlet's and another's version, Sina) align one number with the
    other."""
    this, that = ("".join(_joined_number(*side)) for side in (src, dest))
    if min(sum(map(str.isdecimal, this)), sum(map(str.isdecimal, that))) < SWAPPED_DIGITS:
        return False
    text_a, text_b = ("".join(_words(text)) for text in whole)
    return this in text_b and that in text_a


def _joined_number(words: list[str], lo: int, hi: int) -> list[str]:
    """``words[lo:hi]`` with the figures joined to its ends by hyphens ("604-688-5030" of "688")."""
    lo, hi = _hyphen_run(words, lo, hi)
    return words[lo:hi]


def _hyphen_run(words: list[str], lo: int, hi: int) -> tuple[int, int]:
    """The span ``lo:hi`` of ``words`` widened to the figures joined to its ends by hyphens ("2018 - 10 - 3")."""
    while lo > 1 and words[lo - 1] == "-" and words[lo - 2][:1].isdecimal():
        lo -= 2
    while hi + 1 < len(words) and words[hi] == "-" and words[hi + 1][:1].isdecimal():
        hi += 2
    return lo, hi


def _scaled(words: list[str]) -> bool:
    """Whether figure words hold a multiplier ("million", "×万")."""
    return any(map(_is_multiplier, words))


def _replaceable_figures(words: list[str]) -> tuple[list[str], list[int] | None]:
    """The words ``figure_replaced`` aligns, and each one's place in ``words`` (None: all of them, in place). A
    month's name beside a year is left out, so that a year replaced where one text drops its month is replaced in
    place ("8.50 pct December 2012 stock" / "8.50 pct 2002 stock"); a day's month stays (the day beside it is a
    date, and counts for nothing: ``_replaceable``)."""
    if _MONTHS.isdisjoint(words):
        return words, None
    last = len(words) - 1
    dropped = {
        k
        for k, w in enumerate(words)
        if w in _MONTHS and ((k < last and _is_year(words[k + 1])) or (k > 0 and _is_year(words[k - 1])))
    }
    if not dropped:
        return words, None
    at = [k for k in range(len(words)) if k not in dropped]
    return [words[k] for k in at], at


def _replaceable(words: list[str], k: int) -> bool:
    """Whether the figure ``words[k]`` is one a replacement can change: a figure that is no part of a date or
    time - or is a date's year (``_is_year``): a repost may date itself another day, but a year for another is
    another period or another item ("the 8.50 pct December 2012 stock" / "December 2002 stock", "2018年上半年" /
    "2019年上半年")."""
    word = words[k]
    return _is_figure(word) and (_is_year(word) or not _is_date(words, k))


def _figures_changed(op, a: tuple[list[str], list[int] | None], b: tuple[list[str], list[int] | None]) -> bool:
    """An edit of at most ``REPLACED_SPAN`` words on either side, each a figure a replacement can change
    (``_replaceable``; ``a``, ``b``: each text's words and the places of the words aligned among them,
    ``_replaceable_figures``)."""
    if _op_size(op) > REPLACED_SPAN:
        return False
    for (words, at), lo, hi in ((a, op.src_start, op.src_end), (b, op.dest_start, op.dest_end)):
        for i in range(lo, hi):
            if not _replaceable(words, i if at is None else at[i]):
                return False
    return True


def _figures_and_a_word(src: list[str], dest: list[str], src_figures: list[bool], dest_figures: list[bool]) -> bool:
    """Whether a run of edits side by side (of at most ``REPLACED_SPAN`` + 1 words on either side: ``figure_replaced``
    reads no longer one) changes figures with one word beside them changed too: figures a replacement can change on
    both sides (``src_figures``, ``dest_figures``: per word) and not the same ones, and besides them one word that is
    no figure on each side - "281 1/4 UP 1/2" / "280 3/4 UNCH", a grain price of another hour (its move beside it),
    however the alignment pairs the words."""
    sides = ((src, src_figures), (dest, dest_figures))
    words = [[w for w, f in zip(side, flags, strict=True) if not f] for side, flags in sides]
    if len(words[0]) != 1 or len(words[1]) != 1 or any(map(_is_figure, words[0] + words[1])):
        return False
    figures = [sorted(w for w, f in zip(side, flags, strict=True) if f) for side, flags in sides]
    return bool(figures[0]) and bool(figures[1]) and figures[0] != figures[1]


def _is_year(word: str) -> bool:
    """A figure that reads as a year: four digits from 1000 to 2999."""
    return len(word) == 4 and word.isdecimal() and word[0] in "12"


def _typos(wa: list[str], wb: list[str], op) -> bool:
    """Whether a replacement of words (an opcode of ``wa`` aligned with ``wb``) writes each word with a typo
    (``_typo``: "MINNEAqPOLIS", "bMAY7")."""
    if op.src_end - op.src_start != op.dest_end - op.dest_start:
        return False
    return all(map(_typo, wa[op.src_start : op.src_end], wb[op.dest_start : op.dest_end]))


def _typo(x: str, y: str) -> bool:
    """Whether word ``y`` is the Latin word ``x`` (three letters or more) written with a typo: one letter replaced,
    added, dropped, or two swapped."""
    from rapidfuzz.distance import OSA

    if not (x.isascii() and y.isascii() and x.isalpha() and y.isalpha() and min(len(x), len(y)) >= 3):
        return False
    return OSA.distance(x, y, score_cutoff=1) <= 1


def _flank(
    ops, changed: list[bool], i: int, step: int, a_words: int, typos: list[bool] | None = None
) -> tuple[int, bool]:
    """How many equal words stand beside edit ``ops[i]`` on one side (``step`` -1: before it, 1: after it),
    counted on over the changes of figures among them (``changed``) up to ``REPLACED_FLANK`` - words written with
    a typo (``typos``: per opcode, ``_typos``) counted as equal - and past one run of
    words that one text alone has, when an equal word stands between it and the edit, as a name's flank is
    (``_flank_words``: "rose to 5 mln" / "rose sharply to 7 mln"); and whether those
    words (or the edit itself, with none) run to the first text's start or end (its ``a_words`` words: nothing
    of it on that side past them)."""
    equal = 0
    last = ops[i]
    i += step
    passed = False  # (one run of words that one text alone has, past an equal word)
    while 0 <= i < len(ops) and equal < REPLACED_FLANK:
        op = ops[i]
        if op.tag == "equal" or (typos is not None and typos[i]):
            equal += op.src_end - op.src_start
        elif not changed[i]:
            if passed or not equal or op.tag not in ("insert", "delete"):
                break
            passed = True
        last = op
        i += step
    return equal, (last.src_start == 0 if step < 0 else last.src_end == a_words)


# -- names -------------------------------------------------------------------------------------------------------

NAME_EDITS = 3  # a replaced name at least this many edits (and a third of its letters) from the other: no misspelling
NAME_CHARS = 1000  # names decide pairs whose shorter text (as written) has fewer characters: notices, sentences
# Places are read in pairs at most this many characters apart: a template for another city differs in the city and
# a few words ("今天" / "昨天"); a pair further apart is judged by its similarity and figures.
PLACE_EDITS = 8
# ... and, in pairs of a text under this many characters, where they align, each change counted once
# (``_content_places_plan``: an excerpt of a template's line, a line with a boilerplate sentence, a name replaced in
# several places); such pairs are read when at most PLACE_READ_EDITS more apart than one text is longer.
EXCERPT_PLACE_CHARS = 300
PLACE_READ_EDITS = 3 * PLACE_EDITS
_CHINESE = regexes.compile("[\u4e00-\u9fff]")
# The characters that name a place's level (province, city, county, district, town, township, village): one written
# for another leaves the same place ("九江县" / "九江市"), not another.
_ADMIN = frozenset("省市县区镇乡村")
_ADMIN_CHARS = "".join(sorted(_ADMIN))
# A language's name as its speech or its writing ("日语" / "日文"): one language (``places.LANGUAGES``).
_SCRIPT = frozenset("语文")
_SCRIPT_CODES = np.array(sorted(map(ord, _SCRIPT)), dtype=np.uint64)
PLACE_GAP = 2  # edits this many equal characters apart are one replacement where a place name spans them
_ADMIN_CODES = np.array(sorted(map(ord, _ADMIN)), dtype=np.uint64)


def _any_two(chars: str) -> list[str]:
    """Every two of ``chars``, each pair once, as ``OPPOSITES`` writes a pair ("红橙", "红黄", ...)."""
    return ["".join(pair) for pair in combinations(chars, 2)]


# Characters of opposite sense: in a question or a title (a short text) one written for the other asks or says the
# opposite ("额头低的女明星" / "额头高的女明星", "右嘴角有痣" / "左嘴角有痣", "上一句" / "下一句", "这个男主持人" /
# "这个女主持人", "今天是什么日子" / "明天..."), where a typo rarely writes exactly the opposite character.
# Colours, any two: a warning's level ("暴雨蓝色预警" / "暴雨黄色预警"), a product's colour.
_COLOURS = "红橙黄绿蓝紫黑白灰金银粉棕"
OPPOSITES = (
    "高低 大小 多少 上下 前后 左右 男女 胖瘦 长短 新旧 早晚 买卖 来去 进出 开关 冷热 好坏 真假 难易 快慢 深浅 远近 "
    "轻重 生死 黑白 东西 南北 内外 正反 加减 增减 升降 涨跌 胜负 输赢 是否 对错 美丑 贫富 强弱 明暗 干湿 宽窄 粗细 "
    "厚薄 首尾 公母 雌雄 阴阳 日夜 今明 今昨 昨明 收支 进退 攻守 爱恨 哭笑 动静 出入 存取 问答 单双 奇偶 凹凸 软硬 "
    "甜苦 咸淡 香臭 松紧 冷暖 好差 优劣 成败 盈亏 有无 涨降 开闭 主客 父母 爸妈 爷奶 哥弟 姐妹 增降 扩缩 全半 "
    "免需"  # ("九阳豆浆机 免滤 全自动" / "…需滤…": removed as a copy)
).split() + _any_two(_COLOURS)
# Another supply ("小区内多次出现停水现象" / "停电现象", "百公里油耗" / "电耗"), another season ("新款秋季男士夹克" /
# "春季…", "夏季冰丝凉席" / "冬季…": product titles), any two.
_SEASONS = "春夏秋冬"
OPPOSITES += ["水电", "油电"] + _any_two(_SEASONS)
# ... and in longer texts too, up to this many characters (the shorter text): "一名男子" / "一名女子",
# "下调存款准备金率" / "上调...", "周一上涨" / "周一下跌" in a notice or a report are another person, another
# decision, another market - but for a day (``DAY_OPPOSITES``): a report reposted the next day says "昨天" for its
# "今天", a forecast "今天" for "明天".
OPPOSITE_CHARS = NAME_CHARS
DAY_OPPOSITES = frozenset(("今明", "今昨", "昨明"))
# ... and so for a week or a month ("会议将于本周三下午举行" / "…下周三…": removed as a copy - in a longer text a notice
# reposted a week on)
DAY_OPPOSITES |= {"本周下周", "本周上周", "上周下周", "本月下月", "本月上月", "上月下月"}
# Words of opposite sense, one written for the other between the same characters ("股价上涨5%" / "股价下跌5%"; the
# alignment replaces only the characters two such words do not share: "同比" / "环比" is read with its "比",
# ``_in_word``). A plan against a deed ("公司拟以自有资金2亿元收购" / "公司已以…": removed as a copy) only in such
# words, not 拟 for 已 wherever it stands ("拟经" for "已经": a typo of the 1M bench short texts).
OPPOSITE_WORDS_ZH = (
    "上涨/下跌 上升/下降 增长/下降 增长/下滑 增加/减少 提高/降低 扩大/缩小 盈利/亏损 买入/卖出 增持/减持 同意/拒绝 "
    "同意/反对 支持/反对 批准/否决 通过/否决 接受/拒绝 获胜/失利 收购/出售 扩张/收缩 顺差/逆差 利好/利空 牛市/熊市 "
    "多头/空头 升值/贬值 加息/降息 胜诉/败诉 录取/落榜 成功/失败 出生/死亡 逮捕/释放 开盘/收盘 批准/驳回 通过/驳回 "
    "死亡/受伤 遇难/受伤 上市/退市 同比/环比 全部/部分 暂停/恢复 启动/停止 开始/结束 国内/国外 国内/海外 公开/内部 "
    "提前/推迟 允许/禁止 合法/违法 赞成/反对 获得/失去 赢得/输掉 回升/下滑 回升/回落 回升/下降 反弹/回落 反弹/下跌 "
    "攀升/下滑 攀升/下降 飙升/暴跌 上涨/回落 上涨/下滑 增长/减少 复苏/衰退 好转/恶化 改善/恶化 增强/减弱 加强/减弱 "
    "放宽/收紧 放松/收紧 宽松/紧缩 扩大/收窄 通胀/通缩 赤字/盈余 利多/利空 看多/看空 做多/做空 鹰派/鸽派 领先/落后 "
    "胜利/失利 胜利/失败 取胜/落败 获胜/落败 晋级/出局 晋级/淘汰 当选/落选 入选/落选 施行/废止 实施/废止 生效/失效 "
    "开放/关闭 开通/关闭 开启/关闭 开业/停业 复工/停工 开工/停工 复课/停课 取消/保留 取消/恢复 承认/否认 证实/否认 "
    "确认/否认 肯定/否定 加入/退出 进入/退出 签约/解约 结婚/离婚 任命/免去 上任/离任 招聘/裁员 首次/再次 禁止/可以 "
    "战胜/负于 击败/负于 战胜/不敌 击败/不敌 战胜/输给 击败/输给 将于/已于 停牌/复牌 停产/复产 停运/复运 停航/复航 "
    "扭亏为盈/由盈转亏 扭亏/转亏 拟以/已以 拟于/已于 拟将/已将 拟向/已向 拟对/已对 拟在/已在 计划于/已于 "
    "降准/降息 立案/撤案 起诉/撤诉 提起/撤回 上诉/撤诉 开售/停售 发售/停售 定频/变频 首站/终站 "
    "首站/末站 晋级/无缘 入围/无缘 总资产/总负债 免费/自费 免费/收费 必须/无需 必须/不必 需要/无需 实行/取消 增加/降低 "
    "国内/国际 从未/一直 从未/曾经 从不/总是 从不/经常 从不/一直 撤销/维持 维持原判/改判 维持原判/发回重审 "
    "已/可能 已经/可能 已/或将 "
    # (all were removed as copies: "地铁3号线将于本月28日起试运营" / "…起停运", "今天全市中小学停课一天" / "…正常上课",
    # "支付宝账号怎么解绑" / "…怎么绑定", "因酒后驾驶被处以行政拘留" / "因醉酒驾驶…": another offence)
    "停运/运营 停运/试运营 停运/通车 停运/运行 停课/上课 解绑/绑定 酒后/醉酒 "
    # ("预计明年6月建成投产" / "…开工建设": removed as a copy)
    "建成/开工 竣工/开工 完工/开工 投产/开工 加强/放松 "
    # ("会员月卡价格保持不变" / "…同步上调", "增速比上月加快2.0个百分点" / "…放缓…", "发布暴雨黄色预警信号" / "解除…")
    "不变/上调 不变/下调 不变/上涨 不变/下跌 不变/提高 不变/降低 加快/放缓 加快/减缓 加速/放缓 加速/减速 发布/解除 "
    # a diagnosis, a sentence, a market, an outlook ("肿瘤为良性" / "…恶性", "多为急性发作" / "慢性…",
    # "判处被告人死刑" / "…无期徒刑", "两市融资余额" / "融券…", "持乐观态度" / "悲观…": all were removed as copies)
    "良性/恶性 急性/慢性 轻症/重症 轻度/重度 轻型/重型 死刑/死缓 死刑/无期徒刑 死刑/有期徒刑 死缓/无期徒刑 "
    "无期徒刑/有期徒刑 融资/融券 乐观/悲观 积极/消极 民主党/共和党 参议院/众议院 上议院/下议院 "
    # ("该车为手动挡车型" / "自动挡…", "该软件为免费版本" / "付费…", "该课程为必修课" / "选修课", "要求全职工作" /
    # "兼职…": all were removed as copies)
    "手动/自动 免费/付费 必修/选修 全职/兼职 精装/毛坯 精装修/毛坯 投放/回笼 中标/落标 实施/撤销 全新/二手 全新/翻新 "
    # ("该基金为开放式基金" / "…封闭式基金", "固定利率贷款" / "浮动利率贷款": held for the user to check, as one word
    # written for another; another kind of fund, of loan)
    "开放式/封闭式 固定/浮动 "
    # ("累计票房已突破20亿元" / "…跌破…", "宣布将于明年举办个人巡回演唱会" / "…取消…": removed as copies)
    "突破/跌破 举办/取消 举行/取消 召开/取消 满意/失望 "
    # ("调查显示，大多数受访者支持…" / "…少数受访者…": removed as a copy)
    "多数/少数 大多数/少数 大多数/极少数 多数/极少数 大部分/小部分 本周/下周 本周/上周 上周/下周 本月/下月 本月/上月 "
    "上月/下月 延续/停止 继续/停止 延续/终止 继续/终止"
).split()
# What a product is made as, written for another right before 版, 款 or 型 - "小米手环8 NFC版" / "小米手环8 标准版",
# "iPad Air 第5代 WLAN版" / "…蜂窝版" (both were removed as copies): another product. Two characters or more on
# each side ("这款" / "那款", "该款" / "这一款" say one thing), read by ``_edition_replaced``.
EDITION_MARKS = frozenset("版款型")
# A word that stops, cancels or forbids what follows it, put in or left out: "景区将从明天起暂停营业" /
# "…起营业", "机场今天下午取消进出港航班86架次" / "…下午进出港航班…", "已被责令停止生产" / "已被责令生产",
# "在深圳证券交易所终止上市" / "…所上市交易" - the other statement, as a negation put in is (all four were removed
# as copies). Read by ``_reversal_put_in``.
REVERSALS_ZH = frozenset("暂停 停止 终止 中止 取消 叫停 撤销 暂缓 禁止 放弃 撤回".split())
# ... and so does half of a race put in ("全程马拉松、半程马拉松和迷你跑" / "全程马拉松、马拉松和…",
# "在今年的半程马拉松比赛中" / "在今年的马拉松比赛中": both were removed as copies), and what is suspected, expected
# or possible against what is: "新增疑似病例3例" / "新增病例3例", "该男子涉嫌故意杀人" / "该男子故意杀人", "营业收入
# 预计增长15%" / "营业收入增长15%", "价格或将上调" / "价格将上调", "地震可能造成超过100人死亡" / "地震造成…" (all
# were removed as copies)
REVERSALS_ZH |= {"半程", "疑似", "涉嫌", "预计", "可能", "或将"}
# ... and the town or the country put in: "全国居民人均可支配收入30941元" / "全国农村居民…" (removed as a copy) is
# another figure
REVERSALS_ZH |= {"农村", "城镇"}
# ... and a pledge, a contract or a lock-up released: "办理了质押登记手续" / "办理了解除质押…" (removed as a copy)
REVERSALS_ZH |= {"解除"}
# ... and a product secondhand or renewed: "华为Mate60 Pro 12+512GB 雅川青 官方标配" / "… 二手" (removed as a copy)
REVERSALS_ZH |= {"二手", "翻新", "官翻"}
# ... and 或 (may) or 拟 (plans to) put in before a character both texts have: "价格或将上调" / "价格将上调",
# "公司拟以自有资金2亿元收购" / "公司以自有资金…" (both were removed as copies; one character put in:
# ``_put_in_words`` has them)
PUT_IN_BEFORE_ZH = frozenset({"或将", "拟以", "拟于", "拟将", "拟向", "拟对", "拟在"})
_PUT_IN_WORDS_ZH = REVERSALS_ZH | PUT_IN_BEFORE_ZH  # (what a text must hold more of than the other to be read)
_PUT_IN_ANY_ZH = regexes.compile("|".join(map(re.escape, sorted(_PUT_IN_WORDS_ZH))))  # (a text holding any of them)
# ... and words of one side of a figure against words of the other ("全市接待游客超过2000万人次" / "不足2000万人次",
# "近2000万人次": more than, less than or nearly - another figure, where two of one class are one: "超过" / "逾"), and
# the first against the last ("本赛季第一次在客场击败对手" / "最后一次": the alignment writes "最后" for "第"). All
# four were removed as copies.
# Each entry: classes of words, any word of one class another than any word of another (two of one class are one:
# "沪指" / "上证指数").
OPPOSITE_CLASSES_ZH = (
    ("超过 超 逾 多于 高于 大于 以上 突破 不止", "不足 不到 低于 少于 小于 以下 近 将近 接近 逼近 未满 未达"),
    ("第 第一 首次 首个 首位 首批", "最后 最后一 末次 末位 最后一次 最后一个 最后一位 最后一批"),
    # the start, the middle or the end of a year or a month ("将于今年年初正式开工" / "年中…", "本月月初运抵" / "月底…":
    # removed as copies), where the end written two ways is one ("年底" / "年末")
    ("上一句 前一句", "下一句 后一句"),  # ("一骑红尘妃子笑的前一句是什么" / "…，下一句是什么": another line asked for)
    ("年初", "年中", "年底 年末"),
    ("月初", "月中", "月底 月末"),
    ("上旬", "中旬", "下旬"),
    # a stage ("怀孕初期有哪些症状" / "怀孕后期…") and a rank ("世界上最高的山峰" / "…第二高的…"): both were removed as
    # copies
    ("初期 早期 前期", "中期", "后期 晚期 末期"),
    ("最 第一", "第二 第三 第四 第五 第六 第七 第八 第九 第十"),
    # a first home against a second ("首套住房商业贷款利率下限" / "二套住房…": removed as a copy)
    ("首套 第一套", "二套 第二套 三套 第三套"),
    # a refrigerator of another build ("海尔冰箱 双开门 风冷无霜" / "海尔冰箱 三门 …": removed as a copy)
    ("单门", "双门", "双开门 对开门", "三门", "四门"),
    # another weather ("明天白天，晴，偏北风3到4级" / "明天白天，多云，…": removed as a copy)
    (
        "晴",
        "多云",
        "阴",
        "雨 小雨 中雨 大雨 暴雨 阵雨 雷阵雨",
        "雪 小雪 中雪 大雪 暴雪 阵雪",
        "雨夹雪",
        "雾 大雾",
        "霾",
    ),
    # another index ("沪指涨1.2%" / "深成指涨1.2%": removed as a copy)
    ("沪指 上证指数 上证综指", "深成指 深证成指", "创业板指 创业板指数", "科创50", "沪深300", "恒指 恒生指数"),
)
# ... and words of which any two differ: another currency ("每盎司报1950美元" / "港元"), another market ("今日A股三大指
# 数" / "今日港股…": a Latin letter in either case, one case for the other no change), another place in a contest
# ("以47秒65的成绩获得冠军" / "获得亚军", "摘得金牌" / "摘得铜牌"), school ("全市初中学生" / "高中学生", "招收本科生" /
# "专科生"), exam ("期末考试" / "期中考试"), people ("城镇居民人均可支配收入" / "农村居民…").
OPPOSITE_GROUPS_ZH = (
    "美元 港元 欧元 日元 英镑 人民币 韩元 澳元 加元 卢布",
    # 元 (yuan) against any other currency but 人民币, its own: "交易金额为5000万元" / "5000万美元", where the
    # alignment puts the 美 in before 元 (``_in_word``), read where the two texts are two edits apart or more (one
    # character put in replaces nothing: ``_names_plan``).
    "元 美元 港元 欧元 日元 英镑 韩元 澳元 加元 卢布",
    "A股 B股 H股 港股 美股",
    # shares against bonds ("该基金主要投资于国内A股市场" / "…国内债券市场": removed as a copy)
    "股票 债券 期货 外汇 A股 港股 美股",
    # another regulator ("中国证监会2019国考专业科目笔试大纲" / "中国银保监会2019年国考…": two exams' syllabuses, a
    # Sina headline removed as a copy)
    "证监会 银保监会 银监会 保监会 外汇局",
    "沪市 深市",
    # a deposit against a loan ("下调人民币存款基准利率" / "贷款基准利率": removed as a copy)
    "存款 贷款",
    # the reserve ratio against an interest rate ("下调金融机构存款准备金率0.5个百分点" / "…存款基准利率…": removed as
    # a copy; a rate and a benchmark rate are in no group together)
    "准备金率 利率",
    "准备金率 基准利率",
    # another prize of a field ("第一位获得诺贝尔文学奖的作家" / "…物理学奖的…": removed as a copy)
    "文学奖 物理学奖 化学奖 和平奖 经济学奖 医学奖",
    # a part of a year against another or the whole ("今年上半年实现营业收入120亿元" / "今年全年…": removed as a copy)
    "上半年 下半年 全年 一季度 二季度 三季度 四季度 前三季度",
    "冠军 亚军 季军",
    # another round, another scope, another level ("晋级决赛" / "晋级半决赛", "全国首个" / "全省首个", "国家级示范村" /
    # "省级示范村"), another vehicle ("一辆白色轿车" / "一辆白色货车"): all were removed as copies
    "决赛 半决赛 四分之一决赛 预赛 初赛 复赛 资格赛",
    # who made a film ("他是这部电影的导演，也是编剧之一" / "…的主演…": removed as a copy)
    "导演 主演 编剧 制片人 出品人 监制",
    # a stroke ("获得男子100米自由泳金牌" / "…蝶泳金牌": removed as a copy)
    "自由泳 蛙泳 蝶泳 仰泳 混合泳",
    "全球 全国 全省 全市 全县 全区",
    "国家级 省级 市级 县级 区级",
    "轿车 货车 客车 卡车 面包车 越野车 摩托车 电动车 公交车 出租车 救护车 消防车 警车",
    # another year ("该公司计划于明年在香港上市" / "已于今年…"), local against from elsewhere ("对外地牌照小客车实施限
    # 行" / "对本地…"), another dynasty ("一幅明代山水画" / "清代…"), a road against a railway ("高速公路通车里程" /
    # "高速铁路…"), a film against a series ("这部电影改编自同名小说" / "这部电视剧…"): all were removed as copies
    "今年 明年 去年 前年 后年",
    "本地 外地",
    "汉代 唐代 宋代 元代 明代 清代",
    "汉朝 唐朝 宋朝 元朝 明朝 清朝",
    "公路 铁路",
    "电影 电视剧 网剧 纪录片 动画片",
    # electric against gas ("美的电热水器 60升" / "美的燃气热水器 60升": a product title removed as a copy)
    "电 燃气",
    "心脏 肝脏 肾脏 脾脏",  # ("成功完成首例机器人辅助心脏手术" / "…肝脏手术": removed as a copy)
    "元旦 春节 清明 端午 中秋 国庆 寒假 暑假",  # ("元旦假期全市道路交通事故…" / "春节假期…": another holiday)
    # colours and their shades, any two ("红色裙子配什么鞋子" / "玫红色裙子…", "男士红色上衣" / "男士深蓝色上衣": LCQMC
    # labels each another question)
    "红色 玫红色 粉红色 大红色 深红色 酒红色 砖红色 铁红色 桃红色 枣红色 "
    "绿色 粉绿色 墨绿色 浅绿色 深绿色 军绿色 草绿色 "
    "蓝色 深蓝色 浅蓝色 天蓝色 宝蓝色 藏蓝色 湖蓝色 "
    "黑色 白色 黄色 紫色 灰色 粉色 橙色 棕色 金色 银色 米色 卡其色",
    # another round of funding ("宣布完成B轮融资" / "C轮融资"), letting against selling ("二手房出租成交量" / "出售…"):
    # both were removed as copies
    "天使轮 种子轮 A轮 B轮 C轮 D轮 E轮 F轮",
    "A组 B组 C组 D组 E组 F组 G组 H组",  # ("中国队被分在A组" / "B组": removed as a copy)
    "出租 出售",
    "租房 买房",
    # a premiere against a rerun ("将于本周五晚8点在湖南卫视首播" / "重播": removed as a copy), live against recorded
    "首播 重播",
    "直播 录播",
    "金牌 银牌 铜牌",
    "幼儿园 小学 中学 初中 高中 大学",  # ("全市中学…" / "全市小学…": removed as a copy)
    "本科 专科 硕士 博士",
    "文科 理科",  # ("其中文科考生1.8万人" / "理科考生…": removed as a copy)
    "期中 期末",
    "高考 中考 考研 会考",  # ("今年高考将于6月7日至8日举行" / "今年中考…": removed as a copy)
    "城镇 农村",
    "城市 农村",
    "首发 替补",
    "白天 夜间",
    "刑事 民事 行政",
    "公立 私立",
    "公办 民办",
    "国有 民营",
    "批发 零售",
    "新房 二手房",
    "新车 二手车",
    "死刑 死缓",
    "确诊 疑似",
    "主动 被动",
    "直接 间接",
    "全新 二手",
    "进口 国产",
    "儿童 成人",
    "小雨 中雨 大雨 暴雨",
    "小雪 中雪 大雪 暴雪",
    "禁用 慎用 忌用",
    "原告 被告",
    "甲方 乙方 丙方",
    "应届 往届",
    "董事长 总经理 财务总监 董事会秘书 监事会主席",
    # another bank ("中国银行今日宣布…下调个人住房贷款利率" / "中国建设银行今日宣布…": removed as a copy)
    "中国银行 中国建设银行 中国工商银行 中国农业银行 交通银行 中国邮政储蓄银行 招商银行 中信银行 兴业银行 浦发银行 "
    "民生银行 光大银行 平安银行 华夏银行 广发银行",
    # a party secretary against the head of government ("省委书记主持会议" / "省长…"), waste water against waste gas,
    # steel against aluminium ("对进口钢铁加征25%的关税" / "对进口铝…"): all were removed as copies
    # a size of clothing ("优衣库男装 圆领T恤 纯棉短袖 白色 XL码" / "… L码": removed as a copy)
    "XS码 S码 M码 L码 XL码 XXL码 XXXL码 2XL码 3XL码 4XL码",
    # whole milk against skimmed ("伊利纯牛奶 250ml*24盒 整箱装 全脂" / "… 脱脂"), rain against a fall in temperature
    # ("明日起将迎来降雨" / "…降温"): both were removed as copies
    "全脂 脱脂 低脂",
    "降雨 降雪 降温 升温 大风 冰雹",
    # consumer prices against producer prices ("10月份全国居民消费价格同比上涨2.1%" / "…全国工业生产者出厂价格…":
    # removed as a copy)
    "居民消费价格 工业生产者出厂价格 工业生产者购进价格",
    # a president against a premier ("该国总统今天宣布解散议会" / "该国总理…": removed as a copy)
    "总统 总理",
    "总统 首相",
    "省委书记 省长",
    "市委书记 市长",
    "县委书记 县长",
    "废水 废气 废渣",
    "钢铁 钢材 铝 铜 铁矿石 煤炭 原油 天然气 黄金 白银 大豆 玉米 小麦 棉花",
)
# A unit written for another right after the same figure - "依法判处有期徒刑3年" / "3个月", "预计工期为15天" /
# "15个月", "需绕行约3公里" / "3米", "查获约2吨" / "2公斤" - or after 每 ("每日3次" / "每周3次"): another quantity,
# where a repost keeps the words it has. The words of one class are one unit ("天" / "日", "公斤" / "千克").
UNIT_CLASSES_ZH = (
    "秒",
    "分钟",
    "小时 个小时 钟头",
    "天 日",
    "周 星期 个星期 礼拜 个礼拜",
    "月 个月",
    "季度 个季度",
    "年",
    "岁 周岁",  # (an age: "这名3岁男童" / "这名3个月男童" was removed as a copy)
    "毫米",
    "厘米 公分",
    "米 公尺",
    "公里 千米",
    "克",
    "公斤 千克",
    "斤",
    "吨",
    "毫升",
    "升",
    "亩",
    "公顷",
    "平方米",  # ("展览面积达12万平方米" / "12万平方公里": removed as a copy)
    "平方公里 平方千米",
    "立方米",
    # packs ("坚果大礼包 750g 30袋" / "30盒": a product title removed as a copy)
    "袋",
    "盒",
    "瓶",
    "箱",
    "罐",
    # a share against a difference of shares: "工业增加值增长5%" / "增长5个百分点" (removed as a copy)
    "% ％",
    "个百分点 百分点",
)
_UNIT_CLASS_WORDS = [c.split() for c in UNIT_CLASSES_ZH]
_UNIT_PAIRS = frozenset(
    (x, y)
    for i, xs in enumerate(_UNIT_CLASS_WORDS)
    for j, ys in enumerate(_UNIT_CLASS_WORDS)
    if i != j
    for x in xs
    for y in ys
)
# What a unit is read after: a digit, a Chinese numeral, 半, 几, 数, 多 ("十多年"), or 每.
_COUNTING = frozenset("0123456789零〇一二三四五六七八九十百千万亿两半几数多每")
# ... but 年, 月 and 日 one for another after a figure are a date's, left to the figures: "11月6日" typed "11年6日"
# (a planted edit of the 1M bench texts) is a typo. After 每 they count ("每日3次" / "每月3次").
_DATE_UNITS = frozenset("年月日")
_GROUP_WORDS = [sorted({w for word in g.split() for w in (word, word.lower())}) for g in OPPOSITE_GROUPS_ZH]
_GROUP_PAIRS = frozenset((x, y) for g in _GROUP_WORDS for x in g for y in g if x.lower() != y.lower())
# A day of the week written for Sunday ("本周六晚七点" / "本周日晚七点": another day; two numerals are the figures'),
# after 周, 星期 or 礼拜 only: "有期徒刑六年" / "有期徒刑天年" is a typo (a planted random edit of the 100k bench
# articles, kept apart when any 六 / 天 was an opposite).
_WEEKDAY_PAIRS = frozenset(
    pair
    for before in "周期拜"
    for day in "一二三四五六"
    for sunday in "日天"
    for pair in ((before + day, before + sunday), (before + sunday, before + day))
)
_OPPOSITE_PAIRS = (
    _GROUP_PAIRS
    | _WEEKDAY_PAIRS
    | frozenset((w[0], w[1]) for w in OPPOSITES)
    | frozenset((w[1], w[0]) for w in OPPOSITES)
    | frozenset(tuple(w.split("/")) for w in OPPOSITE_WORDS_ZH)
    | frozenset(tuple(w.split("/")[::-1]) for w in OPPOSITE_WORDS_ZH)
    | frozenset(
        pair
        for classes in OPPOSITE_CLASSES_ZH
        for i, ones in enumerate(classes)
        for others in classes[i + 1 :]
        for x in ones.split()
        for y in others.split()
        for pair in ((x, y), (y, x))
    )
)
# ... of longer texts (``SHORT_CHARS``): those whose two words, in either order, spell no word of ``DAY_OPPOSITES``
# (another day, week or month: "本周" / "下周"). The pairs that spell one are each such word cut in two, either way
# round: taken out at once (each of the 5,172 pairs joined and looked up took 3 ms of every start).
_DAY_SPELLED = frozenset((w[:i], w[i:]) for w in DAY_OPPOSITES for i in range(len(w) + 1))
_DAY_SPELLED |= frozenset((y, x) for x, y in _DAY_SPELLED)
_LONG_OPPOSITE_PAIRS = _OPPOSITE_PAIRS - _DAY_SPELLED
_UNIT_CODES = np.array(
    sorted(
        (ord(x) << 21) | ord(y)
        for x, y in _UNIT_PAIRS
        if len(x) == len(y) == 1 and not (x in _DATE_UNITS and y in _DATE_UNITS)
    ),
    dtype=np.uint64,
)
_DATE_UNIT_CODES = np.array(
    sorted((ord(x) << 21) | ord(y) for x in _DATE_UNITS for y in _DATE_UNITS if x != y), dtype=np.uint64
)
_COUNTING_CODES = np.array(sorted(map(ord, _COUNTING)), dtype=np.uint64)


def _char_pair_codes(pairs) -> np.ndarray:
    """The pairs of one character each of ``pairs``, one code each (``ord(x) << 21 | ord(y)``), sorted."""
    return np.array(sorted((ord(x) << 21) | ord(y) for x, y in pairs if len(x) == len(y) == 1), dtype=np.uint64)


def _without(codes: np.ndarray, dropped: np.ndarray) -> np.ndarray:
    """The sorted ``codes`` less those in ``dropped``."""
    return codes[~find_sorted(sorted_unique(dropped), codes)[1]]


_OPPOSITE_CODES = _char_pair_codes(_OPPOSITE_PAIRS)
_LONG_OPPOSITE_CODES = _without(_OPPOSITE_CODES, _char_pair_codes(_DAY_SPELLED))


def _word_codes(pairs: frozenset = _OPPOSITE_PAIRS) -> tuple[np.ndarray, np.ndarray]:
    """Opposite words of two characters that share one (of ``pairs``), as ``_opposite_swapped`` looks them up: the
    shared character, then the two that differ, one code each - those sharing their first character, then those
    sharing their last. (The pairs of two characters each taken once, their codes made by numpy: 3 ms of the
    module's import for the four tables made a pair at a time.)"""
    two = [x + y for x, y in pairs if len(x) == len(y) == 2]
    cps = utf32("".join(two)).astype(np.uint64).reshape(len(two), 4) if two else np.zeros((0, 4), dtype=np.uint64)
    out = []
    for shared in (0, 1):
        other = 1 - shared
        keep = (cps[:, shared] == cps[:, 2 + shared]) & (cps[:, other] != cps[:, 2 + other])
        codes = (cps[keep, shared] << np.uint64(42)) | (cps[keep, other] << np.uint64(21)) | cps[keep, 2 + other]
        out.append(sorted_unique(codes))
    return out[0], out[1]


_WORD_BEFORE_CODES, _WORD_AFTER_CODES = _word_codes()
# ... of longer texts (``SHORT_CHARS``), without another week or month ("本周" / "下周": ``DAY_OPPOSITES``). A code
# spells its two words whole (the shared character and the two that differ), so the codes of the pairs left out
# are taken out of the others' (made anew from the long pairs: 1.2 ms of every start).
_DAY_BEFORE_CODES, _DAY_AFTER_CODES = _word_codes(_OPPOSITE_PAIRS & _DAY_SPELLED)
_LONG_WORD_BEFORE_CODES = _without(_WORD_BEFORE_CODES, _DAY_BEFORE_CODES)
_LONG_WORD_AFTER_CODES = _without(_WORD_AFTER_CODES, _DAY_AFTER_CODES)
_CHINESE_RUN = regexes.compile("[\u4e00-\u9fff]+")
# A text read as words for ``names_replaced``: a run of Latin letters (what ``_CAPITALISED`` reads a name in:
# "Sun's" is "Sun", "'", "s"), a number, any other character on its own. The spaces between are read for line breaks.
# Capitals with a full stop after each, two or more, are one word and a name: "50 mln U.S. dlrs" / "50 mln Canadian
# dlrs" (removed as a copy: "U.S." was four words, none a name).
_DOTTED = r"(?:[A-Z]\.){2,}"
_NAME_WORD = regexes.compile(_DOTTED + r"|[A-Za-z]+|\d+(?:[.,:/]\d+)*|\S")
# A word after one of these (or at a line's start) opens a sentence, a quotation or a heading: capitalised anyway.
_OPENERS = frozenset(".!?:;\"'“”‘’([<{«《「『-–—。！？：；")
# A capitalised word as ``_name_words`` reads one, found anywhere (a sentence's first word too): the cheap test of
# ``names_differ_pairs``.
_CAPITALISED = regexes.compile(r"(?<![A-Za-z.])" + _DOTTED + r"|(?<![A-Za-z])[A-Z][A-Za-z]*[a-z][A-Za-z]*")


def _name_words(text: str) -> tuple[list[str], list[bool]]:
    """The words of a text (``_NAME_WORD``) in lower case, and for each whether it is a name: a capitalised word
    (an upper-case letter, then at least one lower-case: "Warsaw", "DataCard"; not "IBM", nor a heading's "PAYOUT")
    that does not open a line, a quotation or a bracket (``_OPENERS``), and, opening the text or a sentence, is no
    word of ``_FUNCTION_WORDS`` ("It", "The", "However"): "Amoco Corp said..." / "Diamond Shamrock said..." are two
    companies, "It did not..." / "Markel did not..." one sentence. A month or a weekday is a name too: "...for May
    shipment" / "...for April shipment" are two purchases, "...opened higher on Monday" / "...on Tuesday" two days'
    reports (Reuters' re-sent stories: N-gram 21 -> 20 wrong removals, NSHash 16 -> 15, SimHash 1 -> 0, right ones
    the same)."""
    words, names = [], []
    before = "."  # the text's first word opens it
    for gap, w in _SPACED_WORD.findall(text):
        lower = w.lower()
        opens = before[-1] in _SENTENCE_ENDS
        names.append(
            "A" <= w[0] <= "Z"
            and (before[-1] not in _OPENERS or (opens and lower not in _FUNCTION_WORDS))
            and "\n" not in gap
            and (not w.isupper() or w.endswith("."))  # ("IBM" is none, "U.S." is one)
        )
        words.append(lower)
        before = w
    return words, names


_SENTENCE_ENDS = frozenset(".!?")
# English words that open sentences and are no names: articles, pronouns, determiners, prepositions, conjunctions,
# auxiliaries and the adverbs news sentences open with.
_FUNCTION_WORDS = frozenset(
    """a an the this that these those it its it's he she they we i you his her their our my your there here
    who whom whose which what when where why how whether if unless although though while because since as so
    but and or nor yet also too then thus hence however meanwhile moreover furthermore nevertheless nonetheless
    still instead otherwise earlier later today yesterday tomorrow now currently previously recently finally
    first second third last next other another such some any each every all both either neither no not none
    most many much more few several one two three four five six seven eight nine ten
    in on at by for from to with without within into onto of off over under after before during until against
    among between about above below around through throughout across along behind beyond despite except near
    is are was were be been being has have had do does did will would shall should can could may might must
    according""".split()
)


_SPACED_WORD = regexes.compile(r"(\s*)(" + _NAME_WORD.pattern + ")")


def names_replaced(a: str, b: str) -> bool:
    """True when a name of one text stands in the other, in the same words, as a different name (see the module
    docstring): in the word-by-word alignment (fewest edits) of the passages where the two differ
    (``_differing_passages``), a replacement (edits side by side) of at most ``REPLACED_SPAN`` words by at most as
    many, with ``REPLACED_FLANK`` equal words right before and after it, where each side holds a name
    (``_name_words``) of its own that is far from each name of the other's own (``_own_names``); or a Chinese place
    name replaced by another (``_place_replaced``), or a character by its opposite (``_opposite_replaced``: in a
    text under ``OPPOSITE_CHARS``, a day's only in a short one), in two texts at most ``PLACE_EDITS`` characters
    apart. (Names are read in texts at least ``NAME_EDITS`` characters apart: two typos in one word make no other
    name.)"""
    from rapidfuzz.distance import Levenshtein

    edits = Levenshtein.distance(a, b, score_cutoff=PLACE_EDITS + 1)
    return _replaced(a, b, edits >= NAME_EDITS, edits <= PLACE_EDITS)


def _replaced(a: str, b: str, latin: bool, places: bool, ops=None) -> bool:
    """``names_replaced``; ``latin``: names are read (the texts are at least ``NAME_EDITS`` characters apart, and
    may each have a capitalised word of their own: ``names_differ_pairs``' first test); ``places``: places are read
    (they are at most ``PLACE_EDITS`` characters apart); ``ops``: the character alignment of ``a`` and ``b``
    (``Levenshtein.opcodes``), when the caller has it."""
    from rapidfuzz.distance import Levenshtein

    chinese = places and _CHINESE.search(a) is not None and _CHINESE.search(b) is not None
    if chinese and ops is None:  # (one alignment for the places and the opposites)
        ops = Levenshtein.opcodes(a, b)
    if chinese and _place_replaced(a, b, Levenshtein, ops):
        return True
    shorter = min(len(a), len(b))
    pairs = _OPPOSITE_PAIRS if shorter < SHORT_CHARS else _LONG_OPPOSITE_PAIRS
    if (
        chinese
        and shorter < OPPOSITE_CHARS
        and (
            _opposite_replaced(a, b, Levenshtein, ops, pairs) or _reversal_put_in(a, b) or _edition_replaced(a, b, ops)
        )
    ):
        return True
    own_a, own_b = _own_names(a, b) if latin else (set(), set())
    if not (own_a and own_b):
        return False
    a, b = _differing_passages(a, b, Levenshtein)
    (wa, na), (wb, nb) = _name_words(a), _name_words(b)
    ops = Levenshtein.opcodes(wa, wb)
    for i, j in _edit_runs(ops):
        src = range(ops[i].src_start, ops[j].src_end)
        dest = range(ops[i].dest_start, ops[j].dest_end)
        if (
            0 < len(src) <= REPLACED_SPAN
            and 0 < len(dest) <= REPLACED_SPAN
            # (the text's start or end will do, with fewer equal words between: "...officer David R." / "Frank E.")
            and (_flank_words(ops, i - 1, -1) >= REPLACED_FLANK or _at_edge(ops, i, -1))
            and (_flank_words(ops, j + 1, 1) >= REPLACED_FLANK or _at_edge(ops, j, 1))
            and any(na[k] and wa[k] in own_a for k in src)
            and any(nb[k] and wb[k] in own_b for k in dest)
        ):
            return True
    return False


def _edition_replaced(a: str, b: str, ops) -> bool:
    """Whether, in the character-by-character alignment ``ops`` of ``a`` and ``b``, two characters or more are
    written for two or more others right before a mark of a product's make (``EDITION_MARKS``) that both texts
    have, with ``REPLACED_FLANK`` equal characters before them (or the text's start): "小米手环8 NFC版" /
    "小米手环8 标准版"."""
    for i, j in _edit_runs(ops):
        start, end = ops[i].src_start, ops[j].src_end
        if min(end - start, ops[j].dest_end - ops[i].dest_start) < 2:
            continue
        if end < len(a) and a[end] in EDITION_MARKS and j + 1 < len(ops) and ops[j + 1].tag == "equal":
            if _equal_words(ops, i - 1) >= REPLACED_FLANK or _opens(a, start):
                return True
    return False


def _reversal_put_in(a: str, b: str) -> bool:
    """Whether a word of ``REVERSALS_ZH`` (暂停, 取消...) is put in or left out, and nothing else there, between
    ``REPLACED_FLANK`` equal characters on each side (or the text's start or end): "景区将从明天起暂停营业" /
    "景区将从明天起营业". Read in the alignment of characters put in and left out only (``Indel``): the one that may
    write a character for another aligns "所终止上市，" with "所上市交易，" as four written for four."""
    from rapidfuzz.distance import Indel

    # (two texts holding none of the words hold as many of each: one search of each, where most pairs are read)
    if _PUT_IN_ANY_ZH.search(a) is None and _PUT_IN_ANY_ZH.search(b) is None:
        return False
    if all(a.count(w) == b.count(w) for w in _PUT_IN_WORDS_ZH):
        return False
    ops = Indel.opcodes(a, b)
    for i, j in _edit_runs(ops):
        start, end = ops[i].src_start, ops[j].src_end
        x, y = a[start:end], b[ops[i].dest_start : ops[j].dest_end]
        if x and y:
            continue
        word = _NOT_WORD.sub("", x or y)
        after = a[end : end + 1] if x else b[ops[j].dest_end : ops[j].dest_end + 1]  # (a character both have)
        if word not in REVERSALS_ZH and (len(word) != 1 or word + after not in PUT_IN_BEFORE_ZH):
            continue
        if (_equal_words(ops, i - 1) >= REPLACED_FLANK or _opens(a, start)) and (
            _equal_words(ops, j + 1) >= REPLACED_FLANK or _closes(a, end)
        ):
            return True
    return False


def _at_edge(ops, i: int, step: int) -> bool:
    """Whether edit ``ops[i]`` is the first (``step`` -1) or last (1) of the alignment, or only equal words stand
    between it and that end."""
    k = i + step
    return not 0 <= k < len(ops) or (ops[k].tag == "equal" and not 0 <= k + step < len(ops))


def _edit_runs(ops) -> list[tuple[int, int]]:
    """The runs of edits side by side among opcodes (first and last index of each): one change each ("Warsaw" ->
    "Buenos" + "Aires")."""
    runs, i = [], 0
    while i < len(ops):
        if ops[i].tag == "equal":
            i += 1
            continue
        j = i
        while j + 1 < len(ops) and ops[j + 1].tag != "equal":
            j += 1
        runs.append((i, j))
        i = j + 1
    return runs


def _place_replaced(a: str, b: str, levenshtein, ops=None) -> bool:
    """Whether, in the character-by-character alignment of ``a`` and ``b``, Chinese characters are replaced by
    others between ``REPLACED_FLANK`` equal characters on each side (or the text's start or end), and on each side
    they are a place name (``places.is_place``) - on their own or with equal characters around them
    ("北京市" / "上海市", "杭州市" / "广州市": one character is enough - a typo that writes
    another place is kept too)."""
    from .places import PLACE_CHARS, place_character_set, place_names

    is_place = place_names().__contains__  # (``places.is_place``, the set asked once: ~50k words a run of posts)
    longest = PLACE_CHARS[1]
    chars = place_character_set()
    ops = levenshtein.opcodes(a, b) if ops is None else ops
    for i, j in _edit_runs(ops):
        start, end = ops[i].src_start, ops[j].src_end
        x, y = a[start:end], b[ops[i].dest_start : ops[j].dest_end]
        before, after = _equal_words(ops, i - 1), _equal_words(ops, j + 1)
        if (
            not 0 < len(x) <= longest
            or not 0 < len(y) <= longest
            or not chars.issuperset(x)  # (most edits write a character no place name has)
            or not chars.issuperset(y)
            or (
                before < REPLACED_FLANK and not _opens(a, start)
            )  # (the text's start or end will do: "北京市气象台...")
            or (after < REPLACED_FLANK and not _closes(a, end))
            or _CHINESE_RUN.fullmatch(x + y) is None
            or (_ADMIN.issuperset(x) and _ADMIN.issuperset(y))  # "九江县" / "九江市": one place, another level
            or (_SCRIPT.issuperset(x) and _SCRIPT.issuperset(y))  # "日语" / "日文"
        ):
            continue
        room = longest - max(len(x), len(y))  # characters a place name can take from around them
        for k in range(min(before, room) + 1):  # characters taken from before, and from after
            for m in range(min(after, room - k) + 1):
                left, right = a[start - k : start], a[end : end + m]
                if _CHINESE_RUN.fullmatch(left + right + "一") is None:
                    continue
                if is_place(left + x + right) and is_place(left + y + right):
                    return True
    return _places_across(a, b, ops, is_place)


def _places_across(a: str, b: str, ops, is_place) -> bool:
    """Whether edits a character or two apart (a place name of two characters can share one with the other:
    "河南农业大学" / "南京林业大学", "闽南师范" / "河南科技") replace a place name by another, between
    ``REPLACED_FLANK`` equal characters (or the text's start or end): each text has a place name with an edited
    character in it that the other text lacks, and the two are not one place at another level ("九江县" / "九江市").
    (A pair one character apart is read by ``_place_replaced``'s rule alone, as ``_place_swapped`` reads such pairs
    all at once.)"""
    edited = [op for op in ops if op.tag != "equal"]
    if len(edited) == 1 and edited[0].tag == "replace" and edited[0].src_end - edited[0].src_start == 1:
        if edited[0].dest_end - edited[0].dest_start == 1:
            return False
    for i, j in _edit_runs_across(ops, PLACE_GAP):
        if (_equal_words(ops, i - 1) < REPLACED_FLANK and not _opens(a, ops[i].src_start)) or (
            _equal_words(ops, j + 1) < REPLACED_FLANK and not _closes(a, ops[j].src_end)
        ):
            continue
        edits = [ops[k] for k in range(i, j + 1) if ops[k].tag != "equal"]
        mine = _edited_places(a, b, [(o.src_start, o.src_end) for o in edits], is_place)
        if not mine:
            continue
        theirs = _edited_places(b, a, [(o.dest_start, o.dest_end) for o in edits], is_place)
        if any(_place_stem(p) != _place_stem(q) for p in mine for q in theirs):
            return True
    return False


def _place_stem(name: str) -> str:
    """A place name without its level ("九江县", "九江市": "九江"), a language's without 语 or 文 ("日语": "日")."""
    name = name.strip(_ADMIN_CHARS)
    return name[:-1] if len(name) > 1 and name[-1] in _SCRIPT else name


def _edit_runs_across(ops, gap: int) -> list[tuple[int, int]]:
    """``_edit_runs`` joined across equal stretches of at most ``gap`` characters between them."""
    return _runs_across(ops, _edit_runs(ops), gap)


def _runs_across(ops, runs: list[tuple[int, int]], gap: int) -> list[tuple[int, int]]:
    """Edit ``runs`` (first and last index of their opcodes, in order) joined across equal stretches of at most
    ``gap`` characters between them."""
    joined: list[tuple[int, int]] = []
    for i, j in runs:
        if joined and i - joined[-1][1] == 2 and _equal_words(ops, i - 1) <= gap:
            joined[-1] = (joined[-1][0], j)
        else:
            joined.append((i, j))
    return joined


def _op_size(op) -> int:
    """The characters (or words) an opcode covers on the side it edits more of."""
    return max(op.src_end - op.src_start, op.dest_end - op.dest_start)


def _edited_places(text: str, other: str, edited: list[tuple[int, int]], is_place) -> set[str]:
    """The place names in ``text`` (2 to 4 Chinese characters) that hold an edited character (``edited``: spans of
    ``text``) and that ``other`` lacks."""
    from .places import PLACE_CHARS, place_character_set

    chars = place_character_set()  # (a character no place name has is in none: most edits)
    out = set()
    for start, end in edited:
        for at in range(start, end):
            if text[at] not in chars:
                continue
            for size in range(PLACE_CHARS[0], PLACE_CHARS[1] + 1):
                for lo in range(max(0, at - size + 1), min(at, len(text) - size) + 1):
                    word = text[lo : lo + size]  # (place names are Chinese characters only)
                    if is_place(word) and word not in other:
                        out.add(word)
    return out


def _opposite_replaced(a: str, b: str, levenshtein, ops=None, pairs: frozenset = _OPPOSITE_PAIRS) -> bool:
    """Whether, in the character-by-character alignment of ``a`` and ``b``, one character is replaced by its opposite
    (``pairs``: of ``OPPOSITES``, or a word of ``OPPOSITE_WORDS_ZH`` by its opposite, or a word by one whose differing
    characters are each the opposite: ``_opposite_word``) between ``REPLACED_FLANK`` equal
    characters on each side (or the text's start or end) - and not swapped with it ("女人和男人的区别" /
    "男人和女人的区别": the same question) but where a word of direction stands between the two ("由盈转亏" /
    "由亏转盈", "从上涨转为下跌": ``_DIRECTED``). Opposites side by side, fewer than that many equal characters apart,
    are one change flanked as one ("将于下月" / "已于上月")."""
    ops = levenshtein.opcodes(a, b) if ops is None else ops
    replaced: set[tuple[str, str]] = set()
    swaps: list[tuple[str, str]] = []
    block: list[tuple[int, int, str, str]] = []  # opposites side by side, fewer than a flank of characters apart
    found: list[tuple[int, int, str, str]] = []  # every opposite, in order

    around: dict[int, tuple[int, int]] = {}  # per opposite's first and last edit: the characters its word shares

    def close() -> None:
        first, last = block[0], block[-1]
        # (the text's start or end will do where the word reaches it: "位列年度票房榜首位" / "…榜末位")
        start, end = ops[first[0]].src_start - around[first[0]][0], ops[last[1]].src_end + around[last[1]][1]
        if (
            _flank_words(ops, first[0] - 1, -1) >= REPLACED_FLANK
            or _opens(a, start)
            or _past_word(a, b, ops, first[0] - 1, -1)
        ) and (
            _flank_words(ops, last[1] + 1, 1) >= REPLACED_FLANK
            or _closes(a, end)
            or _past_word(a, b, ops, last[1] + 1, 1)
        ):
            swaps.extend((y, x) for _, _, x, y in block)
        block.clear()

    for i, j in _opposite_runs(a, b, ops, pairs):
        if block and (i != block[-1][1] + 2 or _equal_words(ops, i - 1) >= REPLACED_FLANK):
            close()
        start, end = ops[i].src_start, ops[j].src_end
        x, y = a[start:end], b[ops[i].dest_start : ops[j].dest_end]
        replaced.add((x, y))
        if _unit_replaced(a, b, ops, i, j):
            return True
        # (a sign beside it is no part of it: "初见下一句" / "初见，上一句"; the swaps, read so, are compared so)
        x, y = _NOT_WORD.sub("", x), _NOT_WORD.sub("", y)
        replaced.add((x, y))
        shared = (0, 0) if (x, y) in pairs or _opposite_word(x, y, pairs) else _in_word(a, b, ops[i], ops[j], pairs)
        if shared is None:
            shared = _opposite_at_edge(a, ops[i], ops[j], x, y, pairs)
        if shared is None and _opposite_inside(x, y, pairs):
            shared = (0, 0)
        if shared is not None:
            around[i], around[j] = shared, shared
            block.append((i, j, x, y))
            found.append((i, j, x, y))
        elif block:  # (an edit of another kind next to it: the block ends before it)
            close()
    if block:
        close()
    flanked = set(swaps)
    for (_, j, x, y), (i, _, x2, y2) in zip(found, found[1:], strict=False):
        if (x, y) == (y2, x2) and (y, x) in flanked and a[ops[j].src_end : ops[i].src_start] in _DIRECTED:
            return True
    return any(swap not in replaced for swap in swaps)


def _opposite_runs(a: str, b: str, ops, pairs: frozenset) -> list[tuple[int, int]]:
    """The runs of edits of ``ops`` (``_edit_runs``) as ``_opposite_replaced`` reads them: two runs one character
    apart that together write a word for its opposite (of ``pairs``) one run - "因酒后驾驶被处以" / "因醉酒驾驶…"
    (醉 put in before 酒, 后 left out after it), "本月28日起试运营" / "…起停运" (试 for 停, 营 left out): both were
    removed as copies - or do so with the characters both texts have around them (``_in_word``): "存款准备金率" /
    "存款基准利率" (基 put in before 准, 利 for 备金, 率 after them)."""
    runs = _edit_runs(ops)
    out: list[tuple[int, int]] = []
    k = 0
    while k < len(runs):
        i, j = runs[k]
        if k + 1 < len(runs) and runs[k + 1][0] == j + 2 and _equal_words(ops, j + 1) < REPLACED_FLANK:
            end = runs[k + 1][1]
            x = _NOT_WORD.sub("", a[ops[i].src_start : ops[end].src_end])
            y = _NOT_WORD.sub("", b[ops[i].dest_start : ops[end].dest_end])
            if (x, y) in pairs or _in_word(a, b, ops[i], ops[end], pairs) is not None:
                out.append((i, end))
                k += 2
                continue
        out.append((i, j))
        k += 1
    return out


def _opposite_inside(x: str, y: str, pairs: frozenset) -> bool:
    """Whether a few characters ``x`` written for as few ``y`` (``OPPOSITE_INSIDE_CHARS`` each at most) hold a word of
    two characters or more and its opposite (of ``pairs``), each only on its side: "今天全市中小学停课一天" /
    "…正常上课" (removed as a copy) writes 停课 for 上课 and more around them."""
    if not (2 <= len(x) <= OPPOSITE_INSIDE_CHARS and 2 <= len(y) <= OPPOSITE_INSIDE_CHARS):
        return False
    opposites = _opposite_words_of(pairs)
    for size in range(2, len(x) + 1):
        for start in range(len(x) - size + 1):
            word = x[start : start + size]
            for other in opposites.get(word, ()):
                if other in y and other not in x and word not in y:
                    return True
    return False


OPPOSITE_INSIDE_CHARS = 5


@lru_cache(maxsize=2)
def _opposite_words_of(pairs: frozenset) -> dict[str, list[str]]:
    """Each word of two Chinese characters or more among ``pairs`` -> its opposites of two characters or more."""
    out: dict[str, list[str]] = {}
    for x, y in pairs:
        if len(x) >= 2 and len(y) >= 2 and _CHINESE.search(x) and _CHINESE.search(y):
            out.setdefault(x, []).append(y)
    return out


# What stands between two opposites swapped that makes the swap another statement: a change from one to the other
# ("由盈转亏" / "由亏转盈", "从上涨转为下跌" / "从下跌转为上涨", "由升到降"), not two things named together
# ("男人和女人").
_DIRECTED = frozenset(("转为", "转成", "转入", "转向", "变为", "变成", "转", "变", "到", "至", "向", "→", "->"))


def _unit_replaced(a: str, b: str, ops, i: int, j: int) -> bool:
    """Whether the change from ``ops[i]`` to ``ops[j]`` (opcodes of ``a`` and ``b``) writes a unit for another of
    another class (``UNIT_CLASSES_ZH``) right after a figure or 每 that both texts have (``_COUNTING``), with
    ``REPLACED_FLANK`` equal characters after it or the text's end. Where
    the change is only a part of a unit, the unit is read with up to ``_UNIT_SHARED`` of the characters both texts
    have before and after it: "12万平方米" / "12万平方公里", "约3米" / "约3千米", "3毫米" / "3厘米", "1.2亿立方米" /
    "1.2亿平方米", "3公斤" / "3公里"."""
    start, end = ops[i].src_start, ops[j].src_end
    # (the figure or 每 stands right before the unit, which takes at most ``_UNIT_SHARED`` characters before the
    # change: none of those three characters counting, no unit is read - most edits of a repost)
    if _COUNTING.isdisjoint(a[max(0, start - _UNIT_SHARED - 1) : start]):
        return False
    most = (min(_equal_words(ops, i - 1), _UNIT_SHARED), min(_equal_words(ops, j + 1), _UNIT_SHARED))
    for head, tail, u, v in _widened(a, b, ops[i], ops[j], *most):
        at = start - head
        if at <= 0 or a[at - 1] not in _COUNTING:
            continue
        if (u, v) in _UNIT_PAIRS and (a[at - 1] == "每" or not (u in _DATE_UNITS and v in _DATE_UNITS)):
            return _equal_words(ops, j + 1) >= REPLACED_FLANK or _closes(a, end + tail)
    return False


_UNIT_SHARED = 2  # characters of a unit both texts have beside a change in it ("平方", "方米": ``_unit_replaced``)


def _in_word(a: str, b: str, first, last, pairs: frozenset) -> tuple[int, int] | None:
    """Whether the change from ``first`` to ``last`` (opcodes of ``a`` and ``b``), with up to two of the equal
    characters before it, after it or both, is a word written for its opposite word (of ``pairs``): "同比" / "环比",
    "加息" / "降息" share a character, and the alignment replaces the other one alone; "决赛" / "半决赛" share two,
    and the alignment puts 半 in. Returns how many equal characters the word has before and after the change (None:
    no such word)."""
    # (each word read holds the change's own characters: one of them in no word of ``pairs`` on its side, none is)
    first_chars, second_chars = _pair_characters(pairs)
    x, y = a[first.src_start : last.src_end], b[first.dest_start : last.dest_end]
    if not (first_chars.issuperset(x) and second_chars.issuperset(y)):
        return None
    for before, after, u, v in _widened(a, b, first, last, _IN_WORD_SHARED, _IN_WORD_SHARED):
        if (before or after) and (u, v) in pairs:
            return before, after
    return None


_IN_WORD_SHARED = 2  # the characters an opposite word may share with its opposite around the change (``_in_word``)


@lru_cache(maxsize=4)
def _pair_characters(pairs: frozenset) -> tuple[frozenset, frozenset]:
    """The characters of the first words of ``pairs`` and those of their second words."""
    return frozenset("".join(x for x, _ in pairs)), frozenset("".join(y for _, y in pairs))


def _widened(a: str, b: str, first, last, most_before: int, most_after: int):
    """The change from ``first`` to ``last`` (opcodes of ``a`` and ``b``) with up to ``most_before`` of the
    characters before it and ``most_after`` after it that both texts have there: (characters before, characters
    after, ``a``'s word, ``b``'s word), the fewer before first, then the fewer after (``_in_word``,
    ``_unit_replaced``)."""
    s, d, e, f = first.src_start, first.dest_start, last.src_end, last.dest_end
    for before in range(min(most_before, s, d) + 1):
        if a[s - before : s] != b[d - before : d]:
            return
        for after in range(min(most_after, len(a) - e, len(b) - f) + 1):
            if a[e : e + after] != b[f : f + after]:
                break
            yield before, after, a[s - before : e + after], b[d - before : f + after]


def _opposite_word(x: str, y: str, pairs: frozenset) -> bool:
    """Whether word ``y`` is word ``x`` with each of its characters that differ written as its opposite (of
    ``pairs``): "上涨" / "下降" (上/下, 涨/降), "上半年" / "下半年"."""
    return 1 < len(x) == len(y) <= 4 and x != y and all(c == d or (c, d) in pairs for c, d in zip(x, y, strict=True))


def _own_names(a: str, b: str) -> tuple[set[str], set[str]]:
    """The capitalised words (``_CAPITALISED``) each text has and the other lacks, in lower case, kept where far from
    every such word of the other text: no misspelling of it (fewer than ``NAME_EDITS`` edits, or under a third of
    the longer word's letters) and neither inside the other (an abbreviation: "Colo" / "Colorado", "Corp" /
    "Corporation"; a name run together: "Horn" / "VanHorn"). A change of case changes nothing."""
    names_a, names_b = set(_CAPITALISED.findall(a)), set(_CAPITALISED.findall(b))
    # (capitals with full stops, spelt out in the other text, are its name: "the U.S." / "the United States")
    xs = {w.lower() for w in names_a - names_b if not (w.endswith(".") and _spelt_out(w, b))}
    ys = {w.lower() for w in names_b - names_a if not (w.endswith(".") and _spelt_out(w, a))}
    if not xs or not ys:
        return set(), set()
    from rapidfuzz.distance import Levenshtein

    def far(x: str, y: str) -> bool:
        if x in y or y in x:
            return False
        edits = Levenshtein.distance(x, y)
        return edits >= NAME_EDITS and 3 * edits >= max(len(x), len(y))

    return {x for x in xs if all(far(x, y) for y in ys)}, {y for y in ys if all(far(x, y) for x in xs)}


def _spelt_out(dotted: str, text: str) -> bool:
    """Whether ``text`` has capitalised words one after another whose first letters are those of ``dotted``
    ("U.S.": "United States", "E.U.": "European Union")."""
    letters = dotted.replace(".", "")
    return re.search(r"(?<![A-Za-z])" + r"[a-z]+\s+".join(letters) + r"[a-z]+", text) is not None


_WORD_CHAR = regexes.compile(r"[^\W_]")
_NOT_WORD = regexes.compile(r"[\W_]+")
_WORD_RUN = regexes.compile(r"[^\W_]+")


def _opposite_at_edge(a: str, first, last, x: str, y: str, pairs: frozenset) -> tuple[int, int] | None:
    """Whether a run of Chinese characters replaced one for one (``x`` for ``y``, three or more: ``first`` to
    ``last``, opcodes of ``a``) ends or begins with a character written for its opposite - alone or as a word with
    the equal character after (before) it - the rest of the run a word written for another beside it: "开盘后迅速涨停"
    / "盘后一度跌停" (迅速 / 一度, then 涨停 / 跌停, one run). Returns the equal characters the opposite's word has
    before and after the run (as ``_in_word``), None where it has none."""
    if len(x) != len(y) or len(x) < 3 or not (_CHINESE_RUN.fullmatch(x) and _CHINESE_RUN.fullmatch(y)):
        return None
    after, before = a[last.src_end : last.src_end + 1], a[first.src_start - 1 : first.src_start]
    if (x[-1], y[-1]) in pairs:
        return 0, 0
    if after and (x[-1] + after, y[-1] + after) in pairs:
        return 0, 1
    if (x[0], y[0]) in pairs:
        return 0, 0
    if before and (before + x[0], before + y[0]) in pairs:
        return 1, 0
    return None


def _past_word(a: str, b: str, ops, k: int, step: int) -> bool:
    """Whether ``ops[k]`` (equal characters beside a change, fewer than a flank: ``step`` -1 before it, 1 after it)
    stands between the change and a Chinese word of two characters or more written for another (``ops[k + step]``),
    past which a flank of equal characters stands (or the text's start or end): the change is flanked through the
    word ("已对该案立案侦查，相关…" / "已对该案撤案处理，相关…": 立案 / 撤案 then 侦查 / 处理). A word, not a character:
    a typo beside a character of opposite sense is garbled text, the opposite perhaps a typo too."""
    w = k + step
    if not (_equal_words(ops, k) and 0 <= w < len(ops) and ops[w].tag == "replace"):
        return False
    x, y = a[ops[w].src_start : ops[w].src_end], b[ops[w].dest_start : ops[w].dest_end]
    if min(len(x), len(y)) < 2 or not (_CHINESE_RUN.fullmatch(x) and _CHINESE_RUN.fullmatch(y)):
        return False
    if _flank_words(ops, w + step, step) >= REPLACED_FLANK:
        return True
    return _opens(a, ops[w].src_start) if step < 0 else _closes(a, ops[w].src_end)


def _opens(text: str, start: int) -> bool:
    """Whether ``text`` has no word before ``start``: its start, or only signs before it ("（下）" ends a title as
    "下" would)."""
    return _WORD_CHAR.search(text, 0, start) is None


def _closes(text: str, end: int) -> bool:
    """Whether ``text`` has no word from ``end`` on: its end, or only signs after it."""
    return _WORD_CHAR.search(text, end) is None


def _equal_words(ops, i: int) -> int:
    """How many words ``ops[i]`` keeps equal: 0 for an edit, or past either end."""
    if not 0 <= i < len(ops) or ops[i].tag != "equal":
        return 0
    return ops[i].src_end - ops[i].src_start


def _flank_words(ops, i: int, step: int) -> int:
    """The equal words beside an edit, from ``ops[i]`` on (``step`` -1: before it, 1: after it) - and past a run of
    words that one text alone has, when an equal word stands between it and the edit ("Tokai International Ltd is" /
    "Daiwa International (Europe) Ltd is": "International", then "Ltd is" after the words put in)."""
    count = _equal_words(ops, i)
    k = i + step
    if count and 0 <= k < len(ops) and ops[k].tag in ("insert", "delete"):
        count += _equal_words(ops, k + step)
    return count


def names_differ_pairs(texts: Sequence[str], a: np.ndarray, b: np.ndarray, markup: bool) -> np.ndarray:
    """``names_replaced`` for every pair of ``texts`` (as written; ``markup``: take out their markup first) whose
    shorter text has fewer than ``NAME_CHARS`` characters (in a long article a name changed in one place is a
    correction, or a repost's own credit line: "Copyright 2024 The Herald"; in a notice or a sentence it is what
    the text is about).

    Only a pair where each text has a capitalised word the other lacks can have a name replaced, and only a pair
    of two texts with Chinese characters a place: the capitalised words of every text are read at once
    (``_slice_names``) and each pair's looked up in the other's by sorted search; of the pairs left, those less than
    ``PLACE_EDITS`` characters apart (a typo) are told in C (rapidfuzz), and the rest read text by text. 100k
    English sentences: 1.7k of 39k pairs above the floor read; 100k short Chinese texts: 180 of 30k."""
    differ, reads, stripped = _names_plan(texts, a, b, markup)
    for i, x, y, latin, places in reads.within(0, len(differ)):
        differ[i] = _replaced(_as_read(texts[x], stripped), _as_read(texts[y], stripped), latin, places)
    return differ


def _as_read(text: str, stripped: bool) -> str:
    """A text as ``_names_plan`` read it: its markup taken out when it took the pairs' markup out (``stripped``;
    ``strip_html_each``)."""
    return strip_html(text) if stripped and ("<" in text or "&" in text) else text


def _names_plan(
    texts: Sequence[str], a: np.ndarray, b: np.ndarray, markup: bool, edits_out: np.ndarray | None = None
) -> tuple[np.ndarray, PairReads, bool]:
    """What ``names_differ_pairs`` tells of every pair at once (True: a place or an opposite replaced in one
    character), the pairs it reads text by text (``_replaced`` of the two texts, with its flags ``latin`` and
    ``places``) and whether it took the texts' markup out to read them (``_as_read``). ``edits_out`` (an array per
    pair): the two texts' edits, up to ``PLACE_EDITS`` + 1, written where they were counted."""
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    differ = np.zeros(len(a), dtype=bool)
    at, used, ia, ib, sizes = _short_pairs(texts, a, b)
    if not len(at):
        return differ, PairReads.none(), False
    stripped = markup and has_markup("\n".join(used))
    if stripped:
        used = strip_html_each(used)
        sizes = lengths_of(used)
    found, found_in = per_slice(used, _slice_names, sizes)
    keys, counts, first, width, _ = _text_keys(found, found_in, len(used))
    latin = _each_lacks(keys, np.ones_like(counts), first, width, ia, ib)  # (a word lacked, whatever its count)
    chinese = ~np.fromiter(map(str.isascii, used), dtype=bool, count=len(used))  # (Chinese or not, read later)
    both = np.flatnonzero(latin | (chinese[ia] & chinese[ib]))
    if not len(both):
        return differ, PairReads.none(), stripped
    from rapidfuzz.distance import Levenshtein
    from rapidfuzz.process import cpdist

    xs, ys = list(map(used.__getitem__, ia[both].tolist())), list(map(used.__getitem__, ib[both].tolist()))
    edits = cpdist(xs, ys, scorer=Levenshtein.distance, score_cutoff=PLACE_EDITS + 1, dtype=np.int64, workers=1)
    # One character replaced (most pairs: a typo): a name is at least three edits from another, so only a place
    # or an opposite can be replaced, read for all such pairs at once. (One character added or dropped replaces
    # nothing.)
    swapped = sizes[ia[both]] == sizes[ib[both]]
    one = np.flatnonzero((edits == 1) & swapped)
    if len(one):
        differ[at[both[one]]] = _one_swapped(xs, ys, one)
    if edits_out is not None:
        edits_out[at[both]] = edits
    latin = latin[both] & (edits >= NAME_EDITS)  # (a name far from another is at least that many edits)
    to_read = (edits >= 2) & ((edits <= PLACE_EDITS) | latin)
    # ... but one character put in can make a word another ("5000万元" / "5000万美元"): such pairs are read whole
    # where the longer text has such a word (``_put_in_words``).
    put_in = np.flatnonzero((edits == 1) & ~swapped)
    if len(put_in):
        x_at, y_at = ia[both[put_in]], ib[both[put_in]]
        longer = np.where(sizes[x_at] > sizes[y_at], x_at, y_at)
        to_read[put_in[_holding(_put_in_words(), list(map(used.__getitem__, longer.tolist())))]] = True
    read = np.flatnonzero(to_read)
    places = at[both[read]]
    return differ, PairReads.of(places, a, b, (latin[read], edits[read] <= PLACE_EDITS)), stripped


def _holding(pattern: re.Pattern, texts: Sequence[str]) -> np.ndarray:
    """Which of ``texts`` hold a match of ``pattern`` (a pattern that never matches a line break): one search over the
    texts joined on line breaks, each match's text told by where it begins - every text that holds a match has one
    found, as no match runs from one text into the next (1M short texts, 121k texts: 0.10 s, against ~0.35 s searched
    one by one)."""
    out = np.zeros(len(texts), dtype=bool)
    if texts:
        starts = np.fromiter((m.start() for m in pattern.finditer("\n".join(texts))), dtype=np.int64)
        out[owners(starts, lengths_of(texts), 1)] = True
    return out


@lru_cache(maxsize=1)
def _put_in_words() -> re.Pattern:
    """The words that are another word of ``_OPPOSITE_PAIRS`` with one character put in - 美元, 港元, 日元... (元 with
    the currency's character before it), 半决赛 - and the words of ``PUT_IN_BEFORE_ZH`` (或将, 拟以...) as one
    pattern: a pair of texts one character apart, the longer with one of them, is read whole (``_names_plan``)."""
    words = {
        y
        for x, y in _OPPOSITE_PAIRS | _UNIT_PAIRS
        if len(y) == len(x) + 1 and any(y[:i] + y[i + 1 :] == x for i in range(len(y)))
    } | PUT_IN_BEFORE_ZH
    return regexes.compile("|".join(map(re.escape, sorted(words))))  # (the code's words: kept compiled)


@lru_cache(maxsize=1)
def _swapped_word_codes() -> np.ndarray:
    """The two characters (one code, as ``_opposite_swapped`` packs them) that differ between words that are another
    with one character written for another, beyond what ``_opposite_swapped`` looks up: units of more than one
    character (``_UNIT_PAIRS``: 毫米 / 厘米, 平方米 / 立方米...) and opposite words of more than two
    (``_OPPOSITE_PAIRS``: 中信银行 / 中国银行...)."""
    codes = {
        (ord(p) << 21) | ord(q)
        for pairs, shortest in ((_UNIT_PAIRS, 2), (_OPPOSITE_PAIRS, 3))
        for x, y in pairs
        if len(x) == len(y) >= shortest and sum(c != d for c, d in zip(x, y, strict=True)) == 1
        for p, q in zip(x, y, strict=True)
        if p != q
    }
    return np.array(sorted(codes), dtype=np.uint64)


def _one_swapped(xs: list[str], ys: list[str], one: np.ndarray) -> np.ndarray:
    """Of the pairs ``(xs[i], ys[i])`` at places ``one`` (each two texts of one length, one character apart),
    which replace a place or an opposite with that character (``_place_swapped``, ``_opposite_swapped``) - and,
    where the two characters are those a longer unit or opposite word differs in ("3毫米" / "3厘米", "1.2亿立方米" /
    "1.2亿平方米", "中信银行" / "中国银行": ``_swapped_word_codes``), the few such pairs read as ``_replaced`` reads
    them (``_opposite_replaced``)."""
    xs, ys = list(map(xs.__getitem__, one.tolist())), list(map(ys.__getitem__, one.tolist()))
    swaps = _Swaps.of(xs, ys)
    out = _place_swapped(swaps) | _opposite_swapped(swaps)
    at = swaps.offset + swaps.p
    pair = (swaps.x[at].astype(np.uint64) << np.uint64(21)) | swaps.y[at].astype(np.uint64)
    word = np.flatnonzero(find_sorted(_swapped_word_codes(), pair)[1] & ~out & (swaps.n < OPPOSITE_CHARS))
    if len(word):
        from rapidfuzz.distance import Levenshtein

        for k in word.tolist():
            x, y = xs[k], ys[k]
            pairs = _OPPOSITE_PAIRS if len(x) < SHORT_CHARS else _LONG_OPPOSITE_PAIRS
            chinese = _CHINESE.search(x) is not None and _CHINESE.search(y) is not None
            out[k] = chinese and _opposite_replaced(x, y, Levenshtein, None, pairs)
    return out


@dataclass
class _Swaps:
    """Pairs of texts that differ in one character, in place (``xs[i]`` and ``ys[i]`` of one length): each side's
    texts joined and read as code points (``x``, ``y``), where each pair's texts begin (``offset``), their length
    (``n``), and where the one character differs (``p``); ``flanked``: with ``REPLACED_FLANK`` equal characters on
    each side of it, or the text's start or end (with only signs before or after it: ``_opens``, ``_closes``);
    ``flanked_after``: so on the side after it; ``word_flanked_before`` (``word_flanked_after``): flanked where the
    character before (after) it is read with it, as one word (``_in_word``)."""

    x: np.ndarray
    y: np.ndarray
    n: np.ndarray
    offset: np.ndarray
    p: np.ndarray
    flanked: np.ndarray
    flanked_after: np.ndarray
    word_flanked_before: np.ndarray
    word_flanked_after: np.ndarray

    @classmethod
    def of(cls, xs: Sequence[str], ys: Sequence[str]) -> _Swaps:
        x, y = utf32("".join(xs)), utf32("".join(ys))
        n = lengths_of(xs)
        offset = np.cumsum(n) - n
        p = np.flatnonzero(x != y) - offset
        # Fewer than a flank of characters before (after) it: only signs there will do (``_opens``, ``_closes``) -
        # the few characters between it and the text's start or end read, no other.
        at = offset + p
        flanked_before, flanked_after = _flank_side(x, at, p, -1), _flank_side(x, at, n - p - 1, 1)
        # ... and so with the character before (after) it, for a word of two that holds it (``_in_word``)
        word_before, word_after = _flank_side(x, at, p, -1, 1), _flank_side(x, at, n - p - 1, 1, 1)
        return cls(
            x, y, n, offset, p, flanked_before & flanked_after, flanked_after,
            word_before & flanked_after, flanked_before & word_after,
        )  # fmt: skip


def _flank_side(x: np.ndarray, at: np.ndarray, room: np.ndarray, step: int, skip: int = 0) -> np.ndarray:
    """Per swap (at ``at`` in ``x``, ``room`` characters on the side of ``step``: -1 before, 1 after), whether that
    side is flanked: ``REPLACED_FLANK`` characters or more there, or no word character past the ``skip`` next."""
    out = np.ones(len(room), dtype=bool)
    for k in range(1 + skip, REPLACED_FLANK):
        rows = np.flatnonzero((room >= k) & (room < REPLACED_FLANK))
        out[rows[_word_chars(x[at[rows] + step * k])]] = False
    return out


def _word_chars(cps: np.ndarray) -> np.ndarray:
    """Which code points are word characters (``_WORD_CHAR``), each distinct one asked once."""
    distinct, where = np.unique(cps, return_inverse=True)
    word = np.fromiter((_WORD_CHAR.match(chr(c)) is not None for c in distinct.tolist()), dtype=bool)
    return word[where]


def _place_swapped(s: _Swaps) -> np.ndarray:
    """``_place_replaced`` of pairs of texts that differ in one character (``_Swaps``): the hashes of the windows of
    two to four characters around it that ``_place_replaced`` would look up are looked up in the place table."""
    from .places import PLACE_CHARS, place_characters, place_hashes

    out = np.zeros(len(s.n), dtype=bool)
    x, y, n, offset, p = s.x, s.y, s.n, s.offset, s.p
    cx, cy = x[offset + p], y[offset + p]
    ok = _is_chinese(cx) & _is_chinese(cy) & ~(_is_admin(cx) & _is_admin(cy)) & s.flanked
    ok &= ~(_is_script(cx) & _is_script(cy))
    if not ok.any():
        return out
    chars = place_characters()
    ok &= chars.take(cx, mode="clip") & chars.take(cy, mode="clip")  # (most typos write a character no place has)
    table = place_hashes()
    lo_chars, hi_chars = PLACE_CHARS
    for k in range(hi_chars):  # characters taken from before, and from after
        for m in range(hi_chars - k):
            size = k + 1 + m
            if size < lo_chars:
                continue
            start = p - k
            at = np.flatnonzero(ok & (start >= 0) & (start + size <= n))
            if not len(at):
                continue
            cols = (offset[at] + start[at])[:, None] + np.arange(size)
            wx = x[cols].astype(np.uint64)
            keep = _is_chinese(wx).all(axis=1) & find_sorted(table, row_hashes(wx))[1]
            at, cols = at[keep], cols[keep]
            out[at[find_sorted(table, row_hashes(y[cols].astype(np.uint64)))[1]]] = True
    return out


def _held_by_length(short: np.ndarray, table: np.ndarray, long_table: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """Per code, whether it is in ``table`` where ``short`` (a pair of short texts), else in ``long_table``: each
    looked up in its own table only."""
    held = np.zeros(len(codes), dtype=bool)
    held[short] = find_sorted(table, codes[short])[1]
    held[~short] = find_sorted(long_table, codes[~short])[1]
    return held


def _opposite_swapped(s: _Swaps) -> np.ndarray:
    """``_opposite_replaced`` of pairs of texts that differ in one character (``_Swaps``), for the pairs of short
    texts (``SHORT_CHARS``): the two characters where they differ looked up among the opposites at once."""
    at = s.offset + s.p
    pair = (s.x[at].astype(np.uint64) << np.uint64(21)) | s.y[at].astype(np.uint64)
    short = s.n < SHORT_CHARS
    opposite = _held_by_length(short, _OPPOSITE_CODES, _LONG_OPPOSITE_CODES, pair)
    # ... or the character with the one before (after) it a word written for its opposite word ("同比" / "环比")
    before, after = s.p > 0, s.p < s.n - 1
    shift = np.uint64(42)
    prev = s.x[np.where(before, at - 1, at)].astype(np.uint64) << shift
    nxt = s.x[np.where(after, at + 1, at)].astype(np.uint64) << shift
    # (the read asks for the word with the one after first; its flank is the word's: "…票房榜首位" / "…榜末位" at the
    # text's end)
    word_after = after & ~opposite & _held_by_length(short, _WORD_AFTER_CODES, _LONG_WORD_AFTER_CODES, nxt | pair)
    word_before = _held_by_length(short, _WORD_BEFORE_CODES, _LONG_WORD_BEFORE_CODES, prev | pair)
    word_before &= before & ~opposite & ~word_after
    opposite &= s.flanked
    opposite |= (word_after & s.word_flanked_after) | (word_before & s.word_flanked_before)
    # ... or a unit for another after a figure or 每 (``_unit_replaced``: only the flank after it is asked for)
    counting = prev >> shift
    unit = before & find_sorted(_UNIT_CODES, pair)[1] & find_sorted(_COUNTING_CODES, counting)[1]
    unit |= before & find_sorted(_DATE_UNIT_CODES, pair)[1] & (counting == ord("每"))
    unit &= s.flanked_after
    return (s.n < OPPOSITE_CHARS) & (opposite | unit)


def _is_admin(cps: np.ndarray) -> np.ndarray:
    return find_sorted(_ADMIN_CODES, cps.astype(np.uint64))[1]


def _is_script(cps: np.ndarray) -> np.ndarray:
    return find_sorted(_SCRIPT_CODES, cps.astype(np.uint64))[1]


def _is_chinese(cps: np.ndarray) -> np.ndarray:
    return (cps >= 0x4E00) & (cps <= 0x9FFF)


def _slice_names(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """A hash of each capitalised word of a slice of texts (what ``_CAPITALISED`` finds: a run of Latin letters
    that begins with an upper-case one and holds a lower-case one; equal hashes for equal words) and the index of
    the text each is in. The texts are joined by line breaks and read as ASCII bytes, every other character one
    "?" (a byte a character: 100k articles, 0.1 s against 0.17 for their code points)."""
    lengths = lengths_of(texts)
    codes = np.frombuffer("\n".join(texts).encode("ascii", "replace"), dtype=np.uint8)
    at = np.flatnonzero((codes - np.uint8(ord("A"))) <= ord("z") - ord("A"))  # A-Z, six signs, a-z
    c = codes[at]
    letter = (c <= ord("Z")) | (c >= ord("a"))
    at, c = at[letter], c[letter]
    starts, ends = position_runs(at)
    lower = np.zeros(len(at) + 1, dtype=np.int64)
    np.cumsum(c >= ord("a"), out=lower[1:])
    keep = np.flatnonzero((c[starts] <= ord("Z")) & (lower[ends] > lower[starts]))
    sizes = ends[keep] - starts[keep]
    # The kept words' letters only, hashed (most letters are in lower-case words)
    words = c[span_positions(starts[keep], sizes)].astype(np.uint64)
    word_ends = np.cumsum(sizes)
    hashes = span_hashes(words, word_ends - sizes, word_ends)
    found_at = at[starts[keep]]
    # ... and each run of two capitals or more with a full stop after each, not after a letter or a full stop
    # ("U.S.", "U.S.A."; ``_DOTTED``), hashed as the pattern finds it, full stops and all
    dot = np.uint8(ord("."))
    pair = at[c <= ord("Z")]  # (a capital before a full stop: looked for among the capitals, not every character)
    pair = pair[pair + 1 < len(codes)]
    pair = pair[codes[pair + 1] == dot]
    if len(pair) > 1:
        follows = np.zeros(len(pair), dtype=bool)  # (the pair two places after another)
        follows[1:] = pair[1:] - pair[:-1] == 2
        run = np.flatnonzero(~follows)
        run_len = np.diff(np.r_[run, len(pair)])
        start = pair[run]
        before = codes[np.maximum(start - 1, 0)]
        alone = (start == 0) | ~((((before | np.uint8(0x20)) - np.uint8(ord("a"))) < 26) | (before == dot))
        keep_run = np.flatnonzero((run_len >= 2) & alone)
        if len(keep_run):
            start, size = start[keep_run], 2 * run_len[keep_run]
            letters = codes[span_positions(start, size)].astype(np.uint64)
            run_ends = np.cumsum(size)
            hashes = np.concatenate([hashes, span_hashes(letters, run_ends - size, run_ends)])
            found_at = np.concatenate([found_at, start])
            order = np.argsort(found_at, kind="stable")  # (in the order the pattern finds them)
            hashes, found_at = hashes[order], found_at[order]
    text_ends = np.cumsum(lengths + 1)  # each text's end, its line break included
    return hashes, np.searchsorted(text_ends, found_at, side="right")


# -- negations ----------------------------------------------------------------------------------------------------

# A negation one text has and the other lacks makes two statements, or two questions, not a copy: "孕妇可以吃饼干吗"
# / "孕妇不可以吃饼干吗", "东莞为什么扫黄" / "东莞为什么不扫黄", "形容说话的成语" / "形容不说话的成语", "the merger was
# approved" / "the merger was not approved". (In LCQMC, whose question pairs are labelled by what they ask, 16 of
# the 20 labelled pairs a negation apart that the check let through ask different things; the 4 others are a
# question written as "X不" or "有没有", which are no negations and stay duplicates here.)
# (沒 and 無: 没 and 无 as traditional characters write them)
# ("non" of "non-smokers": "all of whom were non-smokers" / "…were smokers" was removed as a copy)
NEGATIONS = ("不", "没", "沒", "未", "非", "无", "無", "not", "n't", "never", "no", "non")
_NEGATION_SET = frozenset(NEGATIONS) | {"n’t"}
# A word that makes a post or a product another one, added or dropped as a negation is: "任命王伟为交通运输部副部长"
# / "…部长", "named John Smith vice president" / "president", "the former chairman" / "the chairman" (a deputy, a
# predecessor or a stand-in is another person), "Apple iPhone 15 Pro Max 256GB" / "…15 Pro 256GB", "华为Mate60 Pro
# 12GB+512GB" / "华为Mate60 12GB+512GB" (another model: all were removed as copies). Only added or dropped: a
# character typed for one ("一幅画" / "一副画") is a typo; and 副 only before a post (``_POSTS``: "副部长", "副主任",
# "副总经理"), not in "副作用" or wherever a planted random edit puts it ("这个副是黄花梨木吗": the 100k bench short
# texts). So 原 and 前 (former): "该市原市长王建华涉嫌严重违纪" / "该市市长王建华…" accuses another man (removed as a
# copy), not "原因" or "前往", nor in a word of its own ("目前", "此前", "太原市": ``_NOT_NEGATED``). 前 before a figure
# too: "今年前10月进出口总值" / "今年10月…", "前三季度" / "三季度" (the months so far against one month), "前10名" /
# "10名" (both were removed as copies). (代, acting, was tried: "这代主机" / "这主机" is no "acting head".)
_MODALS = ("may", "might", "could")  # (qualifiers read with the words they come with: ``_MODAL_WITH``)
QUALIFIERS = (
    *("副", "原", "前", "vice", "deputy", "former", "acting", "interim", "pro", "max", "ultra", "mini", "lite"),
    *("second", "third", "fourth", "fifth"),  # "the largest maker" / "the second largest maker"
    # what is alleged, reported, suspected or likely against what is: "the man had allegedly killed his neighbour"
    # / "had killed", "three new suspected cases" / "three new cases" (both were removed as copies; a word longer
    # than the edits a negation's pair may be apart, ``QUALIFIER_EDITS``)
    *("allegedly", "reportedly", "purportedly", "suspected", "possibly", "probably"),
    # a product renewed or secondhand: "Samsung Galaxy S23 Ultra 256GB (Refurbished)" / "…256GB" (removed as a copy)
    *("refurbished", "renewed", "secondhand"),
    # another post, round or figure: "The assistant coach was sacked" / "The coach…", "The junior minister resigned" /
    # "The minister…", "an unaudited net profit" / "a net profit", and with a hyphen (``_HYPHENED``) "The singer's
    # ex-wife" / "…wife", "co-founder" / "founder", "semi-final" / "final", "pre-tax profit" / "profit" (all were
    # removed as copies)
    *("assistant", "junior", "unaudited", "pretax", "ex", "co", "semi", "pre"),
    # ... and may, might or could with "have" (and "been"): "The earthquake may have killed more than 100 people" /
    # "The earthquake killed…" (removed as a copy)
    *_MODALS,
)
# What a modal qualifier (may, might, could) is put in with: "may have killed", "could have been sold".
_MODAL_WITH = (("have",), ("have", "been"))
_QUALIFIER_SET = frozenset(QUALIFIERS)
# A pair with a qualifier put in may be this many characters apart: the qualifier and a space besides the edits of
# any other pair (``PLACE_EDITS``).
QUALIFIER_EDITS = PLACE_EDITS + max(len(w) for w in QUALIFIERS) + 1
_POSTS = frozenset("部主市总院局省县区镇乡校教厅处科经书秘司队会董行团委社州长官军师旅营连班站所馆台署室")
_POST_CODES = np.array(sorted(map(ord, _POSTS)), dtype=np.uint64)
_OF_POSTS = frozenset(w for w in QUALIFIERS if len(w) == 1 and not w.isascii())  # (a Chinese one: before a post)
_OF_POST_CODES = np.array(sorted(map(ord, _OF_POSTS)), dtype=np.uint64)
# ... and the others not before 长, a post's last character more often than its first: "消费增前长最快" (a planted
# random edit of the 100k bench short texts) is no "former head"
_LONG_POSTS = _POSTS - {"长"}
_LONG_POST_CODES = np.array(sorted(map(ord, _LONG_POSTS)), dtype=np.uint64)
_OF_FIGURES = "前"  # ... or before a figure: digits or a Chinese numeral (``_FIGURE_STARTS``)
_OF_FIGURE_CODES = np.array(sorted(map(ord, _OF_FIGURES)), dtype=np.uint64)
_FIGURE_STARTS = frozenset("0123456789０１２３４５６７８９一二三四五六七八九十两几")
_FIGURE_START_CODES = np.array(sorted(map(ord, _FIGURE_STARTS)), dtype=np.uint64)
# Where one of them is no negation: a question asked as "A-not-A" (有没有, 是不是, 好不好: the same word on both
# sides), one at the end of a question (好玩不？), one typed twice (不不用), words that hold the character for another
# sense.
_NOT_NEGATED = frozenset({"非常", "未来", "除非", "无非", "莫非", "是非", "要不", "不过"})
# ... nor a qualifier in a word of its own: 前 or 原 dropped from one is a typo ("目前两家" / "目两家", "此前5年" /
# "此5年", "太原市" / "太市", "在门前6米处" / "在门6米处": planted random edits of the 1M bench short texts)
_NOT_NEGATED |= (
    frozenset(w + "前" for w in "目此之以提当眼面日先空事生跟从向往史门窗床身胸台")
    | frozenset(w + "原" for w in "太平中高草还复病")
    | {"前所"}  # (前所未有)
)
_NOT_NEGATED_CODES = np.array(sorted((ord(w[0]) << 21) | ord(w[1]) for w in _NOT_NEGATED), dtype=np.uint64)
# A statement of what is done or has been ("已脱离生命危险", "已经完成", "曾获奖") written as what is not yet or never
# was: "目前已脱离生命危险" / "目前仍未脱离生命危险", "已于昨日被抓获" / "尚未被抓获", "已经完成" / "还没有完成" - the
# negation after an adverb of its own (仍未, 尚未, 还没, 从未, 并不), the "已" it stands for written otherwise.
_DONE_WORDS = frozenset({"", "已", "已经", "曾", "曾经"})
_NOT_YET = regexes.compile("[仍尚还并从也都]?(?:[未不非無无]|[没沒]有?)")
_NOT_YET_EN = frozenset({"not yet", "still not"})
# A text read as words for ``negation_replaced``: "n't" a word of its own ("didn't" is "did" and "n't"; "cannot" is
# "can" and "not"), a run of Latin letters, a number, any other character on its own (a Chinese character is a word).
_NEGATION_WORD = regexes.compile(r"n['’]t(?![a-z])|[a-z]+(?=n['’]t(?![a-z]))|can(?=not(?![a-z]))|[a-z]+|\d+|\S")
_LATIN_OR_DIGIT = regexes.compile(r"[a-z\d]")
# The word before a "n't" that is no word without it: "can't" is "can" and "n't", "won't" "will" and "n't".
_CONTRACTED = {"ca": "can", "wo": "will", "sha": "shall"}


def _negation_words(text: str) -> list[str]:
    """``text`` (lower-case) as ``negation_replaced`` reads it: words, numbers and signs, a "n't" a word of its own
    (``_NEGATION_WORD``), the word before it whole ("can't easily be answered" / "can easily be answered": removed as
    a copy, "ca" and "n't" read as a word written for "can"), the "non" of "non-smokers" without its hyphen, as the
    ``_HYPHENED`` qualifiers with theirs, "an" as "a"."""
    # Each step below walks the words only when they hold one it changes: a Chinese text is a word per character and
    # holds none (100k short texts: the words took 30 of the 43 ms of ``negation_replaced`` when each step walked).
    # A text of no Latin letter nor digit is a word per character but spaces (``_NEGATION_WORD``'s last choice).
    words = _NEGATION_WORD.findall(text) if _LATIN_OR_DIGIT.search(text) else list("".join(text.split()))
    if "an" in words:  # ("an unaudited profit" / "a profit")
        words = ["a" if w == "an" else w for w in words]
    if "n't" in words or "n’t" in words:
        for k in range(len(words) - 1):
            if words[k] in _CONTRACTED and words[k + 1] in ("n't", "n’t"):
                words[k] = _CONTRACTED[words[k]]
    if not _HYPHENED.isdisjoint(words):
        for k, w in enumerate(words):  # ("Smith Co said": no "co-" of a co-founder)
            if w in _HYPHENED and (k + 1 == len(words) or words[k + 1] != "-"):
                words[k] = w + "."
    if "-" in words:  # ("non-smokers", "ex-wife": "non" and "ex" words of their own, without their hyphen)
        words = [w for k, w in enumerate(words) if not (w == "-" and k and words[k - 1] in _HYPHEN_DROPPED)]
    if "pre" not in words:
        return words
    return [  # ("pre-tax" is "pretax")
        "pretax" if w == "pre" and words[k + 1 : k + 2] == ["tax"] else w
        for k, w in enumerate(words)
        if not (w == "tax" and k and words[k - 1] == "pre")
    ]


# Qualifiers read only with a hyphen after them ("ex-wife", "co-founder"): "Co" alone is a company's
_HYPHENED = frozenset(("ex", "co", "semi", "pre"))
_HYPHEN_DROPPED = _HYPHENED | {"non"}  # (the words read without the hyphen after them)


def negation_replaced(a: str, b: str) -> bool:
    """True when one text has a negation (``NEGATIONS``) that the other lacks, in the same words: in the
    word-by-word alignment of the passages where the two differ (``_differing_passages``), a negation added or
    dropped (or, in a short pair, a Chinese one written in place of another character; an English one written for
    another word, ``_word_for_negation``), with ``REPLACED_FLANK``
    equal words before it (or the text's start) and after it - where it is a negation (``_NOT_NEGATED``) - in texts
    at most ``PLACE_EDITS`` characters apart (or further apart by a qualifier put in and no more: "allegedly",
    ``QUALIFIER_EDITS``).

    The negation is what the two differ in, or nearly: a repost with a dozen typos, one of which erases a 不 ("不
    难" / "了难", "不仅" / "事仅"), is a copy with typos; so is a longer text where one character was typed for
    a 不 - only in a question or a title is a word written in place of another ("大象最喜欢吃什么" / "大象不喜欢吃
    什么") another question. "Already" written as "not yet" (``_not_yet``) and a qualifier of a post added or dropped
    (``QUALIFIERS``: "副部长" / "部长") count as a negation does."""
    from rapidfuzz.distance import Levenshtein

    extra = abs(len(a) - len(b))  # (the longer text's characters past the shorter's length)
    if extra <= QUALIFIER_EDITS:
        edits = Levenshtein.distance(a, b, score_cutoff=QUALIFIER_EDITS + 1)
    else:
        # An excerpt, read where it aligns (``_excerpt_edits``); one within QUALIFIER_EDITS there is at most the extra
        # characters and twice those edits apart in all (told first, in C).
        most = extra + 2 * QUALIFIER_EDITS
        if Levenshtein.distance(a, b, score_cutoff=most + 1) > most:
            return False
        edits = _excerpt_edits(a, b, Levenshtein)
    if edits > QUALIFIER_EDITS:
        return False
    over = max(0, edits - PLACE_EDITS)  # (beyond them: only a qualifier as long as that, put in, can say another)
    replaced = min(len(a), len(b)) < SHORT_CHARS  # (a word written for another counts)
    a, b = _differing_passages(a, b, Levenshtein)
    wa, wb = _negation_words(a.lower()), _negation_words(b.lower())
    ops = Levenshtein.opcodes(wa, wb)
    for i, j in _edit_runs(ops):
        if not (_equal_words(ops, i - 1) >= REPLACED_FLANK or i == 0 or (i == 1 and ops[0].tag == "equal")):
            continue
        # (a question's last word: "好玩不？" - at the text's end only an English qualifier put in is read, "Samsung
        # Galaxy S23 256GB (Refurbished)" / "…256GB", "iPhone 15 Pro Max" / "iPhone 15 Pro")
        at_end = _equal_words(ops, j + 1) < REPLACED_FLANK
        if at_end and j + 1 < len(ops):
            continue
        x = wa[ops[i].src_start : ops[j].src_end]
        y = wb[ops[i].dest_start : ops[j].dest_end]
        for words, at, mine, other in ((wa, ops[i].src_start, x, y), (wb, ops[i].dest_start, y, x)):
            if not other and len(mine) > 1:  # (an English qualifier in brackets: "(Renewed)")
                core = [k for k, w in enumerate(mine) if _WORD_CHAR.match(w)]
                if len(core) == 1 and mine[core[0]].isascii() and mine[core[0]] in _QUALIFIER_SET:
                    at, mine = at + core[0], [mine[core[0]]]
            # (put in: the text holds it more often than the other, as the plan asks - not moved, "市长could" /
            # "could市长")
            qualifier = len(mine) == 1 and mine[0] in _QUALIFIER_SET and not other
            qualifier = qualifier and words.count(mine[0]) > (wb if words is wa else wa).count(mine[0])
            if at_end and not (qualifier and mine[0].isascii()):
                continue
            # (a Chinese qualifier is a character: one put in among many typos, "这前局", is a typo too - but a
            # negation put in where the texts differ in one passage besides, and no typo, is what they say apart)
            if (
                over
                and not (
                    (
                        qualifier
                        or _modal_put_in(mine, other)
                        or _negation_joined(mine, other)
                        or _do_not_inflected(mine, other)
                    )
                    and mine[0].isascii()
                    and len(" ".join(mine)) >= over
                )
                and not (
                    _negation_put_in(mine, other)
                    and _one_passage_apart(words[:at] + words[at + 1 :], wb if words is wa else wa)
                )
            ):
                continue
            # (an English one for two words too: "with dozens of people still missing" / "with no people…", removed
            # as a copy)
            negation = len(mine) == 1 and mine[0] in _NEGATION_SET and _NEGATION_SET.isdisjoint(other)
            two = negation and len(other) == 2 and mine[0].isascii() and all(w.isascii() and w.isalpha() for w in other)
            if negation and (len(other) <= 1 or two):
                # A word written for another: a Chinese character only ("not" / "nht" is a typo of the same word),
                # in a longer text only for "already" ("目前已脱离危险" / "目前未脱离危险").
                if (
                    other
                    and not (replaced and len(mine[0]) == 1)
                    and "".join(other) not in _DONE_WORDS
                    and not _word_for_negation(mine[0], other[0], Levenshtein)
                ):
                    continue
                if _negates(words, at):
                    return True
            elif qualifier:
                # (between the same words: "部副部长" is no question asked as "A-not-A")
                before = words[at - 1] if at > 0 else ""
                after = words[at + 1] if at + 1 < len(words) else ""
                if _qualifies(mine[0], after) and not {before + mine[0], mine[0] + after} & _NOT_NEGATED:
                    return True
            elif _modal_put_in(mine, other):
                return True
            elif _negation_joined(mine, other):
                if _negates(words, at + next(k for k, w in enumerate(mine) if w in _NEGATION_SET)):
                    return True
            elif len(mine) == 2 and not other and mine[0] in _DO and mine[1] in _NEGATION_SET:
                # "do", "does" or "did" with its negation put in: "what happens if you don't sleep" / "if you sleep"
                if _negates(words, at + 1):
                    return True
            elif _do_not_inflected(mine, other):
                if _negates(words, at + 1):
                    return True
            elif _not_yet(mine, other):
                k = next(k for k, w in enumerate(mine) if w in _NEGATION_SET)
                if _negates(words, at + k):
                    return True
            elif _negation_word_put_in(mine, other):
                if _negates(words, at) and "".join(words[at : at + 2]) not in _NO_NEGATION_WRITTEN:
                    return True
            elif _negation_written_for(mine, other):
                k = at + next(k for k, w in enumerate(mine) if w in _NEGATION_SET)
                if _negates(words, k) and "".join(words[k : k + 2]) not in _NO_NEGATION_WRITTEN:
                    return True
    return False


def _excerpt_edits(a: str, b: str, levenshtein) -> int:
    """The characters two texts are apart where they align, a passage at either end that only one of them has (the
    rest of a longer text, of which the other is an excerpt; a header) not counted: "报考前所学专业为非法学专业（…等
    不得报考）。" / "报考前所学专业为法学专业（仅…等可以报考）。三）报名参加…" are four characters apart (the rules for
    two kinds of students, the first removed as an excerpt of the second in the 100k bench posts)."""
    ops = levenshtein.opcodes(a, b)
    # (at an end: or before a sign or two both end with, "…可以报考）。三）报名参加…的要求。")
    runs = _inner_runs(ops, _edit_runs(ops), beyond=2)
    return sum(_op_size(ops[k]) for i, j in runs for k in range(i, j + 1))


def _negation_put_in(mine: list[str], other: list[str]) -> bool:
    """Whether ``mine`` is a negation alone, where the other text has nothing (put in, or dropped from the other)."""
    return not other and len(mine) == 1 and mine[0] in _NEGATION_SET


def _one_passage_apart(x: list[str], y: list[str]) -> bool:
    """Whether one of two texts (as words) is the other with one passage put in - a clause ("报名参加法律（非法学）…符
    合（一）中的各项要求" / "报名参加法律（法学）…符合（一）学术学位研究生报考条件中的各项要求", once the negation is
    taken out: the rules for two programmes) - not typos spread through it (a repost with a dozen typos, one of
    which drops a 不). Told by the words the two begin and end with, not by an alignment, which may cut a passage in
    two around a character it shares with the words after it ("在美术馆二楼东侧展厅展出": 展厅展 aligned as 厅展)."""
    if len(x) == len(y):
        return False
    short, long = (x, y) if len(x) < len(y) else (y, x)
    head = 0
    while head < len(short) and short[head] == long[head]:
        head += 1
    tail = 0
    while tail < len(short) - head and short[-1 - tail] == long[-1 - tail]:
        tail += 1
    return head + tail == len(short)


# Words that hold a negation's character and say more, or on and on, or soon, or lost to: one written for another
# word is no negation written in its place ("不断提高" / "持续提高", "不少网友" / "许多网友", "80-98输给雷霆" /
# "以80-98不敌雷霆": a real repost of the 1M bench texts). (Only here: "不少" / "很少", "不久" / "很久" - the
# negation's character alone replaced - still say the opposite.)
_NO_NEGATION_WRITTEN = frozenset(
    {"不断", "不少", "不久", "不仅", "不但", "不管", "无论", "不错", "不停", "不禁", "不料", "不妨", "无比", "无数"}
    | {"不敌", "不幸", "不已"}
)


def _negation_word_put_in(mine: list[str], other: list[str]) -> bool:
    """Whether the Chinese characters ``mine``, two or three, are a word that begins with a negation, put in where
    ``other`` has nothing: "已被检察机关批准逮捕" / "…不予批准逮捕" (removed as a copy: only a negation of one
    character put in was read)."""
    return (
        not other
        and 2 <= len(mine) <= 3
        and mine[0] in _NEGATION_SET
        and all(len(w) == 1 and not w.isascii() for w in mine)
    )


def _negation_written_for(mine: list[str], other: list[str]) -> bool:
    """Whether the Chinese characters ``mine`` hold a negation where ``other`` - two or three characters against one
    to four - holds none: a word with a negation written for a word without one, "将提起上诉" / "将不再上诉", "将继续
    参与" / "将不再参与", "可以有效治疗" / "无法有效治疗", "已成功脱离" / "仍未能脱离", "提前一轮锁定小组第一" /
    "仍未锁定…", "利息将于付息日足额兑付" / "利息未能于…" (all six were removed as copies: in a longer text only a
    negation put in or left out was read). Two characters at least on the negation's side: one typed for a 不 is a
    typo ("不难" / "了难")."""
    if not (2 <= len(mine) <= 3 and 1 <= len(other) <= 4) or not _NEGATION_SET.isdisjoint(other):
        return False
    if not all(len(w) == 1 and not w.isascii() for w in mine + other):
        return False
    return not _NEGATION_SET.isdisjoint(mine)


def _modal_put_in(mine: list[str], other: list[str]) -> bool:
    """Whether the words ``mine`` are may, might or could with "have" (and "been") where ``other`` has nothing or a
    form of be or have alone: "may have killed" / "killed", "could have been sold" / "was sold"."""
    return (
        len(mine) >= 2
        and mine[0] in _MODALS
        and tuple(mine[1:]) in _MODAL_WITH
        and (not other or (len(other) == 1 and other[0] in _BE_OR_HAVE))
    )


_DO = frozenset(("do", "does", "did"))
_BE_OR_HAVE = frozenset(("was", "were", "is", "are", "had", "has", "been"))
# Words a negation may be put in with, and the words they replace: "will pay a fine and admit wrongdoing" / "…but
# will not admit wrongdoing" (removed as a copy: three words for one).
_JOINING = frozenset(("and", "but", "yet", "also", "will", "would", "can", "could", "should", "must", "to")) | _DO
_JOINING |= {"need", "needs"}  # ("Visitors must wear masks" / "Visitors need not wear masks": removed as a copy)
_JOINING |= _BE_OR_HAVE


_INFLECTIONS = frozenset(("s", "es", "ies", "ys", "d", "ed", "ied", "yed"))  # (after a verb's stem)


def _do_not_inflected(mine: list[str], other: list[str]) -> bool:
    """Whether the English words ``mine`` are "does" (or "do", "did") and a negation before a verb that ``other``
    has inflected instead: "it does not expect the strike to affect deliveries" / "it expects…" (removed as a
    copy), "doesn't apply" / "applies", "did not want" / "wanted"."""
    if len(mine) != 3 or len(other) != 1 or mine[0] not in _DO or mine[1] not in _NEGATION_SET:
        return False
    verb, inflected = mine[2], other[0]
    if not (verb.isascii() and verb.isalpha() and inflected.isascii()) or inflected == verb:
        return False
    stem = verb[:-1] if verb.endswith(("e", "y")) else verb
    return inflected.startswith(stem) and inflected[len(stem) :] in _INFLECTIONS


def _negation_joined(mine: list[str], other: list[str]) -> bool:
    """Whether the English words ``mine`` are one negation among joining words (``_JOINING``) where ``other`` has
    joining words only: "and admit" / "but will not admit", "and pay" / "but did not pay"."""
    core = [w for w in mine if w not in _JOINING]
    return (
        len(mine) >= 2
        and len(core) == 1
        and core[0] in _NEGATION_SET
        and core[0].isascii()
        and all(w in _JOINING for w in other)
    )


def _word_for_negation(negation: str, word: str, levenshtein) -> bool:
    """Whether an English ``word`` written where the other text has the ``negation`` is another word, not a typo of
    it (as many letters apart as the negation has, two at least): "the government had no intention of devaluing" /
    "had every intention" (removed as a copy), "was not approved" / "was also approved"; "not" / "nht", "not" /
    "now", "not" / "mowt" (a planted typo of the English bench sentences) are typos."""
    apart = max(2, len(negation))
    return negation.isascii() and word.isascii() and word.isalpha() and levenshtein.distance(negation, word) >= apart


def _qualifies(word: str, after: str) -> bool:
    """Whether the qualifier ``word`` (``QUALIFIERS``) qualifies where it stands, before the word ``after``: a
    Chinese one before a post (``_POSTS``: "副部长", not "副作用"), 前 also before a figure ("前10月")."""
    if word not in _OF_POSTS:
        return True
    return after[:1] in (_POSTS if word == "副" else _LONG_POSTS) or (
        word in _OF_FIGURES and after[:1] in _FIGURE_STARTS
    )


def _not_yet(mine: list[str], other: list[str]) -> bool:
    """Whether the words ``mine`` say "not yet" or "never" where ``other`` says "already" or "once" (or nothing):
    "仍未" / "已", "还没有" / "已经", "从未" / "曾" (``_DONE_WORDS``, ``_NOT_YET``); "has not yet been approved" /
    "has been approved", "is not yet in production" / "is already in production" (``_NOT_YET_EN``)."""
    if not 2 <= len(mine) <= 3 or not _NEGATION_SET.isdisjoint(other):
        return False
    if " ".join(mine) in _NOT_YET_EN:
        return " ".join(other) in ("", "already")
    return "".join(other) in _DONE_WORDS and _NOT_YET.fullmatch("".join(mine)) is not None


def _negates(words: list[str], k: int) -> bool:
    """Whether the negation ``words[k]`` is one where it stands (``_NOT_NEGATED``)."""
    before = words[k - 1] if k > 0 else ""
    after = words[k + 1] if k + 1 < len(words) else ""
    if before and before == after:  # 有没有, 是不是
        return False
    if words[k] in (before, after):  # a character typed twice ("不不用担心")
        return False
    if before + words[k] in _NOT_NEGATED or words[k] + after in _NOT_NEGATED:
        return False
    return not (words[k] == "no" and (after == "." or after.isdecimal()))  # "no. 5": a number


def negations_differ_pairs(texts: Sequence[str], a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``negation_replaced`` for every pair of ``texts`` whose shorter text has fewer than ``NAME_CHARS``
    characters (as names: in a long article a word changed in one place is a correction) and whose lengths are at
    most ``QUALIFIER_EDITS`` apart, or the shorter under ``EXCERPT_PLACE_CHARS`` (``statements_differ_pairs``,
    negations alone)."""
    return statements_differ_pairs(texts, a, b, opposites=False)


def statements_differ_pairs(
    texts: Sequence[str], a: np.ndarray, b: np.ndarray, negations: bool = True, opposites: bool = True
) -> np.ndarray:
    """For every pair of ``texts`` whose shorter text has fewer than ``NAME_CHARS`` characters (in a long article a
    word changed in one place is a correction): whether one negates what the other says (``negation_replaced``, a
    pair whose lengths are at most ``QUALIFIER_EDITS`` apart - texts further apart are more edits apart - or whose
    shorter text, under ``EXCERPT_PLACE_CHARS`` characters, may be an excerpt of the other), else whether
    one writes a word for its opposite (``opposite_word_replaced``). The pairs' texts are gathered once and their
    negations and opposite words read in one pass (``_slice_statement_words``); only the pairs those can tell apart
    are read text by text: a pair whose negations differ (their hashes summed per text: 100k bench articles, 0.40 s
    for every text of every pair, 0.09 s for those), a pair where each text holds a word of ``OPPOSITE_WORDS`` more
    often than the other. (1M short texts: the texts gathered and read once, not once for each rule.)"""
    differ = np.zeros(len(a), dtype=bool)
    _read_statements(differ, texts, *_statements_plan(texts, a, b, negations, opposites), 0)
    return differ


def _statements_plan(
    texts: Sequence[str],
    a: np.ndarray,
    b: np.ndarray,
    negations: bool = True,
    opposites: bool = True,
    lengths: np.ndarray | None = None,
) -> tuple[PairReads, PairReads]:
    """The pairs ``statements_differ_pairs`` reads text by text: for a negation (``negation_replaced``), then, where
    that finds none, for an opposite word (``opposite_word_replaced``). ``lengths``: every text's length, when
    known (``_short_pairs``)."""
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    negation = opposite_word = PairReads.none()
    at, used, ia, ib, lengths = _short_pairs(texts, a, b, lengths)
    if not len(at):
        return negation, opposite_word
    hashes, doc_of = per_slice(used, _slice_statement_words, lengths)
    opposite = find_sorted(_opposite_hashes(), hashes)[1]  # (no negation is an opposite word ...)
    if negations:
        # (texts further apart than QUALIFIER_EDITS too, the shorter under EXCERPT_PLACE_CHARS: an excerpt is read
        # where it aligns, ``_excerpt_edits`` - of longer ones, 100k bench articles, 5,900 pairs read against 1,000,
        # +0.9 s of the text check)
        shorter = np.minimum(lengths[ia], lengths[ib])
        near = np.flatnonzero((np.abs(lengths[ia] - lengths[ib]) <= QUALIFIER_EDITS) | (shorter < EXCERPT_PLACE_CHARS))
        held = np.zeros(len(used), dtype=np.uint64)
        # (... but a qualifier may be: "second" - "the second largest" / "the largest", "second" / "third")
        negating = ~opposite | find_sorted(_english_qualifier_hashes(), hashes)[1]
        np.add.at(held, doc_of[negating], hashes[negating])  # (wrapping: a sum of hashes, equal for equal negations)
        places = at[near[held[ia[near]] != held[ib[near]]]]
        negation = PairReads.of(places, a, b)
    if opposites:
        keys, counts, first, width, _ = _text_keys(hashes[opposite], doc_of[opposite], len(used))
        places = at[_each_lacks(keys, counts, first, width, ia, ib)]
        opposite_word = PairReads.of(places, a, b)
    return negation, opposite_word


def _read_statements(
    differ: np.ndarray, texts: Sequence[str], negation: PairReads, opposite: PairReads, lo: int, hi: int | None = None
) -> None:
    """The reads of ``_statements_plan`` of the pairs at places ``lo`` to ``hi`` (all from ``lo``: None), into
    ``differ`` (theirs, from place ``lo``): only of pairs not told apart already."""
    hi = lo + len(differ) if hi is None else hi
    for i, x, y in negation.within(lo, hi):
        if not differ[i - lo]:
            differ[i - lo] = negation_replaced(texts[x], texts[y])
    for i, x, y in opposite.within(lo, hi):
        if not differ[i - lo]:
            differ[i - lo] = opposite_word_replaced(texts[x], texts[y])


def _slice_statement_words(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The words of a slice of texts that ``statements_differ_pairs`` reads, each as its hash (``string_hash``) and
    the index of the text it is in: each negation ``negation_replaced`` may read - a Chinese one, or a run of Latin
    letters that is "not", "never" or "no" in any case, "n't", the "not" of "cannot" - and each word of
    ``OPPOSITE_WORDS`` (a run of Latin letters, in any case, as written: the "won" of "won't"). From the code points
    of the texts joined: one lookup of each tells a Chinese negation, a Latin letter and anything else."""
    cps = utf32("\n".join(texts))
    table, hashes, english = _negation_tables()
    kind = table.take(cps, mode="clip")  # (astral code points: the last entry, nothing)
    hit = np.flatnonzero(kind != 0)  # (nonzero of a mask: a fifth of the time it takes on the bytes themselves)
    which = kind[hit]
    chinese = which < _LETTER
    cn_at = hit[chinese]
    cn_hashes = hashes[which[chinese]]
    if len(cn_at):  # (a negation's character in a word of another sense, "非常", "未来": none, as the read says)
        prev = cps[np.maximum(cn_at - 1, 0)].astype(np.uint64) << np.uint64(21)
        nxt = cps[np.minimum(cn_at + 1, len(cps) - 1)].astype(np.uint64)
        own = cps[cn_at].astype(np.uint64)
        word = ((cn_at > 0) & find_sorted(_NOT_NEGATED_CODES, prev | own)[1]) | (
            (cn_at + 1 < len(cps)) & find_sorted(_NOT_NEGATED_CODES, (own << np.uint64(21)) | nxt)[1]
        )
        # (a 副 before no post is no qualifier, as the read says: "副作用"; a 前 before no post or figure: "前往")
        qualifies = np.where(own == ord("副"), find_sorted(_POST_CODES, nxt)[1], find_sorted(_LONG_POST_CODES, nxt)[1])
        qualifies |= find_sorted(_OF_FIGURE_CODES, own)[1] & find_sorted(_FIGURE_START_CODES, nxt)[1]
        word |= find_sorted(_OF_POST_CODES, own)[1] & ~qualifies
        cn_at, cn_hashes = cn_at[~word], cn_hashes[~word]
        # Each with the characters beside it: a negation moved ("孕妇不可以吃…吗好吃" / "孕妇可以吃…吗不好吃") is one
        # the other text lacks where it stands, as the read says, though both have one.
        with np.errstate(over="ignore"):
            cn_hashes = cn_hashes + mix64((prev | nxt)[~word])
    letters = hit[~chinese]
    low = (cps[letters] | np.uint32(0x20)).astype(np.uint64)
    starts, ends = position_runs(letters)
    runs = span_hashes(low, starts, ends)
    opposite = find_sorted(_opposite_hashes(), runs)[1]
    opposite_runs = runs[opposite]  # (as written, a copy: before "n't" takes an "n" off a word below)
    # "n't": a run "t" after an apostrophe after an "n", which is not part of the word before ("didn't": "did")
    first = letters[starts]
    t = (ends - starts == 1) & (low[starts] == ord("t")) & (first >= 2)
    mark = cps[first[t] - 1]
    t[t] &= ((mark == ord("'")) | (mark == ord("’"))) & ((cps[first[t] - 2] | np.uint32(0x20)) == ord("n"))
    before = np.flatnonzero(t) - 1  # (the run ending in that "n": the run before, as only the apostrophe is between)
    before = before[before >= 0]
    before = before[letters[ends[before] - 1] == first[before + 1] - 2]
    if len(before):  # (those runs read without their "n")
        runs[before] = span_hashes(low, starts[before], ends[before] - 1)
        ends = ends.copy()
        ends[before] -= 1
    words, (cannot_hash, contracted_hash, not_hash) = _statement_word_hashes()
    is_word = find_sorted(words, runs)[1] & (ends > starts)
    cannot = runs == cannot_hash  # ("can" and "not")
    found_at = np.concatenate([cn_at, first[is_word], first[t], first[cannot], first[opposite]])
    found = np.concatenate(
        [
            cn_hashes,
            runs[is_word],
            np.full(int(t.sum()), contracted_hash, dtype=np.uint64),
            np.full(int(cannot.sum()), not_hash, dtype=np.uint64),
            opposite_runs,
        ]
    )
    text_ends = np.cumsum(lengths_of(texts) + 1)
    return found, np.searchsorted(text_ends, found_at, side="right")


_LETTER = 255  # ``_negation_tables``' mark of a Latin letter


@lru_cache(maxsize=1)
def _statement_word_hashes() -> tuple[np.ndarray, np.ndarray]:
    """What ``_slice_statement_words`` looks up in every slice, made once: the hashes of the English negations and
    qualifiers (sorted, as ``find_sorted`` wants) and those of "cannot", "n't" and "not"."""
    words = np.sort(np.fromiter(_negation_tables()[2].values(), dtype=np.uint64))
    return words, string_hashes(["cannot", "n't", "not"])


@lru_cache(maxsize=1)
def _english_qualifier_hashes() -> np.ndarray:
    """The hashes of the English ``QUALIFIERS`` (sorted), as ``_slice_statement_words`` reads them (``_negation_tables``
    made them)."""
    english = _negation_tables()[2]
    return np.array(sorted(english[w] for w in QUALIFIERS if w in english), dtype=np.uint64)


@lru_cache(maxsize=1)
def _negation_tables() -> tuple[np.ndarray, np.ndarray, dict[str, int]]:
    """Per code point of the BMP, which Chinese negation it is (an index into the second array, of their hashes),
    ``_LETTER`` for a Latin letter (A-Z, a-z), 0 for anything else; and the English words with their hashes."""
    chinese = [w for w in NEGATIONS + QUALIFIERS if len(w) == 1]
    table = np.zeros(0x10000, dtype=np.uint8)
    table[[ord(w) for w in chinese]] = np.arange(1, len(chinese) + 1)
    table[ord("A") : ord("Z") + 1] = table[ord("a") : ord("z") + 1] = _LETTER
    hashes = np.r_[np.zeros(1, dtype=np.uint64), string_hashes(chinese)]
    english = [w for w in NEGATIONS + QUALIFIERS if w.isalpha() and w.isascii()]
    return table, hashes, dict(zip(english, string_hashes(english).tolist(), strict=True))


def figures_differ_pairs(texts: Sequence[str], a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``figures_differ(texts[a[i]], texts[b[i]])`` for every pair, column-at-once: each text's numbers are read
    once (``_slice_numbers``, a slice of the column at a time), numbered by one sort, and every pair's shorter
    text's numbers are looked up in the longer one's by sorted search (``_figures_plan``); the few pairs with fewer
    numbers missing are then read word by word."""
    differ, reads, _ = _figures_plan(texts, a, b)
    for i, short, long, whole in reads.within(0, len(differ)):
        differ[i] = _figures_read(texts[short], texts[long], whole)
    return differ


def _numbers(texts: list[str], lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``_slice_numbers`` of a column, a slice at a time on the pool's threads (``text.per_slice``)."""
    return per_slice(texts, _slice_numbers, lengths, more=(np.zeros(0, np.uint64),))


def _figures_plan(
    texts: Sequence[str], a: np.ndarray, b: np.ndarray, lengths: np.ndarray | None = None
) -> tuple[np.ndarray, PairReads, PairReads]:
    """What ``figures_differ_pairs`` tells of every pair at once (True: numbers missing), and the pairs it reads
    word by word for a figure replaced in place (``figure_replaced`` of their shorter text, then the longer).
    ``lengths``: every text's length, when known (else the pairs' texts are asked theirs)."""
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    if not len(a):
        return np.zeros(0, dtype=bool), PairReads.none(), PairReads.none()
    used, la, lb, docs = _pair_texts(texts, a, b)
    # (text, number) -> how often, as sorted keys.
    lengths = lengths_of(used) if lengths is None else lengths.take(docs)
    found, found_in, scales = _numbers(used, lengths)
    keys, counts, first, width, distinct = _text_keys(found, found_in, len(used))
    a_short = lengths[la] <= lengths[lb]
    short, long = np.where(a_short, la, lb), np.where(a_short, lb, la)
    chinese = distinct >= _CHINESE_FIGURE  # runs of Chinese numerals (``chinese_figures``), counted apart
    missing, total, chinese_missing = _lacking(keys, counts, first, width, chinese, short, long)
    differ = (missing >= 1) & (missing >= FIGURES_MISSING * total)
    # ... but for a header or a credit line only the shorter text has, with its own date (``_edge_dates``): such
    # pairs are read by ``figures_differ`` whole (few: reposts cut short; ``PairReads`` flag) - each with a number
    # or a Chinese numeral missing, as without the line's figures the share missing can grow as well as shrink, and
    # what the longer text has that the shorter lacks changes too ("营收增长2018年11月6日12营收12" /
    # "12营收2018年11月6日12\n12": three 12s less two is a third missing, not a sixth).
    whole = np.zeros(len(differ), dtype=bool)
    for i in np.flatnonzero((missing >= 1) | (chinese_missing >= 1)).tolist():
        x = used[int(short[i])]
        whole[i] = "\n" in x and bool(_edge_dates(x, used[int(long[i])]))
    # ... and for the pairs whose longer text has Chinese numerals the shorter lacks: they may be its missing
    # figures, written in words there ("拿下26分" / "拿下二十六分": ``_in_numerals``).
    at = np.flatnonzero(differ & ~whole)
    if len(at):
        whole[at] = _lacking(keys, counts, first, width, chinese, long[at], short[at])[2] >= 1
    differ &= ~whole
    # The same figures in another order (``figures_reordered``): the pairs whose texts' figures hash alike as a set
    # and not as a sequence, each read (few: a score or a count the other way round).
    # (those that are not go on as any other pair: ``figures_differ`` reads on)
    reordered = _reorder_candidates(found, found_in, len(used), la, lb) & ~differ & ~whole
    for i in np.flatnonzero(reordered).tolist():
        differ[i] = figures_reordered(used[int(la[i])], used[int(lb[i])])
    # A Chinese numeral the longer text lacks counts only when the longer one has a figure the shorter lacks too:
    # a replacement changes both sides, where a character edit that puts a numeral in (a typo, a bad scan, "求一个" /
    # "求个") changes one.
    replaced = chinese_missing >= 1
    if replaced.any():
        theirs, _, their_chinese = _lacking(keys, counts, first, width, chinese, long, short)
        replaced &= (theirs + their_chinese) >= 1
    # Fewer numbers missing: those pairs are read word by word for a figure replaced in place (few pairs: templates).
    at = np.flatnonzero((((missing >= 1) | replaced) & ~differ) | whole)
    first_short = a_short[at]
    reads = PairReads(at, np.where(first_short, a[at], b[at]), np.where(first_short, b[at], a[at]), (whole[at],))
    scaled = np.flatnonzero(_scale_candidates(found, found_in, scales, len(used), la, lb))
    return differ, reads, PairReads.of(scaled, a, b)


def scale_changed_pairs(texts_a: Sequence[str], texts_b: Sequence[str]) -> np.ndarray:
    """``scale_changed`` of each pair of texts (a mask), read only where ``_scale_candidates`` finds it may be so."""
    n = len(texts_a)
    out = np.zeros(n, dtype=bool)
    if not n:
        return out
    texts = [*texts_a, *texts_b]
    found, found_in, scales = _numbers(texts, lengths_of(texts))
    first = np.arange(n, dtype=np.int64)
    for k in np.flatnonzero(_scale_candidates(found, found_in, scales, 2 * n, first, first + n)).tolist():
        out[k] = scale_changed(texts_a[k], texts_b[k])
    return out


def _scale_candidates(
    found: np.ndarray, found_in: np.ndarray, scales: np.ndarray, n_texts: int, la: np.ndarray, lb: np.ndarray
) -> np.ndarray:
    """Which pairs (texts ``la[i]``, ``lb[i]``) may have a figure written with a multiplier in one text and not in
    the other (``scale_changed``; ``found``, ``found_in``, ``scales``: the texts' figures as ``_slice_numbers``
    gives them). Only figures in digits written with a multiplier somewhere are counted, each text's as figures
    and as figures with their multipliers: a text lacking more of the other's figures with their multipliers than
    without them holds one of them with another multiplier (a hash of the two tells them apart). Few pairs:
    those that read them (``scale_changed``) are near copies with a figure's multiplier dropped, and excerpts that
    drop the figure with it are not among them."""
    scaled = scales > 1
    out = np.zeros(len(la), dtype=bool)
    if not scaled.any():
        return out
    # Two texts with the same figures with multipliers (a sum of their hashes, and how many) are no such pair: with
    # a figure as often in both, it is as often without one.
    sums = np.zeros(n_texts, dtype=np.uint64)
    np.add.at(sums, found_in[scaled], _with_scale(found[scaled], scales[scaled]))
    many = np.bincount(found_in[scaled], minlength=n_texts)
    at = np.flatnonzero(((sums.take(la) != sums.take(lb)) | (many.take(la) != many.take(lb))) & (la != lb))
    if not len(at):
        return out
    read = np.zeros(n_texts, dtype=bool)
    read[la[at]] = read[lb[at]] = True
    chosen = np.flatnonzero((scales > 0) & read.take(found_in))  # (figures in digits of the texts read)
    chosen = chosen[find_sorted(sorted_unique(found[scaled]), found[chosen])[1]]
    values, docs = found[chosen], found_in[chosen]
    lacks = []
    for keyed in (values, _with_scale(values, scales[chosen])):
        keys, counts, first, width, _ = _text_keys(keyed, docs, n_texts)
        plain = np.zeros(width, dtype=bool)
        lacks.append(
            (
                _lacking(keys, counts, first, width, plain, la[at], lb[at])[0],
                _lacking(keys, counts, first, width, plain, lb[at], la[at])[0],
            )
        )
    (ab, ba), (ab_scaled, ba_scaled) = lacks
    out[at] = (ab_scaled != ab) | (ba_scaled != ba)
    return out


def _with_scale(values: np.ndarray, scales: np.ndarray) -> np.ndarray:
    """A hash of each figure (``values``) with its multiplier (``scales``, ``_slice_numbers``)."""
    return mix64(values ^ (scales * np.uint64(0x9E3779B97F4A7C15)), copy=False)


def _figures_read(short: str, long: str, whole: bool) -> bool:
    """A pair's reading that ``_figures_plan`` leaves to be done text by text: a figure replaced in place
    (``figure_replaced``), or for a pair whose shorter text has a dated header or credit line of its own
    (``whole``), ``figures_differ``."""
    return figures_differ(short, long) if whole else figure_replaced(short, long)


def _reorder_candidates(
    found: np.ndarray, found_in: np.ndarray, n_texts: int, la: np.ndarray, lb: np.ndarray
) -> np.ndarray:
    """Per pair (texts ``la[i]``, ``lb[i]``): whether the two may have the same figures in another order - two
    figures or more each (in digits or words), equal sums of their hashes (``found``, text ``found_in[k]``, in
    the order they stand), unequal sums of their hashes weighted by their places."""
    digits = (found & _CHINESE_FIGURE) == 0  # (no runs of Chinese numerals: ``figures_reordered``)
    found, found_in = found[digits], found_in[digits]
    if not len(found):
        return np.zeros(len(la), dtype=bool)
    # Each text's figures are consecutive: summed by runs, as they are (hashes already) and each times its place
    # plus one (two figures x, y exchanged change the sum by y - x).
    starts = np.flatnonzero(np.r_[True, found_in[1:] != found_in[:-1]])
    sizes = np.diff(np.r_[starts, len(found)])
    texts = found_in[starts]
    as_set = np.zeros(n_texts, dtype=np.uint64)
    as_sequence = np.zeros(n_texts, dtype=np.uint64)
    as_set[texts] = np.add.reduceat(found, starts)
    weighted = np.arange(1, len(found) + 1, dtype=np.uint64)
    weighted -= np.repeat(starts, sizes).astype(np.uint64)
    weighted *= found
    as_sequence[texts] = np.add.reduceat(weighted, starts)
    many = np.zeros(n_texts, dtype=bool)
    many[texts] = sizes >= 2
    return many[la] & (as_set[la] == as_set[lb]) & (as_sequence[la] != as_sequence[lb])


class PairReads(NamedTuple):
    """The pairs a step of the check reads text by text, once what can be told of every pair at once is told:
    their places among the pairs (ascending), the two texts each reads (their indices) and the step's own flags
    per pair (arrays of the same length)."""

    at: np.ndarray
    x: np.ndarray
    y: np.ndarray
    flags: tuple[np.ndarray, ...] = ()

    @classmethod
    def none(cls) -> PairReads:
        empty = np.zeros(0, dtype=np.int64)
        return cls(empty, empty, empty)

    @classmethod
    def of(cls, places: np.ndarray, a: np.ndarray, b: np.ndarray, flags: tuple[np.ndarray, ...] = ()) -> PairReads:
        """The reads of the pairs at ``places`` of pairs ``(a[i], b[i])``, each reading its own two texts."""
        return cls(places, a[places], b[places], flags)

    def moved(self, places: np.ndarray) -> PairReads:
        """The same reads, for pairs that are ``places`` of a longer list of pairs."""
        return self._replace(at=places[self.at])

    def add_read_chars(self, lengths: np.ndarray, out: np.ndarray) -> None:
        """Add to ``out`` (per pair, at the reads' places) the characters of the two texts each read takes
        (``lengths``: per text): how the cost of reading a run of the pairs is told (``read_chars_of``)."""
        out[self.at] += lengths.take(self.x) + lengths.take(self.y)

    def within(self, lo: int, hi: int) -> Iterator[tuple]:
        """(place, x, y, *flags) of the reads of the pairs at places ``lo`` to ``hi``, as Python values."""
        i, j = (int(k) for k in np.searchsorted(self.at, [lo, hi]))
        columns = (self.at[i:j], self.x[i:j], self.y[i:j], *(f[i:j] for f in self.flags))
        return zip(*(c.tolist() for c in columns), strict=True)


def reports_differ_pairs(
    texts: Sequence[str],
    written: Sequence[str],
    a: np.ndarray,
    b: np.ndarray,
    markup: bool,
    lengths: np.ndarray | None = None,
    content: Sequence[str] | None = None,
    cut: np.ndarray | None = None,
) -> np.ndarray:
    """The check's last word on pairs ``(a[i], b[i])`` above the floor: True where the two report different figures
    (``figures_differ_pairs``, on the normalised ``texts``), where a name, a place or (a short text) an opposite is
    replaced (``names_differ_pairs``, on the texts as ``written``, their markup taken out with ``markup``, and the
    places and opposites of short texts also on their ``content``, counted where the two align: ``plan_reports``), or
    where one negates what the other says or writes a word for its opposite ("exports" / "imports";
    ``statements_differ_pairs``) - template or another statement, not a copy - or where one quotes the other (a
    reply and the post it answers, as written: ``quoted_in``). Each step reads only the pairs the
    steps before let through. The desktop and the Spark job both ask this (``plan_reports``, then ``read``).
    ``lengths``: the length of each of ``texts``, when known."""
    return plan_reports(texts, written, a, b, markup, lengths, content, cut).read(texts, written, content=content)


@dataclass
class ReportReads:
    """``reports_differ_pairs`` in two parts: what its steps tell of every pair at once (``differ``: the numbers,
    places and opposites counted, looked up and compared column-at-once, ``plan_reports``), and the pairs left to
    read text by text, step by step (Python over two texts at a time: ``read``).

    Made for a split of the pairs between two processes (``pipeline``): the column-at-once part is done once, on
    both cores, before the second process is forked, and each process then reads only the texts of its pairs that
    a step reads. A forked child copies every page of memory it writes to, and reading a Python object writes its
    reference count: gathering the texts of every pair of its half and counting their figures there had copied
    ~73,000 pages in each process at 100k bench articles (1 s of the kernel's time in each: each half took as
    long as the whole check in one process)."""

    differ: np.ndarray
    figures: PairReads
    names: PairReads
    stripped: bool  # (``_as_read``)
    negations: PairReads
    opposites: PairReads
    content_places: PairReads = PairReads.none()  # (``_content_places_plan``: read on the texts' content)
    quoted: PairReads = PairReads.none()  # (``_quoted_plan``: either quoting the other)
    swapped: PairReads = PairReads.none()  # (``_swapped_plan``: two parts swapped)
    scaled: PairReads = PairReads.none()  # (``_scale_candidates``: a figure's multiplier, for ``held``)

    def read(
        self,
        texts: Sequence[str],
        written: Sequence[str],
        lo: int = 0,
        hi: int | None = None,
        content: Sequence[str] | None = None,
    ) -> np.ndarray:
        """The check's last word on the pairs at places ``lo`` to ``hi`` (to the end: None) - as
        ``reports_differ_pairs`` says it of them: a step reads a pair only when the steps before let it through.
        ``content``: the texts' content, as ``plan_reports`` was given it (needed when it planned reads of it)."""
        hi = len(self.differ) if hi is None else hi
        differ = self.differ[lo:hi].copy()
        for i, short, long, whole in self.figures.within(lo, hi):
            differ[i - lo] = _figures_read(texts[short], texts[long], whole)
        for i, x, y, latin, places in self.names.within(lo, hi):
            if not differ[i - lo]:
                x_read, y_read = _as_read(written[x], self.stripped), _as_read(written[y], self.stripped)
                differ[i - lo] = _replaced(x_read, y_read, latin, places)
        for i, x, y in self.content_places.within(lo, hi):
            if not differ[i - lo]:
                if content is None:
                    raise ValueError("ReportReads.read: reads of the texts' content planned, and no content given")
                differ[i - lo] = _content_replaced(content[x], content[y])
        _read_statements(differ, texts, self.negations, self.opposites, lo, hi)
        for i, x, y in self.quoted.within(lo, hi):
            if not differ[i - lo]:
                differ[i - lo] = quoted_in(written[x], written[y]) or quoted_in(written[y], written[x])
        for i, x, y in self.swapped.within(lo, hi):
            if not differ[i - lo]:
                differ[i - lo] = parts_swapped(texts[x], texts[y])
        return differ

    def read_chars(self, lengths: np.ndarray) -> np.ndarray:
        """Per pair planned, the characters of the texts its steps read text by text (``lengths``: per text; a text
        read by two steps counts twice): the work of ``read`` and ``held`` on it, as far as it can be told before."""
        return read_chars_of(self, len(self.differ), lengths)

    def held(self, texts: Sequence[str], lo: int = 0, hi: int | None = None) -> np.ndarray:
        """Which pairs at places ``lo`` to ``hi`` (to the end: None) have a figure written with a multiplier in one
        text and not in the other (``scale_changed``): not told apart by the check, kept for the user to check
        (``pipeline``). Read whatever the check's word on them."""
        hi = len(self.differ) if hi is None else hi
        out = np.zeros(hi - lo, dtype=bool)
        for i, x, y in self.scaled.within(lo, hi):
            out[i - lo] = scale_changed(texts[x], texts[y])
        return out


def read_chars_of(plan: Any, pairs: int, lengths: np.ndarray) -> np.ndarray:
    """Per pair of ``pairs``, the characters of the texts the reads of ``plan`` (a dataclass: each of its
    ``PairReads`` fields) take for it (``lengths``: per text)."""
    out = np.zeros(pairs, dtype=np.int64)
    for field in fields(plan):
        reads = getattr(plan, field.name)
        if isinstance(reads, PairReads):
            reads.add_read_chars(lengths, out)
    return out


def plan_reports(
    texts: Sequence[str],
    written: Sequence[str],
    a: np.ndarray,
    b: np.ndarray,
    markup: bool,
    lengths: np.ndarray | None = None,
    content: Sequence[str] | None = None,
    cut: np.ndarray | None = None,
) -> ReportReads:
    """The column-at-once part of ``reports_differ_pairs`` (``ReportReads``). Each step's count is made for every
    pair the steps before did not tell apart in that part: a few more than the pairs it reads (a pair a figure
    read text by text tells apart is counted for names too), the same word on each (every step's word on a pair
    is its own). ``lengths``: the length of each of ``texts`` (not of ``written``), when known: the figures and
    the statements steps take theirs from it (1M short texts: ~0.2 s of each process's half asking them anew).

    ``content`` (per text: the text without the boilerplate sentences learnt from the input, what the similarity
    is scored on) and ``cut`` (per text: True where that took something out; None: told by comparing the two):
    a pair of a text under ``EXCERPT_PLACE_CHARS`` characters whose places the whole texts did not have read, or
    in which either text lost boilerplate, has them read on the two contents, where they align
    (``_content_places_plan``)."""
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    differ, figures, scaled = _figures_plan(texts, a, b, lengths)
    at = np.flatnonzero(~differ)
    edits = np.full(len(at), -1, dtype=np.int64)
    names_differ, names, stripped = _names_plan(written, a[at], b[at], markup, edits)
    differ[at] = names_differ
    apart = np.full(len(a), -1, dtype=np.int64)  # (per pair: its texts' edits as written, where counted)
    apart[at] = edits
    names = names.moved(at)
    content_places = PairReads.none()
    if content is not None:
        read = (edits >= 0) & (edits <= PLACE_EDITS)  # (the pairs whose places were read on the whole texts)
        at, read = at[~names_differ], read[~names_differ]
        places_differ, content_places = _content_places_plan(texts, content, cut, a[at], b[at], read)
        differ[at] = places_differ
        content_places = content_places.moved(at)
    at = np.flatnonzero(~differ)
    negations, opposites = _statements_plan(texts, a[at], b[at], lengths=lengths)
    quoted = _quoted_plan(written, a[at], b[at]).moved(at)
    swapped = _swapped_plan(texts, a[at], b[at], lengths, apart[at]).moved(at)
    return ReportReads(
        differ,
        figures,
        names,
        stripped,
        negations.moved(at),
        opposites.moved(at),
        content_places,
        quoted,
        swapped,
        scaled,
    )


# A line quoted in a reply: one level of a quote mark before it ("> ", "|> ", ": ", "< ", "} ", "! ", "# ", "GR> ",
# "dale> " - mail, Usenet and FidoNet readers' marks, each reader its own), the line as its author wrote it after.
_MARK = r"(?:\|>|[A-Za-z0-9_.-]{0,8}>|[<|:!#}])"
_QUOTE_MARK = regexes.compile(r"[ \t]*" + _MARK + r"[ \t]?")
# (A line break first: the search jumps from one to the next - a tenth of the time of "^" with re.M, 2 ms for the
# 4k bench articles. The first line is matched on its own.)
_QUOTED_LINE = regexes.compile(r"\n[ \t]*" + _MARK)
# Some readers quote by indenting the lines, after a line that says whose they are ("... writes:", "... wrote:").
_ATTRIBUTION = regexes.compile(r"(?:writes|wrote|write|says|said)[ \t]*:[ \t]*\n", re.I)
QUOTE_INDENT = 2  # ... by this many spaces more than the post's own line (a tab: 8)
QUOTED_LINE_CHARS = 20  # lines this long or longer are read for a quote (shorter ones: "Thanks,", a signature's)
QUOTED_SHARE = 0.5  # a text this share of whose lines the other quotes is quoted there (``quoted_in``)


def _quoted_plan(written: Sequence[str], a: np.ndarray, b: np.ndarray) -> PairReads:
    """The pairs ``quoted_in`` reads, either way: those whose two texts (as written) have lines and one of them a
    quoted line (``_quotes_any``), told of each text once. (A reply may be the shorter: the post it quotes whole
    with its signature, the reply's own words fewer. Short texts are one line: only a line break is looked for in
    each, 1M short texts ~20 ms.)"""
    if not len(a):
        return PairReads.none()
    docs = sorted_unique(np.concatenate([a, b]))
    lines = np.zeros(int(docs[-1]) + 1, dtype=bool)
    lines[docs] = np.fromiter(("\n" in written[d] for d in docs.tolist()), dtype=bool, count=len(docs))
    at = np.flatnonzero(lines.take(a) & lines.take(b))
    if not len(at):
        return PairReads.none()
    docs = sorted_unique(np.concatenate([a[at], b[at]]))
    marked = np.zeros(len(lines), dtype=bool)
    marked[docs] = np.fromiter((_quotes_any(written[d]) for d in docs.tolist()), dtype=bool, count=len(docs))
    at = at[marked.take(a[at]) | marked.take(b[at])]
    return PairReads.of(at, a, b)


def quoted_in(post: str, reply: str) -> bool:
    """Whether ``reply`` quotes ``post`` - the post it answers quoted, line by line, after a quote mark the post's
    own lines do not have ("> ", "|> ", ": "...): at least ``QUOTED_SHARE`` of the lines of the post's body
    (``_body``) of ``QUOTED_LINE_CHARS`` characters or more (at least two) are lines of the reply after one quote
    mark or more (a post that quotes another itself is quoted one mark deeper; a reply quoting a reply to the post,
    two) - or, where the reply says whose words follow ("... writes:"), indented ``QUOTE_INDENT`` columns deeper
    than the post's own; lines the reply has as its own, unquoted (the author's signature under a follow-up of his
    own post), are not read. Such a post is no copy of the reply: it
    stands whole in it only as what the reply answers (the whole 20 Newsgroups, bodies only: 373 posts removed as
    copies, 226 of them of another author's post, mostly a reply quoting them; with this 231 and 86). Either text
    may be the longer (a reply that leaves out the post's long signature is the shorter)."""
    indents: dict[str, int] = {}  # each long enough line of the post's body: its deepest indent
    lines = post.splitlines()
    own = {line.strip() for line in lines}  # every line of the post (a line it quotes itself is no quote of it)
    for line in _body(lines):
        text = line.strip()
        if len(text) >= QUOTED_LINE_CHARS:
            indents[text] = max(indents.get(text, 0), _indent(line))
    if len(indents) < 2:
        return False
    quotes = set()
    plain = set()  # the reply's lines as they stand in the post: its author's own signature, say
    indented = _attributed(reply)
    for line in reply.splitlines():
        mark = _QUOTE_MARK.match(line)
        if mark is not None:
            if line.strip() not in own:
                # (after one mark or more: a reply quoting a reply that quoted the post has its lines two deeper)
                while mark is not None:
                    line = line[mark.end() :]
                    quotes.add(line.strip())
                    mark = _QUOTE_MARK.match(line)
                continue
        text = line.strip()
        if indented and text in indents and _indent(line) >= indents[text] + QUOTE_INDENT:
            quotes.add(text)
        else:
            plain.add(text)
    found = sum(text in quotes for text in indents)
    read = sum(text in quotes or text not in plain for text in indents)
    return found >= 2 and found >= QUOTED_SHARE * read


# A mail or Usenet header's line ("From: …", "Subject: …", "NNTP-Posting-Host: …"), and a signature's first line.
_HEADER_LINE = regexes.compile(r"[A-Za-z][A-Za-z0-9-]{0,40}:[ \t]")
_SIGNATURE = ("-- ", "--")
SIGNATURE_LINES = 15  # a signature separator this many lines from the end or fewer opens the post's signature


def _body(lines: list[str]) -> list[str]:
    """A post's lines without its header (the "Field: value" lines it opens with, up to the first empty line) and
    its signature (from a "-- " line among its last ``SIGNATURE_LINES``): what a reply quotes of it. A reply
    quotes the body and drops the rest - "Dave Medin's 10 line sig deleted" - so counted with them, a post quoted
    whole had half its lines or fewer found in the reply (20 Newsgroups with the posts' headers: 18 posts removed as
    copies of a reply that quotes them)."""
    start = 0
    if lines and _HEADER_LINE.match(lines[0]):
        while start < len(lines) and lines[start].strip():
            start += 1
    end = len(lines)
    for k in range(len(lines) - 1, max(start, len(lines) - 1 - SIGNATURE_LINES), -1):
        if lines[k] in _SIGNATURE:
            end = k
            break
    return lines[start:end]


def _quotes_any(text: str) -> bool:
    """Whether a line of ``text`` (one with lines: ``_quoted_plan`` asks no other) is quoted: a quote mark, or lines
    after one that says whose they are."""
    return _QUOTED_LINE.search(text) is not None or _QUOTE_MARK.match(text) is not None or _attributed(text)


def _attributed(text: str) -> bool:
    """Whether a line of ``text`` ends saying whose words follow ("... writes:")."""
    return (":\n" in text or ": \n" in text) and _ATTRIBUTION.search(text) is not None


def _indent(line: str) -> int:
    """The columns of a line's leading spaces and tabs (a tab: 8)."""
    stripped = line.lstrip(" \t")
    return len(line[: len(line) - len(stripped)].expandtabs(8))


# Two parts swapped (``parts_swapped``): each part at least this many characters of a word (or a figure in each),
# at most ``SWAP_SPAN`` characters from the first to the last changed character.
SWAP_PART_CHARS = 2
SWAP_SPAN = 240
SWAP_SHARED = 4  # characters the two parts may begin or end alike with (``_swap_reads``)
SWAP_READ_CHARS = 300  # a pair whose shorter text is shorter than this is read aligned (other things may differ)
SWAP_JOIN = 3  # two runs of differences fewer than this many characters apart are one run (``parts_swapped``)
SWAP_RUNS = 40  # a pair aligned into more runs than this is no copy with two parts swapped: not read on
# What between the two parts leaves their order free: a list, not a statement of who did what to whom.
SWAP_FREE = frozenset(("和", "与", "及", "以及", "跟", "同", "或", "或者", "并", "、", "and", "or", "nor", "&", "plus"))


def _swapped_plan(
    texts: Sequence[str], a: np.ndarray, b: np.ndarray, lengths: np.ndarray | None, apart: np.ndarray | None = None
) -> PairReads:
    """The pairs ``parts_swapped`` reads: its two texts two edits apart or more (told in C, rapidfuzz's ``cpdist``:
    one edit swaps nothing, and most pairs of short texts are a typo apart), where the shorter is under
    ``SWAP_READ_CHARS`` characters; of longer texts those as long as each other (two parts swapped, nothing else
    changed). ``apart`` (per pair): the two texts' edits as written where the names step counted them (-1 where
    not): pairs under two are not gathered at all (100k short texts: most pairs, a typo apart)."""
    if not len(a):
        return PairReads.none()
    if lengths is None:
        used, ia, ib, _ = _pair_texts(texts, a, b)
        size = lengths_of(used)
        size_a, size_b = size[ia], size[ib]
    else:
        size_a, size_b = lengths.take(a), lengths.take(b)
    short = np.minimum(size_a, size_b) < SWAP_READ_CHARS
    read = ~short & (size_a == size_b) & (a != b)
    if apart is not None:  # (a pair the names step found one edit apart as written swaps nothing: not gathered)
        short &= (apart < 0) | (apart >= 2)
    at = np.flatnonzero(short & (a != b))
    if len(at):
        xs, ys = [texts[i] for i in a[at].tolist()], [texts[i] for i in b[at].tolist()]
        read[at[edited_pairs(xs, ys)]] = True
    return PairReads.of(np.flatnonzero(read), a, b)


def edited_pairs(xs: Sequence[str], ys: Sequence[str]) -> np.ndarray:
    """Which pairs ``(xs[i], ys[i])`` (their places, ascending) are at least two edits apart (told in C, rapidfuzz's
    ``cpdist``: one edit - most pairs of short texts, a typo - swaps or replaces no word) and neither text is found
    whole in the other (a repost's header, footer or cut: nothing else changed). What ``parts_swapped`` and
    ``doubt.word_replaced_within`` align."""
    from rapidfuzz.distance import Levenshtein
    from rapidfuzz.process import cpdist

    edits = cpdist(xs, ys, scorer=Levenshtein.distance, score_cutoff=2, dtype=np.int64, workers=1)
    far = np.flatnonzero(edits >= 2)
    inside = np.fromiter(
        (
            (x in y) if len(x) <= len(y) else (y in x)
            for x, y in zip(map(xs.__getitem__, far.tolist()), map(ys.__getitem__, far.tolist()), strict=True)
        ),
        dtype=bool,
        count=len(far),
    )
    return far[~inside]


def parts_swapped(a: str, b: str) -> bool:
    """Whether two parts of ``a`` stand swapped in ``b``: ``a`` = P X M Y S and ``b`` = P Y M X S, X and Y each at
    least ``SWAP_PART_CHARS`` characters of words or each with a figure or a Chinese character in it, M with a word
    in it that is not a mere "and" (``SWAP_FREE``: "中国和美国" / "美国和中国" is one list), at most ``SWAP_SPAN``
    characters from X's start to Y's end. Who did what to whom is the same words in another order - "北京国安队以3比1
    战胜上海申花队" / "上海申花队以3比1战胜北京国安队", "以3比1战胜" / "以1比3战胜", "净利润增长12%，营业收入下降3%" /
    "净利润下降12%，营业收入增长3%", "Bayern Munich beat Borussia Dortmund" / "Borussia Dortmund beat Bayern Munich"
    - another report, however similar its grams (0.85-0.9 on 4-grams in a sentence of 60 characters). Two letters
    or characters typed in each other's place are a typo, and two sentences swapped (nothing but signs between
    them) the same report.

    Two texts as long as each other are read whole: nothing else may differ. A pair of texts under
    ``SWAP_READ_CHARS`` characters is also read where other things differ too - a repost's header, a word added:
    the two aligned (rapidfuzz's ``opcodes``), the runs where they differ taken apart at ``SWAP_JOIN`` characters
    alike, two such runs crossed (what one has at the first, the other has at the second) or one run two parts
    swapped in itself."""
    if a == b:
        return False
    if len(a) == len(b):
        n = len(a)
        lo = _common_prefix(a, b)
        hi = _common_prefix(a[::-1], b[::-1]) if n - lo <= 2 * SWAP_SPAN else 0
        if _middle_swapped(a, b, lo, lo, n - hi - lo):
            return True
    if min(len(a), len(b)) >= SWAP_READ_CHARS:
        return False
    from rapidfuzz.distance import Levenshtein

    runs: list[list[int]] = []  # [a start, a end, b start, b end] of each run where the two differ
    alike = 0  # characters alike since the last run
    ops = cast(list[tuple[str, int, int, int, int]], Levenshtein.opcodes(a, b).as_list())
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            alike = i2 - i1
        elif runs and alike < SWAP_JOIN:
            runs[-1][1], runs[-1][3], alike = i2, j2, 0
        else:
            runs.append([i1, i2, j1, j2])
            alike = 0
    if len(runs) > SWAP_RUNS:
        return False
    for k, (i1, i2, j1, j2) in enumerate(runs):
        if i2 - i1 == j2 - j1 and _middle_swapped(a, b, i1, j1, i2 - i1):
            return True
        for p1, p2, q1, q2 in runs[k + 1 :]:
            if p2 - i1 > SWAP_SPAN:
                break
            # X ends the first run in a and opens the second in b, Y the other way round (what else differs next
            # to them - a header before X, a word after Y - is in the runs too)
            x, y = _overlap(a[i1:i2], b[q1:q2]), _overlap(b[j1:j2], a[p1:p2])
            if x and y and x != y and _swap_reads(a, i2 - len(x), i2, b, j2 - len(y), j2, a[i2:p1], p1 + len(y)):
                return True
    return False


def _overlap(first: str, then: str) -> str:
    """The longest end of ``first`` that ``then`` begins with."""
    for k in range(min(len(first), len(then)), 0, -1):
        if then.startswith(first[len(first) - k :]):
            return then[:k]
    return ""


def _middle_swapped(a: str, b: str, at_a: int, at_b: int, span: int) -> bool:
    """Whether the ``span`` characters of ``b`` from ``at_b`` are those of ``a`` from ``at_a``, X M Y, written Y M X
    (``_swap_reads`` of them), the two beginning and ending otherwise (``parts_swapped``)."""
    if span > SWAP_SPAN or span < 3:
        return False
    ma, mb = a[at_a : at_a + span], b[at_b : at_b + span]
    head_a, head_b = ma[0], mb[0]
    for i in range(1, span - 1):  # X = ma[:i], at the end of mb
        if mb[span - i] != head_a or not mb.endswith(ma[:i]):
            continue
        for j in range(1, span - i):  # Y = mb[:j], at the end of ma; M between, the same in both
            if ma[span - j] == head_b and ma.endswith(mb[:j]) and ma[i : span - j] == mb[j : span - i]:
                if _swap_reads(a, at_a, at_a + i, b, at_b, at_b + j, ma[i : span - j], at_a + span):
                    return True
    return False


def _swap_reads(a: str, x1: int, x2: int, b: str, y1: int, y2: int, between: str, y_end: int) -> bool:
    """Whether parts X (``a[x1:x2]``) and Y (``b[y1:y2]``; in ``a`` it ends at ``y_end``) swapped around ``between``
    change what a text says (``parts_swapped``): each weighs (``_weighs``) and ``between`` holds a word that is not
    a mere "and"."""
    if not (_weighs(a, x1, x2) and _weighs(b, y1, y2)) or not _WORD_CHAR.search(between):
        return False
    # (Characters the two parts end alike with open ``between`` - what follows Y in ``a`` begins with them - and those
    # they begin alike with close it - what precedes X ends with them: "北京大学和清华大学" / "清华大学和北京大学"
    # swap 北京 and 清华 around "大学和" - so it is read without up to SWAP_SHARED of either. Only those:
    # "由王家卫执导，梁朝伟和张曼玉主演" / "由王家卫主演，梁朝伟和张曼玉执导" swap 执导 and 主演 around
    # "，梁朝伟和张曼玉", which is no "和" - read without any four characters at either end, it was, and the two were
    # removed as copies.)
    n = len(between)
    opens = _common_prefix(between, a[y_end : y_end + SWAP_SHARED])
    closes = _common_prefix(between[::-1], a[max(0, x1 - SWAP_SHARED) : x1][::-1])
    for k in range(min(opens, n - 1) + 1):
        for m in range(min(closes, n - 1 - k) + 1):
            if _NOT_WORD.sub("", between[k : n - m]).lower() in SWAP_FREE:
                return False
    return True


def _weighs(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` weighs as one of two parts swapped: it holds a figure, a Chinese character (甲 /
    乙, 上 / 下: a word of its own) or a whole word of ``SWAP_PART_CHARS`` letters or more - not only a piece of one
    that the alignment of two texts happened to cross (a letter of "listing" for one of "denominations"), nor
    spaces or signs (a line broken a word further on)."""
    part = text[start:end]
    if any(c.isnumeric() for c in part) or _CHINESE.search(part) is not None:
        return True
    for m in _WORD_RUN.finditer(part):
        s, e = start + m.start(), start + m.end()
        whole = (s == 0 or not _is_word(text[s - 1])) and (e == len(text) or not _is_word(text[e]))
        if whole and e - s >= SWAP_PART_CHARS:
            return True
    return False


def _is_word(c: str) -> bool:
    return c.isalnum()


def _common_prefix(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` begin with alike (slices compared in C, halving the span)."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _content_places_plan(
    texts: Sequence[str],
    content: Sequence[str],
    cut: np.ndarray | None,
    a: np.ndarray,
    b: np.ndarray,
    read_whole: np.ndarray,
) -> tuple[np.ndarray, PairReads]:
    """``_names_plan``'s places and opposites, read on the pairs' ``content`` (the texts less the boilerplate
    sentences learnt from the input: what the similarity is scored on) - in the pairs of a text under
    ``EXCERPT_PLACE_CHARS`` characters whose places were not read on the whole texts (``read_whole``, per pair:
    read there, at most ``PLACE_EDITS`` apart) or in which either text lost a boilerplate sentence (``cut``: a flag
    per text, or None to compare each text with its content).

    On the whole texts, places are read in pairs at most ``PLACE_EDITS`` characters apart. Three kinds of a
    template series' lines were further apart, and had passed as copies: an excerpt of the other (scored by its
    share found in the longer text), a line with a boilerplate sentence the other lacks, and a name replaced in
    several places. 100k bench posts: "★ 葡萄牙语水平测试考试大纲一、考试目的考察报考者是否具备在中央机关从事外事
    有关工作所必需的葡萄牙语专业知识..." after a boilerplate sentence, removed as a copy of the same line for Arabic
    with a sentence more (0.83 of it found there; 6 characters apart but for that sentence, 123 on the whole texts). So
    here the edits are counted where the two align (``_content_replaced``): without the run at either end that one
    text alone has, each change once however often it is made. A pair whose shorter content stands whole in the
    longer replaces nothing (the truncations, headers and footers of reposts: most pairs, their edits never
    counted); nor does one only as many edits apart as one is longer. Names are not read here: the content is
    normalised (lower case), where no name shows. (True: a place or an opposite replaced in one character, and
    the reads left.)"""
    differ = np.zeros(len(a), dtype=bool)
    if not len(a):
        return differ, PairReads.none()
    if cut is None:
        docs = sorted_unique(np.concatenate([a, b]))
        cut = np.zeros(int(docs[-1]) + 1, dtype=bool)
        cut[docs] = np.fromiter((content[d] != texts[d] for d in docs.tolist()), dtype=bool, count=len(docs))
    either_cut = cut.take(a) | cut.take(b)
    at = np.flatnonzero(either_cut | ~read_whole)
    if not len(at):
        return differ, PairReads.none()
    used, ia, ib, _ = _pair_texts(content, a[at], b[at])
    size = lengths_of(used)
    size_a, size_b = size[ia], size[ib]
    keep = np.minimum(size_a, size_b) < EXCERPT_PLACE_CHARS
    chinese = ~np.fromiter(map(str.isascii, used), dtype=bool, count=len(used))
    keep &= chinese[ia] & chinese[ib]
    k = np.flatnonzero(keep)
    xs, ys = list(map(used.__getitem__, ia[k].tolist())), list(map(used.__getitem__, ib[k].tolist()))
    shorter_a = (size_a[k] <= size_b[k]).tolist()
    inner = [(x in y) if first else (y in x) for x, y, first in zip(xs, ys, shorter_a, strict=True)]
    k = k[~np.array(inner, dtype=bool)] if inner else k
    if not len(k):
        return differ, PairReads.none()
    from rapidfuzz.distance import Levenshtein
    from rapidfuzz.process import cpdist

    xs, ys = list(map(used.__getitem__, ia[k].tolist())), list(map(used.__getitem__, ib[k].tolist()))
    longer = np.abs(size_a[k] - size_b[k])
    cutoff = int(longer.max()) + PLACE_READ_EDITS + 1
    edits = cpdist(xs, ys, scorer=Levenshtein.distance, score_cutoff=cutoff, dtype=np.int64, workers=1)
    # Edits besides what the longer text has more: ``edits - longer`` counts each character the shorter text loses
    # in the aligned part twice ("西班牙语" / "德语" with a sentence more: 64 - 54 = 10 for 6), and a name replaced
    # in three places three times, so the pairs within PLACE_READ_EDITS of it are read, and the bound itself is
    # read off their alignment (``_content_replaced``).
    read = np.flatnonzero((edits > longer) & (edits <= longer + PLACE_READ_EDITS))
    one = read[(edits[read] == 1)]
    if len(one):  # one character replaced: a place or an opposite, read for all such pairs at once
        differ[at[k[one]]] = _one_swapped(xs, ys, one)
        read = read[edits[read] > 1]
    return differ, PairReads.of(at[k[read]], a, b)


def _content_replaced(x: str, y: str) -> bool:
    """``_replaced``'s places and opposites (``_content_places_plan``), read when ``x`` and ``y`` are at most
    ``PLACE_EDITS`` characters apart where they align: their first and their last run of edits left out when only
    one text has it (the rest of the longer text, of which the other is an excerpt: "...能力。" / "...能力。二、
    评价目标...。", the run before the last sign), each change counted once however often it is made ("西班牙" for
    "阿拉伯" in three places: 3)."""
    from rapidfuzz.distance import Levenshtein

    ops = Levenshtein.opcodes(x, y)
    runs = _edit_runs(ops)
    if runs and _one_sided(ops, runs[0]):
        runs.pop(0)
    if runs and _one_sided(ops, runs[-1]):
        runs.pop()
    return 0 < _apart(_changes(x, y, ops, runs)) <= PLACE_EDITS and _replaced(x, y, False, True, ops)


def _one_sided(ops, run: tuple[int, int]) -> bool:
    """Whether an edit run (first and last index of its opcodes) only adds or drops: one text alone has it."""
    return all(ops[k].tag in ("insert", "delete") for k in range(run[0], run[1] + 1))


def _inner_runs(ops, runs: list[tuple[int, int]], beyond: int = 0) -> list[tuple[int, int]]:
    """The edit ``runs`` (first and last index of their opcodes) but a first and a last one that only one text has
    (``_one_sided``: a header, a footer, the rest of a longer text) at the texts' start or end - or with at most
    ``beyond`` equal characters between it and there."""
    runs = list(runs)
    if runs and _one_sided(ops, runs[0]) and (runs[0][0] == 0 or (runs[0][0] == 1 and _equal_words(ops, 0) <= beyond)):
        runs.pop(0)
    last = len(ops) - 1
    if runs and _one_sided(ops, runs[-1]):
        if runs[-1][1] == last or (runs[-1][1] == last - 1 and _equal_words(ops, last) <= beyond):
            runs.pop()
    return runs


def _change(x: str, y: str, ops, i: int, j: int) -> tuple[str, str]:
    """The change opcodes ``i`` to ``j`` make: what ``x`` has there, what ``y`` has."""
    return x[ops[i].src_start : ops[j].src_end], y[ops[i].dest_start : ops[j].dest_end]


def _changes(x: str, y: str, ops, runs: list[tuple[int, int]]) -> dict[tuple[str, str], tuple[int, int]]:
    """Each change the edit ``runs`` make (``_change``), once however often it is made, with the run it was last
    seen in."""
    return {_change(x, y, ops, i, j): (i, j) for i, j in runs}


def _apart(changes) -> int:
    """How many characters ``changes`` (``_changes``) set two texts apart, each change counted once."""
    return sum(max(len(old), len(new)) for old, new in changes)


# -- opposite words ----------------------------------------------------------------------------------------------

# A word of a sentence written for its opposite makes another statement: "The decrease in U.S. ..." / "The increase
# in U.S. ...", "beef and citrus exports" / "imports", "Later figures were not available" / "Earlier figures ...",
# "corn and wheat were lower" / "higher". Pairs of opposites, then groups of which any two differ ("46,000 barrels
# a year" / "a day", "by 1400 GMT today" / "tomorrow", "10,000 dlrs" / "10,000 stg": another day, another currency).
# Found among the removals of the 100k English bench sentences that were no planted copy: "orders declines were
# widespread" / "orders increases were widespread", "bids by 1400 GMT tomorrow" / "today", "denominations of 1,000
# and 10,000 dlrs" / "stg". (Two ways of writing one currency, "dlrs" / "dollars", are never in one group; "pounds"
# and "sterling" are in none: weight, or a word added to "pounds".)
OPPOSITE_WORDS = (
    "higher lower, high low, rise fall, rises falls, rose fell, rising falling, risen fallen, up down, increase "
    "decrease, increases decreases, increased decreased, increasing decreasing, gain loss, gains losses, profit "
    "loss, profits losses, buy sell, buys sells, bought sold, buying selling, buyer seller, buyers sellers, above "
    "below, more less, import export, imports exports, imported exported, importer exporter, importers exporters, "
    "before after, earlier later, early late, first last, maximum minimum, long short, longer shorter, strong weak, "
    "stronger weaker, strengthen weaken, strengthened weakened, approve reject, approved rejected, accept reject, "
    "accepted rejected, win lose, won lost, open close, opened closed, opening closing, surplus deficit, positive "
    "negative, bullish bearish, upward downward, inflow outflow, inflows outflows, north south, east west, northern "
    "southern, eastern western, assets liabilities, credit debit, include exclude, included excluded, including "
    "excluding, upper lower, majority minority, net gross, increase decline, increases declines, increased "
    "declined, increasing declining, rise decline, rises declines, rose declined, rising declining, gain decline, "
    "gains declines, gained lost, gained fell, gained declined, advanced declined, advances declines, "
    "day week month quarter year, days weeks months quarters years, daily weekly monthly quarterly yearly annual, "
    "yesterday today tomorrow tonight, "
    "first second third fourth fifth sixth seventh eighth ninth tenth, executive financial operating, "
    "died injured, dead injured wounded, killed injured wounded, men women, men's women's, home away, "
    "suspend resume, suspended resumed, resume end, resumed ended, start stop, started stopped, begin end, began "
    "ended, full partial, net operating pretax, "
    "public private, domestic foreign, internal external, allow ban, allowed banned, legal illegal, "
    "arrest release, arrested released, convict acquit, convicted acquitted, guilty innocent, hire fire, hired "
    "fired, join leave, joined left, enter exit, entered exited, raise cut, raised cut, raises cuts, "
    "upgrade downgrade, upgraded downgraded, upgrades downgrades, beat miss, beats misses, beat missed, tighten "
    "ease, tightened eased, tightening easing, approve block, approved blocked, surge slump, surged slumped, surged "
    "plunged, soar plunge, soared plunged, soared slumped, jumped tumbled, jumped plunged, rallied slumped, rallied "
    "plunged, expand shrink, expanded shrank, expansion contraction, widen narrow, widened narrowed, half third "
    "quarter, murder manslaughter, felony misdemeanor, barrels tonnes gallons bushels ounces, miles kilometers "
    "feet yards, gold silver bronze, confirm deny, confirmed denied, admitted denied, raise lower, raised "
    "lowered, raises lowers, overweight underweight, outperform underperform, victory defeat, winner loser, pass "
    "fail, passed failed, married divorced, inbound outbound, rural urban, male female, hawkish dovish, upside "
    "downside, appreciate depreciate, appreciated depreciated, appreciation depreciation, devalued revalued, "
    "devaluation revaluation, inflation deflation, expansion recession, accelerated slowed, xs xl xxl xxxl, "
    "black white red blue green yellow pink purple orange brown grey, "
    # ("The suspect, a 34-year-old man from Leeds, was arrested" / "…woman…": removed as a copy)
    "man woman, boy girl, boys girls, husband wife, son daughter, sons daughters, father mother, brother sister, "
    # ("Police said the victim was a 45-year-old man…" / "…the suspect was…": removed as a copy)
    "victim suspect, victims suspects, victim attacker, victim gunman, lender borrower, lenders borrowers, landlord "
    "tenant, landlords tenants, employer employee, employers employees, "
    # ("The automaker said it would recall about 120,000 vehicles…" / "…launch…": removed as a copy)
    "launch recall, launched recalled, launches recalls, launching recalling, "
    # ("The drug is available without a prescription" / "…only with a prescription…": removed as a copy)
    "with without, "
    # ("vehicles built between 2015 and 2018" / "…before 2015 and after 2018": removed as a copy)
    "between before, between after, "
    "am pm, "  # ("Tickets go on sale at 9am" / "9pm")
    # a letter that names: "the side effects of taking vitamin D every day" / "vitamin C", "hepatitis B" / "C",
    # "Class B shares" / "Class C shares" (the first was removed as a copy; "a", the article, is none of them, nor
    # i, nor s, t or m, a word's end after its apostrophe: "it's" / "it'd" is no d for another letter of these)
    "b c d e f g h, "
    "dlrs stg yen marks francs lire guilders pesos yuan rupees euros, "
    "dollars stg yen marks francs lire guilders pesos yuan rupees euros, plaintiff defendant, plaintiffs "
    "defendants, chairman president, may will, for against, increase reduce, increased reduced, increases "
    "reduces, increasing reducing, raise reduce, raised reduced, income loss, sign veto, signed vetoed, signs "
    "vetoes, purchase sale, purchases sales, repurchase sale, repurchases sales, buyback sale, acquisition sale, "
    "acquisitions sales, acquisition divestiture, likely unlikely, able unable, changed unchanged, profitable "
    "unprofitable, successful unsuccessful, confirmed unconfirmed, usual unusual, expected unexpected, employed "
    "unemployed, known unknown, certain uncertain, limited unlimited, secured unsecured, audited unaudited, "
    "favorable unfavorable, favourable unfavourable, available unavailable, acceptable unacceptable, official "
    "unofficial, fair unfair, lawful unlawful, regulated unregulated, restricted unrestricted, willing unwilling, "
    "authorized unauthorized, paid unpaid, sold unsold, solved unsolved, named unnamed, consolidated "
    "unconsolidated, qualified unqualified, resigned fired, resigned dismissed, resigned sacked, resigned ousted, "
    "failed managed, failed succeeded, fails succeeds, fail succeed, overvalued undervalued, overestimated "
    "underestimated, overbought oversold, wheat corn soybeans oats barley sorghum rice cotton sugar coffee cocoa "
    "cattle hogs copper aluminium aluminum zinc nickel tin platinum palladium rubber, soybean wheat corn, oil gas "
    "coal, morning afternoon evening, mornings afternoons evenings, add drain, added drained, adds drains, common "
    "preferred, shareholders directors, stockholders directors, shareholder director, stockholder director, output "
    "orders, redeem issue, redeemed issued, redeems issues, wheat flour, full half, january february march april "
    "may june july august september october november december, jan feb mar apr jun jul aug sep sept oct nov dec, "
    "confirm reject, confirmed rejected, opposition ruling, add cancel, added cancelled canceled, upheld overturned, "
    "uphold overturn, upholds overturns, upheld reversed, with without, resigned reappointed, resigned appointed, "
    "resigned elected, halted resumed, halt resume, halts resumes, build draw, builds draws, lend borrow, lent "
    "borrowed, lending borrowing, flat higher, flat lower, unchanged higher, unchanged lower, leave raise, leave cut, "
    "leave lower, leave hike, wholesale retail, permanently temporarily, permanent temporary, granted "
    "denied, grant deny, grants denies, conditional unconditional, improvement deterioration, improve deteriorate, "
    "improves deteriorates, improved deteriorated, improving deteriorating, extend reduce, extends reduces, extended "
    "reduced, extend cut, extended cut, broke resumed, collapsed resumed, stalled resumed, lose gain, loses "
    "gains, losing gaining, highest lowest, fastest slowest, strongest weakest, largest smallest, biggest smallest, "
    "best worst, closed open, completed agreed, completed planned, completed proposed, hold raise, hold cut, hold "
    "lower, hold hike, buy issue, repurchase issue, improve weaken, improve worsen, improves weakens, improves "
    "worsens, improved weakened, improved worsened, premium discount, premiums discounts, constructive difficult, "
    # (all were removed as copies: "effective among adults over 65" / "under 65", "will cut 2,000 jobs" / "add",
    # "started deliberately" / "accidentally", "every day except Mondays" / "including", "a commercial success" /
    # "failure", "during the summer holidays" / "winter", "with minor injuries" / "serious", "How can I increase my
    # height after 25?" / "…weight…", "if my laptop won't turn on" / "off", "valid for new customers only" /
    # "existing")
    "over under, above under, older younger, oldest youngest, most least, more fewer, senior junior, inside "
    "outside, ascending descending, heavier lighter, hot cold, hotter colder, warmer colder, wet dry, spring summer "
    "autumn winter, constitutional unconstitutional, cut add, cuts adds, deliberately accidentally, intentionally "
    "accidentally, deliberate accidental, except including, success failure, successes failures, left right, "
    "minor serious, minor major, minor severe, mild severe, slight serious, height weight, heights weights, on off, "
    "possible impossible, advantages disadvantages, advantage disadvantage, new existing, new old, "
    # ("found to be benign" / "malignant", "sentenced him to death" / "to life", "remain optimistic" /
    # "pessimistic", "in stable condition" / "critical", "The Democratic candidate" / "Republican": removed as copies)
    "benign malignant, acute chronic, death life, optimistic pessimistic, optimism pessimism, stable critical, "
    "democratic republican, democrat republican, democrats republicans, conservative labour, conservatives labour, "
    "liberal conservative, liberals conservatives, furnished unfurnished, compulsory optional, mandatory optional, "
    "mandatory voluntary, compulsory voluntary, full part, manual automatic, direct connecting, direct indirect, "
    # ("The app now supports dark mode" / "light mode", "the ceasefire has largely held" / "collapsed": removed as
    # copies)
    "dark light, held collapsed, holding collapsing, granted refused, grant refuse, grants refuses, unlocked locked, "
    "new used, new refurbished, new renewed, freestyle breaststroke butterfly backstroke medley, "
    # ("The band announced a world tour" / "cancelled", "he was delighted with the team's performance" /
    # "disappointed", "The striker is fit to play" / "unfit": removed as copies)
    "announced cancelled, announced canceled, announce cancel, delighted disappointed, pleased disappointed, "
    "satisfied disappointed, happy unhappy, satisfied dissatisfied, fit unfit, "
    # ("The city's GDP doubled over the decade" / "tripled": removed as a copy)
    "doubled tripled quadrupled halved, double triple quadruple, doubles triples quadruples halves"
).split(", ")


def _groups_of_words(groups: list[str]) -> dict[str, frozenset[int]]:
    """Each word of ``groups`` (groups of words, a space between) -> the numbers of the groups it is in: ("lower":
    higher / lower, upper / lower). Each group read once (a search of every group for every word took 11 ms of
    every job's start)."""
    found: dict[str, set[int]] = {}
    for k, group in enumerate(groups):
        for w in group.split():
            found.setdefault(w, set()).add(k)
    return {w: frozenset(ks) for w, ks in found.items()}


# word -> the groups it is in ("lower": higher / lower, upper / lower)
# Words of one direction and words of the other, each of one any of the other's opposite (two of one class are
# synonyms, "rose" / "climbed"): found in hand-written market and board reports that were removed as copies - "Shares
# jumped 5 pct" / "slid 5 pct", "the board had welcomed the proposed acquisition" / "opposed", "completed" /
# "abandoned", "hiked interest rates" / "trimmed", "had been appointed" / "dismissed", "the suspect was detained" /
# "freed", "impose the tax" / "lift", "won the final" / "drew". ("lifted" is a raise and a lifting: never two of one
# class.)
OPPOSITE_CLASSES = (
    (
        "rose climbed jumped surged soared gained advanced rallied rebounded firmed climbs jumps surges soars climb "
        "jump surge soar grow grows grew accelerated quickened",
        "fell dropped slid slipped sank declined tumbled plunged plummeted dipped slumped retreated eased falls drops "
        "slides slips sinks tumbles plunges dips fall drop slide slip sink tumble plunge dip shrink shrinks shrank "
        "slowed",
    ),
    (
        "approved accepted welcomed supported backed endorsed ratified agreed",
        "rejected declined opposed blocked vetoed refused",
    ),
    ("completed finished concluded", "abandoned terminated cancelled canceled scrapped"),
    # good against harm ("The report examines the benefits of the new drug for patients…" / "…the risks of…": removed
    # as a copy)
    ("benefits advantages pros upsides", "risks disadvantages cons downsides drawbacks dangers harms"),
    ("raised hiked lifted boosted increased", "cut lowered trimmed reduced slashed"),
    ("appointed named hired promoted reinstated elected", "dismissed fired sacked ousted demoted"),
    # "would hire 500 workers" / "would lay off 500 workers", "would omit its quarterly dividend" / "would raise
    # its…", "expects sales to grow" / "to fall" (all three were removed as copies)
    ("hire hires hired hiring", "lay lays laid laying"),
    ("pay pays paid declare declares declared raise raises raised", "omit omits omitted skip skips skipped"),
    ("arrested detained jailed charged convicted indicted", "released freed cleared acquitted exonerated pardoned"),
    (
        "impose imposed introduce introduced extend extended",
        "abolish abolished lift lifted scrap scrapped end ended",
    ),
    ("won", "lost drew tied"),
    # what will be against what may be ("The central bank will raise interest rates" / "could raise": removed as a
    # copy)
    ("will would", "may might could"),
    # "would cancel all flights to the region" / "would operate all flights…" (removed as a copy)
    (
        "cancel cancels cancelled canceled cancelling canceling suspend suspends suspended suspending",
        "operate operates operated operating resume resumes resumed resuming restore restores restored restoring",
    ),
    (
        "buy buys bought buying acquire acquires acquired acquiring purchase purchases purchased purchasing",
        "sell sells sold selling divest divests divested divesting",
    ),
    # a figure of another line of the accounts ("its net income rose 15 percent" / "its revenue rose 15 percent"),
    # a floor against a ceiling ("must be at least 18 years old" / "must be under 18…"): both were removed as copies
    # (with "net" and "at" among ``_AUXILIARIES``)
    ("revenue revenues sales turnover", "income profit profits earnings"),
    ("least", "under below"),  # (most / least: OPPOSITE_WORDS)
    # what must be against what may be ("Parents must accompany children under 14" / "…may accompany…": removed as a
    # copy)
    ("must", "may can"),
    # a size, a share, a reopening ("the smaller of the two reactors" / "the larger…", "most respondents supported"
    # / "few respondents…", "would reopen its factory in Ohio" / "would close…": removed as copies)
    ("larger bigger largest biggest large big", "smaller smallest small"),
    ("most many", "few"),
    ("reopen reopens reopened reopening", "close closes closed closing shut"),
    # how badly, how many, how long, whether a target is met ("was seriously injured" / "slightly", "unanimously
    # approved" / "narrowly", "the curfew would be extended by two weeks" / "shortened", "pulled three survivors from
    # the rubble" / "three bodies", "would meet its target" / "miss": all were removed as copies)
    ("seriously severely badly critically gravely", "slightly lightly mildly"),
    ("unanimously", "narrowly"),
    ("extend extends extended extending lengthen lengthened", "shorten shortens shortened shortening"),
    ("survivors survivor", "bodies body"),
    ("meet meets met", "miss misses missed"),
    # ("as demand for international travel continued to recover" / "…domestic travel…", "had a significantly lower
    # risk" / "a slightly lower risk": removed as copies)
    ("international overseas", "domestic"),
    ("significantly substantially considerably markedly sharply", "slightly marginally"),
    ("ahead", "behind"),  # ("completed ahead of schedule" / "behind schedule": removed as a copy; "of" besides it)
    # ("the ice sheet was melting faster than previously thought" / "…slower…": removed as a copy)
    ("faster quicker", "slower"),
    ("fast quick quickly rapidly", "slow slowly"),
)
# Countries, any two of them another country: names that a misspelling could not tell apart ("Iran said on Tuesday
# it had test-fired a new missile" / "Iraq said…", "What is the capital of Slovakia" / "…Slovenia", "Niger's
# president" / "Nigeria's…", "Zambia's copper output" / "Gambia's…": all were removed as copies, one or two letters
# apart, where a name is read only three letters or more from the other). Names of one word, each the usual one
# (not Holland, Burma or Britain, written for the Netherlands, Myanmar or the United Kingdom as often as not).
COUNTRIES = (
    "afghanistan albania algeria andorra angola argentina armenia australia austria azerbaijan bahamas bahrain "
    "bangladesh barbados belarus belgium belize benin bhutan bolivia botswana brazil brunei bulgaria burundi "
    "cambodia cameroon canada chad chile china colombia comoros congo croatia cuba cyprus czechia denmark djibouti "
    "dominica ecuador egypt eritrea estonia eswatini ethiopia fiji finland france gabon gambia germany ghana greece "
    "grenada guatemala guinea guyana haiti honduras hungary iceland india indonesia iran iraq ireland israel italy "
    "jamaica japan jordan kazakhstan kenya kiribati kosovo kuwait kyrgyzstan laos latvia lebanon lesotho liberia "
    "libya liechtenstein lithuania luxembourg madagascar malawi malaysia maldives mali malta mauritania mauritius "
    "mexico micronesia moldova monaco mongolia montenegro morocco mozambique myanmar namibia nauru nepal nicaragua "
    "niger nigeria norway oman pakistan palau panama paraguay peru philippines poland portugal qatar romania russia "
    "rwanda samoa senegal serbia seychelles singapore slovakia slovenia somalia spain sudan suriname sweden "
    "switzerland syria taiwan tajikistan tanzania thailand togo tonga tunisia turkey turkmenistan tuvalu uganda "
    "ukraine uruguay uzbekistan vanuatu venezuela vietnam yemen zambia zimbabwe"
)
# ... and continents, any two of them - or one and a country - another place ("And the rest from South Africa" /
# "…South America": removed as a copy, two letters apart)
CONTINENTS = "africa america asia europe oceania antarctica"
_OPPOSITE_GROUPS = _groups_of_words(
    [
        *OPPOSITE_WORDS,
        f"{COUNTRIES} {CONTINENTS}",
        *(f"{x} {y}" for ups, downs in OPPOSITE_CLASSES for x in ups.split() for y in downs.split()),
    ]
)
# A text read as words for ``opposite_word_replaced``: a run of Latin letters, a number, any other character.
_LATIN_WORD = regexes.compile(r"[a-z]+|\d+|\S")


# Words that one side of a replacement may have besides its word: "was shot dead" / "was shot and wounded", "he
# had resigned" / "he had been fired", "would hire 500 workers" / "would lay off 500 workers" are one word for
# another; so are "the talks broke down on Tuesday" / "resumed", "would buy back up to 10 pct of its shares" /
# "would issue".
_AUXILIARIES = frozenset(
    {"and", "be", "been", "being", "was", "were", "is", "are", "has", "have", "had", "to", "off", "down", "back"}
    | {"fully"}  # ("The house comes fully furnished" / "…unfurnished": removed as a copy)
    # ("About a third of respondents said" / "About half of…", "cut by a quarter" / "by half": removed as copies)
    | {"a"}
    # ("its net income rose 15 percent" / "its revenue rose…", "must be at least 18" / "must be under 18": removed as
    # copies; "net" / "gross" for each other is still one word for another)
    | {"net", "at"}
    | {"only"}  # ("available without a prescription" / "available only with a prescription")
    | {"of"}  # ("completed ahead of schedule" / "completed behind schedule")
)


# Two words that say one of OPPOSITE_WORDS: "Shareholders voted down the merger" / "…approved the merger" (removed as
# a copy) writes "rejected".
_PHRASES = {("voted", "down"): "rejected", ("turned", "down"): "rejected", ("turn", "down"): "reject"}


def _opposite_words_read(text: str) -> list[str]:
    """``text`` (lower-case) as ``opposite_word_replaced`` aligns it: its words (``_LATIN_WORD``), "an" read as "a"
    ("a manual transmission" / "an automatic transmission" writes one word for another) and two words that say one
    of ``OPPOSITE_WORDS`` read as it (``_PHRASES``)."""
    words = ["a" if w == "an" else w for w in _LATIN_WORD.findall(text)]
    k, out = 0, []
    while k < len(words):
        said = _PHRASES.get((words[k], words[k + 1])) if k + 1 < len(words) else None
        out.append(said or words[k])
        k += 2 if said else 1
    return out


def opposite_word_replaced(a: str, b: str) -> bool:
    """True when a word of one text stands in the other as its opposite (``OPPOSITE_WORDS``): in the word-by-word
    alignment of the passages where the two differ (``_differing_passages``), one word replaced by one of its group,
    with ``REPLACED_FLANK`` equal words before and after it (``_flank_words``: counted on past words one text alone
    has, "close later this month" / "close this week"), or fewer between it and the text's start or end - and not
    the two swapped ("imports and exports" / "exports and imports": the same words)."""
    from rapidfuzz.distance import Levenshtein

    # Each text holds a word of OPPOSITE_WORDS more often than the other (as ``_statements_plan`` asks of every pair):
    # of two alignments as good, one may replace "year" by "day" where the other adds "day" ("rose rose year rose" /
    # "rose year rose day rose"), and a word added replaces none.
    held_a = Counter(w for w in _LATIN_WORD.findall(a.lower()) if w in _OPPOSITE_GROUPS)
    held_b = Counter(w for w in _LATIN_WORD.findall(b.lower()) if w in _OPPOSITE_GROUPS)
    if not (held_a - held_b) or not (held_b - held_a):
        return False
    a, b = _differing_passages(a, b, Levenshtein)
    wa, wb = _opposite_words_read(a.lower()), _opposite_words_read(b.lower())
    ops = Levenshtein.opcodes(wa, wb)
    replaced, found = set(), []
    for i, j in _edit_runs(ops):
        x, y = wa[ops[i].src_start : ops[j].src_end], wb[ops[i].dest_start : ops[j].dest_end]
        if len(x) != len(y):  # ("shot dead" / "shot and wounded", "had resigned" / "had been fired")
            x, y = [w for w in x if w not in _AUXILIARIES], [w for w in y if w not in _AUXILIARIES]
        if len(x) == len(y) > 1:  # (a word beside it written with a typo is that word: "Txe decrease" / "The increase")
            kept = [(u, v) for u, v in zip(x, y, strict=True) if u in _OPPOSITE_GROUPS or not _typo(u, v)]
            x, y = [u for u, _ in kept], [v for _, v in kept]
        if len(x) != 1 or len(y) != 1:
            continue
        replaced.add((x[0], y[0]))
        if x[0] == y[0] or _OPPOSITE_GROUPS.get(x[0], frozenset()).isdisjoint(_OPPOSITE_GROUPS.get(y[0], ())):
            continue
        if len(x[0]) == 1 and (
            ops[j].src_end - ops[i].src_start != 1
            or ops[j].dest_end - ops[i].dest_start != 1
            or _abbreviated(wa, ops[i].src_start)
            or _abbreviated(wb, ops[i].dest_start)
        ):
            continue  # (a letter that names stands alone: "run by E.D.F." / "E.b.F." is a typo)
        before = _flank_words(ops, i - 1, -1) >= REPLACED_FLANK or _at_edge(ops, i, -1)
        if before and (_flank_words(ops, j + 1, 1) >= REPLACED_FLANK or _at_edge(ops, j, 1)):
            found.append((y[0], x[0]))
    return any(swap not in replaced for swap in found)


def _abbreviated(words: list[str], k: int) -> bool:
    """Whether the letter ``words[k]`` is one of an abbreviation's ("U.S.", "E.D.F."): a letter and a dot before it,
    or a dot and a letter after it."""

    def letter(at: int) -> bool:
        return 0 <= at < len(words) and len(words[at]) == 1 and words[at].isalpha()

    return (k >= 2 and words[k - 1] == "." and letter(k - 2)) or (
        k + 2 < len(words) and words[k + 1] == "." and letter(k + 2)
    )


def opposite_words_differ_pairs(texts: Sequence[str], a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``opposite_word_replaced`` for every pair of ``texts`` whose shorter text has fewer than ``NAME_CHARS``
    characters (as names: in a long article a word changed in one place is a correction): ``statements_differ_pairs``,
    opposite words alone."""
    return statements_differ_pairs(texts, a, b, negations=False)


@lru_cache(maxsize=1)
def _opposite_hashes() -> np.ndarray:
    return sorted_unique(string_hashes(list(_OPPOSITE_GROUPS)))


def _short_pairs(
    texts: Sequence[str], a: np.ndarray, b: np.ndarray, lengths: np.ndarray | None = None
) -> tuple[np.ndarray, list[str], np.ndarray, np.ndarray, np.ndarray]:
    """The pairs ``(a[i], b[i])`` whose shorter text has fewer than ``NAME_CHARS`` characters, as their places in
    ``a`` and ``b``, with their texts each once, each pair's two places among them (``_pair_texts``) and those
    texts' lengths: each text's length read once (``lengths``: every text's, when known), the texts of the other
    pairs never gathered (what the names, negations and opposite words read: 100k bench articles are mostly long)."""
    if lengths is None:
        docs = sorted_unique(np.concatenate([a, b]))
        lengths = np.zeros(int(docs[-1]) + 1 if len(docs) else 0, dtype=np.int64)
        lengths[docs] = np.fromiter(map(len, map(texts.__getitem__, docs.tolist())), dtype=np.int64, count=len(docs))
    at = np.flatnonzero(np.minimum(lengths.take(a), lengths.take(b)) < NAME_CHARS)
    used, ia, ib, _ = _pair_texts(texts, a[at], b[at])
    used_lengths = np.empty(len(used), dtype=np.int64)
    used_lengths[ia], used_lengths[ib] = lengths.take(a[at]), lengths.take(b[at])
    return at, used, ia, ib, used_lengths


def _pair_texts(
    texts: Sequence[str], a: np.ndarray, b: np.ndarray
) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
    """The texts pairs ``(a[i], b[i])`` name, each once in order, each pair's two places among them - by a table of
    places, not a sorted search (600k pairs of 1M short texts: 6 ms against 80) - and those texts' indices."""
    docs = sorted_unique(np.concatenate([a, b]))
    place = np.empty(int(docs[-1]) + 1 if len(docs) else 0, dtype=np.int64)
    place[docs] = np.arange(len(docs))
    return list(map(texts.__getitem__, docs.tolist())), place.take(a), place.take(b), docs


def _text_keys(
    hashes: np.ndarray, doc_of: np.ndarray, n_texts: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, np.ndarray]:
    """What each text holds (``hashes[i]`` in text ``doc_of[i]``) as sorted keys text * width + the value's number,
    with how often; where each text's keys begin (``first[t]``, ``first[n_texts]`` the end), the width, and the
    distinct values numbered."""
    distinct, ids = np.unique(hashes, return_inverse=True)
    width = max(len(distinct), 1)
    keys, counts = unique_counts(doc_of * width + ids)
    return keys, counts, np.searchsorted(keys // width, np.arange(n_texts + 1)), width, distinct


def _each_lacks(
    keys: np.ndarray, counts: np.ndarray, first: np.ndarray, width: int, ia: np.ndarray, ib: np.ndarray
) -> np.ndarray:
    """Per pair (texts ``ia[i]``, ``ib[i]``; what each holds as ``_text_keys`` gives it): whether each text lacks
    something the other holds (``_lacking`` both ways, no value counted apart)."""
    none = np.zeros(width, dtype=bool)
    return (_lacking(keys, counts, first, width, none, ia, ib)[0] > 0) & (
        _lacking(keys, counts, first, width, none, ib, ia)[0] > 0
    )


def _lacking(
    keys: np.ndarray,
    counts: np.ndarray,
    first: np.ndarray,
    width: int,
    chinese: np.ndarray,
    mine: np.ndarray,
    other: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each pair (texts ``mine[i]``, ``other[i]``; ``keys``/``counts``: how often each text has each figure,
    sorted, the figures of text ``t`` from ``first[t]``): how many of ``mine``'s numbers ``other`` lacks and how many
    it has (counted with repeats), and how many of its Chinese numerals ``other`` lacks."""
    entries = first[mine + 1] - first[mine]
    pair = np.repeat(np.arange(len(mine)), entries)
    at = span_positions(first[mine], entries)
    have = counts[at]
    where, there = find_sorted(keys, other[pair] * width + keys[at] % width)
    lacking = np.maximum(have - np.where(there, counts[where], 0), 0)
    kind = chinese[keys[at] % width]
    n = len(mine)
    return (
        np.bincount(pair, weights=np.where(kind, 0, lacking), minlength=n),
        np.bincount(pair, weights=np.where(kind, 0, have), minlength=n),
        np.bincount(pair, weights=np.where(kind, lacking, 0), minlength=n),
    )


# The hashes of the figures ``_slice_numbers`` reads: numbers and number words below this, runs of Chinese numerals
# (``chinese_figures``) from it on - two kinds counted apart.
_CHINESE_FIGURE = np.uint64(1 << 63)
_FIGURE_HASH = np.uint64((1 << 63) - 1)


def _slice_numbers(texts: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A hash of each figure of a slice of texts (as ``figures`` reads them: equal for equal figures), in the order
    they stand in each text (``_figure_sequence``), the index of the text each is in, and the multiplier written
    after each figure in digits (``_scale_code``; 0 for the others), from the code points of the texts joined: a
    number is a run of digits and of separators that stand between two digits (what the pattern
    ``\\d+(?:[.,:/]\\d+)*`` finds), hashed without its commas; a run of Latin letters that is one of
    ``FIGURE_WORDS`` (in any case) is hashed as what it stands for."""
    joined = join_column(texts)
    if joined is None:  # a text holds the separator: text by text
        found = [
            [
                (
                    string_hash(m[len(_CN_RUN_MARK) :]) | _CHINESE_FIGURE
                    if m.startswith(_CN_RUN_MARK)
                    else string_hash(m) & _FIGURE_HASH,
                    code,
                )
                for m, code in _figure_items(t)
            ]
            for t in texts
        ]
        doc_of = np.repeat(np.arange(len(texts)), np.fromiter(map(len, found), dtype=np.int64, count=len(texts)))
        items = list(chain.from_iterable(found))
        return (
            np.array([v for v, _ in items], dtype=np.uint64),
            doc_of,
            np.array([c for _, c in items], dtype=np.uint64),
        )
    cps = utf32(joined)
    kind = _number_classes().take(cps)
    joins = np.flatnonzero(kind[1:-1] == 2) + 1
    joins = joins[(kind[joins - 1] == 1) & (kind[joins + 1] == 1)]
    # ... and a hyphen between digits whose digits after it end at a slash before a digit ("6-3/16": ``_NUMBER``)
    dash = np.flatnonzero(cps[1:-1] == ord("-")) + 1
    dash = dash[(kind[dash - 1] == 1) & (kind[dash + 1] == 1)]
    if len(dash):
        # (where each run of digits after a hyphen ends: before another character, or at the slice's end - its last
        # text's "以比分102-97", no fraction after it)
        other = np.flatnonzero(kind != 1)
        place = np.searchsorted(other, dash + 1)
        dash = dash[place < len(other)]
        end = other[place[place < len(other)]]
        fits = end + 1 < len(cps)
        dash, end = dash[fits], end[fits]
        dash = dash[(cps[end] == ord("/")) & (kind[end + 1] == 1)]
    at = np.sort(np.concatenate([np.flatnonzero(kind == 1), joins, dash]))  # every character inside a number
    starts, ends = position_runs(at)
    chars = cps[at]
    kept = chars != ord(",")
    before = np.zeros(len(at) + 1, dtype=np.int64)
    np.cumsum(kept, out=before[1:])
    hashes = span_hashes(chars[kept].astype(np.uint64), before[starts], before[ends]) & _FIGURE_HASH
    words, word_at = _figure_words(cps, kind)
    numerals, numeral_at = _chinese_numerals(cps, kind)
    seps = np.flatnonzero(cps == ord(SEP))
    found_at = np.concatenate([at[starts], word_at, numeral_at])
    order = np.argsort(found_at, kind="stable")  # in the order they stand (``_figure_sequence``)
    values = np.concatenate([hashes, words & _FIGURE_HASH, numerals | _CHINESE_FIGURE])
    others = np.zeros(len(word_at) + len(numeral_at), dtype=np.uint64)
    scales = np.concatenate([_scales(cps, at[ends - 1] + 1, words, word_at), others])
    return values[order], np.searchsorted(seps, found_at[order]), scales[order]


def _scales(cps: np.ndarray, after: np.ndarray, words: np.ndarray, word_at: np.ndarray) -> np.ndarray:
    """``_scale_code`` of each figure in digits that ends before position ``after`` of the code points ``cps``
    (``words``, ``word_at``: the figure words there and where each starts, ``_figure_words``)."""
    n = len(cps)
    table = _scale_classes()
    pos = after.copy()
    inside = np.flatnonzero(pos < n)
    pos[inside] += table.take(cps[pos[inside]]) == 1  # (a character between: "5000余万")
    first = np.zeros(len(pos), dtype=np.uint64)
    inside = np.flatnonzero(pos < n)
    first[inside] = cps[pos[inside]]
    multiplied = table.take(first.astype(np.int64)) == 2
    second = np.zeros(len(pos), dtype=np.uint64)
    inside = np.flatnonzero(pos + 1 < n)
    second[inside] = cps[pos[inside] + 1]
    second[table.take(second.astype(np.int64)) != 2] = 0
    out = np.ones(len(pos), dtype=np.uint64)
    out[multiplied] = first[multiplied] | (second[multiplied] << np.uint64(_TWO_MULTIPLIERS)) | np.uint64(2)
    where, found = find_sorted(word_at, pos)
    scale_words = _scale_word_hashes()
    found &= ~multiplied
    found[found] = find_sorted(scale_words, words[where[found]])[1]
    out[found] = (words[where[found]] & _FIGURE_HASH) | np.uint64(2)
    return out


@lru_cache(maxsize=1)
def _scale_classes() -> np.ndarray:
    """Per code point: 1 a character that may stand between a figure and its multiplier (``_SCALE_SKIP``), 2 a
    multiplier (``_MULTIPLIER_CHARS``), else 0."""
    table = np.zeros(0x110000, dtype=np.uint8)
    table[[ord(c) for c in _SCALE_SKIP]] = 1
    table[[ord(c) for c in _MULTIPLIER_CHARS]] = 2
    return table


@lru_cache(maxsize=1)
def _scale_word_hashes() -> np.ndarray:
    """The hashes (``string_hash``, sorted) of the multiplier words ``_figure_words`` finds (``_MULTIPLIERS``)."""
    return np.sort(string_hashes(list(_MULTIPLIERS)))


def _chinese_numerals(cps: np.ndarray, kind: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The runs of Chinese numerals among the code points ``cps`` (``kind``: their ``_number_classes``) that
    ``chinese_figures`` reads, hashed as written, and where each starts."""
    at = np.flatnonzero(kind == 4)
    starts, ends = position_runs(at)
    return span_hashes(cps[at].astype(np.uint64), starts, ends), at[starts]


def _figure_words(cps: np.ndarray, kind: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The figures written as words among the code points ``cps`` (``kind``: their ``_number_classes``): each run
    of Latin letters, in lower case, looked up among ``FIGURE_WORDS`` by its hash; the hash of what each found one
    stands for, and where it starts."""
    letters = np.flatnonzero(kind == 3)
    starts, ends = position_runs(letters)
    lower = cps[letters].astype(np.uint64)  # the letters only: a Chinese text has few
    lower[lower <= ord("Z")] += 32
    known, values = _figure_word_hashes()
    where, found = find_sorted(known, span_hashes(lower, starts, ends))
    return values[where[found]], letters[starts[found]]


@lru_cache(maxsize=1)
def _figure_word_hashes() -> tuple[np.ndarray, np.ndarray]:
    """``FIGURE_WORDS`` as hashes (``string_hash``, sorted) and the hash of what each stands for."""
    keys, values = string_hashes(list(FIGURE_WORDS)), string_hashes(list(FIGURE_WORDS.values()))
    order = np.lexsort((values, keys))
    return keys[order], values[order]


@lru_cache(maxsize=1)
def _number_classes() -> np.ndarray:
    """Per code point: 1 a digit (``str.isdecimal``, what the pattern's ``\\d`` matches: a test checks every code
    point), 2 a separator that joins digits into one number ([.,:/]), 3 a Latin letter (A-Z, a-z), 4 a Chinese
    numeral (``_CN_NUMERAL``), else 0."""
    table = np.zeros(0x110000, dtype=np.uint8)
    table[cached_code_points("decimal-digits", _decimal_digits, (ord("0"), ord("9"), 0x660, 0xFF19))] = 1
    table[[ord(c) for c in ".,:/"]] = 2
    table[ord("A") : ord("Z") + 1] = table[ord("a") : ord("z") + 1] = 3
    table[[ord(c) for c in _CN_NUMERAL]] = 4
    return table


def _decimal_digits() -> np.ndarray:
    """Every code point ``str.isdecimal`` holds a digit (a scan of all 1.1M: 14-34 ms, hence kept between runs)."""
    return np.flatnonzero(np.strings.isdecimal(np.arange(0x110000, dtype=np.uint32).view("U1")))


def is_short(a: str, b: str) -> bool:
    """True when the pair (compact texts, whitespace removed) is judged by edits, not 4-grams."""
    return min(len(a), len(b)) < SHORT_CHARS


def edit_similarity(a: str, b: str) -> float:
    """1 - Levenshtein edits / length of the longer text."""
    if not a or not b:
        return 0.0
    from rapidfuzz.distance import Levenshtein  # loaded when a short pair is first scored

    return float(Levenshtein.normalized_similarity(a, b))


@dataclass(frozen=True)
class TextCheck:
    floor: float = 0.8
    excerpts: bool = True
    excerpt_share: float = 0.5

    @classmethod
    def of(cls, settings) -> TextCheck:
        return cls(float(settings.min_similarity), bool(settings.excerpts), float(settings.excerpt_share))

    def score(self, a: np.ndarray, b: np.ndarray) -> float:
        """Similarity of two texts given their sorted unique gram hashes (see the module docstring)."""
        la, lb = len(a), len(b)
        if la == 0 or lb == 0:
            return 0.0  # an empty text is never a duplicate of anything
        inter = overlap(a, b)
        jaccard = inter / (la + lb - inter)
        small, large = (la, lb) if la <= lb else (lb, la)
        if self.excerpts and small >= self.excerpt_share * large:
            return max(jaccard, inter / small)
        return jaccard

    def scores_from(self, jaccard: np.ndarray, contained: np.ndarray, small: np.ndarray, large: np.ndarray):
        """``score`` for many pairs at once, from each pair's Jaccard similarity and the share of its smaller set
        found in the larger (exact counts or estimates of them) and its two set sizes (``small`` <= ``large``):
        an excerpt - the smaller set at least ``excerpt_share`` of the larger - scores the higher of the two."""
        if not self.excerpts:
            return jaccard
        return np.where(small >= self.excerpt_share * large, np.maximum(jaccard, contained), jaccard)

    def score_texts(self, a: str, b: str, grams_a: np.ndarray, grams_b: np.ndarray) -> float:
        """The similarity of two compact texts: by edits when the pair is short, else by their grams."""
        if is_short(a, b):
            return edit_similarity(a, b)
        return self.score(grams_a, grams_b)

    def floor_for(self, short: bool) -> float:
        """The lowest similarity a pair may have and still be a duplicate."""
        return max(self.floor, SHORT_FLOOR) if short else self.floor

    def lowest_jaccard(self, threshold: float) -> float:
        """The smallest Jaccard similarity a pair scoring ``threshold`` can have: candidate searches that bound
        Jaccard must reach down to it so that excerpts are not missed."""
        if not self.excerpts:
            return threshold
        s = self.excerpt_share
        # contained >= t with share >= s gives overlap >= t * |A| and |A u B| <= |A| / s + |A| - overlap.
        return min(threshold, threshold / (1.0 / s + 1.0 - threshold))

    def plausible(self, small: np.ndarray, large: np.ndarray, threshold: float) -> np.ndarray:
        """Pairs whose gram-set sizes allow a score of ``threshold`` at all (Jaccard <= small / large)."""
        return small >= self.plausible_ratio(threshold) * large - 1e-9

    @staticmethod
    def edits_allow(length_a: np.ndarray, length_b: np.ndarray) -> np.ndarray:
        """Pairs whose character counts allow them to be duplicates: every pair judged by grams; a short pair,
        judged by edits, only when the shorter text has ``SHORT_FLOOR`` of the longer one's characters (a
        similarity s allows ``(1 - s) x longer`` edits, and the difference in length takes as many; no setting
        lets a short pair below ``SHORT_FLOOR`` be a duplicate)."""
        small, large = np.minimum(length_a, length_b), np.maximum(length_a, length_b)
        return (small >= SHORT_CHARS) | (small >= SHORT_FLOOR * large - 1e-9)

    def plausible_ratio(self, threshold: float) -> float:
        """The smallest share of the larger gram set the smaller can have in a pair scoring ``threshold``."""
        return min(threshold, self.excerpt_share) if self.excerpts else threshold
