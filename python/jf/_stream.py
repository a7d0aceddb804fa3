"""One long-lived `jf run --jsonl` process, fed lines by a thread and read in order.

jf answers every input line with one output line, in input order, and holds at most a
window of lines in memory (64 a thread). The feeding thread blocks when the pipe is full, so
memory stays bounded on an endless input: at most the pipe's buffer and jf's window are in
flight. Each line is flushed as it is written, so a caller that sends a document and waits
for its answer gets it (jf writes every answer ready when its input pauses).
"""
from __future__ import annotations

import os
import subprocess
import threading
import uuid
from json import JSONDecoder
from typing import Any, Iterable, Iterator

from ._binary import binary
from ._json import exact_integer
from .errors import JfError, from_stderr

_BUFFER = 1 << 20
_TAIL = 16 * 1024  # bytes of standard error kept, for the message when the stream fails


def lines(inputs: Iterable[bytes], arguments: list[str]) -> Iterator[bytes]:
    """Yields jf's answer to each of `inputs` (lines without their newline), in order.

    Raises what iterating `inputs` raised, after the lines answered before it; `JfError` when
    jf exits with a failure (a usage error, a stream it could not read or write). Closing the
    iterator early stops jf.
    """
    process = subprocess.Popen([binary(), "run", "--jsonl", *arguments], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=_BUFFER)
    stdin, stdout, stderr = process.stdin, process.stdout, process.stderr
    assert stdin is not None and stdout is not None and stderr is not None
    failure: list[BaseException] = []
    tail = bytearray()
    sent = [0]  # lines handed to jf, or that the feeding thread tried to hand it

    def feed() -> None:
        try:
            for line in inputs:
                sent[0] += 1
                try:
                    stdin.write(line)
                    stdin.write(b"\n")
                    stdin.flush()
                except (BrokenPipeError, ValueError, OSError):
                    return  # jf has gone, or the reader closed the pipe: the reader says why
        except BaseException as error:  # the caller's iterator failed: raised in the reader's thread
            failure.append(error)
        finally:
            try:
                stdin.close()
            except (BrokenPipeError, OSError):
                pass

    def drain() -> None:
        # jf writes each problem on standard error too; only the end is kept, for a failure.
        while chunk := os.read(stderr.fileno(), 65536):
            tail.extend(chunk)
            del tail[:-_TAIL]

    threads = [threading.Thread(target=feed, name="jf-feed", daemon=True),
               threading.Thread(target=drain, name="jf-stderr", daemon=True)]
    for thread in threads:
        thread.start()
    finished = False
    answered = 0
    try:
        for raw in stdout:
            answered += 1
            yield raw[:-1] if raw.endswith(b"\n") else raw
        status = process.wait()
        threads[1].join()
        # jf has ended: the feeding thread ends at its next write, if the caller's iterator
        # had not ended already, so every line it took from it is counted.
        threads[0].join()
        finished = True
        if failure:
            raise failure[0]
        if status != 0:
            raise from_stderr(tail.decode(errors="replace"), document="<stream>")
        if answered != sent[0]:
            said = tail.decode(errors="replace").strip()
            raise JfError(f"jf's stream ended after answering {answered} of the {sent[0]} documents sent to it, "
                          f"though it exited with status 0 ({binary()}: is it jf?)" + (f"; it said: {said[-2000:]}" if said else ""))
    finally:
        if not finished and process.poll() is None:
            process.kill()
        process.wait()
        # The feeding thread may be waiting on the caller's iterator, which only the caller can
        # end; it stops at its next write, so it is joined only when the stream ended.
        threads[1].join()
        stdout.close()
        stderr.close()


def unique_key() -> str:
    """A problems key no document holds, so that jf adds it as the document's last member."""
    return f"jf-problems-{uuid.uuid4().hex}"


_decoder = JSONDecoder(parse_int=exact_integer)


def split(answer: bytes, key: str, sent: bytes) -> tuple[str, list[dict[str, Any]]]:
    """jf's answer under a `unique_key()`, split into the document's text and its problems.

    The text is exactly what `jf run --jsonl` writes without a problems key: jf inserts the
    key after the document's last member, so the member is cut out and the rest kept byte for
    byte; a line jf wrapped (not a JSON object, or an object without members) is the line sent.
    """
    text = answer.decode()
    at = text.rfind(f'"{key}"')
    colon = at + len(key) + 2
    while 0 <= at and colon < len(text) and text[colon] in " \t":
        colon += 1
    if at < 0 or colon >= len(text) or text[colon] != ":":
        raise JfError(f"jf's answer has no problems key: {text[:200]}")
    problems, end = _array(text, colon + 1)
    # jf writes the member in the object's own layout: `,"KEY":[…]` in a compact document,
    # `, "KEY": […]` in one with spaces; alone in `{"KEY": […], "input": …}` for a wrapped line.
    comma = at - 1
    while comma >= 0 and text[comma] in " \t":
        comma -= 1
    if comma >= 0 and text[comma] == ",":
        return text[:comma] + text[end:], problems
    return sent.decode(errors="replace"), problems


def _array(text: str, start: int) -> tuple[list[dict[str, Any]], int]:
    while text[start] in " \t":
        start += 1
    return _decoder.raw_decode(text, start)
