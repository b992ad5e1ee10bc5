// The CUDA backend on a real GPU (CTest label `gpu`). Where no device answers, every test
// reports itself skipped with the reason; the CPU-side kernel tests (kernel_emulation_test)
// always run.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "cuda_backend_fixture.h"
#include "gs/cpu_twin_backend.h"
#include "gs/cuda_backend.h"
#include "gs/initial_conditions.h"
#include "reference_model.h"

namespace gs::test {
namespace {

class CudaTest : public CudaBackendTest {};

// Bit for bit: the GPU's kernels run the twin's arithmetic in the twin's order (nvcc fuses
// no multiply-add of its own, --fmad=false; both flush subnormals).
::testing::AssertionResult same_bits(const Fields& gpu, const Fields& twin) {
  if (gpu.size != twin.size) return ::testing::AssertionFailure() << "sizes differ";
  for (std::size_t i = 0; i < gpu.u.size(); ++i)
    if (gpu.u[i] != twin.u[i] || gpu.v[i] != twin.v[i])
      return ::testing::AssertionFailure()
             << "cell " << i % std::size_t(gpu.size.width) << "," << i / std::size_t(gpu.size.width)
             << ": gpu (" << gpu.u[i] << ", " << gpu.v[i] << "), twin (" << twin.u[i] << ", "
             << twin.v[i] << "); relative error " << relative_error(gpu, twin);
  return ::testing::AssertionSuccess();
}

class CudaMatchesTwin : public CudaTest, public ::testing::WithParamInterface<StencilCase> {};

TEST_P(CudaMatchesTwin, BitForBitOnOddCountsBothKernelsAndTheMap) {
  const Params uniform = stable_params(std::get<0>(GetParam()), std::get<1>(GetParam()));
  Params mapped = uniform;
  mapped.map.enabled = true;
  for (const Params& p : {uniform, mapped})
    for (GridSize size :
         {GridSize{1, 1}, GridSize{17, 5}, GridSize{1023, 1025}, GridSize{1920, 1080}}) {
      const Fields start = make_initial_fields(size, InitPattern::Spots, 3);
      for (KernelVariant variant : {KernelVariant::Coalesced, KernelVariant::Strided}) {
        ASSERT_TRUE(cuda_->set_launch(BlockShape{}, variant));
        for (int steps : {1, 15, 16, 17, 100, 1001}) {
          SCOPED_TRACE(to_string(size) + " " + std::string(to_string(variant)) + " after " +
                       std::to_string(steps) + (p.map.enabled ? " steps, map mode" : " steps"));
          CpuTwinBackend twin;
          EXPECT_TRUE(
              same_bits(run_steps(*cuda_, start, p, steps), run_steps(twin, start, p, steps)));
        }
      }
    }
}

INSTANTIATE_TEST_SUITE_P(AllLaplaciansAndBoundaries, CudaMatchesTwin, all_stencil_cases(),
                         stencil_case_name);

// Parameters that change between calls reach the replayed graphs (they are patched, not
// re-captured), and a display target that moves between calls gets the field each time.
TEST_F(CudaTest, ParameterChangesAndMovingDisplayTargetsBetweenCalls) {
  const Fields start = make_initial_fields({333, 257}, InitPattern::Spots, 8);
  Params p = stable_params(Laplacian::Course, Boundary::Periodic);
  CpuTwinBackend twin;
  for (Backend* backend : {static_cast<Backend*>(cuda_.get()), static_cast<Backend*>(&twin)}) {
    ASSERT_TRUE(backend->set_params(p));
    ASSERT_TRUE(backend->copy_in(start));
  }
  float* targets[2] = {nullptr, nullptr};
  for (float*& target : targets)
    ASSERT_EQ(cudaMalloc(&target, start.size.cells() * sizeof(float)), cudaSuccess);
  std::vector<float> shown(start.size.cells());
  const long long builds_before = cuda_->graph_builds();
  for (int call = 0; call < 100; ++call) {
    // A slider drag: F and k move a little every call, the count changes, the map toggles.
    p.F = 0.014f + 0.0001f * float(call % 13);
    p.k = 0.054f - 0.00005f * float(call % 7);
    p.map.enabled = call % 25 >= 20;
    const int steps = 1 + (call * 7) % 48;
    const DisplayField field = call % 3 == 0 ? DisplayField::U : DisplayField::V;
    ASSERT_TRUE(cuda_->set_params(p));
    ASSERT_TRUE(twin.set_params(p));
    ASSERT_TRUE(cuda_->step_and_display(
        steps, field, {targets[call % 2], start.size.cells(), MemorySpace::Device}));
    ASSERT_TRUE(twin.step(steps));
    if (call % 10 != 9) continue;
    Fields gpu, cpu;
    ASSERT_TRUE(cuda_->copy_out(gpu));
    ASSERT_TRUE(twin.copy_out(cpu));
    ASSERT_TRUE(same_bits(gpu, cpu)) << "after call " << call;
    // The backend's stream does not block: its display write is waited for through the backend
    // before a plain copy on the default stream reads the target.
    ASSERT_TRUE(cuda_->finish());
    ASSERT_EQ(cudaMemcpy(shown.data(), targets[call % 2], shown.size() * sizeof(float),
                         cudaMemcpyDeviceToHost),
              cudaSuccess);
    const auto& expected = field == DisplayField::U ? cpu.u : cpu.v;
    EXPECT_TRUE(std::equal(shown.begin(), shown.end(), expected.begin()))
        << "display after call " << call;
  }
  ASSERT_TRUE(cuda_->finish());  // no write of the backend's may still be headed for them
  for (float* target : targets) ASSERT_EQ(cudaFree(target), cudaSuccess);
  // Two graphs (with and without the display write) from each buffer pair at most.
  EXPECT_LE(cuda_->graph_builds() - builds_before, 4);
}

// Paints `brushes` on the GPU and on the twin from `start`, on both boundaries, and expects the
// same bits; the twin's fields after each boundary's brushes come back for further checks.
std::vector<Fields> expect_twins_paint(CudaBackend& cuda, const Fields& start,
                                       const std::vector<Brush>& brushes) {
  std::vector<Fields> twins;
  for (const Boundary boundary : {Boundary::Periodic, Boundary::Neumann}) {
    Params p;
    p.boundary = boundary;
    CpuTwinBackend twin;
    for (Backend* backend : {static_cast<Backend*>(&cuda), static_cast<Backend*>(&twin)}) {
      EXPECT_TRUE(backend->set_params(p));
      EXPECT_TRUE(backend->copy_in(start));
      for (const Brush& brush : brushes) EXPECT_TRUE(backend->paint(brush));
    }
    Fields gpu, cpu;
    EXPECT_TRUE(cuda.copy_out(gpu));
    EXPECT_TRUE(twin.copy_out(cpu));
    EXPECT_TRUE(same_bits(gpu, cpu)) << to_string(boundary);
    twins.push_back(std::move(cpu));
  }
  return twins;
}

TEST_F(CudaTest, BrushPaintsTheTwinsCellsIncludingTheRim) {
  expect_twins_paint(
      *cuda_, random_fields({301, 177}, 12),
      {Brush{-3.9f, 5.2f, 17.3f, 0.7f, false}, Brush{150.25f, 88.75f, 40.1f, 0.3f, false},
       Brush{299.5f, 176.5f, 9.99f, 0.0f, true}});
}

// Strokes (the segment between two frames of a drag): along x, along y, diagonal, across the
// torus's corner, a zero-length one and an eraser; the GPU paints the twin's cells, rims included.
TEST_F(CudaTest, StrokesPaintTheTwinsCells) {
  const Fields start = random_fields({301, 177}, 13);
  const std::vector<Fields> twins =
      expect_twins_paint(*cuda_, start,
                         {{40.3f, 20.6f, 6.7f, 0.9f, false, 180.45f, 3.15f},
                          {250.2f, 170.1f, 3.3f, 0.4f, false, 2.35f, -160.7f},
                          {10.55f, 5.35f, 12.6f, 0.6f, false, 270.15f, 160.85f},
                          {2.4f, 1.7f, 5.5f, 0.8f, false, -19.35f, -16.15f},
                          {150.0f, 88.0f, 5.0f, 0.7f, false, 0.0f, 0.0f},
                          {120.75f, 60.25f, 8.0f, 0.0f, true, 60.5f, 40.0f}});
  for (const Fields& twin : twins) EXPECT_NE(twin.v, start.v);
}

TEST_F(CudaTest, StepsAreNotWaitedForButFinishGivesTheirTime) {
  ASSERT_TRUE(cuda_->copy_in(make_initial_fields({4096, 4096}, InitPattern::Square, 1)));
  ASSERT_TRUE(cuda_->step(32));  // builds the graphs
  ASSERT_TRUE(cuda_->finish());
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(cuda_->step(320));
  const double enqueue_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  Expected<Timings> finished = cuda_->finish();
  ASSERT_TRUE(finished) << finished.message();
  EXPECT_GT(finished->compute_ms, 0.0);
  EXPECT_EQ(finished->steps, 320);
  EXPECT_LT(enqueue_ms, finished->compute_ms) << "the host returned before the GPU was done";
  EXPECT_EQ(finished->transfer_ms, 0.0) << "stepping moves no data across PCIe";
}

TEST_F(CudaTest, StridedVariantAndOtherBlocksGiveTheSameResult) {
  const Fields start = make_initial_fields({300, 200}, InitPattern::Noise, 4);
  const Params p = stable_params(Laplacian::Course, Boundary::Periodic);
  const Fields reference = run_steps(*cuda_, start, p, 50);
  for (BlockShape block : {BlockShape{16, 16}, BlockShape{7, 3}, BlockShape{256, 1}})
    for (KernelVariant variant : {KernelVariant::Coalesced, KernelVariant::Strided}) {
      ASSERT_TRUE(cuda_->set_launch(block, variant));
      const Fields result = run_steps(*cuda_, start, p, 50);
      EXPECT_EQ(result.u, reference.u) << block.x << "x" << block.y << " " << to_string(variant);
      EXPECT_EQ(result.v, reference.v) << block.x << "x" << block.y << " " << to_string(variant);
    }
}

TEST_F(CudaTest, UploadDownloadRoundTripIsExact) {
  const Fields start = random_fields({777, 333}, 5);
  ASSERT_TRUE(cuda_->copy_in(start));
  EXPECT_GT(cuda_->last_timings().transfer_ms, 0.0);
  Fields back;
  ASSERT_TRUE(cuda_->copy_out(back));
  EXPECT_EQ(back.u, start.u);
  EXPECT_EQ(back.v, start.v);
}

TEST_F(CudaTest, DisplayFieldGoesToDeviceAndHostTargets) {
  const Fields start = random_fields({200, 100}, 6);
  const Params p;
  ASSERT_TRUE(cuda_->set_params(p));
  ASSERT_TRUE(cuda_->copy_in(start));
  float* device_display = nullptr;
  ASSERT_EQ(cudaMalloc(&device_display, start.size.cells() * sizeof(float)), cudaSuccess);
  ASSERT_TRUE(cuda_->step_and_display(7, DisplayField::V,
                                      {device_display, start.size.cells(), MemorySpace::Device}));
  // The steps and the fused write are only queued, on a stream that does not block: a plain
  // cudaMemcpy on the default stream would not wait for them.
  ASSERT_TRUE(cuda_->finish());
  std::vector<float> fused(start.size.cells());
  ASSERT_EQ(cudaMemcpy(fused.data(), device_display, fused.size() * sizeof(float),
                       cudaMemcpyDeviceToHost),
            cudaSuccess);
  ASSERT_EQ(cudaFree(device_display), cudaSuccess);
  Fields state;
  ASSERT_TRUE(cuda_->copy_out(state));
  EXPECT_TRUE(std::equal(fused.begin(), fused.end(), state.v.begin()));

  std::vector<float> host_display(start.size.cells());
  ASSERT_TRUE(cuda_->write_display(DisplayField::U,
                                   {host_display.data(), host_display.size(), MemorySpace::Host}));
  EXPECT_TRUE(std::equal(host_display.begin(), host_display.end(), state.u.begin()));
  EXPECT_FALSE(cuda_->write_display(DisplayField::U, {host_display.data(), 10, MemorySpace::Host}));
}

TEST_F(CudaTest, OutOfMemoryIsAClearErrorAndKeepsTheState) {
  const Fields small = random_fields({64, 64}, 7);
  ASSERT_TRUE(cuda_->copy_in(small));
  // Take nearly all free memory, then ask for a grid that cannot fit in what is left.
  std::size_t free_bytes = 0, total_bytes = 0;
  ASSERT_EQ(cudaMemGetInfo(&free_bytes, &total_bytes), cudaSuccess);
  void* hog = nullptr;
  // Leave 64 MiB: far less than the 268 MB the new grid's four buffers need.
  const std::size_t hog_bytes = free_bytes - (64u << 20);
  ASSERT_EQ(cudaMalloc(&hog, hog_bytes), cudaSuccess);
  const Status refused = cuda_->copy_in(Fields({4096, 4096}));
  ASSERT_EQ(cudaFree(hog), cudaSuccess);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("out of memory"), std::string::npos) << refused.message();
  EXPECT_EQ(cuda_->size(), small.size);
  Fields kept;
  ASSERT_TRUE(cuda_->copy_out(kept));
  EXPECT_EQ(kept.u, small.u);
  ASSERT_TRUE(cuda_->step(10)) << "the backend still works after the refusal";
}

TEST_F(CudaTest, CopyBandwidthIsMeasured) {
  Expected<double> bandwidth = cuda_->measure_copy_bandwidth(256u << 20);
  ASSERT_TRUE(bandwidth) << bandwidth.message();
  EXPECT_GT(*bandwidth, 10.0);
}

TEST_F(CudaTest, FiniteCheckFindsADivergedCell) {
  Fields f = random_fields({100, 60}, 9);
  ASSERT_TRUE(cuda_->copy_in(f));
  Expected<bool> finite = cuda_->fields_are_finite();
  ASSERT_TRUE(finite) << finite.message();
  EXPECT_TRUE(*finite);
  f.u[1234] = std::numeric_limits<float>::infinity();
  ASSERT_TRUE(cuda_->copy_in(f));
  EXPECT_FALSE(*cuda_->fields_are_finite());
}

TEST_F(CudaTest, FieldRangeMatchesTheTwin) {
  Fields f = random_fields({1023, 517}, 13);
  f.v[99] = -3.0f;
  f.v[100] = std::numeric_limits<float>::quiet_NaN();
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.copy_in(f));
  ASSERT_TRUE(cuda_->copy_in(f));
  Expected<ValueRange> gpu = cuda_->field_range(DisplayField::V);
  ASSERT_TRUE(gpu) << gpu.message();
  EXPECT_EQ(gpu->low, twin.field_range(DisplayField::V)->low);
  EXPECT_EQ(gpu->high, twin.field_range(DisplayField::V)->high);
}

