"""Shared test setup. GUI tests run offscreen on every machine, not only in CI."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The engine runs in this process unless a test asks for the worker process (tests/test_gui_engine_process.py):
# a spawned engine per window would add seconds to every GUI test.
os.environ.setdefault("DEDUP_ENGINE", "thread")
# What the engine caches between runs (the hashed IDF table) goes to a folder of the test run, not the user's.
if "DEDUP_GUI_CACHE" not in os.environ:
    os.environ["DEDUP_GUI_CACHE"] = tempfile.mkdtemp(prefix="dedup_gui_test_cache_")
    atexit.register(shutil.rmtree, os.environ["DEDUP_GUI_CACHE"], True)
