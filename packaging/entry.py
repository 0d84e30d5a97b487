"""What the bundled ``dedup-gui`` executable runs (PyInstaller needs a script, not an entry point)."""

import multiprocessing
import sys

if __name__ == "__main__":
    # First thing: segmentation spawns worker processes, which start this same executable; freeze_support()
    # turns those starts into workers instead of new windows.
    multiprocessing.freeze_support()
    from dedup_gui.gui.app import main

    sys.exit(main())
