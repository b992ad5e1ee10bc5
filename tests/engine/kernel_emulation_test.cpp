// The CUDA kernels' per-thread bodies, run on the CPU by the launch emulator over exactly the
// grid and block shape the GPU launch uses, against the CPU twin. This is how the GPU's index
// arithmetic, bounds test and boundary handling are checked on machines without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "cpu_twin/flush_subnormals.h"
#include "cuda/step_plan.h"
#include "gs/cpu_twin_backend.h"
#include "gs/initial_conditions.h"
#include "kernels/brush_kernel_body.h"
#include "kernels/launch_emulator.h"
#include "kernels/step_kernel_body.h"
#include "reference_model.h"

namespace gs::test {
namespace {

// Device-style buffers for the emulated kernels: two field pairs and a display buffer.
struct EmulatedDevice {
  Fields pair[2];
  std::vector<float> display;
  int current = 0;

  explicit EmulatedDevice(const Fields& start) : display(start.size.cells()) {
    pair[0] = start;
    pair[1] = Fields(start.size);
    // Poison the write side: a cell no thread writes stays NaN and fails the comparison.
    std::fill(pair[1].u.begin(), pair[1].u.end(), std::numeric_limits<float>::quiet_NaN());
    std::fill(pair[1].v.begin(), pair[1].v.end(), std::numeric_limits<float>::quiet_NaN());
    std::fill(display.begin(), display.end(), std::numeric_limits<float>::quiet_NaN());
  }

  // `count` launches of the step kernel, the last one also writing v to the display buffer,
  // as CudaBackend enqueues them.
  void step(int count, const Params& p, BlockShape block, KernelVariant variant) {
    const GridSize size = pair[0].size;
    const LaunchShape shape = launch_shape_for(size, block, variant);
    for (int s = 0; s < count; ++s) {
      Fields& in = pair[current];
      Fields& out = pair[1 - current];
      const StepKernelArgs args{in.u.data(),
                                in.v.data(),
                                out.u.data(),
                                out.v.data(),
                                pair[0].style.empty() ? nullptr : pair[0].style.data(),
                                s == count - 1 ? display.data() : nullptr,
                                true,
                                size.width,
                                size.height,
                                p};
      emulate_launch(shape, [&](Dim3 b, Dim3 t, Dim3 dim) {
        switch (p.laplacian) {
          case Laplacian::FivePoint:
            step_kernel_body<Laplacian::FivePoint>(b, t, dim, variant, args);
            break;
          case Laplacian::NinePoint:
            step_kernel_body<Laplacian::NinePoint>(b, t, dim, variant, args);
            break;
          case Laplacian::Course:
            step_kernel_body<Laplacian::Course>(b, t, dim, variant, args);
            break;
        }
      });
      current = 1 - current;
    }
  }
};

using Case = std::tuple<Laplacian, Boundary, KernelVariant>;

class EmulatedKernelMatchesTwin : public ::testing::TestWithParam<Case> {};

TEST_P(EmulatedKernelMatchesTwin, OnAwkwardSizesAndBlocks) {
  const auto [laplacian, boundary, variant] = GetParam();
  const Params p = stable_params(laplacian, boundary);
  struct SizeCase {
    GridSize size;
    int steps;
  };
  Params mapped = p;  // parameter-map mode: F and k from each cell's position
  mapped.map.enabled = true;
  Params styled = p;  // style-map mode: every parameter from each cell's style byte
  styled.style = {true, 0.062f, 0.061f, p.Du / 2, p.Dv * 1.5f};
  for (const Params& run_params : {p, mapped, styled})
    for (const SizeCase& c :
         {SizeCase{{1, 1}, 3}, SizeCase{{2, 3}, 3}, SizeCase{{17, 5}, 4}, SizeCase{{1000, 3}, 3},
          SizeCase{{3, 1000}, 2}, SizeCase{{33, 47}, 5}, SizeCase{{1023, 1025}, 2}}) {
      for (BlockShape block : {BlockShape{32, 8}, BlockShape{7, 3}, BlockShape{128, 1}}) {
        SCOPED_TRACE(to_string(c.size) + " block " + std::to_string(block.x) + "x" +
                     std::to_string(block.y));
        Fields start = random_fields(c.size, 31);
        if (run_params.style.enabled) start.style = random_style(c.size, 7);
        EmulatedDevice device(start);
        device.step(c.steps, run_params, block, variant);
        const Fields expected = run_twin(start, run_params, c.steps);
        const Fields& got = device.pair[device.current];
        // The same arithmetic in the same order on both sides (no contraction, explicit FMAs):
        // the GPU's body gives the twin's bits.
        EXPECT_TRUE(got.u == expected.u && got.v == expected.v)
            << "relative error " << relative_error(got, expected);
        EXPECT_TRUE(std::equal(device.display.begin(), device.display.end(), got.v.begin()))
            << "the fused display write must copy the final v exactly";
      }
    }
}

INSTANTIATE_TEST_SUITE_P(
    AllKernels, EmulatedKernelMatchesTwin,
    ::testing::Combine(::testing::Values(Laplacian::FivePoint, Laplacian::NinePoint,
                                         Laplacian::Course),
                       ::testing::Values(Boundary::Periodic, Boundary::Neumann),
                       ::testing::Values(KernelVariant::Coalesced, KernelVariant::Strided)),
    [](const ::testing::TestParamInfo<Case>& test) {
      return case_name(std::get<0>(test.param), std::get<1>(test.param)) + "_" +
             std::string(to_string(std::get<2>(test.param)));
    });

// Cells whose v the floor cut to 0 in one step: v was 0 and every neighbour's at least 0 with an
// edge neighbour's above 0, so the update's v, dt Dv L(v), was above 0 (every stencil weighs its
// edges positively and its corners not negatively); yet the step left 0.
long cells_cut_by_the_floor(const Fields& before, const Fields& after, Boundary boundary) {
  const int w = before.size.width, h = before.size.height;
  long cut = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::size_t i = std::size_t(y) * w + x;
      if (before.v[i] != 0.0f || after.v[i] != 0.0f) continue;
      bool any_edge_above_zero = false, none_below_zero = true;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const float n = before.v[std::size_t(neighbour_index(y + dy, h, boundary)) * w +
                                   std::size_t(neighbour_index(x + dx, w, boundary))];
          none_below_zero = none_below_zero && n >= 0.0f;
          any_edge_above_zero = any_edge_above_zero || (dx * dy == 0 && n > 0.0f);
        }
      cut += any_edge_above_zero && none_below_zero;
    }
  return cut;
}

