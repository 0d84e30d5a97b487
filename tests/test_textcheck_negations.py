"""Negations and Chinese numerals in the text check: a question that negates another, or asks about another
numbered item, is another question, not a copy - however few characters apart the two are. (The pairs are
written for these tests, after the kinds of question pairs LCQMC labels as asking different things.)"""

import numpy as np
import pytest
from engine_texts import ngram_clusters, pair_arrays
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dedup_gui.core import text
from dedup_gui.core import textcheck as textcheck_module
from dedup_gui.core.textcheck import (
    EXCERPT_PLACE_CHARS,
    NAME_CHARS,
    PLACE_EDITS,
    QUALIFIER_EDITS,
    figures_differ,
    negation_replaced,
    negations_differ_pairs,
)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("孕妇可以吃香蕉和饼干吗", "孕妇不可以吃香蕉和饼干吗"),  # added
        ("为什么我的猫不喜欢吃鱼", "为什么我的猫喜欢吃鱼"),  # dropped
        ("不冬眠的动物有哪些", "冬眠的动物有哪些"),  # at the start
        ("形容说话的成语有哪些", "形容不说话的成语有哪些"),
        ("大象最喜欢吃什么东西", "大象不喜欢吃什么东西"),  # written in place of another word
        ("地壳中含量最多的金属元素", "地壳中含量最多的非金属元素"),
        ("淘宝新店有流量怎么办", "淘宝新店没流量怎么办"),
        ("這家店有現貨可以買嗎", "這家店沒現貨可以買嗎"),  # traditional characters
        ("The merger was approved by the board.", "The merger was not approved by the board."),
        ("He said they did agree to the terms.", "He said they didn't agree to the terms."),
        ("Prices have risen this year, he said.", "Prices have never risen this year, he said."),
        ("The company can raise its prices, he said.", "The company cannot raise its prices, he said."),
        # the word before a "n't" whole, "do" with its negation put in (all three were removed as copies)
        (
            "Why do people ask questions that can easily be answered by a search?",
            "Why do people ask questions that can't easily be answered by a search?",
        ),
        ("He will be able to attend the meeting on Friday.", "He won't be able to attend the meeting on Friday."),
        ("What happens if you don't sleep for three days?", "What happens if you sleep for three days?"),
        (
            "All of the 2,000 participants were non-smokers, they said.",
            "All of the 2,000 participants were smokers, they said.",
        ),
        (
            "The death toll had risen to 45, with dozens of people still missing, they said.",
            "The death toll had risen to 45, with no people still missing, they said.",
        ),
        # a product renewed, at the text's end and in brackets; another model at the end
        ("Samsung Galaxy S23 Ultra 256GB Phantom Black (Refurbished)", "Samsung Galaxy S23 Ultra 256GB Phantom Black"),
        ("Apple iPhone 15 Pro Max 256GB Natural Titanium", "Apple iPhone 15 Pro 256GB Natural Titanium"),
        ("Apple iPhone 15 256GB Natural Titanium Pro Max", "Apple iPhone 15 256GB Natural Titanium Pro"),
        (
            "The singer's ex-wife said on Monday that she would appeal.",
            "The singer's wife said on Monday that she would appeal.",
        ),
        (
            "The company's co-founder will step down from the board.",
            "The company's founder will step down from the board.",
        ),
        (
            "The assistant coach was sacked after the defeat on Saturday.",
            "The coach was sacked after the defeat on Saturday.",
        ),
        ("The semi-final will be played at Wembley on Sunday.", "The final will be played at Wembley on Sunday."),
        (
            "The pre-tax profit rose 10 percent to 2.3 billion dollars.",
            "The profit rose 10 percent to 2.3 billion dollars.",
        ),
        ("The company reported an unaudited net profit of 5 mln.", "The company reported a net profit of 5 mln."),
        ("Visitors must wear masks inside the building.", "Visitors need not wear masks inside the building."),
        # "does" and a negation before a verb the other inflects (removed as a copy)
        (
            "The company said it does not expect the strike to affect deliveries.",
            "The company said it expects the strike to affect deliveries.",
        ),
        ("He said the rule doesn't apply to small firms.", "He said the rule applies to small firms."),
        ("The board did not want to sell the unit.", "The board wanted to sell the unit."),
        # a negation put in among joining words, for joining words (removed as a copy)
        (
            "Under the deal, the company will pay a fine of $50 million and admit wrongdoing in the sale.",
            "Under the deal, the company will pay a fine of $50 million but will not admit wrongdoing in the sale.",
        ),
    ],
)
def test_a_negation_one_text_adds_makes_another_statement(a, b):
    assert negation_replaced(a, b) and negation_replaced(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("有什么适合女生玩的网页游戏", "有没有什么适合女生玩的网页游戏"),  # a question: 有没有
        ("这是你自己注册的账户吗", "这是不是你自己注册的账户"),  # 是不是
        ("植物大战僵尸好玩吗？", "植物大战僵尸好玩不？"),  # a question's last word
        ("这部电影非常好看", "这部电影常好看"),  # 非常: "very"
        ("使用寿命自然是不用担心的", "使用寿命自然是不不用担心的"),  # typed twice
        ("推荐几个好玩的游戏网站", "推荐几个不错的游戏网站"),  # a word that holds one, for another
        ("Ranked no. 5 in the list of banks", "Ranked 5 in the list of banks"),  # "no." a number
        ('The plan "is not a solution."', 'The plan "is nht a solution."'),  # a typo of the word
        ("Bundesbank had no comment.", "Bundesbank had nw comment."),
        ("You can't miss it, he said.", "You cannot miss it, he said."),  # one negation written two ways
        ("What happens if you don't sleep for three days?", "What happens if you do not sleep for three days?"),
        ("孕妇可以吃香蕉和饼干吗", "孕妇可以吃香蕉和饼干吗？"),  # no negation at all
        ("不可以吃香蕉和饼干吗", "不可以吃香蕉和饼干吗？"),  # the same negation on both sides
        ("All of the participants were non-smokers, they said.", "All of the participants were nonsmokers, they said."),
        ("植物大战僵尸好玩吗", "植物大战僵尸好玩不"),  # a question's last word at the text's end
        (
            "Samsung Galaxy S23 Ultra 256GB Phantom Black (Refurbished)",
            "Samsung Galaxy S23 Ultra 256GB Black (Refurbished)",
        ),
        (
            "Shares of Smith Co rose 5 pct on Monday, dealers said.",
            "Shares of Smith rose 5 pct on Monday, dealers said.",
        ),  # a company's
        ("The pre-tax profit rose 10 percent to 2.3 billion.", "The pretax profit rose 10 percent to 2.3 billion."),
        (
            "Under the deal, the company will pay a fine of $50 million and admit wrongdoing in the sale.",
            "Under the deal, the company will pay a fine of $50 million and will also admit wrongdoing in the sale.",
        ),  # joining words, no negation
        ("The company said it does expect the strike to end.", "The company said it expects the strike to end."),
    ],
)
def test_a_question_form_a_word_or_the_same_negation_is_no_negation_added(a, b):
    assert not negation_replaced(a, b) and not negation_replaced(b, a)


_NOTICE = (
    "本次展览由市文化局主办，展期为两周，展出近百件馆藏书画作品，观众凭身份证入场，{}收取任何费用，欢迎市民前来参观。"
)


_RESCUED = "患者经过医护人员的全力抢救，目前{}脱离生命危险，转入普通病房继续接受治疗，家属对医院表示感谢。"
_MERGER = "The merger has {}been approved by regulators in both countries, the companies said in a statement."
_BUILT = "据介绍，该工程的主体结构{}完成，预计明年六月底前全面竣工并投入使用，届时将有效缓解周边地区的交通压力。"
_INTENT = "The minister said the government had {} intention of devaluing the currency in the near future."


@pytest.mark.parametrize(
    ("a", "b", "negated"),
    [
        (_RESCUED.format("已"), _RESCUED.format("仍未"), True),  # out of danger / still not
        (_RESCUED.format("已"), _RESCUED.format("尚未"), True),
        (_RESCUED.format("已"), _RESCUED.format("未"), True),  # "already" written as "not": no typo of it
        (_BUILT.format("已经"), _BUILT.format("还没有"), True),
        (_BUILT.format("已经"), _BUILT.format("已"), False),  # the same statement
        (_BUILT.format("已经"), _BUILT.format("基本"), False),  # another word, no negation
        (_BUILT.format("已经"), _BUILT.format("非常"), False),  # 非常: "very"
        (_MERGER.format(""), _MERGER.format("not yet "), True),  # ... in English too
        (_MERGER.format("already "), _MERGER.format("not yet "), True),
        (_MERGER.format(""), _MERGER.format("already "), False),
        # an English negation written as another word: "no intention" / "every intention", "not" / "also"; a typo
        # of it ("not" / "now") is no other word
        (_INTENT.format("no"), _INTENT.format("every"), True),
        (_MERGER.format("not "), _MERGER.format("also "), True),
        (_MERGER.format("not "), _MERGER.format("now "), False),
        (_MERGER.format("not "), _MERGER.format("mowt "), False),
    ],
)
def test_in_a_longer_text_not_yet_for_already_makes_another_statement(a, b, negated):
    """A longer text's "已" (already) written as "仍未", "尚未", "还没有" (not yet) says the opposite: it was removed
    as a copy, the alignment replacing a word by two with the negation among them; so was "has not yet been
    approved" / "has been approved"."""
    assert len(a) >= 40
    assert negation_replaced(a, b) is negated and negation_replaced(b, a) is negated
    assert ngram_clusters([a, b, a + "。"]) == ([[0, 2]] if negated else [[0, 1, 2]])


_ARREST = (
    "经查，犯罪嫌疑人王某利用职务便利，多次挪用公司资金共计230余万元，目前王某已被检察机关{}批准逮捕，案件正在侦办中。"
)
_GROUP = "昨晚进行的欧冠小组赛中，皇家马德里主场3比0完胜那不勒斯，{}锁定小组第一，贝林厄姆梅开二度。"
_COUPON = "公司公告称，该债券本期利息{}于付息日足额兑付，投资者可通过证券账户查询到账情况。"
_APPEAL = "一审宣判后，被告人当庭表示将{}上诉，案件将进入二审程序，中级人民法院将依法审理。"
_BID = "该公司今天表示，公司将{}参与本次土地竞拍，并已缴纳相关保证金，竞拍将于下月举行。"
_CURE = "专家表示，这种药物{}有效治疗该疾病，但需要在医生指导下使用，切勿自行购买服用。"


@pytest.mark.parametrize(
    ("a", "b", "negated"),
    [
        (_APPEAL.format("提起"), _APPEAL.format("不再"), True),  # will appeal / will no longer
        (_BID.format("继续"), _BID.format("不再"), True),
        (_CURE.format("可以"), _CURE.format("无法"), True),
        (_RESCUED.format("已成功"), _RESCUED.format("仍未能"), True),
        (_BID.format("继续"), _BID.format("积极"), False),  # another word, no negation
        (_BID.format("继续"), _BID.format("不断"), False),  # 不断: on and on
        (_BID.format("继续"), _BID.format("仍将"), False),
        (
            "北京时间11月9日，火箭在客场80-98输给雷霆，遭遇三连败，排名跌至西部第十位",
            "北京时间11月9日，火箭在客场以80-98不敌雷霆，遭遇三连败，排名跌至西部第十位",
            False,
        ),
        (_CURE.format("可以"), _CURE.format("不能"), True),
        (_CURE.format("可以"), _CURE.format("不"), False),  # one character for a negation: read as a typo
        # a word with a negation put in, or written for a longer word (both were removed as copies)
        (_ARREST.format(""), _ARREST.format("不予"), True),
        (_ARREST.format(""), _ARREST.format("正式"), False),
        (_GROUP.format("提前一轮"), _GROUP.format("仍未"), True),
        (_GROUP.format("提前一轮"), _GROUP.format("已经"), False),
        (_COUPON.format("将"), _COUPON.format("未能"), True),  # two characters with a negation for one
        (_COUPON.format("将"), _COUPON.format("已经"), False),
    ],
)
def test_in_a_longer_text_a_word_with_a_negation_written_for_one_without_makes_another_statement(a, b, negated):
    """A longer text's "将提起上诉" written "将不再上诉", "可以有效治疗" written "无法有效治疗": the alignment
    replaces a word by another, the negation among its characters (all were removed as copies)."""
    assert len(a) >= 40
    assert negation_replaced(a, b) is negated and negation_replaced(b, a) is negated
    got = negations_differ_pairs([a, b], np.array([0, 1]), np.array([1, 0]))
    assert got.tolist() == [negated, negated]


