// The transaction window's holds (engine/item_holds.h): taken all or nothing, ended by time.
#include "engine/item_holds.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace item_holds_test {

using minnow::engine::ItemHolds;

TEST_CASE("holds are taken all or nothing and end by themselves", "[item-holds]") {
  ItemHolds holds;
  const std::vector<std::string> ab{ItemHolds::item("t", "a"), ItemHolds::item("t", "b")};
  const std::vector<std::string> bc{ItemHolds::item("t", "b"), ItemHolds::item("t", "c")};
  const std::vector<std::string> c{ItemHolds::item("t", "c")};
  const std::vector<std::string> other_table{ItemHolds::item("u", "a")};

  CHECK(holds.held(ab, 1000).empty());
  CHECK(holds.try_hold(ab, 1000, 1300).empty());
  CHECK(holds.held(ab, 1299) == std::vector<bool>{true, true});
  CHECK(holds.try_hold(bc, 1100, 1400) == std::vector<bool>{true, false});
  CHECK(holds.held(c, 1100).empty());  // the refused hold took nothing
  CHECK(holds.held(other_table, 1100).empty());
  CHECK(holds.held(ab, 1300).empty());  // time is up
  CHECK(holds.try_hold(bc, 1300, 1600).empty());
  holds.clear();
  CHECK(holds.held(bc, 1301).empty());
}

}  // namespace item_holds_test
