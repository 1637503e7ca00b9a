#!/usr/bin/env python3
"""Latency and memory of `forklift lsp` on a large script, measured as an editor sees them.

  bench/lsp_latency.py [--binary build/default/cli/forklift] [--lines 10000] [--edits 20] [--file SCRIPT]

Reports: first diagnostics after didOpen, diagnostics after a one-line change
(median and worst over --edits changes, debounce included; both until the
notification has been received whole and, separately, the time this client
then spends parsing its JSON, ~1.8 MB here), the server's CPU
time for each (user + system: what the work costs on a machine shared with
others, where wall time also counts waiting for a core), resident memory
(VmRSS at the end, VmHWM peak), the time from `exit` to the process end,
the same changes while the text has a syntax error (tree-sitter then parses
every version from scratch), and code actions: at one diagnostic (median
over the first --actions findings) and over the whole document, each asked twice (the second answer may reuse
the first's work, as an editor asking again on the same version does).
--file measures a real script instead of the generated one.
Goals: < 200 ms, < 50 ms, < 50 MB, exit < 100 ms, code actions < 20 ms at one
position and < 100 ms over the document.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

BLOCK = """\
# block {n}
count_{n}() {{
  local total=0
  for f in "$@"; do
    total=`expr $total + 1`
    name=$(basename "$f")
    dir=$(dirname "$f")
    echo "$name in $dir"
  done
  echo "$total"
}}
i=0
while [ $i -lt 10 ]; do
  i=$(expr $i + 1)
  n=$(echo "$i" | wc -c)
done
count_{n} /a/b /c/d
"""


def make_script(lines):
    parts = ["#!/bin/bash\n"]
    n = 0
    total = 1
    while total < lines:
        block = BLOCK.format(n=n)
        parts.append(block)
        total += block.count("\n")
        n += 1
    return "".join(parts), total


class Client:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1
        self.received_at = 0.0  # perf_counter when the last message body had been read whole
        self.diagnostics_seen = []

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the server closed its output")
            line = line.strip()
            if not line:
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        body = self.proc.stdout.read(length)
        self.received_at = time.perf_counter()
        return json.loads(body)

    def request(self, method, params):
        request_id = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == request_id and "method" not in message:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri, version):
        while True:
            message = self.read()
            params = message.get("params", {})
            if message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri \
                    and params.get("version") == version:
                self.diagnostics_seen = params["diagnostics"]
                return self.diagnostics_seen


class Timing:
    """One request as an editor sees it: wall time until the answer has been
    read whole, the server's CPU time meanwhile, and this client's JSON parse
    of the answer after that (all in ms)."""
    def __init__(self, wall, cpu, parse):
        self.wall, self.cpu, self.parse = wall, cpu, parse


def code_action_times(client, uri, diagnostics, line_count, count):
    """Timings of code action requests at the first `count` findings, and of
    two requests over the whole document, as Neovim sends them (the findings
    of the range in the context)."""
    def ask(range_, shown):
        cpu_before = cpu_ms(client.proc.pid)
        start = time.perf_counter()
        client.request("textDocument/codeAction",
                       {"textDocument": {"uri": uri}, "range": range_, "context": {"diagnostics": shown}})
        end = time.perf_counter()
        return Timing((client.received_at - start) * 1000, cpu_ms(client.proc.pid) - cpu_before,
                      (end - client.received_at) * 1000)

    at_one = [ask(d["range"], [d]) for d in diagnostics[:count]]
    document = {"start": {"line": 0, "character": 0}, "end": {"line": line_count + 1, "character": 0}}
    whole = [ask(document, diagnostics), ask(document, diagnostics)]
    return at_one, whole


def one_line_changes(client, uri, version, line_count, edits, error=None):
    """Adds and removes a line `edits` times, each waiting for its diagnostics;
    with `error`, first inserts error["text"] at error["line"] (not timed) and
    removes it at the end. Returns the last version and, per edit, wall ms,
    server CPU ms and this client's parse ms."""
    def change(edit):
        nonlocal version
        version += 1
        client.notify("textDocument/didChange",
                      {"textDocument": {"uri": uri, "version": version}, "contentChanges": [edit]})
        client.diagnostics(uri, version)

    def at(line, end_line=None):
        return {"start": {"line": line, "character": 0}, "end": {"line": end_line or line, "character": 0}}

    if error:
        change({"range": at(error["line"]), "text": error["text"]})
    wall, cpu, parse = [], [], []
    pid = client.proc.pid
    for k in range(edits):
        line = (k * 997) % (line_count - 4) + 3
        edit = {"range": at(line), "text": "x=1\n" if k % 2 == 0 else ""}
        if k % 2 == 1:  # remove the line added by the previous edit
            edit["range"] = at(line_prev, line_prev + 1)
        line_prev = line
        cpu_before = cpu_ms(pid)
        start = time.perf_counter()
        change(edit)
        parse.append((time.perf_counter() - client.received_at) * 1000)
        wall.append((client.received_at - start) * 1000)
        cpu.append(cpu_ms(pid) - cpu_before)
    if error:
        change({"range": at(error["line"], error["line"] + 1), "text": ""})
    return version, wall, cpu, parse


