"""Pipes generated JoyDocs through `jf run --jsonl` under a real local Spark, as a user's job
does, and compares every output line with a direct run of the same input.

    python3 spark_pipe.py JF COUNT

Spark runs in local mode on two threads, bound to the loopback address, with its UI off:
nothing leaves the machine. PySpark's `RDD.pipe` with `checkCode=True` fails the job when
the piped command exits with anything but 0, which is what a stream with bad documents in it
must not do. Prints one JSON object: the counts compared, and the lines that differ.
"""
import json
import os
import subprocess
import sys


def documents(count):
    """JoyDocs of three fields; every seventh divides by zero, every eleventh misspells a function."""
    for index in range(count):
        expression = "a / b"
        if index % 11 == 5:
            expression = "rund(a / b)"
        fields = [
            {"_id": "a", "type": "number", "value": index},
            {"_id": "b", "type": "number", "value": 0 if index % 7 == 3 else index % 5 + 1},
            {"_id": "c", "type": "number", "formulas": [{"_id": "apply_c", "formula": "f_c", "key": "value"}]},
        ]
        yield json.dumps({"_id": "doc%05d" % index, "identifier": "spark_%d" % index, "fields": fields,
                          "formulas": [{"_id": "f_c", "expression": expression}]}, separators=(",", ":"))


def main():
    jf, count = sys.argv[1], int(sys.argv[2])
    lines = list(documents(count))
    command = [jf, "run", "--jsonl", "--now", "2024-06-01T00:00:00Z"]
    direct = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True, text=True)

    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.master("local[2]").appName("jf-pipe")
             .config("spark.ui.enabled", "false")
             .config("spark.driver.host", "127.0.0.1")
             .config("spark.driver.bindAddress", "127.0.0.1")
             .config("spark.ui.showConsoleProgress", "false")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    try:
        piped = spark.sparkContext.parallelize(lines, 6).pipe(" ".join(command), checkCode=True).collect()
        # The same job with --strict, whose exit code 1 Spark must take as a failed task: the
        # check that checkCode=True is in force, and why a stream exits 0 by default.
        try:
            spark.sparkContext.parallelize(lines[:50], 2).pipe(" ".join(command + ["--strict"]), checkCode=True).collect()
            strict_failed = False
        except Exception:
            strict_failed = True
    finally:
        spark.stop()

    expected = direct.stdout.split("\n")[:-1]
    different = [index for index, (a, b) in enumerate(zip(piped, expected)) if a != b]
    failed = sum(1 for line in expected if json.loads(line)["fields"][2].get("value") is None)
    print(json.dumps({"input": len(lines), "piped": len(piped), "direct": len(expected),
                      "directExit": direct.returncode, "different": different[:10],
                      "withoutResult": failed, "stderrLines": len(direct.stderr.splitlines()),
                      "strictFailed": strict_failed}))


if __name__ == "__main__":
    main()
