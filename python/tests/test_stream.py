"""jf.run_many and the pandas helper: one jf process, answers in order, exactly jf's."""
from __future__ import annotations

import itertools
import json

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
    ]
    series = pandas.Series([line.decode() for line in lines] + [None, float("nan")], index=list("abcdefg"), name="doc")
    result = jf.pandas.evaluate(series)
    assert list(result.columns) == ["doc", "jf_problems"] and list(result.index) == list("abcdefg")
    assert [text.encode() for text in result["doc"][:5]] == direct(lines)
    assert result["doc"]["f"] is None and result["doc"]["g"] is None
    problems = result["jf_problems"]
    assert problems["a"] == [] and problems["b"] == [] and problems["f"] == []
    assert "not a JoyDoc" in problems["c"][0]["error"] and "invalid JSON" in problems["d"][0]["error"]
    assert "line" not in problems["c"][0], "a line of jf's stream is no place the caller knows; the row is"
    assert problems["e"][0]["code"] == "division-by-zero"

