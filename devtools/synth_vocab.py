"""Hand-written word lists and sentence templates for the synthetic corpus generator (``synth``).

Everything here was written for this project: no text is taken from any real corpus. Templates use
``{slot}`` fields filled by ``synth``; event-level slots (``{city}``, ``{org}``, ``{person}``, ``{amount}`` ...)
stay the same throughout one article and across write-ups of the same event, the others are drawn afresh.
"""

from __future__ import annotations

# ---------------------------------------------------------------------------------------------------------------
# Chinese: names, places, organisations
# ---------------------------------------------------------------------------------------------------------------

CITIES = (
    "北京 上海 天津 重庆 杭州 宁波 温州 绍兴 南京 苏州 无锡 常州 扬州 南通 合肥 芜湖 福州 厦门 泉州 南昌 赣州 "
    "济南 青岛 烟台 潍坊 郑州 洛阳 开封 武汉 宜昌 襄阳 长沙 株洲 岳阳 广州 深圳 珠海 佛山 东莞 汕头 南宁 桂林 "
    "柳州 海口 三亚 成都 绵阳 宜宾 贵阳 遵义 昆明 大理 拉萨 西安 宝鸡 兰州 天水 西宁 银川 乌鲁木齐 哈尔滨 大庆 "
    "长春 吉林 沈阳 大连 鞍山 石家庄 保定 唐山 太原 大同 呼和浩特 包头 鄂尔多斯 徐州 盐城 金华 台州 嘉兴 湖州"
).split()

DISTRICTS = (
    "城东区 城西区 城南区 城北区 高新区 经开区 滨江新区 临港新区 江北区 河西区 新城区 老城区 湖滨区 开发区 "
    "西湖片区 北湖区 南山区 东湖区 金沙区 长林区 青云区 白石区 松岭区 梅园区 清河区 望江区 秀水区 龙泉区"
).split()

VILLAGES = "桃源村 石桥村 柳树湾村 杨家坪村 青山村 下河村 双井村 枫林村 红旗村 大湾村 新华村 黄土岭村".split()

BUREAUS = (
    "发展和改革委员会 教育局 交通运输局 生态环境局 文化和旅游局 卫生健康委员会 应急管理局 统计局 "
    "市场监督管理局 住房和城乡建设局 农业农村局 科学技术局 商务局 人力资源和社会保障局 公安局 体育局 "
    "水利局 自然资源和规划局 民政局 城市管理局 数据资源管理局 医疗保障局"
).split()

FIRMS_A = "瑞 鸿 金 华 恒 中 天 博 新 众 宏 盛 嘉 汇 创 海 云 星 长 德 泰 远 安 诚 欣 光 弘 广 明 景".split()
FIRMS_B = "丰 远 桥 信 达 川 禾 安 源 泰 图 维 邦 辰 宇 峰 拓 晟 润 联 科 航 睿 顺 启 翔 骏 和 佳 力".split()
INDUSTRIES = (
    "科技 能源 物流 医药 汽车 食品 电子 材料 智能 生物 机械 环保 农业 数据 文旅 建设 化工 纺织 光电 通信"
).split()
FIRM_SUFFIX = "股份有限公司 集团 有限公司 控股集团 科技有限公司".split()

SCHOOLS = "第一中学 第三中学 实验小学 外国语学校 职业技术学院 师范大学 理工大学 科技大学 医科大学 财经学院".split()
HOSPITALS = "人民医院 中心医院 第二人民医院 中医院 妇幼保健院 儿童医院".split()

SURNAMES = (
    "王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 高 林 罗 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 彭 曾 肖 田 董 "
    "袁 潘 于 蒋 蔡 余 杜 叶 程 苏 魏 吕 丁 任 沈 姚 卢 姜 崔 钟 谭 陆 汪 范 金 石 廖 贾 夏 韦 付 方 白 邹 孟"
).split()
GIVEN = (
    "伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀 霞 平 刚 桂 英 华 玉 萍 红 建 文 辉 力 鹏 宇 晨 "
    "浩 婷 雪 琳 颖 凯 鑫 博 宁 欣 然 楠 思 佳 悦 晓 东 海 峰 志 春 梅 兰 松 林 军 斌 波 俊 帆 毅 瑶 蕾 "
    "嘉 睿 哲 航 昊 泽 彤 雯 珊 璐 晶 诚 健 岚"
).split()

ROLES = {
    "gov": "局长 副局长 主任 副主任 处长 新闻发言人 相关负责人 工作人员 党组书记 科长".split(),
    "firm": "董事长 总经理 副总裁 首席执行官 技术总监 财务总监 项目经理 市场部负责人".split(),
    "expert": "教授 研究员 首席经济学家 高级分析师 博士生导师 副教授 高级工程师 资深律师".split(),
    "sport": "主教练 队长 助理教练 俱乐部总经理 体能教练 主力前锋 守门员 老将".split(),
    "public": "市民 村民 志愿者 出租车司机 店主 退休教师 大学生 外卖骑手 社区网格员 游客".split(),
    "doctor": "主任医师 副主任医师 护士长 院长 科室主任 主治医师".split(),
}

TEAM_NAMES = "猛龙 雄狮 海港 飞鹰 蓝鲸 铁军 火箭 猎豹 金狼 银河 骏马 神舟 山猫 狂风 海豚 钢铁".split()
SPORTS = "足球 篮球 排球 乒乓球 羽毛球 网球 马拉松 游泳 田径 围棋".split()
COMPETITIONS = "联赛 锦标赛 邀请赛 公开赛 冠军杯 超级杯 全运会预选赛 城市联赛".split()

PRODUCT_KIND = (
    "智能手机 折叠屏手机 平板电脑 智能手表 无人机 扫地机器人 新能源汽车 服务器芯片 云平台 操作系统 语音助手 充电桩"
).split()
PRODUCT_SERIES = "星河 天穹 启明 极光 青鸟 凌云 瀚海 灵犀 赤焰 北斗 鲲鹏 雪豹".split()

WORK_A = "远方 春天 故乡 长河 灯火 山海 归途 星空 大地 晨光 秋水 风雪 城南 少年 黄昏 旷野".split()
WORK_B = "的约定 之歌 往事 纪事 的回声 人家 物语 与我 之上 旧梦 来信 守望者".split()
WORK_KIND = "电影 话剧 长篇小说 纪录片 音乐剧 舞剧 电视剧 展览".split()

FACILITY = (
    "综合交通枢纽 地铁三号线 跨江大桥 智慧产业园 污水处理厂 体育中心 图书馆新馆 人民公园 老旧小区改造 "
    "城市快速路 生态湿地公园 数据中心 物流园区 国际会展中心 高铁站 儿童医院新院区 文化广场 滨江绿道"
).split()

WEATHER_KIND = "暴雨 大风 寒潮 高温 大雾 雷电 冰雹 暴雪 台风 霜冻 道路结冰".split()
WEATHER_COLOR = "蓝色 黄色 橙色 红色".split()

