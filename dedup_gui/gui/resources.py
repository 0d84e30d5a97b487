"""Where bundled resources (demo workbook, icons) live: the repo's ``resources/`` or a PyInstaller bundle's."""

from __future__ import annotations

import sys
from pathlib import Path


def resource_path(*parts: str) -> Path:
    """``resources/<parts>`` inside a PyInstaller bundle (``sys._MEIPASS``) if present, else in the repo root."""
    bundle = getattr(sys, "_MEIPASS", None)
    candidates = [Path(bundle) / "resources"] if bundle else []
    candidates.append(Path(__file__).resolve().parents[2] / "resources")
    for base in candidates:
        if (base.joinpath(*parts)).exists():
            return base.joinpath(*parts)
    return candidates[-1].joinpath(*parts)


def demo_workbook() -> Path:
    return resource_path("demo.xlsx")