_APPOINTED = "新华社北京10月3日电 国务院日前任命王伟为交通运输部{0}部长，免去李明的交通运输部{0}部长职务。"
_NAMED = "The board named John Smith {}president of marketing, effective immediately, replacing Robert Brown."


@pytest.mark.parametrize(
    ("a", "b", "another"),
    [
        (_APPOINTED.format("副"), _APPOINTED.format(""), True),  # a deputy minister, a minister
        (_NAMED.format("vice "), _NAMED.format(""), True),
        ("He met the former chairman of the bank on Monday.", "He met the chairman of the bank on Monday.", True),
        ("He met the acting chairman of the bank on Monday.", "He met the chairman of the bank on Monday.", True),
        # an ordinal put in (an opposite word too, "second" / "third": the plan reads it as a qualifier as well)
        (
            "It will be the largest maker of paper in the country.",
            "It will be the second largest maker of paper in the country.",
            True,
        ),  # fmt: skip
        ("Apple iPhone 15 Pro Max 256GB Natural Titanium", "Apple iPhone 15 Pro 256GB Natural Titanium", True),
        # what is alleged or suspected against what is: a word longer than the edits a negation's pair may be apart
        (
            "Police said the man had killed his neighbour after an argument over parking.",
            "Police said the man had allegedly killed his neighbour after an argument over parking.",
            True,
        ),  # fmt: skip
        (
            "Officials confirmed three new cases of the disease in the province.",
            "Officials confirmed three new suspected cases of the disease in the province.",
            True,
        ),  # fmt: skip
        # ... may, might or could put in with "have" (and "been"): what may have happened against what did
        (
            "The earthquake killed more than 100 people, officials said on Monday.",
            "The earthquake may have killed more than 100 people, officials said on Monday.",
            True,
        ),  # fmt: skip
        (
            "The unit was sold to a group of investors, the company said.",
            "The unit could have been sold to a group of investors, the company said.",
            True,
        ),  # (the "was" of one written as the "could have been" of the other)  # fmt: skip
        (
            "The earthquake may have killed more than 100 people, officials said.",
            "The earthquake may have kiled more than 100 people, officials said.",
            False,
        ),  # (the modal in both: a typo)  # fmt: skip
        # ... but no more than it: a negation put in with as many other edits is one of many typos, and so is a Chinese
        # qualifier, one character ("不过接下来这前局" among nine typos of a planted copy, 100k bench articles)
        (
            "不过接下来这局。并按照青海省的要求，这样一种风险意识，所以吃前要用淡盐水煮，支付宝官方发布了提醒消息",
            "不这接下来这前局。并按照青海省的要秋，这一种风险意识，所之吃前要用谈盐水煮，支付官方发布了提消西",
            False,
        ),
        # ... but no more than it: a negation put in with as many other edits is one of many typos
        (
            "The merger was approved by regulators in both countries, the companies said.",
            "The merjer was not aproved by regulatrs in both contries, the compnies sayd.",
            False,
        ),  # fmt: skip
        ("华为Mate60 Pro 12GB+512GB 雅川青 5G全网通智能手机", "华为Mate60 12GB+512GB 雅川青 5G全网通智能手机", True),
        ("这种药物有副作用吗", "这种药物有作用吗", False),  # 副 before no post
        ("这个是黄花梨木吗", "这个副是黄花梨木吗", False),  # a random character put in
        ("客厅里挂着一幅山水画", "客厅里挂着一副山水画", False),  # a character typed for another: a typo
        # 原 / 前 (former) and 代 (acting) before a post; 前 before a figure (the months so far, not one month)
        ("记者了解到，该市原市长王建华涉嫌严重违纪违法", "记者了解到，该市市长王建华涉嫌严重违纪违法", True),
        ("他的父亲是该国前总统，曾经两次访华", "他的父亲是该国总统，曾经两次访华", True),
        ("数据显示，今年前10月我国进出口总值达到3.7万亿元", "数据显示，今年10月我国进出口总值达到3.7万亿元", True),
        ("统计显示，该省前三季度地区生产总值同比增长", "统计显示，该省三季度地区生产总值同比增长", True),
        ("他明天前往北京参加会议", "他明天往北京参加会议", False),  # 前 before no post or figure
        ("这次事故原因正在调查之中", "这次事故因正在调查之中", False),  # 原 before no post
        ("目前两家公司都已经完成了拆分", "目两家公司都已经完成了拆分", False),  # 前 in a word of its own
        ("太原市中医医院防保科主任介绍", "太市中医医院防保科主任介绍", False),  # 原 in a place's name
        ("我们的生活前所未有地方便了", "我们的生活所未有地方便了", False),
        ("奢侈品消费增长最快的市场", "奢侈品消费增前长最快的市场", False),  # 前 before a post's last character
    ],
)
def test_a_qualifier_of_a_post_added_or_dropped_names_another_post(a, b, another):
    """ "副部长" / "部长", "vice president" / "president", "former chairman" / "chairman" are other posts (both were
    removed as copies); the check reads them as it reads a negation, column-at-once too."""
    assert negation_replaced(a, b) is another and negation_replaced(b, a) is another
    got = negations_differ_pairs([a, b], np.array([0, 1]), np.array([1, 0]))
    assert got.tolist() == [another, another]


def test_in_a_longer_text_a_negation_added_counts_a_character_typed_for_one_or_one_of_many_typos_does_not():
    a = _NOTICE.format("不")
    assert len(a) >= 40  # (no short pair: judged by grams)
    assert negation_replaced(a, _NOTICE.format(""))  # "不收取" / "收取": another notice
    assert not negation_replaced(a, _NOTICE.format("布"))  # a character typed for it: a typo
    typos = a.replace("主办", "主力").replace("两周", "两州").replace("作品", "做品").replace("前来", "前去")
    typos = typos.replace("欢迎", "欢印").replace("观众", "关众").replace("身份", "身分").replace("市民", "是民")
    assert not negation_replaced(a, typos.replace("不", ""))  # eight typos and the negation: a copy with typos
    assert negation_replaced(a, typos.replace("欢印", "欢迎").replace("不", ""))  # seven: what the two differ in


_PROGRAMME = "报名参加法律（{}法学）专业学位硕士研究生招生考试的人员，须符合下列条件：（1）符合（一）{}中的各项要求"


def test_a_negation_put_in_where_the_texts_differ_in_one_passage_besides_makes_another_statement():
    """Two rules of admission notices for two programmes, 法律（非法学） and 法律（法学）, the second with a clause the
    first lacks: 12 characters apart, more than a negation's pair with nothing else to it may be (``PLACE_EDITS``),
    and yet no typo - the negation is what they say apart. (A real pair of the 100k bench short texts: the first
    was removed as a copy of the second.) Typos spread through a text besides a clause still make a copy."""
    non_law, law = _PROGRAMME.format("非", ""), _PROGRAMME.format("", "学术学位研究生报考条件")
    assert len(non_law) >= 40 and PLACE_EDITS < 12 <= QUALIFIER_EDITS
    assert negation_replaced(non_law, law) and negation_replaced(law, non_law)
    assert not negation_replaced(_PROGRAMME.format("非", "学术学位研究生报考条件"), non_law)  # the clause alone
    # the longer notice: "不收取" / "收取" and a place put in elsewhere; with typos through it besides, a copy
    free = _NOTICE.format("不")
    placed = _NOTICE.format("").replace("展出近百件", "在美术馆二楼东侧展厅展出近百件")
    assert negation_replaced(free, placed) and negation_replaced(placed, free)
    typos = placed.replace("主办", "主力").replace("两周", "两州").replace("欢迎", "欢印")
    assert not negation_replaced(free, typos)
    assert not negation_replaced(free, _NOTICE.format("布").replace("展出近百件", "在美术馆二楼东侧展厅展出近百件"))


_NON_LAW = "报考前所学专业为非法学专业（普通高等学校本科法学类专业的毕业生和自学考试的法学类毕业生等不得报考）。"
_LAW = (
    "报考前所学专业为法学专业（仅普通高等学校本科法学类专业的毕业生和自学考试的法学类毕业生等可以报考）。"
    "三、报名参加工商管理专业学位硕士研究生招生考试的人员，须符合下列条件：符合第一条中的各项要求。"
)


def test_an_excerpt_whose_negation_differs_where_it_aligns_makes_another_statement():
    """The rule for students of other subjects and, in a longer notice, the rule for law students: the first reads
    as an excerpt of the second but for 非, 仅 and 不得 / 可以 - four characters where they align, the second's
    next rule not counted (the pair of the 100k bench posts removed so was of such notices). Texts this far apart
    in length are read when the shorter is under EXCERPT_PLACE_CHARS; an excerpt that differs in nothing else is no
    negation apart, nor one with typos spread through it, one of which drops the negation."""
    assert len(_LAW) - len(_NON_LAW) > QUALIFIER_EDITS and len(_NON_LAW) < EXCERPT_PLACE_CHARS
    assert negation_replaced(_NON_LAW, _LAW) and negation_replaced(_LAW, _NON_LAW)
    assert negations_differ_pairs([_NON_LAW, _LAW], np.array([0]), np.array([1])).tolist() == [True]
    law_alone = _LAW[: _LAW.index("三、")]
    assert not negation_replaced(law_alone, _LAW)
    assert not negation_replaced(_LAW[:30], _LAW.replace("可以", "不得"))  # (a negation in what one text alone has)
    longer = _NON_LAW + _LAW[_LAW.index("三、") :]
    typos = _NON_LAW.replace("报考前", "报靠前").replace("本科", "本课").replace("毕业生和", "毕叶生和")
    typos = typos.replace("自学考试", "自学烤试").replace("法学类毕业", "法学累毕业").replace("普通", "普桶")
    typos = typos.replace("高等学校", "高灯学较").replace("专业的", "专页的")
    assert negation_replaced(_NON_LAW.replace("不得", "得"), longer)  # the negation dropped, and nothing else
    assert not negation_replaced(typos.replace("不得", "得"), longer)  # ... and with nine typos besides: a copy


def test_rules_for_two_programmes_stay_and_a_copy_of_one_goes():
    texts = [
        _PROGRAMME.format("非", ""),
        _PROGRAMME.format("", "学术学位研究生报考条件"),
        _PROGRAMME.format("非", "").replace("各项", "各顶"),  # a typo copy of the first
    ]
    assert ngram_clusters(texts) == [[0, 2]]


def test_questions_a_negation_apart_stay_and_a_copy_with_a_typo_goes():
    texts = [
        "孕妇可以吃香蕉和饼干吗",
        "孕妇不可以吃香蕉和饼干吗",
        "孕妇可以吃香蕉和饼干吗？",  # a copy of the first
        "为什么我家的猫不喜欢吃鱼呢",
        "为什么我家的猫喜欢吃鱼呢",
        "为什么我家的猫不喜欢吃鱼泥",  # a typo copy of the fourth
    ]
    assert ngram_clusters(texts) == [[0, 2], [3, 5]]


def test_without_the_negation_rule_the_questions_would_have_been_removed(monkeypatch):
    texts = [
        "孕妇可以吃香蕉和饼干吗",
        "孕妇不可以吃香蕉和饼干吗",
        "为什么我家的猫不喜欢吃鱼呢",
        "为什么我家的猫喜欢吃鱼呢",
    ]
    monkeypatch.setattr(textcheck_module, "negation_replaced", lambda a, b: False)
    assert ngram_clusters(texts) == [[0, 1], [2, 3]]


def test_negations_do_not_decide_for_long_texts():
    """In a long article a negation added in one place is a correction of the same report."""
    body = "今年的收成因为雨水偏多而推迟，农业部门在每周报告中说，各地正在抓紧抢收。" * 30
    a, b = body + "专家认为价格会上涨。", body + "专家认为价格不会上涨。"
    assert min(len(a), len(b)) >= NAME_CHARS
    assert negation_replaced(a, b)  # what the rule would say ...
    assert negations_differ_pairs([a, b], np.array([0]), np.array([1])).tolist() == [False]  # ... it is not asked


_NEGATION_PIECES = ["不", "没", "非", "常", "可以", "有", "吃", "吗", "？", "not", "never", "no", "n't", "did", "can",
                    "agree", " ", ".", "5", "'", "t", "N", "NOT", "No", "鱼", "\n", "副", "部长", "作用", "former",
                    "vice", "原", "前", "目", "太", "市长", "10", "三", "因", "长", "所", "不再", "提起", "继续",
                    "断", "无法", "上诉", "allegedly", " killed him", "typo", "could", " have", " been",
                    " was", "do", "ca", "wo", "will", " sleep", "non", "-", "(", ")", "refurbished", "ex", "co",
                    "pre", "tax", "an", "a", " and", " but", " admit", " does", " expect", "s", "ed"]  # fmt: skip
