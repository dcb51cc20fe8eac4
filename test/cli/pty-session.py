"""Runs a command on a pseudo-terminal and types lines into it, each after the prompt.

Usage: python3 pty-session.py PROMPT LINES_JSON COMMAND...
Prints everything the command wrote (escape sequences removed) and exits with its code.
The interactive game can only be tested this way: it starts when standard input and
output are a terminal.
"""
import json
import os
import pty
import re
import select
import sys
import time

prompt = sys.argv[1].encode()
lines = json.loads(sys.argv[2])
command = sys.argv[3:]

pid, fd = pty.fork()
if pid == 0:
    os.execvp(command[0], command)

out = bytearray()


def read(deadline):
    """Reads what is there; False once the child has closed the terminal."""
    ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.time()))
    if not ready:
        return True
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        return False
    if not chunk:
        return False
    out.extend(chunk)
    return True


seen = 0
open_ = True
for line in lines:
    deadline = time.time() + 120
    while open_ and out.find(prompt, seen) < 0 and time.time() < deadline:
        open_ = read(deadline)
    if not open_:
        break
    seen = out.find(prompt, seen) + len(prompt)
    os.write(fd, line.encode() + b"\r")
deadline = time.time() + 120
while open_ and time.time() < deadline:
    open_ = read(deadline)
_, status = os.waitpid(pid, 0)
text = out.decode("utf-8", "replace").replace("\r", "")
text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)
sys.stdout.write(text)
sys.exit(os.waitstatus_to_exitcode(status))
