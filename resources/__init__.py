"""The application's data files: the demo workbook, icons, interface translations and the Linux .desktop entry.

This folder stays at the top of the repository and is installed inside the package as ``dedup_gui.resources``
(pyproject.toml maps it), so the app reads it with ``importlib.resources`` from a wheel, an editable install or a
bundle alike; ``dedup_gui/gui/resources.py`` is the one place that looks it up.
"""
