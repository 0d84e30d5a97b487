"""Where the bundled data files (demo workbook, icons, translations) are: the package ``dedup_gui.resources``.

The repository keeps them in the top-level ``resources/`` folder; pyproject.toml installs that folder as the
package ``dedup_gui.resources``, so ``importlib.resources`` finds it in a wheel, in an editable install and in the
PyInstaller bundle (whose spec collects it to ``dedup_gui/resources``). A source checkout used without installing
(``PYTHONPATH=.``) falls back to the folder itself.
"""

from __future__ import annotations

from importlib import resources as _importlib_resources
from pathlib import Path

_PACKAGE = "dedup_gui.resources"
_CHECKOUT = Path(__file__).resolve().parents[2] / "resources"


def resource_root() -> Path:
    """The folder holding the data files, as a real path (Qt and the readers need file names)."""
    try:
        root = _importlib_resources.files(_PACKAGE)
    except ModuleNotFoundError:  # not installed: running from a checkout
        return _CHECKOUT
    # Installed as files on disk (wheel, editable, bundle): a Path. A zipped install would give something else;
    # the app is never installed that way, and the checkout is then the only place left to look.
    return root if isinstance(root, Path) else _CHECKOUT


def resource_path(*parts: str) -> Path:
    """``resources/<parts>``, wherever the app is installed."""
    return resource_root().joinpath(*parts)


def demo_workbook() -> Path:
    return resource_path("demo.xlsx")
