"""Interface languages: English and Simplified Chinese, from the system locale or the menu; every string translated."""

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QSettings, QTranslator
from PySide6.QtWidgets import QLabel, QMenu, QPushButton

from dedup_gui import i18n
from dedup_gui.core.algorithms.registry import ALGORITHMS
from dedup_gui.gui import registry_strings
from dedup_gui.gui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "resources" / "translations" / "dedup_gui_zh_CN.ts"
BIN = Path(sys.executable).parent


def _tool(name: str) -> Path:
    tool = BIN / f"pyside6-{name}"
    if not tool.exists():
        pytest.skip(f"pyside6-{name} is not installed")
    return tool


def _messages(ts: Path) -> list[tuple[str, str, ET.Element]]:
    return [
        (context.findtext("name"), message.findtext("source"), message.find("translation"))
        for context in ET.parse(ts).getroot().iter("context")
        for message in context.iter("message")
    ]


@pytest.fixture
def store(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def english_afterwards(qapp):
    yield qapp
    i18n.install(i18n.ENGLISH, qapp)


# -- choosing the language ----


@pytest.mark.parametrize(
    ("locale", "expected"),
    [("zh_CN", "zh_CN"), ("zh_TW", "zh_CN"), ("zh_HK", "zh_CN"), ("en_US", "en"), ("de_DE", "en"), ("ja_JP", "en")],
)
def test_the_system_locale_picks_chinese_for_any_chinese_locale(locale, expected):
    assert i18n.system_language(QLocale(locale)) == expected


def test_a_language_saved_from_the_menu_wins_over_the_system_locale(store, monkeypatch):
    monkeypatch.setattr(i18n, "system_language", lambda locale=None: "en")
    assert i18n.chosen_language(store) == "en"
    store.setValue("language", "zh_CN")
    assert i18n.chosen_language(store) == "zh_CN"
    store.setValue("language", "klingon")
    assert i18n.chosen_language(store) == "en"


def test_installing_chinese_translates_app_and_qt_strings_and_english_removes_them(english_afterwards):
    app = english_afterwards
    i18n.install(i18n.CHINESE, app)
    assert QCoreApplication.translate("registry", "Min similarity") == "最低相似度"
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"  # Qt's own qtbase catalogue
    assert i18n.current_language(app) == "zh_CN"
    i18n.install(i18n.ENGLISH, app)
    assert QCoreApplication.translate("registry", "Min similarity") == "Min similarity"
    assert not [t for t in app.findChildren(QTranslator) if t.objectName() == "dedup_gui_translator"]


# -- the catalogue ----


def test_no_english_source_string_in_the_catalogue_is_left_untranslated():
    unfinished = [
        (ctx, src)
        for ctx, src, tr in _messages(TS)
        if tr is None or tr.get("type") in ("unfinished", "vanished", "obsolete") or not (tr.text or "").strip()
    ]
    assert unfinished == []


def test_every_string_in_the_code_is_in_the_catalogue(tmp_path):
    """lupdate over the code finds nothing the committed .ts lacks (else: `make translations`, then translate)."""
    lupdate = _tool("lupdate")
    fresh = tmp_path / "fresh.ts"
    shutil.copy(TS, fresh)
    sources = sorted(str(p) for p in (ROOT / "dedup_gui").rglob("*.py"))
    subprocess.run(
        [str(lupdate), "-silent", "-locations", "none", "-no-obsolete", *sources, "-ts", str(fresh)],
        check=True,
        timeout=120,
    )
    untranslated = [(ctx, src) for ctx, src, tr in _messages(fresh) if tr.get("type") == "unfinished"]
    assert untranslated == []


def test_no_translation_call_hides_inside_an_f_string():
    """lupdate cannot see tr("…") written inside an f-string's braces; such a string would never be translated."""
    hidden = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in (ROOT / "dedup_gui").rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"""\bf["'].*\{(self\.)?(tr|translate)\(""", line)
    ]
    assert hidden == []


def test_translations_keep_placeholders_markup_and_shortcuts():
    for ctx, src, tr in _messages(TS):
        text = tr.text or ""
        assert sorted(re.findall(r"\{\w*\}", src)) == sorted(re.findall(r"\{\w*\}", text)), (ctx, src, text)
        for tag in ("<b>", "</b>", "<br>", "<i>"):
            assert src.count(tag) == text.count(tag), (ctx, src, text)
        accelerator = re.search(r"&(\w)", src)
        if accelerator:
            assert f"(&{accelerator.group(1).upper()})" in text or "&" in text, (ctx, src, text)


