"""A PySpark job over generated JoyDocs with `jf.spark.evaluate`, as a user submits it.

    spark-submit --master 'local[2]' --archives jf-venv.tar.gz#environment spark_job.py COUNT

scripts/python-test.sh submits it with the wheel installed in a packed virtual environment,
which Spark unpacks for its Python workers: the executors run the wheel's jf, not the
driver's. Every row is compared with a direct `jf run --jsonl` of the same documents: the
evaluated text byte for byte, the problems one for one. Prints one JSON summary line and
exits 1 when anything differs.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import jf
import jf.spark
from jf import _columns


def documents(count: int) -> list[str | None]:
    """JoyDocs of three fields: every seventh divides by zero, every eleventh misspells a
    function; every hundredth line is not JSON, and every hundred-and-first is missing."""
    lines: list[str | None] = []
    for index in range(count):
        if index % 100 == 50:
            lines.append("not a document %d" % index)
            continue
        if index % 101 == 7:
            lines.append(None)
            continue
        expression = "rund(a / b)" if index % 11 == 5 else "a / b"
        fields = [
            {"_id": "a", "type": "number", "value": index},
            {"_id": "b", "type": "number", "value": 0 if index % 7 == 3 else index % 5 + 1},
            {"_id": "c", "type": "number", "formulas": [{"_id": "apply_c", "formula": "f_c", "key": "value"}]},
        ]
        lines.append(json.dumps({"_id": "doc%05d" % index, "identifier": "spark_%d" % index, "fields": fields,
                                 "formulas": [{"_id": "f_c", "expression": expression}]}, separators=(",", ":")))
    return lines


def direct(lines: list[str | None], now: str) -> tuple[list[str | None], list[list[dict]]]:
    """What `jf run --jsonl` gives directly: each line's text, and its problems (--problems-key)."""
    sent = "".join((line or "") + "\n" for line in lines).encode()
    run = [jf.binary(), "run", "--jsonl", "--now", now]
    texts = subprocess.run(run, input=sent, capture_output=True, check=True).stdout.decode().split("\n")[:-1]
    keyed = subprocess.run(run + ["--problems-key", "p"], input=sent, capture_output=True, check=True).stdout.decode().split("\n")[:-1]
    problems = [json.loads(line)["p"] if line else [] for line in keyed]
    for found in problems:
        for problem in found:
            problem.pop("line", None)  # the stream's line: under Spark, counted within a partition
    return [text if line is not None else None for text, line in zip(texts, lines)], problems


def local_archive_link(spark) -> None:
    """On local[N], makes `./environment` the archive Spark unpacked, as a cluster's executor has it.

    A cluster manager starts each executor in a directory holding the archives it was given
    under their `#names`, which is what `PYSPARK_PYTHON=./environment/bin/python` points into.
    Local mode's executors are threads of the driver's JVM, whose directory is the driver's:
    Spark unpacks the archive into its files directory instead, and this link puts it where
    the cluster would.
    """
    from pyspark import SparkFiles

    if spark.sparkContext.master.startswith("local[") and not os.path.exists("environment"):
        os.symlink(SparkFiles.get("environment"), "environment")


def main() -> None:
    count = int(sys.argv[1])
    now = "2024-06-01T00:00:00Z"
    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.appName("jf-evaluate")
             .config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    local_archive_link(spark)
    lines = documents(count)
    try:
        df = spark.createDataFrame([(index, line, "x") for index, line in enumerate(lines)],
                                   "id long, document string, other string").repartition(6)
        evaluated = jf.spark.evaluate(df, "document", now=now)
        columns = evaluated.columns
        rows = sorted(evaluated.collect(), key=lambda row: row.id)
        separate = jf.spark.evaluate(df.limit(20), "document", output_column="evaluated", problems_column="issues", now=now)
        separate_columns = separate.columns
        workers = (spark.sparkContext.parallelize(range(4), 4)
                   .map(lambda _: (__import__("sys").executable, __import__("jf").binary())).distinct().collect())
    finally:
        spark.stop()

    texts, problems = direct(lines, now)
    different = [row.id for row in rows
                 if row.document != texts[row.id] or [p.asDict() for p in row.jf_problems] != [_columns.flatten(p) for p in problems[row.id]]]
    summary = {
        "input": len(lines),
        "rows": len(rows),
        "different": different[:10],
        "withProblems": sum(1 for row in rows if row.jf_problems),
        "codes": sorted({p.code or "unreadable" for row in rows for p in row.jf_problems}),
        "nulls": sum(1 for row in rows if row.document is None),
        "columns": columns,
        "separateColumns": separate_columns,
        "workers": sorted({os.path.relpath(binary, os.path.dirname(os.path.dirname(python))) for python, binary in workers}),
        "workerPythons": sorted({python for python, _ in workers}),
    }
    print(json.dumps(summary))
    ok = (len(rows) == len(lines) and not different and columns == ["id", "document", "other", "jf_problems"]
          and separate_columns == ["id", "document", "other", "evaluated", "issues"]
          # The shipped environment's own binary: bin/jf of a release wheel, else beside the package.
          and all(binary == "bin/jf" or binary.endswith("site-packages/jf.scripts/jf") for binary in summary["workers"])
          and all("/environment/" in python for python in summary["workerPythons"]))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
