"""jf over a pandas Series of JoyDocs, through one jf process.

    from jf.pandas import evaluate

    result = evaluate(frame["document"], now="2024-06-01T00:00:00Z")
    result[result["jf_problems"].str.len() > 0]

The result is a DataFrame with the Series' index and two columns: the evaluated document's
JSON text (named as the Series, else `document`), byte for byte what `jf run --jsonl` writes,
and its problems, a list of dicts (jf's own problem objects), empty when there are none. A
missing value (None, NaN) stays missing; text that is not a JoyDoc comes back unchanged with
its problem. Nothing is raised for a document's problems.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping, Optional

from . import _columns

if TYPE_CHECKING:
    import pandas

__all__ = ["evaluate"]


def evaluate(documents: "pandas.Series", *, problems_column: str = "jf_problems",
             set: Optional[Mapping[str, Any]] = None, tz: Optional[str] = None,
             now: Optional[str] = None, max_steps: Optional[int] = None,
             jobs: Optional[int] = None) -> "pandas.DataFrame":
    """The documents of `documents` (JSON text, or dicts) evaluated, with their problems.

    `set`, `tz`, `now`, `max_steps` and `jobs` are `jf run`'s options (`jobs`: jf's threads,
    by default the number of cores).
    """
    import pandas

    name = documents.name if documents.name is not None else "document"
    if name == problems_column:
        raise ValueError(f"the documents and their problems would both be named {problems_column!r}; name another")
    values = (None if _missing(value) else value for value in documents)
    texts: list[Optional[str]] = []
    problems: list[list[dict[str, Any]]] = []
    for text, found in _columns.evaluate(values, set=set, tz=tz, now=now, max_steps=max_steps, jobs=jobs):
        texts.append(text)
        problems.append(found)
    return pandas.DataFrame({name: pandas.Series(texts, index=documents.index, dtype=object),
                             problems_column: pandas.Series(problems, index=documents.index, dtype=object)})


def _missing(value: Any) -> bool:
    import pandas

    return value is None or value is pandas.NA or (isinstance(value, float) and math.isnan(value))
