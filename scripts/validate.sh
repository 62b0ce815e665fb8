#!/usr/bin/env bash
# Enforces the module boundaries of Documentation/Modules.md with greps (folders do not enforce access).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
status=0
fail() { echo "validate: $*" >&2; status=1; }

# Only JSON/ touches jansson.
if grep -rlE '^\s*(public |internal |package )?import CJansson' Sources Tests | grep -v '^Sources/ContainerRPC/JSON/'; then
  fail "CJansson imported outside Sources/ContainerRPC/JSON/"
fi
# Transport knows no server or engine.
if grep -rnE '\b(RPCServer|Engine)\b' Sources/ContainerRPC/Transport Sources/ContainerRPC/Protocol Sources/ContainerRPC/JSON; then
  fail "Transport/Protocol/JSON refer to the server or the engine"
fi
# The engine is pure: no wire types, no Foundation, no I/O (Glibc only for its math functions).
if grep -rnE '\b(JSONValue|JSONObject|RPCError|MessageSink|Foundation)\b|\b(read|write|poll|fopen|fputs)\(' \
  Sources/ContainerRPC/Engine; then
  fail "wire or I/O types used under Sources/ContainerRPC/Engine/"
fi
# Nothing but the protocol reaches stdout: no print() in the daemon's sources.
if grep -rnE '(^|[^.[:alnum:]_])print\(' Sources | grep -vE '^[^:]+:[0-9]+:\s*//'; then
  fail "print() in Sources (stdout carries protocol only; log to stderr)"
fi
# Formatting (swift-format ships with the toolchain; .swift-format holds the settings).
if ! swift format lint --strict -r Sources Tests; then
  fail "formatting: run swift format -ipr Sources Tests"
fi
exit $status
