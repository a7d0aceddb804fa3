"""Shared documents for the tests of jf's Python package.

The tests import `jf` as installed (scripts/python-test.sh installs the wheel into a fresh
virtual environment and runs them there), so they test what a user gets: the package and the
binary the wheel carries.
"""
from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

import jf


def document(index: int, expression: str = "10 / a") -> dict[str, Any]:
    """A JoyDoc whose field `b` is `expression` of field `a` = index."""
    return {
        "_id": f"doc{index:05d}",
        "identifier": f"doc_{index}",
        "fields": [
            {"_id": "a", "type": "number", "value": index},
            {"_id": "b", "type": "number", "formulas": [{"_id": "apply_b", "formula": "f_b", "key": "value"}]},
        ],
        "formulas": [{"_id": "f_b", "expression": expression}],
    }


def direct(lines: list[bytes], *arguments: str) -> list[bytes]:
    """`jf run --jsonl ARGUMENTS` run directly over `lines`: the answers to compare with."""
    result = subprocess.run([jf.binary(), "run", "--jsonl", *arguments], input=b"".join(line + b"\n" for line in lines),
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    return result.stdout.split(b"\n")[:-1]


@pytest.fixture
def compact():
    return lambda value: json.dumps(value, separators=(",", ":")).encode()
