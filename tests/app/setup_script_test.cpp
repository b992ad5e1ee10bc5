// "Copy as script": the setup's lines parse back to its commands, and applied to a simulation
// that started elsewhere they give the same parameters, grid, start and, after the same steps,
// the same state bit for bit.
#include <gtest/gtest.h>

#include "command_script.h"
#include "cpu_simulation.h"
#include "script_parser.h"
#include "setup_script.h"
#include "simulation.h"

namespace gs::app {
namespace {

Status apply_all(Simulation& sim, const std::vector<SimulationCommand>& commands) {
  for (const SimulationCommand& command : commands) GS_TRY(sim.apply(command));
  return Status::ok();
}

SetupState custom_setup() {
  SetupState setup;
  setup.preset = "coral";
  setup.params.F = 0.03125f;  // exact binary fractions: short lines
  setup.params.k = 0.0625f;
  setup.params.Du = 0.25f;
  setup.params.Dv = 0.125f;
  setup.params.dt = 0.75f;
  setup.params.laplacian = Laplacian::FivePoint;
  setup.params.boundary = Boundary::Neumann;
  setup.size = {40, 30};
  setup.init = InitPattern::Noise;
  setup.seed = 77;
  setup.field = DisplayField::U;
  setup.view.colormap = "magma_r";
  setup.view.low = 0.125f;
  setup.view.high = 0.875f;
  setup.view.zoom = 2.5f;
  setup.view.center = GridPoint{12.5f, 8.0f};
  return setup;
}

std::vector<std::string> lines_of(const std::vector<Command>& commands) {
  std::vector<std::string> lines;
  for (const Command& command : commands) lines.push_back(to_script_line(command));
  return lines;
}

TEST(SetupScript, ParsesBackToItsCommandsWithAFixedOrAnAutomaticRangeAndInMapMode) {
  SetupState fixed = custom_setup();
  SetupState automatic = fixed;
  automatic.view.auto_range = true;
  automatic.params.map = {true, 0.01f, 0.08f, 0.04f, 0.07f};
  for (const SetupState& setup : {fixed, automatic}) {
    const std::string text = setup_script(setup);
    EXPECT_EQ(text.rfind("# Gray-Scott Live setup (from preset coral)\n", 0), 0u) << text;
    Expected<std::vector<ScriptLine>> parsed = parse_script(text, "copied");
    ASSERT_TRUE(parsed) << parsed.message();
    std::vector<Command> back;
    for (const ScriptLine& line : *parsed) back.push_back(line.command);
    EXPECT_EQ(lines_of(back), lines_of(setup_commands(setup))) << text;
  }
  const std::string fixed_text = setup_script(fixed);
  for (const char* line : {"set F 0.03125", "set laplacian five-point", "set boundary neumann",
                           "size 40 30", "reset noise 77", "set field u", "set colormap magma_r",
                           "set range-min 0.125", "set range-max 0.875", "set mode uniform",
                           "view reset", "view zoom 2.5", "view center 12.5 8"})
    EXPECT_NE(fixed_text.find(std::string(line) + "\n"), std::string::npos) << line;
  EXPECT_EQ(fixed_text.find("range-auto"), std::string::npos);
  const std::string auto_text = setup_script(automatic);
  EXPECT_NE(auto_text.find("set range-auto on\n"), std::string::npos);
  // The whole field, where the view is not zoomed: a reset and nothing after it.
  SetupState whole = fixed;
  whole.view.zoom = 1.0f;
  whole.view.center.reset();
  const std::string whole_text = setup_script(whole);
  EXPECT_NE(whole_text.find("view reset\n"), std::string::npos);
  EXPECT_EQ(whole_text.find("view zoom"), std::string::npos);
  EXPECT_EQ(whole_text.find("view center"), std::string::npos);
  EXPECT_EQ(auto_text.find("range-min"), std::string::npos);
  // The map's ranges go in while the mode is uniform; map mode comes after them.
  EXPECT_LT(auto_text.find("set map-k-high 0.07"), auto_text.find("set mode map"));
  // The boundary after it: the map sets Neumann edges of its own, and the setup's stand.
  EXPECT_LT(auto_text.find("set mode map"), auto_text.find("set boundary"));
}

TEST(SetupScript, AnotherSimulationGetsTheSameSetupAndStateAfterTheSameSteps) {
  // The source: a custom setup reached by commands, then stepped away from its start.
  std::unique_ptr<Simulation> source = test::cpu_simulation({64, 48}, "coral");
  ASSERT_TRUE(source);
  std::vector<SimulationCommand> custom;
  for (const Command& command : setup_commands(custom_setup()))
    if (auto part = simulation_part(command)) custom.push_back(*part);
  ASSERT_TRUE(apply_all(*source, custom));
  ASSERT_TRUE(source->backend().step(17));
  const SetupState copied = setup_of(*source, ViewState{});
  EXPECT_EQ(copied.params, custom_setup().params);
  EXPECT_EQ(copied.size, (GridSize{40, 30}));

  // The target starts elsewhere: another preset, grid and a dt at which the source's Du would
  // be refused if it came first.
  std::unique_ptr<Simulation> target = test::cpu_simulation({32, 32}, "mitosis");
  ASSERT_TRUE(target);
  for (const SimulationControl control : {SimulationControl::Du, SimulationControl::Dv})
    ASSERT_TRUE(target->apply(command::SetSimulation{control, 0.05f}));
  ASSERT_TRUE(
      target->apply(command::SetSimulation{SimulationControl::Laplacian, Laplacian::Course}));
  ASSERT_TRUE(target->apply(command::SetSimulation{SimulationControl::dt, 3.0f}));

  Expected<std::vector<ScriptLine>> pasted = parse_script(setup_script(copied), "copied");
  ASSERT_TRUE(pasted) << pasted.message();
  std::vector<SimulationCommand> commands;
  for (const ScriptLine& line : *pasted)
    if (auto part = simulation_part(line.command)) commands.push_back(*part);
  ASSERT_TRUE(apply_all(*target, commands));
  EXPECT_EQ(target->params(), source->params());
  EXPECT_EQ(target->size(), source->size());
  EXPECT_EQ(target->init(), source->init());
  EXPECT_EQ(target->seed(), source->seed());
  EXPECT_EQ(target->display_field(), DisplayField::U);

  // The same start and steps: the same state, bit for bit.
  ASSERT_TRUE(source->apply(command::Reset{}));
  for (Simulation* sim : {source.get(), target.get()}) ASSERT_TRUE(sim->backend().step(40));
  Fields a, b;
  ASSERT_TRUE(source->backend().copy_out(a));
  ASSERT_TRUE(target->backend().copy_out(b));
  EXPECT_EQ(a.u, b.u);
  EXPECT_EQ(a.v, b.v);
}

TEST(SetupScript, PastedTextIsParsedWholeAndABadLineIsNamedWithNothingTaken) {
  Expected<std::vector<Command>> good = parse_pasted_script(setup_script(custom_setup()));
  ASSERT_TRUE(good) << good.message();
  EXPECT_EQ(lines_of(*good), lines_of(setup_commands(custom_setup())));

  const Expected<std::vector<Command>> bad =
      parse_pasted_script("set F 0.03\nset k 0.06\nset Q 1\nsize 10 10\n");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.message().rfind("<clipboard>:3: set: unknown parameter 'Q'", 0), 0u)
      << bad.message();
  const Expected<std::vector<Command>> held = parse_pasted_script("set F 0.03\nwait 2\n");
  ASSERT_FALSE(held);
  EXPECT_EQ(held.message().rfind("<clipboard>:2: wait 2: holds a script back", 0), 0u)
      << held.message();
  const Expected<std::vector<Command>> empty = parse_pasted_script("  \n# nothing\n");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.message(), "<clipboard>: no script lines to paste");
}

// Copy as script puts the start's lines on the clipboard; where the state is away from that start
// (steps, strokes), the first comment says so and how to carry the state, and with a state file
// (save-setup) the lines load it last.
TEST(SetupScript, AStateAwayFromItsStartIsSaidOrLoaded) {
  SetupState setup = custom_setup();
  EXPECT_EQ(setup_script(setup).find("past its start"), std::string::npos) << "at its start";
  setup.steps = 2000;
  setup.edited = true;
  const std::string said = setup_script(setup);
  EXPECT_NE(said.find("# the state is 2000 steps past its start, changed by hand"),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("save-setup PATH saves the state beside them"), std::string::npos) << said;
  EXPECT_EQ(said.find("\nload "), std::string::npos);
  setup.state_file = "study-state.h5";
  const std::string carried = setup_script(setup);
  EXPECT_EQ(carried.substr(carried.size() - std::string("load study-state.h5\n").size()),
            "load study-state.h5\n")
      << carried;
}

}  // namespace
}  // namespace gs::app
