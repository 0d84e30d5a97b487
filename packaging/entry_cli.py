"""What the bundled ``dedup-cli`` executable runs: the headless command, with worker processes like the app."""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from dedup_gui.cli import run

    sys.exit(run())
