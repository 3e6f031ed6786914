"""scribe: read, replay, validate, draw and generate records of Druid, Savoya, Sava and Soccolot.

The classes and most functions come from the C++ extension scribe._scribe; this file adds the
generator scribe.validate() and scribe.dumps(), which writes JSON the way the command line does.
"""

import json as _json
import os as _os

from ._scribe import (  # noqa: F401  (re-exported)
    Diagnostic,
    Game,
    IllegalMove,
    Ply,
    Position,
    Record,
    _ValidateStream,
    games,
    generate,
    input_files,
    read,
    read_string,
    replay,
)

__all__ = [
    "Diagnostic", "Game", "IllegalMove", "Ply", "Position", "Record", "dumps", "games",
    "generate", "input_files", "read", "read_string", "replay", "validate",
]


def validate(paths, jobs=0, lenient=False, game="", options=""):
    """Yields what `scribe validate --json PATH...` prints, as dicts, in the same order: one
    per record (or unreadable file), then {"summary": {...}}. `paths` is a path or a list of
    files and folders; jobs=0 uses every core. The run starts at the first next() and goes on
    on a thread of its own, a bounded number of objects ahead of the caller."""
    if isinstance(paths, (str, bytes)) or hasattr(paths, "__fspath__"):
        paths = [paths]
    for line in _ValidateStream([_os.fsdecode(p) for p in paths], jobs, lenient, game, options):
        yield _json.loads(line.decode("utf-8"))


def _escape(text):
    out = ['"']
    for ch in text:
        c = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif c < 0x20 or c == 0x7F:
            out.append("\\u%04x" % c)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def dumps(value):
    """Writes `value` (dicts, lists, strings, ints, bools, None) as the command line writes
    JSON: compact, keys in dict order, only quote, backslash and control characters escaped,
    other text as UTF-8. dumps(d) + "\\n" is byte for byte the line d was read from."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _escape(value)
    if isinstance(value, dict):
        return "{" + ",".join(_escape(k) + ":" + dumps(v) for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    raise TypeError("dumps cannot write %r" % type(value).__name__)
