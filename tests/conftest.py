"""Shared test setup. GUI tests run offscreen on every machine, not only in CI."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
