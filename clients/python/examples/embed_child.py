#!/usr/bin/env python3
"""Embeds a child into a visible parent and prints UIKit's callback order, one event per line, with the rule that
produced it (the README's "embed a child into a visible parent" scenario; R8 is UIKit's second didMove).

    python3 clients/python/examples/embed_child.py [--binary PATH] [--framing lines|headers]
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run without installing the package

from containerd_client import Client, trace  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="containerd binary (default: $CONTAINERD_BINARY, PATH, the repo's build)")
    parser.add_argument("--framing", choices=["lines", "headers"], default="lines")
    options = parser.parse_args()

    with Client(options.binary, framing=options.framing) as client:
        client.window.create(id="win")
        client.controller.create(id="parent")
        client.window.set_root(window="win", controller="parent")  # window/setRoot: the parent appears
        client.controller.create(id="child")
        client.containment.embed(parent="parent", child="child")  # addChild, addSubview, didMove in one turn
        for line in trace(client.events()):  # every event so far, in order
            print(line)
    return 0 if client.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