CROPS = "水稻 小麦 玉米 茶叶 柑橘 草莓 葡萄 油菜 蔬菜 猕猴桃 苹果 中药材".split()
DISEASES = "流感 手足口病 高血压 糖尿病 近视 龋齿 过敏性鼻炎 腰椎间盘突出".split()
CRIMES = "电信网络诈骗 非法集资 盗窃电动车 酒后驾驶 销售假冒商品 非法捕捞 网络赌博".split()

# Outlets for reposts (made-up names built like real ones).
OUTLET_A = "晨光 东方 南方 北方 江海 都市 新潮 山河 先锋 时代 今日 环球 财经 华夏 长江 天下".split()
OUTLET_B = "日报 晚报 早报 新闻网 观察 周刊 快报 客户端 资讯 头条 商报 在线".split()

# ---------------------------------------------------------------------------------------------------------------
# Chinese: sentence pieces
# ---------------------------------------------------------------------------------------------------------------

OPENERS = (
    "据了解，",
    "记者{md}从{org}获悉，",
    "今年以来，",
    "{md}上午，",
    "截至{month}月底，",
    "与此同时，",
    "值得注意的是，",
    "业内人士分析认为，",
    "从现场情况看，",
    "根据最新发布的数据，",
    "{md}下午，",
    "记者在现场看到，",
    "近日，",
    "另据介绍，",
    "一位不愿透露姓名的{role_pub}告诉记者，",
    "按照计划，",
    "在{place}，",
    "来自{org}的消息显示，",
    "就在{n}天前，",
    "从去年{month}月开始，",
    "相比之下，",
    "对此，",
    "事实上，",
    "总体来看，",
)

TAILS = (
    "，较上年同期提高{pct}个百分点",
    "，创下近{n}年来的新高",
    "，为下一步工作打下了坚实基础",
    "，相关工作将在{month}月底前全部完成",
    "，受到不少{role_pub}的欢迎",
    "，预计将带动就业岗位{num}个",
    "，这一数字在全省排名第{n}位",
    "，比原计划提前了{n}个月",
    "，有关部门已经介入调查",
    "，目前各项准备工作正在有序推进",
    "，引发了网友的广泛讨论",
    "，不少人在社交媒体上留言点赞",
    "，这也是{city}首次尝试这种做法",
    "，后续进展本报将持续关注",
    "，涉及{num}户家庭",
    "，总投资约{money}",
    "，覆盖周边{n}个乡镇",
    "，此前类似情况曾在{city2}出现过",
    "，参与人数超过{num}人次",
    "，并计划在{year}年前推广到全市",
)

QUOTE_INTRO = (
    "{person}{role}表示：",
    "“我们的目标很明确。”{person}{role}说，",
    "{person}{role}在接受采访时说：",
    "谈及下一步打算，{person}{role}说：",
    "{role}{person}坦言：",
    "对于外界关心的问题，{person}回应称：",
)

QUOTES = (
    "“接下来我们会继续加大投入，把{thing}这件事真正办好、办实。”",
    "“说实话，刚开始大家心里都没底，现在看效果比预想的要好。”",
    "“{thing}关系到每一个家庭，我们一点都不能马虎。”",
    "“这{n}年来变化太大了，以前根本想不到会有今天。”",
    "“我们已经成立了专门的工作小组，每周都会开会研究具体问题。”",
    "“下一步的重点是把{thing}和群众的实际需求结合起来。”",
    "“困难肯定有，但办法总比困难多，关键是要敢于尝试。”",
    "“希望更多的年轻人能够参与进来，一起把{thing}做大做强。”",
    "“数据只是一个方面，老百姓的感受才是最重要的标准。”",
    "“目前还处于起步阶段，很多经验需要在实践中慢慢积累。”",
    "“我们会用最严格的标准来要求自己，绝不让大家失望。”",
    "“{city}有很好的基础，这也是我们愿意来这里发展的原因。”",
)

