"""The engine's user-visible English strings, translated in the GUI layer (the engine knows nothing of Qt).

``core`` speaks English: algorithm titles, slider labels and tooltips (``core.algorithms.registry``), progress
stage names, keep policies, the run summary. lupdate cannot see strings that are not wrapped in a translation
call, so they are listed here with ``QT_TRANSLATE_NOOP`` and looked up at run time with the English text as the
key. ``tests/test_i18n.py`` checks that every registry string is listed, so a new or reworded one cannot slip
through untranslated.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from dedup_gui.core.algorithms.registry import Algorithm, ParamSpec
from dedup_gui.core.errors import DedupError, Note

from ..core import regexes

REGISTRY, STAGES, CORE = "registry", "stages", "core"

REGISTRY_STRINGS = (
    # simhash
    QT_TRANSLATE_NOOP("registry", "SimHash"),
    QT_TRANSLATE_NOOP(
        "registry", "Fingerprints each text from its top keywords; fast on long articles, weak on short texts."
    ),
    QT_TRANSLATE_NOOP("registry", "Hamming distance (bits)"),
    QT_TRANSLATE_NOOP("registry", "Max bit difference"),
    QT_TRANSLATE_NOOP("registry", "bits"),
    QT_TRANSLATE_NOOP(
        "registry",
        "Texts whose 64-bit fingerprints differ in at most this many bits are compared; the text check decides. "
        "Higher finds more edited and cut copies, and searches longer; 6 did best on real news.",
    ),
    QT_TRANSLATE_NOOP("registry", "Keywords"),
    QT_TRANSLATE_NOOP("registry", "words"),
    QT_TRANSLATE_NOOP("registry", "How many of the highest TF-IDF keywords make up each fingerprint."),
    QT_TRANSLATE_NOOP(
        "registry",
        "Most texts here are short (median {median} characters). SimHash is unreliable below "
        "~{limit}: one changed character moves many bits. N-gram suits short texts better.",
    ),
    # nshash
    QT_TRANSLATE_NOOP("registry", "NSHash (longest sentences)"),
    QT_TRANSLATE_NOOP("registry", "Matches texts that share their longest sentences; very precise for reposted news."),
    QT_TRANSLATE_NOOP("registry", "Shared sentences"),
    QT_TRANSLATE_NOOP("registry", "sentences"),
    QT_TRANSLATE_NOOP(
        "registry", "Two texts are duplicates when at least this many of their longest sentences are identical."
    ),
    QT_TRANSLATE_NOOP("registry", "Longest sentences"),
    QT_TRANSLATE_NOOP("registry", "How many of each text's longest sentences are fingerprinted."),
    QT_TRANSLATE_NOOP(
        "registry",
        "Most texts here are short (median {median} characters). NSHash matches texts that share a long "
        "sentence, and short texts share stock phrases: expect false matches. N-gram suits short texts "
        "better.",
    ),
    # ngram
    QT_TRANSLATE_NOOP("registry", "N-gram overlap"),
    QT_TRANSLATE_NOOP(
        "registry", "Compares the character n-grams texts share; works on short texts and edited copies."
    ),
    QT_TRANSLATE_NOOP("registry", "Similarity"),
    QT_TRANSLATE_NOOP("registry", "Min similarity"),
    QT_TRANSLATE_NOOP(
        "registry",
        "Two texts are duplicates when their text similarity on character n-grams is at least this: the "
        "share of n-grams they have in common (Jaccard), or for an excerpt the share of the shorter text found in "
        "the longer. Higher is stricter.",
    ),
    QT_TRANSLATE_NOOP("registry", "Gram length"),
    QT_TRANSLATE_NOOP("registry", "characters"),
    QT_TRANSLATE_NOOP(
        "registry",
        "Length of the character n-grams; 4 is about two Chinese words. Shorter grams match more loosely.",
    ),
)

STAGE_STRINGS = (
    QT_TRANSLATE_NOOP("stages", "Reading"),
    QT_TRANSLATE_NOOP("stages", "Loading"),
    QT_TRANSLATE_NOOP("stages", "Preparing texts"),
    QT_TRANSLATE_NOOP("stages", "Normalising"),
    QT_TRANSLATE_NOOP("stages", "Finding boilerplate"),
    QT_TRANSLATE_NOOP("stages", "Segmenting"),
    QT_TRANSLATE_NOOP("stages", "Fingerprinting"),
    QT_TRANSLATE_NOOP("stages", "Finding candidates"),
    QT_TRANSLATE_NOOP("stages", "Verifying"),
    QT_TRANSLATE_NOOP("stages", "Clustering"),
    QT_TRANSLATE_NOOP("stages", "Writing"),
)

# The review lists' words (core.review_columns.WORDS), translated with the context "review"
REVIEW_STRINGS = (
    QT_TRANSLATE_NOOP("review", "Rows"),
    QT_TRANSLATE_NOOP("review", "Similarity"),
    QT_TRANSLATE_NOOP("review", "Kept text"),
    QT_TRANSLATE_NOOP("review", "Row"),
    QT_TRANSLATE_NOOP("review", "Status"),
    QT_TRANSLATE_NOOP("review", "Length"),
    QT_TRANSLATE_NOOP("review", "Text"),
    QT_TRANSLATE_NOOP("review", "Kept"),
    QT_TRANSLATE_NOOP("review", "Remove"),
    QT_TRANSLATE_NOOP("review", "Not a duplicate"),
    QT_TRANSLATE_NOOP("review", "Cluster {id}: {size} rows, {removed} removed, keeping row {kept}"),
    QT_TRANSLATE_NOOP("review", "(edited: you changed this cluster)"),
    QT_TRANSLATE_NOOP("review", "This row is kept in the cleaned file."),
    QT_TRANSLATE_NOOP("review", "You chose this row as the one to keep."),
    QT_TRANSLATE_NOOP("review", "You marked this row “not a duplicate”: it stays in the cleaned file."),
    QT_TRANSLATE_NOOP("review", "Removed from the cleaned file as a duplicate of the kept row."),
    QT_TRANSLATE_NOOP("review", "Remove: same as row {row}"),
    QT_TRANSLATE_NOOP(
        "review", "Removed from the cleaned file as a copy of row {row}, which is kept for you to check: the same text."
    ),
    QT_TRANSLATE_NOOP("review", "Similarity to the kept row"),
    QT_TRANSLATE_NOOP("review", "To check"),
    QT_TRANSLATE_NOOP("review", "{held} kept for you to check"),
    QT_TRANSLATE_NOOP(
        "review",
        "Kept for you to check: a character or a word apart from the kept row, which is as often another question or "
        "report as a copy. It stays in the cleaned file unless you remove it.",
    ),
    QT_TRANSLATE_NOOP(
        "review",
        "Kept for you to check: partly written in other words than the kept row, which is as often another report of "
        "the same news as a copy. It stays in the cleaned file unless you remove it.",
    ),
    QT_TRANSLATE_NOOP(
        "review",
        "Kept for you to check: a figure of it is written with another multiplier (万, 亿, million) than in the kept "
        "row, or without one - a typo or another figure. It stays in the cleaned file unless you remove it.",
    ),
)

KEEP_POLICY_STRINGS = (
    QT_TRANSLATE_NOOP("core", "The original"),
    QT_TRANSLATE_NOOP("core", "First in file"),
    QT_TRANSLATE_NOOP("core", "Last in file"),
    QT_TRANSLATE_NOOP("core", "Longest text"),
    QT_TRANSLATE_NOOP("core", "Shortest text"),
)


def registry_text(text: str) -> str:
    return QCoreApplication.translate(REGISTRY, text) if text else text


def stage_text(stage: str) -> str:
    """A progress stage name in the interface language (unknown stages stay as the engine wrote them)."""
    return QCoreApplication.translate(STAGES, stage) if stage else stage


def translated_spec(spec: ParamSpec) -> ParamSpec:
    return replace(spec, label=registry_text(spec.label), unit=registry_text(spec.unit), help=registry_text(spec.help))


@dataclass(frozen=True)
class AlgorithmText:
    """What the interface shows of an algorithm, in the interface language (``name`` stays the key)."""

    name: str
    title: str
    description: str
    measure: str
    threshold: ParamSpec
    n: ParamSpec
    short_text_warning: str


def translated_algorithm(algo: Algorithm) -> AlgorithmText:
    return AlgorithmText(
        name=algo.name,
        title=registry_text(algo.title),
        description=registry_text(algo.description),
        measure=registry_text(algo.measure),
        threshold=translated_spec(algo.threshold),
        n=translated_spec(algo.n),
        short_text_warning=registry_text(algo.short_text_warning),
    )


def core_text(text: str) -> str:
    """A fixed engine string listed above (statuses, keep policies) in the interface language."""
    return QCoreApplication.translate("core", text) if text else text


def keep_policy_label(value: str, label: str) -> str:
    """A keep-policy choice's label: ``first``… from the list above, ``max:COL`` / ``min:COL`` built here."""
    if value.startswith("max:"):
        return QCoreApplication.translate("core", "Largest / newest “{column}”").format(column=value[4:])
    if value.startswith("min:"):
        return QCoreApplication.translate("core", "Smallest / oldest “{column}”").format(column=value[4:])
    return QCoreApplication.translate("core", label)


