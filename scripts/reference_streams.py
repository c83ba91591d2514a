#!/usr/bin/env python3
"""Which way to stream the kimchi premium's reference tickers costs less: Binance's
`!miniTicker@arr` (one frame a second holding every symbol that changed, filtered to USDT at the
codec) or one `<symbol>@miniTicker` stream per paired coin (a frame a coin a second).

It writes a minute of each as bare frames, shaped as Binance sends them (Binance's real market:
about 1,500 trading symbols, 400 of them quoted in USDT, 250 of those listed in Korea; every
symbol changing each second, which is the array's worst and the busy hours' usual), and counts
with callgrind the instructions `coinboard bench pipeline --dialect binance` spends decoding and
applying them (only `PipelineBenchmark.decodeAndApply`, the same count every run), and the
tickers applied (an array frame past `WireLimits.frameBytes`, 256 KiB, is refused whole: none).

Usage: scripts/reference_streams.py [--binary .build/release/coinboard] [--symbols 1500] [--usdt 400] [--paired 250]
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

from callgrind import count, symbol


def mini_ticker(symbol, time, generator):
    price = generator.uniform(0.0001, 100000)
    return {"e": "24hrMiniTicker", "E": time, "s": symbol, "c": f"{price:.8f}", "o": f"{price * 0.99:.8f}",
            "h": f"{price * 1.02:.8f}", "l": f"{price * 0.97:.8f}", "v": f"{generator.uniform(1, 1e9):.8f}",
            "q": f"{generator.uniform(1, 1e9):.8f}"}


def symbols(count, usdt):
    """`count` symbols, the first `usdt` quoted in USDT, the rest in BTC, FDUSD or TRY."""
    others = ["BTC", "FDUSD", "TRY", "EUR"]
    return [f"C{index}USDT" if index < usdt else f"C{index}{others[index % len(others)]}" for index in range(count)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/release/coinboard")
    parser.add_argument("--symbols", type=int, default=1500)
    parser.add_argument("--usdt", type=int, default=400)
    parser.add_argument("--paired", type=int, default=250)
    parser.add_argument("--seconds", type=int, default=60)
    arguments = parser.parse_args()
    generator = random.Random(7)
    names = symbols(arguments.symbols, arguments.usdt)
    with tempfile.TemporaryDirectory() as folder:
        array_path = os.path.join(folder, "array.jsonl")
        streams_path = os.path.join(folder, "streams.jsonl")
        with open(array_path, "w") as array, open(streams_path, "w") as streams:
            for second in range(arguments.seconds):
                time = 1_764_000_000_000 + second * 1000
                entries = [mini_ticker(name, time, generator) for name in names]
                array.write(json.dumps({"stream": "!miniTicker@arr", "data": entries}, separators=(",", ":")) + "\n")
                for entry in entries[:arguments.paired]:
                    stream = entry["s"].lower() + "@miniTicker"
                    streams.write(json.dumps({"stream": stream, "data": entry}, separators=(",", ":")) + "\n")
        # valgrind 3.19 cannot read the DWARF Swift 6 writes; the symbol table is enough.
        binary = os.path.join(folder, "coinboard")
        subprocess.run(["objcopy", "--strip-debug", arguments.binary, binary], check=True)
        pipeline = symbol(binary, r"^\$s9coinboard17PipelineBenchmarkV14decodeAndApply.*FZ(Tf.*)?$")
        results = {}
        for name, path in [("!miniTicker@arr", array_path), ("<symbol>@miniTicker", streams_path)]:
            # One warm-up pass and one measured: the count covers both.
            instructions, output = count(binary, pipeline, ["bench", "pipeline", "--dialect", "binance", "--input", path, "--repeat", "1"])
            size = os.path.getsize(path)
            results[name] = {"bytesPerSecond": size // arguments.seconds, "framesPerSecond": sum(1 for _ in open(path)) // arguments.seconds,
                             "tickersPerSecond": output["events"] // arguments.seconds,
                             "instructionsPerSecondOfFeed": instructions // (2 * arguments.seconds)}
            print(json.dumps({"stream": name, **results[name]}))
        print()
        print("| stream | frames/s | bytes/s | tickers applied/s | instructions per second of feed |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for name, result in results.items():
            print(f"| `{name}` | {result['framesPerSecond']:,} | {result['bytesPerSecond']:,} | {result['tickersPerSecond']:,} "
                  f"| {result['instructionsPerSecondOfFeed']:,} |")


if __name__ == "__main__":
    sys.exit(main())
