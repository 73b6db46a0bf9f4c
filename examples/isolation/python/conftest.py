"""Every test its own database, with pytest (and pytest-xdist): the fixtures Minnow was seeded
with (minnow --seed ../fixtures.jsonl) are forked once per worker into a namespace of the
worker's own, checkpointed, and put back after every test. Neither call copies the items, so
they take the same time whatever the fixtures' size (docs/admin-api.md).

    MINNOW_ENDPOINT=http://localhost:8000 pytest -n 4

Copy this file next to your tests; `ddb` is the client to use in them.
"""
import json
import os
import urllib.request

import boto3
import pytest

ENDPOINT = os.environ.get("MINNOW_ENDPOINT", "http://localhost:8000")
REGION = "us-east-1"
SEED = f"seed/{REGION}"  # any namespace Minnow seeded (every one is) or that the suite loaded


def minnow(path, body=None, namespace=None):
    """A /_minnow call (docs/admin-api.md); its JSON answer."""
    url = f"{ENDPOINT}/_minnow/{path}" + (f"?namespace={namespace}" if namespace else "")
    request = urllib.request.Request(url, data=json.dumps(body or {}).encode(), method="POST",
                                     headers={"X-Minnow-Admin": "1", "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


@pytest.fixture(scope="session")
def namespace(worker_id):
    """This worker's namespace, a fork of the seed, checkpointed: (access key, checkpoint id)."""
    access_key = f"pytest-{worker_id}"  # gw0, gw1, ... under xdist; master without it
    target = f"{access_key}/{REGION}"
    minnow("namespaces/fork", {"source": SEED, "target": target, "replace": True})
    checkpoint = minnow("checkpoint", namespace=target)["id"]
    yield access_key, checkpoint
    minnow("rewind", {"id": checkpoint}, namespace=target)


@pytest.fixture
def ddb(namespace):
    """A DynamoDB client on this worker's namespace; after the test, the namespace is rewound."""
    access_key, checkpoint = namespace
    yield boto3.client("dynamodb", endpoint_url=ENDPOINT, region_name=REGION,
                       aws_access_key_id=access_key, aws_secret_access_key="x")
    minnow("rewind", {"id": checkpoint}, namespace=f"{access_key}/{REGION}")
