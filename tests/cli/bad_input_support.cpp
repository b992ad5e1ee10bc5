#include "bad_input_support.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "gs/initial_conditions.h"
#include "gs/state_file.h"

namespace gs::test {

Args in_folder(const Args& args, const ScratchDir& dir) {
  Args expanded;
  for (const std::string& arg : args)
    expanded.push_back(arg.rfind("@/", 0) == 0 ? (dir / arg.substr(2)).string() : arg);
  return expanded;
}

void write_input_state(const ScratchDir& dir) {
  ASSERT_TRUE(write_state(dir / "in.h5", make_initial_fields({32, 24}, InitPattern::Square, 1),
                          Params{}, 0));
}

void write_overflowing_state(const std::filesystem::path& path, GridSize size) {
  Fields fields = make_initial_fields(size, InitPattern::Square, 1);
  std::fill(fields.v.begin(), fields.v.end(), 1e5f);
  ASSERT_TRUE(write_state(path, fields, Params{}, 0));
}

void expect_one_line_error(const ProgramResult& result, const std::vector<std::string>& words) {
  EXPECT_NE(result.exit_code, 0);
  ASSERT_FALSE(result.err.empty()) << "no message on stderr";
  EXPECT_EQ(result.err.back(), '\n') << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_EQ(result.err.rfind("grayscott-batch: error: ", 0), 0u) << result.err;
  for (const std::string& word : words)
    EXPECT_NE(result.err.find(word), std::string::npos)
        << "'" << word << "' not in: " << result.err;
}

}  // namespace gs::test
