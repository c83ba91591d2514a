#!/usr/bin/env python3
"""Load test: the dashboard in tmux against the demo exchange at several rates.

For each rate it starts `coinboard serve-demo --rate R` on a free loopback port and the
dashboard in a private tmux server (140x45 unless --size), lets it settle, then measures for
--seconds:

- CPU: the dashboard's user+system time over the window, as % of one core (/proc/PID/stat);
- memory: resident set at the end and its peak (VmRSS, VmHWM in /proc/PID/status), and once a
  minute through the window (an hour's --seconds 3600 is the soak);
- terminal bytes/s: what the dashboard wrote to the pane (tmux pipe-pane), per second;
- feed-to-screen latency: the dashboard's own log lines, one per 5 s window, measured from
  the demo exchange's time on each ticker to the flush of the first frame showing it;
- key response: time from `?` sent to the help overlay on screen, and back, over 5 trials
  (tmux capture-pane polling, so figures include up to a few ms of polling);
- the message rate the dashboard received, read off its status bar.

The dashboard shows the market table, or with --detail one market's book, trades and chart
(which adds that market's book and trade streams). Prints one JSON object per rate, then a
Markdown table. Everything runs on loopback and every process started is stopped.

With --idle it measures the market closed instead: it records --record-seconds of the demo
exchange (`coinboard record --demo`), plays the recording to its end in the dashboard
(`coinboard replay --speed 0`), so nothing changes but the clock and the data's age, and
reports the dashboard's CPU and memory over --seconds. With --in-process-demo it reports the
same for `coinboard --demo`, the demo exchange simulating every market inside the dashboard.

With --startup it measures start-up instead, --runs times against `serve-demo --rate 1000`
(already running): from launching the dashboard to the first full table (the status bar reads
live and every visible row has a price), from Enter on the top row to the first candle on its
chart, and to its detail view with the book, the trades tape and the candles drawn. The
dashboards keep no candles between runs (`--candle-cache off`) unless --warm-store: then
`coinboard snapshot` first fills a store with --warm-candles one-minute candles of the top
market (KRW-BTC) from the same server, and every run draws from it. Times are read by polling
tmux every 2 ms or so, so they include that polling.

With --reference the dashboard also follows the kimchi premium's reference (the demo's Binance,
the coins Bithumb lists) and the won–dollar rate (its /fx) from the same server; without it they
are off, as whenever the exchange's endpoints are given and theirs are not.

Usage: scripts/loadtest.py [--rates 1000,5000,20000] [--seconds 20] [--detail] [--reference] [--frame-rate 30] [--binary PATH]
       scripts/loadtest.py --idle [--seconds 20] [--detail]
       scripts/loadtest.py --in-process-demo [--demo-exchanges bithumb,upbit] [--seconds 20] [--detail]
       scripts/loadtest.py --startup --size 200x60 [--runs 3] [--warm-store] [--warm-candles 1200]
"""

import argparse
import calendar
import json
import os
import random
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from processes import stop

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rates", default="1000,5000,20000", help="demo exchange rates (book updates/s), comma-separated")
    parser.add_argument("--seconds", type=float, default=20, help="measurement window per rate")
    parser.add_argument("--settle", type=float, default=8, help="seconds after the feed is live before measuring")
    parser.add_argument("--size", default="140x45", help="terminal size, WIDTHxHEIGHT")
    parser.add_argument("--detail", action="store_true", help="measure on the detail screen of the first market")
    parser.add_argument("--frame-rate", type=int, default=30, help="the dashboard's --frame-rate")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="an environment variable for the dashboard (again for more), e.g. GLIBC_TUNABLES=…")
    parser.add_argument("--binary", default=".build/release/coinboard", help="the coinboard executable")
    parser.add_argument("--reference", action="store_true",
                        help="follow the premium's reference and rate from the same serve-demo (off otherwise)")
    parser.add_argument("--idle", action="store_true", help="measure a closed market: a recording played to its end")
    parser.add_argument("--record-seconds", type=float, default=5, help="with --idle, how much of the demo to record")
    parser.add_argument("--in-process-demo", action="store_true", help="measure `coinboard --demo` (CPU and memory)")
    parser.add_argument("--demo-exchanges", default="bithumb", help="with --in-process-demo, the exchanges simulated (bithumb,upbit: both)")
    parser.add_argument("--startup", action="store_true", help="measure the time to the first full table and to a detail view")
    parser.add_argument("--runs", type=int, default=3, help="with --startup, how many launches")
    parser.add_argument("--warm-store", action="store_true", help="with --startup, draw the chart from a candle store filled first")
    parser.add_argument("--warm-candles", type=int, default=1200, help="with --warm-store, the one-minute candles kept first")
    return parser.parse_args()


