"""The exceptions jf's Python API raises.

Every one is a `JfError`, which carries jf's own message and, when jf named them, the file,
line and column at fault. A formula's problems inside a document are not exceptions: they are
data in the report (`jf.run`) or under the problems key (`jf.run_many`), as on the command line.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Mapping, Optional

__all__ = ["JfError", "DocumentError", "FormulaError", "BinaryNotFoundError"]


class JfError(Exception):
    """jf refused or failed: a usage error, a file it could not read, a stream that broke.

    `message` is jf's message; `file`, `line` and `column` (1-based, the column counted in
    characters) say where, when jf said it.
    """

    def __init__(self, message: str, *, file: Optional[str] = None, line: Optional[int] = None,
                 column: Optional[int] = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column

    def __str__(self) -> str:
        place = ":".join(str(part) for part in (self.file, self.line, self.column) if part is not None)
        return f"{place}: {self.message}" if place else self.message


class DocumentError(JfError):
    """A document that is not JSON, or not a JoyDoc; `file` is its path, or `<document>`."""


class FormulaError(JfError):
    """An expression given to `jf.eval` that failed: a syntax, reference, type or evaluation error.

    `line` and `column` are in the expression; `code` is jf's diagnostic code
    (`unknown-function`, `type-mismatch`, …), `kind` its error kind, `fix` the suggested edit
    (`{"message", "safe", "edits"}`) when jf has one. `str()` shows the expression with a caret
    under the part at fault, as `jf eval` does.
    """

    def __init__(self, message: str, *, expression: str, error: dict[str, Any]) -> None:
        span = error.get("span") or {}
        super().__init__(message, file="<expression>", line=span.get("line"), column=span.get("column"))
        self.expression = expression
        self.code: Optional[str] = error.get("code")
        self.kind: Optional[str] = error.get("kind")
        self.fix: Optional[dict[str, Any]] = error.get("fix")
        self.notes: list[str] = list(error.get("notes") or [])
        self.error = error

    def __str__(self) -> str:
        text = f"{self.code or 'error'}: {self.message}"
        lines = self.expression.split("\n")
        if self.line is not None and self.column is not None and 1 <= self.line <= len(lines):
            span = self.error.get("span") or {}
            width = max(1, min(span.get("end", 0) - span.get("start", 0), len(lines[self.line - 1]) - self.column + 1))
            text += f"\n  {lines[self.line - 1]}\n  {' ' * (self.column - 1)}{'^' * width}"
        if self.fix and self.fix.get("message"):
            text += f"\n  help: {self.fix['message']}"
        for note in self.notes:
            text += f"\n  note: {note}"
        return text


class BinaryNotFoundError(JfError, FileNotFoundError):
    """No `jf` executable: not in this environment's scripts, not on PATH, not in `JF_BINARY`."""


# `jf: error: FILE: line L, column C: MESSAGE` or `jf: error: FILE: MESSAGE`, as jf writes them.
_PLACED = re.compile(r"^jf: error: (?P<file>.+?): line (?P<line>\d+), column (?P<column>\d+): (?P<message>.*)$")
_FILED = re.compile(r"^jf: error: (?P<file>.+?): (?P<message>.*)$")


def from_stderr(stderr: str, *, paths: Iterable[str] = (), document: Optional[str] = None,
                names: Optional[Mapping[str, str]] = None) -> JfError:
    """The error jf reported on standard error (its first `jf: error:` line), as an exception.

    `paths` are the files the command was given, so that `jf: error: PATH: reason` names one;
    `document` names what `-` (standard input) stood for; `names` names other paths jf was
    given for the caller's data (a temporary file holding a document).
    """
    shown = {**(names or {}), **({"-": document} if document is not None else {})}
    known = set(paths) | set(shown)
    lines = [line for line in stderr.splitlines() if line.startswith("jf: error:")]
    if not lines:
        return JfError(stderr.strip() or "jf failed without a message")
    first = lines[0]
    for path, name in shown.items():
        first = first.replace(f"jf: error: {path}: ", f"jf: error: {name}: ", 1)
    placed = _PLACED.match(first)
    if placed:
        return DocumentError(placed["message"], file=placed["file"], line=int(placed["line"]), column=int(placed["column"]))
    filed = _FILED.match(first)
    if filed and (filed["file"] in known or filed["file"] in shown.values()):
        return JfError(filed["message"], file=filed["file"])
    return JfError(first[len("jf: error:"):].strip())
