"""The About dialog: what the app is, its version, and the licences of the libraries bundled with it.

Licences are listed here rather than read from package metadata, which a frozen bundle may not carry; versions
are read at run time (metadata first, then the module's ``__version__``) so they are never stale.
"""

from __future__ import annotations

import html
import importlib
import sys
from dataclasses import dataclass
from importlib import metadata

from PySide6 import __version__ as PYSIDE_VERSION
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, qVersion
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QTextBrowser, QVBoxLayout, QWidget

from dedup_gui import __version__

from .resources import resource_path


@dataclass(frozen=True)
class Component:
    name: str
    distribution: str  # for importlib.metadata
    module: str  # fallback: module.__version__
    licence: str  # SPDX expression
    url: str
    role: str  # English; translated when shown


# Roles are English keys, translated (context "about") when the dialog shows them.
COMPONENTS = (
    Component(
        "Qt 6", "", "", "LGPL-3.0-only", "https://www.qt.io/", QT_TRANSLATE_NOOP("about", "user interface toolkit")
    ),
    Component(
        "PySide6",
        "PySide6-Essentials",
        "PySide6",
        "LGPL-3.0-only",
        "https://pyside.org",
        QT_TRANSLATE_NOOP("about", "Qt for Python"),
    ),
    Component(
        "shiboken6",
        "shiboken6",
        "shiboken6",
        "LGPL-3.0-only",
        "https://pyside.org",
        QT_TRANSLATE_NOOP("about", "Qt for Python"),
    ),
    Component(
        "jieba",
        "jieba",
        "jieba",
        "MIT",
        "https://github.com/fxsjy/jieba",
        QT_TRANSLATE_NOOP("about", "Chinese word segmentation"),
    ),
    Component(
        "rjieba",
        "rjieba",
        "rjieba",
        "MIT",
        "https://github.com/messense/rjieba-py",
        QT_TRANSLATE_NOOP("about", "fast Chinese segmentation"),
    ),
    Component(
        "NumPy",
        "numpy",
        "numpy",
        "BSD-3-Clause",
        "https://numpy.org",
        QT_TRANSLATE_NOOP("about", "fingerprint arithmetic"),
    ),
    Component(
        "pandas", "pandas", "pandas", "BSD-3-Clause", "https://pandas.pydata.org", QT_TRANSLATE_NOOP("about", "tables")
    ),
    Component(
        "openpyxl",
        "openpyxl",
        "openpyxl",
        "MIT",
        "https://openpyxl.readthedocs.io",
        QT_TRANSLATE_NOOP("about", "writing workbooks"),
    ),
    Component(
        "python-calamine",
        "python-calamine",
        "python_calamine",
        "MIT",
        "https://github.com/dimastbk/python-calamine",
        QT_TRANSLATE_NOOP("about", "reading workbooks"),
    ),
    Component(
        "charset-normalizer",
        "charset-normalizer",
        "charset_normalizer",
        "MIT",
        "https://github.com/jawah/charset_normalizer",
        QT_TRANSLATE_NOOP("about", "text encoding detection"),
    ),
    Component(
        "defusedxml",
        "defusedxml",
        "defusedxml",
        "PSF-2.0",
        "https://github.com/tiran/defusedxml",
        QT_TRANSLATE_NOOP("about", "safe XML"),
    ),
    Component(
        "xxhash",
        "xxhash",
        "xxhash",
        "BSD-2-Clause",
        "https://github.com/ifduyue/python-xxhash",
        QT_TRANSLATE_NOOP("about", "stable hashes"),
    ),
    Component(
        "pyqtgraph", "pyqtgraph", "pyqtgraph", "MIT", "https://www.pyqtgraph.org", QT_TRANSLATE_NOOP("about", "charts")
    ),
    Component("Python", "", "", "PSF-2.0", "https://www.python.org", QT_TRANSLATE_NOOP("about", "runtime")),
)


def component_version(component: Component) -> str:
    if component.name == "Qt 6":
        return qVersion()
    if component.name == "Python":
        return sys.version.split()[0]
    if component.name == "PySide6":
        return PYSIDE_VERSION
    try:
        return metadata.version(component.distribution)
    except metadata.PackageNotFoundError:
        pass
    try:
        return str(getattr(importlib.import_module(component.module), "__version__", "")) or "—"
    except ImportError:
        return QCoreApplication.translate("about", "not installed")


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(self.tr("About Dedup"))
        self.resize(620, 560)

        icon = QLabel()
        icon.setPixmap(QIcon(str(resource_path("icons", "dedup-gui.svg"))).pixmap(72, 72))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        title = QLabel(
            "<h2>Dedup {version}</h2><p>{tagline}</p><p>{licence}</p>".format(
                version=__version__,
                tagline=html.escape(
                    self.tr(
                        "Find and remove near-duplicate texts in spreadsheets and folders of "
                        "articles, with SimHash, NSHash or n-gram overlap."
                    )
                ),
                licence=self.tr("Free software under the MIT licence. © the dedup_gui authors."),
            )
        )
        title.setWordWrap(True)
        title.setObjectName("aboutTitle")
        top = QHBoxLayout()
        top.addWidget(icon)
        top.addWidget(title, 1)

        self.licences = QTextBrowser()
        self.licences.setObjectName("licences")
        self.licences.setOpenExternalLinks(True)
        self.licences.setHtml(licences_html())

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(QLabel("<b>{}</b>".format(self.tr("Bundled libraries"))))
        layout.addWidget(self.licences, 1)
        layout.addWidget(buttons)


def licences_html() -> str:
    translate = QCoreApplication.translate
    head = "".join(
        f"<th align='left'>{html.escape(h)}</th>"
        for h in (
            translate("about", "Library"),
            translate("about", "Version"),
            translate("about", "Licence"),
            translate("about", "Used for"),
        )
    )
    rows = "".join(
        "<tr><td><a href='{url}'>{name}</a></td><td>{version}</td><td>{licence}</td><td>{role}</td></tr>".format(
            url=html.escape(c.url),
            name=html.escape(c.name),
            version=html.escape(component_version(c)),
            licence=html.escape(c.licence),
            role=html.escape(translate("about", c.role)),
        )
        for c in COMPONENTS
    )
    lgpl = translate(
        "about",
        "Qt and PySide6 are used under the GNU Lesser General Public License v3. Their source code is available "
        "from the Qt Project (code.qt.io); in the installed application folder the Qt libraries are separate "
        "files that you may replace with your own build.",
    )
    jieba = translate(
        "about",
        "The word dictionary and the IDF table used for keyword weights come from jieba (MIT licence). "
        "The demo workbook is synthetic text written for this project.",
    )
    return (
        f"<table cellspacing='0' cellpadding='4' width='100%'><tr>{head}</tr>{rows}</table>"
        f"<p>{html.escape(lgpl)}</p><p>{html.escape(jieba)}</p>"
    )


def app_icon() -> QIcon:
    """The application and window icon, drawn from resources/icons/dedup-gui.svg at 16-256 px (make_icons.py)."""
    icon = QIcon()
    for size in (16, 32, 48, 128, 256):
        icon.addFile(str(resource_path("icons", f"dedup-gui-{size}.png")))
    return icon
