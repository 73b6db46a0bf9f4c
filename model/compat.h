// Whose answers Minnow gives where DynamoDB and DynamoDB Local differ in ways that harnesses
// depend on (--compat, MINNOW_COMPAT). DynamoDB's by default. DynamoDB Local's start-up contract
// for the harnesses written for its image: `GET /` answers 400 with its body, and its start-up
// lines are printed (server/dynamodb_local_contract.h).
#pragma once

namespace minnow::model {

enum class Compat { kDynamoDB, kDynamoDBLocal };

}  // namespace minnow::model
