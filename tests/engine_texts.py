"""Small hand-written articles for engine tests (our own text), with realistic repost edits."""

import numpy as np

ZH_A = (
    "本报讯 昨天上午，市交通委员会召开新闻发布会，宣布今年年底前将新开通三条地铁线路，总里程超过八十公里。"
    "据介绍，这三条线路分别连接城市东部的产业园区、南部的大学城以及西北方向的新建居住区，建成后将明显缓解早晚高峰的通勤压力。"
    "交通委负责人表示，新线路全部采用全自动驾驶系统，列车最高时速可达一百公里，站台均设置了屏蔽门和无障碍电梯。"
    "此外，为方便市民换乘，沿线还将新建二十多个公交接驳站和大型自行车停放点，部分车站将与城际铁路实现同站换乘。"
    "有市民在接受采访时说，自己每天从郊区到市中心上班需要一个半小时，新线路开通后预计可以节省将近一半的时间。"
    "据悉，目前各条线路的土建工程已经基本完成，正在进行设备安装和系统联调，预计十二月中旬开始空载试运行。"
)

ZH_B = (
    "气象部门今天发布消息称，受强冷空气影响，本周后半段我省大部分地区将迎来明显降温，局部地区降温幅度可达十二摄氏度以上。"
    "预计周四夜间起，北部山区将先后出现雨夹雪或小雪天气，中南部地区则以小到中雨为主，并伴有五到六级的偏北大风。"
    "气象专家提醒，这次降温过程来得快、幅度大，老人、儿童和患有慢性病的人群要注意及时添加衣物，谨防感冒和心脑血管疾病。"
    "农业部门也提醒种植户提前做好大棚蔬菜和露天果树的防寒保暖工作，避免霜冻造成损失。"
    "交通管理部门表示，山区道路可能出现结冰，驾驶员应减速慢行，保持安全车距，必要时可以选择绕行高速公路。"
)

ZH_C = (
    "昨晚进行的全国女子排球联赛中，主场作战的本地球队以三比一战胜了上赛季的冠军，取得了本赛季的第五场胜利。"
    "比赛开始后，客队凭借出色的拦网一度领先，但主队及时调整战术，加强了发球的攻击性，很快扭转了被动局面。"
    "主队年轻的主攻手全场拿下二十六分，成为全场得分最高的球员，她在赛后表示，这场胜利属于全队每一个人。"
    "主教练则认为，球队在一传环节仍然存在不少问题，接下来两周的训练将重点解决这一短板，为客场比赛做好准备。"
    "目前主队以十五个积分暂列积分榜第二位，距离榜首只差两分，下一轮他们将在周六晚上客场挑战另一支强队。"
)

# A long article (simhash is meant for texts of several hundred characters and more).
ZH_LONG = ZH_A + "\n" + ZH_B + "\n" + ZH_C

# Same event as ZH_A (same numbers, places) written up differently: NOT a duplicate.
ZH_A_OTHER_WRITEUP = (
    "三条地铁新线有望年底开通。记者从市交通委获悉，三条新线总长八十多公里，串起东部产业园区、南部大学城和西北部新居住区。"
    "与以往线路不同，新线全部实现无人驾驶，设计时速一百公里。交通委相关负责人在发布会上回答记者提问时说，"
    "通车后郊区居民进城的时间有望大幅缩短。目前土建基本完工，设备正在安装调试，十二月中旬将进行空载试运行。"
    "对于市民关心的换乘问题，该负责人介绍，将在沿线配套建设公交接驳站和自行车停放点，并与城际铁路衔接。"
)

EN_A = (
    "The city council voted on Tuesday to build a new public library in the northern district, ending a debate that "
    "had lasted almost three years. The three-storey building will hold more than two hundred thousand books, a "
    "children's reading room and a small theatre for local groups. Construction is expected to begin next spring and "
    "to take about eighteen months. Council members said the project would be paid for mainly by a regional "
    "development fund, with the rest coming from the city's own budget. Residents who attended the meeting welcomed "
    "the decision, although some asked why the library would not open on Sundays."
)

EN_B = (
    "Heavy rain caused flooding in several villages along the river over the weekend, forcing dozens of families to "
    "leave their homes. Emergency services used boats to reach people trapped on the upper floors of their houses. "
    "No injuries were reported, but local farmers said large parts of the harvest had been destroyed. The regional "
    "government has promised financial help and said engineers would inspect the flood barriers next week."
)


def repost_with_header(text: str) -> str:
    return "来源：东方晨报 2018-10-12 记者 王小明\n" + text


def repost_with_footer(text: str) -> str:
    return text + "\n（本文来自合作媒体，版权归原作者所有，如有侵权请联系删除。）"


def html_wrapped(text: str) -> str:
    return (
        "<html><head><style>.article{font-size:16px;color:#333}</style>"
        "<script>var _hmt = _hmt || []; window.track('view');</script></head>"
        f"<body><div class='article'><p>{text.replace('，', '&#65292;')}</p></div></body></html>"
    )


def truncated(text: str, share: float = 0.8) -> str:
    return text[: int(len(text) * share)]


