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
    <name>AnalysisView</name>
    <message>
        <source>Find duplicates to see the similarity distribution, hot stories and a summary.</source>
        <translation>查找重复后，这里会显示相似度分布、热门转载和统计摘要。</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
</context>
<context>
    <name>AnnotatedExport</name>
    <message>
        <source>dup_cluster</source>
        <translation>重复组</translation>
    </message>
    <message>
        <source>dup_status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>dup_kept</source>
        <translation>是否保留</translation>
    </message>
    <message>
        <source>dup_of</source>
        <translation>重复于</translation>
    </message>
    <message>
        <source>dup_similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Not a duplicate</source>
        <translation>非重复</translation>
    </message>
    <message>
        <source>{status} (manual)</source>
        <translation>{status}（人工）</translation>
    </message>
    <message>
        <source>Kept to check</source>
        <translation>保留待查</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Something went wrong</source>
        <translation>出了点问题</translation>
    </message>
</context>
<context>
    <name>ChartPanel</name>
    <message>
        <source>Log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <source>Show counts on a logarithmic axis, so small bars stay visible</source>
        <translation>用对数坐标显示数量，数量少的柱子也看得清</translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation>另存为 PNG…</translation>
    </message>
    <message>
        <source>Save this chart as a PNG image</source>
        <translation>把此图表保存为 PNG 图片</translation>
    </message>
    <message>
        <source>Save chart</source>
        <translation>保存图表</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>Previous difference (P)</source>
        <translation>上一处差异 (P)</translation>
    </message>
    <message>
        <source>Next difference (N)</source>
        <translation>下一处差异 (N)</translation>
    </message>
    <message>
        <source>only in kept</source>
        <translation>仅保留行有</translation>
    </message>
    <message>
        <source>only in this row</source>
        <translation>仅此行有</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>有改动</translation>
    </message>
    <message>
        <source>Select a cluster to compare its rows.</source>
        <translation>选择一个重复组来对比其中的行。</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>重复行</translation>
    </message>
    <message>
        <source>Similarity &lt;b&gt;{value}&lt;/b&gt;</source>
        <translation>相似度 &lt;b&gt;{value}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>Differences shown for the first {n} characters only.</source>
        <translation>只显示前 {n} 个字符中的差异。</translation>
    </message>
    <message>
        <source>The texts are identical.</source>
        <translation>两段文本完全相同。</translation>
    </message>
    <message>
        <source>No differences in the compared part.</source>
        <translation>比较的部分没有差异。</translation>
    </message>
    <message>
        <source>No differences</source>
        <translation>没有差异</translation>
    </message>
    <message>
        <source>Difference &lt;b&gt;{i}&lt;/b&gt; of {n}</source>
        <translation>第 &lt;b&gt;{i}&lt;/b&gt; 处差异，共 {n} 处</translation>
    </message>
</context>
<context>
    <name>DataPanel</name>
    <message>
        <source>No file open</source>
        <translation>未打开文件</translation>
    </message>
    <message>
        <source>Worksheet of the workbook</source>
        <translation>工作簿中的工作表</translation>
    </message>
    <message>
        <source>Tick the column(s) compared for duplicates; several columns are joined (e.g. title + body).</source>
        <translation>勾选用于查重的列；勾选多列时会把它们连起来比较（例如标题 + 正文）。</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Sheet:</source>
        <translation>工作表：</translation>
    </message>
    <message>
        <source>Text column(s):</source>
        <translation>文本列：</translation>
    </message>
    <message>
        <source>{rows} rows · {columns} columns</source>
        <translation>{rows} 行 · {columns} 列</translation>
    </message>
    <message>
        <source>Tick at least one text column.</source>
        <translation>请至少勾选一个文本列。</translation>
    </message>
    <message>
        <source>Row 1: {text}</source>
        <translation>第 1 行：{text}</translation>
    </message>
    <message>
        <source>{rows} rows share a short text with other rows (“{example}” in {n}), much shorter than the column&apos;s: it may stand in for a missing text, so they are compared with their {title} too.</source>
        <translation>{rows} 行与其他行共用一段短文字（“{example}”有 {n} 行），比该列的文字短得多：它可能是缺失正文的占位文字，因此这些行还会连同“{title}”列一起比较。</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Cleaned file</source>
        <translation>去重后的文件</translation>
    </message>
    <message>
        <source>The input minus the duplicate rows; every other cell unchanged.</source>
        <translation>原文件删去重复行，其余单元格原样保留。</translation>
    </message>
    <message>
        <source>Annotated file</source>
        <translation>标注版文件</translation>
    </message>
    <message>
        <source>Every row with its status (kept, removed, not a duplicate), cluster and similarity.</source>
        <translation>所有行，附状态（保留、删除、非重复）、重复组和相似度。</translation>
    </message>
    <message>
        <source>Cluster report</source>
        <translation>重复组报告</translation>
    </message>
    <message>
        <source>One line per cluster: size, kept row, members, similarity range.</source>
        <translation>每个重复组一行：行数、保留行、成员和相似度范围。</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>&lt;b&gt;{kept} rows kept&lt;/b&gt;, {removed} duplicates removed, from {total} rows of &lt;b&gt;{name}&lt;/b&gt;.</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; 共 {total} 行，&lt;b&gt;保留 {kept} 行&lt;/b&gt;，删除 {removed} 行重复。</translation>
    </message>
    <message>
        <source>Of these, 1 row is kept for you to check.</source>
        <translation>其中 1 行为保留待您核查的行。</translation>
    </message>
    <message>
        <source>Of these, {n} rows are kept for you to check.</source>
        <translation>其中 {n} 行为保留待您核查的行。</translation>
    </message>
    <message>
        <source>The input file is never changed.</source>
        <translation>原文件不会被修改。</translation>
    </message>
    <message>
        <source>Choose where to save</source>
        <translation>选择保存位置</translation>
    </message>
    <message>
        <source>Keep the fixed English column names (for scripts)</source>
        <translation>保留固定的英文列名（供脚本使用）</translation>
    </message>
    <message>
        <source>The extra columns keep the names dup_cluster, dup_status, dup_kept, dup_of and dup_similarity.</source>
        <translation>新增列保持 dup_cluster、dup_status、dup_kept、dup_of 和 dup_similarity 这些名称。</translation>
    </message>
    <message>
        <source>Cleaned folder</source>
        <translation>去重后的文件夹</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx);;CSV file (*.csv);;All files (*)</source>
        <translation>Excel 工作簿 (*.xlsx);;CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>{name}: {kept} rows kept, {removed} removed</source>
        <translation>{name}：保留 {kept} 行，删除 {removed} 行</translation>
    </message>
    <message>
        <source>{name}: all {rows} rows with duplicate columns</source>
        <translation>{name}：全部 {rows} 行，附重复标注列</translation>
    </message>
    <message>
        <source>{name}: {n} clusters</source>
        <translation>{name}：{n} 个重复组</translation>
    </message>
    <message>
        <source>Save as CSV instead</source>
        <translation>改存为 CSV</translation>
    </message>
</context>
<context>
    <name>HotStoriesModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Copies</source>
        <translation>转载数</translation>
    </message>
    <message>
        <source>Story (kept row)</source>
        <translation>稿件（保留行）</translation>
    </message>
    <message>
        <source>First seen</source>
        <translation>最早出现</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>最晚出现</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Rank, by number of copies</source>
        <translation>按转载数排名</translation>
    </message>
    <message>
        <source>Rows carrying the story: the kept row and its reposts</source>
        <translation>刊载这篇稿件的行数：保留行及其转载</translation>
    </message>
    <message>
        <source>The kept row&apos;s title, or the first line of its text</source>
        <translation>保留行的标题，或其正文的第一行</translation>
    </message>
    <message>
        <source>Earliest date among the copies</source>
        <translation>各转载中最早的日期</translation>
    </message>
    <message>
        <source>Latest date among the copies</source>
        <translation>各转载中最晚的日期</translation>
    </message>
    <message>
        <source>Who carried the story, most copies first</source>
        <translation>刊载这篇稿件的来源，按转载数从多到少</translation>
    </message>
    <message>
        <source>Reposted {n} times · cluster {cluster} · kept row {row}
{story}</source>
        <translation>被转载 {n} 次 · 第 {cluster} 组 · 保留第 {row} 行
{story}</translation>
    </message>
</context>
<context>
    <name>HotStoriesPanel</name>
    <message>
        <source>Hot stories</source>
        <translation>热门转载</translation>
    </message>
    <message>
        <source>Column with each row&apos;s publication date (first and last seen)</source>
        <translation>每行发布日期所在的列（用于最早、最晚出现时间）</translation>
    </message>
    <message>
        <source>Column naming the outlet or site that published each row</source>
        <translation>每行发布媒体或网站所在的列</translation>
    </message>
    <message>
        <source>Save list…</source>
        <translation>保存列表…</translation>
    </message>
    <message>
        <source>Save the hot stories as a spreadsheet (.xlsx or .csv)</source>
        <translation>把热门转载列表保存为表格（.xlsx 或 .csv）</translation>
    </message>
    <message>
        <source>Date:</source>
        <translation>日期：</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>No duplicate clusters.</source>
        <translation>没有重复组。</translation>
    </message>
    <message>
        <source>Working out the most reposted stories…</source>
        <translation>正在找出转载最多的内容…</translation>
    </message>
    <message>
        <source>Most reposted: “{story}” — &lt;b&gt;{n} copies&lt;/b&gt;</source>
        <translation>转载最多：“{story}”——&lt;b&gt;{n} 篇&lt;/b&gt;</translation>
    </message>
    <message>
        <source> from 1 source</source>
        <translation>，来自 1 个来源</translation>
    </message>
    <message>
        <source> from {k} sources</source>
        <translation>，来自 {k} 个来源</translation>
    </message>
    <message>
        <source>, {first} to {last}</source>
        <translation>，{first} 至 {last}</translation>
    </message>
    <message>
        <source>Save hot stories</source>
        <translation>保存热门转载</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx);;CSV (*.csv)</source>
        <translation>Excel 工作簿 (*.xlsx);;CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Could not save</source>
        <translation>无法保存</translation>
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
    <name>JobStatus</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop (Esc); the previous result stays</source>
        <translation>停止 (Esc)；保留上一次的结果</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>正在处理…</translation>
    </message>