_NEGATION_TEXTS = st.lists(st.sampled_from(_NEGATION_PIECES), max_size=14).map("".join)


@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(_NEGATION_TEXTS, min_size=1, max_size=8),
    pairs=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20),
)
@example(texts=["可以吃鱼吗吗", "不可以吃鱼吗吗"], pairs=[(0, 1), (1, 0)])
# (the 非 of 非常 no negation in the column-at-once plan either: each text has one 非, the read tells them apart)
@example(texts=["没非常没可以不", "常没不可以没非"], pairs=[(0, 1), (1, 0)])
# (a negation moved: each text has one 不, in other words)
@example(texts=["孕妇不可以吃香蕉和饼干吗好吃", "孕妇可以吃香蕉和饼干吗不好吃"], pairs=[(0, 1), (1, 0)])
# (a qualifier moved to the text's end: each text has one "could")
@example(texts=["市长could", "could市长"], pairs=[(0, 1), (1, 0)])
# (a 副 before no post no qualifier in the plan either: each text has one 副, the read tells them apart)
@example(texts=["任命他为副部长，这种药没有作用", "任命他为部长，这种药没有副作用"], pairs=[(0, 1), (1, 0)])
@example(texts=["did agree. 5", "didn't agree. 5", "did not agree. 5"], pairs=[(0, 1), (1, 2), (0, 2)])
@example(texts=["No 5 did agree", "5 did agree"], pairs=[(0, 1)])
@example(texts=["不n't不", "不notn't不", "不n'tnot不"], pairs=[(0, 1), (0, 2)])  # "notn't" is "not" and "n't"
@example(texts=["did agree x", "didn'tx agree x", "DIDN'T agree x"], pairs=[(0, 1), (0, 2)])  # "n'tx" is no "n't"
@example(
    texts=["we can do it", "we cannot do it", "we cannotx do it", "we Cannot do it"], pairs=[(0, 1), (0, 2), (0, 3)]
)
def test_negations_of_many_pairs_at_once_are_each_pairs_own(texts, pairs):
    pairs, a, b = pair_arrays(texts, pairs)
    got = negations_differ_pairs(texts, a, b)
    assert got.tolist() == [negation_replaced(texts[i], texts[j]) for i, j in pairs]


def test_negations_read_a_slice_of_the_column_at_a_time_are_the_same(monkeypatch):
    texts = [
        "孕妇可以吃香蕉和饼干吗",
        "孕妇不可以吃香蕉和饼干吗",
        "they did agree to it",
        "they didn't agree to it",
    ] * 4
    a, b = np.arange(len(texts)), np.roll(np.arange(len(texts)), 1)
    whole = negations_differ_pairs(texts, a, b).tolist()
    monkeypatch.setattr(text, "GIL_CHUNK_CHARS", 12)  # a text or two per slice
    assert len(text.text_slices(texts)) > 5
    assert negations_differ_pairs(texts, a, b).tolist() == whole
    assert whole == [negation_replaced(texts[i], texts[j]) for i, j in zip(a, b, strict=True)]
    assert any(whole)


# -- Chinese numerals ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "different"),
    [
        ("驾照考试科目四怎么预约", "驾照考试科目一怎么预约", True),  # no measure word after it
        ("纪念碑谷第十关怎么过", "纪念碑谷第四关怎么过", True),  # an ordinal
        ("我是歌手第二季什么时候开始", "我是歌手第三季什么时候开始？", True),
        ("3朵玫瑰代表什么意思", "七朵玫瑰代表什么意思", True),  # digits against numerals
        ("驾照考试科目四", "驾照考试科目一？", True),  # a short text's end is a flank
        ("篮球火第二部什么时候出", "篮球火第二部什么时候出？", False),
        ("求一个好看的情侣头像", "求这个好看的情侣头像", False),  # a numeral for a word
        ("给小猫起个好听的名字", "给小猫起一个好听的名字", False),  # a numeral added
        ("大家一起来看看这个", "大家一同来看看这个", False),  # a word with one
        ("二〇二四年十月三日讯", "二〇二四年十月五日讯", False),  # a date
        ("什么进曹营一言不发（打一歇后语）", "什么进曹营一一言不发（打一歇后语）", False),  # a numeral typed twice
    ],
)
def test_a_chinese_numeral_replaced_in_place_by_another_figure_makes_another_question(a, b, different):
    assert figures_differ(a, b) is different and figures_differ(b, a) is different


def test_a_figure_at_the_very_end_of_a_long_text_needs_words_after_it():
    """Only a short pair takes the text's end for a flank: at the end of a long text a figure is more often a
    repost's own count (views, a page number) than what the text reports."""
    body = "今年的收成因为雨水偏多而推迟，农业部门在每周报告中说，各地正在抓紧抢收。" * 3
    assert not figures_differ(body + "阅读次数三", body + "阅读次数四")
    assert figures_differ("阅读次数三", "阅读次数四")


def test_questions_about_another_numbered_item_stay_apart():
    texts = ["驾照考试科目四怎么预约", "驾照考试科目一怎么预约", "驾照考试科目四怎么预约？", "纪念碑谷第十关怎么过",
             "纪念碑谷第四关怎么过"]  # fmt: skip
    assert ngram_clusters(texts) == [[0, 2]]


