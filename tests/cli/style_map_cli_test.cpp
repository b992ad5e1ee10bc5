// grayscott-batch with a state that carries a style map: the run takes it from --input and
// steps each cell with its mix of sets A and B (the twin's bits), keeps it in --output with set B,
// and layers explicit options over the file's sets (over MPI ranks: style_ranks_cli_test.cpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "gs/cpu_twin_backend.h"
#include "gs/initial_conditions.h"
#include "gs/state_file.h"
#include "gs/style_gradient.h"
#include "run_program.h"

namespace gs::test {
namespace {

constexpr GridSize kMapGrid{48, 32};

// Spots on a grid whose style runs from set A at the left to set B at the right.
Fields styled_start() {
  Fields start = make_initial_fields(kMapGrid, InitPattern::Spots, 3);
  start.style = style_gradient(kMapGrid, StyleGradient::X);
  return start;
}

Params styled_params() {
  Params p;
  p.F = 0.03f, p.k = 0.06f, p.Du = 0.2f, p.Dv = 0.1f, p.laplacian = Laplacian::FivePoint;
  p.style = {true, 0.055f, 0.062f, 0.2f, 0.1f};
  return p;
}

Fields twin_run(const Fields& start, const Params& params, int steps) {
  CpuTwinBackend twin;
  EXPECT_TRUE(twin.set_params(params));
  EXPECT_TRUE(twin.copy_in(start));
  EXPECT_TRUE(twin.step(steps));
  Fields out;
  EXPECT_TRUE(twin.copy_out(out));
  return out;
}

TEST(BatchStyleMap, AnInputsStyleMapRunsAndIsKeptWithSetB) {
  ScratchDir dir;
  ASSERT_TRUE(write_state(dir / "in.h5", styled_start(), styled_params(), 0));
  const ProgramResult result =
      run_batch({"--input", (dir / "in.h5").string(), "--steps", "60", "--backend", "cpu",
                 "--output", (dir / "out.h5").string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  Expected<StateFile> out = read_state(dir / "out.h5");
  ASSERT_TRUE(out) << out.message();
  const Fields expected = twin_run(styled_start(), styled_params(), 60);
  EXPECT_TRUE(out->fields.u == expected.u && out->fields.v == expected.v)
      << "each cell with its own mix of the two sets, as the twin steps it";
  EXPECT_EQ(out->fields.style, styled_start().style);
  EXPECT_EQ(out->params.style.F, 0.055f);
  EXPECT_EQ(out->params.style.k, 0.062f);
  // The style matters: without it the run ends elsewhere.
  Params uniform = styled_params();
  uniform.style.enabled = false;
  EXPECT_NE(twin_run(styled_start(), uniform, 60).v, out->fields.v);
}

TEST(BatchStyleMap, ExplicitOptionsSetAOverTheFilesAndBStaysTheFiles) {
  ScratchDir dir;
  ASSERT_TRUE(write_state(dir / "in.h5", styled_start(), styled_params(), 0));
  const ProgramResult result =
      run_batch({"--input", (dir / "in.h5").string(), "--steps", "20", "--F", "0.035", "--backend",
                 "cpu", "--output", (dir / "out.h5").string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  Expected<StateFile> out = read_state(dir / "out.h5");
  ASSERT_TRUE(out) << out.message();
  Params expected = styled_params();
  expected.F = 0.035f;
  const Fields twin = twin_run(styled_start(), expected, 20);
  EXPECT_TRUE(out->fields.v == twin.v);
  EXPECT_EQ(out->params.F, 0.035f);
  EXPECT_EQ(out->params.style.F, 0.055f);
}

}  // namespace
}  // namespace gs::test
