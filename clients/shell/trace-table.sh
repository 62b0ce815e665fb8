#!/usr/bin/env bash
# trace-table.sh: pretty-prints containerd's output as an aligned table, one row per event.
#
#   <daemon output> | clients/shell/trace-table.sh [--replies] [FILE ...]
#
# Columns: SEQ, TIME (virtual ms, three decimals at most), KIND (lifecycle, warning, completion, offset, scroll,
# table, layout), OBJECT (controller, view, table), CALLBACK/CAUSE (a callback, an offset's cause, what a completion
# ended), RULE, DETAIL (the other params: parent=nav for willMove/didMove, true flags such as animated or
# isMovingToParent, x,y for offsets, section,row for tables, a warning's message). "-" marks an empty cell.
#
# Reads FILEs or stdin: any daemon output, one JSON text per line, pretty-printed, batches, or LSP framing
# (Content-Length headers are skipped).
#
#   --replies     also a row per reply: kind "reply", object "#id", "ok" or "error CODE", and the result or message
#   -h, --help    this text
#
# Aligns with `column -t` when it is installed, else with awk (the same layout). Requires jq.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_jq

replies=false
files=()
for arg in "$@"; do
  case "$arg" in
    --replies) replies=true ;;
    -h | --help) sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    -) files+=("$arg") ;;
    -?*) echo "trace-table.sh: unknown option $arg (see --help)" >&2; exit 64 ;;
    *) files+=("$arg") ;;
  esac
done

# Two spaces between columns, none after the last: what `column -t` does.
align_awk() {
  awk -F '\t' '
    { rows[NR] = $0; n = split($0, f, FS); if (n > cols) cols = n
      for (i = 1; i <= n; i++) if (length(f[i]) > w[i]) w[i] = length(f[i]) }
    END { for (r = 1; r <= NR; r++) { n = split(rows[r], f, FS); line = ""
            for (i = 1; i < n; i++) line = line sprintf("%-" w[i] "s  ", f[i])
            print line f[n] } }'
}
align() {
  if [[ -z "${TRACE_TABLE_AWK:-}" ]] && command -v column >/dev/null 2>&1; then
    column -t -s $'\t'
  else
    align_awk
  fi
}

{
  printf 'SEQ\tTIME\tKIND\tOBJECT\tCALLBACK/CAUSE\tRULE\tDETAIL\n'
  cat -- "${files[@]:--}" \
    | sed -E 's/Content-(Length|Type):[^\r]*\r?$//I; s/\r$//' \
    | jq -r -L "$CONTAINERD_SHELL_DIR/lib" --argjson replies "$replies" '
        include "events";
        if type == "array" then .[] else . end
        | if is_event then event_row
          elif $replies and type == "object" and has("id") then reply_row
          else empty end
        | map(gsub("[\t\n]"; " ")) | join("\t")'
} | align
