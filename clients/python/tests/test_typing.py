"""The static types: wire_types.py matches the daemon's rpc.discover, mypy --strict accepts the package and a typed use
of it and reports typed mistakes, and every event and result in the transcripts has the type the package declares.

mypy is a test dependency (scripts/ensure-deps --tests installs it); its cache goes to the repository's .build.
"""

import collections.abc
import json
import os
import re
import subprocess
import sys
import typing
import unittest
from pathlib import Path
from typing import Any, Dict, List, Set, Tuple

HERE = Path(__file__).resolve().parent
PACKAGE_ROOT = HERE.parent
REPO = HERE.parents[2]
TRANSCRIPTS = REPO / "clients" / "transcripts"
if str(PACKAGE_ROOT) not in sys.path:
    sys.path.insert(0, str(PACKAGE_ROOT))

from containerd_client import Client, Event, typegen, wire_types  # noqa: E402
from containerd_client.event_types import EVENT_PARAMS  # noqa: E402
from containerd_client.methods import MethodSpec, python_name  # noqa: E402

BINARY = os.environ.get("CONTAINERD_BINARY") or str((HERE / "../../../.build/debug/containerd").resolve())


def mypy(*paths: str) -> Tuple[int, str]:
    """Runs mypy --strict on paths relative to clients/python; (exit status, output)."""
    try:
        import mypy  # noqa: F401
    except ImportError:
        raise AssertionError("mypy is missing: run scripts/ensure-deps --tests (it pip-installs mypy)") from None
    cache = REPO / ".build" / "python-mypy-cache"
    command = [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(cache), *paths]
    environment = dict(os.environ, MYPYPATH=str(PACKAGE_ROOT))
    done = subprocess.run(command, cwd=PACKAGE_ROOT, env=environment, capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout + done.stderr


def conforms(value: Any, annotation: Any, path: str) -> List[str]:
    """Where ``value`` (decoded JSON) does not match ``annotation`` (a type from wire_types or event_types)."""
    if annotation is Any:
        return []
    if hasattr(annotation, "__required_keys__"):  # a TypedDict
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not an object"]
        hints = typing.get_type_hints(annotation)
        problems = [f"{path}.{key}: not in {annotation.__name__}" for key in value if key not in hints]
        problems += [f"{path}.{key}: missing" for key in annotation.__required_keys__ if key not in value]
        for key, item in value.items():
            if key in hints:
                problems += conforms(item, hints[key], f"{path}.{key}")
        return problems
    origin, arguments = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Union:
        options = [conforms(value, option, path) for option in arguments]
        return [] if any(not problems for problems in options) else [f"{path}: {value!r} is none of {annotation}"]
    if origin is typing.Literal:
        return [] if value in arguments else [f"{path}: {value!r} is not one of {arguments}"]
    if origin in (list, collections.abc.Sequence):
        if not isinstance(value, list):
            return [f"{path}: {value!r} is not an array"]
        return [problem for index, item in enumerate(value) for problem in conforms(item, arguments[0], f"{path}[{index}]")]
    if origin in (dict, collections.abc.Mapping):
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not an object"]
        return [problem for key, item in value.items() for problem in conforms(item, arguments[1], f"{path}.{key}")]
    if annotation is type(None):
        return [] if value is None else [f"{path}: {value!r} is not null"]
    if annotation is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif annotation is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, annotation)
    return [] if ok else [f"{path}: {value!r} is not {annotation.__name__}"]


def transcripts() -> List[Tuple[str, List[Any], List[Any]]]:
    found = []
    for request_file in sorted(TRANSCRIPTS.glob("*.jsonl")):
        if request_file.name.endswith(".expected.jsonl"):
            continue
        expected_file = request_file.with_name(request_file.name[: -len(".jsonl")] + ".expected.jsonl")
        requests = [json.loads(line) for line in request_file.read_text().splitlines() if line.strip()]
        expected = [json.loads(line) for line in expected_file.read_text().splitlines() if line.strip()]
        found.append((request_file.stem, requests, expected))
    return found


