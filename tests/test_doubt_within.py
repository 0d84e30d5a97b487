"""A word written for another in a longer Chinese text (``doubt.word_replaced_within``) keeps the row for the user
to check, and a character written for its opposite there (``textcheck.OPPOSITES``, up to ``OPPOSITE_CHARS``) makes
another report: a template's next notice - another person appointed, another company's results, a rate raised
instead of cut - is no copy of the first, however many of its grams it shares."""

import pytest

from dedup_gui.core.doubt import (
    LONG_WORD_MAX,
    OWN_PASSAGE,
    WORD_ALONE_FROM,
    WORD_EDITS,
    WORD_READ_UNDER,
    doubt_plan,
    held_pairs,
    word_replaced_within,
)
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.settings import Settings
from dedup_gui.core.textcheck import SHORT_CHARS

APPOINTED = (
    "新华社北京10月3日电 国务院日前任命王伟为交通运输部部长，免去李明的交通运输部部长职务。"
    "王伟此前担任交通运输部副部长，长期从事交通运输管理工作。"
)
RESULTS = (
    "阿里巴巴集团今日发布第三季度财报，报告显示该季度营收同比增长百分之十五，"
    "净利润超出市场预期，公司股价在盘后交易中上涨。"
)
BOARD = "该公司董事会同意收购这家创业公司的全部股份，交易金额约为二十亿元人民币，预计将在明年第一季度完成交割。"
# A press release of over 400 characters whose meeting one person chaired in one and another in the other.
RELEASE = (
    "新华社北京3月15日电 国家统计局15日发布数据显示，今年前两个月，全国规模以上工业增加值同比增长5.3%，"
    "社会消费品零售总额同比增长3.5%，固定资产投资同比增长5.5%。国家统计局新闻发言人在发布会上表示，"
    "总的来看，国民经济开局良好，主要指标恢复向好，市场预期明显改善，但也要看到，外部环境依然复杂严峻，"
    "国内需求仍然不足，经济回升的基础尚不牢固。下一阶段，要坚持稳中求进工作总基调，加快构建新发展格局，"
    "着力推动高质量发展，全面深化改革开放，大力提振市场信心，推动经济运行整体好转。此次会议由王伟主持。"
    "据介绍，分行业看，41个大类行业中有22个行业增加值保持同比增长。分产品看，620种产品中有285种产品产量"
    "同比增长。其中，新能源汽车、太阳能电池等绿色产品产量保持较快增长。从就业情况看，1-2月份，全国城镇调查"
    "失业率平均值为5.6%，31个大城市城镇调查失业率为5.7%。"
)

APPOINTED_AS = (
    "公司公告称，董事会同意聘任张华为公司总经理，任期三年，自董事会审议通过之日起至本届董事会任期届满之日止。"
)
ROAD = "交警提醒，即日起该路段禁止重型货车通行，请过往车辆提前绕行，注意交通安全，服从现场民警指挥。"

REPLACED = [
    (APPOINTED, APPOINTED.replace("王伟", "张强")),  # another person (twice: one change)
    (RESULTS, RESULTS.replace("阿里巴巴集团", "腾讯控股")),  # another company, at the text's start
    ("据" + RESULTS, "据" + RESULTS.replace("阿里巴巴集团", "腾讯控股")),  # ... or a character after it
    (BOARD, BOARD.replace("同意", "拒绝")),  # another decision
    ("转自新华网 " + BOARD, BOARD.replace("同意", "拒绝")),  # ... with a header only one has
    (RELEASE, RELEASE.replace("王伟", "张强")),  # another chair, in an article of over 400 characters
    # one word for another that keeps a character of it in place: what changes around it is the word
    (APPOINTED_AS, APPOINTED_AS.replace("总经理", "财务总监")),  # 总 kept
    (ROAD, ROAD.replace("重型货车", "小型轿车")),  # 型 kept
]


@pytest.mark.parametrize(("a", "b"), REPLACED)
def test_a_word_written_for_another_in_a_longer_chinese_text_is_in_doubt(a, b):
    assert word_replaced_within(a, b)
    assert word_replaced_within(b, a)
    assert held_pairs([a], [b]).tolist() == [True]


