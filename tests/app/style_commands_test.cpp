// The style map's script lines and what the simulation does with them: each line parses to its
// command and is written back the same; bad lines are one-line errors; a bad picture, a set
// past the diffusion limit or a swap with no map leave the simulation as it was.
#include <gtest/gtest.h>

#include <filesystem>

#include "command_script.h"
#include "cpu_simulation.h"
#include "gs/data_paths.h"
#include "gs/style_gradient.h"
#include "script_parser.h"
#include "simulation.h"

namespace gs::app {
namespace {

Expected<Command> parse_line(const std::string& line) {
  Expected<std::vector<ScriptLine>> lines = parse_script(line + "\n", "s");
  if (!lines) return lines.status();
  return lines->front().command;
}

TEST(StyleCommands, EachLineParsesAndIsWrittenBackTheSame) {
  for (const char* line :
       {"style-image /tmp/a b.png", "style-image p.png channel=alpha fit=centre bright",
        "style-image p.png fit=tile", "style-gradient radial", "style-b mazes",
        "style-a 0.0549999997 0.0649999976",
        "style-b 0.0500000007 0.0599999987 0.200000003 0.100000001", "style-swap", "style off",
        "paint-a 1 2 3", "paint-b 4 5 6 from 7 8", "set brush-style b", "set style-overlay on"}) {
    Expected<Command> command = parse_line(line);
    ASSERT_TRUE(command) << line << ": " << command.message();
    EXPECT_EQ(to_script_line(*command), line);
  }
  Expected<Command> image = parse_line("style-image /tmp/a b.png fit=fill");
  ASSERT_TRUE(image);
  EXPECT_EQ(std::get<command::StyleImage>(*image).path, "/tmp/a b.png") << "spaces kept";
  EXPECT_EQ(std::get<command::StyleImage>(*image).placement.fit, PictureFit::Fill);
}

TEST(StyleCommands, BadLinesAreOneLineErrors) {
  const std::pair<const char*, const char*> cases[] = {
      {"style-image", "s:1: style-image needs FILE"},
      {"style-image p.png channel=pink", "s:1: style-image: channel 'pink' is not one of"},
      {"style-image p.png fit=zoom", "s:1: style-image: fit 'zoom' is not one of"},
      {"style-gradient z", "s:1: style-gradient needs x, y or radial"},
      {"style-b 0.05", "s:1: style-b needs PRESET, or F k [Du Dv]"},
      {"style-a 0.05 k", "s:1: style-a: k 'k' is not a number"},
      {"style on", "s:1: style needs off"},
      {"style-swap now", "s:1: style-swap takes no arguments"},
      {"paint-a 1 2 3 0.5", "s:1: paint-a needs X Y RADIUS [from X0 Y0]"},
      {"set brush-style c", "s:1: set brush-style: 'c' is not one of off, a, b"},
  };
  for (const auto& [line, message] : cases) {
    Expected<Command> command = parse_line(line);
    ASSERT_FALSE(command) << line;
    EXPECT_EQ(command.message().rfind(message, 0), 0u) << command.message();
    EXPECT_EQ(command.message().find('\n'), std::string::npos);
  }
}

std::unique_ptr<Simulation> make_simulation() {
  return test::cpu_simulation({32, 24});
}

TEST(StyleCommands, AResizeMakesAGradientsMapAgainOnTheNewGrid) {
  std::unique_ptr<Simulation> sim = make_simulation();
  ASSERT_TRUE(sim);
  ASSERT_TRUE(sim->apply(command::StyleGradientMap{StyleGradient::Y}));
  ASSERT_TRUE(sim->apply(command::Resize{50, 40}));
  EXPECT_EQ(sim->style_map().value(), style_gradient({50, 40}, StyleGradient::Y));
  ASSERT_TRUE(
      sim->apply(command::Paint{5.5f, 5.5f, 3.0f, 0.5f, false, std::nullopt, BrushStyle::TowardB}));
  const StyleData painted = sim->style_map().value();
  ASSERT_TRUE(sim->apply(command::Resize{25, 20}));
  Fields before{{50, 40}};
  before.style = painted;
  EXPECT_EQ(sim->style_map().value(), resample(before, {25, 20}).style);
  EXPECT_EQ(sim->style_source()->origin, StyleOrigin::Painted) << "a painted map is resampled";
}

TEST(StyleCommands, AShippedPictureIsFoundInTheDataFolderAsSeedImageFindsIt) {
  const std::string shipped = "assets/pictures/gray-scott.png";
  ASSERT_FALSE(std::filesystem::exists(shipped)) << "the test's folder must not hold it";
  std::unique_ptr<Simulation> sim = make_simulation();
  ASSERT_TRUE(sim);
  const Status styled = sim->apply(command::StyleImage{shipped, {}});
  ASSERT_TRUE(styled) << styled.message();
  EXPECT_EQ(sim->style_source()->path, (data_directory() / shipped).lexically_normal().string());
}

TEST(StyleCommands, RefusedChangesLeaveTheSimulationAsItWas) {
  std::unique_ptr<Simulation> sim = make_simulation();
  ASSERT_TRUE(sim);
  const Status swap = sim->apply(command::StyleSwap{});
  EXPECT_FALSE(swap);
  EXPECT_NE(swap.message().find("no style map runs"), std::string::npos);
  ASSERT_TRUE(sim->apply(command::StyleGradientMap{StyleGradient::Radial}));
  const Params params = sim->params();
  Expected<StyleData> map = sim->style_map();
  ASSERT_TRUE(map);
  const Status missing = sim->apply(command::StyleImage{"/nonexistent/p.png", {}});
  EXPECT_FALSE(missing);
  EXPECT_NE(missing.message().find("'/nonexistent/p.png'"), std::string::npos);
  // Past the diffusion limit of the five-point Laplacian at dt 1: refused, set B as it was.
  const Status fast = sim->apply(command::StyleSet{true, "", 0.05f, 0.06f, 5.0f, 0.1f});
  EXPECT_FALSE(fast);
  EXPECT_EQ(fast.message().rfind("style-b: ", 0), 0u) << fast.message();
  EXPECT_EQ(sim->params(), params);
  EXPECT_EQ(sim->style_map().value(), *map);
  ASSERT_TRUE(sim->style_source());
  EXPECT_EQ(sim->style_source()->origin, StyleOrigin::Gradient);
  // A preset ends style-map mode; set B stays for the next map.
  const StyleMix b = sim->set_b();
  ASSERT_TRUE(sim->apply(command::LoadPreset{"mazes"}));
  EXPECT_FALSE(sim->params().style.enabled);
  EXPECT_FALSE(sim->style_source());
  EXPECT_EQ(sim->set_b(), b);
  // With no map running, set A is checked alone.
  ASSERT_TRUE(sim->apply(command::StyleSet{false, "", 0.03f, 0.06f, 0.2f, 0.1f}));
  EXPECT_EQ(sim->params().F, 0.03f);
  EXPECT_FALSE(sim->params().style.enabled);
}

// A styled preset (its group "styled") runs with its own set B and gradient; a plain one after it
// ends the map again.
TEST(StyleCommands, AStyledPresetRunsWithItsSetBAndGradient) {
  std::unique_ptr<Simulation> sim = make_simulation();
  ASSERT_TRUE(sim);
  ASSERT_TRUE(sim->apply(command::LoadPreset{"spots-inside-stripes"}));
  EXPECT_TRUE(sim->params().style.enabled);
  EXPECT_EQ(sim->params().F, 0.03f);
  EXPECT_EQ(sim->set_b().F, 0.029f);
  EXPECT_EQ(sim->set_b().k, 0.057f);
  EXPECT_EQ(sim->params().style, sim->set_b());
  EXPECT_EQ(sim->style_map().value(), style_gradient(sim->size(), StyleGradient::Radial));
  ASSERT_TRUE(sim->style_source());
  EXPECT_EQ(sim->style_source()->origin, StyleOrigin::Gradient);
  ASSERT_TRUE(sim->apply(command::LoadPreset{"mazes"}));
  EXPECT_FALSE(sim->params().style.enabled);

  // The same from the settings' preset at start.
  const std::unique_ptr<Simulation> started = test::cpu_simulation({40, 30}, "mitosis-to-coral");
  ASSERT_TRUE(started);
  EXPECT_TRUE(started->params().style.enabled);
  EXPECT_EQ(started->set_b().F, 0.0545f);
  EXPECT_EQ(started->style_map().value(), style_gradient({40, 30}, StyleGradient::X));
}

}  // namespace
}  // namespace gs::app