def summary_text(clusters: int, removed: int, rows: int, held: int = 0) -> str:
    """'37 clusters · 81 rows to remove of 1,204' (``ReviewSession.summary``) in the interface language, with '· 5
    to check' when rows are kept for the user to check (``held``)."""
    if clusters == 1:
        c = QCoreApplication.translate("core", "1 cluster")
    else:
        c = QCoreApplication.translate("core", "{n} clusters").format(n=f"{clusters:,}")
    if removed == 1:
        text = QCoreApplication.translate("core", "{clusters} · 1 row to remove of {total}")
    else:
        text = QCoreApplication.translate("core", "{clusters} · {removed} rows to remove of {total}")
    text = text.format(clusters=c, removed=f"{removed:,}", total=f"{rows:,}")
    if held:
        text += " · " + QCoreApplication.translate("core", "{n} to check").format(n=f"{held:,}")
    return text


# Why a kept row was kept (``core.keep.KeepRule.reasons_of``): fixed phrases, and forms built around a date, a
# length, a column's value or another reason, read back by pattern and said again in the interface language (an
# unknown form stays as the engine wrote it; ``tests/test_i18n.py`` makes every policy's reasons and reads them).
# The problems the engine reports about a file (``core.errors``: a template and its values), said again in the
# interface language (``error_text``); ``tests/test_i18n.py`` finds every template in the code here.
ERROR_TEMPLATES = (
    # (``io.excel_limits.ExcelLimitError``, made by its own constructors)
    QT_TRANSLATE_NOOP(
        "errors",
        "cannot be saved as .xlsx: {where}, column {column!r} {reason}{more}; save as .csv instead (lossless)",
    ),
    QT_TRANSLATE_NOOP("errors", "cannot be saved as .xlsx: it would have {size}; save as .csv instead"),
    QT_TRANSLATE_NOOP("errors", "data row {row}: dup_kept must be 0 or 1, not {text!r}"),
    QT_TRANSLATE_NOOP("errors", "is not an annotated file: no column {columns}"),
    QT_TRANSLATE_NOOP("errors", "data row {row}: {column} must be a whole number from 1, not {text!r}"),
    QT_TRANSLATE_NOOP("errors", "cluster {number}: its removed rows are copies of different rows ({shown})"),
    QT_TRANSLATE_NOOP(
        "errors", "cluster {number}: dup_of names data row {row}, which is not a kept row of the cluster"
    ),
    QT_TRANSLATE_NOOP("errors", "data row {row}: {column} is empty"),
    QT_TRANSLATE_NOOP("errors", "data row {row}: dup_similarity must be a number, not {value!r}"),
    QT_TRANSLATE_NOOP("errors", "data row {row}: removed (dup_kept 0) but in no dup_cluster"),
    QT_TRANSLATE_NOOP("errors", "data row {row}: removed (dup_kept 0) but dup_of is empty"),
    QT_TRANSLATE_NOOP("errors", "no id column {id_column!r} for dup_of to refer to"),
    QT_TRANSLATE_NOOP("errors", "data row {row}: dup_of {target} is past the last row ({rows})"),
    QT_TRANSLATE_NOOP("errors", "data row {row}: dup_of {value!r} names no row by {key_column}"),
    QT_TRANSLATE_NOOP(
        "errors",
        "The engine ran out of memory on this input. Close other programs, or choose fewer rows or a shorter text "
        "column, and run again.",
    ),
    QT_TRANSLATE_NOOP("errors", "The engine's worker process stopped answering; it was stopped."),
    QT_TRANSLATE_NOOP("errors", "is the input file; choose another name"),
    QT_TRANSLATE_NOOP("errors", "cannot be written: the folder {parent} does not exist"),
    QT_TRANSLATE_NOOP("errors", "is a folder; choose a file name"),
    QT_TRANSLATE_NOOP("errors", "already exists and is not an empty folder; choose a new folder name"),
    QT_TRANSLATE_NOOP("errors", "is the input folder; choose another name"),
    QT_TRANSLATE_NOOP("errors", "is inside the input folder; choose a folder outside it"),
    QT_TRANSLATE_NOOP("errors", "cannot be written in {parent}: {reason}"),
    QT_TRANSLATE_NOOP("errors", "cannot be written: {reason}"),
    QT_TRANSLATE_NOOP("errors", "unsupported output type {suffix!r}; name it .xlsx, .csv or .tsv"),
    QT_TRANSLATE_NOOP(
        "errors",
        "would lose the other sheets of {file} ({listed}): a {suffix} file holds one sheet; save the {what} file as "
        "{workbook} to keep them",
    ),
    QT_TRANSLATE_NOOP("errors", "would lose the macro sheets {sheets} of {file}; save it as .xlsm to keep them"),
    QT_TRANSLATE_NOOP("errors", "is named for both the {first} and the {label} output; choose two names"),
    QT_TRANSLATE_NOOP("errors", "is not a readable CSV file near line {line}: {error}"),
    QT_TRANSLATE_NOOP("errors", "has no header row (the file holds only blank lines)"),
    QT_TRANSLATE_NOOP("errors", "has a header but no data rows"),
    QT_TRANSLATE_NOOP(
        "errors", "data row {row} holds {text!r}, which {encoding} cannot store; save as UTF-8 or .xlsx instead"
    ),
    QT_TRANSLATE_NOOP(
        "errors", "the header holds {text!r}, which {encoding} cannot store; save as UTF-8 or .xlsx instead"
    ),
    QT_TRANSLATE_NOOP(
        "errors",
        "cannot decode the text: not UTF-8 (invalid byte 0x{byte:02x} at byte offset {offset}) and no other encoding "
        "(GB18030, Big5, UTF-16) fits; save it as UTF-8 and retry",
    ),
    QT_TRANSLATE_NOOP(
        "errors",
        "cannot decode the text as {encoding} (its byte order mark says so): invalid bytes at byte offset {offset}",
    ),
    QT_TRANSLATE_NOOP("errors", "cannot be read again to copy its other sheets ({e})"),
    QT_TRANSLATE_NOOP(
        "errors",
        "would lose the chart or macro sheet {sheet!r} of {file}, which cannot be copied from this format; open it "
        "in Excel and save it as .xlsx first",
    ),
    QT_TRANSLATE_NOOP("errors", "has no columns"),
    QT_TRANSLATE_NOOP("errors", "has part files with different columns; open them one by one"),
    QT_TRANSLATE_NOOP("errors", "is Parquet; reading it needs pyarrow: pip install 'dedup-gui[spark]'"),
    QT_TRANSLATE_NOOP("errors", "has no Parquet files"),
    QT_TRANSLATE_NOOP("errors", "is not a readable Parquet file: {reason}"),
    QT_TRANSLATE_NOOP(
        "errors",
        "has an unsupported type {suffix!r}; open an .xlsx, .xls, .csv, .tsv, .parquet file or a folder of .txt",
    ),
    QT_TRANSLATE_NOOP("errors", "is empty (0 bytes)"),
    QT_TRANSLATE_NOOP("errors", "is a text file; it has no sheet {sheet!r}"),
    QT_TRANSLATE_NOOP("errors", "is too large to load ({gib:.1f} GiB; limit 2 GiB)"),
    QT_TRANSLATE_NOOP("errors", "does not exist"),
    QT_TRANSLATE_NOOP("errors", "is a folder, not a file"),
    QT_TRANSLATE_NOOP("errors", "cannot be opened: permission denied"),
    QT_TRANSLATE_NOOP("errors", "cannot be opened: {reason}"),
    QT_TRANSLATE_NOOP("errors", "cannot be read: {reason}"),
    QT_TRANSLATE_NOOP("errors", "is not a regular file (a pipe, socket or device); open a saved file"),
    QT_TRANSLATE_NOOP("errors", "contains no .txt files (subfolders included)"),
    QT_TRANSLATE_NOOP("errors", "contains no .txt files (subfolders included); {detail}"),
    QT_TRANSLATE_NOOP("errors", "was changed on disk after it was loaded; open it again before exporting"),
    QT_TRANSLATE_NOOP("errors", "an annotated export is a table: name it .xlsx or .csv"),
    QT_TRANSLATE_NOOP("errors", "is no longer there; it was moved or deleted after it was loaded"),
    QT_TRANSLATE_NOOP("errors", "cannot be copied: the workbook is damaged ({e})"),
    QT_TRANSLATE_NOOP("errors", "input file {rel} disappeared since it was read; reload the folder"),
    QT_TRANSLATE_NOOP("errors", "has no sheet named {name!r} any more; reload the file"),
    QT_TRANSLATE_NOOP("errors", "is not a workbook (no workbook part); the file may be damaged"),
    QT_TRANSLATE_NOOP("errors", "has no worksheets"),
    QT_TRANSLATE_NOOP("errors", "sheet {sheet!r} is empty"),
    QT_TRANSLATE_NOOP("errors", "sheet {sheet!r} has a header but no data rows"),
    QT_TRANSLATE_NOOP("errors", "cannot be read as a workbook ({reason}); the file may be damaged"),
    QT_TRANSLATE_NOOP("errors", "has no sheet named {sheet!r} (sheets: {sheets})"),
    QT_TRANSLATE_NOOP("errors", "sheet {sheet!r} cannot be read ({reason}); the file may be damaged"),
    QT_TRANSLATE_NOOP(
        "errors",
        "cannot be read: it is password-protected or an old-format workbook calamine cannot parse ({reason}); open "
        "it in Excel and save as .xlsx without a password",
    ),
    QT_TRANSLATE_NOOP(
        "errors", "refused: part {part} does not match its declared size or checksum; the file is damaged or hostile"
    ),
    QT_TRANSLATE_NOOP(
        "errors",
        "is password-protected (encrypted); open it in Excel, remove the password (File > Info > Protect Workbook) "
        "and save it again",
    ),
    QT_TRANSLATE_NOOP("errors", "is not a valid .xlsx workbook (not a zip archive); the file may be damaged"),
    QT_TRANSLATE_NOOP(
        "errors",
        "refused: it would unpack to {gib:.1f} GiB (limit 2 GiB); it looks like a zip bomb or is too large to open "
        "safely",
    ),
    QT_TRANSLATE_NOOP("errors", "refused: part {part} declares a DTD or XML entities, which workbooks never need"),
    QT_TRANSLATE_NOOP("errors", "refused: part {part} has no XML element in its first 64 KiB"),
    QT_TRANSLATE_NOOP("errors", "is damaged (truncated or not a valid .xlsx workbook: {e})"),
    QT_TRANSLATE_NOOP("errors", "is damaged or uses an unsupported zip feature ({e})"),
    QT_TRANSLATE_NOOP(
        "errors", "refused: part {part} is compressed {ratio}:1 (limit {limit}:1); it looks like a zip bomb"
    ),
    QT_TRANSLATE_NOOP("errors", "is a zip archive but not an Excel workbook (no xl/workbook.xml)"),
    QT_TRANSLATE_NOOP("errors", "no column named {column!r} to choose the kept row by"),
    QT_TRANSLATE_NOOP("errors", "no column named {date_column!r} to read dates from"),
    QT_TRANSLATE_NOOP("errors", "Choose at least one file to write."),
    QT_TRANSLATE_NOOP("errors", "Two exports have the same file name."),
    QT_TRANSLATE_NOOP("errors", "{name} is the input file; choose another name so the original stays untouched."),
    QT_TRANSLATE_NOOP("errors", "The folder {folder} does not exist."),
    QT_TRANSLATE_NOOP("errors", "is not a saved review this version can read ({e})"),
    QT_TRANSLATE_NOOP("errors", "no column named {column!r} (columns: {columns})"),
    QT_TRANSLATE_NOOP("errors", "no text column chosen"),
)


