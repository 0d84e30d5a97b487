"""What the bundled ``dedup-gui`` executable runs (PyInstaller needs a script, not an entry point)."""

import multiprocessing
import sys

if __name__ == "__main__":
    # First thing: the window runs its engine in a spawned worker process, which starts this same executable;
    # freeze_support() turns that start into the worker instead of a new window.
    multiprocessing.freeze_support()
    from dedup_gui.gui.app import main

    sys.exit(main())
