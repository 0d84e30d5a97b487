#!/bin/sh
# Add Dedup to your application menu (Linux): run this script from the unpacked dedup-gui folder, e.g.
#     ./install-desktop-entry.sh
# It installs the menu entry and the icon for the current user. The entry starts the dedup-gui executable in this
# folder by its absolute path, so move the folder first and run the script again afterwards.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
resources="$here/_internal/dedup_gui/resources"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
[ -x "$here/dedup-gui" ] || { echo "install-desktop-entry.sh: no dedup-gui executable in $here" >&2; exit 1; }
# Exec quotes the path, so spaces are fine; characters the entry or the sed below would have to escape are refused.
case "$here" in *[%\`\"\\\$\|]*) echo "install-desktop-entry.sh: move the folder to a path without % \` \" \\ \$ |" >&2; exit 1;; esac
mkdir -p "$data/applications" "$data/icons/hicolor/scalable/apps"
cp "$resources/icons/dedup-gui.svg" "$data/icons/hicolor/scalable/apps/dedup-gui.svg"
sed -e "s|^Exec=.*|Exec=\"$here/dedup-gui\" %f|" -e "s|^TryExec=.*|TryExec=$here/dedup-gui|" \
    "$resources/dedup-gui.desktop" > "$data/applications/dedup-gui.desktop"
echo "installed $data/applications/dedup-gui.desktop (starts $here/dedup-gui)"