def cpu_ms(pid):
    """CPU time of all the server's threads, in ms: schedstat counts nanoseconds
    (/proc/PID/stat only clock ticks, 10 ms here: too coarse for one edit)."""
    total_ns = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as schedstat:
                total_ns += int(schedstat.read().split()[0])
        except FileNotFoundError:  # a thread that just ended
            pass
    return total_ns / 1e6


def memory_kib(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default="build/default/cli/forklift")
    parser.add_argument("--lines", type=int, default=10000)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--actions", type=int, default=20)
    parser.add_argument("--file")
    args = parser.parse_args()

    load = os.getloadavg()[0]
    if args.file:
        with open(args.file, encoding="utf-8", errors="surrogateescape") as script:
            text = script.read()
        line_count = text.count("\n")
    else:
        text, line_count = make_script(args.lines)
    uri = "file:///tmp/forklift-bench/big.sh"
    client = Client(args.binary)
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {
        # As Neovim declares it: the loop around each finding is sent too, and
        # code actions' edits may be resolved when one is chosen.
        "textDocument": {"publishDiagnostics": {"relatedInformation": True},
                         "codeAction": {"resolveSupport": {"properties": ["edit"]}}}}})
    client.notify("initialized", {})

    pid = client.proc.pid
    cpu_before = cpu_ms(pid)
    start = time.perf_counter()
    client.notify("textDocument/didOpen",
                  {"textDocument": {"uri": uri, "languageId": "sh", "version": 1, "text": text}})
    first = client.diagnostics(uri, 1)
    first_ms = (client.received_at - start) * 1000
    first_cpu = cpu_ms(pid) - cpu_before

    version, change_ms, change_cpu, change_parse_ms = one_line_changes(client, uri, 1, line_count, args.edits)
    # The same edits while the text has a syntax error (a stray `)` on the
    # first line): the exact parser refuses it, and tree-sitter parses every
    # such text from scratch (IncrementalParser::reparse).
    version, broken_ms, broken_cpu, _ = one_line_changes(client, uri, version, line_count, args.edits,
                                                          {"line": 1, "text": ")\n"})

    at_one, whole = code_action_times(client, uri, client.diagnostics_seen, line_count, args.actions)

    rss_mib = memory_kib(client.proc.pid, "VmRSS") / 1024
    peak_mib = memory_kib(client.proc.pid, "VmHWM") / 1024
    client.request("shutdown", None)
    start = time.perf_counter()
    client.notify("exit", None)
    status = client.proc.wait(timeout=10)
    exit_ms = (time.perf_counter() - start) * 1000

    print(f"script: {line_count} lines, {len(text)} bytes; {len(first)} diagnostics")
    print(f"load average at the start:  {load:.1f} ({os.cpu_count()} cores)")
    print(f"first diagnostics:          {first_ms:7.1f} ms wall, {first_cpu:.1f} ms CPU   (goal < 200 ms)")
    print(f"after a one-line change:    {statistics.median(change_ms):7.1f} ms wall median, "
          f"{max(change_ms):.1f} ms worst over {len(change_ms)} edits; "
          f"{statistics.median(change_cpu):.1f} ms CPU median   (goal < 50 ms)")
    print(f"  then parsed by this client: {statistics.median(change_parse_ms):7.1f} ms median (Python json, not the server)")
    print(f"the same, with a syntax error:{statistics.median(broken_ms):7.1f} ms wall median, "
          f"{max(broken_ms):.1f} ms worst over {len(broken_ms)} edits; "
          f"{statistics.median(broken_cpu):.1f} ms CPU median   (parsed afresh by tree-sitter)")
    walls = [t.wall for t in at_one]
    print(f"code action at one finding: {statistics.median(walls):7.1f} ms wall median, "
          f"{max(walls):.1f} ms worst over {len(walls)} findings; "
          f"{statistics.median(t.cpu for t in at_one):.1f} ms CPU median   (goal < 20 ms)")
    for label, t in (("code actions, whole document:", whole[0]), ("  asked again:", whole[1])):
        print(f"{label:28s}{t.wall:7.1f} ms wall, {t.cpu:.1f} ms CPU; then {t.parse:.1f} ms parsed by this client"
              f"   (goal < 100 ms)")
    print(f"resident memory:            {rss_mib:7.1f} MiB at the end, {peak_mib:.1f} MiB peak   (goal < 50 MB)")
    print(f"exit after shutdown:        {exit_ms:7.1f} ms, status {status}   (goal < 100 ms)")


if __name__ == "__main__":
    sys.exit(main())
