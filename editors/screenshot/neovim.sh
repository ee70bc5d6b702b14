#!/bin/sh
# Remakes docs/images/neovim-hover.png: Neovim, with editors/neovim set up,
# on examples/attention.ss with one axis swapped, showing the checker's
# diagnostic and the hover of `q`, in a 120x35 tmux pane rendered to PNG.
#
#   sh editors/screenshot/neovim.sh [OUT.png]
#
# Needs nvim, tmux, cc, a python3 with Pillow ($PYTHON) and the DejaVu fonts
# (Debian: neovim tmux gcc python3-pil fonts-dejavu-core), and a built
# shapescript-lsp: $SS_BIN_DIR, else build/bin.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:-$repo/docs/images/neovim-hover.png}
bin=${SS_BIN_DIR:-$repo/build/bin}
lsp=$bin/shapescript-lsp
[ -x "$lsp" ] || { echo "no $lsp: build first, or set SS_BIN_DIR" >&2; exit 1; }

# A Python with Pillow: $PYTHON, else the first python3 on $PATH that has it,
# else Debian's (python3-pil).
python=
for candidate in ${PYTHON:-} python3 /usr/bin/python3; do
    if "$candidate" -c 'import PIL' 2>/dev/null; then python=$candidate; break; fi
done
[ -n "$python" ] || { echo "no python3 with Pillow: apt-get install python3-pil, or set PYTHON" >&2; exit 1; }

work=$(mktemp -d)
session=ss-screenshot-$$
# A tmux server of its own (-L), so that its settings are these.
tm() { tmux -L "$session" -f "$work/tmux.conf" "$@"; }
trap 'tm kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

# The parser and queries, for highlighting (editors/neovim/install.sh).
sh "$repo/editors/neovim/install.sh" "$work/rtp" >/dev/null

mkdir -p "$work/project"
sed 's/return einsum(att, v: b H n m,/return einsum(att, v: b H m n,/' \
    "$repo/examples/attention.ss" >"$work/project/attention.ss"


printf 'set -g default-terminal tmux-256color\nset -g status off\n' >"$work/tmux.conf"
tm new-session -d -s "$session" -x 120 -y 35 -c "$work/project" \
    -e XDG_CONFIG_HOME="$work/xdg" -e XDG_STATE_HOME="$work/xdg" \
    -e XDG_CACHE_HOME="$work/xdg" -e XDG_DATA_HOME="$work/xdg" \
    -e SS_SHOT_PLUGIN="$repo/editors/neovim" -e SS_SHOT_RTP="$work/rtp" \
    -e SS_SHOT_LSP="$lsp" -e SS_SHOT_READY="$work/ready" \
    nvim --clean -u "$here/neovim-init.lua" attention.ss

i=0
while [ ! -e "$work/ready" ]; do
    i=$((i + 1))
    [ "$i" -le 300 ] || { echo "Neovim showed no diagnostics in 30 s" >&2; tm capture-pane -t "$session" -p >&2; exit 1; }
    sleep 0.1
done
sleep 0.3

tm capture-pane -t "$session" -e -p >"$work/screen.txt"
mkdir -p "$(dirname "$out")"
"$python" "$here/ansi2png.py" "$work/screen.txt" "$out" --columns 120 --lines 35
echo "wrote $out"
