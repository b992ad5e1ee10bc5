// Lines for one kind of machine: `if gpu` / `if no-gpu`, `else`, `end` blocks, every line parsed
// on every machine, the lines of the other kind dropped when a script loads.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "script_conditions.h"
#include "script_parser.h"
#include "script_session.h"
#include "setup_script.h"

namespace gs::app {
namespace {

const char* const kScript =
    "caption both\n"
    "if gpu\n"
    "caption gpu one\n"
    "  wait 2\n"
    "else\n"
    "caption twin one\n"
    "end\n"
    "# a comment between blocks\n"
    "if no-gpu\n"
    "caption twin two\n"
    "end\n"
    "caption both again\n";

std::vector<std::string> texts(const std::vector<ScriptLine>& lines) {
  std::vector<std::string> out;
  for (const ScriptLine& line : lines) out.push_back(std::to_string(line.number) + " " + line.text);
  return out;
}

std::string problem_of(std::string_view text) {
  const Expected<std::vector<ScriptLine>> script = parse_script(text, "t.gs");
  return script ? "" : script.message();
}

TEST(ScriptConditions, BlocksMarkTheirLinesAndEachMachineKeepsItsOwn) {
  Expected<std::vector<ScriptLine>> lines = parse_script(kScript, "t.gs");
  ASSERT_TRUE(lines) << lines.message();
  ASSERT_EQ(lines->size(), 6u) << "the block lines are not commands";
  EXPECT_EQ((*lines)[0].when, MachineCondition::Any);
  EXPECT_EQ((*lines)[1].when, MachineCondition::Gpu);
  EXPECT_EQ((*lines)[2].when, MachineCondition::Gpu);
  EXPECT_EQ((*lines)[3].when, MachineCondition::NotGpu);
  EXPECT_EQ((*lines)[4].when, MachineCondition::NoGpu);
  EXPECT_EQ((*lines)[5].when, MachineCondition::Any);
  EXPECT_EQ(texts(lines_for_machine(*lines, Machine::Cuda)),
            (std::vector<std::string>{"1 caption both", "3 caption gpu one", "4 wait 2",
                                      "12 caption both again"}));
  EXPECT_EQ(texts(lines_for_machine(*lines, Machine::Cpu)),
            (std::vector<std::string>{"1 caption both", "6 caption twin one", "10 caption twin two",
                                      "12 caption both again"}));
  // A GPU without CUDA: not `gpu`, so the else; not `no-gpu` either.
  EXPECT_EQ(
      texts(lines_for_machine(*lines, Machine::Gl)),
      (std::vector<std::string>{"1 caption both", "6 caption twin one", "12 caption both again"}));
}

TEST(ScriptConditions, AGlBlockIsForAGpuWithoutCuda) {
  Expected<std::vector<ScriptLine>> lines =
      parse_script("if gl\ncaption shader\nelse\ncaption other\nend\n", "t.gs");
  ASSERT_TRUE(lines) << lines.message();
  EXPECT_EQ((*lines)[0].when, MachineCondition::Gl);
  EXPECT_EQ((*lines)[1].when, MachineCondition::NotGl);
  EXPECT_EQ(texts(lines_for_machine(*lines, Machine::Gl)),
            (std::vector<std::string>{"2 caption shader"}));
  EXPECT_EQ(texts(lines_for_machine(*lines, Machine::Cuda)),
            (std::vector<std::string>{"4 caption other"}));
  EXPECT_EQ(texts(lines_for_machine(*lines, Machine::Cpu)),
            (std::vector<std::string>{"4 caption other"}));
  EXPECT_EQ(problem_of("if gpus\nend\n"), "t.gs:1: if needs gpu, gl or no-gpu");
}

TEST(ScriptConditions, EveryBranchIsParsedOnEveryMachine) {
  EXPECT_EQ(problem_of("if gpu\nset block 33x33x\nend\n"),
            "t.gs:2: set block: '33x33x' is not WIDTHxHEIGHT (like 32x8)");
}

TEST(ScriptConditions, AMisplacedBlockLineIsAnErrorNamingIt) {
  EXPECT_EQ(problem_of("caption a\nelse\n"),
            "t.gs:2: else without an if gpu, if gl or if no-gpu before it");
  EXPECT_EQ(problem_of("end\n"), "t.gs:1: end without an if gpu, if gl or if no-gpu before it");
  EXPECT_EQ(problem_of("if gpu\nif no-gpu\nend\nend\n"),
            "t.gs:2: if: blocks do not nest (the if on line 1 has no end yet)");
  EXPECT_EQ(problem_of("caption a\nif gpu\ncaption b\n"), "t.gs:2: if has no end");
  EXPECT_EQ(problem_of("if cuda\nend\n"), "t.gs:1: if needs gpu, gl or no-gpu");
  EXPECT_EQ(problem_of("if\nend\n"), "t.gs:1: if needs gpu, gl or no-gpu");
  EXPECT_EQ(problem_of("if gpu\nelse\nelse\nend\n"), "t.gs:3: else: the block has an else already");
  EXPECT_EQ(problem_of("if gpu\nend now\n"), "t.gs:2: end takes no arguments");
}

TEST(ScriptConditions, ALoadedScriptRunsOnlyThisMachinesLines) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("gs-conditions-" + std::to_string(getpid()) + ".gs");
  // `require cuda` inside a GPU block: where CUDA does not run the line is dropped, not refused.
  std::ofstream(path) << "if gpu\nrequire cuda\nelse\ncaption no GPU here\nend\n";
  const Expected<ScriptSession> session = ScriptSession::load(path, true);
  std::filesystem::remove(path);
  ASSERT_TRUE(session) << session.message();
  EXPECT_EQ(session->requires_cuda(), cuda_runs_here());
}

// The app reads its script before its GL context says whether the GPU runs the gl backend: the
// session is chosen again for that machine, with its warnings, from the lines read once.
TEST(ScriptConditions, ALoadedScriptIsChosenAgainForAGpuWithoutCuda) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("gs-retarget-" + std::to_string(getpid()) + ".gs");
  std::ofstream(path) << "size 1920 1080\nif gl\ntransfer upload\ncaption upload: 8.3 MB/frame\n"
                         "end\nif no-gpu\ncaption twin\nend\n";
  const Expected<ScriptSession> loaded = ScriptSession::load(path, true);
  std::filesystem::remove(path);  // chosen again from the lines already read
  ASSERT_TRUE(loaded) << loaded.message();
  EXPECT_EQ(loaded->machine(), machine_here());
  const Expected<ScriptSession> on_gl = loaded->for_machine(Machine::Gl);
  ASSERT_TRUE(on_gl) << on_gl.message();
  EXPECT_EQ(on_gl->machine(), Machine::Gl);
  EXPECT_EQ(on_gl->progress().captions, 1);
  ASSERT_EQ(on_gl->warnings().size(), 1u) << "upload from a GPU crosses twice: 16.6 MB/frame";
  EXPECT_NE(on_gl->warnings()[0].find("16.6 MB/frame there (upload of 1920x1080)"),
            std::string::npos)
      << on_gl->warnings()[0];
  const Expected<ScriptSession> on_twin = loaded->for_machine(Machine::Cpu);
  ASSERT_TRUE(on_twin) << on_twin.message();
  EXPECT_TRUE(on_twin->warnings().empty());
}

TEST(ScriptConditions, PastedLinesAreThisMachinesToo) {
  const Expected<std::vector<Command>> pasted =
      parse_pasted_script("set F 0.03\nif gpu\nset k 0.06\nelse\nset k 0.05\nend\n");
  ASSERT_TRUE(pasted) << pasted.message();
  ASSERT_EQ(pasted->size(), 2u);
  const auto& k = std::get<command::SetSimulation>(pasted->back());
  EXPECT_EQ(std::get<float>(k.value), cuda_runs_here() ? 0.06f : 0.05f);
}

}  // namespace
}  // namespace gs::app