// Thousands of steps of spots growing into an empty field, whose fronts take v through every
// magnitude down to the floor in every step, with subnormals flushed as the backends flush them:
// the GPU's per-thread body gives the twin's bits all the way, and the floor did its work.
TEST(EmulatedKernelLongRun, ThroughThousandsOfStepsOfGrowingSpotsWithFlushing) {
  const twin::FlushSubnormals flushing;  // this thread, as the twin's threads and the GPU do
  constexpr int kSteps = 3000, kStepsBetweenChecks = 250;
  for (Laplacian laplacian : {Laplacian::FivePoint, Laplacian::NinePoint, Laplacian::Course}) {
    SCOPED_TRACE(to_string(laplacian));
    const Params p = stable_params(laplacian, Boundary::Periodic);
    Fields start = make_initial_fields({48, 40}, InitPattern::Spots, 7);
    floor_state_values(start);  // as either backend takes it in
    EmulatedDevice device(start);
    CpuTwinBackend twin;
    ASSERT_TRUE(twin.set_params(p));
    ASSERT_TRUE(twin.copy_in(start));
    long cut = 0;
    for (int step = 0; step < kSteps;) {
      for (int s = 0; s < kStepsBetweenChecks; ++s, ++step) {
        const Fields before = device.pair[device.current];
        device.step(1, p, {32, 8}, KernelVariant::Coalesced);
        cut += cells_cut_by_the_floor(before, device.pair[device.current], p.boundary);
      }
      ASSERT_TRUE(twin.step(kStepsBetweenChecks));
      Fields expected;
      ASSERT_TRUE(twin.copy_out(expected));
      const Fields& got = device.pair[device.current];
      ASSERT_TRUE(got.u == expected.u && got.v == expected.v)
          << "after step " << step << ": relative error " << relative_error(got, expected);
    }
    EXPECT_GT(cut, 100) << "the fronts must have met the floor";
    std::printf("%s: the floor cut %ld cell-steps\n", std::string(to_string(laplacian)).c_str(),
                cut);
  }
}

