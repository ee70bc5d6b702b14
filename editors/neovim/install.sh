#!/bin/sh
# Installs ShapeScript's tree-sitter parser and queries for Neovim, from the
# grammar in this repository (the queries are not kept twice in git):
#   DEST/parser/shapescript.so         built from grammar/src with $CC (cc)
#   DEST/queries/shapescript/*.scm     copied from grammar/queries
# DEST defaults to this folder, editors/neovim, which goes on 'runtimepath'
# (see docs/editors.md). Run it again after pulling grammar changes.
#
#   sh editors/neovim/install.sh [DEST]
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
dest=${1:-$here}
src=$repo/grammar/src

mkdir -p "$dest/parser" "$dest/queries/shapescript"
cp "$repo"/grammar/queries/*.scm "$dest/queries/shapescript/"
${CC:-cc} -O2 -shared -fPIC -I"$src" "$src/parser.c" "$src/scanner.c" -o "$dest/parser/shapescript.so"
echo "installed $dest/parser/shapescript.so and $dest/queries/shapescript/"
