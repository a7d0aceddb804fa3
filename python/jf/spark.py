"""jf over a Spark DataFrame: a column of JoyDocs evaluated, one jf process a partition.

    from jf.spark import evaluate

    evaluated = evaluate(df, "document", now="2024-06-01T00:00:00Z")
    evaluated.filter("size(jf_problems) > 0").select("id", "jf_problems.code")

The evaluated document replaces the column (or goes into `output_column`) as JSON text,
byte for byte what `jf run --jsonl` writes for it; its problems go into `problems_column`, an
array of structs (`PROBLEMS_TYPE`), empty when there are none. A document's problems never
fail the job: a formula that fails leaves its field's value as it was and says so in the
problems; text that is not a JoyDoc comes back unchanged, with its problem; a null stays null.

Each partition streams its rows through one `jf run --jsonl` (`mapInArrow`), which holds a
bounded window of them. The executors need this package and its `jf` binary: install the
wheel into a virtual environment, pack it with venv-pack and give it to `spark-submit
--archives` (docs/spark.md). pyarrow and pandas must be installed where Spark runs Python
(the `spark` extra: `pip install 'jf[spark]'`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Optional

from . import _columns

if TYPE_CHECKING:
    import pyarrow
    from pyspark.sql import DataFrame

__all__ = ["evaluate", "PROBLEMS_TYPE"]

PROBLEMS_TYPE = "array<struct<" + ",".join(f"{name}:{kind}" for name, kind, _ in _columns.PROBLEM_FIELDS) + ">>"
"""The problems column's Spark type, in DDL: one struct a problem (see `jf._columns.PROBLEM_FIELDS`)."""


def evaluate(df: "DataFrame", column: str, *, output_column: Optional[str] = None,
             problems_column: str = "jf_problems", set: Optional[Mapping[str, Any]] = None,
             tz: Optional[str] = None, now: Optional[str] = None, max_steps: Optional[int] = None,
             jobs: int = 1) -> "DataFrame":
    """`df` with the JoyDocs of `column` (JSON text) evaluated, and their problems beside them.

    `output_column` (default: `column` itself) gets the evaluated document's text;
    `problems_column` gets its problems. `set`, `tz`, `now` and `max_steps` are `jf run`'s
    options; fix `now` so that every partition sees the same `now()`. `jobs` is jf's threads
    per partition: 1, since Spark already runs a task on each core.
    """
    from pyspark.sql.types import StringType, StructField, StructType

    if column not in df.columns:
        raise ValueError(f"no column {column!r} in the DataFrame (its columns: {', '.join(df.columns)})")
    if not isinstance(df.schema[column].dataType, StringType):
        raise TypeError(f"column {column!r} holds {df.schema[column].dataType.simpleString()}, not JSON text (string)")
    output = output_column or column
    if problems_column in (column, output):
        raise ValueError(f"the problems column {problems_column!r} would replace the documents; name another")
    problems_type = _problems_type()
    # The columns keep their places; the output and problems columns are added at the end
    # unless they replace one.
    fields = [StructField(field.name, StringType(), True) if field.name == output
              else StructField(field.name, problems_type, False) if field.name == problems_column
              else field for field in df.schema.fields]
    fields += [StructField(name, kind, nullable) for name, kind, nullable in
               ((output, StringType(), True), (problems_column, problems_type, False)) if name not in df.columns]
    schema = StructType(fields)
    names = [field.name for field in fields]
    options = {"set": set, "tz": tz, "now": now, "max_steps": max_steps, "jobs": jobs}

    def partition(batches: Iterable["pyarrow.RecordBatch"]) -> Iterable["pyarrow.RecordBatch"]:
        return _evaluate_batches(iter(batches), column, names, output, problems_column, options)

    return df.mapInArrow(partition, schema)


def _problems_type() -> Any:
    from pyspark.sql.types import ArrayType, IntegerType, StringType, StructField, StructType

    kinds = {"string": StringType(), "int": IntegerType()}
    return ArrayType(StructType([StructField(name, kinds[kind], True) for name, kind, _ in _columns.PROBLEM_FIELDS]), False)


def _evaluate_batches(batches: Iterator["pyarrow.RecordBatch"], column: str, names: list[str], output: str,
                      problems_column: str, options: dict[str, Any]) -> Iterator["pyarrow.RecordBatch"]:
    """One partition: its batches' documents through one jf, each batch given back with its answers.

    The batches wait in `pending` until their rows are answered; jf's window and the pipe
    bound how many rows that is.
    """
    import pyarrow as pa
    from collections import deque

    pending: deque["pyarrow.RecordBatch"] = deque()

    def documents() -> Iterator[Optional[str]]:
        for batch in batches:
            if batch.num_rows:
                pending.append(batch)
                yield from batch.column(column).to_pylist()

    problem_type = pa.list_(pa.struct([(name, pa.string() if kind == "string" else pa.int32())
                                      for name, kind, _ in _columns.PROBLEM_FIELDS]))
    texts: list[Optional[str]] = []
    problems: list[list[dict[str, Any]]] = []
    for text, found in _columns.evaluate(documents(), **options):
        texts.append(text)
        problems.append([_columns.flatten(problem) for problem in found])
        if len(texts) == pending[0].num_rows:
            batch = pending.popleft()
            answered = {output: pa.array(texts, pa.string()), problems_column: pa.array(problems, problem_type)}
            arrays = [answered[name] if name in answered else batch.column(name) for name in names]
            yield pa.RecordBatch.from_arrays(arrays, names=names)
            texts, problems = [], []
    if texts or pending:
        raise RuntimeError(f"jf stopped answering with {sum(b.num_rows for b in pending) - len(texts)} documents left")
