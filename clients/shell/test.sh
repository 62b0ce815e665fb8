#!/usr/bin/env bash
# Tests the scripts in clients/shell/ against the built daemon, non-interactively:
#
#   CONTAINERD_BINARY=.build/debug/containerd clients/shell/test.sh
#
# The binary is $CONTAINERD_BINARY, else the repository's .build/debug/containerd (build it first:
# swift build --product containerd). Prints one line per check and a closing "N passed, M failed"; exits 1 if any
# check failed. Needs bash 4 and jq; exercises both the `column` and the awk layout of trace-table.sh.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
binary="${CONTAINERD_BINARY:-$repo/.build/debug/containerd}"
if [[ ! -x "$binary" ]]; then
  echo "clients/shell/test.sh: no daemon binary at $binary (swift build --product containerd, or set CONTAINERD_BINARY)" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
unset CONTAINERD
export CONTAINERD_BINARY="$binary"
work="$(mktemp -d "${TMPDIR:-/tmp}/containerd-shell-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
not_ok() { failed=$((failed + 1)); echo "FAIL $1"; [[ $# -gt 1 ]] && printf '%s\n' "$2" | sed 's/^/     /'; }

# expect NAME EXPECTED ACTUAL: exact text.
expect() {
  if [[ "$2" == "$3" ]]; then ok "$1"; else not_ok "$1" "$(diff <(printf '%s\n' "$2") <(printf '%s\n' "$3"))"; fi
}
# expect_status NAME EXPECTED ACTUAL
expect_status() {
  if [[ "$2" == "$3" ]]; then ok "$1"; else not_ok "$1" "exit status $3, expected $2"; fi
}

rpc="$here/rpc"
tree="$here/build-tree.sh"
watch="$here/watch-events.sh"
table="$here/trace-table.sh"

# --- the scripts themselves
for script in "$rpc" "$tree" "$watch" "$table"; do
  name="${script##*/}"
  if [[ -x "$script" ]] && "$script" --help </dev/null | grep -q "$name"; then
    ok "$name is executable and has --help"
  else
    not_ok "$name is executable and has --help"
  fi
done

# --- rpc
out="$("$rpc" 'window/create {"id":"w"}' 'daemon/ping' '' '# a comment' '!events/subscribe {"kinds":["all"]}' \
  '{"jsonrpc":"2.0", "id":"x", "method":"daemon/ping"}' 'controller/create  {"id": "vc"}' </dev/null)"
expect "rpc: lines from arguments, ids over requests only" '{"jsonrpc":"2.0","id":1,"method":"window/create","params":{"id":"w"}}
{"jsonrpc":"2.0","id":2,"method":"daemon/ping"}
{"jsonrpc":"2.0","method":"events/subscribe","params":{"kinds":["all"]}}
{"jsonrpc":"2.0","id":"x","method":"daemon/ping"}
{"jsonrpc":"2.0","id":3,"method":"controller/create","params":{"id":"vc"}}' "$out"

out="$(printf 'daemon/ping\r\n\n  window/create {"id":"w"}\ncontroller/get ["vc"]' | "$rpc" --first-id 10)"
expect "rpc: lines from stdin (CRLF, blank, last line without newline), --first-id" \
'{"jsonrpc":"2.0","id":10,"method":"daemon/ping"}
{"jsonrpc":"2.0","id":11,"method":"window/create","params":{"id":"w"}}
{"jsonrpc":"2.0","id":12,"method":"controller/get","params":["vc"]}' "$out"

out="$("$rpc" 'daemon/ping' 'window/create {"id":' 'window/create 3' 'daemon/info' 2>"$work/err" </dev/null)"
status=$?
expect "rpc: bad params are skipped" '{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}
{"jsonrpc":"2.0","id":2,"method":"daemon/info"}' "$out"
expect_status "rpc: bad params give exit status 1" 1 "$status"
expect "rpc: bad params are reported with their line" 'rpc: line 2: params must be a JSON object or array: {"id":
rpc: line 3: params must be a JSON object or array: 3' "$(cat "$work/err")"

out="$("$rpc" 'window/create {"id":"w"}' 'controller/create {"id":"vc"}' </dev/null | "$binary")"
expect "rpc | containerd (the README's example)" '{"id":1,"jsonrpc":"2.0","result":{"id":"w"}}
{"id":2,"jsonrpc":"2.0","result":{"id":"vc","view":"vc.view"}}' "$out"

out="$("$rpc" --exec 'daemon/ping' 'controller/get {"controller":"nope"}' </dev/null)"
expect "rpc --exec runs the daemon" '{"id":1,"jsonrpc":"2.0","result":{"pong":true}}
{"error":{"code":-32000,"data":{"id":"nope"},"message":"Unknown object: nope"},"id":2,"jsonrpc":"2.0"}' "$out"

out="$(CONTAINERD="$binary --events completion" "$rpc" -x 'window/create {"id":"w"}' 'controller/create {"id":"p"}' \
  'window/setRoot {"window":"w","controller":"p"}' 'controller/create {"id":"a"}' 'controller/create {"id":"n","kind":"UINavigationController","root":"a"}' \
  'presentation/present {"presenter":"p","controller":"n","animated":false}' </dev/null \
  | jq -r 'select(.method == "event/completion") | .params | "\(.controller) \(.of)"')"
expect "rpc --exec: \$CONTAINERD is a command with arguments" "p present" "$out"

out="$("$rpc" daemon/ping daemon/ping daemon/ping </dev/null 2>"$work/err" | head -n 1)"
expect "rpc: stops quietly when its reader goes" '{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}' "$out$(cat "$work/err")"

# --- build-tree.sh
out="$("$tree" </dev/null)"
status=$?
expect_status "build-tree.sh: exit status 0" 0 "$status"
expect "build-tree.sh: the lifecycle trace" 'window/create {"id":"win"}
controller/create {"id":"parent","title":"Parent"}
controller/create {"id":"nav","kind":"UINavigationController","root":"parent"}
      0ms  parent.willMove(nav) R20
window/setRoot {"window":"win","controller":"nav"}
      0ms  nav.loadView R1
      0ms  nav.viewDidLoad R1
      0ms  nav.viewWillAppear R6
      0ms  parent.loadView R1
      0ms  parent.viewDidLoad R1
      0ms  parent.viewWillAppear R10
      0ms  nav.viewIsAppearing R69
      0ms  parent.viewIsAppearing R69
      0ms  nav.viewDidAppear R7
      0ms  parent.viewDidAppear R10
      0ms  parent.didMove(nav) R20
controller/create {"id":"left"}
containment/embed {"parent":"parent","child":"left","frame":{"x":0,"y":0,"width":195,"height":844}}
      0ms  left.willMove(parent) R4
      0ms  left.loadView R1
      0ms  left.viewDidLoad R1
      0ms  left.viewWillAppear R6
      0ms  left.didMove(parent) R4
      0ms  left.viewIsAppearing R69
      0ms  left.viewDidAppear R7
      0ms  left.didMove(parent) R8
controller/create {"id":"right"}
containment/embed {"parent":"parent","child":"right","frame":{"x":195,"y":0,"width":195,"height":844}}
      0ms  right.willMove(parent) R4
      0ms  right.loadView R1
      0ms  right.viewDidLoad R1
      0ms  right.viewWillAppear R6
      0ms  right.didMove(parent) R4
      0ms  right.viewIsAppearing R69
      0ms  right.viewDidAppear R7
      0ms  right.didMove(parent) R8
controller/create {"id":"detail","title":"Detail"}
navigation/push {"navigation":"nav","controller":"detail","animated":true}
      0ms  detail.willMove(nav) R20
      0ms  detail.loadView R1
      0ms  detail.viewDidLoad R1
      0ms  parent.viewWillDisappear R19
      0ms  left.viewWillDisappear R10
      0ms  right.viewWillDisappear R10
      0ms  detail.viewWillAppear R19
      0ms  detail.viewIsAppearing R69
    350ms  parent.viewDidDisappear R19
    350ms  left.viewDidDisappear R10
    350ms  right.viewDidDisappear R10
    350ms  detail.viewDidAppear R19
    350ms  detail.didMove(nav) R20' "$out"

out="$("$tree" --not-animated </dev/null | sed -n '/^navigation\/push/,$p')"
expect "build-tree.sh --not-animated: the push on one instant" 'navigation/push {"navigation":"nav","controller":"detail","animated":false}
      0ms  detail.willMove(nav) R20
      0ms  detail.loadView R1
      0ms  detail.viewDidLoad R1
      0ms  parent.viewWillDisappear R19
      0ms  left.viewWillDisappear R10
      0ms  right.viewWillDisappear R10
      0ms  detail.viewWillAppear R19
      0ms  detail.viewIsAppearing R69
      0ms  parent.viewDidDisappear R19
      0ms  left.viewDidDisappear R10
      0ms  right.viewDidDisappear R10
      0ms  detail.viewDidAppear R19
      0ms  detail.didMove(nav) R20' "$out"

"$tree" --json </dev/null >"$work/tree.jsonl"
out="$(jq -s -c '[(map(select(.id)) | length), (map(select(.error)) | length), (map(select(.method == "event/lifecycle")) | length)]' "$work/tree.jsonl")"
expect "build-tree.sh --json: 10 replies, no error, 41 lifecycle events" "[10,0,41]" "$out"

# --- watch-events.sh
out="$(printf '%s\n' 'window/create {"id":"win"}' 'controller/create {"id":"p"}' 'window/setRoot {"window":"win","controller":"p"}' \
  'controller/get {"controller":"x"}' 'view/create {"id":"v"}' 'view/setFrame {"view":"v","frame":{"x":1,"y":2,"width":3,"height":4}}' \
  | "$watch" layout)"
status=$?
expect_status "watch-events.sh: exit status 0 at the end of input" 0 "$status"
expect "watch-events.sh layout: events and replies, one line each" '-> #1 {}
-> #2 {"id":"win"}
-> #3 {"id":"p","view":"p.view"}
   1        0ms  lifecycle   p             loadView                R1
   2        0ms  lifecycle   p             viewDidLoad             R1
   3        0ms  lifecycle   p             viewWillAppear          R6
   4        0ms  lifecycle   p             viewLayoutMarginsDidChange  R64     layoutMargins={"bottom":34,"left":16,"right":16,"top":47}
   5        0ms  lifecycle   p             viewSafeAreaInsetsDidChange  R64     safeArea={"bottom":34,"left":0,"right":0,"top":47}
   6        0ms  lifecycle   p             viewIsAppearing         R69
   7        0ms  lifecycle   p             viewWillLayoutSubviews  R30
   8        0ms  lifecycle   p             viewDidLayoutSubviews   R30
   9        0ms  lifecycle   p             viewDidAppear           R7
-> #4 {}
!! #5 error -32000: Unknown object: x
-> #6 {"id":"v"}
  10        0ms  layout      v             -                       -       frame=1,2 3x4
-> #7 {}' "$out"

out="$(printf '%s\n' 'window/create {"id":"win"}' 'controller/create {"id":"p"}' 'window/setRoot {"window":"win","controller":"p"}' \
  'controller/create {"id":"c"}' 'containment/embed {"parent":"p","child":"c"}' 'controller/create {"id":"d"}' \
  'containment/addChild {"parent":"p","child":"d"}' 'containment/transition {"parent":"p","from":"c","to":"d","duration":0.25}' \
  | "$watch" -q --objects c,p completion | tail -n 5)"
expect "watch-events.sh -q --objects c,p completion: a transition on the virtual clock" '  12        0ms  lifecycle   c             viewDidAppear           R7      isMovingToParent
  13        0ms  lifecycle   c             didMove                 R8      parent=p
  14        0ms  lifecycle   c             viewWillDisappear       R17     animated
  15      250ms  lifecycle   c             viewDidDisappear        R17     animated
  16      250ms  completion  p             transition              R17     finished=true' "$out"

out="$(printf '%s\n' 'daemon/ping' 'daemon/shutdown' 'daemon/ping' 'daemon/ping' | "$watch")"
status=$?
expect "watch-events.sh: stops after daemon/shutdown" '-> #1 {}
-> #2 {"pong":true}
-> #3 {}' "$out"
expect_status "watch-events.sh: daemon/shutdown gives exit status 0" 0 "$status"

out="$("$watch" all </dev/null)"
expect "watch-events.sh all, no input: only the subscription's reply" '-> #1 {}' "$out"

# --- trace-table.sh
embed_table='SEQ  TIME  KIND       OBJECT  CALLBACK/CAUSE   RULE  DETAIL
1    0     lifecycle  parent  loadView         R1    -
2    0     lifecycle  parent  viewDidLoad      R1    -
3    0     lifecycle  parent  viewWillAppear   R6    -
4    0     lifecycle  parent  viewIsAppearing  R69   -
5    0     lifecycle  parent  viewDidAppear    R7    -
6    0     lifecycle  child   willMove         R4    parent=parent
7    0     lifecycle  child   loadView         R1    -
8    0     lifecycle  child   viewDidLoad      R1    -
9    0     lifecycle  child   viewWillAppear   R6    isMovingToParent
10   0     lifecycle  child   didMove          R4    parent=parent
11   0     lifecycle  child   viewIsAppearing  R69   isMovingToParent
12   0     lifecycle  child   viewDidAppear    R7    isMovingToParent
13   0     lifecycle  child   didMove          R8    parent=parent'
"$rpc" 'window/create {"id":"win"}' 'controller/create {"id":"parent"}' 'window/setRoot {"window":"win","controller":"parent"}' \
  'controller/create {"id":"child"}' 'containment/embed {"parent":"parent","child":"child"}' </dev/null | "$binary" >"$work/embed.jsonl"
if command -v column >/dev/null 2>&1; then
  expect "trace-table.sh: the README's embed scenario (column)" "$embed_table" "$("$table" <"$work/embed.jsonl")"
else
  echo "skip trace-table.sh with column: column is not installed"
fi
expect "trace-table.sh: the README's embed scenario (awk)" "$embed_table" "$(TRACE_TABLE_AWK=1 "$table" "$work/embed.jsonl")"
expect "trace-table.sh: pretty-printed input" "$embed_table" "$(jq . "$work/embed.jsonl" | "$table")"

# The same requests in LSP framing: the daemon answers in LSP framing; the table reads it.
while IFS= read -r request; do
  printf 'Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf8\r\n\r\n%s' \
    "$(printf '%s' "$request" | wc -c)" "$request"
done < <("$rpc" 'window/create {"id":"win"}' 'controller/create {"id":"parent"}' 'window/setRoot {"window":"win","controller":"parent"}' \
  'controller/create {"id":"child"}' 'containment/embed {"parent":"parent","child":"child"}' </dev/null) | "$binary" >"$work/embed.lsp"
if head -c 16 "$work/embed.lsp" | grep -q '^Content-Length: '; then ok "the daemon answers LSP framing in kind"; else not_ok "the daemon answers LSP framing in kind"; fi
expect "trace-table.sh: LSP-framed input" "$embed_table" "$("$table" <"$work/embed.lsp")"

out="$("$rpc" 'controller/get {"controller":"nope"}' 'window/create {"id":"w"}' \
  '[{"jsonrpc":"2.0","id":"b","method":"daemon/ping"}]' </dev/null | "$binary" | "$table" --replies)"
expect "trace-table.sh --replies: replies, errors and batches" 'SEQ  TIME  KIND   OBJECT  CALLBACK/CAUSE  RULE  DETAIL
-    -     reply  #1      error -32000    -     Unknown object: nope
-    -     reply  #2      ok              -     {"id":"w"}
-    -     reply  #b      ok              -     {"pong":true}' "$out"

for transcript in "$repo"/clients/transcripts/*.expected.jsonl; do
  name="${transcript##*/}"
  events="$(jq -c 'select(type == "object" and .method != null)' "$transcript" | wc -l)"
  rows="$("$table" "$transcript" | tail -n +2 | wc -l)"
  awk_rows="$(TRACE_TABLE_AWK=1 "$table" "$transcript" | tail -n +2 | wc -l)"
  if ((events > 0 && rows == events && awk_rows == events)); then
    ok "trace-table.sh: one row per event of ${name%.expected.jsonl} ($events)"
  else
    not_ok "trace-table.sh: one row per event of ${name%.expected.jsonl}" "$events events, $rows rows, $awk_rows with awk"
  fi
done

out="$("$table" <"$repo/clients/transcripts/table-fling-1000.expected.jsonl" | awk '$1 == 100 || $1 == 105')"
expect "trace-table.sh: table and offset events, times in ms" '100  566.667   table      list.view  didEndDisplaying       -     0,17 cell=18 identifier=cell
105  616.667   table      list.view  cellForRow             -     0,38 cell=19 identifier=cell reused' "$out"

if command -v column >/dev/null 2>&1; then
  if cmp -s <("$table" "$work/tree.jsonl" --replies) <(TRACE_TABLE_AWK=1 "$table" "$work/tree.jsonl" --replies); then
    ok "trace-table.sh: column and awk give the same layout"
  else
    not_ok "trace-table.sh: column and awk give the same layout"
  fi
fi

# --- the README's jq lines, as written (scripts/run standing for the binary), on single replies and on batches
# readme_block WORD: the README's ```console block that mentions WORD; its command is the `$ ` line and the lines that
# continue it (ending in a backslash), its expected output the rest.
readme_block() {
  awk -v word="$1" '/^```console$/ { inside = 1; block = ""; next }
    /^```$/ { if (inside && index(block, word)) { printf "%s", block; exit } inside = 0; next }
    inside { block = block $0 "\n" }' "$repo/README.md"
}
block_command() { awk 'NR == 1 { sub(/^\$ /, "") } { print } !/\\$/ { exit }'; }
block_output() { awk 'shown { print } !/\\$/ { shown = 1 }'; }
# run_readme COMMAND [DAEMON]: runs a README command from the repository, scripts/run replaced by DAEMON (a shell
# fragment; the binary by default).
run_readme() {
  local daemon="${2:-\"\$CONTAINERD_BINARY\"}"
  (cd "$repo" && bash -o pipefail -c "$(printf '%s\n' "$1" | sed "s#scripts/run#$daemon#g")")
}

# Stand-ins for scripts/run: the input as one batch, and the input after a batch of two pings.
printf '%s\n' '#!/usr/bin/env bash' 'jq -s -c . | "$CONTAINERD_BINARY"' >"$work/as-batch"
printf '%s\n' '#!/usr/bin/env bash' \
  '{ echo '"'"'[{"jsonrpc":"2.0","id":"p","method":"daemon/ping"},{"jsonrpc":"2.0","id":"q","method":"daemon/ping"}]'"'"'; cat; } | "$CONTAINERD_BINARY"' \
  >"$work/after-batch"
chmod +x "$work/as-batch" "$work/after-batch"

embed_block="$(readme_block 'containment/embed')"
embed_command="$(printf '%s\n' "$embed_block" | block_command)"
embed_filter="$(printf '%s\n' "$embed_command" | sed -n "s/.*jq -c '\(.*\)'$/\1/p")"
if [[ -n "$embed_filter" && "$embed_filter" == 'if type == "array" then .[] else . end | '* ]]; then
  ok "README: the embed example's jq line flattens batch replies"
else
  not_ok "README: the embed example's jq line flattens batch replies" "filter: $embed_filter"
fi
out="$(run_readme "$embed_command")"
expect_status "README: the embed example runs as written" 0 "$?"
expect "README: the embed example's output, as written" "$(printf '%s\n' "$embed_block" | block_output)" "$out"

# The same requests as one batch: the events come as lines, the replies as one array line, and the filter reads both.
raw="$(run_readme "$(printf '%s\n' "$embed_command" | sed 's#| jq -c .*$##')" "$work/as-batch")"
if [[ "$(printf '%s\n' "$raw" | tail -n 1)" == '[{"id":1,'* ]]; then ok "README: the embed requests as one batch"; else not_ok "README: the embed requests as one batch" "$raw"; fi
out="$(run_readme "$embed_command" "$work/as-batch")"
expect_status "README: the embed example's jq line on a batch reply (jq does not stop)" 0 "$?"
expect "README: the embed example's jq line on a batch: every event, one row each" \
  "$(printf '%s\n' "$raw" | grep -v '^\[' | jq -c "$embed_filter")" "$out"
expect "README: 13 lifecycle rows from the batch" 13 "$(printf '%s\n' "$out" | grep -c '^\["')"
out="$(printf '%s\n' "$raw" | jq -c 'if type == "array" then .[] else . end | select(.id) | .id' | tr '\n' ' ')"
expect "README: select(.id) after the flatten reads the batch's replies" "1 2 3 4 5 " "$out"
if printf '%s\n' "$raw" | jq -c 'select(.method)' >/dev/null 2>&1; then
  not_ok "README: without the flatten, jq stops at a batch reply (why the idiom has it)"
else
  ok "README: without the flatten, jq stops at a batch reply (why the idiom has it)"
fi

fling_block="$(readme_block 'table-fling-1000')"
fling_command="$(printf '%s\n' "$fling_block" | block_command)"
out="$(run_readme "$fling_command")"
expect_status "README: the table fling example runs as written" 0 "$?"
shown="$(printf '%s\n' "$fling_block" | block_output | grep -v '^…$')"
if [[ -n "$shown" && "$out" == *"$shown"* ]]; then
  ok "README: the table fling example's lines, as written, in order"
else
  not_ok "README: the table fling example's lines, as written, in order" "$shown"
fi
# The fling's requests after a batch (two pings as one turn): the same rows.
out="$(run_readme "$fling_command" "$work/after-batch")"
expect_status "README: the table fling's jq line with a batch reply in the stream" 0 "$?"
if [[ "$out" == *"$shown"* ]]; then ok "README: the table fling's rows with a batch in the stream"; else not_ok "README: the table fling's rows with a batch in the stream"; fi

echo "$passed passed, $failed failed"
((failed == 0))
