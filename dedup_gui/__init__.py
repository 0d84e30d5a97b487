"""dedup_gui: find and remove near-duplicate texts in spreadsheets and folders of articles."""

__version__ = "0.1.0"
