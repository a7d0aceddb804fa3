#!/usr/bin/env python3
"""jf serve's benchmark: what a person filling a form waits for, in a real browser.

    Benchmarks/serve.py                    # the debug build's jf (swift build first)
    Benchmarks/serve.py --binary PATH      # another build, the release one say

Prints, for headless Chromium driven over WebDriver on the loopback address:
  - a keystroke in the invoice's unit price, from the input event to the updated total on
    the page (30 keystrokes: median and 90th percentile);
  - the same in a 10,000-row table, whose total sums every row (15 keystrokes);
  - the page of a 5,000-field document (the generator's mixed kind) ready to use, from the
    start of navigation (5 loads: median).
These are times, which drift with the machine: compare two builds by running this for each,
alternately, on the same machine. Needs Debian's chromium and chromium-driver (or
JF_CHROMIUM and JF_CHROMEDRIVER); nothing is fetched.
"""
import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = os.environ.get("JF_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("JF_CHROMEDRIVER", "/usr/bin/chromedriver")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    """A headless Chromium session through chromedriver's W3C WebDriver API."""

    def __init__(self):
        self.port = free_port()
        self.driver = subprocess.Popen([CHROMEDRIVER, f"--port={self.port}", "--allowed-ips=127.0.0.1", "--log-level=SEVERE"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                if self.call("GET", "/status")["value"].get("ready"):
                    break
            except OSError:
                pass
            time.sleep(0.1)
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-default-apps", "--disable-extensions", "--no-default-browser-check", "--lang=en-US"]
        answer = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": {"binary": CHROMIUM, "args": args}}}})
        self.session = answer["value"]["sessionId"]

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=120) as response:
            return json.load(response)

    def command(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)["value"]

    def open(self, url):
        self.command("POST", "/url", {"url": url})

    def run(self, script, *arguments):
        return self.command("POST", "/execute/sync", {"script": script, "args": list(arguments)})

    def wait(self, script, *arguments, seconds=60):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            value = self.run(script, *arguments)
            if value:
                return value
            time.sleep(0.005)
        raise SystemExit(f"serve.py: waited {seconds} s for {script}")

    def type(self, element, text):
        self.command("POST", f"/element/{element['element-6066-11e4-a52e-4f735466cecf']}/value", {"text": text})

    def quit(self):
        try:
            self.call("DELETE", f"/session/{self.session}")
        finally:
            self.driver.kill()


class Server:
    """`jf serve DOC` on a free loopback port."""

    def __init__(self, jf, document):
        self.process = subprocess.Popen([jf, "serve", "--port", "0", document], stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        self.url = line[line.index("http://"):].strip()

    def stop(self):
        self.process.send_signal(2)
        self.process.wait(timeout=20)


def keystrokes(browser, server, label, count):
    """Milliseconds from each keystroke's input event to its update on the page."""
    browser.open(server.url)
    browser.wait("return document.body.dataset.ready === '1';")
    find = "return document.querySelector(`[aria-label=\"${arguments[0]}\"]`) || [...document.querySelectorAll('label')]" \
           ".find((l) => l.textContent.trim() === arguments[0])?.control;"
    times = []
    for index in range(count):
        element = browser.run(find, label)
        before = int(browser.run("return Number(document.body.dataset.updates || 0);"))
        browser.type(element, str(index % 9 + 1))
        browser.wait("return Number(document.body.dataset.updates || 0) > arguments[0];", before)
        times.append(float(browser.run("return document.body.dataset.lastUpdateMs;")))
    return times


def page_ready(browser, server, loads):
    times = []
    for _ in range(loads):
        browser.open(server.url)
        browser.wait("return document.body.dataset.ready === '1';", seconds=120)
        # A build from before the page marked it: the end of DOMContentLoaded, where it is set.
        times.append(float(browser.run("return document.body.dataset.readyMs"
                                       " || performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd;")))
    return times


def table_document(rows, path):
    cells = ",".join(f'{{"_id":"r{i}","cells":{{"price":{i % 7 + 1},"qty":2}}}}' for i in range(rows))
    document = ('{"_id":"big","identifier":"big","name":"Rows","formulas":[{"_id":"f","expression":"sum(map(items, (r) -> r.price * r.qty))"}],'
                '"fields":[{"_id":"items","type":"table","title":"Items","file":"file_1","tableColumns":[{"_id":"price","type":"number","title":"Price"},'
                f'{{"_id":"qty","type":"number","title":"Qty"}}],"value":[{cells}]}},'
                '{"_id":"total","type":"number","title":"Total","file":"file_1","formulas":[{"_id":"a","formula":"f","key":"value"}]}],'
                '"files":[{"_id":"file_1","pageOrder":["p"],"pages":[{"_id":"p","name":"Rows","fieldPositions":[{"_id":"pt","field":"total"},{"_id":"pi","field":"items"}]}]}]}')
    with open(path, "w") as file:
        file.write(document)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/jf"), help="the jf to measure")
    options = parser.parse_args()
    for tool in (CHROMIUM, CHROMEDRIVER, options.binary):
        if not os.access(tool, os.X_OK):
            sys.exit(f"serve.py: needs {tool}")
    work = tempfile.mkdtemp()
    table = os.path.join(work, "table-10k.json")
    table_document(10_000, table)
    mixed = os.path.join(work, "mixed-5000.json")
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/workloads/gen_workloads.py"), "mixed", "--n", "5000",
                    "--out", mixed], check=True, stdout=subprocess.DEVNULL)
    browser = Browser()
    rows = []
    try:
        for name, document, measure in [
            ("keystroke to updated total, the invoice", os.path.join(ROOT, "examples/invoice.json"),
             lambda b, s: keystrokes(b, s, "Unit price, row 1", 30)),
            ("keystroke to updated total, a 10,000-row table", table, lambda b, s: keystrokes(b, s, "Price, row 1", 15)),
            ("page ready, 5,000 fields (mixed)", mixed, lambda b, s: page_ready(b, s, 5)),
        ]:
            server = Server(options.binary, document)
            try:
                times = measure(browser, server)
            finally:
                server.stop()
            times.sort()
            rows.append((name, statistics.median(times), times[int(len(times) * 0.9)] if len(times) >= 10 else None))
    finally:
        browser.quit()
    print("| What | Median | 90th percentile |")
    print("|---|---|---|")
    for name, median, p90 in rows:
        print(f"| {name} | {median:.1f} ms | {'—' if p90 is None else f'{p90:.1f} ms'} |")


if __name__ == "__main__":
    main()
