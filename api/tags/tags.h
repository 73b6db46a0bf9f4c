// Tags on tables: TagResource, UntagResource, ListTagsOfResource, and CreateTable's Tags.
//
// A table's tags live in its TableDefinition (sorted by key, unique keys), so they survive
// UpdateTable and disappear with the table; a restored table starts without tags, as AWS
// documents. Only table ARNs are taggable (DynamoDB's indexes and streams are not).
//
// The checks, in DynamoDB's order as dynalite captured it (validations/tagResource.js):
//   1. the Shape (JSON types; a tag's Key and Value present, their lengths);
//   2. ResourceArn absent -> "Invalid TableArn"; not of the form a:b:c:d:e:f/g ->
//      AccessDeniedException (but a TagResource with its Tags: "Invalid TableArn: ...", 2026);
//      Tags (TagKeys) absent; not a table ARN -> "Invalid TableArn: ..."; Tags (TagKeys) empty;
//   3. what AWS documents and dynalite predates: no "aws:" key, allowed characters, no key twice
//      in one request, at most 50 tags on the table (Minnow's wording, model/control_errors.h;
//      api/tag_list, which CreateTable's Tags share);
//   4. the table: another account's ARN -> AccessDeniedException; another region's, or no such
//      table -> ResourceNotFoundException.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "api/action.h"
#include "engine/table.h"
#include "requests/tags.h"

namespace minnow::api::tags {

using requests::TagList;


// Step 2's ARN checks around the request's own list member (`list`, "Tags" or "TagKeys"; null
// for ListTagsOfResource), in dynalite's order. Returns the ARN.
std::string check_resource_arn(const ActionContext& context, const JsonValue& request, const char* list);
// Step 4: the table named by a checked table ARN, or null when there is none in this
// account's namespace and region (the caller words the ResourceNotFoundException).
std::shared_ptr<engine::Table> find_tagged_table(const ActionContext& context, const std::string& arn);

}  // namespace minnow::api::tags
