#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "script_parser.h"

namespace gs::app {
namespace {

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// Parses one line as a whole script and returns its command as T; fails the test otherwise.
template <class T>
T parse_as(std::string_view line) {
  const auto script = parse_script(line, "t.gs");
  if (!script) {
    ADD_FAILURE() << line << ": " << script.message();
    return T{};
  }
  if (script->size() != 1) {
    ADD_FAILURE() << line << ": " << script->size() << " commands";
    return T{};
  }
  const T* command = std::get_if<T>(&script->front().command);
  if (!command) {
    ADD_FAILURE() << line << ": parsed to another command";
    return T{};
  }
  return *command;
}

// The problem a one-line script reports, without its "t.gs:1: " prefix, which it checks.
std::string error_of(std::string_view line) {
  const auto script = parse_script(line, "t.gs");
  if (script) {
    ADD_FAILURE() << "parsed, but should not: " << line;
    return "";
  }
  const std::string& message = script.message();
  EXPECT_EQ(message.rfind("t.gs:1: ", 0), 0u) << message;
  return message.substr(std::min<std::size_t>(message.size(), 8));
}

TEST(ScriptParser, PresetTakesOneName) {
  EXPECT_EQ(parse_as<command::LoadPreset>("preset coral").name, "coral");
  EXPECT_EQ(error_of("preset"), "preset needs NAME");
  EXPECT_EQ(error_of("preset coral worms"), "preset needs NAME");
}

TEST(ScriptParser, SetAcceptsEveryParameterWithAGoodValue) {
  const std::vector<std::pair<std::string, std::string>> cases = {{"F", "0.0545"},
                                                                  {"k", "6.2e-2"},
                                                                  {"Du", "0.2"},
                                                                  {"Dv", "0.1"},
                                                                  {"dt", "1"},
                                                                  {"laplacian", "nine-point"},
                                                                  {"boundary", "neumann"},
                                                                  {"field", "v"},
                                                                  {"colormap", "magma"},
                                                                  {"range-min", "-0.5"},
                                                                  {"range-max", "1"},
                                                                  {"range-auto", "off"},
                                                                  {"filter", "linear"},
                                                                  {"block", "32x8"},
                                                                  {"kernel", "strided"},
                                                                  {"cpu-path", "reference"},
                                                                  {"steps-per-pass", "8"},
                                                                  {"init", "spots"},
                                                                  {"seed", "18446744073709551615"},
                                                                  {"brush-radius", "12.5"},
                                                                  {"brush-value", "0.75"},
                                                                  {"mode", "map"},
                                                                  {"map-F-low", "0"},
                                                                  {"map-F-high", "0.1"},
                                                                  {"map-k-low", "0.03"},
                                                                  {"map-k-high", "0.07"},
                                                                  {"reseed-on-pick", "on"},
                                                                  {"ui", "hidden"},
                                                                  {"ui-scale", "1.5"},
                                                                  {"font-size", "20"},
                                                                  {"reseed-on-preset", "on"},
                                                                  {"presentation", "on"},
                                                                  {"export-overlays", "off"},
                                                                  {"timings-overlay", "off"},
                                                                  {"relief", "on"},
                                                                  {"brush-style", "a"},
                                                                  {"style-overlay", "on"}};
  ASSERT_EQ(control_registry().size(), cases.size());
  for (const auto& [name, value] : cases) {
    const ControlSpec* spec = find_control(name);
    ASSERT_NE(spec, nullptr) << name;
    Expected<ControlValue> typed = spec->parse(value);
    ASSERT_TRUE(typed) << name << ": " << typed.message();
    // The command carries the registry's control (its owner in its type) and the typed value.
    if (const auto* control = std::get_if<SimulationControl>(&spec->control)) {
      const auto set = parse_as<command::SetSimulation>("set " + name + " " + value);
      EXPECT_EQ(set.control, *control) << name;
      EXPECT_EQ(set.value, *typed) << name;
    } else {
      const auto set = parse_as<command::SetView>("set " + name + " " + value);
      EXPECT_EQ(set.control, std::get<ViewControl>(spec->control)) << name;
      EXPECT_EQ(set.value, *typed) << name;
    }
  }
  EXPECT_EQ(std::get<float>(parse_as<command::SetSimulation>("set F 0.0545").value), 0.0545f);
  EXPECT_EQ(std::get<std::uint64_t>(
                parse_as<command::SetSimulation>("set seed 18446744073709551615").value),
            18446744073709551615u);
  EXPECT_EQ(std::get<bool>(parse_as<command::SetView>("set ui hidden").value), true);
  EXPECT_EQ(std::get<bool>(parse_as<command::SetView>("set filter nearest").value), false);
}

TEST(ScriptParser, SetRejectsUnknownParametersListingTheKnownOnes) {
  const std::string message = error_of("set G 0.1");
  EXPECT_EQ(message.rfind("set: unknown parameter 'G' (one of: F, k, Du, Dv, dt, laplacian", 0), 0u)
      << message;
  EXPECT_TRUE(contains(
      message,
      "seed, brush-radius, brush-value, mode, map-F-low, map-F-high, map-k-low, "
      "map-k-high, reseed-on-pick, ui, ui-scale, font-size, reseed-on-preset, "
      "presentation, export-overlays, timings-overlay, relief, brush-style, style-overlay)"))
      << message;
  EXPECT_TRUE(contains(error_of("set f 0.1"), "unknown parameter 'f'"));
}

TEST(ScriptParser, SetNeedsExactlyOneValue) {
  EXPECT_EQ(error_of("set"), "set needs PARAM VALUE");
  EXPECT_EQ(error_of("set F"), "set F needs exactly one VALUE");
  EXPECT_EQ(error_of("set F 0.1 0.2"), "set F needs exactly one VALUE");
}

TEST(ScriptParser, SetRejectsNumbersThatAreNotFinite) {
  EXPECT_EQ(error_of("set F abc"), "set F: 'abc' is not a number");
  for (const char* name : {"F", "k", "Du", "Dv", "dt", "range-min", "range-max"}) {
    for (const char* value : {"nan", "inf", "-inf", "1e400", "abc", "0.1x", "+0.1", "0,1"}) {
      const std::string message = error_of(std::string("set ") + name + " " + value);
      EXPECT_EQ(message.rfind(std::string("set ") + name + ": '" + value + "' is ", 0), 0u)
          << message;
    }
  }
  EXPECT_TRUE(contains(error_of("set dt nan"), "not a finite number"));
  EXPECT_TRUE(contains(error_of("set dt 1e400"), "out of range"));
}

TEST(ScriptParser, SetRejectsWordsOutsideEachParametersChoices) {
  EXPECT_EQ(error_of("set laplacian seven-point"),
            "set laplacian: 'seven-point' is not one of five-point, nine-point, course");
  EXPECT_TRUE(
      contains(error_of("set boundary mirror"), "'mirror' is not one of periodic, neumann"));
  EXPECT_TRUE(contains(error_of("set field w"), "'w' is not one of u, v"));
  EXPECT_TRUE(contains(error_of("set range-auto yes"), "'yes' is not one of on, off"));
  EXPECT_TRUE(contains(error_of("set filter cubic"), "'cubic' is not one of nearest, linear"));
  EXPECT_TRUE(contains(error_of("set kernel fast"), "'fast' is not one of coalesced, strided"));
  EXPECT_TRUE(contains(error_of("set init circle"), "'circle' is not one of square, spots, noise"));
  EXPECT_TRUE(contains(error_of("set laplacian Course"), "set laplacian: 'Course'"));
}

TEST(ScriptParser, SetChecksSeedsAndBlocks) {
  EXPECT_EQ(error_of("set seed -1"), "set seed: '-1' is not an unsigned integer");
  EXPECT_EQ(error_of("set seed 1.5"), "set seed: '1.5' is not an unsigned integer");
  EXPECT_TRUE(
      contains(error_of("set seed 18446744073709551616"), "'18446744073709551616' is larger"));
  EXPECT_EQ(error_of("set block 32"), "set block: '32' is not WIDTHxHEIGHT (like 32x8)");
  EXPECT_TRUE(contains(error_of("set block 32x8x1"), "is not WIDTHxHEIGHT"));
  EXPECT_TRUE(contains(error_of("set block 64x64"), "set block: a block of 64x64 has more than"));
  EXPECT_TRUE(contains(error_of("set block 0x8"), "set block: block sides must be at least 1"));
}

TEST(ScriptParser, SizeTakesTwoSidesFromOneTo2To20) {
  const auto resize = parse_as<command::Resize>("size 640 480");
  EXPECT_EQ(resize.width, 640);
  EXPECT_EQ(resize.height, 480);
  EXPECT_EQ(parse_as<command::Resize>("size 1 1048576").height, 1048576);
  EXPECT_EQ(error_of("size 640"), "size needs WIDTH HEIGHT");
  EXPECT_EQ(error_of("size 640 480 3"), "size needs WIDTH HEIGHT");
  EXPECT_EQ(error_of("size 0 480"), "size: width '0' must be from 1 to 1048576");
  EXPECT_EQ(error_of("size 640 1048577"), "size: height '1048577' must be from 1 to 1048576");
  EXPECT_EQ(error_of("size -5 480"), "size: width '-5' must be from 1 to 1048576");
  EXPECT_EQ(error_of("size 12abc 480"), "size: width '12abc' is not an integer");
  EXPECT_EQ(error_of("size 640 4.5"), "size: height '4.5' is not an integer");
  EXPECT_TRUE(contains(error_of("size 99999999999999999999 4"), "must be from 1 to 1048576"));
}

TEST(ScriptParser, BackendAndTransferNameTheirChoice) {
  EXPECT_EQ(parse_as<command::SelectBackend>("backend cpu").choice, BackendChoice::Cpu);
  EXPECT_EQ(parse_as<command::SelectBackend>("backend cuda").choice, BackendChoice::Cuda);
  EXPECT_EQ(parse_as<command::SelectBackend>("backend auto").choice, BackendChoice::Auto);
  EXPECT_EQ(error_of("backend gpu"), "backend: 'gpu' is not one of cpu, cuda, auto");
  EXPECT_EQ(error_of("backend CPU"), "backend: 'CPU' is not one of cpu, cuda, auto");
  EXPECT_EQ(error_of("backend"), "backend needs cpu, cuda or auto");

  EXPECT_EQ(parse_as<command::SelectTransfer>("transfer interop").path, TransferPath::Interop);
  EXPECT_EQ(parse_as<command::SelectTransfer>("transfer host").path, TransferPath::Host);
  EXPECT_EQ(parse_as<command::SelectTransfer>("transfer upload").path, TransferPath::Upload);
  EXPECT_EQ(error_of("transfer pbo"), "transfer: 'pbo' is not one of interop, host, upload");
  EXPECT_EQ(error_of("transfer host upload"), "transfer needs interop, host or upload");
}

TEST(ScriptParser, TransferPathNamesRoundTrip) {
  for (TransferPath path : {TransferPath::Interop, TransferPath::Host, TransferPath::Upload})
    EXPECT_EQ(parse_enum<TransferPath>(to_string(path)), path);
  EXPECT_EQ(to_string(TransferPath::Interop), "interop");
  EXPECT_EQ(to_string(TransferPath::Host), "host");
  EXPECT_EQ(to_string(TransferPath::Upload), "upload");
  EXPECT_FALSE(parse_enum<TransferPath>("Host").has_value());
}

TEST(ScriptParser, StepsPerFrameIsACountOrAuto) {
  EXPECT_EQ(parse_as<command::SetStepsPerFrame>("steps-per-frame 250").steps, 250);
  EXPECT_EQ(parse_as<command::SetStepsPerFrame>("steps-per-frame 10000").steps, 10000);
  EXPECT_FALSE(parse_as<command::SetStepsPerFrame>("steps-per-frame auto").steps.has_value());
  EXPECT_EQ(error_of("steps-per-frame 0"), "steps-per-frame: '0' must be from 1 to 10000");
  EXPECT_EQ(error_of("steps-per-frame 10001"), "steps-per-frame: '10001' must be from 1 to 10000");
  EXPECT_EQ(error_of("steps-per-frame Auto"), "steps-per-frame: 'Auto' is not an integer");
  EXPECT_EQ(error_of("steps-per-frame"), "steps-per-frame needs N or auto");
}

TEST(ScriptParser, RunFramesAndStepCountFromOne) {
  EXPECT_EQ(parse_as<command::RunFrames>("run-frames 60").frames, 60);
  EXPECT_EQ(parse_as<command::Step>("step").steps, 1);
  EXPECT_EQ(parse_as<command::Step>("step 2147483647").steps, 2147483647);
  EXPECT_EQ(error_of("run-frames"), "run-frames needs N");
  EXPECT_EQ(error_of("run-frames 0"), "run-frames: '0' must be at least 1");
  EXPECT_EQ(error_of("step -3"), "step: '-3' must be at least 1");
  EXPECT_EQ(error_of("step 2147483648"), "step: '2147483648' is too large (at most 2147483647)");
  EXPECT_EQ(error_of("step 10x"), "step: '10x' is not an integer");
  EXPECT_EQ(error_of("step 1 2"), "step takes one optional N");
}

TEST(ScriptParser, PauseRunAndQuitTakeNoArguments) {
  parse_as<command::Pause>("pause");
  parse_as<command::Run>("run");
  parse_as<command::Quit>("quit");
  EXPECT_EQ(error_of("pause now"), "pause takes no arguments");
  EXPECT_EQ(error_of("run 5"), "run takes no arguments");
  EXPECT_EQ(error_of("quit please"), "quit takes no arguments");
}

TEST(ScriptParser, ResetTakesAnOptionalPatternThenAnOptionalSeed) {
  const auto plain = parse_as<command::Reset>("reset");
  EXPECT_FALSE(plain.init.has_value());
  EXPECT_FALSE(plain.seed.has_value());
  const auto spots = parse_as<command::Reset>("reset spots");
  EXPECT_EQ(spots.init, InitPattern::Spots);
  EXPECT_FALSE(spots.seed.has_value());
  const auto noise = parse_as<command::Reset>("reset noise 42");
  EXPECT_EQ(noise.init, InitPattern::Noise);
  EXPECT_EQ(noise.seed, 42u);
  EXPECT_EQ(error_of("reset 42"), "reset: '42' is not one of square, spots, noise, grown-spots");
  EXPECT_EQ(error_of("reset noise -1"), "reset: seed '-1' is not an unsigned integer");
  EXPECT_EQ(error_of("reset noise 1 2"), "reset takes at most INIT SEED");
}

TEST(ScriptParser, ScreenshotTakesTheRestOfTheLineAsItsPath) {
  EXPECT_EQ(parse_as<command::Screenshot>("screenshot shots/a.png").path, "shots/a.png");
  EXPECT_EQ(parse_as<command::Screenshot>("screenshot \t my shots/frame 1.png  ").path,
            "my shots/frame 1.png");
  EXPECT_EQ(parse_as<command::Screenshot>("screenshot").path, "") << "a timestamped name";
  EXPECT_TRUE(parse_as<command::Screenshot>("window-screenshot a b.png").window);
  EXPECT_EQ(parse_as<command::Screenshot>("window-screenshot a b.png").path, "a b.png");
  EXPECT_EQ(error_of("capture-folder"), "capture-folder needs PATH");
}

TEST(ScriptParser, CaptionTakesTheRestOfTheLineAndMayBeEmpty) {
  EXPECT_EQ(parse_as<command::Caption>("caption  Spots split,  # then worms ").text,
            "Spots split,  # then worms");
  EXPECT_EQ(parse_as<command::Caption>("caption").text, "");
  EXPECT_EQ(parse_as<command::Caption>("caption   ").text, "");
}

TEST(ScriptParser, WaitTakesFiniteSecondsUpToAnHour) {
  EXPECT_DOUBLE_EQ(parse_as<command::Wait>("wait 2.5").seconds, 2.5);
  EXPECT_DOUBLE_EQ(parse_as<command::Wait>("wait 0").seconds, 0.0);
  EXPECT_DOUBLE_EQ(parse_as<command::Wait>("wait 3600").seconds, 3600.0);
  EXPECT_EQ(error_of("wait -1"), "wait: '-1' must be from 0 to 3600 seconds");
  EXPECT_EQ(error_of("wait 3600.5"), "wait: '3600.5' must be from 0 to 3600 seconds");
  EXPECT_EQ(error_of("wait inf"), "wait: 'inf' is not a finite number");
  EXPECT_EQ(error_of("wait nan"), "wait: 'nan' is not a finite number");
  EXPECT_EQ(error_of("wait soon"), "wait: 'soon' is not a number");
  EXPECT_EQ(error_of("wait"), "wait needs SECONDS");
}

TEST(ScriptParser, UnknownAndMiscasedCommandsAreNamed) {
  EXPECT_EQ(error_of("foo 1 2"), "unknown command 'foo'");
  EXPECT_EQ(error_of("Pause"), "unknown command 'Pause'");
  EXPECT_EQ(error_of("screenshot.png"), "unknown command 'screenshot.png'");
}

TEST(ScriptParser, LineNumbersCountCommentsAndBlankLines) {
  const auto script = parse_script(
      "# a demo\n"
      "\n"
      "preset coral\n"
      "   # indented comment\n"
      "\t\n"
      "  run-frames 10  \n"
      "quit",
      "demo.gs");
  ASSERT_TRUE(script) << script.message();
  ASSERT_EQ(script->size(), 3u);
  EXPECT_EQ((*script)[0].number, 3);
  EXPECT_EQ((*script)[0].text, "preset coral");
  EXPECT_EQ((*script)[1].number, 6);
  EXPECT_EQ((*script)[1].text, "run-frames 10");
  EXPECT_EQ(std::get<command::RunFrames>((*script)[1].command).frames, 10);
  EXPECT_EQ((*script)[2].number, 7);
  EXPECT_TRUE(std::holds_alternative<command::Quit>((*script)[2].command));
}

TEST(ScriptParser, EmptyAndCommentOnlyScriptsHaveNoCommands) {
  for (const char* text : {"", "\n\n", "# only\r\n  # comments\n"}) {
    const auto script = parse_script(text, "t.gs");
    ASSERT_TRUE(script) << script.message();
    EXPECT_TRUE(script->empty());
  }
}

TEST(ScriptParser, CrlfLinesParseLikeLfLines) {
  const auto script =
      parse_script("# crlf\r\npreset coral\r\n\r\ncaption Hello\r\nsize 64 32\r\nstep\r\n", "t.gs");
  ASSERT_TRUE(script) << script.message();
  ASSERT_EQ(script->size(), 4u);
  EXPECT_EQ(std::get<command::LoadPreset>((*script)[0].command).name, "coral");
  EXPECT_EQ((*script)[0].number, 2);
  EXPECT_EQ(std::get<command::Caption>((*script)[1].command).text, "Hello");
  EXPECT_EQ(std::get<command::Resize>((*script)[2].command).height, 32);
  EXPECT_EQ(std::get<command::Step>((*script)[3].command).steps, 1);
  EXPECT_EQ((*script)[3].number, 6);
  const auto with_bom = parse_script("\xEF\xBB\xBFpause\r\n", "t.gs");
  ASSERT_TRUE(with_bom) << with_bom.message();
  EXPECT_TRUE(std::holds_alternative<command::Pause>(with_bom->front().command));
  const auto bad = parse_script("preset a\r\nsize 1 0\r\n", "t.gs");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.message(), "t.gs:2: size: height '0' must be from 1 to 1048576");
}

TEST(ScriptParser, SaveAndLoadTakeTheRestOfTheLineAsThePath) {
  Expected<std::vector<ScriptLine>> lines =
      parse_script("save my state.h5\nload  /tmp/a b.h5 \n", "s.gs");
  ASSERT_TRUE(lines) << lines.message();
  ASSERT_EQ(lines->size(), 2u);
  EXPECT_EQ(std::get<command::SaveState>((*lines)[0].command).path, "my state.h5");
  EXPECT_EQ(std::get<command::LoadState>((*lines)[1].command).path, "/tmp/a b.h5");
  // Without a path: state.h5 in the capture folder, which the app fills in (an empty path here).
  Expected<std::vector<ScriptLine>> bare = parse_script("save\nload\n", "s.gs");
  ASSERT_TRUE(bare) << bare.message();
  EXPECT_EQ(std::get<command::SaveState>((*bare)[0].command).path, "");
  EXPECT_EQ(std::get<command::LoadState>((*bare)[1].command).path, "");
  // A last word --no-xdmf: the state without its XDMF description, the path still whole.
  Expected<std::vector<ScriptLine>> plain =
      parse_script("save my state.h5  --no-xdmf\nsave --no-xdmf\nsave a--no-xdmf\n", "s.gs");
  ASSERT_TRUE(plain) << plain.message();
  for (const auto& [i, path, xdmf] : {std::tuple{0, "my state.h5", false}, std::tuple{1, "", false},
                                      std::tuple{2, "a--no-xdmf", true}}) {
    const auto& save = std::get<command::SaveState>((*plain)[std::size_t(i)].command);
    EXPECT_EQ(save.path, path);
    EXPECT_EQ(save.xdmf, xdmf) << path;
  }
  EXPECT_TRUE(std::get<command::SaveState>((*lines)[0].command).xdmf);
  Expected<std::vector<ScriptLine>> missing = parse_script("save-setup\n", "s.gs");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.message(), "s.gs:1: save-setup needs PATH");
}

}  // namespace
}  // namespace gs::app
