#!/usr/bin/env python3
"""Writes scripts/coinboard.order: the functions the dashboard runs, hottest first, for the
linker to place together (scripts/build-release.sh passes it as lld's --symbol-ordering-file).

Why: the kernel maps a program's code into memory 64 KiB at a time around each page it runs, so
a few hundred small functions spread over 30 MiB of code keep most of it resident. Placed side
by side, the code the dashboard runs (some 2 MiB) is all that its resident size holds.

The functions the dashboard keeps running come first: those that ran in the most five-second
slices of the profile after start-up, then the hottest. Then those only its start-up ran (the
first ten seconds after the feed is live, counted apart), which it lets go of once started
(DashboardRuntime's ResidentCode), so the pages it keeps are few and together.

How: the release build runs under valgrind's callgrind, in a private tmux at 140x45, against
`serve-demo --rate 1000` with the demo's Binance and won–dollar rate: the market table, the
Favorites and holdings tabs, the help, the next sort, the detail view of the first market (book, trades,
chart, another chart interval), back to the table, then `q`. Every function of the executable
that ran, with its instruction count, comes from callgrind's output; functions of the
libraries it loads are left out (the linker places only its own). Names are mangled, so they
hold across builds and checkouts until the code they name changes; run this again after large
changes (names no longer present are skipped by the linker, new code goes after the listed).

Usage: scripts/order_file.py [--binary BIN] [--seconds 90] [--out scripts/coinboard.order]
"""

import argparse
import glob
import os
import re
import subprocess
import tempfile
import threading
import time

from loadtest import Tmux, demo_feed, serve_demo
from processes import stop, valgrind_copy


# The dashboard's start-up, from the feed shown live: its functions are placed after those it
# keeps running, which the dashboard holds resident once it lets go of start-up's code
# (DashboardRuntime's ResidentCode).
STARTUP_SECONDS = 10
# After start-up, callgrind's counts are dumped this often: a function that runs in most slices
# is one the dashboard keeps running, and is placed before one that ran in a few.
SLICE_SECONDS = 5


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", help="a release build (default: scripts/build-release.sh's)")
    parser.add_argument("--seconds", type=float, default=90, help="time on the table before the keys (valgrind is slow)")
    parser.add_argument("--out", default="scripts/coinboard.order")
    return parser.parse_args()


def release_binary():
    subprocess.run(["scripts/build-release.sh"], check=True)
    folder = subprocess.run(["scripts/build-release.sh", "--show-bin-path"], capture_output=True, text=True, check=True)
    return os.path.join(folder.stdout.strip(), "coinboard")


def profile(binary, folder, seconds):
    """Runs the dashboard under callgrind through the screens; the path of callgrind's output."""
    measured = valgrind_copy(binary, folder)
    out = os.path.join(folder, "callgrind.out")
    demo, port = serve_demo(binary, 1000)
    tmux = Tmux(folder)
    try:
        command = (f"exec env LANG=C.UTF-8 XDG_CONFIG_HOME={folder}/config XDG_STATE_HOME={folder}/state "
                   f"valgrind --tool=callgrind --demangle=no --callgrind-out-file={out} {measured} "
                   f"{demo_feed(port, reference=True)} --log-file {folder}/dashboard.log")
        tmux.run("new-session", "-d", "-s", "load", "-x", "140", "-y", "45", command)
        tmux.wait_for(lambda text: "● live" in text, 300, "the feed to be live under valgrind")
        time.sleep(STARTUP_SECONDS)
        subprocess.run(["callgrind_control", "--dump=start-up"], capture_output=True, check=True)
        quitting = threading.Event()
        slicer = threading.Thread(target=dump_slices, args=(quitting,))
        slicer.start()
        try:
            time.sleep(seconds)
            for keys, pause in [("Tab", 10), ("Tab", 10), ("Tab", 10), ("?", 5), ("?", 5), ("s", 10), ("Enter", 40),
                                ("3", 20), ("Escape", 10)]:
                tmux.run("send-keys", "-t", "load", keys)
                time.sleep(pause)
        finally:
            quitting.set()
            slicer.join()
        tmux.run("send-keys", "-t", "load", "q")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not (os.path.exists(out) and os.path.getsize(out) > 0):
            time.sleep(1)
        time.sleep(2)
        return out
    finally:
        tmux.kill()
        stop(demo)


def dump_slices(quitting):
    """Dumps callgrind's counts every SLICE_SECONDS until `quitting` is set."""
    while not quitting.wait(SLICE_SECONDS):
        subprocess.run(["callgrind_control", "--dump=slice"], capture_output=True, check=True)


def executed_functions(out, binary_name):
    """The functions of `binary_name` in one part of callgrind's output, with their own counts."""
    listing = subprocess.run(["callgrind_annotate", "--threshold=100", "--inclusive=no", out],
                             capture_output=True, text=True, check=True).stdout
    functions = {}
    pattern = re.compile(r"^\s*([\d,]+) \([\s\d.]+%\)\s+[^:]*:(\S+) \[(.+)\]$")
    for line in listing.splitlines():
        match = pattern.match(line)
        if match and os.path.basename(match.group(3)) == binary_name and not match.group(2).startswith("0x"):
            functions[match.group(2)] = functions.get(match.group(2), 0) + int(match.group(1).replace(",", ""))
    return functions


def order(slices, start_up):
    """The functions that ran after start-up, those that ran in the most slices first (then the
    hottest), then those only start-up ran, hottest first."""
    slice_count, total = {}, {}
    for functions in slices:
        for name, count in functions.items():
            slice_count[name] = slice_count.get(name, 0) + 1
            total[name] = total.get(name, 0) + count
    running = sorted(total, key=lambda name: (-slice_count[name], -total[name]))
    listed = set(running)
    return running + [name for name in sorted(start_up, key=lambda name: -start_up[name]) if name not in listed]


def main():
    arguments = parse_arguments()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    binary = os.path.abspath(arguments.binary) if arguments.binary else release_binary()
    with tempfile.TemporaryDirectory() as folder:
        out = profile(binary, folder, arguments.seconds)
        parts = sorted((path for path in glob.glob(out + ".*") if re.search(r"\.\d+$", path)),
                       key=lambda path: int(path.rsplit(".", 1)[1]))
        if len(parts) < 2:
            raise SystemExit(f"order_file: expected a start-up part and slices beside {out}, found {parts}")
        slices = [executed_functions(path, "coinboard") for path in parts[1:] + [out]]
        names = order(slices, executed_functions(parts[0], "coinboard"))
    if len(names) < 1000:
        raise SystemExit(f"order_file: only {len(names)} functions ran; the profile is not of a dashboard at work")
    with open(arguments.out, "w") as listing:
        listing.write("\n".join(names) + "\n")
    print(f"{arguments.out}: {len(names)} functions")


if __name__ == "__main__":
    main()
