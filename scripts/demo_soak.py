#!/usr/bin/env python3
"""Runs `coinboard serve-demo` with one WebSocket client subscribed to every market's order
book, ticker and trades, and samples the server's resident memory.

usage: demo_soak.py COINBOARD_BINARY [--rate 5000] [--seconds 600] [--markets 200]
Prints one JSON line per sample and a summary line; the server is always stopped."""
import argparse
import asyncio
import json
import subprocess
import time

import aiohttp

from processes import stop


def resident_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def soak(args):
    server = subprocess.Popen([args.binary, "serve-demo", "--rate", str(args.rate), "--markets", str(args.markets)],
                              stdout=subprocess.PIPE, text=True)
    try:
        base = server.stdout.readline().strip().removeprefix("listening on ")
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{base}/v1/market/all") as response:
                codes = [row["market"] for row in await response.json()]
            request = [{"ticket": "soak"}] + [{"type": kind, "codes": codes} for kind in ("orderbook", "ticker", "trade")]
            async with session.ws_connect(base.replace("http", "ws") + "/websocket/v1", max_msg_size=1 << 20) as socket:
                await socket.send_str(json.dumps(request))
                start = time.monotonic()
                frames = 0
                window_frames = 0
                next_sample = start + args.interval
                samples = []
                while time.monotonic() - start < args.seconds:
                    try:
                        await asyncio.wait_for(socket.receive(), timeout=5)
                    except asyncio.TimeoutError:
                        print(json.dumps({"error": "no frame for 5 s"}), flush=True)
                        break
                    frames += 1
                    window_frames += 1
                    now = time.monotonic()
                    if now >= next_sample:
                        sample = {"seconds": round(now - start), "framesPerSecond": round(window_frames / args.interval),
                                  "serverRSSMiB": round(resident_mib(server.pid), 1)}
                        samples.append(sample)
                        print(json.dumps(sample), flush=True)
                        window_frames = 0
                        next_sample += args.interval
                later = [s["serverRSSMiB"] for s in samples[len(samples) // 2:]] or [0]
                print(json.dumps({"summary": True, "frames": frames, "seconds": round(time.monotonic() - start),
                                  "meanFramesPerSecond": round(frames / max(1, time.monotonic() - start)),
                                  "rssFirstMiB": samples[0]["serverRSSMiB"] if samples else None,
                                  "rssSecondHalfMinMiB": min(later), "rssSecondHalfMaxMiB": max(later),
                                  "rssLastMiB": samples[-1]["serverRSSMiB"] if samples else None}), flush=True)
    finally:
        stop(server)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("binary")
    parser.add_argument("--rate", type=float, default=5000)
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--markets", type=int, default=200)
    parser.add_argument("--interval", type=float, default=10)
    asyncio.run(soak(parser.parse_args()))


if __name__ == "__main__":
    main()
