"""core.cpu: which processors get numpy without its AVX-512 sorts, read before numpy is imported."""

import subprocess
import sys

import pytest

from dedup_gui.core import cpu

_AMD = (
    "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: {family}\nmodel\t\t: 17\nflags\t\t: fpu sse2 avx2{more}\n"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (_AMD.format(family=25, more=" avx512f avx512dq") + "\n" + _AMD.format(family=25, more=""), True),
        (_AMD.format(family=25, more=""), False),  # Zen 3: the same family, no AVX-512
        (_AMD.format(family=26, more=" avx512f"), False),  # Zen 5
        (_AMD.format(family=25, more=" avx512f").replace("AuthenticAMD", "GenuineIntel"), False),
        ("", False),
    ],
    ids=["Zen 4", "Zen 3", "Zen 5", "Intel with AVX-512", "nothing readable"],
)
def test_zen4_is_amd_family_25_with_avx512(text, expected):
    assert cpu.zen4(text) is expected


def test_on_zen4_numpy_is_started_without_avx512_unless_the_user_chose(monkeypatch):
    monkeypatch.setenv("NUMPY_MADVISE_HUGEPAGE", "1")  # the user's own choice: nothing to add for huge pages
    monkeypatch.delenv("NPY_DISABLE_CPU_FEATURES", raising=False)
    monkeypatch.delenv("NPY_ENABLE_CPU_FEATURES", raising=False)
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "2")  # the user's own thread count: nothing to add for OpenBLAS
    monkeypatch.setattr(cpu, "on_zen4", lambda: True)
    monkeypatch.setattr(cpu, "numpy_version", lambda: (2, 4))
    assert cpu.numpy_environment() == {"NPY_DISABLE_CPU_FEATURES": "X86_V4"}
    monkeypatch.setattr(cpu, "numpy_version", lambda: (2, 3))  # the target had other names
    assert cpu.numpy_environment() == {}
    monkeypatch.setattr(cpu, "numpy_version", lambda: (2, 4))
    monkeypatch.setenv("NPY_DISABLE_CPU_FEATURES", "AVX512_SPR")
    assert cpu.numpy_environment() == {}
    monkeypatch.delenv("NPY_DISABLE_CPU_FEATURES")
    monkeypatch.setattr(cpu, "on_zen4", lambda: False)
    assert cpu.numpy_environment() == {}


@pytest.mark.parametrize("chosen", [None, "OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS"])
def test_openblas_gets_one_thread_unless_the_user_chose_a_count(monkeypatch, chosen):
    monkeypatch.setenv("NUMPY_MADVISE_HUGEPAGE", "1")
    for name in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(cpu, "on_zen4", lambda: False)
    if chosen:
        monkeypatch.setenv(chosen, "4")
    assert cpu.numpy_environment() == ({} if chosen else {"OPENBLAS_NUM_THREADS": "1"})


@pytest.mark.parametrize("chosen", [None, "0", "1"])
def test_numpy_asks_for_no_huge_pages_unless_the_user_chose(monkeypatch, chosen):
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "2")
    monkeypatch.setattr(cpu, "on_zen4", lambda: False)
    if chosen is None:
        monkeypatch.delenv("NUMPY_MADVISE_HUGEPAGE", raising=False)
    else:
        monkeypatch.setenv("NUMPY_MADVISE_HUGEPAGE", chosen)
    assert cpu.numpy_environment() == ({"NUMPY_MADVISE_HUGEPAGE": "0"} if chosen is None else {})


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="threads counted in /proc/self/task")
def test_dedup_cli_starts_numpy_without_huge_pages():
    """``dedup-cli`` sets the environment before its first numpy import: an array of 4 MB or more made in it is
    given no huge pages (numpy's own switch reads False)."""
    code = (
        "import os\nos.environ.pop('NUMPY_MADVISE_HUGEPAGE', None)\nimport dedup_gui.cli\n"
        "from numpy._core.multiarray import _get_madvise_hugepage\nprint(_get_madvise_hugepage())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.split() == ["False"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="threads counted in /proc/self/task")
@pytest.mark.parametrize("entry", ["dedup_gui.cli", "dedup_gui.gui.app"])
def test_the_cli_and_the_window_load_numpy_without_openblas_threads(entry):
    """Importing ``dedup-cli`` or the window's entry point (each imports numpy) leaves the process with its one
    thread: OpenBLAS, told to use one, starts none of its own (without it, one per further core, each spinning
    before it sleeps)."""
    code = (
        "import os, sys\nfor v in ('OPENBLAS_NUM_THREADS', 'GOTO_NUM_THREADS', 'OMP_NUM_THREADS'):\n"
        "    os.environ.pop(v, None)\n"
        f"import {entry}\nassert 'numpy' in sys.modules\nprint(len(os.listdir('/proc/self/task')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert int(out) == 1


def test_the_numpy_version_is_read_without_importing_numpy():
    code = (
        "import sys\nfrom dedup_gui.core import cpu\nv = cpu.numpy_version()\n"
        "assert 'numpy' not in sys.modules\nimport numpy\n"
        "assert v == tuple(int(p) for p in numpy.__version__.split('.')[:2]), (v, numpy.__version__)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_dedup_cli_starts_numpy_as_numpy_environment_says():
    """``dedup-cli`` sets the environment before its first numpy import: numpy's AVX-512 kernels are off in it
    exactly when ``numpy_environment`` asks (on Zen 4), and the row sorts follow (``columnar.NETWORK_MERGE``)."""
    code = (
        "import os\nfrom dedup_gui.core.cpu import numpy_environment\nwant = numpy_environment()\n"
        "import dedup_gui.cli\nfrom dedup_gui.core import columnar\n"
        "from numpy._core._multiarray_umath import __cpu_features__ as f\n"
        "print('NPY_DISABLE_CPU_FEATURES' in want, bool(f.get('AVX512_SKX')),\n"
        "      columnar.NETWORK_MERGE, columnar.wide_sorts_slow())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    asked, avx512, merge, slow = (w == "True" for w in out)
    if asked:
        assert not avx512 and not merge
    assert merge == slow
