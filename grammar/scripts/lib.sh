# Shared by the scripts in grammar/scripts (sourced, not run).
#
# find_tree_sitter: sets TS to a tree-sitter CLI of exactly version
# $TS_VERSION, looking at $TREE_SITTER, then the copy scripts/setup-tests installs,
# then tree-sitter on PATH. Returns 0 when found, 2 when there is none,
# 3 when the one found has another version; TS_PROBLEM says what went wrong.
#
# ts_config: makes a temporary tree-sitter config whose parser directory
# holds this grammar (as tree-sitter-shapescript), so that `tree-sitter test`
# finds the language for test/highlight and nothing warns about an
# unconfigured CLI. Sets TS_CONFIG; the caller removes $TS_TMP.

TS_VERSION=0.25.10
TS_INSTALL_HINT="install it with scripts/setup-tests, or: cargo install tree-sitter-cli --version $TS_VERSION --locked (and set TREE_SITTER to its path if it is not on PATH)"

GRAMMAR_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPO_DIR=$(cd "$GRAMMAR_DIR/.." && pwd)

ts_version_of() {
    # `tree-sitter 0.25.10` or `tree-sitter 0.25.10 (commit)`: print 0.25.10.
    "$1" --version 2>/dev/null | awk 'NR == 1 { print $2 }'
}

find_tree_sitter() {
    local candidate version
    TS=""
    TS_PROBLEM=""
    if [[ -n "${TREE_SITTER:-}" ]]; then
        candidate=$TREE_SITTER
        if [[ ! -x "$candidate" ]] && ! command -v "$candidate" >/dev/null 2>&1; then
            TS_PROBLEM="TREE_SITTER=$TREE_SITTER is not an executable"
            return 2
        fi
    elif [[ -x "$HOME/.cache/shapescript/tools/tree-sitter-cli-$TS_VERSION/bin/tree-sitter" ]]; then
        candidate="$HOME/.cache/shapescript/tools/tree-sitter-cli-$TS_VERSION/bin/tree-sitter"
    elif command -v tree-sitter >/dev/null 2>&1; then
        candidate=$(command -v tree-sitter)
    else
        TS_PROBLEM="no tree-sitter CLI found (looked at \$TREE_SITTER, $HOME/.cache/shapescript/tools/tree-sitter-cli-$TS_VERSION/bin/tree-sitter and PATH)"
        return 2
    fi
    version=$(ts_version_of "$candidate")
    if [[ "$version" != "$TS_VERSION" ]]; then
        TS_PROBLEM="$candidate is tree-sitter ${version:-of an unknown version}, but the grammar needs exactly $TS_VERSION"
        return 3
    fi
    TS=$candidate
}

ts_config() {
    TS_TMP=$(mktemp -d "${TMPDIR:-/tmp}/shapescript-grammar.XXXXXX")
    mkdir "$TS_TMP/parsers"
    ln -s "$GRAMMAR_DIR" "$TS_TMP/parsers/tree-sitter-shapescript"
    local dir=${TS_TMP//\\/\\\\}
    dir=${dir//\"/\\\"}
    printf '{ "parser-directories": ["%s/parsers"] }\n' "$dir" >"$TS_TMP/config.json"
    TS_CONFIG="$TS_TMP/config.json"
}