KEEP_REASON_STRINGS = (
    QT_TRANSLATE_NOOP("core", "no repost marker and contains the others"),
    QT_TRANSLATE_NOOP("core", "no repost marker"),
    QT_TRANSLATE_NOOP("core", "contains the others"),
    QT_TRANSLATE_NOOP("core", "longest text"),
    QT_TRANSLATE_NOOP("core", "first in file"),
    QT_TRANSLATE_NOOP("core", "last in file"),
    QT_TRANSLATE_NOOP("core", "contains the others: an excerpt is not kept in place of the text it was taken from"),
    QT_TRANSLATE_NOOP("core", "kept in the annotated file"),  # (``annotated.KEPT_REASON``)
)
KEEP_REASON_FORMS = (
    QT_TRANSLATE_NOOP("core", "no readable date in the cluster; {reason}"),
    QT_TRANSLATE_NOOP("core", "longest text ({n} characters)"),
    QT_TRANSLATE_NOOP("core", "shortest text ({n} characters)"),
    QT_TRANSLATE_NOOP("core", "longest text ({n} characters; first of equal length)"),
    QT_TRANSLATE_NOOP("core", "shortest text ({n} characters; first of equal length)"),
    QT_TRANSLATE_NOOP("core", "earliest date ({details})"),
    QT_TRANSLATE_NOOP("core", ", shared by {n} rows"),
    QT_TRANSLATE_NOOP("core", "; {n} other dates unreadable"),
    QT_TRANSLATE_NOOP("core", "; {n} other date unreadable"),
    QT_TRANSLATE_NOOP("core", "; among them: {reason}"),
    QT_TRANSLATE_NOOP("core", "no readable date in “{column}”; first in file"),
    QT_TRANSLATE_NOOP("core", "no value in “{column}”; first in file"),
    QT_TRANSLATE_NOOP("core", "latest “{column}” ({value})"),
    QT_TRANSLATE_NOOP("core", "earliest “{column}” ({value})"),
    QT_TRANSLATE_NOOP("core", "largest “{column}” ({value})"),
    QT_TRANSLATE_NOOP("core", "smallest “{column}” ({value})"),
    QT_TRANSLATE_NOOP("core", "; first of equal dates"),
    QT_TRANSLATE_NOOP("core", "; first of equal values"),
)
_NO_DATE = regexes.compile(r"no readable date in the cluster; (?P<reason>.+)")
_LENGTH = regexes.compile(
    r"(?P<which>longest|shortest) text \((?P<n>[\d,]+) characters(?P<tie>; first of equal length)?\)"
)
_EARLIEST = regexes.compile(
    r"earliest date \((?P<day>[^,;)]+)(?:, shared by (?P<shared>\d+) rows)?"
    r"(?:; (?P<unread>\d+) other date(?P<s>s?) unreadable)?\)(?:; among them: (?P<reason>.+))?"
)
_NO_COLUMN_DATE = regexes.compile(r"no readable date in “(?P<column>.*)”; first in file")
_NO_VALUE = regexes.compile(r"no value in “(?P<column>.*)”; first in file")
_COLUMN = regexes.compile(
    r"(?P<which>latest|earliest|largest|smallest) “(?P<column>.*)” \((?P<value>.*?)"
    r"(?P<tie>; first of equal (?:dates|values))?\)"
)


