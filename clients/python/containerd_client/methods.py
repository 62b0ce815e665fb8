"""Typed helpers generated at runtime from the daemon's ``rpc.discover`` (OpenRPC) document.

Every method ``family/camelName`` becomes ``client.family.snake_name(**params)``: ``window/setRoot`` is
``client.window.set_root(window="w", controller="vc")``, ``rpc.discover`` is ``client.rpc.discover()``. A family or
parameter name that is a Python keyword gets a trailing underscore (``client.class_.register``,
``client.containment.transition(parent="p", from_="a", to="b")``). Parameters are checked against the discovered
schema before anything is sent: an unknown name or a missing required one is a ``TypeError``, as for a Python
function. Types and values are left to the daemon, which answers -32602 with the exact path.

Parameters are keyword-only and may be spelled as on the wire (``isAppearing``), in snake_case (``is_appearing``),
or with a trailing underscore when the wire name is a keyword (``from_``). Omitted optional parameters are not sent,
so the daemon applies its own defaults. ``_timeout=`` sets the call's timeout in seconds.
"""

import inspect
import keyword
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

from .wire_types import Families

__all__ = ["MethodSpec", "ParamSpec", "API", "Namespace", "snake_case", "python_name", "build_api", "OMITTED"]


class _Omitted:
    """Default of an optional parameter without a schema default: not sent at all."""

    def __repr__(self) -> str:
        return "<omitted>"

    def __bool__(self) -> bool:
        return False


OMITTED: Any = _Omitted()


def snake_case(name: str) -> str:
    """``setRoot`` → ``set_root``, ``scrollRectToVisible`` → ``scroll_rect_to_visible``."""
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return name.replace(".", "_").replace("-", "_").lower()


def python_name(name: str) -> str:
    """``snake_case(name)``, with a trailing ``_`` if that is a keyword (``from`` → ``from_``)."""
    name = snake_case(name)
    if keyword.iskeyword(name) or not name.isidentifier():
        name += "_"
    return name


def _schema_text(schema: Any) -> str:
    if not isinstance(schema, Mapping):
        return "any"
    if "enum" in schema:
        return " | ".join(repr(value) for value in schema["enum"])
    if "anyOf" in schema:
        return " | ".join(_schema_text(option) for option in schema["anyOf"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(str(k) for k in kind)
    if kind == "array":
        return f"array of {_schema_text(schema.get('items'))}"
    if kind == "object" and isinstance(schema.get("properties"), Mapping) and schema["properties"]:
        return "object {%s}" % ", ".join(schema["properties"])
    text = str(kind) if kind else "any"
    bounds = [f"{word} {schema[key]}" for key, word in (("minimum", ">="), ("maximum", "<=")) if key in schema]
    return text + (f" ({', '.join(bounds)})" if bounds else "")


@dataclass
class ParamSpec:
    """One parameter from ``rpc.discover``."""

    name: str
    required: bool
    schema: Any = None
    description: str = ""

    @property
    def python_name(self) -> str:
        return python_name(self.name)

    @property
    def default(self) -> Any:
        if self.required:
            return inspect.Parameter.empty
        if isinstance(self.schema, Mapping) and "default" in self.schema:
            return self.schema["default"]
        return OMITTED


@dataclass
class MethodSpec:
    """One method from ``rpc.discover``: its wire name, where it lives in Python, its params and summary."""

    name: str
    summary: str = ""
    params: List[ParamSpec] = field(default_factory=list)
    #: ``paramStructure: "either"`` with no declared params (``daemon/ping``): anything goes, nothing is checked.
    free_form: bool = False
    result: Any = None

    @classmethod
    def from_openrpc(cls, method: Mapping[str, Any]) -> "MethodSpec":
        params = [
            ParamSpec(
                name=p["name"],
                required=bool(p.get("required", False)),
                schema=p.get("schema"),
                description=p.get("description", ""),
            )
            for p in method.get("params") or []
            if isinstance(p, Mapping) and "name" in p
        ]
        free_form = method.get("paramStructure") == "either" and not params
        result = method.get("result", {}).get("schema") if isinstance(method.get("result"), Mapping) else None
        return cls(method["name"], method.get("summary", ""), params, free_form, result)

    @property
    def family(self) -> str:
        """``window`` for ``window/setRoot``, ``rpc`` for ``rpc.discover``."""
        return self._split()[0]

    @property
    def attribute(self) -> str:
        """``set_root`` for ``window/setRoot``."""
        return python_name(self._split()[1])

    def _split(self) -> Tuple[str, str]:
        if "/" in self.name:
            family, _, rest = self.name.partition("/")
        elif "." in self.name:
            family, _, rest = self.name.partition(".")
        else:
            family, rest = "", self.name
        return family, rest

    def bind(self, kwargs: Mapping[str, Any], *, where: Optional[str] = None) -> Dict[str, Any]:
        """Wire params from Python keyword arguments; ``TypeError`` for an unknown or missing name."""
        where = where or f"{self.name}()"
        if self.free_form:
            return dict(kwargs)
        spellings: Dict[str, ParamSpec] = {}
        for param in self.params:
            for spelling in (param.name, snake_case(param.name), param.python_name):
                spellings.setdefault(spelling, param)
        params: Dict[str, Any] = {}
        for key, value in kwargs.items():
            found = spellings.get(key)
            if found is None:
                known = ", ".join(p.python_name for p in self.params) or "none"
                raise TypeError(f"{where} got an unexpected keyword argument {key!r} (takes: {known})")
            if found.name in params:
                raise TypeError(f"{where} got multiple values for argument {found.python_name!r}")
            if value is OMITTED:
                continue
            params[found.name] = value
        missing = [p.python_name for p in self.params if p.required and p.name not in params]
        if missing:
            raise TypeError(
                f"{where} missing {len(missing)} required keyword argument{'s' if len(missing) > 1 else ''}: "
                + ", ".join(repr(name) for name in missing)
            )
        return params

    def signature(self) -> inspect.Signature:
        parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)]
        if self.free_form:
            parameters.append(inspect.Parameter("params", inspect.Parameter.VAR_KEYWORD))
        else:
            seen = set()
            for param in self.params:
                if param.python_name in seen:
                    continue
                seen.add(param.python_name)
                parameters.append(
                    inspect.Parameter(param.python_name, inspect.Parameter.KEYWORD_ONLY, default=param.default)
                )
        return inspect.Signature(parameters)

    def doc(self) -> str:
        lines = [f"{self.name}: {self.summary}" if self.summary else self.name, ""]
        if self.free_form:
            lines.append("Takes any params (sent as given).")
        elif not self.params:
            lines.append("Takes no params.")
        else:
            lines.append("Params:")
            for param in self.params:
                state = "required" if param.required else "optional"
                if param.default is not inspect.Parameter.empty and param.default is not OMITTED:
                    state += f", default {param.default!r}"
                wire = "" if param.python_name == param.name else f" (wire name {param.name!r})"
                lines.append(f"    {param.python_name}{wire}: {_schema_text(param.schema)} [{state}]")
                if param.description:
                    lines.append(f"        {param.description}")
        if self.result is not None:
            lines += ["", f"Returns: {_schema_text(self.result)}"]
        lines += ["", "Raises RPCError for an error reply; TypeError for an unknown or missing param (nothing sent)."]
        return "\n".join(lines)


