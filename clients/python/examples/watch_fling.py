#!/usr/bin/env python3
"""Flings a 1,000-row table and prints what the delegate and data source see, on the virtual clock (ms), as the
README does with jq for clients/transcripts/table-fling-1000.jsonl: ``[time, callback, row, cell, reused]`` for each
event/scroll and event/table; ``--offsets`` adds every frame's contentOffset (event/offset).

    python3 clients/python/examples/watch_fling.py [--velocity 2500] [--offsets] [--binary PATH]
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run without installing the package

from containerd_client import Client  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="containerd binary (default: $CONTAINERD_BINARY, PATH, the repo's build)")
    parser.add_argument("--velocity", type=float, default=2500.0, help="finger velocity upwards, pt/s (default 2500)")
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--offsets", action="store_true", help="also print each frame's event/offset")
    options = parser.parse_args()

    with Client(options.binary) as client:
        client.events.subscribe(kinds=["offset", "scroll", "table"])
        client.window.create(id="win")
        client.controller.create(id="list", kind="UITableViewController")
        client.table.register(table="list.view", identifier="cell")
        client.table.set_data(
            table="list.view", sections=[{"rowCount": options.rows, "rowHeight": 44, "identifier": "cell"}]
        )
        client.window.set_root(window="win", controller="list")
        fling = client.scroll.fling(view="list.view", velocity={"x": 0, "y": -options.velocity})
        visible = client.table.visible_rows(table="list.view")
        table = client.table.get(table="list.view")

        for event in client.events():
            if event.kind in ("scroll", "table"):
                row = [event.time, event.callback, event.get("row"), event.get("cell"), event.get("reused")]
                print(json.dumps(row, separators=(",", ":")))
            elif event.kind == "offset" and options.offsets:
                print(json.dumps([event.time, "offset", event.x, event.y, event.cause], separators=(",", ":")))

        rows = [f"[{r['section']}, {r['row']}]" for r in visible["rows"]]  # IndexPath's description
        print(f"# target offset y {fling['targetContentOffset']['y']:.1f}", file=sys.stderr)
        print(f"# visible rows {rows[0]} … {rows[-1]} ({len(rows)})" if rows else "# no visible rows", file=sys.stderr)
        print(f"# cells made {table['cellsMade']} for {table['numberOfRows']} rows", file=sys.stderr)
    return 0 if client.returncode == 0 else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()
        sys.exit(0)
