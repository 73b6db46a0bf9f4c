// Shape fragments shared by the item actions (transcribed from dynalite's validations).
#pragma once

#define MINNOW_SHAPE_TABLE_NAME \
  R"("TableName": {"type": "String", "notNull": true, "tableNameRules": true})"
#define MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY \
  R"("ReturnConsumedCapacity": {"type": "String", "enum": ["INDEXES", "TOTAL", "NONE"]})"
#define MINNOW_SHAPE_RETURN_VALUES \
  R"("ReturnValues": {"type": "String", "enum": ["ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"]})"
#define MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS \
  R"("ReturnItemCollectionMetrics": {"type": "String", "enum": ["SIZE", "NONE"]})"
#define MINNOW_SHAPE_EXPECTED                                                                                                                                                   \
  R"("ConditionalOperator": {"type": "String", "enum": ["OR", "AND"]}, )"                                                                                                       \
  R"("Expected": {"type": "Map<ExpectedAttributeValue>", "children": {"type": "ValueStruct<ExpectedAttributeValue>", )"                                                         \
  R"("children": {"AttributeValueList": {"type": "List", "children": "AttrStruct<ValueStruct>"}, )"                                                                             \
  R"("ComparisonOperator": {"type": "String", "enum": ["IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT", "NOT_NULL", "NE", "LE", "BEGINS_WITH", "GE", "CONTAINS"]}, )" \
  R"("Exists": "Boolean", "Value": "AttrStruct<FieldStruct>"}}})"
#define MINNOW_SHAPE_EXPRESSION_ATTRIBUTES                                                                   \
  R"("ExpressionAttributeValues": {"type": "Map<AttributeValue>", "children": "AttrStruct<ValueStruct>"}, )" \
  R"("ExpressionAttributeNames": {"type": "Map<java.lang.String>", "children": "String"})"
#define MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE \
  R"("ReturnValuesOnConditionCheckFailure": {"type": "String", "enum": ["ALL_OLD", "NONE"]})"
