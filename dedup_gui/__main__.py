"""``python -m dedup_gui [FILE]`` opens the desktop app."""

import sys

from dedup_gui.gui.app import main

sys.exit(main())
