// What a demo gives back: every setting of LecturerSettings, put back by its commands on another
// simulation and view; and the demo's defined start, the same whatever the lecturer had.
#include <gtest/gtest.h>

#include "cpu_simulation.h"
#include "demo_settings.h"
#include "settings.h"
#include "view_controls.h"

namespace gs::app {
namespace {

// Each command to the simulation or to the view (the app's other commands do not occur here).
void apply_all(const std::vector<Command>& commands, Simulation& simulation, ViewState& view) {
  Settings settings;
  for (const Command& command : commands) {
    if (const std::optional<SimulationCommand> part = simulation_part(command)) {
      ASSERT_TRUE(simulation.apply(*part));
    } else if (const auto* set = std::get_if<command::SetView>(&command)) {
      ASSERT_TRUE(apply_view_control(set->control, set->value, view, settings));
    } else {
      ASSERT_TRUE(std::holds_alternative<command::ViewReset>(command));
      view.zoom = 1.0f;
      view.center.reset();
    }
  }
}

void expect_same(const LecturerSettings& a, const LecturerSettings& b) {
  EXPECT_EQ(a.reseed_on_preset, b.reseed_on_preset);
  EXPECT_EQ(a.reseed_on_pick, b.reseed_on_pick);
  EXPECT_EQ(a.init, b.init);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.steps_per_frame, b.steps_per_frame);
  EXPECT_EQ(a.field, b.field);
  EXPECT_EQ(a.colormap, b.colormap);
  EXPECT_EQ(a.auto_range, b.auto_range);
  if (!a.auto_range) {
    EXPECT_EQ(a.low, b.low);
    EXPECT_EQ(a.high, b.high);
  }
}

TEST(DemoSettings, EverySettingComesBack) {
  const LecturerSettings lecturer{
      false, true, InitPattern::Noise, 77, 200, DisplayField::U, "magma", false, 0.25f, 0.75f};
  std::unique_ptr<Simulation> simulation = test::cpu_simulation({32, 32});
  ASSERT_TRUE(simulation);
  ViewState view;
  apply_all(give_back_commands(lecturer), *simulation, view);
  expect_same(lecturer_settings(*simulation, view), lecturer);
}

TEST(DemoSettings, TheStartIsTheSameWhateverTheLecturerHad) {
  std::unique_ptr<Simulation> fresh = test::cpu_simulation({32, 32});
  std::unique_ptr<Simulation> used = test::cpu_simulation({32, 32});
  ASSERT_TRUE(fresh && used);
  ViewState fresh_view, used_view;
  apply_all(give_back_commands({false, true, InitPattern::Noise, 77, 200, DisplayField::U, "magma",
                                true, 0.0f, 0.0f}),
            *used, used_view);
  apply_all({command::SetSimulation{SimulationControl::Boundary, Boundary::Neumann},
             command::SetSimulation{SimulationControl::MapMode, true}},
            *used, used_view);
  used_view.zoom = 4.0f;
  apply_all(demo_start_commands(), *fresh, fresh_view);
  apply_all(demo_start_commands(), *used, used_view);
  expect_same(lecturer_settings(*used, used_view), lecturer_settings(*fresh, fresh_view));
  EXPECT_EQ(used->params().boundary, Boundary::Periodic);
  EXPECT_FALSE(used->params().map.enabled);
  EXPECT_EQ(used_view.zoom, 1.0f);
}

}  // namespace
}  // namespace gs::app