def test_the_catalogue_compiles_and_the_compiled_and_source_forms_agree(tmp_path, qapp):
    lrelease = _tool("lrelease")
    qm = tmp_path / "dedup_gui_zh_CN.qm"
    subprocess.run([str(lrelease), "-silent", str(TS), "-qm", str(qm)], check=True, timeout=60)
    compiled = QTranslator()
    assert compiled.load(str(qm))
    from_ts = i18n.TsTranslator(TS)
    assert from_ts.translate("registry", "no such text") is None
    messages = _messages(TS)
    assert len(from_ts.messages) == len(messages)
    for ctx, src, tr in messages:
        assert compiled.translate(ctx, src) == from_ts.translate(ctx, src) == tr.text


def test_without_a_fresh_qm_the_ts_is_read_directly(tmp_path, monkeypatch, english_afterwards):
    ts = tmp_path / "dedup_gui_zh_CN.ts"
    shutil.copy(TS, ts)
    monkeypatch.setattr(i18n, "catalogue_files", lambda language: (ts.with_suffix(".qm"), ts))
    i18n.install(i18n.CHINESE, english_afterwards)
    assert QCoreApplication.translate("stages", "Segmenting") == "正在分词"
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"  # unknown here: Qt's catalogue answers


# -- the engine's strings ----


def test_every_registry_string_is_listed_for_translation():
    listed = set(registry_strings.REGISTRY_STRINGS)
    for info in ALGORITHMS.values():
        for text in (info.title, info.description, info.measure):
            assert text in listed
        for spec in (info.threshold, info.n):
            assert {spec.label, spec.help} <= listed
            assert not spec.unit or spec.unit in listed


def test_algorithm_descriptions_and_slider_tooltips_read_in_chinese(english_afterwards):
    i18n.install(i18n.CHINESE, english_afterwards)
    for name, info in ALGORITHMS.items():
        zh = registry_strings.translated_algorithm(info)
        assert zh.name == name
        assert zh.title == info.title or re.search(r"[\u4e00-\u9fff]", zh.title)  # "SimHash" stays a name
        for english, chinese in (
            (info.description, zh.description),
            (info.threshold.label, zh.threshold.label),
            (info.threshold.help, zh.threshold.help),
            (info.n.label, zh.n.label),
            (info.n.help, zh.n.help),
        ):
            assert chinese != english and re.search(r"[\u4e00-\u9fff]", chinese), (english, chinese)


def test_summary_and_keep_policies_in_chinese(english_afterwards):
    i18n.install(i18n.CHINESE, english_afterwards)
    assert registry_strings.summary_text(37, 81, 1204) == "37 个重复组 · 共 1,204 行，将删除 81 行"
    assert registry_strings.keep_policy_label("max:日期", "Largest / newest “日期”") == "“日期”最大／最新的一行"
    assert registry_strings.keep_policy_label("first", "First in file") == "文件中最靠前的一行"


def _every_kind_of_keep_reason() -> list[str]:
    """The reasons every keep policy gives, on clusters that reach each of their forms: dates shared, missing and
    unreadable, lengths and values tied, reposts, excerpts."""
    from pathlib import Path

    import numpy as np
    import pandas as pd
    from engine_texts import ZH_A, ZH_B, repost_with_header, truncated

    from dedup_gui.core import annotated
    from dedup_gui.core.keep import CONTAINER_REASON, KeepRule
    from dedup_gui.core.table import Table

    texts = [ZH_A, repost_with_header(ZH_A), truncated(ZH_A, 0.6), ZH_B, ZH_B, "短", "短"]
    columns = {
        "日期": ["2024-03-09", "2024-03-09", "不详", None, "2024-03-01", None, None],
        "阅读": ["12", "12", "7", None, "3", None, None],
        "正文": texts,
    }
    table = Table(Path("news.csv"), "csv", list(columns), pd.DataFrame(columns, dtype=object))
    clusters = [[0, 1, 2], [3, 4], [5, 6], [1, 2], [2, 3]]
    kept = np.array([c[0] for c in clusters] + [c[-1] for c in clusters])
    cluster = np.array([i for i, c in enumerate(clusters + clusters) for _ in c[1:]])
    others = np.array([m for c in clusters for m in c[1:]] + [m for c in clusters for m in c[:-1]])
    reasons = {CONTAINER_REASON, annotated.KEPT_REASON}  # (an annotated file's clusters, opened again)
    for policy in ("original", "first", "last", "longest", "shortest", "max:日期", "min:日期", "max:阅读", "min:阅读"):
        reasons.update(KeepRule.of(policy, texts, table).reasons_of(kept, cluster, others))
    return sorted(reasons)


