"""Shared test setup. GUI tests run offscreen on every machine, not only in CI."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The engine runs in this process unless a test asks for the worker process (tests/test_gui_engine_process.py):
# a spawned engine per window would add seconds to every GUI test.
os.environ.setdefault("DEDUP_ENGINE", "thread")
