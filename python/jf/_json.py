"""Reading jf's JSON answers exactly.

jf keeps a number's text as the document wrote it, so an answer may hold an integer of any
length. Python's `json` turns integers of more than 4,300 digits into a `ValueError`
(CPython's limit on integer text, `sys.set_int_max_str_digits`); these are read through
`decimal`, whose construction and conversion are exact and not limited, so every integer
comes back as the exact `int` it is, without changing the interpreter-wide setting.
"""
from __future__ import annotations

import json
from decimal import Decimal
from typing import Any, Union

# CPython's default limit (sys.int_info.default_max_str_digits): shorter text is read by int().
_INT_DIGITS = 4300


def exact_integer(text: str) -> int:
    """The integer JSON `text` (`parse_int`), exact at any length."""
    if len(text) <= _INT_DIGITS:
        return int(text)
    return int(Decimal(text))


def loads(text: Union[str, bytes, bytearray]) -> Any:
    """The JSON value of `text`, every integer exact, whatever its length."""
    return json.loads(text, parse_int=exact_integer)