def _core(text: str) -> str:
    return QCoreApplication.translate(CORE, text)


def keep_reason_text(reason: str) -> str:
    """Why a kept row was kept (``result.keep_reasons``), in the interface language."""
    if reason in KEEP_REASON_STRINGS:
        return _core(reason)
    if m := _NO_DATE.fullmatch(reason):
        return _core("no readable date in the cluster; {reason}").format(reason=keep_reason_text(m["reason"]))
    if m := _LENGTH.fullmatch(reason):
        tie = "; first of equal length" if m["tie"] else ""
        return _core(f"{m['which']} text ({{n}} characters{tie})").format(n=m["n"])
    if m := _EARLIEST.fullmatch(reason):
        details = m["day"]
        details += _core(", shared by {n} rows").format(n=m["shared"]) if m["shared"] else ""
        if m["unread"]:
            unread = _core("; {n} other dates unreadable") if m["s"] else _core("; {n} other date unreadable")
            details += unread.format(n=m["unread"])
        text = _core("earliest date ({details})").format(details=details)
        return text + (
            _core("; among them: {reason}").format(reason=keep_reason_text(m["reason"])) if m["reason"] else ""
        )
    if m := _NO_COLUMN_DATE.fullmatch(reason):
        return _core("no readable date in “{column}”; first in file").format(column=m["column"])
    if m := _NO_VALUE.fullmatch(reason):
        return _core("no value in “{column}”; first in file").format(column=m["column"])
    if m := _COLUMN.fullmatch(reason):
        tie = ""
        if m["tie"]:
            tie = _core("; first of equal dates") if m["tie"].endswith("dates") else _core("; first of equal values")
        return _core(f"{m['which']} “{{column}}” ({{value}})").format(column=m["column"], value=m["value"] + tie)
    return reason


