#!/usr/bin/env python3
"""boto3 against a Minnow started with --verify-signatures and the conformance credentials:
the right secret is served, a wrong secret is InvalidSignatureException, an unknown key
UnrecognizedClientException, and a client whose clock is 20 minutes off is refused as expired.

    MINNOW_VERIFYING_ENDPOINT=http://127.0.0.1:8001 python3 conformance/python/signatures.py

Exits 0 when every check passes; prints one line per check. Needs boto3 (Debian: python3-boto3).
"""
import datetime
import os
import sys
from unittest import mock

import boto3
import botocore.auth
import botocore.exceptions
from botocore.config import Config

ENDPOINT = os.environ["MINNOW_VERIFYING_ENDPOINT"]
KEY, SECRET = "AKIDMINNOWCONFORMANCE", "minnow-conformance-secret"  # conformance/lib/env.mjs
NO_RETRIES = Config(retries={"max_attempts": 1, "mode": "standard"})
failures = 0


def client(key=KEY, secret=SECRET):
    return boto3.client("dynamodb", endpoint_url=ENDPOINT, region_name="us-east-1", aws_access_key_id=key,
                        aws_secret_access_key=secret, config=NO_RETRIES)


def check(name, call, error=None, message_start=""):
    global failures
    try:
        call()
        ok = error is None
        detail = "served"
    except botocore.exceptions.ClientError as e:
        code, message = e.response["Error"]["Code"], e.response["Error"]["Message"]
        ok = code == error and message.startswith(message_start)
        detail = f"{code}: {message.splitlines()[0]}"
    print(("ok     " if ok else "FAILED ") + name + " -> " + detail)
    failures += 0 if ok else 1


check("the right secret", lambda: client().list_tables())
check("the right secret, a body with non-ASCII text",
      lambda: client().put_item(TableName="no-such-table", Item={"pk": {"S": "\u00e9 \u2211 \U0001f41f"}}),
      "ResourceNotFoundException")
check("a wrong secret", lambda: client(secret="wrong").list_tables(), "InvalidSignatureException",
      "The request signature we calculated does not match")
check("an unknown access key", lambda: client(key="AKIDNOBODYKNOWS").list_tables(), "UnrecognizedClientException",
      "The security token included in the request is invalid.")

# botocore takes the signing time from datetime.datetime.utcnow() in botocore.auth.
real_datetime = datetime.datetime


class SkewedDatetime(real_datetime):
    @classmethod
    def utcnow(cls):
        return real_datetime.utcnow() - datetime.timedelta(minutes=20)

    @classmethod
    def now(cls, tz=None):
        return real_datetime.now(tz) - datetime.timedelta(minutes=20)


with mock.patch.object(botocore.auth.datetime, "datetime", SkewedDatetime):
    check("a clock 20 minutes slow", lambda: client().list_tables(), "InvalidSignatureException", "Signature expired")

sys.exit(1 if failures else 0)
