#!/usr/bin/env bash
# What the compiler cannot check about the layers of Documentation/Modules.md. Package.swift lists each target's
# dependencies, so a target cannot name a type of a target above it; but Swift lets a file import any module it can
# see, including a dependency's own dependencies (CJansson from the protocol, say) and Foundation. So each target's
# imports are checked against the list below, which repeats its Package.swift dependencies.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
status=0
fail() { echo "validate: $*" >&2; status=1; }

# target directory → the modules its files may import (system modules: Glibc/Darwin everywhere, Foundation where
# listed; Testing and the test-support target in tests). The executable and every library it links import no
# Foundation: its libraries (with ICU) would cost milliseconds at every cold start.
# One "directory: modules" line each (a list, not an associative array: macOS's bash 3.2 has none).
allowed_imports="\
Sources/ContainerEngine: Glibc Darwin
Sources/ContainerJSON: CJansson Glibc Darwin
Sources/ContainerProtocol: ContainerJSON ContainerEngine
Sources/ContainerTransport: ContainerJSON ContainerProtocol Glibc Darwin
Sources/ContainerRPC: ContainerJSON ContainerProtocol ContainerTransport ContainerEngine Logging Glibc Darwin
Sources/containerd: ArgumentParser ContainerRPC ContainerJSON ContainerProtocol ContainerTransport ContainerEngine Logging Glibc Darwin
Sources/ContainerClient: ContainerJSON ContainerProtocol ContainerTransport ContainerEngine Foundation Glibc Darwin
Tests/ContainerClientTests: ContainerClient Testing Foundation Glibc
Tests/ContainerEngineTests: ContainerEngine Testing Foundation
Tests/ContainerJSONTests: ContainerJSON Testing
Tests/ContainerProtocolTests: ContainerProtocol ContainerJSON ContainerEngine Testing
Tests/ContainerTransportTests: ContainerTransport ContainerProtocol ContainerJSON Testing Foundation"
while IFS= read -r entry; do
  directory="${entry%%:*}"
  modules="${entry#*: }"
  while IFS= read -r line; do
    file="${line%%:*}"
    module="$(sed -E 's/^[^:]+:[0-9]+:[[:space:]]*(@testable |public |package |internal )?import ([A-Za-z_]+).*/\2/' <<<"$line")"
    if ! grep -qw -- "$module" <<<"$modules"; then
      fail "$file imports $module; $directory may import only: $modules"
    fi
  done < <(grep -rnE '^[[:space:]]*(@testable |public |package |internal )?import [A-Za-z_]+' "$directory" || true)
done <<<"$allowed_imports"
# The engine does no I/O: Glibc is there for its math functions.
if grep -rnE '\b(read|write|poll|fopen|fputs|open|socket)\(' Sources/ContainerEngine; then
  fail "I/O calls under Sources/ContainerEngine/"
fi
# Nothing but the protocol reaches stdout: no print() in the daemon's sources.
if grep -rnE '(^|[^.[:alnum:]_])print\(' Sources | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'; then
  fail "print() in Sources (stdout carries protocol only; log to stderr)"
fi
# The scripts run under the bash 3.2 macOS ships: none of bash 4's associative arrays, named descriptors, mapfile,
# case conversion, `;&`, `|&` or `&>>` (an empty "${array[@]}" under set -u is the other trap: write
# ${array[@]+"${array[@]}"}; that one only running the scripts under 3.2 shows).
bash4=$'declare -A|local -A|exec \\{|\\{[a-z_]+\\}[<>]|mapfile|readarray|\\$\\{[A-Za-z_]+(,,|\\^\\^)|;&|\\|&|&>>|coproc'
if grep -nE "$bash4" scripts/run scripts/test scripts/ensure-deps .ci/run clients/shell/rpc \
  clients/shell/*.sh clients/shell/lib/*.sh clients/lsp/*.sh | grep -vE '^[^:]+:[0-9]+:[[:space:]]*#'; then
  fail "a bash 4 construct in a script that must run under bash 3.2 (macOS)"
fi
# The repository explains the product in its own words: no doc, comment or script sends a reader to the reference
# notes the project was started from, which live outside it. References go to Documentation/Protocol.md (by
# heading) or to a rule id of Documentation/Modelled.md. The names are built from pieces so that this check does not
# find itself.
outside="PROTOCOL""[.]md|UIKIT""_RULES|SCROLL""_RULES|JSONRPC""_NOTES|STYLE""[.]md"
outside="$outside|[.][.]/""shared|shared/""(docs|seeds)/"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  outside_hits="$(git grep -nIE "$outside" -- . || true)"
else
  outside_hits="$(grep -rnIE --exclude-dir=.build --exclude-dir=.git "$outside" . || true)"
fi
if [ -n "$outside_hits" ]; then
  echo "$outside_hits" >&2
  fail "a citation of a file outside the repository (cite Documentation/Protocol.md or a rule id of Modelled.md)"
fi
# Formatting (swift-format ships with the toolchain; .swift-format holds the settings).
if ! swift format lint --strict -r Sources Tests examples/SwiftClientExample/Package.swift \
  examples/SwiftClientExample/Tests; then
  fail "formatting: run swift format -ipr Sources Tests examples/SwiftClientExample"
fi
exit $status
