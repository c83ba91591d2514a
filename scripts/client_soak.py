#!/usr/bin/env python3
"""Runs `coinboard serve-demo` and a `coinboard snapshot` client subscribed to every market's
book, trades and ticker, and samples the client's resident memory while the firehose runs.

usage: client_soak.py COINBOARD_BINARY [--rate 20000] [--seconds 120] [--markets 200]
Prints one JSON line per sample and a summary line; both processes are always stopped."""
import argparse
import json
import subprocess
import tempfile
import time
import urllib.request


def resident_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except FileNotFoundError:
        pass
    return None


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100


def soak(args):
    server = subprocess.Popen([args.binary, "serve-demo", "--rate", str(args.rate), "--markets", str(args.markets)],
                              stdout=subprocess.PIPE, text=True)
    client = None
    output = tempfile.TemporaryFile(mode="w+")
    try:
        base = server.stdout.readline().strip().removeprefix("listening on ")
        with urllib.request.urlopen(f"{base}/v1/market/all") as response:
            codes = [row["market"] for row in json.load(response)]
        client = subprocess.Popen([args.binary, "snapshot", "--rest-url", base,
                                   "--ws-url", base.replace("http", "ws") + "/websocket/v1",
                                   "--markets", ",".join(codes), "--duration", str(args.seconds), "--depth", "1",
                                   "--trades", "1"], stdout=output, text=True)
        start = time.monotonic()
        samples = []
        while client.poll() is None:
            time.sleep(args.interval)
            rss = resident_mib(client.pid)
            if rss is None or client.poll() is not None:
                break
            sample = {"seconds": round(time.monotonic() - start), "clientRSSMiB": round(rss, 1),
                      "clientCPUSeconds": cpu_seconds(client.pid), "serverCPUSeconds": cpu_seconds(server.pid)}
            samples.append(sample)
            print(json.dumps(sample), flush=True)
        client.wait(timeout=60)
        output.seek(0)
        report = json.loads(output.read())
        messages = report["connection"]["messages"]
        rss = [s["clientRSSMiB"] for s in samples]
        later = rss[len(rss) // 2:] or [0]
        print(json.dumps({"summary": True, "rate": args.rate, "seconds": args.seconds, "messages": messages,
                          "meanFramesPerSecond": round(messages / args.seconds),
                          "decodeErrors": report["connection"]["decodeErrors"],
                          "reconnects": report["connection"]["reconnects"],
                          "rssFirstMiB": rss[0] if rss else None, "rssMaxMiB": max(rss) if rss else None,
                          "rssSecondHalfMiB": [min(later), max(later)],
                          "clientCPUPercent": round(100 * samples[-1]["clientCPUSeconds"] / samples[-1]["seconds"])
                          if samples else None}), flush=True)
    finally:
        for process in (client, server):
            if process and process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--rate", type=int, default=20000)
    parser.add_argument("--seconds", type=int, default=120)
    parser.add_argument("--markets", type=int, default=200)
    parser.add_argument("--interval", type=float, default=5)
    soak(parser.parse_args())


if __name__ == "__main__":
    main()
