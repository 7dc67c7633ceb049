#!/bin/sh
# Installs the built package on a fresh Debian 12 as a user would, and runs it: a minimal
# bookworm system is made with debootstrap in a temporary folder, `apt-get install ./DEB`
# brings Qt and everything else the package depends on from Debian's mirror, then the
# installed keyscope answers --version, checks a project, draws a diagram offscreen and
# starts its window offscreen for a few seconds. Needs root and the network to Debian's mirror
# (about 300 MB), so it is not part of `make test`; run it with `make package-check`.
# Usage: fresh-install-check.sh DEB PROJECT PATTERN
set -eu
deb=$1
project=$2
pattern=$3
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
root=$(mktemp -d /tmp/keyscope-fresh.XXXXXX)
cleanup() {
    umount "$root/proc" 2>/dev/null || true
    rm -rf "$root"
}
trap cleanup EXIT
command -v debootstrap >/dev/null || apt-get install -y -q debootstrap
echo "fresh-install-check: making a minimal Debian 12 in $root"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.log" 2>&1 \
    || { tail -20 "$root.log"; exit 1; }
rm -f "$root.log"
mount -t proc proc "$root/proc"
cp "$deb" "$root/tmp/keyscope.deb"
cp "$project" "$root/tmp/project.keyscope.json"
printf '%s' "$pattern" >"$root/tmp/pattern.txt"
chroot "$root" /bin/sh -eu -c '
    export DEBIAN_FRONTEND=noninteractive QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/xdg
    mkdir -m 700 /tmp/xdg
    apt-get update -q >/dev/null
    apt-get install -y -q /tmp/keyscope.deb >/tmp/apt.log || { tail -20 /tmp/apt.log; exit 1; }
    echo "fresh-install-check: apt installed $(grep -c "^Setting up" /tmp/apt.log) packages"
    keyscope --version
    keyscope check /tmp/project.keyscope.json >/tmp/check.txt || { cat /tmp/check.txt; exit 1; }
    tail -1 /tmp/check.txt
    keyscope export /tmp/project.keyscope.json --pattern "$(cat /tmp/pattern.txt)" -o /tmp/diagram.png
    test -s /tmp/diagram.png && echo "fresh-install-check: diagram drawn"
    status=0; timeout 5 keyscope --new-instance /tmp/project.keyscope.json 2>/dev/null || status=$?
    test "$status" = 124 && echo "fresh-install-check: the window ran until stopped"
    dpkg -L keyscope | grep -E "\.desktop$|man1|completions/"
'
echo "fresh-install-check: passed"
