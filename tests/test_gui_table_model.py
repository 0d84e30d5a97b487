"""The lists' model answers each role a view asks of a cell as the cell's column says, and no other."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from dedup_gui.core.columns import BOLD, MUTED, STRIKE, Column
from dedup_gui.gui.table_model import ROW_ROLE, SHARE_ROLE, SORT_ROLE, ColumnTableModel

STYLES = ["", BOLD, MUTED, STRIKE]


def _model() -> ColumnTableModel:
    model = ColumnTableModel()
    model.set_rows(
        [10, 11, 12, 13],
        [
            Column("Row", lambda r: str(r + 1), lambda r: -r, numeric=True, share=lambda r: r / 100),
            Column("Text", lambda r: f"text {r}", tooltip=lambda r: f"all of text {r}", style=lambda r: STYLES[r - 10]),
        ],
    )
    return model


def test_each_role_is_answered_as_the_cells_column_says(qapp):
    model = _model()
    number, text = model.index(1, 0), model.index(1, 1)
    role = Qt.ItemDataRole
    assert model.data(number, role.DisplayRole) == "12" and model.data(text, role.DisplayRole) == "text 11"
    assert model.data(text, role.ToolTipRole) == "all of text 11" and model.data(number, role.ToolTipRole) is None
    assert model.data(number, role.TextAlignmentRole) == int(
        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    )
    assert model.data(text, role.TextAlignmentRole) is None
    assert model.data(number, ROW_ROLE) == 11 and model.data(number, SORT_ROLE) == -11
    assert model.data(number, SHARE_ROLE) == 0.11 and model.data(text, SHARE_ROLE) is None
    for unasked in (role.DecorationRole, role.CheckStateRole, role.BackgroundRole, role.SizeHintRole):
        assert model.data(number, unasked) is None and model.data(text, unasked) is None


def test_a_cells_style_is_its_font_and_its_colour(qapp):
    model = _model()
    role = Qt.ItemDataRole
    plain, bold, muted, struck = (model.index(r, 1) for r in range(4))
    assert model.data(plain, role.FontRole) is None and model.data(plain, role.ForegroundRole) is None
    font = model.data(bold, role.FontRole)
    assert isinstance(font, QFont) and font.bold() and not font.strikeOut()
    assert model.data(bold, role.ForegroundRole) is None
    font = model.data(struck, role.FontRole)
    assert isinstance(font, QFont) and font.strikeOut() and not font.bold()
    disabled = QApplication.palette().color(
        QApplication.palette().ColorGroup.Disabled, QApplication.palette().ColorRole.Text
    )
    assert model.data(muted, role.ForegroundRole) == disabled and model.data(muted, role.FontRole) is None
    assert model.data(model.index(2, 0), role.FontRole) is None  # (a column without a style)
