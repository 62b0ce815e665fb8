"""Message framing: JSON lines (NDJSON) and LSP-style ``Content-Length`` headers.

The daemon detects the framing of every message it reads and answers each request in the framing of that request;
events use the framing of the last message read. The reader here detects the framing the same way (a message whose
first byte is ``C``/``c`` starts a header block, anything else is a JSON line), so one reader handles both and any mix.

Only ``readline()`` and ``read(n)`` are used on the input, and ``write()``/``flush()`` on the output, so any pair of
binary file objects works: a subprocess's pipes, ``socket.makefile("rb")``/``("wb")``, ``io.BytesIO``.
"""

import json
from typing import Any, BinaryIO, Optional, Tuple

__all__ = ["FRAMINGS", "ProtocolError", "encode_message", "decode_body", "read_message", "write_message"]

#: The two framings a client may write.
FRAMINGS = ("lines", "headers")


class ProtocolError(Exception):
    """The daemon's output could not be framed or parsed (never an error *reply*: those are :class:`RPCError`)."""


def encode_body(message: Any) -> bytes:
    """Compact UTF-8 JSON; NaN and infinities are refused (the daemon would refuse them too)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def encode_message(message: Any, framing: str = "lines") -> bytes:
    """The bytes of one message in ``framing`` (``"lines"``: JSON + ``\\n``; ``"headers"``: ``Content-Length``)."""
    body = encode_body(message)
    if framing == "lines":
        return body + b"\n"
    if framing == "headers":
        return b"Content-Length: %d\r\n\r\n" % len(body) + body
    raise ValueError(f"framing must be one of {FRAMINGS}, got {framing!r}")


def write_message(stream: BinaryIO, message: Any, framing: str = "lines") -> None:
    """Writes one message and flushes."""
    stream.write(encode_message(message, framing))
    stream.flush()


def decode_body(body: bytes) -> Any:
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise ProtocolError(f"invalid JSON from the daemon: {error}: {body[:200]!r}") from None


def _read_exact(stream: BinaryIO, count: int) -> bytes:
    chunks = []
    remaining = count
    while remaining > 0:
        chunk = stream.read(remaining)
        if not chunk:
            raise ProtocolError(f"end of output after {count - remaining} of {count} body bytes")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def read_message(stream: BinaryIO) -> Optional[Tuple[Any, str]]:
    """Reads one message: ``(decoded JSON, framing)``, or ``None`` at end of output.

    Raises :class:`ProtocolError` for output that is not a framed JSON text.
    """
    while True:
        line = stream.readline()
        if not line:
            return None
        stripped = line.strip()
        if stripped:
            break
    if stripped[:1] not in (b"C", b"c"):
        return decode_body(stripped), "lines"
    length = None
    while True:
        name, colon, value = stripped.partition(b":")
        if not colon:
            raise ProtocolError(f"malformed header line {stripped[:200]!r}")
        if name.strip().lower() == b"content-length":
            try:
                length = int(value.strip())
            except ValueError:
                raise ProtocolError(f"invalid Content-Length {value.strip()[:40]!r}") from None
        line = stream.readline()
        if not line:
            raise ProtocolError("end of output inside a header block")
        stripped = line.strip()
        if not stripped:
            break
    if length is None:
        raise ProtocolError("header block without Content-Length")
    return decode_body(_read_exact(stream, length)), "headers"