# -- opposites -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "opposite"),
    [
        ("额头低的女明星", "额头高的女明星", True),
        ("右嘴角有痣的男人", "左嘴角有痣的男人", True),  # at the start
        ("良药苦口利于病的上一句", "良药苦口利于病的下一句", True),
        ("人生若只如初见下一句是什么？", "人生若只如初见，上一句是什么？", True),  # a sign beside it is none of it
        ("交易金额为5000万元，资金来源为自有资金", "交易金额为5000万美元，资金来源为自有资金", True),  # currency
        ("奖金共计5000元人民币，当场发放", "奖金共计5000元，当场发放", False),  # 元 is 人民币's
        ("这个男主持人叫什么？", "这个女主持人叫什么？", True),
        ("世界上最胖的人", "世界上最瘦的人", True),  # at the end, but for one character
        ("成绩好的学生老师关注得更多吗", "成绩差的学生老师关注得多一些吗", True),  # and other words changed
        ("医药改革：可及性提升与价值创新（上）", "医药改革：可及性提升与价值创新（下）", True),  # signs only after it
        ("2024新款秋季男士休闲夹克外套", "2024新款春季男士休闲夹克外套", True),  # another season (a product title)
        ("黑色裤子配什么颜色衣服好看", "红色裤子配什么颜色衣服好看", True),  # another colour (LCQMC: another question)
        ("这周六去哪里玩比较好", "这周日去哪里玩比较好", True),  # a day of the week for Sunday
        ("皮肤白的适合什么颜色的口红", "皮肤黄的人适合什么颜色的口红", True),  # a word put in one character past it
        ("这周日去哪里玩比较好", "这周天去哪里玩比较好", False),  # Sunday either way
        ("温州的牙科哪个好？", "温州的战科哪个好？", False),  # a typo: no opposite
        ("苹果平板电脑怎样打电话", "苹果平板电脑怎么打电话", False),
        ("额头低的女明星", "额头很高的女明星", False),  # the opposite and a word more: not one for the other
        ("女人和男人最大的区别是什么？", "男人和女人最大的区别是什么？", False),  # swapped: the same question
        # ... but swapped about a word of direction: the other way round
        ("该公司去年由盈转亏，全年净亏损达3.5亿元", "该公司去年由亏转盈，全年净亏损达3.5亿元", True),
        ("市场走势从上涨转为下跌，投资者情绪转弱", "市场走势从下跌转为上涨，投资者情绪转弱", True),
        # more than against less than, or nearly (two of one side are one claim); the first against the last
        ("全市累计接待游客超过2000万人次，创历史新高", "全市累计接待游客不足2000万人次，创历史新高", True),
        ("全市累计接待游客超过2000万人次，创历史新高", "全市累计接待游客近2000万人次，创历史新高", True),
        ("全市累计接待游客超过2000万人次，创历史新高", "全市累计接待游客逾2000万人次，创历史新高", False),
        ("这是该队本赛季第一次在客场击败对手", "这是该队本赛季最后一次在客场击败对手", True),
        ("这是该队本赛季第一次在客场击败对手", "这是该队本赛季首次在客场击败对手", False),
        # another index, a deposit against a loan, another school
        (
            "截至收盘，沪指涨1.2%报3250点，两市成交额超过9000亿元",
            "截至收盘，深成指涨1.2%报3250点，两市成交额超过9000亿元",
            True,
        ),
        ("央行下调金融机构人民币存款基准利率0.25个百分点", "央行下调金融机构人民币贷款基准利率0.25个百分点", True),
        ("教育部门通知，全市中学将于下周一起恢复线下教学", "教育部门通知，全市小学将于下周一起恢复线下教学", True),
        (
            "截至收盘，深成指涨1.2%报3250点，两市成交额超过9000亿元",
            "截至收盘，深证成指涨1.2%报3250点，两市成交额超过9000亿元",
            False,
        ),  # one index written two ways  # fmt: skip
        # another scope, level, vehicle
        ("这是全国首个获批建设的人工智能先导区", "这是全省首个获批建设的人工智能先导区", True),
        ("该村近日被评为国家级生态文明示范村", "该村近日被评为省级生态文明示范村", True),
        ("嫌疑人驾驶一辆白色轿车逃离现场", "嫌疑人驾驶一辆白色货车逃离现场", True),
        # another weather, a half for the whole
        ("今天夜里到明天白天，晴，偏北风3到4级", "今天夜里到明天白天，多云，偏北风3到4级", True),
        ("中山路实行全封闭施工，请过往车辆绕行", "中山路实行半封闭施工，请过往车辆绕行", True),
        # trading suspended or resumed, another exam
        (
            "公司股票将于明日开市起停牌，预计停牌时间不超过5个交易日",
            "公司股票将于明日开市起复牌，预计停牌时间不超过5个交易日",
            True,
        ),
        ("根据安排，今年高考将于6月7日至8日举行", "根据安排，今年中考将于6月7日至8日举行", True),
        (
            "该剧将于周五在湖南卫视首播，由知名导演执导",
            "该剧将于周五在湖南卫视重播，由知名导演执导",
            True,
        ),  # a premiere, a rerun
        # a share against a difference of shares (a unit for another after the figure)
        ("工业增加值增长5%，高于全国平均水平", "工业增加值增长5个百分点，高于全国平均水平", True),
        ("工业增加值增长5%，高于全国平均水平", "工业增加值增长5％，高于全国平均水平", False),
        # the start, the middle or the end of a year or a month (the end written two ways is one)
        ("该项目预计将于今年年初正式开工建设", "该项目预计将于今年年中正式开工建设", True),
        ("该批货物将于本月月初运抵天津港", "该批货物将于本月月底运抵天津港", True),
        ("该批货物将于本月上旬运抵天津港", "该批货物将于本月下旬运抵天津港", True),
        ("该项目预计将于今年年底正式开工建设", "该项目预计将于今年年末正式开工建设", False),
        # a stage, a rank (the first written two ways is one)
        ("怀孕初期有哪些症状和注意事项", "怀孕后期有哪些症状和注意事项", True),
        ("该项目前期投资约为5亿元，主要用于厂房建设", "该项目后期投资约为5亿元，主要用于厂房建设", True),
        ("肺癌早期有什么症状表现吗", "肺癌初期有什么症状表现吗", False),
        ("世界上最高的山峰是哪座山呢", "世界上第二高的山峰是哪座山呢", True),
        ("中国最长的河流是哪一条河", "中国第一长的河流是哪一条河", False),
        (
            "本次降息后，五年期以上贷款市场报价利率为3.95%，首套住房商业贷款利率下限相应下调。",
            "本次降息后，五年期以上贷款市场报价利率为3.95%，二套住房商业贷款利率下限相应下调。",
            True,
        ),  # a first home, a second
        (
            "该基金主要投资于国内A股市场，股票资产占基金资产的比例为60%至95%。",
            "该基金主要投资于国内债券市场，股票资产占基金资产的比例为60%至95%。",
            True,
        ),  # shares, bonds
        ("中国证监会2019国考专业科目笔试大纲", "中国银保监会2019年国考专业科目笔试大纲", True),  # another regulator
        # another stream of students, another head, the last place, another waste, another metal, a loss for a profit
        ("其中文科考生1.8万人，比去年略有增加", "其中理科考生1.8万人，比去年略有增加", True),
        ("研究部署全省经济工作，省委书记主持会议并讲话", "研究部署全省经济工作，省长主持会议并讲话", True),
        ("累计票房已突破20亿元，位列年度票房榜首位", "累计票房已突破20亿元，位列年度票房榜末位", True),
        ("该企业存在超标排放废水的违法行为", "该企业存在超标排放废气的违法行为", True),
        ("宣布将对进口钢铁加征25%的关税", "宣布将对进口铝加征25%的关税", True),
        ("第三季度净利润同比扭亏为盈，达到8.5亿元", "第三季度净利润同比由盈转亏，达到8.5亿元", True),
        ("中国银行今日宣布，下调个人住房贷款利率", "中国建设银行今日宣布，下调个人住房贷款利率", True),  # a bank
        ("这部电影改编自同名小说，将于明年春节档上映", "这部电视剧改编自同名小说，将于明年春节档上映", True),
        # a plan against a deed (not a typo of 已经), another year, local or not, another dynasty, a road or a railway
        ("公司拟以自有资金2亿元收购该公司51%的股权", "公司已以自有资金2亿元收购该公司51%的股权", True),
        ("她的电影《桃色》拟经为此加码", "她的电影《桃色》已经为此加码", False),
        ("据知情人士透露，该公司计划于明年在香港上市", "据知情人士透露，该公司已于今年在香港上市", True),
        ("自下月1日起，对外地牌照小客车实施限行措施", "自下月1日起，对本地牌照小客车实施限行措施", True),
        ("一幅明代山水画以1.2亿元成交，创下最高纪录", "一幅清代山水画以1.2亿元成交，创下最高纪录", True),
        ("该省今年将新增高速公路通车里程500公里", "该省今年将新增高速铁路通车里程500公里", True),
        # another round of funding (one letter for another: the plan's too), letting against selling
        ("该公司近日宣布完成B轮融资，融资金额为5亿元", "该公司近日宣布完成C轮融资，融资金额为5亿元", True),
        ("该公司近日宣布完成A轮融资，融资金额为5亿元", "该公司近日宣布完成天使轮融资，融资金额为5亿元", True),
        ("该公司近日宣布完成b轮融资，融资金额为5亿元", "该公司近日宣布完成B轮融资，融资金额为5亿元", False),
        ("上月全市二手房出租成交量环比上涨12%", "上月全市二手房出售成交量环比上涨12%", True),
        # tickets on sale or withdrawn from sale; another group of a draw, another tool of policy, a case withdrawn
        (
            "门票将于本周五中午12点在各大平台开售，票价为380元",
            "门票将于本周五中午12点在各大平台停售，票价为380元",
            True,
        ),
        (
            "根据抽签结果，中国队被分在A组，同组对手包括日本队",
            "根据抽签结果，中国队被分在B组，同组对手包括日本队",
            True,
        ),
        (
            "宣布下调存款准备金率，此次降准预计释放资金约5000亿元",
            "宣布下调存款准备金率，此次降息预计释放资金约5000亿元",
            True,
        ),
        (
            "原告已于昨日向法院提起诉讼，要求赔偿经济损失50万元",
            "原告已于昨日向法院撤回诉讼，要求赔偿经济损失50万元",
            True,
        ),
        # another shade of a colour (LCQMC: another question each; one character put in is read whole)
        ("砖红色衣服配什么颜色裤子好看", "铁红色衣服配什么颜色裤子好看", True),
        ("红色裙子配什么鞋子", "玫红色裙子配什么鞋子", True),
        ("男士红色上衣配什么颜色裤子", "男士深蓝色上衣配什么颜色裤子", True),
        ("一骑红尘妃子笑的前一句是什么", "一骑红尘妃子笑的下一句是什么", True),  # another line asked for
        ("一骑红尘妃子笑的前一句是什么", "一骑红尘妃子笑的上一句是什么", False),
        # another holiday, another organ, a risk raised or lowered
        ("元旦假期全市道路交通事故起数同比下降15%", "春节假期全市道路交通事故起数同比下降15%", True),
        (
            "该医院成功完成首例机器人辅助心脏手术，患者术后恢复良好",
            "该医院成功完成首例机器人辅助肝脏手术，患者术后恢复良好",
            True,
        ),
        ("研究发现，长期熬夜会增加患心血管疾病的风险", "研究发现，长期熬夜会降低患心血管疾病的风险", True),
        # free or paid for, a must or no need
        (
            "今年全市将为适龄女生免费接种HPV疫苗，预计覆盖2万人",
            "今年全市将为适龄女生自费接种HPV疫苗，预计覆盖2万人",
            True,
        ),
        (
            "自下月起外卖骑手必须佩戴头盔，违者将被处以50元罚款",
            "自下月起外卖骑手无需佩戴头盔，违者将被处以50元罚款",
            True,
        ),
        # the first stop or the last, through to a final or out of it
        ("这也是其出道十周年巡回演唱会的首站。", "这也是其出道十周年巡回演唱会的终站。", True),
        ("该选手以总成绩第一名的身份晋级全国总决赛", "该选手以总成绩第一名的身份无缘全国总决赛", True),
        # product titles: electric or gas, another pack, fixed or variable speed
        ("美的电热水器 60升 一级能效 速热 家用储水式", "美的燃气热水器 60升 一级能效 速热 家用储水式", True),
        ("三只松鼠坚果大礼包 每日坚果 混合装 750g 30袋", "三只松鼠坚果大礼包 每日坚果 混合装 750g 30盒", True),
        ("格力空调 1.5匹 挂机 定频 冷暖 家用 卧室", "格力空调 1.5匹 挂机 变频 冷暖 家用 卧室", True),
        # an opposite word with another word written right beside it: flanked through that word (not a character)
        ("目前已对该案立案侦查，相关涉案人员已被控制", "目前已对该案撤案处理，相关涉案人员已被控制", True),
        ("目前已对该案立案侦查，相关涉案人员已被控制", "目前已对该案撤案征查，相关涉案人员已被控制", False),
        # ... or in one run with it, the opposite at the run's end
        ("该股今日开盘后迅速涨停，成交额明显放大", "该股今日开盘后一度跌停，成交额明显放大", True),
        ("该股今日开盘后迅速上涨，成交额明显放大", "该股今日开盘后一度上涨，成交额明显放大", False),
        # whole milk or skimmed, a refrigerator of another build, rain or a fall in temperature, consumer prices or
        # producer prices
        # a decision revoked or upheld, a verdict upheld or changed
        ("法院裁定撤销该公司此前作出的行政处罚决定", "法院裁定维持该公司此前作出的行政处罚决定", True),
        ("二审法院裁定维持原判，驳回上诉，该判决为终审判决", "二审法院裁定改判，驳回上诉，该判决为终审判决", True),
        # never against always
        ("他在接受采访时表示，自己从未后悔当初的选择", "他在接受采访时表示，自己一直后悔当初的选择", True),
        ("伊利纯牛奶 250ml*24盒 整箱装 全脂", "伊利纯牛奶 250ml*24盒 整箱装 脱脂", True),
        ("海尔冰箱 双开门 风冷无霜 变频 一级能效 家用", "海尔冰箱 三门 风冷无霜 变频 一级能效 家用", True),
        ("海尔冰箱 双开门 风冷无霜 变频 一级能效 家用", "海尔冰箱 对开门 风冷无霜 变频 一级能效 家用", False),
        ("北京今日最高气温37度 明日起将迎来降雨", "北京今日最高气温37度 明日起将迎来降温", True),
        (
            "国家统计局今天发布数据，10月份全国居民消费价格同比上涨2.1%，其中城市上涨2.0%",
            "国家统计局今天发布数据，10月份全国工业生产者出厂价格同比上涨2.1%，其中城市上涨2.0%",
            True,
        ),
        ("九阳豆浆机 免滤 全自动 家用 1.2L 破壁 DJ12B", "九阳豆浆机 需滤 全自动 家用 1.2L 破壁 DJ12B", True),
        # most or few; this week or next, in a short text (in a longer one a notice reposted a week on, as for a day)
        (
            "调查显示，大多数受访者支持这项新政策，认为其有利于减轻家庭负担",
            "调查显示，少数受访者支持这项新政策，认为其有利于减轻家庭负担",
            True,
        ),
        ("会议将于本周三下午在市政府大楼举行", "会议将于下周三下午在市政府大楼举行", True),
        # the reserve ratio against an interest rate (a rate against a benchmark rate is none: one said two ways)
        ("央行宣布下调金融机构存款准备金率0.5个百分点", "央行宣布下调金融机构存款基准利率0.5个百分点", True),
        ("央行宣布下调金融机构存款准备金率0.5个百分点", "央行宣布下调金融机构存款利率0.5个百分点", True),
        ("央行宣布下调金融机构存款基准利率0.5个百分点", "央行宣布下调金融机构存款利率0.5个百分点", False),
        # a part of the year against another or the whole (the first quarter written two ways is one)
        ("该公司今年上半年实现营业收入120亿元", "该公司今年全年实现营业收入120亿元", True),
        ("该公司今年一季度实现营业收入120亿元", "该公司今年第一季度实现营业收入120亿元", False),
        # another prize
        ("他是中国第一位获得诺贝尔文学奖的作家", "他是中国第一位获得诺贝尔物理学奖的作家", True),
        # another kind of fund, of loan
        ("该基金为开放式基金，投资者可随时申购赎回", "该基金为封闭式基金，投资者可随时申购赎回", True),
        ("固定利率贷款在整个还款期内利率保持不变", "浮动利率贷款在整个还款期内利率保持不变", True),
    ],
)
def test_a_character_for_its_opposite_in_a_short_text_is_another_question(a, b, opposite):
    from dedup_gui.core.textcheck import names_replaced

    assert names_replaced(a, b) is opposite and names_replaced(b, a) is opposite


@pytest.mark.parametrize(
    ("a", "b", "another"),
    [
        ("交易金额为5000万元，资金来源为自有资金", "交易金额为5000万美元，资金来源为自有资金", True),
        ("奖金共计5000元，当场发放给获奖者", "奖金共计5000港元，当场发放给获奖者", True),
        ("中国女排以3比1战胜巴西队，成功晋级决赛", "中国女排以3比1战胜巴西队，成功晋级半决赛", True),  # (two shared)
        ("以5000万美元成交，资金来源为自有资金", "以5000万美元成交，资金来源为其自有资金", False),  # put in elsewhere
        ("交易金额为5000万元，资金来源为自有资金", "交易金额为5000万元，资金来源为其自有资金", False),
    ],
)
def test_one_character_put_in_that_writes_another_currency_is_read_in_the_plan(a, b, another):
    """Texts one character apart are read for a place or an opposite only where one character is written for
    another; one put in before 元 writes another currency ("5000万元" / "5000万美元", removed as a copy), so such
    pairs are read whole."""
    from dedup_gui.core.textcheck import names_differ_pairs, names_replaced

    assert names_replaced(a, b) is another and names_replaced(b, a) is another
    got = names_differ_pairs([a, b], np.array([0, 1]), np.array([1, 0]), markup=False)
    assert got.tolist() == [another, another]


@pytest.mark.parametrize(
    ("a", "b", "another"),
    [
        ("展览面积达12万平方米，比上届有所增加", "展览面积达12万平方公里，比上届有所增加", True),  # with 平方
        ("该水库目前蓄水量为1.2亿立方米，较去年同期增加", "该水库目前蓄水量为1.2亿平方米，较去年同期增加", True),
        ("据测量，该裂缝宽约3毫米，专家认为暂不影响安全", "据测量，该裂缝宽约3厘米，专家认为暂不影响安全", True),
        ("需绕行约3米才能到达对面的停车场入口", "需绕行约3千米才能到达对面的停车场入口", True),  # 千 put in
        ("查获疑似毒品约2克，目前案件正在侦办中", "查获疑似毒品约2千克，目前案件正在侦办中", True),
        ("展览面积达12万平方公里，比上届有所增加", "展览面积达12万平方千米，比上届有所增加", False),  # one unit
        (
            "据测量，该裂缝宽约3毫米，专家认为暂不影响桥梁安全",
            "据测量，该裂缝宽约3毫米，专家认为暂不影响桥粱安全",
            False,
        ),
        ("小区绿化面积达3万平方米以上", "小区绿化面积达3万平方米已上", False),  # a typo beside a unit
        ("警方当场查获各类物品约3公斤，目前案件正在侦办中", "警方当场查获各类物品约3公里，目前案件正在侦办中", True),
        # another bank: one character written for another in a word of four
        ("中信银行今日宣布下调个人住房贷款利率", "中国银行今日宣布下调个人住房贷款利率", True),
        ("这名3岁男童在家中不慎从阳台坠落，仅受轻伤", "这名3个月男童在家中不慎从阳台坠落，仅受轻伤", True),
        ("这名3岁男童在家中不慎从阳台坠落，仅受轻伤", "这名3周岁男童在家中不慎从阳台坠落，仅受轻伤", False),
    ],
)
def test_a_unit_for_another_where_the_change_is_a_part_of_it_is_read_in_the_plan(a, b, another):
    """A unit of more than one character written for another where the alignment changes a part of it - after
    平方 or 立方 that both texts have, one character put in (千米 for 米), one written for another (毫米 / 厘米, 立方米
    / 平方米) - is another quantity (all five were removed as copies); the plan reads the one-character pairs whole
    (``_swapped_word_codes``, ``_put_in_words``) and agrees with the read."""
    from dedup_gui.core.textcheck import names_differ_pairs, names_replaced

    assert names_replaced(a, b) is another and names_replaced(b, a) is another
    got = names_differ_pairs([a, b], np.array([0, 1]), np.array([1, 0]), markup=False)
    assert got.tolist() == [another, another]


