#!/usr/bin/env python3
"""What a test suite in another language does with the mock's control API.

Python's standard library only (urllib): nothing to install. The mock's URL
and the account's key come from the environment, as the CI recipe exports
them (SVC_API_BASE_URL ends in /v2, SVC_API_TOKEN is the key).

  check_tracking.py arrange
      forget the account's journal, and make the service answer the next
      read of a tracking request with a 503 (a stub, once)
  check_tracking.py verify <container number> <ref number>...
      check that the application made exactly one tracking request, for
      that number with those reference numbers, and read it again after
      the 503

Exit code 0 when every check holds, 1 when one does not (its message shows
what the mock received), 2 for a wrong command line.
"""
import json
import os
import sys
import urllib.error
import urllib.request

BASE_URL = os.environ.get("SVC_API_BASE_URL", "")
API_KEY = os.environ.get("SVC_API_TOKEN", "")
READ = {"method": "GET", "path": "/v2/tracking_requests/*"}
CREATE = {"method": "POST", "path": "/v2/tracking_requests"}


def control(method, path, body=None):
    """Calls the mock's control API as the account of API_KEY: (status, JSON answer or None)."""
    origin = BASE_URL[: -len("/v2")]
    request = urllib.request.Request(
        f"{origin}/_mock{path}",
        data=None if body is None else json.dumps(body).encode(),
        method=method,
        headers={"Authorization": f"Token {API_KEY}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read().decode()
            return response.status, json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        return error.code, json.loads(text) if text else None


def arrange():
    status, _ = control("DELETE", "/journal")
    if status != 204:
        print(f"could not clear the journal: the mock answered {status}", file=sys.stderr)
        return 1
    status, stub = control(
        "POST",
        "/stubs",
        {
            "request": READ,
            "response": {
                "status": 503,
                "headers": {"Retry-After": "0"},
                "body": {"errors": [{"status": "503", "title": "Service Unavailable"}]},
            },
            "times": 1,
        },
    )
    if status != 201:
        print(f"could not set the stub: the mock answered {status}: {json.dumps(stub)}", file=sys.stderr)
        return 1
    print(f"stub {stub['id']}: the next read of a tracking request answers 503")
    return 0


def verify(number, ref_numbers):
    attributes = {"request_number": number, "ref_numbers": ref_numbers}
    checks = [
        ("exactly one tracking request", {"request": CREATE, "count": 1}),
        (
            f"it tracks {number} with {', '.join(ref_numbers)}",
            {"request": {**CREATE, "body": {"data": {"attributes": attributes}}}, "count": 1},
        ),
        (
            "a read answered 503, then a retry answered 200",
            {"order": [{**READ, "status": 503}, {**READ, "status": 200}]},
        ),
    ]
    failed = 0
    for what, question in checks:
        status, answer = control("POST", "/journal/verify", question)
        if status != 200:
            print(f"FAIL {what}: the mock answered {status}: {json.dumps(answer)}")
            failed += 1
        elif answer["ok"]:
            print(f"ok   {what}")
        else:
            print(f"FAIL {what}\n{answer['message']}")
            failed += 1
    return 1 if failed else 0


def main(argv):
    if not BASE_URL.endswith("/v2") or not API_KEY:
        print("set SVC_API_BASE_URL (ending in /v2) and SVC_API_TOKEN", file=sys.stderr)
        return 2
    if argv[:1] == ["arrange"] and len(argv) == 1:
        return arrange()
    if argv[:1] == ["verify"] and len(argv) >= 3:
        return verify(argv[1], argv[2:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
