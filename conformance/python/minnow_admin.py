"""What the conformance suite's Python scripts share: the endpoint under test and Minnow's
/_minnow test controls (docs/admin-api.md), called as a test suite calls them."""
import json
import os
import urllib.request

endpoint = os.environ.get("DYNAMODB_ENDPOINT", "http://127.0.0.1:8000").rstrip("/")


def admin(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(endpoint + path, data=data, method=method,
                                 headers={"Content-Type": "application/json", "X-Minnow-Admin": "1"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())
