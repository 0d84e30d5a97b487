"""The settings side panel: algorithm, its two parameters (from the engine's registry), advanced options.

Labels, ranges, steps, defaults, units and tooltips all come from ``core.algorithms.registry``; each algorithm
remembers its own threshold and n while the user switches between them.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QSlider,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dedup_gui.core.algorithms.registry import ALGORITHMS, ParamSpec, get_algorithm
from dedup_gui.core.review import keep_policy_choices
from dedup_gui.core.settings import NormaliseOptions, Settings

from .registry_strings import keep_policy_label, translated_algorithm

# English keys, translated (context "SettingsPanel") when shown
_MODE_LABELS = {
    "strict": (
        QT_TRANSLATE_NOOP("SettingsPanel", "Strict"),
        QT_TRANSLATE_NOOP("SettingsPanel", "Every removed row is itself similar to the row kept (safe; no chaining)."),
    ),
    "linked": (
        QT_TRANSLATE_NOOP("SettingsPanel", "Linked"),
        QT_TRANSLATE_NOOP("SettingsPanel", "A~B and B~C put A, B and C in one cluster, even if A and C differ more."),
    ),
}


class ParamControl(QWidget):
    """A labelled slider with a spin box beside it, both showing the same value; configured by a ParamSpec."""

    valueChanged = Signal(float)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.spec: ParamSpec | None = None
        self.label = QLabel()
        self.label.setObjectName("paramLabel")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.spin = QDoubleSpinBox()
        self.spin.setKeyboardTracking(False)  # typing "0.85" computes once, on Enter or focus out
        self.spin.setMinimumWidth(96)
        self.range_label = QLabel()
        self.range_label.setObjectName("hint")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.slider, 1)
        row.addWidget(self.spin)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.label)
        layout.addLayout(row)
        layout.addWidget(self.range_label)
        self.slider.valueChanged.connect(self._from_slider)
        self.spin.valueChanged.connect(self._from_spin)

    def set_spec(self, spec: ParamSpec, value: float) -> None:
        self.spec = spec
        steps = round((spec.maximum - spec.minimum) / spec.step)
        for w in (self.slider, self.spin):
            w.blockSignals(True)
        self.slider.setRange(0, steps)
        self.slider.setSingleStep(1)
        self.slider.setPageStep(max(1, steps // 10))
        self.spin.setDecimals(spec.decimals)
        self.spin.setRange(spec.minimum, spec.maximum)
        self.spin.setSingleStep(spec.step)
        self.spin.setSuffix(f" {spec.unit}" if spec.unit else "")
        for w in (self.slider, self.spin):
            w.blockSignals(False)
        self.label.setText(f"<b>{spec.label}</b>")
        stricter = self.tr("higher is stricter") if spec.higher_is_stricter else self.tr("lower is stricter")
        self.range_label.setText(
            self.tr("{low} – {high}, default {default}; {stricter}").format(
                low=self._fmt(spec.minimum),
                high=self._fmt(spec.maximum),
                default=self._fmt(spec.default),
                stricter=stricter,
            )
        )
        for w in (self, self.label, self.slider, self.spin):
            w.setToolTip(spec.help)
        self.set_value(value)

    def _fmt(self, v: float) -> str:
        return f"{v:.{self.spec.decimals}f}" if self.spec else str(v)

    def value(self) -> float:
        v = round(self.spin.value(), self.spec.decimals if self.spec else 2)
        return v if self.spec and self.spec.decimals else float(int(v))

    def set_value(self, value: float) -> None:
        """Set without emitting valueChanged."""
        for w in (self.slider, self.spin):
            w.blockSignals(True)
        self.spin.setValue(value)
        self.slider.setValue(self._to_step(value))
        for w in (self.slider, self.spin):
            w.blockSignals(False)

    def _to_step(self, value: float) -> int:
        return round((value - self.spec.minimum) / self.spec.step) if self.spec else 0

    def _from_slider(self, step: int) -> None:
        value = self.spec.minimum + step * self.spec.step
        self.spin.blockSignals(True)
        self.spin.setValue(value)
        self.spin.blockSignals(False)
        self.valueChanged.emit(self.value())

    def _from_spin(self, value: float) -> None:
        self.slider.blockSignals(True)
        self.slider.setValue(self._to_step(value))
        self.slider.blockSignals(False)
        self.valueChanged.emit(self.value())


class SettingsPanel(QWidget):
    """Emits ``changed`` whenever anything that affects a run changes (the window debounces and re-runs)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._values: dict[str, tuple[float, float]] = {
            name: (info.threshold.default, info.n.default) for name, info in ALGORITHMS.items()
        }
        self._current = Settings().algorithm

        self.algorithm = QComboBox()
        for name, info in ALGORITHMS.items():
            info = translated_algorithm(info)
            self.algorithm.addItem(info.title, name)
            self.algorithm.setItemData(self.algorithm.count() - 1, info.description, Qt.ItemDataRole.ToolTipRole)
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setObjectName("hint")
        self.warning = QLabel()
        self.warning.setWordWrap(True)
        self.warning.setObjectName("warning")
        self.warning.hide()
        self.threshold = ParamControl()
        self.n = ParamControl()

        self.advanced_toggle = QToolButton()
        self.advanced_toggle.setText(self.tr("Advanced"))
        self.advanced_toggle.setCheckable(True)
        self.advanced_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.advanced_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.advanced_toggle.setAutoRaise(True)
        self.advanced = self._build_advanced()
        self.advanced.hide()
        self.advanced_toggle.toggled.connect(self._toggle_advanced)

        box = QGroupBox(self.tr("Algorithm"))
        form = QVBoxLayout(box)
        form.addWidget(self.algorithm)
        form.addWidget(self.description)
        form.addWidget(self.warning)
        form.addSpacing(6)
        form.addWidget(self.threshold)
        form.addSpacing(4)
        form.addWidget(self.n)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(box)
        layout.addWidget(self.advanced_toggle, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.advanced)

        self.algorithm.currentIndexChanged.connect(self._algorithm_changed)
        self.threshold.valueChanged.connect(self._param_changed)
        self.n.valueChanged.connect(self._param_changed)
        self._show_algorithm(self._current)

    def _build_advanced(self) -> QWidget:
        w = QGroupBox()  # the toggle above it is its heading: one heading per section
        w.setObjectName("advancedBox")
        form = QFormLayout(w)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        defaults = NormaliseOptions()
        self.strip_html = QCheckBox(self.tr("Strip HTML tags, entities, scripts"))
        self.nfkc = QCheckBox(self.tr("Fold full-width / half-width forms"))
        self.collapse_whitespace = QCheckBox(self.tr("Collapse whitespace"))
        self.casefold = QCheckBox(self.tr("Ignore letter case"))
        self.simplify = QCheckBox(self.tr("Fold traditional Chinese to simplified"))
        self.simplify.setToolTip(
            self.tr(
                "A story converted from traditional to simplified characters (or back) is compared as one text. "
                "Only the comparison is folded: every exported cell stays as written."
            )
        )
        self.drop_quoted = QCheckBox(self.tr("Ignore quoted lines and signatures"))
        self.drop_quoted.setToolTip(
            self.tr(
                "Replies quote the message they answer in lines starting with >; the quote is a citation, not a "
                'copy. An e-mail signature (below a line of "-- ") repeats in every message of its writer. A text '
                "quoted throughout (a forward, a headline opening >>) keeps its lines."
            )
        )
        for box, on in (
            (self.strip_html, defaults.strip_html),
            (self.nfkc, defaults.nfkc),
            (self.collapse_whitespace, defaults.collapse_whitespace),
            (self.casefold, defaults.casefold),
            (self.simplify, defaults.simplify),
            (self.drop_quoted, defaults.drop_quoted),
        ):
            box.setChecked(on)
            box.toggled.connect(self.changed)
            form.addRow(box)
        self.boilerplate = QPlainTextEdit()
        self.boilerplate.setPlaceholderText(self.tr("One regular expression per line, e.g.\n^来源：.*\n^责任编辑：.*"))
        self.boilerplate.setToolTip(self.tr("Lines matching any of these patterns are ignored when comparing texts."))
        self.boilerplate.setFixedHeight(64)
        self.boilerplate.textChanged.connect(self._boilerplate_changed)
        self.boilerplate_problem = QLabel()
        self.boilerplate_problem.setObjectName("warning")
        self.boilerplate_problem.setWordWrap(True)
        self.boilerplate_problem.hide()
        form.addRow(QLabel(self.tr("Ignore lines matching:")))
        form.addRow(self.boilerplate)
        form.addRow(self.boilerplate_problem)

        self.mode = QComboBox()
        modes = {value: (self.tr(label), self.tr(help_text)) for value, (label, help_text) in _MODE_LABELS.items()}
        for value, (label, help_text) in modes.items():
            self.mode.addItem(label, value)
            self.mode.setItemData(self.mode.count() - 1, help_text, Qt.ItemDataRole.ToolTipRole)
        self.mode.setToolTip("\n".join(f"{label}: {h}" for label, h in modes.values()))
        self.mode.currentIndexChanged.connect(self.changed)
        form.addRow(self.tr("Clusters:"), self.mode)

        self.keep = QComboBox()
        self.keep.setToolTip(self.tr("Which row of each cluster is kept by default (you can change it per cluster)."))
        self.set_columns([])
        self.keep.currentIndexChanged.connect(self.changed)
        form.addRow(self.tr("Keep:"), self.keep)

        self.min_sentence = QSpinBox()
        self.min_sentence.setRange(1, 500)
        self.min_sentence.setValue(30)
        self.min_sentence.setSuffix(self.tr(" characters"))
        self.min_sentence.setToolTip(self.tr("NSHash: sentences shorter than this are not fingerprinted."))
        self.min_sentence.valueChanged.connect(self.changed)
        form.addRow(self.tr("Min sentence:"), self.min_sentence)

        defaults_all = Settings()
        self.min_similarity = QDoubleSpinBox()
        self.min_similarity.setRange(0.3, 1.0)
        self.min_similarity.setSingleStep(0.05)
        self.min_similarity.setDecimals(2)
        self.min_similarity.setValue(defaults_all.min_similarity)
        self.min_similarity.setToolTip(
            self.tr(
                "Safety floor for every algorithm: two texts less similar than this are never duplicates, whatever "
                "their fingerprints say. Similarity is the share of character 4-grams the texts have in common, or "
                "for an excerpt the share of the shorter text found in the longer."
            )
        )
        self.min_similarity.valueChanged.connect(self.changed)
        form.addRow(self.tr("Never below:"), self.min_similarity)

        self.excerpts = QCheckBox(self.tr("Count excerpts as duplicates"))
        self.excerpts.setToolTip(
            self.tr(
                "A text that is mostly contained in a longer one (a truncated repost) is a duplicate when it is at "
                "least the given share of the longer text. Two write-ups of one event are not excerpts."
            )
        )
        self.excerpts.toggled.connect(self.changed)
        self.excerpt_share = QDoubleSpinBox()
        self.excerpt_share.setRange(0.1, 1.0)
        self.excerpt_share.setSingleStep(0.05)
        self.excerpt_share.setDecimals(2)
        self.excerpt_share.setValue(defaults_all.excerpt_share)
        self.excerpt_share.setToolTip(self.tr("Minimum length of an excerpt, as a share of the longer text."))
        self.excerpt_share.valueChanged.connect(self.changed)
        self.excerpts.toggled.connect(self.excerpt_share.setEnabled)
        self.excerpts.setChecked(defaults_all.excerpts)
        form.addRow(self.excerpts)
        form.addRow(self.tr("Excerpt at least:"), self.excerpt_share)

        self.boilerplate_docs = QSpinBox()
        self.boilerplate_docs.setRange(0, 1_000_000)
        self.boilerplate_docs.setValue(defaults_all.boilerplate_docs)
        self.boilerplate_docs.setSpecialValueText(self.tr("off"))
        self.boilerplate_docs.setSuffix(self.tr(" texts"))
        self.boilerplate_docs.setToolTip(
            self.tr(
                "A sentence found in at least this many otherwise different texts (a disclaimer, a byline, a "
                "share footer) is boilerplate: it is ignored when comparing texts. 0 turns this off."
            )
        )
        self.boilerplate_docs.valueChanged.connect(self.changed)
        form.addRow(self.tr("Boilerplate from:"), self.boilerplate_docs)
        return w

    def _toggle_advanced(self, on: bool) -> None:
        self.advanced.setVisible(on)
        self.advanced_toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)

    # -- algorithm and parameters ----

    def _algorithm_changed(self) -> None:
        self._values[self._current] = (self.threshold.value(), self.n.value())
        self._show_algorithm(self.algorithm.currentData())
        self.changed.emit()

    def _show_algorithm(self, name: str) -> None:
        info = translated_algorithm(get_algorithm(name))
        self._current = name
        threshold, n = self._values[name]
        self.description.setText(info.description)
        self.threshold.set_spec(info.threshold, threshold)
        self.n.set_spec(info.n, n)
        self.min_sentence.setEnabled("min_sentence" in get_algorithm(name).options)

    def _param_changed(self) -> None:
        self._values[self._current] = (self.threshold.value(), self.n.value())
        self.changed.emit()

    def _boilerplate_changed(self) -> None:
        bad = []
        for line in self.boilerplate.toPlainText().splitlines():
            try:
                re.compile(line)
            except re.error as exc:
                bad.append(f"“{line}”: {exc}")
        self.boilerplate_problem.setText(self.tr("Ignored (not a valid pattern): ") + "; ".join(bad) if bad else "")
        self.boilerplate_problem.setVisible(bool(bad))
        self.changed.emit()

    def _patterns(self) -> tuple[str, ...]:
        out = []
        for line in self.boilerplate.toPlainText().splitlines():
            if not line.strip():
                continue
            try:
                re.compile(line)
            except re.error:
                continue
            out.append(line)
        return tuple(out)

    def set_short_text_warning(self, text: str) -> None:
        self.warning.setText(text)
        self.warning.setVisible(bool(text))

    def set_columns(self, columns: list[str]) -> None:
        """Offer max:/min: keep policies for the table's columns, keeping the current choice when possible."""
        current = self.keep.currentData()
        self.keep.blockSignals(True)
        self.keep.clear()
        for value, label in keep_policy_choices(columns):
            self.keep.addItem(keep_policy_label(value, label), value)
        index = self.keep.findData(current)
        self.keep.setCurrentIndex(max(0, index))
        self.keep.blockSignals(False)

    # -- Settings in and out ----

    def settings(self) -> Settings:
        return Settings(
            algorithm=self._current,
            threshold=self.threshold.value(),
            n=int(self.n.value()),
            mode=self.mode.currentData(),
            keep=self.keep.currentData() or Settings().keep,
            normalise=NormaliseOptions(
                strip_html=self.strip_html.isChecked(),
                nfkc=self.nfkc.isChecked(),
                collapse_whitespace=self.collapse_whitespace.isChecked(),
                casefold=self.casefold.isChecked(),
                simplify=self.simplify.isChecked(),
                drop_quoted=self.drop_quoted.isChecked(),
                boilerplate_patterns=self._patterns(),
            ),
            min_sentence=self.min_sentence.value(),
            min_similarity=round(self.min_similarity.value(), 2),
            excerpts=self.excerpts.isChecked(),
            excerpt_share=round(self.excerpt_share.value(), 2),
            boilerplate_docs=self.boilerplate_docs.value(),
        )

    def set_algorithm(self, name: str) -> None:
        self.algorithm.setCurrentIndex(self.algorithm.findData(name))

    def set_settings(self, s: Settings) -> None:
        """Show these settings without emitting ``changed``."""
        s = s.resolved()
        self.blockSignals(True)
        self._values[s.algorithm] = (s.threshold, s.n)
        self.algorithm.setCurrentIndex(self.algorithm.findData(s.algorithm))
        self._show_algorithm(s.algorithm)
        self.mode.setCurrentIndex(max(0, self.mode.findData(s.mode)))
        if self.keep.findData(s.keep) < 0:
            self.keep.addItem(s.keep, s.keep)
        self.keep.setCurrentIndex(self.keep.findData(s.keep))
        self.strip_html.setChecked(s.normalise.strip_html)
        self.nfkc.setChecked(s.normalise.nfkc)
        self.collapse_whitespace.setChecked(s.normalise.collapse_whitespace)
        self.casefold.setChecked(s.normalise.casefold)
        self.simplify.setChecked(s.normalise.simplify)
        self.drop_quoted.setChecked(s.normalise.drop_quoted)
        self.boilerplate.setPlainText("\n".join(s.normalise.boilerplate_patterns))
        self.min_sentence.setValue(s.min_sentence)
        self.min_similarity.setValue(s.min_similarity)
        self.excerpts.setChecked(s.excerpts)
        self.excerpt_share.setValue(s.excerpt_share)
        self.boilerplate_docs.setValue(s.boilerplate_docs)
        self.blockSignals(False)

    def save(self, store: QSettings) -> None:
        store.beginGroup("settings")
        for name, (threshold, n) in self._values.items():
            store.setValue(f"{name}/threshold", threshold)
            store.setValue(f"{name}/n", n)
        store.setValue("current", json.dumps(self.settings().to_dict(), ensure_ascii=False))
        store.setValue("advanced_open", self.advanced_toggle.isChecked())
        store.endGroup()

    def restore(self, store: QSettings) -> None:
        store.beginGroup("settings")
        try:
            for name, algo in ALGORITHMS.items():
                threshold = _clamp(store.value(f"{name}/threshold", algo.threshold.default), algo.threshold)
                n = _clamp(store.value(f"{name}/n", algo.n.default), algo.n)
                self._values[name] = (threshold, n)
            try:
                s = Settings.from_dict(json.loads(str(store.value("current", "{}") or "{}")))
                s.validate()
            except (ValueError, TypeError):  # written by another version, or edited by hand
                s = Settings()
            self.set_settings(replace(s, threshold=self._values[s.algorithm][0], n=int(self._values[s.algorithm][1])))
            self.advanced_toggle.setChecked(_bool(store.value("advanced_open", False)))
        finally:
            store.endGroup()


def _bool(v: object) -> bool:
    return v in (True, "true", "1", 1)


def _clamp(v: object, spec: ParamSpec) -> float:
    try:
        f = float(v)
    except (TypeError, ValueError):
        return spec.default
    return min(spec.maximum, max(spec.minimum, f))