// The range without waiting: the newest finished reduction of the field asked for, never
// another field's; after the backend's work is done, the range of the state then. Over a grid
// larger than a full launch's threads, so every SM's blocks take a grid-stride share.
TEST_F(CudaTest, RecentFieldRangeIsTheNewestFinishedOfItsField) {
  Fields low = random_fields({1021, 777}, 21), high = low;
  for (float& v : high.v) v += 2.0f;
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.copy_in(low));
  const ValueRange low_v = *twin.field_range(DisplayField::V);
  const ValueRange low_u = *twin.field_range(DisplayField::U);
  ASSERT_TRUE(twin.copy_in(high));
  const ValueRange high_v = *twin.field_range(DisplayField::V);
  const auto same = [](const ValueRange& a, const ValueRange& b) {
    return a.low == b.low && a.high == b.high;
  };

  ASSERT_TRUE(cuda_->copy_in(low));
  Expected<std::optional<ValueRange>> first = cuda_->recent_field_range(DisplayField::V);
  ASSERT_TRUE(first) << first.message();
  if (first->has_value()) {
    EXPECT_TRUE(same(**first, low_v));
  }
  ASSERT_TRUE(cuda_->finish());
  ASSERT_TRUE(cuda_->copy_in(high));
  Expected<std::optional<ValueRange>> behind = cuda_->recent_field_range(DisplayField::V);
  ASSERT_TRUE(behind && behind->has_value()) << "the first reduction has finished";
  EXPECT_TRUE(same(**behind, low_v) || same(**behind, high_v));
  ASSERT_TRUE(cuda_->finish());
  Expected<std::optional<ValueRange>> caught_up = cuda_->recent_field_range(DisplayField::V);
  ASSERT_TRUE(caught_up && caught_up->has_value());
  EXPECT_TRUE(same(**caught_up, high_v)) << "the range of the state after the copy";

  // u was never reduced: its first answer is nothing or u's own range, never v's.
  ASSERT_TRUE(cuda_->copy_in(low));
  Expected<std::optional<ValueRange>> u = cuda_->recent_field_range(DisplayField::U);
  ASSERT_TRUE(u) << u.message();
  if (u->has_value()) {
    EXPECT_TRUE(same(**u, low_u));
  }
  // The waiting call gives the range now, and is the newest for the calls after it.
  Expected<ValueRange> now = cuda_->field_range(DisplayField::V);
  ASSERT_TRUE(now) << now.message();
  EXPECT_TRUE(same(*now, low_v));
  Expected<std::optional<ValueRange>> after = cuda_->recent_field_range(DisplayField::V);
  ASSERT_TRUE(after && after->has_value());
  EXPECT_TRUE(same(**after, low_v));
}

