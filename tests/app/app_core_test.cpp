// The app's GL-free core: colormaps and screenshots' colours, resampling, the script runner's
// flow, and the simulation's commands and frame budget on the CPU twin.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <set>

#include "colormap.h"
#include "cpu_simulation.h"
#include "gs/state_file.h"
#include "reference_model.h"
#include "screenshot.h"
#include "script_runner.h"
#include "simulation.h"

namespace gs::app {
namespace {

TEST(Colormap, TablesRunFromTheFirstStopToTheLast) {
  for (const Colormap& map : builtin_colormaps()) {
    const std::vector<Rgb> table = colormap_table(map);
    ASSERT_EQ(table.size(), std::size_t(kColormapSize)) << map.name;
    EXPECT_EQ(table.front(), map.stops.front()) << map.name;
    EXPECT_EQ(table.back(), map.stops.back()) << map.name;
  }
  for (const char* name : {"viridis", "magma", "inferno", "turbo", "grayscale", "two-tone"})
    EXPECT_TRUE(find_colormap(name).has_value()) << name;
  EXPECT_FALSE(find_colormap("no-such-map").has_value());
  EXPECT_FALSE(find_colormap("no-such-map_r").has_value());
}

TEST(Colormap, TheReversedMapRunsBackwards) {
  const std::vector<Rgb> forward = colormap_table(*find_colormap("magma"));
  const std::optional<Colormap> reversed = find_colormap("magma_r");
  ASSERT_TRUE(reversed.has_value());
  EXPECT_EQ(reversed->name, "magma_r");
  const std::vector<Rgb> backward = colormap_table(*reversed);
  EXPECT_EQ(backward.front(), forward.back());
  EXPECT_EQ(backward.back(), forward.front());
}

TEST(Colormap, ValuesMapLikeTheShaderAndScreenshotsUseIt) {
  const std::vector<Rgb> table = colormap_table(*find_colormap("grayscale"));
  EXPECT_EQ(apply_colormap(table, -1.0f, 0.0f, 1.0f), table.front());
  EXPECT_EQ(apply_colormap(table, 2.0f, 0.0f, 1.0f), table.back());
  EXPECT_EQ(apply_colormap(table, 0.5f, 0.0f, 1.0f), table[128]);
  EXPECT_EQ(apply_colormap(table, 0.25f, 0.0f, 0.5f), table[128]);
  const std::vector<std::uint8_t> rgb = colorize({0.0f, 1.0f, 0.5f}, table, 0.0f, 1.0f);
  ASSERT_EQ(rgb.size(), 9u);
  EXPECT_EQ(rgb[0], 0);
  EXPECT_EQ(rgb[3], 255);
  EXPECT_EQ(rgb[6], table[128][0]);
}

TEST(Resample, KeepsTheStateWhenTheSizeIsUnchangedAndScalesItOtherwise) {
  const Fields f = test::random_fields({8, 6}, 2);
  const Fields same = resample(f, f.size);
  EXPECT_EQ(same.u, f.u);
  const Fields doubled = resample(f, {16, 12});
  EXPECT_EQ(doubled.v[0], f.v[0]);
  EXPECT_EQ(doubled.v[1], f.v[0]);
  EXPECT_EQ(doubled.v[16 * 2 + 2], f.v[8 + 1]);
}

Expected<std::vector<ScriptLine>> script(const char* text) {
  return parse_script(text, "t.gs");
}

TEST(ScriptRunner, HoldsBackForFramesWaitsStepsAndScreenshots) {
  Expected<std::vector<ScriptLine>> lines =
      script("pause\nrun-frames 2\nstep 3\nrun\nwait 1.5\nscreenshot a.png\ncaption hi\nquit\n");
  ASSERT_TRUE(lines) << lines.message();
  ScriptRunner runner(std::move(lines).value());
  auto due = runner.due(0.0, false);
  ASSERT_EQ(due.size(), 1u);  // pause, then run-frames holds the rest
  EXPECT_TRUE(runner.due(0.0, false).empty());
  runner.frame_shown();
  EXPECT_TRUE(runner.due(0.0, false).empty());
  runner.frame_shown();
  due = runner.due(0.0, false);
  ASSERT_EQ(due.size(), 1u);  // step, which holds the script until the steps ran
  EXPECT_TRUE(std::holds_alternative<command::Step>(due[0]->command));
  EXPECT_TRUE(runner.due(0.1, true).empty());
  due = runner.due(0.2, false);  // run; then wait 1.5 s
  ASSERT_EQ(due.size(), 1u);
  EXPECT_TRUE(runner.due(1.0, false).empty());
  due = runner.due(1.8, false);  // screenshot alone: it is taken at the frame's end
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0]->number, 6);
  due = runner.due(1.9, false);
  ASSERT_EQ(due.size(), 2u);  // caption, quit
  EXPECT_TRUE(runner.finished());
}

