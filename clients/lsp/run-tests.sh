#!/usr/bin/env bash
# Runs the LSP client tests in one report: clients/lsp/test_lsp_client.py (containerd's Content-Length framing driven
# by python-lsp-jsonrpc) and clients/lsp/test_pygls_client.py (the LSP lifecycle, initialize … exit, driven by pygls's
# LanguageClient).
#
#   clients/lsp/run-tests.sh [unittest arguments, e.g. -v or LSPClientTests.test_ping]
#
# 1. Makes the virtual environment .build/lsp-venv with python-lsp-jsonrpc and pygls from PyPI
#    (`scripts/ensure-deps --lsp-venv`; an environment where both already import is reused as it is).
# 2. Runs the tests with that environment's python, the daemon being $CONTAINERD_BINARY, else the repository's
#    .build/debug/containerd (built with `swift build --product containerd` when it is missing and
#    CONTAINERD_BINARY is not set).
#
# Exits non-zero when a test fails or the environment can't be made. Needs no standard input (CI=true is fine); the
# run prints a closing "N passed, M failed" line.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
python="$root/.build/lsp-venv/bin/python"

log() { echo "run-tests.sh: $*" >&2; }

if ! "$python" -c 'import pylsp_jsonrpc, pygls.lsp.client' >/dev/null 2>&1; then
  "$root/scripts/ensure-deps" --lsp-venv
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
