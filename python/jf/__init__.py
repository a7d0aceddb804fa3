"""jf from Python: the Joyfill formula toolchain's command-line tool, called as functions.

    import jf

    report = jf.run({"fields": [...], "formulas": [...]})       # `jf run --json`, one document
    report["fields"]["total"]["value"]

    for document in jf.run_many(lines_of_joydocs):              # `jf run --jsonl`, one process
        if document["jf_problems"]: ...

    jf.eval("round(price * qty, 2)", document=invoice)          # `jf eval --json`
    jf.lint(["templates/"])                                     # `jf lint --format json`

Each call runs the `jf` executable that the wheel installed beside this package (see
`jf.binary()`); Spark and pandas helpers are in `jf.spark` and `jf.pandas`. Problems inside a
document (a formula that fails, a field it cannot write) are data, as on the command line;
what jf cannot do at all raises a `JfError` carrying its message, file, line and column.
"""
from __future__ import annotations

import os
from contextlib import ExitStack
from datetime import datetime, timezone
from typing import Any, Iterable, Iterator, Mapping, Optional, Union

from . import _stream
from ._binary import Document, binary, document_line, invoke, options, set_file, temporary_file
from ._json import loads
from .errors import BinaryNotFoundError, DocumentError, FormulaError, JfError, from_stderr

__all__ = ["run", "run_many", "eval", "lint", "binary", "version", "Document",
           "JfError", "DocumentError", "FormulaError", "BinaryNotFoundError"]

PathLike = Union[str, "os.PathLike[str]"]
Instant = Union[str, datetime]


def version() -> str:
    """The version of the `jf` executable (`jf --version`)."""
    result = invoke(["--version"])
    return result.stdout.decode().strip()


def run(document: Union[Document, "os.PathLike[str]"], *, set: Optional[Mapping[str, Any]] = None,
        tz: Optional[str] = None, now: Optional[Instant] = None,
        max_steps: Optional[int] = None) -> dict[str, Any]:
    """Evaluates one JoyDoc's formulas: its entry of the `jf run --json` report.

    `document` is a mapping, its JSON text (str or bytes), or a path (`pathlib.Path`). The
    result has `fields` (each formula field's `status` and `value` after the run),
    `diagnostics` (the formulas' problems, with their place in the document's text) and
    `changed`. `set` changes fields after the evaluation, as `--set` does
    (`set={"tax_rate": 10}`), and recomputes their dependents.

    >>> report = jf.run({"fields": [{"_id": "a", "type": "number", "value": 2},
    ...     {"_id": "b", "type": "number", "formulas": [{"_id": "x", "formula": "f", "key": "value"}]}],
    ...     "formulas": [{"_id": "f", "expression": "a * 10"}]})
    >>> report["fields"]["b"]
    {'status': 'ok', 'value': 20}

    Raises `DocumentError` when the document is not JSON or not a JoyDoc (with its line and
    column), `JfError` for a usage error (an unknown time zone, a `--set` that is not JSON).
    """
    arguments = ["run", "--json", *options(tz=tz, now=now, max_steps=max_steps)]
    with set_file(set) as changes:
        if isinstance(document, os.PathLike):
            name = os.fspath(document)
            result = invoke([*arguments, *changes, "--", name])
        else:
            name = "<document>"
            result = invoke([*arguments, *changes, "-"], _document_text(document))
    report = _json_or_raise(result, paths=(name,), document=name)
    entry: dict[str, Any] = report["documents"][0]
    if entry.get("path") == "-":
        entry["path"] = name
    if "error" in entry:
        error = entry["error"]
        raise DocumentError(error.get("message", "unreadable document"), file=entry["path"],
                            line=error.get("line"), column=error.get("column"))
    return entry


def _document_text(document: Document) -> bytes:
    """A document's text for one run: a mapping as JSON, text as it is (its lines and columns kept)."""
    if isinstance(document, str):
        return document.encode()
    if isinstance(document, (bytes, bytearray, memoryview)):
        return bytes(document)
    return document_line(document)