def test_reports_another_figure_qualified_or_another_currency_stay_apart_and_a_copy_goes():
    texts = [
        "海关总署数据显示，今年前10月我国进出口总值达到3.7万亿元，同比增长0.9%，其中出口2.1万亿元，贸易顺差扩大。",
        "海关总署数据显示，今年10月我国进出口总值达到3.7万亿元，同比增长0.9%，其中出口2.1万亿元，贸易顺差扩大。",
        "公司公告称，本次交易金额为5000万元，交易完成后公司将持有目标公司51%的股权，预计对本年度业绩产生积极影响。",
        "公司公告称，本次交易金额为5000万美元，交易完成后公司将持有目标公司51%的股权，预计对本年度业绩产生积极影响。",
        "海关总署数据显示，今年前10月我国进出口总值达到3.7万亿元，同比增长0.9%，其中出口2.1万亿元，贸易顺差扩大",
    ]
    assert ngram_clusters(texts) == [[0, 4]]


def test_in_longer_texts_a_day_rewritten_is_a_repost_and_other_opposites_decide():
    """A longer text with "今天" for "昨天" is a repost of the day before (or a forecast's "明天" the day itself); in
    a question or a title the day is what it asks. Other opposites decide in longer texts too: another person,
    another decision (``OPPOSITE_CHARS``)."""
    from dedup_gui.core.textcheck import OPPOSITE_CHARS, names_differ_pairs, names_replaced

    long_a = "今天上午，市气象台发布消息称，受冷空气影响，本周后半段全市将有一次明显的降温过程，请市民注意添衣保暖。"
    long_b = long_a.replace("今天", "昨天", 1)
    assert 40 <= len(long_a) < OPPOSITE_CHARS and not names_replaced(long_a, long_b)
    long_c = long_a.replace("降温", "升温", 1)
    assert names_replaced(long_a, long_c)
    short = ["今天是什么日子", "明天是什么日子"]
    assert names_replaced(*short)
    pairs = names_differ_pairs([long_a, long_b, *short, long_c], np.array([0, 2, 0]), np.array([1, 3, 4]), markup=False)
    assert pairs.tolist() == [False, True, True]


def test_questions_asking_the_opposite_stay_and_a_copy_goes():
    texts = ["额头低的女明星有哪些", "额头高的女明星有哪些", "额头低的女明星有哪些？", "良药苦口利于病的上一句",
             "良药苦口利于病的下一句"]  # fmt: skip
    assert ngram_clusters(texts) == [[0, 2]]


_OPPOSITE_PIECES = ["高", "低", "上", "下", "一句", "的", "女", "男", "明星", "今", "明", "天", "？", "好", "坏", "了",
                    "元", "美", "5", "决赛", "半", "首", "末", "位", "同", "环", "比", "米", "毫", "厘", "千", "平方",
                    "立方", "克", "公", "斤", "里", "中", "国", "信", "银行", "暂停", "取消", "营业", "降", "雨",
                    "雪", "温", "双", "开门", "三门", "全", "脱", "脂", "XL码", "L码", "S", "X", "码", "版", "NFC",
                    "标准", "款", "或", "将", "拟", "以", "疑似", "试", "运营", "停运", "酒", "后", "醉", "驾驶",
                    "停课", "一天", "正常", "上课", "农村", "居民", "最", "第二", "第一", "初期", "后", "期",
                    "首套", "二", "套", "早", "准备金", "基准", "利", "率", "存款", "上半年", "全年", "文学",
                    "物理学", "奖", "开放式", "封闭式", "固定", "浮动"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(st.lists(st.sampled_from(_OPPOSITE_PIECES), max_size=10).map("".join), min_size=1, max_size=8),
    pairs=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20),
)
@example(texts=["额头低的女明星", "额头高的女明星", "高的", "低的"], pairs=[(0, 1), (2, 3), (1, 0)])
@example(texts=["票房榜首位", "票房榜末位", "来自同比", "来自环比", "首位的", "末位的"], pairs=[(0, 1), (2, 3), (4, 5)])
@example(texts=["约3毫米长", "约3厘米长", "3平方米", "3立方米", "约3米", "约3千米"], pairs=[(0, 1), (2, 3), (4, 5)])
@example(texts=["3公斤", "3公里", "中信银行", "中国银行"], pairs=[(0, 1), (2, 3)])
@example(texts=["完成B轮融资", "完成C轮融资", "完成b轮融资"], pairs=[(0, 1), (0, 2), (2, 1)])
@example(texts=["笑的前一句", "笑的下一句", "红色裙子", "玫红色裙子", "粉红色裙子"], pairs=[(0, 1), (2, 3), (3, 4)])
@example(texts=["怀孕初期有", "怀孕后期有", "上最高的山", "上第二高的山", "第一高的山"], pairs=[(0, 1), (2, 3), (2, 4)])
@example(
    texts=["明天起暂停营业了", "明天起营业了", "将迎来降雨", "将迎来降雪", "冰箱 双开门", "冰箱 三门"],
    pairs=[(0, 1), (2, 3), (4, 5)],
)
@example(
    texts=[
        "将于起试运营了",
        "将于起停运了",
        "男子因酒后驾驶被",
        "男子因醉酒驾驶被",
        "今天停课一天了",
        "今天正常上课了",
    ],
    pairs=[(0, 1), (2, 3), (4, 5)],
)
def test_opposites_of_many_pairs_at_once_are_each_pairs_own(texts, pairs):
    from dedup_gui.core.textcheck import names_differ_pairs, names_replaced

    pairs, a, b = pair_arrays(texts, pairs)
    got = names_differ_pairs(texts, a, b, markup=False)
    assert got.tolist() == [names_replaced(texts[i], texts[j]) for i, j in pairs]


