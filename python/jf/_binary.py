"""Finding the `jf` executable and running it once.

A release wheel carries the executable itself among the environment's scripts (`bin/jf` of a
virtual environment): it links everything it needs but glibc and libstdc++. A wheel of a build
that loads more shared libraries (a debug build) has them in `jf.libs/`, the executable in
`jf.scripts/jf` beside this package and a Python launcher as `bin/jf` (auditwheel's layout);
the API then runs the executable itself, not the launcher, which would start a Python first.
It is looked for, in order: `JF_BINARY` (a path, for a build of your own), `jf.scripts/`
beside this package (also in a venv that Spark unpacked on an executor), this interpreter's
scripts directory and the user scheme's, then `PATH`.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sysconfig
import tempfile
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Any, Iterator, Mapping, Optional, Sequence, Union

from .errors import BinaryNotFoundError

Document = Union[Mapping[str, Any], str, bytes, bytearray, memoryview]
"""A JoyDoc: a mapping (serialized as compact JSON), or its JSON text as str or bytes."""

_found: Optional[str] = None


def binary() -> str:
    """The path of the `jf` executable this package runs (see the module's overview)."""
    global _found
    explicit = os.environ.get("JF_BINARY")
    if explicit:
        if not os.access(explicit, os.X_OK):
            raise BinaryNotFoundError(f"JF_BINARY is {explicit!r}, which is not an executable file")
        return explicit
    if _found is not None:
        return _found
    name = "jf.exe" if os.name == "nt" else "jf"
    candidates = [os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "jf.scripts", name)]
    for scheme in (None, f"{os.name}_user"):
        try:
            scripts = sysconfig.get_path("scripts", scheme) if scheme else sysconfig.get_path("scripts")
        except KeyError:
            continue
        candidates.append(os.path.join(scripts, name))
    for candidate in candidates:
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            _found = candidate
            return candidate
    on_path = shutil.which(name)
    if on_path:
        _found = on_path
        return on_path
    raise BinaryNotFoundError("no jf executable: install the jf wheel into this environment "
                              "(pip install jf-*.whl), put jf on PATH, or set JF_BINARY to its path")


def invoke(arguments: Sequence[str], stdin: Optional[bytes] = None) -> subprocess.CompletedProcess[bytes]:
    """Runs `jf ARGUMENTS` to its end, with `stdin` as its standard input."""
    return subprocess.run([binary(), *arguments], input=stdin if stdin is not None else b"",
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)


def document_line(document: Document) -> bytes:
    """A document as one line of JSON text (no newline at its end).

    Raw line breaks in JSON text can only be whitespace between tokens (inside a string they
    are escaped), so turning them into spaces keeps the document's meaning and makes a
    pretty-printed document one line, as `jf run --jsonl` reads them.
    """
    if isinstance(document, Mapping):
        text = json.dumps(document, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()
    elif isinstance(document, str):
        text = document.encode()
    elif isinstance(document, (bytes, bytearray, memoryview)):
        text = bytes(document)
    else:
        raise TypeError(f"a document is a mapping, str or bytes, not {type(document).__name__}")
    return text.translate(_LINE_BREAKS)


_LINE_BREAKS = bytes.maketrans(b"\r\n", b"  ")


@contextmanager
def temporary_file(contents: bytes, suffix: str) -> Iterator[str]:
    """The path of a private temporary file holding `contents`, removed when the block ends.

    What may be long (a formula, a document, the values of `set`) goes to jf through standard
    input or such a file, never the command line, whose length the system limits.
    """
    descriptor, path = tempfile.mkstemp(prefix="jf-", suffix=suffix)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(contents)
        yield path
    finally:
        os.unlink(path)


@contextmanager
def set_file(set: Optional[Mapping[str, Any]]) -> Iterator[list[str]]:
    """`--set-file PATH` for `set`, a field (or a cell, `items.0.qty`) to its new value given
    as the Python value it is (`{"name": "Ada", "qty": 3}`); no arguments when `set` is empty.
    The file lives while the block runs."""
    if not set:
        yield []
        return
    members = {str(field): value for field, value in set.items()}
    with temporary_file(json.dumps(members, ensure_ascii=False, allow_nan=False).encode(), ".json") as path:
        yield ["--set-file", path]


def options(*, tz: Optional[str] = None, now: Union[str, datetime, None] = None,
            max_steps: Optional[int] = None, jobs: Optional[int] = None) -> list[str]:
    """The short command-line options shared by `jf run` and `jf eval` (`jobs`: `jf run`'s
    alone); `now` is ISO-8601 text or a datetime (a naive one is taken as UTC). `set` goes
    through `set_file`."""
    arguments: list[str] = []
    if tz is not None:
        arguments += ["--tz", tz]
    if now is not None:
        if isinstance(now, datetime):
            instant = now if now.tzinfo else now.replace(tzinfo=timezone.utc)
            now = instant.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        arguments += ["--now", now]
    if max_steps is not None:
        arguments += ["--max-steps", str(max_steps)]
    if jobs is not None:
        arguments += ["--jobs", str(jobs)]
    return arguments
