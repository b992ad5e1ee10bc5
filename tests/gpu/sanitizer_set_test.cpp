// The sanitizer set (CTest label `gpu`): every CUDA kernel and path of the engine once, on
// awkward small sizes (17x5 and 1023x1025: no multiple of a block, one narrower than a warp),
// after 1 and 17 steps (plain launches, then a graph replay and a remainder), so that the device
// check can run the whole set under compute-sanitizer's memcheck and initcheck in seconds (the
// bit-for-bit suites launch kernels by the hundred thousand). Each test still compares with the
// CPU twin, so the set is a test of its own in the GPU tests' pass too. Where no device answers,
// each test reports itself skipped with the reason.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cuda_backend_fixture.h"
#include "gs/batched_stepper.h"
#include "gs/cpu_twin_backend.h"
#include "gs/cuda_backend.h"
#include "gs/initial_conditions.h"
#include "ranks_in_process.h"
#include "reference_model.h"

namespace gs::test {
namespace {

const GridSize kSizes[] = {{17, 5}, {1023, 1025}};
const int kStepCounts[] = {1, 17};

class SanitizerSet : public CudaBackendTest {
 protected:
  // The GPU's state after `steps` from `start` equals the twin's, to the bit.
  void expect_twins_bits(const Fields& start, const Params& params, int steps) {
    CpuTwinBackend twin;
    const Fields gpu = run_steps(*cuda_, start, params, steps);
    const Fields cpu = run_steps(twin, start, params, steps);
    EXPECT_TRUE(gpu.u == cpu.u && gpu.v == cpu.v);
  }
};

std::string label(GridSize size, int steps) {
  return to_string(size) + " after " + std::to_string(steps) + " steps";
}

// The six step kernels of each variant (three Laplacians, two boundaries), and a block shape
// that divides nothing.
TEST_F(SanitizerSet, EveryStepKernelOnAwkwardSizes) {
  for (const Laplacian laplacian : {Laplacian::FivePoint, Laplacian::NinePoint, Laplacian::Course})
    for (const Boundary boundary : {Boundary::Periodic, Boundary::Neumann})
      for (const KernelVariant variant : {KernelVariant::Coalesced, KernelVariant::Strided})
        for (const GridSize size : kSizes)
          for (const int steps : kStepCounts) {
            SCOPED_TRACE(case_name(laplacian, boundary) + " " + std::string(to_string(variant)) +
                         " " + label(size, steps));
            ASSERT_TRUE(cuda_->set_launch(BlockShape{}, variant));
            expect_twins_bits(make_initial_fields(size, InitPattern::Spots, 3),
                              stable_params(laplacian, boundary), steps);
          }
  ASSERT_TRUE(cuda_->set_launch(BlockShape{7, 3}, KernelVariant::Coalesced));
  expect_twins_bits(make_initial_fields({17, 5}, InitPattern::Noise, 4),
                    stable_params(Laplacian::Course, Boundary::Periodic), 17);
}

TEST_F(SanitizerSet, MapModeOnAwkwardSizes) {
  Params params = stable_params(Laplacian::Course, Boundary::Neumann);
  params.map.enabled = true;
  for (const GridSize size : kSizes)
    for (const int steps : kStepCounts) {
      SCOPED_TRACE(label(size, steps));
      expect_twins_bits(make_initial_fields(size, InitPattern::Spots, 5), params, steps);
    }
}

// Brushes past every edge and corner, strokes across them, and erasers, on both boundaries.
TEST_F(SanitizerSet, BrushPastTheEdges) {
  for (const GridSize size : kSizes)
    for (const Boundary boundary : {Boundary::Periodic, Boundary::Neumann}) {
      SCOPED_TRACE(to_string(size) + " " + std::string(to_string(boundary)));
      const float w = float(size.width), h = float(size.height);
      const Brush brushes[] = {
          {-2.5f, -1.5f, 4.2f, 0.7f, false},
          {w + 1.5f, h - 0.5f, 3.3f, 0.4f, false},
          {w / 2, h / 2, 2.9f, 0.0f, true},
          {w * 5, h * 5, 1.5f, 0.9f, false},
          {w - 1.5f, 0.5f, 2.1f, 0.6f, false, 4.0f, -3.5f},  // a stroke
          {1.5f, h - 0.5f, 1.7f, 0.0f, true, -3.0f, 2.5f},
          // the style map: a stroke past a corner, one wider than the grid
          {w - 0.5f, h - 0.5f, 3.5f, 0.5f, false, 5.0f, 4.0f, BrushStyle::TowardB},
          {w / 2, h / 2, w + h, 0.5f, false, 0.0f, 0.0f, BrushStyle::TowardA}};
      Params params;
      params.boundary = boundary;
      const Fields start = random_fields(size, 21);
      CpuTwinBackend twin;
      for (Backend* backend : {static_cast<Backend*>(cuda_.get()), static_cast<Backend*>(&twin)}) {
        ASSERT_TRUE(backend->set_params(params));
        ASSERT_TRUE(backend->copy_in(start));
        for (const Brush& brush : brushes) ASSERT_TRUE(backend->paint(brush));
      }
      Fields gpu, cpu;
      ASSERT_TRUE(cuda_->copy_out(gpu));
      ASSERT_TRUE(twin.copy_out(cpu));
      EXPECT_TRUE(gpu.u == cpu.u && gpu.v == cpu.v);
      EXPECT_TRUE(gpu.style == cpu.style);
    }
}

// The range reduction and the finite check, with a NaN and an infinity among the cells.
TEST_F(SanitizerSet, RangeAndFiniteChecks) {
  for (const GridSize size : kSizes) {
    SCOPED_TRACE(to_string(size));
    Fields fields = random_fields(size, 22);
    ASSERT_TRUE(cuda_->copy_in(fields));
    Expected<bool> finite = cuda_->fields_are_finite();
    ASSERT_TRUE(finite) << finite.message();
    EXPECT_TRUE(*finite);
    fields.v[size.cells() - 1] = std::numeric_limits<float>::quiet_NaN();
    fields.u[size.cells() / 2] = -std::numeric_limits<float>::infinity();
    CpuTwinBackend twin;
    ASSERT_TRUE(twin.copy_in(fields));
    ASSERT_TRUE(cuda_->copy_in(fields));
    finite = cuda_->fields_are_finite();
    ASSERT_TRUE(finite) << finite.message();
    EXPECT_FALSE(*finite);
    for (const DisplayField field : {DisplayField::U, DisplayField::V}) {
      Expected<ValueRange> gpu = cuda_->field_range(field);
      Expected<ValueRange> cpu = twin.field_range(field);
      ASSERT_TRUE(gpu && cpu);
      EXPECT_EQ(gpu->low, cpu->low) << to_string(field);
      EXPECT_EQ(gpu->high, cpu->high) << to_string(field);
    }
  }
}

// The display write, fused into the last step and alone, into device and host targets.
TEST_F(SanitizerSet, DisplayTargetsOnDeviceAndHost) {
  for (const GridSize size : kSizes) {
    SCOPED_TRACE(to_string(size));
    ASSERT_TRUE(cuda_->set_params(Params{}));
    ASSERT_TRUE(cuda_->copy_in(make_initial_fields(size, InitPattern::Spots, 6)));
    float* device_target = nullptr;
    ASSERT_EQ(cudaMalloc(&device_target, size.cells() * sizeof(float)), cudaSuccess);
    std::vector<float> on_device(size.cells()), on_host(size.cells());
    const DisplayTarget device{device_target, size.cells(), MemorySpace::Device};
    const DisplayTarget host{on_host.data(), on_host.size(), MemorySpace::Host};
    Fields state;
    for (const int steps : kStepCounts) {
      ASSERT_TRUE(cuda_->step_and_display(steps, DisplayField::V, device));
      ASSERT_TRUE(cuda_->copy_out(state));
      ASSERT_TRUE(cuda_->finish());  // the backend's stream, before the default stream's copy
      ASSERT_EQ(cudaMemcpy(on_device.data(), device_target, size.cells() * sizeof(float),
                           cudaMemcpyDeviceToHost),
                cudaSuccess);
      EXPECT_TRUE(same_values(on_device, state.v)) << "fused device target after " << steps;
      ASSERT_TRUE(cuda_->step_and_display(steps, DisplayField::U, host));
      ASSERT_TRUE(cuda_->copy_out(state));
      EXPECT_TRUE(same_values(on_host, state.u)) << "fused host target after " << steps;
      ASSERT_TRUE(cuda_->write_display(DisplayField::V, device));
      ASSERT_TRUE(cuda_->finish());
      ASSERT_EQ(cudaMemcpy(on_device.data(), device_target, size.cells() * sizeof(float),
                           cudaMemcpyDeviceToHost),
                cudaSuccess);
      EXPECT_TRUE(same_values(on_device, state.v)) << "device target alone after " << steps;
    }
    ASSERT_EQ(cudaFree(device_target), cudaSuccess);
  }
}

TEST_F(SanitizerSet, BatchedStepperGrids) {
  const std::vector<Rates> rates{{0.018f, 0.051f}, {0.030f, 0.057f}, {0.046f, 0.063f}};
  for (const GridSize size : kSizes) {
    SCOPED_TRACE(to_string(size));
    const Fields start = make_initial_fields(size, InitPattern::Spots, 7);
    std::vector<float> v[2];
    int slot = 0;
    for (const BackendChoice choice : {BackendChoice::Cuda, BackendChoice::Cpu}) {
      BackendOptions options;
      options.choice = choice;
      Expected<SelectedBatchedStepper> created = create_batched_stepper(options);
      ASSERT_TRUE(created) << created.message();
      ASSERT_TRUE(created->stepper->start(start, Params{}, rates));
      ASSERT_TRUE(created->stepper->step(17));
      ASSERT_TRUE(created->stepper->read_v(v[slot++]));
    }
    ASSERT_EQ(v[0].size(), rates.size() * size.cells());
    EXPECT_TRUE(v[0] == v[1]);
  }
}

// A rank's rows: read and written at the grid's first and last rows, and the strips that step
// a rank's sends ahead, on two ranks.
TEST_F(SanitizerSet, RankRowsAndStrips) {
  check_row_access(*cuda_);
  const Fields start = random_fields({1023, 1025}, 23);
  ASSERT_TRUE(cuda_->copy_in(start));
  Fields rows;
  for (const int first : {0, 1025 - 3}) {
    ASSERT_TRUE(cuda_->read_rows(first, 3, rows));
    const auto from = start.v.begin() + long(first) * 1023;
    EXPECT_TRUE(std::equal(rows.v.begin(), rows.v.end(), from)) << "rows from " << first;
  }
  ASSERT_TRUE(cuda_->write_rows(0, rows));  // the last three rows over the first three
  Fields out;
  ASSERT_TRUE(cuda_->copy_out(out));
  EXPECT_TRUE(std::equal(out.v.begin(), out.v.begin() + 3 * 1023, start.v.end() - 3 * 1023));
  EXPECT_TRUE(std::equal(out.v.begin() + 3 * 1023, out.v.end(), start.v.begin() + 3 * 1023));
  const Params params = stable_params(Laplacian::Course, Boundary::Periodic);
  const Fields whole = make_initial_fields({37, 29}, InitPattern::Spots, 8);  // splits in 2
  const Fields spread = run_with_sends_ahead(whole, params, 2, 1, 17, 1, []() {
    Expected<std::unique_ptr<CudaBackend>> created = CudaBackend::create();
    EXPECT_TRUE(created) << created.message();
    return created ? std::unique_ptr<Backend>(std::move(created).value()) : nullptr;
  });
  const Fields single = run_twin(whole, params, 17, 1);
  EXPECT_TRUE(spread.u == single.u && spread.v == single.v);
}

// The overlapped frame readback (the course run's frames): staging, the finite check beside it
// and the second stream's copies into page-locked buffers, three frames deep on a depth of two.
TEST_F(SanitizerSet, OverlappedFramesOnAwkwardSizes) {
  for (const GridSize size : kSizes) {
    SCOPED_TRACE(to_string(size));
    ASSERT_TRUE(cuda_->copy_in(make_initial_fields(size, InitPattern::Spots, 8)));
    Expected<std::unique_ptr<FrameReadback>> opened = cuda_->open_frame_readback(DisplayField::V);
    ASSERT_TRUE(opened) << opened.message();
    FrameReadback& readback = **opened;
    std::vector<FieldData> expected;
    std::size_t collected = 0;
    const auto collect_next = [&] {
      Expected<ReadbackFrame> frame = readback.collect();
      ASSERT_TRUE(frame) << frame.message();
      EXPECT_TRUE(same_values(frame->values, expected[collected])) << "frame " << collected;
      ++collected;
    };
    for (const int steps : {1, 17, 1}) {
      ASSERT_TRUE(cuda_->step(steps));
      Fields state;
      ASSERT_TRUE(cuda_->copy_out(state));
      expected.push_back(state.v);
      if (readback.queued() == readback.depth()) collect_next();
      ASSERT_TRUE(readback.queue(std::vector<float>(size.cells())));
    }
    while (readback.queued() > 0) collect_next();
    EXPECT_EQ(collected, expected.size());
  }
}

// What the benchmark measures besides the steps: the display paths and a graph's build.
TEST_F(SanitizerSet, GpuMeasurementsOnASmallGrid) {
  ASSERT_TRUE(cuda_->copy_in(make_initial_fields({17, 5}, InitPattern::Spots, 9)));
  Expected<DisplayPathTimes> paths = cuda_->measure_display_paths(1);
  ASSERT_TRUE(paths) << paths.message();
  EXPECT_GE(paths->device_ms, 0.0);  // a few microseconds of 85 cells: the path, not its time
  Expected<GraphCosts> graphs = cuda_->measure_graph_costs(1);
  ASSERT_TRUE(graphs) << graphs.message();
  EXPECT_GT(graphs->replay_ms, 0.0);
}

}  // namespace
}  // namespace gs::test
