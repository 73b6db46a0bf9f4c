#!/usr/bin/env python3
"""boto3 with its default retry settings against Minnow's injected faults (docs/admin-api.md).

    DYNAMODB_ENDPOINT=http://127.0.0.1:8000 python3 boto3_retries.py TABLE ACCESS_KEY

The table (key "pk", type S) must exist in the namespace of ACCESS_KEY / us-east-1. For each
error, two failures are injected for the next GetItem calls on the table; boto3 must retry them
and succeed on its third attempt. An error the resolved retry mode does not retry (legacy mode
does not know RequestLimitExceeded) must surface at once. Prints one line per case; exits 1 on
the first wrong outcome, 2 when boto3 is missing. Run by conformance/test/faults.test.mjs.
"""
import sys

try:
    import boto3
    import botocore.exceptions
except ImportError:
    print("boto3 is not installed", file=sys.stderr)
    sys.exit(2)

from minnow_admin import admin, endpoint  # noqa: E402 (after the check for boto3)

table, access_key = sys.argv[1], sys.argv[2]
namespace = access_key + "%2Fus-east-1"


session = boto3.session.Session(aws_access_key_id=access_key, aws_secret_access_key="secret",
                                region_name="us-east-1")
mode = session._session.get_config_variable("retry_mode")  # the default, as resolved
client = session.client("dynamodb", endpoint_url=endpoint)
key = {"pk": {"S": "boto3"}}
# Which errors the resolved mode retries (botocore's _retry.json for legacy, retries/standard.py).
retried = {
    "ProvisionedThroughputExceededException": True,
    "ThrottlingException": True,
    "RequestLimitExceeded": mode != "legacy",
    "InternalServerError": True,
    "ServiceUnavailable": True,
}
print(f"boto3 {boto3.__version__}, retry mode {mode}")
for error, expect_retry in retried.items():
    admin("POST", f"/_minnow/faults?namespace={namespace}",
          {"error": error, "operation": "GetItem", "table": table, "count": 2})
    try:
        out = client.get_item(TableName=table, Key=key)
        outcome = f"succeeded after {out['ResponseMetadata']['RetryAttempts']} retries"
        ok = expect_retry and out["ResponseMetadata"]["RetryAttempts"] == 2
    except botocore.exceptions.ClientError as e:
        code = e.response["Error"]["Code"]
        attempts = e.response["ResponseMetadata"].get("RetryAttempts")
        outcome = f"failed with {code} after {attempts} retries"
        ok = not expect_retry and code == error and attempts == 0
    admin("DELETE", f"/_minnow/faults?namespace={namespace}")
    print(f"{error}: {outcome}")
    if not ok:
        print(f"{error}: expected {'two retries then success' if expect_retry else 'no retry'}", file=sys.stderr)
        sys.exit(1)
