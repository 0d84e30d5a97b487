"""Where the bundled data files (demo workbook, icons, translations) are: the package ``dedup_gui.resources``.

The repository keeps them in the top-level ``resources/`` folder; pyproject.toml installs that folder as the
package ``dedup_gui.resources``, so ``importlib.resources`` finds it in a wheel, in an editable install and in the
PyInstaller bundle (whose spec collects the same files to ``dedup_gui/resources``). A source checkout used
without installing (``PYTHONPATH=.``) falls back to the folder itself.
"""

from __future__ import annotations

import os
from importlib import resources as _importlib_resources
from pathlib import Path

_PACKAGE = "dedup_gui.resources"
_PACKAGE_DIR = Path(__file__).resolve().parents[1]  # dedup_gui/
_CHECKOUT = _PACKAGE_DIR.parent / "resources"


def resource_root() -> Path:
    """The folder holding the data files, as a real path (Qt and the readers need file names)."""
    try:
        installed = _importlib_resources.files(_PACKAGE)
    except ModuleNotFoundError:
        pass
    else:
        # On disk (wheel, editable install) this is a Path; a zipped install, which the app never has, is not.
        if isinstance(installed, Path):
            return installed
    # The PyInstaller bundle has the same folder inside the package, but cannot register it as a module (its
    # analysis does not see pyproject's mapping); a checkout used without installing has only resources/.
    beside = _PACKAGE_DIR / "resources"
    return beside if beside.is_dir() else _CHECKOUT


def resource_path(*parts: str) -> Path:
    """``resources/<parts>``, wherever the app is installed."""
    return resource_root().joinpath(*parts)


def demo_workbook() -> Path:
    return resource_path("demo.xlsx")


def export_folder_for(path: str | Path) -> Path | None:
    """Where the files exported from the input ``path`` go by default when not beside it (None: beside it): the
    user's documents folder (else their home) for the bundled demo - beside it is inside the app, where the user
    would not look and the app's own files would change (in a checkout, ``resources/`` of the repository) - and
    for an input in a folder the user cannot write to."""
    from PySide6.QtCore import QStandardPaths

    parent = Path(path).resolve().parent
    if parent != resource_root().resolve() and os.access(parent, os.W_OK):
        return None
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    for folder in (documents, str(Path.home())):
        if folder and Path(folder).is_dir() and os.access(folder, os.W_OK):
            return Path(folder)
    return None


def review_file_for(path: str | Path) -> Path:
    """Where the review of the input ``path`` is saved and looked for: beside it (``sidecar_path``), unless its
    exports go elsewhere (``export_folder_for``: the bundled demo) and none is there - then in that folder."""
    from dedup_gui.core.review_sidecar import sidecar_path

    beside = sidecar_path(path)
    folder = None if beside.is_file() else export_folder_for(path)
    return beside if folder is None else folder / beside.name