# Topic-specific clause templates. Event-level slots keep an article (and its same-event write-ups) consistent.
TOPICS: dict[str, dict[str, tuple[str, ...]]] = {
    "economy": {
        "headline": (
            "{company}前三季度营收{amount} 同比增长{pct_e}%",
            "{city}{quarter}经济数据出炉：{thing}增速领跑全省",
            "{company}拟投资{amount}建设新基地 落户{place}",
            "{city}出台{n}条措施支持中小企业发展",
        ),
        "clause": (
            "{company}{quarter}实现营业收入{amount}，同比增长{pct_e}%，净利润增幅明显高于行业平均水平",
            "{org}公布的数据显示，{city}{quarter}地区生产总值达到{money}，增速比上半年加快{pct}个百分点",
            "{company}计划在{place}投资{amount}建设新的生产基地，项目建成后年产值有望突破{money}",
            "社会消费品零售总额同比增长{pct}%，其中网上零售额占比接近{pct}%",
            "受原材料价格上涨影响，部分中小企业的利润空间受到挤压，订单交付周期也有所延长",
            "{city}新设立市场主体{num}户，其中民营企业占比超过{pct}%，创业热情持续升温",
            "进出口总额达到{money}，对{region}的出口增长尤为明显，机电产品占据半壁江山",
            "{person}{role}认为，{company}的增长主要得益于新产品的放量和海外市场的拓展",
            "该公司研发投入同比增加{pct}%，全年新增专利授权{num}件，其中发明专利{n}件",
            "{org}近日出台{n}条具体措施，在减税降费、融资担保、用地保障等方面给予企业支持",
            "银行业金融机构向小微企业发放贷款{money}，平均利率较去年同期下降{pct}个百分点",
            "受春节错月等因素影响，部分行业数据出现波动，但整体回升向好的态势没有改变",
            "在{place}的一处工业园区内，{company}的新厂房已经封顶，设备正在分批进场调试",
            "分析人士指出，{thing}仍然面临外部需求放缓和国内成本上升的双重压力",
            "当地还设立了规模为{amount}的产业引导基金，重点投向先进制造业和现代服务业",
            "{company}的股价当天上涨{pct}%，成交额较前一交易日明显放大",
            "居民人均可支配收入达到{num}元，农村居民收入增速继续快于城镇居民",
            "规模以上工业增加值同比增长{pct}%，高技术制造业增加值增速高出平均水平{n}个百分点",
        ),
        "thing": "消费市场 制造业投资 外贸出口 数字经济 民营经济 营商环境 产业升级 县域经济".split(),
    },
    "sport": {
        "headline": (
            "{team}主场{score}力克{team2} 取得{n}连胜",
            "{sport}{competition}{city}站落幕 {person}夺得冠军",
            "{team}主教练{person}：下一场比赛会更加困难",
            "{city}{sport}{competition}吸引{count}名选手参赛",
        ),
        "clause": (
            "在{md}晚进行的{sport}{competition}中，{team}坐镇主场以{score}战胜{team2}，取得{n}连胜",
            "{person}在比赛第{n}分钟打破僵局，这也是他本赛季的第{n2}个进球",
            "上半场双方都比较谨慎，{team2}凭借几次快速反击制造了不小的威胁，但始终未能破门",
            "易边再战后，{team}加强了中场的逼抢，很快便掌握了场上的主动权",
            "本次{competition}共吸引了来自全国各地的{count}名选手报名参加，参赛人数创下历届之最",
            "{person}{role}在赛后新闻发布会上表示，球队在防守端仍有不少需要改进的地方",
            "目前{team}以{num}分排名积分榜第{n}位，与领头羊的差距缩小到{n2}分",
            "比赛当天，{venue}座无虚席，不少球迷提前三个小时就来到场外排队入场",
            "由于伤病原因，{team2}的{n}名主力球员缺席了本场比赛，阵容深度受到考验",
            "{person}以{duration}的成绩率先冲过终点，打破了由自己保持的赛会纪录",
            "赛事组委会共设置了{n}个补给站，并安排{num}名志愿者为选手提供服务",
            "根据赛程安排，{team}将在{n}天后客场挑战实力强劲的{team3}",
            "这场胜利让{team}在争夺季后赛资格的竞争中占据了有利位置",
            "{team2}的主教练承认，球队在关键时刻的把握能力还有待提高",
            "近{n}个赛季以来，{team}在主场面对{team2}时始终保持不败",
        ),
        "thing": "青训体系 全民健身 赛事运营 球队建设 体育产业 校园体育".split(),
    },
    "technology": {
        "headline": (
            "{company}发布{product} 售价{price}元起",
            "{city}建成{n}个{tech}应用场景 覆盖{count}家企业",
            "{company}{tech}研发取得新突破",
            "{product}正式开售 首批{count}台很快售罄",
        ),
        "clause": (
            "{company}{md}在{city}举行发布会，正式推出新一代{product}，起售价为{price}元",
            "新产品搭载了自研的{tech}模块，官方称其整体性能比上一代提升了约{pct}%",
            "据{company}{role}{person}介绍，团队用了{n}年时间攻克了{tech}方面的多项关键技术",
            "{city}已累计建成{tech}基站{num}个，实现主城区和重点乡镇的连续覆盖",
            "业内人士认为，{tech}技术的普及将深刻改变制造业的生产组织方式",
            "目前该平台已接入企业{count}家，日均处理数据量超过{num}万条",
            "首批{count}台{product}在开售后不到{n}分钟便全部售罄，二手平台上随即出现加价转让",
            "在续航方面，这款产品配备了容量更大的电池，官方宣称正常使用可以坚持{n}天",
            "有消费者反映，新机在高负载场景下发热比较明显，{company}表示将通过软件更新进行优化",
            "{org}表示，将对在{place}落户的{tech}企业给予最高{amount}的资金扶持",
            "研究团队的相关成果已发表在国际学术期刊上，并申请了{n}项国际专利",
            "与上一代相比，新款{product}的重量减轻了{num}克，屏幕边框也更窄",
            "{person}{role}提醒，用户在使用{tech}相关服务时要注意保护个人隐私和数据安全",
            "从产业链角度看，上游的芯片和传感器供应仍是制约产能释放的主要因素",
            "该项目由{company}牵头，联合{n}所高校和科研院所共同实施",
        ),
        "thing": "人工智能 5G网络 工业互联网 数字政务 智慧城市 芯片产业 数据安全".split(),
    },
    "weather": {
        "headline": (
            "{city}发布{weather}{color}预警 请市民注意防范",
            "新一轮{weather}来袭 {city}气温将降至{temp}℃",
            "{city}遭遇入汛以来最强降雨 {n}条道路积水",
            "未来{n}天{city}天气多变 出行请留意",
        ),
        "clause": (
            "{city}市气象台{md}{hour}点发布{weather}{color}预警，提醒市民尽量减少不必要的外出",
            "受冷空气影响，未来{n}天{city}大部分地区气温将下降{drop}℃，最低气温可达{temp}℃",
            "过去{n}小时内，{place}累计降雨量达到{rain}毫米，部分低洼路段出现明显积水",
            "阵风最大可达{n}级，海上航线已经暂停运营，{n2}趟航班被迫取消",
            "{org}已启动防汛四级应急响应，抽调{num}名工作人员在重点区域值守",
            "气象专家{person}提醒，这次过程持续时间长、累计雨量大，要特别防范山洪和地质灾害",
            "在{place}的一个路口，记者看到积水已经没过了小腿，有车辆在水中熄火",
            "环卫部门连夜出动{num}名工人和{n}台抽水设备，对积水点进行排查处置",
            "预计本周末天气将逐步转好，气温回升到{temp2}℃左右，适合户外活动",
            "农业部门建议种植户及时加固大棚，做好{crop}等作物的防冻保暖工作",
            "{city}{md}的最高气温达到{temp2}℃，刷新了当地同期的气象观测纪录",
            "受大雾天气影响，{city}境内多条高速公路采取了临时交通管制措施",
            "据统计，此次过程共造成{count}人受灾，没有人员伤亡的报告",
            "中小学校已根据预警级别调整了上下学时间，部分学校临时改为线上教学",
        ),
        "thing": "防汛抗旱 城市排水 气象服务 防灾减灾 农业生产 交通安全".split(),
    },
    "culture": {
        "headline": (
            "{work_kind}{work}在{city}首演 {count}名观众到场观看",
            "{city}{n}家博物馆推出夜间开放 市民可免费预约",
            "{person}新作{work}出版 讲述{city}的百年变迁",
            "{city}举办第{n}届文化旅游节",
        ),
        "clause": (
            "由{company}出品的{work_kind}{work}{md}晚在{city}大剧院首演，现场座无虚席",
            "该作品以{city}近百年的城市变迁为背景，讲述了普通家庭在时代浪潮中的悲欢离合",
            "导演{person}在首演结束后说，整个创作团队为了这部作品准备了整整{n}年",
            "展览共展出各类文物和艺术品{num}件，其中不少是首次与公众见面",
            "{org}介绍，今年文化旅游节期间将推出{n}条精品线路和{num}场文艺演出",
            "不少观众在社交平台上分享观后感，认为{work}在细节处理上非常用心",
            "从{month}月起，{city}的{n}家博物馆将在每周五和周六延长开放时间至晚上九点",
            "据统计，节日期间{city}共接待游客{count}人次，实现旅游收入{money}",
            "这部{work_kind}的剧本前后修改了{n}稿，演员们也多次深入基层体验生活",
            "馆方特别设置了互动体验区，小朋友们可以亲手制作传统手工艺品",
            "评论家{person}认为，{work}用很朴素的语言写出了很深的情感，读来令人动容",
            "非遗传承人{person2}现场展示了传统技艺，吸引了大批市民驻足观看",
            "本次活动由{org}主办，{company}承办，将持续到{month}月中旬",
            "有游客表示，这样的夜间开放让上班族也有机会走进博物馆，是一件大好事",
        ),
        "thing": "文化惠民 非遗保护 文旅融合 公共阅读 艺术创作 夜间经济".split(),
    },
    "government": {
        "headline": (
            "{city}{facility}项目正式开工 总投资{amount}",
            "{org}：今年将完成{count}户老旧小区改造",
            "{city}推出{n}项便民举措 办事时间压缩{pct_e}%",
            "{place}{facility}预计{year}年底建成",
        ),
        "clause": (
            "{city}{facility}项目{md}正式开工建设，总投资约{amount}，计划工期{n}个月",
            "项目建成后，将有效缓解{place}一带长期存在的交通拥堵问题，惠及周边{count}名居民",
            "{org}{role}{person}介绍，今年全市计划完成{num}个老旧小区的改造任务，目前已完工{pct}%",
            "在改造过程中，施工单位充分听取居民意见，对加装电梯、停车位规划等问题逐一作出回应",
            "为方便群众办事，{city}政务服务中心新开设了{n}个综合窗口，实现“一窗受理、一次办结”",
            "企业开办时间已由原来的{n}个工作日压缩到{n2}个工作日以内",
            "{place}的{village}通过发展特色产业，村集体收入从{num}元增加到{money}",
            "市人大常委会组织代表对{facility}项目推进情况开展专题视察，并提出了{n}条意见建议",
            "针对群众反映强烈的噪音扰民问题，{org}开展了为期{n}个月的专项整治行动",
            "社区网格员{person2}每天都要走访辖区内的{n}栋居民楼，收集和反馈群众诉求",
            "今年{city}财政用于民生领域的支出占一般公共预算支出的比重达到{pct}%",
            "会议强调，要把{thing}作为重中之重，确保各项任务按时间节点完成",
            "目前，项目前期的征收和管线迁改工作已基本完成，主体工程正在抓紧施工",
            "不少居民表示，改造后的小区环境焕然一新，住起来更舒心了",
            "{city}还将新建和改扩建{n}所中小学和幼儿园，新增学位{num}个",
        ),
        "thing": "民生实事 城市更新 乡村振兴 基层治理 政务服务 安全生产".split(),
    },
    "education": {
        "headline": (
            "{city}{n}所新学校秋季开学 新增学位{count}个",
            "{school}学生在全国竞赛中获得{n}项一等奖",
            "{org}：严禁中小学违规补课",
            "{city}高考报名人数达{count}人",
        ),
        "clause": (
            "今年秋季，{city}新建成的{n}所中小学将正式投入使用，共新增学位{count}个",
            "{city}{school}的{n}名学生在全国青少年科技创新大赛中获得一等奖",
            "{org}印发通知，明确要求各中小学不得利用节假日组织学生集体补课",
            "今年{city}高考报名人数达到{count}人，比去年增加了{num}人",
            "{school}校长{person}介绍，学校开设了{n}门特色选修课，学生可以根据兴趣自由选择",
            "课后服务实现了义务教育学校全覆盖，参与学生比例达到{pct}%",
            "为减轻学生课业负担，不少学校对作业总量和时长进行了严格控制",
            "{person2}老师已经在乡村学校任教{n}年，她说最大的心愿就是看到孩子们走出大山",
            "今年全市共招聘新教师{num}名，其中研究生学历的占比接近{pct}%",
            "家长{person2}告诉记者，孩子放学后可以在学校完成作业，接送的压力小了很多",
            "高校毕业生就业率保持在{pct}%以上，到中小微企业就业的比例有所提高",
            "学校食堂引入了明厨亮灶系统，家长可以通过手机实时查看后厨的操作情况",
            "{org}计划用{n}年时间，让全市每一所乡村学校都配备专职的心理健康教师",
        ),
        "thing": "课后服务 教育均衡 乡村教育 职业教育 心理健康 家校共育".split(),
    },
    "health": {
        "headline": (
            "{city}{hospital}开通{disease}专病门诊",
            "秋冬季{disease}进入高发期 专家提醒做好防护",
            "{city}{n}家医院实现检查结果互认",
            "{city}家庭医生签约人数突破{count}",
        ),
        "clause": (
            "{city}{hospital}近日开设了{disease}专病门诊，由{n}名专家轮流坐诊",
            "进入秋冬季节，{disease}进入高发期，{hospital}的门诊量比平时增加了{pct}%左右",
            "{hospital}{role_doc}{person}提醒，出现相关症状后要及时就医，不要自行盲目用药",
            "目前全市已有{n}家医院实现了检查检验结果互认，患者可以少跑腿、少花钱",
            "家庭医生签约服务覆盖人数突破{count}，重点人群签约率达到{pct}%",
            "专家建议，老年人和慢性病患者要注意保暖，适当进行户外锻炼，保持规律作息",
            "医保部门将{n}种常见病用药纳入集中采购范围，平均降价幅度超过{pct}%",
            "在{place}社区卫生服务中心，每天都有不少居民前来进行免费体检",
            "{person2}是一名有着{n}年工作经验的护士，她说最开心的是看到病人康复出院",
            "{hospital}新院区预计将于{year}年投入使用，设置床位{num}张",
            "近年来{disease}呈现出年轻化趋势，与长时间使用电子产品和缺乏运动有很大关系",
            "今年以来，{city}累计开展义诊活动{num}场，服务群众{count}人次",
        ),
        "thing": "分级诊疗 健康管理 慢病防治 医保改革 基层医疗 公共卫生".split(),
    },
    "agriculture": {
        "headline": (
            "{place}{crop}喜获丰收 亩产达{num}斤",
            "{village}发展{crop}产业 村民人均增收{price}元",
            "{city}今年粮食播种面积稳定在{count}亩",
        ),
        "clause": (
            "眼下正值{crop}收获季节，{place}的田间地头一片繁忙景象，农机手们抢抓晴好天气收割",
            "今年{village}种植的{crop}长势喜人，亩产预计可以达到{num}斤，比去年增加{pct}%",
            "种植大户{person2}承包了{num}亩地，他说今年引进了新品种，品质和产量都有提高",
            "{org}组织农技人员深入田间地头，为农户提供病虫害防治等技术指导",
            "通过电商平台，{village}的{crop}远销{n}个省份，村民足不出户就能把货卖出去",
            "该村成立了专业合作社，吸纳{num}户农户入社，统一品种、统一标准、统一销售",
            "{city}今年粮食播种面积稳定在{count}亩以上，高标准农田建设任务已经全部完成",
            "受前期干旱影响，部分山区的{crop}产量有所下降，当地及时启动了农业保险理赔",
            "村党支部书记{person}说，下一步打算发展乡村旅游，让{crop}采摘成为新的增收点",
            "{company}与当地签订了长期收购协议，保底价格比市场价高出{pct}%",
            "农业农村部门累计发放各类惠农补贴{money}，惠及农户{count}户",
        ),
        "thing": "粮食安全 特色农业 农村电商 高标准农田 农民增收 乡村旅游".split(),
    },
    "safety": {
        "headline": (
            "{city}警方破获一起{crime}案 涉案金额{amount}",
            "{org}开展{crime}专项整治 查处违法行为{num}起",
            "{place}一小区发生火情 消防员{n}分钟到场处置",
        ),
        "clause": (
            "{city}警方近日成功破获一起{crime}案件，抓获犯罪嫌疑人{n}名，涉案金额达{amount}",
            "经查，犯罪嫌疑人通过冒充客服等方式骗取受害人信任，先后作案{num}余起",
            "警方提醒广大市民，凡是要求转账汇款到所谓“安全账户”的，一律都是诈骗",
            "{org}自{month}月起在全市开展{crime}专项整治行动，已查处各类违法行为{num}起",
            "{md}凌晨{hour}时许，{place}一居民小区的一处住宅发生火情，消防救援人员{n}分钟后赶到现场",
            "由于处置及时，火势很快得到控制，未造成人员伤亡，起火原因正在进一步调查中",
            "民警{person2}介绍，这类案件的受害人以老年人居多，犯罪手法也在不断翻新",
            "交警部门在{place}设置了{n}个临时检查点，对过往车辆进行逐一检查",
            "据统计，今年以来{city}的{crime}类案件发案数同比下降了{pct}%",
            "目前，犯罪嫌疑人已被依法采取刑事强制措施，案件正在进一步审理中",
            "消防部门提醒，电动自行车不要在楼道内停放或充电，以免引发火灾",
            "法院审理后认为，被告人的行为已经构成犯罪，依法判处有期徒刑{n}年",
        ),
        "thing": "平安建设 反诈宣传 消防安全 道路交通安全 食品安全 社会治安".split(),
    },
}