class Tmux:
    """A private tmux server (its own socket), so nothing touches the user's sessions."""

    def __init__(self, folder):
        self.socket = os.path.join(folder, "tmux.sock")

    def run(self, *arguments, check=True):
        return subprocess.run(["tmux", "-S", self.socket, *arguments], capture_output=True, text=True, check=check).stdout

    def screen(self):
        return self.run("capture-pane", "-p", "-t", "load")

    def wait_for(self, condition, timeout, description):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.screen()
            if condition(text):
                return text
            time.sleep(0.002)
        raise RuntimeError(f"waited {timeout} s for {description}; the screen shows:\n{self.screen()}")

    def kill(self):
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def memory_kib(pid):
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0])
    return values


def received_rate(screen):
    match = re.search(r"(\d[\d,]*) msg/s", screen)
    return int(match.group(1).replace(",", "")) if match else None


def key_response_ms(tmux, trials=5):
    """Milliseconds from `?` to the help overlay shown, and from `?` again to it gone."""
    samples = []
    for _ in range(trials):
        for expect_help in (True, False):
            started = time.monotonic()
            tmux.run("send-keys", "-t", "load", "?")
            tmux.wait_for(lambda text: ("any key closes" in text) == expect_help, 5, "the help overlay to toggle")
            samples.append((time.monotonic() - started) * 1000)
            # A pause of no whole number of frames, so keys land anywhere between two frames.
            time.sleep(random.uniform(0.15, 0.35))
    return samples


