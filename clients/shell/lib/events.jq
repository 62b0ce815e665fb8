# jq definitions shared by the scripts in clients/shell/: load with
#   jq -L clients/shell/lib 'include "events"; …'
# Input: one decoded daemon message (a reply, an event notification, or a batch of replies).

# Numbers with at most three decimals (virtual times such as 16.666666666666668 ms read 16.667).
def num: if type == "number" then (. * 1000 | round) / 1000 | tostring else tostring end;

# A field for a table cell: "-" when absent.
def cell: if . == null or . == "" then "-" elif type == "string" then . else num end;

# A param value in short form: points as x,y, sizes as WxH, frames as "x,y WxH".
def short:
  if type == "number" then num
  elif type == "string" then .
  elif type == "object" and has("x") and has("y") then
    "\(.x | num),\(.y | num)" + (if has("width") then " \(.width | num)x\(.height | num)" else "" end)
  elif type == "object" and has("width") and has("height") then "\(.width | num)x\(.height | num)"
  else tojson end;

# The params not shown in other columns as "key=value" words: true flags by name alone, false ones left out,
# null as nil.
def pairs:
  to_entries
  | map(if .value == true then .key
        elif .value == false then empty
        elif .value == null then "\(.key)=nil"
        else "\(.key)=\(.value | short)" end)
  | join(" ");

def is_event: type == "object" and (.method? // "" | startswith("event/"));
def kind: .method | sub("^event/"; "");
def object_key: [("controller", "view", "table", "object") as $k | select(.params | has($k)) | $k] | first;
def action_key: [("callback", "cause", "of") as $k | select(.params | has($k)) | $k] | first;

# The rest of an event's params, per kind.
def detail:
  . as $event
  | .params
  | del(.seq, .time, .rule, .request)
  | (if ($event | object_key) then del(.[$event | object_key]) else . end)
  | (if ($event | action_key) then del(.[$event | action_key]) else . end)
  | if $event.method == "event/warning" then .message // pairs
    elif $event.method == "event/offset" then "\(.x | num),\(.y | num)"
    elif $event.method == "event/completion" then "finished=\(.finished)"
    elif $event.method == "event/table" then
      "\(.section),\(.row)" + (del(.section, .row) | pairs | if . == "" then "" else " " + . end)
    else pairs end;

# [seq, time (ms), kind, object, callback/cause, rule, detail] as strings.
def event_row:
  . as $event
  | [(.params.seq | cell), (.params.time | cell), kind,
     (if object_key then .params[object_key] else null end | cell),
     (if action_key then .params[action_key] else null end | cell),
     (.params.rule | cell), (detail | cell)];

# A reply (one element of a batch) as a row of the same columns.
def reply_row:
  ["-", "-", "reply", "#\(.id | tostring)",
   (if .error then "error \(.error.code)" else "ok" end), "-",
   (if .error then .error.message else (.result | tojson) end)];

# The notation of EventTrace.swift and the Python client's trace(): child.didMove(parent) R8.
def trace_line:
  .params as $p
  | if .method == "event/lifecycle" then
      "\($p.controller).\($p.callback)" + (if $p | has("parent") then "(\($p.parent // "nil"))" else "" end)
      + " \($p.rule // "?")"
    elif .method == "event/warning" then "warning: \($p.message) \($p.rule // "?")"
    elif .method == "event/table" then
      "\($p.table).\($p.callback)(\($p.section),\($p.row))" + (if $p.cell then " #\($p.cell)" else "" end)
      + (if $p.reused == true then " reused" else "" end)
    elif .method == "event/offset" then "offset \($p.view) \($p.x | num),\($p.y | num) \($p.cause)"
    else tojson end;

def lpad($n): tostring | if length < $n then " " * ($n - length) + . else . end;
def rpad($n): tostring | if length < $n then . + " " * ($n - length) else . end;

# One aligned line for a stream (watch-events.sh): fixed widths, long fields push the rest right.
def event_line:
  event_row as $r
  | "\($r[0] | lpad(4))  \($r[1] | lpad(7))ms  \($r[2] | rpad(10))  \($r[3] | rpad(12))  \($r[4] | rpad(22))  \($r[5] | rpad(6))  \(detail)"
  | sub(" +$"; "");

def reply_line:
  if .error then "!! #\(.id | tostring) error \(.error.code): \(.error.message)"
  else "-> #\(.id | tostring) \(.result | tojson)" end;