# The warnings the engine gives (``core.errors.Note``), said again in the interface language (``note_text``);
# ``tests/test_i18n.py`` finds every one in the code here.
NOTE_TEMPLATES = (
    QT_TRANSLATE_NOOP("notes", "cleaned"),
    QT_TRANSLATE_NOOP("notes", "annotated"),
    QT_TRANSLATE_NOOP("notes", "report"),
    QT_TRANSLATE_NOOP("notes", "{name}: the macros of {file} are not kept: a {suffix} file cannot hold them"),
    QT_TRANSLATE_NOOP("notes", "{manifest} lists every input file and whether it was kept"),
    QT_TRANSLATE_NOOP("notes", "{rows:,} rows{what} (Excel's limit is {limit:,})"),
    QT_TRANSLATE_NOOP("notes", "{columns:,} columns{what} (Excel's limit is {limit:,})"),
    QT_TRANSLATE_NOOP(
        "notes",
        "{name}: the macros of {file} are not kept: a {suffix} file cannot hold them (save as .xlsm to keep them)",
    ),
    QT_TRANSLATE_NOOP("notes", " with the annotation columns"),
    QT_TRANSLATE_NOOP("notes", "report's hot stories"),
    QT_TRANSLATE_NOOP("notes", "{rows} more data rows have a quoted cell over lines that look like rows"),
    QT_TRANSLATE_NOOP(
        "notes", "a quote opened on line {first} is never closed: lines {first}-{last} were read as one row"
    ),
    QT_TRANSLATE_NOOP(
        "notes", "{rows} row(s) have more fields than the header ({fields}) at line(s) {lines}; added columns {columns}"
    ),
    QT_TRANSLATE_NOOP(
        "notes",
        "{rows} row(s) have fewer fields than the header ({fields}) at line(s) {lines}; the missing cells are empty",
    ),
    QT_TRANSLATE_NOOP(
        "notes",
        "data row {row} (lines {first}-{last}): a quoted cell spans {lines} lines, {alike} of which look like rows "
        'of their own; probably an unbalanced quote (") - check the file',
    ),
    QT_TRANSLATE_NOOP("notes", "has {chars:,} characters (Excel's limit is {limit:,})"),
    QT_TRANSLATE_NOOP("notes", "contains the control character U+{code:04X}, which Excel cannot store"),
    QT_TRANSLATE_NOOP("notes", "the header"),
    QT_TRANSLATE_NOOP("notes", "data row {row}"),
    QT_TRANSLATE_NOOP("notes", " (and {count} more cells)"),
    QT_TRANSLATE_NOOP("notes", "column {letter} has no header; named it {base!r}"),
    QT_TRANSLATE_NOOP("notes", "header {base!r} appears more than once; column {letter} renamed to {final!r}"),
    QT_TRANSLATE_NOOP("notes", "the files use several encodings ({encodings}); each was decoded on its own"),
    QT_TRANSLATE_NOOP(
        "notes", "skipped {count} .txt name(s) that are not regular files (pipe, socket or device): {names}"
    ),
    QT_TRANSLATE_NOOP("notes", "skipped {count} symbolic link(s) leading outside the folder or nowhere: {names}"),
    QT_TRANSLATE_NOOP("notes", "could not open {count} subfolder(s): {names}"),
    QT_TRANSLATE_NOOP("notes", "column {column} added as {name!r}"),
    QT_TRANSLATE_NOOP("notes", " with the new columns"),
    QT_TRANSLATE_NOOP("notes", " on sheet {name!r}"),
    QT_TRANSLATE_NOOP(
        "notes",
        "written without highlighting: {file} has macros or a chart sheet, which only a copy of the workbook keeps",
    ),
    QT_TRANSLATE_NOOP(
        "notes",
        "{file} is saved as a new workbook: values and types kept, formatting and formulas (their results are kept) "
        "not",
    ),
    QT_TRANSLATE_NOOP("notes", "the macros (VBA project) were left out: an .xlsx workbook cannot hold them"),
    QT_TRANSLATE_NOOP("notes", "row {row} looks like a title (merged cells); the header is row {header}"),
    QT_TRANSLATE_NOOP("notes", "{cells} empty formatted cells right of the data made room for new columns"),
    QT_TRANSLATE_NOOP(
        "notes", "macros (VBA) may address cells by row number; they were not adjusted for the removed rows"
    ),
    QT_TRANSLATE_NOOP("notes", "the workbook recalculates its formulas when it is opened"),
    QT_TRANSLATE_NOOP("notes", "{member} refers to cells of {sheet!r}; its references were not adjusted"),
    QT_TRANSLATE_NOOP(
        "notes", "the sheet's {kind} ({member}) was not adjusted for the removed rows; refresh it in Excel"
    ),
    QT_TRANSLATE_NOOP("notes", "{count} more references like these were not adjusted"),
    QT_TRANSLATE_NOOP("notes", "{where}: INDIRECT/ADDRESS in {formula}: addresses built from text are not adjusted"),
    QT_TRANSLATE_NOOP("notes", "{where}: the text {literal} names cells of {sheet!r} and was not adjusted"),
    QT_TRANSLATE_NOOP("notes", "{where}: formula {formula} could not be parsed, so it was not adjusted"),
    QT_TRANSLATE_NOOP("notes", "{where}: 3-D reference {reference} was not adjusted"),
    QT_TRANSLATE_NOOP("notes", "defined name {name}"),
    QT_TRANSLATE_NOOP("notes", "pivot cache {member}: its source {sheet}!{ref} was removed entirely; left as it was"),
)


