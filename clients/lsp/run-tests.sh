#!/usr/bin/env bash
# Runs clients/lsp/test_lsp_client.py: containerd's LSP (Content-Length) framing driven by python-lsp-jsonrpc.
#
#   clients/lsp/run-tests.sh [unittest arguments, e.g. -v or LSPClientTests.test_ping]
#
# 1. Makes the virtual environment .build/lsp-venv (python3 -m venv; else /usr/bin/python3 -m venv; else installs
#    Debian's python3-venv with apt-get, as root or through sudo) and pip-installs python-lsp-jsonrpc into it from
#    PyPI. An environment where the module already imports is reused as it is.
# 2. Runs the test with that environment's python, the daemon being $CONTAINERD_BINARY, else the repository's
#    .build/debug/containerd (built with `swift build --product containerd` when it is missing and
#    CONTAINERD_BINARY is not set).
#
# Exits non-zero when a test fails or the environment can't be made. Needs no standard input (CI=true is fine); the
# test prints a closing "N passed, M failed" line.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="$root/.build/lsp-venv"
python="$venv/bin/python"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

log() { echo "run-tests.sh: $*" >&2; }

make_venv() {
  local interpreter
  for interpreter in python3 /usr/bin/python3; do
    command -v "$interpreter" >/dev/null 2>&1 || continue
    if "$interpreter" -m venv --clear "$venv" </dev/null >/dev/null 2>&1 && [[ -x "$python" ]] \
      && "$python" -m pip --version >/dev/null 2>&1; then
      return 0
    fi
    log "$interpreter -m venv did not work (no ensurepip?)"
  done
  log "installing python3-venv with apt-get"
  local sudo=()
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null 2>&1 || { log "need root or sudo to install python3-venv"; return 1; }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq </dev/null >&2
  "${sudo[@]}" apt-get install -y -qq python3-venv </dev/null >&2
  /usr/bin/python3 -m venv --clear "$venv" </dev/null >&2
}

if ! "$python" -c 'import pylsp_jsonrpc' >/dev/null 2>&1; then
  mkdir -p "$root/.build"
  if ! [[ -x "$python" ]] || ! "$python" -m pip --version >/dev/null 2>&1; then
    make_venv
  fi
  log "installing python-lsp-jsonrpc into .build/lsp-venv"
  "$python" -m pip install --quiet python-lsp-jsonrpc </dev/null >&2
  "$python" -c 'import pylsp_jsonrpc' >/dev/null
fi

if [[ -z "${CONTAINERD_BINARY:-}" ]]; then
  CONTAINERD_BINARY="$root/.build/debug/containerd"
  if [[ ! -x "$CONTAINERD_BINARY" ]]; then
    log "building containerd (debug)"
    "$root/scripts/ensure-deps"
    swift build --package-path "$root" --product containerd </dev/null >&2
  fi
fi
export CONTAINERD_BINARY

cd "$root"
exec "$python" clients/lsp/test_lsp_client.py "$@" </dev/null