def run_many(documents: Iterable[Optional[Document]], *, problems_key: str = "jf_problems",
             set: Optional[Mapping[str, Any]] = None, tz: Optional[str] = None,
             now: Optional[Instant] = None, max_steps: Optional[int] = None,
             jobs: Optional[int] = None) -> Iterator[dict[str, Any]]:
    """Evaluates a stream of JoyDocs through one `jf run --jsonl` process, in input order.

    Each result is the evaluated document as a dict, with its problems (a list, empty when
    there are none) under `problems_key`. What is not a JoyDoc comes back with its problem
    instead of being raised: a JSON object keeps its members; anything else becomes
    `{problems_key: [problem], "input": "the text as it came"}`; `None` or blank text gives
    `{problems_key: [{"error": "no document"}], "input": ""}`. Memory stays bounded on an
    endless iterator: documents are read from it only as fast as results are taken.
    `jobs` is the number of threads jf evaluates on (default: the number of cores).

    >>> for document in jf.run_many(documents, now="2024-06-01T00:00:00Z"):
    ...     if document["jf_problems"]:
    ...         log(document["_id"], document["jf_problems"])

    Raises what iterating `documents` raised (after the results before it), and `JfError`
    when jf fails as a whole (a usage error). Closing the iterator stops jf.
    """
    arguments = ["--problems-key", problems_key, *options(tz=tz, now=now, max_steps=max_steps, jobs=jobs)]
    lines = (b"" if document is None else document_line(document) for document in documents)
    with set_file(set) as changes:
        for answer in _stream.lines(lines, [*arguments, *changes]):
            if not answer.strip():
                yield {problems_key: [{"error": "no document"}], "input": ""}
            else:
                yield loads(answer)


def eval(expression: str, *, document: Union[Document, "os.PathLike[str]", None] = None,
         set: Optional[Mapping[str, Any]] = None, tz: Optional[str] = None,
         now: Optional[Instant] = None, max_steps: Optional[int] = None) -> Any:
    """The value of one formula: `jf eval --json`, with `document`'s fields as its names.

    Numbers, text, booleans, arrays and objects come back as Python's JSON values; a date as
    an aware `datetime` in UTC; null as None.

    >>> jf.eval("round(3.14159, 2)")
    3.14
    >>> jf.eval("sum(map(items, (r) -> r.price * r.qty))", document=Path("invoice.json"))

    Raises `FormulaError` when the formula fails (its `str()` shows a caret under the part at
    fault, and the fix jf suggests), `DocumentError` when `document` cannot be read.
    """
    # The expression is standard input (`jf eval -`); a document given as data, a file.
    arguments = ["eval", "--json", *options(tz=tz, now=now, max_steps=max_steps)]
    names: dict[str, str] = {}
    with set_file(set) as changes, ExitStack() as files:
        if isinstance(document, os.PathLike):
            arguments += ["--doc", os.fspath(document)]
        elif document is not None:
            path = files.enter_context(temporary_file(_document_text(document), ".json"))
            names[path] = "<document>"
            arguments += ["--doc", path]
        result = invoke([*arguments, *changes, "--", "-"], expression.encode())
    answer = _json_or_raise(result, paths=arguments[-1:] if isinstance(document, os.PathLike) else (), names=names)
    if not answer.get("ok"):
        error = answer.get("error") or {}
        raise FormulaError(error.get("message", "the formula failed"), expression=expression, error=error)
    return _value(answer.get("type"), answer.get("value"))


def _value(kind: Optional[str], value: Any) -> Any:
    if kind == "date" and isinstance(value, str):
        return datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(timezone.utc)
    return value


def lint(paths: Union[PathLike, Iterable[PathLike]], *, select: Optional[Iterable[str]] = None,
         ignore: Optional[Iterable[str]] = None) -> list[dict[str, Any]]:
    """`jf lint`'s findings in the templates at `paths` (files or directories), as dicts.

    Each finding has `path`, `rule`, `severity`, `message`, `field`, `formula`, `location`
    (line and column in the file) and, when there is one, `fix`; the list is empty when the
    templates are clean. `select` and `ignore` name rules (or prefixes), as `--select` and
    `--ignore` do; the templates' `jf.toml` applies as on the command line.

    >>> [f["rule"] for f in jf.lint("templates/")]
    ['unknown-reference', 'unknown-function']

    Raises `JfError` naming the file when a path cannot be read.
    """
    names = [os.fspath(paths)] if isinstance(paths, (str, os.PathLike)) else [os.fspath(p) for p in paths]
    arguments = ["lint", "--format", "json"]
    if select:
        arguments += ["--select", ",".join(select)]
    if ignore:
        arguments += ["--ignore", ",".join(ignore)]
    report = _json_or_raise(invoke([*arguments, "--", *names]), paths=names)
    return [{"path": file["path"], **finding} for file in report.get("files", []) for finding in file.get("diagnostics", [])]


def _json_or_raise(result: Any, *, paths: Iterable[str], document: Optional[str] = None,
                   names: Optional[Mapping[str, str]] = None) -> Any:
    """jf's JSON answer; its error on standard error as an exception when it gave none
    (`from_stderr` says what `paths`, `document` and `names` are)."""
    stdout = result.stdout.strip()
    if result.returncode in (0, 1) or (stdout and result.returncode == 2):
        try:
            return loads(stdout)
        except ValueError:
            pass
    raise from_stderr(result.stderr.decode(errors="replace"), paths=tuple(paths), document=document, names=names)
