#!/usr/bin/env python3
"""Times `jf lsp` as an editor uses it: opening each document, five changes that send its whole
text again (each answered by published diagnostics), and inlay hints for the whole document.

    python3 Benchmarks/lsp.py .build/release/jf DOC.json...
"""
import json
import subprocess
import sys
import time

server = subprocess.Popen([sys.argv[1], "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def send(message):
    body = json.dumps(message).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def receive():
    header = b""
    while not header.endswith(b"\r\n\r\n"):
        header += server.stdout.read(1)
    length = int(header.split(b":")[1].split(b"\r")[0])
    return json.loads(server.stdout.read(length))


def timed(message):
    start = time.perf_counter()
    send(message)
    reply = receive()
    return time.perf_counter() - start, reply


send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
receive()
for path in sys.argv[2:]:
    uri = "file://" + path
    text = open(path, encoding="utf-8").read()
    opened, published = timed({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}})
    changes = sorted(timed({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}})[0]
        for version in range(2, 7))
    hinted, hints = timed({"jsonrpc": "2.0", "id": 2, "method": "textDocument/inlayHint", "params": {
        "textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 10**9, "character": 0}}}})
    print(f"{path}: {len(text.encode()):,} bytes, {len(published['params']['diagnostics'])} diagnostics; "
          f"open {opened:.3f} s, change best {changes[0]:.3f} s (median {changes[2]:.3f} s), "
          f"{len(hints['result'])} inlay hints {hinted:.3f} s")
send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
receive()
send({"jsonrpc": "2.0", "method": "exit"})
sys.exit(server.wait())
