"""The processor the engine runs on, as far as numpy's sorts care: read before numpy is imported.

numpy (2.x) sorts arrays of 32- and 64-bit numbers with x86-simd-sort, by AVX-512 where the processor has it. On
AMD's Zen 4 (family 25 with AVX-512; Zen 3, the same family, has none) AVX-512's compress-to-memory instruction,
which that quicksort partitions with, is microcoded and slow: beyond a sorting network's width (256 values) numpy
sorts several times slower with AVX-512 than with AVX2. Measured on an EPYC of family 25, model 17, numpy 2.4.6,
ns a value sorting 2**22 random uint64 in rows of 256 / 1,024 / 65,536 / one array of 2**20:
AVX-512 1.5 / 12.5 / 35.2 / 50.6, AVX2 4.6 / 6.0 / 8.1 / 9.8.

The engine sorts arrays of millions of keys and pairs, so an engine process on Zen 4 starts numpy with its
AVX-512 kernels left out (``NPY_DISABLE_CPU_FEATURES``, which numpy reads once, when it is imported):
``dedup-cli`` sets it before its first numpy import, the window's engine worker starts with it. Where numpy runs
with AVX-512 on Zen 4 all the same (a script importing the engine, an older numpy), ``columnar`` sorts long rows a
network's width at a time and merges them (``wide_sorts_slow``).

Also read before numpy is imported: how many threads its linear algebra library starts (``blas_environment``) and
whether it asks the kernel for huge pages (``hugepage_environment``)."""

from __future__ import annotations

import os
import re
import sys
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

# The dispatch target that holds numpy's AVX-512 kernels; named so from numpy 2.4 (before: AVX512_SKX and others).
_AVX512_TARGET = "X86_V4"
_FIRST_NUMPY_WITH_TARGET = (2, 4)


def zen4(cpuinfo: str) -> bool:
    """Whether ``cpuinfo`` (the text of /proc/cpuinfo) describes AMD's Zen 4: family 25 with AVX-512."""
    first = cpuinfo.split("\n\n", 1)[0]
    fields = dict((k.strip(), v.strip()) for k, _, v in (line.partition(":") for line in first.splitlines()) if v)
    return (
        fields.get("vendor_id") == "AuthenticAMD"
        and fields.get("cpu family") == "25"
        and "avx512f" in fields.get("flags", "").split()
    )


@lru_cache(maxsize=1)
def on_zen4() -> bool:
    """``zen4`` of this machine (Linux only: elsewhere, or unreadable, False)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        return zen4(Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return False


def numpy_version() -> tuple[int, int] | None:
    """The installed numpy's (major, minor), read from its version file without importing it (None: not found)."""
    spec = find_spec("numpy")
    if spec is None or not spec.submodule_search_locations:
        return None
    try:
        text = (Path(next(iter(spec.submodule_search_locations))) / "version.py").read_text(encoding="utf-8")
    except OSError:
        return None
    m = re.search(r'^version\s*=\s*["\'](\d+)\.(\d+)', text, re.M)
    return (int(m.group(1)), int(m.group(2))) if m else None


def numpy_environment() -> dict[str, str]:
    """What an engine process's environment needs before numpy is imported: one thread for numpy's linear algebra
    library (``blas_environment``), no huge pages asked for (``hugepage_environment``), and on Zen 4 with a numpy
    that names the target (2.4 on), AVX-512 left out of its kernels - not when the user set
    ``NPY_DISABLE_CPU_FEATURES`` (or ``NPY_ENABLE_CPU_FEATURES``) already."""
    env = {**blas_environment(), **hugepage_environment()}
    if "NPY_DISABLE_CPU_FEATURES" in os.environ or "NPY_ENABLE_CPU_FEATURES" in os.environ or not on_zen4():
        return env
    version = numpy_version()
    if version is None or version < _FIRST_NUMPY_WITH_TARGET:
        return env
    return {**env, "NPY_DISABLE_CPU_FEATURES": _AVX512_TARGET}


# The variables OpenBLAS (numpy's wheels bundle it) reads for its thread count; the first one set wins.
_BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")


def blas_environment() -> dict[str, str]:
    """One thread for OpenBLAS, which numpy loads when it is imported (nothing when the user chose a count).

    Nothing here multiplies matrices, but OpenBLAS starts a thread per core as it loads, and each spins on its
    core waiting for work before it sleeps: with 2 cores, perf counted 0.12 s of CPU in ``blas_thread_server``
    in a 1.2 s job (100k short texts, n-gram) - time taken from the engine's own threads and the window's event
    loop. With one thread: user time 1.35-1.39 s against 1.43-1.48 (five runs each, alternating)."""
    if any(name in os.environ for name in _BLAS_THREAD_VARIABLES):
        return {}
    return {"OPENBLAS_NUM_THREADS": "1"}


def hugepage_environment() -> dict[str, str]:
    """numpy's arrays without transparent huge pages (``NUMPY_MADVISE_HUGEPAGE=0``, which numpy reads when it is
    imported; nothing when the user chose).

    numpy asks the kernel for 2 MB pages for every array of 4 MB or more (``madvise(MADV_HUGEPAGE)``). Where the
    kernel's policy is ``madvise`` (many distributions' default) the first touch of each such page must find 2 MB
    of contiguous memory, compacting for it or, on a virtual machine, having the host back all of it at once:
    there a fault can cost a thousand times that of a 4 kB page. The engine makes and drops arrays of tens of MB
    at every stage. Measured on this project's 2-core VM (Intel Xeon, kernel 6.18), ``dedup-cli`` whole job,
    alternating with and without, median of 3-5: 1M short texts (n-gram) 12.6 -> 10.7 s, the kernel's time
    4.7 -> 2.6 s; 100k English sentences 3.61 -> 2.95 s; 100k articles 14.9 -> 13.8 s; 4k articles 0.75 ->
    0.72 s; 100k short texts 1.03 s both. One GiB of ``np.ones`` took 0.19-5.5 s with huge pages, 0.38 s
    without. (On a machine where huge pages come cheap they save about half the page faults' time: a few per
    cent of a job.)"""
    if "NUMPY_MADVISE_HUGEPAGE" in os.environ:
        return {}
    return {"NUMPY_MADVISE_HUGEPAGE": "0"}


def wide_sorts_slow() -> bool:
    """Whether numpy (imported) sorts arrays wider than a sorting network slowly here: AVX-512 on Zen 4."""
    if not on_zen4():
        return False
    try:
        from numpy._core._multiarray_umath import __cpu_features__  # type: ignore[import-not-found]
    except ImportError:  # pragma: no cover - numpy moved it
        return True
    return bool(__cpu_features__.get("AVX512_SKX", False))
