// Every command has a script line that makes it again: to_script_line, parsed back, gives the
// same command (compared as text and by kind). Samples cover every kind of command and every
// control, so whatever the panel or the keys push is reachable from a script.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "command_script.h"
#include "script_parser.h"

namespace gs::app {
namespace {

std::vector<Command> samples() {
  std::vector<Command> all = {
      command::LoadPreset{"coral"},
      command::AddFavourite{"worms"},
      command::RemoveFavourite{3},
      command::Resize{640, 480},
      command::SelectBackend{BackendChoice::Cpu},
      command::SelectBackend{BackendChoice::Auto},
      command::SelectTransfer{TransferPath::Host},
      command::SetStepsPerFrame{64},
      command::SetStepsPerFrame{std::nullopt},
      command::Run{},
      command::Pause{},
      command::Step{5},
      command::Reset{},
      command::Reset{InitPattern::Noise, 42},
      command::Screenshot{},
      command::Screenshot{"shots/a b.png", true},
      command::SaveState{"state.h5"},
      command::SaveState{"my state.h5", false},
      command::SaveState{"", false},
      command::LoadState{"my state.h5"},
      command::SaveSetup{"found it.gs"},
      command::Paint{12.5f, 3.25f, 8.0f, 0.75f, false},
      command::Paint{1.0f, 2.0f, 3.0f, 0.5f, true},
      command::Paint{12.5f, 3.25f, 8.0f, 0.75f, false, GridPoint{-1.5f, 30.0f}},
      command::Paint{1.0f, 2.0f, 3.0f, 0.5f, true, GridPoint{4.0f, 5.25f}},
      command::Paint{1.0f, 2.0f, 3.0f, 0.5f, false, std::nullopt, BrushStyle::TowardA},
      command::Paint{1.0f, 2.0f, 3.0f, 0.5f, false, GridPoint{4.0f, 5.0f}, BrushStyle::TowardB},
      command::StyleImage{"a picture.png", {PictureChannel::Blue, true, PictureFit::Tile}},
      command::StyleImage{"p.png", {}},
      command::StyleGradientMap{StyleGradient::Radial},
      command::StyleSet{true, "mazes"},
      command::StyleSet{false, "", 0.05f, 0.0625f},
      command::StyleSet{true, "", 0.05f, 0.0625f, 0.25f, 0.125f},
      command::StyleSwap{},
      command::StyleOff{},
      command::Pick{0.1f, 99.9f},
      command::SeedImage{"a picture.png",
                         {{PictureChannel::Alpha, true, PictureFit::Centre}, 0.3f, 0.01f, 12}},
      command::Stamp{10.5f, 20, 7},
      command::SetCaptureFolder{"captures"},
      command::RecordStart{},  // the V key: a timestamped name
      command::RecordStart{"", 16, 60},
      command::RecordStart{"video.mp4", 8, 30},
      command::RecordStop{},
      command::Caption{"coral (F=0.0545, k=0.062)"},
      command::Caption{""},
      command::RequireCuda{},
      command::Quit{},
      command::RunFrames{10},
      command::Wait{0.25},
      command::WaitTimings{2.5},
      command::StartDemo{"pcie-toll"},
      command::StartDemo{"two words"},
      command::ViewZoom{2.5f},
      command::ViewCenter{120.5f, 64.0f},
      command::ViewReset{},
      command::ScriptControl{ScriptAction::Next},
      command::ScriptControl{ScriptAction::Previous},
      command::ScriptControl{ScriptAction::Restart},
      command::ScriptControl{ScriptAction::Stop},
  };
  // One value of each control, as the panel would push it.
  const std::vector<std::string> values = {
      "0.0367", "0.0649", "0.2", "0.1",    "1",      "nine-point", "neumann", "u",
      "magma",  "-0.5",   "1.5", "on",     "linear", "16x16",      "strided", "reference",
      "4",      "noise",  "7",   "12",     "0.25",   "map",        "0.01",    "0.1",
      "0.03",   "0.07",   "on",  "hidden", "2",      "20",         "off",     "on",
      "off",    "off",    "on",  "b",      "on"};
  EXPECT_EQ(values.size(), control_registry().size());
  for (std::size_t i = 0; i < control_registry().size() && i < values.size(); ++i) {
    const ControlSpec& spec = control_registry()[i];
    Expected<ControlValue> value = spec.parse(values[i]);
    EXPECT_TRUE(value) << spec.name << ": " << value.message();
    if (!value) continue;
    if (const auto* c = std::get_if<SimulationControl>(&spec.control))
      all.push_back(command::SetSimulation{*c, *value});
    else
      all.push_back(command::SetView{std::get<ViewControl>(spec.control), *value});
  }
  return all;
}

TEST(CommandScript, EveryCommandParsesBackFromItsScriptLine) {
  std::set<std::size_t> kinds;
  for (const Command& command : samples()) {
    kinds.insert(command.index());
    const std::string line = to_script_line(command);
    Expected<std::vector<ScriptLine>> parsed = parse_script(line, "t.gs");
    ASSERT_TRUE(parsed) << line << ": " << parsed.message();
    ASSERT_EQ(parsed->size(), 1u) << line;
    const Command& again = parsed->front().command;
    EXPECT_EQ(again.index(), command.index()) << line;
    EXPECT_EQ(to_script_line(again), line);
  }
  EXPECT_EQ(kinds.size(), std::variant_size_v<Command>) << "a kind of command has no sample";
}

TEST(CommandScript, ControlsAreWrittenAsScriptsSpellThem) {
  EXPECT_EQ(to_script_line(command::SetSimulation{SimulationControl::F, 0.0545f}),
            "set F 0.0544999987");
  EXPECT_EQ(to_script_line(command::SetView{ViewControl::LinearFilter, false}),
            "set filter nearest");
  EXPECT_EQ(to_script_line(command::SetSimulation{SimulationControl::MapMode, true}),
            "set mode map");
  EXPECT_EQ(to_script_line(command::SetSimulation{SimulationControl::Block, BlockShape{16, 4}}),
            "set block 16x4");
  EXPECT_EQ(to_script_line(command::RecordStart{}), "record start 8 30");
}

}  // namespace
}  // namespace gs::app