TEST(ScriptRunner, ALoadHoldsTheScriptUntilTheFileIsIn) {
  Expected<std::vector<ScriptLine>> lines = script("load a.h5\nsave b.h5\nquit\n");
  ASSERT_TRUE(lines) << lines.message();
  ScriptRunner runner(std::move(lines).value());
  auto due = runner.due(0.0, false);
  ASSERT_EQ(due.size(), 1u);  // load alone: the app reads it in the background
  EXPECT_TRUE(std::holds_alternative<command::LoadState>(due[0]->command));
  EXPECT_TRUE(runner.due(0.1, true).empty());  // still reading
  EXPECT_EQ(runner.due(0.2, false).size(), 2u);
}

// A demo starts from the next frame: the lines after `demo` wait for it (the app runs them once
// it has ended), so a `quit` after it cannot end the run before the demo.
TEST(ScriptRunner, StopsAtADemoLine) {
  Expected<std::vector<ScriptLine>> lines = script("size 64 64\ndemo two words\nquit\n");
  ASSERT_TRUE(lines) << lines.message();
  EXPECT_EQ(std::get<command::StartDemo>((*lines)[1].command).name, "two words");
  ScriptRunner runner(std::move(lines).value());
  const auto due = runner.due(0.0, false);
  ASSERT_EQ(due.size(), 2u);  // size, demo
  EXPECT_TRUE(std::holds_alternative<command::StartDemo>(due[1]->command));
  EXPECT_FALSE(runner.finished());
  ASSERT_EQ(runner.due(0.0, false).size(), 1u);  // quit, when asked again
}

class SimulationTest : public ::testing::Test {
 protected:
  void SetUp() override {
    sim_ = test::cpu_simulation({64, 48}, "coral");
    ASSERT_TRUE(sim_);
  }
  Status apply(const SimulationCommand& c) { return sim_->apply(c); }
  std::unique_ptr<Simulation> sim_;
};

TEST_F(SimulationTest, PresetsAndParametersReachTheBackend) {
  EXPECT_FLOAT_EQ(sim_->backend().params().F, 0.06f);
  ASSERT_TRUE(apply(command::LoadPreset{"MITOSIS"}));
  EXPECT_EQ(sim_->preset_name(), "mitosis");
  EXPECT_FLOAT_EQ(sim_->backend().params().k, 0.0649f);
  ASSERT_TRUE(apply(command::SetSimulation{SimulationControl::F, 0.031f}));
  EXPECT_FLOAT_EQ(sim_->backend().params().F, 0.031f);
  ASSERT_TRUE(apply(command::SetSimulation{SimulationControl::Laplacian, Laplacian::NinePoint}));
  EXPECT_EQ(sim_->backend().params().laplacian, Laplacian::NinePoint);
  const Status unstable = apply(command::SetSimulation{SimulationControl::dt, 50.0f});
  ASSERT_FALSE(unstable);
  EXPECT_NE(unstable.message().find("limit"), std::string::npos);
  EXPECT_FLOAT_EQ(sim_->backend().params().dt, 1.0f) << "a refused value changes nothing";
  EXPECT_FALSE(apply(command::LoadPreset{"nope"}));
}