def char_edited(text: str, every: int = 60) -> str:
    """About 1.7 % of characters substituted, evenly spread."""
    chars = list(text)
    for i in range(every // 2, len(chars), every):
        chars[i] = "某"
    return "".join(chars)


def sentences_swapped(text: str) -> str:
    parts = [p for p in text.split("。") if p]
    parts[0], parts[1] = parts[1], parts[0]
    return "。".join(parts) + "。"


_COMMON_WORDS = (
    "the of and to in said it was for on that is with by at from as its an be has will year would which per "
    "company bank market shares rate trade oil prices group this were they also new two one after been are "
    "first last week months sales income loss profit net dlrs mln pct up down government expected"
).split()


def common_word_sentences(n: int, copies: int, seed: int) -> tuple[list[str], list[tuple[int, int]]]:
    """``n`` sentences of 8 to 14 words drawn from sixty common English words (most of their 4-grams are in many
    sentences: the wide prefix buckets of English text), then ``copies`` of them with one letter changed. Returns
    the texts and the (sentence, copy) pairs."""
    import random

    rng = random.Random(seed)
    texts = [
        " ".join(rng.choice(_COMMON_WORDS) for _ in range(rng.randint(8, 14))).capitalize() + "." for _ in range(n)
    ]
    pairs = []
    for source in rng.sample(range(n), copies):
        t = texts[source]
        at = rng.choice([i for i, ch in enumerate(t) if ch.isalpha()])
        texts.append(t[:at] + rng.choice([c for c in "abcdefghijklmnopqrstuvwxyz" if c != t[at].lower()]) + t[at + 1 :])
        pairs.append((source, len(texts) - 1))
    return texts, pairs


# Template sentences (our own) that differ only in a name, each with a copy that misspells the name: a row per
# report, and the copy beside the report it copies.
NAME_TEMPLATES = [
    "The trade attache in {} said in a weekly cable that the wheat harvest was running ahead of last year's pace.",
    "The notes are available in denominations of 1,000 and 10,000 {} dollars and will be listed in Luxembourg.",
    "Shares of {} rose sharply in early trading after the company said it had agreed to be acquired for cash.",
]
NAME_FILLS = [
    ("Warsaw", "Buenos Aires", "Nairobi"),
    ("Canadian", "Australian", "New Zealand"),
    ("Northwind Traders", "Contoso Pharmaceuticals", "Fabrikam"),
]
NAME_TYPOS = ("Warsav", "Canadien", "Northwind Tradrs")  # a copy of each template's first report, misspelt


def name_template_rows() -> tuple[list[str], list[list[int]]]:
    """The template reports and their misspelt copies, and the clusters a careful editor makes of them: each
    first report with its copy, every other report on its own."""
    texts, clusters = [], []
    for template, fills, typo in zip(NAME_TEMPLATES, NAME_FILLS, NAME_TYPOS, strict=True):
        first = len(texts)
        texts += [template.format(name) for name in fills]
        texts.append(template.format(typo))
        clusters.append([first, len(texts) - 1])
    return texts, clusters


def pair_arrays(texts: list[str], pairs: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], np.ndarray, np.ndarray]:
    """Drawn pairs of row numbers brought into ``texts`` (modulo its length), and their two sides as the int64
    arrays the column-at-once readers of the text check take."""
    pairs = [(i % len(texts), j % len(texts)) for i, j in pairs]
    a = np.array([p[0] for p in pairs], dtype=np.int64)
    b = np.array([p[1] for p in pairs], dtype=np.int64)
    return pairs, a, b


def ngram_clusters(texts: list[str], **settings) -> list[list[int]]:
    """The clusters an n-gram run of ``texts`` makes (``settings`` on top of the defaults), each as its sorted
    members, in order."""
    from dedup_gui.core.pipeline import Pipeline
    from dedup_gui.core.settings import Settings

    result = Pipeline(texts).run(Settings(algorithm="ngram", **settings))
    return sorted(sorted(c.members) for c in result.clusters)


# A notice of a templated series (invented): each issue changes a figure or two.
_SERIES_NOTICE = (
    "本周国债招标公告：财政部将于下周一招标发行{amount}亿元记账式附息国债，期限{term}年，票面利率{rate}%，"
    "缴款日为招标后第二个工作日，上市交易日为缴款日后第三个工作日，面值100元，每半年付息一次。"
)


def checked_corpus() -> list[str]:
    """Texts whose near pairs the text check both passes (reposts, a misspelt copy) and fails (a name or a figure
    replaced in a template): for tests that the check says the same however its work is divided."""
    names, _ = name_template_rows()
    notices = [
        _SERIES_NOTICE.format(amount=amount, term=term, rate=rate)
        for amount, term, rate in [(260, 10, 2.69), (280, 10, 2.69), (260, 7, 2.69), (260, 10, 2.71)]
    ]
    reposts = [ZH_A, repost_with_header(ZH_A), char_edited(ZH_A), ZH_B, truncated(ZH_B, 0.9), ZH_C, EN_A, EN_B]
    return names + notices + [notices[0]] + reposts