HABIT = (
    "这款手机的屏幕很大，电池也很耐用，价格在同类产品中很有竞争力，本届展会共有来自全国二十个省市的三百多家企业参展。"
)
NOT_REPLACED = [
    # one character replaced (a typo), or a word sharing a character with the other ("表示" / "表明")
    (BOARD, BOARD.replace("收购", "收构")),
    (BOARD, BOARD.replace("预计", "估计")),
    # two typos a sign apart are no word ("股份，交易" / "股权，贸易")
    (BOARD, BOARD.replace("股份，交易", "股权，贸易")),
    # a figure is the text check's, not a word
    (BOARD, BOARD.replace("二十亿", "三十亿")),
    # a header or a footer only one text has, and the rest alike
    (BOARD, "新华网讯 " + BOARD),
    (BOARD, BOARD + "（责任编辑：王伟）"),
    # an article reposted under another headline: the title line alone differs
    ("睡觉流口水是什么原因\n" + BOARD, "睡觉流口水当心这儿有病\n" + BOARD),
    # many other changes besides: judged by its similarity alone
    (BOARD, BOARD.replace("同意", "拒绝").replace("全部股份", "部分资产").replace("明年第一季度", "今年年底前")),
    # an article of WORD_ALONE_FROM characters or more with another change besides: an editor's repost
    (RELEASE, RELEASE.replace("王伟", "张强").replace("开局良好", "开局较好")),
    # one character written for one the same way in several places: a variant or a writer's habit, no word
    (HABIT, HABIT.replace("很", "狠")),
    # a word longer than LONG_WORD_MAX
    (RESULTS, RESULTS.replace("阿里巴巴集团", "中国石油天然气集团")),
    # Latin texts are read for being rewritten, not here
    (
        "The board agreed to buy all the shares of the start-up for about two billion yuan, closing next year.",
        "The board refused to buy all the shares of the start-up for about two billion yuan, closing next year.",
    ),
]


# One template filled for two exams: the subject written in three places.
OUTLINE = (
    "二、考试内容与试卷结构\n考试采用闭卷笔试，时间为120分钟，满分100分。报考会计类岗位的考生参加本类别的专业"
    "科目考试。会计类专业科目考试由两部分组成：基础知识，单项选择40题；专业知识—会计，多项选择15题。"
)


def test_the_same_word_written_for_another_in_several_places_is_in_doubt_whatever_else_differs():
    """A template filled for another item writes its word the same way in every place it stands - "会计" / "计算
    机" three times, sharing a character - which no typo does: in doubt however else the two differ (a typo, a
    credit line only one has: a real pair of the 100k bench posts so, removed as a copy), and in a first line too.
    A word written for another in one place, with such changes besides, is judged by its similarity alone."""
    other = OUTLINE.replace("会计", "计算机")
    reposted = other.replace("多项选择", "多项选泽") + "\n（责任编辑：刘洋）"
    assert word_replaced_within(OUTLINE, other) and word_replaced_within(OUTLINE, reposted)
    assert word_replaced_within(reposted, OUTLINE)
    one_line = OUTLINE.replace("\n", "")
    assert word_replaced_within(one_line, one_line.replace("会计", "计算机").replace("满分", "瞒分") + "\n来源：新华网")
    once = OUTLINE.replace("专业知识—会计", "专业知识—计算机").replace("多项选择", "多项选泽") + "\n（责任编辑：刘洋）"
    assert not word_replaced_within(OUTLINE, once)
    # two typos, each another: no word written twice the same
    assert not word_replaced_within(OUTLINE, OUTLINE.replace("考试采用", "考试彩用").replace("由两部分", "由两布分"))
    result = Pipeline([OUTLINE, reposted]).run(Settings(algorithm="ngram"))
    assert [sorted(c.members) for c in result.clusters] == [[0, 1]]
    assert len(result.held) == 1 and result.rows_to_remove == 0  # shown to check, not removed