def serve_demo(binary, rate):
    """`coinboard serve-demo --rate RATE` on a free loopback port: the process and its port."""
    demo = subprocess.Popen([binary, "serve-demo", "--port", "0", "--rate", str(rate)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        return demo, int(demo.stdout.readline().strip().rsplit(":", 1)[1])
    except (IndexError, ValueError):
        stop(demo)
        raise


def start_dashboard(tmux, arguments, folder, options, state="state"):
    """The dashboard with `options` in the tmux session `load` at --size, its configuration and
    state in `folder`: its pid."""
    width, height = arguments.size.split("x")
    extra = "".join(f"{shlex.quote(variable)} " for variable in arguments.env)
    command = (f"exec env LANG=C.UTF-8 XDG_CONFIG_HOME={folder}/config XDG_STATE_HOME={folder}/{state} {extra}"
               f"{os.path.abspath(arguments.binary)} {options}")
    tmux.run("new-session", "-d", "-s", "load", "-x", width, "-y", height, command)
    return int(tmux.run("display-message", "-p", "-t", "load", "#{pane_pid}").strip())


def demo_feed(port, reference=False):
    """The options that point the dashboard at a `serve-demo` on `port`; with `reference`, the
    kimchi premium's reference (its Binance) and won–dollar rate (its /fx) too, otherwise off."""
    local = f"127.0.0.1:{port}"
    options = f"--exchange bithumb --ws-url bithumb=ws://{local}/websocket/v1 --rest-url bithumb=http://{local}"
    if reference:
        options += (f" --ws-url binance=ws://{local}/binance/stream --rest-url binance=http://{local}/binance"
                    f" --rest-url fx=http://{local}/fx")
    return options


def measure(arguments, rate, folder):
    demo, port = serve_demo(arguments.binary, rate)
    tmux = Tmux(folder)
    try:
        log = os.path.join(folder, f"dashboard-{rate}.log")
        output = os.path.join(folder, f"terminal-{rate}.bytes")
        pid = start_dashboard(tmux, arguments, folder, f"{demo_feed(port, arguments.reference)} --log-file {log} --frame-rate {arguments.frame_rate}")
        tmux.wait_for(lambda text: "● live" in text, 30, "the feed to be live")
        if arguments.detail:
            tmux.run("send-keys", "-t", "load", "Enter")
        time.sleep(arguments.settle)

        tmux.run("pipe-pane", "-o", "-t", "load", f"cat >> {output}")
        time.sleep(0.5)
        start_bytes = os.path.getsize(output) if os.path.exists(output) else 0
        start_cpu, start_time, start_wall = cpu_seconds(pid), time.monotonic(), time.time()
        rates, resident = [], []
        while time.monotonic() - start_time < arguments.seconds:
            time.sleep(1)
            resident.append(memory_kib(pid)["VmRSS"])
            rate_seen = received_rate(tmux.screen())
            if rate_seen is not None:
                rates.append(rate_seen)
        elapsed = time.monotonic() - start_time
        cpu = (cpu_seconds(pid) - start_cpu) / elapsed * 100
        written = (os.path.getsize(output) - start_bytes) / elapsed
        end_wall = time.time()
        keys = key_response_ms(tmux)
        memory = memory_kib(pid)
        tmux.run("send-keys", "-t", "load", "q")
        time.sleep(0.5)
        windows = latency_windows(log, start_wall, end_wall)
        return {
            "demoRate": rate,
            "receivedMessagesPerSecond": round(statistics.median(rates)) if rates else None,
            "cpuPercentOfOneCore": round(cpu, 2),
            "residentMiB": round(memory["VmRSS"] / 1024, 1),
            "residentPeakMiB": round(memory["VmHWM"] / 1024, 1),
            "residentFirstLastMiB": [round(resident[0] / 1024, 1), round(resident[-1] / 1024, 1)] if resident else None,
            "residentEveryMinuteMiB": [round(kib / 1024, 1) for kib in resident[59::60]],
            "terminalBytesPerSecond": round(written),
            "feedToScreenP50Ms": max((w["p50_ms"] for w in windows), default=None),
            "feedToScreenP99Ms": max((w["p99_ms"] for w in windows), default=None),
            "feedToScreenMaxMs": max((w["max_ms"] for w in windows), default=None),
            "feedToScreenSamples": sum(w["samples"] for w in windows),
            "keyResponseMedianMs": round(statistics.median(keys), 1),
            "keyResponseMaxMs": round(max(keys), 1),
            "seconds": round(elapsed, 1),
            "screen": "detail" if arguments.detail else "markets",
            "frameRate": arguments.frame_rate,
        }
    finally:
        tmux.kill()
        stop(demo)


def measure_idle(arguments, folder):
    """CPU and memory of the dashboard showing a recording that has ended: a closed market."""
    recording = os.path.join(folder, "idle.jsonl")
    subprocess.run([arguments.binary, "record", "--demo", "--markets", "BTC", "--duration", str(arguments.record_seconds),
                    "--out", recording], check=True, capture_output=True)
    result = measure_dashboard(arguments, folder, f"replay {recording} --speed 0", "recording has ended")
    return {"market": "closed (a recording played to its end)", **result}


def measure_demo(arguments, folder):
    """CPU and memory of `coinboard --demo`: the dashboard with the demo exchange in its process."""
    options = f"--demo --exchange {arguments.demo_exchanges}"
    market = f"coinboard {options} (the demo exchange in-process)"
    return {"market": market, **measure_dashboard(arguments, folder, options, "● live")}


def measure_dashboard(arguments, folder, options, ready):
    """The dashboard's CPU and memory over --seconds, run with `options` once `ready` shows and --settle has passed."""
    tmux = Tmux(folder)
    try:
        pid = start_dashboard(tmux, arguments, folder, f"{options} --frame-rate {arguments.frame_rate}")
        tmux.wait_for(lambda text: ready in text, 60, ready)
        if arguments.detail:
            tmux.run("send-keys", "-t", "load", "Enter")
        time.sleep(arguments.settle)
        start_cpu, start_time = cpu_seconds(pid), time.monotonic()
        time.sleep(arguments.seconds)
        elapsed = time.monotonic() - start_time
        cpu = (cpu_seconds(pid) - start_cpu) / elapsed * 100
        memory = memory_kib(pid)
        tmux.run("send-keys", "-t", "load", "q")
        time.sleep(0.5)
        return {
            "screen": "detail" if arguments.detail else "markets",
            "cpuPercentOfOneCore": round(cpu, 2),
            "residentMiB": round(memory["VmRSS"] / 1024, 1),
            "residentPeakMiB": round(memory["VmHWM"] / 1024, 1),
            "seconds": round(elapsed, 1),
            "frameRate": arguments.frame_rate,
        }
    finally:
        tmux.kill()


PRICE_ROW = re.compile(r"\d[\d,.]* +[-+▲▼]?[\d.]+%")


def table_is_full(text, height):
    """Live, and every table row the terminal has room for shows a price and a change."""
    rows = sum(1 for line in text.splitlines() if PRICE_ROW.search(line))
    return "● live" in text and rows >= height - 4


def detail_is_drawn(text):
    """The book (its spread line), the tape (체결 with a trade time) and candles (┃ bodies): all
    three side by side from 160 columns, so --startup wants --size 200x60."""
    return "스프레드" in text and "체결" in text and re.search(r"\d\d:\d\d:\d\d", text) is not None and "┃" in text


def chart_has_candles(text):
    """A candle of any shape on the screen (the table shows none)."""
    return any(glyph in text for glyph in "┃╽╿╷╵")


def fill_store(arguments, port, store):
    """Keeps --warm-candles one-minute candles of KRW-BTC from the server on `port` in `store`."""
    subprocess.run([arguments.binary, "snapshot", *demo_feed(port).split(), "--markets", "BTC", "--candles", "1m",
                    "--candle-count", str(arguments.warm_candles), "--candle-cache", store, "--duration", "1"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=300)


def measure_startup(arguments, folder):
    """Seconds from launch to a full table, and from Enter to the first candle and to a drawn
    detail view, per run."""
    height = int(arguments.size.split("x")[1])
    demo, port = serve_demo(arguments.binary, 1000)
    runs = []
    try:
        time.sleep(2)
        store = f"{folder}/candles.sqlite" if arguments.warm_store else "off"
        if arguments.warm_store:
            fill_store(arguments, port, store)
        for run in range(arguments.runs):
            tmux = Tmux(folder)
            try:
                launched = time.monotonic()
                start_dashboard(tmux, arguments, folder,
                                f"{demo_feed(port)} --watchlist {folder}/watchlist-{run}.json --candle-cache {store}", state=f"state-{run}")
                tmux.wait_for(lambda text: table_is_full(text, height), 30, "a full table")
                table = time.monotonic() - launched
                time.sleep(1)
                entered = time.monotonic()
                tmux.run("send-keys", "-t", "load", "Enter")
                tmux.wait_for(chart_has_candles, 30, "a candle on the chart")
                chart = time.monotonic() - entered
                tmux.wait_for(detail_is_drawn, 30, "the detail view with its book, tape and chart")
                detail = time.monotonic() - entered
                tmux.run("send-keys", "-t", "load", "q")
                runs.append({"firstFullTableMs": round(table * 1000), "firstCandleMs": round(chart * 1000),
                             "detailViewMs": round(detail * 1000), "candleStore": "warm" if arguments.warm_store else "off"})
                time.sleep(0.5)
            finally:
                tmux.kill()
    finally:
        stop(demo)
    return runs


def latency_windows(log, start, end):
    """The latency lines the dashboard logged between `start` and `end` (epoch seconds)."""
    windows = []
    pattern = re.compile(r"^(\S+) .*feed-to-screen latency samples=(\d+) p50_ms=(\d+) p99_ms=(\d+) max_ms=(\d+)")
    with open(log) as lines:
        for line in lines:
            match = pattern.match(line)
            if not match:
                continue
            stamp = calendar.timegm(time.strptime(match.group(1)[:19], "%Y-%m-%dT%H:%M:%S"))
            if start <= stamp <= end + 1:
                samples, p50, p99, most = (int(value) for value in match.groups()[1:])
                windows.append({"samples": samples, "p50_ms": p50, "p99_ms": p99, "max_ms": most})
    return windows


def main():
    arguments = parse_arguments()
    if not shutil.which("tmux"):
        sys.exit("loadtest: tmux is needed (scripts/install-deps.sh installs it)")
    if not os.access(arguments.binary, os.X_OK):
        sys.exit(f"loadtest: no executable at {arguments.binary} (scripts/build-release.sh)")
    if arguments.startup:
        with tempfile.TemporaryDirectory(prefix="coinboard-load-") as folder:
            for run in measure_startup(arguments, folder):
                print(json.dumps(run), flush=True)
        return
    if arguments.idle or arguments.in_process_demo:
        with tempfile.TemporaryDirectory(prefix="coinboard-load-") as folder:
            measured = measure_idle(arguments, folder) if arguments.idle else measure_demo(arguments, folder)
            print(json.dumps(measured), flush=True)
        return
    results = []
    with tempfile.TemporaryDirectory(prefix="coinboard-load-") as folder:
        for rate in (int(value) for value in arguments.rates.split(",")):
            result = measure(arguments, rate, folder)
            print(json.dumps(result), flush=True)
            results.append(result)
    print()
    print("| demo rate | received msg/s | CPU % of a core | RSS MiB (peak) | terminal B/s | feed→screen p50 / p99 / max ms | key ms (median / max) |")
    print("|---|---|---|---|---|---|---|")
    for r in results:
        print(f"| {r['demoRate']} | {r['receivedMessagesPerSecond']} | {r['cpuPercentOfOneCore']} | {r['residentMiB']} ({r['residentPeakMiB']}) "
              f"| {r['terminalBytesPerSecond']} | {r['feedToScreenP50Ms']} / {r['feedToScreenP99Ms']} / {r['feedToScreenMaxMs']} "
              f"| {r['keyResponseMedianMs']} / {r['keyResponseMaxMs']} |")


if __name__ == "__main__":
    # Stopped by a signal, the run still stops what it started (its `finally` blocks run).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("loadtest: stopped"))
    main()
