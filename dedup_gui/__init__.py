"""dedup_gui: find and remove near-duplicate texts in spreadsheets and folders of articles."""

from .core.parallel import one_malloc_arena

__version__ = "0.1.0"

# Before numpy, pandas or Qt start threads of their own: see ``core.parallel.one_malloc_arena``.
one_malloc_arena()
