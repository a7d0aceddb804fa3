#!/usr/bin/env python3
"""What the Python API adds to a stream: `jf.run_many` against `jf run --jsonl` alone.

    Benchmarks/python.py --binary .build/release/jf [--documents 3000] [--rounds 5]

The documents are the generator's mixed kind, 60 fields each, one seed a document (the
stream of Benchmarks/table.sh, longer). Four programs run alternately, each round in a new
process, so that the machine's drift falls on all alike:

- `jf run --jsonl` reading the stream from a file, its output to /dev/null;
- `jf.run_many` over the stream's lines (bytes), each result parsed into a dict;
- `jf.run_many` over the documents as dicts (sent as JSON), each result a dict;
- the stream under `jf.spark` and `jf.pandas` (`jf._columns.evaluate`): each result the
  evaluated document's text as jf wrote it, and its problems.

Each Python program times its loop over the results, from the first document sent to the
last result taken (the documents already in memory, as lines or dicts); jf alone is timed
from its start to its end. Prints each program's median and its ratio to jf alone. The
package is the source in python/, run with the binary given (JF_BINARY), as the wheel runs it.
"""
import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def generate(count, path):
    spec = importlib.util.spec_from_file_location("gen_workloads", os.path.join(ROOT, "Benchmarks/workloads/gen_workloads.py"))
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    options = argparse.Namespace(n=60, shuffle=False, arity=0, no_row_order=False)
    with open(path, "w", encoding="utf-8") as out:
        for seed in range(1, count + 1):
            builder = generator.DocBuilder("mixed", 60, random.Random(seed))
            generator.DOC_KINDS["mixed"](builder, options)
            out.write(json.dumps(builder.render(), separators=(",", ":")) + "\n")


# A Python program over the stream's file: it reads the documents into memory (`read`),
# then times its loop over the results (`loop`) and prints the seconds.
PROGRAM = """
import json, sys, time, jf
from jf import _columns
with open(sys.argv[1], "rb") as stream:
    documents = [{read} for line in stream]
started = time.perf_counter()
count = sum(1 for _ in {loop}(documents))
print(time.perf_counter() - started)
assert count == int(sys.argv[2]), count
"""
LINES = PROGRAM.format(read='line.rstrip(b"\\n")', loop="jf.run_many")
DICTS = PROGRAM.format(read="json.loads(line)", loop="jf.run_many")
TEXT = PROGRAM.format(read='line.rstrip(b"\\n")', loop="_columns.evaluate")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--documents", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    environment = dict(os.environ, JF_BINARY=binary, PYTHONPATH=os.path.join(ROOT, "python"))
    with tempfile.TemporaryDirectory() as work:
        stream = os.path.join(work, "mixed.jsonl")
        generate(options.documents, stream)
        size = os.path.getsize(stream)
        count = str(options.documents)

        def alone():
            started = time.perf_counter()
            with open(stream, "rb") as stdin:
                subprocess.run([binary, "run", "--jsonl"], stdin=stdin, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, check=True)
            return time.perf_counter() - started

        def python(program):
            # The program times its own loop: the interpreter's start and reading the
            # documents into memory are not the API's.
            result = subprocess.run([sys.executable, "-c", program, stream, count], env=environment,
                                    check=True, capture_output=True, text=True)
            return float(result.stdout)

        programs = [("`jf run --jsonl` alone", alone),
                    ("`jf.run_many` over lines of text", lambda: python(LINES)),
                    ("`jf.run_many` over dicts", lambda: python(DICTS)),
                    ("the Spark and pandas helpers' stream (text out, as jf wrote it)", lambda: python(TEXT))]
        times = {name: [] for name, _ in programs}
        for _ in range(options.rounds):
            for name, program in programs:
                times[name].append(program())
    print(f"{options.documents} mixed documents of 60 fields, {size / 1e6:.0f} MB, {options.rounds} rounds alternated")
    print("| Program | Median | Ratio to jf alone |")
    print("|---|---|---|")
    base = statistics.median(times[programs[0][0]])
    for name, _ in programs:
        median = statistics.median(times[name])
        print(f"| {name} | {median:.2f} s | {median / base:.2f}× |")


if __name__ == "__main__":
    main()
