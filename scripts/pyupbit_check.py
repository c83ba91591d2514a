#!/usr/bin/env python3
"""Points pyupbit (PyPI, written by nobody here) at the demo exchange's Upbit side and checks that
its signed `Upbit(access, secret).get_balances()` reads the demo's seeded account with the demo key
pair and is refused with a wrong secret: the demo checks tokens as pyupbit signs them (PyJWT, HS256).
pyupbit's URL is fixed to https://api.upbit.com, so its `requests.get` is pointed at the demo.

usage: pyupbit_check.py BASE_URL   (e.g. http://127.0.0.1:41181, as `coinboard serve-demo` prints)
Prints one line per check and a closing `N passed, M failed`; exits 1 on any failure."""
import sys
import warnings

import pyupbit
import pyupbit.request_api as request_api
import requests

DEMO_ACCESS, DEMO_SECRET = "coinboard-demo-access", "coinboard-demo-secret"
results = {"passed": 0, "failed": 0}


def check(name, condition, detail=""):
    results["passed" if condition else "failed"] += 1
    print(f"{'ok  ' if condition else 'FAIL'} {name}{': ' + detail if detail else ''}", flush=True)


def main(base):
    warnings.simplefilter("ignore")  # PyJWT warns that the demo's secret is short; it is a demo pair
    real_get = requests.get
    request_api.requests.get = lambda url, **options: real_get(url.replace("https://api.upbit.com", base + "/upbit"), **options)
    try:
        rows = {row["currency"]: row for row in pyupbit.Upbit(DEMO_ACCESS, DEMO_SECRET).get_balances()}
        check("pyupbit get_balances", rows.get("KRW", {}).get("balance") == "4750000"
              and rows.get("BTC", {}).get("balance") == "0.12345678" and rows.get("ETH", {}).get("locked") == "0.5",
              f"{sorted(rows)}")
    except Exception as error:  # a client error is a failed check, reported with its cause
        check("pyupbit get_balances ran without an exception", False, f"{type(error).__name__}: {error}")
    try:
        answer = pyupbit.Upbit(DEMO_ACCESS, DEMO_SECRET + "x").get_balances()
        check("pyupbit get_balances with a wrong secret is refused", False, f"answered {answer}")
    except Exception as error:
        check("pyupbit get_balances with a wrong secret is refused", type(error).__name__ == "JwtVerification",
              f"{type(error).__name__}")
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
