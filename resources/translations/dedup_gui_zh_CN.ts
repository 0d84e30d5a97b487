<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About Dedup</source>
        <translation>关于 Dedup</translation>
    </message>
    <message>
        <source>Find and remove near-duplicate texts in spreadsheets and folders of articles, with SimHash, NSHash or n-gram overlap.</source>
        <translation>在表格和文章文件夹中查找并删除重复、近似重复的文本，可选 SimHash、NSHash 或 N-gram 字符重合三种算法。</translation>
    </message>
    <message>
        <source>Free software under the MIT licence. © the dedup_gui authors.</source>
        <translation>自由软件，以 MIT 许可证发布。© dedup_gui 作者。</translation>
    </message>
    <message>
        <source>Bundled libraries</source>
        <translation>内置的第三方库</translation>
    </message>
</context>
<context>
    <name>HowItWorksDialog</name>
    <message>
        <source>How it works</source>
        <translation>工作原理</translation>
    </message>
</context>
<context>
    <name>about</name>
    <message>
        <source>user interface toolkit</source>
        <translation>界面框架</translation>
    </message>
    <message>
        <source>Qt for Python</source>
        <translation>Qt 的 Python 接口</translation>
    </message>
    <message>
        <source>Chinese word segmentation</source>
        <translation>中文分词</translation>
    </message>
    <message>
        <source>fast Chinese segmentation</source>
        <translation>快速中文分词</translation>
    </message>
    <message>
        <source>fingerprint arithmetic</source>
        <translation>指纹计算</translation>
    </message>
    <message>
        <source>tables</source>
        <translation>表格处理</translation>
    </message>
    <message>
        <source>writing workbooks</source>
        <translation>写入 Excel 工作簿</translation>
    </message>
    <message>
        <source>reading workbooks</source>
        <translation>读取 Excel 工作簿</translation>
    </message>
    <message>
        <source>text encoding detection</source>
        <translation>文本编码识别</translation>
    </message>
    <message>
        <source>safe XML</source>
        <translation>安全解析 XML</translation>
    </message>
    <message>
        <source>stable hashes</source>
        <translation>稳定哈希</translation>
    </message>
    <message>
        <source>charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>runtime</source>
        <translation>运行环境</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>库</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>Used for</source>
        <translation>用途</translation>
    </message>
    <message>
        <source>Qt and PySide6 are used under the GNU Lesser General Public License v3. Their source code is available from the Qt Project (code.qt.io); in the installed application folder the Qt libraries are separate files that you may replace with your own build.</source>
        <translation>Qt 和 PySide6 依据 GNU 宽通用公共许可证第 3 版（LGPL v3）使用，源代码可从 Qt 项目（code.qt.io）获取；在安装后的程序文件夹中，Qt 库是独立的文件，您可以用自己编译的版本替换。</translation>
    </message>
    <message>
        <source>The word dictionary and the IDF table used for keyword weights come from jieba (MIT licence). The demo workbook is synthetic text written for this project.</source>
        <translation>分词词典和计算关键词权重所用的 IDF 表来自 jieba（MIT 许可证）。示例工作簿中的文本是为本项目编写的合成文本。</translation>
    </message>
</context>
<context>
    <name>core</name>
    <message>
        <source>First in file</source>
        <translation>文件中最靠前的一行</translation>
    </message>
    <message>
        <source>Last in file</source>
        <translation>文件中最靠后的一行</translation>
    </message>
    <message>
        <source>Longest text</source>
        <translation>文本最长的一行</translation>
    </message>
    <message>
        <source>Shortest text</source>
        <translation>文本最短的一行</translation>
    </message>
    <message>
        <source>Largest / newest “{column}”</source>
        <translation>“{column}”最大／最新的一行</translation>
    </message>
    <message>
        <source>Smallest / oldest “{column}”</source>
        <translation>“{column}”最小／最早的一行</translation>
    </message>
    <message>
        <source>1 cluster</source>
        <translation>1 个重复组</translation>
    </message>
    <message>
        <source>{n} clusters</source>
        <translation>{n} 个重复组</translation>
    </message>
    <message>
        <source>{clusters} · 1 row to remove of {total}</source>
        <translation>{clusters} · 共 {total} 行，将删除 1 行</translation>
    </message>
    <message>
        <source>{clusters} · {removed} rows to remove of {total}</source>
        <translation>{clusters} · 共 {total} 行，将删除 {removed} 行</translation>
    </message>
