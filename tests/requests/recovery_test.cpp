// The typed point-in-time recovery settings without JSON: enabling starts the window, enabling
// again keeps it, disabling ends it.
#include "requests/recovery.h"

#include <catch2/catch.hpp>

#include "tests/requests/fixture.h"

namespace recovery_test {

namespace {

using namespace minnow;

}  // namespace

TEST_CASE("UpdateContinuousBackups and DescribeContinuousBackups") {
  testing::RequestsFixture f;
  auto table = f.create_table("t");
  auto at = [&](int64_t now_ms) {
    requests::Context context = f.context();
    context.now_ms = now_ms;
    return context;
  };
  CHECK_FALSE(requests::execute(at(0), requests::DescribeContinuousBackupsRequest{table}).window);

  requests::ContinuousBackupsResult on = requests::execute(at(1000), requests::UpdateContinuousBackupsRequest{table, true, 7});
  CHECK(on.settings.enabled);
  CHECK(on.settings.recovery_period_days == 7);
  CHECK(on.settings.enabled_ms == 1000);

  requests::ContinuousBackupsResult again =
      requests::execute(at(5000), requests::UpdateContinuousBackupsRequest{table, true, 35});
  CHECK(again.settings.enabled_ms == 1000);  // the window it has is kept
  CHECK(again.settings.recovery_period_days == 35);

  requests::ContinuousBackupsResult off = requests::execute(at(6000), requests::UpdateContinuousBackupsRequest{table, false});
  CHECK_FALSE(off.settings.enabled);
  CHECK_FALSE(requests::execute(at(7000), requests::DescribeContinuousBackupsRequest{table}).window);
}

}  // namespace recovery_test
