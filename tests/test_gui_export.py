"""The export dialog, driven offscreen: it tells before exporting what a format cannot keep, refuses what would
lose sheets, offers CSV when a file is too large for Excel, and shows after exporting the same notes the CLI
prints (references that could not follow their rows); a CSV file's cleaned copy is its own kept lines."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from PySide6.QtCore import QSettings

from dedup_gui.gui.main_window import MainWindow
from tests.test_gui_window import BODIES
from tests.test_io_limits import make_xlsm

TIMEOUT = 60_000


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    yield w
    w.close()


def open_and_wait(qtbot, window, path):
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.open_path(path)


def workbook_with_a_formula_sheet(path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "news"
    ws.append(["id", "body"])
    for i, body in enumerate(BODIES, start=1):
        ws.append([f"00{i}", body])
    calc = wb.create_sheet("calc")
    calc["A1"] = "=news!B5"  # data row 4, below the first removed repost (data row 3)
    calc["A2"] = '=INDIRECT("news!B9")'
    wb.save(path)
    return path


def test_the_export_message_names_what_could_not_be_adjusted(qtbot, window, tmp_path):
    src = workbook_with_a_formula_sheet(tmp_path / "news.xlsx")
    open_and_wait(qtbot, window, src)
    window.show_export_dialog()
    with qtbot.waitSignal(window.exported, timeout=TIMEOUT) as blocker:
        window.export_dialog.export_button.click()
    [written] = blocker.args[0]
    assert any("calc!A2" in n and "INDIRECT" in n for n in written.notes)
    shown = window.last_message.text()
    assert "calc!A2" in shown and "INDIRECT" in shown
    assert written.rows == 5  # reposts in data rows 3, 5 and 7 removed
    assert openpyxl.load_workbook(written.path)["calc"]["A1"].value == "=news!B4"  # followed its row


def test_the_dialog_says_before_exporting_that_xlsx_drops_the_macros(qtbot, window, tmp_path):
    src = make_xlsm(tmp_path / "macros.xlsm")
    open_and_wait(qtbot, window, src)
    window.show_export_dialog()
    dialog = window.export_dialog
    assert dialog.paths["cleaned"].text().endswith("macros_cleaned.xlsm")
    assert not dialog.warnings.isVisible()  # .xlsm keeps them
    dialog.paths["cleaned"].setText(str(tmp_path / "macros_cleaned.xlsx"))
    assert dialog.warnings.isVisible() and "macros" in dialog.warnings.text()
    assert dialog.export_button.isEnabled()  # allowed, once told
    dialog.reject()


def test_the_dialog_refuses_a_csv_that_would_drop_the_other_sheets(qtbot, window, tmp_path):
    src = workbook_with_a_formula_sheet(tmp_path / "news.xlsx")
    open_and_wait(qtbot, window, src)
    window.show_export_dialog()
    dialog = window.export_dialog
    dialog.paths["cleaned"].setText(str(tmp_path / "news_cleaned.csv"))
    assert not dialog.export_button.isEnabled()
    assert "would lose the other sheets" in dialog.problem.text() and "'calc'" in dialog.problem.text()
    dialog.reject()


def test_the_dialog_refuses_a_report_of_a_type_nothing_writes(qtbot, window, tmp_path):
    """A report named "report.txt" is refused in the dialog, before anything is written (it had failed only once
    the cleaned and annotated files were written)."""
    src = workbook_with_a_formula_sheet(tmp_path / "news.xlsx")
    open_and_wait(qtbot, window, src)
    window.show_export_dialog()
    dialog = window.export_dialog
    dialog.enabled["report"].setChecked(True)
    dialog.paths["report"].setText(str(tmp_path / "report.txt"))
    assert not dialog.export_button.isEnabled()
    assert "unsupported output type '.txt'" in dialog.problem.text()
    dialog.paths["report"].setText(str(tmp_path / "report.csv"))
    assert dialog.export_button.isEnabled()
    dialog.reject()


def test_the_dialog_offers_csv_when_the_file_is_too_large_for_excel(qtbot, window, tmp_path, monkeypatch):
    from dedup_gui.core.io import checks
    from dedup_gui.core.io.excel_limits import ExcelLimitError

    src = tmp_path / "news.csv"
    src.write_text("id,body\n" + "".join(f"{i},{b}\n" for i, b in enumerate(BODIES)), encoding="utf-8")
    open_and_wait(qtbot, window, src)

    def too_large(out, rows, columns, what=""):
        if out.suffix.lower() == ".xlsx":  # as a table of more than 1,048,576 rows would be
            raise ExcelLimitError.too_large(out, "1,048,577 rows (Excel's limit is 1,048,576)")

    monkeypatch.setattr(checks, "check_size", too_large)
    window.show_export_dialog()
    dialog = window.export_dialog
    dialog.paths["cleaned"].setText(str(tmp_path / "news_cleaned.xlsx"))
    assert not dialog.export_button.isEnabled() and dialog.use_csv.isVisible()
    assert "save as .csv instead" in dialog.problem.text()
    dialog.use_csv.click()
    assert dialog.paths["cleaned"].text() == str(tmp_path / "news_cleaned.csv")
    assert dialog.export_button.isEnabled() and not dialog.use_csv.isVisible()
    dialog.reject()


def test_a_csv_files_cleaned_copy_from_the_window_is_its_own_kept_lines(qtbot, window, tmp_path):
    """Exported from the window, the cleaned copy of a CSV file is its header's and kept rows' lines as the file
    has them (here every cell quoted, as some spreadsheets save): rows removed, nothing else changed."""
    buf = io.StringIO()
    writer = csv.writer(buf, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    records = []
    for row in [["id", "body"]] + [[f"00{i}", body] for i, body in enumerate(BODIES, start=1)]:
        start = buf.tell()
        writer.writerow(row)
        records.append(buf.getvalue()[start:])
    src = tmp_path / "news.csv"
    src.write_bytes(b"\xef\xbb\xbf" + buf.getvalue().encode("utf-8"))
    open_and_wait(qtbot, window, src)
    window.show_export_dialog()
    assert window.export_dialog.paths["cleaned"].text().endswith("news_cleaned.csv")
    with qtbot.waitSignal(window.exported, timeout=TIMEOUT) as blocker:
        window.export_dialog.export_button.click()
    [written] = blocker.args[0]
    out = written.path.read_bytes()
    assert out.startswith(b"\xef\xbb\xbf" + records[0].encode("utf-8"))
    kept = out[3 + len(records[0].encode("utf-8")) :].decode("utf-8")
    rest = iter(records[1:])  # each line of the copy is the next of the file's rows it kept, as written there
    copied = [r for r in _records_in(kept) if any(r == line for line in rest)]
    assert len(copied) == len(_records_in(kept)) == written.rows < len(BODIES)


def _records_in(text: str) -> list[str]:
    """The CSV records of ``text``, each as its lines (a quoted cell's line breaks inside it)."""
    out, record = [], ""
    for line in text.splitlines(keepends=True):
        record += line
        if record.count('"') % 2 == 0:
            out.append(record)
            record = ""
    return out


def test_the_bundled_demo_is_exported_to_the_users_folder_not_inside_the_app(qtbot, window, tmp_path, monkeypatch):
    """The demo workbook lives inside the app (in a checkout, the repository's resources/): its cleaned file is
    offered in the user's documents folder, else their home - found there after the export - and nothing is
    written beside the demo."""
    from dedup_gui.gui.resources import demo_workbook, resource_root

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))  # (no user-dirs.dirs naming another Documents)
    before = sorted(p.name for p in resource_root().iterdir())
    open_and_wait(qtbot, window, demo_workbook())
    window.show_export_dialog()
    dialog = window.export_dialog
    cleaned = dialog.paths["cleaned"].text()
    assert cleaned == str(home / "demo_cleaned.xlsx")
    assert dialog.paths["annotated"].text() == str(home / "demo_annotated.xlsx")
    with qtbot.waitSignal(window.exported, timeout=TIMEOUT):
        dialog.export_button.click()
    assert openpyxl.load_workbook(cleaned).sheetnames  # (a workbook, written where offered)
    assert sorted(p.name for p in resource_root().iterdir()) == before
