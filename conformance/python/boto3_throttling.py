#!/usr/bin/env python3
"""boto3 against Minnow's --capacity-model (docs/production-physics.md), its clock frozen.

    DYNAMODB_ENDPOINT=http://127.0.0.1:8000 python3 boto3_throttling.py TABLE ACCESS_KEY

The table (key "pk", type S, one write unit a second, never written) must exist in the namespace
of ACCESS_KEY / us-east-1, and Minnow's clock must be frozen. Two cases:
  - boto3's own retries absorb a throttle: each attempt after the first moves the clock a second
    on first (as time would have passed), so the second attempt succeeds;
  - an application's retry loop (boto3's retries off) sees the refusal, its ThrottlingReasons
    (when this botocore's model has them), waits (moves the clock) and succeeds.
Prints one line per case; exits 1 on the first wrong outcome, 2 when boto3 is missing. Run by
conformance/test/capacity_model.test.mjs.
"""
import json
import sys

try:
    import boto3
    import botocore.config
    import botocore.exceptions
except ImportError:
    print("boto3 is not installed", file=sys.stderr)
    sys.exit(2)

from minnow_admin import admin, endpoint  # noqa: E402 (after the check for boto3)

table, access_key = sys.argv[1], sys.argv[2]


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


session = boto3.session.Session(aws_access_key_id=access_key, aws_secret_access_key="secret",
                                region_name="us-east-1")
print(f"boto3 {boto3.__version__}")

# boto3's retries: the first put takes the table's one unit; the second is throttled once.
retrying = session.client("dynamodb", endpoint_url=endpoint)
attempts = []


def advance_before_retries(request, **_):
    attempts.append(1)
    if len(attempts) > 1:
        admin("POST", "/_minnow/clock", {"advanceSeconds": 1})


retrying.put_item(TableName=table, Item={"pk": {"S": "a"}})
retrying.meta.events.register("before-send.dynamodb.PutItem", advance_before_retries)
out = retrying.put_item(TableName=table, Item={"pk": {"S": "b"}})
retries = out["ResponseMetadata"]["RetryAttempts"]
print(f"boto3's retries: succeeded after {retries} retry")
if retries != 1:
    fail("expected one retry")

# The application's loop, boto3's retries off.
once = session.client("dynamodb", endpoint_url=endpoint,
                      config=botocore.config.Config(retries={"total_max_attempts": 1}))
try:
    once.put_item(TableName=table, Item={"pk": {"S": "c"}})
    fail("expected ProvisionedThroughputExceededException")
except botocore.exceptions.ClientError as e:
    code = e.response["Error"]["Code"]
    if code != "ProvisionedThroughputExceededException":
        fail(f"expected ProvisionedThroughputExceededException, got {code}")
    modeled = "ThrottlingReasons" in once.meta.service_model.shape_for(
        "ProvisionedThroughputExceededException").members
    reasons = e.response.get("ThrottlingReasons")
    if modeled and [r.get("reason") for r in reasons or []] != ["TableWriteProvisionedThroughputExceeded"]:
        fail(f"expected the reason TableWriteProvisionedThroughputExceeded, got {reasons}")
    print(f"the application's loop: {code}, ThrottlingReasons "
          f"{json.dumps(reasons) if modeled else 'not in this botocore model'}")
admin("POST", "/_minnow/clock", {"advanceSeconds": 1})
once.put_item(TableName=table, Item={"pk": {"S": "c"}})
print("the application's loop: succeeded after waiting")
