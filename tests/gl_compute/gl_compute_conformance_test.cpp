// The gl backend against the CPU twin, bit for bit: every Laplacian and boundary, uniform rates,
// the parameter map and a style map, after 1, 17 and 1,000 steps on awkward sizes; the same with
// the exact fma formulation forced; and the arithmetic probe that chooses between them.
#include <algorithm>
#include <random>
#include <tuple>

#include "arithmetic_probe.h"
#include "gl_compute_fixture.h"
#include "gs/initial_conditions.h"

namespace gs::test {
namespace {

enum class Source { Uniform, Map, Style };

Params params_for(Laplacian laplacian, Boundary boundary, Source source) {
  Params p;
  p.laplacian = laplacian;
  p.boundary = boundary;
  if (source == Source::Map) p.map = {true, 0.0f, 0.08f, 0.03f, 0.07f};
  if (source == Source::Style) p.style = {true, 0.03f, 0.06f, 0.08f, 0.04f};
  return p;
}

Fields start_for(GridSize size, Source source) {
  Fields start = make_initial_fields(size, InitPattern::Spots, 7);
  if (source == Source::Style) {
    std::mt19937 random(11);
    start.style.resize(size.cells());
    for (auto& byte : start.style) byte = std::uint8_t(random() & 0xff);
  }
  return start;
}

// Steps both backends through `checkpoints` (cumulative step counts) and compares after each.
void expect_same_steps(Backend& gl, const Params& p, const Fields& start,
                       std::initializer_list<int> checkpoints) {
  CpuTwinBackend twin(2);
  ASSERT_TRUE(twin.set_params(p));
  ASSERT_TRUE(gl.set_params(p));
  ASSERT_TRUE(twin.copy_in(start));
  ASSERT_TRUE(gl.copy_in(start));
  int done = 0;
  for (const int steps : checkpoints) {
    ASSERT_TRUE(twin.step(steps - done));
    const Status stepped = gl.step(steps - done);
    ASSERT_TRUE(stepped) << stepped.message();
    done = steps;
    Fields a, b;
    ASSERT_TRUE(gl.copy_out(a));
    ASSERT_TRUE(twin.copy_out(b));
    EXPECT_EQ(bit_difference(a, b), "")
        << "after " << steps << " steps on " << to_string(start.size);
  }
}

// "five_point_periodic_map": the test's name for its stencil, boundary and source.
std::string conformance_name(
    const ::testing::TestParamInfo<std::tuple<Laplacian, Boundary, Source>>& info) {
  const char* sources[] = {"uniform", "map", "style"};
  std::string name = std::string(to_string(std::get<0>(info.param))) + "_" +
                     std::string(to_string(std::get<1>(info.param))) + "_" +
                     sources[int(std::get<2>(info.param))];
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

class GlComputeConformance
    : public GlComputeTest,
      public ::testing::WithParamInterface<std::tuple<Laplacian, Boundary, Source>> {};

TEST_P(GlComputeConformance, StepsGiveTheTwinsBits) {
  const auto [laplacian, boundary, source] = GetParam();
  std::unique_ptr<Backend> gl = gl_backend();
  ASSERT_TRUE(gl);
  const Params p = params_for(laplacian, boundary, source);
  expect_same_steps(*gl, p, start_for({203, 157}, source), {1, 17, 1000});
  // The course's own setting also for 1,000 steps on the large awkward grid.
  const bool course =
      laplacian == Laplacian::Course && boundary == Boundary::Periodic && source == Source::Uniform;
  if (course) {
    expect_same_steps(*gl, p, start_for({1023, 1025}, source), {1, 17, 1000});
  } else {
    expect_same_steps(*gl, p, start_for({1023, 1025}, source), {1, 17});
  }
}

INSTANTIATE_TEST_SUITE_P(
    EveryStencilBoundaryAndSource, GlComputeConformance,
    ::testing::Combine(::testing::Values(Laplacian::FivePoint, Laplacian::NinePoint,
                                         Laplacian::Course),
                       ::testing::Values(Boundary::Periodic, Boundary::Neumann),
                       ::testing::Values(Source::Uniform, Source::Map, Source::Style)),
    conformance_name);

// The exact formulation, forced, on every stencil and source: the path a driver whose fma()
// rounds twice takes, proven also where the driver's fma() would do.
TEST_F(GlComputeTest, TheExactFmaFormulationGivesTheTwinsBits) {
  std::unique_ptr<Backend> gl = gl_backend(gl_compute::FmaPath::Emulated);
  ASSERT_TRUE(gl);
  EXPECT_NE(gl->description().find("the exact formulation (forced)"), std::string::npos)
      << gl->description();
  for (Laplacian laplacian : {Laplacian::FivePoint, Laplacian::NinePoint, Laplacian::Course})
    for (Source source : {Source::Uniform, Source::Map, Source::Style})
      expect_same_steps(*gl, params_for(laplacian, Boundary::Periodic, source),
                        start_for({97, 61}, source), {17, 200});
}

// The probe: the exact formulation rounds once on every case (fma and division); the backend's
// description says which gs_fma it chose, and why where it is not the driver's.
TEST_F(GlComputeTest, TheArithmeticProbeJudgesTheDriversFma) {
  gl_compute::ComputePrograms exact(false), driver(true);
  Expected<gl_compute::ArithmeticProbe> exact_probe = gl_compute::probe_arithmetic(exact);
  ASSERT_TRUE(exact_probe) << exact_probe.message();
  EXPECT_TRUE(exact_probe->rounds_once) << exact_probe->first_difference;
  EXPECT_GT(exact_probe->cases, 4000);
  Expected<gl_compute::ArithmeticProbe> driver_probe = gl_compute::probe_arithmetic(driver);
  ASSERT_TRUE(driver_probe) << driver_probe.message();
  std::unique_ptr<Backend> gl = gl_backend();
  ASSERT_TRUE(gl);
  if (driver_probe->rounds_once) {
    EXPECT_NE(gl->description().find("fma: the driver's, rounding once"), std::string::npos);
  } else {
    EXPECT_NE(gl->description().find("fma: the exact formulation (the driver's rounds twice)"),
              std::string::npos)
        << gl->description();
    EXPECT_NE(driver_probe->first_difference, "");
  }
}

}  // namespace
}  // namespace gs::test
