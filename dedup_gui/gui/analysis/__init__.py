"""The analyst's view: similarity histogram with a draggable threshold, hot stories, cluster sizes, summary."""

from .view import AnalysisView, attach_to

__all__ = ["AnalysisView", "attach_to"]
