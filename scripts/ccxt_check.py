#!/usr/bin/env python3
"""Points ccxt's own Bithumb, Upbit and Binance clients (PyPI `ccxt`, written by nobody here) at the
demo exchange and checks that every public call they make gets sane data: Bithumb in both API
generations, Upbit at the demo's `/upbit` prefix, Binance's REST at `/binance`; and that their signed `fetch_balance` reads the
demo's seeded account with the demo key pair and is refused with a wrong secret, so the demo checks
tokens as real clients sign them.

usage: ccxt_check.py BASE_URL   (e.g. http://127.0.0.1:41181, as `coinboard serve-demo` prints)
Prints one line per check and a closing `N passed, M failed`; exits 1 on any failure."""
import asyncio
import sys
import time

import ccxt.pro as ccxtpro

results = {"passed": 0, "failed": 0}


def check(name, condition, detail=""):
    results["passed" if condition else "failed"] += 1
    print(f"{'ok  ' if condition else 'FAIL'} {name}{': ' + detail if detail else ''}", flush=True)


def sane_book(book):
    bids, asks = book["bids"], book["asks"]
    return (len(bids) > 0 and len(asks) > 0 and bids[0][0] < asks[0][0]
            and all(a[0] > b[0] for a, b in zip(bids, bids[1:]))
            and all(a[0] < b[0] for a, b in zip(asks, asks[1:]))
            and all(level[1] > 0 for level in bids + asks))


def recent(milliseconds, window=3 * 86_400_000):
    return milliseconds is not None and abs(time.time() * 1000 - milliseconds) < window


def bithumb(base, generation):
    exchange = ccxtpro.bithumb({"enableRateLimit": False})
    exchange.urls["api"]["public"] = base
    socket = base.replace("http://", "ws://")
    exchange.urls["api"]["ws"]["public"] = socket + "/pub/ws"
    exchange.urls["api"]["ws"]["publicGen2"] = socket + "/websocket/v1"
    return exchange, {"generation": generation}, f"generation {generation}"


def upbit(base):
    exchange = ccxtpro.upbit({"enableRateLimit": False})
    exchange.urls["api"]["public"] = base + "/upbit"
    exchange.urls["api"]["ws"] = base.replace("http://", "ws://") + "/upbit/websocket/v1"
    return exchange, {}, "upbit"


async def exercise(exchange, params, label):
    try:
        markets = await exchange.load_markets(params=params)
        check(f"{label} load_markets", "BTC/KRW" in markets and len(markets) >= 100, f"{len(markets)} markets")

        ticker = await exchange.fetch_ticker("BTC/KRW", params)
        check(f"{label} fetch_ticker", ticker["last"] and ticker["last"] > 1_000_000 and ticker["high"] >= ticker["low"]
              and ticker["quoteVolume"] and ticker["quoteVolume"] > 0, f"last {ticker['last']} change {ticker['percentage']}%")

        book = await exchange.fetch_order_book("BTC/KRW", None, params)
        check(f"{label} fetch_order_book", sane_book(book), f"{len(book['bids'])}+{len(book['asks'])} levels, "
              f"best {book['bids'][0][0]} / {book['asks'][0][0]}")

        trades = await exchange.fetch_trades("BTC/KRW", None, 10, params)
        check(f"{label} fetch_trades", len(trades) > 0 and all(t["price"] > 0 and t["amount"] > 0 and t["side"] in ("buy", "sell")
                                                                 and recent(t["timestamp"]) for t in trades),
              f"{len(trades)} trades, last {trades[-1]['price'] if trades else None}")

        candles = await exchange.fetch_ohlcv("BTC/KRW", "1m", None, 50, params)
        check(f"{label} fetch_ohlcv", len(candles) >= 10 and all(c[2] >= max(c[1], c[4]) and c[3] <= min(c[1], c[4])
                                                                   and c[5] >= 0 and recent(c[0]) for c in candles),
              f"{len(candles)} candles")

        live = await asyncio.wait_for(exchange.watch_ticker("BTC/KRW", params), 20)
        check(f"{label} watch_ticker", live["last"] and live["last"] > 1_000_000, f"last {live['last']}")

        # ccxt builds the legacy generation's book from the depth deltas alone, starting empty: a
        # side appears with its first change, so wait (at most 100 updates) until both have one.
        live_book = await asyncio.wait_for(exchange.watch_order_book("BTC/KRW", None, params), 20)
        for _ in range(100):
            live_book = await asyncio.wait_for(exchange.watch_order_book("BTC/KRW", None, params), 20)
            if sane_book(live_book):
                break
        check(f"{label} watch_order_book", sane_book(live_book),
              f"best {live_book['bids'][0][0] if live_book['bids'] else None} / {live_book['asks'][0][0] if live_book['asks'] else None}")

        live_trades = await asyncio.wait_for(exchange.watch_trades("BTC/KRW", None, None, params), 20)
        check(f"{label} watch_trades", len(live_trades) > 0 and all(t["price"] > 0 and t["amount"] > 0 for t in live_trades),
              f"{len(live_trades)} trades")
    except Exception as error:  # a client error is a failed check, reported with its cause
        check(f"{label} ran without an exception", False, f"{type(error).__name__}: {error}")
    finally:
        await exchange.close()