TEST(DisplayKernel, EmulatedCopyWritesEveryCellOnce) {
  const Fields start = random_fields({45, 19}, 3);
  std::vector<float> display(start.size.cells(), std::numeric_limits<float>::quiet_NaN());
  emulate_launch(field_launch_shape(start.size), [&](Dim3 b, Dim3 t, Dim3 dim) {
    display_kernel_body(b, t, dim, start.u.data(), display.data(), start.size.width,
                        start.size.height);
  });
  EXPECT_TRUE(std::equal(display.begin(), display.end(), start.u.begin()));
}

bool emulated_all_finite(const Fields& f) {
  int flag = 0;
  emulate_launch(field_launch_shape(f.size), [&](Dim3 b, Dim3 t, Dim3 dim) {
    finite_check_kernel_body(b, t, dim, f.u.data(), f.v.data(), f.size.width, f.size.height, &flag);
  });
  return flag == 0;
}

TEST(FiniteCheck, EmulatedKernelAndTwinFindNanAndInfinityAnywhere) {
  Fields f = random_fields({37, 29}, 8);
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.copy_in(f));
  EXPECT_TRUE(emulated_all_finite(f));
  EXPECT_TRUE(*twin.fields_are_finite());
  for (float bad : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                    -std::numeric_limits<float>::infinity()})
    for (std::size_t where : {std::size_t(0), f.u.size() / 2, f.u.size() - 1}) {
      Fields broken = f;
      broken.v[where] = bad;
      EXPECT_FALSE(emulated_all_finite(broken)) << where;
      ASSERT_TRUE(twin.copy_in(broken));
      EXPECT_FALSE(*twin.fields_are_finite()) << where;
    }
}

bool inside(const Brush& b, int x, int y) {
  const float dx = float(x) + 0.5f - b.x, dy = float(y) + 0.5f - b.y;
  return dx * dx + dy * dy <= b.radius * b.radius;
}

TEST(Brush, PaintsTheDiscOnlyAndWrapsOnATorus) {
  const Fields start = random_fields({40, 30}, 14);
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.copy_in(start));
  const Brush brush{1.0f, 2.0f, 4.0f, 0.875f, false};  // crosses the left and top edges
  ASSERT_TRUE(twin.paint(brush));
  Fields after;
  ASSERT_TRUE(twin.copy_out(after));
  EXPECT_EQ(after.u, start.u) << "painting v leaves u alone";
  int painted = 0;
  for (int y = -8; y < 38; ++y)
    for (int x = -8; x < 48; ++x)
      if (inside(brush, x, y)) {
        const std::size_t i = std::size_t((y + 30) % 30) * 40 + std::size_t((x + 40) % 40);
        EXPECT_EQ(after.v[i], 0.875f) << x << "," << y;
        ++painted;
      }
  std::size_t changed = 0;
  for (std::size_t i = 0; i < after.v.size(); ++i) changed += after.v[i] != start.v[i];
  EXPECT_EQ(changed, std::size_t(painted)) << "only the disc changes";
  EXPECT_GT(painted, 40);
}

TEST(Brush, ErasesToRestAndStopsAtNeumannWalls) {
  Fields start = random_fields({20, 20}, 15);
  CpuTwinBackend twin;
  Params neumann;
  neumann.boundary = Boundary::Neumann;
  ASSERT_TRUE(twin.set_params(neumann));
  ASSERT_TRUE(twin.copy_in(start));
  ASSERT_TRUE(twin.paint({0.0f, 10.0f, 3.0f, 0.0f, true}));
  Fields after;
  ASSERT_TRUE(twin.copy_out(after));
  EXPECT_EQ(after.u[10 * 20 + 0], 1.0f);
  EXPECT_EQ(after.v[10 * 20 + 0], 0.0f);
  EXPECT_EQ(after.v[10 * 20 + 19], start.v[10 * 20 + 19]) << "no wrap to the far side";
  EXPECT_FALSE(twin.paint({0.0f, 0.0f, 0.0f, 0.5f, false}));
  EXPECT_FALSE(twin.paint({0.0f, 0.0f, 1e6f, 0.5f, false}));
}

// The disc of cells whose centres lie within the radius, wrapped onto a periodic width x height
// grid: what a brush must change, computed without the kernel body's box.
std::vector<bool> disc_cells(const Brush& b, int width, int height) {
  std::vector<bool> disc(std::size_t(width) * height, false);
  const int reach = int(b.radius) + 2;
  for (int y = int(std::floor(b.y)) - reach; y <= int(std::floor(b.y)) + reach; ++y)
    for (int x = int(std::floor(b.x)) - reach; x <= int(std::floor(b.x)) + reach; ++x)
      if (inside(b, x, y))
        disc[std::size_t(((y % height) + height) % height) * width +
             std::size_t(((x % width) + width) % width)] = true;
  return disc;
}