</context>
<context>
    <name>Jobs</name>
    <message>
        <source>Opening {name}</source>
        <translation>正在打开 {name}</translation>
    </message>
    <message>
        <source>Could not open the file</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <source>Opening {name} cancelled</source>
        <translation>已取消打开 {name}</translation>
    </message>
    <message>
        <source>Finding duplicates</source>
        <translation>正在查找重复</translation>
    </message>
    <message>
        <source>Could not find duplicates</source>
        <translation>查找重复失败</translation>
    </message>
    <message>
        <source>Cancelled — the previous result is kept</source>
        <translation>已取消，保留上一次的结果</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Exporting</source>
        <translation>正在导出</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Export cancelled; nothing was written</source>
        <translation>已取消导出，没有写入任何文件</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Open a folder of .txt files</source>
        <translation>打开存放 .txt 文件的文件夹</translation>
    </message>
    <message>
        <source>Find duplicates</source>
        <translation>查找重复</translation>
    </message>
    <message>
        <source>Run with the current settings (F5). Changes re-run automatically.</source>
        <translation>按当前设置运行 (F5)。修改设置后会自动重新运行。</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>重复组</translation>
    </message>
    <message>
        <source>All rows</source>
        <translation>全部行</translation>
    </message>
    <message>
        <source>Find and remove near-duplicate texts</source>
        <translation>查找并删除重复文本</translation>
    </message>
    <message>
        <source>Open an Excel workbook, a CSV file or a folder of .txt files — or drop it on this window.
Duplicates are found automatically; review them, then export a cleaned copy.</source>
        <translation>打开 Excel 工作簿、CSV 文件或 .txt 文件夹，也可以直接拖到这个窗口里。
程序会自动找出重复的文本；核对之后，导出去重后的副本。</translation>
    </message>
    <message>
        <source>Open a table</source>
        <translation>打开表格</translation>
    </message>
    <message>
        <source>Demo not found</source>
        <translation>找不到示例文件</translation>
    </message>
    <message>
        <source>The demo workbook is missing: {path}</source>
        <translation>示例工作簿不存在：{path}</translation>
    </message>
    <message>
        <source>Could not read the clusters from the file</source>
        <translation>无法从文件中读取重复组</translation>
    </message>
    <message>
        <source>Duplicates are found again from the texts.</source>
        <translation>将根据文本重新查找重复项。</translation>
    </message>
    <message>
        <source>New fingerprints needed: every text is segmented again</source>
        <translation>需要重新计算指纹：所有文本将重新分词</translation>
    </message>
    <message>
        <source>New fingerprints needed: about {seconds} s</source>
        <translation>需要重新计算指纹：约 {seconds} 秒</translation>
    </message>
    <message>
        <source>A new candidate search is needed</source>
        <translation>需要重新查找候选对</translation>
    </message>
    <message>
        <source>A new candidate search is needed: about {seconds} s</source>
        <translation>需要重新查找候选对：约 {seconds} 秒</translation>
    </message>
    <message>
        <source>Tick at least one text column to compare.</source>
        <translation>请至少勾选一个用于比较的文本列。</translation>
    </message>
    <message>
        <source>clusters read from the annotated file; nothing was recomputed</source>
        <translation>重复组读自标注版文件，未重新计算</translation>
    </message>
    <message>
        <source>{summary} · found in {seconds} s</source>
        <translation>{summary} · 用时 {seconds} 秒</translation>
    </message>
    <message>
        <source>{n} of your decisions do not apply at these settings (their rows are in no cluster)</source>
        <translation>您的 {n} 项决定在当前设置下不适用（对应的行不在任何重复组中）</translation>
    </message>
    <message>
        <source>Working</source>
        <translation>正在处理</translation>
    </message>
    <message>
        <source>{what}… The clusters below are from the previous run; they come back if you cancel (Esc).</source>
        <translation>{what}… 下面的重复组来自上一次运行；取消（Esc）后它们会保留。</translation>
    </message>
    <message>
        <source>Written:</source>
        <translation>已写入：</translation>
    </message>
    <message>
        <source>Export complete</source>
        <translation>导出完成</translation>
    </message>
    <message>
        <source>Tables (*.xlsx *.xlsm *.xls *.csv *.tsv *.txt *.parquet);;All files (*)</source>
        <translation>表格 (*.xlsx *.xlsm *.xls *.csv *.tsv *.txt *.parquet);;所有文件 (*)</translation>
    </message>
    <message>
        <source>{algorithm} proposed {pairs}; {rejected} failed the text check (similarity below {floor}, {short_floor} for texts under {chars} characters, or different figures, units, names or negations, a word for its opposite, or two parts swapped)</source>
        <translation>{algorithm} 提出 {pairs}；其中 {rejected} 对未通过文本核验（相似度低于 {floor}，不足 {chars} 字的短文本低于 {short_floor}，或数字、单位、名称不同，或一方含否定，或词义相反，或两处内容互换）</translation>
    </message>
    <message>
        <source>1 pair</source>
        <translation>1 对候选</translation>
    </message>
    <message>
        <source>{n} pairs</source>
        <translation>{n} 对候选</translation>
    </message>
    <message>
        <source>{kept} rows kept, {removed} removed, from 1 cluster.</source>
        <translation>保留 {kept} 行，删除 {removed} 行，来自 1 个重复组。</translation>
    </message>
    <message>
        <source>{kept} rows kept, {removed} removed, from {clusters} clusters.</source>
        <translation>保留 {kept} 行，删除 {removed} 行，来自 {clusters} 个重复组。</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>打开所在文件夹</translation>
    </message>
    <message>
        <source>Too large for Excel</source>
        <translation>超出 Excel 的容量</translation>
    </message>
    <message>
        <source>Save as CSV instead?</source>
        <translation>改为保存成 CSV 文件吗？</translation>
    </message>
    <message>
        <source>An unexpected error occurred: {error}</source>
        <translation>发生了意外错误：{error}</translation>
    </message>
    <message>
        <source>Your data is safe; you can keep working.</source>
        <translation>您的数据没有受到影响，可以继续工作。</translation>
    </message>
</context>
<context>
    <name>ParamControl</name>
    <message>
        <source>higher is stricter</source>
        <translation>越大越严格</translation>
    </message>
    <message>
        <source>lower is stricter</source>
        <translation>越小越严格</translation>
    </message>
    <message>
        <source>{low} – {high}, default {default}; {stricter}</source>
        <translation>范围 {low} – {high}，默认 {default}；{stricter}</translation>
    </message>
