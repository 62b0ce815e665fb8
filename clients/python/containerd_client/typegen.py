"""Writes ``wire_types.py``, the static types of every method, from the daemon's ``rpc.discover`` document.

The helpers (``client.window.set_root(...)``) are built at run time from ``rpc.discover``, which type checkers and
IDEs cannot see. ``wire_types.py`` gives them the same methods statically: one ``TypedDict`` per result (and per
nested object), one ``Protocol`` per method family with typed keyword-only params, and :class:`Families`, the
attributes of :class:`~containerd_client.Client` and :class:`~containerd_client.API`. It is generated and committed;
the tests fail when it no longer matches the daemon. Regenerate it with::

    python3 -m containerd_client.typegen --binary "$(swift build --show-bin-path)/containerd"

(``--check`` compares instead of writing: exit 1 and a diff when stale.)
"""

import argparse
import difflib
import json
import keyword
import re
import sys
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from .methods import MethodSpec, python_name

__all__ = ["render", "main", "OUTPUT", "protocol_name"]

#: The generated module, beside this one.
OUTPUT = Path(__file__).resolve().parent / "wire_types.py"

# Shapes every geometry result uses, named as UIKit names them.
_WELL_KNOWN = {
    ("x", "y"): "Point",
    ("height", "width", "x", "y"): "Rect",
    ("height", "width"): "Size",
    ("bottom", "left", "right", "top"): "Insets",
}

_HEADER = '''"""Static types of the daemon's methods, generated from ``rpc.discover`` by ``containerd_client.typegen``.

Do not edit: regenerate with ``python3 -m containerd_client.typegen --binary PATH``. The tests check that this file
matches the daemon. Results are ``TypedDict`` s (plain dicts at run time); each method family is a ``Protocol`` whose
methods take the params as keyword-only arguments, in snake_case (``from_`` for the keyword ``from``).
"""

# fmt: off
from typing import TYPE_CHECKING, Any, Dict, List, Literal, Mapping, Optional, Protocol, Sequence, TypedDict, Union

'''


def _camel(text: str) -> str:
    parts = re.split(r"[/._\-]", text)
    return "".join(part[:1].upper() + part[1:] for part in parts if part)


class _Writer:
    def __init__(self) -> None:
        self.blocks: List[str] = []
        self.by_body: Dict[str, str] = {}
        self.names: Dict[str, str] = {}

    def typed_dict(self, name: str, schema: Mapping[str, Any], param: bool) -> str:
        properties: Mapping[str, Any] = schema.get("properties") or {}
        required = set(schema.get("required") or [])
        fields = [(key, self.annotation(value, f"{name}{_camel(key)}", param)) for key, value in properties.items()]
        body = json.dumps([sorted(fields), sorted(required)])
        if body in self.by_body:
            return self.by_body[body]
        shape = tuple(sorted(properties))
        if shape in _WELL_KNOWN and required == set(shape) and _WELL_KNOWN[shape] not in self.names:
            name = _WELL_KNOWN[shape]
        while name in self.names:
            name += "_"
        self.names[name] = body
        self.by_body[body] = name
        self.blocks.append(self._typed_dict_text(name, fields, required))
        return name

    @staticmethod
    def _typed_dict_text(name: str, fields: Sequence[Tuple[str, str]], required: set) -> str:  # type: ignore[type-arg]
        must = [(k, t) for k, t in fields if k in required]
        may = [(k, t) for k, t in fields if k not in required]
        plain = all(k.isidentifier() and not keyword.iskeyword(k) for k, _ in fields)
        if not plain:
            def functional(type_name: str, items: Sequence[Tuple[str, str]], total: bool) -> str:
                entries = ", ".join(f"{k!r}: {t}" for k, t in items)
                return f'{type_name} = TypedDict("{type_name}", {{{entries}}}{"" if total else ", total=False"})\n'

            if must and may:
                return (
                    functional(f"_{name}Required", must, True)
                    + functional(f"_{name}Optional", may, False)
                    + f"\n\nclass {name}(_{name}Required, _{name}Optional):\n    pass\n"
                )
            return functional(name, must or may, bool(must))

        def lines(items: Sequence[Tuple[str, str]]) -> str:
            return "".join(f"    {k}: {t}\n" for k, t in items) or "    pass\n"

        if must and may:
            return (
                f"class _{name}Required(TypedDict):\n{lines(must)}\n\n"
                f"class {name}(_{name}Required, total=False):\n{lines(may)}"
            )
        if must:
            return f"class {name}(TypedDict):\n{lines(must)}"
        return f"class {name}(TypedDict, total=False):\n{lines(may)}"

    def annotation(self, schema: Any, name: str, param: bool) -> str:
        if not isinstance(schema, Mapping) or not schema:
            return "Any"
        if "anyOf" in schema:
            options = [o for o in schema["anyOf"] if not (isinstance(o, Mapping) and o.get("type") == "null")]
            nullable = len(options) < len(schema["anyOf"])
            texts: List[str] = []
            for index, option in enumerate(options):
                text = self.annotation(option, name if len(options) == 1 else f"{name}{index + 1}", param)
                if text not in texts:
                    texts.append(text)
            inner = texts[0] if len(texts) == 1 else f"Union[{', '.join(texts)}]"
            if "Any" in texts:
                return "Any"
            return f"Optional[{inner}]" if nullable else inner
        if "enum" in schema:
            return "Literal[" + ", ".join(json.dumps(value) for value in schema["enum"]) + "]"
        kind = schema.get("type")
        if kind == "boolean":
            return "bool"
        if kind == "integer":
            return "int"
        if kind == "number":
            return "float"
        if kind == "string":
            return "str"
        if kind == "null":
            return "None"
        if kind == "array":
            item = self.annotation(schema.get("items"), f"{name}Item", param)
            return f"Sequence[{item}]" if param else f"List[{item}]"
        if kind == "object":
            if schema.get("properties"):
                return self.typed_dict(name, schema, param)
            values = schema.get("additionalProperties")
            value = self.annotation(values, f"{name}Value", param) if isinstance(values, Mapping) else "Any"
            return f"Mapping[str, {value}]" if param else f"Dict[str, {value}]"
        return "Any"