TEST(Brush, ACentreLeftOfZeroPaintsItsWholeDisc) {
  // int() truncates -3.9 to -3; the box must start from floor(-3.9) = -4, or the column at -6
  // (inside a 1.9-cell disc around -3.9) is missed.
  for (const Brush brush :
       {Brush{-3.9f, 5.2f, 1.9f, 0.75f, false}, Brush{5.5f, -0.1f, 2.6f, 0.75f, false},
        Brush{-0.5f, -7.7f, 3.3f, 0.75f, false}}) {
    SCOPED_TRACE(std::to_string(brush.x) + "," + std::to_string(brush.y));
    const Fields start = random_fields({40, 30}, 16);
    CpuTwinBackend twin;
    ASSERT_TRUE(twin.copy_in(start));
    ASSERT_TRUE(twin.paint(brush));
    Fields after;
    ASSERT_TRUE(twin.copy_out(after));
    const std::vector<bool> disc = disc_cells(brush, 40, 30);
    for (std::size_t i = 0; i < after.v.size(); ++i)
      EXPECT_EQ(after.v[i], disc[i] ? 0.75f : start.v[i]) << "cell " << i % 40 << "," << i / 40;
  }
}

TEST(Brush, HugeCentresAreClampedNotUndefined) {
  // Past +-2^24 cells the centre is clamped, so its conversion to int is defined.
  EXPECT_EQ(brush_box({1e30f, -1e30f, 2.0f, 0.5f, false}).x0, 16777216 - 3);
  EXPECT_EQ(brush_box({1e30f, -1e30f, 2.0f, 0.5f, false}).y0, -16777216 - 3);
  EXPECT_EQ(brush_box({3e9f, 0.0f, 2.0f, 0.5f, false}).x0, 16777216 - 3);
  EXPECT_EQ(brush_box({std::nanf(""), 0.0f, 2.0f, 0.5f, false}).x0, -16777216 - 3);
  // Far away on a walled grid: nothing changes. On a torus: the disc around the clamped centre.
  const Fields start = random_fields({32, 16}, 17);
  for (const Boundary boundary : {Boundary::Neumann, Boundary::Periodic}) {
    CpuTwinBackend twin;
    Params p;
    p.boundary = boundary;
    ASSERT_TRUE(twin.set_params(p));
    ASSERT_TRUE(twin.copy_in(start));
    const Brush far{-4e9f, 1e20f, 3.0f, 0.25f, false};
    ASSERT_TRUE(twin.paint(far));
    Fields after;
    ASSERT_TRUE(twin.copy_out(after));
    if (boundary == Boundary::Neumann) {
      EXPECT_EQ(after.v, start.v);
    } else {
      const std::vector<bool> disc =
          disc_cells({-16777216.0f, 16777216.0f, 3.0f, 0.25f, false}, 32, 16);
      for (std::size_t i = 0; i < after.v.size(); ++i)
        EXPECT_EQ(after.v[i], disc[i] ? 0.25f : start.v[i]) << "cell " << i;
    }
  }
}

TEST(StepPlan, EveryCountIsCoveredAndTheDisplayFallsOnTheLastStep) {
  constexpr int kGraph = 16;
  for (int count = 1; count <= 100; ++count)
    for (const bool displays : {false, true}) {
      SCOPED_TRACE(std::to_string(count) + (displays ? " with display" : ""));
      const cuda::StepPlan plan = cuda::plan_steps(count, displays, kGraph);
      EXPECT_EQ(plan.plain_graphs * kGraph + (plan.display_graph ? kGraph : 0) + plan.remainder,
                count);
      EXPECT_LT(plan.remainder, kGraph);
      EXPECT_GE(plan.plain_graphs, 0);
      EXPECT_TRUE(!plan.display_graph || plan.remainder == 0) << "the display graph comes last";
      EXPECT_EQ(displays, plan.display_graph || (displays && plan.remainder > 0))
          << "a displaying call ends on the display graph or a plain launch; others never do";
    }
}

}  // namespace
}  // namespace gs::test