REGIONS = "东盟 欧盟 非洲 中东 拉美 中亚 日韩 北美 俄罗斯 澳大利亚".split()
TECHS = "人工智能 5G 物联网 大数据 区块链 量子通信 自动驾驶 边缘计算 虚拟现实 卫星导航".split()
VENUES = "体育中心 奥体中心 市体育馆 大学城体育场 滨江体育公园".split()
QUARTERS = "一季度 上半年 前三季度 今年前{m}个月 去年全年".split()

# Words used by character edits in Chinese (substitution / insertion): common characters.
COMMON_HAN = (
    "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而"
    "方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好"
    "应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向"
    "道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件"
)

# ---------------------------------------------------------------------------------------------------------------
# Short texts: headlines, comments, product titles
# ---------------------------------------------------------------------------------------------------------------

COMMENT_TEMPLATES = (
    "这个{kind}真的{opinion}，{advice}",
    "用了{n}天，{opinion}，{advice}",
    "{opinion}！物流也很快，包装完好，{advice}",
    "说实话{opinion}，客服态度也不错，{advice}",
    "第{n}次回购了，{opinion}，{advice}",
    "看完{work}，{feeling}，{advice}",
    "{city}的{place_s}{opinion2}，{advice2}",
    "今天在{city}{place_s}排了{n}个小时队，{feeling2}",
)
COMMENT_EXTRAS = ("{n}元入手的", "给{who}买的", "{who}说很喜欢", "第{n}单了", "{month}月{day}日下单", "等了{n}个小时")
COMMENT_WHO = "爸妈 老公 女朋友 孩子 同事 奶奶 室友 闺蜜 老板 邻居".split()
COMMENT_MORE = (
    "另外客服回复也挺及时的。",
    "唯一的缺点是发货慢了点，等了{n}天。",
    "已经推荐给身边的朋友了，大家都说不错。",
    "希望以后能一直保持这个品质。",
    "包装有点简陋，不过东西没坏。",
    "下次有活动还会再买{n}个。",
    "整体来说对得起这个价格。",
    "就是说明书写得不太清楚，研究了半天。",
)
HEADLINE_TAILS = (
    "{city}{n}万人关注",
    "{place}最新消息",
    "{org}回应",
    "专家这样解读",
    "网友：终于等到了",
    "{n}张图看懂",
    "记者现场直击",
    "{person}发声",
)
OPINIONS = (
    "质量比想象中好很多 性价比很高 和描述的一模一样 做工有点粗糙 颜色比图片深一点 味道很正宗 声音有点大 "
    "手感很舒服 尺码偏小 续航一般般 屏幕显示很清晰 安装有点麻烦"
).split()
ADVICE = (
    "推荐大家购买 下次还会再来 建议买大一号 值得入手 不太推荐 已经推荐给朋友了 希望商家改进 总体满意 "
    "可以放心买 等活动再入手"
).split()
FEELINGS = "哭得稀里哗啦 心情久久不能平静 有点失望 被结尾惊到了 笑得停不下来 感觉剧情拖沓".split()
OPINIONS2 = "人太多了 环境特别好 夜景非常漂亮 停车很方便 服务有待提高 小吃种类很丰富".split()
ADVICE2 = "周末去要早点出门 值得一去 建议工作日去 下次带家人来 门票有点贵 记得提前预约".split()
FEELINGS2 = "终于吃到了 结果卖完了 感觉还是值得的 再也不来了 拍了好多照片".split()
PLACES_SHORT = "步行街 夜市 动物园 博物馆 美食城 湿地公园 古镇 海洋馆 商业中心 老街".split()

