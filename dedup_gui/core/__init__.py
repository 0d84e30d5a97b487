"""The dedup engine. Nothing in this package imports Qt: it serves the GUI, the CLI, tests and benchmarks alike.

Data flows one way: file -> Table -> texts -> normalised texts -> fingerprints -> candidate pairs with scores
-> clusters -> decisions -> export.
"""
