"""Where the bundled data files (demo workbook, icons, translations) are: the package ``dedup_gui.resources``.

The repository keeps them in the top-level ``resources/`` folder; pyproject.toml installs that folder as the
package ``dedup_gui.resources``, so ``importlib.resources`` finds it in a wheel, in an editable install and in the
PyInstaller bundle (whose spec collects the same files to ``dedup_gui/resources``). A source checkout used
without installing (``PYTHONPATH=.``) falls back to the folder itself.
"""

from __future__ import annotations

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