PRODUCT_TITLE_PARTS = {
    "kind": (
        "无线蓝牙耳机 保温杯 双肩背包 电动牙刷 运动鞋 羽绒服 空气炸锅 机械键盘 充电宝 台灯 加湿器 "
        "儿童书包 瑜伽垫 电饭煲 行李箱 防晒霜 茶叶礼盒 床上四件套 智能手环 咖啡机"
    ).split(),
    "feature": (
        "降噪 长续航 大容量 轻薄款 防水 静音 加厚 可折叠 智能 家用 便携 新款 升级版 高颜值 护眼 速干 "
        "学生 商务 多功能 冬季"
    ).split(),
    "color": "黑色 白色 灰色 藏青色 粉色 浅蓝 米白 墨绿 酒红 卡其色".split(),
    "promo": "包邮 官方正品 限时特价 买一送一 顺丰速发 七天无理由 现货 赠运费险 年货节 爆款".split(),
    "spec": "500ml 1.5L 20000毫安 M码 L码 XL码 42码 38码 24寸 28寸 3件套 128G 4L".split(),
}

REPOST_SUFFIXES = ("【转】", "（转）", "【转载】", " 转发", "//转发微博", "【热】", "（图）", " 【视频】")
REPOST_PREFIXES = ("转：", "【转】", "#热点# ", "转发：", "//@{name}：")

# ---------------------------------------------------------------------------------------------------------------
# Repost boilerplate (Chinese)
# ---------------------------------------------------------------------------------------------------------------

HEADERS = (
    "来源：{outlet} {date} 记者 {name}",
    "转载自{outlet}",
    "【{outlet}讯】",
    "本文来源：{outlet}　作者：{name}",
    "{outlet}{date}消息",
    "原标题：{title}",
    "来源：{outlet}　编辑：{name}　发布时间：{date}",
)
FOOTERS = (
    "（本文来自{outlet}，版权归原作者所有，如有侵权请联系删除）",
    "责任编辑：{name}",
    "声明：本文转载自{outlet}，仅代表作者观点，不代表本站立场。",
    "（来源：{outlet}　记者：{name}）",
    "更多精彩内容，请关注{outlet}官方账号。",
    "【免责声明】本文仅供参考，不构成任何建议。文章版权归原作者所有。\n责任编辑：{name}",
)