# -- opposite words ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "opposite"),
    [
        ("The decrease in orders was larger than expected.", "The increase in orders was larger than expected.", True),
        ("Analysts said the fruit and vegetable exports.", "Analysts said the fruit and vegetable imports.", True),
        ("Later figures were not available.", "Earlier figures were not available.", True),  # at the start
        ("The plant refines 30,000 barrels a year.", "The plant refines 30,000 barrels a day.", True),  # a group
        ("Wheat was steady while corn was lower", "Wheat was steady while corn was higher", True),  # at the end
        ("The upper house voted on the bill.", "The lower house voted on the bill.", True),  # lower: in two groups
        ("Police said the suspect was arrested on Tuesday.", "Police said the suspect was released on Tuesday.", True),
        ("Completion is expected in the third quarter.", "Completion is expected in the second quarter.", True),
        (
            "Three people were killed when the bus overturned.",
            "Three people were injured when the bus overturned.",
            True,
        ),
        ("It named Smith as chief executive officer.", "It named Smith as chief financial officer.", True),
        ("Trading in the shares was suspended on Monday.", "Trading in the shares was resumed on Monday.", True),
        ("The council voted to ban scooters on sidewalks.", "The council voted to allow scooters on sidewalks.", True),
        ("Both imports and exports rose in May.", "Both exports and imports rose in May.", False),  # swapped
        ("Prices rose in the first quarter.", "Prices rose in the first quarter, it said.", False),  # words added
        ("Shares rose sharply in early trade.", "Shares rose sharply in late trading.", False),  # a second word too
        ("The company reported higher sales.", "The company reported hihger sales.", False),  # a typo
        # A flank counted on past words one text alone has, an equal word away (as a name's or a figure's): the
        # 100k bench's "…is expected to close later this month." / "…is expected to close this week.".
        ("The deal is expected to close later this month.", "The deal is expected to close this week.", True),
        ("The deal is expected to close this month.", "The deal is expected to close later this week.", True),
        ("The deal is expected to close this month.", "The deal is expected to close in a week.", False),
        # Removals of the 100k English bench sentences that were no planted copy: a decline for an increase,
        # another day, another currency.
        ("Orders declines were widespread, the department said.", "Orders increases were widespread.", True),
        (
            "Banks must bid by 1400 GMT tomorrow and funds follow.",
            "Banks must bid by 1400 GMT today and funds follow.",
            True,
        ),
        ("Notes of 1,000 and 10,000 dlrs will be listed.", "Notes of 1,000 and 10,000 stg will be listed.", True),
        ("Notes of 1,000 and 10,000 dlrs will be listed.", "Notes of 1,000 and 10,000 dollars will be listed.", False),
        # A rating, a result against forecasts, a policy, a ruling, a market's day (hand-written news sentences
        # that were removed as copies before these were opposites)
        ("Analysts upgraded the stock to buy from hold.", "Analysts downgraded the stock to buy from hold.", True),
        (
            "First-quarter earnings beat analysts' forecasts.",
            "First-quarter earnings missed analysts' forecasts.",
            True,
        ),
        ("The central bank tightened policy on Friday.", "The central bank eased policy on Friday.", True),
        ("The regulator approved the merger on Friday.", "The regulator blocked the merger on Friday.", True),
        (
            "Oil prices surged on Monday after the OPEC meeting.",
            "Oil prices slumped on Monday after the OPEC meeting.",
            True,
        ),
        ("It will cut one third of its workforce by 2026.", "It will cut one half of its workforce by 2026.", True),
        ("The man was charged with murder on Friday.", "The man was charged with manslaughter on Friday.", True),
        ("It will carry 500,000 barrels of crude a day.", "It will carry 500,000 tonnes of crude a day.", True),
        ("The new highway will be 120 miles long.", "The new highway will be 120 kilometers long.", True),
        ("He won the gold medal in the 100 metres.", "He won the silver medal in the 100 metres.", True),
        ("Crew neck T-shirt, white, size XL, cotton", "Crew neck T-shirt, white, size XXL, cotton", True),
        ("Running shoes, black, mesh upper, size 10", "Running shoes, white, mesh upper, size 10", True),
        ("A spokesman confirmed the report on Monday.", "A spokesman denied the report on Monday.", True),
        ("The bill passed in the Senate on Friday.", "The bill failed in the Senate on Friday.", True),
        ("The agency raised its forecast for growth.", "The agency lowered its forecast for growth.", True),
        # a party of a lawsuit, a post
        ("The court ruled for the plaintiff on Monday.", "The court ruled for the defendant on Monday.", True),
        ("He was named chairman of the bank in May.", "He was named president of the bank in May.", True),
        # a vote, a plan and a fact
        ("He said he would vote for the bill next week.", "He said he would vote against the bill next week.", True),
        ("The company said it may cut 500 jobs this year.", "The company said it will cut 500 jobs this year.", True),
        ("It plans to increase its stake to 51 pct.", "It plans to reduce its stake to 51 pct.", True),
        ("It reported net income of 5.2 mln dlrs.", "It reported a net loss of 5.2 mln dlrs.", True),
        # a word of one direction for any of the other (``OPPOSITE_CLASSES``); two of one direction are synonyms
        (
            "Shares of the company jumped 5 pct in early trading.",
            "Shares of the company slid 5 pct in early trading.",
            True,
        ),
        (
            "Shares of the company climbed 5 pct in early trading.",
            "Shares of the company rose 5 pct in early trading.",
            False,
        ),
        ("Its board had welcomed the proposed acquisition.", "Its board had opposed the proposed acquisition.", True),
        ("Its board had accepted the offer on Monday.", "Its board had declined the offer on Monday.", True),
        ("The company completed the sale of its unit.", "The company abandoned the sale of its unit.", True),
        (
            "The bank hiked interest rates by a quarter point.",
            "The bank trimmed interest rates by a quarter point.",
            True,
        ),
        (
            "The bank lowered interest rates by a quarter point.",
            "The bank trimmed interest rates by a quarter point.",
            False,
        ),
        ("Its finance chief had been appointed on Monday.", "Its finance chief had been dismissed on Monday.", True),
        ("Police said the suspect was detained on Friday.", "Police said the suspect was freed on Friday.", True),
        ("Police said the suspect was arrested on Friday.", "Police said the suspect was detained on Friday.", False),
        ("It said it would impose the tax on imported cars.", "It said it would lift the tax on imported cars.", True),
        ("The team won the final match on Sunday evening.", "The team drew the final match on Sunday evening.", True),
        ("It said it would acquire the assets for cash.", "It said it would sell the assets for cash.", True),
        ("It said it would acquire the assets for cash.", "It said it would buy the assets for cash.", False),
        (
            "The president would veto the bill if it reached him.",
            "The president would sign the bill if it reached him.",
            True,
        ),  # fmt: skip
        (
            "Its board authorized the repurchase of 2 mln shares.",
            "Its board authorized the sale of 2 mln shares.",
            True,
        ),
        ("It said wheat exports totaled 450,000 tonnes.", "It said corn exports totaled 450,000 tonnes.", True),
        # one word for another with "and" or an auxiliary beside it
        (
            "Police said the man was shot dead by officers.",
            "Police said the man was shot and wounded by officers.",
            True,
        ),
        (
            "It said its finance chief had resigned on Friday.",
            "It said its finance chief had been fired on Friday.",
            True,
        ),
        (
            "It said its finance chief had resigned on Friday.",
            "It said its finance chief has resigned on Friday.",
            False,
        ),
        ("Its members had agreed to the latest wage offer.", "Its members had refused the latest wage offer.", True),
        (
            "The two sides failed to reach an agreement on it.",
            "The two sides managed to reach an agreement on it.",
            True,
        ),
        ("The stock was overvalued at that level.", "The stock was undervalued at that level.", True),
        (
            "The move was likely to increase pressure on rates.",
            "The move was unlikely to increase pressure on rates.",
            True,
        ),  # fmt: skip
        # hiring against laying off, a dividend paid against one omitted, growth against a fall, another time of day
        ("It said it would hire 500 workers at its plant.", "It said it would lay off 500 workers at its plant.", True),
        ("It said it would omit its quarterly dividend.", "It said it would raise its quarterly dividend.", True),
        (
            "It expects sales to grow by about 10 pct this year.",
            "It expects sales to fall by about 10 pct this year.",
            True,
        ),  # fmt: skip
        (
            "Shares closed higher in morning trading on Monday.",
            "Shares closed higher in afternoon trading on Monday.",
            True,
        ),  # fmt: skip
        ("It will pay 15 dlrs for each common share.", "It will pay 15 dlrs for each preferred share.", True),
        ("It would offer 500,000 tonnes of wheat to Egypt.", "It would offer 500,000 tonnes of flour to Egypt.", True),
        ("Industrial output rose 1.2 pct in January.", "Industrial orders rose 1.2 pct in January.", True),
        ("It will redeem all of its 12 pct debentures.", "It will issue all of its 12 pct debentures.", True),
        ("It will keep rates on hold until at least June.", "It will keep rates on hold until at least July.", True),
        ("The Senate voted 52 to 48 to confirm the nominee.", "The Senate voted 52 to 48 to reject the nominee.", True),
        ("The opposition party won a majority of seats.", "The ruling party won a majority of seats.", True),
        (
            "The court upheld the lower court's ruling on Monday.",
            "The court overturned the lower court's ruling on Monday.",
            True,
        ),  # fmt: skip
        ("The talks ended without an agreement on Friday.", "The talks ended with an agreement on Friday.", True),
        (
            "The minister resigned on Tuesday amid allegations.",
            "The minister was reappointed on Tuesday amid allegations.",
            True,
        ),  # fmt: skip
        ("Trading in the stock was halted pending news.", "Trading in the stock was resumed pending news.", True),
        (
            "It reported a larger than expected build in crude stocks.",
            "It reported a larger than expected draw in crude stocks.",
            True,
        ),  # fmt: skip
        (
            "It said sales were expected to be flat compared with a year ago.",
            "It said sales were expected to be higher compared with a year ago.",
            True,
        ),
        (
            "The Fed is expected to leave rates unchanged at its next meeting.",
            "The Fed is expected to raise rates at its next meeting.",
            True,
        ),
        (
            "It would add daily flights between London and Paris.",
            "It would cancel daily flights between London and Paris.",
            True,
        ),  # fmt: skip
        ("Inflation eased to 2.1 pct in March, it said.", "Inflation accelerated to 2.1 pct in March, it said.", True),
        ("Inflation slowed to 2.1 pct in March, it said.", "Inflation eased to 2.1 pct in March, it said.", False),
        (
            "The plant would operate at full capacity from May.",
            "The plant would operate at half capacity from May.",
            True,
        ),
        ("It needs approval by the shareholders of both.", "It needs approval by the directors of both.", True),
        (
            "It expects sales to grow by about 10 pct this year.",
            "It expects sales to rise by about 10 pct this year.",
            False,
        ),  # (one direction)  # fmt: skip
        (
            "It said it would lay off 500 workers at its plant.",
            "It said it would lay 500 workers off at its plant.",
            False,
        ),  # fmt: skip
        # flights cancelled or run, prices of another trade, a closure for good or for now, a request granted or
        # denied, an offer on a condition or on none
        (
            "It would cancel all flights to the region from Monday.",
            "It would operate all flights to the region from Monday.",
            True,
        ),  # fmt: skip
        (
            "It would suspend all flights to the region from Monday.",
            "It would cancel all flights to the region from Monday.",
            False,
        ),  # (one direction)  # fmt: skip
        ("Japan's wholesale prices rose 0.3 pct in March.", "Japan's retail prices rose 0.3 pct in March.", True),
        (
            "The plant will be closed permanently by the end of the year.",
            "The plant will be closed temporarily by the end of the year.",
            True,
        ),  # fmt: skip
        (
            "The court granted the request for an injunction, he said.",
            "The court denied the request for an injunction, he said.",
            True,
        ),  # fmt: skip
        (
            "The offer is conditional on acceptances for 90 pct of the shares.",
            "The offer is unconditional on acceptances for 90 pct of the shares.",
            True,
        ),  # fmt: skip
        (
            "Ministers agreed to extend the current ceiling to the end of the year.",
            "Ministers agreed to reduce the current ceiling to the end of the year.",
            True,
        ),  # fmt: skip
        (
            "It expects a sharp improvement in earnings in the second half.",
            "It expects a sharp deterioration in earnings in the second half.",
            True,
        ),  # fmt: skip
        (
            "The talks between the two sides broke down on Tuesday, he said.",
            "The talks between the two sides resumed on Tuesday, he said.",
            True,
        ),  # fmt: skip
        ("How do I lose weight fast without exercise?", "How do I gain weight fast without exercise?", True),
        (
            "Exports rose 5.2 pct, the fastest pace in three years, it said.",
            "Exports rose 5.2 pct, the slowest pace in three years, it said.",
            True,
        ),  # fmt: skip
        (
            "The plant will be closed for two weeks in August, he said.",
            "The plant will be open for two weeks in August, he said.",
            True,
        ),  # fmt: skip
        (
            "It said it had completed the sale of its European unit.",
            "It said it had agreed to the sale of its European unit.",
            True,
        ),  # fmt: skip
        (
            "It said it would buy back up to 10 pct of its shares.",
            "It said it would issue up to 10 pct of its shares.",
            True,
        ),  # fmt: skip
        (
            "Analysts expect the bank to hold interest rates steady next week.",
            "Analysts expect the bank to raise interest rates next week.",
            True,
        ),  # fmt: skip
        (
            "The offer is a premium of 30 pct to Friday's closing price.",
            "The offer is a discount of 30 pct to Friday's closing price.",
            True,
        ),  # fmt: skip
        (
            "It expects earnings to improve in the second half, he said.",
            "It expects earnings to weaken in the second half, he said.",
            True,
        ),  # fmt: skip
        (
            "The central bank will raise interest rates at its next meeting.",
            "The central bank could raise interest rates at its next meeting.",
            True,
        ),  # fmt: skip
        (
            "The central bank will raise interest rates at its next meeting.",
            "The central bank would raise interest rates at its next meeting.",
            False,
        ),  # (reported speech)  # fmt: skip
        (
            "Prices went down sharply on Tuesday, dealers said.",
            "Prices went sharply on Tuesday, dealers said.",
            False,
        ),  # ("down" alone is no word of its own replaced)  # fmt: skip
        # (all were removed as copies; "over" / "above" is one)
        (
            "The vaccine was 95 percent effective among adults over 65.",
            "The vaccine was 95 percent effective among adults under 65.",
            True,
        ),
        (
            "The company will cut 2,000 jobs by the end of next year.",
            "The company will add 2,000 jobs by the end of next year.",
            True,
        ),
        (
            "Police said the fire was started deliberately last night.",
            "Police said the fire was started accidentally last night.",
            True,
        ),
        (
            "The museum is open every day except Mondays and holidays.",
            "The museum is open every day including Mondays and holidays.",
            True,
        ),
        (
            "The film was a commercial success, grossing $300 million.",
            "The film was a commercial failure, grossing $300 million.",
            True,
        ),
        (
            "The best places to visit in India during the summer holidays",
            "The best places to visit in India during the winter holidays",
            True,
        ),
        (
            "The vaccine was 95 percent effective among adults over 65.",
            "The vaccine was 95 percent effective among adults above 65.",
            False,
        ),
        (
            "The victim was taken to hospital with minor injuries.",
            "The victim was taken to hospital with serious injuries.",
            True,
        ),
        ("How can I increase my height after 25?", "How can I increase my weight after 25?", True),
        ("What should I do if my laptop won't turn on?", "What should I do if my laptop won't turn off?", True),
        (
            "Is it possible to learn a new language in 3 months?",
            "Is it impossible to learn a new language in 3 months?",
            True,
        ),
        ("He put the book on the table and left.", "He put the book onto the table and left.", False),
        (
            "The offer is valid for new customers only, it said.",
            "The offer is valid for existing customers only, it said.",
            True,
        ),
        (
            "The tumour was found to be benign, doctors said.",
            "The tumour was found to be malignant, doctors said.",
            True,
        ),
        ("The court sentenced him to death for the murder.", "The court sentenced him to life for the murder.", True),
        (
            "The patient is in stable condition after surgery.",
            "The patient is in critical condition after surgery.",
            True,
        ),
        ("The Democratic candidate won the state narrowly.", "The Republican candidate won the state narrowly.", True),
        ("The house comes fully furnished and is for rent.", "The house comes unfurnished and is for rent.", True),
        (
            "The car has a manual transmission and costs $25,000.",
            "The car has an automatic transmission and costs $25,000.",
            True,
        ),
        (
            "The position is full-time, with a salary of $50,000.",
            "The position is part-time, with a salary of $50,000.",
            True,
        ),
        ("The app now supports dark mode on all devices.", "The app now supports light mode on all devices.", True),
        (
            "The ceasefire took effect at midnight and has largely held.",
            "The ceasefire took effect at midnight and has largely collapsed.",
            True,
        ),
        (
            "Shareholders approved the merger at a special meeting.",
            "Shareholders voted down the merger at a special meeting.",
            True,
        ),
        (
            "Shareholders rejected the merger at a special meeting.",
            "Shareholders voted down the merger at a special meeting.",
            False,
        ),
        (
            "The judge granted bail to the two suspects on Friday.",
            "The judge refused bail to the two suspects on Friday.",
            True,
        ),
        ("Apple iPhone 13, 128GB, Midnight - Unlocked", "Apple iPhone 13, 128GB, Midnight - Locked", True),
        (
            "The band announced a world tour starting in London.",
            "The band cancelled a world tour starting in London.",
            True,
        ),
        ("The striker is fit to play in Saturday's match.", "The striker is unfit to play in Saturday's match.", True),
        (
            "About a third of respondents said they would not travel.",
            "About half of respondents said they would not travel.",
            True,
        ),
        (
            "The city's GDP doubled over the decade, officials said.",
            "The city's GDP tripled over the decade, officials said.",
            True,
        ),
        # another line of the accounts, a floor against a ceiling ("net" and "at" besides the word); "net" / "gross"
        # still one word for another, revenue / sales one line
        (
            "The company said its net income rose 15 percent in the third quarter.",
            "The company said its revenue rose 15 percent in the third quarter.",
            True,
        ),
        (
            "The company said its net profit rose 15 percent in the third quarter.",
            "The company said its gross profit rose 15 percent in the third quarter.",
            True,
        ),
        ("The company's revenue rose 5 pct in the quarter.", "The company's sales rose 5 pct in the quarter.", False),
        # with or without ("only" besides the word: removed as a copy)
        (
            "The drug is available without a prescription in most pharmacies.",
            "The drug is available only with a prescription in most pharmacies.",
            True,
        ),
        ("He was released on bail with conditions.", "He was released on bail without conditions.", True),
        # a size, a share, a reopening, in sentences too long to be held for one word (removed as copies); two of one
        # class are one
        (
            "In a statement released on Wednesday evening, the ministry said the smaller of the two reactors had been "
            "shut down for routine maintenance and would restart in early June.",
            "In a statement released on Wednesday evening, the ministry said the larger of the two reactors had been "
            "shut down for routine maintenance and would restart in early June.",
            True,
        ),
        (
            "The survey of 2,000 adults, conducted by the research group in March, found that most respondents "
            "supported the plan to build a new hospital on the site of the old factory.",
            "The survey of 2,000 adults, conducted by the research group in March, found that few respondents "
            "supported the plan to build a new hospital on the site of the old factory.",
            True,
        ),
        (
            "The company, which employs about 5,000 people worldwide, said on Tuesday that it would reopen its factory "
            "in Ohio next month after a three-week shutdown caused by a fire.",
            "The company, which employs about 5,000 people worldwide, said on Tuesday that it would close its factory "
            "in Ohio next month after a three-week shutdown caused by a fire.",
            True,
        ),
        (
            "The shop was shut for two days last week after the flood.",
            "The shop was closed for two days last week after the flood.",
            False,
        ),
        # how badly, how many, how long, whether a target is met, which travel, how much, how soon, how fast (removed
        # as copies)
        (
            "Scientists said the ice sheet was melting faster than previously thought, with satellite data showing the "
            "rate of loss had doubled over the past two decades.",
            "Scientists said the ice sheet was melting slower than previously thought, with satellite data showing the "
            "rate of loss had doubled over the past two decades.",
            True,
        ),
        (
            "The new bridge, which will carry both road and rail traffic, is expected to be completed ahead of "
            "schedule in the autumn of next year, officials said.",
            "The new bridge, which will carry both road and rail traffic, is expected to be completed behind schedule "
            "in the autumn of next year, officials said.",
            True,
        ),
        (
            "The airline expected to return to profit in the second half of the year as demand for international "
            "travel continued to recover strongly, its chief executive said on Monday.",
            "The airline expected to return to profit in the second half of the year as demand for domestic travel "
            "continued to recover strongly, its chief executive said on Monday.",
            True,
        ),
        (
            "The study, which followed more than 10,000 participants for a decade, found that people who exercised "
            "regularly had a significantly lower risk of developing dementia.",
            "The study, which followed more than 10,000 participants for a decade, found that people who exercised "
            "regularly had a slightly lower risk of developing dementia.",
            True,
        ),
        (
            "According to the police report, the driver of the car was seriously injured in the collision and was "
            "taken to hospital, while the cyclist escaped with minor cuts.",
            "According to the police report, the driver of the car was slightly injured in the collision and was "
            "taken to hospital, while the cyclist escaped with minor cuts.",
            True,
        ),
        (
            "Rescue workers pulled three survivors from the rubble of the collapsed building on Tuesday, raising hopes "
            "that more people may be found alive in the coming days.",
            "Rescue workers pulled three bodies from the rubble of the collapsed building on Tuesday, raising hopes "
            "that more people may be found alive in the coming days.",
            True,
        ),
        (
            "The government announced on Sunday that the curfew, which has been in place since last month, would be "
            "extended by two weeks because of the unrest in the capital.",
            "The government announced on Sunday that the curfew, which has been in place since last month, would be "
            "shortened by two weeks because of the unrest in the capital.",
            True,
        ),
        (
            "The minister told parliament that the country would meet its target of cutting carbon emissions by 40 "
            "percent by 2030, despite criticism from environmental groups.",
            "The minister told parliament that the country would miss its target of cutting carbon emissions by 40 "
            "percent by 2030, despite criticism from environmental groups.",
            True,
        ),
        # must against may, morning against evening (removed as copies)
        ("Parents must accompany children under 14.", "Parents may accompany children under 14.", True),
        ("Tickets will go on sale at 9am on Saturday.", "Tickets will go on sale at 9pm on Saturday.", True),
        # between against before and after (removed as a copy)
        (
            "The company said the recall affected vehicles built between 2015 and 2018.",
            "The company said the recall affected vehicles built before 2015 and after 2018.",
            True,
        ),
        # a letter that names (removed as a copy); the article is none ("a" / "b": a typo of it)
        (
            "What are the side effects of taking vitamin D every day?",
            "What are the side effects of taking vitamin C every day?",
            True,
        ),
        (
            "He said the fund will buy Class B shares of the bank.",
            "He said the fund will buy Class C shares of the bank.",
            True,
        ),
        ("He said the fund will buy a stake in the bank.", "He said the fund will buy b stake in the bank.", False),
        (
            "Officials said the CWE can buy sugar from a bonded warehousing scheme run by E.D.F.",
            "Officials said the CWE can buy sugar from a bonded warehousing scheme run by E.B.F.",
            False,
        ),  # (an abbreviation's: a planted typo of the 100k bench sentences)
        # a man or a woman (removed as a copy)
        (
            "The suspect, a 34-year-old man from Leeds, was arrested on Tuesday and charged with murder.",
            "The suspect, a 34-year-old woman from Leeds, was arrested on Tuesday and charged with murder.",
            True,
        ),
        (
            "Applicants must be at least 18 years old and hold a valid driver's license.",
            "Applicants must be under 18 years old and hold a valid driver's license.",
            True,
        ),
        (  # another country, one letter apart; a misspelt one is the same
            "Iran said on Tuesday it had test-fired a new medium-range ballistic missile, state television reported",
            "Iraq said on Tuesday it had test-fired a new medium-range ballistic missile, state television reported",
            True,
        ),
        (
            "Niger's president dissolved the government on Monday",
            "Nigeria's president dissolved the government on Monday",
            True,
        ),
        ("What is the capital of Slovakia", "What is the capital of Slovenia", True),
        ("Most of the rest came from South Africa", "Most of the rest came from South America", True),  # continents
        ("Most of the rest came from South Africa", "Most of the rest came from Sotuh Africa", False),
        ("What is the capital of Austrlia", "What is the capital of Australia", False),
        (  # a recall against a launch
            "The automaker said it would recall about 120,000 vehicles in the United States because of a faulty fuel "
            "pump that could cause the engine to stall",
            "The automaker said it would launch about 120,000 vehicles in the United States because of a faulty fuel "
            "pump that could cause the engine to stall",
            True,
        ),
        (  # another role in a crime
            "Police said the victim was a 45-year-old man from the north side who was shot outside a bar early "
            "Saturday morning.",
            "Police said the suspect was a 45-year-old man from the north side who was shot outside a bar early "
            "Saturday morning.",
            True,
        ),
        (  # good against harm; one good said two ways is no opposite
            "The report examines the benefits of the new drug for patients with heart disease in rural areas.",
            "The report examines the risks of the new drug for patients with heart disease in rural areas.",
            True,
        ),
        (
            "The report examines the benefits of the new drug for patients with heart disease in rural areas.",
            "The report examines the advantages of the new drug for patients with heart disease in rural areas.",
            False,
        ),
        # a word beside the opposite written with a typo is that word (the two had been read as two words for two)
        ("Teh decrease in exports was larger than expected", "The increase in exports was larger than expected", True),
        ("Teh decrease in exports was larger than expected", "The decrease in exports was larger than expected", False),
    ],
)
def test_an_english_word_for_its_opposite_makes_another_statement(a, b, opposite):
    from dedup_gui.core.textcheck import opposite_word_replaced, opposite_words_differ_pairs

    assert opposite_word_replaced(a.lower(), b.lower()) is opposite
    assert opposite_word_replaced(b.lower(), a.lower()) is opposite
    got = opposite_words_differ_pairs([a.lower(), b.lower()], np.array([0, 1]), np.array([1, 0]))
    assert got.tolist() == [opposite, opposite]