</context>
<context>
    <name>ReviewActions</name>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Next cluster</source>
        <translation>下一个重复组</translation>
    </message>
    <message>
        <source>Previous cluster</source>
        <translation>上一个重复组</translation>
    </message>
    <message>
        <source>Next row &amp;to check</source>
        <translation>下一条待查行(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Next difference</source>
        <translation>下一处差异(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous difference</source>
        <translation>上一处差异(&amp;P)</translation>
    </message>
    <message>
        <source>Filter clusters</source>
        <translation>筛选重复组</translation>
    </message>
    <message>
        <source>Member &amp;columns</source>
        <translation>成员显示列(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Keep row {row}</source>
        <translation>保留第 {row} 行(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Keep {n} rows</source>
        <translation>保留这 {n} 行(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Remove row {row}</source>
        <translation>删除第 {row} 行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Remove {n} rows</source>
        <translation>删除这 {n} 行(&amp;R)</translation>
    </message>
    <message>
        <source>Row {row} is not a &amp;duplicate</source>
        <translation>第 {row} 行不是重复(&amp;D)</translation>
    </message>
    <message>
        <source>{n} rows are not &amp;duplicates</source>
        <translation>这 {n} 行不是重复(&amp;D)</translation>
    </message>
    <message>
        <source>Row {row}: back to the &amp;algorithm&apos;s choice</source>
        <translation>第 {row} 行：恢复算法的选择(&amp;A)</translation>
    </message>
    <message>
        <source>{n} rows: back to the &amp;algorithm&apos;s choice</source>
        <translation>这 {n} 行：恢复算法的选择(&amp;A)</translation>
    </message>
    <message>
        <source>Cluster {id}: not duplicates, keep every row</source>
        <translation>重复组 {id}：不是重复，保留所有行</translation>
    </message>
    <message>
        <source>{n} clusters: not duplicates, keep every row</source>
        <translation>{n} 个重复组：不是重复，保留所有行</translation>
    </message>
    <message>
        <source>Remove the duplicates of cluster {id}</source>
        <translation>删除重复组 {id} 中的重复行</translation>
    </message>
    <message>
        <source>Remove the duplicates of {n} clusters</source>
        <translation>删除 {n} 个重复组中的重复行</translation>
    </message>
    <message>
        <source>Cluster {id}: back to the algorithm&apos;s choice</source>
        <translation>重复组 {id}：恢复算法的选择</translation>
    </message>
    <message>
        <source>{n} clusters: back to the algorithm&apos;s choice</source>
        <translation>{n} 个重复组：恢复算法的选择</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Not a duplicate</source>
        <translation>不是重复</translation>
    </message>
    <message>
        <source>Algorithm&apos;s choice</source>
        <translation>算法的选择</translation>
    </message>
    <message>
        <source>No row is kept for you to check.</source>
        <translation>没有保留待您核查的行。</translation>
    </message>
</context>
<context>
    <name>ReviewFiles</name>
    <message>
        <source>A review of {name} was saved on {date} with {n} decisions.</source>
        <translation>{name} 的核对记录保存于 {date}，包含 {n} 项决定。</translation>
    </message>
    <message>
        <source>{name} has changed since. Decisions are attached again to the rows with the same content: {found} of {n} found, {lost} no longer in the file.</source>
        <translation>{name} 在保存之后有改动。已按行的内容重新对应各项决定：{n} 项中找回 {found} 项，{lost} 项对应的行已不在文件中。</translation>
    </message>
    <message>
        <source>Resume the saved review?</source>
        <translation>继续上次保存的核对吗？</translation>
    </message>
    <message>
        <source>Resume review</source>
        <translation>继续核对</translation>
    </message>
    <message>
        <source>Start over</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <source>Resumed the review saved on {date}: {n} decisions.</source>
        <translation>已继续 {date} 保存的核对：{n} 项决定。</translation>
    </message>
    <message>
        <source>{n} decisions were about rows no longer in the file.</source>
        <translation>有 {n} 项决定对应的行已不在文件中。</translation>
    </message>
    <message>
        <source>Could not save the review</source>
        <translation>无法保存核对记录</translation>
    </message>
    <message>
        <source>Review saved: {name}</source>
        <translation>核对记录已保存：{name}</translation>
    </message>
    <message>
        <source>Save your review?</source>
        <translation>保存核对记录吗？</translation>
    </message>
    <message>
        <source>You made review decisions on {name} that are not saved ({n} rows decided).</source>
        <translation>您对 {name} 所做的核对决定尚未保存（已决定 {n} 行）。</translation>
    </message>
</context>
<context>
    <name>ReviewPane</name>
    <message>
        <source>No results yet</source>
        <translation>尚无结果</translation>
    </message>
    <message>
        <source>Filter clusters by text or row number…</source>
        <translation>按文本或行号筛选重复组…</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>显示列</translation>
    </message>
    <message>
        <source>Choose the input columns shown beside each row (title, source, date…)</source>
        <translation>选择在每一行旁显示的原表列（标题、来源、日期……）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cluster {id}&lt;/b&gt; · {n} rows · {removed} removed</source>
        <translation>&lt;b&gt;重复组 {id}&lt;/b&gt; · {n} 行 · 删除 {removed} 行</translation>
    </message>
    <message>
        <source>{n} to check</source>
        <translation>{n} 行待查</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>kept for you to check — the same words with other words put between them</source>
        <translation>保留待您核查 — 相同的词语之间插入了其他词语</translation>
    </message>
    <message>
        <source>kept for you to check — a passage of its own, no excerpt of the kept row</source>
        <translation>保留待您核查 — 含有自己的一段文字，并非保留行的节选</translation>
    </message>
    <message>
        <source>kept for you to check — a date in another month</source>
        <translation>保留待您核查 — 日期的月份不同</translation>
    </message>
    <message>
        <source>kept for you to check — another credit rating</source>
        <translation>保留待您核查 — 信用评级不同</translation>
    </message>
    <message>
        <source>kept for you to check — the same words changed in several places (another item)</source>
        <translation>保留待您核查 — 多处作了相同的改动（另一项）</translation>
    </message>
    <message>
        <source>kept for you to check — partly in other words</source>
        <translation>保留待您核查 — 部分文字被改写</translation>
    </message>
    <message>
        <source>kept for you to check — a character or a word apart</source>
        <translation>保留待您核查 — 仅差一个字或一个词</translation>
    </message>
    <message>
        <source>kept for you to check — a figure with its multiplier (万, 亿, million) dropped or changed</source>
        <translation>保留待您核查 — 某个数字的量级（万、亿、million）被删去或改动</translation>
    </message>
    <message>
        <source>kept for you to check — what one says may be done, the other says was done</source>
        <translation>保留待您核查 — 一方说可能或将要做的事，另一方说已经做了</translation>
    </message>
    <message>
        <source>not a duplicate — stays</source>
        <translation>不是重复，保留</translation>
    </message>
    <message>
        <source>will be removed — the same text as row {row}, which stays</source>
        <translation>将被删除 — 与保留的第 {row} 行文字相同</translation>
    </message>
    <message>
        <source>will be removed</source>
        <translation>将被删除</translation>
    </message>
    <message>
        <source>&lt;b&gt;Row {row}&lt;/b&gt; · {status}</source>
        <translation>&lt;b&gt;第 {row} 行&lt;/b&gt; · {status}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Kept&lt;/b&gt; · row {row}</source>
        <translation>&lt;b&gt;保留行&lt;/b&gt; · 第 {row} 行</translation>
    </message>
    <message>
        <source>your choice</source>
        <translation>您的选择</translation>
    </message>
    <message>
        <source>Select a cluster.</source>
        <translation>请选择一个重复组。</translation>
    </message>
    <message>
        <source>No duplicates found with these settings.</source>
        <translation>按当前设置没有找到重复。</translation>
    </message>
    <message>
        <source>No cluster matches the filter.</source>
        <translation>没有符合筛选条件的重复组。</translation>
    </message>
    <message>
        <source>The cluster you were on does not match the filter; showing cluster {id}.</source>
        <translation>您正在查看的重复组不符合筛选条件；改为显示重复组 {id}。</translation>
    </message>
    <message>
        <source>The rows you were reviewing are now in cluster {id}, which has changed.</source>
        <translation>您正在核对的行现在位于重复组 {id}，该组的成员有变化。</translation>
    </message>
    <message>
        <source>The cluster you were reviewing no longer exists; showing the nearest, cluster {id}.</source>
        <translation>您正在核对的重复组已不存在；改为显示最接近的重复组 {id}。</translation>
    </message>
    <message>
        <source>1 row is an exact copy</source>
        <translation>其中 1 行完全相同</translation>
    </message>
    <message>
        <source>{n} rows are exact copies</source>
        <translation>其中 {n} 行完全相同</translation>
    </message>
    <message>
        <source>1 row decided by you</source>
        <translation>您已决定 1 行</translation>
    </message>
    <message>
        <source>{n} rows decided by you</source>
        <translation>您已决定 {n} 行</translation>
    </message>
    <message>
        <source>1 row kept for you to check: a character or a word apart, partly in other words, another rating or month, done where the other says may be done, a passage of its own, or a figure&apos;s multiplier dropped</source>
        <translation>1 行保留待您核查：仅差一个字或一个词、部分文字被改写、评级或月份不同、一方说已经做了而另一方说可能或将要做、含有自己的一段文字，或某个数字的量级（万、亿等）被删去</translation>
    </message>
    <message>
        <source>{n} rows kept for you to check: a character or a word apart, partly in other words, another rating or month, done where the other says may be done, a passage of its own, or a figure&apos;s multiplier dropped</source>
        <translation>{n} 行保留待您核查：仅差一个字或一个词、部分文字被改写、评级或月份不同、一方说已经做了而另一方说可能或将要做、含有自己的一段文字，或某个数字的量级（万、亿等）被删去</translation>
    </message>
    <message>
        <source>{n} of them in no cluster at these settings</source>
        <translation>其中 {n} 行在当前设置下不属于任何重复组</translation>
    </message>
</context>
<context>
    <name>RowsModel</name>
    <message>
        <source>Row</source>
        <translation>行号</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>重复组</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>To check</source>
        <translation>待查</translation>
    </message>
    <message>
        <source>Compared for duplicates</source>
        <translation>用于查重比较的列</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Not a duplicate</source>
        <translation>不是重复</translation>
    </message>
    <message>
        <source>Duplicate of {row}</source>
        <translation>与第 {row} 行重复</translation>
    </message>
</context>
<context>
    <name>RowsTab</name>
    <message>
        <source>Clustered rows only</source>
        <translation>只显示有重复的行</translation>
    </message>
</context>
<context>
    <name>SettingsPanel</name>
    <message>
        <source>Strict</source>
        <translation>严格</translation>
    </message>
    <message>
        <source>Every removed row is itself similar to the row kept (safe; no chaining).</source>
        <translation>每个被删除的行都与保留行本身相似（稳妥，不连锁）。</translation>
    </message>
    <message>
        <source>Linked</source>
        <translation>连锁</translation>
    </message>
    <message>
        <source>A~B and B~C put A, B and C in one cluster, even if A and C differ more.</source>
        <translation>A 与 B 相似、B 与 C 相似，A、B、C 就归为一组，即使 A 与 C 差别较大。</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>高级</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <source>Strip HTML tags, entities, scripts</source>
        <translation>去除 HTML 标签、实体和脚本</translation>
    </message>
    <message>
        <source>Fold full-width / half-width forms</source>
        <translation>统一全角／半角字符</translation>
    </message>
    <message>
        <source>Collapse whitespace</source>
        <translation>合并连续空白</translation>
    </message>
    <message>
        <source>Ignore letter case</source>
        <translation>忽略英文大小写</translation>
    </message>
    <message>
        <source>Fold traditional Chinese to simplified</source>
        <translation>统一繁体字为简体字</translation>
    </message>
    <message>
        <source>A story converted from traditional to simplified characters (or back) is compared as one text. Only the comparison is folded: every exported cell stays as written.</source>
        <translation>繁体转简体（或简体转繁体）的同一篇稿件按一篇比较。只在比较时统一，导出的每个单元格保持原样。</translation>
    </message>
    <message>
        <source>Ignore quoted lines and signatures</source>
        <translation>忽略引用行和签名</translation>
    </message>
    <message>
        <source>Replies quote the message they answer in lines starting with &gt;; the quote is a citation, not a copy. An e-mail signature (below a line of &quot;-- &quot;) repeats in every message of its writer. A text quoted throughout (a forward, a headline opening &gt;&gt;) keeps its lines.</source>
        <translation>回复会在以 &gt; 开头的行里引用所回复的消息；引用是援引，而不是抄袭。邮件签名（“-- ”一行之下）会出现在同一作者的每条消息里。通篇都是引用的文本（转发、以 &gt;&gt; 开头的标题）保留其各行。</translation>
    </message>
    <message>
        <source>One regular expression per line, e.g.
^来源：.*
^责任编辑：.*</source>
        <translation>每行一个正则表达式，例如：
^来源：.*
^责任编辑：.*</translation>
    </message>
    <message>
        <source>Lines matching any of these patterns are ignored when comparing texts.</source>
        <translation>比较文本时忽略与这些表达式匹配的行。</translation>
    </message>
    <message>
        <source>Ignore lines matching:</source>
        <translation>忽略匹配以下表达式的行：</translation>
    </message>
    <message>
        <source>Clusters:</source>
        <translation>分组方式：</translation>
    </message>
    <message>
        <source>Which row of each cluster is kept by default (you can change it per cluster).</source>
        <translation>每个重复组默认保留哪一行（可以逐组修改）。</translation>
    </message>
    <message>
        <source>Keep:</source>
        <translation>保留：</translation>
    </message>
    <message>
        <source> characters</source>
        <translation> 字</translation>
    </message>
    <message>
        <source>NSHash: sentences shorter than this are not fingerprinted.</source>
        <translation>NSHash：短于此长度的句子不参与计算。</translation>
    </message>
    <message>
        <source>Min sentence:</source>
        <translation>最短句长：</translation>
    </message>
    <message>
        <source>Safety floor for every algorithm: two texts less similar than this are never duplicates, whatever their fingerprints say. Similarity is the share of character 4-grams the texts have in common, or for an excerpt the share of the shorter text found in the longer.</source>
        <translation>对所有算法都有效的安全下限：相似度低于此值的两篇文本，不论指纹如何，都不会被判为重复。相似度是两篇文本共有的 4 字片段所占的比例；对于节选，则是较短文本在较长文本中出现的比例。</translation>
    </message>
    <message>
        <source>Never below:</source>
        <translation>相似度下限：</translation>
    </message>
    <message>
        <source>Count excerpts as duplicates</source>
        <translation>节选也算重复</translation>
    </message>
    <message>
        <source>A text that is mostly contained in a longer one (a truncated repost) is a duplicate when it is at least the given share of the longer text. Two write-ups of one event are not excerpts.</source>
        <translation>一篇文本大部分内容都出现在另一篇更长的文本中（如被截短的转载），且长度至少达到较长文本的给定比例时，判为重复。对同一事件的两篇不同报道不算节选。</translation>
    </message>
    <message>
        <source>Minimum length of an excerpt, as a share of the longer text.</source>
        <translation>节选的最短长度，以占较长文本的比例计。</translation>
    </message>
    <message>
        <source>Excerpt at least:</source>
        <translation>节选至少占：</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source> texts</source>
        <translation> 篇</translation>
    </message>
    <message>
        <source>A sentence found in at least this many otherwise different texts (a disclaimer, a byline, a share footer) is boilerplate: it is ignored when comparing texts. 0 turns this off.</source>
        <translation>在至少这么多篇内容各不相同的文本中都出现的句子（免责声明、责任编辑署名、分享页脚等）视为模板文字，比较文本时忽略。设为 0 则关闭。</translation>
    </message>
    <message>
        <source>Boilerplate from:</source>
        <translation>模板文字阈值：</translation>
    </message>
    <message>
        <source>Ignored (not a valid pattern): </source>
        <translation>已忽略（不是有效的正则表达式）：</translation>
    </message>
</context>
<context>
    <name>SimilarityHistogram</name>
    <message>
        <source>Similarity of candidate pairs</source>
        <translation>候选文本对的相似度</translation>
    </message>
    <message>
        <source>Drag the line, or click the chart, to try another threshold.</source>
        <translation>拖动竖线或点击图表，试试别的阈值。</translation>
    </message>
    <message>
        <source>No run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <source>Candidate pairs</source>
        <translation>候选文本对</translation>
    </message>
    <message>
        <source>{range}: {pairs} pairs</source>
        <translation>{range}：{pairs} 对</translation>
    </message>
    <message>
        <source>not searched yet</source>
        <translation>尚未搜索</translation>
    </message>
    <message>
        <source>Threshold &lt;b&gt;{value}&lt;/b&gt;: counting the rows it removes…</source>
        <translation>阈值 &lt;b&gt;{value}&lt;/b&gt;：正在统计将删除的行…</translation>
    </message>
    <message>
        <source>Threshold &lt;b&gt;{value}&lt;/b&gt;: {pairs} pairs pass · &lt;b&gt;{rows} rows&lt;/b&gt; would be removed ({share} of {total})</source>
        <translation>阈值 &lt;b&gt;{value}&lt;/b&gt;：{pairs} 对达标 · 将删除 &lt;b&gt;{rows} 行&lt;/b&gt;（占 {total} 行的 {share}）</translation>
    </message>
    <message>
        <source>Threshold &lt;b&gt;{value}&lt;/b&gt;: at least {pairs} pairs · &lt;b&gt;at least {rows} rows&lt;/b&gt; would be removed ({share}) — the re-run searches pairs this loose</source>
        <translation>阈值 &lt;b&gt;{value}&lt;/b&gt;：至少 {pairs} 对 · 将删除&lt;b&gt;至少 {rows} 行&lt;/b&gt;（{share}）——重新运行时会按这个宽松程度搜索</translation>
    </message>
    <message>
        <source>1 pair has a row you marked “not a duplicate” (the top of its bar)</source>
        <translation>1 对中有您标为“不是重复”的行（柱子的顶部）</translation>
    </message>
    <message>
        <source>{pairs} pairs have a row you marked “not a duplicate” (the top of their bars)</source>
        <translation>{pairs} 对中有您标为“不是重复”的行（柱子的顶部）</translation>
    </message>
    <message>
        <source>after your decisions &lt;b&gt;{rows} rows&lt;/b&gt; are removed</source>
        <translation>按您的决定将删除 &lt;b&gt;{rows} 行&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>SizeDistributionChart</name>
    <message>
        <source>Cluster sizes</source>
        <translation>重复组大小</translation>
    </message>
    <message>
        <source>Cluster size (rows)</source>
        <translation>重复组大小（行）</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>重复组数</translation>
    </message>
</context>
<context>
    <name>SummaryPanel</name>
    <message>
        <source>Normalising</source>
        <translation>规范化</translation>
    </message>
    <message>
        <source>Fingerprinting</source>
        <translation>计算指纹</translation>
    </message>
    <message>
        <source>Finding candidates</source>
        <translation>查找候选</translation>
    </message>
    <message>
        <source>Verifying</source>
        <translation>核验</translation>
    </message>
    <message>
        <source>Clustering</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>&lt; 1 ms</source>
        <translation>&lt; 1 毫秒</translation>
    </message>
    <message>
        <source>{ms} ms</source>
        <translation>{ms} 毫秒</translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation>{s} 秒</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>总行数</translation>
    </message>
    <message>
        <source>Exact duplicates</source>
        <translation>完全重复</translation>
    </message>
    <message>
        <source>Near duplicates</source>
        <translation>近似重复</translation>
    </message>
    <message>
        <source>Rows to remove</source>
        <translation>待删除行数</translation>
    </message>
    <message>
        <source>Share removed</source>
        <translation>删除比例</translation>
    </message>
    <message>
        <source>Clusters removing rows</source>
        <translation>仍删除行的重复组</translation>
    </message>
    <message>
        <source>Largest cluster</source>
        <translation>最大重复组</translation>
    </message>
    <message>
        <source>Candidate pairs</source>
        <translation>候选文本对</translation>
    </message>
    <message>
        <source>Removed rows whose text is identical to another row&apos;s (after normalisation)</source>
        <translation>被删除的行中，文本（规范化后）与另一行完全相同的</translation>
    </message>
    <message>
        <source>Removed rows that are similar to the kept row, not identical</source>
        <translation>被删除的行中，与保留行相似但不完全相同的</translation>
    </message>
    <message>
        <source>Pairs of texts the algorithm compared, and how many pass the threshold</source>
        <translation>算法比较过的文本对数，以及其中达到阈值的对数</translation>
    </message>
    <message>
        <source>Clusters that still remove a row after your decisions (the status bar counts the clusters to review: also those whose other rows are all kept for you to check)</source>
        <translation>按您的决定仍会删除至少一行的重复组（状态栏统计的是待审阅的重复组：也包括其余各行都留给您检查的重复组）</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Time per stage</source>
        <translation>各步骤用时</translation>
    </message>
    <message>
        <source>{n} rows</source>
        <translation>{n} 行</translation>
    </message>
    <message>
        <source>{n} ({k} pass)</source>
        <translation>{n}（{k} 对达标）</translation>
    </message>
    <message>
        <source>Total {t} (cached stages are near zero)</source>
        <translation>共 {t}（已缓存的步骤几乎不耗时）</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a workbook or CSV</source>
        <translation>打开 Excel 工作簿或 CSV 文件</translation>
    </message>
    <message>
        <source>Open &amp;folder of .txt…</source>
        <translation>打开 .txt 文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Open a folder of .txt files</source>
        <translation>打开存放 .txt 文件的文件夹</translation>
    </message>
    <message>
        <source>Open &amp;demo workbook</source>
        <translation>打开示例工作簿(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Save review</source>
        <translation>保存核对记录(&amp;S)</translation>
    </message>
    <message>
        <source>Save your decisions beside the input, to resume later</source>
        <translation>把您的决定保存在输入文件旁边，以后可以继续</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Save a cleaned copy</source>
        <translation>保存去重后的副本</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Find duplicates</source>
        <translation>查找重复(&amp;F)</translation>
    </message>
    <message>
        <source>Run with the current settings</source>
        <translation>按当前设置运行</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the running job</source>
        <translation>停止正在运行的任务</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Re&amp;view</source>
        <translation>核对(&amp;V)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>(review saved)</source>
        <translation>（有核对记录）</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>清空列表</translation>
    </message>
</context>
<context>
    <name>_Pane</name>
    <message>
        <source>Ignored as boilerplate: {n} sentence(s)</source>
        <translation>作为模板内容忽略的句子：{n} 句</translation>
    </message>
    <message>
        <source>Sentences found in many otherwise different texts (disclaimers, bylines, footers); they are left out when texts are compared.</source>
        <translation>在许多内容不同的文本中都出现的句子（免责声明、署名、页脚）；比较文本时不计入。</translation>
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
        <source>The original</source>
        <translation>原文</translation>
    </message>
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
    <message>
        <source>{n} to check</source>
        <translation>{n} 行待查</translation>
    </message>
    <message>
        <source>no repost marker and contains the others</source>
        <translation>无转载标记，且包含其他各行</translation>
    </message>
    <message>
        <source>no repost marker</source>
        <translation>无转载标记</translation>
    </message>
    <message>
        <source>contains the others</source>
        <translation>包含其他各行</translation>
    </message>
    <message>
        <source>longest text</source>
        <translation>文本最长</translation>
    </message>
    <message>
        <source>first in file</source>
        <translation>文件中最靠前的一行</translation>
    </message>
    <message>
        <source>last in file</source>
        <translation>文件中最靠后的一行</translation>
    </message>
    <message>
        <source>contains the others: an excerpt is not kept in place of the text it was taken from</source>
        <translation>包含其他各行：摘录不会代替其出处原文被保留</translation>
    </message>
    <message>
        <source>kept in the annotated file</source>
        <translation>标注版文件中的保留行</translation>
    </message>
    <message>
        <source>no readable date in the cluster; {reason}</source>
        <translation>重复组中没有可读的日期；{reason}</translation>
    </message>
    <message>
        <source>longest text ({n} characters)</source>
        <translation>文本最长（{n} 字）</translation>
    </message>
    <message>
        <source>shortest text ({n} characters)</source>
        <translation>文本最短（{n} 字）</translation>
    </message>
    <message>
        <source>longest text ({n} characters; first of equal length)</source>
        <translation>文本最长（{n} 字；等长时取最靠前的一行）</translation>
    </message>
    <message>
        <source>shortest text ({n} characters; first of equal length)</source>
        <translation>文本最短（{n} 字；等长时取最靠前的一行）</translation>
    </message>
    <message>
        <source>earliest date ({details})</source>
        <translation>日期最早（{details}）</translation>
    </message>
    <message>
        <source>, shared by {n} rows</source>
        <translation>，共 {n} 行同日</translation>
    </message>
    <message>
        <source>; {n} other dates unreadable</source>
        <translation>；另有 {n} 个日期无法读取</translation>
    </message>
    <message>
        <source>; {n} other date unreadable</source>
        <translation>；另有 {n} 个日期无法读取</translation>
    </message>
    <message>
        <source>; among them: {reason}</source>
        <translation>；其中：{reason}</translation>
    </message>
    <message>
        <source>no readable date in “{column}”; first in file</source>
        <translation>“{column}”中没有可读的日期；取文件中最靠前的一行</translation>
    </message>
    <message>
        <source>no value in “{column}”; first in file</source>
        <translation>“{column}”中没有值；取文件中最靠前的一行</translation>
    </message>
    <message>
        <source>latest “{column}” ({value})</source>
        <translation>“{column}”最晚（{value}）</translation>
    </message>
    <message>
        <source>earliest “{column}” ({value})</source>
        <translation>“{column}”最早（{value}）</translation>
    </message>
    <message>
        <source>largest “{column}” ({value})</source>
        <translation>“{column}”最大（{value}）</translation>
    </message>
    <message>
        <source>smallest “{column}” ({value})</source>
        <translation>“{column}”最小（{value}）</translation>
    </message>
    <message>
        <source>; first of equal dates</source>
        <translation>；同日时取最靠前的一行</translation>
    </message>
    <message>
        <source>; first of equal values</source>
        <translation>；值相同时取最靠前的一行</translation>
    </message>
</context>
<context>
    <name>errors</name>
    <message>
        <source>cannot be saved as .xlsx: {where}, column {column!r} {reason}{more}; save as .csv instead (lossless)</source>
        <translation>无法保存为 .xlsx：{where}的 {column!r} 列{reason}{more}；请改存为 .csv（不丢失任何内容）</translation>
    </message>
    <message>
        <source>cannot be saved as .xlsx: it would have {size}; save as .csv instead</source>
        <translation>无法保存为 .xlsx：它将有 {size}；请改存为 .csv</translation>
    </message>
    <message>
        <source>data row {row}: dup_kept must be 0 or 1, not {text!r}</source>
        <translation>第 {row} 个数据行：dup_kept 应为 0 或 1，而不是 {text!r}</translation>
    </message>
    <message>
        <source>is not an annotated file: no column {columns}</source>
        <translation>不是标注版文件：缺少列 {columns}</translation>
    </message>
    <message>
        <source>data row {row}: {column} must be a whole number from 1, not {text!r}</source>
        <translation>第 {row} 个数据行：{column} 应为从 1 开始的整数，而不是 {text!r}</translation>
    </message>
    <message>
        <source>cluster {number}: its removed rows are copies of different rows ({shown})</source>
        <translation>重复组 {number}：其中被删除的行分别是不同行的副本（{shown}）</translation>
    </message>
    <message>
        <source>cluster {number}: dup_of names data row {row}, which is not a kept row of the cluster</source>
        <translation>重复组 {number}：dup_of 指向第 {row} 个数据行，但该行不是本组的保留行</translation>
    </message>
    <message>
        <source>data row {row}: {column} is empty</source>
        <translation>第 {row} 个数据行：{column} 为空</translation>
    </message>
    <message>
        <source>data row {row}: dup_similarity must be a number, not {value!r}</source>
        <translation>第 {row} 个数据行：dup_similarity 应为数字，而不是 {value!r}</translation>
    </message>
    <message>
        <source>data row {row}: removed (dup_kept 0) but in no dup_cluster</source>
        <translation>第 {row} 个数据行：已删除（dup_kept 为 0），却不属于任何 dup_cluster</translation>
    </message>
    <message>
        <source>data row {row}: removed (dup_kept 0) but dup_of is empty</source>
        <translation>第 {row} 个数据行：已删除（dup_kept 为 0），但 dup_of 为空</translation>
    </message>
    <message>
        <source>no id column {id_column!r} for dup_of to refer to</source>
        <translation>没有可供 dup_of 引用的编号列 {id_column!r}</translation>
    </message>
    <message>
        <source>data row {row}: dup_of {target} is past the last row ({rows})</source>
        <translation>第 {row} 个数据行：dup_of 为 {target}，超出了最后一行（{rows}）</translation>
    </message>
    <message>
        <source>data row {row}: dup_of {value!r} names no row by {key_column}</source>
        <translation>第 {row} 个数据行：按 {key_column} 找不到 dup_of {value!r} 所指的行</translation>
    </message>
    <message>
        <source>The engine ran out of memory on this input. Close other programs, or choose fewer rows or a shorter text column, and run again.</source>
        <translation>处理此输入时引擎内存不足。请关闭其他程序，或选择更少的行、较短的文本列，然后重新运行。</translation>
    </message>
    <message>
        <source>The engine&apos;s worker process stopped answering; it was stopped.</source>
        <translation>引擎的工作进程已无响应，已将其停止。</translation>
    </message>
    <message>
        <source>is the input file; choose another name</source>
        <translation>是输入文件；请换一个名称</translation>
    </message>
    <message>
        <source>cannot be written: the folder {parent} does not exist</source>
        <translation>无法写入：文件夹 {parent} 不存在</translation>
    </message>
    <message>
        <source>is a folder; choose a file name</source>
        <translation>是一个文件夹；请指定文件名</translation>
    </message>
    <message>
        <source>already exists and is not an empty folder; choose a new folder name</source>
        <translation>已存在且不是空文件夹；请换一个新的文件夹名称</translation>
    </message>
    <message>
        <source>is the input folder; choose another name</source>
        <translation>是输入文件夹；请换一个名称</translation>
    </message>
    <message>
        <source>is inside the input folder; choose a folder outside it</source>
        <translation>位于输入文件夹之内；请选择输入文件夹以外的文件夹</translation>
    </message>
    <message>
        <source>cannot be written in {parent}: {reason}</source>
        <translation>无法写入 {parent}：{reason}</translation>
    </message>
    <message>
        <source>cannot be written: {reason}</source>
        <translation>无法写入：{reason}</translation>
    </message>
    <message>
        <source>unsupported output type {suffix!r}; name it .xlsx, .csv or .tsv</source>
        <translation>不支持的输出类型 {suffix!r}；请使用 .xlsx、.csv 或 .tsv 作为扩展名</translation>
    </message>
    <message>
        <source>would lose the other sheets of {file} ({listed}): a {suffix} file holds one sheet; save the {what} file as {workbook} to keep them</source>
        <translation>会丢失 {file} 的其他工作表（{listed}）：{suffix} 文件只能保存一个工作表；请把{what}文件保存为 {workbook} 以保留它们</translation>
    </message>
    <message>
        <source>would lose the macro sheets {sheets} of {file}; save it as .xlsm to keep them</source>
        <translation>会丢失 {file} 的宏表 {sheets}；请保存为 .xlsm 以保留它们</translation>
    </message>
    <message>
        <source>is named for both the {first} and the {label} output; choose two names</source>
        <translation>同时被用作{first}和{label}输出；请使用两个不同的名称</translation>
    </message>
    <message>
        <source>is not a readable CSV file near line {line}: {error}</source>
        <translation>不是可读的 CSV 文件（第 {line} 行附近）：{error}</translation>
    </message>
    <message>
        <source>has no header row (the file holds only blank lines)</source>
        <translation>没有标题行（文件只有空行）</translation>
    </message>
    <message>
        <source>has a header but no data rows</source>
        <translation>只有标题行，没有数据行</translation>
    </message>
    <message>
        <source>data row {row} holds {text!r}, which {encoding} cannot store; save as UTF-8 or .xlsx instead</source>
        <translation>第 {row} 个数据行含有 {text!r}，{encoding} 编码无法保存；请改存为 UTF-8 或 .xlsx</translation>
    </message>
    <message>
        <source>the header holds {text!r}, which {encoding} cannot store; save as UTF-8 or .xlsx instead</source>
        <translation>标题行含有 {text!r}，{encoding} 编码无法保存；请改存为 UTF-8 或 .xlsx</translation>
    </message>
    <message>
        <source>cannot decode the text: not UTF-8 (invalid byte 0x{byte:02x} at byte offset {offset}) and no other encoding (GB18030, Big5, UTF-16) fits; save it as UTF-8 and retry</source>
        <translation>无法解码文本：不是 UTF-8（字节偏移 {offset} 处有无效字节 0x{byte:02x}），其他编码（GB18030、Big5、UTF-16）也都不符；请另存为 UTF-8 后重试</translation>
    </message>
    <message>
        <source>cannot decode the text as {encoding} (its byte order mark says so): invalid bytes at byte offset {offset}</source>
        <translation>无法按 {encoding} 解码文本（其字节顺序标记如此标明）：字节偏移 {offset} 处有无效字节</translation>
    </message>
    <message>
        <source>cannot be read again to copy its other sheets ({e})</source>
        <translation>无法再次读取以复制其他工作表（{e}）</translation>
    </message>
    <message>
        <source>would lose the chart or macro sheet {sheet!r} of {file}, which cannot be copied from this format; open it in Excel and save it as .xlsx first</source>
        <translation>会丢失 {file} 的图表或宏表 {sheet!r}，此格式无法复制它；请先在 Excel 中打开并另存为 .xlsx</translation>
    </message>
    <message>
        <source>has no columns</source>
        <translation>没有任何列</translation>
    </message>
    <message>
        <source>has part files with different columns; open them one by one</source>
        <translation>其中的分片文件列各不相同；请逐个打开</translation>
    </message>
    <message>
        <source>is Parquet; reading it needs pyarrow: pip install &apos;dedup-gui[spark]&apos;</source>
        <translation>是 Parquet 文件；读取需要 pyarrow：pip install &apos;dedup-gui[spark]&apos;</translation>
    </message>
    <message>
        <source>has no Parquet files</source>
        <translation>没有 Parquet 文件</translation>
    </message>
    <message>
        <source>is not a readable Parquet file: {reason}</source>
        <translation>不是可读的 Parquet 文件：{reason}</translation>
    </message>
    <message>
        <source>has an unsupported type {suffix!r}; open an .xlsx, .xls, .csv, .tsv, .parquet file or a folder of .txt</source>
        <translation>类型 {suffix!r} 不受支持；请打开 .xlsx、.xls、.csv、.tsv、.parquet 文件或存放 .txt 文件的文件夹</translation>
    </message>
    <message>
        <source>is empty (0 bytes)</source>
        <translation>是空文件（0 字节）</translation>
    </message>
    <message>
        <source>is a text file; it has no sheet {sheet!r}</source>
        <translation>是文本文件，没有工作表 {sheet!r}</translation>
    </message>
    <message>
        <source>is too large to load ({gib:.1f} GiB; limit 2 GiB)</source>
        <translation>太大，无法载入（{gib:.1f} GiB；上限 2 GiB）</translation>
    </message>
    <message>
        <source>does not exist</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>is a folder, not a file</source>
        <translation>是文件夹，不是文件</translation>
    </message>
    <message>
        <source>cannot be opened: permission denied</source>
        <translation>无法打开：没有权限</translation>
    </message>
    <message>
        <source>cannot be opened: {reason}</source>
        <translation>无法打开：{reason}</translation>
    </message>
    <message>
        <source>cannot be read: {reason}</source>
        <translation>无法读取：{reason}</translation>
    </message>
    <message>
        <source>is not a regular file (a pipe, socket or device); open a saved file</source>
        <translation>不是普通文件（而是管道、套接字或设备）；请打开已保存的文件</translation>
    </message>
    <message>
        <source>contains no .txt files (subfolders included)</source>
        <translation>不含任何 .txt 文件（含子文件夹）</translation>
    </message>
    <message>
        <source>contains no .txt files (subfolders included); {detail}</source>
        <translation>不含任何 .txt 文件（含子文件夹）；{detail}</translation>
    </message>
    <message>
        <source>was changed on disk after it was loaded; open it again before exporting</source>
        <translation>载入后已在磁盘上被修改；请重新打开后再导出</translation>
    </message>
    <message>
        <source>an annotated export is a table: name it .xlsx or .csv</source>
        <translation>标注版导出是一张表格：请使用 .xlsx 或 .csv 作为扩展名</translation>
    </message>
    <message>
        <source>is no longer there; it was moved or deleted after it was loaded</source>
        <translation>已不在原处；载入后被移动或删除了</translation>
    </message>
    <message>
        <source>cannot be copied: the workbook is damaged ({e})</source>
        <translation>无法复制：工作簿已损坏（{e}）</translation>
    </message>
    <message>
        <source>input file {rel} disappeared since it was read; reload the folder</source>
        <translation>输入文件 {rel} 在读取后消失了；请重新载入文件夹</translation>
    </message>
    <message>
        <source>has no sheet named {name!r} any more; reload the file</source>
        <translation>已不再有名为 {name!r} 的工作表；请重新载入文件</translation>
    </message>
    <message>
        <source>is not a workbook (no workbook part); the file may be damaged</source>
        <translation>不是工作簿（缺少工作簿部件）；文件可能已损坏</translation>
    </message>
    <message>
        <source>has no worksheets</source>
        <translation>没有工作表</translation>
    </message>
    <message>
        <source>sheet {sheet!r} is empty</source>
        <translation>工作表 {sheet!r} 为空</translation>
    </message>
    <message>
        <source>sheet {sheet!r} has a header but no data rows</source>
        <translation>工作表 {sheet!r} 只有标题行，没有数据行</translation>
    </message>
    <message>
        <source>cannot be read as a workbook ({reason}); the file may be damaged</source>
        <translation>无法作为工作簿读取（{reason}）；文件可能已损坏</translation>
    </message>
    <message>
        <source>has no sheet named {sheet!r} (sheets: {sheets})</source>
        <translation>没有名为 {sheet!r} 的工作表（现有工作表：{sheets}）</translation>
    </message>
    <message>
        <source>sheet {sheet!r} cannot be read ({reason}); the file may be damaged</source>
        <translation>无法读取工作表 {sheet!r}（{reason}）；文件可能已损坏</translation>
    </message>
    <message>
        <source>cannot be read: it is password-protected or an old-format workbook calamine cannot parse ({reason}); open it in Excel and save as .xlsx without a password</source>
        <translation>无法读取：它受密码保护，或是 calamine 无法解析的旧格式工作簿（{reason}）；请在 Excel 中打开并另存为不带密码的 .xlsx</translation>
    </message>
    <message>
        <source>refused: part {part} does not match its declared size or checksum; the file is damaged or hostile</source>
        <translation>已拒绝：部件 {part} 与其声明的大小或校验和不符；文件已损坏或带有恶意</translation>
    </message>
    <message>
        <source>is password-protected (encrypted); open it in Excel, remove the password (File &gt; Info &gt; Protect Workbook) and save it again</source>
        <translation>受密码保护（已加密）；请在 Excel 中打开，取消密码（文件 &gt; 信息 &gt; 保护工作簿）后重新保存</translation>
    </message>
    <message>
        <source>is not a valid .xlsx workbook (not a zip archive); the file may be damaged</source>
        <translation>不是有效的 .xlsx 工作簿（不是 zip 压缩包）；文件可能已损坏</translation>
    </message>
    <message>
        <source>refused: it would unpack to {gib:.1f} GiB (limit 2 GiB); it looks like a zip bomb or is too large to open safely</source>
        <translation>已拒绝：解压后将达 {gib:.1f} GiB（上限 2 GiB）；它像是 zip 炸弹，或大得无法安全打开</translation>
    </message>
    <message>
        <source>refused: part {part} declares a DTD or XML entities, which workbooks never need</source>
        <translation>已拒绝：部件 {part} 声明了 DTD 或 XML 实体，而工作簿从不需要它们</translation>
    </message>
    <message>
        <source>refused: part {part} has no XML element in its first 64 KiB</source>
        <translation>已拒绝：部件 {part} 的前 64 KiB 中没有 XML 元素</translation>
    </message>
    <message>
        <source>is damaged (truncated or not a valid .xlsx workbook: {e})</source>
        <translation>已损坏（被截断或不是有效的 .xlsx 工作簿：{e}）</translation>
    </message>
    <message>
        <source>is damaged or uses an unsupported zip feature ({e})</source>
        <translation>已损坏，或使用了不受支持的 zip 功能（{e}）</translation>
    </message>
    <message>
        <source>refused: part {part} is compressed {ratio}:1 (limit {limit}:1); it looks like a zip bomb</source>
        <translation>已拒绝：部件 {part} 的压缩比为 {ratio}:1（上限 {limit}:1）；它像是 zip 炸弹</translation>
    </message>
    <message>
        <source>is a zip archive but not an Excel workbook (no xl/workbook.xml)</source>
        <translation>是 zip 压缩包，但不是 Excel 工作簿（没有 xl/workbook.xml）</translation>
    </message>
    <message>
        <source>no column named {column!r} to choose the kept row by</source>
        <translation>没有名为 {column!r} 的列，无法据此选择保留行</translation>
    </message>
    <message>
        <source>no column named {date_column!r} to read dates from</source>
        <translation>没有名为 {date_column!r} 的列，无法从中读取日期</translation>
    </message>
    <message>
        <source>Choose at least one file to write.</source>
        <translation>请至少选择一个要写入的文件。</translation>
    </message>
    <message>
        <source>Two exports have the same file name.</source>
        <translation>有两个导出文件同名。</translation>
    </message>
    <message>
        <source>{name} is the input file; choose another name so the original stays untouched.</source>
        <translation>{name} 是输入文件；请换一个名称，以免改动原文件。</translation>
    </message>
    <message>
        <source>The folder {folder} does not exist.</source>
        <translation>文件夹 {folder} 不存在。</translation>
    </message>
    <message>
        <source>is not a saved review this version can read ({e})</source>
        <translation>不是此版本能读取的已保存核对记录（{e}）</translation>
    </message>
    <message>
        <source>no column named {column!r} (columns: {columns})</source>
        <translation>没有名为 {column!r} 的列（现有列：{columns}）</translation>
    </message>
    <message>
        <source>no text column chosen</source>
        <translation>没有选择文本列</translation>
    </message>
</context>
<context>
    <name>howto</name>
    <message>
        <source>threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>How Dedup finds duplicates</source>
        <translation>Dedup 如何找出重复文本</translation>
    </message>
    <message>
        <source>All three methods answer the same question — which rows are copies or near-copies of each other — and feed the same clusters, review and export. Before any of them, every text is normalised (HTML, full-width characters, spaces and letter case are evened out; your file is never changed) and identical texts are grouped at once.</source>
        <translation>三种算法回答的是同一个问题：哪些行互相重复或高度相似。它们的结果都进入同样的重复组、核对和导出流程。比较之前，所有文本都会先做规范化处理（去掉 HTML，统一全角半角、空白和英文大小写，原文件不会被改动），完全相同的文本直接归为一组。</translation>
    </message>
    <message>
        <source>SimHash — fingerprints of keywords</source>
        <translation>SimHash：关键词指纹</translation>
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
        <source>NSHash — the longest sentences</source>
        <translation>NSHash：最长的句子</translation>
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
        <source>N-gram — shared runs of characters</source>
        <translation>N-gram：共有的字符片段</translation>
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
        <source>Works on short texts — headlines, posts, comments — and on edited or shortened copies.</source>
        <translation>适用于短文本（标题、帖子、评论）以及经过编辑或删节的副本。</translation>
    </message>
    <message>
        <source>Which one should I choose?</source>
        <translation>该选哪一种？</translation>
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
        <source>Clusters and the row kept</source>
        <translation>重复组与保留行</translation>
    </message>
    <message>
        <source>&lt;b&gt;Strict&lt;/b&gt; clusters (the default) only remove rows that are themselves similar to the row kept. &lt;b&gt;Linked&lt;/b&gt; clusters chain matches: if A matches B and B matches C, all three are one cluster. By default the original of each cluster is kept; choose another policy under Advanced, or pick the row yourself in the review (K), and mark rows “Not a duplicate” (D) to keep them - or whole clusters (Shift+D). Every decision can be undone (Ctrl+Z); File ▸ Save review keeps your decisions beside the input, to resume later.</source>
        <translation>&lt;b&gt;严格&lt;/b&gt;分组（默认）只删除与保留行本身相似的行。&lt;b&gt;连锁&lt;/b&gt;分组会把匹配串起来：A 与 B 相似、B 与 C 相似，三者就归为一组。默认保留每组中的原稿；可以在“高级”中换一种保留规则，也可以在核对时亲自选定保留哪一行（K），或把若干行标为“不是重复”（D）以保留它们——也可以对整个重复组这样做（Shift+D）。每项决定都可以撤销（Ctrl+Z）；“文件 ▸ 保存核对记录”会把您的决定保存在输入文件旁边，以后可以继续。</translation>
    </message>
    <message>
        <source>A short question or title one character or one word apart from another (“怎么读” / “怎么用”) is as often another question as a typo, and the text cannot tell which: such a row is not removed but shown “To check” in its cluster, and stays in the cleaned file unless you remove it (R). Review ▸ Next row to check (T) goes from one to the next.</source>
        <translation>短问题或短标题与另一条仅差一个字或一个词（“怎么读” / “怎么用”）时，既可能是错别字，也同样可能是另一个问题，单凭文字无法分辨：这样的行不会被删除，而是在其重复组中标为“待查”，除非您将其删除（R），它会留在清理后的文件中。“核对 ▸ 下一条待查行”（T）逐条跳到下一行待查行。</translation>
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
    <name>notes</name>
    <message>
        <source>cleaned</source>
        <translation>去重后</translation>
    </message>
    <message>
        <source>annotated</source>
        <translation>标注版</translation>
    </message>
    <message>
        <source>report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>{name}: the macros of {file} are not kept: a {suffix} file cannot hold them</source>
        <translation>{name}：{file} 的宏不会保留：{suffix} 文件无法容纳宏</translation>
    </message>
    <message>
        <source>{manifest} lists every input file and whether it was kept</source>
        <translation>{manifest} 列出了每个输入文件及其是否保留</translation>
    </message>
    <message>
        <source>{rows:,} rows{what} (Excel&apos;s limit is {limit:,})</source>
        <translation>{rows:,} 行{what}（Excel 的上限为 {limit:,}）</translation>
    </message>
    <message>
        <source>{columns:,} columns{what} (Excel&apos;s limit is {limit:,})</source>
        <translation>{columns:,} 列{what}（Excel 的上限为 {limit:,}）</translation>
    </message>
    <message>
        <source>{name}: the macros of {file} are not kept: a {suffix} file cannot hold them (save as .xlsm to keep them)</source>
        <translation>{name}：{file} 的宏不会保留：{suffix} 文件无法容纳宏（另存为 .xlsm 可保留）</translation>
    </message>
    <message>
        <source> with the annotation columns</source>
        <translation>（含标注列）</translation>
    </message>
    <message>
        <source>report&apos;s hot stories</source>
        <translation>报告附带的热点报道</translation>
    </message>
    <message>
        <source>{rows} more data rows have a quoted cell over lines that look like rows</source>
        <translation>另有 {rows} 个数据行含有跨越多行的带引号单元格，其中的行看起来像独立的行</translation>
    </message>
    <message>
        <source>a quote opened on line {first} is never closed: lines {first}-{last} were read as one row</source>
        <translation>第 {first} 行的引号一直没有闭合：第 {first}-{last} 行被读成了一行</translation>
    </message>
    <message>
        <source>{rows} row(s) have more fields than the header ({fields}) at line(s) {lines}; added columns {columns}</source>
        <translation>有 {rows} 行的字段多于标题行（{fields} 个），位于第 {lines} 行；已添加列 {columns}</translation>
    </message>
    <message>
        <source>{rows} row(s) have fewer fields than the header ({fields}) at line(s) {lines}; the missing cells are empty</source>
        <translation>有 {rows} 行的字段少于标题行（{fields} 个），位于第 {lines} 行；缺少的单元格为空</translation>
    </message>
    <message>
        <source>data row {row} (lines {first}-{last}): a quoted cell spans {lines} lines, {alike} of which look like rows of their own; probably an unbalanced quote (&quot;) - check the file</source>
        <translation>第 {row} 个数据行（第 {first}-{last} 行）：一个带引号的单元格跨越了 {lines} 行，其中 {alike} 行看起来像独立的行；可能是引号（&quot;）不成对，请检查文件</translation>
    </message>
    <message>
        <source>has {chars:,} characters (Excel&apos;s limit is {limit:,})</source>
        <translation>有 {chars:,} 个字符（Excel 的上限为 {limit:,}）</translation>
    </message>
    <message>
        <source>contains the control character U+{code:04X}, which Excel cannot store</source>
        <translation>含有 Excel 无法保存的控制字符 U+{code:04X}</translation>
    </message>
    <message>
        <source>the header</source>
        <translation>标题行</translation>
    </message>
    <message>
        <source>data row {row}</source>
        <translation>第 {row} 个数据行</translation>
    </message>
    <message>
        <source> (and {count} more cells)</source>
        <translation>（另有 {count} 个单元格）</translation>
    </message>
    <message>
        <source>column {letter} has no header; named it {base!r}</source>
        <translation>第 {letter} 列没有标题；已命名为 {base!r}</translation>
    </message>
    <message>
        <source>header {base!r} appears more than once; column {letter} renamed to {final!r}</source>
        <translation>标题 {base!r} 出现了不止一次；第 {letter} 列已改名为 {final!r}</translation>
    </message>
    <message>
        <source>the files use several encodings ({encodings}); each was decoded on its own</source>
        <translation>这些文件使用了多种编码（{encodings}）；已分别解码</translation>
    </message>
    <message>
        <source>skipped {count} .txt name(s) that are not regular files (pipe, socket or device): {names}</source>
        <translation>已跳过 {count} 个不是普通文件的 .txt 名称（管道、套接字或设备）：{names}</translation>
    </message>
    <message>
        <source>skipped {count} symbolic link(s) leading outside the folder or nowhere: {names}</source>
        <translation>已跳过 {count} 个指向文件夹之外或无效的符号链接：{names}</translation>
    </message>
    <message>
        <source>could not open {count} subfolder(s): {names}</source>
        <translation>无法打开 {count} 个子文件夹：{names}</translation>
    </message>
    <message>
        <source>column {column} added as {name!r}</source>
        <translation>列 {column} 以 {name!r} 为名添加</translation>
    </message>
    <message>
        <source> with the new columns</source>
        <translation>（含新增列）</translation>
    </message>
    <message>
        <source> on sheet {name!r}</source>
        <translation>（在工作表 {name!r} 中）</translation>
    </message>
    <message>
        <source>written without highlighting: {file} has macros or a chart sheet, which only a copy of the workbook keeps</source>
        <translation>未加底色标记：{file} 含有宏或图表工作表，只有工作簿的副本才能保留它们</translation>
    </message>
    <message>
        <source>{file} is saved as a new workbook: values and types kept, formatting and formulas (their results are kept) not</source>
        <translation>{file} 保存为新工作簿：保留数值和类型，不保留格式和公式（公式的计算结果会保留）</translation>
    </message>
    <message>
        <source>the macros (VBA project) were left out: an .xlsx workbook cannot hold them</source>
        <translation>宏（VBA 工程）未保留：.xlsx 工作簿无法容纳宏</translation>
    </message>
    <message>
        <source>row {row} looks like a title (merged cells); the header is row {header}</source>
        <translation>第 {row} 行看起来是标题（合并单元格）；表头为第 {header} 行</translation>
    </message>
    <message>
        <source>{cells} empty formatted cells right of the data made room for new columns</source>
        <translation>数据右侧 {cells} 个带格式的空单元格让位给了新列</translation>
    </message>
    <message>
        <source>macros (VBA) may address cells by row number; they were not adjusted for the removed rows</source>
        <translation>宏（VBA）可能按行号引用单元格；它们未随删除的行调整</translation>
    </message>
    <message>
        <source>the workbook recalculates its formulas when it is opened</source>
        <translation>工作簿打开时会重新计算公式</translation>
    </message>
    <message>
        <source>{member} refers to cells of {sheet!r}; its references were not adjusted</source>
        <translation>{member} 引用了 {sheet!r} 的单元格；这些引用未作调整</translation>
    </message>
    <message>
        <source>the sheet&apos;s {kind} ({member}) was not adjusted for the removed rows; refresh it in Excel</source>
        <translation>工作表的 {kind}（{member}）未随删除的行调整；请在 Excel 中刷新</translation>
    </message>
    <message>
        <source>{count} more references like these were not adjusted</source>
        <translation>另有 {count} 处类似的引用未作调整</translation>
    </message>
    <message>
        <source>{where}: INDIRECT/ADDRESS in {formula}: addresses built from text are not adjusted</source>
        <translation>{where}：{formula} 中的 INDIRECT/ADDRESS：由文本拼出的地址不会调整</translation>
    </message>
    <message>
        <source>{where}: the text {literal} names cells of {sheet!r} and was not adjusted</source>
        <translation>{where}：文本 {literal} 指向 {sheet!r} 的单元格，未作调整</translation>
    </message>
    <message>
        <source>{where}: formula {formula} could not be parsed, so it was not adjusted</source>
        <translation>{where}：无法解析公式 {formula}，因此未作调整</translation>
    </message>
    <message>
        <source>{where}: 3-D reference {reference} was not adjusted</source>
        <translation>{where}：三维引用 {reference} 未作调整</translation>
    </message>
    <message>
        <source>defined name {name}</source>
        <translation>定义的名称 {name}</translation>
    </message>
    <message>
        <source>pivot cache {member}: its source {sheet}!{ref} was removed entirely; left as it was</source>
        <translation>数据透视表缓存 {member}：其数据源 {sheet}!{ref} 已被整体删除；保持原样</translation>
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
        <source>Texts whose 64-bit fingerprints differ in at most this many bits are compared; the text check decides. Higher finds more edited and cut copies, and searches longer; 6 did best on real news.</source>
        <translation>64 位指纹相差不超过这么多位的文本会被比较，由文本核验判定。数值越大，找到的删改、截断的副本越多，查找也越久；在真实新闻上 6 效果最好。</translation>
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
        <source>Most texts here are short (median {median} characters). SimHash is unreliable below ~{limit}: one changed character moves many bits. N-gram suits short texts better.</source>
        <translation>这里的文本大多较短（中位数 {median} 字）。文本不足约 {limit} 字时 SimHash 不可靠：改一个字就会让很多位发生变化。短文本更适合用 N-gram。</translation>
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
        <source>Most texts here are short (median {median} characters). NSHash matches texts that share a long sentence, and short texts share stock phrases: expect false matches. N-gram suits short texts better.</source>
        <translation>这里的文本大多较短（中位数 {median} 字）。NSHash 只要两篇文本有一个相同的长句就判为重复，而短文本常常共用套话，容易误判。短文本更适合用 N-gram。</translation>
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
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>Two texts are duplicates when their text similarity on character n-grams is at least this: the share of n-grams they have in common (Jaccard), or for an excerpt the share of the shorter text found in the longer. Higher is stricter.</source>
        <translation>两篇文本按字符 n-gram 计算的相似度不低于此值时判为重复：即共有 n-gram 所占的比例（Jaccard），对于节选则是较短文本在较长文本中出现的比例。越高越严格。</translation>
    </message>
    <message>
        <source>Min similarity</source>
        <translation>最低相似度</translation>
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
    <name>review</name>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>Kept text</source>
        <translation>保留的文本</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行号</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Not a duplicate</source>
        <translation>不是重复</translation>
    </message>
    <message>
        <source>Cluster {id}: {size} rows, {removed} removed, keeping row {kept}</source>
        <translation>重复组 {id}：{size} 行，删除 {removed} 行，保留第 {kept} 行</translation>
    </message>
    <message>
        <source>(edited: you changed this cluster)</source>
        <translation>（已修改：您调整过这个重复组）</translation>
    </message>
    <message>
        <source>This row is kept in the cleaned file.</source>
        <translation>这一行保留在去重后的文件中。</translation>
    </message>
    <message>
        <source>You chose this row as the one to keep.</source>
        <translation>这是您选定要保留的行。</translation>
    </message>
    <message>
        <source>You marked this row “not a duplicate”: it stays in the cleaned file.</source>
        <translation>您把这一行标为“不是重复”：它会保留在去重后的文件中。</translation>
    </message>
    <message>
        <source>Removed from the cleaned file as a duplicate of the kept row.</source>
        <translation>作为保留行的重复，将从去重后的文件中删除。</translation>
    </message>
    <message>
        <source>Remove: same as row {row}</source>
        <translation>删除：同第 {row} 行</translation>
    </message>
    <message>
        <source>Removed from the cleaned file as a copy of row {row}, which is kept for you to check: the same text.</source>
        <translation>作为第 {row} 行（保留待您核查）的副本从清理后的文件中删除：文字相同。</translation>
    </message>
    <message>
        <source>Similarity to the kept row</source>
        <translation>与保留行的相似度</translation>
    </message>
    <message>
        <source>To check</source>
        <translation>待查</translation>
    </message>
    <message>
        <source>{held} kept for you to check</source>
        <translation>{held} 行保留待您核查</translation>
    </message>
    <message>
        <source>Kept for you to check: a character or a word apart from the kept row, which is as often another question or report as a copy. It stays in the cleaned file unless you remove it.</source>
        <translation>保留待您核查：与保留行仅差一个字或一个词——这既可能是副本，也同样可能是另一个问题或另一篇报道。除非您将其删除，它会留在清理后的文件中。</translation>
    </message>
    <message>
        <source>Kept for you to check: partly written in other words than the kept row, which is as often another report of the same news as a copy. It stays in the cleaned file unless you remove it.</source>
        <translation>保留待您核查：与保留行相比部分文字被改写——这既可能是副本，也同样可能是同一新闻的另一篇报道。除非您将其删除，它会留在清理后的文件中。</translation>
    </message>
    <message>
        <source>Kept for you to check: a figure of it is written with another multiplier (万, 亿, million) than in the kept row, or without one - a typo or another figure. It stays in the cleaned file unless you remove it.</source>
        <translation>保留待您核查：其中某个数字的量级（万、亿、million）与保留行不同或被删去——可能是笔误，也可能是另一个数字。除非您将其删除，它会留在清理后的文件中。</translation>
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
        <source>Finding boilerplate</source>
        <translation>识别模板文字</translation>
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
