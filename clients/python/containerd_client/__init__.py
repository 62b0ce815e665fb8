"""A Python client for containerd: headless UIKit view-controller trees over JSON-RPC 2.0 on stdio.

    from containerd_client import Client, trace

    with Client() as c:                      # spawns the daemon; daemon/shutdown on exit
        c.window.create(id="win")            # typed helpers generated from rpc.discover
        c.controller.create(id="parent")
        c.window.set_root(window="win", controller="parent")
        c.controller.create(id="child")
        c.containment.embed(parent="parent", child="child")
        print("\\n".join(trace(c.last_events)))   # child.willMove(parent) R4 ... child.didMove(parent) R8

Standard library only; works without installation with ``clients/python`` on ``sys.path``. See README.md.
"""

from .client import DEFAULT_TIMEOUT, Client, ConnectionClosed, EventStream, RPCError
from .daemon import (
    DEFAULT_PROOF_TIMEOUT,
    PROTOCOL_VERSIONS,
    Daemon,
    WrongBinaryError,
    binary_candidates,
    find_binary,
    prove_binary,
)
from .events import Event, describe, trace
from .framing import FRAMINGS, ProtocolError, encode_message, read_message, write_message
from .methods import API, OMITTED, MethodSpec, Namespace, ParamSpec, build_api, python_name, snake_case

__version__ = "0.2.0"

__all__ = [
    "API",
    "Client",
    "ConnectionClosed",
    "DEFAULT_PROOF_TIMEOUT",
    "DEFAULT_TIMEOUT",
    "Daemon",
    "Event",
    "EventStream",
    "FRAMINGS",
    "MethodSpec",
    "Namespace",
    "OMITTED",
    "PROTOCOL_VERSIONS",
    "ParamSpec",
    "ProtocolError",
    "RPCError",
    "WrongBinaryError",
    "binary_candidates",
    "build_api",
    "describe",
    "encode_message",
    "find_binary",
    "prove_binary",
    "python_name",
    "read_message",
    "snake_case",
    "trace",
    "write_message",
]
