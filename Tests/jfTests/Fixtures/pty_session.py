"""Drives `jf repl` through a pseudo-terminal, as a person at a keyboard would.

usage: pty_session.py JF STEPS_JSON [ARG...]

STEPS_JSON is a list of {"send": keys, "expect": text}: each step types `keys` and waits (up
to 10 s) until the terminal shows `text` after what earlier steps saw. A step may give "pause"
seconds to wait before it types (0.2 by default). Steps should wait for
the next prompt before typing again: line editors may discard input typed ahead of them when
they switch the terminal's mode. Exits 1, printing the transcript, when an expectation is not
met or jf does not exit within 10 s of the last step; 0 and the transcript otherwise.
"""
import json
import os
import pty
import select
import sys
import time

jf, steps = sys.argv[1], json.loads(sys.argv[2])
pid, fd = pty.fork()
if pid == 0:
    os.execv(jf, [jf, "repl"] + sys.argv[3:])

transcript = b""
seen = 0


def read_until(text, timeout=10.0):
    global transcript, seen
    deadline = time.time() + timeout
    wanted = text.encode()
    while True:
        found = transcript.find(wanted, seen)
        if found >= 0:
            seen = found + len(wanted)
            return True
        remaining = deadline - time.time()
        if remaining <= 0:
            return False
        ready, _, _ = select.select([fd], [], [], remaining)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                return transcript.find(wanted, seen) >= 0
            transcript += chunk


for step in steps:
    if step.get("send"):
        # A prompt is drawn a moment before the line editor has set the terminal up; keys
        # typed in that moment can be lost, as they would be for a very fast typist.
        time.sleep(float(step.get("pause", 0.2)))
        os.write(fd, step["send"].encode())
    if step.get("expect") is not None and not read_until(step["expect"]):
        sys.stdout.write(transcript.decode(errors="replace"))
        sys.stdout.write("\n--- expected: %r\n" % step["expect"])
        os.kill(pid, 9)
        sys.exit(1)

deadline = time.time() + 10
while True:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        break
    if time.time() > deadline:
        os.kill(pid, 9)
        sys.stdout.write(transcript.decode(errors="replace"))
        sys.stdout.write("\n--- jf did not exit\n")
        sys.exit(1)
    read_until("\0", timeout=0.1)   # keep draining the terminal
sys.stdout.write(transcript.decode(errors="replace"))
sys.exit(0 if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 else 1)
