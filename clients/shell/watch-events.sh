#!/usr/bin/env bash
# watch-events.sh: runs containerd in the background (its input a FIFO), subscribes to event kinds, sends the
# requests you type (or pipe in), and prints every event as it arrives, one line each.
#
#   clients/shell/watch-events.sh [-q] [--objects ID,ID] [KIND ...]
#
# KINDs are added to the default lifecycle and warning: completion, offset, scroll, table, layout (which also brings
# the viewWillLayoutSubviews/viewDidLayoutSubviews callbacks), or all. Requests are rpc lines (clients/shell/rpc):
# `method {json params}`, `!method …` for a notification, or raw JSON. On a terminal you get an "rpc> " prompt with
# line editing and history; end with Ctrl-D (or `daemon/shutdown`).
#
# One line per message. An event: seq, virtual time, kind, object, callback/cause, rule, other params:
#      1        0ms  lifecycle   p             loadView                R1
#     12      350ms  lifecycle   detail        didMove                 R20     parent=nav
# A reply (the subscription is #1, your requests count from #2):
#   -> #2 {"id":"p","view":"p.view"}
#   !! #3 error -32000: Unknown object: x
#
#   -q, --quiet       events only: leave out the replies
#   --objects IDS     only events about these ids (comma separated; events/subscribe's objects)
#   -h, --help        this text
#
# The daemon is $CONTAINERD, else $CONTAINERD_BINARY, else .build/debug/containerd, else scripts/run; its stderr
# (logs) is left on the terminal. Exits with the daemon's status. Requires jq and bash 4.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_jq

quiet=false
objects=""
kinds=()
while (($#)); do
  case "$1" in
    -q | --quiet) quiet=true; shift ;;
    --objects) [[ $# -ge 2 ]] || { echo "watch-events.sh: --objects needs ids" >&2; exit 64; }
      objects="$2"; shift 2 ;;
    -h | --help) sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    -?*) echo "watch-events.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
    *) kinds+=("${1//,/ }"); shift ;;
  esac
done
read -r -a kinds <<<"${kinds[*]:-}"

# The subscription is request #1 (sent even with no kinds, where it changes nothing), typed requests count from #2.
subscribe="$(jq -cn --args '{jsonrpc: "2.0", id: 1, method: "events/subscribe",
    params: ({kinds: $ARGS.positional} + (if $objects == "" then {} else {objects: ($objects | split(","))} end))}' \
  --arg objects "$objects" ${kinds[@]+"${kinds[@]}"})"

containerd_command
interactive=false
[[ -t 0 ]] && interactive=true
$interactive && tty_state="$(stty -g 2>/dev/null || true)"
daemon_gone=false
rpc_pid=""
# The daemon's job signals USR1 when the daemon has exited (after daemon/shutdown, say): stop reading requests then.
trap 'daemon_gone=true; if [[ -n "$rpc_pid" ]]; then kill "$rpc_pid" 2>/dev/null || true; fi' USR1
# The daemon (and the formatter of its output) run in the background, reading requests from a FIFO.
fifo_dir="$(mktemp -d "${TMPDIR:-/tmp}/watch-events.XXXXXX")"
trap 'rm -rf "$fifo_dir"' EXIT
mkfifo "$fifo_dir/requests"
{
  "${CONTAINERD_CMD[@]}" <"$fifo_dir/requests" | jq --unbuffered -r -L "$CONTAINERD_SHELL_DIR/lib" --argjson quiet "$quiet" '
    include "events";
    if type == "array" then .[] else . end
    | if is_event then event_line
      elif $quiet then empty
      else reply_line end'
  status=${PIPESTATUS[0]}
  if ((status != 0)) || $interactive; then
    echo "watch-events.sh: the daemon has exited with status $status" >&2
  fi
  echo "$status" >"$fifo_dir/status"
  kill -USR1 $$ 2>/dev/null
  exit "$status"
} &
daemon_pid=$!
# Fixed descriptors, not `exec {name}>`: macOS's bash 3.2 has no named descriptors. 7 writes requests to the daemon,
# 8 keeps this script's stdin for rpc.
exec 7>"$fifo_dir/requests"   # opens once the daemon has opened the other end

trap '' PIPE   # if the daemon goes first, writes fail instead of killing this script
printf '%s\n' "$subscribe" >&7 2>/dev/null || true
# rpc reads the terminal (or stdin) in the background so that it can be stopped when the daemon exits.
exec 8<&0
"$CONTAINERD_SHELL_DIR/rpc" --first-id 2 <&8 >&7 &
rpc_pid=$!
if $daemon_gone; then kill "$rpc_pid" 2>/dev/null || true; fi
wait "$rpc_pid" || true   # returns early when the USR1 trap runs
kill "$rpc_pid" 2>/dev/null || true
trap '' USR1
exec 7>&- 8<&-
if $interactive && [[ -n "$tty_state" ]]; then stty "$tty_state" 2>/dev/null || true; fi
status=0
wait "$daemon_pid" || status=$?
# The job's own record: after the USR1 trap interrupted a wait, bash may answer 255 for a job that exited 0.
[[ -s "$fifo_dir/status" ]] && status="$(<"$fifo_dir/status")"
exit "$status"
