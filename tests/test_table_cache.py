"""The normalisation lookup (``text._fused_tables``) kept in the user's cache folder between runs, through the
shared cache module."""

import os

import numpy as np
import pytest

from dedup_gui.core import cache, text


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("DEDUP_GUI_CACHE", str(tmp_path / "cache"))
    text._fused_tables.cache_clear()
    yield tmp_path / "cache"
    text._fused_tables.cache_clear()


def _same(a, b) -> bool:
    return all(np.array_equal(getattr(a, k), getattr(b, k)) for k in ("table", "expansions", "starts"))


def _only_file(folder):
    (path,) = folder.iterdir()
    return path


def test_the_lookup_is_built_once_then_read_back_equal(folder, monkeypatch):
    built = text._build_fused_tables()
    assert _same(text._fused_tables(), built)
    assert "unicode" in _only_file(folder).name  # named after the Unicode version lower() and NFKC come from
    text._fused_tables.cache_clear()

    def no_building():
        raise AssertionError("the lookup was built again")

    monkeypatch.setattr(text, "_build_fused_tables", no_building)
    assert _same(text._fused_tables(), built)
    assert text.nfkc_lower_collapse("ＡＢ Ｃ…") == "ab c..."


@pytest.mark.parametrize(
    "damage",
    ["not a zip", "expansion index out of range", "a row missing", "an entry changed"],
)
def test_a_damaged_lookup_in_the_cache_is_rebuilt(folder, damage):
    built = text._build_fused_tables()
    text._fused_tables()
    path = _only_file(folder)
    table, expansions, starts = built.table.copy(), built.expansions, built.starts
    if damage == "not a zip":
        path.write_bytes(b"PK\x03\x04 not a table")
    else:
        if damage == "expansion index out of range":
            table[np.flatnonzero((table >= text._FUSED_MULTI) & (table < text._FUSED_ASTRAL))[0]] += 5000
        elif damage == "a row missing":
            table = table[:-1]
        else:
            table[0xFF21] = ord("b")
        np.savez(path, table=table, expansions=expansions, starts=starts)
    text._fused_tables.cache_clear()
    assert _same(text._fused_tables(), built)
    with np.load(path) as f:
        assert np.array_equal(f["table"], built.table)  # and the good lookup took its place


def test_an_unwritable_cache_folder_only_costs_time(folder, monkeypatch):
    folder.parent.mkdir(exist_ok=True)
    blocker = folder.parent / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("DEDUP_GUI_CACHE", str(blocker / "cache"))
    assert _same(text._fused_tables(), text._build_fused_tables())
    assert blocker.read_text() == "not a folder"


def test_saving_leaves_no_temporary_file_behind_when_writing_fails(folder, monkeypatch):
    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np, "savez", full_disk)
    cache.save_arrays("x.npz", a=np.zeros(3))
    assert list(folder.iterdir()) == []
    assert cache.load_arrays("x.npz", ("a",)) is None


def test_only_the_newest_files_of_a_kind_are_kept(folder):
    for i in range(cache.KEEP_PER_KIND + 2):
        cache.save_arrays(f"idf-{i}.npz", a=np.array([i]))
        os.utime(folder / f"idf-{i}.npz", ns=(i, i))  # written in this order, whatever the clock's resolution
    cache.save_arrays("nfkc-lower-x.npz", a=np.zeros(2))  # another kind: not counted with them
    names = sorted(p.name for p in folder.iterdir())
    kept = [f"idf-{i}.npz" for i in range(2, cache.KEEP_PER_KIND + 2)]
    assert names == sorted([*kept, "nfkc-lower-x.npz"])
    assert cache.load_arrays(kept[-1], ("a",))["a"].tolist() == [cache.KEEP_PER_KIND + 1]
