// grayscott-batch --bench --bench-steps N, through the real binary: one grid, exactly N steps
// timed once, beside the copy ceiling, as JSON with --json (what the device check's block sweep
// reads: ten block shapes in seconds, where ten full tables took two minutes); bad values and
// clashing options are one-line errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "run_program.h"

namespace gs::test {
namespace {

TEST(BatchCliQuickBench, OneGridExactlyTheStepsAskedAsJson) {
  const ProgramResult result = run_batch({"--bench", "--bench-steps", "40", "--backend", "cpu",
                                          "--width", "256", "--height", "192", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const nlohmann::json quick = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_TRUE(quick.is_object()) << result.out;
  EXPECT_EQ(quick["backend"], "cpu");
  EXPECT_EQ(quick["grid"], "256x192");
  EXPECT_EQ(quick["steps"], 40);
  EXPECT_GT(quick["mcells_per_s"].get<double>(), 0.0);
  EXPECT_GT(quick["copy_gb_per_s"].get<double>(), 0.0);
  // 16 bytes a cell a step: the effective bandwidth follows from the cells per second.
  EXPECT_NEAR(quick["gb_per_s"].get<double>(), quick["mcells_per_s"].get<double>() * 16e-3,
              1e-6 * quick["gb_per_s"].get<double>() + 1e-9);
  EXPECT_NEAR(quick["percent_of_copy"].get<double>(),
              100.0 * quick["gb_per_s"].get<double>() / quick["copy_gb_per_s"].get<double>(), 1e-6);
  // No table, no style rows, no course run.
  EXPECT_EQ(result.out.find("style-map"), std::string::npos);
  EXPECT_EQ(result.out.find("course"), std::string::npos);
}

TEST(BatchCliQuickBench, BadValuesAndClashesAreOneLineErrors) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--bench", "--bench-steps", "0"},
        {"--bench-steps", "10"},
        {"--bench", "--bench-steps", "10", "--bench-seconds", "1"},
        {"--bench", "--bench-steps", "ten"}}) {
    const ProgramResult result = run_batch(args);
    EXPECT_EQ(result.exit_code, 2) << args[1];
    EXPECT_NE(result.err.find("--bench-steps"), std::string::npos) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  }
}

}  // namespace
}  // namespace gs::test