TEST_F(CudaTest, RecentFieldRangeDoesNotWaitForTheSteps) {
  ASSERT_TRUE(cuda_->copy_in(make_initial_fields({4096, 4096}, InitPattern::Square, 1)));
  ASSERT_TRUE(cuda_->step(32));  // builds the graphs
  ASSERT_TRUE(cuda_->finish());
  ASSERT_TRUE(cuda_->step(320));
  const auto start = std::chrono::steady_clock::now();
  for (int call = 0; call < 10; ++call)  // more calls than slots: the busy ring queues nothing
    ASSERT_TRUE(cuda_->recent_field_range(DisplayField::V));
  const double asked_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  Expected<Timings> finished = cuda_->finish();
  ASSERT_TRUE(finished) << finished.message();
  EXPECT_LT(asked_ms, finished->compute_ms) << "the range waited for the steps";
}

TEST_F(CudaTest, ReadsAndWritesRowsWithoutTheRestOfTheState) {
  check_row_access(*cuda_);
}

// Rows between two backends on one GPU stay on it, ordered by events both ways (the source's
// steps queued before the copy are in the rows, those queued after are not); with a twin on
// either side they go through host memory.
TEST_F(CudaTest, CopiesRowsFromAnotherBackendOnTheDeviceOrThroughTheHost) {
  Expected<std::unique_ptr<CudaBackend>> other = CudaBackend::create();
  ASSERT_TRUE(other) << other.message();
  {
    SCOPED_TRACE("cuda to cuda");
    check_rows_between(**other, *cuda_);
  }
  ASSERT_TRUE((*other)->device_state().has_value());
  CpuTwinBackend twin(2);
  {
    SCOPED_TRACE("twin to cuda");
    check_rows_between(twin, *cuda_);
  }
  {
    SCOPED_TRACE("cuda to twin");
    check_rows_between(*cuda_, twin);
  }
}

