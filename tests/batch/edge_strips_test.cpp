// The sends stepped ahead of their blocks (the exchange overlapping the interior's compute),
// ranks simulated in one process: each rank's outgoing rows come from its edge strips stepped on
// a twin of their own, its block steps apart, and the rows land in the neighbours' halos. The own
// rows put back together must equal a single twin's run to the bit, for every Laplacian and
// boundary, rank counts and halos that make bands thinner than two halos (strips clipped at the
// grid's Neumann edges), and chunks shorter than the halo.
#include "edge_strips.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "gs/cpu_twin_backend.h"
#include "gs/initial_conditions.h"
#include "gs/style_gradient.h"
#include "ranks_in_process.h"
#include "reference_model.h"
#include "row_bands.h"

namespace gs::distributed {
namespace {

using test::StencilCase;

std::unique_ptr<CpuTwinBackend> twin_with(const Params& params) {
  auto twin = std::make_unique<CpuTwinBackend>(1);
  EXPECT_TRUE(twin->set_params(params));
  return twin;
}

class SendsAheadMatchOneProcess : public ::testing::TestWithParam<StencilCase> {};

TEST_P(SendsAheadMatchOneProcess, ToTheBitForAnyRankCountHaloAndChunk) {
  const auto [laplacian, boundary] = GetParam();
  const Params params = test::stable_params(laplacian, boundary);
  const Fields start = make_initial_fields({37, 29}, InitPattern::Spots, 7);
  const int steps = 23;
  const Fields single = test::run_twin(start, params, steps, 1);
  for (int ranks : {2, 3, 4})
    for (int halo : {1, 3, 5, 7})
      for (int chunk : {halo, std::max(1, halo - 2)}) {
        if (!split_rows(29, ranks, halo, boundary)) continue;  // bands thinner than the halo
        const Fields spread =
            test::run_with_sends_ahead(start, params, ranks, halo, steps, chunk,
                                       [] { return std::make_unique<CpuTwinBackend>(1); });
        ASSERT_EQ(spread.size, single.size);
        EXPECT_TRUE(spread.u == single.u && spread.v == single.v)
            << ranks << " ranks, halo " << halo << ", chunks of " << chunk;
      }
}

// With a style map: the strips take their rows of the block's map, so each cell steps ahead with
// its own mix of the two sets, to the bit.
TEST_P(SendsAheadMatchOneProcess, WithAStyleMapToo) {
  const auto [laplacian, boundary] = GetParam();
  Params params = test::stable_params(laplacian, boundary);
  params.style = {true, params.F * 1.5f, params.k * 1.1f, params.Du * 0.5f, params.Dv};
  Fields start = make_initial_fields({37, 29}, InitPattern::Spots, 7);
  start.style = style_gradient(start.size, StyleGradient::Radial);
  const int steps = 23;
  const Fields single = test::run_twin(start, params, steps, 1);
  for (int ranks : {2, 3})
    for (int halo : {3, 5}) {
      const Fields spread = test::run_with_sends_ahead(start, params, ranks, halo, steps, halo, [] {
        return std::make_unique<CpuTwinBackend>(1);
      });
      EXPECT_TRUE(spread.u == single.u && spread.v == single.v) << ranks << " ranks, halo " << halo;
    }
}

INSTANTIATE_TEST_SUITE_P(AllLaplaciansAndBoundaries, SendsAheadMatchOneProcess,
                         test::all_stencil_cases(), test::stencil_case_name);

// The check above can fail: strips with a margin one row short of the chunk give other bits.
TEST(EdgeStrips, AMarginShorterThanTheChunkGivesOtherBits) {
  const Params params = test::stable_params(Laplacian::FivePoint, Boundary::Periodic);
  const Fields start = make_initial_fields({37, 29}, InitPattern::Spots, 7);
  Expected<std::vector<RankBand>> bands = split_rows(29, 2, 4, params.boundary);
  ASSERT_TRUE(bands);
  const RankBand& band = (*bands)[0];
  RankExchange exchange = rank_exchange(halo_messages(*bands, params.boundary), 0, 37);
  auto block = twin_with(params), ahead = twin_with(params);
  ASSERT_TRUE(block->copy_in(cut_block(start, band)));
  Fields exact;
  const EdgeStrips short_margin = edge_strips(exchange.sends, 37, band.block_height(), 2);
  ASSERT_TRUE(step_sends_ahead(*block, *ahead, short_margin, 4, exchange));
  ASSERT_TRUE(block->step(4));
  ASSERT_TRUE(block->read_rows(exchange.sends[0].first, exchange.sends[0].count, exact));
  EXPECT_FALSE(exchange.outgoing[0].u == exact.u && exchange.outgoing[0].v == exact.v);
}

// The stack the strips' copies build on the backend that steps them ahead is the block's rows
// stacked as the plan says, every row of it (the strips tile the stack), whatever the stack
// held before; the block keeps its state.
TEST(EdgeStrips, QueuedCopiesStackTheBlocksRowsAsPlanned) {
  const Params params = test::stable_params(Laplacian::FivePoint, Boundary::Periodic);
  const Fields start = make_initial_fields({37, 29}, InitPattern::Spots, 7);
  Expected<std::vector<RankBand>> bands = split_rows(29, 3, 3, params.boundary);
  ASSERT_TRUE(bands);
  const RankBand& band = (*bands)[1];
  const RankExchange exchange = rank_exchange(halo_messages(*bands, params.boundary), 1, 37);
  const EdgeStrips plan = edge_strips(exchange.sends, 37, band.block_height(), 3);
  ASSERT_EQ(plan.strips.size(), 2u);
  const Fields block_rows = cut_block(start, band);
  auto block = twin_with(params), ahead = twin_with(params);
  ASSERT_TRUE(block->copy_in(block_rows));
  Fields stale(plan.stack);
  std::fill(stale.u.begin(), stale.u.end(), -1.0f);
  ASSERT_TRUE(ahead->copy_in(stale));
  ASSERT_TRUE(queue_sends_ahead(*block, *ahead, plan, 0));
  Fields expected(plan.stack), stacked, kept;
  for (const EdgeStrip& strip : plan.strips)
    copy_rows(block_rows, strip.first, strip.count, expected, strip.stack_first);
  ASSERT_TRUE(ahead->copy_out(stacked));
  ASSERT_TRUE(block->copy_out(kept));
  EXPECT_TRUE(stacked.u == expected.u && stacked.v == expected.v);
  EXPECT_TRUE(kept.u == block_rows.u && kept.v == block_rows.v);

  // An empty ahead backend takes the stack's size from the first chunk.
  auto fresh = twin_with(params);
  ASSERT_TRUE(queue_sends_ahead(*block, *fresh, plan, 0));
  EXPECT_EQ(fresh->size(), plan.stack);
}

TEST(EdgeStrips, StackEachSendWithItsMarginsClippedAtTheBlock) {
  // Rank 0 of two on a Neumann grid of 10 rows with halos of 3: its block is rows 0-7, and it
  // sends rows 2-4 down; the strip takes 3 rows of margin above (rows 0-1 only: the grid's
  // edge) and the 3 below.
  Expected<std::vector<RankBand>> bands = split_rows(10, 2, 3, Boundary::Neumann);
  ASSERT_TRUE(bands);
  const RankExchange exchange = rank_exchange(halo_messages(*bands, Boundary::Neumann), 0, 5);
  ASSERT_EQ(exchange.sends.size(), 1u);
  const EdgeStrips plan = edge_strips(exchange.sends, 5, (*bands)[0].block_height(), 3);
  ASSERT_EQ(plan.strips.size(), 1u);
  EXPECT_EQ(plan.strips[0].first, 0);
  EXPECT_EQ(plan.strips[0].count, 8);
  EXPECT_EQ(plan.strips[0].send_first, 2);
  EXPECT_EQ(plan.strips[0].send_count, 3);
  EXPECT_EQ(plan.stack, (GridSize{5, 8}));

  // Two ranks on a periodic grid: each sends both edges; the strips are stacked in send order.
  Expected<std::vector<RankBand>> periodic = split_rows(20, 2, 2, Boundary::Periodic);
  ASSERT_TRUE(periodic);
  const RankExchange both = rank_exchange(halo_messages(*periodic, Boundary::Periodic), 1, 5);
  const EdgeStrips stacked = edge_strips(both.sends, 5, (*periodic)[1].block_height(), 2);
  ASSERT_EQ(stacked.strips.size(), 2u);
  EXPECT_EQ(stacked.strips[1].stack_first, stacked.strips[0].count);
  EXPECT_EQ(stacked.stack.height, stacked.strips[0].count + stacked.strips[1].count);
  EXPECT_EQ(stacked.strips[0].count, 3 * 2);
}

}  // namespace
}  // namespace gs::distributed
