#!/usr/bin/env python3
"""Send every row of golden_test.cpp to a DynamoDB endpoint and report the rows whose message
differs.   check_golden.py [URL]   (default http://127.0.0.1:8001, DynamoDB Local)

Needs a table "exprtest_golden" with a string hash key "pk" (created when missing). Conditions are
sent as UpdateItem ConditionExpression (with "SET zz = :zz"), filters as Scan, key conditions as
Query, projections as GetItem, updates as UpdateItem. An accepted request, a failed condition, or
an error that only a later stage of the action produces counts as "OK"."""
import json, re, sys, urllib.request, urllib.error

URL = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8001"
T = "exprtest_golden"
LATER = ("The conditional request failed", "Query condition missed key schema element",
         "Query key condition not supported", "Key attributes must be scalars",
         "The document path provided in the update expression is invalid for update",
         "An operand in the update expression has an incorrect data type",
         "The provided expression refers to an attribute that does not exist in the item")

def call(action, body):
    req = urllib.request.Request(URL, data=json.dumps(body).encode(), method="POST", headers={
        "X-Amz-Target": "DynamoDB_20120810." + action, "Content-Type": "application/x-amz-json-1.0",
        "Authorization": "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20260101/us-east-1/dynamodb/aws4_request, "
                         "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0",
        "X-Amz-Date": "20260101T000000Z"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return "OK"
    except urllib.error.HTTPError as e:
        d = json.loads(e.read().decode())
        return d.get("message", d.get("Message", ""))

def value(spec):
    t, _, body = spec.partition(":")
    if t in ("S", "N"): return {t: body}
    if t == "B": import base64; return {"B": base64.b64encode(body.encode()).decode()}
    if t == "BOOL": return {"BOOL": body == "true"}
    if t == "NULL": return {"NULL": True}
    if t in ("SS", "NS"): return {t: body.split("|")}
    if t == "BS": import base64; return {"BS": [base64.b64encode(x.encode()).decode() for x in body.split("|")]}
    if t == "L": return {"L": [value(x) for x in body.split("|")] if body else []}
    return {"M": {}}

def parse_map(spec, conv):
    if spec == "{}": return {}
    return {k: conv(v) for k, v in (tok.split("=", 1) for tok in spec.split())}

call("CreateTable", {"TableName": T, "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                     "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"})
src = open(__file__.replace("check_golden.py", "golden_test.cpp"), encoding="utf-8").read()
row = re.compile(r'\{K::(\w), R"~\((.*?)\)~", "(.*?)", "(.*?)", (?:R"~\((.*?)\)~"|"(OK)")\}')
bad = total = 0
for m in row.finditer(src):
    kind, expr, names, values, msg = m.group(1), m.group(2), m.group(3), m.group(4), m.group(5) or m.group(6)
    n = parse_map(names, str) if names else None
    v = parse_map(values, value) if values else None
    key = {"pk": {"S": "golden"}}
    if kind == "C":
        body = {"TableName": T, "Key": key, "UpdateExpression": "SET zz = :zz", "ConditionExpression": expr}
        v = dict(v or {}); v[":zz"] = {"S": "z"}; action = "UpdateItem"
    elif kind == "U": body = {"TableName": T, "Key": key, "UpdateExpression": expr}; action = "UpdateItem"
    elif kind == "F": body = {"TableName": T, "FilterExpression": expr}; action = "Scan"
    elif kind == "K": body = {"TableName": T, "KeyConditionExpression": expr}; action = "Query"
    else: body = {"TableName": T, "Key": key, "ProjectionExpression": expr}; action = "GetItem"
    if n is not None: body["ExpressionAttributeNames"] = n
    if v is not None: body["ExpressionAttributeValues"] = v
    got = call(action, body)
    if any(got.startswith(x) for x in LATER): got = "OK"
    total += 1
    if got != msg:
        bad += 1
        print(f"DIFF {kind} {expr!r} names={names!r} values={values!r}\n  want: {msg}\n  got:  {got}")
print(f"{total - bad} same, {bad} different")