def test_opposite_words_decide_only_in_texts_under_the_name_limit():
    from dedup_gui.core.textcheck import opposite_words_differ_pairs

    filler = " The board met in the morning and the chairman spoke at length about the plans of the group." * 12
    a, b = "Exports rose in March." + filler, "Imports rose in March." + filler
    assert len(a) >= NAME_CHARS
    assert opposite_words_differ_pairs([a, b], np.array([0]), np.array([1])).tolist() == [False]
    assert opposite_words_differ_pairs([a[:200], b[:200]], np.array([0]), np.array([1])).tolist() == [True]


def test_sentences_saying_the_opposite_stay_and_a_copy_goes(monkeypatch):
    texts = [
        "Fruit and vegetable exports rose sharply last month.",
        "Fruit and vegetable imports rose sharply last month.",
        "Fruit and vegetable exports rose sharply last month, officials said.",
    ]
    assert ngram_clusters(texts) == [[0, 2]]
    # Without the rule the imports would have gone as a copy of the exports.
    monkeypatch.setattr(textcheck_module, "opposite_word_replaced", lambda a, b: False)
    assert ngram_clusters(texts) == [[0, 1, 2]]


_OPPOSITE_WORD_PIECES = ["rose ", "fell ", "imports ", "exports ", "and ", "the ", "in ", "May ", "a ", "day ", "year ",
                         "higher", "lower", ". ", "Rose ", "net ", "income ", "revenue ", "at ", "least ",
                         "under ", "d", "c", ".", "benefits ", "risks ", "Iran ", "Iraq ", "Niger", "ia "]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    texts=st.lists(st.lists(st.sampled_from(_OPPOSITE_WORD_PIECES), max_size=10).map("".join), min_size=1, max_size=8),
    pairs=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20),
)
def test_opposite_words_of_many_pairs_at_once_are_each_pairs_own(texts, pairs):
    """The words of all pairs read at once pick out the pairs to read: every pair read alone says the same."""
    from dedup_gui.core.textcheck import opposite_word_replaced, opposite_words_differ_pairs

    pairs, a, b = pair_arrays(texts, pairs)
    got = opposite_words_differ_pairs(texts, a, b)
    assert got.tolist() == [opposite_word_replaced(texts[i], texts[j]) for i, j in pairs]


_STATEMENT_PIECES = ["won", "n't", "'", "t", " ", "down", "up", "rose", "fell", "no", "not", "can", "cannot", "did",
                     "不", "可以", "exports", "imports", "Down", ".", "5", "second", "third", "largest", "over",
                     "under", "do", "wo", "will", "voted ", "approved"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(st.lists(st.sampled_from(_STATEMENT_PIECES), max_size=12).map("".join), min_size=1, max_size=8),
    pairs=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20),
)
@example(texts=["prices won't go down", "prices won't go up"], pairs=[(0, 1)])
@example(texts=["we won't go", "we lost't go"], pairs=[(0, 1)])  # ("won" of "won't" an opposite word as written)
@example(texts=["we will go", "we won't go", "if you don't go", "if you go"], pairs=[(0, 1), (2, 3)])
def test_negations_and_opposite_words_read_in_one_pass_are_each_pairs_own(texts, pairs):
    """Both rules read from one gathering of the pairs' texts say what each says of each pair read alone: a negation
    (texts at most QUALIFIER_EDITS characters apart in length, or the shorter under EXCERPT_PLACE_CHARS: an
    excerpt), else an opposite word."""
    from dedup_gui.core.textcheck import opposite_word_replaced, statements_differ_pairs

    pairs, a, b = pair_arrays(texts, pairs)
    got = statements_differ_pairs(texts, a, b)
    want = [
        (
            (
                abs(len(texts[i]) - len(texts[j])) <= QUALIFIER_EDITS
                or min(len(texts[i]), len(texts[j])) < EXCERPT_PLACE_CHARS
            )
            and negation_replaced(texts[i], texts[j])
        )
        or opposite_word_replaced(texts[i], texts[j])
        for i, j in pairs
    ]
    assert got.tolist() == want


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("央行下调金融机构人民币存款基准利率0.25个百分点", "央行下调金融机构人民币贷款基准利率0.25个百分点"),
        ("教育部门通知，全市中学将于下周一起恢复线下教学", "教育部门通知，全市小学将于下周一起恢复线下教学"),
    ],
)
def test_one_character_that_writes_another_word_of_a_group_is_read_in_the_plan(a, b):
    """Texts one character apart, where it makes a word of ``OPPOSITE_GROUPS_ZH`` another ("存款" / "贷款", "中学" /
    "小学"), are told apart at once by the plan's table of such words, as the whole read tells them."""
    from dedup_gui.core.textcheck import names_differ_pairs, names_replaced

    assert names_replaced(a, b) and names_replaced(b, a)
    assert names_differ_pairs([a, b], np.array([0, 1]), np.array([1, 0]), markup=False).tolist() == [True, True]