# Two schools' versions of one rule (written for these tests): each has a passage of its own, the first inside it.
_RULE_HEAD = "根据教育部有关规定，网上报名期间系统将对考生的学历信息进行网上校验，"
_RULE_TAIL = "考生可随时登录网站查看学历校验结果，未通过校验的考生须在现场确认时提交学历证书原件。"
RULE = _RULE_HEAD + "并于次日以短信通知考生，" + _RULE_TAIL
OTHER_RULE = _RULE_HEAD + _RULE_TAIL + "考生也可在报名前自行登录学信网查询本人的学历信息是否可以通过校验。"


def test_a_shorter_text_with_a_passage_of_its_own_inside_it_is_no_excerpt_and_in_doubt():
    """The shorter text holds a passage the longer lacks, between passages both have: it is no excerpt of the longer
    (which scores it as one, by the share of it found there), and the longer has its own too - neither is a copy of
    the other, and removing either loses its passage. An excerpt with a header line of its own, or with typos, or
    with a few characters of its own inside, stays an excerpt."""
    own = "并于次日以短信通知考生，"
    assert own not in OTHER_RULE and len(own) >= OWN_PASSAGE
    assert word_replaced_within(RULE, OTHER_RULE) and word_replaced_within(OTHER_RULE, RULE)
    excerpt = OTHER_RULE[:70]
    assert not word_replaced_within("来源：某某教育网\n" + excerpt, OTHER_RULE)  # a header line of its own
    # ... a title line sharing words with the text (the alignment cuts it in pieces between them), and a source line
    titled = "原标题：关于做好二〇一九年度考生学历信息网上校验工作的通知\n" + OTHER_RULE[20:100]
    assert not word_replaced_within(titled, OTHER_RULE)
    sourced = "原标题：网上报名期间系统将对考生的学历信息进行网上校验\n来源：某某教育网\n" + OTHER_RULE[34:100]
    assert not word_replaced_within(sourced, OTHER_RULE)
    # ... and a clause moved (it stands in the longer text elsewhere: an alignment in order cannot follow it)
    moved = (
        "根据教育部有关规定，考生可随时登录网站查看学历校验结果，网上报名期间系统将对考生的学历信息进行网上校验，"
        + ("未通过校验的考生须在现场确认时提交学历证书原件。")
    )
    assert not word_replaced_within(moved, OTHER_RULE)
    assert not word_replaced_within(excerpt.replace("校验", "较验", 1).replace("登录", "登陆"), OTHER_RULE)
    assert not word_replaced_within(excerpt.replace("考生可随时", "考生均可随时"), OTHER_RULE)  # a character more
    result = Pipeline([OTHER_RULE, RULE, OTHER_RULE.replace("自行登录", "自行登陆")]).run(Settings(algorithm="ngram"))
    assert result.held.tolist() == [1]
    assert result.resolve().keep.tolist() == [True, True, False]


@pytest.mark.parametrize(("a", "b"), NOT_REPLACED)
def test_a_typo_a_figure_a_header_a_headline_or_a_rewrite_is_not_a_word_replaced_within(a, b):
    assert not word_replaced_within(a, b)
    assert not word_replaced_within(b, a)