// A rank's halo rows in page-locked memory: copies through it are exact, the pin holds while
// its guard lives (pinning the same memory again is refused) and ends with it (then it takes).
TEST_F(CudaTest, PinnedRowsCopyExactlyAndUnpinWithTheirGuard) {
  const Fields start = make_initial_fields({64, 48}, InitPattern::Spots, 3);
  ASSERT_TRUE(cuda_->copy_in(start));
  Fields rows({64, 5});
  {
    const std::unique_ptr<PinnedHostMemory> pinned =
        cuda_->pin_host_memory(rows.v.data(), rows.v.size() * sizeof(float));
    ASSERT_NE(pinned, nullptr) << "cudaHostRegister refused";
    EXPECT_EQ(cuda_->pin_host_memory(rows.v.data(), rows.v.size() * sizeof(float)), nullptr)
        << "pinned twice";
    ASSERT_TRUE(cuda_->read_rows(10, 5, rows));
    const std::size_t from = 10 * 64;
    EXPECT_TRUE(std::equal(rows.v.begin(), rows.v.end(), start.v.begin() + long(from)));
    EXPECT_TRUE(std::equal(rows.u.begin(), rows.u.end(), start.u.begin() + long(from)));
    for (float& value : rows.v) value = 0.25f;
    ASSERT_TRUE(cuda_->write_rows(40, rows));
    Fields out;
    ASSERT_TRUE(cuda_->copy_out(out));
    EXPECT_EQ(out.v[40 * 64 + 7], 0.25f);
    EXPECT_EQ(out.v[39 * 64 + 7], start.v[39 * 64 + 7]);
  }
  EXPECT_NE(cuda_->pin_host_memory(rows.v.data(), rows.v.size() * sizeof(float)), nullptr)
      << "the guard did not unpin";
  EXPECT_EQ(cuda_->pin_host_memory(nullptr, 64), nullptr);
}

}  // namespace
}  // namespace gs::test
