# The style tools and the files each one covers, for scripts/check-style and
# scripts/format (sourced; ROOT is the repository root). Each find_* sets a
# variable to the tool, or leaves it empty and adds why to STYLE_MISSING.

STYLE_MISSING=()
# clang-format's output changes between major versions: .clang-format is
# written for this one (Debian's `clang-format` package).
CLANG_FORMAT_MAJOR=14

find_clang_format() {
    CLANG_FORMAT=""
    local candidate version found=""
    for candidate in "${CLANG_FORMAT_BIN:-}" "clang-format-${CLANG_FORMAT_MAJOR}" clang-format; do
        [[ -n "$candidate" ]] && command -v "$candidate" >/dev/null 2>&1 || continue
        version="$("$candidate" --version 2>/dev/null | grep -o 'version [0-9]*' | cut -d' ' -f2)"
        if [[ "$version" == "$CLANG_FORMAT_MAJOR" ]]; then
            CLANG_FORMAT="$candidate"
            return
        fi
        found+="${candidate} is ${version:-of no known version}; "
    done
    STYLE_MISSING+=("clang-format ${CLANG_FORMAT_MAJOR} (${found}apt-get install clang-format, or set CLANG_FORMAT_BIN)")
}

# ruff from the venv (requirements-dev.txt pins it; scripts/setup-tests installs it).
find_ruff() {
    RUFF=()
    local python="${SS_PYTHON:-${SHAPESCRIPT_VENV:-${HOME}/.cache/shapescript/venv}/bin/python}"
    if [[ -x "$python" ]] && "$python" -m ruff --version >/dev/null 2>&1; then
        RUFF=("$python" -m ruff)
    else
        STYLE_MISSING+=("ruff in ${python} (bash scripts/setup-tests installs requirements-dev.txt)")
    fi
}

# tsc and eslint from the extension's packages (scripts/setup-tests runs npm ci).
find_node_tools() {
    NODE_BIN="${ROOT}/vscode-extension/node_modules/.bin"
    if ! command -v node >/dev/null 2>&1 || [[ ! -x "${NODE_BIN}/tsc" || ! -x "${NODE_BIN}/eslint" ]]; then
        NODE_BIN=""
        STYLE_MISSING+=("node with tsc and eslint in vscode-extension/node_modules (bash scripts/setup-tests runs npm ci)")
    fi
}

# The C and C++ files clang-format covers, tracked or new, one per line:
# server/, tests/, bench/ and the grammar's hand-written scanner (not the
# generated parser.c and tree_sitter/*.h).
cpp_files() {
    git -C "$ROOT" ls-files --cached --others --exclude-standard -- server tests bench grammar/src/scanner.c |
        grep -E '\.(c|cc|cpp|h|hpp)$' | while read -r f; do [[ -f "${ROOT}/$f" ]] && echo "$f"; done
}
