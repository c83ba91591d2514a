#!/usr/bin/env python3
"""Instruction counts of the hot paths, with valgrind's callgrind: the same count every run,
however busy the machine.

It counts, over fixed recordings of the demo exchange at rate 1,000 (10 s, every ticker, books
and trades of BTC, ETH and XRP; made once with `coinboard serve-demo` and `coinboard record`
and kept in --recordings so that builds compare on the same input):

- decode + apply, per message: `coinboard bench pipeline` on the Bithumb 2.0 and the legacy
  recording, counting only `PipelineBenchmark.decodeAndApply`;
- drawing, per frame: `coinboard bench screen`, the market table and the detail view of
  KRW-BTC at 140x45 and 30 frames a second of recorded time, counting only
  `ScreenBenchmark.drawFrame` (the store's snapshot, the UI taking it in, render and diff);
  and the market table with the kimchi premium's column, from a third recording of Bithumb 2.0
  with the demo's Binance and won–dollar rate (a version 3 recording); and the detail view
  with a full chart, from a fourth holding the one-minute candles' history (`record --candles`).

Prints one JSON object per measurement, then a Markdown table.

Usage: scripts/callgrind.py [--binary .build/release/coinboard] [--recordings .build/callgrind] [--runs 1] [--only TEXT]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from processes import stop, valgrind_copy


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/release/coinboard", help="the coinboard to measure (a release build)")
    parser.add_argument("--recordings", default=".build/callgrind", help="where the recordings are kept (made when missing)")
    parser.add_argument("--runs", type=int, default=1, help="times each measurement is taken")
    parser.add_argument("--only", default="", help="only the measurements whose name holds this text (\"frame\", \"김프\")")
    return parser.parse_args()


def make_recordings(binary, folder):
    """Records 10 s of `serve-demo --rate 1000` in both Bithumb dialects into `folder`, unless there."""
    wanted = {"bithumb.jsonl": ("bithumb", "/websocket/v1"), "legacy.jsonl": ("bithumb-legacy", "/pub/ws"),
              "premium.jsonl": ("bithumb", "/websocket/v1"), "chart.jsonl": ("bithumb", "/websocket/v1")}
    missing = {name: feed for name, feed in wanted.items() if not os.path.exists(os.path.join(folder, name))}
    if not missing:
        return
    os.makedirs(folder, exist_ok=True)
    demo = subprocess.Popen([binary, "serve-demo", "--port", "0", "--rate", "1000"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(demo.stdout.readline().strip().rsplit(":", 1)[1])
        for name, (exchange, path) in missing.items():
            endpoints = ["--ws-url", f"ws://127.0.0.1:{port}{path}", "--rest-url", f"http://127.0.0.1:{port}"]
            if name == "premium.jsonl":
                endpoints = ["--ws-url", f"{exchange}=ws://127.0.0.1:{port}{path}", "--rest-url", f"{exchange}=http://127.0.0.1:{port}",
                             "--ws-url", f"binance=ws://127.0.0.1:{port}/binance/stream",
                             "--rest-url", f"binance=http://127.0.0.1:{port}/binance", "--rest-url", f"fx=http://127.0.0.1:{port}/fx"]
            candles = ["--candles", "1m"] if name == "chart.jsonl" else []
            subprocess.run([binary, "record", "--exchange", exchange, *endpoints, "--markets", "BTC,ETH,XRP", *candles,
                            "--duration", "10", "--out", os.path.join(folder, name)], check=True, stdout=subprocess.DEVNULL, timeout=300)
    finally:
        stop(demo)


def symbol(binary, pattern):
    """The one symbol of `binary` matching `pattern` (a regular expression over mangled names)."""
    names = subprocess.run(["nm", "--defined-only", binary], check=True, capture_output=True, text=True).stdout
    found = sorted({line.split()[-1] for line in names.splitlines() if re.search(pattern, line.split()[-1])})
    if len(found) != 1:
        sys.exit(f"callgrind.py: expected one symbol matching {pattern} in {binary}, found {found}")
    return found[0]


def count(binary, function, arguments):
    """Instructions executed inside `function` (and what it calls) while `binary arguments` runs,
    with the command's JSON output."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no",
                              f"--toggle-collect={function}", binary, *arguments],
                             check=True, capture_output=True, text=True, timeout=3600)
        with open(out) as file:
            totals = [int(line.split()[1]) for line in file if line.startswith(("totals:", "summary:"))]
    return totals[0], json.loads(run.stdout.strip().splitlines()[-1])


def main():
    arguments = parse_arguments()
    make_recordings(os.path.abspath(arguments.binary), arguments.recordings)
    recordings = os.path.abspath(arguments.recordings)
    with tempfile.TemporaryDirectory() as folder:
        measure(valgrind_copy(arguments.binary, folder), recordings, arguments.runs, arguments.only)


def measure(binary, recordings, runs, only):
    pipeline = symbol(binary, r"^\$s9coinboard17PipelineBenchmarkV14decodeAndApply.*FZ(Tf.*)?$")
    frame = symbol(binary, r"^\$s9coinboard15ScreenBenchmarkV9drawFrame.*FZ(Tf.*)?$")
    measurements = [
        ("decode + apply, Bithumb 2.0", "message", pipeline,
         ["bench", "pipeline", "--dialect", "bithumb", "--input", f"{recordings}/bithumb.jsonl", "--repeat", "1"]),
        ("decode + apply, legacy", "message", pipeline,
         ["bench", "pipeline", "--dialect", "bithumb-legacy", "--input", f"{recordings}/legacy.jsonl", "--repeat", "1"]),
        ("frame, market table", "frame", frame, ["bench", "screen", "--input", f"{recordings}/bithumb.jsonl"]),
        ("frame, detail view", "frame", frame, ["bench", "screen", "--detail", "--input", f"{recordings}/bithumb.jsonl"]),
        ("frame, market table with 김프", "frame", frame, ["bench", "screen", "--input", f"{recordings}/premium.jsonl"]),
        ("frame, detail view with its chart", "frame", frame,
         ["bench", "screen", "--detail", "--input", f"{recordings}/chart.jsonl"]),
    ]
    rows = []
    for name, unit, function, command in (m for m in measurements if only in m[0]):
        for run in range(1, runs + 1):
            instructions, output = count(binary, function, command)
            # The pipeline benchmark decodes every frame once to warm up, then --repeat times.
            units = output["frames"] if unit == "frame" else output["messages"] * 2
            row = {"measurement": name, "run": run, "instructions": instructions, unit + "s": units,
                   "perUnit": round(instructions / units)}
            print(json.dumps(row))
            rows.append((name, run, instructions, units, unit))
    print()
    print("| measurement | run | instructions | count | instructions each |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, run, instructions, units, unit in rows:
        print(f"| {name} | {run} | {instructions:,} | {units:,} {unit}s | {round(instructions / units):,} |")


if __name__ == "__main__":
    main()