def _method_text(writer: _Writer, spec: MethodSpec, raw: Mapping[str, Any]) -> str:
    base = _camel(spec.name)
    result_schema = (raw.get("result") or {}).get("schema")
    if isinstance(result_schema, Mapping) and result_schema.get("properties") == {} and not result_schema.get(
        "additionalProperties"
    ):
        result = "EmptyResult"
    else:
        result = writer.annotation(result_schema, f"{base}Result", False)
    arguments = ["self"]
    if spec.free_form:
        arguments.append("**params: Any")
    else:
        arguments.append("*")
        seen = set()
        for param in spec.params:
            if param.python_name in seen:
                continue
            seen.add(param.python_name)
            text = writer.annotation(param.schema, f"{base}{_camel(param.name)}", True)
            arguments.append(f"{param.python_name}: {text}" + ("" if param.required else " = ..."))
        arguments.append("_timeout: Optional[float] = ...")
    summary = spec.summary.replace("\\", "\\\\").replace('"""', "'''")
    return (
        f"    def {spec.attribute}({', '.join(arguments)}) -> {result}:\n"
        f'        """{spec.name}: {summary}"""\n'
        f"        ...\n"
    )


def protocol_name(family: str) -> str:
    """The ``Protocol`` of a family's methods: ``WindowMethods`` for ``window``, ``TopLevelMethods`` for methods
    without a family (``_``)."""
    return "TopLevelMethods" if family == "_" else _camel(family) + "Methods"


def render(document: Mapping[str, Any]) -> str:
    """The text of ``wire_types.py`` for an OpenRPC document (``rpc.discover``'s result)."""
    writer = _Writer()
    writer.names["EmptyResult"] = ""
    families: Dict[str, List[Tuple[MethodSpec, Mapping[str, Any]]]] = {}
    for raw in document.get("methods") or []:
        if isinstance(raw, Mapping) and "name" in raw:
            spec = MethodSpec.from_openrpc(raw)
            family = python_name(spec.family) if spec.family else "_"
            families.setdefault(family, []).append((spec, raw))
    protocols: List[str] = []
    for family, members in sorted(families.items()):
        name = protocol_name(family)
        methods = "\n".join(_method_text(writer, spec, raw) for spec, raw in sorted(members, key=lambda m: m[0].attribute))
        what = "methods without a family" if family == "_" else f"{family}/* methods"
        protocols.append(f'class {name}(Protocol):\n    """The {what}."""\n\n{methods}')
    # Methods without a family (the LSP lifecycle: initialize, shutdown, …) are called with ``client.call``.
    attributes = "".join(f"    {family}: {protocol_name(family)}\n" for family in sorted(families) if family != "_")
    events = next((text for text in protocols if text.startswith("class EventsMethods(")), None)
    declarations = ""
    if events is not None:
        body = events.split('"""The events/* methods."""\n\n', 1)[1]
        indented = "".join(("    " + line if line.strip() else line) for line in body.splitlines(True))
        declarations = (
            "\n\n\nclass EventsDeclarations:\n"
            '    """The events/* methods, declared for type checkers on the client\'s event stream (which forwards\n'
            '    them at run time)."""\n\n'
            "    if TYPE_CHECKING:\n" + indented
        )
    parts = [
        _HEADER.rstrip("\n"),
        'class EmptyResult(TypedDict):\n    """The result ``{}``."""\n',
        *writer.blocks,
        *protocols,
        'class Families:\n    """The method families: attributes of ``Client`` and ``API`` (annotations only)."""\n\n'
        + attributes.rstrip("\n"),
    ]
    text = "\n\n\n".join(part.rstrip("\n") for part in parts) + declarations.rstrip("\n") + "\n"
    return text


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m containerd_client.typegen", description=__doc__.split("\n")[0])
    parser.add_argument("--binary", help="the daemon (default: as Client() finds it)")
    parser.add_argument("--check", action="store_true", help="compare with the committed file instead of writing it")
    parser.add_argument("--output", default=str(OUTPUT), help=f"where to write (default {OUTPUT})")
    options = parser.parse_args(argv)
    from .client import Client

    with Client(options.binary) as client:
        text = render(client.discover())
    output = Path(options.output)
    if options.check:
        current = output.read_text(encoding="utf-8") if output.exists() else ""
        if current != text:
            sys.stdout.writelines(difflib.unified_diff(current.splitlines(True), text.splitlines(True), str(output), "rpc.discover"))
            print(f"{output} is stale: regenerate with python3 -m containerd_client.typegen", file=sys.stderr)
            return 1
        return 0
    output.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
