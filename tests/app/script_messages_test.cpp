// Script errors say what is wrong in one readable line: a number too large is "too large" (not
// "must be at least 1" or "not a number"), and binary bytes or a huge line are quoted escaped and
// cut, never echoed raw.
#include <gtest/gtest.h>

#include <string>

#include "script_parser.h"

namespace gs::app {
namespace {

std::string error_of(const std::string& line) {
  const auto script = parse_script(line, "t.gs");
  EXPECT_FALSE(script) << "parsed, but should not: " << line.substr(0, 80);
  return script ? "" : script.message();
}

TEST(ScriptMessages, NumbersTooLargeSaySo) {
  EXPECT_EQ(error_of("step 99999999999"),
            "t.gs:1: step: '99999999999' is too large (at most 2147483647)");
  EXPECT_EQ(error_of("step -99999999999"), "t.gs:1: step: '-99999999999' must be at least 1");
  EXPECT_EQ(error_of("set F 1e39"), "t.gs:1: set F: '1e39' is too large for a 32-bit float");
  EXPECT_EQ(error_of("size 2000000 10"), "t.gs:1: size: width '2000000' must be from 1 to 1048576");
}

TEST(ScriptMessages, BinaryBytesAreEscapedAndLongLinesCut) {
  const std::string binary = error_of(std::string("fr\x01\x7f\xc3\xa9x 1", 9));
  EXPECT_EQ(binary, "t.gs:1: unknown command 'fr\\x01\\x7f\\xc3\\xa9x'");
  const std::string huge = error_of("step " + std::string(5 << 20, '9'));
  EXPECT_LT(huge.size(), 200u) << huge.substr(0, 300);
  EXPECT_NE(huge.find("(5242880 bytes)"), std::string::npos) << huge.substr(0, 300);
  for (const char c : huge + binary)
    EXPECT_TRUE(c >= 0x20 && c < 0x7f) << "a raw byte " << int(c) << " in the message";
}

}  // namespace
}  // namespace gs::app
