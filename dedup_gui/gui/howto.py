"""The in-app "How it works" page and the Help menu that opens it and the About dialog.

The page explains the three algorithms, what threshold and n mean for each, and which to choose. Each paragraph
is one translatable string; defaults and ranges are filled in from the engine's registry so the page cannot
drift from the sliders.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMainWindow, QMenu, QTextBrowser, QVBoxLayout, QWidget

from dedup_gui.core.algorithms.registry import ALGORITHMS, ParamSpec

from .about import AboutDialog
from .registry_strings import registry_text

translate = QCoreApplication.translate  # lupdate finds translate("context", "text") calls under this name


def _fmt(spec: ParamSpec, value: float) -> str:
    return f"{value:.{spec.decimals}f}"


def howto_html() -> str:
    """The page, in the interface language."""
    simhash, nshash, ngram = ALGORITHMS["simhash"], ALGORITHMS["nshash"], ALGORITHMS["ngram"]

    def p(text: str, **values) -> str:
        return f"<p>{text.format(**{k: html.escape(str(v)) for k, v in values.items()})}</p>"

    def heading(level: str, text: str) -> str:
        return f"<{level}>{html.escape(text)}</{level}>"

    def params(info, threshold: str, n: str) -> str:
        """The two sliders of an algorithm: their names as on screen, and what they mean."""
        rows = (
            (translate("howto", "threshold"), registry_text(info.threshold.label), threshold),
            ("n", registry_text(info.n.label), n),
        )
        cells = "".join(
            f"<tr><td valign='top'><b>{name}</b><br><i>{html.escape(label)}</i></td><td>{text}</td></tr>"
            for name, label, text in rows
        )
        return f"<table cellspacing='0' cellpadding='3'>{cells}</table>"

    parts = [
        heading("h2", translate("howto", "How Dedup finds duplicates")),
        p(
            translate(
                "howto",
                "All three methods answer the same question — which rows are copies or near-copies of each "
                "other — and feed the same clusters, review and export. Before any of them, every text is "
                "normalised (HTML, full-width characters, spaces and letter case are evened out; your file is "
                "never changed) and identical texts are grouped at once.",
            )
        ),
        heading("h3", translate("howto", "SimHash — fingerprints of keywords")),
        p(
            translate(
                "howto",
                "Each text is split into words, its most important keywords are weighted by TF-IDF, and they "
                "are folded into one 64-bit fingerprint. Similar texts get fingerprints that differ in only a "
                "few bits.",
            )
        ),
        params(
            simhash,
            translate(
                "howto",
                "the largest number of bits in which two fingerprints may differ (default {default}, range "
                "{low}–{high}). Lower is stricter.",
            ).format(
                default=_fmt(simhash.threshold, simhash.threshold.default),
                low=_fmt(simhash.threshold, simhash.threshold.minimum),
                high=_fmt(simhash.threshold, simhash.threshold.maximum),
            ),
            translate("howto", "how many top keywords make up the fingerprint (default {default}).").format(
                default=_fmt(simhash.n, simhash.n.default)
            ),
        ),
        p(
            translate(
                "howto",
                "Good for long articles with scattered edits. Unreliable for texts under about 150 characters: "
                "one changed character moves many bits.",
            )
        ),
        heading("h3", translate("howto", "NSHash — the longest sentences")),
        p(
            translate(
                "howto",
                "Each text is split into sentences; the n longest (of at least 30 characters, adjustable under "
                "Advanced) are hashed. Texts that share whole sentences are duplicates.",
            )
        ),
        params(
            nshash,
            translate("howto", "how many of those sentences two texts must share (default {default}).").format(
                default=_fmt(nshash.threshold, nshash.threshold.default)
            ),
            translate("howto", "how many of each text's longest sentences are compared (default {default}).").format(
                default=_fmt(nshash.n, nshash.n.default)
            ),
        ),
        p(
            translate(
                "howto",
                "Very precise and the fastest for reposted news, where whole sentences are copied. It misses "
                "copies in which every long sentence was lightly reworded.",
            )
        ),
        heading("h3", translate("howto", "N-gram — shared runs of characters")),
        p(
            translate(
                "howto",
                "Each text is cut into overlapping runs of n characters. Texts that share runs are compared, "
                "and the share of runs they have in common (Jaccard similarity, from 0 to 1) is their score.",
            )
        ),
        params(
            ngram,
            translate(
                "howto", "the lowest score that counts as a duplicate (default {default}). Higher is stricter."
            ).format(default=_fmt(ngram.threshold, ngram.threshold.default)),
            translate(
                "howto",
                "the length of a run in characters (default {default}, about two Chinese words). Shorter runs "
                "match more loosely.",
            ).format(default=_fmt(ngram.n, ngram.n.default)),
        ),
        p(
            translate(
                "howto",
                "Works on short texts — headlines, posts, comments — and on edited or shortened copies.",
            )
        ),
        heading("h3", translate("howto", "Which one should I choose?")),
        "<ul>"
        + "".join(
            f"<li>{item}</li>"
            for item in (
                translate("howto", "<b>Short texts</b> (headlines, posts, under about 150 characters): <b>N-gram</b>."),
                translate(
                    "howto",
                    "<b>Long reposted articles</b>: <b>NSHash</b> (fastest, most precise) or <b>SimHash</b> "
                    "(tolerates edits spread over the whole text).",
                ),
                translate(
                    "howto", "<b>Not sure</b>: start with N-gram at its default, then compare with another method."
                ),
            )
        )
        + "</ul>",
        p(
            translate(
                "howto",
                "Too many false matches? Make the threshold stricter. Copies missed? Loosen it. The result "
                "updates as you move a slider.",
            )
        ),
        heading("h3", translate("howto", "Clusters and the row kept")),
        p(
            translate(
                "howto",
                "<b>Strict</b> clusters (the default) only remove rows that are themselves similar to the row "
                "kept. <b>Linked</b> clusters chain matches: if A matches B and B matches C, all three are one "
                "cluster. By default the original of each cluster is kept; choose another policy under "
                "Advanced, or pick the row yourself in the review (K), and mark rows “Not a duplicate” (D) to "
                "keep them - or whole clusters (Shift+D). Every decision can be undone (Ctrl+Z); File ▸ Save "
                "review keeps your decisions beside the input, to resume later.",
            )
        ),
        p(
            translate(
                "howto",
                "A short question or title one character or one word apart from another (“怎么读” / “怎么用”) is as "
                "often another question as a typo, and the text cannot tell which: such a row is not removed but shown "
                "“To check” in its cluster, and stays in the cleaned file unless you remove it (R). "
                "Review ▸ Next row to check (T) goes from one to the next.",
            )
        ),
    ]
    return "".join(parts)


class HowItWorksDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("howItWorksDialog")
        self.setWindowTitle(self.tr("How it works"))
        self.resize(640, 720)
        self.browser = QTextBrowser()
        self.browser.setObjectName("howtoText")
        self.browser.setOpenExternalLinks(True)
        self.browser.setHtml(howto_html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)


def add_help_menu(window: QMainWindow) -> QMenu:
    """Help ▸ How it works (F1), About. The dialogs are non-modal (``open()``), like the window's others."""
    menu = window.menuBar().addMenu(QCoreApplication.translate("howto", "&Help"))
    menu.setObjectName("helpMenu")
    howto = QAction(QCoreApplication.translate("howto", "&How it works"), window)
    howto.setObjectName("howItWorksAction")
    howto.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
    about = QAction(QCoreApplication.translate("howto", "&About Dedup"), window)
    about.setObjectName("aboutAction")
    about.setMenuRole(QAction.MenuRole.AboutRole)

    def show(dialog_class) -> None:
        dialog = dialog_class(window)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    howto.triggered.connect(lambda: show(HowItWorksDialog))
    about.triggered.connect(lambda: show(AboutDialog))
    menu.addAction(howto)
    menu.addSeparator()
    menu.addAction(about)
    return menu
