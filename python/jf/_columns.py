"""A column of documents evaluated through one jf process: what the Spark and pandas helpers share.

Each value is a JoyDoc's JSON text (or a mapping, or None). The answer for each is the
evaluated document's text, byte for byte what `jf run --jsonl` writes (numbers keep their
text, members their order), and its problems as a list of dicts. None gives None and no
problems; text that is not a JoyDoc comes back unchanged with its problem. A problem is jf's
problem object without its `line`, which would count lines within jf's stream, not rows.
"""
from __future__ import annotations

import json
from collections import deque
from typing import Any, Iterable, Iterator, Mapping, Optional

from . import _stream
from ._binary import Document, document_line, options, set_file

Problem = dict[str, Any]


def evaluate(values: Iterable[Optional[Document]], *, set: Optional[Mapping[str, Any]] = None,
             tz: Optional[str] = None, now: Optional[str] = None, max_steps: Optional[int] = None,
             jobs: Optional[int] = None) -> Iterator[tuple[Optional[str], list[Problem]]]:
    """(text, problems) for each of `values`, in order, through one `jf run --jsonl`."""
    key = _stream.unique_key()
    arguments = ["--problems-key", key, *options(tz=tz, now=now, max_steps=max_steps, jobs=jobs)]
    # What was sent and not yet answered (jf's window and the pipe's), and whether it was None.
    sent: deque[tuple[bytes, bool]] = deque()

    def lines() -> Iterator[bytes]:
        for value in values:
            line = b"" if value is None else document_line(value)
            sent.append((line, value is None))
            yield line

    with set_file(set) as changes:
        for answer in _stream.lines(lines(), [*arguments, *changes]):
            line, missing = sent.popleft()
            if missing:
                yield None, []
            elif not line.strip():
                yield line.decode(), [{"severity": "error", "error": "the document is empty"}]
            else:
                text, problems = _stream.split(answer, key, line)
                # A line number counts the lines this process was sent, not a row the caller
                # knows (under Spark, within a partition): the row is the problem's place.
                for problem in problems:
                    problem.pop("line", None)
                yield text, problems


# The problems column's fields: what every problem says, and the whole problem as JSON.
PROBLEM_FIELDS = (
    ("severity", "string", "`error` or `warning`"),
    ("code", "string", "jf's diagnostic code (`division-by-zero`, `unknown-reference`, …); null for a line that is not a JoyDoc"),
    ("message", "string", "what is wrong"),
    ("field", "string", "the field's `_id`, when the problem is a field's"),
    ("formula", "string", "the formula's `_id`, when the problem is a formula's"),
    ("column", "int", "the column in the document's text where the problem is (in characters)"),
    ("problem", "string", "the problem as jf wrote it, as JSON: its span, notes, fix, cycle"),
)


def flatten(problem: Problem) -> dict[str, Any]:
    """One problem as the row of the problems column (see `PROBLEM_FIELDS`)."""
    location = problem.get("location") or {}
    return {
        "severity": problem.get("severity", "error"),
        "code": problem.get("code"),
        "message": problem.get("message", problem.get("error")),
        "field": problem.get("field"),
        "formula": problem.get("formula"),
        "column": location.get("column", problem.get("column")),
        "problem": json.dumps(problem, ensure_ascii=False, separators=(",", ":")),
    }
