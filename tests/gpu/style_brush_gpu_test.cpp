// The style brush on the device (BrushStyle::TowardA / TowardB): the CUDA kernel's bytes are
// the CPU twin's, bit for bit, and u and v stay.
#include <gtest/gtest.h>

#include "cuda_backend_fixture.h"
#include "gs/cpu_twin_backend.h"
#include "reference_model.h"

namespace gs::test {
namespace {

using StyleBrushGpu = CudaBackendTest;

// The style brush: strokes toward A and B with their soft edges, across the torus's edges and
// wider than the grid, starting a map on a state that has none: the GPU's bytes are the twin's,
// and u and v stay.
TEST_F(StyleBrushGpu, PaintsTheTwinsBytes) {
  const Fields start = random_fields({301, 177}, 14);
  const Brush strokes[] = {
      {40.3f, 20.6f, 16.7f, 0.5f, false, 180.45f, 3.15f, BrushStyle::TowardB},
      {2.4f, 1.7f, 25.5f, 0.5f, false, -19.35f, -16.15f, BrushStyle::TowardB},
      {150.0f, 88.0f, 30.0f, 0.5f, false, 0.0f, 0.0f, BrushStyle::TowardA},
      {120.75f, 60.25f, 400.0f, 0.5f, false, 60.5f, 40.0f, BrushStyle::TowardA},
      {100.5f, 50.5f, 60.0f, 0.5f, false, 0.0f, 0.0f, BrushStyle::TowardB},
      {-10.25f, 170.75f, 33.0f, 0.5f, false, 300.0f, -150.0f, BrushStyle::TowardA}};
  for (const Boundary boundary : {Boundary::Periodic, Boundary::Neumann}) {
    Params p;
    p.boundary = boundary;
    ASSERT_TRUE(cuda_->set_params(p));
    ASSERT_TRUE(cuda_->copy_in(start));
    CpuTwinBackend twin;
    ASSERT_TRUE(twin.set_params(p));
    ASSERT_TRUE(twin.copy_in(start));
    for (Backend* backend : {static_cast<Backend*>(cuda_.get()), static_cast<Backend*>(&twin)})
      for (const Brush& stroke : strokes) ASSERT_TRUE(backend->paint(stroke));
    Fields gpu, cpu;
    ASSERT_TRUE(cuda_->copy_out(gpu));
    ASSERT_TRUE(twin.copy_out(cpu));
    ASSERT_EQ(gpu.style.size(), start.size.cells()) << "painting started a map";
    EXPECT_TRUE(gpu.style == cpu.style) << to_string(boundary);
    EXPECT_TRUE(gpu.u == start.u && gpu.v == start.v) << "u and v stay";
  }
}

}  // namespace
}  // namespace gs::test
