"""The columns of the review lists: the cluster list, the members of a cluster (with the input columns the user
chose to see beside them: title, source, date ...), and the guess of those columns from their names.

Described with ``core.columns.Column``; the GUI's one table model draws them. Fixed words go through ``say`` (the
GUI passes its translator; they are listed for lupdate in ``dedup_gui.gui.registry_strings``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .analysis import DATE_NAME_HINTS, SOURCE_NAME_HINTS, TITLE_NAME_HINTS
from .columns import ATTENTION, BOLD, MUTED, Column, Translate, display_value, same, value_sort_key
from .doubt import held_as_rewritten
from .review import HELD, KEPT, NOT_DUPLICATE, ClusterRow, MemberRow, ReviewSession, format_similarity_range
from .table import Table

# The words these columns show (the GUI lists the same strings for translation, context "review").
WORDS = (
    "Rows",
    "Similarity",
    "Kept text",
    "Row",
    "Status",
    "Length",
    "Text",
    "Kept",
    "Remove",
    "Not a duplicate",
    "Cluster {id}: {size} rows, {removed} removed, keeping row {kept}",
    "(edited: you changed this cluster)",
    "This row is kept in the cleaned file.",
    "You chose this row as the one to keep.",
    "You marked this row “not a duplicate”: it stays in the cleaned file.",
    "Removed from the cleaned file as a duplicate of the kept row.",
    "Remove: same as row {row}",
    "Removed from the cleaned file as a copy of row {row}, which is kept for you to check: the same text.",
    "Similarity to the kept row",
    "To check",
    "{held} kept for you to check",
    "Kept for you to check: a character or a word apart from the kept row, which is as often another question or "
    "report as a copy. It stays in the cleaned file unless you remove it.",
    "Kept for you to check: partly written in other words than the kept row, which is as often another report of "
    "the same news as a copy. It stays in the cleaned file unless you remove it.",
    "Kept for you to check: a figure of it is written with another multiplier (万, 亿, million) than in the kept "
    "row, or without one - a typo or another figure. It stays in the cleaned file unless you remove it.",
)

_ORDER = (TITLE_NAME_HINTS, SOURCE_NAME_HINTS, DATE_NAME_HINTS)


def guess_member_columns(table: Table, exclude: Sequence[str] = (), limit: int = 3) -> list[str]:
    """The columns an editor decides by, guessed from their names: a title, a source, a date (in that order)."""
    chosen: list[str] = []
    for hints in _ORDER:
        for name in table.columns:
            low = name.casefold()
            if name not in exclude and name not in chosen and any(h in low for h in hints):
                chosen.append(name)
                break
    return chosen[:limit]


EDITED_MARK = " ✎"  # after the number of a cluster the user changed
NUMBER_WIDTH = 4  # characters: the # column's least width


def cluster_columns(say: Translate = same, held: bool = False, clusters: int = 0) -> list[Column[ClusterRow]]:
    """#, rows, similarity range, kept text; and, when the run holds rows for the user to check (``held``), how
    many each cluster holds (last, so that the other columns keep their places). The # column is as wide as the
    number of the last of ``clusters`` with the mark of an edited one (never under ``NUMBER_WIDTH`` characters):
    the kept texts have the rest."""

    def tooltip(line: ClusterRow) -> str:
        text = say("Cluster {id}: {size} rows, {removed} removed, keeping row {kept}").format(
            id=line.id, size=line.size, removed=line.removed, kept=line.kept + 1
        )
        note = "\n" + say("(edited: you changed this cluster)") if line.edited else ""
        if line.held:
            note += "\n" + say("{held} kept for you to check").format(held=line.held)
        return f"{text}{note}\n{line.snippet}"

    def edited_style(line: ClusterRow) -> str:
        return BOLD if line.edited else ""

    columns: list[Column[ClusterRow]] = [
        Column(
            "#",
            lambda c: f"{c.id}{EDITED_MARK if c.edited else ''}",
            lambda c: c.id,
            tooltip,
            edited_style,
            True,
            width=max(NUMBER_WIDTH, len(str(clusters)) + len(EDITED_MARK)),
            in_order=True,
        ),
        Column(say("Rows"), lambda c: str(c.size), lambda c: c.size, tooltip, numeric=True, width=5),
        Column(
            say("Similarity"),
            lambda c: format_similarity_range(c.min_similarity, c.max_similarity),
            lambda c: -1.0 if math.isnan(c.min_similarity) else c.min_similarity,
            tooltip,
            numeric=True,
            width=11,
        ),
        Column(say("Kept text"), lambda c: c.snippet, tooltip=tooltip),
    ]
    if held:
        columns.append(
            Column(
                say("To check"),
                lambda c: str(c.held) if c.held else "",
                lambda c: c.held,
                tooltip,
                lambda c: ATTENTION if c.held else "",
                numeric=True,
                width=7,
            ),
        )
    return columns


MEMBER_STATUS = 1  # the place of the Status column among ``member_columns`` (after Row)


def member_columns(
    session: ReviewSession | None,
    table: Table | None,
    extra: Sequence[str] = (),
    say: Translate = same,
    reason: Translate = same,
) -> list[Column[MemberRow]]:
    """Row, status, similarity, the chosen input columns, length, text. ``reason``: a kept row's keep reason
    (``DedupResult.keep_reasons``, as the engine writes it) in the interface language."""

    def status_text(m: MemberRow) -> str:
        word = {KEPT: "★ " + say("Kept"), NOT_DUPLICATE: say("Not a duplicate"), HELD: "? " + say("To check")}.get(
            m.status, say("Remove") if m.copy_of is None else say("Remove: same as row {row}").format(row=m.copy_of + 1)
        )
        return word + EDITED_MARK if m.manual else word

    def status_tip(m: MemberRow) -> str:
        if m.status == KEPT:
            if m.manual:
                return say("You chose this row as the one to keep.")
            kept = say("This row is kept in the cleaned file.")
            return f"{kept}\n{reason(m.reason)}" if m.reason else kept
        if m.status == NOT_DUPLICATE:
            return say("You marked this row “not a duplicate”: it stays in the cleaned file.")
        if m.status == HELD and m.scaled:
            return say(
                "Kept for you to check: a figure of it is written with another multiplier (万, 亿, million) than in "
                "the kept row, or without one - a typo or another figure. It stays in the cleaned file unless you "
                "remove it."
            )
        if m.status == HELD and held_as_rewritten(m.snippet):
            return say(
                "Kept for you to check: partly written in other words than the kept row, which is as often another "
                "report of the same news as a copy. It stays in the cleaned file unless you remove it."
            )
        if m.status == HELD:
            return say(
                "Kept for you to check: a character or a word apart from the kept row, which is as often another "
                "question or report as a copy. It stays in the cleaned file unless you remove it."
            )
        if m.copy_of is not None:
            return say(
                "Removed from the cleaned file as a copy of row {row}, which is kept for you to check: the same text."
            ).format(row=m.copy_of + 1)
        return say("Removed from the cleaned file as a duplicate of the kept row.")

    def style(m: MemberRow) -> str:
        return (
            BOLD if m.status == KEPT else MUTED if m.status == NOT_DUPLICATE else ATTENTION if m.status == HELD else ""
        )

    status_rank = {KEPT: 0, HELD: 1, NOT_DUPLICATE: 2}
    columns: list[Column[MemberRow]] = [
        Column(say("Row"), lambda m: str(m.row + 1), lambda m: m.row, status_tip, style, True, width=6, in_order=True),
        Column(
            say("Status"), status_text, lambda m: (status_rank.get(m.status, 3), m.row), status_tip, style, width=13
        ),
        Column(
            say("Similarity"),
            lambda m: "" if m.status == KEPT or math.isnan(m.similarity) else f"{m.similarity:.0%}",
            lambda m: 2.0 if m.status == KEPT else (-1.0 if math.isnan(m.similarity) else m.similarity),
            style=style,
            numeric=True,
            header_tooltip=say("Similarity to the kept row"),
            width=9,
        ),
    ]
    if table is not None:
        for name in extra:
            if name in table.data.columns:
                columns.append(_input_column(table, name, style))
    columns += [
        Column(say("Length"), lambda m: f"{m.length:,}", lambda m: m.length, style=style, numeric=True, width=7),
        Column(say("Text"), lambda m: m.snippet, style=style),
    ]
    return columns


def _input_column(table: Table, name: str, style) -> Column[MemberRow]:
    values = table.data[name].to_numpy(dtype=object)

    def text(m: MemberRow) -> str:
        return display_value(values[m.row])

    return Column(
        name,
        text,
        lambda m: value_sort_key(values[m.row]),
        lambda m: text(m) if len(text(m)) > 30 else None,
        style,
        key=name,
        width=12,
    )


def member_fields(table: Table | None, row: int, names: Sequence[str]) -> list[tuple[str, str]]:
    """(column, value) of a row for the compare view's header; empty cells are left out."""
    if table is None:
        return []
    out = []
    for name in names:
        if name in table.data.columns:
            value = display_value(table.data[name].iat[row])
            if value:
                out.append((name, value))
    return out
