// The CPU twin's fast path (temporal blocking over row bands, explicit SIMD rows) against its
// reference path (one plain sweep per step): one truth, for every Laplacian and boundary, on
// awkward sizes, for any number of steps per call and any number of threads.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "cpu_twin/band_pipeline.h"
#include "gs/cpu_twin_backend.h"
#include "gs/initial_conditions.h"
#include "reference_model.h"

namespace gs::test {
namespace {

class FastTwinEqualsReference : public ::testing::TestWithParam<StencilCase> {
 protected:
  Params params() const { return stable_params(std::get<0>(GetParam()), std::get<1>(GetParam())); }
};

// The fast path with `steps_per_pass` steps per pass over its bands (0: its own choice, which
// is plain sweeps for grids the cache holds, so the tests also force longer passes).
Fields run_fast(const Fields& start, const Params& params, int steps, int threads,
                int steps_per_pass) {
  CpuTwinBackend twin(threads, CpuTwinPath::Fast);
  EXPECT_TRUE(twin.set_steps_per_pass(steps_per_pass));
  return run_steps(twin, start, params, steps);
}

void expect_equal_paths(const Fields& start, const Params& params, int steps, int steps_per_pass) {
  const Fields fast = run_fast(start, params, steps, 0, steps_per_pass);
  const Fields reference = run_twin(start, params, steps, 0, CpuTwinPath::Reference);
  const std::string where = to_string(start.size) + ", " + std::to_string(steps) + " steps, " +
                            std::to_string(steps_per_pass) + " per pass";
  EXPECT_LE(relative_error(fast, reference), 1e-6) << where;
  // Stronger, and what the design gives: both paths take the same arithmetic steps per cell
  // (gs/cell_update.h, no compiler fusing), so they agree to the bit.
  EXPECT_TRUE(fast.u == reference.u && fast.v == reference.v) << where;
}

#if defined(GS_SANITIZED_BUILD)
// Under ASan and UBSan (built at -O1, scalar) a thousand steps of a megacell grid take minutes;
// the memory and UB checks see every row and pass in a hundred. The Release suite runs 1,000.
constexpr int kStepsOnTheLargeGrid = 100;
#else
constexpr int kStepsOnTheLargeGrid = 1000;
#endif

TEST_P(FastTwinEqualsReference, AfterAThousandStepsOnAwkwardSizes) {
  for (GridSize size : {GridSize{1, 1}, GridSize{3, 1000}, GridSize{1023, 1025}})
    for (int steps_per_pass : {0, 8})
      expect_equal_paths(random_fields(size, 21), params(),
                         size.cells() > 100000 ? kStepsOnTheLargeGrid : 1000, steps_per_pass);
}

// Steps per call around one and two passes, passes longer than a band is tall, and widths
// that end on a whole vector, in a partial one, or hold less than two.
TEST_P(FastTwinEqualsReference, ForAnyStepsPerCallAndPass) {
  for (GridSize size : {GridSize{64, 300}, GridSize{70, 301}, GridSize{20, 9}})
    for (int steps_per_pass : {1, 2, 3, 8, 16})
      for (int steps : {1, 2, 3, 7, 8, 9, 16, 17, 33})
        expect_equal_paths(random_fields(size, 22), params(), steps, steps_per_pass);
}

TEST_P(FastTwinEqualsReference, InParameterMapMode) {
  Params p = params();
  p.map.enabled = true;
  for (int steps_per_pass : {1, 8})
    expect_equal_paths(random_fields({150, 130}, 23), p, 200, steps_per_pass);
}

TEST_P(FastTwinEqualsReference, InStyleMapMode) {
  Fields start = random_fields({150, 130}, 25);
  start.style = random_style(start.size, 26);
  // Set B with other diffusion rates, and with set A's (which the fast rows do not mix).
  for (const bool shared_diffusion : {false, true}) {
    Params p = params();
    p.style = {true, 0.062f, 0.061f, p.Du / 2, p.Dv * 1.5f};
    if (shared_diffusion) p.style.Du = p.Du, p.style.Dv = p.Dv;
    for (int steps_per_pass : {1, 8}) expect_equal_paths(start, p, 200, steps_per_pass);
    for (int threads : {2, 3}) {  // and on any number of threads
      const Fields one = run_fast(start, p, 60, 1, 8), more = run_fast(start, p, 60, threads, 8);
      EXPECT_TRUE(one.u == more.u && one.v == more.v) << threads << " threads";
    }
  }
}

// Any thread takes any band (cpu_twin/task_pool.h): the bits do not depend on the threads,
// on more threads than cores, nor on how many bands a long pass's halo reaches past.
TEST_P(FastTwinEqualsReference, GivesTheSameBitsOnAnyNumberOfThreads) {
  const Fields start = random_fields({301, 257}, 24);
  for (int steps_per_pass : {0, 8, 40}) {
    const Fields one = run_fast(start, params(), 100, 1, steps_per_pass);
    for (int threads : {2, 3, 8}) {
      const Fields more = run_fast(start, params(), 100, threads, steps_per_pass);
      EXPECT_TRUE(one.u == more.u && one.v == more.v)
          << threads << " threads, " << steps_per_pass << " per pass";
    }
  }
}

// The fast path of a build without SIMD rows (band passes of plain rows), run here by asking
// the passes for plain rows: the reference's bits, on widths around the vector widths, with
// passes of several steps, with uniform parameters, the parameter map and a style map.
Fields plain_row_passes(const Fields& start, const Params& p, int passes, int steps_per_pass) {
  Fields in = start, out(start.size);
  floor_state_values(in);  // as copy_in takes it
  twin::RowRing ring;
  ring.reserve(start.size.width, steps_per_pass);
  for (int pass = 0; pass < passes; ++pass) {
    twin::run_band_pass(in, out, {0, start.size.height}, steps_per_pass, p, start.style.data(),
                        twin::RowStore::Cached, ring, nullptr, twin::PassRows::Plain);
    std::swap(in, out);
  }
  return in;
}

TEST_P(FastTwinEqualsReference, InPassesOfPlainRows) {
  for (const int mode : {0, 1, 2})  // uniform, parameter map, style map
    for (const GridSize size : {GridSize{17, 23}, GridSize{31, 9}, GridSize{70, 40}}) {
      Params p = params();
      p.map.enabled = mode == 1;
      Fields start = make_initial_fields(size, InitPattern::Spots, 9);
      if (mode == 2) {
        p.style = {true, 0.062f, 0.061f, p.Du / 2, p.Dv};
        start.style = random_style(size, 10);
      }
      const Fields plain = plain_row_passes(start, p, 6, 5);
      const Fields reference = run_twin(start, p, 30, 0, CpuTwinPath::Reference);
      EXPECT_TRUE(plain.u == reference.u && plain.v == reference.v)
          << to_string(size) << ", mode " << mode;
    }
}

INSTANTIATE_TEST_SUITE_P(AllLaplaciansAndBoundaries, FastTwinEqualsReference, all_stencil_cases(),
                         stencil_case_name);

TEST(CpuTwinPath, NamesParseAndPrint) {
  EXPECT_EQ(parse_enum<CpuTwinPath>("fast"), CpuTwinPath::Fast);
  EXPECT_EQ(parse_enum<CpuTwinPath>("reference"), CpuTwinPath::Reference);
  EXPECT_FALSE(parse_enum<CpuTwinPath>("blocked"));
  EXPECT_EQ(to_string(CpuTwinPath::Reference), "reference");
  EXPECT_NE(CpuTwinBackend(1, CpuTwinPath::Fast).description().find("fast"), std::string::npos);
}

TEST(CpuTwinStepsPerPass, ChoosesBlockingForGridsPastTheCacheAndTakesAChoice) {
  CpuTwinBackend twin(2);
  ASSERT_TRUE(twin.copy_in(Fields({512, 512})));
  EXPECT_EQ(twin.steps_per_pass(), 1) << "a 4 MB grid stays in cache: plain sweeps";
  ASSERT_TRUE(twin.copy_in(Fields({1024, 1024})));
  EXPECT_GT(twin.steps_per_pass(), 1) << "16 MB: passes of several steps, fewer meetings";
  ASSERT_TRUE(twin.copy_in(Fields({1920, 1080})));
  EXPECT_GT(twin.steps_per_pass(), 1);
  ASSERT_TRUE(twin.set_steps_per_pass(3));
  EXPECT_EQ(twin.steps_per_pass(), 3);
  const Status refused = twin.set_steps_per_pass(CpuTwinBackend::kMaxStepsPerPass + 1);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("steps per pass"), std::string::npos);
  EXPECT_FALSE(twin.set_steps_per_pass(-1));
}

}  // namespace
}  // namespace gs::test
