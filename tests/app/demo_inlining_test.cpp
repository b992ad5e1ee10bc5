// A script's `demo` lines replaced by the demos' own as it loads (core/demo_inlining.h): the
// demo's captions count as the script's, its lines say which file they are from, a demo that
// would start itself is refused at load, and after the demo's last caption the runner holds
// until the person moves on (ScriptRunner with hold_after_demos).
#include <gtest/gtest.h>

#include <stdlib.h>

#include <fstream>

#include "demo_inlining.h"
#include "script_runner.h"

namespace gs::app {
namespace {

// Demos in a scratch folder of their own, by name.
struct Demos {
  Demos() {
    std::string name = (std::filesystem::temp_directory_path() / "gs-demos-XXXXXX").string();
    if (::mkdtemp(name.data())) dir = name;
  }
  ~Demos() {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }
  void add(const std::string& name, const std::string& text) {
    std::ofstream(dir / (name + ".gs")) << text;
  }
  DemoLookup lookup() const {
    return [this](const std::string& name) { return find_demo(name, dir); };
  }
  std::filesystem::path dir;
};

std::vector<ScriptLine> parsed(const std::string& text) {
  Expected<std::vector<ScriptLine>> lines = parse_script(text, "lecture.gs");
  EXPECT_TRUE(lines) << lines.message();
  return lines ? *lines : std::vector<ScriptLine>{};
}

int captions_of(const std::vector<ScriptLine>& lines) {
  return ScriptRunner(lines).caption_count();
}

TEST(DemoInlining, TheDemosCaptionsAreTheScriptsAndItsLinesNameTheirFile) {
  Demos demos;
  demos.add("inner", "# Inner\ncaption one\nwait 5\ncaption two\n");
  Expected<std::vector<ScriptLine>> lines =
      inline_demos(parsed("caption before\ndemo inner\ncaption after\n"), "lecture.gs",
                   demos.lookup(), Machine::Cpu);
  ASSERT_TRUE(lines) << lines.message();
  EXPECT_EQ(captions_of(*lines), 4);
  ASSERT_EQ(lines->size(), 7u);  // before, begins, one, wait, two, ends, after
  const auto& begins = std::get<command::StartDemo>((*lines)[1].command);
  EXPECT_EQ(begins.part, command::DemoPart::Begins);
  EXPECT_EQ(std::get<command::StartDemo>((*lines)[5].command).part, command::DemoPart::Ends);
  EXPECT_EQ((*lines)[2].source, demos.dir / "inner.gs");
  EXPECT_EQ((*lines)[2].number, 2);
  EXPECT_EQ((*lines)[6].source, "lecture.gs");
  // Page Down from the caption before it lands on the demo's first, not past the demo.
  ScriptRunner runner(*lines);
  runner.jump_to_caption(1);
  runner.jump_to_caption(2);
  EXPECT_EQ(runner.caption_index(), 2);
}

TEST(DemoInlining, ADemoThatWouldStartItselfIsRefusedAsTheScriptLoads) {
  Demos demos;
  demos.add("ping", "# Ping\nstep 1\ndemo pong\n");
  demos.add("pong", "# Pong\nstep 1\ndemo ping\n");
  const Expected<std::vector<ScriptLine>> lines =
      inline_demos(parsed("demo ping\n"), "lecture.gs", demos.lookup(), Machine::Cpu);
  ASSERT_FALSE(lines);
  EXPECT_NE(lines.message().find("pong.gs:3: demo 'ping' is already running"), std::string::npos)
      << lines.message();
  const Expected<std::vector<ScriptLine>> missing =
      inline_demos(parsed("size 8 8\ndemo nowhere\n"), "lecture.gs", demos.lookup(), Machine::Cpu);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.message().rfind("lecture.gs:2: no demo 'nowhere'", 0), 0u) << missing.message();
}

TEST(DemoInlining, AfterTheDemosLastCaptionTheRunnerHoldsUntilReleased) {
  Demos demos;
  demos.add("inner", "# Inner\ncaption one\n");
  Expected<std::vector<ScriptLine>> lines =
      inline_demos(parsed("demo inner\nquit\n"), "lecture.gs", demos.lookup(), Machine::Cpu);
  ASSERT_TRUE(lines) << lines.message();
  ScriptRunner held(*lines, true);
  EXPECT_EQ(held.due(0.0, false).size(), 3u);  // begins, the caption, ends
  EXPECT_TRUE(held.holding());
  EXPECT_EQ(held.demo_depth(), 0);
  EXPECT_TRUE(held.due(100.0, false).empty()) << "the punchline stays";
  held.release();
  const auto rest = held.due(100.0, false);
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<command::Quit>(rest[0]->command));
  // Where no person steps through (headless), the script goes straight on.
  ScriptRunner unattended(*lines, false);
  EXPECT_EQ(unattended.due(0.0, false).size(), 4u);
}

}  // namespace
}  // namespace gs::app
