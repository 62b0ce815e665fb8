"""The daemon's rpc.discover document is a valid OpenRPC document, and its examples are what its schemas say.

Checked with the ``jsonschema`` package from PyPI against the official OpenRPC meta-schema (a copy in
tests/fixtures, see the README there), through the built binary: the document itself, then every example's params,
result and events against the method's params, result schema and the x-events schemas.
"""

import json
import os
import subprocess
import sys
import unittest
from pathlib import Path

import jsonschema
import referencing
import referencing.jsonschema
from jsonschema_specifications import REGISTRY as SPECIFICATIONS

HERE = Path(__file__).resolve().parent
BINARY = os.environ.get("CONTAINERD_BINARY") or str((HERE / "../../../.build/debug/containerd").resolve())
META_SCHEMA = json.loads((HERE / "fixtures" / "openrpc-meta-schema.json").read_text(encoding="utf-8"))
DRAFT7 = "http://json-schema.org/draft-07/schema#"


def discover_bytes() -> bytes:
    """The binary's reply to rpc.discover, as written."""
    return subprocess.run(
        [BINARY], input=b'{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}\n', capture_output=True, check=True
    ).stdout


def meta_validator() -> jsonschema.protocols.Validator:
    draft7 = SPECIFICATIONS.contents(DRAFT7)
    # The meta-schema's JSONSchema definition points at a meta-schema on the web; offline it is draft-07's.
    resource = referencing.Resource.from_contents(draft7, default_specification=referencing.jsonschema.DRAFT7)
    registry = SPECIFICATIONS.with_resource("https://meta.json-schema.tools", resource)
    return jsonschema.Draft7Validator(META_SCHEMA, registry=registry)


class OpenRPCDocumentTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.reply = discover_bytes()
        cls.document = json.loads(cls.reply)["result"]

    def test_the_document_is_valid_against_the_meta_schema(self) -> None:
        errors = sorted(meta_validator().iter_errors(self.document), key=lambda e: list(e.absolute_path))
        self.assertEqual([f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]], [])

    def test_an_invalid_document_is_refused(self) -> None:
        # The check is not vacuous: a method without a name, an error without a code, an unknown top-level member
        # (not an x- extension) are refused.
        validator = meta_validator()
        without_name = json.loads(json.dumps(self.document))
        del without_name["methods"][0]["name"]
        self.assertFalse(validator.is_valid(without_name))
        error_without_code = json.loads(json.dumps(self.document))
        error_without_code["methods"][1]["errors"] = [{"message": "no code"}]
        self.assertFalse(validator.is_valid(error_without_code))
        unknown_member = json.loads(json.dumps(self.document))
        unknown_member["events"] = unknown_member.pop("x-events")
        self.assertFalse(validator.is_valid(unknown_member))

    def test_every_method_is_described_with_errors_and_an_example(self) -> None:
        for method in self.document["methods"]:
            with self.subTest(method=method["name"]):
                self.assertTrue(method.get("summary"))
                self.assertGreater(len(method.get("description", "")), 40)
                self.assertEqual(len(method.get("examples", [])), 1)
                if method["paramStructure"] == "by-name":
                    self.assertIn(-32602, [error["code"] for error in method["errors"]])

    def test_the_examples_match_the_schemas(self) -> None:
        events = {event["name"]: event["params"]["schema"] for event in self.document["x-events"]}
        for method in self.document["methods"]:
            example = method["examples"][0]
            with self.subTest(method=method["name"]):
                params = {param["name"]: param["value"] for param in example["params"]}
                if method["paramStructure"] == "by-name":
                    declared = {param["name"]: param for param in method["params"]}
                    for name, value in params.items():
                        self.assertIn(name, declared)
                        jsonschema.Draft7Validator(declared[name]["schema"]).validate(value)
                    for name, param in declared.items():
                        if param["required"]:
                            self.assertIn(name, params)
                self.assertNotIn("x-error", example)
                if "x-resultKeys" not in example:
                    jsonschema.Draft7Validator(method["result"]["schema"]).validate(example["result"]["value"])
                for event in example["x-events"]:
                    self.assertIn(event["method"], events)
                    jsonschema.Draft7Validator(events[event["method"]]).validate(event["params"])

    def test_every_event_the_daemon_sends_is_described(self) -> None:
        names = sorted(event["name"] for event in self.document["x-events"])
        self.assertEqual(
            names,
            ["event/completion", "event/coordinator", "event/delegate", "event/layout", "event/lifecycle",
             "event/offset", "event/scroll", "event/table", "event/transitioning", "event/warning"],
        )
        for event in self.document["x-events"]:
            with self.subTest(event=event["name"]):
                schema = event["params"]["schema"]
                jsonschema.Draft7Validator.check_schema(schema)
                self.assertTrue({"seq", "time", "request"} <= set(schema["required"]))

    def test_the_document_is_the_same_bytes_each_run(self) -> None:
        self.assertEqual(discover_bytes(), self.reply)


if __name__ == "__main__":
    sys.exit(unittest.main())
