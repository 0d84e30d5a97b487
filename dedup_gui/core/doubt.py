"""Removals the text alone cannot decide: kept, and shown for the user to check.

A short question or title one character apart from another is a typo of it as often as another question:
"怎么刷王者宝石" / "怎样刷王者宝石" and "苹果平板电脑怎样打电话" / "怎么打电话" ask the same, "插卡电表怎么读" /
"插卡电表怎么用" and "梦幻西游官职" / "梦幻西游刷官职" do not. Nothing in the two texts tells which: LCQMC's labelled
question pairs (Chinese questions people asked, labelled by people) put the removals of such pairs on either side
about as often - one character replaced in a question under 12 characters, 277 labelled "asks something else"
against 130 "asks the same"; one added to a question under 8 characters, 90 against 110. Longer texts are another
matter: one character replaced in 12 characters or more, 17 against 146; one added to 8 or more, 41 against 434 (a
longer text is a typo's copy far more often than another text).

So such a removal is not made: the row is *kept for the user to check* (``in_doubt``) - it stays in the cleaned
file, and the review shows it in its cluster beside the row it nearly copies, for the user to remove with one
action when it is a copy. Which characters count:

- signs and spaces are not read at all (a question mark added is the same question);
- a particle (的, 了, 吗, 呢...) replaced, added or dropped is the same question (LCQMC: 452 of 452 such removals
  labelled the same);
- words that ask the same are the same word: 怎么 / 怎样, 哪 / 那, 和 / 跟 / 与 / 同, 的 / 得 / 地, 己 / 已, 叫 / 是
  ("X叫什么" / "X是什么");
- figures, negations, opposites and places are the text check's (``core.textcheck``): pairs differing in them are
  no duplicates at all; a Chinese numeral or a negation is not read here - but a numeral written for a character
  that is none is a character replaced ("以成开头的成语" / "以四开头的成语"; LCQMC's near pairs: 5 fewer removals
  labelled "asks something else", 1 fewer labelled "the same");
- a character typed twice ("一言不发" / "一一言不发") is a typo;
- in a longer question too, a character of a phrase asked about is written for another of its characters
  ("温故而知新的新是什么意思" / "…的而是什么意思": ``_quoted_character``);
- only Chinese characters are read: one letter of an English sentence replaced is nearly always a typo - but a
  letter that stands alone, an option, a kind or a grade, is read ("正确答案为A" / "…为D", "维生素A" / "维生素C":
  ``_lone_letter``).

**A figure put in** is the same doubt (``figure_added``): "苹果什么时候上市" / "苹果6什么时候上市" asks about another
model as often as the same thing.

**A word for a word** is the same doubt, a size up (``word_replaced``): in a title or a question under
``SHORT_CHARS`` characters, one word of two to four characters written for another that shares none of its
characters - "小米" / "京东将于11月19日发布2018年第三季度财报" (another company), "大乐透" / "双色球" (another lottery),
"维密水晶秀服曝光" / "亮相" and "头发经常出油" / "容易出油" (the same news, the same question). On LCQMC's questions and
the Sina headlines (labelled by their articles' bodies) such removals were about 14 of another item against 13 of
the same; words that share a character ("服装" / "衣服", "老是" / "总是") are nearly always the same, and so are the
words that ask the same (``SAME_WORDS``: 怎么 / 怎样 / 如何). Three or more such words in one frame are a series,
no duplicates at all (``core.series``).

The same doubt holds in a **longer Chinese text** (``word_replaced_within``): a notice, a news flash or an article
under ``WORD_READ_UNDER`` characters, otherwise alike, with a word of two to ``LONG_WORD_MAX`` characters written
for another that shares none of them - "任命王伟为交通运输部部长" / "任命张强为...", "阿里巴巴集团发布第三季度财报" /
"腾讯控股发布...", "董事会同意收购" / "董事会拒绝收购": another person, company or decision as often as an editor's
own word in a repost ("大帽" / "封盖"). Chinese names have no capitals for the text check to read. So does a shorter
text under 300 characters with a passage of its own inside it (``own_passage``): no excerpt of the longer text, which
has its own too - two schools' versions of one rule.

**Other words** are the doubt of a Latin script (``rewritten``). English text shares far more of its character
4-grams by chance than Chinese (" the", "tion", "said"): two reports of one piece of news, each written by its own
hand, pass the text check's 0.8 without either being a copy of the other. On Reuters-21578 (eval_real's
re-sent stories) the text check let 84 such removals through against 428 right ones; in those the shorter text had
a median 13 % of its words missing from the other (aligned word by word, typos forgiven), in the right ones 98 %
had under 4 %. So in a pair of Latin texts, when more than ``REWRITE_SHARE`` of the shorter text's words (and at
least ``REWRITE_MIN_WORDS``) are not in the other - dropped, or written as other words; a word one letter from its
counterpart is a typo of it, and a run of ``MOVED_WORDS`` words found elsewhere in the other text was moved there -
the row is kept for the user to check. Words the longer text adds are not read (an excerpt is no rewrite), nor
are words that open or close the shorter one, its own header and footer: of 600 Reuters stories reposted with a
header, cut to 50-100 % and given a footer, 299 were held when they were read, 3 since.

Nor is a sentence found in order in a longer one with words put **between** its words an excerpt of it: "Proceeds
will be used for working capital" and "Proceeds will be used to reduce debt and for working capital and capital
expenditures" are two companies' notices. Of the 100k English sentences of ``make bench`` (Reuters', with planted
one-character copies), 1,301 rows were removed from groups that kept none of their rows - mostly such pairs - 1,055
when a sentence under ``INSERTED_UNDER`` characters whose partner adds more than ``INSERTED_SHARE`` of its word count
(and at least ``INSERTED_MIN_WORDS``) between its words is held (``words_inserted``); planted copies removed
98.8 -> 98.4 % (copies clustered with such a partner held too). Reuters' re-sent stories: 3 wrong removals fewer,
none of the right ones held.
Nor is a sentence whose first or last word is written as **another where the other goes on** (``edge_rewritten``):
"Defence Secretary Caspar Weinberger said." is no excerpt of "Defence Secretary Caspar Weinberger has ordered the
U.S." (0.87 on 4-grams), nor "JOLIET HOGS UP 1.00 DLR" of "ST JOSEPH HOGS OPEN UP 1.00 DLR" (another market). Of
the 100k English sentences of ``make bench``, 247 more rows were held - none of them a planted copy of its kept
row; most were another company's notice in the same words ("Diamond Shamrock said it raised the contract price..."
/ "Citgo Petroleum Corp said..."), other goods ("wheat" / "oilseeds", "sales" / "purchases") or paraphrases; one
word at a sentence's edge is enough, where one in its middle is a synonym or a typo (``REWRITE_MIN_WORDS``).
Reuters' re-sent stories: the hog market report held (not labelled either way), every labelled removal the same.
Only the words on the line of the last (first) shared word are read so: a line of its own is a header or footer
(the 15k English articles of ``make bench``: 6 reposts cut short and given a credit line, under 200 characters
once the boilerplate is out, had been held against their stories going on).

And a Latin text is held that gives a **credit rating** the other does not, the other giving one of its own
(``ratings_changed``: "rated B-3" / "rated Ba-3"), that dates something in **another month** (``months_changed``:
"Record May one" / "Record April One"), that says a thing **may or will be done** where the other says it was
(``plan_against_deed``: "may downgrade" / "downgraded"), or, a sentence or notice, that has the **same words in
several places** where the other has others or none (``same_words_in_places``: another fund's name in a template's
notice).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

import numpy as np

from . import regexes
from .columnar import lengths_of
from .result import ClusterList, HeldCopies, PairSet
from .text import find_sorted, owners, sorted_unique, utf32
from .textcheck import (
    CHINESE_NUMERALS,
    EXCERPT_PLACE_CHARS,
    MONTH_NUMBER,
    NAME_CHARS,
    NEGATIONS,
    REPLACED_FLANK,
    SHORT_CHARS,
    PairReads,
    _apart,
    _change,
    _changes,
    _edit_runs,
    _equal_words,
    _inner_runs,
    _op_size,
    _runs_across,
    edited_pairs,
    read_chars_of,
    scale_changed_pairs,
)

SUBSTITUTED_UNDER = 12  # a character replaced in a text of fewer characters (signs not counted) is in doubt ...
ADDED_UNDER = 8  # ... and one added to (or dropped from) a text of fewer
# ... and, in a text under SUBSTITUTED_UNDER, one of these added or dropped: a sex, a new version or a death
# ("什么牌子的手表好" / "…女手表好", "求好听的宝宝乳名" / "求好听的男宝宝乳名", "天龙八部逍遥怎么加点" /
# "新天龙八部…", "小沈阳真的出车祸了吗" / "…出车祸死了吗": another question in LCQMC's labels). On LCQMC's question
# pairs 1-2 characters apart: N-gram's wrong removals 61 -> 56 with 男女新 (right ones 1,177 -> 1,175 - held, not
# lost), SimHash's 53 -> 48; with 死 too, and colours in one group, 53 and 46 (the same right ones).
TELLING_ADDED = frozenset("男女新死")
# A character of a phrase asked about after it and this (``_quoted_character``): one written for another of the
# phrase's characters is another question in a text of any length read here.
QUOTING = "的"
# A word replaced by another: two to this many characters on each side, in a text under SHORT_CHARS. (With 4,
# "其中面向高校毕业生的岗位占比超过四成" / "…面向退役军人的岗位…" in a 36-character notice was removed as a copy: one
# edit short of the edit floor. With 6 - LONG_WORD_MAX, as in longer texts - LCQMC, the Sina articles and the 100k
# bench short texts hold the same rows.)
WORD_MAX = 6
FIGURE_ADDED_MAX = 4  # a figure of at most this many characters put into a short text (``figure_added``)
# Texts of this many characters or more (signs counted) are not read for a character apart: room for a few signs
# around ``SUBSTITUTED_UNDER`` characters.
CHARACTER_READ_UNDER = 3 * SUBSTITUTED_UNDER
# Texts of this many characters or more (signs counted) are not read for doubt: room for a replaced word and a few
# signs beside a text under ``SHORT_CHARS``. A pair is read only when both its texts are shorter.
READ_UNDER = SHORT_CHARS + 3 * WORD_MAX
_QUOTING_SHIFT = 14  # (``_sure_and_figure_table``: the figures' count of a text under READ_UNDER, 58, in bits 8-13)
_FIGURE_MASK = (1 << (_QUOTING_SHIFT - 8)) - 1
# A word written for another in a longer Chinese text (``word_replaced_within``): the shorter text under this many
# characters - a notice, a news flash, an article up to the length where names decide a pair (``NAME_CHARS``: a
# press release whose chair is "王伟" in one and "张强" in the other, 424 characters, was removed as a copy when
# only texts under 300 were read; read so far, the Sina articles hold no more rows, and the 100k bench articles'
# alignments cost 0.47 s of one core, 0.3 s of their text check on two) -
# each word two to LONG_WORD_MAX characters (a company's name: "阿里巴巴集团" / "腾讯控股"), the two texts at most
# WORD_EDITS characters apart where they align (a header or a footer only one has not counted).
WORD_READ_UNDER = NAME_CHARS
# ... from this many characters (the shorter text) the word the only change (in as many places as it stands): a
# template's next release has its name, and an editor's repost a few touches ("在刚刚结束的" / "在不久前结束的" and
# "四人" / "4人" in a Sina game report, held when any pair under 8 characters apart was read, and so were 27 planted
# copies of the 100k bench articles whose random edits garbled two characters, "专著" / "宝中", among others).
WORD_ALONE_FROM = EXCERPT_PLACE_CHARS
LONG_WORD_MAX = 6
WORD_EDITS = 8
REPLACED_IN = 2  # ... or in places this many or more, the same word for the same word each time
# A passage of its own this long, in one piece, inside the shorter text (in a run of edits, those up to
# OWN_PASSAGE_GAP equal characters apart taken as one) makes it no excerpt of the longer (``_own_inner_passage``)
OWN_PASSAGE = 8
OWN_PASSAGE_GAP = 2
OWN_PASSAGE_FLANK = 4  # ... between this many equal characters or more on each side, within a line
PARTICLES = frozenset("的了吗呢啊吧呀嘛哦哈啦呗")
INTERCHANGEABLE = ("么样", "哪那", "和跟与同", "的得地", "己已", "叫是")
_SAME_WORD = frozenset((x, y) for group in INTERCHANGEABLE for x in group for y in group if x != y)
SAME_WORDS = (("怎么", "怎样", "如何", "咋样"),)  # words that ask the same, replacing each other
# Words that label a headline's form or its repost, not its subject ("...的百年变迁 转发" / "...【视频】"): one for
# another is the same headline.
TAGS = frozenset(
    ("视频", "转发", "转载", "组图", "图文", "图集", "独家", "快讯", "原创", "直播", "最新", "更新", "突发")
)
_SAME_WORDS = frozenset((x, y) for group in SAME_WORDS for x in group for y in group if x != y)
_FIGURE_CHARS = frozenset("0123456789") | CHINESE_NUMERALS
_NOT_READ = PARTICLES | CHINESE_NUMERALS | frozenset(n for n in NEGATIONS if len(n) == 1)
SIGNS = regexes.compile(r"[\W_]+")  # what is not read: signs and spaces
# A Latin text with more than this share of its words (and at least this many) not in the other is rewritten
# (``rewritten``): measured on Reuters-21578, 0.06 held 60 of N-gram's 84 wrong removals and 4 of its 428 right
# ones; 0.03 held 9 more right ones for 5 fewer wrong, 0.10 let 19 more wrong through for one more right.
REWRITE_SHARE = 0.06
REWRITE_MIN_WORDS = 2  # one word written for another in a sentence stays a copy (Latin letters: a typo, a synonym)
MOVED_WORDS = 4  # a run of this many words found elsewhere in the other text was moved, not rewritten
# A sentence (the shorter text under INSERTED_UNDER characters) whose words the other has with more than
# INSERTED_SHARE of its count, and at least INSERTED_MIN_WORDS, added between them is another statement: see the
# module docstring. (Reuters' re-sent stories, a few sentences each, add a sentence or a clause to an update: with
# the rule up to 400 characters 5 of their right removals were held.)
INSERTED_SHARE = 0.15
INSERTED_MIN_WORDS = 3
INSERTED_UNDER = 200
# A question under this many characters with one word written for another - no typo of it, no function word, not
# cut short - is held (``word_for_word``): "What is the best way to lose weight" / "... to gain
# weight", "Why do cats sleep so much" / "Why do dogs sleep so much", "the advantages of living in a big city" /
# "the disadvantages".
WORD_FOR_WORD_UNDER = 150
# ... and so is a sentence under this many characters: "The museum is open to the public on weekdays" / "…on
# weekends", "Police said the suspect was arrested near the border" / "…was shot…", "The flight was delayed due to
# bad weather" / "…diverted…" (all three were removed as copies). Of the 100k English sentences of ``make bench``
# (Reuters'), 41 rows more are held so, every one read: about half another statement ("rated BBB-minus" / "BBB-plus",
# "hog slaughter" / "cattle slaughter", "completion is expected in late 1988" / "mid-1988", "amid increased
# receipts" / "despite…"), half the same in other words ("no other details" / "no further details", "trucks" /
# "lorries") - as for a Chinese word (``word_replaced``); Reuters' re-sent stories and 20 Newsgroups hold the same
# rows.
STATEMENT_WORD_UNDER = 120
FUNCTION_WORDS = frozenset(
    """a an the do does did can could would should will shall may might must is are was were be been am to of in on
    at for with by from into about as and or but if than then so how what why when where which who whom whose that
    this these those there here i you he she it we they me him her us them my your his its our their mine yours
    get got make made way ways""".split()
)


def content_char(c: str) -> bool:
    """A Chinese character that carries the text's meaning here (not a particle, numeral or negation)."""
    return "\u4e00" <= c <= "\u9fff" and c not in _NOT_READ