# ---------------------------------------------------------------------------------------------------------------
# English
# ---------------------------------------------------------------------------------------------------------------

EN_FIRST = (
    "James Mary Robert Linda Michael Sarah David Karen Daniel Emily Thomas Laura Paul Rachel Mark Helen Steven "
    "Grace Kevin Anna Brian Olivia George Nora Peter Julia Samuel Alice Oscar Irene"
).split()
EN_LAST = (
    "Smith Johnson Brown Taylor Miller Wilson Moore Clark Lewis Walker Hall Young King Wright Hill Green Adams "
    "Baker Nelson Carter Mitchell Turner Parker Collins Edwards Stewart Morris Reed Cook Bell Murphy Bailey"
).split()
EN_CITIES = (
    "Springfield|Riverton|Lakeside|Fairview|Oakridge|Millbrook|Brighton|Kingsport|Ashford|Westfield|Clayton|"
    "Northgate|Harborview|Greenville|Stonebridge|Maplewood|Elmhurst|Port Allen|Cedar Falls|Bayview"
).split("|")
EN_ORG_KIND = (
    "City Council|Department of Transportation|Health Authority|School Board|Chamber of Commerce|Water Authority|"
    "Planning Commission|Police Department|Housing Agency|Parks Department"
).split("|")
EN_FIRM_A = (
    "Northstar Bluewater Ironwood Silverline Redfield Summit Crescent Keystone Harbor Pinecrest Vantage Orion"
).split()
EN_FIRM_B = "Systems Energy Logistics Foods Motors Labs Analytics Pharma Materials Robotics Networks Holdings".split()
EN_ROLES = (
    "chief executive|spokesperson|director|chief economist|head coach|professor|senior analyst|mayor|"
    "project manager|local resident|council member|police chief"
).split("|")
EN_OUTLETS = (
    "Daily Herald|Morning Post|Evening Standard|The Courier|City Gazette|Valley Times|The Chronicle|"
    "Metro News|The Observer|Coastal Tribune"
).split("|")

EN_OPENERS = (
    "According to {org}, ",
    "On {weekday}, ",
    "Earlier this month, ",
    "In a statement released on {weekday}, ",
    "Speaking to reporters, {person} said that ",
    "Meanwhile, ",
    "Last year, ",
    "As of the end of {month_en}, ",
    "Analysts noted that ",
    "Officials said ",
    "By comparison, ",
    "In {city}, ",
)
EN_TAILS = (
    ", up {pct} percent from a year earlier",
    ", the highest level in {n} years",
    ", officials said",
    ", according to people familiar with the matter",
    ", although the details have not been finalised",
    ", a move that drew criticism from local residents",
    ", and the work is expected to finish by {month_en}",
    ", with about {num} people affected",
    ", roughly {n} times the figure recorded last spring",
)
EN_TOPICS: dict[str, dict[str, tuple[str, ...]]] = {
    "economy": {
        "headline": (
            "{company} reports {pct_e}% jump in quarterly revenue",
            "{city} unveils {amount_en} plan to support small businesses",
            "{company} to build new plant in {city}",
        ),
        "clause": (
            "{company} said its quarterly revenue rose to {amount_en}, beating analyst forecasts by a wide margin",
            "the company plans to invest {amount_en} in a new factory in {city} that could employ {count} workers",
            "retail sales in {city} grew {pct} percent in the third quarter as consumer confidence recovered",
            "{person}, the {role} of {company}, said demand from overseas markets remained strong",
            "small businesses in the region have struggled with rising costs for energy and raw materials",
            "shares of {company} climbed {pct} percent in early trading before giving back some of the gains",
            "the {org} approved a package of {n} measures aimed at cutting red tape for new firms",
            "economists warned that higher interest rates could slow the pace of hiring later in the year",
            "exports of machinery and electronics accounted for more than half of the total increase",
            "local lenders extended {amount_en} in new loans to small firms, the central bank branch said",
        ),
    },
    "sport": {
        "headline": (
            "{team} beat {team2} {score} to extend winning streak",
            "{person} wins {city} marathon in record time",
            "{team} coach {person} says the next game will be tougher",
        ),
        "clause": (
            "{team} beat {team2} {score} on {weekday} night to extend their winning streak to {n} games",
            "{person} opened the scoring in the {n2}th minute with a low shot from the edge of the box",
            "the visitors created several chances on the counter attack but could not find the net",
            "more than {count} runners took part in the {city} marathon, a record for the event",
            "{person} crossed the finish line in {duration_en}, breaking his own course record",
            "the {role} told reporters after the game that the defence still needed work",
            "{team} now sit {n}th in the table, {n2} points behind the leaders",
            "the stadium was sold out and fans queued for hours outside the gates before kick-off",
            "{team2} were missing {n} regular starters because of injuries and suspensions",
        ),
    },
    "technology": {
        "headline": (
            "{company} launches new {product_en} starting at ${price}",
            "{city} rolls out {tech_en} network across downtown",
            "{company} says breakthrough in {tech_en} research",
        ),
        "clause": (
            "{company} unveiled its latest {product_en} at an event in {city}, with prices starting at ${price}",
            "the company said the new chip makes the device about {pct} percent faster than last year's model",
            "{person}, the {role} at {company}, said the team spent {n} years developing the technology",
            "the first batch of {count} units sold out within {n} minutes of going on sale",
            "some early buyers complained that the device runs hot under heavy load",
            "the {org} said it would offer grants of up to {amount_en} to firms working on {tech_en}",
            "researchers published their findings in a peer-reviewed journal and filed {n} patent applications",
            "privacy advocates warned that the service collects more personal data than users may realise",
            "supply of sensors and memory chips remains the main bottleneck for production",
        ),
    },
    "local": {
        "headline": (
            "{city} breaks ground on {amount_en} {facility_en}",
            "{org} pledges to repair {count} homes this year",
            "Heavy rain floods streets in {city}",
        ),
        "clause": (
            "construction of the new {facility_en} in {city} began on {weekday} and is expected to take {n} months",
            "the project, which will cost about {amount_en}, is meant to ease traffic on the east side of town",
            "{person}, a {role}, said the works had caused noise and dust for weeks but residents accepted it",
            "the {org} said it planned to renovate {num} older apartment blocks before the end of next year",
            "heavy rain left several streets under water and forced the closure of {n} schools",
            "emergency crews worked through the night to pump water out of flooded basements",
            "the city also plans to open {n} new libraries and extend opening hours at existing ones",
            "council members voted {n} to {n2} in favour of the proposal after a long debate",
            "residents can apply for the program online or at any of the {n} service centres",
        ),
    },
}
EN_QUOTES = (
    '"We are going to keep investing, because people expect results and not promises," {person} said.',
    '"Honestly, nobody knew how this would turn out, but the first numbers look encouraging," said {person}.',
    '"This matters to every family in {city}, and we will not cut corners," {person} told reporters.',
    '"There is still a lot of work to do before we can call this a success," {person} added.',
    '"We listened to residents and changed the plan in {n} important ways," the {role} said.',
    '"It was a difficult season, but the players never stopped believing," said {person}.',
)
EN_FACILITY = (
    "transit hub|light rail line|river bridge|water treatment plant|sports centre|public library|"
    "community hospital|riverside park|convention centre|bus depot"
).split("|")
EN_PRODUCT = (
    "smartphone|tablet|smartwatch|laptop|electric scooter|home robot|drone|VR headset|wireless earbuds"
).split("|")
EN_TECH = "artificial intelligence|5G|battery storage|quantum computing|self-driving|satellite internet".split("|")
EN_TEAMS = "Rovers United Falcons Tigers Wolves Sharks Rangers Eagles Comets Pirates Lions Hornets".split()
EN_WEEKDAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
EN_MONTHS = "January February March April May June July August September October November December".split()
EN_HEADERS = (
    "Source: {outlet}, {date}. Reporter: {name}",
    "Reposted from {outlet}",
    "({outlet}) --",
    "Originally published by {outlet} on {date}",
)
EN_FOOTERS = (
    "(c) {year} {outlet}. All rights reserved.",
    "Editing by {name}",
    "This article first appeared in {outlet} and is republished with permission.",
    "Follow {outlet} for more local news.",
)
EN_COMMON_CHARS = "etaoinshrdlucmfwypvbgk"

