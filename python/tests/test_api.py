"""jf.run, jf.eval, jf.lint and their errors, against the installed wheel."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from datetime import datetime, timezone
from pathlib import Path

import pytest

import jf
from conftest import document

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_binary_is_the_one_the_wheel_installed():
    if "JF_BINARY" in os.environ:
        pytest.skip("JF_BINARY names another binary")
    # The executable itself, never a launcher: bin/jf for a release wheel, else beside the
    # package, where auditwheel puts a binary whose libraries it copied in (a debug build).
    beside = os.path.join(os.path.dirname(os.path.dirname(jf.__file__)), "jf.scripts", "jf")
    command = os.path.join(sysconfig.get_path("scripts"), "jf")
    assert jf.binary() == (beside if os.path.exists(beside) else command)
    with open(jf.binary(), "rb") as executable:
        assert executable.read(4) == b"\x7fELF"
    on_path = subprocess.run([command, "eval", "2 * 3"], capture_output=True, text=True)
    assert (on_path.returncode, on_path.stdout) == (0, "6\n")
    assert jf.version() == subprocess.run([jf.binary(), "--version"], capture_output=True, text=True).stdout.strip()
    module = subprocess.run([sys.executable, "-m", "jf", "eval", "1 + 1"], capture_output=True, text=True)
    assert (module.returncode, module.stdout) == (0, "2\n")


def test_run_reports_every_formula_field():
    report = jf.run(document(4))
    assert report["fields"] == {"b": {"status": "ok", "value": 2.5}}
    assert report["diagnostics"] == []
    assert report["changed"] is True
    assert report["path"] == "<document>"


def test_a_failing_formula_is_data_not_an_exception():
    report = jf.run(document(0))
    assert report["fields"]["b"]["status"] == "error"
    [problem] = report["diagnostics"]
    assert (problem["code"], problem["field"], problem["formula"]) == ("division-by-zero", "b", "f_b")
    assert problem["location"]["line"] == 1


def test_run_takes_text_bytes_and_paths_and_the_options():
    text = json.dumps(document(5), indent=2)
    assert jf.run(text)["fields"]["b"]["value"] == 2
    assert jf.run(text.encode())["fields"]["b"]["value"] == 2
    invoice = jf.run(EXAMPLES / "invoice.json", set={"tax_rate": 10})
    assert invoice["path"] == str(EXAMPLES / "invoice.json")
    assert invoice["fields"]["total"] == {"status": "ok", "value": 968.83}
    dated = {"fields": [{"_id": "d", "type": "text", "formulas": [{"_id": "x", "formula": "f", "key": "value"}]}],
             "formulas": [{"_id": "f", "expression": "concat(year(now()), '-', day(now()))"}]}
    at = datetime(2024, 6, 1, 23, 30, tzinfo=timezone.utc)
    assert jf.run(dated, now=at)["fields"]["d"]["value"] == "2024-1"
    assert jf.run(dated, now="2024-06-01T23:30:00Z", tz="Asia/Tokyo")["fields"]["d"]["value"] == "2024-2"


def test_an_unreadable_document_raises_with_its_place():
    with pytest.raises(jf.DocumentError) as raised:
        jf.run('{"fields": [\n  {"_id": "a",,}\n]}')
    error = raised.value
    assert (error.file, error.line, error.column) == ("<document>", 2, 15)
    assert "invalid JSON" in error.message
    assert str(error).startswith("<document>:2:15: invalid JSON")
    with pytest.raises(jf.DocumentError, match="not a JoyDoc"):
        jf.run({"name": "no fields"})


def test_a_usage_error_raises_jfs_message():
    with pytest.raises(jf.JfError, match="unknown time zone 'Mars/Base'"):
        jf.run(document(1), tz="Mars/Base")
    with pytest.raises(TypeError):
        jf.run(42)  # type: ignore[arg-type]


def test_eval_gives_python_values():
    assert jf.eval("round(3.14159, 2)") == 3.14
    assert jf.eval("upper('ada')") == "ADA"
    assert jf.eval("map([1, 2, 3], (x) -> x * 2)") == [2, 4, 6]
    assert jf.eval("1 > 2") is False
    assert jf.eval("date(2024, 1, 2)") == datetime(2024, 1, 2, tzinfo=timezone.utc)
    assert jf.eval("b * 2", document=document(4)) == 5
    assert jf.eval("total", document=EXAMPLES / "invoice.json", set={"tax_rate": 10}) == 968.83
    assert jf.eval("-1") == -1


def test_a_failing_formula_raises_with_a_caret_and_the_fix():
    with pytest.raises(jf.FormulaError) as raised:
        jf.eval("1 + rund(2.5)")
    error = raised.value
    assert (error.code, error.kind, error.line, error.column) == ("unknown-function", "reference", 1, 5)
    assert error.fix is not None and error.fix["edits"][0]["replacement"] == "round"
    assert str(error) == "unknown-function: unknown function 'rund'\n  1 + rund(2.5)\n      ^^^^\n  help: did you mean 'round'?"
    with pytest.raises(jf.FormulaError, match="division by zero"):
        jf.eval("a / 0", document=document(1))
    with pytest.raises(jf.DocumentError) as unreadable:
        jf.eval("a", document="{")
    assert (unreadable.value.file, unreadable.value.line) == ("<document>", 1)


def test_lint_lists_every_finding_with_its_file():
    findings = jf.lint(EXAMPLES / "templates")
    assert findings and all({"path", "rule", "severity", "message", "location"} <= finding.keys() for finding in findings)
    order_form = [f for f in findings if f["path"].endswith("order-form.json")]
    assert {"unknown-reference", "unknown-function"} <= {f["rule"] for f in order_form}
    assert jf.lint([EXAMPLES / "invoice.json"]) == []
    only = jf.lint(EXAMPLES / "templates", select=["unknown-function"])
    assert only and {f["rule"] for f in only} == {"unknown-function"}
    with pytest.raises(jf.JfError) as missing:
        jf.lint("no-such-template.json")
    assert missing.value.file == "no-such-template.json"
    assert "no such file" in missing.value.message


def test_a_missing_binary_is_said_plainly(monkeypatch, tmp_path):
    monkeypatch.setenv("JF_BINARY", str(tmp_path / "jf"))
    with pytest.raises(jf.BinaryNotFoundError, match="not an executable"):
        jf.eval("1")


def test_long_formulas_and_values_go_through_stdin_or_a_file_not_the_command_line(tmp_path):
    # Each is longer than Linux allows one argument (128 KiB) or all of them (about 2 MiB).
    assert jf.eval("1" + " + 1" * 75000) == 75001
    long_text = "x" * 300000
    path = tmp_path / "invoice.json"
    path.write_bytes((EXAMPLES / "invoice.json").read_bytes())
    report = jf.run(path, set={"customer": long_text, "tax_rate": 10})
    assert report["fields"]["total"]["value"] == 968.83
    assert jf.eval("length(customer)", document=path, set={"customer": long_text}) == 300000
    assert jf.eval("length(customer) + tax_rate", document=json.loads(path.read_text()),
                   set={"customer": long_text, "tax_rate": 10}) == 300010
    assert list(tmp_path.iterdir()) == [path], "no temporary file left beside it"


def test_integers_of_any_length_come_back_exact():
    digits = "9" * 5000
    text = '{"fields": [{"_id": "n", "type": "number", "value": %s}, {"_id": "t", "type": "text", "value": "x"}]}' % digits
    assert jf.run(text)["fields"] == {}
    assert jf.eval(digits + " > 1") is True
    assert jf.eval("n > 1", document=text) is True