def in_doubt(a: str, b: str) -> bool:
    """True when the texts are one content character apart in a short text - the character replaced in a text
    under ``SUBSTITUTED_UNDER`` characters, or added in one under ``ADDED_UNDER`` (signs not counted) - or one word
    apart in a text under ``SHORT_CHARS`` (``word_replaced``), or a figure put into one (``figure_added``). See the
    module docstring."""
    return _character_apart(a, b) or word_replaced(a, b) or figure_added(a, b)


def figure_added(a: str, b: str) -> bool:
    """True when, in texts the shorter of which has fewer than ``SHORT_CHARS`` characters (signs not counted), the
    longer is the shorter with a figure put in - digits or Chinese numerals, at most ``FIGURE_ADDED_MAX``
    characters, not a lone 一, inside the text and beside no other figure - and nothing else:
    "苹果什么时候上市" / "苹果6什么时候上市", "帝国时代联机问题" / "帝国时代二联机问题", "神庙逃亡的兑换码是什么" /
    "神庙逃亡二的..." ask about another model, part or sequel as often as the same thing (a figure the longer text
    adds is no figure the shorter lacks, which is all the text check reads); "这是两倍的马力" / "这是倍的马力" and
    "中国云计算的十年江湖" / "的年江湖" (planted edits of the 100k bench short texts) are no copies either. "求个" /
    "求一个" is the same request. On LCQMC's question pairs 1-2 characters apart this held 4 of N-gram's removals
    labelled another question and none labelled the same."""
    a, b = SIGNS.sub("", a), SIGNS.sub("", b)
    if len(a) > len(b):
        a, b = b, a
    extra = len(b) - len(a)
    if len(a) >= SHORT_CHARS or len(a) < FIGURE_ADDED_MAX or not 1 <= extra <= FIGURE_ADDED_MAX:
        return False
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    put = b[i : i + extra]
    # (inside the text, between two characters of no figure: not a list's number before it, "③身体状况符合要求", or
    # a note's after it, nor a figure made longer, "每天9：00" / "每天09：00", "2、2019年")
    if i == 0 or i + extra >= len(b) or b[i + extra :] != a[i:] or put == "一":
        return False
    if b[i - 1] in _FIGURE_CHARS or b[i + extra] in _FIGURE_CHARS:
        return False
    return all(c in _FIGURE_CHARS for c in put)


def may_be_a_word_apart(lengths_a: np.ndarray, lengths_b: np.ndarray, similarity: np.ndarray) -> np.ndarray:
    """Which pairs (their texts' lengths, their text-check ``similarity``) can be a word apart: the shorter text
    under ``SHORT_CHARS`` (a short pair, scored by edits) and the two at least two edits apart - below one edit's
    similarity. What ``word_replaced`` and the series (``core.series``) read."""
    longer = np.maximum(lengths_a, lengths_b)
    return (np.minimum(lengths_a, lengths_b) < SHORT_CHARS) & (similarity < 1.0 - 1.0 / np.maximum(longer, 1))


def word_replaced(a: str, b: str) -> bool:
    """True when, in texts the shorter of which has fewer than ``SHORT_CHARS`` characters, one word is written for
    another: two to ``WORD_MAX`` meaning-carrying Chinese characters on each side (``frame_of``), sharing none
    ("小米" / "京东将于…发布财报", "曝光" / "亮相"), and not two words that ask the same (``SAME_WORDS``) or two
    labels of a headline's form (``TAGS``: "转发" / "【视频】")."""
    if min(len(a), len(b)) >= SHORT_CHARS:
        return False
    frame = frame_of(a, b)
    if frame is None or set(frame[2]) & set(frame[3]) or (frame[2], frame[3]) in _SAME_WORDS:
        return False
    return not (frame[2] in TAGS and frame[3] in TAGS)


