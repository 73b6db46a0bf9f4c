"""Tests that write freely: each starts from the seeded fixtures (20 orders of 5 customers), and
none sees another's writes, whichever worker runs it and in whichever order."""
import pytest


def orders(ddb, customer):
    answer = ddb.query(TableName="Orders", KeyConditionExpression="customer = :c",
                       ExpressionAttributeValues={":c": {"S": customer}})
    return sorted(item["order"]["S"] for item in answer["Items"])


@pytest.mark.parametrize("round", range(8))
def test_a_new_order_is_the_only_change(ddb, round):
    assert orders(ddb, "c1") == ["o0", "o1", "o2", "o3"]
    ddb.put_item(TableName="Orders", Item={"customer": {"S": "c1"}, "order": {"S": f"new{round}"},
                                           "status": {"S": "open"}, "total": {"N": "1"}})
    assert orders(ddb, "c1") == ["new%d" % round, "o0", "o1", "o2", "o3"]


@pytest.mark.parametrize("round", range(8))
def test_deleting_a_customer_leaves_the_others(ddb, round):
    for order in ["o0", "o1", "o2", "o3"]:
        ddb.delete_item(TableName="Orders", Key={"customer": {"S": "c2"}, "order": {"S": order}})
    assert orders(ddb, "c2") == []
    assert ddb.scan(TableName="Orders", Select="COUNT")["Count"] == 16


@pytest.mark.parametrize("round", range(8))
def test_the_index_sees_the_fixtures_only(ddb, round):
    answer = ddb.query(TableName="Orders", IndexName="by_status", KeyConditionExpression="#s = :s",
                       ExpressionAttributeNames={"#s": "status"}, ExpressionAttributeValues={":s": {"S": "open"}})
    assert answer["Count"] == 10
    ddb.update_item(TableName="Orders", Key={"customer": {"S": "c3"}, "order": {"S": "o0"}},
                    UpdateExpression="SET #s = :s", ExpressionAttributeNames={"#s": "status"},
                    ExpressionAttributeValues={":s": {"S": "shipped"}})
