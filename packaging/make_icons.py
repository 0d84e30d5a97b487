"""Render resources/icons/dedup-gui.svg to the PNG, .ico and .icns files the app and the bundles use.

    python packaging/make_icons.py

Qt draws the SVG (QSvgRenderer) and writes every format itself: its ``ico`` and ``icns`` image plugins ship in
PySide6-Essentials, so no other imaging library is needed. The outputs are committed; run this again after
editing the SVG.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QImageWriter, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SIZES = (16, 32, 48, 128, 256)


def render(svg: Path, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    QSvgRenderer(str(svg)).render(painter)
    painter.end()
    return image


def write(image: QImage, path: Path, fmt: str) -> None:
    writer = QImageWriter(str(path), fmt.encode())
    if not writer.write(image):
        raise RuntimeError(f"could not write {path}: {writer.errorString()}")


def ico(pngs: list[Path]) -> bytes:
    """A Windows .ico holding each PNG as it is (PNG entries, Windows Vista and later): every size, small file.

    Qt's own ico writer stores a single uncompressed image; Windows wants several sizes to choose from.
    """
    blobs = [p.read_bytes() for p in pngs]
    header = struct.pack("<HHH", 0, 1, len(blobs))
    offset = len(header) + 16 * len(blobs)
    entries = b""
    for blob in blobs:
        width, height = struct.unpack(">II", blob[16:24])  # the PNG's IHDR
        entries += struct.pack("<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
    return header + entries + b"".join(blobs)


def main() -> int:
    QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    svg = ICONS / "dedup-gui.svg"
    images = {size: render(svg, size) for size in SIZES}
    for size, image in images.items():
        write(image, ICONS / f"dedup-gui-{size}.png", "png")
    (ICONS / "dedup-gui.ico").write_bytes(ico([ICONS / f"dedup-gui-{size}.png" for size in SIZES]))
    write(render(svg, 512), ICONS / "dedup-gui.icns", "icns")
    print("\n".join(sorted(p.name for p in ICONS.iterdir())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