class GeneratedTypesTests(unittest.TestCase):
    def test_wire_types_match_the_daemon(self) -> None:
        with Client(BINARY) as client:
            text = typegen.render(client.discover())
        committed = typegen.OUTPUT.read_text(encoding="utf-8")
        self.assertTrue(
            committed == text,
            "containerd_client/wire_types.py is stale: regenerate it with "
            "(cd clients/python && python3 -m containerd_client.typegen --binary $CONTAINERD_BINARY)",
        )

    def test_every_method_has_a_typed_helper(self) -> None:
        with Client(BINARY) as client:
            document = client.discover()
        for method in document["methods"]:
            spec = MethodSpec.from_openrpc(method)
            family = python_name(spec.family) if spec.family else "_"
            protocol = getattr(wire_types, typegen.protocol_name(family))
            with self.subTest(method=spec.name):
                if family != "_":
                    self.assertIn(family, typing.get_type_hints(wire_types.Families))
                function = getattr(protocol, spec.attribute)
                hints = typing.get_type_hints(function)
                self.assertIn("return", hints)
                if not spec.free_form:
                    self.assertEqual(
                        sorted(name for name in hints if name not in ("return", "_timeout")),
                        sorted({param.python_name for param in spec.params}),
                    )


class MypyTests(unittest.TestCase):
    def test_package_and_a_typed_use_pass_strict(self) -> None:
        status, output = mypy("containerd_client", "tests/typing/uses_types.py")
        self.assertEqual((status, output), (0, ""))

    def test_mistakes_are_reported(self) -> None:
        source = (HERE / "typing" / "type_errors.py").read_text().splitlines()
        marked: Set[Tuple[int, str]] = set()
        for number, line in enumerate(source, 1):
            match = re.search(r"# error: ([\w-]+)$", line)
            if match:
                marked.add((number, match.group(1)))
        status, output = mypy("tests/typing/type_errors.py")
        reported = {
            (int(match.group(1)), match.group(2))
            for match in re.finditer(r"type_errors\.py:(\d+): error: .*\[([\w-]+)\]$", output, re.MULTILINE)
        }
        self.assertEqual(status, 1, output)
        self.assertEqual(reported, marked, output)


class RuntimeShapesTests(unittest.TestCase):
    """The declared types against real traffic: every transcript's events and results."""

    def test_events(self) -> None:
        seen: Dict[str, int] = {}
        for name, _, expected in transcripts():
            for message in expected:
                if isinstance(message, dict) and "method" in message and "id" not in message:
                    event = Event.from_message(message)
                    seen[event.method] = seen.get(event.method, 0) + 1
                    with self.subTest(transcript=name, seq=event.seq):
                        self.assertIn(event.method, EVENT_PARAMS)
                        self.assertEqual(conforms(event.params, EVENT_PARAMS[event.method], event.method), [])
        self.assertGreaterEqual(set(seen), {"event/lifecycle", "event/scroll", "event/table", "event/offset"})

    def test_results(self) -> None:
        checked = 0
        for name, requests, expected in transcripts():
            methods: Dict[Any, str] = {}
            for request in requests:
                for element in request if isinstance(request, list) else [request]:
                    if isinstance(element, dict) and "id" in element and isinstance(element.get("method"), str):
                        methods[json.dumps(element["id"])] = element["method"]
            replies = [m for message in expected for m in (message if isinstance(message, list) else [message])]
            for reply in replies:
                if not (isinstance(reply, dict) and "result" in reply):
                    continue
                method = methods.get(json.dumps(reply.get("id")))
                if method is None:
                    continue
                spec = MethodSpec(method)
                family = python_name(spec.family) if spec.family else "_"
                protocol = getattr(wire_types, typegen.protocol_name(family), None)
                function = getattr(protocol, spec.attribute, None)
                if function is None:
                    continue
                annotation = typing.get_type_hints(function)["return"]
                with self.subTest(transcript=name, method=method, id=reply.get("id")):
                    self.assertEqual(conforms(reply["result"], annotation, method), [])
                    checked += 1
        self.assertGreater(checked, 100)


if __name__ == "__main__":
    unittest.main()
