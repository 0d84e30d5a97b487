"""Column names: Excel-style letters for blank headers, "name (2)" for repeated ones."""

from __future__ import annotations

from ..errors import Note


def column_letter(index: int) -> str:
    """0 -> "A", 25 -> "Z", 26 -> "AA"."""
    letters = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """ "A" -> 0, "AA" -> 26."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n - 1


def unique_headers(raw: list[str], first_column: int = 0) -> tuple[list[str], list[str]]:
    """Display names for a header row, and readable notes on every rename.

    ``first_column`` is the sheet column index of ``raw[0]`` so blank names match the letters users see.
    """
    names: list[str] = []
    notes: list[str] = []
    taken: set[str] = set()
    for i, name in enumerate(raw):
        letter = column_letter(first_column + i)
        base = name if name.strip() else f"Column {letter}"
        if not name.strip():
            notes.append(Note("column {letter} has no header; named it {base!r}", letter=letter, base=base))
        final, k = base, 2
        while final in taken:
            final = f"{base} ({k})"
            k += 1
        if final != base:
            notes.append(
                Note(
                    "header {base!r} appears more than once; column {letter} renamed to {final!r}",
                    base=base,
                    letter=letter,
                    final=final,
                )
            )
        taken.add(final)
        names.append(final)
    return names, notes
