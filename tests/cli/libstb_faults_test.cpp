// The crafted pictures on which Debian's libstb itself reads out of bounds (found by the fuzzer,
// kept in tests/fuzz/libstb-faults): grayscott-batch decodes pictures in a process of its own, so
// each one is a one-line error naming the picture and nothing is left behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "run_program.h"

namespace gs::test {
namespace {

TEST(LibstbFaults, EachIsAOneLineErrorAndNoFile) {
  int pictures = 0;
  for (const auto& entry : std::filesystem::directory_iterator(GS_LIBSTB_FAULTS_DIR)) {
    if (entry.path().extension() == ".md") continue;
    ++pictures;
    SCOPED_TRACE(entry.path().filename().string());
    ScratchDir dir;
    const ProgramResult result =
        run_batch({"--init-image", entry.path().string(), "--width", "64", "--height", "64",
                   "--steps", "1", "--output", (dir / "out.h5").string()});
    EXPECT_EQ(result.exit_code, 1) << result.err;
    EXPECT_NE(result.err.find(entry.path().string()), std::string::npos) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_TRUE(dir.entries().empty()) << "files left behind";
  }
  EXPECT_GE(pictures, 1);
}

}  // namespace
}  // namespace gs::test