# Per-article wording: each article picks one variant of every entry (its "house style"), so two articles built
# from the same template still differ in their literal words. Keys are matched longest first.
ZH_STYLE = {
    "表示": ("表示", "称", "指出", "说"),
    "目前": ("目前", "眼下", "当前", "现在"),
    "已经": ("已经", "已"),
    "同比增长": ("同比增长", "比上年同期增长", "同比上升"),
    "近日": ("近日", "日前", "前不久", "最近"),
    "据了解": ("据了解", "据悉", "记者了解到"),
    "不少": ("不少", "许多", "很多"),
    "有关部门": ("有关部门", "相关部门", "主管部门"),
    "群众": ("群众", "老百姓", "市民群众"),
    "预计": ("预计", "预期", "估计"),
    "提醒": ("提醒", "提示", "特别提醒"),
    "开展": ("开展", "组织开展", "展开"),
    "正在": ("正在", "正", "目下正在"),
    "明显": ("明显", "显著", "比较明显"),
    "持续": ("持续", "不断", "一直"),
    "推进": ("推进", "推动"),
    "超过": ("超过", "逾", "突破"),
    "提高": ("提高", "提升"),
    "达到": ("达到", "达"),
    "加大": ("加大", "加强"),
    "要求": ("要求", "规定"),
    "提前": ("提前", "提早"),
    "很多": ("很多", "大量", "众多"),
    "记者": ("记者", "本报记者"),
    "介绍": ("介绍", "透露", "说"),
    "认为": ("认为", "觉得", "判断"),
    "计划": ("计划", "打算", "准备"),
    "全部": ("全部", "全都", "悉数"),
    "进行": ("进行", "开展", "实施"),
    "正式": ("正式", "正式地", "如期"),
    "主要": ("主要", "首要", "大体"),
    "比较": ("比较", "相对", "较为"),
    "同时": ("同时", "与此同时", "此外"),
    "希望": ("希望", "期待", "盼望"),
    "重点": ("重点", "关键", "主要"),
    "不断": ("不断", "持续"),
    "一些": ("一些", "一批", "部分"),
    "犯罪嫌疑人": ("犯罪嫌疑人", "嫌疑人", "涉案人员"),
    "工作人员": ("工作人员", "人员"),
    "消防救援人员": ("消防救援人员", "消防员", "消防指战员"),
    "比赛": ("比赛", "赛事", "较量"),
    "球迷": ("球迷", "观众", "球迷朋友"),
    "市民": ("市民", "市民朋友", "广大市民"),
    "游客": ("游客", "旅客", "观光客"),
    "学生": ("学生", "学生们", "孩子们"),
    "家长": ("家长", "学生家长"),
    "患者": ("患者", "病人", "就诊者"),
    "专家": ("专家", "业内专家"),
    "农户": ("农户", "农民", "种植户"),
    "发布": ("发布", "发出", "公布"),
    "项目": ("项目", "工程"),
    "有效": ("有效", "切实"),
    "受到": ("受到", "得到", "获得"),
    "增加": ("增加", "增长", "上升"),
    "下降": ("下降", "降低", "回落"),
    "全国": ("全国", "国内"),
    "各类": ("各类", "各种", "各式"),
    "共同": ("共同", "一起", "联合"),
    "没有": ("没有", "未"),
    "通过": ("通过", "借助", "依靠"),
    "显示": ("显示", "表明"),
    "情况": ("情况", "状况"),
    "问题": ("问题", "难题"),
    "继续": ("继续", "接着", "进一步"),
    "及时": ("及时", "第一时间", "尽快"),
    "大家": ("大家", "各位", "大伙"),
    "安排": ("安排", "部署"),
    "特别": ("特别", "尤其", "格外"),
    "非常": ("非常", "十分", "相当"),
    "很快": ("很快", "迅速", "不久"),
    "这次": ("这次", "此次", "本次"),
    "明确": ("明确", "清楚"),
    "提供": ("提供", "给予"),
    "引发": ("引发", "引起"),
    "进入": ("进入", "步入"),
    "吸引": ("吸引", "引来"),
    "参加": ("参加", "参与"),
    "新的": ("新的", "新"),
    "相关": ("相关", "有关"),
    "当地": ("当地", "本地", "该地"),
    "积极": ("积极", "主动"),
    "逐步": ("逐步", "逐渐", "慢慢"),
    "全面": ("全面", "全方位"),
    "按照": ("按照", "根据", "依照"),
}

# Openers that tie an otherwise generic sentence to its event (a person, a company, a place and date), so that
# unrelated articles never share a long sentence word for word.
ANCHORS = (
    "{person}{role}介绍，",
    "{person2}告诉记者，",
    "{company}方面透露，",
    "记者{md}从{org}获悉，",
    "{md}，在{place}，",
    "据{person}{role}说，",
    "{person}认为，",
    "在{place}采访时，{person2}说，",
)
EN_ANCHORS = (
    "According to {person}, ",
    "{person} said that ",
    "In a statement, {company} said ",
    "Speaking in {city} on {weekday}, {person} said ",
)
HIGH_ENTROPY_SLOTS = frozenset("person person2 company num money amount count price product duration".split())

# ---------------------------------------------------------------------------------------------------------------
# Compositional sentences: most of an article is built word by word from these lists, so that, as in real news,
# almost every character 4-gram that spans two words is rare across a corpus (templates alone repeat too much).
# ---------------------------------------------------------------------------------------------------------------