TEST_F(SimulationTest, APresetStartsFromItsOwnStateAndAHandChangeMakesItCustom) {
  ASSERT_TRUE(sim_->reseed_on_preset()) << "re-seeding is the default";
  ASSERT_TRUE(apply(command::Reset{InitPattern::Noise, 5}));
  ASSERT_TRUE(apply(command::LoadPreset{"mitosis"}));  // its entry: from spots
  EXPECT_EQ(sim_->init(), InitPattern::Spots);
  EXPECT_EQ(sim_->total_steps(), 0);
  EXPECT_NE(sim_->last_message().find("started from spots"), std::string::npos);
  EXPECT_EQ(sim_->preset_label(), "mitosis");
  ASSERT_TRUE(apply(command::SetSimulation{SimulationControl::F, 0.04f}));
  EXPECT_EQ(sim_->preset_label(), "custom (0.04, 0.0649)");
  ASSERT_TRUE(apply(command::SetSimulation{SimulationControl::F, 0.0260625f}));
  EXPECT_EQ(sim_->preset_label(), "custom (0.02606, 0.0649)") << "four significant digits";
  ASSERT_TRUE(apply(command::SetSimulation{SimulationControl::F, 0.04f}));
  EXPECT_EQ(sim_->preset_name(), "mitosis") << "the base a setup script starts from";
  // Keeping the state: the preset changes the parameters only.
  ASSERT_TRUE(apply(command::SetSimulation{SimulationControl::ReseedOnPreset, false}));
  ASSERT_TRUE(apply(command::Reset{InitPattern::Noise, 5}));
  ASSERT_TRUE(apply(command::LoadPreset{"coral"}));
  EXPECT_EQ(sim_->init(), InitPattern::Noise);
  EXPECT_EQ(sim_->preset_label(), "coral");
}

TEST_F(SimulationTest, ResizeResamplesAndTheTwinRefusesLaunchSettings) {
  ASSERT_TRUE(apply(command::Resize{128, 96}));
  EXPECT_EQ(sim_->size(), (GridSize{128, 96}));
  EXPECT_NE(sim_->last_message().find("resampled"), std::string::npos);
  EXPECT_FALSE(apply(command::Resize{0, 96}));
  EXPECT_EQ(sim_->size(), (GridSize{128, 96}));
  EXPECT_FALSE(apply(command::SetSimulation{SimulationControl::Block, BlockShape{32, 8}}));
}

TEST_F(SimulationTest, PauseRunAndStepsPerFrameAreWhatThePacerIsAsked) {
  ASSERT_TRUE(apply(command::Pause{}));
  EXPECT_EQ(sim_->pending_steps(), 0);
  ASSERT_TRUE(apply(command::Step{5}));
  EXPECT_EQ(sim_->pending_steps(), 5);
  ASSERT_TRUE(apply(command::Run{}));
  EXPECT_EQ(sim_->pending_steps(), 0) << "running drops single steps still pending";
  ASSERT_TRUE(apply(command::SetStepsPerFrame{1000}));
  EXPECT_EQ(sim_->steps_per_frame(), 1000);
  ASSERT_TRUE(apply(command::SetStepsPerFrame{std::nullopt}));
  EXPECT_FALSE(sim_->steps_per_frame());
}

// The owner of a control is in its type: view, brush and UI controls are the app's commands, so
// the simulation never sees them; the map mode is the simulation's.
TEST_F(SimulationTest, ViewBrushAndUiSettingsAreLeftToTheApp) {
  for (const char* name :
       {"colormap", "range-min", "range-auto", "filter", "brush-radius", "brush-value", "ui"}) {
    const ControlSpec* spec = find_control(name);
    ASSERT_NE(spec, nullptr) << name;
    EXPECT_TRUE(std::holds_alternative<ViewControl>(spec->control)) << name;
    const Command command = command::SetView{std::get<ViewControl>(spec->control), 1.0f};
    EXPECT_FALSE(simulation_part(command)) << name << " is not the simulation's";
    EXPECT_TRUE(app_part(command)) << name;
  }
  const Command map = command::SetSimulation{SimulationControl::MapMode, true};
  ASSERT_TRUE(simulation_part(map));
  ASSERT_TRUE(apply(*simulation_part(map)));
  EXPECT_TRUE(sim_->params().map.enabled);
}

// The parameter map runs with Neumann edges (its seams are no neighbours); a pick, which ends it,
// gives back the boundary from before, and says so.
TEST_F(SimulationTest, ThePickEndsTheMapWithTheBoundaryFromBefore) {
  ASSERT_EQ(sim_->params().boundary, Boundary::Periodic);
  ASSERT_TRUE(apply(command::SetSimulation{SimulationControl::MapMode, true}));
  EXPECT_EQ(sim_->backend().params().boundary, Boundary::Neumann);
  EXPECT_NE(sim_->last_message().find("Neumann"), std::string::npos) << sim_->last_message();
  ASSERT_TRUE(apply(command::Pick{10.0f, 20.0f}));
  EXPECT_FALSE(sim_->params().map.enabled);
  EXPECT_EQ(sim_->backend().params().boundary, Boundary::Periodic);
}

