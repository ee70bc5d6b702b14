# What scripts/setup (the demo's needs) and scripts/setup-tests (the tests')
# share (sourced; ROOT is the repository root, SETUP_NAME the script's name
# for messages). Each step is skipped while its result is there.

CACHE="${HOME}/.cache/shapescript"
VENV="${SHAPESCRIPT_VENV:-${CACHE}/venv}"

# The tree-sitter CLI the grammar tests use (scripts/setup-tests installs it;
# scripts/setup configures build/ with its path).
TS_CLI_VERSION="0.25.10"
TS_CLI_ROOT="${CACHE}/tools/tree-sitter-cli-${TS_CLI_VERSION}"
TS_CLI="${TS_CLI_ROOT}/bin/tree-sitter"

say() { printf '%s: %s\n' "$SETUP_NAME" "$*"; }

# Installs the Debian packages among "$@" that are missing (apt-get, as root
# or through sudo); says so and exits when it can't.
install_debian_packages() {
    local pkg missing=() sudo=()
    for pkg in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$pkg")
        fi
    done
    if ((${#missing[@]} == 0)); then
        say "Debian packages: all present"
        return
    fi
    if [[ $(id -u) -ne 0 ]]; then
        if ! command -v sudo >/dev/null; then
            say "missing packages: ${missing[*]}; install them as root (apt-get install ${missing[*]})" >&2
            exit 1
        fi
        sudo=(sudo)
    fi
    say "installing ${missing[*]}"
    "${sudo[@]}" apt-get update -q
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "${missing[@]}"
}

# pip into the venv "$1", one at a time (CI clones and checkouts on one
# machine share the venvs under ~/.cache/shapescript).
pip_into() {
    local venv="$1"
    shift
    if command -v flock >/dev/null; then
        flock "${venv}/.pip.lock" "${venv}/bin/python" -m pip "$@"
    else
        "${venv}/bin/python" -m pip "$@"
    fi
}

venv_pip() { pip_into "$VENV" "$@"; }

# Installs a requirements file (with what it includes by -r, named after it)
# into the venv, making the venv first; skipped while the stamp named
# `stamp` holds the hash of those files.
install_requirements() {
    local file="$1" stamp="${VENV}/.$2.sha256"
    shift 2
    local hash tmp
    hash="$(cat "$file" "$@" | sha256sum | cut -d' ' -f1)"
    if [[ ! -x "${VENV}/bin/python" ]]; then
        say "creating the venv at ${VENV}"
        mkdir -p "$(dirname "$VENV")"
        python3 -m venv "$VENV"
    fi
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$hash" ]]; then
        say "venv: $(basename "$file") up to date (${VENV})"
        return
    fi
    say "installing $(basename "$file") into ${VENV}"
    venv_pip install -q --disable-pip-version-check -r "$file"
    tmp="$(mktemp "${stamp}.XXXXXX")"
    printf '%s\n' "$hash" >"$tmp"
    mv -f "$tmp" "$stamp"
}
