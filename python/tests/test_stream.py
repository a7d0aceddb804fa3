"""jf.run_many and the pandas helper: one jf process, answers in order, exactly jf's."""
from __future__ import annotations

import itertools
import json
from decimal import Decimal

import pytest

import jf
import jf.pandas
from conftest import direct, document


def test_run_many_gives_each_document_evaluated_in_order_with_its_problems(compact):
    documents = [document(index) for index in range(300)]
    results = list(jf.run_many(documents, now="2024-06-01T00:00:00Z"))
    assert [result["_id"] for result in results] == [d["_id"] for d in documents]
    expected = direct([compact(d) for d in documents], "--problems-key", "jf_problems", "--now", "2024-06-01T00:00:00Z")
    assert results == [json.loads(line) for line in expected]
    assert results[0]["jf_problems"][0]["code"] == "division-by-zero"
    assert results[4]["fields"][1]["value"] == 2.5 and results[4]["jf_problems"] == []


def test_run_many_answers_what_is_not_a_joydoc():
    results = list(jf.run_many([None, "nope", "[1]", {"name": 1}, document(2)], problems_key="problems"))
    assert results[0] == {"problems": [{"error": "no document"}], "input": ""}
    assert results[1]["input"] == "nope" and "invalid JSON" in results[1]["problems"][0]["error"]
    assert results[2]["input"] == "[1]"
    assert results[3]["name"] == 1 and "not a JoyDoc" in results[3]["problems"][0]["error"]
    assert results[4]["problems"] == [] and results[4]["fields"][1]["value"] == 5


def test_run_many_reads_an_endless_iterator_only_as_fast_as_results_are_taken():
    produced = itertools.count()

    def endless():
        for index in produced:
            yield document(index + 1)

    results = jf.run_many(endless(), jobs=1)
    taken = list(itertools.islice(results, 2000))
    assert [r["fields"][0]["value"] for r in taken] == list(range(1, 2001))
    results.close()  # stops jf
    read = next(produced)
    # What is in flight: jf's window (64 lines a thread), its read buffer and the pipe's.
    assert 2000 <= read < 2000 + 1500, read


def test_run_many_raises_the_iterators_error_after_the_answers_before_it():
    def failing():
        yield document(1)
        yield document(2)
        raise RuntimeError("the source broke")

    answered = []
    with pytest.raises(RuntimeError, match="the source broke"):
        for result in jf.run_many(failing()):
            answered.append(result["_id"])
    assert answered == ["doc00001", "doc00002"]


def test_a_document_that_cannot_be_sent_raises_after_the_answers_before_it():
    answered = []
    with pytest.raises(ValueError, match="Out of range float values are not JSON compliant"):
        for result in jf.run_many([document(1), {"fields": [], "x": float("nan")}, document(3)]):
            answered.append(result["_id"])
    assert answered == ["doc00001"], "the stream does not end quietly short of its input"


def test_run_many_raises_jfs_usage_error():
    with pytest.raises(jf.JfError, match="unknown time zone"):
        list(jf.run_many([document(1)], tz="Nowhere/Special"))


def test_pandas_gives_jfs_text_byte_for_byte_and_the_problems():
    pandas = pytest.importorskip("pandas")
    lines = [
        b'{"_id":"x","fields":[{"_id":"a","type":"number","value":1.10},'
        b'{"_id":"b","type":"number","formulas":[{"_id":"p","formula":"f","key":"value"}]}],'
        b'"formulas":[{"_id":"f","expression":"a * 3"}] }  ',
        b'{"fields":[],"note":"caf\xc3\xa9 \\u00e9"}',
        b'{}',
        b'nope',
        json.dumps(document(0)).encode(),
        json.dumps(document(4)).encode(),  # spaced: jf writes its value and problems with spaces too
    ]
    series = pandas.Series([line.decode() for line in lines] + [None, float("nan")], index=list("abcdefgh"), name="doc")
    result = jf.pandas.evaluate(series)
    assert list(result.columns) == ["doc", "jf_problems"] and list(result.index) == list("abcdefgh")
    assert [text.encode() for text in result["doc"][:6]] == direct(lines)
    assert json.loads(result["doc"]["f"])["fields"][1]["value"] == 2.5
    assert result["doc"]["g"] is None and result["doc"]["h"] is None
    problems = result["jf_problems"]
    assert problems["a"] == [] and problems["b"] == [] and problems["f"] == []
    assert "not a JoyDoc" in problems["c"][0]["error"] and "invalid JSON" in problems["d"][0]["error"]
    assert "line" not in problems["c"][0], "a line of jf's stream is no place the caller knows; the row is"
    assert problems["e"][0]["code"] == "division-by-zero"



def test_run_many_keeps_an_integer_of_any_length_exact():
    # Python's json refuses integer text of more than 4,300 digits; jf keeps a number's text.
    digits = "1" * 5000
    line = '{"fields": [{"_id": "n", "type": "number", "value": %s}]}' % digits
    results = list(jf.run_many([line, document(2)]))
    assert results[0]["fields"][0]["value"] == int(Decimal(digits))  # int(digits) itself is refused
    # jf warns that no double holds it, and writes it back as it was.
    assert [p["code"] for p in results[0]["jf_problems"]] == ["invalid-document"]
    assert results[1]["fields"][1]["value"] == 5


def test_run_many_raises_when_the_stream_ends_short_of_its_input(monkeypatch):
    monkeypatch.setenv("JF_BINARY", "/bin/true")
    with pytest.raises(jf.JfError, match=r"ended after answering 0 of the [12] documents sent to it"):
        list(jf.run_many([document(1), document(2)]))
    monkeypatch.setenv("JF_BINARY", "/bin/false")
    with pytest.raises(jf.JfError):
        list(jf.run_many([document(1), document(2)]))


def test_run_many_takes_set_values_longer_than_a_command_line():
    long_text = "y" * 300000
    base = {"fields": [{"_id": "s", "type": "text"},
                       {"_id": "n", "type": "number", "formulas": [{"_id": "a", "formula": "f", "key": "value"}]}],
            "formulas": [{"_id": "f", "expression": "length(s)"}]}
    results = list(jf.run_many([base, base], set={"s": long_text}))
    assert [r["fields"][1]["value"] for r in results] == [300000, 300000]
    assert all(r["jf_problems"] == [] for r in results)