// A value of the wrong type for its control (a programming error) is refused by name.
TEST_F(SimulationTest, AValueOfTheWrongTypeIsAnErrorNotACrash) {
  const Status refused = apply(command::SetSimulation{SimulationControl::F, std::string("x")});
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("'F'"), std::string::npos) << refused.message();
  EXPECT_FLOAT_EQ(sim_->params().F, 0.06f);
}

TEST_F(SimulationTest, StepPausesAndRunsExactlyTheAskedSteps) {
  ASSERT_TRUE(sim_->running());
  ASSERT_TRUE(apply(command::Step{3}));
  EXPECT_FALSE(sim_->running());
  sim_->frame_done(1);
  EXPECT_EQ(sim_->pending_steps(), 2);
  sim_->frame_done(2);
  EXPECT_EQ(sim_->pending_steps(), 0);
  EXPECT_EQ(sim_->total_steps(), 3);
}

TEST_F(SimulationTest, ADivergedStateIsNeitherLoadedNorSaved) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto diverged = dir / "gs-app-core-diverged.h5", saved = dir / "gs-app-core-saved.h5";
  std::filesystem::remove(saved);
  Fields fields = test::random_fields({16, 12}, 4);
  fields.u[16 + 7] = std::numeric_limits<float>::infinity();
  ASSERT_TRUE(write_state(diverged, fields, Params{}, 5));
  const Status loaded = apply(command::LoadState{diverged.string()});
  ASSERT_FALSE(loaded);
  EXPECT_NE(loaded.message().find("holds NaN or infinity (first at cell 7,1)"), std::string::npos)
      << loaded.message();
  // Diverged where it runs: nothing written.
  ASSERT_TRUE(sim_->backend().copy_in(fields));
  const Status refused = apply(command::SaveState{saved.string()});
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("not written: the state holds NaN or infinity"),
            std::string::npos)
      << refused.message();
  EXPECT_FALSE(std::filesystem::exists(saved));
  ASSERT_TRUE(write_state(diverged, test::random_fields({16, 12}, 5), Params{}, 5));
  ASSERT_TRUE(apply(command::LoadState{diverged.string()}));
  ASSERT_TRUE(apply(command::SaveState{saved.string()}));
  EXPECT_EQ(sim_->last_message().find("NaN"), std::string::npos) << sim_->last_message();
  std::filesystem::remove(diverged);
  std::filesystem::remove(saved);
}

TEST_F(SimulationTest, ABadStateFileLeavesTheRunningStateAsItWas) {
  const auto path = std::filesystem::temp_directory_path() / "gs-app-core-foreign.h5";
  std::ofstream(path) << "not hdf5";
  Fields before;
  ASSERT_TRUE(sim_->backend().copy_out(before));
  const Params params_before = sim_->params();
  const Status refused = apply(command::LoadState{path.string()});
  std::filesystem::remove(path);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("not an HDF5 file"), std::string::npos);
  Fields after;
  ASSERT_TRUE(sim_->backend().copy_out(after));
  EXPECT_EQ(after.size, before.size);
  EXPECT_EQ(after.v, before.v);
  EXPECT_EQ(sim_->params(), params_before);
}

TEST_F(SimulationTest, DivergencePausesWithTheParametersAndResetRecovers) {
  Fields broken(sim_->size());
  std::fill(broken.u.begin(), broken.u.end(), 1.0f);
  broken.v[10] = std::numeric_limits<float>::quiet_NaN();
  ASSERT_TRUE(sim_->backend().copy_in(broken));
  ASSERT_TRUE(sim_->check_divergence());
  ASSERT_TRUE(sim_->divergence().has_value());
  EXPECT_NE(sim_->divergence()->find("F 0.06"), std::string::npos) << *sim_->divergence();
  EXPECT_FALSE(sim_->running());
  ASSERT_TRUE(apply(command::Run{}));
  EXPECT_FALSE(sim_->running()) << "a diverged state does not run";
  ASSERT_TRUE(apply(command::Reset{InitPattern::Square, 3}));
  EXPECT_FALSE(sim_->divergence().has_value());
  ASSERT_TRUE(apply(command::Run{}));
  EXPECT_TRUE(sim_->running());
}

}  // namespace
}  // namespace gs::app