def word_replaced_within(a: str, b: str) -> bool:
    """True when, in Chinese texts the shorter of which has ``SHORT_CHARS`` to ``WORD_READ_UNDER`` characters, aligned
    character by character (rapidfuzz's ``opcodes``), a word is written for another: two to ``LONG_WORD_MAX``
    meaning-carrying Chinese characters on each side, sharing none, between ``REPLACED_FLANK`` equal characters on
    each side - a person, a company, a verb ("国务院任命王伟为…部长" / "任命张强为…", "阿里巴巴集团发布第三季度财报" /
    "腾讯控股发布…", "董事会同意收购" / "董事会拒绝收购") - in two texts otherwise alike: at most ``WORD_EDITS``
    characters apart, each change counted once, a run at either end that only one text has (a header, a footer, the
    rest of a longer text) not counted - from ``WORD_ALONE_FROM`` characters on, the word the only change. Two
    runs of edits one Chinese character apart are one word (``_one_apart``: "重型货车" / "小型轿车"), and the
    characters both words have are not counted ("总经理" / "财务总监": the alignment puts 总 anywhere). Such a
    pair is a template's next report as often as a repost touched up by an editor ("表示" / "指出"): kept for the
    user to check. Two words that ask the same (``SAME_WORDS``) or two labels of a headline (``TAGS``) are one word;
    figures, places, negations and opposites are the text check's. So is a shorter text under
    ``EXCERPT_PLACE_CHARS`` with a passage of its own inside it, no excerpt of the other (``own_passage``)."""
    if not SHORT_CHARS <= min(len(a), len(b)) < WORD_READ_UNDER:
        return False
    if own_passage(a, b):
        return True
    from rapidfuzz.distance import Levenshtein

    ops = Levenshtein.opcodes(a, b)
    runs = _inner_runs(ops, _edit_runs(ops))  # (first op, last op) of each run of edits side by side
    # The same word written for another in several places is a template filled for another item, whatever else the
    # two differ in ("报考会计类职位的考生…会计类专业科目…专业知识—会计" / "计算机类…计算机": two exams' outlines, a
    # real pair of the 100k bench posts, with a typo and another credit line, removed as a copy) - in a first line
    # too (a title is rewritten once, not the same way in several places)
    joined = _one_apart(a, ops, runs)
    made = Counter(_change(a, b, ops, i, j) for i, j in joined)  # how many places make each change
    if len(made) < len(joined) and any(  # (some change made more than once: most pairs read make each once)
        made[change] >= REPLACED_IN and _same_word_for_word(a, b, ops, *run)
        for change, run in _changes(a, b, ops, joined).items()
    ):
        return True
    # A change within the first line of both texts, or within their last, is a title or a credit line of its own:
    # an article reposted under another headline ("睡觉流口水是什么原因" / "睡觉流口水当心这儿有病", the body alike).
    first_a, first_b = a.find("\n"), b.find("\n")
    last_a, last_b = a.rfind("\n"), b.rfind("\n")
    if first_a >= 0 and first_b >= 0:
        runs = [
            (i, j)
            for i, j in runs
            if not (ops[j].src_end <= first_a and ops[j].dest_end <= first_b)
            and not (ops[i].src_start > last_a and ops[i].dest_start > last_b)
        ]
    changes = _changes(a, b, ops, runs)
    words = _changes(a, b, ops, _one_apart(a, ops, runs))
    if _apart(changes) > WORD_EDITS or (len(words) > 1 and min(len(a), len(b)) >= WORD_ALONE_FROM):
        return False
    return any(_word_for_word(a, b, ops, i, j) for i, j in words.values())


def own_passage(a: str, b: str) -> bool:
    """Whether two Chinese texts are held as the shorter one (under ``EXCERPT_PLACE_CHARS`` characters) holding a
    passage of its own inside it (``_own_inner_passage``): what the review says of such a row."""
    return min(len(a), len(b)) < EXCERPT_PLACE_CHARS and _own_inner_passage(a, b)


def _own_inner_passage(a: str, b: str) -> bool:
    """Whether the shorter of two texts holds a passage of its own inside it: ``OWN_PASSAGE`` characters or more in one
    piece that the longer text lacks, in the longest-common-subsequence alignment of the two (rapidfuzz's ``Indel``:
    what one text alone has is deleted or inserted, not aligned with the other's as a replacement), within a run of
    edits (edits up to ``OWN_PASSAGE_GAP`` equal characters apart taken as one) between ``OWN_PASSAGE_FLANK`` equal
    characters or more on each side, on one line - a run at either end that one text alone has, and lines of a
    header or a footer, left out. Then it is no excerpt of the longer text, which has passages of its own too (it
    is longer), and neither is a copy of the other. "报名期间将对考生学历（学籍）信息进行网上校验，并在考生提交报名
    信息三天内反馈校验结果。考生可随时上网查看…" / "3。网上报名期间…网上校验，考生可随时上网查看…。考生也可在报名
    前或报名期间自行登录“中国高等教育学生信息网”…": two schools' versions of one rule (100k bench posts), the longer
    removed as a copy (0.83 of the shorter found in it: an excerpt's score) - and its sentence with it. Typos and
    words changed here and there are a few characters a run. (Without the flank, 751 planted reposts of the bench
    posts were held: the alignment cuts a title line into pieces between the characters it shares with the text.)"""
    from rapidfuzz.distance import LCSseq

    # (the shorter text's characters outside the longest common subsequence are what it alone has, in every piece
    # the alignment makes of them: fewer than a passage, no piece is one - most pairs read, told in C)
    if min(len(a), len(b)) - LCSseq.similarity(a, b) < OWN_PASSAGE:
        return False
    from rapidfuzz.distance import Indel

    ops = Indel.opcodes(a, b)
    a_shorter = len(a) <= len(b)
    for i, j in _runs_across(ops, _inner_runs(ops, _edit_runs(ops)), OWN_PASSAGE_GAP):
        if _equal_words(ops, i - 1) < OWN_PASSAGE_FLANK or _equal_words(ops, j + 1) < OWN_PASSAGE_FLANK:
            continue  # (not between passages both texts have: pieces of a header, a footer or a scattered match)
        own = _change(a, b, ops, i, j)[0 if a_shorter else 1]  # (what the shorter text has in the run)
        if "\n" in own:
            continue  # (lines of their own: a repost's header or footer)
        mine = "delete" if a_shorter else "insert"  # (what the shorter text alone has, in one piece)
        for k in range(i, j + 1):
            if ops[k].tag == mine and _op_size(ops[k]) >= OWN_PASSAGE and not _moved(ops[k], a, b, a_shorter):
                return True
    return False


def _moved(op, a: str, b: str, a_shorter: bool) -> bool:
    """Whether the shorter text's piece at opcode ``op`` stands elsewhere in the longer text, half of its character
    4-grams or more found there: a clause moved, which an alignment in order cannot follow ("…等消息，4日，黄景瑜工作室
    发表声明表示…" / "11月4日，黄景瑜工作室发表声明表示，近日针对…": one statement's report and its repost)."""
    piece, longer = (a[op.src_start : op.src_end], b) if a_shorter else (b[op.dest_start : op.dest_end], a)
    grams = [piece[k : k + 4] for k in range(len(piece) - 3)]
    return 2 * sum(g in longer for g in grams) >= len(grams)


def _same_word_for_word(a: str, b: str, ops, i: int, j: int) -> bool:
    """Whether opcodes ``i`` to ``j`` write for meaning-carrying Chinese characters (one to ``LONG_WORD_MAX``) others,
    two or more on one side at least, not words that ask the same (``word_replaced_within``, where the same change
    is made in several places: a word both share a character of is another word all the same, "会计" / "计算机").
    One character for one is not read so: a variant of it ("宫胁咲良" / "宫脇咲良" three times in one repost of the
    Sina corpus) or a writer's habit ("很" / "狠") is made the same way each time."""
    x, y = _changed(a, ops, i, j, source=True), _changed(b, ops, i, j, source=False)
    return (
        1 <= len(x) <= LONG_WORD_MAX
        and 1 <= len(y) <= LONG_WORD_MAX
        and max(len(x), len(y)) >= 2
        and all(map(content_char, x + y))
        and (x, y) not in _SAME_WORD
        and (x, y) not in _SAME_WORDS
    )


def _word_for_word(a: str, b: str, ops, i: int, j: int) -> bool:
    """Whether opcodes ``i`` to ``j`` (of ``a`` aligned with ``b``) write a word for another, as
    ``word_replaced_within`` reads one."""
    x, y = _changed(a, ops, i, j, source=True), _changed(b, ops, i, j, source=False)
    # A character both words have is one the alignment may put anywhere ("财务总监" / "总经理" align 总 with 总 one way
    # round and not the other): what is left of each is the word.
    shared = set(x) & set(y)
    if shared:
        x, y = "".join(c for c in x if c not in shared), "".join(c for c in y if c not in shared)
    if not (2 <= len(x) <= LONG_WORD_MAX and 2 <= len(y) <= LONG_WORD_MAX):
        return False
    if not all(map(content_char, x + y)) or (x, y) in _SAME_WORDS or (x in TAGS and y in TAGS):
        return False
    # (the text's start or end will do for a flank, with fewer characters between: "阿里巴巴集团今日发布…" /
    # "腾讯控股今日发布…", "据阿里巴巴集团披露…" / "据腾讯集团披露…")
    before = ops[i - 1].src_end - ops[i - 1].src_start if i > 1 else REPLACED_FLANK
    after = ops[j + 1].src_end - ops[j + 1].src_start if j + 2 < len(ops) else REPLACED_FLANK
    return before >= REPLACED_FLANK and after >= REPLACED_FLANK