@pytest.mark.parametrize(
    ("a", "b", "another"),
    [
        # a word that stops, cancels or forbids what follows it, put in or left out
        (
            "受台风影响，本市所有景区将从明天起暂停营业，具体时间另行通知",
            "受台风影响，本市所有景区将从明天起营业，具体时间另行通知",
            True,
        ),
        (
            "受暴雪影响，机场今天下午取消进出港航班86架次，旅客可办理退票",
            "受暴雪影响，机场今天下午进出港航班86架次，旅客可办理退票",
            True,
        ),
        (
            "该厂因环保检查不达标，已被责令停止生产，负责人表示将尽快整改",
            "该厂因环保检查不达标，已被责令生产，负责人表示将尽快整改",
            True,
        ),
        # ... put in, and another word left out elsewhere
        (
            "公司股票将于下周一起在深圳证券交易所终止上市，简称保持不变",
            "公司股票将于下周一起在深圳证券交易所上市交易，简称保持不变",
            True,
        ),
        # ... at the text's start
        ("暂停营业期间，本店所有会员卡有效期自动顺延", "营业期间，本店所有会员卡有效期自动顺延", True),
        # not where anything else is put in with it, nor a word of no such sense
        (
            "受台风影响，本市所有景区将从明天起暂停营业，具体时间另行通知",
            "受台风影响，本市所有景区将从明天起正常营业，具体时间另行通知",
            False,
        ),
        (
            "受台风影响，本市所有景区将从明天起全面营业，具体时间另行通知",
            "受台风影响，本市所有景区将从明天起营业，具体时间另行通知",
            False,
        ),
        # what is suspected, expected or possible against what is; 或 (may) and 拟 (plans to): one character put in
        (
            "卫生健康委员会通报，昨日该市新增疑似病例3例，均为境外输入",
            "卫生健康委员会通报，昨日该市新增病例3例，均为境外输入",
            True,
        ),
        ("警方通报称，该男子涉嫌故意杀人，已被依法刑事拘留", "警方通报称，该男子故意杀人，已被依法刑事拘留", True),
        ("据初步统计，此次地震可能造成超过100人死亡", "据初步统计，此次地震已造成超过100人死亡", True),
        ("受供需关系影响，下周国内成品油价格或将上调", "受供需关系影响，下周国内成品油价格将上调", True),
        ("公告显示，公司拟以自有资金2亿元收购某科技公司股权", "公告显示，公司以自有资金2亿元收购某科技公司股权", True),
        (
            "公告显示，公司拟以自有资金2亿元收购某科技公司股权",
            "公告显示，公司拟以自有资金2亿元收购某科技公司的股权",
            False,
        ),
        ("受供需关系影响，下周国内成品油价格或将上调", "受供需关系影响，下周国内成品油价格或将会上调", False),
        # half a marathon put in
        (
            "他在今年的半程马拉松比赛中以1小时05分的成绩获得冠军",
            "他在今年的马拉松比赛中以1小时05分的成绩获得冠军",
            True,
        ),
        # another make of a product, another size
        ("小米手环8 NFC版 运动心率监测 黑色", "小米手环8 标准版 运动心率监测 黑色", True),
        ("iPad Air 第5代 10.9英寸 WLAN版 64GB 星光色", "iPad Air 第5代 10.9英寸 蜂窝版 64GB 星光色", True),
        ("这款手机搭载了最新的处理器，续航能力大幅提升", "那款手机搭载了最新的处理器，续航能力大幅提升", False),
        ("据介绍，该款手机搭载了最新的处理器", "据介绍，这一款手机搭载了最新的处理器", False),
        ("优衣库男装 圆领T恤 纯棉短袖 白色 XL码", "优衣库男装 圆领T恤 纯棉短袖 白色 L码", True),
        ("优衣库男装 圆领T恤 纯棉短袖 白色 S码", "优衣库男装 圆领T恤 纯棉短袖 白色 M码", True),
        # another scope, another head of state
        (
            "据悉，这项技术在国内尚属首创，填补了相关领域的空白",
            "据悉，这项技术在国际尚属首创，填补了相关领域的空白",
            True,
        ),
        (
            "据报道，该国总统今天宣布解散议会，并将举行提前大选",
            "据报道，该国总理今天宣布解散议会，并将举行提前大选",
            True,
        ),
        # a line that opens or stops, classes held or not, an account bound or unbound, another offence: a word
        # written for its opposite across two edits ("试运营" / "停运", "酒后" / "醉酒"), or among a few other
        # characters ("停课一天" / "正常上课"); the country's figure or the villages' (all were removed as copies)
        (
            "记者从市交通局了解到，地铁3号线将于本月28日起试运营，全长32公里",
            "记者从市交通局了解到，地铁3号线将于本月28日起停运，全长32公里",
            True,
        ),
        (
            "受台风影响，今天全市中小学停课一天，具体复课时间另行通知",
            "受台风影响，今天全市中小学正常上课，具体复课时间另行通知",
            True,
        ),
        (
            "受台风影响，今天全市中小学停课一天，具体复课时间另行通知",
            "受台风影响，今天全市中小学停课1天，具体复课时间另行通知",
            False,
        ),
        ("手机号码换了，支付宝账号怎么解绑？", "手机号码换了，支付宝账号怎么绑定？", True),
        (
            "这名男子因酒后驾驶被处以行政拘留10日，并处罚款2000元",
            "这名男子因醉酒驾驶被处以行政拘留10日，并处罚款2000元",
            True,
        ),
        (
            "这名男子因酒后驾驶被处以行政拘留10日，并处罚款2000元",
            "这名男子因酒后开车被处以行政拘留10日，并处罚款2000元",
            False,
        ),
        (
            "今年前三季度，全国居民人均可支配收入30941元，比上年同期名义增长6.3%",
            "今年前三季度，全国农村居民人均可支配收入30941元，比上年同期名义增长6.3%",
            True,
        ),
        (
            "该项目总投资约50亿元，预计明年6月建成投产，投产后年产值可达100亿元",
            "该项目总投资约50亿元，预计明年6月开工建设，投产后年产值可达100亿元",
            True,
        ),
        (
            "该项目总投资约50亿元，预计明年6月建成投产，投产后年产值可达100亿元",
            "该项目总投资约50亿元，预计明年6月建成并投产，投产后年产值可达100亿元",
            False,
        ),
        ("他是这部电影的导演，也是编剧之一。", "他是这部电影的主演，也是编剧之一。", True),
        (
            "国家卫健委今天发布通知，要求各地加强对冬季流感的监测。",
            "国家卫健委今天发布通知，要求各地放松对冬季流感的监测。",
            True,
        ),
        (
            "宣布自下月1日起，共享单车将实行新的收费标准，起步价由1.5元调整为2元，会员月卡价格保持不变。",
            "宣布自下月1日起，共享单车将实行新的收费标准，起步价由1.5元调整为2元，会员月卡价格同步上调。",
            True,
        ),
        (
            "11月份全国规模以上工业增加值同比增长6.6%，增速比上月加快2.0个百分点",
            "11月份全国规模以上工业增加值同比增长6.6%，增速比上月放缓2.0个百分点",
            True,
        ),
        ("市气象台今天早上发布暴雨黄色预警信号，请注意防范", "市气象台今天早上解除暴雨黄色预警信号，请注意防范", True),
        (
            "病理检查结果显示，该患者体内的肿瘤为良性，医生建议定期复查",
            "病理检查结果显示，该患者体内的肿瘤为恶性，医生建议定期复查",
            True,
        ),
        (
            "法院一审以故意杀人罪判处被告人死刑，剥夺政治权利终身",
            "法院一审以故意杀人罪判处被告人无期徒刑，剥夺政治权利终身",
            True,
        ),
        (
            "截至昨日，两市融资余额为1.5万亿元，较前一交易日增加32亿元",
            "截至昨日，两市融券余额为1.5万亿元，较前一交易日增加32亿元",
            True,
        ),
        ("该基金经理表示，对下半年A股走势持乐观态度", "该基金经理表示，对下半年A股走势持悲观态度", True),
        ("该车为手动挡车型，售价为8.98万元，目前已经到店", "该车为自动挡车型，售价为8.98万元，目前已经到店", True),
        ("该课程为必修课，共计2学分，面向全体新生开设", "该课程为选修课，共计2学分，面向全体新生开设", True),
        (
            "央行今日开展1000亿元逆回购操作，实现净投放500亿元",
            "央行今日开展1000亿元逆回购操作，实现净回笼500亿元",
            True,
        ),
        (
            "公司控股股东将其持有的2000万股公司股份办理了质押登记手续",
            "公司控股股东将其持有的2000万股公司股份办理了解除质押登记手续",
            True,
        ),
        (
            "公司于近日收到中标通知书，确定公司为该项目的中标单位",
            "公司于近日收到落标通知书，确定公司为该项目的中标单位",
            True,
        ),
        ("华为Mate60 Pro 12+512GB 雅川青 官方标配", "华为Mate60 Pro 12+512GB 雅川青 官方标配 二手", True),
        ("小米14 Ultra 16GB+512GB 黑色 全新未拆封", "小米14 Ultra 16GB+512GB 黑色 二手九成新", True),
        (
            "该片目前累计票房已突破20亿元，位列今年国产片票房榜首位",
            "该片目前累计票房已跌破20亿元，位列今年国产片票房榜首位",
            True,
        ),
        (
            "他在本届奥运会上获得男子100米自由泳金牌，打破奥运会纪录",
            "他在本届奥运会上获得男子100米蝶泳金牌，打破奥运会纪录",
            True,
        ),
        # this week or next: another meeting in a short text; in a longer one a notice reposted a week on, as for a
        # day - the plan of every pair at once, which reads a one-character change itself, agrees
        ("会议将于本周三下午在市政府大楼举行", "会议将于下周三下午在市政府大楼举行", True),
        (
            "据介绍，该市将于本周三下午召开新闻发布会，届时将公布最新的防控措施和下一阶段的工作安排，请各媒体记者准时参加",
            "据介绍，该市将于下周三下午召开新闻发布会，届时将公布最新的防控措施和下一阶段的工作安排，请各媒体记者准时参加",
            False,
        ),
        (
            "国务院常务会议决定，延续实施新能源汽车免征车辆购置税政策至2027年底",
            "国务院常务会议决定，停止实施新能源汽车免征车辆购置税政策至2027年底",
            True,
        ),
    ],
)
def test_a_word_that_stops_or_cancels_put_in_makes_another_statement(a, b, another):
    """ "暂停营业" / "营业", "取消…航班" / "…航班", "终止上市" / "上市交易": what opens, flies or trades against what
    stops (all were removed as copies); the plan of every pair at once reads such pairs and agrees with the read."""
    from dedup_gui.core.textcheck import names_differ_pairs, names_replaced

    assert names_replaced(a, b) is another and names_replaced(b, a) is another
    got = names_differ_pairs([a, b], np.array([0, 1]), np.array([1, 0]), markup=False)
    assert got.tolist() == [another, another]


def test_notices_that_stop_what_another_opens_stay_apart_and_a_copy_goes():
    open_ = "受台风影响，本市所有景区将从明天起营业，具体恢复时间将另行通知，请广大游客合理安排出行计划。"
    stop = open_.replace("起营业", "起暂停营业")
    copy = open_.replace("合理安排", "合理地安排")
    assert ngram_clusters([open_, stop, copy]) == [[0, 2]]


@given(st.text(alphabet=st.sampled_from("不是没有他去了。，？ \u3000\u00a0\t\n１٣é-'’")))
@example("他 不 去\u3000了")
@example("１２月 不是 ٣")
def test_negation_words_of_a_text_without_latin_letters_or_digits_are_its_characters_but_spaces(t):
    # (the word reading of a text with no Latin letter nor digit - most Chinese texts - is told without the regular
    # expression: it must be the expression's, spaces of every kind left out, a run of digits one word)
    assert textcheck_module._negation_words(t) == textcheck_module._NEGATION_WORD.findall(t)


_PIECES = st.sampled_from(["美元", "港", "元", "美", "拟以", "拟", "以", "半决赛", "决赛", "\n", "a", "。"])


@given(st.lists(st.lists(_PIECES, max_size=6).map("".join), max_size=8))
@example(["美元", "", "\n美元\n", "x港元"])
def test_the_texts_holding_a_word_put_in_are_found_at_once_as_one_by_one(texts):
    # (``_holding``: one search over the texts joined; a word at a text's first or last character is its own)
    pattern = textcheck_module._put_in_words()
    expected = [pattern.search(t) is not None for t in texts]
    assert textcheck_module._holding(pattern, texts).tolist() == expected
