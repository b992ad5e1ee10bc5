#include "bad_input_support.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace gs::test {

Args operator+(Args a, const Args& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

Args in_folder(const Args& args, const ScratchDir& dir) {
  Args expanded;
  for (const std::string& arg : args)
    expanded.push_back(arg.rfind("@/", 0) == 0 ? (dir / arg.substr(2)).string() : arg);
  return expanded;
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