DEMO_ACCESS, DEMO_SECRET = "coinboard-demo-access", "coinboard-demo-secret"


def signed(name, base, secret):
    exchange = getattr(ccxtpro, name)({"enableRateLimit": False, "apiKey": DEMO_ACCESS, "secret": secret})
    root = base + ("/upbit" if name == "upbit" else "")
    exchange.urls["api"]["public"] = root
    exchange.urls["api"]["private"] = root
    return exchange


async def balances(base):
    for name in ("bithumb", "upbit"):
        exchange = signed(name, base, DEMO_SECRET)
        try:
            balance = await exchange.fetch_balance()
            totals = balance["total"]
            check(f"{name} fetch_balance", totals.get("KRW") == 5_000_000 and totals.get("BTC") == 0.12345678
                  and totals.get("ETH") == 2 and balance["used"].get("ETH") == 0.5,
                  f"KRW {totals.get('KRW')}, BTC {totals.get('BTC')}, ETH {totals.get('ETH')}")
        except Exception as error:
            check(f"{name} fetch_balance ran without an exception", False, f"{type(error).__name__}: {error}")
        finally:
            await exchange.close()
        wrong = signed(name, base, DEMO_SECRET + "x")
        try:
            await wrong.fetch_balance()
            check(f"{name} fetch_balance with a wrong secret is refused", False, "it was answered")
        except ccxtpro.BaseError as error:
            # ccxt names Upbit's refusal; Bithumb's 2.0 names it does not map, so it passes on the message.
            refused = "jwt_verification" in str(error) or "Jwt 토큰 검증에 실패했습니다" in str(error)
            check(f"{name} fetch_balance with a wrong secret is refused", refused, f"{type(error).__name__}: {error}")
        finally:
            await wrong.close()


async def binance(base):
    """ccxt's Binance client on the demo's `/binance`: spot only (the default types would call the
    real futures hosts); its REST calls, then its streams on `/binance/ws/N` (a ticker, and a book
    kept from the REST snapshot and the changed levels after it)."""
    socket = base.replace("http://", "ws://") + "/binance/ws"
    exchange = ccxtpro.binance({"enableRateLimit": False,
                                "urls": {"api": {"public": base + "/binance/api/v3", "ws": {"spot": socket}}},
                                "options": {"fetchMarkets": {"types": ["spot"]}}})
    try:
        markets = await exchange.load_markets()
        check("binance load_markets", "BTC/USDT" in markets and len(markets) >= 20, f"{len(markets)} markets")
        ticker = await exchange.fetch_ticker("BTC/USDT")
        check("binance fetch_ticker", ticker["last"] and 1_000 < ticker["last"] < 10_000_000 and ticker["high"] >= ticker["low"]
              and ticker["bid"] and ticker["ask"] and ticker["bid"] <= ticker["ask"], f"last {ticker['last']} USDT")
        book = await exchange.fetch_order_book("BTC/USDT", 5)
        check("binance fetch_order_book", sane_book(book) and len(book["bids"]) == 5, f"{book['bids'][0][0]} / {book['asks'][0][0]}")
        candles = await exchange.fetch_ohlcv("BTC/USDT", "1m", limit=30)
        check("binance fetch_ohlcv", len(candles) == 30 and all(c[2] >= c[3] for c in candles)
              and all(a[0] < b[0] for a, b in zip(candles, candles[1:])) and recent(candles[-1][0]), f"{len(candles)} candles")
        live = await asyncio.wait_for(exchange.watch_ticker("BTC/USDT"), 20)
        check("binance watch_ticker", live["last"] and abs(live["last"] - ticker["last"]) < ticker["last"] * 0.05, f"last {live['last']}")
        full = await asyncio.wait_for(exchange.watch_ticker("ETH/USDT", {"name": "ticker"}), 20)
        check("binance watch_ticker (24hrTicker)", full["bid"] and full["ask"] and full["bid"] <= full["ask"], f"{full['bid']} / {full['ask']}")
        live_book = await asyncio.wait_for(exchange.watch_order_book("BTC/USDT"), 20)
        for _ in range(5):
            live_book = await asyncio.wait_for(exchange.watch_order_book("BTC/USDT"), 20)
        check("binance watch_order_book", sane_book(live_book), f"{live_book['bids'][0][0]} / {live_book['asks'][0][0]} nonce {live_book['nonce']}")
    except Exception as error:  # noqa: BLE001 - any failure is a failed check, reported
        check("binance", False, f"{type(error).__name__}: {error}")
    finally:
        await exchange.close()


async def main(base):
    for generation in (2, 1):
        await exercise(*bithumb(base, generation))
    await exercise(*upbit(base))
    await balances(base)
    await binance(base)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1])))
