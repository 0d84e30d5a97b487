"""The hashed IDF table (SimHash keywords) kept in the user's cache folder between runs."""

import numpy as np
import pytest

from dedup_gui.core import segment
from dedup_gui.core.cache import cache_folder


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DEDUP_GUI_CACHE", str(tmp_path / "cache"))
    segment._build_idf_table.cache_clear()
    yield tmp_path / "cache"
    segment._build_idf_table.cache_clear()


def _same(a, b):
    return np.array_equal(a.hashes, b.hashes) and np.array_equal(a.weights, b.weights) and a.median == b.median


def _cache_file():
    return cache_folder() / segment._cache_name(segment._idf_path())


def test_the_table_is_written_once_and_read_back_equal(cache, monkeypatch):
    fresh = segment._hash_idf_table()
    first = segment._idf_table()
    assert _same(first, fresh) and _cache_file().is_file()
    segment._build_idf_table.cache_clear()

    def no_hashing():
        raise AssertionError("the word list was hashed again")

    monkeypatch.setattr(segment, "_hash_idf_table", no_hashing)
    assert _same(segment._idf_table(), fresh)


def test_a_damaged_or_foreign_cache_file_is_rebuilt(cache):
    fresh = segment._hash_idf_table()
    _cache_file().parent.mkdir(parents=True)
    _cache_file().write_bytes(b"PK\x03\x04 not a table")
    assert _same(segment._idf_table(), fresh)
    segment._build_idf_table.cache_clear()
    # A table hashed another way (a changed word hash): its probe differs, so it is not used.
    np.savez(
        _cache_file(), hashes=fresh.hashes[:5], weights=fresh.weights[:5], median=1.0, probe=np.array([7], np.uint64)
    )
    assert _same(segment._idf_table(), fresh)
    with np.load(_cache_file()) as f:
        assert len(f["hashes"]) == len(fresh.hashes)  # and the good table took its place


def test_an_unwritable_cache_folder_only_costs_time(cache, monkeypatch):
    cache.parent.mkdir(exist_ok=True)
    blocker = cache.parent / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("DEDUP_GUI_CACHE", str(blocker / "cache"))
    assert _same(segment._idf_table(), segment._hash_idf_table())
    assert blocker.read_text() == "not a folder"


def test_keywords_are_the_same_with_the_cached_table(cache):
    texts = ["今天北京发布了新的交通管理办法，市民出行需要注意。", "上海的天气预报说明天有大雨，请带好雨伞。"]
    first = segment.keyword_hashes(texts, 5, segment.Reporter())
    segment._build_idf_table.cache_clear()
    again = segment.keyword_hashes(texts, 5, segment.Reporter())
    assert all(np.array_equal(x, y) for x, y in zip(first, again, strict=True))


@pytest.fixture
def unicode_cache(tmp_path, monkeypatch):
    from dedup_gui.core import text, textcheck

    monkeypatch.setenv("DEDUP_GUI_CACHE", str(tmp_path / "cache"))
    text._composition_partners.cache_clear()
    textcheck._number_classes.cache_clear()
    yield text
    text._composition_partners.cache_clear()
    textcheck._number_classes.cache_clear()


def test_composition_partners_are_found_once_and_read_back_equal(unicode_cache, monkeypatch):
    text = unicode_cache
    fresh = text._find_composition_partners()
    assert 0x301 in fresh and 0xBBE in fresh and 0x11127 in fresh  # an accent, Tamil's AA, a Chakma vowel sign
    assert text._composition_partners() == fresh
    assert list(cache_folder().glob("composition-partners-*.npz"))
    text._composition_partners.cache_clear()

    def no_search():
        raise AssertionError("the partners were looked for again")

    monkeypatch.setattr(text, "_find_composition_partners", no_search)
    assert text._composition_partners() == fresh


def test_the_digits_table_is_read_back_equal_to_a_scan_of_every_code_point(unicode_cache, monkeypatch):
    from dedup_gui.core import textcheck

    fresh = textcheck._number_classes().copy()
    assert list(cache_folder().glob("decimal-digits-*.npz"))
    textcheck._number_classes.cache_clear()

    def no_scan():
        raise AssertionError("every code point was scanned again")

    monkeypatch.setattr(textcheck, "_decimal_digits", no_scan)
    np.testing.assert_array_equal(textcheck._number_classes(), fresh)


@pytest.mark.parametrize(
    "stored",
    [
        b"PK\x03\x04 not a table",
        np.array([0x301, 0xBBE], dtype=np.int32),  # another type
        np.array([0xBBE, 0x301], dtype=np.int64),  # out of order
        np.array([0x301, 0x302], dtype=np.int64),  # Tamil's AA missing: not the whole list
        np.array([0x301, 0xBBE, 0x110000], dtype=np.int64),  # beyond the last code point
    ],
)
def test_a_damaged_code_point_file_is_found_again(unicode_cache, stored):
    text = unicode_cache
    fresh = text._find_composition_partners()
    name = cache_folder() / f"composition-partners-unicode{text.unicodedata.unidata_version}-v1.npz"
    name.parent.mkdir(parents=True)
    if isinstance(stored, bytes):
        name.write_bytes(stored)
    else:
        np.savez(name, code_points=stored)
    assert text._composition_partners() == fresh
    with np.load(name) as f:
        assert frozenset(f["code_points"].tolist()) == fresh  # the good list took its place