def test_the_rule_reads_texts_between_the_short_ones_and_long_articles():
    """Under SHORT_CHARS a word apart is ``in_doubt``'s; from WORD_READ_UNDER on a long article is not read."""
    short = "董事会同意收购这家公司"
    assert len(short) < SHORT_CHARS and not word_replaced_within(short, short.replace("同意", "拒绝"))
    long = BOARD * (WORD_READ_UNDER // len(BOARD) + 1)
    assert not word_replaced_within(long, long.replace("同意", "拒绝", 1))
    assert LONG_WORD_MAX >= len("阿里巴巴集团") and WORD_EDITS >= 2 * len("王伟")


def test_the_doubt_plan_reads_such_pairs_and_no_pair_a_typo_apart():
    texts = [BOARD, BOARD.replace("同意", "拒绝"), BOARD.replace("收购", "收构")]
    plan = doubt_plan(texts, [0, 0], [1, 2])
    assert plan.within.at.tolist() == [0]
    assert plan.read(texts).tolist() == [True, False]


def test_the_engine_keeps_a_templates_next_notice_for_the_user_to_check():
    texts = [APPOINTED, APPOINTED.replace("王伟", "张强"), APPOINTED.replace("部长职务", "部长的职务")]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    assert [sorted(c.members) for c in result.clusters] == [[0, 1, 2]]
    assert result.held.tolist() == [1]  # held; the copy with a character added is removed


def test_the_engine_keeps_an_article_with_another_name_for_the_user_to_check():
    """Names decide pairs up to NAME_CHARS in Latin text (capitals); a Chinese name is a word written for another,
    read as far: a press release of over 400 characters, chaired by another person, is no copy to remove."""
    assert WORD_ALONE_FROM < len(RELEASE) < WORD_READ_UNDER
    texts = [RELEASE, RELEASE.replace("王伟", "张强"), RELEASE.replace("主持。", "主持了会议。")]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    assert [sorted(c.members) for c in result.clusters] == [[0, 1, 2]]
    assert result.held.tolist() == [1]


OPPOSED = [
    ("警方通报称，一名男子在地铁站内突发疾病晕倒，工作人员立即拨打急救电话，目前该男子已被送往医院救治。", "男", "女"),
    (
        "据气象台预报，受冷空气影响，本周后半段全市将有一次明显的降温过程，局部地区伴有雷电和短时强降水，请市民注意安全。",
        "降温",
        "升温",
    ),
    ("央行宣布下调金融机构存款准备金率0.5个百分点，此次降准将释放长期资金约一万亿元。", "下", "上"),
]


MARKET = (
    "沪深两市周一早盘上涨，截至午间收盘，上证综指报2650点，深证成指报8100点，创业板指报1400点。"
    + "两市成交额合计约3200亿元，较上一交易日有所放大。盘面上，券商、保险、银行等金融板块表现活跃，"
    + "半导体、新能源汽车板块走势分化。分析人士指出，近期市场情绪有所修复，但外部不确定性仍存。" * 5
)
OPPOSED.append((MARKET, "上涨", "下跌"))
# 死亡 / 受伤: another toll; 上涨 / 下降: a word whose characters are each the other's opposite (上/下, 涨/降)
OPPOSED.append(
    ("当地时间周二下午，一辆大巴在高速公路上发生侧翻事故，造成3人死亡，另有10余人被送往医院救治。", "死亡", "受伤")
)
OPPOSED.append(
    ("多家航空公司宣布，自下月起国内航线燃油附加费将上涨，其中800公里以下航线每位旅客收取10元。", "上涨", "下降")
)
# 同比 / 环比 (one character apart: the words read with the character they share), 暂停 / 恢复
OPPOSED.append(
    ("国家统计局今天发布数据，10月份全国居民消费价格同比上涨2.5%，其中城市上涨2.4%，农村上涨2.7%。", "同比", "环比")
)
OPPOSED.append(
    ("受台风影响，本市所有地铁线路今天下午起暂停运营，具体时间将视天气情况另行通知，请合理安排出行。", "暂停", "恢复")
)
# 推迟 / 提前, six times in a notice of 270 characters (read where the two align, each change counted once)
OPPOSED.append(
    ("教育部发布通知，要求各地中小学推迟开学时间，具体开学时间将根据当地疫情防控形势另行通知。" * 6, "推迟", "提前")
)
# two colours: another warning level
OPPOSED.append(
    ("市气象台今天上午10时发布暴雨蓝色预警信号，预计未来6小时内本市大部分地区将出现50毫米以上降雨。", "蓝色", "黄色")
)
# 有 / 无: guilty or not (the negation replaces a character: in a longer text an opposite)
OPPOSED.append(
    ("法院一审判决被告人有罪，判处有期徒刑三年，被告人当庭表示不服，将提起上诉，案件将进入二审程序。", "有罪", "无罪")
)  # a word for its opposite word, in a text of 300 characters or more
# in an article of over 400 characters: an economy recovering or sliding, a policy taking effect or repealed
OPPOSED.append((RELEASE.replace("此次会议由王伟主持。", "发言人说，一季度经济预计将继续回升。"), "回升", "下滑"))
OPPOSED.append((RELEASE.replace("此次会议由王伟主持。", "该政策自4月1日起施行。"), "施行", "废止"))
OPPOSED.append((RELEASE.replace("此次会议由王伟主持。", "主队凭借下半场的进球取得胜利。"), "胜利", "失利"))
# another market, another currency, another supply
OPPOSED.append(
    ("受美联储加息预期影响，今日A股三大指数集体低开，截至午盘，沪指跌0.8%，两市成交额明显萎缩。", "A股", "港股")
)
OPPOSED.append(("国际金价周五收盘上涨，每盎司报1950美元，本周累计涨幅超过2%，避险需求推动金价上行。", "美元", "港元"))
OPPOSED.append(
    ("小区业主反映，近一周来小区内多次出现停水现象，每次持续时间长达数小时，给居民生活带来不便。", "停水", "停电")
)
# another place in a contest, another school, another exam
OPPOSED.append(
    ("在全国游泳锦标赛男子100米自由泳决赛中，浙江队小将以47秒65的成绩获得冠军，并打破了全国纪录。", "冠军", "亚军")
)
OPPOSED.append(
    ("中国选手在昨天进行的女子跳水10米台决赛中发挥出色，最终摘得金牌，这是代表团的第五枚奖牌。", "金牌", "铜牌")
)
OPPOSED.append(
    ("教育局通知，全市初中学生将于下周一开始期末考试，考试科目包括语文、数学、英语，请家长督促复习。", "初中", "高中")
)
OPPOSED.append(
    ("教育局通知，全市初中学生将于下周一开始期末考试，考试科目包括语文、数学、英语，请家长督促复习。", "期末", "期中")
)
# a product new or second-hand (a product title of 40 characters or more)
OPPOSED.append(
    ("全新未拆封原装正品蓝牙耳机降噪运动跑步入耳式，支持快充，续航长达三十小时，赠送收纳盒。", "全新", "二手")
)
# a criminal or a civil case; a death sentence or one suspended
OPPOSED.append(
    ("据悉，该案件已由当地警方按刑事案件立案侦查，目前犯罪嫌疑人已被控制，案件正在进一步审理中。", "刑事", "民事")
)
OPPOSED.append(
    ("该市中级人民法院一审以故意杀人罪判处被告人死刑，剥夺政治权利终身，被告人当庭表示将提起上诉。", "死刑", "死缓")
)
# the first time or again; a match on Saturday or on Sunday
OPPOSED.append(
    ("据新华社报道，我国科学家近日在国际上首次成功培育出耐盐碱水稻新品种，亩产超过六百公斤。", "首次", "再次")
)
OPPOSED.append(
    (
        "本场比赛将于本周六晚七点在市体育中心举行，届时主办方将为现场观众准备精彩的中场表演，门票已在各大平台开售。",
        "周六",
        "周日",
    )
)


# a unit for another after the same figure (or after 每): another sentence, another quantity, another dose
OPPOSED.append(
    (
        "法院经审理认为，被告人张某多次盗窃他人财物，数额较大，其行为已构成盗窃罪，依法判处有期徒刑3年，并处罚金。",
        "3年",
        "3个月",
    )
)
OPPOSED.append(
    (
        "法院经审理认为，被告人张某多次盗窃他人财物，数额较大，其行为已构成盗窃罪，依法判处有期徒刑三年，并处罚金。",
        "三年",
        "三个月",
    )
)
OPPOSED.append(
    ("据悉，该路段封闭施工期间，过往车辆需绕行约3公里，预计工期为15天，请驾驶员提前规划出行路线。", "15天", "15个月")
)
OPPOSED.append(
    ("据悉，该路段封闭施工期间，过往车辆需绕行约3公里，预计工期为15天，请驾驶员提前规划出行路线。", "3公里", "3米")
)
OPPOSED.append(
    ("海关在查验一批入境货物时，发现夹藏的濒危物种制品约2吨，案件已移交缉私部门作进一步调查。", "2吨", "2克")
)
OPPOSED.append(
    ("该药品适用于成人及12岁以上儿童，每日3次，每次1片，饭后服用；孕妇禁用，如有不适请立即停药并就医。", "每日", "每周")
)
# a drug forbidden or to be used with care; another grade of rain
OPPOSED.append(
    ("该药品适用于成人及12岁以上儿童，每日3次，每次1片，饭后服用；孕妇禁用，如有不适请立即停药并就医。", "禁用", "慎用")
)
# a ratio raised or lowered to a level
OPPOSED.append(
    (
        "央行宣布，自下月起将金融机构存款准备金率增至百分之十，此举预计将释放长期资金，以支持实体经济发展。",
        "增至",
        "降至",
    )
)
# a father or a mother; a plan or a thing done
OPPOSED.append(
    ("据了解，该男孩的父亲在外地务工，平时由爷爷奶奶照顾，事发当天男孩独自在家，目前已被送往医院救治。", "父亲", "母亲")
)
OPPOSED.append(
    ("公司方面表示，将于下月起对部分业务部门进行调整，具体方案尚在研究之中，员工补偿将依法执行。", "将于", "已于")
)
# two opposites one character apart, flanked as one change
OPPOSED.append(
    (
        "公司方面表示，将于下月起对部分业务部门进行调整，具体方案尚在研究之中，员工补偿将依法执行。",
        "将于下月",
        "已于上月",
    )
)
# a match won or lost
OPPOSED.append(
    (
        "在昨晚结束的一场焦点战中，主场作战的上海队以3比1战胜北京队，积分升至联赛第二位，北京队则遭遇两连败。",
        "战胜",
        "负于",
    )
)
# a party to a suit or a contract, a graduate of this year or an earlier one
OPPOSED.append(
    ("法院审理后认为，原告提交的证据足以证明其主张，遂判决支持其诉讼请求，案件受理费由被告承担。", "由被告", "由原告")
)
OPPOSED.append(
    (
        "合同约定，因不可抗力导致工程延期的，由甲方承担相应损失，施工质量问题造成的返工费用由施工单位承担。",
        "甲方",
        "乙方",
    )
)
OPPOSED.append(
    (
        "本次招聘面向应届毕业生，要求本科及以上学历，年龄在30周岁以下，报名截止时间为本月20日，逾期不予受理。",
        "应届",
        "往届",
    )
)
OPPOSED.append(
    (
        "明天白天到夜间，全市阴有小雨，局部地区有中雨，偏北风3到4级，请市民出行注意携带雨具，注意交通安全。",
        "中雨",
        "大雨",
    )
)


@pytest.mark.parametrize(("text", "x", "y"), OPPOSED)
def test_a_character_written_for_its_opposite_in_a_longer_text_makes_another_report(text, x, y):
    assert len(text) >= SHORT_CHARS
    other = text.replace(x, y)
    result = Pipeline([text, other, text + "新华社"]).run(Settings(algorithm="ngram"))
    assert [sorted(c.members) for c in result.clusters] == [[0, 2]]


def test_a_day_of_the_week_counts_only_after_its_word():
    """六 / 天 is another day after 周, 星期 or 礼拜; elsewhere a typo (a random edit planted in a bench copy)."""
    sentence = "被判处有期徒刑六年，另一被告人被判处三年，两人均表示不上诉，目前该判决已经生效，将送监狱服刑。"
    result = Pipeline([sentence, sentence.replace("六年", "天年")]).run(Settings(algorithm="ngram"))
    assert [sorted(c.members) for c in result.clusters] == [[0, 1]]
    notice = "本场比赛将于下星期六晚七点在市体育中心举行，届时主办方将为现场观众准备精彩的中场表演，门票已开售。"
    result = Pipeline([notice, notice.replace("星期六", "星期天")]).run(Settings(algorithm="ngram"))
    assert result.clusters == []


@pytest.mark.parametrize(
    ("x", "y"), [("每日", "每天"), ("2吨", "2顿"), ("3公斤", "3千克"), ("3个月", "3月"), ("11月6日", "11年6日")]
)
def test_a_unit_written_as_the_same_unit_or_a_typo_beside_it_is_still_a_copy(x, y):
    """One unit in other words ("每日" / "每天", "公斤" / "千克"), or a typo that writes no unit (a date's 月 typed
    年: left to the figures): the same quantity, still a copy."""
    text = "11月6日海关查验时发现夹藏制品约2吨，每日3次，3公斤装，3个月内，案件已移交缉私部门作进一步调查处理。"
    assert x in text
    result = Pipeline([text, text.replace(x, y)]).run(Settings(algorithm="ngram"))
    assert [sorted(c.members) for c in result.clusters] == [[0, 1]]