def test_every_keep_reason_reads_in_chinese(english_afterwards):
    reasons = _every_kind_of_keep_reason()
    assert len(reasons) >= 15  # (every policy's forms: shared and unreadable dates, ties, reposts, excerpts)
    assert [registry_strings.keep_reason_text(r) for r in reasons] == reasons  # English: as the engine said it
    i18n.install(i18n.CHINESE, english_afterwards)
    for reason in reasons:
        chinese = registry_strings.keep_reason_text(reason)
        assert re.search("[A-Za-z]", chinese) is None, (reason, chinese)
    assert registry_strings.keep_reason_text(
        "earliest date (2024-03-09, shared by 2 rows); among them: longest text"
    ) == ("日期最早（2024-03-09，共 2 行同日）；其中：文本最长")


def test_the_status_words_an_annotated_file_is_read_by_are_the_ones_the_export_writes(english_afterwards):
    """``annotated`` tells a row kept to check and a kept row by the status words the annotated export writes, in
    English and in Chinese."""
    from dedup_gui.core import annotated
    from dedup_gui.core.annotation import StatusWords

    i18n.install(i18n.CHINESE, english_afterwards)
    english = StatusWords()
    chinese = {QCoreApplication.translate("AnnotatedExport", w) for w in (english.held, english.kept)}
    assert annotated.HELD_WORDS == {english.held, QCoreApplication.translate("AnnotatedExport", english.held)}
    assert annotated.KEPT_WORDS == {english.kept, QCoreApplication.translate("AnnotatedExport", english.kept)}
    assert len(chinese) == 2 and not chinese & {english.held, english.kept}
    headers = {QCoreApplication.translate("AnnotatedExport", name): name for name in annotated.CHINESE_HEADERS.values()}
    assert headers == annotated.CHINESE_HEADERS  # (the export's Chinese headers, read back as the contract's)
    manual = QCoreApplication.translate("AnnotatedExport", english.manual)
    assert annotated._MANUAL.sub("", manual.format(status="保留")) == "保留"
    assert annotated._MANUAL.sub("", english.manual.format(status="Kept")) == "Kept"


def test_the_kept_members_tip_gives_its_keep_reason_in_chinese(qapp, english_afterwards):
    """The member list's tip on the kept row says why it was kept (``DedupResult.keep_reasons``) in the interface
    language, as the compare view does - not as the engine wrote it ("first in file")."""
    from PySide6.QtCore import Qt

    from dedup_gui.core.pipeline import Pipeline
    from dedup_gui.core.review import KEPT, ReviewSession
    from dedup_gui.core.settings import Settings
    from dedup_gui.gui.cluster_list import MembersModel

    texts = ["今天北京天气怎么样会不会下大雨呢", "今天北京天气怎么样会不会下大雨", "完全无关的另一段文字"]
    result = Pipeline(texts).run(Settings(algorithm="ngram", keep="first"))
    assert result.keep_reasons[1] == "first in file"
    i18n.install(i18n.CHINESE, english_afterwards)
    model = MembersModel()
    model.set_cluster(ReviewSession(result, texts), 1)
    kept = next(i for i in range(model.rowCount()) if model.member(i).status == KEPT)
    tip = model.data(model.index(kept, 1), Qt.ItemDataRole.ToolTipRole)
    assert registry_strings.keep_reason_text("first in file") in tip
    assert re.search("[A-Za-z]", tip) is None, tip


