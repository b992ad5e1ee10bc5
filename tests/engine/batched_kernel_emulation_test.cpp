// The batched step kernel's per-thread body (many grids, each with its own F and k, in one
// launch), run on the CPU by the launch emulator over exactly the shape the GPU launch uses,
// against single grids stepped by the CPU twin: every grid must end with the twin's bits for its
// own F and k. Also the CPU twin's batched stepper against single twins, and the copies that
// make the CUDA stepper's grids out of one sent to the device.
#include <gtest/gtest.h>

#include <limits>
#include <optional>
#include <tuple>
#include <vector>

#include "cuda/replication_copies.h"
#include "gs/batched_stepper.h"
#include "kernels/batched_step_kernel_body.h"
#include "kernels/launch_emulator.h"
#include "reference_model.h"

namespace gs::test {
namespace {

// Awkward rates: each grid's own, none equal to another's.
std::vector<Rates> some_rates(int grids) {
  std::vector<Rates> rates;
  for (int g = 0; g < grids; ++g)
    rates.push_back({0.018f + 0.004f * float(g), 0.047f + 0.0031f * float(g % 3)});
  return rates;
}

// The CUDA stepper's device-side copies (replication_copies.h) applied to host memory: grid 0's
// `cells` values into every grid of `grids`. Each copy reads only grids already filled and
// writes only grids past them.
void replicate(std::vector<float>& all, std::size_t cells, std::size_t grids) {
  long long filled = 1;
  for (const cuda::GridCopy& copy : cuda::replication_copies((long long)grids)) {
    ASSERT_GE(copy.to, copy.count) << "source and target overlap";
    ASSERT_EQ(copy.to, filled) << "a copy leaves a gap or reads an unfilled grid";
    ASSERT_LE(copy.to + copy.count, (long long)grids);
    std::copy_n(all.begin(), long(std::size_t(copy.count) * cells),
                all.begin() + long(std::size_t(copy.to) * cells));
    filled += copy.count;
  }
  EXPECT_EQ(filled, std::max<long long>(1, (long long)grids));
}

// `steps` emulated launches over every grid, from `first_grid` in launches of at most
// `per_launch` grids (as the CUDA launcher splits past 65,535), ping-ponging two buffers.
std::vector<float> emulate_batch(const Fields& start, const Params& p,
                                 const std::vector<Rates>& rates, BlockShape block, int steps,
                                 int per_launch, const std::vector<Rates>& style_rates = {}) {
  const GridSize size = start.size;
  const std::size_t cells = size.cells(), all = cells * rates.size();
  std::vector<float> u[2], v[2];
  for (int i = 0; i < 2; ++i) {
    u[i].assign(all, std::numeric_limits<float>::quiet_NaN());
    v[i].assign(all, std::numeric_limits<float>::quiet_NaN());
  }
  // The first grid from the start, the others copied from it as the CUDA stepper's start does.
  std::copy(start.u.begin(), start.u.end(), u[0].begin());
  std::copy(start.v.begin(), start.v.end(), v[0].begin());
  replicate(u[0], cells, rates.size());
  replicate(v[0], cells, rates.size());
  int current = 0;
  const int grids = int(rates.size());
  for (int s = 0; s < steps; ++s) {
    for (int first = 0; first < grids; first += per_launch) {
      const BatchedStepArgs args{u[current].data(),
                                 v[current].data(),
                                 u[1 - current].data(),
                                 v[1 - current].data(),
                                 rates.data(),
                                 start.style.empty() ? nullptr : start.style.data(),
                                 size.width,
                                 size.height,
                                 first,
                                 grids,
                                 p,
                                 style_rates.empty() ? nullptr : style_rates.data()};
      const LaunchShape shape =
          batched_launch_shape(size, block, std::min(per_launch, grids - first));
      emulate_launch(shape, [&](Dim3 b, Dim3 t, Dim3 dim) {
        switch (p.laplacian) {
          case Laplacian::FivePoint:
            batched_step_kernel_body<Laplacian::FivePoint>(b, t, dim, args);
            break;
          case Laplacian::NinePoint:
            batched_step_kernel_body<Laplacian::NinePoint>(b, t, dim, args);
            break;
          case Laplacian::Course:
            batched_step_kernel_body<Laplacian::Course>(b, t, dim, args);
            break;
        }
      });
    }
    current = 1 - current;
  }
  return v[current];
}

Fields single_run(const Fields& start, Params p, Rates rates, int steps,
                  std::optional<Rates> style_rates = std::nullopt) {
  p.F = rates.F;
  p.k = rates.k;
  if (style_rates) p.style.F = style_rates->F, p.style.k = style_rates->k;
  return run_twin(start, p, steps, 1);
}

using BatchedCase = std::tuple<Laplacian, Boundary>;
class EmulatedBatchedKernel : public ::testing::TestWithParam<BatchedCase> {};

TEST_P(EmulatedBatchedKernel, EveryGridGetsTheTwinsBitsForItsRates) {
  const auto [laplacian, boundary] = GetParam();
  Params styled = stable_params(laplacian, boundary);
  styled.style = {true, 0.062f, 0.061f, styled.Du / 2, styled.Dv};
  struct SizeCase {
    GridSize size;
    BlockShape block;
    int grids;
    int per_launch;
  };
  // Without and with a style map, which every grid shares (the rates are each grid's set A).
  for (const Params& p : {stable_params(laplacian, boundary), styled})
    for (const SizeCase& c :
         {SizeCase{{17, 5}, {32, 8}, 5, 65535}, SizeCase{{33, 47}, {7, 3}, 4, 3},
          SizeCase{{1, 1}, {32, 8}, 3, 1}, SizeCase{{40, 9}, {128, 1}, 2, 65535}}) {
      SCOPED_TRACE(to_string(c.size) + " block " + std::to_string(c.block.x) + "x" +
                   std::to_string(c.block.y) + ", " + std::to_string(c.grids) + " grids");
      Fields start = random_fields(c.size, 5);
      if (p.style.enabled) start.style = random_style(c.size, 6);
      const std::vector<Rates> rates = some_rates(c.grids);
      const int steps = 7;
      const std::size_t cells = c.size.cells();
      // With a style map, also each grid's own set B (a sweep of B's F and k).
      std::vector<Rates> b_rates = some_rates(c.grids + 2);
      b_rates.erase(b_rates.begin(), b_rates.begin() + 2);
      for (const std::vector<Rates>& style_rates :
           {std::vector<Rates>{}, p.style.enabled ? b_rates : std::vector<Rates>{}}) {
        const std::vector<float> got =
            emulate_batch(start, p, rates, c.block, steps, c.per_launch, style_rates);
        for (int g = 0; g < c.grids; ++g) {
          const std::optional<Rates> b = style_rates.empty()
                                             ? std::nullopt
                                             : std::optional<Rates>(style_rates[std::size_t(g)]);
          const Fields expected = single_run(start, p, rates[std::size_t(g)], steps, b);
          EXPECT_TRUE(
              std::equal(expected.v.begin(), expected.v.end(), got.begin() + long(g * cells)))
              << "grid " << g << (b ? " with its own set B" : "");
        }
      }
    }
}

INSTANTIATE_TEST_SUITE_P(
    AllStencils, EmulatedBatchedKernel,
    ::testing::Combine(::testing::Values(Laplacian::FivePoint, Laplacian::NinePoint,
                                         Laplacian::Course),
                       ::testing::Values(Boundary::Periodic, Boundary::Neumann)),
    [](const ::testing::TestParamInfo<BatchedCase>& test) {
      return case_name(std::get<0>(test.param), std::get<1>(test.param));
    });

// One grid sent to the device becomes any number of grids in about log2(grids) copies, each
// grid equal to the first (a partial last copy included).
TEST(ReplicationCopies, FillEveryGridFromTheFirstInLogarithmicallyManyCopies) {
  const std::size_t cells = 3;
  for (std::size_t grids : {1u, 2u, 3u, 5u, 8u, 17u, 1000u, 65537u}) {
    SCOPED_TRACE(std::to_string(grids) + " grids");
    std::vector<float> all(cells * grids, std::numeric_limits<float>::quiet_NaN());
    const float first[cells] = {0.25f, -1.0f, 7.5f};
    std::copy_n(first, cells, all.begin());
    replicate(all, cells, grids);
    for (std::size_t i = 0; i < all.size(); ++i) ASSERT_EQ(all[i], first[i % cells]) << i;
    std::size_t expected_copies = 0;
    while ((std::size_t(1) << expected_copies) < grids) ++expected_copies;
    EXPECT_EQ(cuda::replication_copies((long long)grids).size(), expected_copies);
  }
  EXPECT_TRUE(cuda::replication_copies(0).empty());
}

TEST(BatchedLaunchShape, IsOneCellAThreadOneGridDeep) {
  const LaunchShape single = cell_launch_shape({1023, 1025}, {32, 8});
  const LaunchShape batched = batched_launch_shape({1023, 1025}, {32, 8}, 70);
  EXPECT_EQ(batched.grid.x, single.grid.x);
  EXPECT_EQ(batched.grid.y, single.grid.y);
  EXPECT_EQ(batched.grid.z, 70u);
  EXPECT_EQ(batched.block.x, 32u);
  EXPECT_EQ(batched.block.y, 8u);
}

// The CPU twin's batched stepper (several threads, one grid each at a time) against single
// twins, and the stepper's own steps split into two calls as a sweep splits them.
TEST(CpuBatchedStepper, GivesEachGridTheBitsOfASingleTwin) {
  BackendOptions options;
  options.choice = BackendChoice::Cpu;
  options.cpu_threads = 3;
  Expected<SelectedBatchedStepper> selected = create_batched_stepper(options);
  ASSERT_TRUE(selected) << selected.message();
  EXPECT_EQ(selected->stepper->kind(), BackendKind::CpuTwin);
  const Params p = stable_params(Laplacian::NinePoint, Boundary::Periodic);
  const Fields start = random_fields({45, 31}, 9);
  const std::vector<Rates> rates = some_rates(7);
  ASSERT_TRUE(selected->stepper->start(start, p, rates));
  ASSERT_TRUE(selected->stepper->step(1100));  // past one call of the stepper's twins
  ASSERT_TRUE(selected->stepper->step(13));
  std::vector<float> v;
  ASSERT_TRUE(selected->stepper->read_v(v));
  ASSERT_EQ(v.size(), start.size.cells() * rates.size());
  for (std::size_t g = 0; g < rates.size(); ++g) {
    const Fields expected = single_run(start, p, rates[g], 1113);
    EXPECT_TRUE(
        std::equal(expected.v.begin(), expected.v.end(), v.begin() + long(g * start.size.cells())))
        << "grid " << g;
  }
  Params mapped = p;
  mapped.map.enabled = true;
  EXPECT_FALSE(selected->stepper->start(start, mapped, rates));
}

// With a style map and each grid's own set B (a sweep of B's F and k): each grid ends with the
// bits of a single twin with its two sets; set B's rates must come one per grid.
TEST(CpuBatchedStepper, GivesEachGridItsOwnSetB) {
  BackendOptions options;
  options.choice = BackendChoice::Cpu;
  options.cpu_threads = 2;
  Expected<SelectedBatchedStepper> selected = create_batched_stepper(options);
  ASSERT_TRUE(selected) << selected.message();
  Params p = stable_params(Laplacian::FivePoint, Boundary::Periodic);
  p.style = {true, 0.05f, 0.06f, p.Du, p.Dv};
  Fields start = random_fields({29, 17}, 4);
  start.style = random_style(start.size, 8);
  const std::vector<Rates> rates(4, Rates{0.03f, 0.055f});
  const std::vector<Rates> b_rates = some_rates(4);
  ASSERT_TRUE(selected->stepper->start(start, p, rates, b_rates));
  ASSERT_TRUE(selected->stepper->step(40));
  std::vector<float> v;
  ASSERT_TRUE(selected->stepper->read_v(v));
  for (std::size_t g = 0; g < rates.size(); ++g) {
    const Fields expected = single_run(start, p, rates[g], 40, b_rates[g]);
    EXPECT_TRUE(
        std::equal(expected.v.begin(), expected.v.end(), v.begin() + long(g * start.size.cells())))
        << "grid " << g;
  }
  EXPECT_NE(single_run(start, p, rates[0], 40, b_rates[0]).v,
            single_run(start, p, rates[0], 40, b_rates[1]).v)
      << "set B's rates matter";
  EXPECT_FALSE(selected->stepper->start(start, p, rates, some_rates(3)));
}

}  // namespace
}  // namespace gs::test
