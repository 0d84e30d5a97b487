"""The engine's regular expressions made from their compiled forms in the cache folder (``core.regexes``): the same
patterns ``re.compile`` makes, and ``re.compile`` whenever the cache cannot be read or used."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap

import pytest

from dedup_gui.core import regexes

PATTERNS = [
    ("[\u4e00-\u9fff]+", 0),
    (r"^\s*(?P<y>\d{4})\s*[-/.年]\s*(?P<m>\d{1,2})\s*月?", 0),
    (r"(?:writes|wrote)[ \t]*:[ \t]*\n", re.I | re.M),
    (rb'<c r="(?P<col>[A-Z]+)(\d+)"', 0),
    (r"(a)(?P<x>b)?(?(x)c|d)", re.S),
]
SAMPLES = ["2024年3月5日", "2024-03", "He wrote:\nhi", "abc", "ad", "中文和English", "WRITES :\n"]


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """``core.regexes`` with nothing read or made yet, its cache folder ``tmp_path``."""
    monkeypatch.setenv("DEDUP_GUI_CACHE", str(tmp_path))
    monkeypatch.setattr(regexes, "_kept", None)
    monkeypatch.setattr(regexes, "_new", {})
    monkeypatch.setattr(regexes, "_used", set())
    return tmp_path


def forget():
    """As a new process would start: nothing read, made or used."""
    regexes._kept = None
    regexes._new.clear()
    regexes._used.clear()


def test_patterns_made_from_the_cache_are_the_ones_re_compile_makes(fresh):
    first = [regexes.compile(p, f) for p, f in PATTERNS]
    assert len(regexes._new) == len(PATTERNS) and not regexes._used  # (made anew: no cache yet)
    regexes.save()
    assert list(fresh.glob("regexes-*.npz"))
    forget()
    again = [regexes.compile(p, f) for p, f in PATTERNS]
    assert len(regexes._used) == len(PATTERNS) and not regexes._new  # (every one from the cache)
    for (p, f), made, cached in zip(PATTERNS, first, again, strict=True):
        expected = re.compile(p, f)
        assert cached == made == expected  # flags, code and text: re.Pattern's own comparison
        assert (cached.groups, dict(cached.groupindex)) == (expected.groups, dict(expected.groupindex))
        if isinstance(p, str):
            for s in SAMPLES:
                assert [m.groupdict() for m in cached.finditer(s)] == [m.groupdict() for m in expected.finditer(s)]
                assert [m.span() for m in cached.finditer(s)] == [m.span() for m in expected.finditer(s)]
                assert [m.lastgroup for m in cached.finditer(s)] == [m.lastgroup for m in expected.finditer(s)]
    assert again[3].match(b'<c r="AB12"').group("col") == b"AB"


def test_a_damaged_cache_file_is_no_cache(fresh):
    regexes.compile(*PATTERNS[0])
    regexes.save()
    (path,) = fresh.glob("regexes-*.npz")
    path.write_bytes(path.read_bytes()[:200])
    forget()
    assert regexes.compile(*PATTERNS[0]) == re.compile(*PATTERNS[0]) and not regexes._used


def test_a_kept_form_the_engine_refuses_is_compiled_anew(fresh):
    regexes.compile(*PATTERNS[1])
    regexes.save()
    forget()
    key = regexes._key(*PATTERNS[1])
    flags, code, groups, names, named = regexes._kept_forms()[key]
    regexes._kept_forms()[key] = (flags, [999_999, *code[1:]], groups, names, named)  # (no such operation)
    assert regexes.compile(*PATTERNS[1]) == re.compile(*PATTERNS[1]) and not regexes._used


def test_only_what_was_made_since_the_cache_was_read_is_written_and_old_forms_go_past_the_limit(fresh, monkeypatch):
    for p, f in PATTERNS[:3]:
        regexes.compile(p, f)
    regexes.save()
    (path,) = fresh.glob("regexes-*.npz")
    stamp = path.stat().st_mtime_ns
    forget()
    regexes.compile(*PATTERNS[0])
    regexes.save()  # (nothing new: not written)
    assert path.stat().st_mtime_ns == stamp
    monkeypatch.setattr(regexes, "MAX_KEPT", 3)
    regexes.compile(*PATTERNS[3])  # a fourth: past the limit, the forms this process did not use are dropped
    regexes.save()
    forget()
    assert set(regexes._kept_forms()) == {regexes._key(*PATTERNS[0]), regexes._key(*PATTERNS[3])}


def test_a_new_process_makes_every_pattern_of_the_engine_from_the_cache_as_re_compile_would(tmp_path):
    """Two processes in turn import the engine as ``dedup-cli`` does: the first compiles its patterns and writes
    them at exit, the second makes every one from the cache - and each equals ``re.compile``'s."""
    script = textwrap.dedent(
        """
        import re, sys
        from dedup_gui import cli
        cli.load_engine_modules()
        from dedup_gui.core import regexes
        patterns = [
            value
            for name, module in sorted(sys.modules.items())
            if name.startswith("dedup_gui")
            for value in vars(module).values()
            if isinstance(value, re.Pattern)
        ]
        assert all(p == re.compile(p.pattern, p.flags) for p in patterns)
        print(len(regexes._used), len(regexes._new), len(patterns))
        """
    )
    env = {**os.environ, "DEDUP_GUI_CACHE": str(tmp_path)}

    def counts() -> list[int]:
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        return [int(n) for n in out.stdout.split()]

    used, new, patterns = counts()
    assert used == 0 and new >= 50 and patterns >= 50
    used_again, new_again, _ = counts()
    assert (used_again, new_again) == (new, 0)