def error_text(exc: BaseException) -> str:
    """A problem the engine reports (``core.errors.DedupError``) in the interface language: its template as the
    catalogue says it (``ERROR_TEMPLATES``), filled with its values, after the file it is about. Another exception,
    or a template the catalogue does not hold, is said as the engine wrote it."""
    if not isinstance(exc, DedupError):
        return str(exc)
    problem = _filled("errors", exc.template, exc.values, exc.problem)
    return f"{exc.path}: {problem}" if exc.path is not None else problem


def note_text(note: str) -> str:
    """A warning of the engine (``core.errors.Note``: a sheet's title row skipped, a column renamed) in the
    interface language, by its template in the catalogue (``NOTE_TEMPLATES``); any other text as it is."""
    return _filled("notes", note.template, note.values, str(note)) if isinstance(note, Note) else note


def _filled(context: str, template: str, values: dict[str, object], english: str) -> str:
    """``template`` as the catalogue's ``context`` says it, filled with ``values`` as the interface says them
    (``_said``); ``english`` when the translation lost a field."""
    text = QCoreApplication.translate(context, template)
    if not values:
        return text
    try:
        return text.format(**{k: _said(v) for k, v in values.items()})
    except (KeyError, IndexError, ValueError):
        return english


def _said(value: object) -> object:
    """A value put into an error or a warning, as the interface says it: a ``Note`` by ``note_text``, anything else
    as it is."""
    return note_text(value) if isinstance(value, Note) else value
