# Sourced by the scripts in clients/shell/ (not run by itself). Bash 4 or later.
#
#   containerd_command      sets the array CONTAINERD_CMD to the daemon command:
#                             1. $CONTAINERD, split on blanks ("scripts/run --log-level info" works);
#                             2. $CONTAINERD_BINARY (the variable the tests and the Python client use);
#                             3. the repository's .build/debug/containerd, if it is built;
#                             4. scripts/run, which builds the release binary first (build output on stderr).
#   CONTAINERD_SHELL_DIR    this folder (clients/shell);  CONTAINERD_REPO  the repository root.
#   require_jq              exits with a message when jq is missing.
#   events.jq               jq definitions (event_row, trace_line, …), loaded with: jq -L "$CONTAINERD_SHELL_DIR/lib"

CONTAINERD_SHELL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONTAINERD_REPO="$(cd "$CONTAINERD_SHELL_DIR/../.." && pwd)"

containerd_command() {
  CONTAINERD_CMD=()
  if [[ -n "${CONTAINERD:-}" ]]; then
    read -r -a CONTAINERD_CMD <<<"$CONTAINERD"
  elif [[ -n "${CONTAINERD_BINARY:-}" ]]; then
    CONTAINERD_CMD=("$CONTAINERD_BINARY")
  elif [[ -x "$CONTAINERD_REPO/.build/debug/containerd" ]]; then
    CONTAINERD_CMD=("$CONTAINERD_REPO/.build/debug/containerd")
  else
    CONTAINERD_CMD=("$CONTAINERD_REPO/scripts/run")
  fi
}

require_jq() {
  command -v jq >/dev/null 2>&1 || {
    echo "${0##*/}: jq is required (apt-get install jq)" >&2
    exit 127
  }
}
