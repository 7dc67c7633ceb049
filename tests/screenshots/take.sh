#!/bin/bash
# Screenshots to look at by eye (not tests: nothing here can fail on what it shows). Writes PNGs
# of the exports and of the window in its main states, at 1280x800 and 1024x700, light and dark.
#   tests/screenshots/take.sh [OUT_DIR]        (make screenshots; default build/screenshots)
# Needs a built keyscope (BIN, default build/app/keyscope); the window shots need Xvfb, xdotool
# and ImageMagick's import (Debian: xvfb xdotool imagemagick), and are skipped without them.
set -euo pipefail
BIN=${BIN:-build/app/keyscope}
OUT=${1:-build/screenshots}
PATTERN="Device and its 10 newest readings"
EXAMPLES=resources/examples
mkdir -p "$OUT"
[ -x "$BIN" ] || { echo "take.sh: no keyscope at $BIN (make build first)" >&2; exit 1; }

# 1. Exports, no display needed: the IoT pattern mid-seek, mid-sweep and at the end, the
#    before/after pair, and the dark theme.
for step in 2 8 end; do
    "$BIN" export --example iot --pattern "$PATTERN" --step "$step" -o "$OUT/export-iot-step-$step.png"
done
"$BIN" export --example iot --pattern "$PATTERN" --compare -o "$OUT/export-iot-compare.png"
"$BIN" export --example iot --pattern "$PATTERN" --theme dark -o "$OUT/export-iot-dark.png"

# 2. The window under Xvfb.
for tool in Xvfb xdotool import; do
    command -v "$tool" >/dev/null || { echo "take.sh: no $tool: window shots skipped" >&2; exit 0; }
done
display=:$(( (RANDOM % 300) + 200 ))
shot() { # shot NAME SIZE THEME FILE [KEY...]: start the app on FILE, press KEYs, grab
    local name=$1 size=$2 theme=$3 file=$4
    shift 4
    # A settings file of its own: the theme asked for, nothing of the user's.
    local config
    config=$(mktemp -d)
    mkdir -p "$config/Keyscope"
    printf '[appearance]\ntheme=%s\nreducedMotion=true\n' "$theme" >"$config/Keyscope/Keyscope.conf"
    Xvfb "$display" -screen 0 "${size}x24" >/dev/null 2>&1 &
    local xvfb=$!
    sleep 1
    DISPLAY=$display QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME=$config "$BIN" "$file" \
        >"$OUT/$name.log" 2>&1 &
    local app=$!
    local window=""
    for _ in $(seq 1 40); do
        window=$(DISPLAY=$display xdotool search --onlyvisible --class keyscope 2>/dev/null | head -1 || true)
        [ -n "$window" ] && break
        sleep 0.25
    done
    if [ -n "$window" ]; then
        DISPLAY=$display xdotool windowsize "$window" "${size%x*}" "${size#*x}" windowmove "$window" 0 0
        sleep 3 # populate, run the first pattern
        for key in "$@"; do
            DISPLAY=$display xdotool key --clearmodifiers "$key"
            sleep 1.5
        done
        DISPLAY=$display import -window root "$OUT/$name.png"
        echo "wrote $OUT/$name.png"
    else
        echo "take.sh: the window did not appear for $name (see $OUT/$name.log)" >&2
    fi
    kill "$app" 2>/dev/null || true
    wait "$app" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
    wait "$xvfb" 2>/dev/null || true
    rm -rf "$config"
}
for size in 1280x800 1024x700; do
    shot "window-iot-$size" "$size" light "$EXAMPLES/iot/after.keyscope.json" ctrl+End
    shot "window-iot-dark-$size" "$size" dark "$EXAMPLES/iot/after.keyscope.json" ctrl+End
    shot "window-iot-presenter-$size" "$size" light "$EXAMPLES/iot/after.keyscope.json" ctrl+End F5
    shot "window-hand-written-$size" "$size" light tests/data/checks/handwritten-items.keyscope.json
done