def _error_calls():
    """Every ``InputError`` / ``OutputError`` / ``DedupError`` / ``EngineError`` made in the engine: (where, its
    problem's node)."""
    import ast

    for path in sorted(Path("dedup_gui/core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                at = {"InputError": 1, "OutputError": 1, "DedupError": 1, "EngineError": 0}.get(node.func.id)
                if at is not None and len(node.args) > at:
                    yield f"{path}:{node.lineno}", node.args[at]


def test_every_problem_the_engine_reports_is_a_template_the_catalogue_holds():
    """A problem is a plain string (its values given apart, ``core.errors``), never text built beforehand, and the
    window's catalogue lists it (``registry_strings.ERROR_TEMPLATES``) - so it is said in Chinese, values and all."""
    import ast

    rebuilt = "dedup_gui/core/engine_process.py"  # (the parent rebuilding an error of the child: its own template)
    built = [w for w, node in _error_calls() if not isinstance(node, ast.Constant) and not w.startswith(rebuilt)]
    assert built == [], built
    templates = {node.value for _, node in _error_calls() if isinstance(node, ast.Constant)}
    assert len(templates) >= 80
    assert templates <= set(registry_strings.ERROR_TEMPLATES), templates - set(registry_strings.ERROR_TEMPLATES)
    from dedup_gui.core.io.excel_limits import ExcelLimitError, cell_problem

    for made in (ExcelLimitError("x.xlsx", [(0, "a")], cell_problem("\x01")), ExcelLimitError.too_large("x", "")):
        assert made.template in registry_strings.ERROR_TEMPLATES


def test_a_cell_excel_cannot_hold_is_said_in_chinese_to_its_words(english_afterwards):
    """The error of an export Excel cannot hold is made of warnings in turn (where, why, how many more): each said in
    the interface language."""
    from dedup_gui.core.io.excel_limits import MAX_CELL_CHARS, ExcelLimitError, cell_problem

    error = ExcelLimitError("x.xlsx", [(3, "正文"), (5, "正文")], cell_problem("长" * (MAX_CELL_CHARS + 1)))
    english = "x.xlsx: cannot be saved as .xlsx: data row 3, column '正文' has 32,768 characters (Excel's limit is "
    assert str(error) == english + "32,767) (and 1 more cells); save as .csv instead (lossless)"
    assert registry_strings.error_text(error) == str(error)
    i18n.install(i18n.CHINESE, english_afterwards)
    assert registry_strings.error_text(error) == (
        "x.xlsx: 无法保存为 .xlsx：第 3 个数据行的 '正文' 列有 32,768 个字符（Excel 的上限为 32,767）"
        "（另有 1 个单元格）；请改存为 .csv（不丢失任何内容）"
    )


def test_a_problem_with_a_file_is_said_in_chinese_with_its_values(tmp_path, english_afterwards):
    from dedup_gui.core.engine_process import EngineProcess, _portable
    from dedup_gui.core.errors import InputError, OutputError
    from dedup_gui.core.io import read_table
    from dedup_gui.core.io.checks import check_distinct

    missing = tmp_path / "新闻.xlsx"
    with pytest.raises(InputError) as plain:
        read_table(missing)
    sheet = InputError(
        tmp_path / "a.xlsx", "has no sheet named {sheet!r} (sheets: {sheets})", sheet="汇总", sheets="表1, 表2"
    )
    with pytest.raises(OutputError) as named:  # (two outputs of one name, as the engine refuses them)
        check_distinct({"cleaned": tmp_path / "x.csv", "annotated": tmp_path / "x.csv"})
    both = named.value
    assert str(sheet).endswith("has no sheet named '汇总' (sheets: 表1, 表2)")  # (the engine's own words: English)
    assert registry_strings.error_text(plain.value) == f"{missing}: does not exist"
    i18n.install(i18n.CHINESE, english_afterwards)
    assert registry_strings.error_text(plain.value) == f"{missing}: 不存在"
    assert (
        registry_strings.error_text(sheet) == f"{tmp_path / 'a.xlsx'}: 没有名为 '汇总' 的工作表（现有工作表：表1, 表2）"
    )
    assert registry_strings.error_text(both).endswith("同时被用作去重后和标注版输出；请使用两个不同的名称")
    # From the engine's worker process: the error crosses the pipe as its template and values.
    crossed = EngineProcess._rebuilt(object.__new__(EngineProcess), _portable(sheet), "")
    assert type(crossed) is InputError and registry_strings.error_text(crossed) == registry_strings.error_text(sheet)
    # numpy's numbers cross as Python's, still filling a field with a format ("{gib:.1f}")
    import numpy as np

    big = InputError(missing, "is too large to load ({gib:.1f} GiB; limit 2 GiB)", gib=np.float32(2.5))
    crossed = EngineProcess._rebuilt(object.__new__(EngineProcess), _portable(big), "")
    assert (
        str(crossed) == str(big)
        and registry_strings.error_text(crossed) == f"{missing}: 太大，无法载入（2.5 GiB；上限 2 GiB）"
    )


def test_every_warning_of_the_readers_and_writers_is_a_note_the_catalogue_holds():
    """The readers' and writers' warnings (``core.errors.Note``) are templates the window's catalogue lists
    (``registry_strings.NOTE_TEMPLATES``), none a text built beforehand."""
    import ast

    built, templates = [], set()
    for path in sorted(Path("dedup_gui/core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Note":
                templates.add(node.args[0].value)
            call = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            appended = call and (
                (node.func.attr in ("append", "insert") and getattr(node.func.value, "id", "") in ("notes", "warnings"))
                or node.func.attr == "problem"  # (the formulas a row deletion could not adjust: ``FormulaShift``)
            )
            if appended and any(isinstance(a, (ast.JoinedStr, ast.Constant)) for a in node.args[-1:]):
                built.append(f"{path}:{node.lineno}")
    assert built == [], built
    assert len(templates) >= 20
    assert templates <= set(registry_strings.NOTE_TEMPLATES), templates - set(registry_strings.NOTE_TEMPLATES)


def test_a_warning_on_reading_a_file_is_said_in_chinese_and_survives_the_pipe(tmp_path, english_afterwards):
    import pickle

    from dedup_gui.core.errors import Note
    from dedup_gui.core.io import read_table

    path = tmp_path / "news.csv"
    path.write_text("标题,,正文\n甲,1,一段文字\n乙,2,另一段文字\n", encoding="utf-8")
    warning = read_table(path).warnings[0]
    assert warning == "column B has no header; named it 'Column B'" and isinstance(warning, Note)
    crossed = pickle.loads(pickle.dumps(warning))  # (tables come from the engine's worker process pickled)
    assert crossed == warning and crossed.template == warning.template and crossed.values == warning.values
    assert registry_strings.note_text(crossed) == str(warning)
    i18n.install(i18n.CHINESE, english_afterwards)
    assert registry_strings.note_text(crossed) == "第 B 列没有标题；已命名为 'Column B'"
    assert registry_strings.note_text("a text of its own") == "a text of its own"


# -- the main window ----


def _visible_texts(window: MainWindow) -> dict[str, str]:
    texts = {f"menu:{m.objectName() or i}": m.title() for i, m in enumerate(window.menuBar().findChildren(QMenu))}
    texts.update({f"button:{b.objectName() or i}": b.text() for i, b in enumerate(window.findChildren(QPushButton))})
    texts.update({f"label:{i}": label.text() for i, label in enumerate(window.findChildren(QLabel)) if label.text()})
    texts["threshold"] = window.settings_panel.threshold.label.text()
    texts["n"] = window.settings_panel.n.label.text()
    texts["algorithm"] = window.settings_panel.algorithm.currentText()
    return texts


def test_switching_to_chinese_changes_menus_buttons_and_slider_labels(qtbot, store, english_afterwards):
    i18n.install(i18n.ENGLISH, english_afterwards)
    english = MainWindow(store)
    qtbot.addWidget(english)
    i18n.install(i18n.CHINESE, english_afterwards)
    chinese = MainWindow(store)
    qtbot.addWidget(chinese)
    en, zh = _visible_texts(english), _visible_texts(chinese)
    assert en.keys() == zh.keys()
    menus = [k for k in en if k.startswith("menu:")]
    assert "menu:languageMenu" in menus  # the Language menu is translated too (its entries name each language)
    assert all(en[k] != zh[k] for k in menus), [(en[k], zh[k]) for k in menus if en[k] == zh[k]]
    assert zh["threshold"] != en["threshold"] and "最低相似度" in zh["threshold"]
    assert zh["n"] != en["n"] and "片段长度" in zh["n"]
    assert zh["algorithm"] == "N-gram 字符重合"
    buttons = [k for k in en if k.startswith("button:")]
    assert sum(en[k] != zh[k] for k in buttons) >= len(buttons) - 1, [(en[k], zh[k]) for k in buttons]
    english_only = [v for k, v in zh.items() if v and v == en[k] and re.search("[A-Za-z]{4,}", v)]
    assert english_only == []


def test_the_language_menu_rebuilds_the_window_in_chinese_and_remembers_it(qtbot, store, english_afterwards):
    i18n.install(i18n.ENGLISH, english_afterwards)
    window = MainWindow(store)
    qtbot.addWidget(window)
    window.show()
    menu = window.menuBar().findChild(QMenu, "languageMenu")
    action = next(a for a in menu.actions() if a.data() == i18n.CHINESE)
    action.trigger()
    replacement = i18n.replaced_window()
    assert replacement is not None and replacement is not window
    qtbot.addWidget(replacement)
    assert store.value("language") == "zh_CN"
    titles = [m.title() for m in replacement.menuBar().findChildren(QMenu)]
    assert "文件(&F)" in titles and "帮助(&H)" in titles
    assert replacement.findChild(QMenu, "languageMenu").title() == "语言(&L)"
