// Script errors say what is wrong in one readable line: a number too large is "too large" (not
// "must be at least 1" or "not a number"), and binary bytes or a huge line are quoted escaped and
// cut, never echoed raw.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "script_parser.h"

namespace gs::app {
namespace {

std::string full_error_of(const std::string& line) {
  const auto script = parse_script(line, "t.gs");
  EXPECT_FALSE(script) << "parsed, but should not: " << line.substr(0, 80);
  return script ? "" : script.message();
}

TEST(ScriptMessages, NumbersTooLargeSaySo) {
  EXPECT_EQ(full_error_of("step 99999999999"),
            "t.gs:1: step: '99999999999' is too large (at most 2147483647)");
  EXPECT_EQ(full_error_of("step -99999999999"), "t.gs:1: step: '-99999999999' must be at least 1");
  EXPECT_EQ(full_error_of("set F 1e39"), "t.gs:1: set F: '1e39' is too large for a 32-bit float");
  EXPECT_EQ(full_error_of("size 2000000 10"),
            "t.gs:1: size: width '2000000' must be from 1 to 1048576");
}

TEST(ScriptMessages, BinaryBytesAreEscapedAndLongLinesCut) {
  const std::string binary = full_error_of(std::string("fr\x01\x7f\xc3\xa9x 1", 9));
  EXPECT_EQ(binary, "t.gs:1: unknown command 'fr\\x01\\x7f\\xc3\\xa9x'");
  const std::string huge = full_error_of("step " + std::string(5 << 20, '9'));
  EXPECT_LT(huge.size(), 200u) << huge.substr(0, 300);
  EXPECT_NE(huge.find("(5242880 bytes)"), std::string::npos) << huge.substr(0, 300);
  for (const char c : huge + binary)
    EXPECT_TRUE(c >= 0x20 && c < 0x7f) << "a raw byte " << int(c) << " in the message";
}

TEST(ScriptMessages, TheFirstBadLineFailsTheScriptNamingItsLine) {
  const auto script = parse_script(
      "# demo\n"
      "preset coral\n"
      "\n"
      "size 512 512\n"
      "set F 0.055\n"
      "run-frames 60\n"
      "set G 1\n"
      "set H 1\n",
      "demo.gs");
  ASSERT_FALSE(script);
  EXPECT_EQ(script.message().rfind("demo.gs:7: set: unknown parameter 'G'", 0), 0u)
      << script.message();
}

TEST(ScriptMessages, LoadScriptReadsAFileAndNamesItInErrors) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / "gs_script_parser_test";
  std::filesystem::create_directories(dir);
  const std::filesystem::path good = dir / "good.gs";
  const std::filesystem::path bad = dir / "bad.gs";
  std::ofstream(good) << "preset coral\nrun-frames 5\n";
  std::ofstream(bad) << "preset coral\nfly away\n";

  const auto script = load_script(good);
  ASSERT_TRUE(script) << script.message();
  ASSERT_EQ(script->size(), 2u);
  EXPECT_EQ(std::get<command::RunFrames>((*script)[1].command).frames, 5);

  const auto failed = load_script(bad);
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.message(), bad.string() + ":2: unknown command 'fly'");

  const std::filesystem::path missing = dir / "missing.gs";
  const auto unreadable = load_script(missing);
  ASSERT_FALSE(unreadable);
  EXPECT_EQ(unreadable.message().rfind("cannot read script '" + missing.string() + "': ", 0), 0u)
      << unreadable.message();

  const auto directory = load_script(dir);
  ASSERT_FALSE(directory);
  EXPECT_EQ(directory.message(), "cannot read script '" + dir.string() + "': it is a directory");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace gs::app

namespace gs::app {
namespace {}  // namespace
}  // namespace gs::app
