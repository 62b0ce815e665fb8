#!/usr/bin/env bash
# build-tree.sh: builds a small view-controller tree in containerd and prints the lifecycle trace, request by request.
#
#   clients/shell/build-tree.sh [--json] [--not-animated]
#
# The tree: a window whose root is a navigation controller "nav" holding "parent"; "parent" embeds two children,
# "left" and "right" (each half of its view); then "detail" is pushed on "nav" (animated: 0.35 s on the virtual
# clock). Each request is printed as an rpc line (see clients/shell/rpc), followed by the events it caused in the
# notation of the Python client's trace() (child.didMove(parent) R8), with the virtual time in ms.
#
#   --json           print the daemon's raw output instead (for jq, or clients/shell/trace-table.sh)
#   --not-animated   push without animation
#   -h, --help       this text
#
# The daemon is $CONTAINERD, else $CONTAINERD_BINARY, else .build/debug/containerd, else scripts/run. Requires jq.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_jq

json=false
animated=true
for arg in "$@"; do
  case "$arg" in
    --json) json=true ;;
    --not-animated) animated=false ;;
    -h | --help) sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "build-tree.sh: unknown argument $arg (see --help)" >&2; exit 64 ;;
  esac
done

steps=(
  'window/create {"id":"win"}'
  'controller/create {"id":"parent","title":"Parent"}'
  'controller/create {"id":"nav","kind":"UINavigationController","root":"parent"}'
  'window/setRoot {"window":"win","controller":"nav"}'
  'controller/create {"id":"left"}'
  'containment/embed {"parent":"parent","child":"left","frame":{"x":0,"y":0,"width":195,"height":844}}'
  'controller/create {"id":"right"}'
  'containment/embed {"parent":"parent","child":"right","frame":{"x":195,"y":0,"width":195,"height":844}}'
  'controller/create {"id":"detail","title":"Detail"}'
  "navigation/push {\"navigation\":\"nav\",\"controller\":\"detail\",\"animated\":$animated}"
)

containerd_command
if $json; then
  "$CONTAINERD_SHELL_DIR/rpc" "${steps[@]}" | "${CONTAINERD_CMD[@]}"
  exit 0
fi

# Events come before the reply of the request that caused them: hold them until the reply names the request.
"$CONTAINERD_SHELL_DIR/rpc" "${steps[@]}" | "${CONTAINERD_CMD[@]}" \
  | jq -r -n -L "$CONTAINERD_SHELL_DIR/lib" --args '
      include "events";
      $ARGS.positional as $steps
      | foreach (inputs | if type == "array" then .[] else . end) as $m ({held: [], out: null};
          if ($m | is_event) then {held: (.held + [$m]), out: null}
          else {held: [], out: ([$steps[$m.id - 1] // "#\($m.id)"]
                + [.held[] | "  \(.params.time | num | lpad(5))ms  \(trace_line)"]
                + (if $m.error then ["  error \($m.error.code): \($m.error.message)"] else [] end))}
          end;
          .out // empty | .[])' "${steps[@]}"