def _one_apart(a: str, ops, runs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Edit ``runs`` (first and last opcode of each) joined where one Chinese character alone stands equal between
    two: one word written for another that keeps a character of it in place ("重型货车" / "小型轿车": 型 kept,
    "总经理" / "财务总监": 总 kept). What the two words change (``_changed``) is then read as one word for another."""
    out: list[tuple[int, int]] = []
    for i, j in runs:
        gap = ops[i - 1] if i > 0 else None
        if (
            out
            and out[-1][1] == i - 2
            and gap is not None
            and gap.src_end - gap.src_start == 1
            and "\u4e00" <= a[gap.src_start] <= "\u9fff"
        ):
            out[-1] = (out[-1][0], j)
        else:
            out.append((i, j))
    return out


def _changed(text: str, ops, i: int, j: int, *, source: bool) -> str:
    """The characters of ``text`` (the opcodes' source, or their destination) that opcodes ``i`` to ``j`` edit:
    a word written for another, less the characters both keep between its runs (``_one_apart``)."""
    return "".join(
        text[op.src_start : op.src_end] if source else text[op.dest_start : op.dest_end]
        for op in map(ops.__getitem__, range(i, j + 1))
        if op.tag != "equal"
    )


def frame_of(a: str, b: str) -> tuple[str, str, str, str] | None:
    """(text before, text after, word of ``a``, word of ``b``) when the two differ in one place, by a word of two
    to ``WORD_MAX`` meaning-carrying Chinese characters on each side; else None. Signs are not read."""
    a, b = SIGNS.sub("", a), SIGNS.sub("", b)
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    j = 0
    while j < n - i and a[-1 - j] == b[-1 - j]:
        j += 1
    x, y = a[i : len(a) - j], b[i : len(b) - j]
    if not 2 <= len(x) <= WORD_MAX or not 2 <= len(y) <= WORD_MAX:
        return None
    if not all(map(content_char, x + y)):
        return None
    return a[:i], a[len(a) - j :], x, y


def _character_apart(a: str, b: str) -> bool:
    """One content character replaced in a text under ``SUBSTITUTED_UNDER`` characters - in a longer one, a
    character of a phrase asked about for another (``_quoted_character``) - or added in one under ``ADDED_UNDER``
    - one of ``TELLING_ADDED`` in one under ``SUBSTITUTED_UNDER`` - (signs not counted; texts of
    ``CHARACTER_READ_UNDER`` characters or more not read)."""
    if max(len(a), len(b)) >= CHARACTER_READ_UNDER:
        return False
    a, b = SIGNS.sub("", a), SIGNS.sub("", b)
    if len(a) > len(b):
        a, b = b, a
    if len(b) - len(a) > 1 or not a or (len(a) >= SUBSTITUTED_UNDER and len(a) != len(b)):
        return False
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        if i == len(a) or a[i + 1 :] != b[i + 1 :]:
            return False
        x, y = a[i], b[i]
        if len(a) >= SUBSTITUTED_UNDER:
            return _quoted_character(a[: i - 1], a[i - 1 : i], x, y)
        if (x, y) in _SAME_WORD or (x in CHINESE_NUMERALS and y in CHINESE_NUMERALS):  # (numerals: a figure)
            return False
        if _lone_letter(a, i) and _lone_letter(b, i):
            return True
        # The 了 of "怎么了" (what is wrong with it) is no particle: "浙江财经大学怎么了" / "怎么样", "开心消消乐怎么
        # 了" / "怎么玩" ask something else (LCQMC's labels: each of the three such removals was wrong).
        asks = a[max(0, i - 2) : i] == "怎么"
        # A numeral for a character that is none is a character replaced ("四字开头" / "成字开头"): the text check
        # reads only a figure for a figure.
        return all(content_char(c) or c in CHINESE_NUMERALS or (asks and c == "了") for c in (x, y))
    if a[i:] != b[i + 1 :]:
        return False
    added = b[i]
    if len(a) >= ADDED_UNDER and added not in TELLING_ADDED:
        return False
    typed_twice = (i > 0 and b[i - 1] == added) or (i + 1 < len(b) and b[i + 1] == added)
    return content_char(added) and not typed_twice


def _lone_letter(text: str, i: int) -> bool:
    """Whether ``text[i]`` (signs taken out) is a Latin letter with no other beside it: a letter that stands for an
    option, a kind or a grade - "因此，正确答案为A" / "…为D" (a real pair of the 100k bench short texts, removed as a
    copy), "维生素A的作用" / "维生素C的作用", "A型血" / "B型血" - another answer or thing as often as a typo. A letter
    of a word is not read ("only Chinese characters are read": one letter of an English word replaced is nearly
    always a typo)."""
    c = text[i]
    return (
        c.isascii()
        and c.isalpha()
        and not (i > 0 and text[i - 1].isascii() and text[i - 1].isalpha())
        and not (i + 1 < len(text) and text[i + 1].isascii() and text[i + 1].isalpha())
    )


def _quoted_character(phrase: str, before: str, x: str, y: str) -> bool:
    """Whether ``x`` written for ``y`` after ``before`` (one character) and ``phrase`` (the text before it) is a
    character of the phrase asked about in place of another of it: "温故而知新的新是什么意思" / "…的而是什么意思",
    "风景旧曾谙的旧是…" / "…的谙是…" - both characters in the phrase, the one asked about after its 的 (``QUOTING``).
    On LCQMC's labelled question pairs every one of the 17 such pairs asks something else (13 under
    ``SUBSTITUTED_UNDER`` characters, which are in doubt anyway, and 4 at 12-13 characters, which were removed),
    but one labelled the same that is not ("学而时习之的时什么意思" / "…的之什么意思"); a typo writes a character
    of the phrase for another of it after a 的 hardly ever."""
    return before == QUOTING and x in phrase and y in phrase and content_char(x) and content_char(y)


def doubtful_pairs(
    texts: Sequence[str],
    a: np.ndarray,
    b: np.ndarray,
    among: np.ndarray | None = None,
    similarity: np.ndarray | None = None,
    lengths: np.ndarray | None = None,
) -> np.ndarray:
    """Which pairs of unique texts (``texts``; indices ``a``, ``b``) are ``in_doubt`` (a mask; ``among``: only
    these pairs are read, the others are False). Only pairs of two texts under ``READ_UNDER`` characters are read,
    and of those only the ones that may be: a text holding fewer than ``SUBSTITUTED_UNDER`` characters surely read
    (``_counted``, counted from the code points of all the texts at once: most short texts of a large run are
    sentences of 20-60 characters; at a million short texts, 0.58 s when every pair was read, 0.27 s so), or - a
    word replaced - the shorter under ``SHORT_CHARS`` and the two at least two edits apart by their ``similarity``
    (by edits: below one edit's; None: not known, every such pair read: ``may_be_a_word_apart``), or - a figure
    put in - texts whose figures' characters, counted the same way, are one to ``FIGURE_ADDED_MAX`` apart. The
    other pairs are read for being ``rewritten`` (``rewritten_pairs``). ``lengths``: the texts'
    (``columnar.lengths_of``), when the caller has them. (``doubt_plan``, then ``DoubtReads.read``.)"""
    return doubt_plan(texts, a, b, similarity, lengths).read(texts, among=among)


@dataclass
class DoubtReads:
    """``doubtful_pairs`` in two parts, as ``textcheck.ReportReads`` splits the text check: which pairs may be in
    doubt, told of every pair at once (``doubt_plan``), and the reading of those pairs text by text (``read``),
    for any run of the pairs - in any process."""

    short: PairReads  # the pairs read by ``in_doubt``
    rewritten: PairReads  # ... and by ``rewritten``, where ``in_doubt`` is not so
    pairs: int  # how many pairs were planned
    within: PairReads = PairReads.none()  # ... and by ``word_replaced_within``, where neither is so

    def read_chars(self, lengths: np.ndarray) -> np.ndarray:
        """Per pair planned, the characters of the texts ``read`` may read for it (``ReportReads.read_chars``)."""
        return read_chars_of(self, self.pairs, lengths)

    def read(
        self, texts: Sequence[str], lo: int = 0, hi: int | None = None, among: np.ndarray | None = None
    ) -> np.ndarray:
        """Which pairs at places ``lo`` to ``hi`` (to the end: None) are in doubt (a mask of them; ``among``, a mask
        of them too: only these pairs are read, the others are False)."""
        hi = self.pairs if hi is None else hi
        out = np.zeros(hi - lo, dtype=bool)
        for reads, test in (
            (self.short, _in_doubt_short),
            (self.rewritten, rewritten),
            (self.within, word_replaced_within),
        ):
            for i, x, y in reads.within(lo, hi):
                if (among is None or among[i - lo]) and not out[i - lo]:
                    out[i - lo] = test(texts[x], texts[y])
        return out


def _in_doubt_short(a: str, b: str) -> bool:
    """``in_doubt``, pairs with a text of ``READ_UNDER`` characters or more never in doubt (``_short_doubts``)."""
    return len(a) < READ_UNDER and len(b) < READ_UNDER and in_doubt(a, b)


def doubt_plan(
    texts: Sequence[str],
    a: np.ndarray,
    b: np.ndarray,
    similarity: np.ndarray | None = None,
    lengths: np.ndarray | None = None,
) -> DoubtReads:
    """The pairs ``doubtful_pairs`` reads text by text, found for all the pairs at once (``DoubtReads``)."""
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    lengths = lengths_of(texts) if lengths is None else lengths
    short = lengths < READ_UNDER
    at = np.flatnonzero(short[a] & short[b] & (a != b))
    la, lb = lengths[a[at]], lengths[b[at]]
    if similarity is None:
        word = np.minimum(la, lb) < SHORT_CHARS
    else:
        word = may_be_a_word_apart(la, lb, similarity[at])
    # Each text's characters surely read by ``in_doubt``, its figures' characters and its ``QUOTING`` characters,
    # counted in one pass over them (``_counted``: the first count in the low 8 bits, the second in the 6 above,
    # the third above those; texts under READ_UNDER characters).
    ids = sorted_unique(np.concatenate([a[at], b[at]]))
    counts = _counted(texts, ids, _sure_and_figure_table())
    of_a, of_b = counts[np.searchsorted(ids, a[at])], counts[np.searchsorted(ids, b[at])]
    small = np.maximum(la, lb) < CHARACTER_READ_UNDER  # (no other pair can be a character apart)
    few = small & (((of_a & 0xFF) < SUBSTITUTED_UNDER) | ((of_b & 0xFF) < SUBSTITUTED_UNDER))
    # A character of a phrase asked about for another (``_quoted_character``), in a longer text: as many characters
    # surely read on each side (both are Chinese), a QUOTING character in each, and what follows one of those
    # another character in each (``_after_quoting``: a typo elsewhere leaves it be; 1M short texts, 304k pairs:
    # without it the plan read ~100k more pairs, 1.2-1.6 s of the text check).
    quoted = small & ((of_a & 0xFF) == (of_b & 0xFF)) & (of_a >> _QUOTING_SHIFT > 0) & (of_b >> _QUOTING_SHIFT > 0)
    if quoted.any():
        maybe = np.flatnonzero(quoted)
        which = sorted_unique(np.concatenate([a[at[maybe]], b[at[maybe]]]))
        after = _after_quoting([texts[i] for i in which.tolist()])
        after_a, after_b = after[np.searchsorted(which, a[at[maybe]])], after[np.searchsorted(which, b[at[maybe]])]
        quoted[maybe] = (after_a != after_b) | (after_a < 0) | (after_b < 0)
    # A figure put into a short text (``figure_added``, which counts no signs: any pair read here may be one): its
    # figures' characters counted in each text differ by that many (few pairs: most edits of a large run of short
    # texts are no figure).
    apart = np.abs(((of_a >> 8) & _FIGURE_MASK) - ((of_b >> 8) & _FIGURE_MASK))
    added = (apart >= 1) & (apart <= FIGURE_ADDED_MAX)
    rest = np.flatnonzero(a != b)
    texts_a, texts_b = [texts[i] for i in a[rest].tolist()], [texts[i] for i in b[rest].tolist()]
    to_rewrite = _rewritten_reads(texts_a, texts_b)
    within = _within_reads(texts_a, texts_b, lengths.take(a[rest]), lengths.take(b[rest]))
    return DoubtReads(
        PairReads.of(at[few | quoted | word | added], a, b),
        PairReads.of(rest[to_rewrite], a, b),
        len(a),
        PairReads.of(rest[within], a, b),
    )


def _within_reads(
    texts_a: Sequence[str], texts_b: Sequence[str], lengths_a: np.ndarray, lengths_b: np.ndarray
) -> np.ndarray:
    """The pairs ``word_replaced_within`` reads (their places, ascending): the shorter text of ``SHORT_CHARS`` to
    ``WORD_READ_UNDER`` characters, both not Latin (``latin_texts``), at least two edits apart and neither found
    whole in the other (``textcheck.edited_pairs``: a word of two characters for another is two edits)."""
    shorter = np.minimum(lengths_a, lengths_b)
    at = np.flatnonzero((shorter >= SHORT_CHARS) & (shorter < WORD_READ_UNDER))
    if not len(at):
        return at
    xs, ys = [texts_a[k] for k in at.tolist()], [texts_b[k] for k in at.tolist()]
    east = np.flatnonzero(~latin_texts(xs) & ~latin_texts(ys))
    if not len(east):
        return east
    return at[east[edited_pairs([xs[k] for k in east.tolist()], [ys[k] for k in east.tolist()])]]


def rewritten_pairs(texts_a: Sequence[str], texts_b: Sequence[str]) -> np.ndarray:
    """``rewritten`` of each pair of texts (a mask): only pairs at least twice ``REWRITE_MIN_WORDS`` character
    edits apart are read (told in C, rapidfuzz's ``cpdist``: a word written for another that is no typo of it is
    two edits or more, a word dropped with its space as many; most pairs of a large run are a typo or two apart),
    and of those only pairs of two Latin texts (``latin_texts``)."""
    out = np.zeros(len(texts_a), dtype=bool)
    for k in _rewritten_reads(texts_a, texts_b).tolist():
        out[k] = rewritten(texts_a[k], texts_b[k])
    return out


def _rewritten_reads(texts_a: Sequence[str], texts_b: Sequence[str]) -> np.ndarray:
    """The pairs ``rewritten_pairs`` reads (their places, ascending): two Latin texts at least twice
    ``REWRITE_MIN_WORDS`` character edits apart, or, texts read for one word written for another
    (``_word_for_word_read``: a sentence or a question), two."""
    if not len(texts_a):
        return np.zeros(0, dtype=np.int64)
    from rapidfuzz.distance import Levenshtein
    from rapidfuzz.process import cpdist

    cutoff = 2 * REWRITE_MIN_WORDS
    edits = cpdist(texts_a, texts_b, scorer=Levenshtein.distance, score_cutoff=cutoff, dtype=np.int64, workers=1)
    # (a short sentence or question is read from two edits: one word for another, "advantages" /
    # "disadvantages", is three; a credit rating for another from one, "B-3" / "Ba-3": ``ratings_changed``)
    far = edits >= cutoff
    rated = np.zeros(len(edits), dtype=bool)
    for k in np.flatnonzero(edits == 1).tolist():  # (most pairs of a large run: a typo apart, few of them rated)
        rated[k] = _both_rate(texts_a[k], texts_b[k])
    at = np.flatnonzero(far | (edits >= 2) | rated)
    latin = latin_texts([texts_a[k] for k in at.tolist()]) & latin_texts([texts_b[k] for k in at.tolist()])
    at = at[latin]
    close = np.flatnonzero(~far[at])
    asks = np.fromiter(
        (_word_for_word_read(texts_a[k], texts_b[k]) or _both_rate(texts_a[k], texts_b[k]) for k in at[close].tolist()),
        dtype=bool,
        count=len(close),
    )
    keep = np.ones(len(at), dtype=bool)
    keep[close[~asks]] = False
    return at[keep]


def typo_apart(x: Sequence, y: Sequence) -> bool:
    """Whether two words (or any two sequences) are at most one character edit apart - one replaced, added, dropped,
    or two side by side swapped (OSA): a typo of one another, the same word where the doubt reads words."""
    from rapidfuzz.distance import OSA

    return OSA.distance(x, y, score_cutoff=1) <= 1


def latin_texts(texts: Sequence[str]) -> np.ndarray:
    """Which texts are written in a Latin script: none of their characters Chinese, Japanese or Korean (told in C: a
    text in ASCII, or a regular expression's search, which stops at the first such character)."""
    return np.fromiter((t.isascii() or _EAST.search(t) is None for t in texts), dtype=bool, count=len(texts))


def held_as_rewritten(text: str) -> bool:
    """Whether a row kept for the user to check, with this text, was held as ``rewritten`` (not as a character or a
    word apart, ``in_doubt``, which reads Chinese characters only): whether it is a Latin text."""
    return bool(latin_texts([text])[0])


_EAST = regexes.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_WORD = regexes.compile(r"\w+")
# An ASCII byte of a word of ``_WORD`` (a letter, a digit or "_") stays, any other becomes a space.
_ASCII_WORDS = bytes(c if chr(c).isalnum() or c == ord("_") else ord(" ") for c in range(256))


def latin_words(a: str, b: str) -> tuple[list, list]:
    """``_WORD.findall`` of texts ``a`` and ``b``: when both are ASCII, as bytes, each text's non-word bytes made
    spaces and the text split at them (in C, twice as fast: the 15k bench English articles, 9,050 texts read, 0.24
    -> 0.11 s)."""
    if a.isascii() and b.isascii():
        return a.encode("ascii").translate(_ASCII_WORDS).split(), b.encode("ascii").translate(_ASCII_WORDS).split()
    return _WORD.findall(a), _WORD.findall(b)


REWRITTEN = "rewritten"  # (``rewrite_kind``) words of the shorter text left out of the other
WORD_FOR_WORD = "word for word"  # ... or, a short sentence or question, one word for another (``word_for_word``)
INSERTED = "inserted"  # ... or words put between its words
ENDS_OTHERWISE = "ends otherwise"  # ... or, a sentence, its edge words written as others (``edge_rewritten``)
ANOTHER_RATING = "another rating"  # ... or a credit rating the other does not give (``ratings_changed``)
ANOTHER_DATE = "another date"  # ... or a date in another month (``months_changed``)
ANOTHER_ITEM = "another item"  # ... or the same words put in, or for others, in places (``same_words_in_places``)
PLAN_OR_DEED = "plan or deed"  # ... or a thing one text says may or will be done, the other that it was


def rewritten(a: str, b: str) -> bool:
    """True when the text with fewer words has more than ``REWRITE_SHARE`` of its words, and at least
    ``REWRITE_MIN_WORDS``, rewritten in the other (``words_rewritten``) - or, a sentence (under ``INSERTED_UNDER``
    characters), it opens or closes with words written as others where the other goes on (``edge_rewritten``), or
    the other adds more than ``INSERTED_SHARE`` as many words, and at least ``INSERTED_MIN_WORDS``, between its words
    (``words_inserted``)."""
    return rewrite_kind(a, b) is not None


def rewrite_kind(a: str, b: str) -> str | None:
    """Which of ``rewritten``'s tests holds for texts ``a`` and ``b``: ``ANOTHER_RATING``, ``ANOTHER_DATE`` (read on
    the texts), ``REWRITTEN`` (words left out), ``ANOTHER_ITEM`` (the same words in several places), ``ENDS_OTHERWISE``
    (a sentence's edge words written as others), ``WORD_FOR_WORD``, ``INSERTED`` (words put between), or None. The
    two word lists are aligned once for all those read on words."""
    from rapidfuzz.distance import Levenshtein

    wa, wb = latin_words(a, b)
    if ratings_changed(a, b):
        return ANOTHER_RATING
    if _dates_month(wa) and _dates_month(wb) and months_changed(a, b):
        return ANOTHER_DATE
    if len(wa) > len(wb):
        wa, wb, a, b = wb, wa, b, a
    ops = Levenshtein.opcodes(wa, wb)
    if plan_against_deed(wa, wb, ops):
        return PLAN_OR_DEED
    if Levenshtein.distance(a, b, score_cutoff=2 * REWRITE_MIN_WORDS) < 2 * REWRITE_MIN_WORDS:
        # (a pair this close is read for a question's one word only: ``_rewritten_reads``)
        return WORD_FOR_WORD if _word_for_word_held(a, b, wa, wb, ops) else None
    least = max(REWRITE_MIN_WORDS, math.floor(REWRITE_SHARE * len(wa)) + 1)
    if words_rewritten(wa, wb, least, ops) >= least:
        return REWRITTEN
    if min(len(a), len(b)) >= INSERTED_UNDER:
        return None
    if same_words_in_places(wa, wb, ops):
        return ANOTHER_ITEM
    if edge_rewritten(wa, wb, ops, word_lines(a), word_lines(b)):
        return ENDS_OTHERWISE
    if _word_for_word_held(a, b, wa, wb, ops):
        return WORD_FOR_WORD
    most = max(INSERTED_MIN_WORDS, math.floor(INSERTED_SHARE * len(wa)) + 1)
    return INSERTED if words_inserted(wa, wb, ops) >= most else None


# Words before a verb that make it a plan or a possibility, not a deed: "may downgrade" / "downgraded", "plans to
# acquire" / "acquired" (a verb of intent before "to": "voted to approve" / "approved" is one deed).
MODAL_WORDS = frozenset(("may", "might", "could", "would", "will", "shall", "should", "can"))
INTENT_WORDS = frozenset(("plans", "plan", "intends", "intend", "expects", "expect", "seeks", "seek", "aims", "hopes"))


def plan_against_deed(wa: Sequence, wb: Sequence, ops) -> bool:
    """Whether one of the word lists ``wa``, ``wb`` (aligned as ``ops``, rapidfuzz's Levenshtein opcodes) says a
    thing may or will be done where the other says it was: a run of edits that is a verb after a modal
    (``MODAL_WORDS``) or a verb of intent and "to" (``INTENT_WORDS``) on one side, that verb's past (-ed, -d, -ied) on
    the other - "moody's said it may downgrade 700 mln dlrs of debt of dana corp" / "moody's said it downgraded 700
    mln dlrs of debt of dana corp" (two Reuters sentences of the English bench input: a review announced, then the
    downgrade; removed as a copy, one word apart). Kept for the user to check."""
    for first, last in _edit_runs(ops):
        lo, hi = ops[first], ops[last]
        src, dest = wa[lo.src_start : hi.src_end], wb[lo.dest_start : hi.dest_end]
        if _planned(src, dest) or _planned(dest, src):
            return True
    return False


def _planned(plan: Sequence, deed: Sequence) -> bool:
    """Whether words ``plan`` are a modal and a verb, or a verb of intent, "to" and a verb, and ``deed`` that verb's
    past."""
    if len(deed) != 1 or not 2 <= len(plan) <= 3:
        return False
    *words, verb = map(_as_text, plan)
    planned = words[0] in MODAL_WORDS if len(words) == 1 else words[0] in INTENT_WORDS and words[1] == "to"
    if not planned or len(verb) < 3:
        return False
    past = _as_text(deed[0])
    return past in (verb + "ed", verb + "d", verb[:-1] + "ied") and past != verb


def _as_text(word: str | bytes) -> str:
    """A word of ``latin_words`` as text (two ASCII texts' words are bytes)."""
    return word.decode("ascii") if isinstance(word, bytes) else word


# A credit rating (Moody's, Standard and Poor's, Fitch grades, lower case as the compared texts are), read where the
# text says it is one: after "rated" or "rating is / of / at", or before "by" and an agency's name.
_GRADE = r"(?:aaa|aa|a|bbb|bb|b|ccc|cc|c|baa|ba|caa|ca)(?:-?[123]|-plus|-minus|\+)?"
_RATED_WORD = "rat"  # (what a text that gives a rating holds: "rated", "rating")
_BY_AGENCY = ("by moody", "by standard", "by s&p", "by s and p", "by fitch", "by duff")  # (as ``_RATINGS`` reads them)
_RATINGS = regexes.compile(
    rf"\b(?:rated|ratings? (?:is|of|at))\s+({_GRADE})(?![\w+-])(?=\s*(?:[.,;:)]|$)|\s+(?:by|and|or|from|to)\b)"
    rf"|\b({_GRADE}) by (?:moody|standard|s&p|s and p|fitch|duff)"
)


def _both_rate(a: str, b: str) -> bool:
    """Whether both texts may give a credit rating (``_RATED_WORD``): the pairs ``ratings_changed`` reads."""
    return _RATED_WORD in a and _RATED_WORD in b


def _may_rate(text: str) -> bool:
    """Whether ``_RATINGS`` may find a rating in ``text``: it holds "rated" or "rating", or "by" and an agency's name
    (``_BY_AGENCY``) - and ``_RATED_WORD``. (Most texts that hold "rat" hold it in "rate" or "corporation": their
    search is left out, 8 µs a pair of English sentences, more of articles.)"""
    return _RATED_WORD in text and ("rated" in text or "rating" in text or any(by in text for by in _BY_AGENCY))


def ratings_changed(a: str, b: str) -> bool:
    """Whether each of two texts gives a credit rating (``_RATINGS``) the other does not: "the implied senior debt
    rating is b" / "…is bb-plus", "rated aa-2 by moody's and aa by standard and poor's" / "rated a-2 … a by …",
    "rated b-3 by moody's" / "rated ba-3 … and bb-minus by …" - another issue, or the rating changed, a letter or two
    apart (100k English sentences of Reuters' bond issues: each pair removed as a copy). Kept for the user to check.
    A rating one text alone gives is no change: an excerpt that leaves it out, or a typo in its words ("rated a-1
    bs moody's", "a-mwnus") that hides it."""
    if not (_may_rate(a) and _may_rate(b)):
        return False
    mine, theirs = (Counter(x or y for x, y in _RATINGS.findall(text)) for text in (a, b))
    return bool(mine - theirs) and bool(theirs - mine)


_DAY = (
    r"(?:[12]?\d|3[01]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    r"sixteen|seventeen|eighteen|nineteen|twenty|thirty)"
)
# A month's name in a date: with its day or year after it ("record may 15", "pay june one", "in may 1987") or its day
# before it ("15 may").
_MONTH = "|".join(sorted(MONTH_NUMBER, key=len, reverse=True))
_DATED_MONTH = regexes.compile(rf"\b({_MONTH})\.?,?\s+(?:{_DAY}|(?:19|20)\d\d)\b|\b{_DAY}\s+({_MONTH})\b")


# Each month's name (``MONTH_NUMBER``) as a word of ``latin_words`` (text, or bytes where both texts are ASCII),
# and each word ``_DAY`` reads as a day, or a year after a month: every date ``_DATED_MONTH`` finds is a month's name
# and such a word, whole words side by side (only ".", "," and spaces between them).
_MONTH_WORDS = frozenset(MONTH_NUMBER) | frozenset(m.encode("ascii") for m in MONTH_NUMBER)
_DAY_WORDS_TEXT = frozenset(
    [str(d) for d in range(32)]
    + "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty thirty".split()
)
_DAY_WORDS = _DAY_WORDS_TEXT | frozenset(w.encode("ascii") for w in _DAY_WORDS_TEXT)
_YEAR_WORDS_TEXT = frozenset(str(y) for y in range(1900, 2100))
_AFTER_MONTH = _DAY_WORDS | _YEAR_WORDS_TEXT | frozenset(y.encode("ascii") for y in _YEAR_WORDS_TEXT)


def _dates_month(words: Sequence) -> bool:
    """Whether a text's ``latin_words`` have a month's name with a day or a year after it, or a day before it: the
    texts whose dates ``months_changed`` reads (its search costs ~20 µs a pair of English sentences, ~0.2 ms a pair
    of articles; most such texts name no month, or say "may" the verb)."""
    if _MONTH_WORDS.isdisjoint(words):
        return False
    last = len(words) - 1
    for k, word in enumerate(words):
        if word in _MONTH_WORDS and (
            (k < last and _day_like(words[k + 1], _AFTER_MONTH)) or (k > 0 and _day_like(words[k - 1], _DAY_WORDS))
        ):
            return True
    return False


def _day_like(word: str | bytes, words: frozenset) -> bool:
    """Whether ``word`` is one of ``words`` - or digits other than ASCII ones, which ``_DAY``'s ``\\d`` reads too."""
    return word in words or (isinstance(word, str) and not word.isascii() and word.isdecimal())


def months_changed(a: str, b: str) -> bool:
    """Whether each of two texts dates something in a month the other does not (``_DATED_MONTH``: a month's name
    with its day): "qtly div 40 cts … pay may 15 record may one" / "… record april one", two quarters' notices of one
    company alike but for a month (removed as a copy: a month's name is no figure). A day for another in one month
    is no change - a repost dates itself another day - nor a date one text alone gives (an excerpt). Kept for the
    user to check."""
    mine, theirs = (Counter(MONTH_NUMBER[x or y] for x, y in _DATED_MONTH.findall(text)) for text in (a, b))
    return bool(mine - theirs) and bool(theirs - mine)


def same_words_in_places(wa: Sequence, wb: Sequence, ops) -> bool:
    """Whether one of the word lists ``wa``, ``wb`` (aligned as ``ops``, rapidfuzz's Levenshtein opcodes) has the
    same words - a content word among them (``_content_word``) - where the other has others or none, in
    ``REPLACED_IN`` places or more: a template filled for another item, as the Chinese texts' same word for the
    same word in several places (``word_replaced_within``). "FRANKLIN INSURED TAX-FREE SETS PAYOUT … NOTE: Franklin
    Insured Tax-Free Income Fund" / "FRANKLIN HIGH-YIELD TAX-FREE SETS PAYOUT … NOTE: Franklin High-Yield Insured
    Tax-Free Income Fund", two funds' notices of one day in Reuters-21578, had been removed as a copy at 0.96: one
    word replaced and two put in, under the share ``rewritten`` reads. A run of edits at either end that only one
    text has (a header, a footer) is not read, and a word one character edit from the word it stands for is a typo
    of it, not another (``rewrite_kind`` reads a sentence or a notice so, under ``INSERTED_UNDER`` characters: an
    article's update puts a word in here and there)."""
    made: Counter = Counter()
    for i, j in _inner_runs(ops, _edit_runs(ops)):
        xs = list(wa[ops[i].src_start : ops[j].src_end])
        ys = list(wb[ops[i].dest_start : ops[j].dest_end])
        typos = {k for k in range(min(len(xs), len(ys))) if typo_apart(xs[k], ys[k])}
        for side, words in enumerate((xs, ys)):
            words = [w for k, w in enumerate(words) if k not in typos]
            if any(map(_content_word, words)):
                made[side, tuple(words)] += 1
    return any(count >= REPLACED_IN for count in made.values())


def _content_word(word: str | bytes) -> bool:
    """Whether a word of ``latin_words`` carries meaning: letters only, two or more, and no function word."""
    text = _as_text(word)
    return len(text) >= 2 and text.isalpha() and text.lower() not in FUNCTION_WORDS


def word_for_word(wa: Sequence, wb: Sequence, ops, phrases: bool = False) -> bool:
    """Whether the word lists ``wa`` and ``wb`` (aligned as ``ops``, rapidfuzz's Levenshtein opcodes) differ in one
    word written for another and nothing else: both words of letters, neither a function word (``FUNCTION_WORDS``:
    "How do I" / "How can I" asks the same), not one cut short of the other, and no typo of it (three letter edits or
    more, and a third of the longer word's letters) - or the other word with a negating prefix ("disadvantages"). In
    a question that word is what it asks about - another animal, the opposite aim - as often as a synonym ("fast" /
    "quickly"), and in a short sentence what it says (``STATEMENT_WORD_UNDER``): the row is kept for the user to
    check. ``phrases`` (two questions): also a word written for two (``PHRASE_WORDS``), function words beside them
    aside - "the symptoms of vitamin D deficiency" / "…of iron deficiency" (removed as a copy). Of the 100k English
    sentences of ``make bench``, that would have held 24 rows more, two in three the same in other words ("per cent"
    / "pct", "gave" / "has given", "stood unchanged" / "were left unchanged"): not for a sentence."""
    from rapidfuzz.distance import OSA

    changes = [op for op in ops if op.tag != "equal"]
    if not phrases and (len(changes) != 1 or changes[0].tag != "replace"):
        return False
    # One run of edits (a word replaced, and one put in or left out beside it)
    if not changes or any(p.src_end != q.src_start or p.dest_end != q.dest_start for p, q in pairwise(changes)):
        return False
    lo, hi = changes[0], changes[-1]
    if max(hi.src_end - lo.src_start, hi.dest_end - lo.dest_start) > PHRASE_WORDS + 1:
        return False
    xs = [_as_text(w).lower() for w in wa[lo.src_start : hi.src_end]]
    ys = [_as_text(w).lower() for w in wb[lo.dest_start : hi.dest_end]]
    if not all(w.isalpha() for w in xs + ys):
        return False
    # ... writing one word for one, or (``phrases``) two for one, function words aside; the words of a side read as
    # one, with a space between.
    content = [w for w in xs if w not in FUNCTION_WORDS], [w for w in ys if w not in FUNCTION_WORDS]
    if not phrases and (len(xs), len(ys)) != tuple(map(len, content)):
        return False  # (a sentence: one word for one, neither a function word)
    xs, ys = content
    sides = sorted((len(xs), len(ys)))
    if sides != [1, 1] and not (phrases and sides == [1, PHRASE_WORDS]):
        return False
    x, y = " ".join(xs), " ".join(ys)
    short, long = sorted((x, y), key=len)
    if long[: -len(short)] in NEGATING_PREFIXES and long.endswith(short):  # ("advantages" / "disadvantages")
        return True
    if long.startswith(short):  # (a word cut short: "Corp" / "Corporation")
        return False
    # Another word, not a typo of it: three edits or more, and a third of the longer word's letters ("agreemement" /
    # "agreemvnt", two typos of one word, are three edits of eleven letters)
    edits = OSA.distance(x, y)
    return edits >= 3 and 3 * edits >= len(long)


NEGATING_PREFIXES = frozenset(("dis", "un", "in", "im", "il", "ir", "non", "non-"))
PHRASE_WORDS = 2  # the words (function words aside) a side of ``word_for_word`` may have where the other has one


QUESTION_WORDS = frozenset(
    "how what why when where which who whom whose is are was were can could do does did should would will shall "
    "may might must".split()
)


def _word_for_word_held(a: str, b: str, wa: Sequence, wb: Sequence, ops) -> bool:
    """``word_for_word`` of texts ``a`` and ``b`` (their words ``wa``, ``wb``, aligned as ``ops``) where they are read
    for it (``_word_for_word_read``); two words for one in two questions (``phrases``)."""
    return _word_for_word_read(a, b) and word_for_word(wa, wb, ops, is_question(a) and is_question(b))


def _word_for_word_read(a: str, b: str) -> bool:
    """Whether two Latin texts are read for ``word_for_word``: the shorter under ``STATEMENT_WORD_UNDER``
    characters, or two questions (``is_question``), the shorter under ``WORD_FOR_WORD_UNDER``."""
    shorter = min(len(a), len(b))
    return shorter < STATEMENT_WORD_UNDER or (shorter < WORD_FOR_WORD_UNDER and is_question(a) and is_question(b))


def is_question(text: str) -> bool:
    """Whether a Latin ``text`` asks: it ends with a question mark or opens with a question word."""
    stripped = text.strip()
    first = stripped.split(None, 1)[0].lower() if stripped else ""
    return stripped.endswith("?") or first in QUESTION_WORDS


def word_lines(text: str) -> list[int]:
    """The line (0 the first) of each word of ``text`` (``_WORD``'s words, in order)."""
    return [k for k, line in enumerate(text.split("\n")) for _ in _WORD.finditer(line)]


def edge_rewritten(
    wa: Sequence[str],
    wb: Sequence[str],
    ops=None,
    lines_a: Sequence[int] | None = None,
    lines_b: Sequence[int] | None = None,
) -> bool:
    """Whether the shorter of the word lists ``wa``, ``wb`` (fewer words) opens or closes with words written as
    others where the other text goes on with words of its own ("caspar weinberger said" / "caspar weinberger has
    ordered the u.s."): aligned word by word in order, the words after the last word the two share (on its line) are
    read against the other's words after it (on its line), one for one, and those before the first likewise. Not a
    word one character edit from its counterpart (a typo of it), nor a last word that begins the other (a text cut
    short in a word; a first word, ends it). Words on a line of their own are a header or footer, as are the shorter
    text's words where the other has none past the shared ones (``words_rewritten``). ``ops``: the two aligned (the
    shorter first), when the caller has them; ``lines_a``, ``lines_b``: each word's line (``word_lines``; None: one
    line)."""
    from rapidfuzz.distance import Levenshtein

    if len(wa) > len(wb):
        wa, wb, lines_a, lines_b = wb, wa, lines_b, lines_a
    ops = Levenshtein.opcodes(wa, wb) if ops is None else ops
    equal = [op for op in ops if op.tag == "equal"]
    if not equal:
        return False

    def on_its_line(words: Sequence[str], lines: Sequence[int] | None, shared: int, step: int):
        """The words after (``step`` 1; before: -1) the shared word at ``shared``, on its line, nearest first, and
        whether they run to the text's end (its start)."""
        out = []
        k = shared + step
        while 0 <= k < len(words) and (lines is None or lines[k] == lines[shared]):
            out.append(words[k])
            k += step
        return out, not 0 <= k < len(words)

    def written_otherwise(own_words, other_words, cut) -> bool:
        (own, own_edge), (others, other_edge) = own_words, other_words
        last = min(len(own), len(others)) - 1
        for k, (word, other) in enumerate(zip(own, others, strict=False)):
            if typo_apart(word, other):
                continue
            if k == last and (
                (own_edge and k == len(own) - 1 and cut(other, word))
                or (other_edge and k == len(others) - 1 and cut(word, other))
            ):
                continue  # (a text cut short in a word: the word is its last, or its first)
            return True
        return False

    first, end = equal[0], equal[-1]
    tail = written_otherwise(
        on_its_line(wa, lines_a, end.src_end - 1, 1),
        on_its_line(wb, lines_b, end.dest_end - 1, 1),
        lambda longer, w: longer.startswith(w),
    )
    return tail or written_otherwise(
        on_its_line(wa, lines_a, first.src_start, -1),
        on_its_line(wb, lines_b, first.dest_start, -1),
        lambda longer, w: longer.endswith(w),
    )


def words_inserted(wa: Sequence[str], wb: Sequence[str], ops=None) -> int:
    """How many words the longer of the word lists ``wa``, ``wb`` (more words) has between two words of the shorter
    that the shorter lacks, aligned word by word in order: after the first word the two share and before the last,
    not counting a word one character edit from its counterpart (a typo of it) or words inside a run of
    ``MOVED_WORDS`` words found as they are in the shorter text (moved there). ``ops``: the two aligned (the
    shorter first), when the caller has them."""
    from rapidfuzz.distance import Levenshtein

    if len(wa) > len(wb):
        wa, wb = wb, wa
    if ops is None:
        ops = Levenshtein.opcodes(wa, wb)
    equal = [op for op in ops if op.tag == "equal"]
    if len(equal) < 2:
        return 0
    lo, hi = equal[0].dest_end, equal[-1].dest_start  # the longer text's words between the first and last shared
    shared = bytearray(len(wb))
    for op in ops:
        if op.tag == "equal":
            shared[op.dest_start : op.dest_end] = b"\x01" * (op.dest_end - op.dest_start)
        elif op.tag == "replace":
            for i, j in zip(range(op.src_start, op.src_end), range(op.dest_start, op.dest_end), strict=False):
                shared[j] = typo_apart(wa[i], wb[j])
    k = MOVED_WORDS
    own = {tuple(wa[j : j + k]) for j in range(len(wa) - k + 1)}
    for j in range(len(wb) - k + 1):
        if tuple(wb[j : j + k]) in own:
            shared[j : j + k] = b"\x01" * k
    return sum(1 for j in range(lo, hi) if not shared[j])


def words_rewritten(wa: Sequence[str], wb: Sequence[str], enough: int | None = None, ops=None) -> int:
    """How many words of the shorter of the word lists ``wa``, ``wb`` (fewer words) the other does not have.

    The two are aligned word by word in order (rapidfuzz's Levenshtein opcodes); of the words left out (dropped,
    or written as others), a word one character edit from its counterpart (a letter replaced, added, dropped, or two
    swapped) is a typo of it, the same word; a word inside a run of ``MOVED_WORDS`` words found as they are in the
    other text was moved there; and the words left out that open or close the shorter text are its own header or
    footer. None of them is rewritten. ``enough``: fewer words left out than this are counted as they are (the
    caller only asks whether there are that many). ``ops``: the two aligned (the shorter first), when the caller
    has them."""
    from rapidfuzz.distance import Levenshtein

    if len(wa) > len(wb):
        wa, wb = wb, wa
    left_out: list[int] = []
    for op in Levenshtein.opcodes(wa, wb) if ops is None else ops:
        i1, i2 = op.src_start, op.src_end
        if op.tag == "delete":
            left_out.extend(range(i1, i2))
        elif op.tag == "replace":
            counterparts = list(wb[op.dest_start : op.dest_end])
            for i in range(i1, i2):
                y = counterparts[i - i1] if i - i1 < len(counterparts) else None
                if y is None or not typo_apart(wa[i], y):
                    left_out.append(i)
    if enough is not None and len(left_out) < enough:
        return len(left_out)
    k = MOVED_WORDS
    runs = {tuple(wb[j : j + k]) for j in range(len(wb) - k + 1)}
    inside = bytearray(len(wa))  # 1: the word is in a run found in the other text
    for j in range(len(wa) - k + 1):
        if tuple(wa[j : j + k]) in runs:
            inside[j : j + k] = b"\x01" * k
    changed = [i for i in left_out if not inside[i]]
    if not changed:
        return 0
    # The words before the first word the shorter text shares with the other, and after its last, are its own
    # header and footer (a site's lines around a repost cut short), not a rewrite - when the two are at most a third
    # of the text (in a sentence, words replaced at its start or end are the rewrite). (Taking a header to end at
    # the first two shared words, a stray "the" of it matched: Reuters' wrong removals 24 -> 30, one right more.)
    shared = bytearray(b"\x01") * len(wa)
    for i in changed:
        shared[i] = 0
    lo, hi = shared.find(1), shared.rfind(1) + 1
    if lo < 0 or 3 * (lo + len(wa) - hi) > len(wa):
        return len(changed)
    return sum(lo <= i < hi for i in changed)


def held_in(
    clusters: ClusterList, row_unique: np.ndarray, pairs: PairSet, rank: np.ndarray | None = None
) -> tuple[np.ndarray, HeldCopies]:
    """The rows of ``clusters`` kept for the user to check, ascending, and the rows removed as their copies.

    A member but the kept row is held when its text and the kept row's are a pair of ``pairs`` that is doubtful
    (``PairSet.doubtful``: ``doubtful_pairs``). In strict clusters every removed text is paired with its kept text;
    in linked ones a text joined through others is not a character or a word from the kept text, and is not held.
    Of the rows of one held text (the same once normalised) one is held - the first by ``rank``, the keep policy's
    rank of every row (None: the first in the file) - and the others are its copies (``HeldCopies``): an exact
    duplicate stays in no cleaned file for being a character from another row."""
    none = np.zeros(0, dtype=np.int64)
    if pairs.doubtful is None or not pairs.doubtful.any():
        return none, HeldCopies()
    arrays = clusters.arrays
    kept_of = arrays["kept"][clusters.member_clusters()]
    members = arrays["members"]
    at = pairs.doubtful
    rows = members[held_texts(row_unique[members], row_unique[kept_of], pairs.a[at], pairs.b[at])]
    text = row_unique[rows]
    order = np.lexsort((rows, rows if rank is None else rank[rows], text))  # each text's rows, the first kept first
    rows, text = rows[order], text[order]
    first = np.ones(len(rows), dtype=bool)
    first[1:] = text[1:] != text[:-1]
    held_row = rows[first][np.cumsum(first) - 1]
    copies, of = rows[~first], held_row[~first]
    by_row = np.argsort(copies, kind="stable")
    copies, of = copies[by_row], of[by_row]
    return np.sort(rows[first]), HeldCopies(copies, of, np.ones(len(copies), dtype=np.float64))


def held_texts(u: np.ndarray, k: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Which texts ``u`` (each with its kept text ``k``) are held: ``u`` is not ``k`` and the two are one of the
    doubtful pairs ``(a, b)`` (a mask)."""
    if not len(a) or not len(u):
        return np.zeros(len(u), dtype=bool)
    a, b, u, k = (np.asarray(x, dtype=np.int64) for x in (a, b, u, k))
    n = int(max(a.max(), b.max(), u.max(), k.max())) + 1
    keys = np.sort(np.minimum(a, b) * n + np.maximum(a, b))
    # (np.isin would load numpy.ma through np.unique: 9 ms of every job with a row to check)
    return (u != k) & find_sorted(keys, np.minimum(u, k) * n + np.maximum(u, k))[1]


def _after_quoting(texts: Sequence[str]) -> np.ndarray:
    """For each text: the sum of the characters right after its ``QUOTING`` characters - or -1 where one is followed
    by a character not surely read (a sign, which ``in_doubt`` does not read, may stand between it and the character
    after it), or ends the text. Two texts equal but for a character written right after a QUOTING character differ
    in it; equal but for a character elsewhere, they do not."""
    cps = utf32("\n".join(texts) + "\n").astype(np.int64)
    at = np.flatnonzero(cps == ord(QUOTING)) + 1  # (each text is followed by a line break: never past the end)
    nxt = cps[at]
    owner = owners(at, lengths_of(texts), 1)  # (the text of the QUOTING character; a break is its text's)
    sure = (_sure_and_figure_table()[nxt] & 0xFF) > 0
    out = np.zeros(len(texts), dtype=np.int64)
    np.add.at(out, owner[sure], nxt[sure])
    out[owner[~sure]] = -1
    return out


def _counted(texts: Sequence[str], ids: np.ndarray, table: np.ndarray) -> np.ndarray:
    """For the texts ``ids``: the sum of ``table`` (a number per code point) over their characters."""
    chosen = list(map(texts.__getitem__, ids.tolist()))
    lengths = lengths_of(chosen)
    sure = table[utf32("".join(chosen))]
    starts = np.zeros(len(chosen), dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    # Empty texts at the end begin past the last character, where ``reduceat`` takes no start: they are counted 0
    # here, not given a 0 to sum by a copy of every character's value with one after it (1M short texts: 36 MB).
    counts = np.zeros(len(chosen), dtype=np.int64)
    inside = int(np.searchsorted(starts, len(sure)))
    if inside:
        counts[:inside] = np.add.reduceat(sure, starts[:inside], dtype=np.int64)
    counts[lengths == 0] = 0  # (reduceat gives an empty text its next character)
    return counts


@cache
def _sure_and_figure_table() -> np.ndarray:
    """Per code point (uint16): 1 for a character surely read by ``in_doubt`` (a Chinese character, a Latin letter
    or a digit; other characters may be signs), plus 256 for a character of a figure ``figure_added`` reads (a
    digit, a Chinese numeral), plus ``1 << _QUOTING_SHIFT`` for ``QUOTING``. (Texts under READ_UNDER characters:
    their figures' characters fit in the 6 bits between.)"""
    table = np.zeros(0x110000, dtype=np.uint16)
    table[0x4E00:0xA000] = 1
    for first, last in (("a", "z"), ("A", "Z"), ("0", "9")):
        table[ord(first) : ord(last) + 1] = 1
    table[[ord(c) for c in _FIGURE_CHARS]] += 256
    table[ord(QUOTING)] += 1 << _QUOTING_SHIFT
    return table


def held_pairs(texts_a: Sequence[str], texts_b: Sequence[str]) -> np.ndarray:
    """Whether each pair of texts is held for the user to check (a mask): ``in_doubt`` (pairs with a text of
    ``READ_UNDER`` characters or more never are), ``rewritten`` (``rewritten_pairs``), ``word_replaced_within``, or
    a figure written with a multiplier in one and not in the other (``textcheck.scale_changed``, which the desktop
    engine reads with the text check: ``pipeline``)."""
    held = _short_doubts(texts_a, texts_b) | rewritten_pairs(texts_a, texts_b) | scale_changed_pairs(texts_a, texts_b)
    lengths_a, lengths_b = lengths_of(texts_a), lengths_of(texts_b)
    for k in _within_reads(texts_a, texts_b, lengths_a, lengths_b).tolist():
        held[k] = held[k] or word_replaced_within(texts_a[k], texts_b[k])
    return held


def _short_doubts(texts_a: Sequence[str], texts_b: Sequence[str]) -> np.ndarray:
    """``in_doubt`` of each pair (a mask), pairs with a text of ``READ_UNDER`` characters or more never in doubt."""
    return np.fromiter(map(_in_doubt_short, texts_a, texts_b), dtype=bool, count=len(texts_a))
