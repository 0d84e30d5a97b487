"""The installable app: icons, .desktop file, and the built bundle (dist/dedup-gui) proving itself with --selftest.

The bundle tests run when `make package` has built dist/dedup-gui/ (or DEDUP_TEST_BUNDLE=1 demands it, and then a
missing bundle fails instead of skipping). Building takes minutes, so the tests never build it themselves.
"""

import configparser
import os
import shlex
import shutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
BUNDLE = ROOT / "dist" / "dedup-gui"
EXE = ".exe" if sys.platform == "win32" else ""
GUI, CLI = BUNDLE / f"dedup-gui{EXE}", BUNDLE / f"dedup-cli{EXE}"


def test_icons_exist_at_every_size_and_in_windows_and_macos_formats():
    for size in (16, 32, 48, 128, 256):
        png = (ICONS / f"dedup-gui-{size}.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (size, size)
    ico = (ICONS / "dedup-gui.ico").read_bytes()
    assert struct.unpack("<HHH", ico[:6]) == (0, 1, 5)  # an icon file with all five sizes
    assert (ICONS / "dedup-gui.icns").read_bytes()[:4] == b"icns"
    assert b"<svg" in (ICONS / "dedup-gui.svg").read_bytes()


def test_the_linux_desktop_entry_starts_the_app_with_its_icon_in_both_languages():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(ROOT / "resources" / "dedup-gui.desktop", encoding="utf-8")
    d = entry["Desktop Entry"]
    assert d["Type"] == "Application" and d["Exec"].split()[0] == "dedup-gui"
    assert d["Icon"] == "dedup-gui" and (ICONS / "dedup-gui.svg").exists()
    assert d["Name[zh_CN]"] and d["Comment[zh_CN]"]
    assert d["Categories"].endswith(";") and d["MimeType"].endswith(";")


def test_every_package_and_resource_folder_is_in_the_wheel():
    # pyproject lists the packages by hand (it maps resources/ into the package); a new subpackage must be added.
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    code = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "dedup_gui").rglob("__init__.py")}
    not_shipped = {"screenshots", "__pycache__"}  # the README's screenshot stays in the repository
    data = {f"dedup_gui.resources.{d.name}" for d in (ROOT / "resources").iterdir() if d.is_dir()}
    data -= {f"dedup_gui.resources.{name}" for name in not_shipped}
    on_disk = code | {"dedup_gui.resources"} | data
    assert set(setuptools["packages"]) == on_disk
    assert setuptools["package-dir"] == {"dedup_gui.resources": "resources"}


def _desktop_entry(path: Path) -> configparser.SectionProxy:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(path, encoding="utf-8")
    return entry["Desktop Entry"]


def test_the_bundles_menu_entry_starts_the_executable_in_the_unpacked_folder(tmp_path):
    bundle = tmp_path / "my apps" / "dedup-gui"  # a folder name with a space
    shutil.copytree(ROOT / "resources", bundle / "_internal" / "dedup_gui" / "resources")
    (bundle / "dedup-gui").write_text("#!/bin/sh\n")
    (bundle / "dedup-gui").chmod(0o755)
    script = shutil.copy2(ROOT / "packaging" / "install-desktop-entry.sh", bundle)
    data = tmp_path / "data"
    out = subprocess.run(
        ["sh", str(script)], capture_output=True, text=True, env={**os.environ, "XDG_DATA_HOME": str(data)}
    )
    assert out.returncode == 0, out.stderr
    d = _desktop_entry(data / "applications" / "dedup-gui.desktop")
    assert shlex.split(d["Exec"]) == [str(bundle / "dedup-gui"), "%f"]
    assert d["TryExec"] == str(bundle / "dedup-gui")
    assert d["Icon"] == "dedup-gui" and (data / "icons/hicolor/scalable/apps/dedup-gui.svg").is_file()
    assert d["Name[zh_CN]"] == _desktop_entry(ROOT / "resources" / "dedup-gui.desktop")["Name[zh_CN]"]


def test_the_spec_collects_what_the_app_reads_at_run_time():
    spec = (ROOT / "packaging" / "dedup_gui.spec").read_text(encoding="utf-8")
    for needed in ("jieba/dict.txt", "jieba/analyse/idf.txt", "demo.xlsx", "translations", "icons", "rjieba"):
        assert needed in spec
    for entry in ("entry.py", "entry_cli.py"):
        assert "multiprocessing.freeze_support()" in (ROOT / "packaging" / entry).read_text(encoding="utf-8")


def _bundle() -> Path:
    if not GUI.exists():
        if os.environ.get("DEDUP_TEST_BUNDLE"):
            pytest.fail(f"{GUI} is missing: run `make package` first")
        pytest.skip("no built bundle (make package builds dist/dedup-gui)")
    return BUNDLE


def _offscreen() -> dict:
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def test_the_bundle_holds_dictionaries_plugins_translations_and_demo():
    internal = _bundle() / "_internal"
    for part in (
        "jieba/dict.txt",
        "jieba/analyse/idf.txt",
        "dedup_gui/resources/demo.xlsx",
        "dedup_gui/resources/translations/dedup_gui_zh_CN.qm",
        "dedup_gui/resources/icons/dedup-gui.svg",
        "PySide6/Qt/translations/qtbase_zh_CN.qm",
    ):
        assert (internal / part).exists(), part
    if sys.platform.startswith("linux"):
        assert os.access(BUNDLE / "install-desktop-entry.sh", os.X_OK)
    plugins = internal / "PySide6" / "Qt" / "plugins"
    for kind, name in (("platforms", "offscreen"), ("imageformats", "svg"), ("imageformats", "ico")):
        assert list((plugins / kind).glob(f"*q{name}*")), (kind, name)


def test_the_bundled_app_passes_its_selftest_offscreen():
    _bundle()
    out = subprocess.run([str(GUI), "--selftest"], capture_output=True, text=True, timeout=600, env=_offscreen())
    assert out.returncode == 0, out.stdout + out.stderr
    assert "(bundle," in out.stdout.splitlines()[0]
    assert out.stdout.splitlines()[-1] == "selftest passed"


def test_the_bundled_command_line_tool_cleans_a_csv(tmp_path):
    _bundle()
    source = tmp_path / "news.csv"
    text = "今天上午，市政府召开新闻发布会，介绍全市上半年经济运行情况和下一步工作安排。"
    source.write_text(f"id,body\n1,{text}\n2,{text}\n3,明天有雨，请注意出行安全。\n", encoding="utf-8")
    cleaned = tmp_path / "clean.csv"
    out = subprocess.run(
        [str(CLI), str(source), "--output", str(cleaned), "--quiet"],
        capture_output=True,
        text=True,
        timeout=300,
        env=_offscreen(),
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "removed: 1" in out.stdout
    assert cleaned.read_text(encoding="utf-8-sig").splitlines()[1:] == [f"1,{text}", "3,明天有雨，请注意出行安全。"]
