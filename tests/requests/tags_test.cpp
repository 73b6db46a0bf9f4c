// The typed tag requests without JSON: TagResource merges by key and refuses past 50 tags
// without a change; UntagResource removes by key; ListTagsOfResource lists them in key order.
#include "requests/tags.h"

#include <catch2/catch.hpp>

#include "tests/requests/fixture.h"

namespace tags_test {

namespace {

using namespace minnow;
using requests::TagList;

}  // namespace

TEST_CASE("TagResource, UntagResource, ListTagsOfResource") {
  testing::RequestsFixture f;
  auto table = f.create_table("t");
  auto listed = [&] { return requests::execute(f.context(), requests::ListTagsOfResourceRequest{table}).tags; };

  CHECK(requests::execute(f.context(), requests::TagResourceRequest{table, {{"b", "1"}, {"d", "2"}}}).too_many == 0);
  CHECK(requests::execute(f.context(), requests::TagResourceRequest{table, {{"a", "3"}, {"b", "4"}}}).too_many == 0);
  CHECK(listed() == TagList{{"a", "3"}, {"b", "4"}, {"d", "2"}});

  TagList many;
  for (int i = 0; i < 48; ++i) many.emplace_back("k" + std::to_string(100 + i), "v");
  CHECK(requests::execute(f.context(), requests::TagResourceRequest{table, many}).too_many == 51);
  CHECK(listed().size() == 3);  // refused: nothing added

  requests::execute(f.context(), requests::UntagResourceRequest{table, {"b", "absent"}});
  CHECK(listed() == TagList{{"a", "3"}, {"d", "2"}});
}

}  // namespace tags_test
