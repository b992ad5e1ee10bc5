// Numbers on grayscott-batch's command line are read whole and strictly: an empty value, a
// negative seed, a width of 22 digits or tens of thousands of threads is a one-line usage error
// (exit 2) quoting what was given, never a value wrapped, clamped or taken as 0.
#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "bad_input_support.h"
#include "run_program.h"

namespace gs::test {
namespace {

struct BadNumberCase {
  std::string name;
  Args args;                       // see in_folder()
  std::vector<std::string> words;  // each must appear in the error line
};

void PrintTo(const BadNumberCase& c, std::ostream* os) {
  *os << c.name;
}

const BadNumberCase kBadNumberCases[] = {
    {"FeedEmpty", kGrid + Args{"--F", ""} + kFrames + kOutput, {"--F", "''", "not a number"}},
    {"FeedPastFloat", kGrid + Args{"--F", "1e39"} + kFrames + kOutput, {"--F", "'1e39'"}},
    {"FeedTrailingText", kGrid + Args{"--F", "0.03x"} + kFrames + kOutput, {"'0.03x'"}},
    {"StepsEmpty", kGrid + Args{"--steps", ""} + kOutput, {"--steps", "''"}},
    {"SeedNegative", kGrid + Args{"--seed=-1"} + kFrames + kOutput, {"--seed", "'-1'"}},
    {
        "SeedPastTwoToThe64",
        kGrid + Args{"--seed", "18446744073709551616"} + kFrames + kOutput,
        {"--seed", "'18446744073709551616'"},
    },
    {
        "WidthOf22Digits",
        Args{"--width", "1234567890123456789012", "--height", "24"} + kFrames + kOutput,
        {"--width", "'1234567890123456789012'"},
    },
    {
        "ThreadsNegative",
        kGrid + Args{"--threads=-1"} + kFrames + kOutput,
        {"--threads", "'-1'"},
    },
    {
        "ThreadsPastEightPerCore",
        kGrid + Args{"--threads", "65536"} + kFrames + kOutput,
        {"--threads", "too large"},
    },
    {
        "ThreadsIntMax",
        kGrid + Args{"--threads", "2147483647"} + kFrames + kOutput,
        {"--threads", "too large"},
    },
};

class BadNumber : public testing::TestWithParam<BadNumberCase> {};

TEST_P(BadNumber, IsAUsageErrorQuotingTheValueAndWritesNothing) {
  const BadNumberCase& c = GetParam();
  ScratchDir dir;
  const ProgramResult result = run_batch(in_folder(c.args, dir));
  EXPECT_EQ(result.exit_code, 2) << result.err;
  expect_one_line_error(result, c.words);
  EXPECT_TRUE(dir.entries().empty()) << "a usage error writes nothing";
}

INSTANTIATE_TEST_SUITE_P(Cases, BadNumber, testing::ValuesIn(kBadNumberCases),
                         [](const testing::TestParamInfo<BadNumberCase>& test) {
                           return test.param.name;
                         });

}  // namespace
}  // namespace gs::test