class Namespace:
    """The methods of one family, bound to a client; subclassed per family with one function per method."""

    _family = ""
    _specs: Dict[str, MethodSpec] = {}

    def __init__(self, call: Callable[..., Any]) -> None:
        self._call = call

    def __repr__(self) -> str:
        return f"<containerd {self._family or 'top-level'} methods: {', '.join(sorted(self._specs))}>"

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._specs))


def _make_function(spec: MethodSpec, family_attr: str) -> Callable[..., Any]:
    where = f"{family_attr}.{spec.attribute}()" if family_attr else f"{spec.attribute}()"

    def method(self: Namespace, **kwargs: Any) -> Any:
        timeout = kwargs.pop("_timeout", None)
        params = spec.bind(kwargs, where=where)
        return self._call(spec.name, params or None, timeout=timeout)

    method.__name__ = spec.attribute
    method.__qualname__ = f"{family_attr}.{spec.attribute}" if family_attr else spec.attribute
    method.__doc__ = spec.doc()
    method.__signature__ = spec.signature()  # type: ignore[attr-defined]
    method.spec = spec  # type: ignore[attr-defined]
    return method


class API(Families):
    """All families of one discovery document, bound to a client: ``api.window.set_root(...)``."""

    def __init__(self, specs: Dict[str, MethodSpec], families: Dict[str, Namespace]) -> None:
        #: Every method by wire name.
        self.specs = specs
        #: Every family by Python attribute name (``class_`` for ``class/...``).
        self.families = families

    def __getattr__(self, name: str) -> Namespace:
        families: Dict[str, Namespace] = self.__dict__.get("families") or {}
        if name in families:
            return families[name]
        raise AttributeError(f"the daemon has no method family {name!r} (families: {', '.join(sorted(families))})")

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self.families))

    def __repr__(self) -> str:
        return f"<containerd API: {len(self.specs)} methods in {', '.join(sorted(self.families))}>"

    def function(self, method: str) -> Callable[..., Any]:
        """The bound helper for a wire name: ``api.function("window/setRoot")``."""
        spec = self.specs[method]
        function: Callable[..., Any] = getattr(
            self.families[python_name(spec.family) if spec.family else "_"], spec.attribute
        )
        return function


def build_api(document: Mapping[str, Any], call: Callable[..., Any]) -> API:
    """The :class:`API` of an OpenRPC document (``rpc.discover``'s result) whose calls go through
    ``call(method, params, timeout=...)``."""
    specs: Dict[str, MethodSpec] = {}
    grouped: Dict[str, Dict[str, MethodSpec]] = {}
    for method in document.get("methods") or []:
        if not isinstance(method, Mapping) or "name" not in method:
            continue
        spec = MethodSpec.from_openrpc(method)
        specs[spec.name] = spec
        family_attr = python_name(spec.family) if spec.family else "_"
        grouped.setdefault(family_attr, {})[spec.attribute] = spec
    families: Dict[str, Namespace] = {}
    for family_attr, members in sorted(grouped.items()):
        body: Dict[str, Any] = {"_family": family_attr, "_specs": members}
        for attribute, spec in members.items():
            body[attribute] = _make_function(spec, family_attr)
            camel = spec._split()[1]
            if camel != attribute and camel.isidentifier() and not keyword.iskeyword(camel):
                body.setdefault(camel, body[attribute])  # client.window.setRoot works too
        body["__doc__"] = f"containerd methods {family_attr}/*:\n\n" + "\n".join(
            f"    {attribute}: {spec.name}: {spec.summary}" for attribute, spec in sorted(members.items())
        )
        cls = type(family_attr, (Namespace,), body)
        families[family_attr] = cls(call)
    return API(specs, families)
