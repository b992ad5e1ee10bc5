// One grid over several ranks, simulated in one process: bands with halos, stepped in chunks of
// at most `halo` steps on CPU twins of their own, halos refreshed between chunks. The own rows
// put back together must equal a single twin's run to the bit, for every Laplacian and
// boundary, any rank count and halo width, on sizes the ranks do not divide evenly.
#include "row_bands.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "gs/cpu_twin_backend.h"
#include "gs/initial_conditions.h"
#include "halo_messages.h"
#include "reference_model.h"

namespace gs::distributed {
namespace {

using test::StencilCase;

// `steps` steps of `whole` over `ranks` ranks with halos of `halo` rows, each rank's block on a
// CPU twin of its own, exchanging in one process; returns the own rows put back together.
Fields run_over_ranks(const Fields& whole, const Params& params, int ranks, int halo, int steps) {
  Expected<std::vector<RankBand>> bands =
      split_rows(whole.size.height, ranks, halo, params.boundary);
  EXPECT_TRUE(bands) << bands.message();
  if (!bands) return {};
  const std::vector<HaloMessage> messages = halo_messages(*bands, params.boundary);
  std::vector<Fields> blocks;
  for (const RankBand& band : *bands) blocks.push_back(cut_block(whole, band));
  for (int done = 0; done < steps;) {
    const int chunk = std::min(halo, steps - done);
    for (Fields& block : blocks) {
      CpuTwinBackend twin(1);
      EXPECT_TRUE(twin.set_params(params));
      EXPECT_TRUE(twin.copy_in(block));
      EXPECT_TRUE(twin.step(chunk));
      EXPECT_TRUE(twin.copy_out(block));
    }
    exchange_in_process(messages, blocks);
    done += chunk;
  }
  Fields result = whole;
  for (std::size_t rank = 0; rank < blocks.size(); ++rank)
    paste_own_rows(blocks[rank], (*bands)[rank], result);
  return result;
}

class RanksMatchOneProcess : public ::testing::TestWithParam<StencilCase> {};

TEST_P(RanksMatchOneProcess, ToTheBitForAnyRankCountAndHalo) {
  const auto [laplacian, boundary] = GetParam();
  const Params params = test::stable_params(laplacian, boundary);
  const Fields start = make_initial_fields({37, 29}, InitPattern::Spots, 7);
  const int steps = 23;
  const Fields single = test::run_twin(start, params, steps, 1);
  for (int ranks : {1, 2, 3, 4})
    for (int halo : {1, 3, 7}) {
      const Fields spread = run_over_ranks(start, params, ranks, halo, steps);
      ASSERT_EQ(spread.size, single.size);
      EXPECT_TRUE(spread.u == single.u && spread.v == single.v) << ranks << " ranks, halo " << halo;
    }
}

INSTANTIATE_TEST_SUITE_P(AllLaplaciansAndBoundaries, RanksMatchOneProcess,
                         test::all_stencil_cases(), test::stencil_case_name);

// The check above can fail: a halo one row too thin for its chunk gives other bits.
TEST(RowBands, AHaloThinnerThanItsChunkGivesOtherBits) {
  const Params params = test::stable_params(Laplacian::FivePoint, Boundary::Periodic);
  const Fields start = make_initial_fields({37, 29}, InitPattern::Spots, 7);
  const Fields single = test::run_twin(start, params, 6, 1);
  Expected<std::vector<RankBand>> bands = split_rows(29, 3, 2, params.boundary);
  ASSERT_TRUE(bands);
  std::vector<Fields> blocks;
  for (const RankBand& band : *bands) blocks.push_back(cut_block(start, band));
  for (Fields& block : blocks) {  // three steps in one chunk over halos of two rows
    CpuTwinBackend twin(1);
    ASSERT_TRUE(twin.set_params(params));
    ASSERT_TRUE(twin.copy_in(block));
    ASSERT_TRUE(twin.step(6));
    ASSERT_TRUE(twin.copy_out(block));
  }
  Fields spread = start;
  for (std::size_t rank = 0; rank < blocks.size(); ++rank)
    paste_own_rows(blocks[rank], (*bands)[rank], spread);
  EXPECT_FALSE(spread.u == single.u && spread.v == single.v);
}

TEST(RowBands, SplitsRowsAsEvenlyAsTheyGoWithHalosWhereNeighboursAre) {
  Expected<std::vector<RankBand>> periodic = split_rows(10, 3, 2, Boundary::Periodic);
  ASSERT_TRUE(periodic);
  ASSERT_EQ(periodic->size(), 3u);
  EXPECT_EQ((*periodic)[0].first, 0);
  EXPECT_EQ((*periodic)[0].end, 3);
  EXPECT_EQ((*periodic)[1].end, 6);
  EXPECT_EQ((*periodic)[2].end, 10);
  for (const RankBand& band : *periodic) {
    EXPECT_EQ(band.halo_above, 2);
    EXPECT_EQ(band.halo_below, 2);
  }
  EXPECT_EQ((*periodic)[0].block_first(), -2) << "wraps to the grid's last rows";

  Expected<std::vector<RankBand>> neumann = split_rows(10, 3, 2, Boundary::Neumann);
  ASSERT_TRUE(neumann);
  EXPECT_EQ((*neumann)[0].halo_above, 0) << "the grid's own top edge";
  EXPECT_EQ((*neumann)[2].halo_below, 0);
  EXPECT_EQ((*neumann)[1].block_height(), 2 + 3 + 2);

  Expected<std::vector<RankBand>> alone = split_rows(10, 1, 8, Boundary::Periodic);
  ASSERT_TRUE(alone);
  EXPECT_EQ((*alone)[0].block_height(), 10) << "one rank: the grid, no halo";
}

TEST(RowBands, RefusesBandsThinnerThanTheHalo) {
  const Expected<std::vector<RankBand>> thin = split_rows(20, 4, 8, Boundary::Periodic);
  ASSERT_FALSE(thin);
  EXPECT_EQ(thin.message(),
            "rank 0's band of 5 rows is thinner than the halo of 8 rows (use fewer ranks or a "
            "smaller halo)");
  EXPECT_FALSE(split_rows(20, 0, 1, Boundary::Periodic));
  EXPECT_FALSE(split_rows(20, 2, 0, Boundary::Periodic));
}

TEST(HaloMessages, TwoRanksOnAPeriodicGridSendEachOtherBothEdges) {
  Expected<std::vector<RankBand>> bands = split_rows(8, 2, 2, Boundary::Periodic);
  ASSERT_TRUE(bands);
  const std::vector<HaloMessage> messages = halo_messages(*bands, Boundary::Periodic);
  ASSERT_EQ(messages.size(), 4u);
  // Rank 0's top rows (block rows 2-3) go below rank 1's own rows (block rows 6-7)...
  EXPECT_EQ(messages[0].to, 1);
  EXPECT_EQ(messages[0].first, 2);
  EXPECT_EQ(messages[0].into, 6);
  // ...and its bottom rows (block rows 4-5) above them (block rows 0-1).
  EXPECT_EQ(messages[1].to, 1);
  EXPECT_EQ(messages[1].first, 4);
  EXPECT_EQ(messages[1].into, 0);
  EXPECT_NE(messages[0].tag, messages[1].tag);
  EXPECT_TRUE(halo_messages(*bands, Boundary::Neumann).size() == 2u);
}

}  // namespace
}  // namespace gs::distributed
