// The app with a state that carries a style map: loaded, it runs each cell with its mix of sets
// A and B (the twin's bits), a reset keeps the map, and a save keeps it with set B; a preset,
// which ends style-map mode as it ends map mode, saves no map.
#include <gtest/gtest.h>

#include <string>

#include "app_run_support.h"
#include "gs/cpu_twin_backend.h"
#include "gs/initial_conditions.h"
#include "gs/state_file.h"
#include "gs/style_gradient.h"

namespace gs::test {
namespace {

constexpr GridSize kStateGrid{64, 48};

Params styled_params() {
  Params p;
  p.F = 0.03f, p.k = 0.06f, p.Du = 0.2f, p.Dv = 0.1f, p.laplacian = Laplacian::FivePoint;
  p.style = {true, 0.055f, 0.062f, 0.2f, 0.1f};
  return p;
}

Fields styled_start() {
  Fields start = make_initial_fields(kStateGrid, InitPattern::Spots, 5);
  start.style = style_gradient(kStateGrid, StyleGradient::Radial);
  return start;
}

TEST(AppStyleState, ALoadedStyleMapRunsAndIsSavedWithSetB) {
  ScratchDir dir;
  ASSERT_TRUE(write_state(dir / "in.h5", styled_start(), styled_params(), 0));
  const std::string script = "backend cpu\npause\nload " + (dir / "in.h5").string() +
                             "\nstep 40\nsave " + (dir / "out.h5").string() +
                             "\nreset spots 5\nsave " + (dir / "reset.h5").string() +
                             "\npreset coral\nsave " + (dir / "preset.h5").string() + "\nquit\n";
  const ProgramResult app = run_app_headless(dir, script);
  ASSERT_EQ(app.exit_code, 0) << app.err;

  Expected<StateFile> out = read_state(dir / "out.h5");
  ASSERT_TRUE(out) << out.message();
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.set_params(styled_params()));
  ASSERT_TRUE(twin.copy_in(styled_start()));
  ASSERT_TRUE(twin.step(40));
  Fields expected;
  ASSERT_TRUE(twin.copy_out(expected));
  EXPECT_TRUE(out->fields.u == expected.u && out->fields.v == expected.v)
      << "each cell with its own mix of the two sets";
  EXPECT_EQ(out->fields.style, styled_start().style);
  EXPECT_EQ(out->params.style.k, 0.062f);

  Expected<StateFile> reset = read_state(dir / "reset.h5");
  ASSERT_TRUE(reset) << reset.message();
  EXPECT_EQ(reset->fields.style, styled_start().style) << "a reset keeps the style map";

  Expected<StateFile> preset = read_state(dir / "preset.h5");
  ASSERT_TRUE(preset) << preset.message();
  EXPECT_TRUE(preset->fields.style.empty()) << "a preset ends style-map mode";
}

}  // namespace
}  // namespace gs::test