C_SMOD = (
    "全市 各区 当地 周边 沿线 基层 重点 部分 新建 老旧 辖区 属地 片区 县级 乡镇 城区 农村 社区 园区 "
    "行业 市级 区级 跨区 试点 首批 骨干 龙头 国有 民营 外资 本地 驻地 驻区 全省 省内 毗邻 城郊 滨海 山区 临街"
).split()
C_SUBJ = (
    "街道 企业 学校 医院 社区 合作社 平台 团队 协会 工厂 景区 商户 物业 车站 银行 商场 机关 窗口 班组 "
    "站所 卫生院 图书馆 养老院 幼儿园 菜市场 农场 车队 服务中心 实验室 研究所 孵化器 快递网点 加油站 "
    "派出所 消防站 供电所 自来水公司 公交公司 出租车公司"
).split()
C_TIME = (
    "近期 本月 上周 今年下半年 去年底 从下月起 春节前 汛期前 年内 此前 眼下 未来三年 今年上半年 国庆期间 "
    "本周末 开学前 入冬以来 夏季 上月中旬 前不久 近两年 年初以来 本季度 明年起 周一 周三 月底前 暑期 "
    "秋收前 两会后 节后 下一阶段 试运行期间 项目验收后"
).split()
C_ADV = "进一步 持续 全面 陆续 逐步 集中 主动 率先 正在 已经 将 计划 加快 着力 首次 分批 同步 定期 常态化 提前".split()
C_VERB = (
    "推进 开展 完善 优化 升级 整治 排查 检修 改造 投放 招募 建设 扩建 调整 引进 发布 上线 开通 试点 启用 "
    "核查 回收 补贴 评选 举办 启动 落实 修订 梳理 培训 抽检 监测 清理 增设 新增 更换 配备 对接 规范 统筹 "
    "整合 搬迁 翻新 加固 疏通 铺设 安装 巡查 摸排 登记 公示 审核 拨付 兑现 采购 储备 调度 演练 宣讲 走访 "
    "帮扶 认定 命名 验收 移交 修缮 扩容 提速 下调 上调 简化 取消 合并 拆除 绿化 亮化 封闭 试运行 推广 复制"
).split()
C_OMOD = (
    "农产品 冷链 校园 社区 养老 夜间 公共 智能 文旅 小微 新能源 老旧 应急 便民 跨境 数字 绿色 医疗 物流 "
    "餐饮 停车 充电 垃圾分类 防汛 消防 交通 体育 家政 托育 电商 农机 林业 水利 燃气 供热 电梯 路灯 井盖 "
    "公厕 菜篮子 快递 外卖 网约车 共享单车 景区 民宿 非遗 旧书 二手车 家电 食品 药品 化妆品 特种设备 危化品 "
    "建筑工地 渣土车 电动车 学生 老年人 残疾人 退役军人 高校毕业生 新市民 农民工 个体户 志愿服务 慈善 社保 "
    "公积金 医保 户籍 不动产 税务 知识产权 标准化 计量 检验检测 信用 诉讼 调解 普法 反诈 禁毒 防溺水"
).split()
C_OBJ = (
    "服务 设施 项目 平台 站点 网络 市场 体系 标准 规范 试点 示范区 专区 窗口 通道 场景 线路 基地 中心 课程 "
    "产品 活动 补贴 指南 清单 机制 档案 系统 车辆 岗位 驿站 专线 热线 地图 台账 门店 仓库 样板间 展厅 联盟 "
    "基金 保险 贷款 考核 评价 预案 队伍 设备 场地 通道口"
).split()
C_METRIC = (
    "订单量 客流量 成交额 使用率 满意度 投诉量 报名人数 覆盖率 平均等待时间 单价 入住率 出勤率 办结率 合格率 "
    "发案率 上座率 复购率 点击量 预约量 交易笔数 参保人数 通行量 日均车流 接诊人次 借阅量"
).split()
C_CHANGE = "上升 下降 增长 回落 提高 减少 增加 下滑 攀升 缩短".split()
C_SOURCE = "统计部门 行业协会 第三方机构 平台方 主管部门 监测数据 抽样调查 后台数据 年度报告 专项审计".split()
C_CROWD = "市民 家长 商户 村民 司机 游客 老人 学生 租户 骑手 业主 患者 网友 店主 乘客".split()
C_PROBLEM = (
    "排队时间太长 收费标准不透明 布局不够合理 数量明显不足 维护不够及时 信息更新滞后 使用流程繁琐 "
    "距离住处太远 高峰时段拥挤 夜间无人值守 标识不清楚 价格偏高"
).split()
C_FOCUS = "今年的头号任务 重点民生工程 年度考核内容 改革突破口 示范项目 攻坚任务 长期工作".split()
C_COMP = (
    "，覆盖{n}个街道 ，惠及{num}名居民 ，预计年底前完工 ，首批{n}个点位已投入使用 ，累计投入资金{money} "
    "，目前进展顺利 ，具体方案正在征求意见 ，相关费用由财政兜底 ，群众可通过线上渠道办理 ，实行一周一通报 "
    "，每{n}天更新一次 ，已收到意见建议{num}条 ，较原计划多出{n}项 ，高峰期增派人手{n}倍"
).split()
# Coined local names (a street, an estate, a programme): two name characters and a suffix; each event has its own.
C_NAME_CHARS = "".join(FIRMS_A + FIRMS_B + GIVEN) + "岚川禾溪桐槐枫榆柏樟芦苇荷莲竹梓杉湄沁澜漪涟"
C_NAME_SUFFIX = (
    "路 街 湖 湾 坊 里 港 谷 苑 桥 广场 小区 新村 花园 工程 计划 行动 专项 驿站 书屋 食堂 集市 码头 大道 公园"
).split()
C_PATTERNS = (
    "{time}，{subject}{adv}{verb}{omod}{obj}{comp}",
    "{kw}一带的{omod}{obj}{time}{adv}{verb}，{crowd}们说{kw2}变化很大",
    "围绕{kw}，{subject}{adv}{verb}了{omod}{obj}，{kw2}的{omod}{obj}也在{verb}中",
    "{subject}{time}{adv}{verb}了{num}个{omod}{obj}{comp}",
    "为{verb}{omod}{obj}，{subject}{adv}{verb}{omod}{obj}，{adv}{verb}{omod}{obj}",
    "随着{omod}{obj}的不断{verb}，{omod}{metric}{change}了{pct}%",
    "{source}显示，{omod}{metric}{change}{pct}%，{omod}{metric}则{change}{pct}%",
    "{org}相关负责人{person}说，{time}将把{verb}{omod}{obj}作为{focus}",
    "在{place}{kw}，{subject}{adv}{verb}{omod}{obj}，{adv}{verb}{omod}{obj}{comp}",
    "不少{crowd}反映，{omod}{obj}{problem}，希望{subject}尽快{verb}{omod}{obj}",
    "{subject}还{verb}了{omod}{obj}和{omod}{obj}{comp}",
    "截至{time}，{kw}已{verb}{omod}{obj}{num}处{comp}",
    "{company}{time}{adv}{verb}{omod}{obj}，并与{subject}{verb}{omod}{obj}",
    "{person2}所在的{subject}{time}{verb}了{omod}{obj}，{crowd}们{verb}{omod}{obj}更方便了",
    "{omod}{obj}{verb}后，{omod}{metric}由原来的{num}{change}到{num}",
    "下一步，{subject}将围绕{omod}{obj}{adv}{verb}{omod}{obj}，{verb}{omod}{obj}",
)
