"""Checks one extra of the wheel as a user installs it: `pip install 'jf[EXTRA]'` into a fresh
environment holding nothing else, then the helpers that extra is for, used at once.

    python extra_check.py            # the wheel alone: jf.run, jf.eval, jf.run_many
    python extra_check.py pandas     # jf.pandas.evaluate
    python extra_check.py spark      # jf.spark.evaluate in a local Spark session

scripts/python-test.sh runs it in one fresh environment an extra. Prints what it checked and
exits 0, or fails with the error a user would meet.
"""
from __future__ import annotations

import json
import os
import sys

import jf

DOCUMENT = json.dumps({"fields": [
    {"_id": "a", "type": "number", "value": 4},
    {"_id": "b", "type": "number", "formulas": [{"_id": "x", "formula": "f", "key": "value"}]}],
    "formulas": [{"_id": "f", "expression": "a * 10"}]})


def check_alone() -> None:
    assert jf.run(DOCUMENT)["fields"]["b"]["value"] == 40
    assert jf.eval("round(3.14159, 2)") == 3.14
    assert [r["fields"][1]["value"] for r in jf.run_many([DOCUMENT, DOCUMENT])] == [40, 40]


def check_pandas() -> None:
    import pandas
    import jf.pandas
    frame = jf.pandas.evaluate(pandas.Series([DOCUMENT, None], name="document"))
    assert json.loads(frame["document"][0])["fields"][1]["value"] == 40
    assert frame["document"][1] is None and list(frame["jf_problems"][0]) == []


def check_spark() -> None:
    from pyspark.sql import SparkSession
    import jf.spark
    spark = (SparkSession.builder.master("local[1]").appName("jf-extra-check")
             .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
             .config("spark.ui.enabled", "false").getOrCreate())
    try:
        df = spark.createDataFrame([(1, DOCUMENT), (2, None)], "id int, document string")
        rows = jf.spark.evaluate(df, "document").orderBy("id").collect()
        assert json.loads(rows[0]["document"])["fields"][1]["value"] == 40 and rows[0]["jf_problems"] == []
        assert rows[1]["document"] is None
    finally:
        spark.stop()


if __name__ == "__main__":
    extra = sys.argv[1] if len(sys.argv) > 1 else ""
    {"": check_alone, "pandas": check_pandas, "spark": check_spark}[extra]()
    print(f"jf[{extra}]: checked in a fresh environment" if extra else "jf: checked in a fresh environment")
    sys.stdout.flush()
    os._exit(0)  # Spark's JVM gateway threads need not be waited for
