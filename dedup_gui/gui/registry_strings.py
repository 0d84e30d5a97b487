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
        "Two texts are duplicates when their 64-bit fingerprints differ in at most this many bits. "
        "Lower is stricter; 3 suits long articles.",
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
    QT_TRANSLATE_NOOP("review", "Similarity to the kept row"),
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


def summary_text(clusters: int, removed: int, rows: int) -> str:
    """'37 clusters · 81 rows to remove of 1,204' (``ReviewSession.summary``) in the interface language."""
    if clusters == 1:
        c = QCoreApplication.translate("core", "1 cluster")
    else:
        c = QCoreApplication.translate("core", "{n} clusters").format(n=f"{clusters:,}")
    if removed == 1:
        text = QCoreApplication.translate("core", "{clusters} · 1 row to remove of {total}")
    else:
        text = QCoreApplication.translate("core", "{clusters} · {removed} rows to remove of {total}")
    return text.format(clusters=c, removed=f"{removed:,}", total=f"{rows:,}")