</context>
<context>
    <name>howto</name>
    <message>
        <source>threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>All three methods answer the same question — which rows are copies or near-copies of each other — and feed the same clusters, review and export. Before any of them, every text is normalised (HTML, full-width characters, spaces and letter case are evened out; your file is never changed) and identical texts are grouped at once.</source>
        <translation>三种算法回答的是同一个问题：哪些行互相重复或高度相似。它们的结果都进入同样的重复组、核对和导出流程。比较之前，所有文本都会先做规范化处理（去掉 HTML，统一全角半角、空白和英文大小写，原文件不会被改动），完全相同的文本直接归为一组。</translation>
    </message>
    <message>
        <source>Each text is split into words, its most important keywords are weighted by TF-IDF, and they are folded into one 64-bit fingerprint. Similar texts get fingerprints that differ in only a few bits.</source>
        <translation>先对文本分词，按 TF-IDF 给最重要的关键词加权，再把它们合成一个 64 位的“指纹”。内容相似的文本，指纹只有少数几位不同。</translation>
    </message>
    <message>
        <source>the largest number of bits in which two fingerprints may differ (default {default}, range {low}–{high}). Lower is stricter.</source>
        <translation>两个指纹最多允许有几位不同（默认 {default}，范围 {low}–{high}）。数值越小越严格。</translation>
    </message>
    <message>
        <source>how many top keywords make up the fingerprint (default {default}).</source>
        <translation>用权重最高的多少个关键词生成指纹（默认 {default}）。</translation>
    </message>
    <message>
        <source>Good for long articles with scattered edits. Unreliable for texts under about 150 characters: one changed character moves many bits.</source>
        <translation>适合改动分散在全文的长文章。文本少于约 150 字时不可靠：改动一个字就会让很多位发生变化。</translation>
    </message>
    <message>
        <source>Each text is split into sentences; the n longest (of at least 30 characters, adjustable under Advanced) are hashed. Texts that share whole sentences are duplicates.</source>
        <translation>把文本切分成句子，取最长的 n 句（每句至少 30 字，可在“高级”中调整）计算哈希。有整句相同的文本即判为重复。</translation>
    </message>
    <message>
        <source>how many of those sentences two texts must share (default {default}).</source>
        <translation>两篇文本至少要有几句完全相同（默认 {default}）。</translation>
    </message>
    <message>
        <source>how many of each text&apos;s longest sentences are compared (default {default}).</source>
        <translation>每篇文本取最长的几句来比较（默认 {default}）。</translation>
    </message>
    <message>
        <source>Very precise and the fastest for reposted news, where whole sentences are copied. It misses copies in which every long sentence was lightly reworded.</source>
        <translation>对整句照搬的转载新闻非常准确，也是最快的。如果每个长句都被轻微改写过，就会漏掉。</translation>
    </message>
    <message>
        <source>Each text is cut into overlapping runs of n characters. Texts that share runs are compared, and the share of runs they have in common (Jaccard similarity, from 0 to 1) is their score.</source>
        <translation>把文本切成相互重叠的、长度为 n 个字的片段。有共同片段的文本才会被比较，共同片段所占的比例（Jaccard 相似度，0 到 1）就是它们的相似度。</translation>
    </message>
    <message>
        <source>the lowest score that counts as a duplicate (default {default}). Higher is stricter.</source>
        <translation>相似度达到多少才算重复（默认 {default}）。数值越大越严格。</translation>
    </message>
    <message>
        <source>the length of a run in characters (default {default}, about two Chinese words). Shorter runs match more loosely.</source>
        <translation>每个片段的字数（默认 {default}，大约两个汉语词）。片段越短，匹配越宽松。</translation>
    </message>
    <message>
        <source>Works on short texts — headlines, posts, comments — and on edited or shortened copies. Under Advanced, “containment” also catches a short text quoted inside a longer one.</source>
        <translation>适用于标题、帖子、评论等短文本，也能找出经过修改或删节的副本。在“高级”中勾选“按包含关系计分”，还能找出被整段引用进长文的短文本。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Short texts&lt;/b&gt; (headlines, posts, under about 150 characters): &lt;b&gt;N-gram&lt;/b&gt;.</source>
        <translation>&lt;b&gt;短文本&lt;/b&gt;（标题、帖子，约 150 字以内）：用 &lt;b&gt;N-gram&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Long reposted articles&lt;/b&gt;: &lt;b&gt;NSHash&lt;/b&gt; (fastest, most precise) or &lt;b&gt;SimHash&lt;/b&gt; (tolerates edits spread over the whole text).</source>
        <translation>&lt;b&gt;长篇转载文章&lt;/b&gt;：用 &lt;b&gt;NSHash&lt;/b&gt;（最快、最准）或 &lt;b&gt;SimHash&lt;/b&gt;（能容忍分散在全文的改动）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not sure&lt;/b&gt;: start with N-gram at its default, then compare with another method.</source>
        <translation>&lt;b&gt;拿不准&lt;/b&gt;：先用默认设置的 N-gram，再换一种算法对比结果。</translation>
    </message>
    <message>
        <source>Too many false matches? Make the threshold stricter. Copies missed? Loosen it. The result updates as you move a slider.</source>
        <translation>误判太多，就把阈值调严一些；漏掉了副本，就放宽一些。拖动滑块时结果会随之更新。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Strict&lt;/b&gt; clusters (the default) only remove rows that are themselves similar to the row kept. &lt;b&gt;Linked&lt;/b&gt; clusters chain matches: if A matches B and B matches C, all three are one cluster. By default the first row of each cluster is kept; choose another policy under Advanced, or pick the row yourself in the review (K), and mark a row “Not a duplicate” (D) to keep it.</source>
        <translation>&lt;b&gt;严格&lt;/b&gt;分组（默认）只删除与保留行本身相似的行。&lt;b&gt;连锁&lt;/b&gt;分组会把匹配串起来：A 与 B 相似、B 与 C 相似，三者就归为一组。默认保留每组中最靠前的一行；可以在“高级”中换一种保留规则，也可以在核对时亲自选定保留哪一行（K），或把某行标为“不是重复”（D）以保留它。</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;How it works</source>
        <translation>工作原理(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Dedup</source>
        <translation>关于 Dedup(&amp;A)</translation>
    </message>
</context>
<context>
    <name>i18n</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
</context>
<context>
    <name>registry</name>
    <message>
        <source>SimHash</source>
        <translation>SimHash</translation>
    </message>
    <message>
        <source>Fingerprints each text from its top keywords; fast on long articles, weak on short texts.</source>
        <translation>用关键词为每篇文本生成指纹；处理长文章快，对短文本效果差。</translation>
    </message>
    <message>
        <source>Hamming distance (bits)</source>
        <translation>汉明距离（位）</translation>
    </message>
    <message>
        <source>Max bit difference</source>
        <translation>最多相差位数</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>位</translation>
    </message>
    <message>
        <source>Two texts are duplicates when their 64-bit fingerprints differ in at most this many bits. Lower is stricter; 3 suits long articles.</source>
        <translation>两篇文本的 64 位指纹相差不超过这么多位，即判为重复。数值越小越严格；长文章用 3 比较合适。</translation>
    </message>
    <message>
        <source>Keywords</source>
        <translation>关键词数</translation>
    </message>
    <message>
        <source>words</source>
        <translation>个词</translation>
    </message>
    <message>
        <source>How many of the highest TF-IDF keywords make up each fingerprint.</source>
        <translation>用 TF-IDF 权重最高的多少个关键词生成指纹。</translation>
    </message>
    <message>
        <source>NSHash (longest sentences)</source>
        <translation>NSHash（最长句子）</translation>
    </message>
    <message>
        <source>Matches texts that share their longest sentences; very precise for reposted news.</source>
        <translation>比较文本中最长的几个句子；查找转载新闻非常准确。</translation>
    </message>
    <message>
        <source>Shared sentences</source>
        <translation>相同句子数</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>句</translation>
    </message>
    <message>
        <source>Two texts are duplicates when at least this many of their longest sentences are identical.</source>
        <translation>两篇文本最长的句子中至少有这么多句完全相同，即判为重复。</translation>
    </message>
    <message>
        <source>Longest sentences</source>
        <translation>最长句子数</translation>
    </message>
    <message>
        <source>How many of each text&apos;s longest sentences are fingerprinted.</source>
        <translation>每篇文本取最长的几句生成指纹。</translation>
    </message>
    <message>
        <source>N-gram overlap</source>
        <translation>N-gram 字符重合</translation>
    </message>
    <message>
        <source>Compares the character n-grams texts share; works on short texts and edited copies.</source>
        <translation>比较文本共有的字符片段；适用于短文本和改动过的副本。</translation>
    </message>
    <message>
        <source>Jaccard similarity</source>
        <translation>Jaccard 相似度</translation>
    </message>
    <message>
        <source>Min similarity</source>
        <translation>最低相似度</translation>
    </message>
    <message>
        <source>Two texts are duplicates when the share of character n-grams they have in common (Jaccard similarity) is at least this. Higher is stricter; 0.7 also catches copies cut to 80 %.</source>
        <translation>两篇文本共有的字符片段所占比例（Jaccard 相似度）不低于此值，即判为重复。数值越大越严格；0.7 也能找出删减到 80% 的副本。</translation>
    </message>
    <message>
        <source>Gram length</source>
        <translation>片段长度</translation>
    </message>
    <message>
        <source>characters</source>
        <translation>字</translation>
    </message>
    <message>
        <source>Length of the character n-grams; 4 is about two Chinese words. Shorter grams match more loosely.</source>
        <translation>字符片段的长度；4 个字大约是两个汉语词。片段越短，匹配越宽松。</translation>
    </message>
</context>
<context>
    <name>stages</name>
    <message>
        <source>Reading</source>
        <translation>正在读取</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>正在载入</translation>
    </message>
    <message>
        <source>Preparing texts</source>
        <translation>正在准备文本</translation>
    </message>
    <message>
        <source>Normalising</source>
        <translation>正在规范化</translation>
    </message>
    <message>
        <source>Segmenting</source>
        <translation>正在分词</translation>
    </message>
    <message>
        <source>Fingerprinting</source>
        <translation>正在计算指纹</translation>
    </message>
    <message>
        <source>Finding candidates</source>
        <translation>正在查找候选</translation>
    </message>
    <message>
        <source>Verifying</source>
        <translation>正在核验</translation>
    </message>
    <message>
        <source>Clustering</source>
        <translation>正在分组</translation>
    </message>
    <message>
        <source>Writing</source>
        <translation>正在写入</translation>
    </message>
</context>
</TS>
